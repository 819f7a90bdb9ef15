/*
 * A member's digest record (lib/digest.c, formats/club.md "ROOT/digest/
 * NAME"): what is read and what refused, an update held once, when the
 * digest is due.
 */
#include "unit.h"

#include <stdio.h>
#include <string.h>

#include "digest.h"

#define GAME	"b32c74e059572fb6b32c74e059572fb6" \
		"b32c74e059572fb6b32c74e059572fb6"
#define HEAD	"adjudicator digest 1\nmode daily ics\nto alice@example.org\n"
#define T0	INT64_C(1796083200)	/* 2026-12-01T00:00:00Z */

static void
test_parse(void)
{
	static const struct {
		const char	*text;
		int		 ok;
		const char	*why;	/* in the refusal */
	} cases[] = {
		{ HEAD, 1, NULL },
		{ HEAD "held 1796086800 " GAME " 2 4\nabc\n", 1, NULL },
		{ HEAD "held 1796086800 " GAME " 2 4\nabc\nheld 1 " GAME
		    " 3 1\nx", 1, NULL },
		{ "adjudicator digest 2\n", 0, ":1: not a digest record" },
		{ "adjudicator digest 1\nmode weekly plain\nto -\n", 0, ":2:" },
		{ "adjudicator digest 1\nmode daily\nto -\n", 0, ":2:" },
		{ "adjudicator digest 1\nmode off plain\nto nobody\n", 0,
		    ":3:" },
		{ "adjudicator digest 1\nmode off plain\n", 0, ":3:" },
		{ HEAD "held -1 " GAME " 2 4\nabc\n", 0, ":4:" },
		{ HEAD "held 1 " GAME " 0 4\nabc\n", 0, ":4:" },
		{ HEAD "held 1 " GAME " 02 4\nabc\n", 0, ":4:" },
		{ HEAD "held 1 B32c" GAME " 2 4\nabc\n", 0, ":4:" },
		{ HEAD "held 1 " GAME " 2 5\nabc\n", 0, ":4:" },
		{ HEAD "held 1 " GAME " 2 0\n", 0, ":4:" },
		{ HEAD "held 1 " GAME " 2 4\nabc\nheld 1 " GAME " 2\n", 0,
		    ":6:" },
		{ HEAD "held  1 " GAME " 2 4\nabc\n", 0, ":4:" },
		{ HEAD "extra\n", 0, ":4:" },
	};
	static const char one[] = HEAD "held 1796086800 " GAME " 2 4\nabc\n";
	struct digest d;
	struct error e;
	size_t i;
	int got;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		error_clear(&e);
		got = digest_parse(cases[i].text, strlen(cases[i].text), "r",
		    &d, &e) == 0;
		if (cases[i].ok)
			unit_ok(got, "case %zu read (%s)", i, e.msg);
		else
			unit_ok(!got && strstr(e.msg, cases[i].why) != NULL &&
			    e.status == EXIT_USAGE, "case %zu refused: %s (%s)",
			    i, cases[i].why, e.msg);
		digest_free(&d);
	}
	error_clear(&e);
	unit_ok(digest_parse(one, strlen(one), "r", &d, &e) == 0 &&
	    d.mode == DIGEST_DAILY &&
	    d.ics && strcmp(d.to, "alice@example.org") == 0 && d.n == 1 &&
	    d.h[0].seq == 2 && d.h[0].time == T0 + 3600 &&
	    d.h[0].text.len == 4, "the fields read (%s)", e.msg);
	digest_free(&d);
}

static void
test_hold_due(void)
{
	struct digest d;
	struct error e;

	memset(&d, 0, sizeof(d));
	error_clear(&e);
	unit_ok(digest_due(&d, 6) == 0, "nothing held: nothing due");
	unit_ok(digest_hold(&d, T0 + 3600, GAME, 2, "a", 1, &e) == 0,
	    "held");
	unit_ok(digest_hold(&d, T0 + 7200, GAME, 2, "a", 1, &e) == 1,
	    "the same update held once");
	unit_ok(digest_hold(&d, T0 + 7200, GAME, 1, "a", 1, &e) == 1,
	    "an older one of the game not held");
	unit_ok(digest_hold(&d, T0 + 7200, GAME, 4, "b", 1, &e) == 0 &&
	    d.n == 2, "a later one held");
	unit_ok(digest_due(&d, 6) == T0 + 6 * 3600, "due at 06:00");
	unit_ok(digest_due(&d, 0) == T0 + 86400, "due at midnight next");
	unit_ok(digest_due(&d, 1) == T0 + 86400 + 3600,
	    "held at 01:00: due at 01:00 the next day");
	unit_ok(digest_hold(&d, T0, GAME, 9, "c", DIGEST_MAX, &e) == 2,
	    "past DIGEST_MAX: not held");
	digest_drop(&d, 1);
	unit_ok(d.n == 1 && d.h[0].seq == 4, "the first dropped");
	unit_ok(strcmp(digest_words(&d), "default") == 0, "default");
	digest_free(&d);
}

int
main(void)
{
	unit_init();
	test_parse();
	test_hold_due();
	return unit_done();
}
