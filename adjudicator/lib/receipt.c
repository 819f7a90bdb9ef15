/*
 * A judged seat's receipts (formats/gamedir.md, record "receipt"): the
 * judge keeps time, and a dishonest judge could stamp the move that
 * starts a seat's clock long before the seat could see it.  Every seat
 * knows when each update reached it: the copy keeps that time, and a
 * stamp that started its clock earlier than the update reached it by more
 * than MATCH_AHEAD (clocks drift) and MATCH_MAIL (mail takes time) is a
 * dispute, which the view presents and the seat's export carries
 * (formats/archive.md) for verify and the club's operator.
 */
#include <string.h>

#include "match.h"
#include "receipt.h"
#include "when.h"
#include "ydoc.h"

#define RECEIPT_WEEK	(7 * 86400)

int64_t
receipt_when(int64_t said, int64_t now)
{
	return said > 0 && said <= now && said >= now - RECEIPT_WEEK ?
	    said : now;
}

int
receipt_note(struct match *m, int seat, const struct receipt *r)
{
	struct match_stamp_dispute *d;
	int i;

	if (r->start == 0 || r->received - r->stamped <= MATCH_AHEAD +
	    MATCH_MAIL)
		return 0;
	for (i = 0; i < m->nstamp_disputes; i++)
		if (m->stamp_disputes[i].seq == r->start)
			return 1;
	if (m->nstamp_disputes == MATCH_MAX_STAMP_DISPUTES) {
		memmove(&m->stamp_disputes[0], &m->stamp_disputes[1],
		    (MATCH_MAX_STAMP_DISPUTES - 1) *
		    sizeof(m->stamp_disputes[0]));
		m->nstamp_disputes--;
	}
	d = &m->stamp_disputes[m->nstamp_disputes++];
	d->seq = r->start;
	d->seat = seat;
	d->stamped = r->stamped;
	d->received = r->received;
	return 1;
}

void
receipt_line(const struct receipt *r, struct buf *b)
{
	char s[WHEN_TEXT], at[WHEN_TEXT], span[WHEN_SPAN];

	when_format(r->stamped, s, sizeof(s));
	when_format(r->received, at, sizeof(at));
	when_span(r->received - r->stamped, span, sizeof(span));
	buf_printf(b, "disputed: the judge's entry %llu started your clock "
	    "at %s, but its update reached you at %s: %s of your clock used "
	    "before you could see the move", (unsigned long long)r->start, s,
	    at, span);
}

void
receipt_text(const struct match *m, struct buf *b)
{
	const struct match_stamp_dispute *d;
	struct receipt r;
	size_t at;
	int i;

	for (i = 0; i < m->nstamp_disputes; i++) {
		d = &m->stamp_disputes[i];
		r.start = d->seq;
		r.stamped = d->stamped;
		r.received = d->received;
		at = b->len;
		receipt_line(&r, b);
		b->data[at] = 'D';
		buf_adds(b, ".\n");
	}
}

/* The disputes as a YAML list under key; lost: with the seconds lost. */
static void
disputes(const struct match *m, struct ydoc_writer *w, const char *key,
    int lost)
{
	const struct match_stamp_dispute *d;
	char t[WHEN_TEXT];
	int i;

	if (m->nstamp_disputes == 0)
		return;
	ydoc_key(w, key);
	ydoc_seq_begin(w, 0);
	for (i = 0; i < m->nstamp_disputes; i++) {
		d = &m->stamp_disputes[i];
		ydoc_map_begin(w);
		ydoc_kvf(w, "seq", "%llu", (unsigned long long)d->seq);
		when_format(d->stamped, t, sizeof(t));
		ydoc_kv(w, "stamped", t);
		when_format(d->received, t, sizeof(t));
		ydoc_kv(w, "received", t);
		if (lost)
			ydoc_kvf(w, "lost", "%lld",
			    (long long)(d->received - d->stamped));
		ydoc_map_end(w);
	}
	ydoc_seq_end(w);
}

void
receipt_yaml(const struct match *m, struct ydoc_writer *w)
{
	disputes(m, w, "stamp_disputes", 1);
}

void
receipt_write(const struct match *m, struct ydoc_writer *w)
{
	disputes(m, w, "disputes", 0);
}

static int
read_when(const struct ydoc *map, const char *key, int64_t *t,
    const char *where, struct error *e)
{
	const char *s = ydoc_scalar(map, key, where, e);

	if (s == NULL)
		return -1;
	if (when_parse(s, t) != 0)
		return error_set(e, EXIT_MALFORMED, "%s:%u: %s is a time as "
		    "2026-11-26T12:00:00Z", where, ydoc_get(map, key)->line,
		    key);
	return 0;
}

int
receipt_read(const struct ydoc *list, struct match_stamp_dispute *out,
    int *n, const char *where, struct error *e)
{
	static const char *const keys[] = { "seq", "stamped", "received",
	    NULL };
	const struct ydoc *d;
	unsigned long long seq;
	size_t i;

	if (ydoc_expect(list, YDOC_SEQ, "disputes", where, e) != 0)
		return -1;
	if (list->nkids > MATCH_MAX_STAMP_DISPUTES)
		return error_set(e, EXIT_MALFORMED, "%s:%u: more than %d "
		    "disputes", where, list->line, MATCH_MAX_STAMP_DISPUTES);
	for (i = 0; i < list->nkids; i++) {
		d = list->kids[i];
		if (ydoc_expect(d, YDOC_MAP, "a dispute", where, e) != 0 ||
		    ydoc_check_keys(d, keys, keys, where, e) != 0 ||
		    ydoc_uint(d, "seq", UINT32_MAX, &seq, where, e) != 0 ||
		    read_when(d, "stamped", &out[i].stamped, where, e) != 0 ||
		    read_when(d, "received", &out[i].received, where, e) != 0)
			return -1;
		if (seq == 0 || (i > 0 && seq <= out[i - 1].seq))
			return error_set(e, EXIT_MALFORMED, "%s:%u: a dispute "
			    "of entry %llu, not after the one before", where,
			    d->line, seq);
		out[i].seq = seq;
	}
	*n = (int)list->nkids;
	return 0;
}

int
receipt_check(struct match *m, int seat, const struct match_stamp_dispute *d,
    const char *where, struct error *e)
{
	struct receipt r;
	char t[WHEN_TEXT];

	r.start = d->seq;
	r.stamped = d->stamped;
	r.received = d->received;
	when_format(d->stamped, t, sizeof(t));
	if (!m->clock.on || m->clk.runs != seat || m->clk.started != d->stamped)
		return error_set(e, EXIT_MALFORMED, "%s: %s's copy disputes "
		    "entry %llu, which did not start %s's clock at %s", where,
		    m->seat[seat].name, (unsigned long long)d->seq,
		    m->seat[seat].name, t);
	/* the seat's word, but not from the future of this clock */
	if (d->received > when_now() + MATCH_AHEAD) {
		when_format(d->received, t, sizeof(t));
		return error_set(e, EXIT_MALFORMED, "%s: %s's copy says entry "
		    "%llu's update reached it at %s, in the future of this "
		    "clock", where, m->seat[seat].name,
		    (unsigned long long)d->seq, t);
	}
	if (!receipt_note(m, seat, &r))
		return error_set(e, EXIT_MALFORMED, "%s: %s's copy disputes "
		    "entry %llu, whose update reached it in time", where,
		    m->seat[seat].name, (unsigned long long)d->seq);
	return 0;
}

void
receipt_verdict(const struct match *m, struct buf *b)
{
	const struct match_stamp_dispute *d;
	char s[WHEN_TEXT], r[WHEN_TEXT], span[WHEN_SPAN];
	const char *who;
	int i;

	for (i = 0; i < m->nstamp_disputes; i++) {
		d = &m->stamp_disputes[i];
		who = m->seat[d->seat].name;
		when_format(d->stamped, s, sizeof(s));
		when_format(d->received, r, sizeof(r));
		when_span(d->received - d->stamped, span, sizeof(span));
		buf_printf(b, "%s%s: the judge's entry %llu started %s's clock "
		    "at %s, but its update reached %s at %s (as %s's copy "
		    "says): %s of %s's clock used before %s could see the move",
		    i > 0 ? "; " : "disputed by ", who,
		    (unsigned long long)d->seq, who, s, who, r, who, span, who,
		    who);
	}
}
