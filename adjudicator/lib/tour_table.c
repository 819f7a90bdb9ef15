/*
 * The director's signed table after a round (formats/tournament.md,
 * "The director's table"): every player's rank, score and tie-breaks
 * counting the games of rounds 1 to R, in rank order, as the director
 * signs it; verify recomputes it and names the first difference.  The
 * values are kept as the words signed and compared with the rules' own
 * words, so that "4.50" and "4.5" differ as a reader sees them differ.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tour.h"
#include "tour_int.h"
#include "ydoc.h"

int
tour_standing_after(const struct tour *t, unsigned r, struct tour_line *l,
    struct error *e)
{
	struct tour sub = *t;
	size_t i;
	int rc;

	if ((sub.s = calloc(t->ns + 1, sizeof(*sub.s))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	sub.ns = 0;
	for (i = 0; i < t->ns; i++)
		if (t->s[i].g.round <= r)
			sub.s[sub.ns++] = t->s[i];
	rc = tour_standing(&sub, l, e);
	free(sub.s);
	return rc;
}

/* The rules' rows after round r. */
static int
rows_of(const struct tour *t, unsigned r, struct tour_row *row,
    struct error *e)
{
	const struct tour_decl *d = t->d;
	struct tour_line *l;
	size_t i, k;

	if ((l = calloc(d->n + 1, sizeof(*l))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	if (tour_standing_after(t, r, l, e) != 0) {
		free(l);
		return -1;
	}
	for (i = 0; i < d->n; i++) {
		row[i].player = l[i].player;
		snprintf(row[i].rank, sizeof(row[i].rank), "%u", l[i].rank);
		tour_dec(row[i].score, sizeof(row[i].score), l[i].score2, 2);
		for (k = 0; k < d->ntb; k++)
			tour_dec(row[i].tb[k], sizeof(row[i].tb[k]), l[i].tb[k],
			    tour_tb_unit(d->tb[k]));
	}
	free(l);
	return 0;
}

int
tour_table_body(const struct tour *t, unsigned r, struct buf *out,
    struct error *e)
{
	const struct tour_decl *d = t->d;
	struct ydoc_writer *w;
	struct tour_row *row;
	size_t i, k;
	int rc = -1;

	if (d->format == TOUR_LADDER || r < 1 || r > t->nrounds)
		return error_set(e, EXIT_REFUSED, "%s: no table after round "
		    "%u: %u rounds paired%s", d->id, r, t->nrounds,
		    d->format == TOUR_LADDER ? " (a ladder has no rounds)" :
		    "");
	if ((row = calloc(d->n + 1, sizeof(*row))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	if (rows_of(t, r, row, e) != 0 || (w = ydoc_writer_new(out)) == NULL)
		goto done;
	ydoc_map_begin(w);
	ydoc_kv(w, "adjudicator", "1");
	ydoc_kv(w, "kind", "table");
	ydoc_kv(w, "tournament", d->hex);
	ydoc_kvf(w, "round", "%u", r);
	ydoc_key(w, "players");
	ydoc_seq_begin(w, 0);
	for (i = 0; i < d->n; i++) {
		ydoc_map_begin(w);
		ydoc_kv(w, "name", d->p[row[i].player].name);
		ydoc_kv(w, "rank", row[i].rank);
		ydoc_kv(w, "score", row[i].score);
		for (k = 0; k < d->ntb; k++)
			ydoc_kv(w, tour_tb_name(d->tb[k]), row[i].tb[k]);
		ydoc_map_end(w);
	}
	ydoc_seq_end(w);
	ydoc_map_end(w);
	rc = ydoc_writer_end(w) != 0 ? error_set(e, EXIT_SYSTEM, "cannot "
	    "write the table") : 0;
done:
	free(row);
	return rc;
}

/* a value as a table says it: digits, then .25, .5 or .75 */
static int
value_ok(const char *s)
{
	size_t n = strspn(s, "0123456789");

	if (n < 1 || n > 9)
		return 0;
	return s[n] == '\0' || strcmp(s + n, ".25") == 0 ||
	    strcmp(s + n, ".5") == 0 || strcmp(s + n, ".75") == 0;
}

static int
word(const struct ydoc *m, const char *key, char *out, size_t len,
    const char *where, struct error *e)
{
	const char *s = ydoc_scalar(m, key, where, e);

	if (s == NULL)
		return -1;
	if (!value_ok(s) || strlen(s) >= len)
		return error_set(e, EXIT_MALFORMED, "%s:%u: %s \"%.20s\": a "
		    "number as 2, 0.5 or 4.25", where, m->line, key, s);
	snprintf(out, len, "%s", s);
	return 0;
}

static int
read_row(const struct tour_decl *d, const struct ydoc *m,
    struct tour_row *row, const char *where, struct error *e)
{
	const char *keys[TOUR_MAX_TB + 4];
	const char *s;
	size_t k;
	int p;

	keys[0] = "name";
	keys[1] = "rank";
	keys[2] = "score";
	for (k = 0; k < d->ntb; k++)
		keys[3 + k] = tour_tb_name(d->tb[k]);
	keys[3 + d->ntb] = NULL;
	if (ydoc_expect(m, YDOC_MAP, "a player", where, e) != 0 ||
	    ydoc_check_keys(m, keys, keys, where, e) != 0 ||
	    (s = ydoc_scalar(m, "name", where, e)) == NULL)
		return -1;
	if ((p = tour_player_named(d, s)) < 0)
		return error_set(e, EXIT_MALFORMED, "%s:%u: \"%.40s\" is no "
		    "player of %s", where, m->line, s, d->id);
	row->player = (unsigned)p;
	if (word(m, "rank", row->rank, sizeof(row->rank), where, e) != 0 ||
	    word(m, "score", row->score, sizeof(row->score), where, e) != 0)
		return -1;
	for (k = 0; k < d->ntb; k++)
		if (word(m, keys[3 + k], row->tb[k], sizeof(row->tb[k]), where,
		    e) != 0)
			return -1;
	return 0;
}

int
tour_table_read(const struct tour_decl *d, const struct ydoc *doc,
    struct tour_record *r, const char *where, struct error *e)
{
	const struct ydoc *l = ydoc_get(doc, "players");
	const char *s;
	size_t i, j;

	if ((s = ydoc_scalar(doc, "round", where, e)) == NULL)
		return -1;
	if (strspn(s, "0123456789") != strlen(s) || strlen(s) > 5 ||
	    (r->round = (unsigned)atoi(s)) < 1)
		return error_set(e, EXIT_MALFORMED, "%s: round: a number from "
		    "1, not \"%.20s\"", where, s);
	if (ydoc_expect(l, YDOC_SEQ, "players", where, e) != 0)
		return -1;
	if (l->nkids != d->n)
		return error_set(e, EXIT_MALFORMED, "%s: a table of %zu "
		    "players, not %zu", where, d->n, l->nkids);
	if ((r->rows = calloc(d->n + 1, sizeof(*r->rows))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	for (i = 0; i < l->nkids; i++) {
		if (read_row(d, l->kids[i], &r->rows[i], where, e) != 0)
			return -1;
		r->nrows++;
		for (j = 0; j < i; j++)
			if (r->rows[j].player == r->rows[i].player)
				return error_set(e, EXIT_MALFORMED, "%s:%u: "
				    "%s twice", where, l->kids[i]->line,
				    d->p[r->rows[i].player].name);
	}
	return 0;
}

/* The first value of a row that differs: its name, NULL none. */
static const char *
row_diff(const struct tour_decl *d, const struct tour_row *a,
    const struct tour_row *b, const char **x, const char **y)
{
	size_t k;

	*x = a->rank;
	*y = b->rank;
	if (strcmp(*x, *y) != 0)
		return "rank";
	*x = a->score;
	*y = b->score;
	if (strcmp(*x, *y) != 0)
		return "score";
	for (k = 0; k < d->ntb; k++) {
		*x = a->tb[k];
		*y = b->tb[k];
		if (strcmp(*x, *y) != 0)
			return tour_tb_name(d->tb[k]);
	}
	return NULL;
}

int
tour_table_diff(const struct tour *t, const struct tour_record *r,
    char *diff, size_t len, struct error *e)
{
	const struct tour_decl *d = t->d;
	const char *what = NULL, *x, *y;
	struct tour_row *row;
	size_t i;
	int rc = 0;

	if (r->round > t->nrounds) {
		snprintf(diff, len, "%s: table after round %u: %u rounds "
		    "paired", r->from, r->round, t->nrounds);
		return 1;
	}
	if ((row = calloc(d->n + 1, sizeof(*row))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	if (rows_of(t, r->round, row, e) != 0) {
		free(row);
		return -1;
	}
	for (i = 0; rc == 0 && i < d->n; i++)
		if (r->rows[i].player != row[i].player) {
			snprintf(diff, len, "%s: table after round %u: place "
			    "%zu is %s's, the rules give %s", r->from,
			    r->round, i + 1, d->p[r->rows[i].player].name,
			    d->p[row[i].player].name);
			rc = 1;
		} else if ((what = row_diff(d, &r->rows[i], &row[i], &x,
		    &y)) != NULL) {
			snprintf(diff, len, "%s: table after round %u: %s's "
			    "%s is %s, the rules give %s", r->from, r->round,
			    d->p[row[i].player].name, what, x, y);
			rc = 1;
		}
	free(row);
	return rc;
}
