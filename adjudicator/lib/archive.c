/*
 * Archives: writing, and verify.  See archive.h.
 *
 * Entries are read in batches, three in flight, and their signatures
 * checked on every core, entry by entry, each entry whose signature
 * checks out parsed there too (its envelope, its hash, its YAML): what
 * stays on the calling thread is reading and what must be serial, the
 * rules applying each entry to the match.  A thread takes up to CHUNK
 * entries at a time and checks their signatures one after the other,
 * then parses them: each kind of work runs on with its code in the
 * instruction cache (a third of the misses of one entry at a time).  The
 * calling thread applies each entry as soon as its own check is done, and
 * checks the next unchecked entries itself meanwhile: no thread waits for
 * a whole batch, and a thread held up (by another process on its CPU)
 * holds up one chunk, not the other threads.  An entry is applied only
 * once its own signature has checked out, so the first violation
 * reported is still the first in the transcript; one that did not parse
 * is parsed again in order, for its error; an archive cut short is said
 * where it was before, once the batch two before the one cut short has
 * been applied.  Memory holds three batches, never the whole game.
 */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "archive.h"
#include "archive_int.h"
#include "armor.h"
#include "audit.h"
#include "crew.h"
#include "dispute.h"
#include "entry.h"
#include "match.h"
#include "opening.h"
#include "receipt.h"
#include "update.h"
#include "when.h"
#include "ydoc.h"

#define ENTRY_MAX	(ENVELOPE_MAX_BODY + 4096)
#define BATCH		256
#define NBATCH		3	/* batches in flight */
#define MAX_UPDATES	100000
#define MAX_ENTRIES	(16u * 1024 * 1024)	/* of a judged seat's export */

/* --- reading --- */

struct batch {
	struct buf	 data;		/* the entries, back to back */
	size_t		 off[BATCH], len[BATCH];
	int		 bad[BATCH];	/* signature refused */
	struct envelope	 env[BATCH];	/* parsed by the checking threads */
	struct ydoc	*doc[BATCH];	/* its body; NULL: not parsed */
	atomic_int	 done[BATCH];	/* 1: checked, the three above set */
	uint32_t	 first, n;	/* entry numbers first .. first+n-1 */
};

static void
batch_clear(struct batch *b)
{
	uint32_t i;

	for (i = 0; i < BATCH; i++) {
		ydoc_free(b->doc[i]);
		b->doc[i] = NULL;
	}
}

struct verify {
	struct armor_stream	*s;
	const char		*name;
	int			 version;
	uint32_t		 count, nupdates;
	struct buf		 viewer;	/* version 2: the viewer
						 * record */
	struct match		*m;
	int			 seat;		/* version 2: whose export */
	struct match_secret	*secret;	/* its openings, if given */
	struct audit_update	*updates;
	uint32_t		 nkept;		/* updates not held twice */
	uint8_t			*hashes;	/* version 2: each entry's */
	struct buf		 times;		/* rulings, timeouts, leaves */
	uint32_t		 nforks;	/* version 3: 1 */
	struct buf		 fork;		/* the entry beside the one */
	uint64_t		 fork_seq;	/* it forks */
	int			 fork_taken;
	int			 secret_checked;
	/* version 2: the viewer's disputes of the judge's stamps
	 * (receipt.h), and how many the transcript has reached */
	struct match_stamp_dispute claims[MATCH_MAX_STAMP_DISPUTES];
	int			 nclaims, nclaimed;
	struct batch		*b[NBATCH];	/* entry k in b[k / BATCH %
						 * NBATCH] */
	atomic_uint		 next;		/* the next entry to check */
	atomic_uint		 avail;		/* entries read, to check */
	atomic_int		 stop;		/* the checking threads end */
	struct crew		*crew;		/* NULL: this thread alone */
	const struct archive_progress *progress;
	int64_t			 now;		/* this machine's clock */
};

#define CHUNK	16	/* entries a thread takes at once */

/* Checks entries k .. k+n-1 (and parses them, but the header), then
 * says so: the signatures one after the other, then the parses, each
 * kind of work kept hot in the caches. */
static void
check_entry(struct verify *v, uint32_t k, uint32_t n)
{
	struct batch *b;
	struct error ign;
	uint32_t j, i;

	for (j = k; j < k + n; j++) {
		b = v->b[j / BATCH % NBATCH];
		i = j % BATCH;
		b->doc[i] = NULL;
		b->bad[i] = envelope_check(b->data.data + b->off[i],
		    b->len[i], "", &ign) != 0;
	}
	for (j = k; j < k + n; j++) {
		b = v->b[j / BATCH % NBATCH];
		i = j % BATCH;
		/* the header (entry 0) is the calling thread's alone */
		if (!b->bad[i] && j > 0 && envelope_parse(b->data.data +
		    b->off[i], b->len[i], &b->env[i], "", &ign) == 0)
			b->doc[i] = ydoc_parse(b->env[i].body,
			    b->env[i].body_len, "", &ign);
		atomic_store_explicit(&b->done[i], 1, memory_order_release);
	}
}

/* Takes the next entries read and not yet taken, at most CHUNK: their
 * count and the first's number in *k, or 0. */
static uint32_t
claim(struct verify *v, uint32_t *k)
{
	uint32_t n = atomic_load_explicit(&v->next, memory_order_relaxed);
	uint32_t a, take;

	/* the entries below avail were read before it was raised */
	while (n < (a = atomic_load_explicit(&v->avail,
	    memory_order_acquire))) {
		take = a - n < CHUNK ? a - n : CHUNK;
		if (atomic_compare_exchange_weak_explicit(&v->next, &n,
		    n + take, memory_order_relaxed, memory_order_relaxed)) {
			*k = n;
			return take;
		}
	}
	return 0;
}

static int
work_ready(void *arg)
{
	struct verify *v = arg;

	return atomic_load(&v->stop) || atomic_load(&v->next) <
	    atomic_load(&v->avail);
}

/* A checking thread: entries as they are read, until the end. */
static void
check_worker(void *arg)
{
	struct verify *v = arg;
	uint32_t k, n;

	while (!atomic_load_explicit(&v->stop, memory_order_relaxed))
		if ((n = claim(v, &k)) > 0)
			check_entry(v, k, n);
		else
			crew_idle(v->crew, work_ready, v);
}

static int
read_field(struct verify *v, struct buf *b, const char *what, uint32_t k,
    struct error *e)
{
	uint8_t lb[4];
	uint32_t len;
	struct cursor c;

	if (armor_stream_read(v->s, lb, 4, e) != 0)
		goto truncated;
	c.p = lb;
	c.left = 4;
	cursor_u32(&c, &len);
	if (len > ENTRY_MAX)
		return error_set(e, EXIT_MALFORMED, "%s: %s %u is too large",
		    v->name, what, k);
	if (buf_reserve(b, len) != 0)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	if (armor_stream_read(v->s, b->data + b->len, len, e) != 0)
		goto truncated;
	b->len += len;
	return 0;
truncated:
	/* the stream said why: bad base64, or the block ended early */
	if (e->status == EXIT_OK)
		error_set(e, EXIT_MALFORMED, "archive truncated");
	return error_prefix(e, "%s: %s %u", v->name, what, k);
}

/*
 * Reads up to BATCH entries, stopping at the count, into a batch whose
 * entries were all applied (or never read), and hands them to the
 * checking threads.
 */
static int
read_batch(struct verify *v, struct batch *b, uint32_t first, struct error *e)
{
	size_t off;
	uint32_t i;

	b->data.len = 0;
	b->first = first;
	for (b->n = 0; b->n < BATCH && first + b->n < v->count; b->n++) {
		off = b->data.len;
		if (read_field(v, &b->data, "entry", first + b->n, e) != 0)
			return -1;
		b->off[b->n] = off;
		b->len[b->n] = b->data.len - off;
	}
	for (i = 0; i < b->n; i++) {
		b->doc[i] = NULL;
		atomic_store_explicit(&b->done[i], 0, memory_order_relaxed);
	}
	atomic_store_explicit(&v->avail, first + b->n, memory_order_release);
	if (v->crew != NULL)
		crew_wake(v->crew);
	return 0;
}

/* Version 3: the one entry that forks the transcript, kept until the
 * transcript reaches its seq (dispute.c judges it there). */
static int
read_fork(struct verify *v, struct error *e)
{
	struct envelope env;
	struct match_peek pk;
	uint8_t cb[4];
	struct cursor c;
	char where[256];

	if (armor_stream_read(v->s, cb, 4, e) != 0)
		return error_set(e, EXIT_MALFORMED, "%s: archive truncated",
		    v->name);
	c.p = cb;
	c.left = 4;
	cursor_u32(&c, &v->nforks);
	if (v->nforks != 1)
		return error_set(e, EXIT_MALFORMED, "%s: %u forks (a game "
		    "holds one dispute)", v->name, v->nforks);
	snprintf(where, sizeof(where), "%.200s: fork", v->name);
	if (read_field(v, &v->fork, "fork", 1, e) != 0 ||
	    envelope_parse(v->fork.data, v->fork.len, &env, where, e) != 0 ||
	    match_peek(&env, &pk, where, e) != 0)
		return -1;
	if (pk.header || pk.seq == 0 || pk.seq >= v->count)
		return error_set(e, EXIT_MALFORMED, "%s: the fork is no entry "
		    "of the %u the archive holds", v->name, v->count);
	v->fork_seq = pk.seq;
	return 0;
}

static int
read_head(struct verify *v, struct error *e)
{
	uint8_t hdr[8], cb[8];
	struct cursor c;

	if (armor_stream_read(v->s, hdr, sizeof(hdr), e) != 0 ||
	    armor_stream_read(v->s, cb, 4, e) != 0)
		goto truncated;
	if (memcmp(hdr, "ADJA", 4) != 0 || hdr[4] < 1 || hdr[4] > 3 ||
	    hdr[5] != 0 || hdr[6] != 0 || hdr[7] != 0)
		return error_set(e, EXIT_MALFORMED, "%s: not an adjudicator "
		    "archive", v->name);
	v->version = hdr[4];
	c.p = cb;
	c.left = 4;
	cursor_u32(&c, &v->count);
	if (v->count == 0)
		return error_set(e, EXIT_MALFORMED, "%s: empty archive",
		    v->name);
	if (v->version == 2) {
		if (armor_stream_read(v->s, cb + 4, 4, e) != 0)
			goto truncated;
		c.p = cb + 4;
		c.left = 4;
		cursor_u32(&c, &v->nupdates);
		if (v->nupdates > MAX_UPDATES)
			return error_set(e, EXIT_MALFORMED, "%s: %u updates",
			    v->name, v->nupdates);
		if (v->count > MAX_ENTRIES)
			return error_set(e, EXIT_MALFORMED, "%s: %u entries",
			    v->name, v->count);
		/* what the updates carry is compared with the transcript */
		if ((v->hashes = malloc((size_t)v->count * SEC_HASH)) == NULL)
			return error_set(e, EXIT_SYSTEM, "out of memory");
		if (read_field(v, &v->viewer, "viewer record", 0, e) != 0)
			return -1;
	}
	if (v->version == 3 && read_fork(v, e) != 0)
		return -1;
	return 0;
truncated:
	if (e->status == EXIT_OK)
		error_set(e, EXIT_MALFORMED, "%s: archive truncated", v->name);
	return -1;
}

/* Version 2: whose export this is, and its openings if the game gave
 * them all. */
static int
read_viewer(struct verify *v, struct error *e)
{
	static const char *const keys[] = { "seat", "open", "disputes",
	    NULL };
	static const char *const req[] = { "seat", "open", NULL };
	struct ydoc *doc;
	const struct ydoc *list;
	const char *s;
	int rc = -1;

	if ((doc = ydoc_parse(v->viewer.data, v->viewer.len, "viewer record",
	    e)) == NULL)
		return -1;
	if (ydoc_check_keys(doc, keys, req, "viewer record", e) != 0 ||
	    (s = ydoc_scalar(doc, "seat", "viewer record", e)) == NULL)
		goto done;
	v->seat = match_seat_by_name(v->m, s);
	if (!v->m->judge_mode || v->seat < 0 || v->seat >= v->m->nseats) {
		error_set(e, EXIT_MALFORMED, "%s: an export with updates from "
		    "%.32s, who is no judged seat", v->name, s);
		goto done;
	}
	list = ydoc_get(doc, "open");
	if (ydoc_expect(list, YDOC_SEQ, "open", "viewer record", e) != 0)
		goto done;
	if (list->nkids > 0) {
		if (opening_list_take(v->m, v->seat, list, "viewer record",
		    &v->secret, e) != 0)
			goto done;
		v->m->local[v->seat] = &v->secret->setup;
	}
	if (ydoc_get(doc, "disputes") != NULL && receipt_read(ydoc_get(doc,
	    "disputes"), v->claims, &v->nclaims, "viewer record", e) != 0)
		goto done;
	rc = 0;
done:
	ydoc_free(doc);
	return rc;
}

/* The viewer's openings must open its commitments, once they are known. */
static int
check_viewer(struct verify *v, struct error *e)
{
	struct opening o;
	int i;

	if (v->secret == NULL || v->secret_checked ||
	    !v->m->seat[v->seat].has_setup)
		return 0;
	v->secret_checked = 1;
	for (i = 0; i < v->secret->setup.n; i++) {
		o.seat = v->seat;
		o.idx = i;
		snprintf(o.id, sizeof(o.id), "%s", v->secret->setup.id[i]);
		snprintf(o.value, sizeof(o.value), "%s",
		    v->secret->setup.value[i]);
		memcpy(o.nonce, v->secret->nonce[i], COMMIT_NONCE);
		if (opening_check(v->m, &o, e) != 0)
			return error_prefix(e, "%s: the viewer record",
			    v->name);
	}
	return 0;
}

static int
position(struct verify *v, struct error *e)
{
	if (v->progress == NULL || v->progress->entry == NULL)
		return 0;
	return v->progress->entry(v->progress->arg, v->m, e);
}

/* "seq N", as snprintf would write it, without its cost an entry */
static void
seq_where(char *where, uint32_t seq)
{
	char d[10];
	int k = 0, i = 4;

	do
		d[k++] = (char)('0' + seq % 10);
	while ((seq /= 10) > 0);
	memcpy(where, "seq ", 4);
	while (k > 0)
		where[i++] = d[--k];
	where[i] = '\0';
}

static int
apply_one(struct verify *v, const uint8_t *blob, size_t len,
    const struct envelope *env, const struct ydoc *doc, uint32_t seq,
    struct error *e)
{
	char where[80], why[300];
	char t[WHEN_TEXT];
	int64_t last0;
	int bad = -1, k, rc;

	seq_where(where, seq);
	if (seq == 0) {
		if ((v->m = header_parse(blob, len, where, e)) == NULL)
			return -1;
		v->m->verifying = 1;
		if (v->version == 2 && read_viewer(v, e) != 0)
			return -1;
		for (k = 0; v->progress != NULL && k < GAME_MAX_SEATS; k++)
			if (v->progress->reveal[k] != NULL)
				v->m->local[k] = v->progress->reveal[k];
		if (v->hashes != NULL)
			memcpy(v->hashes, v->m->game_id, SEC_HASH);
		return position(v, e);
	}
	/* parsed by a checking thread, or parsed here for its error */
	last0 = v->m->clk.last;
	rc = doc != NULL ? match_apply_parsed(v->m, env, doc, where, &bad, e) :
	    match_apply_checked(v->m, blob, len, where, &bad, e);
	if (rc != 0) {
		if (bad >= 0) {
			size_t l = strlen(e->msg);

			snprintf(e->msg + l, sizeof(e->msg) - l, bad ==
			    GAME_JUDGE ? "; the judge lied" :
			    "; %s cheated and loses",
			    match_author_name(v->m, bad));
		}
		return -1;
	}
	/* an entry signed in the future of the one checking it: its
	 * signer's clock or word is wrong, and nothing may rest on it */
	if (match_signed_ahead(v->m, last0, v->now, why, sizeof(why)))
		return error_set(e, EXIT_REFUSED, "%s: %s", where, why);
	if (v->hashes != NULL)
		memcpy(v->hashes + (size_t)seq * SEC_HASH, v->m->last,
		    SEC_HASH);
	if (v->nforks > 0 && seq == v->fork_seq) {
		snprintf(where, sizeof(where), "%.40s: fork of seq %u",
		    v->name, seq);
		if (dispute_take(v->m, v->fork.data, v->fork.len, 1, where,
		    e) != 0)
			return -1;
	}
	/* the viewer's disputes of the judge's stamps, as its entry is */
	while (v->nclaimed < v->nclaims && v->claims[v->nclaimed].seq == seq)
		if (receipt_check(v->m, v->seat, &v->claims[v->nclaimed++],
		    "viewer record", e) != 0)
			return error_prefix(e, "%s", v->name);
	/* what a ruling or a claim rests on, said by verify as it is */
	if (v->m->timed) {
		when_format(v->m->clk.last, t, sizeof(t));
		buf_printf(&v->times, "  entry %u, by %s at %s: %s\n", seq,
		    match_author_name(v->m, v->m->last_by), t, v->m->what);
	}
	return check_viewer(v, e) != 0 ? -1 : position(v, e);
}

/* Entry k, checked: applied, and the progress told at a batch's end. */
static int
apply_entry(struct verify *v, uint32_t k, struct error *e)
{
	struct batch *b = v->b[k / BATCH % NBATCH];
	uint32_t i = k % BATCH;
	int rc;

	if (b->bad[i])
		return error_set(e, EXIT_REFUSED, "seq %u: bad signature", k);
	rc = apply_one(v, b->data.data + b->off[i], b->len[i], &b->env[i],
	    b->doc[i], k, e);
	ydoc_free(b->doc[i]);
	b->doc[i] = NULL;
	if (rc != 0)
		return -1;
	if (i + 1 == b->n && v->progress != NULL && v->progress->step != NULL)
		v->progress->step(v->progress->arg, k + 1, v->count);
	return 0;
}

/* Whether the batch of entry k is free to read into: the batch that
 * was there is applied. */
static int
room_for(uint32_t k, uint32_t applied)
{
	return k / BATCH < NBATCH || applied >= (k / BATCH - NBATCH + 1) *
	    BATCH;
}

/*
 * Every entry in order.  This thread reads a batch as soon as there is
 * room for it, applies the next entry once it is checked, and checks
 * the next unchecked one meanwhile.  A batch cut short is said once the
 * batch two before it is applied, as when batches were read, checked and
 * applied in turn.
 */
static int
stream(struct verify *v, struct error *e)
{
	struct error cut;
	uint32_t at = 0, nread = 0, k, n, cut_at = UINT32_MAX;
	unsigned spins = 0;

	while (at < v->count) {
		if (cut_at == UINT32_MAX && nread < v->count &&
		    room_for(nread, at)) {
			if (read_batch(v, v->b[nread / BATCH % NBATCH], nread,
			    &cut) == 0)
				nread += v->b[nread / BATCH % NBATCH]->n;
			else
				cut_at = nread / BATCH > 0 ?
				    (nread / BATCH - 1) * BATCH : 0;
		} else if (at >= cut_at) {
			*e = cut;
			return -1;
		} else if (atomic_load_explicit(&v->b[at / BATCH % NBATCH]->
		    done[at % BATCH], memory_order_acquire)) {
			if (apply_entry(v, at, e) != 0)
				return -1;
			at++;
		} else if ((n = claim(v, &k)) > 0)
			check_entry(v, k, n);
		else
			crew_spin(&spins);
	}
	return 0;
}

static int
transcript(struct verify *v, struct error *e)
{
	int rc;

	if (v->crew != NULL)
		crew_begin(v->crew, check_worker, v);
	rc = stream(v, e);
	atomic_store(&v->stop, 1);
	if (v->crew != NULL) {
		crew_wake(v->crew);
		crew_wait(v->crew);
	}
	return rc;
}

/*
 * One update the seat received, as the seat's own copy checked it when it
 * arrived: the judge's signature, its entries those of the transcript,
 * with no gap after the updates before it, and its openings true and
 * owed to the seat by those entries.  An update the archive holds twice
 * (an older version kept every copy it read) counts once.
 */
static int
check_update(struct verify *v, const struct buf *b, uint64_t *reached,
    const char *where, struct error *e)
{
	struct audit_update *au = &v->updates[v->nkept];
	struct envelope env;
	struct update u;
	size_t i;
	uint32_t k;
	int rc = -1;

	if (envelope_verify(b->data, b->len, &env, where, e) != 0)
		return -1;
	for (k = 0; k < v->nkept; k++)
		if (memcmp(v->updates[k].hash, env.hash, SEC_HASH) == 0)
			return 0;
	if (update_read(v->m, v->seat, &env, 0, where, &u, e) != 0)
		return -1;
	for (i = 0; i < u.n; i++)
		if (u.first + i >= v->count || memcmp(u.env[i].hash,
		    v->hashes + (u.first + i) * SEC_HASH, SEC_HASH) != 0) {
			error_set(e, EXIT_REFUSED, "%s: its entry %zu is not "
			    "seq %llu of the transcript", where, i + 1,
			    (unsigned long long)(u.first + i));
			goto done;
		}
	if (u.n > 0 ? u.first > *reached + 1 : u.seq > *reached) {
		error_set(e, EXIT_REFUSED, "%s: it goes on from seq %llu, but "
		    "the updates before it end at seq %llu: one is missing",
		    where, (unsigned long long)(u.n > 0 ? u.first - 1 : u.seq),
		    (unsigned long long)*reached);
		goto done;
	}
	for (i = 0; i < u.nopen; i++)
		if (opening_check(v->m, &u.open[i], e) != 0) {
			error_prefix(e, "%s: the judge's private opening",
			    where);
			goto done;
		}
	/* without the seat's openings, what it was owed is not known:
	 * audit_updates says so */
	if (update_record(v->m, v->seat, &u, 1, au, where, e) != 0 ||
	    (v->secret != NULL && audit_update_check(v->m, v->seat, au, where,
	    e) != 0))
		goto done;
	if (u.seq > *reached)
		*reached = u.seq;
	v->nkept++;
	rc = 0;
done:
	update_free(&u);
	return rc;
}

/* Version 2: every update the seat received, which must bring it the
 * whole transcript. */
static int
read_updates(struct verify *v, struct error *e)
{
	struct buf b;
	char where[64];
	uint64_t reached = 0;
	uint32_t k;
	int rc = 0;

	if (v->nupdates > 0 &&
	    (v->updates = calloc(v->nupdates, sizeof(*v->updates))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	buf_init(&b);
	for (k = 0; rc == 0 && k < v->nupdates; k++) {
		b.len = 0;
		snprintf(where, sizeof(where), "%.40s: update %u", v->name,
		    k + 1);
		if (read_field(v, &b, "update", k + 1, e) != 0 ||
		    check_update(v, &b, &reached, where, e) != 0)
			rc = -1;
	}
	buf_free(&b);
	if (rc == 0 && reached != v->m->seq)
		rc = error_set(e, EXIT_REFUSED, "%s: the updates %s received "
		    "end at seq %llu, the transcript at seq %llu: one is "
		    "missing", v->name, v->m->seat[v->seat].name,
		    (unsigned long long)reached, (unsigned long long)v->m->seq);
	return rc;
}

/* What the judge showed the seat, against what its pieces saw. */
static int
audit_updates(struct verify *v, struct buf *out, struct error *e)
{
	struct buf findings;
	int rc = -1;

	if (v->secret == NULL && v->m->rules->visible != NULL)
		return error_set(e, EXIT_REFUSED, "%s: %s's export does not "
		    "carry its openings: what the judge showed it cannot be "
		    "audited", v->name, v->m->seat[v->seat].name);
	buf_init(&findings);
	if (audit_sight(v->m, v->seat, v->updates, v->nkept,
	    &findings) > 0) {
		buf_cstr(&findings);
		findings.data[strcspn((char *)findings.data, "\n")] = '\0';
		error_set(e, EXIT_REFUSED, "%s: %s", v->name,
		    (char *)findings.data);
		goto done;
	}
	buf_printf(out, "updates: %u to %s; each showed it exactly what its "
	    "pieces saw\n", v->nkept, v->m->seat[v->seat].name);
	rc = 0;
done:
	buf_free(&findings);
	return rc;
}

int
archive_verify(FILE *f, const char *name, int threads,
    const struct archive_progress *progress, struct buf *out,
    struct error *e)
{
	struct armor_stream *s;
	int rc;

	if ((s = armor_stream_open(f, ARMOR_ARCHIVE, name, e)) == NULL)
		return -1;
	rc = archive_verify_stream(s, name, threads, progress, out, e);
	armor_stream_close(s);
	return rc;
}

int
archive_verify_stream(struct armor_stream *s, const char *name, int threads,
    const struct archive_progress *progress, struct buf *out,
    struct error *e)
{
	struct verify v;
	struct buf tail;
	int k, rc = -1, so_far;

	memset(&v, 0, sizeof(v));
	v.s = s;
	v.name = name;
	v.seat = -1;
	v.progress = progress;
	v.now = when_now();
	atomic_init(&v.next, 0);
	atomic_init(&v.avail, 0);
	atomic_init(&v.stop, 0);
	/* started once: a thread started for every batch begins late */
	v.crew = crew_new(threads - 1 > ARCHIVE_MAX_THREADS ?
	    ARCHIVE_MAX_THREADS : threads - 1);
	buf_init(&v.viewer);
	buf_init(&v.times);
	buf_init(&v.fork);
	buf_init(&tail);
	for (k = 0; k < NBATCH; k++) {
		if ((v.b[k] = calloc(1, sizeof(*v.b[k]))) == NULL) {
			error_set(e, EXIT_SYSTEM, "out of memory");
			goto done;
		}
		buf_init(&v.b[k]->data);
	}
	if (read_head(&v, e) != 0 || transcript(&v, e) != 0 ||
	    (v.version == 2 && read_updates(&v, e) != 0) ||
	    armor_stream_end(v.s, e) != 0)
		goto done;
	if (v.nclaimed < v.nclaims) {
		error_set(e, EXIT_MALFORMED, "%s: the viewer record disputes "
		    "entry %llu, which the archive does not hold", name,
		    (unsigned long long)v.claims[v.nclaimed].seq);
		goto done;
	}
	/* a disputed claim, or a seat's dispute of the judge's stamps: no
	 * result the archive can settle, so what only the end audits waits
	 * as in a game under way */
	so_far = ((progress != NULL && progress->unfinished) ||
	    v.m->dispute.on || v.m->nstamp_disputes > 0) &&
	    match_phase(v.m) != MATCH_CLOSED;
	if (!so_far && (audit_game(v.m, e) != 0 ||
	    (v.version == 2 && audit_updates(&v, &tail, e) != 0)))
		goto done;
	if (progress != NULL && progress->end != NULL &&
	    progress->end(progress->arg, v.m, e) != 0)
		goto done;
	if (so_far)
		archive_summary_so_far(v.m, v.count, &v.times, out);
	else
		archive_summary(v.m, v.count, &v.times, out);
	buf_add(out, tail.data, tail.len);
	rc = 0;
done:
	crew_free(v.crew);
	for (k = 0; k < NBATCH; k++)
		if (v.b[k] != NULL) {
			batch_clear(v.b[k]);
			buf_free(&v.b[k]->data);
			free(v.b[k]);
		}
	if (v.secret != NULL) {
		sec_wipe(v.secret, sizeof(*v.secret));
		sec_free(v.secret);
	}
	free(v.updates);
	free(v.hashes);
	match_free(v.m);
	buf_free(&v.viewer);
	buf_free(&v.times);
	buf_free(&v.fork);
	buf_free(&tail);
	return rc;
}
