/*
 * The keys a key agent holds, and its answer to each request
 * (formats/agent.md): no sockets here, only records in and out, so that
 * every rule (lifetimes, the lock, what may be signed) is tested without
 * a daemon.  Keys live in guarded memory and are wiped when forgotten.
 */
#ifndef KEYRING_H
#define KEYRING_H

#include <stddef.h>
#include <stdint.h>

#include "agent.h"
#include "error.h"

#define KEYRING_IDLE	600	/* seconds after the last use */
#define KEYRING_MAX	7200	/* seconds after it was added */

/* Seconds on the agent's clock: any origin, never going back. */
typedef uint64_t keyring_clock_fn(void *);
/* Asks the person whether to go on (question: one line): 0 yes, 1 no,
 * -1 with the error set (no answer could be had). */
typedef int keyring_confirm_fn(void *, const char *question, struct error *);

struct keyring_config {
	uint32_t		 idle, max;	/* for keys added without their
						 * own; 0: no limit */
	keyring_clock_fn	*clock;
	void			*clock_arg;
	keyring_confirm_fn	*confirm;	/* NULL: no key may ask for it */
	void			*confirm_arg;
};

struct keyring;

struct keyring *keyring_new(const struct keyring_config *);
/* Wipes every key; NULL is a no-op. */
void	keyring_free(struct keyring *);

/*
 * The reply record to one request record (a frame without its length),
 * into out (AGENT_SMALL bytes, guarded memory: an opened box goes
 * there), its length returned.  who names the client for a confirmation
 * ("pid 123 (adjudicator)").  *stop is set by a stop request.
 */
size_t	keyring_answer(struct keyring *, const uint8_t *req, size_t len,
	    const char *who, uint8_t *out, int *stop);
/* Forgets the keys whose time is up. */
void	keyring_expire(struct keyring *);
/* Seconds until the next key's time is up; UINT64_MAX when none. */
uint64_t keyring_next(const struct keyring *);
void	keyring_forget_all(struct keyring *);
size_t	keyring_count(const struct keyring *);

#endif
