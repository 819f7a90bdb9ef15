/*
 * knights beyond the rule cases: the board table's own checks, the
 * options that go together, and random games with teams, the alliance
 * and mixed lines, in peer and judge mode, through the real protocol
 * (tests/unit/playout.c plays the plain 2, 3 and 4 seat games).
 *
 * The game file is included, under another name for its rules and for
 * what it shares with its pictures (knights.h; the real ones are linked
 * too), so that a broken copy of a table entry can be handed to the
 * checks that guard a corrected board.
 */
#define game_knights knights_under_test
#define kn_board kn_board_under_test
#define kn_colour_label kn_colour_label_under_test
#define kn_tally kn_tally_under_test
#define kn_team_bonus kn_team_bonus_under_test
#define kn_side_total kn_side_total_under_test
#define kn_side_label kn_side_label_under_test
#include "../../adjudicator/games/knights.c"
#undef game_knights

#include "unit.h"

#include "archive.h"
#include "audit.h"
#include "selfplay.h"

#define GAMES	4
#define STEPS	3000

/* A state with no colour placed yet. */
static void
blank(struct kn *s)
{
	memset(s, 0, sizeof(*s));
	memset(s->at, EMPTY, sizeof(s->at));
	memset(s->camp, EMPTY, sizeof(s->camp));
}

static void
test_table(void)
{
	struct kn s;
	struct camp_data d;
	struct error e;
	int c, rc, n, f, r;

	blank(&s);
	for (rc = 0, c = 0; c < NC; c++)
		rc |= place_colour(&s, c, &kn_board.camp[c], &e);
	rc |= place_unicorns(&s, kn_board.unicorns, &e);
	for (n = 0, f = 0; f < N; f++)
		for (r = 0; r < N; r++)
			n += s.unicorn[f][r];
	unit_ok(rc == 0 && n == 8, "table: the board's four camps and eight "
	    "unicorn squares are consistent");

	blank(&s);
	d = kn_board.camp[0];
	d.corner[1] = "m3";
	unit_ok(unit_err(place_colour(&s, 0, &d, &e), &e, EXIT_SYSTEM,
	    "camp of red"), "table: a camp corner off the board is refused");

	blank(&s);
	d = kn_board.camp[0];
	d.corner[0] = "d3";
	d.corner[1] = "a1";
	unit_ok(unit_err(place_colour(&s, 0, &d, &e), &e, EXIT_SYSTEM,
	    "camp of red"), "table: camp corners in the wrong order are refused");

	blank(&s);
	place_colour(&s, 0, &kn_board.camp[0], &e);
	d = kn_board.camp[1];
	d.corner[0] = "d1";
	unit_ok(unit_err(place_colour(&s, 1, &d, &e), &e, EXIT_SYSTEM,
	    "camp of blue"), "table: overlapping camps are refused");

	blank(&s);
	d = kn_board.camp[0];
	d.start = "a1 b1 c1 d1 a2 b2 c2 e5";
	unit_ok(unit_err(place_colour(&s, 0, &d, &e), &e, EXIT_SYSTEM,
	    "start squares of red"), "table: a start square outside the camp "
	    "is refused");

	blank(&s);
	d = kn_board.camp[0];
	d.start = "a1 b1 c1 d1 a2 b2 c2 c2";
	unit_ok(unit_err(place_colour(&s, 0, &d, &e), &e, EXIT_SYSTEM,
	    "start squares of red"), "table: a start square twice is refused");

	blank(&s);
	d = kn_board.camp[0];
	d.start = "a1 b1 c1 d1 a2 b2 c2";
	unit_ok(unit_err(place_colour(&s, 0, &d, &e), &e, EXIT_SYSTEM,
	    "start squares of red"), "table: seven start squares are refused");

	blank(&s);
	d = kn_board.camp[0];
	d.central = "b2 a3";
	unit_ok(unit_err(place_colour(&s, 0, &d, &e), &e, EXIT_SYSTEM,
	    "central squares of red"), "table: a central square without a "
	    "knight is refused");

	blank(&s);
	d = kn_board.camp[0];
	d.central = "c2 c2";
	unit_ok(unit_err(place_colour(&s, 0, &d, &e), &e, EXIT_SYSTEM,
	    "central squares of red"), "table: the same central square twice "
	    "is refused");

	blank(&s);
	place_colour(&s, 0, &kn_board.camp[0], &e);
	unit_ok(unit_err(place_unicorns(&s, "e5 b2", &e), &e, EXIT_SYSTEM,
	    "unicorn square 2"), "table: a unicorn square in a camp is "
	    "refused");
	unit_ok(unit_err(place_unicorns(&s, "e5 m13", &e), &e, EXIT_SYSTEM,
	    "unicorn square 2"), "table: a unicorn square off the board is "
	    "refused");
}

static void
test_options(void)
{
	static const struct {
		const char	*opts[2];
		int		 nseats;
		const char	*want;
	} bad[] = {
		{ { "teams=yes", NULL }, 3, "teams=yes is for 4 seats, not 3" },
		{ { "teams=yes", NULL }, 2, "teams=yes is for 4 seats, not 2" },
		{ { "alliance=yes", NULL }, 3, "alliance=yes is for 2 seats" },
		{ { "alliance=yes", "teams=yes" }, 4, "alliance=yes is for 2" },
		{ { "mixed-lines=yes", NULL }, 4, "mixed-lines=yes needs allies" },
		{ { "mixed-lines=yes", NULL }, 2, "mixed-lines=yes needs allies" },
		{ { "teams=maybe", NULL }, 4, "\"maybe\" is not allowed" },
		{ { "limit=0", NULL }, 2, "not a number from 1 to 100000" },
	};
	struct selfplay *sp;
	struct error e;
	char *opts[2];
	size_t i;
	int n;

	for (i = 0; i < UNIT_NELEM(bad); i++) {
		n = 0;
		while (n < 2 && bad[i].opts[n] != NULL) {
			opts[n] = (char *)(uintptr_t)bad[i].opts[n];
			n++;
		}
		error_clear(&e);
		sp = selfplay_new("knights", opts, n, bad[i].nseats, 0, &e);
		unit_ok(sp == NULL && unit_err(-1, &e, EXIT_USAGE, bad[i].want),
		    "options: %s%s%s with %d seats refused",
		    bad[i].opts[0], n > 1 ? " " : "", n > 1 ? bad[i].opts[1] :
		    "", bad[i].nseats);
		selfplay_free(sp);
	}
}

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
	buf_cstr(&out);
	if (rc == 0 && strstr((char *)out.data, "Score: red (") == NULL)
		rc = error_set(e, EXIT_SYSTEM, "verify prints no score");
	fclose(f);
	buf_free(&out);
	return rc;
}

/*
 * The figures agree: a seat's score is its colours' sum, and a team's is
 * its colours' sum plus a camp bonus of 0, 6 or 12 (none in the alliance).
 */
static int
scores_agree(const struct match *m, int alliance, struct error *e)
{
	struct game_result r;
	long colour[NC] = { 0 }, team;
	int c, x, i;

	match_result(m, &r);
	for (c = 0; c < NC; c++)
		for (i = 0; i < r.nscores; i++)
			if (strncmp(r.scores[i].label, kn_board.camp[c].colour,
			    strlen(kn_board.camp[c].colour)) == 0 &&
			    r.scores[i].label[strlen(kn_board.camp[c].colour)] ==
			    ' ')
				colour[c] = r.scores[i].points;
	for (x = 0; x < 2; x++) {
		team = colour[x] + colour[x + 2];
		if (alliance && r.score[x] != team)
			return error_set(e, EXIT_SYSTEM, "seat %d scores %ld, its "
			    "colours %ld", x, r.score[x], team);
		for (i = 0; i < r.nscores; i++)
			if (strcmp(r.scores[i].label, x ? "team blue+green" :
			    "team red+yellow") == 0 &&
			    r.scores[i].points - team != 0 && (alliance ||
			    (r.scores[i].points - team != 6 &&
			    r.scores[i].points - team != 12)))
				return error_set(e, EXIT_SYSTEM, "team %d scores "
				    "%ld, its colours %ld", x,
				    r.scores[i].points, team);
	}
	return 0;
}

static int
end_checks(struct selfplay *sp, int alliance, struct error *e)
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
	if (audit_game(audit, e) != 0 ||
	    scores_agree(audit, alliance, e) != 0)
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

/* One random game; resignations and draw offers now and then. */
static int
play_one(char **opts, int nopts, int nseats, int judged, char *err,
    size_t errlen)
{
	struct selfplay *sp;
	struct error e;
	char act[64];
	int n, next, rc = -1, alliance = nseats == 2;

	if ((sp = selfplay_new("knights", opts, nopts, nseats, judged,
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
		if (sp->m[0]->draw_offer >= 0)
			snprintf(act, sizeof(act), "decline");
		else if (rng_uniform(&sp->rng, 300) == 0)
			snprintf(act, sizeof(act), "resign");
		else if (alliance && rng_uniform(&sp->rng, 100) == 0 &&
		    sp->m[0]->declined != next)
			snprintf(act, sizeof(act), "draw");
		else if (selfplay_random_action(sp, next, act, sizeof(act),
		    &e) != 0)
			goto fail;
		if (selfplay_turn(sp, next, act, &e) != 0)
			goto fail;
	}
	if (match_phase(sp->m[0]) != MATCH_CLOSED) {
		snprintf(err, errlen, "not closed after %d steps", STEPS);
		goto done;
	}
	if (end_checks(sp, alliance, &e) != 0) {
		snprintf(err, errlen, "at the end: %s", e.msg);
		goto done;
	}
	rc = 0;
	goto done;
fail:
	snprintf(err, errlen, "seq %llu, \"%s\": %s",
	    (unsigned long long)sp->m[0]->seq + 1, act, e.msg);
done:
	selfplay_free(sp);
	return rc;
}

static void
test_playouts(void)
{
	static const struct {
		const char	*what;
		const char	*opts[3];
		int		 nseats;
	} set[] = {
		{ "teams", { "teams=yes", "limit=100", NULL }, 4 },
		{ "teams, mixed lines",
		  { "teams=yes", "mixed-lines=yes", "limit=100" }, 4 },
		{ "alliance", { "alliance=yes", "limit=100", NULL }, 2 },
		{ "alliance, mixed lines",
		  { "alliance=yes", "mixed-lines=yes", "limit=100" }, 2 },
	};
	char err[1200], *opts[3];
	size_t i;
	int g, n, judged, failed;

	for (i = 0; i < UNIT_NELEM(set); i++)
		for (judged = 0; judged < 2; judged++) {
			for (n = 0; n < 3 && set[i].opts[n] != NULL; n++)
				opts[n] = (char *)(uintptr_t)set[i].opts[n];
			failed = 0;
			for (g = 0; g < GAMES && !failed; g++)
				if (play_one(opts, n, set[i].nseats, judged, err,
				    sizeof(err)) != 0) {
					printf("# game %d: %s\n", g, err);
					failed = 1;
				}
			unit_ok(!failed, "playout: %s, %s: %d random games "
			    "played, verified and audited", set[i].what,
			    judged ? "judged" : "peer", GAMES);
		}
}

int
main(void)
{
	unit_init();
	test_table();
	test_options();
	test_playouts();
	return unit_done();
}
