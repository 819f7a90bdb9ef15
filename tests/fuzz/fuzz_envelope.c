/*
 * libFuzzer harness for envelopes, armor-free.  The same bytes go to
 * envelope_open (as an encrypted message to a fixed key), to
 * envelope_verify (as a signed blob), and, re-signed with the fixed key,
 * to envelope_verify again so that the blob parser behind the signature
 * check is reached too.  The key is the test-only bob of formats/samples,
 * built in memory, so runs are deterministic.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "buf.h"
#include "envelope.h"
#include "key.h"
#include "sec.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* formats/samples/bob.key: unencrypted and public, for tests only */
static const char bob_key[] =
    "-----BEGIN ADJUDICATOR SECRET KEY-----\n"
    "QURKSwEAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAF9oIh9UKRD4\n"
    "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAsiHLJ6VG+XpwPKCnclIrSkmQKlKS9Ht0\n"
    "ayNw3E/YfpZYhqiIyVw4NKPGJObDNEt/exx6XC+7pyOL5USFxWa7gnLOjUiv4eS+\n"
    "l5eNbpsG2bEdHffwbsVnHOFQAVouWw2BA2JvYgAAAAAAAAAAAAAAAAAAAAAAAAAA\n"
    "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAIs9G0rBfNPDSY1yBXVlqFXrR2EwmKNF\n"
    "YXHHRLyXcvFq\n"
    "-----END ADJUDICATOR SECRET KEY-----\n"
    ;

/* as in envelope.c: the domain tag, with its NUL, precedes the blob */
static const char domain[] = "adjudicator signed message v1";

static struct key_secret *
fixed_key(void)
{
	struct error e;
	int needs;

	error_clear(&e);
	return key_secret_decode(bob_key, sizeof(bob_key) - 1, NULL, 0,
	    &needs, "bob.key", &e);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct key_secret *me;
	struct envelope env;
	struct error e;
	struct buf sb, m, blob;
	uint8_t sig[SEC_SIG];

	if (me == NULL) {
		if (sec_init() != 0 || (me = fixed_key()) == NULL)
			__builtin_trap();
	}
	error_clear(&e);
	buf_init(&sb);
	if (envelope_open(data, size, me, &sb, &env, "fuzz", &e) == 0)
		(void)envelope_addressed_to(&env, me->pub.id);
	buf_free(&sb);

	error_clear(&e);
	(void)envelope_verify(data, size, &env, "fuzz", &e);

	/* the bytes as the signed part of a blob, with our key and a good
	 * signature: everything after the signature check is exercised */
	if (size < 8 + SEC_SIGN_PK || size > ENVELOPE_MAX_BODY)
		return 0;
	buf_init(&blob);
	buf_init(&m);
	buf_add(&blob, data, size);
	memcpy(blob.data + 8, me->pub.sign_pk, SEC_SIGN_PK);
	buf_add(&m, domain, sizeof(domain));
	buf_add(&m, blob.data, blob.len);
	sec_sign(sig, m.data, m.len, me->sign_sk);
	buf_add(&blob, sig, sizeof(sig));
	error_clear(&e);
	if (envelope_verify(blob.data, blob.len, &env, "fuzz", &e) == 0 &&
	    env.body_len > 0 && env.body[env.body_len - 1] == 0xff)
		env.hash[0] ^= 1;	/* read the last body byte */
	buf_free(&m);
	buf_free(&blob);
	return 0;
}
