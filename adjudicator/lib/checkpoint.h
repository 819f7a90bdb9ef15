/*
 * The checkpoint: a copy's state as the journal left it, so that a
 * command starts from it instead of replaying the whole transcript
 * (formats/gamedir.md).  It is never trusted blindly: it is authenticated
 * with the directory's own key (kept in its journal), bound to this
 * build, to the game and to the exact point of the journal it covers,
 * and checked against the last entry's hash there.  Anything wrong, and
 * the state is rebuilt from the journal.
 */
#ifndef CHECKPOINT_H
#define CHECKPOINT_H

#include <stdint.h>

#include "buf.h"
#include "error.h"
#include "transcript.h"

#define CHECKPOINT_KEY	32

/* What the game directory keeps beside the copy's state. */
struct checkpoint_extra {
	uint64_t	 end;			/* the journal it covers */
	uint64_t	 synced;		/* of that, what was synced */
	uint64_t	 last_out;		/* the last seq sent */
	uint64_t	 secret[GAME_MAX_SEATS];	/* SECRET records */
	uint64_t	*early_seq, *early_off;	/* entries waiting */
	size_t		 nearly;
	uint64_t	*upd_off;		/* UPDATE records, in order */
	int		*upd_seat;
	size_t		 nupd;
	uint64_t	 dups;			/* UPDATE records held twice */
};

int	checkpoint_write(const struct transcript *, const struct checkpoint_extra *,
	    const uint8_t key[CHECKPOINT_KEY], struct buf *, struct error *);
/*
 * Restores the copy's match and the extra state: p->m, made from the
 * header, is replaced; or (p->m NULL) the checkpoint alone makes it, its
 * rules named in it, and p->me is seat's place in it (the header need
 * not be parsed: the MAC says this directory wrote it).  1: not usable
 * (another build, another game, a bad MAC, damaged, no such seat): the
 * caller rebuilds from the journal.
 */
int	checkpoint_read(struct transcript *, const char *seat,
	    struct checkpoint_extra *, const uint8_t key[CHECKPOINT_KEY],
	    const uint8_t *, size_t, struct error *);
void	checkpoint_extra_free(struct checkpoint_extra *);

#endif
