/*
 * A crew of worker threads (crew.h).  Between two jobs, or within one
 * waiting for more work (crew_idle), a thread spins a little before it
 * sleeps: verify reads more entries within microseconds, and a thread
 * woken from sleep may be placed behind its waker, as a new one is.  The
 * spin is bounded (about a millisecond), so an idle crew costs no CPU.
 */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "aside.h"
#include "crew.h"

#define SPINS	20000	/* checks of the job counter before sleeping */

struct crew {
	pthread_mutex_t	 mu;
	pthread_cond_t	 go;		/* a job, or the end */
	pthread_cond_t	 done;		/* the last thread finished its job */
	pthread_cond_t	 nap;		/* crew_wake: the job has more */
	void		(*fn)(void *);
	void		*arg;
	unsigned	 job;		/* jobs handed out; under mu */
	atomic_uint	 seen;		/* job, for the spinning threads */
	atomic_int	 busy;		/* threads still on the job */
	int		 stop;
	int		 n;		/* threads started */
	pthread_t	 t[];
};

static void
relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#endif
}

/* Waits for a job after number last: 1 with fn and arg, 0 at the end. */
static int
next_job(struct crew *c, unsigned *last, void (**fn)(void *), void **arg)
{
	int i;

	for (i = 0; i < SPINS && atomic_load_explicit(&c->seen,
	    memory_order_acquire) == *last; i++)
		relax();
	pthread_mutex_lock(&c->mu);
	while (c->job == *last && !c->stop)
		pthread_cond_wait(&c->go, &c->mu);
	if (c->job == *last) {	/* stopped, nothing left to do */
		pthread_mutex_unlock(&c->mu);
		return 0;
	}
	*last = c->job;
	*fn = c->fn;
	*arg = c->arg;
	pthread_mutex_unlock(&c->mu);
	return 1;
}

static void *
member(void *p)
{
	struct crew *c = p;
	void (*fn)(void *);
	void *arg;
	unsigned last = 0;

	while (next_job(c, &last, &fn, &arg)) {
		fn(arg);
		if (atomic_fetch_sub(&c->busy, 1) == 1) {
			pthread_mutex_lock(&c->mu);
			pthread_cond_signal(&c->done);
			pthread_mutex_unlock(&c->mu);
		}
	}
	return NULL;
}

struct crew *
crew_new(int n)
{
	struct crew *c;

	if (n < 1 || (c = calloc(1, sizeof(*c) + (size_t)n *
	    sizeof(pthread_t))) == NULL)
		return NULL;
	if (pthread_mutex_init(&c->mu, NULL) != 0)
		goto fail;
	if (pthread_cond_init(&c->go, NULL) != 0)
		goto fail_mu;
	if (pthread_cond_init(&c->done, NULL) != 0)
		goto fail_go;
	if (pthread_cond_init(&c->nap, NULL) != 0)
		goto fail_done;
	atomic_init(&c->seen, 0);
	atomic_init(&c->busy, 0);
	while (c->n < n && aside_start(&c->t[c->n], member, c) == 0)
		c->n++;
	if (c->n > 0)
		return c;
	pthread_cond_destroy(&c->nap);
fail_done:
	pthread_cond_destroy(&c->done);
fail_go:
	pthread_cond_destroy(&c->go);
fail_mu:
	pthread_mutex_destroy(&c->mu);
fail:
	free(c);
	return NULL;
}

int
crew_size(const struct crew *c)
{
	return c != NULL ? c->n : 0;
}

void
crew_begin(struct crew *c, void (*fn)(void *), void *arg)
{
	pthread_mutex_lock(&c->mu);
	c->fn = fn;
	c->arg = arg;
	atomic_store(&c->busy, c->n);
	c->job++;
	atomic_store_explicit(&c->seen, c->job, memory_order_release);
	pthread_cond_broadcast(&c->go);
	pthread_mutex_unlock(&c->mu);
}

void
crew_wait(struct crew *c)
{
	int i;

	for (i = 0; i < SPINS && atomic_load(&c->busy) > 0; i++)
		relax();
	if (atomic_load(&c->busy) == 0)
		return;
	pthread_mutex_lock(&c->mu);
	while (atomic_load(&c->busy) > 0)
		pthread_cond_wait(&c->done, &c->mu);
	pthread_mutex_unlock(&c->mu);
}

void
crew_idle(struct crew *c, int (*ready)(void *), void *arg)
{
	int i;

	for (i = 0; i < SPINS; i++) {
		if (ready(arg))
			return;
		relax();
	}
	/* ready is asked under the lock crew_wake takes: no wake is lost */
	pthread_mutex_lock(&c->mu);
	while (!ready(arg))
		pthread_cond_wait(&c->nap, &c->mu);
	pthread_mutex_unlock(&c->mu);
}

void
crew_wake(struct crew *c)
{
	pthread_mutex_lock(&c->mu);
	pthread_cond_broadcast(&c->nap);
	pthread_mutex_unlock(&c->mu);
}

void
crew_spin(unsigned *n)
{
	/* a while on the CPU, then give it up now and then: what is
	 * awaited may be a thread waiting for this very CPU */
	if (++*n % 1024 == 0)
		sched_yield();
	else
		relax();
}

void
crew_free(struct crew *c)
{
	int i;

	if (c == NULL)
		return;
	pthread_mutex_lock(&c->mu);
	c->stop = 1;
	pthread_cond_broadcast(&c->go);
	pthread_mutex_unlock(&c->mu);
	for (i = 0; i < c->n; i++)
		pthread_join(c->t[i], NULL);
	pthread_cond_destroy(&c->nap);
	pthread_cond_destroy(&c->done);
	pthread_cond_destroy(&c->go);
	pthread_mutex_destroy(&c->mu);
	free(c);
}
