/*
 * DIGEST by mail (issue 34): a member chooses how the judge's updates
 * reach it, one mail each (off) or one digest a day (daily; daily ics:
 * its deadlines attached as a calendar).  Who asks is the member the
 * directory lists at the mail's address; the choice is made only by a
 * mail that repeats the code the judge mailed to that address (as
 * WATCH): a forged From cannot hold another member's moves back a day.
 * The choice is kept in the member's record ROOT/digest/NAME (digest.c);
 * the digests themselves are mailbot_digest.c's.  formats/club.md.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "digest.h"
#include "fsio.h"
#include "mailbot_int.h"
#include "mailcmd.h"
#include "mailcmd_ask.h"
#include "mailcmd_game.h"

struct dig {
	struct bot_run		*r;
	char			 name[KEY_NAME_MAX + 1];	/* who asks */
	enum digest_mode	 mode;
	int			 ics;
	char			 code[MAIL_WATCH_CODE + 1];	/* given */
};

static int
tell(struct dig *g, const char *verdict, const char *text, struct error *e)
{
	return mailcmd_game_tell(g->r, "DIGEST", verdict, text, e);
}

static int
refuse(struct dig *g, const char *verdict, int status, struct error *e,
    const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* A refusal in one line, nothing changed; the run refuses the mail. */
static int
refuse(struct dig *g, const char *verdict, int status, struct error *e,
    const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = mailcmd_game_vrefuse(g->r, "DIGEST", verdict, status, e, fmt, ap);
	va_end(ap);
	return rc;
}

/* "daily [ics] [CODE]" or "off [CODE]" into g. */
static int
args_of(struct dig *g, const char *args, struct error *e)
{
	char copy[MAIL_SAID], *w[4], *save = NULL, *p;
	size_t i;
	int n = 0;

	snprintf(copy, sizeof(copy), "%s", args);
	for (p = strtok_r(copy, " \t", &save); p != NULL && n < 4;
	    p = strtok_r(NULL, " \t", &save))
		w[n++] = p;
	if (n == 4)
		return refuse(g, "digest,args", EXIT_MALFORMED, e, "too many "
		    "words: DIGEST daily [ics] [CODE] or DIGEST off [CODE]");
	if (n == 0)
		return refuse(g, "digest,args", EXIT_MALFORMED, e, "it says "
		    "nothing: DIGEST daily, DIGEST daily ics or DIGEST off");
	if (strcasecmp(w[0], "daily") != 0 && strcasecmp(w[0], "off") != 0)
		return refuse(g, "digest,args", EXIT_MALFORMED, e, "\"%.20s\" "
		    "is no setting: daily, daily ics or off", w[0]);
	g->mode = strcasecmp(w[0], "daily") == 0 ? DIGEST_DAILY : DIGEST_OFF;
	i = 1;
	if (n > 1 && strcasecmp(w[1], "ics") == 0) {
		if (g->mode == DIGEST_OFF)
			return refuse(g, "digest,args", EXIT_MALFORMED, e,
			    "off takes no calendar: ics goes with daily");
		g->ics = 1;
		i = 2;
	}
	if ((int)i < n) {
		for (p = w[i]; *p != '\0' && isxdigit((unsigned char)*p); p++)
			;
		if (*p != '\0' || strlen(w[i]) != MAIL_WATCH_CODE)
			return refuse(g, "digest,args", EXIT_MALFORMED, e,
			    "\"%.20s\" is not a code (%d hex digits the judge "
			    "mails you)", w[i], MAIL_WATCH_CODE);
		snprintf(g->code, sizeof(g->code), "%s", w[i]);
		i++;
	}
	if ((int)i < n)
		return refuse(g, "digest,args", EXIT_MALFORMED, e, "too many "
		    "words: DIGEST daily [ics] [CODE] or DIGEST off [CODE]");
	return 0;
}

/* The code for this member, address and setting: the judge's signature
 * over them, hashed (16 hex digits). */
static int
code_of(const struct dig *g, enum digest_mode mode, int ics,
    char out[MAIL_WATCH_CODE + 1], struct error *e)
{
	char what[MAIL_FIELD + 100], addr[MAIL_FIELD];
	size_t i;

	for (i = 0; g->r->b->in.from[i] != '\0' && i + 1 < sizeof(addr); i++)
		addr[i] = (char)tolower((unsigned char)g->r->b->in.from[i]);
	addr[i] = '\0';
	snprintf(what, sizeof(what), "adjudicator digest\n%s\n%s\n%s",
	    g->name, addr, mode == DIGEST_OFF ? "off" : ics ? "daily ics" :
	    "daily");
	return mailcmd_ask_sign(g->r, "adj-digest-code", what, out, e);
}

/* The choice kept in the member's record; *held: updates it holds. */
static int
keep(struct dig *g, size_t *held, struct error *e)
{
	struct digest d;
	int fd, rc;

	if (digest_lock(g->r->b->root, &fd, e) != 0)
		return -1;
	if ((rc = digest_read(g->r->b->root, g->name, &d, e)) == 0) {
		d.mode = g->mode;
		d.ics = g->ics;
		*held = d.n;
		rc = digest_write(g->r->b->root, g->name, &d, e);
	}
	digest_free(&d);
	fsio_unlock(fd);
	return rc;
}

static int
done(struct dig *g, size_t held, struct error *e)
{
	char text[1200], off[MAIL_WATCH_CODE + 1];
	struct buf b;
	int rc;

	/* (no line begins with "From ": an mbox would quote it) */
	if (g->mode == DIGEST_OFF) {
		snprintf(text, sizeof(text), "Done: each update of the judge "
		    "comes in its own mail again.\n%s", held == 0 ? "" :
		    "What the judge held for you goes in one digest at its "
		    "next tick.\n");
		return tell(g, "digest,off", text, e);
	}
	if (code_of(g, DIGEST_OFF, 0, off, e) != 0)
		return -1;
	snprintf(text, sizeof(text), "Done: the judge now holds the updates "
	    "due to you and mails them in one digest a day, at %02d:00 UTC or "
	    "the first tick after it, a summary of your games on top: those "
	    "where you move, the soonest deadline first, then the others%s.  "
	    "Reminders, timeouts, invitations and answers still come at once.  "
	    "To have each update mailed at once again, mail the judge a "
	    "Subject of", g->r->club.digest_hour, g->ics ? "; your deadlines "
	    "attached as a calendar" : "");
	buf_init(&b);
	buf_wrap(&b, text);
	buf_printf(&b, "    DIGEST off %s\n", off);
	rc = buf_cstr(&b) == 0 ? tell(g, g->ics ? "digest,daily,ics" :
	    "digest,daily", (const char *)b.data, e) :
	    error_set(e, EXIT_SYSTEM, "out of memory");
	buf_free(&b);
	return rc;
}

static int
run_digest(struct bot_run *r, struct error *e)
{
	struct dig g;
	char args[MAIL_SAID], code[MAIL_WATCH_CODE + 1], text[800];
	size_t held = 0;

	memset(&g, 0, sizeof(g));
	g.r = r;
	if (r->b->in.from[0] == '\0' || r->b->in.automatic) {
		snprintf(r->b->verdict, sizeof(r->b->verdict), "digest,quiet");
		return 0;
	}
	(void)mailcmd_said(&r->b->in, "DIGEST", args, sizeof(args));
	if (args_of(&g, args, e) != 0)
		return -1;
	if (mailbot_digest_member(r->b->root, r->b->in.from, g.name,
	    sizeof(g.name), e) != 0)
		return -1;
	if (g.name[0] == '\0')
		return refuse(&g, "digest,stranger", EXIT_REFUSED, e, "%s is "
		    "no member's address in this club's directory (REGISTER "
		    "first)", r->b->in.from);
	if (code_of(&g, g.mode, g.ics, code, e) != 0)
		return -1;
	if (g.code[0] == '\0') {
		/* to that address alone: it may carry the code */
		snprintf(text, sizeof(text), "To have the judge's updates "
		    "mailed %s, mail the\njudge, from this address, a Subject "
		    "of\n    DIGEST %s %s\nThe code is for this address and "
		    "this setting alone.\n", g.mode == DIGEST_OFF ? "each at "
		    "once" : "in one digest a day", g.mode == DIGEST_OFF ?
		    "off" : g.ics ? "daily ics" : "daily", code);
		return tell(&g, "digest,code", text, e);
	}
	if (strcasecmp(g.code, code) != 0)
		return refuse(&g, "digest,badcode", EXIT_REFUSED, e, "not the "
		    "judge's code for this setting and address (mail it "
		    "without a code for one)");
	if (keep(&g, &held, e) != 0)
		return -1;
	return done(&g, held, e);
}

static int
asked_digest(const struct mail_in *in)
{
	char args[MAIL_SAID];

	/* a bare "digest" is a list's, not the command: it says a setting */
	return mailcmd_said(in, "DIGEST", args, sizeof(args)) &&
	    args[0] != '\0';
}

const struct mailcmd mailcmd_digest = {
	.name = "DIGEST",
	.usage = "DIGEST MODE [CODE]",
	.help = "one mail a day (daily [ics]) or each at once (off)",
	.flags = MAILCMD_CODE,
	.asked = asked_digest,
	.run = run_digest,
};
