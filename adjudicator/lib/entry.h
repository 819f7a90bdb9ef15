/*
 * Writing entries (formats/entry.md): a seat's setup, turn and final
 * openings, the judge's own entries, a seat's private message to the
 * judge and the judge's update to a seat.  Each returns a YAML body for
 * the caller to sign.  Secrets come with their nonces.
 */
#ifndef ENTRY_H
#define ENTRY_H

#include <stdint.h>

#include "buf.h"
#include "commit.h"
#include "error.h"
#include "game.h"

struct cond_set;
struct key_public;
struct key_secret;
struct match;
struct opening;
struct ydoc;

struct match_secret {
	struct game_setup	setup;
	uint8_t			nonce[GAME_MAX_PIECES][COMMIT_NONCE];
};

/* An action as YAML: a map with "type" and string fields. */
int	entry_action_read(const struct ydoc *, struct game_action *,
	    const char *where, struct error *);

/* A share of the seed (seed.h), 32 bytes, by author (a seat or
 * GAME_JUDGE), when it is due; and the refusal of anything else while
 * one is owed ("bob owes his share of the seed first"). */
int	entry_share(const struct match *, int author, const uint8_t *share,
	    struct buf *, struct error *);
int	entry_seed_owed(const struct match *, struct error *);
/* The share author owes, made: the creator's derived from its key k,
 * anyone else's drawn at random. */
int	entry_share_of(const struct match *, int author,
	    const struct key_secret *k, struct buf *, struct error *);
int	entry_setup(const struct match *, int seat,
	    const struct match_secret *, struct buf *, struct error *);
/*
 * A turn: the openings and the claim this seat owes first (computed from
 * its own secret: the seat never types them), then the action (notation,
 * or NULL for what is owed alone), checked with what the seat knows.
 */
int	entry_turn(const struct match *, int seat,
	    const struct match_secret *, const char *action, struct buf *,
	    struct error *);
/* The same with a judged seat's conditions: their commitments (cond.h;
 * NULL: none). */
int	entry_turn_cond(const struct match *, int seat,
	    const struct match_secret *, const char *action,
	    const struct cond_set *, struct buf *, struct error *);
/* Judge mode: the judge's entry that fires step (from 0) of line (from 0)
 * of seat's conditions s, with the openings of seat's own pieces (sec)
 * its reply needs (kind fired, formats/conditions.md). */
int	entry_fired(const struct match *, int seat,
	    const struct match_secret *, const struct cond_set *, int line,
	    int step, struct buf *, struct error *);
/* Meets on c (a copy) what seat owes first in its turn, as entry_turn
 * does: c is then the position its action, if any, is played in. */
int	entry_meet_owed(struct match *c, int seat,
	    const struct match_secret *, struct error *);
int	entry_final(const struct match *, int seat,
	    const struct match_secret *, struct buf *, struct error *);
/* Judge mode: the judge's entry that meets what a pending action waits
 * for at once, or opens every setup at the end, or its share of the seed
 * (k, its key: its reveal when it made the game).  secrets holds every
 * seat's; at the end, sets the nsets conditions the seats committed to
 * and the final entry opens (formats/conditions.md). */
int	entry_judge(const struct match *, struct match_secret *const secrets[],
	    const struct cond_set *sets, size_t nsets,
	    const struct key_secret *k, struct buf *, struct error *);
/* Time (timing.c): a seat's leave [from, until) (from 0: now), a
 * timeout of seat (the judge's ruling, a peer's claim), and the judge's
 * rulings. */
int	entry_leave(const struct match *, int seat, int64_t from,
	    int64_t until, struct buf *, struct error *);
int	entry_timeout(const struct match *, int author, int seat,
	    struct buf *, struct error *);
/* A judged seat's conditions sent off its turn (kind conditions,
 * formats/conditions.md): their commitments (cond.h), or NULL: none. */
int	entry_conditions(const struct match *, int seat,
	    const struct cond_set *, struct buf *, struct error *);
struct entry_rule {
	const char	*what;		/* pause resume extend abort adjudicate
					 * handover */
	const char	*reason;
	int		 seat;		/* extend: whose clock; -1 */
	const char	*extra;		/* extend: a duration */
	const char	*result;	/* adjudicate: a seat's name, or draw */
	const struct key_public *key;	/* handover: the seat's new key */
	const char	*address;	/* handover: its address, or NULL */
};
int	entry_ruling(const struct match *, const struct entry_rule *,
	    struct buf *, struct error *);
/* Who holds a seat (holder.c): author is the seat itself or the judge;
 * k, address and reason may each be NULL. */
int	entry_seat(const struct match *, int author, int seat,
	    const struct key_public *, const char *address, const char *reason,
	    struct buf *, struct error *);
/* A backup: seat's whole setup, to be sealed to its own key or to the
 * seat's next holder (restore.c reads it). */
int	entry_secret(const struct match *, int seat,
	    const struct match_secret *, struct buf *, struct error *);
/*
 * Judge mode: what a seat sends the judge.  The signed entry travels
 * inside, to be forwarded verbatim; openings (a setup's) and the lines
 * of conditions go to the judge alone.  Either may be NULL.
 */
int	entry_private(const struct match *, int seat,
	    const struct buf *signed_entry, const struct match_secret *,
	    const struct cond_set *, struct buf *, struct error *);
/* Judge mode: the judge's update for one seat: the entries it has not
 * had, the openings meant for its eyes alone, the seat's own setup and
 * its pending conditions (a new holder's or a restored copy's whole
 * update; NULL: none), perhaps a note. */
int	entry_update(const struct match *, int seat, const struct buf *entries,
	    size_t n, const struct opening *, size_t nopen,
	    const struct match_secret *setup, const struct cond_set *cond,
	    const char *note, struct buf *, struct error *);

#endif
