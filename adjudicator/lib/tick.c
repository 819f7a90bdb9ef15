/*
 * The judge's tick.  See tick.h and formats/header.md.
 */
#include <stdio.h>
#include <string.h>

#include "tick.h"
#include "when.h"

void
tick_due(struct transcript *p, int64_t now, struct tick_notice *out,
    size_t max, size_t *n, int *timeout)
{
	const struct match *m = p->m;
	const struct clock_spec *c = &m->clock;
	struct transcript_remind *mark;
	int64_t deadline, hard, budget;
	int s = m->clk.runs, i, o, due = -1;

	*n = 0;
	*timeout = -1;
	if (!c->on || s < 0 || s >= m->nseats || m->clk.paused != 0 ||
	    match_phase(m) == MATCH_CLOSED || match_next_author(m) != s)
		return;
	clock_deadline(&m->clk, c, s, now, &deadline, &hard);
	if (now > hard + TICK_SETTLE) {
		*timeout = s;
		return;
	}
	mark = &p->remind[s];
	if (mark->started != m->clk.started) {
		memset(mark, 0, sizeof(*mark));
		mark->started = m->clk.started;
	}
	if (now > deadline) {
		if (mark->late > 0 && now - mark->late_at < TICK_LATE_EVERY)
			return;
		mark->late++;
		mark->late_at = now;
		for (o = 0; o < m->nseats && *n < max; o++) {
			out[*n].to = o;
			out[*n].about = s;
			out[*n].late = 1;
			out[*n].deadline = deadline;
			out[*n].hard = hard;
			out[*n].now = now;
			(*n)++;
		}
		return;
	}
	/* the most urgent reminder due; those before it go with it */
	budget = c->per_move > 0 ? c->per_move : m->clk.seat[s].bank;
	for (i = 0; i < c->nremind; i++)
		if (deadline - now <= c->remind[i] && budget > c->remind[i] &&
		    !(mark->reminded & (1u << i)))
			due = i;
	if (due < 0 || max == 0)
		return;
	for (i = 0; i <= due; i++)
		mark->reminded |= 1u << i;
	out[0].to = s;
	out[0].about = s;
	out[0].late = 0;
	out[0].deadline = deadline;
	out[0].hard = hard;
	out[0].now = now;
	*n = 1;
}

int
tick_timeout(struct judge_run *j, int seat, int64_t now, struct error *e)
{
	struct buf body;
	int rc;

	buf_init(&body);
	j->p->m->now = j->at = now;
	rc = entry_timeout(j->p->m, GAME_JUDGE, seat, &body, e) == 0 ?
	    judge_own(j, &body, e) : -1;
	buf_free(&body);
	return rc;
}

void
tick_text(const struct match *m, const struct tick_notice *t,
    struct buf *subject, struct buf *body)
{
	char d[WHEN_TEXT], h[WHEN_TEXT], left[WHEN_SPAN];
	const char *who = m->seat[t->about].name;

	when_format(t->deadline, d, sizeof(d));
	when_format(t->hard, h, sizeof(h));
	when_span(t->deadline - t->now, left, sizeof(left));
	if (!t->late) {
		buf_printf(subject, "your move is due by %s", d);
		buf_printf(body, "%s, your move in %s game %.16s is due by %s "
		    "(%s from now, %s).\n", who, m->rules->name, m->game_hex,
		    d, left, "by the judge's clock");
	} else if (t->to == t->about) {
		buf_printf(subject, "you are late: the judge rules a timeout "
		    "after %s", h);
		buf_printf(body, "%s, your move in %s game %.16s was due by %s; "
		    "the judge rules a timeout after %s.\n", who,
		    m->rules->name, m->game_hex, d, h);
	} else {
		buf_printf(subject, "%s is late", who);
		buf_printf(body, "In %s game %.16s, %s's move was due by %s; "
		    "unless it comes, the judge rules a timeout after %s.\n",
		    m->rules->name, m->game_hex, who, d, h);
	}
	if (t->hard > t->deadline && !t->late)
		buf_printf(body, "After that the grace runs until %s; then the "
		    "judge rules a timeout.\n", h);
	buf_printf(body, "Leave, if the game gives it, stops the clock: "
	    "adjudicator turn -M -d GAMEDIR leave UNTIL.\n");
}
