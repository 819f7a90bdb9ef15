/*
 * The key agent's daemon side: its socket and its loop.  The socket is
 * one the agent makes itself (mode 0600, in a directory of mode 0700),
 * never one it finds; every connection's peer must be the agent's own
 * user (SO_PEERCRED); requests are answered one at a time by the keyring
 * (keyring.h), frames of several clients read as they come.  Nothing
 * here prints or exits: the program (cmd_agent.c) daemonizes, handles
 * signals and asks the person.
 */
#ifndef AGENTD_H
#define AGENTD_H

#include <signal.h>

#include "error.h"
#include "keyring.h"

#define AGENTD_CONNS	32	/* connections served at once */

struct agentd;

/*
 * Listens at path; when path is NULL, in a new directory under base:
 * base/adjudicator-XXXXXX/agent.PID.  path's directory is made (0700)
 * when missing, else must be this user's and closed to others.  A socket
 * already at path that no agent answers is stale and removed; one that
 * answers is refused (1).  Sockets that this user's agents left under
 * base when they were killed are removed, with their directories.
 */
int	agentd_listen(struct agentd **, const char *base, const char *path,
	    struct error *);
const char *agentd_path(const struct agentd *);

/* What stops the loop or empties the keyring from outside: wake is
 * readable (a signal's handler wrote to it), then *stop or *forget. */
struct agentd_signals {
	int			 wake;
	volatile sig_atomic_t	*stop;
	volatile sig_atomic_t	*forget;
};

/*
 * Serves r until a stop request, *stop, or the socket is no longer the
 * one it made (removed or replaced: a socket it did not make is never
 * served).  The process is made undumpable first: no core dump, no
 * ptrace by the user's other processes.
 */
int	agentd_serve(struct agentd *, struct keyring *,
	    const struct agentd_signals *, struct error *);
/* Closes every connection, removes the socket and the directory made for
 * it; NULL is a no-op. */
void	agentd_close(struct agentd *);
/* Lets go of the memory only, the socket left in place: the parent of
 * the daemon, which goes on serving it. */
void	agentd_detach(struct agentd *);

#endif
