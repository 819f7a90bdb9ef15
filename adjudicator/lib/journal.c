/*
 * The journal.  See journal.h and formats/gamedir.md.
 *
 * A record is
 *
 *	u32 type, u32 length n, u64 num, n bytes, u32 n again, 8-byte check
 *
 * all little-endian; the check is CRC-32C (Castagnoli) over everything
 * before it, in its first 4 bytes, and its complement in the next 4.  The
 * length at the end lets a reader step backwards; the check tells a whole
 * record from a torn or damaged one (the entries themselves are signed:
 * the check guards against accidents, not against forgers).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE	/* sync_file_range */
#endif
#include <sys/mman.h>
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "crc32c.h"
#include "fault.h"
#include "fsio.h"
#include "journal.h"
#include "sec.h"

#define HEAD	16	/* type, length, num */
#define TAIL	12	/* length, check */
#define CHECK	8

static void
put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

static void
put64(uint8_t *p, uint64_t v)
{
	put32(p, (uint32_t)v);
	put32(p + 4, (uint32_t)(v >> 32));
}

static uint32_t
get32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	    (uint32_t)p[3] << 24;
}

static uint64_t
get64(const uint8_t *p)
{
	return (uint64_t)get32(p) | (uint64_t)get32(p + 4) << 32;
}

int
journal_crc_selftest(void)
{
	return crc32c_selftest();
}

static void
check_of(const uint8_t *rec, size_t len, uint8_t out[CHECK])
{
	uint32_t c = crc32c(rec, len);

	put32(out, c);
	put32(out + 4, ~c);
}

static int
read_at(int fd, void *p, size_t len, uint64_t off)
{
	uint8_t *q = p;
	ssize_t n;

	while (len > 0) {
		n = pread(fd, q, len, (off_t)off);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		q += n;
		len -= (size_t)n;
		off += (uint64_t)n;
	}
	return 0;
}

#define WINDOW_MIN	8192
#define WINDOW_MAX	(64u * 1024)	/* below malloc's mmap threshold */

/* After a write: what the window holds may be stale. */
static void
window_drop(struct journal_window *w)
{
	w->len = 0;
}

static void
window_free(struct journal_window *w)
{
	if (w->p != NULL) {
		sec_wipe(w->p, w->cap);
		free(w->p);
	}
	memset(w, 0, sizeof(*w));
}

/*
 * Reads through a window: a read that starts inside or at the end of what
 * the last one fetched is taken as reading on in order, and fetches twice
 * as much as that one did (up to WINDOW_MAX); any other fetches
 * WINDOW_MIN.  A read larger than half the largest window goes straight
 * to the file.
 */
static int
window_read(int fd, struct journal_window *w, void *p, size_t len,
    uint64_t off)
{
	size_t want;
	uint8_t *n;
	ssize_t got;

	if (w->len > 0 && off >= w->off && off + len <= w->off + w->len) {
		memcpy(p, w->p + (off - w->off), len);
		return 0;
	}
	if (len > WINDOW_MAX / 2)
		return read_at(fd, p, len, off);
	want = w->len > 0 && off >= w->off && off <= w->off + w->len ?
	    w->len * 2 : WINDOW_MIN;
	if (want > WINDOW_MAX)
		want = WINDOW_MAX;
	while (want < len)
		want *= 2;
	if (want > w->cap) {
		/* the journal holds secrets: no copy is left behind */
		if ((n = malloc(want)) == NULL)
			return read_at(fd, p, len, off);
		window_free(w);
		w->p = n;
		w->cap = want;
	}
	w->len = 0;
	w->off = off;
	while (w->len < want) {
		got = pread(fd, w->p + w->len, want - w->len,
		    (off_t)(off + w->len));
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		w->len += (size_t)got;
	}
	if (w->len < len)
		return -1;
	memcpy(p, w->p, len);
	return 0;
}

static int
write_all(int fd, const void *p, size_t len)
{
	const uint8_t *q = p;
	ssize_t n;

	while (len > 0) {
		n = FAULT("write") ? -1 : write(fd, q, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		q += n;
		len -= (size_t)n;
	}
	return 0;
}

int
journal_exists(const char *dir)
{
	char p[4096];

	snprintf(p, sizeof(p), "%s/journal", dir);
	return fsio_exists(p);
}

/* --- reading --- */

/*
 * Checks the record at off: 0 when a whole record is there (its head in
 * head, its payload in payload), 1 when there is none, -1 out of memory.
 */
static int
record_at(struct journal *j, uint64_t off, uint64_t limit,
    uint8_t head[HEAD], struct buf *payload, struct error *e)
{
	uint8_t tail[TAIL], chk[CHECK];
	uint32_t n, c;

	if (off + HEAD + TAIL > limit ||
	    window_read(j->fd, &j->win, head, HEAD, off) != 0)
		return 1;
	n = get32(head + 4);
	if (n > JOURNAL_MAX_RECORD || off + HEAD + n + TAIL > limit)
		return 1;
	c = crc32c_update(0xffffffffu, head, HEAD);
	payload->len = 0;
	if (buf_reserve(payload, n) != 0)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	if (window_read(j->fd, &j->win, payload->data, n, off + HEAD) != 0)
		return 1;
	payload->len = n;
	c = crc32c_update(c, payload->data, n);
	if (window_read(j->fd, &j->win, tail, TAIL, off + HEAD + n) != 0 ||
	    get32(tail) != n)
		return 1;
	c = crc32c_update(c, tail, 4) ^ 0xffffffffu;
	put32(chk, c);
	put32(chk + 4, ~c);
	return memcmp(chk, tail + 4, CHECK) == 0 ? 0 : 1;
}

/* Reads the record at off; 1 when there is no whole record there. */
static int
read_record(struct journal *j, uint64_t off, uint64_t limit,
    struct journal_record *r, struct error *e)
{
	uint8_t head[HEAD];
	int rc;

	if ((rc = record_at(j, off, limit, head, &r->data, e)) != 0)
		return rc;
	r->type = (enum journal_type)get32(head);
	r->num = get64(head + 8);
	r->off = off;
	r->next = off + HEAD + r->data.len + TAIL;
	return 0;
}

int
journal_read(struct journal *j, uint64_t off, struct journal_record *r,
    struct error *e)
{
	int rc = read_record(j, off, j->end, r, e);

	if (rc > 0)
		return error_set(e, EXIT_MALFORMED, "%s: no whole record at "
		    "offset %llu", j->path, (unsigned long long)off);
	return rc;
}

/* --- the whole file, mapped: the scan at open, and repairs --- */

int
journal_view_open(const char *dir, struct journal_view *v, struct error *e)
{
	struct stat st;
	char p[4200];

	memset(v, 0, sizeof(*v));
	v->fd = -1;
	if ((size_t)snprintf(p, sizeof(p), "%s/journal", dir) >= sizeof(p))
		return error_set(e, EXIT_USAGE, "%s: path too long", dir);
	if ((v->fd = open(p, O_RDONLY | O_CLOEXEC)) < 0 ||
	    fstat(v->fd, &st) != 0)
		return error_errno(e, "%s", p);
	return journal_view_map(v, v->fd, (uint64_t)st.st_size, e) != 0 ?
	    error_errno(e, "%s", p) : 0;
}

int
journal_view_map(struct journal_view *v, int fd, uint64_t size,
    struct error *e)
{
	void *m;

	(void)e;
	v->size = size;
	v->p = NULL;
	if (size == 0)
		return 0;
	if (size > SIZE_MAX || (m = mmap(NULL, (size_t)size, PROT_READ,
	    MAP_PRIVATE, fd, 0)) == MAP_FAILED)
		return -1;
	v->p = m;
	return 0;
}

void
journal_view_close(struct journal_view *v)
{
	if (v->p != NULL)
		munmap((void *)v->p, (size_t)v->size);
	if (v->fd >= 0)
		close(v->fd);
	memset(v, 0, sizeof(*v));
	v->fd = -1;
}

size_t
journal_view_record(const struct journal_view *v, uint64_t off,
    struct journal_ref *r)
{
	const uint8_t *p = v->p + off;
	uint8_t chk[CHECK];
	uint32_t n, c, type;

	if (off > v->size || v->size - off < HEAD + TAIL)
		return 0;
	type = get32(p);
	n = get32(p + 4);
	/* a cheap look first: a known type, a length that fits and is
	 * repeated after the data; only then the check */
	if (type < JOURNAL_KEY || type > JOURNAL_RECEIPT ||
	    n > JOURNAL_MAX_RECORD || HEAD + (uint64_t)n + TAIL > v->size - off ||
	    get32(p + HEAD + n) != n)
		return 0;
	c = crc32c(p, HEAD + n + 4);
	put32(chk, c);
	put32(chk + 4, ~c);
	if (memcmp(chk, p + HEAD + n + 4, CHECK) != 0)
		return 0;
	if (r != NULL) {
		r->type = (enum journal_type)type;
		r->num = get64(p + 8);
		r->data = p + HEAD;
		r->len = n;
	}
	return HEAD + n + TAIL;
}

uint64_t
journal_view_resync(const struct journal_view *v, uint64_t from)
{
	uint64_t off;

	for (off = from + 1; off + HEAD + TAIL <= v->size; off++)
		if (journal_view_record(v, off, NULL) != 0)
			return off;
	return v->size;
}

/*
 * From off, the committed batches that follow: every record up to a
 * commit record counts; anything after the last one is a torn tail, or
 * damage.  Returns where the whole records end.
 */
static uint64_t
scan_forward(struct journal *j, const struct journal_view *v, uint64_t off)
{
	struct journal_ref r;
	size_t n;

	while ((n = journal_view_record(v, off, &r)) != 0) {
		off += n;
		if (r.type == JOURNAL_COMMIT)
			j->end = off;
	}
	return off;
}

static void
head_path(const struct journal *j, char *p, size_t len, const char *ext)
{
	snprintf(p, len, "%s%s", j->path, ext);
}

/* The head file's advice: where the last synced commit ended; believed
 * only if a whole commit record ends there. */
static void
read_head(struct journal *j, uint64_t size, struct error *e)
{
	struct journal_record r;
	uint8_t b[8];
	char p[4200];
	uint64_t end;
	int fd;

	head_path(j, p, sizeof(p), ".head");
	if ((fd = open(p, O_RDONLY | O_CLOEXEC)) < 0)
		return;
	if (read_at(fd, b, sizeof(b), 0) != 0) {
		close(fd);
		return;
	}
	close(fd);
	end = get64(b);
	if (end > size || end < HEAD + TAIL)
		return;
	/* a commit ended there: nothing before it is a torn tail */
	j->head = end;
	buf_init(&r.data);
	if (read_record(j, end - (HEAD + TAIL), size, &r, e) == 0 &&
	    r.type == JOURNAL_COMMIT && r.next == end)
		j->synced = end;
	buf_free(&r.data);
}

/*
 * Whether the records breaking off at stop are damage rather than a
 * command a crash cut short: a commit was synced beyond them, or a whole
 * commit record follows them.
 */
static int
damaged(const struct journal *j, const struct journal_view *v, uint64_t stop)
{
	struct journal_ref r;
	uint64_t off;
	size_t n;

	if (j->head > stop)
		return 1;
	for (off = journal_view_resync(v, stop); off < v->size;
	    off = journal_view_resync(v, off))
		for (; (n = journal_view_record(v, off, &r)) != 0; off += n)
			if (r.type == JOURNAL_COMMIT)
				return 1;
	return 0;
}

static void
write_head(struct journal *j)
{
	uint8_t b[8];
	char p[4200];
	int fd;

	/* advice only: never synced, checked before it is believed */
	put64(b, j->end);
	head_path(j, p, sizeof(p), ".head");
	if ((fd = open(p, O_WRONLY | O_CREAT | O_CLOEXEC, 0600)) >= 0) {
		if (pwrite(fd, b, sizeof(b), 0) != (ssize_t)sizeof(b))
			(void)ftruncate(fd, 0);
		close(fd);
	}
}

int
journal_open(struct journal *j, const char *dir, int writable,
    struct error *e)
{
	struct journal_view v;
	struct stat st;
	char p[4200];
	uint64_t stop;
	int bad;

	memset(j, 0, sizeof(*j));
	j->fd = j->idx_fd = -1;
	j->writable = writable;
	buf_init(&j->batch);
	if ((size_t)snprintf(j->path, sizeof(j->path), "%s/journal", dir) >=
	    sizeof(j->path))
		return error_set(e, EXIT_USAGE, "%s: path too long", dir);
	j->fd = writable && FAULT("open") ? -1 : open(j->path, (writable ?
	    O_RDWR | O_CREAT : O_RDONLY) | O_CLOEXEC, 0600);
	if (j->fd < 0 || fstat(j->fd, &st) != 0)
		return error_errno(e, "%s", j->path);
	read_head(j, (uint64_t)st.st_size, e);
	/* every record of the file checked, so that damage anywhere is
	 * said at once, not when something reads it */
	if (journal_view_map(&v, j->fd, (uint64_t)st.st_size, e) != 0)
		return error_errno(e, "%s", j->path);
	stop = scan_forward(j, &v, 0);
	/* records breaking off before a commit are damage, not a command a
	 * crash cut short: refused, and nothing is cut off */
	bad = stop < v.size && damaged(j, &v, stop);
	v.fd = -1;	/* the journal's own */
	journal_view_close(&v);
	if (bad)
		return error_set(e, EXIT_MALFORMED, "%s: damaged at offset "
		    "%llu, before records that were committed (repair -d "
		    "saves what is whole)", j->path, (unsigned long long)stop);
	head_path(j, p, sizeof(p), ".idx");
	j->idx_fd = open(p, (writable ? O_RDWR | O_CREAT : O_RDONLY) |
	    O_CLOEXEC, 0600);
	return 0;
}

void
journal_close(struct journal *j)
{
	if (j->fd >= 0)
		close(j->fd);
	if (j->idx_fd >= 0)
		close(j->idx_fd);
	j->fd = j->idx_fd = -1;
	buf_free(&j->batch);
	window_free(&j->win);
	window_free(&j->iwin);
}

/* --- writing --- */

int
journal_add(struct journal *j, enum journal_type type, uint64_t num,
    const void *p, size_t len, struct error *e)
{
	uint8_t head[HEAD], tail[TAIL];
	size_t start = j->batch.len;

	if (len > JOURNAL_MAX_RECORD)
		return error_set(e, EXIT_SYSTEM, "%s: a record of %zu bytes",
		    j->path, len);
	put32(head, (uint32_t)type);
	put32(head + 4, (uint32_t)len);
	put64(head + 8, num);
	put32(tail, (uint32_t)len);
	if (buf_add(&j->batch, head, HEAD) != 0 ||
	    buf_add(&j->batch, p, len) != 0 ||
	    buf_add(&j->batch, tail, 4) != 0)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	check_of(j->batch.data + start, HEAD + len + 4, tail + 4);
	if (buf_add(&j->batch, tail + 4, CHECK) != 0)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	return 0;
}

/* The index: 16 bytes per seq, where its entry and its message are. */
static void
index_batch(struct journal *j, uint64_t base)
{
	struct cursor c;
	uint32_t type, n;
	uint64_t num, off = base;
	uint8_t b[8];

	if (j->idx_fd < 0)
		return;
	c.p = j->batch.data;
	c.left = j->batch.len;
	while (cursor_u32(&c, &type) == 0 && cursor_u32(&c, &n) == 0 &&
	    cursor_u64(&c, &num) == 0 && cursor_skip(&c, NULL, n) == 0 &&
	    cursor_skip(&c, NULL, TAIL) == 0) {
		if ((type == JOURNAL_ENTRY || type == JOURNAL_OUTBOX) &&
		    num < (1ull << 40)) {
			put64(b, off);
			(void)pwrite(j->idx_fd, b, sizeof(b), (off_t)(num * 16 +
			    (type == JOURNAL_OUTBOX ? 8 : 0)));
		}
		off += HEAD + n + TAIL;
	}
}

/* A write or a sync that failed: nothing half written may stay (the
 * next writer would cut it off anyway, but a reader must not wait for
 * that). */
static int
cut_off(struct journal *j, uint64_t base, struct error *e)
{
	error_errno(e, "%s", j->path);
	(void)ftruncate(j->fd, (off_t)base);
	window_drop(&j->win);
	j->end = base;
	j->batch.len = 0;
	return -1;
}

/* The batch and its commit record appended at the end (not synced):
 * 0, or -1 with nothing of it left in the file. */
static int
append_batch(struct journal *j, uint64_t base, struct error *e)
{
	if (journal_add(j, JOURNAL_COMMIT, 0, NULL, 0, e) != 0)
		return -1;
	window_drop(&j->win);
	window_drop(&j->iwin);
	if (lseek(j->fd, (off_t)base, SEEK_SET) < 0 ||
	    write_all(j->fd, j->batch.data, j->batch.len) != 0)
		return cut_off(j, base, e);
	j->end = base + j->batch.len;
	index_batch(j, base);
	j->batch.len = 0;
	return 0;
}

/* Once synced: what a crash left after the last commit goes now, once a
 * commit stands before it; the head names only what is on the disk for
 * sure (a lazy commit lost to a power cut must read as a torn tail, not
 * as damage). */
static void
synced(struct journal *j)
{
	j->synced = j->end;
	(void)ftruncate(j->fd, (off_t)j->end);
	write_head(j);
}

static int
commit(struct journal *j, int durable, struct error *e)
{
	uint64_t base = j->end;

	if (j->batch.len == 0)
		return 0;
	if (append_batch(j, base, e) != 0)
		return -1;
	if (!durable) {
		(void)ftruncate(j->fd, (off_t)j->end);
		return 0;
	}
	if (FAULT("fdatasync") || fdatasync(j->fd) != 0)
		return cut_off(j, base, e);
	synced(j);
	return 0;
}

int
journal_commit(struct journal *j, struct error *e)
{
	return commit(j, 1, e);
}

int
journal_commit_lazy(struct journal *j, struct error *e)
{
	return commit(j, 0, e);
}

int
journal_commit_begin(struct journal *j, struct error *e)
{
	uint64_t base = j->end;

	if (j->batch.len == 0)
		return 0;
	if (append_batch(j, base, e) != 0)
		return -1;
	j->sync_base = base;
	j->begun = 1;
#ifdef SYNC_FILE_RANGE_WRITE
	/* the batch's pages on their way to the disk now, without waiting:
	 * end's fdatasync finds them written, or under way (what it must
	 * still wait for is the file's size, and no thread is needed that
	 * a busy machine might start late) */
	(void)sync_file_range(j->fd, (off_t)base, (off_t)(j->end - base),
	    SYNC_FILE_RANGE_WRITE);
#endif
	return 0;
}

int
journal_commit_end(struct journal *j, struct error *e)
{
	if (!j->begun)
		return 0;
	j->begun = 0;
	if (FAULT("fdatasync") || fdatasync(j->fd) != 0)
		return cut_off(j, j->sync_base, e);
	synced(j);
	return 0;
}

/* --- the index --- */

uint64_t
journal_where(struct journal *j, uint64_t seq, int outbox)
{
	uint8_t b[8];

	if (j->idx_fd < 0 || seq >= (1ull << 40) ||
	    window_read(j->idx_fd, &j->iwin, b, sizeof(b),
	    seq * 16 + (outbox ? 8 : 0)) != 0)
		return 0;
	return get64(b);
}

int
journal_reindex(struct journal *j, struct error *e)
{
	struct journal_record r;
	uint8_t b[8];
	uint64_t off = 0;
	int rc;

	if (j->idx_fd < 0 || !j->writable)
		return 0;
	window_drop(&j->iwin);
	if (ftruncate(j->idx_fd, 0) != 0)
		return error_errno(e, "%s.idx", j->path);
	buf_init(&r.data);
	while (off < j->end && (rc = read_record(j, off, j->end, &r, e)) == 0) {
		if ((r.type == JOURNAL_ENTRY || r.type == JOURNAL_OUTBOX) &&
		    r.num < (1ull << 40)) {
			put64(b, r.off);
			(void)pwrite(j->idx_fd, b, sizeof(b),
			    (off_t)(r.num * 16 + (r.type == JOURNAL_OUTBOX ?
			    8 : 0)));
		}
		off = r.next;
	}
	buf_free(&r.data);
	return 0;
}
