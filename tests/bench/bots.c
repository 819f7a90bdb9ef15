/*
 * The bots' strength: greedy against random, whole games in memory
 * through the real protocol (selfplay: every entry signed, encrypted and
 * taken by each copy), each bot choosing in its own seat's copy, which
 * holds only its own secret.  Per game, N games (half with greedy in the
 * first seat, half in the second), and one line: games, greedy's wins,
 * draws, losses, its win rate against the target, PASS or MISS.
 *
 *   bots [-n N] [-s SEED] [GAME...]
 *
 * GAME is a line's name below (all by default).  Exits 1 if a line
 * misses its target, 4 if a game cannot be played to its end.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bot.h"
#include "selfplay.h"
#include "sec.h"

#define TARGET	70	/* per cent of games greedy must win */
#define STEPS	20000

struct line {
	const char	*name;
	const char	*rules;
	int		 nseats;
	int		 judged;
	const char	*opt;	/* one NAME=VALUE, or NULL */
};

static const struct line lines[] = {
	{ "incognito", "incognito", 2, 0, NULL },
	{ "incognito-rps", "incognito-rps", 2, 0, NULL },
	{ "espionnage", "espionnage", 2, 1, NULL },
	{ "topogic", "topogic", 2, 0, NULL },
	{ "knights", "knights", 2, 0, NULL },
	{ "knights-4", "knights", 4, 0, NULL },
};

/* One entry by seat next, greedy's or random's. */
static int
step(struct selfplay *sp, int next, int greedy, struct rng *r,
    struct error *e)
{
	const struct match *m = sp->m[next];
	enum bot_policy p = next == greedy ? BOT_GREEDY : BOT_RANDOM;
	struct game_setup su;
	char act[512];

	if (match_setup_due(m, next) && !m->seat[next].has_setup) {
		if (bot_setup(m, next, p, r, &su, e) != 0)
			return -1;
		return selfplay_commit(sp, next, &su, e);
	}
	if (match_phase(m) != MATCH_PLAY)
		return selfplay_turn(sp, next, NULL, e);
	if (bot_action(m, next, sp->party[next].secret, p, r, act,
	    sizeof(act), e) != 0)
		return -1;
	if (selfplay_turn(sp, next, act[0] != '\0' ? act : NULL, e) != 0)
		return error_prefix(e, "\"%s\"", act);
	return 0;
}

/* 1 greedy won, 0 a draw, -1 it lost; -2 on error. */
static int
play(const struct line *l, int greedy, struct rng *r, char *err,
    size_t errlen)
{
	struct selfplay *sp;
	struct game_result res;
	struct error e;
	char opt[64], *opts[1];
	int n, next, rc = -2;

	snprintf(opt, sizeof(opt), "%s", l->opt != NULL ? l->opt : "");
	opts[0] = opt;
	if ((sp = selfplay_new(l->rules, opts, l->opt != NULL, l->nseats,
	    l->judged, &e)) == NULL) {
		snprintf(err, errlen, "new: %s", e.msg);
		return -2;
	}
	for (n = 0; n < STEPS; n++) {
		if ((next = match_next_author(sp->m[0])) < 0)
			break;
		if (next >= l->nseats) {
			snprintf(err, errlen, "the judge owes an entry");
			goto done;
		}
		if (step(sp, next, greedy, r, &e) != 0) {
			snprintf(err, errlen, "seq %llu, seat %d: %s",
			    (unsigned long long)sp->m[0]->seq + 1, next, e.msg);
			goto done;
		}
	}
	match_result(sp->m[0], &res);
	if (!res.over) {
		snprintf(err, errlen, "not over after %d entries", STEPS);
		goto done;
	}
	rc = res.winner[greedy] ? 1 : res.draw ? 0 : -1;
done:
	selfplay_free(sp);
	return rc;
}

static int
run(const struct line *l, int games, struct rng *r)
{
	char err[600];
	int i, rc, won = 0, drawn = 0, lost = 0;
	double pc;

	for (i = 0; i < games; i++) {
		/* greedy in each seat in turn (in 4-seat knights: all four) */
		rc = play(l, i % l->nseats, r, err, sizeof(err));
		if (rc == -2) {
			fprintf(stderr, "bots: %s, game %d: %s\n", l->name, i,
			    err);
			return -2;
		}
		won += rc == 1;
		drawn += rc == 0;
		lost += rc == -1;
	}
	pc = games > 0 ? 100.0 * won / games : 0;
	printf("%-14s %6d %6d %6d %6d %7.1f %%   >= %d %%  %s\n", l->name,
	    games, won, drawn, lost, pc, TARGET, pc >= TARGET ? "PASS" :
	    "MISS");
	fflush(stdout);
	return pc >= TARGET ? 0 : -1;
}

int
main(int argc, char **argv)
{
	const char *seed = "b07";
	struct rng r;
	size_t i;
	int ch, j, games = 200, miss = 0, rc;

	while ((ch = getopt(argc, argv, "n:s:")) != -1) {
		if (ch == 'n')
			games = atoi(optarg);
		else if (ch == 's')
			seed = optarg;
		else {
			fprintf(stderr, "usage: bots [-n N] [-s SEED] "
			    "[GAME...]\n");
			return 2;
		}
	}
	if (sec_init() != 0)
		return 4;
	rng_init(&r, seed, "bench");
	printf("%-14s %6s %6s %6s %6s %9s   %s\n", "greedy vs random", "games",
	    "wins", "draws", "losses", "win", "target");
	for (i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
		for (j = optind; j < argc; j++)
			if (strcmp(argv[j], lines[i].name) == 0)
				break;
		if (optind < argc && j == argc)
			continue;
		if ((rc = run(&lines[i], games, &r)) == -2)
			return 4;
		miss |= rc != 0;
	}
	return miss;
}
