/*
 * agent: the key agent (agentd.c, keyring.c) and what talks to it.
 * Started, it listens (at the user's own place, cli_agent_default, unless
 * -S), prints the lines a shell evaluates (as ssh-agent -s does) and goes
 * on in the background; where an agent answers already it prints that
 * one's lines and starts nothing.  The other forms ask a running agent,
 * found through ADJUDICATOR_AGENT (else at the user's own place), to add
 * a key, list, forget, lock, unlock or stop.  What needs a person stays
 * here: the passphrase prompt, and the confirmation of a use
 * (ADJUDICATOR_ASKPASS).
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
#include <time.h>
#include <unistd.h>

#include "agent.h"
#include "agentd.h"
#include "cli.h"
#include "fsio.h"

extern char **environ;

struct agent_opts {
	int		 mode;		/* 0: start; else the option */
	const char	*key;		/* -a, -d */
	const char	*sock;		/* -S */
	int		 fg, sh, confirm;
	uint32_t	 idle, max;	/* AGENT_LIFE_DEFAULT: not given */
};

static volatile sig_atomic_t stop_flag, forget_flag;
static int wake_fd = -1;

static void
on_signal(int sig)
{
	int saved = errno;

	if (sig == SIGHUP)
		forget_flag = 1;
	else
		stop_flag = 1;
	if (wake_fd >= 0)
		(void)write(wake_fd, "", 1);
	errno = saved;
}

/* "90", "90s", "10m", "2h", "1d": seconds (0: no limit). */
static int
seconds(const char *s, uint32_t *out, struct error *e)
{
	unsigned long long v, unit = 1;
	char *end;

	errno = 0;
	v = strtoull(s, &end, 10);
	if (*end != '\0' && end[1] == '\0')
		unit = *end == 's' ? 1 : *end == 'm' ? 60 : *end == 'h' ? 3600 :
		    *end == 'd' ? 86400 : 0;
	if (end == s || *s == '-' || errno != 0 || unit == 0 ||
	    (*end != '\0' && end[1] != '\0') || v > 0xfffffffeULL / unit)
		return error_set(e, EXIT_USAGE, "agent: %s: not a lifetime "
		    "(seconds, or a number and s, m, h or d)", s);
	*out = (uint32_t)(v * unit);
	return 0;
}

/* The test clock (ADJUDICATOR_AGENT_TEST_CLOCK, for tests only: a file
 * holding the seconds), else the time since boot, suspend included. */
static uint64_t
agent_clock(void *arg)
{
	const char *file = arg;
	struct timespec ts;
	unsigned long long v = 0;
	FILE *f;

	if (file != NULL) {
		if ((f = fopen(file, "r")) != NULL) {
			if (fscanf(f, "%llu", &v) != 1)
				v = 0;
			fclose(f);
		}
		return v;
	}
#ifdef CLOCK_BOOTTIME
	if (clock_gettime(CLOCK_BOOTTIME, &ts) == 0)
		return (uint64_t)ts.tv_sec;
#endif
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec;
}

/* A use confirmed by the program ADJUDICATOR_ASKPASS (or SSH_ASKPASS)
 * given the question: exit status 0 is yes. */
static int
askpass(void *arg, const char *question, struct error *e)
{
	char *argv[3] = { arg, (char *)(uintptr_t)question, NULL };
	posix_spawn_file_actions_t fa;
	pid_t pid;
	int rc, status;

	if ((rc = posix_spawn_file_actions_init(&fa)) == 0 &&
	    (rc = posix_spawn_file_actions_addopen(&fa, 0, "/dev/null",
	    O_RDONLY, 0)) == 0 &&
	    (rc = posix_spawn_file_actions_addopen(&fa, 1, "/dev/null",
	    O_WRONLY, 0)) == 0)
		rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (rc != 0) {
		errno = rc;
		return error_errno(e, "%s", argv[0]);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return error_errno(e, "%s", argv[0]);
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 1;
}

/* Where a new agent's directory goes: $XDG_RUNTIME_DIR, else $TMPDIR,
 * else /tmp. */
static const char *
base_dir(void)
{
	const char *v[2] = { getenv("XDG_RUNTIME_DIR"), getenv("TMPDIR") };
	struct stat st;
	size_t i;

	for (i = 0; i < 2; i++)
		if (v[i] != NULL && v[i][0] == '/' && stat(v[i], &st) == 0 &&
		    S_ISDIR(st.st_mode))
			return v[i];
	return "/tmp";
}

/* The lines for eval: sh's, or csh's when SHELL is a csh and -s was not
 * given. */
static int
print_env(const char *path, long pid, int sh, struct error *e)
{
	const char *shell = getenv("SHELL");
	size_t n = shell != NULL ? strlen(shell) : 0;

	if (strpbrk(path, "'\n") != NULL)
		return error_set(e, EXIT_USAGE, "agent: the socket path holds "
		    "a quote or a newline");
	if (!sh && n >= 3 && strcmp(shell + n - 3, "csh") == 0)
		printf("setenv ADJUDICATOR_AGENT '%s';\n"
		    "setenv ADJUDICATOR_AGENT_PID %ld;\n", path, pid);
	else
		printf("ADJUDICATOR_AGENT='%s'; export ADJUDICATOR_AGENT;\n"
		    "ADJUDICATOR_AGENT_PID=%ld; export ADJUDICATOR_AGENT_PID;\n",
		    path, pid);
	printf("echo Agent pid %ld;\n", pid);
	return fflush(stdout) == 0 ? 0 : error_errno(e, "stdout");
}

static int
signals(struct error *e)
{
	struct sigaction sa;
	int p[2];

	if (pipe(p) != 0)
		return error_errno(e, "pipe");
	fcntl(p[0], F_SETFL, O_NONBLOCK);
	fcntl(p[1], F_SETFL, O_NONBLOCK);
	fcntl(p[0], F_SETFD, FD_CLOEXEC);
	fcntl(p[1], F_SETFD, FD_CLOEXEC);
	wake_fd = p[1];
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	return p[0];
}

/* The daemon's side of the fork: no terminal, no directory held. */
static void
detach(void)
{
	int fd;

	setsid();
	if (chdir("/") != 0)
		return;
	if ((fd = open("/dev/null", O_RDWR)) >= 0) {
		dup2(fd, 0);
		dup2(fd, 1);
		dup2(fd, 2);
		if (fd > 2)
			close(fd);
	}
}

/* An agent answers at path already (one per user, not one per login):
 * its lines printed, *rc their outcome, and nothing started. */
static int
running(const char *path, int sh, int *rc, struct error *e)
{
	struct agent a;
	struct error ign;
	int absent, up;

	error_clear(&ign);
	if (agent_connect(&a, path, &absent, &ign) != 0)
		return 0;
	/* locked or not, it speaks the protocol */
	up = agent_call(&a, AGENT_LIST, NULL, 0, NULL, 0, &ign) >= 0 ||
	    a.status > 0;
	if (up)
		*rc = print_env(path, a.pid, sh, e);
	agent_close(&a);
	return up;
}

static int
start(const struct agent_opts *o, struct error *e)
{
	struct keyring_config cfg;
	struct agentd_signals sig;
	struct agentd *d;
	struct keyring *r = NULL;
	const char *ask = getenv("ADJUDICATOR_ASKPASS");
	const char *path = o->sock != NULL ? o->sock : cli_agent_default();
	pid_t pid;
	int rc = -1;

	memset(&cfg, 0, sizeof(cfg));
	cfg.idle = o->idle != AGENT_LIFE_DEFAULT ? o->idle : KEYRING_IDLE;
	cfg.max = o->max != AGENT_LIFE_DEFAULT ? o->max : KEYRING_MAX;
	cfg.clock = agent_clock;
	cfg.clock_arg = getenv("ADJUDICATOR_AGENT_TEST_CLOCK");
	if (ask == NULL || *ask == '\0') {
		/* ssh-askpass asks yes or no when told to */
		if ((ask = getenv("SSH_ASKPASS")) != NULL && *ask != '\0')
			setenv("SSH_ASKPASS_PROMPT", "confirm", 1);
	}
	if (ask != NULL && *ask != '\0') {
		cfg.confirm = askpass;
		cfg.confirm_arg = (void *)(uintptr_t)ask;
	}
	if (!o->fg && running(path, o->sh, &rc, e)) {
		if (o->idle != AGENT_LIFE_DEFAULT ||
		    o->max != AGENT_LIFE_DEFAULT)
			fprintf(stderr, "adjudicator: warning: an agent runs "
			    "at %s already: its own lifetimes hold (agent -k "
			    "stops it)\n", path);
		return rc;
	}
	if (agentd_listen(&d, base_dir(), path, e) != 0)
		return -1;
	memset(&sig, 0, sizeof(sig));
	sig.stop = &stop_flag;
	sig.forget = &forget_flag;
	if ((sig.wake = signals(e)) < 0)
		goto done;
	fflush(stdout);
	fflush(stderr);
	if (!o->fg) {
		if ((pid = fork()) < 0) {
			error_errno(e, "fork");
			goto done;
		}
		if (pid > 0) {
			rc = print_env(agentd_path(d), (long)pid, o->sh, e);
			agentd_detach(d);
			return rc;
		}
		detach();
	} else if (print_env(agentd_path(d), (long)getpid(), o->sh, e) != 0)
		goto done;
	if ((r = keyring_new(&cfg)) == NULL) {
		error_set(e, EXIT_SYSTEM, "out of memory");
		goto done;
	}
	rc = agentd_serve(d, r, &sig, e);
done:
	keyring_free(r);
	agentd_close(d);
	return rc;
}

/* "9m59s": a time left, as a person reads it. */
static void
span(char *out, size_t len, uint32_t s)
{
	if (s == AGENT_LIFE_NONE)
		snprintf(out, len, "no limit");
	else if (s >= 3600)
		snprintf(out, len, "%uh%02um%02us", s / 3600, s / 60 % 60,
		    s % 60);
	else if (s >= 60)
		snprintf(out, len, "%um%02us", s / 60, s % 60);
	else
		snprintf(out, len, "%us", s);
}

/* "forgotten in 9m41s unless used, in 1h59m12s at the latest": when the
 * key goes, as a person reads it. */
static void
when_forgotten(char *out, size_t len, uint32_t idle, uint32_t max)
{
	char i[32], m[32];

	span(i, sizeof(i), idle);
	span(m, sizeof(m), max);
	if (idle != AGENT_LIFE_NONE && max != AGENT_LIFE_NONE && idle < max)
		snprintf(out, len, "forgotten in %s unless used, in %s at the "
		    "latest", i, m);
	else if (idle != AGENT_LIFE_NONE && max == AGENT_LIFE_NONE)
		snprintf(out, len, "forgotten in %s unless used", i);
	else if (max != AGENT_LIFE_NONE)
		snprintf(out, len, "forgotten in %s", m);
	else
		snprintf(out, len, "never forgotten");
}

static int
list(struct agent *a, struct error *e)
{
	struct agent_entry k[AGENT_MAX_KEYS];
	char hex[KEY_ID_HEX], when[128];
	size_t i, n;

	if (agent_list(a, k, &n, e) != 0)
		return -1;
	if (n == 0)
		return error_set(e, EXIT_REFUSED, "agent: holds no keys");
	for (i = 0; i < n; i++) {
		sec_hex(hex, sizeof(hex), k[i].id, KEY_ID);
		when_forgotten(when, sizeof(when), k[i].idle_left,
		    k[i].max_left);
		printf("%s %s: %s%s\n", hex, k[i].name, when,
		    k[i].confirm ? "; each use confirmed" : "");
	}
	return fflush(stdout) == 0 ? 0 : error_errno(e, "stdout");
}

/* KEY of -d: a key id, a public key file or a secret key file. */
static int
key_id_of(const char *key, uint8_t id[KEY_ID], struct error *e)
{
	struct key_public pub;
	struct error ign;
	int enc;

	if (strlen(key) == 2 * KEY_ID && strspn(key, "0123456789abcdef") ==
	    2 * KEY_ID && !fsio_exists(key))
		return sec_unhex(id, KEY_ID, key) == 0 ? 0 :
		    error_set(e, EXIT_USAGE, "%s: not a key id", key);
	error_clear(&ign);
	if (key_public_load(key, &pub, &ign) == 0) {
		memcpy(id, pub.id, KEY_ID);
		return 0;
	}
	return key_secret_id(key, id, &enc, e);
}

static int
add(struct agent *a, const struct agent_opts *o, struct error *e)
{
	struct key_secret *k;
	int rc;

	/* from the file itself: the agent's copy is what is replaced */
	if ((k = key_secret_load(o->key, pass_key, NULL, e)) == NULL)
		return -1;
	if ((rc = key_secret_check(k, o->key, e)) == 0 &&
	    (rc = agent_add(a, k, o->idle, o->max, o->confirm, e)) == 0)
		fprintf(stderr, "key %s (%s) added\n", k->pub.idhex,
		    k->pub.name);
	key_secret_free(k);
	return rc;
}

static int
lock(struct agent *a, int op, struct error *e)
{
	char *p;
	long rc;

	if ((p = pass_get(op == AGENT_LOCK ? "lock passphrase: " :
	    "unlock passphrase: ", op == AGENT_LOCK, e)) == NULL)
		return -1;
	rc = agent_call(a, (enum agent_op)op, p, strlen(p), NULL, 0, e);
	pass_free(p);
	if (rc < 0)
		return -1;
	fprintf(stderr, "agent %s\n", op == AGENT_LOCK ? "locked" : "unlocked");
	return 0;
}

/* -k: stopped, and gone (its keys wiped) once the connection closes. */
static int
stop(struct agent *a, int sh, struct error *e)
{
	const char *shell = getenv("SHELL");
	size_t n = shell != NULL ? strlen(shell) : 0;
	char c;

	if (agent_call(a, AGENT_STOP, NULL, 0, NULL, 0, e) < 0)
		return -1;
	while (read(a->fd, &c, 1) > 0)
		;
	if (!sh && n >= 3 && strcmp(shell + n - 3, "csh") == 0)
		printf("unsetenv ADJUDICATOR_AGENT;\n"
		    "unsetenv ADJUDICATOR_AGENT_PID;\n");
	else
		printf("unset ADJUDICATOR_AGENT;\nunset ADJUDICATOR_AGENT_PID;\n");
	printf("echo Agent stopped;\n");
	return fflush(stdout) == 0 ? 0 : error_errno(e, "stdout");
}

static int
ask(const struct agent_opts *o, struct error *e)
{
	const char *sock = getenv("ADJUDICATOR_AGENT");
	static const uint8_t all[KEY_ID];
	uint8_t id[KEY_ID];
	char hex[KEY_ID_HEX];
	struct agent a;
	int absent, rc = -1;

	/* unset: the agent at this user's own place, if one is there */
	if (sock == NULL || *sock == '\0')
		sock = cli_agent_default();
	if (o->mode == 'd' && key_id_of(o->key, id, e) != 0)
		return -1;
	if (agent_connect(&a, sock, &absent, e) != 0) {
		if (absent)
			error_set(e, EXIT_SYSTEM, "agent: none listens at %s "
			    "(start one: eval \"$(adjudicator agent -s)\")",
			    sock);
		return -1;
	}
	switch (o->mode) {
	case 'a':
		rc = add(&a, o, e);
		break;
	case 'l':
		rc = list(&a, e);
		break;
	case 'd':
	case 'D':
		if (agent_call(&a, AGENT_FORGET, o->mode == 'd' ? id : all,
		    KEY_ID, NULL, 0, e) < 0)
			break;
		sec_hex(hex, sizeof(hex), id, KEY_ID);
		fprintf(stderr, o->mode == 'd' ? "key %s forgotten\n" :
		    "every key forgotten\n", hex);
		rc = 0;
		break;
	case 'x':
	case 'X':
		rc = lock(&a, o->mode == 'x' ? AGENT_LOCK : AGENT_UNLOCK, e);
		break;
	case 'k':
		rc = stop(&a, o->sh, e);
		break;
	}
	agent_close(&a);
	return rc;
}

static int
mode(struct agent_opts *o, int ch, struct error *e)
{
	if (o->mode != 0)
		return cli_usage(e);
	o->mode = ch;
	if (ch == 'a' || ch == 'd')
		o->key = optarg;
	return 0;
}

int
cmd_agent(int argc, char **argv, struct error *e)
{
	struct agent_opts o;
	int ch, life = 0;

	memset(&o, 0, sizeof(o));
	o.idle = o.max = AGENT_LIFE_DEFAULT;
	while ((ch = cli_getopt(argc, argv, "a:cd:DfklsS:t:T:xX")) != -1) {
		switch (ch) {
		case 'a': case 'd': case 'D': case 'k': case 'l': case 'x':
		case 'X':
			if (mode(&o, ch, e) != 0)
				return -1;
			break;
		case 'c':
			o.confirm = 1;
			break;
		case 'f':
			o.fg = 1;
			break;
		case 's':
			o.sh = 1;
			break;
		case 'S':
			o.sock = optarg;
			break;
		case 't':
		case 'T':
			if (seconds(optarg, ch == 't' ? &o.idle : &o.max, e) != 0)
				return -1;
			life = 1;
			break;
		default:
			return cli_usage(e);
		}
	}
	if (optind != argc || (o.confirm && o.mode != 'a') ||
	    (life && o.mode != 0 && o.mode != 'a') ||
	    ((o.fg || o.sock != NULL) && o.mode != 0) ||
	    (o.sh && o.mode != 0 && o.mode != 'k'))
		return cli_usage(e);
	return o.mode == 0 ? start(&o, e) : ask(&o, e);
}
