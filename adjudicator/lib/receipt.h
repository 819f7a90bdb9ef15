/*
 * A judged seat's receipts (receipt.c): when each update of the judge
 * reached this copy, and the judge's stamps that started this seat's
 * clock earlier than that by more than a mail allows (a dispute).
 */
#ifndef RECEIPT_H
#define RECEIPT_H

#include <stdint.h>

#include "buf.h"
#include "error.h"

struct match;
struct ydoc_writer;

/* One update's receipt, as the journal keeps it (formats/gamedir.md). */
struct receipt {
	int64_t		received;	/* when it reached this system */
	uint64_t	start;		/* the entry in it that started
					 * this seat's clock, 0: none */
	int64_t		stamped;	/* the start that entry signed */
};

/* When a message reached this system: what its mail says (the date of
 * its first Received header), when that is no later than now and no
 * more than a week before; else now. */
int64_t	receipt_when(int64_t said, int64_t now);
/* Keeps r's dispute on m, if it is one (at most once a seq, the latest
 * MATCH_MAX_STAMP_DISPUTES); 1 when it is one. */
int	receipt_note(struct match *, int seat, const struct receipt *);
/* r's dispute in words, without a line break. */
void	receipt_line(const struct receipt *, struct buf *);
/* One line for each dispute, for seat's view. */
void	receipt_text(const struct match *, struct buf *);
/* The YAML view's clock.stamp_disputes, when there are any. */
void	receipt_yaml(const struct match *, struct ydoc_writer *);

/*
 * A seat's export (formats/archive.md, the viewer record's "disputes"):
 * its disputes as it wrote them; read back, each checked by verify
 * against the transcript (receipt_check, once entry seq is applied:
 * that entry started seat's clock at the time it says).
 */
struct ydoc;
struct match_stamp_dispute;
void	receipt_write(const struct match *, struct ydoc_writer *);
int	receipt_read(const struct ydoc *list, struct match_stamp_dispute *,
	    int *n, const char *where, struct error *);
int	receipt_check(struct match *, int seat,
	    const struct match_stamp_dispute *, const char *where,
	    struct error *);
/* The disputes in a verdict, one line: "disputed by bob: ..." */
void	receipt_verdict(const struct match *, struct buf *);

#endif
