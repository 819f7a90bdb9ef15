/*
 * Ratings.  See rating.h for why every operation here is spelled out:
 * the same archives must give the same bits on every machine.
 */
#include <float.h>
#include <stdio.h>

#include "rating.h"

#if !defined(FLT_EVAL_METHOD) || FLT_EVAL_METHOD != 0
#error "rating.c needs doubles evaluated as doubles (FLT_EVAL_METHOD 0): on x86 build with -msse2 -mfpmath=sse"
#endif
#ifdef __FAST_MATH__
#error "rating.c must not be built with -ffast-math: it reorders arithmetic"
#endif

/* Exact binary constants (hexadecimal: no decimal conversion to round). */
#define LN2_HI		0x1.62e42feep-1		/* ln 2, its high bits: */
#define LN2_LO		0x1.a39ef35793c76p-33	/* k * LN2_HI is exact */
#define INV_LN2		0x1.71547652b82fep+0
#define LN10		0x1.26bb1bbb55516p+1
#define SQRT2		0x1.6a09e667f3bcdp+0
#define PI		0x1.921fb54442d18p+1
#define GLICKO_SCALE	0x1.5b6f837b4a234p+7	/* 173.7178, Glickman's */
#define GLICKO_VOL	0x1.eb851eb851eb8p-5	/* 0.06 */
#define GLICKO_EPS	0x1.0c6f7a0b5ed8dp-20	/* 0.000001 */
#define EXP_MAX		700.0
#define ILLINOIS_MAX	200

/* 2^k, exactly (k within the normal range), by squaring. */
static double
pow2(int k)
{
	double p = 1.0, b = k < 0 ? 0.5 : 2.0;
	unsigned n = k < 0 ? (unsigned)-k : (unsigned)k;

	while (n != 0) {
		if (n & 1)
			p *= b;
		n >>= 1;
		if (n != 0)
			b *= b;
	}
	return p;
}

/*
 * e^x: x = k ln 2 + r with |r| <= ln 2 / 2 (Cody and Waite's split, so
 * k ln 2 loses nothing), e^r by its Taylor series to r^14 / 14! (below
 * 2^-60 there), times 2^k.
 */
double
rating_exp(double x)
{
	double r, p;
	int k, n;

	if (x > EXP_MAX)
		x = EXP_MAX;
	if (x < -EXP_MAX)
		x = -EXP_MAX;
	k = (int)(x * INV_LN2 + (x < 0 ? -0.5 : 0.5));
	r = (x - k * LN2_HI) - k * LN2_LO;
	p = 1.0;
	for (n = 14; n >= 1; n--)
		p = 1.0 + p * r / n;
	return p * pow2(k);
}

/*
 * ln x: x = m 2^k with m in [sqrt(1/2), sqrt(2)), then ln m = 2 atanh s
 * with s = (m - 1)/(m + 1), |s| < 0.172: the series 2s (1 + s^2/3 +
 * s^4/5 + ...) to s^26 (below 2^-64 there).
 */
double
rating_ln(double x)
{
	double m = x, s, z, q;
	int k = 0, n;

	if (!(x > 0))
		return -EXP_MAX * 2;
	while (m >= SQRT2) {
		m *= 0.5;
		k++;
	}
	while (m < SQRT2 * 0.5) {
		m *= 2.0;
		k--;
	}
	s = (m - 1.0) / (m + 1.0);
	z = s * s;
	q = 1.0 / 27.0;
	for (n = 12; n >= 0; n--)
		q = 1.0 / (2 * n + 1) + z * q;
	return k * LN2_HI + (2.0 * s * q + k * LN2_LO);
}

/*
 * sqrt x: x = m 4^k with m in [1, 4), Newton's iteration from (1 + m)/2
 * a fixed seven times (the error falls from under 1/4 to below an ulp by
 * the fifth), times 2^k.
 */
double
rating_sqrt(double x)
{
	double m = x, y;
	int k = 0, i;

	if (!(x > 0))
		return 0.0;
	while (m >= 4.0) {
		m *= 0.25;
		k++;
	}
	while (m < 1.0) {
		m *= 4.0;
		k--;
	}
	y = (1.0 + m) * 0.5;
	for (i = 0; i < 7; i++)
		y = 0.5 * (y + m / y);
	return y * pow2(k);
}

/* --- Elo --- */

double
rating_expect(double d)
{
	return 1.0 / (1.0 + rating_exp(-d / 400.0 * LN10));
}

/* K falls as a player's record grows: provisional, then established,
 * then experienced. */
double
rating_elo_k(uint32_t n)
{
	return n < RATING_PROVISIONAL ? 40.0 : n < 50 ? 24.0 : 16.0;
}

double
rating_elo_change(double r, double k, const struct rating_result *res,
    size_t n)
{
	double sum = 0.0;
	size_t i;

	for (i = 0; i < n; i++)
		sum += res[i].weight * (res[i].score -
		    rating_expect(r - res[i].opp));
	return k * sum;
}

/* --- Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013) --- */

void
rating_glicko_new(struct rating_glicko *g)
{
	g->r = RATING_START;
	g->rd = RATING_GLICKO_RD;
	g->vol = GLICKO_VOL;
}

static double
g_of(double phi)
{
	return 1.0 / rating_sqrt(1.0 + 3.0 * phi * phi / (PI * PI));
}

struct vol_f {
	double	d2, phi2, v, a, tau2;
};

static double
vol_f(const struct vol_f *f, double x)
{
	double ex = rating_exp(x), t = f->phi2 + f->v + ex;

	return ex * (f->d2 - f->phi2 - f->v - ex) / (2.0 * t * t) -
	    (x - f->a) / f->tau2;
}

/* Step 5: the new volatility, by the Illinois algorithm. */
static double
new_vol(double sigma, double phi, double v, double delta, double tau)
{
	struct vol_f f;
	double A, B, C, fa, fb, fc;
	int k, i;

	f.d2 = delta * delta;
	f.phi2 = phi * phi;
	f.v = v;
	f.a = rating_ln(sigma * sigma);
	f.tau2 = tau * tau;
	A = f.a;
	if (f.d2 > f.phi2 + v)
		B = rating_ln(f.d2 - f.phi2 - v);
	else {
		for (k = 1; k < ILLINOIS_MAX && vol_f(&f, f.a - k * tau) < 0;
		    k++)
			;
		B = f.a - k * tau;
	}
	fa = vol_f(&f, A);
	fb = vol_f(&f, B);
	for (i = 0; i < ILLINOIS_MAX && (B - A > GLICKO_EPS ||
	    A - B > GLICKO_EPS); i++) {
		if (fb == fa)
			break;
		C = A + (A - B) * fa / (fb - fa);
		fc = vol_f(&f, C);
		if (fc * fb <= 0) {
			A = B;
			fa = fb;
		} else
			fa = fa / 2.0;
		B = C;
		fb = fc;
	}
	return rating_exp(A / 2.0);
}

void
rating_glicko2(struct rating_glicko *p, const struct rating_result *res,
    size_t n, double tau)
{
	double mu = (p->r - RATING_START) / GLICKO_SCALE;
	double phi = p->rd / GLICKO_SCALE, inv_v = 0.0, sum = 0.0;
	double v, sigma, phi_star, phi_new, gj, ej;
	size_t i;

	for (i = 0; i < n; i++) {
		gj = g_of(res[i].opp_rd / GLICKO_SCALE);
		ej = 1.0 / (1.0 + rating_exp(-gj * (mu - (res[i].opp -
		    RATING_START) / GLICKO_SCALE)));
		inv_v += res[i].weight * gj * gj * ej * (1.0 - ej);
		sum += res[i].weight * gj * (res[i].score - ej);
	}
	if (!(inv_v > 0)) {
		/* no result, or none that says anything: an idle period */
		rating_glicko2_idle(p, 1);
		return;
	}
	v = 1.0 / inv_v;
	sigma = new_vol(p->vol, phi, v, v * sum, tau);
	phi_star = rating_sqrt(phi * phi + sigma * sigma);
	phi_new = 1.0 / rating_sqrt(1.0 / (phi_star * phi_star) + inv_v);
	mu = mu + phi_new * phi_new * sum;
	p->r = GLICKO_SCALE * mu + RATING_START;
	p->rd = GLICKO_SCALE * phi_new;
	p->vol = sigma;
}

void
rating_glicko2_idle(struct rating_glicko *p, uint64_t k)
{
	double phi = p->rd / GLICKO_SCALE, top = RATING_GLICKO_RD /
	    GLICKO_SCALE, phi2;

	if (k == 0)
		return;
	/* k periods at once: phi^2 grows by sigma^2 each */
	phi2 = phi * phi + (double)k * p->vol * p->vol;
	p->rd = phi2 >= top * top ? RATING_GLICKO_RD :
	    GLICKO_SCALE * rating_sqrt(phi2);
}

/* --- output --- */

int64_t
rating_fixed(double x, int decimals)
{
	double y = x;
	int i;

	for (i = 0; i < decimals && i < 6; i++)
		y *= 10.0;
	if (y > 9e15 || y < -9e15)
		return y > 0 ? (int64_t)9e15 : -(int64_t)9e15;
	return y >= 0 ? (int64_t)(y + 0.5) : -(int64_t)(-y + 0.5);
}

void
rating_format(char *out, size_t len, double x, int decimals)
{
	int64_t v = rating_fixed(x, decimals), unit = 1, a, f;
	char frac[8];
	int i, n = decimals < 0 ? 0 : decimals > 6 ? 6 : decimals;

	for (i = 0; i < n; i++)
		unit *= 10;
	a = v < 0 ? -v : v;
	/* the decimals, from the last: a % unit with its leading zeros */
	for (f = a % unit, i = n - 1; i >= 0; i--, f /= 10)
		frac[i] = (char)('0' + f % 10);
	frac[n] = '\0';
	snprintf(out, len, "%s%lld%s%s", v < 0 ? "-" : "",
	    (long long)(a / unit), n > 0 ? "." : "", frac);
}
