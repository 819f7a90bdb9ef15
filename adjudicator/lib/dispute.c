/*
 * A disputed timeout claim (formats/entry.md, "Time").  In a peer game
 * nobody keeps time but the seats: a seat whose opponent's clock ran out
 * by their signed times may claim the game, and the opponent may have
 * signed its move before that deadline (by its own signed times) and
 * sent it too late to be seen.  The two entries fork the transcript at
 * one seq.  Nothing a seat alone says about time is a ruling, so the
 * program does not pick one: a copy keeps the other entry beside its
 * transcript, the export carries it, and every view and verify says the
 * claim is disputed, with the times on both sides.
 *
 * A fork is judged against what the last entry followed (match->base,
 * kept by timing.c): the clocks then, and the hash of the entry before.
 * When the entry claimed against was sent after its deadline, grace
 * included, by its own times, the claim stands: a copy that holds the
 * claim refuses that entry as late; a copy that holds the entry keeps
 * the claim beside it and says the claim stands.
 */
#include <stdio.h>
#include <string.h>

#include "dispute.h"
#include "match_int.h"
#include "timing.h"
#include "when.h"
#include "ydoc.h"

/* What a fork says. */
struct fork {
	int	 by;
	char	 kind[16];
	int64_t	 time, got;	/* got 0: none */
	int	 against;	/* a timeout claim: whose, else -1 */
	uint8_t	 hash[SEC_HASH];
};

static int
fork_time(const struct ydoc *doc, const char *key, int64_t *t,
    const char *where, struct error *e)
{
	const struct ydoc *n = ydoc_get(doc, key);

	if (n == NULL)
		return 1;
	if (n->type != YDOC_SCALAR || when_parse(n->str, t) != 0)
		return error_set(e, EXIT_MALFORMED, "%s: %s is a time as "
		    "2026-11-26T12:00:00Z", where, key);
	return 0;
}

/* The chain, the author, its key and its times: as check_entry has them
 * for the entry the fork stands beside. */
static int
read_fork(const struct match *m, const struct match_base *b,
    const struct envelope *env, const struct ydoc *doc, struct fork *f,
    const char *where, struct error *e)
{
	const char *g, *by, *kind, *who;
	unsigned long long seq;
	uint8_t prev[SEC_HASH];
	int rc;

	if (ydoc_check_keys(doc, match_entry_keys, match_entry_required,
	    where, e) != 0 || (g = ydoc_scalar(doc, "game", where, e)) == NULL)
		return -1;
	if (strcmp(g, m->game_hex) != 0)
		return error_set(e, EXIT_REFUSED, "%s: belongs to game %.12s, "
		    "not %.12s", where, g, m->game_hex);
	if (ydoc_uint(doc, "seq", UINT32_MAX, &seq, where, e) != 0 ||
	    ydoc_hex(doc, "prev", prev, SEC_HASH, where, e) != 0)
		return -1;
	if (seq != b->seq || memcmp(prev, b->prev, SEC_HASH) != 0)
		return error_set(e, EXIT_REFUSED, "%s: seq %llu differs from "
		    "the entry already applied (a replay or a fork)", where,
		    seq);
	if ((by = ydoc_scalar(doc, "by", where, e)) == NULL ||
	    (kind = ydoc_scalar(doc, "kind", where, e)) == NULL)
		return -1;
	f->by = match_seat_by_name(m, by);
	if (f->by < 0 || f->by >= m->nseats)
		return error_set(e, EXIT_REFUSED, "%s: \"by\" names %.32s, who "
		    "is no seat of this game", where, by);
	if (!key_same(&env->signer, &m->seat[f->by].key))
		return error_set(e, EXIT_REFUSED, "%s: entry by %s is signed by "
		    "another key (%s)", where, by, env->signer.idhex);
	snprintf(f->kind, sizeof(f->kind), "%s", kind);
	if ((rc = fork_time(doc, "time", &f->time, where, e)) != 0)
		return rc < 0 ? -1 : error_set(e, EXIT_MALFORMED, "%s: an "
		    "entry of a game with a clock carries its time", where);
	f->got = 0;
	if (fork_time(doc, "got", &f->got, where, e) < 0)
		return -1;
	if (f->got > f->time)
		return error_set(e, EXIT_MALFORMED, "%s: took the entry it "
		    "answers after it was sent", where);
	f->against = -1;
	if (strcmp(kind, "timeout") == 0) {
		if ((who = ydoc_scalar(doc, "timeout", where, e)) == NULL)
			return -1;
		f->against = match_seat_by_name(m, who);
	}
	memcpy(f->hash, env->hash, SEC_HASH);
	return 0;
}

/* The deadline of the seat whose clock ran before the last entry, as an
 * entry of its sent at t says (got: when it took the one it answers). */
static void
deadline_by(const struct match *m, const struct match_base *b, int64_t t,
    int64_t got, int64_t *deadline, int64_t *hard)
{
	struct clock_state c = b->clk;

	if (got != 0 && got > c.started)
		c.started = got < t ? got : t;
	clock_deadline(&c, &m->clock, c.runs, t, deadline, hard);
}

/* A fork whose times settle it: what the transcript holds stays. */
static int
refuse(const struct match *m, uint64_t seq, int by, const char *what,
    int64_t t, const char *when, int y, int64_t deadline, const char *forks,
    const char *where, struct error *e)
{
	char a[WHEN_TEXT], d[WHEN_TEXT];

	when_format(t, a, sizeof(a));
	when_format(deadline, d, sizeof(d));
	return error_set(e, EXIT_REFUSED, "%s: seq %llu: %s's %s, sent at %s, "
	    "%s %s's deadline %s, forks %s", where, (unsigned long long)seq,
	    m->seat[by].name, what, a, when, m->seat[y].name, d, forks);
}

static int
no_dispute(uint64_t seq, const char *where, struct error *e)
{
	return error_set(e, EXIT_REFUSED, "%s: seq %llu differs from the "
	    "entry already applied (a replay or a fork)", where,
	    (unsigned long long)seq);
}

/* The transcript holds the claim (b); the fork is the entry claimed
 * against. */
static int
fork_of_claim(struct match *m, const struct match_base *b,
    const struct fork *f, const char *where, struct error *e)
{
	struct match_dispute *d = &m->dispute;
	int y = b->claim;
	int64_t dl, hard;

	if (f->by != y || timing_is_kind(f->kind))
		return no_dispute(b->seq, where, e);
	if (f->time < b->clk.last)
		return error_set(e, EXIT_REFUSED, "%s: seq %llu: %s's entry "
		    "says it was sent before the entry it answers", where,
		    (unsigned long long)b->seq, m->seat[y].name);
	deadline_by(m, b, f->time, f->got, &dl, &hard);
	if (f->time > hard)
		return refuse(m, b->seq, y, "entry", f->time, "after", y, hard,
		    "a timeout claim that stands", where, e);
	d->stands = 0;
	d->claimant = b->by;
	d->against = y;
	d->fork_is_claim = 0;
	d->claim_time = b->time;
	d->entry_time = f->time;
	d->deadline = dl;
	d->hard = hard;
	return 0;
}

/* The transcript holds the entry (b); the fork is a claim against it. */
static int
claim_of_entry(struct match *m, const struct match_base *b,
    const struct fork *f, const char *where, struct error *e)
{
	struct match_dispute *d = &m->dispute;
	int y = b->by;
	int64_t dl, hard;

	if (f->against != y || f->by == y)
		return no_dispute(b->seq, where, e);
	/* the claim, by the times it could know: the entry it forks had
	 * not come, so the clock ran from the entry before */
	clock_deadline(&b->clk, &m->clock, y, f->time, &dl, &hard);
	if (f->time <= hard)
		return refuse(m, b->seq, f->by, "timeout claim", f->time,
		    "before", y, hard, "the transcript's entry", where, e);
	deadline_by(m, b, b->time, b->got, &dl, &hard);
	d->stands = b->time > hard;
	d->claimant = f->by;
	d->against = y;
	d->fork_is_claim = 1;
	d->claim_time = f->time;
	d->entry_time = b->time;
	d->deadline = dl;
	d->hard = hard;
	return 0;
}

/* Which entry the fork stands beside: the last timeout claim, or the
 * last entry when it is an action of the seat whose clock ran. */
static const struct match_base *
forked(const struct match *m, const struct ydoc *doc)
{
	unsigned long long seq;
	struct error ign;

	if (ydoc_uint(doc, "seq", UINT32_MAX, &seq, "", &ign) != 0)
		return NULL;
	if (m->claim_base.seq != 0 && seq == m->claim_base.seq)
		return &m->claim_base;
	if (seq == m->seq && m->base.seq == seq && m->base.action &&
	    m->base.claim < 0)
		return &m->base;
	return NULL;
}

int
dispute_take(struct match *m, const uint8_t *blob, size_t len, int check_sig,
    const char *where, struct error *e)
{
	const struct match_base *b;
	struct envelope env;
	struct ydoc *doc;
	struct fork f;
	struct match_peek pk;
	int rc;

	if ((check_sig ? envelope_verify(blob, len, &env, where, e) :
	    envelope_parse(blob, len, &env, where, e)) != 0 ||
	    match_peek(&env, &pk, where, e) != 0)
		return -1;
	if (m->dispute.on && memcmp(env.hash, m->dispute.fork, SEC_HASH) == 0)
		return 1;
	if (!m->clock.on || m->judge_mode || m->dispute.on || pk.header)
		return no_dispute(pk.seq, where, e);
	if ((doc = ydoc_parse(env.body, env.body_len, where, e)) == NULL)
		return -1;
	if ((b = forked(m, doc)) == NULL) {
		ydoc_free(doc);
		return no_dispute(pk.seq, where, e);
	}
	rc = read_fork(m, b, &env, doc, &f, where, e);
	ydoc_free(doc);
	if (rc != 0)
		return -1;
	rc = b->claim >= 0 ? fork_of_claim(m, b, &f, where, e) :
	    claim_of_entry(m, b, &f, where, e);
	if (rc != 0)
		return -1;
	m->dispute.on = 1;
	m->dispute.seq = b->seq;
	memcpy(m->dispute.fork, f.hash, SEC_HASH);
	return 0;
}

int
dispute_follows(const struct match *m, const struct envelope *env)
{
	struct ydoc *doc;
	struct error ign;
	uint8_t prev[SEC_HASH];
	int rc;

	if (!m->dispute.on ||
	    (doc = ydoc_parse(env->body, env->body_len, "", &ign)) == NULL)
		return 0;
	rc = ydoc_hex(doc, "prev", prev, SEC_HASH, "", &ign) == 0 &&
	    memcmp(prev, m->dispute.fork, SEC_HASH) == 0;
	ydoc_free(doc);
	return rc;
}

void
dispute_text(const struct match *m, struct buf *out)
{
	const struct match_dispute *d = &m->dispute;
	char c[WHEN_TEXT], t[WHEN_TEXT], dl[WHEN_TEXT], h[WHEN_TEXT];
	const char *x, *y;

	if (!d->on)
		return;
	x = m->seat[d->claimant].name;
	y = m->seat[d->against].name;
	when_format(d->claim_time, c, sizeof(c));
	when_format(d->entry_time, t, sizeof(t));
	when_format(d->deadline, dl, sizeof(dl));
	when_format(d->hard, h, sizeof(h));
	if (d->stands) {
		buf_printf(out, "the claim stands: %s's timeout claim (entry "
		    "%llu, sent %s) stands by the signed times: %s's entry %llu was sent at "
		    "%s, after %s's deadline %s%s%s", x,
		    (unsigned long long)d->seq, c, y,
		    (unsigned long long)d->seq, t, y, dl,
		    d->hard != d->deadline ? ", grace until " : "",
		    d->hard != d->deadline ? h : "");
		return;
	}
	buf_printf(out, "disputed: %s claims %s ran out of time (entry %llu, "
	    "sent %s), but %s's entry %llu, sent %s, is within %s's deadline "
	    "%s%s%s by %s's own signed times; the times do not settle it",
	    x, y, (unsigned long long)d->seq, c, y,
	    (unsigned long long)d->seq, t, y, dl,
	    d->hard != d->deadline ? ", grace until " : "",
	    d->hard != d->deadline ? h : "", y);
}
