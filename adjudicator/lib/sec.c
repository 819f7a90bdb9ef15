/*
 * The libsodium wrappers.  Sizes in sec.h are checked against the library
 * at compile time so a mismatch cannot slip through, and every libsodium
 * return value is checked here and passed on: a failure never leaves an
 * output buffer uninitialised behind a success.  Where libsodium would
 * abort on a misuse (an output buffer too small), the size is checked
 * first and the call fails instead.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sodium.h>

#include "sec.h"

_Static_assert(SEC_SIGN_PK == crypto_sign_PUBLICKEYBYTES, "sign pk");
_Static_assert(SEC_SIGN_SK == crypto_sign_SECRETKEYBYTES, "sign sk");
_Static_assert(SEC_SIG == crypto_sign_BYTES, "sig");
_Static_assert(SEC_BOX_PK == crypto_box_PUBLICKEYBYTES, "box pk");
_Static_assert(SEC_BOX_SK == crypto_box_SECRETKEYBYTES, "box sk");
_Static_assert(SEC_SEAL_EXTRA == crypto_box_SEALBYTES, "seal");
_Static_assert(SEC_HASH <= crypto_generichash_blake2b_BYTES_MAX &&
    SEC_HASH >= crypto_generichash_blake2b_BYTES_MIN, "hash");
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

/*
 * The guarded arena.  Every sodium_malloc is its own mapping with guard
 * pages, locked and protected: six or so system calls each, and a
 * command made seven of them.  Instead one region of SEC_ARENA bytes is
 * taken from sodium_malloc on the first request (guard pages around it,
 * locked, kept out of core dumps) and the process's secrets are carved
 * from it: a block is a header (its size, whether in use) and its bytes,
 * 16-aligned, one after the other up to top.  A block freed is wiped and
 * reused by a request that fits in it; free blocks at the top give their
 * room back.  A request the arena cannot hold gets its own sodium_malloc,
 * as before (the agent's keyring of many keys).  One mutex: the verify
 * threads may ask too.
 */
#define SEC_ARENA	(64u * 1024)
#define SEC_ALIGN	16

struct arena_block {
	uint32_t	size;	/* bytes after the header */
	uint32_t	prev;	/* the previous block's offset, or UINT32_MAX */
	uint32_t	used;
	uint32_t	pad;
};

static struct {
	pthread_mutex_t	 lock;
	uint8_t		*base;	/* NULL until the first request */
	size_t		 top;	/* the end of the last block */
	size_t		 last;	/* the last block's offset */
	int		 failed;	/* sodium_malloc refused the arena */
} arena = { PTHREAD_MUTEX_INITIALIZER, NULL, 0, 0, 0 };

static struct arena_block *
arena_at(size_t off)
{
	return (struct arena_block *)(void *)(arena.base + off);
}

/* A block of at least len bytes from the arena, or NULL (full). */
static void *
arena_take(size_t len)
{
	struct arena_block *b;
	size_t off, need;

	if (arena.base == NULL && !arena.failed &&
	    (arena.base = sodium_malloc(SEC_ARENA)) == NULL)
		arena.failed = 1;
	if (arena.base == NULL || len > SEC_ARENA)
		return NULL;
	need = (len + SEC_ALIGN - 1) / SEC_ALIGN * SEC_ALIGN;
	for (off = 0; off < arena.top; off += sizeof(*b) + b->size) {
		b = arena_at(off);
		if (!b->used && b->size >= need) {
			b->used = 1;
			return b + 1;
		}
	}
	if (arena.top + sizeof(*b) + need > SEC_ARENA)
		return NULL;
	b = arena_at(arena.top);
	b->size = (uint32_t)need;
	b->prev = arena.top == 0 ? UINT32_MAX : (uint32_t)arena.last;
	b->used = 1;
	arena.last = arena.top;
	arena.top += sizeof(*b) + need;
	return b + 1;
}

/* 1 when p was the arena's: wiped, and its room given back. */
static int
arena_give(void *p)
{
	struct arena_block *b;

	if (arena.base == NULL || (uint8_t *)p < arena.base ||
	    (uint8_t *)p >= arena.base + SEC_ARENA)
		return 0;
	b = (struct arena_block *)p - 1;
	sodium_memzero(p, b->size);
	b->used = 0;
	while (arena.top > 0 && !arena_at(arena.last)->used) {
		b = arena_at(arena.last);
		arena.top = arena.last;
		arena.last = b->prev == UINT32_MAX ? 0 : b->prev;
	}
	return 1;
}

void *
sec_malloc(size_t len)
{
	void *p;

	pthread_mutex_lock(&arena.lock);
	p = arena_take(len);
	pthread_mutex_unlock(&arena.lock);
	if (p == NULL)
		p = sodium_malloc(len);
	/* zeroed, whichever it came from: what a block held before (or
	 * sodium_malloc's fill) never reaches a file written from it (the
	 * checkpoint's secrets) */
	if (p != NULL)
		memset(p, 0, len);
	return p;
}

void
sec_free(void *p)
{
	int mine;

	if (p == NULL)
		return;
	pthread_mutex_lock(&arena.lock);
	mine = arena_give(p);
	pthread_mutex_unlock(&arena.lock);
	if (!mine)
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

int
sec_sign_keypair(uint8_t pk[SEC_SIGN_PK], uint8_t sk[SEC_SIGN_SK])
{
	if (crypto_sign_keypair(pk, sk) != 0) {
		sodium_memzero(sk, SEC_SIGN_SK);
		return -1;
	}
	return 0;
}

int
sec_box_keypair(uint8_t pk[SEC_BOX_PK], uint8_t sk[SEC_BOX_SK])
{
	if (crypto_box_keypair(pk, sk) != 0) {
		sodium_memzero(sk, SEC_BOX_SK);
		return -1;
	}
	return 0;
}

int
sec_sign_public(uint8_t pk[SEC_SIGN_PK], const uint8_t sk[SEC_SIGN_SK])
{
	uint8_t tmp[SEC_SIGN_SK];
	int rc;

	/* the first half is the seed; the second is only a cached copy */
	rc = crypto_sign_seed_keypair(pk, tmp, sk);
	sodium_memzero(tmp, sizeof(tmp));
	return rc == 0 ? 0 : -1;
}

int
sec_box_public(uint8_t pk[SEC_BOX_PK], const uint8_t sk[SEC_BOX_SK])
{
	return crypto_scalarmult_base(pk, sk) == 0 ? 0 : -1;
}

int
sec_sign_pk_ok(const uint8_t pk[SEC_SIGN_PK])
{
	/* canonical, on the curve, in the main subgroup, not of small order:
	 * what crypto_sign_keypair makes */
	return crypto_core_ed25519_is_valid_point(pk) == 1;
}

int
sec_box_pk_ok(const uint8_t pk[SEC_BOX_PK])
{
	uint8_t scalar[crypto_scalarmult_SCALARBYTES], q[SEC_BOX_PK];
	int rc;

	/*
	 * X25519 with any scalar gives all zeros exactly when pk is of low
	 * order (all zeros among them), and libsodium then fails: nothing
	 * sealed to such a key is secret.
	 */
	memset(scalar, 0x5a, sizeof(scalar));
	rc = crypto_scalarmult(q, scalar, pk);
	sodium_memzero(q, sizeof(q));
	return rc == 0;
}

int
sec_sign(uint8_t sig[SEC_SIG], const void *m, size_t len,
    const uint8_t sk[SEC_SIGN_SK])
{
	if (crypto_sign_detached(sig, NULL, m, len, sk) != 0) {
		memset(sig, 0, SEC_SIG);
		return -1;
	}
	return 0;
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

int
sec_hash(uint8_t out[SEC_HASH], const char *personal, const void *m,
    size_t len)
{
	struct sec_hasher h;
	uint8_t p[SEC_PERSONAL];

	personal_pad(p, personal);
	if (crypto_generichash_blake2b_init_salt_personal(&h.st, NULL, 0,
	    SEC_HASH, NULL, p) != 0 ||
	    crypto_generichash_blake2b_update(&h.st, m, len) != 0 ||
	    crypto_generichash_blake2b_final(&h.st, out, SEC_HASH) != 0) {
		memset(out, 0, SEC_HASH);
		return -1;
	}
	return 0;
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
	if (crypto_generichash_blake2b_init_salt_personal(&h->st, NULL, 0,
	    SEC_HASH, NULL, p) != 0) {
		free(h);
		return NULL;
	}
	return h;
}

int
sec_hasher_update(struct sec_hasher *h, const void *m, size_t len)
{
	return crypto_generichash_blake2b_update(&h->st, m, len) == 0 ? 0 : -1;
}

int
sec_hasher_final(struct sec_hasher *h, uint8_t out[SEC_HASH])
{
	int rc;

	rc = crypto_generichash_blake2b_final(&h->st, out, SEC_HASH);
	free(h);
	if (rc != 0) {
		memset(out, 0, SEC_HASH);
		return -1;
	}
	return 0;
}

int
sec_aead_encrypt(uint8_t *c, const uint8_t *m, size_t mlen, const uint8_t *ad,
    size_t adlen, const uint8_t nonce[SEC_NONCE], const uint8_t key[SEC_KEY])
{
	if (mlen > crypto_aead_xchacha20poly1305_ietf_MESSAGEBYTES_MAX ||
	    crypto_aead_xchacha20poly1305_ietf_encrypt(c, NULL, m, mlen, ad,
	    adlen, NULL, nonce, key) != 0) {
		/* no plaintext, nothing uninitialised, behind a failure */
		sodium_memzero(c, mlen + SEC_TAG);
		return -1;
	}
	return 0;
}

int
sec_aead_decrypt(uint8_t *m, const uint8_t *c, size_t clen, const uint8_t *ad,
    size_t adlen, const uint8_t nonce[SEC_NONCE], const uint8_t key[SEC_KEY])
{
	return crypto_aead_xchacha20poly1305_ietf_decrypt(m, NULL, NULL, c,
	    clen, ad, adlen, nonce, key);
}

int
sec_seal(uint8_t *c, const uint8_t *m, size_t mlen, const uint8_t pk[SEC_BOX_PK])
{
	/* a low-order pk makes the shared secret all zeros: refused */
	if (crypto_box_seal(c, m, mlen, pk) != 0) {
		sodium_memzero(c, mlen + SEC_SEAL_EXTRA);
		return -1;
	}
	return 0;
}

/*
 * The ephemeral pair is kept from one sec_seal_many to the next: a
 * judge's run seals an update to each seat in turn, and a base-point
 * multiplication is some 7 % of the instructions of a mail.  It is used
 * again only for keys it never sealed to, so that no recipient's shared
 * key and nonce (both follow from epk and its own pk) ever serve twice,
 * and only in the process that made it (a child forked without exec
 * makes its own).  After SEAL_KEPT keys, or a failure, a new pair.
 */
#define SEAL_KEPT	8

struct seal_pair {
	uint8_t		 epk[crypto_box_PUBLICKEYBYTES];
	uint8_t		 esk[crypto_box_SECRETKEYBYTES];
	uint8_t		 to[SEAL_KEPT][SEC_BOX_PK];	/* sealed to */
	size_t		 n;		/* 0: no pair */
	pid_t		 pid;		/* the process that made it */
};

static struct {
	pthread_mutex_t	 lock;
	struct seal_pair *p;		/* in the guarded arena */
} seal_kept = { PTHREAD_MUTEX_INITIALIZER, NULL };

/* Whether pair p may seal to the n keys pk: none sealed to before. */
static int
pair_fits(const struct seal_pair *p, const uint8_t (*pk)[SEC_BOX_PK],
    size_t n)
{
	size_t i, j;

	if (p->n == 0 || p->pid != getpid() || n > SEAL_KEPT - p->n)
		return 0;
	for (i = 0; i < n; i++)
		for (j = 0; j < p->n; j++)
			if (memcmp(pk[i], p->to[j], SEC_BOX_PK) == 0)
				return 0;
	return 1;
}

/* The n boxes of m, one to each pk, from the pair p (sec.h). */
static int
seal_with(const struct seal_pair *p, uint8_t *const *c, const uint8_t *m,
    size_t mlen, const uint8_t (*pk)[SEC_BOX_PK], size_t n, size_t *bad)
{
	crypto_generichash_state st;
	uint8_t nonce[crypto_box_NONCEBYTES], k[crypto_box_BEFORENMBYTES];
	size_t i;
	int rc = 0;

	/*
	 * crypto_box_seal(c, m, pk) is epk || crypto_box_easy(m, nonce, pk,
	 * esk) with nonce = BLAKE2b-192(epk || pk) and a fresh (epk, esk).
	 * Each box here is exactly that for its own pk, so its nonce and
	 * its shared key are its own; only the ephemeral pair is shared.
	 */
	for (i = 0; rc == 0 && i < n; i++) {
		*bad = i;
		if (crypto_generichash_init(&st, NULL, 0, sizeof(nonce)) != 0 ||
		    crypto_generichash_update(&st, p->epk,
		    sizeof(p->epk)) != 0 ||
		    crypto_generichash_update(&st, pk[i], SEC_BOX_PK) != 0 ||
		    crypto_generichash_final(&st, nonce, sizeof(nonce)) != 0 ||
		    crypto_box_beforenm(k, pk[i], p->esk) != 0 ||
		    crypto_box_easy_afternm(c[i] + sizeof(p->epk), m, mlen,
		    nonce, k) != 0)
			rc = -1;
		else
			memcpy(c[i], p->epk, sizeof(p->epk));
		sodium_memzero(k, sizeof(k));
	}
	return rc;
}

int
sec_seal_many(uint8_t *const *c, const uint8_t *m, size_t mlen,
    const uint8_t (*pk)[SEC_BOX_PK], size_t n, size_t *bad)
{
	struct seal_pair own, *p;
	size_t j;
	int rc = 0;

	pthread_mutex_lock(&seal_kept.lock);
	if (seal_kept.p == NULL)
		seal_kept.p = sec_malloc(sizeof(*seal_kept.p));
	/* no room in guarded memory: a pair of this message's alone */
	p = seal_kept.p != NULL && n <= SEAL_KEPT ? seal_kept.p : &own;
	if (p == &own || !pair_fits(p, pk, n)) {
		p->n = 0;
		if (crypto_box_keypair(p->epk, p->esk) != 0)
			rc = -1;
		p->pid = getpid();
	}
	if (rc == 0)
		rc = seal_with(p, c, m, mlen, pk, n, bad);
	for (j = 0; rc == 0 && p != &own && j < n; j++)
		memcpy(p->to[p->n++], pk[j], SEC_BOX_PK);
	if (rc != 0 || p == &own)
		sodium_memzero(p, sizeof(*p));
	pthread_mutex_unlock(&seal_kept.lock);
	if (rc != 0)
		for (j = 0; j < n; j++)
			sodium_memzero(c[j], mlen + SEC_SEAL_EXTRA);
	return rc;
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

int
sec_b64_encode(char *out, size_t outmax, const void *in, size_t len)
{
	/* sodium_bin2base64 aborts when out is too small: fail instead */
	if (outmax < sec_b64_len(len)) {
		if (outmax > 0)
			out[0] = '\0';
		return -1;
	}
	return sodium_bin2base64(out, outmax, in, len,
	    sodium_base64_VARIANT_ORIGINAL) == out ? 0 : -1;
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

int
sec_hex(char *out, size_t outmax, const void *in, size_t len)
{
	/* sodium_bin2hex aborts when out is too small: fail instead */
	if (len >= SIZE_MAX / 2 || outmax < 2 * len + 1) {
		if (outmax > 0)
			out[0] = '\0';
		return -1;
	}
	return sodium_bin2hex(out, outmax, in, len) == out ? 0 : -1;
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
