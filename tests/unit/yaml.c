/*
 * Unit tests for the strict YAML reader: every hazard refused with
 * line:column, unknown and missing keys, numbers, and the writer's output
 * read back.
 */
#include "unit.h"
#include "ydoc.h"

static const struct {
	const char	*name;
	const char	*text;
	const char	*want;		/* NULL: accepted */
} cases[] = {
	{ "plain map", "a: 1\nb: [x, y]\nc:\n  d: e\n", NULL },
	{ "quoted strings", "a: \"x: y\"\nb: 'z'\n", NULL },
	{ "explicit document start", "---\na: 1\n", NULL },
	{ "alias", "a: &x 1\nb: *x\n", "t:1:4: anchors are not allowed" },
	{ "alias alone", "a: 1\nb: *x\n", "t:2:4: " },
	{ "anchor on a map", "a: &m\n  b: 1\n", "t:1:4: anchors are not allowed" },
	{ "anchor on a list", "a: &l [1]\n", "t:1:4: anchors are not allowed" },
	{ "tag", "a: !!str 1\n", "t:1:4: tags are not allowed" },
	{ "local tag on a map", "a: !thing {b: 1}\n", "t:1:4: tags are not allowed" },
	{ "tag on a list", "a: !!seq [1]\n", "t:1:4: tags are not allowed" },
	{ "tag directive", "%TAG ! tag:x,2000:\n---\na: 1\n",
	    "tag directives are not allowed" },
	{ "two documents", "a: 1\n---\nb: 2\n", "t:2:1: more than one document" },
	{ "two documents, end marker", "a: 1\n...\nb: 2\n",
	    "t:3:1: " },
	{ "duplicate key", "a: 1\nb: 2\na: 3\n", "t:3:1: duplicate key \"a\"" },
	{ "duplicate key, map value", "a:\n  x: 1\na: 2\n",
	    "t:3:1: duplicate key \"a\"" },
	{ "duplicate key, nested", "a:\n  x: 1\n  x: 2\n",
	    "t:3:3: duplicate key \"x\"" },
	{ "complex key", "? [a]\n: 1\n", "t:1:3: a mapping key must be" },
	{ "syntax error", "a: [1\n", "t:" },
	{ "bad indentation", "a: 1\n b: 2\n", "t:2:" },
	{ "empty document", "", "t: empty document" },
	{ "NUL byte", "a: 1\0", "NUL" },
};

static void
test_hazards(void)
{
	struct error e;
	struct ydoc *d;
	size_t i, len;

	for (i = 0; i < UNIT_NELEM(cases); i++) {
		error_clear(&e);
		len = strlen(cases[i].text);
		if (strcmp(cases[i].name, "NUL byte") == 0)
			len++;
		d = ydoc_parse(cases[i].text, len, "t", &e);
		if (cases[i].want == NULL)
			unit_ok(d != NULL, "%s accepted", cases[i].name);
		else
			unit_ok(d == NULL && unit_err(-1, &e, EXIT_MALFORMED,
			    cases[i].want), "%s refused", cases[i].name);
		ydoc_free(d);
	}
}

/* Builds n nested flow lists: [[[...]]] */
static char *
nested(int n)
{
	char *s = malloc(2 * (size_t)n + 8);
	int i;

	for (i = 0; i < n; i++)
		s[i] = '[';
	for (i = 0; i < n; i++)
		s[n + i] = ']';
	s[2 * n] = '\0';
	return s;
}

static void
test_limits(void)
{
	struct error e;
	struct ydoc *d;
	char *s, want[64];
	size_t n;

	s = nested(YDOC_MAX_DEPTH);
	d = ydoc_parse(s, strlen(s), "t", &e);
	unit_ok(d != NULL, "nesting at the limit accepted");
	ydoc_free(d);
	free(s);

	s = nested(YDOC_MAX_DEPTH + 1);
	error_clear(&e);
	d = ydoc_parse(s, strlen(s), "t", &e);
	snprintf(want, sizeof(want), "t:1:%d: nesting too deep",
	    YDOC_MAX_DEPTH + 1);
	unit_ok(d == NULL && unit_err(-1, &e, EXIT_MALFORMED, want),
	    "nesting too deep refused");
	free(s);

	s = nested(10000);
	error_clear(&e);
	d = ydoc_parse(s, strlen(s), "t", &e);
	unit_ok(d == NULL && unit_err(-1, &e, EXIT_MALFORMED, "nesting too deep"),
	    "very deep nesting refused");
	free(s);

	/* a scalar at the limit, then one byte over */
	n = YDOC_MAX_SCALAR;
	s = malloc(n + 16);
	memcpy(s, "a: ", 3);
	memset(s + 3, 'x', n);
	s[3 + n] = '\n';
	d = ydoc_parse(s, n + 4, "t", &e);
	unit_ok(d != NULL && ydoc_get(d, "a")->len == n,
	    "scalar at the limit accepted");
	ydoc_free(d);
	memset(s + 3, 'x', n + 1);
	s[4 + n] = '\n';
	error_clear(&e);
	d = ydoc_parse(s, n + 5, "t", &e);
	unit_ok(d == NULL && unit_err(-1, &e, EXIT_MALFORMED,
	    "t:1:4: scalar too long"), "scalar too long refused");
	free(s);

	/* a key too long is a scalar too */
	n = YDOC_MAX_SCALAR + 1;
	s = malloc(n + 16);
	memset(s, 'k', n);
	memcpy(s + n, ": 1\n", 4);
	error_clear(&e);
	d = ydoc_parse(s, n + 4, "t", &e);
	unit_ok(d == NULL && unit_err(-1, &e, EXIT_MALFORMED,
	    "t:1:1: scalar too long"), "key too long refused");
	free(s);

	n = YDOC_MAX_INPUT + 1;
	s = malloc(n);
	memset(s, '#', n);
	error_clear(&e);
	d = ydoc_parse(s, n, "t", &e);
	unit_ok(d == NULL && unit_err(-1, &e, EXIT_MALFORMED, "larger than"),
	    "too large input refused");
	free(s);

	/* a long list of maps: the tree outgrows its arena's first chunks
	 * many times over, each list's room moved as it grows */
	n = 25000 * 24;
	s = malloc(n + 1);
	{
		size_t i = 0, k;
		const struct ydoc *l;
		char v[16];
		int ok;

		i += (size_t)snprintf(s + i, n + 1 - i, "items:\n");
		for (k = 0; k < 25000; k++)
			i += (size_t)snprintf(s + i, n + 1 - i,
			    "- {n: %zu, s: x}\n", k);
		error_clear(&e);
		d = ydoc_parse(s, i, "t", &e);
		l = ydoc_get(d, "items");
		ok = l != NULL && l->type == YDOC_SEQ && l->nkids == 25000;
		for (k = 0; ok && k < 25000; k++) {
			snprintf(v, sizeof(v), "%zu", k);
			ok = ydoc_get(l->kids[k], "n") != NULL &&
			    strcmp(ydoc_get(l->kids[k], "n")->str, v) == 0 &&
			    strcmp(ydoc_get(l->kids[k], "s")->str, "x") == 0 &&
			    l->kids[k]->line == k + 2;
		}
		unit_ok(ok, "a list of 25,000 maps read whole, in order");
		ydoc_free(d);
	}
	free(s);

	/* many small events */
	n = (size_t)YDOC_MAX_EVENTS * 3 + 16;
	if (n > YDOC_MAX_INPUT)
		n = YDOC_MAX_INPUT;
	s = malloc(n + 1);
	{
		size_t i = 0;

		s[i++] = '[';
		while (i + 3 < n) {
			s[i++] = '1';
			s[i++] = ',';
		}
		s[i++] = '1';
		s[i++] = ']';
		n = i;
	}
	error_clear(&e);
	d = ydoc_parse(s, n, "t", &e);
	unit_ok(d == NULL && unit_err(-1, &e, EXIT_MALFORMED,
	    "too many YAML events"), "too many events refused");
	free(s);

	/* a mapping with very many keys: each is checked for duplicates,
	 * so their number is bounded */
	n = (size_t)(YDOC_MAX_KEYS + 1) * 12;
	s = malloc(n + 1);
	{
		size_t i = 0;
		int k;

		for (k = 0; k <= YDOC_MAX_KEYS; k++)
			i += (size_t)snprintf(s + i, n + 1 - i, "k%d: 1\n", k);
		n = i;
	}
	error_clear(&e);
	d = ydoc_parse(s, n, "t", &e);
	unit_ok(d == NULL && unit_err(-1, &e, EXIT_MALFORMED,
	    "too many keys"), "a mapping with too many keys refused");
	free(s);
}

static void
test_keys(void)
{
	static const char *const allowed[] = { "game", "seq", "kind", NULL };
	static const char *const required[] = { "game", "seq", NULL };
	const char *text = "game: g\nseq: 3\nkind: turn\n";
	struct error e;
	struct ydoc *d;
	unsigned long long v;

	d = ydoc_parse(text, strlen(text), "t", &e);
	unit_ok(d != NULL && ydoc_check_keys(d, allowed, required, "t",
	    &e) == 0, "known keys accepted");
	unit_ok(ydoc_uint(d, "seq", 10, &v, "t", &e) == 0 && v == 3,
	    "ydoc_uint reads a number");
	error_clear(&e);
	unit_ok(unit_err(ydoc_uint(d, "seq", 2, &v, "t", &e), &e,
	    EXIT_MALFORMED, "t:2:6: \"seq\" must be a number from 0 to 2"),
	    "ydoc_uint refuses a number over max");
	error_clear(&e);
	unit_ok(unit_err(ydoc_uint(d, "kind", 100, &v, "t", &e), &e,
	    EXIT_MALFORMED, "t:3:7:"), "ydoc_uint refuses a word");
	error_clear(&e);
	unit_ok(unit_err(ydoc_uint(d, "nope", 100, &v, "t", &e), &e,
	    EXIT_MALFORMED, "missing key \"nope\""), "ydoc_uint missing key");
	unit_ok(ydoc_scalar(d, "game", "t", &e) != NULL &&
	    strcmp(ydoc_scalar(d, "game", "t", &e), "g") == 0, "ydoc_scalar");
	ydoc_free(d);

	text = "game: g\nseq: 3\nextra: 1\n";
	d = ydoc_parse(text, strlen(text), "t", &e);
	error_clear(&e);
	unit_ok(unit_err(ydoc_check_keys(d, allowed, required, "t", &e), &e,
	    EXIT_MALFORMED, "t:3:8: unknown key \"extra\""),
	    "unknown key refused with line:column");
	ydoc_free(d);

	text = "game: g\nkind: x\n";
	d = ydoc_parse(text, strlen(text), "t", &e);
	error_clear(&e);
	unit_ok(unit_err(ydoc_check_keys(d, allowed, required, "t", &e), &e,
	    EXIT_MALFORMED, "t:1:1: missing key \"seq\""),
	    "missing key refused");
	ydoc_free(d);

	text = "- a\n- b\n";
	d = ydoc_parse(text, strlen(text), "t", &e);
	error_clear(&e);
	unit_ok(unit_err(ydoc_check_keys(d, allowed, required, "t", &e), &e,
	    EXIT_MALFORMED, "t:1:1: document must be a mapping"),
	    "a list where a map is wanted refused");
	ydoc_free(d);
}

static const struct {
	const char		*text;
	unsigned long long	 max;
	int			 ok;
	unsigned long long	 want;
} uints[] = {
	{ "n: 0", 10, 1, 0 },
	{ "n: 10", 10, 1, 10 },
	{ "n: 11", 10, 0, 0 },
	{ "n: 007", 10, 0, 0 },
	{ "n: -1", 10, 0, 0 },
	{ "n: +1", 10, 0, 0 },
	{ "n: 1.0", 10, 0, 0 },
	{ "n: ''", 10, 0, 0 },
	{ "n: 18446744073709551615", 18446744073709551615ULL, 1,
	    18446744073709551615ULL },
	{ "n: 18446744073709551616", 18446744073709551615ULL, 0, 0 },
	{ "n: 99999999999999999999999", 18446744073709551615ULL, 0, 0 },
	/* 18446744073709551619 wraps to 3 in 64 bits */
	{ "n: 18446744073709551619", 5, 0, 0 },
	{ "n: 7", 5, 0, 0 },
	{ "n: 16", 5, 0, 0 },
};

static void
test_uint(void)
{
	struct error e;
	struct ydoc *d;
	unsigned long long v;
	size_t i;
	int rc;

	for (i = 0; i < UNIT_NELEM(uints); i++) {
		d = ydoc_parse(uints[i].text, strlen(uints[i].text), "t", &e);
		v = 12345;
		rc = d ? ydoc_uint(d, "n", uints[i].max, &v, "t", &e) : -2;
		if (uints[i].ok)
			unit_ok(rc == 0 && v == uints[i].want, "uint \"%s\" "
			    "max %llu accepted", uints[i].text, uints[i].max);
		else
			unit_ok(rc == -1 && v == 12345, "uint \"%s\" max %llu "
			    "refused", uints[i].text, uints[i].max);
		ydoc_free(d);
	}
}

/* ydoc_hex_public takes and refuses what ydoc_hex does, the same bytes,
 * the same message. */
static const char *const hexes[] = {
	"h: 00ff7fA0", "h: 00FF7Fa0", "h: 00ff7f", "h: 00ff7fa0b1",
	"h: 00ff7fg0", "h: 0x00ff7f", "h: \"00ff 7fa\"", "h: [00ff7fa0]",
	"h: ''", "g: 00ff7fa0", "h: 12345678",
};

static void
test_hex(void)
{
	struct error e1, e2;
	struct ydoc *d;
	uint8_t a[4], b[4];
	size_t i;
	int r1, r2;

	for (i = 0; i < UNIT_NELEM(hexes); i++) {
		d = ydoc_parse(hexes[i], strlen(hexes[i]), "t", &e1);
		memset(a, 0, sizeof(a));
		memset(b, 0, sizeof(b));
		error_clear(&e1);
		error_clear(&e2);
		r1 = d ? ydoc_hex(d, "h", a, sizeof(a), "t", &e1) : -2;
		r2 = d ? ydoc_hex_public(d, "h", b, sizeof(b), "t", &e2) : -2;
		unit_ok(r1 == r2 && (r1 != 0 || memcmp(a, b, 4) == 0) &&
		    strcmp(e1.msg, e2.msg) == 0 && e1.status == e2.status,
		    "hex \"%s\" as ydoc_hex does", hexes[i]);
		ydoc_free(d);
	}
}

static void
test_writer(void)
{
	struct buf b;
	struct ydoc_writer *w;
	struct ydoc *d, *l;
	struct error e;
	const char *tricky = "a: b # c\n- &x *y !t";

	buf_init(&b);
	w = ydoc_writer_new(&b);
	ydoc_map_begin(w);
	ydoc_kv(w, "game", "chess");
	ydoc_kvf(w, "seq", "%d", 12);
	ydoc_kv(w, "tricky", tricky);
	ydoc_kv(w, "empty", "");
	ydoc_key(w, "list");
	ydoc_seq_begin(w, 1);
	ydoc_str(w, "x");
	ydoc_str(w, "yes");
	ydoc_seq_end(w);
	ydoc_map_end(w);
	unit_ok(ydoc_writer_end(w) == 0, "writer finishes");
	d = ydoc_parse(b.data, b.len, "w", &e);
	unit_ok(d != NULL, "written document reads back");
	unit_ok(d != NULL && strcmp(ydoc_get(d, "game")->str, "chess") == 0 &&
	    strcmp(ydoc_get(d, "seq")->str, "12") == 0 &&
	    strcmp(ydoc_get(d, "tricky")->str, tricky) == 0 &&
	    strcmp(ydoc_get(d, "empty")->str, "") == 0,
	    "written scalars read back exactly");
	l = ydoc_get(d, "list");
	unit_ok(l != NULL && l->type == YDOC_SEQ && l->nkids == 2 &&
	    strcmp(l->kids[1]->str, "yes") == 0, "written list reads back");
	ydoc_free(d);
	buf_free(&b);
}

int
main(void)
{
	unit_init();
	test_hazards();
	test_limits();
	test_keys();
	test_uint();
	test_hex();
	test_writer();
	return unit_done();
}
