/*
 * The bot: a seat's next setup or action chosen by a program, for
 * practice (adjudicator bot).  It sees only what its seat knows: the
 * values opened publicly, its own secret and what was opened to it alone;
 * never another seat's secret, even in a copy that holds it (the judge's).
 * random picks uniformly among the legal actions; greedy asks the game's
 * heuristic (game.h: greedy, greedy_setup), random where it has none.
 */
#ifndef BOT_H
#define BOT_H

#include <stddef.h>

#include "error.h"
#include "game.h"

struct match;
struct match_secret;
struct rng;

enum bot_policy {
	BOT_RANDOM,
	BOT_GREEDY
};

/* "random" or "greedy". */
int	bot_policy_parse(const char *, enum bot_policy *);

/* What ctx says of hidden values for seat's bot, over m. */
struct bot_ctx {
	const struct match	*m;
	int			 seat;
};
void	bot_ctx_init(struct game_ctx *, struct bot_ctx *, const struct match *,
	    int seat);

/* A setup for seat, audited as the setup verb audits it. */
int	bot_setup(const struct match *, int seat, enum bot_policy,
	    struct rng *, struct game_setup *, struct error *);
/*
 * seat's action on m, where seat is the next author in play, as notation
 * (action[0] '\0': seat owes openings or a claim and its move ends with
 * them).  The action is chosen in the position that follows what seat
 * owes, which sec meets; a draw offer is declined.
 */
int	bot_action(const struct match *, int seat, const struct match_secret *,
	    enum bot_policy, struct rng *, char *action, size_t,
	    struct error *);

#endif
