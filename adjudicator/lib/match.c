/*
 * The match: the transcript's state machine.  See match.h.
 *
 * Whose entry comes next:
 *   play      while an action is pending: the first seat owing an opening,
 *             else the seat owing the claim (in a judged game: the judge);
 *   setup     the first seat, in seat order, whose setup is due (at the
 *             start; or when the rules say, as topogic's second round);
 *   play      else the seat a draw offer asks, or the seat the rules name;
 *   end       the game is over: each seat with pieces still unopened, the
 *             one whose entry ended the game first, then in seat order
 *             (in a judged game: the judge, once).
 * Resolution uses only opened values and claims, never a copy's private
 * knowledge, so every copy computes the same state from the same entries.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "entry.h"
#include "holder.h"
#include "match_int.h"
#include "opening.h"
#include "rng.h"
#include "seed.h"
#include "timing.h"
#include "ydoc.h"

const char *const match_entry_keys[] = { "game", "seq", "prev", "by", "to",
    "kind", "commit", "open", "action", "claim", "time", "got", "leave",
    "timeout", "ruling", "seat", "share", "cond", "for", NULL };
const char *const match_entry_required[] = { "game", "seq", "prev", "by",
    "to", "kind", NULL };

/* --- lifetime --- */

void *
match_state_dup(const struct match *m, const void *state)
{
	void *c = malloc(m->rules->state_size);

	if (c != NULL)
		memcpy(c, state, m->rules->state_size);
	return c;
}

/* What m owns beside its own bytes (its state, its checks), freed. */
static void
drop(struct match *m)
{
	size_t i;

	free(m->state);
	for (i = 0; i < m->nchecks; i++)
		resolve_check_free(&m->checks[i]);
	free(m->checks);
	cond_match_free(m);
}

void
match_free(struct match *m)
{
	if (m == NULL)
		return;
	drop(m);
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
	c->checks = NULL;
	c->nchecks = 0;
	if (cond_match_copy(c, m) != 0) {
		c->state = NULL;
		match_free(c);
		return NULL;
	}
	if ((c->state = match_state_dup(m, m->state)) == NULL) {
		match_free(c);
		return NULL;
	}
	if (m->nchecks > 0 &&
	    (c->checks = calloc(m->nchecks, sizeof(*c->checks))) == NULL) {
		match_free(c);
		return NULL;
	}
	for (i = 0; i < m->nchecks; i++) {
		c->checks[i] = m->checks[i];
		if ((c->checks[i].state = match_state_dup(m,
		    m->checks[i].state)) == NULL) {
			match_free(c);
			return NULL;
		}
		c->nchecks++;
	}
	return c;
}

/* --- who is who --- */

int
match_seat_of(const struct match *m, const struct key_public *k)
{
	int i;

	for (i = 0; i < m->nseats; i++)
		if (key_same(&m->seat[i].key, k))
			return i;
	if (m->judge_mode && key_same(&m->judge, k))
		return GAME_JUDGE;
	return -1;
}

const char *
match_author_name(const struct match *m, int who)
{
	if (who == GAME_JUDGE)
		return "judge";
	if (who < 0 || who >= m->nseats)
		return "nobody";
	return m->seat[who].name;
}

int
match_piece_index(const struct match *m, int seat, const char *id)
{
	const struct match_seat *s;
	int i;

	if (seat < 0 || seat >= m->nseats)
		return -1;
	s = &m->seat[seat];
	for (i = 0; i < s->pieces.n; i++)
		if (strcmp(s->pieces.id[i], id) == 0)
			return i;
	return -1;
}

int
match_seat_by_name(const struct match *m, const char *name)
{
	int i;

	for (i = 0; i < m->nseats; i++)
		if (strcmp(m->seat[i].name, name) == 0)
			return i;
	if (m->judge_mode && strcmp(name, "judge") == 0)
		return GAME_JUDGE;
	return -1;
}

void
match_role(const struct match *m, int seat, char *out, size_t len)
{
	out[0] = '\0';
	if (seat >= 0 && seat < m->nseats && m->rules->seat_role != NULL)
		m->rules->seat_role(m->state, seat, out, len);
}

/* --- whose entry --- */

static int
unopened(const struct match *m, int seat)
{
	const struct match_seat *s = &m->seat[seat];
	int i;

	if (!s->has_setup)
		return 0;
	for (i = 0; i < s->pieces.n; i++)
		if (!s->opened[i])
			return 1;
	return 0;
}

int
match_setup_due(const struct match *m, int seat)
{
	const struct match_seat *s = &m->seat[seat];

	if (s->has_setup || s->pieces.n == 0 || match_over(m) || m->pending ||
	    seed_pending(m))
		return 0;
	return m->rules->setup_due == NULL ||
	    m->rules->setup_due(m->state, seat);
}

static int
setup_next(const struct match *m)
{
	int i;

	for (i = 0; i < m->nseats; i++)
		if (match_setup_due(m, i))
			return i;
	return -1;
}

int
match_first_owing(const struct match *m)
{
	const struct game_needs *n = &m->pending_needs;
	int i, j, k;

	for (i = 0; i < n->n; i++) {
		j = n->p[i].seat;
		k = match_piece_index(m, j, n->p[i].id);
		if (k >= 0 && !m->seat[j].opened[k])
			return j;
	}
	if (n->claim_by >= 0 && !m->claim_made)
		return n->claim_by;
	return -1;
}

int
match_owes(const struct match *m, int seat)
{
	return m->pending && !m->judge_mode && match_first_owing(m) == seat;
}

int
match_over(const struct match *m)
{
	struct game_result r;

	match_result(m, &r);
	return r.over;
}

static int
final_next(const struct match *m)
{
	int i;

	for (i = 0; i < m->nseats; i++)
		if (unopened(m, i))
			break;
	if (i == m->nseats)
		return m->judge_mode && cond_unopened(m) ? GAME_JUDGE : -1;
	if (m->judge_mode)
		return GAME_JUDGE;
	/* the seat whose entry ended the game opens first, in the same
	 * message; then the others in seat order */
	if (m->ender >= 0 && m->ender < m->nseats && unopened(m, m->ender))
		return m->ender;
	return i;
}

enum match_phase
match_phase(const struct match *m)
{
	if (match_over(m))
		return final_next(m) >= 0 ? MATCH_FINAL : MATCH_CLOSED;
	if (seed_pending(m))
		return MATCH_SEED;
	if (!m->pending && setup_next(m) >= 0)
		return MATCH_SETUP;
	return MATCH_PLAY;
}

int
match_next_author(const struct match *m)
{
	if (timing_next(m) >= 0)
		return GAME_JUDGE;	/* the time it took the last entry */
	switch (match_phase(m)) {
	case MATCH_SEED:
		return seed_next(m);
	case MATCH_SETUP:
		return setup_next(m);
	case MATCH_PLAY:
		/* the judge holds every setup and meets obligations at once */
		if (m->pending)
			return m->judge_mode ? GAME_JUDGE :
			    match_first_owing(m);
		if (m->draw_offer >= 0)
			return (m->draw_offer + 1) % m->nseats;
		return m->rules->to_move(m->state);
	case MATCH_FINAL:
		return final_next(m);
	default:
		return -1;
	}
}

/* --- the result --- */

void
match_result(const struct match *m, struct game_result *r)
{
	if (m->ended) {
		*r = m->result;
		return;
	}
	memset(r, 0, sizeof(*r));
	m->rules->result(m->state, r);
}

void
match_end(struct match *m, int winner, int draw, enum match_how how,
    const char *why)
{
	int i;

	match_result(m, &m->result);	/* keeps the rules' scores */
	m->result.over = 1;
	m->result.draw = draw;
	for (i = 0; i < GAME_MAX_SEATS; i++)
		m->result.winner[i] = !draw && i < m->nseats &&
		    (winner < 0 ? i != -winner - 1 : i == winner);
	snprintf(m->result.why, sizeof(m->result.why), "%s", why);
	m->ended = 1;
	m->how = how;
	m->pending = 0;
}

void
match_cheater(struct match *m, int who, const char *why)
{
	struct game_result r;
	int i, any = 0, before = 0;

	match_result(m, &r);
	for (i = 0; i <= GAME_MAX_SEATS; i++)
		before += r.cheated[i];
	r.cheated[who == GAME_JUDGE ? GAME_MAX_SEATS : who] = 1;
	r.over = 1;
	r.draw = 0;
	for (i = 0; i < GAME_MAX_SEATS; i++) {
		r.winner[i] = i < m->nseats && !r.cheated[i] &&
		    !r.cheated[GAME_MAX_SEATS];
		any |= r.winner[i];
	}
	if (!any && !r.cheated[GAME_MAX_SEATS])
		r.draw = 0;
	/* the first finding explains the result; later ones add to it,
	 * also a second finding against the same author */
	if (m->ended && before > 0) {
		size_t n = strlen(r.why);

		snprintf(r.why + n, sizeof(r.why) - n, "; %s", why);
	} else
		snprintf(r.why, sizeof(r.why), "%s", why);
	m->result = r;
	m->ended = 1;
	m->how = MATCH_HOW_CHEAT;
	m->pending = 0;
	m->draw_offer = -1;
}

/* --- applying entries --- */

int
match_peek(const struct envelope *env, struct match_peek *p,
    const char *where, struct error *e)
{
	struct ydoc *doc;
	int rc;

	memset(p, 0, sizeof(*p));
	if ((doc = ydoc_parse(env->body, env->body_len, where, e)) == NULL)
		return -1;
	rc = match_peek_doc(doc, p, where, e);
	ydoc_free(doc);
	return rc;
}

int
match_peek_doc(const struct ydoc *doc, struct match_peek *p,
    const char *where, struct error *e)
{
	const struct ydoc *k;
	const char *g;
	unsigned long long v;

	memset(p, 0, sizeof(*p));
	k = ydoc_get(doc, "kind");
	if (k != NULL && k->type == YDOC_SCALAR)
		snprintf(p->kind, sizeof(p->kind), "%.15s", k->str);
	if (strcmp(p->kind, "header") == 0) {
		p->header = 1;
		return 0;
	}
	if ((g = ydoc_scalar(doc, "game", where, e)) == NULL ||
	    ydoc_uint(doc, "seq", UINT32_MAX, &v, where, e) != 0)
		return -1;
	snprintf(p->game, sizeof(p->game), "%.64s", g);
	p->seq = v;
	return 0;
}

static int
check_recipients(const struct match *m, int author, const struct ydoc *to,
    const struct envelope *env, const char *where, struct error *e)
{
	char hex[KEY_ID_HEX];
	size_t i;
	int j, found;

	if (ydoc_expect(to, YDOC_SEQ, "to", where, e) != 0)
		return -1;
	if (to->nkids != env->nrecipients)
		return error_set(e, EXIT_REFUSED, "%s: \"to\" lists %zu keys but "
		    "the message was signed for %zu", where, to->nkids,
		    env->nrecipients);
	for (i = 0; i < to->nkids; i++) {
		if (ydoc_expect(to->kids[i], YDOC_SCALAR, "to", where, e) != 0)
			return -1;
		sec_hex(hex, sizeof(hex), env->recipients[i], KEY_ID);
		if (strcmp(hex, to->kids[i]->str) != 0)
			return error_set(e, EXIT_REFUSED, "%s: \"to\" differs "
			    "from the signed recipients", where);
		found = m->judge_mode && memcmp(env->recipients[i],
		    m->judge.id, KEY_ID) == 0;
		for (j = 0; j < m->nseats; j++)
			found |= memcmp(env->recipients[i], m->seat[j].key.id,
			    KEY_ID) == 0;
		if (!found)
			return error_set(e, EXIT_REFUSED, "%s: addressed to key "
			    "%s, which is not in this game", where, hex);
	}
	/* peer mode: every seat gets every entry; judge mode: a seat
	 * writes to the judge alone, the judge to every seat */
	if (m->judge_mode && author != GAME_JUDGE) {
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
apply_setup(struct match *m, int seat, const struct ydoc *doc,
    const char *where, struct error *e)
{
	static const char *const keys[] = { "piece", "hash", NULL };
	struct match_seat *s = &m->seat[seat];
	const struct ydoc *list = ydoc_get(doc, "commit");
	const char *id;
	size_t i;

	if (ydoc_get(doc, "open") != NULL || ydoc_get(doc, "action") != NULL ||
	    ydoc_get(doc, "claim") != NULL)
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
		if (ydoc_hex(list->kids[i], "hash", s->commit[i], SEC_HASH,
		    where, e) != 0)
			return -1;
	}
	s->has_setup = 1;
	match_say(m, "%s committed to a setup", s->name);
	return 0;
}

/*
 * Final openings: a seat opens the rest of its setup; in judge mode the
 * judge opens the rest of every setup.  The audits follow in
 * resolve_after, as for any setup that becomes wholly open.
 */
static int
apply_final(struct match *m, int author, const struct ydoc *doc,
    const char *where, int *bad_seat, struct error *e)
{
	int i, seat, first, last;

	if (ydoc_get(doc, "action") != NULL || ydoc_get(doc, "commit") != NULL ||
	    ydoc_get(doc, "claim") != NULL)
		return error_set(e, EXIT_MALFORMED, "%s: a final entry carries "
		    "only openings", where);
	if (resolve_openings(m, ydoc_get(doc, "open"), author, 1, NULL, where,
	    bad_seat, e) != 0 || cond_final(m, author, doc, where, e) != 0)
		return -1;
	first = author == GAME_JUDGE ? 0 : author;
	last = author == GAME_JUDGE ? m->nseats - 1 : author;
	for (seat = first; seat <= last; seat++) {
		struct match_seat *s = &m->seat[seat];

		for (i = 0; s->has_setup && i < s->pieces.n; i++)
			if (!s->opened[i])
				return error_set(e, EXIT_REFUSED, "%s: the final "
				    "entry leaves %s's piece %s unopened", where,
				    s->name, s->pieces.id[i]);
		s->final_done = 1;
	}
	if (author == GAME_JUDGE)
		match_say(m, "judge opened every setup");
	else
		match_say(m, "%s opened every piece of the setup",
		    match_author_name(m, author));
	return 0;
}

static int
apply_turn(struct match *m, int seat, const struct ydoc *doc,
    const char *where, int *bad_seat, struct error *e)
{
	const struct ydoc *act = ydoc_get(doc, "action");
	struct game_action a;

	if (match_phase(m) != MATCH_PLAY)
		return error_set(e, EXIT_REFUSED, "%s: a turn while %s", where,
		    match_phase(m) == MATCH_SETUP ? "setups are still due" :
		    "the game is over");
	if (ydoc_get(doc, "commit") != NULL)
		return error_set(e, EXIT_MALFORMED, "%s: commitments outside a "
		    "setup", where);
	if (seat == GAME_JUDGE && (!m->pending || act != NULL))
		return error_set(e, EXIT_REFUSED, "%s: the judge only opens "
		    "pieces and makes claims: for a pending action, or at the "
		    "end", where);
	if (m->pending)
		return resolve_owed(m, seat, doc, where, bad_seat, e);
	if (act == NULL)
		return error_set(e, EXIT_MALFORMED, "%s: a turn without an "
		    "action", where);
	if (entry_action_read(act, &a, where, e) != 0)
		return -1;
	return resolve_action(m, seat, &a, ydoc_get(doc, "open"),
	    ydoc_get(doc, "claim"), where, bad_seat, e);
}

/* The chain, the author, the recipients and the turn order. */
static int
check_entry(struct match *m, const struct envelope *env,
    const struct ydoc *doc, int *author, const char *where,
    struct error *e)
{
	const char *g, *by, *kind;
	uint8_t prev[SEC_HASH];
	unsigned long long seq;
	int seat, expect;

	if (ydoc_check_keys(doc, match_entry_keys, match_entry_required,
	    where, e) != 0 ||
	    (g = ydoc_scalar(doc, "game", where, e)) == NULL)
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
	if (ydoc_hex_public(doc, "prev", prev, SEC_HASH, where, e) != 0)
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
	if (!key_same(&env->signer, seat == GAME_JUDGE ? &m->judge :
	    &m->seat[seat].key))
		return error_set(e, EXIT_REFUSED, "%s: entry by %s is signed by "
		    "another key (%s)", where, by, env->signer.idhex);
	if (check_recipients(m, seat, ydoc_get(doc, "to"), env, where, e) != 0 ||
	    (kind = ydoc_scalar(doc, "kind", where, e)) == NULL)
		return -1;
	*author = seat;
	if (timing_off_turn(m, seat, kind) || holder_off_turn(m, seat, kind) ||
	    cond_off_turn(m, seat, kind))
		return 0;
	/* the judge plays a seat's fired reply on that seat's turn */
	if (seat == GAME_JUDGE && strcmp(kind, "fired") == 0)
		return 0;
	if ((expect = match_next_author(m)) < 0)
		return error_set(e, EXIT_REFUSED, "%s: the game is closed; "
		    "nothing may follow", where);
	if (seat != expect)
		return error_set(e, EXIT_REFUSED, "%s: seq %llu by %s out of "
		    "turn: it is %s's", where, seq, by,
		    match_author_name(m, expect));
	*author = seat;
	return 0;
}

static int
apply_entry(struct match *m, const struct envelope *env,
    const struct ydoc *doc, const char *where, int *bad_seat,
    struct error *e)
{
	const char *kind;
	int seat = -1, rc;

	m->what[0] = '\0';
	m->applied_rules = 0;
	m->timed = 0;
	if (check_entry(m, env, doc, &seat, where, e) != 0 ||
	    (kind = ydoc_scalar(doc, "kind", where, e)) == NULL ||
	    seed_refuse(m, seat, kind, where, e) != 0 ||
	    timing_before(m, seat, kind, doc, where, e) != 0)
		return -1;
	if ((ydoc_get(doc, "cond") != NULL && !cond_key_kind(kind)) ||
	    (ydoc_get(doc, "for") != NULL && strcmp(kind, "fired") != 0))
		return error_set(e, EXIT_MALFORMED, "%s: cond or for outside "
		    "a turn", where);
	if (seed_is_kind(kind))
		rc = seed_apply(m, seat, doc, where, e);
	else if (timing_is_kind(kind))
		rc = timing_entry(m, seat, kind, doc, where, e);
	else if (holder_is_kind(kind))
		rc = holder_apply(m, seat, doc, where, e);
	else if (strcmp(kind, "setup") == 0) {
		if (!match_setup_due(m, seat))
			return error_set(e, EXIT_REFUSED, "%s: no setup is due "
			    "from %s now", where, match_author_name(m, seat));
		rc = apply_setup(m, seat, doc, where, e);
	} else if (strcmp(kind, "turn") == 0)
		rc = cond_entry(m, seat, doc, where, e) != 0 ? -1 :
		    apply_turn(m, seat, doc, where, bad_seat, e);
	else if (strcmp(kind, "fired") == 0)
		rc = cond_fired(m, seat, doc, where, bad_seat, e);
	else if (cond_is_kind(kind))
		rc = cond_change(m, seat, doc, where, e);
	else if (strcmp(kind, "final") == 0) {
		if (match_phase(m) != MATCH_FINAL)
			return error_set(e, EXIT_REFUSED, "%s: final openings "
			    "before the game is over", where);
		rc = apply_final(m, seat, doc, where, bad_seat, e);
	} else
		return error_set(e, EXIT_MALFORMED, "%s: unknown kind \"%.20s\"",
		    where, kind);
	if (rc != 0)
		return -1;
	m->seq++;
	m->last_by = seat;
	memcpy(m->last, env->hash, SEC_HASH);
	resolve_after(m);
	if (m->ender < 0 && match_over(m))
		m->ender = seat;
	timing_said(m, kind);
	timing_after(m, seat, kind);
	return 0;
}

int
match_apply_parsed(struct match *m, const struct envelope *env,
    const struct ydoc *doc, const char *where, int *bad_seat,
    struct error *e)
{
	struct match *c;
	int rc, bad = -1;

	if (m->verifying) {
		/* verify stops at the first violation: nothing to roll back */
		rc = apply_entry(m, env, doc, where, &bad, e);
		if (bad_seat != NULL)
			*bad_seat = bad;
		return rc;
	}
	if ((c = match_clone(m)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	rc = apply_entry(c, env, doc, where, &bad, e);
	if (bad_seat != NULL)
		*bad_seat = bad;
	if (rc != 0) {
		match_free(c);
		return -1;
	}
	/* the applied copy in m's place (m keeps its address for the
	 * caller): what m owned is freed, c's bytes moved in once and its
	 * shell freed (no swap through a 40 KB copy on the stack) */
	drop(m);
	memcpy(m, c, sizeof(*m));
	free(c);
	return 0;
}

static int
apply_blob(struct match *m, const uint8_t *blob, size_t len, int check_sig,
    const char *where, int *bad_seat, struct error *e)
{
	struct envelope env;
	struct ydoc *doc;
	int rc;

	if ((check_sig ? envelope_verify(blob, len, &env, where, e) :
	    envelope_parse(blob, len, &env, where, e)) != 0)
		return -1;
	if ((doc = ydoc_parse(env.body, env.body_len, where, e)) == NULL)
		return -1;
	rc = match_apply_parsed(m, &env, doc, where, bad_seat, e);
	ydoc_free(doc);
	return rc;
}

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

/* --- what a copy knows --- */

int
match_actions(const struct match *m, int seat, struct game_action *out,
    int max)
{
	struct game_ctx c;
	struct match_ctx a;

	match_ctx_init(&c, &a, m, MATCH_KNOWN);
	return m->rules->actions(m->state, seat, &c, out, max);
}

int
match_random_action(const struct match *m, int seat, struct rng *r,
    struct game_action *out, struct error *e)
{
	struct game_action *list;
	struct game_ctx c;
	struct match_ctx a;
	int n;

	match_ctx_init(&c, &a, m, MATCH_KNOWN);
	if (m->rules->random_action != NULL)
		return m->rules->random_action(m->state, seat, &c, r, out, e);
	if ((list = calloc(GAME_MAX_ACTIONS, sizeof(*list))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	n = m->rules->actions(m->state, seat, &c, list, GAME_MAX_ACTIONS);
	if (n > GAME_MAX_ACTIONS) {
		free(list);
		return error_set(e, EXIT_SYSTEM, "%s has %d legal actions, more "
		    "than the %d that can be listed: the game needs its own "
		    "random_action", m->rules->name, n, GAME_MAX_ACTIONS);
	}
	if (n <= 0) {
		free(list);
		return error_set(e, EXIT_REFUSED, "%s has no legal action",
		    match_author_name(m, seat));
	}
	*out = list[rng_uniform(r, (uint32_t)n)];
	free(list);
	return 0;
}

int
match_learn(struct match *m, const struct opening *o, struct error *e)
{
	if (opening_check(m, o, e) != 0)
		return -1;
	m->privy[o->seat].n = m->seat[o->seat].pieces.n;
	snprintf(m->privy[o->seat].id[o->idx], GAME_ID, "%s", o->id);
	snprintf(m->privy[o->seat].value[o->idx], GAME_VALUE, "%s", o->value);
	return 0;
}

int
match_knows(const struct match *m, int seat, int idx)
{
	return m->seat[seat].opened[idx] ||
	    m->privy[seat].value[idx][0] != '\0';
}
