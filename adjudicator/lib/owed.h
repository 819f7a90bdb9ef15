/*
 * An owed opening in a player's words: a piece named where it stands
 * now, with the square it started on (its id) when it has moved, so
 * that "bob must open a3" never points at an empty square.  Where a
 * piece stands is public (the state is the same for every seat), so
 * these words hide nothing.
 */
#ifndef OWED_H
#define OWED_H

#include <stddef.h>

struct match;

enum owed_voice {
	OWED_PLAIN,	/* "the piece on b3 (started on a3)", or "a3" */
	OWED_OWNER,	/* "bob's piece on b3 (started on a3)" */
	OWED_YOURS	/* "your piece on b3, which started on a3" */
};

/* seat's hidden piece id, as voice says it, into out. */
void	owed_piece(const struct match *, int seat, const char *id,
	    enum owed_voice, char *out, size_t len);
/* The first opening the pending action still waits for, "bob must open
 * the piece on b3 (started on a3)" (a judged game: "the judge must open
 * bob's piece on ..."), into out; 0, or -1 and "" when none is owed. */
/* The pieces of seat's own the pending action waits for, "your piece on
 * b3, which started on a3" (" and " between), into out ("": none). */
void	owed_yours(const struct match *, int seat, char *out, size_t len);
int	owed_first(const struct match *, char *out, size_t len);

#endif
