/*
 * Checkpoints.  See checkpoint.h.  The layout is this build's memory
 * layout (the build id says which): a checkpoint is a cache of derived
 * state, never exchanged, rebuilt whenever anything about it is off.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "checkpoint.h"
#include "match_int.h"

#ifndef ADJ_BUILD_ID
#define ADJ_BUILD_ID	"unknown"
#endif

#define MAGIC		"ADJC"
#define VERSION		4	/* 2: the secrets this copy holds; 3: the
				 * body's runs of zeros squeezed; 4: the
				 * conditions committed to */
#define MAX_ITEMS	1000000
#define RUN		16	/* zeros worth a count of their own */
#define MAX_BODY	(256u * 1024 * 1024)

/* The secret of seat s this copy holds: the judge's of every seat, a
 * seat's its own. */
static struct match_secret **
secret_slot(struct transcript *p, int s)
{
	if (p->me == GAME_JUDGE)
		return &p->all[s];
	return s == p->me ? &p->secret : NULL;
}

/* The bytes of field f of the match at offset at of b, zeroed. */
#define ZERO(b, at, f)	memset((b)->data + (at) + \
			    offsetof(struct match, f), 0, \
			    sizeof(((struct match *)0)->f))

/* n items of size bytes, each pointing (at offset at) to a state of ssize
 * bytes: the item, its pointer zeroed, then the state. */
static int
add_stated(struct buf *b, const void *items, size_t n, size_t size,
    size_t at, size_t ssize)
{
	const uint8_t *p = items;
	uint8_t *tmp;
	void *st;
	size_t i;
	int rc;

	rc = buf_add_u32(b, (uint32_t)n);
	if (n == 0)
		return rc;
	if ((tmp = malloc(size)) == NULL)
		return -1;
	for (i = 0; i < n; i++, p += size) {
		memcpy(tmp, p, size);
		memcpy(&st, p + at, sizeof(st));
		memset(tmp + at, 0, sizeof(st));
		rc |= buf_add_field(b, tmp, size);
		rc |= buf_add_field(b, st, ssize);
	}
	free(tmp);
	return rc;
}

static int
add_match(struct buf *b, const struct match *m)
{
	size_t at = b->len + 4;	/* after the field's length */
	int rc = 0;

	/* what points into this process is restored on reading: zeroed
	 * in the buffer (a copy of the match, 40 KiB, on the stack would
	 * touch ten pages of it) */
	rc |= buf_add_field(b, m, sizeof(*m));
	if (rc == 0) {
		ZERO(b, at, rules);
		ZERO(b, at, state);
		ZERO(b, at, checks);
		ZERO(b, at, cond_sent);
		ZERO(b, at, cond_waits);
		ZERO(b, at, local);
	}
	rc |= buf_add_field(b, m->state, m->rules->state_size);
	rc |= add_stated(b, m->checks, m->nchecks, sizeof(*m->checks),
	    offsetof(struct match_check, state), m->rules->state_size);
	rc |= buf_add_u32(b, (uint32_t)m->ncond_sent);
	if (m->ncond_sent > 0)
		rc |= buf_add_field(b, m->cond_sent, m->ncond_sent *
		    sizeof(*m->cond_sent));
	rc |= add_stated(b, m->cond_waits, m->ncond_waits,
	    sizeof(*m->cond_waits), offsetof(struct cond_wait, state),
	    m->rules->state_size);
	return rc;
}

static int
add_updates(struct buf *b, const struct transcript *p)
{
	return buf_add_u32(b, (uint32_t)p->nupdates) |
	    buf_add_field(b, p->updates, p->nupdates * sizeof(*p->updates));
}

static int
add_extra(struct buf *b, const struct checkpoint_extra *x)
{
	size_t i;
	int rc = 0, s;

	for (s = 0; s < GAME_MAX_SEATS; s++)
		rc |= buf_add_u64(b, x->secret[s]);
	rc |= buf_add_u64(b, x->last_out);
	rc |= buf_add_u32(b, (uint32_t)x->nearly);
	for (i = 0; i < x->nearly; i++) {
		rc |= buf_add_u64(b, x->early_seq[i]);
		rc |= buf_add_u64(b, x->early_off[i]);
	}
	rc |= buf_add_u32(b, (uint32_t)x->nupd);
	for (i = 0; i < x->nupd; i++) {
		rc |= buf_add_u32(b, (uint32_t)x->upd_seat[i]);
		rc |= buf_add_u64(b, x->upd_off[i]);
	}
	rc |= buf_add_u64(b, x->dups);
	return rc;
}

/*
 * The secrets, as this copy holds them, so that a command does not parse
 * and check each SECRET record again: a flag per seat, and the secret.
 * The checkpoint is the directory's like the journal that holds them
 * already; its buffers are wiped when freed (buf_free).
 */
static int
add_secrets(struct buf *b, const struct transcript *p)
{
	struct match_secret **slot;
	int rc = 0, s;

	for (s = 0; s < GAME_MAX_SEATS; s++) {
		slot = secret_slot((struct transcript *)p, s);
		rc |= buf_add_u32(b, slot != NULL && *slot != NULL);
		if (slot != NULL && *slot != NULL)
			rc |= buf_add_field(b, *slot, sizeof(**slot));
	}
	return rc;
}

/* --- the body's zeros --- */

/* Where the next RUN zeros (or the zeros that end the body) start, from
 * i, and how many there are: a word at a time where it can. */
static size_t
next_run(const uint8_t *p, size_t i, size_t n, size_t *zeros)
{
	uint64_t w;
	size_t j;

	for (;;) {
		while (i + 8 <= n && (memcpy(&w, p + i, 8), w != 0))
			i += 8;
		while (i < n && p[i] != 0)
			i++;
		if (i >= n) {
			*zeros = 0;
			return n;
		}
		for (j = i; j + 8 <= n && (memcpy(&w, p + j, 8), w == 0); j += 8)
			;
		while (j < n && p[j] == 0)
			j++;
		if (j - i >= RUN || j == n) {
			*zeros = j - i;
			return i;
		}
		i = j;
	}
}

/*
 * Most of a match is zeros (fixed arrays barely filled), so the body is
 * kept as pairs: a count of bytes as they are, those bytes, then a count
 * of zeros (each count a u32).  A judge's checkpoint is a tenth of its
 * size so, and the MAC over it costs a tenth.
 */
static int
squeeze(const uint8_t *p, size_t n, struct buf *out)
{
	size_t i = 0, at, zeros;
	int rc = 0;

	while (i < n && rc == 0) {
		at = next_run(p, i, n, &zeros);
		rc |= buf_add_u32(out, (uint32_t)(at - i));
		rc |= buf_add(out, p + i, at - i);
		rc |= buf_add_u32(out, (uint32_t)zeros);
		i = at + zeros;
	}
	return rc;
}

static int
unsqueeze(struct cursor c, struct buf *out)
{
	const uint8_t *q;
	uint32_t n, zeros;

	while (c.left > 0) {
		if (cursor_u32(&c, &n) != 0 || cursor_skip(&c, &q, n) != 0 ||
		    cursor_u32(&c, &zeros) != 0 ||
		    out->len + (size_t)n + zeros > MAX_BODY ||
		    buf_add(out, q, n) != 0 || buf_reserve(out, zeros) != 0)
			return -1;
		memset(out->data + out->len, 0, zeros);
		out->len += zeros;
	}
	return 0;
}

int
checkpoint_write(const struct transcript *p, const struct checkpoint_extra *x,
    const uint8_t key[CHECKPOINT_KEY], struct buf *out, struct error *e)
{
	struct buf body, sq;
	uint8_t mac[SEC_HASH];
	int rc = 0;

	buf_init(&body);
	buf_init(&sq);
	rc |= buf_add(&body, p->m->game_id, SEC_HASH);
	rc |= buf_add_field(&body, p->m->rules->name,
	    strlen(p->m->rules->name));
	rc |= buf_add_u64(&body, x->end);
	rc |= buf_add_u64(&body, x->synced);
	rc |= add_match(&body, p->m);
	rc |= buf_add_field(&body, p->sent, sizeof(p->sent));
	rc |= buf_add_field(&body, p->remind, sizeof(p->remind));
	rc |= add_updates(&body, p);
	rc |= add_extra(&body, x);
	rc |= add_secrets(&body, p);
	rc |= squeeze(body.data, body.len, &sq);
	sec_mac(mac, key, CHECKPOINT_KEY, sq.data, sq.len);
	rc |= buf_add(out, MAGIC, 4);
	rc |= buf_add_u32(out, VERSION);
	rc |= buf_add_field(out, ADJ_BUILD_ID, strlen(ADJ_BUILD_ID));
	rc |= buf_add(out, mac, sizeof(mac));
	rc |= buf_add(out, sq.data, sq.len);
	buf_free(&body);
	buf_free(&sq);
	return rc != 0 ? error_set(e, EXIT_SYSTEM, "out of memory") : 0;
}

/* --- reading --- */

static int
take_field(struct cursor *c, const uint8_t **p, size_t want)
{
	uint32_t n;

	return cursor_u32(c, &n) != 0 || n != want ||
	    cursor_skip(c, p, n) != 0 ? -1 : 0;
}

/* The items add_stated wrote: *items calloc'd, *n of them read, each
 * with its state malloc'd (what was read, also on an error). */
static int
read_stated(struct cursor *c, void **items, size_t *n, size_t size,
    size_t at, size_t ssize)
{
	const uint8_t *k, *st;
	uint8_t *p;
	void *s;
	uint32_t cnt, i;

	if (cursor_u32(c, &cnt) != 0 || cnt > MAX_ITEMS)
		return -1;
	if (cnt == 0)
		return 0;
	if ((p = calloc(cnt, size)) == NULL)
		return -1;
	*items = p;
	for (i = 0; i < cnt; i++, p += size) {
		if (take_field(c, &k, size) != 0 ||
		    take_field(c, &st, ssize) != 0 ||
		    (s = malloc(ssize)) == NULL)
			return -1;
		memcpy(p, k, size);
		memcpy(s, st, ssize);
		memcpy(p + at, &s, sizeof(s));
		*n = i + 1;
	}
	return 0;
}

static int
read_checks(struct cursor *c, struct match *m)
{
	const uint8_t *k;
	void *v = NULL;
	uint32_t n;
	int rc;

	rc = read_stated(c, &v, &m->nchecks, sizeof(*m->checks),
	    offsetof(struct match_check, state), m->rules->state_size);
	m->checks = v;
	if (rc != 0)
		return -1;
	/* the conditions committed to (cond_match.c) */
	if (cursor_u32(c, &n) != 0 || n > MAX_ITEMS)
		return -1;
	if (n > 0 && (take_field(c, &k, n * sizeof(*m->cond_sent)) != 0 ||
	    (m->cond_sent = calloc(n, sizeof(*m->cond_sent))) == NULL))
		return -1;
	if (n > 0)
		memcpy(m->cond_sent, k, n * sizeof(*m->cond_sent));
	m->ncond_sent = n;
	v = NULL;
	rc = read_stated(c, &v, &m->ncond_waits, sizeof(*m->cond_waits),
	    offsetof(struct cond_wait, state), m->rules->state_size);
	m->cond_waits = v;
	return rc;
}

/* The match, of the game gid with those rules (and, given, the header's
 * seats). */
static struct match *
read_match(struct cursor *c, const struct game_rules *rules,
    const uint8_t *gid, const struct match *header)
{
	const uint8_t *mb, *sb;
	struct match *m;

	if (take_field(c, &mb, sizeof(*m)) != 0 ||
	    take_field(c, &sb, rules->state_size) != 0 ||
	    (m = malloc(sizeof(*m))) == NULL)
		return NULL;
	memcpy(m, mb, sizeof(*m));
	m->rules = rules;
	m->checks = NULL;
	m->nchecks = 0;
	m->cond_sent = NULL;
	m->ncond_sent = 0;
	m->cond_waits = NULL;
	m->ncond_waits = 0;
	if ((m->state = malloc(m->rules->state_size)) == NULL) {
		free(m);
		return NULL;
	}
	memcpy(m->state, sb, m->rules->state_size);
	if (read_checks(c, m) != 0 || memcmp(m->game_id, gid, SEC_HASH) != 0 ||
	    m->nseats < 1 || m->nseats > GAME_MAX_SEATS ||
	    (header != NULL && m->nseats != header->nseats)) {
		match_free(m);
		return NULL;
	}
	return m;
}

/* The game's rules, by the name the checkpoint gives: the header's when
 * there is one. */
static const struct game_rules *
read_rules(struct cursor *c, const uint8_t *gid, const struct match *header)
{
	const struct game_rules *r;
	const uint8_t *p;
	char name[64];
	uint32_t n;

	if (cursor_u32(c, &n) != 0 || n == 0 || n >= sizeof(name) ||
	    cursor_skip(c, &p, n) != 0)
		return NULL;
	memcpy(name, p, n);
	name[n] = '\0';
	if ((r = game_find(name)) == NULL)
		return NULL;
	if (header != NULL && (r != header->rules ||
	    memcmp(gid, header->game_id, SEC_HASH) != 0))
		return NULL;
	return r;
}

static int
read_updates(struct cursor *c, struct transcript *p)
{
	const uint8_t *u;
	uint32_t n;

	if (cursor_u32(c, &n) != 0 || n > MAX_ITEMS ||
	    take_field(c, &u, n * sizeof(*p->updates)) != 0)
		return -1;
	if (n == 0)
		return 0;
	if ((p->updates = calloc(n, sizeof(*p->updates))) == NULL)
		return -1;
	memcpy(p->updates, u, n * sizeof(*p->updates));
	p->nupdates = n;
	return 0;
}

static int
read_extra(struct cursor *c, struct checkpoint_extra *x)
{
	uint32_t n, i, seat;
	int s;

	for (s = 0; s < GAME_MAX_SEATS; s++)
		if (cursor_u64(c, &x->secret[s]) != 0)
			return -1;
	if (cursor_u64(c, &x->last_out) != 0 ||
	    cursor_u32(c, &n) != 0 || n > MAX_ITEMS)
		return -1;
	x->early_seq = calloc(n + 1, sizeof(*x->early_seq));
	x->early_off = calloc(n + 1, sizeof(*x->early_off));
	if (x->early_seq == NULL || x->early_off == NULL)
		return -1;
	for (i = 0; i < n; i++, x->nearly++)
		if (cursor_u64(c, &x->early_seq[i]) != 0 ||
		    cursor_u64(c, &x->early_off[i]) != 0)
			return -1;
	if (cursor_u32(c, &n) != 0 || n > MAX_ITEMS)
		return -1;
	x->upd_seat = calloc(n + 1, sizeof(*x->upd_seat));
	x->upd_off = calloc(n + 1, sizeof(*x->upd_off));
	if (x->upd_seat == NULL || x->upd_off == NULL)
		return -1;
	for (i = 0; i < n; i++, x->nupd++) {
		if (cursor_u32(c, &seat) != 0 || seat > GAME_MAX_SEATS ||
		    cursor_u64(c, &x->upd_off[i]) != 0)
			return -1;
		x->upd_seat[i] = (int)seat;
	}
	return cursor_u64(c, &x->dups);
}

static void
secrets_free(struct match_secret *sec[GAME_MAX_SEATS])
{
	int s;

	for (s = 0; s < GAME_MAX_SEATS; s++)
		if (sec[s] != NULL) {
			sec_wipe(sec[s], sizeof(*sec[s]));
			sec_free(sec[s]);
			sec[s] = NULL;
		}
}

/* The secrets into guarded memory; the last thing in the body. */
static int
read_secrets(struct cursor *c, const struct transcript *p,
    struct match_secret *sec[GAME_MAX_SEATS])
{
	const uint8_t *q;
	uint32_t has;
	int s;

	for (s = 0; s < GAME_MAX_SEATS; s++) {
		if (cursor_u32(c, &has) != 0 || has > 1 || (has &&
		    secret_slot((struct transcript *)p, s) == NULL))
			return -1;
		if (!has)
			continue;
		if (take_field(c, &q, sizeof(*sec[s])) != 0 ||
		    (sec[s] = sec_malloc(sizeof(*sec[s]))) == NULL)
			return -1;
		memcpy(sec[s], q, sizeof(*sec[s]));
		if (sec[s]->setup.n < 0 || sec[s]->setup.n > GAME_MAX_PIECES)
			return -1;
	}
	return c->left == 0 ? 0 : -1;
}

/* The frame: magic, version, this build, and a MAC over the body; the
 * body, its zeros restored, in plain. */
static int
open_frame(const uint8_t *data, size_t len, const uint8_t *key,
    struct buf *plain, struct cursor *body)
{
	struct cursor c = { data, len };
	const uint8_t *id, *mac;
	uint8_t want[SEC_HASH];
	uint32_t version, n;

	if (len < 4 || memcmp(data, MAGIC, 4) != 0)
		return -1;
	cursor_skip(&c, NULL, 4);
	if (cursor_u32(&c, &version) != 0 || version != VERSION ||
	    cursor_u32(&c, &n) != 0 || n != strlen(ADJ_BUILD_ID) ||
	    cursor_skip(&c, &id, n) != 0 || memcmp(id, ADJ_BUILD_ID, n) != 0 ||
	    cursor_skip(&c, &mac, SEC_HASH) != 0)
		return -1;
	sec_mac(want, key, CHECKPOINT_KEY, c.p, c.left);
	if (!sec_equal(want, mac, SEC_HASH) || unsqueeze(c, plain) != 0)
		return -1;
	body->p = plain->data;
	body->left = plain->len;
	return 0;
}

int
checkpoint_read(struct transcript *p, const char *seat,
    struct checkpoint_extra *x, const uint8_t key[CHECKPOINT_KEY],
    const uint8_t *data, size_t len, struct error *e)
{
	struct cursor c;
	const uint8_t *gid, *sent, *remind;
	const struct game_rules *rules;
	struct match_secret *sec[GAME_MAX_SEATS] = { NULL };
	struct match *m = NULL;
	struct buf plain;
	int s, me = p->m != NULL ? p->m->me : -1;

	(void)e;
	memset(x, 0, sizeof(*x));
	buf_init(&plain);
	if (open_frame(data, len, key, &plain, &c) != 0 ||
	    cursor_skip(&c, &gid, SEC_HASH) != 0 ||
	    (rules = read_rules(&c, gid, p->m)) == NULL ||
	    cursor_u64(&c, &x->end) != 0 ||
	    cursor_u64(&c, &x->synced) != 0 ||
	    (m = read_match(&c, rules, gid, p->m)) == NULL ||
	    (p->m == NULL && (me = match_seat_by_name(m, seat)) < 0)) {
		match_free(m);
		buf_free(&plain);
		return 1;
	}
	if (p->m == NULL)
		p->me = me;
	if (take_field(&c, &sent, sizeof(p->sent)) != 0 ||
	    take_field(&c, &remind, sizeof(p->remind)) != 0 ||
	    read_updates(&c, p) != 0 || read_extra(&c, x) != 0 ||
	    read_secrets(&c, p, sec) != 0) {
		buf_free(&plain);
		secrets_free(sec);
		match_free(m);
		free(p->updates);
		p->updates = NULL;
		p->nupdates = 0;
		checkpoint_extra_free(x);
		return 1;
	}
	memcpy(p->sent, sent, sizeof(p->sent));
	memcpy(p->remind, remind, sizeof(p->remind));
	buf_free(&plain);
	m->me = me;
	match_free(p->m);
	p->m = m;
	for (s = 0; s < GAME_MAX_SEATS; s++) {
		struct match_secret **slot = secret_slot(p, s);

		if (sec[s] == NULL)
			continue;
		if (*slot != NULL) {
			sec_wipe(*slot, sizeof(**slot));
			sec_free(*slot);
		}
		*slot = sec[s];
		m->local[s] = &sec[s]->setup;
	}
	return 0;
}

void
checkpoint_extra_free(struct checkpoint_extra *x)
{
	free(x->early_seq);
	free(x->early_off);
	free(x->upd_off);
	free(x->upd_seat);
	x->early_seq = x->early_off = x->upd_off = NULL;
	x->upd_seat = NULL;
	x->nearly = x->nupd = 0;
}
