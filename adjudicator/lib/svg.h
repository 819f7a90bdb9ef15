/*
 * SVG pictures of square boards: a grid with coordinates, shaded squares,
 * pieces as discs of any colour carrying a short label, and a caption.
 * Every text is escaped here, so callers may pass what they like.
 */
#ifndef SVG_H
#define SVG_H

#include "buf.h"

#define SVG_CELL	48
#define SVG_MARGIN	24

struct svg {
	struct buf	*b;
	int		 files, ranks;
	int		 width, height;
	int		 caption_y;	/* the first caption line */
};

/* A board of files x ranks with room for lines of caption below. */
void	svg_begin(struct svg *, struct buf *, int files, int ranks,
	    int lines, const char *title);
void	svg_square(struct svg *, int file, int rank, const char *fill);
/* A square's outline, drawn over the board (the last move, a marker). */
void	svg_outline(struct svg *, int file, int rank, const char *stroke);
void	svg_disc(struct svg *, int file, int rank, const char *fill,
	    const char *ink, const char *label);
/* A small disc under the board, for pieces off it (reserves, captures). */
void	svg_token(struct svg *, int x, int y, const char *fill,
	    const char *ink, const char *label);
void	svg_caption(struct svg *, int line, const char *);
void	svg_end(struct svg *);
void	svg_escape(struct buf *, const char *);

#endif
