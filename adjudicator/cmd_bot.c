/*
 * bot: this seat's next message, chosen by a bot and written exactly as
 * setup or turn writes it (cli_setup, cli_turn): a setup when one is due,
 * what is owed, an action, the final openings.  Not this seat's move, or
 * the game over: one line and turn's status.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "bot.h"
#include "mail.h"
#include "rng.h"

static int
seed_ok(const char *s)
{
	size_t n = strlen(s);

	return n >= 1 && n <= 64 && strspn(s, "0123456789abcdefABCDEF") == n;
}

/* Whatever keeps this seat from writing now, as turn says it. */
static int
not_now(struct gamedir *g, struct error *e)
{
	const struct match *m = g->t.m;
	int me = g->t.me, next = match_next_author(m);

	if (me >= m->nseats)
		return 0;
	if (cli_not_over(g, e) != 0)
		return -1;
	/* a judged seat's entry waits for the judge; a second one would
	 * fork the game (setup says so itself) */
	if (!match_setup_due(m, me) && cli_judged_waiting(g, e) != 0)
		return -1;
	if (match_setup_due(m, me))
		return 0;
	if (match_phase(m) == MATCH_FINAL && next != me)
		return error_set(e, EXIT_REFUSED, "the game is over and no "
		    "final openings are due from %s now: %s's are", g->seat,
		    match_author_name(m, next));
	if (match_phase(m) == MATCH_SEED && next != me)
		return cli_seed_owed(g, e);
	if (match_phase(m) == MATCH_SETUP)
		return error_set(e, EXIT_REFUSED, "setups are still due (%s's)",
		    match_author_name(m, next));
	if (next != me)
		return error_set(e, EXIT_REFUSED, "it is %s's turn, not %s's",
		    match_author_name(m, next), m->seat[me].name);
	return 0;
}

static int
play(struct gamedir *g, enum bot_policy p, struct rng *r, struct buf *out,
    struct error *e)
{
	const struct match *m = g->t.m;
	struct game_setup su;
	char action[512];
	int me = g->t.me;

	if (not_now(g, e) != 0)
		return -1;
	if (me < m->nseats && match_setup_due(m, me) &&
	    !m->seat[me].has_setup) {
		if (bot_setup(m, me, p, r, &su, e) != 0)
			return -1;
		return cli_setup(g, NULL, &su, 0, out, e);
	}
	if (me < m->nseats && match_phase(m) == MATCH_PLAY &&
	    bot_action(m, me, g->t.secret, p, r, action, sizeof(action),
	    e) != 0)
		return -1;
	if (me >= m->nseats || match_phase(m) != MATCH_PLAY)
		action[0] = '\0';
	return cli_turn(g, action[0] != '\0' ? action : NULL, 0, out, e);
}

int
cmd_bot(int argc, char **argv, struct error *e)
{
	struct cli_where w = { NULL, NULL };
	const char *seed = NULL;
	enum bot_policy policy = BOT_RANDOM;
	struct gamedir g;
	struct rng rng;
	struct buf out;
	char what[64];
	uint64_t seq;
	int ch, rc, mail = 0, send = 0;

	while ((ch = cli_getopt(argc, argv, "d:r:MSp:s:")) != -1) {
		if (ch == 'M')
			mail = 1;
		else if (ch == 'S')
			mail = send = 1;
		else if (cli_where_opt(ch, &w))
			continue;
		else if (ch == 's')
			seed = optarg;
		else if (ch != 'p' || bot_policy_parse(optarg, &policy) != 0)
			return ch == 'p' ? error_set(e, EXIT_USAGE, "-p %s: the "
			    "bot plays random or greedy", optarg) : cli_usage(e);
	}
	if (cli_operands(argc - optind, argv + optind, 0, e) != 0)
		return -1;
	if (seed != NULL && !seed_ok(seed))
		return error_set(e, EXIT_USAGE, "-s %s: the seed is 1 to 64 "
		    "hex digits", seed);
	if (seed != NULL)
		rng_init(&rng, seed, "bot");
	else
		rng_init_random(&rng, "bot");
	if (cli_gamedir(w.dir, w.root, GAMEDIR_WRITE, &g, e) != 0)
		return -1;
	buf_init(&out);
	seq = g.t.m->seq + 1;
	rc = mail ? mail_message_check(g.t.m, g.t.me, e) : 0;
	if (rc == 0)
		rc = play(&g, policy, &rng, &out, e);
	if (rc == 0 && mail)
		rc = cli_mail(&g, seq, &out, e);
	if (rc == 0)
		rc = cli_deliver(&g, cli_entries(&g, seq, what, sizeof(what)),
		    &out, mail, send, e);
	buf_free(&out);
	gamedir_close(&g);
	return rc;
}
