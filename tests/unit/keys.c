/*
 * Unit tests for key files: round trips, truncation, corruption, wrong
 * passphrase, and key derivation parameters a hostile file could ask for.
 */
#include <sys/stat.h>

#include <ctype.h>
#include <time.h>
#include <unistd.h>

#include "armor.h"
#include "fsio.h"
#include "key.h"
#include "unit.h"

#define PASS	"correct horse"
#define OFF_KDF	5		/* "ADJK" version kdf */
#define OFF_OPS	8
#define OFF_MEM	16
#define OFF_PAYLOAD (OFF_MEM + 8 + SEC_SALT + KEY_ID + SEC_NONCE)
#define SUM_TAG	"adj-keyfile-v1"

static char dir[] = "/tmp/adj-unit-keys.XXXXXX";

/* Reads a key file written by key_secret_write into text. */
static int
write_and_read(const struct key_secret *k, const char *pass, const char *name,
    struct buf *text)
{
	char path[256];
	struct error e;
	int rc;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	rc = key_secret_write(path, k, pass, pass ? strlen(pass) : 0, &e);
	if (rc == 0)
		rc = fsio_read(path, 65536, text, &e);
	return rc;
}

/*
 * Decodes the armored record, lets edit() change it, fixes the checksum
 * (so the file is "valid" apart from the change) and armors it again.
 */
static void
rewrite(const struct buf *text, void (*edit)(uint8_t *, size_t),
    int fix_sum, struct buf *out)
{
	struct armor_list l;
	struct error e;
	uint8_t *rec;
	size_t len;

	if (armor_read((const char *)text->data, text->len, ARMOR_SECRET, "t",
	    &l, &e) != 0 || l.n != 1) {
		printf("# rewrite: %s\n", e.msg);
		exit(1);
	}
	rec = l.items[0].data;
	len = l.items[0].len;
	edit(rec, len);
	if (fix_sum)
		sec_hash(rec + len - SEC_HASH, SUM_TAG, rec, len - SEC_HASH);
	buf_init(out);
	armor_wrap(rec, len, ARMOR_SECRET, out, &e);
	armor_list_free(&l);
}

static void
put_u64(uint8_t *p, uint64_t v)
{
	int i;

	for (i = 0; i < 8; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static void edit_ops_huge(uint8_t *r, size_t n) { (void)n; put_u64(r + OFF_OPS, UINT64_MAX); }
static void edit_ops_17(uint8_t *r, size_t n) { (void)n; put_u64(r + OFF_OPS, 17); }
static void edit_ops_zero(uint8_t *r, size_t n) { (void)n; put_u64(r + OFF_OPS, 0); }
static void edit_mem_huge(uint8_t *r, size_t n) { (void)n; put_u64(r + OFF_MEM, UINT64_MAX); }
static void edit_mem_2g(uint8_t *r, size_t n) { (void)n; put_u64(r + OFF_MEM, 2ULL << 30); }
static void edit_mem_tiny(uint8_t *r, size_t n) { (void)n; put_u64(r + OFF_MEM, 1); }
static void edit_kdf_7(uint8_t *r, size_t n) { (void)n; r[OFF_KDF] = 7; }
static void edit_version(uint8_t *r, size_t n) { (void)n; r[4] = 3; }
static void edit_version1(uint8_t *r, size_t n) { (void)n; r[4] = 1; }
static void edit_payload(uint8_t *r, size_t n) { r[n - SEC_HASH - SEC_TAG - 5] ^= 1; }
static void edit_keyid(uint8_t *r, size_t n) { (void)n; r[OFF_MEM + 8 + SEC_SALT] ^= 1; }
static void edit_salt(uint8_t *r, size_t n) { (void)n; r[OFF_MEM + 8] ^= 0x80; }
static void edit_seed(uint8_t *r, size_t n) { (void)n; r[OFF_PAYLOAD] ^= 1; }
static void edit_pkhalf(uint8_t *r, size_t n) { (void)n; r[OFF_PAYLOAD + 40] ^= 1; }
static void edit_boxpk(uint8_t *r, size_t n) { (void)n; r[OFF_PAYLOAD + 100] ^= 1; }
static void edit_reserved(uint8_t *r, size_t n) { (void)n; r[6] = 1; }
static void edit_sum(uint8_t *r, size_t n) { r[n - 1] ^= 1; }

static const struct {
	const char	*name;
	int		 encrypted;
	void		(*edit)(uint8_t *, size_t);
	int		 fix_sum;
	enum exit_status status;
	const char	*want;
} edits[] = {
	{ "opslimit 2^64-1", 1, edit_ops_huge, 1, EXIT_MALFORMED, "parameters" },
	{ "opslimit 17", 1, edit_ops_17, 1, EXIT_MALFORMED, "parameters" },
	{ "opslimit 0", 1, edit_ops_zero, 1, EXIT_MALFORMED, "parameters" },
	{ "memlimit 2^64-1", 1, edit_mem_huge, 1, EXIT_MALFORMED, "parameters" },
	{ "memlimit 2 GiB", 1, edit_mem_2g, 1, EXIT_MALFORMED, "parameters" },
	{ "memlimit 1 byte", 1, edit_mem_tiny, 1, EXIT_MALFORMED, "parameters" },
	{ "unencrypted key with opslimit", 0, edit_ops_17, 1, EXIT_MALFORMED,
	    "key derivation parameters" },
	{ "unknown kdf", 1, edit_kdf_7, 1, EXIT_MALFORMED,
	    "unknown key derivation" },
	{ "version 3", 0, edit_version, 1, EXIT_MALFORMED, "version 3" },
	{ "version 1 of version 2's length", 0, edit_version1, 1,
	    EXIT_MALFORMED, "want 249" },
	{ "checksum changed", 0, edit_sum, 0, EXIT_MALFORMED, "corrupt" },
	{ "payload changed, old checksum", 1, edit_payload, 0, EXIT_MALFORMED,
	    "corrupt" },
	{ "encrypted payload changed", 1, edit_payload, 1, EXIT_REFUSED,
	    "wrong passphrase" },
	{ "salt changed", 1, edit_salt, 1, EXIT_REFUSED, "wrong passphrase" },
	{ "name padding not zero", 0, edit_payload, 1, EXIT_MALFORMED,
	    "does not match its key id" },
	{ "public half of the signing key changed", 0, edit_pkhalf, 1,
	    EXIT_MALFORMED, "does not match its key id" },
	{ "encryption public key changed", 0, edit_boxpk, 1,
	    EXIT_MALFORMED, "does not match its key id" },
	{ "reserved byte set", 0, edit_reserved, 1, EXIT_MALFORMED,
	    "does not match its key id" },
	{ "key id changed (plain)", 0, edit_keyid, 1, EXIT_MALFORMED,
	    "does not match its key id" },
	{ "key id changed (encrypted)", 1, edit_keyid, 1, EXIT_REFUSED,
	    "wrong passphrase" },
};

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void
test_files(void)
{
	struct key_secret *k, *k2;
	struct buf plain, enc, bad;
	struct error e;
	struct stat st;
	char path[256];
	size_t i, cut;
	int needs;
	double t;

	k = key_generate("alice", &e);
	buf_init(&plain);
	buf_init(&enc);
	unit_ok(k != NULL && write_and_read(k, NULL, "plain.key", &plain) == 0 &&
	    write_and_read(k, PASS, "enc.key", &enc) == 0, "key files written");
	snprintf(path, sizeof(path), "%s/plain.key", dir);
	unit_ok(stat(path, &st) == 0 && (st.st_mode & 0777) == 0600,
	    "key file is 0600");
	unit_ok(key_secret_write(path, k, NULL, 0, &e) != 0,
	    "key file not overwritten");

	k2 = key_secret_decode((char *)plain.data, plain.len, NULL, 0, &needs,
	    "p", &e);
	unit_ok(k2 != NULL && !needs && key_same(&k->pub, &k2->pub) &&
	    strcmp(k2->pub.name, "alice") == 0 &&
	    memcmp(k2->sign_sk, k->sign_sk, SEC_SIGN_SK) == 0 &&
	    memcmp(k2->box_sk, k->box_sk, SEC_BOX_SK) == 0,
	    "unencrypted key round trip");
	key_secret_free(k2);

	error_clear(&e);
	k2 = key_secret_decode((char *)enc.data, enc.len, NULL, 0, &needs, "p",
	    &e);
	unit_ok(k2 == NULL && needs && unit_err(-1, &e, EXIT_USAGE,
	    "passphrase needed"), "encrypted key asks for a passphrase");
	k2 = key_secret_decode((char *)enc.data, enc.len, PASS, strlen(PASS),
	    &needs, "p", &e);
	unit_ok(k2 != NULL && key_same(&k->pub, &k2->pub) &&
	    memcmp(k2->sign_sk, k->sign_sk, SEC_SIGN_SK) == 0,
	    "encrypted key round trip");
	key_secret_free(k2);
	error_clear(&e);
	k2 = key_secret_decode((char *)enc.data, enc.len, "wrong", 5, &needs,
	    "p", &e);
	unit_ok(k2 == NULL && unit_err(-1, &e, EXIT_REFUSED,
	    "p: wrong passphrase"), "wrong passphrase refused");

	/* every truncation of the armored text */
	for (cut = 0; cut < plain.len - 1; cut += 5) {
		error_clear(&e);
		k2 = key_secret_decode((char *)plain.data, cut, NULL, 0,
		    &needs, "p", &e);
		if (k2 != NULL || !unit_err(-1, &e, EXIT_MALFORMED, NULL))
			break;
	}
	unit_ok(cut >= plain.len - 1, "truncated key file refused (every 5th "
	    "length)");
	key_secret_free(k2);

	for (i = 0; i < UNIT_NELEM(edits); i++) {
		struct buf *src = edits[i].encrypted ? &enc : &plain;

		rewrite(src, edits[i].edit, edits[i].fix_sum, &bad);
		error_clear(&e);
		t = now();
		k2 = key_secret_decode((char *)bad.data, bad.len, PASS,
		    strlen(PASS), &needs, "p", &e);
		t = now() - t;
		unit_ok(k2 == NULL && unit_err(-1, &e, edits[i].status,
		    edits[i].want) && t < 2.0, "key file with %s refused",
		    edits[i].name);
		key_secret_free(k2);
		/* without a passphrase, bad parameters still come first */
		if (strcmp(edits[i].want, "parameters") == 0) {
			error_clear(&e);
			t = now();
			k2 = key_secret_decode((char *)bad.data, bad.len, NULL,
			    0, &needs, "p", &e);
			t = now() - t;
			unit_ok(k2 == NULL && !needs && unit_err(-1, &e,
			    EXIT_MALFORMED, "parameters") && t < 0.5,
			    "%s refused before asking a passphrase, at once",
			    edits[i].name);
		}
		buf_free(&bad);
	}
	key_secret_free(k);
	buf_free(&plain);
	buf_free(&enc);
}

/* A version 2 record of an unencrypted key made version 1: the X25519
 * public key out of the payload, the checksum made again. */
static void
to_version1(const struct buf *text, struct buf *out)
{
	struct armor_list l;
	struct error e;
	uint8_t rec[512];
	size_t len;

	if (armor_read((const char *)text->data, text->len, ARMOR_SECRET, "t",
	    &l, &e) != 0 || l.n != 1 || l.items[0].len > sizeof(rec)) {
		printf("# to_version1: %s\n", e.msg);
		exit(1);
	}
	len = l.items[0].len - SEC_BOX_PK;
	memcpy(rec, l.items[0].data, OFF_PAYLOAD + SEC_SIGN_SK + SEC_BOX_SK);
	memcpy(rec + OFF_PAYLOAD + SEC_SIGN_SK + SEC_BOX_SK,
	    l.items[0].data + OFF_PAYLOAD + SEC_SIGN_SK + SEC_BOX_SK +
	    SEC_BOX_PK, len - OFF_PAYLOAD - SEC_SIGN_SK - SEC_BOX_SK);
	rec[4] = 1;
	sec_hash(rec + len - SEC_HASH, SUM_TAG, rec, len - SEC_HASH);
	buf_init(out);
	armor_wrap(rec, len, ARMOR_SECRET, out, &e);
	armor_list_free(&l);
}

/*
 * A key is loaded as its file carries its public keys; that its secret
 * halves make them is checked once (key_secret_check): a file whose seed
 * was changed (its checksum made again) loads, and the check refuses it.
 * A version 1 file (no X25519 public key in it) still loads, the same key.
 */
static void
test_checked_once(void)
{
	struct key_secret *k, *k2;
	struct buf plain, bad, old;
	struct error e;
	int needs;

	k = key_generate("alice", &e);
	buf_init(&plain);
	unit_ok(k != NULL && write_and_read(k, NULL, "once.key", &plain) == 0 &&
	    key_secret_check(k, "once.key", &e) == 0, "a new key checks out");
	rewrite(&plain, edit_seed, 1, &bad);
	error_clear(&e);
	k2 = key_secret_decode((char *)bad.data, bad.len, NULL, 0, &needs, "p",
	    &e);
	unit_ok(k2 != NULL && key_same(&k2->pub, &k->pub),
	    "a changed seed loads with the public keys of the file");
	unit_ok(k2 != NULL && unit_err(key_secret_check(k2, "p", &e), &e,
	    EXIT_MALFORMED, "p: secret key file is corrupt (its secret keys "
	    "do not make its public keys)"), "the check refuses it");
	key_secret_free(k2);
	buf_free(&bad);

	to_version1(&plain, &old);
	error_clear(&e);
	k2 = key_secret_decode((char *)old.data, old.len, NULL, 0, &needs, "p",
	    &e);
	unit_ok(k2 != NULL && key_same(&k2->pub, &k->pub) &&
	    memcmp(k2->box_sk, k->box_sk, SEC_BOX_SK) == 0 &&
	    key_secret_check(k2, "p", &e) == 0,
	    "a version 1 key file opens: the same key");
	key_secret_free(k2);
	buf_free(&old);
	key_secret_free(k);
	buf_free(&plain);
}

/* A key_pass_fn standing in for the program's prompt. */
struct asked {
	int		 calls;
	char		 path[256];
	const char	*give;		/* NULL: fail */
};

static int
give_pass(const char *path, char *out, size_t outlen, void *arg,
    struct error *e)
{
	struct asked *a = arg;

	a->calls++;
	snprintf(a->path, sizeof(a->path), "%s", path);
	if (a->give == NULL)
		return error_set(e, EXIT_USAGE, "no passphrase today");
	snprintf(out, outlen, "%s", a->give);
	return 0;
}

/*
 * key_secret_load asks the program's function for the passphrase, once,
 * and only for an encrypted key; the library itself never prompts.
 */
static void
test_load(void)
{
	struct key_secret *k, *k2;
	struct asked a;
	struct error e;
	char enc[256], plain[256];

	k = key_generate("carol", &e);
	snprintf(enc, sizeof(enc), "%s/load-enc.key", dir);
	snprintf(plain, sizeof(plain), "%s/load-plain.key", dir);
	unit_ok(k != NULL && key_secret_write(enc, k, PASS, strlen(PASS),
	    &e) == 0 && key_secret_write(plain, k, NULL, 0, &e) == 0,
	    "keys for key_secret_load written");

	memset(&a, 0, sizeof(a));
	a.give = PASS;
	k2 = key_secret_load(enc, give_pass, &a, &e);
	unit_ok(k2 != NULL && key_same(&k->pub, &k2->pub) && a.calls == 1 &&
	    strcmp(a.path, enc) == 0, "encrypted key: the callback gives the "
	    "passphrase, asked once with the key's path");
	key_secret_free(k2);

	memset(&a, 0, sizeof(a));
	a.give = "wrong";
	error_clear(&e);
	k2 = key_secret_load(enc, give_pass, &a, &e);
	unit_ok(k2 == NULL && a.calls == 1 && unit_err(-1, &e, EXIT_REFUSED,
	    "wrong passphrase"), "a wrong passphrase from the callback");

	memset(&a, 0, sizeof(a));
	error_clear(&e);
	k2 = key_secret_load(enc, give_pass, &a, &e);
	unit_ok(k2 == NULL && a.calls == 1 && unit_err(-1, &e, EXIT_USAGE,
	    "no passphrase today"), "the callback's error is the error");

	error_clear(&e);
	k2 = key_secret_load(enc, NULL, NULL, &e);
	unit_ok(k2 == NULL && unit_err(-1, &e, EXIT_USAGE,
	    "passphrase needed"), "no callback: an encrypted key is refused");

	memset(&a, 0, sizeof(a));
	k2 = key_secret_load(plain, give_pass, &a, &e);
	unit_ok(k2 != NULL && key_same(&k->pub, &k2->pub) && a.calls == 0,
	    "unencrypted key: the callback is not called");
	key_secret_free(k2);
	key_secret_free(k);
}

/*
 * Every rule of formats/key.md for a public key line: each case changes
 * one part of a good line (NULL keeps it) and names the error wanted.
 */
static char upid[32], id15[32], id17[32], badid[32], nopad[128], stray[128];
static char longb64[128], bits[128], longname[64], utf8name[64];

static const struct {
	const char	*what;
	const char	*lead, *tag, *s1, *name, *s2, *id, *s3, *b64, *trail;
	const char	*want;
} pubcases[] = {
	{ "two spaces", NULL, NULL, "  ", NULL, NULL, NULL, NULL, NULL, NULL,
	    "single spaces" },
	{ "a tab between fields", NULL, NULL, NULL, NULL, "\t", NULL, NULL,
	    NULL, NULL, "control character" },
	{ "a leading space", " ", NULL, NULL, NULL, NULL, NULL, NULL, NULL,
	    NULL, "single spaces" },
	{ "a trailing space", NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
	    " ", "single spaces" },
	{ "a trailing CR", NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
	    "\r", "control character" },
	{ "a trailing LF", NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
	    "\n", "control character" },
	{ "a fifth field", NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
	    " extra", "single spaces" },
	{ "three fields", NULL, NULL, NULL, NULL, NULL, "", "", NULL, NULL,
	    "single spaces" },
	{ "an empty line", "", "", "", "", "", "", "", "", "",
	    "single spaces" },
	{ "another type", NULL, "adjudicator-pk2", NULL, NULL, NULL, NULL,
	    NULL, NULL, NULL, "unknown public key type" },
	{ "an upper-case name", NULL, NULL, NULL, "Bob", NULL, NULL, NULL,
	    NULL, NULL, "bad key name" },
	{ "a name of 33 characters", NULL, NULL, NULL, longname, NULL, NULL,
	    NULL, NULL, NULL, "bad key name" },
	{ "a name in UTF-8", NULL, NULL, NULL, utf8name, NULL, NULL, NULL,
	    NULL, NULL, "non-ASCII" },
	{ "an upper-case key id", NULL, NULL, NULL, NULL, NULL, upid, NULL,
	    NULL, NULL, "lowercase hex" },
	{ "a key id of 15 digits", NULL, NULL, NULL, NULL, NULL, id15, NULL,
	    NULL, NULL, "lowercase hex" },
	{ "a key id of 17 digits", NULL, NULL, NULL, NULL, NULL, id17, NULL,
	    NULL, NULL, "lowercase hex" },
	{ "another key's id", NULL, NULL, NULL, NULL, NULL, badid, NULL, NULL,
	    NULL, "does not match the key" },
	{ "base64 without padding", NULL, NULL, NULL, NULL, NULL, NULL, NULL,
	    nopad, NULL, "64 bytes of base64" },
	{ "a stray character in the base64", NULL, NULL, NULL, NULL, NULL,
	    NULL, NULL, stray, NULL, "64 bytes of base64" },
	{ "base64 of 67 bytes", NULL, NULL, NULL, NULL, NULL, NULL, NULL,
	    longb64, NULL, "64 bytes of base64" },
	{ "base64 with stray bits", NULL, NULL, NULL, NULL, NULL, NULL, NULL,
	    bits, NULL, "64 bytes of base64" },
	{ "a line of 257 characters", NULL, NULL, NULL, NULL, NULL, NULL, NULL,
	    NULL, "                                                          "
	    "                                                                "
	    "           ", "longer than 256" },
};

static const char b64abc[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static void
test_public_rules(const struct key_secret *k)
{
	char line[KEY_LINE_MAX + 1], t[4][KEY_LINE_MAX], bad[1024];
	const char *f[9];
	struct key_public p;
	struct error e;
	size_t i, j, n;

	key_public_line(&k->pub, line, sizeof(line));
	if (sscanf(line, "%255s %255s %255s %255s", t[0], t[1], t[2], t[3]) !=
	    4)
		return;
	for (j = 0; t[2][j] != '\0'; j++)
		upid[j] = (char)toupper((unsigned char)t[2][j]);
	snprintf(id15, sizeof(id15), "%.15s", t[2]);
	snprintf(id17, sizeof(id17), "%.16s0", t[2]);
	snprintf(badid, sizeof(badid), "%c%.15s", t[2][0] == '0' ? '1' : '0',
	    t[2] + 1);
	n = strlen(t[3]);
	snprintf(nopad, sizeof(nopad), "%.*s", (int)n - 2, t[3]);
	snprintf(stray, sizeof(stray), "%.10s*%.77s", t[3], t[3] + 11);
	snprintf(longb64, sizeof(longb64), "%.*sAAAA==", (int)n - 2, t[3]);
	/* the last character before "==" carries 2 bits and 4 zero bits:
	 * the next one in the alphabet sets one of the zero bits */
	snprintf(bits, sizeof(bits), "%.*s%c==", (int)n - 3, t[3],
	    b64abc[strchr(b64abc, t[3][n - 3]) - b64abc + 1]);
	snprintf(longname, sizeof(longname), "%s",
	    "abcdefghijklmnopqrstuvwxyz0123456");
	snprintf(utf8name, sizeof(utf8name), "%s", "b\xc3\xb6" "b");
	for (i = 0; i < UNIT_NELEM(pubcases); i++) {
		f[0] = pubcases[i].lead ? pubcases[i].lead : "";
		f[1] = pubcases[i].tag ? pubcases[i].tag : t[0];
		f[2] = pubcases[i].s1 ? pubcases[i].s1 : " ";
		f[3] = pubcases[i].name ? pubcases[i].name : t[1];
		f[4] = pubcases[i].s2 ? pubcases[i].s2 : " ";
		f[5] = pubcases[i].id ? pubcases[i].id : t[2];
		f[6] = pubcases[i].s3 ? pubcases[i].s3 : " ";
		f[7] = pubcases[i].b64 ? pubcases[i].b64 : t[3];
		f[8] = pubcases[i].trail ? pubcases[i].trail : "";
		snprintf(bad, sizeof(bad), "%s%s%s%s%s%s%s%s%s", f[0], f[1],
		    f[2], f[3], f[4], f[5], f[6], f[7], f[8]);
		error_clear(&e);
		unit_ok(unit_err(key_public_parse(bad, &p, "l", &e), &e,
		    EXIT_MALFORMED, pubcases[i].want) &&
		    strncmp(e.msg, "l: ", 3) == 0,
		    "public key line with %s refused", pubcases[i].what);
	}
}

/* Lines with true key ids for keys no key pair has. */
static void
test_public_low_order(const struct key_secret *k)
{
	struct key_public bad, p;
	struct error e;
	char line[KEY_LINE_MAX + 1];

	bad = k->pub;
	memset(bad.box_pk, 0, sizeof(bad.box_pk));
	key_compute_id(&bad);
	key_public_line(&bad, line, sizeof(line));
	error_clear(&e);
	unit_ok(unit_err(key_public_parse(line, &p, "l", &e), &e,
	    EXIT_MALFORMED, "encryption key of low order"),
	    "an all-zero encryption key is refused");
	sec_unhex(bad.box_pk, sizeof(bad.box_pk), "e0eb7a7c3b41b8ae1656e3faf1"
	    "9fc46ada098deb9c32b1fd866205165f49b800");
	key_compute_id(&bad);
	key_public_line(&bad, line, sizeof(line));
	error_clear(&e);
	unit_ok(unit_err(key_public_parse(line, &p, "l", &e), &e,
	    EXIT_MALFORMED, "encryption key of low order"),
	    "an encryption key of order 8 is refused");
	bad = k->pub;
	memset(bad.sign_pk, 0, sizeof(bad.sign_pk));
	key_compute_id(&bad);
	key_public_line(&bad, line, sizeof(line));
	error_clear(&e);
	unit_ok(unit_err(key_public_parse(line, &p, "l", &e), &e,
	    EXIT_MALFORMED, "not a valid Ed25519 signing key"),
	    "an all-zero signing key is refused");
}

static void
test_public(void)
{
	struct key_secret *k;
	struct key_public p;
	struct error e;
	char line[KEY_LINE_MAX + 1], bad[KEY_LINE_MAX + 64];
	char *sp;

	k = key_generate("bob-2", &e);
	key_public_line(&k->pub, line, sizeof(line));
	unit_ok(key_public_parse(line, &p, "l", &e) == 0 &&
	    key_same(&p, &k->pub) && strcmp(p.name, "bob-2") == 0 &&
	    strcmp(p.idhex, k->pub.idhex) == 0, "public key line round trip");

	snprintf(bad, sizeof(bad), "%s", line);
	sp = strrchr(bad, ' ') + 5;
	*sp = *sp == 'A' ? 'B' : 'A';
	error_clear(&e);
	unit_ok(unit_err(key_public_parse(bad, &p, "l", &e), &e,
	    EXIT_MALFORMED, "does not match"), "changed public key refused");
	snprintf(bad, sizeof(bad), "%s extra", line);
	unit_ok(unit_err(key_public_parse(bad, &p, "l", &e), &e,
	    EXIT_MALFORMED, "not a public key line"), "trailing word refused");
	snprintf(bad, sizeof(bad), "adjudicator-pk2%s", line + 15);
	unit_ok(unit_err(key_public_parse(bad, &p, "l", &e), &e,
	    EXIT_MALFORMED, "unknown public key type"), "unknown tag refused");
	snprintf(bad, sizeof(bad), "%.16sBob%s", line, line + 21);
	unit_ok(unit_err(key_public_parse(bad, &p, "l", &e), &e,
	    EXIT_MALFORMED, "bad key name"), "bad name refused");
	snprintf(bad, sizeof(bad), "%.*s", (int)strlen(line) - 4, line);
	unit_ok(unit_err(key_public_parse(bad, &p, "l", &e), &e,
	    EXIT_MALFORMED, NULL), "truncated public key refused");
	unit_ok(!key_name_ok("") && !key_name_ok("1a") && !key_name_ok("a b") &&
	    !key_name_ok("A") && !key_name_ok("a/b") && !key_name_ok("a.b") &&
	    key_name_ok("a") && key_name_ok("abcdefghijklmnopqrstuvwxyz012345") &&
	    !key_name_ok("abcdefghijklmnopqrstuvwxyz0123456"), "key names");
	error_clear(&e);
	unit_ok(key_generate("../x", &e) == NULL && e.status == EXIT_USAGE,
	    "key_generate refuses a bad name");
	test_public_rules(k);
	test_public_low_order(k);
	key_secret_free(k);
}

int
main(void)
{
	char cmd[300];
	int rc;

	unit_init();
	if (mkdtemp(dir) == NULL) {
		printf("not ok - mkdtemp\n");
		return 1;
	}
	test_files();
	test_checked_once();
	test_load();
	test_public();
	rc = unit_done();
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		rc = 1;
	return rc;
}
