/*
 * Time controls.  See clock.h and formats/header.md.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "when.h"

#define DAY	86400
#define HOUR	3600

static int
bad(struct error *e, const char *name, const char *value, const char *why)
{
	return error_set(e, EXIT_USAGE, "option %s: \"%.40s\" %s", name, value,
	    why);
}

static int
opt_clock(struct clock_spec *c, const char *v, struct error *e)
{
	char a[40], b[40], cap[40];
	const char *plus = strchr(v, '+'), *slash = strchr(v, '/');

	if (plus == NULL) {
		if (slash != NULL || when_duration(v, &c->per_move) != 0)
			return bad(e, "clock", v, "is a time per move (3d, 12h) "
			    "or a bank and an increment (20d+2d, 20d+2d/40d)");
		if (c->per_move == 0)
			return bad(e, "clock", v, "gives no time at all");
		c->on = 1;
		return 0;
	}
	snprintf(a, sizeof(a), "%.*s", (int)(plus - v), v);
	if (slash != NULL && slash > plus) {
		snprintf(b, sizeof(b), "%.*s", (int)(slash - plus - 1), plus + 1);
		snprintf(cap, sizeof(cap), "%s", slash + 1);
	} else {
		snprintf(b, sizeof(b), "%s", plus + 1);
		cap[0] = '\0';
	}
	if (when_duration(a, &c->bank) != 0 || when_duration(b, &c->inc) != 0 ||
	    (slash != NULL && (slash < plus || when_duration(cap, &c->cap) != 0)))
		return bad(e, "clock", v, "is a bank and an increment, with "
		    "perhaps a cap (20d+2d, 20d+2d/40d)");
	if (c->bank == 0)
		return bad(e, "clock", v, "starts with no time at all");
	if (slash != NULL && c->cap < c->bank)
		return bad(e, "clock", v, "caps the bank below its start");
	c->on = 1;
	return 0;
}

static int
opt_leave(struct clock_spec *c, const char *v, struct error *e)
{
	char a[40];
	const char *slash = strchr(v, '/');

	snprintf(a, sizeof(a), "%.*s", slash != NULL ? (int)(slash - v) :
	    (int)strlen(v), v);
	if (when_duration(a, &c->leave) != 0 || (slash != NULL &&
	    when_duration(slash + 1, &c->leave_cap) != 0))
		return bad(e, "leave", v, "is each seat's leave for the game, "
		    "with perhaps a cap on one absence (30d, 30d/10d)");
	if (slash == NULL)
		c->leave_cap = c->leave;
	if (c->leave_cap == 0 || c->leave_cap > c->leave)
		return bad(e, "leave", v, "caps one absence at nothing or at "
		    "more than the whole leave");
	return 0;
}

static int
opt_remind(struct clock_spec *c, const char *v, struct error *e)
{
	char one[40];
	const char *p = v;
	int64_t d, t;
	int i, j;
	size_t n;

	c->nremind = 0;
	for (;;) {
		n = strcspn(p, ",");
		snprintf(one, sizeof(one), "%.*s", (int)n, p);
		if (c->nremind == CLOCK_MAX_REMIND || n >= sizeof(one) ||
		    when_duration(one, &d) != 0 || d == 0)
			return bad(e, "remind", v, "is up to 4 times left, each "
			    "at least an hour (2d,12h)");
		for (i = 0; i < c->nremind; i++)
			if (c->remind[i] == d)
				return bad(e, "remind", v, "says one time twice");
		c->remind[c->nremind++] = d;
		if (p[n] == '\0')
			break;
		p += n + 1;
	}
	/* the longest first */
	for (i = 1; i < c->nremind; i++)
		for (j = i; j > 0 && c->remind[j] > c->remind[j - 1]; j--) {
			t = c->remind[j];
			c->remind[j] = c->remind[j - 1];
			c->remind[j - 1] = t;
		}
	c->remind_given = 1;
	return 0;
}

int
clock_option(struct clock_spec *c, const char *name, const char *value,
    char *canon, size_t len, struct error *e)
{
	int rc;

	if (strcmp(name, "clock") == 0)
		rc = opt_clock(c, value, e);
	else if (strcmp(name, "grace") == 0)
		rc = when_duration(value, &c->grace) != 0 ? bad(e, "grace",
		    value, "is a duration (1d, 12h)") : 0;
	else if (strcmp(name, "leave") == 0)
		rc = opt_leave(c, value, e);
	else if (strcmp(name, "remind") == 0)
		rc = opt_remind(c, value, e);
	else
		return 1;
	if (rc == 0)
		clock_canon(c, name, canon, len);
	return rc;
}

void
clock_canon(const struct clock_spec *c, const char *name, char *out,
    size_t len)
{
	char w[3][24];
	size_t at = 0;
	int i;

	out[0] = '\0';
	if (strcmp(name, "clock") == 0) {
		if (c->per_move > 0) {
			when_duration_format(c->per_move, out, len);
			return;
		}
		when_duration_format(c->bank, w[0], sizeof(w[0]));
		if (c->inc > 0)
			when_duration_format(c->inc, w[1], sizeof(w[1]));
		else
			snprintf(w[1], sizeof(w[1]), "0h");
		when_duration_format(c->cap, w[2], sizeof(w[2]));
		if (c->cap > 0)
			snprintf(out, len, "%s+%s/%s", w[0], w[1], w[2]);
		else
			snprintf(out, len, "%s+%s", w[0], w[1]);
	} else if (strcmp(name, "grace") == 0) {
		if (c->grace > 0)
			when_duration_format(c->grace, out, len);
		else
			snprintf(out, len, "0h");
	} else if (strcmp(name, "leave") == 0) {
		when_duration_format(c->leave, w[0], sizeof(w[0]));
		when_duration_format(c->leave_cap, w[1], sizeof(w[1]));
		if (c->leave_cap != c->leave)
			snprintf(out, len, "%s/%s", w[0], w[1]);
		else
			snprintf(out, len, "%s", w[0]);
	} else if (strcmp(name, "remind") == 0)
		for (i = 0; i < c->nremind; i++) {
			when_duration_format(c->remind[i], w[0], sizeof(w[0]));
			at += (size_t)snprintf(out + at, at < len ? len - at :
			    0, "%s%s", i ? "," : "", w[0]);
		}
}

int64_t
clock_most(const struct clock_spec *c)
{
	if (c->per_move > 0)
		return c->per_move;
	if (c->cap > 0)
		return c->cap;
	/* a bank that grows without a cap has no bound */
	return c->inc > 0 ? INT64_MAX : c->bank;
}

int
clock_remind_can(const struct clock_spec *c, int64_t left)
{
	return left < clock_most(c);
}

int
clock_check(const struct clock_spec *c, struct error *e)
{
	char w[WHEN_SPAN], most[WHEN_SPAN];
	int i;

	if (!c->on && (c->grace > 0 || c->leave > 0 || c->remind_given))
		return error_set(e, EXIT_USAGE, "grace, leave and remind need a "
		    "clock (-o clock=3d, or -o clock=20d+2d)");
	for (i = 0; i < c->nremind && c->on && c->remind_given; i++)
		if (!clock_remind_can(c, c->remind[i])) {
			when_span(c->remind[i], w, sizeof(w));
			when_span(clock_most(c), most, sizeof(most));
			return error_set(e, EXIT_USAGE, "option remind: a "
			    "reminder %s before the deadline never comes: a "
			    "turn has at most %s", w, most);
		}
	return 0;
}

static void
span(struct buf *b, int64_t secs)
{
	char w[WHEN_SPAN];

	when_span(secs, w, sizeof(w));
	buf_adds(b, w);
}

void
clock_describe(const struct clock_spec *c, struct buf *b)
{
	int i, n;

	if (!c->on) {
		buf_adds(b, "no clock");
		return;
	}
	if (c->per_move > 0) {
		span(b, c->per_move);
		buf_adds(b, " a move");
	} else {
		span(b, c->bank);
		buf_adds(b, " at the start, ");
		span(b, c->inc);
		buf_adds(b, " more after each move");
		if (c->cap > 0) {
			buf_adds(b, ", never more than ");
			span(b, c->cap);
		}
	}
	if (c->grace > 0) {
		buf_adds(b, "; grace ");
		span(b, c->grace);
	} else
		buf_adds(b, "; no grace");
	if (c->leave > 0) {
		buf_adds(b, "; leave ");
		span(b, c->leave);
		buf_adds(b, " a seat, at most ");
		span(b, c->leave_cap);
		buf_adds(b, " an absence");
	}
	/* only the reminders that can come (an old header may list more) */
	for (i = n = 0; i < c->nremind; i++) {
		if (!clock_remind_can(c, c->remind[i]))
			continue;
		buf_adds(b, n++ ? ", " : "; reminders ");
		span(b, c->remind[i]);
	}
	buf_adds(b, n > 0 ? " before the deadline" : "; no reminders");
}

void
clock_init(struct clock_state *s, const struct clock_spec *c, int nseats)
{
	int i;

	memset(s, 0, sizeof(*s));
	s->runs = -1;
	for (i = 0; i < nseats && i < CLOCK_MAX_SEATS; i++) {
		s->seat[i].bank = c->bank;
		s->seat[i].leave_left = c->leave;
	}
}

/* Of an absence, what stops seat's clock from a: [*from, *to). */
static void
absence(const struct clock_state *s, const struct clock_spec *c, int seat,
    int64_t from, int64_t *a, int64_t *b)
{
	const struct clock_seat *k = &s->seat[seat];
	int64_t most = k->leave_left < c->leave_cap ? k->leave_left :
	    c->leave_cap;

	*a = k->away_from > from ? k->away_from : from;
	*b = k->away_to;
	if (*b > *a + most)
		*b = *a + most;
	if (k->away_to == 0 || *b < *a)
		*b = *a;
}

/* Time a pause took from the running clock, up to now. */
static int64_t
paused_for(const struct clock_state *s, int64_t now)
{
	int64_t from;

	if (s->paused == 0)
		return 0;
	from = s->paused > s->started ? s->paused : s->started;
	return now > from ? now - from : 0;
}

void
clock_deadline(const struct clock_state *s, const struct clock_spec *c,
    int seat, int64_t now, int64_t *deadline, int64_t *hard)
{
	const struct clock_seat *k = &s->seat[seat];
	int64_t base, a, b;

	base = s->started + (c->per_move > 0 ? c->per_move : k->bank) +
	    k->extra + paused_for(s, now);
	absence(s, c, seat, s->started, &a, &b);
	/* an absence that starts once the time ran out saves nothing */
	if (a < base)
		base += b - a;
	*deadline = base;
	*hard = base + c->grace;
}

void
clock_start(struct clock_state *s, const struct clock_spec *c, int seat,
    int64_t t)
{
	(void)c;
	s->runs = seat;
	s->started = t;
	s->seat[seat].extra = 0;
}

int
clock_stop(struct clock_state *s, const struct clock_spec *c, int seat,
    int64_t t)
{
	struct clock_seat *k = &s->seat[seat];
	int64_t deadline, hard, a, b, away = 0, used;
	int late = 0;

	if (s->runs != seat)
		return 0;
	clock_deadline(s, c, seat, t, &deadline, &hard);
	absence(s, c, seat, s->started, &a, &b);
	if (t > a)
		away = (t < b ? t : b) - a;
	used = t - s->started - away - paused_for(s, t);
	if (c->per_move == 0) {
		k->bank += k->extra - used;
		if (k->bank < 0)
			k->bank = 0;
		k->bank += c->inc;
		if (c->cap > 0 && k->bank > c->cap)
			k->bank = c->cap;
	}
	k->leave_left -= away;
	/* an absence ends when the seat moves in it */
	if (k->away_to != 0 && t >= k->away_from)
		k->away_from = k->away_to = 0;
	if (t > hard)
		late = -1;
	else if (t > deadline) {
		late = 1;
		k->late++;
	}
	k->moves++;
	k->extra = 0;
	s->runs = -1;
	return late;
}

/*
 * A second absence announced while one is (k's [away_from, away_to)),
 * from at t: one that begins by the end of the first (overlapping,
 * adjacent or inside it) extends it, within the cap on one absence; one
 * that begins later waits until the first is over, and then the time
 * the first took from this turn is kept (extra) and drawn from the
 * leave, so that no time on leave is lost nor turned into thinking
 * time.  0: away_from and away_to set; -1 refused, e set.
 */
static int
again(struct clock_state *s, const struct clock_spec *c, int seat,
    int64_t from, int64_t to, int64_t t, struct error *e)
{
	struct clock_seat *k = &s->seat[seat];
	int64_t a, b, most, oldb;
	char w[WHEN_TEXT], span[WHEN_SPAN];

	most = k->leave_left < c->leave_cap ? k->leave_left : c->leave_cap;
	absence(s, c, seat, s->runs == seat ? s->started : k->away_from, &a,
	    &b);
	if (from <= b) {
		oldb = b;
		if (to > k->away_to)
			k->away_to = to;
		if (from < k->away_from)
			k->away_from = from;
		absence(s, c, seat, s->runs == seat ? s->started :
		    k->away_from, &a, &b);
		if (b > oldb)
			return 0;
		when_span(most, span, sizeof(span));
		when_format(oldb, w, sizeof(w));
		return error_set(e, EXIT_REFUSED, "the absence announced ends "
		    "at %s already, and one absence takes at most %s (the "
		    "cap, or the leave left): nothing to add", w, span);
	}
	if (b > t) {
		when_format(b, w, sizeof(w));
		return error_set(e, EXIT_REFUSED, "an absence is announced "
		    "until %s: a new one begins by then (it extends it), or "
		    "is announced once it is over", w);
	}
	/* the first is over: its time is this turn's, drawn from leave */
	if (s->runs == seat && b > a) {
		k->extra += b - a;
		k->leave_left -= b - a;
	}
	k->away_from = from;
	k->away_to = to;
	return 0;
}

int
clock_leave(struct clock_state *s, const struct clock_spec *c, int seat,
    int64_t from, int64_t to, int64_t t, struct error *e)
{
	struct clock_seat *k = &s->seat[seat];
	int64_t deadline, hard;
	char w[WHEN_TEXT];

	if (c->leave == 0)
		return error_set(e, EXIT_REFUSED, "this game gives no leave "
		    "(-o leave=)");
	if (k->leave_left <= 0)
		return error_set(e, EXIT_REFUSED, "no leave left");
	if (from < t)
		from = t;
	if (to <= from)
		return error_set(e, EXIT_REFUSED, "the absence ends before it "
		    "begins");
	if (s->runs == seat) {
		clock_deadline(s, c, seat, t, &deadline, &hard);
		if (t > deadline) {
			when_format(deadline, w, sizeof(w));
			return error_set(e, EXIT_REFUSED, "the deadline passed "
			    "at %s: leave does not extend it", w);
		}
	}
	if (k->away_to != 0)
		return again(s, c, seat, from, to, t, e);
	k->away_from = from;
	k->away_to = to;
	return 0;
}

void
clock_pause(struct clock_state *s, int64_t t)
{
	if (s->paused == 0)
		s->paused = t;
}

void
clock_resume(struct clock_state *s, int64_t t)
{
	if (s->paused == 0)
		return;
	if (s->runs >= 0)
		s->started += paused_for(s, t);
	s->paused = 0;
}

void
clock_extend(struct clock_state *s, int seat, int64_t by)
{
	s->seat[seat].extra += by;
}

int64_t
clock_left(const struct clock_state *s, const struct clock_spec *c, int seat,
    int64_t now)
{
	int64_t deadline, hard;

	if (s->runs != seat)
		return c->per_move > 0 ? c->per_move : s->seat[seat].bank;
	clock_deadline(s, c, seat, now, &deadline, &hard);
	return deadline - now;
}
