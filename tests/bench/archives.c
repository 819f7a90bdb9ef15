/*
 * Benchmark archives for standings: finished games between a club's
 * players, as its judge's exports would hold them, each played in memory
 * through the real protocol (selfplay: every entry signed, encrypted and
 * taken by each copy), written one archive per file.
 *
 *   archives -n N [-f FIRST] -p PLAYERS -k KEYDIR DIR
 *
 * Game i (FIRST to FIRST+N-1) is DIR/NNNNNN.adj, between two of the
 * players KEYDIR/p00.key ... (unencrypted), created at 2024-01-01 plus i
 * hours (10,000 games: some 14 months, five quarters).  What it is comes
 * from i, so that two processes can share the work:
 *   i % 10 < 6   knights, some random moves (0 to 20), then a
 *                resignation (7 in 10) or a draw agreed;
 *   i % 10 = 6,7 incognito, played at random to the rules' end;
 *   i % 10 = 8   incognito judged by KEYDIR/judge.key, to the end (the
 *                judge's export);
 *   i % 10 = 9   knights with a player who resigns at once.
 * Prints one line: "archives N entries E bytes B".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "key.h"
#include "rng.h"
#include "selfplay.h"
#include "standings.h"

#define HOUR	3600
#define START	"2024-01-01T00:00:00Z"

static int
load(const char *dir, const char *name, struct key_secret **k,
    struct error *e)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s.key", dir, name);
	return (*k = key_secret_load(path, NULL, NULL, e)) == NULL ? -1 : 0;
}

static int
one(long i, int players, const char *keydir, const char *dir, size_t *entries,
    size_t *bytes, struct error *e)
{
	struct key_secret *k[3] = { NULL, NULL, NULL };
	struct selfplay_end how = { -1, 0, -1 };
	struct selfplay *sp = NULL;
	struct rng r;
	struct buf out;
	char seed[32], name[16], when[32], path[4096];
	int a, b, kind = (int)(i % 10), judged = kind == 8, rc = -1;
	int64_t t0;
	FILE *f;

	buf_init(&out);
	snprintf(seed, sizeof(seed), "%08lx", (unsigned long)i);
	rng_init(&r, seed, "bench");
	a = (int)rng_uniform(&r, (uint32_t)players);
	b = (a + 1 + (int)rng_uniform(&r, (uint32_t)players - 1)) % players;
	snprintf(name, sizeof(name), "p%02d", a);
	if (load(keydir, name, &k[0], e) != 0)
		goto done;
	snprintf(name, sizeof(name), "p%02d", b);
	if (load(keydir, name, &k[1], e) != 0 ||
	    (judged && load(keydir, "judge", &k[2], e) != 0))
		goto done;
	if (kind < 6) {
		how.plies = (int)rng_uniform(&r, 21);
		how.draw = rng_uniform(&r, 10) >= 7;
		how.resign = SELFPLAY_MOVER;
	} else if (kind == 9) {
		how.plies = 0;
		how.resign = SELFPLAY_MOVER;
	}
	(void)standings_time_parse(START, &t0);
	standings_time_format(t0 + i * HOUR, when, sizeof(when));
	if ((sp = selfplay_new_as(kind < 6 || kind == 9 ? "knights" :
	    "incognito", NULL, 0, 2, judged, k, when, e)) == NULL ||
	    selfplay_run(sp, &how, e) != 0 || selfplay_archive(sp, &out, e) != 0)
		goto done;
	*entries += sp->m[judged ? GAME_JUDGE : 0]->seq + 1;
	*bytes += out.len;
	snprintf(path, sizeof(path), "%s/%06ld.adj", dir, i);
	if ((f = fopen(path, "w")) == NULL ||
	    fwrite(out.data, 1, out.len, f) != out.len || fclose(f) != 0) {
		error_set(e, EXIT_SYSTEM, "cannot write %s", path);
		goto done;
	}
	rc = 0;
done:
	selfplay_free(sp);
	for (a = 0; a < 3; a++)
		key_secret_free(k[a]);	/* those not taken */
	buf_free(&out);
	return rc;
}

int
main(int argc, char **argv)
{
	long n = 0, first = 0, i;
	int players = 0, c;
	const char *keydir = NULL;
	size_t entries = 0, bytes = 0;
	struct error e;

	while ((c = getopt(argc, argv, "n:f:p:k:")) != -1)
		switch (c) {
		case 'n':
			n = atol(optarg);
			break;
		case 'f':
			first = atol(optarg);
			break;
		case 'p':
			players = atoi(optarg);
			break;
		case 'k':
			keydir = optarg;
			break;
		default:
			goto usage;
		}
	if (optind + 1 != argc || n < 1 || players < 2 || players > 100 ||
	    keydir == NULL)
		goto usage;
	if (sec_init() != 0) {
		fprintf(stderr, "archives: cannot initialise libsodium\n");
		return 1;
	}
	error_clear(&e);
	for (i = first; i < first + n; i++)
		if (one(i, players, keydir, argv[optind], &entries, &bytes,
		    &e) != 0) {
			fprintf(stderr, "archives: game %ld: %s\n", i, e.msg);
			return 1;
		}
	printf("archives %ld entries %zu bytes %zu\n", n, entries, bytes);
	return 0;
usage:
	fprintf(stderr, "usage: archives -n N [-f FIRST] -p PLAYERS -k KEYDIR "
	    "DIR\n");
	return 2;
}
