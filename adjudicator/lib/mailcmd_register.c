/*
 * REGISTER and UNREGISTER by mail: the club's directory (ROOT/members,
 * club_members.c; formats/club.md).
 *
 * A member mails a signed message to the judge (adjudicator seal) whose
 * body names the name it wants and its address: the key that signed it
 * is the key listed, so the key proves itself.  The address must be the
 * mail's own sender, and the judge mails that address a code (as for
 * WATCH: the judge's signature over what is asked, hashed); only the
 * same message mailed again with the code, which needs that mailbox,
 * lists the member.  A name is one key's: the key that holds it alone
 * changes its address or its key (a body "key:", the new key, signed by
 * the old one and, in a second message, the same body by the new one:
 * the new key proves it is held), or takes it out of the directory
 * (UNREGISTER, from the address listed, with its code).  The code also
 * covers when the member last changed, and a new member's how many have
 * left: a confirmation seen once does not do it again, even after the
 * member left.
 */
#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "armor.h"
#include "envelope.h"
#include "fsio.h"
#include "mailbot_int.h"
#include "mailcmd.h"
#include "mailcmd_game.h"
#include "match.h"
#include "sec.h"
#include "when.h"
#include "ydoc.h"

#define WHERE	"the signed message"

struct reg {
	struct bot_run		*r;
	const char		*verb;		/* "REGISTER", "UNREGISTER" */
	char			 code[MAIL_SAID];	/* the one given */
	char			 name[KEY_NAME_MAX + 1];
	char			 address[MAIL_FIELD];
	struct key_public	 signer;
	struct key_public	 key;		/* the key to list */
	int			 newkey;	/* the body's key: */
	int			 cosigned;	/* ... signed it too */
};

/* The sender's answer, and the run's verdict. */
/* What the Subject names: "REGISTER alice". */
static void
as_of(const struct reg *g, char as[MAIL_FIELD])
{
	snprintf(as, MAIL_FIELD, "%s%s%s", g->verb, g->name[0] ? " " : "",
	    g->name);
}

static int
tell(struct reg *g, const char *verdict, const char *text, struct error *e)
{
	char as[MAIL_FIELD];

	as_of(g, as);
	return mailcmd_game_tell(g->r, as, verdict, text, e);
}

static int
refuse(struct reg *g, const char *verdict, int status, struct error *e,
    const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* A refusal: the sender told why, in one line, and that nothing changed;
 * the run refuses the mail (status) for the same reason. */
static int
refuse(struct reg *g, const char *verdict, int status, struct error *e,
    const char *fmt, ...)
{
	char as[MAIL_FIELD];
	va_list ap;
	int rc;

	as_of(g, as);
	va_start(ap, fmt);
	rc = mailcmd_game_vrefuse_as(g->r, g->verb, as, verdict, status, e,
	    fmt, ap);
	va_end(ap);
	return rc;
}

/* The code that confirms it: the judge's signature over what is asked
 * (the verb, the name, the key, the address, the member's last change;
 * for a new member, how many UNREGISTERs the directory had, so that a
 * confirmation seen before a member left does not list it again),
 * hashed. */
static int
code_of(const struct reg *g, int64_t since, uint64_t left,
    char out[MAIL_WATCH_CODE + 1], struct error *e)
{
	uint8_t sig[SEC_SIG], h[SEC_HASH];
	struct buf msg;
	size_t i;
	int rc;

	buf_init(&msg);
	buf_printf(&msg, "adjudicator member\n%s\n%s\n%s\n%lld\n", g->verb,
	    g->name, g->key.idhex, (long long)since);
	if (left > 0)
		buf_printf(&msg, "left %llu\n", (unsigned long long)left);
	for (i = 0; g->address[i] != '\0'; i++)
		buf_printf(&msg, "%c", tolower((unsigned char)g->address[i]));
	rc = key_sign(g->r->b->k, sig, msg.data, msg.len, e);
	buf_free(&msg);
	if (rc != 0)
		return -1;
	if (sec_hash(h, "adj-member-code", sig, sizeof(sig)) != 0)
		return error_set(e, EXIT_SYSTEM, "cannot hash the code");
	sec_hex(out, MAIL_WATCH_CODE + 1, h, MAIL_WATCH_CODE / 2);
	return 0;
}

/* The body's fields, as REGISTER or UNREGISTER (reg) takes them: 0, or
 * the refusal's reason in why. */
static int
body_of(struct reg *g, int reg, const struct ydoc *doc, const char *where,
    char *why, size_t len)
{
	static const char *const rkeys[] = { "club", "name", "address",
	    "key", NULL };
	static const char *const rneed[] = { "club", "name", "address",
	    NULL };
	static const char *const ukeys[] = { "club", "name", NULL };
	const char *club, *name, *addr = NULL, *key;
	struct error x;

	error_clear(&x);
	/* what it is first: a message for the other command says so */
	if (ydoc_expect(doc, YDOC_MAP, "the body", where, &x) != 0 ||
	    (club = ydoc_scalar(doc, "club", where, &x)) == NULL)
		return snprintf(why, len, "%s", x.msg), -1;
	if (strcmp(club, reg ? "register" : "unregister") != 0)
		return snprintf(why, len, "%s: club: \"%.20s\", not %s", where,
		    club, reg ? "register" : "unregister"), -1;
	if (ydoc_check_keys(doc, reg ? rkeys : ukeys, reg ? rneed : ukeys,
	    where, &x) != 0 || (name = ydoc_scalar(doc, "name", where,
	    &x)) == NULL || (reg && (addr = ydoc_scalar(doc, "address",
	    where, &x)) == NULL))
		return snprintf(why, len, "%s", x.msg), -1;
	if (!key_name_ok(name))
		return snprintf(why, len, "%s: name: \"%.40s\" is not a name "
		    "(a-z first, then a-z, 0-9, - and _, at most %d)", where,
		    name, KEY_NAME_MAX), -1;
	snprintf(g->name, sizeof(g->name), "%s", name);
	if (reg && (!header_address_ok(addr) || strlen(addr) >=
	    sizeof(g->address)))
		return snprintf(why, len, "%s: address: not a plain mailbox",
		    where), -1;
	if (reg && strcasecmp(addr, g->r->b->in.from) != 0)
		return snprintf(why, len, "%s: address: %.100s is not the "
		    "address this mail comes from", where, addr), -1;
	if (reg)
		snprintf(g->address, sizeof(g->address), "%s", addr);
	g->key = g->signer;
	if (reg && ydoc_get(doc, "key") != NULL) {
		if ((key = ydoc_scalar(doc, "key", where, &x)) == NULL ||
		    key_public_parse(key, &g->key, where, &x) != 0)
			return snprintf(why, len, "%s", x.msg), -1;
		g->newkey = memcmp(g->key.id, g->signer.id, KEY_ID) != 0;
	}
	return 0;
}

/*
 * The mail's messages opened with the judge's key, their signatures
 * checked; two (a new key's) must carry the same body.
 */
static int
open_all(const struct bot_run *r, const struct armor_list *l,
    struct buf *sb, struct envelope *env, struct error *x)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (envelope_open(l->items[i].data, l->items[i].len, r->b->k,
		    &sb[i], &env[i], WHERE, x) != 0)
			return -1;
	if (l->n == 2 && (env[0].body_len != env[1].body_len ||
	    memcmp(env[0].body, env[1].body, env[0].body_len) != 0))
		return error_set(x, EXIT_REFUSED, "the two signed messages "
		    "differ: a new key signs the very body the old key signed");
	return 0;
}

/*
 * Two messages: a key change, which the new key signs too, so that a
 * member cannot point its name at a key someone else holds.  body_of
 * took the first signer for the old key; the other must be the new.
 */
static int
cosigned(struct reg *g, const struct envelope *env, char *why, size_t len)
{
	const struct envelope *other = &env[1];

	if (!g->newkey && memcmp(env[0].signer.id, g->key.id, KEY_ID) == 0) {
		g->signer = env[1].signer;
		g->newkey = memcmp(g->key.id, g->signer.id, KEY_ID) != 0;
		other = &env[0];
	}
	if (!g->newkey || memcmp(other->signer.id, g->key.id, KEY_ID) != 0)
		return snprintf(why, len, "two signed messages are a key "
		    "change: the same body, with key:, signed by the "
		    "member's key and by that new key"), -1;
	g->cosigned = 1;
	return 0;
}

/*
 * The mail's signed message (two for a new key: the same body signed by
 * the old key and by the new), opened, its signature checked, its body
 * read: 0; -1 with e: refused (the sender told) or a system error.
 */
static int
signed_body(struct reg *g, int reg, struct error *e)
{
	const struct bot_run *r = g->r;
	struct armor_list l = { NULL, 0, NULL };
	struct envelope env[2];
	struct ydoc *doc = NULL;
	struct buf sb[2];
	struct error x;
	char why[600];
	int rc = -1, status = EXIT_MALFORMED;

	error_clear(&x);
	buf_init(&sb[0]);
	buf_init(&sb[1]);
	why[0] = '\0';
	if (r->mail->too_large)
		snprintf(why, sizeof(why), "the mail is too large to be read");
	else if (armor_read(r->mail->text, r->mail->len, ARMOR_MESSAGE,
	    r->name, &l, &x) != 0)
		snprintf(why, sizeof(why), "it needs the signed message in the "
		    "mail (adjudicator seal): %s", x.msg);
	else if (l.n != 1 && !(reg && l.n == 2))
		snprintf(why, sizeof(why), "%zu signed messages: it takes one "
		    "(two for a new key)", l.n);
	else if (open_all(r, &l, sb, env, &x) != 0 ||
	    (doc = ydoc_parse(env[0].body, env[0].body_len, WHERE,
	    &x)) == NULL) {
		snprintf(why, sizeof(why), "%s", x.msg);
		status = x.status;
	} else {
		g->signer = env[0].signer;
		rc = body_of(g, reg, doc, WHERE, why, sizeof(why));
		if (rc == 0 && l.n == 2 && (rc = cosigned(g, env, why,
		    sizeof(why))) != 0)
			status = EXIT_REFUSED;
	}
	ydoc_free(doc);
	buf_free(&sb[0]);
	buf_free(&sb[1]);
	armor_list_free(&l);
	if (x.status == EXIT_SYSTEM) {
		*e = x;
		return -1;
	}
	if (rc != 0)
		return refuse(g, reg ? "register,unread" : "unregister,unread",
		    status == EXIT_REFUSED ? EXIT_REFUSED : EXIT_MALFORMED, e,
		    "%s", why);
	return 0;
}

/* The code given in the command: 0 none, 1 one (g->code), -1 refused. */
static int
code_given(struct reg *g, struct error *e)
{
	char args[MAIL_SAID];

	if (!mailcmd_said(&g->r->b->in, g->verb, args, sizeof(args)) ||
	    args[0] == '\0')
		return 0;
	if (strlen(args) > MAIL_WATCH_CODE || strspn(args,
	    "0123456789abcdefABCDEF") != strlen(args))
		return refuse(g, strcmp(g->verb, "REGISTER") == 0 ?
		    "register,args" : "unregister,args", EXIT_MALFORMED, e,
		    "\"%.40s\" is not a code: %s takes the code the judge "
		    "mailed, %d hex digits, or nothing", args, g->verb,
		    MAIL_WATCH_CODE);
	snprintf(g->code, sizeof(g->code), "%s", args);
	return 1;
}

/* Asked without the code: the code, to the address asking alone. */
static int
send_code(struct reg *g, const char *what, const char *code,
    struct error *e)
{
	char text[1536];

	snprintf(text, sizeof(text), "To %s, mail the judge the same signed "
	    "%s again, from this\naddress, with a Subject of\n"
	    "    %s %s\n"
	    "The code is for this address alone, and for nothing else.\n",
	    what, g->cosigned ? "messages (both)" : "message", g->verb, code);
	return tell(g, strcmp(g->verb, "REGISTER") == 0 ? "register,code" :
	    "unregister,code", text, e);
}

/*
 * Under the root's lock, the directory c read: what REGISTER asks,
 * decided, the code checked, the directory written (*changed).
 */
static int
do_register(struct reg *g, struct club_members *c, int *changed,
    struct error *e)
{
	struct club_member *m = club_member_named(c, g->name), *other;
	char code[MAIL_WATCH_CODE + 1], what[200];

	if (m != NULL && memcmp(m->key.id, g->signer.id, KEY_ID) != 0)
		return refuse(g, "register,taken", EXIT_REFUSED, e, "the name "
		    "%s is another member's: only its own key changes it",
		    g->name);
	if (m == NULL && g->newkey)
		return refuse(g, "register,nokey", EXIT_REFUSED, e, "key: a "
		    "new key is for a member, signed by its old key: %s is "
		    "no member", g->name);
	if (g->newkey && !g->cosigned)
		return refuse(g, "register,unproven", EXIT_REFUSED, e, "key: "
		    "the new key %s did not sign the change: mail the same "
		    "body signed by the old key and by the new one, two "
		    "messages", g->key.idhex);
	if ((other = club_member_keyed(c, g->key.id)) != NULL && other != m)
		return refuse(g, "register,keyed", EXIT_REFUSED, e, "key %s "
		    "is member %s's already", g->key.idhex, other->name);
	if (m != NULL && !g->newkey && strcasecmp(m->address,
	    g->address) == 0)
		return tell(g, "register,already", "You are a member of this "
		    "club already, with this key and address:\nnothing to "
		    "do.\n", e);
	if (code_of(g, m != NULL ? m->since : 0, m != NULL ? 0 : c->left,
	    code, e) != 0)
		return -1;
	snprintf(what, sizeof(what), m == NULL ? "register as %s" :
	    g->newkey ? "give member %s the key %s" : "move member %s to "
	    "this address", g->name, g->key.idhex);
	if (g->code[0] == '\0')
		return send_code(g, what, code, e);
	if (strcasecmp(g->code, code) != 0)
		return refuse(g, "register,badcode", EXIT_REFUSED, e, "not the "
		    "judge's code for this message and address (mail it "
		    "without a code for one)");
	if (m == NULL && (m = club_member_add(c)) == NULL)
		return error_set(e, c->n >= CLUB_MEMBERS_MAX ? EXIT_USAGE :
		    EXIT_SYSTEM, "%s: %s", g->r->b->root, c->n >=
		    CLUB_MEMBERS_MAX ? "the directory is full" :
		    "out of memory");
	snprintf(m->name, sizeof(m->name), "%s", g->name);
	m->key = g->key;
	snprintf(m->address, sizeof(m->address), "%s", g->address);
	m->since = when_now();
	*changed = 1;
	return 0;
}

static int
do_unregister(struct reg *g, struct club_members *c, int *changed,
    struct error *e)
{
	struct club_member *m = club_member_named(c, g->name);
	char code[MAIL_WATCH_CODE + 1], what[200];

	if (m == NULL)
		return refuse(g, "unregister,none", EXIT_REFUSED, e, "%s is no "
		    "member of this club", g->name);
	if (memcmp(m->key.id, g->signer.id, KEY_ID) != 0)
		return refuse(g, "unregister,key", EXIT_REFUSED, e, "member %s "
		    "is another key's: only its own key takes it out",
		    g->name);
	if (strcasecmp(m->address, g->r->b->in.from) != 0)
		return refuse(g, "unregister,address", EXIT_REFUSED, e, "mail "
		    "it from the address the directory lists for %s",
		    g->name);
	snprintf(g->address, sizeof(g->address), "%s", m->address);
	if (code_of(g, m->since, 0, code, e) != 0)
		return -1;
	snprintf(what, sizeof(what), "take %s out of the directory",
	    g->name);
	if (g->code[0] == '\0')
		return send_code(g, what, code, e);
	if (strcasecmp(g->code, code) != 0)
		return refuse(g, "unregister,badcode", EXIT_REFUSED, e, "not "
		    "the judge's code for this message and address (mail it "
		    "without a code for one)");
	club_member_remove(c, m);
	c->left++;
	*changed = 1;
	return 0;
}

static int
run_either(struct bot_run *r, const char *verb, struct error *e)
{
	struct mailbot *b = r->b;
	struct club_members c;
	struct reg g;
	char path[PATH_MAX];
	int lock = -1, changed = 0, reg = strcmp(verb, "REGISTER") == 0, rc;

	/* nobody to confirm it, or a machine: no member */
	if (b->in.from[0] == '\0' || b->in.automatic) {
		snprintf(b->verdict, sizeof(b->verdict), "%s,quiet", reg ?
		    "register" : "unregister");
		return 0;
	}
	memset(&g, 0, sizeof(g));
	g.r = r;
	g.verb = verb;
	if ((rc = code_given(&g, e)) < 0 || signed_body(&g, reg, e) != 0)
		return -1;
	if ((size_t)snprintf(path, sizeof(path), "%s/%s", b->root,
	    CLUB_LOCK) >= sizeof(path))
		return error_set(e, EXIT_USAGE, "%s: path too long", b->root);
	if (fsio_lock(path, &lock, e) != 0)
		return -1;
	if ((rc = club_members_read(b->root, &c, e)) == 0) {
		rc = reg ? do_register(&g, &c, &changed, e) :
		    do_unregister(&g, &c, &changed, e);
		/* kept before the member hears of it */
		if (rc == 0 && changed)
			rc = club_members_write(b->root, &c, e);
		club_members_free(&c);
	}
	fsio_unlock(lock);
	if (rc != 0 || !changed)
		return rc;
	report_line(b->report, "%s: member %s %s", r->name, g.name, !reg ?
	    "taken out of the directory" : "listed");
	return tell(&g, reg ? "register" : "unregister", reg ? "You are a "
	    "member of this club, in its directory with this key and\n"
	    "address.\n" : "You are "
	    "out of this club's directory.\n", e);
}

static int
asked_register(const struct mail_in *in)
{
	char args[MAIL_SAID];

	return mailcmd_said(in, "REGISTER", args, sizeof(args));
}

static int
asked_unregister(const struct mail_in *in)
{
	char args[MAIL_SAID];

	return mailcmd_said(in, "UNREGISTER", args, sizeof(args));
}

static int
run_register(struct bot_run *r, struct error *e)
{
	return run_either(r, "REGISTER", e);
}

static int
run_unregister(struct bot_run *r, struct error *e)
{
	return run_either(r, "UNREGISTER", e);
}

const struct mailcmd mailcmd_register = {
	.name = "REGISTER",
	.usage = "REGISTER [CODE]",
	.help = "join the club's directory, with a signed message",
	.flags = MAILCMD_SIGNED | MAILCMD_CODE,
	.asked = asked_register,
	.run = run_register,
};

const struct mailcmd mailcmd_unregister = {
	.name = "UNREGISTER",
	.usage = "UNREGISTER [CODE]",
	.help = "leave the directory, with a signed message",
	.flags = MAILCMD_SIGNED | MAILCMD_CODE,
	.asked = asked_unregister,
	.run = run_unregister,
};
