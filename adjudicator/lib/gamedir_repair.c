/*
 * Rewriting a game directory's journal (formats/gamedir.md): a repair,
 * which saves what is whole in a damaged journal, and the compaction of
 * a copy that holds an update twice (written by an older version).
 *
 * The new journal is built and opened as a game directory in
 * GAMEDIR/.rewrite first (every signature checked again), and only then
 * put in place: the old journal is linked to its new name before the new
 * one is renamed over it, so a crash at any point leaves one whole
 * journal under the name "journal".
 *
 * What a repair keeps: every whole record, but the entries after the
 * first one missing (they would not follow), the updates and the judge's
 * sent marks that reach them, and the private openings those updates
 * brought (nothing is known that no update records).  Those come again:
 * resend from another seat, the judge's updates again.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "fault.h"
#include "fsio.h"
#include "gamedir_int.h"
#include "update.h"

struct rec {
	struct journal_ref r;
	uint64_t	off;
	size_t		batch;	/* which commit it belongs to */
	int		keep;
};

#define MAX_BATCHES	(1u << 24)

struct rewrite {
	const char		*path;
	const struct report	*rep;
	struct journal_view	 v;
	struct rec		*rec;
	size_t			 n;
	uint64_t		 lost_bytes;	/* in damaged spans */
	int			 nspans;
	uint8_t			*hurt;		/* per batch: damage in it */
	int			 maybe_entry;	/* a damaged span may be one */
	size_t			 nbatches;
};

static const char *const type_name[] = { "?", "key", "entry", "outbox",
    "early", "drop", "secret", "private", "update", "sent", "commit",
    "remind", "fork", "receipt" };

static int
push(struct rewrite *w, const struct journal_ref *r, uint64_t off,
    size_t batch, struct error *e)
{
	struct rec *n;

	if ((n = realloc(w->rec, (w->n + 1) * sizeof(*n))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	w->rec = n;
	n[w->n].r = *r;
	n[w->n].off = off;
	n[w->n].batch = batch;
	n[w->n].keep = 1;
	w->n++;
	return 0;
}

static int
mark_batch(struct rewrite *w, size_t batch, struct error *e)
{
	uint8_t *n;

	if (batch >= MAX_BATCHES)
		return error_set(e, EXIT_MALFORMED, "%s: too many commits",
		    w->path);
	if (batch >= w->nbatches) {
		if ((n = realloc(w->hurt, batch + 1)) == NULL)
			return error_set(e, EXIT_SYSTEM, "out of memory");
		memset(n + w->nbatches, 0, batch + 1 - w->nbatches);
		w->hurt = n;
		w->nbatches = batch + 1;
	}
	w->hurt[batch] = 1;
	return 0;
}

static int
hurt(const struct rewrite *w, size_t batch)
{
	return batch < w->nbatches && w->hurt[batch];
}

#define HEAD_TAIL	28	/* a record's framing: formats/gamedir.md */

/* Where journal.head says the last synced commit ended (0: unknown). */
static uint64_t
synced_end(const struct rewrite *w)
{
	struct buf b;
	struct error ign;
	char p[PATH_MAX];
	uint64_t end = 0;
	int i;

	buf_init(&b);
	snprintf(p, sizeof(p), "%s/journal.head", w->path);
	if (fsio_exists(p) && fsio_read(p, 64, &b, &ign) == 0 && b.len == 8)
		for (i = 7; i >= 0; i--)
			end = end << 8 | b.data[i];
	buf_free(&b);
	return end <= w->v.size ? end : 0;
}

/*
 * Every whole record, in order, and each damaged span said in a line:
 * what its head seems to say is only a guess (the damage may be there).
 * Records after the last commit belong to a command that never finished.
 */
static int
walk(struct rewrite *w, struct error *e)
{
	const struct journal_view *v = &w->v;
	struct journal_ref r;
	uint64_t off = 0, next, head;
	size_t len, batch = 0, i, k, committed = 0;
	uint32_t type;

	while (off < v->size) {
		if ((len = journal_view_record(v, off, &r)) != 0) {
			if (push(w, &r, off, batch, e) != 0)
				return -1;
			off += len;
			if (r.type == JOURNAL_COMMIT) {
				batch++;
				committed = w->n;
			}
			continue;
		}
		next = journal_view_resync(v, off);
		type = v->size - off >= 4 ? (uint32_t)v->p[off] |
		    (uint32_t)v->p[off + 1] << 8 | (uint32_t)v->p[off + 2] << 16 |
		    (uint32_t)v->p[off + 3] << 24 : 0;
		if (type >= JOURNAL_KEY && type <= JOURNAL_RECEIPT)
			report_line(w->rep, "journal: offset %llu: %llu bytes "
			    "damaged (perhaps a%s %s record): dropped",
			    (unsigned long long)off,
			    (unsigned long long)(next - off),
			    type == JOURNAL_ENTRY || type == JOURNAL_OUTBOX ||
			    type == JOURNAL_EARLY || type == JOURNAL_UPDATE ||
			    type == JOURNAL_FORK ?
			    "n" : "", type_name[type]);
		else
			report_line(w->rep, "journal: offset %llu: %llu bytes "
			    "damaged: dropped", (unsigned long long)off,
			    (unsigned long long)(next - off));
		w->lost_bytes += next - off;
		w->nspans++;
		/* what it was cannot be told for sure: it may have been an
		 * entry (when it cannot have been, its head says so whole) */
		if (type != JOURNAL_KEY && type != JOURNAL_SECRET &&
		    type != JOURNAL_OUTBOX && type != JOURNAL_COMMIT &&
		    type != JOURNAL_SENT && type != JOURNAL_PRIVATE &&
		    type != JOURNAL_UPDATE && type != JOURNAL_EARLY &&
		    type != JOURNAL_DROP && type != JOURNAL_REMIND &&
		    type != JOURNAL_FORK && type != JOURNAL_RECEIPT)
			w->maybe_entry = 1;
		if (mark_batch(w, batch, e) != 0)
			return -1;
		off = next;
	}
	/* a command that never committed, as every command cuts it off;
	 * but what journal.head says was synced was committed (its commit
	 * record may be what the damage took) */
	head = synced_end(w);
	for (i = committed, k = 0; i < w->n; i++)
		if (w->rec[i].off + HEAD_TAIL + w->rec[i].r.len > head) {
			w->rec[i].keep = 0;
			k++;
		}
	if (k > 0)
		report_line(w->rep, "journal: %zu records after the last commit "
		    "(a command that did not finish): dropped", k);
	return 0;
}

static uint64_t
first_missing(const struct rewrite *w)
{
	uint64_t seq = 1;
	size_t i;
	int found;

	do {
		found = 0;
		for (i = 0; i < w->n && !found; i++)
			found = w->rec[i].keep && w->rec[i].r.type ==
			    JOURNAL_ENTRY && w->rec[i].r.num == seq;
		if (found)
			seq++;
	} while (found);
	return seq;
}

/*
 * The entries an update carries (first .. seq), or the seq a sent mark
 * reaches (first 0); UINT64_MAX when it cannot be read.
 */
static void
span(const struct match *m, const struct rec *k, uint64_t *first,
    uint64_t *seq)
{
	struct envelope env;
	struct update u;
	struct error ign;
	size_t i;

	*first = 0;
	*seq = UINT64_MAX;
	if (k->r.type == JOURNAL_SENT) {
		/* struct transcript_sent starts with it, in this machine's
		 * order, as the judge wrote it */
		if (k->r.len >= sizeof(uint64_t))
			memcpy(seq, k->r.data, sizeof(uint64_t));
		return;
	}
	if (m == NULL || k->r.num >= (uint64_t)m->nseats ||
	    envelope_parse(k->r.data, k->r.len, &env, "update", &ign) != 0 ||
	    update_read(m, (int)k->r.num, &env, 0, "update", &u, &ign) != 0)
		return;
	*first = u.first;
	*seq = u.seq;
	for (i = 0; i < u.nopen; i++)
		sec_wipe(&u.open[i], sizeof(u.open[i]));
	update_free(&u);
}

/* The game as its header says, to read updates with. */
static struct match *
header_of(const struct rewrite *w, const uint8_t *header, size_t hlen)
{
	struct error ign;
	size_t i;

	for (i = 0; header == NULL && i < w->n; i++)
		if (w->rec[i].keep && w->rec[i].r.type == JOURNAL_ENTRY &&
		    w->rec[i].r.num == 0) {
			header = w->rec[i].r.data;
			hlen = w->rec[i].r.len;
		}
	return header == NULL ? NULL : header_load(header, hlen, "header",
	    &ign);
}

/*
 * What follows the first missing entry goes, and what depends on it.
 * The updates a copy holds must still follow one another: one that
 * reaches the missing entry goes, one that shared a batch with damage
 * (an opening it brought may be what was lost), one that would leave a
 * gap after those before it (the one lost may have been an update), and
 * after one gone, every later one to that seat.  The private openings of
 * a batch with damage, or with an update gone, go with it.  The judge's
 * sent marks that reach the missing entry, or shared a batch with
 * damage, go (the judge sends those updates again).
 */
static void
keep_what_follows(struct rewrite *w, const struct match *m,
    struct gamedir_repair *out)
{
	uint64_t gap = first_missing(w), last = 0, first, seq;
	uint64_t reached[GAME_MAX_SEATS + 1] = { 0 };
	int gone[GAME_MAX_SEATS + 1] = { 0 };
	size_t i, j, s;

	out->again_from = gap;
	for (i = 0; i < w->n; i++) {
		struct rec *k = &w->rec[i];

		s = k->r.num < GAME_MAX_SEATS ? (size_t)k->r.num :
		    GAME_MAX_SEATS;
		if (!k->keep)
			continue;
		if (k->r.type == JOURNAL_ENTRY && k->r.num >= gap) {
			k->keep = 0;
			if (k->r.num > last)
				last = k->r.num;
		} else if (k->r.type == JOURNAL_UPDATE ||
		    k->r.type == JOURNAL_SENT) {
			span(m, k, &first, &seq);
			if (k->r.type == JOURNAL_UPDATE && !gone[s] &&
			    seq != UINT64_MAX && first <= seq &&
			    first > reached[s] + 1)
				gone[s] = 1;	/* a gap: one was lost */
			if (!gone[s] && !hurt(w, k->batch) && seq < gap) {
				if (k->r.type == JOURNAL_UPDATE &&
				    seq > reached[s])
					reached[s] = seq;
				continue;
			}
			if (k->r.type == JOURNAL_UPDATE)
				gone[s] = 1;
			k->keep = 0;
			out->updates++;
			if (first > 0 && first < out->again_from)
				out->again_from = first;
			for (j = 0; j < w->n; j++)
				if (w->rec[j].batch == k->batch &&
				    w->rec[j].r.type == JOURNAL_PRIVATE)
					w->rec[j].keep = 0;
		} else if (k->r.type == JOURNAL_FORK && k->r.num >= gap)
			k->keep = 0;	/* it forks an entry that is gone */
		else if (k->r.type == JOURNAL_RECEIPT && k->r.num >= gap)
			k->keep = 0;	/* of an update that is gone */
		else if (k->r.type == JOURNAL_PRIVATE && hurt(w, k->batch))
			k->keep = 0;
		else if (k->r.type == JOURNAL_COMMIT)
			k->keep = 0;	/* one commit, at the end */
	}
	out->kept_to = gap - 1;
	out->lost_to = last;
}

/* The new journal, in GAMEDIR/.rewrite, opened as a game directory: the
 * records, their signatures, the whole game checked again. */
/* The setups this copy held and no longer holds. */
static void
secrets_lost(const struct gamedir *g, struct gamedir_repair *out)
{
	const struct transcript *p = &g->t;
	int s;

	for (s = 0; s < p->m->nseats; s++)
		if (p->m->seat[s].has_setup && p->m->seat[s].pieces.n > 0 &&
		    ((p->me == GAME_JUDGE && p->all[s] == NULL) ||
		    (p->me == s && p->secret == NULL)))
			out->secrets_lost |= 1u << s;
}

static int
build(struct rewrite *w, const char *tmp, const uint8_t *header, size_t hlen,
    struct gamedir_repair *out, struct error *e)
{
	struct journal j;
	struct gamedir g;
	struct buf seat;
	uint8_t key[CHECKPOINT_KEY];
	char p[PATH_MAX];
	size_t i;
	int have_key = 0, have_header = 0, rc = -1;

	for (i = 0; i < w->n; i++) {
		have_key |= w->rec[i].keep && w->rec[i].r.type == JOURNAL_KEY;
		have_header |= w->rec[i].keep && w->rec[i].r.type ==
		    JOURNAL_ENTRY && w->rec[i].r.num == 0;
	}
	if (!have_header && header == NULL)
		return error_set(e, EXIT_USAGE, "%s: the header (entry 0) is "
		    "damaged: give the game's invitation (repair -d %s FILE)",
		    w->path, w->path);
	buf_init(&seat);
	snprintf(p, sizeof(p), "%s/seat", w->path);
	if (fsio_read(p, 65536, &seat, e) != 0 ||
	    fsio_mkdir(tmp, 0700, e) != 0) {
		buf_free(&seat);
		return -1;
	}
	snprintf(p, sizeof(p), "%.4000s/seat", tmp);
	if (fsio_write_atomic(p, seat.data, seat.len, 0600, e) != 0 ||
	    journal_open(&j, tmp, 1, e) != 0) {
		buf_free(&seat);
		return -1;
	}
	buf_free(&seat);
	/* a lost key only costs the checkpoints made with it */
	sec_random(key, sizeof(key));
	if (!have_key && journal_add(&j, JOURNAL_KEY, 0, key, sizeof(key),
	    e) != 0)
		goto done;
	if (!have_header && journal_add(&j, JOURNAL_ENTRY, 0, header, hlen,
	    e) != 0)
		goto done;
	for (i = 0; i < w->n; i++)
		if (w->rec[i].keep && journal_add(&j, w->rec[i].r.type,
		    w->rec[i].r.num, w->rec[i].r.data, w->rec[i].r.len,
		    e) != 0)
			goto done;
	if (journal_commit(&j, e) != 0)
		goto done;
	journal_close(&j);
	if (gamedir_open(tmp, GAMEDIR_WRITE, &g, NULL, e) != 0)
		return error_prefix(e, "%s: what is whole does not make a game",
		    w->path);
	if (out != NULL)
		secrets_lost(&g, out);
	rc = gamedir_commit(&g, e);
	gamedir_close(&g);
	sec_wipe(key, sizeof(key));
	return rc;
done:
	journal_close(&j);
	sec_wipe(key, sizeof(key));
	return rc;
}

/* The new journal in place of the old, kept as keep_as when not NULL. */
static int
swap(const char *path, const char *tmp, const char *keep_as,
    struct error *e)
{
	static const char *const derived[] = { "journal.idx", "journal.head",
	    "checkpoint" };
	char from[PATH_MAX], to[PATH_MAX];
	size_t i;

	snprintf(from, sizeof(from), "%s/journal", path);
	if (keep_as != NULL && (FAULT("link") || link(from, keep_as) != 0))
		return error_errno(e, "%s", keep_as);
	for (i = 0; i < sizeof(derived) / sizeof(derived[0]); i++) {
		snprintf(to, sizeof(to), "%s/%s", path, derived[i]);
		if ((FAULT("unlink") || unlink(to) != 0) && errno != ENOENT)
			return error_errno(e, "%s", to);
	}
	snprintf(to, sizeof(to), "%.4000s/journal", tmp);
	if (FAULT("rename") || rename(to, from) != 0)
		return error_errno(e, "%s", from);
	fsio_sync_dir_of(from);
	/* the checkpoint made there is good here: the same journal */
	snprintf(from, sizeof(from), "%.4000s/checkpoint", tmp);
	snprintf(to, sizeof(to), "%s/checkpoint", path);
	(void)rename(from, to);
	return 0;
}

/* GAMEDIR/.rewrite and whatever a rewrite cut short left in it: it is
 * ours alone. */
static void
clear_tmp(const char *tmp)
{
	char p[PATH_MAX];
	struct dirent *de;
	DIR *d;

	if ((d = opendir(tmp)) == NULL)
		return;
	while ((de = readdir(d)) != NULL)
		if (strcmp(de->d_name, ".") != 0 &&
		    strcmp(de->d_name, "..") != 0) {
			snprintf(p, sizeof(p), "%.3800s/%.255s", tmp, de->d_name);
			(void)unlink(p);
		}
	closedir(d);
	(void)rmdir(tmp);
}

/* journal.damaged, or the first of journal.damaged.N that is free. */
static void
damaged_name(const char *path, char *out, size_t len)
{
	int k;

	snprintf(out, len, "%s/journal.damaged", path);
	for (k = 1; fsio_exists(out) && k < 1000; k++)
		snprintf(out, len, "%s/journal.damaged.%d", path, k);
}

static int
rewrite_whole(struct rewrite *w, const uint8_t *header, size_t hlen,
    const char *keep_as, struct gamedir_repair *out, struct error *e)
{
	char tmp[PATH_MAX];
	int rc;

	snprintf(tmp, sizeof(tmp), "%s/.rewrite", w->path);
	clear_tmp(tmp);		/* what a rewrite cut short left */
	rc = build(w, tmp, header, hlen, out, e) == 0 &&
	    swap(w->path, tmp, keep_as, e) == 0 ? 0 : -1;
	clear_tmp(tmp);
	return rc;
}

int
gamedir_repair(const char *path, const uint8_t *header, size_t hlen,
    const struct report *rep, struct gamedir_repair *out, struct error *e)
{
	struct match *m;
	struct rewrite w;
	char tmp[PATH_MAX];
	int lock = -1, rc = -1;

	memset(out, 0, sizeof(*out));
	memset(&w, 0, sizeof(w));
	w.path = path;
	w.rep = rep;
	w.v.fd = -1;
	if (gamedir_lock(path, &lock, e) != 0)
		goto done;
	snprintf(tmp, sizeof(tmp), "%s/.rewrite", path);
	clear_tmp(tmp);		/* what a rewrite cut short left */
	if (journal_view_open(path, &w.v, e) != 0 || walk(&w, e) != 0)
		goto done;
	m = header_of(&w, header, hlen);
	keep_what_follows(&w, m, out);
	match_free(m);
	out->spans = w.nspans;
	out->maybe_entry = w.maybe_entry;
	if (w.nspans == 0 && out->lost_to == 0 && out->updates == 0) {
		out->whole = 1;
		rc = 0;
		goto done;
	}
	damaged_name(path, out->damaged, sizeof(out->damaged));
	rc = rewrite_whole(&w, header, hlen, out->damaged, out, e);
done:
	free(w.rec);
	free(w.hurt);
	journal_view_close(&w.v);
	if (lock >= 0)
		close(lock);
	return rc;
}

/* An older version stored every update a seat read, as often as it read
 * it: each is kept once.  The caller holds the directory's lock. */
int
gamedir_compact(const char *path, struct error *e)
{
	struct rewrite w;
	uint8_t (*seen)[SEC_HASH] = NULL;
	size_t i, k, nseen = 0;
	int rc = -1;

	memset(&w, 0, sizeof(w));
	w.path = path;
	w.v.fd = -1;
	if (journal_view_open(path, &w.v, e) != 0 || walk(&w, e) != 0)
		goto done;
	if (w.nspans > 0) {
		rc = error_set(e, EXIT_MALFORMED, "%s: damaged", path);
		goto done;
	}
	if ((seen = calloc(w.n + 1, sizeof(*seen))) == NULL) {
		rc = error_set(e, EXIT_SYSTEM, "out of memory");
		goto done;
	}
	for (i = 0; i < w.n; i++) {
		if (w.rec[i].r.type == JOURNAL_COMMIT)
			w.rec[i].keep = 0;
		if (!w.rec[i].keep || w.rec[i].r.type != JOURNAL_UPDATE)
			continue;
		(void)envelope_hash(w.rec[i].r.data, w.rec[i].r.len,
		    seen[nseen]);
		for (k = 0; k < nseen && memcmp(seen[k], seen[nseen],
		    SEC_HASH) != 0; k++)
			;
		if (k < nseen)
			w.rec[i].keep = 0;
		else
			nseen++;
	}
	rc = rewrite_whole(&w, NULL, 0, NULL, NULL, e);
done:
	free(seen);
	free(w.rec);
	free(w.hurt);
	journal_view_close(&w.v);
	return rc;
}
