/*
 * incognito-rps's pictures: the text board, the YAML view and the SVG,
 * each with the symbols the viewer knows (the rules are in
 * incognito_rps.c).
 */
#include <stdio.h>

#include "game.h"
#include "incognito_rps.h"
#include "svg.h"
#include "ydoc.h"

static char
letter(const char *v)
{
	return v == NULL ? '?' : (char)(v[0] - 'a' + 'A');
}

void
rps_render(const void *st, int viewer, const struct game_ctx *ctx,
    struct buf *b)
{
	const struct rps *s = st;
	int f, r, p, seat;

	(void)viewer;
	for (r = H - 1; r >= 0; r--) {
		buf_printf(b, " %d ", r + 1);
		for (f = 0; f < W; f++) {
			p = s->board[f][r];
			if (p == EMPTY)
				buf_adds(b, "  .");
			else
				buf_printf(b, " %c%c", rps_owner(p) ? 'B' : 'W',
				    letter(game_value(ctx, rps_owner(p), s->id[p])));
		}
		if (rps_in_camp(s, 1, r))
			buf_adds(b, "   Black camp");
		else if (rps_in_camp(s, 0, r))
			buf_adds(b, "   White camp");
		buf_adds(b, "\n");
	}
	buf_adds(b, "     a  b  c  d  e  f\n");
	for (seat = 0; seat < 2; seat++) {
		buf_printf(b, " %s reserve:", rps_colour[seat]);
		for (p = seat * PER; p < seat * PER + PER; p++)
			if (s->where[p] == RESERVE)
				buf_printf(b, " %s %c", s->id[p],
				    letter(game_value(ctx, seat, s->id[p])));
		buf_printf(b, "%s\n", s->swapped[seat] ? " (swap used)" : "");
	}
	buf_adds(b, " W White  B Black  R rock  P paper  S scissors  ? unknown\n");
	buf_printf(b, " turns without combat or camp entry: %ld of %ld each\n",
	    s->quiet / 2, s->limit);
}

int
rps_view(const void *st, int viewer, const struct game_ctx *ctx,
    struct ydoc_writer *w)
{
	const struct rps *s = st;
	const char *v;
	char sq[5];
	int p;

	(void)viewer;
	ydoc_key(w, "pieces");
	ydoc_seq_begin(w, 0);
	for (p = 0; p < NP; p++) {
		v = game_value(ctx, rps_owner(p), s->id[p]);
		ydoc_map_begin(w);
		ydoc_kv(w, "piece", s->id[p]);
		ydoc_kv(w, "colour", rps_owner(p) == 0 ? "white" : "black");
		if (s->where[p] == ONBOARD) {
			game_square_name(s->file[p], s->rank[p], sq);
			ydoc_kv(w, "square", sq);
		} else
			ydoc_kv(w, "square", s->where[p] == RESERVE ?
			    "reserve" : "captured");
		ydoc_kv(w, "identity", v != NULL ? v : "unknown");
		ydoc_map_end(w);
	}
	ydoc_seq_end(w);
	ydoc_kv(w, "white_swap_used", s->swapped[0] ? "yes" : "no");
	ydoc_kv(w, "black_swap_used", s->swapped[1] ? "yes" : "no");
	ydoc_kvf(w, "quiet_turns", "%ld", s->quiet / 2);
	ydoc_kvf(w, "limit", "%ld", s->limit);
	return 0;
}

/* A row under the board: seat's pieces in the reserve, or captured. */
static void
svg_pieces(const struct rps *s, int seat, enum where w,
    const struct game_ctx *ctx, struct svg *g)
{
	char line[80], label[3] = { 0, 0, 0 };
	int p, n = 0;

	for (p = seat * PER; p < seat * PER + PER; p++)
		n += s->where[p] == (int)w;
	if (n == 0 && w == CAPTURED)
		return;
	snprintf(line, sizeof(line), "%s, %s%s:", rps_colour[seat], w == RESERVE ?
	    "reserve" : "captured", w == RESERVE && s->swapped[seat] ?
	    " (swap used)" : "");
	svg_row(g, line);
	for (p = seat * PER; p < seat * PER + PER; p++)
		if (s->where[p] == (int)w) {
			label[0] = seat ? 'B' : 'W';
			label[1] = letter(game_value(ctx, seat, s->id[p]));
			svg_token(g, seat ? "#222" : "#fafafa", seat ?
			    "#fafafa" : "#222", label);
		}
}

void
rps_svg(const void *st, int viewer, const struct game_ctx *ctx,
    const struct game_action *last, struct svg *g)
{
	const struct rps *s = st;
	char label[3] = { 0, 0, 0 }, line[80];
	int f, r, p, seat;

	(void)viewer;
	svg_board(g, W, H, NULL);
	for (f = 0; f < W; f++)
		for (r = 0; r < H; r++)
			if (rps_in_camp(s, 0, r) || rps_in_camp(s, 1, r))
				svg_square(g, f, r, "#b9c7d9");
	svg_mark(g, last, "#e67e22");
	for (p = 0; p < NP; p++) {
		if (s->where[p] != ONBOARD)
			continue;
		label[0] = rps_owner(p) ? 'B' : 'W';
		label[1] = letter(game_value(ctx, rps_owner(p), s->id[p]));
		svg_disc(g, s->file[p], s->rank[p], rps_owner(p) ? "#222" :
		    "#fafafa", rps_owner(p) ? "#fafafa" : "#222", label);
	}
	for (seat = 0; seat < 2; seat++) {
		svg_pieces(s, seat, RESERVE, ctx, g);
		svg_pieces(s, seat, CAPTURED, ctx, g);
	}
	svg_line(g, "legend", "W White (light discs), B Black (dark); R rock, "
	    "P paper, S scissors, ? unknown; blue: the camps; orange: the last "
	    "action");
	snprintf(line, sizeof(line), "turns without combat or camp entry: %ld "
	    "of %ld each", s->quiet / 2, s->limit);
	svg_line(g, "legend", line);
}
