/*
 * Unit tests for commitments: only the exact (game, seat, piece, value,
 * nonce) opens one, and the length prefixes keep field boundaries apart.
 */
#include "commit.h"
#include "unit.h"

static void
test_open(void)
{
	uint8_t game[SEC_HASH], game2[SEC_HASH], nonce[COMMIT_NONCE];
	uint8_t nonce2[COMMIT_NONCE], c[SEC_HASH], c2[SEC_HASH];
	size_t i;
	int bad;

	sec_random(game, sizeof(game));
	commit_nonce(nonce);
	commit_make(c, game, "red", "p7", "marshal", nonce);
	unit_ok(commit_check(c, game, "red", "p7", "marshal", nonce) == 0,
	    "commitment opens with the same fields");
	memcpy(game2, game, sizeof(game));
	game2[31] ^= 1;
	unit_ok(commit_check(c, game2, "red", "p7", "marshal", nonce) != 0,
	    "another game does not open it");
	unit_ok(commit_check(c, game, "blue", "p7", "marshal", nonce) != 0,
	    "another seat does not open it");
	unit_ok(commit_check(c, game, "red", "p8", "marshal", nonce) != 0,
	    "another piece does not open it");
	unit_ok(commit_check(c, game, "red", "p7", "general", nonce) != 0,
	    "another value does not open it");
	unit_ok(commit_check(c, game, "red", "p7", "", nonce) != 0,
	    "an empty value does not open it");
	for (bad = 0, i = 0; i < COMMIT_NONCE * 8; i++) {
		memcpy(nonce2, nonce, sizeof(nonce));
		nonce2[i / 8] ^= (uint8_t)(1u << (i % 8));
		if (commit_check(c, game, "red", "p7", "marshal", nonce2) == 0)
			bad++;
	}
	unit_ok(bad == 0, "no single-bit change of the nonce opens it");
	memcpy(c2, c, sizeof(c));
	c2[5] ^= 4;
	unit_ok(commit_check(c2, game, "red", "p7", "marshal", nonce) != 0,
	    "a changed commitment does not open");
	commit_nonce(nonce2);
	unit_ok(memcmp(nonce, nonce2, COMMIT_NONCE) != 0,
	    "nonces are fresh");
	commit_make(c2, game, "red", "p7", "marshal", nonce2);
	unit_ok(memcmp(c, c2, SEC_HASH) != 0,
	    "the same value under another nonce commits differently");
}

static const struct {
	const char	*a[3];
	const char	*b[3];
} shifts[] = {
	{ { "ab", "c", "x" }, { "a", "bc", "x" } },
	{ { "red", "p1", "0" }, { "red", "p", "10" } },
	{ { "red", "p1", "0" }, { "redp", "1", "0" } },
	{ { "", "ab", "c" }, { "a", "b", "c" } },
	{ { "a", "", "bc" }, { "a", "b", "c" } },
};

static void
test_boundaries(void)
{
	uint8_t game[SEC_HASH], nonce[COMMIT_NONCE], c[SEC_HASH];
	size_t i;

	sec_random(game, sizeof(game));
	commit_nonce(nonce);
	for (i = 0; i < UNIT_NELEM(shifts); i++) {
		commit_make(c, game, shifts[i].a[0], shifts[i].a[1],
		    shifts[i].a[2], nonce);
		unit_ok(commit_check(c, game, shifts[i].b[0], shifts[i].b[1],
		    shifts[i].b[2], nonce) != 0 &&
		    commit_check(c, game, shifts[i].a[0], shifts[i].a[1],
		    shifts[i].a[2], nonce) == 0,
		    "(\"%s\",\"%s\",\"%s\") and (\"%s\",\"%s\",\"%s\") differ",
		    shifts[i].a[0], shifts[i].a[1], shifts[i].a[2],
		    shifts[i].b[0], shifts[i].b[1], shifts[i].b[2]);
	}
}

int
main(void)
{
	unit_init();
	test_open();
	test_boundaries();
	return unit_done();
}
