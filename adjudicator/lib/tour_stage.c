/*
 * A final stage (formats/tournament.md, "A final stage"): a round robin
 * in sections whose declaration says `stage:` sends the top `advance` of
 * each section, by its own standing (score, then the declared
 * tie-breaks, then the seed), on to a round robin or a knockout seeded
 * by their finishes: the section winners in section order, then the
 * runners-up...  Its rounds are numbered after the first stage's.
 * Anyone computes the same qualifiers from the same results.
 */
#include <stdlib.h>
#include <string.h>

#include "num.h"
#include "tour.h"
#include "tour_int.h"
#include "ydoc.h"

int
tour_stage_read(struct tour_decl *d, const struct ydoc *m,
    const char *where, struct error *e)
{
	static const char *const keys[] = { "type", "advance", "cycles",
	    NULL };
	static const char *const need[] = { "type", "advance", NULL };
	const struct ydoc *n;
	const char *s;
	uint64_t v;

	d->stage_cycles = 1;
	if (m == NULL)
		return 0;
	if (d->format != TOUR_ROUND_ROBIN)
		return error_set(e, EXIT_MALFORMED, "%s:%u: format: a stage "
		    "follows a round robin in sections only", where, m->line);
	if (ydoc_expect(m, YDOC_MAP, "stage", where, e) != 0 ||
	    ydoc_check_keys(m, keys, need, where, e) != 0 ||
	    (s = ydoc_scalar(m, "type", where, e)) == NULL)
		return -1;
	if (strcmp(s, "round-robin") == 0)
		d->stage = TOUR_ROUND_ROBIN;
	else if (strcmp(s, "knockout") == 0)
		d->stage = TOUR_KNOCKOUT;
	else
		return error_set(e, EXIT_MALFORMED, "%s:%u: stage: type "
		    "\"%.40s\": round-robin or knockout", where, m->line, s);
	n = ydoc_get(m, "advance");
	if (n->type != YDOC_SCALAR || num_parse_str(n->str,
	    TOUR_MAX_PLAYERS, &v) != 0 || v < 1)
		return error_set(e, EXIT_MALFORMED, "%s:%u: stage: advance is "
		    "a number from 1", where, n->line);
	d->advance = (unsigned)v;
	if ((n = ydoc_get(m, "cycles")) == NULL)
		return 0;
	if (d->stage != TOUR_ROUND_ROBIN || n->type != YDOC_SCALAR ||
	    (strcmp(n->str, "1") != 0 && strcmp(n->str, "2") != 0))
		return error_set(e, EXIT_MALFORMED, "%s:%u: stage: cycles is "
		    "1 or 2, of a round robin", where, n->line);
	d->stage_cycles = n->str[0] == '2' ? 2 : 1;
	return 0;
}

static unsigned
nsections(const struct tour_decl *d)
{
	return d->section == 0 || d->section >= d->n ? 1 :
	    (unsigned)((d->n + d->section - 1) / d->section);
}

int
tour_stage_fits(const struct tour_decl *d, const char *where,
    struct error *e)
{
	unsigned k = nsections(d);

	if (d->advance == 0)
		return 0;
	if (k < 2)
		return error_set(e, EXIT_MALFORMED, "%s: a stage follows "
		    "several sections: section: fewer than the %zu players",
		    where, d->n);
	/* the smallest section, dealt serpentine, has n / k players */
	if (d->advance >= d->n / k)
		return error_set(e, EXIT_MALFORMED, "%s: stage: advance %u "
		    "of sections of %zu: fewer than the smallest section",
		    where, d->advance, d->n / k);
	return 0;
}

unsigned
tour_final_rounds(const struct tour_decl *d)
{
	unsigned q, k;

	if (d->format != TOUR_ROUND_ROBIN || d->advance == 0)
		return 0;
	q = d->advance * nsections(d);
	if (d->stage == TOUR_KNOCKOUT) {
		for (k = 0; (1u << k) < q; k++)
			;
		return k;
	}
	return (q + (q & 1) - 1) * d->stage_cycles;
}

unsigned
tour_stage1_rounds(const struct tour_decl *d)
{
	return tour_rounds(d) - tour_final_rounds(d);
}

enum tour_format
tour_round_format(const struct tour_decl *d, unsigned r)
{
	return d->advance && r > tour_stage1_rounds(d) ? d->stage :
	    d->format;
}

unsigned
tour_stage_last(const struct tour_decl *d, unsigned r)
{
	return d->advance && r <= tour_stage1_rounds(d) ?
	    tour_stage1_rounds(d) : tour_rounds(d);
}

void
tour_part_free(struct tour_part *pt)
{
	tour_free(&pt->t);
	tour_decl_free(&pt->d);
}

int
tour_part_make(const struct tour *t, unsigned r0, unsigned r1,
    const unsigned *who, size_t m, enum tour_format f, unsigned cycles,
    struct tour_part *pt, struct error *e)
{
	const struct tour_slot *s;
	struct tour_game g;
	unsigned *loc;
	size_t i;

	memset(pt, 0, sizeof(*pt));
	pt->d = *t->d;
	pt->d.n = m;
	pt->d.format = f;
	pt->d.cycles = cycles;
	pt->d.section = r0 == 1 ? t->d->section : 0;
	pt->d.advance = 0;
	pt->d.p = calloc(m + 1, sizeof(*pt->d.p));
	loc = malloc((t->d->n + 1) * sizeof(*loc));
	if (pt->d.p == NULL || loc == NULL || tour_init(&pt->t, &pt->d,
	    e) != 0) {
		free(loc);
		tour_part_free(pt);
		return error_set(e, EXIT_SYSTEM, "out of memory");
	}
	for (i = 0; i < t->d->n; i++)
		loc[i] = TOUR_NONE;
	for (i = 0; i < m; i++) {
		pt->d.p[i] = t->d->p[who[i]];
		loc[who[i]] = (unsigned)i;
		pt->t.accepted[i] = t->accepted[who[i]];
	}
	for (i = 0; i < t->ns; i++) {
		s = &t->s[i];
		if (s->g.round < r0 || s->g.round > r1 ||
		    loc[s->g.white] == TOUR_NONE || (s->g.black !=
		    TOUR_NONE && loc[s->g.black] == TOUR_NONE))
			continue;
		g = s->g;
		g.round = s->g.round - r0 + 1;
		g.white = loc[s->g.white];
		if (g.black != TOUR_NONE)
			g.black = loc[s->g.black];
		if (tour_add_round(&pt->t, &g, 1, e) != 0) {
			free(loc);
			tour_part_free(pt);
			return -1;
		}
		pt->t.s[pt->t.ns - 1].res = s->res;
		memcpy(pt->t.s[pt->t.ns - 1].gid, s->gid, sizeof(s->gid));
	}
	free(loc);
	return 0;
}

/* Section s's players by seed; their number. */
static size_t
members(const struct tour_decl *d, const unsigned *sec, unsigned s,
    unsigned *who)
{
	size_t i, m = 0;

	for (i = 0; i < d->n; i++)
		if (sec[i] == s)
			who[m++] = (unsigned)i;
	return m;
}

/* Section s's top d->advance into q (every k-th from s on): by the
 * section's standing, a player gone before the final stage last. */
static int
section_top(const struct tour *t, const unsigned *sec, unsigned s,
    unsigned k, unsigned *who, struct tour_line *l, unsigned *q,
    struct error *e)
{
	const struct tour_decl *d = t->d;
	unsigned r1 = tour_stage1_rounds(d), took = 0, p;
	struct tour_part pt;
	size_t m, i;
	int pass, gone;

	m = members(d, sec, s, who);
	if (tour_part_make(t, 1, r1, who, m, TOUR_ROUND_ROBIN, d->cycles,
	    &pt, e) != 0)
		return -1;
	if (tour_standing(&pt.t, l, e) != 0) {
		tour_part_free(&pt);
		return -1;
	}
	tour_part_free(&pt);
	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < m && took < d->advance; i++) {
			p = who[l[i].player];
			gone = t->withdrawn[p] != 0 &&
			    t->withdrawn[p] - 1 <= r1;
			if (gone == pass)
				q[took++ * k + s] = p;
		}
	return 0;
}

int
tour_qualified(const struct tour *t, unsigned *q, struct error *e)
{
	const struct tour_decl *d = t->d;
	struct tour_line *l;
	unsigned *sec, k, s;
	int rc = 0;

	if (tour_decided(t, tour_stage1_rounds(d) + 1, e) != 0)
		return error_prefix(e, "the final stage");
	sec = calloc(2 * d->n, sizeof(*sec));
	l = calloc(d->n, sizeof(*l));
	if (sec == NULL || l == NULL) {
		free(sec);
		free(l);
		return error_set(e, EXIT_SYSTEM, "out of memory");
	}
	k = tour_sections((unsigned)d->n, d->section, sec);
	for (s = 0; rc == 0 && s < k; s++)
		rc = section_top(t, sec, s, k, sec + d->n, l, q, e);
	free(sec);
	free(l);
	return rc;
}

int
tour_stage_seeds(const struct tour *t, unsigned r, unsigned *who,
    size_t *n, unsigned *base, struct error *e)
{
	const struct tour_decl *d = t->d;
	size_t i;

	*base = 0;
	if (d->advance == 0 || r <= tour_stage1_rounds(d)) {
		for (i = 0; i < d->n; i++)
			who[i] = (unsigned)i;
		*n = d->n;
		return 0;
	}
	*base = tour_stage1_rounds(d);
	*n = d->advance * nsections(d);
	return tour_qualified(t, who, e);
}

int
tour_pair_stage(const struct tour *t, unsigned r, struct tour_game *g,
    size_t *ng, struct error *e)
{
	unsigned *who, base, per, rr, x;
	struct tour_game *b;
	size_t q, nb, j;

	who = calloc(t->d->n + 1, sizeof(*who));
	b = calloc(t->d->n / 2 + 2, sizeof(*b));
	if (who == NULL || b == NULL) {
		free(who);
		free(b);
		return error_set(e, EXIT_SYSTEM, "out of memory");
	}
	if (tour_stage_seeds(t, r, who, &q, &base, e) != 0) {
		free(who);
		free(b);
		return -1;
	}
	per = (unsigned)(q + (q & 1) - 1);
	rr = r - base > per ? r - base - per : r - base;
	nb = tour_berger((unsigned)q, rr, b);
	for (j = 0; j < nb; j++) {
		g[j] = b[j];
		g[j].round = r;
		g[j].white = who[b[j].white];
		if (b[j].black != TOUR_NONE)
			g[j].black = who[b[j].black];
		/* the second cycle: colours reversed */
		if (r - base > per && g[j].black != TOUR_NONE) {
			x = g[j].white;
			g[j].white = g[j].black;
			g[j].black = x;
		}
	}
	*ng = nb;
	tour_number_boards(g, *ng);
	free(who);
	free(b);
	return 0;
}

/* The final stage's heading: who went on, or why nobody yet. */
static void
final_heading(const struct tour *t, const unsigned *q, size_t nq, int ok,
    enum tour_fmt f, struct buf *b)
{
	const struct tour_decl *d = t->d;
	unsigned r1 = tour_stage1_rounds(d);
	size_t i;

	buf_printf(b, f == TOUR_HTML ? "<h2>" : f == TOUR_YAML ? "# " :
	    "\n");
	buf_printf(b, "The final stage: a %s of the top %u of each section, "
	    "rounds %u to %u (its round 1 is round %u)", tour_format_name(
	    d->stage), d->advance, r1 + 1, tour_rounds(d), r1 + 1);
	buf_adds(b, ok ? ":" : ": not yet, the first stage is not over");
	for (i = 0; ok && i < nq; i++)
		buf_printf(b, " %s", d->p[q[i]].name);
	buf_adds(b, f == TOUR_HTML ? "</h2>\n" : "\n");
}

/* Appends the second table: its body alone in HTML, a document after
 * the first in YAML. */
static int
append_final(struct buf *b, const struct buf *two, enum tour_fmt f,
    struct error *e)
{
	const char *s = (const char *)two->data, *from, *to;

	if (f == TOUR_TEXT)
		return buf_add(b, two->data, two->len) != 0 ?
		    error_set(e, EXIT_SYSTEM, "out of memory") : 0;
	if (f == TOUR_YAML)
		return buf_adds(b, "---\n") != 0 || buf_add(b, two->data,
		    two->len) != 0 ? error_set(e, EXIT_SYSTEM,
		    "out of memory") : 0;
	if ((from = strstr(s, "<table>")) == NULL ||
	    (to = strstr(from, "</table>\n")) == NULL)
		return error_set(e, EXIT_SYSTEM, "the final stage's table");
	return buf_add(b, from, (size_t)(to - from) + 9) != 0 ?
	    error_set(e, EXIT_SYSTEM, "out of memory") : 0;
}

/* The first stage's table (every player), then the final stage's
 * (its players by their stage seeds, its rounds from 1). */
int
tour_table_stages(const struct tour *t, enum tour_fmt f, struct buf *b,
    struct error *e)
{
	const struct tour_decl *d = t->d;
	unsigned r1 = tour_stage1_rounds(d), *who;
	struct tour_part pt;
	struct buf two;
	size_t n = d->n, i, tail = 0;
	int rc, ok;
	struct error x;

	if ((who = calloc(n + 1, sizeof(*who))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	for (i = 0; i < n; i++)
		who[i] = (unsigned)i;
	buf_init(&two);
	if ((rc = tour_part_make(t, 1, r1, who, n, d->format, d->cycles, &pt,
	    e)) == 0) {
		rc = tour_table(&pt.t, f, b, e);
		tour_part_free(&pt);
	}
	error_clear(&x);
	ok = rc == 0 && tour_qualified(t, who, &x) == 0;
	if (rc == 0 && x.status == EXIT_SYSTEM)
		rc = error_set(e, x.status, "%s", x.msg);
	n = d->advance * (unsigned)((d->n + d->section - 1) / d->section);
	if (rc == 0 && f == TOUR_HTML && b->len >= 15)
		b->len -= tail = 15;	/* "</body></html>\n" */
	if (rc == 0 && (ok || f != TOUR_YAML))
		final_heading(t, who, n, ok, f, f == TOUR_YAML ? &two : b);
	if (rc == 0 && ok && (rc = tour_part_make(t, r1 + 1, tour_rounds(d),
	    who, n, d->stage, d->stage_cycles, &pt, e)) == 0) {
		rc = tour_table(&pt.t, f, &two, e);
		tour_part_free(&pt);
	}
	if (rc == 0 && ok)
		rc = append_final(b, &two, f, e);
	if (rc == 0 && tail > 0)
		rc = buf_adds(b, "</body></html>\n") != 0 ? error_set(e,
		    EXIT_SYSTEM, "out of memory") : 0;
	buf_free(&two);
	free(who);
	return rc;
}
