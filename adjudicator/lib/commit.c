/*
 * Commitments.  Each field is prefixed with its length so that no two
 * different (seat, piece, value) triples can produce the same record.
 */
#include <string.h>

#include "buf.h"
#include "commit.h"

void
commit_nonce(uint8_t nonce[COMMIT_NONCE])
{
	sec_random(nonce, COMMIT_NONCE);
}

int
commit_make(uint8_t out[SEC_HASH], const uint8_t game[SEC_HASH],
    const char *seat, const char *piece, const char *value,
    const uint8_t nonce[COMMIT_NONCE])
{
	struct buf b;
	int rc = -1;

	buf_init(&b);
	if (buf_add_field(&b, game, SEC_HASH) == 0 &&
	    buf_add_field(&b, seat, strlen(seat)) == 0 &&
	    buf_add_field(&b, piece, strlen(piece)) == 0 &&
	    buf_add_field(&b, value, strlen(value)) == 0 &&
	    buf_add_field(&b, nonce, COMMIT_NONCE) == 0)
		rc = sec_hash(out, "adj-commit-v1", b.data, b.len);
	if (rc != 0)
		memset(out, 0, SEC_HASH);
	buf_free(&b);
	return rc;
}

int
commit_check(const uint8_t c[SEC_HASH], const uint8_t game[SEC_HASH],
    const char *seat, const char *piece, const char *value,
    const uint8_t nonce[COMMIT_NONCE])
{
	uint8_t h[SEC_HASH];

	if (commit_make(h, game, seat, piece, value, nonce) != 0)
		return -1;
	return sec_equal(h, c, SEC_HASH) ? 0 : -1;
}
