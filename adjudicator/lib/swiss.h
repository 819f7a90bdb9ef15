/*
 * A Swiss round paired by the FIDE Dutch system (handbook C.04.3):
 * see formats/tournament.md, "Swiss pairings", for what is built and
 * where it simplifies.  Pure: no files, no keys, no clock.
 */
#ifndef SWISS_H
#define SWISS_H

#include <stddef.h>

#include "error.h"

#define SWISS_NONE	((unsigned)-1)	/* no opponent: a bye or unplayed */
#define SWISS_MAX	10000		/* players, at most */

/* One player's past rounds, by pairing number (rank 1 is the top). */
struct swiss_player {
	unsigned	 rank;		/* pairing number, 1..n, unique */
	unsigned	 nrounds;	/* rounds played so far */
	/* for each past round r (0-based): the opponent's index in the
	 * array or SWISS_NONE; the colour +1 white (first seat), -1 black,
	 * 0 none; the points this player got that round, times 2 (win 2,
	 * draw 1, loss 0; a bye its value times 2) */
	const unsigned	*opponent;
	const int	*colour;
	const unsigned	*points2;
	int		 pab;		/* has had the pairing-allocated bye
					 * (or a full-point unplayed round) */
	int		 absent;	/* withdrawn: not paired this round */
};

struct swiss_pair {
	unsigned	white, black;	/* indices; black SWISS_NONE: the
					 * bye goes to white */
};

/*
 * Round nrounds+1 (of total) for the n players: pairs[] (room for n/2+1)
 * and *npairs.  Every player not absent is in exactly one pair.  0; -1
 * with e (EXIT_REFUSED: no pairing meets the absolute criteria).
 */
int	swiss_pair(const struct swiss_player *, size_t n, unsigned total,
	    struct swiss_pair *pairs, size_t *npairs, struct error *);

#endif
