/*
 * What judge.c shares with judge_accept.c: the checks of a seat's
 * private message made before its entry is stored.
 */
#ifndef JUDGE_INT_H
#define JUDGE_INT_H

#include "transcript.h"

struct ydoc;

struct envelope;

/* What a seat's private message carries for the judge alone: a setup's
 * every opening, the lines of its conditions (cond.h), and the entry. */
struct judge_accept {
	int			 seat;
	const struct ydoc	*list;
	const struct ydoc	*cond;
	const struct envelope	*entry;
	const struct ydoc	*doc;	/* its body, parsed; NULL: parsed
					 * here */
};

struct judge_run;

/* A line for seat in its next update's note. */
void	judge_note(struct judge_run *, int seat, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));
/* Seat's lines as the judge keeps them, for its live entry (cond.h): 0
 * with them in s; 1: none (or none that reads, said in the report). */
int	judge_cond_of(struct transcript *, int seat, struct cond_set *,
	    struct error *);
/* The conditions that answer the entries just applied, fired (each the
 * judge's entry of kind fired, and what the judge owes after it). */
int	judge_cond_fire(struct judge_run *, struct error *);
/* At the end: every set the seats committed to (m->cond_sent's, in its
 * order), as the judge kept them, into *sets (sec_malloc'd, *n of them;
 * NULL when none), for its final entry to open. */
int	judge_cond_sets(const struct transcript *, struct cond_set **sets,
	    size_t *n, struct error *);

/* transcript_accept_fn: arg a struct judge_accept. */
int	judge_accept(struct transcript *, struct match *after, void *,
	    struct error *);

#endif
