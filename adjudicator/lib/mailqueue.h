/*
 * The judge's mail bot over a queue (judge -r ROOT -q): many mails in one
 * run, its costs paid once.  The run takes the mails of its inputs (a
 * Maildir's new/, mail files, mboxes) one by one, each game directory
 * opened once for the run; then one group commit: each game's accepted
 * entries synced at once, the updates built, every mail of the run (the
 * updates, the answers) written to ROOT/outbox and synced, the Maildir's
 * mails moved to its cur/, the sent marks kept, and only then are the
 * mails handed to the mailer, all at once.  ROOT/drain.lock lets one run
 * at a time.
 *
 * A run stopped anywhere loses nothing and sends nothing twice: the next
 * one reads ROOT/outbox first and sends what it holds whose outcome is
 * durable (an update whose sent mark was kept; an answer to a mail that
 * left the queue), drops the rest (its mail is still queued, or its
 * game's marks were lost: the run makes it again), and goes on.  The one
 * window left is a mail the mailer took just before the stop, before
 * ROOT/outbox.sent said so: it goes out again (formats/gamedir.md).
 */
#ifndef MAILQUEUE_H
#define MAILQUEUE_H

#include <stdint.h>

#include "buf.h"
#include "error.h"
#include "mailbot.h"

#define MAILQUEUE_SOURCE	1024	/* a queued mail's path, at most */

/* A mail of the run, for the mailer. */
struct mailqueue_mail {
	struct buf	 text;			/* the whole mail */
	char		 game[ROOT_ID];		/* an update's game; "" else */
	int		 seat;			/* an update's seat */
	uint64_t	 target;		/* the seat's updates recorded
						 * once this one is */
	char		 source[MAILQUEUE_SOURCE];	/* the queued mail an
						 * answer answers ("" none) */
	int		 sent;			/* the mailer took it */
};

/* What the mailer calls for each mail it has taken, as it takes it. */
/* Room for one more mail at the end of *m (n mails), zeroed, its text
 * empty. */
int	mailqueue_grow(struct mailqueue_mail **, size_t n, struct error *);
/* A run's id in ROOT/outbox: hex digits */
#define MAILQUEUE_RUNID	16
#define MAILQUEUE_MAGIC	"adjudicator-outbox 1"	/* its first line's */
/* A path on an outbox line: %XX for a blank, a control byte and '%'
 * (mailqueue_outbox.c). */
void	mailqueue_escape(const char *, struct buf *);
/*
 * The text of ROOT/outbox (formats/gamedir.md; path names it in errors;
 * mailqueue_outbox.c):
 * its run's id, and its n mails in *m (each to be freed with its text);
 * EXIT_MALFORMED "damaged at mail N" when it is not one.
 */
int	mailqueue_outbox_parse(const char *path, const void *text, size_t,
	    char id[MAILQUEUE_RUNID + 1], struct mailqueue_mail **m,
	    size_t *n, struct error *);
/* Frees n mails and their texts. */
void	mailqueue_mails_free(struct mailqueue_mail *, size_t n);
typedef void mailqueue_sent_fn(void *, size_t i);
/*
 * Hands every mail not yet sent to the mailer, calling sent for each one
 * it took.  -1 (EXIT_SYSTEM) if any was not taken: those stay in
 * ROOT/outbox for the next run.
 */
typedef int mailqueue_send_fn(void *, struct mailqueue_mail *, size_t n,
    mailqueue_sent_fn *, void *sent_arg, struct error *);

/*
 * One run over inputs (paths: a Maildir, whose new/ is the queue, or a
 * file holding a mail or an mbox; "-" standard input).  0, or -1: a
 * system error (nothing of the run is lost; its mails stay queued), or
 * the status of the first mail refused (every mail was dealt with, its
 * sender told).
 */
int	mailqueue_drain(struct mailbot *, char *const *inputs, size_t n,
	    mailqueue_send_fn *, void *, struct error *);

#endif
