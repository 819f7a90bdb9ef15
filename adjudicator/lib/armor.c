/*
 * Armor blocks found in text.  A mail is taken apart by the mail reader
 * (mime.c), which gives each part's text; each text is searched here.
 * The decoded bytes are authenticated later (AEAD and signature), so
 * nothing here needs to be trusted: it only has to never read out of
 * bounds.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "armor.h"
#include "mime.h"
#include "sec.h"

void
armor_list_free(struct armor_list *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		buf_free(&l->items[i]);
	free(l->items);
	free(l->line);
	l->items = NULL;
	l->line = NULL;
	l->n = 0;
}

static int
list_add(struct armor_list *l, const uint8_t *p, size_t len, size_t line)
{
	struct buf *n;
	size_t i, *ln;

	/* the same block seen twice in one input (a quoted reply) is one */
	for (i = 0; i < l->n; i++)
		if (l->items[i].len == len && memcmp(l->items[i].data, p,
		    len) == 0)
			return 0;
	if (l->n >= ARMOR_MAX_BLOCKS)
		return -1;
	if ((n = realloc(l->items, (l->n + 1) * sizeof(*n))) == NULL)
		return -1;
	l->items = n;
	if ((ln = realloc(l->line, (l->n + 1) * sizeof(*ln))) == NULL)
		return -1;
	l->line = ln;
	l->line[l->n] = line;
	buf_init(&l->items[l->n]);
	if (buf_add(&l->items[l->n], p, len) != 0)
		return -1;
	l->n++;
	return 0;
}

/* Strips CR, trailing blanks, and any "> " quoting. */
void
armor_clean_line(const char **s, size_t *len)
{
	const char *p = *s;
	size_t n = *len;

	while (n > 0 && (p[n - 1] == '\r' || p[n - 1] == ' ' ||
	    p[n - 1] == '\t'))
		n--;
	while (n > 0 && (*p == '>' || *p == ' ' || *p == '\t')) {
		p++;
		n--;
	}
	*s = p;
	*len = n;
}

#define BAD_LINE	1

/* A line inside a block: its base64 characters, or BAD_LINE; squeeze
 * drops blanks.  -1: out of memory. */
static size_t
block_line(struct buf *b64, const char *s, size_t n, int squeeze)
{
	size_t k;

	/* a run of base64 at a time: a whole line, unless squeezed */
	while (n > 0) {
		k = armor_b64_span(s, n);
		if (buf_add(b64, s, k) != 0)
			return (size_t)-1;
		s += k;
		n -= k;
		if (n == 0)
			break;
		if (!squeeze || (*s != ' ' && *s != '\t'))
			return BAD_LINE;
		s++;
		n--;
	}
	return 0;
}

/*
 * squeeze: blanks inside a line of the block are dropped (an HTML part's
 * source line breaks are blanks once it is read as HTML).
 */
/*
 * A secret key's block by libsodium's constant-time decoder; every other
 * (a message's ciphertext or signed entry, a public key, an archive) is
 * public as it travels, and the table decoder takes exactly the same
 * base64 (tests/unit/armor.c) at a tenth of the cost.
 */
static int
decode(const char *label, uint8_t *out, size_t outmax, size_t *outlen,
    const char *in, size_t len)
{
	if (strcmp(label, ARMOR_SECRET) == 0)
		return sec_b64_decode(out, outmax, outlen, in, len);
	return armor_b64_decode(out, outmax, outlen, in, len);
}

static int
scan_text(const char *text, size_t len, const char *label, const char *where,
    int squeeze, struct armor_list *l, struct error *e)
{
	char begin[64], end[64];
	const char *p = text, *q, *s;
	size_t n, line = 0, start_line = 0, i, outlen;
	int inside = 0;
	struct buf b64;
	uint8_t *bin;

	snprintf(begin, sizeof(begin), "-----BEGIN %s-----", label);
	snprintf(end, sizeof(end), "-----END %s-----", label);
	buf_init(&b64);
	while (p < text + len) {
		q = memchr(p, '\n', (size_t)(text + len - p));
		if (q == NULL)
			q = text + len;
		s = p;
		n = (size_t)(q - p);
		p = q + 1;
		line++;
		armor_clean_line(&s, &n);
		if (!inside) {
			if (n == strlen(begin) && memcmp(s, begin, n) == 0) {
				inside = 1;
				start_line = line;
				b64.len = 0;
			}
			continue;
		}
		if (n == strlen(end) && memcmp(s, end, n) == 0) {
			if (buf_cstr(&b64) != 0)
				goto nomem;
			if ((bin = malloc(b64.len + 1)) == NULL)
				goto nomem;
			if (decode(label, bin, b64.len + 1, &outlen,
			    (const char *)b64.data, b64.len) != 0) {
				free(bin);
				buf_free(&b64);
				return error_set(e, EXIT_MALFORMED,
				    "%s:%zu: armor block is not valid base64",
				    where, start_line);
			}
			if (list_add(l, bin, outlen, start_line) != 0) {
				free(bin);
				buf_free(&b64);
				return error_set(e, EXIT_MALFORMED,
				    "%s: too many armor blocks", where);
			}
			free(bin);
			inside = 0;
			continue;
		}
		if (n == 0)
			continue;
		if ((i = block_line(&b64, s, n, squeeze)) == BAD_LINE) {
			buf_free(&b64);
			return error_set(e, EXIT_MALFORMED,
			    "%s:%zu: unexpected text inside armor block",
			    where, line);
		}
		if (i != 0)
			goto nomem;
	}
	buf_free(&b64);
	if (inside)
		return error_set(e, EXIT_MALFORMED,
		    "%s:%zu: armor block has no END line", where, start_line);
	return 0;
nomem:
	buf_free(&b64);
	return error_set(e, EXIT_SYSTEM, "out of memory");
}

struct find {
	const char		*label, *where;
	struct armor_list	*l;
};

/* One text of the mail: an HTML part's blanks may be its source's line
 * breaks, so inside a block they are dropped. */
static int
find_in(void *arg, const char *text, size_t len, int html, struct error *e)
{
	struct find *f = arg;

	return scan_text(text, len, f->label, f->where, html, f->l, e);
}

int
armor_read(const char *text, size_t len, const char *label, const char *where,
    struct armor_list *l, struct error *e)
{
	struct find f = { label, where, l };

	l->items = NULL;
	l->line = NULL;
	l->n = 0;
	if (mime_texts(text, len, where, find_in, &f, e) != 0) {
		armor_list_free(l);
		return -1;
	}
	if (l->n == 0)
		return error_set(e, EXIT_MALFORMED, "%s: no %s found", where,
		    label);
	return 0;
}
