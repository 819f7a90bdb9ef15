/*
 * A seat's (or the judge's) local copy of a game:
 *
 *   GAMEDIR/seat             who this copy belongs to and its key file
 *   GAMEDIR/transcript/N     entry N's exact signed bytes (0 = header)
 *   GAMEDIR/secret           this seat's setup and nonces (0600)
 *   GAMEDIR/outbox/N.msg     the armored messages this seat sent
 *   GAMEDIR/inbox/N          verified entries that arrived early
 *   GAMEDIR/private/S.P      openings received privately (judge mode)
 *   GAMEDIR/openings/SEAT    the judge's copy of each seat's setup (0600)
 *   GAMEDIR/sent/SEAT        the judge: last seq sent to each seat
 *
 * Every file is written atomically; the view is recomputed from these.
 */
#ifndef GAMEDIR_H
#define GAMEDIR_H

#include <limits.h>

#include "match.h"

struct gamedir {
	char			 path[PATH_MAX - 64];	/* room for names */
	char			 seat[KEY_NAME_MAX + 1];
	char			 keypath[PATH_MAX];
	int			 me;	/* seat index, GAME_MAX_SEATS = judge */
	struct match		*m;
	struct match_secret	*secret;	/* guarded memory, or NULL */
	struct match_secret	*all[GAME_MAX_SEATS];	/* the judge's */
};

int	gamedir_create(const char *path, const uint8_t *header, size_t len,
	    const char *seat, const char *keypath, struct error *);
int	gamedir_open(const char *path, struct gamedir *, struct error *);
void	gamedir_close(struct gamedir *);
/* A seat's own setup, or (the judge) the setup of seat. */
int	gamedir_save_secret(struct gamedir *, int seat,
	    const struct match_secret *, struct error *);
int	gamedir_save_private(struct gamedir *, int seat, const char *id,
	    const char *value, const uint8_t nonce[COMMIT_NONCE],
	    struct error *);
uint64_t gamedir_sent(const struct gamedir *, int seat);
int	gamedir_set_sent(struct gamedir *, int seat, uint64_t,
	    struct error *);
/* Stores an accepted entry (and the message that carried it, if sent by
 * this seat): outbox first, transcript last. */
int	gamedir_store(struct gamedir *, uint64_t seq, const uint8_t *, size_t,
	    const void *msg, size_t msglen, struct error *);
int	gamedir_entry(const struct gamedir *, uint64_t seq, struct buf *,
	    struct error *);
int	gamedir_inbox_put(struct gamedir *, uint64_t seq, const uint8_t *,
	    size_t, struct error *);
int	gamedir_inbox_get(struct gamedir *, uint64_t seq, struct buf *);
void	gamedir_inbox_drop(struct gamedir *, uint64_t seq);
int	gamedir_outbox(const struct gamedir *, uint64_t seq, struct buf *,
	    struct error *);
uint64_t gamedir_last_sent(const struct gamedir *);

#endif
