/*
 * Unit tests for key files: round trips, truncation, corruption, wrong
 * passphrase, and key derivation parameters a hostile file could ask for.
 */
#include <sys/stat.h>

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
static void edit_version(uint8_t *r, size_t n) { (void)n; r[4] = 2; }
static void edit_payload(uint8_t *r, size_t n) { r[n - SEC_HASH - SEC_TAG - 5] ^= 1; }
static void edit_keyid(uint8_t *r, size_t n) { (void)n; r[OFF_MEM + 8 + SEC_SALT] ^= 1; }
static void edit_salt(uint8_t *r, size_t n) { (void)n; r[OFF_MEM + 8] ^= 0x80; }
static void edit_seed(uint8_t *r, size_t n) { (void)n; r[OFF_PAYLOAD] ^= 1; }
static void edit_pkhalf(uint8_t *r, size_t n) { (void)n; r[OFF_PAYLOAD + 40] ^= 1; }
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
	{ "version 2", 0, edit_version, 1, EXIT_MALFORMED, "version 2" },
	{ "checksum changed", 0, edit_sum, 0, EXIT_MALFORMED, "corrupt" },
	{ "payload changed, old checksum", 1, edit_payload, 0, EXIT_MALFORMED,
	    "corrupt" },
	{ "encrypted payload changed", 1, edit_payload, 1, EXIT_REFUSED,
	    "wrong passphrase" },
	{ "salt changed", 1, edit_salt, 1, EXIT_REFUSED, "wrong passphrase" },
	{ "name padding not zero", 0, edit_payload, 1, EXIT_MALFORMED,
	    "does not match its key id" },
	{ "signing seed changed", 0, edit_seed, 1, EXIT_MALFORMED,
	    "does not match its key id" },
	{ "public half of the signing key changed", 0, edit_pkhalf, 1,
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
	test_load();
	test_public();
	rc = unit_done();
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		rc = 1;
	return rc;
}
