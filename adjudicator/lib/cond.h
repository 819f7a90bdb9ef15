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
#include "cond_types.h"
#include "error.h"

struct ydoc;
struct ydoc_writer;

/* One line as typed ("IF => THEN ; IF => THEN") into l, cleaned. */
int	cond_parse(const char *text, struct cond_line *, struct error *);
/* One line as typed, added to s (usage errors, exit 2, naming what is
 * wrong). */
int	cond_add(struct cond_set *, const char *text, struct error *);
/* The lines of a file's text: one a line, # comments, blank lines. */
int	cond_add_text(struct cond_set *, const char *text, size_t len,
	    const char *where, struct error *);
/* A line as committed: "IF => THEN ; IF => THEN". */
/* The actions an IF names, one a seat: 1 + its "/"s; the k-th (from 0),
 * cleaned, into out. */
int	cond_parts(const char *when);
void	cond_part(const char *when, int k, char *out, size_t len);
void	cond_line_text(const struct cond_line *, char *, size_t);
/* Draws each line's nonce and makes the COND_LINES commitments (those
 * after the last line random) for seat's entry seq of game. */
int	cond_seal(struct cond_set *, const uint8_t game[SEC_HASH],
	    const char *seat, uint64_t seq, struct error *);
/* The entry's key cond (the commitments); the private message's and the
 * copy's record of the lines (openings). */
void	cond_write_commits(struct ydoc_writer *, const struct cond_set *);
void	cond_write_lines(struct ydoc_writer *, const struct cond_set *);
/* An item of the judge's final key cond: for (seat), entry, every slot
 * of s opened. */
void	cond_write_opened(struct ydoc_writer *, const char *seat,
	    const struct cond_set *);
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

#endif
