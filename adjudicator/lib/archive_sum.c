/*
 * What verify says of an archive once it checks out (archive_int.h): the
 * game and its seats, the entries checked, the result or who acts next,
 * the clock and the times a ruling rests on, who held each seat, a
 * dispute.
 */
#include "archive_int.h"
#include "clock.h"
#include "dispute.h"
#include "holder.h"
#include "seed.h"
#include "view.h"

/*
 * A game with a clock: the clock, each ruling, timeout and leave with its
 * signed time, and the moves made late.  A peer's timeout is a claim, not
 * a ruling: it says so, with the times it rests on.
 */
static void
clock_summary(const struct match *m, const struct buf *times,
    struct buf *out)
{
	int s, late = 0;

	if (!m->clock.on && times->len == 0)
		return;
	if (m->clock.on) {
		buf_adds(out, "clock: ");
		clock_describe(&m->clock, out);
		buf_adds(out, m->judge_mode ? "; kept by the judge\n" :
		    "; each seat's own signed times\n");
	}
	if (times->len > 0) {
		buf_printf(out, "%s:\n", m->judge_mode ? "the judge's rulings "
		    "and the seats' leave" : "claims and leave, by the seats' "
		    "own signed times");
		buf_add(out, times->data, times->len);
	}
	if (m->how == MATCH_HOW_CLAIM)
		buf_printf(out, "result by a claim of %s's, not a ruling\n",
		    match_author_name(m, m->ender));
	for (s = 0; s < m->nseats; s++)
		late += m->clk.seat[s].late > 0;
	if (late == 0)
		return;
	buf_adds(out, "late moves (in the grace):");
	for (s = 0; s < m->nseats; s++)
		buf_printf(out, " %s %u", m->seat[s].name, m->clk.seat[s].late);
	buf_adds(out, "\n");
}

/* The game and who plays it: the summary's first lines. */
static void
summary_head(const struct match *m, struct buf *out)
{
	int k;

	buf_printf(out, "%s game %s\n", m->rules->name, m->game_hex);
	buf_adds(out, "seats:");
	for (k = 0; k < m->nseats; k++)
		buf_printf(out, " %s (%s)", m->seat[k].name,
		    m->seat[k].key.idhex);
	if (m->judge_mode)
		buf_printf(out, "; judge %s (%s)", m->judge.name,
		    m->judge.idhex);
	buf_adds(out, "\n");
	/* the tournament its header names (tournament verify checks it) */
	if (m->event.id[0] != '\0') {
		buf_printf(out, "tournament %.16s", m->event.id);
		if (m->event.round != 0)
			buf_printf(out, ", round %u, board %u",
			    m->event.round, m->event.board);
		if (m->event.game != 0)
			buf_printf(out, ", game %u", m->event.game);
		buf_adds(out, "\n");
	}
	/* how its seed was made, when its rules draw from one */
	seed_summary(m, out);
}

void
archive_summary(const struct match *m, uint32_t count, const struct buf *times,
    struct buf *out)
{
	struct game_result r;

	summary_head(m, out);
	buf_printf(out, "entries: %u, every signature, the hash chain, the "
	    "turn order, every opening and every action check out\n", count);
	match_result(m, &r);
	if (r.draw && !r.cheated[GAME_MAX_SEATS])
		buf_printf(out, "result: draw (%s)\n", r.why);
	else {
		buf_adds(out, "result: ");
		view_result(m, out);
		buf_adds(out, "\n");
	}
	if (r.scored)
		view_scores(m, out);
	clock_summary(m, times, out);
	holder_summary(m, out);
	if (m->dispute.on) {
		dispute_text(m, out);
		buf_adds(out, "\n");
	}
}

/* A game under way: what has been checked, and who acts next (a game
 * over whose final openings are missing: its result so far). */
void
archive_summary_so_far(const struct match *m, uint32_t count,
    const struct buf *times, struct buf *out)
{
	int next = match_next_author(m);
	const char *who = next >= 0 || next == GAME_JUDGE ?
	    match_author_name(m, next) : "nobody";

	summary_head(m, out);
	buf_printf(out, "entries: %u so far, every signature, the hash "
	    "chain, the turn order, every opening and every action check "
	    "out\n", count);
	if (match_phase(m) == MATCH_FINAL) {
		buf_adds(out, "over: ");
		view_result(m, out);
		buf_printf(out, "\nin progress: %s's final openings; the "
		    "setups are audited at the end\n", who);
	} else
		buf_printf(out, "in progress: %s to act; the setups are "
		    "audited at the end\n", who);
	clock_summary(m, times, out);
	holder_summary(m, out);
	if (m->dispute.on) {
		dispute_text(m, out);
		buf_adds(out, "\n");
	}
}
