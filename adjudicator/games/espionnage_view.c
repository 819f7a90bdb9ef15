/*
 * espionnage's pictures: the text board with the last combats, the YAML
 * view and the SVG, each with the ranks the viewer knows (the rules are
 * in espionnage.c).
 */
#include <stdio.h>
#include <string.h>

#include "espionnage.h"
#include "game.h"
#include "svg.h"
#include "ydoc.h"

static char
letter(const struct esp *s, int p, const struct game_ctx *ctx)
{
	int k = esp_kind(game_value(ctx, esp_owner(p), s->id[p]));

	return esp_kind_letter[k > 0 ? k : 0];
}

static const char *
rank_known(const struct esp *s, int p, const struct game_ctx *ctx)
{
	int k = esp_kind(game_value(ctx, esp_owner(p), s->id[p]));

	return esp_kind_word[k > 0 ? k : 0];
}

static void
render_board(const struct esp *s, const struct game_ctx *ctx, struct buf *b)
{
	int f, r, p;

	for (r = H - 1; r >= 0; r--) {
		buf_printf(b, "%3d ", r + 1);
		for (f = 0; f < W; f++) {
			p = s->board[f][r];
			if (p == VOLCANO)
				buf_adds(b, " ^^");
			else if (p == EMPTY)
				buf_adds(b, "  .");
			else
				buf_printf(b, " %c%c", esp_owner(p) ? 'B' : 'W',
				    letter(s, p, ctx));
		}
		buf_adds(b, "\n");
	}
	buf_adds(b, "      a  b  c  d  e  f  g  h  i  j\n");
}

/* A combat in words, with the ranks the viewer knows. */
static void
combat_line(const struct esp *s, const struct combat_note *c,
    const struct game_ctx *ctx, struct buf *b)
{
	static const char *const said[NOUTCOME] = { "the attacker won",
	    "the attacker was removed", "the attacker won; the defender's "
	    "side had no mobile piece left", "the attacker was removed; its "
	    "side had no mobile piece left", "the headquarters was taken" };

	buf_printf(b, " turn %ld: %s %s (%s against %s): %s\n", (c->turn + 1) /
	    2, esp_colour[esp_owner(c->attacker)], c->move,
	    rank_known(s, c->attacker, ctx), rank_known(s, c->defender, ctx),
	    said[c->outcome]);
}

/* An enemy piece in words for the viewer: "a general (5) on c5", or
 * with verb "a sapper (X) arrive on g7". */
static void
seen_words(const struct esp *s, int p, const struct game_ctx *ctx,
    const char *verb, char *out, size_t len)
{
	char sq[5] = "";
	int k = esp_kind(game_value(ctx, esp_owner(p), s->id[p]));

	if (s->alive[p])
		game_square_name(s->file[p], s->rank[p], sq);
	snprintf(out, len, "%s %s (%c)%s %s%s", k == HQ ? "the" :
	    k > 0 ? "a" : "an", esp_kind_word[k > 0 ? k : 0],
	    esp_kind_letter[k > 0 ? k : 0], verb, s->alive[p] ? "on " :
	    "(removed since)", sq);
}

static int
own_spy(const struct esp *s, int p, int viewer, const struct game_ctx *ctx)
{
	return esp_owner(p) == viewer &&
	    esp_kind(game_value(ctx, viewer, s->id[p])) == SPY;
}

/*
 * What the viewer's spies saw in the last turn, in words: a spy of its
 * that arrived next to enemy pieces saw them, and one next to which an
 * enemy arrived saw that piece (RULES.md, spy sight).  From the public
 * arrivals and what the viewer knows: its own ranks, and those the
 * judge showed it.
 */
static void
render_sight(const struct esp *s, int viewer, const struct game_ctx *ctx,
    struct buf *b)
{
	const struct arrival *a;
	char sq[5], w[64];
	int i, k, n = 0;

	for (i = 0; viewer >= 0 && i < s->narrival; i++) {
		a = &s->arrival[i];
		for (k = 0; k < a->n; k++) {
			if (own_spy(s, a->piece, viewer, ctx)) {
				seen_words(s, a->seen[k], ctx, "", w,
				    sizeof(w));
				game_square_name(s->file[a->piece],
				    s->rank[a->piece], sq);
				buf_printf(b, "%s   your spy arriving on %s saw "
				    "%s\n", n++ ? "" : " what your spies saw in "
				    "the last turn:\n", sq, w);
			} else if (own_spy(s, a->seen[k], viewer, ctx) &&
			    s->alive[a->seen[k]]) {
				seen_words(s, a->piece, ctx, " arrive", w,
				    sizeof(w));
				game_square_name(s->file[a->seen[k]],
				    s->rank[a->seen[k]], sq);
				buf_printf(b, "%s   your spy on %s saw %s\n",
				    n++ ? "" : " what your spies saw in the last "
				    "turn:\n", sq, w);
			}
		}
	}
}

void
esp_render(const void *st, int viewer, const struct game_ctx *ctx,
    struct buf *b)
{
	const struct esp *s = st;
	int i;

	render_board(s, ctx, b);
	buf_adds(b, " W White  B Black  1-5 soldiers  S spy  X sapper  "
	    "M mine\n H headquarters  ? unknown  ^^ volcano\n");
	render_sight(s, viewer, ctx, b);
	if (s->ncombat > 0)
		buf_adds(b, " last combats:\n");
	for (i = 0; i < s->ncombat; i++)
		combat_line(s, &s->combat[i], ctx, b);
	buf_printf(b, " %d move%s a turn; turns without combat: %ld of %ld "
	    "each\n", s->moves, s->moves == 1 ? "" : "s", s->quiet / 2,
	    s->limit);
}

static void
view_pieces(const struct esp *s, const struct game_ctx *ctx,
    struct ydoc_writer *w)
{
	char sq[5];
	int p;

	ydoc_key(w, "pieces");
	ydoc_seq_begin(w, 0);
	for (p = 0; p < NP; p++) {
		ydoc_map_begin(w);
		ydoc_kv(w, "piece", s->id[p]);
		ydoc_kv(w, "colour", esp_owner(p) ? "black" : "white");
		if (s->alive[p])
			game_square_name(s->file[p], s->rank[p], sq);
		ydoc_kv(w, "square", s->alive[p] ? sq : "captured");
		ydoc_kv(w, "identity", rank_known(s, p, ctx));
		ydoc_kv(w, "moved", s->moved[p] ? "yes" : "no");
		ydoc_map_end(w);
	}
	ydoc_seq_end(w);
}

int
esp_view(const void *st, int viewer, const struct game_ctx *ctx,
    struct ydoc_writer *w)
{
	const struct esp *s = st;
	const struct combat_note *c;
	char sq[5];
	int f, r, i;

	(void)viewer;
	view_pieces(s, ctx, w);
	ydoc_key(w, "volcanoes");
	ydoc_seq_begin(w, 1);
	for (r = 0; r < H; r++)
		for (f = 0; f < W; f++)
			if (s->board[f][r] == VOLCANO) {
				game_square_name(f, r, sq);
				ydoc_str(w, sq);
			}
	ydoc_seq_end(w);
	ydoc_key(w, "combats");
	ydoc_seq_begin(w, 0);
	for (i = 0; i < s->ncombat; i++) {
		c = &s->combat[i];
		ydoc_map_begin(w);
		ydoc_kvf(w, "turn", "%ld", (c->turn + 1) / 2);
		ydoc_kv(w, "colour", esp_owner(c->attacker) ? "black" :
		    "white");
		ydoc_kv(w, "move", c->move);
		ydoc_kv(w, "attacker", rank_known(s, c->attacker, ctx));
		ydoc_kv(w, "defender", rank_known(s, c->defender, ctx));
		ydoc_kv(w, "outcome", esp_outcome_word[c->outcome]);
		ydoc_map_end(w);
	}
	ydoc_seq_end(w);
	ydoc_kvf(w, "moves", "%d", s->moves);
	ydoc_kv(w, "combat", s->reveal ? "reveal" : "outcome");
	ydoc_kvf(w, "quiet_turns", "%ld", s->quiet / 2);
	ydoc_kvf(w, "limit", "%ld", s->limit);
	return 0;
}

void
esp_svg(const void *st, int viewer, const struct game_ctx *ctx,
    const struct game_action *last, struct svg *g)
{
	const struct esp *s = st;
	char label[3] = { 0, 0, 0 }, line[80];
	int f, r, p, i, tf, tr, seat, n;

	(void)viewer;
	svg_board(g, W, H, NULL);
	for (f = 0; f < W; f++)
		for (r = 0; r < H; r++)
			if (s->board[f][r] == VOLCANO)
				svg_square(g, f, r, "#8c3b2a");
	svg_mark(g, last, "#e67e22");
	for (i = 0; i < s->ncombat && s->combat[i].turn == s->ply; i++)
		if (game_square(strchr(s->combat[i].move, '-') + 1, &tf,
		    &tr) == 0)
			svg_outline(g, tf, tr, "#c0392b");
	for (p = 0; p < NP; p++) {
		if (!s->alive[p])
			continue;
		label[0] = esp_owner(p) ? 'B' : 'W';
		label[1] = letter(s, p, ctx);
		svg_disc(g, s->file[p], s->rank[p], esp_owner(p) ? "#222" :
		    "#fafafa", esp_owner(p) ? "#fafafa" : "#222", label);
	}
	for (seat = 0; seat < 2; seat++) {
		for (n = 0, p = seat * PER; p < seat * PER + PER; p++)
			n += !s->alive[p];
		if (n == 0)
			continue;
		snprintf(line, sizeof(line), "%s, removed:", esp_colour[seat]);
		svg_row(g, line);
		for (p = seat * PER; p < seat * PER + PER; p++)
			if (!s->alive[p]) {
				label[0] = seat ? 'B' : 'W';
				label[1] = letter(s, p, ctx);
				svg_token(g, seat ? "#222" : "#fafafa", seat ?
				    "#fafafa" : "#222", label);
			}
	}
	svg_line(g, "legend", "W White (light discs), B Black (dark); 1-5 "
	    "soldiers, S spy, X sapper, M mine, H headquarters, ? unknown");
	svg_line(g, "legend", "dark red: volcanoes; orange: the last move; red "
	    "inner outline: the last turn's combats");
}
