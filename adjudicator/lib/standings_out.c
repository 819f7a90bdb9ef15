/*
 * Standings written out: a text table per game (what a person, or the
 * judge's STANDINGS mail, reads), YAML for programs (formats/standings.md,
 * with every game counted, so that a recomputation can be compared game
 * by game), and a self-contained HTML page.  Every figure goes through
 * rating_format: the same digits on every machine.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "standings.h"
#include "svg.h"
#include "ydoc.h"

/* The text written, with one sticky failure: checked once, at the end. */
struct out {
	struct buf	*b;
	int		 bad;
};

static void say(struct out *, const char *, ...)
    __attribute__((format(printf, 2, 3)));

static void
say(struct out *o, const char *fmt, ...)
{
	char line[1024];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof(line) ||
	    buf_add(o->b, line, (size_t)n) != 0)
		o->bad = 1;
}

/* Text into HTML (svg.c's escaping: the same five characters). */
static void
escaped(struct out *o, const char *s)
{
	if (svg_escape(o->b, s) != 0)
		o->bad = 1;
}

static int
glicko(const struct standings_result *r)
{
	return r->opts->system == STANDINGS_GLICKO2;
}

static double
rating(const struct standings_result *r, const struct standings_player *p)
{
	return glicko(r) ? p->gl.r : p->elo;
}

static int
provisional(const struct standings_player *p)
{
	return p->games < RATING_PROVISIONAL;
}

static void
period_words(const struct standings_period *p, char *out, size_t len)
{
	const char *unit = p->unit == 'd' ? "day" : p->unit == 'w' ? "week" :
	    p->unit == 'm' ? "month" : "year";

	snprintf(out, len, "%u %s%s", p->n, unit, p->n == 1 ? "" : "s");
}

static int
vetting(const struct standings_result *r)
{
	return r->club != NULL && (r->club->njudges > 0 ||
	    r->club->members_given);
}

/* Which games the club vouches for, and how many were left out and why:
 * never silently. */
static void
club_line(const struct standings_result *r, struct out *b)
{
	const struct standings_club *c = r->club;
	unsigned left = r->left_judge + r->left_members;
	size_t i;

	say(b, "%s", "Only games");
	for (i = 0; i < c->njudges; i++)
		say(b, "%s%s (%s)", i == 0 ? " judged by " : i + 1 <
		    c->njudges ? ", " : " or ", c->judge[i].idhex,
		    c->judge[i].name);
	if (c->members_given)
		say(b, "%s whose every seat was held by one of %zu members' "
		    "keys", c->njudges > 0 ? "," : "", c->nmembers);
	if (left == 0) {
		say(b, "%s", ": none left out.\n");
		return;
	}
	say(b, ": %u game%s left out (", left, left == 1 ? "" : "s");
	if (c->njudges > 0)
		say(b, "%u judged otherwise%s", r->left_judge,
		    c->members_given ? ", " : "");
	if (c->members_given)
		say(b, "%u with a seat held by a key not a member",
		    r->left_members);
	say(b, "%s", ").\n");
}

/* What was counted, and by which rules: the first lines of every form. */
static void
describe(const struct standings_result *r, struct out *b)
{
	char words[32], first[16], last[16];

	period_words(&r->opts->period, words, sizeof(words));
	say(b, "%u game%s from %u archive%s (%u refused), %u rated.\n",
	    r->games, r->games == 1 ? "" : "s", r->archives,
	    r->archives == 1 ? "" : "s", r->refused, r->rated);
	if (vetting(r))
		club_line(r, b);
	if (glicko(r))
		say(b, "%s", "Glicko-2: start 1500, deviation 350, volatility "
		    "0.06, tau 0.5.\n");
	else
		say(b, "%s", "Elo, IECG/ICCF expectancy: start 1500, K 40, 24 "
		    "from 12 games, 16 from 50.\n");
	say(b, "Rating periods of %s", words);
	if (r->rated > 0) {
		standings_period_start(&r->opts->period, r->first, first,
		    sizeof(first));
		standings_period_start(&r->opts->period, r->last, last,
		    sizeof(last));
		say(b, ": the first from %s, the last from %s", first, last);
	}
	say(b, ".\nA ? marks a provisional rating (fewer than %d rated "
	    "games).\n", RATING_PROVISIONAL);
}

/* --- text --- */

static void
text_table(const struct standings_result *r, const struct standings_table *t,
    struct out *b)
{
	char fig[32], dev[32];
	int w = (int)strlen("player");
	size_t i;

	for (i = 0; i < t->n; i++)
		if ((int)strlen(t->p[i].name) > w)
			w = (int)strlen(t->p[i].name);
	say(b, "\n%s: %u game%s, %u rated\n", t->rules[0] ? t->rules :
	    "every game", t->games, t->games == 1 ? "" : "s", t->rated);
	say(b, "%3s  %-*s  %-16s  %6s%s  %5s %4s %5s %4s | %8s %8s %4s\n",
	    "#", w, "player", "key", "rating", glicko(r) ? "  dev" : "",
	    "games", "won", "drawn", "lost", "finished", "timeouts", "late");
	for (i = 0; i < t->n; i++) {
		const struct standings_player *p = &t->p[i];

		rating_format(fig, sizeof(fig), rating(r, p), 0);
		if (provisional(p))
			strncat(fig, "?", sizeof(fig) - strlen(fig) - 1);
		rating_format(dev, sizeof(dev), p->gl.rd, 0);
		say(b, "%3zu  %-*s  %-16s  %6s", i + 1, w, p->name, p->key,
		    fig);
		if (glicko(r))
			say(b, "  %3s", dev);
		say(b, "  %5u %4u %5u %4u | %8u %8u %4llu\n", p->games,
		    p->won, p->drawn, p->lost, p->finished, p->timeouts,
		    (unsigned long long)p->late);
	}
}

static void
text(const struct standings_result *r, struct out *b)
{
	size_t i;

	say(b, "%s", "Standings: ");
	describe(r, b);
	for (i = 0; i < r->nt; i++)
		text_table(r, &r->t[i], b);
}

/* --- YAML --- */

static void
yaml_player(const struct standings_result *r, const struct standings_player *p,
    size_t rank, struct ydoc_writer *w)
{
	char fig[32];

	ydoc_map_begin(w);
	ydoc_kvf(w, "rank", "%zu", rank);
	ydoc_kv(w, "name", p->name);
	ydoc_kv(w, "key", p->key);
	rating_format(fig, sizeof(fig), rating(r, p), 2);
	ydoc_kv(w, "rating", fig);
	if (glicko(r)) {
		rating_format(fig, sizeof(fig), p->gl.rd, 2);
		ydoc_kv(w, "deviation", fig);
		rating_format(fig, sizeof(fig), p->gl.vol, 5);
		ydoc_kv(w, "volatility", fig);
	}
	ydoc_kv(w, "provisional", provisional(p) ? "yes" : "no");
	ydoc_kvf(w, "games", "%u", p->games);
	ydoc_kvf(w, "won", "%u", p->won);
	ydoc_kvf(w, "drawn", "%u", p->drawn);
	ydoc_kvf(w, "lost", "%u", p->lost);
	ydoc_kvf(w, "finished", "%u", p->finished);
	ydoc_kvf(w, "lost_on_time", "%u", p->timeouts);
	ydoc_kvf(w, "late", "%llu", (unsigned long long)p->late);
	ydoc_map_end(w);
}

/* A seat's outcome in words; "none" in a game not rated (an abort). */
static const char *
outcome(int o)
{
	return o == STANDINGS_WON ? "won" : o == STANDINGS_DRAWN ? "drawn" :
	    o == STANDINGS_LOST ? "lost" : "none";
}

static void
yaml_game(const struct standings_result *r, const struct standings_game *g,
    struct ydoc_writer *w)
{
	char when[32], start[16];
	int i, rated;

	standings_time_format(g->when, when, sizeof(when));
	standings_period_start(&r->opts->period, standings_period_of(
	    &r->opts->period, g->when), start, sizeof(start));
	ydoc_map_begin(w);
	ydoc_kv(w, "id", g->id);
	ydoc_kv(w, "rules", g->rules);
	ydoc_kv(w, "time", when);
	ydoc_kv(w, "period", start);
	ydoc_kv(w, "ended", standings_ending(g->how, &rated));
	ydoc_kv(w, "rated", g->rated ? "yes" : "no");
	ydoc_kvf(w, "entries", "%llu", (unsigned long long)g->entries);
	ydoc_key(w, "seats");
	ydoc_seq_begin(w, 0);
	for (i = 0; i < g->nseats; i++) {
		ydoc_map_begin(w);
		ydoc_kv(w, "name", g->seat[i].name);
		ydoc_kv(w, "player", g->seat[i].player);
		ydoc_kv(w, "key", g->seat[i].key);
		ydoc_kv(w, "outcome", outcome(g->seat[i].outcome));
		ydoc_kvf(w, "late", "%u", g->seat[i].late);
		ydoc_map_end(w);
	}
	ydoc_seq_end(w);
	if (g->nearlier > 0) {
		ydoc_key(w, "held_before");
		ydoc_seq_begin(w, 0);
		for (i = 0; i < g->nearlier; i++) {
			ydoc_map_begin(w);
			ydoc_kv(w, "seat", g->seat[g->earlier[i].seat].name);
			ydoc_kv(w, "player", g->earlier[i].player);
			ydoc_kv(w, "key", g->earlier[i].key);
			ydoc_kvf(w, "late", "%u", g->earlier[i].late);
			ydoc_map_end(w);
		}
		ydoc_seq_end(w);
	}
	ydoc_map_end(w);
}

/* The club's lists (-j, -m) and the games they left out */
static void
yaml_club(const struct standings_result *r, struct ydoc_writer *w)
{
	const struct standings_club *c = r->club;
	size_t i;

	if (c->njudges > 0) {
		ydoc_key(w, "judges");
		ydoc_seq_begin(w, 0);
		for (i = 0; i < c->njudges; i++)
			ydoc_str(w, c->judge[i].idhex);
		ydoc_seq_end(w);
	}
	if (c->members_given)
		ydoc_kvf(w, "members", "%zu", c->nmembers);
	ydoc_kvf(w, "left_out", "%u", r->left_judge + r->left_members);
	if (c->njudges > 0)
		ydoc_kvf(w, "left_not_judged", "%u", r->left_judge);
	if (c->members_given)
		ydoc_kvf(w, "left_not_members", "%u", r->left_members);
}

static int
yaml(const struct standings *s, const struct standings_result *r,
    struct buf *b, struct error *e)
{
	struct ydoc_writer *w;
	char v[16];
	size_t i, k;

	if ((w = ydoc_writer_new(b)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	ydoc_map_begin(w);
	ydoc_kv(w, "standings", "1");
	ydoc_kv(w, "system", glicko(r) ? "glicko2" : "elo");
	snprintf(v, sizeof(v), "%u%c", r->opts->period.n, r->opts->period.unit);
	ydoc_kv(w, "period", v);
	if (r->rated > 0) {
		standings_period_start(&r->opts->period, r->first, v,
		    sizeof(v));
		ydoc_kv(w, "first_period", v);
		standings_period_start(&r->opts->period, r->last, v, sizeof(v));
		ydoc_kv(w, "last_period", v);
	}
	ydoc_kvf(w, "archives", "%u", r->archives);
	ydoc_kvf(w, "refused", "%u", r->refused);
	ydoc_kvf(w, "games", "%u", r->games);
	ydoc_kvf(w, "rated", "%u", r->rated);
	if (vetting(r))
		yaml_club(r, w);
	ydoc_key(w, "tables");
	ydoc_seq_begin(w, 0);
	for (i = 0; i < r->nt; i++) {
		ydoc_map_begin(w);
		ydoc_kv(w, "game", r->t[i].rules[0] ? r->t[i].rules : "all");
		ydoc_kvf(w, "games", "%u", r->t[i].games);
		ydoc_kvf(w, "rated", "%u", r->t[i].rated);
		ydoc_key(w, "players");
		ydoc_seq_begin(w, 0);
		for (k = 0; k < r->t[i].n; k++)
			yaml_player(r, &r->t[i].p[k], k + 1, w);
		ydoc_seq_end(w);
		ydoc_map_end(w);
	}
	ydoc_seq_end(w);
	ydoc_key(w, "games_counted");
	ydoc_seq_begin(w, 0);
	for (i = 0; i < s->n; i++)
		yaml_game(r, &s->g[i], w);
	ydoc_seq_end(w);
	ydoc_map_end(w);
	if (ydoc_writer_end(w) != 0)
		return error_set(e, EXIT_SYSTEM, "cannot write the standings");
	return 0;
}

/* --- HTML --- */

static void
html_table(const struct standings_result *r, const struct standings_table *t,
    struct out *b)
{
	char fig[32];
	size_t i;

	say(b, "%s", "<h2>");
	escaped(b, t->rules[0] ? t->rules : "every game");
	say(b, "</h2>\n<p>%u game%s, %u rated</p>\n<div class=\"wide\">"
	    "<table>\n<thead><tr>"
	    "<th colspan=\"%d\">rating</th><th colspan=\"3\">reliability</th>"
	    "</tr>\n<tr><th>#</th><th>player</th><th>key</th><th>rating</th>"
	    "%s<th>games</th><th>won</th><th>drawn</th><th>lost</th>"
	    "<th>finished</th><th>timeouts</th><th>late</th></tr></thead>\n"
	    "<tbody>\n", t->games, t->games == 1 ? "" : "s", t->rated,
	    glicko(r) ? 9 : 8, glicko(r) ? "<th>dev</th>" : "");
	for (i = 0; i < t->n; i++) {
		const struct standings_player *p = &t->p[i];

		say(b, "<tr><td>%zu</td><td>", i + 1);
		escaped(b, p->name);
		rating_format(fig, sizeof(fig), rating(r, p), 0);
		say(b, "</td><td class=\"key\">%s</td><td>%s%s</td>",
		    p->key, fig, provisional(p) ? "?" : "");
		if (glicko(r)) {
			rating_format(fig, sizeof(fig), p->gl.rd, 0);
			say(b, "<td>%s</td>", fig);
		}
		say(b, "<td>%u</td><td>%u</td><td>%u</td><td>%u</td>"
		    "<td class=\"apart\">%u</td><td>%u</td><td>%llu</td></tr>\n",
		    p->games, p->won, p->drawn, p->lost, p->finished,
		    p->timeouts, (unsigned long long)p->late);
	}
	say(b, "%s", "</tbody>\n</table></div>\n");
}

static void
html(const struct standings_result *r, struct out *b)
{
	struct buf words;
	struct out w = { &words, 0 };
	char *line, *nl;
	size_t i;

	buf_init(&words);
	describe(r, &w);
	if (buf_cstr(&words) != 0)
		w.bad = 1;
	b->bad |= w.bad;
	say(b, "%s", "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	    "<meta charset=\"utf-8\">\n<meta http-equiv=\"Content-Security-"
	    "Policy\" content=\"default-src 'none'; style-src "
	    "'unsafe-inline'\">\n<meta name=\"viewport\" content=\""
	    "width=device-width, initial-scale=1\">\n"
	    "<title>Standings</title>\n<style>\n"
	    "body { font-family: sans-serif; margin: 2em; }\n"
	    ".wide { overflow-x: auto; }\n"
	    "table { border-collapse: collapse; }\n"
	    "th, td { padding: 0.2em 0.6em; text-align: right; }\n"
	    "td:nth-child(2), td.key { text-align: left; }\n"
	    "td.key { font-family: monospace; }\n"
	    "td.apart { border-left: 2px solid #888; }\n"
	    "tbody tr:nth-child(odd) { background: #f2f2f2; }\n"
	    "</style>\n</head>\n<body>\n<h1>Standings</h1>\n<p>");
	/* the lines of the description, as lines */
	for (line = (char *)words.data; !w.bad && *line != '\0'; line = nl + 1) {
		if ((nl = strchr(line, '\n')) == NULL)
			break;
		*nl = '\0';
		escaped(b, line);
		say(b, "%s", nl[1] != '\0' ? "<br>\n" : "");
	}
	say(b, "%s", "</p>\n");
	buf_free(&words);
	for (i = 0; i < r->nt; i++)
		html_table(r, &r->t[i], b);
	say(b, "%s", "</body>\n</html>\n");
}

int
standings_write(const struct standings *s, const struct standings_result *r,
    struct buf *b, struct error *e)
{
	struct out o = { b, 0 };
	size_t before = b->len;

	switch (r->opts->format) {
	case STANDINGS_YAML:
		return yaml(s, r, b, e);
	case STANDINGS_HTML:
		html(r, &o);
		break;
	default:
		text(r, &o);
		break;
	}
	if (o.bad) {
		b->len = before;
		return error_set(e, EXIT_SYSTEM, "out of memory");
	}
	return 0;
}
