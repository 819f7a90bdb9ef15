/*
 * The libsodium wrappers.  Sizes in sec.h are checked against the library
 * at compile time so a mismatch cannot slip through.
 */
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "sec.h"

_Static_assert(SEC_SIGN_PK == crypto_sign_PUBLICKEYBYTES, "sign pk");
_Static_assert(SEC_SIGN_SK == crypto_sign_SECRETKEYBYTES, "sign sk");
_Static_assert(SEC_SIG == crypto_sign_BYTES, "sig");
_Static_assert(SEC_BOX_PK == crypto_box_PUBLICKEYBYTES, "box pk");
_Static_assert(SEC_BOX_SK == crypto_box_SECRETKEYBYTES, "box sk");
_Static_assert(SEC_SEAL_EXTRA == crypto_box_SEALBYTES, "seal");
_Static_assert(SEC_HASH <= crypto_generichash_blake2b_BYTES_MAX, "hash");
_Static_assert(SEC_PERSONAL == crypto_generichash_blake2b_PERSONALBYTES,
    "personal");
_Static_assert(SEC_KEY == crypto_aead_xchacha20poly1305_ietf_KEYBYTES, "key");
_Static_assert(SEC_NONCE == crypto_aead_xchacha20poly1305_ietf_NPUBBYTES,
    "nonce");
_Static_assert(SEC_TAG == crypto_aead_xchacha20poly1305_ietf_ABYTES, "tag");
_Static_assert(SEC_SALT == crypto_pwhash_SALTBYTES, "salt");

/* Refuse key files asking for more than this: a hostile file must not be
 * able to make us allocate gigabytes or spin for minutes. */
#define PW_OPS_MAX	16ULL
#define PW_MEM_MAX	(1024ULL * 1024 * 1024)

struct sec_hasher {
	crypto_generichash_blake2b_state st;
};

int
sec_init(void)
{
	return sodium_init() < 0 ? -1 : 0;
}

void
sec_random(void *buf, size_t len)
{
	randombytes_buf(buf, len);
}

uint32_t
sec_uniform(uint32_t n)
{
	return randombytes_uniform(n);
}

void *
sec_malloc(size_t len)
{
	return sodium_malloc(len);
}

void
sec_free(void *p)
{
	if (p != NULL)
		sodium_free(p);
}

void
sec_wipe(void *p, size_t len)
{
	sodium_memzero(p, len);
}

int
sec_equal(const void *a, const void *b, size_t len)
{
	return sodium_memcmp(a, b, len) == 0;
}

void
sec_sign_keypair(uint8_t pk[SEC_SIGN_PK], uint8_t sk[SEC_SIGN_SK])
{
	crypto_sign_keypair(pk, sk);
}

void
sec_box_keypair(uint8_t pk[SEC_BOX_PK], uint8_t sk[SEC_BOX_SK])
{
	crypto_box_keypair(pk, sk);
}

void
sec_sign_public(uint8_t pk[SEC_SIGN_PK], const uint8_t sk[SEC_SIGN_SK])
{
	uint8_t tmp[SEC_SIGN_SK];

	/* the first half is the seed; the second is only a cached copy */
	crypto_sign_seed_keypair(pk, tmp, sk);
	sodium_memzero(tmp, sizeof(tmp));
}

int
sec_box_public(uint8_t pk[SEC_BOX_PK], const uint8_t sk[SEC_BOX_SK])
{
	return crypto_scalarmult_base(pk, sk);
}

void
sec_sign(uint8_t sig[SEC_SIG], const void *m, size_t len,
    const uint8_t sk[SEC_SIGN_SK])
{
	crypto_sign_detached(sig, NULL, m, len, sk);
}

int
sec_verify(const uint8_t sig[SEC_SIG], const void *m, size_t len,
    const uint8_t pk[SEC_SIGN_PK])
{
	return crypto_sign_verify_detached(sig, m, len, pk);
}

static void
personal_pad(uint8_t out[SEC_PERSONAL], const char *personal)
{
	size_t n = strlen(personal);

	memset(out, 0, SEC_PERSONAL);
	memcpy(out, personal, n < SEC_PERSONAL ? n : SEC_PERSONAL);
}

void
sec_hash(uint8_t out[SEC_HASH], const char *personal, const void *m,
    size_t len)
{
	struct sec_hasher h;
	uint8_t p[SEC_PERSONAL];

	personal_pad(p, personal);
	crypto_generichash_blake2b_init_salt_personal(&h.st, NULL, 0, SEC_HASH,
	    NULL, p);
	crypto_generichash_blake2b_update(&h.st, m, len);
	crypto_generichash_blake2b_final(&h.st, out, SEC_HASH);
}

struct sec_hasher *
sec_hasher_new(const char *personal)
{
	struct sec_hasher *h;
	uint8_t p[SEC_PERSONAL];

	/* the state needs 64-byte alignment */
	if (posix_memalign((void **)&h, 64, sizeof(*h)) != 0)
		return NULL;
	personal_pad(p, personal);
	crypto_generichash_blake2b_init_salt_personal(&h->st, NULL, 0,
	    SEC_HASH, NULL, p);
	return h;
}

void
sec_hasher_update(struct sec_hasher *h, const void *m, size_t len)
{
	crypto_generichash_blake2b_update(&h->st, m, len);
}

void
sec_hasher_final(struct sec_hasher *h, uint8_t out[SEC_HASH])
{
	crypto_generichash_blake2b_final(&h->st, out, SEC_HASH);
	free(h);
}

void
sec_aead_encrypt(uint8_t *c, const uint8_t *m, size_t mlen, const uint8_t *ad,
    size_t adlen, const uint8_t nonce[SEC_NONCE], const uint8_t key[SEC_KEY])
{
	crypto_aead_xchacha20poly1305_ietf_encrypt(c, NULL, m, mlen, ad, adlen,
	    NULL, nonce, key);
}

int
sec_aead_decrypt(uint8_t *m, const uint8_t *c, size_t clen, const uint8_t *ad,
    size_t adlen, const uint8_t nonce[SEC_NONCE], const uint8_t key[SEC_KEY])
{
	return crypto_aead_xchacha20poly1305_ietf_decrypt(m, NULL, NULL, c,
	    clen, ad, adlen, nonce, key);
}

void
sec_seal(uint8_t *c, const uint8_t *m, size_t mlen, const uint8_t pk[SEC_BOX_PK])
{
	crypto_box_seal(c, m, mlen, pk);
}

int
sec_seal_open(uint8_t *m, const uint8_t *c, size_t clen,
    const uint8_t pk[SEC_BOX_PK], const uint8_t sk[SEC_BOX_SK])
{
	return crypto_box_seal_open(m, c, clen, pk, sk);
}

uint64_t
sec_pwhash_ops_default(void)
{
	return crypto_pwhash_argon2id_OPSLIMIT_INTERACTIVE;
}

uint64_t
sec_pwhash_mem_default(void)
{
	return crypto_pwhash_argon2id_MEMLIMIT_INTERACTIVE;
}

int
sec_pwhash_limits_ok(uint64_t ops, uint64_t mem)
{
	return ops >= crypto_pwhash_argon2id_OPSLIMIT_MIN && ops <= PW_OPS_MAX &&
	    mem >= crypto_pwhash_argon2id_MEMLIMIT_MIN && mem <= PW_MEM_MAX;
}

int
sec_pwhash(uint8_t *key, size_t keylen, const char *pass, size_t passlen,
    const uint8_t salt[SEC_SALT], uint64_t ops, uint64_t mem)
{
	if (!sec_pwhash_limits_ok(ops, mem))
		return -1;
	return crypto_pwhash(key, keylen, pass, passlen, salt, ops, (size_t)mem,
	    crypto_pwhash_ALG_ARGON2ID13);
}

size_t
sec_b64_len(size_t binlen)
{
	return sodium_base64_ENCODED_LEN(binlen, sodium_base64_VARIANT_ORIGINAL);
}

void
sec_b64_encode(char *out, size_t outmax, const void *in, size_t len)
{
	sodium_bin2base64(out, outmax, in, len, sodium_base64_VARIANT_ORIGINAL);
}

int
sec_b64_decode(uint8_t *out, size_t outmax, size_t *outlen, const char *in,
    size_t inlen)
{
	const char *end;

	if (sodium_base642bin(out, outmax, in, inlen, NULL, outlen, &end,
	    sodium_base64_VARIANT_ORIGINAL) != 0)
		return -1;
	return end == in + inlen ? 0 : -1;
}

void
sec_hex(char *out, size_t outmax, const void *in, size_t len)
{
	sodium_bin2hex(out, outmax, in, len);
}

int
sec_unhex(uint8_t *out, size_t outlen, const char *in)
{
	size_t n;
	const char *end;

	if (sodium_hex2bin(out, outlen, in, strlen(in), NULL, &n, &end) != 0)
		return -1;
	return (n == outlen && *end == '\0') ? 0 : -1;
}

void
sec_mac(uint8_t out[SEC_HASH], const uint8_t *key, size_t keylen,
    const void *m, size_t len)
{
	crypto_generichash_blake2b(out, SEC_HASH, m, len, key, keylen);
}
