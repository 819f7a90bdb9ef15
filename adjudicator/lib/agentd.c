/*
 * The key agent's socket and loop.  One process, one thread, poll(2):
 * each connection's frame is read as it comes (a client that stalls
 * half-way holds only its own slot), answered by the keyring at once,
 * and the reply written without blocking (a client that does not read
 * its replies is dropped).  Frames up to AGENT_SMALL bytes, which are
 * all that may carry a secret, are read into guarded memory.
 */
#define _GNU_SOURCE		/* struct ucred, accept4 */
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <sys/un.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "agentd.h"

struct conn {
	int		 fd;
	char		 who[64];	/* "pid N (COMM)", for a confirmation */
	uint8_t		*small;		/* AGENT_SMALL, guarded */
	struct buf	 big;		/* a sign request's larger frame */
	uint8_t		 len[4];
	size_t		 have;		/* of len, then of the frame */
	uint32_t	 need;		/* the frame's length; 0: not known */
};

struct agentd {
	int		 fd;
	char		 path[108];	/* sizeof(sun_path) */
	char		 dir[108];	/* made for the socket, or "" */
	dev_t		 dev;
	ino_t		 ino;
	struct conn	 conn[AGENTD_CONNS];
	size_t		 nconn;
	uint8_t		*out;		/* the reply, guarded */
};

static int
sockaddr_of(const char *path, struct sockaddr_un *sun)
{
	memset(sun, 0, sizeof(*sun));
	sun->sun_family = AF_UNIX;
	if (strlen(path) >= sizeof(sun->sun_path))
		return -1;
	memcpy(sun->sun_path, path, strlen(path) + 1);
	return 0;
}

/* 1: an agent answers at path; 0: a socket nobody answers (stale);
 * -1: something else. */
static int
probe(const char *path)
{
	struct sockaddr_un sun;
	int fd, rc;

	if (sockaddr_of(path, &sun) != 0 ||
	    (fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0)) < 0)
		return -1;
	rc = connect(fd, (struct sockaddr *)&sun, sizeof(sun)) == 0 ? 1 :
	    errno == ECONNREFUSED ? 0 : -1;
	close(fd);
	return rc;
}

/* A socket of this user that nobody answers: removed. */
static int
remove_stale(const char *path)
{
	struct stat st;

	if (lstat(path, &st) != 0 || !S_ISSOCK(st.st_mode) ||
	    st.st_uid != geteuid() || probe(path) != 0)
		return -1;
	return unlink(path);
}

/* What agents of this user killed earlier left under base. */
static void
sweep(const char *base)
{
	char dir[sizeof(((struct agentd *)0)->path)], sock[sizeof(dir)];
	struct dirent *de, *se;
	struct stat st;
	DIR *bd, *sd;
	int n = 0;

	if ((bd = opendir(base)) == NULL)
		return;
	while ((de = readdir(bd)) != NULL && n++ < 1000) {
		if (strncmp(de->d_name, "adjudicator-", 12) != 0 ||
		    (size_t)snprintf(dir, sizeof(dir), "%s/%s", base,
		    de->d_name) >= sizeof(dir) || lstat(dir, &st) != 0 ||
		    !S_ISDIR(st.st_mode) || st.st_uid != geteuid() ||
		    (st.st_mode & 077) != 0 || (sd = opendir(dir)) == NULL)
			continue;
		while ((se = readdir(sd)) != NULL)
			if (strncmp(se->d_name, "agent.", 6) == 0 &&
			    (size_t)snprintf(sock, sizeof(sock), "%s/%s", dir,
			    se->d_name) < sizeof(sock))
				remove_stale(sock);
		closedir(sd);
		rmdir(dir);	/* only when nothing else is left in it */
	}
	closedir(bd);
}

/* The socket's directory: made, or this user's and closed to others. */
static int
socket_dir(struct agentd *d, const char *path, struct error *e)
{
	char dir[sizeof(d->path)], *slash;
	struct stat st;

	snprintf(dir, sizeof(dir), "%s", path);
	if ((slash = strrchr(dir, '/')) == NULL || slash == dir)
		return error_set(e, EXIT_USAGE, "%s: a socket path names its "
		    "directory", path);
	*slash = '\0';
	if (mkdir(dir, 0700) == 0) {
		snprintf(d->dir, sizeof(d->dir), "%s", dir);
		return 0;
	}
	if (errno != EEXIST)
		return error_errno(e, "%s", dir);
	if (lstat(dir, &st) != 0)
		return error_errno(e, "%s", dir);
	if (!S_ISDIR(st.st_mode) || st.st_uid != geteuid() ||
	    (st.st_mode & 077) != 0)
		return error_set(e, EXIT_REFUSED, "%s: not a directory of this "
		    "user closed to others (owner %u, mode %04o)", dir,
		    (unsigned int)st.st_uid, (unsigned int)(st.st_mode & 07777));
	return 0;
}

static int
bind_socket(struct agentd *d, struct error *e)
{
	struct sockaddr_un sun;
	struct stat st;

	if (lstat(d->path, &st) == 0 && remove_stale(d->path) != 0)
		return error_set(e, EXIT_REFUSED, "%s: %s", d->path,
		    S_ISSOCK(st.st_mode) && probe(d->path) == 1 ?
		    "an agent listens here already" :
		    "is there and is not a stale socket of this user");
	if (sockaddr_of(d->path, &sun) != 0)
		return error_set(e, EXIT_USAGE, "%s: path too long for a "
		    "socket", d->path);
	if ((d->fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC |
	    SOCK_NONBLOCK, 0)) < 0)
		return error_errno(e, "socket");
	/* the directory is closed to others while the mode is set */
	if (bind(d->fd, (struct sockaddr *)&sun, sizeof(sun)) != 0)
		return error_errno(e, "%s", d->path);
	if (chmod(d->path, 0600) != 0 || listen(d->fd, 16) != 0 ||
	    lstat(d->path, &st) != 0) {
		error_errno(e, "%s", d->path);
		unlink(d->path);
		return -1;
	}
	d->dev = st.st_dev;
	d->ino = st.st_ino;
	return 0;
}

int
agentd_listen(struct agentd **out, const char *base, const char *path,
    struct error *e)
{
	struct agentd *d;
	char tmpl[sizeof(d->path)];
	int rc;

	*out = NULL;
	if ((d = calloc(1, sizeof(*d))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	d->fd = -1;
	sweep(base);
	if (path != NULL) {
		if ((size_t)snprintf(d->path, sizeof(d->path), "%s", path) >=
		    sizeof(d->path))
			rc = error_set(e, EXIT_USAGE, "%.60s...: path too long "
			    "for a socket", path);
		else
			rc = socket_dir(d, path, e);
	} else if ((size_t)snprintf(tmpl, sizeof(tmpl),
	    "%s/adjudicator-XXXXXX", base) >= sizeof(tmpl) - 16)
		rc = error_set(e, EXIT_USAGE, "%.60s...: path too long for a "
		    "socket", base);
	else if (mkdtemp(tmpl) == NULL)
		rc = error_errno(e, "%s", tmpl);
	else {
		snprintf(d->dir, sizeof(d->dir), "%s", tmpl);
		rc = (size_t)snprintf(d->path, sizeof(d->path), "%s/agent.%ld",
		    tmpl, (long)getpid()) >= sizeof(d->path) ? error_set(e,
		    EXIT_USAGE, "%s: path too long for a socket", tmpl) : 0;
	}
	if (rc == 0)
		rc = bind_socket(d, e);
	if (rc != 0) {
		agentd_close(d);
		return -1;
	}
	*out = d;
	return 0;
}

const char *
agentd_path(const struct agentd *d)
{
	return d->path;
}

static void
conn_drop(struct agentd *d, size_t i)
{
	struct conn *c = &d->conn[i];

	close(c->fd);
	sec_wipe(c->small, AGENT_SMALL);
	sec_free(c->small);
	buf_free(&c->big);
	*c = d->conn[--d->nconn];
	memset(&d->conn[d->nconn], 0, sizeof(d->conn[d->nconn]));
}

static void
release(struct agentd *d, int unlink_it)
{
	struct stat st;

	/* gone from the file system before any client sees its end */
	if (d->fd >= 0) {
		close(d->fd);
		/* only the socket it made: never one put in its place */
		if (unlink_it && lstat(d->path, &st) == 0 &&
		    st.st_dev == d->dev && st.st_ino == d->ino)
			unlink(d->path);
	}
	if (unlink_it && d->dir[0] != '\0')
		rmdir(d->dir);
	while (d->nconn > 0)
		conn_drop(d, d->nconn - 1);
	if (d->out != NULL) {
		sec_wipe(d->out, AGENT_SMALL);
		sec_free(d->out);
	}
	free(d);
}

void
agentd_close(struct agentd *d)
{
	if (d != NULL)
		release(d, 1);
}

void
agentd_detach(struct agentd *d)
{
	if (d != NULL)
		release(d, 0);
}

/* One frame out, whole or not at all: a client that does not read its
 * replies gets no more. */
static int
send_frame(int fd, const uint8_t *p, size_t len)
{
	uint8_t n[4];
	struct iovec iov[2] = { { n, 4 }, { (void *)(uintptr_t)p, len } };
	struct msghdr mh;
	ssize_t w;

	buf_put_u32(n, (uint32_t)len);
	memset(&mh, 0, sizeof(mh));
	mh.msg_iov = iov;
	mh.msg_iovlen = 2;
	do
		w = sendmsg(fd, &mh, MSG_NOSIGNAL | MSG_DONTWAIT);
	while (w < 0 && errno == EINTR);
	return w == (ssize_t)(len + 4) ? 0 : -1;
}

/* A reply built here, not by the keyring: a status and its line. */
static int
reply_msg(int fd, int status, const char *msg)
{
	uint8_t r[128];
	size_t n = strlen(msg);

	if (n > sizeof(r) - AGENT_HEAD)
		n = sizeof(r) - AGENT_HEAD;
	memcpy(r, AGENT_MAGIC, 4);
	r[4] = AGENT_VERSION;
	r[5] = (uint8_t)status;
	memcpy(r + AGENT_HEAD, msg, n);
	return send_frame(fd, r, AGENT_HEAD + n);
}

/* A peer refused before any request: one reply saying why. */
static void
refuse(int fd, unsigned int uid)
{
	char msg[64];

	snprintf(msg, sizeof(msg), "uid %u may not use this agent", uid);
	reply_msg(fd, AGENT_REFUSED, msg);
	close(fd);
}

static void
conn_accept(struct agentd *d)
{
	struct conn *c;
	char path[64], comm[32];
	struct ucred cr;
	socklen_t len = sizeof(cr);
	FILE *f;
	int fd;

	if ((fd = accept4(d->fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC)) < 0)
		return;
	/* the directory and the mode keep others out; this is the check
	 * that does not depend on them */
	if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cr, &len) != 0) {
		close(fd);
		return;
	}
	if (cr.uid != geteuid()) {
		refuse(fd, (unsigned int)cr.uid);
		return;
	}
	if (d->nconn == AGENTD_CONNS) {
		close(fd);
		return;
	}
	c = &d->conn[d->nconn];
	memset(c, 0, sizeof(*c));
	if ((c->small = sec_malloc(AGENT_SMALL)) == NULL) {
		close(fd);
		return;
	}
	c->fd = fd;
	snprintf(comm, sizeof(comm), "?");
	snprintf(path, sizeof(path), "/proc/%ld/comm", (long)cr.pid);
	if ((f = fopen(path, "r")) != NULL) {
		if (fgets(comm, sizeof(comm), f) != NULL)
			comm[strcspn(comm, "\n")] = '\0';
		fclose(f);
	}
	snprintf(c->who, sizeof(c->who), "pid %ld (%s)", (long)cr.pid, comm);
	d->nconn++;
}

/* A whole frame in: answered, and wiped. */
static int
conn_answer(struct agentd *d, struct conn *c, struct keyring *r, int *stop)
{
	uint8_t *req = c->need <= AGENT_SMALL ? c->small : c->big.data;
	size_t len;
	int rc;

	if (c->need > AGENT_SMALL && req[5] != AGENT_SIGN) {
		/* what may carry a secret is read into guarded memory only:
		 * a request that could, that large, is not answered */
		sec_wipe(req, c->need);
		rc = reply_msg(c->fd, AGENT_MALFORMED, "only a sign request "
		    "may be larger than 4096 bytes");
	} else {
		len = keyring_answer(r, req, c->need, c->who, d->out, stop);
		sec_wipe(req, c->need);
		rc = send_frame(c->fd, d->out, len);
		sec_wipe(d->out, AGENT_SMALL);
	}
	c->need = 0;
	c->have = 0;
	return rc;
}

/* Reads what has come; -1: drop the connection. */
static int
conn_read(struct agentd *d, struct conn *c, struct keyring *r, int *stop)
{
	uint8_t *dst;
	size_t want;
	ssize_t n;

	for (;;) {
		if (c->need == 0) {
			dst = c->len + c->have;
			want = 4 - c->have;
		} else {
			dst = (c->need <= AGENT_SMALL ? c->small :
			    c->big.data) + c->have;
			want = c->need - c->have;
		}
		n = recv(c->fd, dst, want, 0);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return 0;
		if (n <= 0)
			return -1;
		c->have += (size_t)n;
		if (c->need == 0 && c->have == 4) {
			c->need = buf_get_u32(c->len);
			c->have = 0;
			if (c->need < AGENT_HEAD || c->need > AGENT_FRAME_MAX)
				return -1;
			if (c->need > AGENT_SMALL && (c->big.len = 0,
			    buf_reserve(&c->big, c->need) != 0))
				return -1;
		} else if (c->need != 0 && c->have == c->need)
			return conn_answer(d, c, r, stop);
	}
}

/* The socket is still the one this agent made. */
static int
still_ours(const struct agentd *d)
{
	struct stat st;

	return lstat(d->path, &st) == 0 && st.st_dev == d->dev &&
	    st.st_ino == d->ino;
}

static int
poll_ms(const struct keyring *r)
{
	uint64_t next = keyring_next(r);

	/* the socket is looked at once a minute at least */
	return next >= 60 ? 60000 : (int)next * 1000;
}

int
agentd_serve(struct agentd *d, struct keyring *r,
    const struct agentd_signals *sig, struct error *e)
{
	struct pollfd pfd[AGENTD_CONNS + 2];
	char drain[64];
	size_t i, nc;
	int stop = 0;

#ifdef PR_SET_DUMPABLE
	if (prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0)
		return error_errno(e, "prctl");
#endif
	if (d->out == NULL && (d->out = sec_malloc(AGENT_SMALL)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	/* listened again by the serving process (the daemon, after the
	 * fork): the credentials a client reads (SO_PEERCRED) are taken at
	 * listen(2), and its pid is what agent -s prints for it */
	if (listen(d->fd, 16) != 0)
		return error_errno(e, "%s", d->path);
	while (!stop && !*sig->stop && still_ours(d)) {
		if (*sig->forget) {
			*sig->forget = 0;
			keyring_forget_all(r);
		}
		keyring_expire(r);
		pfd[0].fd = sig->wake;
		pfd[0].events = POLLIN;
		pfd[1].fd = d->fd;
		pfd[1].events = POLLIN;
		nc = d->nconn;
		for (i = 0; i < nc; i++) {
			pfd[i + 2].fd = d->conn[i].fd;
			pfd[i + 2].events = POLLIN;
		}
		if (poll(pfd, nc + 2, poll_ms(r)) < 0) {
			if (errno == EINTR)
				continue;
			return error_errno(e, "poll");
		}
		if (pfd[0].revents & POLLIN)
			while (read(sig->wake, drain, sizeof(drain)) > 0)
				;
		/* backwards: a connection dropped takes the last one's slot */
		for (i = nc; i-- > 0 && !stop;)
			if (pfd[i + 2].revents != 0 &&
			    conn_read(d, &d->conn[i], r, &stop) != 0)
				conn_drop(d, i);
		if (pfd[1].revents & POLLIN)
			conn_accept(d);
	}
	return 0;
}
