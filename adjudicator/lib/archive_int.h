/*
 * What archive.c and archive_sum.c share: the summary verify prints of an
 * archive that checks out, private to them.
 */
#ifndef ARCHIVE_INT_H
#define ARCHIVE_INT_H

#include <stdint.h>

#include "buf.h"
#include "match.h"

/* A game at its end: the result, the scores, the clock, the holders. */
void	archive_summary(const struct match *, uint32_t count,
	    const struct buf *times, struct buf *out);
/* A game under way (or over without its final openings). */
void	archive_summary_so_far(const struct match *, uint32_t count,
	    const struct buf *times, struct buf *out);

#endif
