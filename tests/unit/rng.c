/*
 * The deterministic generator against its specification's test vector
 * (formats/rng.md), and the properties the games rely on.
 */
#include "unit.h"

#include "rng.h"

int
main(void)
{
	static const uint32_t words[10] = { 0x948fdef8, 0x08db1a36, 0x4d34bf6e,
	    0x6189fd16, 0x278cf9f1, 0x2189eff5, 0x193e4e25, 0x508b2492,
	    0xb4bddb5b, 0x8e6b09c8 };
	static const uint32_t draws[10] = { 56, 22, 10, 14, 9, 9, 37, 26, 19,
	    8 };
	struct rng a, b;
	int i, same, ok, seen[7] = { 0 };

	unit_init();
	rng_init(&a, "0123456789abcdef", "field");
	for (ok = 1, i = 0; i < 10; i++)
		ok &= rng_u32(&a) == words[i];
	unit_ok(ok, "the first ten words of the test vector");
	rng_init(&a, "0123456789abcdef", "field");
	for (ok = 1, i = 0; i < 10; i++)
		ok &= rng_uniform(&a, 60) == draws[i];
	unit_ok(ok, "the first ten numbers in 0..59 of the test vector");
	rng_init(&a, "0123456789abcdef", "field");
	rng_init(&b, "0123456789abcdef", "tiles");
	for (same = 0, i = 0; i < 8; i++)
		same += rng_u32(&a) == rng_u32(&b);
	unit_ok(same < 8, "another label is another stream");
	rng_init(&a, "0123456789abcdee", "field");
	unit_ok(rng_u32(&a) != words[0], "another seed is another stream");
	rng_init(&a, "00", "x");
	for (ok = 1, i = 0; i < 7000; i++) {
		uint32_t v = rng_uniform(&a, 7);

		ok &= v < 7;
		seen[v < 7 ? v : 0]++;
	}
	for (i = 0; i < 7; i++)
		ok &= seen[i] > 800 && seen[i] < 1200;
	unit_ok(ok, "uniform in 0..6, every value about as often");
	unit_ok(rng_uniform(&a, 1) == 0, "uniform in 0..0 is 0");
	return unit_done();
}
