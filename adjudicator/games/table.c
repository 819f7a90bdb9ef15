/*
 * The games this adjudicator knows, found by name.  Adding a game is its
 * file in games/ and one line here.
 */
#include <stddef.h>

#include "game.h"

extern const struct game_rules game_incognito;
extern const struct game_rules game_incognito_rps;
extern const struct game_rules game_topogic;
extern const struct game_rules game_espionnage;
extern const struct game_rules game_knights;

const struct game_rules *const game_table[] = {
	&game_incognito,
	&game_incognito_rps,
	&game_topogic,
	&game_espionnage,
	&game_knights,
	NULL
};
