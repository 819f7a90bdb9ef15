/*
 * The game directory: a copy's store on disk, over the journal.  See
 * gamedir.h and formats/gamedir.md.
 *
 * Opening it starts from the checkpoint when it is sound and follows the
 * journal from where the checkpoint ends; otherwise it replays the whole
 * journal (every signature checked), so the state can never disagree
 * with what was accepted.  A command's records wait in a batch, and this
 * command reads them from the batch until it commits.
 */
#include <sys/file.h>
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dispute.h"
#include "fault.h"
#include "fsio.h"
#include "gamedir_int.h"
#include "legacy.h"
#include "timing.h"
#include "when.h"
#include "ydoc.h"

static int
too_long(struct error *e, const char *path)
{
	return error_set(e, EXIT_USAGE, "%s: path too long", path);
}

/* --- following the journal --- */

static int
take_secret(struct gamedir *g, int seat, const struct buf *b,
    struct error *e)
{
	struct transcript *p = &g->t;
	struct match_secret **slot;

	if (seat < 0 || seat >= p->m->nseats || (p->me != GAME_JUDGE &&
	    seat != p->me))
		return error_set(e, EXIT_MALFORMED, "%s: a secret of seat %d",
		    g->j.path, seat);
	slot = p->me == GAME_JUDGE ? &p->all[seat] : &p->secret;
	if (*slot != NULL) {
		sec_wipe(*slot, sizeof(**slot));
		sec_free(*slot);
		*slot = NULL;
	}
	if (opening_list_read(p->m, seat, b->data, b->len, g->j.path, slot,
	    e) != 0)
		return -1;
	p->m->local[seat] = &(*slot)->setup;
	return 0;
}

static int
take_private(struct gamedir *g, int seat, const struct buf *b,
    struct error *e)
{
	struct match_secret *s = NULL;
	struct opening o;
	int rc;

	if (opening_list_read(g->t.m, seat, b->data, b->len, g->j.path, &s,
	    e) != 0)
		return -1;
	memset(&o, 0, sizeof(o));
	o.seat = seat;
	o.idx = match_piece_index(g->t.m, seat, s->setup.id[0]);
	snprintf(o.id, sizeof(o.id), "%s", s->setup.id[0]);
	snprintf(o.value, sizeof(o.value), "%s", s->setup.value[0]);
	memcpy(o.nonce, s->nonce[0], COMMIT_NONCE);
	rc = o.idx < 0 ? error_set(e, EXIT_MALFORMED, "%s: a private opening "
	    "of no piece", g->j.path) : match_learn(g->t.m, &o, e);
	sec_wipe(s, sizeof(*s));
	sec_free(s);
	return rc;
}

/* An update: a seat's own is recorded for the audit, once (a copy
 * written by an older version may hold one several times). */
static int
take_update(struct gamedir *g, const struct journal_record *r,
    struct error *e)
{
	struct transcript *p = &g->t;
	int rc = 0;

	if (p->me != GAME_JUDGE && (int)r->num == p->me &&
	    (rc = transcript_update_load(p, r->data.data, r->data.len,
	    g->j.path, e)) < 0)
		return -1;
	if (rc > 0) {
		g->x.dups++;
		return 0;
	}
	return gamedir_note_update(g, (int)r->num, r->off, e);
}

/* One committed record, as the state follows it. */
static int
follow(struct gamedir *g, const struct journal_record *r, struct error *e)
{
	struct match *m = g->t.m;
	struct receipt rc;
	char where[64];

	switch (r->type) {
	case JOURNAL_ENTRY:
		if (r->num == 0 || r->num <= m->seq)
			return 0;
		snprintf(where, sizeof(where), "journal: seq %llu",
		    (unsigned long long)r->num);
		g->rebuilt = 1;
		return match_apply(m, r->data.data, r->data.len, where, NULL,
		    e);
	case JOURNAL_OUTBOX:
		if (r->num > g->x.last_out)
			g->x.last_out = r->num;
		return 0;
	case JOURNAL_EARLY:
		return gamedir_early_note(g, r->num, r->off, e);
	case JOURNAL_DROP:
		gamedir_early_forget(g, r->num);
		return 0;
	case JOURNAL_SECRET:
		g->x.secret[r->num < GAME_MAX_SEATS ? r->num : 0] = r->off;
		return take_secret(g, (int)r->num, &r->data, e);
	case JOURNAL_PRIVATE:
		return take_private(g, (int)r->num, &r->data, e);
	case JOURNAL_UPDATE:
		return take_update(g, r, e);
	case JOURNAL_SENT:
		if (r->num >= GAME_MAX_SEATS ||
		    r->data.len != sizeof(g->t.sent[0]))
			return error_set(e, EXIT_MALFORMED, "%s: a bad record",
			    g->j.path);
		memcpy(&g->t.sent[r->num], r->data.data, r->data.len);
		return 0;
	case JOURNAL_REMIND:
		if (r->num >= GAME_MAX_SEATS ||
		    r->data.len != sizeof(g->t.remind[0]))
			return error_set(e, EXIT_MALFORMED, "%s: a bad record",
			    g->j.path);
		memcpy(&g->t.remind[r->num], r->data.data, r->data.len);
		return 0;
	case JOURNAL_RECEIPT:
		if (r->data.len != sizeof(struct receipt))
			return error_set(e, EXIT_MALFORMED, "%s: a bad record",
			    g->j.path);
		memcpy(&rc, r->data.data, sizeof(rc));
		if (g->t.me >= 0 && g->t.me < m->nseats)
			(void)receipt_note(m, g->t.me, &rc);
		return 0;
	case JOURNAL_FORK:
		/* unless the checkpoint already holds it */
		if (m->dispute.on)
			return 0;
		snprintf(where, sizeof(where), "journal: fork of seq %llu",
		    (unsigned long long)r->num);
		g->rebuilt = 1;
		return dispute_take(m, r->data.data, r->data.len, 1, where,
		    e) < 0 ? -1 : 0;
	default:
		return 0;
	}
}

static int
follow_from(struct gamedir *g, uint64_t off, struct error *e)
{
	struct journal_record r;
	int rc = 0;

	buf_init(&r.data);
	while (rc == 0 && off < g->j.end) {
		if ((rc = journal_read(&g->j, off, &r, e)) == 0)
			rc = follow(g, &r, e);
		off = r.next;
	}
	buf_free(&r.data);
	return rc;
}

/* --- the checkpoint --- */

static int
read_file(const char *p, struct buf *b)
{
	struct error ign;

	return fsio_exists(p) ? fsio_read(p, 64u * 1024 * 1024, b, &ign) : -1;
}

/* The checkpoint, when sound: 0, the state its; else 1 (the caller
 * clears what it left and starts from the header). */
static int
resume(struct gamedir *g, struct error *e)
{
	struct transcript *p = &g->t;
	struct buf b, last;
	uint8_t h[SEC_HASH];
	char path[PATH_MAX];
	int s, ok;

	buf_init(&b);
	buf_init(&last);
	snprintf(path, sizeof(path), "%s/checkpoint", g->path);
	ok = read_file(path, &b) == 0 && checkpoint_read(p, g->seat, &g->x,
	    g->key, b.data, b.len, e) == 0;
	/* a sound checkpoint beyond what the journal had synced: the
	 * journal lost commits */
	if (ok && g->x.synced > g->j.end) {
		buf_free(&b);
		return error_set(e, EXIT_MALFORMED, "%s: damaged: it ends at "
		    "offset %llu, before the commit the checkpoint says it "
		    "reached (%llu)", g->j.path, (unsigned long long)g->j.end,
		    (unsigned long long)g->x.synced);
	}
	/* beyond it, but only by a lazy commit a power cut took: stale */
	if (ok && g->x.end > g->j.end)
		ok = 0;
	/* the state it holds must be the one after the journal's entry */
	if (ok && p->m->seq > 0) {
		ok = gamedir_find(g, JOURNAL_ENTRY, p->m->seq, &last, e) == 0;
		ok = ok && envelope_hash(last.data, last.len, h) == 0 &&
		    memcmp(h, p->m->last, SEC_HASH) == 0;
	}
	buf_free(&b);
	buf_free(&last);
	/* the secrets come with it, parsed and checked when their records
	 * were followed; one it lacks is read from its record */
	for (s = 0; ok && s < GAME_MAX_SEATS; s++) {
		if (g->x.secret[s] == 0 || (s < p->m->nseats &&
		    p->m->local[s] != NULL))
			continue;
		buf_init(&b);
		ok = gamedir_read_at(g, g->x.secret[s], JOURNAL_SECRET, &b,
		    e) == 0 && take_secret(g, s, &b, e) == 0;
		buf_free(&b);
	}
	return ok ? 0 : 1;
}

static int
save_checkpoint(struct gamedir *g, struct error *e)
{
	struct buf b;
	char path[PATH_MAX];
	int rc = -1;

	g->x.end = g->j.end;
	g->x.synced = g->j.synced;
	buf_init(&b);
	if (checkpoint_write(&g->t, &g->x, g->key, &b, e) != 0)
		goto done;
	snprintf(path, sizeof(path), "%s/checkpoint", g->path);
	/*
	 * A cache, never synced, checked when read (a torn one fails its
	 * MAC and the journal is replayed).  A writer, alone under the
	 * exclusive lock, overwrites it in place: a rename over the old
	 * one would make the file system write it out at once.  A reader
	 * that replayed shares its lock with other readers: it replaces
	 * the file whole.
	 */
	if ((g->writable ? fsio_write_inplace(path, b.data, b.len, 0600, e) :
	    fsio_write_cache(path, b.data, b.len, 0600, e)) != 0)
		goto done;
	g->rebuilt = 0;
	rc = 0;
done:
	buf_free(&b);
	return rc;
}

/* --- opening and creating --- */

static int
load_seat(struct gamedir *g, struct error *e)
{
	static const char *const keys[] = { "seat", "key", "next", NULL };
	static const char *const req[] = { "seat", "key", NULL };
	struct buf b;
	struct ydoc *doc;
	char p[PATH_MAX];
	const char *s, *k, *n = "";
	int rc = -1;

	snprintf(p, sizeof(p), "%s/seat", g->path);
	buf_init(&b);
	if (fsio_read(p, 65536, &b, e) != 0) {
		if (e->status == EXIT_SYSTEM)
			error_set(e, EXIT_USAGE, "%s: not a game directory "
			    "(no seat file; create one with join)", g->path);
		buf_free(&b);
		return -1;
	}
	if ((doc = ydoc_parse(b.data, b.len, p, e)) == NULL)
		goto done;
	if (ydoc_check_keys(doc, keys, req, p, e) != 0 ||
	    (s = ydoc_scalar(doc, "seat", p, e)) == NULL ||
	    (k = ydoc_scalar(doc, "key", p, e)) == NULL ||
	    (ydoc_get(doc, "next") != NULL &&
	    (n = ydoc_scalar(doc, "next", p, e)) == NULL))
		goto done;
	snprintf(g->seat, sizeof(g->seat), "%.32s", s);
	snprintf(g->keypath, sizeof(g->keypath), "%s", k);
	snprintf(g->nextkey, sizeof(g->nextkey), "%s", n);
	rc = 0;
done:
	ydoc_free(doc);
	buf_free(&b);
	return rc;
}

/* The seat file, written whole and renamed over the old one. */
static int
write_seat(const char *dir, const char *seat, const char *key,
    const char *next, struct error *e)
{
	struct ydoc_writer *w;
	struct buf b;
	char p[PATH_MAX];
	int rc;

	buf_init(&b);
	if ((w = ydoc_writer_new(&b)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	ydoc_map_begin(w);
	ydoc_kv(w, "seat", seat);
	ydoc_kv(w, "key", key);
	if (next != NULL && next[0] != '\0')
		ydoc_kv(w, "next", next);
	ydoc_map_end(w);
	if (ydoc_writer_end(w) != 0) {
		buf_free(&b);
		return error_set(e, EXIT_SYSTEM, "out of memory");
	}
	snprintf(p, sizeof(p), "%s/seat", dir);
	rc = fsio_write_atomic(p, b.data, b.len, 0600, e);
	buf_free(&b);
	return rc;
}

int
gamedir_set_keys(struct gamedir *g, const char *key, const char *next,
    struct error *e)
{
	char k[PATH_MAX], n[PATH_MAX];

	if (!g->writable)
		return error_set(e, EXIT_SYSTEM, "%s: not open to write",
		    g->path);
	if (realpath(key, k) == NULL)
		return error_errno(e, "%s", key);
	if (next != NULL && realpath(next, n) == NULL)
		return error_errno(e, "%s", next);
	if (write_seat(g->path, g->seat, k, next != NULL ? n : NULL, e) != 0)
		return -1;
	snprintf(g->keypath, sizeof(g->keypath), "%s", k);
	snprintf(g->nextkey, sizeof(g->nextkey), "%s", next != NULL ? n : "");
	return 0;
}

int
gamedir_lock(const char *path, int *lock, struct error *e)
{
	char p[PATH_MAX];

	snprintf(p, sizeof(p), "%s/lock", path);
	return fsio_lock(p, lock, e);
}

static int
take_lock(struct gamedir *g, enum gamedir_mode mode, struct error *e)
{
	char p[PATH_MAX];

	snprintf(p, sizeof(p), "%s/lock", g->path);
	if (g->lock < 0 && (g->lock = open(p, O_RDWR | O_CREAT | O_CLOEXEC,
	    0600)) < 0 && (g->lock = open(p, O_RDONLY | O_CLOEXEC)) < 0)
		return error_errno(e, "%s", p);
	while (flock(g->lock, mode == GAMEDIR_WRITE ? LOCK_EX : LOCK_SH) != 0)
		if (errno != EINTR)
			return error_errno(e, "%s", p);
	return 0;
}

/* The journal's key record: the checkpoint's key. */
static int
start_key(struct gamedir *g, struct error *e)
{
	struct journal_record r;
	int rc = 0;

	buf_init(&r.data);
	if (journal_read(&g->j, 0, &r, e) != 0)
		rc = -1;
	else if (r.type != JOURNAL_KEY || r.data.len != CHECKPOINT_KEY)
		rc = error_set(e, EXIT_MALFORMED, "%s: no key record",
		    g->j.path);
	else
		memcpy(g->key, r.data.data, CHECKPOINT_KEY);
	sec_wipe(r.data.data, r.data.len);
	buf_free(&r.data);
	return rc;
}

/* The header: the state before any entry. */
static int
start_header(struct gamedir *g, struct error *e)
{
	struct buf b;
	char where[PATH_MAX + 32];
	int rc = -1;

	buf_init(&b);
	snprintf(where, sizeof(where), "%s: the header", g->j.path);
	if (gamedir_disk.get_entry(g, 0, &b, e) != 0 ||
	    (g->t.m = header_load(b.data, b.len, where, e)) == NULL)
		goto done;
	if ((g->t.me = match_seat_by_name(g->t.m, g->seat)) < 0) {
		error_set(e, EXIT_MALFORMED, "%s: seat %s is not in the game",
		    g->path, g->seat);
		goto done;
	}
	g->t.m->me = g->t.me;
	rc = 0;
done:
	buf_free(&b);
	return rc;
}

/*
 * The state: from a sound checkpoint, whose MAC says this directory wrote
 * it (the header is not even parsed), and the journal after it; else the
 * header's, and the whole journal replayed.
 */
static int
load(struct gamedir *g, struct error *e)
{
	struct error ign;
	int rc;

	if (start_key(g, e) != 0)
		return -1;
	error_clear(&ign);
	if ((rc = resume(g, &ign)) == 0)
		return follow_from(g, g->x.end, e);
	if (rc < 0) {
		*e = ign;
		return -1;
	}
	/* nothing the checkpoint said stays: the judge's marks of what it
	 * sent and of its notices come back from their records alone (a
	 * power cut that took them makes it send those again) */
	transcript_clear(&g->t);
	memset(g->t.sent, 0, sizeof(g->t.sent));
	memset(g->t.remind, 0, sizeof(g->t.remind));
	checkpoint_extra_free(&g->x);
	memset(&g->x, 0, sizeof(g->x));
	if (start_header(g, e) != 0)
		return -1;
	g->rebuilt = 1;
	return follow_from(g, 0, e);
}

/* A judge's copy with no signed time yet: the first seat's clock runs
 * from when the judge took the invitation, its remind record's start
 * (gamedir_invited; formats/gamedir.md). */
static void
invited_clock(struct gamedir *g)
{
	int i;

	if (g->t.me != GAME_JUDGE || g->t.m->clk.last != 0)
		return;
	for (i = 0; i < g->t.m->nseats; i++)
		if (g->t.remind[i].started > 0) {
			timing_invited(g->t.m, g->t.remind[i].started);
			return;
		}
}

/* A seat's copy: its own key's id, from the key file's clear part (no
 * passphrase), so that its view can tell its seat was handed to another
 * key (holder_gone); unknown when the file cannot be read.  The judge's
 * copy holds no seat: its key file is not read for it (one file read
 * less a mail). */
static void
mine(struct gamedir *g)
{
	uint8_t id[KEY_ID];
	struct error ign;
	int enc;

	g->t.m->mine[0] = '\0';
	if (g->t.me >= 0 && g->t.me < g->t.m->nseats &&
	    g->keypath[0] != '\0' &&
	    key_secret_id(g->keypath, id, &enc, &ign) == 0)
		sec_hex(g->t.m->mine, sizeof(g->t.m->mine), id, KEY_ID);
}

int
gamedir_open(const char *path, enum gamedir_mode mode, struct gamedir *g,
    const struct report *r, struct error *e)
{
	memset(g, 0, sizeof(*g));
	g->lock = -1;
	g->j.fd = g->j.idx_fd = -1;
	g->t.me = -1;
	g->t.store = &gamedir_disk;
	g->t.arg = g;
	g->t.report = r;
	g->writable = mode == GAMEDIR_WRITE;
	if ((size_t)snprintf(g->path, sizeof(g->path), "%s", path) >=
	    sizeof(g->path))
		return too_long(e, path);
	if (load_seat(g, e) != 0 || take_lock(g, GAMEDIR_WRITE, e) != 0 ||
	    (!journal_exists(path) && legacy_import(path, e) != 0) ||
	    (mode == GAMEDIR_READ && take_lock(g, GAMEDIR_READ, e) != 0) ||
	    journal_open(&g->j, path, g->writable, e) != 0 || load(g, e) != 0) {
		gamedir_close(g);
		return -1;
	}
	invited_clock(g);
	mine(g);
	/* a reader that had to replay leaves the result for the next one */
	if (!g->writable && g->rebuilt)
		(void)save_checkpoint(g, e);
	/* a copy an older version bloated loses its duplicates now */
	if (g->writable && g->x.dups > 0) {
		if (gamedir_compact(path, e) != 0) {
			gamedir_close(g);
			return -1;
		}
		gamedir_close(g);
		return gamedir_open(path, mode, g, r, e);
	}
	return 0;
}

enum { SYNCED, LAZY, BEGUN };

/* This command's records, committed synced, lazily, or with the sync
 * begun; the checkpoint is the caller's. */
static int
commit_records(struct gamedir *g, int how, struct error *e)
{
	if (g->j.batch.len == 0)
		return 0;
	if (!g->writable)
		return error_set(e, EXIT_SYSTEM, "%s: read only", g->path);
	if ((how == LAZY ? journal_commit_lazy(&g->j, e) : how == BEGUN ?
	    journal_commit_begin(&g->j, e) : journal_commit(&g->j, e)) != 0)
		return -1;
	gamedir_pending_clear(g);
	g->rebuilt = 1;
	return 0;
}

/* The cache: a failure costs the next command a replay, no more. */
static int
commit_cached(struct gamedir *g, int how, struct error *e)
{
	if (commit_records(g, how, e) != 0)
		return -1;
	if (g->rebuilt)
		(void)save_checkpoint(g, e);
	return 0;
}

/* A commit followed by another in the same command: synced, but the
 * checkpoint waits for the last one. */
int
gamedir_commit_first(struct gamedir *g, struct error *e)
{
	return commit_records(g, SYNCED, e);
}

int
gamedir_commit_begin(struct gamedir *g, struct error *e)
{
	return commit_records(g, BEGUN, e);
}

int
gamedir_commit_end(struct gamedir *g, struct error *e)
{
	return journal_commit_end(&g->j, e);
}

int
gamedir_commit(struct gamedir *g, struct error *e)
{
	return commit_cached(g, SYNCED, e);
}

/*
 * The judge's record of the updates it has sent: committed, not synced.
 * The checkpoint written after it says how far the journal was synced: a
 * power cut that takes the lazy commit leaves the checkpoint ahead of the
 * journal but not of what was synced, which is a stale checkpoint (the
 * journal is replayed), not damage.  Lost, the record costs the seats an
 * update they already have, sent again; the next sync makes it durable.
 */
int
gamedir_commit_lazy(struct gamedir *g, struct error *e)
{
	return commit_cached(g, LAZY, e);
}

void
gamedir_close(struct gamedir *g)
{
	transcript_clear(&g->t);
	journal_close(&g->j);
	gamedir_pending_clear(g);
	checkpoint_extra_free(&g->x);
	sec_wipe(g->key, sizeof(g->key));
	if (g->lock >= 0)
		close(g->lock);	/* and with it the lock */
	g->lock = -1;
}

/*
 * What a join that did not finish leaves: the directory without its seat
 * file (written last), holding only files a join makes.  Such a directory
 * is cleared, so that join can simply be run again.
 */
static int
unfinished(const char *path)
{
	static const char *const ours[] = { "lock", "journal", "journal.idx",
	    "journal.head", "checkpoint" };
	char p[PATH_MAX];
	struct dirent *de;
	size_t i;
	DIR *d;
	int clean = 1;

	snprintf(p, sizeof(p), "%s/seat", path);
	if (fsio_exists(p) || (d = opendir(path)) == NULL)
		return 0;
	while (clean && (de = readdir(d)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0 ||
		    (de->d_name[0] == '.' && strstr(de->d_name, ".tmp.") != NULL))
			continue;
		for (i = 0, clean = 0; i < sizeof(ours) / sizeof(ours[0]); i++)
			clean |= strcmp(de->d_name, ours[i]) == 0;
	}
	closedir(d);
	if (!clean || (d = opendir(path)) == NULL)
		return 0;
	while ((de = readdir(d)) != NULL)
		if (de->d_name[0] != '.' || strstr(de->d_name, ".tmp.") != NULL) {
			snprintf(p, sizeof(p), "%s/%s", path, de->d_name);
			(void)unlink(p);
		}
	closedir(d);
	return 1;
}

static int
invited(const char *path, int64_t t, struct error *e)
{
	struct gamedir g;
	const struct match *m;
	int s, rc = 0;

	if (gamedir_open(path, GAMEDIR_WRITE, &g, NULL, e) != 0)
		return -1;
	m = g.t.m;
	if (g.t.me == GAME_JUDGE && m->judge_mode && m->clock.on &&
	    m->clk.last == 0 && (s = timing_first_seat(m)) >= 0 &&
	    g.t.remind[s].started == 0) {
		memset(&g.t.remind[s], 0, sizeof(g.t.remind[s]));
		g.t.remind[s].started = t;
		rc = g.t.store->put_remind(g.t.arg, s, &g.t.remind[s],
		    e) != 0 || gamedir_commit(&g, e) != 0 ? -1 : 0;
	} else {
		/* its first checkpoint, so that no reader has to write one:
		 * a cache, whose failure costs a replay, not the join */
		struct error ign;

		(void)gamedir_commit(&g, &ign);
	}
	gamedir_close(&g);
	return rc;
}

int
gamedir_create(const char *path, const uint8_t *header, size_t len,
    const char *seat, const char *keypath, struct error *e)
{
	struct journal j;
	uint8_t key[CHECKPOINT_KEY];
	char p[PATH_MAX], abskey[PATH_MAX];
	int fd, rc = -1;

	if (strlen(path) + 32 >= sizeof(p))
		return too_long(e, path);
	if (realpath(keypath, abskey) == NULL)
		return error_errno(e, "%s", keypath);
	if (FAULT("mkdir") || mkdir(path, 0700) != 0) {
		if (errno != EEXIST)
			return error_errno(e, "%s", path);
		if (!unfinished(path))
			return error_set(e, EXIT_REFUSED, "%s: already exists; "
			    "a game directory is created by join", path);
	}
	snprintf(p, sizeof(p), "%s/lock", path);
	if ((fd = FAULT("open") ? -1 : open(p, O_RDWR | O_CREAT | O_EXCL |
	    O_CLOEXEC, 0600)) < 0)
		return error_errno(e, "%s", p);
	close(fd);
	sec_random(key, sizeof(key));
	if (journal_open(&j, path, 1, e) != 0)
		goto done;
	if (journal_add(&j, JOURNAL_KEY, 0, key, sizeof(key), e) != 0 ||
	    journal_add(&j, JOURNAL_ENTRY, 0, header, len, e) != 0 ||
	    journal_commit(&j, e) != 0)
		goto close;
	/* the seat file last: a directory that has one is complete */
	rc = write_seat(path, seat, abskey, NULL, e);
close:
	journal_close(&j);
	/* a judge's copy with a clock: the first seat's clock runs from
	 * now, when the judge takes the invitation (an error here undoes
	 * the join: the game would have no clock to time the first seat) */
	if (rc == 0 && invited(path, when_now(), e) != 0)
		rc = -1;
done:
	sec_wipe(key, sizeof(key));
	return rc;
}

int
gamedir_save_secret(struct gamedir *g, const struct match_secret *s,
    struct error *e)
{
	return gamedir_disk.put_secret(g, g->t.me, s, e);
}

int
gamedir_outbox(struct gamedir *g, uint64_t seq, struct buf *b,
    struct error *e)
{
	const struct buf *p = gamedir_pending(g, JOURNAL_OUTBOX, seq);
	int rc;

	if (p != NULL)
		return buf_add(b, p->data, p->len) != 0 ?
		    error_set(e, EXIT_SYSTEM, "out of memory") : 0;
	if ((rc = gamedir_find(g, JOURNAL_OUTBOX, seq, b, e)) > 0)
		return error_set(e, EXIT_USAGE, "%s sent no message with seq "
		    "%llu", g->seat, (unsigned long long)seq);
	return rc;
}


int
gamedir_judged_sent(struct gamedir *g)
{
	const struct match *m = g->t.m;
	struct error ign;
	struct buf b;
	int sent;

	if (!m->judge_mode || g->t.me < 0 || g->t.me >= m->nseats)
		return 0;
	buf_init(&b);
	sent = gamedir_outbox(g, m->seq + 1, &b, &ign) == 0;
	buf_free(&b);
	return sent;
}

uint64_t
gamedir_last_sent(struct gamedir *g)
{
	return g->x.last_out;
}

int
gamedir_export(const struct gamedir *g, struct buf *out, armor_sink_fn *sink,
    void *arg, struct error *e)
{
	return transcript_export_to(&g->t, 1, out, sink, arg, e);
}
