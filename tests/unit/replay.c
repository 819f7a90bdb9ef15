/*
 * The replay page's sources: verify's position hook is called once per
 * position, in order, each with the match as it stands after that entry,
 * then its end hook once the game has passed every audit; a hook's error
 * stops the verification; a refused archive reaches no end.  The page:
 * one section per position, escaping, and no page for a refused archive.
 */
#include <stdio.h>
#include <stdlib.h>

#include "unit.h"

#include "archive.h"
#include "match.h"
#include "replay.h"
#include "selfplay.h"

struct seen {
	uint64_t	next;		/* the seq the next position must have */
	int		in_order;
	int		ends;
	int		fail_at;	/* the hook refuses this position */
	uint64_t	end_seq;
};

static int
on_entry(void *arg, const struct match *m, struct error *e)
{
	struct seen *s = arg;

	if (m->seq != s->next)
		s->in_order = 0;
	s->next = m->seq + 1;
	if (s->fail_at >= 0 && m->seq == (uint64_t)s->fail_at)
		return error_set(e, EXIT_SYSTEM, "the hook refuses %llu",
		    (unsigned long long)m->seq);
	return 0;
}

static int
on_end(void *arg, const struct match *m, struct error *e)
{
	struct seen *s = arg;

	(void)e;
	s->ends++;
	s->end_seq = m->seq;
	return 0;
}

static int
verify_with(struct buf *arc, struct seen *s, struct error *e)
{
	struct archive_progress p;
	struct buf out;
	FILE *f;
	int rc;

	memset(&p, 0, sizeof(p));
	p.entry = on_entry;
	p.end = on_end;
	p.arg = s;
	s->next = 0;
	s->in_order = 1;
	s->ends = 0;
	if ((f = fmemopen(arc->data, arc->len, "r")) == NULL)
		return error_set(e, EXIT_SYSTEM, "fmemopen");
	buf_init(&out);
	rc = archive_verify(f, "archive", 2, &p, &out, e);
	fclose(f);
	buf_free(&out);
	return rc;
}

static struct selfplay *
game(void)
{
	struct selfplay *sp;
	struct error e;
	char act[256];
	int next, steps, rc = 0;

	if ((sp = selfplay_new("incognito", NULL, 0, 2, 0, &e)) == NULL)
		return NULL;
	for (steps = 0; rc == 0 && steps < 5000; steps++) {
		if ((next = match_next_author(sp->m[0])) < 0)
			return sp;
		if (match_phase(sp->m[0]) == MATCH_SETUP)
			rc = selfplay_setup(sp, next, NULL, &e);
		else if (match_phase(sp->m[0]) == MATCH_FINAL ||
		    match_owes(sp->m[0], next))
			rc = selfplay_turn(sp, next, NULL, &e);
		else
			rc = selfplay_random_action(sp, next, act, sizeof(act),
			    &e) == 0 ? selfplay_turn(sp, next, act, &e) : -1;
	}
	selfplay_free(sp);
	return NULL;
}

static size_t
count(const struct buf *b, const char *what)
{
	const char *p = (const char *)b->data;
	size_t n = 0;

	while ((p = strstr(p, what)) != NULL) {
		n++;
		p++;
	}
	return n;
}

int
main(void)
{
	struct selfplay *sp;
	struct seen s;
	struct error e;
	struct buf arc, page, esc;
	FILE *f;
	int rc;

	unit_init();
	buf_init(&arc);
	buf_init(&page);
	buf_init(&esc);
	sp = game();
	unit_ok(sp != NULL, "a whole game");
	if (sp == NULL || selfplay_archive(sp, &arc, &e) != 0)
		return 1;

	memset(&s, 0, sizeof(s));
	s.fail_at = -1;
	rc = verify_with(&arc, &s, &e);
	unit_ok(rc == 0, "verify with the hooks");
	unit_ok(s.in_order && s.next == sp->nentries, "every position, in "
	    "order, the header first (%llu of %zu)",
	    (unsigned long long)s.next, sp->nentries);
	unit_ok(s.ends == 1 && s.end_seq + 1 == sp->nentries, "the end once, "
	    "after the last entry");

	s.fail_at = 5;
	rc = verify_with(&arc, &s, &e);
	unit_ok(unit_err(rc, &e, EXIT_SYSTEM, "the hook refuses 5") &&
	    s.next == 6 && s.ends == 0, "a hook's error stops verify");

	/* a refused archive: one base64 letter in its middle changed */
	s.fail_at = -1;
	selfplay_free(sp);
	sp = NULL;
	{
		size_t k = arc.len / 2;

		while (k < arc.len && arc.data[k] == '\n')
			k++;
		arc.data[k] = arc.data[k] == 'A' ? 'B' : 'A';
	}
	rc = verify_with(&arc, &s, &e);
	unit_ok(rc != 0 && s.ends == 0, "a refused archive reaches no end");
	if ((f = fmemopen(arc.data, arc.len, "r")) != NULL) {
		rc = replay_page(f, "archive", 1, &page, &e);
		fclose(f);
		unit_ok(rc != 0 && page.len == 0, "no page for a refused "
		    "archive");
	}

	replay_escape(&esc, "<b a=\"x\">&'</b>");
	buf_cstr(&esc);
	unit_ok(strcmp((char *)esc.data, "&lt;b a=&quot;x&quot;&gt;&amp;&#39;"
	    "&lt;/b&gt;") == 0, "escaping: %s", (char *)esc.data);

	/* a page: one section per position, and the setups */
	buf_free(&arc);
	buf_init(&arc);
	if ((sp = game()) != NULL && selfplay_archive(sp, &arc, &e) == 0 &&
	    (f = fmemopen(arc.data, arc.len, "r")) != NULL) {
		page.len = 0;
		rc = replay_page(f, "archive", 1, &page, &e);
		fclose(f);
		buf_cstr(&page);
		unit_ok(rc == 0 && count(&page, "<section class=\"pos\"") ==
		    sp->nentries, "a section per position");
		unit_ok(count(&page, "<section id=\"setups\">") == 1 &&
		    count(&page, "<td>spy</td>") == 2, "the setups: two spies");
	} else
		unit_ok(0, "a second game");
	selfplay_free(sp);
	buf_free(&arc);
	buf_free(&page);
	buf_free(&esc);
	return unit_done();
}
