/*
 * What mailbot.c and mailbot_tick.c share and nobody else includes: one
 * run of the bot (a mail, a tick, a ruling), one game's part of it, the
 * update mailed to a seat and the log line.
 */
#ifndef MAILBOT_INT_H
#define MAILBOT_INT_H

#include "club.h"
#include "gamedir.h"
#include "judge.h"
#include "mailbot.h"

/* The messages of one mail for one game, in the mail's order. */
struct queued {
	char		game[ROOT_ID];
	struct buf	sb;
	struct ydoc	*doc;		/* its body, parsed to route it */
	char		where[512];
};

struct bot_run {
	struct mailbot	*b;
	const char	*name;		/* the mail's, for what is said */
	struct queued	*q;
	size_t		 nq;
	char		 why[512];	/* the first refusal, for the sender */
	int		 refused, malformed, joined, already;
	int		 told;		/* an update carried the judge's note */
	struct error	 other;		/* a block for someone else (a quoted
					 * update): refused only if alone */
	int		 answered;	/* the sender was answered */
	int		 applied, early, duplicates;
	/* the club's part (mailbot_club.c) */
	const struct mime_mail *mail;
	struct club_conf club;		/* ROOT/judge.yaml */
	int		 invited;	/* an invitation was refused */
	int		 hushed;	/* ... and answered before: not now */
	int		 forwarded;	/* to the operator: 1 the mail's text,
					 * 2 the note alone, 3 the text, on
					 * a delivery before */
	char		 forward_line[400];	/* what the sender is told of
						 * it */
	/* a mail signed by a key whose seat the judge handed over: what
	 * it is answered (mailbot_handover.c) */
	char		 former[800];
	char		 former_subject[MAIL_FIELD];
};

struct game_run {
	struct bot_run		*r;
	struct gamedir		*g;
	const struct match	*before;	/* the judge's, before this
						 * mail */
	unsigned		 senders;	/* seats whose mail this is */
	/* the Message-Id each sender's update answers: its mail's (its
	 * last one in a drained queue's run) */
	const char		*reply[GAME_MAX_SEATS];
	const struct judge_run	*j;
	/* a one-mail run's updates: built while the entries are synced,
	 * handed to the mailer once they are durable (mailbot_emit says
	 * JUDGE_LATER) */
	int			 defer;
	struct mailqueue_mail	*later;
	size_t			 nlater;
	/* the news (mailbot_news), told once for every seat and observer:
	 * the public board after the entries since before, each entry's
	 * line (where each starts), as of news_seq */
	struct match		*news;
	struct buf		 news_lines;
	size_t			*news_at;
	size_t			 news_n;
	uint64_t		 news_seq;
	/* updates held for a member's digest (mailbot_digest.c): parked
	 * while the entries sync; none at all (at_once: a timeout's) */
	struct mailbot_parked	*held;
	size_t			 nheld;
	int			 at_once;
};
/* When the judge took the mail in, for the clocks. */
int64_t	mailbot_arrival(const struct mail_in *);
/* The judge's game directory for game, opened for writing, with a copy
 * of its match as it was (*before): 0; 1 when it was refused, that told
 * to r; -1 (e) otherwise. */
int	mailbot_open_game(struct bot_run *, const char *game, struct gamedir *,
	    struct match **before, struct error *);
/* The messages of r's mail for game, each judged in turn (gr->g, j). */
int	mailbot_messages(struct bot_run *, const char *game, struct game_run *,
	    struct judge_run *, struct error *);
/* judge_emit_fn: the update as a mail to its seat, with its summary. */
int	mailbot_emit(void *, int seat, const struct buf *armored, size_t n,
	    int note, size_t resent, struct error *);
/* mailbot_news.c.  The news since entry from, then the board as the
 * public knows it, as seat (-1: an observer) is told them above its
 * update. */
void	mailbot_news(struct game_run *, int seat, uint64_t from, struct buf *);
/* What mailbot_news kept, freed (at the end of the game's run). */
void	mailbot_news_free(struct game_run *);
/*
 * A one-mail run's sending (mailbot_send.c): n more mailers started
 * ahead for a game's seats, once it is open (want); each update's mail
 * kept (later: JUDGE_LATER, its text moved); once the entries are
 * durable, each mail given to a mailer started ahead, the rest to
 * send_all or send, and each one the mailer took settled as sent
 * (send_later: -1 if one was not taken); what is left, freed
 * (later_free).  mailbot_send: one mail, to a mailer started ahead if
 * one is left, else to send.
 */
void	mailbot_want(struct mailbot *, int n);
int	mailbot_send(struct mailbot *, const struct buf *mail,
	    struct error *);
int	mailbot_later(struct game_run *, int seat, struct buf *mail,
	    struct error *);
int	mailbot_send_later(struct game_run *, struct judge_run *,
	    struct error *);
void	mailbot_later_free(struct game_run *);
/*
 * mailbot_handover.c.  The subject and first lines of seat's update mail
 * (1: a new holder's, by the operator's handover in this run: what it
 * joins, and how), its last lines before the update (joins: the new
 * holder's); the old holder's mail (judge.h's farewell); a mail from a
 * key whose seat was handed over, noted (mailbot_former) and answered
 * so, else the answer to a mail that could not be routed
 * (mailbot_unrouted, the mail passed on to the operator first when
 * nothing of it could be taken).
 */
int	mailbot_update_head(const struct game_run *, int seat, size_t n,
	    char *subject, size_t len, struct buf *body);
void	mailbot_update_tail(int joins, struct buf *body);
int	mailbot_farewell(void *, int seat, const struct buf *armored,
	    size_t n, int note, size_t resent, struct error *);
void	mailbot_former(struct bot_run *, const struct match *,
	    const struct key_public *);
int	mailbot_unrouted(struct bot_run *, struct error *);
/*
 * mailbot_digest.c (issue 34).  seat's update (its body, its whole
 * mail), held for the member's digest when the member at its address is
 * daily and the update need not go at once: 0 not held (mail it); 1
 * held; MAILBOT_PARKED parked (the entries not yet durable: body and
 * mail taken) until mailbot_digest_later holds each and settles it (or
 * mails it, when it cannot be held); mailbot_digest_free frees what is
 * left.
 * mailbot_digest_tick: each member's digest that is due, mailed.
 */
#define MAILBOT_PARKED	2
int	mailbot_digest_hold(struct game_run *, int seat, int at_once,
	    struct buf *body, struct buf *mail, struct error *);
int	mailbot_digest_later(struct game_run *, struct judge_run *,
	    struct error *);
void	mailbot_digest_free(struct game_run *);
int	mailbot_digest_tick(struct mailbot *, int64_t now, struct error *);
/* The member the directory lists at address: its name in name, or "". */
int	mailbot_digest_member(const char *root, const char *address,
	    char *name, size_t, struct error *);
/* The run's line in ROOT/log. */
void	mailbot_log(struct bot_run *, int status);
/* An answer to the mail's sender (none to an automatic mail, nor when
 * there is no address to answer). */
int	mailbot_answer(struct bot_run *, const char *subject, const char *body,
	    struct error *);

/*
 * mailbot_club.c.  The answer to a mail the bot could not take, of this
 * kind ("unread", "unrouted", "forwarded"), sent unless the same address
 * was answered the same kind in the last day (ROOT/judge.recent, under
 * the root's lock; then r->hushed and a line in the log).
 */
int	mailbot_answer_once(struct bot_run *, const char *kind,
	    const char *subject, const char *body, struct error *);
/*
 * mailbot_club.c.  An invitation opened: taken as the club's settings
 * allow (0: joined, or joined before), or refused with why (-1: the
 * sender answered once), or not decided (-2, why set): the root's record
 * ROOT/judge.recent could not be read, the mail to be kept and given
 * again.  The root's lock is held throughout.
 */
int	mailbot_invite(struct bot_run *, const struct buf *sb,
	    const struct envelope *, const char *game, const char *where,
	    struct error *why);
/* A mail the judge could not take, for why: passed on to the operator,
 * once, unless it is automatic or holds a secret in clear. */
int	mailbot_forward(struct bot_run *, const char *why, struct error *);
/*
 * mailbot_watch.c.  After a run that added entries to the game of gr:
 * each observer mailed the news and the public board, and the archive
 * once the game is over (a failure waits for the next run).
 */
void	mailbot_watchers(struct game_run *);
/* The code that confirms WATCH of game m for addr (MAIL_WATCH_CODE hex
 * digits). */
int	mailbot_watch_code(const struct mailbot *, const struct match *m,
	    const char *addr, char out[MAIL_WATCH_CODE + 1], struct error *);
/* One observer's mail: intro, the news since its last entry mailed, the
 * archive once the game is over; w updated. */
struct watcher;
int	mailbot_observer_mail(struct game_run *, struct watcher *w,
	    const char *intro, struct error *);

#endif
