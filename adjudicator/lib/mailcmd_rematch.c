/*
 * REMATCH GAMEID by mail: a member whose key held a seat of a game of
 * two seats that this judge judged, and that is over, asks the member
 * whose key held the other seat to play it again: the same rules and
 * options (the clock too), the seats swapped.  The judge keeps it as a
 * challenge that names the game it plays again (ROOT/challenges) and
 * mails the other member its code, as CHALLENGE does (mailcmd_ask.c);
 * ACCEPT CODE makes the game (mailcmd_challenge.c), its first seat the
 * old second's member, no lot.
 *
 * One open rematch of a game between its two members: asked again, by
 * either, the judge answers with the same one.  Seats are members by
 * the key that held them at the game's end, as the directory lists it
 * now (a key changed since is no longer that seat's).  Asked only by a
 * mail that repeats the code the judge mailed to the asker's address
 * (as CHALLENGE: mailcmd_ask_confirm).  formats/club.md.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "gamedir.h"
#include "mailbot_int.h"
#include "mailcmd.h"
#include "mailcmd_ask.h"
#include "mailcmd_game.h"
#include "match.h"

/* What REMATCH reads of the old game, before the root's lock. */
struct old {
	char			 game[ROOT_ID];
	char			 rules[32];
	char			 options[MAIL_SAID];
	struct key_public	 key[2];	/* who held the seats at the
						 * end */
	char			 name[2][KEY_NAME_MAX + 1];
	char			 verdict[32];	/* "": it may be played again */
	char			 why[400];
};

static int
no(struct old *o, const char *verdict, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The game may not be played again: why, for the sender. */
static int
no(struct old *o, const char *verdict, const char *fmt, ...)
{
	va_list ap;

	snprintf(o->verdict, sizeof(o->verdict), "%s", verdict);
	va_start(ap, fmt);
	(void)vsnprintf(o->why, sizeof(o->why), fmt, ap);
	va_end(ap);
	return 0;
}

/* The old game's match m: whether it can be played again, and how. */
static int
judge_old(const struct match *m, struct old *o)
{
	char why[sizeof(o->why)];
	int i;

	if (m->nseats != 2)
		return no(o, "rematch,seats", "game %.16s has %d seats: a "
		    "rematch is of a game of two", m->game_hex, m->nseats);
	if (match_phase(m) != MATCH_CLOSED)
		return no(o, "rematch,notover", "game %.16s is not over (LIST "
		    "says whose turn it is)", m->game_hex);
	if (m->aborted)
		return no(o, "rematch,aborted", "game %.16s was aborted by the "
		    "judge's operator, not played to its end (CHALLENGE for a "
		    "new game)", m->game_hex);
	snprintf(o->rules, sizeof(o->rules), "%s", m->rules->name);
	if (mailcmd_game_options(m, o->options, sizeof(o->options)) != 0)
		return no(o, "rematch,game", "the options of game %.16s do "
		    "not fit in a challenge", m->game_hex);
	if (mailcmd_game_check(o->rules, o->options, why, sizeof(why)) != 0)
		return no(o, "rematch,game", "%s", why);
	for (i = 0; i < 2; i++) {
		o->key[i] = m->seat[i].key;
		snprintf(o->name[i], sizeof(o->name[i]), "%s", m->seat[i].name);
	}
	return 0;
}

/*
 * The game id names in o: -1 with e on a system error, or when the
 * directory is not the judge's own copy (the operator's to mend); else
 * 0, o->verdict set when it cannot be played again.
 */
static int
read_old(struct bot_run *r, const char *id, struct old *o, struct error *e)
{
	struct gamedir g;
	char dir[PATH_MAX];
	struct error x;
	int rc;

	memset(o, 0, sizeof(*o));
	error_clear(&x);
	if (root_find(r->b->root, id, dir, sizeof(dir), &x) != 0) {
		if (x.status == EXIT_SYSTEM) {
			*e = x;
			return -1;
		}
		return no(o, "rematch,nogame", "no one game of this judge has "
		    "an id starting with %s (LIST gives their ids)", id);
	}
	if (gamedir_open(dir, GAMEDIR_READ, &g, NULL, e) != 0)
		return -1;
	snprintf(o->game, sizeof(o->game), "%s", g.t.m->game_hex);
	snprintf(r->b->game, sizeof(r->b->game), "%s", o->game);
	r->b->entry = g.t.m->seq;
	if (g.t.me != GAME_JUDGE)
		rc = error_set(e, EXIT_USAGE, "%s: %s's game directory, not "
		    "the judge's", dir, g.seat);
	else
		rc = judge_old(g.t.m, o);
	gamedir_close(&g);
	return rc;
}

/* The member of the directory whose key is k, or NULL. */
static const struct club_member *
member_of(const struct mailcmd_ask *a, const struct key_public *k)
{
	const struct club_member *m = club_member_keyed(&a->mem, k->id);

	return m != NULL && key_same(&m->key, k) ? m : NULL;
}

/* The rematch of o kept between me and other, or NULL. */
static struct club_challenge *
kept(const struct mailcmd_ask *a, const struct old *o,
    const struct club_member *other)
{
	const struct club_challenge *k;
	size_t i;

	for (i = 0; i < a->cs.n; i++) {
		k = &a->cs.c[i];
		if (strcmp(k->rematch, o->game) == 0 && ((strcmp(k->from,
		    a->me->name) == 0 && strcmp(k->to, other->name) == 0) ||
		    (strcmp(k->from, other->name) == 0 && strcmp(k->to,
		    a->me->name) == 0)))
			return &a->cs.c[i];
	}
	return NULL;
}

/* A rematch asked before: made, asked again, or asked of the sender. */
static int
again(struct mailcmd_ask *a, struct club_challenge *k,
    const struct club_member *other, struct error *e)
{
	char text[400];

	if (mailcmd_ask_made(a->r, k->game)) {
		snprintf(text, sizeof(text), "The rematch of game %.16s is "
		    "made already: game %.16s,\n%s plays first.  Its "
		    "invitations were mailed to both of you.\n", k->rematch,
		    k->game, k->first);
		return mailcmd_ask_tell(a, "rematch,made", text, e);
	}
	if (strcmp(k->from, a->me->name) == 0)
		return mailcmd_ask_offer(a, k, other, 0, "rematch,again", e);
	return mailcmd_ask_remind(a, k, "rematch,asked", e);
}

/* Under the lock: the sender's rematch of o, asked or answered, once
 * confirmed by code. */
static int
rematch(struct mailcmd_ask *a, const struct old *o, const char *code,
    struct error *e)
{
	const struct club_member *other;
	struct club_challenge n, *k;
	char what[600];
	int mine, rc;

	for (mine = 0; mine < 2 && !key_same(&o->key[mine], &a->me->key);
	    mine++)
		;
	if (mine == 2)
		return mailcmd_ask_refuse(a, "rematch,notyours", EXIT_REFUSED,
		    e, "your key (%s) held no seat of game %.16s at its end",
		    a->me->key.idhex, o->game);
	if ((other = member_of(a, &o->key[1 - mine])) == NULL)
		return mailcmd_ask_refuse(a, "rematch,gone", EXIT_REFUSED, e,
		    "%s, your opponent in game %.16s, is not in this club's "
		    "directory with the key (%s) that played it",
		    o->name[1 - mine], o->game, o->key[1 - mine].idhex);
	if ((rc = mailcmd_ask_confirm(a->r, "REMATCH", a->me->name, a->args,
	    code, e)) != 0)
		return rc == 1 ? 0 : -1;
	if ((k = kept(a, o, other)) != NULL)
		return again(a, k, other, e);
	memset(&n, 0, sizeof(n));
	snprintf(n.from, sizeof(n.from), "%s", a->me->name);
	snprintf(n.to, sizeof(n.to), "%s", other->name);
	snprintf(n.rules, sizeof(n.rules), "%s", o->rules);
	snprintf(n.options, sizeof(n.options), "%s", o->options);
	snprintf(n.rematch, sizeof(n.rematch), "%s", o->game);
	/* the seats swapped: the old second seat's member first */
	snprintf(n.first, sizeof(n.first), "%s", mine == 1 ? a->me->name :
	    other->name);
	snprintf(what, sizeof(what), "adjudicator rematch\n%s\n%s\n%s\n%s",
	    n.from, n.to, n.rematch, a->r->b->in.message_id);
	return mailcmd_ask_new(a, &n, what, other, "rematch", e);
}

static int
run(struct bot_run *r, struct error *e)
{
	struct mailcmd_ask a;
	struct old o;
	char code[CLUB_CHALLENGE_ID];
	size_t n;
	int rc;

	if (mailcmd_ask_begin(&a, r, "REMATCH", "rematch,quiet"))
		return 0;
	mailcmd_ask_take_code(a.args, 1, code);
	n = strlen(a.args);
	if (n < ROOT_MIN_PREFIX || n >= ROOT_ID || strspn(a.args,
	    "0123456789abcdefABCDEF") != n)
		return mailcmd_ask_refuse(&a, "rematch,args", EXIT_MALFORMED,
		    e, "\"%.40s\" is not a game's id: REMATCH takes one, or "
		    "its first %d digits or more, as LIST gives them", a.args,
		    ROOT_MIN_PREFIX);
	if (r->club.address[0] == '\0')
		return mailcmd_ask_refuse(&a, "rematch,noaddress",
		    EXIT_REFUSED, e, "this judge makes no games: its operator "
		    "has not set its address (judge.yaml: address)");
	if (read_old(r, a.args, &o, e) != 0 || mailcmd_ask_hold(&a, e) != 0)
		return -1;
	if (a.me == NULL)
		rc = mailcmd_ask_refuse(&a, "rematch,stranger", EXIT_REFUSED,
		    e, "%s is no member's address in this club's directory "
		    "(REGISTER first)", r->b->in.from);
	else if (o.verdict[0] != '\0')
		rc = mailcmd_ask_refuse(&a, o.verdict, EXIT_REFUSED, e, "%s",
		    o.why);
	else
		rc = rematch(&a, &o, code, e);
	mailcmd_ask_let_go(&a);
	return rc;
}

static int
asked(const struct mail_in *in)
{
	char args[MAIL_SAID];

	return mailcmd_said(in, "REMATCH", args, sizeof(args));
}

const struct mailcmd mailcmd_rematch = {
	.name = "REMATCH",
	.usage = "REMATCH GAMEID [CODE]",
	.help = "play a game over again, the seats swapped (ACCEPT)",
	.flags = MAILCMD_GAMES | MAILCMD_CODE,
	.asked = asked,
	.run = run,
};
