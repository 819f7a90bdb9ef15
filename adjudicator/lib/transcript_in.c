/*
 * What a copy receives (see transcript.h): messages out of mail, a
 * peer's entries and a judged seat's updates from the judge, each checked
 * before anything of it is kept, and a backup's setup.  Every entry they
 * carry takes transcript_take, the one path (transcript.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cond.h"
#include "cond_match.h"
#include "restore.h"
#include "transcript_int.h"
#include "update.h"
#include "when.h"
#include "ydoc.h"

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

/* The seat's pending conditions, from its whole update: kept as its lost
 * copy kept them (GAMEDIR/cond.N), on the real pass, unless the copy
 * holds lines of the same entry or a later one (sent since). */
static int
update_cond(struct transcript *p, const struct cond_set *s, struct error *e)
{
	struct cond_set *have;
	struct error ign;
	struct buf b;
	int rc = 0, newer;

	if (p->dry || p->store->put_cond == NULL)
		return 0;
	if ((have = sec_malloc(sizeof(*have))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	newer = cond_record_own(p, have, &ign) == 0 && have->seq >= s->seq;
	sec_wipe(have, sizeof(*have));
	sec_free(have);
	if (newer)
		return 0;
	buf_init(&b);
	if (cond_record_write(s, &b, e) != 0 ||
	    p->store->put_cond(p->arg, p->me, &b, e) != 0 ||
	    (p->store->put_cond_at != NULL && p->store->put_cond_at(p->arg,
	    p->me, s->seq, &b, e) != 0))
		rc = -1;
	else
		report_line(p->report, "%s's conditions are known again, "
		    "from the judge's update", p->m->seat[p->me].name);
	if (b.data != NULL)
		sec_wipe(b.data, b.len);
	buf_free(&b);
	return rc;
}

/*
 * One pass over an update, on a copy first, then for real: its entries,
 * then its openings, each checked against its commitment and against
 * what the seat's own pieces saw in those entries.  Whatever it opens is
 * learnt only once all of it checks out, and recorded for the audit.
 */
static int
update_pass(struct transcript *p, const struct update *u,
    struct audit_update *au, struct receipt *r, const char *where,
    struct error *e)
{
	enum transcript_verdict v;
	struct clock_state was;
	size_t i;
	int setup = u->nsetup == 0, keep = 0;

	/* each entry says its seq: its place in the update would be one
	 * number too many ("mail 7: entry 1: seq 7"); the seat's own setup,
	 * when the update brings it, is known from its setup entry on, so
	 * that what its pieces see is recorded from then */
	memset(r, 0, sizeof(*r));
	for (i = 0; i < u->n; i++) {
		was = p->m->clk;
		if (transcript_take(p, u->blob[i].data, u->blob[i].len,
		    &u->env[i], NULL, 0, NULL, NULL, where, &v, e) != 0)
			return -1;
		/* the entry that started this seat's clock (receipt.h) */
		if (p->m->clock.on && p->m->clk.runs == p->me &&
		    (was.runs != p->me || was.started != p->m->clk.started)) {
			r->start = p->m->seq;
			r->stamped = p->m->clk.started;
		}
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
	if (u->cond != NULL && (keep = restore_cond(p->m, p->me, u->cond,
	    where, e)) < 0)
		return -1;
	for (i = 0; i < u->nopen; i++)
		if (match_learn(p->m, &u->open[i], e) != 0 || (!p->dry &&
		    p->store->put_private(p->arg, &u->open[i], e) != 0))
			return -1;
	return keep ? update_cond(p, u->cond, e) : 0;
}

/*
 * When the update reached this copy, kept (receipt.h); a stamp that
 * started this seat's clock long before is said, and kept as a dispute.
 */
static int
receipt(struct transcript *p, struct receipt *r, const char *where,
    struct error *e)
{
	r->received = receipt_when(p->received, when_now());
	if (p->dry || p->store->put_receipt == NULL)
		return 0;
	if (p->store->put_receipt(p->arg, p->m->seq, r, e) != 0)
		return -1;
	if (receipt_note(p->m, p->me, r)) {
		struct buf line;

		buf_init(&line);
		receipt_line(r, &line);
		buf_cstr(&line);
		report_line(p->report, "%s: %s", where, (char *)line.data);
		buf_free(&line);
	}
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
	struct receipt r;
	struct update u;
	int rc = -1;

	if (update_read(p->m, p->me, env, held(p, env->hash) ? 0 :
	    UPDATE_VERIFY, where, &u, e) != 0)
		return -1;
	if (held(p, env->hash)) {
		report_seen(p->report, "%s: the judge's update at seq %llu, "
		    "held already; nothing to do", where,
		    (unsigned long long)u.seq);
		rc = 0;
		goto note;
	}
	if (u.n > 0 && u.first > p->m->seq + 1) {
		rc = transcript_early(p, u.first, u.blob[0].data, u.blob[0].len, blob,
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
	dry.keep_aside = !p->dry;
	dry.report = NULL;
	if ((dry.m = match_clone(p->m)) == NULL) {
		error_set(e, EXIT_SYSTEM, "out of memory");
		goto done;
	}
	rc = update_pass(&dry, &u, &au, &r, where, e);
	match_free(dry.m);
	if (dry.secret != p->secret) {
		/* the dry pass learnt the seat's setup: the real one will */
		sec_wipe(dry.secret, sizeof(*dry.secret));
		sec_free(dry.secret);
	}
	if (rc != 0 || (rc = update_pass(p, &u, &au, &r, where, e)) != 0 ||
	    (rc = p->store->put_update(p->arg, p->me, blob, len, e)) != 0 ||
	    (rc = keep_update(p, &au, e)) != 0 ||
	    (rc = receipt(p, &r, where, e)) != 0)
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
		/* an invitation: a seat's, or this game's when the judge made
		 * it (the header the judge signed: its hash is the game id) */
		if (pk.header && (!key_same(&env->signer, &p->m->judge) ||
		    memcmp(env->hash, p->m->game_id, SEC_HASH) == 0)) {
			report_seen(p->report, "%s: an invitation; nothing to "
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
		report_seen(p->report, "%s: the invitation of this game, "
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
	struct armor_list l = { NULL, 0, NULL };
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
