/*
 * incognito (seed 000): 5x5, five pieces each, one of them the spy.
 *
 * Pieces are named by their starting squares, which never change, so a
 * commitment made at setup keeps naming the same piece wherever it goes.
 * The hidden value of each piece is "spy" or "agent".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "game.h"
#include "rng.h"
#include "svg.h"
#include "ydoc.h"

#define N	5
#define NP	10		/* pieces: 0-4 first seat, 5-9 second */
#define EMPTY	-1

static const char *const start[NP] = {
	"c1", "d1", "d2", "e2", "e3",	/* White, castle e1 */
	"a3", "a4", "b4", "b5", "c5"	/* Black, castle a5 */
};
static const int castle_file[2] = { 4, 0 }, castle_rank[2] = { 0, 4 };
static const char *const colour[2] = { "White", "Black" };

struct inc {
	int	board[N][N];	/* [file][rank]: piece index or EMPTY */
	int	file[NP], rank[NP], alive[NP];
	int	turn;
	int	over, draw, winner;
	long	quiet, limit;	/* plies without an interrogation */
	char	why[160];
};

static const struct game_option options[] = {
	{ .name = "limit", .def = "50", .min = 1, .max = 100000,
	  .help = "turns of each seat without an interrogation before a draw" },
	{ .name = NULL }
};

static int
owner(int p)
{
	return p < 5 ? 0 : 1;
}

static int
inc_init(void *st, const struct game_config *cfg, struct error *e)
{
	struct inc *s = st;
	int p, f, r;

	(void)e;
	for (f = 0; f < N; f++)
		for (r = 0; r < N; r++)
			s->board[f][r] = EMPTY;
	for (p = 0; p < NP; p++) {
		game_square(start[p], &f, &r);
		s->file[p] = f;
		s->rank[p] = r;
		s->alive[p] = 1;
		s->board[f][r] = p;
	}
	s->winner = -1;
	s->limit = game_config_long(cfg, "limit");
	return 0;
}

static int
inc_setup_pieces(const void *st, int seat, struct game_setup *su)
{
	int i;

	(void)st;
	memset(su, 0, sizeof(*su));
	for (i = 0; i < 5; i++) {
		snprintf(su->id[i], GAME_ID, "%s", start[seat * 5 + i]);
		snprintf(su->value[i], GAME_VALUE, "agent");
	}
	su->n = 5;
	return 0;
}

static int
inc_setup_parse(const void *st, int seat, const char *text,
    struct game_setup *su, struct error *e)
{
	int i, found = -1;

	inc_setup_pieces(st, seat, su);
	for (i = 0; i < 5; i++)
		if (strcasecmp(text, su->id[i]) == 0)	/* D2 as d2 */
			found = i;
	if (found < 0)
		return error_set(e, EXIT_USAGE, "setup \"%.20s\": name the "
		    "starting square of your spy, one of %s %s %s %s %s", text,
		    su->id[0], su->id[1], su->id[2], su->id[3], su->id[4]);
	snprintf(su->value[found], GAME_VALUE, "spy");
	return 0;
}

static void
inc_setup_random(const void *st, int seat, struct rng *r,
    struct game_setup *su)
{
	inc_setup_pieces(st, seat, su);
	snprintf(su->value[rng_uniform(r, 5)], GAME_VALUE, "spy");
}

static int
inc_value_ok(const void *st, int seat, const char *id, const char *value)
{
	int i;

	(void)st;
	for (i = 0; i < 5; i++)
		if (strcmp(id, start[seat * 5 + i]) == 0)
			return strcmp(value, "spy") == 0 ||
			    strcmp(value, "agent") == 0;
	return 0;
}

static int
inc_setup_audit(const void *st, int seat, const struct game_setup *su,
    struct error *e)
{
	int i, spies = 0;

	(void)st;
	for (i = 0; i < su->n; i++)
		if (strcmp(su->value[i], "spy") == 0)
			spies++;
	if (su->n != 5 || spies != 1)
		return error_set(e, EXIT_REFUSED, "%s's setup has %d spies, "
		    "not exactly one", colour[seat], spies);
	return 0;
}

static int
inc_to_move(const void *st)
{
	const struct inc *s = st;

	return s->over ? -1 : s->turn;
}

/* The piece index on a square named s, or EMPTY. */
static int
at(const struct inc *s, const char *sq)
{
	int f, r;

	if (game_square(sq, &f, &r) != 0 || f >= N || r >= N)
		return EMPTY;
	return s->board[f][r];
}

static int
on_board(const char *sq, int *f, int *r)
{
	return game_square(sq, f, r) == 0 && *f < N && *r < N;
}

static int
inc_parse(const void *st, int seat, const char *text, struct game_action *a,
    struct error *e)
{
	const struct inc *s = st;
	char from[8], to[8], sq[5];
	int f, r, tf, tr, d, p, n = 0, by = EMPTY;
	static const int df[4] = { 1, -1, 0, 0 }, dr[4] = { 0, 0, 1, -1 };

	if (sscanf(text, "%3[a-z0-9]-%3[a-z0-9]%n", from, to, &n) == 2 &&
	    text[n] == '\0') {
		if (!on_board(from, &f, &r) || !on_board(to, &tf, &tr))
			return error_set(e, EXIT_USAGE, "\"%s\": squares are "
			    "a1 to e5", text);
		game_action_init(a, "move");
		game_action_set(a, "from", from);
		game_action_set(a, "to", to);
		return 0;
	}
	if (text[0] == '?' && sscanf(text + 1, "%3[a-z0-9]%n", to, &n) == 1 &&
	    text[1 + n] == '\0') {
		/* "?c2": the interrogator is implied when only one can */
		if (!on_board(to, &tf, &tr))
			return error_set(e, EXIT_USAGE, "\"%s\": squares are "
			    "a1 to e5", text);
		for (d = 0; d < 4; d++) {
			f = tf + df[d];
			r = tr + dr[d];
			if (f < 0 || f >= N || r < 0 || r >= N)
				continue;
			p = s->board[f][r];
			if (p != EMPTY && owner(p) == seat) {
				if (by != EMPTY)
					return error_set(e, EXIT_USAGE, "\"%s\": "
					    "several of your pieces can "
					    "interrogate %s; name one "
					    "(SQUARE?%s)", text, to, to);
				by = p;
				game_square_name(f, r, sq);
				snprintf(from, sizeof(from), "%s", sq);
			}
		}
		if (by == EMPTY)
			return error_set(e, EXIT_REFUSED, "\"%s\": none of your "
			    "pieces is next to %s", text, to);
		game_action_init(a, "interrogate");
		game_action_set(a, "by", from);
		game_action_set(a, "target", to);
		return 0;
	}
	if (sscanf(text, "%3[a-z0-9]?%3[a-z0-9]%n", from, to, &n) == 2 &&
	    text[n] == '\0') {
		if (!on_board(from, &f, &r) || !on_board(to, &tf, &tr))
			return error_set(e, EXIT_USAGE, "\"%s\": squares are "
			    "a1 to e5", text);
		game_action_init(a, "interrogate");
		game_action_set(a, "by", from);
		game_action_set(a, "target", to);
		return 0;
	}
	if (strcmp(text, "pass") == 0) {
		game_action_init(a, "pass");
		return 0;
	}
	return error_set(e, EXIT_USAGE, "\"%.40s\": not an incognito action "
	    "(a move e3-c5, an interrogation d2?c2)", text);
}

static void
inc_format(const void *st, const struct game_action *a, char *out, size_t len)
{
	(void)st;
	if (strcmp(a->type, "move") == 0)
		snprintf(out, len, "%s-%s", game_action_get(a, "from"),
		    game_action_get(a, "to"));
	else if (strcmp(a->type, "interrogate") == 0)
		snprintf(out, len, "%s?%s", game_action_get(a, "by"),
		    game_action_get(a, "target"));
	else
		snprintf(out, len, "%s", a->type);
}

static int
sgn(int x)
{
	return (x > 0) - (x < 0);
}

/* Checks a move on the public board; *castle is set for a castle entry. */
static int
check_move(const struct inc *s, int seat, const char *from, const char *to,
    int *castle, struct error *e)
{
	int f, r, tf, tr, df, dr, p, x, y;

	*castle = 0;
	if (!on_board(from, &f, &r) || !on_board(to, &tf, &tr))
		return error_set(e, EXIT_MALFORMED, "squares are a1 to e5");
	p = s->board[f][r];
	if (p == EMPTY || owner(p) != seat)
		return error_set(e, EXIT_REFUSED, "%s-%s: no piece of yours on "
		    "%s", from, to, from);
	df = tf - f;
	dr = tr - r;
	if ((df == 0 && dr == 0) || (df != 0 && dr != 0 &&
	    abs(df) != abs(dr)))
		return error_set(e, EXIT_REFUSED, "%s-%s: not a straight or "
		    "diagonal line", from, to);
	for (x = f + sgn(df), y = r + sgn(dr); x != tf || y != tr;
	    x += sgn(df), y += sgn(dr))
		if (s->board[x][y] != EMPTY)
			return error_set(e, EXIT_REFUSED, "%s-%s: blocked on "
			    "%c%d", from, to, 'a' + x, y + 1);
	if (s->board[tf][tr] != EMPTY)
		return error_set(e, EXIT_REFUSED, "%s-%s: %s is occupied", from,
		    to, to);
	if (tf == castle_file[seat] && tr == castle_rank[seat])
		return error_set(e, EXIT_REFUSED, "%s-%s: no piece may enter "
		    "its own castle", from, to);
	if (tf == castle_file[1 - seat] && tr == castle_rank[1 - seat]) {
		if (df != 0 && dr != 0)
			return error_set(e, EXIT_REFUSED, "%s-%s: the castle is "
			    "entered only along a rank or file", from, to);
		*castle = 1;
	}
	return 0;
}

static int
check_interrogation(const struct inc *s, int seat, const char *by,
    const char *target, struct error *e)
{
	int f, r, tf, tr, p, q;

	if (!on_board(by, &f, &r) || !on_board(target, &tf, &tr))
		return error_set(e, EXIT_MALFORMED, "squares are a1 to e5");
	p = s->board[f][r];
	q = s->board[tf][tr];
	if (p == EMPTY || owner(p) != seat)
		return error_set(e, EXIT_REFUSED, "%s?%s: no piece of yours on "
		    "%s", by, target, by);
	if (q == EMPTY || owner(q) == seat)
		return error_set(e, EXIT_REFUSED, "%s?%s: no enemy piece on %s",
		    by, target, target);
	if (abs(f - tf) + abs(r - tr) != 1)
		return error_set(e, EXIT_REFUSED, "%s?%s: only an orthogonally "
		    "adjacent piece can be interrogated", by, target);
	return 0;
}

/*
 * Every action of seat other than pass, written to out when it is not NULL;
 * with out NULL, only whether there is one (1 at the first found: every
 * caller asks whether a seat can act, once an entry, so the squares are
 * not named and the rest not counted).  With ctx NULL the count is on
 * public information only: a castle entry counts whoever the piece is.
 * With sure set, a castle entry counts only when ctx knows the piece is
 * the spy: that is how a pass is judged, so a seat whose only possible
 * entries are by agents can pass without opening them (verify re-checks
 * the pass once every identity is open).
 */
static int
enumerate(const struct inc *s, int seat, const struct game_ctx *ctx, int sure,
    struct game_action *out, int max)
{
	int p, d, k, f, r, x, y, q, n = 0, castle;
	static const int df[8] = { 1, 1, 0, -1, -1, -1, 0, 1 };
	static const int dr[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };
	char from[5], to[5];
	const char *v;

	for (p = seat * 5; p < seat * 5 + 5; p++) {
		if (!s->alive[p])
			continue;
		f = s->file[p];
		r = s->rank[p];
		if (out != NULL)
			game_square_name(f, r, from);
		for (d = 0; d < 8; d++) {
			for (k = 1; k < N; k++) {
				x = f + k * df[d];
				y = r + k * dr[d];
				if (x < 0 || x >= N || y < 0 || y >= N ||
				    s->board[x][y] != EMPTY)
					break;
				if (x == castle_file[seat] &&
				    y == castle_rank[seat])
					break;
				castle = x == castle_file[1 - seat] &&
				    y == castle_rank[1 - seat];
				if (castle && df[d] != 0 && dr[d] != 0)
					break;
				if (castle && ctx != NULL) {
					v = game_value(ctx, seat, start[p]);
					if (v != NULL ? strcmp(v, "spy") != 0 : sure)
						break;
				}
				if (out != NULL && n < max) {
					game_square_name(x, y, to);
					game_action_init(&out[n], "move");
					game_action_set(&out[n], "from", from);
					game_action_set(&out[n], "to", to);
				}
				if (out == NULL)
					return 1;
				n++;
			}
			/* interrogations: orthogonal neighbours only */
			if (d % 2 != 0)
				continue;
			x = f + df[d];
			y = r + dr[d];
			if (x < 0 || x >= N || y < 0 || y >= N)
				continue;
			q = s->board[x][y];
			if (q == EMPTY || owner(q) == seat)
				continue;
			if (out != NULL && n < max) {
				game_square_name(x, y, to);
				game_action_init(&out[n], "interrogate");
				game_action_set(&out[n], "by", from);
				game_action_set(&out[n], "target", to);
			}
			if (out == NULL)
				return 1;
			n++;
		}
	}
	return n;
}

static int
inc_legal(const void *st, int seat, const struct game_action *a,
    const struct game_ctx *ctx, struct game_needs *needs, struct error *e)
{
	static const char *const mk[] = { "from", "to", NULL };
	static const char *const ik[] = { "by", "target", NULL };
	static const char *const none[] = { NULL };
	const struct inc *s = st;
	const char *v;
	int castle, p, q;

	needs->n = 0;
	if (s->over)
		return error_set(e, EXIT_REFUSED, "the game is over");
	if (seat != s->turn)
		return error_set(e, EXIT_REFUSED, "it is %s's turn",
		    colour[s->turn]);
	if (strcmp(a->type, "move") == 0) {
		if (game_action_keys(a, mk, e) != 0)
			return -1;
		if (check_move(s, seat, game_action_get(a, "from"),
		    game_action_get(a, "to"), &castle, e) != 0)
			return -1;
		if (!castle)
			return 0;
		p = at(s, game_action_get(a, "from"));
		game_needs_add(needs, seat, start[p]);
		v = game_value(ctx, seat, start[p]);
		if (v != NULL && strcmp(v, "spy") != 0)
			return error_set(e, EXIT_REFUSED, "%s-%s: only the spy "
			    "may enter the enemy castle",
			    game_action_get(a, "from"), game_action_get(a, "to"));
		return 0;
	}
	if (strcmp(a->type, "interrogate") == 0) {
		if (game_action_keys(a, ik, e) != 0)
			return -1;
		if (check_interrogation(s, seat, game_action_get(a, "by"),
		    game_action_get(a, "target"), e) != 0)
			return -1;
		p = at(s, game_action_get(a, "by"));
		q = at(s, game_action_get(a, "target"));
		game_needs_add(needs, seat, start[p]);
		game_needs_add(needs, owner(q), start[q]);
		return 0;
	}
	if (strcmp(a->type, "pass") == 0) {
		if (game_action_keys(a, none, e) != 0)
			return -1;
		/* a pass is legal only with nothing else to do: the rules
		 * with what ctx knows decide it */
		if (enumerate(s, seat, ctx, 1, NULL, 0) > 0)
			return error_set(e, EXIT_REFUSED,
			    "pass: you have a legal action");
		return 0;
	}
	return error_set(e, EXIT_MALFORMED, "unknown action type \"%s\"",
	    a->type);
}

static void
finish(struct inc *s, int winner, const char *why)
{
	s->over = 1;
	s->winner = winner;
	s->draw = winner < 0;
	snprintf(s->why, sizeof(s->why), "%s", why);
}

/* A legal move; the spy entering the enemy castle wins. */
static int
move(struct inc *s, int seat, const struct game_action *a,
    const struct game_ctx *ctx, char *what, size_t wlen, struct error *e)
{
	const char *from = game_action_get(a, "from");
	const char *to = game_action_get(a, "to");
	char why[160];
	int f, r, tf, tr, p, castle;

	check_move(s, seat, from, to, &castle, e);
	game_square(from, &f, &r);
	game_square(to, &tf, &tr);
	p = s->board[f][r];
	if (castle && game_value(ctx, seat, start[p]) == NULL)
		return error_set(e, EXIT_REFUSED, "%s-%s: a castle entry must "
		    "open the moving piece", from, to);
	s->board[f][r] = EMPTY;
	s->board[tf][tr] = p;
	s->file[p] = tf;
	s->rank[p] = tr;
	snprintf(what, wlen, "%s moves %s-%s", colour[seat], from, to);
	if (!castle)
		return 0;
	snprintf(why, sizeof(why), "%s's spy entered %s's castle",
	    colour[seat], colour[1 - seat]);
	finish(s, seat, why);
	snprintf(what, wlen, "%s's spy moves %s-%s into the castle and wins",
	    colour[seat], from, to);
	return 0;
}

/* A legal interrogation, both pieces open in ctx. */
static int
interrogate(struct inc *s, int seat, const struct game_action *a,
    const struct game_ctx *ctx, char *what, size_t wlen, struct error *e)
{
	const char *from = game_action_get(a, "by");
	const char *to = game_action_get(a, "target");
	const char *vb, *vt;
	char why[160];
	int p = at(s, from), q = at(s, to), other = 1 - seat;

	vb = game_value(ctx, seat, start[p]);
	vt = game_value(ctx, other, start[q]);
	if (vb == NULL || vt == NULL)
		return error_set(e, EXIT_REFUSED, "%s?%s: both pieces must be "
		    "opened", from, to);
	s->quiet = 0;
	if (strcmp(vt, "spy") == 0) {
		snprintf(why, sizeof(why), "%s found %s's spy on %s",
		    colour[seat], colour[other], to);
		finish(s, seat, why);
		snprintf(what, wlen, "%s interrogates %s with %s: the spy! %s "
		    "wins", colour[seat], to, from, colour[seat]);
		return 0;
	}
	s->alive[p] = 0;
	s->board[s->file[p]][s->rank[p]] = EMPTY;
	if (strcmp(vb, "spy") != 0) {
		snprintf(what, wlen, "%s interrogates %s with %s: not the spy; "
		    "%s is removed", colour[seat], to, from, from);
		return 0;
	}
	snprintf(why, sizeof(why), "%s lost its own spy interrogating %s",
	    colour[seat], to);
	finish(s, other, why);
	snprintf(what, wlen, "%s interrogates %s with %s: not the spy; %s was "
	    "%s's spy and is removed; %s wins", colour[seat], to, from, from,
	    colour[seat], colour[other]);
	return 0;
}

/* The game is drawn once the plies without an interrogation reach the
 * limit: N turns of each seat. */
static void
check_limit(struct inc *s)
{
	char why[160];

	if (s->over || s->quiet < 2 * s->limit)
		return;
	snprintf(why, sizeof(why), "%ld turns each without an interrogation",
	    s->limit);
	finish(s, -1, why);
}

/*
 * The other seat's turn, passed at once when it has no action on the
 * public board.  As in incognito-rps, the automatic pass is a turn of its
 * seat for the limit (RULES.md), and may reach it.  No position leaves a
 * seat without an action on 5x5 (see tests/cases/README.md), so this is
 * the rule written down, not a path any game takes.
 */
static void
next_turn(struct inc *s, int seat, char *what, size_t wlen)
{
	int other = 1 - seat;

	s->turn = other;
	if (enumerate(s, other, NULL, 0, NULL, 0) > 0)
		return;
	if (enumerate(s, seat, NULL, 0, NULL, 0) == 0) {
		finish(s, -1, "neither side can act");
		return;
	}
	s->turn = seat;
	snprintf(what + strlen(what), wlen - strlen(what),
	    "; %s cannot act and passes", colour[other]);
	s->quiet++;
	check_limit(s);
}

static int
inc_apply(void *st, int seat, const struct game_action *a,
    const struct game_ctx *ctx, struct game_needs *more, char *what,
    size_t wlen, struct error *e)
{
	struct inc *s = st;
	struct game_needs needs;

	(void)more;
	game_needs_init(&needs);
	if (inc_legal(st, seat, a, ctx, &needs, e) != 0)
		return -1;
	if (strcmp(a->type, "move") == 0) {
		if (move(s, seat, a, ctx, what, wlen, e) != 0)
			return -1;
	} else if (strcmp(a->type, "interrogate") == 0) {
		if (interrogate(s, seat, a, ctx, what, wlen, e) != 0)
			return -1;
	} else
		snprintf(what, wlen, "%s passes", colour[seat]);
	if (s->over)
		return 0;
	/* an interrogation set the count to 0; a move or a pass adds one */
	if (strcmp(a->type, "interrogate") != 0)
		s->quiet++;
	check_limit(s);
	if (!s->over)
		next_turn(s, seat, what, wlen);
	return 0;
}

static void
inc_result(const void *st, struct game_result *res)
{
	const struct inc *s = st;

	game_result_one(res, s->over, s->winner, s->why);
}

static int
inc_actions(const void *st, int seat, const struct game_ctx *ctx,
    struct game_action *out, int max)
{
	const struct inc *s = st;
	int n;

	if (s->over || seat != s->turn)
		return 0;
	n = enumerate(s, seat, ctx, 0, out, max);
	if (n == 0) {
		if (max > 0)
			game_action_init(&out[0], "pass");
		n = 1;
	}
	return n;
}

/*
 * The greedy bot (adjudicator-games(7)): every action scored from what
 * the seat knows, its own spy and the enemy pieces opened; the best
 * taken.  A castle entry by the spy wins; an interrogation is worth its
 * chance of finding the spy (one in the enemy pieces still unknown) and
 * never risks the own spy unless the target is sure; a move is worth the
 * position after it: the spy near the enemy castle, on an open line to
 * it, not next to an enemy piece, and no unknown enemy piece left on an
 * open line to the own castle.
 */
#define G_WIN	100000L

static int
g_spy(const struct inc *s, int seat, const struct game_ctx *ctx)
{
	const char *v;
	int p;

	for (p = seat * 5; p < seat * 5 + 5; p++)
		if (s->alive[p] && (v = game_value(ctx, seat, start[p])) !=
		    NULL && strcmp(v, "spy") == 0)
			return p;
	return -1;
}

static int
g_unknown(const struct inc *s, int seat, const struct game_ctx *ctx)
{
	int p, n = 0;

	for (p = seat * 5; p < seat * 5 + 5; p++)
		n += s->alive[p] && game_value(ctx, seat, start[p]) == NULL;
	return n;
}

/* Whether piece p sees the castle of seat c along a clear rank or file. */
static int
g_line(const struct inc *s, int p, int c)
{
	int f = s->file[p], r = s->rank[p], cf = castle_file[c],
	    cr = castle_rank[c], x, y;

	if (f != cf && r != cr)
		return 0;
	for (x = f + sgn(cf - f), y = r + sgn(cr - r); x != cf || y != cr;
	    x += sgn(cf - x), y += sgn(cr - y))
		if (s->board[x][y] != EMPTY)
			return 0;
	return 1;
}

static long
g_eval(const struct inc *s, int seat, int spy, const struct game_ctx *ctx)
{
	int q, d, e = 1 - seat;
	long v = 0;

	if (spy >= 0 && s->alive[spy]) {
		v -= 40L * (abs(s->file[spy] - castle_file[e]) +
		    abs(s->rank[spy] - castle_rank[e]));
		v += g_line(s, spy, e) ? 300 : 0;
		for (q = e * 5; q < e * 5 + 5; q++)
			if (s->alive[q] && abs(s->file[q] - s->file[spy]) +
			    abs(s->rank[q] - s->rank[spy]) == 1)
				v -= 150;
	}
	for (q = e * 5; q < e * 5 + 5; q++)
		if (s->alive[q] && game_value(ctx, e, start[q]) == NULL &&
		    g_line(s, q, seat))
			v -= 400;
	d = g_unknown(s, e, ctx);
	return v - 10L * d;
}

static long
g_score(const struct inc *s, int seat, int spy, const struct game_ctx *ctx,
    const struct game_action *a)
{
	struct inc t = *s;
	int f, r, tf, tr, p, q, k;

	if (strcmp(a->type, "move") == 0) {
		on_board(game_action_get(a, "from"), &f, &r);
		on_board(game_action_get(a, "to"), &tf, &tr);
		p = t.board[f][r];
		if (tf == castle_file[1 - seat] && tr == castle_rank[1 - seat])
			return p == spy ? G_WIN : -G_WIN;
		t.board[f][r] = EMPTY;
		t.board[tf][tr] = p;
		t.file[p] = tf;
		t.rank[p] = tr;
		return g_eval(&t, seat, spy, ctx);
	}
	if (strcmp(a->type, "interrogate") != 0)
		return -G_WIN;
	on_board(game_action_get(a, "by"), &f, &r);
	on_board(game_action_get(a, "target"), &tf, &tr);
	p = t.board[f][r];
	q = t.board[tf][tr];
	if (game_value(ctx, 1 - seat, start[q]) != NULL)
		return -G_WIN / 2;	/* a known agent: a piece lost */
	k = g_unknown(s, 1 - seat, ctx);
	if (k <= 1)
		return G_WIN;
	if (p == spy)
		return -G_WIN / 2;
	/* found the spy 1 in k; else the interrogator gone, q known */
	t.board[f][r] = EMPTY;
	t.alive[p] = 0;
	return G_WIN / 100 / k + (k - 1) * g_eval(&t, seat, spy, ctx) / k;
}

static int
inc_greedy(const void *st, int seat, const struct game_ctx *ctx,
    struct rng *rng, struct game_action *out, struct error *e)
{
	const struct inc *s = st;
	struct game_action list[200];
	long score[200];
	int i, n, spy;

	n = inc_actions(s, seat, ctx, list, 200);
	if (n <= 0 || n > 200)
		return error_set(e, EXIT_SYSTEM, "%d actions to choose from", n);
	spy = g_spy(s, seat, ctx);
	for (i = 0; i < n; i++)
		score[i] = g_score(s, seat, spy, ctx, &list[i]);
	*out = list[game_best(score, n, rng)];
	return 0;
}

/* Two characters per square: W? white unknown, Ws white spy, Wa agent. */
static void
cell(const struct inc *s, int f, int r, const struct game_ctx *ctx, char c[3])
{
	int p = s->board[f][r];
	const char *v;

	if (p == EMPTY) {
		if ((f == castle_file[0] && r == castle_rank[0]) ||
		    (f == castle_file[1] && r == castle_rank[1]))
			snprintf(c, 3, "[]");
		else
			snprintf(c, 3, " .");
		return;
	}
	v = game_value(ctx, owner(p), start[p]);
	c[0] = owner(p) == 0 ? 'W' : 'B';
	c[1] = v == NULL ? '?' : v[0];
	c[2] = '\0';
}

static void
inc_render(const void *st, int viewer, const struct game_ctx *ctx,
    struct buf *b)
{
	const struct inc *s = st;
	char c[3];
	int f, r;

	(void)viewer;
	for (r = N - 1; r >= 0; r--) {
		buf_printf(b, " %d ", r + 1);
		for (f = 0; f < N; f++) {
			cell(s, f, r, ctx, c);
			/* not buf_printf: 25 cells a board, each a
			 * vsnprintf of a thousand instructions */
			buf_addc(b, ' ');
			buf_adds(b, c);
		}
		buf_adds(b, "\n");
	}
	buf_adds(b, "     a  b  c  d  e\n");
	buf_adds(b, " W White  B Black  s spy  a agent  ? unknown  [] castle\n");
	buf_printf(b, " turns without an interrogation: %ld of %ld each\n",
	    s->quiet / 2, s->limit);
}

static int
inc_view(const void *st, int viewer, const struct game_ctx *ctx,
    struct ydoc_writer *w)
{
	const struct inc *s = st;
	const char *v;
	char sq[5];
	int p;

	(void)viewer;
	ydoc_key(w, "pieces");
	ydoc_seq_begin(w, 0);
	for (p = 0; p < NP; p++) {
		v = game_value(ctx, owner(p), start[p]);
		ydoc_map_begin(w);
		ydoc_kv(w, "piece", start[p]);
		ydoc_kv(w, "colour", owner(p) == 0 ? "white" : "black");
		if (s->alive[p]) {
			game_square_name(s->file[p], s->rank[p], sq);
			ydoc_kv(w, "square", sq);
		} else
			ydoc_kv(w, "square", "removed");
		ydoc_kv(w, "identity", v != NULL ? v : "unknown");
		ydoc_map_end(w);
	}
	ydoc_seq_end(w);
	ydoc_kvf(w, "quiet_turns", "%ld", s->quiet / 2);
	ydoc_kvf(w, "limit", "%ld", s->limit);
	return 0;
}

/* A piece's letters in the picture, as the text board writes them: its
 * side, then spy, agent or unknown (colour is never the only sign). */
static const char *
piece_label(int side, const char *v)
{
	static const char *const l[2][3] = { { "Ws", "Wa", "W?" },
	    { "Bs", "Ba", "B?" } };

	return l[side != 0][v == NULL ? 2 : strcmp(v, "spy") == 0 ? 0 : 1];
}

static void
inc_svg(const void *st, int viewer, const struct game_ctx *ctx,
    const struct game_action *last, struct svg *g)
{
	const struct inc *s = st;
	const char *v;
	char line[80];
	int p, k;

	(void)viewer;
	svg_board(g, N, N, NULL);
	for (k = 0; k < 2; k++)
		svg_square(g, castle_file[k], castle_rank[k], "#b9c7d9");
	svg_mark(g, last, "#e67e22");
	for (p = 0; p < NP; p++) {
		if (!s->alive[p])
			continue;
		v = game_value(ctx, owner(p), start[p]);
		svg_disc(g, s->file[p], s->rank[p], owner(p) ? "#222" :
		    "#fafafa", owner(p) ? "#fafafa" : "#222",
		    piece_label(owner(p), v));
	}
	for (k = 0; k < 2; k++) {
		if (s->alive[k * 5] && s->alive[k * 5 + 1] &&
		    s->alive[k * 5 + 2] && s->alive[k * 5 + 3] &&
		    s->alive[k * 5 + 4])
			continue;
		snprintf(line, sizeof(line), "%s, removed:", colour[k]);
		svg_row(g, line);
		for (p = k * 5; p < k * 5 + 5; p++)
			if (!s->alive[p]) {
				v = game_value(ctx, k, start[p]);
				svg_token(g, k ? "#222" : "#fafafa", k ?
				    "#fafafa" : "#222", piece_label(k, v));
			}
	}
	svg_line(g, "legend", "W White (light discs), B Black (dark); s spy, "
	    "a agent, ? unknown; blue: the castles; orange: the last action");
	snprintf(line, sizeof(line), "turns without an interrogation: %ld of "
	    "%ld each", s->quiet / 2, s->limit);
	svg_line(g, "legend", line);
}

static void
inc_seat_role(const void *st, int seat, char *out, size_t len)
{
	(void)st;
	snprintf(out, len, "%s", colour[seat]);
}

static int
inc_piece_square(const void *st, int seat, const char *id, char out[5])
{
	const struct inc *s = st;
	int p;

	for (p = seat * 5; p < seat * 5 + 5; p++)
		if (strcmp(start[p], id) == 0 && s->alive[p]) {
			game_square_name(s->file[p], s->rank[p], out);
			return 0;
		}
	return -1;
}

const struct game_rules game_incognito = {
	.name = "incognito",
	.title = "Incognito: find the spy (5x5, one spy each)",
	.min_seats = 2,
	.max_seats = 2,
	.modes = GAME_MODE_PEER | GAME_MODE_JUDGE,
	.options = options,
	.notation =
	    "setup: the starting square of your spy (White c1 d1 d2 e2 e3,\n"
	    "       Black a3 a4 b4 b5 c5), or \"random\"\n"
	    "move: e3-c5 (any distance in one of 8 directions; the enemy\n"
	    "      castle only by the spy, along a rank or file)\n"
	    "interrogate: d2?c2 (d2 questions the orthogonally adjacent c2);\n"
	    "      ?c2 when only one of your pieces is next to c2\n"
	    "pass: only when you have no legal action\n"
	    "resign, draw (offer), accept, decline\n",
	.state_size = sizeof(struct inc),
	.init = inc_init,
	.setup_pieces = inc_setup_pieces,
	.setup_parse = inc_setup_parse,
	.setup_random = inc_setup_random,
	.value_ok = inc_value_ok,
	.setup_audit = inc_setup_audit,
	.to_move = inc_to_move,
	.parse = inc_parse,
	.format = inc_format,
	.legal = inc_legal,
	.apply = inc_apply,
	.result = inc_result,
	.actions = inc_actions,
	.greedy = inc_greedy,
	.render = inc_render,
	.view = inc_view,
	.svg = inc_svg,
	.seat_role = inc_seat_role,
	.piece_square = inc_piece_square,
};
