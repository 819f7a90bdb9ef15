/*
 * The raw Ed25519 verification rate through the sec_* wrappers: N
 * signatures (by two keys, as in a two-seat game) over random messages of
 * SIZE bytes, verified in passes over all N until at least one second has
 * gone by; the best pass gives the rate (the same best-of rule run.sh
 * applies to verify).
 *
 *   raw [-n N] [-s SIZE]
 *
 * Prints: raw_per_sec R passes P n N size SIZE
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "sec.h"

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int
main(int argc, char **argv)
{
	uint8_t pk[2][SEC_SIGN_PK], sk[2][SEC_SIGN_SK], *msg, *sig;
	long n = 10000, size = 400, i;
	double t0, t, start, best = 0;
	int ch, passes = 0, bad = 0;

	while ((ch = getopt(argc, argv, "n:s:")) != -1)
		switch (ch) {
		case 'n':
			n = strtol(optarg, NULL, 10);
			break;
		case 's':
			size = strtol(optarg, NULL, 10);
			break;
		default:
			fprintf(stderr, "usage: raw [-n N] [-s SIZE]\n");
			return 2;
		}
	if (n < 1 || size < 1 || sec_init() != 0) {
		fprintf(stderr, "raw: bad arguments or sec_init failed\n");
		return 1;
	}
	msg = malloc((size_t)n * (size_t)size);
	sig = malloc((size_t)n * SEC_SIG);
	if (msg == NULL || sig == NULL) {
		fprintf(stderr, "raw: out of memory\n");
		return 1;
	}
	sec_sign_keypair(pk[0], sk[0]);
	sec_sign_keypair(pk[1], sk[1]);
	sec_random(msg, (size_t)n * (size_t)size);
	for (i = 0; i < n; i++)
		sec_sign(sig + i * SEC_SIG, msg + i * size, (size_t)size,
		    sk[i & 1]);
	start = now();
	do {
		t0 = now();
		for (i = 0; i < n; i++)
			bad |= sec_verify(sig + i * SEC_SIG, msg + i * size,
			    (size_t)size, pk[i & 1]) != 0;
		t = now() - t0;
		if (t > 0 && (double)n / t > best)
			best = (double)n / t;
		passes++;
	} while (now() - start < 1.0 || passes < 3);
	if (bad) {
		fprintf(stderr, "raw: a signature did not verify\n");
		return 1;
	}
	printf("raw_per_sec %.0f passes %d n %ld size %ld\n", best, passes, n,
	    size);
	free(msg);
	free(sig);
	return 0;
}
