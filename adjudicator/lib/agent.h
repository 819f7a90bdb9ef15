/*
 * The key agent's protocol, and its client.  An agent (agentd.h) holds
 * unlocked secret keys and answers on a Unix socket that only its user
 * can open: sign these bytes, open this sealed box (the secret never
 * leaves it), and the requests that manage it.  A frame is a u32 length
 * and a record that starts "ADJA" version op; formats/agent.md has every
 * byte.  The client is a second implementation of a secret key (key.h):
 * a key the agent holds signs and opens through it, one round trip each.
 */
#ifndef AGENT_H
#define AGENT_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "error.h"
#include "key.h"

#define AGENT_MAGIC	"ADJA"
#define AGENT_VERSION	1
#define AGENT_HEAD	6		/* magic, version, op or status */
/* Every frame but a sign request fits here, and is read into guarded
 * memory; a sign request carries a whole message. */
#define AGENT_SMALL	4096
#define AGENT_FRAME_MAX	(2u * 1024 * 1024)
#define AGENT_MAX_KEYS	32
#define AGENT_LIFE_DEFAULT	0xffffffffu	/* in a request: the agent's */
#define AGENT_LIFE_NONE		0		/* no limit */

enum agent_op {
	AGENT_KEY = 1,		/* key id -> its public keys */
	AGENT_SIGN = 2,		/* key id, bytes -> signature */
	AGENT_UNSEAL = 3,	/* key id, sealed box -> opened, contents */
	AGENT_ADD = 4,		/* secret halves, name, lifetimes, confirm */
	AGENT_LIST = 5,
	AGENT_FORGET = 6,	/* key id (zeros: every key) */
	AGENT_LOCK = 7,		/* passphrase */
	AGENT_UNLOCK = 8,	/* passphrase */
	AGENT_STOP = 9
};

enum agent_status {
	AGENT_OK = 0,
	AGENT_REFUSED = 1,	/* not confirmed, wrong passphrase, not allowed */
	AGENT_NOT_HELD = 2,	/* no such key (never added, or forgotten) */
	AGENT_MALFORMED = 3,	/* a request it cannot read */
	AGENT_FAILED = 4,	/* out of memory, a failed primitive */
	AGENT_LOCKED = 5
};

/* A connection to an agent. */
struct agent {
	int	 fd;
	char	 path[108];	/* sizeof(sun_path) */
	uint8_t	*io;		/* AGENT_SMALL + 4 bytes, guarded */
	int	 status;	/* of the last reply */
	long	 pid;		/* the agent's process, 0 when not known */
};

/*
 * Connects to the agent at path, which must be a socket of this user
 * that nobody else can open or replace (owned by this user, mode 0600,
 * in a directory of this user that nobody else can write into), served
 * by a process of this user (SO_PEERCRED).  *absent is set when no agent
 * listens there (no socket, or a stale one): the caller goes on without
 * it; any other failure is an unsafe socket, refused.
 */
int	agent_connect(struct agent *, const char *path, int *absent,
	    struct error *);
void	agent_close(struct agent *);

/*
 * One round trip: the request op with its fields (len bytes of body, and
 * len2 more of body2 after them, sent as they are), the reply's fields
 * into a->io from offset AGENT_HEAD; returns their length, or -1.  A
 * reply with a status other than AGENT_OK sets the error with the
 * agent's message and a->status, and returns -1.
 */
long	agent_call(struct agent *, enum agent_op, const void *body, size_t len,
	    const void *body2, size_t len2, struct error *);

/* The key id's public keys as the agent says, checked against the id:
 * 0; -1 with a->status AGENT_NOT_HELD or AGENT_LOCKED when it cannot
 * serve it. */
int	agent_key_public(struct agent *, const uint8_t id[KEY_ID],
	    struct key_public *, struct error *);
/* Hands the agent k's secret halves, kept idle seconds after its last use
 * and max after now (AGENT_LIFE_DEFAULT: the agent's own; 0: no limit),
 * each use confirmed when confirm. */
int	agent_add(struct agent *, const struct key_secret *, uint32_t idle,
	    uint32_t max, int confirm, struct error *);
/* A key that signs and opens through the agent at path (one round trip
 * each, on a connection of its own). */
struct key_secret *agent_key(const char *path, const uint8_t id[KEY_ID],
	    int *absent, struct error *);

/* One key the agent holds, as it lists them. */
struct agent_entry {
	uint8_t		id[KEY_ID];
	char		name[KEY_NAME_MAX + 1];
	uint32_t	idle_left, max_left;	/* AGENT_LIFE_NONE: no limit */
	int		confirm;
};
/* Its keys into out (at most AGENT_MAX_KEYS); -1 when locked. */
int	agent_list(struct agent *, struct agent_entry *, size_t *n,
	    struct error *);

/*
 * What every verb does with a secret key when an agent may be there:
 * the key of the file at path from the agent at sock (NULL or "": none)
 * when it holds it; else from the file through pass, and then handed to
 * the agent with its own lifetimes, so that the next verb finds it.  An
 * unencrypted key file is read as it is: no agent is asked.  When the
 * agent could not be used (none answers, unsafe, locked, full), note says
 * why (else it is ""), and the file is used.
 */
struct key_secret *agent_key_load(const char *sock, const char *path,
	    key_pass_fn *pass, void *arg, char *note, size_t notelen,
	    struct error *);

#endif
