/*
 * calendar -r ROOT: the deadlines of a root's games where this copy's
 * seat is to move, as iCalendar (calendar.h).  Which games, and their
 * deadlines, are the games listing's own (root_due, root_games.c); this
 * file only writes them.  Every time is UTC, so no time zone is needed;
 * DTSTAMP is when_now(), which a test sets.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "calendar.h"
#include "match.h"
#include "root.h"
#include "view_last.h"
#include "when.h"

int
calendar_escape(struct buf *b, const char *s)
{
	int rc = 0;

	for (; *s != '\0' && rc == 0; s++) {
		if (*s == '\\' || *s == ';' || *s == ',')
			rc = buf_addc(b, '\\') || buf_addc(b, (uint8_t)*s);
		else if (*s == '\n')
			rc = buf_adds(b, "\\n");
		else if ((unsigned char)*s < 0x20 || *s == 0x7f)
			rc = buf_addc(b, ' ');
		else
			rc = buf_addc(b, (uint8_t)*s);
	}
	return rc;
}

int
calendar_line(struct buf *b, const char *s, size_t n)
{
	size_t i = 0, take;
	int rc = 0;

	do {
		/* a folded line starts with a blank, which counts */
		take = CALENDAR_FOLD - (i > 0);
		if (take > n - i)
			take = n - i;
		while (i + take < n && take > 1 &&
		    ((unsigned char)s[i + take] & 0xc0) == 0x80)
			take--;
		if (i > 0)
			rc |= buf_addc(b, ' ');
		rc |= buf_add(b, s + i, take);
		rc |= buf_add(b, "\r\n", 2);
		i += take;
	} while (i < n);
	return rc;
}

/* NAME:VALUE, the value escaped (text) or as it is, folded. */
static int
prop(struct buf *out, const char *name, int text, const char *fmt, ...)
{
	char value[1024];
	struct buf line;
	va_list ap;
	int rc;

	va_start(ap, fmt);
	vsnprintf(value, sizeof(value), fmt, ap);
	va_end(ap);
	buf_init(&line);
	rc = buf_printf(&line, "%s:", name);
	rc |= text ? calendar_escape(&line, value) : buf_adds(&line, value);
	if (rc == 0)
		rc = calendar_line(out, (const char *)line.data, line.len);
	buf_free(&line);
	return rc;
}

/* A time as RFC 5545 writes one in UTC: 20261126T120000Z. */
static void
ical_time(int64_t t, char *out, size_t len)
{
	char w[WHEN_TEXT];
	size_t i, j = 0;

	when_format(t, w, sizeof(w));
	for (i = 0; w[i] != '\0' && j + 1 < len; i++)
		if (w[i] != '-' && w[i] != ':')
			out[j++] = w[i];
	out[j] = '\0';
}

/* What is owed: "turn", "setup", "final openings". */
static const char *
owed(const struct match *m)
{
	switch (match_phase(m)) {
	case MATCH_SETUP:
		return "setup";
	case MATCH_FINAL:
		return "final openings";
	default:
		return "turn";
	}
}

struct cal {
	struct buf	*out;
	int64_t		 now;
	int		 member;	/* the judge's copies: the seat's own
					 * copy named as it names it */
};

static int
event(void *arg, const struct root_due *d, struct error *e)
{
	struct cal *c = arg;
	const struct match *m = d->m;
	char t[32], dl[WHEN_TEXT], hard[WHEN_TEXT], dir[PATH_MAX];
	char others[(KEY_NAME_MAX + 2) * GAME_MAX_SEATS] = "";
	int i, rc;

	for (i = 0; i < m->nseats; i++)
		if (i != d->me)
			snprintf(others + strlen(others), sizeof(others) -
			    strlen(others), "%s%s", others[0] ? ", " : "",
			    m->seat[i].name);
	when_format(d->deadline, dl, sizeof(dl));
	when_format(d->hard, hard, sizeof(hard));
	if (!c->member)
		root_short(d->dir, dir, sizeof(dir));
	else if (root_seat_dir(m, d->me, dir, sizeof(dir)) == NULL)
		snprintf(dir, sizeof(dir), "GAMEDIR");
	rc = buf_adds(c->out, "BEGIN:VEVENT\r\n");
	/* the game and the entry owed: the same event while it is owed */
	rc |= prop(c->out, "UID", 0, "%s-%llu@adjudicator", m->game_hex,
	    (unsigned long long)m->seq + 1);
	ical_time(c->now, t, sizeof(t));
	rc |= prop(c->out, "DTSTAMP", 0, "%s", t);
	ical_time(d->deadline, t, sizeof(t));
	rc |= prop(c->out, "DTSTART", 0, "%s", t);
	if (d->hard > d->deadline) {
		ical_time(d->hard, t, sizeof(t));
		rc |= prop(c->out, "DTEND", 0, "%s", t);
	}
	rc |= prop(c->out, "SUMMARY", 1, "%s vs %s: your %s (game %.8s)",
	    m->rules->name, others, owed(m), m->game_hex);
	rc |= prop(c->out, "DESCRIPTION", 1, "Your %s in game %.16s (%s) as "
	    "%s.\nLast: entry %llu: %s.\nDeadline %s%s%s.\n"
	    "adjudicator show -d %s", owed(m), m->game_hex, m->rules->name,
	    m->seat[d->me].name, (unsigned long long)m->seq, view_last(m), dl,
	    d->hard > d->deadline ? "; the grace ends " : "",
	    d->hard > d->deadline ? hard : "", dir);
	rc |= buf_adds(c->out, "END:VEVENT\r\n");
	return rc ? error_set(e, EXIT_SYSTEM, "out of memory") : 0;
}

int
calendar_root(const char *root, struct buf *out, int *unreadable,
    struct error *e)
{
	return calendar_member(root, NULL, NULL, out, unreadable, e);
}

int
calendar_member(const char *root, root_seat_fn *pick, void *arg,
    struct buf *out, int *unreadable, struct error *e)
{
	struct cal c = { out, when_now(), pick != NULL };

	if (buf_adds(out, "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"
	    "PRODID:-//adjudicator//deadlines//EN\r\nCALSCALE:GREGORIAN\r\n"
	    "METHOD:PUBLISH\r\n") != 0)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	if (root_due_member(root, pick, arg, event, &c, unreadable, e) != 0)
		return -1;
	if (buf_adds(out, "END:VCALENDAR\r\n") != 0)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	return 0;
}
