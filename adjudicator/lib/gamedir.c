/*
 * The game directory.  Loading replays every stored entry through the
 * match, so the state can never disagree with the transcript.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fsio.h"
#include "gamedir.h"
#include "ydoc.h"

/* GAMEDIR/dir/NNNNNN[ext] */
static int
sub(char *out, size_t len, const struct gamedir *g, const char *dir,
    unsigned long long n, const char *ext)
{
	return (size_t)snprintf(out, len, "%s/%s/%06llu%s", g->path, dir, n,
	    ext) >= len ? -1 : 0;
}

int
gamedir_create(const char *path, const uint8_t *header, size_t len,
    const char *seat, const char *keypath, struct error *e)
{
	struct gamedir g;
	struct buf b;
	struct ydoc_writer *w;
	char p[PATH_MAX], abskey[PATH_MAX];
	const char *subs[] = { "transcript", "outbox", "inbox" };
	size_t i;

	memset(&g, 0, sizeof(g));
	if ((size_t)snprintf(g.path, sizeof(g.path), "%s", path) >=
	    sizeof(g.path))
		return error_set(e, EXIT_USAGE, "%s: path too long", path);
	if (mkdir(path, 0700) != 0) {
		if (errno == EEXIST)
			return error_set(e, EXIT_REFUSED, "%s: already exists; "
			    "a game directory is created by join", path);
		return error_errno(e, "%s", path);
	}
	for (i = 0; i < sizeof(subs) / sizeof(subs[0]); i++) {
		snprintf(p, sizeof(p), "%s/%s", path, subs[i]);
		if (fsio_mkdir(p, 0700, e) != 0)
			return -1;
	}
	if (realpath(keypath, abskey) == NULL)
		return error_errno(e, "%s", keypath);
	buf_init(&b);
	if ((w = ydoc_writer_new(&b)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	ydoc_map_begin(w);
	ydoc_kv(w, "seat", seat);
	ydoc_kv(w, "key", abskey);
	ydoc_map_end(w);
	if (ydoc_writer_end(w) != 0) {
		buf_free(&b);
		return error_set(e, EXIT_SYSTEM, "out of memory");
	}
	snprintf(p, sizeof(p), "%s/seat", path);
	if (fsio_write_atomic(p, b.data, b.len, 0600, e) != 0) {
		buf_free(&b);
		return -1;
	}
	buf_free(&b);
	if (sub(p, sizeof(p), &g, "transcript", 0, "") != 0)
		return error_set(e, EXIT_USAGE, "%s: path too long", path);
	return fsio_write_atomic(p, header, len, 0600, e);
}

static int
load_seat(struct gamedir *g, struct error *e)
{
	static const char *const keys[] = { "seat", "key", NULL };
	struct buf b;
	struct ydoc *doc;
	char p[PATH_MAX];
	const char *s, *k;
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
	if (ydoc_check_keys(doc, keys, keys, p, e) != 0 ||
	    (s = ydoc_scalar(doc, "seat", p, e)) == NULL ||
	    (k = ydoc_scalar(doc, "key", p, e)) == NULL)
		goto done;
	snprintf(g->seat, sizeof(g->seat), "%.32s", s);
	snprintf(g->keypath, sizeof(g->keypath), "%s", k);
	rc = 0;
done:
	ydoc_free(doc);
	buf_free(&b);
	return rc;
}

/*
 * A secret file holds one seat's setup with its nonces: this seat's own
 * (GAMEDIR/secret), or, for the judge, each seat's (GAMEDIR/openings/SEAT).
 */
static int
read_secret(const char *p, const struct match_seat *seat,
    struct match_secret **out, struct error *e)
{
	static const char *const keys[] = { "pieces", NULL };
	static const char *const pkeys[] = { "piece", "value", "nonce", NULL };
	struct buf b;
	struct ydoc *doc = NULL, *list, *n;
	struct match_secret *s = NULL;
	const char *id, *v, *nonce;
	size_t i;
	int rc = -1;

	buf_init(&b);
	if (fsio_read(p, 65536, &b, e) != 0)
		goto done;
	if ((doc = ydoc_parse(b.data, b.len, p, e)) == NULL)
		goto done;
	if (ydoc_check_keys(doc, keys, keys, p, e) != 0)
		goto done;
	list = ydoc_get(doc, "pieces");
	if (ydoc_expect(list, YDOC_SEQ, "pieces", p, e) != 0)
		goto done;
	if ((int)list->nkids != seat->pieces.n) {
		error_set(e, EXIT_MALFORMED, "%s: %zu pieces, the game has %d",
		    p, list->nkids, seat->pieces.n);
		goto done;
	}
	if ((s = sec_malloc(sizeof(*s))) == NULL) {
		error_set(e, EXIT_SYSTEM, "out of memory");
		goto done;
	}
	memset(s, 0, sizeof(*s));
	s->setup.n = seat->pieces.n;
	for (i = 0; i < list->nkids; i++) {
		n = list->kids[i];
		if (ydoc_check_keys(n, pkeys, pkeys, p, e) != 0 ||
		    (id = ydoc_scalar(n, "piece", p, e)) == NULL ||
		    (v = ydoc_scalar(n, "value", p, e)) == NULL ||
		    (nonce = ydoc_scalar(n, "nonce", p, e)) == NULL)
			goto done;
		if (strcmp(id, seat->pieces.id[i]) != 0 ||
		    strlen(v) >= GAME_VALUE ||
		    sec_unhex(s->nonce[i], COMMIT_NONCE, nonce) != 0) {
			error_set(e, EXIT_MALFORMED, "%s:%u: bad piece entry", p,
			    n->line);
			goto done;
		}
		snprintf(s->setup.id[i], GAME_ID, "%s", id);
		snprintf(s->setup.value[i], GAME_VALUE, "%s", v);
	}
	*out = s;
	s = NULL;
	rc = 0;
done:
	if (s != NULL) {
		sec_wipe(s, sizeof(*s));
		sec_free(s);
	}
	ydoc_free(doc);
	buf_free(&b);
	return rc;
}

static int
load_secret(struct gamedir *g, struct error *e)
{
	char p[PATH_MAX];
	int i;

	if (g->me == MATCH_JUDGE) {
		for (i = 0; i < g->m->nseats; i++) {
			snprintf(p, sizeof(p), "%s/openings/%s", g->path,
			    g->m->seat[i].name);
			if (!fsio_exists(p))
				continue;
			if (read_secret(p, &g->m->seat[i], &g->all[i], e) != 0)
				return -1;
			g->m->local[i] = &g->all[i]->setup;
		}
		return 0;
	}
	snprintf(p, sizeof(p), "%s/secret", g->path);
	if (!fsio_exists(p))
		return 0;
	if (read_secret(p, &g->m->seat[g->me], &g->secret, e) != 0)
		return -1;
	g->m->local[g->me] = &g->secret->setup;
	return 0;
}

/* Openings a seat received privately: GAMEDIR/private/SEAT.PIECE */
static int
load_private(struct gamedir *g, struct error *e)
{
	static const char *const keys[] = { "seat", "piece", "value", "nonce",
	    NULL };
	char p[PATH_MAX];
	DIR *d;
	struct dirent *de;
	struct buf b;
	struct ydoc *doc;
	const char *seat, *id, *v, *nonce;
	uint8_t n[COMMIT_NONCE];
	int rc = 0;

	snprintf(p, sizeof(p), "%s/private", g->path);
	if ((d = opendir(p)) == NULL)
		return 0;
	buf_init(&b);
	while (rc == 0 && (de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(p, sizeof(p), "%s/private/%.48s", g->path,
		    de->d_name);
		b.len = 0;
		if (fsio_read(p, 4096, &b, e) != 0 ||
		    (doc = ydoc_parse(b.data, b.len, p, e)) == NULL) {
			rc = -1;
			break;
		}
		if (ydoc_check_keys(doc, keys, keys, p, e) != 0 ||
		    (seat = ydoc_scalar(doc, "seat", p, e)) == NULL ||
		    (id = ydoc_scalar(doc, "piece", p, e)) == NULL ||
		    (v = ydoc_scalar(doc, "value", p, e)) == NULL ||
		    (nonce = ydoc_scalar(doc, "nonce", p, e)) == NULL ||
		    sec_unhex(n, sizeof(n), nonce) != 0 ||
		    match_learn(g->m, match_seat_by_name(g->m, seat), id, v, n,
		    e) != 0)
			rc = -1;
		ydoc_free(doc);
	}
	closedir(d);
	buf_free(&b);
	if (rc != 0)
		error_prefix(e, "%s", p);
	return rc;
}

int
gamedir_save_private(struct gamedir *g, int seat, const char *id,
    const char *value, const uint8_t nonce[COMMIT_NONCE], struct error *e)
{
	struct buf b;
	struct ydoc_writer *w;
	char p[PATH_MAX], hex[2 * COMMIT_NONCE + 1];
	int rc;

	snprintf(p, sizeof(p), "%s/private", g->path);
	if (fsio_mkdir(p, 0700, e) != 0)
		return -1;
	snprintf(p, sizeof(p), "%s/private/%.32s.%.8s", g->path,
	    g->m->seat[seat].name, id);
	sec_hex(hex, sizeof(hex), nonce, COMMIT_NONCE);
	buf_init(&b);
	if ((w = ydoc_writer_new(&b)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	ydoc_map_begin(w);
	ydoc_kv(w, "seat", g->m->seat[seat].name);
	ydoc_kv(w, "piece", id);
	ydoc_kv(w, "value", value);
	ydoc_kv(w, "nonce", hex);
	ydoc_map_end(w);
	if (ydoc_writer_end(w) != 0) {
		buf_free(&b);
		return error_set(e, EXIT_SYSTEM, "out of memory");
	}
	rc = fsio_write_atomic(p, b.data, b.len, 0600, e);
	buf_free(&b);
	return rc;
}

uint64_t
gamedir_sent(const struct gamedir *g, int seat)
{
	char p[PATH_MAX];
	struct buf b;
	struct error e;
	unsigned long long n = 0;

	snprintf(p, sizeof(p), "%s/sent/%.32s", g->path, g->m->seat[seat].name);
	buf_init(&b);
	if (fsio_exists(p) && fsio_read(p, 64, &b, &e) == 0 &&
	    sscanf((char *)b.data, "%llu", &n) != 1)
		n = 0;
	buf_free(&b);
	return n;
}

int
gamedir_set_sent(struct gamedir *g, int seat, uint64_t seq, struct error *e)
{
	char p[PATH_MAX], num[32];

	snprintf(p, sizeof(p), "%s/sent", g->path);
	if (fsio_mkdir(p, 0700, e) != 0)
		return -1;
	snprintf(p, sizeof(p), "%s/sent/%.32s", g->path, g->m->seat[seat].name);
	snprintf(num, sizeof(num), "%llu\n", (unsigned long long)seq);
	return fsio_write_atomic(p, num, strlen(num), 0600, e);
}

int
gamedir_entry(const struct gamedir *g, uint64_t seq, struct buf *b,
    struct error *e)
{
	char p[PATH_MAX];

	if (sub(p, sizeof(p), g, "transcript", seq, "") != 0)
		return error_set(e, EXIT_USAGE, "path too long");
	return fsio_read(p, FSIO_MAX_INPUT, b, e);
}

int
gamedir_open(const char *path, struct gamedir *g, struct error *e)
{
	struct buf b;
	char where[PATH_MAX + 32];
	uint64_t seq;

	memset(g, 0, sizeof(*g));
	g->me = -1;
	if ((size_t)snprintf(g->path, sizeof(g->path), "%s", path) >=
	    sizeof(g->path))
		return error_set(e, EXIT_USAGE, "%s: path too long", path);
	if (load_seat(g, e) != 0)
		return -1;
	buf_init(&b);
	if (gamedir_entry(g, 0, &b, e) != 0)
		goto fail;
	snprintf(where, sizeof(where), "%s/transcript/000000", path);
	if ((g->m = match_from_header(b.data, b.len, where, e)) == NULL)
		goto fail;
	g->me = match_seat_by_name(g->m, g->seat);
	if (g->me < 0) {
		error_set(e, EXIT_MALFORMED, "%s: seat %s is not in the game",
		    path, g->seat);
		goto fail;
	}
	g->m->me = g->me;
	for (seq = 1;; seq++) {
		char p[PATH_MAX];

		if (sub(p, sizeof(p), g, "transcript", seq, "") != 0 ||
		    !fsio_exists(p))
			break;
		b.len = 0;
		if (fsio_read(p, FSIO_MAX_INPUT, &b, e) != 0)
			goto fail;
		if (match_apply(g->m, b.data, b.len, p, NULL, e) != 0)
			goto fail;
	}
	if (load_secret(g, e) != 0 || load_private(g, e) != 0)
		goto fail;
	buf_free(&b);
	return 0;
fail:
	buf_free(&b);
	gamedir_close(g);
	return -1;
}

static void
secret_free(struct match_secret *s)
{
	if (s != NULL) {
		sec_wipe(s, sizeof(*s));
		sec_free(s);
	}
}

void
gamedir_close(struct gamedir *g)
{
	int i;

	match_free(g->m);
	g->m = NULL;
	secret_free(g->secret);
	g->secret = NULL;
	for (i = 0; i < GAME_MAX_SEATS; i++) {
		secret_free(g->all[i]);
		g->all[i] = NULL;
	}
}

int
gamedir_save_secret(struct gamedir *g, int seat, const struct match_secret *s,
    struct error *e)
{
	struct buf b;
	struct ydoc_writer *w;
	char p[PATH_MAX], hex[2 * COMMIT_NONCE + 1];
	int i, rc;

	if (g->me == MATCH_JUDGE) {
		snprintf(p, sizeof(p), "%s/openings", g->path);
		if (fsio_mkdir(p, 0700, e) != 0)
			return -1;
		snprintf(p, sizeof(p), "%s/openings/%.32s", g->path,
		    g->m->seat[seat].name);
	} else
		snprintf(p, sizeof(p), "%s/secret", g->path);
	buf_init(&b);
	if ((w = ydoc_writer_new(&b)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	ydoc_map_begin(w);
	ydoc_key(w, "pieces");
	ydoc_seq_begin(w, 0);
	for (i = 0; i < s->setup.n; i++) {
		sec_hex(hex, sizeof(hex), s->nonce[i], COMMIT_NONCE);
		ydoc_map_begin(w);
		ydoc_kv(w, "piece", s->setup.id[i]);
		ydoc_kv(w, "value", s->setup.value[i]);
		ydoc_kv(w, "nonce", hex);
		ydoc_map_end(w);
	}
	ydoc_seq_end(w);
	ydoc_map_end(w);
	if (ydoc_writer_end(w) != 0) {
		buf_free(&b);
		return error_set(e, EXIT_SYSTEM, "out of memory");
	}
	rc = fsio_write_excl(p, b.data, b.len, 0600, e);
	sec_wipe(hex, sizeof(hex));
	buf_free(&b);
	return rc;
}

int
gamedir_store(struct gamedir *g, uint64_t seq, const uint8_t *blob,
    size_t len, const void *msg, size_t msglen, struct error *e)
{
	char p[PATH_MAX];

	if (msg != NULL) {
		if (sub(p, sizeof(p), g, "outbox", seq, ".msg") != 0)
			return error_set(e, EXIT_USAGE, "path too long");
		if (fsio_write_atomic(p, msg, msglen, 0600, e) != 0)
			return -1;
	}
	if (blob == NULL)
		return 0;
	if (sub(p, sizeof(p), g, "transcript", seq, "") != 0)
		return error_set(e, EXIT_USAGE, "path too long");
	return fsio_write_atomic(p, blob, len, 0600, e);
}

int
gamedir_inbox_put(struct gamedir *g, uint64_t seq, const uint8_t *blob,
    size_t len, struct error *e)
{
	char p[PATH_MAX];

	if (sub(p, sizeof(p), g, "inbox", seq, "") != 0)
		return error_set(e, EXIT_USAGE, "path too long");
	return fsio_write_atomic(p, blob, len, 0600, e);
}

int
gamedir_inbox_get(struct gamedir *g, uint64_t seq, struct buf *b)
{
	char p[PATH_MAX];
	struct error e;

	if (sub(p, sizeof(p), g, "inbox", seq, "") != 0 || !fsio_exists(p))
		return -1;
	return fsio_read(p, FSIO_MAX_INPUT, b, &e);
}

void
gamedir_inbox_drop(struct gamedir *g, uint64_t seq)
{
	char p[PATH_MAX];

	if (sub(p, sizeof(p), g, "inbox", seq, "") == 0)
		unlink(p);
}

int
gamedir_outbox(const struct gamedir *g, uint64_t seq, struct buf *b,
    struct error *e)
{
	char p[PATH_MAX];

	if (sub(p, sizeof(p), g, "outbox", seq, ".msg") != 0)
		return error_set(e, EXIT_USAGE, "path too long");
	if (!fsio_exists(p))
		return error_set(e, EXIT_USAGE, "%s sent no message with seq "
		    "%llu", g->seat, (unsigned long long)seq);
	return fsio_read(p, FSIO_MAX_INPUT, b, e);
}

uint64_t
gamedir_last_sent(const struct gamedir *g)
{
	char p[PATH_MAX];
	DIR *d;
	struct dirent *de;
	unsigned long long n, best = 0;

	snprintf(p, sizeof(p), "%s/outbox", g->path);
	if ((d = opendir(p)) == NULL)
		return 0;
	while ((de = readdir(d)) != NULL)
		if (sscanf(de->d_name, "%llu.msg", &n) == 1 && n > best)
			best = n;
	closedir(d);
	return best;
}
