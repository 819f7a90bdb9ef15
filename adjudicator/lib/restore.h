/*
 * A seat's copy made whole again: its own setup's openings brought back
 * (the judge's whole update, or a backup).  See restore.c.
 */
#ifndef RESTORE_H
#define RESTORE_H

#include <stddef.h>

#include "entry.h"
#include "error.h"
#include "match.h"
#include "opening.h"

/*
 * The openings of every piece of seat me's setup, in the setup's order,
 * each checked against its commitment (the seat's setup entry must be
 * applied).  have: the setup the copy holds (the same one is nothing new:
 * *out stays NULL; another is refused); else *out is the setup, in
 * guarded memory.  what names where they come from ("the judge's
 * update").
 */
int	restore_setup(const struct match *, int me, const struct opening *,
	    size_t n, const struct match_secret *have,
	    struct match_secret **out, const char *what, const char *where,
	    struct error *);

struct armor_list;
struct key_secret;
/*
 * Join with a key the invitation does not name (a seat handed over, or a
 * seat's own new key): the seat it holds once the entries that come with
 * the invitation (a judge's whole update, or a peer's package) are
 * applied, each as a receiver would.  Refused when it holds none.
 */
int	restore_holder(const struct match *, const struct armor_list *,
	    const struct key_secret *, const char *name, int *seat,
	    struct error *);

/*
 * A message sealed again to this key, signed for others: taken when it
 * was signed for seat's holder then (a key that holds or held it; seat
 * -1: any seat's).  A seat's new holder, or a restored copy, gets the
 * transcript so.
 */
int	restore_forwarded_ok(const struct match *, int seat,
	    const struct envelope *);
/* Whether key k holds seat s, or held it earlier in the game. */
int	restore_held_by(const struct match *, int s, const struct key_public *);
/*
 * A backup's secret message (formats/entry.md, "kind: secret"): of this
 * game, by seat me, signed by a key that holds or held the seat; its
 * openings read into out (room for GAME_MAX_PIECES), to be checked by
 * restore_setup.
 */
int	restore_backup(const struct match *, int me, const struct envelope *,
	    struct opening *out, size_t *n, const char *where,
	    struct error *);
/*
 * Whether seat me's record of conditions s is to be kept: 1 when it is
 * of the seat's live entry (its commitments those the entry signs, else
 * refused, exit 1) or of an entry the copy does not hold yet (sent, not
 * back); 0 when that entry's lines are spent.
 */
int	restore_cond(const struct match *, int me, const struct cond_set *,
	    const char *where, struct error *);

#endif
