/*
 * Unit tests for armor: lenient about transport, strict about base64.
 * In the templates, A and B stand for two armored blocks (A's base64 lines
 * get the same prefix and line ending as the line holding A).
 */
#include <ctype.h>

#include "armor.h"
#include "unit.h"

static uint8_t bin_a[100], bin_b[61];

static void
emit_block(struct buf *out, const uint8_t *bin, size_t len,
    const char *prefix, size_t plen, const char *eol)
{
	struct buf arm;
	struct error e;
	const char *p, *nl;

	buf_init(&arm);
	armor_wrap(bin, len, ARMOR_MESSAGE, &arm, &e);
	for (p = (const char *)arm.data; (nl = strchr(p, '\n')) != NULL;
	    p = nl + 1) {
		buf_add(out, prefix, plen);
		buf_add(out, p, (size_t)(nl - p));
		buf_adds(out, eol);
	}
	buf_free(&arm);
}

/* Expands a template: "A" and "B" on a line of their own become blocks. */
static void
expand(const char *t, struct buf *out)
{
	const char *p, *nl, *x;
	size_t n;

	buf_init(out);
	for (p = t; *p != '\0'; p = nl + 1) {
		if ((nl = strchr(p, '\n')) == NULL)
			nl = p + strlen(p);
		n = (size_t)(nl - p);
		x = NULL;
		if (n >= 1 && (p[n - 1] == 'A' || p[n - 1] == 'B'))
			x = p + n - 1;
		else if (n >= 2 && p[n - 1] == '\r' &&
		    (p[n - 2] == 'A' || p[n - 2] == 'B'))
			x = p + n - 2;
		if (x != NULL && strspn(p, "> \t") == (size_t)(x - p)) {
			emit_block(out, *x == 'A' ? bin_a : bin_b,
			    *x == 'A' ? sizeof(bin_a) : sizeof(bin_b), p,
			    (size_t)(x - p), x[1] == '\r' ? "\r\n" : "\n");
		} else {
			buf_add(out, p, n);
			buf_adds(out, "\n");
		}
		if (*nl == '\0')
			break;
	}
}

static const struct {
	const char	*name;
	const char	*text;
	const char	*blocks;	/* expected, in order */
} good[] = {
	{ "bare", "A\n", "A" },
	{ "CRLF", "A\r\n", "A" },
	{ "quoted", "> A\n", "A" },
	{ "nested quoting", ">> A\n", "A" },
	{ "nested quoting with spaces", "> > A\n", "A" },
	{ "indented", "    A\n", "A" },
	{ "surrounded by text", "Hi Bob,\nmy move:\n\nA\n-- \nAlice\n", "A" },
	{ "two blocks", "first\nA\nsecond\nB\n", "AB" },
	{ "two blocks, other order", "B\nA\n", "BA" },
	{ "a quoted copy is the same block", "A\n> A\n", "A" },
	{ "mbox-style headers, no MIME", "From alice Mon\nSubject: x\n\nA\n",
	    "A" },
	{ "plain mail with MIME-Version", "Subject: move\nMIME-Version: "
	    "1.0\nContent-Type: text/plain\n\nA\n", "A" },
};

static const struct {
	const char	*name;
	const char	*text;
	const char	*want;
} bad[] = {
	{ "no block", "hello\n", "t: no ADJUDICATOR MESSAGE found" },
	{ "empty input", "", "no ADJUDICATOR MESSAGE found" },
	{ "BEGIN without END", "text\n-----BEGIN ADJUDICATOR MESSAGE-----\n"
	    "QURKRQ==\n", "t:2: armor block has no END line" },
	{ "stray character", "-----BEGIN ADJUDICATOR MESSAGE-----\nQUR*KRQ==\n"
	    "-----END ADJUDICATOR MESSAGE-----\n",
	    "t:2: unexpected text inside armor block" },
	{ "stray base64 character", "-----BEGIN ADJUDICATOR MESSAGE-----\n"
	    "QURKRQ=A=\n-----END ADJUDICATOR MESSAGE-----\n",
	    "t:1: armor block is not valid base64" },
	{ "one char too many", "-----BEGIN ADJUDICATOR MESSAGE-----\n"
	    "QURKRQ==Q\n-----END ADJUDICATOR MESSAGE-----\n",
	    "not valid base64" },
	{ "missing padding", "-----BEGIN ADJUDICATOR MESSAGE-----\nQURKRQ\n"
	    "-----END ADJUDICATOR MESSAGE-----\n", "not valid base64" },
	{ "too much padding", "-----BEGIN ADJUDICATOR MESSAGE-----\n"
	    "QURKRQ===\n-----END ADJUDICATOR MESSAGE-----\n",
	    "not valid base64" },
	{ "nonzero trailing bits", "-----BEGIN ADJUDICATOR MESSAGE-----\n"
	    "QURKRR==\n-----END ADJUDICATOR MESSAGE-----\n",
	    "not valid base64" },
	{ "END of another label", "-----BEGIN ADJUDICATOR MESSAGE-----\n"
	    "QURKRQ==\n-----END ADJUDICATOR SECRET KEY-----\n",
	    "unexpected text" },
	{ "bad base64 MIME part", "MIME-Version: 1.0\nContent-Type: "
	    "text/plain\nContent-Transfer-Encoding: base64\n\nQUJD=QUJD\n",
	    "t: MIME part is not valid base64" },
};

static int
same_blocks(const struct armor_list *l, const char *want)
{
	size_t i;

	if (l->n != strlen(want))
		return 0;
	for (i = 0; i < l->n; i++) {
		const uint8_t *b = want[i] == 'A' ? bin_a : bin_b;
		size_t n = want[i] == 'A' ? sizeof(bin_a) : sizeof(bin_b);

		if (l->items[i].len != n || memcmp(l->items[i].data, b, n) != 0)
			return 0;
	}
	return 1;
}

static void
test_tables(void)
{
	struct armor_list l;
	struct buf t;
	struct error e;
	size_t i;
	int rc;

	for (i = 0; i < UNIT_NELEM(good); i++) {
		expand(good[i].text, &t);
		rc = armor_read((char *)t.data, t.len, ARMOR_MESSAGE, "t", &l,
		    &e);
		if (rc != 0)
			printf("# %s\n", e.msg);
		unit_ok(rc == 0 && same_blocks(&l, good[i].blocks),
		    "armor %s", good[i].name);
		if (rc == 0)
			armor_list_free(&l);
		buf_free(&t);
	}
	for (i = 0; i < UNIT_NELEM(bad); i++) {
		error_clear(&e);
		rc = armor_read(bad[i].text, strlen(bad[i].text), ARMOR_MESSAGE,
		    "t", &l, &e);
		unit_ok(unit_err(rc, &e, EXIT_MALFORMED, bad[i].want) &&
		    l.n == 0 && l.items == NULL, "armor %s refused",
		    bad[i].name);
	}
}

/*
 * An HTML part, as webmail and phone clients send it: block A's lines
 * between before and after, the part's source wrapped or not.
 */
static const struct {
	const char	*name;
	const char	*open, *before, *after, *close;
	int		 wrap;		/* break base64 runs in the source */
	int		 entities;	/* + and / as character references */
	int		 html_only;	/* read as plain text, it is not found */
} html[] = {
	{ "lines ended by <br>", "<html><body><div dir=\"ltr\">Hi,<br>",
	    "", "<br>\n", "</div></body></html>\n", 0, 0, 0 },
	{ "a <div> per line, one source line", "<div>my move:</div>",
	    "<div>", "</div>", "<div><br></div>\n", 0, 0, 1 },
	{ "source wrapped, entities", "<p style=\"x\">move</p><p>",
	    "<span>", "</span><wbr><br>", "</p>\n", 1, 1, 1 },
	{ "in <pre>", "<style>p { margin: 0 }</style><pre>\n", "", "\n",
	    "</pre>\n", 0, 0, 0 },
	{ "quoted reply", "<blockquote type=\"cite\">&gt; ",
	    "&gt;&nbsp;", "<br>", "</blockquote>\n", 0, 1, 1 },
};

static void
html_part(size_t k, struct buf *out)
{
	struct buf arm, body;
	struct error e;
	const char *p, *nl, *q;
	size_t i, run = 0;
	int markup = 0;

	buf_init(&arm);
	buf_init(&body);
	armor_wrap(bin_a, sizeof(bin_a), ARMOR_MESSAGE, &arm, &e);
	buf_adds(&body, html[k].open);
	for (p = (const char *)arm.data; (nl = strchr(p, '\n')) != NULL;
	    p = nl + 1) {
		struct buf line;

		buf_init(&line);
		buf_adds(&line, html[k].before);
		for (q = p; q < nl; q++) {
			if (html[k].entities && *q == '+')
				buf_adds(&line, "&#43;");
			else if (html[k].entities && *q == '/')
				buf_adds(&line, "&#x2F;");
			else
				buf_addc(&line, (uint8_t)*q);
		}
		buf_adds(&line, html[k].after);
		buf_add(&body, line.data, line.len);
		buf_free(&line);
	}
	buf_adds(&body, html[k].close);
	buf_init(out);
	buf_adds(out, "From: alice@example.org\nMIME-Version: 1.0\n"
	    "Content-Type: text/html; charset=utf-8\n\n");
	/* a source line break where a client may make one: not inside a
	 * tag or a character reference */
	for (i = 0; i < body.len; i++) {
		if (body.data[i] == '<' || body.data[i] == '&')
			markup = 1;
		run = markup || !isalnum(body.data[i]) ? 0 : run + 1;
		if (html[k].wrap && run == 23) {
			buf_addc(out, '\n');
			run = 0;
		}
		buf_addc(out, body.data[i]);
		if (body.data[i] == '>' || body.data[i] == ';')
			markup = 0;
	}
	buf_free(&arm);
	buf_free(&body);
}

static void
test_html(void)
{
	struct armor_list l;
	struct buf t;
	struct error e;
	size_t k;
	char *ct;
	int rc;

	for (k = 0; k < UNIT_NELEM(html); k++) {
		html_part(k, &t);
		buf_cstr(&t);
		rc = armor_read((char *)t.data, t.len, ARMOR_MESSAGE, "t", &l,
		    &e);
		if (rc != 0)
			printf("# %s\n", e.msg);
		unit_ok(rc == 0 && same_blocks(&l, "A"), "armor in an HTML "
		    "part: %s", html[k].name);
		if (rc == 0)
			armor_list_free(&l);
		/* read as plain text, the same part has no block: the HTML
		 * reading is what finds it */
		ct = strstr((char *)t.data, "text/html");
		memcpy(ct, "text/txt ", 9);
		rc = armor_read((char *)t.data, t.len, ARMOR_MESSAGE, "t", &l,
		    &e);
		if (html[k].html_only)
			unit_ok(rc != 0 || !same_blocks(&l, "A"), "armor in an "
			    "HTML part read as text: %s: not found",
			    html[k].name);
		if (rc == 0)
			armor_list_free(&l);
		buf_free(&t);
	}
}

static void
test_mime_depth(void)
{
	struct buf t;
	struct armor_list l;
	struct error e;
	int i;

	buf_init(&t);
	buf_adds(&t, "MIME-Version: 1.0\n");
	for (i = 0; i < 20; i++)
		buf_adds(&t, "Content-Type: message/rfc822\n\n");
	buf_adds(&t, "Content-Type: text/plain\n\nhello\n");
	error_clear(&e);
	unit_ok(unit_err(armor_read((char *)t.data, t.len, ARMOR_MESSAGE, "t",
	    &l, &e), &e, EXIT_MALFORMED, "MIME nested too deeply"),
	    "deeply nested MIME refused");
	buf_free(&t);
}

static void
test_many(void)
{
	struct buf t;
	struct armor_list l;
	struct error e;
	uint8_t x[4];
	int i;

	buf_init(&t);
	for (i = 0; i <= ARMOR_MAX_BLOCKS; i++) {
		memcpy(x, &i, sizeof(x));
		armor_wrap(x, sizeof(x), ARMOR_MESSAGE, &t, &e);
	}
	error_clear(&e);
	unit_ok(unit_err(armor_read((char *)t.data, t.len, ARMOR_MESSAGE, "t",
	    &l, &e), &e, EXIT_MALFORMED, "too many armor blocks"),
	    "more than %d blocks refused", ARMOR_MAX_BLOCKS);
	buf_free(&t);
}

/*
 * The public encoder against libsodium's: every length from 0 to 200
 * (whole lines, a part line, one and two bytes over a group), the same
 * base64 in 64-column lines, and read back to the same bytes.
 */
static void
test_wrap_lengths(void)
{
	static uint8_t x[200];
	char b64[300];
	struct armor_list l;
	struct buf t, want;
	struct error e;
	size_t n, i, len;
	int ok = 1;

	for (n = 0; n < sizeof(x); n++)
		x[n] = (uint8_t)(n * 37 + 11);
	for (n = 0; n <= sizeof(x) && ok; n++) {
		buf_init(&t);
		buf_init(&want);
		sec_b64_encode(b64, sizeof(b64), x, n);
		buf_printf(&want, "-----BEGIN %s-----\n", ARMOR_MESSAGE);
		len = strlen(b64);
		for (i = 0; i < len; i += 64)
			buf_printf(&want, "%.64s\n", b64 + i);
		buf_printf(&want, "-----END %s-----\n", ARMOR_MESSAGE);
		ok = armor_wrap(x, n, ARMOR_MESSAGE, &t, &e) == 0 &&
		    t.len == want.len && memcmp(t.data, want.data, t.len) == 0;
		if (ok && n > 0) {
			ok = armor_read((char *)t.data, t.len, ARMOR_MESSAGE,
			    "t", &l, &e) == 0 && l.n == 1 && l.items[0].len == n &&
			    memcmp(l.items[0].data, x, n) == 0;
			if (ok)
				armor_list_free(&l);
		}
		buf_free(&t);
		buf_free(&want);
	}
	unit_ok(ok, "armor of 0 to 200 bytes is libsodium's base64 in "
	    "64-column lines, read back whole (first wrong at %zu)", n - 1);
}

/*
 * One input to both decoders: the same verdict and the same bytes.  A
 * byte over 127 the table refuses; libsodium 1.0.18 takes some of them for
 * base64 digits (the armor readers never give it one: armor_is_b64 refuses
 * them first).
 */
static int
same_decode(const char *in, size_t len)
{
	uint8_t a[128], b[128];
	size_t na = 0, nb = 0, i;
	int ra, rb;

	rb = armor_b64_decode(b, sizeof(b), &nb, in, len);
	for (i = 0; i < len; i++)
		if ((unsigned char)in[i] > 127)
			return rb != 0;
	ra = sec_b64_decode(a, sizeof(a), &na, in, len);
	return ra == rb && (ra != 0 || (na == nb && memcmp(a, b, na) == 0));
}

static void
test_decode_same(void)
{
	static const char subst[] = { 'A', 'B', 'Q', 'g', '=', '-', ' ',
	    (char)0xc3 };
	uint8_t x[60];
	char b64[100], m[100];
	size_t n, i, k, len;
	int ok = 1, cases = 0;

	for (n = 0; n < sizeof(x); n++)
		x[n] = (uint8_t)(n * 53 + 7);
	for (n = 0; n <= sizeof(x) && ok; n++) {
		sec_b64_encode(b64, sizeof(b64), x, n);
		len = strlen(b64);
		ok = same_decode(b64, len);
		for (i = 0; i < len && ok; i++) {
			for (k = 0; k < sizeof(subst) && ok; k++) {
				memcpy(m, b64, len);
				m[i] = subst[k];
				ok = same_decode(m, len);
				cases++;
			}
			ok = ok && same_decode(b64, i);
		}
	}
	unit_ok(ok, "the archive's base64 decoder agrees with libsodium's "
	    "on %d encodings, altered and cut short, and refuses bytes over "
	    "127", cases);
	/* room for exactly the bytes, or for one less */
	for (ok = 1, n = 1; n <= sizeof(x) && ok; n++) {
		uint8_t out[60];
		size_t got;

		sec_b64_encode(b64, sizeof(b64), x, n);
		len = strlen(b64);
		i = n % len;
		ok = armor_b64_decode(out, n, &got, b64, len) == 0 &&
		    got == n && memcmp(out, x, n) == 0 &&
		    armor_b64_decode(out, n - 1, &got, b64, len) != 0 &&
		    armor_b64_span(b64, len) == len &&
		    armor_b64_span(b64, i) == i;
		memcpy(m, b64, len);
		m[i] = '-';
		ok = ok && armor_b64_span(m, len) == i;
	}
	unit_ok(ok, "decoded into exactly its room, refused one byte short; "
	    "the span of base64 stops at the first other character");
}

static void
test_encode_same(void)
{
	uint8_t x[60];
	char a[100], b[100];
	size_t n;
	int ok = 1;

	for (n = 0; n < sizeof(x); n++)
		x[n] = (uint8_t)(n * 29 + 3);
	for (n = 0; n <= sizeof(x) && ok; n++)
		ok = sec_b64_encode(a, sizeof(a), x, n) == 0 &&
		    armor_b64_encode(b, sizeof(b), x, n) == 0 &&
		    strcmp(a, b) == 0 &&
		    armor_b64_encode(b, sec_b64_len(n) - 1, x, n) != 0;
	unit_ok(ok, "the table encoder writes libsodium's base64 for 0 to "
	    "60 bytes, and refuses a room one short");
}

int
main(void)
{
	unit_init();
	sec_random(bin_a, sizeof(bin_a));
	sec_random(bin_b, sizeof(bin_b));
	test_tables();
	test_html();
	test_mime_depth();
	test_many();
	test_wrap_lengths();
	test_decode_same();
	test_encode_same();
	return unit_done();
}
