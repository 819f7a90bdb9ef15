/*
 * A tournament's round deadline (formats/tournament.md, "Round
 * deadlines"): the declaration's deadline: each game of the tournament
 * has that long from the time its signed header was made; a game still
 * under way then is ended by the judge's ruling adjudicate, whose result
 * the clocks give; verify checks such a ruling's time and result.
 */
#ifndef TOUR_DEADLINE_H
#define TOUR_DEADLINE_H

#include <stddef.h>
#include <stdint.h>

#include "clock.h"
#include "error.h"

struct standings_game;
struct tour_decl;
struct ydoc;

#define TOUR_DEADLINE_MIN	INT64_C(3600)		/* 1h */
#define TOUR_DEADLINE_MAX	(INT64_C(3650) * 86400)	/* 3650d */

/* The declaration's deadline key (doc's), checked: a period, and a
 * clock declared. */
int	tour_deadline_read(struct tour_decl *, const struct ydoc *doc,
	    const char *where, struct error *);
/* The deadline of a game whose header was made at created. */
int64_t	tour_deadline_of(const struct tour_decl *, int64_t created);
/* The reason of the judge's ruling at that deadline (what names it). */
void	tour_deadline_reason(int64_t deadline, char *, size_t);
/*
 * The clocks' result at deadline, from the clocks k as the game's
 * entries before the ruling left them: each seat's time left, the
 * running clock counted up to the deadline (or to the last signed time,
 * when the game took an entry after it); the seat with the most left
 * wins, alone; several with the most: a draw (-1).  With no signed
 * time yet the first seat's clock runs from when the judge took the
 * invitation, as the ruling's own "got" says.
 */
int	tour_deadline_winner(const struct clock_state *,
	    const struct clock_spec *, int nseats, int64_t deadline);
/* A game ended by the judge's ruling at a round deadline, checked:
 * 0 (agrees, or another ending), 1 and why it does not. */
int	tour_deadline_check(const struct tour_decl *,
	    const struct standings_game *, char *why, size_t);

#endif
