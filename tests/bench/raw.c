/*
 * The raw Ed25519 verification rate through the sec_* wrappers, on one
 * core: N signatures (by two keys, as in a two-seat game) over random
 * messages of SIZE bytes, verified once as a warm-up and then once timed.
 * One invocation is one sample: run.sh runs it as many times as it runs
 * verify, alternating with it, and compares medians.
 *
 *   raw [-n N] [-s SIZE]
 *
 * Prints: raw_per_sec R n N size SIZE
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
	double t0, t;
	int ch, pass, bad = 0;

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
	t = 0;
	for (pass = 0; pass < 2; pass++) {	/* a warm-up, then the sample */
		t0 = now();
		for (i = 0; i < n; i++)
			bad |= sec_verify(sig + i * SEC_SIG, msg + i * size,
			    (size_t)size, pk[i & 1]) != 0;
		t = now() - t0;
	}
	if (bad) {
		fprintf(stderr, "raw: a signature did not verify\n");
		return 1;
	}
	printf("raw_per_sec %.0f n %ld size %ld\n", t > 0 ? (double)n / t : 0,
	    n, size);
	free(msg);
	free(sig);
	return 0;
}
