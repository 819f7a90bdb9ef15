/*
 * A page per tournament the judge holds (formats/site.md): t/ID.html for
 * ROOT/tournaments/ID (formats/tournament.md, "By mail"), its name, game,
 * format, players by name, state, the crosstable tour_table makes, each
 * round's pairings with each game linked to its page and the byes; and
 * tournaments.html, the list of them, from the site's record
 * records/tournaments (a line per tournament, its id the declaration's
 * hash, its words the tournament's id).  A page reads its own
 * tournament's files and games, nothing else of the root: the cost of
 * its update is the tournament's, not the club's.  No address: the
 * declaration's are never read out.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "armor.h"
#include "fsio.h"
#include "key.h"
#include "match.h"
#include "replay.h"
#include "site.h"
#include "tour.h"

#define TOUR_FILE_MAX	(1u << 24)

/* A tournament as the judge holds it, read for its page. */
struct held {
	struct tour_decl	 d;
	struct tour		 t;
	struct tour_input	 in;
	char			 (*gid)[ROOT_ID];	/* per slot: its game */
	char			 diff[512];
	/* the games' headers kept: round, board, game and id */
	struct kept {
		unsigned	 r, b, g;
		char		 id[ROOT_ID];
	}			*k;
	size_t			 nk;
	char			**dir;		/* in.dirs' own */
};

/* ROOT/tournaments/ID[/FILE] */
static int
tpath(const struct site *s, const char *id, const char *file, char *out,
    struct error *e)
{
	if ((size_t)snprintf(out, PATH_MAX, "%s/%s/%s%s%s", s->root,
	    SITE_TOURNAMENTS, id, file != NULL ? "/" : "", file != NULL ?
	    file : "") >= PATH_MAX)
		return error_set(e, EXIT_SYSTEM, "%s: path too long", s->root);
	return 0;
}

/* The armored blobs of a file of the tournament. */
static int
blobs(const char *path, struct armor_list *l, struct error *e)
{
	struct buf t;
	int rc;

	buf_init(&t);
	rc = fsio_read(path, TOUR_FILE_MAX, &t, e) != 0 || armor_read((char *)
	    t.data, t.len, TOUR_ARMOR, path, l, e) != 0 ? -1 : 0;
	buf_free(&t);
	return rc;
}

/* A game's header kept (game-R-B-G.hdr): its id, and its directory
 * when the root has the game. */
static int
add_game(struct held *h, const struct site *s, const char *path,
    const char *file, struct error *e)
{
	struct armor_list l = { NULL, 0, NULL };
	struct kept *k;
	struct match *m;
	char dir[PATH_MAX], **d;
	const char **dd;

	if ((k = realloc(h->k, (h->nk + 1) * sizeof(*k))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	h->k = k;
	k += h->nk;
	if (sscanf(file, "game-%u-%u-%u.hdr", &k->r, &k->b, &k->g) != 3)
		return 0;
	if (blobs(path, &l, e) != 0)
		return -1;
	m = header_read(l.items[0].data, l.items[0].len, path, e);
	armor_list_free(&l);
	if (m == NULL)
		return -1;
	snprintf(k->id, sizeof(k->id), "%s", m->game_hex);
	match_free(m);
	h->nk++;
	if (root_dir(s->root, k->id, dir, sizeof(dir), e) != 0)
		return -1;
	if (!fsio_exists(dir))
		return 0;
	if ((d = realloc(h->dir, (h->in.ndirs + 1) * sizeof(*d))) != NULL)
		h->dir = d;
	if ((dd = realloc(h->in.dirs, (h->in.ndirs + 1) * sizeof(*dd))) !=
	    NULL)
		h->in.dirs = dd;
	if (d == NULL || dd == NULL || (d[h->in.ndirs] = strdup(dir)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	dd[h->in.ndirs] = d[h->in.ndirs];
	h->in.ndirs++;
	return 0;
}

/* One file of the tournament's directory: the declaration, a record, or
 * a game's header. */
static int
add_file(struct held *h, const struct site *s, const char *id,
    const char *file, struct error *e)
{
	struct armor_list l = { NULL, 0, NULL };
	char path[PATH_MAX];
	size_t i, n = strlen(file);
	int rc = 0;

	if (tpath(s, id, file, path, e) != 0)
		return -1;
	if (n > 4 && strcmp(file + n - 4, ".hdr") == 0)
		return add_game(h, s, path, file, e);
	if (n <= 5 || strcmp(file + n - 5, ".tour") != 0 || file[0] == '.')
		return 0;
	if (blobs(path, &l, e) != 0)
		return -1;
	if (strcmp(file, "decl.tour") == 0)
		rc = buf_add(&h->in.decl, l.items[0].data, l.items[0].len) ?
		    error_set(e, EXIT_SYSTEM, "out of memory") : 0;
	else
		for (i = 0; rc == 0 && i < l.n; i++)
			rc = tour_input_record(&h->in, l.items[i].data,
			    l.items[i].len, file, e);
	armor_list_free(&l);
	return rc;
}

/* The names in ROOT/tournaments[/ID], sorted; *n of them. */
static int
names(const struct site *s, const char *id, char ***name, size_t *n,
    struct error *e)
{
	char path[PATH_MAX];
	int rc;

	*name = NULL;
	*n = 0;
	if (tpath(s, id != NULL ? id : "", NULL, path, e) != 0)
		return -1;
	if ((rc = fsio_names(path, name, n, e)) == 1)
		return id != NULL ? error_errno(e, "%s", path) : 0;
	return rc;
}

static void
held_free(struct held *h)
{
	fsio_names_free(h->dir, h->in.ndirs);
	tour_input_free(&h->in);
	free(h->k);
	free(h->gid);
	tour_free(&h->t);
	tour_decl_free(&h->d);
}

/* Each slot's game: the one its header kept names. */
static int
slot_games(struct held *h, struct error *e)
{
	const struct tour_slot *sl;
	size_t i, k;

	if ((h->gid = calloc(h->t.ns + 1, sizeof(*h->gid))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	for (i = 0; i < h->t.ns; i++) {
		sl = &h->t.s[i];
		for (k = 0; k < h->nk; k++)
			if (h->k[k].r == sl->g.round && h->k[k].b ==
			    sl->g.board && h->k[k].g == sl->g.game)
				snprintf(h->gid[i], ROOT_ID, "%s", h->k[k].id);
		if (h->gid[i][0] == '\0' && sl->gid[0] != '\0')
			snprintf(h->gid[i], ROOT_ID, "%s", sl->gid);
	}
	return 0;
}

/* The tournament of ROOT/tournaments/id read whole. */
static int
held_read(const struct site *s, const char *id, struct held *h,
    struct error *e)
{
	char **name;
	size_t n, i;
	int rc;

	memset(h, 0, sizeof(*h));
	buf_init(&h->in.decl);
	if (id[0] == '\0' || strspn(id, "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_") != strlen(id))
		return error_set(e, EXIT_MALFORMED, "%.70s: not a "
		    "tournament's id", id);
	if (names(s, id, &name, &n, e) != 0)
		return -1;
	for (i = 0, rc = 0; rc == 0 && i < n; i++)
		rc = add_file(h, s, id, name[i], e);
	fsio_names_free(name, n);
	if (rc == 0 && h->in.decl.len == 0)
		rc = error_set(e, EXIT_MALFORMED, "%s/%s/%s: no declaration",
		    s->root, SITE_TOURNAMENTS, id);
	if (rc == 0)
		rc = tour_load(&h->t, &h->d, &h->in, 1, h->diff,
		    sizeof(h->diff), e);
	return rc == 0 ? slot_games(h, e) : -1;
}

/* "declared: 2 of 4 accepted", "accepted", "under way" or "over". */
static const char *
state(const struct held *h, char *out, size_t len)
{
	const struct tour *t = &h->t;
	size_t i, n = 0;

	for (i = 0; i < h->d.n; i++)
		n += t->accepted[i] != 0;
	if (n < h->d.n) {
		snprintf(out, len, "declared: %zu of %zu accepted", n, h->d.n);
		return out;
	}
	if (t->nrounds == 0)
		return "accepted";
	if (h->d.format == TOUR_LADDER || t->nrounds < tour_rounds(&h->d))
		return "under way";
	for (i = 0; i < t->ns; i++)
		if (t->s[i].res == TOUR_PENDING)
			return "under way";
	return "over";
}

static void
player(struct buf *b, const struct held *h, unsigned p)
{
	if (p == TOUR_NONE)
		buf_adds(b, "-");
	else
		replay_escape(b, h->d.p[p].name);
}

/* A slot's row: board, white, black, the result, the game. */
static void
slot_row(struct buf *b, const struct held *h, size_t i)
{
	const struct tour_slot *sl = &h->t.s[i];

	buf_printf(b, "<tr><td>%u%s</td><td>", sl->g.board, sl->g.game > 1 ?
	    " (game 2)" : "");
	player(b, h, sl->g.white);
	buf_adds(b, "</td><td>");
	if (sl->g.black == TOUR_NONE)
		buf_adds(b, "the bye");
	else
		player(b, h, sl->g.black);
	buf_printf(b, "</td><td>%s</td><td>", sl->res == TOUR_PENDING ?
	    (h->gid[i][0] ? "under way" : "not made yet") :
	    tour_res_word(sl->res));
	if (h->gid[i][0] != '\0')
		buf_printf(b, "<a href=\"../%s/%.2s/%s.html\">%s <code>%.16s"
		    "</code></a>", SITE_GAMES, h->gid[i], h->gid[i],
		    h->d.rules->name, h->gid[i]);
	else
		buf_adds(b, "-");
	buf_adds(b, "</td></tr>\n");
}

/* Each round's pairings, board order, the byes last. */
static void
rounds(struct buf *b, const struct held *h)
{
	unsigned r;
	size_t i;

	for (r = h->d.format == TOUR_LADDER ? 0 : 1; r <= h->t.nrounds;
	    r++) {
		if (r == 0)
			buf_adds(b, "<h2>The challenges</h2>\n");
		else
			buf_printf(b, "<h2>Round %u</h2>\n", r);
		buf_adds(b, "<table>\n<thead><tr><th>board</th><th>white</th>"
		    "<th>black</th><th>result</th><th>game</th></tr></thead>"
		    "\n<tbody>\n");
		for (i = 0; i < h->t.ns; i++)
			if (h->t.s[i].g.round == r)
				slot_row(b, h, i);
		buf_adds(b, "</tbody>\n</table>\n");
		if (h->d.format == TOUR_LADDER)
			break;
	}
}

/* The crosstable (tournament table -f html's), a ladder's places. */
static int
crosstable(struct buf *b, const struct held *h, struct error *e)
{
	struct buf text;
	int rc;

	buf_adds(b, "<h2>The table</h2>\n");
	if (h->t.nrounds == 0 && h->d.format != TOUR_LADDER) {
		buf_adds(b, "<p>No round is paired yet.</p>\n");
		return 0;
	}
	if (h->d.format != TOUR_LADDER)
		return tour_table(&h->t, TOUR_HTML_TABLE, b, e);
	buf_init(&text);
	if ((rc = tour_table(&h->t, TOUR_TEXT, &text, e)) == 0 &&
	    (rc = buf_cstr(&text)) == 0) {
		buf_adds(b, "<pre>");
		replay_escape(b, (const char *)text.data);
		buf_adds(b, "</pre>\n");
	}
	buf_free(&text);
	return rc;
}

static int
page(const struct held *h, const char *st, struct buf *b, struct error *e)
{
	const struct tour_decl *d = &h->d;
	size_t i;

	site_head(b, d->name, "../index.html", 0);
	buf_printf(b, "<p>Tournament <code>%s</code> (<code>%.16s</code>): "
	    "a %s of %s, %zu players; %s.  <a href=\"../tournaments.html\">"
	    "Every tournament</a>.</p>\n", d->id, d->hex,
	    tour_format_name(d->format), d->rules->name, d->n, st);
	if (h->diff[0] != '\0')
		buf_adds(b, "<p>Its records do not agree (tournament verify "
		    "says where): what follows is what they give.</p>\n");
	buf_adds(b, "<h2>The players</h2>\n<p>By seed:");
	for (i = 0; i < d->n; i++) {
		buf_adds(b, i > 0 ? ", " : " ");
		player(b, h, (unsigned)i);
		if (!h->t.accepted[i])
			buf_adds(b, " (not accepted yet)");
	}
	buf_adds(b, ".</p>\n");
	if (crosstable(b, h, e) != 0)
		return -1;
	rounds(b, h);
	site_foot(b);
	return buf_cstr(b);
}

/* Its line in the list of tournaments. */
static int
row_of(const struct site *s, const struct held *h, const char *st,
    const struct site_row *old, struct site_row *row, struct error *e)
{
	const struct tour_decl *d = &h->d;
	struct buf c;

	memset(row, 0, sizeof(*row));
	snprintf(row->id, sizeof(row->id), "%s", d->hex);
	row->over = strcmp(st, "over") == 0;
	row->time = old != NULL && (s->cache || (old->over && row->over)) ?
	    old->time : s->now;
	buf_init(&c);
	buf_printf(&c, "<td><a href=\"t/%s.html\">", d->id);
	replay_escape(&c, d->name);
	buf_printf(&c, "</a> <code>%s</code></td><td>%s</td><td>%s</td>"
	    "<td>%zu</td><td>%s</td>", d->id, d->rules->name,
	    tour_format_name(d->format), d->n, st);
	if (buf_cstr(&c) != 0 || (row->cells = strdup((char *)c.data)) ==
	    NULL || (row->summary = strdup(d->id)) == NULL) {
		buf_free(&c);
		site_row_free(row);
		return error_set(e, EXIT_SYSTEM, "out of memory");
	}
	buf_free(&c);
	return 0;
}

int
site_tour(const struct site *s, const char *id, const struct site_rows *rec,
    struct site_row *row, struct error *e)
{
	struct held h;
	struct buf b;
	char name[80], dir[PATH_MAX], st[64];
	const char *said;
	int rc = -1;

	buf_init(&b);
	if (held_read(s, id, &h, e) != 0)
		goto done;
	said = state(&h, st, sizeof(st));
	if (page(&h, said, &b, e) != 0)
		goto done;
	snprintf(name, sizeof(name), "%s.html", id);
	if (site_path(s, SITE_T, NULL, dir, e) != 0 ||
	    fsio_mkdir(dir, 0755, e) != 0 ||
	    site_write(s, SITE_T, name, &b, e) != 0)
		goto done;
	rc = row_of(s, &h, said, site_rows_find(rec, h.d.hex), row, e);
done:
	held_free(&h);
	buf_free(&b);
	return rc;
}

/* tournaments.html: every tournament, the latest changed first. */
int
site_tours_page(const struct site *s, const struct site_rows *rs,
    struct error *e)
{
	struct buf b;
	int rc;

	buf_init(&b);
	site_head(&b, "The club's tournaments", "index.html", 0);
	site_tours_table(rs, rs->n, &b);
	site_foot(&b);
	rc = site_write(s, "tournaments.html", NULL, &b, e);
	buf_free(&b);
	return rc;
}

void
site_tours_table(const struct site_rows *rs, size_t most, struct buf *b)
{
	size_t i;

	if (rs->n == 0) {
		buf_adds(b, "<p>The judge holds no tournament.</p>\n");
		return;
	}
	buf_adds(b, "<table>\n<thead><tr><th>tournament</th><th>game</th>"
	    "<th>format</th><th>players</th><th>state</th></tr></thead>\n"
	    "<tbody>\n");
	for (i = 0; i < rs->n && i < most; i++)
		buf_printf(b, "<tr>%s</tr>\n", rs->r[i].cells);
	buf_adds(b, "</tbody>\n</table>\n");
}

/* The latest changed first, then by id. */
static int
by_time(const void *a, const void *b)
{
	const struct site_row *x = a, *y = b;

	if (x->time != y->time)
		return x->time > y->time ? -1 : 1;
	return strcmp(x->id, y->id);
}

/*
 * The pages of the tournaments the record had and the root no longer
 * holds (its directory removed), removed: no page stays that nothing
 * links.  A tournament still there but unreadable keeps its page.
 */
static void
drop_gone(const struct site *s, const struct site_rows *old, char **name,
    size_t n)
{
	char file[80], path[PATH_MAX];
	struct error ign;
	size_t i, k;

	for (i = 0; i < old->n; i++) {
		const char *id = old->r[i].summary;

		/* the record is the site's own, but only an id names a file */
		if (id == NULL || !key_name_ok(id))
			continue;
		for (k = 0; k < n && strcmp(name[k], id) != 0; k++)
			;
		snprintf(file, sizeof(file), "%s.html", id);
		if (k == n && site_path(s, SITE_T, file, path, &ign) == 0)
			(void)unlink(path);
	}
}

/* Every tournament of the root: its page, its line (the record's
 * order: the latest changed first). */
int
site_tours_build(const struct site *s, int *unreadable, struct error *e)
{
	struct site_rows old, rs;
	struct site_row row;
	char **name;
	size_t n, i;
	int rc;

	memset(&rs, 0, sizeof(rs));
	if (site_rows_read(s, SITE_TOURNAMENTS, &old, e) != 0) {
		if (e->status == EXIT_SYSTEM)
			return -1;
		error_clear(e);
		memset(&old, 0, sizeof(old));
	}
	if ((rc = names(s, NULL, &name, &n, e)) != 0)
		goto done;
	for (i = 0; rc == 0 && i < n; i++)
		if ((rc = site_tour(s, name[i], &old, &row, e)) == 0)
			rc = site_rows_put(&rs, &row, 0, e);
		else if (e->status != EXIT_SYSTEM) {
			(*unreadable)++;	/* tournament verify says why */
			error_clear(e);
			rc = 0;
		}
	if (rc == 0)
		drop_gone(s, &old, name, n);
	fsio_names_free(name, n);
	if (rc == 0) {
		if (rs.n > 1)
			qsort(rs.r, rs.n, sizeof(*rs.r), by_time);
		rc = site_rows_write(s, SITE_TOURNAMENTS, &rs, e) != 0 ||
		    site_tours_page(s, &rs, e) != 0 ? -1 : 0;
	}
done:
	site_rows_free(&old);
	site_rows_free(&rs);
	return rc;
}

/* The id of the tournament whose declaration's hash is hex: its line in
 * the record, else each tournament's declaration read. */
static int
tour_id(const struct site *s, const struct site_rows *rec, const char *hex,
    char *id, size_t len, struct error *e)
{
	const struct site_row *r = site_rows_find(rec, hex);
	struct armor_list l = { NULL, 0, NULL };
	struct tour_decl d;
	char **name, path[PATH_MAX];
	size_t n, i;
	int rc, found = 0;

	if (r != NULL) {
		snprintf(id, len, "%s", r->summary);
		return 1;
	}
	if (names(s, NULL, &name, &n, e) != 0)
		return -1;
	for (i = 0, rc = 0; rc == 0 && !found && i < n; i++) {
		memset(&d, 0, sizeof(d));
		if ((rc = tpath(s, name[i], "decl.tour", path, e)) == 0 &&
		    (rc = blobs(path, &l, e)) == 0 && (rc = tour_decl_read(
		    l.items[0].data, l.items[0].len, &d, path, e)) == 0 &&
		    strcmp(d.hex, hex) == 0 && (found = 1))
			snprintf(id, len, "%s", name[i]);
		if (rc != 0 && e->status != EXIT_SYSTEM) {
			error_clear(e);	/* not this one: site -r says */
			rc = 0;
		}
		armor_list_free(&l);
		tour_decl_free(&d);
	}
	fsio_names_free(name, n);
	return rc != 0 ? -1 : found;
}

int
site_tour_update(const struct site *s, const char *hex, struct error *e)
{
	struct site_rows rec;
	struct site_row row;
	char id[64];
	int rc;

	if (site_rows_read(s, SITE_TOURNAMENTS, &rec, e) != 0)
		return -1;
	if ((rc = tour_id(s, &rec, hex, id, sizeof(id), e)) == 1 &&
	    (rc = site_tour(s, id, &rec, &row, e)) == 0 &&
	    (rc = site_rows_put(&rec, &row, 1, e)) == 0)
		rc = site_rows_write(s, SITE_TOURNAMENTS, &rec, e) != 0 ||
		    site_tours_page(s, &rec, e) != 0 ? -1 : 0;
	site_rows_free(&rec);
	return rc;
}
