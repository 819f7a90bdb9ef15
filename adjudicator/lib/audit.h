/*
 * The audits of a finished game.  audit_game: the game is closed, every
 * setup open and sound, no one caught cheating (verify's verdict).
 * audit_sight: what the judge showed one seat in its updates, against
 * what the rules entitled that seat to see (spy sight): more, less, or
 * (the openings being checked against their commitments as they arrive)
 * something false.
 */
#ifndef AUDIT_H
#define AUDIT_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "error.h"
#include "game.h"
#include "sec.h"

struct match;

/*
 * What one update gave its seat: the entries it carried (first .. seq;
 * first is seq + 1 when it carried none), its hash (an update held
 * already is not taken twice), and the pieces it opened to that seat
 * alone, one bit each (seat * GAME_MAX_PIECES + index): every opening is
 * recorded, however many there are.
 */
#define AUDIT_PIECES	(GAME_MAX_SEATS * GAME_MAX_PIECES)
struct audit_update {
	uint64_t	seq;
	uint64_t	first;
	uint8_t		hash[SEC_HASH];
	uint8_t		shown[AUDIT_PIECES / 8];
};

int	audit_shown(const struct audit_update *, int seat, int idx);
/* Marks the piece shown; 1 when it was marked already. */
int	audit_mark(struct audit_update *, int seat, int idx);
/*
 * Whether an update carrying entries first .. seq owes viewer the piece:
 * viewer's pieces came to see it in one of those entries (first in the
 * game) and it was not public by seq.
 */
int	audit_owed(const struct match *, int viewer, uint64_t first,
	    uint64_t seq, int seat, int idx);
/* Refuses (one line, naming the piece) an update that shows viewer a
 * piece it does not owe. */
int	audit_update_check(const struct match *, int viewer,
	    const struct audit_update *, const char *where, struct error *);

int	audit_game(const struct match *, struct error *);
/* Appends one line per finding to out; returns how many.  viewer's
 * entitlement must have been tracked (its secret known to the match). */
int	audit_sight(const struct match *, int viewer,
	    const struct audit_update *, size_t n, struct buf *out);

#endif
