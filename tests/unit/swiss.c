/*
 * The Swiss pairing engine (lib/swiss.c, the FIDE Dutch system): 1,000
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
#define NRMAX	16	/* rounds a tour holds (the published has 15) */
#define TOURS	1000

struct tour {
	size_t		 n;
	unsigned	 total, done;
	struct swiss_player pl[NP];
	unsigned	 opp[NP][NRMAX], pts[NP][NRMAX];
	int		 col[NP][NRMAX];
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

/*
 * Published pairings: the 60-player, 15-round tournament of
 * bbpPairings' test "issue_7" (github.com/BieremaBoyzProgramming/
 * bbpPairings, test/tests/issue_7.input at commit ed3ffa2925d8, a TRF
 * made by a Dutch-system tournament generator, its forfeits included).
 * Its rounds 1 to 14, each paired here from the rounds before it, must
 * come out as recorded there: every opponent and every colour.  Each
 * player's rounds as "opponent, colour, result" (+ and -: a forfeit,
 * not played: the two may meet again, as they do in that file).  Its
 * first round gave player 1 black (the lot of E.5); every rule but E.5
 * is the same with the colours swapped, so the colours are mirrored.
 */
#define PUB_N	60
#define PUB_R	14
static const char *const pub[PUB_N] = {
	"31b1 16w1 12b1 6w1 7b0 4w1 3b0 "
	    "14w1 10w1 8b1 5w1 11b0 17w= 2b1",
	"32w1 17b0 29w1 15b= 27w1 13b1 8w= "
	    "11b0 20w1 7b= 10w= 12b= 9w1 1w0",
	"33b1 18w= 22b1 26w1 8b1 7w= 1w1 "
	    "6b1 11w1 5b0 12w0 17b= 4b1 10w=",
	"34w+ 19b1 11w= 17b= 5w1 1b0 18w= "
	    "8b- 27b1 15w+ 7w1 8b= 3w0 14b1",
	"35b1 20w1 14b1 8w= 4b0 6w- 17w1 "
	    "18b1 16w+ 3w1 1b0 7w= 10w1 6b0",
	"36w1 21b1 13w1 1b0 12w1 5b+ 7b0 "
	    "3w0 31b1 11b= 8w0 15b1 16w= 5w1",
	"37b1 22w= 30b+ 11b1 1w1 3b= 6w1 "
	    "10w+ 8b0 2w= 4b0 5b= 12w1 17b=",
	"38w1 25b1 15w1 5b= 3w0 17b1 2b= "
	    "4w+ 7w1 1w0 6b1 4w= 11b1 12b0",
	"39b- 53w1 31b1 19b1 17w= 14w= 10b0 "
	    "25w1 22b1 12b= 11w0 13w1 2b0 15b=",
	"40w1 26b= 17w= 21b1 13w= 15b1 9w1 "
	    "7b- 1b0 16w1 2b= 20w1 5b0 3b=",
	"41b1 24w1 4b= 7w0 14b= 29w1 20b1 "
	    "2w1 3b0 6w= 9b1 1w1 8w0 16b1",
	"42w1 27b1 1w0 23b1 6b0 18w= 31b= "
	    "26w1 14b1 9w= 3b1 2w= 7b0 8w1",
	"43b1 28w1 6b0 16w1 10b= 2w0 27b1 "
	    "20w- 29w1 17b0 39w1 9b0 22w= 36b1",
	"44w1 29b1 5w0 25b1 11w= 9b= 21w1 "
	    "1b0 12w0 26b1 17w0 27b+ 20b1 4w0",
	"45b1 39w1 8b0 2w= 26b1 10w0 33b1 "
	    "16w- 18w1 4b- 25b1 6w0 31b1 9w=",
	"46w1 1b0 38w1 13b0 40w= 30b1 23w1 "
	    "15b+ 5b- 10b0 31w1 19b1 6b= 11w0",
	"47b1 2w1 10b= 4w= 9b= 8w0 5b0 "
	    "39w1 33b1 13w1 14b1 3w= 1b= 7w=",
	"48w1 3b= 26w0 33b1 42w1 12b= 4b= "
	    "5w0 15b0 39w- 36w= 43b1 39w1 21b1",
	"49b1 4w0 35b1 9w0 31b0 39w= 43b- "
	    "32b1 42w1 40b1 21w= 16w0 34b1 25w-",
	"50w1 5b0 40w= 36b= 35w1 25b1 11w0 "
	    "13b+ 2b0 28w1 22b1 10b0 14w0 29b=",
	"51b1 6w0 37b1 10w0 39b1 24w1 14b0 "
	    "31w0 34b1 25w= 19b= 22w0 32b1 18w0",
	"52w1 7b= 3w0 40b= 36w= 38b= 32w1 "
	    "30b1 9w0 29b1 20w0 21b1 13b= 23w=",
	"53b= 30w= 39b1 12w0 37b1 31w= 16b0 "
	    "33w0 35b= 41w1 29w= 38b1 26w= 22b=",
	"54w1 11b0 42w= 44b1 30w= 21b0 40w1 "
	    "29b0 36w1 31b0 38w= 39b= 35w1 26b1",
	"55b1 8w0 41b1 14w0 46b1 20w0 34w1 "
	    "9b0 30w1 21b= 15w0 40b1 29w= 19b+",
	"56w+ 10w= 18b1 3b0 15w0 36b= 38w1 "
	    "12b0 43w1 14w0 33b1 31w= 23b= 24w0",
	"57b+ 12w0 43b= 47w1 2b0 42b1 13w0 "
	    "40b1 4w0 33w= 28b= 14w- 36w0 45b=",
	"58w1 13b0 44w= 42b0 60w1 40b0 48w1 "
	    "43b= 38w1 20b0 27w= 29b0 53w= 46b1",
	"59b+ 14w0 2b0 45w1 41b1 11b0 36w1 "
	    "24w1 13b0 22w0 23b= 28w1 25b= 20w=",
	"60w1 23b= 7w- 43w1 24b= 16w0 46b1 "
	    "22w0 25b0 47w= 51b= 35w- 48w1 39b0",
	"1w0 46b1 9w0 48b1 19w1 23b= 12w= "
	    "21b1 6w0 24w1 16b0 26b= 15w0 38b=",
	"2b0 47w= 49b= 46w0 53b1 41w1 22b0 "
	    "19w0 55b+ 38b0 48w1 44b1 21w0 37w=",
	"3w0 48b= 60w1 18w0 49b1 44b1 15w0 "
	    "23b1 17w0 27b= 26w0 36b0 55w1 53b+",
	"4b- 49w= 47b0 53w= 54b1 45w1 25b0 "
	    "42b1 21w0 43b= 44w= 51b1 19w0 40b0",
	"5w0 50b1 19w0 52b1 20b0 46w0 47b- "
	    "57b1 23w= 60b= 58w1 30b+ 24b0 44w=",
	"6b0 51w= 53b1 20w= 22b= 26w= 29b0 "
	    "47w1 24b0 37w= 18b= 33w1 27b1 13w0",
	"7w0 52b1 21w0 54b1 23w0 48b0 53w= "
	    "58b= 50w1 36b= 43w0 42b1 40w= 32b=",
	"8b0 55w1 16b0 49w= 47b1 22w= 26b0 "
	    "46w1 28b0 32w1 24b= 23w0 45b+ 31w=",
	"9w+ 15b0 23w0 56b1 21w0 19b= 44w1 "
	    "17b0 60w1 18b+ 13b0 24w= 18b0 30w1",
	"10b0 56w1 20b= 22w= 16b= 28w1 24b0 "
	    "27w0 41b1 19w0 47b1 25w0 37b= 34w1",
	"11w0 54b1 25w0 58b1 29w0 32b0 57w1 "
	    "48b1 40w0 23b0 42w= 53b0 51w= 43b1",
	"12b0 57w1 24b= 28w1 18b0 27w0 60b1 "
	    "34w0 19b0 45w= 41b= 37w0 50b1 51w=",
	"13w0 58b1 27w= 30b0 44w0 52b1 19w+ "
	    "28w= 26b0 34w= 37b1 18w0 46b0 41w0",
	"14b0 59w1 28b= 24w0 43b1 33w0 39b0 "
	    "55w= 45b= 54w1 34b= 32w0 47w1 35b=",
	"15w0 60b= 48w= 29b0 56w1 34b0 58w= "
	    "53b= 44w= 42b= 55w1 47b= 38w- 27w=",
	"16b0 31w0 51b+ 32b1 25w0 35b1 30w0 "
	    "38b0 48w0 53b= 60w1 59b1 43w1 28w0",
	"17w0 32b= 34w1 27b0 38w0 57b= 35w+ "
	    "36b0 53w1 30b= 40w0 45w= 44b0 56b1",
	"18b0 33w= 45b= 31w0 55b1 37w1 28b0 "
	    "41w0 46b1 51w0 32b0 60w1 30b0 57w1",
	"19w0 34b= 32w= 38b= 33w0 60b0 55w0 "
	    "50b0 56w= 57b= 59w0 52b1 54w1 58b=",
	"20b0 35w0 56b- 57b= 59w0 51b= 56w1 "
	    "49w1 37b0 55b0 52w= 58b= 42w0 54w1",
	"21w0 36b= 46w- 60b0 57w0 50w= 59b1 "
	    "54w= 52b1 48b1 30w= 34w0 41b= 42b=",
	"22b0 37w0 57b1 35w0 58b= 43w0 54b= "
	    "60w- 51w0 56b1 50b= 49w0 59w1 55b0",
	"23w= 9b0 36w0 34b= 32w0 59b1 37b= "
	    "45w= 47b0 46w= 54b1 41w1 28b= 33w-",
	"24b0 41w0 59b1 37w0 34w0 55b= 52w= "
	    "51b= 58w1 44b0 53w0 56w= 49b0 50b0",
	"25w0 38b0 58w0 59b1 48w0 54w= 49b1 "
	    "44b= 32w- 50w1 45b0 57w1 33b0 52w1",
	"26b- 40b0 50w+ 39w0 45b0 58w= 50b0 "
	    "59w0 49b= 52w0 57w0 54b= 60b1 47w0",
	"27w- 42b0 52w0 50w= 51b1 47w= 41b0 "
	    "35w0 59b0 49w= 56b1 55b0 58w1 48b0",
	"28b0 43w0 55b1 41w0 52w= 56b= 45b= "
	    "37w= 54b0 59w1 35b0 50w= 57b0 49w=",
	"29w- 44b0 54w0 55w0 50b1 53w0 51w0 "
	    "56b1 57w1 58b0 49b1 46w0 52b0 60w=",
	"30b0 45w= 33b0 51w1 28b0 49w1 42w0 "
	    "52b+ 39b0 35w= 46b0 48b0 56w0 59b=",
};

static unsigned pub_opp[PUB_N][PUB_R], pub_pts[PUB_N][PUB_R];
static int pub_col[PUB_N][PUB_R];
static char pub_res[PUB_N][PUB_R];

static int
pub_load(void)
{
	const char *s;
	char c, r;
	int i, k, o, used;

	for (i = 0; i < PUB_N; i++)
		for (s = pub[i], k = 0; k < PUB_R; k++, s += used) {
			if (sscanf(s, " %d%c%c%n", &o, &c, &r, &used) != 3 ||
			    o < 1 || o > PUB_N)
				return -1;
			pub_res[i][k] = r;
			pub_opp[i][k] = (unsigned)o - 1;
			pub_col[i][k] = c == 'w' ? 1 : -1;
			pub_pts[i][k] = r == '1' || r == '+' ? 2 : r == '=';
		}
	return 0;
}

/* Round k + 1 paired from rounds 1 to k: 0 when as published.  keep: a
 * forfeit given with its opponent (colour 0), else with none. */
static int
pub_round(int k, int keep)
{
	static struct tour t;
	struct swiss_pair p[PUB_N / 2 + 1];
	struct error e;
	size_t i, np;
	int r, ok = 1;

	tour_init(&t, PUB_N, 15);
	t.done = (unsigned)k;
	for (i = 0; i < PUB_N; i++) {
		t.pl[i].nrounds = (unsigned)k;
		for (r = 0; r < k; r++) {
			int forfeit = pub_res[i][r] == '+' ||
			    pub_res[i][r] == '-';

			t.opp[i][r] = forfeit && !keep ? SWISS_NONE :
			    pub_opp[i][r];
			t.col[i][r] = forfeit ? 0 : -pub_col[i][r];
			t.pts[i][r] = pub_pts[i][r];
			t.pl[i].pab |= pub_res[i][r] == '+';
		}
	}
	if (swiss_pair(t.pl, t.n, t.total, p, &np, &e) != 0 ||
	    np != PUB_N / 2) {
		printf("# round %d: %s (%zu pairs)\n", k + 1, e.msg, np);
		return -1;
	}
	for (i = 0; i < np; i++)
		if (p[i].black == SWISS_NONE ||
		    pub_opp[p[i].white][k] != p[i].black ||
		    pub_opp[p[i].black][k] != p[i].white ||
		    pub_col[p[i].white][k] != -1) {
			printf("# round %d: %u-%u\n", k + 1, p[i].white + 1,
			    p[i].black == SWISS_NONE ? 0 : p[i].black + 1);
			ok = 0;
		}
	return ok ? 0 : -1;
}

static void
published(void)
{
	int k;

	if (pub_load() != 0) {
		unit_ok(0, "published: the recorded rounds read");
		return;
	}
	for (k = 0; k < PUB_R; k++)
		unit_ok(pub_round(k, 0) == 0, "published: bbpPairings issue_7, "
		    "round %d: every opponent and colour as recorded", k + 1);
	for (k = 0; k < PUB_R; k++)
		unit_ok(pub_round(k, 1) == 0, "published: round %d again, the "
		    "forfeits given with their opponents", k + 1);
}

/* Round 1 of 7 (A.2, B, E.5, the bye) and input the engine refuses. */
static void
small_cases(void)
{
	static struct tour t;
	struct swiss_pair p[8];
	struct error e;
	size_t np;
	int rc;

	tour_init(&t, 7, 5);
	rc = swiss_pair(t.pl, t.n, t.total, p, &np, &e);
	unit_ok(rc == 0 && np == 4 && p[0].white == 0 && p[0].black == 3 &&
	    p[1].white == 4 && p[1].black == 1 && p[2].white == 2 &&
	    p[2].black == 5 && p[3].white == 6 && p[3].black == SWISS_NONE,
	    "round 1 of 7: the bye to 7, then 1-4, 5-2, 3-6 (S1 against S2, "
	    "the top player white)");
	t.pl[1].rank = 1;
	rc = swiss_pair(t.pl, t.n, t.total, p, &np, &e);
	unit_ok(unit_err(rc, &e, EXIT_MALFORMED, "pairing number 1"),
	    "a pairing number twice: malformed");
	tour_init(&t, 2, 3);
	t.done = 1;
	t.pl[0].nrounds = t.pl[1].nrounds = 1;
	t.opp[0][0] = 5;
	rc = swiss_pair(t.pl, t.n, t.total, p, &np, &e);
	unit_ok(unit_err(rc, &e, EXIT_MALFORMED, "round 1"),
	    "an opponent out of range: malformed");
	t.opp[0][0] = 1;
	t.opp[1][0] = 0;
	t.col[0][0] = 1;
	t.col[1][0] = -1;
	rc = swiss_pair(t.pl, t.n, t.total, p, &np, &e);
	unit_ok(unit_err(rc, &e, EXIT_REFUSED, "absolute criteria"),
	    "two players who have met: refused (C1)");
	rc = swiss_pair(t.pl, t.n, 1, p, &np, &e);
	unit_ok(unit_err(rc, &e, EXIT_MALFORMED, "round 2 of a 1-round"),
	    "a round past the last: malformed");
}

int
main(void)
{
	unit_init();
	random_tournaments();
	published();
	small_cases();
	return unit_done();
}
