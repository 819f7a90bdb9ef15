/*
 * Unit tests for signed and encrypted messages: round trips to several
 * recipients, and every forgery the format is meant to stop.
 */
#include "armor.h"
#include "envelope.h"
#include "unit.h"

#define DOMAIN	"adjudicator signed message v1"

static struct key_secret *alice, *bob, *carol, *dave, *eve;
static const char body[] = "game: g\nseq: 1\nkind: turn\n";

static int
seal(const struct key_secret *from, struct key_secret **to, size_t nto,
    struct buf *sb, struct buf *enc)
{
	struct key_public pubs[ENVELOPE_MAX_RECIPIENTS];
	struct error e;
	size_t i;

	for (i = 0; i < nto; i++)
		pubs[i] = to[i]->pub;
	buf_init(sb);
	buf_init(enc);
	if (envelope_sign(from, pubs, nto, body, strlen(body), sb, &e) != 0 ||
	    envelope_encrypt(sb->data, sb->len, pubs, nto, enc, &e) != 0) {
		printf("# seal: %s\n", e.msg);
		return -1;
	}
	return 0;
}

/* Opens as me; 0 when the body and signer come out right. */
static int
open_as(const struct buf *enc, const struct key_secret *me,
    const struct key_secret *from, struct error *e)
{
	struct buf sb;
	struct envelope env;
	int rc;

	buf_init(&sb);
	error_clear(e);
	rc = envelope_open(enc->data, enc->len, me, &sb, &env, "m", e);
	if (rc == 0 && (env.body_len != strlen(body) ||
	    memcmp(env.body, body, env.body_len) != 0 ||
	    !key_same(&env.signer, &from->pub) ||
	    strcmp(env.signer.name, from->pub.name) != 0 ||
	    strcmp(env.signer.idhex, from->pub.idhex) != 0))
		rc = error_set(e, EXIT_OK, "opened, but the contents differ");
	buf_free(&sb);
	return rc;
}

static void
test_roundtrip(void)
{
	struct key_secret *all[] = { bob, carol, dave, eve };
	static const size_t counts[] = { 1, 2, 4 };
	struct buf sb, enc;
	struct error e;
	size_t i, j;
	int good;

	for (i = 0; i < UNIT_NELEM(counts); i++) {
		if (seal(alice, all, counts[i], &sb, &enc) != 0) {
			unit_ok(0, "seal to %zu", counts[i]);
			continue;
		}
		good = 1;
		for (j = 0; j < counts[i]; j++)
			if (open_as(&enc, all[j], alice, &e) != 0) {
				printf("# %s\n", e.msg);
				good = 0;
			}
		unit_ok(good, "round trip to %zu recipient(s)", counts[i]);
		if (counts[i] < 4)
			unit_ok(unit_err(open_as(&enc, eve, alice, &e), &e,
			    EXIT_REFUSED, "not addressed to key"),
			    "non-recipient of %zu cannot open", counts[i]);
		unit_ok(unit_err(open_as(&enc, alice, alice, &e), &e,
		    EXIT_REFUSED, "not addressed"),
		    "the sender is not a recipient of %zu", counts[i]);
		buf_free(&sb);
		buf_free(&enc);
	}
}

static void
test_tamper(void)
{
	struct key_secret *to[] = { bob, carol };
	struct key_public pubs[2] = { bob->pub, carol->pub };
	struct buf sb, enc, sb2, enc2, fwd;
	struct envelope env;
	struct error e;
	size_t i;

	seal(alice, to, 2, &sb, &enc);

	enc.data[enc.len - 20] ^= 0x01;
	unit_ok(unit_err(open_as(&enc, bob, alice, &e), &e, EXIT_REFUSED,
	    "m: decryption failed"), "changed ciphertext byte refused");
	enc.data[enc.len - 20] ^= 0x01;
	unit_ok(open_as(&enc, bob, alice, &e) == 0, "restored byte opens");

	/* a flipped signature bit, properly re-encrypted */
	buf_init(&sb2);
	buf_add(&sb2, sb.data, sb.len);
	sb2.data[sb2.len - 1] ^= 0x80;
	buf_init(&enc2);
	envelope_encrypt(sb2.data, sb2.len, pubs, 2, &enc2, &e);
	unit_ok(unit_err(open_as(&enc2, bob, alice, &e), &e, EXIT_REFUSED,
	    "m: bad signature"), "flipped signature bit refused");
	unit_ok(unit_err(envelope_verify(sb2.data, sb2.len, &env, "m", &e), &e,
	    EXIT_REFUSED, "bad signature"), "envelope_verify: flipped bit");
	buf_free(&enc2);

	/* the signer's key replaced by mallory's (eve's) */
	memcpy(sb2.data, sb.data, sb.len);
	memcpy(sb2.data + 8, eve->pub.sign_pk, SEC_SIGN_PK);
	memcpy(sb2.data + 8 + SEC_SIGN_PK, eve->pub.box_pk, SEC_BOX_PK);
	envelope_encrypt(sb2.data, sb2.len, pubs, 2, &enc2, &e);
	unit_ok(unit_err(open_as(&enc2, bob, alice, &e), &e, EXIT_REFUSED,
	    "bad signature"), "signed blob with the signer key replaced refused");
	buf_free(&enc2);

	/* a body byte changed after signing */
	memcpy(sb2.data, sb.data, sb.len);
	sb2.data[sb2.len - SEC_SIG - 3] ^= 0x20;
	unit_ok(unit_err(envelope_verify(sb2.data, sb2.len, &env, "m", &e), &e,
	    EXIT_REFUSED, "bad signature"), "changed body refused");
	buf_free(&sb2);

	/* bob forwards what alice sent him to dave, re-encrypted */
	buf_init(&fwd);
	buf_init(&sb2);
	unit_ok(envelope_open(enc.data, enc.len, bob, &sb2, &env, "m", &e) ==
	    0 && sb2.len == sb.len && memcmp(sb2.data, sb.data, sb.len) == 0,
	    "the opened signed blob is the one alice signed");
	envelope_encrypt(sb2.data, sb2.len, &dave->pub, 1, &fwd, &e);
	unit_ok(unit_err(open_as(&fwd, dave, alice, &e), &e, EXIT_REFUSED,
	    "signed for other recipients"), "re-encrypted to a third party "
	    "refused");
	buf_free(&fwd);
	/* to a legitimate recipient, a re-encryption is still alice's */
	envelope_encrypt(sb2.data, sb2.len, &carol->pub, 1, &fwd, &e);
	unit_ok(open_as(&fwd, carol, alice, &e) == 0,
	    "re-encrypted to a signed recipient still opens");
	buf_free(&fwd);
	buf_free(&sb2);

	/* the recipient entry renamed to eve's key id */
	buf_init(&enc2);
	buf_add(&enc2, enc.data, enc.len);
	memcpy(enc2.data + 10, eve->pub.id, KEY_ID);
	unit_ok(unit_err(open_as(&enc2, eve, alice, &e), &e, EXIT_REFUSED,
	    NULL), "recipient id swapped to a non-recipient refused");
	unit_ok(unit_err(open_as(&enc2, bob, alice, &e), &e, EXIT_REFUSED,
	    "not addressed"), "the renamed recipient cannot open either");
	buf_free(&enc2);

	/* truncations: each length refused, none read out of bounds */
	for (i = 0; i < enc.len; i++) {
		error_clear(&e);
		if (open_as(&(struct buf){ enc.data, i, i, i }, bob, alice,
		    &e) == 0 || (e.status != EXIT_MALFORMED &&
		    e.status != EXIT_REFUSED))
			break;
	}
	unit_ok(i == enc.len, "every truncation refused");
	for (i = 0; i < sb.len; i++) {
		error_clear(&e);
		if (envelope_verify(sb.data, i, &env, "m", &e) == 0)
			break;
	}
	unit_ok(i == sb.len, "every truncated signed blob refused");
	buf_free(&sb);
	buf_free(&enc);
}

/*
 * Builds and signs a blob by hand, so the parser's checks behind the
 * signature can be reached.
 */
static void
signed_raw(struct buf *b, uint8_t namelen, uint16_t nto, uint32_t blen,
    size_t stray)
{
	struct buf m;
	uint8_t zero[3] = { 0 }, sig[SEC_SIG];
	size_t i;

	buf_init(b);
	buf_add(b, "ADJS\1", 5);
	buf_add(b, zero, 3);
	buf_add(b, alice->pub.sign_pk, SEC_SIGN_PK);
	buf_add(b, alice->pub.box_pk, SEC_BOX_PK);
	buf_addc(b, namelen);
	buf_add(b, "alice", namelen < 5 ? namelen : 5);
	for (i = 5; i < namelen; i++)
		buf_addc(b, 'x');
	buf_add_u16(b, nto);
	for (i = 0; i < nto && i < 40; i++)
		buf_add(b, bob->pub.id, KEY_ID);
	buf_add_u32(b, blen);
	buf_add(b, body, strlen(body));
	for (i = 0; i < stray; i++)
		buf_addc(b, 0);
	buf_init(&m);
	buf_add(&m, DOMAIN, sizeof(DOMAIN));
	buf_add(&m, b->data, b->len);
	sec_sign(sig, m.data, m.len, alice->sign_sk);
	buf_add(b, sig, sizeof(sig));
	buf_free(&m);
}

static const struct {
	const char	*name;
	uint8_t		 namelen;
	uint16_t	 nto;
	int		 blen_delta;
	size_t		 stray;
	const char	*want;	/* NULL: accepted */
} raws[] = {
	{ "well-formed", 5, 1, 0, 0, NULL },
	{ "no recipients", 5, 0, 0, 0, "malformed" },
	{ "17 recipients", 5, 17, 0, 0, "malformed" },
	{ "body length too long", 5, 1, 1, 0, "malformed" },
	{ "body length too short", 5, 1, -1, 0, "stray bytes" },
	{ "stray bytes", 5, 1, 0, 3, "3 stray bytes" },
	{ "empty name", 0, 1, 0, 0, "bad signer name" },
	{ "name too long", 33, 1, 0, 0, "malformed" },
};

static void
test_raw(void)
{
	struct buf b;
	struct envelope env;
	struct error e;
	size_t i;
	int rc;

	for (i = 0; i < UNIT_NELEM(raws); i++) {
		signed_raw(&b, raws[i].namelen, raws[i].nto,
		    (uint32_t)((int)strlen(body) + raws[i].blen_delta),
		    raws[i].stray);
		error_clear(&e);
		rc = envelope_verify(b.data, b.len, &env, "m", &e);
		if (raws[i].want == NULL)
			unit_ok(rc == 0 && env.nrecipients == 1 &&
			    envelope_addressed_to(&env, bob->pub.id) &&
			    !envelope_addressed_to(&env, carol->pub.id),
			    "signed blob %s accepted", raws[i].name);
		else
			unit_ok(unit_err(rc, &e, EXIT_MALFORMED, raws[i].want),
			    "signed blob with %s refused", raws[i].name);
		buf_free(&b);
	}
}

static void
test_limits(void)
{
	struct key_public pubs[ENVELOPE_MAX_RECIPIENTS + 1];
	struct buf sb, enc;
	struct error e;
	size_t i;
	uint8_t h1[SEC_HASH], h2[SEC_HASH];

	for (i = 0; i < UNIT_NELEM(pubs); i++)
		pubs[i] = bob->pub;
	buf_init(&sb);
	buf_init(&enc);
	unit_ok(unit_err(envelope_sign(alice, pubs, 0, body, strlen(body), &sb,
	    &e), &e, EXIT_USAGE, NULL), "sign to nobody refused");
	unit_ok(unit_err(envelope_sign(alice, pubs, UNIT_NELEM(pubs), body,
	    strlen(body), &sb, &e), &e, EXIT_USAGE, NULL),
	    "sign to 17 refused");
	unit_ok(unit_err(envelope_encrypt((const uint8_t *)body, 3, pubs, 0,
	    &enc, &e), &e, EXIT_USAGE, NULL), "encrypt to nobody refused");
	envelope_hash((const uint8_t *)"a", 1, h1);
	envelope_hash((const uint8_t *)"b", 1, h2);
	unit_ok(memcmp(h1, h2, SEC_HASH) != 0, "envelope_hash differs");
	buf_free(&sb);
	buf_free(&enc);
}

/* Reserved bytes must be zero even under a valid signature. */
static void
test_reserved(void)
{
	struct buf b, m;
	struct envelope env;
	struct error e;
	uint8_t sig[SEC_SIG];
	int rc;

	signed_raw(&b, 5, 1, (uint32_t)strlen(body), 0);
	b.len -= SEC_SIG;
	b.data[6] = 1;
	buf_init(&m);
	buf_add(&m, DOMAIN, sizeof(DOMAIN));
	buf_add(&m, b.data, b.len);
	sec_sign(sig, m.data, m.len, alice->sign_sk);
	buf_add(&b, sig, sizeof(sig));
	rc = envelope_verify(b.data, b.len, &env, "reserved", &e);
	unit_ok(unit_err(rc, &e, EXIT_MALFORMED, "not a signed"),
	    "signed blob with a nonzero reserved byte refused");
	buf_free(&m);
	buf_free(&b);
}

/* X25519 points of low order, and their non-canonical encodings. */
static const char *const low_order[] = {
	"0000000000000000000000000000000000000000000000000000000000000000",
	"0100000000000000000000000000000000000000000000000000000000000000",
	"e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800",
	"5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157",
	"ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
	"edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
	"eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
};

/*
 * Sealing to a key of low order fails (libsodium refuses the all-zero
 * shared secret), and envelope_encrypt must say so instead of sending
 * the sealed file key's 48 uninitialised bytes.
 */
static void
test_low_order_recipient(void)
{
	struct key_public pubs[2];
	struct buf sb, enc;
	struct error e;
	size_t i;
	int ok = 1;

	buf_init(&sb);
	unit_ok(envelope_sign(alice, &bob->pub, 1, body, strlen(body), &sb,
	    &e) == 0, "signed");
	for (i = 0; i < UNIT_NELEM(low_order); i++) {
		pubs[0] = bob->pub;
		pubs[1] = carol->pub;
		if (sec_unhex(pubs[i % 2].box_pk, SEC_BOX_PK,
		    low_order[i]) != 0) {
			ok = 0;
			continue;
		}
		buf_init(&enc);
		buf_adds(&enc, "kept");
		error_clear(&e);
		if (!unit_err(envelope_encrypt(sb.data, sb.len, pubs, 2, &enc,
		    &e), &e, EXIT_MALFORMED, "not a usable encryption key") ||
		    enc.len != 4 || memcmp(enc.data, "kept", 4) != 0) {
			printf("# %s: len %zu\n", low_order[i], enc.len);
			ok = 0;
		}
		buf_free(&enc);
	}
	unit_ok(ok, "envelope_encrypt to a key of low order fails, adding "
	    "nothing to its output");
	buf_free(&sb);
}

int
main(void)
{
	struct error e;

	unit_init();
	alice = key_generate("alice", &e);
	bob = key_generate("bob", &e);
	carol = key_generate("carol", &e);
	dave = key_generate("dave", &e);
	eve = key_generate("eve", &e);
	test_roundtrip();
	test_tamper();
	test_raw();
	test_limits();
	test_reserved();
	test_low_order_recipient();
	key_secret_free(alice);
	key_secret_free(bob);
	key_secret_free(carol);
	key_secret_free(dave);
	key_secret_free(eve);
	return unit_done();
}
