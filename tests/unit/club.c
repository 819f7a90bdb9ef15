/*
 * What the mail bot never passes on to its operator (lib/club.c,
 * club_secret): a seat's secret as adjudicator writes it, in a mail's
 * text, quoted or not; and what it passes on for all that: armored
 * messages, the judge's public summary quoted in a reply, words.
 */
#include "unit.h"

#include "club.h"

#define NONCE	"826ee90364ed19a1c5d2b13000560e36d943197357fedfdf2974c5e8f354fb1b"
#define MARK	"This summary is not signed and shows only the public board; " \
		"the signed update\n"

static void
test_secret(void)
{
	static const struct {
		const char	*text, *why;	/* why: NULL passed on */
	} cases[] = {
		{ "when is my deadline?\n", NULL },
		{ "-----BEGIN ADJUDICATOR SECRET KEY-----\nQURK\n", "secret key" },
		{ "> > -----BEGIN ADJUDICATOR SECRET KEY-----\n", "secret key" },
		{ "-----BEGIN ADJUDICATOR ARCHIVE-----\n", "archive" },
		{ "-----BEGIN ADJUDICATOR MESSAGE-----\nQURK\n"
		    "-----END ADJUDICATOR MESSAGE-----\n", NULL },
		{ "-----BEGIN ADJUDICATOR THING-----\n", "not a message" },
		{ "open:\n- seat: alice\n  piece: d2\n  value: spy\n  nonce: "
		    NONCE "\n", "opening" },
		{ "- nonce: " NONCE "\n", "opening" },
		{ "> nonce:\t" NONCE "\r\n", "opening" },
		{ "nonce: " NONCE "x\n", "opening" },
		{ "nonce: 826ee90364ed19a1c5d2b13000560e36d943197357fedfdf2974c5"
		    "e8f354fb1\n", NULL },
		{ "the nonce: " NONCE "\n", NULL },
		{ "You are alice (seat 1 of 2, White).\n\n 5  [] B? B?\n",
		    "own view" },
		{ "> You are alice (seat 1 of 2, White).\n", "own view" },
		{ MARK "\nYou are alice (seat 1 of 2, White).\n", NULL },
		{ MARK "You are alice (seat 1 of 2, White).\n"
		    "You are alice (seat 1 of 2, White).\n", "own view" },
		{ "You are welcome (seat yourself)\n", "own view" },
		{ "You are welcome\n", NULL },
		{ "game: f237\nseat: alice\nboard:\n  pieces: []\n",
		    "show -f yaml" },
		{ "seat: alice\n", NULL },
		{ "board:\n", NULL },
		{ "", NULL },
	};
	char why[120];
	size_t i;
	int got;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		why[0] = '\0';
		got = club_secret(cases[i].text, strlen(cases[i].text), why,
		    sizeof(why));
		if (cases[i].why == NULL)
			unit_ok(got == 0, "case %zu passed on (%s)", i, why);
		else
			unit_ok(got == 1 && strstr(why, cases[i].why) != NULL,
			    "case %zu held back: %s (%s)", i, cases[i].why, why);
	}
	/* a line cut by the end of the text still counts */
	unit_ok(club_secret("x\nnonce: " NONCE, 2 + 7 + 64, why,
	    sizeof(why)) == 1, "a last line without its newline");
	/* only len bytes are read */
	unit_ok(club_secret("hello\nnonce: " NONCE "\n", 6, why,
	    sizeof(why)) == 0, "nothing past len");
}

int
main(void)
{
	unit_init();
	test_secret();
	return unit_done();
}
