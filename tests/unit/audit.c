/*
 * The end-of-game audit: a seat that committed to an impossible setup
 * (incognito: two spies) plays on unseen, since every opening matches its
 * commitment, and is caught when its final openings open the whole setup:
 * it loses, even a game it had won, and verify says so.  And a game whose
 * last check still waits for a hidden value fails the audit: no archive
 * reaches that (the final openings open every setup), so the check is
 * put on an honest game's closed match by hand.
 */
#include "unit.h"

#include "audit.h"
#include "match.h"
#include "match_int.h"
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

/* An honest game, closed: the audit passes it; with a single check left
 * waiting, it fails (one is enough: not only two or more). */
static void
pending_check(void)
{
	struct selfplay *sp;
	struct match *m;
	struct error e;
	int rc, next;

	sp = selfplay_new("incognito", NULL, 0, 2, 0, &e);
	rc = sp == NULL || selfplay_setup(sp, 0, "d2", &e) != 0 ||
	    selfplay_setup(sp, 1, "b4", &e) != 0 ||
	    selfplay_turn(sp, 0, "e3-c3", &e) != 0 ||
	    selfplay_turn(sp, 1, "resign", &e) != 0;
	/* each seat's final openings, as many turns as they take */
	while (rc == 0 && (next = match_next_author(sp->m[0])) >= 0)
		rc = selfplay_turn(sp, next, NULL, &e);
	m = rc == 0 ? sp->m[0] : NULL;
	unit_ok(m != NULL && match_phase(m) == MATCH_CLOSED &&
	    m->nchecks == 0 && audit_game(m, &e) == 0,
	    "an honest game, closed, passes the audit");
	if (m == NULL) {
		selfplay_free(sp);
		return;
	}
	if ((m->checks = calloc(1, sizeof(*m->checks))) == NULL)
		abort();
	m->checks[0].kind = CHECK_LEGAL;
	m->checks[0].seq = 4;
	m->nchecks = 1;
	rc = audit_game(m, &e);
	unit_ok(unit_err(rc, &e, EXIT_REFUSED, "seq 4: a check still waits "
	    "for a hidden value at the end"),
	    "one check still waiting at the end fails the audit");
	selfplay_free(sp);
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
	pending_check();
	return unit_done();
}
