/*
 * What the other mail commands ask of the tournaments the judge holds
 * (mailcmd_tour.c): LIST's lines of them.
 */
#ifndef MAILCMD_TOUR_H
#define MAILCMD_TOUR_H

#include "buf.h"
#include "error.h"

struct bot_run;

/* One line a tournament of the root, by id: "club27 (0f768dde2b4d39c6):
 * Club championship 2027, a round-robin of knights, 4 players: 3
 * accepted" or ": under way"; nothing when none. */
int	mailcmd_tour_list(struct bot_run *, struct buf *, struct error *);

/* The one record the mail carries (the sender told when it carries
 * none), for the tournaments' commands (the files: mailbot_tour.h). */
struct mailcmd_ask;
int	mailcmd_tour_record(struct mailcmd_ask *, const char *what,
	    struct buf *, struct error *);

#endif
