/*
 * A seat's copy made whole again (formats/entry.md, "A seat's own setup
 * again"): its own setup's openings, which only its own machine kept,
 * brought back from the judge's whole update (a new holder's, or a copy
 * restored after a lost game directory) or from a backup (a peer's, or a
 * peer's seat handed to another key).  Each opening is checked against
 * the commitment the seat signed, so whoever brings them can bring
 * nothing else; a copy that holds its setup already takes the same one as
 * nothing new and refuses any other.
 */
#include <stdio.h>
#include <string.h>

#include "armor.h"
#include "cond.h"
#include "restore.h"
#include "update.h"
#include "ydoc.h"

/* The same setup as the one this copy holds. */
static int
same(const struct match_secret *s, const struct opening *o, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(s->setup.value[i], o[i].value) != 0 ||
		    memcmp(s->nonce[i], o[i].nonce, COMMIT_NONCE) != 0)
			return 0;
	return 1;
}

int
restore_setup(const struct match *m, int me, const struct opening *o,
    size_t n, const struct match_secret *have, struct match_secret **out,
    const char *what, const char *where, struct error *e)
{
	struct match_secret *s;
	size_t i;

	*out = NULL;
	if (me < 0 || me >= m->nseats || !m->seat[me].has_setup)
		return error_set(e, EXIT_REFUSED, "%s: %s brings %s's setup "
		    "before its setup entry", where, what,
		    match_author_name(m, me));
	if ((int)n != m->seat[me].pieces.n)
		return error_set(e, EXIT_REFUSED, "%s: %s brings %zu openings "
		    "of %s's setup, not %d", where, what, n, m->seat[me].name,
		    m->seat[me].pieces.n);
	for (i = 0; i < n; i++) {
		if (o[i].seat != me || o[i].idx != (int)i)
			return error_set(e, EXIT_REFUSED, "%s: %s: opening %zu "
			    "is not %s's piece %s", where, what, i + 1,
			    m->seat[me].name, m->seat[me].pieces.id[i]);
		if (opening_check(m, &o[i], e) != 0)
			return error_prefix(e, "%s: %s", where, what);
	}
	if (have != NULL) {
		if (!same(have, o, n))
			return error_set(e, EXIT_REFUSED, "%s: %s brings a "
			    "setup of %s other than the one this copy holds",
			    where, what, m->seat[me].name);
		return 0;
	}
	if ((s = sec_malloc(sizeof(*s))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	memset(s, 0, sizeof(*s));
	s->setup.n = (int)n;
	for (i = 0; i < n; i++) {
		snprintf(s->setup.id[i], GAME_ID, "%s", o[i].id);
		snprintf(s->setup.value[i], GAME_VALUE, "%s", o[i].value);
		memcpy(s->nonce[i], o[i].nonce, COMMIT_NONCE);
	}
	*out = s;
	return 0;
}

/* The entries of one message, applied to c in order when they follow. */
static int
follow(struct match *c, const struct envelope *env, const struct buf *sb,
    const char *where, struct error *e)
{
	struct match_peek pk;
	struct update u;
	struct ydoc *doc;
	const char *who;
	size_t i;
	int rc = 0, s;

	if (match_peek(env, &pk, where, e) != 0)
		return -1;
	if (pk.header || strcmp(pk.kind, "secret") == 0)
		return 0;
	if (strcmp(pk.kind, "update") != 0)
		return pk.seq == c->seq + 1 ? match_apply_checked(c, sb->data,
		    sb->len, where, NULL, e) : 0;
	/* a judge's update: the seat it is for, then its entries */
	if ((doc = ydoc_parse(env->body, env->body_len, where, e)) == NULL)
		return -1;
	who = ydoc_get(doc, "for") != NULL &&
	    ydoc_get(doc, "for")->type == YDOC_SCALAR ?
	    ydoc_get(doc, "for")->str : "";
	s = match_seat_by_name(c, who);
	ydoc_free(doc);
	if (s < 0 || s >= c->nseats)
		return error_set(e, EXIT_MALFORMED, "%s: an update for no "
		    "seat", where);
	if (update_read(c, s, env, UPDATE_VERIFY, where, &u, e) != 0)
		return -1;
	for (i = 0; rc == 0 && i < u.n; i++)
		if (u.first + i == c->seq + 1)
			rc = match_apply_checked(c, u.blob[i].data,
			    u.blob[i].len, where, NULL, e);
	update_free(&u);
	return rc;
}

int
restore_holder(const struct match *m, const struct armor_list *l,
    const struct key_secret *k, const char *name, int *seat,
    struct error *e)
{
	struct envelope env;
	struct match *c;
	struct buf sb;
	struct error ign;
	char where[512];
	size_t i;
	int rc = 0;

	*seat = -1;
	if ((c = match_clone(m)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	buf_init(&sb);
	for (i = 0; rc == 0 && i < l->n; i++) {
		snprintf(where, sizeof(where), "%.400s: message %zu", name,
		    i + 1);
		sb.len = 0;
		/* what is not for this key, or no entry, is not the way in;
		 * the transcript's entries come sealed again to it, signed for
		 * the seats that were */
		if (envelope_open(l->items[i].data, l->items[i].len, k, &sb,
		    &env, where, &ign) != 0) {
			sb.len = 0;
			if (envelope_open_forwarded(l->items[i].data,
			    l->items[i].len, k, &sb, &env, where, &ign) != 0 ||
			    !restore_forwarded_ok(c, -1, &env))
				continue;
		}
		rc = follow(c, &env, &sb, where, e);
	}
	if (rc == 0 && (*seat = match_seat_of(c, &k->pub)) < 0)
		rc = error_set(e, EXIT_REFUSED, "%s: key %s holds no seat in "
		    "this game, neither in its invitation nor in the entries "
		    "that come with it", name, k->pub.idhex);
	buf_free(&sb);
	match_free(c);
	return rc;
}

int
restore_held_by(const struct match *m, int s, const struct key_public *k)
{
	int i;

	if (key_same(k, &m->seat[s].key))
		return 1;
	for (i = 0; i < m->nholders; i++)
		if (m->holders[i].seat == s &&
		    strcmp(m->holders[i].id, k->idhex) == 0)
			return 1;
	return 0;
}

int
restore_backup(const struct match *m, int me, const struct envelope *env,
    struct opening *out, size_t *n, const char *where, struct error *e)
{
	static const char *const keys[] = { "game", "seq", "kind", "by",
	    "open", NULL };
	const struct ydoc *list;
	struct ydoc *doc;
	const char *g, *by;
	size_t i;
	int rc = -1;

	*n = 0;
	if ((doc = ydoc_parse(env->body, env->body_len, where, e)) == NULL)
		return -1;
	if (ydoc_check_keys(doc, keys, keys, where, e) != 0 ||
	    (g = ydoc_scalar(doc, "game", where, e)) == NULL ||
	    (by = ydoc_scalar(doc, "by", where, e)) == NULL)
		goto done;
	list = ydoc_get(doc, "open");
	if (strcmp(g, m->game_hex) != 0)
		error_set(e, EXIT_REFUSED, "%s: a backup of game %.16s, not "
		    "this one (%.16s)", where, g, m->game_hex);
	else if (me < 0 || me >= m->nseats || strcmp(by, m->seat[me].name) != 0)
		error_set(e, EXIT_REFUSED, "%s: a backup of %.32s's setup, not "
		    "%s's", where, by, match_author_name(m, me));
	else if (!restore_held_by(m, me, &env->signer))
		error_set(e, EXIT_REFUSED, "%s: a backup signed by %s (%s), who "
		    "never held %s's seat", where, env->signer.name,
		    env->signer.idhex, m->seat[me].name);
	else if (ydoc_expect(list, YDOC_SEQ, "open", where, e) != 0)
		;
	else if (list->nkids > GAME_MAX_PIECES)
		error_set(e, EXIT_MALFORMED, "%s: %zu openings, more than a "
		    "setup has", where, list->nkids);
	else {
		for (i = 0; i < list->nkids; i++, (*n)++)
			if (opening_read(m, list->kids[i], &out[i], where,
			    e) != 0)
				goto done;
		rc = 0;
	}
done:
	ydoc_free(doc);
	return rc;
}

int
restore_cond(const struct match *m, int me, const struct cond_set *s,
    const char *where, struct error *e)
{
	const struct match_seat *ms = &m->seat[me];

	if (s->seq > m->seq)
		return 1;
	if (s->seq != ms->cond_seq)
		return 0;
	if (memcmp(s->commit, ms->cond_commit, sizeof(s->commit)) != 0)
		return error_set(e, EXIT_REFUSED, "%s: conditions that are not "
		    "those %s committed to in entry %llu", where, ms->name,
		    (unsigned long long)s->seq);
	return 1;
}

int
restore_forwarded_ok(const struct match *m, int seat,
    const struct envelope *env)
{
	uint8_t id[KEY_ID];
	int s, i;

	for (s = 0; s < m->nseats; s++) {
		if (seat >= 0 && s != seat)
			continue;
		if (envelope_addressed_to(env, m->seat[s].key.id))
			return 1;
		for (i = 0; i < m->nholders; i++)
			if (m->holders[i].seat == s && sec_unhex(id,
			    sizeof(id), m->holders[i].id) == 0 &&
			    envelope_addressed_to(env, id))
				return 1;
	}
	return 0;
}
