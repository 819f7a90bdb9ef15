/*
 * LIST by mail: the judge's games, as anyone may know them
 * (root_games_public), then its tournaments (mailcmd_tour.h).
 */
#include <stdio.h>

#include "mailbot_int.h"
#include "mailcmd.h"
#include "mailcmd_tour.h"

static int
asked(const struct mail_in *in)
{
	return in->list;
}

static int
run(struct bot_run *r, struct error *e)
{
	struct buf list, body;
	size_t lines = 0, i;
	int rc = -1;

	buf_init(&list);
	buf_init(&body);
	if (root_games_public(r->b->root, &list, e) != 0)
		goto done;
	for (i = 0; i < list.len; i++)
		lines += list.data[i] == '\n';
	buf_printf(&body, "The games of this adjudicator judge: %zu game%s, "
	    "what anyone may know of\neach (its id, game, seats, whose turn "
	    "it is, its last entry), late ones\nfirst, then those under way, "
	    "then those over.\n\n", lines, lines == 1 ? "" : "s");
	buf_add(&body, list.data, list.len);
	list.len = 0;
	if (mailcmd_tour_list(r, &list, e) != 0)
		goto done;
	if (list.len > 0)
		buf_printf(&body, "\nIts tournaments:\n%.*s", (int)list.len,
		    (char *)list.data);
	if (buf_cstr(&body) != 0) {
		error_set(e, EXIT_SYSTEM, "out of memory");
		goto done;
	}
	if (mailbot_answer(r, "[adjudicator] list", (char *)body.data, e) != 0)
		goto done;
	snprintf(r->b->verdict, sizeof(r->b->verdict), "list");
	rc = 0;
done:
	buf_free(&list);
	buf_free(&body);
	return rc;
}

const struct mailcmd mailcmd_list = {
	.name = "LIST",
	.usage = "LIST",
	.help = "the judge's games: whose turn, the last entry",
	.flags = MAILCMD_GAMES,
	.asked = asked,
	.run = run,
};
