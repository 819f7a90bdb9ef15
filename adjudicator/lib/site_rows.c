/*
 * The site's record, OUTDIR/records/NAME (formats/site.md): a line per
 * game, "GAMEID TIME on|over", a tab, the feed's words, a tab, the
 * cells of its row in a list; read strictly, written whole.  Nothing in
 * it is more than the pages show.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fsio.h"
#include "num.h"
#include "site.h"

#define ROWS_MAX	(8u * 1024 * 1024)	/* bytes in one record */
#define TIME_MAX	253402300799ULL		/* 9999-12-31T23:59:59Z */

void
site_row_free(struct site_row *r)
{
	free(r->summary);
	free(r->cells);
	r->summary = r->cells = NULL;
}

void
site_rows_free(struct site_rows *rs)
{
	size_t i;

	for (i = 0; i < rs->n; i++)
		site_row_free(&rs->r[i]);
	free(rs->r);
	memset(rs, 0, sizeof(*rs));
}

struct site_row *
site_rows_find(const struct site_rows *rs, const char *id)
{
	size_t i;

	for (i = 0; i < rs->n; i++)
		if (strcmp(rs->r[i].id, id) == 0)
			return &rs->r[i];
	return NULL;
}

static int
by_id(const void *a, const void *b)
{
	return strcmp(((const struct site_row *)a)->id,
	    ((const struct site_row *)b)->id);
}

void
site_rows_by_id(struct site_rows *rs)
{
	if (rs->n > 1)
		qsort(rs->r, rs->n, sizeof(*rs->r), by_id);
}

struct site_row *
site_rows_sorted(const struct site_rows *rs, const char *id)
{
	struct site_row key;

	if (rs->n == 0)
		return NULL;
	memset(&key, 0, sizeof(key));
	snprintf(key.id, sizeof(key.id), "%s", id);
	return bsearch(&key, rs->r, rs->n, sizeof(*rs->r), by_id);
}

void
site_rows_drop(struct site_rows *rs, const char *id)
{
	size_t i;

	for (i = 0; i < rs->n; i++)
		if (strcmp(rs->r[i].id, id) == 0) {
			site_row_free(&rs->r[i]);
			memmove(&rs->r[i], &rs->r[i + 1], (rs->n - i - 1) *
			    sizeof(*rs->r));
			rs->n--;
			return;
		}
}

void
site_rows_cut(struct site_rows *rs, size_t n)
{
	while (rs->n > n)
		site_row_free(&rs->r[--rs->n]);
}

int
site_rows_put(struct site_rows *rs, struct site_row *row, int front,
    struct error *e)
{
	struct site_row *r;
	size_t cap, i;

	for (i = 0; !front && i < rs->n; i++)
		if (strcmp(rs->r[i].id, row->id) == 0) {
			site_row_free(&rs->r[i]);
			rs->r[i] = *row;	/* in its place */
			row->summary = row->cells = NULL;
			return 0;
		}
	site_rows_drop(rs, row->id);
	if (rs->n == rs->cap) {
		cap = rs->cap ? rs->cap * 2 : 16;
		if ((r = realloc(rs->r, cap * sizeof(*r))) == NULL) {
			site_row_free(row);
			return error_set(e, EXIT_SYSTEM, "out of memory");
		}
		rs->r = r;
		rs->cap = cap;
	}
	if (front)
		memmove(&rs->r[1], &rs->r[0], rs->n * sizeof(*rs->r));
	rs->r[front ? 0 : rs->n] = *row;
	rs->n++;
	row->summary = row->cells = NULL;	/* the record's now */
	return 0;
}

/* One line, "ID TIME STATE\tSUMMARY\tCELLS", into row: 0, or -1. */
static int
parse_line(char *line, struct site_row *row)
{
	char *tab1, *tab2, *w[3];
	uint64_t t;

	if ((tab1 = strchr(line, '\t')) == NULL ||
	    (tab2 = strchr(tab1 + 1, '\t')) == NULL ||
	    strchr(tab2 + 1, '\t') != NULL)
		return -1;
	*tab1 = *tab2 = '\0';
	if (num_words(line, w, 3) != 3 || !root_is_id(w[0]) ||
	    num_parse_str(w[1], TIME_MAX, &t) != 0 ||
	    (strcmp(w[2], "on") != 0 && strcmp(w[2], "over") != 0))
		return -1;
	memset(row, 0, sizeof(*row));
	memcpy(row->id, w[0], sizeof(row->id));
	row->time = (int64_t)t;
	row->over = strcmp(w[2], "over") == 0;
	if ((row->summary = strdup(tab1 + 1)) == NULL ||
	    (row->cells = strdup(tab2 + 1)) == NULL) {
		site_row_free(row);
		return -2;
	}
	return 0;
}

int
site_rows_read(const struct site *s, const char *name, struct site_rows *rs,
    struct error *e)
{
	char path[PATH_MAX], *line;
	struct site_row row;
	struct buf b;
	size_t off = 0, n, no = 0;
	const char *l;
	int rc = 0;

	memset(rs, 0, sizeof(*rs));
	if (site_path(s, SITE_RECORDS, name, path, e) != 0)
		return -1;
	if (!fsio_exists(path))
		return 0;
	buf_init(&b);
	if (fsio_read_regular(path, ROWS_MAX, &b, NULL, e) != 0) {
		buf_free(&b);
		return -1;
	}
	while (rc == 0 && (l = buf_line((const char *)b.data, b.len, &off,
	    &n)) != NULL) {
		no++;
		if ((line = strndup(l, n)) == NULL) {
			rc = error_set(e, EXIT_SYSTEM, "out of memory");
			break;
		}
		switch (parse_line(line, &row)) {
		case 0:
			rc = site_rows_put(rs, &row, 0, e);
			break;
		case -1:
			rc = error_set(e, EXIT_MALFORMED, "%s:%zu: not a line "
			    "of the site's record (site -r makes it again)",
			    path, no);
			break;
		default:
			rc = error_set(e, EXIT_SYSTEM, "out of memory");
		}
		free(line);
	}
	buf_free(&b);
	if (rc != 0)
		site_rows_free(rs);
	return rc;
}

int
site_rows_write(const struct site *s, const char *name,
    const struct site_rows *rs, struct error *e)
{
	struct buf b;
	size_t i;
	int rc = 0;

	buf_init(&b);
	for (i = 0; rc == 0 && i < rs->n; i++)
		rc = buf_printf(&b, "%s %lld %s\t%s\t%s\n", rs->r[i].id,
		    (long long)rs->r[i].time, rs->r[i].over ? "over" : "on",
		    rs->r[i].summary, rs->r[i].cells);
	if (rc != 0)
		error_set(e, EXIT_SYSTEM, "out of memory");
	else
		rc = site_write(s, SITE_RECORDS, name, &b, e);
	buf_free(&b);
	return rc;
}
