/*
 * A seat's (or the judge's) local copy of a game, on disk
 * (formats/gamedir.md):
 *
 *   GAMEDIR/seat             who this copy belongs to and its key file
 *   GAMEDIR/lock             held while a command works on the copy
 *   GAMEDIR/journal          everything accepted, append-only: the
 *                            transcript, messages sent, early entries,
 *                            secrets, private openings, updates (0600)
 *   GAMEDIR/journal.idx      where each entry is (advice, rebuilt)
 *   GAMEDIR/journal.head     where the last commit ends (advice)
 *   GAMEDIR/checkpoint       the state the journal leads to (a cache,
 *                            authenticated, rebuilt when off)
 *
 * A command's changes are one batch, made durable at once by
 * gamedir_commit(): all of them or none survive a crash.  The directory
 * is the store of a copy (transcript.h): the verbs work through the copy.
 */
#ifndef GAMEDIR_H
#define GAMEDIR_H

#include <limits.h>

#include "checkpoint.h"
#include "journal.h"
#include "transcript.h"

enum gamedir_mode {
	GAMEDIR_READ,	/* a shared lock: show, export, resend */
	GAMEDIR_WRITE	/* an exclusive lock: what changes the copy */
};

struct gamedir_pending;

struct gamedir {
	char		 path[PATH_MAX - 64];	/* room for names */
	char		 seat[KEY_NAME_MAX + 1];
	char		 keypath[PATH_MAX];
	/* a key this seat moved to that its transcript does not give it
	 * yet (a judged seat's, until the judge's update brings the entry
	 * back): "" when none */
	char		 nextkey[PATH_MAX];
	int		 lock;		/* file descriptor, or -1 */
	int		 writable;
	struct transcript	 t;		/* the copy this directory keeps */
	struct journal	 j;
	uint8_t		 key[CHECKPOINT_KEY];
	struct checkpoint_extra x;	/* offsets of what the state needs */
	struct gamedir_pending *pend;	/* this command's records */
	size_t		 npend;
	int		 rebuilt;	/* the state was replayed: save it */
};

int	gamedir_create(const char *path, const uint8_t *header, size_t len,
	    const char *seat, const char *keypath, struct error *);
int	gamedir_open(const char *path, enum gamedir_mode, struct gamedir *,
	    const struct report *, struct error *);
/* The seat file again: this copy's key, and the next one or NULL
 * (formats/gamedir.md). */
int	gamedir_set_keys(struct gamedir *, const char *key, const char *next,
	    struct error *);
/* Makes this command's changes durable (one write, one sync) and saves
 * the checkpoint.  A command calls it before it prints a message or a
 * view that depends on them. */
int	gamedir_commit(struct gamedir *, struct error *);
/* The judge's sent marks: kept without a sync (see gamedir.c). */
int	gamedir_commit_lazy(struct gamedir *, struct error *);
/* A synced commit with another to follow in the same command (the
 * judge's entries, then its sent marks): the checkpoint is written after
 * the last. */
int	gamedir_commit_first(struct gamedir *, struct error *);
/* gamedir_commit_first in two halves (journal_commit_begin): between
 * them the caller works while the disk syncs; after a failed end the
 * directory is only to be closed. */
int	gamedir_commit_begin(struct gamedir *, struct error *);
int	gamedir_commit_end(struct gamedir *, struct error *);
void	gamedir_close(struct gamedir *);
/* What a repair did (gamedir_repair.c). */
struct gamedir_repair {
	int		whole;		/* nothing to repair */
	uint64_t	kept_to;	/* entries 0 .. kept_to kept */
	uint64_t	lost_to;	/* kept_to + 1 .. lost_to must come
					 * again (0: none known) */
	int		updates;	/* updates and sent marks dropped */
	uint64_t	again_from;	/* updates from this seq come again */
	int		spans;		/* damaged spans dropped */
	int		maybe_entry;	/* one of them may have been an entry */
	unsigned	secrets_lost;	/* seats whose setup this copy lost */
	char		damaged[PATH_MAX];	/* the old journal, kept */
};
/*
 * Saves what is whole in a damaged journal, the old one kept beside it;
 * header (an invitation's signed blob, may be NULL) stands in for a
 * damaged entry 0.  Each record dropped is said through the report.
 */
int	gamedir_repair(const char *path, const uint8_t *header, size_t,
	    const struct report *, struct gamedir_repair *, struct error *);

/* A seat's own setup, kept in the same batch as its commitments. */
int	gamedir_save_secret(struct gamedir *, const struct match_secret *,
	    struct error *);
int	gamedir_outbox(struct gamedir *, uint64_t seq, struct buf *,
	    struct error *);
/* A judged seat's next entry is made and sent: the judge's update has
 * not brought it back yet (its outbox holds the entry after the last). */
int	gamedir_judged_sent(struct gamedir *);

uint64_t gamedir_last_sent(struct gamedir *);
/* The archive (archive.md): header and transcript; a judged seat's copy
 * adds its own setup's openings and every update it received.  Handed to
 * sink in pieces as it is made (armor_out). */
int	gamedir_export(const struct gamedir *, struct buf *, armor_sink_fn *,
	    void *, struct error *);

#endif
