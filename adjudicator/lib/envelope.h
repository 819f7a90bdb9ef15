/*
 * Signed and encrypted messages.  A message is first signed (the signed
 * blob carries the signer's public keys, its name, the recipients' key ids
 * and the body), then encrypted to the recipients.  The signed blob is what
 * a transcript keeps, byte for byte.  Layout in formats/envelope.md.
 */
#ifndef ENVELOPE_H
#define ENVELOPE_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "error.h"
#include "key.h"

#define ENVELOPE_MAX_RECIPIENTS	16
#define ENVELOPE_MAX_BODY	(1024u * 1024)

/* The parsed view of a signed blob; pointers point into the blob. */
struct envelope {
	struct key_public signer;
	uint8_t		  recipients[ENVELOPE_MAX_RECIPIENTS][KEY_ID];
	size_t		  nrecipients;
	const uint8_t	 *body;
	size_t		  body_len;
	uint8_t		  hash[SEC_HASH];	/* of the whole signed blob */
	int		  checked;	/* its signature was checked here */
};

int	envelope_sign(const struct key_secret *, const struct key_public *to,
	    size_t nto, const void *body, size_t len, struct buf *signed_out,
	    struct error *);
/*
 * The blob envelope_sign would make, with a signature of zeros: what a
 * dry run applies to a copy it throws away (turn -n, setup -n).  Nothing
 * that checks signatures accepts it.
 */
int	envelope_unsigned(const struct key_public *, const struct key_public *to,
	    size_t nto, const void *body, size_t len, struct buf *out,
	    struct error *);
/* 1 when m is what envelope_sign has signed for k: the domain tag, then
 * a signed blob naming k as its signer (what a key agent signs, and
 * nothing else). */
int	envelope_signable(const uint8_t *m, size_t len,
	    const struct key_public *k);
/* Verifies the signature, then parses.  Refused (1) or malformed (3). */
int	envelope_verify(const uint8_t *, size_t, struct envelope *,
	    const char *where, struct error *);
/* The two halves of envelope_verify: the signature alone (thread-safe),
 * and parsing a blob whose signature the caller has checked. */
int	envelope_check(const uint8_t *, size_t, const char *where,
	    struct error *);
int	envelope_parse(const uint8_t *, size_t, struct envelope *,
	    const char *where, struct error *);
int	envelope_encrypt(const uint8_t *signed_blob, size_t len,
	    const struct key_public *to, size_t nto, struct buf *out,
	    struct error *);
/*
 * Decrypts with me's key, verifies, and checks that me is one of the
 * signed recipients.  signed_out receives the signed blob; env points
 * into it.
 */
int	envelope_open(const uint8_t *, size_t, const struct key_secret *me,
	    struct buf *signed_out, struct envelope *, const char *where,
	    struct error *);
/*
 * The same, the signature left unchecked (env->checked 0): for a reader
 * that checks what it acts on otherwise and this signature only where it
 * must (the judge and a seat's private message, judge.c).
 */
int	envelope_open_lazy(const uint8_t *, size_t,
	    const struct key_secret *me, struct buf *signed_out,
	    struct envelope *, const char *where, struct error *);
/* The same without the check of the signed recipients: a blob sealed
 * again to a key it was not signed for (the invitation a judge gives a
 * seat's new holder).  The caller takes only what that may be. */
int	envelope_open_forwarded(const uint8_t *, size_t,
	    const struct key_secret *, struct buf *, struct envelope *,
	    const char *where, struct error *);
/* A signed blob encrypted to the recipients and armored for mail,
 * appended to out: what every verb that sends a message prints. */
int	envelope_armor(const uint8_t *signed_blob, size_t len,
	    const struct key_public *to, size_t nto, struct buf *out,
	    struct error *);
int	envelope_addressed_to(const struct envelope *, const uint8_t *id);
/* -1 (out zeroed) only if hashing failed. */
int	envelope_hash(const uint8_t *, size_t, uint8_t out[SEC_HASH]);

#endif
