/*
 * verify reads archives in batches and checks signatures on several
 * threads: a long game (several batches) must verify with one thread and
 * with four, and a bad signature planted late must be reported at its own
 * entry, the first one, whatever the threads.  The threads parse each
 * entry too: one whose body does not parse, signed as it is, is reported
 * at its own entry, before a bad signature later.
 */
#include <stdio.h>
#include <stdlib.h>

#include "unit.h"

#include "archive.h"
#include "selfplay.h"

#define LONG	700

static int
plain_move(const struct game_action *a)
{
	const char *to = game_action_get(a, "to");

	return strcmp(a->type, "move") == 0 && strcmp(to, "a5") != 0 &&
	    strcmp(to, "e1") != 0;
}

/* Random play, moves only until LONG entries, then anything. */
static struct selfplay *
long_game(void)
{
	struct game_action *list = calloc(GAME_MAX_ACTIONS, sizeof(*list));
	struct selfplay *sp;
	struct error e;
	char limit[] = "limit=100000", *opts[] = { limit }, text[64];
	int next, n, i, k, steps;

	if (list == NULL || (sp = selfplay_new("incognito", opts, 1, 2,
	    0, &e)) == NULL)
		return NULL;
	if (selfplay_setup(sp, 0, NULL, &e) != 0 ||
	    selfplay_setup(sp, 1, NULL, &e) != 0)
		goto fail;
	for (steps = 0; steps < 20000; steps++) {
		if ((next = match_next_author(sp->m[0])) < 0)
			break;
		if (match_phase(sp->m[0]) == MATCH_FINAL ||
		    match_owes(sp->m[0], next)) {
			if (selfplay_turn(sp, next, NULL, &e) != 0)
				goto fail;
			continue;
		}
		n = match_actions(sp->m[next], next, list, GAME_MAX_ACTIONS);
		if (n <= 0)
			goto fail;
		k = (int)sec_uniform((uint32_t)n);
		if (sp->nentries < LONG)
			for (i = 0; i < n && !plain_move(&list[k]); i++)
				k = (k + 1) % n;
		sp->rules->format(sp->m[next]->state, &list[k], text,
		    sizeof(text));
		if (selfplay_turn(sp, next, text, &e) != 0)
			goto fail;
	}
	if (match_phase(sp->m[0]) != MATCH_CLOSED || sp->nentries < LONG)
		goto fail;
	free(list);
	return sp;
fail:
	printf("# long game: %s\n", e.msg);
	free(list);
	selfplay_free(sp);
	return NULL;
}

static int
verify_file(const struct selfplay *sp, int threads, struct error *e)
{
	struct buf arc, out;
	FILE *f;
	int rc;

	buf_init(&arc);
	buf_init(&out);
	if (selfplay_archive(sp, &arc, e) != 0 ||
	    (f = fmemopen(arc.data, arc.len, "r")) == NULL) {
		buf_free(&arc);
		return -2;
	}
	rc = archive_verify(f, "archive", threads, NULL, &out, e);
	fclose(f);
	buf_free(&arc);
	buf_free(&out);
	return rc;
}

int
main(void)
{
	struct selfplay *sp;
	struct error e;
	static const int threads[] = { 1, 4 };
	size_t t;
	int rc;

	unit_init();
	if ((sp = long_game()) == NULL) {
		unit_ok(0, "a closed game of %d entries", LONG);
		return unit_done();
	}
	unit_ok(1, "a closed game of %zu entries", sp->nentries);
	for (t = 0; t < 2; t++) {
		rc = verify_file(sp, threads[t], &e);
		unit_ok(rc == 0, "%d thread(s): the whole game verifies%s%s",
		    threads[t], rc ? ": " : "", rc ? e.msg : "");
	}
	/* bad signatures on 650 and 300: 300 is reported, in batch two */
	sp->entries[650].data[sp->entries[650].len - 1] ^= 1;
	sp->entries[300].data[sp->entries[300].len - 5] ^= 0x20;
	for (t = 0; t < 2; t++) {
		rc = verify_file(sp, threads[t], &e);
		unit_ok(unit_err(rc, &e, EXIT_REFUSED, "seq 300: bad signature"),
		    "%d thread(s): the first bad signature is named", threads[t]);
	}
	/* entry 200 signed by its author over a body that is no YAML */
	{
		struct envelope env;
		struct buf nb;
		const char junk[] = "game: [\n";
		int s;

		buf_init(&nb);
		envelope_parse(sp->entries[200].data, sp->entries[200].len,
		    &env, "200", &e);
		for (s = 0; s < sp->nseats; s++)
			if (key_same(&sp->key[s]->pub, &env.signer))
				break;
		if (s == sp->nseats || envelope_sign(sp->key[s],
		    &sp->key[0]->pub, 1, junk, sizeof(junk) - 1, &nb, &e) != 0)
			unit_ok(0, "entry 200 re-signed");
		buf_free(&sp->entries[200]);
		sp->entries[200] = nb;
	}
	for (t = 0; t < 2; t++) {
		rc = verify_file(sp, threads[t], &e);
		unit_ok(unit_err(rc, &e, EXIT_MALFORMED, "seq 200"),
		    "%d thread(s): an entry that does not parse is named at its "
		    "place", threads[t]);
	}
	selfplay_free(sp);
	return unit_done();
}
