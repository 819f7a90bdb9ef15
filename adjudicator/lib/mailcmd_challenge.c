/*
 * CHALLENGE, ACCEPT and DECLINE by mail: one member of the club's
 * directory challenges another to a game; the judge keeps the challenge
 * (ROOT/challenges, club_challenges.c) and mails the member challenged,
 * at the address the directory lists, a code that is for that address
 * alone; ACCEPT CODE from it makes the game (mailcmd_game.c), its
 * colours by lot, and mails both seats their invitations; DECLINE CODE
 * drops it.  One that nobody answers lapses (CLUB_CHALLENGE_DAYS).
 *
 * Who asks is the member the directory lists at the mail's address, and
 * only a mail that repeats the code the judge mailed to that address (as
 * DIGEST) makes the challenge: a forged From cannot make a game, and
 * start its clock, for a member who never asked for one.  The code is
 * the judge's signature over the asker, the address and the request
 * (mailcmd_ask_confirm).  formats/club.md.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "game.h"
#include "mailbot_int.h"
#include "mailcmd.h"
#include "mailcmd_ask.h"
#include "mailcmd_game.h"
#include "mailcmd_ladder.h"

/* "NAME RULES [OPTION=VALUE...]" into name, rules, the options. */
static int
challenge_args(struct mailcmd_ask *c, char *name, char *rules, char *opts,
    struct error *e)
{
	char copy[MAIL_SAID], *p, *save = NULL;
	size_t n = 0;

	snprintf(copy, sizeof(copy), "%s", c->args);
	name[0] = rules[0] = opts[0] = '\0';
	for (p = strtok_r(copy, " \t", &save); p != NULL;
	    p = strtok_r(NULL, " \t", &save), n++) {
		if (n == 0)
			snprintf(name, KEY_NAME_MAX + 1, "%.*s", KEY_NAME_MAX,
			    p);
		else if (n == 1)
			/* a game's name, or a ladder's id (a key name) */
			snprintf(rules, KEY_NAME_MAX + 1, "%.*s",
			    KEY_NAME_MAX, p);
		else
			snprintf(opts + strlen(opts), MAIL_SAID - strlen(opts),
			    "%s%s", opts[0] ? " " : "", p);
	}
	if (n < 2)
		return mailcmd_ask_refuse(c, "challenge,args", EXIT_MALFORMED,
		    e, "it says %s: CHALLENGE NAME RULES [OPTION=VALUE...] (a "
		    "member's name, then a game)", n == 0 ? "nothing" :
		    "no game");
	if (!key_name_ok(name))
		return mailcmd_ask_refuse(c, "challenge,args", EXIT_MALFORMED,
		    e, "\"%.40s\" is not a member's name", name);
	return 0;
}

/* The new challenge c->cs gets (the same mail again: the one it got),
 * and the two mails of it. */
static int
challenge_new(struct mailcmd_ask *c, const struct club_member *to,
    const char *rules, const char *opts, struct error *e)
{
	struct club_challenge n;
	char what[600];

	memset(&n, 0, sizeof(n));
	snprintf(n.from, sizeof(n.from), "%s", c->me->name);
	snprintf(n.to, sizeof(n.to), "%s", to->name);
	snprintf(n.rules, sizeof(n.rules), "%.*s", (int)sizeof(n.rules) - 1,
	    rules);
	snprintf(n.options, sizeof(n.options), "%s", opts);
	snprintf(what, sizeof(what), "adjudicator challenge\n%s\n%s\n%s\n%s\n"
	    "%s", n.from, n.to, n.rules, n.options, c->r->b->in.message_id);
	return mailcmd_ask_new(c, &n, what, to, "challenge", e);
}

static int
run_challenge(struct bot_run *r, struct error *e)
{
	struct mailcmd_ask c;
	const struct club_member *to;
	char name[KEY_NAME_MAX + 1], rules[KEY_NAME_MAX + 1], opts[MAIL_SAID];
	char why[400];
	char code[CLUB_CHALLENGE_ID];
	int rc;

	if (mailcmd_ask_begin(&c, r, "CHALLENGE", "challenge,quiet"))
		return 0;
	mailcmd_ask_take_code(c.args, 2, code);
	if (challenge_args(&c, name, rules, opts, e) != 0)
		return -1;
	if (r->club.address[0] == '\0')
		return mailcmd_ask_refuse(&c, "challenge,noaddress",
		    EXIT_REFUSED, e, "this judge makes no games: its operator "
		    "has not set its address (judge.yaml: address)");
	/* a word that is no game but a tournament held: a ladder's */
	if (game_find(rules) == NULL && mailcmd_ladder_held(r, rules))
		return mailcmd_ladder_challenge(&c, name, rules, opts, code,
		    e);
	if (mailcmd_game_check(rules, opts, why, sizeof(why)) != 0)
		return mailcmd_ask_refuse(&c, "challenge,game", EXIT_REFUSED,
		    e, "%s", why);
	if (mailcmd_ask_hold(&c, e) != 0)
		return -1;
	if (c.me == NULL)
		rc = mailcmd_ask_refuse(&c, "challenge,stranger",
		    EXIT_REFUSED, e, "%s is no member's address in this "
		    "club's directory (REGISTER first)", r->b->in.from);
	else if ((to = club_member_named(&c.mem, name)) == NULL)
		rc = mailcmd_ask_refuse(&c, "challenge,nomember",
		    EXIT_REFUSED, e, "%s is no member of this club (MEMBERS "
		    "lists them)", name);
	else if (to == c.me)
		rc = mailcmd_ask_refuse(&c, "challenge,self", EXIT_REFUSED,
		    e, "%s is you: challenge another member", name);
	else if ((rc = mailcmd_ask_confirm(r, "CHALLENGE", c.me->name, c.args,
	    code, e)) == 0)
		rc = challenge_new(&c, to, rules, opts, e);
	if (rc == 1)
		rc = 0;
	mailcmd_ask_let_go(&c);
	return rc;
}

/* The open or accepted challenge to c->me whose code is c->args. */
static int
find_mine(struct mailcmd_ask *c, struct club_challenge **out, struct error *e)
{
	char code[CLUB_CHALLENGE_ID];
	size_t i;

	*out = NULL;
	for (i = 0; i < c->cs.n && *out == NULL; i++) {
		if (strcmp(c->cs.c[i].to, c->me->name) != 0)
			continue;
		if (mailcmd_ask_code(c->r, c->cs.c[i].id, code, e) != 0)
			return -1;
		if (strcasecmp(code, c->args) == 0)
			*out = &c->cs.c[i];
	}
	if (*out == NULL)
		return mailcmd_ask_refuse(c, "answer,nocode", EXIT_REFUSED, e,
		    "no challenge to you has the code %s (it lapsed, was "
		    "declined, or the code is mistyped)", c->args);
	return 0;
}

/*
 * Under the lock: the game of challenge k made and filed, its id kept
 * in the record first (a crash between leaves a game named that is not
 * filed, which the same ACCEPT makes again).  A rematch's first seat is
 * the record's: no lot.
 */
static int
make_game(struct mailcmd_ask *c, struct club_challenge *k,
    const struct club_member *from, struct error *e)
{
	char what[400];
	struct buf sb;
	int lot, rc;

	if (mailcmd_ask_made(c->r, k->game))
		return 0;
	snprintf(what, sizeof(what), "adjudicator lot\n%s\n%s", k->id,
	    c->r->b->in.message_id);
	if (k->rematch[0] != '\0')
		lot = strcmp(k->first, c->me->name) == 0;
	else if (mailcmd_game_lot(c->r, what, &lot, e) != 0)
		return -1;
	buf_init(&sb);
	rc = mailcmd_game_make(c->r, k->rules, k->options, lot ? c->me :
	    from, lot ? from : c->me, &sb, k->game, e) != 0 ||
	    club_challenges_write(c->r->b->root, &c->cs, e) != 0 ||
	    mailcmd_game_file(c->r, &sb, e) != 0 ? -1 : 0;
	buf_free(&sb);
	return rc;
}

/* Challenge k accepted: its game made, and what each seat's invitation
 * says of it in said: to the member who accepts, then to the other. */
static int
accept_it(struct mailcmd_ask *c, struct club_challenge *k,
    char game[ROOT_ID], char said[2][200], struct error *e)
{
	const struct club_member *f = club_member_named(&c->mem, k->from);
	char of[40] = "";

	if (f == NULL)
		return mailcmd_ask_refuse(c, "accept,gone", EXIT_REFUSED, e,
		    "%s, who challenged you, is no longer in the directory",
		    k->from);
	if (c->r->club.address[0] == '\0')
		return mailcmd_ask_refuse(c, "accept,noaddress", EXIT_REFUSED,
		    e, "this judge makes no games: its operator has not set "
		    "its address (judge.yaml: address)");
	if (k->ladder[0] != '\0')
		return mailcmd_ladder_accept(c, k, f, said, e) != 0 ? -1 :
		    (snprintf(game, ROOT_ID, "%s", k->game), 0);
	if (make_game(c, k, f, e) != 0)
		return e->status == EXIT_SYSTEM ? -1 : mailcmd_ask_refuse(c,
		    "accept,game", EXIT_REFUSED, e, "%s", e->msg);
	snprintf(game, ROOT_ID, "%s", k->game);
	if (k->rematch[0] != '\0')
		snprintf(of, sizeof(of), " of game %.16s", k->rematch);
	snprintf(said[0], 200, "you accepted %s's %s%s", k->from,
	    k->rematch[0] != '\0' ? "rematch" : "challenge", of);
	snprintf(said[1], 200, "%s accepted your %s%s", c->me->name,
	    k->rematch[0] != '\0' ? "rematch" : "challenge", of);
	return 0;
}

static int
decline_it(struct mailcmd_ask *c, struct club_challenge *k, struct error *e)
{
	const struct club_member *f = club_member_named(&c->mem, k->from);
	const char *kind = k->rematch[0] != '\0' ? "rematch" : "challenge";
	char text[600], told[200], subject[MAIL_FIELD], what[300];

	if (mailcmd_ask_made(c->r, k->game))
		return mailcmd_ask_refuse(c, "decline,made", EXIT_REFUSED, e,
		    "you accepted it already: game %.16s", k->game);
	mailcmd_ask_what(k, what, sizeof(what));
	snprintf(text, sizeof(text), "%s declined your %s %s, %s.\n",
	    c->me->name, kind, k->id, what);
	snprintf(subject, sizeof(subject), "[adjudicator] %s declined your "
	    "%s", c->me->name, kind);
	snprintf(told, sizeof(told), "You declined the %s: it is gone%s%s%s."
	    "\n", kind, f != NULL ? ", and " : "", f != NULL ? k->from : "",
	    f != NULL ? " told" : "");
	club_challenge_remove(&c->cs, k);
	if (club_challenges_write(c->r->b->root, &c->cs, e) != 0)
		return -1;
	if (f != NULL && mailcmd_ask_mail(c, f, subject, text, e) != 0)
		return -1;
	return mailcmd_ask_tell(c, "decline", told, e);
}

static int
run_answer(struct bot_run *r, const char *verb, struct error *e)
{
	struct club_challenge *k;
	struct mailcmd_ask c;
	char game[ROOT_ID] = "", said[2][200];
	char me[KEY_NAME_MAX + 1];
	const char *say[2] = { said[0], said[1] };
	int rc, acc = strcmp(verb, "ACCEPT") == 0;

	if (mailcmd_ask_begin(&c, r, verb, "answer,quiet"))
		return 0;
	if (strlen(c.args) != CLUB_CHALLENGE_ID - 1 || strspn(c.args,
	    "0123456789abcdefABCDEF") != strlen(c.args))
		return mailcmd_ask_refuse(&c, "answer,args", EXIT_MALFORMED,
		    e, "\"%.40s\" is not a code: %s takes the code the judge "
		    "mailed with the challenge, %d hex digits", c.args, verb,
		    CLUB_CHALLENGE_ID - 1);
	if (mailcmd_ask_hold(&c, e) != 0)
		return -1;
	if (c.me == NULL)
		rc = mailcmd_ask_refuse(&c, "answer,stranger", EXIT_REFUSED,
		    e, "%s is no member's address in this club's directory",
		    r->b->in.from);
	else if ((rc = find_mine(&c, &k, e)) == 0)
		rc = acc ? accept_it(&c, k, game, said, e) :
		    decline_it(&c, k, e);
	if (rc == 0 && acc)
		snprintf(me, sizeof(me), "%s", c.me->name);
	mailcmd_ask_let_go(&c);
	if (rc != 0 || !acc)
		return rc;
	snprintf(r->b->game, sizeof(r->b->game), "%s", game);
	snprintf(r->b->verdict, sizeof(r->b->verdict), "accept");
	report_line(r->b->report, "%s: challenge accepted by %s: game %.16s",
	    r->name, me, game);
	return mailcmd_game_invite(r, game, me, say, e);
}

static int
asked_challenge(const struct mail_in *in)
{
	char args[MAIL_SAID];

	return mailcmd_said(in, "CHALLENGE", args, sizeof(args));
}

static int
asked_accept(const struct mail_in *in)
{
	char args[MAIL_SAID];

	return mailcmd_said(in, "ACCEPT", args, sizeof(args));
}

static int
asked_decline(const struct mail_in *in)
{
	char args[MAIL_SAID];

	return mailcmd_said(in, "DECLINE", args, sizeof(args));
}

static int
run_accept(struct bot_run *r, struct error *e)
{
	return run_answer(r, "ACCEPT", e);
}

static int
run_decline(struct bot_run *r, struct error *e)
{
	return run_answer(r, "DECLINE", e);
}

const struct mailcmd mailcmd_challenge = {
	.name = "CHALLENGE",
	.usage = "CHALLENGE NAME RULES",
	.help = "challenge to a game (OPTION=VALUE), or on ladder TID",
	/* a ladder's reads its games (mailcmd_ladder.c) */
	.flags = MAILCMD_GAMES | MAILCMD_CODE,
	.asked = asked_challenge,
	.run = run_challenge,
};

const struct mailcmd mailcmd_accept = {
	.name = "ACCEPT",
	.usage = "ACCEPT CODE",
	.help = "accept a challenge: the judge makes the game",
	.flags = MAILCMD_GAMES,
	.asked = asked_accept,
	.run = run_accept,
};

const struct mailcmd mailcmd_decline = {
	.name = "DECLINE",
	.usage = "DECLINE CODE",
	.help = "decline a challenge",
	.flags = 0,
	.asked = asked_decline,
	.run = run_decline,
};
