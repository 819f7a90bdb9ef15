/*
 * A ladder the judge directs (formats/tournament.md, "A ladder by
 * mail"): once every player accepted it, every player is mailed the
 * places, as tournament table prints them, and how to challenge; after
 * each run that ends games of it (mailbot_tour_after) or takes a
 * withdrawal, every player is mailed those games' results, who withdrew,
 * and the new places.  Each mail is marked sent (ID/sent/start,
 * ID/sent/game-ID, ID/sent/withdrawn-SEED) once the mailer took it, so that
 * a run stopped before is taken up by the next (the tick's looks at every
 * tournament).  The challenges themselves are mailcmd_ladder.c's.
 */
#include <stdio.h>
#include <string.h>

#include "mailbot_int.h"
#include "mailbot_tour.h"
#include "tour.h"

/* The mark of slot s's end: "game-" and its id's first 16 digits. */
static void
mark_of(const struct tour_slot *s, char *out, size_t len)
{
	snprintf(out, len, "game-%.16s", s->gid);
}

/* Slot s over and not yet mailed. */
static int
fresh(struct bot_run *br, const struct tour *t, const struct tour_slot *s)
{
	char mark[40];

	if (s->g.round != 0 || s->res == TOUR_PENDING || s->gid[0] == '\0')
		return 0;
	mark_of(s, mark, sizeof(mark));
	return !mailbot_tour_marked(br->b->root, t->d->id, mark);
}

/* The mark of player p's withdrawal: "withdrawn-" and its seed. */
static void
gone_mark(unsigned p, char *out, size_t len)
{
	snprintf(out, len, "withdrawn-%u", p + 1);
}

int
mailbot_ladder_told(const char *root, const char *id, unsigned p)
{
	char mark[40];

	gone_mark(p, mark, sizeof(mark));
	return mailbot_tour_marked(root, id, mark);
}

/* Player p withdrew (signed, or by timeouts) and was not mailed yet. */
static int
gone(struct bot_run *br, const struct tour *t, unsigned p)
{
	return t->withdrawn[p] != 0 &&
	    !mailbot_ladder_told(br->b->root, t->d->id, p);
}

/* "game 0123...: alice (white) - bob (black): bob won" */
static void
result(const struct tour *t, const struct tour_slot *s, struct buf *b)
{
	const char *w = t->d->p[s->g.white].name, *k = t->d->p[s->g.black].name;

	buf_printf(b, "  game %.16s: %s (white) - %s (black): ", s->gid, w, k);
	if (s->res == TOUR_WHITE || s->res == TOUR_BLACK)
		buf_printf(b, "%s won\n", s->res == TOUR_WHITE ? w : k);
	else
		buf_printf(b, "%s\n", s->res == TOUR_DRAW ? "drawn" : "void");
}

/* The mail's text: what happened (games, ngames of them, ended;
 * withdrawals), the places, how to challenge. */
static int
text_of(struct bot_run *br, const struct tour *t, int started,
    size_t ngames, struct buf *b, struct error *e)
{
	const struct tour_decl *d = t->d;
	size_t i;
	unsigned p;

	if (!started)
		buf_printf(b, "The ladder %s (%.16s), %s, is under way: every "
		    "player accepted.\n", d->id, d->hex, d->name);
	if (started && ngames > 0) {
		buf_printf(b, "Games of the ladder %s (%.16s), %s, ended:\n",
		    d->id, d->hex, d->name);
		for (i = 0; i < t->ns; i++)
			if (fresh(br, t, &t->s[i]))
				result(t, &t->s[i], b);
	}
	for (p = 0; started && p < d->n; p++)
		if (gone(br, t, p))
			buf_printf(b, "%s withdrew from the ladder %s (%.16s), "
			    "%s: off its places.\n", d->p[p].name, d->id,
			    d->hex, d->name);
	buf_printf(b, "\nThe places%s:\n\n", started ? " now" : "");
	if (tour_table(t, TOUR_TEXT, b, e) != 0)
		return -1;
	buf_printf(b, "\nTo challenge a player at most %u place%s above you, "
	    "mail the judge (%s),\nfrom the address the club's directory "
	    "lists for you, a Subject of\n    CHALLENGE NAME %s\nThe judge "
	    "answers with the line to send back, with its code.  Once\nNAME "
	    "accepts, the judge makes the game: the challenger plays white."
	    "\nEach player plays one game of the ladder at a time.\n", d->reach,
	    d->reach == 1 ? "" : "s", br->club.address, d->id);
	return buf_cstr(b) == 0 ? 0 : error_set(e, EXIT_SYSTEM, "out of "
	    "memory");
}

int
mailbot_ladder_places(struct bot_run *br, const struct tour *t,
    struct error *e)
{
	const struct tour_decl *d = t->d;
	char subject[MAIL_FIELD], mark[40];
	struct buf text;
	size_t i, n = 0, nw = 0;
	unsigned p;
	int started, rc;

	started = mailbot_tour_marked(br->b->root, d->id, "start");
	for (i = 0; i < t->ns; i++)
		n += fresh(br, t, &t->s[i]) != 0;
	for (p = 0; p < d->n; p++)
		nw += gone(br, t, p) != 0;
	if (started && n == 0 && nw == 0)
		return 0;
	buf_init(&text);
	snprintf(subject, sizeof(subject), "[adjudicator] tournament %s: the "
	    "ladder's places", d->id);
	rc = text_of(br, t, started, n, &text, e) != 0 ||
	    mailbot_tour_mail_all(br, t, subject, (char *)text.data, e) != 0 ||
	    mailbot_tour_mark(br->b->root, d->id, "start", e) != 0 ? -1 : 0;
	for (i = 0; i < t->ns && rc == 0; i++)
		if (fresh(br, t, &t->s[i])) {
			mark_of(&t->s[i], mark, sizeof(mark));
			rc = mailbot_tour_mark(br->b->root, d->id, mark, e);
		}
	/* the places at the start show a withdrawal already made */
	for (p = 0; p < d->n && rc == 0; p++)
		if (gone(br, t, p)) {
			gone_mark(p, mark, sizeof(mark));
			rc = mailbot_tour_mark(br->b->root, d->id, mark, e);
		}
	if (rc == 0)
		report_line(br->b->report, "%s: tournament %s: the ladder's "
		    "places mailed", br->name, d->id);
	buf_free(&text);
	return rc;
}

int
mailbot_ladder_start(struct bot_run *br, const struct tour_decl *decl,
    struct error *e)
{
	struct tour_input in;
	struct tour_decl d;
	struct tour t;
	char diff[512];
	int rc;

	memset(&in, 0, sizeof(in));
	memset(&d, 0, sizeof(d));
	memset(&t, 0, sizeof(t));
	if ((rc = mailbot_tour_load(br->b->root, decl->id, &in, &d, &t, diff,
	    sizeof(diff), e)) == 0 && diff[0] != '\0')
		rc = error_set(e, EXIT_SYSTEM, "tournament %s: %s", decl->id,
		    diff);
	else if (rc == 0)
		rc = mailbot_ladder_places(br, &t, e);
	tour_free(&t);
	tour_decl_free(&d);
	tour_input_free(&in);
	return rc;
}
