/*
 * The mailer: SENDMAIL, a program given each mail on its standard input
 * (the judge's mail bot, judge -r, and the operator's rule).
 */
#include <sys/stat.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
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

	memset(m->ahead, 0, sizeof(m->ahead));
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

int
cli_mailer_default(const char *given, struct cli_mailer *m, struct error *e)
{
	const char *env = getenv("SENDMAIL");
	char line[sizeof(m->line)];

	/* $SENDMAIL names the program, as procmail and the examples'
	 * filters set it: a stand-in in tests, msmtp elsewhere */
	if (given == NULL && env != NULL && env[0] != '\0') {
		if ((size_t)snprintf(line, sizeof(line), "%s -t -i", env) >=
		    sizeof(line))
			return error_set(e, EXIT_USAGE, "SENDMAIL: too long");
		given = line;
	}
	return cli_mailer_parse(given != NULL ? given : CLI_SENDMAIL, m, e);
}

/* SENDMAIL's program as execvp finds it: its path in path, 0; -1 if
 * it is nowhere in PATH. */
static int
find_program(const struct cli_mailer *m, char *path, size_t size)
{
	char dirs[4096], *d, *save = NULL;

	if (strchr(m->argv[0], '/') != NULL)
		return (size_t)snprintf(path, size, "%s", m->argv[0]) < size ?
		    0 : -1;
	snprintf(dirs, sizeof(dirs), "%s", getenv("PATH") != NULL ?
	    getenv("PATH") : "/bin:/usr/bin");
	for (d = strtok_r(dirs, ":", &save); d != NULL;
	    d = strtok_r(NULL, ":", &save))
		if ((size_t)snprintf(path, size, "%s/%s", d, m->argv[0]) <
		    size && access(path, X_OK) == 0)
			return 0;
	return -1;
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
	char path[PATH_MAX], *argv[34], sh[] = "sh";
	size_t n;

	if (find_program(m, path, sizeof(path)) != 0)
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
 * Whether a mailer we start is ours to stop: not when SENDMAIL is a
 * set-user-ID program of another user (exim's sendmail, set-user-ID
 * root, runs as the mail system's user at once, and kill(2) is refused
 * us), unless we are root.  Judged by the program named: a script that
 * runs such a program is not seen through.
 */
int
cli_mailer_stoppable(const struct cli_mailer *m)
{
	char path[PATH_MAX];
	struct stat st;

	if (geteuid() == 0)
		return 1;
	if (find_program(m, path, sizeof(path)) != 0 || stat(path, &st) != 0)
		return 0;
	return (st.st_mode & S_ISUID) == 0 || st.st_uid == geteuid();
}

/*
 * The program to run for m: a name without '/' is looked up in PATH
 * once a run, as execvp finds it (posix_spawnp would try each directory
 * before it again at every mailer, one failed execve each); NULL when it
 * is nowhere in PATH or found through a relative directory (posix_spawnp
 * then searches, and says why it fails).  Mailers start on one
 * thread at a time, so one place for it does.
 */
static const char *
program(const struct cli_mailer *m)
{
	static char name[sizeof(m->line)], path[PATH_MAX];

	if (strchr(m->argv[0], '/') != NULL)
		return m->argv[0];
	if (path[0] == '\0' || strcmp(name, m->argv[0]) != 0) {
		path[0] = '\0';
		/* a relative one would change with the working directory */
		if (find_program(m, path, sizeof(path)) != 0 ||
		    path[0] != '/') {
			path[0] = '\0';
			return NULL;
		}
		snprintf(name, sizeof(name), "%s", m->argv[0]);
	}
	return path;
}

/*
 * The mailer started, its standard input the pipe *in; its output to
 * *out when out is given (SMTP), else to our stderr.  posix_spawn: no
 * copy of this process is made only to be replaced, so a mail costs the
 * mailer's own start and no more.
 */
int
cli_mailer_start(const struct cli_mailer *m, int *in, int *out, pid_t *pid,
    struct error *e)
{
	posix_spawn_file_actions_t fa;
	const char *prog;
	int fd[2], back[2] = { -1, -1 }, rc;

	/* our ends are never a mailer's, not even the next one's: close on
	 * exec before any is started (the ends a mailer gets are dup2'd,
	 * which clears it); mailers start on one thread at a time */
	if (pipe(fd) != 0)
		return error_errno(e, "pipe");
	if (out != NULL && pipe(back) != 0) {
		close(fd[0]);
		close(fd[1]);
		return error_errno(e, "pipe");
	}
	for (rc = 0; rc < 2; rc++) {
		(void)fcntl(fd[rc], F_SETFD, FD_CLOEXEC);
		if (back[rc] >= 0)
			(void)fcntl(back[rc], F_SETFD, FD_CLOEXEC);
	}
	fflush(stdout);
	fflush(stderr);
	if ((rc = posix_spawn_file_actions_init(&fa)) == 0 &&
	    (rc = posix_spawn_file_actions_adddup2(&fa, fd[0], 0)) == 0 &&
	    (rc = posix_spawn_file_actions_adddup2(&fa, out != NULL ? back[1] :
	    2, 1)) == 0 &&
	    (rc = posix_spawn_file_actions_addclose(&fa, fd[0])) == 0 &&
	    (rc = posix_spawn_file_actions_addclose(&fa, fd[1])) == 0 &&
	    (out == NULL ||
	    ((rc = posix_spawn_file_actions_addclose(&fa, back[0])) == 0 &&
	    (rc = posix_spawn_file_actions_addclose(&fa, back[1])) == 0)))
		rc = (prog = program(m)) != NULL ? posix_spawn(pid, prog, &fa,
		    NULL, m->argv, environ) : posix_spawnp(pid, m->argv[0],
		    &fa, NULL, m->argv, environ);
	if (rc == ENOEXEC)
		rc = spawn_script(pid, m, &fa);
	posix_spawn_file_actions_destroy(&fa);
	close(fd[0]);
	if (back[1] >= 0)
		close(back[1]);
	if (rc != 0) {
		close(fd[1]);
		if (back[0] >= 0)
			close(back[0]);
		errno = rc;
		if (rc == ENOENT || rc == EACCES || rc == ENOEXEC)
			return error_set(e, EXIT_SYSTEM, "%s: cannot be run (%s)",
			    m->argv[0], strerror(rc));
		return error_errno(e, "%s", m->argv[0]);
	}
	*in = fd[1];
	if (out != NULL)
		*out = back[0];
	return 0;
}

/* The whole mail to fd, which is closed: 0, or -1 if it was cut short. */
static int
feed(int fd, const struct buf *mail)
{
	size_t off = 0;
	ssize_t w;

	while (off < mail->len) {
		if ((w = write(fd, mail->data + off, mail->len - off)) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		off += (size_t)w;
	}
	close(fd);
	return off == mail->len ? 0 : -1;
}

/* The mailer's end: 0 if it took what it was given (fed 0). */
int
cli_mailer_reap(const struct cli_mailer *m, pid_t pid, int fed, struct error *e)
{
	int status;

	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return error_errno(e, "%s", m->argv[0]);
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && fed == 0)
		return 0;
	if (WIFEXITED(status))
		return error_set(e, EXIT_SYSTEM, "%s: exit status %d%s",
		    m->argv[0], WEXITSTATUS(status), WEXITSTATUS(status) == 127 ?
		    " (cannot be run)" : "");
	return error_set(e, EXIT_SYSTEM, "%s: killed by signal %d", m->argv[0],
	    WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

/* SENDMAIL speaks SMTP: -bs is among its words. */
int
cli_mailer_smtp(const struct cli_mailer *m)
{
	size_t i;

	for (i = 1; m->argv[i] != NULL; i++)
		if (strcmp(m->argv[i], "-bs") == 0)
			return 1;
	return 0;
}

static void
taken(void *arg, size_t i)
{
	(void)arg;
	(void)i;
}

/* One mail on the mailer's standard input (its output to stderr), or
 * alone in an SMTP conversation. */
int
cli_to_mailer(void *arg, const struct buf *mail, struct error *e)
{
	struct cli_mailer *m = arg;
	struct mailqueue_mail one;
	pid_t pid;
	int in;

	if (cli_mailer_smtp(m)) {
		memset(&one, 0, sizeof(one));
		one.text = *mail;	/* lent, not ours to free */
		return cli_smtp(m, &one, 1, taken, NULL, e);
	}
	if (cli_mailer_start(m, &in, NULL, &pid, e) != 0)
		return -1;
	return cli_mailer_reap(m, pid, feed(in, mail), e);
}

/*
 * A mailer started ahead of its mail: it starts while the judge's
 * entries are synced, and gets its mail once they are durable.
 */
int
cli_mailer_ahead(void *arg, int *h, struct error *e)
{
	struct cli_mailer *m = arg;
	int i;

	*h = -1;
	if (cli_mailer_smtp(m))
		return 0;
	for (i = 0; i < CLI_MAILERS && m->ahead[i].pid > 0; i++)
		;
	if (i == CLI_MAILERS)
		return 0;
	if (cli_mailer_start(m, &m->ahead[i].in, NULL, &m->ahead[i].pid,
	    e) != 0) {
		m->ahead[i].pid = 0;
		return -1;
	}
	m->ahead[i].fed = -1;
	*h = i;
	return 0;
}

/*
 * The judge stopped by a signal (SIGTERM, SIGINT, SIGHUP) while mailers
 * wait for their mails: they are killed first, as they would be at its
 * end, so that none reads an empty input (see below); then the signal
 * does what it would have done.
 */
static struct cli_mailer *volatile guarded;

static void
on_stop(int sig)
{
	struct cli_mailer *m = guarded;
	int i;

	for (i = 0; m != NULL && i < CLI_MAILERS; i++)
		if (m->ahead[i].pid > 0 && m->ahead[i].in >= 0)
			(void)kill(m->ahead[i].pid, SIGKILL);
	signal(sig, SIG_DFL);
	raise(sig);
}

void
cli_mailer_guard(struct cli_mailer *m)
{
	static const int stops[] = { SIGTERM, SIGINT, SIGHUP };
	size_t i;

	guarded = m;
	for (i = 0; i < sizeof(stops) / sizeof(stops[0]); i++)
		signal(stops[i], m != NULL ? on_stop : SIG_DFL);
}

/*
 * Its mail, or (NULL) none: then it is killed before it has read a byte,
 * and has nothing to send (an end of input would not do: "sendmail -t"
 * finding no recipient mails the error to the judge's own user).
 */
void
cli_mailer_give(void *arg, int h, const struct buf *mail)
{
	struct cli_mailer *m = arg;

	if (m->ahead[h].in < 0)
		return;
	if (mail != NULL)
		m->ahead[h].fed = feed(m->ahead[h].in, mail);
	else {
		(void)kill(m->ahead[h].pid, SIGKILL);
		close(m->ahead[h].in);
	}
	m->ahead[h].in = -1;
}

/* Waited for (killed first if it was given nothing): 0 when it took the
 * whole of its mail. */
int
cli_mailer_end(void *arg, int h, struct error *e)
{
	struct cli_mailer *m = arg;
	int rc;

	cli_mailer_give(arg, h, NULL);
	rc = cli_mailer_reap(m, m->ahead[h].pid, m->ahead[h].fed, e);
	m->ahead[h].pid = 0;
	return rc;
}

/*
 * A drained run's mails, one mailer each, CLI_MAILERS started before the
 * first is waited for: the mailers' starts overlap.  A mail whose mailer
 * failed stays for the next run; the first failure is said.
 */
static int
each_its_own(const struct cli_mailer *m, struct mailqueue_mail *mails,
    size_t n, mailqueue_sent_fn *sent, void *arg, struct error *e)
{
	pid_t pid[CLI_MAILERS];
	size_t idx[CLI_MAILERS], i = 0, run = 0;
	struct error one;
	int in, fed[CLI_MAILERS], rc = 0;

	while (i < n || run > 0) {
		if (i < n && run < CLI_MAILERS) {
			if (mails[i].sent) {
				i++;
				continue;
			}
			if (cli_mailer_start(m, &in, NULL, &pid[run], &one) != 0) {
				/* the next one would not start either */
				if (rc == 0)
					*e = one;
				rc = -1;
				n = i;
				continue;
			}
			fed[run] = feed(in, &mails[i].text);
			idx[run++] = i++;
			continue;
		}
		/* the oldest first: the others go on meanwhile */
		if (cli_mailer_reap(m, pid[0], fed[0], &one) == 0)
			sent(arg, idx[0]);
		else if (rc == 0) {
			*e = one;
			rc = -1;
		}
		run--;
		memmove(pid, pid + 1, run * sizeof(pid[0]));
		memmove(idx, idx + 1, run * sizeof(idx[0]));
		memmove(fed, fed + 1, run * sizeof(fed[0]));
	}
	return rc;
}

int
cli_to_mailer_all(void *arg, struct mailqueue_mail *mails, size_t n,
    mailqueue_sent_fn *sent, void *sent_arg, struct error *e)
{
	const struct cli_mailer *m = arg;

	return cli_mailer_smtp(m) ? cli_smtp(m, mails, n, sent, sent_arg, e) :
	    each_its_own(m, mails, n, sent, sent_arg, e);
}
