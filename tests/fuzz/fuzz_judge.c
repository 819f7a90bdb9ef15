/*
 * libFuzzer harness: the judge's input -- armored text, as a seat's mail
 * brings it -- through judge_input (decryption, the private message, the
 * signed entry inside, a setup's private openings, the sequence decision,
 * the inbox, the match with every setup known, the judge's own openings)
 * into the judge's copy of a live judged game held in memory, in which
 * alice has just moved.  Each input goes to a fresh fork of that copy;
 * the updates the judge then owes each seat are made too.
 *
 * The game is the same every run, so the seeds are real messages to the
 * judge: each seat's message of the same game played on (one a message,
 * and all in one mail, out of order) and the invitation.  FUZZ_SEEDS=DIR
 * writes them into DIR (tests/fuzz/corpus/judge).
 */
#include "fuzzgame.h"
#include "view.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* alice has moved: bob is to act */
static const char *const base[] = { "e3-c3", NULL };
/* and on: bob moves, alice finds his spy, the judge opens everything */
static const char *const later[] = { "e3-c3", "b4-b3", "c3?b3", NULL };

static struct selfplay *game;

/* Each seat's entry as the seat sent it (a private message to the
 * judge, with its openings for a setup), one a file, then all in one
 * mail, the last first; and the invitation. */
static void
seeds(void)
{
	struct selfplay *sp = fuzz_game(1, later);
	const struct key_secret *judge = sp->key[GAME_JUDGE];
	const struct transcript *p;
	struct key_public to;
	struct envelope env;
	struct buf bundle, sb, one, all;
	struct error e;
	char name[64];
	size_t i;
	int seat;

	to = judge->pub;
	buf_init(&bundle);
	buf_init(&sb);
	buf_init(&one);
	buf_init(&all);
	for (i = sp->nentries; i-- > 0;) {
		one.len = 0;
		if (envelope_parse(sp->entries[i].data, sp->entries[i].len, &env,
		    "seed", &e) != 0)
			abort();
		seat = match_seat_of(sp->m[GAME_JUDGE], &env.signer);
		if (i == 0) {
			fuzz_wrap(&sp->entries[0], &judge, 1, &one);
			fuzz_seed("invitation.msg", &one);
			continue;
		}
		if (seat < 0 || seat >= sp->nseats)
			continue;	/* the judge's own */
		p = &sp->party[seat];
		bundle.len = sb.len = 0;
		/* entries 1 and 2 are the setups: their openings go along */
		if (entry_private(sp->m[GAME_JUDGE], seat, &sp->entries[i],
		    i <= 2 ? p->secret : NULL, NULL, &bundle, &e) != 0 ||
		    envelope_sign(sp->key[seat], &to, 1, bundle.data,
		    bundle.len, &sb, &e) != 0 ||
		    envelope_armor(sb.data, sb.len, &to, 1, &one, &e) != 0) {
			fprintf(stderr, "fuzz: %s\n", e.msg);
			abort();
		}
		snprintf(name, sizeof(name), "seq%zu.msg", i);
		fuzz_seed(name, &one);
		buf_add(&all, one.data, one.len);
	}
	fuzz_seed("all.msg", &all);
	buf_free(&bundle);
	buf_free(&sb);
	buf_free(&one);
	buf_free(&all);
	selfplay_free(sp);
}

/* The mail the judge would send: made, looked at, dropped. */
static int
emit(void *arg, int seat, const struct buf *armored, size_t n, int note,
    size_t resent, struct error *e)
{
	(void)arg;
	(void)n;
	(void)note;
	(void)resent;
	if (armored->len == 0)
		return error_set(e, EXIT_SYSTEM, "an empty update for seat %d",
		    seat);
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct transcript *t;
	struct judge_run j;
	struct buf view;
	struct error e;

	if (game == NULL) {
		if (sec_init() != 0)
			abort();
		game = fuzz_game(1, base);
		if (getenv("FUZZ_SEEDS") != NULL)
			seeds();
	}
	if ((t = selfplay_fork(game, GAME_JUDGE, &e)) == NULL)
		abort();
	buf_init(&view);
	judge_run_init(&j, t, game->key[GAME_JUDGE]);
	if (judge_input(&j, (const char *)data, size, "fuzz", &e) == 0 &&
	    judge_updates(&j, emit, NULL, &e) == 0)
		view_text(t->m, -1, "J", &view);
	buf_free(&view);
	selfplay_fork_free(t);
	return 0;
}
