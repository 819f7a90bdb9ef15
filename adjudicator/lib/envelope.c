/*
 * Envelope.  Signed blob:
 *
 *   "ADJS" version(1) reserved(3) sign_pk(32) box_pk(32)
 *   namelen(1) name  nrecipients(u16) keyid(8)...  bodylen(u32) body
 *   signature(64) over DOMAIN || everything before it
 *
 * Encrypted message:
 *
 *   "ADJE" version(1) reserved(3) nrecipients(u16)
 *   { keyid(8) sealed_file_key(32 + 48) }...  nonce(24)
 *   XChaCha20-Poly1305(signed blob) with everything before it as AD
 *
 * Because the recipient list is inside the signature, a recipient who
 * re-encrypts a message to a third party cannot make it look addressed to
 * that party.
 */
#include <stdlib.h>
#include <string.h>

#include "armor.h"
#include "envelope.h"

#define SIGNED_MAGIC	"ADJS"
#define SEALED_MAGIC	"ADJE"
#define VERSION		1
#define DOMAIN		"adjudicator signed message v1"
#define SEALED_KEY	(SEC_KEY + SEC_SEAL_EXTRA)

int
envelope_hash(const uint8_t *p, size_t len, uint8_t out[SEC_HASH])
{
	return sec_hash(out, "adj-entry-v1", p, len);
}

static int
domain_sign(uint8_t sig[SEC_SIG], const uint8_t *m, size_t len,
    const struct key_secret *k, struct error *e)
{
	struct buf b;
	int rc;

	buf_init(&b);
	if (buf_add(&b, DOMAIN, sizeof(DOMAIN)) != 0 ||	/* with the NUL */
	    buf_add(&b, m, len) != 0)
		rc = error_set(e, EXIT_SYSTEM, "cannot sign the message "
		    "(out of memory)");
	else
		rc = key_sign(k, sig, b.data, b.len, e);
	buf_free(&b);
	return rc;
}

int
envelope_signable(const uint8_t *m, size_t len, const struct key_public *k)
{
	size_t at = sizeof(DOMAIN) + 8;

	return len >= at + SEC_SIGN_PK + SEC_BOX_PK &&
	    memcmp(m, DOMAIN, sizeof(DOMAIN)) == 0 &&
	    memcmp(m + sizeof(DOMAIN), SIGNED_MAGIC, 4) == 0 &&
	    m[sizeof(DOMAIN) + 4] == VERSION &&
	    memcmp(m + at, k->sign_pk, SEC_SIGN_PK) == 0 &&
	    memcmp(m + at + SEC_SIGN_PK, k->box_pk, SEC_BOX_PK) == 0;
}

/* The signed blob's layout, up to its signature, for the key pub. */
static int
layout(const struct key_public *pub, const struct key_public *to, size_t nto,
    const void *body, size_t len, struct buf *out, struct error *e)
{
	uint8_t zero[3] = { 0, 0, 0 };
	size_t i;

	if (nto == 0 || nto > ENVELOPE_MAX_RECIPIENTS)
		return error_set(e, EXIT_USAGE, "%zu recipients (1 to %d)",
		    nto, ENVELOPE_MAX_RECIPIENTS);
	if (len > ENVELOPE_MAX_BODY)
		return error_set(e, EXIT_MALFORMED, "body larger than %u bytes",
		    ENVELOPE_MAX_BODY);
	buf_add(out, SIGNED_MAGIC, 4);
	buf_addc(out, VERSION);
	buf_add(out, zero, 3);
	buf_add(out, pub->sign_pk, SEC_SIGN_PK);
	buf_add(out, pub->box_pk, SEC_BOX_PK);
	buf_addc(out, (uint8_t)strlen(pub->name));
	buf_adds(out, pub->name);
	buf_add_u16(out, (uint16_t)nto);
	for (i = 0; i < nto; i++)
		buf_add(out, to[i].id, KEY_ID);
	buf_add_u32(out, (uint32_t)len);
	if (buf_add(out, body, len) != 0)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	return 0;
}

/* The blob, signed with k, or with a signature of zeros for NULL. */
static int
make_blob(const struct key_public *pub, const struct key_secret *k,
    const struct key_public *to, size_t nto, const void *body, size_t len,
    struct buf *out, struct error *e)
{
	uint8_t sig[SEC_SIG];
	size_t start = out->len;

	memset(sig, 0, sizeof(sig));
	if (layout(pub, to, nto, body, len, out, e) != 0) {
		out->len = start;
		return -1;
	}
	if (k != NULL && domain_sign(sig, out->data + start, out->len - start,
	    k, e) != 0) {
		out->len = start;
		return -1;
	}
	if (buf_add(out, sig, sizeof(sig)) != 0) {
		out->len = start;
		return error_set(e, EXIT_SYSTEM, "cannot sign the message "
		    "(out of memory)");
	}
	return 0;
}

int
envelope_sign(const struct key_secret *k, const struct key_public *to,
    size_t nto, const void *body, size_t len, struct buf *out,
    struct error *e)
{
	return make_blob(&k->pub, k, to, nto, body, len, out, e);
}

int
envelope_unsigned(const struct key_public *pub, const struct key_public *to,
    size_t nto, const void *body, size_t len, struct buf *out,
    struct error *e)
{
	return make_blob(pub, NULL, to, nto, body, len, out, e);
}

/*
 * The signature alone: 0 when the blob is signed by the key it names.
 * Safe to call from several threads at once.
 */
int
envelope_check(const uint8_t *p, size_t len, const char *where,
    struct error *e)
{
	uint8_t small[2048], *msg = small;
	size_t mlen = sizeof(DOMAIN) + len - SEC_SIG;
	int bad;

	if (len < 4 + 4 + SEC_SIGN_PK + SEC_SIG)
		return error_set(e, EXIT_MALFORMED, "%s: signed message "
		    "truncated", where);
	/* most entries fit on the stack: no allocation an entry */
	if (mlen > sizeof(small) && (msg = malloc(mlen)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	memcpy(msg, DOMAIN, sizeof(DOMAIN));
	memcpy(msg + sizeof(DOMAIN), p, len - SEC_SIG);
	bad = sec_verify(p + len - SEC_SIG, msg, mlen, p + 8) != 0;
	if (msg != small)
		free(msg);
	if (bad)
		return error_set(e, EXIT_REFUSED, "%s: bad signature", where);
	return 0;
}

int
envelope_verify(const uint8_t *p, size_t len, struct envelope *env,
    const char *where, struct error *e)
{
	memset(env, 0, sizeof(*env));
	/* signature first: nothing is interpreted before it checks out */
	if (envelope_check(p, len, where, e) != 0 ||
	    envelope_parse(p, len, env, where, e) != 0)
		return -1;
	env->checked = 1;
	return 0;
}

/*
 * The signer's key id, a hash of its two keys: the same few keys sign
 * every entry of a game, turn about, so each thread keeps the last few
 * it hashed.
 */
#define SIGNERS_KEPT	4

static int
signer_id(struct key_public *k)
{
	static _Thread_local struct key_public kept[SIGNERS_KEPT];
	static _Thread_local int nkept, next;
	int i;

	for (i = 0; i < nkept; i++)
		if (key_same(k, &kept[i])) {
			memcpy(k->id, kept[i].id, sizeof(k->id));
			memcpy(k->idhex, kept[i].idhex, sizeof(k->idhex));
			return 0;
		}
	if (key_compute_id(k) != 0)
		return -1;
	kept[next] = *k;
	next = (next + 1) % SIGNERS_KEPT;
	if (nkept < SIGNERS_KEPT)
		nkept++;
	return 0;
}

int
envelope_parse(const uint8_t *p, size_t len, struct envelope *env,
    const char *where, struct error *e)
{
	struct cursor c = { p, len };
	uint8_t magic[4], version, res[3], namelen;
	uint16_t n;
	uint32_t blen;
	size_t i;

	memset(env, 0, sizeof(*env));
	if (len < 4 + 4 + SEC_SIGN_PK + SEC_SIG)
		return error_set(e, EXIT_MALFORMED, "%s: signed message "
		    "truncated", where);
	c.left = len - SEC_SIG;
	if (cursor_take(&c, magic, 4) || cursor_u8(&c, &version) ||
	    cursor_take(&c, res, 3) ||
	    cursor_take(&c, env->signer.sign_pk, SEC_SIGN_PK) ||
	    cursor_take(&c, env->signer.box_pk, SEC_BOX_PK) ||
	    cursor_u8(&c, &namelen) || namelen > KEY_NAME_MAX ||
	    cursor_take(&c, env->signer.name, namelen))
		goto trunc;
	if (memcmp(magic, SIGNED_MAGIC, 4) != 0 || version != VERSION ||
	    res[0] != 0 || res[1] != 0 || res[2] != 0)
		return error_set(e, EXIT_MALFORMED, "%s: not a signed "
		    "adjudicator message", where);
	env->signer.name[namelen] = '\0';
	if (!key_name_ok(env->signer.name))
		return error_set(e, EXIT_MALFORMED, "%s: bad signer name",
		    where);
	if (signer_id(&env->signer) != 0)
		return error_set(e, EXIT_SYSTEM, "%s: cannot hash the signer's "
		    "key", where);
	if (cursor_u16(&c, &n) || n == 0 || n > ENVELOPE_MAX_RECIPIENTS)
		goto trunc;
	for (i = 0; i < n; i++)
		if (cursor_take(&c, env->recipients[i], KEY_ID))
			goto trunc;
	env->nrecipients = n;
	if (cursor_u32(&c, &blen) || blen > ENVELOPE_MAX_BODY ||
	    cursor_skip(&c, &env->body, blen))
		goto trunc;
	env->body_len = blen;
	if (c.left != 0)
		return error_set(e, EXIT_MALFORMED, "%s: %zu stray bytes in "
		    "signed message", where, c.left);
	if (envelope_hash(p, len, env->hash) != 0)
		return error_set(e, EXIT_SYSTEM, "%s: cannot hash the message",
		    where);
	return 0;
trunc:
	return error_set(e, EXIT_MALFORMED, "%s: signed message malformed",
	    where);
}

int
envelope_encrypt(const uint8_t *sb, size_t len, const struct key_public *to,
    size_t nto, struct buf *out, struct error *e)
{
	uint8_t *fkey, zero[3] = { 0, 0, 0 }, nonce[SEC_NONCE];
	uint8_t sealed[ENVELOPE_MAX_RECIPIENTS][SEALED_KEY];
	uint8_t pk[ENVELOPE_MAX_RECIPIENTS][SEC_BOX_PK];
	uint8_t *seal_at[ENVELOPE_MAX_RECIPIENTS];
	size_t i, bad, start = out->len;
	int rc = -1;

	if (nto == 0 || nto > ENVELOPE_MAX_RECIPIENTS)
		return error_set(e, EXIT_USAGE, "%zu recipients (1 to %d)",
		    nto, ENVELOPE_MAX_RECIPIENTS);
	if ((fkey = sec_malloc(SEC_KEY)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	sec_random(fkey, SEC_KEY);
	sec_random(nonce, sizeof(nonce));
	for (i = 0; i < nto; i++) {
		memcpy(pk[i], to[i].box_pk, SEC_BOX_PK);
		seal_at[i] = sealed[i];
	}
	/* one ephemeral key for every recipient's seal (sec.h); a key of
	 * low order gets no file key: it would not be secret */
	if (sec_seal_many(seal_at, fkey, SEC_KEY,
	    (const uint8_t (*)[SEC_BOX_PK])pk, nto, &bad) != 0) {
		error_set(e, EXIT_MALFORMED, "recipient %s (%s): not a "
		    "usable encryption key", to[bad].name, to[bad].idhex);
		goto done;
	}
	buf_add(out, SEALED_MAGIC, 4);
	buf_addc(out, VERSION);
	buf_add(out, zero, 3);
	buf_add_u16(out, (uint16_t)nto);
	for (i = 0; i < nto; i++) {
		buf_add(out, to[i].id, KEY_ID);
		buf_add(out, sealed[i], SEALED_KEY);
	}
	buf_add(out, nonce, sizeof(nonce));
	if (buf_reserve(out, len + SEC_TAG) != 0) {
		error_set(e, EXIT_SYSTEM, "out of memory");
		goto done;
	}
	if (sec_aead_encrypt(out->data + out->len, sb, len, out->data + start,
	    out->len - start, nonce, fkey) != 0) {
		error_set(e, EXIT_SYSTEM, "cannot encrypt the message");
		goto done;
	}
	out->len += len + SEC_TAG;
	rc = 0;
done:
	if (rc != 0 && out->data != NULL) {
		/* nothing of a message that failed half-way is left in out */
		sec_wipe(out->data + start, out->cap - start);
		out->len = start;
	}
	sec_wipe(fkey, SEC_KEY);
	sec_free(fkey);
	return rc;
}

int
envelope_armor(const uint8_t *sb, size_t len, const struct key_public *to,
    size_t nto, struct buf *out, struct error *e)
{
	struct buf enc;
	int rc;

	buf_init(&enc);
	rc = envelope_encrypt(sb, len, to, nto, &enc, e);
	if (rc == 0)
		rc = armor_wrap(enc.data, enc.len, ARMOR_MESSAGE, out, e);
	buf_free(&enc);
	return rc;
}

int
envelope_addressed_to(const struct envelope *env, const uint8_t *id)
{
	size_t i;

	for (i = 0; i < env->nrecipients; i++)
		if (memcmp(env->recipients[i], id, KEY_ID) == 0)
			return 1;
	return 0;
}

static int
open_sealed(const uint8_t *p, size_t len, const struct key_secret *me,
    struct buf *sb, struct envelope *env, int verify, int forwarded,
    const char *where,
    struct error *e)
{
	struct cursor c = { p, len };
	uint8_t magic[4], version, res[3], id[KEY_ID], *fkey;
	const uint8_t *sealed, *nonce, *ct;
	uint16_t n;
	size_t i, adlen;
	int found = 0, mine = 0, rc;

	if (cursor_take(&c, magic, 4) || cursor_u8(&c, &version) ||
	    cursor_take(&c, res, 3) || cursor_u16(&c, &n))
		return error_set(e, EXIT_MALFORMED, "%s: message truncated",
		    where);
	if (memcmp(magic, SEALED_MAGIC, 4) != 0 || version != VERSION ||
	    res[0] != 0 || res[1] != 0 || res[2] != 0)
		return error_set(e, EXIT_MALFORMED, "%s: not an adjudicator "
		    "message", where);
	if (n == 0 || n > ENVELOPE_MAX_RECIPIENTS)
		return error_set(e, EXIT_MALFORMED, "%s: %u recipients", where,
		    n);
	if ((fkey = sec_malloc(SEC_KEY)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	for (i = 0; i < n; i++) {
		if (cursor_take(&c, id, KEY_ID) ||
		    cursor_skip(&c, &sealed, SEALED_KEY)) {
			sec_free(fkey);
			return error_set(e, EXIT_MALFORMED, "%s: message "
			    "truncated", where);
		}
		if (found || memcmp(id, me->pub.id, KEY_ID) != 0)
			continue;
		mine = 1;
		if ((rc = key_unseal(me, fkey, sealed, SEALED_KEY, e)) < 0) {
			sec_free(fkey);
			return error_prefix(e, "%s", where);
		}
		found = rc == 0;
	}
	if (cursor_skip(&c, &nonce, SEC_NONCE) || c.left < SEC_TAG) {
		sec_free(fkey);
		return error_set(e, EXIT_MALFORMED, "%s: message truncated",
		    where);
	}
	if (!found) {
		sec_free(fkey);
		return error_set(e, EXIT_REFUSED, mine ?
		    "%s: cannot decrypt the file key for %s (corrupt message)" :
		    "%s: not addressed to key %s", where, me->pub.idhex);
	}
	adlen = (size_t)(c.p - p);
	ct = c.p;
	if (buf_reserve(sb, c.left - SEC_TAG) != 0) {
		sec_free(fkey);
		return error_set(e, EXIT_SYSTEM, "out of memory");
	}
	if (sec_aead_decrypt(sb->data + sb->len, ct, c.left, p, adlen, nonce,
	    fkey) != 0) {
		sec_wipe(fkey, SEC_KEY);
		sec_free(fkey);
		return error_set(e, EXIT_REFUSED, "%s: decryption failed "
		    "(message altered)", where);
	}
	sec_wipe(fkey, SEC_KEY);
	sec_free(fkey);
	sb->len += c.left - SEC_TAG;
	if ((verify ? envelope_verify(sb->data, sb->len, env, where, e) :
	    envelope_parse(sb->data, sb->len, env, where, e)) != 0)
		return -1;
	if (!forwarded && !envelope_addressed_to(env, me->pub.id))
		return error_set(e, EXIT_REFUSED, "%s: signed for other "
		    "recipients, not key %s (forwarded by someone else?)",
		    where, me->pub.idhex);
	return 0;
}

int
envelope_open(const uint8_t *p, size_t len, const struct key_secret *me,
    struct buf *sb, struct envelope *env, const char *where, struct error *e)
{
	return open_sealed(p, len, me, sb, env, 1, 0, where, e);
}

int
envelope_open_lazy(const uint8_t *p, size_t len, const struct key_secret *me,
    struct buf *sb, struct envelope *env, const char *where, struct error *e)
{
	return open_sealed(p, len, me, sb, env, 0, 0, where, e);
}

int
envelope_open_forwarded(const uint8_t *p, size_t len,
    const struct key_secret *me, struct buf *sb, struct envelope *env,
    const char *where, struct error *e)
{
	return open_sealed(p, len, me, sb, env, 1, 1, where, e);
}
