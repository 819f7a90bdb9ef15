/*
 * espionnage's judge, and the audit of what it showed each seat.
 *
 * The judge refuses at once what only full knowledge shows illegal (a
 * mine that moves, one move while two pieces can move), in a note that
 * names the square and no rank.  A dishonest judge (selfplay's tamper
 * hook) is caught in each of the three ways it can lie: an opening a seat
 * was not entitled to, a spy sighting withheld (both found by verify of
 * that seat's export), and a false combat outcome in one of the judge's
 * own entries (found when every setup opens at the end: the game is void).
 */
#include "unit.h"

#include "archive.h"
#include "audit.h"
#include "entry.h"
#include "envelope.h"
#include "match.h"
#include "rng.h"
#include "selfplay.h"
#include "games/espionnage.h"

#define STD	"M11MHM11XM/433222SSSX/54321SXSX5"
/* a mine on a3, the headquarters on e3 */
#define FRONT	"511M1M11XM/433222SSSX/M432HSXSX5"

static char volcanoes[] = "volcanoes=0";
static char *opts[] = { volcanoes };

static struct selfplay *
game(const char *white, const char *black, struct error *e)
{
	struct selfplay *sp;

	if ((sp = selfplay_new("espionnage", opts, 1, 2, 1, e)) == NULL)
		return NULL;
	if (selfplay_setup(sp, 0, white, e) != 0 ||
	    selfplay_setup(sp, 1, black, e) != 0) {
		selfplay_free(sp);
		return NULL;
	}
	return sp;
}

/* Plays turns alternately from alice; NULL ends the list. */
static int
play(struct selfplay *sp, const char *const *turns, struct error *e)
{
	int i;

	for (i = 0; turns[i] != NULL; i++)
		if (selfplay_turn(sp, i % 2, turns[i], e) != 0)
			return error_prefix(e, "turn %d (%s)", i + 1, turns[i]);
	return 0;
}

/*
 * What a modified client could send: alice's turn as a body written by
 * hand, in a private message to the judge, who takes it as any other.
 * Returns the judge's note for alice, empty when it applied the turn.
 */
static int
hand_made(struct selfplay *sp, const char *action, char *note, size_t len,
    struct error *e)
{
	const struct match *m = sp->m[0];
	struct key_public to = m->judge;
	struct judge_run j;
	struct buf body, sb, bundle, outer, arm;
	char prev[2 * SEC_HASH + 1];
	int rc = -1;

	buf_init(&body);
	buf_init(&sb);
	buf_init(&bundle);
	buf_init(&outer);
	buf_init(&arm);
	sec_hex(prev, sizeof(prev), m->last, SEC_HASH);
	buf_printf(&body, "game: %s\nseq: %llu\nprev: %s\nby: alice\n"
	    "to: [%s]\nkind: turn\naction:\n%s", m->game_hex,
	    (unsigned long long)m->seq + 1, prev, m->judge.idhex, action);
	judge_run_init(&j, &sp->party[GAME_JUDGE], sp->key[GAME_JUDGE]);
	if (envelope_sign(sp->key[0], &to, 1, body.data, body.len, &sb,
	    e) != 0 || entry_private(m, 0, &sb, NULL, NULL, &bundle, e) != 0 ||
	    envelope_sign(sp->key[0], &to, 1, bundle.data, bundle.len, &outer,
	    e) != 0 || envelope_armor(outer.data, outer.len, &to, 1, &arm,
	    e) != 0 || judge_input(&j, (const char *)arm.data, arm.len,
	    "hand-made", e) != 0)
		goto done;
	snprintf(note, len, "%s", j.note[0]);
	rc = j.refused || j.malformed ? 0 : 1;
done:
	buf_free(&body);
	buf_free(&sb);
	buf_free(&bundle);
	buf_free(&outer);
	buf_free(&arm);
	return rc;
}

static void
test_judge_refuses(void)
{
	struct selfplay *sp;
	struct error e;
	char note[600];
	int rc;

	sp = game(FRONT, STD, &e);
	unit_ok(sp != NULL, "a game with a mine and the headquarters in front");
	if (sp == NULL)
		return;
	rc = hand_made(sp, "  type: move\n  from: a3\n  to: a4\n  from2: b3\n"
	    "  to2: b4\n", note, sizeof(note), &e);
	unit_ok(rc == 0 && strstr(note, "a3-a4: the piece on a3 cannot move") !=
	    NULL && strstr(note, "mine") == NULL,
	    "the judge refuses a mine that moves, naming the square alone (%s)",
	    note);
	rc = hand_made(sp, "  type: move\n  from: b3\n  to: b4\n  from2: e3\n"
	    "  to2: e4\n", note, sizeof(note), &e);
	unit_ok(rc == 0 && strstr(note, "e3-e4: the piece on e3 cannot move") !=
	    NULL && strstr(note, "headquarters") == NULL,
	    "and the headquarters, as the second move (%s)", note);
	rc = hand_made(sp, "  type: move\n  from: b3\n  to: b4\n", note,
	    sizeof(note), &e);
	unit_ok(rc == 0 && strstr(note, "a turn is two moves") != NULL,
	    "and one move while two pieces can move (%s)", note);
	rc = hand_made(sp, "  type: attack\n  from: b3\n  to: b4\n", note,
	    sizeof(note), &e);
	unit_ok(rc == 0 && strstr(note, "unknown action type \"attack\"") !=
	    NULL, "an action of another type is refused (%s)", note);
	rc = hand_made(sp, "  type: move\n  from: b3\n  to: b4\n  to2: c4\n",
	    note, sizeof(note), &e);
	unit_ok(rc == 0 && strstr(note, "missing field \"from2\"") != NULL,
	    "a second move without its from2 is refused (%s)", note);
	rc = hand_made(sp, "  type: move\n  from: b3\n  to: b4\n  by: c4\n",
	    note, sizeof(note), &e);
	unit_ok(rc == 0 && strstr(note, "unknown field \"by\"") != NULL,
	    "an unknown field is refused (%s)", note);
	rc = hand_made(sp, "  type: move\n  from: b3\n  to: b4\n  from2: k3\n"
	    "  to2: k4\n", note, sizeof(note), &e);
	unit_ok(rc == 0 && strstr(note, "squares are a1 to j10") != NULL,
	    "a square off the board is refused (%s)", note);
	unit_ok(sp->party[GAME_JUDGE].m->seq == 2, "nothing was applied");
	rc = hand_made(sp, "  type: move\n  from: b3\n  to: b4\n  from2: c3\n"
	    "  to2: c4\n", note, sizeof(note), &e);
	unit_ok(rc == 1 && sp->party[GAME_JUDGE].m->seq > 2,
	    "a legal turn made by hand goes through (%s)", rc < 0 ? e.msg : note);
	selfplay_free(sp);
}

/* The three lies of a judge, each told once. */
struct liar {
	int	kind;		/* 0 more, 1 less, 2 false, 3 and 4 nonsense */
	int	done;
	const struct selfplay *sp;
};

/* Adds to bob's update an opening of alice's mine on a1, out of sight. */
static void
show_more(struct liar *l, struct buf *body)
{
	const struct match_secret *a = l->sp->party[GAME_JUDGE].all[0];
	const char *p = strstr((const char *)body->data, "\nopen: []\n");
	char nonce[2 * COMMIT_NONCE + 1], item[300];
	struct buf out;
	size_t at;

	if (p == NULL || a == NULL)
		return;
	sec_hex(nonce, sizeof(nonce), a->nonce[0], COMMIT_NONCE);
	snprintf(item, sizeof(item), "\nopen:\n- seat: alice\n  piece: %s\n"
	    "  value: %s\n  nonce: %s\n", a->setup.id[0], a->setup.value[0],
	    nonce);
	at = (size_t)(p - (const char *)body->data);
	buf_init(&out);
	buf_add(&out, body->data, at);
	buf_adds(&out, item);
	buf_add(&out, body->data + at + 10, body->len - at - 10);
	body->len = 0;
	buf_add(body, out.data, out.len);
	buf_free(&out);
	l->done = 1;
}

/* Removes the first opening from alice's update. */
static void
show_less(struct liar *l, struct buf *body)
{
	char *s = (char *)body->data, *p = strstr(s, "\nopen:\n- seat:"), *q;
	struct buf out;
	size_t at;

	if (p == NULL)
		return;
	at = (size_t)(p - s) + 7;	/* the item's "- seat:" */
	for (q = s + at + 1; q < s + body->len && strncmp(q, "\n- ", 3) != 0 &&
	    strncmp(q, "\nnote:", 6) != 0; q++)
		;
	q = q < s + body->len ? q + 1 : s + body->len;
	buf_init(&out);
	buf_add(&out, s, at);
	if (strncmp(q, "- ", 2) != 0) {
		/* it was the only one */
		out.len--;
		buf_adds(&out, " []\n");
	}
	buf_add(&out, q, body->len - (size_t)(q - s));
	body->len = 0;
	buf_add(body, out.data, out.len);
	buf_free(&out);
	l->done = 1;
}

/* Rewrites the first claim "from" in the judge's entries as "to" (of
 * the same length). */
static void
say_false(struct liar *l, struct buf *body, const char *from, const char *to)
{
	char *p;

	buf_cstr(body);
	if ((p = strstr((char *)body->data, from)) == NULL)
		return;
	memcpy(p, to, strlen(to));
	l->done = 1;
}

static void
tamper(void *arg, int seat, struct buf *body)
{
	struct liar *l = arg;

	if (l->done)
		return;
	buf_cstr(body);
	if (l->kind == 0 && seat == 1 &&
	    l->sp->party[GAME_JUDGE].m->seq >= 3)
		show_more(l, body);
	else if (l->kind == 1 && seat == 0)
		show_less(l, body);
	else if (l->kind == 2 && seat == -1)
		say_false(l, body, "combat: attacker\n", "combat: defender\n");
	else if (l->kind == 3 && seat == -1)
		say_false(l, body, "combat: attacker\n", "combat: neither!\n");
	else if (l->kind == 4 && seat == -1)
		say_false(l, body, "stuck: no\n", "stuck: ??\n");
}

/*
 * alice's spy comes to f6 and sees e7 and f7; bob's spy on f7 sees it;
 * alice's general takes a6 (general against general); bob resigns.
 */
static const char *const spied[] = { "f3-f4 a3-a4", "f8-f7 a8-a7",
    "f4-f5 a4-a5", "e8-e7 a7-a6", "f5-f6 a5-a6", NULL };

/* The verdict of verify on seat's export (-1: the judge's archive). */
static int
verify_of(struct selfplay *sp, int seat, char *msg, size_t len)
{
	struct buf arc, out;
	struct error e;
	FILE *f;
	int rc;

	buf_init(&arc);
	buf_init(&out);
	rc = seat < 0 ? selfplay_archive(sp, &arc, &e) :
	    selfplay_export(sp, seat, &arc, &e);
	if (rc == 0 && (f = fmemopen(arc.data, arc.len, "r")) != NULL) {
		rc = archive_verify(f, "export", 1, NULL, &out, &e);
		fclose(f);
	}
	snprintf(msg, len, "%s", rc != 0 ? e.msg : "");
	buf_free(&arc);
	buf_free(&out);
	return rc;
}

static struct selfplay *
lied(struct liar *l, int kind, struct error *e)
{
	struct selfplay *sp;

	memset(l, 0, sizeof(*l));
	l->kind = kind;
	if ((sp = game(STD, STD, e)) == NULL)
		return NULL;
	l->sp = sp;
	sp->tamper = tamper;
	sp->tamper_arg = l;
	if (play(sp, spied, e) != 0 || (kind < 2 &&
	    selfplay_turn(sp, 1, "resign", e) != 0)) {
		selfplay_free(sp);
		return NULL;
	}
	return sp;
}

static void
test_honest(void)
{
	struct liar l;
	struct selfplay *sp;
	struct error e;
	char msg[600];
	int s;

	sp = lied(&l, -1, &e);
	unit_ok(sp != NULL, "the honest game is played (%s)", sp ? "" : e.msg);
	if (sp == NULL)
		return;
	for (s = -1; s < 2; s++)
		unit_ok(verify_of(sp, s, msg, sizeof(msg)) == 0,
		    "an honest judge: verify of %s passes (%s)", s < 0 ?
		    "the archive" : s ? "bob's export" : "alice's export", msg);
	selfplay_free(sp);
}

/* An opening bob's pieces did not see is refused with the whole update:
 * bob learns nothing, and the game goes no further for him. */
static void
test_more(void)
{
	struct liar l;
	struct error e;

	unit_ok(lied(&l, 0, &e) == NULL && l.done &&
	    strstr(e.msg, "shows bob alice's piece a1, which bob's pieces did "
	    "not see in the entries it carries") != NULL,
	    "the judge shows bob alice's a1: refused at once (%s)", e.msg);
}

static void
test_less(void)
{
	struct liar l;
	struct selfplay *sp;
	struct error e;
	char msg[600];

	sp = lied(&l, 1, &e);
	unit_ok(sp != NULL && l.done, "the judge withholds a sighting from "
	    "alice (%s)", sp ? "" : e.msg);
	if (sp == NULL)
		return;
	unit_ok(verify_of(sp, 0, msg, sizeof(msg)) != 0 &&
	    strstr(msg, "withheld bob's piece e8, which alice was entitled to "
	    "see") != NULL, "verify of alice's export says so (%s)", msg);
	unit_ok(verify_of(sp, 1, msg, sizeof(msg)) == 0,
	    "bob's export is clean (%s)", msg);
	selfplay_free(sp);
}

static void
test_false(void)
{
	struct liar l;
	struct selfplay *sp;
	struct game_result r;
	struct error e;
	char msg[600];
	int s;

	sp = lied(&l, 2, &e);
	unit_ok(sp != NULL && l.done, "the judge says alice's general lost "
	    "(%s)", sp ? "" : e.msg);
	if (sp == NULL)
		return;
	match_result(sp->m[1], &r);
	unit_ok(!r.over, "nobody can tell while the ranks are hidden");
	if (selfplay_turn(sp, 1, "resign", &e) != 0)
		unit_ok(0, "bob resigns: %s", e.msg);
	for (s = 0; s < 2; s++) {
		match_result(sp->m[s], &r);
		unit_ok(r.over && r.cheated[GAME_MAX_SEATS] && !r.cheated[0] &&
		    !r.cheated[1] && strstr(r.why, "claim combat \"defender\" "
		    "is false") != NULL && strstr(r.why, "the judge lied") !=
		    NULL, "%s's adjudicator catches it once the setups open "
		    "(%s)", s ? "bob" : "alice", r.why);
	}
	unit_ok(verify_of(sp, -1, msg, sizeof(msg)) != 0 &&
	    strstr(msg, "the judge lied") != NULL,
	    "verify of the archive refuses the game (%s)", msg);
	selfplay_free(sp);
}

/* A claim that is no outcome is refused by every copy, the judge's own. */
static void
test_nonsense(void)
{
	struct liar l;
	struct error e;

	unit_ok(lied(&l, 3, &e) == NULL && strstr(e.msg, "a5-a6: the combat "
	    "claim \"neither!\" is not an outcome") != NULL,
	    "a combat claim that is no outcome is refused (%s)", e.msg);
	unit_ok(lied(&l, 4, &e) == NULL && strstr(e.msg, "the claim stuck is "
	    "\"yes\" or \"no\", not \"??\"") != NULL,
	    "a stuck claim other than yes or no is refused (%s)", e.msg);
}

/* Every legal turn at the start: 118 pairs (a front piece steps forward,
 * then another, or a piece into the square the first left); moves=1: 10. */
static void
test_actions(void)
{
	static char one[] = "moves=1";
	char *o[] = { volcanoes, one };
	struct selfplay *sp;
	struct error e;

	if ((sp = game(STD, STD, &e)) != NULL)
		unit_ok(match_actions(sp->m[0], 0, NULL, 0) == 118,
		    "White has 118 legal turns at the start (%d)",
		    match_actions(sp->m[0], 0, NULL, 0));
	selfplay_free(sp);
	sp = selfplay_new("espionnage", o, 2, 2, 1, &e);
	if (sp != NULL && selfplay_setup(sp, 0, STD, &e) == 0 &&
	    selfplay_setup(sp, 1, STD, &e) == 0)
		unit_ok(match_actions(sp->m[0], 0, NULL, 0) == 10,
		    "with moves=1, 10 (%d)", match_actions(sp->m[0], 0, NULL,
		    0));
	else
		unit_ok(0, "moves=1: %s", e.msg);
	selfplay_free(sp);
}

/*
 * Seed 6 puts five of ten volcanoes in rank 4, before c3, f3, h3, i3 and
 * j3: a White setup with its mines and headquarters on the five others
 * could not move.  The audit refuses it; the random setup drawn from
 * "317b9" is such a one before the random setup mends it.
 */
static void
test_first_move(void)
{
	const struct game_rules *r = game_find("espionnage");
	struct game_config cfg;
	struct game_setup su;
	struct error e;
	struct rng g;
	char *kv[] = { NULL };
	char ten[] = "volcanoes=10";
	void *st;

	memset(&cfg, 0, sizeof(cfg));
	cfg.nseats = 2;
	snprintf(cfg.seed, sizeof(cfg.seed), "6");
	kv[0] = ten;
	if (game_options(r, &cfg, kv, 1, &e) != 0 ||
	    (st = calloc(1, r->state_size)) == NULL) {
		unit_ok(0, "options: %s", e.msg);
		return;
	}
	unit_ok(r->init(st, &cfg, &e) == 0, "seed 6, ten volcanoes");
	unit_ok(r->setup_parse(st, 0, "511SSX11XX/433222SSSX/MM5MM4H321", &su,
	    &e) == 0 && unit_err(r->setup_audit(st, 0, &su, &e), &e,
	    EXIT_REFUSED, "leaves it no legal move at its first turn"),
	    "a setup that could not move at once is refused");
	unit_ok(r->setup_parse(st, 0, "511SSX11XX/433222SSSX/MM5MMH4321", &su,
	    &e) == 0 && r->setup_audit(st, 0, &su, &e) == 0,
	    "with a soldier on g3 it may move: accepted");
	rng_init(&g, "317b9", "setup");
	r->setup_random(st, 0, &g, &su);
	unit_ok(r->setup_audit(st, 0, &su, &e) == 0,
	    "a random setup is always one that can move (%s)", e.msg);
	free(st);
}

/* "rules espionnage" gives the army a setup needs, and gives it right:
 * each "N words (L)" of its army line is the rules' own count. */
static void
test_rules_army(void)
{
	const struct game_rules *r = game_find("espionnage");
	const char *p = r != NULL ? strstr(r->notation, "army:") : NULL;
	char word[32], letter;
	int seen[NKIND] = { 0 }, n, k, used, ok = p != NULL, total = 0;

	for (p = p != NULL ? p + 5 : NULL; p != NULL && *p != '\0'; p += used) {
		used = 0;
		if (sscanf(p, " %d %31[a-z] (%c)%n", &n, word, &letter,
		    &used) != 3) {
			if (*p == ':' || *p == '\n')
				break;
			used = 1;
			continue;
		}
		k = strchr(esp_kind_letter, letter) != NULL ?
		    (int)(strchr(esp_kind_letter, letter) - esp_kind_letter) : -1;
		/* "spies" for "spy": the word but its last letter */
		if (k <= 0 || k >= NKIND || n != esp_army[k] ||
		    strncmp(word, esp_kind_word[k],
		    strlen(esp_kind_word[k]) - 1) != 0)
			ok = 0;
		else
			seen[k]++;
		total += n;
	}
	for (k = 1; k < NKIND; k++)
		ok &= seen[k] == 1;
	unit_ok(ok && total == PER, "rules: the army line lists every kind "
	    "once with its count, %d pieces", total);
}

int
main(void)
{
	unit_init();
	test_rules_army();
	test_judge_refuses();
	test_honest();
	test_more();
	test_less();
	test_false();
	test_nonsense();
	test_actions();
	test_first_move();
	return unit_done();
}
