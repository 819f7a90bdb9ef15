/*
 * The judge's updates (formats/entry.md): what a judged seat receives,
 * the one reader of them for the seat's live check (transcript.c), the
 * game directory's reload (gamedir.c) and verify (archive.c).
 *
 * An update carries entries (a run of consecutive seqs ending at the
 * update's own seq) and the openings the judge shows that seat alone.
 * What it may open follows from its entries alone: the pieces the seat's
 * own pieces came to see in those entries and that were not public by
 * then (audit.c).  So the seq it states is checked, never believed.
 */
#ifndef UPDATE_H
#define UPDATE_H

#include <stdint.h>

#include "audit.h"
#include "buf.h"
#include "envelope.h"
#include "error.h"
#include "opening.h"

struct cond_set;
struct match;

#define UPDATE_NOTE	400

struct update {
	uint64_t	 seq;		/* as it says, checked against its entries */
	uint64_t	 first;		/* its first entry's seq; seq + 1: none */
	size_t		 n;		/* entries */
	struct buf	*blob;		/* each entry's signed bytes */
	struct envelope	*env;		/* each entry's envelope (into blob) */
	size_t		 nopen;
	struct opening	*open;		/* read, not yet checked */
	size_t		 nsetup;
	struct opening	*setup;		/* the seat's own setup, whole: to a
					 * new holder, or a restored copy */
	struct cond_set	*cond;		/* the seat's pending conditions, with
					 * its setup (guarded memory; NULL) */
	char		 note[UPDATE_NOTE];	/* "" when none */
	uint8_t		 hash[SEC_HASH];	/* of the update's signed blob */
};

/* Check every entry's signature (a seat's live copy), or only parse each
 * (entries compared byte for byte with ones already checked). */
#define UPDATE_VERIFY	1

/*
 * Reads the update whose envelope env the caller has verified: signed by
 * the judge, for seat, of this game, seq present, entries numbered one
 * after the other and ending at seq, no more openings than the game has
 * pieces.  Openings are read, not checked against their commitments (the
 * entries may be the ones that carry those commitments).
 */
int	update_read(const struct match *, int seat, const struct envelope *,
	    int flags, const char *where, struct update *, struct error *);
void	update_free(struct update *);

/*
 * The audit record of u: its range, its hash and the pieces it opens.
 * strict refuses an opening of a piece it opened already, or of one of
 * the seat's own pieces; otherwise (a copy read back) such openings are
 * recorded as they were.
 */
int	update_record(const struct match *, int seat, const struct update *,
	    int strict, struct audit_update *, const char *where,
	    struct error *);

#endif
