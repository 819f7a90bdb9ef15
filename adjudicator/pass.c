/*
 * Reading passphrases without leaving copies around.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "pass.h"
#include "sec.h"

void
pass_free(char *p)
{
	if (p != NULL) {
		sec_wipe(p, PASS_MAX);
		sec_free(p);
	}
}

/*
 * A passphrase file others can read gives the passphrase away: said on
 * stderr (the program's own, never the library's), as a warning, since
 * the file may be meant that way.  A pipe (<(pass show ...)) is fine.
 */
static void
warn_if_shared(int fd, const char *path)
{
	struct stat st;

	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
	    (st.st_mode & 077) != 0)
		fprintf(stderr, "adjudicator: warning: %s: passphrase file is "
		    "accessible by others (mode %04o); chmod 600 %s\n", path,
		    (unsigned int)(st.st_mode & 07777), path);
}

static int
from_file(const char *path, char *out, size_t outlen, struct error *e)
{
	int fd;
	ssize_t n;
	size_t len = 0;

	if ((fd = open(path, O_RDONLY)) < 0)
		return error_errno(e, "ADJUDICATOR_PASSPHRASE_FILE %s", path);
	warn_if_shared(fd, path);
	while (len < outlen - 1) {
		n = read(fd, out + len, outlen - 1 - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			error_errno(e, "%s", path);
			close(fd);
			return -1;
		}
		if (n == 0)
			break;
		len += (size_t)n;
	}
	close(fd);
	out[len] = '\0';
	out[strcspn(out, "\r\n")] = '\0';
	return 0;
}

static int
from_tty(const char *prompt, char *out, size_t outlen, struct error *e)
{
	struct termios old, quiet;
	int fd, rc = -1;
	size_t len = 0;
	char c;

	if ((fd = open("/dev/tty", O_RDWR)) < 0)
		return error_errno(e, "/dev/tty");
	if (tcgetattr(fd, &old) != 0) {
		error_errno(e, "/dev/tty");
		goto done;
	}
	quiet = old;
	quiet.c_lflag &= ~(tcflag_t)ECHO;
	/* echo goes off before the prompt shows: nothing typed after it
	 * is echoed or flushed */
	if (tcsetattr(fd, TCSAFLUSH, &quiet) != 0) {
		error_errno(e, "/dev/tty");
		goto done;
	}
	(void)write(fd, prompt, strlen(prompt));
	while (read(fd, &c, 1) == 1 && c != '\n' && c != '\r')
		if (len < outlen - 1)
			out[len++] = c;
	out[len] = '\0';
	c = 0;
	tcsetattr(fd, TCSAFLUSH, &old);
	(void)write(fd, "\n", 1);
	rc = 0;
done:
	close(fd);
	return rc;
}

/* Into out (outlen bytes): the passphrase file, or the terminal. */
static int
pass_read(const char *prompt, int confirm, char *out, size_t outlen,
    struct error *e)
{
	const char *file = getenv("ADJUDICATOR_PASSPHRASE_FILE");
	char *q = NULL;
	int rc = -1;

	if (file != NULL && *file != '\0') {
		if (from_file(file, out, outlen, e) != 0)
			goto done;
	} else if (isatty(STDIN_FILENO)) {
		if (from_tty(prompt, out, outlen, e) != 0)
			goto done;
		if (confirm) {
			if ((q = sec_malloc(outlen)) == NULL) {
				error_set(e, EXIT_SYSTEM, "out of memory");
				goto done;
			}
			if (from_tty("again: ", q, outlen, e) != 0)
				goto done;
			if (strcmp(out, q) != 0) {
				error_set(e, EXIT_USAGE,
				    "passphrases do not match");
				goto done;
			}
		}
	} else {
		error_set(e, EXIT_USAGE, "no passphrase: stdin is not a "
		    "terminal and ADJUDICATOR_PASSPHRASE_FILE is not set");
		goto done;
	}
	if (*out == '\0') {
		error_set(e, EXIT_USAGE, "empty passphrase (use -N for an "
		    "unencrypted key)");
		goto done;
	}
	rc = 0;
done:
	if (q != NULL) {
		sec_wipe(q, outlen);
		sec_free(q);
	}
	if (rc != 0)
		sec_wipe(out, outlen);
	return rc;
}

char *
pass_get(const char *prompt, int confirm, struct error *e)
{
	char *p;

	if ((p = sec_malloc(PASS_MAX)) == NULL) {
		error_set(e, EXIT_SYSTEM, "out of memory");
		return NULL;
	}
	if (pass_read(prompt, confirm, p, PASS_MAX, e) != 0) {
		pass_free(p);
		return NULL;
	}
	return p;
}

int
pass_key(const char *path, char *out, size_t outlen, void *arg,
    struct error *e)
{
	char prompt[300];

	(void)arg;
	if (outlen < 2)
		return error_set(e, EXIT_SYSTEM, "passphrase buffer too small");
	snprintf(prompt, sizeof(prompt), "passphrase for %.260s: ", path);
	return pass_read(prompt, 0, out, outlen, e);
}
