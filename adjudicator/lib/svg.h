/*
 * SVG pictures of square boards: a title, a grid with coordinates, shaded
 * squares, pieces as discs of any colour carrying a short label, rows of
 * tokens for pieces off the board, marked squares, and lines of text
 * under it all.  Everything is laid out from the top down, and the canvas
 * is sized at the end from what was drawn, so nothing can fall outside
 * it.  Every text is escaped here, so callers may pass what they like.
 */
#ifndef SVG_H
#define SVG_H

#include "buf.h"

#define SVG_CELL	48
#define SVG_MARGIN	24
#define SVG_WRAP	76	/* characters in one line of text, at most */

struct game_action;

struct svg {
	struct buf	*out;		/* where svg_end writes the picture */
	struct buf	 body;		/* what is drawn, until svg_end */
	char		 title[160];
	int		 files, ranks;
	int		 top;		/* the board's upper edge */
	int		 y;		/* the top of what comes next */
	int		 row_start, row_x;	/* a row's first token, its next */
	int		 width, height;	/* what is drawn reaches this far */
};

/* A picture with title, written to out by svg_end. */
void	svg_begin(struct svg *, struct buf *out, const char *title);
/* The board of files x ranks with its coordinates, below what is drawn:
 * checkered, or (plain not NULL) all of that colour. */
void	svg_board(struct svg *, int files, int ranks, const char *plain);
void	svg_square(struct svg *, int file, int rank, const char *fill);
/* A square's outline, drawn over the board (a marker). */
void	svg_outline(struct svg *, int file, int rank, const char *stroke);
/* Every square an action names (from, to, target, a list of moves) that
 * is on the board, outlined as the last move (class "last"). */
void	svg_mark(struct svg *, const struct game_action *, const char *stroke);
void	svg_disc(struct svg *, int file, int rank, const char *fill,
	    const char *ink, const char *label);
/* A pawn on a square, seen at a glance on any colour: a thick ring,
 * black outside and white inside, around the square's label, and with
 * more than one a badge carrying how many (topogic), class "pawn". */
void	svg_pawn(struct svg *, int file, int rank, int count);
/* A label in the middle of a square (topogic's tile values). */
void	svg_label(struct svg *, int file, int rank, const char *ink,
	    const char *label);
/* A row of small discs under what is drawn, for pieces off the board
 * (reserves, captures): its words, then one token after another. */
void	svg_row(struct svg *, const char *words);
void	svg_token(struct svg *, const char *fill, const char *ink,
	    const char *label);
/* A line of text under what is drawn, wrapped at SVG_WRAP characters;
 * class names what it is ("legend", "last", "result", "score"). */
void	svg_line(struct svg *, const char *class, const char *text);
/* Writes the picture, its canvas what was drawn plus a margin. */
void	svg_end(struct svg *);
/* &, <, >, " and ' as entities: for SVG text and attributes, and HTML;
 * -1 when memory ran out. */
int	svg_escape(struct buf *, const char *);

#endif
