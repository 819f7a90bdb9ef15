/*
 * The audits.  See audit.h.  Most of what an audit needs is decided as
 * the entries are applied (resolve.c: a setup audited once wholly open,
 * legality and claims checked once their secrets are); this file states
 * the verdicts.
 */
#include <stdio.h>
#include <string.h>

#include "audit.h"
#include "match_int.h"

int
audit_game(const struct match *m, struct error *e)
{
	struct game_result r;
	int next = match_next_author(m);

	match_result(m, &r);
	if (r.cheated[GAME_MAX_SEATS] || r.cheated[0] || r.cheated[1] ||
	    r.cheated[2] || r.cheated[3])
		return error_set(e, EXIT_REFUSED, "%s", r.why);
	switch (match_phase(m)) {
	case MATCH_SETUP:
		return error_set(e, EXIT_REFUSED, "the game never started: "
		    "%s's setup is missing", match_author_name(m, next));
	case MATCH_PLAY:
		return error_set(e, EXIT_REFUSED, "the game is not over: %s is "
		    "to act after seq %llu", match_author_name(m, next),
		    (unsigned long long)m->seq);
	case MATCH_FINAL:
		return error_set(e, EXIT_REFUSED, "the game is not closed: %s's "
		    "final openings are missing", match_author_name(m, next));
	default:
		break;
	}
	if (m->nchecks > 0)
		return error_set(e, EXIT_REFUSED, "seq %llu: a check still "
		    "waits for a hidden value at the end",
		    (unsigned long long)m->checks[0].seq);
	return 0;
}

static int
in_update(const struct audit_update *u, int seat, const char *id)
{
	int i;

	for (i = 0; i < u->nopen; i++)
		if (u->open[i].seat == seat && strcmp(u->open[i].id, id) == 0)
			return 1;
	return 0;
}

/* Whether an earlier update already showed the piece. */
static int
shown_before(const struct audit_update *u, size_t k, int seat, const char *id)
{
	size_t j;

	for (j = 0; j < k; j++)
		if (in_update(&u[j], seat, id))
			return 1;
	return 0;
}

static int
expected(const struct match *m, int viewer, const struct audit_update *u,
    size_t k, int seat, int idx)
{
	uint32_t at = m->entitled[viewer][seat][idx];
	const struct match_seat *s = &m->seat[seat];

	if (at == 0 || at > u[k].seq)
		return 0;
	if (s->opened[idx] && s->opened_seq[idx] <= u[k].seq)
		return 0;	/* public by then: nothing to show privately */
	return !shown_before(u, k, seat, s->pieces.id[idx]);
}

int
audit_sight(const struct match *m, int viewer, const struct audit_update *u,
    size_t n, struct buf *out)
{
	size_t k;
	int s, i, found = 0;

	for (k = 0; k < n; k++) {
		for (i = 0; i < u[k].nopen; i++) {
			int seat = u[k].open[i].seat;
			int idx = match_piece_index(m, seat, u[k].open[i].id);

			/* shown again, or as it should: nothing new */
			if (idx >= 0 && (expected(m, viewer, u, k, seat, idx) ||
			    shown_before(u, k, seat, u[k].open[i].id)))
				continue;
			buf_printf(out, "the judge's update at seq %llu showed "
			    "%s %s's piece %s, which it was not entitled to "
			    "see then\n", (unsigned long long)u[k].seq,
			    m->seat[viewer].name, match_author_name(m, seat),
			    u[k].open[i].id);
			found++;
		}
		for (s = 0; s < m->nseats; s++)
			for (i = 0; i < m->seat[s].pieces.n; i++) {
				uint32_t at = m->entitled[viewer][s][i];

				/* said once: by the first update that owed it */
				if (s == viewer || !expected(m, viewer, u, k, s,
				    i) || in_update(&u[k], s,
				    m->seat[s].pieces.id[i]) ||
				    (k > 0 && at <= u[k - 1].seq))
					continue;
				buf_printf(out, "the judge's update at seq %llu "
				    "withheld %s's piece %s, which %s was "
				    "entitled to see after seq %lu\n",
				    (unsigned long long)u[k].seq,
				    m->seat[s].name, m->seat[s].pieces.id[i],
				    m->seat[viewer].name,
				    (unsigned long)m->entitled[viewer][s][i]);
				found++;
			}
	}
	return found;
}
