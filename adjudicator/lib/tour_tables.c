/*
 * Round-robin groups of tables (formats/tournament.md, "Tables"): for a
 * game of 3 or 4 seats, n players such that every two meet at exactly
 * one table, each player at most once a round.  Fixed tables, from
 * published constructions, each checked by tests/unit/tour.c:
 *
 * - 3 players (one table of 3) and 4 players (one table of 4);
 * - 9 at tables of 3: the affine plane AG(2,3), point (x, y) player
 *   3x + y + 1, a round each parallel class (x = c, then y = mx + b for
 *   m = 0, 1, 2): 4 rounds of 3 tables;
 * - 15 at tables of 3: Kirkman's schoolgirl problem (Kirkman, 1850), a
 *   Kirkman triple system of order 15: 7 rounds of 5 tables (the first
 *   solution in lexicographic order);
 * - 16 at tables of 4: the affine plane AG(2,4) over GF(4) = {0, 1, a,
 *   a + 1} (numbered 0 to 3, a^2 = a + 1), point (x, y) player 4x + y +
 *   1, a round each parallel class: 5 rounds of 4 tables;
 * - 13 at tables of 4: the projective plane PG(2,3), a Steiner system
 *   S(2,4,13), its lines i + {0, 1, 3, 9} mod 13 (a Singer difference
 *   set); any two lines meet, so a round is one table: 13 rounds.
 *
 * Players are seed numbers from 1.  The seats at a table are then
 * ordered so that each player's seats are as even as they can be made
 * (tour_table_round).
 */
#include <string.h>

#include "tour.h"
#include "tour_int.h"

static const unsigned char ag3[] = {
	1, 2, 3, 4, 5, 6, 7, 8, 9,
	1, 4, 7, 2, 5, 8, 3, 6, 9,
	1, 5, 9, 2, 6, 7, 3, 4, 8,
	1, 6, 8, 2, 4, 9, 3, 5, 7 };

static const unsigned char kts15[] = {
	1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
	1, 4, 7, 2, 5, 8, 3, 10, 13, 6, 11, 14, 9, 12, 15,
	1, 5, 10, 2, 6, 12, 3, 8, 15, 4, 9, 14, 7, 11, 13,
	1, 6, 15, 2, 4, 13, 3, 7, 12, 5, 9, 11, 8, 10, 14,
	1, 8, 11, 2, 7, 14, 3, 6, 9, 4, 10, 15, 5, 12, 13,
	1, 9, 13, 2, 11, 15, 3, 5, 14, 4, 8, 12, 6, 7, 10,
	1, 12, 14, 2, 9, 10, 3, 4, 11, 5, 7, 15, 6, 8, 13 };

static const unsigned char ag4[] = {
	1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
	1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15, 4, 8, 12, 16,
	1, 6, 11, 16, 2, 5, 12, 15, 3, 8, 9, 14, 4, 7, 10, 13,
	1, 7, 12, 14, 2, 8, 11, 13, 3, 5, 10, 16, 4, 6, 9, 15,
	1, 8, 10, 15, 2, 7, 9, 16, 3, 6, 12, 13, 4, 5, 11, 14 };

/* table i (from 0): i + 0, i + 1, i + 3, i + 9 mod 13, in that order */
static const unsigned char pg3[] = {
	1, 2, 4, 10, 2, 3, 5, 11, 3, 4, 6, 12, 4, 5, 7, 13,
	5, 6, 8, 1, 6, 7, 9, 2, 7, 8, 10, 3, 8, 9, 11, 4,
	9, 10, 12, 5, 10, 11, 13, 6, 11, 12, 1, 7, 12, 13, 2, 8,
	13, 1, 3, 9 };

static const unsigned char one[] = { 1, 2, 3, 4 };

static const struct tour_design designs[] = {
	{ 3, 3, 1, 1, one },
	{ 9, 3, 4, 3, ag3 },
	{ 15, 3, 7, 5, kts15 },
	{ 4, 4, 1, 1, one },
	{ 13, 4, 13, 1, pg3 },
	{ 16, 4, 5, 4, ag4 },
};

const struct tour_design *
tour_design(unsigned n, unsigned k)
{
	size_t i;

	for (i = 0; i < sizeof(designs) / sizeof(designs[0]); i++)
		if (designs[i].n == n && designs[i].k == k)
			return &designs[i];
	return NULL;
}

const char *
tour_design_fits(unsigned k)
{
	return k == 3 ? "3, 9 or 15" : "4, 13 or 16";
}

/* The k! orders of k seats, the i-th in lexicographic order. */
static void
order_of(unsigned k, unsigned i, unsigned *o)
{
	unsigned left[4], f, j, m, n;

	for (j = 0; j < k; j++)
		left[j] = j;
	for (j = 0, n = k; j < k; j++, n--) {
		for (f = 1, m = 2; m < n; m++)
			f *= m;
		o[j] = left[i / f];
		memmove(&left[i / f], &left[i / f + 1], (n - 1 - i / f) *
		    sizeof(*left));
		i %= f;
	}
}

/* The order of a table's members (m, by seed) that keeps each one's
 * seat counts (cnt[player][seat]) most even: the least sum of squares,
 * the first such order; cnt updated. */
static void
seat_table(unsigned k, const unsigned char *m, unsigned (*cnt)[4],
    unsigned *out)
{
	unsigned o[4], best = 0, cost, low = (unsigned)-1, i, j, f = 1, c;

	for (j = 2; j <= k; j++)
		f *= j;
	for (i = 0; i < f; i++) {
		order_of(k, i, o);
		for (cost = 0, j = 0; j < k; j++) {
			c = cnt[m[o[j]] - 1][j] + 1;
			cost += c * c;
		}
		if (cost < low) {
			low = cost;
			best = i;
		}
	}
	order_of(k, best, o);
	for (j = 0; j < k; j++) {
		out[j] = m[o[j]] - 1u;
		cnt[out[j]][j]++;
	}
}

size_t
tour_table_round(const struct tour_design *d, unsigned r,
    struct tour_game *g)
{
	unsigned cnt[16][4], seat[4], x, b, j;
	const unsigned char *m;

	memset(cnt, 0, sizeof(cnt));
	for (x = 1; x <= r; x++)
		for (b = 0; b < d->tables; b++) {
			m = d->t + ((x - 1) * d->tables + b) * d->k;
			seat_table(d->k, m, cnt, seat);
			if (x < r)
				continue;
			memset(&g[b], 0, sizeof(g[b]));
			g[b].round = r;
			g[b].board = b + 1;
			g[b].game = 1;
			g[b].nseats = (unsigned char)d->k;
			g[b].white = seat[0];
			g[b].black = seat[1];
			for (j = 2; j < d->k; j++)
				g[b].more[j - 2] = seat[j];
		}
	return d->tables;
}

int
tour_tables_fit(const struct tour_decl *d, const char *where,
    struct error *e)
{
	size_t i;

	if (d->section != 0 || d->cycles != 1 || d->advance != 0)
		return error_set(e, EXIT_MALFORMED, "%s: tables of %u: one "
		    "round robin, no sections, cycles or stage", where,
		    d->seats);
	if (tour_design((unsigned)d->n, d->seats) == NULL)
		return error_set(e, EXIT_MALFORMED, "%s: tables of %u fit %s "
		    "players, not %zu", where, d->seats,
		    tour_design_fits(d->seats), d->n);
	for (i = 0; i < d->ntb; i++)
		if (d->tb[i] != TOUR_TB_WIN)
			return error_set(e, EXIT_MALFORMED, "%s: %s is defined "
			    "for games of two; tables take wins alone",
			    where, tour_tb_name(d->tb[i]));
	return 0;
}

unsigned
tour_seat(const struct tour_game *g, unsigned i)
{
	return i == 0 ? g->white : i == 1 ? g->black : g->more[i - 2];
}
