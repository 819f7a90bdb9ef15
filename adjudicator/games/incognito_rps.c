/*
 * incognito-rps (seed 001, J.-J. Bloch): 6x8, nine pieces each carrying a
 * hidden rock, paper or scissors; six start on the board, three wait in a
 * secret reserve.  Board pieces are named by their starting squares,
 * reserve pieces r1 r2 r3; a name follows its piece wherever it goes.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "incognito_rps.h"
#include "rng.h"
#include "ydoc.h"

const char *const rps_colour[2] = { "White", "Black" };
static const char *const camp_choices[] = { "1", "2", NULL };
static const struct game_option options[] = {
	{ .name = "limit", .def = "40", .min = 1, .max = 100000,
	  .help = "turns of each seat without combat or camp entry before a "
	  "draw" },
	{ .name = "camp", .def = "2", .choices = camp_choices,
	  .help = "depth of each camp in ranks" },
	{ .name = NULL }
};

int
rps_owner(int p)
{
	return p / PER;
}

static int
start_rank(const struct rps *s, int seat)
{
	return seat == 0 ? s->camp : H - 1 - s->camp;
}

/* Is (f, r) in the camp of seat? */
int
rps_in_camp(const struct rps *s, int seat, int r)
{
	return seat == 0 ? r < s->camp : r >= H - s->camp;
}

/* A piece in the enemy camp is frozen and immune. */
static int
frozen(const struct rps *s, int p)
{
	return s->where[p] == ONBOARD && rps_in_camp(s, 1 - rps_owner(p),
	    s->rank[p]);
}

static int
rps_init(void *st, const struct game_config *cfg, struct error *e)
{
	struct rps *s = st;
	int f, r, p, seat, i;

	(void)e;
	s->limit = game_config_long(cfg, "limit");
	s->camp = (int)game_config_long(cfg, "camp");
	for (f = 0; f < W; f++)
		for (r = 0; r < H; r++)
			s->board[f][r] = EMPTY;
	for (seat = 0; seat < 2; seat++) {
		for (i = 0; i < 6; i++) {
			p = seat * PER + i;
			s->file[p] = i;
			s->rank[p] = start_rank(s, seat);
			s->where[p] = ONBOARD;
			s->board[i][s->rank[p]] = p;
			game_square_name(i, s->rank[p], s->id[p]);
		}
		for (i = 0; i < 3; i++) {
			p = seat * PER + 6 + i;
			s->where[p] = RESERVE;
			s->id[p][0] = 'r';	/* r1, r2, r3 */
			s->id[p][1] = (char)('1' + i);
			s->id[p][2] = '\0';
		}
	}
	s->winner = -1;
	return 0;
}

static int
rps_setup_pieces(const void *st, int seat, struct game_setup *su)
{
	const struct rps *s = st;
	int i;

	memset(su, 0, sizeof(*su));
	for (i = 0; i < PER; i++)
		snprintf(su->id[i], GAME_ID, "%s", s->id[seat * PER + i]);
	su->n = PER;
	return 0;
}

/* A setup letter, in either case. */
static const char *
symbol(char c)
{
	switch (toupper((unsigned char)c)) {
	case 'R':
		return "rock";
	case 'P':
		return "paper";
	case 'S':
		return "scissors";
	default:
		return NULL;
	}
}

static int
rps_setup_parse(const void *st, int seat, const char *text,
    struct game_setup *su, struct error *e)
{
	char letters[PER];
	int i, n = 0;
	const char *p;

	rps_setup_pieces(st, seat, su);
	for (p = text; *p; p++) {
		if (*p == '/' && n == 6)
			continue;
		if (n >= PER || symbol(*p) == NULL)
			goto bad;
		letters[n++] = *p;
	}
	if (n != PER || strchr(text, '/') != text + 6)
		goto bad;
	for (i = 0; i < PER; i++)
		snprintf(su->value[i], GAME_VALUE, "%s", symbol(letters[i]));
	return 0;
bad:
	return error_set(e, EXIT_USAGE, "setup \"%.20s\": six symbols for files "
	    "a-f, a slash, three for the reserve (R rock, P paper, S "
	    "scissors), e.g. RPSSPR/RPS", text);
}

static void
rps_setup_random(const void *st, int seat, struct rng *rg,
    struct game_setup *su)
{
	static const char *const sym[3] = { "rock", "paper", "scissors" };
	int order[PER], i, j, t;

	rps_setup_pieces(st, seat, su);
	for (i = 0; i < PER; i++)
		order[i] = i % 3;
	for (i = PER - 1; i > 0; i--) {
		j = (int)rng_uniform(rg, (uint32_t)i + 1);
		t = order[i];
		order[i] = order[j];
		order[j] = t;
	}
	for (i = 0; i < PER; i++)
		snprintf(su->value[i], GAME_VALUE, "%s", sym[order[i]]);
}

static int
rps_value_ok(const void *st, int seat, const char *id, const char *value)
{
	const struct rps *s = st;
	int i;

	for (i = 0; i < PER; i++)
		if (strcmp(s->id[seat * PER + i], id) == 0)
			return strcmp(value, "rock") == 0 ||
			    strcmp(value, "paper") == 0 ||
			    strcmp(value, "scissors") == 0;
	return 0;
}

static int
rps_setup_audit(const void *st, int seat, const struct game_setup *su,
    struct error *e)
{
	int i, r = 0, p = 0, sc = 0;

	(void)st;
	for (i = 0; i < su->n; i++) {
		r += strcmp(su->value[i], "rock") == 0;
		p += strcmp(su->value[i], "paper") == 0;
		sc += strcmp(su->value[i], "scissors") == 0;
	}
	if (su->n != PER || r != 3 || p != 3 || sc != 3)
		return error_set(e, EXIT_REFUSED, "%s's setup has %d rock, %d "
		    "paper, %d scissors, not 3 of each", rps_colour[seat], r, p,
		    sc);
	return 0;
}

static int
rps_to_move(const void *st)
{
	const struct rps *s = st;

	return s->over ? -1 : s->turn;
}

static int
square(const char *sq, int *f, int *r)
{
	return game_square(sq, f, r) == 0 && *f < W && *r < H ? 0 : -1;
}

static int
piece_named(const struct rps *s, int seat, const char *id)
{
	int i;

	for (i = seat * PER; i < seat * PER + PER; i++)
		if (strcmp(s->id[i], id) == 0)
			return i;
	return EMPTY;
}

/* Reads a square name (a letter, one or two digits) at *p. */
static int
read_square(const char **p, char out[5])
{
	const char *q = *p;
	int n = 0;

	if (*q < 'a' || *q > 'z')
		return -1;
	out[n++] = *q++;
	while (*q >= '0' && *q <= '9' && n < 3)
		out[n++] = *q++;
	if (n == 1)
		return -1;
	out[n] = '\0';
	*p = q;
	return 0;
}

static int
rps_parse(const void *st, int seat, const char *text, struct game_action *a,
    struct error *e)
{
	const char *p = text;
	char x[5], y[5], z[5];
	int f, r, moves = 0;

	(void)st;
	(void)seat;
	if (strcmp(text, "pass") == 0) {
		game_action_init(a, "pass");
		return 0;
	}
	if (strncmp(text, "swap ", 5) == 0) {
		p = text + 5;
		if (read_square(&p, x) != 0 || *p++ != ' ' ||
		    p[0] != 'r' || p[1] < '1' || p[1] > '3' || p[2] != '\0')
			goto bad;
		game_action_init(a, "swap");
		game_action_set(a, "square", x);
		game_action_set(a, "reserve", p);
		if (square(x, &f, &r) != 0)
			goto squares;
		return 0;
	}
	if (read_square(&p, x) != 0)
		goto bad;
	snprintf(y, sizeof(y), "%s", x);
	if (*p == '-') {
		p++;
		if (read_square(&p, y) != 0)
			goto bad;
		moves = 1;
	}
	if (*p == 'x') {
		p++;
		if (read_square(&p, z) != 0 || *p != '\0')
			goto bad;
		game_action_init(a, "attack");
		game_action_set(a, "from", x);
		game_action_set(a, "to", y);
		game_action_set(a, "target", z);
		if (square(z, &f, &r) != 0)
			goto squares;
	} else if (*p == '\0' && moves) {
		game_action_init(a, "move");
		game_action_set(a, "from", x);
		game_action_set(a, "to", y);
	} else
		goto bad;
	if (square(x, &f, &r) != 0 || square(y, &f, &r) != 0)
		goto squares;
	/* the action form cannot tell a5-a5xa6 from a5xa6: refuse it here */
	if (moves && strcmp(x, y) == 0)
		return error_set(e, EXIT_USAGE, "\"%.40s\": a zero-length move "
		    "is not a move", text);
	return 0;
bad:
	return error_set(e, EXIT_USAGE, "\"%.40s\": not an incognito-rps "
	    "action (a3-a4, a3-a5, a4xa5, a3-a4xa5, swap c3 r2)", text);
squares:
	return error_set(e, EXIT_USAGE, "\"%.40s\": squares are a1 to f8", text);
}

static void
rps_format(const void *st, const struct game_action *a, char *out, size_t len)
{
	const char *from = game_action_get(a, "from");
	const char *to = game_action_get(a, "to");

	(void)st;
	if (strcmp(a->type, "move") == 0)
		snprintf(out, len, "%s-%s", from, to);
	else if (strcmp(a->type, "attack") == 0 && strcmp(from, to) == 0)
		snprintf(out, len, "%sx%s", from, game_action_get(a, "target"));
	else if (strcmp(a->type, "attack") == 0)
		snprintf(out, len, "%s-%sx%s", from, to,
		    game_action_get(a, "target"));
	else if (strcmp(a->type, "swap") == 0)
		snprintf(out, len, "swap %s %s", game_action_get(a, "square"),
		    game_action_get(a, "reserve"));
	else
		snprintf(out, len, "%s", a->type);
}

static int public_actions(const struct rps *, int);

/*
 * A piece that never moved and stands on its start rank may move two
 * squares along its file, toward either end of the board: the seed says
 * "de 2 cases verticalement", not "forward".
 */
static int
may_double(const struct rps *s, int p)
{
	return !s->moved[p] && s->rank[p] == start_rank(s, rps_owner(p));
}

/* A step (or the first two-square move) of piece p to (tf, tr). */
static int
check_step(const struct rps *s, int p, int tf, int tr, const char *text,
    struct error *e)
{
	int f = s->file[p], r = s->rank[p];

	if (frozen(s, p))
		return error_set(e, EXIT_REFUSED, "%s: a piece in the enemy "
		    "camp can no longer move", text);
	if (s->board[tf][tr] != EMPTY)
		return error_set(e, EXIT_REFUSED, "%s: the square is occupied",
		    text);
	if (abs(tf - f) + abs(tr - r) == 1)
		return 0;
	if (tf == f && abs(tr - r) == 2) {
		if (!may_double(s, p))
			return error_set(e, EXIT_REFUSED, "%s: only a piece "
			    "that never moved, on its start rank, may move two "
			    "squares", text);
		if (s->board[f][(r + tr) / 2] != EMPTY)
			return error_set(e, EXIT_REFUSED, "%s: the two-square "
			    "move is blocked", text);
		return 0;
	}
	return error_set(e, EXIT_REFUSED, "%s: a piece moves one square along "
	    "a rank or file (two along its file on its first move)", text);
}

/* The swap: once per game, a board piece of one's own out of the enemy
 * camp, and a piece of one's reserve. */
static int
check_swap(const struct rps *s, int seat, const struct game_action *a,
    const char *text, struct error *e)
{
	static const char *const sk[] = { "square", "reserve", NULL };
	int f, r, p, q;

	if (game_action_keys(a, sk, e) != 0)
		return -1;
	if (s->swapped[seat])
		return error_set(e, EXIT_REFUSED, "%s: the swap is allowed once "
		    "per game", text);
	if (square(game_action_get(a, "square"), &f, &r) != 0)
		return error_set(e, EXIT_MALFORMED, "%s: bad square", text);
	p = s->board[f][r];
	if (p == EMPTY || rps_owner(p) != seat)
		return error_set(e, EXIT_REFUSED, "%s: no piece of yours there",
		    text);
	if (frozen(s, p))
		return error_set(e, EXIT_REFUSED, "%s: a piece in the enemy camp "
		    "can no longer move", text);
	q = piece_named(s, seat, game_action_get(a, "reserve"));
	if (q == EMPTY || s->where[q] != RESERVE)
		return error_set(e, EXIT_REFUSED, "%s: %s is not in your "
		    "reserve", text, game_action_get(a, "reserve"));
	return 0;
}

/*
 * Checks an action of seat without changing the state, whoever's turn it
 * is; for an attack also names the attacker and the defender.
 */
static int
check_action(const struct rps *s, int seat, const struct game_action *a,
    int *attacker, int *defender, struct error *e)
{
	static const char *const mk[] = { "from", "to", NULL };
	static const char *const ak[] = { "from", "to", "target", NULL };
	char text[48];
	int f, r, tf, tr, gf, gr, p, q;

	*attacker = *defender = EMPTY;
	rps_format(s, a, text, sizeof(text));
	if (strcmp(a->type, "swap") == 0)
		return check_swap(s, seat, a, text, e);
	if (strcmp(a->type, "pass") == 0) {
		if (a->nf != 0)
			return error_set(e, EXIT_MALFORMED, "pass takes no "
			    "fields");
		if (public_actions(s, seat) > 0)
			return error_set(e, EXIT_REFUSED, "pass: you have a "
			    "legal action");
		return 0;
	}
	if (strcmp(a->type, "move") != 0 && strcmp(a->type, "attack") != 0)
		return error_set(e, EXIT_MALFORMED, "unknown action type "
		    "\"%s\"", a->type);
	if (game_action_keys(a, strcmp(a->type, "move") == 0 ? mk : ak,
	    e) != 0)
		return -1;
	if (square(game_action_get(a, "from"), &f, &r) != 0 ||
	    square(game_action_get(a, "to"), &tf, &tr) != 0)
		return error_set(e, EXIT_MALFORMED, "%s: bad square", text);
	p = s->board[f][r];
	if (p == EMPTY || rps_owner(p) != seat)
		return error_set(e, EXIT_REFUSED, "%s: no piece of yours on %s",
		    text, game_action_get(a, "from"));
	if ((f != tf || r != tr) && check_step(s, p, tf, tr, text, e) != 0)
		return -1;
	if (strcmp(a->type, "move") == 0) {
		if (f == tf && r == tr)
			return error_set(e, EXIT_REFUSED, "%s: a zero-length "
			    "move is not a move", text);
		return 0;
	}
	if (square(game_action_get(a, "target"), &gf, &gr) != 0)
		return error_set(e, EXIT_MALFORMED, "%s: bad square", text);
	/* the attacker stands on (tf, tr) once its move is made */
	if ((f != tf || r != tr) ? rps_in_camp(s, 1 - seat, tr) : frozen(s, p))
		return error_set(e, EXIT_REFUSED, "%s: a piece in the enemy "
		    "camp can no longer attack", text);
	q = s->board[gf][gr];
	if (q == p || (f != tf || r != tr ? (gf == f && gr == r) : 0))
		q = EMPTY;	/* the square the attacker just left */
	if (q == EMPTY || rps_owner(q) == seat)
		return error_set(e, EXIT_REFUSED, "%s: no enemy piece on %s",
		    text, game_action_get(a, "target"));
	if (abs(gf - tf) + abs(gr - tr) != 1)
		return error_set(e, EXIT_REFUSED, "%s: only an orthogonally "
		    "adjacent piece can be attacked", text);
	if (frozen(s, q))
		return error_set(e, EXIT_REFUSED, "%s: a piece in its enemy's "
		    "camp can no longer be attacked", text);
	*attacker = p;
	*defender = q;
	return 0;
}

static int
check(const struct rps *s, int seat, const struct game_action *a,
    int *attacker, int *defender, struct error *e)
{
	if (s->over)
		return error_set(e, EXIT_REFUSED, "the game is over");
	if (seat != s->turn)
		return error_set(e, EXIT_REFUSED, "it is %s's turn",
		    rps_colour[s->turn]);
	return check_action(s, seat, a, attacker, defender, e);
}

static int
rps_legal(const void *st, int seat, const struct game_action *a,
    const struct game_ctx *ctx, struct game_needs *needs, struct error *e)
{
	const struct rps *s = st;
	int p, q;

	(void)ctx;
	needs->n = 0;
	if (check(s, seat, a, &p, &q, e) != 0)
		return -1;
	if (p != EMPTY) {
		game_needs_add(needs, seat, s->id[p]);
		game_needs_add(needs, rps_owner(q), s->id[q]);
	}
	return 0;
}

/* 1 when a beats b. */
static int
beats(const char *a, const char *b)
{
	return (strcmp(a, "rock") == 0 && strcmp(b, "scissors") == 0) ||
	    (strcmp(a, "scissors") == 0 && strcmp(b, "paper") == 0) ||
	    (strcmp(a, "paper") == 0 && strcmp(b, "rock") == 0);
}

static void
place(struct rps *s, int p, int f, int r)
{
	int seat = rps_owner(p);

	if (s->where[p] == ONBOARD && s->board[s->file[p]][s->rank[p]] == p)
		s->board[s->file[p]][s->rank[p]] = EMPTY;
	s->board[f][r] = p;
	s->file[p] = f;
	s->rank[p] = r;
	s->where[p] = ONBOARD;
	if (rps_in_camp(s, 1 - seat, r) && s->arrived[p] == 0) {
		s->arrived[p] = s->ply;
		/* a camp entry starts the count again (apply adds the ply) */
		s->quiet = -1;
	}
}

static void
capture(struct rps *s, int p)
{
	s->board[s->file[p]][s->rank[p]] = EMPTY;
	s->where[p] = CAPTURED;
}

static void
finish(struct rps *s, int winner, const char *why)
{
	s->over = 1;
	s->winner = winner;
	snprintf(s->why, sizeof(s->why), "%s", why);
}

/* The three ways to win, the actor's first. */
static void
check_end(struct rps *s, int actor)
{
	int bp[2] = { 0, 0 }, camp[2] = { 0, 0 }, p, k, seat;
	long first[2] = { 0, 0 };
	char why[160];

	for (p = 0; p < NP; p++) {
		if (s->where[p] != ONBOARD)
			continue;
		bp[rps_owner(p)]++;
		if (frozen(s, p)) {
			camp[rps_owner(p)]++;
			first[rps_owner(p)] = s->arrived[p];
		}
	}
	for (k = 0; k < 2; k++) {
		seat = k == 0 ? actor : 1 - actor;
		if (bp[1 - seat] == 0) {
			snprintf(why, sizeof(why), "%s captured every enemy "
			    "board piece", rps_colour[seat]);
			finish(s, seat, why);
			return;
		}
		if (camp[seat] >= 2) {
			snprintf(why, sizeof(why), "%s has two pieces in the "
			    "enemy camp", rps_colour[seat]);
			finish(s, seat, why);
			return;
		}
	}
	if (bp[0] == 1 && bp[1] == 1 && (camp[0] || camp[1])) {
		/* one piece each: the first to reach the enemy camp */
		seat = !camp[1] ? 0 : !camp[0] ? 1 : first[0] <= first[1] ? 0 : 1;
		snprintf(why, sizeof(why), "one piece each: %s reached the "
		    "enemy camp first", rps_colour[seat]);
		finish(s, seat, why);
	}
}

/*
 * Attacker p, standing on (tf, tr), against defender q; both values are
 * known.  The winner removes the loser and takes its square.
 */
static void
combat(struct rps *s, int p, int q, const char *va, const char *vd,
    const char *text, char *what, size_t wlen)
{
	int seat = rps_owner(p), af = s->file[q], ar = s->rank[q];
	int tf = s->file[p], tr = s->rank[p];

	s->quiet = -1;
	if (beats(va, vd)) {
		capture(s, q);
		place(s, p, af, ar);
		s->moved[p] = 1;
		snprintf(what, wlen, "%s attacks %s: %s beats %s; the attacker "
		    "takes the square", rps_colour[seat], text, va, vd);
	} else if (beats(vd, va)) {
		capture(s, p);
		place(s, q, tf, tr);
		s->moved[q] = 1;
		snprintf(what, wlen, "%s attacks %s: %s loses to %s; the "
		    "defender takes the square", rps_colour[seat], text, va,
		    vd);
	} else
		snprintf(what, wlen, "%s attacks %s: %s against %s, both stay",
		    rps_colour[seat], text, va, vd);
}

/* A checked swap: the newcomer inherits the square and its has-moved
 * state, so a swap never grants a second two-square move. */
static void
swap(struct rps *s, int seat, const struct game_action *a, char *what,
    size_t wlen)
{
	int f, r, p, q;

	square(game_action_get(a, "square"), &f, &r);
	p = s->board[f][r];
	q = piece_named(s, seat, game_action_get(a, "reserve"));
	s->board[f][r] = EMPTY;
	s->where[p] = RESERVE;
	place(s, q, f, r);
	s->moved[q] = s->moved[p];
	s->swapped[seat] = 1;
	snprintf(what, wlen, "%s swaps the piece on %s with reserve %s",
	    rps_colour[seat], game_action_get(a, "square"), s->id[q]);
}

/* The game is drawn once the plies without combat or camp entry reach
 * the limit: N turns of each seat. */
static void
check_limit(struct rps *s)
{
	char why[160];

	if (s->over || s->quiet < 2 * s->limit)
		return;
	snprintf(why, sizeof(why), "%ld turns each without combat or camp "
	    "entry", s->limit);
	finish(s, -1, why);
}

/*
 * The other seat's turn, passed at once when it has no action.  RULES.md:
 * a pass, automatic or not, is a turn of its seat for the limit, so the
 * automatic pass counts, and may reach the limit itself.
 */
static void
next_turn(struct rps *s, int seat, char *what, size_t wlen)
{
	int other = 1 - seat;

	s->turn = other;
	if (public_actions(s, other) > 0)
		return;
	if (public_actions(s, seat) == 0) {
		finish(s, -1, "neither side can act");
		return;
	}
	s->turn = seat;
	snprintf(what + strlen(what), wlen - strlen(what),
	    "; %s cannot act and passes", rps_colour[other]);
	s->quiet++;
	check_limit(s);
}

static int
rps_apply(void *st, int seat, const struct game_action *a,
    const struct game_ctx *ctx, struct game_needs *more, char *what,
    size_t wlen, struct error *e)
{
	struct rps *s = st;
	const char *va = NULL, *vd = NULL;
	char text[48];
	int p, q, f, r, tf, tr;

	(void)more;
	if (check(s, seat, a, &p, &q, e) != 0)
		return -1;
	rps_format(s, a, text, sizeof(text));
	if (strcmp(a->type, "attack") == 0) {
		va = game_value(ctx, seat, s->id[p]);
		vd = game_value(ctx, 1 - seat, s->id[q]);
		if (va == NULL || vd == NULL)
			return error_set(e, EXIT_REFUSED, "%s: both pieces "
			    "must be opened", text);
	}
	s->ply++;
	if (strcmp(a->type, "swap") == 0)
		swap(s, seat, a, what, wlen);
	else if (strcmp(a->type, "pass") == 0)
		snprintf(what, wlen, "%s passes", rps_colour[seat]);
	else {
		square(game_action_get(a, "from"), &f, &r);
		square(game_action_get(a, "to"), &tf, &tr);
		p = s->board[f][r];
		if (f != tf || r != tr) {
			place(s, p, tf, tr);
			s->moved[p] = 1;
		}
		if (strcmp(a->type, "move") == 0)
			snprintf(what, wlen, "%s moves %s", rps_colour[seat],
			    text);
		else
			combat(s, p, q, va, vd, text, what, wlen);
	}
	s->quiet++;
	check_end(s, seat);
	check_limit(s);
	if (!s->over)
		next_turn(s, seat, what, wlen);
	return 0;
}

/* Counts a, and keeps it in out when out has room. */
static void
keep(struct game_action *out, int max, int *n, const struct game_action *a)
{
	if (out != NULL && *n < max)
		out[*n] = *a;
	(*n)++;
}

/*
 * The squares piece p may attack from: where it stands (sq[0]), then each
 * square it may move to, one step or two along its file.  Returns how many.
 */
static int
standings(const struct rps *s, int p, int sq[7][2])
{
	static const int df[4] = { 1, -1, 0, 0 }, dr[4] = { 0, 0, 1, -1 };
	int f = s->file[p], r = s->rank[p], d, x, y, n = 0;

	sq[n][0] = f;
	sq[n++][1] = r;
	for (d = 0; d < 4; d++) {
		x = f + df[d];
		y = r + dr[d];
		if (x >= 0 && x < W && y >= 0 && y < H &&
		    s->board[x][y] == EMPTY) {
			sq[n][0] = x;
			sq[n++][1] = y;
		}
	}
	for (d = -1; d <= 1 && may_double(s, p); d += 2) {
		y = r + 2 * d;
		if (y >= 0 && y < H && s->board[f][r + d] == EMPTY &&
		    s->board[f][y] == EMPTY) {
			sq[n][0] = f;
			sq[n++][1] = y;
		}
	}
	return n;
}

/* Every move of piece p, and every attack from where it stands or moves. */
static void
piece_actions(const struct rps *s, int p, struct game_action *out, int max,
    int *n)
{
	static const int df[4] = { 1, -1, 0, 0 }, dr[4] = { 0, 0, 1, -1 };
	struct game_action a;
	struct error ign;
	char from[5], to[5], tg[5];
	int sq[7][2], ns, k, d, x, y, att, def;

	game_square_name(s->file[p], s->rank[p], from);
	ns = standings(s, p, sq);
	for (k = 0; k < ns; k++) {
		game_square_name(sq[k][0], sq[k][1], to);
		if (k > 0) {
			game_action_init(&a, "move");
			game_action_set(&a, "from", from);
			game_action_set(&a, "to", to);
			keep(out, max, n, &a);
		}
		for (d = 0; d < 4; d++) {
			x = sq[k][0] + df[d];
			y = sq[k][1] + dr[d];
			if (x < 0 || x >= W || y < 0 || y >= H)
				continue;
			game_square_name(x, y, tg);
			game_action_init(&a, "attack");
			game_action_set(&a, "from", from);
			game_action_set(&a, "to", to);
			game_action_set(&a, "target", tg);
			if (check_action(s, rps_owner(p), &a, &att, &def, &ign) == 0)
				keep(out, max, n, &a);
		}
	}
}

/* Every action of seat but pass; into out when not NULL. */
static int
enumerate(const struct rps *s, int seat, struct game_action *out, int max)
{
	struct game_action a;
	char from[5];
	int p, k, n = 0;

	for (p = seat * PER; p < seat * PER + PER; p++)
		if (s->where[p] == ONBOARD && !frozen(s, p))
			piece_actions(s, p, out, max, &n);
	for (p = seat * PER; p < seat * PER + PER && !s->swapped[seat]; p++) {
		if (s->where[p] != ONBOARD || frozen(s, p))
			continue;
		game_square_name(s->file[p], s->rank[p], from);
		for (k = seat * PER; k < seat * PER + PER; k++) {
			if (s->where[k] != RESERVE)
				continue;
			game_action_init(&a, "swap");
			game_action_set(&a, "square", from);
			game_action_set(&a, "reserve", s->id[k]);
			keep(out, max, &n, &a);
		}
	}
	return n;
}

static int
public_actions(const struct rps *s, int seat)
{
	return enumerate(s, seat, NULL, 0);
}

static void
rps_result(const void *st, struct game_result *res)
{
	const struct rps *s = st;

	game_result_one(res, s->over, s->winner, s->why);
}

static int
rps_actions(const void *st, int seat, const struct game_ctx *ctx,
    struct game_action *out, int max)
{
	const struct rps *s = st;
	int n;

	(void)ctx;
	if (s->over || seat != s->turn)
		return 0;
	n = enumerate(s, seat, out, max);
	if (n == 0) {
		if (max > 0)
			game_action_init(&out[0], "pass");
		n = 1;
	}
	return n;
}

/*
 * The greedy bot (adjudicator-games(7)): a race to the enemy camp, with
 * attacks taken at the odds the seat knows.  A position is worth, for
 * each side, its board pieces and how far each has advanced (a piece in
 * the enemy camp much more; two there, or no enemy board piece left,
 * wins), the seat's own less the enemy's, less a piece of its own next to
 * an enemy piece known to beat it.  An attack is worth the three outcomes
 * weighed by their odds: an unknown enemy symbol is each of rock, paper
 * and scissors as often as that seat's pieces not yet seen leave it.
 */
#define G_WIN	1000000L
static const char *const g_sym[3] = { "rock", "paper", "scissors" };

static long
g_side(const struct rps *s, int seat, const struct game_ctx *ctx)
{
	static const int df[4] = { 1, -1, 0, 0 }, dr[4] = { 0, 0, 1, -1 };
	const char *v, *w;
	int p, q, d, x, y, n = 0, camp = 0;
	long v2 = 0;

	for (p = seat * PER; p < seat * PER + PER; p++) {
		if (s->where[p] != ONBOARD)
			continue;
		n++;
		if (frozen(s, p)) {
			camp++;
			continue;
		}
		v2 += 8L * (seat == 0 ? s->rank[p] : H - 1 - s->rank[p]);
		v = game_value(ctx, seat, s->id[p]);
		for (d = 0; v != NULL && d < 4; d++) {
			x = s->file[p] + df[d];
			y = s->rank[p] + dr[d];
			if (x < 0 || x >= W || y < 0 || y >= H ||
			    (q = s->board[x][y]) == EMPTY ||
			    rps_owner(q) == seat)
				continue;
			w = game_value(ctx, 1 - seat, s->id[q]);
			if (w != NULL && beats(w, v))
				v2 -= 40;
		}
	}
	if (camp >= 2 || n == 0)
		return camp >= 2 ? G_WIN : -G_WIN;
	return v2 + 60L * n + 200L * camp;
}

static long
g_eval(const struct rps *s, int seat, const struct game_ctx *ctx)
{
	long me = g_side(s, seat, ctx), it = g_side(s, 1 - seat, ctx);

	if (me >= G_WIN || it <= -G_WIN)
		return G_WIN;
	if (it >= G_WIN || me <= -G_WIN)
		return -G_WIN;
	return me - it;
}

/* The odds, in pieces, that enemy piece q is each symbol. */
static void
g_odds(const struct rps *s, int q, const struct game_ctx *ctx, int n[3])
{
	const char *v;
	int seat = rps_owner(q), k, i;

	if ((v = game_value(ctx, seat, s->id[q])) != NULL) {
		for (i = 0; i < 3; i++)
			n[i] = strcmp(v, g_sym[i]) == 0;
		return;
	}
	n[0] = n[1] = n[2] = 3;
	for (k = seat * PER; k < seat * PER + PER; k++)
		for (i = 0; i < 3; i++)
			if ((v = game_value(ctx, seat, s->id[k])) != NULL &&
			    strcmp(v, g_sym[i]) == 0 && n[i] > 0)
				n[i]--;
	if (n[0] + n[1] + n[2] == 0)
		n[0] = n[1] = n[2] = 1;
}

static long
g_attack(const struct rps *s, int seat, const struct game_ctx *ctx,
    const struct game_action *a)
{
	struct rps t;
	const char *mine;
	int f, r, tf, tr, gf, gr, p, q, i, n[3], tot;
	long v = 0, o;

	square(game_action_get(a, "from"), &f, &r);
	square(game_action_get(a, "to"), &tf, &tr);
	square(game_action_get(a, "target"), &gf, &gr);
	p = s->board[f][r];
	q = s->board[gf][gr];
	if ((mine = game_value(ctx, seat, s->id[p])) == NULL)
		return -G_WIN;
	g_odds(s, q, ctx, n);
	tot = n[0] + n[1] + n[2];
	for (i = 0; i < 3; i++) {
		if (n[i] == 0)
			continue;
		t = *s;
		if (beats(mine, g_sym[i])) {
			capture(&t, q);
			place(&t, p, gf, gr);
		} else if (beats(g_sym[i], mine)) {
			capture(&t, p);
			place(&t, q, tf, tr);
		} else
			place(&t, p, tf, tr);
		o = g_eval(&t, seat, ctx);
		v += o / tot * n[i];
	}
	return v;
}

static int
rps_greedy(const void *st, int seat, const struct game_ctx *ctx,
    struct rng *rng, struct game_action *out, struct error *e)
{
	const struct rps *s = st;
	struct game_action *list;
	struct rps t;
	long *score;
	int i, n, f, r, tf, tr;

	if ((list = calloc(GAME_MAX_ACTIONS, sizeof(*list))) == NULL ||
	    (score = calloc(GAME_MAX_ACTIONS, sizeof(*score))) == NULL) {
		free(list);
		return error_set(e, EXIT_SYSTEM, "out of memory");
	}
	n = rps_actions(s, seat, ctx, list, GAME_MAX_ACTIONS);
	if (n > GAME_MAX_ACTIONS)
		n = GAME_MAX_ACTIONS;
	for (i = 0; i < n; i++) {
		if (strcmp(list[i].type, "attack") == 0) {
			score[i] = g_attack(s, seat, ctx, &list[i]);
			continue;
		}
		t = *s;
		if (strcmp(list[i].type, "move") == 0) {
			square(game_action_get(&list[i], "from"), &f, &r);
			square(game_action_get(&list[i], "to"), &tf, &tr);
			place(&t, s->board[f][r], tf, tr);
		}
		/* a swap or a pass: a little worse than standing still */
		score[i] = g_eval(&t, seat, ctx) -
		    (strcmp(list[i].type, "move") != 0);
	}
	if (n > 0)
		*out = list[game_best(score, n, rng)];
	free(list);
	free(score);
	return n > 0 ? 0 : error_set(e, EXIT_REFUSED, "no legal action");
}


static void
rps_seat_role(const void *st, int seat, char *out, size_t len)
{
	(void)st;
	snprintf(out, len, "%s", rps_colour[seat]);
}

static int
rps_piece_square(const void *st, int seat, const char *id, char out[5])
{
	const struct rps *s = st;
	int p;

	for (p = seat * PER; p < seat * PER + PER; p++)
		if (strcmp(s->id[p], id) == 0 && s->where[p] == ONBOARD) {
			game_square_name(s->file[p], s->rank[p], out);
			return p - seat * PER >= 6;	/* r1 r2 r3 */
		}
	return -1;
}

const struct game_rules game_incognito_rps = {
	.name = "incognito-rps",
	.title = "Incognito, rock/paper/scissors (J.-J. Bloch, 6x8)",
	.min_seats = 2,
	.max_seats = 2,
	.modes = GAME_MODE_PEER | GAME_MODE_JUDGE,
	.options = options,
	.notation =
	    "setup: six symbols for files a-f, a slash, three for the reserve\n"
	    "       (R rock, P paper, S scissors), three of each, e.g.\n"
	    "       RPSSPR/RPS, or random; reserve pieces are r1 r2 r3 in\n"
	    "       that order\n"
	    "move: a3-a4 (one square along a rank or file), a3-a5 or a3-a1 (two\n"
	    "      along the file, either way: the first move, from the start\n"
	    "      rank)\n"
	    "attack: a4xa5, or move then attack with the same piece a3-a4xa5\n"
	    "swap: swap c3 r2 (once per game, the whole turn)\n"
	    "pass: only when you have no legal action\n"
	    "resign, draw (offer), accept, decline\n",
	.state_size = sizeof(struct rps),
	.init = rps_init,
	.setup_pieces = rps_setup_pieces,
	.setup_parse = rps_setup_parse,
	.setup_random = rps_setup_random,
	.value_ok = rps_value_ok,
	.setup_audit = rps_setup_audit,
	.to_move = rps_to_move,
	.parse = rps_parse,
	.format = rps_format,
	.legal = rps_legal,
	.apply = rps_apply,
	.result = rps_result,
	.actions = rps_actions,
	.greedy = rps_greedy,
	.render = rps_render,
	.view = rps_view,
	.svg = rps_svg,
	.seat_role = rps_seat_role,
	.piece_square = rps_piece_square,
};
