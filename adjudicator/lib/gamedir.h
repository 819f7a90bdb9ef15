/*
 * A seat's (or the judge's) local copy of a game, on disk:
 *
 *   GAMEDIR/seat             who this copy belongs to and its key file
 *   GAMEDIR/lock             held while a command works on the copy
 *   GAMEDIR/transcript/N     entry N's exact signed bytes (0 = header)
 *   GAMEDIR/secret           this seat's setup: its openings (0600)
 *   GAMEDIR/outbox/N.msg     the armored messages this seat sent
 *   GAMEDIR/inbox/N          entries that arrived early
 *   GAMEDIR/private/S.P      openings received privately (judge mode)
 *   GAMEDIR/updates/S/N      judge mode: the updates a seat received, or
 *                            (the judge) the updates sent to seat S
 *   GAMEDIR/openings/SEAT    the judge's copy of each seat's setup (0600)
 *   GAMEDIR/sent/SEAT        the judge: what each seat has been sent
 *
 * Every file is written atomically; the match is rebuilt from these, so
 * nothing can go stale.  The directory is the store of a party
 * (party.h): the verbs work through the party.
 */
#ifndef GAMEDIR_H
#define GAMEDIR_H

#include <limits.h>

#include "party.h"

enum gamedir_mode {
	GAMEDIR_READ,	/* a shared lock: show, export, resend */
	GAMEDIR_WRITE	/* an exclusive lock: what changes the copy */
};

struct gamedir {
	char		 path[PATH_MAX - 64];	/* room for names */
	char		 seat[KEY_NAME_MAX + 1];
	char		 keypath[PATH_MAX];
	int		 lock;		/* file descriptor, or -1 */
	struct party	 party;
};

int	gamedir_create(const char *path, const uint8_t *header, size_t len,
	    const char *seat, const char *keypath, struct error *);
int	gamedir_open(const char *path, enum gamedir_mode, struct gamedir *,
	    const struct report *, struct error *);
void	gamedir_close(struct gamedir *);
/* A seat's own setup, kept before its commitments are sent. */
int	gamedir_save_secret(struct gamedir *, const struct match_secret *,
	    struct error *);
int	gamedir_outbox(const struct gamedir *, uint64_t seq, struct buf *,
	    struct error *);
uint64_t gamedir_last_sent(const struct gamedir *);
/* The archive (archive.md): header and transcript; a judged seat's copy
 * adds its own setup's openings and every update it received. */
int	gamedir_export(const struct gamedir *, struct buf *, struct error *);

#endif
