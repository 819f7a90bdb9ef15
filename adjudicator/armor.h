/*
 * ASCII armor: BEGIN line, base64 at 64 columns, END line.  Reading is
 * lenient about transport (CRLF, quoting, surrounding text, several
 * blocks, RFC 5322 mail with quoted-printable or base64 MIME parts) and
 * strict about content (the base64 must decode exactly).
 */
#ifndef ARMOR_H
#define ARMOR_H

#include <stddef.h>

#include "buf.h"
#include "error.h"

#define ARMOR_MESSAGE	"ADJUDICATOR MESSAGE"
#define ARMOR_SECRET	"ADJUDICATOR SECRET KEY"
#define ARMOR_MAX_BLOCKS 256

struct armor_list {
	struct buf	*items;		/* decoded binary blobs, in input order */
	size_t		 n;
};

int	armor_wrap(const void *, size_t, const char *label, struct buf *,
	    struct error *);
/* Finds every block with the label; none found is an error. */
int	armor_read(const char *text, size_t len, const char *label,
	    const char *where, struct armor_list *, struct error *);
void	armor_list_free(struct armor_list *);

#endif
