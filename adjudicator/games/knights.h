/*
 * knights' state, shared by its rules and count (knights.c) and its
 * pictures (knights_view.c) alone.
 */
#ifndef KNIGHTS_H
#define KNIGHTS_H

#include "game.h"

#define N	12		/* the board is N x N: a1 to l12 */
#define NC	4		/* colours, in turn order */
#define NK	8		/* knights per colour */
#define NKN	(NC * NK)
#define EMPTY	-1
#define RACE	16		/* 2-3 seats: placement and lines that win */

struct camp_data {
	const char	*colour;
	char		 letter;	/* a knight; in lower case, a camp square */
	const char	*fill, *ink;	/* SVG: a knight's disc and its label */
	const char	*shade;		/* SVG: the camp's squares */
	const char	*corner[2];	/* the camp, opposite corners */
	int		 ahead[2];	/* forward, as a (file, rank) step */
	const char	*start;		/* the knights' squares: the back rows */
	const char	*central;	/* the two that may move first */
};

/* The board's table (knights.c). */
struct kn_board {
	struct camp_data camp[NC];
	const char	*unicorns;
	const char	*unicorn_shade;
};

struct kn {
	signed char	at[N][N];	/* [file][rank]: a knight, or EMPTY */
	signed char	camp[N][N];	/* a playing colour's camp, or EMPTY */
	unsigned char	unicorn[N][N];
	signed char	file[NKN], rank[NKN];
	unsigned char	alive[NKN], central[NKN];
	int		seat[NC];	/* who plays the colour; -1: absent */
	int		side[NC];	/* allied colours share a side */
	int		nseats, teams, alliance, mixed;
	int		started[NC], resigned[NC], captures[NC];
	int		turn;		/* the colour to move */
	long		turns, limit;	/* moves and passes so far */
	int		over, draw, winner[GAME_MAX_SEATS];
	char		why[200];
	char		name[GAME_MAX_SEATS][33];
};

/* What a colour has on the board now: the final count, were it now. */
struct tally {
	int	placed, lost, home, captures, bonus;
	int	in[NC];		/* its knights in each enemy camp */
	long	points;		/* placement and lines */
	long	total;
};

extern const struct kn_board kn_board;

/* knights.c: the count, as the pictures show it */
void	kn_colour_label(const struct kn *, int c, char *out, size_t len);
void	kn_tally(const struct kn *, int c, struct tally *);
int	kn_team_bonus(const struct kn *, int side);
long	kn_side_total(const struct kn *, int side);
void	kn_side_label(const struct kn *, int side, char *out, size_t len);

/* knights_view.c */
void	kn_render(const void *, int viewer, const struct game_ctx *,
	    struct buf *);
int	kn_view(const void *, int viewer, const struct game_ctx *,
	    struct ydoc_writer *);
void	kn_svg(const void *, int viewer, const struct game_ctx *,
	    const struct game_action *last, struct svg *);

#endif
