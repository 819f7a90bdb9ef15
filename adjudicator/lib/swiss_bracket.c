/*
 * One bracket of the Dutch system (C.04.3 B): its candidates in the
 * order the rules make them, the first that is "perfect" taken, else
 * the best seen within a bound of search steps.  A candidate pairs the
 * moved-down players (MDPs) first, in order, each with the residents in
 * order (the MDP-pairing), then the remainder: S1 its top half, S2 the
 * rest, S2's transpositions in lexicographic order, then exchanges
 * between S1 and S2 in the order of D.2 (while they can be listed),
 * then (only when none of those fits) every other pairing of the
 * remainder in order.  Quality (C8 to C19; C7 at the end) is counted as
 * pairs are made, so that a partial candidate already no better than
 * the best kept is cut off.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "swiss_int.h"

#define NODE_MAX	30000	/* search steps a bracket, at most */
#define CHECK_MAX	40000	/* players in the completion checks of a
				 * bracket, summed, at most */

#define XCH_MAX		4096	/* exchanges of 2 or more listed, at most */
#define XCH_K		8	/* players a side, at most */

/* An exchange: S1's players a[] (places in the remainder, descending)
 * for S2's b[] (ascending). */
struct xch {
	long		 diff;		/* sum of b[] - sum of a[] */
	size_t		 k;
	unsigned short	 a[XCH_K], b[XCH_K];
};

struct cand {
	struct sw	*s;
	const unsigned	*mdp, *res, *low;
	size_t		 nm, nr, nl;
	size_t		 nnext;		/* low[0 .. nnext): the next group */
	unsigned	 below;		/* its score (0: none) */
	unsigned char	*taken;		/* by position: in a pair */
	unsigned	*pa, *pb;	/* the pairs being made */
	size_t		 np, pr;	/* pr: pairs the remainder needs */
	int		 q[SW_NQ];	/* their quality (enum sw_q) */
	unsigned	*ba, *bb;	/* the best candidate kept */
	size_t		 bnp;
	int		 bq[SW_NQ];
	int		 lb[SW_NQ];	/* no candidate does better */
	int		 have, stop;
	long		 nodes, checks;	/* checks: players checked */
	size_t		 t;		/* pairs the candidate makes */
	long		 wish[4];	/* of the unpaired: white, black
					 * wanted, then strongly so */
	unsigned	*rem, *s1, *s2;	/* the remainder, its S1 and S2 */
	size_t		 nrem, n1, n2;
	struct xch	*xl;		/* exchanges of 2 or more a side */
};

/* a before b in the criteria's order (lexicographic). */
static int
less(const int *a, const int *b)
{
	int i;

	for (i = 0; i < SW_NQ; i++)
		if (a[i] != b[i])
			return a[i] < b[i];
	return 0;
}

/*
 * What the pair x-y costs: C8 and C9 (topscorers in the final round),
 * C10 and C11 (colour preferences not met); when their scores differ,
 * C12 to C15 (the float of one and two rounds before again: the higher
 * player's downfloat, the lower one's upfloat) and C16 to C19 (the
 * score difference of each float given again, summed).  A player who
 * floats down out of the bracket counts where it floats (leaf()).
 */
static void
cost(const struct sw *s, unsigned x, unsigned y, int *d)
{
	const struct sw_pl *px = &s->p[x], *py = &s->p[y], *hi, *lo;
	int w = sw_colour(s, x, y), g, k, diff;

	memset(d, 0, SW_NQ * sizeof(*d));
	for (k = 0; k < 2; k++) {
		const struct sw_pl *v = k == 0 ? px : py;

		g = k == 0 ? w : -w;
		if (v->pref != 0 && g != v->pref) {
			d[Q_C10]++;
			if (v->strength >= 2)
				d[Q_C11]++;
		}
		if (s->final && (px->top || py->top)) {
			if (abs(v->cd + g) > 2)
				d[Q_C8]++;
			if (v->last2 == g)
				d[Q_C9]++;
		}
	}
	if (px->score == py->score)
		return;
	hi = px->score > py->score ? px : py;
	lo = hi == px ? py : px;
	diff = (int)(hi->score - lo->score);
	d[Q_C12] += hi->fl[0] == 1;
	d[Q_C13] += lo->fl[0] == -1;
	d[Q_C14] += hi->fl[1] == 1;
	d[Q_C15] += lo->fl[1] == -1;
	d[Q_C16] += hi->fl[0] == 1 ? diff : 0;
	d[Q_C17] += lo->fl[0] == -1 ? diff : 0;
	d[Q_C18] += hi->fl[1] == 1 ? diff : 0;
	d[Q_C19] += lo->fl[1] == -1 ? diff : 0;
}

/* The unpaired players' wishes as v leaves them (by -1) or rejoins. */
static void
wish(struct cand *c, unsigned v, long by)
{
	const struct sw_pl *p = &c->s->p[v];

	if (p->pref == 0)
		return;
	c->wish[p->pref > 0 ? 0 : 1] += by;
	if (p->strength >= 2)
		c->wish[p->pref > 0 ? 2 : 3] += by;
}

/*
 * The least C10 and C11 the pairs still to make add: of w players who
 * wish one colour among those left, at most spare float and each pair
 * grants one of them at most.
 */
static void
still(const struct cand *c, int *q)
{
	long left = (long)(c->t - c->np), spare, x;
	int k;

	spare = (long)(c->nm + c->nr - 2 * c->np) - 2 * left;
	for (k = 0; k < 4; k++) {
		x = c->wish[k] - spare - left;
		if (x > 0)
			q[Q_C10 + k / 2] += (int)x;
	}
}

/* Adds the pair; 0 when the candidate can no longer beat the best. */
static int
push(struct cand *c, unsigned x, unsigned y, int *d)
{
	int i, q[SW_NQ];

	cost(c->s, x, y, d);
	for (i = 0; i < SW_NQ; i++)
		c->q[i] += d[i];
	c->taken[x] = c->taken[y] = 1;
	c->pa[c->np] = x;
	c->pb[c->np] = y;
	c->np++;
	wish(c, x, -1);
	wish(c, y, -1);
	if (!c->have)
		return 1;
	memcpy(q, c->q, sizeof(q));
	still(c, q);
	return less(q, c->bq);
}

static void
pop(struct cand *c, const int *d)
{
	int i;

	c->np--;
	c->taken[c->pa[c->np]] = c->taken[c->pb[c->np]] = 0;
	wish(c, c->pa[c->np], 1);
	wish(c, c->pb[c->np], 1);
	for (i = 0; i < SW_NQ; i++)
		c->q[i] -= d[i];
}

static int
step(struct cand *c)
{
	if (c->stop)
		return 0;
	if (++c->nodes > NODE_MAX) {
		c->stop = 1;
		return 0;
	}
	return 1;
}

/* C4: the downfloaters and every lower player can still all be paired. */
static int
completes(struct cand *c)
{
	struct sw *s = c->s;
	size_t i;

	memset(s->act, 0, s->m);
	for (i = 0; i < c->nm; i++)
		s->act[c->mdp[i]] = !c->taken[c->mdp[i]];
	for (i = 0; i < c->nr; i++)
		s->act[c->res[i]] = !c->taken[c->res[i]];
	for (i = 0; i < c->nl; i++)
		s->act[c->low[i]] = 1;
	return sw_perfect(s);
}

/*
 * C7: the pairs the next bracket (its residents and this one's
 * downfloaters) can make, short of as many as its size allows.
 */
static int
next_loss(struct cand *c)
{
	struct sw *s = c->s;
	size_t i, n = c->nnext;

	memset(s->act, 0, s->m);
	for (i = 0; i < c->nnext; i++)
		s->act[c->low[i]] = 1;
	for (i = 0; i < c->nm + c->nr; i++) {
		unsigned v = i < c->nm ? c->mdp[i] : c->res[i - c->nm];

		if (!c->taken[v]) {
			s->act[v] = 1;
			n++;
		}
	}
	return (int)(n / 2 - sw_matching(s));
}

/* A whole candidate: kept when it beats the best and completes. */
static void
leaf(struct cand *c)
{
	int q[SW_NQ];
	size_t i;

	memcpy(q, c->q, sizeof(q));
	for (i = 0; i < c->nm + c->nr; i++) {	/* the downfloaters */
		unsigned v = i < c->nm ? c->mdp[i] : c->res[i - c->nm];
		const struct sw_pl *p = &c->s->p[v];
		int diff = (int)(p->score - c->below);

		if (c->taken[v])
			continue;
		q[Q_C12] += p->fl[0] == 1;
		q[Q_C14] += p->fl[1] == 1;
		q[Q_C16] += p->fl[0] == 1 ? diff : 0;
		q[Q_C18] += p->fl[1] == 1 ? diff : 0;
	}
	if (c->have && !less(q, c->bq))
		return;
	if (c->nnext > 0) {
		q[Q_C7] = next_loss(c);
		if (c->have && !less(q, c->bq))
			return;
	}
	c->checks += (long)(c->nm + c->nr - 2 * c->np + c->nl);
	if (c->checks > CHECK_MAX) {
		c->stop = 1;
		return;
	}
	if (!completes(c))
		return;
	memcpy(c->ba, c->pa, c->np * sizeof(*c->pa));
	memcpy(c->bb, c->pb, c->np * sizeof(*c->pb));
	c->bnp = c->np;
	memcpy(c->bq, q, sizeof(q));
	c->have = 1;
	if (memcmp(q, c->lb, sizeof(q)) == 0)
		c->stop = 1;
}

/* S1[i..] against S2, S2's players tried in order: the transpositions. */
static void
transpose(struct cand *c, size_t i)
{
	int d[SW_NQ];
	size_t j;

	if (!step(c))
		return;
	if (i == c->n1) {
		leaf(c);
		return;
	}
	for (j = 0; j < c->n2 && !c->stop; j++) {
		unsigned x = c->s1[i], y = c->s2[j];

		if (c->taken[y] || !sw_may(c->s, x, y))
			continue;
		if (push(c, x, y, d))
			transpose(c, i + 1);
		pop(c, d);
	}
}

/* Every pairing of the remainder: its first free player with each
 * later one in order, or floating when floats are left. */
static void
any(struct cand *c, size_t from, size_t pairs, size_t floats)
{
	int d[SW_NQ];
	size_t t, u;

	if (!step(c))
		return;
	if (pairs == 0) {
		leaf(c);
		return;
	}
	for (t = from; t < c->nrem && c->taken[c->rem[t]]; t++)
		;
	if (t == c->nrem)
		return;
	for (u = t + 1; u < c->nrem && !c->stop; u++) {
		if (c->taken[c->rem[u]] || !sw_may(c->s, c->rem[t], c->rem[u]))
			continue;
		if (push(c, c->rem[t], c->rem[u], d))
			any(c, t + 1, pairs - 1, floats);
		pop(c, d);
	}
	if (floats > 0 && !c->stop)
		any(c, t + 1, pairs, floats - 1);
}

/*
 * S1 the top pr of the remainder, S2 the rest, players i (of S1) and j
 * (of S2) exchanged, or none when i is SIZE_MAX.  The remainder is in
 * order, so S2's player goes to the end of S1 and S1's to the head of
 * S2, and both stay in order.
 */
static void
split(struct cand *c, size_t i, size_t j)
{
	size_t k;

	c->n1 = c->n2 = 0;
	if (i != SIZE_MAX)
		c->s2[c->n2++] = c->rem[i];
	for (k = 0; k < c->nrem; k++) {
		if (k == i || k == j)
			continue;
		if (k < c->pr)
			c->s1[c->n1++] = c->rem[k];
		else
			c->s2[c->n2++] = c->rem[k];
	}
	if (i != SIZE_MAX)
		c->s1[c->n1++] = c->rem[j];
}

/* The next k-subset of v[0]..hi-1 after v[] (ascending); 0 past the
 * last. */
static int
next_subset(unsigned short *v, size_t k, size_t hi)
{
	size_t i = k, j;

	while (i-- > 0)
		if (v[i] < hi - (k - i)) {
			v[i]++;
			for (j = i + 1; j < k; j++)
				v[j] = v[j - 1] + 1;
			return 1;
		}
	return 0;
}

/* How many k-subsets of n, or XCH_MAX + 1 past it. */
static size_t
choose(size_t n, size_t k)
{
	size_t r = 1, i;

	for (i = 0; i < k; i++) {
		r = r * (n - i) / (i + 1);
		if (r > XCH_MAX)
			return XCH_MAX + 1;
	}
	return r;
}

/* D.2: the smaller difference, then the higher S1 players, then the
 * lower S2 players. */
static int
by_d2(const void *x, const void *y)
{
	const struct xch *a = x, *b = y;
	size_t i;

	if (a->diff != b->diff)
		return a->diff < b->diff ? -1 : 1;
	for (i = 0; i < a->k; i++)
		if (a->a[i] != b->a[i])
			return a->a[i] > b->a[i] ? -1 : 1;
	for (i = 0; i < a->k; i++)
		if (a->b[i] != b->b[i])
			return a->b[i] < b->b[i] ? -1 : 1;
	return 0;
}

/* The exchanges of k a side, in D.2's order, into c->xl: how many, or
 * 0 when too many to list. */
static size_t
list_exchanges(struct cand *c, size_t k)
{
	unsigned short va[XCH_K], vb[XCH_K];
	size_t n = 0, i, n2 = c->nrem - c->pr;

	if (k > XCH_K || choose(c->pr, k) * choose(n2, k) > XCH_MAX)
		return 0;
	for (i = 0; i < k; i++)
		va[i] = (unsigned short)i;
	do {
		for (i = 0; i < k; i++)
			vb[i] = (unsigned short)(c->pr + i);
		do {
			struct xch *x = &c->xl[n++];

			x->k = k;
			x->diff = 0;
			for (i = 0; i < k; i++) {
				x->a[i] = va[k - 1 - i];
				x->b[i] = vb[i];
				x->diff += (long)vb[i] - (long)va[i];
			}
		} while (next_subset(vb, k, c->nrem));
	} while (next_subset(va, k, c->pr));
	qsort(c->xl, n, sizeof(*c->xl), by_d2);
	return n;
}

/* S1 and S2 with the exchange x made. */
static void
split_by(struct cand *c, const struct xch *x)
{
	size_t k, i;
	int in1;

	c->n1 = c->n2 = 0;
	for (k = 0; k < c->nrem; k++) {
		in1 = k < c->pr;
		for (i = 0; i < x->k; i++)
			if (x->a[i] == k || x->b[i] == k)
				in1 = !in1;
		if (in1)
			c->s1[c->n1++] = c->rem[k];
		else
			c->s2[c->n2++] = c->rem[k];
	}
}

/* Exchanges of 2 or more a side, while they can be listed. */
static void
exchange_more(struct cand *c)
{
	size_t k, n, i;

	if (c->xl == NULL && (c->xl = calloc(XCH_MAX + 1,
	    sizeof(*c->xl))) == NULL)
		return;
	for (k = 2; k <= c->pr && k <= c->nrem - c->pr && !c->stop; k++) {
		if ((n = list_exchanges(c, k)) == 0)
			return;
		for (i = 0; i < n && !c->stop; i++) {
			split_by(c, &c->xl[i]);
			transpose(c, 0);
		}
	}
}

/*
 * The remainder (homogeneous): transpositions, then exchanges between
 * S1 and S2 by D.2 (fewer players first; of as many, the smaller
 * difference of pairing numbers, then the higher S1 players, then the
 * lower S2 players), as long as they can be listed; then any pairing.
 */
static void
pair_remainder(struct cand *c)
{
	size_t k, dist, i, j;
	int had = c->have;

	for (c->nrem = 0, k = 0; k < c->nr; k++)
		if (!c->taken[c->res[k]])
			c->rem[c->nrem++] = c->res[k];
	if (c->pr == 0) {
		leaf(c);
		return;
	}
	split(c, SIZE_MAX, SIZE_MAX);
	transpose(c, 0);
	for (dist = 1; dist < c->nrem && !c->stop; dist++)
		for (i = c->pr; i-- > 0 && !c->stop;) {
			j = i + dist;
			if (j < c->pr || j >= c->nrem)
				continue;
			split(c, i, j);
			transpose(c, 0);
		}
	if (!c->stop)
		exchange_more(c);
	if (c->have == had && !c->stop)
		any(c, 0, c->pr, c->nrem - 2 * c->pr);
}

/* The MDP-pairing: mdp[i..] each with a resident in order, k of them
 * paired, the others (skips) left to float on. */
static void
pair_mdps(struct cand *c, size_t i, size_t k, size_t skips)
{
	int d[SW_NQ];
	size_t j;

	if (!step(c))
		return;
	if (i == c->nm) {
		pair_remainder(c);
		return;
	}
	for (j = 0; k > 0 && j < c->nr && !c->stop; j++) {
		unsigned x = c->mdp[i], y = c->res[j];

		if (c->taken[y] || !sw_may(c->s, x, y))
			continue;
		if (push(c, x, y, d))
			pair_mdps(c, i + 1, k - 1, skips);
		pop(c, d);
	}
	if (skips > 0 && !c->stop)
		pair_mdps(c, i + 1, k, skips - 1);
}

/* The least of C10 and C11 that T pairs of the bracket can give. */
static void
bounds(struct cand *c, size_t t)
{
	size_t i, spare = c->nm + c->nr - 2 * t;
	long w[4] = { 0, 0, 0, 0 };
	int k;

	memset(c->lb, 0, sizeof(c->lb));
	c->t = t;
	for (i = 0; i < c->nm + c->nr; i++) {
		const struct sw_pl *v = &c->s->p[i < c->nm ? c->mdp[i] :
		    c->res[i - c->nm]];

		if (v->pref == 0)
			continue;
		w[v->pref > 0 ? 0 : 1]++;
		if (v->strength >= 2)
			w[v->pref > 0 ? 2 : 3]++;
	}
	memcpy(c->wish, w, sizeof(c->wish));
	for (k = 0; k < 4; k++)
		if (w[k] > (long)(spare + t))
			c->lb[Q_C10 + k / 2] += (int)(w[k] - (long)(spare + t));
}

/* The best candidate into the round; the others float down. */
static void
commit(struct cand *c, unsigned *fl, size_t *nfl)
{
	struct sw *s = c->s;
	size_t i;

	for (i = 0; i < c->bnp; i++) {
		unsigned x = c->ba[i], y = c->bb[i];

		s->opp[x] = y;
		s->opp[y] = x;
		s->col[x] = sw_colour(s, x, y);
		s->col[y] = -s->col[x];
	}
	*nfl = 0;
	for (i = 0; i < c->nm; i++)
		if (s->opp[c->mdp[i]] == SW_NONE)
			fl[(*nfl)++] = c->mdp[i];
	for (i = 0; i < c->nr; i++)
		if (s->opp[c->res[i]] == SW_NONE)
			fl[(*nfl)++] = c->res[i];
}

/* The largest number of pairs within the bracket, whatever else. */
static size_t
most_pairs(struct cand *c)
{
	size_t i;

	memset(c->s->act, 0, c->s->m);
	for (i = 0; i < c->nm; i++)
		c->s->act[c->mdp[i]] = 1;
	for (i = 0; i < c->nr; i++)
		c->s->act[c->res[i]] = 1;
	return sw_matching(c->s);
}

/*
 * The lower players who cannot all be paired among themselves: at least
 * as many must be paired with this bracket's downfloaters (C4), which
 * bounds the bracket's pairs before any candidate is tried.
 */
static size_t
lower_need(struct cand *c)
{
	size_t i;

	memset(c->s->act, 0, c->s->m);
	for (i = 0; i < c->nl; i++)
		c->s->act[c->low[i]] = 1;
	return c->nl - 2 * sw_matching(c->s);
}

/*
 * The bracket's configurations: the most pairs first (C5), and of as
 * many pairs the most MDPs paired first (C6); in each, the candidates
 * in the rules' order.
 */
static int
search(struct cand *c)
{
	size_t t, k, top = most_pairs(c), need = lower_need(c);

	for (t = top + 1; t-- > 0 && !c->stop;) {
		if (c->nm + c->nr - 2 * t < need)
			continue;
		for (k = t < c->nm ? t : c->nm; ; k--) {
			if (k <= c->nr && 2 * (t - k) <= c->nr - k) {
				c->pr = t - k;
				bounds(c, t);
				pair_mdps(c, 0, k, c->nm - k);
				if (c->have || c->stop)
					return c->have ? 0 : -1;
			}
			if (k == 0)
				break;
		}
	}
	return -1;
}

int
sw_bracket(struct sw *s, const unsigned *mdp, size_t nm,
    const unsigned *res, size_t nr, const unsigned *low, size_t nl,
    unsigned *fl, size_t *nfl)
{
	struct cand c;
	size_t n = nm + nr + 1;
	int rc = -1;

	memset(&c, 0, sizeof(c));
	c.s = s;
	c.mdp = mdp;
	c.nm = nm;
	c.res = res;
	c.nr = nr;
	c.low = low;
	c.nl = nl;
	while (c.nnext < nl &&
	    s->p[low[c.nnext]].score == s->p[low[0]].score)
		c.nnext++;
	c.below = nl > 0 ? s->p[low[0]].score : 0;
	c.taken = calloc(s->m + 1, 1);
	c.pa = calloc(n, sizeof(unsigned));
	c.pb = calloc(n, sizeof(unsigned));
	c.ba = calloc(n, sizeof(unsigned));
	c.bb = calloc(n, sizeof(unsigned));
	c.rem = calloc(n, sizeof(unsigned));
	c.s1 = calloc(n, sizeof(unsigned));
	c.s2 = calloc(n, sizeof(unsigned));
	if (!c.taken || !c.pa || !c.pb || !c.ba || !c.bb || !c.rem ||
	    !c.s1 || !c.s2)
		rc = -2;
	else if (search(&c) == 0) {
		commit(&c, fl, nfl);
		rc = 0;
	}
	free(c.taken);
	free(c.pa);
	free(c.pb);
	free(c.ba);
	free(c.bb);
	free(c.rem);
	free(c.s1);
	free(c.s2);
	free(c.xl);
	return rc;
}
