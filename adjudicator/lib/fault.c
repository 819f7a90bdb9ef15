/*
 * Fault injection for the tests.  See fault.h.  Compiled to nothing
 * unless ADJ_FAULT is defined.
 */
#ifdef ADJ_FAULT
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fault.h"

int
fault_hit(const char *what)
{
	static long calls;
	const char *at = getenv("ADJ_FAULT_AT"), *mode, *mark, *err;
	int fd;

	(void)what;
	if (at == NULL || ++calls != atol(at))
		return 0;
	if ((mark = getenv("ADJ_FAULT_MARK")) != NULL &&
	    (fd = open(mark, O_WRONLY | O_CREAT | O_TRUNC, 0600)) >= 0) {
		(void)write(fd, what, strlen(what));
		close(fd);
	}
	mode = getenv("ADJ_FAULT_MODE");
	if (mode != NULL && strcmp(mode, "die") == 0)
		kill(getpid(), SIGKILL);
	err = getenv("ADJ_FAULT_ERRNO");
	errno = err != NULL && strcmp(err, "ENOSPC") == 0 ? ENOSPC : EIO;
	return 1;
}
#else
/* ISO C wants something in a translation unit */
typedef int fault_unused;
#endif
