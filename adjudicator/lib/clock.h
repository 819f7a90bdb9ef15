/*
 * Time controls (formats/header.md, "the clock"): what the header's clock
 * options say, and each seat's clock as the signed times of the
 * transcript make it.  Pure arithmetic on whole seconds: the match feeds
 * it the times it reads from entries, and anyone who replays the entries
 * gets the same deadlines.
 *
 *   clock=3d            a fixed time per move
 *   clock=20d+2d[/40d]  a bank of time, an increment after each move, and
 *                       a cap the bank never passes (Fischer, ICCF)
 *   grace=1d            after the deadline, before a timeout is ruled: a
 *                       move in it is taken, and counted late
 *   leave=30d[/10d]     each seat's leave for the whole game, and at most
 *                       this much one absence
 *   remind=2d,12h       reminders when this much time is left
 */
#ifndef CLOCK_H
#define CLOCK_H

#include <stdint.h>

#include "buf.h"
#include "error.h"

#define CLOCK_MAX_SEATS		4
#define CLOCK_MAX_REMIND	4

struct clock_spec {
	int	on;
	int64_t	per_move;		/* or 0: a bank */
	int64_t	bank, inc, cap;		/* cap 0: none */
	int64_t	grace;
	int64_t	leave, leave_cap;
	int	nremind;
	int64_t	remind[CLOCK_MAX_REMIND];	/* time left, decreasing */
	int	remind_given;		/* the header says remind= */
};

/* One seat's clock. */
struct clock_seat {
	int64_t	bank;		/* a bank clock: what it holds at a start */
	int64_t	leave_left;
	int64_t	away_from, away_to;	/* an absence announced, 0: none */
	int64_t	extra;		/* the operator's extension of this turn */
	uint32_t moves, late;	/* moves made, and made in the grace */
	int	out;		/* timed out */
};

struct clock_state {
	int	 runs;		/* whose clock runs, -1: nobody's */
	int64_t	 started;	/* when it started (pauses pushed it on) */
	int64_t	 paused;	/* since when every clock is stopped, 0 */
	int64_t	 last;		/* the latest signed time so far */
	struct clock_seat seat[CLOCK_MAX_SEATS];
};

/* The options: 1 when name is not a clock option; -1 (e set) when its
 * value is not one; 0 taken.  The value is kept in canonical form in
 * canon (what the header signs). */
int	clock_option(struct clock_spec *, const char *name, const char *value,
	    char *canon, size_t, struct error *);
/* One option of a spec as the header writes it (clock, grace, leave,
 * remind). */
void	clock_canon(const struct clock_spec *, const char *name, char *,
	    size_t);
/* The longest time a turn can ever have (INT64_MAX: a bank growing
 * without a cap), and whether a reminder with left time left can ever
 * come (it comes only in a turn that starts with more). */
int64_t	clock_most(const struct clock_spec *);
int	clock_remind_can(const struct clock_spec *, int64_t left);
/* Nonsense refused: grace, leave or remind without a clock, a reminder
 * that never comes. */
int	clock_check(const struct clock_spec *, struct error *);
/* The clock in words, one line ("3 days a move; grace 1 day; ..."). */
void	clock_describe(const struct clock_spec *, struct buf *);

void	clock_init(struct clock_state *, const struct clock_spec *, int nseats);
/* The running clock's deadline: when its time runs out (leave, pause
 * and extension counted), and hard: with the grace, when it is out. */
void	clock_deadline(const struct clock_state *, const struct clock_spec *,
	    int seat, int64_t now, int64_t *deadline, int64_t *hard);
/* seat's clock starts at t (it is to move). */
void	clock_start(struct clock_state *, const struct clock_spec *, int seat,
	    int64_t t);
/* seat moved at t: its clock stops.  1 when the move was late (in the
 * grace), -1 when it came after the grace. */
int	clock_stop(struct clock_state *, const struct clock_spec *, int seat,
	    int64_t t);
/* An absence announced at t for [from, to): refused when seat's deadline
 * has passed, when it holds no leave, or when it ends before t. */
int	clock_leave(struct clock_state *, const struct clock_spec *, int seat,
	    int64_t from, int64_t to, int64_t t, struct error *);
void	clock_pause(struct clock_state *, int64_t t);
void	clock_resume(struct clock_state *, int64_t t);
void	clock_extend(struct clock_state *, int seat, int64_t by);
/* What seat has left now, its leave left, its bank. */
int64_t	clock_left(const struct clock_state *, const struct clock_spec *,
	    int seat, int64_t now);

#endif
