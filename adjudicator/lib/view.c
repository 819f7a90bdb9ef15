/*
 * Views.  See view.h.  The rules draw the board with a ctx that knows
 * what the viewer knows; everything around the board (whose turn, the
 * result, scores, obligations) is the match's and written here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match_int.h"
#include "opening.h"
#include "seed.h"
#include "svg.h"
#include "view.h"
#include "view_last.h"
#include "when.h"
#include "ydoc.h"

static const char *
phase_name(enum match_phase p)
{
	static const char *const names[] = { "setup", "play", "final",
	    "closed", "seed" };

	return names[p];
}

static int
ctx_viewer(int viewer)
{
	return viewer >= 0 ? viewer : MATCH_PUBLIC;
}

void
view_result(const struct match *m, struct buf *b)
{
	struct game_result r;
	int i, first = 1;

	match_result(m, &r);
	if (!r.over)
		return;
	if (r.cheated[GAME_MAX_SEATS]) {
		buf_printf(b, "void (%s)", r.why);
		return;
	}
	if (r.draw) {
		buf_printf(b, "a draw (%s)", r.why);
		return;
	}
	if (m->aborted) {
		buf_printf(b, "no result (%s)", r.why);
		return;
	}
	for (i = 0; i < m->nseats; i++)
		if (r.winner[i]) {
			buf_printf(b, "%s%s", first ? "" : " and ",
			    m->seat[i].name);
			first = 0;
		}
	if (first)
		buf_adds(b, "no one");
	buf_printf(b, " won%s%s%s", r.why[0] ? " (" : "", r.why,
	    r.why[0] ? ")" : "");
}

void
view_scores(const struct match *m, struct buf *b)
{
	struct game_result r;
	int i;

	match_result(m, &r);
	if (!r.scored)
		return;
	buf_adds(b, "Score:");
	if (r.nscores > 0)
		for (i = 0; i < r.nscores; i++)
			buf_printf(b, "%s %s %ld", i ? "," : "",
			    r.scores[i].label, r.scores[i].points);
	else
		for (i = 0; i < m->nseats; i++)
			buf_printf(b, "%s %s %ld", i ? "," : "", m->seat[i].name,
			    r.score[i]);
	buf_adds(b, ".\n");
}

static void
waiting(const struct match *m, struct buf *b)
{
	const struct game_needs *n = &m->pending_needs;
	char piece[GAME_ID + 64];
	int i, s, k;

	if (!m->pending)
		return;
	for (i = 0; i < n->n; i++) {
		s = n->p[i].seat;
		k = match_piece_index(m, s, n->p[i].id);
		if (k < 0 || m->seat[s].opened[k])
			continue;
		owed_piece(m, s, n->p[i].id, m->judge_mode ? OWED_OWNER :
		    OWED_PLAIN, piece, sizeof(piece));
		buf_printf(b, "Waiting: %s must open %s.\n", m->judge_mode ?
		    "the judge" : m->seat[s].name, piece);
	}
	if (n->claim_by >= 0 && !m->claim_made)
		buf_printf(b, "Waiting: %s owes the %s.\n", m->judge_mode ?
		    "the judge" : match_author_name(m, n->claim_by), n->claim);
}

/* Whether any seat has hidden pieces (knights has none). */
static int
has_setups(const struct match *m)
{
	int i;

	for (i = 0; i < m->nseats; i++)
		if (m->seat[i].pieces.n > 0)
			return 1;
	return 0;
}

void
view_summary(const struct match *m, struct buf *b)
{
	int next = match_next_author(m);

	buf_printf(b, "%s, game %.16s, entry %llu\n", m->rules->name,
	    m->game_hex, (unsigned long long)m->seq);
	buf_printf(b, "Last: %s.\n", view_last(m));
	if (match_over(m)) {
		buf_adds(b, "Game over: ");
		view_result(m, b);
		buf_adds(b, ".\n");
	}
	view_scores(m, b);
	waiting(m, b);
	if (m->draw_offer >= 0)
		buf_printf(b, "Draw offered by %s: %s must accept or decline.\n",
		    m->seat[m->draw_offer].name,
		    m->seat[(m->draw_offer + 1) % m->nseats].name);
	seed_line(m, b);
	switch (match_phase(m)) {
	case MATCH_SEED:
		break;	/* seed_line says whose share is due */
	case MATCH_SETUP:
		buf_printf(b, "Next: %s's setup.\n", match_author_name(m, next));
		break;
	case MATCH_PLAY:
		if (!m->pending)
			buf_printf(b, "To act: %s.\n",
			    match_author_name(m, next));
		break;
	case MATCH_FINAL:
		buf_printf(b, "Next: %s's final openings.\n",
		    match_author_name(m, next));
		break;
	case MATCH_CLOSED:
		buf_adds(b, has_setups(m) ? "Closed: every setup is open; "
		    "verify the export.\n" : "Closed: the game is over; "
		    "verify the export.\n");
		break;
	}
	view_clock(m, when_now(), b);
}

/* The mail addresses the header gives, when it gives any. */
static void
addresses(const struct match *m, struct buf *b)
{
	const char *sep = "Mail:";
	int i;

	for (i = 0; i < m->nseats; i++)
		if (m->seat[i].address[0] != '\0') {
			buf_printf(b, "%s %s <%s>", sep, m->seat[i].name,
			    m->seat[i].address);
			sep = ",";
		}
	if (m->judge_address[0] != '\0') {
		buf_printf(b, "%s judge <%s>", sep, m->judge_address);
		sep = ",";
	}
	if (sep[0] == ',')
		buf_adds(b, ".\n");
	for (i = 0; i < m->watch.n; i++)
		buf_printf(b, "%s%s", i ? ", " : "Observers: ",
		    m->watch.address[i]);
	if (m->watch.n > 0 || m->watch.open)
		buf_printf(b, "%s%s\n", m->watch.n > 0 ? "." : "",
		    m->watch.open ? m->watch.n > 0 ? "  Anyone may ask to "
		    "watch." : "Anyone may ask the judge to watch." : "");
}

/*
 * The view of viewer, the board as board_of sees it: viewer's own view,
 * or (a mail's summary) the public board addressed to viewer, with no
 * example drawn from what viewer knows.
 */
static void
text_at(const struct match *m, int viewer, int board_of,
    const struct view_place *p, struct buf *b)
{
	struct game_ctx c;
	struct match_ctx a;
	struct view_next v;
	char role[80];

	if (viewer >= 0 && viewer < m->nseats) {
		match_role(m, viewer, role, sizeof(role));
		buf_printf(b, "You are %s (seat %d of %d%s%s).\n",
		    m->seat[viewer].name, viewer + 1, m->nseats,
		    role[0] ? ", " : "", role);
	}
	/* the seats' mail addresses are for the seats: the view nobody
	 * owns (an observer's mail, show -f public) goes without them */
	if (viewer >= 0 || board_of >= 0)
		addresses(m, b);
	match_ctx_init(&c, &a, m, ctx_viewer(board_of));
	buf_adds(b, "\n");
	if (m->seed.on && !m->seed.drawn)
		buf_adds(b, "No board yet: it is drawn from the seed once "
		    "every share is in.\n");
	else
		m->rules->render(m->state, board_of, &c, b);
	buf_adds(b, "\n");
	view_summary(m, b);
	view_next_at(m, viewer, p, &v);
	if (v.say[0] == '\0')
		return;
	buf_printf(b, "%s: %s\n", v.say, v.command);
	if (v.example[0] != '\0' && board_of == viewer)
		buf_printf(b, "For example: %s\n", v.example);
	if (v.note[0] != '\0')
		buf_wrap(b, v.note);
}

void
view_text_at(const struct match *m, int viewer, const struct view_place *p,
    struct buf *b)
{
	text_at(m, viewer, viewer, p, b);
}

void
view_text(const struct match *m, int viewer, const char *dir,
    struct buf *b)
{
	struct view_place p = { dir, NULL, 0 };

	view_text_at(m, viewer, &p, b);
}

void
view_text_public(const struct match *m, int viewer, const char *dir,
    struct buf *b)
{
	struct view_place p = { dir, NULL, 0 };

	text_at(m, viewer, -1, &p, b);
}

static void
yaml_result(const struct match *m, struct ydoc_writer *w)
{
	struct game_result r;
	int i;

	match_result(m, &r);
	ydoc_key(w, "result");
	ydoc_map_begin(w);
	ydoc_kv(w, "over", r.over ? "yes" : "no");
	if (r.over) {
		ydoc_kv(w, "draw", r.draw ? "yes" : "no");
		ydoc_key(w, "winners");
		ydoc_seq_begin(w, 1);
		for (i = 0; i < m->nseats; i++)
			if (r.winner[i])
				ydoc_str(w, m->seat[i].name);
		ydoc_seq_end(w);
		ydoc_kv(w, "why", r.why);
	}
	if (r.cheated[0] || r.cheated[1] || r.cheated[2] || r.cheated[3] ||
	    r.cheated[GAME_MAX_SEATS]) {
		ydoc_key(w, "cheated");
		ydoc_seq_begin(w, 1);
		for (i = 0; i < m->nseats; i++)
			if (r.cheated[i])
				ydoc_str(w, m->seat[i].name);
		if (r.cheated[GAME_MAX_SEATS])
			ydoc_str(w, "judge");
		ydoc_seq_end(w);
	}
	if (r.scored) {
		ydoc_key(w, "scores");
		ydoc_map_begin(w);
		for (i = 0; i < m->nseats; i++)
			ydoc_kvf(w, m->seat[i].name, "%ld", r.score[i]);
		for (i = 0; i < r.nscores; i++)
			ydoc_kvf(w, r.scores[i].label, "%ld",
			    r.scores[i].points);
		ydoc_map_end(w);
	}
	ydoc_map_end(w);
}

static void
yaml_obligations(const struct match *m, struct ydoc_writer *w)
{
	const struct game_needs *n = &m->pending_needs;
	char sq[5];
	int i, s, k;

	ydoc_key(w, "obligations");
	ydoc_seq_begin(w, 0);
	for (i = 0; m->pending && i < n->n; i++) {
		s = n->p[i].seat;
		k = match_piece_index(m, s, n->p[i].id);
		if (k < 0 || m->seat[s].opened[k])
			continue;
		ydoc_map_begin(w);
		ydoc_kv(w, "seat", m->seat[s].name);
		ydoc_kv(w, "piece", n->p[i].id);
		if (m->rules->piece_square != NULL &&
		    m->rules->piece_square(m->state, s, n->p[i].id, sq) >= 0)
			ydoc_kv(w, "square", sq);
		ydoc_map_end(w);
	}
	if (m->pending && n->claim_by >= 0 && !m->claim_made) {
		ydoc_map_begin(w);
		ydoc_kv(w, "seat", match_author_name(m, n->claim_by));
		ydoc_kv(w, "claim", n->claim);
		ydoc_map_end(w);
	}
	ydoc_seq_end(w);
}

static void
yaml_addresses(const struct match *m, struct ydoc_writer *w)
{
	int i, any = m->judge_address[0] != '\0';

	for (i = 0; i < m->nseats; i++)
		any |= m->seat[i].address[0] != '\0';
	if (!any)
		return;
	ydoc_key(w, "addresses");
	ydoc_map_begin(w);
	for (i = 0; i < m->nseats; i++)
		if (m->seat[i].address[0] != '\0')
			ydoc_kv(w, m->seat[i].name, m->seat[i].address);
	if (m->judge_address[0] != '\0')
		ydoc_kv(w, "judge", m->judge_address);
	ydoc_map_end(w);
	if (m->watch.open)
		ydoc_kv(w, "watch", "yes");
	if (m->watch.n == 0)
		return;
	ydoc_key(w, "observers");
	ydoc_seq_begin(w, 1);
	for (i = 0; i < m->watch.n; i++)
		ydoc_str(w, m->watch.address[i]);
	ydoc_seq_end(w);
}

static void
yaml_next(const struct match *m, int viewer, const struct view_place *p,
    struct ydoc_writer *w)
{
	struct view_next v;

	view_next_at(m, viewer, p, &v);
	if (v.say[0] == '\0')
		return;
	ydoc_key(w, "to_do");
	ydoc_map_begin(w);
	ydoc_kv(w, "say", v.say);
	ydoc_kv(w, "command", v.command);
	if (v.example[0] != '\0')
		ydoc_kv(w, "example", v.example);
	if (v.note[0] != '\0')
		ydoc_kv(w, "note", v.note);
	ydoc_map_end(w);
}

int
view_yaml(const struct match *m, int viewer, const char *dir, struct buf *b,
    struct error *e)
{
	struct view_place p = { dir, NULL, 0 };

	return view_yaml_at(m, viewer, &p, b, e);
}

int
view_yaml_at(const struct match *m, int viewer, const struct view_place *p,
    struct buf *b, struct error *e)
{
	struct ydoc_writer *w;
	struct game_ctx c;
	struct match_ctx a;
	char role[80];
	int next = match_next_author(m), i;

	if ((w = ydoc_writer_new(b)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	ydoc_map_begin(w);
	ydoc_kv(w, "game", m->game_hex);
	ydoc_kv(w, "rules", m->rules->name);
	ydoc_kvf(w, "seq", "%llu", (unsigned long long)m->seq);
	if (viewer >= 0 && viewer < m->nseats) {
		ydoc_kv(w, "seat", m->seat[viewer].name);
		match_role(m, viewer, role, sizeof(role));
		if (role[0] != '\0')
			ydoc_kv(w, "role", role);
	}
	ydoc_key(w, "seats");
	ydoc_seq_begin(w, 1);
	for (i = 0; i < m->nseats; i++)
		ydoc_str(w, m->seat[i].name);
	ydoc_seq_end(w);
	yaml_addresses(m, w);
	ydoc_kv(w, "phase", phase_name(match_phase(m)));
	ydoc_kv(w, "next", next >= 0 ? match_author_name(m, next) : "none");
	ydoc_kv(w, "last", view_last(m));
	yaml_obligations(m, w);
	if (m->draw_offer >= 0)
		ydoc_kv(w, "draw_offer", m->seat[m->draw_offer].name);
	yaml_result(m, w);
	view_clock_yaml(m, when_now(), w);
	yaml_next(m, viewer, p, w);
	seed_yaml(m, w);
	match_ctx_init(&c, &a, m, ctx_viewer(viewer));
	if (!m->seed.on || m->seed.drawn) {
		ydoc_key(w, "board");
		ydoc_map_begin(w);
		m->rules->view(m->state, viewer, &c, w);
		ydoc_map_end(w);
	}
	ydoc_map_end(w);
	if (ydoc_writer_end(w) != 0)
		return error_set(e, EXIT_SYSTEM, "cannot write the view");
	return 0;
}

/* The summary's lines under the picture, each with a class saying what
 * it is; the first (the game and entry) is the title already. */
static void
svg_summary(const struct match *m, struct svg *g)
{
	static const struct {
		const char	*prefix, *class;
	} kinds[] = {
		{ "Last:", "last" }, { "Game over:", "result" },
		{ "Score:", "score" }, { NULL, "summary" }
	};
	struct buf b;
	char *line, *nl;
	int k;

	buf_init(&b);
	view_summary(m, &b);
	buf_cstr(&b);
	line = strchr((char *)b.data, '\n');
	for (line = line != NULL ? line + 1 : NULL; line != NULL &&
	    *line != '\0'; line = nl + 1) {
		if ((nl = strchr(line, '\n')) == NULL)
			nl = line + strlen(line) - 1;
		else
			*nl = '\0';
		for (k = 0; kinds[k].prefix != NULL; k++)
			if (strncmp(line, kinds[k].prefix,
			    strlen(kinds[k].prefix)) == 0)
				break;
		svg_line(g, kinds[k].class, line);
	}
	buf_free(&b);
}

int
view_svg(const struct match *m, int viewer, struct buf *b, struct error *e)
{
	struct game_ctx c;
	struct match_ctx a;
	struct svg g;
	char title[160], role[80];

	if (m->rules->svg == NULL)
		return error_set(e, EXIT_USAGE, "%s has no svg picture",
		    m->rules->name);
	if (viewer >= 0 && viewer < m->nseats) {
		match_role(m, viewer, role, sizeof(role));
		snprintf(title, sizeof(title), "%s: %s's view%s%s%s, entry "
		    "%llu", m->rules->name, m->seat[viewer].name, role[0] ?
		    " (" : "", role, role[0] ? ")" : "",
		    (unsigned long long)m->seq);
	} else
		snprintf(title, sizeof(title), "%s: %s, entry %llu",
		    m->rules->name, viewer == VIEW_ALL ? "every piece" :
		    "the public view", (unsigned long long)m->seq);
	match_ctx_init(&c, &a, m, viewer == VIEW_ALL ? MATCH_KNOWN :
	    ctx_viewer(viewer));
	svg_begin(&g, b, title);
	if (!m->seed.on || m->seed.drawn)
		m->rules->svg(m->state, viewer == VIEW_ALL ? -1 : viewer, &c,
		    m->last_action_seq > 0 ? &m->last_act : NULL, &g);
	svg_summary(m, &g);
	svg_end(&g);
	return 0;
}
