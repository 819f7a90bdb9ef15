/*
 * The site's pages over many games (formats/site.md): the index (the
 * games under way most recently moved, each with its board; the latest
 * results; links to every list, the standings and the feed), a list per
 * first two digits of the game ids (every game), and the Atom feed of the
 * results (RFC 4287).  Each reads the site's record and the few games it
 * shows, never the root: its cost is bounded whatever the club's size.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fsio.h"
#include "replay.h"
#include "sec.h"
#include "site.h"
#include "when.h"

#define PICTURE_MAX	(4u * 1024 * 1024)

/* What the index shows, handed to each of its sections. */
struct index_in {
	const struct site	*s;
	const struct site_rows	*recent, *results;
};

/* games/ID.EXT of the site, as it was written: 0, or -1 absent. */
static int
game_file(const struct site *s, const char *id, const char *ext,
    struct buf *b, struct error *e)
{
	char name[PATH_MAX], path[PATH_MAX];

	if (site_game_path(s, id, ext, 0, name, e) != 0 ||
	    site_path(s, name, NULL, path, e) != 0)
		return -1;
	if (!fsio_exists(path))
		return 1;
	if (fsio_read_regular(path, PICTURE_MAX, b, NULL, e) != 0 ||
	    buf_cstr(b) != 0)
		return -1;
	return 0;
}

/* A game's board, small, its text the alternative; nothing when the
 * game's files are not there (yet). */
static int
thumb(const struct site *s, const char *id, struct buf *b, struct error *e)
{
	struct buf svg, text;
	const char *p;
	int rc;

	buf_init(&svg);
	buf_init(&text);
	buf_adds(b, "<td class=\"thumb\">");
	if ((rc = game_file(s, id, "svg", &svg, e)) == 0 &&
	    (rc = game_file(s, id, "txt", &text, e)) == 0) {
		p = (const char *)svg.data;
		if (strncmp(p, "<?xml", 5) == 0 && strchr(p, '\n') != NULL)
			p = strchr(p, '\n') + 1;
		buf_adds(b, "<div role=\"img\" aria-label=\"");
		replay_escape(b, (const char *)text.data);
		buf_adds(b, "\">");
		buf_adds(b, p);
		buf_adds(b, "</div>");
	}
	buf_adds(b, "</td>");
	buf_free(&svg);
	buf_free(&text);
	return rc < 0 ? -1 : 0;
}

/* A table of rows under its heads; with pictures, a first column. */
static int
table(const struct site *s, const struct site_rows *rs, const char *heads,
    int pictures, struct buf *b, struct error *e)
{
	size_t i;

	buf_printf(b, "<table>\n<thead><tr>%s%s</tr></thead>\n<tbody>\n",
	    pictures ? "<th>board</th>" : "", heads);
	for (i = 0; i < rs->n; i++) {
		buf_adds(b, "<tr>");
		if (pictures && thumb(s, rs->r[i].id, b, e) != 0)
			return -1;
		buf_adds(b, rs->r[i].cells);
		buf_adds(b, "</tr>\n");
	}
	buf_adds(b, "</tbody>\n</table>\n");
	return 0;
}

static int
under_way(const struct index_in *in, struct buf *b, struct error *e)
{
	buf_printf(b, "<h2>Under way</h2>\n");
	if (in->recent->n == 0) {
		buf_adds(b, "<p>No game is under way.</p>\n");
		return 0;
	}
	buf_printf(b, "<p>The %zu most recently moved, the latest first.</p>\n",
	    in->recent->n);
	return table(in->s, in->recent, "<th>game</th><th>seats</th>"
	    "<th>next</th><th>deadline</th>", 1, b, e);
}

static int
results(const struct index_in *in, struct buf *b, struct error *e)
{
	buf_adds(b, "<h2>Results</h2>\n");
	if (in->results->n == 0) {
		buf_adds(b, "<p>No game has ended yet.</p>\n");
		return 0;
	}
	return table(in->s, in->results, "<th>game</th><th>seats</th>"
	    "<th>result</th><th>ended</th>", 0, b, e);
}

/* Every game, in the lists by the first two digits of its id. */
static int
every(const struct index_in *in, struct buf *b, struct error *e)
{
	char name[16], path[PATH_MAX];
	int i, any = 0;

	buf_adds(b, "<h2>Every game</h2>\n<p>By the first two digits of its "
	    "id:");
	for (i = 0; i < SITE_LISTS; i++) {
		snprintf(name, sizeof(name), "list-%02x", i);
		if (site_path(in->s, SITE_RECORDS, name, path, e) != 0)
			return -1;
		if (!fsio_exists(path))
			continue;
		buf_printf(b, " <a href=\"list-%02x.html\">%02x</a>", i, i);
		any = 1;
	}
	buf_adds(b, any ? ".</p>\n" : " none yet.</p>\n");
	return 0;
}

/* The tournaments the judge holds, the latest changed first. */
static int
tournaments(const struct index_in *in, struct buf *b, struct error *e)
{
	struct site_rows rs;

	buf_adds(b, "<h2>Tournaments</h2>\n");
	if (site_rows_read(in->s, SITE_TOURNAMENTS, &rs, e) != 0)
		return -1;
	site_tours_table(&rs, SITE_TOURS, b);
	if (rs.n > 0)
		buf_printf(b, "<p><a href=\"tournaments.html\">Every "
		    "tournament</a> (%zu).</p>\n", rs.n);
	site_rows_free(&rs);
	return 0;
}

/* The index's sections, in their order. */
static int (*const sections[])(const struct index_in *, struct buf *,
    struct error *) = { under_way, results, tournaments, every };

int
site_index(const struct site *s, const struct site_rows *recent,
    const struct site_rows *res, struct error *e)
{
	struct index_in in = { s, recent, res };
	struct buf b;
	size_t i;
	int rc = -1;

	buf_init(&b);
	site_head(&b, "The club's games", NULL, 1);
	buf_adds(&b, "<nav><a href=\"standings.html\">Standings</a> | "
	    "<a href=\"feed.atom\">The results as a feed (Atom)</a></nav>\n");
	for (i = 0; i < sizeof(sections) / sizeof(sections[0]); i++)
		if (sections[i](&in, &b, e) != 0)
			goto done;
	site_foot(&b);
	rc = site_write(s, "index.html", NULL, &b, e);
done:
	buf_free(&b);
	return rc;
}

int
site_list(const struct site *s, const char *xy, const struct site_rows *rs,
    struct error *e)
{
	char title[64], name[16];
	struct buf b;
	int rc;

	buf_init(&b);
	snprintf(title, sizeof(title), "Every game whose id begins with %.2s",
	    xy);
	site_head(&b, title, "index.html", 0);
	rc = table(s, rs, "<th>game</th><th>seats</th><th>next or result"
	    "</th><th>deadline or end</th>", 0, &b, e);
	site_foot(&b);
	snprintf(name, sizeof(name), "list-%.2s.html", xy);
	if (rc == 0)
		rc = site_write(s, name, NULL, &b, e);
	buf_free(&b);
	return rc;
}

/* A URN for an Atom id: the hex digits of a hash as a UUID (version 8,
 * RFC 9562), so that a feed reader keeps each entry once. */
static void
urn(struct buf *b, const char *hex)
{
	buf_printf(b, "urn:uuid:%.8s-%.4s-8%.3s-a%.3s-%.12s", hex, hex + 8,
	    hex + 12, hex + 15, hex + 18);
}

int
site_feed(const struct site *s, const struct site_rows *res, struct error *e)
{
	char when[WHEN_TEXT], hex[2 * SEC_HASH + 1];
	uint8_t h[SEC_HASH];
	struct buf b;
	size_t i;
	int rc;

	buf_init(&b);
	when_format(res->n > 0 ? res->r[0].time : s->now, when, sizeof(when));
	/* the feed's own id: its club's root, as a hash */
	if (sec_hash(h, "adj-site-feed", s->root, strlen(s->root)) != 0)
		return error_set(e, EXIT_SYSTEM, "cannot hash the feed's id");
	sec_hex(hex, sizeof(hex), h, sizeof(h));
	buf_adds(&b, "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
	    "<feed xmlns=\"http://www.w3.org/2005/Atom\">\n"
	    "<title>The club's results</title>\n<id>");
	urn(&b, hex);
	buf_printf(&b, "</id>\n<updated>%s</updated>\n<author><name>the "
	    "club's judge</name></author>\n<link rel=\"self\" "
	    "href=\"feed.atom\"/>\n<link rel=\"alternate\" type=\"text/html\" "
	    "href=\"index.html\"/>\n", when);
	for (i = 0; i < res->n; i++) {
		when_format(res->r[i].time, when, sizeof(when));
		buf_adds(&b, "<entry>\n<title>");
		replay_escape(&b, res->r[i].summary);
		buf_adds(&b, "</title>\n<id>");
		urn(&b, res->r[i].id);
		buf_printf(&b, "</id>\n<updated>%s</updated>\n<link rel=\""
		    "alternate\" type=\"text/html\" href=\"%s/%.2s/%s.html\"/>"
		    "\n<summary>", when, SITE_GAMES, res->r[i].id,
		    res->r[i].id);
		replay_escape(&b, res->r[i].summary);
		buf_adds(&b, "</summary>\n</entry>\n");
	}
	buf_adds(&b, "</feed>\n");
	rc = site_write(s, "feed.atom", NULL, &b, e);
	buf_free(&b);
	return rc;
}
