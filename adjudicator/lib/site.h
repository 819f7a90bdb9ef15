/*
 * The club as a static web site (site -r ROOT OUTDIR, and the mail bot's
 * upkeep of it: formats/site.md).  Plain HTML, with every picture inline
 * and no script of its own, under a Content-Security-Policy that fetches
 * nothing: it reads the same from file:// and from any static server.
 * What a page shows is what anyone may know: a game under way as show -f
 * public shows it, a finished one as its export's replay page does; a
 * seat by its member's name (ROOT/members), else its key id; never an
 * address.
 *
 * The site keeps its own record, OUTDIR/records (public, like the
 * pages): a line per game in one file per first two digits of the ids, the
 * games under way the index shows and the results it and the feed show,
 * each list bounded.  So one game's update reads and writes the same few
 * files whatever the number of games: its page, picture and text, its
 * list, the index, and when it ended the feed and the standings.  Every
 * file is replaced whole (fsio.c): a reader sees the old page or the new,
 * and a crash leaves the last good site.
 *
 * site.c: the build and the update; site_game.c: one game's files and
 * its line; site_index.c: the index, the lists, the feed, the standings;
 * site_rows.c: the record.
 */
#ifndef SITE_H
#define SITE_H

#include <stdint.h>

#include "buf.h"
#include "error.h"
#include "root.h"

#define SITE_RECENT	30	/* games under way on the index */
#define SITE_RESULTS	20	/* results on the index and in the feed */
#define SITE_RECORDS	"records"
#define SITE_GAMES	"games"		/* games/XY/GAMEID.*, XY its id's
					 * first two digits */
#define SITE_LISTS	256		/* list-XY, the same two digits */
#define SITE_TOURS	10		/* tournaments on the index */
#define SITE_T		"t"		/* t/ID.html: a tournament's page */
#define SITE_TOURNAMENTS "tournaments"	/* ROOT/tournaments/ID; the
					 * record of them */

/* One game as the site lists it (a line of the record). */
struct site_row {
	char	 id[ROOT_ID];
	int64_t	 time;		/* its last entry's signed time */
	int	 over;
	char	*summary;	/* plain text, one line: the feed's title */
	char	*cells;		/* <td>...</td> cells, one line */
	size_t	 rank;		/* a build's: its place on the index
				 * before, from 1 (0: none), for a tie */
	char	 tour[ROOT_ID];	/* not in the record: the game's
				 * tournament ("" none) */
};

struct site_rows {
	struct site_row	*r;
	size_t		 n, cap;
};

/*
 * site -r ROOT OUTDIR: every page of the site written anew from every
 * game of the root, the record made again.  unreadable counts the games
 * that could not be read, left out.
 */
int	site_build(const char *root, const char *out, int *unreadable,
	    struct error *);
/*
 * The mail bot's upkeep: game (of root) has changed; its files, its
 * list, the index, and when it has just ended the feed (*ended set: the
 * caller then rewrites the standings with site_standings, once no game
 * of the run is held open).
 */
int	site_update(const char *root, const char *out, const char *game,
	    int *ended, char tour[ROOT_ID], struct error *);
/* The page of the tournament the judge holds whose declaration's hash
 * is hex (tour as site_update gives it; none: nothing done), its line in
 * the list of tournaments and the index. */
int	site_tournament(const char *root, const char *out, const char *hex,
	    struct error *);
int	site_standings(const char *root, const char *out, struct error *);

/* --- inside the site's files --- */

/* The whole site's work at hand: paths and the members' directory. */
struct site {
	const char	*root;
	const char	*out;
	void		*members;	/* struct club_members */
	int64_t		 now;
	int		 cache;		/* a whole build: files not synced */
};

/* OUTDIR/a/b (b may be NULL) in path (PATH_MAX); games/XY/GAMEID.EXT,
 * within OUTDIR (its directory made when write is set): a directory
 * per two digits, so that none grows with the club. */
int	site_path(const struct site *, const char *a, const char *b, char *,
	    struct error *);
int	site_game_path(const struct site *, const char *id, const char *ext,
	    int write, char *path, struct error *);
/* A file of the site replaced whole. */
int	site_write(const struct site *, const char *a, const char *b,
	    const struct buf *, struct error *);
/* A page's head (title escaped here; feed: the Atom link) and end. */
void	site_head(struct buf *, const char *title, const char *up, int feed);
void	site_foot(struct buf *);

/* site_game.c: the game at dir (named game in the root): its files
 * written, its line in *row; old: its line before (NULL: none). */
int	site_game(const struct site *, const char *dir, const char *game,
	    const struct site_row *old, struct site_row *row, struct error *);

/* site_index.c */
int	site_index(const struct site *, const struct site_rows *recent,
	    const struct site_rows *results, struct error *);
int	site_list(const struct site *, const char *xy, const struct site_rows *,
	    struct error *);
int	site_feed(const struct site *, const struct site_rows *results,
	    struct error *);

/* site_tour.c: the page of ROOT/tournaments/id and its line (rec: the
 * record of them before); every tournament's (a build); the one whose
 * declaration's hash is hex (an update: 0 done or none held); the list's
 * table (at most most lines) and page. */
int	site_tour(const struct site *, const char *id,
	    const struct site_rows *rec, struct site_row *, struct error *);
int	site_tours_build(const struct site *, int *unreadable,
	    struct error *);
int	site_tour_update(const struct site *, const char *hex,
	    struct error *);
void	site_tours_table(const struct site_rows *, size_t most,
	    struct buf *);
int	site_tours_page(const struct site *, const struct site_rows *,
	    struct error *);

/* site_rows.c: OUTDIR/records/NAME read (absent: none) and written. */
int	site_rows_read(const struct site *, const char *name,
	    struct site_rows *, struct error *);
int	site_rows_write(const struct site *, const char *name,
	    const struct site_rows *, struct error *);
/* Takes row's strings: at the front (the one of its id before it
 * dropped), else in the place of the one of its id, or at the end. */
int	site_rows_put(struct site_rows *, struct site_row *, int front,
	    struct error *);
void	site_rows_drop(struct site_rows *, const char *id);
struct site_row *site_rows_find(const struct site_rows *, const char *id);
/* In the order of the ids; and found there (by bisection). */
void	site_rows_by_id(struct site_rows *);
struct site_row *site_rows_sorted(const struct site_rows *, const char *id);
void	site_rows_cut(struct site_rows *, size_t n);
void	site_row_free(struct site_row *);
void	site_rows_free(struct site_rows *);

#endif
