/*
 * The judge's mail bot (judge -r ROOT): one mail at a time.  An invitation that
 * names this judge's key is filed under ROOT/GAMEID; a seat's message is
 * routed by the game id inside its signed entry and adjudicated by the
 * judge engine (judge.c); each update goes to its seat as a whole mail,
 * a plain-text summary of the news (built from that seat's own view of
 * the game) above the armored update; HELP is answered with the help
 * text; a mail that cannot be routed is answered in one line when it
 * has a sender that is not automatic.  One line per mail goes to
 * ROOT/log.  Sending is the caller's (send): the library composes.
 */
#ifndef MAILBOT_H
#define MAILBOT_H

#include "buf.h"
#include "error.h"
#include "key.h"
#include "mail.h"
#include "mime.h"
#include "root.h"
#include "transcript.h"

struct bot_run;
struct mailbot_pool;
struct mailqueue_mail;

/*
 * A drained queue's run (mailqueue.c) as the bot meets it, so that the
 * bot needs nothing of the queue: game judges the messages of r's mail
 * for game in the game the run keeps open; flush, before a mail that
 * reads games the run may hold open (a game directory is locked while
 * open: STANDINGS, LIST, WATCH), makes the group commit of what the run
 * took so far, its mails sent.
 */
struct mailbot_batch {
	void	*arg;
	int	(*game)(void *, struct bot_run *r, const char *game,
		    struct error *);
	int	(*flush)(void *, struct error *);
};

/* Hands one whole mail to the mailer; -1 (EXIT_SYSTEM) if it was not
 * taken. */
typedef int mailbot_send_fn(void *, const struct buf *mail, struct error *);

struct mailbot {
	const char		*root;
	const char		*keypath;
	const struct key_secret	*k;
	mailbot_send_fn		*send;
	/* several mails at once, the mailers side by side or in one SMTP
	 * conversation (mailqueue.h's mailqueue_send_fn, same send_arg);
	 * NULL: send, one after the other */
	int			(*send_all)(void *, struct mailqueue_mail *,
				    size_t, void (*)(void *, size_t), void *,
				    struct error *);
	/* a one-mail run's updates: a mailer started ahead of each while
	 * the entries sync (*handle -1: none, the mail goes with send_all
	 * or send), given its mail once they are durable, or none (NULL:
	 * it is stopped before it reads a byte, and sends nothing), and
	 * waited for (0: it took the mail); NULL: not so */
	int			(*ahead)(void *, int *handle, struct error *);
	void			(*give)(void *, int handle,
				    const struct buf *mail);
	int			(*end)(void *, int handle, struct error *);
	void			*send_arg;
	/* a one-mail run's mailers started ahead (mailbot_warm) */
	struct mailbot_pool	*pool;
	const struct report	*report;
	/* a drained queue's run (mailqueue.h), whose games stay open and
	 * whose mails go out at its end; NULL: one mail, answered at once */
	const struct mailbot_batch *batch;
	int			 emit_seat;	/* the seat an update handed
						 * to send is for (-1: an
						 * answer) */
	/* the outcome of the last mail, for the log and the exit status */
	struct mail_in		 in;
	char			 game[ROOT_ID];
	unsigned long long	 entry;
	char			 verdict[64];
	int			 sent;		/* mails handed to send */
	/* the games this run changed, for the club's site (mailbot_site) */
	char			(*touched)[ROOT_ID];
	size_t			 ntouched;
	/* the same, for its tournaments (mailbot_tour.h), once its games
	 * are closed and its mails out */
	char			(*toured)[ROOT_ID];
	size_t			 ntoured;
	char			(*tours)[ROOT_ID];	/* tournaments, by
							 * hash */
	size_t			 ntours;
};

/*
 * A one-mail run's mailers (ahead set), started at once, before its
 * mail is read, on a thread of their own: as many as a game has seats
 * at the fewest (a game with more asks for more once it is open).  The
 * updates and answers of the run go to them, once they are due; those
 * left without a mail are stopped before they read a byte, and waited
 * for (mailbot_cool, at the end of the run).
 */
void	mailbot_warm(struct mailbot *);
void	mailbot_cool(struct mailbot *);
/*
 * Takes one mail, as the mail reader hands it over (mime.h: a mail too
 * large is not read, and its sender is told from its head).  0: done
 * (applied, waiting, a duplicate, joined, HELP answered); -1 with
 * EXIT_REFUSED or EXIT_MALFORMED: the mail was refused and its sender
 * told (when it can be); EXIT_SYSTEM: nothing was lost, the mail should
 * be given again later.  ROOT/log gets one line in every case.
 */
int	mailbot_run(struct mailbot *, const struct mime_mail *,
	    const char *name, struct error *);
/* The same for one mail of input (an mbox's: named by its place in it):
 * a refusal, dealt with, is kept in *refused if it is the first; -1 only
 * for a system error. */
int	mailbot_take(struct mailbot *, const struct mime_mail *,
	    const char *input, struct error *refused, struct error *);
/*
 * The tick (judge -r ROOT -t, from cron), at now: in every game of ROOT
 * with a clock, the reminders and lateness notices due, each mailed at
 * most once, and the timeouts due, each seat mailed its update.  One line
 * in ROOT/log for each game where something was done.
 */
int	mailbot_tick(struct mailbot *, int64_t now, struct error *);
/*
 * mailbot_site.c.  game changed in this run (noted once); once the run's
 * games are closed, the club's site (site: in ROOT/judge.yaml) made again
 * for each game noted, the list emptied; a failure said in the log.
 */
void	mailbot_touch(struct mailbot *, const char *game);
/* The same for the game of m, open: its tournament noted only when it
 * is played in one. */
void	mailbot_touch_match(struct mailbot *, const struct match *);
/* The same for a tournament's records (its declaration's hash), and for
 * the tournament of each game noted: its page made again. */
void	mailbot_touch_tour(struct mailbot *, const char *hex);
void	mailbot_site(struct mailbot *);
/*
 * mailbot_tour.c (mailbot_tour.h).  After a run (its games closed,
 * before its site): each tournament of a game the run changed, taken on
 * as far as its games allow (the next round paired, its games made and
 * mailed; the crosstable mailed after each round; the final table and
 * the tournament archive at the end); the tick's (every 1): every
 * tournament not ended.  A failure is said in the log and waits for the
 * next run.
 */
void	mailbot_tour_after(struct mailbot *, int every);
/* What the run noted forgotten, the site not updated (a run that
 * failed: the next run, or site -r, does it). */
void	mailbot_untouch(struct mailbot *);
/* The operator's ruling (entry.h) in the game at dir, at now; each seat
 * mailed its update, one line in ROOT/log. */
struct entry_rule;
int	mailbot_rule(struct mailbot *, const char *dir,
	    const struct entry_rule *, int64_t now, struct error *);
/* The same, what is ruled decided by decide on the game as its lock
 * holds it (the judge's own entries owed written first): 0 and r the
 * ruling, 1 nothing to rule (nothing logged), -1 e set.  No tournament
 * taken on after it, no site made: the caller's. */
struct match;
typedef int mailbot_rule_fn(void *, const struct match *,
    struct entry_rule *r, struct error *);
int	mailbot_rule_if(struct mailbot *, const char *dir, mailbot_rule_fn *,
	    void *, int64_t now, struct error *);

#endif
