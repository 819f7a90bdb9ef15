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
	case MATCH_SEED:
		return error_set(e, EXIT_REFUSED, "the game never started: "
		    "%s%s's share of the seed is missing", next == GAME_JUDGE ?
		    "the " : "", match_author_name(m, next));
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

int
audit_shown(const struct audit_update *u, int seat, int idx)
{
	unsigned bit = (unsigned)(seat * GAME_MAX_PIECES + idx);

	return seat >= 0 && seat < GAME_MAX_SEATS && idx >= 0 &&
	    idx < GAME_MAX_PIECES && (u->shown[bit / 8] >> (bit % 8) & 1);
}

int
audit_mark(struct audit_update *u, int seat, int idx)
{
	unsigned bit = (unsigned)(seat * GAME_MAX_PIECES + idx);
	int was = audit_shown(u, seat, idx);

	u->shown[bit / 8] |= (uint8_t)(1u << (bit % 8));
	return was;
}

static int
public_by(const struct match *m, int seat, int idx, uint64_t seq)
{
	return m->seat[seat].opened[idx] && m->seat[seat].opened_seq[idx] <= seq;
}

int
audit_owed(const struct match *m, int viewer, uint64_t first, uint64_t seq,
    int seat, int idx)
{
	uint32_t at;

	if (seat == viewer || seat < 0 || seat >= m->nseats || idx < 0 ||
	    idx >= m->seat[seat].pieces.n)
		return 0;
	at = m->entitled[viewer][seat][idx];
	return at != 0 && at >= first && at <= seq &&
	    !public_by(m, seat, idx, seq);
}

/* Why an update may not show a piece, in words for its seat. */
static void
not_owed(const struct match *m, int viewer, const struct audit_update *u,
    int seat, int idx, char *why, size_t len)
{
	uint32_t at = m->entitled[viewer][seat][idx];

	if (m->rules->visible == NULL)
		snprintf(why, len, "and %s shows no seat a piece privately",
		    m->rules->name);
	else if (public_by(m, seat, idx, u->seq))
		snprintf(why, len, "which was public by then");
	else if (u->first > u->seq)
		snprintf(why, len, "and it carries no entry in which %s's "
		    "pieces could see it", m->seat[viewer].name);
	else if (at != 0 && at < u->first)
		snprintf(why, len, "which was owed after seq %lu, before the "
		    "entries it carries (seq %llu to %llu)", (unsigned long)at,
		    (unsigned long long)u->first, (unsigned long long)u->seq);
	else
		snprintf(why, len, "which %s's pieces did not see in the entries "
		    "it carries (seq %llu to %llu)", m->seat[viewer].name,
		    (unsigned long long)u->first, (unsigned long long)u->seq);
}

int
audit_update_check(const struct match *m, int viewer,
    const struct audit_update *u, const char *where, struct error *e)
{
	char why[160];
	int s, i;

	for (s = 0; s < m->nseats; s++)
		for (i = 0; i < m->seat[s].pieces.n; i++) {
			if (!audit_shown(u, s, i) ||
			    audit_owed(m, viewer, u->first, u->seq, s, i))
				continue;
			not_owed(m, viewer, u, s, i, why, sizeof(why));
			return error_set(e, EXIT_REFUSED, "%s: the judge's "
			    "update at seq %llu shows %s %s's piece %s, %s",
			    where, (unsigned long long)u->seq,
			    m->seat[viewer].name, match_author_name(m, s),
			    m->seat[s].pieces.id[i], why);
		}
	return 0;
}

int
audit_sight(const struct match *m, int viewer, const struct audit_update *u,
    size_t n, struct buf *out)
{
	uint8_t told[AUDIT_PIECES];	/* a withheld piece is said once */
	size_t k;
	int s, i, found = 0;

	memset(told, 0, sizeof(told));
	for (k = 0; k < n; k++)
		for (s = 0; s < m->nseats; s++)
			for (i = 0; i < m->seat[s].pieces.n; i++) {
				int owed = audit_owed(m, viewer, u[k].first,
				    u[k].seq, s, i);

				if (audit_shown(&u[k], s, i) && !owed) {
					buf_printf(out, "the judge's update at "
					    "seq %llu showed %s %s's piece %s, "
					    "which it was not entitled to see "
					    "then\n",
					    (unsigned long long)u[k].seq,
					    m->seat[viewer].name,
					    match_author_name(m, s),
					    m->seat[s].pieces.id[i]);
					found++;
				}
				/* by the first update that owed it */
				if (!owed || audit_shown(&u[k], s, i) ||
				    told[s * GAME_MAX_PIECES + i])
					continue;
				told[s * GAME_MAX_PIECES + i] = 1;
				buf_printf(out, "the judge's update at seq %llu "
				    "withheld %s's piece %s, which %s was "
				    "entitled to see after seq %lu\n",
				    (unsigned long long)u[k].seq,
				    m->seat[s].name, m->seat[s].pieces.id[i],
				    m->seat[viewer].name,
				    (unsigned long)m->entitled[viewer][s][i]);
				found++;
			}
	return found;
}
