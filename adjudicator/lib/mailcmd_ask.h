/*
 * What CHALLENGE (with ACCEPT and DECLINE) and REMATCH share
 * (mailcmd_ask.c): a member of the club's directory asks another for a
 * game; the judge keeps the request in ROOT/challenges, under the root's
 * lock, and mails the member asked a code for its address alone, which
 * ACCEPT or DECLINE gives back.  Who asks is the member the directory
 * lists at the mail's address.  formats/club.md.
 */
#ifndef MAILCMD_ASK_H
#define MAILCMD_ASK_H

#include "club.h"
#include "error.h"
#include "mail.h"

struct bot_run;

/* One command's run: what it holds under the root's lock. */
struct mailcmd_ask {
	struct bot_run		*r;
	const char		*verb;		/* "CHALLENGE", ... */
	char			 args[MAIL_SAID];	/* what follows it */
	struct club_members	 mem;
	struct club_challenges	 cs;
	const struct club_member *me;		/* who asks */
	int			 lock;
};

/*
 * The run of verb begun: 1 when the mail has no sender to answer or is
 * automatic (the log's verdict quiet, nothing done), else 0 with the
 * verb's arguments in a->args.
 */
int	mailcmd_ask_begin(struct mailcmd_ask *, struct bot_run *,
	    const char *verb, const char *quiet);
/* The answer text to the sender, the log's verdict set. */
int	mailcmd_ask_tell(struct mailcmd_ask *, const char *verdict,
	    const char *text, struct error *);
/* A refusal in one line (why: fmt), nothing changed: the sender told,
 * then -1 with e (status). */
int	mailcmd_ask_refuse(struct mailcmd_ask *, const char *verdict,
	    int status, struct error *, const char *fmt, ...)
	    __attribute__((format(printf, 5, 6)));
/* The root's lock taken, the directory and the challenges read; who
 * asks in a->me (NULL: no member).  Then let go. */
int	mailcmd_ask_hold(struct mailcmd_ask *, struct error *);
void	mailcmd_ask_let_go(struct mailcmd_ask *);
/* 16 hex digits: the judge's signature over what, hashed under dom. */
int	mailcmd_ask_sign(const struct bot_run *, const char *dom,
	    const char *what, char out[CLUB_CHALLENGE_ID], struct error *);
/* The code that answers challenge id: for the mailbox of the member
 * asked. */
int	mailcmd_ask_code(const struct bot_run *, const char *id,
	    char out[CLUB_CHALLENGE_ID], struct error *);
/* A mail from the judge to member m (not the sender). */
int	mailcmd_ask_mail(struct mailcmd_ask *, const struct club_member *m,
	    const char *subject, const char *text, struct error *);
/*
 * Challenge n asked of member to: signed (its id the judge's signature
 * over what, under the domain adj-challenge-id) and dated (made now,
 * until CLUB_CHALLENGE_DAYS later), kept in a->cs (the same mail again:
 * the one it made), and offered (mailcmd_ask_offer).
 */
int	mailcmd_ask_new(struct mailcmd_ask *, struct club_challenge *n,
	    const char *what, const struct club_member *to,
	    const char *verdict, struct error *);
/*
 * Challenge k (in a->cs: the record written first when fresh) mailed to
 * the member asked, to, with its code, and the asker told; verdict the
 * log's.  A rematch (k->rematch) says so in both mails.
 */
int	mailcmd_ask_offer(struct mailcmd_ask *, const struct club_challenge *k,
	    const struct club_member *to, int fresh, const char *verdict,
	    struct error *);
/* The sender, the member asked by k, told of it again, with its code
 * (it goes to the sender's listed address: the code's mailbox). */
int	mailcmd_ask_remind(struct mailcmd_ask *, const struct club_challenge *k,
	    const char *verdict, struct error *);
/* What k asks for, for the mails: "a game of knights, clock=3d", "a
 * rematch of game 0123456789abcdef (knights, clock=3d)". */
void	mailcmd_ask_what(const struct club_challenge *k, char *, size_t);
/*
 * The code that confirms a request (CHALLENGE, REMATCH, SEEK, UNSEEK):
 * taken off args, when its last word, past the first min words, is
 * CLUB_CHALLENGE_ID - 1 hex digits (lower-cased into code; "" when
 * none), and args left as the request's words, one blank between.
 */
void	mailcmd_ask_take_code(char *args, size_t min,
	    char code[CLUB_CHALLENGE_ID]);
/*
 * Request "verb args" of member name from the mail's address, confirmed:
 * 0 when code is the judge's signature over them (domain
 * adj-confirm-code); 1 when code is "" (the sender mailed the line that
 * confirms it, the log's verdict "verb,code"); -1 with e (EXIT_REFUSED,
 * the sender told, verdict "verb,badcode") when it is not.
 */
int	mailcmd_ask_confirm(struct bot_run *, const char *verb,
	    const char *name, const char *args, const char *code,
	    struct error *);
/* Whether game is filed in the root. */
int	mailcmd_ask_made(const struct bot_run *, const char *game);

#endif
