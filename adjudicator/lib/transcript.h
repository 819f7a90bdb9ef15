/*
 * A transcript: one participant's copy of a game (a seat's, or the judge's):
 * its match, its secrets, and where it keeps what it accepted.  This is
 * the one path every entry takes into a transcript, for receive, the
 * judge and self-play alike: the sequence decision (already applied, a
 * fork, early, next), the inbox of early entries, and each signature
 * checked once.  Where things are kept is the store's business: a game
 * directory on disk (gamedir.c), or memory (selfplay.c).
 */
#ifndef TRANSCRIPT_H
#define TRANSCRIPT_H

#include <stdint.h>

#include "armor.h"
#include "audit.h"
#include "buf.h"
#include "entry.h"
#include "envelope.h"
#include "error.h"
#include "match.h"
#include "opening.h"
#include "receipt.h"

#define TRANSCRIPT_MAX_AHEAD	256	/* an early entry this far ahead is refused */
#define TRANSCRIPT_MAX_EARLY	64	/* entries waiting in the inbox, at most */

/*
 * What the library has to say about each message, for the program.  seen
 * takes what says only that a message changes nothing (an entry already
 * applied, an update held already, the invitation of a game joined):
 * news to nobody who reads one mailbox again and again; NULL: line
 * takes it too.
 */
struct report {
	void	(*line)(void *, const char *);
	void	*arg;
	void	(*seen)(void *, const char *);
};
void	report_line(const struct report *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
void	report_seen(const struct report *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));

/* What the judge sent a seat: its last entry, and the pieces it showed
 * that seat alone. */
struct transcript_sent {
	uint64_t	seq;
	uint8_t		shown[GAME_MAX_SEATS][GAME_MAX_PIECES];
};

/* The judge's notices about a seat's clock (tick.c): for the turn that
 * started then, which reminders went out, and the lateness notices. */
struct transcript_remind {
	int64_t		started;
	uint32_t	reminded;	/* a bit per reminder of the clock */
	uint32_t	late;		/* lateness notices sent */
	int64_t		late_at;	/* the last one */
};

/*
 * Storage.  Each put is durable when it returns.  get_early returns 1
 * when there is nothing under seq.  outbox (the armored message a copy
 * sent) may be NULL in put_entry.
 */
struct transcript_store {
	int	(*put_entry)(void *, uint64_t, const uint8_t *, size_t,
		    const void *msg, size_t, struct error *);
	int	(*get_entry)(void *, uint64_t, struct buf *, struct error *);
	int	(*put_early)(void *, uint64_t, const uint8_t *, size_t,
		    struct error *);
	int	(*get_early)(void *, uint64_t, struct buf *, struct error *);
	int	(*drop_early)(void *, uint64_t, struct error *);
	int	(*put_secret)(void *, int seat, const struct match_secret *,
		    struct error *);
	int	(*put_private)(void *, const struct opening *, struct error *);
	/* an update received (a seat), or sent to seat (the judge) */
	int	(*put_update)(void *, int seat, const uint8_t *, size_t,
		    struct error *);
	int	(*count_updates)(void *, int seat, uint64_t *, struct error *);
	/* the kth (from 1) update of seat */
	int	(*get_update)(void *, int seat, uint64_t, struct buf *,
		    struct error *);
	int	(*put_sent)(void *, int seat, const struct transcript_sent *,
		    struct error *);
	int	(*put_remind)(void *, int seat, const struct transcript_remind *,
		    struct error *);
	/* an entry that forks seq over a timeout claim (dispute.c) */
	int	(*put_fork)(void *, uint64_t seq, const uint8_t *, size_t,
		    struct error *);
	int	(*get_fork)(void *, uint64_t seq, struct buf *, struct error *);
	/* an entry not applied, signed in this copy's future, kept as
	 * evidence (NULL: not kept); where, what says where it is */
	int	(*put_aside)(void *, uint64_t seq, const uint8_t *, size_t,
		    char *where, size_t, struct error *);
	/* a judged seat: when the update reaching seq reached it
	 * (receipt.h; NULL: not kept) */
	int	(*put_receipt)(void *, uint64_t seq, const struct receipt *,
		    struct error *);
	/* a seat's conditions, as cond_record_write makes them: a seat
	 * keeps its own, the judge every seat's; get_cond returns 1 when
	 * there are none (NULL: not kept) */
	int	(*put_cond)(void *, int seat, const struct buf *,
		    struct error *);
	int	(*get_cond)(void *, int seat, struct buf *, struct error *);
	/* the judge's: every set a seat sent, by the entry that committed
	 * to it, for the final entry that opens them all (NULL: not kept) */
	int	(*put_cond_at)(void *, int seat, uint64_t seq,
		    const struct buf *, struct error *);
	int	(*get_cond_at)(void *, int seat, uint64_t seq, struct buf *,
		    struct error *);
};

struct transcript {
	struct match		*m;
	int			 me;	/* a seat, or GAME_JUDGE */
	struct match_secret	*secret;	/* a seat's own, guarded */
	struct match_secret	*all[GAME_MAX_SEATS];	/* the judge's */
	struct transcript_sent	 sent[GAME_MAX_SEATS];	/* the judge's */
	struct transcript_remind remind[GAME_MAX_SEATS];	/* the judge's */
	struct audit_update	*updates;	/* a judged seat's, received */
	size_t			 nupdates;
	const struct transcript_store *store;
	void			*arg;
	const struct report	*report;
	int			 dry;	/* check only: store nothing */
	int			 keep_aside;	/* ... but what it sets aside
						 * as evidence (an update's
						 * check before it is taken) */
	/* a second key to open messages with: a seat moving to a new key
	 * gets messages sealed to either while the judge's update that
	 * gives it the new one is on its way */
	const struct key_secret	*also;
	/* a judged seat: the conditions its next entry sent carries,
	 * opened to the judge in the private message (cond.h; NULL) */
	const struct cond_set	*cond;
	/* when the message now taken reached this system, as its mail
	 * says (0: now; receipt_when) */
	int64_t			 received;
	/* the judge: when the seat's entry now taken reached it (0: now):
	 * no entry is signed after it came */
	int64_t			 arrived;
	/* the judge: what it read of that entry (match_peek of its env),
	 * and its body parsed, the document it read that from: the entry
	 * is applied from it, not parsed again; NULL otherwise.  All three
	 * are the next transcript_take's alone: it clears them. */
	const struct match_peek	*peeked;
	const struct ydoc	*parsed;
	/* the judge: the body of the last entry it applied, parsed, and
	 * that entry's hash, kept for the news of the updates it sends
	 * (mailbot_news.c), which apply it again to a public copy; freed
	 * by transcript_clear */
	struct ydoc		*kept;
	uint8_t			 kept_hash[SEC_HASH];
};

enum transcript_verdict {
	TRANSCRIPT_APPLIED,
	TRANSCRIPT_DUPLICATE,
	TRANSCRIPT_EARLY,
	TRANSCRIPT_INVITATION,
	TRANSCRIPT_DISPUTE	/* kept beside the transcript: dispute.c */
};

/*
 * Before an entry is stored: a chance to refuse it with the match as the
 * entry leaves it (the judge checks a setup's private openings there).
 */
typedef int transcript_accept_fn(struct transcript *, struct match *after, void *,
    struct error *);

/*
 * Takes one signed entry whose envelope (env) the caller has verified.
 * stash is what waits in the inbox if the entry is early (the entry
 * itself, or the message that carried it).
 */
int	transcript_take(struct transcript *, const uint8_t *, size_t,
	    const struct envelope *, const uint8_t *stash, size_t stashlen,
	    transcript_accept_fn *, void *, const char *where,
	    enum transcript_verdict *, struct error *);
/* Applies what waits in the inbox, in order, through take (which gets
 * each stashed message).  An entry refused for good leaves the inbox;
 * one that fails for a system error stays for the next run. */
typedef int transcript_retake_fn(struct transcript *, const uint8_t *, size_t,
    void *, struct error *);
int	transcript_drain(struct transcript *, transcript_retake_fn *, void *,
	    struct error *);
/* A seat's messages in text (one mail, or several): each de-armored,
 * opened with k and taken (a judged seat: the judge's updates). */
int	transcript_receive(struct transcript *, const struct key_secret *,
	    const char *text, size_t, const char *name, struct error *);
/* One message already opened (sb, its envelope env), as
 * transcript_receive takes each. */
int	transcript_receive_message(struct transcript *, const uint8_t *sb,
	    size_t, const struct envelope *, const char *where, struct error *);
/*
 * Signs body, applies it as a receiver would, stores it and appends the
 * armored message to out.  A judged seat's entry goes to the judge in a
 * private message (with openings, for a setup), and its transcript takes
 * it only when the judge's update brings it back.
 */
/* This seat's own setup brought back (restore.c): learnt and kept, or
 * the same as the one it holds. */
int	transcript_setup(struct transcript *, const struct opening *, size_t,
	    const char *what, const char *where, struct error *);
int	transcript_send(struct transcript *, const struct key_secret *,
	    const struct buf *body, const struct match_secret *openings,
	    struct buf *out, struct error *);
/*
 * A dry run of transcript_send: body applied to this copy's match as the
 * entry would be, unsigned, stored nowhere.  The caller throws the copy
 * away after showing it.
 */
int	transcript_try(struct transcript *, const struct buf *body,
	    struct error *);
/*
 * An update read back from this copy's store (its signed blob): the
 * judge's signature and each private opening against its commitment,
 * then recorded for the audit as it was taken.  1 when it is one held
 * already (nothing recorded).
 */
int	transcript_update_load(struct transcript *, const uint8_t *, size_t,
	    const char *where, struct error *);
/* The recipients of what this copy sends. */
int	transcript_recipients(const struct transcript *, struct key_public *);
/* The key file's identity must be this copy's. */
int	transcript_key_check(const struct transcript *, const struct key_secret *,
	    const char *keypath, struct error *);
/* The archive of this copy (archive.h); a judged seat's, when
 * with_updates, carries its openings and the updates it received. */
int	transcript_export(const struct transcript *, int with_updates, struct buf *,
	    struct error *);
/* The same, handed to sink in pieces as it is made (armor_out). */
int	transcript_export_to(const struct transcript *, int with_updates,
	    struct buf *, armor_sink_fn *, void *, struct error *);
void	transcript_clear(struct transcript *);

#endif
