/*
 * What club.c, club_recent.c and club_members.c share: the root's YAML
 * files read and parsed alike.  Private to them.
 */
#ifndef CLUB_INT_H
#define CLUB_INT_H

#include <stddef.h>

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

#endif
