/*
 * The signed records that follow a tournament's declaration
 * (formats/tournament.md): a player's acceptance, a withdrawal (the
 * player's or the director's), and the director's word on a round's
 * pairings.  Each names the declaration by its hash, so that a record of
 * another tournament, or of a declaration changed after it, is refused.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "envelope.h"
#include "num.h"
#include "tour.h"
#include "tour_int.h"
#include "ydoc.h"

static const char *const kinds[] = { "acceptance", "withdrawal", "round",
    "results", "table", "ruling", NULL };
/* by enum tour_res: what a results record says (pending and a bye never) */
static const char *const res_words[] = { "pending", "white", "black",
    "draw", "white by forfeit", "black by forfeit", "void", "bye", "table",
    NULL };

const char *
tour_res_word(int r)
{
	return res_words[r];
}

static int
head(struct ydoc_writer **w, const struct tour_decl *d, enum tour_kind k,
    struct buf *out, struct error *e)
{
	if ((*w = ydoc_writer_new(out)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	ydoc_map_begin(*w);
	ydoc_kv(*w, "adjudicator", "1");
	ydoc_kv(*w, "kind", kinds[k]);
	ydoc_kv(*w, "tournament", d->hex);
	return 0;
}

static int
tail(struct ydoc_writer *w, struct error *e)
{
	ydoc_map_end(w);
	if (ydoc_writer_end(w) != 0)
		return error_set(e, EXIT_SYSTEM, "cannot write the record");
	return 0;
}

int
tour_accept_body(const struct tour_decl *d, unsigned p, struct buf *out,
    struct error *e)
{
	struct ydoc_writer *w;

	if (head(&w, d, TOUR_ACCEPT, out, e) != 0)
		return -1;
	ydoc_kv(w, "player", d->p[p].name);
	return tail(w, e);
}

int
tour_withdraw_body(const struct tour_decl *d, unsigned p, unsigned after,
    struct buf *out, struct error *e)
{
	struct ydoc_writer *w;

	if (head(&w, d, TOUR_WITHDRAW, out, e) != 0)
		return -1;
	ydoc_kv(w, "player", d->p[p].name);
	ydoc_kvf(w, "after", "%u", after);
	return tail(w, e);
}

/* A table's seats in turn order (the map ended). */
static void
seats_body(const struct tour_decl *d, const struct tour_game *g,
    struct ydoc_writer *w)
{
	unsigned i;

	ydoc_key(w, "seats");
	ydoc_seq_begin(w, 1);
	for (i = 0; i < g->nseats; i++)
		ydoc_str(w, d->p[tour_seat(g, i)].name);
	ydoc_seq_end(w);
	ydoc_map_end(w);
}

int
tour_round_body(const struct tour_decl *d, unsigned round,
    const struct tour_game *g, size_t n, struct buf *out, struct error *e)
{
	struct ydoc_writer *w;
	size_t i;

	if (head(&w, d, TOUR_ROUND, out, e) != 0)
		return -1;
	ydoc_kvf(w, "round", "%u", round);
	ydoc_key(w, "games");
	ydoc_seq_begin(w, 0);
	for (i = 0; i < n; i++) {
		ydoc_map_begin(w);
		ydoc_kvf(w, "board", "%u", g[i].board);
		if (g[i].game > 1)
			ydoc_kvf(w, "game", "%u", g[i].game);
		if (g[i].nseats > 2) {
			seats_body(d, &g[i], w);
			continue;
		}
		ydoc_kv(w, "white", d->p[g[i].white].name);
		if (g[i].black != TOUR_NONE)
			ydoc_kv(w, "black", d->p[g[i].black].name);
		ydoc_map_end(w);
	}
	ydoc_seq_end(w);
	return tail(w, e);
}

int
tour_results_body(const struct tour *t, struct buf *out, struct error *e)
{
	const struct tour_slot *s;
	struct ydoc_writer *w;
	size_t i;

	if (head(&w, t->d, TOUR_RESULTS, out, e) != 0)
		return -1;
	ydoc_key(w, "games");
	ydoc_seq_begin(w, 0);
	for (i = 0; i < t->ns; i++) {
		s = &t->s[i];
		/* (a table's points are its game's alone) */
		if (s->res == TOUR_PENDING || s->res == TOUR_BYE ||
		    s->res == TOUR_TABLE)
			continue;
		ydoc_map_begin(w);
		ydoc_kvf(w, "round", "%u", s->g.round);
		ydoc_kvf(w, "board", "%u", s->g.board);
		if (s->g.game > 1)
			ydoc_kvf(w, "game", "%u", s->g.game);
		ydoc_kv(w, "result", res_words[s->res]);
		if (s->gid[0] != '\0')
			ydoc_kv(w, "id", s->gid);
		ydoc_map_end(w);
	}
	ydoc_seq_end(w);
	return tail(w, e);
}

static int
player(const struct tour_decl *d, const struct ydoc *m, const char *key,
    unsigned *out, const char *where, struct error *e)
{
	const char *s = ydoc_scalar(m, key, where, e);
	int p;

	if (s == NULL)
		return -1;
	if ((p = tour_player_named(d, s)) < 0)
		return error_set(e, EXIT_MALFORMED, "%s:%u: %s \"%.40s\" is no "
		    "player of %s", where, m->line, key, s, d->id);
	*out = (unsigned)p;
	return 0;
}

int
tour_number(const struct ydoc *m, const char *key, unsigned min,
    unsigned *out, const char *where, struct error *e)
{
	const char *s = ydoc_scalar(m, key, where, e);
	uint64_t v;

	if (s == NULL)
		return -1;
	if (num_parse_str(s, 100000, &v) != 0 || v < min)
		return error_set(e, EXIT_MALFORMED, "%s:%u: %s: a number from "
		    "%u, not \"%.20s\"", where, m->line, key, min, s);
	*out = (unsigned)v;
	return 0;
}

static int
number(const struct ydoc *m, const char *key, unsigned *out,
    const char *where, struct error *e)
{
	return tour_number(m, key, 0, out, where, e);
}

/* A table's seats: the declaration's number of them, each a player. */
static int
seats_read(const struct tour_decl *d, const struct ydoc *m,
    struct tour_game *g, const char *where, struct error *e)
{
	const struct ydoc *l = ydoc_get(m, "seats");
	unsigned i, p[4] = { 0, 0, 0, TOUR_NONE };
	int k;

	if (ydoc_expect(l, YDOC_SEQ, "seats", where, e) != 0)
		return -1;
	if (l->nkids != d->seats)
		return error_set(e, EXIT_MALFORMED, "%s:%u: seats: %u players, "
		    "not %zu", where, l->line, d->seats, l->nkids);
	for (i = 0; i < d->seats; i++) {
		if (l->kids[i]->type != YDOC_SCALAR ||
		    (k = tour_player_named(d, l->kids[i]->str)) < 0)
			return error_set(e, EXIT_MALFORMED, "%s:%u: seats: "
			    "\"%.40s\" is no player of %s", where, l->line,
			    l->kids[i]->type == YDOC_SCALAR ?
			    l->kids[i]->str : "", d->id);
		p[i] = (unsigned)k;
	}
	g->nseats = (unsigned char)d->seats;
	g->white = p[0];
	g->black = p[1];
	g->more[0] = p[2];
	g->more[1] = d->seats > 3 ? p[3] : TOUR_NONE;
	return 0;
}

static int
read_games(const struct tour_decl *d, struct tour_record *r,
    const struct ydoc *l, const char *where, struct error *e)
{
	static const char *const keys[2][5] = {
		{ "board", "game", "white", "black", NULL },
		{ "board", "game", "seats", NULL } };
	static const char *const need[2][3] = { { "board", "white", NULL },
	    { "board", "seats", NULL } };
	const struct ydoc *m;
	struct tour_game *g;
	size_t i;

	if (ydoc_expect(l, YDOC_SEQ, "games", where, e) != 0)
		return -1;
	if ((r->g = calloc(l->nkids + 1, sizeof(*r->g))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	for (i = 0; i < l->nkids; i++) {
		m = l->kids[i];
		g = &r->g[r->ng++];
		g->round = r->round;
		g->game = 1;
		g->black = TOUR_NONE;
		if (ydoc_expect(m, YDOC_MAP, "a game", where, e) != 0 ||
		    ydoc_check_keys(m, keys[d->seats > 2], need[d->seats > 2],
		    where, e) != 0 ||
		    number(m, "board", &g->board, where, e) != 0 ||
		    (ydoc_get(m, "game") != NULL && number(m, "game",
		    &g->game, where, e) != 0))
			return -1;
		if (d->seats > 2) {
			if (seats_read(d, m, g, where, e) != 0)
				return -1;
			continue;
		}
		if (player(d, m, "white", &g->white, where, e) != 0 ||
		    (ydoc_get(m, "black") != NULL && player(d, m, "black",
		    &g->black, where, e) != 0))
			return -1;
	}
	return 0;
}

static int
read_results(struct tour_record *r, const struct ydoc *l, const char *where,
    struct error *e)
{
	static const char *const keys[] = { "round", "board", "game",
	    "result", "id", NULL };
	static const char *const need[] = { "round", "board", "result",
	    NULL };
	const struct ydoc *m;
	struct tour_slot *s;
	uint8_t id[SEC_HASH];
	const char *w;
	size_t i;
	int k;

	if (ydoc_expect(l, YDOC_SEQ, "games", where, e) != 0)
		return -1;
	if ((r->res = calloc(l->nkids + 1, sizeof(*r->res))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	for (i = 0; i < l->nkids; i++) {
		m = l->kids[i];
		s = &r->res[r->nres++];
		s->g.game = 1;
		if (ydoc_expect(m, YDOC_MAP, "a game", where, e) != 0 ||
		    ydoc_check_keys(m, keys, need, where, e) != 0 ||
		    number(m, "round", &s->g.round, where, e) != 0 ||
		    number(m, "board", &s->g.board, where, e) != 0 ||
		    (ydoc_get(m, "game") != NULL && number(m, "game",
		    &s->g.game, where, e) != 0) ||
		    (w = ydoc_scalar(m, "result", where, e)) == NULL)
			return -1;
		for (k = 1; k < TOUR_BYE && strcmp(res_words[k], w) != 0; k++)
			;
		if (k == TOUR_BYE)
			return error_set(e, EXIT_MALFORMED, "%s:%u: result "
			    "\"%.20s\": white, black, draw, white by forfeit, "
			    "black by forfeit or void", where, m->line, w);
		s->res = (enum tour_res)k;
		if (ydoc_get(m, "id") == NULL)
			continue;
		if (ydoc_hex_public(m, "id", id, sizeof(id), where, e) != 0)
			return -1;
		sec_hex(s->gid, sizeof(s->gid), id, sizeof(id));
	}
	return 0;
}

static int
body(const struct tour_decl *d, const struct ydoc *doc,
    const struct envelope *env, struct tour_record *r, const char *where,
    struct error *e)
{
	static const char *const keys[6][7] = {
		{ "adjudicator", "kind", "tournament", "player", NULL },
		{ "adjudicator", "kind", "tournament", "player", "after",
		    NULL },
		{ "adjudicator", "kind", "tournament", "round", "games",
		    NULL },
		{ "adjudicator", "kind", "tournament", "games", NULL },
		{ "adjudicator", "kind", "tournament", "round", "players",
		    NULL },
		{ NULL } };
	const char *s;
	int k;

	if (ydoc_expect(doc, YDOC_MAP, "the record", where, e) != 0 ||
	    (s = ydoc_scalar(doc, "kind", where, e)) == NULL)
		return -1;
	for (k = 0; kinds[k] != NULL && strcmp(kinds[k], s) != 0; k++)
		;
	if (kinds[k] == NULL)
		return error_set(e, EXIT_MALFORMED, "%s: kind \"%.20s\": not "
		    "a record of a tournament", where, s);
	r->kind = (enum tour_kind)k;
	if ((r->kind != TOUR_RULING && ydoc_check_keys(doc, keys[k], keys[k],
	    where, e) != 0) ||
	    (s = ydoc_scalar(doc, "tournament", where, e)) == NULL)
		return -1;
	if (strcmp(s, d->hex) != 0)
		return error_set(e, EXIT_REFUSED, "%s: a record of another "
		    "tournament (%.16s), not of %s (%.16s)", where, s, d->id,
		    d->hex);
	if (r->kind >= TOUR_ROUND) {
		if (!key_same(&env->signer, &d->director))
			return error_set(e, EXIT_REFUSED, "%s: %s signed by "
			    "%s (%s), not the director", where, kinds[k],
			    env->signer.name, env->signer.idhex);
		if (r->kind == TOUR_RESULTS)
			return read_results(r, ydoc_get(doc, "games"), where,
			    e);
		if (r->kind == TOUR_STANDING)
			return tour_table_read(d, doc, r, where, e);
		if (r->kind == TOUR_RULING)
			return tour_ruling_read(d, doc, r, where, e);
		if (number(doc, "round", &r->round, where, e) != 0)
			return -1;
		return read_games(d, r, ydoc_get(doc, "games"), where, e);
	}
	if (player(d, doc, "player", &r->player, where, e) != 0 ||
	    (r->kind == TOUR_WITHDRAW && number(doc, "after", &r->after,
	    where, e) != 0))
		return -1;
	if (!key_same(&env->signer, &d->p[r->player].key) &&
	    (r->kind == TOUR_ACCEPT || !key_same(&env->signer,
	    &d->director)))
		return error_set(e, EXIT_REFUSED, "%s: %s of %s signed by %s "
		    "(%s), not by %s's key", where, kinds[k],
		    d->p[r->player].name, env->signer.name, env->signer.idhex,
		    d->p[r->player].name);
	return 0;
}

int
tour_record_read(const struct tour_decl *d, const uint8_t *blob,
    size_t len, struct tour_record *r, const char *where, struct error *e)
{
	struct envelope env;
	struct ydoc *doc;
	int rc;

	memset(r, 0, sizeof(*r));
	snprintf(r->from, sizeof(r->from), "%s", where);
	if (envelope_verify(blob, len, &env, where, e) != 0 ||
	    (doc = ydoc_parse(env.body, env.body_len, where, e)) == NULL)
		return -1;
	rc = body(d, doc, &env, r, where, e);
	ydoc_free(doc);
	if (rc != 0)
		tour_record_free(r);
	return rc;
}

void
tour_record_free(struct tour_record *r)
{
	free(r->g);
	free(r->res);
	free(r->rows);
	r->g = NULL;
	r->res = NULL;
	r->rows = NULL;
	r->ng = r->nres = r->nrows = 0;
}
