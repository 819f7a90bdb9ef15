/*
 * The club's site as the mail bot keeps it (site: OUTDIR in
 * ROOT/judge.yaml; site.h, formats/site.md).  Each run notes the games it
 * changed (an entry added, an invitation filed, a game made) and the
 * tournaments whose records it kept; once they are closed, each game's
 * pages are made again, the index and its list with them, the standings
 * when one of them ended, then the page of each tournament noted or of
 * a game noted.  Nothing else is read or written: the cost does not grow
 * with the club.  The run's mails are the judge's business: a site that
 * cannot be written is said on standard error and waits for the next
 * run (or site -r).
 */
#include <stdlib.h>
#include <string.h>

#include "club.h"
#include "mailbot.h"
#include "site.h"

/* id in the list (*n of them), once. */
static void
note(char (**list)[ROOT_ID], size_t *n, const char *id)
{
	char (*t)[ROOT_ID];
	size_t i;

	for (i = 0; i < *n; i++)
		if (strcmp((*list)[i], id) == 0)
			return;
	if ((t = realloc(*list, (*n + 1) * sizeof(*t))) == NULL)
		return;		/* the next run's, or site -r */
	*list = t;
	snprintf(t[(*n)++], sizeof(*t), "%s", id);
}

void
mailbot_touch(struct mailbot *b, const char *game)
{
	note(&b->touched, &b->ntouched, game);
	/* its tournament's next round, once the run's games are closed */
	note(&b->toured, &b->ntoured, game);
}

void
mailbot_touch_match(struct mailbot *b, const struct match *m)
{
	note(&b->touched, &b->ntouched, m->game_hex);
	/* a game of no tournament never makes a round: not opened again
	 * after the run to be looked at (mailbot_tour.c) */
	if (m->event.id[0] != '\0')
		note(&b->toured, &b->ntoured, m->game_hex);
}

void
mailbot_touch_tour(struct mailbot *b, const char *hex)
{
	note(&b->tours, &b->ntours, hex);
}

void
mailbot_site(struct mailbot *b)
{
	struct club_conf c;
	struct error e;
	char tour[ROOT_ID];
	size_t i;
	int ended, any = 0;

	error_clear(&e);
	if ((b->ntouched == 0 && b->ntours == 0) ||
	    club_conf_read(b->root, &c, &e) != 0)
		goto done;
	for (i = 0; c.site[0] != '\0' && i < b->ntouched; i++) {
		if (site_update(b->root, c.site, b->touched[i], &ended, tour,
		    &e) != 0)
			break;
		any |= ended;
		if (tour[0] != '\0')
			mailbot_touch_tour(b, tour);
	}
	if (e.msg[0] == '\0' && any)
		(void)site_standings(b->root, c.site, &e);
	for (i = 0; e.msg[0] == '\0' && c.site[0] != '\0' && i < b->ntours;
	    i++)
		(void)site_tournament(b->root, c.site, b->tours[i], &e);
	club_conf_free(&c);
done:
	if (e.msg[0] != '\0' && b->report != NULL)
		report_line(b->report, "site: %s", e.msg);
	mailbot_untouch(b);
}

void
mailbot_untouch(struct mailbot *b)
{
	free(b->touched);
	b->touched = NULL;
	b->ntouched = 0;
	free(b->tours);
	b->tours = NULL;
	b->ntours = 0;
}
