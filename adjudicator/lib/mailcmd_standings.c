/*
 * STANDINGS by mail (a Subject that says it): the standings of the games
 * this judge has closed, recomputed from their verified transcripts.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "mailbot_int.h"
#include "mailcmd.h"
#include "standings.h"

/* A Subject that says STANDINGS (after any "Re:"). */
static int
asked(const struct mail_in *in)
{
	const char *p = in->subject;
	size_t n;

	while (*p == ' ' || *p == '\t' || strncasecmp(p, "re:", 3) == 0)
		p += *p == ' ' || *p == '\t' ? 1 : 3;
	for (n = strlen(p); n > 0 && (p[n - 1] == ' ' || p[n - 1] == '\t');
	    n--)
		;
	return n == 9 && strncasecmp(p, "standings", 9) == 0;
}

/* STANDINGS: the text table of every game this judge has closed, each
 * exported and verified as anyone would (standings.c). */
static int
run(struct bot_run *r, struct error *e)
{
	struct standings_opts o = { STANDINGS_ELO, { 'm', 3 },
	    STANDINGS_TEXT };
	struct standings_result res;
	struct standings s;
	struct buf body;
	int rc = -1;

	standings_init(&s, NULL);
	memset(&res, 0, sizeof(res));
	buf_init(&body);
	if (standings_add_root(&s, r->b->root, 1, e) != 0 ||
	    standings_compute(&s, &o, &res, e) != 0 ||
	    standings_write(&s, &res, &body, e) != 0 || buf_cstr(&body) != 0)
		goto done;
	if (mailbot_answer(r, "[adjudicator] standings", (char *)body.data,
	    e) != 0)
		goto done;
	snprintf(r->b->verdict, sizeof(r->b->verdict), "standings");
	rc = 0;
done:
	if (rc != 0 && e->status == EXIT_OK)
		error_set(e, EXIT_SYSTEM, "out of memory");
	buf_free(&body);
	standings_result_free(&res);
	standings_free(&s);
	return rc;
}

const struct mailcmd mailcmd_standings = {
	.name = "STANDINGS",
	.usage = "STANDINGS",
	.help = "the standings of the games this judge judged",
	.flags = MAILCMD_GAMES | MAILCMD_SUBJECT,
	.asked = asked,
	.run = run,
};
