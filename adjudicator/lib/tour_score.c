/*
 * Scores and tie-breaks (formats/tournament.md, "Tie-breaks"), by FIDE
 * C.07's names: Sonneborn-Berger, Buchholz, Buchholz Cut-1, direct
 * encounter, number of wins, Koya.  Everything in whole numbers (points
 * in halves, Sonneborn-Berger in quarters) so that every machine ranks
 * alike, and ties broken last by the seed, so that the order is total.
 */
#include <stdlib.h>
#include <string.h>

#include "tour.h"
#include "tour_int.h"

struct rnd {
	unsigned	opp;		/* TOUR_NONE: unplayed */
	unsigned	got;		/* halves */
	int		won;		/* alone first (a win; a table's
					 * first place alone) */
};

struct work {
	const struct tour	*t;
	struct rnd		*r;	/* each player's rounds */
	size_t			*at, *nr;
	unsigned		*max2;	/* the most each could score */
	struct tour_line	*l;
	int			 upto;	/* tie-breaks compared: DE's place */
};

unsigned
tour_tb_unit(enum tour_tb t)
{
	return t == TOUR_TB_SB ? 4 : 2;
}

static void
add(struct work *w, unsigned p, unsigned opp, unsigned got)
{
	struct rnd *x = &w->r[w->at[p] + w->nr[p]++];

	x->opp = opp;
	x->got = got;
	x->won = got == 2;
}

/* A table's seats: each its points, no opponent, first alone a win. */
static void
add_table(struct work *w, const struct tour_slot *s)
{
	unsigned i, k = s->g.nseats, p;

	for (i = 0; i < k; i++) {
		p = tour_seat(&s->g, i);
		w->max2[p] += 2 * (k - 1);
		if (s->res != TOUR_TABLE)
			continue;
		add(w, p, TOUR_NONE, s->pts2[i]);
		w->r[w->at[p] + w->nr[p] - 1].won = s->pts2[i] == 2 * (k - 1);
		w->l[p].score2 += s->pts2[i];
	}
}

/* Each player's rounds from the slots: played, or unplayed (a bye, a
 * forfeit, a void game); a round robin's free round is none. */
static void
rounds_of(struct work *w)
{
	const struct tour *t = w->t;
	const struct tour_slot *s;
	unsigned pw, pb;
	size_t i;
	int played, rr;

	for (i = 0; i < t->ns; i++) {
		s = &t->s[i];
		if (s->g.nseats > 2) {
			add_table(w, s);
			continue;
		}
		/* a round robin's free round: no game (a final stage's
		 * knockout's bye is a bye) */
		rr = tour_round_format(t->d, s->g.round) == TOUR_ROUND_ROBIN;
		if (s->res == TOUR_BYE) {
			if (!rr)
				w->max2[s->g.white] += 2;
		} else {
			w->max2[s->g.white] += 2;
			w->max2[s->g.black] += 2;
		}
		if (s->res == TOUR_PENDING || (s->res == TOUR_BYE && rr))
			continue;
		tour_points(t, s, &pw, &pb);
		played = s->res == TOUR_WHITE || s->res == TOUR_BLACK ||
		    s->res == TOUR_DRAW;
		add(w, s->g.white, played ? s->g.black : TOUR_NONE, pw);
		w->l[s->g.white].score2 += pw;
		if (s->res == TOUR_BYE)
			continue;
		add(w, s->g.black, played ? s->g.white : TOUR_NONE, pb);
		w->l[s->g.black].score2 += pb;
	}
}

/* Buchholz (cut: less its lowest), Sonneborn-Berger, wins, Koya: an
 * unplayed round counts as a game against a virtual opponent with the
 * player's own score (C.07, 2023, unplayed rounds). */
static long
tb_of(const struct work *w, unsigned p, enum tour_tb tb)
{
	const struct rnd *r = &w->r[w->at[p]];
	unsigned own = w->l[p].score2, os;
	long v = 0, low = -1;
	size_t i;

	for (i = 0; i < w->nr[p]; i++) {
		os = r[i].opp == TOUR_NONE ? own : w->l[r[i].opp].score2;
		switch (tb) {
		case TOUR_TB_BH:
		case TOUR_TB_BH1:
			v += os;
			if (low < 0 || (long)os < low)
				low = os;
			break;
		case TOUR_TB_SB:
			v += (long)os * r[i].got;
			break;
		case TOUR_TB_WIN:
			v += r[i].won ? 2 : 0;
			break;
		case TOUR_TB_KOYA:
			if (r[i].opp != TOUR_NONE &&
			    2 * w->l[r[i].opp].score2 >= w->max2[r[i].opp])
				v += r[i].got;
			break;
		case TOUR_TB_DE:
			break;
		}
	}
	if (tb == TOUR_TB_BH1 && low >= 0)
		v -= low;
	return v;
}

static struct work *sorting;

/* score, then the tie-breaks before upto, then (upto < 0) all, then the
 * seed */
static int
cmp_upto(const struct tour_line *a, const struct tour_line *b, int upto)
{
	int i;

	if (a->score2 != b->score2)
		return a->score2 > b->score2 ? -1 : 1;
	for (i = 0; i < upto; i++)
		if (a->tb[i] != b->tb[i])
			return a->tb[i] > b->tb[i] ? -1 : 1;
	return 0;
}

static int
by_rank(const void *x, const void *y)
{
	const struct tour_line *a = x, *b = y;
	int c = cmp_upto(a, b, sorting->upto);

	if (c != 0)
		return c;
	return a->player < b->player ? -1 : a->player > b->player;
}

/* Direct encounter within each group tied so far: the points each scored
 * against the others, when every two of them met; else 0 for all. */
static void
direct(struct work *w, int at)
{
	struct tour_line *l = w->l;
	size_t n = w->t->d->n, i, j, k, a, met, want;
	unsigned char *in;
	const struct rnd *r;

	if ((in = calloc(n, 1)) == NULL)
		return;
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && cmp_upto(&l[i], &l[j], at) == 0; j++)
			;
		if (j - i < 2)
			continue;
		for (k = i; k < j; k++)
			in[l[k].player] = 1;
		met = 0;
		for (k = i; k < j; k++) {
			r = &w->r[w->at[l[k].player]];
			for (a = 0; a < w->nr[l[k].player]; a++)
				if (r[a].opp != TOUR_NONE && in[r[a].opp]) {
					l[k].tb[at] += r[a].got;
					met++;
				}
		}
		want = (j - i) * (j - i - 1);
		for (k = i; k < j; k++) {
			if (met < want)
				l[k].tb[at] = 0;
			in[l[k].player] = 0;
		}
	}
	free(in);
}

static int
compute(struct work *w)
{
	const struct tour_decl *d = w->t->d;
	size_t i, k;
	int de = -1;

	for (i = 0; i < d->n; i++) {
		w->l[i].player = (unsigned)i;
		w->l[i].played = 0;
	}
	rounds_of(w);
	for (i = 0; i < d->n; i++) {
		for (k = 0; k < d->ntb; k++)
			if (d->tb[k] == TOUR_TB_DE)
				de = (int)k;
			else
				w->l[i].tb[k] = tb_of(w, (unsigned)i, d->tb[k]);
		for (k = 0; k < w->nr[i]; k++) {
			w->l[i].played += w->r[w->at[i] + k].opp != TOUR_NONE;
			w->l[i].wins += w->r[w->at[i] + k].won;
		}
	}
	sorting = w;
	if (de >= 0) {
		w->upto = de;
		qsort(w->l, d->n, sizeof(*w->l), by_rank);
		direct(w, de);
	}
	w->upto = (int)d->ntb;
	qsort(w->l, d->n, sizeof(*w->l), by_rank);
	for (i = 0; i < d->n; i++)
		w->l[i].rank = i > 0 && cmp_upto(&w->l[i - 1], &w->l[i],
		    (int)d->ntb) == 0 ? w->l[i - 1].rank : (unsigned)i + 1;
	return 0;
}

int
tour_standing(const struct tour *t, struct tour_line *l, struct error *e)
{
	struct work w;
	size_t n = t->d->n, i, at = 0;
	unsigned k;
	int rc;

	memset(&w, 0, sizeof(w));
	w.t = t;
	w.l = l;
	memset(l, 0, n * sizeof(*l));
	w.at = calloc(n, sizeof(*w.at));
	w.nr = calloc(n, sizeof(*w.nr));
	w.max2 = calloc(n, sizeof(*w.max2));
	w.r = calloc(4 * t->ns + 1, sizeof(*w.r));
	if (w.at == NULL || w.nr == NULL || w.max2 == NULL || w.r == NULL) {
		rc = error_set(e, EXIT_SYSTEM, "out of memory");
		goto done;
	}
	/* room for each player's rounds, side by side */
	for (i = 0; i < t->ns; i++)
		for (k = 0; k < (t->s[i].g.nseats > 2 ? t->s[i].g.nseats :
		    2u); k++)
			if (tour_seat(&t->s[i].g, k) != TOUR_NONE)
				w.nr[tour_seat(&t->s[i].g, k)]++;
	for (i = 0; i < n; i++) {
		w.at[i] = at;
		at += w.nr[i];
		w.nr[i] = 0;
	}
	rc = compute(&w);
done:
	free(w.at);
	free(w.nr);
	free(w.max2);
	free(w.r);
	return rc;
}
