/*
 * The header, entry 0: the game's rules, options, seed, mode, seats and
 * judge, signed by its creator; its hash is the game id.  Reading it makes
 * a match; writing it is what `new` sends.  formats/header.md.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "match_int.h"
#include "num.h"
#include "seed.h"
#include "when.h"
#include "ydoc.h"

static const char *const keys[] = { "adjudicator", "kind", "rules",
    "options", "clock", "seed", "seed_commit", "mode", "seats", "judge",
    "judge_address", "watch", "observers", "tournament", "rated", "created",
    "nonce", NULL };
static const char *const required[] = { "adjudicator", "kind", "rules",
    "options", "mode", "seats", "created", "nonce", NULL };

static int
read_kind(const struct ydoc *doc, const char *where, struct error *e)
{
	const char *s;

	if ((s = ydoc_scalar(doc, "kind", where, e)) == NULL)
		return -1;
	if (strcmp(s, "header") != 0)
		return error_set(e, EXIT_MALFORMED, "%s: not an invitation "
		    "(kind %.20s)", where, s);
	if ((s = ydoc_scalar(doc, "adjudicator", where, e)) == NULL)
		return -1;
	if (strcmp(s, "1") != 0)
		return error_set(e, EXIT_MALFORMED, "%s: protocol version %.20s "
		    "is not supported", where, s);
	return 0;
}

static int
read_rules(struct match *m, const struct ydoc *doc, const char *where,
    struct error *e)
{
	const struct ydoc *opts;
	const char *s;
	size_t i;

	if ((s = ydoc_scalar(doc, "rules", where, e)) == NULL)
		return -1;
	if ((m->rules = game_find(s)) == NULL)
		return error_set(e, EXIT_MALFORMED, "%s: unknown game \"%.40s\"",
		    where, s);
	opts = ydoc_get(doc, "options");
	if (ydoc_expect(opts, YDOC_MAP, "options", where, e) != 0)
		return -1;
	if (opts->nkids > GAME_MAX_OPTIONS)
		return error_set(e, EXIT_MALFORMED, "%s: too many options",
		    where);
	if (game_options_default(m->rules, &m->cfg, e) != 0)
		return -1;
	/* each name and value whole, as it is signed */
	for (i = 0; i < opts->nkids; i++) {
		if (ydoc_expect(opts->kids[i], YDOC_SCALAR, opts->kids[i]->key,
		    where, e) != 0)
			return -1;
		if (game_option_set(m->rules, &m->cfg, opts->kids[i]->key,
		    opts->kids[i]->str, e) != 0) {
			e->status = EXIT_MALFORMED;
			return error_prefix(e, "%s:%u", where,
			    opts->kids[i]->line);
		}
	}
	/* absent: rated; "no" alone, what is signed being what is meant */
	if ((opts = ydoc_get(doc, "rated")) != NULL) {
		if (opts->type != YDOC_SCALAR || strcmp(opts->str, "no") != 0)
			return error_set(e, EXIT_MALFORMED, "%s:%u: rated is "
			    "no, or absent", where, opts->line);
		m->cfg.casual = 1;
	}
	return 0;
}

/* A header's address, refused naming its seat and what is wrong. */
static int
bad_address(const char *a, const char *seat, const char *where,
    unsigned line, struct error *e)
{
	char why[80], q[160];

	if (header_address_check(a, why, sizeof(why)) == 0)
		return 0;
	error_quote(q, sizeof(q), a);
	return error_set(e, EXIT_MALFORMED, "%s:%u: a bad address for %s: "
	    "\"%s\" (%s)", where, line, seat, q, why);
}

static int
read_mode(struct match *m, const struct ydoc *doc, int full, const char *where,
    struct error *e)
{
	const struct ydoc *n;
	const char *mode;

	if ((mode = ydoc_scalar(doc, "mode", where, e)) == NULL)
		return -1;
	if (strcmp(mode, "peer") == 0)
		m->judge_mode = 0;
	else if (strcmp(mode, "judge") == 0)
		m->judge_mode = 1;
	else
		return error_set(e, EXIT_MALFORMED, "%s: mode \"%.20s\" is "
		    "neither peer nor judge", where, mode);
	if (!(m->rules->modes & (m->judge_mode ? GAME_MODE_JUDGE :
	    GAME_MODE_PEER)))
		return error_set(e, EXIT_MALFORMED, "%s: %s cannot be played in "
		    "%s mode", where, m->rules->name, mode);
	if ((n = ydoc_get(doc, "judge")) != NULL) {
		if (!m->judge_mode)
			return error_set(e, EXIT_MALFORMED, "%s: a judge in peer "
			    "mode", where);
		if (ydoc_expect(n, YDOC_SCALAR, "judge", where, e) != 0 ||
		    key_public_parse_as(n->str, &m->judge, full, where,
		    e) != 0)
			return -1;
	} else if (m->judge_mode)
		return error_set(e, EXIT_MALFORMED, "%s: judge mode without a "
		    "judge key", where);
	if ((n = ydoc_get(doc, "judge_address")) != NULL) {
		if (!m->judge_mode || n->type != YDOC_SCALAR)
			return error_set(e, EXIT_MALFORMED, "%s:%u: a bad judge "
			    "address", where, n->line);
		if (bad_address(n->str, "the judge", where, n->line, e) != 0)
			return -1;
		snprintf(m->judge_address, sizeof(m->judge_address), "%s",
		    n->str);
	}
	return 0;
}

/* Who may watch: a judged game's alone (nobody else mails them). */
static int
read_watch(struct match *m, const struct ydoc *doc, const char *where,
    struct error *e)
{
	const struct ydoc *w = ydoc_get(doc, "watch"), *o;
	size_t i;
	int j;

	if (w != NULL) {
		if (w->type != YDOC_SCALAR || (strcmp(w->str, "yes") != 0 &&
		    strcmp(w->str, "no") != 0))
			return error_set(e, EXIT_MALFORMED, "%s:%u: watch is "
			    "yes or no", where, w->line);
		m->watch.open = strcmp(w->str, "yes") == 0;
	}
	if ((o = ydoc_get(doc, "observers")) != NULL &&
	    ydoc_expect(o, YDOC_SEQ, "observers", where, e) != 0)
		return -1;
	if ((w != NULL || o != NULL) && !m->judge_mode)
		return error_set(e, EXIT_MALFORMED, "%s: observers in a peer "
		    "game, where no judge mails them", where);
	if (o == NULL)
		return 0;
	if (o->nkids > MATCH_MAX_OBSERVERS)
		return error_set(e, EXIT_MALFORMED, "%s:%u: more than %d "
		    "observers", where, o->line, MATCH_MAX_OBSERVERS);
	for (i = 0; i < o->nkids; i++) {
		if (o->kids[i]->type != YDOC_SCALAR)
			return error_set(e, EXIT_MALFORMED, "%s:%u: a bad "
			    "observer", where, o->kids[i]->line);
		if (bad_address(o->kids[i]->str, "an observer", where,
		    o->kids[i]->line, e) != 0)
			return -1;
		for (j = 0; j < m->watch.n; j++)
			if (strcasecmp(m->watch.address[j],
			    o->kids[i]->str) == 0)
				return error_set(e, EXIT_MALFORMED, "%s:%u: an "
				    "observer named twice", where,
				    o->kids[i]->line);
		snprintf(m->watch.address[m->watch.n++], MATCH_ADDRESS, "%s",
		    o->kids[i]->str);
	}
	return 0;
}

static int
read_seat(struct match *m, int i, const struct ydoc *n, int full,
    const char *where, struct error *e)
{
	static const char *const seat_keys[] = { "name", "key", "address",
	    NULL };
	static const char *const seat_required[] = { "name", "key", NULL };
	struct match_seat *st = &m->seat[i];
	const struct ydoc *a;
	const char *s;

	if (ydoc_check_keys(n, seat_keys, seat_required, where, e) != 0 ||
	    (s = ydoc_scalar(n, "name", where, e)) == NULL)
		return -1;
	if (!key_name_ok(s) || strcmp(s, "judge") == 0)
		return error_set(e, EXIT_MALFORMED, "%s: bad seat name \"%.32s\"",
		    where, s);
	if (match_seat_by_name(m, s) >= 0)
		return error_set(e, EXIT_MALFORMED, "%s: seat %s appears twice",
		    where, s);
	snprintf(st->name, sizeof(st->name), "%s", s);
	snprintf(m->cfg.seat[i], sizeof(m->cfg.seat[i]), "%s", s);
	if ((s = ydoc_scalar(n, "key", where, e)) == NULL ||
	    key_public_parse_as(s, &st->key, full, where, e) != 0)
		return -1;
	if ((a = ydoc_get(n, "address")) != NULL) {
		if (a->type != YDOC_SCALAR)
			return error_set(e, EXIT_MALFORMED, "%s:%u: a bad address "
			    "for %s", where, a->line, st->name);
		if (bad_address(a->str, st->name, where, a->line, e) != 0)
			return -1;
		snprintf(st->address, sizeof(st->address), "%s", a->str);
	}
	return 0;
}

static int
read_seats(struct match *m, const struct ydoc *doc, int full,
    const char *where, struct error *e)
{
	const struct ydoc *seats = ydoc_get(doc, "seats");
	int i, j;

	if (ydoc_expect(seats, YDOC_SEQ, "seats", where, e) != 0)
		return -1;
	if ((int)seats->nkids < m->rules->min_seats ||
	    (int)seats->nkids > m->rules->max_seats) {
		if (m->rules->min_seats == m->rules->max_seats)
			return error_set(e, EXIT_MALFORMED, "%s: %s is for %d "
			    "seats, not %zu", where, m->rules->name,
			    m->rules->min_seats, seats->nkids);
		return error_set(e, EXIT_MALFORMED, "%s: %s is for %d to %d "
		    "seats, not %zu", where, m->rules->name,
		    m->rules->min_seats, m->rules->max_seats, seats->nkids);
	}
	m->nseats = m->cfg.nseats = (int)seats->nkids;
	for (i = 0; i < m->nseats; i++)
		if (read_seat(m, i, seats->kids[i], full, where, e) != 0)
			return -1;
	for (i = 0; i < m->nseats; i++) {
		for (j = 0; j < i; j++)
			if (key_same(&m->seat[i].key, &m->seat[j].key))
				break;
		if (j < i || (m->judge_mode &&
		    key_same(&m->seat[i].key, &m->judge)))
			return error_set(e, EXIT_MALFORMED, "%s: one key holds "
			    "two seats", where);
	}
	return 0;
}

static const char *const clock_keys[] = { "clock", "grace", "leave",
    "remind", NULL };
static const char *const clock_required[] = { "clock", NULL };

/* The default reminders of a clock without remind=: a day and six hours
 * before the deadline, those of them that can come (none with a clock
 * of six hours a move). */
static void
clock_defaults(struct clock_spec *c)
{
	static const int64_t def[] = { 86400, 6 * 3600 };
	size_t i;

	if (!c->on || c->remind_given)
		return;
	c->nremind = 0;
	for (i = 0; i < sizeof(def) / sizeof(def[0]); i++)
		if (clock_remind_can(c, def[i]))
			c->remind[c->nremind++] = def[i];
}

/* The time controls: a map of the clock options, each in canonical form
 * (as new writes them: what is signed is what is meant). */
int
header_clock(struct clock_spec *clk, const struct ydoc *c, const char *where,
    struct error *e)
{
	const struct ydoc *k;
	char canon[80];
	size_t i;

	if (c == NULL)
		return 0;
	if (ydoc_expect(c, YDOC_MAP, "clock", where, e) != 0 ||
	    ydoc_check_keys(c, clock_keys, clock_required, where, e) != 0)
		return -1;
	for (i = 0; i < c->nkids; i++) {
		k = c->kids[i];
		if (ydoc_expect(k, YDOC_SCALAR, k->key, where, e) != 0)
			return -1;
		if (clock_option(clk, k->key, k->str, canon,
		    sizeof(canon), e) != 0 || strcmp(canon, k->str) != 0) {
			if (e->status == EXIT_OK)
				error_set(e, EXIT_MALFORMED, "clock %s: \"%.40s\" "
				    "is not written as new writes it (\"%s\")",
				    k->key, k->str, canon);
			e->status = EXIT_MALFORMED;
			return error_prefix(e, "%s", where);
		}
	}
	if (!clk->on)
		return error_set(e, EXIT_MALFORMED, "%s: a clock map without a "
		    "clock", where);
	clock_defaults(clk);
	return 0;
}

static int
read_clock(struct match *m, const struct ydoc *doc, const char *where,
    struct error *e)
{
	return header_clock(&m->clock, ydoc_get(doc, "clock"), where, e);
}

int
header_options(const struct game_rules *r, struct game_config *cfg,
    struct clock_spec *c, struct match_watch *w, struct match_event *ev,
    char *const *kv, int nkv, struct error *e)
{
	char *game[GAME_MAX_OPTIONS * 2 + 8], name[GAME_NAME], canon[80];
	const char *eq;
	int i, n = 0, rc, casual = 0;

	memset(c, 0, sizeof(*c));
	for (i = 0; i < nkv; i++) {
		eq = strchr(kv[i], '=');
		rc = 1;
		if (eq != NULL && (size_t)(eq - kv[i]) < sizeof(name)) {
			snprintf(name, sizeof(name), "%.*s", (int)(eq - kv[i]),
			    kv[i]);
			if (strcmp(name, "rated") == 0) {
				if (strcmp(eq + 1, "yes") != 0 &&
				    strcmp(eq + 1, "no") != 0)
					return error_set(e, EXIT_USAGE,
					    "-o %s: rated is yes or no", kv[i]);
				casual = strcmp(eq + 1, "no") == 0;
				continue;
			}
			if (w != NULL && strcmp(name, "watch") == 0) {
				if (strcmp(eq + 1, "yes") != 0 &&
				    strcmp(eq + 1, "no") != 0)
					return error_set(e, EXIT_USAGE, "-o %s: "
					    "watch is yes or no", kv[i]);
				w->open = strcmp(eq + 1, "yes") == 0;
				continue;
			}
			if (ev != NULL && strcmp(name, "tournament") == 0) {
				if (header_event_parse(eq + 1, ev, e) != 0)
					return -1;
				continue;
			}
			if ((rc = clock_option(c, name, eq + 1, canon,
			    sizeof(canon), e)) < 0)
				return -1;
		}
		if (rc == 1) {
			if (n == (int)(sizeof(game) / sizeof(game[0])))
				return error_set(e, EXIT_USAGE, "too many "
				    "options");
			game[n++] = kv[i];
		}
	}
	if (clock_check(c, e) != 0)
		return -1;
	clock_defaults(c);
	if (game_options(r, cfg, game, n, e) != 0)
		return -1;
	cfg->casual = casual;
	return 0;
}

/* A number of the tournament map: 1 to 100000, digits only. */
static int
event_num(const struct ydoc *t, const char *key, unsigned *out,
    const char *where, struct error *e)
{
	const struct ydoc *n = ydoc_get(t, key);
	uint64_t v;

	if (n == NULL)
		return 0;
	if (n->type != YDOC_SCALAR || num_parse_str(n->str, 100000, &v) != 0 ||
	    v == 0)
		return error_set(e, EXIT_MALFORMED, "%s:%u: tournament: %s is "
		    "a number from 1 to 100000", where, n->line, key);
	*out = (unsigned)v;
	return 0;
}

/* The tournament the game is played in (formats/tournament.md). */
static int
read_event(struct match *m, const struct ydoc *doc, const char *where,
    struct error *e)
{
	static const char *const ok[] = { "id", "round", "board", "game",
	    NULL };
	static const char *const need[] = { "id", NULL };
	const struct ydoc *t = ydoc_get(doc, "tournament");
	uint8_t id[SEC_HASH];

	if (t == NULL)
		return 0;
	if (ydoc_expect(t, YDOC_MAP, "tournament", where, e) != 0 ||
	    ydoc_check_keys(t, ok, need, where, e) != 0 ||
	    ydoc_hex_public(t, "id", id, sizeof(id), where, e) != 0 ||
	    event_num(t, "round", &m->event.round, where, e) != 0 ||
	    event_num(t, "board", &m->event.board, where, e) != 0 ||
	    event_num(t, "game", &m->event.game, where, e) != 0)
		return -1;
	if ((m->event.round == 0) != (m->event.board == 0) ||
	    (m->event.game != 0 && m->event.round == 0))
		return error_set(e, EXIT_MALFORMED, "%s:%u: tournament: round "
		    "and board go together, and game with them", where,
		    t->line);
	sec_hex(m->event.id, sizeof(m->event.id), id, sizeof(id));
	return 0;
}

int
header_event_parse(const char *s, struct match_event *ev,
    struct error *e)
{
	char copy[2 * SEC_HASH + 40], *w[5], *p;
	unsigned *num[3] = { &ev->round, &ev->board, &ev->game };
	uint64_t v;
	int n = 1, i;

	memset(ev, 0, sizeof(*ev));
	if (snprintf(copy, sizeof(copy), "%s", s) >= (int)sizeof(copy))
		goto bad;
	w[0] = copy;
	for (p = copy; *p != '\0'; p++)
		if (*p == '/') {
			if (n == 4)
				goto bad;
			*p = '\0';
			w[n++] = p + 1;
		}
	if (n == 2 || strlen(w[0]) != 2 * SEC_HASH ||
	    strspn(w[0], "0123456789abcdef") != 2 * SEC_HASH)
		goto bad;
	for (i = 1; i < n; i++) {
		if (num_parse_str(w[i], 100000, &v) != 0 || v == 0)
			goto bad;
		*num[i - 1] = (unsigned)v;
	}
	snprintf(ev->id, sizeof(ev->id), "%s", w[0]);
	return 0;
bad:
	return error_set(e, EXIT_USAGE, "-o tournament=%.80s: not "
	    "ID[/ROUND/BOARD[/GAME]] (ID: the declaration's 64 hex digits, "
	    "numbers from 1)", s);
}

/* full: the signature and the keys' points checked too. */
static struct match *
from_header(const uint8_t *blob, size_t len, int check_sig, int full,
    const char *where, struct error *e)
{
	struct envelope env;
	struct ydoc *doc = NULL;
	struct match *m = NULL;
	uint8_t nonce[SEC_HASH];
	const char *s;
	int i;

	if ((check_sig ? envelope_verify(blob, len, &env, where, e) :
	    envelope_parse(blob, len, &env, where, e)) != 0)
		return NULL;
	if ((doc = ydoc_parse(env.body, env.body_len, where, e)) == NULL)
		return NULL;
	if (ydoc_check_keys(doc, keys, required, where, e) != 0 ||
	    read_kind(doc, where, e) != 0)
		goto fail;
	if ((m = calloc(1, sizeof(*m))) == NULL) {
		error_set(e, EXIT_SYSTEM, "out of memory");
		goto fail;
	}
	m->me = -1;
	m->draw_offer = m->declined = m->ender = m->last_by = m->how_by = -1;
	if (read_rules(m, doc, where, e) != 0 || read_clock(m, doc, where,
	    e) != 0 || read_mode(m, doc, full, where, e) != 0 ||
	    read_seats(m, doc, full, where, e) != 0 ||
	    read_watch(m, doc, where, e) != 0 ||
	    read_event(m, doc, where, e) != 0)
		goto fail;
	if ((s = ydoc_scalar(doc, "created", where, e)) == NULL ||
	    ydoc_hex(doc, "nonce", nonce, sizeof(nonce), where, e) != 0)
		goto fail;
	snprintf(m->created, sizeof(m->created), "%.39s", s);
	if (when_parse(s, &m->created_at) != 0) {
		error_set(e, EXIT_MALFORMED, "%s: created: \"%.40s\" is not a "
		    "time as 2026-11-26T12:00:00Z", where, s);
		goto fail;
	}
	if (match_seat_of(m, &env.signer) < 0) {
		error_set(e, EXIT_REFUSED, "%s: invitation signed by %s (%s), "
		    "who is neither a seat nor the judge", where,
		    env.signer.name, env.signer.idhex);
		goto fail;
	}
	if (seed_header(m, doc, match_seat_of(m, &env.signer), nonce, where,
	    e) != 0)
		goto fail;
	if ((m->state = calloc(1, m->rules->state_size)) == NULL) {
		error_set(e, EXIT_SYSTEM, "out of memory");
		goto fail;
	}
	if (m->rules->init(m->state, &m->cfg, e) != 0) {
		error_prefix(e, "%s", where);
		goto fail;
	}
	for (i = 0; i < m->nseats; i++)
		m->rules->setup_pieces(m->state, i, &m->seat[i].pieces);
	clock_init(&m->clk, &m->clock, m->nseats);
	m->stamp_due = -1;
	memcpy(m->game_id, env.hash, SEC_HASH);
	memcpy(m->last, env.hash, SEC_HASH);
	sec_hex(m->game_hex, sizeof(m->game_hex), m->game_id, SEC_HASH);
	match_say(m, "game created by %s", env.signer.name);
	ydoc_free(doc);
	return m;
fail:
	ydoc_free(doc);
	match_free(m);
	return NULL;
}

struct match *
header_read(const uint8_t *blob, size_t len, const char *where,
    struct error *e)
{
	return from_header(blob, len, 1, 1, where, e);
}

struct match *
header_parse(const uint8_t *blob, size_t len, const char *where,
    struct error *e)
{
	return from_header(blob, len, 0, 1, where, e);
}

struct match *
header_load(const uint8_t *blob, size_t len, const char *where,
    struct error *e)
{
	return from_header(blob, len, 0, 0, where, e);
}

int
header_terms(const struct game_config *cfg, const struct clock_spec *clock,
    char *out, size_t len)
{
	char canon[80];
	size_t at = 0;
	int i, n;

	out[0] = '\0';
	for (i = 0; i < cfg->nopts; i++) {
		n = snprintf(out + at, len - at, "%s%s=%s", at ? " " : "",
		    cfg->opt_name[i], cfg->opt[i]);
		if (n < 0 || (size_t)n >= len - at)
			return -1;
		at += (size_t)n;
	}
	for (i = 0; clock->on && clock_keys[i] != NULL; i++) {
		if ((strcmp(clock_keys[i], "leave") == 0 &&
		    clock->leave == 0) || (strcmp(clock_keys[i],
		    "remind") == 0 && clock->nremind == 0))
			continue;
		clock_canon(clock, clock_keys[i], canon, sizeof(canon));
		n = snprintf(out + at, len - at, "%s%s=%s", at ? " " : "",
		    clock_keys[i], canon);
		if (n < 0 || (size_t)n >= len - at)
			return -1;
		at += (size_t)n;
	}
	return 0;
}

/* The time controls, each in canonical form; nothing without a clock. */
static void
write_clock(struct ydoc_writer *w, const struct clock_spec *clock)
{
	char canon[80];
	int i;

	if (clock == NULL || !clock->on)
		return;
	ydoc_key(w, "clock");
	ydoc_map_begin(w);
	for (i = 0; clock_keys[i] != NULL; i++) {
		if ((strcmp(clock_keys[i], "leave") == 0 &&
		    clock->leave == 0) || (strcmp(clock_keys[i],
		    "remind") == 0 && clock->nremind == 0))
			continue;
		clock_canon(clock, clock_keys[i], canon, sizeof(canon));
		ydoc_kv(w, clock_keys[i], canon);
	}
	ydoc_map_end(w);
}

/* The tournament the game is played in; nothing when none. */
static void
write_event(struct ydoc_writer *w, const struct match_event *ev)
{
	if (ev == NULL || ev->id[0] == '\0')
		return;
	ydoc_key(w, "tournament");
	ydoc_map_begin(w);
	ydoc_kv(w, "id", ev->id);
	if (ev->round != 0) {
		ydoc_kvf(w, "round", "%u", ev->round);
		ydoc_kvf(w, "board", "%u", ev->board);
	}
	if (ev->game != 0)
		ydoc_kvf(w, "game", "%u", ev->game);
	ydoc_map_end(w);
}

int
header_write(const struct game_rules *r, const struct game_config *cfg,
    int judge_mode, const struct key_public *seats,
    const char *const *addresses, int nseats, const struct key_public *judge,
    const char *judge_address, const struct clock_spec *clock,
    const struct match_watch *watch, const struct match_event *ev,
    const struct key_secret *commit_by, struct buf *out, struct error *e)
{
	struct ydoc_writer *w;
	char line[KEY_LINE_MAX], nonce_hex[2 * SEC_HASH + 1], when[40];
	char commit_hex[2 * SEC_HASH + 1];
	uint8_t nonce[SEC_HASH], commit[SEC_HASH];
	int i;

	sec_random(nonce, sizeof(nonce));
	/* a game that draws from its seed: every party draws it */
	if (commit_by != NULL && (r->draws == NULL || !r->draws(cfg)))
		commit_by = NULL;
	if (commit_by != NULL && seed_commitment(commit_by, nonce, commit,
	    e) != 0)
		return -1;
	sec_hex(commit_hex, sizeof(commit_hex), commit, sizeof(commit));
	sec_hex(nonce_hex, sizeof(nonce_hex), nonce, sizeof(nonce));
	/* the one clock of every verb (ADJUDICATOR_NOW in tests) */
	when_format(when_now(), when, sizeof(when));
	if ((w = ydoc_writer_new(out)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	ydoc_map_begin(w);
	ydoc_kv(w, "adjudicator", "1");
	ydoc_kv(w, "kind", "header");
	ydoc_kv(w, "rules", r->name);
	ydoc_key(w, "options");
	ydoc_map_begin(w);
	for (i = 0; i < cfg->nopts; i++)
		ydoc_kv(w, cfg->opt_name[i], cfg->opt[i]);
	ydoc_map_end(w);
	write_clock(w, clock);
	if (commit_by != NULL)
		ydoc_kv(w, "seed_commit", commit_hex);
	else
		ydoc_kv(w, "seed", cfg->seed);
	ydoc_kv(w, "mode", judge_mode ? "judge" : "peer");
	ydoc_key(w, "seats");
	ydoc_seq_begin(w, 0);
	for (i = 0; i < nseats; i++) {
		key_public_line(&seats[i], line, sizeof(line));
		ydoc_map_begin(w);
		ydoc_kv(w, "name", seats[i].name);
		ydoc_kv(w, "key", line);
		if (addresses != NULL && addresses[i] != NULL)
			ydoc_kv(w, "address", addresses[i]);
		ydoc_map_end(w);
	}
	ydoc_seq_end(w);
	if (judge_mode) {
		key_public_line(judge, line, sizeof(line));
		ydoc_kv(w, "judge", line);
		if (judge_address != NULL)
			ydoc_kv(w, "judge_address", judge_address);
		if (watch != NULL && watch->open)
			ydoc_kv(w, "watch", "yes");
		if (watch != NULL && watch->n > 0) {
			ydoc_key(w, "observers");
			ydoc_seq_begin(w, 0);
			for (i = 0; i < watch->n; i++)
				ydoc_str(w, watch->address[i]);
			ydoc_seq_end(w);
		}
	}
	write_event(w, ev);
	if (cfg->casual)
		ydoc_kv(w, "rated", "no");
	ydoc_kv(w, "created", when);
	ydoc_kv(w, "nonce", nonce_hex);
	ydoc_map_end(w);
	if (ydoc_writer_end(w) != 0)
		return error_set(e, EXIT_SYSTEM, "cannot write the header");
	return 0;
}
