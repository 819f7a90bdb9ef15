/*
 * Round deadlines (formats/tournament.md, "Round deadlines"): the
 * declaration's deadline (a period from each game's header time), the
 * clocks' result at it, and verify's check of the judge's ruling that
 * ends a game there.  The ruling is the game's own entry (what:
 * adjudicate, formats/entry.md), so the judge's side (its tick) and
 * anyone's verify read the same signed times through clock.c.
 */
#include <stdio.h>
#include <string.h>

#include "standings.h"
#include "tour.h"
#include "tour_deadline.h"
#include "when.h"
#include "ydoc.h"

/* The start of the reason, which names the ruling as the deadline's;
 * what timing.c writes before a ruling's reason. */
#define DEADLINE_WORDS	"the round deadline "
#define RULED_WORDS	"adjudicated by the judge: "

int
tour_deadline_read(struct tour_decl *d, const struct ydoc *doc,
    const char *where, struct error *e)
{
	const struct ydoc *n = ydoc_get(doc, "deadline");
	int64_t v;

	d->deadline = 0;
	if (n == NULL)
		return 0;
	if (n->type != YDOC_SCALAR || when_duration(n->str, &v) != 0 ||
	    v < TOUR_DEADLINE_MIN || v > TOUR_DEADLINE_MAX)
		return error_set(e, EXIT_MALFORMED, "%s:%u: deadline is a "
		    "period from 1h to 3650d, as 30d (each game's time from "
		    "when it was made)", where, n->line);
	if (d->format == TOUR_LADDER)
		return error_set(e, EXIT_MALFORMED, "%s:%u: a ladder has no "
		    "rounds, and no round deadline", where, n->line);
	if (!d->clock.on)
		return error_set(e, EXIT_MALFORMED, "%s:%u: a deadline needs "
		    "a clock: the clocks rule the games it ends", where,
		    n->line);
	d->deadline = v;
	return 0;
}

int64_t
tour_deadline_of(const struct tour_decl *d, int64_t created)
{
	return created + d->deadline;
}

void
tour_deadline_reason(int64_t deadline, char *out, size_t len)
{
	char t[WHEN_TEXT];

	when_format(deadline, t, sizeof(t));
	snprintf(out, len, DEADLINE_WORDS "%s passed: the clocks rule", t);
}

int
tour_deadline_winner(const struct clock_state *k, const struct clock_spec *c,
    int nseats, int64_t deadline)
{
	int64_t at = k->last > deadline ? k->last : deadline, left, most = 0;
	int s, w = -1, n = 0;

	for (s = 0; s < nseats && s < CLOCK_MAX_SEATS; s++) {
		left = clock_left(k, c, s, at);
		if (n == 0 || left > most) {
			most = left;
			w = s;
			n = 1;
		} else if (left == most)
			n++;
	}
	return n == 1 ? w : -1;
}

/* The result a game's end gives as a ruling says it: a seat, or draw. */
static const char *
ruled(const struct standings_game *g)
{
	int i;

	for (i = 0; i < g->nseats; i++)
		if (g->seat[i].outcome == STANDINGS_WON)
			return g->seat[i].name;
	return "draw";
}

int
tour_deadline_check(const struct tour_decl *d,
    const struct standings_game *g, char *why, size_t len)
{
	char want[160], at[WHEN_TEXT], then[WHEN_TEXT];
	const char *reason, *got;
	int64_t deadline;
	int w;

	if (g->how != MATCH_HOW_ADJUDICATED ||
	    strncmp(g->why, RULED_WORDS, strlen(RULED_WORDS)) != 0)
		return 0;
	reason = g->why + strlen(RULED_WORDS);
	if (strncmp(reason, DEADLINE_WORDS, strlen(DEADLINE_WORDS)) != 0)
		return 0;	/* the operator's own ruling */
	if (d->deadline == 0) {
		snprintf(why, len, "ruled at a round deadline, and the "
		    "declaration gives none");
		return 1;
	}
	deadline = tour_deadline_of(d, g->created);
	when_format(deadline, at, sizeof(at));
	tour_deadline_reason(deadline, want, sizeof(want));
	if (strcmp(reason, want) != 0) {
		snprintf(why, len, "ruled \"%.60s\"; its round deadline is %s",
		    reason, at);
		return 1;
	}
	if (g->ended < deadline) {
		when_format(g->ended, then, sizeof(then));
		snprintf(why, len, "ruled at %s, before its round deadline %s",
		    then, at);
		return 1;
	}
	w = tour_deadline_winner(&g->before, &g->clock, g->nseats, deadline);
	got = ruled(g);
	if (strcmp(got, w < 0 ? "draw" : g->seat[w].name) != 0) {
		snprintf(why, len, "ruled %s at its round deadline %s; the "
		    "clocks give %s", got, at, w < 0 ? "draw" :
		    g->seat[w].name);
		return 1;
	}
	return 0;
}
