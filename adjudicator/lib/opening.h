/*
 * The opening record {seat, piece, value, nonce}: what opens a commitment.
 * It travels in entries, in a seat's private message to the judge, in the
 * judge's updates, and it is how a game directory keeps secrets; this
 * module is its one reader and writer.  formats/commitment.md.
 */
#ifndef OPENING_H
#define OPENING_H

#include <stdint.h>

#include "buf.h"
#include "commit.h"
#include "error.h"
#include "game.h"

struct match;
struct ydoc;
struct ydoc_writer;

struct opening {
	int	seat;
	int	idx;		/* the piece's index in the seat's setup */
	char	id[GAME_ID];
	char	value[GAME_VALUE];
	uint8_t	nonce[COMMIT_NONCE];
};

/* Reads one record; the seat and piece must exist in the match.  Nothing
 * is checked against the commitment yet. */
int	opening_read(const struct match *, const struct ydoc *,
	    struct opening *, const char *where, struct error *);
void	opening_write(struct ydoc_writer *, const struct match *, int seat,
	    const char *id, const char *value,
	    const uint8_t nonce[COMMIT_NONCE]);
/* Checks it against its owner's commitment and the rules' values. */
int	opening_check(const struct match *, const struct opening *,
	    struct error *);

/*
 * A seat's secret as a list of its openings ("open:"), as a game
 * directory keeps it and an archive carries it: every piece in the
 * order of the seat's setup.  The reader also takes the older form
 * ("pieces:" with piece, value, nonce).
 */
struct match_secret;
int	opening_list_write(const struct match *, int seat,
	    const struct match_secret *, struct buf *, struct error *);
/* The same list as the key "open" of a map being written. */
void	opening_setup_write(struct ydoc_writer *, const struct match *,
	    int seat, const struct match_secret *);
int	opening_list_take(const struct match *, int seat, const struct ydoc *,
	    const char *where, struct match_secret **, struct error *);
int	opening_list_read(const struct match *, int seat, const void *, size_t,
	    const char *where, struct match_secret **, struct error *);

/*
 * An owed opening in a player's words (opening.c): a piece named where it
 * stands now, with the square it started on (its id) when it has moved,
 * so that "bob must open a3" never points at an empty square.  Where a
 * piece stands is public (the state is the same for every seat), so
 * these words hide nothing.
 */
enum owed_voice {
	OWED_PLAIN,	/* "the piece on b3 (started on a3)", or "a3" */
	OWED_OWNER,	/* "bob's piece on b3 (started on a3)" */
	OWED_YOURS	/* "your piece on b3, which started on a3" */
};

/* seat's hidden piece id, as voice says it, into out. */
void	owed_piece(const struct match *, int seat, const char *id,
	    enum owed_voice, char *out, size_t len);
/* The pieces of seat's own the pending action waits for, "your piece on
 * b3, which started on a3" (" and " between), into out ("": none). */
void	owed_yours(const struct match *, int seat, char *out, size_t len);
/* The first opening the pending action still waits for, "bob must open
 * the piece on b3 (started on a3)" (a judged game: "the judge must open
 * bob's piece on ..."), into out; 0, or -1 and "" when none is owed. */
int	owed_first(const struct match *, char *out, size_t len);

#endif
