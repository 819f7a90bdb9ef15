/*
 * The rating formulas against published and hand-computed figures:
 * Glickman's worked example of Glicko-2, an Elo period computed by hand
 * from the IECG expectancy, the functions rating.c builds from + - * /
 * against known values and their own identities, the rounding of what is
 * printed, and the exact bits of a computation (what every machine must
 * give: a compiler or a platform that computes otherwise fails here).
 */
#include <stdint.h>
#include <string.h>

#include "unit.h"

#include "rating.h"

static int
near(double a, double b, double tol)
{
	double d = a - b;

	return d <= tol && -d <= tol;
}

/* Relative error within a few ulps. */
static int
close_rel(double a, double b)
{
	double d = a - b, m = b < 0 ? -b : b;

	return (d < 0 ? -d : d) <= m * 0x1p-50;
}

static void
functions(void)
{
	static const double xs[] = { -700, -37.5, -2.302585092994046, -1,
	    -0x1p-30, 0, 1e-9, 0.5, 1, 2.5, 10, 88.7, 700 };
	double x, worst = 0;
	size_t i;
	int ok = 1;

	unit_ok(close_rel(rating_exp(1), 0x1.5bf0a8b145769p+1), "exp(1) is e");
	unit_ok(close_rel(rating_exp(-1), 0x1.78b56362cef38p-2), "exp(-1)");
	unit_ok(rating_exp(0) == 1.0, "exp(0) is 1 exactly");
	unit_ok(close_rel(rating_ln(2), 0x1.62e42fefa39efp-1), "ln(2)");
	unit_ok(close_rel(rating_ln(10), 0x1.26bb1bbb55516p+1), "ln(10)");
	unit_ok(rating_ln(1) == 0.0, "ln(1) is 0 exactly");
	unit_ok(close_rel(rating_ln(1e-300), -0x1.5963447f87fb5p+9),
	    "ln(1e-300)");
	unit_ok(close_rel(rating_sqrt(2), 0x1.6a09e667f3bcdp+0), "sqrt(2)");
	unit_ok(rating_sqrt(1e6) == 1000.0 && rating_sqrt(0.25) == 0.5,
	    "sqrt of squares is exact");
	for (i = 0; i < UNIT_NELEM(xs); i++) {
		x = xs[i];
		/* ln(exp(x)) loses what exp(x) rounded: absolute */
		ok &= near(rating_ln(rating_exp(x)), x, 0x1p-50 *
		    (x < -1 ? -x : x > 1 ? x : 1));
		if (x > 0) {
			ok &= close_rel(rating_exp(rating_ln(x)), x);
			ok &= close_rel(rating_sqrt(x) * rating_sqrt(x), x);
		}
	}
	unit_ok(ok, "ln(exp(x)) = x, exp(ln(x)) = x, sqrt(x)^2 = x");
	for (ok = 1, x = -20; x < 20; x += 0.37) {
		double d = rating_exp(x) * rating_exp(0.37) /
		    rating_exp(x + 0.37) - 1;

		worst = d < 0 ? (-d > worst ? -d : worst) : (d > worst ? d :
		    worst);
	}
	unit_ok(worst < 0x1p-49, "exp(x + y) = exp(x) exp(y) within ulps "
	    "(worst %g)", worst);
}

/*
 * Glickman, "Example of the Glicko-2 system" (2013): a 1500/200 player
 * (volatility 0.06, tau 0.5) beats a 1400/30 player, loses to 1550/100
 * and to 1700/300 in one period.  The paper prints 1464.06, 151.52 and
 * 0.05999 from intermediates it rounds (mu' = -0.2069 and phi' = 0.8722
 * to four decimals, sigma' cut to five); carried in full the same steps
 * give 1464.0507, 151.5165 and 0.0599960, which an implementation of the
 * paper's steps with the platform's libm (Python's math) also gives.
 */
static void
glickman(void)
{
	struct rating_result res[3] = {
		{ 1400, 30, 1, 1 }, { 1550, 100, 0, 1 }, { 1700, 300, 0, 1 } };
	struct rating_glicko p = { 1500, 200, 0.06 };
	const double scale = 173.7178;
	char r[32], rd[32], vol[32];

	rating_glicko2(&p, res, 3, 0.5);
	/* the paper's route: its intermediates to its digits */
	rating_format(r, sizeof(r), scale * (double)rating_fixed((p.r -
	    1500) / scale, 4) / 10000 + 1500, 2);
	rating_format(rd, sizeof(rd), scale * (double)rating_fixed(p.rd /
	    scale, 4) / 10000, 2);
	snprintf(vol, sizeof(vol), "0.%05d", (int)(p.vol * 100000));
	unit_ok(strcmp(r, "1464.06") == 0, "Glickman's example: rating %s "
	    "(1464.06)", r);
	unit_ok(strcmp(rd, "151.52") == 0, "Glickman's example: deviation %s "
	    "(151.52)", rd);
	unit_ok(strcmp(vol, "0.05999") == 0, "Glickman's example: volatility "
	    "%s (0.05999)", vol);
	unit_ok(near(p.r, 1464.0506705393013, 1e-9) &&
	    near(p.rd, 151.51652412385727, 1e-9) &&
	    near(p.vol, 0.059995984286488495, 1e-12),
	    "carried in full: 1464.0507, 151.5165, 0.0599960");
	/* the exact bits: every machine computes these (rating.h) */
	unit_ok(p.r == 0x1.6e033e2fa54aep+10 && p.rd == 0x1.2f0875d9971fep+7 &&
	    p.vol == 0x1.eb7cb2ccdb877p-5, "the same bits as every other "
	    "machine (%a %a %a)", p.r, p.rd, p.vol);
}

/*
 * By hand from the IECG expectancy P(D) = 1/(1+10^(-D/400)):
 *   10^(1/4) = 1.7782794, so P(100) = 1/(1 + 1/1.7782794) = 0.6400650
 *   and P(-100) = 1/(1 + 1.7782794) = 0.3599350.
 * A (1600, 20 games: K 24) beats B (1500) and draws with C (1700):
 *   24 * ((1 - 0.6400650) + (0.5 - 0.3599350)) = 24 * 0.5 = +12.00
 * B (1500, 5 games: K 40) loses to A: 40 * (0 - 0.3599350) = -14.40
 * C (1700, 60 games: K 16) draws with A: 16 * (0.5 - 0.6400650) = -2.24
 */
static void
iecg_by_hand(void)
{
	struct rating_result a[2] = { { 1500, 0, 1, 1 }, { 1700, 0, 0.5, 1 } };
	struct rating_result b[1] = { { 1600, 0, 0, 1 } };
	struct rating_result c[1] = { { 1600, 0, 0.5, 1 } };
	struct rating_result half[1] = { { 1500, 0, 1, 0.5 } };

	unit_ok(near(rating_expect(100), 0.6400650, 5e-8) &&
	    near(rating_expect(-100), 0.3599350, 5e-8) &&
	    rating_expect(0) == 0.5, "P(100) = 0.6400650, P(-100) = "
	    "0.3599350, P(0) = 1/2");
	unit_ok(near(rating_expect(400), 10.0 / 11, 1e-15),
	    "P(400) = 10/11");
	unit_ok(rating_elo_k(0) == 40 && rating_elo_k(11) == 40 &&
	    rating_elo_k(12) == 24 && rating_elo_k(49) == 24 &&
	    rating_elo_k(50) == 16, "K: 40 below 12 games, 24 below 50, "
	    "then 16");
	unit_ok(near(rating_elo_change(1600, rating_elo_k(20), a, 2), 12.00,
	    5e-5), "A: +12.00");
	unit_ok(near(rating_elo_change(1500, rating_elo_k(5), b, 1), -14.3974,
	    5e-5), "B: -14.40");
	unit_ok(near(rating_elo_change(1700, rating_elo_k(60), c, 1), -2.24104,
	    5e-5), "C: -2.24");
	unit_ok(near(rating_elo_change(1500, 40, half, 1), 10.0, 1e-12),
	    "a result weighing one half (two opponents) moves half as far");
}

static void
rounding(void)
{
	static const struct {
		double	x;
		int	d;
		const char *want;
	} t[] = {
		{ 1464.0596, 2, "1464.06" }, { 1464.0549, 2, "1464.05" },
		{ 1519.5, 0, "1520" }, { -14.3974, 2, "-14.40" },
		{ -0.4, 0, "0" }, { -0.5, 0, "-1" }, { 0.0599929, 5, "0.05999" },
		{ 0.000004, 5, "0.00000" }, { 1500, 0, "1500" },
		{ 2.5, 1, "2.5" }, { 0.125, 2, "0.13" },
	};
	char got[32];
	size_t i;
	int ok = 1;

	for (i = 0; i < UNIT_NELEM(t); i++) {
		rating_format(got, sizeof(got), t[i].x, t[i].d);
		if (strcmp(got, t[i].want) != 0) {
			printf("# %g to %d decimals: %s, want %s\n", t[i].x,
			    t[i].d, got, t[i].want);
			ok = 0;
		}
	}
	unit_ok(ok, "figures rounded half away from zero");
}

static void
idle(void)
{
	struct rating_glicko p = { 1500, 50, 0.06 }, q;

	q = p;
	rating_glicko2_idle(&q, 0);
	unit_ok(q.rd == 50, "no idle period: the deviation stays");
	q = p;
	rating_glicko2_idle(&q, 1);
	/* sqrt((50/173.7178)^2 + 0.06^2) * 173.7178 = 51.07485 */
	unit_ok(near(q.rd, 51.07485, 1e-5), "one idle period: %f", q.rd);
	q = p;
	rating_glicko2_idle(&q, 100000);
	unit_ok(q.rd == RATING_GLICKO_RD, "a long absence: back to 350");
	q = p;
	rating_glicko2(&q, NULL, 0, 0.5);
	unit_ok(near(q.rd, 51.07485, 1e-5) && q.r == 1500,
	    "a period without results is an idle one");
}

int
main(void)
{
	unit_init();
	functions();
	glickman();
	iecg_by_hand();
	rounding();
	idle();
	return unit_done();
}
