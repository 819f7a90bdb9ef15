/*
 * SVG boards.  See svg.h.  What is drawn goes to a body buffer and
 * stretches the extent; svg_end writes the header with a canvas that
 * holds the extent, then the body.  A text's width is estimated from its
 * length at a sans-serif font's widest average (0.62 em a byte, which
 * overestimates UTF-8), so a text always fits.
 */
#include <stdio.h>
#include <string.h>

#include "game.h"
#include "svg.h"

#define TEXT	13	/* font size of lines and row words */
#define LINE	18	/* line height */
#define TOKEN	12	/* a token's radius */

int
svg_escape(struct buf *b, const char *s)
{
	int rc = 0;

	for (; *s != '\0'; s++)
		switch (*s) {
		case '<':
			rc |= buf_adds(b, "&lt;");
			break;
		case '>':
			rc |= buf_adds(b, "&gt;");
			break;
		case '&':
			rc |= buf_adds(b, "&amp;");
			break;
		case '"':
			rc |= buf_adds(b, "&quot;");
			break;
		case '\'':
			rc |= buf_adds(b, "&#39;");
			break;
		default:
			rc |= buf_addc(b, (uint8_t)*s);
		}
	return rc != 0 ? -1 : 0;
}

static void
reach(struct svg *s, int x, int y)
{
	if (x > s->width)
		s->width = x;
	if (y > s->height)
		s->height = y;
}

static int
text_width(size_t len, int size)
{
	return (int)((len * (size_t)size * 62 + 99) / 100);
}

static int
x_of(int file)
{
	return SVG_MARGIN + file * SVG_CELL;
}

static int
y_of(const struct svg *s, int rank)
{
	return s->top + (s->ranks - 1 - rank) * SVG_CELL;
}

static int
on_board(const struct svg *s, int file, int rank)
{
	return file >= 0 && file < s->files && rank >= 0 && rank < s->ranks;
}

/* A text of len bytes at x, baseline y; anchor "start" or "middle". */
static void
text(struct svg *s, const char *class, int x, int y, int size,
    const char *attrs, const char *t, size_t len)
{
	char tmp[SVG_WRAP * 4 + 1];
	int w;

	if (len >= sizeof(tmp))
		len = sizeof(tmp) - 1;
	memcpy(tmp, t, len);
	tmp[len] = '\0';
	buf_adds(&s->body, "<text");
	if (class != NULL)
		buf_printf(&s->body, " class=\"%s\"", class);
	buf_printf(&s->body, " x=\"%d\" y=\"%d\"", x, y);
	if (size == 0)	/* a label: 18px, centred (the style) */
		size = 18;
	else
		buf_printf(&s->body, " font-size=\"%d\"", size);
	buf_printf(&s->body, "%s>", attrs);
	svg_escape(&s->body, tmp);
	buf_adds(&s->body, "</text>\n");
	w = text_width(len, size);
	reach(s, strstr(attrs, "middle") != NULL || strcmp(class == NULL ? "" :
	    class, "label") == 0 ? x + w / 2 + 1 : x + w, y + size / 3);
}

void
svg_begin(struct svg *s, struct buf *out, const char *title)
{
	memset(s, 0, sizeof(*s));
	s->out = out;
	buf_init(&s->body);
	snprintf(s->title, sizeof(s->title), "%s", title);
	text(s, "title", SVG_MARGIN, SVG_MARGIN + 6, 15,
	    " font-weight=\"bold\"", s->title, strlen(s->title));
	s->y = SVG_MARGIN + 12;
}

void
svg_board(struct svg *s, int files, int ranks, const char *plain)
{
	char t[16];
	int f, r;

	s->files = files;
	s->ranks = ranks;
	s->top = s->y + 8;
	/* one rect and one path for the dark squares, and the grid drawn
	 * once over everything (grid()): the replay page holds a board per
	 * entry */
	buf_printf(&s->body, "<rect x=\"%d\" y=\"%d\" width=\"%d\" "
	    "height=\"%d\" fill=\"", SVG_MARGIN, s->top, files * SVG_CELL,
	    ranks * SVG_CELL);
	svg_escape(&s->body, plain != NULL ? plain : "#e8dcc0");
	buf_adds(&s->body, "\"/>\n");
	if (plain == NULL) {
		buf_adds(&s->body, "<path fill=\"#d6c49c\" d=\"");
		for (f = 0; f < files; f++)
			for (r = 0; r < ranks; r++)
				if ((f + r) % 2 == 0)
					buf_printf(&s->body, "M%d %dh%dv%dh-%dz",
					    x_of(f), y_of(s, r), SVG_CELL,
					    SVG_CELL, SVG_CELL);
		buf_adds(&s->body, "\"/>\n");
	}
	reach(s, x_of(files), s->top + ranks * SVG_CELL);
	for (f = 0; f < files; f++) {
		snprintf(t, sizeof(t), "%c", 'a' + f);
		text(s, NULL, x_of(f) + SVG_CELL / 2, s->top + ranks * SVG_CELL +
		    16, 14, " text-anchor=\"middle\"", t, strlen(t));
	}
	for (r = 0; r < ranks; r++) {
		snprintf(t, sizeof(t), "%d", r + 1);
		text(s, NULL, SVG_MARGIN / 2, y_of(s, r) + SVG_CELL / 2 + 5, 14,
		    " text-anchor=\"middle\"", t, strlen(t));
	}
	s->y = s->top + ranks * SVG_CELL + 22;
}

/* The lines between the squares, over the squares' colours; they never
 * meet a piece, which keeps 6 pixels from its square's edge. */
static void
grid(struct svg *s)
{
	int f, r;

	if (s->files == 0)
		return;
	buf_adds(&s->body, "<path fill=\"none\" stroke=\"#8a7a5a\" d=\"");
	for (f = 0; f <= s->files; f++)
		buf_printf(&s->body, "M%d %dv%d", x_of(f), s->top,
		    s->ranks * SVG_CELL);
	for (r = 0; r <= s->ranks; r++)
		buf_printf(&s->body, "M%d %dh%d", SVG_MARGIN, s->top +
		    r * SVG_CELL, s->files * SVG_CELL);
	buf_adds(&s->body, "\"/>\n");
}

void
svg_square(struct svg *s, int file, int rank, const char *fill)
{
	if (!on_board(s, file, rank))
		return;
	buf_printf(&s->body, "<rect x=\"%d\" y=\"%d\" width=\"%d\" "
	    "height=\"%d\" fill=\"", x_of(file), y_of(s, rank), SVG_CELL,
	    SVG_CELL);
	svg_escape(&s->body, fill);
	buf_adds(&s->body, "\"/>\n");
	reach(s, x_of(file) + SVG_CELL, y_of(s, rank) + SVG_CELL);
}

static void
outline(struct svg *s, const char *class, int file, int rank, int inset,
    int width, const char *stroke)
{
	if (!on_board(s, file, rank))
		return;
	buf_printf(&s->body, "<rect class=\"%s\" x=\"%d\" y=\"%d\" "
	    "width=\"%d\" height=\"%d\" fill=\"none\" stroke-width=\"%d\" "
	    "stroke=\"", class, x_of(file) + inset, y_of(s, rank) + inset,
	    SVG_CELL - 2 * inset, SVG_CELL - 2 * inset, width);
	svg_escape(&s->body, stroke);
	buf_adds(&s->body, "\"/>\n");
}

void
svg_outline(struct svg *s, int file, int rank, const char *stroke)
{
	outline(s, "mark", file, rank, 5, 2, stroke);
}

/* Every "a1".."z26" in t, as a word of its own or between '-', 'x', '?'. */
static void
mark_text(struct svg *s, const char *t, const char *stroke)
{
	char sq[4];
	size_t n;
	int f, r;

	while (*t != '\0') {
		n = strspn(t, "abcdefghijklmnopqrstuvwxyz0123456789");
		if (n == 0) {
			t++;
			continue;
		}
		/* "a4xa5": a square, an 'x', a square */
		if (n > 3 && t[0] >= 'a' && t[0] <= 'z' && strchr(t + 1, 'x') !=
		    NULL && (size_t)(strchr(t + 1, 'x') - t) < n)
			n = (size_t)(strchr(t + 1, 'x') - t);
		if (n >= 2 && n <= 3) {
			memcpy(sq, t, n);
			sq[n] = '\0';
			/* a dark edge each side, so that it shows on any
			 * square's colour */
			if (game_square(sq, &f, &r) == 0) {
				outline(s, "last", f, r, 3, 6, "#1a1a1a");
				outline(s, "last", f, r, 3, 3, stroke);
			}
		}
		t += n;
	}
}

void
svg_mark(struct svg *s, const struct game_action *a, const char *stroke)
{
	int i;

	if (a == NULL)
		return;
	for (i = 0; i < a->nf; i++)
		mark_text(s, a->f[i].val, stroke);
}

static void
disc(struct svg *s, int cx, int cy, int radius, int size, const char *fill,
    const char *ink, const char *label)
{
	buf_printf(&s->body, "<g class=\"piece\"%s><circle cx=\"%d\" "
	    "cy=\"%d\" r=\"%d\" fill=\"", size == 16 ? "" : " font-size=\"12\"",
	    cx, cy, radius);
	svg_escape(&s->body, fill);
	buf_printf(&s->body, "\"/><text x=\"%d\" y=\"%d\" fill=\"", cx,
	    cy + size / 3);
	svg_escape(&s->body, ink);
	buf_adds(&s->body, "\">");
	svg_escape(&s->body, label);
	buf_adds(&s->body, "</text></g>\n");
	reach(s, cx + radius + 1, cy + radius + 1);
}

void
svg_disc(struct svg *s, int file, int rank, const char *fill, const char *ink,
    const char *label)
{
	if (!on_board(s, file, rank))
		return;
	disc(s, x_of(file) + SVG_CELL / 2, y_of(s, rank) + SVG_CELL / 2,
	    SVG_CELL / 2 - 6, 16, fill, ink, label);
}

void
svg_pawn(struct svg *s, int file, int rank, int count)
{
	int cx, cy, bx, by;

	if (!on_board(s, file, rank))
		return;
	cx = x_of(file) + SVG_CELL / 2;
	cy = y_of(s, rank) + SVG_CELL / 2;
	/* 3 pixels from the square's edge: the grid stays clear */
	buf_printf(&s->body, "<g class=\"pawn\" data-count=\"%d\"><circle "
	    "cx=\"%d\" cy=\"%d\" r=\"17\" fill=\"none\" stroke=\"#1a1a1a\" "
	    "stroke-width=\"8\"/><circle cx=\"%d\" cy=\"%d\" r=\"17\" "
	    "fill=\"none\" stroke=\"#fafafa\" stroke-width=\"3\"/>", count, cx,
	    cy, cx, cy);
	if (count > 1) {
		bx = x_of(file) + SVG_CELL - 11;
		by = y_of(s, rank) + 11;
		buf_printf(&s->body, "<circle cx=\"%d\" cy=\"%d\" r=\"8\" "
		    "fill=\"#1a1a1a\" stroke=\"#fafafa\" stroke-width=\"2\"/>"
		    "<text x=\"%d\" y=\"%d\" font-size=\"11\" fill=\"#fafafa\" "
		    "text-anchor=\"middle\">%d</text>", bx, by, bx, by + 4,
		    count);
	}
	buf_adds(&s->body, "</g>\n");
	reach(s, x_of(file) + SVG_CELL, y_of(s, rank) + SVG_CELL);
}

void
svg_label(struct svg *s, int file, int rank, const char *ink,
    const char *label)
{
	char attrs[64];

	if (!on_board(s, file, rank))
		return;
	/* a colour goes in unescaped: "#" and letters and digits only */
	if (ink[strspn(ink, "#0123456789abcdefABCDEF")] != '\0' ||
	    strlen(ink) > 16)
		ink = "#000";
	snprintf(attrs, sizeof(attrs), " fill=\"%s\"", ink);
	/* size and anchor from the style: ".label" */
	text(s, "label", x_of(file) + SVG_CELL / 2, y_of(s, rank) + SVG_CELL /
	    2 + 6, 0, attrs, label, strlen(label));
}

void
svg_row(struct svg *s, const char *words)
{
	int cy = s->y + 4 + TOKEN;

	text(s, "row", SVG_MARGIN, cy + 5, TEXT, "", words, strlen(words));
	s->row_start = SVG_MARGIN + text_width(strlen(words), TEXT) + 8 +
	    TOKEN;
	s->row_x = s->row_start;
	s->y = cy + TOKEN + 4;
}

void
svg_token(struct svg *s, const char *fill, const char *ink, const char *label)
{
	int right = SVG_MARGIN + s->files * SVG_CELL;

	/* a long row goes on under itself, as wide as the board */
	if (right < 480)
		right = 480;
	if (s->row_x + TOKEN > right && s->row_x > s->row_start) {
		s->row_x = s->row_start;
		s->y += 2 * TOKEN + 4;
	}
	disc(s, s->row_x, s->y - 4 - TOKEN, TOKEN, 12, fill, ink, label);
	s->row_x += 2 * TOKEN + 6;
}

void
svg_line(struct svg *s, const char *class, const char *t)
{
	size_t n, cut;

	while (*t == ' ')
		t++;
	while (*t != '\0') {
		n = strlen(t);
		if (n > SVG_WRAP) {
			/* the last space that leaves a line of SVG_WRAP */
			for (cut = SVG_WRAP; cut > 0 && t[cut] != ' '; cut--)
				;
			if (cut == 0)	/* one long word: cut it, not a
					 * UTF-8 sequence */
				for (cut = SVG_WRAP; cut > 1 &&
				    ((unsigned char)t[cut] & 0xc0) == 0x80;
				    cut--)
					;
			n = cut;
		}
		text(s, class, SVG_MARGIN, s->y + TEXT + 2, TEXT, "", t, n);
		s->y += LINE;
		for (t += n; *t == ' '; t++)
			;
	}
}

void
svg_end(struct svg *s)
{
	int w = s->width + SVG_MARGIN, h;

	grid(s);
	reach(s, 0, s->y);
	h = s->height + SVG_MARGIN / 2;
	buf_printf(s->out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
	    "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">"
	    "\n<title>", w, h, w, h);
	svg_escape(s->out, s->title);
	/* what every piece shares, once */
	buf_printf(s->out, "</title>\n<style>.piece{font-size:16px}.piece "
	    "circle{stroke:#333;stroke-width:2px}.piece text{text-anchor:"
	    "middle}.label{font-size:18px;text-anchor:middle}</style>\n"
	    "<rect width=\"%d\" height=\"%d\" fill=\"#f4efe4\"/>\n", w, h);
	buf_add(s->out, s->body.data, s->body.len);
	buf_adds(s->out, "</svg>\n");
	buf_free(&s->body);
}
