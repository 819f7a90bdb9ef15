/*
 * The mail reader.  See mime.h.  A mail is recognised by its MIME
 * headers and decoded part by part; anything else is handed on as it is.
 * An HTML part (the only text some webmail and phone clients send) is
 * turned into lines first.  What is read here is authenticated later, if
 * at all (the armored messages by their AEAD and signature), so nothing
 * here needs to be trusted: it only has to never read out of bounds.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mime.h"
#include "sec.h"

/* A base64 character of a part's body (RFC 2045), or '='. */
static int
is_b64(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
	    (c >= '0' && c <= '9') || c == '+' || c == '/' || c == '=';
}

struct mime_headers {
	char	ctype[256];	/* lower-cased type/subtype */
	char	boundary[128];
	char	cte[64];	/* lower-cased */
	int	any;		/* saw a MIME header at all */
};

static void
lower(char *s)
{
	for (; *s; s++)
		*s = (char)tolower((unsigned char)*s);
}

/* Extracts param="value" or param=value from a header value. */
static void
header_param(const char *v, const char *param, char *out, size_t outlen)
{
	const char *p = v;
	size_t plen = strlen(param), n;

	out[0] = '\0';
	while ((p = strchr(p, ';')) != NULL) {
		p++;
		while (*p == ' ' || *p == '\t')
			p++;
		if (strncasecmp(p, param, plen) != 0 || p[plen] != '=')
			continue;
		p += plen + 1;
		if (*p == '"') {
			p++;
			n = strcspn(p, "\"");
		} else
			n = strcspn(p, "; \t");
		if (n >= outlen)
			n = outlen - 1;
		memcpy(out, p, n);
		out[n] = '\0';
		return;
	}
}

/* Cuts the blanks (and a stray CR) around s, in place. */
static void
trim(char *s)
{
	size_t n = strlen(s), i = 0;

	while (n > 0 && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
	while (isspace((unsigned char)s[i]))
		i++;
	memmove(s, s + i, n - i + 1);
}

size_t
mime_headers(const char *t, size_t len, mime_header_fn *fn, void *arg)
{
	char name[MIME_NAME], value[MIME_VALUE];
	const char *line, *colon, *c;
	size_t off = 0, n, vlen;
	int first = 1;

	name[0] = '\0';
	while ((line = buf_line(t, len, &off, &n)) != NULL) {
		if (n >= sizeof(value))
			n = sizeof(value) - 1;	/* the rest is cut anyway */
		if (first && n >= 5 && memcmp(line, "From ", 5) == 0) {
			first = 0;
			continue;	/* mbox separator */
		}
		if (n > 0 && (line[0] == ' ' || line[0] == '\t') &&
		    name[0] != '\0') {
			/* unfolded: the line break goes, the blank stays */
			vlen = strlen(value);
			snprintf(value + vlen, sizeof(value) - vlen, "%.*s",
			    (int)n, line);
			continue;
		}
		if (name[0] != '\0') {
			trim(value);
			fn(arg, name, value);
			name[0] = '\0';
		}
		if (n == 0)
			return first ? 0 : off;	/* blank line: body follows */
		colon = memchr(line, ':', n);
		if (colon == NULL || colon == line ||
		    (size_t)(colon - line) >= sizeof(name))
			return 0;
		for (c = line; c < colon; c++)
			if (!isgraph((unsigned char)*c))
				return 0;
		snprintf(name, sizeof(name), "%.*s", (int)(colon - line), line);
		vlen = n - (size_t)(colon - line) - 1;
		memcpy(value, colon + 1, vlen);
		value[vlen] = '\0';
		first = 0;
	}
	if (name[0] != '\0') {
		trim(value);
		fn(arg, name, value);
	}
	return 0;	/* no blank line: headers and no body */
}

int
mime_id(const char *v, char *out, size_t len)
{
	const char *p;
	size_t n = strlen(v);

	out[0] = '\0';
	if (n < 2 || n >= len || v[0] != '<' || strchr(v, '>') != v + n - 1)
		return 0;
	for (p = v; *p != '\0'; p++)
		if (*p <= ' ' || *p > '~')
			return 0;
	memcpy(out, v, n + 1);
	return 1;
}

struct id_of {
	char	*out;
	size_t	 len;
	int	 found;
};

static void
id_header(void *arg, const char *name, const char *value)
{
	struct id_of *r = arg;

	if (strcasecmp(name, "message-id") == 0)
		r->found = mime_id(value, r->out, r->len);
}

int
mime_message_id(const char *t, size_t len, char *out, size_t outlen)
{
	struct id_of r = { out, outlen, 0 };

	out[0] = '\0';
	(void)mime_headers(t, len, id_header, &r);
	return r.found;
}

/* A header of a part: the MIME ones are remembered. */
static void
mime_header(void *arg, const char *name, const char *value)
{
	struct mime_headers *h = arg;

	if (strcasecmp(name, "content-type") == 0) {
		snprintf(h->ctype, sizeof(h->ctype), "%.*s",
		    (int)strcspn(value, "; \t"), value);
		lower(h->ctype);
		header_param(value, "boundary", h->boundary,
		    sizeof(h->boundary));
		h->any = 1;
	} else if (strcasecmp(name, "content-transfer-encoding") == 0) {
		snprintf(h->cte, sizeof(h->cte), "%.*s",
		    (int)strcspn(value, " \t;"), value);
		lower(h->cte);
		h->any = 1;
	} else if (strcasecmp(name, "mime-version") == 0)
		h->any = 1;
}

/*
 * A part's headers; returns the offset of its body, or 0 when the text
 * does not start with RFC 5322 headers.
 */
static size_t
parse_headers(const char *t, size_t len, struct mime_headers *h)
{
	memset(h, 0, sizeof(*h));
	return mime_headers(t, len, mime_header, h);
}

static int
hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

static int
decode_qp(const char *t, size_t len, struct buf *out)
{
	size_t i;
	int a, b;

	for (i = 0; i < len; i++) {
		if (t[i] != '=') {
			if (buf_addc(out, (uint8_t)t[i]) != 0)
				return -1;
			continue;
		}
		if (i + 1 < len && t[i + 1] == '\n') {
			i++;		/* soft line break */
			continue;
		}
		if (i + 2 < len && t[i + 1] == '\r' && t[i + 2] == '\n') {
			i += 2;
			continue;
		}
		if (i + 2 < len && (a = hexval(t[i + 1])) >= 0 &&
		    (b = hexval(t[i + 2])) >= 0) {
			if (buf_addc(out, (uint8_t)(a * 16 + b)) != 0)
				return -1;
			i += 2;
			continue;
		}
		if (buf_addc(out, '=') != 0)	/* lenient: keep it */
			return -1;
	}
	return 0;
}

static int
decode_b64_body(const char *t, size_t len, struct buf *out)
{
	struct buf clean;
	size_t i, n;
	int rc = -1;

	buf_init(&clean);
	for (i = 0; i < len; i++)
		if (is_b64(t[i]) && buf_addc(&clean, (uint8_t)t[i]) != 0)
			goto done;
	if (buf_cstr(&clean) != 0 || buf_reserve(out, clean.len) != 0)
		goto done;
	if (sec_b64_decode(out->data + out->len, clean.len + 1, &n,
	    (const char *)clean.data, clean.len) != 0)
		goto done;
	out->len += n;
	rc = buf_cstr(out);
done:
	buf_free(&clean);
	return rc;
}

/* --- encoded words in a header (RFC 2047) --- */

/*
 * One encoded word at s ("=?charset?B|Q?text?="), decoded into out as
 * UTF-8; its length in s, or 0 when s holds none (then it is text).
 */
static size_t
encoded_word(const char *s, struct buf *out)
{
	char cs[40], raw[MIME_VALUE];
	const char *q, *text, *end;
	size_t n = 0, i, k;
	int a, b, latin1, utf8;

	if (s[0] != '=' || s[1] != '?' || (q = strchr(s + 2, '?')) == NULL ||
	    (size_t)(q - s - 2) >= sizeof(cs) || q == s + 2 ||
	    (q[1] != 'B' && q[1] != 'b' && q[1] != 'Q' && q[1] != 'q') ||
	    q[2] != '?' || (end = strstr(q + 3, "?=")) == NULL)
		return 0;
	text = q + 3;
	for (i = 0; text + i < end; i++)
		if (text[i] <= ' ' || text[i] > '~' || text[i] == '?')
			return 0;
	snprintf(cs, sizeof(cs), "%.*s", (int)(q - s - 2), s + 2);
	cs[strcspn(cs, "*")] = '\0';		/* RFC 2231: a language */
	latin1 = strcasecmp(cs, "iso-8859-1") == 0 ||
	    strcasecmp(cs, "latin1") == 0;
	utf8 = strcasecmp(cs, "utf-8") == 0 || strcasecmp(cs, "us-ascii") == 0;
	if (q[1] == 'B' || q[1] == 'b') {
		k = (size_t)(end - text);
		if (k >= sizeof(raw) || sec_b64_decode((uint8_t *)raw,
		    sizeof(raw), &n, text, k) != 0)
			return 0;
	} else
		for (i = 0; text + i < end && n < sizeof(raw); i++) {
			if (text[i] == '_')
				raw[n++] = ' ';
			else if (text[i] == '=' && text + i + 2 < end &&
			    (a = hexval(text[i + 1])) >= 0 &&
			    (b = hexval(text[i + 2])) >= 0) {
				raw[n++] = (char)(a * 16 + b);
				i += 2;
			} else
				raw[n++] = text[i];
		}
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)raw[i];

		/* a line break or a control decoded is a blank: a header
		 * value stays one line */
		if (c < 0x20 || c == 0x7f)
			c = ' ';
		if (c < 0x80 || utf8)
			buf_addc(out, c);
		else if (latin1) {
			buf_addc(out, (uint8_t)(0xc0 | c >> 6));
			buf_addc(out, (uint8_t)(0x80 | (c & 0x3f)));
		} else
			buf_addc(out, '?');
	}
	return (size_t)(end + 2 - s);
}

void
mime_words(const char *v, char *out, size_t len)
{
	struct buf b, blanks;
	size_t k;
	int after_word = 0;

	buf_init(&b);
	buf_init(&blanks);
	while (*v != '\0') {
		if ((k = encoded_word(v, &b)) > 0) {
			/* blanks between two encoded words go */
			blanks.len = 0;
			after_word = 1;
			v += k;
			continue;
		}
		if (*v == ' ' || *v == '\t') {
			if (after_word)
				buf_addc(&blanks, (uint8_t)*v);
			else
				buf_addc(&b, (uint8_t)*v);
			v++;
			continue;
		}
		if (after_word)
			buf_add(&b, blanks.data, blanks.len);
		blanks.len = 0;
		after_word = 0;
		buf_addc(&b, (uint8_t)*v++);
	}
	snprintf(out, len, "%.*s", (int)b.len, b.data != NULL ?
	    (const char *)b.data : "");
	buf_free(&b);
	buf_free(&blanks);
}

/* --- an HTML part, read as the lines a mail client shows --- */

static int
html_block_tag(const char *name)
{
	static const char *const block[] = { "br", "p", "div", "li", "tr",
	    "blockquote", "pre", "h1", "h2", "h3", "h4", "h5", "h6", "hr",
	    "table", "ul", "ol", "dd", "dt", "body", "html", NULL };
	size_t i;

	for (i = 0; block[i] != NULL; i++)
		if (strcasecmp(name, block[i]) == 0)
			return 1;
	return 0;
}

/* One character reference at t (after '&'); 0 when it is none. */
static size_t
html_entity(const char *t, size_t len, char *c)
{
	static const struct {
		const char	*name;
		char		 c;
	} named[] = { { "amp", '&' }, { "lt", '<' }, { "gt", '>' },
	    { "quot", '"' }, { "apos", '\'' }, { "nbsp", ' ' } };
	char name[12];
	unsigned long v;
	size_t n, i;
	char *end;

	for (n = 0; n < len && n < sizeof(name) - 1 && t[n] != ';'; n++)
		name[n] = t[n];
	if (n == len || n == sizeof(name) - 1 || n == 0)
		return 0;
	name[n] = '\0';
	if (name[0] == '#') {
		v = name[1] == 'x' || name[1] == 'X' ?
		    strtoul(name + 2, &end, 16) : strtoul(name + 1, &end, 10);
		if (*end != '\0' || end == name + 1)
			return 0;
		*c = v == 0xa0 ? ' ' : v < 128 ? (char)v : '?';
		return n + 1;
	}
	for (i = 0; i < sizeof(named) / sizeof(named[0]); i++)
		if (strcmp(name, named[i].name) == 0) {
			*c = named[i].c;
			return n + 1;
		}
	return 0;
}

/* A tag at t ('<'): its length, its name, whether it closes. */
static size_t
html_tag(const char *t, size_t len, char *name, size_t nlen)
{
	const char *gt;
	size_t i = 1, n = 0;

	if (len >= 4 && memcmp(t, "<!--", 4) == 0) {
		for (i = 4; i + 2 < len; i++)
			if (memcmp(t + i, "-->", 3) == 0)
				break;
		name[0] = '\0';
		return i + 3 <= len ? i + 3 : len;
	}
	if ((gt = memchr(t, '>', len)) == NULL)
		return 0;
	if (i < len && (t[i] == '/' || t[i] == '!'))
		i++;
	while (i < len && isalnum((unsigned char)t[i]) && n + 1 < nlen)
		name[n++] = t[i++];
	name[n] = '\0';
	return (size_t)(gt - t) + 1;
}

/*
 * Tags go (a block-level one, or <br>, ends a line), entities are
 * undone, the source's line breaks and runs of blanks are one blank
 * (except inside <pre>), and what <script> and <style> hold is dropped.
 */
static int
html_to_text(const char *t, size_t len, struct buf *out)
{
	char name[16], c;
	size_t i = 0, n;
	int pre = 0, skip = 0, blank = 1;

	while (i < len) {
		if (t[i] == '<' && (n = html_tag(t + i, len - i, name,
		    sizeof(name))) > 0) {
			int closing = t[i + 1] == '/';

			i += n;
			if (strcasecmp(name, "script") == 0 ||
			    strcasecmp(name, "style") == 0)
				skip = !closing;
			if (strcasecmp(name, "pre") == 0)
				pre = !closing;
			if (!skip && html_block_tag(name)) {
				if (buf_addc(out, '\n') != 0)
					return -1;
				blank = 1;
			}
			continue;
		}
		c = t[i++];
		if (skip)
			continue;
		if (c == '&' && (n = html_entity(t + i, len - i, &c)) > 0)
			i += n;
		else if (c == '\n' && pre) {
			if (buf_addc(out, '\n') != 0)
				return -1;
			blank = 1;
			continue;
		} else if (c == '\xc2' && i < len && t[i] == '\xa0') {
			i++;		/* a no-break space in UTF-8 */
			c = ' ';
		}
		if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
			if (blank)
				continue;
			c = ' ';
			blank = 1;
		} else
			blank = 0;
		if (buf_addc(out, (uint8_t)c) != 0)
			return -1;
	}
	return 0;
}

static int scan_mail(const char *, size_t, const char *, mime_part_fn *,
    void *, int, struct error *);

static int
scan_multipart(const char *body, size_t len, const char *boundary,
    const char *where, mime_part_fn *fn, void *arg, int depth,
    struct error *e)
{
	char delim[160];
	size_t dlen, off = 0, n, part_start = 0;
	const char *line, *nl;
	int in_part = 0;

	snprintf(delim, sizeof(delim), "--%s", boundary);
	dlen = strlen(delim);
	while (off < len) {
		line = body + off;
		nl = memchr(line, '\n', len - off);
		n = nl ? (size_t)(nl - line) : len - off;
		if (n >= dlen && memcmp(line, delim, dlen) == 0) {
			if (in_part && scan_mail(body + part_start,
			    off - part_start, where, fn, arg, depth + 1,
			    e) != 0)
				return -1;
			if (n >= dlen + 2 && line[dlen] == '-' &&
			    line[dlen + 1] == '-')
				return 0;	/* closing delimiter */
			in_part = 1;
			part_start = off + n + (nl ? 1 : 0);
		}
		off += n + (nl ? 1 : 0);
	}
	if (in_part)
		return scan_mail(body + part_start, len - part_start, where,
		    fn, arg, depth + 1, e);
	return 0;
}

/* One leaf part, decoded, to fn. */
static int
part(mime_part_fn *fn, void *arg, const struct mime_headers *h,
    const char *t, size_t len, int whole, struct error *e)
{
	struct mime_part p;

	p.text = t;
	p.len = len;
	p.html = strcmp(h->ctype, "text/html") == 0;
	p.plain = h->ctype[0] == '\0' || strcmp(h->ctype, "text/plain") == 0;
	p.whole = whole;
	return fn(arg, &p, e);
}

static int
scan_mail(const char *t, size_t len, const char *where, mime_part_fn *fn,
    void *arg, int depth, struct error *e)
{
	struct mime_headers h;
	size_t body;
	struct buf dec;
	int rc;

	if (depth > MIME_DEPTH)
		return error_set(e, EXIT_MALFORMED, "%s: MIME nested too "
		    "deeply", where);
	body = parse_headers(t, len, &h);
	if (body == 0 || (!h.any && depth == 0)) {
		memset(&h, 0, sizeof(h));
		return part(fn, arg, &h, t, len, depth == 0, e);
	}
	if (strncmp(h.ctype, "multipart/", 10) == 0 && h.boundary[0] != '\0')
		return scan_multipart(t + body, len - body, h.boundary, where,
		    fn, arg, depth, e);
	if (strcmp(h.ctype, "message/rfc822") == 0)
		return scan_mail(t + body, len - body, where, fn, arg,
		    depth + 1, e);
	buf_init(&dec);
	if (strcmp(h.cte, "quoted-printable") == 0)
		rc = decode_qp(t + body, len - body, &dec);
	else if (strcmp(h.cte, "base64") == 0) {
		rc = decode_b64_body(t + body, len - body, &dec);
		if (rc != 0) {
			buf_free(&dec);
			return error_set(e, EXIT_MALFORMED,
			    "%s: MIME part is not valid base64", where);
		}
	} else
		rc = buf_add(&dec, t + body, len - body);
	if (rc == 0 && strcmp(h.ctype, "text/html") == 0) {
		struct buf text;

		buf_init(&text);
		if ((rc = html_to_text((const char *)dec.data, dec.len,
		    &text)) == 0)
			rc = buf_cstr(&text);
		buf_free(&dec);
		if (rc != 0) {
			buf_free(&text);
			return error_set(e, EXIT_SYSTEM, "out of memory");
		}
		rc = part(fn, arg, &h, (const char *)text.data, text.len, 0, e);
		buf_free(&text);
		return rc;
	}
	if (rc != 0 || buf_cstr(&dec) != 0) {
		buf_free(&dec);
		return error_set(e, EXIT_SYSTEM, "out of memory");
	}
	rc = part(fn, arg, &h, (const char *)dec.data, dec.len, 0, e);
	buf_free(&dec);
	return rc;
}

int
mime_parts(const char *text, size_t len, const char *where, mime_part_fn *fn,
    void *arg, struct error *e)
{
	return scan_mail(text, len, where, fn, arg, 0, e);
}

struct texts {
	mime_text_fn	*fn;
	void		*arg;
};

static int
text_of(void *arg, const struct mime_part *p, struct error *e)
{
	struct texts *t = arg;

	return t->fn(t->arg, p->text, p->len, p->html, e);
}

int
mime_texts(const char *text, size_t len, const char *where, mime_text_fn *fn,
    void *arg, struct error *e)
{
	struct texts t = { fn, arg };

	return scan_mail(text, len, where, text_of, &t, 0, e);
}
