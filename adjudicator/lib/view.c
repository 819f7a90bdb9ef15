/*
 * Views.  See view.h.  The rules draw the board with a ctx that knows
 * what the viewer knows; everything around the board (whose turn, the
 * result, scores, obligations) is the match's and written here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "holder.h"
#include "mail.h"
#include "match_int.h"
#include "rng.h"
#include "root.h"
#include "svg.h"
#include "view.h"
#include "view_last.h"
#include "when.h"
#include "ydoc.h"

static const char *
phase_name(enum match_phase p)
{
	static const char *const names[] = { "setup", "play", "final",
	    "closed" };

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
	int i, s, k;

	if (!m->pending)
		return;
	for (i = 0; i < n->n; i++) {
		s = n->p[i].seat;
		k = match_piece_index(m, s, n->p[i].id);
		if (k >= 0 && !m->seat[s].opened[k])
			buf_printf(b, "Waiting: %s must open %s.\n",
			    m->judge_mode ? "the judge" : m->seat[s].name,
			    n->p[i].id);
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
	switch (match_phase(m)) {
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

/* The seat owes only a claim (topogic's score), no opening. */
static int
owes_claim_only(const struct match *m, int seat)
{
	const struct game_needs *n = &m->pending_needs;
	int i, k;

	if (n->claim_by != seat || m->claim_made)
		return 0;
	for (i = 0; i < n->n; i++) {
		k = match_piece_index(m, n->p[i].seat, n->p[i].id);
		if (n->p[i].seat == seat && k >= 0 &&
		    !m->seat[seat].opened[k])
			return 0;
	}
	return 1;
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

/* dir as the shell takes it: quoted when it needs to be. */
static void
shell_word(const char *dir, char *out, size_t len)
{
	size_t n = 0;

	if (dir[0] != '\0' && strspn(dir, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "abcdefghijklmnopqrstuvwxyz0123456789_./,:@%+=-") == strlen(dir)) {
		snprintf(out, len, "%s", dir);
		return;
	}
	if (len < 3)
		return;
	out[n++] = '\'';
	for (; *dir != '\0' && n + 5 < len; dir++) {
		if (*dir == '\'') {
			memcpy(out + n, "'\\''", 4);
			n += 4;
		} else
			out[n++] = *dir;
	}
	out[n++] = '\'';
	out[n] = '\0';
}

/* Not an example a newcomer should copy: giving up, a draw, a pass. */
static int
plain_action(const struct game_action *a)
{
	static const char *const not[] = { "resign", "draw", "accept",
	    "decline", "pass", NULL };
	int i;

	for (i = 0; not[i] != NULL; i++)
		if (strcmp(a->type, not[i]) == 0)
			return 0;
	return 1;
}

/* A legal action of the viewer's, the same for the same position. */
static int
example_action(const struct match *m, int viewer, char *out, size_t len)
{
	struct game_action *list, one;
	struct game_ctx c;
	struct match_ctx a;
	struct error ign;
	struct rng r;
	int n, i, k, plain = 0;

	if ((list = calloc(GAME_MAX_ACTIONS, sizeof(*list))) == NULL)
		return -1;
	out[0] = '\0';
	match_ctx_init(&c, &a, m, viewer);
	rng_init(&r, m->game_hex, "example");
	n = m->rules->actions(m->state, viewer, &c, list, GAME_MAX_ACTIONS);
	if (n > GAME_MAX_ACTIONS) {
		/* too many to list (topogic's placements): the rules pick */
		if (m->rules->random_action != NULL &&
		    m->rules->random_action(m->state, viewer, &c, &r, &one,
		    &ign) == 0 && plain_action(&one))
			m->rules->format(m->state, &one, out, len);
		n = 0;
	}
	for (i = 0; i < n; i++)
		plain += plain_action(&list[i]);
	if (plain > 0) {
		k = (int)rng_uniform(&r, (uint32_t)plain);
		for (i = 0; i < n; i++)
			if (plain_action(&list[i]) && k-- == 0)
				break;
		m->rules->format(m->state, &list[i], out, len);
	}
	free(list);
	return out[0] != '\0' ? 0 : -1;
}

#define SAY(f, ...)	snprintf(v->say, sizeof(v->say), f, __VA_ARGS__)
#define NOTE(f, ...)	snprintf(v->note, sizeof(v->note), f, __VA_ARGS__)

/* How the commands name the viewer's copy, and whether it plays by mail. */
struct place {
	const struct view_place	*p;
	char	d[320];		/* "-d DIR", or "" in the game directory */
	char	root[300];	/* the root, as the shell takes it, or "" */
	int	mail;		/* its messages go out as whole mails (-M) */
};

/* "adjudicator VERB [-S] [-d DIR] [ARGS]" into out: by mail, -S sends
 * the mail once the entry is made, and nothing when it is refused (a
 * pipe into sendmail would mail an empty input, and bounce) */
static void
line(const struct place *pl, const char *verb, int send, const char *args,
    char *out, size_t len)
{
	int mail = send && pl->mail;

	/* cut, it would mislead: the verb alone then */
	if ((size_t)snprintf(out, len, "adjudicator %s%s%s%s%s%s", verb,
	    mail ? " -S" : "", pl->d[0] ? " " : "", pl->d, args[0] ? " " : "",
	    args) >= len)
		snprintf(out, len, "adjudicator %s", verb);
}

/* The viewer's next step while the game is played. */
static void
next_in_play(const struct match *m, int viewer, const struct place *pl,
    struct view_next *v)
{
	char act[GAME_TEXT];

	if (match_owes(m, viewer) && owes_claim_only(m, viewer)) {
		SAY("Your %s is due", m->pending_needs.claim);
		line(pl, "turn", 1, "", v->command, sizeof(v->command));
		NOTE("%s", "It is computed from your secret and sent.");
		return;
	}
	if (match_owes(m, viewer)) {
		SAY("%s", "Your opening is due");
		line(pl, "turn", 1, "[ACTION]", v->command, sizeof(v->command));
		NOTE("%s", "With an ACTION, your move goes in the same "
		    "message.");
		return;
	}
	SAY("%s", "Your turn");
	line(pl, "turn", 1, "ACTION", v->command, sizeof(v->command));
	if (pl->p->dir != NULL && example_action(m, viewer, act,
	    sizeof(act)) == 0)
		line(pl, "turn", 1, act, v->example, sizeof(v->example));
	NOTE("\"adjudicator rules %s\" lists the actions; \"turn -n\" "
	    "tries one without sending it.", m->rules->name);
}

/* Waiting for another's message: how it is taken when it comes. */
static void
next_receive(const struct match *m, const struct place *pl,
    struct view_next *v)
{
	const char *what = pl->mail ? "MAILBOX" : "FILE";
	char args[340];

	if (pl->root[0] != '\0') {
		snprintf(v->command, sizeof(v->command), "adjudicator receive "
		    "-r %s %s", pl->root, what);
		NOTE("%s", pl->mail ? "MAILBOX: the mail file it comes in "
		    "(/var/mail/NAME, or a saved mail): each message goes to "
		    "its game." : "It takes the message when it comes.");
		return;
	}
	snprintf(args, sizeof(args), "%s", what);
	line(pl, "receive", 0, args, v->command, sizeof(v->command));
	NOTE("%s", m->judge_mode && pl->mail ? "MAILBOX: the mail file the "
	    "update comes in (/var/mail/NAME, or a saved mail)." :
	    "It takes the message when it comes.");
}

static void
place_init(const struct match *m, int viewer, const struct view_place *vp,
    struct place *pl)
{
	char w[300];

	memset(pl, 0, sizeof(*pl));
	pl->p = vp;
	if (vp->dir == NULL)
		snprintf(pl->d, sizeof(pl->d), "-d GAMEDIR");
	else if (strcmp(vp->dir, ".") != 0) {
		shell_word(vp->dir, w, sizeof(w));
		snprintf(pl->d, sizeof(pl->d), "-d %s", w);
	}
	if (vp->root != NULL)
		shell_word(vp->root, pl->root, sizeof(pl->root));
	pl->mail = view_by_mail(m, viewer);
}

int
view_by_mail(const struct match *m, int viewer)
{
	struct error ign;

	return viewer >= 0 && viewer < m->nseats &&
	    m->seat[viewer].address[0] != '\0' &&
	    mail_message_check(m, viewer, &ign) == 0;
}

void
view_command(const struct match *m, int viewer, const char *dir,
    const char *verb, const char *args, char *out, size_t len)
{
	struct view_place p = { dir, NULL, 0 };
	struct place pl;

	place_init(m, viewer, &p, &pl);
	line(&pl, verb, 1, args, out, len);
}

/* The judge's next step. */
static void
next_judge(const struct match *m, const struct place *pl,
    struct view_next *v)
{
	if (pl->p->dir == NULL || match_phase(m) == MATCH_CLOSED)
		return;
	SAY("%s", "The judge takes the seats' messages");
	if (pl->root[0] != '\0') {
		snprintf(v->command, sizeof(v->command), "adjudicator judge "
		    "-r %s <MAIL", pl->root);
		NOTE("%s", "The mail bot: the judge's mail system runs it on "
		    "each mail (examples/procmailrc, examples/dot-forward).");
	} else
		line(pl, "judge", 0, "-O OUTDIR FILE...", v->command,
		    sizeof(v->command));
}

void
view_next_at(const struct match *m, int viewer, const struct view_place *vp,
    struct view_next *v)
{
	enum match_phase ph = match_phase(m);
	int next = match_next_author(m);
	char resend[400];
	struct place pl;

	memset(v, 0, sizeof(*v));
	place_init(m, viewer, vp, &pl);
	if (viewer < 0 || viewer >= m->nseats) {
		next_judge(m, &pl, v);
		return;
	}
	if (holder_gone_line(m, viewer, v->command, sizeof(v->command))) {
		SAY("You no longer hold seat %s", m->seat[viewer].name);
		NOTE("%s", "Nothing is yours to do in this game.");
	} else if (ph == MATCH_CLOSED || (ph == MATCH_FINAL &&
	    m->judge_mode)) {
		SAY("%s", "The game is over; its record");
		line(&pl, "export", 0, ">FILE", v->command, sizeof(v->command));
		NOTE("%s", "\"adjudicator verify FILE\" checks it.");
	} else if (vp->sent) {
		SAY("Your entry %llu is with the judge; its update",
		    (unsigned long long)m->seq + 1);
		next_receive(m, &pl, v);
		if (pl.mail) {
			line(&pl, "resend", 1, "", resend, sizeof(resend));
			if ((size_t)snprintf(v->note, sizeof(v->note), "If "
			    "your mail did not go, \"%s\" sends it again.",
			    resend) >= sizeof(v->note))
				NOTE("%s", "If your mail did not go, \"resend "
				    "-S\" sends it again.");
		}
	} else if (next != viewer) {
		SAY("Expecting %s's %s", m->judge_mode ? "the judge" :
		    next >= 0 ? match_author_name(m, next) : "another seat",
		    m->judge_mode ? "update" : ph == MATCH_SETUP ? "setup" :
		    ph == MATCH_FINAL ? "final openings" : "message");
		next_receive(m, &pl, v);
	} else if (ph == MATCH_SETUP) {
		SAY("%s", "Your setup is due");
		line(&pl, "setup", 1, pl.mail ? "LAYOUT" : "LAYOUT|random",
		    v->command, sizeof(v->command));
		line(&pl, "setup", 1, "random", v->example,
		    sizeof(v->example));
		NOTE("\"adjudicator rules %s\" says how to write a LAYOUT; "
		    "\"setup -n\" tries one without sending it.",
		    m->rules->name);
	} else if (ph == MATCH_FINAL) {
		SAY("%s", "Your final openings are due");
		line(&pl, "turn", 1, "", v->command, sizeof(v->command));
	} else
		next_in_play(m, viewer, &pl, v);
}

void
view_next(const struct match *m, int viewer, const char *dir,
    struct view_next *v)
{
	struct view_place p = { dir, NULL, 0 };

	view_next_at(m, viewer, &p, v);
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
view_text_public(const struct match *m, int viewer, struct buf *b)
{
	struct view_place p = { NULL, NULL, 0 };
	char dir[80];

	/* a seat that plays by mail filed the game in a root: its commands
	 * name it ROOT and the first digits of the id, as games -r does */
	if (viewer >= 0 && view_by_mail(m, viewer)) {
		snprintf(dir, sizeof(dir), "ROOT/%.*s", ROOT_SHORT,
		    m->game_hex);
		p.dir = dir;
	}
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
	match_ctx_init(&c, &a, m, ctx_viewer(viewer));
	ydoc_key(w, "board");
	ydoc_map_begin(w);
	m->rules->view(m->state, viewer, &c, w);
	ydoc_map_end(w);
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
	m->rules->svg(m->state, viewer == VIEW_ALL ? -1 : viewer, &c,
	    m->last_action_seq > 0 ? &m->last_act : NULL, &g);
	svg_summary(m, &g);
	svg_end(&g);
	return 0;
}
