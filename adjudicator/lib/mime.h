/*
 * The mail reader: the one place where a mail is taken apart.  A mail
 * (RFC 5322, with MIME) gives the text of each of its parts: multiparts
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

#endif
