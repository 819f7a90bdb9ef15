/*
 * The Swiss pairing engine's entry: who is to be paired, in the Dutch
 * system's order (A.2), their colour preferences (A.6) and floats
 * (A.4), who may meet whom (C1, C3), the pairing-allocated bye (C2),
 * then the brackets from the top score down (swiss_bracket.c), and the
 * colours of each pair (section E).  formats/tournament.md, "Swiss
 * pairings", says what is built and where it simplifies.
 */
#include <stdlib.h>
#include <string.h>

#include "swiss.h"
#include "swiss_int.h"

static unsigned
score_before(const struct swiss_player *pl, unsigned r)
{
	unsigned i, s = 0;

	for (i = 0; i < r && i < pl->nrounds; i++)
		s += pl->points2[i];
	return s;
}

/* The float of round r (A.4.b): +1 down, -1 up, 0 none. */
static int
float_of(const struct swiss_player *pl, size_t i, unsigned r)
{
	const struct swiss_player *v = &pl[i];
	unsigned o = r < v->nrounds ? v->opponent[r] : SWISS_NONE;
	unsigned mine, theirs;

	if (o == SWISS_NONE || v->colour[r] == 0)
		return 1;
	mine = score_before(v, r);
	theirs = score_before(&pl[o], r);
	return mine > theirs ? 1 : mine < theirs ? -1 : 0;
}

/* The preference of A.6 from the colours played, latest last. */
static void
preference(struct sw_pl *p)
{
	const int *h = p->hist;
	unsigned k = p->nhist;

	p->pref = p->strength = 0;
	p->last2 = k >= 2 && h[k - 1] == h[k - 2] ? h[k - 1] : 0;
	if (k == 0)
		return;
	if (p->cd < -1 || p->cd > 1) {
		p->pref = p->cd < 0 ? 1 : -1;
		p->strength = 3;
	} else if (p->last2 != 0) {
		p->pref = -p->last2;
		p->strength = 3;
	} else if (p->cd != 0) {
		p->pref = p->cd < 0 ? 1 : -1;
		p->strength = 2;
	} else {
		p->pref = -h[k - 1];
		p->strength = 1;
	}
}

static int
check_input(const struct swiss_player *pl, size_t n, unsigned total,
    struct error *e)
{
	unsigned char *seen;
	size_t i;
	unsigned r, most = 0;

	if (n > SWISS_MAX)
		return error_set(e, EXIT_MALFORMED, "swiss: %zu players, at "
		    "most %d", n, SWISS_MAX);
	if ((seen = calloc(n + 1, 1)) == NULL)
		return error_errno(e, "swiss");
	for (i = 0; i < n; i++) {
		if (pl[i].rank < 1 || pl[i].rank > n || seen[pl[i].rank]++) {
			free(seen);
			return error_set(e, EXIT_MALFORMED, "swiss: player "
			    "%zu: pairing number %u is not one of 1..%zu, "
			    "once each", i, pl[i].rank, n);
		}
		if (pl[i].nrounds > most)
			most = pl[i].nrounds;
		for (r = 0; r < pl[i].nrounds; r++)
			if ((pl[i].opponent[r] != SWISS_NONE &&
			    (pl[i].opponent[r] >= n ||
			    pl[i].opponent[r] == i)) ||
			    pl[i].colour[r] < -1 || pl[i].colour[r] > 1 ||
			    pl[i].points2[r] > 2) {
				free(seen);
				return error_set(e, EXIT_MALFORMED, "swiss: "
				    "player %zu, round %u: bad opponent, "
				    "colour or points", i, r + 1);
			}
	}
	free(seen);
	if (most >= total)
		return error_set(e, EXIT_MALFORMED, "swiss: round %u of a "
		    "%u-round tournament", most + 1, total);
	return 0;
}

static int
by_order(const void *a, const void *b)
{
	const struct sw_pl *x = a, *y = b;

	if (x->score != y->score)
		return x->score > y->score ? -1 : 1;
	return x->rank < y->rank ? -1 : x->rank > y->rank;
}

/* p[] from the present players, sorted; their histories in s->hist. */
static void
fill(struct sw *s, const struct swiss_player *pl, size_t n, unsigned most)
{
	size_t i, k = 0;
	unsigned r;
	int *h = s->hist;

	for (i = 0; i < n; i++) {
		struct sw_pl *p = &s->p[k];

		if (pl[i].absent)
			continue;
		memset(p, 0, sizeof(*p));
		p->idx = i;
		p->rank = pl[i].rank;
		p->hist = h;
		for (r = 0; r < pl[i].nrounds; r++) {
			p->score += pl[i].points2[r];
			if (pl[i].colour[r] != 0 &&
			    pl[i].opponent[r] != SWISS_NONE) {
				*h++ = pl[i].colour[r];
				p->nhist++;
				p->cd += pl[i].colour[r];
			}
		}
		preference(p);
		p->fl[0] = most >= 1 ? float_of(pl, i, most - 1) : 0;
		p->fl[1] = most >= 2 ? float_of(pl, i, most - 2) : 0;
		p->eligible = !pl[i].pab;
		p->top = s->final && p->score > most;
		k++;
	}
	s->m = k;
	qsort(s->p, s->m, sizeof(s->p[0]), by_order);
}

static void
set_may(struct sw *s, unsigned a, unsigned b, int on)
{
	unsigned char *ra = &s->adj[a * s->stride + b / 8];
	unsigned char *rb = &s->adj[b * s->stride + a / 8];

	if (on) {
		*ra |= 1u << (b % 8);
		*rb |= 1u << (a % 8);
	} else {
		*ra &= ~(1u << (b % 8));
		*rb &= ~(1u << (a % 8));
	}
}

/*
 * C1: no second game (a game not played, colour 0, is none: the two of
 * a forfeit may meet again); C3: non-topscorers with one absolute wish.
 */
static void
fill_adj(struct sw *s, const struct swiss_player *pl, size_t n,
    unsigned *pos)
{
	unsigned a, b, r, o;

	for (a = 0; a < n; a++)
		pos[a] = SW_NONE;
	for (a = 0; a < s->m; a++)
		pos[s->p[a].idx] = a;
	for (a = 0; a < s->m; a++)
		for (b = a + 1; b < s->m; b++)
			set_may(s, a, b, !(s->p[a].strength == 3 &&
			    s->p[b].strength == 3 &&
			    s->p[a].pref == s->p[b].pref &&
			    !s->p[a].top && !s->p[b].top));
	for (a = 0; a < s->m; a++) {
		const struct swiss_player *v = &pl[s->p[a].idx];

		for (r = 0; r < v->nrounds; r++) {
			o = v->opponent[r];
			if (o != SWISS_NONE && v->colour[r] != 0 &&
			    pos[o] != SW_NONE)
				set_may(s, a, pos[o], 0);
		}
	}
}

/*
 * Section E: a against b, a's colour.  The higher ranked (A.2) of two
 * is the one first in the order; the initial colour (E.5), which the
 * rules leave to a lot before round 1, is white for the top player.
 */
int
sw_colour(const struct sw *s, unsigned a, unsigned b)
{
	const struct sw_pl *x = &s->p[a], *y = &s->p[b], *hi;
	unsigned i;

	if (x->pref != y->pref) {			/* E.1 */
		if (x->pref != 0)
			return x->pref;
		return -y->pref;
	}
	if (x->pref != 0 && x->strength != y->strength)	/* E.2 */
		return x->strength > y->strength ? x->pref : -y->pref;
	if (x->pref != 0 && x->strength == 3 && abs(x->cd) != abs(y->cd))
		return abs(x->cd) > abs(y->cd) ? x->pref : -y->pref;
	for (i = 1; i <= x->nhist && i <= y->nhist; i++) {	/* E.3 */
		int cx = x->hist[x->nhist - i], cy = y->hist[y->nhist - i];

		if (cx != cy)
			return -cx;
	}
	hi = a < b ? x : y;
	if (hi->pref != 0)				/* E.4 */
		return hi == x ? x->pref : -y->pref;
	if (hi->rank % 2 == 1)				/* E.5 */
		return hi == x ? 1 : -1;
	return hi == x ? -1 : 1;
}

static void
sw_free(struct sw *s)
{
	free(s->p);
	free(s->adj);
	free(s->hist);
	free(s->mate);
	free(s->base);
	free(s->par);
	free(s->queue);
	free(s->used);
	free(s->blos);
	free(s->seen);
	free(s->act);
	free(s->opp);
	free(s->col);
}

static int
sw_alloc(struct sw *s, const struct swiss_player *pl, size_t n)
{
	size_t i, nh = 0;

	for (i = 0; i < n; i++)
		nh += pl[i].nrounds;
	s->stride = (n + 7) / 8;
	s->p = calloc(n + 1, sizeof(*s->p));
	s->adj = calloc(n * s->stride + 1, 1);
	s->hist = calloc(nh + 1, sizeof(*s->hist));
	s->mate = calloc(n + 1, sizeof(unsigned));
	s->base = calloc(n + 1, sizeof(unsigned));
	s->par = calloc(n + 1, sizeof(unsigned));
	s->queue = calloc(2 * n + 1, sizeof(unsigned));
	s->used = calloc(n + 1, 1);
	s->blos = calloc(n + 1, 1);
	s->seen = calloc(n + 1, 1);
	s->act = calloc(n + 1, 1);
	s->opp = calloc(n + 1, sizeof(unsigned));
	s->col = calloc(n + 1, sizeof(int));
	return s->p && s->adj && s->hist && s->mate && s->base && s->par &&
	    s->queue && s->used && s->blos && s->seen && s->act && s->opp &&
	    s->col ? 0 : -1;
}

/*
 * The pairing-allocated bye: the lowest in the order (lowest score,
 * then highest pairing number) of those who may have it (C2) such that
 * all the others can still be paired (C4).  SW_NONE when m is even;
 * -1 when no one fits or, m even, the round cannot be paired.
 */
static int
choose_bye(struct sw *s, unsigned *bye)
{
	unsigned v;

	*bye = SW_NONE;
	memset(s->act, 1, s->m);
	if (s->m % 2 == 0)
		return sw_perfect(s) ? 0 : -1;
	for (v = s->m; v-- > 0;) {
		if (!s->p[v].eligible)
			continue;
		memset(s->act, 1, s->m);
		s->act[v] = 0;
		if (sw_perfect(s)) {
			*bye = v;
			return 0;
		}
	}
	return -1;
}

/* Pairs the players with act[] set among themselves, as a last resort. */
static void
pair_rest(struct sw *s)
{
	unsigned v, w;

	sw_matching(s);
	for (v = 0; v < s->m; v++) {
		w = s->mate[v];
		if (!s->act[v] || w == SW_NONE || w < v)
			continue;
		s->opp[v] = w;
		s->opp[w] = v;
		s->col[v] = sw_colour(s, v, w);
		s->col[w] = -s->col[v];
	}
}

/*
 * The brackets from the top score down (A.9), each with the players
 * that floated down from the one before.  Should a bracket find nothing
 * within the search's bounds, it and every lower player are paired in
 * one (a "collapsed" last bracket) by the matching, which the bye's
 * choice and each bracket's completion check (C4) keep possible.
 */
static int
pair_brackets(struct sw *s, unsigned bye, unsigned *buf)
{
	unsigned *mdp = buf, *res = buf + s->m, *low = buf + 2 * s->m;
	unsigned *fl = buf + 3 * s->m, i = 0, j, k;
	size_t nm = 0, nr, nl, nfl;
	int rc;

	while (i < s->m) {
		for (j = i; j < s->m && s->p[j].score == s->p[i].score; j++)
			;
		for (nr = 0, k = i; k < j; k++)
			if (k != bye)
				res[nr++] = k;
		for (nl = 0, k = j; k < s->m; k++)
			if (k != bye)
				low[nl++] = k;
		if (nr == 0) {
			memcpy(res, mdp, nm * sizeof(*mdp));
			nr = nm;
			nm = 0;
		}
		if (nr == 0) {
			i = j;
			continue;
		}
		rc = sw_bracket(s, mdp, nm, res, nr, low, nl, fl, &nfl);
		if (rc == -2)
			return -1;
		if (rc != 0) {
			memset(s->act, 0, s->m);
			for (k = 0; k < nm; k++)
				s->act[mdp[k]] = 1;
			for (k = 0; k < nr; k++)
				s->act[res[k]] = 1;
			for (k = 0; k < nl; k++)
				s->act[low[k]] = 1;
			pair_rest(s);
			return 0;
		}
		memcpy(mdp, fl, nfl * sizeof(*fl));
		nm = nfl;
		i = j;
	}
	memset(s->act, 0, s->m);
	for (k = 0; k < nm; k++)
		s->act[mdp[k]] = 1;
	pair_rest(s);
	return 0;
}

/* A pair on its way out: the higher and the lower player's scores and
 * places. */
struct board {
	unsigned	 hs, ls, hp, lp;
};

/* Board order: the higher score in the pair, then the lower, then the
 * higher player's place. */
static int
by_board(const void *a, const void *b)
{
	const struct board *x = a, *y = b;

	if (x->hs != y->hs)
		return x->hs > y->hs ? -1 : 1;
	if (x->ls != y->ls)
		return x->ls > y->ls ? -1 : 1;
	return x->hp < y->hp ? -1 : x->hp > y->hp;
}

/* The pairs in board order, the bye last; bd has room for m / 2. */
static size_t
output(const struct sw *s, unsigned bye, struct board *bd,
    struct swiss_pair *pairs)
{
	size_t nb = 0, i;
	unsigned v, w;

	for (v = 0; v < s->m; v++) {
		w = s->opp[v];
		if (w == SW_NONE || w < v)
			continue;
		bd[nb].hs = s->p[v].score;
		bd[nb].ls = s->p[w].score;
		bd[nb].hp = v;
		bd[nb].lp = w;
		nb++;
	}
	qsort(bd, nb, sizeof(*bd), by_board);
	for (i = 0; i < nb; i++) {
		v = bd[i].hp;
		w = bd[i].lp;
		pairs[i].white = s->p[s->col[v] > 0 ? v : w].idx;
		pairs[i].black = s->p[s->col[v] > 0 ? w : v].idx;
	}
	if (bye != SW_NONE) {
		pairs[nb].white = s->p[bye].idx;
		pairs[nb].black = SWISS_NONE;
		nb++;
	}
	return nb;
}

int
swiss_pair(const struct swiss_player *pl, size_t n, unsigned total,
    struct swiss_pair *pairs, size_t *npairs, struct error *e)
{
	struct sw s;
	unsigned *buf = NULL, bye, most = 0;
	size_t i;
	int rc = -1;

	*npairs = 0;
	if (check_input(pl, n, total, e) != 0)
		return -1;
	for (i = 0; i < n; i++)
		if (pl[i].nrounds > most)
			most = pl[i].nrounds;
	memset(&s, 0, sizeof(s));
	s.final = most + 1 == total;
	if (sw_alloc(&s, pl, n) != 0 ||
	    (buf = calloc(4 * n + 1, sizeof(*buf))) == NULL) {
		error_errno(e, "swiss");
		goto done;
	}
	fill(&s, pl, n, most);
	fill_adj(&s, pl, n, buf);
	for (i = 0; i < s.m; i++)
		s.opp[i] = SW_NONE;
	if (choose_bye(&s, &bye) != 0) {
		error_set(e, EXIT_REFUSED, "swiss: round %u: no pairing of "
		    "the %zu players meets the absolute criteria", most + 1,
		    s.m);
		goto done;
	}
	if (pair_brackets(&s, bye, buf) != 0) {
		error_errno(e, "swiss");
		goto done;
	}
	/* buf (4 n unsigned) is free again: the boards (2 n at most) */
	*npairs = output(&s, bye, (struct board *)(void *)buf, pairs);
	rc = 0;
done:
	free(buf);
	sw_free(&s);
	return rc;
}
