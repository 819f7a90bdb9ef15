/*
 * Time in the transcript (formats/entry.md, "Time"): the signed times
 * entries carry in a game with a clock, each seat's clock as they make it
 * (clock.c), and the entries about time: the judge's stamp, a seat's
 * leave, a timeout (the judge's ruling, or a seat's claim in a peer
 * game) and the rulings of whoever holds the judge's key.
 *
 * In a judged game the judge keeps time: the first judge entry after a
 * seat's entry says when the judge took it (a kind "time" entry when the
 * judge owes nothing else), and every judge entry carries its time.  In a
 * peer game each entry carries its author's time of sending ("time") and
 * of taking the entry it answers ("got"), as the ICCF e-mail rules have
 * it; nothing a seat alone says about time is a ruling, and a timeout
 * there is a claim.  Every deadline follows from these signed times and
 * the header's clock, so whoever replays the entries gets the same.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "holder.h"
#include "match_int.h"
#include "timing.h"
#include "when.h"
#include "ydoc.h"

static int
read_time(const struct ydoc *doc, const char *key, int64_t *t,
    const char *where, struct error *e)
{
	const struct ydoc *n = ydoc_get(doc, key);

	if (n == NULL)
		return 1;
	if (n->type != YDOC_SCALAR || when_parse(n->str, t) != 0)
		return error_set(e, EXIT_MALFORMED, "%s:%u: %s is a time as "
		    "2026-11-26T12:00:00Z", where, n->line, key);
	return 0;
}

/* A game without a clock: no time; the judge's abort and adjudication
 * only. */
static int
no_clock(const struct match *m, const char *kind, const struct ydoc *doc,
    const char *where, struct error *e)
{
	static const char *const keys[] = { "time", "got", "leave", "timeout",
	    "ruling", NULL };
	static const char *const kinds[] = { "time", "leave", "timeout",
	    "ruling", NULL };
	int i;

	if (m->judge_mode && strcmp(kind, "ruling") == 0)
		return ydoc_get(doc, "time") != NULL || ydoc_get(doc,
		    "got") != NULL ? error_set(e, EXIT_MALFORMED, "%s: a time "
		    "in a game without a clock", where) : 0;
	for (i = 0; keys[i] != NULL; i++)
		if (ydoc_get(doc, keys[i]) != NULL)
			return error_set(e, EXIT_MALFORMED, "%s: \"%s\" in a "
			    "game without a clock", where, keys[i]);
	for (i = 0; kinds[i] != NULL; i++)
		if (strcmp(kind, kinds[i]) == 0)
			return error_set(e, EXIT_MALFORMED, "%s: kind %s in a "
			    "game without a clock", where, kind);
	return 0;
}

/* Off turn: a leave (judged games), a timeout, a ruling. */
int
timing_off_turn(const struct match *m, int author, const char *kind)
{
	if (match_phase(m) == MATCH_CLOSED)
		return 0;
	if (strcmp(kind, "ruling") == 0)
		return author == GAME_JUDGE && m->judge_mode &&
		    m->stamp_due < 0;
	if (!m->clock.on)
		return 0;
	if (strcmp(kind, "leave") == 0)
		return m->judge_mode && author >= 0 && author < m->nseats &&
		    m->stamp_due < 0;
	if (strcmp(kind, "timeout") == 0)
		return m->stamp_due < 0 && (m->judge_mode ?
		    author == GAME_JUDGE : author >= 0 && author < m->nseats);
	return 0;
}

int
timing_first_seat(const struct match *m)
{
	int s = m->stamp_due >= 0 ? m->stamp_due : match_next_author(m);

	return s >= 0 && s < m->nseats ? s : -1;
}

void
timing_invited(struct match *m, int64_t t)
{
	int s = timing_first_seat(m);

	if (!m->judge_mode || !m->clock.on || m->clk.last != 0 || t <= 0 ||
	    t < m->created_at || s < 0 || match_phase(m) == MATCH_CLOSED)
		return;
	m->invited = t;
	if (m->clk.runs != s || m->clk.started != t)
		clock_start(&m->clk, &m->clock, s, t);
}

/* The judge's first signed time says when it took the invitation: the
 * first seat's clock ran from then (its entry, stamped now, stops it). */
static int
judge_got(struct match *m, int64_t got, int64_t t, const char *where,
    struct error *e)
{
	int s = timing_first_seat(m);

	if (m->clk.last != 0)
		return error_set(e, EXIT_MALFORMED, "%s: \"got\" in a judged "
		    "game is the judge's first entry's alone (when it took the "
		    "invitation)", where);
	if (got > t)
		return error_set(e, EXIT_MALFORMED, "%s: took the invitation "
		    "after this entry was signed", where);
	if (s >= 0 && (m->clk.runs != s || m->clk.started != got))
		clock_start(&m->clk, &m->clock, s, got);
	m->invited = 0;
	return 0;
}

int
timing_next(const struct match *m)
{
	return m->clock.on && m->judge_mode && m->stamp_due >= 0 ?
	    GAME_JUDGE : -1;
}

static void
deadline_text(const struct match *m, int seat, int64_t at, char *out,
    size_t len)
{
	int64_t deadline, hard;
	char d[WHEN_TEXT], h[WHEN_TEXT];

	clock_deadline(&m->clk, &m->clock, seat, at, &deadline, &hard);
	when_format(deadline, d, sizeof(d));
	when_format(hard, h, sizeof(h));
	if (hard == deadline)
		snprintf(out, len, "%s", d);
	else
		snprintf(out, len, "%s, grace until %s", d, h);
}

/*
 * A seat's entry in a judged game: the judge keeps time, and the seat
 * says only when it signed (t, 0: an older version said nothing), never
 * before the game was made; the judge's stamp of it may not be earlier
 * (by more than MATCH_AHEAD: clocks drift).
 */
static int
seat_time(struct match *m, int author, const char *kind, int64_t t,
    int has_got, const char *where, struct error *e)
{
	char w[WHEN_TEXT];

	if (has_got)
		return error_set(e, EXIT_MALFORMED, "%s: in a judged game the "
		    "judge keeps time: a seat's entry says when it was signed "
		    "(\"time\"), not when it took another (\"got\")", where);
	if (t != 0 && t < m->created_at) {
		when_format(t, w, sizeof(w));
		return error_set(e, EXIT_REFUSED, "%s: signed at %s, before "
		    "the game was created (%s)", where, w, m->created);
	}
	/* what the judge's next stamp is held to (a change of key or
	 * address, or of conditions, owes no stamp: timing_after) */
	(void)author;
	if (!holder_is_kind(kind) && !cond_is_kind(kind))
		m->seat_signed = t;
	return 0;
}

/* The judge's stamp: when it took the seat's entry before it. */
static int
stamp(struct match *m, int64_t t, const char *where, struct error *e)
{
	int s = m->stamp_due, late;
	char d[100], w[WHEN_TEXT];

	m->stamp_due = -1;
	if (m->seat_signed > t + MATCH_AHEAD) {
		when_format(t, w, sizeof(w));
		when_format(m->seat_signed, d, sizeof(d));
		return error_set(e, EXIT_REFUSED, "%s: the judge stamped %s's "
		    "entry %llu at %s, before %s signed it (%s): the judge's "
		    "clock or word is wrong", where, m->seat[s].name,
		    (unsigned long long)m->seq, w, m->seat[s].name, d);
	}
	m->seat_signed = 0;
	if (m->away_to != 0) {
		/* the seat's leave, which takes effect when the judge took it */
		if (clock_leave(&m->clk, &m->clock, s, m->away_from,
		    m->away_to, t, e) != 0)
			return error_prefix(e, "%s: the judge took %s's leave",
			    where, m->seat[s].name);
		m->away_from = m->away_to = 0;
		return 0;
	}
	if (m->clk.runs != s)
		return 0;
	deadline_text(m, s, t, d, sizeof(d));
	if ((late = clock_stop(&m->clk, &m->clock, s, t)) < 0) {
		when_format(t, w, sizeof(w));
		return error_set(e, EXIT_REFUSED, "%s: the judge took %s's entry "
		    "%llu at %s, after %s's deadline %s", where, m->seat[s].name,
		    (unsigned long long)m->seq, w, m->seat[s].name, d);
	}
	return 0;
}

/* A peer's own clock: from when it says it took the entry it answers
 * (never before that entry was sent, never after its own), to when it
 * says it sent this one. */
static void
peer_stop(struct match *m, int s, int64_t t, int64_t got, int has_got)
{
	if (m->clk.runs != s)
		return;
	if (has_got && got > m->clk.started)
		m->clk.started = got < t ? got : t;
	(void)clock_stop(&m->clk, &m->clock, s, t);
}

int
timing_before(struct match *m, int author, const char *kind,
    const struct ydoc *doc, const char *where, struct error *e)
{
	int64_t t = 0, got = 0;
	int rt, rg;
	char w[WHEN_TEXT];

	if (!m->clock.on)
		return no_clock(m, kind, doc, where, e);
	if ((rt = read_time(doc, "time", &t, where, e)) < 0 ||
	    (rg = read_time(doc, "got", &got, where, e)) < 0)
		return -1;
	if (m->judge_mode) {
		if (author != GAME_JUDGE)
			return seat_time(m, author, kind, rt == 0 ? t : 0,
			    rg == 0, where, e);
		if (rt != 0)
			return error_set(e, EXIT_MALFORMED, "%s: the judge's "
			    "entry carries no time", where);
	} else {
		if (rt != 0)
			return error_set(e, EXIT_MALFORMED, "%s: an entry of a "
			    "game with a clock carries its time", where);
		if (rg == 0 && got > t)
			return error_set(e, EXIT_MALFORMED, "%s: took the entry "
			    "it answers after it was sent", where);
	}
	if (!m->judge_mode) {
		/* what a fork of this entry is judged against */
		m->base.clk = m->clk;
		memcpy(m->base.prev, m->last, SEC_HASH);
		m->base.time = t;
		m->base.got = rg == 0 ? got : 0;
		m->base.seq = m->seq + 1;
		m->base.by = author;
		m->base.claim = -1;
		m->base.action = author == m->clk.runs &&
		    !timing_is_kind(kind) && !holder_is_kind(kind);
	}
	/* no signed time before the game was made: a clock going back */
	if ((rt == 0 && t < m->created_at) || (rg == 0 && got <
	    m->created_at)) {
		when_format(rt == 0 && t < m->created_at ? t : got, w,
		    sizeof(w));
		return error_set(e, EXIT_REFUSED, "%s: signed at %s, before "
		    "the game was created (%s)", where, w, m->created);
	}
	if (m->judge_mode && rg == 0 && judge_got(m, got, t, where, e) != 0)
		return -1;
	if (m->judge_mode && t < m->clk.last) {
		when_format(m->clk.last, w, sizeof(w));
		return error_set(e, EXIT_REFUSED, "%s: the judge's time goes "
		    "back (after %s)", where, w);
	}
	if (m->judge_mode && m->stamp_due >= 0 && stamp(m, t, where, e) != 0)
		return -1;
	if (!m->judge_mode && author >= 0 && author < m->nseats &&
	    strcmp(kind, "timeout") != 0 && strcmp(kind, "leave") != 0 &&
	    !holder_is_kind(kind))
		peer_stop(m, author, t, got, rg == 0);
	if (t > m->clk.last)
		m->clk.last = t;
	return 0;
}

void
timing_after(struct match *m, int author, const char *kind)
{
	int next;

	if (!m->clock.on)
		return;
	if (m->judge_mode && author >= 0 && author < m->nseats) {
		/* the judge says when it took it; a change of key or address,
		 * or of conditions off turn, is no move: the clocks go on */
		if (!holder_is_kind(kind) && !cond_is_kind(kind))
			m->stamp_due = author;
		return;
	}
	(void)kind;
	if (match_phase(m) == MATCH_CLOSED || match_over(m)) {
		m->clk.runs = -1;
		return;
	}
	next = match_next_author(m);
	if (next >= 0 && next < m->nseats && m->clk.runs != next)
		clock_start(&m->clk, &m->clock, next, m->clk.last);
	else if (next == GAME_JUDGE && !m->judge_mode)
		m->clk.runs = -1;
}

/* --- the entries about time --- */

static int
apply_leave(struct match *m, int author, const struct ydoc *doc,
    const char *where, struct error *e)
{
	static const char *const keys[] = { "from", "until", NULL };
	static const char *const req[] = { "until", NULL };
	const struct ydoc *l = ydoc_get(doc, "leave");
	int64_t from = 0, until, t = m->clk.last;

	if (ydoc_expect(l, YDOC_MAP, "leave", where, e) != 0 ||
	    ydoc_check_keys(l, keys, req, where, e) != 0 ||
	    read_time(l, "from", &from, where, e) < 0 ||
	    read_time(l, "until", &until, where, e) != 0)
		return -1;
	/* an absence that ends before it begins: refused as signed, not
	 * only once the judge stamps it */
	if (ydoc_get(l, "from") != NULL && until <= from)
		return error_set(e, EXIT_REFUSED, "%s: leave until %s, not "
		    "after its start %s", where, ydoc_get(l, "until")->str,
		    ydoc_get(l, "from")->str);
	if (m->judge_mode) {
		/* it takes effect when the judge took it: its stamp */
		m->away_from = from;
		m->away_to = until;
	} else if (clock_leave(&m->clk, &m->clock, author, from, until, t,
	    e) != 0)
		return error_prefix(e, "%s", where);
	match_say(m, "%s announces leave until %s", m->seat[author].name,
	    ydoc_get(l, "until")->str);
	return 0;
}

static int
apply_timeout(struct match *m, int author, const struct ydoc *doc,
    const char *where, struct error *e)
{
	const char *name;
	char d[100], w[WHEN_TEXT], why[200], what[MATCH_WHAT];
	int64_t deadline, hard, t = m->clk.last;
	int s;

	if ((name = ydoc_scalar(doc, "timeout", where, e)) == NULL)
		return -1;
	if ((s = match_seat_by_name(m, name)) < 0 || s >= m->nseats)
		return error_set(e, EXIT_MALFORMED, "%s: timeout of \"%.32s\", "
		    "no seat", where, name);
	if (s == author)
		return error_set(e, EXIT_REFUSED, "%s: %s claims its own "
		    "timeout", where, name);
	if (m->clk.runs != s)
		return error_set(e, EXIT_REFUSED, "%s: %s's clock does not run",
		    where, name);
	clock_deadline(&m->clk, &m->clock, s, t, &deadline, &hard);
	deadline_text(m, s, t, d, sizeof(d));
	when_format(t, w, sizeof(w));
	if (t <= hard)
		return error_set(e, EXIT_REFUSED, "%s: a timeout of %s at %s, "
		    "before %s's deadline %s", where, name, w, name, d);
	m->clk.seat[s].out = 1;
	m->clk.runs = -1;
	if (!m->judge_mode) {
		m->base.claim = s;
		m->claim_base = m->base;
	}
	if (m->judge_mode)
		snprintf(why, sizeof(why), "%s ran out of time: deadline %s",
		    name, d);
	else
		snprintf(why, sizeof(why), "%s ran out of time, as %s claims: "
		    "by the signed times, deadline %s", name,
		    m->seat[author].name, d);
	m->draw_offer = -1;
	if (m->rules->resign != NULL) {
		/* with 3 or 4 seats the colour stops and keeps its score */
		what[0] = '\0';
		if (m->rules->resign(m->state, s, what, sizeof(what), e) != 0)
			return error_prefix(e, "%s", where);
		m->applied_rules = 1;
		match_say(m, "%s; %s", why, what);
		return 0;
	}
	match_end(m, -s - 1, 0, m->judge_mode ? MATCH_HOW_TIMEOUT :
	    MATCH_HOW_CLAIM, why);
	m->how_by = s;
	match_say(m, "%s", why);
	return 0;
}

static int
apply_ruling(struct match *m, const struct ydoc *doc, const char *where,
    struct error *e)
{
	static const char *const keys[] = { "what", "reason", "seat", "extra",
	    "result", NULL };
	static const char *const req[] = { "what", "reason", NULL };
	const struct ydoc *r = ydoc_get(doc, "ruling");
	const char *what, *reason, *s;
	char why[300];
	int64_t extra;
	int seat = -1;

	if (ydoc_expect(r, YDOC_MAP, "ruling", where, e) != 0 ||
	    ydoc_check_keys(r, keys, req, where, e) != 0 ||
	    (what = ydoc_scalar(r, "what", where, e)) == NULL ||
	    (reason = ydoc_scalar(r, "reason", where, e)) == NULL)
		return -1;
	if (ydoc_get(r, "seat") != NULL) {
		if ((s = ydoc_scalar(r, "seat", where, e)) == NULL)
			return -1;
		if ((seat = match_seat_by_name(m, s)) < 0 || seat >= m->nseats)
			return error_set(e, EXIT_MALFORMED, "%s: a ruling for "
			    "\"%.32s\", no seat", where, s);
	}
	if (!m->clock.on && strcmp(what, "abort") != 0 &&
	    strcmp(what, "adjudicate") != 0)
		return error_set(e, EXIT_REFUSED, "%s: a %s in a game without a "
		    "clock", where, what);
	if (match_over(m))
		return error_set(e, EXIT_REFUSED, "%s: a ruling after the game "
		    "is over", where);
	if (strcmp(what, "pause") == 0) {
		if (m->clk.paused != 0)
			return error_set(e, EXIT_REFUSED, "%s: the clocks are "
			    "paused already", where);
		clock_pause(&m->clk, m->clk.last);
		match_say(m, "the judge pauses the clocks: %s", reason);
	} else if (strcmp(what, "resume") == 0) {
		if (m->clk.paused == 0)
			return error_set(e, EXIT_REFUSED, "%s: the clocks are "
			    "not paused", where);
		clock_resume(&m->clk, m->clk.last);
		match_say(m, "the judge resumes the clocks: %s", reason);
	} else if (strcmp(what, "extend") == 0) {
		if (seat < 0 || (s = ydoc_scalar(r, "extra", where, e)) == NULL ||
		    when_duration(s, &extra) != 0 || extra == 0)
			return error_set(e, EXIT_MALFORMED, "%s: an extension "
			    "names a seat and a duration (extra: 2d)", where);
		if (m->clk.runs != seat)
			return error_set(e, EXIT_REFUSED, "%s: %s's clock does "
			    "not run", where, m->seat[seat].name);
		clock_extend(&m->clk, seat, extra);
		match_say(m, "the judge gives %s %s more: %s",
		    m->seat[seat].name, s, reason);
	} else if (strcmp(what, "abort") == 0) {
		snprintf(why, sizeof(why), "aborted by the judge: %s", reason);
		match_end(m, 0, 0, MATCH_HOW_ABORTED, why);
		memset(m->result.winner, 0, sizeof(m->result.winner));
		m->aborted = 1;
		m->clk.runs = -1;
		match_say(m, "%s", why);
	} else if (strcmp(what, "adjudicate") == 0) {
		if ((s = ydoc_scalar(r, "result", where, e)) == NULL)
			return -1;
		if (strcmp(s, "draw") != 0 && (seat = match_seat_by_name(m,
		    s)) < 0)
			return error_set(e, EXIT_MALFORMED, "%s: an adjudication "
			    "names the winner or \"draw\", not \"%.32s\"", where,
			    s);
		snprintf(why, sizeof(why), "adjudicated by the judge: %s",
		    reason);
		match_end(m, strcmp(s, "draw") == 0 ? 0 : seat,
		    strcmp(s, "draw") == 0, MATCH_HOW_ADJUDICATED, why);
		m->clk.runs = -1;
		match_say(m, "%s (%s)", why, s);
	} else
		return error_set(e, EXIT_MALFORMED, "%s: a ruling is pause, "
		    "resume, extend, abort or adjudicate, not \"%.20s\"", where,
		    what);
	return 0;
}

int
timing_entry(struct match *m, int author, const char *kind,
    const struct ydoc *doc, const char *where, struct error *e)
{
	m->timed = strcmp(kind, "time") != 0;
	if (ydoc_get(doc, "action") != NULL || ydoc_get(doc, "open") != NULL ||
	    ydoc_get(doc, "commit") != NULL || ydoc_get(doc, "claim") != NULL)
		return error_set(e, EXIT_MALFORMED, "%s: a %s entry carries "
		    "nothing of the game", where, kind);
	if (strcmp(kind, "time") == 0) {
		if (author != GAME_JUDGE || !m->judge_mode)
			return error_set(e, EXIT_REFUSED, "%s: only the judge "
			    "writes the time it took an entry", where);
		match_say(m, "the judge took %s's entry",
		    match_author_name(m, m->last_by));
		m->stamp_len = strlen(m->what);
		return 0;
	}
	if (strcmp(kind, "leave") == 0) {
		if (author < 0 || author >= m->nseats)
			return error_set(e, EXIT_REFUSED, "%s: leave is a seat's",
			    where);
		return apply_leave(m, author, doc, where, e);
	}
	if (strcmp(kind, "timeout") == 0)
		return apply_timeout(m, author, doc, where, e);
	if (author != GAME_JUDGE)
		return error_set(e, EXIT_REFUSED, "%s: rulings are the judge's",
		    where);
	return apply_ruling(m, doc, where, e);
}

void
timing_said(struct match *m, const char *kind)
{
	m->bare_stamp = strcmp(kind, "time") == 0 &&
	    strlen(m->what) == m->stamp_len;
	if (!m->bare_stamp)
		memcpy(m->said, m->what, sizeof(m->said));
}

int
timing_is_kind(const char *kind)
{
	return strcmp(kind, "time") == 0 || strcmp(kind, "leave") == 0 ||
	    strcmp(kind, "timeout") == 0 || strcmp(kind, "ruling") == 0;
}

int
match_signed_ahead(const struct match *m, int64_t last0, int64_t now,
    char *why, size_t len)
{
	char span[WHEN_SPAN], at[WHEN_TEXT], mine[WHEN_TEXT];
	int64_t t = m->clk.last;

	/* a seat's entry in a judged game: when it says it was signed */
	if (m->judge_mode && m->last_by >= 0 && m->last_by < m->nseats &&
	    m->stamp_due == m->last_by)
		t = m->seat_signed, last0 = 0;
	if (!m->clock.on || t <= last0 || t <= now + MATCH_AHEAD)
		return 0;
	when_span(t - now, span, sizeof(span));
	when_format(t, at, sizeof(at));
	when_format(now, mine, sizeof(mine));
	snprintf(why, len, "%s%s's entry %llu is signed at %s, %s in the "
	    "future of this clock (%s): %s%s's clock or word is wrong",
	    m->last_by == GAME_JUDGE ? "the " : "", match_author_name(m,
	    m->last_by), (unsigned long long)m->seq, at, span, mine,
	    m->last_by == GAME_JUDGE ? "the " : "", match_author_name(m,
	    m->last_by));
	return 1;
}
