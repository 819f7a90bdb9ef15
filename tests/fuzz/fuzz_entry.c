/*
 * libFuzzer harness: the entry reader.  The input is an entry body (after
 * one byte choosing the author), signed with that seat's key and applied to
 * a copy of a game in play, as receive would; when accepted, both views
 * are rendered.  The signature is real, so the fuzzer reaches the YAML
 * entry parser, the openings, the obligations and the rules.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "match.h"
#include "selfplay.h"
#include "view.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static struct selfplay *games[2];

static struct selfplay *
start(const char *rules, const char *s0, const char *s1, const char *move)
{
	struct selfplay *sp;
	struct error e;

	if ((sp = selfplay_new(rules, NULL, 0, 2, 0, &e)) == NULL ||
	    selfplay_setup(sp, 0, s0, &e) != 0 ||
	    selfplay_setup(sp, 1, s1, &e) != 0 ||
	    selfplay_turn(sp, 0, move, &e) != 0)
		abort();
	return sp;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct key_public to[2];
	struct selfplay *sp;
	struct match *c;
	struct buf sb, view;
	struct error e;
	int seat;

	if (games[0] == NULL) {
		if (sec_init() != 0)
			abort();
		/* alice has moved; bob is to act */
		games[0] = start("incognito", "d2", "b4", "e3-c3");
		/* alice attacks: bob owes the opening of a6 */
		games[1] = start("incognito-rps", "RPSSPR/RPS", "RRPPSS/SPR",
		    "a3-a5");
	}
	if (size < 1)
		return 0;
	sp = games[data[0] & 1];
	seat = (data[0] >> 1) & 1;
	to[0] = sp->key[0]->pub;
	to[1] = sp->key[1]->pub;
	buf_init(&sb);
	buf_init(&view);
	if (envelope_sign(sp->key[seat], to, 2, data + 1, size - 1, &sb,
	    &e) == 0 && (c = match_clone(sp->m[seat])) != NULL) {
		memcpy(c->local, sp->m[seat]->local, sizeof(c->local));
		if (match_apply(c, sb.data, sb.len, "fuzz", NULL, &e) == 0) {
			view_text(c, seat, "A", &view);
			view_yaml(c, seat, "A", &view, &e);
		}
		match_free(c);
	}
	buf_free(&sb);
	buf_free(&view);
	return 0;
}
