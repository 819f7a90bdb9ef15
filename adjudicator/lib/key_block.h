/*
 * A public key as a short armored block (ADJUDICATOR PUBLIC KEY) for
 * mail: the key's name, its two public keys, its key id and a checksum,
 * in lines of 64 columns that no mail client wraps, where the one-line
 * .pub (128 characters and more) may be.  formats/key.md.
 */
#ifndef KEY_BLOCK_H
#define KEY_BLOCK_H

#include <stddef.h>

#include "buf.h"
#include "error.h"
#include "key.h"

#define KEY_BLOCK_MAGIC		"ADJP"
#define KEY_BLOCK_VERSION	1
#define KEY_BLOCK_SUM		4	/* bytes of checksum */

/* The block of k, armored, appended to out. */
int	key_block_write(const struct key_public *k, struct buf *out,
	    struct error *);
/*
 * The one key block of text (a mail, a quoted reply, a file: read as
 * armor_read reads messages), checked as a .pub line is: a block damaged
 * on the way (its checksum) is refused (3) naming its line; so are
 * several different blocks.  where names the input.
 */
int	key_block_read(const char *text, size_t len, const char *where,
	    struct key_public *k, struct error *);

#endif
