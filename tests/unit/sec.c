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

int
main(void)
{
	unit_init();
	test_seal();
	test_sign_pk();
	test_small_outputs();
	test_hash();
	return unit_done();
}
