/*
 * A deterministic random generator, for what every seat and verify must
 * rebuild identically from the game seed (a topogic field, espionnage's
 * volcanoes), and for reproducible bots and playouts.  Specified byte for
 * byte in formats/rng.md, with a test vector.
 */
#ifndef RNG_H
#define RNG_H

#include <stdint.h>

#define RNG_LABEL	32

struct rng {
	char		seed[65];	/* the game seed, hex */
	char		label[RNG_LABEL];	/* what the stream is for */
	uint64_t	block;		/* the next block's number */
	uint8_t		buf[32];
	unsigned	used;		/* bytes of buf already taken */
};

/* A stream for seed (1-64 hex digits) and a label ("field", "volcanoes"). */
void	rng_init(struct rng *, const char *seed, const char *label);
/* A stream from fresh randomness (bots, random setups). */
void	rng_init_random(struct rng *, const char *label);
uint32_t rng_u32(struct rng *);
/* Uniform in 0 .. n-1 (n >= 1), by rejection: no modulo bias. */
uint32_t rng_uniform(struct rng *, uint32_t n);

#endif
