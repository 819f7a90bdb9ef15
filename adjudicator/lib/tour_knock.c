/*
 * A tournament's state (every game paired and its result), a knockout's
 * rounds (formats/tournament.md, "Knockout": byes to the top seeds, a
 * drawn game replayed with colours reversed, then a lot anyone draws
 * again) and a ladder's places.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tour.h"
#include "tour_int.h"
#include "when.h"

int
tour_init(struct tour *t, const struct tour_decl *d, struct error *e)
{
	memset(t, 0, sizeof(*t));
	t->d = d;
	if ((t->withdrawn = calloc(d->n, sizeof(*t->withdrawn))) == NULL ||
	    (t->accepted = calloc(d->n, 1)) == NULL) {
		tour_free(t);
		return error_set(e, EXIT_SYSTEM, "out of memory");
	}
	return 0;
}

void
tour_free(struct tour *t)
{
	free(t->s);
	free(t->withdrawn);
	free(t->accepted);
	free(t->rule);
	memset(t, 0, sizeof(*t));
}

int
tour_timeouts(struct tour *t, struct error *e)
{
	const struct tour_slot *s;
	unsigned *n, p;
	size_t i;

	if (t->d->timeouts == 0)
		return 0;
	if ((n = calloc(t->d->n, sizeof(*n))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	for (i = 0; i < t->ns; i++) {
		s = &t->s[i];
		if (s->out == 0)
			continue;
		p = s->out == 1 ? s->g.white : s->g.black;
		if (++n[p] == t->d->timeouts && (t->withdrawn[p] == 0 ||
		    t->withdrawn[p] > s->g.round + 1))
			t->withdrawn[p] = s->g.round + 1;
	}
	free(n);
	return 0;
}

int
tour_add_round(struct tour *t, const struct tour_game *g, size_t n,
    struct error *e)
{
	struct tour_slot *s;
	size_t i, cap;

	if (t->ns + n > t->caps) {
		cap = t->caps ? 2 * t->caps : 64;
		while (cap < t->ns + n)
			cap *= 2;
		if ((s = realloc(t->s, cap * sizeof(*s))) == NULL)
			return error_set(e, EXIT_SYSTEM, "out of memory");
		t->s = s;
		t->caps = cap;
	}
	for (i = 0; i < n; i++) {
		s = &t->s[t->ns++];
		memset(s, 0, sizeof(*s));
		s->g = g[i];
		s->res = g[i].black == TOUR_NONE ? TOUR_BYE : TOUR_PENDING;
		if (g[i].round > t->nrounds)
			t->nrounds = g[i].round;
	}
	return 0;
}

struct tour_slot *
tour_slot_of(const struct tour *t, unsigned r, unsigned b, unsigned k)
{
	size_t i;

	for (i = 0; i < t->ns; i++)
		if (t->s[i].g.round == r && t->s[i].g.board == b &&
		    t->s[i].g.game == k)
			return &t->s[i];
	return NULL;
}

void
tour_points(const struct tour *t, const struct tour_slot *s, unsigned *w,
    unsigned *b)
{
	*w = *b = 0;
	switch (s->res) {
	case TOUR_WHITE:
	case TOUR_WHITE_FF:
		*w = 2;
		break;
	case TOUR_BLACK:
	case TOUR_BLACK_FF:
		*b = 2;
		break;
	case TOUR_DRAW:
		*w = *b = 1;
		break;
	case TOUR_BYE:
		/* a round robin's free round is no game and scores nothing */
		*w = tour_round_format(t->d, s->g.round) == TOUR_ROUND_ROBIN ?
		    0 : t->d->bye2;
		break;
	case TOUR_TABLE:
		*w = s->pts2[0];
		*b = s->pts2[1];
		break;
	case TOUR_PENDING:
	case TOUR_VOID:
		break;
	}
}

/* 1: white won it, 0: black, -1: no winner (drawn, void), -2: pending */
static int
won(const struct tour_slot *s)
{
	switch (s->res) {
	case TOUR_WHITE:
	case TOUR_WHITE_FF:
	case TOUR_BYE:
		return 1;
	case TOUR_BLACK:
	case TOUR_BLACK_FF:
		return 0;
	case TOUR_DRAW:
	case TOUR_VOID:
	case TOUR_TABLE:
		return -1;
	case TOUR_PENDING:
		break;
	}
	return -2;
}

int
tour_match_winner(const struct tour *t, unsigned r, unsigned b,
    unsigned *w, int *owed)
{
	const struct tour_slot *g1, *g2;
	int x;

	*owed = 0;
	if ((g1 = tour_slot_of(t, r, b, 1)) == NULL ||
	    (x = won(g1)) == -2)
		return 1;
	if (x >= 0) {
		*w = x ? g1->g.white : g1->g.black;
		return 0;
	}
	if ((g2 = tour_slot_of(t, r, b, 2)) == NULL) {
		*owed = 1;
		return 1;
	}
	if ((x = won(g2)) == -2)
		return 1;
	if (x >= 0) {
		*w = x ? g2->g.white : g2->g.black;
		return 0;
	}
	/* drawn twice: the lot, which anyone draws again */
	*w = tour_lot(t->d, r, b) ? g1->g.white : g1->g.black;
	return 0;
}

/* The bracket of round r's stage: its players by their stage seeds. */
static int
first_round(const struct tour *t, unsigned r, struct tour_game *g,
    size_t *ng, struct error *e)
{
	unsigned *slot, *who, size, i, a, b, base;
	size_t n;

	if ((slot = calloc(3 * t->d->n + 2, sizeof(*slot))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	who = slot + 2 * t->d->n + 2;
	if (tour_stage_seeds(t, r, who, &n, &base, e) != 0) {
		free(slot);
		return -1;
	}
	size = tour_bracket((unsigned)n, slot);
	for (i = 0; i < size / 2; i++) {
		a = who[slot[2 * i]];
		b = slot[2 * i + 1] == TOUR_NONE ? TOUR_NONE :
		    who[slot[2 * i + 1]];
		memset(&g[i], 0, sizeof(g[i]));
		g[i].round = r;
		g[i].game = 1;
		g[i].board = i + 1;
		if (b == TOUR_NONE) {
			g[i].white = a;
			g[i].black = TOUR_NONE;
		} else {
			/* the higher seed white on odd boards */
			g[i].white = (i & 1) ? b : a;
			g[i].black = (i & 1) ? a : b;
		}
	}
	*ng = size / 2;
	free(slot);
	return 0;
}

/* The second games round r's drawn matches owe. */
static int
second_games(const struct tour *t, unsigned r, struct tour_game *g,
    size_t *ng, struct error *e)
{
	const struct tour_slot *s;
	unsigned w;
	size_t i;
	int owed;

	*ng = 0;
	for (i = 0; i < t->ns; i++) {
		s = &t->s[i];
		if (s->g.round != r || s->g.game != 1)
			continue;
		if (tour_match_winner(t, r, s->g.board, &w, &owed) == 0 ||
		    !owed)
			continue;
		g[*ng] = s->g;
		g[*ng].game = 2;
		g[*ng].white = s->g.black;
		g[*ng].black = s->g.white;
		(*ng)++;
	}
	if (*ng == 0)
		return error_set(e, EXIT_REFUSED, "round %u is paired and owes "
		    "no second game", r);
	return 0;
}

int
tour_pair_knockout(const struct tour *t, unsigned r, struct tour_game *g,
    size_t *ng, struct error *e)
{
	unsigned b, nb = 0, w[2];
	size_t i;
	int owed;

	if (r <= t->nrounds)
		return second_games(t, r, g, ng, e);
	if (r == 1 || (t->d->advance && r == tour_stage1_rounds(t->d) + 1))
		return first_round(t, r, g, ng, e);
	if (tour_decided(t, r, e) != 0)
		return -1;
	for (i = 0; i < t->ns; i++)
		if (t->s[i].g.round == r - 1 && t->s[i].g.board > nb)
			nb = t->s[i].g.board;
	*ng = 0;
	for (b = 1; b + 1 <= nb; b += 2) {
		for (i = 0; i < 2; i++)
			if (tour_match_winner(t, r - 1, b + (unsigned)i, &w[i],
			    &owed) != 0)
				return error_set(e, EXIT_REFUSED, "round %u "
				    "cannot be paired: round %u, board %u is "
				    "not decided%s", r, r - 1, b + (unsigned)i,
				    owed ? " (it owes its second game: "
				    "tournament pair)" : "");
		memset(&g[*ng], 0, sizeof(g[*ng]));
		g[*ng].round = r;
		g[*ng].game = 1;
		g[*ng].board = (unsigned)*ng + 1;
		/* the upper half's winner white on odd boards */
		g[*ng].white = (*ng & 1) ? w[1] : w[0];
		g[*ng].black = (*ng & 1) ? w[0] : w[1];
		(*ng)++;
	}
	return 0;
}

/* A ladder's event: a game's creation (its check of reach) or its end
 * (its result). */
struct rung {
	int64_t			 at;
	int			 end;
	const struct tour_slot	*s;
};

static int
by_time(const void *a, const void *b)
{
	const struct rung *x = a, *y = b;

	if (x->at != y->at)
		return x->at < y->at ? -1 : 1;
	/* a creation before an end of the same second */
	if (x->end != y->end)
		return x->end - y->end;
	return strcmp(x->s->gid, y->s->gid);
}

static unsigned
place_of(const struct tour *t, const unsigned *place, unsigned p)
{
	unsigned i;

	for (i = 0; i < t->d->n && place[i] != p; i++)
		;
	return i;
}

unsigned
tour_ladder_shown(const struct tour *t, const unsigned *place, unsigned p)
{
	unsigned i, n = 1;

	for (i = 0; i < t->d->n && place[i] != p; i++)
		n += t->withdrawn[place[i]] == 0;
	return n;
}

unsigned
tour_ladder_apart(const struct tour *t, const unsigned *place, unsigned p,
    unsigned q)
{
	unsigned hi = place_of(t, place, p), lo = place_of(t, place, q), i, n;

	if (hi > lo) {
		i = hi;
		hi = lo;
		lo = i;
	}
	for (n = lo - hi, i = hi + 1; i < lo; i++)
		n -= t->withdrawn[place[i]] != 0;
	return n;
}

/* At rung r: its game's reach checked, or its result taken. */
static int
climb(const struct tour *t, const struct rung *r, unsigned *place,
    struct error *e)
{
	const struct tour_slot *s = r->s;
	unsigned pw, pb, hi, lo, winner;
	char when[32];
	int x;

	pw = place_of(t, place, s->g.white);
	pb = place_of(t, place, s->g.black);
	hi = pw < pb ? pw : pb;
	lo = pw < pb ? pb : pw;
	if (!r->end) {
		if (tour_ladder_apart(t, place, s->g.white, s->g.black) <=
		    t->d->reach)
			return 0;
		when_format(s->made, when, sizeof(when));
		return error_set(e, EXIT_REFUSED, "game %.16s: %s (place %u) "
		    "and %s (place %u) are more than %u places apart at its "
		    "creation (%s): no challenge of the ladder", s->gid,
		    t->d->p[s->g.white].name,
		    tour_ladder_shown(t, place, s->g.white),
		    t->d->p[s->g.black].name,
		    tour_ladder_shown(t, place, s->g.black), t->d->reach,
		    when);
	}
	if ((x = won(s)) < 0)
		return 0;
	winner = x ? s->g.white : s->g.black;
	if (winner != place[lo])
		return 0;
	/* the challenger below won: it takes the higher place */
	memmove(&place[hi + 1], &place[hi], (lo - hi) * sizeof(*place));
	place[hi] = winner;
	return 0;
}

int
tour_ladder_at(const struct tour *t, int64_t until, unsigned *place,
    struct error *e)
{
	struct rung *r;
	size_t k, n = 0;
	unsigned i;
	int rc = 0;

	for (i = 0; i < t->d->n; i++)
		place[i] = i;
	if ((r = calloc(2 * t->ns + 1, sizeof(*r))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	for (k = 0; k < t->ns; k++) {
		if (t->s[k].g.round != 0)
			continue;
		r[n].at = t->s[k].made;
		r[n++].s = &t->s[k];
		if (won(&t->s[k]) == -2)
			continue;	/* not over */
		r[n].at = t->s[k].ended;
		r[n].end = 1;
		r[n++].s = &t->s[k];
	}
	if (n > 1)
		qsort(r, n, sizeof(*r), by_time);
	for (k = 0; k < n && rc == 0 && r[k].at < until; k++)
		rc = climb(t, &r[k], place, e);
	free(r);
	return rc;
}

int
tour_ladder(const struct tour *t, unsigned *place, struct error *e)
{
	return tour_ladder_at(t, INT64_MAX, place, e);
}
