/*
 * libFuzzer harness: a whole received message -- armored text, as mail
 * brings it -- through receive's path (transcript_receive: armor,
 * decryption, signature, the sequence decision, the inbox, the match, a
 * judge's updates) into bob's copy of a live game, held in memory: bob
 * of a peer game in which alice has just moved, and bob of a judged one
 * at the same point.  Each input goes to fresh forks of both copies;
 * what is accepted is then shown.
 *
 * The games are the same every run, so the seeds are real messages to
 * bob: every entry of the same games played on (one a message, and all
 * in one mail, out of order), the judge's updates, the invitation.
 * FUZZ_SEEDS=DIR writes them into DIR (tests/fuzz/corpus/receive).
 */
#include "fuzzgame.h"
#include "view.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* alice has moved: bob is to act */
static const char *const base[] = { "e3-c3", NULL };
/* and on: bob's spy is found; in a peer game his opening and both
 * seats' final openings follow ("": what is owed) */
static const char *const later[] = { "e3-c3", "b4-b3", "c3?b3", "", "",
    NULL };
static const char *const later_judged[] = { "e3-c3", "b4-b3", "c3?b3",
    NULL };

static struct selfplay *games[2];

/* One file per entry of the game played on, and all of them in one
 * mail, the last first; for a judged game, the updates bob received. */
static void
seeds(int judged)
{
	const char *tag = judged ? "judged" : "peer";
	const struct key_secret *to[2];
	struct selfplay *sp = fuzz_game(judged, judged ? later_judged : later);
	const struct transcript *bob = &sp->party[1];
	struct buf one, all, blob;
	struct error e;
	char name[64];
	uint64_t n, k;
	size_t i;

	to[0] = sp->key[0];
	to[1] = sp->key[1];
	buf_init(&one);
	buf_init(&all);
	buf_init(&blob);
	if (!judged) {
		for (i = sp->nentries; i-- > 0;) {
			one.len = 0;
			fuzz_wrap(&sp->entries[i], to, 2, &one);
			snprintf(name, sizeof(name), "%s-seq%zu.msg", tag, i);
			fuzz_seed(name, &one);
			buf_add(&all, one.data, one.len);
		}
		snprintf(name, sizeof(name), "%s-all.msg", tag);
		fuzz_seed(name, &all);
	} else if (bob->store->count_updates(bob->arg, 1, &n, &e) == 0) {
		for (k = n; k >= 1; k--) {
			one.len = blob.len = 0;
			if (bob->store->get_update(bob->arg, 1, k, &blob,
			    &e) != 0)
				abort();
			fuzz_wrap(&blob, &to[1], 1, &one);
			snprintf(name, sizeof(name), "%s-update%llu.msg", tag,
			    (unsigned long long)k);
			fuzz_seed(name, &one);
			buf_add(&all, one.data, one.len);
		}
		snprintf(name, sizeof(name), "%s-all.msg", tag);
		fuzz_seed(name, &all);
	}
	buf_free(&one);
	buf_free(&all);
	buf_free(&blob);
	selfplay_free(sp);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct transcript *t;
	struct buf view;
	struct error e;
	int g;

	if (games[0] == NULL) {
		if (sec_init() != 0)
			abort();
		games[0] = fuzz_game(0, base);
		games[1] = fuzz_game(1, base);
		if (getenv("FUZZ_SEEDS") != NULL) {
			seeds(0);
			seeds(1);
		}
	}
	buf_init(&view);
	for (g = 0; g < 2; g++) {
		if ((t = selfplay_fork(games[g], 1, &e)) == NULL)
			abort();
		if (transcript_receive(t, games[g]->key[1], (const char *)data,
		    size, "fuzz", &e) == 0) {
			view.len = 0;
			view_text(t->m, 1, "B", &view);
			view_yaml(t->m, 1, "B", &view, &e);
		}
		selfplay_fork_free(t);
	}
	buf_free(&view);
	return 0;
}
