/*
 * Tournaments (lib/tour*.c): the Berger tables against FIDE's (C.05,
 * annex 1) and their properties for 3 to 16 players, single and double;
 * sections; knockouts of 2 to 33 players played out (byes, second
 * games, the lot); tie-breaks worked by hand; a ladder; and the
 * declaration's refusals.  The Swiss pairer's tests are tests/unit/
 * swiss.c's.
 */
#include <stdlib.h>
#include <string.h>

#include "envelope.h"
#include "key.h"
#include "tour.h"
#include "tour_int.h"
#include "unit.h"

#define NKEYS	34

static struct key_secret *keys[NKEYS];	/* [0] the director */

static void
make_keys(void)
{
	struct error e;
	char name[16];
	int i;

	for (i = 0; i < NKEYS; i++) {
		snprintf(name, sizeof(name), i ? "p%d" : "director", i);
		if ((keys[i] = key_generate(name, &e)) == NULL) {
			printf("not ok - key_generate: %s\n", e.msg);
			exit(1);
		}
	}
}

/* A declaration of n players p1..pn (seed order), the format's lines
 * and the rest given, signed by the director: 0, or -1 with e. */
static int
decl(struct tour_decl *d, unsigned n, const char *rules, const char *fmt,
    const char *rest, struct error *e)
{
	char line[KEY_LINE_MAX];
	struct buf b, sb;
	unsigned i;
	int rc;

	buf_init(&b);
	buf_init(&sb);
	buf_printf(&b, "adjudicator: 1\nkind: tournament\nid: t\nname: T\n"
	    "rules: %s\nformat:\n%s\nplayers:\n", rules, fmt);
	for (i = 1; i <= n; i++) {
		key_public_line(&keys[i]->pub, line, sizeof(line));
		buf_printf(&b, "- name: p%u\n  key: %s\n", i, line);
	}
	buf_adds(&b, rest);
	rc = envelope_sign(keys[0], &keys[0]->pub, 1, b.data, b.len, &sb, e);
	if (rc == 0)
		rc = tour_decl_read(sb.data, sb.len, d, "decl", e);
	buf_free(&b);
	buf_free(&sb);
	return rc;
}

/* FIDE's Berger tables, C.05 annex 1, as printed (white first). */
static const char *const fide4[] = { "1-4 2-3", "4-3 1-2", "2-4 3-1" };
static const char *const fide6[] = { "1-6 2-5 3-4", "6-4 5-3 1-2",
    "2-6 3-1 4-5", "6-5 1-4 2-3", "3-6 4-2 5-1" };
static const char *const fide8[] = { "1-8 2-7 3-6 4-5", "8-5 6-4 7-3 1-2",
    "2-8 3-1 4-7 5-6", "8-6 7-5 1-4 2-3", "3-8 4-2 5-1 6-7",
    "8-7 1-6 2-5 3-4", "4-8 5-3 6-2 7-1" };

static void
berger_published(const char *const *table, unsigned n)
{
	struct tour_game g[16];
	char got[128];
	unsigned r;
	size_t ng, i, at;

	for (r = 1; r < n; r++) {
		ng = tour_berger(n, r, g);
		for (at = 0, i = 0; i < ng; i++)
			at += (size_t)snprintf(got + at, sizeof(got) - at,
			    "%s%u-%u", i ? " " : "", g[i].white + 1,
			    g[i].black + 1);
		unit_ok(strcmp(got, table[r - 1]) == 0, "Berger %u, round %u: "
		    "%s (FIDE: %s)", n, r, got, table[r - 1]);
	}
}

/* n players: every pair once, each player once a round, colours
 * within one of even. */
static void
berger_props(unsigned n)
{
	unsigned met[17][17], white[17], black[17], seen[17], r, m, i, j;
	struct tour_game g[16];
	size_t ng, k;
	int ok = 1, bal = 1;

	memset(met, 0, sizeof(met));
	memset(white, 0, sizeof(white));
	memset(black, 0, sizeof(black));
	m = n + (n & 1);
	for (r = 1; r < m; r++) {
		memset(seen, 0, sizeof(seen));
		ng = tour_berger(n, r, g);
		ok &= ng == m / 2;
		for (k = 0; k < ng; k++) {
			seen[g[k].white]++;
			if (g[k].black == TOUR_NONE)
				continue;
			seen[g[k].black]++;
			met[g[k].white][g[k].black]++;
			met[g[k].black][g[k].white]++;
			white[g[k].white]++;
			black[g[k].black]++;
		}
		for (i = 0; i < n; i++)
			ok &= seen[i] == 1;
	}
	for (i = 0; i < n; i++) {
		for (j = 0; j < n; j++)
			ok &= met[i][j] == (i != j);
		bal &= white[i] + 1 >= black[i] && black[i] + 1 >= white[i];
	}
	unit_ok(ok, "Berger %u: each pair once, each player once a round",
	    n);
	unit_ok(bal, "Berger %u: colours within one", n);
}

/* A double round robin through the declaration: each pair twice, once
 * with each colour. */
static void
double_rr(unsigned n)
{
	unsigned col[17][17], r;
	struct tour_decl d;
	struct tour t;
	struct tour_game *g;
	struct error e;
	size_t ng, k, i, j;
	int ok;

	memset(col, 0, sizeof(col));
	if (decl(&d, n, "incognito", "  type: round-robin\n  cycles: 2", "",
	    &e) != 0 || tour_init(&t, &d, &e) != 0) {
		unit_ok(0, "double %u: %s", n, e.msg);
		return;
	}
	ok = tour_rounds(&d) == 2 * (n + (n & 1) - 1);
	for (r = 1; ok && r <= tour_rounds(&d); r++) {
		if (tour_pair(&t, r, &g, &ng, &e) != 0) {
			ok = 0;
			break;
		}
		for (k = 0; k < ng; k++)
			if (g[k].black != TOUR_NONE)
				col[g[k].white][g[k].black]++;
		free(g);
	}
	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++)
			ok &= col[i][j] == (i != j);
	unit_ok(ok, "double round robin of %u: each pair twice, once each "
	    "way", n);
	tour_free(&t);
	tour_decl_free(&d);
}

static void
sections(void)
{
	unsigned sec[10], k, i;
	static const unsigned want[10] = { 0, 1, 2, 2, 1, 0, 0, 1, 2, 2 };
	int ok = 1;

	k = tour_sections(10, 4, sec);
	for (i = 0; i < 10; i++)
		ok &= sec[i] == want[i];
	unit_ok(k == 3 && ok, "10 players in sections of at most 4: 3, "
	    "serpentine");
	unit_ok(tour_sections(8, 0, sec) == 1 && sec[7] == 0,
	    "no section size: one section");
}

/* The result of a knockout game: seeds decide, a game of two seeds
 * whose sum is divisible by 3 is drawn. */
static enum tour_res
ko_result(const struct tour_game *g)
{
	if ((g->white + g->black) % 3 == 0)
		return TOUR_DRAW;
	return g->white < g->black ? TOUR_WHITE : TOUR_BLACK;
}

static void
set_round(struct tour *t, unsigned r, unsigned k)
{
	size_t i;

	for (i = 0; i < t->ns; i++)
		if (t->s[i].g.round == r && t->s[i].g.game == k &&
		    t->s[i].res == TOUR_PENDING)
			t->s[i].res = ko_result(&t->s[i].g);
}

static int
knockout_round(struct tour *t, unsigned r, unsigned n, size_t *matches)
{
	struct tour_game *g, *g2;
	struct error e;
	size_t ng, ng2, i;
	unsigned size = 1;
	int ok = 1;

	if (tour_pair(t, r, &g, &ng, &e) != 0)
		return 0;
	while (size < n)
		size *= 2;
	for (i = 0; r == 1 && i < ng; i++)
		/* the byes go to the top seeds */
		if (g[i].black == TOUR_NONE)
			ok &= g[i].white < size - n;
		else
			ok &= g[i].white >= size - n && g[i].black >= size - n;
	for (i = 0; i < ng; i++)
		*matches += g[i].black != TOUR_NONE;
	ok &= tour_add_round(t, g, ng, &e) == 0;
	set_round(t, r, 1);
	if (tour_pair(t, r, &g2, &ng2, &e) == 0) {
		/* the second games: colours reversed */
		for (i = 0; i < ng2; i++)
			ok &= g2[i].game == 2 && tour_slot_of(t, r,
			    g2[i].board, 1)->g.white == g2[i].black;
		ok &= tour_add_round(t, g2, ng2, &e) == 0;
		set_round(t, r, 2);
		free(g2);
	}
	free(g);
	return ok;
}

static void
knockout(unsigned n)
{
	struct tour_decl d;
	struct tour t;
	struct error e;
	unsigned r, w, rounds = 0, size;
	size_t matches = 0;
	int ok = 1, owed;

	if (decl(&d, n, "incognito", "  type: knockout", "", &e) != 0 ||
	    tour_init(&t, &d, &e) != 0) {
		unit_ok(0, "knockout %u: %s", n, e.msg);
		return;
	}
	for (size = 1; size < n; size *= 2)
		rounds++;
	ok &= tour_rounds(&d) == rounds;
	for (r = 1; ok && r <= rounds; r++)
		ok &= knockout_round(&t, r, n, &matches);
	/* every player but the winner lost one match */
	ok &= matches == n - 1;
	ok &= tour_match_winner(&t, rounds, 1, &w, &owed) == 0;
	unit_ok(ok, "knockout of %u: %u rounds, byes to the top seeds, "
	    "drawn games replayed colours reversed, %zu matches", n, rounds,
	    matches);
	tour_free(&t);
	tour_decl_free(&d);
}

static void
result(struct tour *t, unsigned r, unsigned white, enum tour_res res)
{
	size_t i;

	for (i = 0; i < t->ns; i++)
		if (t->s[i].g.round == r && t->s[i].g.white == white - 1)
			t->s[i].res = res;
}

static const struct tour_line *
line_of(const struct tour_line *l, size_t n, unsigned p)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (l[i].player == p - 1)
			return &l[i];
	return &l[0];
}

/*
 * Four players, Berger: r1 1-4 1-0, 2-3 draw; r2 4-3 0-1, 1-2 1-0;
 * r3 2-4 1-0, 3-1 draw.  Scores 2.5, 1.5, 2, 0.  Sonneborn-Berger:
 * p1 0 + 1.5 + 2/2 = 2.5; p2 2/2 + 0 + 0 = 1; p3 1.5/2 + 0 + 2.5/2 = 2;
 * p4 0.  Koya (at least 1.5 of 3: p1, p2, p3): p1 1 + 0.5 = 1.5, p2 0.5,
 * p3 0.5 + 0.5 = 1, p4 0.
 */
static void
tiebreaks_rr(void)
{
	struct tour_line l[4];
	struct tour_game *g;
	struct tour_decl d;
	struct tour t;
	struct error e;
	size_t ng;
	unsigned r;
	int ok = 1;

	if (decl(&d, 4, "knights", "  type: round-robin",
	    "tiebreaks: [sonneborn-berger, koya, wins]\n", &e) != 0 ||
	    tour_init(&t, &d, &e) != 0) {
		unit_ok(0, "tie-breaks: %s", e.msg);
		return;
	}
	for (r = 1; r <= 3; r++) {
		ok &= tour_pair(&t, r, &g, &ng, &e) == 0;
		ok &= tour_add_round(&t, g, ng, &e) == 0;
		free(g);
	}
	result(&t, 1, 1, TOUR_WHITE);
	result(&t, 1, 2, TOUR_DRAW);
	result(&t, 2, 4, TOUR_BLACK);
	result(&t, 2, 1, TOUR_WHITE);
	result(&t, 3, 2, TOUR_WHITE);
	result(&t, 3, 3, TOUR_DRAW);
	ok &= tour_standing(&t, l, &e) == 0;
	ok &= l[0].player == 0 && l[1].player == 2 && l[2].player == 1 &&
	    l[3].player == 3;
	ok &= line_of(l, 4, 1)->score2 == 5 && line_of(l, 4, 1)->tb[0] == 10 &&
	    line_of(l, 4, 1)->tb[1] == 3 && line_of(l, 4, 1)->tb[2] == 4;
	ok &= line_of(l, 4, 2)->score2 == 3 && line_of(l, 4, 2)->tb[0] == 4 &&
	    line_of(l, 4, 2)->tb[1] == 1;
	ok &= line_of(l, 4, 3)->score2 == 4 && line_of(l, 4, 3)->tb[0] == 8 &&
	    line_of(l, 4, 3)->tb[1] == 2;
	ok &= line_of(l, 4, 4)->score2 == 0 && line_of(l, 4, 4)->tb[0] == 0;
	unit_ok(ok, "round robin of 4: scores, Sonneborn-Berger, Koya, wins "
	    "by hand");
	/* after round 1 alone (1-4 1-0, 2-3 draw): p1 1 (SB 0), p2 and p3
	 * 0.5 (SB 0.25 each: tied, by seed), p4 0 */
	ok = tour_standing_after(&t, 1, l, &e) == 0;
	ok &= l[0].player == 0 && l[1].player == 1 && l[2].player == 2 &&
	    l[3].player == 3 && l[1].rank == 2 && l[2].rank == 2;
	ok &= l[0].score2 == 2 && l[0].tb[0] == 0 && l[1].score2 == 1 &&
	    l[1].tb[0] == 1 && l[2].tb[0] == 1 && l[3].score2 == 0;
	unit_ok(ok, "round robin of 4: the standing after round 1 counts "
	    "round 1 alone");
	tour_free(&t);
	tour_decl_free(&d);
}

/*
 * Five players, two rounds paired by hand, a bye worth 1: r1 1-2 1-0,
 * 3-4 draw, 5 the bye; r2 5-1 0-1, 2-3 0-1, 4 the bye.  Scores 2, 0,
 * 1.5, 1.5, 1.  Buchholz (an unplayed round: a virtual opponent with
 * the player's own score): p1 0 + 1 = 1; p2 2 + 1.5 = 3.5; p3 1.5 + 0;
 * p4 1.5 + 1.5 = 3; p5 1 + 2 = 3.  Cut-1: 1, 2, 1.5, 1.5, 2.
 * Sonneborn-Berger: p1 0 + 1 = 1; p3 0.75 + 0 = 0.75; p4 0.75 + 1.5 =
 * 2.25; p5 1 + 0 = 1.  p3 and p4 drew: direct encounter equal, then
 * Buchholz puts p4 first.
 */
static void
tiebreaks_bye(void)
{
	static const struct tour_game g[] = {
		{ 1, 1, 1, 0, 1, 0, { 0, 0 } },
		{ 1, 2, 1, 2, 3, 0, { 0, 0 } },
		{ 1, 3, 1, 4, TOUR_NONE, 0, { 0, 0 } },
		{ 2, 1, 1, 4, 0, 0, { 0, 0 } },
		{ 2, 2, 1, 1, 2, 0, { 0, 0 } },
		{ 2, 3, 1, 3, TOUR_NONE, 0, { 0, 0 } } };
	static const long bh[] = { 2, 7, 3, 6, 6 }, cut[] = { 2, 4, 3, 3, 4 },
	    sb[] = { 4, 0, 3, 9, 4 };
	struct tour_line l[5];
	struct tour_decl d;
	struct tour t;
	struct error e;
	unsigned p;
	int ok = 1;

	if (decl(&d, 5, "incognito", "  type: swiss\n  rounds: 2",
	    "tiebreaks: [direct-encounter, buchholz, buchholz-cut1, "
	    "sonneborn-berger, wins]\n", &e) != 0 ||
	    tour_init(&t, &d, &e) != 0) {
		unit_ok(0, "tie-breaks with a bye: %s", e.msg);
		return;
	}
	ok &= tour_add_round(&t, g, UNIT_NELEM(g), &e) == 0;
	result(&t, 1, 1, TOUR_WHITE);
	result(&t, 1, 3, TOUR_DRAW);
	result(&t, 2, 5, TOUR_BLACK);
	result(&t, 2, 2, TOUR_BLACK);
	ok &= tour_standing(&t, l, &e) == 0;
	for (p = 1; p <= 5; p++) {
		ok &= line_of(l, 5, p)->tb[1] == bh[p - 1];
		ok &= line_of(l, 5, p)->tb[2] == cut[p - 1];
		ok &= line_of(l, 5, p)->tb[3] == sb[p - 1];
	}
	ok &= line_of(l, 5, 3)->tb[0] == 1 && line_of(l, 5, 4)->tb[0] == 1;
	ok &= line_of(l, 5, 4)->tb[4] == 2 && line_of(l, 5, 2)->tb[4] == 0;
	ok &= l[0].player == 0 && l[1].player == 3 && l[2].player == 2 &&
	    l[3].player == 4 && l[4].player == 1;
	unit_ok(ok, "a swiss's two rounds with byes: Buchholz, Cut-1, "
	    "Sonneborn-Berger, direct encounter, wins by hand");
	tour_free(&t);
	tour_decl_free(&d);
}

/* A ladder's game k (a slot of round 0): made at made, ended at ended
 * (0: not over) with res. */
static void
rung(struct tour *t, size_t k, int64_t made, int64_t ended,
    enum tour_res res)
{
	t->s[k].made = made;
	t->s[k].ended = ended;
	t->s[k].res = res;
	snprintf(t->s[k].gid, sizeof(t->s[k].gid), "%064zu", k);
}

/*
 * Two games at once, reach 2: p5 challenges p3 at 1, p4 challenges p2 at
 * 2; p5 wins at 3 (1 2 5 3 4 6: p4 now three places below p2), p4 wins
 * at 4.  The reach at the games' creation: both taken, 1 4 2 5 3 6.
 * Checked at their ends instead, p4's game would be refused.  A game made
 * at the second another ends is checked by the places before that end.
 */
static void
ladder_interleaved(void)
{
	static const struct tour_game g[] = { { 0, 0, 0, 4, 2, 0, { 0, 0 } },
	    { 0, 0, 0, 3, 1, 0, { 0, 0 } } };
	static const unsigned want[] = { 0, 3, 1, 4, 2, 5 };
	struct tour_decl d;
	struct tour t;
	struct error e;
	unsigned place[6], i;
	int ok = 1;

	if (decl(&d, 6, "incognito", "  type: ladder\n  reach: 2", "", &e) !=
	    0 || tour_init(&t, &d, &e) != 0) {
		unit_ok(0, "ladder: %s", e.msg);
		return;
	}
	ok &= tour_add_round(&t, g, 2, &e) == 0;
	rung(&t, 0, 1, 3, TOUR_WHITE);
	rung(&t, 1, 2, 4, TOUR_WHITE);
	ok &= tour_ladder(&t, place, &e) == 0;
	for (i = 0; i < 6; i++)
		ok &= place[i] == want[i];
	unit_ok(ok, "ladder: two games at once, the reach at each one's "
	    "creation");
	ok = tour_ladder_at(&t, 3, place, &e) == 0 && place[2] == 2 &&
	    tour_ladder_at(&t, 4, place, &e) == 0 && place[2] == 4;
	unit_ok(ok, "ladder: the places before a time, an end at it not "
	    "counted");
	rung(&t, 1, 3, 4, TOUR_WHITE);
	unit_ok(tour_ladder(&t, place, &e) == 0, "ladder: a game made at the "
	    "second another ends: the places before it");
	rung(&t, 1, 4, 5, TOUR_WHITE);
	unit_ok(unit_err(tour_ladder(&t, place, &e), &e, EXIT_REFUSED,
	    "more than 2 places apart at its creation"), "ladder: a game made "
	    "after the other ended, out of reach, refused");
	tour_free(&t);
	tour_decl_free(&d);
}

/* p3 beats p1 (two places up): 3 1 2 4 5; p5 beats p2 (two up):
 * 3 1 5 2 4; p4 against p3, four places apart: refused. */
static void
ladder(void)
{
	static const struct tour_game g[] = { { 0, 0, 0, 2, 0, 0, { 0, 0 } },
	    { 0, 0, 0, 1, 4, 0, { 0, 0 } }, { 0, 0, 0, 3, 2, 0, { 0, 0 } } };
	static const unsigned want[] = { 2, 0, 4, 1, 3 };
	struct tour_decl d;
	struct tour t;
	struct error e;
	unsigned place[5], i;
	int ok = 1;

	if (decl(&d, 5, "incognito", "  type: ladder\n  reach: 2", "", &e) !=
	    0 || tour_init(&t, &d, &e) != 0) {
		unit_ok(0, "ladder: %s", e.msg);
		return;
	}
	ok &= tour_add_round(&t, g, 2, &e) == 0;
	rung(&t, 0, 1, 2, TOUR_WHITE);
	rung(&t, 1, 3, 4, TOUR_BLACK);
	ok &= tour_ladder(&t, place, &e) == 0;
	for (i = 0; i < 5; i++)
		ok &= place[i] == want[i];
	unit_ok(ok, "ladder: a challenger that wins takes the higher place");
	ok = tour_add_round(&t, &g[2], 1, &e) == 0;
	rung(&t, 2, 5, 0, TOUR_PENDING);
	unit_ok(ok && unit_err(tour_ladder(&t, place, &e), &e, EXIT_REFUSED,
	    "more than 2 places apart"), "ladder: a challenge out of reach "
	    "refused");
	tour_free(&t);
	tour_decl_free(&d);
}

/*
 * A final stage: 12 players in sections of 4 (serpentine: A 1 6 7 12,
 * B 2 5 8 11, C 3 4 9 10), the top 2 of each on to a round robin, by
 * direct encounter.  A: every game drawn, all tied on everything: the
 * seeds decide (1, 6).  B: the higher number wins (11, 8).  C: 3 draws
 * with 4 and beats 9 and 10; 9 beats 4 and draws with 10; 4 beats 10:
 * 3 2.5, 4 and 9 1.5, 9 ahead by direct encounter (3, 9).
 */
static enum tour_res
stage_res(unsigned w, unsigned b)
{
	unsigned lo = w < b ? w : b, hi = w < b ? b : w, win;

	if (lo % 5 == 1 || lo == 6 || lo == 7)		/* A: 1 6 7 12 */
		return TOUR_DRAW;
	if (lo == 2 || lo == 5 || lo == 8)		/* B */
		win = hi;
	else if ((lo == 3 && hi == 4) || (lo == 9 && hi == 10))
		return TOUR_DRAW;
	else
		win = lo == 3 ? 3 : lo == 4 && hi == 9 ? 9 : 4;
	return win == w ? TOUR_WHITE : TOUR_BLACK;
}

static int
stage_has(const unsigned *q, const unsigned *want)
{
	unsigned i;
	int ok = 1;

	for (i = 0; i < 6; i++)
		ok &= q[i] == want[i] - 1;
	return ok;
}

static void
stage(void)
{
	static const unsigned want[6] = { 1, 11, 3, 6, 8, 9 },
	    gone[6] = { 1, 8, 3, 6, 5, 9 };
	unsigned q[12], met[12][12], r, i, j;
	struct tour_game *g;
	struct tour_decl d;
	struct tour t;
	struct error e;
	size_t ng, k;
	int ok = 1;

	if (decl(&d, 12, "incognito", "  type: round-robin\n  section: 4\n"
	    "  stage:\n    type: round-robin\n    advance: 2",
	    "tiebreaks: [direct-encounter]\n", &e) != 0 ||
	    tour_init(&t, &d, &e) != 0) {
		unit_ok(0, "stage: %s", e.msg);
		return;
	}
	unit_ok(tour_rounds(&d) == 8 && tour_stage1_rounds(&d) == 3 &&
	    tour_round_format(&d, 4) == TOUR_ROUND_ROBIN &&
	    tour_stage_last(&d, 2) == 3, "stage: rounds 1-3, then 4-8");
	for (r = 1; r <= 3; r++) {
		ok &= tour_pair(&t, r, &g, &ng, &e) == 0 &&
		    tour_add_round(&t, g, ng, &e) == 0;
		free(g);
	}
	unit_ok(ok && unit_err(tour_pair(&t, 4, &g, &ng, &e), &e,
	    EXIT_REFUSED, "the final stage: round 4 cannot be paired: "
	    "round 1, board 1"), "stage: the final refused before the end");
	for (k = 0; k < t.ns; k++)
		t.s[k].res = stage_res(t.s[k].g.white + 1,
		    t.s[k].g.black + 1);
	ok = tour_qualified(&t, q, &e) == 0 && stage_has(q, want);
	unit_ok(ok, "stage: qualified 1 11 3 6 8 9 (ties: the seeds, "
	    "direct encounter)");
	t.withdrawn[10] = 3;	/* 11 gone after round 2 */
	ok = tour_qualified(&t, q, &e) == 0 && stage_has(q, gone);
	unit_ok(ok, "stage: one gone before the final stage: the next goes");
	t.withdrawn[10] = 0;
	memset(met, 0, sizeof(met));
	for (r = 4; r <= 8; r++) {
		if (tour_pair(&t, r, &g, &ng, &e) != 0) {
			ok = 0;
			break;
		}
		ok &= ng == 3;
		for (k = 0; k < ng; k++) {
			met[g[k].white][g[k].black]++;
			met[g[k].black][g[k].white]++;
		}
		ok &= tour_add_round(&t, g, ng, &e) == 0;
		free(g);
	}
	for (i = 0; i < 6; i++)
		for (j = 0; j < 6; j++)
			ok &= met[want[i] - 1][want[j] - 1] == (i != j);
	unit_ok(ok, "stage: the final round robin, every two finalists once");
	tour_free(&t);
	tour_decl_free(&d);
}

/* Nine players at tables of 3 through the declaration: 4 rounds of 3
 * tables; round 1's tables over, seat i of table b scoring (b + i) % 3
 * points (a point a seat behind): each player's points and wins. */
static void
tables_scored(void)
{
	struct tour_line l[9];
	struct tour_game *g = NULL;
	struct tour_decl d;
	struct tour t;
	struct error e;
	unsigned i, p, want[9], wins[9];
	size_t ng, k;
	int ok;

	if (decl(&d, 9, "knights", "  type: round-robin", "seats: 3\n"
	    "tiebreaks: [wins]\n", &e) != 0 || tour_init(&t, &d, &e) != 0) {
		unit_ok(0, "tables of 3: %s", e.msg);
		return;
	}
	ok = tour_rounds(&d) == 4 && tour_pair(&t, 1, &g, &ng, &e) == 0 &&
	    ng == 3 && tour_add_round(&t, g, ng, &e) == 0;
	memset(want, 0, sizeof(want));
	memset(wins, 0, sizeof(wins));
	for (k = 0; ok && k < t.ns; k++) {
		t.s[k].res = TOUR_TABLE;
		for (i = 0; i < 3; i++) {
			p = tour_seat(&t.s[k].g, i);
			t.s[k].pts2[i] = (unsigned char)(2 * ((k + i) % 3));
			want[p] = t.s[k].pts2[i];
			wins[p] = (k + i) % 3 == 2;
		}
	}
	ok = ok && tour_standing(&t, l, &e) == 0;
	for (i = 0; ok && i < 9; i++)
		ok &= l[i].score2 == want[l[i].player] &&
		    l[i].tb[0] == 2 * (long)wins[l[i].player] &&
		    (i == 0 || l[i - 1].score2 >= l[i].score2);
	unit_ok(ok, "tables of 3: 4 rounds; a table's points and wins (first "
	    "alone) scored and ranked");
	free(g);
	tour_free(&t);
	tour_decl_free(&d);
}

/* Each design: every two players at exactly one table, each at most
 * once a round (exactly once when the tables hold every player), and
 * each player's seats within one of even. */
static void
tables(void)
{
	static const unsigned fit[][2] = { { 3, 3 }, { 9, 3 }, { 15, 3 },
	    { 4, 4 }, { 13, 4 }, { 16, 4 } };
	unsigned met[16][16], seat[16][4], in[16], p[4], n, k, r, i, j, lo, hi;
	const struct tour_design *d;
	struct tour_game g[8];
	size_t f, ng, b;
	int ok, even;

	for (f = 0; f < UNIT_NELEM(fit); f++) {
		n = fit[f][0];
		k = fit[f][1];
		ok = even = (d = tour_design(n, k)) != NULL;
		memset(met, 0, sizeof(met));
		memset(seat, 0, sizeof(seat));
		for (r = 1; ok && r <= d->rounds; r++) {
			memset(in, 0, sizeof(in));
			ng = tour_table_round(d, r, g);
			for (b = 0; b < ng; b++) {
				ok &= g[b].nseats == k && g[b].board == b + 1;
				p[0] = g[b].white;
				p[1] = g[b].black;
				p[2] = g[b].more[0];
				p[3] = g[b].more[1];
				for (i = 0; i < k; i++) {
					ok &= p[i] < n;
					in[p[i] % n]++;
					seat[p[i] % n][i]++;
					for (j = 0; j < k; j++)
						met[p[i] % n][p[j] % n] +=
						    i != j;
				}
			}
			for (i = 0; i < n; i++)
				ok &= in[i] == (ng * k == n) || (ng * k < n &&
				    in[i] <= 1);
		}
		for (i = 0; ok && i < n; i++) {
			for (lo = 99, hi = j = 0; j < k; j++) {
				lo = seat[i][j] < lo ? seat[i][j] : lo;
				hi = seat[i][j] > hi ? seat[i][j] : hi;
			}
			even &= hi <= lo + 1;
			for (j = 0; j < n; j++)
				ok &= met[i][j] == (i != j);
		}
		unit_ok(ok, "tables: %u players at tables of %u: every two "
		    "once, each once a round at most", n, k);
		unit_ok(even, "tables: %u at tables of %u: each player's seats "
		    "within one of even", n, k);
	}
	tables_scored();
	unit_ok(tour_design(10, 4) == NULL && tour_design(12, 3) == NULL &&
	    tour_design(4, 3) == NULL, "tables: no design for 10 by 4, 12 "
	    "by 3, 4 by 3");
}

/* Mark p's game of round r (1-based seeds) a loss on time; 0 none. */
static int
lost_on_time(struct tour *t, unsigned r, unsigned p)
{
	struct tour_slot *s;
	size_t i;

	for (i = 0; i < t->ns; i++) {
		s = &t->s[i];
		if (s->g.round != r || s->res != TOUR_PENDING)
			continue;
		if (s->g.white == p - 1 || s->g.black == p - 1) {
			s->res = s->g.white == p - 1 ? TOUR_BLACK : TOUR_WHITE;
			s->out = s->g.white == p - 1 ? 1 : 2;
			return 1;
		}
	}
	return 0;
}

/* round r paired and added, every game not marked white's */
static int
swiss_round(struct tour *t, unsigned r, unsigned absent)
{
	struct tour_game *g;
	struct error e;
	size_t ng, i;
	int ok = 1;

	if (tour_pair(t, r, &g, &ng, &e) != 0)
		return 0;
	for (i = 0; i < ng; i++)
		ok &= g[i].white != absent - 1 && g[i].black != absent - 1;
	ok &= tour_add_round(t, g, ng, &e) == 0;
	free(g);
	return ok;
}

/*
 * timeouts: 2 in a Swiss of 6: p6 loses round 1 on time (still paired),
 * p5 loses round 1 over the board, p6 round 2 on time again: withdrawn
 * after round 2, not paired in round 3; p5 never.
 */
static void
timeouts(void)
{
	struct tour_decl d;
	struct tour t;
	struct error e;
	size_t i;
	int ok = 1;

	if (decl(&d, 6, "incognito", "  type: swiss\n  rounds: 4",
	    "timeouts: 2\n", &e) != 0 || tour_init(&t, &d, &e) != 0) {
		unit_ok(0, "timeouts: %s", e.msg);
		return;
	}
	ok &= d.timeouts == 2 && swiss_round(&t, 1, 0);
	ok &= lost_on_time(&t, 1, 6);
	for (i = 0; i < t.ns; i++)
		if (t.s[i].res == TOUR_PENDING)
			t.s[i].res = TOUR_WHITE;
	ok &= tour_timeouts(&t, &e) == 0 && t.withdrawn[5] == 0 &&
	    t.withdrawn[4] == 0;
	ok &= swiss_round(&t, 2, 0) && lost_on_time(&t, 2, 6);
	for (i = 0; i < t.ns; i++)
		if (t.s[i].res == TOUR_PENDING)
			t.s[i].res = TOUR_DRAW;
	ok &= tour_timeouts(&t, &e) == 0 && t.withdrawn[5] == 3 &&
	    t.withdrawn[4] == 0;
	ok &= swiss_round(&t, 3, 6);
	unit_ok(ok, "timeouts: 2: the second loss on time withdraws, the "
	    "player not paired after it");
	tour_free(&t);
	tour_decl_free(&d);
	unit_ok(unit_err(decl(&d, 4, "incognito", "  type: round-robin",
	    "timeouts: 0\n", &e), &e, EXIT_MALFORMED, "timeouts is a number "
	    "from 1 to 100"), "declaration refused: timeouts: 0");
}

static void
refusals(void)
{
	static const struct {
		unsigned	 n;
		const char	*rules, *fmt, *rest, *want;
	} c[] = {
		{ 4, "incognito", "  type: round-robin",
		    "tiebreaks: [buchholz, median]\n",
		    "unknown tie-break \"median\"" },
		{ 4, "incognito", "  type: swiss\n  rounds: 3",
		    "tiebreaks: [koya]\n", "koya is for round robins" },
		{ 4, "knights", "  type: swiss\n  rounds: 3", "seats: 3\n",
		    "knights with 3 seats cannot be played as a swiss" },
		{ 4, "incognito", "  type: swiss", "",
		    "a swiss needs rounds" },
		{ 4, "incognito", "  type: swiss\n  rounds: 4", "",
		    "fewer rounds than players" },
		{ 4, "incognito", "  type: league", "",
		    "unknown type \"league\"" },
		{ 4, "incognito", "  type: knockout\n  cycles: 2", "",
		    "unknown key" },
		{ 4, "chess", "  type: knockout", "", "unknown game" },
		{ 4, "incognito", "  type: knockout", "seeding: rating\n",
		    "no rating, and the seeding is by rating" },
		{ 4, "incognito", "  type: knockout", "bye: 2\n",
		    "bye is 0, 0.5 or 1" },
		{ 4, "incognito", "  type: round-robin",
		    "tiebreaks: [wins, wins]\n", "the tie-break wins twice" },
		{ 1, "incognito", "  type: knockout", "",
		    "from 2 to 10000 players" },
		{ 6, "knights", "  type: round-robin", "seats: 4\n",
		    "tables of 4 fit 4, 13 or 16 players, not 6" },
		{ 9, "knights", "  type: round-robin", "seats: 3\n"
		    "tiebreaks: [sonneborn-berger]\n", "sonneborn-berger is "
		    "defined for games of two; tables take wins alone" },
		{ 9, "knights", "  type: round-robin\n  cycles: 2",
		    "seats: 3\n", "no sections, cycles or stage" },
		{ 8, "incognito", "  type: round-robin\n  stage:\n"
		    "    type: knockout\n    advance: 1", "",
		    "a stage follows several sections" },
		{ 8, "incognito", "  type: round-robin\n  section: 4\n"
		    "  stage:\n    type: knockout\n    advance: 4", "",
		    "advance 4 of sections of 4" },
		{ 8, "incognito", "  type: round-robin\n  section: 4\n"
		    "  stage:\n    type: knockout\n    advance: 1\n"
		    "    cycles: 2", "", "cycles is 1 or 2, of a round robin" },
		{ 8, "incognito", "  type: round-robin\n  section: 4\n"
		    "  stage:\n    type: swiss\n    advance: 1", "",
		    "round-robin or knockout" },
	};
	struct tour_decl d;
	struct error e;
	size_t i;

	for (i = 0; i < UNIT_NELEM(c); i++)
		unit_ok(unit_err(decl(&d, c[i].n, c[i].rules, c[i].fmt,
		    c[i].rest, &e), &e, EXIT_MALFORMED, c[i].want),
		    "declaration refused: %s", c[i].want);
}

static void
player_twice(void)
{
	char line[KEY_LINE_MAX];
	struct error e;
	struct buf b;

	buf_init(&b);
	key_public_line(&keys[1]->pub, line, sizeof(line));
	buf_printf(&b, "adjudicator: 1\nkind: tournament\nid: t\nname: T\n"
	    "rules: incognito\nformat:\n  type: knockout\nplayers:\n"
	    "- name: p1\n  key: %s\n- name: p2\n  key: %s\n"
	    "- name: p1\n  key: %s\n", line, line, line);
	unit_ok(unit_err(tour_decl_check(b.data, b.len, "d", &e), &e,
	    EXIT_MALFORMED, "the key of p2 is p1's too"),
	    "declaration refused: one key for two players");
	b.len = 0;
	buf_printf(&b, "adjudicator: 1\nkind: tournament\nid: t\nname: T\n"
	    "rules: incognito\nformat:\n  type: knockout\nplayers:\n"
	    "- name: p1\n  key: %s\n- name: p1\n  key: %s\n", line, line);
	unit_ok(unit_err(tour_decl_check(b.data, b.len, "d", &e), &e,
	    EXIT_MALFORMED, "the player p1 twice"),
	    "declaration refused: a player twice");
	buf_free(&b);
}

int
main(void)
{
	unsigned n;

	unit_init();
	make_keys();
	berger_published(fide4, 4);
	berger_published(fide6, 6);
	berger_published(fide8, 8);
	for (n = 3; n <= 16; n++)
		berger_props(n);
	for (n = 3; n <= 16; n += 3)
		double_rr(n);
	sections();
	for (n = 2; n <= 33; n++)
		knockout(n);
	tiebreaks_rr();
	tiebreaks_bye();
	ladder();
	ladder_interleaved();
	stage();
	tables();
	refusals();
	player_twice();
	timeouts();
	for (n = 0; n < NKEYS; n++)
		key_secret_free(keys[n]);
	return unit_done();
}
