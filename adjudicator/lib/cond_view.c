/*
 * A seat's own conditional moves as its copy keeps them
 * (formats/conditions.md): the record of the lines it sent, those still
 * pending, and its view of them, which no other seat's view ever holds.
 */
#include <stdio.h>
#include <string.h>

#include "cond.h"
#include "cond_match.h"
#include "transcript.h"
#include "ydoc.h"

/* The seat's record of the lines it sent last (seq 0), or with its entry
 * seq: 0, 1 when none is kept. */
static int
own(const struct transcript *p, uint64_t seq, struct cond_set *s,
    struct error *e)
{
	struct buf b;
	int rc;

	buf_init(&b);
	if (seq == 0)
		rc = p->store->get_cond(p->arg, p->me, &b, e);
	else
		rc = p->store->get_cond_at == NULL ? 1 :
		    p->store->get_cond_at(p->arg, p->me, seq, &b, e);
	if (rc == 0)
		rc = cond_record_read(b.data, b.len, s, p->m->game_id,
		    p->m->seat[p->me].name, "conditions", e);
	if (b.data != NULL)
		sec_wipe(b.data, b.len);
	buf_free(&b);
	return rc;
}

int
cond_record_own(const struct transcript *p, struct cond_set *s,
    struct error *e)
{
	struct error ign;
	uint64_t live;
	int rc;

	if (p->store->get_cond == NULL || p->me < 0 || p->me >= p->m->nseats)
		return 1;
	if ((rc = own(p, 0, s, e)) != 0)
		return rc;
	/* the last set sent crossed another entry in the mail (sent off
	 * turn, it came to the judge after the move it was made before):
	 * the one the chain holds, as the seat kept it */
	live = p->m->seat[p->me].cond_seq;
	if (s->seq > p->m->seq || live == 0 || s->seq == live ||
	    own(p, live, s, &ign) == 0)
		return 0;
	return own(p, 0, s, e);
}

int
cond_pending(const struct transcript *p, struct cond_set *s, struct error *e)
{
	const struct match *m = p->m;
	int rc;

	const struct match_seat *ms;
	struct cond_line l;
	char text[COND_TEXT];
	int i, n = 0;

	if (!m->judge_mode || match_phase(m) != MATCH_PLAY)
		return 1;
	if ((rc = cond_record_own(p, s, e)) != 0)
		return rc;
	/* sent and not back yet: every line */
	if (s->seq > m->seq)
		return s->n > 0 ? 0 : 1;
	/* else those lines whose steps so far the judge fired, while the
	 * opponent has not answered the last */
	ms = &m->seat[p->me];
	if (ms->cond_seq != s->seq || m->nactions != ms->cond_nact)
		return 1;
	for (i = 0; i < s->n; i++) {
		l = s->line[i];
		l.n = ms->cond_fired;
		cond_line_text(&l, text, sizeof(text));
		if (s->line[i].n > ms->cond_fired &&
		    strcmp(text, ms->cond_path) == 0)
			s->line[n++] = s->line[i];
	}
	s->n = n;
	return n > 0 ? 0 : 1;
}

/* A line of the seat's live entry that answers the opponent's last
 * action, which the judge did not play: its index, or -1. */
static int
unplayed(const struct transcript *p, struct cond_set *s)
{
	const struct match *m = p->m;
	struct error ign;
	int live;

	if (!m->judge_mode || p->me < 0 || p->me >= m->nseats ||
	    !cond_live(m, p->me) || cond_record_own(p, s, &ign) != 0 ||
	    s->seq != m->seat[p->me].cond_seq)
		return -1;
	return cond_first_match(m, p->me, s, &live);
}

/* What the seat's view says of a line the judge did not play. */
static void
view_unplayed(const struct transcript *p, int yaml, struct cond_set *s,
    struct buf *b)
{
	char ans[COND_ANSWERED];
	int i;

	if ((i = unplayed(p, s)) < 0)
		return;
	cond_answered(p->m, p->me, !yaml, ans, sizeof(ans));
	if (yaml)
		buf_printf(b, "condition_not_played:\n  line: %d\n  "
		    "answers: \"%s\"\n", i + 1, ans);
	else
		buf_printf(b, "\nNot played: your condition line %d answers "
		    "%s,\nbut the judge played nothing for you: it "
		    "withheld it, or found your\nreply illegal by what you "
		    "could not see (its note says which).\n", i + 1, ans);
}

void
cond_view(const struct transcript *p, int yaml, struct buf *b)
{
	struct ydoc_writer *w;
	struct cond_set *s;
	struct error ign;
	char text[COND_TEXT];
	int i;

	if ((s = sec_malloc(sizeof(*s))) == NULL)
		return;
	if (cond_pending(p, s, &ign) != 0) {
		view_unplayed(p, yaml, s, b);
		goto done;
	}
	if (yaml && (w = ydoc_writer_new(b)) != NULL) {
		ydoc_map_begin(w);
		ydoc_key(w, "conditions");
		ydoc_seq_begin(w, 0);
		for (i = 0; i < s->n; i++) {
			cond_line_text(&s->line[i], text, sizeof(text));
			ydoc_str(w, text);
		}
		ydoc_seq_end(w);
		ydoc_map_end(w);
		(void)ydoc_writer_end(w);
	}
	for (i = 0; !yaml && i < s->n; i++) {
		cond_line_text(&s->line[i], text, sizeof(text));
		buf_printf(b, "%s  %d. %s\n", i ? "" : "\nConditions pending "
		    "(yours alone, sealed to the judge):\n", i + 1, text);
	}
	sec_wipe(text, sizeof(text));
done:
	sec_wipe(s, sizeof(*s));
	sec_free(s);
}
