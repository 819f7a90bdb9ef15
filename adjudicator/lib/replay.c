/*
 * The replay page.  See replay.h and formats/replay.md.  archive_verify
 * hands each position to position(), which keeps its picture and words
 * in a buffer; the page is put together only once the whole archive has
 * verified, so a refused archive yields its error and no page.
 */
#include <stdio.h>
#include <string.h>

#include "archive.h"
#include "match.h"
#include "replay.h"
#include "svg.h"
#include "view.h"
#include "view_last.h"

struct replay {
	int		 viewer;	/* -1, or VIEW_ALL (replay -a) */
	struct buf	 pos;		/* a <section> per position */
	struct buf	 setups;	/* the end: every setup as opened */
	struct buf	 title;
	uint64_t	 last;		/* the last position's seq */
};

/* The page's own style and script: no name in them comes from the game. */
static const char style[] =
"body{font-family:sans-serif;margin:1em auto;max-width:60em;padding:0 1em;"
"background:#fbf8f1;color:#1a1a1a}\n"
"h1{font-size:1.3em}h2{font-size:1.1em}\n"
"pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f1ebdd;"
"padding:.5em}\n"
"nav{position:sticky;top:0;background:#fbf8f1;padding:.4em 0}\n"
"nav button{font-size:1em;margin-right:.3em}\n"
"#at{margin-left:.6em;font-weight:bold}\n"
".entry{font-weight:bold}\n"
".pos svg{max-width:100%;height:auto}\n"
".js .pos{display:none}.js .pos.on{display:block}\n"
".js #setups{display:none}.js #setups.on{display:block}\n"
"table{border-collapse:collapse}td,th{border:1px solid #b8a98a;"
"padding:.15em .5em;text-align:left}\n";

static const char script[] =
"(function(){\n"
"var d=document,p=d.querySelectorAll('.pos'),n=p.length,at=0,\n"
"lab=d.getElementById('at'),end=d.getElementById('setups');\n"
"d.documentElement.className='js';\n"
"function show(i){\n"
" if(i<0)i=0;if(i>n-1)i=n-1;\n"
" p[at].classList.remove('on');at=i;p[at].classList.add('on');\n"
" if(end)end.classList.toggle('on',at===n-1);\n"
" lab.textContent='position '+at+' of '+(n-1);\n"
" if(location.hash!=='#'+at)try{history.replaceState(null,'','#'+at);}"
"catch(x){}\n"
"}\n"
"function fromHash(){var m=/^#([0-9]+)$/.exec(location.hash);"
"show(m?parseInt(m[1],10):0);}\n"
"d.getElementById('first').onclick=function(){show(0);};\n"
"d.getElementById('prev').onclick=function(){show(at-1);};\n"
"d.getElementById('next').onclick=function(){show(at+1);};\n"
"d.getElementById('last').onclick=function(){show(n-1);};\n"
"d.addEventListener('keydown',function(e){\n"
" if(e.altKey||e.ctrlKey||e.metaKey)return;\n"
" var k={ArrowLeft:at-1,ArrowRight:at+1,Home:0,End:n-1}[e.key];\n"
" if(k===undefined)return;e.preventDefault();show(k);});\n"
"window.addEventListener('hashchange',fromHash);fromHash();\n"
"})();\n";

void
replay_escape(struct buf *b, const char *s)
{
	svg_escape(b, s);	/* the same five characters */
}

/* The words of entry 0: the game and who plays it. */
static void
header_words(const struct match *m, struct buf *b)
{
	char role[80];
	int i;

	buf_printf(b, "the invitation: %s, %s, between ", m->rules->name,
	    m->judge_mode ? "judged" : "peer to peer");
	for (i = 0; i < m->nseats; i++) {
		match_role(m, i, role, sizeof(role));
		buf_printf(b, "%s%s%s%s%s", i == 0 ? "" : i + 1 == m->nseats ?
		    " and " : ", ", m->seat[i].name, role[0] ? " (" : "", role,
		    role[0] ? ")" : "");
	}
	if (m->judge_mode)
		buf_printf(b, "; judge %s.", m->judge.name);
	else
		buf_adds(b, ".");
}

static int
position(void *arg, const struct match *m, struct error *e)
{
	struct replay *r = arg;
	struct buf words, svg;
	const char *p;
	int rc = -1;

	buf_init(&words);
	buf_init(&svg);
	if (m->seq == 0)
		header_words(m, &words);	/* "Entry 0: the invitation" */
	else
		buf_printf(&words, ", by %s: %s.", match_author_name(m,
		    m->last_by), m->what);
	if (view_svg(m, r->viewer, &svg, e) != 0)
		goto done;
	buf_cstr(&svg);
	/* inline, the picture goes without its XML declaration */
	p = (const char *)svg.data;
	if (strncmp(p, "<?xml", 5) == 0 && strchr(p, '\n') != NULL)
		p = strchr(p, '\n') + 1;
	buf_printf(&r->pos, "<section class=\"pos\" id=\"e%llu\">\n<p "
	    "class=\"entry\">Entry %llu%s", (unsigned long long)m->seq,
	    (unsigned long long)m->seq, m->seq == 0 ? ": " : "");
	buf_cstr(&words);
	replay_escape(&r->pos, (const char *)words.data);
	buf_adds(&r->pos, "</p>\n");
	if (buf_adds(&r->pos, p) != 0 || buf_adds(&r->pos, "</section>\n") !=
	    0) {
		error_set(e, EXIT_SYSTEM, "out of memory");
		goto done;
	}
	r->last = m->seq;
	rc = 0;
done:
	buf_free(&words);
	buf_free(&svg);
	return rc;
}

/* Every seat's setup, as the transcript opened it; a game under way
 * shows none (what is opened so far is in the pictures). */
static int
end(void *arg, const struct match *m, struct error *e)
{
	struct replay *r = arg;
	const struct match_seat *s;
	int i, k, any = 0;

	replay_escape(&r->title, m->rules->name);
	buf_printf(&r->title, " game %.16s", m->game_hex);
	if (match_phase(m) != MATCH_CLOSED) {
		buf_adds(&r->title, ", so far");
		if (buf_adds(&r->setups, "<section id=\"setups\">\n<h2>The "
		    "game goes on</h2>\n<p>Every setup is opened, and "
		    "shown here, at its end.</p>\n</section>\n") != 0)
			return error_set(e, EXIT_SYSTEM, "out of memory");
		return 0;
	}
	buf_adds(&r->setups, "<section id=\"setups\">\n<h2>The setups, as "
	    "opened</h2>\n");
	for (i = 0; i < m->nseats; i++) {
		s = &m->seat[i];
		if (s->pieces.n == 0)
			continue;
		any = 1;
		buf_adds(&r->setups, "<h3>");
		replay_escape(&r->setups, s->name);
		buf_adds(&r->setups, "</h3>\n<table><tr><th>piece</th><th>"
		    "value</th><th>opened in entry</th></tr>\n");
		for (k = 0; k < s->pieces.n; k++) {
			buf_adds(&r->setups, "<tr><td>");
			replay_escape(&r->setups, s->pieces.id[k]);
			buf_adds(&r->setups, "</td><td>");
			replay_escape(&r->setups, s->opened[k] ?
			    s->pieces.value[k] : "not opened");
			if (s->opened[k])
				buf_printf(&r->setups, "</td><td>%u",
				    s->opened_seq[k]);
			else
				buf_adds(&r->setups, "</td><td>");
			buf_adds(&r->setups, "</td></tr>\n");
		}
		buf_adds(&r->setups, "</table>\n");
	}
	if (!any)
		buf_adds(&r->setups, "<p>Nothing in this game is "
		    "hidden.</p>\n");
	if (buf_adds(&r->setups, "</section>\n") != 0)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	return 0;
}

static int
page(const struct replay *r, const struct buf *verified, struct buf *b)
{
	int bad = 0;

	bad |= buf_adds(b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	    "<meta charset=\"utf-8\">\n"
	    "<meta http-equiv=\"Content-Security-Policy\" content=\""
	    "default-src 'none'; style-src 'unsafe-inline'; "
	    "script-src 'unsafe-inline'; form-action 'none'; "
	    "base-uri 'none'\">\n"
	    "<meta name=\"viewport\" content=\"width=device-width, "
	    "initial-scale=1\">\n<title>");
	bad |= buf_add(b, r->title.data, r->title.len);
	bad |= buf_adds(b, ": replay</title>\n<style>\n");
	bad |= buf_adds(b, style);
	bad |= buf_adds(b, "</style>\n</head>\n<body>\n<h1>");
	bad |= buf_add(b, r->title.data, r->title.len);
	bad |= buf_adds(b, "</h1>\n<pre id=\"verified\">adjudicator "
	    "verify:\n");
	replay_escape(b, (const char *)verified->data);
	bad |= buf_adds(b, "</pre>\n<nav><button id=\"first\" title=\"Home\">"
	    "|&lt; first</button><button id=\"prev\" title=\"Left arrow\">&lt; "
	    "previous</button><button id=\"next\" title=\"Right arrow\">"
	    "next &gt;</button><button id=\"last\" title=\"End\">last "
	    "&gt;|</button>");
	bad |= buf_printf(b, "<span id=\"at\">positions 0 to %llu</span>"
	    "</nav>\n", (unsigned long long)r->last);
	bad |= buf_add(b, r->pos.data, r->pos.len);
	bad |= buf_add(b, r->setups.data, r->setups.len);
	bad |= buf_adds(b, "<script>\n");
	bad |= buf_adds(b, script);
	bad |= buf_adds(b, "</script>\n</body>\n</html>\n");
	return bad;
}

static int
page_of(FILE *f, const char *name, int threads, int unfinished,
    const struct game_setup *const *reveal, struct buf *b, struct error *e)
{
	struct archive_progress hooks;
	struct replay r;
	struct buf verified;
	int rc, s;

	memset(&r, 0, sizeof(r));
	r.viewer = reveal != NULL ? VIEW_ALL : -1;
	buf_init(&r.pos);
	buf_init(&r.setups);
	buf_init(&r.title);
	buf_init(&verified);
	memset(&hooks, 0, sizeof(hooks));
	hooks.entry = position;
	hooks.end = end;
	hooks.arg = &r;
	hooks.unfinished = unfinished;
	for (s = 0; reveal != NULL && s < GAME_MAX_SEATS; s++)
		hooks.reveal[s] = reveal[s];
	rc = archive_verify(f, name, threads, &hooks, &verified, e);
	if (rc == 0 && (buf_cstr(&verified) != 0 || page(&r, &verified,
	    b) != 0 || buf_cstr(b) != 0))
		rc = error_set(e, EXIT_SYSTEM, "out of memory");
	buf_free(&r.pos);
	buf_free(&r.setups);
	buf_free(&r.title);
	buf_free(&verified);
	return rc;
}

/* --- the move list --- */

/* A tag line, [Name "value"], the value's quotes and backslashes
 * escaped as PGN has them. */
static void
tag(struct buf *b, const char *name, const char *value)
{
	buf_printf(b, "[%s \"", name);
	for (; *value != '\0'; value++)
		buf_printf(b, "%s%c", *value == '"' || *value == '\\' ? "\\" :
		    "", *value);
	buf_adds(b, "\"]\n");
}

static int
move_line(void *arg, const struct match *m, struct error *e)
{
	struct buf *b = arg;
	char role[80], seats[400];
	size_t n = 0;
	int i;

	if (m->seq > 0)
		return buf_printf(b, "%4llu. %s: %s\n", (unsigned long long)
		    m->seq, match_author_name(m, m->last_by), m->what) != 0 ?
		    error_set(e, EXIT_SYSTEM, "out of memory") : 0;
	tag(b, "Game", m->rules->name);
	tag(b, "Id", m->game_hex);
	tag(b, "Mode", m->judge_mode ? "judged" : "peer to peer");
	seats[0] = '\0';
	for (i = 0; i < m->nseats && n < sizeof(seats); i++) {
		match_role(m, i, role, sizeof(role));
		n += (size_t)snprintf(seats + n, sizeof(seats) - n, "%s%s%s%s%s",
		    i ? ", " : "", m->seat[i].name, role[0] ? " (" : "", role,
		    role[0] ? ")" : "");
	}
	tag(b, "Seats", seats);
	if (m->judge_mode)
		tag(b, "Judge", m->judge.name);
	buf_adds(b, "\n");
	return 0;
}

/* The move list without the judge's bare stamps (show -f moves, unless
 * -a): the entries a member reads as the game's. */
static int
move_shown(void *arg, const struct match *m, struct error *e)
{
	return m->seq > 0 && view_last_stamp(m) ? 0 : move_line(arg, m, e);
}

static int
move_end(void *arg, const struct match *m, struct error *e)
{
	struct buf *b = arg;
	struct buf r;
	int next = match_next_author(m);

	(void)e;
	buf_init(&r);
	if (match_phase(m) == MATCH_CLOSED)
		view_result(m, &r);
	buf_cstr(&r);
	if (r.len > 0)
		buf_printf(b, "\nresult: %s\n", (char *)r.data);
	else
		buf_printf(b, "\nin progress: %s to act\n", next >= 0 ||
		    next == GAME_JUDGE ? match_author_name(m, next) : "nobody");
	buf_free(&r);
	return 0;
}

int
replay_so_far(FILE *f, const char *name, int threads, enum replay_what what,
    struct buf *b, struct error *e)
{
	struct archive_progress hooks;
	struct buf checked;
	int rc;

	if (what == REPLAY_PAGE)
		return page_of(f, name, threads, 1, NULL, b, e);
	memset(&hooks, 0, sizeof(hooks));
	hooks.entry = what == REPLAY_MOVES_ALL ? move_line : move_shown;
	hooks.end = move_end;
	hooks.arg = b;
	hooks.unfinished = 1;
	buf_init(&checked);
	rc = archive_verify(f, name, threads, &hooks, &checked, e);
	buf_free(&checked);
	return rc;
}

int
replay_page(FILE *f, const char *name, int threads, struct buf *b,
    struct error *e)
{
	return page_of(f, name, threads, 0, NULL, b, e);
}

/* The first pass of replay -a: every setup, as the finished game opened
 * them. */
static int
setups_of(void *arg, const struct match *m, struct error *e)
{
	struct game_setup *all = arg;
	int s, k;

	if (match_phase(m) != MATCH_CLOSED)
		return error_set(e, EXIT_REFUSED, "every piece from the start "
		    "is a finished game's: this one goes on");
	for (s = 0; s < m->nseats; s++) {
		all[s] = m->seat[s].pieces;
		for (k = 0; k < all[s].n; k++)
			if (!m->seat[s].opened[k])
				all[s].value[k][0] = '\0';
	}
	return 0;
}

int
replay_page_all(const uint8_t *data, size_t len, const char *name,
    int threads, struct buf *b, struct error *e)
{
	struct game_setup all[GAME_MAX_SEATS];
	const struct game_setup *reveal[GAME_MAX_SEATS];
	struct archive_progress hooks;
	struct buf checked;
	FILE *f;
	int rc, s;

	memset(all, 0, sizeof(all));
	memset(&hooks, 0, sizeof(hooks));
	hooks.end = setups_of;
	hooks.arg = all;
	hooks.unfinished = 1;	/* setups_of says why a game under way is not */
	buf_init(&checked);
	if ((f = fmemopen((void *)data, len, "r")) == NULL)
		return error_errno(e, "%s", name);
	rc = archive_verify(f, name, threads, &hooks, &checked, e);
	fclose(f);
	buf_free(&checked);
	if (rc != 0)
		return -1;
	for (s = 0; s < GAME_MAX_SEATS; s++)
		reveal[s] = &all[s];
	if ((f = fmemopen((void *)data, len, "r")) == NULL)
		return error_errno(e, "%s", name);
	rc = page_of(f, name, threads, 0, reveal, b, e);
	fclose(f);
	return rc;
}
