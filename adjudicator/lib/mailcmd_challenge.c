/*
 * CHALLENGE, ACCEPT and DECLINE by mail: one member of the club's
 * directory challenges another to a game; the judge keeps the challenge
 * (ROOT/challenges, club_challenges.c) and mails the member challenged,
 * at the address the directory lists, a code that is for that address
 * alone; ACCEPT CODE from it makes the game (mailcmd_game.c), its
 * colours by lot, and mails both seats their invitations; DECLINE CODE
 * drops it.  One that nobody answers lapses (CLUB_CHALLENGE_DAYS).
 *
 * Who asks is the member the directory lists at the mail's address (as
 * MEMBERS): a forged CHALLENGE reaches the member challenged, but only
 * the mailbox the code went to can accept it, and the game it makes
 * mails each seat at its own listed address.  formats/club.md.
 */
#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "fsio.h"
#include "mailbot_int.h"
#include "mailcmd.h"
#include "mailcmd_game.h"
#include "sec.h"
#include "when.h"

struct chal {
	struct bot_run		*r;
	const char		*verb;		/* "CHALLENGE", ... */
	char			 args[MAIL_SAID];
	struct club_members	 mem;
	struct club_challenges	 cs;
	const struct club_member *me;		/* who asks */
	int			 lock;
};

static int
tell(struct chal *c, const char *verdict, const char *text, struct error *e)
{
	return mailcmd_game_tell(c->r, c->verb, verdict, text, e);
}

static int
refuse(struct chal *c, const char *verdict, int status, struct error *e,
    const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* A refusal in one line, nothing changed; the run refuses the mail. */
static int
refuse(struct chal *c, const char *verdict, int status, struct error *e,
    const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = mailcmd_game_vrefuse(c->r, c->verb, verdict, status, e, fmt, ap);
	va_end(ap);
	return rc;
}

/* 16 hex digits: the judge's signature over what, hashed under dom. */
static int
judge_code(const struct bot_run *r, const char *dom, const char *what,
    char out[CLUB_CHALLENGE_ID], struct error *e)
{
	uint8_t h[SEC_HASH];

	if (mailcmd_game_hash(r, dom, what, h, e) != 0)
		return -1;
	sec_hex(out, CLUB_CHALLENGE_ID, h, (CLUB_CHALLENGE_ID - 1) / 2);
	return 0;
}

/* The code that answers challenge id: for the challenged's mailbox. */
static int
answer_code(const struct bot_run *r, const char *id,
    char out[CLUB_CHALLENGE_ID], struct error *e)
{
	char what[80];

	snprintf(what, sizeof(what), "adjudicator challenge answer\n%s", id);
	return judge_code(r, "adj-challenge-code", what, out, e);
}

/* The root's lock, the directory, the challenges; who asks in c->me
 * (NULL: no member). */
static int
hold(struct chal *c, struct error *e)
{
	const struct mailbot *b = c->r->b;
	char path[PATH_MAX];
	size_t i;

	c->lock = -1;
	if ((size_t)snprintf(path, sizeof(path), "%s/%s", b->root,
	    CLUB_LOCK) >= sizeof(path))
		return error_set(e, EXIT_USAGE, "%s: path too long", b->root);
	if (fsio_lock(path, &c->lock, e) != 0)
		return -1;
	if (club_members_read(b->root, &c->mem, e) != 0) {
		fsio_unlock(c->lock);
		return -1;
	}
	if (club_challenges_read(b->root, when_now(), &c->cs, e) != 0) {
		club_members_free(&c->mem);
		fsio_unlock(c->lock);
		return -1;
	}
	for (i = 0; i < c->mem.n && c->me == NULL; i++)
		if (strcasecmp(c->mem.m[i].address, b->in.from) == 0)
			c->me = &c->mem.m[i];
	return 0;
}

static void
let_go(struct chal *c)
{
	club_challenges_free(&c->cs);
	club_members_free(&c->mem);
	fsio_unlock(c->lock);
	c->lock = -1;
}

/* A mail from the judge to member m (not the sender). */
static int
mail_member(struct chal *c, const struct club_member *m,
    const char *subject, const char *text, struct error *e)
{
	struct mail_head h;
	struct buf mail;
	int rc;

	memset(&h, 0, sizeof(h));
	h.from = c->r->club.address;
	h.to[h.nto++] = m->address;
	h.subject = subject;
	h.automatic = 1;
	buf_init(&mail);
	if ((rc = mail_compose(&h, text, strlen(text), &mail, e)) == 0 &&
	    (rc = mailbot_send(c->r->b, &mail, e)) == 0)
		c->r->b->sent++;
	buf_free(&mail);
	return rc;
}

/* "NAME RULES [OPTION=VALUE...]" into name, rules, the options. */
static int
challenge_args(struct chal *c, char *name, char *rules, char *opts,
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
			snprintf(rules, 32, "%.31s", p);
		else
			snprintf(opts + strlen(opts), MAIL_SAID - strlen(opts),
			    "%s%s", opts[0] ? " " : "", p);
	}
	if (n < 2)
		return refuse(c, "challenge,args", EXIT_MALFORMED, e, "it says "
		    "%s: CHALLENGE NAME RULES [OPTION=VALUE...] (a member's "
		    "name, then a game)", n == 0 ? "nothing" : "no game");
	if (!key_name_ok(name))
		return refuse(c, "challenge,args", EXIT_MALFORMED, e,
		    "\"%.40s\" is not a member's name", name);
	return 0;
}

/* The new challenge c->cs gets, and the two mails of it. */
static int
challenge_new(struct chal *c, const struct club_member *to, const char *rules,
    const char *opts, struct error *e)
{
	struct club_challenge *k, n;
	char what[600], code[CLUB_CHALLENGE_ID], t[WHEN_TEXT], text[1536];
	char subject[MAIL_FIELD];

	memset(&n, 0, sizeof(n));
	snprintf(n.from, sizeof(n.from), "%s", c->me->name);
	snprintf(n.to, sizeof(n.to), "%s", to->name);
	snprintf(n.rules, sizeof(n.rules), "%s", rules);
	snprintf(n.options, sizeof(n.options), "%s", opts);
	n.made = when_now();
	n.until = n.made + (int64_t)CLUB_CHALLENGE_DAYS * 86400;
	snprintf(what, sizeof(what), "adjudicator challenge\n%s\n%s\n%s\n%s\n"
	    "%s", n.from, n.to, n.rules, n.options, c->r->b->in.message_id);
	if (judge_code(c->r, "adj-challenge-id", what, n.id, e) != 0 ||
	    answer_code(c->r, n.id, code, e) != 0)
		return -1;
	if ((k = club_challenge_id(&c->cs, n.id)) == NULL) {
		if ((k = club_challenge_add(&c->cs)) == NULL)
			return error_set(e, EXIT_SYSTEM, "%s: %s",
			    c->r->b->root, "too many challenges, or out of "
			    "memory");
		*k = n;
		if (club_challenges_write(c->r->b->root, &c->cs, e) != 0)
			return -1;
	}
	when_format(k->until, t, sizeof(t));
	snprintf(text, sizeof(text), "%s challenges you to a game of %s%s%s,"
	    "\njudged by this club's judge (challenge %s).\nTo play, mail the "
	    "judge, from this address, a Subject of\n    ACCEPT %s\nor, to "
	    "decline it,\n    DECLINE %s\nThe code is for this address alone."
	    "  The challenge lapses at\n%s.\n", k->from, k->rules,
	    k->options[0] ? ", " : "", k->options, k->id, code, code, t);
	snprintf(subject, sizeof(subject), "[adjudicator] %s challenges you "
	    "to %s", k->from, k->rules);
	if (mail_member(c, to, subject, text, e) != 0)
		return -1;
	report_line(c->r->b->report, "%s: challenge %s: %s challenges %s",
	    c->r->name, k->id, k->from, k->to);
	snprintf(text, sizeof(text), "Your challenge %s to %s, a game of %s%s"
	    "%s, is sent.\n%s answers by ACCEPT or DECLINE before %s.\nIf %s "
	    "accepts, the judge makes the game and mails you\nyour "
	    "invitation.\n", k->id, k->to, k->rules, k->options[0] ? ", " :
	    "", k->options, k->to, t, k->to);
	return tell(c, "challenge", text, e);
}

static int
run_challenge(struct bot_run *r, struct error *e)
{
	struct chal c;
	const struct club_member *to;
	char name[KEY_NAME_MAX + 1], rules[32], opts[MAIL_SAID], why[400];
	int rc;

	memset(&c, 0, sizeof(c));
	c.r = r;
	c.verb = "CHALLENGE";
	if (r->b->in.from[0] == '\0' || r->b->in.automatic) {
		snprintf(r->b->verdict, sizeof(r->b->verdict),
		    "challenge,quiet");
		return 0;
	}
	(void)mailcmd_said(&r->b->in, c.verb, c.args, sizeof(c.args));
	if (challenge_args(&c, name, rules, opts, e) != 0)
		return -1;
	if (r->club.address[0] == '\0')
		return refuse(&c, "challenge,noaddress", EXIT_REFUSED, e,
		    "this judge makes no games: its operator has not set its "
		    "address (judge.yaml: address)");
	if (mailcmd_game_check(rules, opts, why, sizeof(why)) != 0)
		return refuse(&c, "challenge,game", EXIT_REFUSED, e, "%s", why);
	if (hold(&c, e) != 0)
		return -1;
	if (c.me == NULL)
		rc = refuse(&c, "challenge,stranger", EXIT_REFUSED, e,
		    "%s is no member's address in this club's directory "
		    "(REGISTER first)", r->b->in.from);
	else if ((to = club_member_named(&c.mem, name)) == NULL)
		rc = refuse(&c, "challenge,nomember", EXIT_REFUSED, e, "%s is "
		    "no member of this club (MEMBERS lists them)", name);
	else if (to == c.me)
		rc = refuse(&c, "challenge,self", EXIT_REFUSED, e, "%s is you: "
		    "challenge another member", name);
	else
		rc = challenge_new(&c, to, rules, opts, e);
	let_go(&c);
	return rc;
}

/* The open or accepted challenge to c->me whose code is c->args. */
static int
find_mine(struct chal *c, struct club_challenge **out, struct error *e)
{
	char code[CLUB_CHALLENGE_ID];
	size_t i;

	*out = NULL;
	for (i = 0; i < c->cs.n && *out == NULL; i++) {
		if (strcmp(c->cs.c[i].to, c->me->name) != 0)
			continue;
		if (answer_code(c->r, c->cs.c[i].id, code, e) != 0)
			return -1;
		if (strcasecmp(code, c->args) == 0)
			*out = &c->cs.c[i];
	}
	if (*out == NULL)
		return refuse(c, "answer,nocode", EXIT_REFUSED, e,
		    "no challenge to you has the code %s (it lapsed, was "
		    "declined, or the code is mistyped)", c->args);
	return 0;
}

/* Whether game is filed in the root. */
static int
made(const struct bot_run *r, const char *game)
{
	char dir[PATH_MAX];
	struct error x;

	return game[0] != '\0' && root_dir(r->b->root, game, dir,
	    sizeof(dir), &x) == 0 && root_is_game(dir);
}

/*
 * Under the lock: the game of challenge k made and filed, its id kept
 * in the record first (a crash between leaves a game named that is not
 * filed, which the same ACCEPT makes again).
 */
static int
make_game(struct chal *c, struct club_challenge *k,
    const struct club_member *from, struct error *e)
{
	char what[400];
	struct buf sb;
	int lot, rc;

	if (made(c->r, k->game))
		return 0;
	snprintf(what, sizeof(what), "adjudicator lot\n%s\n%s", k->id,
	    c->r->b->in.message_id);
	if (mailcmd_game_lot(c->r, what, &lot, e) != 0)
		return -1;
	buf_init(&sb);
	rc = mailcmd_game_make(c->r, k->rules, k->options, lot ? c->me :
	    from, lot ? from : c->me, &sb, k->game, e) != 0 ||
	    club_challenges_write(c->r->b->root, &c->cs, e) != 0 ||
	    mailcmd_game_file(c->r, &sb, e) != 0 ? -1 : 0;
	buf_free(&sb);
	return rc;
}

static int
accept_it(struct chal *c, struct club_challenge *k, char game[ROOT_ID],
    char from[KEY_NAME_MAX + 1], struct error *e)
{
	const struct club_member *f = club_member_named(&c->mem, k->from);

	if (f == NULL)
		return refuse(c, "accept,gone", EXIT_REFUSED, e, "%s, who "
		    "challenged you, is no longer in the directory", k->from);
	if (c->r->club.address[0] == '\0')
		return refuse(c, "accept,noaddress", EXIT_REFUSED, e, "this "
		    "judge makes no games: its operator has not set its "
		    "address (judge.yaml: address)");
	if (make_game(c, k, f, e) != 0)
		return e->status == EXIT_SYSTEM ? -1 : refuse(c, "accept,game",
		    EXIT_REFUSED, e, "%s", e->msg);
	snprintf(game, ROOT_ID, "%s", k->game);
	snprintf(from, KEY_NAME_MAX + 1, "%s", k->from);
	return 0;
}

static int
decline_it(struct chal *c, struct club_challenge *k, struct error *e)
{
	const struct club_member *f = club_member_named(&c->mem, k->from);
	char text[600], subject[MAIL_FIELD];

	if (made(c->r, k->game))
		return refuse(c, "decline,made", EXIT_REFUSED, e,
		    "you accepted it already: game %.16s", k->game);
	snprintf(text, sizeof(text), "%s declined your challenge %s (%s).\n",
	    c->me->name, k->id, k->rules);
	snprintf(subject, sizeof(subject), "[adjudicator] %s declined your "
	    "challenge", c->me->name);
	club_challenge_remove(&c->cs, k);
	if (club_challenges_write(c->r->b->root, &c->cs, e) != 0)
		return -1;
	if (f != NULL && mail_member(c, f, subject, text, e) != 0)
		return -1;
	return tell(c, "decline", "You declined the challenge: it is gone, "
	    "and its challenger told.\n", e);
}

static int
run_answer(struct bot_run *r, const char *verb, struct error *e)
{
	struct club_challenge *k;
	struct chal c;
	char game[ROOT_ID] = "", from[KEY_NAME_MAX + 1], said[2][200];
	char me[KEY_NAME_MAX + 1];
	const char *say[2] = { said[0], said[1] };
	int rc, acc = strcmp(verb, "ACCEPT") == 0;

	memset(&c, 0, sizeof(c));
	c.r = r;
	c.verb = verb;
	if (r->b->in.from[0] == '\0' || r->b->in.automatic) {
		snprintf(r->b->verdict, sizeof(r->b->verdict), "answer,quiet");
		return 0;
	}
	(void)mailcmd_said(&r->b->in, verb, c.args, sizeof(c.args));
	if (strlen(c.args) != CLUB_CHALLENGE_ID - 1 || strspn(c.args,
	    "0123456789abcdefABCDEF") != strlen(c.args))
		return refuse(&c, "answer,args", EXIT_MALFORMED, e, "\"%.40s\" "
		    "is not a code: %s takes the code the judge mailed with "
		    "the challenge, %d hex digits", c.args, verb,
		    CLUB_CHALLENGE_ID - 1);
	if (hold(&c, e) != 0)
		return -1;
	if (c.me == NULL)
		rc = refuse(&c, "answer,stranger", EXIT_REFUSED, e, "%s is no "
		    "member's address in this club's directory", r->b->in.from);
	else if ((rc = find_mine(&c, &k, e)) == 0)
		rc = acc ? accept_it(&c, k, game, from, e) :
		    decline_it(&c, k, e);
	if (rc == 0 && acc) {
		snprintf(me, sizeof(me), "%s", c.me->name);
		snprintf(said[0], sizeof(said[0]), "you accepted %s's "
		    "challenge", from);
		snprintf(said[1], sizeof(said[1]), "%s accepted your "
		    "challenge", me);
	}
	let_go(&c);
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
	.help = "challenge a member to a game (OPTION=VALUE may follow)",
	.flags = 0,
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
