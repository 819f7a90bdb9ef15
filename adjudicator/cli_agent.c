/*
 * The key agent as the verbs meet it: where it listens (ADJUDICATOR_AGENT,
 * else the user's own place), started on demand (ADJUDICATOR_AGENT_START),
 * and the one line said when it cannot be started or reached.
 */
#include <sys/stat.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "agent.h"
#include "cli.h"

extern char **environ;

static char default_path[sizeof(((struct agent *)0)->path)];

/* A directory of this user that nobody else may write into. */
static int
own_dir(const char *dir)
{
	struct stat st;

	return dir != NULL && dir[0] == '/' && stat(dir, &st) == 0 &&
	    S_ISDIR(st.st_mode) && st.st_uid == geteuid() &&
	    (st.st_mode & 022) == 0;
}

const char *
cli_agent_default(void)
{
	const char *xdg = getenv("XDG_RUNTIME_DIR"), *tmp = getenv("TMPDIR");
	unsigned int uid = (unsigned int)geteuid();
	struct stat st;
	size_t len = sizeof(default_path);

	/* su, cron, a login without logind: no runtime directory, or
	 * another user's */
	if (own_dir(xdg) && (size_t)snprintf(default_path, len,
	    "%s/adjudicator/agent", xdg) < len)
		return default_path;
	if (tmp == NULL || tmp[0] != '/' || stat(tmp, &st) != 0 ||
	    !S_ISDIR(st.st_mode) || (size_t)snprintf(default_path, len,
	    "%s/adjudicator-%u/agent", tmp, uid) >= len)
		snprintf(default_path, len, "/tmp/adjudicator-%u/agent", uid);
	return default_path;
}

const char *
cli_agent_socket(void)
{
	const char *sock = getenv("ADJUDICATOR_AGENT");
	const char *yes = getenv("ADJUDICATOR_AGENT_START");

	if (sock != NULL && *sock != '\0')
		return sock;
	if (yes != NULL && strcmp(yes, "yes") == 0)
		return cli_agent_default();
	return NULL;
}

/* What the agent that could not start said: its first line, without the
 * program's name. */
static void
child_said(int fd, int status, char *why, size_t len)
{
	char msg[256], *p = msg;
	ssize_t n;

	fcntl(fd, F_SETFL, O_NONBLOCK);
	n = read(fd, msg, sizeof(msg) - 1);
	msg[n > 0 ? n : 0] = '\0';
	msg[strcspn(msg, "\n")] = '\0';
	if (strncmp(p, "adjudicator: ", 13) == 0)
		p += 13;
	if (*p != '\0')
		snprintf(why, len, "%s", p);
	else if (WIFEXITED(status))
		snprintf(why, len, "exit status %d", WEXITSTATUS(status));
	else
		snprintf(why, len, "killed by signal %d", WTERMSIG(status));
}

/* Runs "adjudicator agent -S sock"; why is what went wrong, or "". */
static void
spawn_agent(const char *sock, char *why, size_t len)
{
	char name[] = "adjudicator", verb[] = "agent", opt[] = "-S";
	char *argv[] = { name, verb, opt, (char *)(uintptr_t)sock, NULL };
	posix_spawn_file_actions_t fa;
	pid_t pid;
	int p[2], rc, status = 0;

	if (pipe(p) != 0) {
		snprintf(why, len, "pipe: %s", strerror(errno));
		return;
	}
	fcntl(p[0], F_SETFD, FD_CLOEXEC);
	fcntl(p[1], F_SETFD, FD_CLOEXEC);
	if ((rc = posix_spawn_file_actions_init(&fa)) == 0) {
		/* the agent's parent returns once the socket listens */
		if ((rc = posix_spawn_file_actions_addopen(&fa, 1, "/dev/null",
		    O_WRONLY, 0)) == 0 &&
		    (rc = posix_spawn_file_actions_adddup2(&fa, p[1], 2)) == 0)
			rc = posix_spawn(&pid, "/proc/self/exe", &fa, NULL,
			    argv, environ);
		posix_spawn_file_actions_destroy(&fa);
	}
	close(p[1]);
	if (rc != 0)
		snprintf(why, len, "%s", strerror(rc));
	else {
		while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
			;
		/* the daemon keeps no end of the pipe: read what is there */
		if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
			child_said(p[0], status, why, len);
	}
	close(p[0]);
}

/*
 * ADJUDICATOR_AGENT_START=yes: the first verb that needs an encrypted key
 * when no agent answers at sock starts one there (this very program,
 * "agent -S"), which outlives it.  1 when it tried and failed, why said.
 */
static int
agent_autostart(const char *sock, const char *path, char *why, size_t len)
{
	const char *yes = getenv("ADJUDICATOR_AGENT_START");
	struct agent a;
	struct error ign;
	uint8_t id[KEY_ID];
	int absent, enc;

	why[0] = '\0';
	if (yes == NULL || strcmp(yes, "yes") != 0 || sock == NULL ||
	    *sock != '/' || key_secret_id(path, id, &enc, &ign) != 0 || !enc)
		return 0;
	if (agent_connect(&a, sock, &absent, &ign) == 0) {
		agent_close(&a);
		return 0;
	}
	/* a socket that is not safe: agent_key_load says why */
	if (!absent)
		return 0;
	spawn_agent(sock, why, len);
	return why[0] != '\0';
}

struct key_secret *
cli_key_load(const char *path, struct error *e)
{
	static int warned;
	const char *sock = cli_agent_socket();
	struct key_secret *k;
	char why[300], note[600];

	if (agent_autostart(sock, path, why, sizeof(why)) && !warned) {
		fprintf(stderr, "adjudicator: warning: no agent could be "
		    "started at %s: %s; the key file is used\n", sock, why);
		warned = 1;
	}
	k = agent_key_load(sock, path, pass_key, NULL, note, sizeof(note), e);
	/* the agent could not be reached or could not serve: the file was
	 * used; said once */
	if (note[0] != '\0' && !warned) {
		fprintf(stderr, "adjudicator: warning: %s\n", note);
		warned = 1;
	}
	return k;
}
