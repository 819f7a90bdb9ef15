/*
 * What fuzz_receive and fuzz_judge share: games that are the same every
 * run (selfplay_new_fixed), so that their seeds are real messages, and
 * the writing of those seeds.  Static functions: each harness is one
 * program.
 */
#ifndef FUZZ_GAME_H
#define FUZZ_GAME_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "selfplay.h"

/* A fixed incognito game: both setups, then each action in turn. */
static struct selfplay *
fuzz_game(int judged, const char *const *actions)
{
	struct selfplay *sp;
	struct error e;
	int i;

	if ((sp = selfplay_new_fixed("incognito", NULL, 0, 2, judged,
	    &e)) == NULL || selfplay_setup(sp, 0, "d2", &e) != 0 ||
	    selfplay_setup(sp, 1, "b4", &e) != 0) {
		fprintf(stderr, "fuzz: no game: %s\n", e.msg);
		abort();
	}
	for (i = 0; actions[i] != NULL; i++)
		if (selfplay_turn(sp, i % 2, *actions[i] ? actions[i] : NULL,
		    &e) != 0) {
			fprintf(stderr, "fuzz: %s: %s\n", actions[i], e.msg);
			abort();
		}
	return sp;
}

/* A signed blob as the message that carries it, to these keys. */
static void
fuzz_wrap(const struct buf *blob, const struct key_secret *const *to,
    int nto, struct buf *out)
{
	struct key_public pub[SELFPLAY_PARTIES];
	struct error e;
	int i;

	for (i = 0; i < nto; i++)
		pub[i] = to[i]->pub;
	if (envelope_armor(blob->data, blob->len, pub, (size_t)nto, out,
	    &e) != 0) {
		fprintf(stderr, "fuzz: %s\n", e.msg);
		abort();
	}
}

/* Writes a seed DIR/NAME when FUZZ_SEEDS names DIR. */
static void
fuzz_seed(const char *name, const struct buf *b)
{
	const char *dir = getenv("FUZZ_SEEDS");
	char path[4096];
	FILE *f;

	if (dir == NULL)
		return;
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if ((f = fopen(path, "wb")) == NULL ||
	    fwrite(b->data, 1, b->len, f) != b->len || fclose(f) != 0) {
		fprintf(stderr, "fuzz: cannot write %s\n", path);
		abort();
	}
}

#endif
