/*
 * A club's judge: its record of the last day, ROOT/judge.recent
 * (formats/club.md), read and written under the root's lock.  See
 * club.h; the settings and what follows from them are in club.c.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "club.h"
#include "club_int.h"
#include "fsio.h"
#include "match.h"
#include "when.h"
#include "ydoc.h"

/* --- the record of the last day --- */

static const char *const verdicts[] = { "joined", "refused", "unlisted",
    "capped", NULL };

static int
rec_hex(const struct ydoc *r, const char *key, size_t n, char *out,
    const char *where, struct error *e)
{
	const char *s;

	if ((s = ydoc_scalar(r, key, where, e)) == NULL)
		return -1;
	if (strlen(s) != n || strspn(s, "0123456789abcdef") != n)
		return error_set(e, EXIT_USAGE, "%s:%u:%u: %s: not %zu hex "
		    "digits", where, r->line, r->col, key, n);
	memcpy(out, s, n + 1);
	return 0;
}

static int
rec_time(const struct ydoc *r, int64_t *t, const char *where,
    struct error *e)
{
	const char *s;

	if ((s = ydoc_scalar(r, "time", where, e)) == NULL)
		return -1;
	if (when_parse(s, t) != 0)
		return error_set(e, EXIT_USAGE, "%s:%u:%u: time: \"%.40s\" is "
		    "not a time", where, r->line, r->col, s);
	return 0;
}

static int
rec_invitation(const struct ydoc *r, struct club_invitation *v,
    const char *where, struct error *e)
{
	static const char *const keys[] = { "time", "game", "key", "from",
	    "verdict", NULL };
	static const char *const need[] = { "time", "game", "key", "verdict",
	    NULL };
	const char *s;
	int i;

	memset(v, 0, sizeof(*v));
	if (ydoc_check_keys(r, keys, need, where, e) != 0 ||
	    rec_time(r, &v->time, where, e) != 0 ||
	    rec_hex(r, "game", ROOT_ID - 1, v->game, where, e) != 0 ||
	    rec_hex(r, "key", KEY_ID_HEX - 1, v->key, where, e) != 0 ||
	    (s = ydoc_scalar(r, "verdict", where, e)) == NULL)
		return -1;
	for (i = 0; verdicts[i] != NULL && strcmp(verdicts[i], s) != 0; i++)
		;
	if (verdicts[i] == NULL)
		return error_set(e, EXIT_USAGE, "%s:%u:%u: verdict: \"%.20s\"",
		    where, r->line, r->col, s);
	v->verdict = (enum club_verdict)i;
	if (ydoc_get(r, "from") != NULL) {
		if ((s = ydoc_scalar(r, "from", where, e)) == NULL)
			return -1;
		if (!header_address_ok(s))
			return error_set(e, EXIT_USAGE, "%s:%u:%u: from: not "
			    "an address", where, r->line, r->col);
		snprintf(v->from, sizeof(v->from), "%s", s);
	}
	return 0;
}

static int
hashed_add(struct club_forward **l, size_t *n, int64_t t, const char *hash)
{
	struct club_forward *x;

	if ((x = realloc(*l, (*n + 1) * sizeof(*x))) == NULL)
		return -1;
	*l = x;
	x[*n].time = t;
	snprintf(x[*n].mail, sizeof(x[0].mail), "%s", hash);
	(*n)++;
	return 0;
}

/* A record of a hashed list: time and KEY, the hash in hex. */
static int
rec_hashed(const struct ydoc *r, const char *key, int64_t *t,
    char hash[ROOT_ID], const char *where, struct error *e)
{
	const char *keys[] = { "time", key, NULL };

	if (ydoc_check_keys(r, keys, keys, where, e) != 0 ||
	    rec_time(r, t, where, e) != 0 ||
	    rec_hex(r, key, ROOT_ID - 1, hash, where, e) != 0)
		return -1;
	return 0;
}

/* The list name (its records time and key): those of the last day into
 * *list, *n, those from the future counted. */
static int
rec_list(const struct ydoc *doc, const char *name, const char *key,
    int64_t now, struct club_forward **list, size_t *n, size_t *future,
    const char *where, struct error *e)
{
	const struct ydoc *l;
	char hash[ROOT_ID];
	int64_t t;
	size_t i;

	if ((l = ydoc_get(doc, name)) == NULL)
		return 0;
	if (ydoc_expect(l, YDOC_SEQ, name, where, e) != 0)
		return -1;
	for (i = 0; i < l->nkids; i++) {
		if (rec_hashed(l->kids[i], key, &t, hash, where, e) != 0)
			return -1;
		if (t > now + CLUB_AHEAD)
			(*future)++;
		else if (t > now - CLUB_DAY &&
		    hashed_add(list, n, t, hash) != 0)
			return error_set(e, EXIT_SYSTEM, "out of memory");
	}
	return 0;
}

static int
rec_doc(const struct ydoc *doc, int64_t now, struct club_recent *c,
    const char *where, struct error *e)
{
	static const char *const keys[] = { "invitations", "forwarded",
	    "answered", NULL };
	struct club_invitation v;
	const struct ydoc *l;
	size_t i;

	if (ydoc_check_keys(doc, keys, NULL, where, e) != 0)
		return -1;
	if ((l = ydoc_get(doc, "invitations")) != NULL) {
		if (ydoc_expect(l, YDOC_SEQ, "invitations", where, e) != 0)
			return -1;
		for (i = 0; i < l->nkids; i++) {
			if (rec_invitation(l->kids[i], &v, where, e) != 0)
				return -1;
			if (v.time > now + CLUB_AHEAD)
				c->future++;
			else if (v.time > now - CLUB_DAY &&
			    club_recent_invitation(c, &v) != 0)
				return error_set(e, EXIT_SYSTEM, "out of "
				    "memory");
		}
	}
	if (rec_list(doc, "forwarded", "mail", now, &c->fwd, &c->nfwd,
	    &c->future, where, e) != 0 || rec_list(doc, "answered", "to", now,
	    &c->ans, &c->nans, &c->future, where, e) != 0)
		return -1;
	return 0;
}

struct recent_arg {
	int64_t			 now;
	struct club_recent	*c;
};

static int
recent_take(const struct ydoc *doc, void *arg, const char *where,
    struct error *e)
{
	struct recent_arg *a = arg;

	return rec_doc(doc, a->now, a->c, where, e);
}

int
club_recent_read(const char *root, int64_t now, struct club_recent *c,
    struct error *e)
{
	struct recent_arg a = { now, c };

	memset(c, 0, sizeof(*c));
	if (club_record_read(root, CLUB_RECENT, YDOC_MAX_INPUT, recent_take,
	    &a, e) == 0)
		return 0;
	club_recent_free(c);
	return -1;
}

int
club_recent_parse(const void *text, size_t len, const char *where,
    int64_t now, struct club_recent *c, struct error *e)
{
	struct recent_arg a = { now, c };

	memset(c, 0, sizeof(*c));
	if (club_record_parse(text, len, where, recent_take, &a, e) == 0)
		return 0;
	club_recent_free(c);
	return -1;
}

static void
write_hashed(struct ydoc_writer *w, const char *name, const char *key,
    const struct club_forward *l, size_t n)
{
	char t[WHEN_TEXT];
	size_t i;

	ydoc_key(w, name);
	ydoc_seq_begin(w, n == 0);
	for (i = n > CLUB_KEEP ? n - CLUB_KEEP : 0; i < n; i++) {
		when_format(l[i].time, t, sizeof(t));
		ydoc_map_begin(w);
		ydoc_kv(w, "time", t);
		ydoc_kv(w, key, l[i].mail);
		ydoc_map_end(w);
	}
	ydoc_seq_end(w);
}

static void
write_records(struct ydoc_writer *w, const void *arg)
{
	const struct club_recent *c = arg;
	char t[WHEN_TEXT];
	size_t i;

	ydoc_map_begin(w);
	ydoc_key(w, "invitations");
	ydoc_seq_begin(w, c->ninv == 0);
	for (i = c->ninv > CLUB_KEEP ? c->ninv - CLUB_KEEP : 0; i < c->ninv;
	    i++) {
		when_format(c->inv[i].time, t, sizeof(t));
		ydoc_map_begin(w);
		ydoc_kv(w, "time", t);
		ydoc_kv(w, "game", c->inv[i].game);
		ydoc_kv(w, "key", c->inv[i].key);
		if (c->inv[i].from[0] != '\0')
			ydoc_kv(w, "from", c->inv[i].from);
		ydoc_kv(w, "verdict", verdicts[c->inv[i].verdict]);
		ydoc_map_end(w);
	}
	ydoc_seq_end(w);
	write_hashed(w, "forwarded", "mail", c->fwd, c->nfwd);
	write_hashed(w, "answered", "to", c->ans, c->nans);
	ydoc_map_end(w);
}

int
club_recent_write(const char *root, const struct club_recent *c,
    struct error *e)
{
	return club_record_write(root, CLUB_RECENT, write_records, c, e);
}

int
club_recent_invitation(struct club_recent *c, const struct club_invitation *v)
{
	struct club_invitation *n;

	if ((n = realloc(c->inv, (c->ninv + 1) * sizeof(*n))) == NULL)
		return -1;
	c->inv = n;
	c->inv[c->ninv++] = *v;
	return 0;
}

int
club_recent_forward(struct club_recent *c, int64_t t, const char *mail)
{
	return hashed_add(&c->fwd, &c->nfwd, t, mail);
}

int
club_recent_answer(struct club_recent *c, int64_t t, const char *to)
{
	return hashed_add(&c->ans, &c->nans, t, to);
}

int
club_answered(const struct club_recent *c, const char *to)
{
	size_t i;

	for (i = 0; i < c->nans; i++)
		if (strcmp(c->ans[i].mail, to) == 0)
			return 1;
	return 0;
}

void
club_recent_free(struct club_recent *c)
{
	free(c->inv);
	free(c->fwd);
	free(c->ans);
	memset(c, 0, sizeof(*c));
}

int
club_forwarded(const struct club_recent *c, const char *mail)
{
	size_t i;

	for (i = 0; i < c->nfwd; i++)
		if (strcmp(c->fwd[i].mail, mail) == 0)
			return 1;
	return 0;
}
