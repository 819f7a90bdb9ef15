/*
 * A copy's copy of a game: the one path an entry takes.  See transcript.h.
 *
 * The inbox keeps, for an early entry, a record of the entry itself
 * (length-prefixed) followed by what carried it, so that a second,
 * different entry for the same seq is refused as a fork and the same one
 * again is a duplicate, whatever carried it.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "archive.h"
#include "armor.h"
#include "dispute.h"
#include "transcript_int.h"
#include "update.h"
#include "when.h"
#include "ydoc.h"

void
report_line(const struct report *r, const char *fmt, ...)
{
	char line[1024];
	va_list ap;

	if (r == NULL || r->line == NULL)
		return;
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	r->line(r->arg, line);
}

void
report_seen(const struct report *r, const char *fmt, ...)
{
	char line[1024];
	va_list ap;

	if (r == NULL || (r->seen == NULL && r->line == NULL))
		return;
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (r->seen != NULL)
		r->seen(r->arg, line);
	else
		r->line(r->arg, line);
}

void
transcript_clear(struct transcript *p)
{
	int i;

	match_free(p->m);
	p->m = NULL;
	if (p->secret != NULL) {
		sec_wipe(p->secret, sizeof(*p->secret));
		sec_free(p->secret);
		p->secret = NULL;
	}
	for (i = 0; i < GAME_MAX_SEATS; i++)
		if (p->all[i] != NULL) {
			sec_wipe(p->all[i], sizeof(*p->all[i]));
			sec_free(p->all[i]);
			p->all[i] = NULL;
		}
	free(p->updates);
	p->updates = NULL;
	p->nupdates = 0;
	ydoc_free(p->kept);
	p->kept = NULL;
}

/* --- the sequence decision --- */

static int
same_entry(struct transcript *p, uint64_t seq, const uint8_t *blob, size_t len,
    const char *where, struct error *e)
{
	struct buf have;
	int same;

	buf_init(&have);
	if (p->store->get_entry(p->arg, seq, &have, e) != 0) {
		buf_free(&have);
		return -1;
	}
	same = have.len == len && memcmp(have.data, blob, len) == 0;
	buf_free(&have);
	if (!same)
		return error_set(e, EXIT_REFUSED, "%s: seq %llu differs from the "
		    "entry already applied (a replay or a fork)", where,
		    (unsigned long long)seq);
	return 0;
}

/* An early entry: waits in the inbox, unless another waits there. */
int
transcript_early(struct transcript *p, uint64_t seq, const uint8_t *blob,
    size_t len, const uint8_t *stash, size_t stashlen, const char *where,
    enum transcript_verdict *v, struct error *e)
{
	struct buf rec, have;
	struct cursor c;
	uint32_t n;
	int rc;

	if (seq > p->m->seq + TRANSCRIPT_MAX_AHEAD)
		return error_set(e, EXIT_REFUSED, "%s: seq %llu is too far ahead "
		    "of this game (at seq %llu)", where, (unsigned long long)seq,
		    (unsigned long long)p->m->seq);
	buf_init(&have);
	if ((rc = p->store->get_early(p->arg, seq, &have, e)) < 0) {
		buf_free(&have);
		return -1;
	}
	if (rc == 0) {
		c.p = have.data;
		c.left = have.len;
		rc = cursor_u32(&c, &n) != 0 || n != len ||
		    c.left < n || memcmp(c.p, blob, len) != 0;
		buf_free(&have);
		if (rc)
			return error_set(e, EXIT_REFUSED, "%s: seq %llu differs "
			    "from the entry already waiting for it (a fork)",
			    where, (unsigned long long)seq);
		*v = TRANSCRIPT_DUPLICATE;
		report_seen(p->report, "%s: seq %llu arrived early and "
		    "already waits in the inbox; nothing to do", where, (unsigned long long)seq);
		return 0;
	}
	buf_free(&have);
	if (p->dry) {
		*v = TRANSCRIPT_EARLY;
		return 0;
	}
	buf_init(&rec);
	if (buf_add_u32(&rec, (uint32_t)len) != 0 ||
	    buf_add(&rec, blob, len) != 0 ||
	    buf_add(&rec, stash != NULL ? stash : blob,
	    stash != NULL ? stashlen : len) != 0) {
		buf_free(&rec);
		return error_set(e, EXIT_SYSTEM, "out of memory");
	}
	rc = p->store->put_early(p->arg, seq, rec.data, rec.len, e);
	buf_free(&rec);
	if (rc != 0)
		return -1;
	*v = TRANSCRIPT_EARLY;
	report_line(p->report, "%s: seq %llu arrived early; it waits for seq "
	    "%llu", where, (unsigned long long)seq,
	    (unsigned long long)p->m->seq + 1);
	return 0;
}

/* An entry kept aside as evidence (the store's put_aside, also on the
 * dry pass that checks an update before it is taken): where, in kept. */
static int
aside(struct transcript *p, uint64_t seq, const uint8_t *blob, size_t len,
    char *kept, size_t klen, struct error *e)
{
	snprintf(kept, klen, "nowhere (a dry run)");
	if ((p->dry && !p->keep_aside) || p->store->put_aside == NULL)
		return 0;
	return p->store->put_aside(p->arg, seq, blob, len, kept, klen, e);
}

/* The prev and by of a signed entry whose envelope is env, in out
 * ("PREV BY"). */
static int
prev_of(const struct envelope *env, char *out, size_t len,
    const char *where, struct error *e)
{
	struct ydoc *doc;
	const char *s, *by;
	int rc = -1;

	if ((doc = ydoc_parse(env->body, env->body_len, where, e)) == NULL)
		return -1;
	if ((s = ydoc_scalar(doc, "prev", where, e)) != NULL &&
	    (by = ydoc_scalar(doc, "by", where, e)) != NULL) {
		snprintf(out, len, "%s %s", s, by);
		rc = 0;
	}
	ydoc_free(doc);
	return rc;
}

/*
 * Another entry for seq, with the same prev and author and signed by the
 * same key as the one applied: proof that the key's holder equivocated
 * (told two stories of one moment).  (One whose author is not its
 * signer's seat is refused for that, by the dispute's check.)  The
 * second is kept aside as that proof and the refusal names the key.  In
 * the judge's copy, one by another key on the same entry crossed the one
 * the judge took: the refusal says so.  0: neither (e untouched); -1: e
 * set.
 */
static int
equivocation(struct transcript *p, uint64_t seq, const uint8_t *blob,
    size_t len, const char *where, struct error *e)
{
	struct envelope a, b;
	struct buf have;
	struct error ign;
	char pa[2 * SEC_HASH + 64], pb[2 * SEC_HASH + 64], kept[PATH_MAX];
	int rc = 0;

	buf_init(&have);
	error_clear(&ign);
	if (p->store->get_entry(p->arg, seq, &have, &ign) != 0 ||
	    envelope_parse(have.data, have.len, &a, where, &ign) != 0 ||
	    envelope_verify(blob, len, &b, where, &ign) != 0 ||
	    prev_of(&a, pa, sizeof(pa), where, &ign) != 0 ||
	    prev_of(&b, pb, sizeof(pb), where, &ign) != 0)
		goto done;
	/* the judge's copy: two seats' entries on one entry (one off turn,
	 * a leave or conditions, crossed a move in the mail), and the
	 * judge's chain took the other first */
	if (strcmp(a.signer.idhex, b.signer.idhex) != 0) {
		if (p->me == GAME_JUDGE && p->m->judge_mode &&
		    strncmp(pa, pb, 2 * SEC_HASH) == 0)
			rc = error_set(e, EXIT_REFUSED, "%s: seq %llu crossed "
			    "%s's entry %llu, which the judge took first (both "
			    "follow entry %llu): not applied; make it again on "
			    "the game as it is now", where,
			    (unsigned long long)seq, a.signer.name,
			    (unsigned long long)seq,
			    (unsigned long long)(seq - 1));
		goto done;
	}
	if (strcmp(pa, pb) != 0)
		goto done;
	if (aside(p, seq, blob, len, kept, sizeof(kept), e) != 0) {
		rc = -1;
		goto done;
	}
	rc = error_set(e, EXIT_REFUSED, "%s: seq %llu: %s (key %s) signed two "
	    "different entries %llu on the same entry %llu: proof that %s "
	    "equivocated; the second is kept in %s", where,
	    (unsigned long long)seq, b.signer.name, b.signer.idhex,
	    (unsigned long long)seq, (unsigned long long)(seq - 1),
	    b.signer.name, kept);
done:
	buf_free(&have);
	return rc;
}

/*
 * Another entry for the last seq: a fork over a timeout claim is kept
 * beside the transcript as a dispute (dispute.c); any other stays
 * refused.
 */
static int
take_fork(struct transcript *p, uint64_t seq, const uint8_t *blob, size_t len,
    const char *where, enum transcript_verdict *v, struct error *e)
{
	struct match *c;
	struct buf line;
	int rc;

	if ((c = match_clone(p->m)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	error_clear(e);
	rc = dispute_take(c, blob, len, 0, where, e);
	if (rc == 0 && !p->dry &&
	    p->store->put_fork(p->arg, seq, blob, len, e) != 0)
		rc = -1;
	if (rc != 0) {
		match_free(c);
		/* not a dispute: maybe the proof of an equivocation */
		if (rc < 0 && e->status == EXIT_REFUSED)
			(void)equivocation(p, seq, blob, len, where, e);
		if (rc < 0)
			return -1;
		*v = TRANSCRIPT_DUPLICATE;
		report_seen(p->report, "%s: seq %llu already kept beside the "
		    "transcript, as the dispute of its timeout claim; nothing "
		    "to do", where, (unsigned long long)seq);
		return 0;
	}
	match_free(p->m);
	p->m = c;
	*v = TRANSCRIPT_DISPUTE;
	buf_init(&line);
	dispute_text(p->m, &line);
	buf_cstr(&line);
	report_line(p->report, "%s: seq %llu forks the transcript; kept beside "
	    "it: %s", where, (unsigned long long)seq, (char *)line.data);
	buf_free(&line);
	return 0;
}

/*
 * An entry signed in this copy's future (c: the copy it made) is not
 * applied: a seat's clock set days ahead would time its opponent out,
 * a judge's would stamp a move before it was made.  It is kept aside
 * as evidence, and may be sent again once it is due.
 */
static int
ahead(struct transcript *p, const struct match *c, uint64_t seq,
    const uint8_t *blob, size_t len, const char *where, struct error *e)
{
	char why[300], kept[PATH_MAX];
	/* the judge: when the entry reached it (judge.c), which no
	 * entry's signing may follow */
	int64_t now = p->arrived != 0 ? p->arrived : when_now();

	if (!match_signed_ahead(c, p->m->clk.last, now, why, sizeof(why)))
		return 0;
	if (aside(p, seq, blob, len, kept, sizeof(kept), e) != 0)
		return -1;
	return error_set(e, EXIT_REFUSED, "%s: %s; not applied, kept in %s",
	    where, why, kept);
}

static int
take(struct transcript *p, const uint8_t *blob, size_t len,
    const struct envelope *env, const uint8_t *stash, size_t stashlen,
    transcript_accept_fn *accept, void *arg, const char *where,
    enum transcript_verdict *v, struct error *e)
{
	struct match_peek pk;
	struct match *c;
	char w[400];

	if (p->peeked != NULL)
		pk = *p->peeked;
	else if (match_peek(env, &pk, where, e) != 0)
		return -1;
	if (pk.header) {
		if (memcmp(env->hash, p->m->game_id, SEC_HASH) != 0)
			return error_set(e, EXIT_REFUSED, "%s: an invitation to "
			    "another game (use join)", where);
		*v = TRANSCRIPT_INVITATION;
		report_seen(p->report, "%s: the invitation of this game, "
		    "already joined", where);
		return 0;
	}
	if (strcmp(pk.game, p->m->game_hex) != 0)
		return error_set(e, EXIT_REFUSED, "%s: belongs to game %.16s, not "
		    "this one (%.16s)", where, pk.game, p->m->game_hex);
	if (p->m->dispute.on && pk.seq == p->m->dispute.seq + 1 &&
	    dispute_follows(p->m, env)) {
		*v = TRANSCRIPT_DUPLICATE;
		report_line(p->report, "%s: seq %llu follows the entry kept "
		    "beside the transcript, not the transcript; nothing to do",
		    where, (unsigned long long)pk.seq);
		return 0;
	}
	if (pk.seq <= p->m->seq) {
		if (same_entry(p, pk.seq, blob, len, where, e) != 0)
			return e->status == EXIT_REFUSED ? take_fork(p, pk.seq,
			    blob, len, where, v, e) : -1;
		*v = TRANSCRIPT_DUPLICATE;
		report_seen(p->report, "%s: seq %llu already applied; nothing "
		    "to do", where, (unsigned long long)pk.seq);
		return 0;
	}
	if (pk.seq > p->m->seq + 1)
		return transcript_early(p, pk.seq, blob, len, stash, stashlen,
		    where, v, e);
	snprintf(w, sizeof(w), "%.300s: seq %llu", where,
	    (unsigned long long)pk.seq);
	if ((c = match_clone(p->m)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	c->verifying = 1;	/* c is the copy: nothing else to roll back */
	if ((p->parsed != NULL ? match_apply_parsed(c, env, p->parsed, w,
	    NULL, e) : match_apply_checked(c, blob, len, w, NULL, e)) != 0 ||
	    ahead(p, c, pk.seq, blob, len, w, e) != 0 ||
	    (accept != NULL && accept(p, c, arg, e) != 0) ||
	    (!p->dry && p->store->put_entry(p->arg, pk.seq, blob, len, NULL, 0,
	    e) != 0)) {
		match_free(c);
		return -1;
	}
	c->verifying = p->m->verifying;
	/* a peer's next entry says when it took the one it answers */
	if (c->clock.on && !c->judge_mode && c->last_by != p->me)
		c->took = when_now();
	match_free(p->m);
	p->m = c;
	*v = TRANSCRIPT_APPLIED;
	report_line(p->report, "%s applied: %s", w, p->m->what);
	return 0;
}

int
transcript_take(struct transcript *p, const uint8_t *blob, size_t len,
    const struct envelope *env, const uint8_t *stash, size_t stashlen,
    transcript_accept_fn *accept, void *arg, const char *where,
    enum transcript_verdict *v, struct error *e)
{
	int rc;

	rc = take(p, blob, len, env, stash, stashlen, accept, arg, where, v,
	    e);
	/* the caller's word on this entry alone */
	p->arrived = 0;
	p->peeked = NULL;
	p->parsed = NULL;
	return rc;
}

int
transcript_drain(struct transcript *p, transcript_retake_fn *retake, void *arg,
    struct error *e)
{
	struct buf b;
	struct cursor c;
	struct error why;
	uint64_t next;
	uint32_t n;
	int rc = 0;

	buf_init(&b);
	while (rc == 0) {
		next = p->m->seq + 1;
		b.len = 0;
		if ((rc = p->store->get_early(p->arg, next, &b, e)) != 0) {
			rc = rc > 0 ? 0 : -1;
			break;
		}
		c.p = b.data;
		c.left = b.len;
		if (cursor_u32(&c, &n) != 0 || c.left < n) {
			error_set(&why, EXIT_MALFORMED, "a damaged record");
		} else if (error_clear(&why), retake(p, c.p + n, c.left - n,
		    arg, &why) == 0 && p->m->seq >= next) {
			rc = p->dry ? 0 : p->store->drop_early(p->arg, next, e);
			continue;
		}
		if (why.status == EXIT_SYSTEM) {
			/* kept for the next run: nothing is lost */
			*e = why;
			rc = -1;
			break;
		}
		report_line(p->report, "inbox: seq %llu refused: %s",
		    (unsigned long long)next, why.msg);
		if (!p->dry)
			rc = p->store->drop_early(p->arg, next, e);
		break;
	}
	buf_free(&b);
	return rc;
}

/* --- sending --- */

int
transcript_recipients(const struct transcript *p, struct key_public *to)
{
	int i;

	if (p->m->judge_mode && p->me != GAME_JUDGE) {
		to[0] = p->m->judge;
		return 1;
	}
	for (i = 0; i < p->m->nseats; i++)
		to[i] = p->m->seat[i].key;
	return p->m->nseats;
}

int
transcript_key_check(const struct transcript *p, const struct key_secret *k,
    const char *keypath, struct error *e)
{
	const struct key_public *want = p->me == GAME_JUDGE ? &p->m->judge :
	    &p->m->seat[p->me].key;

	if (!key_same(&k->pub, want))
		return error_set(e, EXIT_USAGE, "%s: this key is not %s's key "
		    "in the game", keypath, match_author_name(p->m, p->me));
	return 0;
}

int
transcript_send(struct transcript *p, const struct key_secret *k, const struct buf *body,
    const struct match_secret *openings, struct buf *out, struct error *e)
{
	struct key_public to[GAME_MAX_SEATS + 1];
	struct buf sb, outer, arm, bundle;
	struct match *c = NULL;
	uint64_t seq = p->m->seq + 1;
	const struct buf *msg;
	char where[64];
	int n, rc = -1, judged = p->m->judge_mode && p->me != GAME_JUDGE;

	buf_init(&sb);
	buf_init(&outer);
	buf_init(&arm);
	buf_init(&bundle);
	n = transcript_recipients(p, to);
	snprintf(where, sizeof(where), "seq %llu", (unsigned long long)seq);
	if (envelope_sign(k, to, (size_t)n, body->data, body->len, &sb,
	    e) != 0)
		goto done;
	/* applied as any receiver would, on a copy: refused, nothing is
	 * stored */
	if ((c = match_clone(p->m)) == NULL) {
		error_set(e, EXIT_SYSTEM, "out of memory");
		goto done;
	}
	if (match_apply_checked(c, sb.data, sb.len, where, NULL, e) != 0)
		goto done;
	msg = &sb;
	if (judged) {
		if (entry_private(p->m, p->me, &sb, openings, p->cond, &bundle,
		    e) != 0 ||
		    envelope_sign(k, to, 1, bundle.data, bundle.len, &outer,
		    e) != 0)
			goto done;
		msg = &outer;
	}
	if (envelope_armor(msg->data, msg->len, to, (size_t)n, &arm, e) != 0)
		goto done;
	/* a judged seat's transcript takes the entry from the judge's update */
	if (p->store->put_entry(p->arg, seq, judged ? NULL : sb.data, sb.len,
	    arm.data, arm.len, e) != 0)
		goto done;
	if (!judged) {
		match_free(p->m);
		p->m = c;
		c = NULL;
	}
	rc = buf_add(out, arm.data, arm.len);
done:
	match_free(c);
	buf_free(&sb);
	buf_free(&outer);
	buf_free(&arm);
	buf_free(&bundle);
	return rc;
}

int
transcript_try(struct transcript *p, const struct buf *body, struct error *e)
{
	struct key_public to[GAME_MAX_SEATS + 1];
	const struct key_public *me = p->me == GAME_JUDGE ? &p->m->judge :
	    &p->m->seat[p->me].key;
	struct buf blob;
	char where[64];
	int n, rc;

	buf_init(&blob);
	n = transcript_recipients(p, to);
	snprintf(where, sizeof(where), "seq %llu",
	    (unsigned long long)(p->m->seq + 1));
	rc = envelope_unsigned(me, to, (size_t)n, body->data, body->len,
	    &blob, e);
	/* applied as a receiver would, the signature aside */
	if (rc == 0)
		rc = match_apply_checked(p->m, blob.data, blob.len, where,
		    NULL, e);
	buf_free(&blob);
	return rc;
}

int
transcript_export_to(const struct transcript *p, int with_updates,
    struct buf *out, armor_sink_fn *sink, void *arg, struct error *e)
{
	struct archive_out a;
	struct buf one;
	uint64_t seq, n = 0;
	int rc = -1, judged = with_updates && p->m->judge_mode &&
	    p->me != GAME_JUDGE;

	if (judged && p->store->count_updates(p->arg, p->me, &n, e) != 0)
		return -1;
	buf_init(&one);
	if (archive_out_begin(&a, p->m->seq + 1, judged, n,
	    judged ? 0 : (uint32_t)p->m->dispute.on, out, sink, arg, e) != 0)
		goto done;
	if (!judged && p->m->dispute.on &&
	    (p->store->get_fork(p->arg, p->m->dispute.seq, &one, e) != 0 ||
	    archive_out_add(&a, &one, e) != 0))
		goto done;
	if (judged && archive_out_viewer(&a, p->m, p->me, p->secret, e) != 0)
		goto done;
	for (seq = 0; seq <= p->m->seq; seq++) {
		one.len = 0;
		if (p->store->get_entry(p->arg, seq, &one, e) != 0 ||
		    archive_out_add(&a, &one, e) != 0)
			goto done;
	}
	for (seq = 1; seq <= n; seq++) {
		one.len = 0;
		if (p->store->get_update(p->arg, p->me, seq, &one, e) != 0 ||
		    archive_out_add(&a, &one, e) != 0)
			goto done;
	}
	rc = archive_out_end(&a, e);
done:
	buf_free(&one);
	return rc;
}

int
transcript_export(const struct transcript *p, int with_updates, struct buf *out,
    struct error *e)
{
	return transcript_export_to(p, with_updates, out, NULL, NULL, e);
}
