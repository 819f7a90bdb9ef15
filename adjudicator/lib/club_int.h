/*
 * What club.c and its records (club_recent.c, club_members.c,
 * club_challenges.c, club_seeks.c) share: the root's YAML files read,
 * parsed and written alike.  Private to them.
 */
#ifndef CLUB_INT_H
#define CLUB_INT_H

#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "ydoc.h"

/* text as YAML into *doc: NULL when it is blank (comments and blank
 * lines alone), which is no setting. */
int	club_doc_parse(const void *text, size_t len, const char *where,
	    struct ydoc **doc, struct error *);
/*
 * ROOT/NAME read (at most max bytes) and parsed as above, its path in
 * path (PATH_MAX): *doc NULL when the file is absent.  A name that is
 * there but cannot be read (a link to nothing, a FIFO, a device) is an
 * error, never "absent".
 */
int	club_doc_read(const char *root, const char *name, size_t max,
	    char *path, struct ydoc **doc, struct error *);

/*
 * A record of the root, ROOT/name (at most max bytes; absent or blank:
 * take is not called), or a text, parsed and its document given to take
 * (arg, where names it in errors): 0; -1 with any refusal but a system
 * error made EXIT_USAGE (the operator mends the file; the mail is kept
 * meanwhile).  What take filled on a refusal is the caller's to free.
 */
int	club_record_read(const char *root, const char *name, size_t max,
	    int (*take)(const struct ydoc *, void *arg, const char *where,
	    struct error *), void *arg, struct error *);
int	club_record_parse(const void *text, size_t len, const char *where,
	    int (*take)(const struct ydoc *, void *arg, const char *where,
	    struct error *), void *arg, struct error *);
/* ROOT/name written whole, atomically (fsio: a temporary file synced and
 * renamed over it, 0600), the YAML that fill writes of arg. */
int	club_record_write(const char *root, const char *name,
	    void (*fill)(struct ydoc_writer *, const void *arg),
	    const void *arg, struct error *);

/* One field of a record's element: its text, or (text NULL) a time;
 * an optional one ("" text) is left out. */
struct club_field {
	const char	*key;
	const char	*text;
	int64_t		 time;
	int		 optional;
};

/* An element of a record's list: a map of its fields, in order. */
void	club_record_fields(struct ydoc_writer *, const struct club_field *,
	    size_t);

/*
 * A record's list of n elements of size: grown by one at the end, zeroed
 * (the new base, or NULL when max are there or out of memory, v kept),
 * and the element at i dropped.
 */
void	*club_list_grow(void *v, size_t n, size_t size, size_t max);
void	club_list_drop(void *v, size_t *n, size_t size, size_t i);

#endif
