/*
 * espionnage (seed 002): the Stratego variant, judge mode only.  10x10,
 * thirty pieces a side whose ranks stay hidden; volcanoes drawn from the
 * game seed; two moves a turn with two different pieces; a combat tells
 * both seats its outcome only, which the judge claims; a spy shows its
 * owner alone the enemy pieces around it.  Pieces are named by their
 * starting squares, wherever they go.
 *
 * A turn resolves in stages (game.h): each move in turn, a move onto an
 * enemy piece waiting for the judge's "combat" claim; then, when the
 * public board cannot tell whether the next seat has a legal move, the
 * judge's "stuck" claim.  Every claim is checked by derive() once every
 * setup is open.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "espionnage.h"
#include "game.h"
#include "rng.h"

const char *const esp_kind_word[NKIND] = { "unknown", "corporal",
    "lieutenant", "captain", "colonel", "general", "spy", "sapper", "mine",
    "headquarters" };
const char esp_kind_letter[NKIND + 1] = "?12345SXMH";
const int esp_army[NKIND] = { 0, 5, 4, 3, 2, 2, 5, 4, 4, 1 };
const char *const esp_outcome_word[NOUTCOME] = { "attacker",
    "defender", "attacker-last", "defender-last", "headquarters" };
const char *const esp_colour[2] = { "White", "Black" };

static const char *const moves_choices[] = { "2", "1", NULL };
static const char *const combat_choices[] = { "outcome", "reveal", NULL };
static const struct game_option options[] = {
	{ .name = "limit", .def = "100", .min = 1, .max = 100000,
	  .help = "turns of each seat without combat before a draw" },
	{ .name = "volcanoes", .def = "6", .min = 0, .max = 10,
	  .help = "volcanoes drawn from the game seed in ranks 4-7, an even "
	  "number" },
	{ .name = "moves", .def = "2", .choices = moves_choices,
	  .help = "moves a turn, each by a different piece" },
	{ .name = "combat", .def = "outcome", .choices = combat_choices,
	  .help = "what a combat tells both seats: its outcome, or both ranks "
	  "too" },
	{ .name = NULL }
};

int
esp_owner(int p)
{
	return p / PER;
}

static int
kind_of(const char *v)
{
	int k;

	if (v == NULL)
		return UNKNOWN;
	for (k = 1; k < NKIND; k++)
		if (strcmp(v, esp_kind_word[k]) == 0)
			return k;
	return -1;
}

static int
is_mobile(int k)
{
	return k != MINE && k != HQ;
}

/* For the setups (espionnage_setup.c). */
int
esp_mobile(int k)
{
	return is_mobile(k);
}

static int
on_board(int f, int r)
{
	return f >= 0 && f < W && r >= 0 && r < H;
}

/* --- actions --- */

static int
esp_to_move(const void *st)
{
	const struct esp *s = st;

	return s->over ? -1 : s->turn;
}

static int
square(const char *sq, int *f, int *r)
{
	return game_square(sq, f, r) == 0 && *f < W && *r < H ? 0 : -1;
}

/* "a4-a5" into m; -1 when not a move, -2 when off the board. */
static int
read_move(const char *t, size_t len, struct mv *m)
{
	char a[8], b[8];
	const char *dash = memchr(t, '-', len);

	if (dash == NULL || dash == t || (size_t)(dash - t) >= sizeof(a) ||
	    len - (size_t)(dash - t) - 1 >= sizeof(b) || dash + 1 == t + len)
		return -1;
	snprintf(a, sizeof(a), "%.*s", (int)(dash - t), t);
	snprintf(b, sizeof(b), "%.*s", (int)(len - (size_t)(dash - t) - 1),
	    dash + 1);
	if (game_square(a, &m->f, &m->r) != 0 ||
	    game_square(b, &m->tf, &m->tr) != 0)
		return -1;
	return on_board(m->f, m->r) && on_board(m->tf, m->tr) ? 0 : -2;
}

static void
set_move(struct game_action *a, const char *fk, const char *tk,
    const struct mv *m)
{
	char sq[5];

	game_square_name(m->f, m->r, sq);
	game_action_set(a, fk, sq);
	game_square_name(m->tf, m->tr, sq);
	game_action_set(a, tk, sq);
}

static void
turn_action(struct game_action *a, const struct turn *t)
{
	game_action_init(a, "move");
	set_move(a, "from", "to", &t->m[0]);
	if (t->n == 2)
		set_move(a, "from2", "to2", &t->m[1]);
}

static int
esp_parse(const void *st, int seat, const char *text, struct game_action *a,
    struct error *e)
{
	const char *sp = strchr(text, ' ');
	struct turn t;
	int rc;

	(void)st;
	(void)seat;
	memset(&t, 0, sizeof(t));
	t.n = sp == NULL ? 1 : 2;
	if (sp != NULL && strchr(sp + 1, ' ') != NULL)
		goto bad;
	rc = read_move(text, sp == NULL ? strlen(text) : (size_t)(sp - text),
	    &t.m[0]);
	if (rc == 0 && sp != NULL)
		rc = read_move(sp + 1, strlen(sp + 1), &t.m[1]);
	if (rc == -2)
		return error_set(e, EXIT_USAGE, "\"%.40s\": squares are a1 to "
		    "j10", text);
	if (rc != 0)
		goto bad;
	turn_action(a, &t);
	return 0;
bad:
	return error_set(e, EXIT_USAGE, "\"%.40s\": not an espionnage turn "
	    "(one move a4-a5, or two moves by two pieces a4-a5 b4-b5)", text);
}

static void
esp_format(const void *st, const struct game_action *a, char *out,
    size_t len)
{
	const char *f2 = game_action_get(a, "from2");

	(void)st;
	if (strcmp(a->type, "move") != 0)
		snprintf(out, len, "%s", a->type);
	else if (f2 != NULL)
		snprintf(out, len, "%s-%s %s-%s", game_action_get(a, "from"),
		    game_action_get(a, "to"), f2, game_action_get(a, "to2"));
	else
		snprintf(out, len, "%s-%s", game_action_get(a, "from"),
		    game_action_get(a, "to"));
}

/* The action's moves, read back from its fields. */
static int
action_turn(const struct game_action *a, struct turn *t, struct error *e)
{
	static const char *const one[] = { "from", "to", NULL };
	static const char *const two[] = { "from", "to", "from2", "to2",
	    NULL };
	const char *const *keys = game_action_get(a, "from2") != NULL ||
	    game_action_get(a, "to2") != NULL ? two : one;

	if (strcmp(a->type, "move") != 0)
		return error_set(e, EXIT_MALFORMED, "unknown action type "
		    "\"%.20s\"", a->type);
	if (game_action_keys(a, keys, e) != 0)
		return -1;
	t->n = keys == two ? 2 : 1;
	if (square(game_action_get(a, "from"), &t->m[0].f, &t->m[0].r) != 0 ||
	    square(game_action_get(a, "to"), &t->m[0].tf, &t->m[0].tr) != 0 ||
	    (t->n == 2 && (square(game_action_get(a, "from2"), &t->m[1].f,
	    &t->m[1].r) != 0 || square(game_action_get(a, "to2"),
	    &t->m[1].tf, &t->m[1].tr) != 0)))
		return error_set(e, EXIT_MALFORMED, "action move: squares are "
		    "a1 to j10");
	return 0;
}

static void
move_text(const struct mv *m, char out[12])
{
	char a[5], b[5];

	game_square_name(m->f, m->r, a);
	game_square_name(m->tf, m->tr, b);
	snprintf(out, 12, "%s-%s", a, b);
}

/* 1 mobile, 0 a mine or the headquarters, -1 unknown to ctx.  A piece
 * that has moved is mobile: the move that first moved it was checked. */
static int
mobility(const struct esp *s, int p, const struct game_ctx *ctx)
{
	int k;

	if (s->moved[p])
		return 1;
	k = kind_of(game_value(ctx, esp_owner(p), s->id[p]));
	return k <= 0 ? -1 : is_mobile(k);
}

enum fault { F_NONE, F_NOPIECE, F_STEP, F_VOLCANO, F_OWN, F_RETURN,
    F_IMMOBILE };

/* What is wrong with move m of seat, checked with what ctx knows. */
static int
fault(const struct esp *s, int seat, const struct mv *m,
    const struct game_ctx *ctx)
{
	int p = s->board[m->f][m->r], q = s->board[m->tf][m->tr];

	if (p < 0 || esp_owner(p) != seat)
		return F_NOPIECE;
	if (abs(m->tf - m->f) + abs(m->tr - m->r) != 1)
		return F_STEP;
	if (q == VOLCANO)
		return F_VOLCANO;
	if (q >= 0 && esp_owner(q) == seat)
		return F_OWN;
	if (s->left_turn[p] == s->turns[seat] - 1 &&
	    s->left_sq[p] == m->tf * H + m->tr)
		return F_RETURN;
	if (mobility(s, p, ctx) == 0)
		return F_IMMOBILE;
	return F_NONE;
}

static int
move_refused(int why, const struct mv *m, struct error *e)
{
	char text[12], from[5], to[5];

	move_text(m, text);
	game_square_name(m->f, m->r, from);
	game_square_name(m->tf, m->tr, to);
	switch (why) {
	case F_NOPIECE:
		return error_set(e, EXIT_REFUSED, "%s: no piece of yours on %s",
		    text, from);
	case F_STEP:
		return error_set(e, EXIT_REFUSED, "%s: a piece moves one square "
		    "along a rank or a file", text);
	case F_VOLCANO:
		return error_set(e, EXIT_REFUSED, "%s: nothing enters the "
		    "volcano on %s", text, to);
	case F_OWN:
		return error_set(e, EXIT_REFUSED, "%s: %s holds a piece of yours",
		    text, to);
	case F_RETURN:
		return error_set(e, EXIT_REFUSED, "%s: the piece left %s on your "
		    "last turn and may not return to it on this one", text, to);
	default:
		return error_set(e, EXIT_REFUSED, "%s: the piece on %s cannot "
		    "move", text, from);
	}
}

/*
 * The position after move m as the mover may count on it: a plain move
 * made, an attack lost (the attacker gone, the defender in place).  What
 * an attack won changes is only the square taken, where a second move
 * would be void.
 */
static void
assume_first(struct esp *s, const struct mv *m)
{
	int p = s->board[m->f][m->r];

	s->board[m->f][m->r] = EMPTY;
	if (s->board[m->tf][m->tr] == EMPTY) {
		s->board[m->tf][m->tr] = p;
		s->file[p] = m->tf;
		s->rank[p] = m->tr;
	} else
		s->alive[p] = 0;
}

/* The moves of seat's piece p that fault() accepts. */
static int
piece_moves(const struct esp *s, int p, const struct game_ctx *ctx,
    struct mv *out)
{
	static const int df[4] = { 0, 1, -1, 0 }, dr[4] = { 1, 0, 0, -1 };
	struct mv m;
	int d, n = 0;

	m.f = s->file[p];
	m.r = s->rank[p];
	for (d = 0; d < 4; d++) {
		m.tf = m.f + df[d];
		m.tr = m.r + dr[d];
		if (on_board(m.tf, m.tr) &&
		    fault(s, esp_owner(p), &m, ctx) == F_NONE)
			out[n++] = m;
	}
	return n;
}

/*
 * Whether seat can move at all: 1, 0, or -1 when only pieces whose rank
 * ctx does not know could.
 */
static int
can_move(const struct esp *s, int seat, const struct game_ctx *ctx)
{
	struct mv m[4];
	int p, unknown = 0;

	for (p = seat * PER; p < seat * PER + PER; p++) {
		if (!s->alive[p])
			continue;
		/* fault() lets a piece of unknown rank step */
		if (piece_moves(s, p, ctx, m) == 0)
			continue;
		if (mobility(s, p, ctx) == 1)
			return 1;
		unknown = 1;
	}
	return unknown ? -1 : 0;
}

/* Second moves after first: pieces other than the first's, in the
 * position assume_first() gives. */
static int
second_moves(const struct esp *s, int seat, const struct mv *first,
    const struct game_ctx *ctx, struct mv *out)
{
	struct esp t = *s;
	int p, n = 0, mover = s->board[first->f][first->r];

	assume_first(&t, first);
	for (p = seat * PER; p < seat * PER + PER; p++)
		if (p != mover && t.alive[p])
			n += piece_moves(&t, p, ctx, out + n);
	return n;
}

/* The first moves of seat; -1 when a piece's rank is unknown to ctx. */
static int
first_moves(const struct esp *s, int seat, const struct game_ctx *ctx,
    struct mv *out)
{
	int p, n = 0;

	for (p = seat * PER; p < seat * PER + PER; p++) {
		if (!s->alive[p])
			continue;
		if (mobility(s, p, ctx) == -1)
			return -1;
		n += piece_moves(s, p, ctx, out + n);
	}
	return n;
}

/* Whether seat can make two moves with two pieces: 1, 0, or -1. */
static int
pair_exists(const struct esp *s, int seat, const struct game_ctx *ctx)
{
	struct mv first[MAXMOVES], second[MAXMOVES];
	int i, n;

	if ((n = first_moves(s, seat, ctx, first)) < 0)
		return -1;
	for (i = 0; i < n; i++)
		if (second_moves(s, seat, &first[i], ctx, second) > 0)
			return 1;
	return 0;
}

/* The second move of t, checked in the position its first leaves. */
static int
check_second(const struct esp *s, int seat, const struct turn *t,
    const struct game_ctx *ctx, struct error *e)
{
	struct esp sim = *s;
	const struct mv *m = &t->m[1];
	char text[12];
	int p = s->board[m->f][m->r], why;

	move_text(m, text);
	if ((m->f == t->m[0].f && m->r == t->m[0].r) ||
	    (m->f == t->m[0].tf && m->r == t->m[0].tr))
		return error_set(e, EXIT_REFUSED, "%s: the two moves of a turn "
		    "are by two different pieces", text);
	if (p < 0 || esp_owner(p) != seat)
		return move_refused(F_NOPIECE, m, e);
	assume_first(&sim, &t->m[0]);
	if ((why = fault(&sim, seat, m, ctx)) != F_NONE)
		return move_refused(why, m, e);
	return 0;
}

/* A turn of seat, with what ctx knows (the judge: everything). */
static int
check_turn(const struct esp *s, int seat, const struct game_action *a,
    const struct game_ctx *ctx, struct turn *t, struct error *e)
{
	int why;

	/* the match asks only the seat whose turn it is, during play */
	if (action_turn(a, t, e) != 0)
		return -1;
	if (t->n == 2 && s->moves == 1)
		return error_set(e, EXIT_REFUSED, "a turn is one move in this "
		    "game (moves=1)");
	if ((why = fault(s, seat, &t->m[0], ctx)) != F_NONE)
		return move_refused(why, &t->m[0], e);
	if (t->n == 2)
		return check_second(s, seat, t, ctx, e);
	if (s->moves == 2 && pair_exists(s, seat, ctx) == 1)
		return error_set(e, EXIT_REFUSED, "a turn is two moves by two "
		    "different pieces while two of yours can move");
	return 0;
}

/* What a move onto an enemy piece waits for. */
static void
combat_needs(const struct esp *s, const struct mv *m, struct game_needs *n)
{
	int p = s->board[m->f][m->r], q = s->board[m->tf][m->tr];

	if (s->reveal) {
		game_needs_add(n, esp_owner(p), s->id[p]);
		game_needs_add(n, esp_owner(q), s->id[q]);
	}
	game_needs_claim(n, GAME_JUDGE, "combat");
}

static int
esp_legal(const void *st, int seat, const struct game_action *a,
    const struct game_ctx *ctx, struct game_needs *needs, struct error *e)
{
	const struct esp *s = st;
	struct turn t;
	int q;

	if (check_turn(s, seat, a, ctx, &t, e) != 0)
		return -1;
	q = s->board[t.m[0].tf][t.m[0].tr];
	if (q >= 0)
		combat_needs(s, &t.m[0], needs);
	return 0;
}

/* --- resolving a turn --- */

static void
finish(struct esp *s, int winner, const char *why)
{
	s->over = 1;
	s->winner = winner;
	snprintf(s->why, sizeof(s->why), "%s", why);
}

static void
say(char *what, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void
say(char *what, size_t len, const char *fmt, ...)
{
	size_t n = strlen(what);
	va_list ap;

	if (n > 0 && n + 2 < len) {
		memcpy(what + n, "; ", 3);
		n += 2;
	}
	va_start(ap, fmt);
	vsnprintf(what + n, len - n, fmt, ap);
	va_end(ap);
}

/* Piece p steps to (f, r): it has moved, and may not come back next turn. */
static void
place(struct esp *s, int p, int f, int r)
{
	s->board[s->file[p]][s->rank[p]] = EMPTY;
	s->left_sq[p] = s->file[p] * H + s->rank[p];
	s->left_turn[p] = s->turns[esp_owner(p)];
	s->board[f][r] = p;
	s->file[p] = f;
	s->rank[p] = r;
	s->moved[p] = 1;
}

/* p arrived: the enemy pieces around it, for spy sight. */
static void
arrive(struct esp *s, int p)
{
	struct arrival *a;
	int df, dr, f, r, q;

	if (s->narrival >= 2)
		return;
	a = &s->arrival[s->narrival++];
	a->piece = p;
	a->n = 0;
	for (df = -1; df <= 1; df++)
		for (dr = -1; dr <= 1; dr++) {
			f = s->file[p] + df;
			r = s->rank[p] + dr;
			if ((df || dr) && on_board(f, r) &&
			    (q = s->board[f][r]) >= 0 &&
			    esp_owner(q) != esp_owner(p))
				a->seen[a->n++] = q;
		}
}

static void
remove_piece(struct esp *s, int p)
{
	s->board[s->file[p]][s->rank[p]] = EMPTY;
	s->alive[p] = 0;
}

static void
note_combat(struct esp *s, const struct mv *m, int p, int q, int out)
{
	struct combat_note *c;

	memmove(&s->combat[1], &s->combat[0],
	    (NCOMBAT - 1) * sizeof(s->combat[0]));
	if (s->ncombat < NCOMBAT)
		s->ncombat++;
	c = &s->combat[0];
	c->turn = s->ply + 1;
	c->attacker = p;
	c->defender = q;
	c->outcome = out;
	move_text(m, c->move);
}

static int
outcome_named(const char *v)
{
	int k;

	for (k = 0; v != NULL && k < NOUTCOME; k++)
		if (strcmp(v, esp_outcome_word[k]) == 0)
			return k;
	return -1;
}

/* A move onto an enemy piece, resolved as the judge's claim says. */
static int
fight(struct esp *s, int seat, const struct mv *m, const struct game_ctx *ctx,
    char *what, size_t len, struct error *e)
{
	const char *claim = game_claim(ctx, "combat");
	int p = s->board[m->f][m->r], q = s->board[m->tf][m->tr];
	int out = outcome_named(claim);
	char text[12], why[160];

	move_text(m, text);
	if (out < 0)
		return error_set(e, EXIT_REFUSED, "%s: the combat claim \"%.20s\" "
		    "is not an outcome", text, claim != NULL ? claim : "");
	s->fought = 1;
	note_combat(s, m, p, q, out);
	if (out == LOST || out == LOST_LAST) {
		remove_piece(s, p);
		say(what, len, "%s attacks %s: the attacker is removed",
		    esp_colour[seat], text);
	} else {
		remove_piece(s, q);
		place(s, p, m->tf, m->tr);
		arrive(s, p);
		say(what, len, "%s attacks %s: the attacker takes the square%s",
		    esp_colour[seat], text, out == TOOK_HQ ? " and the "
		    "headquarters" : "");
	}
	if (out == TOOK_HQ)
		snprintf(why, sizeof(why), "%s captured %s's headquarters",
		    esp_colour[seat], esp_colour[1 - seat]);
	else if (out == WON_LAST || out == LOST_LAST)
		snprintf(why, sizeof(why), "%s has no mobile piece left",
		    esp_colour[out == WON_LAST ? 1 - seat : seat]);
	if (out == TOOK_HQ || out == WON_LAST)
		finish(s, seat, why);
	else if (out == LOST_LAST)
		finish(s, 1 - seat, why);
	return 0;
}

/* One move of the turn: plain, or a combat. */
static int
play(struct esp *s, int seat, const struct mv *m, const struct game_ctx *ctx,
    char *what, size_t len, struct error *e)
{
	int p = s->board[m->f][m->r];
	char text[12];

	if (s->board[m->tf][m->tr] >= 0)
		return fight(s, seat, m, ctx, what, len, e);
	move_text(m, text);
	place(s, p, m->tf, m->tr);
	arrive(s, p);
	say(what, len, "%s moves %s", esp_colour[seat], text);
	return 0;
}

/* The turn is over: counts, the limit, the other seat's turn. */
static void
end_turn(struct esp *s, int seat)
{
	char why[160];

	s->turns[seat]++;
	s->ply++;
	s->quiet = s->fought ? 0 : s->quiet + 1;
	s->turn = 1 - seat;
	if (s->quiet >= 2 * s->limit) {
		snprintf(why, sizeof(why), "%ld turns each without combat",
		    s->limit);
		finish(s, -1, why);
	}
}

/*
 * The moves from s->step on, until one waits for a combat claim
 * (GAME_MORE) or the turn is over; then, when the public board cannot
 * tell, the judge says whether the next seat can move at all.
 */
static int
resolve_moves(struct esp *s, int seat, const struct turn *t,
    const struct game_ctx *ctx, struct game_needs *more, char *what,
    size_t len, struct error *e)
{
	const struct mv *m;
	char text[12];
	int q, ready = 1;

	while (s->step < t->n) {
		m = &t->m[s->step];
		q = s->board[m->tf][m->tr];
		if (q >= 0 && esp_owner(q) == seat) {
			move_text(m, text);
			say(what, len, "the second move %s is void: %s's own "
			    "attacker has taken the square", text,
			    esp_colour[seat]);
			break;
		}
		if (q >= 0 && !ready) {
			combat_needs(s, m, more);
			return GAME_MORE;
		}
		if (play(s, seat, m, ctx, what, len, e) != 0)
			return -1;
		ready = 0;
		s->step++;
		if (s->over) {
			s->step = 0;
			return 0;
		}
	}
	end_turn(s, seat);
	if (!s->over && can_move(s, s->turn, ctx) != 1) {
		s->step = STEP_STUCK;
		game_needs_claim(more, GAME_JUDGE, "stuck");
		return GAME_MORE;
	}
	s->step = 0;
	return 0;
}

static int
stuck_stage(struct esp *s, const struct game_ctx *ctx, char *what,
    size_t len, struct error *e)
{
	const char *v = game_claim(ctx, "stuck");
	char why[160];

	if (v == NULL || (strcmp(v, "yes") != 0 && strcmp(v, "no") != 0))
		return error_set(e, EXIT_REFUSED, "the claim stuck is \"yes\" or "
		    "\"no\", not \"%.20s\"", v != NULL ? v : "");
	s->step = 0;
	snprintf(why, sizeof(why), "%s %s legal move", esp_colour[s->turn],
	    strcmp(v, "yes") == 0 ? "has no" : "has a");
	say(what, len, "the judge: %s", why);
	if (strcmp(v, "yes") == 0)
		finish(s, 1 - s->turn, why);
	return 0;
}

static int
esp_apply(void *st, int seat, const struct game_action *a,
    const struct game_ctx *ctx, struct game_needs *more, char *what,
    size_t len, struct error *e)
{
	struct esp *s = st;
	struct turn t;

	if (s->step == STEP_STUCK)
		return stuck_stage(s, ctx, what, len, e);
	if (s->step == 0) {
		if (check_turn(s, seat, a, ctx, &t, e) != 0)
			return -1;
		s->narrival = 0;
		s->fought = 0;
	} else if (action_turn(a, &t, e) != 0)
		return -1;
	return resolve_moves(s, seat, &t, ctx, more, what, len, e);
}

/* --- claims --- */

/* The outcome of a combat by rank; -1 for what cannot attack. */
static int
clash(int a, int d)
{
	if (!is_mobile(a))
		return -1;
	if (d == HQ)
		return TOOK_HQ;
	if (d == MINE)
		return a == SAPPER ? WON : LOST;
	if (d == SPY || d == SAPPER)
		return WON;
	/* the defender is a soldier */
	if (a == SPY)
		return LOST;
	if (a == SAPPER)
		return d == GENERAL ? WON : LOST;
	return a >= d ? WON : LOST;
}

/* Has seat a mobile piece on the board other than p?  1, 0, or -1. */
static int
other_mobile(const struct esp *s, int seat, int p, const struct game_ctx *ctx)
{
	int i, k;

	for (i = seat * PER; i < seat * PER + PER; i++) {
		if (i == p || !s->alive[i])
			continue;
		k = kind_of(game_value(ctx, seat, s->id[i]));
		if (k <= 0)
			return -1;
		if (is_mobile(k))
			return 1;
	}
	return 0;
}

static int
derive_combat(const struct esp *s, const struct game_action *a,
    const struct game_ctx *ctx, char *out, size_t len)
{
	struct error ign;
	struct turn t;
	const struct mv *m;
	int p, q, ka, kd, r, loser, more;

	if (action_turn(a, &t, &ign) != 0 || s->step >= t.n)
		return -1;
	m = &t.m[s->step];
	p = s->board[m->f][m->r];
	q = s->board[m->tf][m->tr];
	if (p < 0 || q < 0)
		return -1;
	ka = kind_of(game_value(ctx, esp_owner(p), s->id[p]));
	kd = kind_of(game_value(ctx, esp_owner(q), s->id[q]));
	if (ka <= 0 || kd <= 0 || (r = clash(ka, kd)) < 0)
		return -1;
	loser = r == WON ? q : r == LOST ? p : -1;
	if (loser >= 0 && is_mobile(r == WON ? kd : ka)) {
		if ((more = other_mobile(s, esp_owner(loser), loser, ctx)) < 0)
			return -1;
		if (!more)
			r = r == WON ? WON_LAST : LOST_LAST;
	}
	snprintf(out, len, "%s", esp_outcome_word[r]);
	return 0;
}

static int
esp_derive(const void *st, int seat, const struct game_action *a,
    const char *claim, const struct game_ctx *ctx, char *out, size_t len)
{
	const struct esp *s = st;
	int r;

	(void)seat;
	if (strcmp(claim, "combat") == 0)
		return derive_combat(s, a, ctx, out, len);
	if (strcmp(claim, "stuck") != 0 ||
	    (r = can_move(s, s->turn, ctx)) < 0)
		return -1;
	snprintf(out, len, "%s", r ? "no" : "yes");
	return 0;
}

static void
esp_result(const void *st, struct game_result *res)
{
	const struct esp *s = st;

	game_result_one(res, s->over, s->winner, s->why);
}

/* --- spy sight --- */

static int
is_spy(const struct esp *s, int p, const struct game_ctx *ctx)
{
	return kind_of(game_value(ctx, esp_owner(p), s->id[p])) == SPY;
}

static void
esp_visible(const void *st, int viewer, const struct game_ctx *ctx,
    struct game_needs *seen)
{
	const struct esp *s = st;
	const struct arrival *a;
	int i, k;

	for (i = 0; i < s->narrival; i++) {
		a = &s->arrival[i];
		for (k = 0; k < a->n; k++) {
			if (esp_owner(a->piece) == viewer &&
			    is_spy(s, a->piece, ctx))
				game_needs_add(seen, esp_owner(a->seen[k]),
				    s->id[a->seen[k]]);
			else if (esp_owner(a->seen[k]) == viewer &&
			    is_spy(s, a->seen[k], ctx))
				game_needs_add(seen, esp_owner(a->piece),
				    s->id[a->piece]);
		}
	}
}

/* --- every legal action, and one at random --- */

static void
keep(struct game_action *out, int max, int *n, const struct turn *t)
{
	if (out != NULL && *n < max)
		turn_action(&out[*n], t);
	(*n)++;
}

static void
keep_one(struct game_action *out, int max, int *n, const struct mv *m)
{
	struct turn t;

	t.n = 1;
	t.m[0] = *m;
	keep(out, max, n, &t);
}

/* Every turn of seat: pairs when there are any (and two moves a turn),
 * else single moves. */
static int
enumerate(const struct esp *s, int seat, const struct game_ctx *ctx,
    struct game_action *out, int max)
{
	struct mv first[MAXMOVES], second[MAXMOVES];
	struct turn t;
	int i, j, n1, n2, n = 0;

	if ((n1 = first_moves(s, seat, ctx, first)) <= 0)
		return 0;
	for (i = 0; s->moves == 2 && i < n1; i++) {
		n2 = second_moves(s, seat, &first[i], ctx, second);
		for (j = 0; j < n2; j++) {
			t.n = 2;
			t.m[0] = first[i];
			t.m[1] = second[j];
			keep(out, max, &n, &t);
		}
	}
	if (n > 0)
		return n;
	for (i = 0; i < n1; i++)
		keep_one(out, max, &n, &first[i]);
	return n;
}

static int
esp_actions(const void *st, int seat, const struct game_ctx *ctx,
    struct game_action *out, int max)
{
	const struct esp *s = st;

	if (s->over || seat != s->turn || s->step != 0)
		return 0;
	return enumerate(s, seat, ctx, out, max);
}

int
esp_random_action(const void *st, int seat, const struct game_ctx *ctx,
    struct rng *rg, struct game_action *out, struct error *e)
{
	const struct esp *s = st;
	struct mv first[MAXMOVES], second[MAXMOVES], m;
	struct turn t;
	int n1, n2, i, j;

	if (s->over || seat != s->turn)
		return error_set(e, EXIT_REFUSED, "it is not %s's turn",
		    esp_colour[seat]);
	if ((n1 = first_moves(s, seat, ctx, first)) <= 0)
		return error_set(e, EXIT_REFUSED, "%s has no legal move%s",
		    esp_colour[seat], n1 < 0 ? " that it knows of" : "");
	/* the first moves in a random order, until one has a second */
	for (i = n1 - 1; i > 0; i--) {
		j = (int)rng_uniform(rg, (uint32_t)i + 1);
		m = first[i];
		first[i] = first[j];
		first[j] = m;
	}
	t.n = 1;
	t.m[0] = first[0];
	for (i = 0; s->moves == 2 && i < n1; i++) {
		n2 = second_moves(s, seat, &first[i], ctx, second);
		if (n2 > 0) {
			t.n = 2;
			t.m[0] = first[i];
			t.m[1] = second[rng_uniform(rg, (uint32_t)n2)];
			break;
		}
	}
	turn_action(out, &t);
	return 0;
}

static void
esp_seat_role(const void *st, int seat, char *out, size_t len)
{
	(void)st;
	snprintf(out, len, "%s", esp_colour[seat]);
}

/* For the greedy bot (espionnage_bot.c). */
int
esp_kind(const char *v)
{
	return kind_of(v);
}

int
esp_clash(int a, int d)
{
	return clash(a, d);
}

int
esp_first_moves(const struct esp *s, int seat, const struct game_ctx *ctx,
    struct mv *out)
{
	return first_moves(s, seat, ctx, out);
}

int
esp_second_moves(const struct esp *s, int seat, const struct mv *first,
    const struct game_ctx *ctx, struct mv *out)
{
	return second_moves(s, seat, first, ctx, out);
}

void
esp_turn_action(struct game_action *a, const struct turn *t)
{
	turn_action(a, t);
}

void
esp_assume_first(struct esp *s, const struct mv *m)
{
	assume_first(s, m);
}

static int
esp_piece_square(const void *st, int seat, const char *id, char out[5])
{
	const struct esp *s = st;
	int p;

	for (p = seat * PER; p < seat * PER + PER; p++)
		if (strcmp(s->id[p], id) == 0 && s->alive[p]) {
			game_square_name(s->file[p], s->rank[p], out);
			return 0;
		}
	return -1;
}

/* The volcanoes are the one thing drawn from the seed. */
static int
esp_draws(const struct game_config *cfg)
{
	return game_config_long(cfg, "volcanoes") > 0;
}

const struct game_rules game_espionnage = {
	.name = "espionnage",
	.title = "Espionnage, the Stratego variant (10x10, judged)",
	.min_seats = 2,
	.max_seats = 2,
	.modes = GAME_MODE_JUDGE,
	.options = options,
	.notation =
	    "setup: thirty letters, rank by rank from your back rank (White\n"
	    "       rank 1, Black rank 10), files a to j: 1-5 soldiers by rank,\n"
	    "       S spy, X sapper, M mine, H headquarters; \"/\" between\n"
	    "       ranks allowed, e.g. M11MHM11XM/433222SSSX/54321SXSX5; or\n"
	    "       random; pieces are named by their starting squares\n"
	    "army: 5 corporals (1), 4 lieutenants (2), 3 captains (3),\n"
	    "       2 colonels (4), 2 generals (5), 5 spies (S), 4 sappers (X),\n"
	    "       4 mines (M), 1 headquarters (H): 30 pieces; a piece of\n"
	    "       the front rank must be able to move (not all mines and\n"
	    "       headquarters where the square ahead is free)\n"
	    "turn: two moves by two different pieces, a4-a5 b4-b5 (one square\n"
	    "      along a rank or a file; a move onto an enemy piece attacks\n"
	    "      it); one move a4-a5 when only one piece can move, or with\n"
	    "      moves=1\n"
	    "resign, draw (offer), accept, decline\n",
	.state_size = sizeof(struct esp),
	.init = esp_init,
	.draws = esp_draws,
	.setup_pieces = esp_setup_pieces,
	.setup_parse = esp_setup_parse,
	.setup_random = esp_setup_random,
	.value_ok = esp_value_ok,
	.setup_audit = esp_setup_audit,
	.to_move = esp_to_move,
	.parse = esp_parse,
	.format = esp_format,
	.legal = esp_legal,
	.apply = esp_apply,
	.derive = esp_derive,
	.result = esp_result,
	.visible = esp_visible,
	.actions = esp_actions,
	.random_action = esp_random_action,
	.greedy = esp_greedy,
	.seat_role = esp_seat_role,
	.piece_square = esp_piece_square,
	.render = esp_render,
	.view = esp_view,
	.svg = esp_svg,
};
