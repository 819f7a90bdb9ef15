/*
 * The director's rulings of a tournament (formats/tournament.md, "The
 * director's rulings"): a game aborted (void, no points), a game
 * adjudicated (its result given), a player who left replaced (a new key
 * plays its games from a round on; its earlier games keep their seats).
 * Signed by the director; verify applies each and prints it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match.h"
#include "num.h"
#include "tour.h"
#include "tour_int.h"
#include "ydoc.h"

static const char *const rules[] = { "abort", "adjudicate", "replace",
    NULL };

const struct tour_ruling *
tour_replaced(const struct tour *t, unsigned p, unsigned r)
{
	const struct tour_ruling *u = NULL;
	size_t i;

	for (i = 0; i < t->nrule; i++)
		if (t->rule[i].rule == TOUR_REPLACE &&
		    t->rule[i].player == p && t->rule[i].from <= r &&
		    (u == NULL || t->rule[i].from >= u->from))
			u = &t->rule[i];
	return u;
}

const struct key_public *
tour_key_of(const struct tour *t, unsigned p, unsigned r)
{
	const struct tour_ruling *u = tour_replaced(t, p, r);

	return u != NULL ? &u->key : &t->d->p[p].key;
}

void
tour_ruling_text(const struct tour_decl *d, const struct tour_ruling *u,
    struct buf *b)
{
	if (u->rule == TOUR_REPLACE) {
		buf_printf(b, "%s replaced by %s (%s) from round %u",
		    d->p[u->player].name, u->key.name, u->key.idhex, u->from);
		return;
	}
	buf_printf(b, "round %u, board %u", u->g.round, u->g.board);
	if (u->g.game > 1)
		buf_printf(b, ", game %u", u->g.game);
	if (u->rule == TOUR_ABORT)
		buf_adds(b, ": aborted, void");
	else
		buf_printf(b, ": adjudicated, %s", tour_res_word(u->res));
}

int
tour_ruling_body(const struct tour_decl *d, const struct tour_ruling *u,
    struct buf *out, struct error *e)
{
	char line[KEY_LINE_MAX];
	struct ydoc_writer *w;

	if ((w = ydoc_writer_new(out)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	ydoc_map_begin(w);
	ydoc_kv(w, "adjudicator", "1");
	ydoc_kv(w, "kind", "ruling");
	ydoc_kv(w, "tournament", d->hex);
	ydoc_kv(w, "ruling", rules[u->rule]);
	if (u->rule == TOUR_REPLACE) {
		key_public_line(&u->key, line, sizeof(line));
		ydoc_kv(w, "player", d->p[u->player].name);
		ydoc_kvf(w, "from", "%u", u->from);
		ydoc_kv(w, "key", line);
		if (u->address[0] != '\0')
			ydoc_kv(w, "address", u->address);
	} else {
		ydoc_kvf(w, "round", "%u", u->g.round);
		ydoc_kvf(w, "board", "%u", u->g.board);
		if (u->g.game > 1)
			ydoc_kvf(w, "game", "%u", u->g.game);
		if (u->rule == TOUR_ADJUDICATE)
			ydoc_kv(w, "result", tour_res_word(u->res));
	}
	ydoc_map_end(w);
	if (ydoc_writer_end(w) != 0)
		return error_set(e, EXIT_SYSTEM, "cannot write the ruling");
	return 0;
}

static int
number(const struct ydoc *m, const char *key, unsigned *out,
    const char *where, struct error *e)
{
	return tour_number(m, key, 1, out, where, e);
}

static int
replace(const struct tour_decl *d, const struct ydoc *doc,
    struct tour_ruling *u, const char *where, struct error *e)
{
	const char *s;
	char why[120];
	size_t i;
	int p;

	if ((s = ydoc_scalar(doc, "player", where, e)) == NULL)
		return -1;
	if ((p = tour_player_named(d, s)) < 0)
		return error_set(e, EXIT_MALFORMED, "%s: player \"%.40s\" is "
		    "no player of %s", where, s, d->id);
	u->player = (unsigned)p;
	if (number(doc, "from", &u->from, where, e) != 0 ||
	    (s = ydoc_scalar(doc, "key", where, e)) == NULL ||
	    key_public_parse(s, &u->key, where, e) != 0)
		return -1;
	for (i = 0; i < d->n; i++)
		if (key_same(&d->p[i].key, &u->key))
			return error_set(e, EXIT_MALFORMED, "%s: the new key "
			    "is %s's: a player of %s", where, d->p[i].name,
			    d->id);
	if (ydoc_get(doc, "address") == NULL)
		return 0;
	if ((s = ydoc_scalar(doc, "address", where, e)) == NULL)
		return -1;
	if (header_address_check(s, why, sizeof(why)) != 0 ||
	    strlen(s) >= sizeof(u->address))
		return error_set(e, EXIT_MALFORMED, "%s: address: %s", where,
		    why);
	snprintf(u->address, sizeof(u->address), "%s", s);
	return 0;
}

int
tour_ruling_read(const struct tour_decl *d, const struct ydoc *doc,
    struct tour_record *r, const char *where, struct error *e)
{
	static const char *const keys[3][9] = {
		{ "adjudicator", "kind", "tournament", "ruling", "round",
		    "board", "game", NULL },
		{ "adjudicator", "kind", "tournament", "ruling", "round",
		    "board", "game", "result", NULL },
		{ "adjudicator", "kind", "tournament", "ruling", "player",
		    "from", "key", "address", NULL } };
	struct tour_ruling *u = &r->rule;
	const char *s;
	int k;

	if ((s = ydoc_scalar(doc, "ruling", where, e)) == NULL)
		return -1;
	for (k = 0; rules[k] != NULL && strcmp(rules[k], s) != 0; k++)
		;
	if (rules[k] == NULL)
		return error_set(e, EXIT_MALFORMED, "%s: ruling \"%.20s\": "
		    "abort, adjudicate or replace", where, s);
	u->rule = (enum tour_rule)k;
	if (ydoc_check_keys(doc, keys[k], NULL, where, e) != 0)
		return -1;
	if (u->rule == TOUR_REPLACE)
		return replace(d, doc, u, where, e);
	u->g.game = 1;
	if (number(doc, "round", &u->g.round, where, e) != 0 ||
	    number(doc, "board", &u->g.board, where, e) != 0 ||
	    (ydoc_get(doc, "game") != NULL && number(doc, "game",
	    &u->g.game, where, e) != 0))
		return -1;
	if (u->rule == TOUR_ABORT)
		return 0;
	if ((s = ydoc_scalar(doc, "result", where, e)) == NULL)
		return -1;
	for (k = TOUR_WHITE; k <= TOUR_DRAW; k++)
		if (strcmp(tour_res_word(k), s) == 0) {
			u->res = k;
			return 0;
		}
	return error_set(e, EXIT_MALFORMED, "%s: result \"%.20s\": white, "
	    "black or draw", where, s);
}
