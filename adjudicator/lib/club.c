/*
 * A club's judge: its settings, its record of the last day, and what
 * follows from them.  See club.h.
 *
 * The record counts and remembers by what the bot can know of a sender:
 * the key that signed the invitation (made at will by anyone, but the
 * allow-list's keys are the club's) and the address the mail came from
 * (written at will, but where every answer goes).  Neither is proof of a
 * person; the cap holds each of them apart, and what the bot answers
 * goes at most once a day to one address for one kind of refusal.
 */
#include <sys/stat.h>

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "club.h"
#include "digest.h"
#include "club_int.h"
#include "fsio.h"
#include "match.h"
#include "when.h"
#include "ydoc.h"

#define CLUB_MAX_FILE	(1024u * 1024)

/* --- the settings --- */

static int
path_of(const char *root, const char *name, char *out, size_t len,
    struct error *e)
{
	if ((size_t)snprintf(out, len, "%s/%s", root, name) >= len)
		return error_set(e, EXIT_USAGE, "%s: path too long", root);
	return 0;
}

/* Nothing but blank lines and comments: no document, the defaults. */
static int
blank(const void *text, size_t len)
{
	const unsigned char *p = text;
	size_t i = 0;
	int comment = 0;

	for (; i < len; i++) {
		if (p[i] == '\n')
			comment = 0;
		else if (p[i] == '#' && !comment)
			comment = 1;
		else if (!comment && !isspace(p[i]))
			return 0;
	}
	return 1;
}

/* A key id, or a whole public key line (its id): lowercase hex. */
static int
conf_key(const struct ydoc *n, char out[KEY_ID_HEX], const char *where,
    struct error *e)
{
	struct key_public k;
	struct error ign;
	size_t i;

	if (strlen(n->str) == KEY_ID_HEX - 1 && strspn(n->str,
	    "0123456789abcdefABCDEF") == KEY_ID_HEX - 1) {
		for (i = 0; i < KEY_ID_HEX; i++)
			out[i] = (char)tolower((unsigned char)n->str[i]);
		return 0;
	}
	if (strncmp(n->str, KEY_PUB_TAG " ", strlen(KEY_PUB_TAG) + 1) == 0 &&
	    key_public_parse(n->str, &k, where, &ign) == 0) {
		snprintf(out, KEY_ID_HEX, "%s", k.idhex);
		return 0;
	}
	return error_set(e, EXIT_USAGE, "%s:%u:%u: allow: keys: \"%.40s\" is "
	    "neither a key id (16 hex digits, the third word of a .pub line) "
	    "nor a public key line", where, n->line, n->col, n->str);
}

static int
conf_domain(const struct ydoc *n, char out[CLUB_DOMAIN], const char *where,
    struct error *e)
{
	char a[CLUB_DOMAIN + 8], why[80];
	size_t i;

	if (strlen(n->str) >= CLUB_DOMAIN - 1 || strchr(n->str, '@') != NULL ||
	    (snprintf(a, sizeof(a), "x@%s", n->str),
	    header_address_check(a, why, sizeof(why)) != 0))
		return error_set(e, EXIT_USAGE, "%s:%u:%u: allow: domains: "
		    "\"%.60s\" is not a mail domain (as club.example)", where,
		    n->line, n->col, n->str);
	for (i = 0; n->str[i] != '\0'; i++)
		out[i] = (char)tolower((unsigned char)n->str[i]);
	out[i] = '\0';
	return 0;
}

/* allow: { keys: [...], domains: [...] } */
static int
conf_allow(const struct ydoc *a, struct club_conf *c, const char *where,
    struct error *e)
{
	static const char *const keys[] = { "keys", "domains", NULL };
	const struct ydoc *l;
	size_t i;

	c->allow = 1;
	if (a->type == YDOC_SCALAR && a->str[0] == '\0')
		return 0;	/* "allow:" alone: nobody */
	if (ydoc_check_keys(a, keys, NULL, where, e) != 0)
		return -1;
	if ((l = ydoc_get(a, "keys")) != NULL) {
		if (ydoc_expect(l, YDOC_SEQ, "allow: keys", where, e) != 0)
			return -1;
		if ((c->keys = calloc(l->nkids + 1, sizeof(*c->keys))) == NULL)
			return error_set(e, EXIT_SYSTEM, "out of memory");
		for (i = 0; i < l->nkids; i++)
			if (ydoc_expect(l->kids[i], YDOC_SCALAR, "a key", where,
			    e) != 0 || conf_key(l->kids[i], c->keys[c->nkeys++],
			    where, e) != 0)
				return -1;
	}
	if ((l = ydoc_get(a, "domains")) != NULL) {
		if (ydoc_expect(l, YDOC_SEQ, "allow: domains", where, e) != 0)
			return -1;
		if ((c->domains = calloc(l->nkids + 1,
		    sizeof(*c->domains))) == NULL)
			return error_set(e, EXIT_SYSTEM, "out of memory");
		for (i = 0; i < l->nkids; i++)
			if (ydoc_expect(l->kids[i], YDOC_SCALAR, "a domain",
			    where, e) != 0 || conf_domain(l->kids[i],
			    c->domains[c->ndomains++], where, e) != 0)
				return -1;
	}
	return 0;
}

/* The mail address under key, if set, into out (MAIL_FIELD). */
static int
conf_address(const struct ydoc *doc, const char *key, char *out,
    const char *where, struct error *e)
{
	const struct ydoc *n;
	char why[80];

	if ((n = ydoc_get(doc, key)) == NULL)
		return 0;
	if (ydoc_expect(n, YDOC_SCALAR, key, where, e) != 0)
		return -1;
	if (header_address_check(n->str, why, sizeof(why)) != 0)
		return error_set(e, EXIT_USAGE, "%s:%u:%u: %s: not a mail "
		    "address (%s)", where, n->line, n->col, key, why);
	snprintf(out, MAIL_FIELD, "%s", n->str);
	return 0;
}

/* digest: daily|off, digest_hour: 0 to 23 (issue 34, digest.h) */
static int
conf_digest(const struct ydoc *doc, struct club_conf *c, const char *where,
    struct error *e)
{
	const struct ydoc *n;
	unsigned long long h;

	if ((n = ydoc_get(doc, "digest")) != NULL) {
		if (ydoc_expect(n, YDOC_SCALAR, "digest", where, e) != 0)
			return -1;
		if (strcmp(n->str, "daily") != 0 && strcmp(n->str, "off") != 0)
			return error_set(e, EXIT_USAGE, "%s:%u:%u: digest: "
			    "\"%.20s\": daily or off", where, n->line, n->col,
			    n->str);
		c->digest = strcmp(n->str, "daily") == 0;
	}
	if ((n = ydoc_get(doc, "digest_hour")) != NULL) {
		if (ydoc_expect(n, YDOC_SCALAR, "digest_hour", where, e) != 0)
			return -1;
		if (ydoc_uint(doc, "digest_hour", 23, &h, where, e) != 0)
			return error_set(e, EXIT_USAGE, "%s:%u:%u: "
			    "digest_hour: an hour from 0 to 23 (UTC)", where,
			    n->line, n->col);
		c->digest_hour = (int)h;
	}
	return 0;
}

/* site: the directory of the club's web site, where the bot runs from
 * anywhere: an absolute path. */
static int
conf_site(const struct ydoc *n, struct club_conf *c, const char *where,
    struct error *e)
{
	if (ydoc_expect(n, YDOC_SCALAR, "site", where, e) != 0)
		return -1;
	if (n->str[0] != '/' || strlen(n->str) >= sizeof(c->site) - 128)
		return error_set(e, EXIT_USAGE, "%s:%u:%u: site: \"%.40s\": "
		    "the directory a web server serves, as an absolute path",
		    where, n->line, n->col, n->str);
	snprintf(c->site, sizeof(c->site), "%s", n->str);
	return 0;
}

static int
conf_doc(const struct ydoc *doc, struct club_conf *c, const char *where,
    struct error *e)
{
	static const char *const keys[] = { "operator", "allow",
	    "invitations", "members", "address", "digest", "digest_hour",
	    "site", NULL };
	const struct ydoc *n;
	unsigned long long cap;

	if (ydoc_check_keys(doc, keys, NULL, where, e) != 0)
		return -1;
	if (conf_address(doc, "operator", c->operator_address, where,
	    e) != 0 || conf_address(doc, "address", c->address, where,
	    e) != 0)
		return -1;
	if ((n = ydoc_get(doc, "allow")) != NULL &&
	    conf_allow(n, c, where, e) != 0)
		return -1;
	if ((n = ydoc_get(doc, "site")) != NULL && conf_site(n, c, where,
	    e) != 0)
		return -1;
	if ((n = ydoc_get(doc, "invitations")) != NULL) {
		if (ydoc_expect(n, YDOC_SCALAR, "invitations", where, e) != 0)
			return -1;
		if (strcmp(n->str, "off") == 0)
			c->cap = 0;
		else if (ydoc_uint(doc, "invitations", CLUB_CAP_MAX, &cap,
		    where, e) != 0 || cap == 0)
			return error_set(e, EXIT_USAGE, "%s:%u:%u: "
			    "invitations: a number from 1 to %d (a day, from "
			    "one sender), or off", where, n->line, n->col,
			    CLUB_CAP_MAX);
		else
			c->cap = (unsigned)cap;
	}
	if ((n = ydoc_get(doc, "members")) != NULL) {
		if (ydoc_expect(n, YDOC_SCALAR, "members", where, e) != 0)
			return -1;
		if (strcmp(n->str, "addresses") != 0 &&
		    strcmp(n->str, "names") != 0)
			return error_set(e, EXIT_USAGE, "%s:%u:%u: members: "
			    "\"%.20s\": addresses (MEMBERS gives them) or "
			    "names", where, n->line, n->col, n->str);
		c->addresses = strcmp(n->str, "addresses") == 0;
	}
	return conf_digest(doc, c, where, e);
}

/* text as YAML into *doc: NULL when it is blank, which is no setting. */
int
club_doc_parse(const void *text, size_t len, const char *where,
    struct ydoc **doc, struct error *e)
{
	*doc = NULL;
	if (blank(text, len))
		return 0;
	return (*doc = ydoc_parse(text, len, where, e)) != NULL ? 0 : -1;
}

/*
 * ROOT/NAME read as YAML into *doc, its path in path (PATH_MAX): *doc
 * NULL when the file is absent or blank, which is no setting at all.
 */
int
club_doc_read(const char *root, const char *name, size_t max, char *path,
    struct ydoc **doc, struct error *e)
{
	struct stat st;
	struct buf b;
	int rc = -1;

	*doc = NULL;
	memset(&st, 0, sizeof(st));
	if (path_of(root, name, path, PATH_MAX, e) != 0)
		return -1;
	/* absent is no setting; a name that is there (a link to nothing,
	 * a FIFO) is read, and refused when it cannot be: never "absent" */
	if (lstat(path, &st) != 0 && errno == ENOENT)
		return 0;
	buf_init(&b);
	if (fsio_read_regular(path, max, &b, NULL, e) == 0)
		rc = club_doc_parse(b.data, b.len, path, doc, e);
	else if (S_ISLNK(st.st_mode) && stat(path, &st) != 0)
		error_set(e, EXIT_USAGE, "%s: a link to nothing (%s): mend it "
		    "or remove it", path, strerror(errno));
	buf_free(&b);
	return rc;
}

/* A document read (doc NULL: none) given to take, then freed; a refusal
 * but a system error is EXIT_USAGE. */
static int
taken(int rc, struct ydoc *doc, int (*take)(const struct ydoc *, void *,
    const char *, struct error *), void *arg, const char *where,
    struct error *e)
{
	if (rc == 0 && doc != NULL)
		rc = take(doc, arg, where, e);
	/* a file of the operator's, or a record mended by hand: the mail
	 * is kept until it is mended */
	if (rc != 0 && e->status != EXIT_SYSTEM)
		e->status = EXIT_USAGE;
	ydoc_free(doc);
	return rc;
}

int
club_record_read(const char *root, const char *name, size_t max,
    int (*take)(const struct ydoc *, void *, const char *, struct error *),
    void *arg, struct error *e)
{
	char path[PATH_MAX] = "";
	struct ydoc *doc = NULL;
	int rc;

	rc = club_doc_read(root, name, max, path, &doc, e);
	return taken(rc, doc, take, arg, path, e);
}

int
club_record_parse(const void *text, size_t len, const char *where,
    int (*take)(const struct ydoc *, void *, const char *, struct error *),
    void *arg, struct error *e)
{
	struct ydoc *doc = NULL;
	int rc;

	rc = club_doc_parse(text, len, where, &doc, e);
	return taken(rc, doc, take, arg, where, e);
}

void
club_record_fields(struct ydoc_writer *w, const struct club_field *f,
    size_t n)
{
	char t[WHEN_TEXT];
	size_t i;

	ydoc_map_begin(w);
	for (i = 0; i < n; i++) {
		if (f[i].text == NULL) {
			when_format(f[i].time, t, sizeof(t));
			ydoc_kv(w, f[i].key, t);
		} else if (!f[i].optional || f[i].text[0] != '\0')
			ydoc_kv(w, f[i].key, f[i].text);
	}
	ydoc_map_end(w);
}

int
club_record_write(const char *root, const char *name,
    void (*fill)(struct ydoc_writer *, const void *), const void *arg,
    struct error *e)
{
	char path[PATH_MAX];
	struct ydoc_writer *w;
	struct buf b;
	int rc;

	if (path_of(root, name, path, sizeof(path), e) != 0)
		return -1;
	buf_init(&b);
	if ((w = ydoc_writer_new(&b)) == NULL) {
		buf_free(&b);
		return error_set(e, EXIT_SYSTEM, "out of memory");
	}
	fill(w, arg);
	if (ydoc_writer_end(w) != 0 || (b.len > 0 && b.data[b.len - 1] !=
	    '\n' && buf_adds(&b, "\n") != 0))
		rc = error_set(e, EXIT_SYSTEM, "out of memory");
	else
		rc = fsio_write_atomic(path, b.data, b.len, 0600, e);
	buf_free(&b);
	return rc;
}

void *
club_list_grow(void *v, size_t n, size_t size, size_t max)
{
	char *p;

	if (n >= max || (p = realloc(v, (n + 1) * size)) == NULL)
		return NULL;
	memset(p + n * size, 0, size);
	return p;
}

void
club_list_drop(void *v, size_t *n, size_t size, size_t i)
{
	char *p = v;

	memmove(p + i * size, p + (i + 1) * size, (*n - i - 1) * size);
	(*n)--;
}

static int
conf_take(const struct ydoc *doc, void *c, const char *where,
    struct error *e)
{
	return conf_doc(doc, c, where, e);
}

int
club_conf_read(const char *root, struct club_conf *c, struct error *e)
{
	memset(c, 0, sizeof(*c));
	c->cap = CLUB_CAP;
	c->digest_hour = DIGEST_HOUR;
	if (club_record_read(root, CLUB_CONF, CLUB_MAX_FILE, conf_take, c,
	    e) == 0)
		return 0;
	club_conf_free(c);
	return -1;
}

int
club_conf_parse(const void *text, size_t len, const char *where,
    struct club_conf *c, struct error *e)
{
	memset(c, 0, sizeof(*c));
	c->cap = CLUB_CAP;
	c->digest_hour = DIGEST_HOUR;
	if (club_record_parse(text, len, where, conf_take, c, e) == 0)
		return 0;
	club_conf_free(c);
	return -1;
}

void
club_conf_free(struct club_conf *c)
{
	free(c->keys);
	free(c->domains);
	c->keys = NULL;
	c->domains = NULL;
	c->nkeys = c->ndomains = 0;
}

/* --- who may start games --- */

static int
listed_key(const struct club_conf *c, const char *key)
{
	size_t i;

	for (i = 0; i < c->nkeys; i++)
		if (strcmp(c->keys[i], key) == 0)
			return 1;
	return 0;
}

static int
listed_domain(const struct club_conf *c, const char *address)
{
	const char *at = strrchr(address, '@');
	size_t i;

	for (i = 0; at != NULL && i < c->ndomains; i++)
		if (strcasecmp(c->domains[i], at + 1) == 0)
			return 1;
	return 0;
}

/* The allow-list: the invitation's key is on it, or every seat's
 * address is at one of its domains (the addresses the judge mails). */
static int
allowed(const struct club_conf *c, const struct match *m, const char *key,
    char *why, size_t len)
{
	int i, out = -1;

	if (listed_key(c, key))
		return 1;
	for (i = 0; c->ndomains > 0 && i < m->nseats && out < 0; i++)
		if (!listed_domain(c, m->seat[i].address))
			out = i;
	if (c->ndomains > 0 && out < 0)
		return 1;
	if (c->nkeys == 0 && c->ndomains == 0)
		snprintf(why, len, "this judge takes no new games");
	else if (c->ndomains == 0)
		snprintf(why, len, "this judge takes invitations only from the "
		    "keys on its list, and key %s is not one of them", key);
	else
		snprintf(why, len, "this judge takes invitations only %sfor "
		    "games whose every seat's address is at one of its "
		    "domains, and %s's is at %s", c->nkeys > 0 ? "from the "
		    "keys on its list, or " : "", m->seat[out].name,
		    strrchr(m->seat[out].address, '@') != NULL ?
		    strrchr(m->seat[out].address, '@') + 1 : "no domain");
	return 0;
}

static int
same_sender(const struct club_invitation *v, const char *key,
    const char *from)
{
	return (key != NULL && strcmp(v->key, key) == 0) ||
	    (from[0] != '\0' && strcmp(v->from, from) == 0);
}

/* Over the cap: why, and when the next is taken. */
static int
capped(const struct club_conf *c, const struct club_recent *r,
    const char *key, const char *from, char *why, size_t len)
{
	unsigned by_key = 0, by_from = 0;
	int64_t first_key = 0, first_from = 0;
	char t[WHEN_TEXT];
	size_t i;

	for (i = 0; i < r->ninv; i++) {
		const struct club_invitation *v = &r->inv[i];

		if (v->verdict != CLUB_JOINED && v->verdict != CLUB_REFUSED)
			continue;
		if (strcmp(v->key, key) == 0 && by_key++ == 0)
			first_key = v->time;
		if (from[0] != '\0' && strcmp(v->from, from) == 0 &&
		    by_from++ == 0)
			first_from = v->time;
	}
	if (by_key < c->cap && by_from < c->cap)
		return 0;
	when_format((by_key >= c->cap ? first_key : first_from) + CLUB_DAY, t,
	    sizeof(t));
	snprintf(why, len, "this judge takes at most %u invitation%s in 24 "
	    "hours from one sender, and %s %s has sent %u; the next is taken "
	    "from %s", c->cap, c->cap == 1 ? "" : "s", by_key >= c->cap ?
	    "key" : "address", by_key >= c->cap ? key : from, by_key >= c->cap ?
	    by_key : by_from, t);
	return 1;
}

/* Refused the same way before, for this game or this sender (key, when
 * the refusal goes by key): told once already. */
static int
told(const struct club_recent *r, enum club_verdict how, const char *game,
    const char *key, const char *from)
{
	size_t i;

	for (i = 0; i < r->ninv; i++)
		if (r->inv[i].verdict == how &&
		    (strcmp(r->inv[i].game, game) == 0 ||
		    same_sender(&r->inv[i], key, from)))
			return 1;
	return 0;
}

enum club_verdict
club_gate(const struct club_conf *c, const struct club_recent *r,
    const struct match *m, const char *key, const char *from, int *quiet,
    char *why, size_t len)
{
	*quiet = 0;
	if (c->allow && !allowed(c, m, key, why, len)) {
		/* a stranger's key says nothing: told once per address */
		*quiet = told(r, CLUB_UNLISTED, m->game_hex, NULL, from);
		return CLUB_UNLISTED;
	}
	if (c->cap > 0 && capped(c, r, key, from, why, len)) {
		*quiet = told(r, CLUB_CAPPED, m->game_hex, key, from);
		return CLUB_CAPPED;
	}
	return CLUB_JOINED;
}

int
club_refused_before(const struct club_recent *r, const char *game)
{
	size_t i;

	for (i = 0; i < r->ninv; i++)
		if (strcmp(r->inv[i].game, game) == 0)
			return 1;
	return 0;
}

/* --- what is never passed on --- */

#define SUMMARY_MARK	"This summary is not signed and shows only the " \
			"public board"

struct seen {
	const char	*why;
	int		 views, marks, yaml_seat, yaml_board;
};

/* "nonce:" and 64 hex digits: a commitment's opening (commitment.md). */
static int
nonce_line(const char *p, size_t n)
{
	size_t i = 6, k = 0;

	if (n < 6 || memcmp(p, "nonce:", 6) != 0)
		return 0;
	while (i < n && (p[i] == ' ' || p[i] == '\t'))
		i++;
	while (i + k < n && isxdigit((unsigned char)p[i + k]))
		k++;
	return k == 64;
}

static int
holds(const char *p, size_t n, const char *what)
{
	size_t w = strlen(what), i;

	for (i = 0; i + w <= n; i++)
		if (memcmp(p + i, what, w) == 0)
			return 1;
	return 0;
}

static void
line_seen(struct seen *s, const char *p, size_t n)
{
	static const char begin[] = "-----BEGIN ADJUDICATOR ";
	const char *q;
	size_t b = sizeof(begin) - 1;

	if (n > b && memcmp(p, begin, b) == 0) {
		q = p + b;
		if (n - b >= 7 && memcmp(q, "MESSAGE", 7) == 0)
			return;
		s->why = n - b >= 10 && memcmp(q, "SECRET KEY", 10) == 0 ?
		    "a secret key" : n - b >= 7 && memcmp(q, "ARCHIVE", 7) ==
		    0 ? "a game's archive (it may hold a seat's openings)" :
		    "an armored block that is not a message";
		return;
	}
	while (n >= 2 && p[0] == '-' && p[1] == ' ')
		for (p += 2, n -= 2; n > 0 && *p == ' '; p++, n--)
			;
	if (nonce_line(p, n))
		s->why = "an opening of a setup (a nonce)";
	else if (n >= 8 && memcmp(p, "You are ", 8) == 0 &&
	    holds(p, n, " (seat "))
		s->views++;
	else if (n >= sizeof(SUMMARY_MARK) - 1 && memcmp(p, SUMMARY_MARK,
	    sizeof(SUMMARY_MARK) - 1) == 0)
		s->marks++;
	else if (n > 6 && memcmp(p, "seat: ", 6) == 0)
		s->yaml_seat = 1;
	else if (n == 6 && memcmp(p, "board:", 6) == 0)
		s->yaml_board = 1;
}

int
club_secret(const char *t, size_t len, char *why, size_t wlen)
{
	struct seen s;
	const char *line;
	size_t off = 0, n;

	memset(&s, 0, sizeof(s));
	while (s.why == NULL && (line = buf_line(t, len, &off, &n)) != NULL) {
		/* quoted in a reply, as deep as it goes */
		while (n > 0 && (*line == '>' || *line == ' ' ||
		    *line == '\t')) {
			line++;
			n--;
		}
		line_seen(&s, line, n);
	}
	if (s.why == NULL && s.views > s.marks)
		s.why = "a seat's own view (what show prints)";
	if (s.why == NULL && s.yaml_seat && s.yaml_board)
		s.why = "a seat's own view (what show -f yaml prints)";
	if (s.why == NULL)
		return 0;
	snprintf(why, wlen, "%s", s.why);
	return 1;
}
