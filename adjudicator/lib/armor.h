/*
 * ASCII armor: BEGIN line, base64 at 64 columns, END line.  Reading is
 * lenient about transport (CRLF, quoting, surrounding text, several
 * blocks; in a mail, each part's text as the mail reader gives it,
 * mime.h) and strict about content (the base64 must decode exactly).
 */
#ifndef ARMOR_H
#define ARMOR_H

#include <stddef.h>
#include <stdio.h>

#include "buf.h"
#include "error.h"

#define ARMOR_MESSAGE	"ADJUDICATOR MESSAGE"
#define ARMOR_SECRET	"ADJUDICATOR SECRET KEY"
#define ARMOR_ARCHIVE	"ADJUDICATOR ARCHIVE"
#define ARMOR_PUBLIC	"ADJUDICATOR PUBLIC KEY"
#define ARMOR_MAX_BLOCKS 256

struct armor_list {
	struct buf	*items;		/* decoded binary blobs, in input order */
	size_t		 n;
	size_t		*line;		/* each one's BEGIN line */
};

int	armor_wrap(const void *, size_t, const char *label, struct buf *,
	    struct error *);

/*
 * Armor written as it is made, for what is public (an archive): bytes go
 * in as they come; whole lines collect in out, which is handed to the
 * sink and emptied whenever it holds ARMOR_OUT_CHUNK bytes or more, and
 * at the end.  Without a sink, out simply holds the whole armor.  The
 * text is the same as armor_wrap's.
 */
typedef int armor_sink_fn(void *, const void *, size_t, struct error *);

#define ARMOR_OUT_CHUNK	65536

struct armor_out {
	struct buf	*out;
	armor_sink_fn	*sink;
	void		*arg;
	const char	*label;
	uint8_t		 pend[48];	/* not yet a whole line */
	size_t		 npend;
};

int	armor_out_begin(struct armor_out *, const char *label, struct buf *out,
	    armor_sink_fn *, void *, struct error *);
int	armor_out_add(struct armor_out *, const void *, size_t,
	    struct error *);
int	armor_out_end(struct armor_out *, struct error *);
/* Finds every block with the label in a mail, or in any other text;
 * none found is an error. */
int	armor_read(const char *text, size_t len, const char *label,
	    const char *where, struct armor_list *, struct error *);
void	armor_list_free(struct armor_list *);
void	armor_clean_line(const char **, size_t *);
int	armor_is_b64(char);
/* How many of the n characters at p are base64 (or '='), from the first. */
size_t	armor_b64_span(const char *p, size_t n);
/* Base64 of public bytes by table, unwrapped and NUL-terminated, the
 * same text as sec_b64_encode; -1: out too small. */
int	armor_b64_encode(char *out, size_t outmax, const void *, size_t);
/* Base64 of public bytes by table; accepts exactly what sec_b64_decode
 * does. */
int	armor_b64_decode(uint8_t *out, size_t outmax, size_t *outlen,
	    const char *in, size_t len);

/*
 * Streaming: decodes the first block with the label from a FILE without
 * holding the whole input, for archives of any length.
 */
struct armor_stream;
struct armor_stream *armor_stream_open(FILE *, const char *label,
	    const char *where, struct error *);
/* Fills exactly n bytes; 1 when the block ended cleanly before any byte,
 * -1 on error (including a block ending in the middle). */
int	armor_stream_read(struct armor_stream *, void *, size_t,
	    struct error *);
/* The block must end here: no bytes left. */
int	armor_stream_end(struct armor_stream *, struct error *);
/*
 * The next block with the label, after the one read (whole, or refused
 * part way: the rest of it is passed over), named where from now on: 0
 * found, 1 there is none, -1 a read error.
 */
int	armor_stream_next(struct armor_stream *, const char *where,
	    struct error *);
void	armor_stream_close(struct armor_stream *);

#endif
