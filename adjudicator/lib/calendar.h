/*
 * A member's deadlines as an iCalendar file (RFC 5545): one event for
 * each game of a root where its seat is to move on a running clock
 * (root_due), at its deadline, ending where its grace ends.  CRLF line
 * ends, lines folded at 75 octets, text escaped.  formats/calendar.md.
 */
#ifndef CALENDAR_H
#define CALENDAR_H

#include <stddef.h>

#include "buf.h"
#include "error.h"
#include "root.h"

#define CALENDAR_FOLD	75	/* octets of a line, its CRLF aside */

/* The calendar of root's games into out; *unreadable: the games that
 * could not be read, left out. */
int	calendar_root(const char *root, struct buf *out, int *unreadable,
	    struct error *);
/* The same of a member's seat in the judge's copies (root.h: pick), as
 * its digest attaches it (issue 34). */
int	calendar_member(const char *root, root_seat_fn *pick, void *arg,
	    struct buf *out, int *unreadable, struct error *);
/* A TEXT value escaped (RFC 5545 3.3.11): backslash, semicolon, comma,
 * newline; any other control character a blank. */
int	calendar_escape(struct buf *, const char *);
/* One content line of n octets, folded (3.1) and ended with CRLF: never
 * inside a UTF-8 sequence. */
int	calendar_line(struct buf *, const char *, size_t n);

#endif
