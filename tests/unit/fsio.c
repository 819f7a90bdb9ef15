/*
 * Unit tests for file writes: a leftover temp file never blocks a later
 * write, and stale temp files of the same target are swept, nothing else.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <time.h>
#include <unistd.h>

#include "fsio.h"
#include "unit.h"

static char dir[] = "/tmp/adj-unit-fsio.XXXXXX";

/* Creates DIR/name holding "junk", last changed age seconds ago. */
static int
plant(const char *name, int age)
{
	char p[512];
	struct timespec ts[2];
	int fd;

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	if ((fd = open(p, O_WRONLY | O_CREAT | O_EXCL, 0600)) < 0 ||
	    write(fd, "junk", 4) != 4 || close(fd) != 0)
		return -1;
	ts[0].tv_sec = ts[1].tv_sec = time(NULL) - age;
	ts[0].tv_nsec = ts[1].tv_nsec = 0;
	return utimensat(AT_FDCWD, p, ts, 0);
}

static int
there(const char *name)
{
	char p[512];
	struct stat st;

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	return lstat(p, &st) == 0;
}

/* The number of entries in dir, "." and ".." aside. */
static int
entries(void)
{
	char cmd[600];
	FILE *f;
	int n = -1;

	snprintf(cmd, sizeof(cmd), "ls -A '%s' | wc -l", dir);
	if ((f = popen(cmd, "r")) != NULL) {
		if (fscanf(f, "%d", &n) != 1)
			n = -1;
		pclose(f);
	}
	return n;
}

static int
holds(const char *name, const char *want)
{
	char p[512];
	struct buf b;
	struct error e;
	int ok;

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	buf_init(&b);
	ok = fsio_read(p, 4096, &b, &e) == 0 && b.len == strlen(want) &&
	    memcmp(b.data, want, b.len) == 0;
	buf_free(&b);
	return ok;
}

/*
 * Leftovers of the old scheme, PATH.tmp.PID, used to block every later
 * write by a process with the same id, for good.
 */
static void
test_leftover_does_not_block(void)
{
	char name[64], p[512];
	struct error e;

	snprintf(name, sizeof(name), "state.tmp.%ld", (long)getpid());
	snprintf(p, sizeof(p), "%s/state", dir);
	unit_ok(plant(name, 120) == 0, "a stale leftover with this process's "
	    "old temp name planted");
	error_clear(&e);
	unit_ok(fsio_write_atomic(p, "one", 3, 0600, &e) == 0 &&
	    holds("state", "one"), "an atomic write succeeds beside it (%s)",
	    e.msg);
	unit_ok(!there(name), "the stale leftover is swept");
	unit_ok(plant(name, 0) == 0, "a fresh one planted");
	error_clear(&e);
	unit_ok(fsio_write_atomic(p, "two", 3, 0600, &e) == 0 &&
	    holds("state", "two"), "the write succeeds again (%s)", e.msg);
	unit_ok(there(name), "a fresh temp file is kept: its writer may be at "
	    "work");
	snprintf(p, sizeof(p), "%s/%s", dir, name);
	unlink(p);
	snprintf(p, sizeof(p), "%s/state", dir);
	unlink(p);
	unit_ok(entries() == 0, "no temp file left behind by the writes");
}

static const struct {
	const char	*name;
	int		 age;
	int		 swept;
} planted[] = {
	{ "game.tmp.12345", 120, 1 },			/* old pattern */
	{ "game.tmp.1", 61, 1 },
	{ ".game.tmp.0123456789abcdef", 120, 1 },	/* new pattern */
	{ ".game.tmp.fedcba9876543210", 5, 0 },		/* fresh */
	{ "game.tmp.42", 5, 0 },
	{ "game.tmp.12a45", 120, 0 },			/* not a pid */
	{ "game.tmp.", 120, 0 },
	{ ".game.tmp.0123456789ABCDEF", 120, 0 },	/* not our hex */
	{ ".game.tmp.0123456789abcde", 120, 0 },	/* too short */
	{ "other.tmp.12345", 120, 0 },			/* another target */
	{ ".other.tmp.0123456789abcdef", 120, 0 },
	{ "gam.tmp.12345", 120, 0 },
	{ "game.tmp.12345.x", 120, 0 },
	{ "game", 120, 0 },				/* the target */
	{ "game.bak", 120, 0 },
};

static void
test_sweep(void)
{
	char p[512];
	struct error e;
	size_t i;
	int ok = 1, mk = 1;

	for (i = 0; i < UNIT_NELEM(planted); i++)
		mk &= plant(planted[i].name, planted[i].age) == 0;
	/* neither a symlink nor a directory in the pattern is removed */
	snprintf(p, sizeof(p), "%s/game.tmp.777", dir);
	mk &= symlink("game.bak", p) == 0;
	snprintf(p, sizeof(p), "%s/.game.tmp.00000000000000aa", dir);
	mk &= mkdir(p, 0700) == 0;
	unit_ok(mk, "stale, fresh and unrelated files planted");
	snprintf(p, sizeof(p), "%s/game", dir);
	unit_ok(fsio_write_atomic(p, "new", 3, 0600, &e) == 0 &&
	    holds("game", "new"), "the write succeeds");
	for (i = 0; i < UNIT_NELEM(planted); i++) {
		if (planted[i].swept == there(planted[i].name)) {
			printf("# %s: %s\n", planted[i].name, planted[i].swept ?
			    "not swept" : "swept");
			ok = 0;
		}
	}
	unit_ok(ok, "stale temp files of the target swept, nothing else");
	unit_ok(there("game.tmp.777") && there(".game.tmp.00000000000000aa"),
	    "a symlink and a directory in the pattern are kept");
}

/* Exclusive creation: whole or not at all, never over anything. */
static void
test_excl(void)
{
	char p[512], q[512];
	struct error e;

	snprintf(p, sizeof(p), "%s/secret", dir);
	error_clear(&e);
	unit_ok(fsio_write_excl(p, "s1", 2, 0600, &e) == 0 &&
	    holds("secret", "s1"), "exclusive write (%s)", e.msg);
	error_clear(&e);
	unit_ok(unit_err(fsio_write_excl(p, "s2", 2, 0600, &e), &e,
	    EXIT_REFUSED, "secret: already exists; not overwritten") &&
	    holds("secret", "s1"), "an existing file is refused, unchanged");
	snprintf(q, sizeof(q), "%s/dangling", dir);
	unit_ok(symlink("nowhere", q) == 0 &&
	    unit_err(fsio_write_excl(q, "s3", 2, 0600, &e), &e, EXIT_REFUSED,
	    "already exists") && !there("nowhere"),
	    "a dangling symlink is not followed");
	unlink(p);
	unlink(q);
	unit_ok(entries() == 0, "no temp file left behind");
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
	test_leftover_does_not_block();
	test_excl();
	test_sweep();
	rc = unit_done();
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		rc = 1;
	return rc;
}
