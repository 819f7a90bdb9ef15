/*
 * The game directory's store: the transcript's records go into this
 * command's batch, and its reads find them in the batch, then in the
 * journal by the index (mending the index when it is stale).  See
 * gamedir.c for opening and following the journal.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fsio.h"
#include "gamedir_int.h"
#include "sec.h"
/* A record into the batch, remembered for this command's reads. */
static int
add(struct gamedir *g, enum journal_type type, uint64_t num, const void *p,
    size_t len, uint64_t *off, struct error *e)
{
	struct gamedir_pending *n;

	if (off != NULL)
		*off = g->j.end + g->j.batch.len;	/* where it will be */
	if (journal_add(&g->j, type, num, p, len, e) != 0)
		return -1;
	n = realloc(g->pend, (g->npend + 1) * sizeof(*n));
	if (n == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	g->pend = n;
	n[g->npend].type = type;
	n[g->npend].num = num;
	buf_init(&n[g->npend].data);
	if (buf_add(&n[g->npend].data, p, len) != 0)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	g->npend++;
	return 0;
}

const struct buf *
gamedir_pending(const struct gamedir *g, enum journal_type type, uint64_t num)
{
	size_t i;

	for (i = g->npend; i > 0; i--)
		if (g->pend[i - 1].type == type && g->pend[i - 1].num == num)
			return &g->pend[i - 1].data;
	return NULL;
}

void
gamedir_pending_clear(struct gamedir *g)
{
	size_t i;

	for (i = 0; i < g->npend; i++)
		buf_free(&g->pend[i].data);
	free(g->pend);
	g->pend = NULL;
	g->npend = 0;
}

/* Where the index says the record is, when it is there. */
static int
indexed(struct gamedir *g, enum journal_type type, uint64_t num,
    struct journal_record *r, struct error *e)
{
	uint64_t off;

	if (type != JOURNAL_ENTRY && type != JOURNAL_OUTBOX)
		return 1;
	off = journal_where(&g->j, num, type == JOURNAL_OUTBOX);
	return off != 0 && journal_read(&g->j, off, r, e) == 0 &&
	    r->type == type && r->num == num ? 0 : 1;
}

/* The committed record of a type and num: by the index, else (mending
 * the index) by reading the journal through.  1: there is none. */
int
gamedir_find(struct gamedir *g, enum journal_type type, uint64_t num, struct buf *b,
    struct error *e)
{
	struct journal_record r;
	struct error ign;
	uint64_t off;
	int rc;

	buf_init(&r.data);
	rc = indexed(g, type, num, &r, &ign);
	if (rc != 0 && g->j.writable && journal_reindex(&g->j, e) == 0)
		rc = indexed(g, type, num, &r, &ign);
	for (off = 0; rc == 1 && off < g->j.end; off = r.next) {
		if (journal_read(&g->j, off, &r, e) != 0) {
			rc = -1;
			break;
		}
		if (r.type == type && r.num == num)
			rc = 0;
	}
	if (rc == 0 && buf_add(b, r.data.data, r.data.len) != 0)
		rc = error_set(e, EXIT_SYSTEM, "out of memory");
	buf_free(&r.data);
	return rc;
}

int
gamedir_read_at(struct gamedir *g, uint64_t off, enum journal_type type,
    struct buf *b, struct error *e)
{
	struct journal_record r;
	int rc;

	buf_init(&r.data);
	rc = journal_read(&g->j, off, &r, e);
	if (rc == 0 && r.type != type)
		rc = error_set(e, EXIT_MALFORMED, "%s: record %llu is not what "
		    "the checkpoint says", g->j.path, (unsigned long long)off);
	if (rc == 0 && buf_add(b, r.data.data, r.data.len) != 0)
		rc = error_set(e, EXIT_SYSTEM, "out of memory");
	buf_free(&r.data);
	return rc;
}

/* --- the store --- */

static int
put_entry(void *arg, uint64_t seq, const uint8_t *blob, size_t len,
    const void *msg, size_t msglen, struct error *e)
{
	struct gamedir *g = arg;

	if (msg != NULL) {
		if (add(g, JOURNAL_OUTBOX, seq, msg, msglen, NULL, e) != 0)
			return -1;
		if (seq > g->x.last_out)
			g->x.last_out = seq;
	}
	if (blob == NULL)
		return 0;
	return add(g, JOURNAL_ENTRY, seq, blob, len, NULL, e);
}

static int
get_entry(void *arg, uint64_t seq, struct buf *b, struct error *e)
{
	struct gamedir *g = arg;
	const struct buf *p = gamedir_pending(g, JOURNAL_ENTRY, seq);
	int rc;

	if (p != NULL)
		return buf_add(b, p->data, p->len) != 0 ?
		    error_set(e, EXIT_SYSTEM, "out of memory") : 0;
	if ((rc = gamedir_find(g, JOURNAL_ENTRY, seq, b, e)) > 0)
		return error_set(e, EXIT_MALFORMED, "%s: no entry %llu",
		    g->j.path, (unsigned long long)seq);
	return rc;
}

static int
early_index(const struct gamedir *g, uint64_t seq)
{
	size_t i;

	for (i = 0; i < g->x.nearly; i++)
		if (g->x.early_seq[i] == seq)
			return (int)i;
	return -1;
}

int
gamedir_early_note(struct gamedir *g, uint64_t seq, uint64_t off, struct error *e)
{
	uint64_t *s, *o;
	int i = early_index(g, seq);

	if (i >= 0) {
		g->x.early_off[i] = off;
		return 0;
	}
	s = realloc(g->x.early_seq, (g->x.nearly + 1) * sizeof(*s));
	if (s != NULL)
		g->x.early_seq = s;
	o = realloc(g->x.early_off, (g->x.nearly + 1) * sizeof(*o));
	if (o != NULL)
		g->x.early_off = o;
	if (s == NULL || o == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	s[g->x.nearly] = seq;
	o[g->x.nearly] = off;
	g->x.nearly++;
	return 0;
}

void
gamedir_early_forget(struct gamedir *g, uint64_t seq)
{
	int i = early_index(g, seq);

	if (i < 0)
		return;
	g->x.nearly--;
	g->x.early_seq[i] = g->x.early_seq[g->x.nearly];
	g->x.early_off[i] = g->x.early_off[g->x.nearly];
}

static int
put_early(void *arg, uint64_t seq, const uint8_t *rec, size_t len,
    struct error *e)
{
	struct gamedir *g = arg;
	uint64_t off;

	/* what may wait is bounded: each entry is, and so is their number */
	if (g->x.nearly >= TRANSCRIPT_MAX_EARLY)
		return error_set(e, EXIT_REFUSED, "seq %llu: %d entries "
		    "already wait in the inbox for earlier ones",
		    (unsigned long long)seq, TRANSCRIPT_MAX_EARLY);
	if (add(g, JOURNAL_EARLY, seq, rec, len, &off, e) != 0)
		return -1;
	return gamedir_early_note(g, seq, off, e);
}

static int
get_early(void *arg, uint64_t seq, struct buf *b, struct error *e)
{
	struct gamedir *g = arg;
	int i = early_index(g, seq);

	if (i < 0)
		return 1;
	/* one added by this command is still in the batch */
	if (g->x.early_off[i] >= g->j.end) {
		const struct buf *p = gamedir_pending(g, JOURNAL_EARLY, seq);

		return p == NULL || buf_add(b, p->data, p->len) != 0 ?
		    error_set(e, EXIT_SYSTEM, "inbox: seq %llu lost",
		    (unsigned long long)seq) : 0;
	}
	return gamedir_read_at(g, g->x.early_off[i], JOURNAL_EARLY, b, e);
}

static int
drop_early(void *arg, uint64_t seq, struct error *e)
{
	struct gamedir *g = arg;

	if (early_index(g, seq) < 0)
		return 0;
	gamedir_early_forget(g, seq);
	return add(g, JOURNAL_DROP, seq, NULL, 0, NULL, e);
}

static int
put_secret(void *arg, int seat, const struct match_secret *s, struct error *e)
{
	struct gamedir *g = arg;
	struct buf b;
	int rc;

	buf_init(&b);
	rc = opening_list_write(g->t.m, seat, s, &b, e);
	if (rc == 0)
		rc = add(g, JOURNAL_SECRET, (uint64_t)seat, b.data, b.len,
		    &g->x.secret[seat], e);
	buf_free(&b);
	return rc;
}

static int
put_private(void *arg, const struct opening *o, struct error *e)
{
	struct gamedir *g = arg;
	struct match_secret s;
	struct buf b;
	int rc;

	memset(&s, 0, sizeof(s));
	s.setup.n = 1;
	snprintf(s.setup.id[0], GAME_ID, "%s", o->id);
	snprintf(s.setup.value[0], GAME_VALUE, "%s", o->value);
	memcpy(s.nonce[0], o->nonce, COMMIT_NONCE);
	buf_init(&b);
	rc = opening_list_write(g->t.m, o->seat, &s, &b, e);
	if (rc == 0)
		rc = add(g, JOURNAL_PRIVATE, (uint64_t)o->seat, b.data, b.len,
		    NULL, e);
	buf_free(&b);
	sec_wipe(&s, sizeof(s));
	return rc;
}

int
gamedir_note_update(struct gamedir *g, int seat, uint64_t off, struct error *e)
{
	uint64_t *o;
	int *s;

	o = realloc(g->x.upd_off, (g->x.nupd + 1) * sizeof(*o));
	if (o != NULL)
		g->x.upd_off = o;
	s = realloc(g->x.upd_seat, (g->x.nupd + 1) * sizeof(*s));
	if (s != NULL)
		g->x.upd_seat = s;
	if (o == NULL || s == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	o[g->x.nupd] = off;
	s[g->x.nupd] = seat;
	g->x.nupd++;
	return 0;
}

static int
put_update(void *arg, int seat, const uint8_t *blob, size_t len,
    struct error *e)
{
	struct gamedir *g = arg;
	uint64_t off;

	if (add(g, JOURNAL_UPDATE, (uint64_t)seat, blob, len, &off, e) != 0)
		return -1;
	return gamedir_note_update(g, seat, off, e);
}

static int
count_updates(void *arg, int seat, uint64_t *n, struct error *e)
{
	struct gamedir *g = arg;
	size_t i;

	(void)e;
	for (*n = 0, i = 0; i < g->x.nupd; i++)
		*n += g->x.upd_seat[i] == seat;
	return 0;
}

static int
get_update(void *arg, int seat, uint64_t k, struct buf *b, struct error *e)
{
	struct gamedir *g = arg;
	size_t i;

	for (i = 0; i < g->x.nupd; i++)
		if (g->x.upd_seat[i] == seat && --k == 0) {
			if (g->x.upd_off[i] >= g->j.end)
				return error_set(e, EXIT_SYSTEM, "an update "
				    "not yet committed");
			return gamedir_read_at(g, g->x.upd_off[i], JOURNAL_UPDATE, b,
			    e);
		}
	return error_set(e, EXIT_SYSTEM, "%s: no such update", g->path);
}

static int
put_sent(void *arg, int seat, const struct transcript_sent *s, struct error *e)
{
	struct gamedir *g = arg;

	return add(g, JOURNAL_SENT, (uint64_t)seat, s, sizeof(*s), NULL, e);
}

static int
put_remind(void *arg, int seat, const struct transcript_remind *r,
    struct error *e)
{
	struct gamedir *g = arg;

	return add(g, JOURNAL_REMIND, (uint64_t)seat, r, sizeof(*r), NULL, e);
}

static int
put_fork(void *arg, uint64_t seq, const uint8_t *blob, size_t len,
    struct error *e)
{
	struct gamedir *g = arg;

	return add(g, JOURNAL_FORK, seq, blob, len, NULL, e);
}

static int
get_fork(void *arg, uint64_t seq, struct buf *b, struct error *e)
{
	struct gamedir *g = arg;
	int rc = gamedir_find(g, JOURNAL_FORK, seq, b, e);

	return rc > 0 ? error_set(e, EXIT_MALFORMED, "%s: the fork of seq %llu "
	    "is missing", g->j.path, (unsigned long long)seq) : rc;
}

static int
put_receipt(void *arg, uint64_t seq, const struct receipt *r,
    struct error *e)
{
	struct gamedir *g = arg;

	return add(g, JOURNAL_RECEIPT, seq, r, sizeof(*r), NULL, e);
}

/*
 * DIR/aside/SEQ-HASH.entry: the signed entry, byte for byte, as it came;
 * HASH the first 16 hex digits of its hash, so that two entries of one
 * seq are both kept and the same one is kept once.
 */
static int
put_aside(void *arg, uint64_t seq, const uint8_t *blob, size_t len,
    char *where, size_t wlen, struct error *e)
{
	struct gamedir *g = arg;
	char dir[PATH_MAX], hex[2 * SEC_HASH + 1];
	uint8_t h[SEC_HASH];
	struct error ign;

	if (sec_hash(h, "adj-aside-v1", blob, len) != 0)
		return error_set(e, EXIT_SYSTEM, "cannot hash the entry");
	sec_hex(hex, sizeof(hex), h, sizeof(h));
	if ((size_t)snprintf(dir, sizeof(dir), "%s/aside", g->path) >=
	    sizeof(dir) || (size_t)snprintf(where, wlen, "%s/%llu-%.16s.entry",
	    dir, (unsigned long long)seq, hex) >= wlen)
		return error_set(e, EXIT_USAGE, "%s: path too long", g->path);
	if (fsio_mkdir(dir, 0700, e) != 0)
		return -1;
	error_clear(&ign);
	/* the same entry kept before: it is there already */
	if (fsio_write_excl(where, blob, len, 0600, &ign) != 0 &&
	    !fsio_exists(where))
		return *e = ign, -1;
	return 0;
}

/* A seat's conditions (formats/conditions.md): GAMEDIR/cond.N, N the
 * seat's index, outside the journal; whoever reads it checks it against
 * the commitments of the entry it names. */
static void
cond_path(const struct gamedir *g, int seat, char *path, size_t len)
{
	snprintf(path, len, "%s/cond.%d", g->path, seat);
}

static int
put_cond(void *arg, int seat, const struct buf *b, struct error *e)
{
	struct gamedir *g = arg;
	char path[PATH_MAX];

	cond_path(g, seat, path, sizeof(path));
	return fsio_write_atomic(path, b->data, b->len, 0600, e);
}

static int
get_cond(void *arg, int seat, struct buf *b, struct error *e)
{
	struct gamedir *g = arg;
	char path[PATH_MAX];

	cond_path(g, seat, path, sizeof(path));
	if (!fsio_exists(path))
		return 1;
	return fsio_read_regular(path, 1024 * 1024, b, NULL, e);
}

/* Every set the judge was sent: GAMEDIR/cond.N.SEQ, SEQ the entry. */
static void
cond_at_path(const struct gamedir *g, int seat, uint64_t seq, char *path,
    size_t len)
{
	snprintf(path, len, "%s/cond.%d.%llu", g->path, seat,
	    (unsigned long long)seq);
}

static int
put_cond_at(void *arg, int seat, uint64_t seq, const struct buf *b,
    struct error *e)
{
	struct gamedir *g = arg;
	char path[PATH_MAX];

	cond_at_path(g, seat, seq, path, sizeof(path));
	return fsio_write_atomic(path, b->data, b->len, 0600, e);
}

static int
get_cond_at(void *arg, int seat, uint64_t seq, struct buf *b,
    struct error *e)
{
	struct gamedir *g = arg;
	char path[PATH_MAX];

	cond_at_path(g, seat, seq, path, sizeof(path));
	if (!fsio_exists(path))
		return 1;
	return fsio_read_regular(path, 1024 * 1024, b, NULL, e);
}

const struct transcript_store gamedir_disk = {
	.put_entry = put_entry,
	.get_entry = get_entry,
	.put_early = put_early,
	.get_early = get_early,
	.drop_early = drop_early,
	.put_secret = put_secret,
	.put_private = put_private,
	.put_update = put_update,
	.count_updates = count_updates,
	.get_update = get_update,
	.put_sent = put_sent,
	.put_remind = put_remind,
	.put_fork = put_fork,
	.get_fork = get_fork,
	.put_aside = put_aside,
	.put_receipt = put_receipt,
	.put_cond = put_cond,
	.get_cond = get_cond,
	.put_cond_at = put_cond_at,
	.get_cond_at = get_cond_at,
};
