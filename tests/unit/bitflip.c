/*
 * One flipped bit anywhere in a message must be refused: at every 7th
 * byte of the binary message, and at every 7th character of its armor.
 */
#include "armor.h"
#include "envelope.h"
#include "unit.h"

static const char body[] = "game: g\nseq: 2\nkind: turn\nmove: e2-e4\n";

/* 0 when text de-armors and opens as bob; the error says why not. */
static int
try_open(const uint8_t *p, size_t len, int armored,
    const struct key_secret *bob, struct error *e)
{
	struct armor_list l;
	struct buf sb;
	struct envelope env;
	int rc;

	error_clear(e);
	buf_init(&sb);
	if (!armored) {
		rc = envelope_open(p, len, bob, &sb, &env, "m", e);
		buf_free(&sb);
		return rc;
	}
	if (armor_read((const char *)p, len, ARMOR_MESSAGE, "m", &l, e) != 0)
		return -1;
	rc = l.n == 1 ? envelope_open(l.items[0].data, l.items[0].len, bob,
	    &sb, &env, "m", e) : error_set(e, EXIT_MALFORMED, "n %zu", l.n);
	buf_free(&sb);
	armor_list_free(&l);
	return rc;
}

static void
flip_all(const char *what, struct buf *m, int armored,
    const struct key_secret *bob)
{
	struct error e;
	size_t i, tried = 0, bad = 0;
	uint8_t bit;

	unit_ok(try_open(m->data, m->len, armored, bob, &e) == 0,
	    "%s: unchanged message opens", what);
	for (i = 0; i < m->len; i += 7) {
		bit = (uint8_t)(1u << (i % 8));
		m->data[i] ^= bit;
		tried++;
		if (try_open(m->data, m->len, armored, bob, &e) == 0 ||
		    (e.status != EXIT_REFUSED && e.status != EXIT_MALFORMED) ||
		    strchr(e.msg, '\n') != NULL) {
			printf("# %s: flip of bit %u at %zu not refused "
			    "(status %d: %s)\n", what, bit, i, (int)e.status,
			    e.msg);
			bad++;
		}
		m->data[i] ^= bit;
	}
	unit_ok(bad == 0 && tried > 50, "%s: all %zu single-bit flips refused",
	    what, tried);
	unit_ok(try_open(m->data, m->len, armored, bob, &e) == 0,
	    "%s: restored message opens", what);
}

int
main(void)
{
	struct key_secret *alice, *bob, *carol;
	struct key_public to[2];
	struct buf sb, enc, arm;
	struct error e;

	unit_init();
	alice = key_generate("alice", &e);
	bob = key_generate("bob", &e);
	carol = key_generate("carol", &e);
	to[0] = carol->pub;
	to[1] = bob->pub;
	buf_init(&sb);
	buf_init(&enc);
	buf_init(&arm);
	if (envelope_sign(alice, to, 2, body, strlen(body), &sb, &e) != 0 ||
	    envelope_encrypt(sb.data, sb.len, to, 2, &enc, &e) != 0 ||
	    armor_wrap(enc.data, enc.len, ARMOR_MESSAGE, &arm, &e) != 0) {
		printf("not ok - seal: %s\n", e.msg);
		return 1;
	}
	flip_all("binary", &enc, 0, bob);
	flip_all("armored", &arm, 1, bob);
	buf_free(&sb);
	buf_free(&enc);
	buf_free(&arm);
	key_secret_free(alice);
	key_secret_free(bob);
	key_secret_free(carol);
	return unit_done();
}
