/*
 * Key files.  The secret key file is an armored binary record:
 *
 *   "ADJK" version(1) kdf(1) reserved(2)
 *   opslimit(u64) memlimit(u64) salt(16) keyid(8) nonce(24)
 *   payload(161; 129 in version 1) tag(16) checksum(32)
 *
 * payload = Ed25519 sk(64) || X25519 sk(32) || X25519 pk(32) ||
 * namelen(1) || name(32); version 1 has no X25519 pk.
 * With kdf 1 the payload is XChaCha20-Poly1305-encrypted under an Argon2id
 * key, the header as associated data; with kdf 0 it is in clear and the tag
 * is zero.  The checksum (BLAKE2b over everything before it) tells a
 * corrupt file apart from a wrong passphrase.  See formats/key.md.
 *
 * Loading takes both public keys as the file carries them (the Ed25519
 * one is the second half of its secret key) and checks them against the
 * key id: no curve arithmetic, which was most of a command's key load.
 * That the secret halves make those public keys is checked once, where a
 * key starts to be used (keygen, join, the agent): key_secret_check().
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "armor.h"
#include "buf.h"
#include "fsio.h"
#include "key.h"

#define KF_MAGIC	"ADJK"
#define KF_VERSION	2		/* what keygen writes */
#define KF_KDF_NONE	0
#define KF_KDF_ARGON2ID	1
#define KF_HEADER	(4 + 1 + 1 + 2 + 8 + 8 + SEC_SALT + KEY_ID + SEC_NONCE)
/* the payload of each version, and where its name length is */
#define KF_PAYLOAD1	(SEC_SIGN_SK + SEC_BOX_SK + 1 + KEY_NAME_MAX)
#define KF_PAYLOAD	(KF_PAYLOAD1 + SEC_BOX_PK)
#define KF_TOTAL1	(KF_HEADER + KF_PAYLOAD1 + SEC_TAG + SEC_HASH)
#define KF_TOTAL	(KF_HEADER + KF_PAYLOAD + SEC_TAG + SEC_HASH)
#define KF_NAMELEN(v)	(SEC_SIGN_SK + SEC_BOX_SK + ((v) == 1 ? 0 : SEC_BOX_PK))

int
key_name_ok(const char *s)
{
	size_t i, n = strlen(s);

	if (n == 0 || n > KEY_NAME_MAX || !islower((unsigned char)s[0]))
		return 0;
	for (i = 0; i < n; i++)
		if (!islower((unsigned char)s[i]) &&
		    !isdigit((unsigned char)s[i]) && s[i] != '-' && s[i] != '_')
			return 0;
	return 1;
}

int
key_compute_id(struct key_public *k)
{
	uint8_t both[SEC_SIGN_PK + SEC_BOX_PK], h[SEC_HASH];

	memcpy(both, k->sign_pk, SEC_SIGN_PK);
	memcpy(both + SEC_SIGN_PK, k->box_pk, SEC_BOX_PK);
	if (sec_hash(h, "adj-keyid-v1", both, sizeof(both)) != 0)
		return -1;
	memcpy(k->id, h, KEY_ID);
	return sec_hex(k->idhex, sizeof(k->idhex), k->id, KEY_ID);
}

int
key_same(const struct key_public *a, const struct key_public *b)
{
	return memcmp(a->sign_pk, b->sign_pk, SEC_SIGN_PK) == 0 &&
	    memcmp(a->box_pk, b->box_pk, SEC_BOX_PK) == 0;
}

struct key_secret *
key_generate(const char *name, struct error *e)
{
	struct key_secret *k;

	if (!key_name_ok(name)) {
		error_set(e, EXIT_USAGE, "%s: a name is 1 to %d characters "
		    "a-z 0-9 - _, starting with a letter", name, KEY_NAME_MAX);
		return NULL;
	}
	if ((k = sec_malloc(sizeof(*k))) == NULL) {
		error_set(e, EXIT_SYSTEM, "out of memory");
		return NULL;
	}
	memset(k, 0, sizeof(*k));
	snprintf(k->pub.name, sizeof(k->pub.name), "%s", name);
	if (sec_sign_keypair(k->pub.sign_pk, k->sign_sk) != 0 ||
	    sec_box_keypair(k->pub.box_pk, k->box_sk) != 0 ||
	    key_compute_id(&k->pub) != 0) {
		key_secret_free(k);
		error_set(e, EXIT_SYSTEM, "key generation failed");
		return NULL;
	}
	return k;
}

void
key_secret_free(struct key_secret *k)
{
	if (k != NULL) {
		if (k->holder != NULL)
			k->holder->release(k->holder_arg);
		sec_wipe(k, sizeof(*k));
		sec_free(k);
	}
}

struct key_secret *
key_held(const struct key_public *pub, const struct key_holder *h, void *arg,
    struct error *e)
{
	struct key_secret *k;

	if ((k = sec_malloc(sizeof(*k))) == NULL) {
		h->release(arg);
		error_set(e, EXIT_SYSTEM, "out of memory");
		return NULL;
	}
	memset(k, 0, sizeof(*k));
	k->pub = *pub;
	k->holder = h;
	k->holder_arg = arg;
	return k;
}

int
key_sign(const struct key_secret *k, uint8_t sig[SEC_SIG], const void *m,
    size_t len, struct error *e)
{
	if (k->holder != NULL)
		return k->holder->sign(k->holder_arg, &k->pub, sig, m, len, e);
	if (sec_sign(sig, m, len, k->sign_sk) != 0)
		return error_set(e, EXIT_SYSTEM, "cannot sign (out of memory?)");
	return 0;
}

int
key_unseal(const struct key_secret *k, uint8_t *m, const uint8_t *c,
    size_t clen, struct error *e)
{
	if (k->holder != NULL)
		return k->holder->unseal(k->holder_arg, &k->pub, m, c, clen, e);
	return sec_seal_open(m, c, clen, k->pub.box_pk, k->box_sk) == 0 ? 0 : 1;
}

int
key_public_line(const struct key_public *k, char *out, size_t outlen)
{
	uint8_t both[SEC_SIGN_PK + SEC_BOX_PK];
	char b64[128];

	memcpy(both, k->sign_pk, SEC_SIGN_PK);
	memcpy(both + SEC_SIGN_PK, k->box_pk, SEC_BOX_PK);
	if (sec_b64_encode(b64, sizeof(b64), both, sizeof(both)) != 0 ||
	    (size_t)snprintf(out, outlen, "%s %s %s %s", KEY_PUB_TAG, k->name,
	    k->idhex, b64) >= outlen) {
		if (outlen > 0)
			out[0] = '\0';
		return -1;
	}
	return 0;
}

/*
 * Splits a public key line into its four fields, as formats/key.md says:
 * printable ASCII, one space between fields, none around them.
 */
static int
pub_fields(const char *line, char f[4][KEY_LINE_MAX + 1], const char *where,
    struct error *e)
{
	const char *p = line, *sp;
	size_t i, n;

	if (strlen(line) > KEY_LINE_MAX)
		return error_set(e, EXIT_MALFORMED, "%s: public key line longer "
		    "than %d characters", where, KEY_LINE_MAX);
	for (i = 0; line[i] != '\0'; i++)
		if ((unsigned char)line[i] < 0x20 ||
		    (unsigned char)line[i] > 0x7e)
			return error_set(e, EXIT_MALFORMED, "%s: public key line "
			    "holds a control character or a non-ASCII byte "
			    "(at %zu)", where, i + 1);
	for (i = 0; i < 4; i++) {
		sp = strchr(p, ' ');
		n = sp ? (size_t)(sp - p) : strlen(p);
		if (n == 0 || (sp != NULL) != (i < 3))
			return error_set(e, EXIT_MALFORMED, "%s: not a public "
			    "key line (%s NAME KEYID BASE64, single spaces)",
			    where, KEY_PUB_TAG);
		memcpy(f[i], p, n);
		f[i][n] = '\0';
		p += n + (sp != NULL);
	}
	return 0;
}

int
key_public_parse(const char *line, struct key_public *k, const char *where,
    struct error *e)
{
	return key_public_parse_as(line, k, 1, where, e);
}

int
key_public_parse_as(const char *line, struct key_public *k, int points,
    const char *where, struct error *e)
{
	char f[4][KEY_LINE_MAX + 1];
	uint8_t both[SEC_SIGN_PK + SEC_BOX_PK];
	const char *tag = f[0], *name = f[1], *id = f[2], *b64 = f[3];
	size_t n;

	memset(k, 0, sizeof(*k));
	if (pub_fields(line, f, where, e) != 0)
		return -1;
	if (strcmp(tag, KEY_PUB_TAG) != 0)
		return error_set(e, EXIT_MALFORMED, "%s: unknown public key "
		    "type \"%.31s\"", where, tag);
	if (!key_name_ok(name))
		return error_set(e, EXIT_MALFORMED, "%s: bad key name \"%.32s\"",
		    where, name);
	if (strlen(id) != 2 * KEY_ID ||
	    strspn(id, "0123456789abcdef") != 2 * KEY_ID)
		return error_set(e, EXIT_MALFORMED, "%s: key id \"%.20s\" is "
		    "not %d lowercase hex digits", where, id, 2 * KEY_ID);
	if (strlen(b64) != sec_b64_len(sizeof(both)) - 1 ||
	    sec_b64_decode(both, sizeof(both), &n, b64, strlen(b64)) != 0 ||
	    n != sizeof(both))
		return error_set(e, EXIT_MALFORMED, "%s: public key is not "
		    "%zu bytes of base64", where, sizeof(both));
	memcpy(k->name, name, strlen(name) + 1);	/* key_name_ok bounds it */
	memcpy(k->sign_pk, both, SEC_SIGN_PK);
	memcpy(k->box_pk, both + SEC_SIGN_PK, SEC_BOX_PK);
	if (key_compute_id(k) != 0)
		return error_set(e, EXIT_SYSTEM, "%s: cannot hash the key",
		    where);
	if (strcmp(k->idhex, id) != 0)
		return error_set(e, EXIT_MALFORMED, "%s: key id %s does not "
		    "match the key (%s)", where, id, k->idhex);
	/* no key pair has these: a crafted line, refused before use */
	if (!points)
		return 0;
	if (!sec_sign_pk_ok(k->sign_pk))
		return error_set(e, EXIT_MALFORMED, "%s: key %s: not a valid "
		    "Ed25519 signing key", where, k->idhex);
	if (!sec_box_pk_ok(k->box_pk))
		return error_set(e, EXIT_MALFORMED, "%s: key %s: encryption "
		    "key of low order; nothing sent to it would be secret",
		    where, k->idhex);
	return 0;
}

int
key_public_load(const char *path, struct key_public *k, struct error *e)
{
	struct buf b;
	char *nl;
	int rc;

	buf_init(&b);
	if (fsio_read_regular(path, 4096, &b, NULL, e) != 0) {
		buf_free(&b);
		return -1;
	}
	/* one line, optionally followed by a newline */
	if ((nl = memchr(b.data, '\n', b.len)) != NULL) {
		if ((size_t)(nl - (char *)b.data) + 1 != b.len)
			goto bad;
		*nl = '\0';
	}
	if (strlen((char *)b.data) != (nl ? b.len - 1 : b.len))
		goto bad;
	rc = key_public_parse((char *)b.data, k, fsio_name(path), e);
	buf_free(&b);
	return rc;
bad:
	buf_free(&b);
	return error_set(e, EXIT_MALFORMED, "%s: a public key file holds "
	    "exactly one line", fsio_name(path));
}

/* The payload in clear: both secret keys and the name, zero-padded. */
static void
kf_payload(const struct key_secret *k, uint8_t payload[KF_PAYLOAD])
{
	size_t n = strlen(k->pub.name);

	memset(payload, 0, KF_PAYLOAD);
	memcpy(payload, k->sign_sk, SEC_SIGN_SK);
	memcpy(payload + SEC_SIGN_SK, k->box_sk, SEC_BOX_SK);
	memcpy(payload + SEC_SIGN_SK + SEC_BOX_SK, k->pub.box_pk, SEC_BOX_PK);
	payload[KF_NAMELEN(KF_VERSION)] = (uint8_t)n;
	memcpy(payload + KF_NAMELEN(KF_VERSION) + 1, k->pub.name, n);
}

/* The header fields of a key file, as read or to be written. */
struct kf_header {
	uint8_t		 magic[4], version, kdf, res[2];
	uint64_t	 ops, mem;
	uint8_t		 salt[SEC_SALT], id[KEY_ID], nonce[SEC_NONCE];
	const uint8_t	*ct, *sum;	/* reading: payload and tag, checksum */
	size_t		 plen;		/* reading: the payload's length */
};

static int
kf_add_header(struct buf *rec, const struct kf_header *h)
{
	buf_add(rec, KF_MAGIC, 4);
	buf_addc(rec, KF_VERSION);
	buf_addc(rec, h->kdf);
	buf_add(rec, h->res, 2);
	buf_add_u64(rec, h->ops);
	buf_add_u64(rec, h->mem);
	buf_add(rec, h->salt, sizeof(h->salt));
	buf_add(rec, h->id, KEY_ID);
	buf_add(rec, h->nonce, sizeof(h->nonce));
	return buf_reserve(rec, KF_PAYLOAD + SEC_TAG + SEC_HASH);
}

int
key_secret_write(const char *path, const struct key_secret *k,
    const char *pass, size_t passlen, struct error *e)
{
	struct buf rec, arm;
	struct kf_header h;
	uint8_t *payload = NULL, *wrap = NULL, sum[SEC_HASH];
	uint8_t zero[SEC_TAG] = { 0 };
	int rc = -1;

	buf_init(&rec);
	buf_init(&arm);
	memset(&h, 0, sizeof(h));
	memcpy(h.id, k->pub.id, KEY_ID);
	if ((payload = sec_malloc(KF_PAYLOAD)) == NULL ||
	    (wrap = sec_malloc(SEC_KEY)) == NULL) {
		error_set(e, EXIT_SYSTEM, "out of memory");
		goto done;
	}
	kf_payload(k, payload);
	if (pass != NULL) {
		h.kdf = KF_KDF_ARGON2ID;
		h.ops = sec_pwhash_ops_default();
		h.mem = sec_pwhash_mem_default();
		sec_random(h.salt, sizeof(h.salt));
		sec_random(h.nonce, sizeof(h.nonce));
		if (sec_pwhash(wrap, SEC_KEY, pass, passlen, h.salt, h.ops,
		    h.mem) != 0) {
			error_set(e, EXIT_SYSTEM, "key derivation failed "
			    "(out of memory?)");
			goto done;
		}
	}
	if (kf_add_header(&rec, &h) != 0) {
		error_set(e, EXIT_SYSTEM, "out of memory");
		goto done;
	}
	if (pass != NULL) {
		if (sec_aead_encrypt(rec.data + rec.len, payload, KF_PAYLOAD,
		    rec.data, KF_HEADER, h.nonce, wrap) != 0) {
			error_set(e, EXIT_SYSTEM, "cannot encrypt the key");
			goto done;
		}
		rec.len += KF_PAYLOAD + SEC_TAG;
	} else {
		buf_add(&rec, payload, KF_PAYLOAD);
		buf_add(&rec, zero, sizeof(zero));
	}
	if (sec_hash(sum, "adj-keyfile-v1", rec.data, rec.len) != 0) {
		error_set(e, EXIT_SYSTEM, "cannot hash the key file");
		goto done;
	}
	buf_add(&rec, sum, sizeof(sum));
	if (armor_wrap(rec.data, rec.len, ARMOR_SECRET, &arm, e) != 0)
		goto done;
	rc = fsio_write_excl(path, arm.data, arm.len, 0600, e);
done:
	if (payload != NULL)
		sec_wipe(payload, KF_PAYLOAD);
	if (wrap != NULL)
		sec_wipe(wrap, SEC_KEY);
	sec_free(payload);
	sec_free(wrap);
	buf_free(&rec);
	buf_free(&arm);
	return rc;
}

/* Splits a record of len bytes (a version's whole record) into its
 * fields. */
static void
kf_parse(const uint8_t *rec, size_t len, struct kf_header *h)
{
	struct cursor c = { rec, len };

	h->plen = len - KF_HEADER - SEC_TAG - SEC_HASH;
	cursor_take(&c, h->magic, 4);
	cursor_u8(&c, &h->version);
	cursor_u8(&c, &h->kdf);
	cursor_take(&c, h->res, 2);
	cursor_u64(&c, &h->ops);
	cursor_u64(&c, &h->mem);
	cursor_take(&c, h->salt, sizeof(h->salt));
	cursor_take(&c, h->id, KEY_ID);
	cursor_take(&c, h->nonce, sizeof(h->nonce));
	cursor_skip(&c, &h->ct, h->plen + SEC_TAG);
	cursor_skip(&c, &h->sum, SEC_HASH);
}

/*
 * The payload in clear into payload: decrypted with the passphrase (kdf
 * 1), or copied (kdf 0).  Without a passphrase an encrypted key sets
 * *needs_pass; bad limits are refused before that.
 */
static int
kf_unwrap(const uint8_t *rec, const struct kf_header *h, const char *pass,
    size_t passlen, uint8_t *payload, int *needs_pass, const char *where,
    struct error *e)
{
	uint8_t *wrap;
	int rc;

	if (h->kdf == KF_KDF_NONE) {
		if (h->ops != 0 || h->mem != 0)
			return error_set(e, EXIT_MALFORMED, "%s: unencrypted "
			    "key with key derivation parameters", where);
		memcpy(payload, h->ct, h->plen);
		return 0;
	}
	if (h->kdf != KF_KDF_ARGON2ID)
		return error_set(e, EXIT_MALFORMED, "%s: unknown key "
		    "derivation %u", where, h->kdf);
	if (!sec_pwhash_limits_ok(h->ops, h->mem))
		return error_set(e, EXIT_MALFORMED, "%s: key derivation "
		    "parameters out of bounds (opslimit %llu, memlimit %llu)",
		    where, (unsigned long long)h->ops,
		    (unsigned long long)h->mem);
	if (pass == NULL) {
		*needs_pass = 1;
		return error_set(e, EXIT_USAGE, "%s: passphrase needed", where);
	}
	if ((wrap = sec_malloc(SEC_KEY)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	if (sec_pwhash(wrap, SEC_KEY, pass, passlen, h->salt, h->ops,
	    h->mem) != 0)
		rc = error_set(e, EXIT_SYSTEM, "%s: key derivation failed",
		    where);
	else if (sec_aead_decrypt(payload, h->ct, h->plen + SEC_TAG, rec,
	    KF_HEADER, h->nonce, wrap) != 0)
		rc = error_set(e, EXIT_REFUSED, "%s: wrong passphrase", where);
	else
		rc = 0;
	sec_wipe(wrap, SEC_KEY);
	sec_free(wrap);
	return rc;
}

/*
 * The key from its payload in clear.  The public keys are the ones the
 * file carries (a version 1 file has no X25519 public key: it is derived,
 * once); the key id in the header must be theirs, and the name padding and
 * reserved bytes must be zero, so one key has one file.  The file's
 * checksum, and for kdf 1 its tag, stand for the rest until
 * key_secret_check.
 */
static struct key_secret *
kf_key(const uint8_t *payload, const struct kf_header *h, const char *where,
    struct error *e)
{
	struct key_secret *k;
	size_t namelen, i, at = KF_NAMELEN(h->version);
	uint8_t pad;
	int bad;

	if ((k = sec_malloc(sizeof(*k))) == NULL) {
		error_set(e, EXIT_SYSTEM, "out of memory");
		return NULL;
	}
	memset(k, 0, sizeof(*k));
	memcpy(k->sign_sk, payload, SEC_SIGN_SK);
	memcpy(k->box_sk, payload + SEC_SIGN_SK, SEC_BOX_SK);
	memcpy(k->pub.sign_pk, k->sign_sk + SEC_SIGN_SK - SEC_SIGN_PK,
	    SEC_SIGN_PK);
	namelen = payload[at];
	if (namelen > KEY_NAME_MAX)
		namelen = 0;
	memcpy(k->pub.name, payload + at + 1, namelen);
	k->pub.name[namelen] = '\0';
	if (h->version == 1)
		bad = sec_box_public(k->pub.box_pk, k->box_sk) != 0;
	else {
		memcpy(k->pub.box_pk, payload + SEC_SIGN_SK + SEC_BOX_SK,
		    SEC_BOX_PK);
		bad = 0;
	}
	bad = bad || key_compute_id(&k->pub) != 0;
	for (pad = 0, i = at + 1 + namelen; i < h->plen; i++)
		pad |= payload[i];
	if (bad || !key_name_ok(k->pub.name) ||
	    memcmp(k->pub.id, h->id, KEY_ID) != 0 ||
	    pad != 0 || h->res[0] != 0 || h->res[1] != 0) {
		error_set(e, EXIT_MALFORMED, "%s: secret key file is corrupt "
		    "(does not match its key id)", where);
		key_secret_free(k);
		return NULL;
	}
	return k;
}

int
key_secret_check(const struct key_secret *k, const char *where,
    struct error *e)
{
	uint8_t sign_pk[SEC_SIGN_PK], box_pk[SEC_BOX_PK];

	/* a holder's key was checked where its halves are */
	if (k->holder != NULL)
		return 0;
	if (sec_sign_public(sign_pk, k->sign_sk) != 0 ||
	    sec_box_public(box_pk, k->box_sk) != 0)
		return error_set(e, EXIT_SYSTEM, "%s: cannot derive the public "
		    "keys", where);
	if (memcmp(sign_pk, k->pub.sign_pk, SEC_SIGN_PK) != 0 ||
	    memcmp(box_pk, k->pub.box_pk, SEC_BOX_PK) != 0)
		return error_set(e, EXIT_MALFORMED, "%s: secret key file is "
		    "corrupt (its secret keys do not make its public keys)",
		    where);
	return 0;
}

/*
 * The record of a key file's text, its header parsed: the armor, the
 * size, the magic and the checksum checked; NULL with the error set.
 * The record is in l, which the caller frees.
 */
static const uint8_t *
kf_record(const char *text, size_t len, struct armor_list *l,
    struct kf_header *h, const char *where, struct error *e)
{
	uint8_t sum[SEC_HASH];
	const uint8_t *rec;
	size_t n;

	if (armor_read(text, len, ARMOR_SECRET, where, l, e) != 0)
		return NULL;
	n = l->n ? l->items[0].len : 0;
	if (l->n != 1 || (n != KF_TOTAL && n != KF_TOTAL1)) {
		error_set(e, EXIT_MALFORMED, "%s: secret key file is truncated "
		    "or corrupt (%zu bytes, want %d)", where, n, KF_TOTAL);
		return NULL;
	}
	rec = l->items[0].data;
	kf_parse(rec, n, h);
	/* each version has its own length */
	if (memcmp(h->magic, KF_MAGIC, 4) != 0 ||
	    (h->version != KF_VERSION && h->version != 1)) {
		error_set(e, EXIT_MALFORMED, "%s: not an adjudicator secret "
		    "key (version %u)", where, h->version);
		return NULL;
	}
	if (n != (h->version == 1 ? KF_TOTAL1 : KF_TOTAL)) {
		error_set(e, EXIT_MALFORMED, "%s: secret key file is truncated "
		    "or corrupt (%zu bytes, want %d)", where, n,
		    h->version == 1 ? KF_TOTAL1 : KF_TOTAL);
		return NULL;
	}
	if (sec_hash(sum, "adj-keyfile-v1", rec, n - SEC_HASH) != 0 ||
	    !sec_equal(sum, h->sum, SEC_HASH)) {
		error_set(e, EXIT_MALFORMED, "%s: secret key file is corrupt "
		    "(checksum mismatch)", where);
		return NULL;
	}
	return rec;
}

struct key_secret *
key_secret_decode(const char *text, size_t len, const char *pass,
    size_t passlen, int *needs_pass, const char *where, struct error *e)
{
	struct armor_list l;
	struct kf_header h;
	struct key_secret *k = NULL;
	uint8_t *payload = NULL;
	const uint8_t *rec;

	*needs_pass = 0;
	memset(&l, 0, sizeof(l));
	if ((rec = kf_record(text, len, &l, &h, where, e)) == NULL)
		goto done;
	if ((payload = sec_malloc(KF_PAYLOAD)) == NULL) {
		error_set(e, EXIT_SYSTEM, "out of memory");
		goto done;
	}
	if (kf_unwrap(rec, &h, pass, passlen, payload, needs_pass, where,
	    e) == 0)
		k = kf_key(payload, &h, where, e);
done:
	if (payload != NULL) {
		sec_wipe(payload, KF_PAYLOAD);
		sec_free(payload);
	}
	armor_list_free(&l);
	return k;
}

/*
 * A secret key others can read is refused, as ssh refuses one, with the
 * command that fixes it.  Checked once the file is known to be a key
 * (a corrupt file is reported as such) and before any passphrase.
 */
static int
key_file_private(const char *path, unsigned int mode, struct error *e)
{
	if ((mode & 077) == 0)
		return 0;
	return error_set(e, EXIT_REFUSED, "%s: secret key file is accessible "
	    "by others (mode %04o); chmod 600 %s", path, mode, path);
}

int
key_secret_id(const char *path, uint8_t id[KEY_ID], int *encrypted,
    struct error *e)
{
	struct armor_list l;
	struct kf_header h;
	struct buf b;
	unsigned int mode;
	int rc = -1;

	buf_init(&b);
	memset(&l, 0, sizeof(l));
	if (fsio_read_regular(path, 65536, &b, &mode, e) == 0 &&
	    kf_record((char *)b.data, b.len, &l, &h, path, e) != NULL &&
	    key_file_private(path, mode, e) == 0) {
		memcpy(id, h.id, KEY_ID);
		*encrypted = h.kdf != KF_KDF_NONE;
		rc = 0;
	}
	armor_list_free(&l);
	buf_free(&b);
	return rc;
}

struct key_secret *
key_secret_load(const char *path, key_pass_fn *askpass, void *arg,
    struct error *e)
{
	struct buf b;
	struct key_secret *k = NULL;
	char *pass = NULL;
	unsigned int mode;
	int needs;

	buf_init(&b);
	if (fsio_read_regular(path, 65536, &b, &mode, e) != 0)
		goto done;
	k = key_secret_decode((char *)b.data, b.len, NULL, 0, &needs, path, e);
	if ((k != NULL || needs) && key_file_private(path, mode, e) != 0) {
		key_secret_free(k);
		k = NULL;
		goto done;
	}
	if (k != NULL || !needs || askpass == NULL)
		goto done;
	if ((pass = sec_malloc(KEY_PASS_MAX)) == NULL) {
		error_set(e, EXIT_SYSTEM, "out of memory");
		goto done;
	}
	memset(pass, 0, KEY_PASS_MAX);
	if (askpass(path, pass, KEY_PASS_MAX, arg, e) != 0)
		goto done;
	pass[KEY_PASS_MAX - 1] = '\0';
	k = key_secret_decode((char *)b.data, b.len, pass, strlen(pass),
	    &needs, path, e);
done:
	if (pass != NULL) {
		sec_wipe(pass, KEY_PASS_MAX);
		sec_free(pass);
	}
	buf_free(&b);
	return k;
}
