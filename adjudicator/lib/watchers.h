/*
 * The record of a judged game's observers, GAMEDIR/watchers
 * (formats/gamedir.md): each observer's address, the last entry mailed to
 * it, and whether it still watches.  The one place that keeps the cap:
 * at most MATCH_MAX_OBSERVERS named in the header and WATCHERS_BY_MAIL by
 * mail that watch (or watched to the end), in a table that never holds
 * more than WATCHERS_MAX, a place left by UNWATCH taken again.
 */
#ifndef WATCHERS_H
#define WATCHERS_H

#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "match.h"

#define WATCHERS_FILE		"watchers"
#define WATCHERS_BY_MAIL	32	/* observers by mail, in one game */
#define WATCHERS_MAX		(MATCH_MAX_OBSERVERS + WATCHERS_BY_MAIL)
/* a record line: an address, an entry number, a state */
#define WATCHERS_FILE_MAX	(WATCHERS_MAX * (MATCH_ADDRESS + 32) + 64)
#define WATCHERS_SEQ_MAX	UINT64_C(999999999999)

enum watcher_state { WATCHER_ON, WATCHER_OFF, WATCHER_DONE };

struct watcher {
	char		address[MATCH_ADDRESS];
	uint64_t	seq;		/* the last entry mailed to it */
	int		state;		/* enum watcher_state */
	int		named;		/* in the header */
};

struct watchers {
	struct watcher	w[WATCHERS_MAX];
	int		n;
};

/*
 * The record's text (len bytes, path naming it in errors), then the
 * observers the header w names that it does not name yet.  A line that is
 * not ADDRESS SEQ STATE, an address twice, more lines than the table
 * holds or more observers by mail than a game takes: refused
 * (EXIT_MALFORMED), naming the file and the line.
 */
int	watchers_parse(struct watchers *, const char *text, size_t len,
	    const char *path, const struct match_watch *w, struct error *);
/* DIR/watchers read (absent: no line) and parsed as above. */
int	watchers_load(const char *dir, const struct match_watch *w,
	    struct watchers *, struct error *);
/* DIR/watchers written whole, atomically. */
int	watchers_save(const char *dir, const struct watchers *,
	    struct error *);
/* The observer of this address (compared without case), or NULL. */
struct watcher *watchers_find(struct watchers *, const char *address);
/* How many observers by mail watch or watched to the end. */
int	watchers_by_mail(const struct watchers *);
/*
 * A new observer by mail at address, state ON, seq 0: NULL when the game
 * has all the observers by mail it takes (a place left by UNWATCH is
 * taken again, its line forgotten).
 */
struct watcher *watchers_add(struct watchers *, const char *address);

#endif
