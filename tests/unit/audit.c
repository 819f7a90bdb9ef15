/*
 * The end-of-game audit: a seat that committed to an impossible setup
 * (incognito: two spies) plays on unseen, since every opening matches its
 * commitment, and is caught when its final openings open the whole setup:
 * it loses, even a game it had won, and verify says so.
 */
#include "unit.h"

#include "audit.h"
#include "match.h"
#include "selfplay.h"

/* Alice commits to two spies, d2 and e3, bypassing setup's own audit. */
static int
cheating_setup(struct selfplay *sp, struct error *e)
{
	struct game_setup su;
	int i;

	memset(&su, 0, sizeof(su));
	sp->rules->setup_parse(sp->m[0]->state, 0, "d2", &su, e);
	for (i = 0; i < su.n; i++)
		if (strcmp(su.id[i], "e3") == 0)
			snprintf(su.value[i], GAME_VALUE, "spy");
	return selfplay_commit(sp, 0, &su, e);
}

int
main(void)
{
	struct selfplay *sp;
	struct error e;
	struct game_result r;
	struct match *v;
	size_t i;
	int rc = 0;

	unit_init();
	sp = selfplay_new("incognito", NULL, 0, 2, 0, &e);
	unit_ok(sp != NULL && cheating_setup(sp, &e) == 0 &&
	    selfplay_setup(sp, 1, "b4", &e) == 0,
	    "alice commits to two spies; the commitments alone do not show it");
	/* alice wins by the rules: bob's spy is found */
	if (selfplay_turn(sp, 0, "e3-c3", &e) != 0 ||
	    selfplay_turn(sp, 1, "b4-b3", &e) != 0 ||
	    selfplay_turn(sp, 0, "c3?b3", &e) != 0 ||
	    selfplay_turn(sp, 1, NULL, &e) != 0)
		rc = -1;
	match_result(sp->m[0], &r);
	unit_ok(rc == 0 && r.over && r.winner[0] && !r.winner[1],
	    "alice wins by the rules before the audit");
	/* alice's final openings open both spies */
	rc = selfplay_turn(sp, 0, NULL, &e);
	match_result(sp->m[1], &r);
	unit_ok(rc == 0 && r.winner[1] && !r.winner[0] &&
	    strstr(r.why, "alice's setup fails the audit") != NULL,
	    "her final openings: the audit fails and bob wins (%s)", r.why);
	unit_ok(match_phase(sp->m[1]) == MATCH_CLOSED, "the game is closed");
	/* verify's replay names the cheat and exits 1 */
	v = header_read(sp->entries[0].data, sp->entries[0].len, "h", &e);
	rc = v == NULL;
	if (v != NULL)
		v->verifying = 1;
	for (i = 1; rc == 0 && i < sp->nentries; i++)
		rc = match_apply(v, sp->entries[i].data, sp->entries[i].len,
		    "replay", NULL, &e);
	unit_ok(rc == 0, "every entry is well signed and each opening matches");
	rc = rc == 0 ? audit_game(v, &e) : -1;
	unit_ok(unit_err(rc, &e, EXIT_REFUSED, "alice loses"),
	    "the audit refuses the game and names alice");
	match_free(v);
	selfplay_free(sp);
	return unit_done();
}
