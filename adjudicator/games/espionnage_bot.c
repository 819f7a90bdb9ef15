/*
 * espionnage's greedy bot (adjudicator-games(7)), beside the rules in
 * espionnage.c, which is near a game file's size limit.
 *
 * Each first move is worth what it is expected to win: an attack, the
 * enemy piece's worth times the odds of beating it less the attacker's
 * worth times the odds of losing it; a plain move, a little for going
 * forward.  The odds come from what the seat knows: the ranks opened or
 * seen, the enemy army less the ranks known, and that a piece which has
 * moved is neither a mine nor the headquarters (which are all among those
 * that have not).  The best first move that leaves a second is played,
 * then the best second in the position it leaves.
 */
#include <stdlib.h>
#include <string.h>

#include "espionnage.h"
#include "rng.h"

static const double worth[NKIND] = { 0, 1, 2, 3, 4, 6, 3, 3, 1, 1000 };

/* The odds of each kind for enemy piece q. */
static void
odds(const struct esp *s, int q, const struct game_ctx *ctx, double *pk)
{
	int seat = q / PER, left[NKIND], k, i, still = 0, mob = 0;

	memset(pk, 0, sizeof(double) * NKIND);
	if ((k = esp_kind(game_value(ctx, seat, s->id[q]))) > 0) {
		pk[k] = 1;
		return;
	}
	memcpy(left, esp_army, sizeof(left));
	for (i = seat * PER; i < seat * PER + PER; i++) {
		k = esp_kind(game_value(ctx, seat, s->id[i]));
		if (k > 0 && left[k] > 0)
			left[k]--;
		else if (k <= 0 && s->alive[i] && !s->moved[i])
			still++;
	}
	for (k = CORPORAL; k <= SAPPER; k++)
		mob += left[k];
	if (!s->moved[q] && still > 0) {
		pk[MINE] = (double)left[MINE] / still;
		pk[HQ] = (double)left[HQ] / still;
	}
	for (k = CORPORAL; k <= SAPPER && mob > 0; k++)
		pk[k] = (1 - pk[MINE] - pk[HQ]) * left[k] / mob;
}

static double
value(const struct esp *s, int seat, const struct mv *m,
    const struct game_ctx *ctx)
{
	int p = s->board[m->f][m->r], q = s->board[m->tf][m->tr], a, k, c;
	double pk[NKIND], v = 0;

	a = esp_kind(game_value(ctx, seat, s->id[p]));
	if (q < 0)	/* forward, the way to the enemy */
		return 0.01 * (seat == 0 ? m->tr - m->r : m->r - m->tr);
	odds(s, q, ctx, pk);
	for (k = CORPORAL; k < NKIND; k++) {
		if (pk[k] == 0)
			continue;
		c = esp_clash(a, k);
		v += pk[k] * (c == LOST ? -worth[a] : worth[k]);
	}
	return v;
}

/* The index of the best of n moves, ties at random; -1 if none. */
static int
best(const struct esp *s, int seat, const struct mv *m, int n,
    const int *skip, const struct game_ctx *ctx, struct rng *rng)
{
	double v, top = 0;
	int i, b = -1, ties = 0;

	for (i = 0; i < n; i++) {
		if (skip != NULL && skip[i])
			continue;
		v = value(s, seat, &m[i], ctx);
		if (b < 0 || v > top + 1e-9) {
			b = i;
			top = v;
			ties = 1;
		} else if (v > top - 1e-9 &&
		    rng_uniform(rng, (uint32_t)++ties) == 0)
			b = i;
	}
	return b;
}

int
esp_greedy(const void *st, int seat, const struct game_ctx *ctx,
    struct rng *rng, struct game_action *out, struct error *e)
{
	const struct esp *s = st;
	struct mv first[MAXMOVES], second[MAXMOVES];
	int tried[MAXMOVES] = { 0 }, n1, n2, i, j, k;
	struct turn t;
	struct esp after;

	if ((n1 = esp_first_moves(s, seat, ctx, first)) <= 0)
		return esp_random_action(st, seat, ctx, rng, out, e);
	t.n = 1;
	t.m[0] = first[best(s, seat, first, n1, NULL, ctx, rng)];
	for (k = 0; s->moves == 2 && k < n1; k++) {
		i = best(s, seat, first, n1, tried, ctx, rng);
		tried[i] = 1;
		if ((n2 = esp_second_moves(s, seat, &first[i], ctx,
		    second)) == 0)
			continue;
		after = *s;
		esp_assume_first(&after, &first[i]);
		j = best(&after, seat, second, n2, NULL, ctx, rng);
		t.n = 2;
		t.m[0] = first[i];
		t.m[1] = second[j];
		break;
	}
	esp_turn_action(out, &t);
	return 0;
}
