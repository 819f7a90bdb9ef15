/*
 * A tournament's inputs held in memory (tour.h's struct tour_input), and
 * the tournament archive (formats/tournament.md, "The tournament
 * archive"): one file holding the declaration, every record and every
 * game's export archive, armored one after another, which verify, table
 * and trf take alone.  Its blocks are found one at a time, so that there
 * is no bound on how many it holds.
 */
#include <stdlib.h>
#include <string.h>

#include "armor.h"
#include "fsio.h"
#include "tour.h"

#define BEGIN	"-----BEGIN "
#define DASHES	"-----"

/* p (len bytes, from) appended to the list (*b, *f), *n long. */
static int
append(struct buf **b, char ***f, size_t *n, const void *p, size_t len,
    const char *from, struct error *e)
{
	struct buf *nb;
	char **nf;

	if ((nb = realloc(*b, (*n + 1) * sizeof(*nb))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	*b = nb;
	if ((nf = realloc(*f, (*n + 1) * sizeof(*nf))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	*f = nf;
	buf_init(&nb[*n]);
	if (buf_add(&nb[*n], p, len) != 0 || (nf[*n] = strdup(from)) ==
	    NULL) {
		buf_free(&nb[*n]);
		return error_set(e, EXIT_SYSTEM, "out of memory");
	}
	(*n)++;
	return 0;
}

int
tour_input_record(struct tour_input *in, const uint8_t *p, size_t len,
    const char *from, struct error *e)
{
	size_t i;

	/* the declaration given again among the records, or a record given
	 * twice (in a tournament archive and in its own file): once */
	if (len == in->decl.len && len > 0 && memcmp(p, in->decl.data,
	    len) == 0)
		return 0;
	for (i = 0; i < in->nrec; i++)
		if (in->rec[i].len == len && memcmp(in->rec[i].data, p,
		    len) == 0)
			return 0;
	return append(&in->rec, &in->rec_from, &in->nrec, p, len, from, e);
}

int
tour_input_archive(struct tour_input *in, const char *text, size_t len,
    const char *from, struct error *e)
{
	return append(&in->arc, &in->arc_from, &in->narc, text, len, from,
	    e);
}

void
tour_input_free(struct tour_input *in)
{
	size_t i;

	for (i = 0; i < in->nrec; i++) {
		buf_free(&in->rec[i]);
		free(in->rec_from[i]);
	}
	for (i = 0; i < in->narc; i++) {
		buf_free(&in->arc[i]);
		free(in->arc_from[i]);
	}
	free(in->rec);
	free(in->rec_from);
	free(in->arc);
	free(in->arc_from);
	free(in->archives);
	free(in->dirs);
	buf_free(&in->decl);
	memset(in, 0, sizeof(*in));
}

/*
 * The next armored block of text from *at on: 1 with its label (lab,
 * nlab) and its lines [*from, *to); 0 when there is none.  A block
 * without its END line runs to the end (armor_read then says so).
 */
static int
next_block(const char *text, size_t len, size_t *at, const char **lab,
    size_t *nlab, size_t *from, size_t *to)
{
	const char *p, *q, *end = text + len;
	char tail[80];
	size_t tl;

	for (p = text + *at; p < end; p = q + 1) {
		if ((q = memchr(p, '\n', (size_t)(end - p))) == NULL)
			q = end;
		if ((size_t)(q - p) <= sizeof(BEGIN) + sizeof(DASHES) ||
		    memcmp(p, BEGIN, sizeof(BEGIN) - 1) != 0)
			continue;
		*lab = p + sizeof(BEGIN) - 1;
		if ((p = memchr(*lab, '-', (size_t)(q - *lab))) == NULL)
			return 0;
		*nlab = (size_t)(p - *lab);
		*from = (size_t)(*lab - text) - (sizeof(BEGIN) - 1);
		tl = (size_t)snprintf(tail, sizeof(tail),
		    "\n-----END %.*s-----", (int)(*nlab < 60 ? *nlab : 60),
		    *lab);
		for (p = q; p != NULL && p < end; p++) {
			if ((p = memchr(p, '\n', (size_t)(end - p))) == NULL ||
			    (size_t)(end - p) < tl)
				break;
			if (memcmp(p, tail, tl) == 0)
				break;
		}
		if (p == NULL || (size_t)(end - p) < tl) {
			*to = *at = len;
			return 1;
		}
		q = memchr(p + 1, '\n', (size_t)(end - p - 1));
		*to = *at = q == NULL ? len : (size_t)(q + 1 - text);
		return 1;
	}
	*at = len;
	return 0;
}

static int
is(const char *lab, size_t n, const char *label)
{
	return n == strlen(label) && memcmp(lab, label, n) == 0;
}

/* No block at the start of a line (a mail's, quoted or encoded): the
 * mail reader's armor_read over the whole text. */
static int
lenient(struct tour_input *in, const char *text, size_t len,
    const char *where, int decl, struct error *e)
{
	struct armor_list l = { NULL, 0, NULL };
	size_t i;
	int rc;

	if (armor_read(text, len, TOUR_ARMOR, where, &l, e) != 0)
		return -1;
	rc = decl && buf_add(&in->decl, l.items[0].data, l.items[0].len) !=
	    0 ? error_set(e, EXIT_SYSTEM, "out of memory") : 0;
	for (i = decl ? 1 : 0; rc == 0 && i < l.n; i++)
		rc = tour_input_record(in, l.items[i].data, l.items[i].len,
		    where, e);
	armor_list_free(&l);
	return rc;
}

int
tour_arc_read(struct tour_input *in, const char *text, size_t len,
    const char *where, int decl, struct error *e)
{
	struct armor_list l = { NULL, 0, NULL };
	size_t at = 0, from, to, nlab, n = 0, k = 0;
	const char *lab;
	char name[300];
	int rc = 0;

	while (rc == 0 && next_block(text, len, &at, &lab, &nlab, &from,
	    &to)) {
		if (is(lab, nlab, ARMOR_ARCHIVE)) {
			snprintf(name, sizeof(name), "%.200s, archive %zu",
			    where, ++k);
			rc = tour_input_archive(in, text + from, to - from,
			    name, e);
			continue;
		}
		if (!is(lab, nlab, TOUR_ARMOR))
			continue;
		if ((rc = armor_read(text + from, to - from, TOUR_ARMOR, where,
		    &l, e)) != 0)
			break;
		if (decl && n++ == 0)
			rc = buf_add(&in->decl, l.items[0].data,
			    l.items[0].len) != 0 ? error_set(e, EXIT_SYSTEM,
			    "out of memory") : 0;
		else
			rc = tour_input_record(in, l.items[0].data,
			    l.items[0].len, where, e);
		n += !decl;
		armor_list_free(&l);
	}
	armor_list_free(&l);
	if (rc == 0 && n == 0 && k == 0)
		rc = lenient(in, text, len, where, decl, e);
	return rc;
}

/* The archive blocks of the file at path, added to out. */
static int
archive_file(const char *path, struct buf *out, struct error *e)
{
	struct buf t;
	size_t at = 0, from, to, nlab;
	const char *lab;
	int rc = 0;

	buf_init(&t);
	if (fsio_read(path, (size_t)1 << 30, &t, e) != 0)
		rc = -1;
	while (rc == 0 && next_block((char *)t.data, t.len, &at, &lab, &nlab,
	    &from, &to))
		if (is(lab, nlab, ARMOR_ARCHIVE) &&
		    buf_add(out, t.data + from, to - from) != 0)
			rc = error_set(e, EXIT_SYSTEM, "out of memory");
	buf_free(&t);
	return rc;
}

int
tour_arc_write(const struct tour_input *in, struct buf *out,
    struct error *e)
{
	size_t i;

	if (armor_wrap(in->decl.data, in->decl.len, TOUR_ARMOR, out, e) != 0)
		return -1;
	for (i = 0; i < in->nrec; i++)
		if (armor_wrap(in->rec[i].data, in->rec[i].len, TOUR_ARMOR,
		    out, e) != 0)
			return -1;
	for (i = 0; i < in->narchives; i++)
		if (archive_file(in->archives[i], out, e) != 0)
			return -1;
	for (i = 0; i < in->narc; i++)
		if (buf_add(out, in->arc[i].data, in->arc[i].len) != 0 ||
		    (in->arc[i].len > 0 && in->arc[i].data[in->arc[i].len -
		    1] != '\n' && buf_adds(out, "\n") != 0))
			return error_set(e, EXIT_SYSTEM, "out of memory");
	return 0;
}
