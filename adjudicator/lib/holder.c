/*
 * Who holds a seat.  A seat is a name, a key and perhaps a mail address,
 * signed into the header; an entry of kind "seat" changes the key or the
 * address from that entry on:
 *
 *   - by the seat itself, signed by the key that holds it now: its own
 *     new key (a lost or retired key, or another person's: a peer hands
 *     its seat over so), its new address, or both.  In a peer game on its
 *     turn, which it does not pass; in a judged game at any moment, as a
 *     leave may.
 *   - by the judge, in a judged game: the operator hands the seat to
 *     another key (a player who left, who timed out, who lost its key),
 *     with a reason.
 *
 * From that entry on, only the new key acts for the seat: every check of
 * an author's key and of the recipients is against the seat's key as the
 * match holds it.  The seat's name, its setup and everything the game
 * says of it stay; only who answers for it changes.
 */
#include <stdio.h>
#include <string.h>

#include "holder.h"
#include "match_int.h"
#include "ydoc.h"

int
holder_is_kind(const char *kind)
{
	return strcmp(kind, "seat") == 0;
}

int
holder_off_turn(const struct match *m, int author, const char *kind)
{
	return holder_is_kind(kind) && m->judge_mode &&
	    match_phase(m) != MATCH_CLOSED &&
	    (author == GAME_JUDGE || (author >= 0 && author < m->nseats));
}

/* The new key: a seat's or the judge's is refused, so that every key
 * still names one party. */
static int
read_key(const struct match *m, int seat, const char *line,
    struct key_public *k, const char *where, struct error *e)
{
	int i;

	if (key_public_parse(line, k, where, e) != 0)
		return -1;
	if (key_same(k, &m->seat[seat].key))
		return error_set(e, EXIT_REFUSED, "%s: %s holds key %s already",
		    where, m->seat[seat].name, k->idhex);
	for (i = 0; i < m->nseats; i++)
		if (key_same(k, &m->seat[i].key))
			return error_set(e, EXIT_REFUSED, "%s: key %s holds "
			    "%s's seat", where, k->idhex, m->seat[i].name);
	if (m->judge_mode && key_same(k, &m->judge))
		return error_set(e, EXIT_REFUSED, "%s: key %s is the judge's",
		    where, k->idhex);
	return 0;
}

static int
push(struct match *m, uint64_t seq, int seat, int by_judge,
    const struct key_public *k, const char *why, const char *where,
    struct error *e)
{
	struct match_holder *h;

	if (m->nholders >= MATCH_MAX_HOLDERS)
		return error_set(e, EXIT_REFUSED, "%s: more changes of key in "
		    "one game than %d", where, MATCH_MAX_HOLDERS / 2);
	h = &m->holders[m->nholders++];
	h->seq = seq;
	h->seat = seat;
	h->by_judge = by_judge;
	snprintf(h->id, sizeof(h->id), "%s", k->idhex);
	snprintf(h->name, sizeof(h->name), "%s", k->name);
	snprintf(h->why, sizeof(h->why), "%s", why != NULL ? why : "");
	return 0;
}

/* The seat's new holder from the next entry; the first change of a seat
 * records the header's holder before it. */
static int
record(struct match *m, int seat, int by_judge, const struct key_public *k,
    const char *why, const char *where, struct error *e)
{
	int i, first = 1;

	for (i = 0; i < m->nholders; i++)
		first &= m->holders[i].seat != seat;
	if (first && push(m, 0, seat, 0, &m->seat[seat].key, NULL, where,
	    e) != 0)
		return -1;
	return push(m, m->seq + 1, seat, by_judge, k, why, where, e);
}

int
holder_apply(struct match *m, int author, const struct ydoc *doc,
    const char *where, struct error *e)
{
	static const char *const keys[] = { "name", "key", "address",
	    "reason", NULL };
	static const char *const req[] = { "name", NULL };
	const struct ydoc *n = ydoc_get(doc, "seat");
	const struct ydoc *kn, *an, *rn;
	struct key_public k;
	const char *name;
	char why[200];
	int s;

	if (ydoc_get(doc, "action") != NULL || ydoc_get(doc, "open") != NULL ||
	    ydoc_get(doc, "commit") != NULL || ydoc_get(doc, "claim") != NULL)
		return error_set(e, EXIT_MALFORMED, "%s: a seat entry carries "
		    "nothing of the game", where);
	if (ydoc_expect(n, YDOC_MAP, "seat", where, e) != 0 ||
	    ydoc_check_keys(n, keys, req, where, e) != 0 ||
	    (name = ydoc_scalar(n, "name", where, e)) == NULL)
		return -1;
	if ((s = match_seat_by_name(m, name)) < 0 || s >= m->nseats)
		return error_set(e, EXIT_MALFORMED, "%s: a seat entry for "
		    "\"%.32s\", no seat", where, name);
	kn = ydoc_get(n, "key");
	an = ydoc_get(n, "address");
	rn = ydoc_get(n, "reason");
	if ((kn != NULL && kn->type != YDOC_SCALAR) ||
	    (an != NULL && an->type != YDOC_SCALAR) ||
	    (rn != NULL && (rn->type != YDOC_SCALAR || rn->str[0] == '\0')))
		return error_set(e, EXIT_MALFORMED, "%s: key, address and "
		    "reason of a seat entry are lines of text", where);
	if (kn == NULL && an == NULL)
		return error_set(e, EXIT_MALFORMED, "%s: a seat entry gives a "
		    "new key, a new address or both", where);
	if (author == GAME_JUDGE) {
		if (!m->judge_mode || kn == NULL || rn == NULL)
			return error_set(e, EXIT_REFUSED, "%s: the judge hands "
			    "a seat to a new key, with a reason", where);
	} else if (author != s)
		return error_set(e, EXIT_REFUSED, "%s: %s changes %s's seat: "
		    "a seat changes only its own", where,
		    m->seat[author].name, m->seat[s].name);
	if (an != NULL && header_address_check(an->str, why, sizeof(why)) != 0)
		return error_set(e, EXIT_MALFORMED, "%s: a bad address for %s: "
		    "%s", where, m->seat[s].name, why);
	if (kn != NULL && (read_key(m, s, kn->str, &k, where, e) != 0 ||
	    record(m, s, author == GAME_JUDGE, &k, rn != NULL ? rn->str : NULL,
	    where, e) != 0))
		return -1;
	if (kn != NULL) {
		m->seat[s].key = k;
		if (author == GAME_JUDGE)
			match_say(m, "the judge hands %s's seat to key %s (%s): "
			    "%s", m->seat[s].name, k.idhex, k.name, rn->str);
		else
			match_say(m, "%s's seat is held by key %s (%s) from now "
			    "on", m->seat[s].name, k.idhex, k.name);
	}
	if (an != NULL) {
		snprintf(m->seat[s].address, sizeof(m->seat[s].address), "%s",
		    an->str);
		if (kn == NULL)
			match_say(m, "%s has a new mail address",
			    m->seat[s].name);
	}
	return 0;
}

void
holder_summary(const struct match *m, struct buf *out)
{
	const struct match_holder *h;
	int s, i, any;

	if (m->nholders == 0)
		return;
	buf_adds(out, "who held each seat:\n");
	for (s = 0; s < m->nseats; s++) {
		for (i = 0, any = 0; i < m->nholders; i++)
			any |= m->holders[i].seat == s;
		if (!any)
			continue;
		buf_printf(out, "  %s:", m->seat[s].name);
		for (i = 0; i < m->nholders; i++) {
			h = &m->holders[i];
			if (h->seat != s)
				continue;
			if (h->seq == 0)
				buf_printf(out, " key %s (%s) from the start",
				    h->id, h->name);
			else
				buf_printf(out, "; key %s (%s) from entry "
				    "%llu%s", h->id, h->name,
				    (unsigned long long)h->seq, h->by_judge ?
				    ", handed over by the judge" : "");
		}
		buf_adds(out, "\n");
	}
}

/* The judge's handover that took seat from the key of record i (the
 * first one after it), or NULL. */
static const struct match_holder *
handed_after(const struct match *m, int i)
{
	int k;

	for (k = i + 1; k < m->nholders; k++)
		if (m->holders[k].seat == m->holders[i].seat)
			return m->holders[k].by_judge ? &m->holders[k] : NULL;
	return NULL;
}

const struct match_holder *
holder_gone(const struct match *m, int seat)
{
	const struct match_holder *h = NULL;
	int i;

	if (seat < 0 || seat >= m->nseats || m->mine[0] == '\0' ||
	    strcmp(m->mine, m->seat[seat].key.idhex) == 0)
		return NULL;
	for (i = 0; i < m->nholders; i++)
		if (m->holders[i].seat == seat &&
		    strcmp(m->holders[i].id, m->mine) == 0)
			h = handed_after(m, i);
	return h;
}

const struct match_holder *
holder_former(const struct match *m, const struct key_public *k)
{
	const struct match_holder *h = NULL;
	int i;

	if (match_seat_of(m, k) >= 0)
		return NULL;
	for (i = 0; i < m->nholders; i++)
		if (strcmp(m->holders[i].id, k->idhex) == 0)
			h = handed_after(m, i);
	return h;
}

const struct match_holder *
holder_handover(const struct match *m, int seat)
{
	const struct match_holder *h = NULL;
	int i;

	for (i = 0; i < m->nholders; i++)
		if (m->holders[i].seat == seat)
			h = &m->holders[i];
	return h != NULL && h->by_judge ? h : NULL;
}

int
holder_gone_line(const struct match *m, int seat, char *out, size_t len)
{
	const struct match_holder *h = holder_gone(m, seat);

	if (h == NULL)
		return 0;
	snprintf(out, len, "handed over to %s (key %s) by the judge at entry "
	    "%llu (%s).", h->name, h->id, (unsigned long long)h->seq, h->why);
	return 1;
}
