/*
 * Streaming armor reader: base64 is decoded line by line into a small
 * window, so verifying a long archive needs memory for one entry only.
 */
#include <stdlib.h>
#include <string.h>

#include "armor.h"
#include "sec.h"

struct armor_stream {
	FILE		*f;
	char		*line;
	size_t		 linecap;
	size_t		 lineno;
	size_t		 pos, len;	/* unread base64 in line */
	char		 end[64];
	char		 where[256];
	char		 quad[4];	/* base64 chars waiting for a quad */
	int		 nquad;
	uint8_t		 out[3];	/* decoded bytes not yet handed out */
	int		 nout, outpos;
	int		 done;		/* END seen */
	int		 padded;	/* '=' seen: nothing may follow */
};

struct armor_stream *
armor_stream_open(FILE *f, const char *label, const char *where,
    struct error *e)
{
	struct armor_stream *s = calloc(1, sizeof(*s));
	char begin[64];
	const char *p;
	size_t n;
	ssize_t got;

	if (s == NULL) {
		error_set(e, EXIT_SYSTEM, "out of memory");
		return NULL;
	}
	s->f = f;
	snprintf(begin, sizeof(begin), "-----BEGIN %s-----", label);
	snprintf(s->end, sizeof(s->end), "-----END %s-----", label);
	snprintf(s->where, sizeof(s->where), "%s", where);
	while ((got = getline(&s->line, &s->linecap, f)) >= 0) {
		s->lineno++;
		p = s->line;
		n = (size_t)got;
		if (n > 0 && p[n - 1] == '\n')
			n--;
		armor_clean_line(&p, &n);
		if (n == strlen(begin) && memcmp(p, begin, n) == 0)
			return s;
	}
	error_set(e, EXIT_MALFORMED, "%s: no %s found", where, label);
	armor_stream_close(s);
	return NULL;
}

void
armor_stream_close(struct armor_stream *s)
{
	if (s == NULL)
		return;
	free(s->line);
	free(s);
}

/* Decodes the next quad into out; 0 ok, 1 at END, -1 error. */
static int
next_quad(struct armor_stream *s, struct error *e)
{
	const char *p;
	size_t n, i, len;
	ssize_t got;
	uint8_t bin[3];

	for (;;) {
		while (s->nquad < 4) {
			/* take characters from the current line */
			if (s->pos < s->len) {
				char c = s->line[s->pos++];

				if (s->padded)
					return error_set(e, EXIT_MALFORMED,
					    "%s:%zu: data after base64 padding",
					    s->where, s->lineno);
				s->quad[s->nquad++] = c;
				continue;
			}
			if (s->done)
				break;
			got = getline(&s->line, &s->linecap, s->f);
			if (got < 0)
				return error_set(e, EXIT_MALFORMED, "%s:%zu: "
				    "armor block has no END line", s->where,
				    s->lineno);
			s->lineno++;
			p = s->line;
			n = (size_t)got;
			if (n > 0 && p[n - 1] == '\n')
				n--;
			armor_clean_line(&p, &n);
			if (n == strlen(s->end) && memcmp(p, s->end, n) == 0) {
				s->done = 1;
				s->pos = s->len = 0;
				continue;
			}
			for (i = 0; i < n; i++)
				if (!armor_is_b64(p[i]))
					return error_set(e, EXIT_MALFORMED,
					    "%s:%zu: unexpected text inside "
					    "armor block", s->where, s->lineno);
			s->pos = (size_t)(p - s->line);
			s->len = s->pos + n;
		}
		if (s->nquad == 0 && s->done)
			return 1;
		if (s->nquad < 4)
			return error_set(e, EXIT_MALFORMED, "%s:%zu: base64 ends "
			    "in the middle of a group", s->where, s->lineno);
		if (sec_b64_decode(bin, sizeof(bin), &len, s->quad, 4) != 0)
			return error_set(e, EXIT_MALFORMED, "%s:%zu: armor block "
			    "is not valid base64", s->where, s->lineno);
		if (memchr(s->quad, '=', 4) != NULL)
			s->padded = 1;
		s->nquad = 0;
		memcpy(s->out, bin, len);
		s->nout = (int)len;
		s->outpos = 0;
		return 0;
	}
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
			p[got++] = s->out[s->outpos++];
			continue;
		}
		rc = next_quad(s, e);
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
