/*
 * The mail reader: the one place where a mail is taken apart.  An input
 * is cut into its mails (an mbox), and a mail
 * (RFC 5322, with MIME) gives its headers, and the text of each of its
 * parts: multiparts
 * walked, quoted-printable and base64 undone, an HTML part turned into
 * the lines a mail client shows; anything that is not a mail is one text
 * as it is.  Bounded: parts nested at most MIME_DEPTH deep.  What the
 * texts hold (armored messages: armor.h) is for the caller.
 */
#ifndef MIME_H
#define MIME_H

#include <stddef.h>

#include "buf.h"
#include "error.h"

#define MIME_DEPTH	8
#define MIME_NAME	64	/* a header's name, at most 63 bytes */
#define MIME_VALUE	1024	/* its value, cut at 1023 */

/*
 * One header of a mail: its name as written, its value unfolded (each
 * continuation line joined to it as it is, RFC 5322 2.2.3) without the
 * blanks around it.
 */
typedef void mime_header_fn(void *, const char *name, const char *value);

/*
 * The header block at the start of a mail (an mbox's "From " line before
 * it is passed over), each header to fn in order.  Returns the offset of
 * the body, after the blank line; 0 when there is none: the text does not
 * start with headers, or ends before a blank line.
 */
size_t	mime_headers(const char *, size_t, mime_header_fn *, void *);

/*
 * One text of a mail, in the mail's order.  html: the text is an HTML
 * part's, turned into lines, whose blanks may be the source's line
 * breaks.  A nonzero return stops the walk (e set).
 */
typedef int mime_text_fn(void *, const char *, size_t, int html,
    struct error *);

/* Every text of a mail (or of anything else: itself) to fn. */
int	mime_texts(const char *, size_t, const char *where, mime_text_fn *,
	    void *, struct error *);

/*
 * An input as mails: an mbox (the input starts with a "From " line) is cut
 * at every "From " line that follows a blank line; anything else is one
 * mail.  each gets every mail in turn, its From line included.
 */
typedef int mime_each_fn(void *, const char *, size_t, struct error *);
int	mime_split(const char *, size_t, mime_each_fn *, void *,
	    struct error *);

#endif
