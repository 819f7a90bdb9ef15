/*
 * One game of the club's site (formats/site.md): OUTDIR/games/ID.svg, its
 * public board (view_svg for nobody), ID.txt, what show -f public prints,
 * and ID.html: while the game goes on, that board with that text as its
 * text alternative and the public move list (show -f moves); once it is
 * closed, the replay page of its export (adjudicator replay).  And its
 * line in the site's lists: the game, its seats by member name (else key
 * id), whose turn and the deadline, or the result.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "club.h"
#include "gamedir.h"
#include "match.h"
#include "replay.h"
#include "site.h"
#include "view.h"
#include "when.h"

/* Each seat, and who holds it: the member of the directory that has its
 * key, else the key's id (never an address). */
static void
seats(const struct site *s, const struct match *m, struct buf *b)
{
	const struct club_member *cm;
	const struct key_public *k;
	int i;

	for (i = 0; i < m->nseats; i++) {
		k = &m->seat[i].key;
		cm = club_member_keyed(s->members, k->id);
		buf_adds(b, i == 0 ? "" : ", ");
		replay_escape(b, m->seat[i].name);
		if (cm != NULL && strcmp(cm->name, m->seat[i].name) == 0)
			continue;
		buf_adds(b, cm != NULL ? " (" : " (key ");
		replay_escape(b, cm != NULL ? cm->name : k->idhex);
		buf_adds(b, ")");
	}
}

/* Whose turn and the deadline; or the result and when it came. */
static void
state(const struct match *m, int64_t t, int over, struct buf *what,
    char when[WHEN_TEXT])
{
	char next[96];
	int64_t deadline, hard;
	int seat;

	when[0] = '\0';
	if (over) {
		view_result(m, what);
		when_format(t, when, WHEN_TEXT);
		return;
	}
	root_next_words(m, -1, 0, next, sizeof(next));
	buf_adds(what, next);
	if (root_running(m, when_now(), &seat, &deadline, &hard))
		when_format(deadline, when, WHEN_TEXT);
}

/* A record's field is one line: tabs and line ends become blanks. */
static void
one_line(char *s)
{
	for (; *s != '\0'; s++)
		if (*s == '\t' || *s == '\n' || *s == '\r')
			*s = ' ';
}

/*
 * When the game last changed, as the site saw it (entries carry no time
 * unless the game has a clock): the time of this update; a build keeps
 * the record's, else the game's creation; a result keeps its time.
 */
static int64_t
changed(const struct site *s, const struct match *m, int over,
    const struct site_row *old)
{
	if (old != NULL && (s->cache || (old->over && over)))
		return old->time;
	return s->cache ? m->created_at : s->now;
}

static int
row_of(const struct site *s, const struct match *m, const char *game,
    const struct site_row *old, struct site_row *row, struct error *e)
{
	struct buf cells, what, sum;
	char when[WHEN_TEXT];
	int bad;

	memset(row, 0, sizeof(*row));
	snprintf(row->id, sizeof(row->id), "%s", game);
	snprintf(row->tour, sizeof(row->tour), "%s", m->event.id);
	row->over = match_phase(m) == MATCH_CLOSED;
	row->time = changed(s, m, row->over, old);
	buf_init(&cells);
	buf_init(&what);
	buf_init(&sum);
	state(m, row->time, row->over, &what, when);
	buf_cstr(&what);
	buf_printf(&cells, "<td><a href=\"%s/%.2s/%s.html\">", SITE_GAMES,
	    game, game);
	replay_escape(&cells, m->rules->name);
	buf_printf(&cells, " <code>%.16s</code></a></td><td>", game);
	seats(s, m, &cells);
	buf_adds(&cells, "</td><td>");
	replay_escape(&cells, (const char *)what.data);
	buf_printf(&cells, "</td><td>%s</td>", when[0] ? when : "-");
	buf_printf(&sum, "%s %.16s: %s", m->rules->name, game,
	    (const char *)what.data);
	bad = buf_cstr(&cells) != 0 || buf_cstr(&sum) != 0;
	/* one line each in the record */
	if (!bad && ((row->cells = strdup((char *)cells.data)) == NULL ||
	    (row->summary = strdup((char *)sum.data)) == NULL))
		bad = 1;
	buf_free(&cells);
	buf_free(&what);
	buf_free(&sum);
	if (!bad) {
		one_line(row->cells);
		one_line(row->summary);
		return 0;
	}
	site_row_free(row);
	return error_set(e, EXIT_SYSTEM, "out of memory");
}

/* A game under way: its board, its text, its moves so far. */
static int
page_on(const struct site *s, const struct match *m, const char *game,
    const struct buf *svg, const struct buf *text, const struct buf *moves,
    struct buf *b)
{
	char title[128], now[WHEN_TEXT];
	const char *p = (const char *)svg->data;

	snprintf(title, sizeof(title), "%s game %.16s", m->rules->name, game);
	site_head(b, title, "../../index.html", 0);
	when_format(s->now, now, sizeof(now));
	buf_adds(b, "<p>Seats: ");
	seats(s, m, b);
	buf_printf(b, ".<br>As of %s.</p>\n<figure class=\"board\">"
	    "<div role=\"img\" aria-label=\"", now);
	replay_escape(b, (const char *)text->data);
	/* inline, the picture goes without its XML declaration */
	if (strncmp(p, "<?xml", 5) == 0 && strchr(p, '\n') != NULL)
		p = strchr(p, '\n') + 1;
	buf_printf(b, "\">\n%s</div>\n<figcaption>The board as anyone may "
	    "see it; the same as text below.</figcaption></figure>\n"
	    "<h2>The board as text</h2>\n<pre>", p);
	replay_escape(b, (const char *)text->data);
	buf_adds(b, "</pre>\n<h2>The moves so far</h2>\n<pre>");
	replay_escape(b, (const char *)moves->data);
	buf_adds(b, "</pre>\n");
	site_foot(b);
	return buf_cstr(b);
}

/* The archive of the game as its copy exports it, as a stream. */
static FILE *
exported(const struct gamedir *g, struct buf *arm, struct error *e)
{
	FILE *f;

	if (gamedir_export(g, arm, NULL, NULL, e) != 0)
		return NULL;
	if ((f = fmemopen(arm->data, arm->len, "r")) == NULL)
		error_errno(e, "%s", g->path);
	return f;
}

/* ID.html: the replay page of a closed game, else page_on's. */
static int
page(const struct site *s, const struct gamedir *g, const char *game,
    const struct buf *svg, const struct buf *text, struct buf *b,
    struct error *e)
{
	const struct match *m = g->t.m;
	struct buf arm, moves;
	FILE *f;
	int rc = -1;

	buf_init(&arm);
	buf_init(&moves);
	if ((f = exported(g, &arm, e)) == NULL)
		goto done;
	if (match_phase(m) == MATCH_CLOSED)
		rc = replay_page(f, g->path, 1, b, e);
	else if ((rc = replay_so_far(f, g->path, 1, REPLAY_MOVES, &moves,
	    e)) == 0 && (buf_cstr(&moves) != 0 || page_on(s, m, game, svg,
	    text, &moves, b) != 0))
		rc = error_set(e, EXIT_SYSTEM, "out of memory");
	fclose(f);
done:
	buf_free(&arm);
	buf_free(&moves);
	return rc;
}

static int
files(const struct site *s, const struct gamedir *g, const char *game,
    struct error *e)
{
	const struct match *m = g->t.m;
	struct buf svg, text, html;
	char path[PATH_MAX];
	int rc = -1;

	buf_init(&svg);
	buf_init(&text);
	buf_init(&html);
	if (view_svg(m, -1, &svg, e) != 0)
		goto done;
	/* as show -f public prints it */
	view_text_public(m, -1, NULL, &text);
	if (text.len > 0 && text.data[0] == '\n') {
		memmove(text.data, text.data + 1, text.len - 1);
		text.len--;
	}
	if (buf_cstr(&svg) != 0 || buf_cstr(&text) != 0) {
		error_set(e, EXIT_SYSTEM, "out of memory");
		goto done;
	}
	if (page(s, g, game, &svg, &text, &html, e) != 0)
		goto done;
	if (site_game_path(s, game, "svg", 1, path, e) != 0 ||
	    site_write(s, path, NULL, &svg, e) != 0 ||
	    site_game_path(s, game, "txt", 1, path, e) != 0 ||
	    site_write(s, path, NULL, &text, e) != 0 ||
	    site_game_path(s, game, "html", 1, path, e) != 0)
		goto done;
	rc = site_write(s, path, NULL, &html, e);
done:
	buf_free(&svg);
	buf_free(&text);
	buf_free(&html);
	return rc;
}

int
site_game(const struct site *s, const char *dir, const char *game,
    const struct site_row *old, struct site_row *row, struct error *e)
{
	struct gamedir g;
	int rc;

	if (gamedir_open(dir, GAMEDIR_READ, &g, NULL, e) != 0)
		return -1;
	rc = files(s, &g, game, e);
	if (rc == 0)
		rc = row_of(s, g.t.m, game, old, row, e);
	gamedir_close(&g);
	return rc;
}
