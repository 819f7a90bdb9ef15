/*
 * Ratings: Elo with the IECG/ICCF expectancy and Glicko-2, one rating
 * period at a time.  adjudicator-ratings(7) states every formula and
 * constant; standings.c decides who played whom in which period.
 *
 * The arithmetic is the same on every machine: IEEE 754 doubles, with
 * + - * / only (each correctly rounded by the standard), evaluated in
 * double (FLT_EVAL_METHOD 0, checked at compile time), never fused into
 * multiply-adds (the Makefile builds with -ffp-contract=off), and the
 * exponential, logarithm and square root computed here from those
 * operations in a fixed order, never by the platform's libm.  Constants
 * are hexadecimal literals, so no compiler rounds a decimal.  Figures are
 * printed through rating_fixed, rounded by the same operations.
 */
#ifndef RATING_H
#define RATING_H

#include <stddef.h>
#include <stdint.h>

#define RATING_START		1500.0	/* a new player, both systems */
#define RATING_PROVISIONAL	12	/* fewer rated games: provisional */
#define RATING_GLICKO_RD	350.0	/* a new player's deviation */
#define RATING_GLICKO_TAU	0.5	/* the system constant */

/* One result of a player in a period. */
struct rating_result {
	double	opp;		/* the opponent's rating at the period's start */
	double	opp_rd;		/* and its deviation (Glicko-2) */
	double	score;		/* 1 a win, 0.5 a draw, 0 a loss */
	double	weight;		/* 1 / the player's opponents in that game */
};

/* The IECG/ICCF expectancy of a rating difference d: 1/(1+10^(-d/400)). */
double	rating_expect(double d);
/* K for a player with n rated games before the period. */
double	rating_elo_k(uint32_t n);
/* The change of an Elo rating r over a period's results. */
double	rating_elo_change(double r, double k, const struct rating_result *,
	    size_t);

struct rating_glicko {
	double	r, rd, vol;	/* on the Glicko scale: 1500, 350, 0.06 */
};

void	rating_glicko_new(struct rating_glicko *);
/* One period with results (Glickman's steps 2 to 8). */
void	rating_glicko2(struct rating_glicko *, const struct rating_result *,
	    size_t, double tau);
/* k periods without a game: the deviation grows, up to a new player's. */
void	rating_glicko2_idle(struct rating_glicko *, uint64_t k);

/* The functions the formulas need, from + - * / alone. */
double	rating_exp(double);
double	rating_ln(double);	/* x > 0 */
double	rating_sqrt(double);	/* x >= 0 */

/* x in units of 10^-decimals (0 to 6), rounded half away from zero. */
int64_t	rating_fixed(double x, int decimals);
/* The same as text: "1464.06", "-3", "0.05999". */
void	rating_format(char *, size_t, double x, int decimals);

#endif
