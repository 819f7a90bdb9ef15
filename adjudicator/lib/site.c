/*
 * The club's site: built whole (site -r ROOT OUTDIR) and kept by the mail
 * bot, one game at a time.  See site.h and formats/site.md.  The record's
 * lock, OUTDIR/records/lock, makes two judges' updates one after the
 * other; a game is opened only for reading, never while the lock of
 * another game of the root is held here.
 */
#include <sys/stat.h>

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "club.h"
#include "fsio.h"
#include "replay.h"
#include "site.h"
#include "standings.h"
#include "when.h"

/* Every page's style: no name in it comes from a game.  A phone's width
 * stacks each table's rows. */
static const char style[] =
"body{font-family:sans-serif;margin:1em auto;max-width:62em;padding:0 .8em;"
"background:#fbf8f1;color:#1a1a1a;line-height:1.4}\n"
"h1{font-size:1.3em}h2{font-size:1.1em}a{color:#0645ad}\n"
"pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f1ebdd;"
"padding:.5em}\n"
"table{border-collapse:collapse;width:100%}\n"
"td,th{border:1px solid #b8a98a;padding:.2em .4em;text-align:left;"
"vertical-align:top}\n"
"code{overflow-wrap:anywhere}\n"
".board svg{max-width:100%;height:auto}\n"
".thumb svg{width:9em;max-width:100%;height:auto}\n"
"@media (max-width:40em){table,thead,tbody,tr,td,th{display:block}"
"thead{display:none}tr{border:1px solid #b8a98a;margin:0 0 .6em}"
"td{border:0}}\n";

int
site_path(const struct site *s, const char *a, const char *b, char *path,
    struct error *e)
{
	if ((size_t)snprintf(path, PATH_MAX, "%s/%s%s%s", s->out, a,
	    b != NULL ? "/" : "", b != NULL ? b : "") >= PATH_MAX)
		return error_set(e, EXIT_USAGE, "%.64s...: path too long",
		    s->out);
	return 0;
}

int
site_game_path(const struct site *s, const char *id, const char *ext,
    int write, char *path, struct error *e)
{
	char dir[PATH_MAX];

	snprintf(path, PATH_MAX, "%s/%.2s/%s.%s", SITE_GAMES, id, id, ext);
	if (!write)
		return 0;
	if ((size_t)snprintf(dir, sizeof(dir), "%s/%s/%.2s", s->out,
	    SITE_GAMES, id) >= sizeof(dir))
		return error_set(e, EXIT_USAGE, "%.64s...: path too long",
		    s->out);
	return fsio_mkdir(dir, 0755, e);
}

int
site_write(const struct site *s, const char *a, const char *b,
    const struct buf *data, struct error *e)
{
	char path[PATH_MAX];

	if (site_path(s, a, b, path, e) != 0)
		return -1;
	/* a whole build syncs nothing: the site is made again as a whole */
	return s->cache ? fsio_write_cache(path, data->data, data->len, 0644,
	    e) : fsio_write_atomic(path, data->data, data->len, 0644, e);
}

void
site_head(struct buf *b, const char *title, const char *up, int feed)
{
	buf_adds(b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	    "<meta charset=\"utf-8\">\n"
	    "<meta http-equiv=\"Content-Security-Policy\" content=\""
	    "default-src 'none'; style-src 'unsafe-inline'; "
	    "form-action 'none'; base-uri 'none'\">\n"
	    "<meta name=\"viewport\" content=\"width=device-width, "
	    "initial-scale=1\">\n<title>");
	replay_escape(b, title);
	buf_adds(b, "</title>\n");
	if (feed)
		buf_adds(b, "<link rel=\"alternate\" type=\"application/"
		    "atom+xml\" title=\"Results\" href=\"feed.atom\">\n");
	buf_printf(b, "<style>\n%s</style>\n</head>\n<body>\n", style);
	if (up != NULL)
		buf_printf(b, "<nav><a href=\"%s\">The club's games</a>"
		    "</nav>\n", up);
	buf_adds(b, "<main>\n<h1>");
	replay_escape(b, title);
	buf_adds(b, "</h1>\n");
}

void
site_foot(struct buf *b)
{
	buf_adds(b, "</main>\n</body>\n</html>\n");
}

/* OUTDIR, its games and its record, made when they are not there. */
static int
dirs(const struct site *s, struct error *e)
{
	char path[PATH_MAX];

	if (fsio_mkdir(s->out, 0755, e) != 0 ||
	    site_path(s, SITE_GAMES, NULL, path, e) != 0 ||
	    fsio_mkdir(path, 0755, e) != 0 ||
	    site_path(s, SITE_RECORDS, NULL, path, e) != 0 ||
	    fsio_mkdir(path, 0755, e) != 0)
		return -1;
	return 0;
}

/* The site at work: its directories there, the members' names read. */
static int
site_begin(struct site *s, const char *root, const char *out,
    struct club_members *cm, struct error *e)
{
	struct stat st;

	if (stat(root, &st) != 0 || !S_ISDIR(st.st_mode))
		return error_set(e, EXIT_USAGE, "%s: no such root (join -r "
		    "makes it)", root);
	memset(s, 0, sizeof(*s));
	s->root = root;
	s->out = out;
	s->now = when_now();
	s->members = cm;
	if (club_members_read(root, cm, e) != 0)
		return -1;
	if (dirs(s, e) != 0) {
		club_members_free(cm);
		return -1;
	}
	return 0;
}

static int
lock(const struct site *s, int *fd, struct error *e)
{
	char path[PATH_MAX];

	return site_path(s, SITE_RECORDS, "lock", path, e) != 0 ? -1 :
	    fsio_lock(path, fd, e);
}

static int
row_copy(const struct site_row *from, struct site_row *to, struct error *e)
{
	*to = *from;
	to->summary = strdup(from->summary);
	to->cells = strdup(from->cells);
	if (to->summary != NULL && to->cells != NULL)
		return 0;
	site_row_free(to);
	return error_set(e, EXIT_SYSTEM, "out of memory");
}

/* A copy of row put in rs (at the front, or at the end). */
static int
put_copy(struct site_rows *rs, const struct site_row *row, int front,
    struct error *e)
{
	struct site_row c;

	return row_copy(row, &c, e) != 0 ? -1 : site_rows_put(rs, &c, front, e);
}

/* The game's files, and the list of its first two digits with its line in
 * it (*row). */
static int
update_game(const struct site *s, const char *game, struct site_row *row,
    struct error *e)
{
	struct site_rows rs;
	char name[16], dir[PATH_MAX];
	int rc = -1;

	snprintf(name, sizeof(name), "list-%.2s", game);
	if (root_dir(s->root, game, dir, sizeof(dir), e) != 0 ||
	    site_rows_read(s, name, &rs, e) != 0)
		return -1;
	if (site_game(s, dir, game, site_rows_find(&rs, game), row, e) == 0 &&
	    put_copy(&rs, row, 0, e) == 0) {
		site_rows_by_id(&rs);
		if (site_rows_write(s, name, &rs, e) == 0)
			rc = site_list(s, game, &rs, e);
	}
	site_rows_free(&rs);
	return rc;
}

/* The index's two lists with row in its place; the index, and the feed
 * when row's game has just ended (*ended). */
static int
update_index(const struct site *s, const struct site_row *row, int *ended,
    struct error *e)
{
	struct site_rows recent, res;
	int rc = -1;

	memset(&res, 0, sizeof(res));
	if (site_rows_read(s, "recent", &recent, e) != 0 ||
	    site_rows_read(s, "results", &res, e) != 0)
		goto done;
	site_rows_drop(&recent, row->id);
	if (!row->over && put_copy(&recent, row, 1, e) != 0)
		goto done;
	site_rows_cut(&recent, SITE_RECENT);
	*ended = row->over && site_rows_find(&res, row->id) == NULL;
	if (row->over && put_copy(&res, row, *ended, e) != 0)
		goto done;
	site_rows_cut(&res, SITE_RESULTS);
	/* the results change only with a game over */
	if (site_rows_write(s, "recent", &recent, e) != 0 ||
	    (row->over && site_rows_write(s, "results", &res, e) != 0) ||
	    site_index(s, &recent, &res, e) != 0)
		goto done;
	rc = *ended ? site_feed(s, &res, e) : 0;
done:
	site_rows_free(&recent);
	site_rows_free(&res);
	return rc;
}

int
site_update(const char *root, const char *out, const char *game, int *ended,
    char tour[ROOT_ID], struct error *e)
{
	struct club_members cm;
	struct site_row row;
	struct site s;
	int fd = -1, rc = -1;

	*ended = 0;
	tour[0] = '\0';
	memset(&row, 0, sizeof(row));
	if (!root_is_id(game))
		return error_set(e, EXIT_USAGE, "%.70s: not a game id", game);
	if (site_begin(&s, root, out, &cm, e) != 0)
		return -1;
	if (lock(&s, &fd, e) == 0 && update_game(&s, game, &row, e) == 0 &&
	    update_index(&s, &row, ended, e) == 0) {
		memcpy(tour, row.tour, ROOT_ID);
		rc = 0;
	}
	site_row_free(&row);
	fsio_unlock(fd);
	club_members_free(&cm);
	return rc;
}

int
site_tournament(const char *root, const char *out, const char *hex,
    struct error *e)
{
	struct club_members cm;
	struct site_rows recent, res;
	struct site s;
	int fd = -1, rc = -1;

	memset(&recent, 0, sizeof(recent));
	memset(&res, 0, sizeof(res));
	if (site_begin(&s, root, out, &cm, e) != 0)
		return -1;
	/* the index shows the tournaments: written again with them */
	if (lock(&s, &fd, e) == 0 && site_tour_update(&s, hex, e) == 0 &&
	    site_rows_read(&s, "recent", &recent, e) == 0 &&
	    site_rows_read(&s, "results", &res, e) == 0)
		rc = site_index(&s, &recent, &res, e);
	site_rows_free(&recent);
	site_rows_free(&res);
	fsio_unlock(fd);
	club_members_free(&cm);
	return rc;
}

int
site_standings(const char *root, const char *out, struct error *e)
{
	struct standings_opts o = { STANDINGS_ELO, { 'm', 3 },
	    STANDINGS_HTML };
	struct standings_result res;
	struct standings st;
	struct site s;
	struct buf b;
	int rc = -1;

	memset(&s, 0, sizeof(s));
	s.root = root;
	s.out = out;
	standings_init(&st, NULL);
	memset(&res, 0, sizeof(res));
	buf_init(&b);
	if (standings_add_root(&st, root, 1, e) == 0 &&
	    standings_compute(&st, &o, &res, e) == 0 &&
	    standings_write(&st, &res, &b, e) == 0)
		rc = site_write(&s, "standings.html", NULL, &b, e);
	buf_free(&b);
	standings_result_free(&res);
	standings_free(&st);
	return rc;
}

/* --- the whole site --- */

struct building {
	struct site		 s;
	struct site_rows	 all;
	struct site_rows	 old;	/* the record before, by id */
	int			*unreadable;
};

/* Each game's place in the index's lists before, in w->old. */
static int
ranks(struct building *w, struct error *e)
{
	static const char *const lists[] = { "recent", "results" };
	struct site_row *old;
	struct site_rows rs;
	size_t i, k;

	for (k = 0; k < 2; k++) {
		if (site_rows_read(&w->s, lists[k], &rs, e) != 0) {
			if (e->status == EXIT_SYSTEM)
				return -1;
			error_clear(e);
			continue;
		}
		for (i = 0; i < rs.n; i++)
			if ((old = site_rows_sorted(&w->old, rs.r[i].id)) !=
			    NULL)
				old->rank = i + 1;
		site_rows_free(&rs);
	}
	return 0;
}

/* Every game's line in the record before, sorted by id. */
static int
old_rows(struct building *w, struct error *e)
{
	struct site_rows rs;
	char name[16];
	size_t i;
	int k, rc = 0;

	for (k = 0; rc == 0 && k < SITE_LISTS; k++) {
		snprintf(name, sizeof(name), "list-%02x", k);
		/* a damaged record is made again: its times are lost */
		if (site_rows_read(&w->s, name, &rs, e) != 0) {
			if (e->status == EXIT_SYSTEM)
				return -1;
			error_clear(e);
			continue;
		}
		for (i = 0; rc == 0 && i < rs.n; i++)
			rc = site_rows_put(&w->old, &rs.r[i], 0, e);
		site_rows_free(&rs);
	}
	site_rows_by_id(&w->old);
	return rc == 0 ? ranks(w, e) : -1;
}

static int
build_one(void *arg, const char *dir, const char *game, struct error *e)
{
	struct building *w = arg;
	const struct site_row *old = site_rows_sorted(&w->old, game);
	struct site_row row;

	if (site_game(&w->s, dir, game, old, &row, e) != 0) {
		if (e->status == EXIT_SYSTEM)
			return -1;
		(*w->unreadable)++;	/* games -r says why */
		error_clear(e);
		return 0;
	}
	row.rank = old != NULL ? old->rank : 0;
	return site_rows_put(&w->all, &row, 0, e);
}

/* The latest first, then in the order the index had them, then the
 * ids. */
static int
by_time(const void *a, const void *b)
{
	const struct site_row *x = a, *y = b;

	if (x->time != y->time)
		return x->time > y->time ? -1 : 1;
	if (x->rank != y->rank)
		return x->rank == 0 ? 1 : y->rank == 0 ? -1 :
		    x->rank < y->rank ? -1 : 1;
	return strcmp(x->id, y->id);
}

/* A list per first two digits; one with no game, removed. */
static int
build_lists(const struct site *s, const struct site_rows *all,
    struct error *e)
{
	struct site_rows rs;
	char name[16], path[PATH_MAX], xy[3];
	size_t i = 0;
	int k, rc = 0;

	/* all is in the order of the ids: each list a run of it */
	for (k = 0; rc == 0 && k < SITE_LISTS; k++) {
		memset(&rs, 0, sizeof(rs));
		snprintf(xy, sizeof(xy), "%02x", k);
		for (; rc == 0 && i < all->n && strncmp(all->r[i].id, xy,
		    2) == 0; i++)
			rc = put_copy(&rs, &all->r[i], 0, e);
		snprintf(name, sizeof(name), "list-%s", xy);
		if (rc == 0 && rs.n > 0 && (site_rows_write(s, name, &rs,
		    e) != 0 || site_list(s, xy, &rs, e) != 0))
			rc = -1;
		if (rc == 0 && rs.n == 0 && site_path(s, SITE_RECORDS, name,
		    path, e) == 0) {
			(void)unlink(path);
			snprintf(name, sizeof(name), "list-%s.html", xy);
			if (site_path(s, name, NULL, path, e) == 0)
				(void)unlink(path);
		}
		site_rows_free(&rs);
	}
	return rc;
}

/* Whether name is GAMEID.html, .svg or .txt of a game whose id begins
 * with xy (a name the site makes in games/XY): the id, in id. */
static int
game_file(const char *name, const char *xy, char id[ROOT_ID])
{
	static const char *const ext[] = { "html", "svg", "txt" };
	size_t k;

	if (strlen(name) < ROOT_ID || name[ROOT_ID - 1] != '.')
		return 0;
	memcpy(id, name, ROOT_ID - 1);
	id[ROOT_ID - 1] = '\0';
	for (k = 0; k < sizeof(ext) / sizeof(*ext); k++)
		if (strcmp(name + ROOT_ID, ext[k]) == 0)
			return root_is_id(id) && strncmp(id, xy, 2) == 0;
	return 0;
}

/*
 * The pages of every game whose directory is gone from the root,
 * removed, and a games/XY left empty; a game still there keeps its
 * pages even when it no longer reads (games -r says why), and a name
 * the site does not make is left alone.
 */
static void
drop_gone_games(const struct site *s)
{
	char dir[PATH_MAX], path[PATH_MAX], xy[3], id[ROOT_ID];
	struct error ign;
	char **name;
	size_t n, i;
	int k;

	for (k = 0; k < SITE_LISTS; k++) {
		snprintf(xy, sizeof(xy), "%02x", k);
		if (site_path(s, SITE_GAMES, xy, dir, &ign) != 0 ||
		    fsio_names(dir, &name, &n, &ign) != 0)
			continue;
		for (i = 0; i < n; i++) {
			if (!game_file(name[i], xy, id))
				continue;
			if ((size_t)snprintf(path, sizeof(path), "%s/%s",
			    s->root, id) >= sizeof(path) || fsio_exists(path))
				continue;
			if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir,
			    name[i]) < sizeof(path))
				(void)unlink(path);
		}
		fsio_names_free(name, n);
		(void)rmdir(dir);	/* only when empty */
	}
}

/* The lists, the index's two, the index and the feed. */
static int
build_pages(const struct site *s, struct site_rows *all, struct error *e)
{
	struct site_rows recent, res;
	size_t i;
	int rc = 0;

	memset(&recent, 0, sizeof(recent));
	memset(&res, 0, sizeof(res));
	/* the lists first: they sort all by id */
	if (build_lists(s, all, e) != 0)
		return -1;
	if (all->n > 1)
		qsort(all->r, all->n, sizeof(*all->r), by_time);
	for (i = 0; rc == 0 && i < all->n; i++)
		if (!all->r[i].over && recent.n < SITE_RECENT)
			rc = put_copy(&recent, &all->r[i], 0, e);
		else if (all->r[i].over && res.n < SITE_RESULTS)
			rc = put_copy(&res, &all->r[i], 0, e);
	if (rc == 0 && (site_rows_write(s, "recent", &recent, e) != 0 ||
	    site_rows_write(s, "results", &res, e) != 0 ||
	    site_index(s, &recent, &res, e) != 0 ||
	    site_feed(s, &res, e) != 0))
		rc = -1;
	site_rows_free(&recent);
	site_rows_free(&res);
	return rc;
}

int
site_build(const char *root, const char *out, int *unreadable,
    struct error *e)
{
	struct club_members cm;
	struct building w;
	int fd = -1, rc = -1;

	*unreadable = 0;
	memset(&w, 0, sizeof(w));
	w.unreadable = unreadable;
	if (site_begin(&w.s, root, out, &cm, e) != 0)
		return -1;
	/* every game's files first, each game open alone */
	w.s.cache = 1;
	if (old_rows(&w, e) != 0 || root_each(root, build_one, &w, e) != 0)
		goto done;
	w.s.cache = 0;
	if (lock(&w.s, &fd, e) != 0)
		goto done;
	drop_gone_games(&w.s);
	if (site_tours_build(&w.s, unreadable, e) != 0 ||
	    build_pages(&w.s, &w.all, e) != 0)
		goto done;
	fsio_unlock(fd);
	fd = -1;
	rc = site_standings(root, out, e);
done:
	fsio_unlock(fd);
	site_rows_free(&w.all);
	site_rows_free(&w.old);
	club_members_free(&cm);
	return rc;
}
