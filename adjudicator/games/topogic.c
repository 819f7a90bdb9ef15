/*
 * topogic (seed 003): Dieter Stein's Topologic.  A field of 60 tiles, ten
 * colours by values 1-6, built from the game seed (formats/topogic.md);
 * two rounds in which a coder hides one tile and a seeker moves pawns
 * until every pawn stands on it.  Fewer turns win.
 *
 * Each seat has one hidden piece, "secret", its tile as "colour/value".
 * The coder of round 1 (the first seat) commits at the start, the coder
 * of round 2 when that round begins (setup_due).  Every seeker turn is
 * legal on public information and waits for a claim, the score, owed by
 * the coder (in a judged game, by the judge) and computed by derive()
 * from the secret.  When a score is perfect, or the round reaches the
 * limit, apply() returns GAME_MORE with the coder's secret as its need:
 * the next stage ends the round once the secret is open, and the match
 * then checks every score of the round against it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "game.h"
#include "rng.h"
#include "topogic.h"

const char *const topo_colour[NCOLOURS] = { "red", "orange", "yellow",
    "green", "blue", "violet", "pink", "brown", "black", "white" };
const char topo_code[NCOLOURS + 1] = "ROYGBVPNKW";
static const int df[8] = { 1, 1, 0, -1, -1, -1, 0, 1 };
static const int dr[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };

/* A turn read from its notation: squares (to only) or moves. */
struct turn {
	int	n;
	int	from[MAXTOK], to[MAXTOK];
};

static const char *const field_choices[] = { "random", "rect", NULL };
static const char *const start_choices[] = { "any", "border", NULL };
static const struct game_option options[] = {
	{ .name = "field", .def = "random", .choices = field_choices,
	  .help = "the field: 60 cells grown from the seed, or 10x6" },
	{ .name = "pawns", .def = "5", .min = 3, .max = MAXPAWNS,
	  .help = "the seeker's pawns" },
	{ .name = "start", .def = "any", .choices = start_choices,
	  .help = "the first turn's tiles: any, or those missing a neighbour" },
	{ .name = "limit", .def = "200", .min = 1, .max = MAXLIMIT,
	  .help = "seeker turns per round; a round not found counts limit+1" },
	{ .name = NULL }
};

const char *
topo_plural(int n)
{
	return n == 1 ? "" : "s";
}

int
topo_coder(const struct topo *s)
{
	return s->round;
}

int
topo_seeker(const struct topo *s)
{
	return 1 - s->round;
}

static int
has_tile(const struct topo *s, int f, int r)
{
	return f >= 0 && f < s->files && r >= 0 && r < s->ranks &&
	    s->tile[f][r] != GAP;
}

/* For the field's making (topogic_setup.c). */
int
topo_has_tile(const struct topo *s, int f, int r)
{
	return has_tile(s, f, r);
}

static int
tile_at(const struct topo *s, int cell)
{
	return s->tile[cell / GRID][cell % GRID];
}

void
topo_tile_name(int t, char *out, size_t len)
{
	snprintf(out, len, "%s/%d", topo_colour[t / NVALUES], t % NVALUES + 1);
}

void
topo_cell_name(int cell, char out[5])
{
	game_square_name(cell / GRID, cell % GRID, out);
}

/* The square holding tile t. */
int
topo_cell_of(const struct topo *s, int t)
{
	int f, r;

	for (f = 0; f < s->files; f++)
		for (r = 0; r < s->ranks; r++)
			if (s->tile[f][r] == t)
				return CELL(f, r);
	return -1;
}

/* A tile missing one of its 8 neighbours (start=border). */
static int
on_border(const struct topo *s, int f, int r)
{
	int d;

	for (d = 0; d < 8; d++)
		if (!has_tile(s, f + df[d], r + dr[d]))
			return 1;
	return 0;
}

static int
topo_to_move(const void *st)
{
	const struct topo *s = st;

	return s->over ? -1 : topo_seeker(s);
}

/* --- reading a turn --- */

/* Splits text at single blanks into at most MAXTOK tokens of up to 15
 * characters. */
static int
tokens(const char *text, char tok[MAXTOK][16], int *n)
{
	const char *p = text, *q;

	*n = 0;
	while (*p != '\0') {
		q = strchr(p, ' ');
		if (q == NULL)
			q = p + strlen(p);
		if (q == p || q - p > 15 || *n == MAXTOK)
			return -1;
		memcpy(tok[*n], p, (size_t)(q - p));
		tok[(*n)++][q - p] = '\0';
		p = *q == ' ' ? q + 1 : q;
		if (*q == ' ' && *p == '\0')
			return -1;
	}
	return *n > 0 ? 0 : -1;
}

/* A square of the field's grid, as a cell; it may be a gap.  A tile as
 * the board prints it, "Y4", is its square. */
static int
read_cell(const struct topo *s, const char *tok, int *cell, int status,
    struct error *e)
{
	int f, r, t;

	if ((t = topo_code_tile(tok)) >= 0) {
		*cell = topo_cell_of(s, t);
		return 0;
	}
	if (topo_any_square(tok, &f, &r) != 0 || f >= s->files || r >= s->ranks)
		return error_set(e, status, "\"%.8s\" is neither a square of "
		    "the field (a1 to %c%d) nor a tile as the board prints it "
		    "(Y4)", tok, 'a' + s->files - 1, s->ranks);
	*cell = CELL(f, r);
	return 0;
}

/* "c3 c3 d4 e5 e5" (moves 0) or "c3-e5 d4-d6" (moves 1). */
static int
read_turn(const struct topo *s, const char *text, int moves,
    struct turn *t, int status, struct error *e)
{
	char tok[MAXTOK][16], a[8], b[8];
	int i, n = 0;

	if (tokens(text, tok, &t->n) != 0)
		return error_set(e, status, "\"%.40s\": %s separated by single "
		    "blanks, at most %d", text, moves ? "moves FROM-TO" :
		    "squares", MAXTOK);
	for (i = 0; i < t->n; i++) {
		t->from[i] = -1;
		if (!moves) {
			if (read_cell(s, tok[i], &t->to[i], status, e) != 0)
				return -1;
			continue;
		}
		if (sscanf(tok[i], "%3[a-zA-Z0-9]-%3[a-zA-Z0-9]%n", a, b,
		    &n) != 2 || tok[i][n] != '\0')
			return error_set(e, status, "\"%s\": a move is FROM-TO "
			    "(c3-e5)", tok[i]);
		if (read_cell(s, a, &t->from[i], status, e) != 0 ||
		    read_cell(s, b, &t->to[i], status, e) != 0)
			return -1;
	}
	return 0;
}

/* A turn read back as squares: "c3 c3 d4" or "c3-e5 d4-d6". */
static void
turn_text(const struct turn *t, char *out, size_t len)
{
	char a[5], b[5];
	size_t n = 0;
	int i;

	out[0] = '\0';
	for (i = 0; i < t->n && n < len; i++) {
		topo_cell_name(t->to[i], b);
		if (t->from[i] >= 0) {
			topo_cell_name(t->from[i], a);
			n += (size_t)snprintf(out + n, len - n, "%s%s-%s",
			    i ? " " : "", a, b);
		} else
			n += (size_t)snprintf(out + n, len - n, "%s%s",
			    i ? " " : "", b);
	}
}

static int
topo_parse(const void *st, int seat, const char *text, struct game_action *a,
    struct error *e)
{
	const struct topo *s = st;
	struct turn t;
	char canon[8 * MAXTOK];
	int moves = strchr(text, '-') != NULL;

	(void)seat;
	if (strcasecmp(text, "stay") == 0) {
		game_action_init(a, "stay");
		return 0;
	}
	if (text[0] == '\0' || strspn(text, "abcdefghijkl0123456789- "
	    "ABCDEFGHIJKLNOPRVWY") != strlen(text))
		return error_set(e, EXIT_USAGE, "\"%.40s\": not a topogic action "
		    "(a placement c3 c3 d4 e5 e5, moves c3-e5 d4-d6, tiles as "
		    "the board prints them, Y4, or stay)", text);
	if (read_turn(s, text, moves, &t, EXIT_USAGE, e) != 0)
		return -1;
	/* the entry holds squares, however the tiles were named */
	turn_text(&t, canon, sizeof(canon));
	game_action_init(a, moves ? "move" : "place");
	if (game_action_set(a, moves ? "moves" : "squares", canon) != 0)
		return error_set(e, EXIT_USAGE, "\"%.40s...\": too long", text);
	return 0;
}

static void
topo_format(const void *st, const struct game_action *a, char *out, size_t len)
{
	const char *v = NULL;

	(void)st;
	if (strcmp(a->type, "place") == 0)
		v = game_action_get(a, "squares");
	else if (strcmp(a->type, "move") == 0)
		v = game_action_get(a, "moves");
	snprintf(out, len, "%s", v != NULL ? v : a->type);
}

/* --- what a turn does --- */

static void
sort_cells(unsigned char *p, int n)
{
	int i, j;
	unsigned char x;

	for (i = 1; i < n; i++)
		for (j = i; j > 0 && p[j - 1] > p[j]; j--) {
			x = p[j];
			p[j] = p[j - 1];
			p[j - 1] = x;
		}
}

static int
check_place(const struct topo *s, const struct turn *t, unsigned char *out,
    struct error *e)
{
	char sq[5];
	int i, c;

	if (t->n != s->npawns)
		return error_set(e, EXIT_REFUSED, "%d squares: place exactly %d "
		    "pawns, one square each (c3 c3 d4 e5 e5)", t->n, s->npawns);
	for (i = 0; i < t->n; i++) {
		c = t->to[i];
		topo_cell_name(c, sq);
		if (tile_at(s, c) == GAP)
			return error_set(e, EXIT_REFUSED, "%s: no tile there",
			    sq);
		if (s->border && !on_border(s, c / GRID, c % GRID))
			return error_set(e, EXIT_REFUSED, "%s: start=border "
			    "allows only tiles missing one of their 8 "
			    "neighbours", sq);
		out[i] = (unsigned char)c;
	}
	return 0;
}

/* One move along a line of tiles, on p (the pawns as the turn's earlier
 * moves left them); moved marks the pawns already moved. */
static int
check_move(const struct topo *s, int from, int to, unsigned char *p,
    int *moved, struct error *e)
{
	char a[5], b[5], g[5];
	int ff = from / GRID, fr = from % GRID, tf = to / GRID, tr = to % GRID;
	int i, k, dist, sf, sr, found = -1, any = 0;

	topo_cell_name(from, a);
	topo_cell_name(to, b);
	for (i = 0; i < s->npawns; i++) {
		any |= s->pawn[i] == from || p[i] == from;
		if (found < 0 && p[i] == from && !moved[i])
			found = i;
	}
	if (found < 0)
		return error_set(e, EXIT_REFUSED, any ? "%s-%s: every pawn on %s "
		    "has moved this turn; a pawn moves at most once" :
		    "%s-%s: no pawn on %s", a, b, a);
	sf = (tf > ff) - (tf < ff);
	sr = (tr > fr) - (tr < fr);
	dist = abs(tf - ff) > abs(tr - fr) ? abs(tf - ff) : abs(tr - fr);
	if (dist == 0)
		return error_set(e, EXIT_REFUSED, "%s-%s: a move goes somewhere",
		    a, b);
	if (ff + sf * dist != tf || fr + sr * dist != tr)
		return error_set(e, EXIT_REFUSED, "%s-%s: not a straight line "
		    "in one of the 8 directions", a, b);
	for (k = 1; k <= dist; k++)
		if (!has_tile(s, ff + k * sf, fr + k * sr)) {
			game_square_name(ff + k * sf, fr + k * sr, g);
			return error_set(e, EXIT_REFUSED, "%s-%s: no tile on %s; "
			    "a pawn crosses no gap", a, b, g);
		}
	p[found] = (unsigned char)to;
	moved[found] = 1;
	return 0;
}

/*
 * The pawns after a legal action of the seeker, sorted, into out; or -1
 * with the reason.  Moves are counted from the position at the start of
 * the turn: a pawn that arrived on a square this turn has moved.
 */
static int
after(const struct topo *s, const struct game_action *a, unsigned char *out,
    struct error *e)
{
	static const char *const pk[] = { "squares", NULL };
	static const char *const mk[] = { "moves", NULL };
	static const char *const none[] = { NULL };
	int moved[MAXPAWNS] = { 0 }, i, mv;
	struct turn t;

	mv = strcmp(a->type, "move") == 0;
	if (strcmp(a->type, "place") != 0 && !mv && strcmp(a->type, "stay") != 0)
		return error_set(e, EXIT_MALFORMED, "unknown action type \"%s\"",
		    a->type);
	if (game_action_keys(a, strcmp(a->type, "place") == 0 ? pk : mv ? mk :
	    none, e) != 0)
		return -1;
	if (strcmp(a->type, "place") == 0) {
		if (s->placed)
			return error_set(e, EXIT_REFUSED, "your pawns are on the "
			    "field: move them (c3-e5 d4-d6) or stay");
		if (read_turn(s, game_action_get(a, "squares"), 0, &t,
		    EXIT_MALFORMED, e) != 0 || check_place(s, &t, out, e) != 0)
			return -1;
		sort_cells(out, s->npawns);
		return 0;
	}
	if (!s->placed)
		return error_set(e, EXIT_REFUSED, "place your %d pawns first "
		    "(c3 c3 d4 e5 e5)", s->npawns);
	memcpy(out, s->pawn, (size_t)s->npawns);
	if (mv && read_turn(s, game_action_get(a, "moves"), 1, &t,
	    EXIT_MALFORMED, e) != 0)
		return -1;
	for (i = 0; mv && i < t.n; i++)
		if (check_move(s, t.from[i], t.to[i], out, moved, e) != 0)
			return -1;
	sort_cells(out, s->npawns);
	return 0;
}

/* Each pawn scores 1 for the secret's colour and 1 for its value. */
static int
score_of(const struct topo *s, const unsigned char *p, int secret)
{
	int i, t, n = 0;

	for (i = 0; i < s->npawns; i++) {
		t = tile_at(s, p[i]);
		n += (t / NVALUES == secret / NVALUES) +
		    (t % NVALUES == secret % NVALUES);
	}
	return n;
}

static int
topo_legal(const void *st, int seat, const struct game_action *a,
    const struct game_ctx *ctx, struct game_needs *needs, struct error *e)
{
	const struct topo *s = st;
	unsigned char p[MAXPAWNS];

	(void)ctx;
	if (s->over)
		return error_set(e, EXIT_REFUSED, "the game is over");
	if (seat != topo_seeker(s))
		return error_set(e, EXIT_REFUSED, "%s is the coder of round %d: "
		    "the seeker, %s, plays", s->name[seat], s->round + 1,
		    s->name[topo_seeker(s)]);
	if (after(s, a, p, e) != 0)
		return -1;
	game_needs_claim(needs, topo_coder(s), "score");
	return 0;
}

/* The score the pending action will bring, from the coder's secret. */
static int
topo_derive(const void *st, int seat, const struct game_action *a,
    const char *claim, const struct game_ctx *ctx, char *out, size_t len)
{
	const struct topo *s = st;
	unsigned char p[MAXPAWNS];
	struct error ign;
	const char *v;
	int t;

	(void)seat;
	if (strcmp(claim, "score") != 0 ||
	    (v = game_value(ctx, topo_coder(s), SECRET)) == NULL ||
	    (t = topo_value_tile(v)) < 0 || after(s, a, p, &ign) != 0)
		return -1;
	snprintf(out, len, "%d", score_of(s, p, t));
	return 0;
}

/* A score as the coder states it: a number from 0 to 2 x pawns, written
 * without leading zeros. */
static int
read_score(const struct topo *s, const char *v, int *score, struct error *e)
{
	char canon[8];
	long n;

	n = v != NULL && strspn(v, "0123456789") == strlen(v) &&
	    strlen(v) <= 2 ? strtol(v, NULL, 10) : -1;
	snprintf(canon, sizeof(canon), "%ld", n);
	if (v == NULL || n < 0 || n > 2 * s->npawns || strcmp(canon, v) != 0)
		return error_set(e, EXIT_REFUSED, "the score \"%.10s\" is not a "
		    "number from 0 to %d", v != NULL ? v : "", 2 * s->npawns);
	*score = (int)n;
	return 0;
}

void
topo_pawn_list(const struct topo *s, const unsigned char *p, char *out,
    size_t len)
{
	char sq[5];
	size_t n = 0;
	int i;

	out[0] = '\0';
	for (i = 0; i < s->npawns && n < len; i++) {
		topo_cell_name(p[i], sq);
		n += (size_t)snprintf(out + n, len - n, "%s%s", i ? " " : "", sq);
	}
}

/* A round in words: "bob found alice's secret in 7 turns". */
void
topo_round_words(const struct topo *s, int r, char *out, size_t len)
{
	const char *sk = s->name[1 - r], *cd = s->name[r];
	int n;

	if (s->length[r] > s->limit)
		n = snprintf(out, len, "%s did not find %s's secret in %ld "
		    "turn%s (counts %d)", sk, cd, s->limit,
		    topo_plural((int)s->limit), s->length[r]);
	else
		n = snprintf(out, len, "%s found %s's secret in %d turn%s", sk,
		    cd, s->length[r], topo_plural(s->length[r]));
	if (n >= (int)len && len >= 4)	/* cut: say so */
		memcpy(out + len - 4, "...", 4);
}

/* The second stage: the secret is open; the round ends, the roles swap
 * or the game ends. */
static int
end_round(struct topo *s, const struct game_ctx *ctx, char *what,
    size_t wlen, struct error *e)
{
	const char *v = game_value(ctx, topo_coder(s), SECRET);
	char sq[5] = "?", w0[96], w1[96];
	int t, r = s->round;

	if (v == NULL || (t = topo_value_tile(v)) < 0)
		return error_set(e, EXIT_REFUSED, "round %d ends only with "
		    "%s's secret open", r + 1, s->name[topo_coder(s)]);
	topo_cell_name(topo_cell_of(s, t), sq);
	s->ending = 0;
	s->placed = 0;
	memset(s->pawn, 0, sizeof(s->pawn));
	topo_round_words(s, r, w0, sizeof(w0));
	if (r == 0) {
		s->round = 1;
		snprintf(what, wlen, "%s's secret was %s, on %s: %s; round 2: "
		    "%s hides a tile, %s seeks", s->name[0], v, sq, w0,
		    s->name[1], s->name[0]);
		return 0;
	}
	topo_round_words(s, 0, w1, sizeof(w1));
	s->over = 1;
	s->winner = s->length[0] < s->length[1] ? 1 : s->length[1] <
	    s->length[0] ? 0 : -1;
	snprintf(s->why, sizeof(s->why), "%s; %s", w1, w0);
	if (s->winner >= 0)
		snprintf(what, wlen, "%s's secret was %s, on %s: %s; %s wins "
		    "with %d turn%s against %d", s->name[1], v, sq, w0,
		    s->name[s->winner], s->length[1 - s->winner],
		    topo_plural(s->length[1 - s->winner]),
		    s->length[s->winner]);
	else
		snprintf(what, wlen, "%s's secret was %s, on %s: %s; a draw, "
		    "%d turn%s each", s->name[1], v, sq, w0, s->length[0],
		    topo_plural(s->length[0]));
	return 0;
}

static int
topo_apply(void *st, int seat, const struct game_action *a,
    const struct game_ctx *ctx, struct game_needs *more, char *what,
    size_t wlen, struct error *e)
{
	struct topo *s = st;
	struct game_needs needs;
	unsigned char p[MAXPAWNS];
	char text[GAME_TEXT], list[32];
	int r = s->round, score = 0, k;

	if (s->ending)
		return end_round(s, ctx, what, wlen, e);
	game_needs_init(&needs);
	if (topo_legal(st, seat, a, ctx, &needs, e) != 0 ||
	    read_score(s, game_claim(ctx, "score"), &score, e) != 0 ||
	    after(s, a, p, e) != 0)
		return -1;
	memcpy(s->pawn, p, sizeof(p));
	s->placed = 1;
	k = s->count[r]++;
	memcpy(s->hist[r][k], p, sizeof(p));
	s->score[r][k] = (unsigned char)score;
	topo_format(st, a, text, sizeof(text));
	topo_pawn_list(s, p, list, sizeof(list));
	if (strcmp(a->type, "move") == 0)
		snprintf(what, wlen, "%s moves %s, pawns on %s", s->name[seat],
		    text, list);
	else
		snprintf(what, wlen, "%s %s%s", s->name[seat], strcmp(a->type,
		    "stay") == 0 ? "stays" : "places ", strcmp(a->type,
		    "stay") == 0 ? "" : text);
	snprintf(what + strlen(what), wlen - strlen(what), ": score %d (round "
	    "%d, turn %d)", score, r + 1, k + 1);
	if (score < 2 * s->npawns && s->count[r] < s->limit)
		return 0;
	s->ending = 1;
	s->length[r] = score == 2 * s->npawns ? s->count[r] : (int)s->limit + 1;
	if (score == 2 * s->npawns)
		snprintf(what + strlen(what), wlen - strlen(what), "; every "
		    "pawn is on %s's secret: round %d ends in %d turn%s, the "
		    "secret opens", s->name[topo_coder(s)], r + 1, s->length[r],
		    topo_plural(s->length[r]));
	else
		snprintf(what + strlen(what), wlen - strlen(what), "; %s's "
		    "secret is not found within the limit: round %d ends and "
		    "counts %d, the secret opens", s->name[topo_coder(s)],
		    r + 1, s->length[r]);
	game_needs_add(more, topo_coder(s), SECRET);
	return GAME_MORE;
}

static void
topo_result(const void *st, struct game_result *res)
{
	const struct topo *s = st;
	char label[64];
	int r;

	game_result_one(res, s->over, s->winner, s->why);
	for (r = 0; r < 2; r++) {
		res->score[1 - r] = s->length[r] ? s->length[r] : s->count[r];
		snprintf(label, sizeof(label), "round %d turns (%.20s)", r + 1,
		    s->name[1 - r]);
		game_result_score(res, label, res->score[1 - r]);
	}
}

/* --- every action, or one at random --- */

/* Tiles in a line from cell in direction d before a gap or the edge. */
static int
reach(const struct topo *s, int cell, int d)
{
	int f = cell / GRID, r = cell % GRID, k = 1;

	while (has_tile(s, f + k * df[d], r + k * dr[d]))
		k++;
	return k - 1;
}

/* What a turn may choose from: per group (the tiles for placement, or a
 * square's pawns), the squares to choose and how many (exactly, or up
 * to). */
struct choice {
	int		ngroups, exact;
	int		from[MAXPAWNS], k[MAXPAWNS], n[MAXPAWNS];
	unsigned char	to[MAXPAWNS][GRID * GRID];
	struct game_action *out;
	int		nout, max;
};

static void
choices(const struct topo *s, struct choice *c)
{
	int i, d, j, g, f, r;

	memset(c, 0, sizeof(*c));
	if (!s->placed) {
		c->ngroups = c->exact = 1;
		c->from[0] = -1;
		c->k[0] = s->npawns;
		for (f = 0; f < s->files; f++)
			for (r = 0; r < s->ranks; r++)
				if (has_tile(s, f, r) && (!s->border ||
				    on_border(s, f, r)))
					c->to[0][c->n[0]++] =
					    (unsigned char)CELL(f, r);
		return;
	}
	for (i = 0; i < s->npawns; i++) {
		if (i > 0 && s->pawn[i] == s->pawn[i - 1]) {
			c->k[c->ngroups - 1]++;
			continue;
		}
		g = c->ngroups++;
		c->from[g] = s->pawn[i];
		c->k[g] = 1;
		for (d = 0; d < 8; d++)
			for (j = 1; j <= reach(s, s->pawn[i], d); j++)
				c->to[g][c->n[g]++] = (unsigned char)CELL(
				    s->pawn[i] / GRID + j * df[d],
				    s->pawn[i] % GRID + j * dr[d]);
	}
}

/* Multisets of size j from n: C(n + j - 1, j). */
static long long
multisets(int n, int j)
{
	long long c = 1;
	int i;

	for (i = 1; i <= j; i++)
		c = c * (n + i - 1) / i;
	return c;
}

static long long
count_choices(const struct choice *c)
{
	long long total = 1, g;
	int i, j;

	for (i = 0; i < c->ngroups; i++) {
		g = c->exact ? multisets(c->n[i], c->k[i]) : 0;
		for (j = 0; !c->exact && j <= c->k[i]; j++)
			g += multisets(c->n[i], j);
		total *= g;
	}
	return total;
}

/* Every choice, group by group, each group's squares in order. */
static void
list_choices(struct choice *c, int g, int lo, int used, char *text,
    size_t n)
{
	char a[5], b[5];
	int i;

	if (g == c->ngroups) {
		if (c->nout < c->max) {
			game_action_init(&c->out[c->nout], n == 0 ? "stay" :
			    c->exact ? "place" : "move");
			if (n > 0)
				game_action_set(&c->out[c->nout], c->exact ?
				    "squares" : "moves", text);
		}
		c->nout++;
		return;
	}
	if (!c->exact || used == c->k[g])
		list_choices(c, g + 1, 0, 0, text, n);
	for (i = lo; used < c->k[g] && i < c->n[g]; i++) {
		topo_cell_name(c->to[g][i], b);
		if (c->from[g] >= 0) {
			topo_cell_name(c->from[g], a);
			snprintf(text + n, GAME_TEXT - n, "%s%s-%s", n ? " " :
			    "", a, b);
		} else
			snprintf(text + n, GAME_TEXT - n, "%s%s", n ? " " : "",
			    b);
		list_choices(c, g, i, used + 1, text, strlen(text));
		text[n] = '\0';
	}
}

static int
topo_actions(const void *st, int seat, const struct game_ctx *ctx,
    struct game_action *out, int max)
{
	const struct topo *s = st;
	struct choice *c;
	char text[GAME_TEXT] = "";
	long long n;

	(void)ctx;
	if (s->over || seat != topo_seeker(s) || s->ending ||
	    (c = malloc(sizeof(*c))) == NULL)
		return 0;
	choices(s, c);
	n = count_choices(c);
	if (n <= max) {
		c->out = out;
		c->max = max;
		list_choices(c, 0, 0, 0, text, 0);
	}
	free(c);
	return n > 0x7fffffff ? 0x7fffffff : (int)n;
}

static int
topo_random_action(const void *st, int seat, const struct game_ctx *ctx,
    struct rng *r, struct game_action *out, struct error *e)
{
	const struct topo *s = st;
	struct choice c;
	char text[GAME_TEXT] = "", a[5], b[5];
	int i, d, k, n = 0, cell;

	(void)ctx;
	if (s->over || seat != topo_seeker(s))
		return error_set(e, EXIT_REFUSED, "%s has no action now",
		    s->name[seat]);
	choices(s, &c);
	for (i = 0; i < s->npawns && !s->placed; i++) {
		topo_cell_name(c.to[0][rng_uniform(r, (uint32_t)c.n[0])], b);
		n += snprintf(text + n, sizeof(text) - (size_t)n, "%s%s",
		    i ? " " : "", b);
	}
	for (i = 0; i < s->npawns && s->placed; i++) {
		cell = s->pawn[i];
		d = (int)rng_uniform(r, 8);
		if (rng_uniform(r, 2) == 0 || (k = reach(s, cell, d)) == 0)
			continue;
		k = 1 + (int)rng_uniform(r, (uint32_t)k);
		topo_cell_name(cell, a);
		game_square_name(cell / GRID + k * df[d], cell % GRID + k * dr[d],
		    b);
		n += snprintf(text + n, sizeof(text) - (size_t)n, "%s%s-%s",
		    n ? " " : "", a, b);
	}
	game_action_init(out, !s->placed ? "place" : n > 0 ? "move" : "stay");
	if (n > 0)
		game_action_set(out, !s->placed ? "squares" : "moves", text);
	return 0;
}

/*
 * The greedy bot, seeker (adjudicator-games(7)): the candidates are the
 * tiles consistent with every score of the round so far; the pawns go,
 * one at a time and again until none improves, where the score to come
 * splits the candidates best (the fewest expected after it), all on one
 * candidate when that is as good (the round may end), then nearest to a
 * candidate.
 */
static int
g_candidates(const struct topo *s, unsigned char *cand)
{
	int t, k, c, n = 0, r = s->round;

	for (t = 0; t < NTILES; t++) {
		cand[t] = (c = topo_cell_of(s, t)) >= 0;
		for (k = 0; cand[t] && k < s->count[r]; k++)
			cand[t] = score_of(s, s->hist[r][k], t) ==
			    s->score[r][k];
		n += cand[t];
	}
	return n;
}

/* 0 on a candidate, 1 a straight move from one, else 2. */
static int
g_near(const struct topo *s, int cell, const unsigned char *cand)
{
	int d, j, best = 2;

	if (cand[tile_at(s, cell)])
		return 0;
	for (d = 0; d < 8 && best > 1; d++)
		for (j = 1; j <= reach(s, cell, d); j++)
			if (cand[s->tile[cell / GRID + j * df[d]]
			    [cell % GRID + j * dr[d]]])
				best = 1;
	return best;
}

static double
g_cost(const struct topo *s, const unsigned char *p, const unsigned char *cand,
    int n)
{
	int group[2 * MAXPAWNS + 1] = { 0 }, t, i, same = 1;
	double sq = 0, near = 0;

	for (t = 0; t < NTILES; t++)
		if (cand[t])
			group[score_of(s, p, t)]++;
	for (i = 0; i <= 2 * s->npawns; i++)
		sq += (double)group[i] * group[i];
	for (i = 0; i < s->npawns; i++) {
		same &= p[i] == p[0];
		near += g_near(s, p[i], cand);
	}
	/* the candidates left, expected; none when the round ends */
	if (same && cand[tile_at(s, p[0])])
		sq -= 1;
	return sq / n + near / 1000;
}

static void
g_options(const struct topo *s, int from, unsigned char *opt, int *n)
{
	int d, j, f, r;

	*n = 0;
	if (!s->placed) {
		for (f = 0; f < s->files; f++)
			for (r = 0; r < s->ranks; r++)
				if (has_tile(s, f, r) && (!s->border ||
				    on_border(s, f, r)))
					opt[(*n)++] = (unsigned char)CELL(f, r);
		return;
	}
	opt[(*n)++] = (unsigned char)from;
	for (d = 0; d < 8; d++)
		for (j = 1; j <= reach(s, from, d); j++)
			opt[(*n)++] = (unsigned char)CELL(from / GRID + j * df[d],
			    from % GRID + j * dr[d]);
}

static void
g_descend(const struct topo *s, unsigned char *p, const unsigned char *cand,
    int n, struct rng *rng)
{
	unsigned char opt[GRID * GRID], keep;
	double c, best = g_cost(s, p, cand, n);
	int i, j, k, no, pass, better = 1;

	for (pass = 0; pass < 4 && better; pass++) {
		better = 0;
		for (i = 0; i < s->npawns; i++) {
			g_options(s, s->placed ? s->pawn[i] : 0, opt, &no);
			k = (int)rng_uniform(rng, (uint32_t)no);
			for (keep = p[i], j = 0; j < no; j++) {
				p[i] = opt[(k + j) % no];
				if ((c = g_cost(s, p, cand, n)) < best - 1e-9) {
					best = c;
					keep = p[i];
					better = 1;
				}
			}
			p[i] = keep;
		}
	}
}

static int
topo_greedy(const void *st, int seat, const struct game_ctx *ctx,
    struct rng *rng, struct game_action *out, struct error *e)
{
	const struct topo *s = st;
	unsigned char cand[NTILES], p[MAXPAWNS];
	char text[GAME_TEXT] = "", a[5], b[5];
	int i, n, len = 0;

	if (s->over || seat != topo_seeker(s) || s->ending)
		return error_set(e, EXIT_REFUSED, "%s has no action now",
		    s->name[seat]);
	if ((n = g_candidates(s, cand)) == 0)
		return topo_random_action(st, seat, ctx, rng, out, e);
	for (i = 0; i < s->npawns; i++)
		p[i] = s->placed ? s->pawn[i] :
		    (unsigned char)topo_cell_of(s,
		    (int)rng_uniform(rng, NTILES));
	g_descend(s, p, cand, n, rng);
	for (i = 0; i < s->npawns; i++) {
		if (s->placed && p[i] == s->pawn[i])
			continue;
		topo_cell_name(s->pawn[i], a);
		topo_cell_name(p[i], b);
		len += snprintf(text + len, sizeof(text) - (size_t)len,
		    "%s%s%s%s", len ? " " : "", s->placed ? a : "",
		    s->placed ? "-" : "", b);
	}
	game_action_init(out, !s->placed ? "place" : len > 0 ? "move" :
	    "stay");
	if (len > 0)
		game_action_set(out, !s->placed ? "squares" : "moves", text);
	return 0;
}

static void
topo_seat_role(const void *st, int seat, char *out, size_t len)
{
	const struct topo *s = st;

	if (s->over)
		snprintf(out, len, "%s in round 1, %s in round 2", seat == 0 ?
		    "coder" : "seeker", seat == 0 ? "seeker" : "coder");
	else
		snprintf(out, len, "the %s of round %d", seat == topo_coder(s) ?
		    "coder" : "seeker", s->round + 1);
}

/* The tiles are laid from the seed, whatever the field. */
static int
topo_draws(const struct game_config *cfg)
{
	(void)cfg;
	return 1;
}

const struct game_rules game_topogic = {
	.name = "topogic",
	.title = "Topogic: find the secret tile (two rounds, roles swap)",
	.min_seats = 2,
	.max_seats = 2,
	.modes = GAME_MODE_PEER | GAME_MODE_JUDGE,
	.options = options,
	.notation =
	    "setup: your secret tile as colour/value (yellow/4), as the\n"
	    "       board prints it (Y4), or by its square (c3), or\n"
	    "       \"random\"; the coder of each round sets up when the\n"
	    "       round begins (round 2: the second seat); the colours:\n"
	    "       red orange yellow green blue violet pink brown black\n"
	    "       white (R O Y G B V P N K W), each with values 1 to 6\n"
	    "place: c3 c3 d4 e5 e5 (the seeker's first turn of a round: one\n"
	    "       square per pawn, several on one tile allowed)\n"
	    "move: c3-e5 d4-d6 (any pawns, each at most once, any distance\n"
	    "      along one of 8 directions over tiles only)\n"
	    "tiles: a tile as the board prints it (Y4: yellow/4) stands for\n"
	    "      its square in a placement or a move (Y4 Y4 c3, Y4-e5)\n"
	    "stay: no move\n"
	    "the score: the coder runs \"turn\" with no action (its\n"
	    "      adjudicator computes it); in a judged game the judge does\n"
	    "resign, draw (offer), accept, decline\n",
	.case_sensitive = 1,
	.state_size = sizeof(struct topo),
	.init = topo_init,
	.draws = topo_draws,
	.setup_pieces = topo_setup_pieces,
	.setup_parse = topo_setup_parse,
	.setup_random = topo_setup_random,
	.value_ok = topo_value_ok,
	.setup_audit = topo_setup_audit,
	.setup_due = topo_setup_due,
	.to_move = topo_to_move,
	.parse = topo_parse,
	.format = topo_format,
	.legal = topo_legal,
	.apply = topo_apply,
	.derive = topo_derive,
	.result = topo_result,
	.actions = topo_actions,
	.random_action = topo_random_action,
	.greedy = topo_greedy,
	.seat_role = topo_seat_role,
	.render = topo_render,
	.view = topo_view,
	.svg = topo_svg,
};
