/*
 * The tournaments the judge directs (formats/tournament.md, "By mail"),
 * kept in ROOT/tournaments/ID/: what the start (mailcmd_tour.c) and the
 * rounds after it (mailbot_tour.c) share, in mailbot_tour_make.c: the
 * records kept, a round paired and signed once, its games made once and
 * kept before they are filed, their seats invited and every player
 * mailed the pairings.  Each file is written whole under the root's lock.
 */
#ifndef MAILBOT_TOUR_H
#define MAILBOT_TOUR_H

#include <stddef.h>

#include "buf.h"
#include "error.h"

struct bot_run;
struct mailbot;
struct tour;
struct tour_decl;

#define MAILBOT_TOUR_DIR	"tournaments"

/* ROOT/tournaments[/ID[/FILE]] */
int	mailbot_tour_path(const char *root, const char *id, const char *file,
	    char *, size_t, struct error *);
/* A record's blob armored, written at path atomically. */
int	mailbot_tour_keep(const char *path, const struct buf *blob,
	    struct error *);
/* The blob of the record kept at path: 1 read, 0 none kept. */
int	mailbot_tour_kept(const char *path, struct buf *blob, struct error *);
/* The declaration kept for id: 0 read into d (its blob too, when not
 * NULL), 1 none kept. */
int	mailbot_tour_held(const char *root, const char *id, struct tour_decl *,
	    struct buf *blob, struct error *);
/* Whether the mark (a file of ID/sent/) is there; made (atomically). */
int	mailbot_tour_marked(const char *root, const char *id, const char *);
int	mailbot_tour_mark(const char *root, const char *id, const char *,
	    struct error *);
/*
 * Round r of t paired (r already in t: the second games a knockout's
 * drawn matches owe), signed by the judge and kept (round-R.tour,
 * round-R-2.tour), or the one kept read again, and added to t.
 */
int	mailbot_tour_round(struct bot_run *, struct tour *, unsigned r,
	    struct error *);
/*
 * The games of n of t's slots from first: each made once (its signed
 * header kept as game-R-B-G.hdr before it is filed), filed, its seats
 * invited; then every player mailed the pairings of those slots after
 * intro.
 */
int	mailbot_tour_start(struct bot_run *, const struct tour_decl *,
	    struct error *);
int	mailbot_tour_games(struct bot_run *, const struct tour *, size_t first,
	    size_t n, const char *intro, struct error *);
/* A declaration's date (closes, starts) against the judge's clock: 1
 * passed (now or before), 0 still to come, -1 none. */
int	mailbot_tour_due(const char *when);
/* Each game of t still under way past its round deadline ended by the
 * judge's ruling at the clocks' result (mailbot_tour_deadline.c): how
 * many, -1 e set.  Takes each game's lock: never under the root's. */
int	mailbot_tour_deadlines(struct mailbot *, const struct tour *,
	    struct error *);
/*
 * Every file of ROOT/tournaments/ID read into in (the games of the
 * headers kept there that are over, exported) and loaded as tournament
 * verify loads them into d and t; diff the first difference, "" none.
 */
struct tour_input;
int	mailbot_tour_load(const char *root, const char *id,
	    struct tour_input *, struct tour_decl *, struct tour *,
	    char *diff, size_t, struct error *);
/*
 * A ladder under way (mailbot_ladder.c): every player mailed its places
 * once (sent/start), and again after each run that ends a game of it
 * (sent/game-ID, ID its game's first 16 digits).
 */
int	mailbot_ladder_places(struct bot_run *, const struct tour *,
	    struct error *);
/* The ladder d started by the acceptance that completes it, or under
 * way and a withdrawal just kept, under the root's lock: its places
 * mailed (mailbot_ladder_places). */
int	mailbot_ladder_start(struct bot_run *, const struct tour_decl *,
	    struct error *);

/* Whether every player of ladder id was mailed seed p's withdrawal. */
int	mailbot_ladder_told(const char *root, const char *id, unsigned p);

/* One mail from the judge to every player of d. */
int	mailbot_tour_mail_all(struct bot_run *, const struct tour *,
	    const char *subject, const char *text, struct error *);

/*
 * Every address of ROOT/tournaments/TID/watchers (WATCH TID) made an
 * observer of the game whose id is game (mailcmd_tour_watch.c): the one
 * call that every maker of a tournament's games makes once it filed one.
 */
int	tour_watchers_add(const char *root, const char *tid,
	    const char *game, struct error *);

#endif
