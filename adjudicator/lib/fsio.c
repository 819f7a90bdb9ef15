/*
 * File input and output with the guarantees DESIGN.md section 6 asks for:
 * a crash or a full disk never leaves a half-written file in place.
 *
 * Every file is first written whole to a temp file beside it, named
 * DIR/.BASE.tmp.RANDOM (hidden, so that readers listing the directory
 * skip it, and unpredictable, so that no leftover can block a later
 * write), synced, then renamed into place, or, when it must not replace
 * anything (key files, secrets), linked into place: the file is either
 * absent or whole, never empty or cut.  A writer killed
 * half-way leaves only its temp file; the next successful write of the
 * same target removes temp files of that target older than
 * FSIO_TMP_STALE seconds, in this pattern or the older BASE.tmp.PID.
 */
#include <sys/file.h>
#include <sys/stat.h>
#ifdef __linux__
#include <sys/syscall.h>
#endif

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "fault.h"
#include "fsio.h"
#include "sec.h"

#define TMP_MARK	".tmp."
#define TMP_RANDOM	8		/* random bytes, in hex in the name */
#define FSIO_RENAME_NOREPLACE	1	/* <linux/fs.h> RENAME_NOREPLACE */

const char *
fsio_name(const char *path)
{
	return (path == NULL || strcmp(path, "-") == 0) ? "stdin" : path;
}

/* Reads fd to its end into b, straight into the buffer (no copy of a
 * secret left on the stack), at most max bytes.  known: fd's stat, as
 * its opener took it; NULL: taken here. */
static int
read_fd(int fd, const char *name, size_t max, const struct stat *known,
    struct buf *b, struct error *e)
{
	struct stat own;
	const struct stat *st = known;
	size_t chunk = 65536;
	ssize_t n;

	if (st == NULL)
		st = fstat(fd, &own) == 0 ? &own : NULL;
	/* a file's own size, and one byte to see its end: no larger buffer
	 * to wipe afterwards than the file needs */
	if (st != NULL && S_ISREG(st->st_mode) && st->st_size >= 0 &&
	    (uint64_t)st->st_size < max)
		chunk = (size_t)st->st_size + 1;
	for (;;) {
		/* a chunk at a time: at most max + chunk bytes are read */
		if (buf_reserve(b, chunk) != 0)
			return error_set(e, EXIT_SYSTEM, "%s: out of memory",
			    name);
		n = read(fd, b->data + b->len, chunk);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return error_errno(e, "%s", name);
		}
		if (n == 0)
			break;
		if (b->len + (size_t)n > max)
			return error_set(e, EXIT_MALFORMED, "%s: input larger "
			    "than %zu bytes", name, max);
		b->len += (size_t)n;
	}
	if (buf_cstr(b) != 0)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	return 0;
}

/* path opened for reading, a regular file, and its stat in *st (what
 * its readers need of it: no second fstat). */
static int
open_regular(const char *path, struct stat *st, struct error *e)
{
	int fd;

	/* O_NONBLOCK: opening a FIFO with no writer must not hang */
	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY |
	    O_CLOEXEC)) < 0)
		return error_errno(e, "%s", path);
	if (fstat(fd, st) != 0) {
		error_errno(e, "%s", path);
		close(fd);
		return -1;
	}
	if (!S_ISREG(st->st_mode)) {
		close(fd);
		return error_set(e, EXIT_REFUSED, "%s: not a regular file",
		    path);
	}
	/* a regular file never blocks; reads as usual from here.  O_NONBLOCK
	 * is the one status flag open set, so clearing them all clears it,
	 * without an F_GETFL first */
	(void)fcntl(fd, F_SETFL, 0);
	return fd;
}

int
fsio_open_regular(const char *path, struct error *e)
{
	struct stat st;

	return open_regular(path, &st, e);
}

FILE *
fsio_fopen_regular(const char *path, struct error *e)
{
	FILE *f;
	int fd;

	if (path == NULL || strcmp(path, "-") == 0)
		return stdin;
	if ((fd = fsio_open_regular(path, e)) < 0)
		return NULL;
	if ((f = fdopen(fd, "r")) == NULL) {
		error_errno(e, "%s", path);
		close(fd);
	}
	return f;
}

int
fsio_read(const char *path, size_t max, struct buf *b, struct error *e)
{
	if (path == NULL || strcmp(path, "-") == 0)
		return read_fd(STDIN_FILENO, fsio_name(path), max, NULL, b,
		    e);
	return fsio_read_regular(path, max, b, NULL, e);
}

int
fsio_read_regular(const char *path, size_t max, struct buf *b,
    unsigned int *mode, struct error *e)
{
	struct stat st;
	int fd, rc;

	if ((fd = open_regular(path, &st, e)) < 0)
		return -1;
	if (mode != NULL)
		*mode = (unsigned int)(st.st_mode & 07777);
	/* bounded before a byte is read: a file larger than max is
	 * refused by its size */
	if ((uint64_t)st.st_size > max) {
		close(fd);
		return error_set(e, EXIT_MALFORMED, "%s: input larger than "
		    "%zu bytes", path, max);
	}
	rc = read_fd(fd, path, max, &st, b, e);
	close(fd);
	return rc;
}

static int
write_all(int fd, const void *p, size_t len)
{
	const uint8_t *q = p;
	ssize_t n;

	while (len > 0) {
		n = FAULT("write") ? -1 : write(fd, q, len);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		q += n;
		len -= (size_t)n;
	}
	return 0;
}

static void
sync_dir(const char *path)
{
	char dir[PATH_MAX];
	const char *slash = strrchr(path, '/');
	int fd;

	if (slash == NULL)
		snprintf(dir, sizeof(dir), ".");
	else if ((size_t)(slash - path) < sizeof(dir))
		snprintf(dir, sizeof(dir), "%.*s", (int)(slash - path + 1), path);
	else
		return;
	if ((fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) >= 0) {
		(void)(FAULT("fsync") || fsync(fd));
		close(fd);
	}
}

void
fsio_sync_dir_of(const char *path)
{
	sync_dir(path);
}

/* path split at its last slash: dir ("." when none) and base. */
static int
split_path(const char *path, char *dir, size_t dirlen, const char **base)
{
	const char *slash = strrchr(path, '/');

	*base = slash ? slash + 1 : path;
	if (slash == NULL)
		return snprintf(dir, dirlen, ".") < 0 ? -1 : 0;
	return (size_t)snprintf(dir, dirlen, "%.*s", (int)(slash - path + 1),
	    path) >= dirlen ? -1 : 0;
}

/*
 * A temp file name of base: ".BASE.tmp." and TMP_RANDOM bytes in hex, or
 * what older versions wrote, "BASE.tmp." and a process id.
 */
static int
tmp_name(const char *name, const char *base)
{
	size_t n = strlen(base), m = strlen(TMP_MARK);
	const char *s;

	if (name[0] == '.' && strncmp(name + 1, base, n) == 0 &&
	    strncmp(name + 1 + n, TMP_MARK, m) == 0) {
		s = name + 1 + n + m;
		return strlen(s) == 2 * TMP_RANDOM &&
		    strspn(s, "0123456789abcdef") == 2 * TMP_RANDOM;
	}
	if (strncmp(name, base, n) == 0 && strncmp(name + n, TMP_MARK, m) == 0) {
		s = name + n + m;
		return *s != '\0' && strlen(s) <= 10 &&
		    strspn(s, "0123456789") == strlen(s);
	}
	return 0;
}

/*
 * Removes path's stale temp files: regular files of ours, in one of the
 * two temp patterns of this very target, untouched for FSIO_TMP_STALE
 * seconds (a writer still at work is never that slow).  Best effort.
 */
static void
tmp_sweep(const char *path)
{
	char dir[PATH_MAX];
	const char *base;
	DIR *d;
	struct dirent *de;
	struct stat st;
	time_t now = time(NULL);

	if (split_path(path, dir, sizeof(dir), &base) != 0 ||
	    (d = opendir(dir)) == NULL)
		return;
	while ((de = readdir(d)) != NULL) {
		if (!tmp_name(de->d_name, base) ||
		    fstatat(dirfd(d), de->d_name, &st,
		    AT_SYMLINK_NOFOLLOW) != 0)
			continue;
		if (S_ISREG(st.st_mode) && st.st_uid == geteuid() &&
		    st.st_mtime + FSIO_TMP_STALE <= now)
			(void)unlinkat(dirfd(d), de->d_name, 0);
	}
	closedir(d);
}

/*
 * Writes data whole to a new temp file beside path and syncs it; tmp
 * receives its name.  On failure nothing is left behind.
 */
static int
tmp_write(const char *path, const void *p, size_t len, int mode, int sync,
    char *tmp, size_t tmplen, struct error *e)
{
	const char *slash = strrchr(path, '/');
	int dirlen = slash ? (int)(slash - path + 1) : 0;
	char hex[2 * TMP_RANDOM + 1];
	uint8_t rnd[TMP_RANDOM];
	int fd = -1, tries;

	for (tries = 0; fd < 0 && tries < 16; tries++) {
		sec_random(rnd, sizeof(rnd));
		sec_hex(hex, sizeof(hex), rnd, sizeof(rnd));
		if ((size_t)snprintf(tmp, tmplen, "%.*s.%s%s%s", dirlen, path,
		    path + dirlen, TMP_MARK, hex) >= tmplen)
			return error_set(e, EXIT_SYSTEM, "%s: path too long",
			    path);
		fd = FAULT("open") ? -1 : open(tmp, O_WRONLY | O_CREAT |
		    O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
		if (fd < 0 && errno != EEXIST)
			break;
	}
	if (fd < 0)
		return error_errno(e, "%s", tmp);
	if (write_all(fd, p, len) != 0 || (sync && (FAULT("fsync") ||
	    fsync(fd) != 0))) {
		error_errno(e, "%s", tmp);
		close(fd);
		unlink(tmp);
		return -1;
	}
	if (close(fd) != 0) {
		error_errno(e, "%s", tmp);
		unlink(tmp);
		return -1;
	}
	return 0;
}

int
fsio_write_atomic(const char *path, const void *p, size_t len, int mode,
    struct error *e)
{
	char tmp[PATH_MAX];

	if (tmp_write(path, p, len, mode, 1, tmp, sizeof(tmp), e) != 0)
		return -1;
	if (FAULT("rename") || rename(tmp, path) != 0) {
		error_errno(e, "%s", path);
		unlink(tmp);
		return -1;
	}
	sync_dir(path);
	tmp_sweep(path);
	return 0;
}

int
fsio_write_cache(const char *path, const void *p, size_t len, int mode,
    struct error *e)
{
	char tmp[PATH_MAX];

	if (tmp_write(path, p, len, mode, 0, tmp, sizeof(tmp), e) != 0)
		return -1;
	if (FAULT("rename") || rename(tmp, path) != 0) {
		error_errno(e, "%s", path);
		unlink(tmp);
		return -1;
	}
	tmp_sweep(path);
	return 0;
}

int
fsio_write_inplace(const char *path, const void *p, size_t len, int mode,
    struct error *e)
{
	struct stat st;
	int fd, rc = 0;

	if ((fd = FAULT("open") ? -1 : open(path, O_WRONLY | O_CREAT |
	    O_CLOEXEC | O_NOFOLLOW, mode)) < 0)
		return error_errno(e, "%s", path);
	/* no O_TRUNC: a file cut to nothing is also written out at once */
	if (write_all(fd, p, len) != 0 || fstat(fd, &st) != 0 ||
	    ((size_t)st.st_size > len && (FAULT("truncate") ||
	    ftruncate(fd, (off_t)len) != 0)))
		rc = error_errno(e, "%s", path);
	close(fd);
	/* what an older version's renames left beside it */
	if (rc == 0)
		tmp_sweep(path);
	return rc;
}

/*
 * Puts the complete temp file in place only if nothing is at path: a
 * hard link then unlinking the temp, or renameat2 RENAME_NOREPLACE on a
 * file system without hard links.  Fails with errno EEXIST when path
 * exists.
 */
static int
place_excl(const char *tmp, const char *path)
{
	int saved;

	if (!FAULT("link") && link(tmp, path) == 0) {
		(void)unlink(tmp);
		return 0;
	}
	saved = errno;
#ifdef SYS_renameat2
	if (saved != EEXIST && syscall(SYS_renameat2, AT_FDCWD, tmp, AT_FDCWD,
	    path, FSIO_RENAME_NOREPLACE) == 0)
		return 0;
	if (errno == EEXIST)
		saved = EEXIST;
#endif
	errno = saved;
	return -1;
}

int
fsio_write_excl(const char *path, const void *p, size_t len, int mode,
    struct error *e)
{
	char tmp[PATH_MAX];

	if (tmp_write(path, p, len, mode, 1, tmp, sizeof(tmp), e) != 0)
		return -1;
	if (place_excl(tmp, path) != 0) {
		if (errno == EEXIST)
			error_set(e, EXIT_REFUSED, "%s: already exists; not "
			    "overwritten", path);
		else
			error_errno(e, "%s", path);
		unlink(tmp);
		return -1;
	}
	sync_dir(path);
	tmp_sweep(path);
	return 0;
}

/*
 * Appends to the open fd (-1: path could not be opened), synced or not,
 * and closes it; an append that fails is cut off again, so the file is as
 * it was.
 */
static int
append_fd(int fd, const char *path, const void *p, size_t len, int sync,
    struct error *e)
{
	struct stat st;

	memset(&st, 0, sizeof(st));
	if (fd < 0)
		return error_errno(e, "%s", path);
	if (fstat(fd, &st) != 0 || write_all(fd, p, len) != 0 ||
	    (sync && (FAULT("fsync") || fsync(fd) != 0))) {
		error_errno(e, "%s", path);
		if (S_ISREG(st.st_mode))
			(void)ftruncate(fd, st.st_size);
		close(fd);
		return -1;
	}
	if (close(fd) != 0)
		return error_errno(e, "%s", path);
	return 0;
}

int
fsio_append(const char *path, const void *p, size_t len, struct error *e)
{
	int fd;

	fd = FAULT("open") ? -1 : open(path, O_WRONLY | O_APPEND | O_CLOEXEC);
	if (fd < 0 && errno == ENOENT) {
		/* a new file: whole or absent, never created empty */
		if (fsio_write_excl(path, p, len, 0600, e) == 0)
			return 0;
		if (!fsio_exists(path))
			return -1;
		/* made meanwhile by another writer: appended to after all */
		fd = FAULT("open") ? -1 : open(path, O_WRONLY | O_APPEND |
		    O_CLOEXEC);
	}
	return append_fd(fd, path, p, len, 1, e);
}

int
fsio_append_log(const char *path, const void *p, size_t len, struct error *e)
{
	int fd;

	fd = FAULT("open") ? -1 : open(path, O_WRONLY | O_APPEND | O_CREAT |
	    O_CLOEXEC, 0600);
	return append_fd(fd, path, p, len, 0, e);
}

int
fsio_lock(const char *path, int *fd, struct error *e)
{
	if ((*fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600)) < 0)
		return error_errno(e, "%s", path);
	while (flock(*fd, LOCK_EX) != 0)
		if (errno != EINTR) {
			error_errno(e, "%s", path);
			close(*fd);
			*fd = -1;
			return -1;
		}
	return 0;
}

void
fsio_unlock(int fd)
{
	if (fd >= 0)
		close(fd);
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int
fsio_names(const char *dir, char ***names, size_t *n, struct error *e)
{
	struct dirent *de;
	char **more;
	DIR *dp;
	int rc = 0;

	*names = NULL;
	*n = 0;
	if ((dp = opendir(dir)) == NULL)
		return 1;
	while (rc == 0 && (de = readdir(dp)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		if ((more = realloc(*names, (*n + 1) * sizeof(**names))) ==
		    NULL || (more[*n] = strdup(de->d_name)) == NULL)
			rc = error_set(e, EXIT_SYSTEM, "out of memory");
		if (more != NULL)
			*names = more;
		*n += rc == 0;
	}
	closedir(dp);
	if (*n > 1)
		qsort(*names, *n, sizeof(**names), by_name);
	return rc;
}

void
fsio_names_free(char **names, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

int
fsio_exists(const char *path)
{
	struct stat st;

	/* the name, whatever it names: a link to nothing is there, and
	 * reading it fails, never counts as "absent" */
	return lstat(path, &st) == 0;
}

int
fsio_mkdir(const char *path, int mode, struct error *e)
{
	if ((FAULT("mkdir") || mkdir(path, mode) != 0) && errno != EEXIST)
		return error_errno(e, "%s", path);
	return 0;
}

int
fsio_write_stdout(const void *p, size_t len, struct error *e)
{
	if (write_all(STDOUT_FILENO, p, len) != 0)
		return error_errno(e, "stdout");
	return 0;
}
