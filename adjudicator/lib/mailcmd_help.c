/*
 * HELP by mail: what to mail the judge, in the commands the README and
 * adjudicator(1) give (tests/cli/docs.sh checks that each parses), then
 * the mail commands of the table (mailcmd.c), what the club says and the
 * judge's key.
 */
#include <stdio.h>

#include "mailbot_int.h"
#include "mailcmd.h"

/* What to mail it, in the commands the README gives. */
static void
intro(struct buf *out)
{
	buf_adds(out,
	    "This is an adjudicator judge: it referees judged board games\n"
	    "played by mail (adjudicator(1)).  Mail it:\n"
	    "\n"
	    "- the invitation of a judged game whose judge is this key, and\n"
	    "  which gives every seat's mail address and the judge's, as a\n"
	    "  whole mail (-M) that you join, then send to everyone:\n"
	    "    adjudicator new -M -k KEY -m judge -j JUDGE.pub \\\n"
	    "        -a SEAT=ADDRESS... -a judge=ADDRESS RULES SEAT... \\\n"
	    "        >invite.eml\n"
	    "  (each SEAT a key's .pub file, or a member's name once\n"
	    "  adjudicator members import took this club's directory; a\n"
	    "  member's address then comes from it, when the club shows\n"
	    "  addresses.  Or let the judge make the game: the commands\n"
	    "  below.)\n"
	    "    adjudicator join -r ~/games -k KEY invite.eml\n"
	    "    /usr/sbin/sendmail -t -i <invite.eml\n"
	    "  (the others join it from their mailbox:\n"
	    "    adjudicator join -r ~/games -k KEY /var/mail/NAME)\n"
	    "- then every setup and turn of that game:\n"
	    "    adjudicator setup -S -d ~/games/GAMEID LAYOUT\n"
	    "    adjudicator turn -S -d ~/games/GAMEID ACTION\n"
	    "  (-S sends the mail itself, through $SENDMAIL or\n"
	    "  /usr/sbin/sendmail -t -i, and nothing when the move is\n"
	    "  refused; -M prints that mail instead)\n"
	    "\n"
	    "After each message the judge mails every seat its update: what\n"
	    "happened, in plain text, above the signed update.  Apply it with\n"
	    "    adjudicator receive -r ~/games /var/mail/NAME\n"
	    "A refused message is answered with the reason, to its seat.\n"
	    "The games: adjudicator rules.\n\n");
}


/* What the club's settings say of who may start games and where mail
 * goes that the judge cannot take. */
static void
club(const struct bot_run *r, struct buf *out)
{
	const struct club_conf *c = &r->club;
	size_t i;

	if (c->allow && c->nkeys == 0 && c->ndomains == 0)
		buf_adds(out, "This judge takes no new games.\n");
	else if (c->allow) {
		buf_printf(out, "This judge takes invitations only%s",
		    c->nkeys > 0 ? " from the keys on its list" : "");
		for (i = 0; i < c->ndomains; i++)
			buf_printf(out, "%s%s", i > 0 ? ", " : c->nkeys > 0 ?
			    ",\nor for games whose every seat's address is at: "
			    : " for games whose\nevery seat's address is at: ",
			    c->domains[i]);
		buf_adds(out, ".\n");
	}
	if (c->cap > 0)
		buf_printf(out, "It takes at most %u invitation%s in 24 hours "
		    "from one sender.\n", c->cap, c->cap == 1 ? "" : "s");
	if (c->operator_address[0] != '\0')
		buf_adds(out, "A mail it cannot take goes to a person, its "
		    "operator: write in words.\n");
}

static int
asked(const struct mail_in *in)
{
	return in->help;
}

static int
run(struct bot_run *r, struct error *e)
{
	struct buf body;
	char line[KEY_LINE_MAX];
	size_t at;
	int rc;

	buf_init(&body);
	intro(&body);
	mailcmd_usage(&body);
	at = body.len;
	buf_adds(&body, "\n");
	club(r, &body);
	if (body.len == at + 1)
		body.len = at;	/* the club says nothing */
	key_public_line(&r->b->k->pub, line, sizeof(line));
	buf_printf(&body, "\nThe judge's key (JUDGE.pub):\n%s\n", line);
	if (buf_cstr(&body) != 0)
		rc = error_set(e, EXIT_SYSTEM, "out of memory");
	else
		rc = mailbot_answer(r, "[adjudicator] help",
		    (char *)body.data, e);
	snprintf(r->b->verdict, sizeof(r->b->verdict), "help");
	buf_free(&body);
	return rc;
}

const struct mailcmd mailcmd_help = {
	.name = "HELP",
	.usage = "HELP",
	.help = "this text",
	.asked = asked,
	.run = run,
};
