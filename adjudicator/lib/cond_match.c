/*
 * Conditional moves as every copy of the game checks them
 * (formats/conditions.md): a seat's turn that commits to lines, and the
 * judge's entry that fires one step of a line for the seat (kind fired),
 * which every receiver and verify check against the commitment the seat
 * signed and against the opponent's action it answers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cond.h"
#include "cond_match.h"
#include "entry.h"
#include "match_int.h"
#include "ydoc.h"

static int	keep_wait(struct match *, int seat, struct error *);
static int	check_wait(struct match *, const struct cond_wait *,
		    const struct cond_set *, const char *where,
		    struct error *);

/* The seat's entry about to be applied commits to s: kept for the end. */
static int
keep_sent(struct match *m, int seat, const struct cond_set *s,
    struct error *e)
{
	struct cond_sent *n;

	n = reallocarray(m->cond_sent, m->ncond_sent + 1, sizeof(*n));
	if (n == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	m->cond_sent = n;
	n += m->ncond_sent++;
	memset(n, 0, sizeof(*n));
	n->seat = seat;
	n->seq = m->seq + 1;
	memcpy(n->commit, s->commit, sizeof(n->commit));
	return 0;
}

/* Seat's entry about to be applied commits to s, its pending set from
 * now: fired by the action after nact, the seat's own action or not. */
static int
pending(struct match *m, int seat, const struct cond_set *s, uint32_t nact,
    struct error *e)
{
	struct match_seat *ms = &m->seat[seat];

	if (keep_sent(m, seat, s, e) != 0)
		return -1;
	ms->cond_seq = m->seq + 1;
	memcpy(ms->cond_commit, s->commit, sizeof(ms->cond_commit));
	ms->cond_fired = 0;
	ms->cond_path[0] = '\0';
	ms->cond_nact = nact;
	return 0;
}

int
cond_entry(struct match *m, int seat, const struct ydoc *doc,
    const char *where, struct error *e)
{
	struct match_seat *ms;
	struct cond_set s;
	int has;

	if (seat < 0 || seat >= m->nseats)
		return ydoc_get(doc, "cond") == NULL ? 0 : error_set(e,
		    EXIT_MALFORMED, "%s: conditions (cond) come only with a "
		    "seat's action", where);
	ms = &m->seat[seat];
	if (ydoc_get(doc, "action") == NULL) {
		if (ydoc_get(doc, "cond") != NULL)
			return error_set(e, EXIT_MALFORMED, "%s: conditions "
			    "(cond) come only with an action", where);
		return 0;
	}
	/* the seat moved itself: what it sent before is spent (kept, when
	 * it could have fired, for the check at the end) */
	if (cond_live(m, seat) && keep_wait(m, seat, e) != 0)
		return -1;
	ms->cond_seq = 0;
	if (ydoc_get(doc, "cond") == NULL)
		return 0;
	if (!m->judge_mode)
		return error_set(e, EXIT_MALFORMED, "%s: conditions (cond) in "
		    "a game without a judge", where);
	/* its own action is the next: the opponent's answers it */
	if (cond_read_commits(doc, &s, &has, where, e) != 0 ||
	    pending(m, seat, &s, m->nactions + 1, e) != 0)
		return -1;
	return 0;
}

int
cond_is_kind(const char *kind)
{
	return strcmp(kind, "conditions") == 0;
}

int
cond_key_kind(const char *kind)
{
	return strcmp(kind, "turn") == 0 || strcmp(kind, "fired") == 0 ||
	    strcmp(kind, "final") == 0 || cond_is_kind(kind);
}

/* A seat's, in play unless the judge owes an entry first (its stamp, an
 * opening): the seat's turn or the game's end refused by cond_change. */
int
cond_off_turn(const struct match *m, int author, const char *kind)
{
	return cond_is_kind(kind) && author >= 0 && author < m->nseats &&
	    (match_phase(m) != MATCH_PLAY || match_next_author(m) !=
	    GAME_JUDGE);
}

/*
 * A judged seat's conditions changed while another seat is to move: the
 * new set replaces the pending one (which fires only on the seat's turn,
 * so nothing of it can be live now), none clears it.  The action it
 * answers is the next one, which is not the seat's.  It moves no clock
 * and no turn.
 */
int
cond_change(struct match *m, int seat, const struct ydoc *doc,
    const char *where, struct error *e)
{
	static const char *const gone[] = { "action", "open", "commit",
	    "claim", "leave", "timeout", "ruling", "seat", "share", NULL };
	struct match_seat *ms;
	struct cond_set s;
	int i, has;

	for (i = 0; gone[i] != NULL; i++)
		if (ydoc_get(doc, gone[i]) != NULL)
			return error_set(e, EXIT_MALFORMED, "%s: a conditions "
			    "entry carries \"%s\"", where, gone[i]);
	if (seat < 0 || seat >= m->nseats)
		return error_set(e, EXIT_REFUSED, "%s: conditions are a "
		    "seat's", where);
	ms = &m->seat[seat];
	if (!m->judge_mode)
		return error_set(e, EXIT_MALFORMED, "%s: conditions in a game "
		    "without a judge", where);
	if (match_phase(m) != MATCH_PLAY)
		return error_set(e, EXIT_REFUSED, "%s: %s's conditions %s",
		    where, ms->name, match_over(m) ? "after the game is over" :
		    "before the play begins");
	if (match_next_author(m) == seat || m->rules->to_move(m->state) ==
	    seat)
		return error_set(e, EXIT_REFUSED, "%s: %s's conditions off "
		    "turn, on %s's turn: they go with the move", where,
		    ms->name, ms->name);
	if (cond_read_commits(doc, &s, &has, where, e) != 0 ||
	    (has && pending(m, seat, &s, m->nactions, e) != 0))
		return -1;
	if (!has)
		ms->cond_seq = 0;
	match_say(m, has ? "%s sends new conditions, sealed to the judge" :
	    "%s clears every pending condition", ms->name);
	return 0;
}

/* The text of steps 1 to n of l, as committed. */
static void
prefix(const struct cond_line *l, int n, char *out, size_t len)
{
	struct cond_line p = *l;

	p.n = n;
	cond_line_text(&p, out, len);
}

/* Whether when (one action, cleaned) names the action written as text
 * that seat by made: when as the game writes it, when it parses for that
 * seat in the position now; else when exactly as the game wrote it. */
static int
names(const struct match *m, int by, const char *when, const char *text)
{
	struct game_action a;
	struct error ign;
	char f[GAME_TEXT];

	if (by < 0 || by >= m->nseats)
		return 0;
	if (m->rules->parse(m->state, by, when, &a, &ign) == 0) {
		m->rules->format(m->state, &a, f, sizeof(f));
		return strcmp(f, text) == 0;
	}
	return strcmp(when, text) == 0;
}

/* The ring's slot of the k-th action (from 0) since seat's own. */
static int
since_slot(const struct match *m, int seat, uint32_t k)
{
	return (int)((m->seat[seat].cond_nact + k) % MATCH_RECENT);
}

/* How many actions the other seats made since seat's own (its entry
 * with the lines, or its step fired last): 0 when none, or more than
 * the ring keeps. */
static uint32_t
since(const struct match *m, int seat)
{
	const struct match_seat *ms = &m->seat[seat];
	uint32_t n;

	/* (none is the seat's own: its action, or a step fired for it,
	 * sets cond_nact anew) */
	if (ms->cond_seq == 0 || m->nactions <= ms->cond_nact)
		return 0;
	n = m->nactions - ms->cond_nact;
	return n < MATCH_RECENT ? n : 0;
}

int
cond_matches(const struct match *m, int seat, const char *when)
{
	char part[COND_ACTION];
	uint32_t k, n = since(m, seat);
	int slot;

	if (n == 0 || cond_parts(when) != (int)n)
		return 0;
	for (k = 0; k < n; k++) {
		cond_part(when, (int)k, part, sizeof(part));
		slot = since_slot(m, seat, k);
		if (!names(m, m->recent_by[slot], part, m->recent[slot]))
			return 0;
	}
	return 1;
}

void
cond_answered(const struct match *m, int seat, int by, char *out,
    size_t len)
{
	uint32_t k, n = since(m, seat);
	size_t at = 0;
	int slot, w;

	out[0] = '\0';
	for (k = 0; k < n && at < len; k++, at += (size_t)w) {
		slot = since_slot(m, seat, k);
		if (by)
			w = snprintf(out + at, len - at, "%s%s's %s", k == 0 ?
			    "" : k + 1 == n ? " and " : ", ",
			    match_author_name(m, m->recent_by[slot]),
			    m->recent[slot]);
		else
			w = snprintf(out + at, len - at, "%s%s", k ? " / " :
			    "", m->recent[slot]);
		if (w < 0)
			return;
	}
}

int
cond_live(const struct match *m, int seat)
{
	return m->judge_mode && m->seat[seat].cond_seq != 0 &&
	    match_phase(m) == MATCH_PLAY && !m->pending &&
	    m->draw_offer < 0 && m->rules->to_move(m->state) == seat &&
	    since(m, seat) > 0;
}

int
cond_first_match(const struct match *m, int seat, const struct cond_set *s,
    int *live)
{
	const struct match_seat *ms = &m->seat[seat];
	struct cond_line l;
	char text[COND_TEXT];
	int i, step = ms->cond_fired;

	*live = 0;
	for (i = 0; i < s->n; i++) {
		if (s->line[i].n <= step)
			continue;
		l = s->line[i];
		l.n = step;
		cond_line_text(&l, text, sizeof(text));
		if (strcmp(text, ms->cond_path) != 0)
			continue;
		*live = 1;
		if (cond_matches(m, seat, s->line[i].when[step]))
			return i;
	}
	return -1;
}

/* The fired step's opening: cond map entry, line, step, steps, nonce;
 * checked against the seat's commitment and the steps before it. */
static int
read_fired(const struct match *m, int seat, const struct ydoc *c,
    struct cond_line *l, int *step, const char *where, struct error *e)
{
	static const char *const keys[] = { "entry", "line", "step", "steps",
	    "nonce", NULL };
	const struct match_seat *ms = &m->seat[seat];
	unsigned long long seq, line, st;
	const char *steps;
	char id[48], text[COND_TEXT];

	if (ydoc_expect(c, YDOC_MAP, "cond", where, e) != 0 ||
	    ydoc_check_keys(c, keys, keys, where, e) != 0 ||
	    ydoc_uint(c, "entry", UINT32_MAX, &seq, where, e) != 0 ||
	    ydoc_uint(c, "line", COND_LINES, &line, where, e) != 0 ||
	    ydoc_uint(c, "step", COND_STEPS, &st, where, e) != 0 ||
	    (steps = ydoc_scalar(c, "steps", where, e)) == NULL)
		return -1;
	if (line < 1 || st < 1)
		return error_set(e, EXIT_MALFORMED, "%s: cond: line and step "
		    "count from 1", where);
	if (ms->cond_seq == 0 || seq != ms->cond_seq)
		return error_set(e, EXIT_REFUSED, "%s: the judge fires a "
		    "condition of %s's entry %llu, which holds none live",
		    where, ms->name, seq);
	if (cond_parse(steps, l, e) != 0) {
		e->status = EXIT_MALFORMED;
		return error_prefix(e, "%s", where);
	}
	if (ydoc_hex_public(c, "nonce", l->nonce, COMMIT_NONCE, where, e) != 0)
		return -1;
	cond_line_text(l, text, sizeof(text));
	snprintf(id, sizeof(id), "cond %llu.%llu", seq, line);
	if (strcmp(text, steps) != 0 || commit_check(ms->cond_commit[line -
	    1], m->game_id, ms->name, id, text, l->nonce) != 0)
		return error_set(e, EXIT_REFUSED, "%s: the judge fires line "
		    "%llu of %s's conditions, which does not open %s's "
		    "commitment in entry %llu: a line %s never sent", where,
		    line, ms->name, ms->name, seq, ms->name);
	if ((int)st != ms->cond_fired + 1 || (int)st > l->n)
		return error_set(e, EXIT_REFUSED, "%s: the judge fires step "
		    "%llu of %s's line %llu, but step %d is next", where, st,
		    ms->name, line, ms->cond_fired + 1);
	prefix(l, (int)st - 1, text, sizeof(text));
	if (strcmp(text, ms->cond_path) != 0)
		return error_set(e, EXIT_REFUSED, "%s: the judge fires %s's "
		    "line %llu, whose steps before differ from those fired",
		    where, ms->name, line);
	*step = (int)st;
	return 0;
}

int
cond_fired(struct match *m, int author, const struct ydoc *doc,
    const char *where, int *bad_seat, struct error *e)
{
	struct game_action a, want;
	struct match_seat *ms;
	struct cond_line l;
	const char *name;
	char f1[GAME_TEXT], f2[GAME_TEXT], ans[COND_ANSWERED];
	int seat, step = 0;

	if (author != GAME_JUDGE || !m->judge_mode)
		return error_set(e, EXIT_REFUSED, "%s: only the judge fires "
		    "conditions", where);
	if ((name = ydoc_scalar(doc, "for", where, e)) == NULL)
		return -1;
	if ((seat = match_seat_by_name(m, name)) < 0 || seat >= m->nseats)
		return error_set(e, EXIT_REFUSED, "%s: fired for %.32s, who "
		    "holds no seat", where, name);
	ms = &m->seat[seat];
	if (!cond_live(m, seat))
		return error_set(e, EXIT_REFUSED, "%s: the judge fires a "
		    "condition for %s, who has none that may fire now", where,
		    ms->name);
	if (read_fired(m, seat, ydoc_get(doc, "cond"), &l, &step, where,
	    e) != 0)
		return -1;
	if (!cond_matches(m, seat, l.when[step - 1])) {
		cond_answered(m, seat, 0, ans, sizeof(ans));
		return error_set(e, EXIT_REFUSED, "%s: the judge fires %s's "
		    "reply to \"%s\", but the move it answers is %s", where,
		    ms->name, l.when[step - 1], ans[0] ? ans : "none");
	}
	if (entry_action_read(ydoc_get(doc, "action"), &a, where, e) != 0)
		return -1;
	if (m->rules->parse(m->state, seat, l.then[step - 1], &want, e) != 0)
		return error_prefix(e, "%s: %s's reply", where, ms->name);
	m->rules->format(m->state, &a, f1, sizeof(f1));
	m->rules->format(m->state, &want, f2, sizeof(f2));
	if (strcmp(f1, f2) != 0)
		return error_set(e, EXIT_REFUSED, "%s: the judge plays %s for "
		    "%s, whose condition says %s", where, f1, ms->name, f2);
	if (resolve_action(m, seat, &a, ydoc_get(doc, "open"), NULL, where,
	    bad_seat, e) != 0)
		return -1;
	ms->cond_fired = step;
	prefix(&l, step, ms->cond_path, sizeof(ms->cond_path));
	/* the lines that share these steps stay live for the next */
	ms->cond_nact = m->nactions;
	return 0;
}

int
cond_unopened(const struct match *m)
{
	size_t i;

	for (i = 0; i < m->ncond_sent; i++)
		if (!m->cond_sent[i].opened)
			return 1;
	return 0;
}

/* One item of a final entry's cond: for, entry, cond (every slot). */
static int
open_sent(struct match *m, const struct ydoc *item, struct cond_set *s,
    const char *where, struct error *e)
{
	static const char *const keys[] = { "for", "entry", "cond", NULL };
	struct cond_sent *c = NULL;
	unsigned long long seq;
	const char *name;
	size_t i;
	int seat;

	if (ydoc_check_keys(item, keys, keys, where, e) != 0 ||
	    (name = ydoc_scalar(item, "for", where, e)) == NULL ||
	    ydoc_uint(item, "entry", UINT32_MAX, &seq, where, e) != 0)
		return -1;
	seat = match_seat_by_name(m, name);
	for (i = 0; seat >= 0 && i < m->ncond_sent; i++)
		if (m->cond_sent[i].seat == seat && m->cond_sent[i].seq == seq)
			c = &m->cond_sent[i];
	if (c == NULL || c->opened)
		return error_set(e, EXIT_REFUSED, "%s: the final entry opens "
		    "conditions of %.32s's entry %llu, %s", where, name, seq,
		    c == NULL ? "which committed to none" : "twice");
	memset(s, 0, sizeof(*s));
	s->seq = seq;
	memcpy(s->commit, c->commit, sizeof(s->commit));
	if (cond_read_lines(ydoc_get(item, "cond"), s, m->game_id,
	    m->seat[seat].name, where, e) != 0)
		return -1;
	c->opened = 1;
	for (i = 0; i < m->ncond_waits; i++)
		if (m->cond_waits[i].seat == seat &&
		    m->cond_waits[i].cond_seq == seq &&
		    check_wait(m, &m->cond_waits[i], s, where, e) != 0)
			return -1;
	return 0;
}

int
cond_final(struct match *m, int author, const struct ydoc *doc,
    const char *where, struct error *e)
{
	const struct ydoc *list = ydoc_get(doc, "cond");
	struct cond_set s;
	size_t i;
	int rc = 0;

	if (author != GAME_JUDGE || !m->judge_mode)
		return list == NULL ? 0 : error_set(e, EXIT_MALFORMED, "%s: "
		    "only the judge's final entry opens conditions", where);
	if (list != NULL && ydoc_expect(list, YDOC_SEQ, "cond", where, e) != 0)
		return -1;
	for (i = 0; rc == 0 && list != NULL && i < list->nkids; i++)
		rc = open_sent(m, list->kids[i], &s, where, e);
	sec_wipe(&s, sizeof(s));
	if (rc != 0)
		return -1;
	for (i = 0; i < m->ncond_sent; i++)
		if (!m->cond_sent[i].opened)
			return error_set(e, EXIT_REFUSED, "%s: the final entry "
			    "leaves %s's conditions of entry %llu unopened",
			    where, m->seat[m->cond_sent[i].seat].name,
			    (unsigned long long)m->cond_sent[i].seq);
	return 0;
}

int
cond_match_copy(struct match *c, const struct match *m)
{
	size_t i;

	c->cond_sent = NULL;
	c->cond_waits = NULL;
	c->ncond_waits = 0;
	if (m->ncond_sent > 0 && (c->cond_sent = calloc(m->ncond_sent,
	    sizeof(*c->cond_sent))) == NULL) {
		c->ncond_sent = 0;
		return -1;
	}
	if (m->ncond_sent > 0)
		memcpy(c->cond_sent, m->cond_sent, m->ncond_sent *
		    sizeof(*c->cond_sent));
	if (m->ncond_waits > 0 && (c->cond_waits = calloc(m->ncond_waits,
	    sizeof(*c->cond_waits))) == NULL)
		return -1;
	for (i = 0; i < m->ncond_waits; i++) {
		c->cond_waits[i] = m->cond_waits[i];
		if ((c->cond_waits[i].state = match_state_dup(m,
		    m->cond_waits[i].state)) == NULL)
			return -1;
		c->ncond_waits = i + 1;
	}
	return 0;
}

void
cond_match_free(struct match *m)
{
	size_t i;

	for (i = 0; i < m->ncond_waits; i++)
		free(m->cond_waits[i].state);
	free(m->cond_waits);
	free(m->cond_sent);
}

/* Seat moves by hand while its conditions could fire: the position kept
 * for the check at the end (did no line of its answer, legally?). */
static int
keep_wait(struct match *m, int seat, struct error *e)
{
	const struct match_seat *ms = &m->seat[seat];
	struct cond_wait *w;

	w = reallocarray(m->cond_waits, m->ncond_waits + 1, sizeof(*w));
	if (w == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	m->cond_waits = w;
	w += m->ncond_waits;
	memset(w, 0, sizeof(*w));
	if ((w->state = match_state_dup(m, m->state)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	m->ncond_waits++;
	w->seat = seat;
	w->cond_seq = ms->cond_seq;
	w->seq = m->seq + 1;
	w->fired = ms->cond_fired;
	memcpy(w->path, ms->cond_path, sizeof(w->path));
	w->opp = m->last_action_by;
	w->nactions = m->nactions;
	memcpy(w->last_action, m->last_action, sizeof(w->last_action));
	w->nact = ms->cond_nact;
	memcpy(w->recent, m->recent, sizeof(w->recent));
	memcpy(w->recent_by, m->recent_by, sizeof(w->recent_by));
	return 0;
}

/* Whether wait w, the lines s open, shows a reply the judge withheld:
 * a line answered, and its reply was legal with everything now open. */
static int
check_wait(struct match *m, const struct cond_wait *w,
    const struct cond_set *s, const char *where, struct error *e)
{
	struct match *t;
	struct game_action a;
	struct game_needs n;
	struct game_ctx c;
	struct match_ctx arg;
	struct error ign;
	char ans[COND_ANSWERED];
	int i, live, legal = 0;

	if ((t = malloc(sizeof(*t))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	memcpy(t, m, sizeof(*t));
	t->state = w->state;
	t->last_action_by = w->opp;
	t->nactions = w->nactions;
	memcpy(t->last_action, w->last_action, sizeof(t->last_action));
	t->seat[w->seat].cond_fired = w->fired;
	t->seat[w->seat].cond_seq = w->cond_seq;
	t->seat[w->seat].cond_nact = w->nact;
	memcpy(t->seat[w->seat].cond_path, w->path, sizeof(w->path));
	memcpy(t->recent, w->recent, sizeof(t->recent));
	memcpy(t->recent_by, w->recent_by, sizeof(t->recent_by));
	i = cond_first_match(t, w->seat, s, &live);
	cond_answered(t, w->seat, 1, ans, sizeof(ans));
	free(t);
	if (i < 0 || m->rules->parse(w->state, w->seat,
	    s->line[i].then[w->fired], &a, &ign) != 0)
		return 0;
	match_ctx_init(&c, &arg, m, MATCH_PUBLIC);
	game_needs_init(&n);
	legal = m->rules->legal(w->state, w->seat, &a, &c, &n, &ign) == 0 &&
	    arg.misses == 0;
	if (!legal)
		return 0;
	return error_set(e, EXIT_REFUSED, "%s: the judge withheld %s's "
	    "condition line %d step %d, which answered %s before entry "
	    "%llu", where, m->seat[w->seat].name, i + 1, w->fired + 1, ans,
	    (unsigned long long)w->seq);
}
