/*
 * Writing entries.  See entry.h.  Every writer checks that the entry is
 * due from its author; a turn is also tried on a copy of the match, with
 * what the seat knows, so that an illegal action is refused before
 * anything is written or sent.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "armor.h"
#include "cond.h"
#include "entry.h"
#include "match_int.h"
#include "opening.h"
#include "seed.h"
#include "when.h"
#include "ydoc.h"

int
entry_action_read(const struct ydoc *n, struct game_action *a,
    const char *where, struct error *e)
{
	const char *type;
	size_t i;

	if (ydoc_expect(n, YDOC_MAP, "action", where, e) != 0 ||
	    (type = ydoc_scalar(n, "type", where, e)) == NULL)
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

static void
write_action(struct ydoc_writer *w, const struct game_action *a)
{
	int i;

	ydoc_key(w, "action");
	ydoc_map_begin(w);
	ydoc_kv(w, "type", a->type);
	for (i = 0; i < a->nf; i++)
		ydoc_kv(w, a->f[i].key, a->f[i].val);
	ydoc_map_end(w);
}

/* The time an entry says: this copy's (the judge's take time, set by the
 * judge), never before the judge's last. */
static int64_t
entry_time(const struct match *m)
{
	int64_t t = m->now != 0 ? m->now : when_now();

	/* (a seat's clock behind the judge's: no earlier than what the
	 * judge signed last, nor than the game) */
	if (m->judge_mode && t < m->created_at)
		t = m->created_at;
	return m->judge_mode && t < m->clk.last ? m->clk.last : t;
}

/* A writer of author's entry of kind into out, its common keys written;
 * NULL when out of memory (e set). */
static struct ydoc_writer *
begin(const struct match *m, int author, const char *kind, struct buf *out,
    struct error *e)
{
	struct ydoc_writer *w;
	char prev[2 * SEC_HASH + 1], when[WHEN_TEXT];
	int64_t t;
	int i;

	if ((w = ydoc_writer_new(out)) == NULL) {
		error_set(e, EXIT_SYSTEM, "out of memory");
		return NULL;
	}
	sec_hex(prev, sizeof(prev), m->last, SEC_HASH);
	ydoc_map_begin(w);
	ydoc_kv(w, "game", m->game_hex);
	ydoc_kvf(w, "seq", "%llu", (unsigned long long)m->seq + 1);
	ydoc_kv(w, "prev", prev);
	ydoc_kv(w, "by", match_author_name(m, author));
	ydoc_key(w, "to");
	ydoc_seq_begin(w, 1);
	if (m->judge_mode && author != GAME_JUDGE)
		ydoc_str(w, m->judge.idhex);
	else
		for (i = 0; i < m->nseats; i++)
			ydoc_str(w, m->seat[i].key.idhex);
	ydoc_seq_end(w);
	ydoc_kv(w, "kind", kind);
	/* a clock: the judge keeps time (a seat says when it signed, so
	 * that the judge's stamp of it can never be earlier); a peer says
	 * when it sent this and when it took the entry it answers */
	if (!m->clock.on)
		return w;
	t = entry_time(m);
	when_format(t, when, sizeof(when));
	ydoc_kv(w, "time", when);
	if (m->judge_mode && author != GAME_JUDGE)
		return w;
	/* the judge's first signed time: when it took the invitation */
	if (m->judge_mode && m->invited > 0 && m->clk.last == 0) {
		when_format(m->invited < t ? m->invited : t, when,
		    sizeof(when));
		ydoc_kv(w, "got", when);
	}
	if (!m->judge_mode && m->took > 0 && m->last_by >= 0 &&
	    m->last_by != author) {
		when_format(m->took < t ? m->took : t, when, sizeof(when));
		ydoc_kv(w, "got", when);
	}
	return w;
}

static int
finish(struct ydoc_writer *w, struct error *e)
{
	if (ydoc_writer_end(w) != 0)
		return error_set(e, EXIT_SYSTEM, "cannot write the entry");
	return 0;
}

/* An entry of kind alone, or with a key's value, or with conditions. */
static int
plain(const struct match *m, int author, const char *kind, const char *key,
    const char *value, const struct cond_set *cond, struct buf *out,
    struct error *e)
{
	struct ydoc_writer *w;

	if ((w = begin(m, author, kind, out, e)) == NULL)
		return -1;
	if (key != NULL)
		ydoc_kv(w, key, value);
	if (cond != NULL)
		cond_write_commits(w, cond);
	ydoc_map_end(w);
	return finish(w, e);
}

static void
write_claim(struct ydoc_writer *w, const char *name, const char *value)
{
	ydoc_key(w, "claim");
	ydoc_map_begin(w);
	ydoc_kv(w, name, value);
	ydoc_map_end(w);
}

int
entry_share_of(const struct match *m, int author, const struct key_secret *k,
    struct buf *out, struct error *e)
{
	uint8_t share[SEC_HASH];
	int rc;

	if (seed_share_of(m, author, k, share, e) != 0)
		return -1;
	rc = entry_share(m, author, share, out, e);
	sec_wipe(share, sizeof(share));
	return rc;
}

int
entry_seed_owed(const struct match *m, struct error *e)
{
	int who = match_next_author(m);

	return error_set(e, EXIT_REFUSED, "%s%s owes a share of the seed "
	    "first", who == GAME_JUDGE ? "the " : "", match_author_name(m,
	    who));
}

int
entry_share(const struct match *m, int author, const uint8_t *share,
    struct buf *out, struct error *e)
{
	char hex[2 * SEC_HASH + 1];
	int rc;

	if (match_phase(m) != MATCH_SEED || match_next_author(m) != author)
		return error_set(e, EXIT_REFUSED, "no share of the seed is due "
		    "from %s now", match_author_name(m, author));
	sec_hex(hex, sizeof(hex), share, SEC_HASH);
	rc = plain(m, author, "share", "share", hex, NULL, out, e);
	sec_wipe(hex, sizeof(hex));
	return rc;
}

int
entry_setup(const struct match *m, int seat, const struct match_secret *sec,
    struct buf *out, struct error *e)
{
	struct ydoc_writer *w;
	uint8_t h[SEC_HASH];
	char hex[2 * SEC_HASH + 1];
	int i;

	if (m->seat[seat].has_setup)
		return error_set(e, EXIT_REFUSED, "%s's setup is already in the "
		    "transcript", m->seat[seat].name);
	if (match_phase(m) == MATCH_SEED)
		return entry_seed_owed(m, e);
	if (match_phase(m) != MATCH_SETUP || !match_setup_due(m, seat))
		return error_set(e, EXIT_REFUSED, "no setup is due from %s now",
		    m->seat[seat].name);
	if (match_next_author(m) != seat)
		return error_set(e, EXIT_REFUSED, "setups go in seat order: "
		    "waiting for %s's setup first",
		    match_author_name(m, match_next_author(m)));
	if ((w = begin(m, seat, "setup", out, e)) == NULL)
		return -1;
	ydoc_key(w, "commit");
	ydoc_seq_begin(w, 0);
	for (i = 0; i < sec->setup.n; i++) {
		if (commit_make(h, m->game_id, m->seat[seat].name,
		    sec->setup.id[i], sec->setup.value[i], sec->nonce[i]) != 0) {
			ydoc_writer_abort(w);
			return error_set(e, EXIT_SYSTEM, "cannot make the "
			    "commitment of %s", sec->setup.id[i]);
		}
		sec_hex(hex, sizeof(hex), h, SEC_HASH);
		ydoc_map_begin(w);
		ydoc_kv(w, "piece", sec->setup.id[i]);
		ydoc_kv(w, "hash", hex);
		ydoc_map_end(w);
	}
	ydoc_seq_end(w);
	ydoc_map_end(w);
	return finish(w, e);
}

/* A copy joined anew follows the game without the setup made elsewhere. */
static int
no_setup(const struct match *m, int seat, struct error *e)
{
	return error_set(e, EXIT_REFUSED, "this game directory does not hold "
	    "%s's setup (it was made in another one): nothing of it can be "
	    "opened here", m->seat[seat].name);
}

int
entry_final(const struct match *m, int seat, const struct match_secret *sec,
    struct buf *out, struct error *e)
{
	struct ydoc_writer *w;
	int i;

	if (match_phase(m) != MATCH_FINAL || match_next_author(m) != seat)
		return error_set(e, EXIT_REFUSED, "no final openings are due "
		    "from %s now", m->seat[seat].name);
	if (sec == NULL)
		return no_setup(m, seat, e);
	if ((w = begin(m, seat, "final", out, e)) == NULL)
		return -1;
	ydoc_key(w, "open");
	ydoc_seq_begin(w, 0);
	for (i = 0; i < sec->setup.n; i++)
		if (!m->seat[seat].opened[i])
			opening_write(w, m, seat, sec->setup.id[i],
			    sec->setup.value[i], sec->nonce[i]);
	ydoc_seq_end(w);
	ydoc_map_end(w);
	return finish(w, e);
}

/* What the entry being built carries besides its action. */
struct turn_draft {
	int	open[GAME_MAX_PIECES];	/* this seat's pieces to open */
	int	nopen;
	char	claim[GAME_NAME];	/* the claim it makes, if any */
	char	value[GAME_TEXT];
};

/* Opens on c what seat owes c's pending action, and makes its claim. */
static int
meet_owed(struct match *c, int seat, const struct match_secret *sec,
    struct turn_draft *d, struct error *e)
{
	const struct game_needs *n = &c->pending_needs;
	struct game_ctx ctx;
	struct match_ctx arg;
	int i, k;

	if (sec == NULL)
		return no_setup(c, seat, e);
	for (i = 0; i < n->n; i++) {
		if (n->p[i].seat != seat)
			continue;
		k = match_piece_index(c, seat, n->p[i].id);
		if (k < 0 || c->seat[seat].opened[k])
			continue;
		d->open[k] = 1;
		d->nopen++;
		c->seat[seat].opened[k] = 1;
		snprintf(c->seat[seat].pieces.value[k], GAME_VALUE, "%s",
		    sec->setup.value[k]);
	}
	if (n->claim_by == seat && !c->claim_made) {
		match_ctx_init(&ctx, &arg, c, seat);
		if (c->rules->derive == NULL ||
		    c->rules->derive(c->state, c->pending_seat,
		    &c->pending_action, n->claim, &ctx, d->value,
		    sizeof(d->value)) != 0)
			return error_set(e, EXIT_SYSTEM, "cannot compute the %s "
			    "owed from %s's secret", n->claim,
			    c->seat[seat].name);
		snprintf(d->claim, sizeof(d->claim), "%s", n->claim);
		snprintf(c->claim_value, sizeof(c->claim_value), "%s",
		    d->value);
		c->claim_made = 1;
		c->claim_author = seat;
	}
	return resolve_pending(c, "your opening", e);
}

int
entry_meet_owed(struct match *c, int seat, const struct match_secret *sec,
    struct error *e)
{
	struct turn_draft d;

	memset(&d, 0, sizeof(d));
	return meet_owed(c, seat, sec, &d, e);
}

static int
over_or_other(const struct match *c, int seat, struct error *e)
{
	if (match_over(c))
		return error_set(e, EXIT_REFUSED, "your opening ends the game; "
		    "run turn without an action");
	if (c->pending || match_next_author(c) != seat)
		return error_set(e, EXIT_REFUSED, "after your opening it is "
		    "%s's turn; run turn without an action",
		    match_author_name(c, match_next_author(c)));
	return 0;
}

/* Checks an action on c with what seat knows; marks its own openings. */
static int
try_action(struct match *c, int seat, const char *text,
    struct game_action *a, struct turn_draft *d, struct error *e)
{
	struct game_needs needs;
	struct game_ctx ctx;
	struct match_ctx arg;
	char clean[512];
	int i, k;

	if (over_or_other(c, seat, e) != 0)
		return -1;
	game_notation_clean(text, clean, sizeof(clean));
	/* squares as a player may type them: C2-E3 */
	for (i = 0; !c->rules->case_sensitive && clean[i] != '\0'; i++)
		clean[i] = (char)tolower((unsigned char)clean[i]);
	if (match_is_common(clean)) {
		game_action_init(a, clean);
		return resolve_common(c, seat, a, "turn", e);
	}
	if (c->draw_offer >= 0)
		return error_set(e, EXIT_REFUSED, "answer the draw offer first: "
		    "accept or decline");
	if (c->rules->parse(c->state, seat, clean, a, e) != 0)
		return -1;
	/* checked with this seat's own secrets, for a clear refusal
	 * before anything is written */
	match_ctx_init(&ctx, &arg, c, seat);
	game_needs_init(&needs);
	if (c->rules->legal(c->state, seat, a, &ctx, &needs, e) != 0)
		return -1;
	for (i = 0; i < needs.n; i++) {
		if (needs.p[i].seat != seat)
			continue;
		k = match_piece_index(c, seat, needs.p[i].id);
		if (k >= 0 && !c->seat[seat].opened[k] && !d->open[k]) {
			d->open[k] = 1;
			d->nopen++;
		}
	}
	if (needs.claim_by == seat) {
		if (c->rules->derive == NULL || c->rules->derive(c->state, seat,
		    a, needs.claim, &ctx, d->value, sizeof(d->value)) != 0)
			return error_set(e, EXIT_SYSTEM, "cannot compute the %s "
			    "the action needs", needs.claim);
		snprintf(d->claim, sizeof(d->claim), "%s", needs.claim);
	}
	return 0;
}

/*
 * A turn's (or a fired reply's) writer, begun: author's entry of kind
 * for seat ("for" when they differ), then the openings of seat's own
 * pieces the draft marked.  NULL on error.
 */
static struct ydoc_writer *
turn_begin(const struct match *m, int author, int seat, const char *kind,
    const struct match_secret *sec, const struct turn_draft *d,
    struct buf *out, struct error *e)
{
	struct ydoc_writer *w;
	int i;

	if (d->nopen > 0 && sec == NULL) {
		no_setup(m, seat, e);
		return NULL;
	}
	if ((w = begin(m, author, kind, out, e)) == NULL)
		return NULL;
	if (author != seat)
		ydoc_kv(w, "for", m->seat[seat].name);
	if (d->nopen == 0)
		return w;
	ydoc_key(w, "open");
	ydoc_seq_begin(w, 0);
	for (i = 0; i < sec->setup.n; i++)
		if (d->open[i])
			opening_write(w, m, seat, sec->setup.id[i],
			    sec->setup.value[i], sec->nonce[i]);
	ydoc_seq_end(w);
	return w;
}

int
entry_turn(const struct match *m, int seat, const struct match_secret *sec,
    const char *text, struct buf *out, struct error *e)
{
	return entry_turn_cond(m, seat, sec, text, NULL, out, e);
}

int
entry_turn_cond(const struct match *m, int seat,
    const struct match_secret *sec, const char *text,
    const struct cond_set *cond, struct buf *out, struct error *e)
{
	struct match *c = NULL;
	struct game_action a;
	struct turn_draft d;
	struct ydoc_writer *w;
	char waits[120];
	int rc = -1, owed, next;

	memset(&d, 0, sizeof(d));
	switch (match_phase(m)) {
	case MATCH_SEED:
		return entry_seed_owed(m, e);
	case MATCH_SETUP:
		return error_set(e, EXIT_REFUSED, "setups are still due (%s's)",
		    match_author_name(m, match_next_author(m)));
	case MATCH_FINAL:
		return error_set(e, EXIT_REFUSED, "the game is over; run turn "
		    "without an action to send your final openings");
	case MATCH_CLOSED:
		return error_set(e, EXIT_REFUSED, "the game is over and closed");
	default:
		break;
	}
	if ((next = match_next_author(m)) != seat)
		return error_set(e, EXIT_REFUSED,
		    "it is %s's turn, not %s's%s%s",
		    match_author_name(m, next), m->seat[seat].name,
		    owed_first(m, waits, sizeof(waits)) == 0 ? ": " : "",
		    waits);
	if ((c = match_clone(m)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	if ((owed = match_owes(c, seat)) && meet_owed(c, seat, sec, &d,
	    e) != 0)
		goto done;
	if (text == NULL && !owed) {
		error_set(e, EXIT_USAGE, "nothing is owed: give an action");
		goto done;
	}
	if (text != NULL && try_action(c, seat, text, &a, &d, e) != 0)
		goto done;
	if ((w = turn_begin(m, seat, seat, "turn", sec, &d, out, e)) == NULL)
		goto done;
	if (d.claim[0] != '\0')
		write_claim(w, d.claim, d.value);
	if (text != NULL)
		write_action(w, &a);
	if (cond != NULL)
		cond_write_commits(w, cond);
	ydoc_map_end(w);
	rc = finish(w, e);
done:
	match_free(c);
	return rc;
}

int
entry_fired(const struct match *m, int seat, const struct match_secret *sec,
    const struct cond_set *s, int line, int step, struct buf *out,
    struct error *e)
{
	struct match *c;
	struct game_action a;
	struct turn_draft d;
	struct ydoc_writer *w;
	int rc = -1;

	memset(&d, 0, sizeof(d));
	if ((c = match_clone(m)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	if (try_action(c, seat, s->line[line].then[step], &a, &d, e) != 0)
		goto done;
	if ((w = turn_begin(m, GAME_JUDGE, seat, "fired", sec, &d, out,
	    e)) == NULL)
		goto done;
	write_action(w, &a);
	cond_write_fired(w, s, line, step);
	ydoc_map_end(w);
	rc = finish(w, e);
done:
	match_free(c);
	return rc;
}

int
entry_judge(const struct match *m, struct match_secret *const secrets[],
    const struct cond_set *sets, size_t nsets, const struct key_secret *k,
    struct buf *out, struct error *e)
{
	const struct game_needs *n = &m->pending_needs;
	struct ydoc_writer *w;
	struct game_ctx ctx;
	struct match_ctx arg;
	char value[GAME_TEXT];
	int i, s, final;

	if (!m->judge_mode || match_next_author(m) != GAME_JUDGE)
		return error_set(e, EXIT_REFUSED, "the judge owes nothing now");
	if (seed_next(m) == GAME_JUDGE)
		return entry_share_of(m, GAME_JUDGE, k, out, e);
	final = match_phase(m) == MATCH_FINAL;
	/* nothing but the time it took the last entry */
	if (m->stamp_due >= 0 && !m->pending && !final)
		return plain(m, GAME_JUDGE, "time", NULL, NULL, NULL, out, e);
	for (s = 0; s < m->nseats; s++)
		if (m->seat[s].has_setup && secrets[s] == NULL)
			return error_set(e, EXIT_SYSTEM, "the judge lacks %s's "
			    "setup", m->seat[s].name);
	value[0] = '\0';
	if (!final && n->claim_by >= 0 && !m->claim_made) {
		match_ctx_init(&ctx, &arg, m, MATCH_KNOWN);
		if (m->rules->derive == NULL || m->rules->derive(m->state,
		    m->pending_seat, &m->pending_action, n->claim, &ctx, value,
		    sizeof(value)) != 0)
			return error_set(e, EXIT_SYSTEM, "the judge cannot "
			    "compute the %s owed", n->claim);
	}
	if ((w = begin(m, GAME_JUDGE, final ? "final" : "turn", out,
	    e)) == NULL)
		return -1;
	ydoc_key(w, "open");
	ydoc_seq_begin(w, 0);
	for (s = 0; s < m->nseats; s++)
		for (i = 0; m->seat[s].has_setup && i < m->seat[s].pieces.n;
		    i++) {
			const char *id = m->seat[s].pieces.id[i];
			int x, want = final;

			if (m->seat[s].opened[i])
				continue;
			for (x = 0; !want && x < n->n; x++)
				want = n->p[x].seat == s &&
				    strcmp(n->p[x].id, id) == 0;
			if (want)
				opening_write(w, m, s, id,
				    secrets[s]->setup.value[i],
				    secrets[s]->nonce[i]);
		}
	ydoc_seq_end(w);
	if (value[0] != '\0')
		write_claim(w, n->claim, value);
	if (final && nsets > 0) {
		ydoc_key(w, "cond");
		ydoc_seq_begin(w, 0);
		for (i = 0; i < (int)nsets; i++)
			cond_write_opened(w, m->seat[m->cond_sent[i].seat].name,
			    &sets[i]);
		ydoc_seq_end(w);
	}
	ydoc_map_end(w);
	return finish(w, e);
}

int
entry_leave(const struct match *m, int seat, int64_t from, int64_t until,
    struct buf *out, struct error *e)
{
	struct ydoc_writer *w;
	char when[WHEN_TEXT];

	if ((w = begin(m, seat, "leave", out, e)) == NULL)
		return -1;
	ydoc_key(w, "leave");
	ydoc_map_begin(w);
	if (from > 0) {
		when_format(from, when, sizeof(when));
		ydoc_kv(w, "from", when);
	}
	when_format(until, when, sizeof(when));
	ydoc_kv(w, "until", when);
	ydoc_map_end(w);
	ydoc_map_end(w);
	return finish(w, e);
}

int
entry_timeout(const struct match *m, int author, int seat, struct buf *out,
    struct error *e)
{
	return plain(m, author, "timeout", "timeout", m->seat[seat].name,
	    NULL, out, e);
}

int
entry_conditions(const struct match *m, int seat, const struct cond_set *cond,
    struct buf *out, struct error *e)
{
	return plain(m, seat, "conditions", NULL, NULL, cond, out, e);
}

int
entry_ruling(const struct match *m, const struct entry_rule *r,
    struct buf *out, struct error *e)
{
	struct ydoc_writer *w;

	if ((w = begin(m, GAME_JUDGE, "ruling", out, e)) == NULL)
		return -1;
	ydoc_key(w, "ruling");
	ydoc_map_begin(w);
	ydoc_kv(w, "what", r->what);
	if (r->seat >= 0)
		ydoc_kv(w, "seat", m->seat[r->seat].name);
	if (r->extra != NULL)
		ydoc_kv(w, "extra", r->extra);
	if (r->result != NULL)
		ydoc_kv(w, "result", r->result);
	ydoc_kv(w, "reason", r->reason);
	ydoc_map_end(w);
	ydoc_map_end(w);
	return finish(w, e);
}

int
entry_seat(const struct match *m, int author, int seat,
    const struct key_public *k, const char *address, const char *reason,
    struct buf *out, struct error *e)
{
	struct ydoc_writer *w;
	char line[KEY_LINE_MAX];

	if (k != NULL && key_public_line(k, line, sizeof(line)) != 0)
		return error_set(e, EXIT_SYSTEM, "a key line too long");
	if ((w = begin(m, author, "seat", out, e)) == NULL)
		return -1;
	ydoc_key(w, "seat");
	ydoc_map_begin(w);
	ydoc_kv(w, "name", m->seat[seat].name);
	if (k != NULL)
		ydoc_kv(w, "key", line);
	if (address != NULL)
		ydoc_kv(w, "address", address);
	if (reason != NULL)
		ydoc_kv(w, "reason", reason);
	ydoc_map_end(w);
	ydoc_map_end(w);
	return finish(w, e);
}

int
entry_secret(const struct match *m, int seat, const struct match_secret *sec,
    struct buf *out, struct error *e)
{
	struct ydoc_writer *w;

	if ((w = ydoc_writer_new(out)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	ydoc_map_begin(w);
	ydoc_kv(w, "game", m->game_hex);
	ydoc_kvf(w, "seq", "%llu", (unsigned long long)m->seq);
	ydoc_kv(w, "kind", "secret");
	ydoc_kv(w, "by", m->seat[seat].name);
	opening_setup_write(w, m, seat, sec);
	ydoc_map_end(w);
	return finish(w, e);
}

int
entry_private(const struct match *m, int seat, const struct buf *sb,
    const struct match_secret *sec, const struct cond_set *cond,
    struct buf *out, struct error *e)
{
	struct ydoc_writer *w;
	char *b64;
	size_t blen = sec_b64_len(sb->len);
	int i;

	if ((b64 = malloc(blen)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	/* a signed entry: public, the table encoder */
	armor_b64_encode(b64, blen, sb->data, sb->len);
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
			opening_write(w, m, seat, sec->setup.id[i],
			    sec->setup.value[i], sec->nonce[i]);
		ydoc_seq_end(w);
	}
	if (cond != NULL)
		cond_write_lines(w, cond);
	ydoc_map_end(w);
	return finish(w, e);
}

int
entry_update(const struct match *m, int seat, const struct buf *entries,
    size_t n, const struct opening *open, size_t nopen,
    const struct match_secret *setup, const struct cond_set *cond,
    const char *note, struct buf *out, struct error *e)
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
		armor_b64_encode(b64, blen, entries[i].data,
		    entries[i].len);
		ydoc_str(w, b64);
		free(b64);
	}
	ydoc_seq_end(w);
	/* openings for this seat alone: what its spies saw */
	ydoc_key(w, "open");
	ydoc_seq_begin(w, 0);
	for (i = 0; i < nopen; i++)
		opening_write(w, m, open[i].seat, open[i].id, open[i].value,
		    open[i].nonce);
	ydoc_seq_end(w);
	/* a new holder's, or a restored copy's, own setup */
	if (setup != NULL) {
		ydoc_key(w, "setup");
		ydoc_seq_begin(w, 0);
		for (i = 0; i < (size_t)setup->setup.n; i++)
			opening_write(w, m, seat, setup->setup.id[i],
			    setup->setup.value[i], setup->nonce[i]);
		ydoc_seq_end(w);
	}
	/* and its pending conditions, as its lost copy kept them */
	if (cond != NULL) {
		ydoc_key(w, "cond");
		cond_record_emit(w, cond);
	}
	if (note != NULL && note[0] != '\0')
		ydoc_kv(w, "note", note);
	ydoc_map_end(w);
	return finish(w, e);
}
