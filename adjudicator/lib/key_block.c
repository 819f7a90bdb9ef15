/*
 * The public key block (formats/key.md):
 *
 *   "ADJP" version(1) namelen(1) name(namelen) sign_pk(32) box_pk(32)
 *   keyid(8) checksum(4)
 *
 * The checksum (BLAKE2b over everything before it) tells a block changed
 * on the way, the name included; the key id is checked against the keys
 * as a .pub line's is, and so are the keys' points: the block is read
 * back through key_public_parse, so that it is taken exactly when the
 * .pub line it stands for would be.
 */
#include <stdio.h>
#include <string.h>

#include "armor.h"
#include "key_block.h"

#define KB_HEAD		(4 + 1 + 1)
#define KB_KEYS		(SEC_SIGN_PK + SEC_BOX_PK)
#define KB_LEN(n)	(KB_HEAD + (n) + KB_KEYS + KEY_ID + KEY_BLOCK_SUM)
#define KB_PERSONAL	"adj-pubblock-v1"

int
key_block_write(const struct key_public *k, struct buf *out, struct error *e)
{
	uint8_t rec[KB_LEN(KEY_NAME_MAX)], h[SEC_HASH];
	size_t n = strlen(k->name), at;

	if (n == 0 || n > KEY_NAME_MAX)
		return error_set(e, EXIT_MALFORMED, "%s: bad key name",
		    k->idhex);
	memcpy(rec, KEY_BLOCK_MAGIC, 4);
	rec[4] = KEY_BLOCK_VERSION;
	rec[5] = (uint8_t)n;
	memcpy(rec + KB_HEAD, k->name, n);
	at = KB_HEAD + n;
	memcpy(rec + at, k->sign_pk, SEC_SIGN_PK);
	memcpy(rec + at + SEC_SIGN_PK, k->box_pk, SEC_BOX_PK);
	memcpy(rec + at + KB_KEYS, k->id, KEY_ID);
	at += KB_KEYS + KEY_ID;
	if (sec_hash(h, KB_PERSONAL, rec, at) != 0)
		return error_set(e, EXIT_SYSTEM, "cannot hash the key block");
	memcpy(rec + at, h, KEY_BLOCK_SUM);
	return armor_wrap(rec, KB_LEN(n), ARMOR_PUBLIC, out, e);
}

/* The record of one block, its where "FILE:LINE": the .pub line it
 * stands for, checked as key_public_parse checks one. */
static int
decode(const uint8_t *p, size_t len, const char *where, struct key_public *k,
    struct error *e)
{
	char line[KEY_LINE_MAX], b64[128], id[KEY_ID_HEX];
	uint8_t h[SEC_HASH];
	size_t n;

	/* every version ends with the checksum: damage is told first */
	if (len < KB_LEN(1))
		return error_set(e, EXIT_MALFORMED, "%s: public key block "
		    "too short (%zu bytes): cut on the way; ask for it again",
		    where, len);
	if (sec_hash(h, KB_PERSONAL, p, len - KEY_BLOCK_SUM) != 0)
		return error_set(e, EXIT_SYSTEM, "cannot hash the key block");
	if (memcmp(h, p + len - KEY_BLOCK_SUM, KEY_BLOCK_SUM) != 0)
		return error_set(e, EXIT_MALFORMED, "%s: public key block "
		    "damaged on the way (its checksum does not match); ask "
		    "for it again", where);
	if (memcmp(p, KEY_BLOCK_MAGIC, 4) != 0)
		return error_set(e, EXIT_MALFORMED, "%s: not a public key "
		    "block", where);
	if (p[4] != KEY_BLOCK_VERSION)
		return error_set(e, EXIT_MALFORMED, "%s: public key block of "
		    "version %u (this program reads %d)", where, p[4],
		    KEY_BLOCK_VERSION);
	n = p[5];
	if (n == 0 || n > KEY_NAME_MAX || len != KB_LEN(n))
		return error_set(e, EXIT_MALFORMED, "%s: public key block of "
		    "%zu bytes, its name's length %zu", where, len, n);
	if (sec_b64_encode(b64, sizeof(b64), p + KB_HEAD + n, KB_KEYS) != 0 ||
	    sec_hex(id, sizeof(id), p + KB_HEAD + n + KB_KEYS, KEY_ID) != 0 ||
	    (size_t)snprintf(line, sizeof(line), "%s %.*s %s %s",
	    KEY_PUB_TAG, (int)n, (const char *)p + KB_HEAD, id, b64) >=
	    sizeof(line))
		return error_set(e, EXIT_SYSTEM, "public key line too long");
	return key_public_parse(line, k, where, e);
}

int
key_block_read(const char *text, size_t len, const char *where,
    struct key_public *k, struct error *e)
{
	struct armor_list l = { NULL, 0, NULL };
	char at[256];
	int rc;

	if (armor_read(text, len, ARMOR_PUBLIC, where, &l, e) != 0)
		return -1;
	if (l.n > 1)
		rc = error_set(e, EXIT_MALFORMED, "%s:%zu: %zu different "
		    "public key blocks (the second here); import one at a time",
		    where, l.line[1], l.n);
	else {
		snprintf(at, sizeof(at), "%s:%zu", where, l.line[0]);
		rc = decode(l.items[0].data, l.items[0].len, at, k, e);
	}
	armor_list_free(&l);
	return rc;
}
