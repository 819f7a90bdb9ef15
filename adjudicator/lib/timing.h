/*
 * Time in the transcript: the match's side of the clocks (timing.c).
 * Private to the match's files.
 */
#ifndef TIMING_H
#define TIMING_H

#include "error.h"

struct match;
struct ydoc;

/* Before an entry's own effect: its times read and checked, the judge's
 * stamp of the entry before it, a peer's own clock stopped. */
int	timing_before(struct match *, int author, const char *kind,
	    const struct ydoc *, const char *where, struct error *);
/* After it: whose clock runs now, or (judged) that the judge owes the
 * time it took it. */
void	timing_after(struct match *, int author, const char *kind);
/* After the entry's every effect: whether it was the judge's bare stamp
 * (kind "time", saying nothing more), which the pictures pass over to
 * the event before it (view_last.h). */
void	timing_said(struct match *, const char *kind);
/* The entries about time: time, leave, timeout, ruling. */
int	timing_is_kind(const char *kind);
int	timing_entry(struct match *, int author, const char *kind,
	    const struct ydoc *, const char *where, struct error *);
/* Whether this entry may come out of turn. */
int	timing_off_turn(const struct match *, int author, const char *kind);
/* GAME_JUDGE when the judge owes the time it took the last entry. */
int	timing_next(const struct match *);
/*
 * A judge's copy of a judged game with a clock that has no signed time
 * yet: the judge took the invitation at t, and the clock of the seat that
 * owes the first entry runs from then (its reminders, its timeout); the
 * judge's first entry says so ("got").  Nothing otherwise.
 */
void	timing_invited(struct match *, int64_t t);
/* The seat whose clock the judge's first signed time starts: the one
 * that owes (or wrote) the game's first entry; -1: none. */
int	timing_first_seat(const struct match *);

#endif
