/*
 * Benchmark archive generator: plays random incognito games in memory
 * through the real protocol (selfplay: every entry signed, applied to
 * each seat's own match) until one finished, closed game has at least N
 * entries, and writes its archive.
 *
 * How a random game is made to run long: the game is created with a
 * large limit option (limit=100000 by default: 200,000 plies without an
 * interrogation before the draw), and while the transcript is shorter
 * than N the random player is biased: it picks uniformly among the plain
 * moves, leaving out interrogations and castle entries (the two ways
 * incognito ends early).  Only when a position offers nothing else does
 * it take any legal action.  Once N entries are reached it prefers
 * interrogations, then castle entries, then anything, so the game ends
 * within a few turns, and then every seat's end-of-game openings close
 * it.  A game that ends before N entries is thrown away and a new one
 * started (the count of games tried is printed).  The result is one
 * closed game that verify must accept; run.sh checks that.
 *
 *   gen [-n N] [-l LIMIT] [-d DIR] ARCHIVE
 *
 * -d DIR also writes every signed entry as its own file DIR/NNNNNN (for
 * the minisign comparison: the same number of messages of the same
 * sizes).  Prints one line:
 *
 *   entries E bytes B mean_entry M games G
 *
 * where M is the mean size of a signed entry in bytes.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "armor.h"
#include "error.h"
#include "game.h"
#include "match.h"
#include "sec.h"
#include "selfplay.h"

#define MAX_GAMES	100

/* incognito: White (seat 0) attacks Black's castle a5, Black attacks e1 */
static const char *const enemy_castle[2] = { "a5", "e1" };

enum pick { PICK_LONG, PICK_END };

static int
is_interrogation(const struct game_action *a)
{
	return strcmp(a->type, "interrogate") == 0;
}

static int
is_castle_entry(const struct game_action *a, int seat)
{
	const char *to;

	if (strcmp(a->type, "move") != 0)
		return 0;
	to = game_action_get(a, "to");
	return to != NULL && strcmp(to, enemy_castle[seat]) == 0;
}

/*
 * Chooses an action for seat.  PICK_LONG: a uniformly random plain move
 * (neither an interrogation nor a castle entry) when there is one.
 * PICK_END: an interrogation, else a castle entry, when there is one.
 * Otherwise any legal action.
 */
static int
choose(struct selfplay *sp, int seat, enum pick how, struct game_action *list,
    char *out, size_t len)
{
	/* class 0: plain move, 1: castle entry, 2: interrogation, 3: other */
	static const int order_long[] = { 0, -1 }, order_end[] = { 2, 1, -1 };
	const int *order = how == PICK_LONG ? order_long : order_end;
	static int idx[GAME_MAX_ACTIONS];
	int n, i, k = 0, cls;

	n = match_actions(sp->m[seat], seat, list, GAME_MAX_ACTIONS);
	if (n <= 0)
		return -1;
	for (; *order >= 0; order++) {
		for (k = 0, i = 0; i < n; i++) {
			cls = is_interrogation(&list[i]) ? 2 :
			    is_castle_entry(&list[i], seat) ? 1 :
			    strcmp(list[i].type, "move") == 0 ? 0 : 3;
			if (cls == *order)
				idx[k++] = i;
		}
		if (k > 0)
			break;
	}
	i = k > 0 && *order >= 0 ? idx[sec_uniform((uint32_t)k)] :
	    (int)sec_uniform((uint32_t)n);
	sp->rules->format(sp->m[seat]->state, &list[i], out, len);
	return 0;
}

/* One game; returns the selfplay when it closed, NULL on error. */
static struct selfplay *
play(const char *limit_opt, size_t want, struct game_action *list)
{
	struct error e;
	struct selfplay *sp;
	char act[256], opt[64], *opts[1];
	int s, next;
	long steps = 0;

	snprintf(opt, sizeof(opt), "%s", limit_opt);
	opts[0] = opt;
	if ((sp = selfplay_new("incognito", opts, 1, 2, 0, &e)) == NULL) {
		fprintf(stderr, "gen: new: %s\n", e.msg);
		exit(1);
	}
	for (s = 0; s < 2; s++)
		if (selfplay_setup(sp, s, NULL, &e) != 0) {
			fprintf(stderr, "gen: setup %d: %s\n", s, e.msg);
			exit(1);
		}
	for (;;) {
		if (++steps > 10L * (long)want + 1000) {
			fprintf(stderr, "gen: game does not end\n");
			exit(1);
		}
		next = match_next_author(sp->m[0]);
		if (next < 0)
			break;
		if (match_phase(sp->m[0]) == MATCH_FINAL ||
		    match_owes(sp->m[0], next)) {
			if (selfplay_turn(sp, next, NULL, &e) == 0)
				continue;
			/* after an opening the same seat may have to act */
		}
		if (choose(sp, next, sp->nentries < want ? PICK_LONG : PICK_END,
		    list, act, sizeof(act)) != 0) {
			fprintf(stderr, "gen: seat %d has no action at seq "
			    "%llu\n", next, (unsigned long long)sp->m[0]->seq);
			exit(1);
		}
		if (selfplay_turn(sp, next, act, &e) != 0) {
			fprintf(stderr, "gen: seq %llu seat %d \"%s\": %s\n",
			    (unsigned long long)sp->m[0]->seq + 1, next, act,
			    e.msg);
			exit(1);
		}
	}
	if (match_phase(sp->m[0]) != MATCH_CLOSED) {
		fprintf(stderr, "gen: game not closed\n");
		exit(1);
	}
	return sp;
}

static void
write_file(const char *path, const void *p, size_t len)
{
	FILE *f;

	if ((f = fopen(path, "wb")) == NULL ||
	    fwrite(p, 1, len, f) != len || fclose(f) != 0) {
		fprintf(stderr, "gen: %s: %s\n", path, strerror(errno));
		exit(1);
	}
}

static void
usage(void)
{
	fprintf(stderr, "usage: gen [-n N] [-l LIMIT] [-d DIR] ARCHIVE\n");
	exit(2);
}

int
main(int argc, char **argv)
{
	struct error e;
	struct selfplay *sp = NULL;
	struct game_action *list;
	struct buf out;
	const char *dir = NULL;
	char limit_opt[64], path[4096];
	long n = 10000, limit = 100000;
	size_t i, total = 0;
	int ch, games;

	while ((ch = getopt(argc, argv, "n:l:d:")) != -1)
		switch (ch) {
		case 'n':
			n = strtol(optarg, NULL, 10);
			break;
		case 'l':
			limit = strtol(optarg, NULL, 10);
			break;
		case 'd':
			dir = optarg;
			break;
		default:
			usage();
		}
	if (optind + 1 != argc || n < 1 || limit < 1)
		usage();
	if (sec_init() != 0) {
		fprintf(stderr, "gen: sec_init failed\n");
		return 1;
	}
	snprintf(limit_opt, sizeof(limit_opt), "limit=%ld", limit);
	if ((list = calloc(GAME_MAX_ACTIONS, sizeof(*list))) == NULL) {
		fprintf(stderr, "gen: out of memory\n");
		return 1;
	}
	for (games = 1; games <= MAX_GAMES; games++) {
		sp = play(limit_opt, (size_t)n, list);
		if (sp->nentries >= (size_t)n)
			break;
		selfplay_free(sp);
		sp = NULL;
	}
	free(list);
	if (sp == NULL) {
		fprintf(stderr, "gen: no game reached %ld entries in %d tries\n",
		    n, MAX_GAMES);
		return 1;
	}
	buf_init(&out);
	if (selfplay_archive(sp, &out, &e) != 0) {
		fprintf(stderr, "gen: archive: %s\n", e.msg);
		return 1;
	}
	write_file(argv[optind], out.data, out.len);
	if (dir != NULL && mkdir(dir, 0755) != 0 && errno != EEXIST) {
		fprintf(stderr, "gen: %s: %s\n", dir, strerror(errno));
		return 1;
	}
	for (i = 0; i < sp->nentries; i++) {
		total += sp->entries[i].len;
		if (dir == NULL)
			continue;
		snprintf(path, sizeof(path), "%s/%06zu", dir, i);
		write_file(path, sp->entries[i].data, sp->entries[i].len);
	}
	printf("entries %zu bytes %zu mean_entry %zu games %d\n",
	    sp->nentries, out.len, (total + sp->nentries / 2) / sp->nentries,
	    games);
	buf_free(&out);
	selfplay_free(sp);
	return 0;
}
