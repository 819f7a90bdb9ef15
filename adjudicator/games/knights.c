/*
 * knights (seed 004: Knights-challenge): knight jumps on a 12x12 board for
 * two to four colours, as individuals, two teams, or a two-colour alliance
 * each; knights placed in enemy camps, lines, captures and camp bonuses
 * make the score.
 *
 * Nothing is hidden: the game has no setup, and every rule is checked on
 * the public board.  The board (the four camps with their start and
 * central squares, which way each faces, the unicorn squares) is the one
 * table below, so that a corrected board replaces it without touching
 * the rules.  Rows and columns of a camp, forward and back, all follow
 * from a camp's corners and the way it faces.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "knights.h"

/* The board.  Camps 4 wide and 3 deep, in a pinwheel (RULES.md). */
const struct kn_board kn_board = {
	.camp = {
	    { "red", 'R', "#c62828", "#ffffff", "#f2c4bf", { "a1", "d3" },
	      { 0, 1 }, "a1 b1 c1 d1 a2 b2 c2 d2", "b2 c2" },
	    { "blue", 'B', "#1565c0", "#ffffff", "#c3d5ee", { "j1", "l4" },
	      { -1, 0 }, "l1 l2 l3 l4 k1 k2 k3 k4", "k2 k3" },
	    { "yellow", 'Y', "#f2c200", "#222222", "#f5e9a8", { "i10", "l12" },
	      { 0, -1 }, "i12 j12 k12 l12 i11 j11 k11 l11", "j11 k11" },
	    { "green", 'G', "#2e7d32", "#ffffff", "#c5e3c6", { "a9", "c12" },
	      { 1, 0 }, "a9 a10 a11 a12 b9 b10 b11 b12", "b10 b11" },
	},
	.unicorns = "e5 h5 h8 e8 g2 k7 f11 b6",
	.unicorn_shade = "#d9c6ee",
};

static const char *const yes_no[] = { "no", "yes", NULL };

static const struct game_option options[] = {
	{ .name = "limit", .def = "400", .min = 1, .max = 100000,
	  .help = "turns in total (moves and passes) before the final count" },
	{ .name = "teams", .def = "no", .choices = yes_no,
	  .help = "4 seats: seats 1 and 3 (red, yellow) against 2 and 4" },
	{ .name = "alliance", .def = "no", .choices = yes_no,
	  .help = "2 seats: the first plays red and yellow, the second blue "
	  "and green" },
	{ .name = "mixed-lines", .def = "no", .choices = yes_no,
	  .help = "allied colours form lines together (teams or alliance)" },
	{ .name = NULL }
};

static const int jump[8][2] = {
	{ 1, 2 }, { 2, 1 }, { 2, -1 }, { 1, -2 },
	{ -1, -2 }, { -2, -1 }, { -2, 1 }, { -1, 2 }
};

static const char *
colour(int c)
{
	return kn_board.camp[c].colour;
}

static int
on_board(int f, int r)
{
	return f >= 0 && f < N && r >= 0 && r < N;
}

/* How far forward a square is for colour c's knights (and its camp). */
static int
fwd(int c, int f, int r)
{
	return kn_board.camp[c].ahead[0] * f + kn_board.camp[c].ahead[1] * r;
}

/* Where a square is across colour c's way forward. */
static int
lat(int c, int f, int r)
{
	return kn_board.camp[c].ahead[1] * f - kn_board.camp[c].ahead[0] * r;
}

/* Square i of a list of squares separated by blanks. */
static int
list_square(const char *list, int i, int *f, int *r)
{
	char sq[8];
	size_t n;

	for (;;) {
		list += strspn(list, " ");
		n = strcspn(list, " ");
		if (n == 0)
			return -1;
		if (i-- == 0)
			break;
		list += n;
	}
	if (n >= sizeof(sq))
		return -1;
	memcpy(sq, list, n);
	sq[n] = '\0';
	return game_square(sq, f, r) == 0 && on_board(*f, *r) ? 0 : -1;
}

static int
table_error(struct error *e, const char *what, int c)
{
	return error_set(e, EXIT_SYSTEM, "knights: the board table's %s of "
	    "%s is not a list of squares on the board", what, colour(c));
}

/* A colour's camp and knights, from its entry in the table. */
static int
place_colour(struct kn *s, int c, const struct camp_data *d,
    struct error *e)
{
	int f0, r0, f1, r1, f, r, i, k;

	if (list_square(d->corner[0], 0, &f0, &r0) != 0 ||
	    list_square(d->corner[1], 0, &f1, &r1) != 0 || f0 > f1 || r0 > r1)
		return table_error(e, "camp", c);
	for (f = f0; f <= f1; f++)
		for (r = r0; r <= r1; r++) {
			if (s->camp[f][r] != EMPTY)
				return table_error(e, "camp", c);
			s->camp[f][r] = (signed char)c;
		}
	for (i = 0; i < NK; i++) {
		k = c * NK + i;
		if (list_square(d->start, i, &f, &r) != 0 ||
		    s->camp[f][r] != c || s->at[f][r] != EMPTY)
			return table_error(e, "start squares", c);
		s->at[f][r] = (signed char)k;
		s->file[k] = (signed char)f;
		s->rank[k] = (signed char)r;
		s->alive[k] = 1;
	}
	for (i = 0; i < 2; i++) {
		if (list_square(d->central, i, &f, &r) != 0 ||
		    s->at[f][r] == EMPTY || s->at[f][r] / NK != c ||
		    s->central[s->at[f][r]])
			return table_error(e, "central squares", c);
		s->central[s->at[f][r]] = 1;
	}
	return 0;
}

/* The unicorn squares: each on the board, outside every camp. */
static int
place_unicorns(struct kn *s, const char *list, struct error *e)
{
	size_t n;
	int i, f, r;

	for (i = 0;; i++) {
		list += strspn(list, " ");
		if (*list == '\0')
			return 0;
		n = strcspn(list, " ");
		if (list_square(list, 0, &f, &r) != 0 || s->camp[f][r] != EMPTY)
			return error_set(e, EXIT_SYSTEM, "knights: the board "
			    "table's unicorn square %d is not a plain square on "
			    "the board", i + 1);
		s->unicorn[f][r] = 1;
		list += n;
	}
}

static int
place(struct kn *s, struct error *e)
{
	int c;

	memset(s->at, EMPTY, sizeof(s->at));
	memset(s->camp, EMPTY, sizeof(s->camp));
	for (c = 0; c < NC; c++)
		if (s->seat[c] >= 0 &&
		    place_colour(s, c, &kn_board.camp[c], e) != 0)
			return -1;
	return place_unicorns(s, kn_board.unicorns, e);
}

/* Which seat plays colour c: red and yellow face each other with 2
 * seats, green sits out with 3; the alliance gives each seat two. */
static int
seat_for(int nseats, int alliance, int c)
{
	if (alliance)
		return c % 2;
	if (nseats == 2)
		return c == 0 ? 0 : c == 2 ? 1 : -1;
	return c < nseats ? c : -1;
}

static int
kn_init(void *st, const struct game_config *cfg, struct error *e)
{
	struct kn *s = st;
	int c, i;

	s->nseats = cfg->nseats;
	s->teams = game_config_is(cfg, "teams", "yes");
	s->alliance = game_config_is(cfg, "alliance", "yes");
	s->mixed = game_config_is(cfg, "mixed-lines", "yes");
	s->limit = game_config_long(cfg, "limit");
	if (s->teams && s->nseats != 4)
		return error_set(e, EXIT_USAGE, "knights: teams=yes is for 4 "
		    "seats, not %d", s->nseats);
	if (s->alliance && s->nseats != 2)
		return error_set(e, EXIT_USAGE, "knights: alliance=yes is for "
		    "2 seats, not %d", s->nseats);
	if (s->mixed && !s->teams && !s->alliance)
		return error_set(e, EXIT_USAGE, "knights: mixed-lines=yes needs "
		    "allies: teams=yes or alliance=yes");
	for (c = 0; c < NC; c++) {
		s->seat[c] = seat_for(s->nseats, s->alliance, c);
		s->side[c] = s->teams || s->alliance ? c % 2 : c;
	}
	for (i = 0; i < s->nseats && i < GAME_MAX_SEATS; i++)
		snprintf(s->name[i], sizeof(s->name[i]), "%s", cfg->seat[i]);
	s->turn = 0;
	return place(s, e);
}

/* Nothing is hidden: no setup. */
static int
kn_setup_pieces(const void *st, int seat, struct game_setup *su)
{
	(void)st;
	(void)seat;
	memset(su, 0, sizeof(*su));
	return 0;
}

static int
kn_setup_parse(const void *st, int seat, const char *text,
    struct game_setup *su, struct error *e)
{
	(void)st;
	(void)seat;
	(void)text;
	memset(su, 0, sizeof(*su));
	return error_set(e, EXIT_USAGE, "knights has no setup: nothing is "
	    "hidden");
}

static void
kn_setup_random(const void *st, int seat, struct rng *r,
    struct game_setup *su)
{
	(void)st;
	(void)seat;
	(void)r;
	memset(su, 0, sizeof(*su));
}

static int
kn_value_ok(const void *st, int seat, const char *id, const char *value)
{
	(void)st;
	(void)seat;
	(void)id;
	(void)value;
	return 0;
}

static int
kn_setup_audit(const void *st, int seat, const struct game_setup *su,
    struct error *e)
{
	(void)st;
	(void)seat;
	if (su->n != 0)
		return error_set(e, EXIT_REFUSED, "knights has no hidden "
		    "pieces");
	return 0;
}

static int
kn_to_move(const void *st)
{
	const struct kn *s = st;

	return s->over ? -1 : s->seat[s->turn];
}

/* "red (alice)" */
void
kn_colour_label(const struct kn *s, int c, char *out, size_t len)
{
	snprintf(out, len, "%s (%s)", colour(c), s->name[s->seat[c]]);
}

/* A knight's colour stands in a camp of the other side. */
static int
enemy_camp(const struct kn *s, int c, int f, int r)
{
	int d = s->camp[f][r];

	return d != EMPTY && s->side[d] != s->side[c];
}

static int
parse_square(const char *sq, int *f, int *r)
{
	return game_square(sq, f, r) == 0 && on_board(*f, *r) ? 0 : -1;
}

static int
kn_parse(const void *st, int seat, const char *text, struct game_action *a,
    struct error *e)
{
	char from[8], to[8];
	int f, r, n = 0;

	(void)st;
	(void)seat;
	if (sscanf(text, "%4[a-z0-9]-%4[a-z0-9]%n", from, to, &n) == 2 &&
	    text[n] == '\0') {
		if (parse_square(from, &f, &r) != 0 ||
		    parse_square(to, &f, &r) != 0)
			return error_set(e, EXIT_USAGE, "\"%s\": squares are a1 "
			    "to l12", text);
		game_action_init(a, "move");
		game_action_set(a, "from", from);
		game_action_set(a, "to", to);
		return 0;
	}
	if (strcmp(text, "pass") == 0)
		return error_set(e, EXIT_USAGE, "knights has no pass: a colour "
		    "without a move passes automatically");
	return error_set(e, EXIT_USAGE, "\"%.40s\": not a knights action (a "
	    "move b2-c4)", text);
}

static void
kn_format(const void *st, const struct game_action *a, char *out, size_t len)
{
	(void)st;
	if (strcmp(a->type, "move") == 0 && game_action_get(a, "from") !=
	    NULL && game_action_get(a, "to") != NULL)
		snprintf(out, len, "%s-%s", game_action_get(a, "from"),
		    game_action_get(a, "to"));
	else
		snprintf(out, len, "%s", a->type);
}

/* The square a knight would land on, checked; what a capture needs. */
static int
check_landing(const struct kn *s, int c, const char *mv, int tf, int tr,
    struct error *e)
{
	int d = s->camp[tf][tr], t = s->at[tf][tr];

	if (d != EMPTY && d != c && s->side[d] == s->side[c])
		return error_set(e, EXIT_REFUSED, "%s: %s's camp is allied, "
		    "closed to %s", mv, colour(d), colour(c));
	if (t == EMPTY)
		return 0;
	if (t / NK == c)
		return error_set(e, EXIT_REFUSED, "%s: the square holds a knight "
		    "of yours", mv);
	if (s->side[t / NK] == s->side[c])
		return error_set(e, EXIT_REFUSED, "%s: the square holds an "
		    "allied (%s) knight, never captured", mv, colour(t / NK));
	if (d != EMPTY)
		return error_set(e, EXIT_REFUSED, "%s: no capture on a camp "
		    "square", mv);
	if (s->unicorn[tf][tr])
		return error_set(e, EXIT_REFUSED, "%s: no capture on a unicorn "
		    "square", mv);
	return 0;
}

/* Colour c's knight on (f, r) jumping to (tf, tr), on the board. */
static int
check_move(const struct kn *s, int c, int f, int r, int tf, int tr,
    struct error *e)
{
	char from[5], to[5], mv[12];
	int k = s->at[f][r], df = abs(tf - f), dr = abs(tr - r), home;

	game_square_name(f, r, from);
	game_square_name(tf, tr, to);
	snprintf(mv, sizeof(mv), "%s-%s", from, to);
	if (k == EMPTY || k / NK != c)
		return error_set(e, EXIT_REFUSED, "%s: no %s knight on %s", mv,
		    colour(c), from);
	if (enemy_camp(s, c, f, r))
		return error_set(e, EXIT_REFUSED, "%s: the knight is frozen in "
		    "%s's camp", mv, colour(s->camp[f][r]));
	if (!((df == 1 && dr == 2) || (df == 2 && dr == 1)))
		return error_set(e, EXIT_REFUSED, "%s: not a knight's jump", mv);
	home = s->camp[f][r] == c;
	if (!s->started[c] && !s->central[k])
		return error_set(e, EXIT_REFUSED, "%s: %s's first move takes a "
		    "central knight (%s) out of its camp; %s is not one", mv,
		    colour(c), kn_board.camp[c].central, from);
	if (!s->started[c] && s->camp[tf][tr] == c)
		return error_set(e, EXIT_REFUSED, "%s: %s's first move takes a "
		    "central knight out of its camp; %s is in it", mv,
		    colour(c), to);
	if (home && fwd(c, tf, tr) <= fwd(c, f, r))
		return error_set(e, EXIT_REFUSED, "%s: in its own camp a knight "
		    "only moves forward", mv);
	if (!home && s->camp[tf][tr] == c)
		return error_set(e, EXIT_REFUSED, "%s: a knight that left its "
		    "camp never returns to it", mv);
	return check_landing(s, c, mv, tf, tr, e);
}

static int
kn_legal(const void *st, int seat, const struct game_action *a,
    const struct game_ctx *ctx, struct game_needs *needs, struct error *e)
{
	static const char *const keys[] = { "from", "to", NULL };
	const struct kn *s = st;
	int f, r, tf, tr;

	(void)ctx;
	(void)needs;
	if (s->over)
		return error_set(e, EXIT_REFUSED, "the game is over");
	if (seat != s->seat[s->turn])
		return error_set(e, EXIT_REFUSED, "it is %s's move (%s)",
		    colour(s->turn), s->name[s->seat[s->turn]]);
	if (strcmp(a->type, "move") != 0)
		return error_set(e, EXIT_MALFORMED, "unknown action type "
		    "\"%s\"", a->type);
	if (game_action_keys(a, keys, e) != 0)
		return -1;
	if (parse_square(game_action_get(a, "from"), &f, &r) != 0 ||
	    parse_square(game_action_get(a, "to"), &tf, &tr) != 0)
		return error_set(e, EXIT_MALFORMED, "move: squares are a1 to "
		    "l12");
	return check_move(s, s->turn, f, r, tf, tr, e);
}

/* --- the count --- */

/* Every square of camp d on one line (a row: one distance from its back
 * row; a column: one place across) holds a knight lining up with colour
 * c's: its own, or an ally's with mixed-lines. */
static int
full_line(const struct kn *s, int c, int d, int row, int key)
{
	int f, r, k, n = 0;

	for (f = 0; f < N; f++)
		for (r = 0; r < N; r++) {
			if (s->camp[f][r] != d || (row ? fwd(d, f, r) :
			    lat(d, f, r)) != key)
				continue;
			k = s->at[f][r];
			if (k == EMPTY || (k / NK != c && !(s->mixed &&
			    s->side[k / NK] == s->side[c])))
				return 0;
			n++;
		}
	return n > 0;
}

/* A placed knight: 2, or 4 in a row or a column, or 8 in both. */
static int
knight_points(const struct kn *s, int k)
{
	int c = k / NK, f = s->file[k], r = s->rank[k], d, row, col;

	if (!s->alive[k] || !enemy_camp(s, c, f, r))
		return 0;
	d = s->camp[f][r];
	row = full_line(s, c, d, 1, fwd(d, f, r));
	col = full_line(s, c, d, 0, lat(d, f, r));
	return row && col ? 8 : row || col ? 4 : 2;
}

void
kn_tally(const struct kn *s, int c, struct tally *t)
{
	int i, k, d, f, r, all = 1;

	memset(t, 0, sizeof(*t));
	if (s->seat[c] < 0)
		return;
	for (i = 0; i < NK; i++) {
		k = c * NK + i;
		if (!s->alive[k]) {
			t->lost++;
			continue;
		}
		f = s->file[k];
		r = s->rank[k];
		if (s->camp[f][r] == c)
			t->home++;
		else if (enemy_camp(s, c, f, r)) {
			t->placed++;
			t->in[s->camp[f][r]]++;
			t->points += knight_points(s, k);
		}
	}
	t->captures = s->captures[c];
	/* the individual game's camp bonus: 2 in each of the 3 others */
	for (d = 0; d < NC; d++)
		if (d != c && t->in[d] < 2)
			all = 0;
	if (s->nseats == 4 && !s->teams && all)
		t->bonus = 6;
	t->total = t->points + t->captures - 2L * t->home + t->bonus;
}

/* Teams: each colour of the side with 2 (3) in each enemy camp. */
int
kn_team_bonus(const struct kn *s, int side)
{
	struct tally t;
	int c, d, least = NK;

	if (!s->teams)
		return 0;
	for (c = 0; c < NC; c++) {
		if (s->side[c] != side)
			continue;
		kn_tally(s, c, &t);
		for (d = 0; d < NC; d++)
			if (s->side[d] != side && t.in[d] < least)
				least = t.in[d];
	}
	return least >= 3 ? 12 : least >= 2 ? 6 : 0;
}

long
kn_side_total(const struct kn *s, int side)
{
	struct tally t;
	long sum = kn_team_bonus(s, side);
	int c;

	for (c = 0; c < NC; c++)
		if (s->seat[c] >= 0 && s->side[c] == side) {
			kn_tally(s, c, &t);
			sum += t.total;
		}
	return sum;
}

/* A side in words: "red (alice)", or "team red+yellow". */
void
kn_side_label(const struct kn *s, int side, char *out, size_t len)
{
	if (s->teams || s->alliance)
		snprintf(out, len, "team %s", side == 0 ? "red+yellow" :
		    "blue+green");
	else
		kn_colour_label(s, side, out, len);
}

static int
side_present(const struct kn *s, int side)
{
	int c;

	for (c = 0; c < NC; c++)
		if (s->seat[c] >= 0 && s->side[c] == side)
			return 1;
	return 0;
}

/* --- the end --- */

static void
won(struct kn *s, int seat, const char *why)
{
	s->over = 1;
	s->winner[seat] = 1;
	snprintf(s->why, sizeof(s->why), "%s", why);
}

/* The highest total wins, a side's seats together; equal first places
 * are a draw. */
static void
final_count(struct kn *s, const char *reason)
{
	long pts[NC] = { 0 }, best = 0;
	char label[48], list[sizeof(s->why)] = "";
	int x, c, nbest = 0;

	for (x = 0; x < NC; x++) {
		if (!side_present(s, x))
			continue;
		pts[x] = kn_side_total(s, x);
		if (nbest == 0 || pts[x] > best) {
			best = pts[x];
			nbest = 0;
		}
		nbest += pts[x] == best;
	}
	for (x = 0; x < NC; x++)
		if (side_present(s, x) && pts[x] == best) {
			kn_side_label(s, x, label, sizeof(label));
			snprintf(list + strlen(list), sizeof(list) - strlen(list),
			    "%s%s", list[0] ? " and " : "", label);
			for (c = 0; c < NC; c++)
				if (nbest == 1 && s->side[c] == x &&
				    s->seat[c] >= 0)
					s->winner[s->seat[c]] = 1;
		}
	s->over = 1;
	s->draw = nbest > 1;
	/* four long team labels can exceed why: cut, and say so */
	if (snprintf(s->why, sizeof(s->why), "%s; the final count: %s %s %ld",
	    reason, list, s->draw ? "share first place with" : "wins with",
	    best) >= (int)sizeof(s->why))
		memcpy(s->why + sizeof(s->why) - 4, "...", 4);
}

/* 4 seats: a colour with all 8 placed, or two with every knight placed
 * or lost. */
static int
four_seat_end(const struct kn *s, char *why, size_t len)
{
	struct tally t;
	int c, done = 0;

	if (s->nseats != 4)
		return 0;
	for (c = 0; c < NC; c++) {
		kn_tally(s, c, &t);
		if (t.placed == NK) {
			snprintf(why, len, "%s has all %d knights in enemy camps",
			    colour(c), NK);
			return 1;
		}
		done += t.placed + t.lost == NK;
	}
	if (done < 2)
		return 0;
	snprintf(why, len, "%d colours have every knight placed or lost",
	    done);
	return 1;
}

/* The alliance: 8 in the opposing camps, at least 4 of each colour. */
static int
alliance_end(const struct kn *s, int c, char *why, size_t len)
{
	struct tally a, b;

	if (!s->alliance)
		return 0;
	kn_tally(s, c, &a);
	kn_tally(s, (c + 2) % NC, &b);
	if (a.placed + b.placed < 8 || a.placed < 4 || b.placed < 4)
		return 0;
	snprintf(why, len, "the alliance %s+%s has %d knights in the opposing "
	    "camps", colour(c % 2), colour(c % 2 + 2), a.placed + b.placed);
	return 1;
}

/* After colour c's move: the 2-3 seat race, the 4-seat and alliance
 * ends, the limit. */
static void
check_end(struct kn *s, int c)
{
	struct tally t;
	char why[160], label[48];

	kn_tally(s, c, &t);
	if (s->nseats < 4 && !s->alliance && t.points >= RACE) {
		kn_colour_label(s, c, label, sizeof(label));
		snprintf(why, sizeof(why), "%s reached %d points of placement "
		    "and lines", label, RACE);
		won(s, s->seat[c], why);
		return;
	}
	if (four_seat_end(s, why, sizeof(why)) ||
	    alliance_end(s, c, why, sizeof(why)))
		final_count(s, why);
	else if (s->turns >= s->limit) {
		snprintf(why, sizeof(why), "the limit of %ld turns", s->limit);
		final_count(s, why);
	}
}

/* --- turn order --- */

static int
enumerate(const struct kn *s, int c, struct game_action *out, int max)
{
	char from[5], to[5];
	int i, j, k, f, r, tf, tr, n = 0;

	for (i = 0; i < NK; i++) {
		k = c * NK + i;
		if (!s->alive[k])
			continue;
		f = s->file[k];
		r = s->rank[k];
		for (j = 0; j < 8; j++) {
			tf = f + jump[j][0];
			tr = r + jump[j][1];
			if (!on_board(tf, tr) ||
			    check_move(s, c, f, r, tf, tr, NULL) != 0)
				continue;
			if (out != NULL && n < max) {
				game_square_name(f, r, from);
				game_square_name(tf, tr, to);
				game_action_init(&out[n], "move");
				game_action_set(&out[n], "from", from);
				game_action_set(&out[n], "to", to);
			}
			n++;
		}
	}
	return n;
}

static int
playing(const struct kn *s, int c)
{
	return s->seat[c] >= 0 && !s->resigned[c];
}

/* Sides with a colour still playing. */
static int
sides_playing(const struct kn *s)
{
	int x, c, n = 0, in;

	for (x = 0; x < NC; x++) {
		for (in = 0, c = 0; c < NC; c++)
			in |= s->side[c] == x && playing(s, c);
		n += in;
	}
	return n;
}

static void
append(char *what, size_t wlen, const char *text)
{
	size_t n = strlen(what);

	if (n < wlen)
		snprintf(what + n, wlen - n, "%s", text);
}

/*
 * The next colour to move after the one whose turn it was: a resigned or
 * absent colour is skipped; a colour without a move passes automatically,
 * and the pass is a turn for the limit.  Only one side still playing, or
 * no colour able to move, ends the game with the final count.
 */
static void
advance(struct kn *s, char *what, size_t wlen)
{
	char line[80], label[48];
	int c, any = 0;

	if (sides_playing(s) < 2) {
		final_count(s, "only one side is still playing");
		return;
	}
	for (c = 0; c < NC; c++)
		any |= playing(s, c) && enumerate(s, c, NULL, 0) > 0;
	if (!any) {
		final_count(s, "no colour can move");
		return;
	}
	for (c = (s->turn + 1) % NC;; c = (c + 1) % NC) {
		s->turn = c;
		if (!playing(s, c))
			continue;
		if (enumerate(s, c, NULL, 0) > 0)
			return;
		kn_colour_label(s, c, label, sizeof(label));
		snprintf(line, sizeof(line), "; %s cannot move and passes",
		    label);
		append(what, wlen, line);
		if (++s->turns >= s->limit) {
			snprintf(line, sizeof(line), "the limit of %ld turns",
			    s->limit);
			final_count(s, line);
			return;
		}
	}
}

static void
move(struct kn *s, int c, const struct game_action *a, char *what,
    size_t wlen)
{
	const char *from = game_action_get(a, "from");
	const char *to = game_action_get(a, "to");
	char label[48], line[80];
	int f, r, tf, tr, k, t;

	parse_square(from, &f, &r);
	parse_square(to, &tf, &tr);
	k = s->at[f][r];
	t = s->at[tf][tr];
	kn_colour_label(s, c, label, sizeof(label));
	snprintf(what, wlen, "%s %s-%s", label, from, to);
	if (t != EMPTY) {
		s->alive[t] = 0;
		s->captures[c]++;
		snprintf(line, sizeof(line), " captures a %s knight",
		    colour(t / NK));
		append(what, wlen, line);
	}
	if (enemy_camp(s, c, tf, tr)) {
		snprintf(line, sizeof(line), " into %s's camp",
		    colour(s->camp[tf][tr]));
		append(what, wlen, line);
	}
	s->at[f][r] = EMPTY;
	s->at[tf][tr] = (signed char)k;
	s->file[k] = (signed char)tf;
	s->rank[k] = (signed char)tr;
	s->started[c] = 1;
	s->turns++;
}

static int
kn_apply(void *st, int seat, const struct game_action *a,
    const struct game_ctx *ctx, struct game_needs *more, char *what,
    size_t wlen, struct error *e)
{
	struct kn *s = st;
	struct game_needs needs;
	int c = s->turn;

	(void)more;
	game_needs_init(&needs);
	if (kn_legal(st, seat, a, ctx, &needs, e) != 0)
		return -1;
	move(s, c, a, what, wlen);
	check_end(s, c);
	if (!s->over)
		advance(s, what, wlen);
	return 0;
}

/*
 * Resigning: with 2 seats (the alliance too) the other seat wins; with 3
 * or 4 the colour stays on the board and scores, and plays no more.
 */
static int
kn_resign(void *st, int seat, char *what, size_t wlen, struct error *e)
{
	struct kn *s = st;
	char why[80], label[48];

	if (s->over)
		return error_set(e, EXIT_REFUSED, "the game is over");
	if (s->nseats == 2) {
		snprintf(why, sizeof(why), "%s resigned", s->name[seat]);
		won(s, 1 - seat, why);
		snprintf(what, wlen, "%s resigns", s->name[seat]);
		return 0;
	}
	if (seat != s->seat[s->turn])
		return error_set(e, EXIT_REFUSED, "it is %s's move (%s)",
		    colour(s->turn), s->name[s->seat[s->turn]]);
	s->resigned[s->turn] = 1;
	kn_colour_label(s, s->turn, label, sizeof(label));
	snprintf(what, wlen, "%s resigns: its knights stay and score, and it "
	    "plays no more", label);
	advance(s, what, wlen);
	return 0;
}

static void
kn_result(const void *st, struct game_result *res)
{
	const struct kn *s = st;
	struct tally t;
	char label[48];
	int c, x;

	memset(res, 0, sizeof(*res));
	res->over = s->over;
	res->draw = s->over && s->draw;
	for (x = 0; x < GAME_MAX_SEATS; x++)
		res->winner[x] = s->over && s->winner[x];
	snprintf(res->why, sizeof(res->why), "%s", s->why);
	for (c = 0; c < NC; c++) {
		if (s->seat[c] < 0)
			continue;
		kn_tally(s, c, &t);
		res->score[s->seat[c]] += t.total;
		kn_colour_label(s, c, label, sizeof(label));
		game_result_score(res, label, t.total);
	}
	if (s->teams || s->alliance)
		for (x = 0; x < 2; x++) {
			kn_side_label(s, x, label, sizeof(label));
			game_result_score(res, label, kn_side_total(s, x));
		}
	for (c = 0; (s->teams || s->alliance) && c < NC; c++)
		if (s->seat[c] >= 0) {
			res->sided = 1;
			res->side[s->seat[c]] = s->side[c];
		}
	res->scored = 1;
}

static int
kn_actions(const void *st, int seat, const struct game_ctx *ctx,
    struct game_action *out, int max)
{
	const struct kn *s = st;

	(void)ctx;
	if (s->over || seat != s->seat[s->turn])
		return 0;
	return enumerate(s, s->turn, out, max);
}

/*
 * The greedy bot (adjudicator-games(7)): each move tried on a copy of the
 * board; the best is the one after which the mover's side leads the best
 * other side by most (the count as shown in the views: placements, lines,
 * captures, knights at home), counting placements and lines, which alone
 * make the race to 16, half as much again; then the one that leaves its
 * knights not yet placed nearest, in knight's jumps, to a free square of
 * an enemy camp.  A move that wins is taken; one that ends the game lost
 * is not.
 */
#define G_WIN	100000000L

/* Jumps from (0, 0) to (dx, dy) on an open kn_board. */
static int
g_jumps(int dx, int dy)
{
	int t, m;

	dx = abs(dx);
	dy = abs(dy);
	if (dx < dy) {
		t = dx;
		dx = dy;
		dy = t;
	}
	if (dx == 1 && dy == 0)
		return 3;
	if (dx == 2 && dy == 2)
		return 4;
	m = (dx + 1) / 2;
	if ((dx + dy + 2) / 3 > m)
		m = (dx + dy + 2) / 3;
	return m + (m + dx + dy) % 2;
}

/* How far colour c's knights not yet placed are from free enemy squares. */
static long
g_distance(const struct kn *s, int c)
{
	int i, k, f, r, d, best;
	long sum = 0;

	for (i = 0; i < NK; i++) {
		k = c * NK + i;
		if (!s->alive[k] || enemy_camp(s, c, s->file[k], s->rank[k]))
			continue;
		best = 99;
		for (f = 0; f < N; f++)
			for (r = 0; r < N; r++) {
				d = s->camp[f][r];
				if (d == EMPTY || d == c || s->seat[d] < 0 ||
				    s->side[d] == s->side[c] ||
				    s->at[f][r] != EMPTY)
					continue;
				if (g_jumps(f - s->file[k], r - s->rank[k]) <
				    best)
					best = g_jumps(f - s->file[k],
					    r - s->rank[k]);
			}
		sum += best;
	}
	return sum;
}

static long
g_eval(const struct kn *s, int seat, int c)
{
	struct tally t;
	long best = 0, v;
	int x, first = 1;

	if (s->over)
		return s->winner[seat] ? G_WIN : s->draw ? 0 : -G_WIN;
	for (x = 0; x < NC; x++)
		if (x != s->side[c] && side_present(s, x) &&
		    (first || kn_side_total(s, x) > best)) {
			best = kn_side_total(s, x);
			first = 0;
		}
	kn_tally(s, c, &t);
	v = 1000L * (kn_side_total(s, s->side[c]) - best) + 500L * t.points;
	return v - 10L * g_distance(s, c);
}

static int
kn_greedy(const void *st, int seat, const struct game_ctx *ctx,
    struct rng *rng, struct game_action *out, struct error *e)
{
	const struct kn *s = st;
	struct game_action list[400];
	long score[400];
	struct kn t;
	char what[400];
	int i, n;

	n = kn_actions(s, seat, ctx, list, 400);
	if (n <= 0 || n > 400)
		return error_set(e, EXIT_SYSTEM, "%d actions to choose from", n);
	for (i = 0; i < n; i++) {
		t = *s;
		what[0] = '\0';
		score[i] = kn_apply(&t, seat, &list[i], ctx, NULL, what,
		    sizeof(what), e) == 0 ? g_eval(&t, seat, s->turn) : -G_WIN;
	}
	*out = list[game_best(score, n, rng)];
	return 0;
}

static void
kn_seat_role(const void *st, int seat, char *out, size_t len)
{
	const struct kn *s = st;
	int c;

	if (s->alliance)
		snprintf(out, len, "%s and %s", colour(seat), colour(seat + 2));
	else if (s->teams)
		snprintf(out, len, "%s, with %s", colour(seat),
		    colour((seat + 2) % NC));
	else
		for (c = 0; c < NC; c++)
			if (s->seat[c] == seat)
				snprintf(out, len, "%s", colour(c));
}

const struct game_rules game_knights = {
	.name = "knights",
	.title = "Knights-challenge: knight jumps into the enemy camps (12x12)",
	.min_seats = 2,
	.max_seats = 4,
	.modes = GAME_MODE_PEER | GAME_MODE_JUDGE,
	.options = options,
	.notation =
	    "no setup: nothing is hidden\n"
	    "move: b2-c4 (a chess knight's jump; a colour's first move takes\n"
	    "      a central knight out of its camp; in its own camp a knight\n"
	    "      only moves forward, and once out never returns; in an enemy\n"
	    "      camp it is frozen; landing on an enemy knight captures it,\n"
	    "      except on a camp or unicorn square)\n"
	    "colours: red, blue, yellow, green in turn order; 2 seats red and\n"
	    "      yellow, 3 seats red, blue, yellow; with alliance=yes the\n"
	    "      colour moving is the one whose turn it is\n"
	    "a colour without a move passes automatically\n"
	    "resign (3-4 seats: the colour stays and scores, and plays no\n"
	    "      more), draw, accept, decline (2 seats)\n",
	.state_size = sizeof(struct kn),
	.init = kn_init,
	.setup_pieces = kn_setup_pieces,
	.setup_parse = kn_setup_parse,
	.setup_random = kn_setup_random,
	.value_ok = kn_value_ok,
	.setup_audit = kn_setup_audit,
	.to_move = kn_to_move,
	.parse = kn_parse,
	.format = kn_format,
	.legal = kn_legal,
	.apply = kn_apply,
	.result = kn_result,
	.resign = kn_resign,
	.actions = kn_actions,
	.greedy = kn_greedy,
	.seat_role = kn_seat_role,
	.render = kn_render,
	.view = kn_view,
	.svg = kn_svg,
};
