/*
 * The judge's tick (judge -t, run from cron): in a game with a clock, the
 * reminders due to the seat whose clock runs, the notices that it is late
 * (to it and to every other seat), and once its deadline and the grace
 * are past, the judge's signed timeout.  What a tick sends is recorded
 * first (transcript.h, struct transcript_remind), so that no notice goes
 * out twice, and a timeout is an entry like any other: a second tick
 * finds the game over.
 */
#ifndef TICK_H
#define TICK_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "judge.h"

/* A timeout is ruled this long after the grace has passed, so that a
 * mail the mail system took before it, and is still handing over, is
 * taken first. */
#define TICK_SETTLE	60
/* Lateness notices: one a day at most. */
#define TICK_LATE_EVERY	86400

struct tick_notice {
	int	to;		/* the seat told */
	int	about;		/* whose clock */
	int	late;		/* a lateness notice; else a reminder */
	int64_t	deadline, hard, now;
};

/*
 * What the game owes at now: the notices due (at most max, into out, *n
 * of them; the marks set in p->remind, for the caller to store), and
 * *timeout the seat whose time is out (-1: none).
 */
void	tick_due(struct transcript *, int64_t now, struct tick_notice *,
	    size_t max, size_t *n, int *timeout);
/* The judge's timeout of seat at now, and what it owes after it. */
int	tick_timeout(struct judge_run *, int seat, int64_t now,
	    struct error *);
/* A notice in words: its subject line and its body. */
void	tick_text(const struct match *, const struct tick_notice *,
	    struct buf *subject, struct buf *body);

#endif
