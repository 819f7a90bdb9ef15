/*
 * A key agent's keys and the answer to each request.  Lifetimes are
 * gpg-agent's: a key is forgotten idle seconds after its last use and max
 * seconds after it was added (600 and 7,200 unless the agent or the key
 * says otherwise), on the clock the program gives, which a test sets.
 * Only what the envelope signs for a key is signed with it (the domain
 * tag, then a blob naming that key): the agent is no signing oracle for
 * other protocols.  Locked, it answers nothing but unlock and stop; the
 * lock's passphrase is kept as an Argon2id hash.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "envelope.h"
#include "keyring.h"

struct hkey {
	struct key_secret	*k;
	uint64_t		 added, used;
	uint32_t		 idle, max;	/* 0: no limit */
	int			 confirm;
};

struct keyring {
	struct keyring_config	 cfg;
	struct hkey		 key[AGENT_MAX_KEYS];
	size_t			 n;
	int			 locked;
	uint8_t			 salt[SEC_SALT];
	uint8_t			*lock;		/* SEC_HASH, guarded */
};

/* A request being answered: its fields, and the reply being built. */
struct answer {
	struct keyring	*r;
	struct cursor	 c;
	uint8_t		*out;
	size_t		 len;
	uint64_t	 now;
	const char	*who;
};

struct keyring *
keyring_new(const struct keyring_config *cfg)
{
	struct keyring *r;

	if ((r = calloc(1, sizeof(*r))) == NULL)
		return NULL;
	r->cfg = *cfg;
	if ((r->lock = sec_malloc(SEC_HASH)) == NULL) {
		free(r);
		return NULL;
	}
	return r;
}

static void
forget(struct keyring *r, size_t i)
{
	key_secret_free(r->key[i].k);
	r->key[i] = r->key[--r->n];
	memset(&r->key[r->n], 0, sizeof(r->key[r->n]));
}

void
keyring_forget_all(struct keyring *r)
{
	while (r->n > 0)
		forget(r, r->n - 1);
}

void
keyring_free(struct keyring *r)
{
	if (r == NULL)
		return;
	keyring_forget_all(r);
	sec_wipe(r->lock, SEC_HASH);
	sec_free(r->lock);
	free(r);
}

size_t
keyring_count(const struct keyring *r)
{
	return r->n;
}

/* When key h's time is up; UINT64_MAX: never. */
static uint64_t
ends(const struct hkey *h)
{
	uint64_t t = UINT64_MAX;

	if (h->idle != 0)
		t = h->used + h->idle;
	if (h->max != 0 && h->added + h->max < t)
		t = h->added + h->max;
	return t;
}

void
keyring_expire(struct keyring *r)
{
	uint64_t now = r->cfg.clock(r->cfg.clock_arg);
	size_t i = 0;

	while (i < r->n)
		if (ends(&r->key[i]) <= now)
			forget(r, i);
		else
			i++;
}

uint64_t
keyring_next(const struct keyring *r)
{
	uint64_t now = r->cfg.clock(r->cfg.clock_arg), t, next = UINT64_MAX;
	size_t i;

	for (i = 0; i < r->n; i++)
		if ((t = ends(&r->key[i])) != UINT64_MAX)
			next = t <= now ? 0 : (t - now < next ? t - now : next);
	return next;
}

static void
head(uint8_t *out, int status)
{
	memcpy(out, AGENT_MAGIC, 4);
	out[4] = AGENT_VERSION;
	out[5] = (uint8_t)status;
}

/* A reply other than AGENT_OK, with its one line. */
static size_t
fail(struct answer *a, int status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static size_t
fail(struct answer *a, int status, const char *fmt, ...)
{
	va_list ap;
	int n;

	head(a->out, status);
	va_start(ap, fmt);
	n = vsnprintf((char *)a->out + AGENT_HEAD, 200, fmt, ap);
	va_end(ap);
	if (n < 0)
		n = 0;
	return AGENT_HEAD + (n < 200 ? (size_t)n : 199);
}

static size_t
ok(struct answer *a)
{
	head(a->out, AGENT_OK);
	return AGENT_HEAD + a->len;
}

static void
put(struct answer *a, const void *p, size_t n)
{
	if (AGENT_HEAD + a->len + n <= AGENT_SMALL) {
		memcpy(a->out + AGENT_HEAD + a->len, p, n);
		a->len += n;
	}
}

static void
put_u32(struct answer *a, uint32_t v)
{
	uint8_t b[4];

	buf_put_u32(b, v);
	put(a, b, sizeof(b));
}

static struct hkey *
find(struct keyring *r, const uint8_t id[KEY_ID])
{
	size_t i;

	for (i = 0; i < r->n; i++)
		if (memcmp(r->key[i].k->pub.id, id, KEY_ID) == 0)
			return &r->key[i];
	return NULL;
}

/* The key the request names, or the reply saying why not (*reply). */
static struct hkey *
named(struct answer *a, size_t *reply)
{
	uint8_t id[KEY_ID];
	char hex[KEY_ID_HEX];
	struct hkey *h;

	if (cursor_take(&a->c, id, KEY_ID) != 0) {
		*reply = fail(a, AGENT_MALFORMED, "request truncated");
		return NULL;
	}
	if ((h = find(a->r, id)) == NULL) {
		sec_hex(hex, sizeof(hex), id, KEY_ID);
		*reply = fail(a, AGENT_NOT_HELD, "key %s is not held", hex);
	}
	return h;
}

/* A use of h: confirmed when h asks for it, then counted. */
static int
use(struct answer *a, struct hkey *h, const char *what, size_t *reply)
{
	char q[256];
	struct error e;
	int rc;

	if (h->confirm) {
		error_clear(&e);
		snprintf(q, sizeof(q), "adjudicator agent: allow %s to %s with "
		    "key %s (%s)?", a->who, what, h->k->pub.name,
		    h->k->pub.idhex);
		rc = a->r->cfg.confirm(a->r->cfg.confirm_arg, q, &e);
		if (rc != 0) {
			*reply = fail(a, AGENT_REFUSED, "use of key %s not "
			    "confirmed%s%s", h->k->pub.idhex, rc < 0 ? ": " :
			    "", rc < 0 ? e.msg : "");
			return -1;
		}
	}
	h->used = a->now;
	return 0;
}

static size_t
do_key(struct answer *a)
{
	struct hkey *h;
	size_t reply;
	uint8_t n;

	if ((h = named(a, &reply)) == NULL)
		return reply;
	n = (uint8_t)strlen(h->k->pub.name);
	put(a, h->k->pub.sign_pk, SEC_SIGN_PK);
	put(a, h->k->pub.box_pk, SEC_BOX_PK);
	put(a, &n, 1);
	put(a, h->k->pub.name, n);
	return ok(a);
}

static size_t
do_sign(struct answer *a)
{
	uint8_t sig[SEC_SIG];
	struct hkey *h;
	struct error e;
	size_t reply;

	if ((h = named(a, &reply)) == NULL)
		return reply;
	if (!envelope_signable(a->c.p, a->c.left, &h->k->pub))
		return fail(a, AGENT_REFUSED, "key %s signs adjudicator "
		    "messages of its own only", h->k->pub.idhex);
	if (use(a, h, "sign", &reply) != 0)
		return reply;
	error_clear(&e);
	if (key_sign(h->k, sig, a->c.p, a->c.left, &e) != 0)
		return fail(a, AGENT_FAILED, "%s", e.msg);
	put(a, sig, sizeof(sig));
	return ok(a);
}

static size_t
do_unseal(struct answer *a)
{
	struct hkey *h;
	struct error e;
	size_t reply, n;
	uint8_t opened;

	if ((h = named(a, &reply)) == NULL)
		return reply;
	n = a->c.left;
	if (n <= SEC_SEAL_EXTRA || n > AGENT_SMALL / 2)
		return fail(a, AGENT_MALFORMED, "a sealed box of %zu bytes", n);
	if (use(a, h, "decrypt", &reply) != 0)
		return reply;
	error_clear(&e);
	/* opened straight into the guarded reply */
	opened = key_unseal(h->k, a->out + AGENT_HEAD + 1, a->c.p, n, &e) == 0;
	a->out[AGENT_HEAD] = opened;
	a->len = opened ? 1 + n - SEC_SEAL_EXTRA : 1;
	return ok(a);
}

/* The key in an add request, checked as a key file's is: the public
 * halves derived here, never taken from the client. */
static struct key_secret *
added_key(struct answer *a)
{
	struct key_secret *k;
	uint8_t namelen;

	if ((k = sec_malloc(sizeof(*k))) == NULL)
		return NULL;
	memset(k, 0, sizeof(*k));
	if (cursor_take(&a->c, k->sign_sk, SEC_SIGN_SK) ||
	    cursor_take(&a->c, k->box_sk, SEC_BOX_SK) ||
	    cursor_u8(&a->c, &namelen) || namelen > KEY_NAME_MAX ||
	    cursor_take(&a->c, k->pub.name, namelen) ||
	    sec_sign_public(k->pub.sign_pk, k->sign_sk) != 0 ||
	    memcmp(k->pub.sign_pk, k->sign_sk + 32, SEC_SIGN_PK) != 0 ||
	    sec_box_public(k->pub.box_pk, k->box_sk) != 0 ||
	    !key_name_ok(k->pub.name) || key_compute_id(&k->pub) != 0) {
		key_secret_free(k);
		return NULL;
	}
	return k;
}

static size_t
do_add(struct answer *a)
{
	struct keyring *r = a->r;
	struct key_secret *k;
	struct hkey *h;
	uint32_t idle, max;
	uint8_t confirm;

	if ((k = added_key(a)) == NULL || cursor_u32(&a->c, &idle) ||
	    cursor_u32(&a->c, &max) || cursor_u8(&a->c, &confirm) ||
	    a->c.left != 0 || confirm > 1) {
		key_secret_free(k);
		return fail(a, AGENT_MALFORMED, "not a key to add");
	}
	if (confirm && r->cfg.confirm == NULL) {
		key_secret_free(k);
		return fail(a, AGENT_REFUSED, "this agent cannot ask for "
		    "confirmation (start it with ADJUDICATOR_ASKPASS set)");
	}
	if ((h = find(r, k->pub.id)) != NULL)
		key_secret_free(h->k);
	else if (r->n == AGENT_MAX_KEYS) {
		key_secret_free(k);
		return fail(a, AGENT_REFUSED, "holds %d keys already",
		    AGENT_MAX_KEYS);
	} else
		h = &r->key[r->n++];
	h->k = k;
	h->added = h->used = a->now;
	h->idle = idle == AGENT_LIFE_DEFAULT ? r->cfg.idle : idle;
	h->max = max == AGENT_LIFE_DEFAULT ? r->cfg.max : max;
	h->confirm = confirm;
	put(a, k->pub.id, KEY_ID);
	return ok(a);
}

static size_t
do_list(struct answer *a)
{
	struct keyring *r = a->r;
	uint8_t n[2] = { (uint8_t)r->n, 0 }, len;
	const struct hkey *h;
	size_t i;

	put(a, n, sizeof(n));
	for (i = 0; i < r->n; i++) {
		h = &r->key[i];
		len = (uint8_t)strlen(h->k->pub.name);
		put(a, h->k->pub.id, KEY_ID);
		put(a, &len, 1);
		put(a, h->k->pub.name, len);
		put_u32(a, h->idle ? (uint32_t)(h->used + h->idle - a->now) :
		    AGENT_LIFE_NONE);
		put_u32(a, h->max ? (uint32_t)(h->added + h->max - a->now) :
		    AGENT_LIFE_NONE);
		len = (uint8_t)h->confirm;
		put(a, &len, 1);
	}
	return ok(a);
}

static size_t
do_forget(struct answer *a)
{
	static const uint8_t all[KEY_ID];
	struct hkey *h;
	size_t reply;

	if (a->c.left == KEY_ID && memcmp(a->c.p, all, KEY_ID) == 0) {
		keyring_forget_all(a->r);
		return ok(a);
	}
	if ((h = named(a, &reply)) == NULL)
		return reply;
	forget(a->r, (size_t)(h - a->r->key));
	return ok(a);
}

/* The lock's hash of the passphrase in the request, into out. */
static int
lock_hash(struct answer *a, uint8_t out[SEC_HASH])
{
	size_t n = a->c.left;

	if (n == 0 || n >= KEY_PASS_MAX || memchr(a->c.p, '\0', n) != NULL)
		return -1;
	return sec_pwhash(out, SEC_HASH, (const char *)a->c.p, n, a->r->salt,
	    sec_pwhash_ops_default(), sec_pwhash_mem_default());
}

static size_t
do_lock(struct answer *a, int lock)
{
	struct keyring *r = a->r;
	uint8_t *h;
	int same;

	if (lock == r->locked)
		return fail(a, AGENT_REFUSED, lock ? "locked already" :
		    "not locked");
	if ((h = sec_malloc(SEC_HASH)) == NULL)
		return fail(a, AGENT_FAILED, "out of memory");
	if (lock)
		sec_random(r->salt, sizeof(r->salt));
	if (lock_hash(a, h) != 0) {
		sec_free(h);
		return fail(a, AGENT_MALFORMED, "a passphrase of 1 to %d bytes, "
		    "without NUL", KEY_PASS_MAX - 1);
	}
	same = sec_equal(h, r->lock, SEC_HASH);
	if (lock)
		memcpy(r->lock, h, SEC_HASH);
	sec_wipe(h, SEC_HASH);
	sec_free(h);
	if (!lock && !same)
		return fail(a, AGENT_REFUSED, "wrong passphrase; still locked");
	r->locked = lock;
	return ok(a);
}

static size_t
dispatch(struct answer *a, int op, int *stop)
{
	if (a->r->locked && op != AGENT_UNLOCK && op != AGENT_LOCK &&
	    op != AGENT_STOP && op >= AGENT_KEY && op <= AGENT_STOP)
		return fail(a, AGENT_LOCKED, "locked (agent -X unlocks it)");
	switch (op) {
	case AGENT_KEY:
		return do_key(a);
	case AGENT_SIGN:
		return do_sign(a);
	case AGENT_UNSEAL:
		return do_unseal(a);
	case AGENT_ADD:
		return do_add(a);
	case AGENT_LIST:
		return a->c.left ? fail(a, AGENT_MALFORMED, "stray bytes") :
		    do_list(a);
	case AGENT_FORGET:
		return do_forget(a);
	case AGENT_LOCK:
	case AGENT_UNLOCK:
		return do_lock(a, op == AGENT_LOCK);
	case AGENT_STOP:
		*stop = 1;
		return ok(a);
	default:
		return fail(a, AGENT_MALFORMED, "unknown request %d", op);
	}
}

size_t
keyring_answer(struct keyring *r, const uint8_t *req, size_t len,
    const char *who, uint8_t *out, int *stop)
{
	struct answer a;

	memset(&a, 0, sizeof(a));
	a.r = r;
	a.out = out;
	a.who = who;
	if (len < AGENT_HEAD || memcmp(req, AGENT_MAGIC, 4) != 0)
		return fail(&a, AGENT_MALFORMED, "not an agent request");
	if (req[4] != AGENT_VERSION)
		return fail(&a, AGENT_MALFORMED, "protocol version %u; this "
		    "agent speaks %u", req[4], AGENT_VERSION);
	keyring_expire(r);
	a.now = r->cfg.clock(r->cfg.clock_arg);
	a.c.p = req + AGENT_HEAD;
	a.c.left = len - AGENT_HEAD;
	return dispatch(&a, req[5], stop);
}
