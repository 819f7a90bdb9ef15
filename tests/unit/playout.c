/*
 * Random-playout conformance: many complete games of every registered
 * game through the real protocol (signed entries, openings, obligations,
 * final openings), checking the interface's invariants at every step and
 * that verify's audit accepts each finished game.
 */
#include "unit.h"

#include "game.h"
#include "selfplay.h"

#define GAMES	60
#define STEPS	5000

static int
same_state(const struct selfplay *sp)
{
	int s;

	for (s = 1; s < sp->nseats; s++)
		if (sp->m[s]->seq != sp->m[0]->seq ||
		    memcmp(sp->m[s]->last, sp->m[0]->last, SEC_HASH) != 0 ||
		    match_next_author(sp->m[s]) != match_next_author(sp->m[0]))
			return 0;
	return 1;
}

static int
play_one(const struct game_rules *r, int nseats, char *err, size_t errlen)
{
	struct error e;
	struct selfplay *sp;
	struct match *audit;
	char act[256];
	int s, step, next, rc = -1;
	size_t i;
	char limit[] = "limit=30", *opts[] = { limit };

	if ((sp = selfplay_new(r->name, opts, 1, nseats, &e)) == NULL) {
		snprintf(err, errlen, "new: %s", e.msg);
		return -1;
	}
	for (s = 0; s < nseats; s++)
		if (selfplay_setup(sp, s, NULL, &e) != 0) {
			snprintf(err, errlen, "setup %d: %s", s, e.msg);
			goto done;
		}
	for (step = 0; step < STEPS; step++) {
		if (!same_state(sp)) {
			snprintf(err, errlen, "seats disagree at seq %llu",
			    (unsigned long long)sp->m[0]->seq);
			goto done;
		}
		next = match_next_author(sp->m[0]);
		if (next < 0)
			break;
		if (match_phase(sp->m[0]) == MATCH_FINAL ||
		    match_owes(sp->m[0], next)) {
			if (selfplay_turn(sp, next, NULL, &e) == 0)
				continue;
			/* after an opening the same seat may have to act */
		}
		if (sec_uniform(200) == 0)
			snprintf(act, sizeof(act), "resign");
		else if (sec_uniform(50) == 0 && nseats == 2 &&
		    sp->m[0]->draw_offer < 0 && sp->m[0]->declined != next)
			snprintf(act, sizeof(act), "draw");
		else if (sp->m[0]->draw_offer >= 0)
			snprintf(act, sizeof(act), sec_uniform(4) ? "decline" :
			    "accept");
		else if (selfplay_random_action(sp, next, act, sizeof(act)) != 0) {
			snprintf(err, errlen, "seat %d has no action at seq %llu",
			    next, (unsigned long long)sp->m[0]->seq);
			goto done;
		}
		if (selfplay_turn(sp, next, act, &e) != 0) {
			snprintf(err, errlen, "seq %llu seat %d \"%s\": %s",
			    (unsigned long long)sp->m[0]->seq + 1, next, act,
			    e.msg);
			goto done;
		}
	}
	if (match_phase(sp->m[0]) != MATCH_CLOSED) {
		snprintf(err, errlen, "not closed after %d steps", STEPS);
		goto done;
	}
	/* replay the whole transcript as verify does */
	audit = match_from_header(sp->entries[0].data, sp->entries[0].len,
	    "header", &e);
	if (audit == NULL) {
		snprintf(err, errlen, "header: %s", e.msg);
		goto done;
	}
	audit->verifying = 1;
	for (i = 1; i < sp->nentries; i++)
		if (match_apply(audit, sp->entries[i].data, sp->entries[i].len,
		    "replay", NULL, &e) != 0) {
			snprintf(err, errlen, "replay %zu: %s", i, e.msg);
			match_free(audit);
			goto done;
		}
	if (match_audit(audit, &e) != 0) {
		snprintf(err, errlen, "audit: %s", e.msg);
		match_free(audit);
		goto done;
	}
	match_free(audit);
	rc = 0;
done:
	selfplay_free(sp);
	return rc;
}

int
main(void)
{
	char err[1200];
	int g, i, failed;

	unit_init();
	for (g = 0; game_table[g] != NULL; g++) {
		const struct game_rules *r = game_table[g];

		if (!(r->modes & GAME_PEER))
			continue;
		failed = 0;
		for (i = 0; i < GAMES && !failed; i++)
			if (play_one(r, r->min_seats, err, sizeof(err)) != 0) {
				printf("# %s game %d: %s\n", r->name, i, err);
				failed = 1;
			}
		unit_ok(!failed, "%s: %d random games played, verified and "
		    "audited", r->name, GAMES);
	}
	return unit_done();
}
