/*
 * Unit tests for the byte-level helpers: strict base64, hex, buffers,
 * bounds-checked cursors, strings quoted for one line.
 */
#include <stdint.h>

#include "buf.h"
#include "unit.h"

static const struct {
	const char	*name;
	const char	*in;
	int		 ok;
	const char	*out;
} b64_cases[] = {
	{ "b64 empty", "", 1, "" },
	{ "b64 one byte", "YQ==", 1, "a" },
	{ "b64 two bytes", "YWI=", 1, "ab" },
	{ "b64 three bytes", "YWJj", 1, "abc" },
	{ "b64 missing padding", "YQ", 0, NULL },
	{ "b64 half padding", "YQ=", 0, NULL },
	{ "b64 extra padding", "YWI==", 0, NULL },
	{ "b64 padding in the middle", "YQ==YWJj", 0, NULL },
	{ "b64 nonzero trailing bits (==)", "YR==", 0, NULL },
	{ "b64 nonzero trailing bits (=)", "YWJ=", 0, NULL },
	{ "b64 stray character", "YW*j", 0, NULL },
	{ "b64 stray space", "YW Jj", 0, NULL },
	{ "b64 stray newline", "YWJj\n", 0, NULL },
	{ "b64 one char too many", "YWJjZ", 0, NULL },
	{ "b64 url alphabet", "-_-_", 0, NULL },
	{ "b64 trailing NUL", "YWJj\0", 0, NULL },
};

static void
test_b64(void)
{
	uint8_t out[64];
	size_t i, n, len;
	int rc;

	for (i = 0; i < UNIT_NELEM(b64_cases); i++) {
		len = strlen(b64_cases[i].in);
		if (strcmp(b64_cases[i].name, "b64 trailing NUL") == 0)
			len++;
		n = 999;
		rc = sec_b64_decode(out, sizeof(out), &n, b64_cases[i].in,
		    len);
		if (b64_cases[i].ok)
			unit_ok(rc == 0 && n == strlen(b64_cases[i].out) &&
			    memcmp(out, b64_cases[i].out, n) == 0, "%s",
			    b64_cases[i].name);
		else
			unit_ok(rc != 0, "%s refused", b64_cases[i].name);
	}
}

static void
test_b64_roundtrip(void)
{
	uint8_t in[100], out[100];
	char enc[200];
	size_t len, n;
	int good = 1;

	for (len = 0; len < sizeof(in); len++) {
		sec_random(in, len);
		sec_b64_encode(enc, sizeof(enc), in, len);
		if (strlen(enc) + 1 != sec_b64_len(len) ||
		    sec_b64_decode(out, sizeof(out), &n, enc, strlen(enc)) != 0 ||
		    n != len || memcmp(in, out, len) != 0)
			good = 0;
	}
	unit_ok(good, "b64 round trip, lengths 0 to 99");
	/* the output buffer bounds the decode */
	unit_ok(sec_b64_decode(out, 2, &n, "YWJj", 4) != 0,
	    "b64 decode refuses a too small output buffer");
}

static void
test_hex(void)
{
	uint8_t b[4] = { 0x00, 0x7f, 0xa0, 0xff }, o[4];
	char h[9];

	sec_hex(h, sizeof(h), b, sizeof(b));
	unit_ok(strcmp(h, "007fa0ff") == 0, "hex encode");
	unit_ok(sec_unhex(o, sizeof(o), h) == 0 && memcmp(o, b, 4) == 0,
	    "hex decode");
	unit_ok(sec_unhex(o, sizeof(o), "007fa0f") != 0, "hex odd length refused");
	unit_ok(sec_unhex(o, sizeof(o), "007fa0ff00") != 0,
	    "hex too long refused");
	unit_ok(sec_unhex(o, sizeof(o), "007fa0fg") != 0,
	    "hex bad digit refused");
	unit_ok(sec_unhex(o, sizeof(o), "007fa0") != 0, "hex too short refused");
}

static void
test_buf_cursor(void)
{
	struct buf b;
	struct cursor c;
	uint8_t u8, tmp[8];
	uint16_t u16;
	uint32_t u32;
	uint64_t u64;
	const uint8_t *at;
	int i;

	buf_init(&b);
	buf_add_u16(&b, 0x1234);
	buf_add_u32(&b, 0xdeadbeef);
	buf_add_u64(&b, 0x0102030405060708ULL);
	buf_add_field(&b, "xyz", 3);
	buf_addc(&b, 0xff);
	unit_ok(b.len == 2 + 4 + 8 + 4 + 3 + 1, "buf length");
	unit_ok(b.data[0] == 0x34 && b.data[1] == 0x12 && b.data[2] == 0xef &&
	    b.data[6] == 0x08 && b.data[13] == 0x01, "little-endian encoding");
	unit_ok(b.data[b.len] == '\0', "buf keeps a NUL after the data");

	c.p = b.data;
	c.left = b.len;
	unit_ok(cursor_u16(&c, &u16) == 0 && u16 == 0x1234, "cursor u16");
	unit_ok(cursor_u32(&c, &u32) == 0 && u32 == 0xdeadbeef, "cursor u32");
	unit_ok(cursor_u64(&c, &u64) == 0 && u64 == 0x0102030405060708ULL,
	    "cursor u64");
	unit_ok(cursor_u32(&c, &u32) == 0 && u32 == 3 &&
	    cursor_skip(&c, &at, 3) == 0 && memcmp(at, "xyz", 3) == 0,
	    "cursor field");
	unit_ok(cursor_u8(&c, &u8) == 0 && u8 == 0xff && c.left == 0,
	    "cursor u8 to the end");
	unit_ok(cursor_u8(&c, &u8) != 0 && cursor_u16(&c, &u16) != 0 &&
	    cursor_u32(&c, &u32) != 0 && cursor_u64(&c, &u64) != 0 &&
	    cursor_skip(&c, &at, 1) != 0 && cursor_take(&c, tmp, 1) != 0,
	    "cursor refuses reads past the end");
	c.p = b.data;
	c.left = 3;
	unit_ok(cursor_u32(&c, &u32) != 0 && c.left == 3,
	    "a short read consumes nothing");
	unit_ok(cursor_skip(&c, NULL, SIZE_MAX) != 0, "huge skip refused");
	buf_free(&b);
	unit_ok(b.data == NULL && b.len == 0, "buf_free resets");
	buf_free(&b);

	buf_init(&b);
	unit_ok(buf_cstr(&b) == 0 && b.data != NULL && b.data[0] == '\0',
	    "buf_cstr of an empty buffer is \"\"");
	buf_adds(&b, "abc");
	b.len = 1;
	unit_ok(buf_cstr(&b) == 0 && strcmp((char *)b.data, "a") == 0,
	    "buf_cstr after shortening");
	buf_free(&b);

	buf_init(&b);
	for (i = 0; i < 1000; i++)
		buf_printf(&b, "%d,", i);
	unit_ok(b.len == strlen((char *)b.data) &&
	    strncmp((char *)b.data + b.len - 4, "999,", 4) == 0,
	    "buf_printf grows");
	unit_ok(buf_reserve(&b, SIZE_MAX) != 0, "buf_reserve refuses overflow");
	buf_free(&b);
}

/* A string shown on one line, whatever it holds. */
static void
test_quote(void)
{
	static const struct {
		const char	*in, *want;
		size_t		 len;
	} q[] = {
		{ "plain@x.org", "plain@x.org", 64 },
		{ "a\r\n\tb", "a\\r\\n\\tb", 64 },
		{ "say \"hi\" \\o/", "say \\\"hi\\\" \\\\o/", 64 },
		{ "\x01\x7f\xc3\xa9", "\\x01\\x7f\\xc3\\xa9", 64 },
		{ "abcdefghij", "abcdefghij", 11 },
		{ "abcdefghijk", "abcdefg...", 11 },
		{ "ab\r\r\r\r", "ab\\r...", 9 },
		{ "", "", 1 },
	};
	char out[64];
	size_t i;

	for (i = 0; i < UNIT_NELEM(q); i++) {
		error_quote(out, q[i].len, q[i].in);
		unit_ok(strcmp(out, q[i].want) == 0 && strlen(out) < q[i].len,
		    "error_quote %zu: \"%s\"", i, out);
	}
}

/* A refusal is one line whatever a value shown in it holds. */
static void
test_one_line(void)
{
	struct error e;

	error_clear(&e);
	(void)error_set(&e, EXIT_MALFORMED, "x:1:1: unknown key \"%s\"",
	    "adj\n-0 on\r\t\x7f");
	unit_ok(strcmp(e.msg, "x:1:1: unknown key \"adj?-0 on???\"") == 0 &&
	    e.status == EXIT_MALFORMED, "error_set one line: %s", e.msg);
	(void)error_prefix(&e, "in\n%s", "a\nb");
	unit_ok(strchr(e.msg, '\n') == NULL &&
	    strncmp(e.msg, "in?a?b: x:1:1", 13) == 0,
	    "error_prefix one line: %s", e.msg);
}

/* A secret tail stays the tail through prefixes, and only the rest is
 * shown; a message cut at its end loses that much of the tail. */
static void
test_secret_tail(void)
{
	struct error e;
	char shown[sizeof(e.msg)], big[400];

	(void)error_set(&e, EXIT_REFUSED, "a3-a4: the piece on a3 cannot move");
	unit_ok(e.secret == 0 && error_public(&e, shown, sizeof(shown)) == 0 &&
	    strcmp(shown, e.msg) == 0, "no secret: %s", shown);
	e.secret = strlen(e.msg);
	(void)error_prefix(&e, "seq %d", 3);
	(void)error_prefix(&e, "x.msg: %s", "alice");
	unit_ok(error_public(&e, shown, sizeof(shown)) == 1 &&
	    strcmp(shown, "x.msg: alice: seq 3") == 0 &&
	    strcmp(e.msg + strlen(e.msg) - e.secret,
	    "a3-a4: the piece on a3 cannot move") == 0,
	    "the secret tail left out: %s", shown);
	(void)error_set(&e, EXIT_REFUSED, "plain");
	unit_ok(e.secret == 0, "error_set clears the secret");
	/* 350 bytes, the last 100 secret: error_prefix keeps 300 of them */
	memset(big, 'p', 250);
	memset(big + 250, 's', 100);
	big[350] = '\0';
	(void)error_set(&e, EXIT_REFUSED, "%s", big);
	e.secret = 100;
	(void)error_prefix(&e, "w");
	unit_ok(e.secret == 50 && error_public(&e, shown, sizeof(shown)) == 1 &&
	    strchr(shown, 's') == NULL && strlen(shown) == 3 + 250,
	    "a cut secret tail: %zu, %s", e.secret, shown);
	/* a tail longer than the message keeps back the whole of it */
	(void)error_set(&e, EXIT_REFUSED, "a3: mine");
	e.secret = 100;
	unit_ok(error_public(&e, shown, sizeof(shown)) == 1 &&
	    shown[0] == '\0', "a tail too long hides all: %s", shown);
	e.secret = 0;
	error_clear(&e);
	unit_ok(e.secret == 0 && e.msg[0] == '\0', "error_clear");
}

int
main(void)
{
	unit_init();
	test_secret_tail();
	test_quote();
	test_one_line();
	test_b64();
	test_b64_roundtrip();
	test_hex();
	test_buf_cursor();
	return unit_done();
}
