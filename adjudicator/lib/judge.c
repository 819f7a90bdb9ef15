/*
 * The judge.  See judge.h.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "armor.h"
#include "holder.h"
#include "judge.h"
#include "judge_int.h"
#include "when.h"
#include "ydoc.h"

void
judge_run_init(struct judge_run *j, struct transcript *p, const struct key_secret *k)
{
	int s;

	memset(j, 0, sizeof(*j));
	j->p = p;
	j->k = k;
	for (s = 0; s < p->m->nseats; s++)
		j->held[s] = p->m->seat[s].key;
}

void
judge_run_clear(struct judge_run *j)
{
	int s;

	for (s = 0; s < GAME_MAX_SEATS; s++) {
		buf_free(&j->parked[s].sb);
		j->parked[s].parked = 0;
	}
}

void
judge_note(struct judge_run *j, int seat, const char *fmt, ...)
{
	char line[400];
	size_t n;
	va_list ap;

	if (seat < 0 || seat >= j->p->m->nseats)
		return;
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	n = strlen(j->note[seat]);
	snprintf(j->note[seat] + n, sizeof(j->note[seat]) - n, "%s%s",
	    n ? "; " : "", line);
}

int
judge_auto(struct judge_run *j, struct error *e)
{
	struct transcript *p = j->p;
	struct key_public to[GAME_MAX_SEATS];
	struct envelope env;
	enum transcript_verdict v;
	struct cond_set *sets = NULL;
	struct buf body, sb;
	char where[64];
	size_t nsets = 0;
	int n, rc = 0;

	n = transcript_recipients(p, to);
	buf_init(&body);
	buf_init(&sb);
	p->m->now = j->at;
	while (rc == 0 && match_next_author(p->m) == GAME_JUDGE) {
		body.len = sb.len = 0;
		snprintf(where, sizeof(where), "judge");
		if (judge_cond_sets(p, &sets, &nsets, e) != 0 ||
		    entry_judge(p->m, p->all, sets, nsets, j->k, &body,
		    e) != 0) {
			rc = -1;
			break;
		}
		if (sets != NULL) {
			sec_wipe(sets, nsets * sizeof(*sets));
			sec_free(sets);
			sets = NULL;
		}
		if (j->tamper != NULL)
			j->tamper(j->tamper_arg, -1, &body);
		if (envelope_sign(j->k, to, (size_t)n, body.data, body.len, &sb,
		    e) != 0 ||
		    envelope_parse(sb.data, sb.len, &env, where, e) != 0 ||
		    transcript_take(p, sb.data, sb.len, &env, NULL, 0, NULL, NULL,
		    where, &v, e) != 0)
			rc = -1;
		else
			j->applied++;
	}
	if (sets != NULL) {
		sec_wipe(sets, nsets * sizeof(*sets));
		sec_free(sets);
	}
	sec_wipe(body.data, body.len);
	buf_free(&body);
	buf_free(&sb);
	return rc;
}

int
judge_own(struct judge_run *j, const struct buf *body, struct error *e)
{
	struct transcript *p = j->p;
	struct key_public to[GAME_MAX_SEATS];
	enum transcript_verdict v;
	struct envelope env;
	struct buf sb;
	int n, rc = -1;

	buf_init(&sb);
	n = transcript_recipients(p, to);
	if (envelope_sign(j->k, to, (size_t)n, body->data, body->len, &sb,
	    e) == 0 && envelope_parse(sb.data, sb.len, &env, "judge",
	    e) == 0 && transcript_take(p, sb.data, sb.len, &env, NULL, 0, NULL,
	    NULL, "judge", &v, e) == 0) {
		j->applied++;
		rc = judge_auto(j, e);
	}
	buf_free(&sb);
	return rc;
}

int
judge_rule(struct judge_run *j, const struct entry_rule *r, struct error *e)
{
	struct buf body;
	int rc;

	buf_init(&body);
	j->p->m->now = j->at;
	/* a handover is who holds a seat (holder.c), not a ruling on time */
	if (strcmp(r->what, "handover") == 0)
		rc = entry_seat(j->p->m, GAME_JUDGE, r->seat, r->key,
		    r->address, r->reason, &body, e);
	else
		rc = entry_ruling(j->p->m, r, &body, e);
	if (rc == 0)
		rc = judge_own(j, &body, e);
	buf_free(&body);
	return rc;
}

/*
 * A seat's entry that comes after its deadline and the grace is refused,
 * with the deadline; the tick rules the timeout.  One that comes in the
 * grace is taken, and counted late; but not a leave, which never stretches
 * a deadline that has passed: refused here, before it is stored, since the
 * judge could never sign the time it took it (clock_leave).
 */
static int
late(const struct match *m, int seat, const char *kind, int64_t at,
    const char *where, struct error *e)
{
	int64_t deadline, hard;
	char d[WHEN_TEXT], h[WHEN_TEXT], a[WHEN_TEXT];

	if (!m->clock.on || m->clk.runs != seat || seat < 0)
		return 0;
	clock_deadline(&m->clk, &m->clock, seat, at, &deadline, &hard);
	if (at <= deadline || (at <= hard && strcmp(kind, "leave") != 0))
		return 0;
	when_format(deadline, d, sizeof(d));
	when_format(hard, h, sizeof(h));
	when_format(at, a, sizeof(a));
	if (at <= hard)
		return error_set(e, EXIT_REFUSED, "%s: %s's leave came at %s, "
		    "in the grace: the deadline passed at %s: leave does not "
		    "extend it", where, m->seat[seat].name, a, d);
	if (hard == deadline)
		return error_set(e, EXIT_REFUSED, "%s: %s's entry came at %s, "
		    "after %s's deadline %s", where, m->seat[seat].name, a,
		    m->seat[seat].name, d);
	return error_set(e, EXIT_REFUSED, "%s: %s's entry came at %s, after %s's "
	    "deadline %s and the grace until %s", where, m->seat[seat].name, a,
	    m->seat[seat].name, d, h);
}

/* A key that holds no seat; one whose seat the judge handed over hears
 * so (holder.c). */
static int
no_seat(const struct match *m, const struct envelope *env, const char *what,
    const char *where, struct error *e)
{
	const struct match_holder *h = holder_former(m, &env->signer);

	if (h != NULL)
		return error_set(e, EXIT_REFUSED, "%s: your seat %s in game "
		    "%.16s was handed over by the judge at entry %llu to key "
		    "%s (%s): %s; the judge takes no more from this key",
		    where, m->seat[h->seat].name, m->game_hex,
		    (unsigned long long)h->seq, h->id, h->name, h->why);
	return error_set(e, EXIT_REFUSED, "%s: %s %s (%s), who holds no "
	    "seat in this game", where, what, env->signer.name,
	    env->signer.idhex);
}

static int
read_private(struct transcript *p, const struct envelope *env, struct ydoc *doc,
    int *sender, const char *where, struct error *e)
{
	static const char *const keys[] = { "game", "by", "kind", "entry",
	    "open", "cond", NULL };
	static const char *const req[] = { "game", "by", "kind", "entry",
	    NULL };
	const char *s;
	int seat;

	seat = match_seat_of(p->m, &env->signer);
	if (seat < 0 || seat >= p->m->nseats)
		return no_seat(p->m, env, "signed by", where, e);
	*sender = seat;
	if (ydoc_check_keys(doc, keys, req, where, e) != 0 ||
	    (s = ydoc_scalar(doc, "kind", where, e)) == NULL)
		return -1;
	if (strcmp(s, "private") != 0)
		return error_set(e, EXIT_MALFORMED, "%s: a seat writes to the "
		    "judge with kind private, not %.20s", where, s);
	if ((s = ydoc_scalar(doc, "game", where, e)) == NULL)
		return -1;
	if (strcmp(s, p->m->game_hex) != 0)
		return error_set(e, EXIT_REFUSED, "%s: belongs to game %.16s, "
		    "not this one (%.16s)", where, s, p->m->game_hex);
	return 0;
}

/*
 * A seat's private message is signed twice by the seat's key: the message
 * (its openings, and what the judge does for the seat because of it) and
 * the entry inside, which the transcript keeps.  The entry's signature is
 * always checked.  The message's is checked (when its opener left it,
 * env->checked 0) only where the message says more than the entry: when
 * the entry is not the next one (a duplicate makes the judge send the seat
 * its updates again; an early one waits in the inbox as this message) and
 * before any refusal is told to the seat.  The next entry, signed by the
 * seat that signed the message by its own claim, applies on its own
 * signature: its openings are checked against the commitments that entry
 * signs, and nothing else of the message is acted on.  So one mail costs
 * one signature check, and a message nobody but the seat could sign
 * still does nothing for or to the seat.  0, or -1 with the message's
 * own error (its signature is bad: *sender -1).
 */
static int
vouch(const uint8_t *outer, size_t outerlen, const struct envelope *env,
    int *vouched, int *sender, const char *where, struct error *e)
{
	if (env->checked || *vouched)
		return 0;
	if (envelope_check(outer, outerlen, where, e) != 0) {
		*sender = -1;
		return -1;
	}
	*vouched = 1;
	return 0;
}

/*
 * A seat asks for its copy again (a lost game directory, formats/entry.md
 * "kind: restore"): signed by the key that holds the seat now, it gets
 * its whole update, its own setup's openings included, after this run.
 */
static int
restore(struct judge_run *j, const struct envelope *env,
    const struct ydoc *doc, const char *where, int *sender, struct error *e)
{
	static const char *const keys[] = { "game", "by", "kind", NULL };
	struct transcript *p = j->p;
	const char *s, *by;
	int seat;

	seat = match_seat_of(p->m, &env->signer);
	if (seat < 0 || seat >= p->m->nseats)
		return no_seat(p->m, env, "a request signed by", where, e);
	*sender = seat;
	if (ydoc_check_keys(doc, keys, keys, where, e) != 0 ||
	    (s = ydoc_scalar(doc, "game", where, e)) == NULL ||
	    (by = ydoc_scalar(doc, "by", where, e)) == NULL)
		return -1;
	if (strcmp(s, p->m->game_hex) != 0)
		return error_set(e, EXIT_REFUSED, "%s: belongs to game %.16s, "
		    "not this one (%.16s)", where, s, p->m->game_hex);
	if (strcmp(by, p->m->seat[seat].name) != 0)
		return error_set(e, EXIT_REFUSED, "%s: a request by %.32s "
		    "signed by %s's key", where, by, p->m->seat[seat].name);
	j->whole[seat] = 1;
	report_line(p->report, "%s: %s asks for its copy again: its whole "
	    "update goes to it, its setup's openings included", where,
	    p->m->seat[seat].name);
	return 0;
}

/* Whether the message body says kind: KIND. */
static int
kind_is(const struct ydoc *doc, const char *kind)
{
	const struct ydoc *k = ydoc_get(doc, "kind");

	return k != NULL && k->type == YDOC_SCALAR && strcmp(k->str, kind) == 0;
}

/* A header: the very one this copy was made from is nothing to do. */
static int
own_header(struct transcript *p, const struct envelope *env,
    const char *where, struct error *e)
{
	if (memcmp(env->hash, p->m->game_id, SEC_HASH) != 0)
		return error_set(e, EXIT_REFUSED, "%s: an invitation to another "
		    "game (join it in its own directory)", where);
	report_line(p->report, "%s: the invitation of this game; nothing to "
	    "do", where);
	return 0;
}

/* What became of seat sender's entry seq, counted for the run. */
static int
tally(struct judge_run *j, enum transcript_verdict v, uint64_t seq,
    int sender, struct error *e)
{
	if (v == TRANSCRIPT_APPLIED) {
		j->applied++;
		return judge_auto(j, e) != 0 ? -1 : judge_cond_fire(j, e);
	}
	if (v == TRANSCRIPT_DUPLICATE) {
		j->duplicates++;
		/* the seat lacks what came after: it gets it again, if the
		 * judge had sent it (else, as after a run stopped before its
		 * updates went out, this run's update brings all of it) */
		if (seq <= j->p->sent[sender].seq &&
		    (j->again[sender] == 0 || seq < j->again[sender]))
			j->again[sender] = seq;
	} else if (v == TRANSCRIPT_EARLY)
		j->early++;
	return 0;
}

/* The body of the entry just applied, parsed, kept for the news of the
 * updates (transcript.h): not parsed again there. */
static void
keep_parsed(struct transcript *p, struct ydoc **doc, const uint8_t *hash)
{
	ydoc_free(p->kept);
	p->kept = *doc;
	memcpy(p->kept_hash, hash, SEC_HASH);
	*doc = NULL;
}

/* One message from a seat (env: its signature checked, or to be checked
 * as vouch says): its signed entry, forwarded verbatim, and for a setup
 * the openings only the judge sees.  Its body: j->doc, else parsed. */
static int
take(struct judge_run *j, const uint8_t *outer, size_t outerlen,
    const struct envelope *env, const char *where, int *sender,
    struct error *e)
{
	struct transcript *p = j->p;
	struct judge_accept so;
	struct envelope inner;
	enum transcript_verdict v;
	struct match_peek pk;
	struct ydoc *doc, *idoc = NULL;
	struct buf entry;
	struct error why;
	char w[400];
	int rc = -1, vouched = 0;

	*sender = -1;
	buf_init(&entry);
	if ((doc = j->doc) == NULL &&
	    (doc = ydoc_parse(env->body, env->body_len, where, e)) == NULL)
		goto done;
	if (kind_is(doc, "header")) {
		rc = own_header(p, env, where, e);
		goto done;
	}
	if (kind_is(doc, "restore")) {
		/* a request the seat must have signed */
		if (vouch(outer, outerlen, env, &vouched, sender, where,
		    e) == 0)
			rc = restore(j, env, doc, where, sender, e);
		goto done;
	}
	if (read_private(p, env, doc, sender, where, e) != 0 ||
	    ydoc_base64(ydoc_get(doc, "entry"), "entry", &entry, where,
	    e) != 0 ||
	    envelope_verify(entry.data, entry.len, &inner, where, e) != 0)
		goto done;
	if (!key_same(&inner.signer, &env->signer)) {
		error_set(e, EXIT_REFUSED, "%s: the entry inside is signed by "
		    "%s, not by %s", where, inner.signer.name, env->signer.name);
		goto done;
	}
	so.seat = *sender;
	so.list = ydoc_get(doc, "open");
	so.cond = ydoc_get(doc, "cond");
	so.entry = &inner;
	snprintf(w, sizeof(w), "%.300s: %s", where, p->m->seat[*sender].name);
	if ((so.doc = idoc = ydoc_parse(inner.body, inner.body_len, w,
	    e)) == NULL || match_peek_doc(idoc, &pk, w, e) != 0 ||
	    late(p->m, *sender, pk.kind, j->at != 0 ? j->at : when_now(),
	    where, e) != 0)
		goto done;
	/* anything but the next entry waits for the message's signature */
	if (pk.seq != p->m->seq + 1 &&
	    vouch(outer, outerlen, env, &vouched, sender, where, e) != 0)
		goto done;
	/* taken when it reached the judge: no entry is signed after it
	 * came (transcript.c, ahead) */
	p->arrived = j->at;
	p->peeked = &pk;	/* read once (transcript_take clears both) */
	p->parsed = idoc;	/* and parsed once: peeked, read, applied */
	rc = transcript_take(p, entry.data, entry.len, &inner, outer,
	    outerlen, judge_accept, &so, w, &v, e);
	if (rc == 0 && (rc = tally(j, v, pk.seq, *sender, e)) == 0 &&
	    v == TRANSCRIPT_APPLIED)
		keep_parsed(p, &idoc, inner.hash);
done:
	/* a refusal is the seat's to hear only if the seat signed it; a
	 * system error is the judge's own */
	if (rc != 0 && e->status != EXIT_SYSTEM) {
		error_clear(&why);
		if (vouch(outer, outerlen, env, &vouched, sender, where,
		    &why) != 0)
			*e = why;
	}
	buf_free(&entry);
	ydoc_free(idoc);
	if (doc != j->doc)
		ydoc_free(doc);
	return rc;
}

static void
outcome(struct judge_run *j, int sender, const struct error *e)
{
	char shown[sizeof(e->msg)];

	/* a rule checked against hidden values: its words are the seat's */
	if (error_public(e, shown, sizeof(shown)))
		report_line(j->p->report, "%s: illegal by what only the judge "
		    "sees (the seat's update says why): refused", shown);
	else
		report_line(j->p->report, "%s: refused", e->msg);
	if (e->status == EXIT_MALFORMED)
		j->malformed = 1;
	else
		j->refused = 1;
	/* the sender learns why; the reason is about its own message */
	judge_note(j, sender, "refused: %s", e->msg);
}

/* A message waiting in the inbox, taken again from the start. */
static int
retake(struct transcript *p, const uint8_t *outer, size_t len, void *arg,
    struct error *e)
{
	struct judge_run *j = arg;
	struct envelope env;
	int sender;

	(void)p;
	if (envelope_parse(outer, len, &env, "inbox", e) != 0)
		return -1;
	if (take(j, outer, len, &env, "inbox", &sender, e) != 0) {
		if (e->status != EXIT_SYSTEM)
			judge_note(j, sender, "refused: %s", e->msg);
		return -1;
	}
	return 0;
}

int
judge_message(struct judge_run *j, const uint8_t *sb, size_t len,
    const struct envelope *env, const char *where, struct error *e)
{
	struct error me;
	int sender = -1;

	error_clear(&me);
	if (take(j, sb, len, env, where, &sender, &me) != 0 ||
	    transcript_drain(j->p, retake, j, &me) != 0) {
		if (me.status == EXIT_SYSTEM) {
			*e = me;
			return -1;
		}
		outcome(j, sender, &me);
	}
	return 0;
}

int
judge_input(struct judge_run *j, const char *text, size_t len,
    const char *name, struct error *e)
{
	struct armor_list l = { NULL, 0, NULL };
	struct envelope env;
	struct error me;
	struct buf sb;
	char where[512];
	size_t k;
	int sender, rc = 0;

	buf_init(&sb);
	error_clear(&me);
	if (armor_read(text, len, ARMOR_MESSAGE, name, &l, &me) != 0) {
		outcome(j, -1, &me);
		goto done;
	}
	for (k = 0; k < l.n; k++) {
		if (l.n > 1)
			snprintf(where, sizeof(where), "%s: message %zu", name,
			    k + 1);
		else
			snprintf(where, sizeof(where), "%s", name);
		sb.len = 0;
		sender = -1;
		error_clear(&me);
		if (envelope_open_lazy(l.items[k].data, l.items[k].len, j->k,
		    &sb, &env, where, &me) != 0 ||
		    take(j, sb.data, sb.len, &env, where, &sender, &me) != 0 ||
		    transcript_drain(j->p, retake, j, &me) != 0) {
			if (me.status == EXIT_SYSTEM) {
				/* the judge's own trouble: the mail is kept */
				*e = me;
				rc = -1;
				goto done;
			}
			outcome(j, sender, &me);
		}
	}
done:
	armor_list_free(&l);
	buf_free(&sb);
	return rc;
}

/*
 * The openings an update carrying entries from + 1 .. m->seq owes seat:
 * what its pieces came to see in those entries, not public by then.  The
 * seat checks exactly that (audit.c), whatever the update says; and an
 * update sent again after a lost record of the first (gamedir.c) carries
 * the same entries, so it owes the same openings again.
 */
static size_t
sight_due(const struct transcript *p, int seat, uint64_t from,
    struct opening *out, size_t max)
{
	const struct match *m = p->m;
	size_t n = 0;
	int o, i;

	for (o = 0; o < m->nseats; o++) {
		if (o == seat || p->all[o] == NULL)
			continue;
		for (i = 0; i < m->seat[o].pieces.n && n < max; i++) {
			if (!audit_owed(m, seat, from + 1, m->seq, o, i))
				continue;
			out[n].seat = o;
			out[n].idx = i;
			snprintf(out[n].id, GAME_ID, "%s",
			    m->seat[o].pieces.id[i]);
			snprintf(out[n].value, GAME_VALUE, "%s",
			    p->all[o]->setup.value[i]);
			memcpy(out[n].nonce, p->all[o]->nonce[i], COMMIT_NONCE);
			n++;
		}
	}
	return n;
}

int
judge_resend(const struct transcript *p, int seat, uint64_t from,
    struct buf *out, size_t *n, struct error *e)
{
	struct key_public to = p->m->seat[seat].key;
	struct match_peek pk;
	struct envelope env;
	uint64_t k, count, first;
	struct buf blob;
	char where[64];
	int rc = -1;

	*n = 0;
	if (p->store->count_updates(p->arg, seat, &count, e) != 0)
		return -1;
	if (count == 0)
		return 1;
	buf_init(&blob);
	/* the last one, and before it, back in the order of their seqs,
	 * every one that reaches from */
	for (first = count; from != 0 && first > 1; first--) {
		blob.len = 0;
		snprintf(where, sizeof(where), "update %llu to %s",
		    (unsigned long long)(first - 1), p->m->seat[seat].name);
		if (p->store->get_update(p->arg, seat, first - 1, &blob,
		    e) != 0 ||
		    envelope_parse(blob.data, blob.len, &env, where, e) != 0 ||
		    match_peek(&env, &pk, where, e) != 0)
			goto done;
		if (pk.seq < from)
			break;
	}
	for (k = first; k <= count; k++) {
		blob.len = 0;
		if (p->store->get_update(p->arg, seat, k, &blob, e) != 0 ||
		    envelope_armor(blob.data, blob.len, &to, 1, out, e) != 0)
			goto done;
		(*n)++;
	}
	rc = 0;
done:
	buf_free(&blob);
	return rc;
}

/* The invitation (the header as its creator signed it), for a key that
 * was not among those it was sealed to: a new holder's. */
static int
invitation(const struct transcript *p, const struct key_public *to,
    struct buf *out, struct error *e)
{
	struct buf h;
	int rc;

	buf_init(&h);
	rc = p->store->get_entry(p->arg, 0, &h, e) != 0 ||
	    envelope_armor(h.data, h.len, to, 1, out, e) != 0 ? -1 : 0;
	buf_free(&h);
	return rc;
}

/* The body of seat's update; a whole one carries the seat's own setup
 * and its pending conditions, which the judge holds. */
static int
update_body(struct transcript *p, int seat, const struct buf *entries,
    size_t n, const struct opening *open, size_t nopen, int whole,
    const char *note, struct buf *body, struct error *e)
{
	struct cond_set *s = NULL;
	int rc = 0;

	if (whole && p->m->judge_mode && p->store->get_cond != NULL) {
		if ((s = sec_malloc(sizeof(*s))) == NULL)
			return error_set(e, EXIT_SYSTEM, "out of memory");
		if ((rc = judge_cond_of(p, seat, s, e)) != 0) {
			sec_free(s);
			s = NULL;
		}
	}
	if (rc >= 0)
		rc = entry_update(p->m, seat, entries, n, open, nopen, whole ?
		    p->all[seat] : NULL, s, note, body, e);
	if (s != NULL) {
		sec_wipe(s, sizeof(*s));
		sec_free(s);
	}
	return rc;
}

/* A seat's update (old: to the holder the judge's handover took it from,
 * the entries up to the handover, nothing recorded). */
static int
one_update(struct judge_run *j, int seat, int old, judge_emit_fn *emit,
    void *arg, struct error *e)
{
	struct transcript *p = j->p;
	struct match *m = p->m;
	struct opening open[GAME_MAX_SEATS * GAME_MAX_PIECES];
	struct buf *entries = NULL, body, sb, arm;
	struct key_public to = old ? j->held[seat] : m->seat[seat].key;
	int whole = !old && (j->whole[seat] || !key_same(&j->held[seat], &to));
	uint64_t from = whole ? 0 : p->sent[seat].seq, q;
	size_t n = 0, nopen, i, resent = 0;
	const char *note = old ? "" : j->note[seat];
	struct judge_parked *pk;
	int rc = -1, later;

	nopen = sight_due(p, seat, from, open, sizeof(open) / sizeof(open[0]));
	buf_init(&body);
	buf_init(&sb);
	buf_init(&arm);
	if (whole && invitation(p, &to, &arm, e) != 0)
		goto done;
	if (!whole && !old && j->again[seat] != 0 && judge_resend(p, seat,
	    j->again[seat], &arm, &resent, e) < 0)
		goto done;
	if (from >= m->seq && nopen == 0 && note[0] == '\0') {
		rc = resent > 0 && emit(arg, seat, &arm, 0, 0, resent, e) < 0 ?
		    -1 : 0;
		goto done;
	}
	if (from < m->seq) {
		n = (size_t)(m->seq - from);
		if ((entries = calloc(n, sizeof(*entries))) == NULL) {
			error_set(e, EXIT_SYSTEM, "out of memory");
			goto done;
		}
		for (q = from + 1; q <= m->seq; q++) {
			buf_init(&entries[q - from - 1]);
			if (p->store->get_entry(p->arg, q,
			    &entries[q - from - 1], e) != 0)
				goto done;
		}
	}
	if (update_body(p, seat, entries, n, open, nopen, whole, note, &body,
	    e) != 0)
		goto done;
	if (j->tamper != NULL)
		j->tamper(j->tamper_arg, seat, &body);
	if (envelope_sign(j->k, &to, 1, body.data, body.len, &sb, e) != 0 ||
	    envelope_armor(sb.data, sb.len, &to, 1, &arm, e) != 0 ||
	    (later = emit(arg, seat, &arm, n, note[0] != '\0', resent,
	    e)) < 0)
		goto done;
	if (old) {
		rc = 0;
		goto done;
	}
	pk = &j->parked[seat];
	buf_free(&pk->sb);
	pk->sb = sb;	/* moved */
	buf_init(&sb);
	pk->sent = p->sent[seat];
	pk->sent.seq = m->seq;
	for (i = 0; i < nopen; i++)
		pk->sent.shown[open[i].seat][open[i].idx] = 1;
	pk->parked = 1;
	rc = later == JUDGE_LATER ? 0 : judge_settle(j, seat, e);
done:
	for (q = 0; entries != NULL && q < n; q++)
		buf_free(&entries[q]);
	free(entries);
	sec_wipe(open, nopen * sizeof(open[0]));	/* what sight_due wrote */
	buf_free(&body);
	buf_free(&sb);
	buf_free(&arm);
	return rc;
}

int
judge_farewell(const struct judge_run *j, int seat)
{
	const struct match *m = j->p->m;
	const struct match_holder *h = holder_handover(m, seat);

	return h != NULL && h->seq == m->seq &&
	    !key_same(&j->held[seat], &m->seat[seat].key);
}

int
judge_settle(struct judge_run *j, int seat, struct error *e)
{
	struct transcript *p = j->p;
	struct judge_parked *pk = &j->parked[seat];
	int rc;

	if (!pk->parked)
		return 0;
	pk->parked = 0;
	rc = p->store->put_update(p->arg, seat, pk->sb.data, pk->sb.len, e);
	buf_free(&pk->sb);
	if (rc != 0)
		return -1;
	p->sent[seat] = pk->sent;
	return p->store->put_sent(p->arg, seat, &p->sent[seat], e);
}

int
judge_updates(struct judge_run *j, judge_emit_fn *emit, void *arg,
    struct error *e)
{
	int s;

	for (s = 0; s < j->p->m->nseats; s++)
		if (judge_farewell(j, s) && (j->farewell != NULL &&
		    one_update(j, s, 1, j->farewell, arg, e) != 0))
			return -1;
	for (s = 0; s < j->p->m->nseats; s++)
		if (one_update(j, s, 0, emit, arg, e) != 0)
			return -1;
	return 0;
}
