/*
 * One Swiss round of the Dutch system for a large field (issue 35's
 * target: 1,000 players in under a second on one core).  The rounds
 * before it are paired by the same engine with seeded random results
 * (white wins 40 %, draws 25 %, black wins 35 %; not timed); then the
 * next round is paired once, timed.  One invocation is one sample:
 * swiss.sh runs it RUNS times and reports the median, min and max.
 *
 *   swisspair [-n PLAYERS] [-r ROUNDS-PLAYED] [-t TOTAL]
 *
 * Prints: swiss_sec S cpu_sec C n N round R pairs P
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "error.h"
#include "rng.h"
#include "swiss.h"

static double
secs(clockid_t c)
{
	struct timespec ts;

	clock_gettime(c, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The round's results into the players' records. */
static void
results(struct rng *r, const struct swiss_pair *p, size_t np,
    unsigned *opp, int *col, unsigned *pts, struct swiss_player *pl,
    unsigned rd, unsigned total)
{
	size_t i;
	unsigned w, b, x;

	for (i = 0; i < np; i++) {
		w = p[i].white;
		b = p[i].black;
		if (b == SWISS_NONE) {
			opp[w * total + rd] = SWISS_NONE;
			pts[w * total + rd] = 2;
			pl[w].pab = 1;
			continue;
		}
		x = rng_uniform(r, 20);
		opp[w * total + rd] = b;
		opp[b * total + rd] = w;
		col[w * total + rd] = 1;
		col[b * total + rd] = -1;
		pts[w * total + rd] = x < 8 ? 2 : x < 13 ? 1 : 0;
		pts[b * total + rd] = 2 - pts[w * total + rd];
	}
}

int
main(int argc, char **argv)
{
	struct swiss_player *pl;
	struct swiss_pair *p;
	struct error e;
	struct rng r;
	unsigned *opp, *pts, n = 1000, played = 5, total = 11, rd, i;
	int *col, ch;
	size_t np;
	double t0, c0;

	while ((ch = getopt(argc, argv, "n:r:t:")) != -1) {
		switch (ch) {
		case 'n':
			n = (unsigned)strtoul(optarg, NULL, 10);
			break;
		case 'r':
			played = (unsigned)strtoul(optarg, NULL, 10);
			break;
		case 't':
			total = (unsigned)strtoul(optarg, NULL, 10);
			break;
		default:
			fprintf(stderr, "usage: swisspair [-n players] "
			    "[-r rounds-played] [-t total]\n");
			return 2;
		}
	}
	if (n < 2 || n > SWISS_MAX || played >= total) {
		fprintf(stderr, "swisspair: 2..%d players, rounds played "
		    "below the total\n", SWISS_MAX);
		return 2;
	}
	pl = calloc(n, sizeof(*pl));
	p = calloc(n / 2 + 1, sizeof(*p));
	opp = calloc((size_t)n * total, sizeof(*opp));
	pts = calloc((size_t)n * total, sizeof(*pts));
	col = calloc((size_t)n * total, sizeof(*col));
	if (!pl || !p || !opp || !pts || !col) {
		perror("swisspair");
		return 4;
	}
	for (i = 0; i < n; i++) {
		pl[i].rank = i + 1;
		pl[i].opponent = opp + (size_t)i * total;
		pl[i].colour = col + (size_t)i * total;
		pl[i].points2 = pts + (size_t)i * total;
	}
	rng_init(&r, "5e1551a2e", "swiss bench");
	for (rd = 0; rd <= played; rd++) {
		t0 = secs(CLOCK_MONOTONIC);
		c0 = secs(CLOCK_PROCESS_CPUTIME_ID);
		if (swiss_pair(pl, n, total, p, &np, &e) != 0) {
			fprintf(stderr, "swisspair: round %u: %s\n", rd + 1,
			    e.msg);
			return 1;
		}
		if (rd == played)
			break;
		results(&r, p, np, opp, col, pts, pl, rd, total);
		for (i = 0; i < n; i++)
			pl[i].nrounds = rd + 1;
	}
	printf("swiss_sec %.6f cpu_sec %.6f n %u round %u pairs %zu\n",
	    secs(CLOCK_MONOTONIC) - t0, secs(CLOCK_PROCESS_CPUTIME_ID) - c0,
	    n, played + 1, np);
	return 0;
}
