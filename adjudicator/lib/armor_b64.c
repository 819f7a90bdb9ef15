/*
 * Base64 of public bytes, both ways: the armor writer (whole 64-column
 * lines, a character a lookup; armor_out as bytes come, armor_wrap for
 * a whole blob, libsodium's constant-time encoder for a secret key's
 * record) and the table decoder of archives and of every block but a
 * secret key's (armor.c).  A secret never goes through the tables:
 * lookups indexed by secret bytes leak through the cache.
 * Every table is fixed at compile time: threads share them with nothing
 * to set up.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "armor.h"
#include "sec.h"

/* The alphabet, each character with its value: every table below is
 * made from this one list. */
#define B64_ALPHABET(X) \
	X('A', 0) X('B', 1) X('C', 2) X('D', 3) X('E', 4) X('F', 5) \
	X('G', 6) X('H', 7) X('I', 8) X('J', 9) X('K', 10) X('L', 11) \
	X('M', 12) X('N', 13) X('O', 14) X('P', 15) X('Q', 16) X('R', 17) \
	X('S', 18) X('T', 19) X('U', 20) X('V', 21) X('W', 22) X('X', 23) \
	X('Y', 24) X('Z', 25) X('a', 26) X('b', 27) X('c', 28) X('d', 29) \
	X('e', 30) X('f', 31) X('g', 32) X('h', 33) X('i', 34) X('j', 35) \
	X('k', 36) X('l', 37) X('m', 38) X('n', 39) X('o', 40) X('p', 41) \
	X('q', 42) X('r', 43) X('s', 44) X('t', 45) X('u', 46) X('v', 47) \
	X('w', 48) X('x', 49) X('y', 50) X('z', 51) X('0', 52) X('1', 53) \
	X('2', 54) X('3', 55) X('4', 56) X('5', 57) X('6', 58) X('7', 59) \
	X('8', 60) X('9', 61) X('+', 62) X('/', 63)

/*
 * Base64 of what is public anyway (messages are ciphertext, archives
 * signed entries), straight into 64-column lines: table lookups, which
 * libsodium's constant-time encoder avoids for secrets at many times the
 * cost.  A whole line (48 bytes in) at a time.  (A table of two
 * characters a lookup, filled at the first use, cost more to fill than
 * it saved on the few KiB a mail's updates take.)
 */
#define CH(c, v)	c,
static const char b64_chars[64] = { B64_ALPHABET(CH) };
#undef CH

static char *
b64_group(char *q, const uint8_t *p)
{
	uint32_t v = (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];

	q[0] = b64_chars[v >> 18];
	q[1] = b64_chars[(v >> 12) & 63];
	q[2] = b64_chars[(v >> 6) & 63];
	q[3] = b64_chars[v & 63];
	return q + 4;
}

/* The last one or two bytes' group, padded with '='. */
static char *
b64_tail(char *q, const uint8_t *p, size_t n)
{
	uint8_t last[3];

	memset(last, 0, sizeof(last));
	memcpy(last, p, n);
	q = b64_group(q, last);
	q[-1] = '=';
	if (n == 1)
		q[-2] = '=';
	return q;
}

int
armor_b64_encode(char *out, size_t outmax, const void *in, size_t len)
{
	const uint8_t *p = in;
	size_t i;
	char *q = out;

	if (len > (SIZE_MAX - 1) / 4 * 3 - 2 ||
	    outmax < (len + 2) / 3 * 4 + 1)
		return -1;
	for (i = 0; i + 3 <= len; i += 3)
		q = b64_group(q, p + i);
	if (i < len)
		q = b64_tail(q, p + i, len - i);
	*q = '\0';
	return 0;
}

static int
wrap_public(const uint8_t *p, size_t len, struct buf *out)
{
	size_t i, k, need = (len + 2) / 3 * 4;
	char *q;

	if (buf_reserve(out, need + need / 64 + 2) != 0)
		return -1;
	q = (char *)out->data + out->len;
	for (i = 0; i + 48 <= len; i += 48) {
		for (k = 0; k < 48; k += 3)
			q = b64_group(q, p + i + k);
		*q++ = '\n';
	}
	if (i < len) {
		for (; i + 3 <= len; i += 3)
			q = b64_group(q, p + i);
		if (i < len)
			q = b64_tail(q, p + i, len - i);
		*q++ = '\n';
	}
	out->len = (size_t)(q - (char *)out->data);
	return 0;
}

static int
out_flush(struct armor_out *a, size_t least, struct error *e)
{
	if (a->sink == NULL || a->out->len < least || a->out->len == 0)
		return 0;
	if (a->sink(a->arg, a->out->data, a->out->len, e) != 0)
		return -1;
	a->out->len = 0;
	return 0;
}

int
armor_out_begin(struct armor_out *a, const char *label, struct buf *out,
    armor_sink_fn *sink, void *arg, struct error *e)
{
	memset(a, 0, sizeof(*a));
	a->out = out;
	a->sink = sink;
	a->arg = arg;
	a->label = label;
	if (buf_printf(out, "-----BEGIN %s-----\n", label) != 0)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	return 0;
}

int
armor_out_add(struct armor_out *a, const void *p, size_t len,
    struct error *e)
{
	const uint8_t *q = p;
	size_t take;

	while (len > 0) {
		if (a->npend > 0 || len < sizeof(a->pend)) {
			take = sizeof(a->pend) - a->npend;
			take = take < len ? take : len;
			memcpy(a->pend + a->npend, q, take);
			a->npend += take;
			if (a->npend == sizeof(a->pend)) {
				if (wrap_public(a->pend, a->npend, a->out) != 0)
					goto oom;
				a->npend = 0;
			}
		} else {
			take = len / sizeof(a->pend) * sizeof(a->pend);
			if (take > ARMOR_OUT_CHUNK / 4 * 3)
				take = ARMOR_OUT_CHUNK / 4 * 3;
			if (wrap_public(q, take, a->out) != 0)
				goto oom;
		}
		q += take;
		len -= take;
		if (out_flush(a, ARMOR_OUT_CHUNK, e) != 0)
			return -1;
	}
	return 0;
oom:
	return error_set(e, EXIT_SYSTEM, "out of memory");
}

int
armor_out_end(struct armor_out *a, struct error *e)
{
	if (wrap_public(a->pend, a->npend, a->out) != 0 ||
	    buf_printf(a->out, "-----END %s-----\n", a->label) != 0)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	a->npend = 0;
	return out_flush(a, 0, e);
}

int
armor_wrap(const void *p, size_t len, const char *label, struct buf *out,
    struct error *e)
{
	struct armor_out a;
	size_t blen = sec_b64_len(len), i, n;
	char *b64;

	if (strcmp(label, ARMOR_SECRET) != 0)
		return armor_out_begin(&a, label, out, NULL, NULL, e) != 0 ||
		    armor_out_add(&a, p, len, e) != 0 ||
		    armor_out_end(&a, e) != 0 ? -1 : 0;
	if (buf_printf(out, "-----BEGIN %s-----\n", label) != 0)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	/* a secret key file's record: the constant-time encoder */
	if ((b64 = malloc(blen)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	if (sec_b64_encode(b64, blen, p, len) != 0) {
		free(b64);
		return error_set(e, EXIT_SYSTEM, "cannot encode base64");
	}
	n = strlen(b64);
	for (i = 0; i < n; i += 64)
		buf_printf(out, "%.64s\n", b64 + i);
	sec_wipe(b64, blen);
	free(b64);
	if (buf_printf(out, "-----END %s-----\n", label) != 0)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	return 0;
}

/*
 * Each character's value in base64 plus one: 1..64, and for '='
 * B64_PAD + 1; 0 (every other character) is -1 once one is taken off.
 * Fixed at compile time, like the tables below: threads (standings reads
 * archives on every core) share them with nothing to set up.
 */
#define B64_PAD	(-2)
#define V(c, v)	[(unsigned char)(c)] = (v) + 1,
static const signed char b64_val1[256] = {
	B64_ALPHABET(V) ['='] = B64_PAD + 1
};
#undef V
#define b64_val(c)	(b64_val1[(unsigned char)(c)] - 1)

/*
 * For the groups of four with no '=', most of them: the value of a
 * character in each place of its group, already shifted, with a mark
 * (the top bit) that every character of the alphabet has and no other.
 * A group is whole when the mark survives the four ANDed; its 24 bits
 * are the four ORed.
 */
#define B64_MARK	0x80000000u
#define V0(c, v)	[(unsigned char)(c)] = B64_MARK | (uint32_t)(v) << 18,
#define V1(c, v)	[(unsigned char)(c)] = B64_MARK | (uint32_t)(v) << 12,
#define V2(c, v)	[(unsigned char)(c)] = B64_MARK | (uint32_t)(v) << 6,
#define V3(c, v)	[(unsigned char)(c)] = B64_MARK | (uint32_t)(v),
static const uint32_t b64_at[4][256] = {
	{ B64_ALPHABET(V0) }, { B64_ALPHABET(V1) }, { B64_ALPHABET(V2) },
	{ B64_ALPHABET(V3) }
};
#undef V0
#undef V1
#undef V2
#undef V3

int
armor_is_b64(char c)
{
	return b64_val(c) != -1;
}

size_t
armor_b64_span(const char *p, size_t n)
{
	const unsigned char *q = (const unsigned char *)p;
	size_t i;

	/* four at a time while no '=' comes, then one at a time */
	for (i = 0; i + 4 <= n && (b64_at[0][q[i]] & b64_at[0][q[i + 1]] &
	    b64_at[0][q[i + 2]] & b64_at[0][q[i + 3]]) != 0; i += 4)
		;
	for (; i < n; i++)
		if (b64_val1[q[i]] == 0)
			break;
	return i;
}

/*
 * Base64 of what is public (an archive), by table: exactly what
 * sec_b64_decode (libsodium's constant-time decoder) accepts, whole
 * groups of four, '=' only to pad the last, the bits padding drops zero.
 */
int
armor_b64_decode(uint8_t *out, size_t outmax, size_t *outlen, const char *in,
    size_t len)
{
	const unsigned char *p = (const unsigned char *)in;
	size_t i, n = 0;
	uint32_t v0, v1, v2, v3;
	int a, b, c, d, room = len / 4 * 3 <= outmax;

	if (len % 4 != 0)
		return -1;
	for (i = 0; i < len; i += 4) {
		v0 = b64_at[0][p[i]];
		v1 = b64_at[1][p[i + 1]];
		v2 = b64_at[2][p[i + 2]];
		v3 = b64_at[3][p[i + 3]];
		if ((v0 & v1 & v2 & v3) != 0 && (room || outmax - n >= 3)) {
			v0 |= v1 | v2 | v3;
			out[n++] = (uint8_t)(v0 >> 16);
			out[n++] = (uint8_t)(v0 >> 8);
			out[n++] = (uint8_t)v0;
			continue;
		}
		/* a group with '=' or a stray character, or no room */
		a = b64_val(p[i]);
		b = b64_val(p[i + 1]);
		c = b64_val(p[i + 2]);
		d = b64_val(p[i + 3]);
		if ((a | b | c | d) >= 0) {
			if (outmax - n < 3 || n > outmax)
				return -1;
			out[n++] = (uint8_t)(a << 2 | b >> 4);
			out[n++] = (uint8_t)(b << 4 | c >> 2);
			out[n++] = (uint8_t)(c << 6 | d);
			continue;
		}
		if (i + 4 != len || a < 0 || b < 0 || d != B64_PAD)
			return -1;
		if (c == B64_PAD) {
			if ((b & 15) != 0 || n >= outmax)
				return -1;
			out[n++] = (uint8_t)(a << 2 | b >> 4);
		} else {
			if (c < 0 || (c & 3) != 0 || outmax - n < 2 || n > outmax)
				return -1;
			out[n++] = (uint8_t)(a << 2 | b >> 4);
			out[n++] = (uint8_t)(b << 4 | c >> 2);
		}
	}
	*outlen = n;
	return 0;
}
