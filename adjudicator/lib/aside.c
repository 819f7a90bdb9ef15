/*
 * A helper thread started aside (aside.h).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE	/* sched_getcpu, pthread_attr_setaffinity_np */
#endif
#include <sched.h>
#include <stdlib.h>

#include "aside.h"

#ifdef CPU_SET
struct aside {
	void		*(*fn)(void *);
	void		*arg;
	cpu_set_t	 all;	/* the CPUs the process may use */
};

static void *
trampoline(void *p)
{
	struct aside a = *(struct aside *)p;

	free(p);
	/* its own start done, the thread may run anywhere again, and so may
	 * what it starts (a mailer inherits the mask) */
	(void)sched_setaffinity(0, sizeof(a.all), &a.all);
	return a.fn(a.arg);
}

int
aside_start(pthread_t *t, void *(*fn)(void *), void *arg)
{
	struct aside *a;
	pthread_attr_t at;
	cpu_set_t other;
	int cpu, rc;

	if ((a = malloc(sizeof(*a))) == NULL ||
	    sched_getaffinity(0, sizeof(a->all), &a->all) != 0 ||
	    (cpu = sched_getcpu()) < 0 || CPU_COUNT(&a->all) < 2 ||
	    !CPU_ISSET(cpu, &a->all)) {
		free(a);
		return pthread_create(t, NULL, fn, arg);
	}
	a->fn = fn;
	a->arg = arg;
	other = a->all;
	CPU_CLR(cpu, &other);
	if ((rc = pthread_attr_init(&at)) != 0) {
		free(a);
		return rc;
	}
	if (pthread_attr_setaffinity_np(&at, sizeof(other), &other) != 0)
		rc = pthread_create(t, NULL, trampoline, a);
	else
		rc = pthread_create(t, &at, trampoline, a);
	pthread_attr_destroy(&at);
	if (rc != 0)
		free(a);
	return rc;
}
#else
int
aside_start(pthread_t *t, void *(*fn)(void *), void *arg)
{
	return pthread_create(t, NULL, fn, arg);
}
#endif
