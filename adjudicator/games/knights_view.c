/*
 * knights' pictures: the text board with each colour's count, the YAML
 * view and the SVG (the rules and the count are in knights.c).
 */
#include <stdio.h>
#include <string.h>

#include "game.h"
#include "knights.h"
#include "svg.h"
#include "ydoc.h"

/* Two characters: the square's mark (a camp's letter in lower case, '*'
 * a unicorn, a blank a plain square), then the knight's letter or '.'
 * when the square is empty. */
static void
cell(const struct kn *s, int f, int r, char out[3])
{
	int k = s->at[f][r], d = s->camp[f][r];

	if (d != EMPTY)
		out[0] = (char)(kn_board.camp[d].letter - 'A' + 'a');
	else
		out[0] = s->unicorn[f][r] ? '*' : ' ';
	out[1] = k == EMPTY ? '.' : kn_board.camp[k / NK].letter;
	out[2] = '\0';
}

static void
render_tally(const struct kn *s, int c, struct buf *b)
{
	struct tally t;
	char label[48];

	kn_tally(s, c, &t);
	kn_colour_label(s, c, label, sizeof(label));
	buf_printf(b, " %s: %ld%s = %d placed (%ld with lines), %d "
	    "taken (+%d), %d at home (%d)", label, t.total,
	    s->resigned[c] ? " (resigned)" : "", t.placed, t.points,
	    t.captures, t.captures, t.home, -2 * t.home);
	if (t.bonus)
		buf_printf(b, ", camp bonus +%d", t.bonus);
	buf_adds(b, "\n");
}

void
kn_render(const void *st, int viewer, const struct game_ctx *ctx,
    struct buf *b)
{
	const struct kn *s = st;
	char c3[3], label[48];
	int f, r, c, x;

	(void)viewer;
	(void)ctx;
	for (r = N - 1; r >= 0; r--) {
		buf_printf(b, "%3d ", r + 1);
		for (f = 0; f < N; f++) {
			cell(s, f, r, c3);
			buf_printf(b, " %s", c3);
		}
		buf_adds(b, "\n");
	}
	buf_adds(b, "    ");
	for (f = 0; f < N; f++)
		buf_printf(b, "  %c", 'a' + f);
	buf_adds(b, "\n R B Y G knights; marks before a square: r b y g "
	    "camps, * unicorns\n");
	if (s->over)
		buf_printf(b, " turn %ld of %ld: the game is over\n", s->turns,
		    s->limit);
	else {
		kn_colour_label(s, s->turn, label, sizeof(label));
		buf_printf(b, " turn %ld of %ld: %s to move\n", s->turns + 1,
		    s->limit, label);
	}
	for (c = 0; c < NC; c++)
		if (s->seat[c] >= 0)
			render_tally(s, c, b);
	for (x = 0; (s->teams || s->alliance) && x < 2; x++) {
		kn_side_label(s, x, label, sizeof(label));
		buf_printf(b, " %s: %ld", label, kn_side_total(s, x));
		if (kn_team_bonus(s, x))
			buf_printf(b, " (camp bonus +%d)", kn_team_bonus(s, x));
		buf_adds(b, "\n");
	}
}

static void
view_colour(const struct kn *s, int c, struct ydoc_writer *w)
{
	struct tally t;
	char sq[5];
	int i, k;

	kn_tally(s, c, &t);
	ydoc_map_begin(w);
	ydoc_kv(w, "colour", kn_board.camp[c].colour);
	ydoc_kv(w, "seat", s->name[s->seat[c]]);
	ydoc_key(w, "knights");
	ydoc_seq_begin(w, 1);
	for (i = 0; i < NK; i++) {
		k = c * NK + i;
		if (!s->alive[k])
			continue;
		game_square_name(s->file[k], s->rank[k], sq);
		ydoc_str(w, sq);
	}
	ydoc_seq_end(w);
	ydoc_kv(w, "resigned", s->resigned[c] ? "yes" : "no");
	ydoc_kvf(w, "placed", "%d", t.placed);
	ydoc_kvf(w, "placement", "%ld", t.points);
	ydoc_kvf(w, "captures", "%d", t.captures);
	ydoc_kvf(w, "lost", "%d", t.lost);
	ydoc_kvf(w, "at_home", "%d", t.home);
	ydoc_kvf(w, "bonus", "%d", t.bonus);
	ydoc_kvf(w, "score", "%ld", t.total);
	ydoc_map_end(w);
}

int
kn_view(const void *st, int viewer, const struct game_ctx *ctx,
    struct ydoc_writer *w)
{
	const struct kn *s = st;
	char label[48];
	int c, x;

	(void)viewer;
	(void)ctx;
	ydoc_kv(w, "variant", s->alliance ? "alliance" : s->teams ? "teams" :
	    "individual");
	ydoc_kv(w, "to_move", s->over ? "none" :
	    kn_board.camp[s->turn].colour);
	ydoc_kvf(w, "turns", "%ld", s->turns);
	ydoc_kvf(w, "limit", "%ld", s->limit);
	ydoc_kv(w, "mixed_lines", s->mixed ? "yes" : "no");
	ydoc_key(w, "colours");
	ydoc_seq_begin(w, 0);
	for (c = 0; c < NC; c++)
		if (s->seat[c] >= 0)
			view_colour(s, c, w);
	ydoc_seq_end(w);
	if (!s->teams && !s->alliance)
		return 0;
	ydoc_key(w, "teams");
	ydoc_seq_begin(w, 0);
	for (x = 0; x < 2; x++) {
		kn_side_label(s, x, label, sizeof(label));
		ydoc_map_begin(w);
		ydoc_kv(w, "team", label + strlen("team "));
		ydoc_kvf(w, "bonus", "%d", kn_team_bonus(s, x));
		ydoc_kvf(w, "score", "%ld", kn_side_total(s, x));
		ydoc_map_end(w);
	}
	ydoc_seq_end(w);
	return 0;
}

void
kn_svg(const void *st, int viewer, const struct game_ctx *ctx,
    const struct game_action *last, struct svg *g)
{
	const struct kn *s = st;
	struct tally t;
	char line[200], label[48], letter[2] = "";
	int f, r, k, c, d;

	(void)viewer;
	(void)ctx;
	svg_board(g, N, N, NULL);
	for (f = 0; f < N; f++)
		for (r = 0; r < N; r++) {
			d = s->camp[f][r];
			if (d != EMPTY)
				svg_square(g, f, r, kn_board.camp[d].shade);
			else if (s->unicorn[f][r])
				svg_square(g, f, r, kn_board.unicorn_shade);
		}
	svg_mark(g, last, "#e67e22");
	for (f = 0; f < N; f++)
		for (r = 0; r < N; r++) {
			if ((k = s->at[f][r]) == EMPTY)
				continue;
			letter[0] = kn_board.camp[k / NK].letter;
			letter[1] = '\0';
			svg_disc(g, f, r, kn_board.camp[k / NK].fill,
			    kn_board.camp[k / NK].ink, letter);
		}
	svg_line(g, "legend", "R B Y G: red, blue, yellow, green knights; "
	    "tinted: their camps; lilac: unicorn squares; orange: the last "
	    "move");
	line[0] = '\0';
	for (c = 0; c < NC; c++) {
		if (s->seat[c] < 0)
			continue;
		kn_tally(s, c, &t);
		kn_colour_label(s, c, label, sizeof(label));
		snprintf(line + strlen(line), sizeof(line) - strlen(line),
		    "%s%s %ld", line[0] ? ", " : "points: ", label, t.total);
	}
	svg_line(g, "legend", line);
	if (s->over)
		snprintf(line, sizeof(line), "turn %ld of %ld: the game is over",
		    s->turns, s->limit);
	else {
		kn_colour_label(s, s->turn, label, sizeof(label));
		snprintf(line, sizeof(line), "turn %ld of %ld: %s to move",
		    s->turns + 1, s->limit, label);
	}
	svg_line(g, "legend", line);
}
