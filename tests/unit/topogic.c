/*
 * topogic beyond the rule cases: the field's test vectors (the same as
 * formats/topogic.md holds), a coder whose client lies about a score and
 * is caught when its secret opens (in every seat's copy and in verify's
 * replay), a judge that lies about one, and the list of every action
 * against legal().
 */
#include "unit.h"

#include "audit.h"
#include "buf.h"
#include "entry.h"
#include "fsio.h"
#include "game.h"
#include "match.h"
#include "selfplay.h"

static const char vector_random[] =
    "10  .    .    .    .    .    .    B3   O4   .    .    .\n"
    " 9  .    .    G3   B6   P6   .    V4   .    .    B5   .\n"
    " 8  .    .    .    G1   V3   B4   O1   .    Y6   Y1   V5\n"
    " 7  .    .    G4   K5   P3   B2   K6   W2   O3   W3   P4\n"
    " 6  .    .    .    G2   V2   R6   G6   P2   K3   W6   V1\n"
    " 5  .    N3   .    N6   O2   N4   Y4   R5   Y3   N1   O6\n"
    " 4  K1   R1   W5   R3   V6   K2   K4   Y5   N2   G5   W4\n"
    " 3  .    .    N5   .    P5   W1   O5   .    .    .    R2\n"
    " 2  .    .    .    .    B1   Y2   R4   .    .    .    .\n"
    " 1  .    .    .    .    P1   .    .    .    .    .    .\n"
    "    a    b    c    d    e    f    g    h    i    j    k\n";

static const char vector_rect[] =
    " 6  Y6   Y1   V5   G3   B6   P6   V4   B5   B3   O4\n"
    " 5  B2   K6   W2   O3   W3   P4   G1   V3   B4   O1\n"
    " 4  V2   R6   G6   P2   K3   W6   V1   G4   K5   P3\n"
    " 3  N3   N6   O2   N4   Y4   R5   Y3   N1   O6   G2\n"
    " 2  R1   W5   R3   V6   K2   K4   Y5   N2   G5   W4\n"
    " 1  P1   B1   Y2   R4   N5   P5   W1   O5   R2   K1\n"
    "    a    b    c    d    e    f    g    h    i    j\n";

/* The field a seed and options give, drawn as show draws it. */
static int
field_of(const char *seed, char *const *opts, int nopts, struct buf *out)
{
	const struct game_rules *r = game_find("topogic");
	struct game_config cfg;
	struct error e;
	void *st;
	int rc = -1;

	memset(&cfg, 0, sizeof(cfg));
	cfg.nseats = 2;
	snprintf(cfg.seat[0], sizeof(cfg.seat[0]), "alice");
	snprintf(cfg.seat[1], sizeof(cfg.seat[1]), "bob");
	snprintf(cfg.seed, sizeof(cfg.seed), "%s", seed);
	if (r == NULL || game_options(r, &cfg, opts, nopts, &e) != 0 ||
	    (st = calloc(1, r->state_size)) == NULL)
		return -1;
	if (r->init(st, &cfg, &e) == 0) {
		r->render(st, -1, NULL, out);
		buf_cstr(out);
		rc = 0;
	}
	free(st);
	return rc;
}

static void
vectors(void)
{
	char rect[] = "field=rect", *opts[] = { rect };
	struct buf b, doc;
	struct error e;

	buf_init(&b);
	buf_init(&doc);
	unit_ok(field_of("0123456789abcdef", NULL, 0, &b) == 0 &&
	    strncmp((char *)b.data, vector_random, strlen(vector_random)) == 0,
	    "the field=random vector of seed 0123456789abcdef");
	if (strncmp((char *)b.data, vector_random, strlen(vector_random)) != 0)
		printf("# got:\n%s", (char *)b.data);
	b.len = 0;
	unit_ok(field_of("0123456789abcdef", opts, 1, &b) == 0 &&
	    strncmp((char *)b.data, vector_rect, strlen(vector_rect)) == 0,
	    "the field=rect vector of seed 0123456789abcdef");
	b.len = 0;
	unit_ok(field_of("0123456789abcdee", NULL, 0, &b) == 0 &&
	    strncmp((char *)b.data, vector_random, strlen(vector_random)) != 0,
	    "another seed, another field");
	unit_ok(fsio_read("formats/topogic.md", 1 << 20, &doc, &e) == 0 &&
	    buf_cstr(&doc) == 0 && strstr((char *)doc.data, vector_random) &&
	    strstr((char *)doc.data, vector_rect),
	    "formats/topogic.md holds both vectors");
	buf_free(&b);
	buf_free(&doc);
}

/* What seat owes, with the score written as value instead of what its
 * adjudicator computes: a modified client. */
static int
lie(struct selfplay *sp, int seat, const char *value, struct error *e)
{
	struct buf body, out;
	char *p, *end;
	int rc;

	buf_init(&body);
	buf_init(&out);
	if (entry_turn(sp->m[seat], seat, sp->party[seat].secret, NULL, &body,
	    e) != 0 || buf_cstr(&body) != 0) {
		buf_free(&body);
		return -1;
	}
	p = strstr((char *)body.data, "\nclaim:\n  score: ");
	if (p == NULL) {
		buf_free(&body);
		return error_set(e, EXIT_SYSTEM, "no score in the entry");
	}
	p += strlen("\nclaim:\n  score: ");
	end = strchr(p, '\n');
	buf_add(&out, body.data, (size_t)(p - (char *)body.data));
	buf_printf(&out, "\"%s\"%s", value, end);
	rc = selfplay_raw(sp, seat, &out, e);
	buf_free(&body);
	buf_free(&out);
	return rc;
}

static int
turns(struct selfplay *sp, const char *const *t, struct error *e)
{
	int i;

	for (i = 0; t[i] != NULL; i++)
		if (selfplay_turn(sp, i % 2 == 0 ? 1 : 0, t[i][0] ? t[i] : NULL,
		    e) != 0)
			return error_prefix(e, "step %d (%s)", i, t[i]);
	return 0;
}

static int
replay_audit(const struct selfplay *sp, struct error *e)
{
	struct match *v;
	size_t i;
	int rc = 0;

	if ((v = header_read(sp->entries[0].data, sp->entries[0].len, "h",
	    e)) == NULL)
		return -1;
	v->verifying = 1;
	for (i = 1; i < sp->nentries && rc == 0; i++)
		rc = match_apply(v, sp->entries[i].data, sp->entries[i].len,
		    "replay", NULL, e);
	if (rc == 0)
		rc = audit_game(v, e);
	match_free(v);
	return rc;
}

/*
 * The rect field of seed 00 (selfplay's):
 *  6  G6   G3   O5   Y6   Y4   O1   K3   R5   G2   W4
 *  5  V5   O6   P1   W3   N5   P2   K1   B6   N4   O4
 *  4  Y2   R3   O3   Y1   K2   K5   V2   P6   N2   R4
 *  3  P4   R6   G4   P5   K6   Y5   B1   R1   O2   W1
 *  2  R2   N3   K4   B2   B4   W5   W2   V6   N1   G1
 *  1  V4   V1   P3   B5   B3   W6   V3   N6   Y3   G5
 *     a    b    c    d    e    f    g    h    i    j
 * Alice hides yellow/4 (e6); bob's placement scores 9, alice says 6.
 */
static void
lying_coder(void)
{
	static const char *const t[] = { "e6 e6 e6 e6 a1", NULL };
	char rect[] = "field=rect", *opts[] = { rect };
	struct game_result r0, r1;
	struct selfplay *sp;
	struct error e;
	int rc;

	sp = selfplay_new("topogic", opts, 1, 2, 0, &e);
	rc = sp != NULL && selfplay_setup(sp, 0, "yellow/4", &e) == 0 &&
	    turns(sp, t, &e) == 0 ? 0 : -1;
	unit_ok(rc == 0 && lie(sp, 0, "6", &e) == 0,
	    "a false score is taken while the secret is hidden");
	match_result(sp->m[1], &r1);
	unit_ok(!r1.over, "bob's copy sees nothing wrong yet");
	rc = selfplay_turn(sp, 1, "a1-e5", &e);	/* over b2 c3 d4 */
	rc |= selfplay_turn(sp, 0, NULL, &e);	/* 8 */
	rc |= selfplay_turn(sp, 1, "e5-e6", &e);
	rc |= selfplay_turn(sp, 0, NULL, &e);	/* 10: the round ends */
	rc |= selfplay_turn(sp, 0, NULL, &e);	/* the secret opens */
	match_result(sp->m[0], &r0);
	match_result(sp->m[1], &r1);
	unit_ok(rc == 0 && r1.over && r1.cheated[0] && r1.winner[1] &&
	    !r1.winner[0] && strstr(r1.why, "seq 3: alice's claim score \"6\" "
	    "is false (the secrets give \"9\")") != NULL,
	    "bob's copy: the secret opens, alice's false score loses (%s)",
	    r1.why);
	unit_ok(r0.cheated[0] && r0.winner[1] && strcmp(r0.why, r1.why) == 0,
	    "alice's own copy says the same");
	unit_ok(match_phase(sp->m[1]) == MATCH_CLOSED &&
	    !match_setup_due(sp->m[1], 1), "the game is over: no round 2");
	rc = replay_audit(sp, &e);
	unit_ok(unit_err(rc, &e, EXIT_REFUSED, "seq 3: alice's claim score"),
	    "verify's replay names the entry");
	selfplay_free(sp);
}

/* A false perfect score ends the round at once, and loses. */
static void
false_perfect(void)
{
	static const char *const t[] = { "e6 e6 e6 e6 a1", NULL };
	char rect[] = "field=rect", *opts[] = { rect };
	struct game_result r;
	struct selfplay *sp;
	struct error e;
	int rc;

	sp = selfplay_new("topogic", opts, 1, 2, 0, &e);
	rc = sp != NULL && selfplay_setup(sp, 0, "yellow/4", &e) == 0 &&
	    turns(sp, t, &e) == 0 && lie(sp, 0, "10", &e) == 0 ? 0 : -1;
	unit_ok(rc == 0 && match_next_author(sp->m[1]) == 0 &&
	    match_owes(sp->m[1], 0), "a false 10 ends the round: alice owes "
	    "her secret");
	rc = selfplay_turn(sp, 0, NULL, &e);
	match_result(sp->m[1], &r);
	unit_ok(rc == 0 && r.cheated[0] && r.winner[1] &&
	    strstr(r.why, "alice's claim score \"10\" is false") != NULL,
	    "the opening shows it: bob wins (%s)", r.why);
	rc = lie(sp, 0, "11", &e);
	unit_ok(rc != 0, "nothing follows");
	selfplay_free(sp);
}

/* Out-of-range and non-canonical scores are refused at once. */
static void
bad_scores(void)
{
	static const char *const bad[] = { "11", "-1", "07", "x", "", "1.0" };
	static const char *const t[] = { "e6 e6 e6 e6 a1", NULL };
	char rect[] = "field=rect", *opts[] = { rect };
	struct selfplay *sp;
	struct error e;
	size_t i;
	int rc;

	sp = selfplay_new("topogic", opts, 1, 2, 0, &e);
	rc = sp != NULL && selfplay_setup(sp, 0, "yellow/4", &e) == 0 &&
	    turns(sp, t, &e) == 0 ? 0 : -1;
	for (i = 0; rc == 0 && i < UNIT_NELEM(bad); i++) {
		error_clear(&e);
		unit_ok(unit_err(lie(sp, 0, bad[i], &e), &e, EXIT_REFUSED,
		    "is not a number from 0 to 10") && sp->m[0]->seq == 2,
		    "a score \"%s\" is refused", bad[i]);
	}
	unit_ok(rc == 0 && lie(sp, 0, "9", &e) == 0, "the true one is taken");
	selfplay_free(sp);
}

/* The judge's first score rewritten before it signs it. */
static void
tamper_score(void *arg, int seat, struct buf *body)
{
	int *done = arg;
	char *p;

	if (seat != -1 || *done || buf_cstr(body) != 0 ||
	    (p = strstr((char *)body->data, "\nclaim:\n  score: ")) == NULL)
		return;
	p += strlen("\nclaim:\n  score: ");
	if (p[0] == '9' && p[1] == '\n') {
		p[0] = '7';
		*done = 1;
	}
}

static void
lying_judge(void)
{
	char rect[] = "field=rect", *opts[] = { rect };
	struct game_result r;
	struct selfplay *sp;
	struct error e;
	int done = 0, rc, s;

	sp = selfplay_new("topogic", opts, 1, 2, 1, &e);
	if (sp != NULL) {
		sp->tamper = tamper_score;
		sp->tamper_arg = &done;
	}
	rc = sp != NULL && selfplay_setup(sp, 0, "yellow/4", &e) == 0 &&
	    selfplay_turn(sp, 1, "e6 e6 e6 e6 a1", &e) == 0 ? 0 : -1;
	unit_ok(rc == 0 && done, "the judge says 7 where the secret gives 9");
	rc = selfplay_turn(sp, 1, "a1-e5", &e);
	rc |= selfplay_turn(sp, 1, "e5-e6", &e);
	for (s = 0; s < 2; s++) {
		match_result(sp->m[s], &r);
		unit_ok(rc == 0 && r.over && r.cheated[GAME_MAX_SEATS] &&
		    !r.winner[0] && !r.winner[1] &&
		    strstr(r.why, "the judge lied") != NULL,
		    "%s's copy: the secret opens, the judge lied (%s)",
		    s ? "bob" : "alice", r.why);
	}
	selfplay_free(sp);
}

/*
 * Every action listed is legal and listed once, and the count is the
 * number of different turns: multisets of squares for a placement, of
 * destinations per square's pawns for moves (stay is the empty one).
 */
static int
listed(const struct selfplay *sp, int seat, int want, const char *what)
{
	const struct game_rules *r = sp->rules;
	struct game_action *list;
	struct game_needs n;
	struct error e;
	char a[GAME_TEXT], b[GAME_TEXT];
	int i, j, got, bad = 0, stays = 0;

	if ((list = calloc(GAME_MAX_ACTIONS, sizeof(*list))) == NULL)
		return 0;
	got = r->actions(sp->m[seat]->state, seat, NULL, list,
	    GAME_MAX_ACTIONS);
	for (i = 0; i < got && i < GAME_MAX_ACTIONS && !bad; i++) {
		game_needs_init(&n);
		bad |= r->legal(sp->m[seat]->state, seat, &list[i], NULL, &n,
		    &e) != 0 || n.claim_by != 1 - seat;
		stays += strcmp(list[i].type, "stay") == 0;
		r->format(NULL, &list[i], a, sizeof(a));
		for (j = 0; j < i && !bad; j++) {
			r->format(NULL, &list[j], b, sizeof(b));
			bad |= strcmp(a, b) == 0;
		}
	}
	unit_ok(got == want && !bad && stays == (strcmp(what, "moves") == 0),
	    "%s: %d actions listed (want %d), each legal, once", what, got,
	    want);
	free(list);
	return got == want && !bad;
}

static void
action_lists(void)
{
	char rect[] = "field=rect", three[] = "pawns=3", border[] =
	    "start=border", *opts[] = { rect, three, border };
	struct selfplay *sp;
	struct error e;
	int n;

	sp = selfplay_new("topogic", opts, 3, 2, 0, &e);
	if (sp == NULL || selfplay_setup(sp, 0, "yellow/4", &e) != 0) {
		unit_ok(0, "a game: %s", e.msg);
		selfplay_free(sp);
		return;
	}
	/* 28 border tiles on 10x6: C(30, 3) placements */
	listed(sp, 1, 4060, "placements of 3 pawns on the border");
	/* three pawns on a1: 9 east, 5 north, 5 north-east */
	if (selfplay_turn(sp, 1, "a1 a1 a1", &e) != 0 ||
	    selfplay_turn(sp, 0, NULL, &e) != 0)
		unit_ok(0, "a1 a1 a1: %s", e.msg);
	listed(sp, 1, 1 + 19 + 190 + 1330, "moves");
	selfplay_free(sp);
	sp = selfplay_new("topogic", NULL, 0, 2, 0, &e);
	n = sp == NULL || selfplay_setup(sp, 0, "yellow/4", &e) != 0 ? -1 :
	    sp->rules->actions(sp->m[1]->state, 1, NULL, NULL, 0);
	unit_ok(n == 7624512, "5 pawns anywhere on 60 tiles: C(64, 5) = "
	    "7624512 placements, counted, not listed (%d)", n);
	selfplay_free(sp);
}

int
main(void)
{
	unit_init();
	vectors();
	lying_coder();
	false_perfect();
	bad_scores();
	lying_judge();
	action_lists();
	return unit_done();
}
