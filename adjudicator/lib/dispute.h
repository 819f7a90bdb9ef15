/*
 * A disputed timeout claim in a peer game: a claim and an entry of the
 * seat it claims out of time, signed for the same seq.  See dispute.c.
 */
#ifndef DISPUTE_H
#define DISPUTE_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "error.h"

struct match;

/*
 * blob forks the transcript's last entry: a timeout claim against the
 * seat that wrote it, or that seat's entry against the claim it holds.
 * 0: recorded on m (m->dispute); 1: the fork m already holds; -1 (e set):
 * refused, nothing changed (no claim involved, or the claim's times
 * settle it).  check_sig 0 when the caller has checked the signature.
 */
int	dispute_take(struct match *, const uint8_t *, size_t, int check_sig,
	    const char *where, struct error *);
struct envelope;
/* 1 when the entry follows the fork a dispute keeps (the other side's
 * next entry): nothing for this transcript. */
int	dispute_follows(const struct match *, const struct envelope *);
/* One line on the dispute, if any: who claims, the times, the deadline. */
void	dispute_text(const struct match *, struct buf *);

#endif
