/*
 * The deterministic generator (formats/rng.md).  Block i of a stream is
 * BLAKE2b-256, personalised "adjudicator-rng", over
 *
 *	label || 0x00 || seed || 0x00 || i as 8 bytes little-endian
 *
 * where label and seed are their ASCII bytes.  Words are taken from the
 * blocks four bytes at a time, little-endian, in order.
 */
#include <stdio.h>
#include <string.h>

#include "rng.h"
#include "sec.h"

void
rng_init(struct rng *r, const char *seed, const char *label)
{
	memset(r, 0, sizeof(*r));
	snprintf(r->seed, sizeof(r->seed), "%s", seed);
	snprintf(r->label, sizeof(r->label), "%s", label);
	r->used = sizeof(r->buf);
}

void
rng_init_random(struct rng *r, const char *label)
{
	uint8_t seed[32];
	char hex[65];

	sec_random(seed, sizeof(seed));
	sec_hex(hex, sizeof(hex), seed, sizeof(seed));
	rng_init(r, hex, label);
	sec_wipe(seed, sizeof(seed));
}

static void
refill(struct rng *r)
{
	uint8_t msg[RNG_LABEL + 65 + 2 + 8];
	size_t n = 0, l = strlen(r->label), s = strlen(r->seed);
	int i;

	memcpy(msg + n, r->label, l);
	n += l;
	msg[n++] = 0;
	memcpy(msg + n, r->seed, s);
	n += s;
	msg[n++] = 0;
	for (i = 0; i < 8; i++)
		msg[n++] = (uint8_t)(r->block >> (8 * i));
	/* libsodium's BLAKE2b cannot fail on these sizes; were it to, the
	 * block would be zeros, the same for every copy of the game */
	if (sec_hash(r->buf, "adjudicator-rng", msg, n) != 0)
		memset(r->buf, 0, sizeof(r->buf));
	r->block++;
	r->used = 0;
}

uint32_t
rng_u32(struct rng *r)
{
	uint32_t v;

	if (r->used + 4 > sizeof(r->buf))
		refill(r);
	v = (uint32_t)r->buf[r->used] | (uint32_t)r->buf[r->used + 1] << 8 |
	    (uint32_t)r->buf[r->used + 2] << 16 |
	    (uint32_t)r->buf[r->used + 3] << 24;
	r->used += 4;
	return v;
}

uint32_t
rng_uniform(struct rng *r, uint32_t n)
{
	uint32_t x, limit;

	if (n <= 1)
		return 0;
	/* the largest multiple of n that fits: 2^32 - (2^32 mod n) */
	limit = (uint32_t)0 - ((uint32_t)0 - n) % n;
	do
		x = rng_u32(r);
	while (limit != 0 && x >= limit);
	return x % n;
}
