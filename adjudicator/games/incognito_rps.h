/*
 * incognito-rps's state, shared by its rules (incognito_rps.c) and its
 * pictures (incognito_rps_view.c) alone.
 */
#ifndef INCOGNITO_RPS_H
#define INCOGNITO_RPS_H

#include "game.h"

#define W	6
#define H	8
#define PER	9		/* pieces per seat: 6 board + 3 reserve */
#define NP	(2 * PER)
#define EMPTY	-1

enum where { ONBOARD, RESERVE, CAPTURED };

struct rps {
	int	camp;			/* ranks deep: 1 or 2 */
	int	board[W][H];
	int	file[NP], rank[NP], where[NP], moved[NP];
	long	arrived[NP];		/* ply it entered the enemy camp */
	char	id[NP][GAME_ID];
	int	swapped[2];
	int	turn, over, winner;
	long	quiet, limit, ply;
	char	why[160];
};

/* incognito_rps.c */
extern const char *const rps_colour[2];
int	rps_owner(int p);
int	rps_in_camp(const struct rps *, int seat, int r);

/* incognito_rps_view.c */
void	rps_render(const void *, int viewer, const struct game_ctx *,
	    struct buf *);
int	rps_view(const void *, int viewer, const struct game_ctx *,
	    struct ydoc_writer *);
void	rps_svg(const void *, int viewer, const struct game_ctx *,
	    const struct game_action *last, struct svg *);

#endif
