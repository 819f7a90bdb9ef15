/*
 * The types of conditional moves (formats/conditions.md), apart from
 * what reads and writes them (cond.h), so that the match may hold a
 * seat's commitments without depending on them.
 */
#ifndef COND_TYPES_H
#define COND_TYPES_H

#include <stdint.h>

#include "commit.h"
#include "sec.h"

#define COND_LINES	8	/* lines a seat may send with one entry */
#define COND_STEPS	8	/* steps a line */
#define COND_ACTION	64	/* an action, cleaned, with its NUL */
#define COND_PARTS	3	/* the other seats' actions an IF names */
#define COND_TEXT	(COND_STEPS * (2 * COND_ACTION + 8))

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
	/* the nonces of the slots after the last line, each committed as
	 * the empty line: every slot opens, none can be left out */
	uint8_t			pad[COND_LINES][COMMIT_NONCE];
};

/* A seat's entry that committed to conditions, as every copy keeps it
 * until the judge's final entry opens it. */
struct cond_sent {
	int			seat;
	uint64_t		seq;
	uint8_t			commit[COND_LINES][SEC_HASH];
	int			opened;
};

#endif
