/*
 * turn: play.  What the seat owes first (openings, a claim computed from
 * its own secret), then the action, checked with what the seat knows
 * before anything is written or sent; and the seat's final openings when
 * its entry ends the game; in a judged game, the conditions sent with
 * the move (-c, cond.h), or without one while another seat is to move
 * (an entry of kind conditions).  Every turn is played on a copy first,
 * as -n plays it, before the key is loaded: a refused action asks for no
 * passphrase.  With -n the same checks and the view as it would be,
 * nothing written or sent (no key needed).
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "cli.h"
#include "fsio.h"
#include "holder.h"
#include "mail.h"
#include "when.h"

static int
join_words(int argc, char **argv, char *action, size_t len, struct error *e)
{
	size_t n = 0;
	int i, w;

	/* the action may come as several words: "swap c3 r2" */
	action[0] = '\0';
	for (i = 0; i < argc; i++) {
		w = snprintf(action + n, len - n, "%s%s", i ? " " : "", argv[i]);
		if (w < 0 || (size_t)w >= len - n)
			return error_set(e, EXIT_USAGE, "action too long");
		n += (size_t)w;
	}
	return 0;
}

/* While a share of the seed is owed: this seat's (turn alone), or an
 * entry about time (leave, a peer's timeout claim). */
static int
seed_checks(struct gamedir *g, const char *action, struct error *e)
{
	char w[16] = "";

	if (cli_judged_waiting(g, e) != 0)
		return -1;
	if (action == NULL && match_next_author(g->t.m) == g->t.me)
		return 0;
	if (action != NULL)
		sscanf(action, "%15s", w);
	if (strcmp(w, "leave") == 0 || strcmp(w, "timeout") == 0)
		return 0;
	return cli_seed_owed(g, e);
}

static int
checks(struct gamedir *g, const char *action, struct error *e)
{
	const struct transcript *p = &g->t;

	if (p->me >= p->m->nseats)
		return error_set(e, EXIT_USAGE, "%s: the judge takes no turns",
		    g->path);
	if (action != NULL && strcmp(action, "timeout") == 0 &&
	    p->m->judge_mode)
		return error_set(e, EXIT_USAGE, "timeout: in a judged game the "
		    "judge rules timeouts (judge -t)");
	if (cli_not_over(g, e) != 0)
		return -1;
	if (match_phase(p->m) == MATCH_SEED)
		return seed_checks(g, action, e);
	if (p->secret == NULL && match_setup_due(p->m, p->me))
		return error_set(e, EXIT_REFUSED, "%s: make your setup first",
		    g->path);
	if (!match_setup_due(p->m, p->me) && cli_judged_waiting(g, e) != 0)
		return -1;
	if (p->m->judge_mode && action == NULL)
		return error_set(e, EXIT_USAGE, "in a judged game the judge "
		    "sends every opening; give an action");
	if (match_phase(p->m) == MATCH_FINAL && action != NULL)
		return error_set(e, EXIT_REFUSED, "the game is over; run turn "
		    "without an action to send your final openings");
	return 0;
}

/*
 * The entries about time (a game with a clock): "leave DURATION", "leave
 * UNTIL" or "leave FROM UNTIL" (times as 2026-12-24T00:00:00Z), and in a
 * peer game "timeout", the claim that the seat whose clock runs is out of
 * time.  1: the action is none of them.
 */
static int
time_entry(const struct transcript *p, const char *action, struct buf *body,
    struct error *e)
{
	const struct match *m = p->m;
	char w[3][64];
	int64_t now = when_now(), from = 0, until, d;
	int n;

	if (action == NULL)
		return 1;
	n = sscanf(action, "%63s %63s %63s", w[0], w[1], w[2]);
	if (n < 1 || (strcmp(w[0], "leave") != 0 &&
	    strcmp(w[0], "timeout") != 0))
		return 1;
	if (!m->clock.on)
		return error_set(e, EXIT_USAGE, "%s: this game has no clock",
		    w[0]);
	if (strcmp(w[0], "timeout") == 0) {
		if (n != 1)
			return error_set(e, EXIT_USAGE, "timeout takes nothing "
			    "more");
		if (m->judge_mode)
			return error_set(e, EXIT_USAGE, "timeout: in a judged "
			    "game the judge rules timeouts (judge -t)");
		if (m->clk.runs < 0 || m->clk.runs == p->me)
			return error_set(e, EXIT_REFUSED, "timeout: no other "
			    "seat's clock runs");
		return entry_timeout(m, p->me, m->clk.runs, body, e);
	}
	if (n == 2 && when_duration(w[1], &d) == 0)
		until = now + d;
	else if (n == 2 && when_parse(w[1], &until) == 0)
		;
	else if (n == 3 && when_parse(w[1], &from) == 0 &&
	    when_parse(w[2], &until) == 0) {
		if (until <= from)
			return error_set(e, EXIT_USAGE, "leave %s %s: the "
			    "absence ends before it begins", w[1], w[2]);
	} else
		return error_set(e, EXIT_USAGE, "leave DURATION (5d), leave "
		    "UNTIL or leave FROM UNTIL (times as 2026-12-24T00:00:00Z)");
	return entry_leave(m, p->me, from, until, body, e);
}

/* "resign" as a player may type it: in capitals, with blanks or commas */
static int
is_resign(const char *action)
{
	char clean[512];

	if (action == NULL)
		return 0;
	game_notation_clean(action, clean, sizeof(clean));
	return strcasecmp(clean, "resign") == 0;
}

/*
 * The result a resignation that ends the game gives, in one line ("" when
 * the game goes on): the entry applied to a copy of the match, as every
 * receiver applies it, so that the surprise of knights with 3 or 4 seats
 * (the last to resign still scores, and may share first place or win by
 * the final count) is said to the seat that resigns.
 */
static void
resign_note(const struct transcript *p, const struct buf *body, int dry,
    char *out, size_t len)
{
	struct transcript t = *p;
	const char *name[GAME_MAX_SEATS];
	struct game_result r;
	struct error ign;
	char who[200] = "";
	int i, n = 0;

	out[0] = '\0';
	if ((t.m = match_clone(p->m)) == NULL)
		return;
	r.over = 0;
	if (transcript_try(&t, body, &ign) == 0)
		match_result(t.m, &r);
	/* the winners, the seat itself last as "you": "bob and you" */
	for (i = 0; r.over && i < t.m->nseats; i++)
		if (r.winner[i] && i != p->me)
			name[n++] = t.m->seat[i].name;
	if (r.over && p->me < t.m->nseats && r.winner[p->me])
		name[n++] = "you";
	for (i = 0; i < n; i++)
		snprintf(who + strlen(who), sizeof(who) - strlen(who), "%s%s",
		    i == 0 ? "" : i == n - 1 ? " and " : ", ", name[i]);
	if (r.over && r.draw)
		snprintf(out, len, "your resignation %s the game: a draw (%s)",
		    dry ? "would end" : "ends", r.why);
	else if (r.over)
		snprintf(out, len, "your resignation %s the game: %s %s (%s)",
		    dry ? "would end" : "ends", n > 0 ? who : "no one",
		    dry ? "would win" : n == 0 || (n == 1 &&
		    strcmp(who, "you") != 0) ? "wins" : "win", r.why);
	match_free(t.m);
}

/* The entry sent, or with -n (k NULL) tried on this copy alone. */
static int
send(struct transcript *p, const struct key_secret *k, const struct buf *body,
    struct buf *out, int *sent, struct error *e)
{
	(*sent)++;
	if (k == NULL)
		return transcript_try(p, body, e);
	return transcript_send(p, k, body, NULL, out, e);
}

/* The entries of this turn: sent with k, or tried on this copy alone when
 * k is NULL; note, what a resignation that ends the game will make of it
 * (NOTE_LEN, "" when nothing). */
#define NOTE_LEN	400
static int
play(struct gamedir *g, const struct key_secret *k, const char *action,
    struct buf *out, char *note, struct error *e)
{
	struct transcript *p = &g->t;
	struct buf body;
	int rc, sent = 0;

	note[0] = '\0';

	buf_init(&body);
	if ((rc = time_entry(p, action, &body, e)) < 0)
		goto done;
	if (rc == 0 && send(p, k, &body, out, &sent, e) != 0) {
		rc = -1;
		goto done;
	}
	if (rc == 1 && match_phase(p->m) == MATCH_SEED && action == NULL) {
		/* the creator's share, derived from its key, is made with
		 * it alone: the dry run does not try it */
		rc = k == NULL && p->me == p->m->seed.creator ? 0 :
		    entry_share_of(p->m, p->me, k, &body, e) != 0 ? -1 :
		    send(p, k, &body, out, &sent, e);
		goto done;
	}
	if (rc == 1 && match_phase(p->m) != MATCH_FINAL &&
	    entry_turn_cond(p->m, p->me, p->secret, action, p->cond, &body,
	    e) != 0) {
		rc = -1;
		goto done;
	}
	if (rc == 1 && is_resign(action))
		resign_note(p, &body, k == NULL, note, NOTE_LEN);
	if (rc == 1 && match_phase(p->m) != MATCH_FINAL &&
	    send(p, k, &body, out, &sent, e) != 0) {
		rc = -1;
		goto done;
	}
	rc = -1;
	/* the end of the game: this seat's whole setup opens at once */
	if (!p->m->judge_mode && match_phase(p->m) == MATCH_FINAL &&
	    match_next_author(p->m) == p->me) {
		body.len = 0;
		if (entry_final(p->m, p->me, p->secret, &body, e) != 0 ||
		    send(p, k, &body, out, &sent, e) != 0)
			goto done;
	} else if (match_phase(p->m) == MATCH_FINAL && action == NULL &&
	    sent == 0) {
		error_set(e, EXIT_REFUSED, "the game is over and no final "
		    "openings are due from %s now: %s's are", g->seat,
		    match_author_name(p->m, match_next_author(p->m)));
		goto done;
	}
	rc = 0;
done:
	buf_free(&body);
	return rc;
}

/* Each line's first step, on c as this seat's move leaves it (off: as
 * it is, the seat's conditions sent while another seat is to move): the
 * opponent's action must be one it can type there. */
static int
cond_first(const struct match *c, const struct cond_set *s, int off,
    struct error *e)
{
	struct game_action a;
	char first[COND_ACTION];
	int i, next = c->rules->to_move(c->state);

	/* an action waiting for the judge (a combat, an interrogation):
	 * whose turn follows is not known yet; the steps are checked as
	 * they come */
	if (s == NULL || c->pending)
		return 0;
	if (next < 0 || next == c->me)
		return error_set(e, EXIT_USAGE, "-c: after this move %s: "
		    "conditions would wait for nothing", next < 0 ?
		    "the game is over" : "it is your turn again");
	for (i = 0; i < s->n; i++) {
		/* the first of the others' actions: the next seat's */
		cond_part(s->line[i].when[0], 0, first, sizeof(first));
		if (c->rules->parse(c->state, next, first, &a, e) != 0) {
			e->status = EXIT_USAGE;
			return error_prefix(e, "-c: line %d: %s cannot play "
			    "\"%s\" %s", i + 1, c->seat[next].name, first,
			    off ? "now" : "after your move");
		}
	}
	return 0;
}

/* The seat's conditions changed off its turn (kind conditions): sent
 * with k, or tried on this copy alone when k is NULL. */
static int
cond_send(struct gamedir *g, const struct key_secret *k, struct buf *out,
    struct error *e)
{
	struct buf body;
	int rc, sent = 0;

	buf_init(&body);
	rc = entry_conditions(g->t.m, g->t.me, g->t.cond, &body, e);
	if (rc == 0)
		rc = send(&g->t, k, &body, out, &sent, e);
	buf_free(&body);
	return rc;
}

/* The turn played first on a copy of the match, as -n plays it: an
 * illegal or mistyped action is refused before the passphrase is asked
 * (off: the conditions changed off turn). */
static int
rehearse(struct gamedir *g, const char *action, int off, struct error *e)
{
	struct match *real = g->t.m, *copy;
	char note[NOTE_LEN];
	int rc;

	if ((copy = match_clone(real)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	g->t.m = copy;
	rc = off ? cond_send(g, NULL, NULL, e) :
	    play(g, NULL, action, NULL, note, e);
	if (rc == 0 && !off)
		rc = cond_first(copy, g->t.cond, 0, e);
	g->t.m = real;
	match_free(copy);
	return rc;
}

/* The seat's own record of the conditions it sent (its view lists them
 * while they are pending). */
static int
cond_keep(struct gamedir *g, struct error *e)
{
	struct buf b;
	int rc;

	buf_init(&b);
	rc = cond_record_write(g->t.cond, &b, e);
	if (rc == 0)
		rc = g->t.store->put_cond(g->t.arg, g->t.me, &b, e);
	/* every set kept: one sent off turn may cross a move in the mail,
	 * and the set before stays the one the chain holds */
	if (rc == 0)
		rc = g->t.store->put_cond_at(g->t.arg, g->t.me, g->t.cond->seq,
		    &b, e);
	if (b.data != NULL)
		sec_wipe(b.data, b.len);
	buf_free(&b);
	return rc;
}

/*
 * turn -c: each value a line ("IF => THEN ; ..."), a file of lines (an
 * existing file's name without "=>"), or "-": none (this entry carries
 * no conditions; without an action, the seat's are cleared).  Judged
 * games only: in a peer game nobody but the opponent could apply them,
 * and it would have to read them.  Sealed for this entry's seq; *out
 * NULL when none.
 */
static int
conditions(struct gamedir *g, const struct cli_send *o,
    struct cond_set **out, struct error *e)
{
	const struct match *m = g->t.m;
	struct cond_set *s;
	struct buf b;
	int i, none = 0, rc = 0;

	*out = NULL;
	if (o->ncond == 0)
		return 0;
	if (!m->judge_mode)
		return error_set(e, EXIT_USAGE, "-c: conditions need a judge: "
		    "in a peer game only your opponent could apply them, and "
		    "it would have to read them to do it");
	if ((s = sec_malloc(sizeof(*s))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	memset(s, 0, sizeof(*s));
	buf_init(&b);
	for (i = 0; rc == 0 && i < o->ncond; i++) {
		b.len = 0;
		if (strcmp(o->cond[i], "-") == 0)
			none = 1;
		else if (strstr(o->cond[i], "=>") != NULL ||
		    !fsio_exists(o->cond[i]))
			rc = cond_add(s, o->cond[i], e);
		else if ((rc = fsio_read_regular(o->cond[i], 64 * 1024, &b,
		    NULL, e)) == 0)
			rc = cond_add_text(s, (const char *)b.data, b.len,
			    o->cond[i], e);
	}
	if (rc == 0 && none && o->ncond > 1)
		rc = error_set(e, EXIT_USAGE, "-c -: no conditions, alone; "
		    "not with others");
	if (rc == 0 && !none && s->n == 0)
		rc = error_set(e, EXIT_USAGE, "-c: no line of conditions (use "
		    "-c - for none)");
	if (rc == 0 && !none)
		rc = cond_seal(s, m->game_id, m->seat[g->t.me].name,
		    m->seq + 1, e);
	if (b.data != NULL)
		sec_wipe(b.data, b.len);
	buf_free(&b);
	if (rc == 0 && !none) {
		*out = s;
		return 0;
	}
	sec_wipe(s, sizeof(*s));
	sec_free(s);
	return rc;
}

int
cli_turn(struct gamedir *g, const char *action, int dry, struct buf *out,
    struct error *e)
{
	struct key_secret *k = NULL;
	char note[NOTE_LEN];
	int rc;

	if (checks(g, action, e) != 0)
		return -1;
	if (!dry && (rehearse(g, action, 0, e) != 0 ||
	    (k = cli_key(g, e)) == NULL))
		return -1;
	rc = play(g, k, action, out, note, e);
	/* -n: the copy played on is this one, as the move leaves it */
	if (rc == 0 && dry)
		rc = cond_first(g->t.m, g->t.cond, 0, e);
	/* kept before it is printed: a message sent is always resent */
	if (rc == 0 && !dry)
		rc = gamedir_commit(g, e);
	if (rc == 0 && !dry && g->t.cond != NULL)
		rc = cond_keep(g, e);
	if (rc == 0 && note[0] != '\0')
		fprintf(stderr, "%s\n", note);
	key_secret_free(k);
	return rc;
}

/*
 * turn -c without an action: the seat's conditions changed while another
 * seat is to move, an entry of its own (kind conditions), or with -c -
 * cleared.  On its own turn they go with its move; not after the end, nor
 * from a copy whose seat was handed to another key.
 */
static int
cond_off(struct gamedir *g, int dry, struct buf *out, struct error *e)
{
	const struct match *m = g->t.m;
	struct key_secret *k = NULL;
	char gone[300];
	int rc, me = g->t.me;

	if (me >= m->nseats)
		return error_set(e, EXIT_USAGE, "%s: the judge takes no turns",
		    g->path);
	if (cli_not_over(g, e) != 0 || cli_judged_waiting(g, e) != 0)
		return -1;
	if (holder_gone_line(m, me, gone, sizeof(gone)))
		return error_set(e, EXIT_REFUSED, "%s: your seat %s was %s",
		    cli_dir_shown(g), m->seat[me].name, gone);
	if (match_phase(m) != MATCH_PLAY)
		return error_set(e, EXIT_REFUSED, "-c: conditions answer a "
		    "move: the play has not begun (%s owes %s first)",
		    match_author_name(m, match_next_author(m)),
		    match_phase(m) == MATCH_SEED ? "a share of the seed" :
		    "a setup");
	if (match_next_author(m) == me || m->rules->to_move(m->state) == me)
		return error_set(e, EXIT_REFUSED, "-c without an action: it is "
		    "your turn, and conditions go with your move (turn -c LINE "
		    "ACTION)");
	if (g->t.cond == NULL && m->seat[me].cond_seq == 0)
		return error_set(e, EXIT_REFUSED, "-c -: none of your "
		    "conditions is pending; nothing to clear");
	if (cond_first(m, g->t.cond, 1, e) != 0)
		return -1;
	if (dry)
		return cond_send(g, NULL, NULL, e);
	if (rehearse(g, NULL, 1, e) != 0 || (k = cli_key(g, e)) == NULL)
		return -1;
	rc = cond_send(g, k, out, e);
	/* kept before it is printed: a message sent is always resent */
	if (rc == 0)
		rc = gamedir_commit(g, e);
	if (rc == 0 && g->t.cond != NULL)
		rc = cond_keep(g, e);
	key_secret_free(k);
	return rc;
}

int
cmd_turn(int argc, char **argv, struct error *e)
{
	struct cond_set *cond;
	struct cli_send o;
	char action[512];
	struct gamedir g;
	struct buf out;
	char what[64];
	uint64_t seq;
	int rc;

	if (cli_turn_options(argc, argv, &o, e) != 0)
		return -1;
	argc -= optind;
	argv += optind;
	if (join_words(argc, argv, action, sizeof(action), e) != 0 ||
	    cli_gamedir(o.w.dir, o.w.root, o.dry ? GAMEDIR_READ : GAMEDIR_WRITE,
	    &g, e) != 0)
		return -1;
	if (conditions(&g, &o, &cond, e) != 0) {
		gamedir_close(&g);
		return -1;
	}
	g.t.cond = cond;
	buf_init(&out);
	seq = g.t.m->seq + 1;
	/* -M: the addresses are checked before anything is written */
	rc = o.mail ? mail_message_check(g.t.m, g.t.me, e) : 0;
	if (rc == 0 && argc == 0 && o.ncond > 0)
		rc = cond_off(&g, o.dry, &out, e);
	else if (rc == 0)
		rc = cli_turn(&g, argc > 0 ? action : NULL, o.dry, &out, e);
	if (rc == 0 && o.dry)
		rc = cli_dry_view(&g, e);
	else if (rc == 0 && o.mail)
		rc = cli_mail(&g, seq, &out, e);
	if (rc == 0 && !o.dry)
		rc = cli_deliver(&g, cli_entries(&g, seq, what,
		    sizeof(what)), &out, o.mail, o.send, e);
	buf_free(&out);
	gamedir_close(&g);
	if (cond != NULL) {
		sec_wipe(cond, sizeof(*cond));
		sec_free(cond);
	}
	return rc;
}
