/*
 * Inside the Swiss pairing engine (swiss.c, swiss_bracket.c,
 * swiss_match.c): the players to pair, sorted in the Dutch system's
 * order (score, then pairing number), and who may meet whom.
 */
#ifndef SWISS_INT_H
#define SWISS_INT_H

#include <stddef.h>

#define SW_NONE		((unsigned)-1)

/*
 * The quality criteria measured, in the order they are compared: each
 * the count or sum that is to be as small as can be.  Q_C7 is how many
 * pairs the next bracket loses to this one's downfloaters.
 */
enum sw_q {
	Q_C7, Q_C8, Q_C9, Q_C10, Q_C11, Q_C12, Q_C13, Q_C14, Q_C15,
	Q_C16, Q_C17, Q_C18, Q_C19, SW_NQ
};

/* One player to pair; "position" below is the index in this order. */
struct sw_pl {
	unsigned	 idx;		/* in the caller's array */
	unsigned	 rank;		/* pairing number */
	unsigned	 score;		/* points times 2 */
	int		 cd;		/* colour difference */
	int		 pref;		/* +1 white, -1 black, 0 none */
	int		 strength;	/* 0 none, 1 mild, 2 strong,
					 * 3 absolute */
	int		 last2;		/* the two latest played colours were
					 * both this one (+1, -1), else 0 */
	const int	*hist;		/* played colours, latest last */
	unsigned	 nhist;
	int		 fl[2];		/* float 1 and 2 rounds before: +1
					 * down, -1 up, 0 none */
	int		 eligible;	/* may get the PAB (C2) */
	int		 top;		/* topscorer (A.7), final round only */
};

struct sw {
	struct sw_pl	*p;
	size_t		 m;		/* players to pair */
	unsigned char	*adj;		/* m x m bits: may meet (C1, C3) */
	size_t		 stride;	/* bytes a row */
	int		 final;		/* pairing the final round */
	int		*hist;		/* storage of the p[].hist */
	/* the matching's workspace, m each */
	unsigned	*mate, *base, *par, *queue;
	unsigned char	*used, *blos, *seen, *act;
	/* the round being built: opponent and colour by position */
	unsigned	*opp;
	int		*col;
};

static inline int
sw_may(const struct sw *s, unsigned a, unsigned b)
{
	return (s->adj[a * s->stride + b / 8] >> (b % 8)) & 1;
}

/* 1 when the players with act[] set can all be paired among themselves. */
int	sw_perfect(struct sw *);
/* The size of a largest pairing among the players with act[] set; the
 * pairs themselves in mate[]. */
size_t	sw_matching(struct sw *);
/* The colour a gets against b (E.1 to E.5); b gets the other. */
int	sw_colour(const struct sw *, unsigned a, unsigned b);
/*
 * Pairs the bracket: the moved-down players mdp[] (nm) and the residents
 * res[] (nr), with the lower players low[] (nl) still to pair after it.
 * Sets opp[] and col[] of those paired; the downfloaters in *fl (room
 * for nm + nr), their count in *nfl.  0; -1: nothing found; -2: out of
 * memory (errno).
 */
int	sw_bracket(struct sw *, const unsigned *mdp, size_t nm,
	    const unsigned *res, size_t nr, const unsigned *low, size_t nl,
	    unsigned *fl, size_t *nfl);

#endif
