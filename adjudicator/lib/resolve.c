/*
 * Resolving what a turn entry says: an action, the openings and claims a
 * pending action waits for, an action's stages, resign and draw offers;
 * and, after every entry, what waits for hidden values: the audit of a
 * setup once wholly open, the checks of legality and claims once their
 * secrets are open, and spy sight.  See match.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "entry.h"
#include "match_int.h"
#include "opening.h"
#include "ydoc.h"

#define MAX_STAGES	64

void
resolve_check_free(struct match_check *k)
{
	free(k->state);
	k->state = NULL;
}

static int
add_check(struct match *m, enum match_check_kind kind, int actor, int author,
    const struct game_action *a, const char *claim, const char *value,
    struct error *e)
{
	struct match_check *n, *k;

	n = realloc(m->checks, (m->nchecks + 1) * sizeof(*n));
	if (n == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	m->checks = n;
	k = &n[m->nchecks];
	memset(k, 0, sizeof(*k));
	k->kind = kind;
	k->seq = m->seq + 1;
	k->actor = actor;
	k->author = author;
	k->action = *a;
	snprintf(k->claim, sizeof(k->claim), "%s", claim);
	snprintf(k->value, sizeof(k->value), "%s", value);
	if ((k->state = match_state_dup(m, m->state)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	m->nchecks++;
	return 0;
}

int
match_is_common(const char *type)
{
	return strcmp(type, "resign") == 0 || strcmp(type, "draw") == 0 ||
	    strcmp(type, "accept") == 0 || strcmp(type, "decline") == 0;
}

static int
needed(const struct game_needs *n, int seat, const char *id)
{
	int k;

	for (k = 0; n != NULL && k < n->n; k++)
		if (n->p[k].seat == seat && strcmp(n->p[k].id, id) == 0)
			return 1;
	return 0;
}

/*
 * Applies the openings of an entry.  Each must match its commitment; one
 * that does not is refused here (exit 1), and *bad_seat names its author:
 * whoever signed a false opening answers for it, the owner or the judge.
 */
int
resolve_openings(struct match *m, const struct ydoc *list, int author,
    int allow_all, const struct game_needs *own, const char *where,
    int *bad_seat, struct error *e)
{
	struct opening o;
	struct match_seat *s;
	size_t i;

	if (list == NULL)
		return 0;
	if (ydoc_expect(list, YDOC_SEQ, "open", where, e) != 0)
		return -1;
	for (i = 0; i < list->nkids; i++) {
		if (opening_read(m, list->kids[i], &o, where, e) != 0)
			return -1;
		s = &m->seat[o.seat];
		if (o.seat != author && author != GAME_JUDGE)
			return error_set(e, EXIT_REFUSED, "%s: %s opens %s's "
			    "piece %s; only its owner can", where,
			    m->seat[author].name, s->name, o.id);
		if (s->opened[o.idx])
			return error_set(e, EXIT_REFUSED, "%s: %s's piece %s is "
			    "opened twice", where, s->name, o.id);
		if (!allow_all && !(m->pending &&
		    needed(&m->pending_needs, o.seat, o.id)) &&
		    !needed(own, o.seat, o.id))
			return error_set(e, EXIT_REFUSED, "%s: %s opens piece %s, "
			    "which nothing requires", where, s->name, o.id);
		if (opening_check(m, &o, e) != 0) {
			*bad_seat = author;
			return error_set(e, EXIT_REFUSED, "%s: %s's opening of "
			    "%s's piece %s does not match its commitment", where,
			    match_author_name(m, author), s->name, o.id);
		}
		snprintf(s->pieces.value[o.idx], GAME_VALUE, "%s", o.value);
		s->opened[o.idx] = 1;
		s->opened_seq[o.idx] = (uint32_t)m->seq + 1;
	}
	return 0;
}

/* A claim is a map of one name to its value: {score: "7"}. */
static int
take_claim(struct match *m, int author, const struct ydoc *n,
    const char *where, struct error *e)
{
	const struct game_needs *need = &m->pending_needs;
	int owed_by = m->judge_mode ? GAME_JUDGE : need->claim_by;

	if (ydoc_expect(n, YDOC_MAP, "claim", where, e) != 0)
		return -1;
	if (!m->pending || need->claim_by < 0 || m->claim_made ||
	    author != owed_by)
		return error_set(e, EXIT_REFUSED, "%s: %s makes a claim that "
		    "nothing asks of it", where, match_author_name(m, author));
	if (n->nkids != 1 || strcmp(n->kids[0]->key, need->claim) != 0 ||
	    n->kids[0]->type != YDOC_SCALAR)
		return error_set(e, EXIT_MALFORMED, "%s:%u: the claim owed is "
		    "\"%s\", alone", where, n->line, need->claim);
	if (n->kids[0]->len >= sizeof(m->claim_value))
		return error_set(e, EXIT_MALFORMED, "%s:%u: claim too long",
		    where, n->line);
	snprintf(m->claim_value, sizeof(m->claim_value), "%s",
	    n->kids[0]->str);
	m->claim_made = 1;
	m->claim_author = author;
	return 0;
}

int
resolve_pending(struct match *m, const char *where, struct error *e)
{
	struct game_needs more;
	struct game_ctx c;
	struct match_ctx a;
	char what[MATCH_WHAT];
	int rc, stage;

	for (stage = 0; m->pending && match_first_owing(m) < 0; stage++) {
		if (stage == MAX_STAGES)
			return error_set(e, EXIT_SYSTEM, "%s: %s resolves an "
			    "action in more than %d stages", where,
			    m->rules->name, MAX_STAGES);
		if (m->claim_made && add_check(m, CHECK_CLAIM, m->pending_seat,
		    m->claim_author, &m->pending_action,
		    m->pending_needs.claim, m->claim_value, e) != 0)
			return -1;
		match_ctx_init(&c, &a, m, MATCH_PUBLIC);
		game_needs_init(&more);
		what[0] = '\0';
		rc = m->rules->apply(m->state, m->pending_seat,
		    &m->pending_action, &c, &more, what, sizeof(what), e);
		m->applied_rules = 1;
		if (rc < 0)
			return error_prefix(e, "%s", where);
		if (what[0] != '\0')
			match_say(m, "%s", what);
		m->claim_made = 0;
		m->claim_value[0] = '\0';
		if (rc == GAME_MORE)
			m->pending_needs = more;
		else
			m->pending = 0;
	}
	return 0;
}

static void
say_waiting(struct match *m, int seat, const struct game_action *a)
{
	char text[GAME_TEXT];
	int who = match_first_owing(m);

	m->rules->format(m->state, a, text, sizeof(text));
	if (who >= 0 && who == m->pending_needs.claim_by &&
	    match_first_owing(m) == who && m->pending_needs.claim[0] != '\0' &&
	    !m->claim_made) {
		int i, k, pieces = 0;

		for (i = 0; i < m->pending_needs.n; i++) {
			k = match_piece_index(m, m->pending_needs.p[i].seat,
			    m->pending_needs.p[i].id);
			pieces |= k >= 0 &&
			    !m->seat[m->pending_needs.p[i].seat].opened[k];
		}
		if (!pieces) {
			match_say(m, "%s plays %s; waiting for %s's %s",
			    m->seat[seat].name, text, m->judge_mode ? "the judge" :
			    match_author_name(m, who), m->pending_needs.claim);
			return;
		}
	}
	match_say(m, "%s plays %s; waiting for the openings it needs",
	    m->seat[seat].name, text);
}

/* The judge knows every setup: it refuses what only that shows illegal. */
static int
judge_legal(const struct match *m, int seat, const struct game_action *a,
    const char *where, struct error *e)
{
	struct game_needs n;
	struct game_ctx c;
	struct match_ctx arg;
	int s;

	if (m->me != GAME_JUDGE)
		return 0;
	for (s = 0; s < m->nseats; s++)
		if (m->seat[s].has_setup && m->local[s] == NULL)
			return 0;
	match_ctx_init(&c, &arg, m, MATCH_KNOWN);
	game_needs_init(&n);
	if (m->rules->legal(m->state, seat, a, &c, &n, e) != 0) {
		/* why may name what only the judge sees: the seat's to hear */
		e->secret = strlen(e->msg);
		return error_prefix(e, "%s", where);
	}
	return 0;
}

int
resolve_action(struct match *m, int seat, const struct game_action *a,
    const struct ydoc *openings, const struct ydoc *claim, const char *where,
    int *bad_seat, struct error *e)
{
	struct game_needs needs;
	struct game_ctx c;
	struct match_ctx arg;
	int i, k;

	if (match_is_common(a->type)) {
		if (openings != NULL || claim != NULL)
			return error_set(e, EXIT_REFUSED, "%s: %s carries no "
			    "openings", where, a->type);
		return resolve_common(m, seat, a, where, e);
	}
	if (m->draw_offer >= 0)
		return error_set(e, EXIT_REFUSED, "%s: answer the draw offer "
		    "first (accept or decline)", where);
	match_ctx_init(&c, &arg, m, MATCH_PUBLIC);
	game_needs_init(&needs);
	if (m->rules->legal(m->state, seat, a, &c, &needs, e) != 0)
		return error_prefix(e, "%s", where);
	if (judge_legal(m, seat, a, where, e) != 0)
		return -1;
	/* the actor's own needed values travel with the action */
	if (resolve_openings(m, openings, seat, 0, &needs, where, bad_seat,
	    e) != 0)
		return -1;
	for (i = 0; i < needs.n; i++) {
		k = match_piece_index(m, needs.p[i].seat, needs.p[i].id);
		if (needs.p[i].seat == seat && k >= 0 &&
		    !m->seat[seat].opened[k])
			return error_set(e, EXIT_REFUSED, "%s: the action needs "
			    "%s's own piece %s opened with it", where,
			    m->seat[seat].name, needs.p[i].id);
	}
	/* what legality could not see is checked once the values open */
	match_ctx_init(&c, &arg, m, MATCH_PUBLIC);
	{
		struct game_needs n2;
		struct error ign;

		game_needs_init(&n2);
		m->rules->legal(m->state, seat, a, &c, &n2, &ign);
	}
	if (arg.misses > 0 && add_check(m, CHECK_LEGAL, seat, seat, a, "", "",
	    e) != 0)
		return -1;
	m->declined = -1;
	m->pending = 1;
	m->pending_seat = seat;
	m->pending_action = *a;
	m->pending_needs = needs;
	m->claim_made = 0;
	m->last_action_seq = m->seq + 1;
	m->last_action_by = seat;
	m->nactions++;
	m->last_act = *a;
	m->rules->format(m->state, a, m->last_action,
	    sizeof(m->last_action));
	memcpy(m->recent[(m->nactions - 1) % MATCH_RECENT], m->last_action,
	    sizeof(m->last_action));
	m->recent_by[(m->nactions - 1) % MATCH_RECENT] = seat;
	if (claim != NULL && take_claim(m, seat, claim, where, e) != 0)
		return -1;
	if (match_first_owing(m) >= 0) {
		say_waiting(m, seat, a);
		return 0;
	}
	return resolve_pending(m, where, e);
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
	int in;

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
		    p->type != YDOC_SCALAR || needed(&m->pending_needs,
		    match_seat_by_name(m, s->str), p->str);
		if (in)
			owed->kids[owed->nkids++] = list->kids[i];
		else
			rest->kids[rest->nkids++] = list->kids[i];
	}
	return 0;
}

/* After the obligations of an entry are met: perhaps an action follows. */
static int
action_after(struct match *m, int author, const struct ydoc *act,
    const struct ydoc *rest, const char *where, int *bad_seat,
    struct error *e)
{
	struct game_action a;

	if (match_over(m))
		return error_set(e, EXIT_REFUSED, "%s: an action after the game "
		    "ended", where);
	if (m->pending || match_next_author(m) != author)
		return error_set(e, EXIT_REFUSED, "%s: %s opened its pieces but "
		    "it is not its turn to act", where,
		    match_author_name(m, author));
	if (entry_action_read(act, &a, where, e) != 0)
		return -1;
	return resolve_action(m, author, &a, rest != NULL && rest->nkids > 0 ?
	    rest : NULL, NULL, where, bad_seat, e);
}

int
resolve_owed(struct match *m, int author, const struct ydoc *doc,
    const char *where, int *bad_seat, struct error *e)
{
	const struct ydoc *act = ydoc_get(doc, "action");
	const struct ydoc *open = ydoc_get(doc, "open");
	const struct ydoc *claim = ydoc_get(doc, "claim");
	struct ydoc owed, rest;
	int split = act != NULL && open != NULL && open->type == YDOC_SEQ;
	int rc, who;

	/* obligations first, then perhaps an action with the openings it
	 * needs */
	if (split && split_openings(m, open, &owed, &rest, e) != 0)
		return -1;
	rc = resolve_openings(m, split ? &owed : open, author, 0, NULL, where,
	    bad_seat, e);
	if (rc == 0 && claim != NULL)
		rc = take_claim(m, author, claim, where, e);
	who = match_first_owing(m);
	if (rc == 0 && (who == author || (author == GAME_JUDGE && who >= 0)))
		rc = error_set(e, EXIT_REFUSED, "%s: %s must %s the pending "
		    "action needs", where, match_author_name(m, author),
		    who == m->pending_needs.claim_by && m->pending_needs.n == 0 ?
		    "make the claim" : "open the pieces");
	if (rc == 0)
		rc = resolve_pending(m, where, e);
	if (rc == 0 && act != NULL)
		rc = action_after(m, author, act, split ? &rest : NULL, where,
		    bad_seat, e);
	if (split) {
		free(owed.kids);
		free(rest.kids);
	}
	return rc;
}

int
resolve_common(struct match *m, int seat, const struct game_action *a,
    const char *where, struct error *e)
{
	char why[160], what[MATCH_WHAT];

	if (a->nf != 0)
		return error_set(e, EXIT_MALFORMED, "%s: %s takes no fields",
		    where, a->type);
	if (strcmp(a->type, "resign") == 0) {
		/* the seat to act may resign, answering an offer too */
		m->draw_offer = -1;
		if (m->rules->resign != NULL) {
			what[0] = '\0';
			if (m->rules->resign(m->state, seat, what, sizeof(what),
			    e) != 0)
				return error_prefix(e, "%s", where);
			m->applied_rules = 1;
			/* with 3 or 4 seats the colour stays and the game
			 * goes on: it ends later, by the rules */
			if (match_over(m)) {
				m->how = MATCH_HOW_RESIGN;
				m->how_by = seat;
			}
			match_say(m, "%s", what);
			return 0;
		}
		snprintf(why, sizeof(why), "%s resigned", m->seat[seat].name);
		match_end(m, -seat - 1, 0, MATCH_HOW_RESIGN, why);
		m->how_by = seat;
		match_say(m, "%s resigns", m->seat[seat].name);
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
		match_say(m, "%s offers a draw", m->seat[seat].name);
		return 0;
	}
	if (m->draw_offer < 0 || m->draw_offer == seat)
		return error_set(e, EXIT_REFUSED, "%s: there is no draw offer "
		    "to %s", where, a->type);
	if (strcmp(a->type, "accept") == 0) {
		match_end(m, 0, 1, MATCH_HOW_DRAW_AGREED, "draw agreed");
		match_say(m, "%s accepts the draw", m->seat[seat].name);
	} else {
		m->declined = m->draw_offer;
		match_say(m, "%s declines the draw", m->seat[seat].name);
	}
	m->draw_offer = -1;
	return 0;
}

/* --- after each entry --- */

static void
audit_setups(struct match *m)
{
	struct error why;
	char line[400];
	int s, i, all;

	for (s = 0; s < m->nseats; s++) {
		struct match_seat *st = &m->seat[s];

		if (!st->has_setup || st->audited)
			continue;
		for (all = 1, i = 0; i < st->pieces.n; i++)
			all &= st->opened[i];
		if (!all)
			continue;
		st->audited = 1;
		if (m->rules->setup_audit(m->state, s, &st->pieces,
		    &why) == 0)
			continue;
		snprintf(line, sizeof(line), "%s's setup fails the audit "
		    "(%.120s); %s loses", st->name, why.msg, st->name);
		match_cheater(m, s, line);
		match_say(m, "%s", line);
	}
}

/* 1 when decided (and acted upon), 0 while a value is still hidden. */
static int
run_check(struct match *m, const struct match_check *k)
{
	struct game_needs n;
	struct game_ctx c;
	struct match_ctx a;
	struct error why;
	char out[GAME_TEXT], line[400];
	int rc;

	match_ctx_init(&c, &a, m, MATCH_PUBLIC);
	if (k->kind == CHECK_LEGAL) {
		game_needs_init(&n);
		rc = m->rules->legal(k->state, k->actor, &k->action, &c, &n,
		    &why);
		if (a.misses > 0)
			return 0;
		if (rc == 0)
			return 1;
		snprintf(line, sizeof(line), "seq %llu: %s's action was illegal "
		    "with full information (%.100s); %s loses",
		    (unsigned long long)k->seq, match_author_name(m, k->author),
		    why.msg, match_author_name(m, k->author));
	} else {
		a.claim_name = k->claim;
		a.claim_value = k->value;
		if (m->rules->derive == NULL ||
		    m->rules->derive(k->state, k->actor, &k->action, k->claim,
		    &c, out, sizeof(out)) != 0 || a.misses > 0)
			return 0;
		if (strcmp(out, k->value) == 0)
			return 1;
		snprintf(line, sizeof(line), "seq %llu: %s's claim %s \"%s\" is "
		    "false (the secrets give \"%s\"); %s", (unsigned long long)
		    k->seq, match_author_name(m, k->author), k->claim, k->value,
		    out, k->author == GAME_JUDGE ? "the judge lied" :
		    "it loses");
	}
	match_cheater(m, k->author, line);
	match_say(m, "%s", line);
	return 1;
}

static void
run_checks(struct match *m)
{
	size_t i = 0;

	while (i < m->nchecks) {
		if (!run_check(m, &m->checks[i])) {
			i++;
			continue;
		}
		resolve_check_free(&m->checks[i]);
		memmove(&m->checks[i], &m->checks[i + 1],
		    (m->nchecks - i - 1) * sizeof(m->checks[0]));
		m->nchecks--;
	}
}

/* What the rules let each viewer whose secret this copy knows see. */
static void
record_sight(struct match *m)
{
	struct game_needs seen;
	struct game_ctx c;
	struct match_ctx a;
	int v, i, k, o;

	for (v = 0; v < m->nseats; v++) {
		if (m->local[v] == NULL)
			continue;
		match_ctx_init(&c, &a, m, v);
		game_needs_init(&seen);
		m->rules->visible(m->state, v, &c, &seen);
		for (i = 0; i < seen.n; i++) {
			o = seen.p[i].seat;
			if (o < 0 || o >= m->nseats || o == v)
				continue;
			k = match_piece_index(m, o, seen.p[i].id);
			if (k >= 0 && m->entitled[v][o][k] == 0)
				m->entitled[v][o][k] = (uint32_t)m->seq;
		}
	}
}

void
resolve_after(struct match *m)
{
	audit_setups(m);
	if (m->nchecks > 0)
		run_checks(m);
	if (m->rules->visible != NULL && m->applied_rules)
		record_sight(m);
}
