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

/* What the files of the tournaments' commands share: ROOT/tournaments
 * [/ID[/FILE]]; the declaration kept for id (0, 1 none); the one record
 * the mail carries (the sender told when it carries none); a record's
 * blob armored and written atomically. */
struct mailcmd_ask;
struct tour_decl;
int	mailcmd_tour_path(const struct bot_run *, const char *id,
	    const char *file, char *, size_t, struct error *);
int	mailcmd_tour_held(const struct bot_run *, const char *id,
	    struct tour_decl *, struct error *);
int	mailcmd_tour_record(struct mailcmd_ask *, const char *what,
	    struct buf *, struct error *);
int	mailcmd_tour_keep(const char *path, const struct buf *,
	    struct error *);
/*
 * Every address of ROOT/tournaments/TID/watchers (WATCH TID) made an
 * observer of the game whose id is game (mailcmd_tour_watch.c): the one
 * call that every maker of a tournament's games makes once it filed one.
 */
int	tour_watchers_add(const char *root, const char *tid,
	    const char *game, struct error *);

#endif
