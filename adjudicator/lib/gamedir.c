/*
 * The game directory: a party's store on disk.  Opening it replays every
 * stored entry through the match, so the state can never disagree with
 * the transcript.  See gamedir.h.
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

#include "fsio.h"
#include "gamedir.h"
#include "ydoc.h"

#define SECRET_MAX	(256u * 1024)

/* GAMEDIR/dir/NNNNNN[ext] */
static int
sub(char *out, size_t len, const struct gamedir *g, const char *dir,
    unsigned long long n, const char *ext)
{
	return (size_t)snprintf(out, len, "%s/%s/%06llu%s", g->path, dir, n,
	    ext) >= len ? -1 : 0;
}

static int
too_long(struct error *e, const struct gamedir *g)
{
	return error_set(e, EXIT_USAGE, "%s: path too long", g->path);
}

/* --- the store --- */

static int
put_entry(void *arg, uint64_t seq, const uint8_t *blob, size_t len,
    const void *msg, size_t msglen, struct error *e)
{
	struct gamedir *g = arg;
	char p[PATH_MAX];

	/* the outbox first: a stored entry is always one we can resend */
	if (msg != NULL) {
		if (sub(p, sizeof(p), g, "outbox", seq, ".msg") != 0)
			return too_long(e, g);
		if (fsio_write_atomic(p, msg, msglen, 0600, e) != 0)
			return -1;
	}
	if (blob == NULL)
		return 0;
	if (sub(p, sizeof(p), g, "transcript", seq, "") != 0)
		return too_long(e, g);
	return fsio_write_atomic(p, blob, len, 0600, e);
}

static int
get_entry(void *arg, uint64_t seq, struct buf *b, struct error *e)
{
	const struct gamedir *g = arg;
	char p[PATH_MAX];

	if (sub(p, sizeof(p), g, "transcript", seq, "") != 0)
		return too_long(e, g);
	return fsio_read(p, FSIO_MAX_INPUT, b, e);
}

static int
put_early(void *arg, uint64_t seq, const uint8_t *rec, size_t len,
    struct error *e)
{
	struct gamedir *g = arg;
	char p[PATH_MAX];

	if (sub(p, sizeof(p), g, "inbox", seq, "") != 0)
		return too_long(e, g);
	return fsio_write_atomic(p, rec, len, 0600, e);
}

static int
get_early(void *arg, uint64_t seq, struct buf *b, struct error *e)
{
	struct gamedir *g = arg;
	char p[PATH_MAX];

	if (sub(p, sizeof(p), g, "inbox", seq, "") != 0)
		return too_long(e, g);
	if (!fsio_exists(p))
		return 1;
	return fsio_read(p, FSIO_MAX_INPUT, b, e);
}

static int
drop_early(void *arg, uint64_t seq, struct error *e)
{
	struct gamedir *g = arg;
	char p[PATH_MAX];

	if (sub(p, sizeof(p), g, "inbox", seq, "") != 0)
		return too_long(e, g);
	if (unlink(p) != 0 && errno != ENOENT)
		return error_errno(e, "%s", p);
	return 0;
}

static int
secret_path(const struct gamedir *g, int seat, char *p, size_t len,
    struct error *e)
{
	if (g->party.me == GAME_JUDGE) {
		snprintf(p, len, "%s/openings", g->path);
		if (fsio_mkdir(p, 0700, e) != 0)
			return -1;
		snprintf(p, len, "%s/openings/%.32s", g->path,
		    g->party.m->seat[seat].name);
	} else
		snprintf(p, len, "%s/secret", g->path);
	return 0;
}

static int
put_secret(void *arg, int seat, const struct match_secret *s, struct error *e)
{
	struct gamedir *g = arg;
	struct buf b;
	char p[PATH_MAX];
	int rc;

	if (secret_path(g, seat, p, sizeof(p), e) != 0)
		return -1;
	buf_init(&b);
	if (opening_list_write(g->party.m, seat, s, &b, e) != 0) {
		buf_free(&b);
		return -1;
	}
	rc = fsio_write_atomic(p, b.data, b.len, 0600, e);
	buf_free(&b);
	return rc;
}

static int
put_private(void *arg, const struct opening *o, struct error *e)
{
	struct gamedir *g = arg;
	struct match_secret s;
	struct buf b;
	char p[PATH_MAX];
	int rc;

	snprintf(p, sizeof(p), "%s/private", g->path);
	if (fsio_mkdir(p, 0700, e) != 0)
		return -1;
	snprintf(p, sizeof(p), "%s/private/%.32s.%.8s", g->path,
	    g->party.m->seat[o->seat].name, o->id);
	memset(&s, 0, sizeof(s));
	s.setup.n = 1;
	snprintf(s.setup.id[0], GAME_ID, "%s", o->id);
	snprintf(s.setup.value[0], GAME_VALUE, "%s", o->value);
	memcpy(s.nonce[0], o->nonce, COMMIT_NONCE);
	buf_init(&b);
	rc = opening_list_write(g->party.m, o->seat, &s, &b, e);
	if (rc == 0)
		rc = fsio_write_atomic(p, b.data, b.len, 0600, e);
	buf_free(&b);
	sec_wipe(&s, sizeof(s));
	return rc;
}

/* The updates kept for seat: how many there are. */
static uint64_t
count_updates(const struct gamedir *g, int seat)
{
	char p[PATH_MAX];
	uint64_t n = 0;

	for (;;) {
		snprintf(p, sizeof(p), "%s/updates/%.32s/%06llu", g->path,
		    g->party.m->seat[seat].name, (unsigned long long)n + 1);
		if (!fsio_exists(p))
			return n;
		n++;
	}
}

static int
count_updates_op(void *arg, int seat, uint64_t *n, struct error *e)
{
	(void)e;
	*n = count_updates(arg, seat);
	return 0;
}

static int
get_update(void *arg, int seat, uint64_t k, struct buf *b, struct error *e)
{
	const struct gamedir *g = arg;
	char p[PATH_MAX];

	snprintf(p, sizeof(p), "%s/updates/%.32s/%06llu", g->path,
	    g->party.m->seat[seat].name, (unsigned long long)k);
	return fsio_read(p, FSIO_MAX_INPUT, b, e);
}

static int
put_update(void *arg, int seat, const uint8_t *blob, size_t len,
    struct error *e)
{
	struct gamedir *g = arg;
	char p[PATH_MAX];

	snprintf(p, sizeof(p), "%s/updates", g->path);
	if (fsio_mkdir(p, 0700, e) != 0)
		return -1;
	snprintf(p, sizeof(p), "%s/updates/%.32s", g->path,
	    g->party.m->seat[seat].name);
	if (fsio_mkdir(p, 0700, e) != 0)
		return -1;
	snprintf(p, sizeof(p), "%s/updates/%.32s/%06llu", g->path,
	    g->party.m->seat[seat].name,
	    (unsigned long long)count_updates(g, seat) + 1);
	return fsio_write_atomic(p, blob, len, 0600, e);
}

static int
put_sent(void *arg, int seat, const struct party_sent *s, struct error *e)
{
	struct gamedir *g = arg;
	const struct match *m = g->party.m;
	struct buf b;
	char p[PATH_MAX];
	int o, i, rc;

	snprintf(p, sizeof(p), "%s/sent", g->path);
	if (fsio_mkdir(p, 0700, e) != 0)
		return -1;
	snprintf(p, sizeof(p), "%s/sent/%.32s", g->path, m->seat[seat].name);
	buf_init(&b);
	buf_printf(&b, "%llu\n", (unsigned long long)s->seq);
	for (o = 0; o < m->nseats; o++)
		for (i = 0; i < m->seat[o].pieces.n; i++)
			if (s->shown[o][i])
				buf_printf(&b, "%s %s\n", m->seat[o].name,
				    m->seat[o].pieces.id[i]);
	rc = fsio_write_atomic(p, b.data, b.len, 0600, e);
	buf_free(&b);
	return rc;
}

static const struct party_store disk = {
	.put_entry = put_entry,
	.get_entry = get_entry,
	.put_early = put_early,
	.get_early = get_early,
	.drop_early = drop_early,
	.put_secret = put_secret,
	.put_private = put_private,
	.put_update = put_update,
	.count_updates = count_updates_op,
	.get_update = get_update,
	.put_sent = put_sent,
};

/* --- creating and opening --- */

int
gamedir_create(const char *path, const uint8_t *header, size_t len,
    const char *seat, const char *keypath, struct error *e)
{
	struct gamedir g;
	struct buf b;
	struct ydoc_writer *w;
	char p[PATH_MAX], abskey[PATH_MAX];
	const char *subs[] = { "transcript", "outbox", "inbox" };
	int fd;
	size_t i;

	memset(&g, 0, sizeof(g));
	if ((size_t)snprintf(g.path, sizeof(g.path), "%s", path) >=
	    sizeof(g.path))
		return error_set(e, EXIT_USAGE, "%s: path too long", path);
	if (realpath(keypath, abskey) == NULL)
		return error_errno(e, "%s", keypath);
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
	/* the lock exists from the start: using it changes nothing */
	snprintf(p, sizeof(p), "%s/lock", path);
	if ((fd = open(p, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600)) < 0) {
		buf_free(&b);
		return error_errno(e, "%s", p);
	}
	close(fd);
	/* the header first: a directory with a seat file is complete */
	if (sub(p, sizeof(p), &g, "transcript", 0, "") != 0 ||
	    fsio_write_atomic(p, header, len, 0600, e) != 0) {
		buf_free(&b);
		return -1;
	}
	snprintf(p, sizeof(p), "%s/seat", path);
	if (fsio_write_atomic(p, b.data, b.len, 0600, e) != 0) {
		buf_free(&b);
		return -1;
	}
	buf_free(&b);
	return 0;
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

static int
read_secret(const struct gamedir *g, const char *p, int seat,
    struct match_secret **out, struct error *e)
{
	struct buf b;
	int rc;

	buf_init(&b);
	rc = fsio_read(p, SECRET_MAX, &b, e);
	if (rc == 0)
		rc = opening_list_read(g->party.m, seat, b.data, b.len, p, out,
		    e);
	buf_free(&b);
	return rc;
}

/* Secrets before the replay: spy sight is tracked for a viewer whose
 * secret this copy knows. */
static int
load_secrets(struct gamedir *g, struct error *e)
{
	struct party *pa = &g->party;
	char p[PATH_MAX];
	int i;

	if (pa->me == GAME_JUDGE) {
		for (i = 0; i < pa->m->nseats; i++) {
			snprintf(p, sizeof(p), "%s/openings/%s", g->path,
			    pa->m->seat[i].name);
			if (!fsio_exists(p))
				continue;
			if (read_secret(g, p, i, &pa->all[i], e) != 0)
				return -1;
			pa->m->local[i] = &pa->all[i]->setup;
		}
		return 0;
	}
	snprintf(p, sizeof(p), "%s/secret", g->path);
	if (!fsio_exists(p))
		return 0;
	if (read_secret(g, p, pa->me, &pa->secret, e) != 0)
		return -1;
	pa->m->local[pa->me] = &pa->secret->setup;
	return 0;
}

/* Openings a seat received privately: GAMEDIR/private/SEAT.PIECE */
static int
load_private(struct gamedir *g, struct error *e)
{
	struct match_secret *s = NULL;
	struct opening o;
	struct dirent *de;
	char p[PATH_MAX], name[64];
	DIR *d;
	int rc = 0, seat;

	snprintf(p, sizeof(p), "%s/private", g->path);
	if ((d = opendir(p)) == NULL)
		return 0;
	while (rc == 0 && (de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.' || strstr(de->d_name, ".tmp") != NULL)
			continue;
		snprintf(name, sizeof(name), "%.63s", de->d_name);
		name[strcspn(name, ".")] = '\0';
		seat = match_seat_by_name(g->party.m, name);
		snprintf(p, sizeof(p), "%s/private/%.48s", g->path, de->d_name);
		if (seat < 0 || seat >= g->party.m->nseats) {
			rc = error_set(e, EXIT_MALFORMED, "%s: no such seat", p);
			break;
		}
		if (read_secret(g, p, seat, &s, e) != 0)
			rc = -1;
		else {
			o.seat = seat;
			o.idx = match_piece_index(g->party.m, seat,
			    s->setup.id[0]);
			snprintf(o.id, sizeof(o.id), "%s", s->setup.id[0]);
			snprintf(o.value, sizeof(o.value), "%s",
			    s->setup.value[0]);
			memcpy(o.nonce, s->nonce[0], COMMIT_NONCE);
			if (o.idx < 0 || match_learn(g->party.m, &o, e) != 0)
				rc = error_prefix(e, "%s", p);
		}
		if (s != NULL) {
			sec_wipe(s, sizeof(*s));
			sec_free(s);
			s = NULL;
		}
	}
	closedir(d);
	return rc;
}

static int
load_sent(struct gamedir *g, struct error *e)
{
	struct party *pa = &g->party;
	const struct match *m = pa->m;
	char p[PATH_MAX], *line, *save, *sp;
	unsigned long long n;
	struct buf b;
	int s, o, i, rc = 0;

	for (s = 0; rc == 0 && s < m->nseats; s++) {
		snprintf(p, sizeof(p), "%s/sent/%.32s", g->path, m->seat[s].name);
		if (!fsio_exists(p))
			continue;
		buf_init(&b);
		if (fsio_read(p, 65536, &b, e) != 0) {
			buf_free(&b);
			return -1;
		}
		line = strtok_r((char *)b.data, "\n", &save);
		if (line == NULL || sscanf(line, "%llu", &n) != 1)
			rc = error_set(e, EXIT_MALFORMED, "%s: no seq", p);
		else
			pa->sent[s].seq = n;
		while (rc == 0 && (line = strtok_r(NULL, "\n", &save)) != NULL) {
			if ((sp = strchr(line, ' ')) == NULL) {
				rc = error_set(e, EXIT_MALFORMED, "%s: \"%.40s\"",
				    p, line);
				break;
			}
			*sp++ = '\0';
			o = match_seat_by_name(m, line);
			i = match_piece_index(m, o, sp);
			if (o < 0 || i < 0)
				rc = error_set(e, EXIT_MALFORMED, "%s: no piece "
				    "%.8s of %.32s", p, sp, line);
			else
				pa->sent[s].shown[o][i] = 1;
		}
		buf_free(&b);
	}
	return rc;
}

/* A judged seat: the updates it received, for the audit of the judge. */
static int
load_updates(struct gamedir *g, struct error *e)
{
	struct party *pa = &g->party;
	struct audit_update *u;
	struct buf b;
	char p[PATH_MAX];
	uint64_t n, k;
	int rc = 0;

	if (!pa->m->judge_mode || pa->me == GAME_JUDGE ||
	    (n = count_updates(g, pa->me)) == 0)
		return 0;
	if ((pa->updates = calloc(n, sizeof(*u))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	buf_init(&b);
	for (k = 0; rc == 0 && k < n; k++) {
		snprintf(p, sizeof(p), "%s/updates/%.32s/%06llu", g->path,
		    g->seat, (unsigned long long)k + 1);
		b.len = 0;
		if (fsio_read(p, FSIO_MAX_INPUT, &b, e) != 0 ||
		    party_update_read(pa->m, pa->me, b.data, b.len, p,
		    &pa->updates[k], e) != 0)
			rc = -1;
		else
			pa->nupdates++;
	}
	buf_free(&b);
	return rc;
}

static int
replay(struct gamedir *g, struct error *e)
{
	struct buf b;
	char p[PATH_MAX];
	uint64_t seq;
	int rc = 0;

	buf_init(&b);
	for (seq = 1; rc == 0; seq++) {
		if (sub(p, sizeof(p), g, "transcript", seq, "") != 0 ||
		    !fsio_exists(p))
			break;
		b.len = 0;
		if (fsio_read(p, FSIO_MAX_INPUT, &b, e) != 0 ||
		    match_apply(g->party.m, b.data, b.len, p, NULL, e) != 0)
			rc = -1;
	}
	buf_free(&b);
	return rc;
}

static int
take_lock(struct gamedir *g, enum gamedir_mode mode, struct error *e)
{
	char p[PATH_MAX];

	snprintf(p, sizeof(p), "%s/lock", g->path);
	g->lock = open(p, (mode == GAMEDIR_WRITE ? O_RDWR | O_CREAT :
	    O_RDONLY) | O_CLOEXEC, 0600);
	if (g->lock < 0 && mode == GAMEDIR_READ && errno == ENOENT)
		return 0;	/* never written: nothing to wait for */
	if (g->lock < 0)
		return error_errno(e, "%s", p);
	while (flock(g->lock, mode == GAMEDIR_WRITE ? LOCK_EX : LOCK_SH) != 0)
		if (errno != EINTR)
			return error_errno(e, "%s", p);
	return 0;
}

int
gamedir_open(const char *path, enum gamedir_mode mode, struct gamedir *g,
    const struct report *r, struct error *e)
{
	struct buf b;
	char where[PATH_MAX + 32];

	memset(g, 0, sizeof(*g));
	g->lock = -1;
	g->party.me = -1;
	g->party.store = &disk;
	g->party.arg = g;
	g->party.report = r;
	if ((size_t)snprintf(g->path, sizeof(g->path), "%s", path) >=
	    sizeof(g->path))
		return error_set(e, EXIT_USAGE, "%s: path too long", path);
	if (load_seat(g, e) != 0 || take_lock(g, mode, e) != 0)
		goto fail;
	buf_init(&b);
	snprintf(where, sizeof(where), "%s/transcript/000000", path);
	if (get_entry(g, 0, &b, e) != 0 ||
	    (g->party.m = header_read(b.data, b.len, where, e)) == NULL) {
		buf_free(&b);
		goto fail;
	}
	buf_free(&b);
	g->party.me = match_seat_by_name(g->party.m, g->seat);
	if (g->party.me < 0) {
		error_set(e, EXIT_MALFORMED, "%s: seat %s is not in the game",
		    path, g->seat);
		goto fail;
	}
	g->party.m->me = g->party.me;
	if (load_secrets(g, e) != 0 || load_sent(g, e) != 0 ||
	    replay(g, e) != 0 || load_private(g, e) != 0 ||
	    load_updates(g, e) != 0)
		goto fail;
	return 0;
fail:
	gamedir_close(g);
	return -1;
}

void
gamedir_close(struct gamedir *g)
{
	party_clear(&g->party);
	if (g->lock >= 0)
		close(g->lock);	/* and with it the lock */
	g->lock = -1;
}

int
gamedir_save_secret(struct gamedir *g, const struct match_secret *s,
    struct error *e)
{
	return put_secret(g, g->party.me, s, e);
}

int
gamedir_outbox(const struct gamedir *g, uint64_t seq, struct buf *b,
    struct error *e)
{
	char p[PATH_MAX];

	if (sub(p, sizeof(p), g, "outbox", seq, ".msg") != 0)
		return too_long(e, g);
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

int
gamedir_export(const struct gamedir *g, struct buf *out, struct error *e)
{
	return party_export(&g->party, 1, out, e);
}
