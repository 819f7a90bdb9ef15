/*
 * The bots (lib/bot.c and each game's greedy hook): every choice legal,
 * random and greedy, in whole games of every game, mode and seat count
 * (each choice goes through the real turn, which refuses an illegal
 * one); the same seed, the same choice; a choice never depends on a
 * secret the seat does not hold (a copy holding the opponent's secret,
 * the judge's, chooses the same); greedy takes the obviously best action
 * in hand-made positions of every game.
 */
#include <stdio.h>

#include "unit.h"
#include "bot.h"
#include "game.h"
#include "selfplay.h"

#define STEPS	3000

/* What seat chooses on its own copy, or on copy m. */
static int
choose_on(const struct selfplay *sp, const struct match *m, int seat,
    enum bot_policy p, const char *seed, char *out, size_t len,
    struct error *e)
{
	struct rng r;

	rng_init(&r, seed, "unit");
	return bot_action(m, seat, sp->party[seat].secret, p, &r, out, len, e);
}

/*
 * The choice of seat on its own copy, and on that copy given every other
 * seat's secret too (as the judge's copy holds them): the same, or
 * *differ is set.
 */
static int
choose(struct selfplay *sp, int seat, enum bot_policy p, const char *seed,
    char *out, size_t len, int *differ, struct error *e)
{
	struct match *all;
	char other[512];
	int s, rc;

	if (choose_on(sp, sp->m[seat], seat, p, seed, out, len, e) != 0)
		return -1;
	if ((all = match_clone(sp->m[seat])) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	for (s = 0; s < sp->nseats; s++)
		if (sp->party[s].secret != NULL)
			all->local[s] = &sp->party[s].secret->setup;
	rc = choose_on(sp, all, seat, p, seed, other, sizeof(other), e);
	if (rc == 0 && strcmp(out, other) != 0)
		*differ = 1;
	match_free(all);
	return rc;
}

/* One entry by next: a bot's setup or action (policy by seat parity). */
static int
step(struct selfplay *sp, int next, int n, int *differ, struct error *e)
{
	const struct match *m = sp->m[next];
	enum bot_policy p = (next + n) % 2 ? BOT_GREEDY : BOT_RANDOM;
	struct game_setup su;
	char act[512], seed[16];

	snprintf(seed, sizeof(seed), "%x", n + 1);
	if (match_setup_due(m, next) && !m->seat[next].has_setup) {
		if (bot_setup(m, next, p, &sp->rng, &su, e) != 0)
			return -1;
		return selfplay_commit(sp, next, &su, e);
	}
	if (match_phase(m) != MATCH_PLAY)
		return selfplay_turn(sp, next, NULL, e);
	if (choose(sp, next, p, seed, act, sizeof(act), differ, e) != 0)
		return -1;
	if (selfplay_turn(sp, next, act[0] ? act : NULL, e) != 0)
		return error_prefix(e, "\"%s\"", act);
	return 0;
}

static void
whole_game(const struct game_rules *r, int nseats, int judged, int game)
{
	struct selfplay *sp;
	struct error e;
	char limit[] = "limit=12", *opts[] = { limit };
	const struct game_option *o;
	int n, next, limited = 0, differ = 0, rc = -1;

	for (o = r->options; o != NULL && o->name != NULL; o++)
		limited |= strcmp(o->name, "limit") == 0;
	if ((sp = selfplay_new(r->name, opts, limited, nseats, judged,
	    &e)) == NULL) {
		unit_ok(0, "%s: new: %s", r->name, e.msg);
		return;
	}
	for (n = 0; n < STEPS; n++) {
		if ((next = match_next_author(sp->m[0])) < 0) {
			rc = 0;
			break;
		}
		if (next >= nseats || step(sp, next, n + game, &differ,
		    &e) != 0)
			break;
	}
	unit_ok(rc == 0 && match_phase(sp->m[0]) == MATCH_CLOSED,
	    "%s, %d seats, %s, game %d: every bot choice legal to the end%s%s",
	    r->name, nseats, judged ? "judged" : "peer", game,
	    rc == 0 ? "" : ": ", rc == 0 ? "" : e.msg);
	unit_ok(!differ, "%s, %d seats, %s, game %d: no choice depends on a "
	    "secret the seat does not hold", r->name, nseats,
	    judged ? "judged" : "peer", game);
	selfplay_free(sp);
}

static void
every_game(void)
{
	const struct game_rules *r;
	int g, i, n, judged;

	for (g = 0; (r = game_table[g]) != NULL; g++)
		for (judged = 0; judged < 2; judged++) {
			if (!(r->modes & (judged ? GAME_MODE_JUDGE :
			    GAME_MODE_PEER)))
				continue;
			for (n = r->min_seats; n <= r->max_seats; n++)
				for (i = 0; i < 2; i++)
					whole_game(r, n, judged, i);
		}
}

/* --- hand-made positions --- */

static struct selfplay *
position(const char *rules, char *opt, int judged, const char *setup0,
    const char *setup1, const char *const *turns)
{
	struct selfplay *sp;
	struct error e;
	char *opts[] = { opt };
	int i, seat;

	if ((sp = selfplay_new(rules, opts, opt != NULL, 2, judged,
	    &e)) == NULL ||
	    (setup0 != NULL && selfplay_setup(sp, 0, setup0, &e) != 0) ||
	    (setup1 != NULL && selfplay_setup(sp, 1, setup1, &e) != 0))
		goto bad;
	for (i = 0; turns[i] != NULL; i++) {
		seat = match_next_author(sp->m[0]);
		if (seat < 0 || seat >= 2 || selfplay_turn(sp, seat,
		    turns[i][0] ? turns[i] : NULL, &e) != 0)
			goto bad;
	}
	return sp;
bad:
	unit_ok(0, "%s: the position: %s", rules, e.msg);
	selfplay_free(sp);
	return NULL;
}

static void
greedy_takes(struct selfplay *sp, const char *what, const char *want)
{
	struct error e;
	char act[512] = "";
	int seat, differ = 0, rc = -1;

	if (sp != NULL) {
		seat = match_next_author(sp->m[0]);
		rc = choose(sp, seat, BOT_GREEDY, "1", act, sizeof(act),
		    &differ, &e);
	}
	unit_ok(rc == 0 && strncmp(act, want, strlen(want)) == 0,
	    "greedy %s: %s (chose \"%s\")", what, want, act);
	selfplay_free(sp);
}

static void
hand_made(void)
{
	static const char *const inc[] = { "d2-d4", "b5-c4", "d4-d5",
	    "c5-d4", NULL };
	static const char *const rps[] = { "a3-a4", "a6-a5", "a4xa5",
	    "f6-f5", NULL };
	static const char *const kn[] = { "b2-c4", "j11-h10", "c4-d6",
	    "h10-f9", "d6-e8", "f9-d8", "e8-g9", "d8-b7", NULL };
	static const char *const esp[] = { "a3-a4 b3-b4", "a8-a7 b8-b7",
	    "a4-a5 j3-j4", "a7-a6 j8-j7", NULL };
	char v0[] = "volcanoes=0";

	greedy_takes(position("incognito", NULL, 0, "d2", "a3", inc),
	    "incognito: its spy enters the open castle", "d5-a5");
	greedy_takes(position("incognito-rps", NULL, 0, "RPSSPR/RPS",
	    "RSSPPR/SPR", rps),
	    "incognito-rps: its paper takes the rock it knows", "b3-b5xa5");
	greedy_takes(position("knights", NULL, 0, NULL, NULL, kn),
	    "knights: a knight into the enemy camp", "g9-i10");
	greedy_takes(position("espionnage", v0, 1,
	    "M11MHM11XM/433222SSSX/54321SXSX5",
	    "M11MHM11XM/433222SSSX/54321SXSX5", esp),
	    "espionnage: its general attacks a piece that has moved",
	    "a5-a6");
}

/* The seeker finds the secret in few turns (random: never, in 200). */
static void
topogic_seeker(void)
{
	static const char *const none[] = { NULL };
	static const char *const secret[] = { "a1", "e4", "j6", "c2", "h5" };
	struct selfplay *sp;
	struct error e;
	char act[512], rect[] = "field=rect";
	size_t i;
	int turns, differ = 0, rc, k;

	for (i = 0; i < UNIT_NELEM(secret); i++) {
		sp = position("topogic", rect, 0, secret[i], NULL, none);
		for (turns = 0, rc = 0, k = 0; sp != NULL && rc == 0 &&
		    k < 100 && !match_setup_due(sp->m[0], 1); k++) {
			if (match_next_author(sp->m[0]) != 1) {
				rc = selfplay_turn(sp, 0, NULL, &e);
				continue;
			}
			turns++;
			rc = choose(sp, 1, BOT_GREEDY, "2", act, sizeof(act),
			    &differ, &e);
			if (rc == 0)
				rc = selfplay_turn(sp, 1, act, &e);
		}
		unit_ok(sp != NULL && rc == 0 && turns <= 12 && !differ,
		    "greedy topogic: the seeker finds %s in %d turns (<= 12)%s%s",
		    secret[i], turns, rc ? ": " : "", rc ? e.msg : "");
		selfplay_free(sp);
	}
}

/* The same seed, the same choice; another seed may differ. */
static void
seeded(void)
{
	static const char *const none[] = { NULL };
	struct selfplay *sp;
	struct error e;
	char a[512], b[512];
	int same = 1, k, differ = 0;

	sp = position("knights", NULL, 0, NULL, NULL, none);
	for (k = 0; sp != NULL && k < 20; k++) {
		if (choose(sp, 0, BOT_RANDOM, "abc", a, sizeof(a), &differ,
		    &e) != 0 || choose(sp, 0, BOT_RANDOM, "abc", b,
		    sizeof(b), &differ, &e) != 0)
			same = 0;
		same &= strcmp(a, b) == 0;
	}
	unit_ok(sp != NULL && same, "the same seed makes the same choice");
	selfplay_free(sp);
}

int
main(void)
{
	unit_init();
	seeded();
	hand_made();
	topogic_seeker();
	every_game();
	return unit_done();
}
