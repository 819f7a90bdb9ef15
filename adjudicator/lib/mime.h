/*
 * The mail reader: the one place where mail is taken apart.  A mailbox
 * (an mbox, a Maildir file, one mail) is read as a stream, mail by mail;
 * a mail gives its headers, unfolded, and the text of each of its parts:
 * multiparts walked, quoted-printable and base64 undone, an HTML part
 * turned into the lines a mail client shows; anything that is not a mail
 * is one text as it is.  Bounded: a mail kept whole up to the caller's
 * limit, parts nested at most MIME_DEPTH deep, a header MIME_VALUE
 * bytes.  What the texts hold (armored messages: armor.h) and what the
 * headers mean (mail.h) are for the caller.
 */
#ifndef MIME_H
#define MIME_H

#include <stddef.h>
#include <stdio.h>

#include "buf.h"
#include "error.h"

#define MIME_DEPTH	8
#define MIME_NAME	64	/* a header's name, at most 63 bytes */
#define MIME_VALUE	1024	/* its value, cut at 1023 */
#define MIME_HEAD	65536	/* what is kept of a mail too large */
#define MIME_MAIL_MAX	(16u * 1024 * 1024)	/* a mail read, at most */

/* --- a mailbox --- */

/* One mail of a mailbox. */
struct mime_mail {
	const char	*text;		/* the whole mail; too_large: its head */
	size_t		 len;
	unsigned long	 n;		/* its number in the input, from 1 */
	unsigned long long offset;	/* of its first byte in the input */
	int		 mbox;		/* the input is an mbox */
	int		 too_large;	/* longer than the limit: only its
					 * first bytes are here (the limit's
					 * worth, MIME_HEAD at most) */
};

/* A nonzero return stops the reading (e set). */
typedef int mime_mail_fn(void *, const struct mime_mail *, struct error *);

/*
 * Every mail of the input f, in turn, to each: an mbox (the input starts
 * with a "From " line) is cut at every "From " line that follows a blank
 * line, and each mail keeps its From line; any other input is one mail
 * (an empty input, one empty mail).  Only the mail being read is held: a
 * mail longer than limit is handed over too_large, its head only, and
 * the mails after it are read as usual.  name is the input's, for a read
 * error.
 */
int	mime_mailbox(FILE *f, const char *name, size_t limit, mime_mail_fn *,
	    void *, struct error *);
/* "INPUT: mail N" in an mbox, else "INPUT". */
void	mime_mail_where(const struct mime_mail *, const char *input, char *,
	    size_t);
/* A mail too large, in words: "WHERE (Message-ID <...>): larger than
 * LIMIT", named by its offset ("at byte N") when it has no fit
 * Message-ID. */
void	mime_mail_too_large(const struct mime_mail *, const char *where,
	    size_t limit, char *, size_t);

/* --- a mail --- */

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
 * A Message-ID value kept only when it is plainly safe to repeat (in an
 * answer's In-Reply-To, on a line of its own): "<...>" of printable
 * characters without blanks.  1 and out set, or 0 and out "".
 */
int	mime_id(const char *value, char *out, size_t);
/* The Message-ID of a mail, as mime_id keeps it. */
int	mime_message_id(const char *, size_t, char *out, size_t);
/*
 * An unstructured header's value (Subject) with its RFC 2047 encoded
 * words ("=?charset?B|Q?text?=") decoded into UTF-8: UTF-8 and US-ASCII
 * as they are, ISO-8859-1 turned into UTF-8, the bytes over 127 of any
 * other charset as '?', a control character as a blank; the blanks
 * between two encoded words go.  A word that is not well formed stays as
 * it is.  Cut at len - 1 bytes.
 */
void	mime_words(const char *value, char *out, size_t len);

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
 * The same walk, each part with what it is: a text a mail client shows
 * as text (text/plain, or no Content-Type), an HTML part (turned into
 * lines), or anything else (an attachment, decoded); whole: the input
 * is no MIME mail, and the text is all of it, its headers included.
 */
struct mime_part {
	const char	*text;
	size_t		 len;
	int		 html;
	int		 plain;
	int		 whole;
};
typedef int mime_part_fn(void *, const struct mime_part *, struct error *);
int	mime_parts(const char *, size_t, const char *where, mime_part_fn *,
	    void *, struct error *);

#endif
