/*
 * The raw Ed25519 verification rate through the sec_* wrappers: N
 * signatures (by two keys, as in a two-seat game) over random messages of
 * SIZE bytes, verified once as a warm-up and then once timed, on one core,
 * or shared out over THREADS threads (-t: what the machine itself gives
 * on that many cores, the bound of any verifier there).  One invocation
 * is one sample: run.sh runs it as many times as it runs verify,
 * alternating with it, and compares medians.
 *
 *   raw [-n N] [-s SIZE] [-t THREADS]
 *
 * Prints: raw_per_sec R n N size SIZE threads THREADS
 */
#include <pthread.h>
#include <stdatomic.h>
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

#define MAX_THREADS	64

static uint8_t pk[2][SEC_SIGN_PK], *msg, *sig;
static long n = 10000, size = 400;
static atomic_long next;	/* the next signature to check */
static atomic_int bad;

/* Signatures in chunks of 64, taken in turn: no thread idles at the end. */
static void *
worker(void *arg)
{
	long i, k, end;

	(void)arg;
	while ((k = atomic_fetch_add(&next, 64)) < n) {
		end = k + 64 < n ? k + 64 : n;
		for (i = k; i < end; i++)
			if (sec_verify(sig + i * SEC_SIG, msg + i * size,
			    (size_t)size, pk[i & 1]) != 0)
				atomic_store(&bad, 1);
	}
	return NULL;
}

/* One pass over every signature on nt threads (this one among them). */
static double
pass(int nt)
{
	pthread_t t[MAX_THREADS];
	double t0 = now();
	int k, started = 0;

	atomic_store(&next, 0);
	for (k = 1; k < nt; k++)
		if (pthread_create(&t[started], NULL, worker, NULL) == 0)
			started++;
	worker(NULL);
	for (k = 0; k < started; k++)
		pthread_join(t[k], NULL);
	return now() - t0;
}

int
main(int argc, char **argv)
{
	uint8_t sk[2][SEC_SIGN_SK];
	double t;
	long i;
	int ch, nt = 1;

	while ((ch = getopt(argc, argv, "n:s:t:")) != -1)
		switch (ch) {
		case 'n':
			n = strtol(optarg, NULL, 10);
			break;
		case 's':
			size = strtol(optarg, NULL, 10);
			break;
		case 't':
			nt = (int)strtol(optarg, NULL, 10);
			break;
		default:
			fprintf(stderr, "usage: raw [-n N] [-s SIZE] "
			    "[-t THREADS]\n");
			return 2;
		}
	if (n < 1 || size < 1 || nt < 1 || nt > MAX_THREADS ||
	    sec_init() != 0) {
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
	pass(nt);	/* a warm-up, then the sample */
	t = pass(nt);
	if (atomic_load(&bad)) {
		fprintf(stderr, "raw: a signature did not verify\n");
		return 1;
	}
	printf("raw_per_sec %.0f n %ld size %ld threads %d\n",
	    t > 0 ? (double)n / t : 0, n, size, nt);
	free(msg);
	free(sig);
	return 0;
}
