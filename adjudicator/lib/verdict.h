/*
 * An archive's audit as a verdict (verdict.c): what verify says of each
 * archive of an input, and what the mail bot tells its operator of the
 * archives a mail holds.
 */
#ifndef VERDICT_H
#define VERDICT_H

#include <stdint.h>

#include "archive.h"
#include "buf.h"
#include "error.h"

/* What one archive held, as its audit found it. */
struct verdict {
	char			 game[200];	/* "RULES game ID", verified */
	struct archive_steps	 steps;		/* each entry's signer */
	struct buf		 dispute;	/* a peer's disputed claim */
	struct buf		 stamps;	/* a seat's disputes of the
						 * judge's stamps */
};

void	verdict_init(struct verdict *);
/* v made ready for the next archive (out emptied too). */
void	verdict_again(struct verdict *, struct buf *out);
void	verdict_free(struct verdict *);
/*
 * The archive s is at, named where, audited on threads cores (step: the
 * progress, or NULL): 0 when it checks out and settles its game, its
 * summary in out; -1 and why otherwise (a disputed claim: "no result:
 * ...", disputed stamps: "disputed by ...", with the summary in out).
 */
int	verdict_audit(struct armor_stream *, const char *where, int threads,
	    void (*step)(void *, uint32_t, uint32_t), struct verdict *,
	    struct buf *out, struct error *);
/*
 * Archive k of an input name as one line (with its newline): "NAME:
 * archive K (RULES game ID): checks out; result: ..." or the reason it
 * does not, the error's own "where" (NAME, or NAME: archive K) replaced.
 */
void	verdict_line(const char *name, int k, const struct verdict *, int rc,
	    const struct buf *out, const struct error *why, struct buf *line);
/* Whether text (not a C string) holds an archive's first armor line. */
int	verdict_holds(const char *text, size_t len);
/*
 * Every archive in text (a mail's), at most max, audited on one core,
 * each said as a line of out as verify would say it (name names the
 * text); the number found.  -1 (e set): a system error only.
 */
int	verdict_text(const char *text, size_t len, const char *name, int max,
	    struct buf *out, struct error *);

#endif
