/*
 * Who holds a seat (formats/entry.md, "kind: seat"): a seat's own new key
 * or mail address, signed by its current key, and in a judged game the
 * operator's handover of a seat to another key, signed by the judge.
 */
#ifndef HOLDER_H
#define HOLDER_H

#include "buf.h"
#include "error.h"

struct match;
struct ydoc;

int	holder_is_kind(const char *kind);
/* Whether a seat entry may come out of turn (judged games). */
int	holder_off_turn(const struct match *, int author, const char *kind);
int	holder_apply(struct match *, int author, const struct ydoc *,
	    const char *where, struct error *);
/* verify's lines: who held each seat from which entry (none when no seat
 * changed hands). */
void	holder_summary(const struct match *, struct buf *);

#endif
