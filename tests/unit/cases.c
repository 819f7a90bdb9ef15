/*
 * The rule-case corpus, in the spirit of the DATC: every file
 * tests/cases/GAME/NAME.yaml is one small game (setups, then turns played
 * through the real protocol with selfplay) with the outcome, refusals and
 * views it must produce.  The format is in tests/cases/README.md.
 *
 * Usage: cases [CASEDIR]  (default tests/cases, from the top of the tree)
 */
#include <dirent.h>
#include <sys/stat.h>

#include "unit.h"

#include "buf.h"
#include "commit.h"
#include "entry.h"
#include "fsio.h"
#include "game.h"
#include "archive.h"
#include "audit.h"
#include "match.h"
#include "selfplay.h"
#include "view.h"
#include "ydoc.h"

#define MAX_OPTS	GAME_MAX_OPTIONS

struct run {
	const char	*where;		/* GAME/FILE, for messages */
	struct selfplay	*sp;
	char		*why;		/* the first failure */
	size_t		 whylen;
	int		 cheat[GAME_MAX_SEATS];	/* committed unaudited */
	int		 lied[GAME_MAX_SEATS];	/* sent a claim of its own */
};

static int fail(struct run *, const char *, ...)
    __attribute__((format(printf, 2, 3)));

static int
fail(struct run *r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(r->why, r->whylen, fmt, ap);
	va_end(ap);
	return -1;
}

/* A scalar, or a list of scalars: calls fn on each. */
static int
each_string(struct run *r, const struct ydoc *n, const char *what,
    int (*fn)(struct run *, const char *, void *), void *arg)
{
	size_t i;

	if (n == NULL)
		return 0;
	if (n->type == YDOC_SCALAR)
		return fn(r, n->str, arg);
	if (n->type != YDOC_SEQ)
		return fail(r, "line %u: %s must be a string or a list", n->line,
		    what);
	for (i = 0; i < n->nkids; i++) {
		if (n->kids[i]->type != YDOC_SCALAR)
			return fail(r, "line %u: %s items must be strings",
			    n->kids[i]->line, what);
		if (fn(r, n->kids[i]->str, arg) != 0)
			return -1;
	}
	return 0;
}

static int
want_in(struct run *r, const char *s, void *arg)
{
	if (strstr((const char *)arg, s) == NULL)
		return fail(r, "view lacks \"%s\"", s);
	return 0;
}

static int
want_out(struct run *r, const char *s, void *arg)
{
	if (strstr((const char *)arg, s) != NULL)
		return fail(r, "view shows \"%s\"", s);
	return 0;
}

/* A seat's name, "public" (-1) or "none" (-1 as well, for next). */
static int
seat_named(struct run *r, const char *name, int *seat)
{
	if (strcmp(name, "public") == 0 || strcmp(name, "none") == 0) {
		*seat = -1;
		return 0;
	}
	*seat = match_seat_by_name(r->sp->m[0], name);
	if (*seat < 0 || *seat >= r->sp->nseats)
		return fail(r, "no seat \"%s\"", name);
	return 0;
}

static int
check_view(struct run *r, const struct ydoc *v)
{
	static const char *const keys[] = { "seat", "format", "contains",
	    "lacks", NULL };
	static const char *const req[] = { "seat", NULL };
	struct error e;
	struct buf b;
	const char *name, *fmt = "text";
	int seat, rc;

	if (ydoc_check_keys(v, keys, req, r->where, &e) != 0)
		return fail(r, "%s", e.msg);
	if ((name = ydoc_scalar(v, "seat", r->where, &e)) == NULL)
		return fail(r, "%s", e.msg);
	if (seat_named(r, name, &seat) != 0)
		return -1;
	if (ydoc_get(v, "format") != NULL &&
	    (fmt = ydoc_scalar(v, "format", r->where, &e)) == NULL)
		return fail(r, "%s", e.msg);
	buf_init(&b);
	/* a seat's view comes from its own copy of the match */
	if (strcmp(fmt, "text") == 0)
		view_text(r->sp->m[seat < 0 ? 0 : seat], seat, NULL, &b);
	else if (strcmp(fmt, "yaml") == 0) {
		if (view_yaml(r->sp->m[seat < 0 ? 0 : seat], seat, NULL, &b,
		    &e) != 0) {
			buf_free(&b);
			return fail(r, "yaml view: %s", e.msg);
		}
	} else {
		buf_free(&b);
		return fail(r, "line %u: format is text or yaml", v->line);
	}
	buf_cstr(&b);
	rc = each_string(r, ydoc_get(v, "contains"), "contains", want_in,
	    b.data);
	if (rc == 0)
		rc = each_string(r, ydoc_get(v, "lacks"), "lacks", want_out,
		    b.data);
	if (rc != 0) {
		char msg[400];

		snprintf(msg, sizeof(msg), "%s", r->why);
		fail(r, "%s's %s view (line %u): %s; it reads:\n%s", name, fmt,
		    v->line, msg, (const char *)b.data);
	}
	buf_free(&b);
	return rc;
}

/* scores: {LABEL: N, ...}: a seat's name, or a label of the game's. */
static int
check_scores(struct run *r, const struct game_result *res,
    const struct ydoc *x)
{
	const struct match *m = r->sp->m[0];
	const struct ydoc *k;
	long want, have;
	size_t i;
	int j, found;

	if (x == NULL)
		return 0;
	if (x->type != YDOC_MAP)
		return fail(r, "line %u: scores is a mapping LABEL: N", x->line);
	if (!res->scored)
		return fail(r, "the game keeps no score");
	for (i = 0; i < x->nkids; i++) {
		k = x->kids[i];
		if (k->type != YDOC_SCALAR)
			return fail(r, "line %u: a score is a number", k->line);
		want = strtol(k->str, NULL, 10);
		found = 0;
		have = 0;
		for (j = 0; j < m->nseats && !found; j++)
			if (strcmp(m->seat[j].name, k->key) == 0) {
				found = 1;
				have = res->score[j];
			}
		for (j = 0; j < res->nscores && !found; j++)
			if (strcmp(res->scores[j].label, k->key) == 0) {
				found = 1;
				have = res->scores[j].points;
			}
		if (!found)
			return fail(r, "no score \"%s\"", k->key);
		if (have != want)
			return fail(r, "score %s is %ld, not %ld", k->key, have,
			    want);
	}
	return 0;
}

/* cheated: a seat, "judge", or "none". */
static int
check_cheated(struct run *r, const struct game_result *res,
    const struct ydoc *x)
{
	const struct match *m = r->sp->m[0];
	int i, n = 0;

	if (x == NULL)
		return 0;
	if (x->type != YDOC_SCALAR)
		return fail(r, "line %u: cheated is a seat, judge or none",
		    x->line);
	for (i = 0; i <= GAME_MAX_SEATS; i++)
		n += res->cheated[i];
	if (strcmp(x->str, "none") == 0)
		return n == 0 ? 0 : fail(r, "someone cheated (%s)", res->why);
	i = strcmp(x->str, "judge") == 0 ? GAME_MAX_SEATS :
	    match_seat_by_name(m, x->str);
	if (i < 0 || !res->cheated[i] || n != 1)
		return fail(r, "%s is not the one caught cheating (%s)", x->str,
		    res->why);
	return 0;
}

static const char *
phase_word(enum match_phase p)
{
	static const char *const w[] = { "setup", "play", "final", "closed" };

	return w[p];
}

/* winner: a seat (the only winner), draw, or none (not over). */
static int
check_winner(struct run *r, const struct game_result *res, const char *s)
{
	int seat, i, n;

	if (strcmp(s, "none") == 0) {
		if (res->over)
			return fail(r, "the game is over (%s)", res->why);
		return 0;
	}
	if (strcmp(s, "draw") == 0) {
		if (!res->over || !res->draw)
			return fail(r, "not a draw (over %d, why \"%s\")",
			    res->over, res->why);
		return 0;
	}
	if (seat_named(r, s, &seat) != 0)
		return -1;
	for (i = n = 0; i < r->sp->nseats; i++)
		n += res->winner[i] != 0;
	if (!res->over || res->draw || seat < 0 || !res->winner[seat] ||
	    n != 1)
		return fail(r, "%s is not the sole winner (over %d, draw %d, "
		    "why \"%s\")", s, res->over, res->draw, res->why);
	return 0;
}

static int
check_expect(struct run *r, const struct ydoc *x)
{
	static const char *const keys[] = { "phase", "winner", "why", "next",
	    "last", "seq", "view", "scores", "cheated", NULL };
	struct match *m = r->sp->m[0];
	struct game_result res;
	const struct ydoc *views;
	struct error e;
	const char *s;
	int seat;
	size_t k;

	if (x == NULL)
		return 0;
	if (ydoc_check_keys(x, keys, NULL, r->where, &e) != 0)
		return fail(r, "%s", e.msg);
	if (ydoc_get(x, "phase") != NULL) {
		if ((s = ydoc_scalar(x, "phase", r->where, &e)) == NULL)
			return fail(r, "%s", e.msg);
		if (strcmp(s, phase_word(match_phase(m))) != 0)
			return fail(r, "phase is %s, not %s",
			    phase_word(match_phase(m)), s);
	}
	match_result(m, &res);
	if (ydoc_get(x, "winner") != NULL) {
		if ((s = ydoc_scalar(x, "winner", r->where, &e)) == NULL)
			return fail(r, "%s", e.msg);
		if (check_winner(r, &res, s) != 0)
			return -1;
	}
	if (ydoc_get(x, "why") != NULL) {
		if ((s = ydoc_scalar(x, "why", r->where, &e)) == NULL)
			return fail(r, "%s", e.msg);
		if (!res.over || strstr(res.why, s) == NULL)
			return fail(r, "why is \"%s\", wanted \"%s\"", res.why, s);
	}
	if (ydoc_get(x, "next") != NULL) {
		if ((s = ydoc_scalar(x, "next", r->where, &e)) == NULL)
			return fail(r, "%s", e.msg);
		if (seat_named(r, s, &seat) != 0)
			return -1;
		if (match_next_author(m) != seat)
			return fail(r, "next is %s, not %s",
			    match_author_name(m, match_next_author(m)), s);
	}
	if (ydoc_get(x, "last") != NULL) {
		if ((s = ydoc_scalar(x, "last", r->where, &e)) == NULL)
			return fail(r, "%s", e.msg);
		if (strstr(m->what, s) == NULL)
			return fail(r, "last is \"%s\", wanted \"%s\"", m->what,
			    s);
	}
	if (ydoc_get(x, "seq") != NULL) {
		unsigned long long seq;

		if (ydoc_uint(x, "seq", UINT32_MAX, &seq, r->where, &e) != 0)
			return fail(r, "%s", e.msg);
		if (m->seq != seq)
			return fail(r, "seq is %llu, not %llu",
			    (unsigned long long)m->seq, seq);
	}
	if (check_scores(r, &res, ydoc_get(x, "scores")) != 0 ||
	    check_cheated(r, &res, ydoc_get(x, "cheated")) != 0)
		return -1;
	if ((views = ydoc_get(x, "view")) != NULL) {
		if (views->type != YDOC_SEQ)
			return fail(r, "line %u: view must be a list",
			    views->line);
		for (k = 0; k < views->nkids; k++)
			if (check_view(r, views->kids[k]) != 0)
				return -1;
	}
	return 0;
}

/* What every copy of the match must agree on, and what a refusal must
 * leave untouched. */
struct snap {
	uint64_t	seq[SELFPLAY_PARTIES];
	int		next[SELFPLAY_PARTIES];
	size_t		nentries;
};

static void
snap_take(const struct selfplay *sp, struct snap *s)
{
	int i;

	memset(s, 0, sizeof(*s));
	for (i = 0; i < SELFPLAY_PARTIES; i++) {
		if (sp->m[i] == NULL)
			continue;
		s->seq[i] = sp->m[i]->seq;
		s->next[i] = match_next_author(sp->m[i]);
	}
	s->nentries = sp->nentries;
}

static int
agree(struct run *r)
{
	struct selfplay *sp = r->sp;
	int i;

	for (i = 1; i < SELFPLAY_PARTIES; i++)
		if (sp->m[i] != NULL && (sp->m[i]->seq != sp->m[0]->seq ||
		    memcmp(sp->m[i]->last, sp->m[0]->last, SEC_HASH) != 0 ||
		    match_next_author(sp->m[i]) != match_next_author(sp->m[0]) ||
		    match_phase(sp->m[i]) != match_phase(sp->m[0])))
			return fail(r, "the copies disagree (%s at seq %llu, "
			    "the first seat at %llu)", match_author_name(sp->m[i],
			    i), (unsigned long long)sp->m[i]->seq,
			    (unsigned long long)sp->m[0]->seq);
	return 0;
}

/*
 * The outcome of one step: rc and e from the call, refused the wanted
 * refusal (NULL: it must succeed), before the state before it.
 */
static int
outcome(struct run *r, const char *step, unsigned line, int rc,
    const struct error *e, const char *refused, const struct snap *before)
{
	struct snap after;

	snap_take(r->sp, &after);
	if (refused == NULL) {
		if (rc != 0)
			return fail(r, "line %u: %s refused: %s", line, step,
			    e->msg);
		if (after.nentries == before->nentries)
			return fail(r, "line %u: %s sent nothing", line, step);
		return agree(r);
	}
	if (rc == 0)
		return fail(r, "line %u: %s accepted, wanted a refusal (%s)",
		    line, step, refused);
	if (strstr(e->msg, refused) == NULL || strchr(e->msg, '\n') != NULL)
		return fail(r, "line %u: %s refused with \"%s\", wanted \"%s\"",
		    line, step, e->msg, refused);
	if (memcmp(&after, before, sizeof(after)) != 0)
		return fail(r, "line %u: %s was refused but changed the state",
		    line, step);
	return agree(r);
}

/* The layout parses and passes the game's audit. */
static int
audit_passes(struct selfplay *sp, int seat, const char *layout)
{
	struct game_setup su;
	struct error e;

	return sp->rules->setup_parse(sp->m[seat]->state, seat, layout, &su,
	    &e) == 0 && sp->rules->setup_audit(sp->m[seat]->state, seat, &su,
	    &e) == 0;
}

/*
 * "unaudited: yes": what a modified client could send, a layout committed
 * without the setup verb's audit.  The commitments alone do not show it;
 * the end-of-game audit must.  (tests/unit/audit.c does the same by hand.)
 */
static int
commit_unaudited(struct selfplay *sp, int seat, const char *layout,
    struct error *e)
{
	struct game_setup su;

	memset(&su, 0, sizeof(su));
	if (sp->rules->setup_parse(sp->m[seat]->state, seat, layout, &su,
	    e) != 0)
		return -1;
	return selfplay_commit(sp, seat, &su, e);
}

/* One setup step as the case gives it. */
struct setup_step {
	const char	*layout;	/* NULL: random */
	const char	*refused;
	int		 seat;
	int		 unaudited;
};

/* Reads a setup step: a layout, or a mapping (seat as given, or next). */
static int
setup_step(struct run *r, const struct ydoc *it, int next,
    struct setup_step *st)
{
	static const char *const keys[] = { "seat", "layout", "refused",
	    "unaudited", NULL };
	static const char *const req[] = { "layout", NULL };
	const char *s;
	struct error e;

	memset(st, 0, sizeof(*st));
	st->seat = next;
	if (it->type == YDOC_SCALAR)
		st->layout = it->str;
	else if (ydoc_check_keys(it, keys, req, r->where, &e) != 0 ||
	    (st->layout = ydoc_scalar(it, "layout", r->where, &e)) == NULL)
		return fail(r, "%s", e.msg);
	if (ydoc_get(it, "refused") != NULL &&
	    (st->refused = ydoc_scalar(it, "refused", r->where, &e)) == NULL)
		return fail(r, "%s", e.msg);
	if (ydoc_get(it, "seat") != NULL) {
		if ((s = ydoc_scalar(it, "seat", r->where, &e)) == NULL)
			return fail(r, "%s", e.msg);
		if (seat_named(r, s, &st->seat) != 0)
			return -1;
	}
	if (ydoc_get(it, "unaudited") != NULL) {
		if ((s = ydoc_scalar(it, "unaudited", r->where, &e)) == NULL)
			return fail(r, "%s", e.msg);
		if (strcmp(s, "yes") != 0)
			return fail(r, "line %u: unaudited: yes, or no such key",
			    it->line);
		st->unaudited = 1;
	}
	if (st->seat < 0 || st->seat >= r->sp->nseats)
		return fail(r, "line %u: no seat left for this setup", it->line);
	if (strcmp(st->layout, "random") == 0)
		st->layout = NULL;
	if (st->unaudited && st->layout == NULL)
		return fail(r, "line %u: an unaudited setup needs a layout",
		    it->line);
	/* only a layout the audit refuses is worth committing so */
	if (st->unaudited && audit_passes(r->sp, st->seat, st->layout))
		return fail(r, "line %u: %s passes the audit: give it without "
		    "\"unaudited\"", it->line, st->layout);
	return 0;
}

static int
do_setups(struct run *r, const struct ydoc *list)
{
	struct selfplay *sp = r->sp;
	struct setup_step st;
	struct error e;
	struct snap before;
	char step[80];
	size_t i;
	int rc, next = 0;

	if (list == NULL || list->type != YDOC_SEQ)
		return fail(r, "setup must be a list");
	for (i = 0; i < list->nkids; i++) {
		while (next < sp->nseats && (sp->m[0]->seat[next].has_setup ||
		    sp->m[0]->seat[next].pieces.n == 0))
			next++;
		if (setup_step(r, list->kids[i], next, &st) != 0)
			return -1;
		snprintf(step, sizeof(step), "setup %.20s by %s",
		    st.layout != NULL ? st.layout : "random",
		    sp->m[0]->seat[st.seat].name);
		snap_take(sp, &before);
		error_clear(&e);
		if (st.unaudited) {
			rc = commit_unaudited(sp, st.seat, st.layout, &e);
			r->cheat[st.seat] |= rc == 0;
		} else
			rc = selfplay_setup(sp, st.seat, st.layout, &e);
		if (outcome(r, step, list->kids[i]->line, rc, &e, st.refused,
		    &before) != 0)
			return -1;
	}
	return 0;
}

/* A setup among the turns (topogic's second coder): {setup: LAYOUT},
 * perhaps with seat, refused and expect. */
static int
late_setup(struct run *r, const struct ydoc *it)
{
	static const char *const keys[] = { "setup", "seat", "refused",
	    "expect", NULL };
	struct selfplay *sp = r->sp;
	const char *layout, *refused = NULL, *name;
	struct snap before;
	struct error e;
	char step[80];
	int seat = match_next_author(sp->m[0]), rc;

	if (ydoc_check_keys(it, keys, NULL, r->where, &e) != 0 ||
	    (layout = ydoc_scalar(it, "setup", r->where, &e)) == NULL)
		return fail(r, "%s", e.msg);
	if (ydoc_get(it, "refused") != NULL &&
	    (refused = ydoc_scalar(it, "refused", r->where, &e)) == NULL)
		return fail(r, "%s", e.msg);
	if (ydoc_get(it, "seat") != NULL) {
		if ((name = ydoc_scalar(it, "seat", r->where, &e)) == NULL)
			return fail(r, "%s", e.msg);
		if (seat_named(r, name, &seat) != 0)
			return -1;
	}
	if (seat < 0 || seat >= sp->nseats)
		return fail(r, "line %u: no seat for this setup", it->line);
	snprintf(step, sizeof(step), "setup %.20s by %s", layout,
	    sp->m[0]->seat[seat].name);
	snap_take(sp, &before);
	error_clear(&e);
	rc = selfplay_setup(sp, seat, strcmp(layout, "random") == 0 ? NULL :
	    layout, &e);
	if (outcome(r, step, it->line, rc, &e, refused, &before) != 0)
		return -1;
	if (check_expect(r, ydoc_get(it, "expect")) != 0) {
		char msg[1200];

		snprintf(msg, sizeof(msg), "%s", r->why);
		return fail(r, "after line %u (%s): %s", it->line, step, msg);
	}
	return 0;
}

/*
 * What seat owes, with its claim's value replaced by value: a modified
 * client that says what it likes (a coder lying about topogic's score).
 * The claim is the single key of the entry's claim map.
 */
static int
send_claim(struct selfplay *sp, int seat, const char *value,
    struct error *e)
{
	struct buf body, out;
	char *p, *end;
	int rc = -1;

	buf_init(&body);
	buf_init(&out);
	if (entry_turn(sp->m[seat], seat, sp->party[seat].secret, NULL, &body,
	    e) != 0 || buf_cstr(&body) != 0)
		goto done;
	if ((p = strstr((char *)body.data, "\nclaim:\n  ")) == NULL ||
	    (p = strstr(p, ": ")) == NULL || (end = strchr(p, '\n')) == NULL) {
		error_set(e, EXIT_USAGE, "%s owes no claim now",
		    match_author_name(sp->m[seat], seat));
		goto done;
	}
	buf_add(&out, body.data, (size_t)(p + 2 - (char *)body.data));
	buf_printf(&out, "\"%s\"%s", value, end);
	rc = selfplay_raw(sp, seat, &out, e);
done:
	buf_free(&body);
	buf_free(&out);
	return rc;
}

/* {claim: VALUE}, perhaps with seat, refused and expect. */
static int
false_claim(struct run *r, const struct ydoc *it)
{
	static const char *const keys[] = { "claim", "seat", "refused",
	    "expect", NULL };
	struct selfplay *sp = r->sp;
	const char *value, *refused = NULL, *name;
	struct snap before;
	struct error e;
	char step[80];
	int seat = match_next_author(sp->m[0]), rc;

	if (ydoc_check_keys(it, keys, NULL, r->where, &e) != 0 ||
	    (value = ydoc_scalar(it, "claim", r->where, &e)) == NULL)
		return fail(r, "%s", e.msg);
	if (ydoc_get(it, "refused") != NULL &&
	    (refused = ydoc_scalar(it, "refused", r->where, &e)) == NULL)
		return fail(r, "%s", e.msg);
	if (ydoc_get(it, "seat") != NULL) {
		if ((name = ydoc_scalar(it, "seat", r->where, &e)) == NULL)
			return fail(r, "%s", e.msg);
		if (seat_named(r, name, &seat) != 0)
			return -1;
	}
	if (seat < 0 || seat >= sp->nseats)
		return fail(r, "line %u: no seat for this claim", it->line);
	snprintf(step, sizeof(step), "claim %.20s by %s", value,
	    sp->m[0]->seat[seat].name);
	snap_take(sp, &before);
	error_clear(&e);
	rc = send_claim(sp, seat, value, &e);
	r->lied[seat] |= rc == 0;
	if (outcome(r, step, it->line, rc, &e, refused, &before) != 0)
		return -1;
	if (check_expect(r, ydoc_get(it, "expect")) != 0) {
		char msg[1200];

		snprintf(msg, sizeof(msg), "%s", r->why);
		return fail(r, "after line %u (%s): %s", it->line, step, msg);
	}
	return 0;
}

static int
do_turns(struct run *r, const struct ydoc *list)
{
	struct selfplay *sp = r->sp;
	const struct ydoc *it, *act;
	const char *action, *refused;
	struct error e;
	struct snap before;
	char step[120];
	size_t i, k;
	int seat, rc;

	if (list == NULL)
		return 0;
	if (list->type != YDOC_SEQ)
		return fail(r, "line %u: turns must be a list", list->line);
	for (i = 0; i < list->nkids; i++) {
		it = list->kids[i];
		if (it->type != YDOC_MAP)
			return fail(r, "line %u: a turn is a mapping SEAT: "
			    "ACTION", it->line);
		if (ydoc_get(it, "setup") != NULL) {
			if (late_setup(r, it) != 0)
				return -1;
			continue;
		}
		if (ydoc_get(it, "claim") != NULL) {
			if (false_claim(r, it) != 0)
				return -1;
			continue;
		}
		act = NULL;
		refused = NULL;
		for (k = 0; k < it->nkids; k++) {
			const struct ydoc *f = it->kids[k];

			if (strcmp(f->key, "expect") == 0)
				continue;
			if (f->type != YDOC_SCALAR)
				return fail(r, "line %u: \"%s\" must be a string",
				    f->line, f->key);
			if (strcmp(f->key, "refused") == 0)
				refused = f->str;
			else if (act != NULL)
				return fail(r, "line %u: one seat per turn (%s, "
				    "%s)", f->line, act->key, f->key);
			else
				act = f;
		}
		if (act == NULL)
			return fail(r, "line %u: a turn names its seat",
			    it->line);
		if (seat_named(r, act->key, &seat) != 0)
			return -1;
		if (seat < 0)
			return fail(r, "line %u: a turn by nobody", it->line);
		action = act->str;
		if (action[0] == '\0' || strcmp(action, "~") == 0 ||
		    strcmp(action, "open") == 0)
			action = NULL;
		snprintf(step, sizeof(step), "%s: %.60s", act->key,
		    action != NULL ? action : "(openings)");
		snap_take(sp, &before);
		error_clear(&e);
		rc = selfplay_turn(sp, seat, action, &e);
		if (outcome(r, step, it->line, rc, &e, refused, &before) != 0)
			return -1;
		if (check_expect(r, ydoc_get(it, "expect")) != 0) {
			char msg[1200];

			snprintf(msg, sizeof(msg), "%s", r->why);
			return fail(r, "after line %u (%s): %s", it->line, step,
			    msg);
		}
	}
	return 0;
}

/* An archive verifies as the verb would (a judged seat's export carries
 * the updates, and so the audit of what the judge showed it). */
static int
verify_archive(struct run *r, const struct buf *arc, const char *whose)
{
	struct buf out;
	struct error e;
	FILE *f;
	int rc;

	if ((f = fmemopen(arc->data, arc->len, "r")) == NULL)
		return fail(r, "fmemopen failed");
	buf_init(&out);
	rc = archive_verify(f, whose, 1, NULL, &out, &e);
	fclose(f);
	buf_free(&out);
	if (rc != 0)
		return fail(r, "verify of %s: %s", whose, e.msg);
	return 0;
}

static int
verify_exports(struct run *r)
{
	struct selfplay *sp = r->sp;
	struct buf arc;
	struct error e;
	int s, rc = 0;

	buf_init(&arc);
	if (selfplay_archive(sp, &arc, &e) != 0)
		rc = fail(r, "archive: %s", e.msg);
	else
		rc = verify_archive(r, &arc, "the archive");
	for (s = 0; rc == 0 && sp->judged && s < sp->nseats; s++) {
		arc.len = 0;
		if (selfplay_export(sp, s, &arc, &e) != 0)
			rc = fail(r, "export: %s", e.msg);
		else
			rc = verify_archive(r, &arc, sp->m[s]->seat[s].name);
	}
	buf_free(&arc);
	return rc;
}

/* The transcript replays as verify reads it, and a closed game passes the
 * audit. */

/*
 * The transcript replays as verify reads it, and a closed game passes the
 * audit, or, when a seat committed an unaudited setup, fails it naming
 * that seat.
 */
static int
cheats(const struct run *r)
{
	int s, n = 0;

	for (s = 0; s < r->sp->nseats; s++)
		n += r->cheat[s] + r->lied[s];
	return n;
}

static int
audit_as_expected(struct run *r, struct match *m)
{
	struct error e;
	char loses[64];
	int s, cheats = 0;

	if (audit_game(m, &e) == 0) {
		for (s = 0; s < r->sp->nseats; s++)
			if (r->cheat[s])
				return fail(r, "audit: %s's unaudited setup "
				    "passes it", m->seat[s].name);
		return 0;
	}
	for (s = 0; s < r->sp->nseats; s++) {
		if (r->lied[s]) {
			cheats++;
			snprintf(loses, sizeof(loses), "%s's claim",
			    m->seat[s].name);
			if (strstr(e.msg, loses) != NULL)
				return 0;
		}
		if (!r->cheat[s])
			continue;
		cheats++;
		snprintf(loses, sizeof(loses), "%s loses", m->seat[s].name);
		if (strstr(e.msg, loses) != NULL)
			return 0;
	}
	return fail(r, "audit: %s%s", e.msg, cheats > 0 ? " (not naming "
	    "the seat whose setup was unaudited)" : "");
}

static int
replay(struct run *r, int cheat_expected)
{
	struct selfplay *sp = r->sp;
	struct match *m;
	struct error e;
	size_t i;
	int rc = -1;

	if ((m = header_read(sp->entries[0].data, sp->entries[0].len,
	    "header", &e)) == NULL)
		return fail(r, "replay: header: %s", e.msg);
	m->verifying = 1;
	for (i = 1; i < sp->nentries; i++)
		if (match_apply(m, sp->entries[i].data, sp->entries[i].len,
		    "replay", NULL, &e) != 0) {
			fail(r, "replay of entry %zu: %s", i, e.msg);
			goto done;
		}
	if (m->seq != sp->m[0]->seq ||
	    match_next_author(m) != match_next_author(sp->m[0])) {
		fail(r, "the replay ends elsewhere than the game");
		goto done;
	}
	if (match_phase(m) == MATCH_CLOSED && (audit_as_expected(r, m) != 0 ||
	    (!cheat_expected && !cheats(r) && verify_exports(r) != 0)))
		goto done;
	rc = 0;
done:
	match_free(m);
	return rc;
}

/*
 * Runs one case from its text.  Returns 0 when every expectation holds;
 * else -1 with the reason in why.  name gets the case's name.
 */
static int
run_case(const char *game, const char *where, const void *text, size_t len,
    char *name, size_t namelen, char *why, size_t whylen)
{
	static const char *const keys[] = { "name", "rules", "options",
	    "seats", "mode", "setup", "turns", "expect", NULL };
	static const char *const req[] = { "name", "rules", NULL };
	const struct ydoc *x;
	const struct game_rules *rules;
	struct run r;
	struct ydoc *doc, *o;
	struct error e;
	char *opts[MAX_OPTS];
	const char *s;
	unsigned long long nseats;
	size_t i, nopts = 0;
	int rc = -1;

	memset(&r, 0, sizeof(r));
	r.where = where;
	r.why = why;
	r.whylen = whylen;
	snprintf(name, namelen, "?");
	if ((doc = ydoc_parse(text, len, where, &e)) == NULL)
		return fail(&r, "%s", e.msg);
	if (ydoc_check_keys(doc, keys, req, where, &e) != 0 ||
	    (s = ydoc_scalar(doc, "name", where, &e)) == NULL) {
		fail(&r, "%s", e.msg);
		goto done;
	}
	snprintf(name, namelen, "%s", s);
	if ((s = ydoc_scalar(doc, "rules", where, &e)) == NULL) {
		fail(&r, "%s", e.msg);
		goto done;
	}
	if (strcmp(s, game) != 0 || (rules = game_find(s)) == NULL) {
		fail(&r, "rules \"%s\" in the directory of %s", s, game);
		goto done;
	}
	nseats = (unsigned long long)rules->min_seats;
	if (ydoc_get(doc, "seats") != NULL &&
	    ydoc_uint(doc, "seats", GAME_MAX_SEATS, &nseats, where, &e) != 0) {
		fail(&r, "%s", e.msg);
		goto done;
	}
	if ((o = ydoc_get(doc, "options")) != NULL) {
		if (o->type != YDOC_SEQ || o->nkids > MAX_OPTS) {
			fail(&r, "options must be a list of NAME=VALUE");
			goto done;
		}
		for (i = 0; i < o->nkids; i++) {
			if (o->kids[i]->type != YDOC_SCALAR) {
				fail(&r, "options must be a list of NAME=VALUE");
				goto done;
			}
			opts[nopts++] = o->kids[i]->str;
		}
	}
	if ((s = ydoc_get(doc, "mode") != NULL ? ydoc_scalar(doc, "mode", where,
	    &e) : "peer") == NULL || (strcmp(s, "peer") != 0 &&
	    strcmp(s, "judge") != 0)) {
		fail(&r, "mode is peer or judge");
		goto done;
	}
	if ((r.sp = selfplay_new(game, opts, (int)nopts, (int)nseats,
	    strcmp(s, "judge") == 0, &e)) == NULL) {
		fail(&r, "new: %s", e.msg);
		goto done;
	}
	if ((ydoc_get(doc, "setup") != NULL &&
	    do_setups(&r, ydoc_get(doc, "setup")) != 0) ||
	    do_turns(&r, ydoc_get(doc, "turns")) != 0)
		goto done;
	if (check_expect(&r, ydoc_get(doc, "expect")) != 0) {
		char msg[1200];

		snprintf(msg, sizeof(msg), "%s", why);
		fail(&r, "at the end: %s", msg);
		goto done;
	}
	x = ydoc_get(doc, "expect");
	if (replay(&r, x != NULL && ydoc_get(x, "cheated") != NULL &&
	    ydoc_get(x, "cheated")->type == YDOC_SCALAR &&
	    strcmp(ydoc_get(x, "cheated")->str, "none") != 0) != 0)
		goto done;
	rc = 0;
done:
	selfplay_free(r.sp);
	ydoc_free(doc);
	return rc;
}

static void
report(const char *where, const char *name, int rc, const char *why)
{
	const char *p;

	unit_ok(rc == 0, "%s: %s", where, name);
	if (rc == 0)
		return;
	/* the reason as comment lines */
	printf("# ");
	for (p = why; *p != '\0'; p++) {
		putchar(*p);
		if (*p == '\n' && p[1] != '\0')
			printf("# ");
	}
	printf("\n");
}

static int
yaml_name(const struct dirent *d)
{
	size_t n = strlen(d->d_name);

	return d->d_name[0] != '.' && n > 5 &&
	    strcmp(d->d_name + n - 5, ".yaml") == 0;
}

static int
sub_dir(const struct dirent *d)
{
	return d->d_name[0] != '.';
}

static int
run_dir(const char *top, const char *game)
{
	struct dirent **files;
	struct error e;
	struct buf b;
	char path[1024], where[600], name[200], why[4000];
	int n, i, rc, count = 0;

	snprintf(path, sizeof(path), "%s/%s", top, game);
	if ((n = scandir(path, &files, yaml_name, alphasort)) < 0) {
		unit_ok(0, "%s: cannot read the directory", path);
		return 0;
	}
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/%s/%s", top, game,
		    files[i]->d_name);
		snprintf(where, sizeof(where), "%s/%s", game, files[i]->d_name);
		buf_init(&b);
		if (fsio_read(path, 1024 * 1024, &b, &e) != 0) {
			unit_ok(0, "%s: %s", where, e.msg);
			free(files[i]);
			continue;
		}
		why[0] = '\0';
		rc = run_case(game, where, b.data, b.len, name, sizeof(name),
		    why, sizeof(why));
		report(where, name, rc, why);
		buf_free(&b);
		free(files[i]);
		count++;
	}
	free(files);
	return count;
}

/*
 * The runner must catch a wrong expectation: each of these cases is
 * broken on purpose and must fail.
 */
static const struct {
	const char	*what;
	const char	*game;
	const char	*text;
} broken[] = {
	{ "a wrong winner", "incognito",
	  "name: x\nrules: incognito\nsetup: [d2, b4]\n"
	  "turns:\n  - alice: resign\nexpect:\n  winner: alice\n" },
	{ "a refusal that does not happen", "incognito",
	  "name: x\nrules: incognito\nsetup: [d2, b4]\n"
	  "turns:\n  - alice: e3-c3\n    refused: blocked\n" },
	{ "another refusal than the one wanted", "incognito",
	  "name: x\nrules: incognito\nsetup: [d2, b4]\n"
	  "turns:\n  - alice: e2-e1\n    refused: occupied\n" },
	{ "an action that is refused", "incognito",
	  "name: x\nrules: incognito\nsetup: [d2, b4]\n"
	  "turns:\n  - alice: e2-e1\n" },
	{ "a view lacking a string", "incognito",
	  "name: x\nrules: incognito\nsetup: [d2, b4]\nexpect:\n  view:\n"
	  "    - seat: bob\n      contains: Ws\n" },
	{ "a view showing a string", "incognito",
	  "name: x\nrules: incognito\nsetup: [d2, b4]\nexpect:\n  view:\n"
	  "    - seat: alice\n      lacks: [W?, Ws]\n" },
	{ "a wrong phase mid-game", "incognito",
	  "name: x\nrules: incognito\nsetup: [d2, b4]\n"
	  "turns:\n  - alice: e3-c3\n    expect: {phase: closed}\n" },
	{ "a step that sends nothing", "incognito",
	  "name: x\nrules: incognito\nsetup: [d2, b4]\n"
	  "turns:\n  - alice: resign\n  - alice: ~\n  - bob: ~\n" },
	{ "a wrong next author", "incognito",
	  "name: x\nrules: incognito\nsetup: [d2, b4]\nexpect:\n  next: bob\n" },
	{ "a wrong why", "incognito",
	  "name: x\nrules: incognito\nsetup: [d2, b4]\n"
	  "turns:\n  - alice: resign\nexpect:\n  why: found\n" },
	{ "an unknown key", "incognito",
	  "name: x\nrules: incognito\nsetup: [d2, b4]\nexpet: {}\n" },
	{ "the wrong rules", "incognito",
	  "name: x\nrules: knights\nsetup: [d2, b4]\n" },
	{ "an unaudited layout that passes the audit", "incognito",
	  "name: x\nrules: incognito\nsetup:\n  - d2\n"
	  "  - {layout: b4, unaudited: yes}\n" },
	{ "unaudited other than yes", "incognito-rps",
	  "name: x\nrules: incognito-rps\nsetup:\n  - RPSSPR/RPS\n"
	  "  - {layout: RRRPPP/SSR, unaudited: no}\n" },
	{ "the seat with an unaudited setup keeping its win", "incognito-rps",
	  "name: x\nrules: incognito-rps\nsetup:\n  - RPSSPR/RPS\n"
	  "  - {layout: RRRPPP/SSR, unaudited: yes}\n"
	  "turns:\n  - alice: resign\n  - bob: ~\nexpect:\n  winner: bob\n" },
	{ "an unaudited layout that does not parse", "incognito-rps",
	  "name: x\nrules: incognito-rps\nsetup:\n  - RPSSPR/RPS\n"
	  "  - {layout: RRRPP/SSR, unaudited: yes}\n" },
	{ "a false claim with no cheat expected", "topogic",
	  "name: x\nrules: topogic\noptions: [field=rect]\nsetup: [yellow/4]\n"
	  "turns:\n  - bob: e6 e6 e6 e6 a1\n  - {claim: \"10\"}\n"
	  "  - alice: ~\nexpect:\n  cheated: none\n" },
	{ "a claim by a seat that owes none", "topogic",
	  "name: x\nrules: topogic\nsetup: [yellow/4]\n"
	  "turns:\n  - bob: a1 a1 a1 a1 a1\n  - {claim: \"3\", seat: bob}\n" },
	{ "a claim with an unknown key", "topogic",
	  "name: x\nrules: topogic\nsetup: [yellow/4]\n"
	  "turns:\n  - bob: d4 d4 d4 d4 d4\n  - {claim: \"3\", by: alice}\n" },
};

int
main(int argc, char *argv[])
{
	struct dirent **games;
	const char *top = argc > 1 ? argv[1] : "tests/cases";
	char name[200], why[4000];
	size_t i;
	int n, g, total = 0, rc;

	unit_init();
	for (i = 0; i < UNIT_NELEM(broken); i++) {
		rc = run_case(broken[i].game, "broken", broken[i].text,
		    strlen(broken[i].text), name, sizeof(name), why,
		    sizeof(why));
		unit_ok(rc != 0, "runner: %s fails the case", broken[i].what);
	}
	if ((n = scandir(top, &games, sub_dir, alphasort)) < 0) {
		unit_ok(0, "%s: cannot read the case directory", top);
		return unit_done();
	}
	for (g = 0; g < n; g++) {
		char path[1024];
		struct stat st;

		snprintf(path, sizeof(path), "%s/%s", top, games[g]->d_name);
		if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
			if (game_find(games[g]->d_name) == NULL)
				unit_ok(0, "%s: no such game", path);
			else
				total += run_dir(top, games[g]->d_name);
		}
		free(games[g]);
	}
	free(games);
	unit_ok(total > 0, "%d rule cases found under %s", total, top);
	return unit_done();
}
