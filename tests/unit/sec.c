/*
 * Unit tests for the libsodium wrappers' failures: each one that can fail
 * says so, and leaves its output zeroed rather than uninitialised.
 */
#include <stdint.h>

#include "unit.h"

static const char *const low_order[] = {
	"0000000000000000000000000000000000000000000000000000000000000000",
	"0100000000000000000000000000000000000000000000000000000000000000",
	"e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800",
	"5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157",
	"ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
	"edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
	"eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
};

static int
all(const uint8_t *p, size_t n, uint8_t v)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i] != v)
			return 0;
	return 1;
}

static void
test_seal(void)
{
	uint8_t pk[SEC_BOX_PK], sk[SEC_BOX_SK], bad[SEC_BOX_PK];
	uint8_t m[SEC_KEY], c[SEC_KEY + SEC_SEAL_EXTRA], back[SEC_KEY];
	size_t i;
	int ok = 1;

	sec_random(m, sizeof(m));
	unit_ok(sec_box_keypair(pk, sk) == 0, "sec_box_keypair");
	unit_ok(sec_box_pk_ok(pk), "a real X25519 key is usable");
	memset(c, 0xa5, sizeof(c));
	unit_ok(sec_seal(c, m, sizeof(m), pk) == 0 &&
	    sec_seal_open(back, c, sizeof(c), pk, sk) == 0 &&
	    memcmp(back, m, sizeof(m)) == 0, "sec_seal round trip");
	for (i = 0; i < UNIT_NELEM(low_order); i++) {
		if (sec_unhex(bad, sizeof(bad), low_order[i]) != 0) {
			ok = 0;
			continue;
		}
		memset(c, 0xa5, sizeof(c));
		if (sec_seal(c, m, sizeof(m), bad) != -1 ||
		    !all(c, sizeof(c), 0) || sec_box_pk_ok(bad)) {
			printf("# %s\n", low_order[i]);
			ok = 0;
		}
	}
	unit_ok(ok, "sec_seal to a key of low order fails, its output "
	    "zeroed; sec_box_pk_ok refuses the key");
	sec_wipe(sk, sizeof(sk));
}

/*
 * One message sealed to three keys with one ephemeral key: each box opens
 * with its own key alone (crypto_box_seal_open), they share their first
 * 32 bytes (the ephemeral public key) and nothing after; a key of low
 * order among them fails the whole, every output zeroed, its index said.
 */
static void
test_seal_many(void)
{
	uint8_t pk[3][SEC_BOX_PK], sk[3][SEC_BOX_SK];
	uint8_t c[3][SEC_KEY + SEC_SEAL_EXTRA], m[SEC_KEY], back[SEC_KEY];
	uint8_t *at[3] = { c[0], c[1], c[2] };
	size_t i, j, bad;
	int ok = 1;

	sec_random(m, sizeof(m));
	for (i = 0; i < 3; i++)
		sec_box_keypair(pk[i], sk[i]);
	unit_ok(sec_seal_many(at, m, sizeof(m),
	    (const uint8_t (*)[SEC_BOX_PK])pk, 3, &bad) == 0, "sealed to three");
	for (i = 0; i < 3; i++)
		for (j = 0; j < 3; j++)
			ok &= (sec_seal_open(back, c[i], sizeof(c[i]), pk[j],
			    sk[j]) == 0 && memcmp(back, m, sizeof(m)) == 0) ==
			    (i == j);
	unit_ok(ok, "each box opens with its own key, and no other");
	unit_ok(memcmp(c[0], c[1], 32) == 0 && memcmp(c[1], c[2], 32) == 0 &&
	    memcmp(c[0] + 32, c[1] + 32, 16) != 0, "one ephemeral key, boxes "
	    "of their own");
	sec_unhex(pk[1], SEC_BOX_PK, low_order[0]);
	memset(c, 0xa5, sizeof(c));
	unit_ok(sec_seal_many(at, m, sizeof(m),
	    (const uint8_t (*)[SEC_BOX_PK])pk, 3, &bad) == -1 && bad == 1 &&
	    all(c[0], sizeof(c), 0), "a key of low order among them: refused, "
	    "its index said, nothing left");
	sec_wipe(sk, sizeof(sk));
}

/*
 * The ephemeral pair kept from one message to the next: a message to
 * keys it never sealed to shares it (and opens), one to a key it sealed
 * to before gets a new one, and so does every message after the kept
 * pair's eight keys.
 */
static int
seal_one(uint8_t *c, const uint8_t *m, const uint8_t pk[SEC_BOX_PK])
{
	uint8_t *at[1] = { c };
	size_t bad;

	return sec_seal_many(at, m, SEC_KEY, (const uint8_t (*)[SEC_BOX_PK])pk,
	    1, &bad);
}

static void
test_seal_kept(void)
{
	uint8_t pk[10][SEC_BOX_PK], sk[10][SEC_BOX_SK];
	uint8_t c[10][SEC_KEY + SEC_SEAL_EXTRA], m[SEC_KEY], back[SEC_KEY];
	size_t i;
	int ok = 1;

	sec_random(m, sizeof(m));
	for (i = 0; i < 10; i++)
		sec_box_keypair(pk[i], sk[i]);
	/* the second to pk[0]: a pair of its own, whatever came before */
	ok &= seal_one(c[0], m, pk[0]) == 0;
	memcpy(c[1], c[0], sizeof(c[0]));
	ok &= seal_one(c[0], m, pk[0]) == 0;
	unit_ok(ok && memcmp(c[0], c[1], 32) != 0, "a key sealed to before: "
	    "a new ephemeral key");
	for (i = 1; i < 3; i++)
		ok &= seal_one(c[i], m, pk[i]) == 0;
	for (i = 0; i < 3; i++)
		ok &= sec_seal_open(back, c[i], sizeof(c[i]), pk[i], sk[i]) ==
		    0 && memcmp(back, m, sizeof(m)) == 0;
	unit_ok(ok, "three messages to three keys, each opens");
	unit_ok(memcmp(c[0], c[1], 32) == 0 && memcmp(c[1], c[2], 32) == 0,
	    "messages to keys not sealed to before share the ephemeral key");
	/* a new pair for pk[1] again; 7 more keys fill it, the 8th not */
	ok &= seal_one(c[1], m, pk[1]) == 0;
	unit_ok(ok && memcmp(c[1], c[0], 32) != 0, "the same again: a new "
	    "ephemeral key");
	for (i = 2; i < 10; i++)
		ok &= seal_one(c[i], m, pk[i]) == 0;
	for (i = 2; i < 9; i++)
		ok &= memcmp(c[i], c[1], 32) == 0;
	unit_ok(ok && memcmp(c[9], c[1], 32) != 0, "eight keys to a pair, "
	    "then a new one");
	sec_wipe(sk, sizeof(sk));
}

static void
test_sign_pk(void)
{
	uint8_t pk[SEC_SIGN_PK], sk[SEC_SIGN_SK], bad[SEC_SIGN_PK];

	unit_ok(sec_sign_keypair(pk, sk) == 0 && sec_sign_pk_ok(pk),
	    "a real Ed25519 key is valid");
	memset(bad, 0, sizeof(bad));
	unit_ok(!sec_sign_pk_ok(bad), "Ed25519 all zeros refused");
	/* the identity point (order 1), and a point of order 4 */
	sec_unhex(bad, sizeof(bad), "0100000000000000000000000000000000000000"
	    "000000000000000000000000");
	unit_ok(!sec_sign_pk_ok(bad), "Ed25519 identity refused");
	sec_unhex(bad, sizeof(bad), "0000000000000000000000000000000000000000"
	    "000000000000000000000080");
	unit_ok(!sec_sign_pk_ok(bad), "Ed25519 point of small order refused");
	sec_wipe(sk, sizeof(sk));
}

/* Too small an output: a failure, not libsodium's abort(). */
static void
test_small_outputs(void)
{
	uint8_t in[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	char out[16];

	memset(out, 'x', sizeof(out));
	unit_ok(sec_hex(out, 16, in, 8) == -1 && out[0] == '\0',
	    "sec_hex into 16 bytes of 17 fails");
	unit_ok(sec_hex(out, 16, in, 7) == 0 && strlen(out) == 14,
	    "sec_hex into enough");
	memset(out, 'x', sizeof(out));
	unit_ok(sec_b64_encode(out, 12, in, 8) == -1 && out[0] == '\0',
	    "sec_b64_encode into 12 bytes of 13 fails");
	unit_ok(sec_b64_encode(out, 13, in, 8) == 0 && strlen(out) == 12,
	    "sec_b64_encode into enough");
}

static void
test_hash(void)
{
	uint8_t h[SEC_HASH], h2[SEC_HASH];
	struct sec_hasher *x;

	unit_ok(sec_hash(h, "adj-test", "abc", 3) == 0, "sec_hash");
	unit_ok((x = sec_hasher_new("adj-test")) != NULL &&
	    sec_hasher_update(x, "a", 1) == 0 &&
	    sec_hasher_update(x, "bc", 2) == 0 &&
	    sec_hasher_final(x, h2) == 0 && memcmp(h, h2, SEC_HASH) == 0,
	    "the incremental hash is the same");
}

/*
 * The guarded arena: small secrets come from one region (within 64 KiB of
 * each other), a freed block is wiped and taken again, the room of freed
 * blocks at the top comes back, and what the arena cannot hold (too
 * large, or the arena full) still gets guarded memory of its own.
 */
static void
test_arena(void)
{
	uint8_t *a, *b, *c, *d, *big, *many[40];
	size_t i, n, lo, hi;
	int zero;

	a = sec_malloc(100);
	b = sec_malloc(3588);
	c = sec_malloc(32);
	unit_ok(a != NULL && b != NULL && c != NULL, "three secrets allocated");
	lo = (size_t)a < (size_t)c ? (size_t)a : (size_t)c;
	hi = (size_t)a < (size_t)c ? (size_t)c : (size_t)a;
	unit_ok(hi - lo < 64 * 1024 && (size_t)b > lo && (size_t)b < hi,
	    "from one region, one after the other");
	unit_ok(((size_t)a | (size_t)b | (size_t)c) % 16 == 0, "16-aligned");
	memset(b, 0xa5, 3588);
	sec_free(b);
	for (i = 0, zero = 1; i < 3588; i++)
		zero &= b[i] == 0;
	unit_ok(zero, "a freed block is wiped");
	d = sec_malloc(2000);
	unit_ok(d == b, "and taken again by a request that fits");
	sec_free(d);
	sec_free(c);
	sec_free(a);
	a = sec_malloc(16);
	unit_ok(a == (uint8_t *)lo, "freed at the top, the room comes back");
	big = sec_malloc(200 * 1024);
	unit_ok(big != NULL && ((size_t)big < lo || (size_t)big > lo +
	    64 * 1024), "a request larger than the arena: guarded memory of "
	    "its own");
	memset(big, 1, 200 * 1024);
	sec_free(big);
	for (n = 0; n < 40 && (many[n] = sec_malloc(3588)) != NULL; n++)
		memset(many[n], 2, 3588);
	unit_ok(n == 40, "past the arena's room, every request still served");
	for (i = 0; i < n; i++)
		sec_free(many[i]);
	sec_free(a);
	sec_free(NULL);
}

int
main(void)
{
	unit_init();
	test_arena();
	test_seal();
	test_seal_many();
	test_seal_kept();
	test_sign_pk();
	test_small_outputs();
	test_hash();
	return unit_done();
}
