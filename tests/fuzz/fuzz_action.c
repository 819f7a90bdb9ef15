/*
 * libFuzzer harness: the action notation.  The input is the text a player
 * gives to turn; it is parsed and checked by every game's rules in a game
 * in play, and when an entry can be built it is applied to a copy of the
 * mover's game.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "entry.h"
#include "match.h"
#include "selfplay.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static struct selfplay *games[GAME_MAX_SEATS];
static int ngames;

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct key_public to[GAME_MAX_SEATS];
	struct error e;
	struct buf body, sb;
	char text[256];
	int g, s, seat;
	struct match *c;

	if (ngames == 0) {
		if (sec_init() != 0)
			abort();
		for (g = 0; game_table[g] != NULL && g < GAME_MAX_SEATS; g++) {
			struct selfplay *sp;

			if (!(game_table[g]->modes & GAME_MODE_PEER))
				continue;
			sp = selfplay_new(game_table[g]->name, NULL, 0,
			    game_table[g]->min_seats, 0, &e);
			if (sp == NULL)
				abort();
			while (match_phase(sp->m[0]) == MATCH_SETUP)
				if (selfplay_setup(sp, match_next_author(sp->m[0]),
				    NULL, &e) != 0)
					abort();
			games[ngames++] = sp;
		}
	}
	if (size >= sizeof(text))
		size = sizeof(text) - 1;
	memcpy(text, data, size);
	text[size] = '\0';
	if (strlen(text) != size)
		return 0;
	buf_init(&body);
	buf_init(&sb);
	for (g = 0; g < ngames; g++) {
		struct selfplay *sp = games[g];

		seat = match_next_author(sp->m[0]);
		body.len = sb.len = 0;
		if (entry_turn(sp->m[seat], seat, sp->party[seat].secret, text,
		    &body, &e) != 0)
			continue;
		for (s = 0; s < sp->nseats; s++)
			to[s] = sp->key[s]->pub;
		if (envelope_sign(sp->key[seat], to, (size_t)sp->nseats,
		    body.data, body.len, &sb, &e) != 0 ||
		    (c = match_clone(sp->m[seat])) == NULL)
			continue;
		memcpy(c->local, sp->m[seat]->local, sizeof(c->local));
		/* what the actor built, every seat must accept */
		if (match_apply(c, sb.data, sb.len, "fuzz", NULL, &e) != 0)
			abort();
		match_free(c);
	}
	buf_free(&body);
	buf_free(&sb);
	return 0;
}
