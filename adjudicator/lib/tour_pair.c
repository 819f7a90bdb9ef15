/*
 * Pairings (formats/tournament.md, "Pairings"): the FIDE Berger tables
 * (handbook C.05, annex 1) for round robins in serpentine sections, a
 * knockout bracket with its byes, the second game and the lot that break
 * a drawn match, a ladder's places, and a Swiss round through swiss.h.
 * Everything follows from the declaration and the results: anyone
 * computes the same pairing.
 */
#include <stdlib.h>
#include <string.h>

#include "swiss.h"
#include "tour.h"
#include "tour_int.h"

size_t
tour_berger(unsigned n, unsigned r, struct tour_game *g)
{
	unsigned m = n + (n & 1), s, k, a, b, seq[TOUR_MAX_PLAYERS];
	size_t ng = 0;

	/* the row of round r: m-1 numbers from s on, around 1..m-1 */
	s = ((r - 1) * (m / 2)) % (m - 1);
	for (k = 0; k < m - 1; k++)
		seq[k] = (s + k) % (m - 1);
	for (k = 0; k < m / 2; k++) {
		if (k == 0) {
			/* player m meets the row's first, colours turn */
			a = (r & 1) ? seq[0] : m - 1;
			b = (r & 1) ? m - 1 : seq[0];
		} else {
			a = seq[k];
			b = seq[m - 1 - k];
		}
		memset(&g[ng], 0, sizeof(g[ng]));
		g[ng].round = r;
		g[ng].game = 1;
		/* the dummy (n odd: player m) gives a free round */
		if (a == m - 1 && m != n) {
			g[ng].white = b;
			g[ng].black = TOUR_NONE;
		} else if (b == m - 1 && m != n) {
			g[ng].white = a;
			g[ng].black = TOUR_NONE;
		} else {
			g[ng].white = a;
			g[ng].black = b;
		}
		ng++;
	}
	return ng;
}

unsigned
tour_sections(unsigned n, unsigned size, unsigned *sec)
{
	unsigned k, i, pos, lap;

	k = size == 0 || size >= n ? 1 : (n + size - 1) / size;
	for (i = 0; i < n; i++) {
		lap = i / k;
		pos = i % k;
		sec[i] = (lap & 1) ? k - 1 - pos : pos;
	}
	return k;
}

unsigned
tour_bracket(unsigned n, unsigned *slot)
{
	unsigned size = 1, m, i;

	while (size < n)
		size *= 2;
	/* 1 and 2 meet last at the earliest: order(2m) = x, 2m+1-x */
	slot[0] = 1;
	for (m = 1; m < size; m *= 2)
		for (i = m; i-- > 0;) {
			slot[2 * i + 1] = 2 * m + 1 - slot[i];
			slot[2 * i] = slot[i];
		}
	for (i = 0; i < size; i++)
		slot[i] = slot[i] <= n ? slot[i] - 1 : TOUR_NONE;
	return size;
}

int
tour_lot(const struct tour_decl *d, unsigned round, unsigned board)
{
	uint8_t in[SEC_HASH + 8], h[SEC_HASH];
	unsigned i;

	memcpy(in, d->hash, SEC_HASH);
	for (i = 0; i < 4; i++) {
		in[SEC_HASH + i] = (uint8_t)(round >> (8 * i));
		in[SEC_HASH + 4 + i] = (uint8_t)(board >> (8 * i));
	}
	if (sec_hash(h, "adj-tour-lot", in, sizeof(in)) != 0)
		return 1;
	return h[0] & 1;
}

unsigned
tour_rounds(const struct tour_decl *d)
{
	unsigned *sec, k, s, most = 0, m, i, size;

	switch (d->format) {
	case TOUR_SWISS:
		return d->rounds;
	case TOUR_KNOCKOUT:
		for (size = 1, k = 0; size < d->n; size *= 2)
			k++;
		return k;
	case TOUR_LADDER:
		return 0;
	case TOUR_ROUND_ROBIN:
		if (d->seats > 2)
			return tour_design((unsigned)d->n, d->seats)->rounds;
		break;
	}
	if ((sec = calloc(d->n, sizeof(*sec))) == NULL)
		return 0;
	k = tour_sections((unsigned)d->n, d->section, sec);
	for (s = 0; s < k; s++) {
		for (m = 0, i = 0; i < d->n; i++)
			m += sec[i] == s;
		m += m & 1;
		if (m - 1 > most)
			most = m - 1;
	}
	free(sec);
	return most * d->cycles + tour_final_rounds(d);
}

/* Games first in board order, then the byes. */
void
tour_number_boards(struct tour_game *g, size_t n)
{
	struct tour_game t;
	size_t i, j, b = 1;

	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++)
			if (g[i].black == TOUR_NONE &&
			    g[j].black != TOUR_NONE) {
				t = g[i];
				memmove(&g[i], &g[i + 1], (j - i) *
				    sizeof(*g));
				g[j] = t;
				break;
			}
	for (i = 0; i < n; i++)
		g[i].board = (unsigned)b++;
}

static int
pair_rr(const struct tour_decl *d, unsigned r, struct tour_game *g,
    size_t *ng, struct error *e)
{
	unsigned *sec, *who, k, s, m, i, per, rr, t;
	struct tour_game *b;
	size_t nb, j;

	if ((sec = calloc(2 * d->n, sizeof(*sec))) == NULL ||
	    (b = calloc(d->n / 2 + 1, sizeof(*b))) == NULL) {
		free(sec);
		return error_set(e, EXIT_SYSTEM, "out of memory");
	}
	who = sec + d->n;
	per = tour_stage1_rounds(d) / d->cycles;
	k = tour_sections((unsigned)d->n, d->section, sec);
	*ng = 0;
	for (s = 0; s < k; s++) {
		for (m = 0, i = 0; i < d->n; i++)
			if (sec[i] == s)
				who[m++] = i;
		rr = r > per ? r - per : r;
		if (rr > m + (m & 1) - 1)
			continue;	/* a smaller section rests */
		nb = tour_berger(m, rr, b);
		for (j = 0; j < nb; j++) {
			b[j].white = who[b[j].white];
			if (b[j].black != TOUR_NONE)
				b[j].black = who[b[j].black];
			/* the second cycle: colours reversed */
			if (r > per && b[j].black != TOUR_NONE) {
				t = b[j].white;
				b[j].white = b[j].black;
				b[j].black = t;
			}
			b[j].round = r;
			g[(*ng)++] = b[j];
		}
	}
	free(sec);
	free(b);
	tour_number_boards(g, *ng);
	return 0;
}

static int
pair_swiss(const struct tour *t, unsigned r, struct tour_game *g,
    size_t *ng, struct error *e);

int
tour_pair(const struct tour *t, unsigned r, struct tour_game **gp,
    size_t *ng, struct error *e)
{
	const struct tour_decl *d = t->d;
	struct tour_game *g;
	int rc;

	*gp = NULL;
	*ng = 0;
	if (d->format == TOUR_LADDER)
		return error_set(e, EXIT_REFUSED, "%s is a ladder: no rounds, "
		    "its games are challenges (tournament table shows the "
		    "ladder)", d->id);
	if (r == 0 || r > tour_rounds(d))
		return error_set(e, EXIT_REFUSED, "%s has rounds 1 to %u, not "
		    "%u", d->id, tour_rounds(d), r);
	if ((g = calloc(d->n + 1, sizeof(*g))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	rc = 0;
	if (d->seats > 2)	/* tables: a design's round */
		*ng = tour_table_round(tour_design((unsigned)d->n, d->seats),
		    r, g);
	else if (tour_round_format(d, r) == TOUR_ROUND_ROBIN)
		rc = r > tour_stage1_rounds(d) ? tour_pair_stage(t, r, g, ng,
		    e) : pair_rr(d, r, g, ng, e);
	else if (d->format == TOUR_SWISS)
		rc = pair_swiss(t, r, g, ng, e);
	else
		rc = tour_pair_knockout(t, r, g, ng, e);
	if (rc != 0) {
		free(g);
		return -1;
	}
	*gp = g;
	return 0;
}

/* Every game of rounds before r decided, or the first one that is not. */
int
tour_decided(const struct tour *t, unsigned r, struct error *e)
{
	size_t i;

	if (t->nrounds + 1 < r)
		return error_set(e, EXIT_REFUSED, "round %u cannot be paired "
		    "before round %u", r, t->nrounds + 1);
	for (i = 0; i < t->ns; i++)
		if (t->s[i].g.round < r && t->s[i].res == TOUR_PENDING)
			return error_set(e, EXIT_REFUSED, "round %u cannot be "
			    "paired: round %u, board %u (%s-%s) is not over",
			    r, t->s[i].g.round, t->s[i].g.board,
			    t->d->p[t->s[i].g.white].name,
			    t->d->p[t->s[i].g.black].name);
	return 0;
}

/* A player's past rounds for the Swiss pairer. */
static int
swiss_past(const struct tour *t, unsigned r, struct swiss_player *sp,
    unsigned *opp, int *col, unsigned *pts)
{
	const struct tour_slot *s;
	size_t i, n = t->d->n;
	unsigned p, q, k, got;

	for (p = 0; p < n; p++) {
		sp[p].rank = p + 1;
		sp[p].nrounds = r - 1;
		sp[p].opponent = opp + (size_t)p * (r - 1);
		sp[p].colour = col + (size_t)p * (r - 1);
		sp[p].points2 = pts + (size_t)p * (r - 1);
		sp[p].absent = t->withdrawn[p] != 0 &&
		    t->withdrawn[p] - 1 < r;
		for (k = 0; k + 1 < r; k++) {
			opp[(size_t)p * (r - 1) + k] = SWISS_NONE;
			col[(size_t)p * (r - 1) + k] = 0;
			pts[(size_t)p * (r - 1) + k] = 0;
		}
	}
	for (i = 0; i < t->ns; i++) {
		s = &t->s[i];
		if (s->g.round >= r)
			continue;
		k = s->g.round - 1;
		p = s->g.white;
		q = s->g.black;
		if (s->res == TOUR_BYE) {
			pts[(size_t)p * (r - 1) + k] = t->d->bye2;
			sp[p].pab = 1;
			continue;
		}
		got = s->res == TOUR_WHITE || s->res == TOUR_WHITE_FF ? 2 :
		    s->res == TOUR_DRAW;
		pts[(size_t)p * (r - 1) + k] = got;
		pts[(size_t)q * (r - 1) + k] = s->res == TOUR_VOID ? 0 :
		    2 - got;
		if (s->res == TOUR_WHITE_FF)
			sp[p].pab = 1;
		else if (s->res == TOUR_BLACK_FF)
			sp[q].pab = 1;
		if (s->res == TOUR_WHITE_FF || s->res == TOUR_BLACK_FF ||
		    s->res == TOUR_VOID)
			continue;	/* unplayed: no opponent, no colour */
		opp[(size_t)p * (r - 1) + k] = q;
		opp[(size_t)q * (r - 1) + k] = p;
		col[(size_t)p * (r - 1) + k] = 1;
		col[(size_t)q * (r - 1) + k] = -1;
	}
	return 0;
}

static int
pair_swiss(const struct tour *t, unsigned r, struct tour_game *g,
    size_t *ng, struct error *e)
{
	size_t n = t->d->n, np = 0, i, past = n * (r > 1 ? r - 1 : 1);
	struct swiss_player *sp = NULL;
	struct swiss_pair *pairs = NULL;
	unsigned *opp = NULL, *pts = NULL;
	int *col = NULL, rc = -1;

	if (tour_decided(t, r, e) != 0)
		return -1;
	if ((sp = calloc(n, sizeof(*sp))) == NULL ||
	    (pairs = calloc(n / 2 + 2, sizeof(*pairs))) == NULL ||
	    (opp = calloc(past, sizeof(*opp))) == NULL ||
	    (pts = calloc(past, sizeof(*pts))) == NULL ||
	    (col = calloc(past, sizeof(*col))) == NULL) {
		error_set(e, EXIT_SYSTEM, "out of memory");
		goto done;
	}
	swiss_past(t, r, sp, opp, col, pts);
	if (swiss_pair(sp, n, t->d->rounds, pairs, &np, e) != 0)
		goto done;
	for (i = 0; i < np; i++) {
		memset(&g[i], 0, sizeof(g[i]));
		g[i].round = r;
		g[i].game = 1;
		g[i].white = pairs[i].white;
		g[i].black = pairs[i].black == SWISS_NONE ? TOUR_NONE :
		    pairs[i].black;
	}
	*ng = np;
	tour_number_boards(g, *ng);
	rc = 0;
done:
	free(sp);
	free(pairs);
	free(opp);
	free(pts);
	free(col);
	return rc;
}
