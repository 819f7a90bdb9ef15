/*
 * The last event, as every picture says it (the text and YAML views'
 * "Last:", the SVG caption, the mails' summaries, the games listing, the
 * move list): the latest entry's words, except that the judge's bare
 * stamp of the time it took a seat's entry is passed over for the event
 * it stamps.  Only public words: the match says an action in its public
 * notation, never a hidden value.
 */
#ifndef VIEW_LAST_H
#define VIEW_LAST_H

#include "buf.h"

struct match;

/* The words of the last event worth showing. */
const char	*view_last(const struct match *);
/* 1 when the last entry applied was the judge's bare stamp (the move
 * list leaves it out unless asked, show -f moves -a). */
int		 view_last_stamp(const struct match *);
/* The line of the entry m applied last in a mail's news, "  entry 5:
 * White moves e3-c3"; none for a bare stamp. */
void		 view_last_news(struct buf *, const struct match *);

#endif
