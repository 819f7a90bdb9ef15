/*
 * Conditional moves against the match (formats/conditions.md): whether a
 * seat's lines may fire and which (cond_match.c), and a seat's own
 * pending lines as its copy keeps and shows them (cond_view.c).  The
 * record itself, with no match, is cond.h's.
 */
#ifndef COND_MATCH_H
#define COND_MATCH_H

#include "buf.h"
#include "cond_types.h"
#include "error.h"

struct match;
struct transcript;

/* The copy's own seat's record, read and checked: 0, or 1 when it keeps
 * none. */
int	cond_record_own(const struct transcript *, struct cond_set *,
	    struct error *);
/*
 * The match's side (cond_match.c): whether seat's conditions may fire
 * now (the opponent's action answers its last entry or fired step), and
 * whether IF names the action last made.
 */
int	cond_live(const struct match *, int seat);
int	cond_matches(const struct match *, int seat, const char *when);
/* The actions seat's conditions answer now (the other seats', since its
 * own), written into out: "c5-d5", "k2-i3 / j11-i9"; by: with their
 * seats, "bob's c5-d5", "bob's k2-i3 and carol's j11-i9".  Empty when
 * none. */
#define COND_ANSWERED	512	/* 3 actions of 63, with their seats */
void	cond_answered(const struct match *, int seat, int by, char *,
	    size_t);
/* The first line of s (seat's, for its live entry) whose steps so far
 * are those fired and whose next IF names the last action: its index,
 * or -1; *live whether any line's steps so far were those fired. */
int	cond_first_match(const struct match *, int seat,
	    const struct cond_set *, int *live);

/* A judged seat's own conditions while they are pending (sent, and the
 * opponent has not answered it or the last step fired): 0 with the lines
 * still live in s; 1 when none. */
int	cond_pending(const struct transcript *, struct cond_set *,
	    struct error *);
/* Them as the seat's view lists them, appended to b: text lines, or a
 * YAML map of one key, conditions (nothing when none is pending). */
void	cond_view(const struct transcript *, int yaml, struct buf *);

#endif
