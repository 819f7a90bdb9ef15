/*
 * What gamedir.c and gamedir_store.c share and nobody else includes: this
 * command's batch of records, reading committed records back, and the
 * offsets the checkpoint keeps.
 */
#ifndef GAMEDIR_INT_H
#define GAMEDIR_INT_H

#include "gamedir.h"

struct gamedir_pending {
	enum journal_type	type;
	uint64_t		num;
	struct buf		data;
};

/* The directory's lock, held exclusively (fd into *lock). */
int	gamedir_lock(const char *path, int *lock, struct error *);
/* The duplicate updates dropped from the journal; the caller holds the
 * lock, and opens the directory again. */
int	gamedir_compact(const char *path, struct error *);

/* The transcript's store over the journal (gamedir_store.c). */
extern const struct transcript_store gamedir_disk;

/* The batch's latest record of a type and num, or NULL. */
const struct buf *gamedir_pending(const struct gamedir *, enum journal_type,
	    uint64_t num);
void	gamedir_pending_clear(struct gamedir *);
/* The committed record of a type and num into the buffer; 1: none. */
int	gamedir_find(struct gamedir *, enum journal_type, uint64_t num,
	    struct buf *, struct error *);
/* The record at an offset, which must be of the type given. */
int	gamedir_read_at(struct gamedir *, uint64_t off, enum journal_type,
	    struct buf *, struct error *);
/* The checkpoint's offsets of early entries and updates. */
int	gamedir_early_note(struct gamedir *, uint64_t seq, uint64_t off,
	    struct error *);
void	gamedir_early_forget(struct gamedir *, uint64_t seq);
int	gamedir_note_update(struct gamedir *, int seat, uint64_t off,
	    struct error *);

#endif
