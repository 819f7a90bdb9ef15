/*
 * A finished game as one self-contained HTML page (formats/replay.md):
 * the archive is verified exactly as verify does it, and the public view
 * after every entry is kept as an SVG picture with the entry's words; at
 * the end, every setup as the transcript opened it.  Nothing on the page
 * is fetched from anywhere: its style and script are inline, and a
 * Content-Security-Policy forbids every fetch.
 */
#ifndef REPLAY_H
#define REPLAY_H

#include <stdio.h>

#include "buf.h"
#include "error.h"

/* Verifies the archive read from f (name: for errors); on success
 * appends the page to page.  threads as for archive_verify. */
int	replay_page(FILE *, const char *name, int threads, struct buf *page,
	    struct error *);
/* replay -a: a finished game's page with every piece shown from the
 * start, as the setups the game opened say (the archive in memory: it is
 * verified twice, once to learn the setups). */
int	replay_page_all(const uint8_t *, size_t, const char *name,
	    int threads, struct buf *page, struct error *);
/*
 * A game so far, from a copy's export (replay -d, show -f moves): checked
 * entry by entry as verify does it, but it may be unfinished; then the
 * end's audits wait, and only what the public may know is shown (the
 * public positions, no setup).  REPLAY_PAGE: the page; REPLAY_MOVES: the
 * move list, the public entries one a line under a few tags, like a PGN
 * score sheet, without the judge's bare stamps of the time it took each
 * entry (view_last.h); REPLAY_MOVES_ALL: the same with them.
 */
enum replay_what { REPLAY_PAGE, REPLAY_MOVES, REPLAY_MOVES_ALL };
int	replay_so_far(FILE *, const char *name, int threads,
	    enum replay_what, struct buf *, struct error *);
/* Text made safe inside an HTML element or a quoted attribute. */
void	replay_escape(struct buf *, const char *);

#endif
