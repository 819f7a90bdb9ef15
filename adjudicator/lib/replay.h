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
/* Text made safe inside an HTML element or a quoted attribute. */
void	replay_escape(struct buf *, const char *);

#endif
