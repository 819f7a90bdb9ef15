/*
 * ROOT/digest/NAME, a member's digest record (formats/club.md): its
 * choice on the first lines, then each update held, its text as it is,
 * its length said on the line before it.  See digest.h.
 */
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "digest.h"
#include "fault.h"
#include "fsio.h"
#include "match.h"
#include "num.h"

#define MAGIC	"adjudicator digest 1"
#define YEARS	((uint64_t)1 << 40)	/* a time, at most */

static int
path_of(const char *root, const char *name, char *out, size_t len,
    struct error *e)
{
	if ((size_t)snprintf(out, len, "%s/%s%s%s", root, name != NULL ?
	    DIGEST_DIR : DIGEST_LOCK, name != NULL ? "/" : "", name != NULL ?
	    name : "") >= len)
		return error_set(e, EXIT_USAGE, "%s: path too long", root);
	return 0;
}

int
digest_lock(const char *root, int *fd, struct error *e)
{
	char path[PATH_MAX];

	*fd = -1;
	if (path_of(root, NULL, path, sizeof(path), e) != 0)
		return -1;
	return fsio_lock(path, fd, e);
}

static int
bad(struct error *e, const char *where, unsigned line, const char *what)
{
	return error_set(e, EXIT_USAGE, "%s:%u: %s", where, line, what);
}

/* The line at *p (of the n bytes left) NUL-ended into out; *p past it. */
static int
line_of(const char **p, const char *end, char *out, size_t len)
{
	const char *nl = memchr(*p, '\n', (size_t)(end - *p));
	size_t n;

	if (nl == NULL || (n = (size_t)(nl - *p)) >= len ||
	    memchr(*p, '\0', n) != NULL)
		return -1;
	memcpy(out, *p, n);
	out[n] = '\0';
	*p = nl + 1;
	return 0;
}

static int
mode_of(struct digest *d, char *line)
{
	char *w[4];
	int n = num_words(line, w, 3);

	if (n != 3 || strcmp(w[0], "mode") != 0)
		return -1;
	if (strcmp(w[1], "daily") == 0)
		d->mode = DIGEST_DAILY;
	else if (strcmp(w[1], "off") == 0)
		d->mode = DIGEST_OFF;
	else if (strcmp(w[1], "default") == 0)
		d->mode = DIGEST_DEFAULT;
	else
		return -1;
	if (strcmp(w[2], "ics") != 0 && strcmp(w[2], "plain") != 0)
		return -1;
	d->ics = strcmp(w[2], "ics") == 0;
	return 0;
}

/* "held TIME GAME SEQ LEN", then LEN bytes: one more update held. */
static int
held_of(struct digest *d, char *line, const char **p, const char *end)
{
	struct digest_held *h;
	uint64_t t, seq, len;
	char *w[6];
	size_t i;

	if (num_words(line, w, 5) != 5 || strcmp(w[0], "held") != 0 ||
	    num_parse_str(w[1], YEARS, &t) != 0 || strlen(w[2]) !=
	    ROOT_ID - 1 || num_parse_str(w[3], UINT32_MAX, &seq) != 0 ||
	    seq == 0 || num_parse_str(w[4], DIGEST_MAX, &len) != 0 ||
	    len == 0 || len > (uint64_t)(end - *p) || d->n >= DIGEST_HELD_MAX)
		return -1;
	for (i = 0; i < ROOT_ID - 1; i++)
		if (strchr("0123456789abcdef", w[2][i]) == NULL)
			return -1;
	if ((h = realloc(d->h, (d->n + 1) * sizeof(*h))) == NULL)
		return -2;
	d->h = h;
	h = &d->h[d->n++];
	h->time = (int64_t)t;
	snprintf(h->game, sizeof(h->game), "%s", w[2]);
	h->seq = seq;
	buf_init(&h->text);
	if (buf_add(&h->text, *p, (size_t)len) != 0)
		return -2;
	*p += len;
	return 0;
}

static unsigned
newlines(const struct buf *b)
{
	unsigned n = 0;
	size_t i;

	for (i = 0; i < b->len; i++)
		n += b->data[i] == '\n';
	return n;
}

int
digest_parse(const void *text, size_t len, const char *where,
    struct digest *d, struct error *e)
{
	const char *p = text, *end = p + len;
	char line[MAIL_FIELD + 64];
	unsigned n = 1;
	int rc;

	memset(d, 0, sizeof(*d));
	if (line_of(&p, end, line, sizeof(line)) != 0 ||
	    strcmp(line, MAGIC) != 0)
		return bad(e, where, 1, "not a digest record (" MAGIC ")");
	if (line_of(&p, end, line, sizeof(line)) != 0 || mode_of(d, line) != 0)
		return bad(e, where, 2, "not \"mode daily|off|default "
		    "ics|plain\"");
	if (line_of(&p, end, line, sizeof(line)) != 0 ||
	    strncmp(line, "to ", 3) != 0 || (strcmp(line + 3, "-") != 0 &&
	    (!header_address_ok(line + 3) || strlen(line + 3) >=
	    sizeof(d->to))))
		return bad(e, where, 3, "not \"to ADDRESS\" nor \"to -\"");
	if (strcmp(line + 3, "-") != 0)
		snprintf(d->to, sizeof(d->to), "%.*s", (int)sizeof(d->to) - 1,
		    line + 3);
	for (n = 4; p < end; n++) {
		rc = line_of(&p, end, line, sizeof(line)) != 0 ? -1 :
		    held_of(d, line, &p, end);
		if (rc == -2) {
			digest_free(d);
			return error_set(e, EXIT_SYSTEM, "out of memory");
		}
		if (rc != 0) {
			digest_free(d);
			return bad(e, where, n, "not \"held TIME GAME SEQ "
			    "LEN\" and LEN bytes");
		}
		n += newlines(&d->h[d->n - 1].text);
	}
	return 0;
}

int
digest_read(const char *root, const char *name, struct digest *d,
    struct error *e)
{
	char path[PATH_MAX];
	struct buf b;
	int rc;

	memset(d, 0, sizeof(*d));
	if (path_of(root, name, path, sizeof(path), e) != 0)
		return -1;
	if (!fsio_exists(path))
		return 0;
	buf_init(&b);
	rc = fsio_read_regular(path, DIGEST_MAX + 64 * 1024, &b, NULL, e);
	if (rc == 0)
		rc = digest_parse(b.data, b.len, path, d, e);
	else if (e->status != EXIT_SYSTEM)
		e->status = EXIT_USAGE;
	buf_free(&b);
	return rc;
}

const char *
digest_words(const struct digest *d)
{
	switch (d->mode) {
	case DIGEST_DAILY:
		return d->ics ? "daily ics" : "daily";
	case DIGEST_OFF:
		return "off";
	default:
		return "default";
	}
}

int
digest_write(const char *root, const char *name, const struct digest *d,
    struct error *e)
{
	char path[PATH_MAX], dir[PATH_MAX];
	struct buf b;
	size_t i;
	int rc = 0;

	if (path_of(root, name, path, sizeof(path), e) != 0 ||
	    path_of(root, "", dir, sizeof(dir), e) != 0)
		return -1;
	if (d->mode == DIGEST_DEFAULT && !d->ics && d->n == 0) {
		if (fsio_exists(path) && (FAULT("unlink") ||
		    unlink(path) != 0))
			return error_errno(e, "%s", path);
		fsio_sync_dir_of(path);
		return 0;
	}
	if (fsio_mkdir(dir, 0700, e) != 0)
		return -1;
	buf_init(&b);
	rc |= buf_printf(&b, MAGIC "\nmode %s %s\nto %s\n", d->mode ==
	    DIGEST_DAILY ? "daily" : d->mode == DIGEST_OFF ? "off" :
	    "default", d->ics ? "ics" : "plain", d->to[0] ? d->to : "-");
	for (i = 0; i < d->n; i++) {
		rc |= buf_printf(&b, "held %" PRId64 " %s %" PRIu64 " %zu\n",
		    d->h[i].time, d->h[i].game, d->h[i].seq, d->h[i].text.len);
		rc |= buf_add(&b, d->h[i].text.data, d->h[i].text.len);
	}
	if (rc != 0)
		rc = error_set(e, EXIT_SYSTEM, "out of memory");
	else
		rc = fsio_write_atomic(path, b.data, b.len, 0600, e);
	buf_free(&b);
	return rc;
}

int
digest_hold(struct digest *d, int64_t t, const char *game, uint64_t seq,
    const void *text, size_t len, struct error *e)
{
	struct digest_held *h;
	size_t i, total = len;

	for (i = 0; i < d->n; i++) {
		if (strcmp(d->h[i].game, game) == 0 && d->h[i].seq >= seq)
			return 1;
		total += d->h[i].text.len + 128;
	}
	if (total > DIGEST_MAX || d->n >= DIGEST_HELD_MAX || len == 0)
		return 2;
	if ((h = realloc(d->h, (d->n + 1) * sizeof(*h))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	d->h = h;
	h = &d->h[d->n];
	h->time = t;
	snprintf(h->game, sizeof(h->game), "%s", game);
	h->seq = seq;
	buf_init(&h->text);
	if (buf_add(&h->text, text, len) != 0) {
		buf_free(&h->text);
		return error_set(e, EXIT_SYSTEM, "out of memory");
	}
	d->n++;
	return 0;
}

int64_t
digest_due(const struct digest *d, int hour)
{
	int64_t oldest, day, at;
	size_t i;

	if (d->n == 0)
		return 0;
	oldest = d->h[0].time;
	for (i = 1; i < d->n; i++)
		if (d->h[i].time < oldest)
			oldest = d->h[i].time;
	day = oldest - (oldest % 86400 + 86400) % 86400;
	at = day + (int64_t)hour * 3600;
	return at > oldest ? at : at + 86400;
}

void
digest_drop(struct digest *d, size_t n)
{
	size_t i;

	if (n > d->n)
		n = d->n;
	for (i = 0; i < n; i++)
		buf_free(&d->h[i].text);
	if (d->n > n)	/* (no list at all when nothing was held) */
		memmove(d->h, d->h + n, (d->n - n) * sizeof(*d->h));
	d->n -= n;
}

void
digest_free(struct digest *d)
{
	digest_drop(d, d->n);
	free(d->h);
	memset(d, 0, sizeof(*d));
}
