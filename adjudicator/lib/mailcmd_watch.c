/*
 * WATCH and UNWATCH by mail (issue "club"): an address asks to watch a
 * game that takes observers, and is sent the judge's code (see
 * mailbot_watch.c); only a mail that repeats it makes the address an
 * observer.  UNWATCH needs the code too.  What was mailed to whom is the
 * judge's file DIR/watchers (watchers.c).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gamedir.h"
#include "mailbot_int.h"
#include "mailcmd.h"
#include "match.h"
#include "root.h"
#include "watchers.h"

struct asked {
	struct bot_run	*r;
	struct gamedir	 g;
	struct watchers	 ws;
	struct watcher	*w;		/* the sender's, or NULL */
	char		 verdict[24];
};

static int
tell(struct asked *a, const char *verdict, const char *refused,
    struct error *e, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* The sender's answer; refused: why the run refuses the mail, or NULL. */
static int
tell(struct asked *a, const char *verdict, const char *refused,
    struct error *e, const char *fmt, ...)
{
	const struct mail_in *in = &a->r->b->in;
	struct buf body;
	va_list ap;
	char subject[MAIL_FIELD], text[1024];
	int rc;

	buf_init(&body);
	va_start(ap, fmt);
	(void)vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	buf_adds(&body, text);
	snprintf(subject, sizeof(subject), "[adjudicator] %s %.16s",
	    in->watch > 0 ? "watch" : "unwatch", in->watch_game);
	if (buf_cstr(&body) != 0) {
		buf_free(&body);
		return error_set(e, EXIT_SYSTEM, "out of memory");
	}
	rc = mailbot_answer(a->r, subject, (char *)body.data, e);
	buf_free(&body);
	snprintf(a->r->b->verdict, sizeof(a->r->b->verdict), "%s", verdict);
	if (rc != 0)
		return -1;
	if (refused != NULL)
		return error_set(e, EXIT_REFUSED, "%s: %s %s: %s", a->r->name,
		    in->watch > 0 ? "WATCH" : "UNWATCH", in->watch_game,
		    refused);
	return 0;
}

/* WATCH with the right code: the sender watches from now on, and is
 * mailed the game as it stands. */
static int
watch_on(struct asked *a, struct error *e)
{
	const struct match *m = a->g.t.m;
	struct game_run gr;
	struct watcher *w = a->w;
	int rc;

	/* one who stopped and asks again counts as a new one */
	if ((w != NULL && !w->named && w->state == WATCHER_OFF &&
	    watchers_by_mail(&a->ws) >= WATCHERS_BY_MAIL) || (w == NULL &&
	    (w = watchers_add(&a->ws, a->r->b->in.from)) == NULL))
		return tell(a, "watch,full", "the game has all the observers "
		    "it takes", e, "Game %.16s has %d observers already, the "
		    "most a game takes.\n", m->game_hex, WATCHERS_BY_MAIL);
	w->state = WATCHER_ON;
	w->seq = m->seq;
	memset(&gr, 0, sizeof(gr));
	gr.r = a->r;
	gr.g = &a->g;
	gr.before = m;
	rc = mailbot_observer_mail(&gr, w, "You watch it from now on: what the "
	    "public may know of it follows.\n", e);
	mailbot_news_free(&gr);
	if (rc != 0)
		return -1;
	snprintf(a->r->b->verdict, sizeof(a->r->b->verdict), "watch");
	return watchers_save(a->g.path, &a->ws, e);
}

static int
watch(struct asked *a, struct error *e)
{
	const struct mail_in *in = &a->r->b->in;
	const struct match *m = a->g.t.m;
	char code[MAIL_WATCH_CODE + 1];

	if (mailbot_watch_code(a->r->b, m, in->from, code, e) != 0)
		return -1;
	/* the answer goes to that address alone: it may carry the code */
	if (a->w != NULL && a->w->state != WATCHER_OFF)
		return tell(a, "watch,already", NULL, e, "You watch game "
		    "%.16s already: the judge mails you after each\nentry.  "
		    "UNWATCH %.16s %s stops it.\n", m->game_hex, m->game_hex,
		    code);
	if (!m->watch.open && (a->w == NULL || !a->w->named))
		return tell(a, "watch,closed", "the game takes no observers by "
		    "mail", e, "Game %.16s takes no observers by mail: whoever "
		    "created it did not\nallow it (adjudicator new -o "
		    "watch=yes).\n", m->game_hex);
	if (in->watch_code[0] == '\0')
		return tell(a, "watch,code", NULL, e, "To watch game %.16s "
		    "(%s), mail the judge a Subject,\nor a first line, of\n"
		    "    WATCH %.16s %s\n"
		    "from this address: the code is for it alone.  The judge "
		    "then mails you,\nafter each entry, what anyone may know "
		    "of the game, and its archive\nwhen it is over.\n",
		    m->game_hex, m->rules->name, m->game_hex, code);
	if (strcasecmp(in->watch_code, code) != 0)
		return tell(a, "watch,badcode", "not the judge's code for this "
		    "game and address", e, "The code in your WATCH is not the "
		    "judge's for game %.16s and this\naddress.  Mail WATCH "
		    "%.16s alone for one.\n", m->game_hex, m->game_hex);
	return watch_on(a, e);
}

/*
 * UNWATCH needs the code, as WATCH does: a forged From stops nobody's
 * mails.  Asked without it, the code goes to that address alone.
 */
static int
unwatch(struct asked *a, struct error *e)
{
	const struct mail_in *in = &a->r->b->in;
	const struct match *m = a->g.t.m;
	char code[MAIL_WATCH_CODE + 1];

	if (a->w == NULL || a->w->state == WATCHER_OFF)
		return tell(a, "unwatch,not", NULL, e, "You do not watch "
		    "game %.16s: nothing to stop.\n", m->game_hex);
	if (mailbot_watch_code(a->r->b, m, in->from, code, e) != 0)
		return -1;
	if (in->watch_code[0] == '\0')
		return tell(a, "unwatch,code", NULL, e, "To stop watching game "
		    "%.16s, mail the judge a Subject,\nor a first line, of\n"
		    "    UNWATCH %.16s %s\n"
		    "from this address: the code is for it alone (every "
		    "observer mail\ncarries it).\n", m->game_hex, m->game_hex,
		    code);
	if (strcasecmp(in->watch_code, code) != 0)
		return tell(a, "unwatch,badcode", "not the judge's code for "
		    "this game and address", e, "The code in your UNWATCH is "
		    "not the judge's for game %.16s and this\naddress.  Mail "
		    "UNWATCH %.16s alone for one.\n", m->game_hex,
		    m->game_hex);
	a->w->state = WATCHER_OFF;
	if (watchers_save(a->g.path, &a->ws, e) != 0)
		return -1;
	return tell(a, "unwatch", NULL, e, "You no longer watch game %.16s: "
	    "the judge mails you nothing more of it.\n", m->game_hex);
}

static int
run(struct bot_run *r, struct error *e)
{
	struct mailbot *b = r->b;
	struct asked *a;
	char dir[PATH_MAX];
	struct error why;
	int rc = -1;

	/* nobody to confirm it, or a machine: not an observer */
	if (b->in.from[0] == '\0' || b->in.automatic) {
		snprintf(b->verdict, sizeof(b->verdict), "watch,quiet");
		return 0;
	}
	if ((a = calloc(1, sizeof(*a))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	a->r = r;
	error_clear(&why);
	if (header_address_check(b->in.from, dir, sizeof(dir)) != 0) {
		rc = tell(a, "watch,address", "not a plain mailbox", e, "An "
		    "observer's address is a plain mailbox: yours is not "
		    "(%s).\n", dir);
		free(a);
		return rc;
	}
	if (root_find(b->root, b->in.watch_game, dir, sizeof(dir),
	    &why) != 0) {
		rc = why.status == EXIT_SYSTEM ? (*e = why, -1) : tell(a,
		    "watch,unknown", "no such game", e, "This judge has no "
		    "game %s: LIST gives its games.\n(%s)\n", b->in.watch_game,
		    why.msg);
		free(a);
		return rc;
	}
	if (gamedir_open(dir, GAMEDIR_WRITE, &a->g, NULL, e) != 0) {
		free(a);
		return -1;
	}
	snprintf(b->game, sizeof(b->game), "%s", a->g.t.m->game_hex);
	b->entry = a->g.t.m->seq;
	if (a->g.t.me != GAME_JUDGE)
		error_set(e, EXIT_USAGE, "%s: %s's game directory, not the "
		    "judge's", dir, a->g.seat);
	else if (watchers_load(a->g.path, &a->g.t.m->watch, &a->ws, e) == 0) {
		a->w = watchers_find(&a->ws, b->in.from);
		rc = b->in.watch > 0 ? watch(a, e) : unwatch(a, e);
	}
	gamedir_close(&a->g);
	free(a);
	return rc;
}

static int
asked_watch(const struct mail_in *in)
{
	return in->watch > 0;
}

static int
asked_unwatch(const struct mail_in *in)
{
	return in->watch < 0;
}

/* one command read the first of the two in the mail (mail.c): never
 * both */
const struct mailcmd mailcmd_watch = {
	.name = "WATCH",
	.usage = "WATCH GAMEID [CODE]",
	.help = "be mailed the public news of a game after each entry",
	.flags = MAILCMD_GAMES | MAILCMD_CODE,
	.asked = asked_watch,
	.run = run,
};

const struct mailcmd mailcmd_unwatch = {
	.name = "UNWATCH",
	.usage = "UNWATCH GAMEID [CODE]",
	.help = "stop it (every observer mail gives the line)",
	.flags = MAILCMD_GAMES | MAILCMD_CODE,
	.asked = asked_unwatch,
	.run = run,
};
