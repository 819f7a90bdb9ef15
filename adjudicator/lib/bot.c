/*
 * The bot (bot.h): a seat's setup or action chosen at random or by the
 * game's greedy heuristic, from what that seat knows alone.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot.h"
#include "entry.h"
#include "match.h"
#include "rng.h"

int
bot_policy_parse(const char *s, enum bot_policy *p)
{
	if (strcmp(s, "random") == 0)
		*p = BOT_RANDOM;
	else if (strcmp(s, "greedy") == 0)
		*p = BOT_GREEDY;
	else
		return -1;
	return 0;
}

/*
 * A value is known to the bot when it is open, when it is the bot's own,
 * or when it was opened to the bot's seat alone (this copy being that
 * seat's).  Whatever else the copy holds is never asked.
 */
static const char *
bot_value(const struct game_ctx *c, int seat, const char *id)
{
	const struct bot_ctx *b = c->arg;
	const struct match *m = b->m;
	int i;

	if (seat < 0 || seat >= m->nseats ||
	    (i = match_piece_index(m, seat, id)) < 0)
		return NULL;
	if (m->seat[seat].opened[i])
		return m->seat[seat].pieces.value[i];
	if (seat == b->seat && m->local[seat] != NULL &&
	    i < m->local[seat]->n && m->local[seat]->value[i][0] != '\0')
		return m->local[seat]->value[i];
	if (m->me == b->seat && m->privy[seat].value[i][0] != '\0')
		return m->privy[seat].value[i];
	return NULL;
}

static const char *
bot_claim(const struct game_ctx *c, const char *name)
{
	(void)c;
	(void)name;
	return NULL;
}

void
bot_ctx_init(struct game_ctx *c, struct bot_ctx *b, const struct match *m,
    int seat)
{
	b->m = m;
	b->seat = seat;
	c->value = bot_value;
	c->claim = bot_claim;
	c->arg = b;
}

int
bot_setup(const struct match *m, int seat, enum bot_policy p, struct rng *r,
    struct game_setup *out, struct error *e)
{
	const struct game_rules *g = m->rules;

	memset(out, 0, sizeof(*out));
	if (p == BOT_GREEDY && g->greedy_setup != NULL)
		g->greedy_setup(m->state, seat, r, out);
	else
		g->setup_random(m->state, seat, r, out);
	if (g->setup_audit(m->state, seat, out, e) != 0)
		return error_prefix(e, "the bot's setup");
	return 0;
}

static int
random_action(const struct match *m, int seat, const struct game_ctx *c,
    struct rng *r, struct game_action *out, struct error *e)
{
	const struct game_rules *g = m->rules;
	struct game_action *list;
	int n;

	if (g->random_action != NULL)
		return g->random_action(m->state, seat, c, r, out, e);
	if ((list = calloc(GAME_MAX_ACTIONS, sizeof(*list))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	n = g->actions(m->state, seat, c, list, GAME_MAX_ACTIONS);
	if (n > GAME_MAX_ACTIONS)
		error_set(e, EXIT_SYSTEM, "%s has %d legal actions, more than "
		    "the bot can list", g->name, n);
	else if (n <= 0)
		error_set(e, EXIT_REFUSED, "%s has no legal action",
		    match_author_name(m, seat));
	else
		*out = list[rng_uniform(r, (uint32_t)n)];
	free(list);
	return n > 0 && n <= GAME_MAX_ACTIONS ? 0 : -1;
}

/* The choice on c, where seat is to act; checked as turn will check it. */
static int
choose(const struct match *c, int seat, enum bot_policy p, struct rng *r,
    char *action, size_t len, struct error *e)
{
	const struct game_rules *g = c->rules;
	struct game_action a;
	struct game_needs needs;
	struct game_ctx ctx;
	struct bot_ctx b;

	if (c->draw_offer >= 0) {
		snprintf(action, len, "decline");
		return 0;
	}
	bot_ctx_init(&ctx, &b, c, seat);
	memset(&a, 0, sizeof(a));
	if (p == BOT_GREEDY && g->greedy != NULL) {
		if (g->greedy(c->state, seat, &ctx, r, &a, e) != 0)
			return error_prefix(e, "the greedy bot");
	} else if (random_action(c, seat, &ctx, r, &a, e) != 0)
		return -1;
	game_needs_init(&needs);
	if (g->legal(c->state, seat, &a, &ctx, &needs, e) != 0)
		return error_prefix(e, "the bot's choice");
	g->format(c->state, &a, action, len);
	return 0;
}

int
bot_action(const struct match *m, int seat, const struct match_secret *sec,
    enum bot_policy p, struct rng *r, char *action, size_t len,
    struct error *e)
{
	struct match *c;
	int rc = 0;

	action[0] = '\0';
	if (match_phase(m) != MATCH_PLAY || match_next_author(m) != seat)
		return error_set(e, EXIT_REFUSED, "it is not %s's move",
		    match_author_name(m, seat));
	if ((c = match_clone(m)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	if (match_owes(c, seat))
		rc = entry_meet_owed(c, seat, sec, e);
	if (rc == 0 && match_phase(c) == MATCH_PLAY && !c->pending &&
	    match_next_author(c) == seat)
		rc = choose(c, seat, p, r, action, len, e);
	match_free(c);
	return rc;
}
