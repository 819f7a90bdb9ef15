/*
 * verify: audit a whole game from its archive.
 *
 * Entries are read in batches.  While the main thread applies one batch
 * in order, the signatures of the next are checked on every core, the
 * main thread joining in when it is done; an entry is applied only once
 * its own signature has checked out, so the first violation reported is
 * still the first in the transcript.  Memory holds two batches, never
 * the whole game.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "armor.h"
#include "cli.h"
#include "fsio.h"
#include "match.h"

#define ENTRY_MAX	(ENVELOPE_MAX_BODY + 4096)
#define BATCH		256
#define MAX_WORKERS	16

struct batch {
	struct buf	 data;		/* the entries, back to back */
	size_t		 off[BATCH], len[BATCH];
	int		 bad[BATCH];	/* signature refused */
	uint32_t	 first, n;	/* entry numbers first .. first+n-1 */
	atomic_uint	 next;		/* the next entry to check */
};

static void *
check_worker(void *arg)
{
	struct batch *b = arg;
	struct error ign;
	unsigned i;

	while ((i = atomic_fetch_add(&b->next, 1)) < b->n)
		b->bad[i] = envelope_check(b->data.data + b->off[i], b->len[i],
		    "", &ign) != 0;
	return NULL;
}

/* Reads up to BATCH entries, stopping at want. */
static int
read_batch(struct armor_stream *s, struct batch *b, uint32_t first,
    uint32_t want, const char *where, struct error *e)
{
	uint8_t lb[4];
	uint32_t len;
	struct cursor c;

	b->data.len = 0;
	b->first = first;
	for (b->n = 0; b->n < BATCH && first + b->n < want; b->n++) {
		if (armor_stream_read(s, lb, 4, e) != 0)
			goto truncated;
		c.p = lb;
		c.left = 4;
		cursor_u32(&c, &len);
		if (len > ENTRY_MAX)
			return error_set(e, EXIT_MALFORMED, "%s: entry %u is too "
			    "large", where, first + b->n);
		if (buf_reserve(&b->data, len) != 0)
			return error_set(e, EXIT_SYSTEM, "out of memory");
		b->off[b->n] = b->data.len;
		b->len[b->n] = len;
		if (armor_stream_read(s, b->data.data + b->data.len, len, e) != 0)
			goto truncated;
		b->data.len += len;
	}
	atomic_store(&b->next, 0);
	return 0;
truncated:
	/* the stream said why: bad base64, or the block ended early */
	if (e->status == EXIT_OK) {
		e->status = EXIT_MALFORMED;
		snprintf(e->msg, sizeof(e->msg), "archive truncated");
	}
	return error_prefix(e, "entry %u of %u", first + b->n, want);
}

/* Threads besides the main one: one per other core, or as many as
 * ADJUDICATOR_THREADS says in all (1: everything on one core). */
static int
workers_wanted(void)
{
	const char *env = getenv("ADJUDICATOR_THREADS");
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	char *end;

	if (env != NULL && *env != '\0') {
		n = strtol(env, &end, 10);
		if (*end != '\0' || n < 1)
			n = 1;
	}
	if (n < 2)
		return 0;
	return n - 1 > MAX_WORKERS ? MAX_WORKERS : (int)n - 1;
}

/* Starts checking a batch's signatures in the background. */
static int
start_checks(struct batch *b, pthread_t *t, int nw)
{
	int i, started = 0;

	for (i = 0; i < nw; i++)
		if (pthread_create(&t[i], NULL, check_worker, b) == 0)
			started++;
		else
			break;
	return started;
}

static void
finish_checks(struct batch *b, pthread_t *t, int started)
{
	int i;

	check_worker(b);	/* the main thread helps with what is left */
	for (i = 0; i < started; i++)
		pthread_join(t[i], NULL);
}

static int
summary(const struct match *m, uint32_t count, struct buf *out)
{
	struct game_result r;
	int k, first = 1;

	match_result(m, &r);
	buf_printf(out, "%s game %s\n", m->rules->name, m->game_hex);
	buf_adds(out, "seats:");
	for (k = 0; k < m->nseats; k++)
		buf_printf(out, " %s (%s)", m->seat[k].name,
		    m->seat[k].key.idhex);
	if (m->judge_mode)
		buf_printf(out, "; judge %s (%s)", m->judge.name,
		    m->judge.idhex);
	buf_printf(out, "\nentries: %u, every signature, the hash chain, the "
	    "turn order, every opening and every action check out\n", count);
	if (r.draw)
		return buf_printf(out, "result: draw (%s)\n", r.why);
	buf_adds(out, "result: ");
	for (k = 0; k < m->nseats; k++)
		if (r.winner[k]) {
			buf_printf(out, "%s%s", first ? "" : " and ",
			    m->seat[k].name);
			first = 0;
		}
	return buf_printf(out, " won (%s)\n", r.why);
}

int
cmd_verify(int argc, char **argv, struct error *e)
{
	const char *in = NULL;
	FILE *f;
	struct armor_stream *s = NULL;
	struct match *m = NULL;
	struct batch *b[2] = { NULL, NULL }, *cur, *nxt;
	pthread_t t[MAX_WORKERS];
	uint8_t hdr[8], cb[4];
	uint32_t count, i;
	struct cursor c;
	char where[64];
	struct buf out;
	int rc = -1, bad = -1, nw, started = 0, k;

	if (argc > 2 || (argc == 2 && argv[1][0] == '-' && argv[1][1] != '\0'))
		return cli_usage(e);
	if (argc == 2)
		in = argv[1];
	if (in == NULL || strcmp(in, "-") == 0)
		f = stdin;
	else if ((f = fopen(in, "r")) == NULL)
		return error_errno(e, "%s", in);
	buf_init(&out);
	if ((s = armor_stream_open(f, ARMOR_ARCHIVE, fsio_name(in), e)) == NULL)
		goto done;
	for (k = 0; k < 2; k++) {
		if ((b[k] = calloc(1, sizeof(*b[k]))) == NULL) {
			error_set(e, EXIT_SYSTEM, "out of memory");
			goto done;
		}
		buf_init(&b[k]->data);
	}
	if (armor_stream_read(s, hdr, sizeof(hdr), e) != 0 ||
	    armor_stream_read(s, cb, 4, e) != 0) {
		if (e->status == EXIT_OK)
			error_set(e, EXIT_MALFORMED, "%s: archive truncated",
			    fsio_name(in));
		goto done;
	}
	c.p = cb;
	c.left = 4;
	cursor_u32(&c, &count);
	if (memcmp(hdr, "ADJA", 4) != 0 || hdr[4] != 1 || hdr[5] != 0 ||
	    hdr[6] != 0 || hdr[7] != 0) {
		error_set(e, EXIT_MALFORMED, "%s: not an adjudicator archive",
		    fsio_name(in));
		goto done;
	}
	if (count == 0) {
		error_set(e, EXIT_MALFORMED, "%s: empty archive", fsio_name(in));
		goto done;
	}
	nw = workers_wanted();
	cur = b[0];
	nxt = b[1];
	if (read_batch(s, cur, 0, count, fsio_name(in), e) != 0)
		goto done;
	started = start_checks(cur, t, nw);
	finish_checks(cur, t, started);
	started = 0;
	for (;;) {
		/* check the next batch while this one is applied */
		nxt->n = 0;
		if (cur->first + cur->n < count) {
			if (read_batch(s, nxt, cur->first + cur->n, count,
			    fsio_name(in), e) != 0)
				goto done;
			started = start_checks(nxt, t, nw);
		}
		for (i = 0; i < cur->n; i++) {
			const uint8_t *blob = cur->data.data + cur->off[i];
			uint32_t seq = cur->first + i;

			snprintf(where, sizeof(where), "seq %u", seq);
			if (cur->bad[i]) {
				error_set(e, EXIT_REFUSED, "%s: bad signature",
				    where);
				goto stop;
			}
			if (seq == 0) {
				if ((m = match_from_header(blob, cur->len[i],
				    where, e)) == NULL)
					goto stop;
				m->verifying = 1;
				continue;
			}
			if (match_apply_checked(m, blob, cur->len[i], where,
			    &bad, e) != 0) {
				if (bad >= 0) {
					size_t l = strlen(e->msg);

					snprintf(e->msg + l, sizeof(e->msg) - l,
					    bad == MATCH_JUDGE ? "; the judge "
					    "lied" : "; %s cheated and loses",
					    match_author_name(m, bad));
				}
				goto stop;
			}
		}
		if (nxt->n == 0)
			break;
		finish_checks(nxt, t, started);
		started = 0;
		cur = nxt;
		nxt = cur == b[0] ? b[1] : b[0];
	}
	if (armor_stream_end(s, e) != 0)
		goto done;
	if (match_audit(m, e) != 0)
		goto done;
	summary(m, count, &out);
	rc = fsio_write_stdout(out.data, out.len, e);
	goto done;
stop:
	if (started > 0)
		finish_checks(nxt, t, started);
done:
	for (k = 0; k < 2; k++)
		if (b[k] != NULL) {
			buf_free(&b[k]->data);
			free(b[k]);
		}
	match_free(m);
	armor_stream_close(s);
	buf_free(&out);
	if (f != stdin)
		fclose(f);
	return rc;
}
