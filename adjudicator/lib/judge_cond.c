/*
 * The judge fires conditions (formats/conditions.md).  After each entry
 * it applies, for each seat whose conditions may fire (cond_live: the
 * opponent has just answered its last move or fired step), the first of
 * its lines, in line order, whose steps so far are the ones fired and
 * whose next IF names the opponent's action: its reply goes in as the
 * judge's entry of kind fired, opening the line to every seat.  The
 * other lines wait on no more: the seat moves by hand, and its update
 * says why.  A reply that the rules refuse with everything known is not
 * played; the seat is told only that it was illegal there, never why
 * (the reason may lie in what it could not see).
 */
#include <stdio.h>
#include <string.h>

#include "cond.h"
#include "cond_match.h"
#include "judge.h"
#include "judge_int.h"

int
judge_cond_of(struct transcript *p, int seat, struct cond_set *s,
    struct error *e)
{
	struct buf b;
	struct error why;
	int rc;

	buf_init(&b);
	error_clear(&why);
	rc = p->store->get_cond(p->arg, seat, &b, &why);
	if (rc == 0 && cond_record_read(b.data, b.len, s, p->m->game_id,
	    p->m->seat[seat].name, "conditions", &why) != 0)
		rc = -1;
	if (b.data != NULL)
		sec_wipe(b.data, b.len);
	buf_free(&b);
	if (rc < 0 && why.status == EXIT_SYSTEM) {
		*e = why;
		return -1;
	}
	if (rc < 0)
		report_line(p->report, "conditions of %s: %s; not fired",
		    p->m->seat[seat].name, why.msg);
	return rc == 0 && s->seq == p->m->seat[seat].cond_seq ? 0 : 1;
}

/* 1: a reply fired; 0: none; -1: a system error. */
static int
fire_one(struct judge_run *j, int seat, struct cond_set *s, struct error *e)
{
	struct transcript *p = j->p;
	const struct match *m = p->m;
	char name[sizeof(m->seat[0].name)];	/* p->m is another match
						 * once the reply is taken */
	char ans[COND_ANSWERED];
	struct error why;
	struct buf body;
	int i, live, rc, step = m->seat[seat].cond_fired;

	snprintf(name, sizeof(name), "%s", m->seat[seat].name);
	if ((rc = judge_cond_of(p, seat, s, e)) != 0)
		return rc < 0 ? -1 : 0;
	if ((i = cond_first_match(m, seat, s, &live)) < 0) {
		cond_answered(m, seat, 1, ans, sizeof(ans));
		if (live)
			judge_note(j, seat, "none of your conditions answered "
			    "%s: they are dropped; your move", ans);
		return 0;
	}
	buf_init(&body);
	error_clear(&why);
	rc = entry_fired(m, seat, p->all[seat], s, i, step, &body, &why);
	if (rc == 0)
		rc = judge_own(j, &body, &why);
	buf_free(&body);
	if (rc == 0) {
		report_line(p->report, "fired: %s's condition, line %d step "
		    "%d", name, i + 1, step + 1);
		return 1;
	}
	if (why.status == EXIT_SYSTEM) {
		*e = why;
		return -1;
	}
	/* not why: the reason may name a hidden value, and the report is
	 * the operator's log (procmail's logfile, say) */
	report_line(p->report, "%s's condition, line %d step %d, is illegal "
	    "here: dropped", name, i + 1, step + 1);
	judge_note(j, seat, "your condition, line %d step %d, is illegal in "
	    "this position (by what you could not see, or by rules you can "
	    "check): not played, and the rest dropped; your move", i + 1,
	    step + 1);
	return 0;
}

int
judge_cond_fire(struct judge_run *j, struct error *e)
{
	struct transcript *p = j->p;
	struct cond_set *s;
	int seat, fired, rc = 0;

	if (!p->m->judge_mode || p->store->get_cond == NULL)
		return 0;
	if ((s = sec_malloc(sizeof(*s))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	do {
		fired = 0;
		for (seat = 0; rc == 0 && seat < p->m->nseats; seat++) {
			if (!cond_live(p->m, seat))
				continue;
			rc = fire_one(j, seat, s, e);
			if (rc > 0) {
				fired = 1;
				rc = 0;
			}
		}
	} while (rc == 0 && fired);
	sec_wipe(s, sizeof(*s));
	sec_free(s);
	return rc;
}

int
judge_cond_sets(const struct transcript *p, struct cond_set **sets,
    size_t *n, struct error *e)
{
	const struct match *m = p->m;
	const struct cond_sent *c;
	struct buf b;
	size_t i;
	int rc = 0;

	*sets = NULL;
	*n = 0;
	if (m->ncond_sent == 0 || match_phase(m) != MATCH_FINAL)
		return 0;
	if (p->store->get_cond_at == NULL)
		return error_set(e, EXIT_SYSTEM, "the judge keeps no "
		    "conditions to open");
	if ((*sets = sec_malloc(m->ncond_sent * sizeof(**sets))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	buf_init(&b);
	for (i = 0; rc == 0 && i < m->ncond_sent; i++) {
		c = &m->cond_sent[i];
		b.len = 0;
		rc = p->store->get_cond_at(p->arg, c->seat, c->seq, &b, e);
		if (rc > 0)
			rc = error_set(e, EXIT_SYSTEM, "the judge lost %s's "
			    "conditions of entry %llu", m->seat[c->seat].name,
			    (unsigned long long)c->seq);
		else if (rc == 0)
			rc = cond_record_read(b.data, b.len, &(*sets)[i],
			    m->game_id, m->seat[c->seat].name, "conditions", e);
		if (b.data != NULL)
			sec_wipe(b.data, b.len);
	}
	buf_free(&b);
	if (rc != 0) {
		sec_wipe(*sets, m->ncond_sent * sizeof(**sets));
		sec_free(*sets);
		*sets = NULL;
		return -1;
	}
	*n = m->ncond_sent;
	return 0;
}
