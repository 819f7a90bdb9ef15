/*
 * WITHDRAW TID by mail (formats/tournament.md, "By mail"): the mail
 * carries the player's signed withdrawal (tournament withdraw), which
 * the judge checks against the tournament it holds and keeps, as
 * received, in ROOT/tournaments/ID/withdraw-NAME.tour under the root's
 * lock; the player's signature decides, from any address.  The judge
 * answers with the state.  It ends none of the player's games: the
 * tournament counts each game of a later round lost by forfeit while it
 * is not over (formats/tournament.md, "Acceptance, withdrawal, round"),
 * and a Swiss or a knockout pairs the player no more; a ladder takes the
 * player off its places, and the next run that looks at it (the tick)
 * mails every player the places (mailbot_ladder.c).
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "fsio.h"
#include "mailbot_int.h"
#include "mailcmd.h"
#include "mailcmd_ask.h"
#include "mailbot_tour.h"
#include "mailcmd_tour.h"
#include "tour.h"

/* A ladder under way: every player mailed player p's withdrawal and
 * the places now (not again when its timeouts withdrew it and that was
 * mailed); one that fails is the tick's (the mark not made). */
static void
ladder_told(struct mailcmd_ask *c, const struct tour_decl *d, unsigned p,
    struct buf *text)
{
	struct error why;

	if (!mailbot_tour_marked(c->r->b->root, d->id, "start") ||
	    mailbot_ladder_told(c->r->b->root, d->id, p))
		return;
	error_clear(&why);
	if (mailbot_ladder_start(c->r, d, &why) == 0)
		buf_adds(text, "Every player is mailed the places now.\n");
	else
		report_line(c->r->b->report, "%s: tournament %s: the places "
		    "not mailed (%s); the tick mails them", c->r->name,
		    d->id, why.msg);
}

/* Under the lock: the withdrawal blob of d checked and kept. */
static int
take(struct mailcmd_ask *c, const struct tour_decl *d,
    const struct buf *blob, struct buf *text, struct error *e)
{
	struct tour_record rec;
	struct error why;
	char file[KEY_NAME_MAX + 20], path[PATH_MAX];
	const char *who;
	int rc, fresh;

	error_clear(&why);
	if (tour_record_read(d, blob->data, blob->len, &rec, c->r->name,
	    &why) != 0)
		return why.status == EXIT_SYSTEM ? (*e = why, -1) :
		    mailcmd_ask_refuse(c, "withdraw,bad", why.status, e, "%s",
		    why.msg);
	if (rec.kind != TOUR_WITHDRAW) {
		tour_record_free(&rec);
		return mailcmd_ask_refuse(c, "withdraw,kind", EXIT_REFUSED, e,
		    "the record is no withdrawal (tournament withdraw makes "
		    "it)");
	}
	who = d->p[rec.player].name;
	snprintf(file, sizeof(file), "withdraw-%s.tour", who);
	rc = mailbot_tour_path(c->r->b->root, d->id, file, path,
	    sizeof(path), e);
	fresh = rc == 0 && !fsio_exists(path);
	if (fresh)
		rc = mailbot_tour_keep(path, blob, e);
	tour_record_free(&rec);
	if (rc != 0)
		return -1;
	if (!fresh)
		buf_printf(text, "The judge holds a withdrawal of %s already: "
		    "it keeps that one.\n", who);
	else if (d->format == TOUR_LADDER)
		buf_printf(text, "The judge took the withdrawal of %s from the "
		    "ladder.\n", who);
	else
		buf_printf(text, "The judge took the withdrawal of %s after "
		    "round %u.\n", who, rec.after);
	if (d->format == TOUR_LADDER)
		buf_printf(text, "Ladder %s (%.16s): %s.\n%s is off the places "
		    "(those below move up one) and can neither\nchallenge nor "
		    "be challenged; a game of %s's under way is played\nout.\n",
		    d->id, d->hex, d->name, who, who);
	else
		buf_printf(text, "Tournament %s (%.16s): %s.\nEvery game of %s "
		    "in a later round is lost by forfeit while it is not\n"
		    "over; the judge ends none of them.  %s is paired no "
		    "more.\n", d->id, d->hex, d->name, who, who);
	report_line(c->r->b->report, "%s: tournament %s: %s withdraws%s",
	    c->r->name, d->id, who, fresh ? "" : " (again)");
	if (fresh && d->format == TOUR_LADDER)
		ladder_told(c, d, rec.player, text);
	return fresh ? 0 : 1;
}

static int
run_withdraw(struct bot_run *r, struct error *e)
{
	struct mailcmd_ask c;
	struct tour_decl d;
	struct buf blob, text;
	int rc;

	if (mailcmd_ask_begin(&c, r, "WITHDRAW", "withdraw,quiet"))
		return 0;
	memset(&d, 0, sizeof(d));
	buf_init(&blob);
	buf_init(&text);
	if ((rc = mailcmd_ask_hold(&c, e)) != 0)
		goto out;
	if (strcspn(c.args, "/. ") != strlen(c.args) || c.args[0] == '\0' ||
	    (rc = mailbot_tour_held(r->b->root, c.args, &d, NULL,
	    e)) == 1)
		rc = mailcmd_ask_refuse(&c, "withdraw,unknown", EXIT_REFUSED,
		    e, "this judge holds no tournament %.40s", c.args);
	else if (rc == 0 && (rc = mailcmd_tour_record(&c, "withdrawal",
	    &blob, e)) == 0 && (rc = take(&c, &d, &blob, &text, e)) >= 0)
		rc = buf_cstr(&text) != 0 ? error_set(e, EXIT_SYSTEM, "out of "
		    "memory") : mailcmd_ask_tell(&c, rc == 0 ? "withdraw" :
		    "withdraw,again", (char *)text.data, e);
	mailcmd_ask_let_go(&c);
out:
	tour_decl_free(&d);
	buf_free(&blob);
	buf_free(&text);
	return rc;
}

static int
asked_withdraw(const struct mail_in *in)
{
	char args[MAIL_SAID];

	return mailcmd_said(in, "WITHDRAW", args, sizeof(args));
}

const struct mailcmd mailcmd_tour_withdraw = {
	.name = "WITHDRAW",
	.usage = "WITHDRAW TID",
	.help = "leave tournament TID: your signed withdrawal attached",
	.flags = MAILCMD_RECORD,
	.asked = asked_withdraw,
	.run = run_withdraw,
};
