/*
 * Writing an archive (formats/archive.md): the armored stream of its
 * records, as export makes it.  Reading and verifying it is archive.c's.
 */
#include <stdint.h>

#include "archive.h"
#include "armor.h"
#include "entry.h"
#include "match.h"
#include "opening.h"
#include "receipt.h"
#include "ydoc.h"

/* A little-endian u32 into the armor. */
static int
out_u32(struct archive_out *a, uint32_t v, struct error *e)
{
	uint8_t x[4];
	int i;

	for (i = 0; i < 4; i++)
		x[i] = (uint8_t)(v >> (8 * i));
	return armor_out_add(&a->arm, x, sizeof(x), e);
}

int
archive_out_begin(struct archive_out *a, uint64_t nentries, int with_updates,
    uint64_t nupdates, uint32_t nforks, struct buf *out, armor_sink_fn *sink,
    void *arg, struct error *e)
{
	a->version = with_updates ? 2 : nforks > 0 ? 3 : 1;
	/* "ADJA", the version and 3 zero bytes, the counts */
	if (armor_out_begin(&a->arm, ARMOR_ARCHIVE, out, sink, arg, e) != 0 ||
	    armor_out_add(&a->arm, "ADJA", 4, e) != 0 ||
	    out_u32(a, (uint32_t)a->version, e) != 0 ||
	    out_u32(a, (uint32_t)nentries, e) != 0 ||
	    (a->version == 2 && out_u32(a, (uint32_t)nupdates, e) != 0) ||
	    (a->version == 3 && out_u32(a, nforks, e) != 0))
		return -1;
	return 0;
}

int
archive_out_viewer(struct archive_out *a, const struct match *m, int seat,
    const struct match_secret *s, struct error *e)
{
	struct ydoc_writer *w;
	struct buf body;
	int i, all = s != NULL && m->seat[seat].has_setup;

	/* its own openings travel only once the transcript holds them all:
	 * an export of a game under way gives nothing away */
	for (i = 0; all && i < m->seat[seat].pieces.n; i++)
		all = m->seat[seat].opened[i];
	buf_init(&body);
	if ((w = ydoc_writer_new(&body)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	ydoc_map_begin(w);
	ydoc_kv(w, "seat", m->seat[seat].name);
	ydoc_key(w, "open");
	ydoc_seq_begin(w, 0);
	for (i = 0; all && i < s->setup.n; i++)
		opening_write(w, m, seat, s->setup.id[i], s->setup.value[i],
		    s->nonce[i]);
	ydoc_seq_end(w);
	/* the judge's stamps this copy disputes (receipt.h) */
	receipt_write(m, w);
	ydoc_map_end(w);
	if (ydoc_writer_end(w) != 0) {
		buf_free(&body);
		return error_set(e, EXIT_SYSTEM, "out of memory");
	}
	if (archive_out_add(a, &body, e) != 0) {
		buf_free(&body);
		return -1;
	}
	buf_free(&body);
	return 0;
}

int
archive_out_add(struct archive_out *a, const struct buf *b, struct error *e)
{
	if (b->len > UINT32_MAX)
		return error_set(e, EXIT_SYSTEM, "a record of %zu bytes", b->len);
	return out_u32(a, (uint32_t)b->len, e) != 0 ||
	    armor_out_add(&a->arm, b->data, b->len, e) != 0 ? -1 : 0;
}

int
archive_out_end(struct archive_out *a, struct error *e)
{
	return armor_out_end(&a->arm, e);
}
