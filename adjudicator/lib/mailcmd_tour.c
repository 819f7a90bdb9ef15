/*
 * TOURNAMENT and ACCEPT TID by mail (formats/tournament.md, "By mail"):
 * the director mails the judge its signed declaration, the players their
 * signed acceptances.  The judge directs: a declaration is taken only
 * when signed by the judge's own key (its operator's, who holds it), so
 * that the rounds the judge pairs and signs are the director's.  Each is
 * kept as received, armored, in ROOT/tournaments/ID/ (decl.tour, then
 * accept-NAME.tour), each file written atomically under the root's lock:
 * a crash leaves a record written whole or not at all, and the same mail
 * again writes what is missing.  The sender is answered with the state
 * (who accepted, who is missing); TOURNAMENT mails each player at its
 * declared address what to do.  The acceptance that completes them starts
 * it: the rounds the start gives paired and signed by the judge
 * (round-R.tour), each game's signed header made once and kept
 * (game-R-B-G.hdr) before it is filed, its seats invited, every player
 * mailed the pairings; the same mail again takes up what is kept.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "armor.h"
#include "envelope.h"
#include "fsio.h"
#include "game.h"
#include "mailbot_int.h"
#include "mailbot_tour.h"
#include "mailcmd.h"
#include "mailcmd_ask.h"
#include "mailcmd_tour.h"
#include "tour.h"

/* ROOT/tournaments[/ID[/FILE]], the records kept there
 * (mailbot_tour_make.c) */
static int
tpath(const struct bot_run *r, const char *id, const char *file, char *out,
    size_t len, struct error *e)
{
	return mailbot_tour_path(r->b->root, id, file, out, len, e);
}

static int
held(const struct bot_run *r, const char *id, struct tour_decl *d,
    struct buf *blob, struct error *e)
{
	return mailbot_tour_held(r->b->root, id, d, blob, e);
}

#define keep	mailbot_tour_keep

/* The one tournament record the mail carries, its blob in blob. */
static int
mail_record(struct mailcmd_ask *c, const char *what, struct buf *blob,
    struct error *e)
{
	const struct bot_run *r = c->r;
	struct armor_list l = { NULL, 0, NULL };
	struct error why;
	int rc;

	error_clear(&why);
	if (r->mail->too_large)
		return mailcmd_ask_refuse(c, "tournament,large",
		    EXIT_MALFORMED, e, "the mail is too large to read");
	if (armor_read(r->mail->text, r->mail->len, TOUR_ARMOR, r->name, &l,
	    &why) != 0) {
		if (why.status == EXIT_SYSTEM)
			return *e = why, -1;
		return mailcmd_ask_refuse(c, "tournament,none",
		    EXIT_MALFORMED, e, "the mail carries no %s (an armored "
		    "%s block)", what, TOUR_ARMOR);
	}
	if (l.n != 1)
		rc = mailcmd_ask_refuse(c, "tournament,several",
		    EXIT_MALFORMED, e, "the mail carries %zu tournament "
		    "records: %s takes one, the %s", l.n, c->verb, what);
	else if ((rc = buf_add(blob, l.items[0].data, l.items[0].len)) != 0)
		rc = error_set(e, EXIT_SYSTEM, "out of memory");
	armor_list_free(&l);
	return rc;
}

/* Whether player i's acceptance is kept. */
static int
accepted(const struct bot_run *r, const struct tour_decl *d, size_t i)
{
	char file[KEY_NAME_MAX + 20], path[PATH_MAX];
	struct error x;

	snprintf(file, sizeof(file), "accept-%s.tour", d->p[i].name);
	return tpath(r, d->id, file, path, sizeof(path), &x) == 0 &&
	    fsio_exists(path);
}

/* "club27 (ebe311f7bbea5499): Club ..., a round-robin of knights, 4
 * players" then who accepted and who is missing; the number missing. */
static size_t
state(const struct bot_run *r, const struct tour_decl *d, struct buf *out)
{
	size_t i, n[2] = { 0, 0 };
	int k;

	buf_printf(out, "Tournament %s (%.16s): %s, a %s of %s, %zu "
	    "players.\n", d->id, d->hex, d->name, tour_format_name(d->format),
	    d->rules->name, d->n);
	for (k = 1; k >= 0; k--) {
		buf_printf(out, "%s:", k ? "Accepted" : "Missing");
		for (i = 0; i < d->n; i++)
			if (accepted(r, d, i) == k) {
				buf_printf(out, " %s", d->p[i].name);
				n[k]++;
			}
		buf_printf(out, "%s\n", n[k] == 0 ? " none" : "");
	}
	return n[0];
}

/* What player i is mailed: the declaration, and how to accept it. */
static int
invite(struct mailcmd_ask *c, const struct tour_decl *d, size_t i,
    const struct buf *blob, struct error *e)
{
	struct club_member m;
	struct buf text;
	char subject[MAIL_FIELD];
	int rc;

	memset(&m, 0, sizeof(m));
	snprintf(m.name, sizeof(m.name), "%s", d->p[i].name);
	snprintf(m.address, sizeof(m.address), "%s", d->p[i].address);
	snprintf(subject, sizeof(subject), "[adjudicator] tournament %s: "
	    "accept to play", d->id);
	buf_init(&text);
	buf_printf(&text, "You, %s, are a player of the tournament %s (%.16s)"
	    ": %s,\na %s of %s, %zu players, directed by this judge.\n\n"
	    "To take part, keep the declaration below as %s.tour, then\n"
	    "    adjudicator tournament accept -k %s.key %s.tour >accept.tour"
	    "\nand mail the judge (%s) a mail whose Subject is\n"
	    "    ACCEPT %s\nwith accept.tour's text in its body.  The games "
	    "start when every player\nhas accepted.\n\n", d->p[i].name,
	    d->id, d->hex, d->name, tour_format_name(d->format),
	    d->rules->name, d->n, d->id, d->p[i].name, d->id,
	    c->r->club.address, d->id);
	rc = armor_wrap(blob->data, blob->len, TOUR_ARMOR, &text, e) != 0 ||
	    buf_cstr(&text) != 0 || mailcmd_ask_mail(c, &m, subject,
	    (char *)text.data, e) != 0 ? -1 : 0;
	buf_free(&text);
	return rc;
}

/* Under the lock: declaration d (blob) kept, or the same one found. */
static int
declare(struct mailcmd_ask *c, const struct tour_decl *d,
    const struct buf *blob, int *fresh, struct error *e)
{
	struct tour_decl old;
	struct buf ob;
	char path[PATH_MAX];
	int rc;

	memset(&old, 0, sizeof(old));
	buf_init(&ob);
	if ((rc = held(c->r, d->id, &old, &ob, e)) < 0)
		goto out;
	if ((*fresh = rc == 1)) {
		rc = tpath(c->r, NULL, NULL, path, sizeof(path), e) != 0 ||
		    fsio_mkdir(path, 0755, e) != 0 || tpath(c->r, d->id,
		    NULL, path, sizeof(path), e) != 0 || fsio_mkdir(path,
		    0755, e) != 0 || tpath(c->r, d->id, "decl.tour", path,
		    sizeof(path), e) != 0 || keep(path, blob, e) != 0 ? -1 : 0;
		fsio_sync_dir_of(path);
	} else if (ob.len != blob->len || memcmp(ob.data, blob->data,
	    ob.len) != 0)
		rc = mailcmd_ask_refuse(c, "tournament,taken", EXIT_REFUSED,
		    e, "this judge holds another tournament named %s "
		    "(%.16s): choose another id", d->id, old.hex);
	tour_decl_free(&old);
out:
	buf_free(&ob);
	return rc;
}

/* d read from the mail's record and checked as the judge takes it. */
static int
read_decl(struct mailcmd_ask *c, struct tour_decl *d, struct buf *blob,
    struct error *e)
{
	struct error why;
	size_t i;

	if (mail_record(c, "declaration", blob, e) != 0)
		return -1;
	error_clear(&why);
	if (tour_decl_read(blob->data, blob->len, d, c->r->name, &why) != 0)
		return why.status == EXIT_SYSTEM ? (*e = why, -1) :
		    mailcmd_ask_refuse(c, "tournament,bad", why.status, e,
		    "%s", why.msg);
	if (!key_same(&d->director, &c->r->b->k->pub))
		return mailcmd_ask_refuse(c, "tournament,director",
		    EXIT_REFUSED, e, "the declaration is signed by %s (%s), "
		    "not by this judge's key (%s): the judge directs its "
		    "tournaments", d->director.name, d->director.idhex,
		    c->r->b->k->pub.idhex);
	if (strspn(d->id, "0123456789abcdefABCDEF") == strlen(d->id))
		return mailcmd_ask_refuse(c, "tournament,id", EXIT_REFUSED, e,
		    "the id %s is hex digits alone, as a game's id or a "
		    "challenge's code of 16 hex digits: WATCH and ACCEPT "
		    "could not tell them apart", d->id);
	for (i = 0; i < d->n; i++)
		if (d->p[i].address[0] == '\0')
			return mailcmd_ask_refuse(c, "tournament,address",
			    EXIT_REFUSED, e, "the player %s has no address: "
			    "the judge mails every player", d->p[i].name);
	/* a ladder's games end by the times the judge signs (its places
	 * move in that order), and no game of it holds it for ever */
	if (d->format == TOUR_LADDER && !d->clock.on)
		return mailcmd_ask_refuse(c, "tournament,ladder",
		    EXIT_REFUSED, e, "a ladder by mail needs a clock (clock: "
		    "in its declaration): its places move in the order its "
		    "games end, the times the judge signs");
	if (d->format == TOUR_LADDER && game_find(d->id) != NULL)
		return mailcmd_ask_refuse(c, "tournament,id", EXIT_REFUSED, e,
		    "the id %s is a game's name: CHALLENGE NAME %s could not "
		    "tell the ladder from the game", d->id, d->id);
	if (d->seats > 2)
		return mailcmd_ask_refuse(c, "tournament,tables",
		    EXIT_REFUSED, e, "a round robin of tables of %u is not "
		    "run by mail: its director pairs it (tournament pair)",
		    d->seats);
	if (c->r->club.address[0] == '\0')
		return mailcmd_ask_refuse(c, "tournament,noaddress",
		    EXIT_REFUSED, e, "this judge makes no games: its operator "
		    "has not set its address (judge.yaml: address)");
	return 0;
}

/* One TOURNAMENT or ACCEPT TID: what it holds. */
struct tour_run {
	struct mailcmd_ask	c;
	struct tour_decl	d;
	struct buf		blob, text;	/* the mail's record; the
						 * answer */
	int			fresh;		/* kept by this mail */
	int			holding;	/* the root's lock */
};

static int
run_begin(struct tour_run *t, struct bot_run *r, const char *verb,
    const char *quiet)
{
	memset(t, 0, sizeof(*t));
	buf_init(&t->blob);
	buf_init(&t->text);
	return mailcmd_ask_begin(&t->c, r, verb, quiet);
}

/* The lock let go, the answer told when rc is 0 (verdict, or again
 * with the record kept before), everything freed: rc. */
static int
run_end(struct tour_run *t, int rc, const char *verdict, const char *again,
    struct error *e)
{
	if (t->holding)
		mailcmd_ask_let_go(&t->c);
	if (rc == 0 && t->fresh)	/* its page on the club's site */
		mailbot_touch_tour(t->c.r->b, t->d.hex);
	if (rc == 0 && (rc = buf_cstr(&t->text)) == 0)
		rc = mailcmd_ask_tell(&t->c, t->fresh ? verdict : again,
		    (char *)t->text.data, e);
	tour_decl_free(&t->d);
	buf_free(&t->blob);
	buf_free(&t->text);
	return rc;
}

static int
run_tournament(struct bot_run *r, struct error *e)
{
	struct tour_run t;
	size_t i;
	int rc;

	if (run_begin(&t, r, "TOURNAMENT", "tournament,quiet"))
		return 0;
	if ((rc = read_decl(&t.c, &t.d, &t.blob, e)) == 0 &&
	    (rc = mailcmd_ask_hold(&t.c, e)) == 0 && (t.holding = 1) &&
	    (rc = declare(&t.c, &t.d, &t.blob, &t.fresh, e)) == 0) {
		buf_printf(&t.text, "%s", t.fresh ? "The judge took the "
		    "declaration.\n" : "The judge holds this declaration "
		    "already.\n");
		(void)state(r, &t.d, &t.text);
		buf_printf(&t.text, "Each player with an address was mailed "
		    "the declaration and how to accept it.\n");
		for (i = 0; i < t.d.n && rc == 0; i++)
			if (t.d.p[i].address[0] != '\0' && !accepted(r, &t.d,
			    i))
				rc = invite(&t.c, &t.d, i, &t.blob, e);
		if (rc == 0)
			report_line(r->b->report, "%s: tournament %s (%.16s) "
			    "declared", r->name, t.d.id, t.d.hex);
	}
	return run_end(&t, rc, "tournament", "tournament,again", e);
}

/* ACCEPT's argument is a tournament's id (not a challenge's code). */
static int
tour_arg(const char *a)
{
	size_t n = strlen(a);

	return n > 0 && !(n == CLUB_CHALLENGE_ID - 1 && strspn(a,
	    "0123456789abcdefABCDEF") == n);
}

/* Under the lock: the acceptance blob of d checked and kept. */
static int
take_accept(struct mailcmd_ask *c, const struct tour_decl *d,
    const struct buf *blob, int *fresh, struct error *e)
{
	struct tour_record rec;
	struct error why;
	char file[KEY_NAME_MAX + 20], path[PATH_MAX];
	int rc;

	memset(&rec, 0, sizeof(rec));
	error_clear(&why);
	if (tour_record_read(d, blob->data, blob->len, &rec, c->r->name,
	    &why) != 0)
		return why.status == EXIT_SYSTEM ? (*e = why, -1) :
		    mailcmd_ask_refuse(c, "accept,bad", why.status, e, "%s",
		    why.msg);
	if (rec.kind != TOUR_ACCEPT)
		rc = mailcmd_ask_refuse(c, "accept,kind", EXIT_REFUSED, e,
		    "the record is no acceptance (tournament accept makes "
		    "it)");
	else {
		snprintf(file, sizeof(file), "accept-%s.tour",
		    d->p[rec.player].name);
		*fresh = !accepted(c->r, d, rec.player);
		if (*fresh && mailbot_tour_due(d->closes) == 1)
			rc = mailcmd_ask_refuse(c, "accept,closed",
			    EXIT_REFUSED, e, "entry to %s closed at %s (its "
			    "declaration's dates: closes)", d->id, d->closes);
		else
			rc = tpath(c->r, d->id, file, path, sizeof(path),
			    e) != 0 || (*fresh && keep(path, blob, e) != 0) ?
			    -1 : 0;
	}
	tour_record_free(&rec);
	return rc;
}

static int
run_tour_accept(struct bot_run *r, struct error *e)
{
	struct tour_run t;
	const char *a = t.c.args;
	int rc;

	if (run_begin(&t, r, "ACCEPT", "accept,quiet"))
		return 0;
	if ((rc = mailcmd_ask_hold(&t.c, e)) != 0)
		return run_end(&t, rc, "", "", e);
	t.holding = 1;
	if (strcspn(a, "/.") != strlen(a) || (rc = held(r, a, &t.d, NULL,
	    e)) == 1)
		rc = mailcmd_ask_refuse(&t.c, "accept,unknown", EXIT_REFUSED,
		    e, "this judge holds no tournament %.40s (and \"%.40s\" "
		    "is not a code: a challenge's is %d hex digits)", a, a,
		    CLUB_CHALLENGE_ID - 1);
	else if (rc == 0 && (rc = mail_record(&t.c, "acceptance", &t.blob,
	    e)) == 0 && (rc = take_accept(&t.c, &t.d, &t.blob, &t.fresh,
	    e)) == 0) {
		buf_printf(&t.text, "%s", t.fresh ? "The judge took your "
		    "acceptance.\n" : "The judge holds your acceptance "
		    "already.\n");
		/* again after a crash: what is kept is taken up; once
		 * mailed, never again (anyone may replay this mail) */
		if (state(r, &t.d, &t.text) != 0)
			;
		else if (mailbot_tour_marked(r->b->root, t.d.id,
		    t.d.format == TOUR_LADDER ? "start" : "round-1"))
			buf_printf(&t.text, "The tournament is under way: its "
			    "%s mailed.\n", t.d.format == TOUR_LADDER ?
			    "places were" : "games were");
		else if (mailbot_tour_due(t.d.starts) == 0)
			buf_printf(&t.text, "Every player accepted: the "
			    "tournament starts at %s, when the judge pairs "
			    "it and mails the games.\n", t.d.starts);
		else {
			buf_printf(&t.text, "Every player accepted: the "
			    "judge %s.\n", t.d.format == TOUR_LADDER ?
			    "mailed every player the ladder's places" :
			    "paired the games and mailed them");
			rc = mailbot_tour_start(r, &t.d, e);
		}
	}
	return run_end(&t, rc, "accept,tournament", "accept,tournament,again",
	    e);
}

/* Tournament id's line, when the root holds it. */
static int
list_one(struct bot_run *r, const char *id, struct buf *out,
    struct error *e)
{
	struct tour_decl d;
	char path[PATH_MAX];
	size_t i, n = 0;
	int rc;

	memset(&d, 0, sizeof(d));
	if ((rc = held(r, id, &d, NULL, e)) != 0)
		return rc < 0 ? -1 : 0;
	for (i = 0; i < d.n; i++)
		n += accepted(r, &d, i);
	buf_printf(out, "%s (%.16s): %s, a %s of %s, %zu players: ", d.id,
	    d.hex, d.name, tour_format_name(d.format), d.rules->name, d.n);
	if (mailbot_tour_marked(r->b->root, d.id, "final"))
		buf_printf(out, "over\n");
	else if ((tpath(r, d.id, "round-1.tour", path, sizeof(path), e) ==
	    0 && fsio_exists(path)) || (d.format == TOUR_LADDER &&
	    mailbot_tour_marked(r->b->root, d.id, "start")))
		buf_printf(out, "under way\n");
	else if (n < d.n && mailbot_tour_due(d.closes) == 1)
		buf_printf(out, "entry closed at %s with %zu accepted: not "
		    "played\n", d.closes, n);
	else if (n == d.n && mailbot_tour_due(d.starts) == 0)
		buf_printf(out, "every player accepted; starts at %s\n",
		    d.starts);
	else
		buf_printf(out, "%zu accepted\n", n);
	tour_decl_free(&d);
	return 0;
}

int
mailcmd_tour_list(struct bot_run *r, struct buf *out, struct error *e)
{
	char path[PATH_MAX], **name;
	size_t n, i;
	int rc;

	if (tpath(r, NULL, NULL, path, sizeof(path), e) != 0)
		return -1;
	if ((rc = fsio_names(path, &name, &n, e)) == 1)
		return 0;
	for (i = 0; i < n && rc == 0; i++)
		if (key_name_ok(name[i]))
			rc = list_one(r, name[i], out, e);
	fsio_names_free(name, n);
	return rc;
}

static int
asked_tournament(const struct mail_in *in)
{
	char args[MAIL_SAID];

	return mailcmd_said(in, "TOURNAMENT", args, sizeof(args));
}

static int
asked_tour_accept(const struct mail_in *in)
{
	char args[MAIL_SAID];

	return mailcmd_said(in, "ACCEPT", args, sizeof(args)) &&
	    tour_arg(args);
}

const struct mailcmd mailcmd_tournament = {
	.name = "TOURNAMENT",
	.usage = "TOURNAMENT",
	.help = "declare a tournament: its signed declaration attached",
	.flags = MAILCMD_RECORD,
	.asked = asked_tournament,
	.run = run_tournament,
};

const struct mailcmd mailcmd_tour_accept = {
	.name = "ACCEPT",
	.usage = "ACCEPT TID",
	.help = "join tournament TID: your signed acceptance attached",
	.flags = MAILCMD_RECORD | MAILCMD_GAMES,
	.asked = asked_tour_accept,
	.run = run_tour_accept,
};

/* What mailcmd_tour_*.c share (mailcmd_tour.h) */


int
mailcmd_tour_record(struct mailcmd_ask *c, const char *what,
    struct buf *blob, struct error *e)
{
	return mail_record(c, what, blob, e);
}

