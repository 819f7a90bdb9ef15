/*
 * A crew: worker threads started once and handed one job after another
 * (crew.c).  verify shares out each batch of entries this way: a thread
 * started for every batch begins late (the scheduler often queues it
 * behind its creator, on the creator's CPU) and the other cores idle
 * meanwhile.
 */
#ifndef CREW_H
#define CREW_H

struct crew;

/*
 * n threads, started aside (aside.h) and waiting for work.  NULL when
 * none could be started: the caller then does the work alone.
 */
struct crew *crew_new(int n);
/* How many threads the crew has. */
int	crew_size(const struct crew *);
/*
 * Every thread of the crew runs fn(arg), once; the caller goes on at once
 * (it usually runs fn(arg) too, as one more hand, then crew_wait).
 */
void	crew_begin(struct crew *, void (*fn)(void *), void *arg);
/* Returns once every thread has returned from the job crew_begin gave. */
void	crew_wait(struct crew *);
/* Ends the threads (after crew_wait) and frees the crew.  NULL: none. */
void	crew_free(struct crew *);

#endif
