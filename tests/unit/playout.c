/*
 * Random-playout conformance: many complete games of every registered
 * game, in every mode and at every seat count it allows, through the real
 * protocol (signed, encrypted entries, openings, obligations, claims, the
 * judge, final openings), checking at every step that every copy agrees,
 * and at the end that the transcript replays as verify reads it, passes
 * the audit, and that every archive (each judged seat's export with its
 * updates) verifies.
 */
#include <stdio.h>

#include "unit.h"

#include "archive.h"
#include "audit.h"
#include "game.h"
#include "selfplay.h"

#define GAMES	20
#define STEPS	5000

static int
same_state(const struct selfplay *sp)
{
	int s;

	for (s = 1; s < SELFPLAY_PARTIES; s++)
		if (sp->m[s] != NULL && (sp->m[s]->seq != sp->m[0]->seq ||
		    memcmp(sp->m[s]->last, sp->m[0]->last, SEC_HASH) != 0 ||
		    match_next_author(sp->m[s]) != match_next_author(sp->m[0])))
			return 0;
	return 1;
}

/* What the next seat does: its setup, what it owes, or an action. */
static int
step(struct selfplay *sp, int next, struct error *e)
{
	const struct match *m = sp->m[0];
	char act[256];

	if (match_phase(m) == MATCH_SETUP)
		return selfplay_setup(sp, next, NULL, e);
	if (match_phase(m) == MATCH_FINAL || match_owes(m, next))
		return selfplay_turn(sp, next, NULL, e);
	if (rng_uniform(&sp->rng, 200) == 0)
		snprintf(act, sizeof(act), "resign");
	else if (rng_uniform(&sp->rng, 50) == 0 && sp->nseats == 2 &&
	    m->draw_offer < 0 && m->declined != next)
		snprintf(act, sizeof(act), "draw");
	else if (m->draw_offer >= 0)
		snprintf(act, sizeof(act), rng_uniform(&sp->rng, 4) ?
		    "decline" : "accept");
	else if (selfplay_random_action(sp, next, act, sizeof(act), e) != 0)
		return -1;
	if (selfplay_turn(sp, next, act, e) != 0)
		return error_prefix(e, "\"%s\"", act);
	return 0;
}

static int
verify(struct buf *arc, struct error *e)
{
	struct buf out;
	FILE *f;
	int rc;

	if ((f = fmemopen(arc->data, arc->len, "r")) == NULL)
		return error_set(e, EXIT_SYSTEM, "fmemopen");
	buf_init(&out);
	rc = archive_verify(f, "archive", 2, NULL, &out, e);
	fclose(f);
	buf_free(&out);
	return rc;
}

/* The transcript replayed as verify does, then every archive verified. */
static int
check_end(struct selfplay *sp, struct error *e)
{
	struct match *audit;
	struct buf arc;
	size_t i;
	int s, rc = -1;

	if ((audit = header_read(sp->entries[0].data, sp->entries[0].len,
	    "header", e)) == NULL)
		return -1;
	audit->verifying = 1;
	for (i = 1; i < sp->nentries; i++)
		if (match_apply(audit, sp->entries[i].data, sp->entries[i].len,
		    "replay", NULL, e) != 0)
			goto done;
	if (audit_game(audit, e) != 0)
		goto done;
	buf_init(&arc);
	rc = selfplay_archive(sp, &arc, e) == 0 ? verify(&arc, e) : -1;
	for (s = 0; rc == 0 && sp->judged && s < sp->nseats; s++) {
		arc.len = 0;
		rc = selfplay_export(sp, s, &arc, e) == 0 ? verify(&arc, e) : -1;
	}
	buf_free(&arc);
done:
	match_free(audit);
	return rc;
}

static int
play_one(const struct game_rules *r, int nseats, int judged, char *err,
    size_t errlen)
{
	struct error e;
	struct selfplay *sp;
	char limit[] = "limit=30", *opts[] = { limit };
	int n, next, rc = -1, limited = 0;
	const struct game_option *o;

	for (o = r->options; o != NULL && o->name != NULL; o++)
		limited |= strcmp(o->name, "limit") == 0;
	if ((sp = selfplay_new(r->name, opts, limited, nseats, judged,
	    &e)) == NULL) {
		snprintf(err, errlen, "new: %s", e.msg);
		return -1;
	}
	for (n = 0; n < STEPS; n++) {
		if (!same_state(sp)) {
			snprintf(err, errlen, "copies disagree at seq %llu",
			    (unsigned long long)sp->m[0]->seq);
			goto done;
		}
		if ((next = match_next_author(sp->m[0])) < 0)
			break;
		if (next >= nseats) {
			snprintf(err, errlen, "the judge owes an entry at seq "
			    "%llu", (unsigned long long)sp->m[0]->seq);
			goto done;
		}
		if (step(sp, next, &e) != 0) {
			snprintf(err, errlen, "seq %llu, seat %d: %s",
			    (unsigned long long)sp->m[0]->seq + 1, next, e.msg);
			goto done;
		}
	}
	if (match_phase(sp->m[0]) != MATCH_CLOSED) {
		snprintf(err, errlen, "not closed after %d steps", STEPS);
		goto done;
	}
	if (check_end(sp, &e) != 0) {
		snprintf(err, errlen, "at the end: %s", e.msg);
		goto done;
	}
	rc = 0;
done:
	selfplay_free(sp);
	return rc;
}

int
main(void)
{
	char err[1200];
	int g, i, n, judged, failed;

	unit_init();
	for (g = 0; game_table[g] != NULL; g++) {
		const struct game_rules *r = game_table[g];

		for (judged = 0; judged < 2; judged++) {
			if (!(r->modes & (judged ? GAME_MODE_JUDGE :
			    GAME_MODE_PEER)))
				continue;
			for (n = r->min_seats; n <= r->max_seats; n++) {
				failed = 0;
				for (i = 0; i < GAMES && !failed; i++)
					if (play_one(r, n, judged, err,
					    sizeof(err)) != 0) {
						printf("# %s, %d seats, %s, game "
						    "%d: %s\n", r->name, n,
						    judged ? "judged" : "peer",
						    i, err);
						failed = 1;
					}
				unit_ok(!failed, "%s, %d seats, %s: %d random "
				    "games played, verified and audited",
				    r->name, n, judged ? "judged" : "peer",
				    GAMES);
			}
		}
	}
	return unit_done();
}
