/*
 * Reading passphrases without leaving copies around.
 */
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

static int
from_file(const char *path, char *out, struct error *e)
{
	int fd;
	ssize_t n;
	size_t len = 0;

	if ((fd = open(path, O_RDONLY)) < 0)
		return error_errno(e, "ADJUDICATOR_PASSPHRASE_FILE %s", path);
	while (len < PASS_MAX - 1) {
		n = read(fd, out + len, PASS_MAX - 1 - len);
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
from_tty(const char *prompt, char *out, struct error *e)
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
		if (len < PASS_MAX - 1)
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

char *
pass_get(const char *prompt, int confirm, struct error *e)
{
	const char *file = getenv("ADJUDICATOR_PASSPHRASE_FILE");
	char *p, *q = NULL;

	if ((p = sec_malloc(PASS_MAX)) == NULL) {
		error_set(e, EXIT_SYSTEM, "out of memory");
		return NULL;
	}
	if (file != NULL && *file != '\0') {
		if (from_file(file, p, e) != 0)
			goto fail;
	} else if (isatty(STDIN_FILENO)) {
		if (from_tty(prompt, p, e) != 0)
			goto fail;
		if (confirm) {
			if ((q = sec_malloc(PASS_MAX)) == NULL) {
				error_set(e, EXIT_SYSTEM, "out of memory");
				goto fail;
			}
			if (from_tty("again: ", q, e) != 0)
				goto fail;
			if (strcmp(p, q) != 0) {
				error_set(e, EXIT_USAGE,
				    "passphrases do not match");
				goto fail;
			}
			pass_free(q);
			q = NULL;	/* the empty-passphrase path frees q */
		}
	} else {
		error_set(e, EXIT_USAGE, "no passphrase: stdin is not a "
		    "terminal and ADJUDICATOR_PASSPHRASE_FILE is not set");
		goto fail;
	}
	if (*p == '\0') {
		error_set(e, EXIT_USAGE, "empty passphrase (use -N for an "
		    "unencrypted key)");
		goto fail;
	}
	return p;
fail:
	pass_free(q);
	pass_free(p);
	return NULL;
}
