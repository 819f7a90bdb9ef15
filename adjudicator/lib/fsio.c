/*
 * File input and output with the guarantees DESIGN.md section 6 asks for:
 * a crash or a full disk never leaves a half-written file in place.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "fsio.h"

const char *
fsio_name(const char *path)
{
	return (path == NULL || strcmp(path, "-") == 0) ? "stdin" : path;
}

int
fsio_read(const char *path, size_t max, struct buf *b, struct error *e)
{
	int fd, rc = -1;
	ssize_t n;
	uint8_t chunk[65536];
	int is_stdin = (path == NULL || strcmp(path, "-") == 0);

	fd = is_stdin ? STDIN_FILENO : open(path, O_RDONLY);
	if (fd < 0)
		return error_errno(e, "%s", path);
	for (;;) {
		n = read(fd, chunk, sizeof(chunk));
		if (n < 0) {
			if (errno == EINTR)
				continue;
			error_errno(e, "%s", fsio_name(path));
			goto done;
		}
		if (n == 0)
			break;
		if (b->len + (size_t)n > max) {
			error_set(e, EXIT_MALFORMED, "%s: input larger than %zu "
			    "bytes", fsio_name(path), max);
			goto done;
		}
		if (buf_add(b, chunk, (size_t)n) != 0) {
			error_set(e, EXIT_SYSTEM, "%s: out of memory",
			    fsio_name(path));
			goto done;
		}
	}
	if (buf_cstr(b) != 0) {
		error_set(e, EXIT_SYSTEM, "out of memory");
		goto done;
	}
	rc = 0;
done:
	if (!is_stdin)
		close(fd);
	return rc;
}

static int
write_all(int fd, const void *p, size_t len)
{
	const uint8_t *q = p;
	ssize_t n;

	while (len > 0) {
		n = write(fd, q, len);
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
	if ((fd = open(dir, O_RDONLY | O_DIRECTORY)) >= 0) {
		fsync(fd);
		close(fd);
	}
}

int
fsio_write_atomic(const char *path, const void *p, size_t len, int mode,
    struct error *e)
{
	char tmp[PATH_MAX];
	int fd;

	if ((size_t)snprintf(tmp, sizeof(tmp), "%s.tmp.%ld", path,
	    (long)getpid()) >= sizeof(tmp))
		return error_set(e, EXIT_SYSTEM, "%s: path too long", path);
	fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL, mode);
	if (fd < 0)
		return error_errno(e, "%s", tmp);
	if (write_all(fd, p, len) != 0 || fsync(fd) != 0) {
		error_errno(e, "%s", tmp);
		close(fd);
		unlink(tmp);
		return -1;
	}
	if (close(fd) != 0 || rename(tmp, path) != 0) {
		error_errno(e, "%s", path);
		unlink(tmp);
		return -1;
	}
	sync_dir(path);
	return 0;
}

int
fsio_write_excl(const char *path, const void *p, size_t len, int mode,
    struct error *e)
{
	int fd;

	fd = open(path, O_WRONLY | O_CREAT | O_EXCL, mode);
	if (fd < 0)
		return error_errno(e, "%s", path);
	if (write_all(fd, p, len) != 0 || fsync(fd) != 0) {
		error_errno(e, "%s", path);
		close(fd);
		unlink(path);
		return -1;
	}
	if (close(fd) != 0) {
		error_errno(e, "%s", path);
		unlink(path);
		return -1;
	}
	sync_dir(path);
	return 0;
}

int
fsio_append(const char *path, const void *p, size_t len, struct error *e)
{
	int fd;

	fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0600);
	if (fd < 0)
		return error_errno(e, "%s", path);
	if (write_all(fd, p, len) != 0 || fsync(fd) != 0) {
		error_errno(e, "%s", path);
		close(fd);
		return -1;
	}
	if (close(fd) != 0)
		return error_errno(e, "%s", path);
	return 0;
}

int
fsio_exists(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0;
}

int
fsio_mkdir(const char *path, int mode, struct error *e)
{
	if (mkdir(path, mode) != 0 && errno != EEXIST)
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
