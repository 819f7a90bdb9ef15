/*
 * A crew: worker threads started once and handed one job after another
 * (crew.c).  verify shares out its entries this way: a thread started
 * for every batch begins late (the scheduler often queues it
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
/*
 * A job that waits for work from the calling thread: a thread of the
 * crew with nothing to do spins a moment, then sleeps until ready(arg)
 * is true (ready is asked again after each crew_wake).  crew_wake: the
 * caller made ready true for some thread, after it did.
 */
void	crew_idle(struct crew *, int (*ready)(void *), void *arg);
void	crew_wake(struct crew *);
/* One turn of a wait for another thread: a pause, now and then a yield
 * of the CPU.  *n counts the turns, 0 at first. */
void	crew_spin(unsigned *n);
/* Returns once every thread has returned from the job crew_begin gave. */
void	crew_wait(struct crew *);
/* Ends the threads (after crew_wait) and frees the crew.  NULL: none. */
void	crew_free(struct crew *);

#endif
