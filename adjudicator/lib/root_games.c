/*
 * games -r: every game of a root on a line, as its copy reads it.  See
 * root.h.
 */
#include <stdio.h>
#include <string.h>

#include "gamedir.h"
#include "match.h"
#include "root.h"
#include "view.h"
#include "view_last.h"
#include "when.h"

struct listing {
	struct buf	 late, mine, others;
	int		 public;	/* as anyone may read it: nobody's copy */
};

/* A judged seat's next entry is sent, and the judge's update has not
 * brought it back: it is the judge's move, not this seat's. */
static int
with_judge(struct gamedir *g)
{
	return match_phase(g->t.m) != MATCH_CLOSED && gamedir_judged_sent(g);
}

/* Who writes next, and what, as this copy reads it. */
static void
next_words(const struct match *m, int me, int sent, char *out, size_t len)
{
	int next = match_next_author(m);
	const char *who = next == me ? "your" : NULL;
	char name[KEY_NAME_MAX + 8];

	if (sent) {
		snprintf(out, len, "waiting for the judge");
		return;
	}
	if (who == NULL) {
		snprintf(name, sizeof(name), "%s%s's", next == GAME_JUDGE ?
		    "the " : "", match_author_name(m, next));
		who = name;
	}
	switch (match_phase(m)) {
	case MATCH_SETUP:
		snprintf(out, len, "%s setup", who);
		break;
	case MATCH_PLAY:
		snprintf(out, len, "%s turn", who);
		break;
	case MATCH_FINAL:
		snprintf(out, len, "%s final openings", who);
		break;
	case MATCH_CLOSED:
		snprintf(out, len, "over");
		break;
	}
}

/*
 * A game with a clock: whose runs, its deadline as a time and what is
 * left (or how late it is).  1 when its time is out.
 */
static int
clock_words(const struct match *m, struct buf *out)
{
	char d[WHEN_TEXT], left[WHEN_SPAN];
	int64_t now = when_now(), deadline, hard;
	int s = m->clk.runs;

	if (m->dispute.on)
		buf_adds(out, m->dispute.stands ? "; a fork: the timeout "
		    "claim stands" : "; a timeout claim disputed");
	if (!m->clock.on || s < 0 || s >= m->nseats ||
	    match_phase(m) == MATCH_CLOSED)
		return 0;
	if (m->clk.paused != 0) {
		buf_adds(out, "; clocks paused");
		return 0;
	}
	clock_deadline(&m->clk, &m->clock, s, now, &deadline, &hard);
	when_format(deadline, d, sizeof(d));
	when_span(deadline >= now ? deadline - now : now - deadline, left,
	    sizeof(left));
	buf_printf(out, "; clock: %s's deadline %s (%s %s)", m->seat[s].name,
	    d, left, deadline >= now ? "left" : "late");
	return deadline < now;
}

static int
list_one(void *arg, const char *dir, const char *game, struct error *e)
{
	struct listing *li = arg;
	const struct match *m;
	struct gamedir g;
	struct buf seats, result, clock, *to;
	char next[64];
	int i, me, sent, late;

	if (gamedir_open(dir, GAMEDIR_READ, &g, NULL, e) != 0) {
		if (e->status == EXIT_SYSTEM)
			return -1;
		/* why names the root's files: not for anyone */
		if (!li->public)
			buf_printf(&li->others, "%.16s  (cannot be read: %s)\n",
			    game, e->msg);
		return 0;
	}
	m = g.t.m;
	me = li->public ? -1 : g.t.me;
	buf_init(&seats);
	buf_init(&result);
	buf_init(&clock);
	for (i = 0; i < m->nseats; i++)
		buf_printf(&seats, "%s%s%s", i ? " " : "", m->seat[i].name,
		    i == me ? "*" : "");
	if (m->judge_mode)
		buf_printf(&seats, " (judge%s)", me == GAME_JUDGE ? "*" : "");
	buf_cstr(&seats);
	sent = !li->public && with_judge(&g);
	next_words(m, me, sent, next, sizeof(next));
	view_result(m, &result);
	buf_cstr(&result);
	late = clock_words(m, &clock);
	buf_cstr(&clock);
	/* late games first, then those this copy writes next (for
	 * anyone: those under way) */
	to = late ? &li->late : match_phase(m) != MATCH_CLOSED &&
	    (li->public || (match_next_author(m) == me && !sent)) ? &li->mine :
	    &li->others;
	buf_printf(to, "%.16s  %-13s  %-22s  %-21s  entry %llu: %s%s%s%s\n",
	    m->game_hex, m->rules->name, (char *)seats.data, next,
	    (unsigned long long)m->seq, view_last(m), result.len ?
	    "; result: " : "", result.len ? (char *)result.data : "",
	    (char *)clock.data);
	/* who may watch: LIST's readers may ask (WATCH GAMEID) */
	if (li->public && m->watch.open && match_phase(m) != MATCH_CLOSED) {
		to->len--;
		buf_adds(to, "; open to observers (WATCH)\n");
	}
	buf_free(&seats);
	buf_free(&result);
	buf_free(&clock);
	gamedir_close(&g);
	return 0;
}

static int
listing(const char *root, int public, struct buf *out, struct error *e)
{
	struct listing li;
	int rc;

	li.public = public;
	buf_init(&li.late);
	buf_init(&li.mine);
	buf_init(&li.others);
	rc = root_each(root, list_one, &li, e);
	if (rc == 0 && (buf_add(out, li.late.data, li.late.len) != 0 ||
	    buf_add(out, li.mine.data, li.mine.len) != 0 ||
	    buf_add(out, li.others.data, li.others.len) != 0))
		rc = error_set(e, EXIT_SYSTEM, "out of memory");
	buf_free(&li.late);
	buf_free(&li.mine);
	buf_free(&li.others);
	return rc;
}

int
root_games(const char *root, struct buf *out, struct error *e)
{
	return listing(root, 0, out, e);
}

int
root_games_public(const char *root, struct buf *out, struct error *e)
{
	return listing(root, 1, out, e);
}
