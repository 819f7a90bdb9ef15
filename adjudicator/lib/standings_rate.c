/*
 * Standings: the games taken put in order, and rated table by table,
 * period by period.  See standings.h; adjudicator-ratings(7) states the
 * rules this file follows.
 */
#include <stdlib.h>
#include <string.h>

#include "standings.h"
#include "transcript.h"

/* --- ordering --- */

static int
by_time(const void *a, const void *b)
{
	const struct standings_game *x = a, *y = b;
	int c;

	if (x->when != y->when)
		return x->when < y->when ? -1 : 1;
	if ((c = strcmp(x->id, y->id)) != 0)
		return c;
	if ((c = memcmp(x->last, y->last, SEC_HASH)) != 0)
		return c;
	return strcmp(x->from, y->from);
}

/*
 * One game, several archives (each seat's export): counted once when
 * they end with the same entry.  Two that end otherwise are a fork that
 * the signers made: neither counts.
 */
static void
once(struct standings *s)
{
	struct standings_game kept;
	size_t i, j, k, out = 0;

	if (s->n > 1)
		qsort(s->g, s->n, sizeof(*s->g), by_time);
	for (i = 0; i < s->n; i = j) {
		for (j = i + 1; j < s->n && strcmp(s->g[j].id, s->g[i].id) == 0;
		    j++)
			;
		if (memcmp(s->g[i].last, s->g[j - 1].last, SEC_HASH) != 0) {
			/* one key that signed both stories: the proof */
			if (standings_fork(s, &s->g[i], &s->g[j - 1], &kept)) {
				s->g[out++] = kept;
				continue;
			}
			for (k = i; k < j; k++) {
				report_line(s->report, "%s: game %.16s ends "
				    "otherwise in %s: a fork, not counted",
				    s->g[k].from, s->g[k].id,
				    s->g[k == i ? j - 1 : i].from);
				s->refused++;
				if (s->status != EXIT_MALFORMED)
					s->status = EXIT_REFUSED;
			}
			continue;
		}
		s->g[out++] = s->g[i];
	}
	s->n = out;
}

/* The games the club does not vouch for (standings -j, -m): left out,
 * counted by why, after the forks so that each game counts once. */
static void
vouched(struct standings *s)
{
	size_t i, out = 0;

	for (i = 0; i < s->n; i++)
		if (s->g[i].left == STANDINGS_LEFT_JUDGE)
			s->left_judge++;
		else if (s->g[i].left == STANDINGS_LEFT_MEMBERS)
			s->left_members++;
		else
			s->g[out++] = s->g[i];
	s->n = out;
}

/* --- rating a table --- */

struct period_entry {
	uint32_t	p, q;		/* player, opponent */
	double		score, weight;
};

struct rater {
	struct standings_table	*t;
	const struct standings_opts *o;
	struct period_entry	*e;
	size_t			 ne, cap;
	uint32_t		*pending;	/* rated games in the period */
	uint32_t		*touched;	/* players of the period, in order */
	size_t			 nt;
	double			*acc;
	struct rating_glicko	*next;
	struct rating_result	*res;
	uint32_t		*off;
};

static int
find(const struct standings_table *t, const char *key, size_t *at)
{
	size_t lo = 0, hi = t->n, mid;
	int c;

	while (lo < hi) {
		mid = (lo + hi) / 2;
		if ((c = strcmp(t->p[mid].key, key)) == 0) {
			*at = mid;
			return 1;
		}
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	*at = lo;
	return 0;
}

static int
add_player(struct standings_table *t, size_t *cap, const char *key,
    struct error *e)
{
	struct standings_player *n;
	size_t at;

	if (find(t, key, &at))
		return 0;
	if (t->n == *cap) {
		*cap = *cap ? 2 * *cap : 16;
		if ((n = realloc(t->p, *cap * sizeof(*n))) == NULL)
			return error_set(e, EXIT_SYSTEM, "out of memory");
		t->p = n;
	}
	memmove(&t->p[at + 1], &t->p[at], (t->n - at) * sizeof(*t->p));
	memset(&t->p[at], 0, sizeof(t->p[at]));
	snprintf(t->p[at].key, sizeof(t->p[at].key), "%s", key);
	t->p[at].elo = RATING_START;
	rating_glicko_new(&t->p[at].gl);
	t->n++;
	return 0;
}

static uint32_t
index_of(const struct standings_table *t, const char *key)
{
	size_t at;

	(void)find(t, key, &at);
	return (uint32_t)at;
}

/* Elo: every result against the ratings at the period's start; K by the
 * games rated before it. */
static void
flush_elo(struct rater *r)
{
	struct standings_player *p = r->t->p;
	size_t i;

	for (i = 0; i < r->ne; i++)
		r->acc[r->e[i].p] += r->e[i].weight * (r->e[i].score -
		    rating_expect(p[r->e[i].p].elo - p[r->e[i].q].elo));
	for (i = 0; i < r->nt; i++) {
		uint32_t k = r->touched[i];

		p[k].elo += rating_elo_k(p[k].games) * r->acc[k];
		r->acc[k] = 0;
	}
}

/* Glicko-2: each player brought to the period's start (its idle periods
 * since its last), then every result against the opponents' ratings and
 * deviations at that start. */
static void
flush_glicko(struct rater *r, int64_t period)
{
	struct standings_player *p = r->t->p;
	size_t i, n;
	uint32_t k;

	for (i = 0; i < r->nt; i++) {
		k = r->touched[i];
		if (p[k].rated_yet)
			rating_glicko2_idle(&p[k].gl, (uint64_t)(period -
			    p[k].last_period - 1));
		r->off[k] = 0;
	}
	for (i = 0; i < r->ne; i++)
		r->off[r->e[i].p]++;
	for (n = 0, i = 0; i < r->nt; i++) {
		k = r->touched[i];
		n += r->off[k];
		r->off[k] = (uint32_t)(n - r->off[k]);
	}
	for (i = 0; i < r->ne; i++) {
		struct rating_result *x = &r->res[r->off[r->e[i].p]++];

		x->opp = p[r->e[i].q].gl.r;
		x->opp_rd = p[r->e[i].q].gl.rd;
		x->score = r->e[i].score;
		x->weight = r->e[i].weight;
	}
	for (n = 0, i = 0; i < r->nt; i++) {
		size_t end;

		k = r->touched[i];
		end = r->off[k];
		r->next[i] = p[k].gl;
		rating_glicko2(&r->next[i], &r->res[n], end - n,
		    RATING_GLICKO_TAU);
		n = end;
	}
	for (i = 0; i < r->nt; i++)
		p[r->touched[i]].gl = r->next[i];
}

static void
flush(struct rater *r, int64_t period)
{
	size_t i;
	uint32_t k;

	if (r->nt == 0)
		return;
	if (r->o->system == STANDINGS_ELO)
		flush_elo(r);
	else
		flush_glicko(r, period);
	for (i = 0; i < r->nt; i++) {
		k = r->touched[i];
		r->t->p[k].games += r->pending[k];
		r->pending[k] = 0;
		r->t->p[k].last_period = period;
		r->t->p[k].rated_yet = 1;
	}
	r->ne = r->nt = 0;
}

static int
push(struct rater *r, uint32_t p, uint32_t q, double score, double weight,
    struct error *e)
{
	struct period_entry *n;
	struct rating_result *x;
	size_t cap = r->cap ? 2 * r->cap : 256;

	if (r->ne == r->cap) {
		if ((n = realloc(r->e, cap * sizeof(*n))) != NULL)
			r->e = n;
		if ((x = realloc(r->res, cap * sizeof(*x))) != NULL)
			r->res = x;
		if (n == NULL || x == NULL)
			return error_set(e, EXIT_SYSTEM, "out of memory");
		r->cap = cap;
	}
	r->e[r->ne].p = p;
	r->e[r->ne].q = q;
	r->e[r->ne].score = score;
	r->e[r->ne].weight = weight;
	r->ne++;
	return 0;
}

/* One rated game into its period: each seat's results, each weighing
 * one over the seat's opponents in the game. */
static int
rate_game(struct rater *r, const struct standings_game *g, struct error *e)
{
	struct standings_player *p = r->t->p;
	uint32_t idx[GAME_MAX_SEATS], k;
	int i, j, opp;

	for (i = 0; i < g->nseats; i++)
		idx[i] = index_of(r->t, g->seat[i].key);
	for (i = 0; i < g->nseats; i++) {
		k = idx[i];
		for (opp = 0, j = 0; j < g->nseats; j++)
			opp += g->pair[i][j] != STANDINGS_APART;
		if (r->pending[k]++ == 0)
			r->touched[r->nt++] = k;
		p[k].won += g->seat[i].outcome == STANDINGS_WON;
		p[k].drawn += g->seat[i].outcome == STANDINGS_DRAWN;
		p[k].lost += g->seat[i].outcome == STANDINGS_LOST;
		for (j = 0; j < g->nseats; j++)
			if (g->pair[i][j] != STANDINGS_APART &&
			    push(r, k, idx[j], g->pair[i][j] / 2.0, 1.0 / opp,
			    e) != 0)
				return -1;
	}
	return 0;
}

/*
 * Apart from the rating: the game's holders at the end finished it (and
 * lost it on time, if so); a key that held a seat before them made its
 * own late moves, and nothing else of the game is its.  Each is named
 * by its key's own name, as its latest game gives it.
 */
static void
reliability(struct standings_table *t, const struct standings_game *g)
{
	struct standings_player *p;
	int i;

	for (i = 0; i < g->nearlier; i++) {
		p = &t->p[index_of(t, g->earlier[i].key)];
		snprintf(p->name, sizeof(p->name), "%s", g->earlier[i].player);
		p->late += g->earlier[i].late;
	}
	for (i = 0; i < g->nseats; i++) {
		p = &t->p[index_of(t, g->seat[i].key)];
		snprintf(p->name, sizeof(p->name), "%s", g->seat[i].player);
		p->finished++;
		p->timeouts += g->seat[i].timed_out != 0;
		p->late += g->seat[i].late;
	}
}

static int
rate_table(struct standings_table *t, const struct standings *s,
    const struct standings_opts *o, struct error *e)
{
	struct rater r;
	size_t i, cap = 0;
	int64_t period = 0;
	int i2, rc = -1, any = 0;

	memset(&r, 0, sizeof(r));
	r.t = t;
	r.o = o;
	for (i = 0; i < s->n; i++) {
		const struct standings_game *g = &s->g[i];

		if (t->rules[0] != '\0' && strcmp(g->rules, t->rules) != 0)
			continue;
		for (i2 = 0; i2 < g->nseats; i2++)
			if (add_player(t, &cap, g->seat[i2].key, e) != 0)
				goto done;
		for (i2 = 0; i2 < g->nearlier; i2++)
			if (add_player(t, &cap, g->earlier[i2].key, e) != 0)
				goto done;
	}
	if (t->n > 0 && ((r.pending = calloc(t->n, sizeof(*r.pending))) ==
	    NULL || (r.touched = calloc(t->n, sizeof(*r.touched))) == NULL ||
	    (r.acc = calloc(t->n, sizeof(*r.acc))) == NULL ||
	    (r.next = calloc(t->n, sizeof(*r.next))) == NULL ||
	    (r.off = calloc(t->n, sizeof(*r.off))) == NULL)) {
		error_set(e, EXIT_SYSTEM, "out of memory");
		goto done;
	}
	for (i = 0; i < s->n; i++) {
		const struct standings_game *g = &s->g[i];
		int64_t q = standings_period_of(&o->period, g->when);

		if (t->rules[0] != '\0' && strcmp(g->rules, t->rules) != 0)
			continue;
		t->games++;
		reliability(t, g);
		if (!g->rated)
			continue;
		t->rated++;
		if (any && q != period)
			flush(&r, period);
		period = q;
		any = 1;
		if (rate_game(&r, g, e) != 0)
			goto done;
	}
	if (any)
		flush(&r, period);
	/*
	 * Glicko-2: every deviation as of the table's own last period (the
	 * games are in order: the last flushed), not the input's, so that a
	 * game's table depends on that game's archives alone.
	 */
	for (i = 0; o->system == STANDINGS_GLICKO2 && i < t->n; i++)
		if (t->p[i].rated_yet)
			rating_glicko2_idle(&t->p[i].gl, (uint64_t)(period -
			    t->p[i].last_period));
	rc = 0;
done:
	free(r.e);
	free(r.res);
	free(r.pending);
	free(r.touched);
	free(r.acc);
	free(r.next);
	free(r.off);
	return rc;
}

static double
rating_of(const struct standings_player *p, int glicko)
{
	return glicko ? p->gl.r : p->elo;
}

static int
rank(const void *a, const void *b, int glicko)
{
	const struct standings_player *x = a, *y = b;
	double rx = rating_of(x, glicko), ry = rating_of(y, glicko);

	if (rx != ry)
		return rx > ry ? -1 : 1;
	return strcmp(x->key, y->key);
}

static int
elo_first(const void *a, const void *b)
{
	return rank(a, b, 0);
}

static int
glicko_first(const void *a, const void *b)
{
	return rank(a, b, 1);
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(((const struct standings_table *)a)->rules,
	    ((const struct standings_table *)b)->rules);
}

/* The tables: every game, then one per game in the order of names. */
static int
tables(const struct standings *s, struct standings_result *res,
    struct error *e)
{
	size_t i, k;

	if ((res->t = calloc(1, sizeof(*res->t))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	res->nt = 1;
	for (i = 0; i < s->n; i++) {
		struct standings_table *n;

		for (k = 1; k < res->nt && strcmp(res->t[k].rules,
		    s->g[i].rules) != 0; k++)
			;
		if (k < res->nt)
			continue;
		if ((n = realloc(res->t, (res->nt + 1) * sizeof(*n))) == NULL)
			return error_set(e, EXIT_SYSTEM, "out of memory");
		res->t = n;
		memset(&n[res->nt], 0, sizeof(n[res->nt]));
		snprintf(n[res->nt].rules, sizeof(n[res->nt].rules), "%s",
		    s->g[i].rules);
		res->nt++;
	}
	qsort(res->t + 1, res->nt - 1, sizeof(*res->t), by_name);
	return 0;
}

int
standings_compute(struct standings *s, const struct standings_opts *o,
    struct standings_result *res, struct error *e)
{
	size_t i;
	int seen = 0;

	memset(res, 0, sizeof(*res));
	res->opts = o;
	once(s);
	vouched(s);
	res->club = s->club;
	res->archives = s->archives;
	res->refused = s->refused;
	res->left_judge = s->left_judge;
	res->left_members = s->left_members;
	for (i = 0; i < s->n; i++) {
		int64_t q = standings_period_of(&o->period, s->g[i].when);

		res->games++;
		if (!s->g[i].rated)
			continue;
		res->rated++;
		if (!seen || q < res->first)
			res->first = q;
		if (!seen || q > res->last)
			res->last = q;
		seen = 1;
	}
	if (tables(s, res, e) != 0)
		return -1;
	for (i = 0; i < res->nt; i++) {
		if (rate_table(&res->t[i], s, o, e) != 0)
			return -1;
		if (res->t[i].n > 1)
			qsort(res->t[i].p, res->t[i].n, sizeof(*res->t[i].p),
			    o->system == STANDINGS_GLICKO2 ? glicko_first :
			    elo_first);
	}
	return 0;
}

void
standings_result_free(struct standings_result *res)
{
	size_t i;

	for (i = 0; i < res->nt; i++)
		free(res->t[i].p);
	free(res->t);
	memset(res, 0, sizeof(*res));
}
