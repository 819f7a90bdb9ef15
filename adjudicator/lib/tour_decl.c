/*
 * A tournament's declaration (formats/tournament.md): its director's
 * signed YAML, read strictly: every key known, every value checked,
 * every bad one refused in one line naming it and where.  The players
 * are put in seed order here, once, so that everything after reads the
 * same order.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "envelope.h"
#include "match.h"
#include "num.h"
#include "tour.h"
#include "tour_deadline.h"
#include "tour_int.h"
#include "when.h"
#include "ydoc.h"

static const char *const top_keys[] = { "adjudicator", "kind", "id",
    "name", "rules", "options", "seats", "clock", "format", "seeding",
    "players", "tiebreaks", "bye", "dates", "timeouts", "deadline", NULL };
static const char *const top_need[] = { "adjudicator", "kind", "id",
    "name", "rules", "format", "players", NULL };

static const char *const tb_names[] = { "sonneborn-berger", "buchholz",
    "buchholz-cut1", "direct-encounter", "wins", "koya", NULL };
static const char *const format_names[] = { "round-robin", "swiss",
    "knockout", "ladder", NULL };

const char *
tour_tb_name(enum tour_tb t)
{
	return tb_names[t];
}

const char *
tour_format_name(enum tour_format f)
{
	return format_names[f];
}

static int
word_of(const char *const *list, const char *s)
{
	int i;

	for (i = 0; list[i] != NULL; i++)
		if (strcmp(list[i], s) == 0)
			return i;
	return -1;
}

/* A number under key of map m, from lo to hi; absent: def. */
static int
number(const struct ydoc *m, const char *key, unsigned lo, unsigned hi,
    unsigned def, unsigned *out, const char *where, struct error *e)
{
	const struct ydoc *n = ydoc_get(m, key);
	uint64_t v;

	*out = def;
	if (n == NULL)
		return 0;
	if (n->type != YDOC_SCALAR || num_parse_str(n->str, hi, &v) != 0 ||
	    v < lo)
		return error_set(e, EXIT_MALFORMED, "%s:%u: %s is a number "
		    "from %u to %u", where, n->line, key, lo, hi);
	*out = (unsigned)v;
	return 0;
}

static int
read_format(struct tour_decl *d, const struct ydoc *f, const char *where,
    struct error *e)
{
	static const char *const keys[4][5] = {
		{ "type", "cycles", "section", "stage", NULL },
		{ "type", "rounds", NULL },
		{ "type", NULL },
		{ "type", "reach", NULL } };
	static const char *const need[] = { "type", NULL };
	const char *s;
	int t;

	if (ydoc_expect(f, YDOC_MAP, "format", where, e) != 0 ||
	    (s = ydoc_scalar(f, "type", where, e)) == NULL)
		return -1;
	if ((t = word_of(format_names, s)) < 0)
		return error_set(e, EXIT_MALFORMED, "%s:%u: format: unknown "
		    "type \"%.40s\" (round-robin, swiss, knockout, ladder)",
		    where, f->line, s);
	d->format = (enum tour_format)t;
	if (ydoc_check_keys(f, keys[t], need, where, e) != 0 ||
	    number(f, "cycles", 1, 2, 1, &d->cycles, where, e) != 0 ||
	    number(f, "section", 2, TOUR_MAX_PLAYERS, 0, &d->section, where,
	    e) != 0 ||
	    number(f, "rounds", 1, TOUR_MAX_ROUNDS, 0, &d->rounds, where,
	    e) != 0 ||
	    number(f, "reach", 1, TOUR_MAX_PLAYERS, 1, &d->reach, where,
	    e) != 0)
		return -1;
	if (d->format == TOUR_SWISS && d->rounds == 0)
		return error_set(e, EXIT_MALFORMED, "%s:%u: format: a swiss "
		    "needs rounds", where, f->line);
	return tour_stage_read(d, ydoc_get(f, "stage"), where, e);
}

static int
read_game(struct tour_decl *d, const struct ydoc *doc, const char *where,
    struct error *e)
{
	const struct ydoc *o = ydoc_get(doc, "options");
	const char *s = ydoc_scalar(doc, "rules", where, e);
	unsigned seats;
	size_t i;

	if (s == NULL)
		return -1;
	if ((d->rules = game_find(s)) == NULL)
		return error_set(e, EXIT_MALFORMED, "%s: unknown game "
		    "\"%.40s\" (adjudicator rules lists them)", where, s);
	if (number(doc, "seats", 2, GAME_MAX_SEATS, 2, &seats, where, e) != 0)
		return -1;
	if (seats < (unsigned)d->rules->min_seats ||
	    seats > (unsigned)d->rules->max_seats || seats > 4 ||
	    (seats > 2 && d->format != TOUR_ROUND_ROBIN))
		return error_set(e, EXIT_MALFORMED, "%s: %s with %u seats "
		    "cannot be played as a %s: only games of two seats are "
		    "paired, or of 3 or 4 at tables in a round robin", where,
		    d->rules->name, seats == 2 ?
		    (unsigned)d->rules->min_seats : seats,
		    format_names[d->format]);
	d->seats = d->cfg.nseats = seats;
	if (game_options_default(d->rules, &d->cfg, e) != 0)
		return -1;
	if (o != NULL && ydoc_expect(o, YDOC_MAP, "options", where, e) != 0)
		return -1;
	for (i = 0; o != NULL && i < o->nkids; i++) {
		if (ydoc_expect(o->kids[i], YDOC_SCALAR, o->kids[i]->key,
		    where, e) != 0)
			return -1;
		if (game_option_set(d->rules, &d->cfg, o->kids[i]->key,
		    o->kids[i]->str, e) != 0) {
			e->status = EXIT_MALFORMED;
			return error_prefix(e, "%s:%u", where,
			    o->kids[i]->line);
		}
	}
	return header_clock(&d->clock, ydoc_get(doc, "clock"), where, e);
}

static int
read_player(struct tour_decl *d, const struct ydoc *p, size_t i,
    const char *where, struct error *e)
{
	static const char *const keys[] = { "name", "key", "address",
	    "rating", NULL };
	static const char *const need[] = { "name", "key", NULL };
	struct tour_player *t = &d->p[i];
	const struct ydoc *a;
	const char *name, *key;
	char why[120];
	size_t j;

	if (ydoc_expect(p, YDOC_MAP, "a player", where, e) != 0 ||
	    ydoc_check_keys(p, keys, need, where, e) != 0 ||
	    (name = ydoc_scalar(p, "name", where, e)) == NULL ||
	    (key = ydoc_scalar(p, "key", where, e)) == NULL)
		return -1;
	if (!key_name_ok(name))
		return error_set(e, EXIT_MALFORMED, "%s:%u: player \"%.40s\": "
		    "not a name (letters, digits, - and _, at most %d)", where,
		    p->line, name, KEY_NAME_MAX);
	snprintf(t->name, sizeof(t->name), "%s", name);
	if (key_public_parse(key, &t->key, where, e) != 0)
		return error_prefix(e, "player %s", name);
	if ((a = ydoc_get(p, "address")) != NULL) {
		if (a->type != YDOC_SCALAR ||
		    header_address_check(a->str, why, sizeof(why)) != 0)
			return error_set(e, EXIT_MALFORMED, "%s:%u: player %s: "
			    "a bad address (%s)", where, p->line, name,
			    a->type == YDOC_SCALAR ? why : "not a scalar");
		snprintf(t->address, sizeof(t->address), "%s", a->str);
	}
	if (number(p, "rating", 1, 9999, 0, &t->rating, where, e) != 0)
		return -1;
	t->given = (unsigned)i;
	for (j = 0; j < i; j++) {
		if (strcmp(d->p[j].name, name) == 0)
			return error_set(e, EXIT_MALFORMED, "%s:%u: the player "
			    "%s twice", where, p->line, name);
		if (key_same(&d->p[j].key, &t->key))
			return error_set(e, EXIT_MALFORMED, "%s:%u: the key of "
			    "%s is %s's too: one key, one player", where,
			    p->line, name, d->p[j].name);
	}
	return 0;
}

/* Ratings first, highest first; equal ratings in the declaration's order. */
static int
by_seed(const void *a, const void *b)
{
	const struct tour_player *x = a, *y = b;

	if (x->rating != y->rating)
		return x->rating > y->rating ? -1 : 1;
	return x->given < y->given ? -1 : x->given > y->given;
}

static int
read_players(struct tour_decl *d, const struct ydoc *doc, const char *where,
    struct error *e)
{
	const struct ydoc *l = ydoc_get(doc, "players"), *s;
	size_t i;

	if (ydoc_expect(l, YDOC_SEQ, "players", where, e) != 0)
		return -1;
	if (l->nkids < 2 || l->nkids > TOUR_MAX_PLAYERS)
		return error_set(e, EXIT_MALFORMED, "%s:%u: from 2 to %u "
		    "players, not %zu", where, l->line, TOUR_MAX_PLAYERS,
		    l->nkids);
	if ((d->p = calloc(l->nkids, sizeof(*d->p))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	d->n = l->nkids;
	for (i = 0; i < l->nkids; i++)
		if (read_player(d, l->kids[i], i, where, e) != 0)
			return -1;
	s = ydoc_get(doc, "seeding");
	if (s != NULL && (s->type != YDOC_SCALAR ||
	    (strcmp(s->str, "order") != 0 && strcmp(s->str, "rating") != 0)))
		return error_set(e, EXIT_MALFORMED, "%s:%u: seeding is order "
		    "or rating", where, s->line);
	d->by_rating = s != NULL && strcmp(s->str, "rating") == 0;
	for (i = 0; i < d->n; i++)
		if (d->by_rating != (d->p[i].rating != 0))
			return error_set(e, EXIT_MALFORMED, "%s:%u: player %s: "
			    "%s", where, l->kids[i]->line, d->p[i].name,
			    d->by_rating ? "no rating, and the seeding is by "
			    "rating" : "a rating, and the seeding is the "
			    "given order (seeding: rating)");
	if (d->by_rating)
		qsort(d->p, d->n, sizeof(*d->p), by_seed);
	return 0;
}

static int
read_tiebreaks(struct tour_decl *d, const struct ydoc *doc,
    const char *where, struct error *e)
{
	const struct ydoc *l = ydoc_get(doc, "tiebreaks"), *k;
	size_t i, j;
	int t;

	if (l == NULL)
		return 0;
	if (ydoc_expect(l, YDOC_SEQ, "tiebreaks", where, e) != 0)
		return -1;
	for (i = 0; i < l->nkids; i++) {
		k = l->kids[i];
		if (k->type != YDOC_SCALAR || (t = word_of(tb_names,
		    k->str)) < 0)
			return error_set(e, EXIT_MALFORMED, "%s:%u: an unknown "
			    "tie-break \"%.40s\" (sonneborn-berger, buchholz, "
			    "buchholz-cut1, direct-encounter, wins, koya)",
			    where, k->line, k->type == YDOC_SCALAR ? k->str :
			    "");
		for (j = 0; j < d->ntb; j++)
			if (d->tb[j] == (enum tour_tb)t)
				return error_set(e, EXIT_MALFORMED,
				    "%s:%u: the tie-break %s twice", where,
				    k->line, k->str);
		if (t == TOUR_TB_KOYA && d->format != TOUR_ROUND_ROBIN)
			return error_set(e, EXIT_MALFORMED, "%s:%u: koya is "
			    "for round robins", where, k->line);
		d->tb[d->ntb++] = (enum tour_tb)t;
	}
	return 0;
}

static int
read_rest(struct tour_decl *d, const struct ydoc *doc, const char *where,
    struct error *e)
{
	static const char *const dkeys[] = { "closes", "starts", NULL };
	static const char *const byes[] = { "0", "0.5", "1", NULL };
	const struct ydoc *b = ydoc_get(doc, "bye"), *t;
	char *out[2] = { d->closes, d->starts };
	int64_t when;
	int i;

	if (number(doc, "timeouts", 1, TOUR_MAX_ROUNDS, 0, &d->timeouts,
	    where, e) != 0)
		return -1;
	d->bye2 = 2;
	if (b != NULL && (b->type != YDOC_SCALAR || word_of(byes,
	    b->str) < 0))
		return error_set(e, EXIT_MALFORMED, "%s:%u: bye is 0, 0.5 or "
		    "1", where, b->line);
	if (b != NULL)
		d->bye2 = (unsigned)word_of(byes, b->str);
	if ((b = ydoc_get(doc, "dates")) == NULL)
		return 0;
	if (ydoc_expect(b, YDOC_MAP, "dates", where, e) != 0 ||
	    ydoc_check_keys(b, dkeys, NULL, where, e) != 0)
		return -1;
	for (i = 0; i < 2; i++) {
		if ((t = ydoc_get(b, dkeys[i])) == NULL)
			continue;
		if (t->type != YDOC_SCALAR || when_parse(t->str, &when) != 0)
			return error_set(e, EXIT_MALFORMED, "%s:%u: dates: %s "
			    "is a time as 2027-01-01T00:00:00Z", where, t->line,
			    dkeys[i]);
		snprintf(out[i], sizeof(d->closes), "%s", t->str);
	}
	return 0;
}

/* What the format can take of the players. */
static int
fits(const struct tour_decl *d, const char *where, struct error *e)
{
	if (d->format == TOUR_SWISS && d->rounds >= d->n)
		return error_set(e, EXIT_MALFORMED, "%s: a swiss of %zu "
		    "players has fewer rounds than players, not %u", where,
		    d->n, d->rounds);
	if (d->format == TOUR_ROUND_ROBIN && d->section != 0 &&
	    d->section < 3)
		return error_set(e, EXIT_MALFORMED, "%s: sections of at least "
		    "3 players", where);
	if (d->seats > 2)
		return tour_tables_fit(d, where, e);
	if (d->format == TOUR_LADDER && d->reach >= d->n)
		return error_set(e, EXIT_MALFORMED, "%s: a ladder of %zu "
		    "reaches fewer places above, not %u", where, d->n,
		    d->reach);
	return tour_stage_fits(d, where, e);
}

static int
parse(struct tour_decl *d, const struct ydoc *doc, const char *where,
    struct error *e)
{
	const char *s;

	if (ydoc_expect(doc, YDOC_MAP, "the declaration", where, e) != 0 ||
	    ydoc_check_keys(doc, top_keys, top_need, where, e) != 0)
		return -1;
	if ((s = ydoc_scalar(doc, "adjudicator", where, e)) == NULL)
		return -1;
	if (strcmp(s, "1") != 0)
		return error_set(e, EXIT_MALFORMED, "%s: adjudicator: version "
		    "\"%.20s\", not 1", where, s);
	if ((s = ydoc_scalar(doc, "kind", where, e)) == NULL)
		return -1;
	if (strcmp(s, "tournament") != 0)
		return error_set(e, EXIT_MALFORMED, "%s: kind \"%.20s\", not "
		    "tournament", where, s);
	if ((s = ydoc_scalar(doc, "id", where, e)) == NULL)
		return -1;
	if (!key_name_ok(s))
		return error_set(e, EXIT_MALFORMED, "%s: id \"%.40s\": "
		    "letters, digits, - and _, at most %d", where, s,
		    KEY_NAME_MAX);
	snprintf(d->id, sizeof(d->id), "%s", s);
	if ((s = ydoc_scalar(doc, "name", where, e)) == NULL)
		return -1;
	if (strlen(s) >= sizeof(d->name) || strpbrk(s, "\r\n\t") != NULL)
		return error_set(e, EXIT_MALFORMED, "%s: name: one line of at "
		    "most %zu bytes", where, sizeof(d->name) - 1);
	snprintf(d->name, sizeof(d->name), "%s", s);
	if (read_format(d, ydoc_get(doc, "format"), where, e) != 0 ||
	    read_game(d, doc, where, e) != 0 ||
	    read_players(d, doc, where, e) != 0 ||
	    read_tiebreaks(d, doc, where, e) != 0 ||
	    read_rest(d, doc, where, e) != 0 ||
	    tour_deadline_read(d, doc, where, e) != 0)
		return -1;
	return fits(d, where, e);
}

static int
from_body(struct tour_decl *d, const void *body, size_t len,
    const char *where, struct error *e)
{
	struct ydoc *doc;
	int rc;

	if ((doc = ydoc_parse(body, len, where, e)) == NULL)
		return -1;
	rc = parse(d, doc, where, e);
	ydoc_free(doc);
	return rc;
}

int
tour_decl_check(const void *body, size_t len, const char *where,
    struct error *e)
{
	struct tour_decl d;
	int rc;

	memset(&d, 0, sizeof(d));
	rc = from_body(&d, body, len, where, e);
	tour_decl_free(&d);
	return rc;
}

int
tour_decl_read(const uint8_t *blob, size_t len, struct tour_decl *d,
    const char *where, struct error *e)
{
	struct envelope env;

	memset(d, 0, sizeof(*d));
	if (envelope_verify(blob, len, &env, where, e) != 0)
		return -1;
	d->director = env.signer;
	memcpy(d->hash, env.hash, SEC_HASH);
	sec_hex(d->hex, sizeof(d->hex), d->hash, SEC_HASH);
	if (from_body(d, env.body, env.body_len, where, e) != 0) {
		tour_decl_free(d);
		return -1;
	}
	return 0;
}

void
tour_decl_free(struct tour_decl *d)
{
	free(d->p);
	d->p = NULL;
	d->n = 0;
}

int
tour_player_named(const struct tour_decl *d, const char *name)
{
	size_t i;

	for (i = 0; i < d->n; i++)
		if (strcmp(d->p[i].name, name) == 0)
			return (int)i;
	return -1;
}

int
tour_player_keyed(const struct tour_decl *d, const char *idhex)
{
	size_t i;

	for (i = 0; i < d->n; i++)
		if (strcmp(d->p[i].key.idhex, idhex) == 0)
			return (int)i;
	return -1;
}
