/*
 * Who holds a seat (formats/entry.md, "kind: seat"): a seat's own new key
 * or mail address, signed by its current key, and in a judged game the
 * operator's handover of a seat to another key, signed by the judge.
 */
#ifndef HOLDER_H
#define HOLDER_H

#include "buf.h"
#include "error.h"

struct key_public;
struct match;
struct match_holder;
struct ydoc;

int	holder_is_kind(const char *kind);
/* Whether a seat entry may come out of turn (judged games). */
int	holder_off_turn(const struct match *, int author, const char *kind);
int	holder_apply(struct match *, int author, const struct ydoc *,
	    const char *where, struct error *);
/* verify's lines: who held each seat from which entry (none when no seat
 * changed hands). */
void	holder_summary(const struct match *, struct buf *);
/*
 * The judge's handovers (each the record of its new holder, with the
 * entry and the reason), or NULL: the one that took seat from this
 * copy's own key (m->mine); the one that took a seat from key k, which
 * holds none now; the seat's last change of holder, if it was one.
 */
const struct match_holder *holder_gone(const struct match *, int seat);
const struct match_holder *holder_former(const struct match *,
	    const struct key_public *k);
const struct match_holder *holder_handover(const struct match *, int seat);
/* 1 when this copy's seat went to another key (holder_gone), said in out
 * ("handed over to carol (key ...) by the judge at entry 9 (REASON).") */
int	holder_gone_line(const struct match *, int seat, char *out,
	    size_t len);

#endif
