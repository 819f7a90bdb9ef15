/*
 * Streaming armor reader: base64 is decoded line by line into a small
 * window, so verifying a long archive needs memory for one entry only.
 * Lines are read into a fixed buffer too: a line longer than any armor
 * line could be (STREAM_LINE_MAX, generous for quoting and blanks) is
 * skipped, unkept, as surrounding text before the block, and refused
 * inside it, so no input makes the reader hold more than a few pages.
 */
#include <stdlib.h>
#include <string.h>

#include "armor.h"
#include "sec.h"

#define STREAM_LINE_MAX	4096	/* an armor line is 64 characters */
#define STREAM_CLEAN_MAX 128	/* once quoting and blanks are removed */

struct armor_stream {
	FILE		*f;
	char		 rbuf[65536];	/* read from f, not yet split */
	size_t		 rpos, rlen;
	char		 line[STREAM_LINE_MAX];
	size_t		 lineno;
	char		 begin[64];
	char		 end[64];
	char		 where[256];
	char		 b64[4096 + 4];	/* base64 waiting to be decoded */
	size_t		 nb64;
	uint8_t		 out[3 * 4096 / 4];	/* decoded, not yet read */
	size_t		 nout, outpos;
	int		 done;		/* END seen */
	int		 padded;	/* '=' seen: nothing may follow */
	int		 began;		/* the line read last is a BEGIN */
};

/* 0 with bytes in rbuf; -1 at the end of the input or on an error. */
static int
fill(struct armor_stream *s)
{
	if (s->rpos < s->rlen)
		return 0;
	s->rpos = 0;
	s->rlen = fread(s->rbuf, 1, sizeof(s->rbuf), s->f);
	return s->rlen > 0 ? 0 : -1;
}

/*
 * The next line, without its LF, in s->line: 1 and its length in *len;
 * 0 at the end of the input; -1 when the line is longer than
 * STREAM_LINE_MAX, with only its beginning read (skip_line() the rest).
 */
static int
next_line(struct armor_stream *s, size_t *len)
{
	const char *nl;
	size_t n = 0, k;

	for (;;) {
		if (fill(s) != 0) {
			if (n == 0)
				return 0;
			break;		/* a last line without LF */
		}
		nl = memchr(s->rbuf + s->rpos, '\n', s->rlen - s->rpos);
		k = nl ? (size_t)(nl - (s->rbuf + s->rpos)) : s->rlen - s->rpos;
		if (k > sizeof(s->line) - n) {
			s->lineno++;
			return -1;
		}
		memcpy(s->line + n, s->rbuf + s->rpos, k);
		n += k;
		s->rpos += k;
		if (nl != NULL) {
			s->rpos++;	/* the LF */
			break;
		}
	}
	s->lineno++;
	*len = n;
	return 1;
}

/* Reads through the end of an overlong line, keeping nothing. */
static void
skip_line(struct armor_stream *s)
{
	const char *nl;

	while (fill(s) == 0) {
		nl = memchr(s->rbuf + s->rpos, '\n', s->rlen - s->rpos);
		if (nl != NULL) {
			s->rpos = (size_t)(nl - s->rbuf) + 1;
			return;
		}
		s->rpos = s->rlen;
	}
}

struct armor_stream *
armor_stream_open(FILE *f, const char *label, const char *where,
    struct error *e)
{
	struct armor_stream *s = calloc(1, sizeof(*s));
	int rc;

	if (s == NULL) {
		error_set(e, EXIT_SYSTEM, "out of memory");
		return NULL;
	}
	s->f = f;
	snprintf(s->begin, sizeof(s->begin), "-----BEGIN %s-----", label);
	snprintf(s->end, sizeof(s->end), "-----END %s-----", label);
	snprintf(s->where, sizeof(s->where), "%s", where);
	if ((rc = armor_stream_next(s, where, e)) == 0)
		return s;
	if (rc == 1)
		error_set(e, EXIT_MALFORMED, "%s: no %s found", where, label);
	armor_stream_close(s);
	return NULL;
}

/* Is the line p (cleaned, n bytes) the BEGIN line? */
static int
is_begin(const struct armor_stream *s, const char *p, size_t n)
{
	return n == strlen(s->begin) && memcmp(p, s->begin, n) == 0;
}

int
armor_stream_next(struct armor_stream *s, const char *where,
    struct error *e)
{
	const char *p;
	size_t n;
	int got;

	snprintf(s->where, sizeof(s->where), "%s", where);
	s->nb64 = s->nout = s->outpos = 0;
	s->done = s->padded = 0;
	if (s->began) {
		/* a block cut short where the next one begins */
		s->began = 0;
		return 0;
	}
	while ((got = next_line(s, &n)) != 0) {
		if (got < 0) {
			/* text around the block: too long to be BEGIN */
			skip_line(s);
			continue;
		}
		p = s->line;
		armor_clean_line(&p, &n);
		if (is_begin(s, p, n))
			return 0;
	}
	if (ferror(s->f))
		return error_errno(e, "%s", where);
	return 1;
}

void
armor_stream_close(struct armor_stream *s)
{
	if (s == NULL)
		return;
	free(s);
}

/*
 * Refills out with the next decoded bytes: whole lines of base64 are
 * gathered and decoded in one call.  0 ok, 1 at END, -1 error.
 */
static int
refill(struct armor_stream *s, struct error *e)
{
	const char *p;
	size_t n, len, whole;
	int got;

	while (!s->done && s->nb64 < sizeof(s->b64) - 4 - STREAM_CLEAN_MAX) {
		if ((got = next_line(s, &n)) == 0) {
			if (ferror(s->f))
				return error_errno(e, "%s", s->where);
			return error_set(e, EXIT_MALFORMED, "%s:%zu: armor block "
			    "has no END line", s->where, s->lineno);
		}
		p = s->line;
		if (got > 0)
			armor_clean_line(&p, &n);
		if (got > 0 && n == strlen(s->end) &&
		    memcmp(p, s->end, n) == 0) {
			s->done = 1;
			break;
		}
		if (got < 0 || n > STREAM_CLEAN_MAX)
			return error_set(e, EXIT_MALFORMED, "%s:%zu: armor line "
			    "too long", s->where, s->lineno);
		if (armor_b64_span(p, n) != n) {
			s->began = is_begin(s, p, n);
			return error_set(e, EXIT_MALFORMED, "%s:%zu: "
			    "unexpected text inside armor block", s->where,
			    s->lineno);
		}
		if (s->padded && n > 0)
			return error_set(e, EXIT_MALFORMED, "%s:%zu: data after "
			    "base64 padding", s->where, s->lineno);
		memcpy(s->b64 + s->nb64, p, n);
		s->nb64 += n;
		if (memchr(p, '=', n) != NULL)
			s->padded = 1;
	}
	if (s->nb64 == 0)
		return s->done ? 1 : 0;
	whole = s->done ? s->nb64 : s->nb64 / 4 * 4;
	if (s->done && whole % 4 != 0)
		return error_set(e, EXIT_MALFORMED, "%s:%zu: base64 ends in the "
		    "middle of a group", s->where, s->lineno);
	if (armor_b64_decode(s->out, sizeof(s->out), &len, s->b64, whole) != 0)
		return error_set(e, EXIT_MALFORMED, "%s:%zu: armor block is not "
		    "valid base64", s->where, s->lineno);
	memmove(s->b64, s->b64 + whole, s->nb64 - whole);
	s->nb64 -= whole;
	s->nout = len;
	s->outpos = 0;
	return 0;
}

int
armor_stream_read(struct armor_stream *s, void *buf, size_t n,
    struct error *e)
{
	uint8_t *p = buf;
	size_t got = 0;
	int rc;

	while (got < n) {
		if (s->outpos < s->nout) {
			size_t k = s->nout - s->outpos;

			if (k > n - got)
				k = n - got;
			memcpy(p + got, s->out + s->outpos, k);
			got += k;
			s->outpos += k;
			continue;
		}
		rc = refill(s, e);
		if (rc < 0)
			return -1;
		if (rc == 1) {
			if (got == 0)
				return 1;
			return error_set(e, EXIT_MALFORMED, "%s: archive "
			    "truncated", s->where);
		}
	}
	return 0;
}

int
armor_stream_end(struct armor_stream *s, struct error *e)
{
	uint8_t c;
	int rc = armor_stream_read(s, &c, 1, e);

	if (rc == 1)
		return 0;
	if (rc == 0)
		return error_set(e, EXIT_MALFORMED, "%s: stray bytes after the "
		    "last entry", s->where);
	return -1;
}
