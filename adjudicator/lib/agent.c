/*
 * The key agent's client: the socket checked before anything is said to
 * it, one frame out and one back per request, and a key whose holder is
 * the agent (key.h).  Frames are formats/agent.md's; what may carry a
 * secret (an added key, a passphrase, an opened box) is built and read
 * in guarded memory, and wiped.
 */
#define _GNU_SOURCE		/* struct ucred */
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <sys/un.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "agent.h"

/* The directory of path, which nobody else may write into, and the
 * socket, which nobody else may open: a socket another user could
 * replace would receive the keys a verb hands the agent. */
static int
socket_safe(const char *path, int *absent, struct error *e)
{
	char dir[sizeof(((struct agent *)0)->path)], *slash;
	struct stat st;
	uid_t me = geteuid();

	snprintf(dir, sizeof(dir), "%s", path);
	if ((slash = strrchr(dir, '/')) == NULL)
		snprintf(dir, sizeof(dir), ".");
	else if (slash == dir)
		dir[1] = '\0';
	else
		*slash = '\0';
	if (lstat(path, &st) != 0) {
		if (errno == ENOENT || errno == ENOTDIR)
			*absent = 1;
		return error_errno(e, "agent %s", path);
	}
	if (!S_ISSOCK(st.st_mode))
		return error_set(e, EXIT_REFUSED, "agent %s: not a socket", path);
	if (st.st_uid != me || (st.st_mode & 077) != 0)
		return error_set(e, EXIT_REFUSED, "agent %s: a socket others "
		    "may use (owner %u, mode %04o); not used", path,
		    (unsigned int)st.st_uid, (unsigned int)(st.st_mode & 07777));
	if (lstat(dir, &st) != 0)
		return error_errno(e, "agent %s", dir);
	if (!S_ISDIR(st.st_mode) || st.st_uid != me ||
	    (st.st_mode & 022) != 0)
		return error_set(e, EXIT_REFUSED, "agent %s: in a directory "
		    "others may write into (owner %u, mode %04o); not used",
		    path, (unsigned int)st.st_uid,
		    (unsigned int)(st.st_mode & 07777));
	return 0;
}

/* The process at the other end is this user's. */
static int
peer_ours(int fd, const char *path, long *pid, struct error *e)
{
#ifdef SO_PEERCRED
	struct ucred cr;
	socklen_t len = sizeof(cr);

	if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cr, &len) != 0)
		return error_errno(e, "agent %s", path);
	if (cr.uid != geteuid())
		return error_set(e, EXIT_REFUSED, "agent %s: served by uid %u, "
		    "not this user; not used", path, (unsigned int)cr.uid);
	*pid = (long)cr.pid;
#else
	uid_t uid;
	gid_t gid;

	if (getpeereid(fd, &uid, &gid) != 0)
		return error_errno(e, "agent %s", path);
	if (uid != geteuid())
		return error_set(e, EXIT_REFUSED, "agent %s: served by uid %u, "
		    "not this user; not used", path, (unsigned int)uid);
	*pid = 0;
#endif
	return 0;
}

int
agent_connect(struct agent *a, const char *path, int *absent,
    struct error *e)
{
	struct sockaddr_un sun;

	memset(a, 0, sizeof(*a));
	a->fd = -1;
	*absent = 0;
	if ((size_t)snprintf(a->path, sizeof(a->path), "%s", path) >=
	    sizeof(a->path) || sizeof(sun.sun_path) < sizeof(a->path))
		return error_set(e, EXIT_USAGE, "agent %.60s...: path too long "
		    "for a socket", path);
	if (socket_safe(path, absent, e) != 0)
		return -1;
	memset(&sun, 0, sizeof(sun));
	sun.sun_family = AF_UNIX;
	memcpy(sun.sun_path, a->path, strlen(a->path) + 1);
	if ((a->fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0)) < 0)
		return error_errno(e, "socket");
	if (connect(a->fd, (struct sockaddr *)&sun, sizeof(sun)) != 0) {
		/* a socket nobody listens on: an agent that died */
		*absent = errno == ECONNREFUSED || errno == ENOENT;
		error_errno(e, "agent %s", path);
		agent_close(a);
		return -1;
	}
	if (peer_ours(a->fd, path, &a->pid, e) != 0) {
		agent_close(a);
		return -1;
	}
	if ((a->io = sec_malloc(AGENT_SMALL + 4)) == NULL) {
		agent_close(a);
		return error_set(e, EXIT_SYSTEM, "out of memory");
	}
	return 0;
}

void
agent_close(struct agent *a)
{
	if (a->fd >= 0)
		close(a->fd);
	a->fd = -1;
	if (a->io != NULL) {
		sec_wipe(a->io, AGENT_SMALL + 4);
		sec_free(a->io);
	}
	a->io = NULL;
}

static int
send_all(struct agent *a, struct iovec *iov, int n, struct error *e)
{
	struct msghdr mh;
	ssize_t w;

	while (n > 0) {
		memset(&mh, 0, sizeof(mh));
		mh.msg_iov = iov;
		mh.msg_iovlen = (size_t)n;
		if ((w = sendmsg(a->fd, &mh, MSG_NOSIGNAL)) < 0) {
			if (errno == EINTR)
				continue;
			return error_errno(e, "agent %s", a->path);
		}
		while (n > 0 && (size_t)w >= iov->iov_len) {
			w -= (ssize_t)iov->iov_len;
			iov++;
			n--;
		}
		if (n > 0) {
			iov->iov_base = (char *)iov->iov_base + w;
			iov->iov_len -= (size_t)w;
		}
	}
	return 0;
}

static int
recv_all(struct agent *a, uint8_t *p, size_t len, struct error *e)
{
	ssize_t r;

	while (len > 0) {
		if ((r = recv(a->fd, p, len, 0)) < 0) {
			if (errno == EINTR)
				continue;
			return error_errno(e, "agent %s", a->path);
		}
		if (r == 0)
			return error_set(e, EXIT_SYSTEM, "agent %s: closed the "
			    "connection", a->path);
		p += r;
		len -= (size_t)r;
	}
	return 0;
}

/* The agent's message in a reply that is not AGENT_OK, as one line. */
static int
reply_error(struct agent *a, const uint8_t *p, size_t len, struct error *e)
{
	char msg[256];
	size_t i, n = 0;
	enum exit_status st;

	for (i = 0; i < len && n + 1 < sizeof(msg); i++)
		msg[n++] = p[i] >= 0x20 && p[i] < 0x7f ? (char)p[i] : '?';
	msg[n] = '\0';
	switch (a->status) {
	case AGENT_REFUSED:
	case AGENT_LOCKED:
	case AGENT_NOT_HELD:
		st = EXIT_REFUSED;
		break;
	case AGENT_MALFORMED:
		st = EXIT_MALFORMED;
		break;
	default:
		st = EXIT_SYSTEM;
	}
	return error_set(e, st, "agent: %s", n ? msg : "request refused");
}

long
agent_call(struct agent *a, enum agent_op op, const void *body, size_t len,
    const void *body2, size_t len2, struct error *e)
{
	uint8_t head[4 + AGENT_HEAD];
	struct iovec iov[3];
	uint32_t n;

	a->status = -1;
	if (len + len2 > AGENT_FRAME_MAX - AGENT_HEAD)
		return error_set(e, EXIT_USAGE, "agent: request of %zu bytes "
		    "is too large", len + len2);
	buf_put_u32(head, (uint32_t)(AGENT_HEAD + len + len2));
	memcpy(head + 4, AGENT_MAGIC, 4);
	head[8] = AGENT_VERSION;
	head[9] = (uint8_t)op;
	iov[0].iov_base = head;
	iov[0].iov_len = sizeof(head);
	iov[1].iov_base = (void *)(uintptr_t)body;
	iov[1].iov_len = len;
	iov[2].iov_base = (void *)(uintptr_t)body2;
	iov[2].iov_len = len2;
	if (send_all(a, iov, 3, e) != 0 || recv_all(a, a->io, 4, e) != 0)
		return -1;
	n = buf_get_u32(a->io);
	if (n < AGENT_HEAD || n > AGENT_SMALL)
		return error_set(e, EXIT_SYSTEM, "agent %s: a reply of %u bytes",
		    a->path, n);
	if (recv_all(a, a->io, n, e) != 0)
		return -1;
	if (memcmp(a->io, AGENT_MAGIC, 4) != 0)
		return error_set(e, EXIT_SYSTEM, "agent %s: not an adjudicator "
		    "agent", a->path);
	if (a->io[4] != AGENT_VERSION)
		return error_set(e, EXIT_SYSTEM, "agent %s: speaks version %u, "
		    "not %u", a->path, a->io[4], AGENT_VERSION);
	a->status = a->io[5];
	if (a->status != AGENT_OK)
		return reply_error(a, a->io + AGENT_HEAD, n - AGENT_HEAD, e);
	return (long)(n - AGENT_HEAD);
}

int
agent_key_public(struct agent *a, const uint8_t id[KEY_ID],
    struct key_public *pub, struct error *e)
{
	const uint8_t *p = a->io + AGENT_HEAD;
	long n;
	size_t namelen;

	memset(pub, 0, sizeof(*pub));
	if ((n = agent_call(a, AGENT_KEY, id, KEY_ID, NULL, 0, e)) < 0)
		return -1;
	namelen = n > SEC_SIGN_PK + SEC_BOX_PK ? p[SEC_SIGN_PK + SEC_BOX_PK] :
	    0;
	if ((size_t)n != SEC_SIGN_PK + SEC_BOX_PK + 1 + namelen ||
	    namelen > KEY_NAME_MAX)
		return error_set(e, EXIT_SYSTEM, "agent %s: a malformed key",
		    a->path);
	memcpy(pub->sign_pk, p, SEC_SIGN_PK);
	memcpy(pub->box_pk, p + SEC_SIGN_PK, SEC_BOX_PK);
	memcpy(pub->name, p + SEC_SIGN_PK + SEC_BOX_PK + 1, namelen);
	/* an agent that answers with other keys is not believed */
	if (!key_name_ok(pub->name) || key_compute_id(pub) != 0 ||
	    memcmp(pub->id, id, KEY_ID) != 0)
		return error_set(e, EXIT_SYSTEM, "agent %s: answered for key %s "
		    "with another key", a->path, pub->idhex);
	return 0;
}

int
agent_add(struct agent *a, const struct key_secret *k, uint32_t idle,
    uint32_t max, int confirm, struct error *e)
{
	size_t namelen = strlen(k->pub.name);
	size_t len = SEC_SIGN_SK + SEC_BOX_SK + 1 + namelen + 9;
	uint8_t *req;
	long rc;

	/* the halves travel in guarded memory, from this process's own
	 * (a key the agent holds cannot be added: it is there) */
	if (k->holder != NULL)
		return error_set(e, EXIT_USAGE, "key %s: held by an agent "
		    "already", k->pub.idhex);
	if ((req = sec_malloc(len)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	memcpy(req, k->sign_sk, SEC_SIGN_SK);
	memcpy(req + SEC_SIGN_SK, k->box_sk, SEC_BOX_SK);
	req[SEC_SIGN_SK + SEC_BOX_SK] = (uint8_t)namelen;
	memcpy(req + SEC_SIGN_SK + SEC_BOX_SK + 1, k->pub.name, namelen);
	buf_put_u32(req + len - 9, idle);
	buf_put_u32(req + len - 5, max);
	req[len - 1] = confirm != 0;
	rc = agent_call(a, AGENT_ADD, req, len, NULL, 0, e);
	sec_wipe(req, len);
	sec_free(req);
	return rc < 0 ? -1 : 0;
}

int
agent_list(struct agent *a, struct agent_entry *out, size_t *nout,
    struct error *e)
{
	struct cursor c;
	uint16_t n;
	uint8_t namelen, confirm;
	long len;
	size_t i;

	*nout = 0;
	if ((len = agent_call(a, AGENT_LIST, NULL, 0, NULL, 0, e)) < 0)
		return -1;
	c.p = a->io + AGENT_HEAD;
	c.left = (size_t)len;
	if (cursor_u16(&c, &n) || n > AGENT_MAX_KEYS)
		goto bad;
	for (i = 0; i < n; i++) {
		memset(&out[i], 0, sizeof(out[i]));
		if (cursor_take(&c, out[i].id, KEY_ID) ||
		    cursor_u8(&c, &namelen) || namelen > KEY_NAME_MAX ||
		    cursor_take(&c, out[i].name, namelen) ||
		    cursor_u32(&c, &out[i].idle_left) ||
		    cursor_u32(&c, &out[i].max_left) ||
		    cursor_u8(&c, &confirm) || !key_name_ok(out[i].name))
			goto bad;
		out[i].confirm = confirm != 0;
	}
	if (c.left != 0)
		goto bad;
	*nout = n;
	return 0;
bad:
	return error_set(e, EXIT_SYSTEM, "agent %s: a malformed list", a->path);
}

/* --- a key the agent holds: key.h's holder --- */

struct held {
	struct agent	a;
	uint8_t		id[KEY_ID];
};

static int
held_sign(void *arg, const struct key_public *pub, uint8_t sig[SEC_SIG],
    const void *m, size_t len, struct error *e)
{
	struct held *h = arg;
	long n;

	(void)pub;
	if ((n = agent_call(&h->a, AGENT_SIGN, h->id, KEY_ID, m, len, e)) < 0)
		return -1;
	if (n != SEC_SIG)
		return error_set(e, EXIT_SYSTEM, "agent %s: a malformed "
		    "signature", h->a.path);
	memcpy(sig, h->a.io + AGENT_HEAD, SEC_SIG);
	return 0;
}

static int
held_unseal(void *arg, const struct key_public *pub, uint8_t *m,
    const uint8_t *c, size_t clen, struct error *e)
{
	struct held *h = arg;
	const uint8_t *p = h->a.io + AGENT_HEAD;
	long n;
	int rc = -1;

	(void)pub;
	if (clen < SEC_SEAL_EXTRA || clen > AGENT_SMALL / 2)
		return 1;
	if ((n = agent_call(&h->a, AGENT_UNSEAL, h->id, KEY_ID, c, clen,
	    e)) < 0)
		return -1;
	if (n == 1 && p[0] == 0)
		rc = 1;
	else if (n == 1 + (long)(clen - SEC_SEAL_EXTRA) && p[0] == 1) {
		memcpy(m, p + 1, clen - SEC_SEAL_EXTRA);
		rc = 0;
	} else
		error_set(e, EXIT_SYSTEM, "agent %s: a malformed reply",
		    h->a.path);
	sec_wipe(h->a.io, AGENT_SMALL + 4);
	return rc;
}

static void
held_release(void *arg)
{
	struct held *h = arg;

	agent_close(&h->a);
	free(h);
}

static const struct key_holder held_holder = {
	.sign = held_sign,
	.unseal = held_unseal,
	.release = held_release,
};

struct key_secret *
agent_key(const char *path, const uint8_t id[KEY_ID], int *absent,
    struct error *e)
{
	struct key_public pub;
	struct held *h;

	if ((h = calloc(1, sizeof(*h))) == NULL) {
		error_set(e, EXIT_SYSTEM, "out of memory");
		return NULL;
	}
	memcpy(h->id, id, KEY_ID);
	if (agent_connect(&h->a, path, absent, e) != 0 ||
	    agent_key_public(&h->a, id, &pub, e) != 0) {
		held_release(h);
		return NULL;
	}
	return key_held(&pub, &held_holder, h, e);
}

/* The file's key, asked for; handed to the agent a when there is one. */
static struct key_secret *
from_file(struct agent *a, const char *path, key_pass_fn *pass, void *arg,
    char *note, size_t notelen, struct error *e)
{
	struct key_secret *k;
	struct error ign;

	if ((k = key_secret_load(path, pass, arg, e)) == NULL || a == NULL)
		return k;
	error_clear(&ign);
	if (agent_add(a, k, AGENT_LIFE_DEFAULT, AGENT_LIFE_DEFAULT, 0,
	    &ign) != 0)
		snprintf(note, notelen, "%s; key %s not added", ign.msg,
		    k->pub.idhex);
	return k;
}

struct key_secret *
agent_key_load(const char *sock, const char *path, key_pass_fn *pass,
    void *arg, char *note, size_t notelen, struct error *e)
{
	struct key_secret *k = NULL;
	struct held *h;
	struct key_public pub;
	struct error why;
	uint8_t id[KEY_ID];
	int enc, absent;

	note[0] = '\0';
	if (sock == NULL || *sock == '\0' ||
	    key_secret_id(path, id, &enc, e) != 0 || !enc)
		return key_secret_load(path, pass, arg, e);
	if ((h = calloc(1, sizeof(*h))) == NULL) {
		error_set(e, EXIT_SYSTEM, "out of memory");
		return NULL;
	}
	memcpy(h->id, id, KEY_ID);
	error_clear(&why);
	if (agent_connect(&h->a, sock, &absent, &why) != 0) {
		if (absent)
			snprintf(note, notelen, "no agent answers at %s; "
			    "the key file is used", sock);
		else
			snprintf(note, notelen, "%s", why.msg);
		held_release(h);
		return key_secret_load(path, pass, arg, e);
	}
	if (agent_key_public(&h->a, id, &pub, &why) == 0)
		return key_held(&pub, &held_holder, h, e);
	if (h->a.status == AGENT_NOT_HELD)
		k = from_file(&h->a, path, pass, arg, note, notelen, e);
	else {
		snprintf(note, notelen, "%s", why.msg);
		k = key_secret_load(path, pass, arg, e);
	}
	held_release(h);
	return k;
}
