/*
 * A copy's copy of a game: the one path an entry takes.  See transcript.h.
 *
 * The inbox keeps, for an early entry, a record of the entry itself
 * (length-prefixed) followed by what carried it, so that a second,
 * different entry for the same seq is refused as a fork and the same one
 * again is a duplicate, whatever carried it.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "archive.h"
#include "armor.h"
#include "dispute.h"
#include "restore.h"
#include "transcript.h"
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
static int
take_early(struct transcript *p, uint64_t seq, const uint8_t *blob, size_t len,
    const uint8_t *stash, size_t stashlen, const char *where,
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
		report_line(p->report, "%s: seq %llu arrived early and "
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
		if (rc < 0)
			return -1;
		*v = TRANSCRIPT_DUPLICATE;
		report_line(p->report, "%s: seq %llu already kept beside the "
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

int
transcript_take(struct transcript *p, const uint8_t *blob, size_t len,
    const struct envelope *env, const uint8_t *stash, size_t stashlen,
    transcript_accept_fn *accept, void *arg, const char *where,
    enum transcript_verdict *v, struct error *e)
{
	struct match_peek pk;
	struct match *c;
	char w[400];

	if (match_peek(env, &pk, where, e) != 0)
		return -1;
	if (pk.header) {
		if (memcmp(env->hash, p->m->game_id, SEC_HASH) != 0)
			return error_set(e, EXIT_REFUSED, "%s: an invitation to "
			    "another game (use join)", where);
		*v = TRANSCRIPT_INVITATION;
		report_line(p->report, "%s: the invitation of this game, "
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
		report_line(p->report, "%s: seq %llu already applied; nothing "
		    "to do", where, (unsigned long long)pk.seq);
		return 0;
	}
	if (pk.seq > p->m->seq + 1)
		return take_early(p, pk.seq, blob, len, stash, stashlen, where,
		    v, e);
	snprintf(w, sizeof(w), "%.300s: seq %llu", where,
	    (unsigned long long)pk.seq);
	if ((c = match_clone(p->m)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	c->verifying = 1;	/* c is the copy: nothing else to roll back */
	if (match_apply_checked(c, blob, len, w, NULL, e) != 0 ||
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

/* A stashed entry from a peer: taken again, its signature checked. */
static int
retake_entry(struct transcript *p, const uint8_t *blob, size_t len, void *arg,
    struct error *e)
{
	struct envelope env;
	enum transcript_verdict v;

	(void)arg;
	if (envelope_verify(blob, len, &env, "inbox", e) != 0)
		return -1;
	return transcript_take(p, blob, len, &env, NULL, 0, NULL, NULL, "inbox",
	    &v, e);
}

/* --- a judged seat: the judge's updates --- */

static int
held(const struct transcript *p, const uint8_t hash[SEC_HASH])
{
	size_t i;

	for (i = 0; i < p->nupdates; i++)
		if (memcmp(p->updates[i].hash, hash, SEC_HASH) == 0)
			return 1;
	return 0;
}

static int
keep_update(struct transcript *p, const struct audit_update *au,
    struct error *e)
{
	struct audit_update *n;

	n = realloc(p->updates, (p->nupdates + 1) * sizeof(*n));
	if (n == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	p->updates = n;
	n[p->nupdates++] = *au;
	return 0;
}

int
transcript_setup(struct transcript *p, const struct opening *o, size_t n,
    const char *what, const char *where, struct error *e)
{
	struct match_secret *s;

	if (restore_setup(p->m, p->me, o, n, p->secret, &s, what, where,
	    e) != 0)
		return -1;
	if (s == NULL)
		return 0;	/* the one this copy holds */
	if (!p->dry && p->store->put_secret(p->arg, p->me, s, e) != 0) {
		sec_wipe(s, sizeof(*s));
		sec_free(s);
		return -1;
	}
	p->secret = s;
	p->m->local[p->me] = &s->setup;
	report_line(p->report, "%s: %s's setup is known again, from %s", where,
	    p->m->seat[p->me].name, what);
	return 0;
}

/*
 * One pass over an update, on a copy first, then for real: its entries,
 * then its openings, each checked against its commitment and against
 * what the seat's own pieces saw in those entries.  Whatever it opens is
 * learnt only once all of it checks out, and recorded for the audit.
 */
static int
update_pass(struct transcript *p, const struct update *u,
    struct audit_update *au, const char *where, struct error *e)
{
	enum transcript_verdict v;
	size_t i;
	int setup = u->nsetup == 0;

	/* each entry says its seq: its place in the update would be one
	 * number too many ("mail 7: entry 1: seq 7"); the seat's own setup,
	 * when the update brings it, is known from its setup entry on, so
	 * that what its pieces see is recorded from then */
	for (i = 0; i < u->n; i++) {
		if (transcript_take(p, u->blob[i].data, u->blob[i].len,
		    &u->env[i], NULL, 0, NULL, NULL, where, &v, e) != 0)
			return -1;
		if (!setup && p->m->seat[p->me].has_setup) {
			if (transcript_setup(p, u->setup, u->nsetup,
			    "the judge's update", where, e) != 0)
				return -1;
			setup = 1;
		}
	}
	if (!setup && transcript_setup(p, u->setup, u->nsetup,
	    "the judge's update", where, e) != 0)
		return -1;
	for (i = 0; i < u->nopen; i++)
		if (opening_check(p->m, &u->open[i], e) != 0)
			return error_prefix(e, "%s: the judge's private opening",
			    where);
	if (update_record(p->m, p->me, u, 1, au, where, e) != 0 ||
	    audit_update_check(p->m, p->me, au, where, e) != 0)
		return -1;
	for (i = 0; i < u->nopen; i++)
		if (match_learn(p->m, &u->open[i], e) != 0 || (!p->dry &&
		    p->store->put_private(p->arg, &u->open[i], e) != 0))
			return -1;
	return 0;
}

/*
 * Judge mode: an update from the judge.  Each entry inside is checked
 * against its own author's signature as if it had come directly; each
 * private opening against the commitment its owner signed, so the judge
 * cannot invent an identity, and against the entries the update carries,
 * so it cannot show a piece the seat's pieces did not see.  The whole
 * update is checked on a copy before any of it is stored; one held
 * already changes nothing, and one that starts beyond this copy's next
 * entry waits whole in the inbox.
 */
static int
take_update(struct transcript *p, const uint8_t *blob, size_t len,
    const struct envelope *env, const char *where, struct error *e)
{
	enum transcript_verdict v;
	struct audit_update au;
	struct transcript dry;
	struct update u;
	int rc = -1;

	if (update_read(p->m, p->me, env, held(p, env->hash) ? 0 :
	    UPDATE_VERIFY, where, &u, e) != 0)
		return -1;
	if (held(p, env->hash)) {
		report_line(p->report, "%s: the judge's update at seq %llu, held "
		    "already; nothing to do", where, (unsigned long long)u.seq);
		rc = 0;
		goto note;
	}
	if (u.n > 0 && u.first > p->m->seq + 1) {
		rc = take_early(p, u.first, u.blob[0].data, u.blob[0].len, blob,
		    len, where, &v, e);
		goto done;
	}
	if (u.n == 0 && u.seq > p->m->seq) {
		rc = error_set(e, EXIT_REFUSED, "%s: the judge's update says seq "
		    "%llu and carries no entries, but this copy is at seq %llu "
		    "(read the judge's earlier updates first)", where,
		    (unsigned long long)u.seq, (unsigned long long)p->m->seq);
		goto done;
	}
	dry = *p;
	dry.dry = 1;
	dry.report = NULL;
	if ((dry.m = match_clone(p->m)) == NULL) {
		error_set(e, EXIT_SYSTEM, "out of memory");
		goto done;
	}
	rc = update_pass(&dry, &u, &au, where, e);
	match_free(dry.m);
	if (dry.secret != p->secret) {
		/* the dry pass learnt the seat's setup: the real one will */
		sec_wipe(dry.secret, sizeof(*dry.secret));
		sec_free(dry.secret);
	}
	if (rc != 0 || (rc = update_pass(p, &u, &au, where, e)) != 0 ||
	    (rc = p->store->put_update(p->arg, p->me, blob, len, e)) != 0 ||
	    (rc = keep_update(p, &au, e)) != 0)
		goto done;
note:
	if (u.note[0] != '\0')
		report_line(p->report, "%s: the judge says: %s", where, u.note);
done:
	update_free(&u);
	return rc;
}

/* What waits in a judged seat's inbox: a whole update, or an entry kept
 * alone by an older version. */
static int
retake_update(struct transcript *p, const uint8_t *blob, size_t len,
    void *arg, struct error *e)
{
	enum transcript_verdict v;
	struct envelope env;
	struct match_peek pk;

	(void)arg;
	if (envelope_verify(blob, len, &env, "inbox", e) != 0 ||
	    match_peek(&env, &pk, "inbox", e) != 0)
		return -1;
	if (strcmp(pk.kind, "update") == 0)
		return take_update(p, blob, len, &env, "inbox", e);
	return transcript_take(p, blob, len, &env, NULL, 0, NULL, NULL, "inbox",
	    &v, e);
}

int
transcript_update_load(struct transcript *p, const uint8_t *blob, size_t len,
    const char *where, struct error *e)
{
	struct audit_update au;
	struct envelope env;
	struct update u;
	size_t i;
	int rc = -1;

	if (envelope_verify(blob, len, &env, where, e) != 0)
		return -1;
	if (held(p, env.hash))
		return 1;
	if (update_read(p->m, p->me, &env, 0, where, &u, e) != 0)
		return -1;
	for (i = 0; i < u.nopen; i++)
		if (opening_check(p->m, &u.open[i], e) != 0) {
			error_prefix(e, "%s: the judge's private opening", where);
			goto done;
		}
	if (update_record(p->m, p->me, &u, 0, &au, where, e) == 0)
		rc = keep_update(p, &au, e);
done:
	update_free(&u);
	return rc;
}

/* --- receiving mail --- */

/* A backup (restore.c): this seat's own setup, known again. */
static int
take_backup(struct transcript *p, const struct envelope *env,
    const char *where, struct error *e)
{
	struct opening o[GAME_MAX_PIECES];
	size_t n;
	int rc;

	rc = restore_backup(p->m, p->me, env, o, &n, where, e) != 0 ||
	    transcript_setup(p, o, n, "the backup", where, e) != 0 ? -1 : 0;
	sec_wipe(o, sizeof(o));
	return rc;
}

static int
take_message(struct transcript *p, const uint8_t *sb, size_t len,
    const struct envelope *env, const char *where, struct error *e)
{
	enum transcript_verdict v;
	struct match_peek pk;

	if (match_peek(env, &pk, where, e) != 0)
		return -1;
	if (strcmp(pk.kind, "secret") == 0)
		return take_backup(p, env, where, e);
	if (p->m->judge_mode) {
		if (!key_same(&env->signer, &p->m->judge) &&
		    match_peek(env, &pk, where, e) == 0 && pk.header) {
			report_line(p->report, "%s: an invitation; nothing to "
			    "do", where);
			return 0;
		}
		return take_update(p, sb, len, env, where, e) != 0 ? -1 :
		    transcript_drain(p, retake_update, NULL, e);
	}
	if (transcript_take(p, sb, len, env, NULL, 0, NULL, NULL, where, &v,
	    e) != 0)
		return -1;
	return transcript_drain(p, retake_entry, NULL, e);
}

int
transcript_receive_message(struct transcript *p, const uint8_t *sb, size_t len,
    const struct envelope *env, const char *where, struct error *e)
{
	return take_message(p, sb, len, env, where, e);
}

/*
 * A message sealed again to this key, signed for others: this game's
 * invitation (a judge gives it to a seat's new holder): nothing to do,
 * 1; an entry signed for this seat's holder then (a backup, a new
 * holder's copy): 2, env set; anything else 0.
 */
static int
forwarded(const struct transcript *p, const struct buf *item,
    const struct key_secret *k, struct buf *sb, struct envelope *env,
    const char *where)
{
	struct error ign;

	if (envelope_open_forwarded(item->data, item->len, k, sb, env, where,
	    &ign) != 0)
		return 0;
	if (memcmp(env->hash, p->m->game_id, SEC_HASH) == 0) {
		report_line(p->report, "%s: the invitation of this game, "
		    "already joined", where);
		return 1;
	}
	return p->me >= 0 && restore_forwarded_ok(p->m, p->me, env) ? 2 : 0;
}

/*
 * One message opened with this copy's key, or the second one (p->also);
 * each as sealed to it, or sealed again to it (forwarded).  0: opened,
 * sb and env set; 1: nothing to do; -1: the first key's reason.
 */
static int
open_item(const struct transcript *p, const struct buf *item,
    const struct key_secret *k, struct buf *sb, struct envelope *env,
    const char *where, struct error *e)
{
	const struct key_secret *keys[2] = { k, p->also };
	struct error first, ign;
	int i, fw;

	error_clear(&first);
	for (i = 0; i < 2 && keys[i] != NULL; i++) {
		sb->len = 0;
		if (envelope_open(item->data, item->len, keys[i], sb, env, where,
		    i == 0 ? &first : &ign) == 0)
			return 0;
		sb->len = 0;
		if ((fw = forwarded(p, item, keys[i], sb, env, where)) != 0)
			return fw == 1 ? 1 : 0;
	}
	*e = first;
	return -1;
}

int
transcript_receive(struct transcript *p, const struct key_secret *k, const char *text,
    size_t len, const char *name, struct error *e)
{
	struct armor_list l = { NULL, 0 };
	struct envelope env;
	struct buf sb;
	char where[512];
	size_t j;
	int rc = -1, fw;

	buf_init(&sb);
	if (armor_read(text, len, ARMOR_MESSAGE, name, &l, e) != 0)
		goto done;
	for (j = 0; j < l.n; j++) {
		if (l.n > 1)
			snprintf(where, sizeof(where), "%s: message %zu", name,
			    j + 1);
		else
			snprintf(where, sizeof(where), "%s", name);
		sb.len = 0;
		if ((fw = open_item(p, &l.items[j], k, &sb, &env, where,
		    e)) < 0)
			goto done;
		if (fw == 1)
			continue;
		if (take_message(p, sb.data, sb.len, &env, where, e) != 0)
			goto done;
	}
	rc = 0;
done:
	armor_list_free(&l);
	buf_free(&sb);
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
		if (entry_private(p->m, p->me, &sb, openings, &bundle, e) != 0 ||
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
