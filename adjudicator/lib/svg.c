/*
 * SVG boards.  See svg.h.  The board sits under a title line; captions go
 * below the file letters, and the canvas is sized to hold them all.
 */
#include <stdio.h>

#include "svg.h"

#define TOP	(SVG_MARGIN + 22)	/* room for the title line */
#define LINE	18

void
svg_escape(struct buf *b, const char *s)
{
	for (; *s != '\0'; s++)
		switch (*s) {
		case '<':
			buf_adds(b, "&lt;");
			break;
		case '>':
			buf_adds(b, "&gt;");
			break;
		case '&':
			buf_adds(b, "&amp;");
			break;
		case '"':
			buf_adds(b, "&quot;");
			break;
		default:
			buf_addc(b, (uint8_t)*s);
		}
}

static int
x_of(int file)
{
	return SVG_MARGIN + file * SVG_CELL;
}

static int
y_of(const struct svg *s, int rank)
{
	return TOP + (s->ranks - 1 - rank) * SVG_CELL;
}

void
svg_begin(struct svg *s, struct buf *b, int files, int ranks, int lines,
    const char *title)
{
	int f, r;

	s->b = b;
	s->files = files;
	s->ranks = ranks;
	s->width = files * SVG_CELL + 2 * SVG_MARGIN;
	if (s->width < 520)
		s->width = 520;	/* room for captions under a small board */
	s->caption_y = TOP + ranks * SVG_CELL + 22 + LINE;
	s->height = s->caption_y + (lines > 0 ? lines - 1 : 0) * LINE +
	    SVG_MARGIN;
	buf_printf(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
	    "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">"
	    "\n<title>", s->width, s->height, s->width, s->height);
	svg_escape(b, title);
	buf_printf(b, "</title>\n<rect width=\"%d\" height=\"%d\" "
	    "fill=\"#f4efe4\"/>\n<text x=\"%d\" y=\"%d\" font-size=\"15\" "
	    "font-weight=\"bold\">", s->width, s->height, SVG_MARGIN,
	    SVG_MARGIN + 6);
	svg_escape(b, title);
	buf_adds(b, "</text>\n");
	for (f = 0; f < files; f++)
		for (r = 0; r < ranks; r++)
			svg_square(s, f, r, (f + r) % 2 ? "#e8dcc0" : "#d6c49c");
	for (f = 0; f < files; f++)
		buf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"14\" "
		    "text-anchor=\"middle\">%c</text>\n",
		    x_of(f) + SVG_CELL / 2, TOP + ranks * SVG_CELL + 16,
		    'a' + f);
	for (r = 0; r < ranks; r++)
		buf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"14\" "
		    "text-anchor=\"middle\">%d</text>\n", SVG_MARGIN / 2,
		    y_of(s, r) + SVG_CELL / 2 + 5, r + 1);
}

void
svg_square(struct svg *s, int file, int rank, const char *fill)
{
	buf_printf(s->b, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
	    "fill=\"", x_of(file), y_of(s, rank), SVG_CELL, SVG_CELL);
	svg_escape(s->b, fill);
	buf_adds(s->b, "\" stroke=\"#8a7a5a\"/>\n");
}

void
svg_outline(struct svg *s, int file, int rank, const char *stroke)
{
	buf_printf(s->b, "<rect class=\"mark\" x=\"%d\" y=\"%d\" width=\"%d\" "
	    "height=\"%d\" fill=\"none\" stroke-width=\"4\" stroke=\"",
	    x_of(file) + 2, y_of(s, rank) + 2, SVG_CELL - 4, SVG_CELL - 4);
	svg_escape(s->b, stroke);
	buf_adds(s->b, "\"/>\n");
}

static void
disc(struct buf *b, int cx, int cy, int radius, int size, const char *fill,
    const char *ink, const char *label)
{
	buf_printf(b, "<g class=\"piece\"><circle cx=\"%d\" cy=\"%d\" r=\"%d\" "
	    "fill=\"", cx, cy, radius);
	svg_escape(b, fill);
	buf_printf(b, "\" stroke=\"#333\" stroke-width=\"2\"/><text x=\"%d\" "
	    "y=\"%d\" font-size=\"%d\" text-anchor=\"middle\" fill=\"", cx,
	    cy + size / 3, size);
	svg_escape(b, ink);
	buf_adds(b, "\">");
	svg_escape(b, label);
	buf_adds(b, "</text></g>\n");
}

void
svg_disc(struct svg *s, int file, int rank, const char *fill, const char *ink,
    const char *label)
{
	disc(s->b, x_of(file) + SVG_CELL / 2, y_of(s, rank) + SVG_CELL / 2,
	    SVG_CELL / 2 - 6, 16, fill, ink, label);
}

void
svg_token(struct svg *s, int x, int y, const char *fill, const char *ink,
    const char *label)
{
	disc(s->b, x, y, 12, 12, fill, ink, label);
}

void
svg_caption(struct svg *s, int line, const char *text)
{
	buf_printf(s->b, "<text x=\"%d\" y=\"%d\" font-size=\"13\">",
	    SVG_MARGIN, s->caption_y + line * LINE);
	svg_escape(s->b, text);
	buf_adds(s->b, "</text>\n");
}

void
svg_end(struct svg *s)
{
	buf_adds(s->b, "</svg>\n");
}
