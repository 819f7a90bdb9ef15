/*
 * A member's digest (issue 34, "One mail a day"): the member's choice
 * (DIGEST daily|off [ics] by mail) and the signed updates the judge
 * holds for it until its digest goes out, in one record a member,
 * ROOT/digest/NAME (formats/club.md).  Read strictly, written whole and
 * atomically under ROOT/digest.lock (not the root's lock: an update is
 * held while the bot may hold that one already).  Reading and deciding
 * only: the mail bot holds and sends (mailbot_digest.c).
 */
#ifndef DIGEST_H
#define DIGEST_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "error.h"
#include "mail.h"
#include "root.h"

#define DIGEST_DIR	"digest"	/* ROOT/digest/NAME */
#define DIGEST_LOCK	"digest.lock"
#define DIGEST_MAX	(8u * 1024 * 1024)	/* a record, at most: past
						 * it, updates go at once */
#define DIGEST_HELD_MAX	10000
#define DIGEST_HOUR	6	/* the default hour (UTC) of the digest */

/* The member's own choice; DIGEST_DEFAULT: judge.yaml's (digest:). */
enum digest_mode { DIGEST_DEFAULT, DIGEST_OFF, DIGEST_DAILY };

struct digest_held {
	int64_t		time;		/* when the judge held it */
	char		game[ROOT_ID];
	uint64_t	seq;		/* the last entry it carries */
	struct buf	text;		/* the update as its own mail's body */
};

struct digest {
	enum digest_mode	 mode;
	int			 ics;	/* a calendar attached */
	char			 to[MAIL_FIELD];	/* the address the
							 * updates held were
							 * for ("" none) */
	struct digest_held	*h;
	size_t			 n;
};

/* The lock of every record, waited for; *fd until fsio_unlock. */
int	digest_lock(const char *root, int *fd, struct error *);
/* ROOT/digest/name, strictly (absent: the default, nothing held);
 * refused: EXIT_USAGE, the file and line named. */
int	digest_read(const char *root, const char *name, struct digest *,
	    struct error *);
int	digest_parse(const void *text, size_t len, const char *where,
	    struct digest *, struct error *);
/* Written whole, synced; nothing to keep (the default, nothing held):
 * the file removed. */
int	digest_write(const char *root, const char *name,
	    const struct digest *, struct error *);
/* An update held at t: 0; 1 when one of game up to seq is held already
 * (a run that stopped before it recorded the update sent: not twice);
 * 2 when the record would pass DIGEST_MAX (it goes at once); -1. */
int	digest_hold(struct digest *, int64_t t, const char *game, uint64_t seq,
	    const void *text, size_t len, struct error *);
/* When the digest of what is held is due: the first time of day hour
 * (UTC) after the oldest update held; 0 when nothing is held. */
int64_t	digest_due(const struct digest *, int hour);
/* The first n updates held, dropped (those a digest carried). */
void	digest_drop(struct digest *, size_t n);
void	digest_free(struct digest *);
/* The words of a mode: "daily", "daily ics", "off", "default". */
const char *digest_words(const struct digest *);

#endif
