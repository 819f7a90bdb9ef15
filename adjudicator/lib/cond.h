/*
 * Conditional moves of a judged game (formats/conditions.md): lines of
 * (the opponent's action, this seat's reply) pairs, committed in the
 * seat's turn entry (one commitment a line, the rest random: the count is
 * not said) and opened to the judge alone in the seat's private message.
 */
#ifndef COND_H
#define COND_H

#include <stdint.h>

#include "buf.h"
#include "commit.h"
#include "error.h"
#include "sec.h"

#define COND_LINES	8	/* lines a seat may send with one entry */
#define COND_STEPS	8	/* steps a line */
#define COND_ACTION	64	/* an action, cleaned, with its NUL */
#define COND_TEXT	(COND_STEPS * (2 * COND_ACTION + 8))

struct match;
struct transcript;
struct ydoc;
struct ydoc_writer;

struct cond_line {
	int	n;				/* steps */
	char	when[COND_STEPS][COND_ACTION];	/* the opponent's */
	char	then[COND_STEPS][COND_ACTION];	/* this seat's reply */
	uint8_t	nonce[COMMIT_NONCE];
};

struct cond_set {
	uint64_t		seq;	/* the seat's entry with the commits */
	int			n;	/* lines */
	struct cond_line	line[COND_LINES];
	uint8_t			commit[COND_LINES][SEC_HASH];
};

/* One line as typed ("IF => THEN ; IF => THEN") into l, cleaned. */
int	cond_parse(const char *text, struct cond_line *, struct error *);
/* One line as typed, added to s (usage errors, exit 2, naming what is
 * wrong). */
int	cond_add(struct cond_set *, const char *text, struct error *);
/* The lines of a file's text: one a line, # comments, blank lines. */
int	cond_add_text(struct cond_set *, const char *text, size_t len,
	    const char *where, struct error *);
/* A line as committed: "IF => THEN ; IF => THEN". */
void	cond_line_text(const struct cond_line *, char *, size_t);
/* Draws each line's nonce and makes the COND_LINES commitments (those
 * after the last line random) for seat's entry seq of game. */
int	cond_seal(struct cond_set *, const uint8_t game[SEC_HASH],
	    const char *seat, uint64_t seq, struct error *);
/* The entry's key cond (the commitments); the private message's and the
 * copy's record of the lines (openings). */
void	cond_write_commits(struct ydoc_writer *, const struct cond_set *);
void	cond_write_lines(struct ydoc_writer *, const struct cond_set *);
/* A fired entry's key cond: line and step (from 0) of s opened. */
void	cond_write_fired(struct ydoc_writer *, const struct cond_set *,
	    int line, int step);
/* An entry's cond list: 0 and *has 1 with its commitments in s, 0 and
 * *has 0 without one. */
int	cond_read_commits(const struct ydoc *entry, struct cond_set *,
	    int *has, const char *where, struct error *);
/* The lines of list (a private message's or a record's key cond) into s,
 * each checked against the commitment of its number in s (game, seat,
 * s->seq): a line that opens nothing is refused (exit 1). */
int	cond_read_lines(const struct ydoc *list, struct cond_set *,
	    const uint8_t game[SEC_HASH], const char *seat, const char *where,
	    struct error *);
/* The copy's record of a seat's lines: YAML seq, cond (commits), lines;
 * and back, every line checked against its commitment. */
int	cond_record_write(const struct cond_set *, struct buf *,
	    struct error *);
int	cond_record_read(const void *, size_t, struct cond_set *,
	    const uint8_t game[SEC_HASH], const char *seat, const char *where,
	    struct error *);
/* The same record as a map of a writer, and of a document read (a
 * backup's key cond, formats/entry.md "kind: secret"). */
void	cond_record_emit(struct ydoc_writer *, const struct cond_set *);
int	cond_record_doc(const struct ydoc *, struct cond_set *,
	    const uint8_t game[SEC_HASH], const char *seat, const char *where,
	    struct error *);
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
