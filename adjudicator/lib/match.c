/*
 * The match: the transcript's state machine.  See match.h.
 *
 * Whose entry comes next:
 *   setup phase   the first seat (in seat order) without a setup entry;
 *   play          the seat owing an opening while an action is pending,
 *                 else the seat the rules (or a draw offer) name;
 *   end           each seat that has not sent its final openings, in
 *                 seat order.
 * Resolution uses only opened values, never a seat's private knowledge,
 * so every seat computes the same state from the same entries.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "match.h"
#include "ydoc.h"

struct match_deferred {
	void			*state;
	int			 seat;
	uint64_t		 seq;
	struct game_action	 action;
};

static const char *const entry_keys[] = { "game", "seq", "prev", "by", "to",
    "kind", "commit", "open", "action", NULL };
static const char *const entry_required[] = { "game", "seq", "prev", "by",
    "to", "kind", NULL };

/* --- values --- */

static int
piece_index(const struct match_seat *s, const char *id)
{
	int i;

	for (i = 0; i < s->pieces.n; i++)
		if (strcmp(s->pieces.id[i], id) == 0)
			return i;
	return -1;
}

struct ctx_arg {
	const struct match	*m;
	int			 local;		/* add this seat's secrets */
	int			 full;		/* verify's complete knowledge */
	int			 misses;
};

static const char *
ctx_value(const struct game_ctx *c, int seat, const char *id)
{
	struct ctx_arg *a = c->arg;
	const struct match_seat *s;
	int i;

	if (seat < 0 || seat >= a->m->nseats)
		return NULL;
	s = &a->m->seat[seat];
	if ((i = piece_index(s, id)) < 0)
		return NULL;
	if (s->opened[i])
		return s->pieces.value[i];
	if (a->full && s->full_known[i])
		return s->full.value[i];
	if (a->local && a->m->local[seat] != NULL && i < a->m->local[seat]->n &&
	    a->m->local[seat]->value[i][0] != '\0')
		return a->m->local[seat]->value[i];
	if (a->local && a->m->privy[seat].value[i][0] != '\0')
		return a->m->privy[seat].value[i];
	a->misses++;
	return NULL;
}

static void
ctx_init(struct game_ctx *c, struct ctx_arg *a, const struct match *m,
    int local, int full)
{
	a->m = m;
	a->local = local;
	a->full = full;
	a->misses = 0;
	c->value = ctx_value;
	c->arg = a;
}

/* What happened in the entry being applied, event after event. */
static void say(struct match *, const char *, ...)
    __attribute__((format(printf, 2, 3)));

static void
say(struct match *m, const char *fmt, ...)
{
	size_t n = strlen(m->what);
	va_list ap;

	if (n > 0 && n + 2 < sizeof(m->what)) {
		memcpy(m->what + n, "; ", 3);
		n += 2;
	}
	va_start(ap, fmt);
	vsnprintf(m->what + n, sizeof(m->what) - n, fmt, ap);
	va_end(ap);
}

/* --- lifetime --- */

void
match_free(struct match *m)
{
	size_t i;

	if (m == NULL)
		return;
	if (m->state != NULL)
		m->rules->destroy(m->state);
	for (i = 0; i < m->ndeferred; i++)
		m->rules->destroy(m->deferred[i].state);
	free(m->deferred);
	free(m);
}

struct match *
match_clone(const struct match *m)
{
	struct match *c = malloc(sizeof(*c));
	size_t i;

	if (c == NULL)
		return NULL;
	memcpy(c, m, sizeof(*c));
	c->deferred = NULL;
	c->ndeferred = 0;
	if ((c->state = m->rules->clone(m->state)) == NULL) {
		free(c);
		return NULL;
	}
	if (m->ndeferred > 0) {
		c->deferred = calloc(m->ndeferred, sizeof(*c->deferred));
		if (c->deferred == NULL) {
			match_free(c);
			return NULL;
		}
		for (i = 0; i < m->ndeferred; i++) {
			c->deferred[i] = m->deferred[i];
			c->deferred[i].state = m->rules->clone(m->deferred[i].state);
			c->ndeferred++;
			if (c->deferred[i].state == NULL) {
				c->ndeferred--;
				match_free(c);
				return NULL;
			}
		}
	}
	return c;
}

int
match_seat_of(const struct match *m, const struct key_public *k)
{
	int i;

	for (i = 0; i < m->nseats; i++)
		if (key_same(&m->seat[i].key, k))
			return i;
	if (m->judge_mode && key_same(&m->judge, k))
		return GAME_MAX_SEATS;
	return -1;
}

const char *
match_author_name(const struct match *m, int who)
{
	if (who == MATCH_JUDGE)
		return "judge";
	if (who < 0 || who >= m->nseats)
		return "nobody";
	return m->seat[who].name;
}

int
match_piece_index(const struct match *m, int seat, const char *id)
{
	if (seat < 0 || seat >= m->nseats)
		return -1;
	return piece_index(&m->seat[seat], id);
}

int
match_seat_by_name(const struct match *m, const char *name)
{
	int i;

	for (i = 0; i < m->nseats; i++)
		if (strcmp(m->seat[i].name, name) == 0)
			return i;
	if (m->judge_mode && strcmp(name, "judge") == 0)
		return GAME_MAX_SEATS;
	return -1;
}

/* --- header --- */

static int
hex_field(const struct ydoc *map, const char *key, uint8_t *out, size_t len,
    const char *where, struct error *e)
{
	const char *s = ydoc_scalar(map, key, where, e);

	if (s == NULL)
		return -1;
	if (strlen(s) != 2 * len || sec_unhex(out, len, s) != 0)
		return error_set(e, EXIT_MALFORMED, "%s: \"%s\" must be %zu hex "
		    "digits", where, key, 2 * len);
	return 0;
}

struct match *
match_from_header(const uint8_t *blob, size_t len, const char *where,
    struct error *e)
{
	static const char *const keys[] = { "adjudicator", "kind", "rules",
	    "options", "seed", "mode", "seats", "judge", "created", "nonce",
	    NULL };
	static const char *const req[] = { "adjudicator", "kind", "rules",
	    "options", "seed", "mode", "seats", "created", "nonce", NULL };
	static const char *const seat_keys[] = { "name", "key", NULL };
	struct envelope env;
	struct ydoc *doc = NULL, *opts, *seats, *n;
	struct match *m = NULL;
	const char *s, *mode;
	char kv[GAME_MAX_OPTIONS][64], *kvp[GAME_MAX_OPTIONS];
	uint8_t nonce[SEC_HASH];
	size_t i;
	int signer;

	if (envelope_verify(blob, len, &env, where, e) != 0)
		return NULL;
	if ((doc = ydoc_parse(env.body, env.body_len, where, e)) == NULL)
		return NULL;
	if (ydoc_check_keys(doc, keys, req, where, e) != 0)
		goto fail;
	if ((s = ydoc_scalar(doc, "kind", where, e)) == NULL)
		goto fail;
	if (strcmp(s, "header") != 0) {
		error_set(e, EXIT_MALFORMED, "%s: not an invitation (kind %.20s)",
		    where, s);
		goto fail;
	}
	if ((s = ydoc_scalar(doc, "adjudicator", where, e)) == NULL)
		goto fail;
	if (strcmp(s, "1") != 0) {
		error_set(e, EXIT_MALFORMED, "%s: protocol version %.20s is not "
		    "supported", where, s);
		goto fail;
	}
	if ((m = calloc(1, sizeof(*m))) == NULL) {
		error_set(e, EXIT_SYSTEM, "out of memory");
		goto fail;
	}
	m->me = -1;
	m->draw_offer = m->declined = m->ender = -1;
	if ((s = ydoc_scalar(doc, "rules", where, e)) == NULL)
		goto fail;
	if ((m->rules = game_find(s)) == NULL) {
		error_set(e, EXIT_MALFORMED, "%s: unknown game \"%.40s\"", where,
		    s);
		goto fail;
	}
	opts = ydoc_get(doc, "options");
	if (ydoc_expect(opts, YDOC_MAP, "options", where, e) != 0)
		goto fail;
	if (opts->nkids > GAME_MAX_OPTIONS) {
		error_set(e, EXIT_MALFORMED, "%s: too many options", where);
		goto fail;
	}
	for (i = 0; i < opts->nkids; i++) {
		if (ydoc_expect(opts->kids[i], YDOC_SCALAR, opts->kids[i]->key,
		    where, e) != 0)
			goto fail;
		snprintf(kv[i], sizeof(kv[i]), "%.30s=%.30s", opts->kids[i]->key,
		    opts->kids[i]->str);
		kvp[i] = kv[i];
	}
	if (game_options(m->rules, &m->cfg, kvp, (int)opts->nkids, e) != 0) {
		e->status = EXIT_MALFORMED;
		error_prefix(e, "%s", where);
		goto fail;
	}
	if ((s = ydoc_scalar(doc, "seed", where, e)) == NULL)
		goto fail;
	snprintf(m->cfg.seed, sizeof(m->cfg.seed), "%.64s", s);
	if ((mode = ydoc_scalar(doc, "mode", where, e)) == NULL)
		goto fail;
	if (strcmp(mode, "peer") == 0)
		m->judge_mode = 0;
	else if (strcmp(mode, "judge") == 0)
		m->judge_mode = 1;
	else {
		error_set(e, EXIT_MALFORMED, "%s: mode \"%.20s\" is neither peer "
		    "nor judge", where, mode);
		goto fail;
	}
	if (!(m->rules->modes & (m->judge_mode ? GAME_JUDGE : GAME_PEER))) {
		error_set(e, EXIT_MALFORMED, "%s: %s cannot be played in %s mode",
		    where, m->rules->name, mode);
		goto fail;
	}
	if ((n = ydoc_get(doc, "judge")) != NULL) {
		if (!m->judge_mode || ydoc_expect(n, YDOC_SCALAR, "judge", where,
		    e) != 0) {
			if (!m->judge_mode)
				error_set(e, EXIT_MALFORMED, "%s: a judge in "
				    "peer mode", where);
			goto fail;
		}
		if (key_public_parse(n->str, &m->judge, where, e) != 0)
			goto fail;
	} else if (m->judge_mode) {
		error_set(e, EXIT_MALFORMED, "%s: judge mode without a judge key",
		    where);
		goto fail;
	}
	seats = ydoc_get(doc, "seats");
	if (ydoc_expect(seats, YDOC_SEQ, "seats", where, e) != 0)
		goto fail;
	if ((int)seats->nkids < m->rules->min_seats ||
	    (int)seats->nkids > m->rules->max_seats) {
		error_set(e, EXIT_MALFORMED, "%s: %s is for %d to %d seats, not "
		    "%zu", where, m->rules->name, m->rules->min_seats,
		    m->rules->max_seats, seats->nkids);
		goto fail;
	}
	m->nseats = (int)seats->nkids;
	m->cfg.nseats = m->nseats;
	for (i = 0; i < seats->nkids; i++) {
		struct match_seat *st = &m->seat[i];

		if (ydoc_check_keys(seats->kids[i], seat_keys, seat_keys, where,
		    e) != 0)
			goto fail;
		s = ydoc_scalar(seats->kids[i], "name", where, e);
		if (s == NULL || !key_name_ok(s) || strcmp(s, "judge") == 0) {
			if (s != NULL)
				error_set(e, EXIT_MALFORMED, "%s: bad seat name "
				    "\"%.32s\"", where, s);
			goto fail;
		}
		if (match_seat_by_name(m, s) >= 0) {
			error_set(e, EXIT_MALFORMED, "%s: seat %s appears twice",
			    where, s);
			goto fail;
		}
		snprintf(st->name, sizeof(st->name), "%s", s);
		snprintf(m->cfg.seat[i], sizeof(m->cfg.seat[i]), "%s", s);
		if ((s = ydoc_scalar(seats->kids[i], "key", where, e)) == NULL ||
		    key_public_parse(s, &st->key, where, e) != 0)
			goto fail;
	}
	for (i = 0; i < (size_t)m->nseats; i++) {
		int j;

		for (j = 0; j < (int)i; j++)
			if (key_same(&m->seat[i].key, &m->seat[j].key))
				break;
		if (j < (int)i || (m->judge_mode &&
		    key_same(&m->seat[i].key, &m->judge))) {
			error_set(e, EXIT_MALFORMED, "%s: one key holds two "
			    "seats", where);
			goto fail;
		}
	}
	if ((s = ydoc_scalar(doc, "created", where, e)) == NULL)
		goto fail;
	snprintf(m->created, sizeof(m->created), "%.39s", s);
	if (hex_field(doc, "nonce", nonce, sizeof(nonce), where, e) != 0)
		goto fail;
	signer = match_seat_of(m, &env.signer);
	if (signer < 0) {
		error_set(e, EXIT_REFUSED, "%s: invitation signed by %s (%s), "
		    "who is neither a seat nor the judge", where,
		    env.signer.name, env.signer.idhex);
		goto fail;
	}
	if ((m->state = m->rules->create(&m->cfg, e)) == NULL)
		goto fail;
	for (i = 0; i < (size_t)m->nseats; i++)
		m->rules->setup_pieces(m->state, (int)i, &m->seat[i].pieces);
	memcpy(m->game_id, env.hash, SEC_HASH);
	memcpy(m->last, env.hash, SEC_HASH);
	sec_hex(m->game_hex, sizeof(m->game_hex), m->game_id, SEC_HASH);
	m->seq = 0;
	say(m, "game created by %s",
	    env.signer.name);
	ydoc_free(doc);
	return m;
fail:
	ydoc_free(doc);
	match_free(m);
	return NULL;
}

/* --- whose turn --- */

static int
first_owing(const struct match *m)
{
	int i, j, k;

	for (i = 0; i < m->pending_needs.n; i++) {
		j = m->pending_needs.p[i].seat;
		k = piece_index(&m->seat[j], m->pending_needs.p[i].id);
		if (k >= 0 && !m->seat[j].opened[k])
			return j;
	}
	return -1;
}

int
match_owes(const struct match *m, int seat)
{
	return m->pending && first_owing(m) == seat;
}

static int
over(const struct match *m)
{
	struct game_result r;

	match_result(m, &r);
	return r.over;
}

enum match_phase
match_phase(const struct match *m)
{
	int i;

	for (i = 0; i < m->nseats; i++)
		if (!m->seat[i].has_setup)
			return MATCH_SETUP;
	if (!over(m))
		return MATCH_PLAY;
	for (i = 0; i < m->nseats; i++)
		if (!m->seat[i].final_done)
			return MATCH_FINAL;
	return MATCH_CLOSED;
}

int
match_next_author(const struct match *m)
{
	int i;

	switch (match_phase(m)) {
	case MATCH_SETUP:
		for (i = 0; i < m->nseats; i++)
			if (!m->seat[i].has_setup)
				return i;
		return -1;
	case MATCH_PLAY:
		/* the judge holds every setup and meets obligations at once */
		if (m->pending)
			return m->judge_mode ? MATCH_JUDGE : first_owing(m);
		if (m->draw_offer >= 0)
			return (m->draw_offer + 1) % m->nseats;
		return m->rules->to_move(m->state);
	case MATCH_FINAL:
		if (m->judge_mode)
			return MATCH_JUDGE;
		/* the seat whose entry ended the game opens first, in the
		 * same message; then the others in seat order */
		if (m->ender >= 0 && m->ender < m->nseats &&
		    !m->seat[m->ender].final_done)
			return m->ender;
		for (i = 0; i < m->nseats; i++)
			if (!m->seat[i].final_done)
				return i;
		return -1;
	default:
		return -1;
	}
}

void
match_result(const struct match *m, struct game_result *r)
{
	if (m->ended) {
		*r = m->result;
		return;
	}
	m->rules->result(m->state, r);
}

static void
end_match(struct match *m, int winner, int draw, const char *why)
{
	int i;

	memset(&m->result, 0, sizeof(m->result));
	m->result.over = 1;
	m->result.draw = draw;
	if (!draw)
		for (i = 0; i < m->nseats; i++)
			m->result.winner[i] = (winner < 0) ? (i != -winner - 1) :
			    (i == winner);
	snprintf(m->result.why, sizeof(m->result.why), "%s", why);
	m->ended = 1;
	m->pending = 0;
}

/* A seat caught cheating loses (in a 2-seat game the other wins). */
static void
cheater(struct match *m, int seat, const char *why)
{
	m->seat[seat].cheated = 1;
	end_match(m, -seat - 1, 0, why);
}

/* --- entries --- */

int
match_blob(const struct ydoc *n, const char *what, struct buf *out,
    const char *where, struct error *e)
{
	size_t len;

	if (ydoc_expect(n, YDOC_SCALAR, what, where, e) != 0)
		return -1;
	out->len = 0;
	if (buf_reserve(out, n->len + 1) != 0)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	if (sec_b64_decode(out->data, n->len + 1, &len, n->str, n->len) != 0)
		return error_set(e, EXIT_MALFORMED, "%s:%u: %s is not base64",
		    where, n->line, what);
	out->len = len;
	return 0;
}

int
match_parse_opening(const struct match *m, const struct ydoc *n, int *seat,
    int *idx, char value[GAME_VALUE], uint8_t nonce[COMMIT_NONCE],
    const char *where, struct error *e)
{
	static const char *const keys[] = { "seat", "piece", "value", "nonce",
	    NULL };
	const char *s, *id, *v;

	if (ydoc_check_keys(n, keys, keys, where, e) != 0)
		return -1;
	s = ydoc_scalar(n, "seat", where, e);
	id = ydoc_scalar(n, "piece", where, e);
	v = ydoc_scalar(n, "value", where, e);
	if (s == NULL || id == NULL || v == NULL ||
	    hex_field(n, "nonce", nonce, COMMIT_NONCE, where, e) != 0)
		return -1;
	if ((*seat = match_seat_by_name(m, s)) < 0 || *seat >= m->nseats)
		return error_set(e, EXIT_MALFORMED, "%s:%u: opening for unknown "
		    "seat \"%.32s\"", where, n->line, s);
	if ((*idx = piece_index(&m->seat[*seat], id)) < 0)
		return error_set(e, EXIT_MALFORMED, "%s:%u: %s has no hidden "
		    "piece \"%.8s\"", where, n->line, s, id);
	if (strlen(v) >= GAME_VALUE)
		return error_set(e, EXIT_MALFORMED, "%s:%u: value too long",
		    where, n->line);
	snprintf(value, GAME_VALUE, "%s", v);
	return 0;
}

/*
 * Applies the openings of an entry.  Each must match its commitment; one
 * that does not is refused here (exit 1); in verify it also marks the
 * seat as a cheater (see match_apply).
 */
static int
apply_openings(struct match *m, const struct ydoc *list, int author,
    int allow_all, const struct game_needs *own, const char *where,
    int *bad_seat, struct error *e)
{
	char value[GAME_VALUE];
	uint8_t nonce[COMMIT_NONCE];
	size_t i;
	int seat = -1, idx = -1, k, wanted;

	if (list == NULL)
		return 0;
	if (ydoc_expect(list, YDOC_SEQ, "open", where, e) != 0)
		return -1;
	for (i = 0; i < list->nkids; i++) {
		struct match_seat *s;

		if (match_parse_opening(m, list->kids[i], &seat, &idx, value, nonce,
		    where, e) != 0)
			return -1;
		s = &m->seat[seat];
		if (seat != author && author != MATCH_JUDGE)
			return error_set(e, EXIT_REFUSED, "%s: %s opens %s's "
			    "piece %s; only its owner can", where,
			    m->seat[author].name, s->name, s->pieces.id[idx]);
		if (s->opened[idx])
			return error_set(e, EXIT_REFUSED, "%s: %s's piece %s is "
			    "opened twice", where, s->name, s->pieces.id[idx]);
		wanted = allow_all;
		for (k = 0; !wanted && m->pending && k < m->pending_needs.n; k++)
			if (m->pending_needs.p[k].seat == seat &&
			    strcmp(m->pending_needs.p[k].id,
			    s->pieces.id[idx]) == 0)
				wanted = 1;
		for (k = 0; !wanted && own != NULL && k < own->n; k++)
			if (own->p[k].seat == seat &&
			    strcmp(own->p[k].id, s->pieces.id[idx]) == 0)
				wanted = 1;
		if (!wanted)
			return error_set(e, EXIT_REFUSED, "%s: %s opens piece %s, "
			    "which nothing requires", where, s->name,
			    s->pieces.id[idx]);
		if (commit_check(s->commit[idx], m->game_id, s->name,
		    s->pieces.id[idx], value, nonce) != 0 ||
		    !m->rules->value_ok(m->state, seat, s->pieces.id[idx],
		    value)) {
			/* whoever signed the false opening answers for it:
			 * the owner, or the judge who opened for it */
			*bad_seat = author;
			return error_set(e, EXIT_REFUSED, "%s: %s's opening of "
			    "%s's piece %s does not match its commitment", where,
			    match_author_name(m, author), s->name,
			    s->pieces.id[idx]);
		}
		snprintf(s->pieces.value[idx], GAME_VALUE, "%s", value);
		s->opened[idx] = 1;
		snprintf(s->full.value[idx], GAME_VALUE, "%s", value);
		s->full_known[idx] = 1;
	}
	return 0;
}

static int
parse_action(const struct ydoc *n, struct game_action *a, const char *where,
    struct error *e)
{
	size_t i;
	const char *type;

	if (ydoc_expect(n, YDOC_MAP, "action", where, e) != 0)
		return -1;
	if ((type = ydoc_scalar(n, "type", where, e)) == NULL)
		return -1;
	if (strlen(type) >= sizeof(a->type))
		return error_set(e, EXIT_MALFORMED, "%s: action type too long",
		    where);
	game_action_init(a, type);
	for (i = 0; i < n->nkids; i++) {
		if (strcmp(n->kids[i]->key, "type") == 0)
			continue;
		if (ydoc_expect(n->kids[i], YDOC_SCALAR, n->kids[i]->key, where,
		    e) != 0)
			return -1;
		if (game_action_set(a, n->kids[i]->key, n->kids[i]->str) != 0)
			return error_set(e, EXIT_MALFORMED, "%s:%u: action field "
			    "\"%.20s\" too long or too many", where,
			    n->kids[i]->line, n->kids[i]->key);
	}
	return 0;
}

static int
is_common(const char *type)
{
	return strcmp(type, "resign") == 0 || strcmp(type, "draw") == 0 ||
	    strcmp(type, "accept") == 0 || strcmp(type, "decline") == 0;
}

static int
resolve_pending(struct match *m, const char *where, struct error *e)
{
	struct game_ctx c;
	struct ctx_arg a;
	char what[MATCH_WHAT];

	if (!m->pending || first_owing(m) >= 0)
		return 0;
	ctx_init(&c, &a, m, 0, 0);
	what[0] = '\0';
	if (m->rules->apply(m->state, m->pending_seat, &m->pending_action, &c,
	    what, sizeof(what), e) != 0)
		return error_prefix(e, "%s", where);
	m->pending = 0;
	say(m, "%s", what);
	return 0;
}

static int
apply_common(struct match *m, int seat, const struct game_action *a,
    const char *where, struct error *e)
{
	char why[160];

	if (a->nf != 0)
		return error_set(e, EXIT_MALFORMED, "%s: %s takes no fields",
		    where, a->type);
	if (strcmp(a->type, "resign") == 0) {
		/* the seat to act may resign, answering an offer too */
		m->draw_offer = -1;
		snprintf(why, sizeof(why), "%s resigned", m->seat[seat].name);
		end_match(m, -seat - 1, 0, why);
		say(m, "%s resigns", m->seat[seat].name);
		return 0;
	}
	if (m->nseats != 2)
		return error_set(e, EXIT_REFUSED, "%s: draw offers are for two "
		    "players", where);
	if (strcmp(a->type, "draw") == 0) {
		if (m->draw_offer >= 0)
			return error_set(e, EXIT_REFUSED, "%s: a draw offer is "
			    "waiting for an answer", where);
		if (m->declined == seat)
			return error_set(e, EXIT_REFUSED, "%s: your last offer "
			    "was just declined; make a move first", where);
		m->draw_offer = seat;
		m->declined = -1;
		say(m, "%s offers a draw",
		    m->seat[seat].name);
		return 0;
	}
	if (m->draw_offer < 0 || m->draw_offer == seat)
		return error_set(e, EXIT_REFUSED, "%s: there is no draw offer "
		    "to %s", where, a->type);
	if (strcmp(a->type, "accept") == 0) {
		end_match(m, 0, 1, "draw agreed");
		say(m, "%s accepts the draw",
		    m->seat[seat].name);
	} else {
		m->declined = m->draw_offer;
		say(m, "%s declines the draw",
		    m->seat[seat].name);
	}
	m->draw_offer = -1;
	return 0;
}

static int
apply_action(struct match *m, int seat, const struct game_action *a,
    const struct ydoc *openlist, const char *where, int *bad_seat,
    struct error *e)
{
	struct game_needs needs;
	struct game_ctx c;
	struct ctx_arg arg;
	char what[MATCH_WHAT];
	int i, k, unopened;

	if (is_common(a->type)) {
		if (openlist != NULL)
			return error_set(e, EXIT_REFUSED, "%s: %s carries no "
			    "openings", where, a->type);
		return apply_common(m, seat, a, where, e);
	}
	if (m->draw_offer >= 0)
		return error_set(e, EXIT_REFUSED, "%s: answer the draw offer "
		    "first (accept or decline)", where);
	ctx_init(&c, &arg, m, 0, 0);
	if (m->rules->legal(m->state, seat, a, &c, &needs, e) != 0)
		return error_prefix(e, "%s", where);
	/* the actor's own needed values travel with the action */
	if (apply_openings(m, openlist, seat, 0, &needs, where, bad_seat,
	    e) != 0)
		return -1;
	unopened = 0;
	for (i = 0; i < needs.n; i++) {
		struct match_seat *s = &m->seat[needs.p[i].seat];

		k = piece_index(s, needs.p[i].id);
		if (k < 0 || s->opened[k])
			continue;
		if (needs.p[i].seat == seat)
			return error_set(e, EXIT_REFUSED, "%s: the action needs "
			    "%s's own piece %s opened with it", where,
			    m->seat[seat].name, needs.p[i].id);
		unopened = 1;
	}
	/* record what legality could not see, for verify's full check */
	ctx_init(&c, &arg, m, 0, 0);
	if (m->verifying) {
		struct game_needs n2;
		struct error ign;

		m->rules->legal(m->state, seat, a, &c, &n2, &ign);
		if (arg.misses > 0) {
			struct match_deferred *d;

			d = realloc(m->deferred, (m->ndeferred + 1) *
			    sizeof(*d));
			if (d == NULL)
				return error_set(e, EXIT_SYSTEM, "out of memory");
			m->deferred = d;
			d[m->ndeferred].state = m->rules->clone(m->state);
			if (d[m->ndeferred].state == NULL)
				return error_set(e, EXIT_SYSTEM, "out of memory");
			d[m->ndeferred].seat = seat;
			d[m->ndeferred].seq = m->seq + 1;
			d[m->ndeferred].action = *a;
			m->ndeferred++;
		}
	}
	m->declined = -1;
	if (unopened) {
		m->pending = 1;
		m->pending_seat = seat;
		m->pending_action = *a;
		m->pending_needs = needs;
		m->rules->format(m->state, a, what, sizeof(what));
		say(m, "%s plays %s; waiting for "
		    "the openings it needs", m->seat[seat].name, what);
		return 0;
	}
	what[0] = '\0';
	if (m->rules->apply(m->state, seat, a, &c, what, sizeof(what), e) != 0)
		return error_prefix(e, "%s", where);
	say(m, "%s", what);
	return 0;
}

/*
 * An entry that meets an obligation may carry an action too, and the
 * action may need the author's own pieces opened: the openings the
 * pending action waits for go to owed, the others to rest, for the
 * action.  Both borrow list's items; the caller frees their kids.
 */
static int
split_openings(const struct match *m, const struct ydoc *list,
    struct ydoc *owed, struct ydoc *rest, struct error *e)
{
	const struct ydoc *s, *p;
	size_t i;
	int k, in;

	memset(owed, 0, sizeof(*owed));
	memset(rest, 0, sizeof(*rest));
	owed->type = rest->type = YDOC_SEQ;
	owed->line = rest->line = list->line;
	owed->col = rest->col = list->col;
	owed->kids = calloc(list->nkids + 1, sizeof(*owed->kids));
	rest->kids = calloc(list->nkids + 1, sizeof(*rest->kids));
	if (owed->kids == NULL || rest->kids == NULL) {
		free(owed->kids);
		free(rest->kids);
		return error_set(e, EXIT_SYSTEM, "out of memory");
	}
	for (i = 0; i < list->nkids; i++) {
		s = ydoc_get(list->kids[i], "seat");
		p = ydoc_get(list->kids[i], "piece");
		/* anything unreadable stays with owed, to be refused there */
		in = s == NULL || p == NULL || s->type != YDOC_SCALAR ||
		    p->type != YDOC_SCALAR;
		for (k = 0; !in && k < m->pending_needs.n; k++)
			in = m->pending_needs.p[k].seat ==
			    match_seat_by_name(m, s->str) &&
			    strcmp(m->pending_needs.p[k].id, p->str) == 0;
		if (in)
			owed->kids[owed->nkids++] = list->kids[i];
		else
			rest->kids[rest->nkids++] = list->kids[i];
	}
	return 0;
}

static int
apply_setup(struct match *m, int seat, const struct ydoc *doc,
    const char *where, struct error *e)
{
	static const char *const keys[] = { "piece", "hash", NULL };
	struct match_seat *s = &m->seat[seat];
	const struct ydoc *list = ydoc_get(doc, "commit");
	const char *id;
	size_t i;

	if (ydoc_get(doc, "open") != NULL || ydoc_get(doc, "action") != NULL)
		return error_set(e, EXIT_MALFORMED, "%s: a setup carries only "
		    "commitments", where);
	if (ydoc_expect(list, YDOC_SEQ, "commit", where, e) != 0)
		return -1;
	if ((int)list->nkids != s->pieces.n)
		return error_set(e, EXIT_MALFORMED, "%s: %zu commitments, %s "
		    "needs %d", where, list->nkids, m->rules->name,
		    s->pieces.n);
	for (i = 0; i < list->nkids; i++) {
		if (ydoc_check_keys(list->kids[i], keys, keys, where, e) != 0)
			return -1;
		if ((id = ydoc_scalar(list->kids[i], "piece", where, e)) == NULL)
			return -1;
		if (strcmp(id, s->pieces.id[i]) != 0)
			return error_set(e, EXIT_MALFORMED, "%s:%u: commitment "
			    "%zu is for piece \"%.8s\", expected %s", where,
			    list->kids[i]->line, i + 1, id, s->pieces.id[i]);
		if (hex_field(list->kids[i], "hash", s->commit[i], SEC_HASH,
		    where, e) != 0)
			return -1;
	}
	s->has_setup = 1;
	say(m, "%s committed to a setup", s->name);
	return 0;
}

/*
 * Final openings: a seat opens the rest of its setup; in judge mode the
 * judge opens the rest of every setup.  Each opened setup is audited.
 */
static int
apply_final(struct match *m, int author, const struct ydoc *doc,
    const char *where, int *bad_seat, struct error *e)
{
	struct error audit;
	char why[200];
	int i, seat, first, last;

	if (ydoc_get(doc, "action") != NULL || ydoc_get(doc, "commit") != NULL)
		return error_set(e, EXIT_MALFORMED, "%s: a final entry carries "
		    "only openings", where);
	if (apply_openings(m, ydoc_get(doc, "open"), author, 1, NULL, where,
	    bad_seat, e) != 0)
		return -1;
	first = author == MATCH_JUDGE ? 0 : author;
	last = author == MATCH_JUDGE ? m->nseats - 1 : author;
	for (seat = first; seat <= last; seat++) {
		struct match_seat *s = &m->seat[seat];

		for (i = 0; i < s->pieces.n; i++)
			if (!s->opened[i])
				return error_set(e, EXIT_REFUSED, "%s: the final "
				    "entry leaves %s's piece %s unopened", where,
				    s->name, s->pieces.id[i]);
	}
	say(m, "%s opened %s", 
	    match_author_name(m, author), author == MATCH_JUDGE ?
	    "every setup" : "its whole setup");
	for (seat = first; seat <= last; seat++) {
		struct match_seat *s = &m->seat[seat];

		s->final_done = 1;
		if (m->rules->setup_audit(m->state, seat, &s->pieces,
		    &audit) != 0) {
			snprintf(why, sizeof(why), "%s's setup fails the audit "
			    "(%.120s); %s loses", s->name, audit.msg, s->name);
			cheater(m, seat, why);
			say(m, "%s", why);
		}
	}
	return 0;
}

int
match_peek(const uint8_t *blob, size_t len, char game_hex[2 * SEC_HASH + 1],
    uint64_t *seq, const char *where, struct error *e)
{
	struct envelope env;
	struct ydoc *doc;
	const char *g;
	unsigned long long v;
	int rc = -1;

	if (envelope_verify(blob, len, &env, where, e) != 0)
		return -1;
	if ((doc = ydoc_parse(env.body, env.body_len, where, e)) == NULL)
		return -1;
	g = ydoc_get(doc, "kind") != NULL &&
	    ydoc_get(doc, "kind")->type == YDOC_SCALAR ?
	    ydoc_get(doc, "kind")->str : "";
	if (strcmp(g, "header") == 0) {
		game_hex[0] = '\0';
		*seq = 0;
		rc = 0;
		goto done;
	}
	if ((g = ydoc_scalar(doc, "game", where, e)) == NULL ||
	    ydoc_uint(doc, "seq", UINT32_MAX, &v, where, e) != 0)
		goto done;
	snprintf(game_hex, 2 * SEC_HASH + 1, "%.64s", g);
	*seq = v;
	rc = 0;
done:
	ydoc_free(doc);
	return rc;
}

static int
check_recipients(const struct match *m, int author, const struct ydoc *to,
    const struct envelope *env, const char *where, struct error *e)
{
	size_t i;
	int j, found;

	if (ydoc_expect(to, YDOC_SEQ, "to", where, e) != 0)
		return -1;
	if (to->nkids != env->nrecipients)
		return error_set(e, EXIT_REFUSED, "%s: \"to\" lists %zu keys but "
		    "the message was signed for %zu", where, to->nkids,
		    env->nrecipients);
	for (i = 0; i < to->nkids; i++) {
		char hex[KEY_ID_HEX];

		if (ydoc_expect(to->kids[i], YDOC_SCALAR, "to", where, e) != 0)
			return -1;
		sec_hex(hex, sizeof(hex), env->recipients[i], KEY_ID);
		if (strcmp(hex, to->kids[i]->str) != 0)
			return error_set(e, EXIT_REFUSED, "%s: \"to\" differs "
			    "from the signed recipients", where);
		found = 0;
		for (j = 0; j < m->nseats; j++)
			if (memcmp(env->recipients[i], m->seat[j].key.id,
			    KEY_ID) == 0)
				found = 1;
		if (m->judge_mode && memcmp(env->recipients[i], m->judge.id,
		    KEY_ID) == 0)
			found = 1;
		if (!found)
			return error_set(e, EXIT_REFUSED, "%s: addressed to key "
			    "%s, which is not in this game", where, hex);
	}
	/* peer mode: every seat gets every entry; judge mode: a seat
	 * writes to the judge alone, the judge to every seat */
	if (m->judge_mode && author != MATCH_JUDGE) {
		if (env->nrecipients != 1 ||
		    !envelope_addressed_to(env, m->judge.id))
			return error_set(e, EXIT_REFUSED, "%s: in a judged game "
			    "a seat writes to the judge alone", where);
		return 0;
	}
	for (j = 0; j < m->nseats; j++)
		if (!envelope_addressed_to(env, m->seat[j].key.id))
			return error_set(e, EXIT_REFUSED, "%s: not sent to %s",
			    where, m->seat[j].name);
	return 0;
}

static int
apply_entry(struct match *m, const struct envelope *env,
    const struct ydoc *doc, const char *where, int *bad_seat,
    struct error *e)
{
	const char *g, *by, *kind;
	uint8_t prev[SEC_HASH];
	unsigned long long seq;
	const struct ydoc *act;
	struct game_action a;
	int seat, expect;

	if (ydoc_check_keys(doc, entry_keys, entry_required, where, e) != 0)
		return -1;
	m->what[0] = '\0';
	if ((g = ydoc_scalar(doc, "game", where, e)) == NULL)
		return -1;
	if (strcmp(g, m->game_hex) != 0)
		return error_set(e, EXIT_REFUSED, "%s: belongs to game %.12s, "
		    "not %.12s", where, g, m->game_hex);
	if (ydoc_uint(doc, "seq", UINT32_MAX, &seq, where, e) != 0)
		return -1;
	if (seq != m->seq + 1)
		return error_set(e, EXIT_REFUSED, "%s: seq %llu out of order "
		    "(expected %llu)", where, seq,
		    (unsigned long long)m->seq + 1);
	if (hex_field(doc, "prev", prev, SEC_HASH, where, e) != 0)
		return -1;
	if (memcmp(prev, m->last, SEC_HASH) != 0)
		return error_set(e, EXIT_REFUSED, "%s: seq %llu does not follow "
		    "the entry before it (prev hash differs: a fork?)", where,
		    seq);
	if ((by = ydoc_scalar(doc, "by", where, e)) == NULL)
		return -1;
	if ((seat = match_seat_by_name(m, by)) < 0)
		return error_set(e, EXIT_REFUSED, "%s: \"by\" names %.32s, who "
		    "is not in this game", where, by);
	if (seat == MATCH_JUDGE && !m->judge_mode)
		return error_set(e, EXIT_REFUSED, "%s: the judge has no turn "
		    "in a peer game", where);
	if (!key_same(&env->signer, seat == MATCH_JUDGE ? &m->judge :
	    &m->seat[seat].key))
		return error_set(e, EXIT_REFUSED, "%s: entry by %s is signed by "
		    "another key (%s)", where, by, env->signer.idhex);
	if (check_recipients(m, seat, ydoc_get(doc, "to"), env, where, e) != 0)
		return -1;
	expect = match_next_author(m);
	if (expect < 0)
		return error_set(e, EXIT_REFUSED, "%s: the game is closed; "
		    "nothing may follow", where);
	if (seat != expect)
		return error_set(e, EXIT_REFUSED, "%s: seq %llu by %s out of "
		    "turn: it is %s's", where, seq, by,
		    match_author_name(m, expect));
	if ((kind = ydoc_scalar(doc, "kind", where, e)) == NULL)
		return -1;
	if (seat == MATCH_JUDGE && strcmp(kind, "final") != 0 &&
	    (strcmp(kind, "turn") != 0 || !m->pending ||
	    ydoc_get(doc, "action") != NULL))
		return error_set(e, EXIT_REFUSED, "%s: the judge only opens "
		    "pieces: for a pending action, or at the end", where);
	if (strcmp(kind, "setup") == 0) {
		if (match_phase(m) != MATCH_SETUP)
			return error_set(e, EXIT_REFUSED, "%s: setup after the "
			    "setup phase", where);
		if (apply_setup(m, seat, doc, where, e) != 0)
			return -1;
	} else if (strcmp(kind, "turn") == 0) {
		if (match_phase(m) != MATCH_PLAY)
			return error_set(e, EXIT_REFUSED, "%s: a turn while %s",
			    where, match_phase(m) == MATCH_SETUP ?
			    "setups are still due" : "the game is over");
		if (ydoc_get(doc, "commit") != NULL)
			return error_set(e, EXIT_MALFORMED, "%s: commitments "
			    "outside a setup", where);
		act = ydoc_get(doc, "action");
		if (m->pending) {
			struct ydoc owed, rest;
			const struct ydoc *open = ydoc_get(doc, "open");
			int split = act != NULL && open != NULL &&
			    open->type == YDOC_SEQ, rc;

			/* obligations first, then perhaps an action with
			 * the openings it needs */
			if (split && split_openings(m, open, &owed, &rest,
			    e) != 0)
				return -1;
			rc = apply_openings(m, split ? &owed : open, seat, 0,
			    NULL, where, bad_seat, e);
			if (rc == 0 && (first_owing(m) == seat ||
			    (seat == MATCH_JUDGE && first_owing(m) >= 0)))
				rc = error_set(e, EXIT_REFUSED, "%s: %s must "
				    "open the pieces the pending action needs",
				    where, by);
			if (rc == 0)
				rc = resolve_pending(m, where, e);
			if (rc == 0 && act != NULL) {
				if (over(m))
					rc = error_set(e, EXIT_REFUSED, "%s: "
					    "an action after the game ended",
					    where);
				else if (match_next_author(m) != seat)
					rc = error_set(e, EXIT_REFUSED, "%s: "
					    "%s opened its pieces but it is "
					    "not its turn to act", where, by);
				else if (parse_action(act, &a, where, e) != 0 ||
				    apply_action(m, seat, &a, split &&
				    rest.nkids > 0 ? &rest : NULL, where,
				    bad_seat, e) != 0)
					rc = -1;
			}
			if (split) {
				free(owed.kids);
				free(rest.kids);
			}
			if (rc != 0)
				return -1;
		} else {
			if (act == NULL)
				return error_set(e, EXIT_MALFORMED, "%s: a turn "
				    "without an action", where);
			if (parse_action(act, &a, where, e) != 0 ||
			    apply_action(m, seat, &a, ydoc_get(doc, "open"),
			    where, bad_seat, e) != 0)
				return -1;
		}
	} else if (strcmp(kind, "final") == 0) {
		if (match_phase(m) != MATCH_FINAL)
			return error_set(e, EXIT_REFUSED, "%s: final openings "
			    "before the game is over", where);
		if (apply_final(m, seat, doc, where, bad_seat, e) != 0)
			return -1;
	} else
		return error_set(e, EXIT_MALFORMED, "%s: unknown kind \"%.20s\"",
		    where, kind);
	if (m->ender < 0 && over(m))
		m->ender = seat;
	m->seq = seq;
	memcpy(m->last, env->hash, SEC_HASH);
	return 0;
}

static int apply_blob(struct match *, const uint8_t *, size_t, int,
    const char *, int *, struct error *);

int
match_apply(struct match *m, const uint8_t *blob, size_t len,
    const char *where, int *bad_seat, struct error *e)
{
	return apply_blob(m, blob, len, 1, where, bad_seat, e);
}

int
match_apply_checked(struct match *m, const uint8_t *blob, size_t len,
    const char *where, int *bad_seat, struct error *e)
{
	return apply_blob(m, blob, len, 0, where, bad_seat, e);
}

static int
apply_blob(struct match *m, const uint8_t *blob, size_t len, int check_sig,
    const char *where, int *bad_seat, struct error *e)
{
	struct envelope env;
	struct ydoc *doc;
	struct match *c;
	int rc, bad = -1;

	if ((check_sig ? envelope_verify(blob, len, &env, where, e) :
	    envelope_parse(blob, len, &env, where, e)) != 0)
		return -1;
	if ((doc = ydoc_parse(env.body, env.body_len, where, e)) == NULL)
		return -1;
	if (m->verifying) {
		/* verify stops at the first violation: nothing to roll back */
		rc = apply_entry(m, &env, doc, where, &bad, e);
		ydoc_free(doc);
		if (bad_seat != NULL)
			*bad_seat = bad;
		return rc;
	}
	if ((c = match_clone(m)) == NULL) {
		ydoc_free(doc);
		return error_set(e, EXIT_SYSTEM, "out of memory");
	}
	rc = apply_entry(c, &env, doc, where, &bad, e);
	ydoc_free(doc);
	if (bad_seat != NULL)
		*bad_seat = bad;
	if (rc != 0) {
		match_free(c);
		return -1;
	}
	/* swap the applied copy in: m keeps its address for the caller */
	m->rules->destroy(m->state);
	{
		size_t i;

		for (i = 0; i < m->ndeferred; i++)
			m->rules->destroy(m->deferred[i].state);
		free(m->deferred);
	}
	memcpy(m, c, sizeof(*m));
	free(c);
	return 0;
}

/* --- audit --- */

int
match_audit(struct match *m, struct error *e)
{
	struct game_needs needs;
	struct game_ctx c;
	struct ctx_arg a;
	struct error why;
	size_t i;
	int s;

	for (s = 0; s < m->nseats; s++)
		if (m->seat[s].cheated)
			return error_set(e, EXIT_REFUSED, "%s", m->result.why);
	switch (match_phase(m)) {
	case MATCH_SETUP:
		return error_set(e, EXIT_REFUSED, "the game never started: "
		    "%s's setup is missing",
		    match_author_name(m, match_next_author(m)));
	case MATCH_PLAY:
		return error_set(e, EXIT_REFUSED, "the game is not over: "
		    "%s is to act after seq %llu",
		    match_author_name(m, match_next_author(m)),
		    (unsigned long long)m->seq);
	case MATCH_FINAL:
		return error_set(e, EXIT_REFUSED, "the game is not closed: "
		    "%s's final openings are missing",
		    match_author_name(m, match_next_author(m)));
	default:
		break;
	}
	/* what legality could not see at the time, now with every value */
	ctx_init(&c, &a, m, 0, 1);
	for (i = 0; i < m->ndeferred; i++) {
		struct match_deferred *d = &m->deferred[i];

		if (m->rules->legal(d->state, d->seat, &d->action, &c, &needs,
		    &why) != 0)
			return error_set(e, EXIT_REFUSED, "seq %llu, %s: illegal "
			    "with full information: %s",
			    (unsigned long long)d->seq, m->seat[d->seat].name,
			    why.msg);
	}
	return 0;
}

/* --- building entries --- */

static int
body_begin(const struct match *m, int seat, const char *kind,
    struct ydoc_writer *w)
{
	char prev[2 * SEC_HASH + 1];
	int i;

	sec_hex(prev, sizeof(prev), m->last, SEC_HASH);
	ydoc_map_begin(w);
	ydoc_kv(w, "game", m->game_hex);
	ydoc_kvf(w, "seq", "%llu", (unsigned long long)m->seq + 1);
	ydoc_kv(w, "prev", prev);
	ydoc_kv(w, "by", match_author_name(m, seat));
	ydoc_key(w, "to");
	ydoc_seq_begin(w, 1);
	if (m->judge_mode && seat != MATCH_JUDGE)
		ydoc_str(w, m->judge.idhex);
	else
		for (i = 0; i < m->nseats; i++)
			ydoc_str(w, m->seat[i].key.idhex);
	ydoc_seq_end(w);
	return ydoc_kv(w, "kind", kind);
}

static void
write_opening(const struct match *m, int seat, const struct match_secret *sec,
    int idx, struct ydoc_writer *w)
{
	char nonce[2 * COMMIT_NONCE + 1];

	sec_hex(nonce, sizeof(nonce), sec->nonce[idx], COMMIT_NONCE);
	ydoc_map_begin(w);
	ydoc_kv(w, "seat", m->seat[seat].name);
	ydoc_kv(w, "piece", sec->setup.id[idx]);
	ydoc_kv(w, "value", sec->setup.value[idx]);
	ydoc_kv(w, "nonce", nonce);
	ydoc_map_end(w);
}

static int
writer_done(struct ydoc_writer *w, struct error *e)
{
	if (ydoc_writer_end(w) != 0)
		return error_set(e, EXIT_SYSTEM, "cannot write the entry");
	return 0;
}

int
match_judge_body(const struct match *m, struct match_secret *const secrets[],
    struct buf *out, struct error *e)
{
	struct ydoc_writer *w;
	int i, k, s, final;

	if (!m->judge_mode || match_next_author(m) != MATCH_JUDGE)
		return error_set(e, EXIT_REFUSED, "the judge owes nothing now");
	final = match_phase(m) == MATCH_FINAL;
	if ((w = ydoc_writer_new(out)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	body_begin(m, MATCH_JUDGE, final ? "final" : "turn", w);
	ydoc_key(w, "open");
	ydoc_seq_begin(w, 0);
	for (s = 0; s < m->nseats; s++) {
		const struct match_seat *st = &m->seat[s];

		for (i = 0; i < st->pieces.n; i++) {
			if (st->opened[i])
				continue;
			if (!final) {
				for (k = 0; k < m->pending_needs.n; k++)
					if (m->pending_needs.p[k].seat == s &&
					    strcmp(m->pending_needs.p[k].id,
					    st->pieces.id[i]) == 0)
						break;
				if (k == m->pending_needs.n)
					continue;
			}
			if (secrets[s] == NULL) {
				ydoc_writer_abort(w);
				return error_set(e, EXIT_SYSTEM, "the judge lacks "
				    "%s's setup", st->name);
			}
			write_opening(m, s, secrets[s], i, w);
		}
	}
	ydoc_seq_end(w);
	ydoc_map_end(w);
	return writer_done(w, e);
}

int
match_private_body(const struct match *m, int seat, const struct buf *sb,
    const struct match_secret *sec, struct buf *out, struct error *e)
{
	struct ydoc_writer *w;
	char *b64;
	size_t blen = sec_b64_len(sb->len);
	int i;

	if ((b64 = malloc(blen)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	sec_b64_encode(b64, blen, sb->data, sb->len);
	if ((w = ydoc_writer_new(out)) == NULL) {
		free(b64);
		return error_set(e, EXIT_SYSTEM, "out of memory");
	}
	ydoc_map_begin(w);
	ydoc_kv(w, "game", m->game_hex);
	ydoc_kv(w, "by", m->seat[seat].name);
	ydoc_kv(w, "kind", "private");
	ydoc_kv(w, "entry", b64);
	free(b64);
	if (sec != NULL) {
		ydoc_key(w, "open");
		ydoc_seq_begin(w, 0);
		for (i = 0; i < sec->setup.n; i++)
			write_opening(m, seat, sec, i, w);
		ydoc_seq_end(w);
	}
	ydoc_map_end(w);
	return writer_done(w, e);
}

int
match_update_body(const struct match *m, int seat, const struct buf *entries,
    size_t n, const char *note, struct buf *out, struct error *e)
{
	struct ydoc_writer *w;
	char *b64;
	size_t i, blen;

	if ((w = ydoc_writer_new(out)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	ydoc_map_begin(w);
	ydoc_kv(w, "game", m->game_hex);
	ydoc_kv(w, "kind", "update");
	ydoc_kv(w, "for", m->seat[seat].name);
	ydoc_kvf(w, "seq", "%llu", (unsigned long long)m->seq);
	ydoc_key(w, "entries");
	ydoc_seq_begin(w, 0);
	for (i = 0; i < n; i++) {
		blen = sec_b64_len(entries[i].len);
		if ((b64 = malloc(blen)) == NULL) {
			ydoc_writer_abort(w);
			return error_set(e, EXIT_SYSTEM, "out of memory");
		}
		sec_b64_encode(b64, blen, entries[i].data, entries[i].len);
		ydoc_str(w, b64);
		free(b64);
	}
	ydoc_seq_end(w);
	/* openings for this seat alone (spy sight): none in incognito */
	ydoc_key(w, "open");
	ydoc_seq_begin(w, 0);
	ydoc_seq_end(w);
	if (note != NULL && note[0] != '\0')
		ydoc_kv(w, "note", note);
	ydoc_map_end(w);
	return writer_done(w, e);
}

int
match_check_opening(const struct match *m, int seat, const char *id,
    const char *value, const uint8_t nonce[COMMIT_NONCE], struct error *e)
{
	const struct match_seat *s;
	int i;

	if (seat < 0 || seat >= m->nseats)
		return error_set(e, EXIT_REFUSED, "an opening for no seat");
	s = &m->seat[seat];
	if ((i = piece_index(s, id)) < 0)
		return error_set(e, EXIT_REFUSED, "%s has no hidden piece "
		    "\"%.8s\"", s->name, id);
	if (!s->has_setup)
		return error_set(e, EXIT_REFUSED, "%s has no setup yet", s->name);
	if (commit_check(s->commit[i], m->game_id, s->name, id, value,
	    nonce) != 0 || !m->rules->value_ok(m->state, seat, id, value))
		return error_set(e, EXIT_REFUSED, "the opening of %s's piece %s "
		    "does not match its commitment", s->name, id);
	return 0;
}

int
match_learn(struct match *m, int seat, const char *id, const char *value,
    const uint8_t nonce[COMMIT_NONCE], struct error *e)
{
	int i;

	if (match_check_opening(m, seat, id, value, nonce, e) != 0)
		return -1;
	i = piece_index(&m->seat[seat], id);
	m->privy[seat].n = m->seat[seat].pieces.n;
	snprintf(m->privy[seat].id[i], GAME_ID, "%s", id);
	snprintf(m->privy[seat].value[i], GAME_VALUE, "%s", value);
	return 0;
}

int
match_setup_body(const struct match *m, int seat,
    const struct match_secret *sec, struct buf *out, struct error *e)
{
	struct ydoc_writer *w;
	uint8_t h[SEC_HASH];
	char hex[2 * SEC_HASH + 1];
	int i;

	if (match_phase(m) != MATCH_SETUP || m->seat[seat].has_setup)
		return error_set(e, EXIT_REFUSED, "%s's setup is already in the "
		    "transcript", m->seat[seat].name);
	if (match_next_author(m) != seat)
		return error_set(e, EXIT_REFUSED, "setups go in seat order: "
		    "waiting for %s's setup first",
		    match_author_name(m, match_next_author(m)));
	if ((w = ydoc_writer_new(out)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	body_begin(m, seat, "setup", w);
	ydoc_key(w, "commit");
	ydoc_seq_begin(w, 0);
	for (i = 0; i < sec->setup.n; i++) {
		commit_make(h, m->game_id, m->seat[seat].name, sec->setup.id[i],
		    sec->setup.value[i], sec->nonce[i]);
		sec_hex(hex, sizeof(hex), h, SEC_HASH);
		ydoc_map_begin(w);
		ydoc_kv(w, "piece", sec->setup.id[i]);
		ydoc_kv(w, "hash", hex);
		ydoc_map_end(w);
	}
	ydoc_seq_end(w);
	ydoc_map_end(w);
	return writer_done(w, e);
}

int
match_final_body(const struct match *m, int seat,
    const struct match_secret *sec, struct buf *out, struct error *e)
{
	struct ydoc_writer *w;
	int i;

	if (match_phase(m) != MATCH_FINAL || match_next_author(m) != seat)
		return error_set(e, EXIT_REFUSED, "no final openings are due "
		    "from %s now", m->seat[seat].name);
	if ((w = ydoc_writer_new(out)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	body_begin(m, seat, "final", w);
	ydoc_key(w, "open");
	ydoc_seq_begin(w, 0);
	for (i = 0; i < sec->setup.n; i++)
		if (!m->seat[seat].opened[i])
			write_opening(m, seat, sec, i, w);
	ydoc_seq_end(w);
	ydoc_map_end(w);
	return writer_done(w, e);
}

static void
write_action(const struct game_action *a, struct ydoc_writer *w)
{
	int i;

	ydoc_key(w, "action");
	ydoc_map_begin(w);
	ydoc_kv(w, "type", a->type);
	for (i = 0; i < a->nf; i++)
		ydoc_kv(w, a->f[i].key, a->f[i].val);
	ydoc_map_end(w);
}

int
match_turn_body(const struct match *m, int seat,
    const struct match_secret *sec, const char *text, struct buf *out,
    int *final_too, struct error *e)
{
	struct match *c = NULL;
	struct game_action a;
	struct game_needs needs;
	struct game_ctx ctx;
	struct ctx_arg arg;
	struct ydoc_writer *w = NULL;
	char clean[512];
	int open[GAME_MAX_PIECES], i, k, n = 0, rc = -1, owed, next;

	*final_too = 0;
	memset(open, 0, sizeof(open));
	if (match_phase(m) == MATCH_SETUP)
		return error_set(e, EXIT_REFUSED, "setups are still due (%s's)",
		    match_author_name(m, match_next_author(m)));
	if (match_phase(m) == MATCH_CLOSED)
		return error_set(e, EXIT_REFUSED, "the game is over and closed");
	if (match_phase(m) == MATCH_FINAL) {
		if (text != NULL)
			return error_set(e, EXIT_REFUSED, "the game is over; "
			    "run turn without an action to send your final "
			    "openings");
		return error_set(e, EXIT_REFUSED, "internal: final via turn");
	}
	next = match_next_author(m);
	if (next != seat)
		return error_set(e, EXIT_REFUSED, "it is %s's turn, not %s's",
		    match_author_name(m, next), m->seat[seat].name);
	if ((c = match_clone(m)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	owed = match_owes(c, seat);
	if (owed) {
		for (i = 0; i < c->pending_needs.n; i++) {
			if (c->pending_needs.p[i].seat != seat)
				continue;
			k = piece_index(&c->seat[seat], c->pending_needs.p[i].id);
			if (k < 0 || c->seat[seat].opened[k])
				continue;
			open[k] = 1;
			n++;
			c->seat[seat].opened[k] = 1;
			snprintf(c->seat[seat].pieces.value[k], GAME_VALUE, "%s",
			    sec->setup.value[k]);
		}
		if (resolve_pending(c, "your opening", e) != 0)
			goto done;
	}
	if (text == NULL && !owed) {
		error_set(e, EXIT_USAGE, "nothing is owed: give an action");
		goto done;
	}
	if (text != NULL) {
		if (over(c)) {
			error_set(e, EXIT_REFUSED, "your opening ends the game; "
			    "run turn without an action");
			goto done;
		}
		if (match_next_author(c) != seat) {
			error_set(e, EXIT_REFUSED, "after your opening it is "
			    "%s's turn; run turn without an action",
			    match_author_name(c, match_next_author(c)));
			goto done;
		}
		if (is_common(text)) {
			game_action_init(&a, text);
			if (apply_common(c, seat, &a, "turn", e) != 0)
				goto done;
		} else {
			if (c->draw_offer >= 0) {
				error_set(e, EXIT_REFUSED, "answer the draw offer "
				    "first: accept or decline");
				goto done;
			}
			game_notation_clean(text, clean, sizeof(clean));
			if (c->rules->parse(c->state, seat, clean, &a, e) != 0)
				goto done;
			/* check with this seat's own secrets, for a clear
			 * refusal before anything is written */
			ctx_init(&ctx, &arg, c, 1, 0);
			if (c->rules->legal(c->state, seat, &a, &ctx, &needs,
			    e) != 0)
				goto done;
			for (i = 0; i < needs.n; i++) {
				if (needs.p[i].seat != seat)
					continue;
				k = piece_index(&c->seat[seat], needs.p[i].id);
				if (k >= 0 && !c->seat[seat].opened[k] &&
				    !open[k]) {
					open[k] = 1;
					n++;
				}
			}
		}
	}
	if ((w = ydoc_writer_new(out)) == NULL) {
		error_set(e, EXIT_SYSTEM, "out of memory");
		goto done;
	}
	body_begin(m, seat, "turn", w);
	if (n > 0) {
		ydoc_key(w, "open");
		ydoc_seq_begin(w, 0);
		for (i = 0; i < sec->setup.n; i++)
			if (open[i])
				write_opening(m, seat, sec, i, w);
		ydoc_seq_end(w);
	}
	if (text != NULL)
		write_action(&a, w);
	ydoc_map_end(w);
	rc = writer_done(w, e);
	w = NULL;
	*final_too = 0;
done:
	ydoc_writer_abort(w);
	match_free(c);
	return rc;
}

/* --- header --- */

int
match_header_body(const struct game_rules *r, const struct game_config *cfg,
    int judge_mode, const struct key_public *seats, int nseats,
    const struct key_public *judge, struct buf *out, struct error *e)
{
	struct ydoc_writer *w;
	char line[KEY_LINE_MAX], nonce_hex[2 * SEC_HASH + 1], when[40];
	uint8_t nonce[SEC_HASH];
	time_t now = time(NULL);
	struct tm tm;
	int i;

	sec_random(nonce, sizeof(nonce));
	sec_hex(nonce_hex, sizeof(nonce_hex), nonce, sizeof(nonce));
	gmtime_r(&now, &tm);
	strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", &tm);
	if ((w = ydoc_writer_new(out)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	ydoc_map_begin(w);
	ydoc_kv(w, "adjudicator", "1");
	ydoc_kv(w, "kind", "header");
	ydoc_kv(w, "rules", r->name);
	ydoc_key(w, "options");
	ydoc_map_begin(w);
	for (i = 0; r->options != NULL && r->options[i].name != NULL; i++)
		ydoc_kv(w, r->options[i].name, cfg->opt[i]);
	ydoc_map_end(w);
	ydoc_kv(w, "seed", cfg->seed);
	ydoc_kv(w, "mode", judge_mode ? "judge" : "peer");
	ydoc_key(w, "seats");
	ydoc_seq_begin(w, 0);
	for (i = 0; i < nseats; i++) {
		key_public_line(&seats[i], line, sizeof(line));
		ydoc_map_begin(w);
		ydoc_kv(w, "name", seats[i].name);
		ydoc_kv(w, "key", line);
		ydoc_map_end(w);
	}
	ydoc_seq_end(w);
	if (judge_mode) {
		key_public_line(judge, line, sizeof(line));
		ydoc_kv(w, "judge", line);
	}
	ydoc_kv(w, "created", when);
	ydoc_kv(w, "nonce", nonce_hex);
	ydoc_map_end(w);
	return writer_done(w, e);
}

/* --- views --- */

static const char *
phase_name(enum match_phase p)
{
	static const char *const names[] = { "setup", "play", "final",
	    "closed" };

	return names[p];
}

static void
describe_result(const struct match *m, struct buf *b)
{
	struct game_result r;
	int i, first = 1;

	match_result(m, &r);
	if (!r.over)
		return;
	if (r.draw) {
		buf_printf(b, "Game over: a draw (%s).\n", r.why);
		return;
	}
	buf_adds(b, "Game over: ");
	for (i = 0; i < m->nseats; i++)
		if (r.winner[i]) {
			buf_printf(b, "%s%s", first ? "" : " and ",
			    m->seat[i].name);
			first = 0;
		}
	buf_printf(b, " won%s%s%s.\n", r.why[0] ? " (" : "", r.why,
	    r.why[0] ? ")" : "");
}

void
match_summary(const struct match *m, struct buf *b)
{
	int next = match_next_author(m), i;

	buf_printf(b, "%s, game %.16s, entry %llu\n", m->rules->name,
	    m->game_hex, (unsigned long long)m->seq);
	buf_printf(b, "Last: %s.\n", m->what);
	describe_result(m, b);
	if (m->pending)
		for (i = 0; i < m->pending_needs.n; i++) {
			int s = m->pending_needs.p[i].seat;
			int k = piece_index(&m->seat[s], m->pending_needs.p[i].id);

			if (k >= 0 && !m->seat[s].opened[k])
				buf_printf(b, "Waiting: %s must open %s.\n",
				    m->seat[s].name, m->pending_needs.p[i].id);
		}
	if (m->draw_offer >= 0)
		buf_printf(b, "Draw offered by %s: %s must accept or decline.\n",
		    m->seat[m->draw_offer].name,
		    m->seat[(m->draw_offer + 1) % m->nseats].name);
	switch (match_phase(m)) {
	case MATCH_SETUP:
		buf_printf(b, "Next: %s's setup.\n", match_author_name(m, next));
		break;
	case MATCH_PLAY:
		if (!m->pending)
			buf_printf(b, "To act: %s.\n",
			    match_author_name(m, next));
		break;
	case MATCH_FINAL:
		buf_printf(b, "Next: %s's final openings.\n",
		    match_author_name(m, next));
		break;
	case MATCH_CLOSED:
		buf_adds(b, "Closed: every setup is open; verify the export.\n");
		break;
	}
}

void
match_view_text(const struct match *m, int viewer, struct buf *b)
{
	struct game_ctx c;
	struct ctx_arg a;

	if (viewer >= 0 && viewer < m->nseats)
		buf_printf(b, "You are %s (seat %d of %d).\n",
		    m->seat[viewer].name, viewer + 1, m->nseats);
	ctx_init(&c, &a, m, viewer >= 0, 0);
	buf_adds(b, "\n");
	m->rules->render(m->state, viewer, &c, b);
	buf_adds(b, "\n");
	match_summary(m, b);
	if (viewer >= 0 && viewer < m->nseats &&
	    match_next_author(m) == viewer) {
		if (match_phase(m) == MATCH_FINAL)
			buf_adds(b, "Your final openings are due: run "
			    "\"adjudicator turn -d GAMEDIR\".\n");
		else if (match_owes(m, viewer))
			buf_adds(b, "Your opening is due: \"adjudicator turn "
			    "-d GAMEDIR [ACTION]\" adds it.\n");
		else if (match_phase(m) == MATCH_PLAY)
			buf_adds(b, "Your turn.\n");
	}
}

int
match_view_yaml(const struct match *m, int viewer, struct buf *b,
    struct error *e)
{
	struct ydoc_writer *w;
	struct game_result r;
	struct game_ctx c;
	struct ctx_arg a;
	int next = match_next_author(m), i;

	if ((w = ydoc_writer_new(b)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	ydoc_map_begin(w);
	ydoc_kv(w, "game", m->game_hex);
	ydoc_kv(w, "rules", m->rules->name);
	ydoc_kvf(w, "seq", "%llu", (unsigned long long)m->seq);
	if (viewer >= 0 && viewer < m->nseats)
		ydoc_kv(w, "seat", m->seat[viewer].name);
	ydoc_key(w, "seats");
	ydoc_seq_begin(w, 1);
	for (i = 0; i < m->nseats; i++)
		ydoc_str(w, m->seat[i].name);
	ydoc_seq_end(w);
	ydoc_kv(w, "phase", phase_name(match_phase(m)));
	ydoc_kv(w, "next", next >= 0 ? match_author_name(m, next) : "none");
	ydoc_kv(w, "last", m->what);
	ydoc_key(w, "obligations");
	ydoc_seq_begin(w, 0);
	for (i = 0; m->pending && i < m->pending_needs.n; i++) {
		int s = m->pending_needs.p[i].seat;
		int k = piece_index(&m->seat[s], m->pending_needs.p[i].id);

		if (k < 0 || m->seat[s].opened[k])
			continue;
		ydoc_map_begin(w);
		ydoc_kv(w, "seat", m->seat[s].name);
		ydoc_kv(w, "piece", m->pending_needs.p[i].id);
		ydoc_map_end(w);
	}
	ydoc_seq_end(w);
	if (m->draw_offer >= 0)
		ydoc_kv(w, "draw_offer", m->seat[m->draw_offer].name);
	match_result(m, &r);
	ydoc_key(w, "result");
	ydoc_map_begin(w);
	ydoc_kv(w, "over", r.over ? "yes" : "no");
	if (r.over) {
		ydoc_kv(w, "draw", r.draw ? "yes" : "no");
		ydoc_key(w, "winners");
		ydoc_seq_begin(w, 1);
		for (i = 0; i < m->nseats; i++)
			if (r.winner[i])
				ydoc_str(w, m->seat[i].name);
		ydoc_seq_end(w);
		ydoc_kv(w, "why", r.why);
	}
	ydoc_map_end(w);
	ctx_init(&c, &a, m, viewer >= 0, 0);
	ydoc_key(w, "board");
	ydoc_map_begin(w);
	m->rules->view(m->state, viewer, &c, w);
	ydoc_map_end(w);
	ydoc_map_end(w);
	return writer_done(w, e);
}

int
match_actions(const struct match *m, int seat, struct game_action *out,
    int max)
{
	struct game_ctx c;
	struct ctx_arg a;

	ctx_init(&c, &a, m, 1, 0);
	return m->rules->actions(m->state, seat, &c, out, max);
}

int
match_view_svg(const struct match *m, int viewer, struct buf *b,
    struct error *e)
{
	struct game_ctx c;
	struct ctx_arg a;

	if (m->rules->svg == NULL)
		return error_set(e, EXIT_USAGE, "%s has no svg picture",
		    m->rules->name);
	ctx_init(&c, &a, m, viewer >= 0, 0);
	m->rules->svg(m->state, viewer, &c, b);
	return 0;
}
