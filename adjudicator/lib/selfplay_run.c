/*
 * A whole in-memory game played to its end at random, or ended as asked
 * (a resignation, a draw agreed), for the tests' and the benchmark's
 * archives (selfplay.h).
 */
#include "selfplay.h"

#define MAX_STEPS	20000

/* The next entry: whatever is owed, else the ending asked for, else a
 * random action. */
static int
step(struct selfplay *sp, int next, const struct selfplay_end *how,
    int *plies, struct error *e)
{
	const struct match *m = sp->m[0];
	char act[256];

	if (match_phase(m) == MATCH_SETUP)
		return selfplay_setup(sp, next, NULL, e);
	if (match_phase(m) == MATCH_FINAL || match_owes(m, next))
		return selfplay_turn(sp, next, NULL, e);
	if (m->draw_offer >= 0)
		return selfplay_turn(sp, next, "accept", e);
	if (how->plies >= 0 && *plies >= how->plies) {
		if (how->draw && m->nseats == 2)
			return selfplay_turn(sp, next, "draw", e);
		if (how->resign == SELFPLAY_MOVER || how->resign == next)
			return selfplay_turn(sp, next, "resign", e);
	}
	++*plies;
	return selfplay_random_action(sp, next, act, sizeof(act), e) == 0 ?
	    selfplay_turn(sp, next, act, e) : -1;
}

int
selfplay_run(struct selfplay *sp, const struct selfplay_end *how,
    struct error *e)
{
	int steps, next, plies = 0;

	for (steps = 0; steps < MAX_STEPS; steps++) {
		if ((next = match_next_author(sp->m[0])) < 0)
			return 0;
		if (step(sp, next, how, &plies, e) != 0)
			return -1;
	}
	return error_set(e, EXIT_SYSTEM, "%s: no end after %d entries",
	    sp->rules->name, MAX_STEPS);
}
