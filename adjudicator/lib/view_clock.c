/*
 * The clocks in a view (formats/view.md): lines under the text board, and
 * the YAML view's clock map, against now.  See view.h.
 */
#include <stdio.h>

#include "dispute.h"
#include "match_int.h"
#include "receipt.h"
#include "view.h"
#include "when.h"
#include "ydoc.h"

/*
 * The clocks, as the signed times make them, against now: whose runs, its
 * deadline as a time (and what is left of it), the banks, the leave.  A
 * notice never gives the time left without the time itself.
 */
void
view_clock(const struct match *m, int64_t now, struct buf *b)
{
	const struct clock_state *k = &m->clk;
	char d[WHEN_TEXT], h[WHEN_TEXT], left[WHEN_SPAN];
	int64_t deadline, hard;
	int s;

	if (!m->clock.on)
		return;
	buf_adds(b, "Clock: ");
	clock_describe(&m->clock, b);
	buf_adds(b, ".\n");
	if (k->paused != 0) {
		when_format(k->paused, d, sizeof(d));
		buf_printf(b, "The clocks are paused since %s.\n", d);
	}
	if (k->runs >= 0 && k->runs < m->nseats) {
		clock_deadline(k, &m->clock, k->runs, now, &deadline, &hard);
		when_format(deadline, d, sizeof(d));
		when_format(hard, h, sizeof(h));
		when_span(deadline - now, left, sizeof(left));
		buf_printf(b, "%s's clock runs: deadline %s (%s %s)",
		    m->seat[k->runs].name, d, deadline >= now ? left :
		    left + 1, deadline >= now ? "left" : "late");
		if (hard != deadline)
			buf_printf(b, ", grace until %s", h);
		buf_adds(b, ".\n");
	}
	for (s = 0; s < m->nseats; s++) {
		const struct clock_seat *c = &k->seat[s];

		buf_printf(b, "  %s:", m->seat[s].name);
		if (m->clock.per_move == 0) {
			when_span(clock_left(k, &m->clock, s, now), left,
			    sizeof(left));
			buf_printf(b, " bank %s;", left);
		}
		if (m->clock.leave > 0) {
			when_span(c->leave_left, left, sizeof(left));
			buf_printf(b, " leave left %s;", left);
		}
		if (c->away_to != 0) {
			when_format(c->away_from, d, sizeof(d));
			when_format(c->away_to, h, sizeof(h));
			buf_printf(b, " away %s to %s;", d, h);
		}
		buf_printf(b, " %u move%s, %u late%s\n", c->moves,
		    c->moves == 1 ? "" : "s", c->late,
		    c->out ? "; out of time" : "");
	}
	if (m->dispute.on) {
		size_t at = b->len;

		dispute_text(m, b);
		if (b->len > at && b->data[at] >= 'a' && b->data[at] <= 'z')
			b->data[at] -= 'a' - 'A';
		buf_adds(b, ".\n");
	}
	receipt_text(m, b);
}

/* A disputed timeout claim: what each side signed, and when. */
static void
dispute_yaml(const struct match *m, struct ydoc_writer *w)
{
	const struct match_dispute *d = &m->dispute;
	int held_claim = !d->fork_is_claim;
	char t[WHEN_TEXT];

	ydoc_key(w, "dispute");
	ydoc_map_begin(w);
	ydoc_kvf(w, "seq", "%llu", (unsigned long long)d->seq);
	ydoc_kv(w, "claimant", m->seat[d->claimant].name);
	ydoc_kv(w, "against", m->seat[d->against].name);
	when_format(d->claim_time, t, sizeof(t));
	ydoc_kv(w, "claim_sent", t);
	when_format(d->entry_time, t, sizeof(t));
	ydoc_kv(w, "entry_sent", t);
	when_format(d->deadline, t, sizeof(t));
	ydoc_kv(w, "deadline", t);
	when_format(d->hard, t, sizeof(t));
	ydoc_kv(w, "grace_until", t);
	ydoc_kv(w, "held", held_claim ? "claim" : "entry");
	ydoc_kv(w, "stands", d->stands ? "yes" : "no");
	ydoc_map_end(w);
}

/* The clocks against now (formats/view.md). */
void
view_clock_yaml(const struct match *m, int64_t now, struct ydoc_writer *w)
{
	const struct clock_state *k = &m->clk;
	char t[WHEN_TEXT], canon[80];
	int64_t deadline, hard;
	int s;

	if (!m->clock.on)
		return;
	ydoc_key(w, "clock");
	ydoc_map_begin(w);
	clock_canon(&m->clock, "clock", canon, sizeof(canon));
	ydoc_kv(w, "control", canon);
	when_format(now, t, sizeof(t));
	ydoc_kv(w, "now", t);
	if (k->paused != 0) {
		when_format(k->paused, t, sizeof(t));
		ydoc_kv(w, "paused", t);
	}
	if (k->runs >= 0 && k->runs < m->nseats) {
		clock_deadline(k, &m->clock, k->runs, now, &deadline, &hard);
		ydoc_kv(w, "runs", m->seat[k->runs].name);
		when_format(deadline, t, sizeof(t));
		ydoc_kv(w, "deadline", t);
		when_format(hard, t, sizeof(t));
		ydoc_kv(w, "grace_until", t);
		ydoc_kvf(w, "left", "%lld", (long long)(deadline - now));
	} else
		ydoc_kv(w, "runs", "none");
	ydoc_key(w, "seats");
	ydoc_seq_begin(w, 0);
	for (s = 0; s < m->nseats; s++) {
		const struct clock_seat *c = &k->seat[s];

		ydoc_map_begin(w);
		ydoc_kv(w, "seat", m->seat[s].name);
		if (m->clock.per_move == 0)
			ydoc_kvf(w, "bank", "%lld", (long long)clock_left(k,
			    &m->clock, s, now));
		if (m->clock.leave > 0)
			ydoc_kvf(w, "leave_left", "%lld",
			    (long long)c->leave_left);
		if (c->away_to != 0) {
			when_format(c->away_from, t, sizeof(t));
			ydoc_kv(w, "away_from", t);
			when_format(c->away_to, t, sizeof(t));
			ydoc_kv(w, "away_until", t);
		}
		ydoc_kvf(w, "moves", "%u", c->moves);
		ydoc_kvf(w, "late", "%u", c->late);
		ydoc_kv(w, "out_of_time", c->out ? "yes" : "no");
		ydoc_map_end(w);
	}
	ydoc_seq_end(w);
	if (m->dispute.on)
		dispute_yaml(m, w);
	receipt_yaml(m, w);
	ydoc_map_end(w);
}
