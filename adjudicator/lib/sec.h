/*
 * Cryptographic primitives.  This module is the only one that includes
 * <sodium.h>; everyone else sees fixed sizes and plain functions, so the
 * choice of primitive lives in one place.  Every function that can fail
 * returns 0 or -1, and callers check it: a failed one leaves its output
 * zeroed, never half-made.
 */
#ifndef SEC_H
#define SEC_H

#include <stddef.h>
#include <stdint.h>

#define SEC_SIGN_PK	32	/* Ed25519 public key */
#define SEC_SIGN_SK	64	/* Ed25519 secret key (seed || pk) */
#define SEC_SIG		64	/* Ed25519 signature */
#define SEC_BOX_PK	32	/* X25519 public key */
#define SEC_BOX_SK	32	/* X25519 secret key */
#define SEC_SEAL_EXTRA	48	/* crypto_box_seal overhead */
#define SEC_HASH	32	/* BLAKE2b-256 */
#define SEC_PERSONAL	16	/* BLAKE2b personalization */
#define SEC_KEY		32	/* XChaCha20-Poly1305 key */
#define SEC_NONCE	24	/* XChaCha20-Poly1305 nonce */
#define SEC_TAG		16	/* Poly1305 tag */
#define SEC_SALT	16	/* Argon2id salt */

int	sec_init(void);
void	sec_random(void *, size_t);
uint32_t sec_uniform(uint32_t);

/* Guarded memory for secrets, zeroed; sec_free(NULL) is a no-op. */
void	*sec_malloc(size_t);
void	sec_free(void *);
void	sec_wipe(void *, size_t);
int	sec_equal(const void *, const void *, size_t);

int	sec_sign_keypair(uint8_t pk[SEC_SIGN_PK], uint8_t sk[SEC_SIGN_SK]);
int	sec_box_keypair(uint8_t pk[SEC_BOX_PK], uint8_t sk[SEC_BOX_SK]);
/* The public key of an Ed25519 secret key, derived from its seed half. */
int	sec_sign_public(uint8_t pk[SEC_SIGN_PK], const uint8_t sk[SEC_SIGN_SK]);
int	sec_box_public(uint8_t pk[SEC_BOX_PK], const uint8_t sk[SEC_BOX_SK]);
/* 1 when a public key is one a key pair could have: a valid Ed25519 point
 * of the main subgroup; an X25519 point not of low order (not zero). */
int	sec_sign_pk_ok(const uint8_t pk[SEC_SIGN_PK]);
int	sec_box_pk_ok(const uint8_t pk[SEC_BOX_PK]);
int	sec_sign(uint8_t sig[SEC_SIG], const void *, size_t,
	    const uint8_t sk[SEC_SIGN_SK]);
int	sec_verify(const uint8_t sig[SEC_SIG], const void *, size_t,
	    const uint8_t pk[SEC_SIGN_PK]);

/* BLAKE2b-256 with a 16-byte personalization (zero-padded string). */
int	sec_hash(uint8_t out[SEC_HASH], const char *personal, const void *,
	    size_t);

/* Keyed BLAKE2b-256: a MAC (key 16 to 64 bytes). */
void	sec_mac(uint8_t out[SEC_HASH], const uint8_t *key, size_t keylen,
	    const void *, size_t);
/* Incremental BLAKE2b-256 for hashing several buffers without copying. */
struct sec_hasher;
struct sec_hasher *sec_hasher_new(const char *personal);
int	sec_hasher_update(struct sec_hasher *, const void *, size_t);
int	sec_hasher_final(struct sec_hasher *, uint8_t out[SEC_HASH]);

/* XChaCha20-Poly1305: c holds mlen + SEC_TAG bytes. */
int	sec_aead_encrypt(uint8_t *c, const uint8_t *m, size_t mlen,
	    const uint8_t *ad, size_t adlen, const uint8_t nonce[SEC_NONCE],
	    const uint8_t key[SEC_KEY]);
int	sec_aead_decrypt(uint8_t *m, const uint8_t *c, size_t clen,
	    const uint8_t *ad, size_t adlen, const uint8_t nonce[SEC_NONCE],
	    const uint8_t key[SEC_KEY]);

/* Anonymous sealed box to an X25519 key: c holds mlen + SEC_SEAL_EXTRA.
 * Fails (c zeroed) for a key of low order. */
int	sec_seal(uint8_t *c, const uint8_t *m, size_t mlen,
	    const uint8_t pk[SEC_BOX_PK]);
int	sec_seal_open(uint8_t *m, const uint8_t *c, size_t clen,
	    const uint8_t pk[SEC_BOX_PK], const uint8_t sk[SEC_BOX_SK]);
/*
 * One message of mlen bytes sealed to n keys at once: c[i] (mlen +
 * SEC_SEAL_EXTRA bytes each) is a sealed box to pk[i] that sec_seal_open
 * (crypto_box_seal_open) opens, made as crypto_box_seal makes it but with
 * one ephemeral key pair for the n of them: one X25519 base-point
 * multiplication in all, instead of one per key.  The pair is kept for
 * the process's next messages to keys it never sealed to (eight keys a
 * pair at most; a key sealed to before, or a forked child, gets a new
 * pair): no key's shared key and nonce ever serve twice.  Fails (every c
 * zeroed, the pair dropped) if any key is of low order; *bad is its
 * index.
 */
int	sec_seal_many(uint8_t *const *c, const uint8_t *m, size_t mlen,
	    const uint8_t (*pk)[SEC_BOX_PK], size_t n, size_t *bad);

/* Argon2id.  Limits outside sec_pwhash_limits_ok() are refused. */
uint64_t sec_pwhash_ops_default(void);
uint64_t sec_pwhash_mem_default(void);
int	sec_pwhash_limits_ok(uint64_t ops, uint64_t mem);
int	sec_pwhash(uint8_t *key, size_t keylen, const char *pass, size_t passlen,
	    const uint8_t salt[SEC_SALT], uint64_t ops, uint64_t mem);

/* Base64 (RFC 4648, padded).  Decoding is strict: no stray characters,
 * exact padding, zero trailing bits. */
size_t	sec_b64_len(size_t binlen);	/* including NUL */
int	sec_b64_encode(char *out, size_t outmax, const void *in, size_t len);
int	sec_b64_decode(uint8_t *out, size_t outmax, size_t *outlen,
	    const char *in, size_t inlen);
int	sec_hex(char *out, size_t outmax, const void *in, size_t len);
int	sec_unhex(uint8_t *out, size_t outlen, const char *in);

#endif
