/*
 * Unit tests for the key agent's answers (keyring.c), without a socket:
 * malformed requests, what may be signed, sealed boxes, lifetimes on a
 * clock the test sets, the lock, confirmation, forgetting, a full ring.
 */
#include "agent.h"
#include "envelope.h"
#include "keyring.h"
#include "unit.h"

#define DOMAIN	"adjudicator signed message v1"	/* formats/envelope.md */

static uint64_t now;
static int answer_yes, asked;
static char question[256];

static uint64_t
test_clock(void *arg)
{
	(void)arg;
	return now;
}

static int
test_confirm(void *arg, const char *q, struct error *e)
{
	(void)arg;
	(void)e;
	asked++;
	snprintf(question, sizeof(question), "%s", q);
	return answer_yes ? 0 : 1;
}

static uint8_t out[AGENT_SMALL];
static size_t outlen;

/* One request: ADJA 1 op, then fields and more. */
static int
ask(struct keyring *r, int op, const void *f, size_t n, const void *more,
    size_t nmore)
{
	uint8_t req[8192];
	int stop = 0;

	memcpy(req, "ADJA\1", 5);
	req[5] = (uint8_t)op;
	if (n > 0)
		memcpy(req + AGENT_HEAD, f, n);
	if (nmore > 0)
		memcpy(req + AGENT_HEAD + n, more, nmore);
	outlen = keyring_answer(r, req, AGENT_HEAD + n + nmore, "pid 7 (t)",
	    out, &stop);
	if (outlen < AGENT_HEAD || memcmp(out, "ADJA\1", 5) != 0)
		return -1;
	return out[5];
}

/* The reply's message, as a string. */
static const char *
msg(void)
{
	static char m[256];

	snprintf(m, sizeof(m), "%.*s", (int)(outlen - AGENT_HEAD),
	    (const char *)out + AGENT_HEAD);
	return m;
}

static int
add(struct keyring *r, const struct key_secret *k, uint32_t idle,
    uint32_t max, int confirm)
{
	uint8_t f[200];
	size_t n = strlen(k->pub.name), at = SEC_SIGN_SK + SEC_BOX_SK;
	uint32_t v[2] = { idle, max };
	int i, j;

	memcpy(f, k->sign_sk, SEC_SIGN_SK);
	memcpy(f + SEC_SIGN_SK, k->box_sk, SEC_BOX_SK);
	f[at++] = (uint8_t)n;
	memcpy(f + at, k->pub.name, n);
	at += n;
	for (i = 0; i < 2; i++)
		for (j = 0; j < 4; j++)
			f[at++] = (uint8_t)(v[i] >> (8 * j));
	f[at++] = (uint8_t)confirm;
	return ask(r, AGENT_ADD, f, at, NULL, 0);
}

/* What envelope_sign signs for k: the domain tag, then the blob. */
static void
signable(const struct key_secret *k, struct buf *m)
{
	struct buf blob;
	struct error e;

	buf_init(&blob);
	envelope_unsigned(&k->pub, &k->pub, 1, "a: 1\n", 5, &blob, &e);
	buf_add(m, DOMAIN, sizeof(DOMAIN));
	buf_add(m, blob.data, blob.len - SEC_SIG);
	buf_free(&blob);
}

static struct keyring *
ring(int confirm)
{
	struct keyring_config c;

	memset(&c, 0, sizeof(c));
	c.idle = KEYRING_IDLE;
	c.max = KEYRING_MAX;
	c.clock = test_clock;
	if (confirm)
		c.confirm = test_confirm;
	return keyring_new(&c);
}

static void
test_malformed(void)
{
	static const struct {
		const char	*name;
		const char	*bytes;
		size_t		 len;
		int		 status;
		const char	*want;
	} t[] = {
		{ "short", "ADJ", 3, AGENT_MALFORMED, "not an agent request" },
		{ "magic", "ADJB\1\5", 6, AGENT_MALFORMED, "not an agent" },
		{ "version", "ADJA\2\5", 6, AGENT_MALFORMED,
		  "protocol version 2; this agent speaks 1" },
		{ "op 0", "ADJA\1\0", 6, AGENT_MALFORMED, "unknown request 0" },
		{ "op 10", "ADJA\1\12", 6, AGENT_MALFORMED, "unknown request" },
		{ "list stray", "ADJA\1\5x", 7, AGENT_MALFORMED, "stray" },
		{ "key truncated", "ADJA\1\1abc", 9, AGENT_MALFORMED,
		  "truncated" },
		{ "key not held", "ADJA\1\1abcdefgh", 14, AGENT_NOT_HELD,
		  "key 6162636465666768 is not held" },
		{ "add short", "ADJA\1\4abc", 9, AGENT_MALFORMED,
		  "not a key to add" },
		{ "lock empty", "ADJA\1\7", 6, AGENT_MALFORMED,
		  "a passphrase of 1 to" },
		{ "unlock unlocked", "ADJA\1\10pw", 8, AGENT_REFUSED,
		  "not locked" },
	};
	struct keyring *r = ring(0);
	size_t i;
	int stop = 0, st;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		outlen = keyring_answer(r, (const uint8_t *)t[i].bytes, t[i].len,
		    "w", out, &stop);
		st = outlen >= AGENT_HEAD ? out[5] : -1;
		unit_ok(st == t[i].status && strstr(msg(), t[i].want) != NULL &&
		    memcmp(out, "ADJA\1", 5) == 0, "malformed: %s (%d: %s)",
		    t[i].name, st, msg());
	}
	unit_ok(!stop, "malformed: nothing stops the agent");
	keyring_free(r);
}

static void
test_add_key_sign(void)
{
	struct keyring *r = ring(0);
	struct key_secret *k, *b;
	struct key_public pub;
	struct buf m;
	struct error e;
	uint8_t f[200];
	int st;

	k = key_generate("alice", &e);
	b = key_generate("bob", &e);
	unit_ok(add(r, k, AGENT_LIFE_DEFAULT, AGENT_LIFE_DEFAULT, 0) ==
	    AGENT_OK && memcmp(out + AGENT_HEAD, k->pub.id, KEY_ID) == 0,
	    "add: answers the key id");
	st = ask(r, AGENT_KEY, k->pub.id, KEY_ID, NULL, 0);
	memset(&pub, 0, sizeof(pub));
	memcpy(pub.sign_pk, out + AGENT_HEAD, SEC_SIGN_PK);
	memcpy(pub.box_pk, out + AGENT_HEAD + SEC_SIGN_PK, SEC_BOX_PK);
	unit_ok(st == AGENT_OK && key_same(&pub, &k->pub) &&
	    out[AGENT_HEAD + 64] == 5 &&
	    memcmp(out + AGENT_HEAD + 65, "alice", 5) == 0,
	    "key: the public halves and the name");
	/* a seed whose stored public half is another key's */
	memcpy(f, k->sign_sk, SEC_SIGN_SK);
	memcpy(f + 32, b->sign_sk + 32, 32);
	memcpy(f + SEC_SIGN_SK, k->box_sk, SEC_BOX_SK);
	memcpy(f + 96, "\5alice\377\377\377\377\377\377\377\377\0", 15);
	unit_ok(ask(r, AGENT_ADD, f, 111, NULL, 0) == AGENT_MALFORMED,
	    "add: a seed and a public half that do not match");
	f[96] = 5;
	memcpy(f, k->sign_sk, SEC_SIGN_SK);
	memcpy(f + 97, "Alice", 5);
	unit_ok(ask(r, AGENT_ADD, f, 111, NULL, 0) == AGENT_MALFORMED,
	    "add: a name a key file may not have");
	memcpy(f + 97, "alice", 5);
	f[110] = 2;
	unit_ok(ask(r, AGENT_ADD, f, 111, NULL, 0) == AGENT_MALFORMED,
	    "add: confirm other than 0 or 1");
	buf_init(&m);
	signable(k, &m);
	st = ask(r, AGENT_SIGN, k->pub.id, KEY_ID, m.data, m.len);
	unit_ok(st == AGENT_OK && outlen == AGENT_HEAD + SEC_SIG &&
	    sec_verify(out + AGENT_HEAD, m.data, m.len, k->pub.sign_pk) == 0,
	    "sign: a signature that verifies");
	st = ask(r, AGENT_SIGN, k->pub.id, KEY_ID, m.data + 1, m.len - 1);
	unit_ok(st == AGENT_REFUSED && strstr(msg(), "of its own only"),
	    "sign: no domain tag, refused");
	m.len = 0;
	signable(b, &m);
	st = ask(r, AGENT_SIGN, k->pub.id, KEY_ID, m.data, m.len);
	unit_ok(st == AGENT_REFUSED, "sign: a blob naming another key, refused");
	st = ask(r, AGENT_SIGN, b->pub.id, KEY_ID, m.data, m.len);
	unit_ok(st == AGENT_NOT_HELD, "sign: a key not held");
	buf_free(&m);
	key_secret_free(k);
	key_secret_free(b);
	keyring_free(r);
}

static void
test_unseal(void)
{
	struct keyring *r = ring(0);
	struct key_secret *k;
	struct error e;
	uint8_t fk[SEC_KEY], box[SEC_KEY + SEC_SEAL_EXTRA];
	int st;

	k = key_generate("alice", &e);
	add(r, k, AGENT_LIFE_DEFAULT, AGENT_LIFE_DEFAULT, 0);
	sec_random(fk, sizeof(fk));
	sec_seal(box, fk, sizeof(fk), k->pub.box_pk);
	st = ask(r, AGENT_UNSEAL, k->pub.id, KEY_ID, box, sizeof(box));
	unit_ok(st == AGENT_OK && out[AGENT_HEAD] == 1 &&
	    outlen == AGENT_HEAD + 1 + SEC_KEY &&
	    memcmp(out + AGENT_HEAD + 1, fk, SEC_KEY) == 0,
	    "unseal: the file key");
	box[10] ^= 1;
	st = ask(r, AGENT_UNSEAL, k->pub.id, KEY_ID, box, sizeof(box));
	unit_ok(st == AGENT_OK && out[AGENT_HEAD] == 0 &&
	    outlen == AGENT_HEAD + 1, "unseal: a box that does not open");
	st = ask(r, AGENT_UNSEAL, k->pub.id, KEY_ID, box, SEC_SEAL_EXTRA);
	unit_ok(st == AGENT_MALFORMED, "unseal: a box too short");
	key_secret_free(k);
	keyring_free(r);
}

/* A key added at 1000 with idle and max, used at the times in use[];
 * held or not at `at`. */
static void
test_lifetimes(void)
{
	static const struct {
		const char	*name;
		uint32_t	 idle, max;
		uint64_t	 use[8];
		uint64_t	 at;
		int		 held;
	} t[] = {
		{ "defaults, 599 s", AGENT_LIFE_DEFAULT, AGENT_LIFE_DEFAULT,
		  { 0 }, 1599, 1 },
		{ "defaults, 600 s", AGENT_LIFE_DEFAULT, AGENT_LIFE_DEFAULT,
		  { 0 }, 1600, 0 },
		{ "a use starts the idle time again", AGENT_LIFE_DEFAULT,
		  AGENT_LIFE_DEFAULT, { 1500 }, 2099, 1 },
		{ "idle after the last use", AGENT_LIFE_DEFAULT,
		  AGENT_LIFE_DEFAULT, { 1500 }, 2100, 0 },
		{ "max, however used", 1000, AGENT_LIFE_DEFAULT,
		  { 1900, 2800, 3700, 4600, 5500, 6400, 7300, 8100 }, 8200, 0 },
		{ "max, just before", 1000, AGENT_LIFE_DEFAULT,
		  { 1900, 2800, 3700, 4600, 5500, 6400, 7300, 8100 }, 8199, 1 },
		{ "idle 0: no idle limit", 0, 100, { 0 }, 1099, 1 },
		{ "idle 0, max 100", 0, 100, { 0 }, 1100, 0 },
		{ "no limit at all", 0, 0, { 0 }, 1000000000, 1 },
		{ "own idle", 30, 0, { 1029 }, 1058, 1 },
		{ "own idle, gone", 30, 0, { 1029 }, 1059, 0 },
	};
	struct keyring *r;
	struct key_secret *k;
	struct error e;
	struct buf m;
	size_t i, j;
	int ok, st;

	k = key_generate("alice", &e);
	buf_init(&m);
	signable(k, &m);
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		r = ring(0);
		now = 1000;
		ok = add(r, k, t[i].idle, t[i].max, 0) == AGENT_OK;
		for (j = 0; j < 8 && t[i].use[j] != 0; j++) {
			now = t[i].use[j];
			ok &= ask(r, AGENT_SIGN, k->pub.id, KEY_ID, m.data,
			    m.len) == AGENT_OK;
		}
		now = t[i].at;
		st = ask(r, AGENT_KEY, k->pub.id, KEY_ID, NULL, 0);
		unit_ok(ok && st == (t[i].held ? AGENT_OK : AGENT_NOT_HELD) &&
		    keyring_count(r) == (size_t)t[i].held,
		    "lifetime: %s", t[i].name);
		keyring_free(r);
	}
	/* what list says, and when the agent must wake */
	r = ring(0);
	now = 1000;
	add(r, k, AGENT_LIFE_DEFAULT, AGENT_LIFE_DEFAULT, 0);
	now = 1400;
	st = ask(r, AGENT_LIST, NULL, 0, NULL, 0);
	unit_ok(st == AGENT_OK && out[AGENT_HEAD] == 1 &&
	    out[AGENT_HEAD + 2 + 8] == 5 &&
	    out[AGENT_HEAD + 2 + 8 + 1 + 5] == 200 &&
	    out[AGENT_HEAD + 2 + 8 + 1 + 5 + 4] == (6800 & 0xff) &&
	    out[AGENT_HEAD + 2 + 8 + 1 + 5 + 5] == (6800 >> 8) &&
	    keyring_next(r) == 200, "list: time left, idle and at most");
	keyring_free(r);
	buf_free(&m);
	key_secret_free(k);
}

static void
test_lock(void)
{
	struct keyring *r = ring(0);
	struct key_secret *k;
	struct error e;
	int stop = 0;

	now = 5;
	k = key_generate("alice", &e);
	add(r, k, AGENT_LIFE_DEFAULT, AGENT_LIFE_DEFAULT, 0);
	unit_ok(ask(r, AGENT_LOCK, "words", 5, NULL, 0) == AGENT_OK,
	    "lock: locked");
	unit_ok(ask(r, AGENT_LOCK, "words", 5, NULL, 0) == AGENT_REFUSED,
	    "lock: locked already");
	unit_ok(ask(r, AGENT_KEY, k->pub.id, KEY_ID, NULL, 0) == AGENT_LOCKED &&
	    ask(r, AGENT_LIST, NULL, 0, NULL, 0) == AGENT_LOCKED &&
	    add(r, k, 0, 0, 0) == AGENT_LOCKED &&
	    ask(r, AGENT_FORGET, k->pub.id, KEY_ID, NULL, 0) == AGENT_LOCKED,
	    "lock: nothing served, listed, added or forgotten");
	unit_ok(ask(r, AGENT_UNLOCK, "word", 4, NULL, 0) == AGENT_REFUSED &&
	    strstr(msg(), "wrong passphrase"), "unlock: a wrong passphrase");
	unit_ok(ask(r, AGENT_UNLOCK, "words", 5, NULL, 0) == AGENT_OK &&
	    ask(r, AGENT_KEY, k->pub.id, KEY_ID, NULL, 0) == AGENT_OK,
	    "unlock: served again");
	ask(r, AGENT_LOCK, "x", 1, NULL, 0);
	outlen = keyring_answer(r, (const uint8_t *)"ADJA\1\11", 6, "w", out,
	    &stop);
	unit_ok(out[5] == AGENT_OK && stop, "stop: locked or not");
	key_secret_free(k);
	keyring_free(r);
}

static void
test_confirm_forget_full(void)
{
	struct keyring *r = ring(0), *rc = ring(1);
	struct key_secret *k[AGENT_MAX_KEYS + 1];
	static const uint8_t zeros[KEY_ID];
	char name[16];
	struct error e;
	struct buf m;
	size_t i;
	int st;

	for (i = 0; i <= AGENT_MAX_KEYS; i++) {
		snprintf(name, sizeof(name), "k%zu", i);
		k[i] = key_generate(name, &e);
	}
	unit_ok(add(r, k[0], 0, 0, 1) == AGENT_REFUSED &&
	    strstr(msg(), "cannot ask"), "confirm: refused with no way to ask");
	add(rc, k[0], 0, 0, 1);
	buf_init(&m);
	signable(k[0], &m);
	answer_yes = 0;
	asked = 0;
	st = ask(rc, AGENT_SIGN, k[0]->pub.id, KEY_ID, m.data, m.len);
	unit_ok(st == AGENT_REFUSED && asked == 1 && strstr(msg(),
	    "not confirmed") && strstr(question, "allow pid 7 (t) to sign "
	    "with key k0 (") != NULL, "confirm: no is no (%s)", question);
	answer_yes = 1;
	st = ask(rc, AGENT_SIGN, k[0]->pub.id, KEY_ID, m.data, m.len);
	unit_ok(st == AGENT_OK && asked == 2, "confirm: yes signs");
	buf_free(&m);
	for (i = 0; i < AGENT_MAX_KEYS; i++)
		add(r, k[i], 0, 0, 0);
	unit_ok(add(r, k[AGENT_MAX_KEYS], 0, 0, 0) == AGENT_REFUSED &&
	    add(r, k[3], 0, 0, 0) == AGENT_OK &&
	    keyring_count(r) == AGENT_MAX_KEYS, "full: refused, but a "
	    "key held is replaced");
	unit_ok(ask(r, AGENT_FORGET, k[3]->pub.id, KEY_ID, NULL, 0) ==
	    AGENT_OK && ask(r, AGENT_FORGET, k[3]->pub.id, KEY_ID, NULL, 0) ==
	    AGENT_NOT_HELD && keyring_count(r) == AGENT_MAX_KEYS - 1,
	    "forget: one key");
	unit_ok(ask(r, AGENT_FORGET, zeros, KEY_ID, NULL, 0) == AGENT_OK &&
	    keyring_count(r) == 0, "forget: every key");
	for (i = 0; i <= AGENT_MAX_KEYS; i++)
		key_secret_free(k[i]);
	keyring_free(r);
	keyring_free(rc);
}

int
main(void)
{
	unit_init();
	test_malformed();
	test_add_key_sign();
	test_unseal();
	test_lifetimes();
	test_lock();
	test_confirm_forget_full();
	return unit_done();
}
