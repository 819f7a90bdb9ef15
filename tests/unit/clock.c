/*
 * The clocks' arithmetic (lib/clock.c) and their times (lib/when.c):
 * the options and their canonical forms, a clock per move, a bank with
 * its increment and cap, the grace, leave (capped, ended by a move,
 * never past a deadline), pauses and extensions; times written and read
 * back, durations, a mail's Date.
 */
#include "unit.h"

#include "clock.h"
#include "when.h"

#define D	86400
#define H	3600

static const int64_t T0 = 1796083200;	/* 2026-12-01T00:00:00Z */

static void
test_options(void)
{
	static const struct {
		const char	*name, *value, *canon;
	} good[] = {
		{ "clock", "3d", "3d" }, { "clock", "36h", "1d12h" },
		{ "clock", "20d+2d", "20d+2d" }, { "clock", "20d+0h", "20d+0h" },
		{ "clock", "20d+2d/40d", "20d+2d/40d" },
		{ "grace", "1d", "1d" }, { "grace", "0h", "0h" },
		{ "leave", "30d", "30d" }, { "leave", "30d/10d", "30d/10d" },
		{ "remind", "12h,2d", "2d,12h" },
	};
	static const struct {
		const char	*name, *value, *why;
	} bad[] = {
		{ "clock", "0d", "no time at all" },
		{ "clock", "0d+1d", "no time at all" },
		{ "clock", "20d+2d/10d", "below its start" },
		{ "clock", "007d", "a time per move" },
		{ "clock", "3D", "a time per move" },
		{ "clock", "3d ", "a time per move" },
		{ "clock", "-3d", "a time per move" },
		{ "clock", "3", "a time per move" },
		{ "clock", "20d+", "a bank and an increment" },
		{ "grace", "1w", "a duration" },
		{ "leave", "10d/30d", "more than the whole" },
		{ "leave", "10d/0h", "at nothing" },
		{ "remind", "2d,2d", "one time twice" },
		{ "remind", "1d,2d,3d,4d,5d", "up to 4" },
		{ "remind", "0h", "up to 4" },
	};
	struct clock_spec c;
	struct error e;
	char canon[80];
	size_t i;

	for (i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		memset(&c, 0, sizeof(c));
		unit_ok(clock_option(&c, good[i].name, good[i].value, canon,
		    sizeof(canon), &e) == 0 && strcmp(canon, good[i].canon) == 0,
		    "%s=%s reads, written %s (%s)", good[i].name, good[i].value,
		    good[i].canon, canon);
	}
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		memset(&c, 0, sizeof(c));
		unit_ok(unit_err(clock_option(&c, bad[i].name, bad[i].value,
		    canon, sizeof(canon), &e), &e, EXIT_USAGE, bad[i].why),
		    "%s=%s refused: %s", bad[i].name, bad[i].value, e.msg);
	}
	memset(&c, 0, sizeof(c));
	unit_ok(clock_option(&c, "limit", "7", canon, sizeof(canon), &e) == 1,
	    "a game's own option is not the clock's");
	clock_option(&c, "grace", "1d", canon, sizeof(canon), &e);
	unit_ok(unit_err(clock_check(&c, &e), &e, EXIT_USAGE, "need a clock"),
	    "grace without a clock refused");
}

static struct clock_spec
spec(const char *clock, const char *grace, const char *leave)
{
	struct clock_spec c;
	struct error e;
	char canon[80];

	memset(&c, 0, sizeof(c));
	clock_option(&c, "clock", clock, canon, sizeof(canon), &e);
	if (grace != NULL)
		clock_option(&c, "grace", grace, canon, sizeof(canon), &e);
	if (leave != NULL)
		clock_option(&c, "leave", leave, canon, sizeof(canon), &e);
	return c;
}

static void
test_per_move(void)
{
	struct clock_spec c = spec("1d", "2h", NULL);
	struct clock_state s;
	int64_t d, h;

	clock_init(&s, &c, 2);
	clock_start(&s, &c, 0, T0);
	clock_deadline(&s, &c, 0, T0, &d, &h);
	unit_ok(d == T0 + D && h == T0 + D + 2 * H,
	    "a day a move: the deadline a day on, the grace two hours more");
	unit_ok(clock_stop(&s, &c, 0, T0 + D) == 0 && s.seat[0].late == 0 &&
	    s.runs == -1, "a move at the deadline is on time");
	clock_start(&s, &c, 1, T0 + D);
	unit_ok(clock_stop(&s, &c, 1, T0 + 2 * D + 1) == 1 &&
	    s.seat[1].late == 1, "one second after it: late, in the grace");
	clock_start(&s, &c, 0, T0 + 2 * D);
	unit_ok(clock_stop(&s, &c, 0, T0 + 3 * D + 2 * H + 1) == -1,
	    "one second after the grace: out of time");
	clock_start(&s, &c, 1, T0);
	unit_ok(clock_left(&s, &c, 1, T0 + H) == D - H &&
	    clock_left(&s, &c, 0, T0 + H) == D,
	    "the running clock's time left; the other's whole day");
}

static void
test_bank(void)
{
	struct clock_spec c = spec("2d+1d/3d", NULL, NULL);
	struct clock_state s;
	int64_t d, h;

	clock_init(&s, &c, 2);
	clock_start(&s, &c, 0, T0);
	clock_stop(&s, &c, 0, T0 + 12 * H);
	unit_ok(s.seat[0].bank == 2 * D + 12 * H,
	    "2d, 12h used, 1d more: 2d12h");
	clock_start(&s, &c, 0, T0 + D);
	clock_stop(&s, &c, 0, T0 + D + H);
	unit_ok(s.seat[0].bank == 3 * D, "never more than the cap (3d)");
	clock_start(&s, &c, 0, T0 + 2 * D);
	clock_deadline(&s, &c, 0, T0 + 2 * D, &d, &h);
	unit_ok(d == T0 + 5 * D && h == d, "the deadline: the bank from the "
	    "start, no grace");
	unit_ok(clock_stop(&s, &c, 0, T0 + 5 * D) == 0 &&
	    s.seat[0].bank == D, "all of it used: the increment is left");
	unit_ok(s.seat[1].bank == 2 * D, "the other seat's bank untouched");
}

static void
test_leave(void)
{
	struct clock_spec c = spec("1d", NULL, "3d/2d");
	struct clock_state s;
	struct error e;
	int64_t d, h;

	clock_init(&s, &c, 2);
	/* announced off turn, for five days from the first */
	unit_ok(clock_leave(&s, &c, 1, T0 + D, T0 + 6 * D, T0, &e) == 0,
	    "leave announced off turn");
	clock_start(&s, &c, 1, T0 + D + 12 * H);
	clock_deadline(&s, &c, 1, T0 + D + 12 * H, &d, &h);
	unit_ok(d == T0 + 4 * D + 12 * H,
	    "the clock stops for the absence, at most 2d of it, from when "
	    "the clock started");
	/* the seat moves during its leave: the absence ends there */
	unit_ok(clock_stop(&s, &c, 1, T0 + 2 * D) == 0 &&
	    s.seat[1].leave_left == 3 * D - 12 * H && s.seat[1].away_to == 0,
	    "a move in the absence ends it; only what ran is drawn (%lld)",
	    (long long)s.seat[1].leave_left);
	clock_start(&s, &c, 0, T0);
	unit_ok(unit_err(clock_leave(&s, &c, 0, 0, T0 + 3 * D, T0 + D + 1, &e),
	    &e, EXIT_REFUSED, "the deadline passed"),
	    "no leave once the deadline has passed");
	unit_ok(unit_err(clock_leave(&s, &c, 0, T0 + 2 * D, T0 + D, T0, &e), &e,
	    EXIT_REFUSED, "ends before it begins"), "an absence ending first");
	clock_start(&s, &c, 0, T0);
	clock_leave(&s, &c, 0, T0 + 2 * D, T0 + 3 * D, T0, &e);
	clock_deadline(&s, &c, 0, T0, &d, &h);
	unit_ok(d == T0 + D, "an absence that starts after the deadline "
	    "saves nothing");
}

static void
test_pause_extend(void)
{
	struct clock_spec c = spec("1d", NULL, NULL);
	struct clock_state s;
	int64_t d, h;

	clock_init(&s, &c, 2);
	clock_start(&s, &c, 0, T0);
	clock_pause(&s, T0 + H);
	clock_deadline(&s, &c, 0, T0 + 5 * H, &d, &h);
	unit_ok(d == T0 + D + 4 * H, "paused: the deadline moves with now");
	clock_resume(&s, T0 + 5 * H);
	clock_deadline(&s, &c, 0, T0 + 6 * H, &d, &h);
	unit_ok(d == T0 + D + 4 * H, "resumed: the four hours paused are "
	    "given back");
	clock_extend(&s, 0, 2 * D);
	clock_deadline(&s, &c, 0, T0 + 6 * H, &d, &h);
	unit_ok(d == T0 + 3 * D + 4 * H, "extended by two days");
	clock_stop(&s, &c, 0, T0 + 2 * D);
	clock_start(&s, &c, 0, T0 + 2 * D);
	clock_deadline(&s, &c, 0, T0 + 2 * D, &d, &h);
	unit_ok(d == T0 + 3 * D, "an extension is for one turn");
}

static void
test_times(void)
{
	static const struct {
		const char	*text;
		int64_t		 t;
	} t[] = {
		{ "1970-01-01T00:00:00Z", 0 },
		{ "2026-12-01T00:00:00Z", 1796083200 },
		{ "2028-02-29T23:59:59Z", 1835481599 },
		{ "2100-03-01T12:00:00Z", 4107585600 },
	};
	static const char *const bad[] = { "2026-02-29T00:00:00Z",
	    "2026-13-01T00:00:00Z", "2026-12-01 00:00:00Z",
	    "2026-12-01T24:00:00Z", "2026-12-01T00:00:00", "1969-12-31T23:59:59Z",
	    "" };
	static const struct {
		const char	*date;
		int64_t		 t;
	} mail[] = {
		{ "Tue, 01 Dec 2026 00:00:00 +0000", 1796083200 },
		{ "1 Dec 2026 01:30:00 +0130", 1796083200 },
		{ " Mon, 30 Nov 2026 19:00:00 -0500 (EST)", 1796083200 },
		{ "Tue, 1 Dec 2026 00:00 GMT", 1796083200 },
	};
	char out[WHEN_TEXT], span[WHEN_SPAN];
	int64_t v;
	size_t i;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		when_format(t[i].t, out, sizeof(out));
		unit_ok(when_parse(t[i].text, &v) == 0 && v == t[i].t &&
		    strcmp(out, t[i].text) == 0, "%s is %lld and back (%s)",
		    t[i].text, (long long)t[i].t, out);
	}
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		unit_ok(when_parse(bad[i], &v) != 0, "\"%s\" is no time", bad[i]);
	for (v = 0; v < 400LL * 366 * D; v += 97 * D + 3601) {
		int64_t back;

		when_format(v, out, sizeof(out));
		if (when_parse(out, &back) != 0 || back != v)
			break;
	}
	unit_ok(v >= 400LL * 366 * D, "every 97th day over 400 years round "
	    "trips (stopped at %lld)", (long long)v);
	for (i = 0; i < sizeof(mail) / sizeof(mail[0]); i++)
		unit_ok(when_mail_date(mail[i].date, &v) == 0 && v == mail[i].t,
		    "mail date \"%s\"", mail[i].date);
	unit_ok(when_mail_date("Tue, 01 Foo 2026 00:00:00 +0000", &v) != 0 &&
	    when_mail_date("yesterday", &v) != 0, "a date that is none");
	when_span(D + 2 * H, span, sizeof(span));
	unit_ok(strcmp(span, "1 day 2 hours") == 0, "a span: %s", span);
	when_span(-90 * 60, span, sizeof(span));
	unit_ok(strcmp(span, "-1 hour 30 minutes") == 0, "late: %s", span);
	when_span(2 * D, span, sizeof(span));
	unit_ok(strcmp(span, "2 days") == 0, "whole days: %s", span);
}

int
main(void)
{
	unit_init();
	test_options();
	test_per_move();
	test_bank();
	test_leave();
	test_pause_extend();
	test_times();
	return unit_done();
}
