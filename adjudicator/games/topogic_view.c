/*
 * topogic's pictures: the field as text, the YAML view and the SVG, each
 * with what the viewer knows of the secrets (the rules are in topogic.c).
 */
#include <stdio.h>
#include <string.h>

#include "game.h"
#include "svg.h"
#include "topogic.h"
#include "ydoc.h"

static const char *const paint[NCOLOURS] = { "#d62728", "#f28e1c",
    "#f5d800", "#2ca02c", "#1f5fbf", "#8e44ad", "#f49ac2", "#8b5a2b",
    "#1a1a1a", "#fafafa" };
static const int dark[NCOLOURS] = { 1, 0, 0, 1, 1, 1, 0, 1, 1, 0 };

static int
pawns_on(const struct topo *s, int cell)
{
	int i, n = 0;

	for (i = 0; s->placed && i < s->npawns; i++)
		n += s->pawn[i] == cell;
	return n;
}

static void
trimmed(struct buf *b, char *line)
{
	size_t n = strlen(line);

	while (n > 0 && line[n - 1] == ' ')
		line[--n] = '\0';
	buf_printf(b, "%s\n", line);
}

/* The field, rank by rank from the top: each tile as colour letter and
 * value, "+N" for N pawns on it, "." for a gap. */
static void
field_text(const struct topo *s, struct buf *b)
{
	char line[16 + 5 * GRID];
	size_t n;
	int f, r, t, k;

	for (r = s->ranks - 1; r >= 0; r--) {
		n = (size_t)snprintf(line, sizeof(line), "%2d ", r + 1);
		for (f = 0; f < s->files; f++) {
			t = s->tile[f][r];
			k = pawns_on(s, CELL(f, r));
			if (t == GAP)
				n += (size_t)snprintf(line + n, sizeof(line) - n,
				    " .   ");
			else if (k > 0)
				n += (size_t)snprintf(line + n, sizeof(line) - n,
				    " %c%d+%d", topo_code[t / NVALUES],
				    t % NVALUES + 1, k);
			else
				n += (size_t)snprintf(line + n, sizeof(line) - n,
				    " %c%d  ", topo_code[t / NVALUES],
				    t % NVALUES + 1);
		}
		trimmed(b, line);
	}
	n = (size_t)snprintf(line, sizeof(line), "   ");
	for (f = 0; f < s->files; f++)
		n += (size_t)snprintf(line + n, sizeof(line) - n, " %c   ",
		    'a' + f);
	trimmed(b, line);
}

/* What the viewer knows of round r's secret: "yellow/4 on e5", or NULL. */
static const char *
secret_words(const struct topo *s, int r, const struct game_ctx *ctx,
    char *out, size_t len)
{
	const char *v = game_value(ctx, r, SECRET);
	char sq[5];
	int t;

	if (v == NULL || (t = topo_value_tile(v)) < 0)
		return NULL;
	topo_cell_name(topo_cell_of(s, t), sq);
	snprintf(out, len, "%s on %s", v, sq);
	return out;
}

static void
rounds_text(const struct topo *s, const struct game_ctx *ctx, struct buf *b)
{
	char w[120], sec[40];
	int r;

	for (r = 0; r < 2; r++) {
		buf_printf(b, " Round %d: %s hides, %s seeks; ", r + 1,
		    s->name[r], s->name[1 - r]);
		if (s->length[r] > 0 && !(s->ending && r == s->round)) {
			topo_round_words(s, r, w, sizeof(w));
			buf_printf(b, "%s", w);
		} else if (s->ending && r == s->round)
			buf_printf(b, "ended in %d turns; the secret opens next",
			    s->length[r]);
		else if (r > s->round)
			buf_adds(b, "not begun");
		else
			buf_printf(b, "%d score%s told (limit %ld)", s->count[r],
			    topo_plural(s->count[r]), s->limit);
		if (secret_words(s, r, ctx, sec, sizeof(sec)) != NULL)
			buf_printf(b, "; the secret: %s", sec);
		buf_adds(b, ".\n");
	}
}

/* The seeker's notes: every placement and its score, this round's (or,
 * before round 2's first score, round 1's). */
static void
notes_text(const struct topo *s, struct buf *b)
{
	char list[32];
	int r = s->round, k;

	if (r == 1 && s->count[1] == 0)
		r = 0;
	if (s->count[r] == 0)
		return;
	buf_printf(b, "\n Round %d, %s's notes:\n turn  pawns            score\n",
	    r + 1, s->name[1 - r]);
	for (k = 0; k < s->count[r]; k++) {
		topo_pawn_list(s, s->hist[r][k], list, sizeof(list));
		buf_printf(b, " %4d  %-19s %2d\n", k + 1, list, s->score[r][k]);
	}
}

void
topo_render(const void *st, int viewer, const struct game_ctx *ctx,
    struct buf *b)
{
	const struct topo *s = st;
	char list[32];

	(void)viewer;
	field_text(s, b);
	buf_adds(b, " R red, O orange, Y yellow, G green, B blue, V violet, "
	    "P pink,\n N brown, K black, W white; +N: N pawns on the tile; "
	    ".: no tile\n");
	topo_pawn_list(s, s->pawn, list, sizeof(list));
	if (s->placed)
		buf_printf(b, " Pawns (%s's): %s\n", s->name[topo_seeker(s)],
		    list);
	else if (!s->over)
		buf_printf(b, " Pawns: %s places %d on the next turn%s\n",
		    s->name[topo_seeker(s)], s->npawns, s->border ?
		    " (border tiles only)" : "");
	rounds_text(s, ctx, b);
	notes_text(s, b);
}

static void
round_view(const struct topo *s, int r, const struct game_ctx *ctx,
    struct ydoc_writer *w)
{
	const char *v = game_value(ctx, r, SECRET);
	char list[32], sq[5];
	int k;

	ydoc_map_begin(w);
	ydoc_kvf(w, "round", "%d", r + 1);
	ydoc_kv(w, "coder", s->name[r]);
	ydoc_kv(w, "seeker", s->name[1 - r]);
	ydoc_kv(w, "secret", v != NULL ? v : "unknown");
	if (v != NULL && topo_value_tile(v) >= 0) {
		topo_cell_name(topo_cell_of(s, topo_value_tile(v)), sq);
		ydoc_kv(w, "secret_square", sq);
	}
	ydoc_kv(w, "state", s->length[r] > 0 && !(s->ending && r == s->round) ?
	    "over" : s->length[r] > 0 ? "ending" : r > s->round ? "not begun" :
	    "playing");
	ydoc_kvf(w, "length", "%d", s->length[r]);
	ydoc_key(w, "turns");
	ydoc_seq_begin(w, 0);
	for (k = 0; k < s->count[r]; k++) {
		topo_pawn_list(s, s->hist[r][k], list, sizeof(list));
		ydoc_map_begin(w);
		ydoc_kv(w, "pawns", list);
		ydoc_kvf(w, "score", "%d", s->score[r][k]);
		ydoc_map_end(w);
	}
	ydoc_seq_end(w);
	ydoc_map_end(w);
}

int
topo_view(const void *st, int viewer, const struct game_ctx *ctx,
    struct ydoc_writer *w)
{
	const struct topo *s = st;
	char sq[5], name[GAME_VALUE];
	int f, r, i;

	(void)viewer;
	ydoc_kv(w, "field", s->rect ? "rect" : "random");
	ydoc_kvf(w, "files", "%d", s->files);
	ydoc_kvf(w, "ranks", "%d", s->ranks);
	ydoc_key(w, "tiles");
	ydoc_map_begin(w);
	for (r = 0; r < s->ranks; r++)
		for (f = 0; f < s->files; f++)
			if (s->tile[f][r] != GAP) {
				game_square_name(f, r, sq);
				topo_tile_name(s->tile[f][r], name,
				    sizeof(name));
				ydoc_kv(w, sq, name);
			}
	ydoc_map_end(w);
	ydoc_kvf(w, "pawns", "%d", s->npawns);
	ydoc_kv(w, "start", s->border ? "border" : "any");
	ydoc_kvf(w, "limit", "%ld", s->limit);
	ydoc_kvf(w, "round", "%d", s->round + 1);
	ydoc_key(w, "positions");
	ydoc_seq_begin(w, 1);
	for (i = 0; s->placed && i < s->npawns; i++) {
		topo_cell_name(s->pawn[i], sq);
		ydoc_str(w, sq);
	}
	ydoc_seq_end(w);
	ydoc_key(w, "rounds");
	ydoc_seq_begin(w, 0);
	round_view(s, 0, ctx, w);
	round_view(s, 1, ctx, w);
	ydoc_seq_end(w);
	return 0;
}

/* The seeker's notes, as the text view has them, under the picture:
 * the last NOTES_SVG turns of the round, one a line. */
#define NOTES_SVG	40
static void
notes_svg(const struct topo *s, struct svg *g)
{
	char list[32], line[96];
	int r = s->round, k;

	if (r == 1 && s->count[1] == 0)
		r = 0;
	if (s->count[r] == 0)
		return;
	snprintf(line, sizeof(line), "round %d, %s's notes (turn: pawns, "
	    "score):", r + 1, s->name[1 - r]);
	svg_line(g, "notes", line);
	if (s->count[r] > NOTES_SVG) {
		snprintf(line, sizeof(line), "(turns 1 to %d: the text view "
		    "lists them)", s->count[r] - NOTES_SVG);
		svg_line(g, "notes", line);
	}
	for (k = s->count[r] > NOTES_SVG ? s->count[r] - NOTES_SVG : 0;
	    k < s->count[r]; k++) {
		topo_pawn_list(s, s->hist[r][k], list, sizeof(list));
		snprintf(line, sizeof(line), "%d: %s, score %d", k + 1, list,
		    s->score[r][k]);
		svg_line(g, "notes", line);
	}
}

void
topo_svg(const void *st, int viewer, const struct game_ctx *ctx,
    const struct game_action *last, struct svg *g)
{
	const struct topo *s = st;
	char label[4], line[120], sec[40], sq[5];
	size_t n;
	int f, r, t, k, i;

	(void)viewer;
	svg_board(g, s->files, s->ranks, "#f4efe4");	/* gaps */
	for (f = 0; f < s->files; f++)
		for (r = 0; r < s->ranks; r++) {
			if ((t = s->tile[f][r]) == GAP)
				continue;
			svg_square(g, f, r, paint[t / NVALUES]);
			/* the colour's letter too, as the text board prints
			 * it: red, orange, pink and brown look alike to many */
			snprintf(label, sizeof(label), "%c%d",
			    topo_code[t / NVALUES], t % NVALUES + 1);
			svg_label(g, f, r, dark[t / NVALUES] ? "#fafafa" :
			    "#1a1a1a", label);
		}
	/* the pawns over the marks: a ring each square, how many on it */
	svg_mark(g, last, "#e67e22");
	for (i = 0; s->placed && i < s->npawns; i += k) {
		k = pawns_on(s, s->pawn[i]);
		svg_pawn(g, s->pawn[i] / GRID, s->pawn[i] % GRID, k);
	}
	n = (size_t)snprintf(line, sizeof(line), "pawns (black and white "
	    "rings, a badge with how many):");
	for (i = 0; s->placed && i < s->npawns; i += k) {
		k = pawns_on(s, s->pawn[i]);
		topo_cell_name(s->pawn[i], sq);
		n += (size_t)snprintf(line + n, sizeof(line) - n, " %s", sq);
		if (k > 1)
			n += (size_t)snprintf(line + n, sizeof(line) - n,
			    " x%d", k);
	}
	svg_line(g, "legend", s->placed ? line : "pawns: not on the field");
	svg_line(g, "legend", "each tile its colour's letter and its value: R "
	    "red, O orange, Y yellow, G green, B blue, V violet, P pink, N "
	    "brown, K black, W white");
	svg_line(g, "legend", "orange: the squares of the last placement or "
	    "moves");
	snprintf(line, sizeof(line), "round %d: %s hides, %s seeks; %d "
	    "scores told", s->round + 1, s->name[topo_coder(s)],
	    s->name[topo_seeker(s)], s->count[s->round]);
	svg_line(g, "legend", line);
	if (secret_words(s, s->round, ctx, sec, sizeof(sec)) != NULL) {
		snprintf(line, sizeof(line), "%s's secret: %s",
		    s->name[topo_coder(s)], sec);
		svg_line(g, "legend", line);
	}
	notes_svg(s, g);
}
