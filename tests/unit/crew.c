/*
 * A crew of threads handed one job after another (crew.h): every item of
 * every job done exactly once, by the crew and the caller together, and
 * seen done by the caller once crew_wait returns; jobs back to back (the
 * threads still spinning) and after a long pause of the caller's (the
 * threads asleep); a crew freed at once, and none at all.
 */
#include <stdatomic.h>

#include "unit.h"

#include "crew.h"

#define ITEMS	4096

struct job {
	atomic_int	 next;
	atomic_int	 calls;
	int		 done[ITEMS];	/* written by whichever thread took it */
};

static void
work(void *arg)
{
	struct job *j = arg;
	int i;

	atomic_fetch_add(&j->calls, 1);
	while ((i = atomic_fetch_add(&j->next, 1)) < ITEMS)
		j->done[i]++;
}

/* Keeps the caller busy long enough for the crew to fall asleep. */
static unsigned
pause_busy(void)
{
	uint8_t h[SEC_HASH] = { 0 };
	int i;

	for (i = 0; i < 20000; i++)
		sec_hash(h, "crew", h, sizeof(h));
	return h[0];
}

/* n jobs; 1 when every item of each was done once and every thread came. */
static int
jobs(struct crew *c, int n, int pause)
{
	static struct job j;
	int k, i, ok = 1;

	for (k = 0; k < n; k++) {
		memset(j.done, 0, sizeof(j.done));
		atomic_store(&j.next, 0);
		atomic_store(&j.calls, 0);
		if (pause)
			(void)pause_busy();
		crew_begin(c, work, &j);
		work(&j);
		crew_wait(c);
		for (i = 0; i < ITEMS; i++)
			ok &= j.done[i] == 1;
		ok &= atomic_load(&j.calls) == crew_size(c) + 1;
	}
	return ok;
}

int
main(void)
{
	struct crew *c;

	unit_init();
	unit_ok(crew_new(0) == NULL && crew_size(NULL) == 0,
	    "a crew of no thread is none");
	crew_free(NULL);
	c = crew_new(3);
	unit_ok(c != NULL && crew_size(c) == 3, "a crew of three");
	unit_ok(c != NULL && jobs(c, 500, 0), "500 jobs back to back, "
	    "every item once, every thread on each");
	unit_ok(c != NULL && jobs(c, 5, 1), "jobs after a pause (the crew "
	    "asleep), every item once");
	crew_free(c);
	c = crew_new(1);
	unit_ok(c != NULL && jobs(c, 50, 0), "a crew of one");
	crew_free(c);
	c = crew_new(2);
	crew_free(c);
	unit_ok(1, "a crew freed before any job");
	return unit_done();
}
