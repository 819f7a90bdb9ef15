/*
 * ROOT/outbox, the record of a drain's mails (formats/gamedir.md): a
 * path written on its lines, and the whole record read back, strictly.
 * The run that writes it and what the next run owes from it are
 * mailqueue.c's.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "mailqueue.h"
#include "num.h"

#define RUNID		(MAILQUEUE_RUNID / 2)

/* A path on an outbox line: %XX for a blank, a control byte and '%'. */
void
mailqueue_escape(const char *s, struct buf *out)
{
	for (; *s != '\0'; s++)
		if ((unsigned char)*s <= ' ' || *s == '%' || *s == 0x7f)
			buf_printf(out, "%%%02X", (unsigned char)*s);
		else
			buf_addc(out, (uint8_t)*s);
}

static void
unescape(char *s)
{
	char *w = s;
	unsigned v;

	for (; *s != '\0'; s++)
		if (*s == '%' && sscanf(s + 1, "%2X", &v) == 1 && v != 0) {
			*w++ = (char)v;
			s += 2;
		} else
			*w++ = *s;
	*w = '\0';
}

static int
damaged(const char *path, size_t i, struct error *e)
{
	return error_set(e, EXIT_MALFORMED, "%s: damaged at mail %zu; move "
	    "it away to go on (what it held is not sent)", path, i + 1);
}

/*
 * One mail's line of an outbox, "mail GAME SEAT TARGET SOURCE LENGTH"
 * (len bytes at p, no newline), into t and *len: 0, or -1.  Every number
 * strictly (num.h): a length of "-1" is a damaged outbox, never a wrapped
 * one.  SEAT "-" (or "-1", as earlier runs wrote it): no seat.
 */
static int
outbox_line(const char *p, size_t n, struct mailqueue_mail *t, size_t *len)
{
	char line[ROOT_ID + MAILQUEUE_SOURCE + 96], *w[6];
	uint64_t v;

	if (n >= sizeof(line) || memchr(p, '\0', n) != NULL)
		return -1;
	memcpy(line, p, n);
	line[n] = '\0';
	if (num_words(line, w, 6) != 6 || strcmp(w[0], "mail") != 0 ||
	    strlen(w[4]) >= MAILQUEUE_SOURCE)
		return -1;
	if (strcmp(w[1], "-") == 0)
		t->game[0] = '\0';
	else if (strlen(w[1]) == ROOT_ID - 1 && strspn(w[1],
	    "0123456789abcdef") == ROOT_ID - 1)
		memcpy(t->game, w[1], ROOT_ID);
	else
		return -1;
	if (strcmp(w[2], "-") == 0 || strcmp(w[2], "-1") == 0)
		t->seat = -1;
	else if (num_parse_str(w[2], GAME_MAX_SEATS - 1, &v) == 0)
		t->seat = (int)v;
	else
		return -1;
	if (num_parse_str(w[3], UINT64_C(999999999999), &t->target) != 0 ||
	    num_parse_str(w[5], SIZE_MAX / 4, &v) != 0)
		return -1;
	*len = (size_t)v;
	if (strcmp(w[4], "-") != 0) {
		unescape(w[4]);
		snprintf(t->source, sizeof(t->source), "%s", w[4]);
	}
	return 0;
}

int
mailqueue_outbox_parse(const char *path, const void *text, size_t size,
    char id[MAILQUEUE_RUNID + 1], struct mailqueue_mail **m, size_t *n,
    struct error *e)
{
	const char *p = text, *end = p + size, *nl;
	struct mailqueue_mail t;
	size_t len, hl = strlen(MAILQUEUE_MAGIC " ");

	*m = NULL;
	*n = 0;
	if (size == 0 || (nl = memchr(p, '\n', size)) == NULL ||
	    (size_t)(nl - p) != hl + 2 * RUNID ||
	    memcmp(p, MAILQUEUE_MAGIC " ", hl) != 0 ||
	    strspn(p + hl, "0123456789abcdef") != 2 * RUNID)
		return damaged(path, 0, e);
	memcpy(id, p + hl, 2 * RUNID);
	id[2 * RUNID] = '\0';
	for (p = nl + 1; p < end; p = nl + 2 + len) {
		memset(&t, 0, sizeof(t));
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL ||
		    outbox_line(p, (size_t)(nl - p), &t, &len) != 0 ||
		    (size_t)(end - nl) - 1 < len + 1 || nl[1 + len] != '\n')
			return damaged(path, *n, e);
		if (mailqueue_grow(m, *n, e) != 0)
			return -1;
		(*m)[*n] = t;
		buf_init(&(*m)[*n].text);
		if (buf_add(&(*m)[(*n)++].text, nl + 1, len) != 0)
			return error_set(e, EXIT_SYSTEM, "out of memory");
	}
	return 0;
}
