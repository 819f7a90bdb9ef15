/*
 * What selfplay.c and selfplay_store.c share and nobody else includes.
 */
#ifndef SELFPLAY_INT_H
#define SELFPLAY_INT_H

#include "selfplay.h"

#define SELFPLAY_MAX_EARLY	TRANSCRIPT_MAX_EARLY

struct selfplay_store {
	struct buf	*entry;		/* by seq */
	size_t		 nentry;
	uint64_t	 early_seq[SELFPLAY_MAX_EARLY];
	struct buf	 early[SELFPLAY_MAX_EARLY];
	struct buf	*update;	/* received, or sent (the judge) */
	int		*update_seat;
	size_t		 nupdate;
	uint64_t	 fork_seq;	/* a dispute's fork (dispute.c) */
	struct buf	 fork;
};

/* A copy's store in memory: empty, freed, copied whole (a fork). */
extern const struct transcript_store selfplay_memory;
struct selfplay_store *selfplay_store_new(void);
void	selfplay_store_free(struct selfplay_store *);
struct selfplay_store *selfplay_store_clone(const struct selfplay_store *);

#endif
