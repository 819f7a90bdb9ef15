/*
 * The judge's updates.  See update.h and formats/entry.md.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cond.h"
#include "match.h"
#include "update.h"
#include "ydoc.h"

void
update_free(struct update *u)
{
	size_t i;

	for (i = 0; i < u->n; i++)
		buf_free(&u->blob[i]);
	free(u->blob);
	free(u->env);
	if (u->open != NULL) {
		sec_wipe(u->open, u->nopen * sizeof(*u->open));
		free(u->open);
	}
	if (u->setup != NULL) {
		sec_wipe(u->setup, u->nsetup * sizeof(*u->setup));
		free(u->setup);
	}
	if (u->cond != NULL) {
		sec_wipe(u->cond, sizeof(*u->cond));
		sec_free(u->cond);
	}
	memset(u, 0, sizeof(*u));
}

static int
read_head(const struct match *m, int seat, const struct ydoc *doc,
    struct update *u, const char *where, struct error *e)
{
	static const char *const keys[] = { "game", "kind", "for", "seq",
	    "entries", "open", "setup", "cond", "note", NULL };
	static const char *const req[] = { "game", "kind", "for", "seq",
	    "entries", NULL };
	const struct ydoc *n;
	unsigned long long v;
	const char *s;

	if (ydoc_check_keys(doc, keys, req, where, e) != 0 ||
	    (s = ydoc_scalar(doc, "kind", where, e)) == NULL)
		return -1;
	if (strcmp(s, "update") != 0)
		return error_set(e, EXIT_MALFORMED, "%s: not an update (kind "
		    "%.20s)", where, s);
	if ((s = ydoc_scalar(doc, "game", where, e)) == NULL)
		return -1;
	if (strcmp(s, m->game_hex) != 0)
		return error_set(e, EXIT_REFUSED, "%s: an update for game %.16s, "
		    "not this one (%.16s)", where, s, m->game_hex);
	if ((s = ydoc_scalar(doc, "for", where, e)) == NULL)
		return -1;
	if (strcmp(s, match_author_name(m, seat)) != 0)
		return error_set(e, EXIT_REFUSED, "%s: an update for %.32s, not "
		    "%s", where, s, match_author_name(m, seat));
	if (ydoc_uint(doc, "seq", UINT32_MAX, &v, where, e) != 0)
		return -1;
	u->seq = v;
	if ((n = ydoc_get(doc, "open")) != NULL &&
	    ydoc_expect(n, YDOC_SEQ, "open", where, e) != 0)
		return -1;
	if ((n = ydoc_get(doc, "setup")) != NULL &&
	    ydoc_expect(n, YDOC_SEQ, "setup", where, e) != 0)
		return -1;
	if ((n = ydoc_get(doc, "note")) != NULL) {
		if (ydoc_expect(n, YDOC_SCALAR, "note", where, e) != 0)
			return -1;
		snprintf(u->note, sizeof(u->note), "%s", n->str);
	}
	return ydoc_expect(ydoc_get(doc, "entries"), YDOC_SEQ, "entries",
	    where, e);
}

/* Each entry decoded and, for a live copy, its signature checked; the
 * run of seqs they make, which must end at the update's seq. */
static int
read_entries(const struct match *m, const struct ydoc *list, int flags,
    struct update *u, const char *where, struct error *e)
{
	struct match_peek pk;
	char w[400];
	size_t i;

	if (list->nkids == 0) {
		u->first = u->seq + 1;
		return 0;
	}
	u->blob = calloc(list->nkids, sizeof(*u->blob));
	u->env = calloc(list->nkids, sizeof(*u->env));
	if (u->blob == NULL || u->env == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	for (i = 0; i < list->nkids; i++) {
		buf_init(&u->blob[i]);
		u->n++;
		snprintf(w, sizeof(w), "%.300s: entry %zu", where, i + 1);
		if (ydoc_base64(list->kids[i], "entry", &u->blob[i], where,
		    e) != 0 || ((flags & UPDATE_VERIFY) ?
		    envelope_verify(u->blob[i].data, u->blob[i].len,
		    &u->env[i], w, e) : envelope_parse(u->blob[i].data,
		    u->blob[i].len, &u->env[i], w, e)) != 0 ||
		    match_peek(&u->env[i], &pk, w, e) != 0)
			return -1;
		if (pk.header || strcmp(pk.game, m->game_hex) != 0)
			return error_set(e, EXIT_REFUSED, "%s: not an entry of "
			    "this game", w);
		if (i == 0)
			u->first = pk.seq;
		else if (pk.seq != u->first + i)
			return error_set(e, EXIT_REFUSED, "%s: seq %llu where "
			    "seq %llu should follow", w,
			    (unsigned long long)pk.seq,
			    (unsigned long long)(u->first + i));
	}
	if (u->first == 0 || u->first + u->n - 1 != u->seq)
		return error_set(e, EXIT_REFUSED, "%s: says seq %llu, but the "
		    "entries it carries end at seq %llu", where,
		    (unsigned long long)u->seq,
		    (unsigned long long)(u->first + u->n - 1));
	return 0;
}

static int
read_openings(const struct match *m, const struct ydoc *list,
    struct opening **out, size_t *n, const char *where, struct error *e)
{
	size_t i;

	if (list == NULL || list->nkids == 0)
		return 0;
	/* with no piece opened twice, no more than the game holds */
	if (list->nkids > AUDIT_PIECES)
		return error_set(e, EXIT_REFUSED, "%s: %zu openings, more than "
		    "the game has pieces", where, list->nkids);
	if ((*out = calloc(list->nkids, sizeof(**out))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	for (i = 0; i < list->nkids; i++) {
		if (opening_read(m, list->kids[i], &(*out)[i], where, e) != 0)
			return -1;
		(*n)++;
	}
	return 0;
}

/* The seat's record of its conditions, in its whole update: each line
 * checked against the record's commitments (restore_cond checks them
 * against the chain's once the entries are applied). */
static int
read_cond(const struct match *m, int seat, const struct ydoc *c,
    struct update *u, const char *where, struct error *e)
{
	if (c == NULL)
		return 0;
	if (u->first != 1 || seat < 0 || seat >= m->nseats)
		return error_set(e, EXIT_MALFORMED, "%s: conditions (cond) "
		    "come only in a seat's whole update (its entries from 1)",
		    where);
	if ((u->cond = sec_malloc(sizeof(*u->cond))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	return cond_record_doc(c, u->cond, m->game_id, m->seat[seat].name,
	    where, e);
}

int
update_read(const struct match *m, int seat, const struct envelope *env,
    int flags, const char *where, struct update *u, struct error *e)
{
	struct ydoc *doc;
	int rc = -1;

	memset(u, 0, sizeof(*u));
	memcpy(u->hash, env->hash, SEC_HASH);
	if (!key_same(&env->signer, &m->judge))
		return error_set(e, EXIT_REFUSED, "%s: in a judged game only "
		    "the judge's updates are read (this is signed by %s)", where,
		    env->signer.name);
	if ((doc = ydoc_parse(env->body, env->body_len, where, e)) == NULL)
		return -1;
	if (read_head(m, seat, doc, u, where, e) == 0 &&
	    read_entries(m, ydoc_get(doc, "entries"), flags, u, where,
	    e) == 0 && read_openings(m, ydoc_get(doc, "open"), &u->open,
	    &u->nopen, where, e) == 0 && read_openings(m, ydoc_get(doc,
	    "setup"), &u->setup, &u->nsetup, where, e) == 0 &&
	    read_cond(m, seat, ydoc_get(doc, "cond"), u, where, e) == 0)
		rc = 0;
	ydoc_free(doc);
	if (rc != 0)
		update_free(u);
	return rc;
}

int
update_record(const struct match *m, int seat, const struct update *u,
    int strict, struct audit_update *au, const char *where, struct error *e)
{
	const struct opening *o;
	size_t i;

	memset(au, 0, sizeof(*au));
	au->seq = u->seq;
	au->first = u->first;
	memcpy(au->hash, u->hash, SEC_HASH);
	for (i = 0; i < u->nopen; i++) {
		o = &u->open[i];
		if (strict && o->seat == seat)
			return error_set(e, EXIT_REFUSED, "%s: the judge's "
			    "update at seq %llu opens %s's own piece %s to %s",
			    where, (unsigned long long)u->seq,
			    m->seat[seat].name, o->id, m->seat[seat].name);
		if (audit_mark(au, o->seat, o->idx) && strict)
			return error_set(e, EXIT_REFUSED, "%s: the judge's "
			    "update at seq %llu opens %s's piece %s twice",
			    where, (unsigned long long)u->seq,
			    match_author_name(m, o->seat), o->id);
	}
	return 0;
}
