/*
 * The older game directory, imported into a journal.  See legacy.h.
 *
 *   transcript/NNNNNN   each entry      -> ENTRY records
 *   outbox/NNNNNN.msg   messages sent   -> OUTBOX
 *   secret, openings/S  setups          -> SECRET (first, as a setup's
 *                                          secret precedes its entry)
 *   private/S.P         one opening     -> PRIVATE
 *   sent/S              "N"             -> SENT
 *   inbox/NNNNNN        an early entry  -> EARLY (a judge's holds the
 *                                          seat's whole message)
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fsio.h"
#include "journal.h"
#include "legacy.h"
#include "match.h"
#include "opening.h"
#include "transcript.h"
#include "ydoc.h"

#define KEYLEN	32

struct import {
	const char	*dir;
	struct journal	 j;
	struct match	*m;
	char		 path[4200];
};

static int
file(struct import *im, const char *name, struct buf *b, struct error *e)
{
	snprintf(im->path, sizeof(im->path), "%s/%s", im->dir, name);
	if (!fsio_exists(im->path))
		return 1;
	b->len = 0;
	return fsio_read(im->path, FSIO_MAX_INPUT, b, e);
}

/* Whose copy: the seat file's "seat". */
static int
whose(struct import *im, struct error *e)
{
	struct ydoc *doc;
	struct buf b;
	const char *s;
	int seat = -1;

	buf_init(&b);
	if (file(im, "seat", &b, e) == 0 &&
	    (doc = ydoc_parse(b.data, b.len, im->path, e)) != NULL) {
		if ((s = ydoc_scalar(doc, "seat", im->path, e)) != NULL)
			seat = match_seat_by_name(im->m, s);
		ydoc_free(doc);
	}
	buf_free(&b);
	return seat;
}

/* a seat's own setup, or the judge's copy of each seat's */
static int
secrets(struct import *im, struct error *e)
{
	struct buf b;
	char name[64];
	int s, rc = 0, me = whose(im, e);

	buf_init(&b);
	if (me >= 0 && me < im->m->nseats &&
	    (rc = file(im, "secret", &b, e)) == 0)
		rc = journal_add(&im->j, JOURNAL_SECRET, (uint64_t)me, b.data,
		    b.len, e);
	for (s = 0; rc >= 0 && s < im->m->nseats; s++) {
		snprintf(name, sizeof(name), "openings/%s", im->m->seat[s].name);
		if ((rc = file(im, name, &b, e)) == 0)
			rc = journal_add(&im->j, JOURNAL_SECRET, (uint64_t)s,
			    b.data, b.len, e);
	}
	buf_free(&b);
	return rc < 0 ? -1 : 0;
}

static int
entries(struct import *im, struct error *e)
{
	struct buf b;
	char name[64];
	uint64_t n;
	int rc = 0;

	buf_init(&b);
	for (n = 0; rc == 0; n++) {
		snprintf(name, sizeof(name), "transcript/%06llu",
		    (unsigned long long)n);
		if ((rc = file(im, name, &b, e)) == 0)
			rc = journal_add(&im->j, JOURNAL_ENTRY, n, b.data, b.len,
			    e);
	}
	buf_free(&b);
	return rc < 0 ? -1 : 0;
}

/* outbox/NNNNNN.msg: the seqs a seat sent, not every one. */
static int
outbox(struct import *im, struct error *e)
{
	struct dirent *de;
	unsigned long long n;
	struct buf b;
	char name[64], tail[8];
	DIR *d;
	int rc = 0;

	snprintf(im->path, sizeof(im->path), "%s/outbox", im->dir);
	if ((d = opendir(im->path)) == NULL)
		return 0;
	buf_init(&b);
	while (rc == 0 && (de = readdir(d)) != NULL) {
		if (sscanf(de->d_name, "%llu%7s", &n, tail) != 2 ||
		    strcmp(tail, ".msg") != 0)
			continue;
		snprintf(name, sizeof(name), "outbox/%.20s", de->d_name);
		if (file(im, name, &b, e) != 0 || journal_add(&im->j,
		    JOURNAL_OUTBOX, n, b.data, b.len, e) != 0)
			rc = -1;
	}
	closedir(d);
	buf_free(&b);
	return rc;
}

/* private/S.P held one opening as a map: now a list of one. */
static int
privates(struct import *im, struct error *e)
{
	struct match_secret s;
	struct opening o;
	struct dirent *de;
	struct ydoc *doc;
	struct buf b, out;
	DIR *d;
	int rc = 0;

	snprintf(im->path, sizeof(im->path), "%s/private", im->dir);
	if ((d = opendir(im->path)) == NULL)
		return 0;
	buf_init(&b);
	buf_init(&out);
	while (rc == 0 && (de = readdir(d)) != NULL) {
		char name[300];

		if (de->d_name[0] == '.' || strstr(de->d_name, ".tmp") != NULL)
			continue;
		snprintf(name, sizeof(name), "private/%.250s", de->d_name);
		if (file(im, name, &b, e) != 0 ||
		    (doc = ydoc_parse(b.data, b.len, im->path, e)) == NULL) {
			rc = -1;
			break;
		}
		rc = opening_read(im->m, doc, &o, im->path, e);
		ydoc_free(doc);
		if (rc != 0)
			break;
		memset(&s, 0, sizeof(s));
		s.setup.n = 1;
		snprintf(s.setup.id[0], GAME_ID, "%s", o.id);
		snprintf(s.setup.value[0], GAME_VALUE, "%s", o.value);
		memcpy(s.nonce[0], o.nonce, COMMIT_NONCE);
		out.len = 0;
		rc = opening_list_write(im->m, o.seat, &s, &out, e) != 0 ||
		    journal_add(&im->j, JOURNAL_PRIVATE, (uint64_t)o.seat,
		    out.data, out.len, e) != 0 ? -1 : 0;
	}
	closedir(d);
	buf_free(&b);
	buf_free(&out);
	return rc;
}

static int
sent(struct import *im, struct error *e)
{
	struct transcript_sent ps;
	unsigned long long n;
	struct buf b;
	char name[64];
	int s, rc = 0;

	buf_init(&b);
	for (s = 0; rc == 0 && s < im->m->nseats; s++) {
		snprintf(name, sizeof(name), "sent/%s", im->m->seat[s].name);
		if ((rc = file(im, name, &b, e)) != 0) {
			rc = rc > 0 ? 0 : -1;
			continue;
		}
		memset(&ps, 0, sizeof(ps));
		if (sscanf((char *)b.data, "%llu", &n) == 1)
			ps.seq = n;
		rc = journal_add(&im->j, JOURNAL_SENT, (uint64_t)s, &ps,
		    sizeof(ps), e);
	}
	buf_free(&b);
	return rc;
}

/* The entry an early message holds: itself, or the seat's entry inside
 * the message a judge kept. */
static int
early_record(const struct buf *msg, struct buf *rec, struct error *e)
{
	struct envelope env;
	struct ydoc *doc;
	struct buf inner;
	int rc = -1;

	buf_init(&inner);
	if (envelope_parse(msg->data, msg->len, &env, "inbox", e) != 0 ||
	    (doc = ydoc_parse(env.body, env.body_len, "inbox", e)) == NULL)
		return -1;
	if (ydoc_get(doc, "entry") != NULL) {
		if (ydoc_base64(ydoc_get(doc, "entry"), "entry", &inner, "inbox",
		    e) != 0)
			goto done;
	} else if (buf_add(&inner, msg->data, msg->len) != 0)
		goto done;
	rc = buf_add_u32(rec, (uint32_t)inner.len) != 0 ||
	    buf_add(rec, inner.data, inner.len) != 0 ||
	    buf_add(rec, msg->data, msg->len) != 0 ? -1 : 0;
done:
	ydoc_free(doc);
	buf_free(&inner);
	return rc;
}

static int
inbox(struct import *im, struct error *e)
{
	struct dirent *de;
	struct buf b, rec;
	unsigned long long n;
	DIR *d;
	int rc = 0;

	snprintf(im->path, sizeof(im->path), "%s/inbox", im->dir);
	if ((d = opendir(im->path)) == NULL)
		return 0;
	buf_init(&b);
	buf_init(&rec);
	while (rc == 0 && (de = readdir(d)) != NULL) {
		char name[64];

		if (sscanf(de->d_name, "%llu", &n) != 1 ||
		    strspn(de->d_name, "0123456789") != strlen(de->d_name))
			continue;
		snprintf(name, sizeof(name), "inbox/%.20s", de->d_name);
		rec.len = 0;
		if (file(im, name, &b, e) != 0 || early_record(&b, &rec, e) != 0 ||
		    journal_add(&im->j, JOURNAL_EARLY, n, rec.data, rec.len,
		    e) != 0)
			rc = -1;
	}
	closedir(d);
	buf_free(&b);
	buf_free(&rec);
	return rc;
}

/* The older files go once the journal holds them. */
static void
sweep(const char *dir)
{
	static const char *const subs[] = { "transcript", "outbox", "inbox",
	    "private", "openings", "sent" };
	struct dirent *de;
	char p[4200];
	size_t i;
	DIR *d;

	for (i = 0; i < sizeof(subs) / sizeof(subs[0]); i++) {
		snprintf(p, sizeof(p), "%s/%s", dir, subs[i]);
		if ((d = opendir(p)) == NULL)
			continue;
		while ((de = readdir(d)) != NULL) {
			if (de->d_name[0] == '.')
				continue;
			snprintf(p, sizeof(p), "%s/%s/%.255s", dir, subs[i],
			    de->d_name);
			unlink(p);
		}
		closedir(d);
		snprintf(p, sizeof(p), "%s/%s", dir, subs[i]);
		rmdir(p);
	}
	snprintf(p, sizeof(p), "%s/secret", dir);
	unlink(p);
}

int
legacy_import(const char *dir, struct error *e)
{
	struct import im;
	struct buf h;
	uint8_t key[KEYLEN];
	int rc = -1;

	memset(&im, 0, sizeof(im));
	im.dir = dir;
	im.j.fd = im.j.idx_fd = -1;
	buf_init(&h);
	if (file(&im, "transcript/000000", &h, e) != 0) {
		if (e->status == EXIT_OK)
			error_set(e, EXIT_USAGE, "%s: not a game directory (no "
			    "journal)", dir);
		goto done;
	}
	if ((im.m = header_read(h.data, h.len, im.path, e)) == NULL ||
	    journal_open(&im.j, dir, 1, e) != 0)
		goto done;
	sec_random(key, sizeof(key));
	if (journal_add(&im.j, JOURNAL_KEY, 0, key, sizeof(key), e) != 0 ||
	    secrets(&im, e) != 0 ||
	    entries(&im, e) != 0 || outbox(&im, e) != 0 ||
	    privates(&im, e) != 0 || sent(&im, e) != 0 || inbox(&im, e) != 0 ||
	    journal_commit(&im.j, e) != 0)
		goto done;
	sweep(dir);
	rc = 0;
done:
	sec_wipe(key, sizeof(key));
	journal_close(&im.j);
	match_free(im.m);
	buf_free(&h);
	return rc;
}
