/*
 * The iCalendar writer's text (RFC 5545): escaping (3.3.11) and folding
 * (3.1), table-driven.
 */
#include "unit.h"

#include "calendar.h"

static const struct {
	const char	*in, *want;
} escapes[] = {
	{ "plain", "plain" },
	{ "a,b;c\\d", "a\\,b\\;c\\\\d" },
	{ "one\ntwo", "one\\ntwo" },
	{ "tab\there\r", "tab here " },
	{ "caf\xc3\xa9: ok", "caf\xc3\xa9: ok" },
	{ "", "" },
};

static int
same(const struct buf *b, const char *want)
{
	/* (an empty buffer may hold no memory at all) */
	return b->len == strlen(want) && (b->len == 0 ||
	    memcmp(b->data, want, b->len) == 0);
}

static void
test_escape(void)
{
	struct buf b;
	size_t i;

	for (i = 0; i < UNIT_NELEM(escapes); i++) {
		buf_init(&b);
		unit_ok(calendar_escape(&b, escapes[i].in) == 0 &&
		    same(&b, escapes[i].want), "escape %zu", i);
		buf_free(&b);
	}
}

/* Every physical line at most 75 octets, a fold a CRLF and a blank, the
 * line whole once unfolded; no fold inside a UTF-8 sequence. */
static void
test_fold(void)
{
	static const size_t lens[] = { 1, 74, 75, 76, 149, 150, 151, 400 };
	char in[512], un[512];
	const char *p, *end;
	struct buf b;
	size_t i, j, n, longest;
	int ok;

	for (i = 0; i < UNIT_NELEM(lens); i++) {
		for (j = 0; j < lens[i]; j++)
			in[j] = (char)('a' + j % 26);
		/* two-octet characters across where folds fall */
		if (lens[i] > 80)
			memcpy(in + 74, "\xc3\xa9\xc3\xa9", 4);
		buf_init(&b);
		ok = calendar_line(&b, in, lens[i]) == 0;
		p = (const char *)b.data;
		end = p + b.len;
		n = 0;
		longest = 0;
		while (ok && p < end) {
			const char *cr = strstr(p, "\r\n");

			if (cr == NULL || cr >= end) {
				ok = 0;
				break;
			}
			if ((size_t)(cr - p) > longest)
				longest = (size_t)(cr - p);
			if (p != (const char *)b.data) {
				ok = *p == ' ' &&
				    ((unsigned char)p[1] & 0xc0) != 0x80;
				p++;
			}
			memcpy(un + n, p, (size_t)(cr - p));
			n += (size_t)(cr - p);
			p = cr + 2;
		}
		unit_ok(ok && longest <= CALENDAR_FOLD && n == lens[i] &&
		    memcmp(un, in, n) == 0, "fold %zu octets (longest %zu)",
		    lens[i], longest);
		buf_free(&b);
	}
}

int
main(void)
{
	unit_init();
	test_escape();
	test_fold();
	return unit_done();
}
