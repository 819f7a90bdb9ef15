/*
 * Standings: one game whose archives part (standings.h, "forks").  Two
 * different entries of one seq on the same entry, signed by one key,
 * are the proof that the key's holder equivocated (formats/entry.md):
 * a losing seat that resigned in the real game and again at an earlier
 * entry from a copy it kept must not void its loss.  The game counts on
 * the branch that other keys signed after the fork; when that does not
 * decide it, it is a loss for the equivocating key and for nobody else.
 * A fork of two keys proves nothing: the game is not counted.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "archive.h"
#include "fsio.h"
#include "standings.h"
#include "transcript.h"

/* Each entry of the archive at path (verified before): 0, or -1. */
static int
steps_of(const char *path, struct archive_steps *v)
{
	const struct archive_progress hooks = { .entry = archive_step,
	    .arg = v };
	struct buf summary;
	struct error e;
	FILE *f;
	int rc;

	memset(v, 0, sizeof(*v));
	error_clear(&e);
	if ((f = fsio_fopen_regular(path, &e)) == NULL)
		return -1;
	buf_init(&summary);
	rc = archive_verify(f, path, 1, &hooks, &summary, &e);
	buf_free(&summary);
	fclose(f);
	return rc == 0 || e.status != EXIT_SYSTEM ? 0 : -1;
}

/* Whether a key other than key signed an entry of v from i on. */
static int
others(const struct archive_steps *v, size_t i, const char *key)
{
	for (; i < v->n; i++)
		if (strcmp(v->s[i].key, key) != 0)
			return 1;
	return 0;
}

/* The game scored a loss for the seat held by key, a win for each other
 * seat against it, and no result between the others. */
static int
loss_for(struct standings_game *g, const char *key)
{
	int x, i, j;

	for (x = 0; x < g->nseats && strcmp(g->seat[x].key, key) != 0; x++)
		;
	if (x == g->nseats)
		return -1;
	for (i = 0; i < g->nseats; i++) {
		g->seat[i].outcome = i == x ? STANDINGS_LOST : STANDINGS_DRAWN;
		for (j = 0; j < g->nseats; j++)
			g->pair[i][j] = i == j ? STANDINGS_APART : i == x ?
			    STANDINGS_LOST : j == x ? STANDINGS_WON :
			    STANDINGS_DRAWN;
	}
	g->rated = 1;
	g->how = MATCH_HOW_CHEAT;
	return 0;
}

int
standings_fork(struct standings *s, struct standings_game *a,
    const struct standings_game *b, struct standings_game *out)
{
	struct archive_steps x, y;
	const struct archive_step *p, *q;
	const char *who;
	size_t k;
	int i, rc = 0;

	if (steps_of(a->from, &x) != 0 || steps_of(b->from, &y) != 0) {
		free(x.s);
		return 0;
	}
	for (k = 0; k < x.n && k < y.n &&
	    memcmp(x.s[k].hash, y.s[k].hash, SEC_HASH) == 0; k++)
		;
	if (k == x.n || k == y.n)
		goto done;
	p = &x.s[k];
	q = &y.s[k];
	if (strcmp(p->key, q->key) != 0 || p->by == GAME_JUDGE)
		goto done;	/* two signers, or the judge: not counted */
	for (i = 0; i < a->nseats && strcmp(a->seat[i].key, p->key) != 0; i++)
		;
	who = i < a->nseats ? a->seat[i].player : "?";
	rc = 1;
	if (others(&x, k + 1, p->key) && !others(&y, k + 1, p->key)) {
		*out = *a;
		report_line(s->report, "%s: game %.16s: %s (key %s) signed two "
		    "entries %zu, here and in %s: it equivocated; counted on "
		    "the branch the others signed, this one", a->from, a->id,
		    who, p->key, k + 1, b->from);
	} else if (others(&y, k + 1, p->key) && !others(&x, k + 1, p->key)) {
		*out = *b;
		report_line(s->report, "%s: game %.16s: %s (key %s) signed two "
		    "entries %zu, here and in %s: it equivocated; counted on "
		    "the branch the others signed, this one", b->from, b->id,
		    who, p->key, k + 1, a->from);
	} else {
		*out = *a;
		if (loss_for(out, p->key) != 0)
			rc = 0;
		else
			report_line(s->report, "%s: game %.16s: %s (key %s) "
			    "signed two entries %zu, here and in %s: it "
			    "equivocated, and no branch is the others' alone: "
			    "a loss for %s, for nobody else", a->from, a->id,
			    who, p->key, k + 1, b->from, who);
	}
done:
	free(x.s);
	free(y.s);
	return rc;
}
