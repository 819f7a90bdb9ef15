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

struct match;

/* What one update gave its seat: the judge's last seq, and the openings
 * meant for that seat alone. */
struct audit_update {
	uint64_t		 seq;
	int			 nopen;
	struct game_piece	 open[GAME_MAX_NEEDS];
};

int	audit_game(const struct match *, struct error *);
/* Appends one line per finding to out; returns how many.  viewer's
 * entitlement must have been tracked (its secret known to the match). */
int	audit_sight(const struct match *, int viewer,
	    const struct audit_update *, size_t n, struct buf *out);

#endif
