/*
 * What transcript.c and transcript_in.c share and nobody else includes.
 */
#ifndef TRANSCRIPT_INT_H
#define TRANSCRIPT_INT_H

#include "transcript.h"

/* An early entry: waits in the inbox, unless another waits there. */
int	transcript_early(struct transcript *, uint64_t seq, const uint8_t *,
	    size_t, const uint8_t *stash, size_t stashlen, const char *where,
	    enum transcript_verdict *, struct error *);

#endif
