/*
 * Standings without archives: games made by hand (what a verified match
 * says, standings_game_of's output) rated through the same engine.  The
 * expected figures are worked by hand from adjudicator-ratings(7): Elo
 * batched by periods (every result against the ratings at the period's
 * start), K falling with games, one game weighing one game whatever its
 * seats; Glicko-2 with idle periods; each result shape scored pair by
 * pair; time, periods, order and duplicates.
 */
#include <string.h>

#include "unit.h"

#include "fsio.h"
#include "standings.h"

static int
near(double a, double b, double tol)
{
	return a - b <= tol && b - a <= tol;
}

/* Players: a name and its key id. */
static const char *
key_of(const char *name)
{
	static const char *const keys[][2] = { { "alice", "a11ce00000000001" },
	    { "bob", "b0b0000000000002" }, { "carol", "ca40100000000003" },
	    { "dave", "da4e000000000004" } };
	size_t i;

	for (i = 0; i < UNIT_NELEM(keys); i++)
		if (strcmp(keys[i][0], name) == 0)
			return keys[i][1];
	return "ffffffffffffffff";
}

/* A game: its seats by name, a winner (-1: a draw), scores for 3-4 seats. */
static void
game(struct standings *s, const char *id, const char *when, const char *names,
    int winner, const long *score)
{
	struct standings_game g;
	struct game_result r;
	struct error e;
	char list[64], *p, *save = NULL;

	memset(&g, 0, sizeof(g));
	memset(&r, 0, sizeof(r));
	snprintf(g.rules, sizeof(g.rules), "%s", score ? "knights" : "incognito");
	snprintf(g.id, sizeof(g.id), "%s", id);
	memcpy(g.last, id, strlen(id) < SEC_HASH ? strlen(id) : SEC_HASH);
	if (standings_time_parse(when, &g.when) != 0)
		printf("# bad time %s\n", when);
	g.how = MATCH_HOW_RULES;
	g.rated = 1;
	snprintf(list, sizeof(list), "%s", names);
	for (p = strtok_r(list, " ", &save); p != NULL;
	    p = strtok_r(NULL, " ", &save)) {
		snprintf(g.seat[g.nseats].name, sizeof(g.seat[0].name), "%s", p);
		snprintf(g.seat[g.nseats].player, sizeof(g.seat[0].player), "%s",
		    p);
		snprintf(g.seat[g.nseats].key, sizeof(g.seat[0].key), "%s",
		    key_of(p));
		if (score != NULL) {
			r.score[g.nseats] = score[g.nseats];
			r.scored = 1;
		}
		g.nseats++;
	}
	r.over = 1;
	r.draw = winner < 0;
	if (winner >= 0)
		r.winner[winner] = 1;
	standings_pairs(&r, &g);
	if (standings_take(s, &g, id, &e) != 0)
		printf("# take: %s\n", e.msg);
}

static const struct standings_player *
player(const struct standings_result *r, size_t table, const char *name)
{
	size_t i;

	for (i = 0; i < r->t[table].n; i++)
		if (strcmp(r->t[table].p[i].key, key_of(name)) == 0)
			return &r->t[table].p[i];
	return NULL;
}

static int
compute(struct standings *s, const struct standings_opts *o,
    struct standings_result *r)
{
	struct error e;

	if (standings_compute(s, o, r, &e) != 0) {
		printf("# compute: %s\n", e.msg);
		return -1;
	}
	return 0;
}

static void
times(void)
{
	static const char *const bad[] = { "2025-02-29T00:00:00Z",
	    "2025-13-01T00:00:00Z", "2025-01-01T24:00:00Z",
	    "2025-01-01 00:00:00Z", "2025-01-01T00:00:00", "25-01-01T00:00:00Z",
	    "2025-01-01T00:00:60Z", "", "2025-0a-01T00:00:00Z" };
	struct standings_period q = { 'm', 3 }, w = { 'w', 1 }, d = { 'd', 10 };
	struct standings_period y = { 'y', 1 }, two = { 'm', 2 };
	struct error e;
	char out[32];
	int64_t t;
	size_t i;
	int ok = 1;

	unit_ok(standings_time_parse("1970-01-01T00:00:00Z", &t) == 0 &&
	    t == 0, "the epoch is 0");
	unit_ok(standings_time_parse("2024-02-29T23:59:59Z", &t) == 0 &&
	    t == 1709251199, "a leap day: %lld", (long long)t);
	standings_time_format(t, out, sizeof(out));
	unit_ok(strcmp(out, "2024-02-29T23:59:59Z") == 0, "and back: %s", out);
	unit_ok(standings_time_parse("1969-12-31T23:59:59Z", &t) == 0 &&
	    t == -1, "before the epoch");
	for (i = 0; i < UNIT_NELEM(bad); i++)
		ok &= standings_time_parse(bad[i], &t) != 0;
	unit_ok(ok, "times that are not YYYY-MM-DDTHH:MM:SSZ are refused");

	(void)standings_time_parse("2025-05-17T12:00:00Z", &t);
	standings_period_start(&q, standings_period_of(&q, t), out,
	    sizeof(out));
	unit_ok(strcmp(out, "2025-04-01") == 0, "its quarter: %s", out);
	standings_period_start(&two, standings_period_of(&two, t), out,
	    sizeof(out));
	unit_ok(strcmp(out, "2025-05-01") == 0, "its two months (IECG's): %s",
	    out);
	standings_period_start(&w, standings_period_of(&w, t), out, sizeof(out));
	unit_ok(strcmp(out, "2025-05-12") == 0, "its week, from Monday: %s",
	    out);
	standings_period_start(&y, standings_period_of(&y, t), out, sizeof(out));
	unit_ok(strcmp(out, "2025-01-01") == 0, "its year: %s", out);
	standings_period_start(&d, standings_period_of(&d, t), out, sizeof(out));
	unit_ok(strcmp(out, "2025-05-12") == 0, "its ten days (from 1970-01-01): %s",
	    out);
	(void)standings_time_parse("1969-12-31T00:00:00Z", &t);
	standings_period_start(&q, standings_period_of(&q, t), out,
	    sizeof(out));
	unit_ok(strcmp(out, "1969-10-01") == 0, "a quarter before 1970: %s",
	    out);
	unit_ok(standings_period_parse("2m", &two, &e) == 0 && two.unit == 'm' &&
	    two.n == 2, "-p 2m");
	unit_ok(unit_err(standings_period_parse("0m", &two, &e), &e,
	    EXIT_USAGE, "a period is a number") &&
	    standings_period_parse("3", &two, &e) != 0 &&
	    standings_period_parse("3q", &two, &e) != 0 &&
	    standings_period_parse("1000d", &two, &e) != 0 &&
	    standings_period_parse("m", &two, &e) != 0 &&
	    standings_period_parse("3mm", &two, &e) != 0, "bad periods refused");
}

/* Result shapes, pair by pair (in halves: 2 won, 1 drawn, 0 lost). */
static void
shapes(void)
{
	static const struct {
		const char *what;
		int	 n, sided, side[4], winner[4], draw, scored;
		long	 score[4];
		signed char want[4][4];
		int	 outcome[4];
	} t[] = {
		{ "a win", 2, 0, { 0 }, { 0, 1 }, 0, 0, { 0 },
		  { { -1, 0 }, { 2, -1 } }, { 0, 2 } },
		{ "a draw", 2, 0, { 0 }, { 0 }, 1, 0, { 0 },
		  { { -1, 1 }, { 1, -1 } }, { 1, 1 } },
		{ "3 seats, the race won, the others by score", 3, 0, { 0 },
		  { 0, 1, 0 }, 0, 1, { 10, 30, 20 },
		  { { -1, 0, 0 }, { 2, -1, 2 }, { 2, 0, -1 } }, { 0, 2, 0 } },
		{ "4 seats, first place shared", 4, 0, { 0 }, { 0 }, 1, 1,
		  { 20, 10, 20, 5 },
		  { { -1, 2, 1, 2 }, { 0, -1, 0, 2 }, { 1, 2, -1, 2 },
		    { 0, 0, 0, -1 } }, { 1, 0, 1, 0 } },
		{ "teams: each seat against each seat of the other side", 4, 1,
		  { 0, 1, 0, 1 }, { 1, 0, 1, 0 }, 0, 1, { 5, 50, 5, 50 },
		  { { -1, 2, -1, 2 }, { 0, -1, 0, -1 }, { -1, 2, -1, 2 },
		    { 0, -1, 0, -1 } }, { 2, 0, 2, 0 } },
		{ "teams drawn: the scores of seats do not count", 4, 1,
		  { 0, 1, 0, 1 }, { 0 }, 1, 1, { 5, 50, 5, 50 },
		  { { -1, 1, -1, 1 }, { 1, -1, 1, -1 }, { -1, 1, -1, 1 },
		    { 1, -1, 1, -1 } }, { 1, 1, 1, 1 } },
		{ "an alliance: two seats, two sides", 2, 1, { 0, 1 }, { 0, 1 },
		  0, 1, { 40, 2 }, { { -1, 0 }, { 2, -1 } }, { 0, 2 } },
	};
	struct standings_game g;
	struct game_result r;
	size_t k;
	int i, j, ok;

	for (k = 0; k < UNIT_NELEM(t); k++) {
		memset(&g, 0, sizeof(g));
		memset(&r, 0, sizeof(r));
		g.nseats = t[k].n;
		r.over = 1;
		r.draw = t[k].draw;
		r.sided = t[k].sided;
		r.scored = t[k].scored;
		for (i = 0; i < t[k].n; i++) {
			r.side[i] = t[k].side[i];
			r.winner[i] = t[k].winner[i];
			r.score[i] = t[k].score[i];
		}
		standings_pairs(&r, &g);
		for (ok = 1, i = 0; i < t[k].n; i++) {
			ok &= g.seat[i].outcome == t[k].outcome[i];
			for (j = 0; j < t[k].n; j++)
				ok &= g.pair[i][j] == (i == j ? -1 :
				    t[k].want[i][j]);
		}
		unit_ok(ok, "%s", t[k].what);
	}
}

static void
endings(void)
{
	int k, rated, ok = 1;

	for (k = 0; k < MATCH_HOW_COUNT; k++)
		ok &= standings_ending((enum match_how)k, &rated) != NULL;
	unit_ok(ok, "every ending of match.h has its row");
	unit_ok(standings_ending(MATCH_HOW_RESIGN, &rated) != NULL && rated &&
	    standings_ending(MATCH_HOW_DRAW_AGREED, &rated) != NULL && rated &&
	    standings_ending(MATCH_HOW_RULES, &rated) != NULL && rated,
	    "the rules' end, a resignation, a draw agreed: rated");
	unit_ok(standings_ending(MATCH_HOW_CHEAT, &rated) != NULL && !rated &&
	    standings_ending(MATCH_HOW_NONE, &rated) != NULL && !rated,
	    "a cheat, a game under way: not rated");
	unit_ok(standings_ending(MATCH_HOW_COUNT, &rated) == NULL,
	    "no row past the table");
}

/* A file of the source tree: run from its top, or with TOP naming it. */
static int
doc(const char *name, struct buf *b)
{
	const char *top = getenv("TOP");
	struct error e;
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s", top != NULL && *top != '\0' ?
	    top : ".", name);
	buf_init(b);
	if (fsio_read(path, 1 << 20, b, &e) != 0 || buf_cstr(b) != 0) {
		printf("# %s: %s\n", path, e.msg);
		return -1;
	}
	return 0;
}

/*
 * Every name the YAML's "ended" can hold is documented under that name:
 * in formats/standings.md's row of "ended" and as an item of
 * adjudicator-ratings(7)'s Endings.  "under way" is never written, and a
 * cheat never counted (verify refuses it), so the spec lists it not.
 */
static void
endings_documented(void)
{
	struct buf spec, page;
	char want[64], *row, *end, *sec, *next;
	int k, rated, ok_spec = 1, ok_page = 1;
	const char *name;

	if (doc("formats/standings.md", &spec) != 0 ||
	    doc("man/adjudicator-ratings.7", &page) != 0) {
		unit_ok(0, "the documents are read");
		return;
	}
	row = strstr((char *)spec.data, "\n| `ended` |");
	end = row != NULL ? strchr(row + 1, '\n') : NULL;
	sec = strstr((char *)page.data, "\n.Ss Endings\n");
	next = sec != NULL ? strstr(sec + 1, "\n.Ss ") : NULL;
	if (end != NULL)
		*end = '\0';
	if (next != NULL)
		*next = '\0';
	for (k = MATCH_HOW_NONE + 1; k < MATCH_HOW_COUNT; k++) {
		name = standings_ending((enum match_how)k, &rated);
		snprintf(want, sizeof(want), "`%s`", name);
		if (k != MATCH_HOW_CHEAT && (row == NULL ||
		    strstr(row, want) == NULL)) {
			printf("# formats/standings.md: no %s\n", want);
			ok_spec = 0;
		}
		snprintf(want, sizeof(want), "\n.It Cm %s\n", name);
		if (sec == NULL || strstr(sec, want) == NULL) {
			printf("# adjudicator-ratings.7: no .It Cm %s\n", name);
			ok_page = 0;
		}
	}
	unit_ok(ok_spec, "every ending written is in formats/standings.md");
	unit_ok(ok_page, "every ending is an item of adjudicator-ratings(7)'s "
	    "Endings, by the same name");
	buf_free(&spec);
	buf_free(&page);
}

/*
 * By hand (P(D) = 1/(1+10^(-D/400)); everyone starts at 1500, K 40):
 * 2025 Q1: alice beats bob, alice draws with carol, in one period:
 *   alice 40 * ((1 - 1/2) + (1/2 - 1/2)) = +20        -> 1520
 *   bob   40 * (0 - 1/2) = -20                         -> 1480
 *   carol 40 * (1/2 - 1/2) = 0, against alice's 1500 at the start of
 *   the period, not the 1520 of after her win          -> 1500
 * 2025 Q2: bob (1480) beats carol (1500): 10^(20/400) = 1.1220185,
 *   P(-20) = 1/2.1220185 = 0.4712493
 *   bob   40 * (1 - 0.4712493) = +21.15003             -> 1501.15
 *   carol 40 * (0 - 0.5287507) = -21.15003             -> 1478.85
 */
static void
elo_batched(void)
{
	struct standings_opts o = { STANDINGS_ELO, { 'm', 3 }, STANDINGS_TEXT };
	struct standings s, s2;
	struct standings_result r, r2;
	struct buf a, b;
	struct error e;
	int ok;

	standings_init(&s, NULL);
	game(&s, "g1", "2025-01-10T00:00:00Z", "alice bob", 0, NULL);
	game(&s, "g2", "2025-03-31T23:59:59Z", "carol alice", -1, NULL);
	game(&s, "g3", "2025-04-01T00:00:00Z", "bob carol", 0, NULL);
	if (compute(&s, &o, &r) != 0)
		return;
	unit_ok(near(player(&r, 0, "alice")->elo, 1520, 1e-9) &&
	    near(player(&r, 0, "bob")->elo, 1501.15003, 5e-5) &&
	    near(player(&r, 0, "carol")->elo, 1478.84997, 5e-5),
	    "Elo by hand, batched by quarter: 1520, 1501.15, 1478.85");
	/* the same games given in another order: the same bytes */
	standings_init(&s2, NULL);
	game(&s2, "g3", "2025-04-01T00:00:00Z", "bob carol", 0, NULL);
	game(&s2, "g2", "2025-03-31T23:59:59Z", "carol alice", -1, NULL);
	game(&s2, "g1", "2025-01-10T00:00:00Z", "alice bob", 0, NULL);
	buf_init(&a);
	buf_init(&b);
	ok = compute(&s2, &o, &r2) == 0 &&
	    standings_write(&s, &r, &a, &e) == 0 &&
	    standings_write(&s2, &r2, &b, &e) == 0 && a.len == b.len &&
	    memcmp(a.data, b.data, a.len) == 0;
	unit_ok(ok, "another order of the same games: the same bytes");
	buf_free(&a);
	buf_free(&b);
	standings_result_free(&r);
	standings_result_free(&r2);
	standings_free(&s);
	standings_free(&s2);

	/* one period of a year: carol's draw and bob's win count against
	 * the ratings at its start, all 1500 */
	o.period.unit = 'y';
	o.period.n = 1;
	standings_init(&s, NULL);
	game(&s, "g1", "2025-01-10T00:00:00Z", "alice bob", 0, NULL);
	game(&s, "g2", "2025-03-31T23:59:59Z", "carol alice", -1, NULL);
	game(&s, "g3", "2025-04-01T00:00:00Z", "bob carol", 0, NULL);
	if (compute(&s, &o, &r) == 0)
		unit_ok(near(player(&r, 0, "alice")->elo, 1520, 1e-9) &&
		    near(player(&r, 0, "bob")->elo, 1500, 1e-9) &&
		    near(player(&r, 0, "carol")->elo, 1480, 1e-9),
		    "one period of a year: 1520, 1500, 1480");
	standings_result_free(&r);
	standings_free(&s);
}

/* K falls: twelve draws in a quarter make alice established (K 24), so
 * her win the next quarter moves her 24 * (1 - 1/2) = +12. */
static void
elo_k_falls(void)
{
	struct standings_opts o = { STANDINGS_ELO, { 'm', 3 }, STANDINGS_TEXT };
	struct standings s;
	struct standings_result r;
	const struct standings_player *a;
	char id[16];
	int i;

	standings_init(&s, NULL);
	for (i = 0; i < 12; i++) {
		snprintf(id, sizeof(id), "d%02d", i);
		game(&s, id, "2025-02-01T00:00:00Z", "alice bob", -1, NULL);
	}
	game(&s, "w", "2025-05-01T00:00:00Z", "alice bob", 0, NULL);
	if (compute(&s, &o, &r) != 0)
		return;
	a = player(&r, 0, "alice");
	unit_ok(a != NULL && near(a->elo, 1512, 1e-9) && a->games == 13 &&
	    a->drawn == 12 && a->won == 1, "after 12 games K is 24: +12");
	standings_result_free(&r);
	standings_free(&s);
}

/*
 * Four seats, final order alice, bob, carol, dave (scores 40, 30, 20,
 * 10): each result weighs 1/3, so the game weighs one game.
 *   alice 40 * (3 * 1/2) / 3 = +20;  bob 40 * (-1/2 + 1/2 + 1/2) / 3 =
 *   +6.667;  carol -6.667;  dave -20.
 */
static void
elo_four_seats(void)
{
	static const long score[] = { 40, 30, 20, 10 };
	struct standings_opts o = { STANDINGS_ELO, { 'm', 3 }, STANDINGS_TEXT };
	struct standings s;
	struct standings_result r;

	standings_init(&s, NULL);
	game(&s, "g4", "2025-02-01T00:00:00Z", "alice bob carol dave", -1,
	    score);
	if (compute(&s, &o, &r) != 0)
		return;
	unit_ok(near(player(&r, 0, "alice")->elo, 1520, 1e-9) &&
	    near(player(&r, 0, "bob")->elo, 1500 + 20.0 / 3, 1e-9) &&
	    near(player(&r, 0, "carol")->elo, 1500 - 20.0 / 3, 1e-9) &&
	    near(player(&r, 0, "dave")->elo, 1480, 1e-9),
	    "four seats: +20, +6.67, -6.67, -20");
	unit_ok(r.nt == 2 && strcmp(r.t[1].rules, "knights") == 0 &&
	    player(&r, 1, "dave")->lost == 1 &&
	    player(&r, 1, "alice")->won == 1 &&
	    player(&r, 1, "bob")->lost == 1, "a table per game; only the "
	    "first alone wins the game");
	standings_result_free(&r);
	standings_free(&s);
}

/* Glicko-2 over periods: alice beats bob in 2025 Q1, then carol in Q4;
 * two idle quarters between (Q2, Q3) widen her deviation first, and at
 * the end everyone's deviation is as of the last quarter. */
static void
glicko_periods(void)
{
	struct standings_opts o = { STANDINGS_GLICKO2, { 'm', 3 },
	    STANDINGS_TEXT };
	struct rating_glicko a, b, c, b0;
	struct rating_result x;
	struct standings s;
	struct standings_result r;

	rating_glicko_new(&a);
	rating_glicko_new(&b);
	rating_glicko_new(&c);
	b0 = b;
	x = (struct rating_result){ a.r, a.rd, 0, 1 };
	rating_glicko2(&b, &x, 1, RATING_GLICKO_TAU);
	x = (struct rating_result){ b0.r, b0.rd, 1, 1 };
	rating_glicko2(&a, &x, 1, RATING_GLICKO_TAU);
	rating_glicko2_idle(&a, 2);
	b0 = c;
	x = (struct rating_result){ a.r, a.rd, 0, 1 };
	rating_glicko2(&c, &x, 1, RATING_GLICKO_TAU);
	x = (struct rating_result){ b0.r, b0.rd, 1, 1 };
	rating_glicko2(&a, &x, 1, RATING_GLICKO_TAU);
	rating_glicko2_idle(&b, 3);

	standings_init(&s, NULL);
	game(&s, "g1", "2025-02-01T00:00:00Z", "alice bob", 0, NULL);
	game(&s, "g2", "2025-11-01T00:00:00Z", "alice carol", 0, NULL);
	if (compute(&s, &o, &r) != 0)
		return;
	unit_ok(player(&r, 0, "alice")->gl.r == a.r &&
	    player(&r, 0, "alice")->gl.rd == a.rd &&
	    player(&r, 0, "carol")->gl.r == c.r &&
	    player(&r, 0, "bob")->gl.rd == b.rd && b.rd > 290,
	    "Glicko-2: idle quarters widen the deviation, before a period "
	    "and up to the last");
	standings_result_free(&r);
	standings_free(&s);
}

struct said {
	int	n;
	char	last[512];
};

static void
say(void *arg, const char *line)
{
	struct said *s = arg;

	s->n++;
	snprintf(s->last, sizeof(s->last), "%s", line);
}

static void
duplicates(void)
{
	struct standings_opts o = { STANDINGS_ELO, { 'm', 3 }, STANDINGS_TEXT };
	struct said heard = { 0, "" };
	const struct report rep = { say, &heard, NULL };
	struct standings s;
	struct standings_result r;

	standings_init(&s, &rep);
	game(&s, "g1", "2025-02-01T00:00:00Z", "alice bob", 0, NULL);
	game(&s, "g1", "2025-02-01T00:00:00Z", "alice bob", 0, NULL);
	if (compute(&s, &o, &r) != 0)
		return;
	unit_ok(r.games == 1 && near(player(&r, 0, "alice")->elo, 1520, 1e-9)
	    && heard.n == 0, "one game in two archives counts once");
	standings_result_free(&r);
	standings_free(&s);

	standings_init(&s, &rep);
	game(&s, "g1", "2025-02-01T00:00:00Z", "alice bob", 0, NULL);
	game(&s, "g1", "2025-02-01T00:00:00Z", "alice bob", 1, NULL);
	s.g[1].last[0] ^= 1;
	if (compute(&s, &o, &r) != 0)
		return;
	unit_ok(r.games == 0 && r.refused == 2 && heard.n == 2 &&
	    strstr(heard.last, "a fork, not counted") != NULL &&
	    s.status == EXIT_REFUSED, "one game ending two ways: neither "
	    "counts (%s)", heard.last);
	standings_result_free(&r);
	standings_free(&s);
}

int
main(void)
{
	unit_init();
	times();
	shapes();
	endings();
	endings_documented();
	elo_batched();
	elo_k_falls();
	elo_four_seats();
	glicko_periods();
	duplicates();
	return unit_done();
}
