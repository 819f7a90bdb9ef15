/*
 * A player's contacts of one club, ROOT/contacts/JUDGEID: see contacts.h
 * and formats/club.md.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "club.h"
#include "contacts.h"
#include "fsio.h"
#include "match.h"
#include "sec.h"
#include "when.h"
#include "ydoc.h"

struct book {
	struct key_public	 judge;
	char			 address[MAIL_FIELD];	/* the judge's, ""
							 * unknown */
	int64_t			 time;
	struct contact		*c;
	size_t			 n;
};

void
contacts_fingerprint(const struct key_public *k,
    char out[CONTACTS_FINGERPRINT])
{
	uint8_t both[SEC_SIGN_PK + SEC_BOX_PK], h[SEC_HASH];
	char hex[2 * SEC_HASH + 1];
	size_t i, o = 0;

	memcpy(both, k->sign_pk, SEC_SIGN_PK);
	memcpy(both + SEC_SIGN_PK, k->box_pk, SEC_BOX_PK);
	if (sec_hash(h, "adj-fingerprint", both, sizeof(both)) != 0)
		memset(h, 0, sizeof(h));
	sec_hex(hex, sizeof(hex), h, sizeof(h));
	for (i = 0; i < 40; i++) {
		if (i > 0 && i % 4 == 0)
			out[o++] = ' ';
		out[o++] = hex[i];
	}
	out[o] = '\0';
}

static struct contact *
named(const struct book *b, const char *name)
{
	size_t i;

	for (i = 0; i < b->n; i++)
		if (strcmp(b->c[i].name, name) == 0)
			return &b->c[i];
	return NULL;
}

/* An optional address: at key of r into out (MAIL_FIELD), "" none. */
static int
address_of(const struct ydoc *r, const char *key, char *out,
    const char *where, struct error *e)
{
	const char *addr;

	out[0] = '\0';
	if (ydoc_get(r, key) == NULL)
		return 0;
	if ((addr = ydoc_scalar(r, key, where, e)) == NULL)
		return -1;
	if (!header_address_ok(addr) || strlen(addr) >= MAIL_FIELD)
		return error_set(e, EXIT_MALFORMED, "%s:%u:%u: %s: not an "
		    "address", where, r->line, r->col, key);
	snprintf(out, MAIL_FIELD, "%s", addr);
	return 0;
}

static int
entry_of(const struct ydoc *r, struct contact *c, const char *where,
    struct error *e)
{
	static const char *const keys[] = { "name", "key", "address", NULL };
	static const char *const need[] = { "name", "key", NULL };
	const char *name, *key;

	memset(c, 0, sizeof(*c));
	if (ydoc_check_keys(r, keys, need, where, e) != 0 ||
	    (name = ydoc_scalar(r, "name", where, e)) == NULL ||
	    (key = ydoc_scalar(r, "key", where, e)) == NULL)
		return -1;
	if (!key_name_ok(name))
		return error_set(e, EXIT_MALFORMED, "%s:%u:%u: name: \"%.40s\" "
		    "is not a name", where, r->line, r->col, name);
	if (key_public_parse(key, &c->key, where, e) != 0)
		return -1;
	snprintf(c->name, sizeof(c->name), "%s", name);
	return address_of(r, "address", c->address, where, e);
}

/*
 * A directory (club: members, judge: ID, the judge's address, time,
 * members: [...]: what the judge signs) or the contacts file (judge: the
 * key's line, its address, time, members) into b.
 */
static int
book_of(const struct ydoc *doc, int signed_body, struct book *b,
    const char *where, struct error *e)
{
	static const char *const skeys[] = { "club", "judge", "address",
	    "time", "members", NULL };
	static const char *const sneed[] = { "club", "judge", "time",
	    "members", NULL };
	static const char *const fkeys[] = { "judge", "address", "time",
	    "members", NULL };
	static const char *const fneed[] = { "judge", "time", "members",
	    NULL };
	const char *s;
	const struct ydoc *l;
	struct contact c, *to;
	size_t i;

	if (ydoc_expect(doc, YDOC_MAP, "the directory", where, e) != 0 ||
	    ydoc_check_keys(doc, signed_body ? skeys : fkeys, signed_body ?
	    sneed : fneed, where, e) != 0 ||
	    address_of(doc, "address", b->address, where, e) != 0)
		return -1;
	if (signed_body && (s = ydoc_scalar(doc, "club", where, e)) == NULL)
		return -1;
	if (signed_body && strcmp(s, "members") != 0)
		return error_set(e, EXIT_MALFORMED, "%s: club: \"%.20s\", not "
		    "members: not a club's directory", where, s);
	if ((s = ydoc_scalar(doc, "time", where, e)) == NULL)
		return -1;
	if (when_parse(s, &b->time) != 0)
		return error_set(e, EXIT_MALFORMED, "%s: time: \"%.40s\" is "
		    "not a time", where, s);
	if (!signed_body && ((s = ydoc_scalar(doc, "judge", where,
	    e)) == NULL || key_public_parse(s, &b->judge, where, e) != 0))
		return -1;
	if ((l = ydoc_get(doc, "members")) == NULL ||
	    ydoc_expect(l, YDOC_SEQ, "members", where, e) != 0)
		return -1;
	for (i = 0; i < l->nkids; i++) {
		if (entry_of(l->kids[i], &c, where, e) != 0)
			return -1;
		if (named(b, c.name) != NULL || b->n >= CONTACTS_MAX)
			return error_set(e, EXIT_MALFORMED, "%s: member %s: "
			    "twice, or too many members", where, c.name);
		if ((to = realloc(b->c, (b->n + 1) * sizeof(*to))) == NULL)
			return error_set(e, EXIT_SYSTEM, "out of memory");
		b->c = to;
		b->c[b->n++] = c;
	}
	return 0;
}

/* The contacts held of the judge (none: b->n 0, first set). */
static int
book_read(const char *path, struct book *b, int *first, struct error *e)
{
	struct ydoc *doc;
	struct buf t;
	int rc;

	*first = !fsio_exists(path);
	if (*first)
		return 0;
	buf_init(&t);
	if (fsio_read_regular(path, YDOC_MAX_INPUT, &t, NULL, e) != 0) {
		buf_free(&t);
		return -1;
	}
	doc = ydoc_parse(t.data, t.len, path, e);
	buf_free(&t);
	if (doc == NULL)
		return -1;
	rc = book_of(doc, 0, b, path, e);
	ydoc_free(doc);
	return rc;
}

static int
book_write(const char *path, const struct book *b, struct error *e)
{
	char t[WHEN_TEXT], line[KEY_LINE_MAX];
	struct ydoc_writer *w;
	struct buf out;
	size_t i;
	int rc;

	buf_init(&out);
	if ((w = ydoc_writer_new(&out)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	when_format(b->time, t, sizeof(t));
	key_public_line(&b->judge, line, sizeof(line));
	ydoc_map_begin(w);
	ydoc_kv(w, "judge", line);
	if (b->address[0] != '\0')
		ydoc_kv(w, "address", b->address);
	ydoc_kv(w, "time", t);
	ydoc_key(w, "members");
	ydoc_seq_begin(w, b->n == 0);
	for (i = 0; i < b->n; i++) {
		key_public_line(&b->c[i].key, line, sizeof(line));
		ydoc_map_begin(w);
		ydoc_kv(w, "name", b->c[i].name);
		ydoc_kv(w, "key", line);
		if (b->c[i].address[0] != '\0')
			ydoc_kv(w, "address", b->c[i].address);
		ydoc_map_end(w);
	}
	ydoc_seq_end(w);
	ydoc_map_end(w);
	if (ydoc_writer_end(w) != 0 || (out.len > 0 &&
	    out.data[out.len - 1] != '\n' && buf_adds(&out, "\n") != 0))
		rc = error_set(e, EXIT_SYSTEM, "out of memory");
	else
		rc = fsio_write_atomic(path, out.data, out.len, 0600, e);
	buf_free(&out);
	return rc;
}

static int
news(struct contacts_import *im, enum contact_news what,
    const struct contact *now, const struct key_public *before)
{
	struct contact_change *c;

	if ((c = realloc(im->ch, (im->nch + 1) * sizeof(*c))) == NULL)
		return -1;
	im->ch = c;
	c = &c[im->nch++];
	memset(c, 0, sizeof(*c));
	c->news = what;
	c->now = *now;
	if (before != NULL)
		c->before = *before;
	return 0;
}

/* What changed from old to new, into im. */
static int
compare(const struct book *old, const struct book *new,
    struct contacts_import *im)
{
	const struct contact *o;
	size_t i;
	int rc = 0;

	for (i = 0; rc == 0 && i < new->n; i++) {
		o = named(old, new->c[i].name);
		if (o == NULL)
			rc = news(im, CONTACT_NEW, &new->c[i], NULL);
		else if (!key_same(&o->key, &new->c[i].key))
			rc = news(im, CONTACT_KEY, &new->c[i], &o->key);
		else if (strcmp(o->address, new->c[i].address) != 0)
			rc = news(im, CONTACT_ADDRESS, &new->c[i], NULL);
	}
	for (i = 0; rc == 0 && i < old->n; i++)
		if (named(new, old->c[i].name) == NULL)
			rc = news(im, CONTACT_GONE, &old->c[i], NULL);
	return rc;
}

/* The signed body read into b, its judge the signer's (one it names). */
static int
signed_book(const struct envelope *env, struct book *b, const char *where,
    struct error *e)
{
	struct ydoc *doc;
	const char *id;
	int rc;

	if ((doc = ydoc_parse(env->body, env->body_len, where, e)) == NULL)
		return -1;
	rc = book_of(doc, 1, b, where, e);
	if (rc == 0 && ((id = ydoc_scalar(doc, "judge", where, e)) == NULL ||
	    strcmp(id, env->signer.idhex) != 0))
		rc = error_set(e, EXIT_REFUSED, "%s: judge: not the key that "
		    "signed it (%s)", where, env->signer.idhex);
	ydoc_free(doc);
	b->judge = env->signer;
	return rc;
}

int
contacts_import(const char *root, const struct envelope *env,
    const struct key_public *judge, const char *where,
    struct contacts_import *im, struct error *e)
{
	struct book old, new;
	char dir[PATH_MAX], path[PATH_MAX], t[WHEN_TEXT];
	int rc = -1;

	memset(im, 0, sizeof(*im));
	memset(&old, 0, sizeof(old));
	memset(&new, 0, sizeof(new));
	if (judge != NULL && !key_same(judge, &env->signer))
		return error_set(e, EXIT_REFUSED, "%s: signed by %s (%s), not "
		    "by the judge %s (%s)", where, env->signer.name,
		    env->signer.idhex, judge->name, judge->idhex);
	if ((size_t)snprintf(dir, sizeof(dir), "%s/%s", root, CONTACTS_DIR) >=
	    sizeof(dir) || (size_t)snprintf(path, sizeof(path), "%s/%s", dir,
	    env->signer.idhex) >= sizeof(path))
		return error_set(e, EXIT_USAGE, "%s: path too long", root);
	if (signed_book(env, &new, where, e) != 0 ||
	    book_read(path, &old, &im->first, e) != 0)
		goto done;
	if (!im->first && new.time < old.time) {
		when_format(old.time, t, sizeof(t));
		rc = error_set(e, EXIT_REFUSED, "%s: older than the directory "
		    "in %s (of %s): not taken", where, path, t);
		goto done;
	}
	if (compare(&old, &new, im) != 0) {
		rc = error_set(e, EXIT_SYSTEM, "out of memory");
		goto done;
	}
	/* a new player's root too, as join makes it */
	if ((!fsio_exists(root) && fsio_mkdir(root, 0700, e) != 0) ||
	    (!fsio_exists(dir) && fsio_mkdir(dir, 0700, e) != 0) ||
	    book_write(path, &new, e) != 0)
		goto done;
	im->judge = env->signer;
	snprintf(im->address, sizeof(im->address), "%s", new.address);
	im->address_news = strcmp(old.address, new.address) != 0;
	im->time = new.time;
	im->members = new.n;
	rc = 0;
done:
	if (rc != 0)
		contacts_import_free(im);
	free(old.c);
	free(new.c);
	return rc;
}

void
contacts_import_free(struct contacts_import *im)
{
	free(im->ch);
	im->ch = NULL;
	im->nch = 0;
}

/* What contacts_key found so far: the key, and where, to name both
 * places when another key answers to the same name. */
struct found {
	int			n;
	struct key_public	key;
	char			address[MAIL_FIELD];
	char			where[PATH_MAX];
};

/* A name (a key's, so never a file's with a dot), a key id or an
 * address, and no file of that name: anything else is a path. */
int
contacts_is_name(const char *arg)
{
	size_t n = strlen(arg);
	int id = n == 2 * KEY_ID && strspn(arg, "0123456789abcdef") == n;

	return (key_name_ok(arg) || id || (strchr(arg, '@') != NULL &&
	    strchr(arg, '/') == NULL)) && !fsio_exists(arg);
}

static int
found_one(struct found *f, const char *arg, const struct key_public *k,
    const char *address, const char *where, struct error *e)
{
	if (f->n > 0 && !key_same(&f->key, k))
		return error_set(e, EXIT_REFUSED, "%s: two keys in the "
		    "contacts, %s in %s and %s in %s: give its .pub file",
		    arg, f->key.idhex, f->where, k->idhex, where);
	if (f->n == 0 || (f->address[0] == '\0' && address[0] != '\0')) {
		f->key = *k;
		snprintf(f->address, sizeof(f->address), "%s", address);
		snprintf(f->where, sizeof(f->where), "%s", where);
	}
	f->n++;
	return 0;
}

static int
member_is(const char *name, const char *address, const char *arg)
{
	return strcmp(name, arg) == 0 || (strchr(arg, '@') != NULL &&
	    strcasecmp(address, arg) == 0);
}

/* arg in one contacts file, path. */
static int
book_find(const char *path, const char *arg, int want, struct found *f,
    struct error *e)
{
	struct book b;
	size_t i;
	int first, rc;

	memset(&b, 0, sizeof(b));
	rc = book_read(path, &b, &first, e);
	for (i = 0; rc == 0 && (want & CONTACTS_MEMBER) && i < b.n; i++)
		if (member_is(b.c[i].name, b.c[i].address, arg))
			rc = found_one(f, arg, &b.c[i].key, b.c[i].address,
			    path, e);
	if (rc == 0 && !first && (want & CONTACTS_JUDGE) &&
	    (member_is(b.judge.name, b.address, arg) ||
	    strcmp(b.judge.idhex, arg) == 0))
		rc = found_one(f, arg, &b.judge, b.address, path, e);
	free(b.c);
	return rc;
}

/* arg in the club's own directory, ROOT/members, when root has one. */
static int
club_find(const char *root, const char *arg, struct found *f,
    struct error *e)
{
	struct club_members c;
	char path[PATH_MAX];
	size_t i;
	int rc = 0;

	if ((size_t)snprintf(path, sizeof(path), "%s/%s", root,
	    CLUB_MEMBERS) >= sizeof(path) || !fsio_exists(path))
		return 0;
	if (club_members_read(root, &c, e) != 0)
		return -1;
	for (i = 0; rc == 0 && i < c.n; i++)
		if (member_is(c.m[i].name, c.m[i].address, arg))
			rc = found_one(f, arg, &c.m[i].key, c.m[i].address,
			    path, e);
	club_members_free(&c);
	return rc;
}

/* Every contacts file of root (named by a key id: nothing else). */
static int
contacts_scan(const char *root, const char *arg, int want, struct found *f,
    struct error *e)
{
	char dir[PATH_MAX], path[PATH_MAX];
	struct dirent *d;
	DIR *dp;
	int rc = 0;

	if ((size_t)snprintf(dir, sizeof(dir), "%s/%s", root, CONTACTS_DIR) >=
	    sizeof(dir))
		return error_set(e, EXIT_USAGE, "%s: path too long", root);
	if ((dp = opendir(dir)) == NULL && errno != ENOENT && errno != ENOTDIR)
		return error_errno(e, "%s", dir);
	while (dp != NULL && rc == 0 && (d = readdir(dp)) != NULL) {
		if (strlen(d->d_name) != 2 * KEY_ID || strspn(d->d_name,
		    "0123456789abcdef") != 2 * KEY_ID)
			continue;
		if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir,
		    d->d_name) >= sizeof(path))
			rc = error_set(e, EXIT_USAGE, "%s: path too long", dir);
		else
			rc = book_find(path, arg, want, f, e);
	}
	if (dp != NULL)
		closedir(dp);
	if (rc == 0 && (want & CONTACTS_MEMBER))
		rc = club_find(root, arg, f, e);
	return rc;
}

int
contacts_key(const char *root, const char *arg, int want,
    struct key_public *k, char *address, struct error *e)
{
	struct found f;

	if (address != NULL)
		address[0] = '\0';
	if (!contacts_is_name(arg))
		return key_public_load(arg, k, e);
	memset(&f, 0, sizeof(f));
	if (root != NULL && contacts_scan(root, arg, want, &f, e) != 0)
		return -1;
	if (f.n == 0)
		return error_set(e, EXIT_USAGE, "%s: no such file, and no %s "
		    "of that %s in the contacts of %s", arg,
		    want == CONTACTS_JUDGE ? "club's judge" : "member",
		    strchr(arg, '@') != NULL ? "address" : "name",
		    root != NULL ? root : "any root (-r ROOT, ADJUDICATOR_ROOT "
		    "or ~/games)");
	*k = f.key;
	if (address != NULL)
		snprintf(address, MAIL_FIELD, "%s", f.address);
	return 0;
}
