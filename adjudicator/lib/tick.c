/*
 * The judge's tick.  See tick.h and formats/header.md.
 */
#include <stdio.h>
#include <string.h>

#include "root.h"
#include "tick.h"
#include "view.h"
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

/* What the seat whose clock runs types to move, and to go on leave while
 * the game gives it some, its deadline still ahead (a leave after it is
 * refused).  Nothing drawn from what the seat knows: mail is in clear. */
static void
to_do(const struct match *m, const struct tick_notice *t, struct buf *body)
{
	const struct clock_spec *c = &m->clock;
	const struct clock_seat *k = &m->clk.seat[t->about];
	struct view_place p = { NULL, NULL, 0 };
	struct view_next v;
	char dir[80], cmd[400], left[WHEN_SPAN], cap[WHEN_SPAN];

	if (t->now > t->hard)
		return;		/* too late to move: the timeout comes */
	p.dir = root_seat_dir(m, t->about, dir, sizeof(dir));
	view_next_at(m, t->about, &p, &v);
	if (v.say[0] != '\0')
		buf_printf(body, "\n%s: %s\n", v.say, v.command);
	if (v.note[0] != '\0')
		buf_wrap(body, v.note);
	if (p.dir != NULL)
		buf_wrap(body, "ROOT is the folder you filed your games in "
		    "(join -r ROOT).");
	if (c->leave == 0 || k->leave_left <= 0 || t->now > t->deadline)
		return;
	view_command(m, t->about, p.dir, "turn", "leave UNTIL", cmd,
	    sizeof(cmd));
	when_span(k->leave_left, left, sizeof(left));
	when_span(k->leave_left < c->leave_cap ? k->leave_left : c->leave_cap,
	    cap, sizeof(cap));
	buf_printf(body, "\nGoing away?  Leave stops your clock (%s left, at "
	    "most %s at a time):\n%s\n", left, cap, cmd);
	buf_wrap(body, "UNTIL is when you are back (2026-12-24T00:00:00Z) or "
	    "how long you are away (5d, 12h).");
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
		buf_printf(body, "%s, your move in %s game %.*s is due by %s "
		    "(%s from now, %s).\n", who, m->rules->name, ROOT_SHORT,
		    m->game_hex, d, left, "by the judge's clock");
		if (t->hard > t->deadline)
			buf_printf(body, "After that the grace runs until %s; "
			    "then the judge rules a timeout.\n", h);
	} else if (t->to == t->about) {
		buf_printf(subject, "you are late: the judge rules a timeout "
		    "after %s", h);
		buf_printf(body, "%s, your move in %s game %.*s was due by %s; "
		    "%s %s.\n", who, m->rules->name, ROOT_SHORT, m->game_hex, d,
		    t->now > t->hard ? "the judge rules a timeout, the grace "
		    "over at" : "the judge still takes it, and rules a "
		    "timeout after", h);
	} else {
		buf_printf(subject, "%s is late", who);
		buf_printf(body, "%s, in %s game %.*s you are waiting for %s: "
		    "%s's move was due by %s.\n", m->seat[t->to].name,
		    m->rules->name, ROOT_SHORT, m->game_hex, who, who, d);
		buf_printf(body, t->now > t->hard ? "The grace ran out at %s: "
		    "the judge rules a timeout.\n" : "The judge takes it until "
		    "%s; then it rules a timeout.\n", h);
		buf_adds(body, "Nothing is yours to do.\n");
		return;
	}
	to_do(m, t, body);
}
