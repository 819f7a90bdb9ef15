/*
 * The commitment sample of formats/commitment.md: reads
 * formats/samples/commitment.yaml with the strict YAML reader and checks
 * that commit_check accepts the opening it gives and refuses every
 * one-field change of it.  Run from the top of the source tree (or with
 * TOP naming it).
 */
#include <stdint.h>

#include "buf.h"
#include "commit.h"
#include "fsio.h"
#include "ydoc.h"
#include "unit.h"

struct sample {
	uint8_t	game[SEC_HASH];
	uint8_t	nonce[COMMIT_NONCE];
	uint8_t	commitment[SEC_HASH];
	char	seat[64], piece[64], value[64];
};

static int
hex_field(const struct ydoc *doc, const char *key, uint8_t *out,
    size_t len, struct error *e)
{
	const char *s;

	if ((s = ydoc_scalar(doc, key, "commitment.yaml", e)) == NULL)
		return -1;
	if (strlen(s) != 2 * len || sec_unhex(out, len, s) != 0)
		return error_set(e, EXIT_MALFORMED, "%s: not %zu bytes of hex",
		    key, len);
	return 0;
}

static int
str_field(const struct ydoc *doc, const char *key, char *out, size_t len,
    struct error *e)
{
	const char *s;

	if ((s = ydoc_scalar(doc, key, "commitment.yaml", e)) == NULL)
		return -1;
	if ((size_t)snprintf(out, len, "%s", s) >= len)
		return error_set(e, EXIT_MALFORMED, "%s: too long", key);
	return 0;
}

static int
load(struct sample *s, struct error *e)
{
	static const char *const keys[] = { "game", "seat", "piece", "value",
	    "nonce", "commitment", NULL };
	const char *top = getenv("TOP");
	char path[4096];
	struct buf b;
	struct ydoc *doc = NULL;
	int rc = -1;

	snprintf(path, sizeof(path), "%s/formats/samples/commitment.yaml",
	    top != NULL && *top != '\0' ? top : ".");
	buf_init(&b);
	if (fsio_read(path, 65536, &b, e) != 0)
		goto done;
	if ((doc = ydoc_parse(b.data, b.len, path, e)) == NULL)
		goto done;
	if (ydoc_check_keys(doc, keys, keys, path, e) != 0 ||
	    hex_field(doc, "game", s->game, sizeof(s->game), e) != 0 ||
	    hex_field(doc, "nonce", s->nonce, sizeof(s->nonce), e) != 0 ||
	    hex_field(doc, "commitment", s->commitment,
	    sizeof(s->commitment), e) != 0 ||
	    str_field(doc, "seat", s->seat, sizeof(s->seat), e) != 0 ||
	    str_field(doc, "piece", s->piece, sizeof(s->piece), e) != 0 ||
	    str_field(doc, "value", s->value, sizeof(s->value), e) != 0)
		goto done;
	rc = 0;
done:
	ydoc_free(doc);
	buf_free(&b);
	return rc;
}

int
main(void)
{
	struct sample s;
	struct error e;
	uint8_t h[SEC_HASH], other[SEC_HASH];

	unit_init();
	error_clear(&e);
	memset(&s, 0, sizeof(s));
	if (load(&s, &e) != 0) {
		printf("# %s\n", e.msg);
		unit_ok(0, "formats: commitment sample loads");
		return unit_done();
	}
	unit_ok(1, "formats: commitment sample loads");
	unit_ok(commit_check(s.commitment, s.game, s.seat, s.piece, s.value,
	    s.nonce) == 0, "formats: commitment sample opens");
	commit_make(h, s.game, s.seat, s.piece, s.value, s.nonce);
	unit_ok(memcmp(h, s.commitment, SEC_HASH) == 0,
	    "formats: commit_make gives the sample's hash");

	/* every one-field change must fail to open it */
	unit_ok(commit_check(s.commitment, s.game, s.seat, s.piece, "king",
	    s.nonce) != 0, "formats: commitment refuses another value");
	unit_ok(commit_check(s.commitment, s.game, "bob", s.piece, s.value,
	    s.nonce) != 0, "formats: commitment refuses another seat");
	unit_ok(commit_check(s.commitment, s.game, s.seat, "a4", s.value,
	    s.nonce) != 0, "formats: commitment refuses another piece");
	memcpy(other, s.game, sizeof(other));
	other[0] ^= 1;
	unit_ok(commit_check(s.commitment, other, s.seat, s.piece, s.value,
	    s.nonce) != 0, "formats: commitment refuses another game");
	memcpy(other, s.nonce, sizeof(other));
	other[31] ^= 0x80;
	unit_ok(commit_check(s.commitment, s.game, s.seat, s.piece, s.value,
	    other) != 0, "formats: commitment refuses another nonce");
	/* the length prefixes keep field boundaries: "alicea"+"3" != "alice"+"a3" */
	unit_ok(commit_check(s.commitment, s.game, "alicea", "3", s.value,
	    s.nonce) != 0, "formats: commitment fields cannot shift");
	return unit_done();
}
