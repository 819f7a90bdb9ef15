/*
 * The mailer: SENDMAIL, a program given each mail on its standard input
 * (the judge's mail bot, judge -r, and the operator's rule).
 */
#include <sys/wait.h>

#include <errno.h>
#include <limits.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

extern char **environ;

/* SENDMAIL: a program and its arguments, split at blanks (no shell). */
int
cli_mailer_parse(const char *cmd, struct cli_mailer *m, struct error *e)
{
	char *p, *save = NULL;
	size_t n = 0;

	if ((size_t)snprintf(m->line, sizeof(m->line), "%s", cmd) >=
	    sizeof(m->line))
		return error_set(e, EXIT_USAGE, "-s: the command is too long");
	for (p = strtok_r(m->line, " \t", &save); p != NULL;
	    p = strtok_r(NULL, " \t", &save)) {
		if (n + 1 >= sizeof(m->argv) / sizeof(m->argv[0]))
			return error_set(e, EXIT_USAGE, "-s: too many words");
		m->argv[n++] = p;
	}
	m->argv[n] = NULL;
	if (n == 0)
		return error_set(e, EXIT_USAGE, "-s: no command");
	return 0;
}

/*
 * A script without "#!" as SENDMAIL: execvp ran it with /bin/sh, and so
 * does this (posix_spawnp does not): the path it would run, found in
 * PATH as execvp finds it.
 */
static int
spawn_script(pid_t *pid, const struct cli_mailer *m,
    const posix_spawn_file_actions_t *fa)
{
	char path[PATH_MAX], *argv[34], dirs[4096], sh[] = "sh", *d;
	char *save = NULL;
	size_t n;

	path[0] = '\0';
	if (strchr(m->argv[0], '/') != NULL)
		snprintf(path, sizeof(path), "%s", m->argv[0]);
	else {
		snprintf(dirs, sizeof(dirs), "%s", getenv("PATH") != NULL ?
		    getenv("PATH") : "/bin:/usr/bin");
		for (d = strtok_r(dirs, ":", &save); d != NULL && path[0] ==
		    '\0'; d = strtok_r(NULL, ":", &save)) {
			if ((size_t)snprintf(path, sizeof(path), "%s/%s", d,
			    m->argv[0]) >= sizeof(path) ||
			    access(path, X_OK) != 0)
				path[0] = '\0';
		}
	}
	if (path[0] == '\0')
		return ENOEXEC;
	argv[0] = sh;
	argv[1] = path;
	for (n = 1; m->argv[n] != NULL && n + 2 < sizeof(argv) /
	    sizeof(argv[0]); n++)
		argv[n + 1] = m->argv[n];
	argv[n + 1] = NULL;
	return posix_spawn(pid, "/bin/sh", fa, NULL, argv, environ);
}

/*
 * One mail on the mailer's standard input; its output goes to stderr.
 * posix_spawnp: no copy of this process is made only to be replaced, so a
 * mail costs the mailer's own start and no more.
 */
int
cli_to_mailer(void *arg, const struct buf *mail, struct error *e)
{
	struct cli_mailer *m = arg;
	posix_spawn_file_actions_t fa;
	size_t off = 0;
	ssize_t w;
	pid_t pid;
	int fd[2], status, rc;

	if (pipe(fd) != 0)
		return error_errno(e, "pipe");
	fflush(stdout);
	fflush(stderr);
	if ((rc = posix_spawn_file_actions_init(&fa)) == 0 &&
	    (rc = posix_spawn_file_actions_adddup2(&fa, fd[0], 0)) == 0 &&
	    (rc = posix_spawn_file_actions_adddup2(&fa, 2, 1)) == 0 &&
	    (rc = posix_spawn_file_actions_addclose(&fa, fd[0])) == 0 &&
	    (rc = posix_spawn_file_actions_addclose(&fa, fd[1])) == 0)
		rc = posix_spawnp(&pid, m->argv[0], &fa, NULL, m->argv,
		    environ);
	if (rc == ENOEXEC)
		rc = spawn_script(&pid, m, &fa);
	posix_spawn_file_actions_destroy(&fa);
	close(fd[0]);
	if (rc != 0) {
		close(fd[1]);
		errno = rc;
		if (rc == ENOENT || rc == EACCES || rc == ENOEXEC)
			return error_set(e, EXIT_SYSTEM, "%s: cannot be run (%s)",
			    m->argv[0], strerror(rc));
		return error_errno(e, "%s", m->argv[0]);
	}
	while (off < mail->len) {
		if ((w = write(fd[1], mail->data + off, mail->len - off)) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		off += (size_t)w;
	}
	close(fd[1]);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return error_errno(e, "%s", m->argv[0]);
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && off == mail->len)
		return 0;
	if (WIFEXITED(status))
		return error_set(e, EXIT_SYSTEM, "%s: exit status %d%s",
		    m->argv[0], WEXITSTATUS(status), WEXITSTATUS(status) == 127 ?
		    " (cannot be run)" : "");
	return error_set(e, EXIT_SYSTEM, "%s: killed by signal %d", m->argv[0],
	    WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}
