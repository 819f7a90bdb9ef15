/*
 * A club's directory, ROOT/members (formats/club.md): each member's name,
 * public key and address, as REGISTER by mail confirmed them
 * (mailcmd_register.c).  Read strictly, written whole and atomically by
 * the mail bot under the root's lock.  See club.h.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "club.h"
#include "club_int.h"
#include "fsio.h"
#include "match.h"
#include "num.h"
#include "when.h"
#include "ydoc.h"

static int
member_of(const struct ydoc *r, struct club_member *m, const char *where,
    struct error *e)
{
	static const char *const keys[] = { "name", "key", "address",
	    "since", NULL };
	const char *name, *key, *addr, *since;

	memset(m, 0, sizeof(*m));
	if (ydoc_check_keys(r, keys, keys, where, e) != 0 ||
	    (name = ydoc_scalar(r, "name", where, e)) == NULL ||
	    (key = ydoc_scalar(r, "key", where, e)) == NULL ||
	    (addr = ydoc_scalar(r, "address", where, e)) == NULL ||
	    (since = ydoc_scalar(r, "since", where, e)) == NULL)
		return -1;
	if (!key_name_ok(name))
		return error_set(e, EXIT_USAGE, "%s:%u:%u: name: \"%.40s\" is "
		    "not a name", where, r->line, r->col, name);
	if (!header_address_ok(addr) || strlen(addr) >= sizeof(m->address))
		return error_set(e, EXIT_USAGE, "%s:%u:%u: address: not an "
		    "address", where, r->line, r->col);
	if (when_parse(since, &m->since) != 0)
		return error_set(e, EXIT_USAGE, "%s:%u:%u: since: \"%.40s\" is "
		    "not a time", where, r->line, r->col, since);
	if (key_public_parse(key, &m->key, where, e) != 0)
		return -1;
	snprintf(m->name, sizeof(m->name), "%s", name);
	snprintf(m->address, sizeof(m->address), "%s", addr);
	return 0;
}

static int
members_doc(const struct ydoc *doc, struct club_members *c,
    const char *where, struct error *e)
{
	static const char *const keys[] = { "members", "left", NULL };
	const struct ydoc *l;
	struct club_member m, *to;
	const char *s = NULL;
	size_t i;

	if (ydoc_check_keys(doc, keys, NULL, where, e) != 0)
		return -1;
	if (ydoc_get(doc, "left") != NULL && ((s = ydoc_scalar(doc, "left",
	    where, e)) == NULL || num_parse_str(s, UINT32_MAX,
	    &c->left) != 0))
		return s == NULL ? -1 : error_set(e, EXIT_USAGE, "%s: left: "
		    "\"%.20s\" is not a count", where, s);
	if ((l = ydoc_get(doc, "members")) == NULL)
		return 0;
	if (ydoc_expect(l, YDOC_SEQ, "members", where, e) != 0)
		return -1;
	for (i = 0; i < l->nkids; i++) {
		if (member_of(l->kids[i], &m, where, e) != 0)
			return -1;
		if (club_member_named(c, m.name) != NULL ||
		    club_member_keyed(c, m.key.id) != NULL)
			return error_set(e, EXIT_USAGE, "%s:%u:%u: member %s: "
			    "its name or key twice", where, l->kids[i]->line,
			    l->kids[i]->col, m.name);
		if ((to = club_member_add(c)) == NULL)
			return error_set(e, c->n >= CLUB_MEMBERS_MAX ?
			    EXIT_USAGE : EXIT_SYSTEM, "%s: %s", where,
			    c->n >= CLUB_MEMBERS_MAX ? "too many members" :
			    "out of memory");
		*to = m;
	}
	return 0;
}

static int
members_take(const struct ydoc *doc, void *c, const char *where,
    struct error *e)
{
	return members_doc(doc, c, where, e);
}

int
club_members_read(const char *root, struct club_members *c, struct error *e)
{
	memset(c, 0, sizeof(*c));
	if (club_record_read(root, CLUB_MEMBERS, YDOC_MAX_INPUT, members_take,
	    c, e) == 0)
		return 0;
	club_members_free(c);
	return -1;
}

int
club_members_parse(const void *text, size_t len, const char *where,
    struct club_members *c, struct error *e)
{
	memset(c, 0, sizeof(*c));
	if (club_record_parse(text, len, where, members_take, c, e) == 0)
		return 0;
	club_members_free(c);
	return -1;
}

static void
members_fill(struct ydoc_writer *w, const void *arg)
{
	const struct club_members *c = arg;
	char t[WHEN_TEXT], line[KEY_LINE_MAX];
	size_t i;

	ydoc_map_begin(w);
	if (c->left > 0) {
		snprintf(t, sizeof(t), "%llu", (unsigned long long)c->left);
		ydoc_kv(w, "left", t);
	}
	ydoc_key(w, "members");
	ydoc_seq_begin(w, c->n == 0);
	for (i = 0; i < c->n; i++) {
		when_format(c->m[i].since, t, sizeof(t));
		key_public_line(&c->m[i].key, line, sizeof(line));
		ydoc_map_begin(w);
		ydoc_kv(w, "name", c->m[i].name);
		ydoc_kv(w, "key", line);
		ydoc_kv(w, "address", c->m[i].address);
		ydoc_kv(w, "since", t);
		ydoc_map_end(w);
	}
	ydoc_seq_end(w);
	ydoc_map_end(w);
}

int
club_members_write(const char *root, const struct club_members *c,
    struct error *e)
{
	return club_record_write(root, CLUB_MEMBERS, members_fill, c, e);
}

struct club_member *
club_member_named(const struct club_members *c, const char *name)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		if (strcmp(c->m[i].name, name) == 0)
			return &c->m[i];
	return NULL;
}

struct club_member *
club_member_keyed(const struct club_members *c, const uint8_t id[KEY_ID])
{
	size_t i;

	for (i = 0; i < c->n; i++)
		if (memcmp(c->m[i].key.id, id, KEY_ID) == 0)
			return &c->m[i];
	return NULL;
}

struct club_member *
club_member_add(struct club_members *c)
{
	struct club_member *x;

	if ((x = club_list_grow(c->m, c->n, sizeof(*x),
	    CLUB_MEMBERS_MAX)) == NULL)
		return NULL;
	c->m = x;
	return &x[c->n++];
}

void
club_member_remove(struct club_members *c, struct club_member *x)
{
	club_list_drop(c->m, &c->n, sizeof(*x),
	    (size_t)(x - c->m));
}

void
club_members_free(struct club_members *c)
{
	free(c->m);
	c->m = NULL;
	c->n = 0;
}
