/*
 * games -r: every game of a root on a line, as its copy reads it.  See
 * root.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamedir.h"
#include "holder.h"
#include "match.h"
#include "root.h"
#include "view.h"
#include "view_last.h"
#include "when.h"

/* The groups, in the order they are listed (root.h). */
enum { TO_MOVE, WAITING, OVER };

struct row {
	int		 group;
	int		 timed;		/* a clock runs: deadline */
	int64_t		 deadline;
	size_t		 at;		/* in the order of the game ids */
	struct buf	 line;
};

struct listing {
	struct row	*row;
	size_t		 n, cap;
	int		 public;	/* as anyone may read it: nobody's copy */
	root_seat_fn	*pick;		/* a member's games in the judge's
					 * copies (the digest), or NULL */
	void		*pick_arg;
};

/* A judged seat's next entry is sent, and the judge's update has not
 * brought it back: it is the judge's move, not this seat's. */
static int
with_judge(struct gamedir *g)
{
	return match_phase(g->t.m) != MATCH_CLOSED && gamedir_judged_sent(g);
}

void
root_next_words(const struct match *m, int me, int sent, char *out,
    size_t len)
{
	int next = match_next_author(m);
	const char *who = next == me ? "your" : NULL;
	char name[KEY_NAME_MAX + 8];

	if (holder_gone(m, me) != NULL) {
		snprintf(out, len, "handed over");	/* not this key's */
		return;
	}
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
	case MATCH_SEED:
		snprintf(out, len, "%s share of the seed", who);
		break;
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

/* Whose clock runs, were the clocks not paused: -1, nobody's (no clock,
 * the game over). */
static int
clock_of(const struct match *m)
{
	int s = m->clk.runs;

	if (!m->clock.on || s < 0 || s >= m->nseats ||
	    match_phase(m) == MATCH_CLOSED)
		return -1;
	return s;
}

int
root_running(const struct match *m, int64_t now, int *seat,
    int64_t *deadline, int64_t *hard)
{
	if ((*seat = clock_of(m)) < 0 || m->clk.paused != 0)
		return 0;
	clock_deadline(&m->clk, &m->clock, *seat, now, deadline, hard);
	return 1;
}

/*
 * A game with a clock: whose runs, its deadline as a time and what is
 * left (or how late it is).  1, and *deadline, when a clock runs.
 */
static int
clock_words(const struct match *m, struct buf *out, int64_t *deadline)
{
	char d[WHEN_TEXT], left[WHEN_SPAN];
	int64_t now = when_now(), hard;
	int s;

	if (m->dispute.on)
		buf_adds(out, m->dispute.stands ? "; a fork: the timeout "
		    "claim stands" : "; a timeout claim disputed");
	if (!root_running(m, now, &s, deadline, &hard)) {
		if (clock_of(m) >= 0)
			buf_adds(out, "; clocks paused");
		return 0;
	}
	when_format(*deadline, d, sizeof(d));
	when_span(*deadline >= now ? *deadline - now : now - *deadline, left,
	    sizeof(left));
	buf_printf(out, "; clock: %s's deadline %s (%s %s)", m->seat[s].name,
	    d, left, *deadline >= now ? "left" : "late");
	return 1;
}

/* A new row of the listing, in the group given, its line empty. */
static struct row *
row_new(struct listing *li, int group, struct error *e)
{
	struct row *r;
	size_t cap;

	if (li->n == li->cap) {
		cap = li->cap ? li->cap * 2 : 16;
		if ((r = realloc(li->row, cap * sizeof(*r))) == NULL) {
			error_set(e, EXIT_SYSTEM, "out of memory");
			return NULL;
		}
		li->row = r;
		li->cap = cap;
	}
	r = &li->row[li->n];
	memset(r, 0, sizeof(*r));
	r->group = group;
	r->at = li->n++;
	buf_init(&r->line);
	return r;
}

/* The group first; in it the running clocks, soonest deadline first (the
 * late first of all), then the games without one; then the game ids. */
static int
by_order(const void *a, const void *b)
{
	const struct row *x = a, *y = b;

	if (x->group != y->group)
		return x->group < y->group ? -1 : 1;
	if (x->timed != y->timed)
		return x->timed ? -1 : 1;
	if (x->timed && x->deadline != y->deadline)
		return x->deadline < y->deadline ? -1 : 1;
	return x->at < y->at ? -1 : x->at > y->at;
}

/* The line of a game that cannot be read: why names the root's files,
 * not for anyone, and among those waiting, with no clock. */
static int
list_unreadable(struct listing *li, const char *game, struct error *e)
{
	struct row *r;

	if (li->public)
		return 0;
	if ((r = row_new(li, WAITING, e)) == NULL)
		return -1;
	buf_printf(&r->line, "%.16s  (cannot be read: %s)\n", game, e->msg);
	return 0;
}

/* Which group a game is listed in, as this copy reads it. */
static int
group_of(const struct match *m, int me, int public, int sent)
{
	if (match_phase(m) == MATCH_CLOSED || holder_gone(m, me) != NULL)
		return OVER;	/* or nothing this key's to do */
	if (!public && match_next_author(m) == me && !sent)
		return TO_MOVE;
	return WAITING;
}

/* The member's seat in m, when the listing shows the game: -1 not. */
static int
picked(const struct listing *li, const struct match *m)
{
	int news = 0, me = li->pick(li->pick_arg, m, &news);

	if (me < 0 || (!news && group_of(m, me, 0, 0) != TO_MOVE))
		return -1;
	return me;
}

static int
list_one(void *arg, const char *dir, const char *game, struct error *e)
{
	struct listing *li = arg;
	const struct match *m;
	struct gamedir g;
	struct buf seats, result, clock;
	struct row *r;
	char next[64];
	int64_t deadline = 0;
	int i, me, sent, timed;

	if (gamedir_open(dir, GAMEDIR_READ, &g, NULL, e) != 0)
		return e->status == EXIT_SYSTEM ? -1 :
		    li->pick != NULL ? (error_clear(e), 0) :
		    list_unreadable(li, game, e);
	m = g.t.m;
	me = li->public ? -1 : g.t.me;
	if (li->pick != NULL && (me = picked(li, m)) < 0) {
		gamedir_close(&g);
		return 0;
	}
	buf_init(&seats);
	buf_init(&result);
	buf_init(&clock);
	for (i = 0; i < m->nseats; i++)
		buf_printf(&seats, "%s%s%s", i ? " " : "", m->seat[i].name,
		    i == me ? "*" : "");
	if (m->judge_mode)
		buf_printf(&seats, " (judge%s)", me == GAME_JUDGE ? "*" : "");
	buf_cstr(&seats);
	sent = !li->public && li->pick == NULL && with_judge(&g);
	root_next_words(m, me, sent, next, sizeof(next));
	view_result(m, &result);
	buf_cstr(&result);
	timed = clock_words(m, &clock, &deadline);
	buf_cstr(&clock);
	if ((r = row_new(li, group_of(m, me, li->public, sent), e)) != NULL) {
		r->timed = timed;
		r->deadline = deadline;
		buf_printf(&r->line, "%.16s  %-13s  %-22s  %-21s  entry %llu: "
		    "%s%s%s%s", m->game_hex, m->rules->name,
		    (char *)seats.data, next, (unsigned long long)m->seq,
		    view_last(m), result.len ? "; result: " : "",
		    result.len ? (char *)result.data : "", (char *)clock.data);
		/* who may watch: LIST's readers may ask (WATCH GAMEID) */
		if (li->public && m->watch.open && r->group != OVER)
			buf_adds(&r->line, "; open to observers (WATCH)");
		buf_adds(&r->line, "\n");
	}
	buf_free(&seats);
	buf_free(&result);
	buf_free(&clock);
	gamedir_close(&g);
	return r == NULL ? -1 : 0;
}

/* A member's listing: a heading above each part. */
static int
heading(const struct listing *li, size_t i, struct buf *out)
{
	if (li->pick == NULL || (i > 0 && (li->row[i - 1].group == TO_MOVE) ==
	    (li->row[i].group == TO_MOVE)))
		return 0;
	return buf_adds(out, li->row[i].group == TO_MOVE ? "Your move, the "
	    "soonest deadline first:\n" : "News of your other games:\n");
}

static int
listing(struct listing *li, const char *root, struct buf *out,
    struct error *e)
{
	size_t i;
	int rc;

	rc = root_each(root, list_one, li, e);
	if (rc == 0 && li->n > 1)
		qsort(li->row, li->n, sizeof(*li->row), by_order);
	for (i = 0; i < li->n; i++) {
		if (rc == 0 && (heading(li, i, out) != 0 ||
		    buf_add(out, li->row[i].line.data,
		    li->row[i].line.len) != 0))
			rc = error_set(e, EXIT_SYSTEM, "out of memory");
		buf_free(&li->row[i].line);
	}
	free(li->row);
	return rc;
}

int
root_games(const char *root, struct buf *out, struct error *e)
{
	struct listing li;

	memset(&li, 0, sizeof(li));
	return listing(&li, root, out, e);
}

int
root_games_member(const char *root, root_seat_fn *pick, void *arg,
    struct buf *out, struct error *e)
{
	struct listing li;

	memset(&li, 0, sizeof(li));
	li.pick = pick;
	li.pick_arg = arg;
	return listing(&li, root, out, e);
}

int
root_games_public(const char *root, struct buf *out, struct error *e)
{
	struct listing li;

	memset(&li, 0, sizeof(li));
	li.public = 1;
	return listing(&li, root, out, e);
}

struct due_walk {
	root_due_fn	*fn;
	void		*arg;
	root_seat_fn	*pick;		/* NULL: this copy's own seat */
	void		*pick_arg;
	int64_t		 now;
	int		*unreadable;
};

static int
due_one(void *arg, const char *dir, const char *game, struct error *e)
{
	struct due_walk *w = arg;
	struct root_due d;
	struct gamedir g;
	int rc = 0, seat;

	(void)game;
	if (gamedir_open(dir, GAMEDIR_READ, &g, NULL, e) != 0) {
		if (e->status == EXIT_SYSTEM)
			return -1;
		(*w->unreadable)++;	/* games -r says why */
		error_clear(e);
		return 0;
	}
	memset(&d, 0, sizeof(d));
	d.m = g.t.m;
	d.dir = dir;
	d.me = w->pick != NULL ? w->pick(w->pick_arg, d.m, &seat) : g.t.me;
	/* this seat's clock, and its move: not one sent to the judge */
	if (d.me >= 0 && d.me < d.m->nseats && group_of(d.m, d.me, 0,
	    w->pick == NULL && with_judge(&g)) == TO_MOVE &&
	    root_running(d.m, w->now, &seat, &d.deadline, &d.hard) &&
	    seat == d.me)
		rc = w->fn(w->arg, &d, e);
	gamedir_close(&g);
	return rc;
}

int
root_due(const char *root, root_due_fn *fn, void *arg, int *unreadable,
    struct error *e)
{
	return root_due_member(root, NULL, NULL, fn, arg, unreadable, e);
}

int
root_due_member(const char *root, root_seat_fn *pick, void *pick_arg,
    root_due_fn *fn, void *arg, int *unreadable, struct error *e)
{
	struct due_walk w = { fn, arg, pick, pick_arg, when_now(),
	    unreadable };

	*unreadable = 0;
	return root_each(root, due_one, &w, e);
}
