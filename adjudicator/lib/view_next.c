/*
 * What to type next: the line a view ends with, for each viewer, as the
 * views and the judge's notices give it (view.h: view_next, view_next_at,
 * view_command, view_by_mail).  Nothing drawn from what the viewer alone
 * knows goes into a mail's summary: the example is left out there.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "holder.h"
#include "mail.h"
#include "match_int.h"
#include "opening.h"
#include "rng.h"
#include "view.h"

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

#define EXAMPLE_FEW	32	/* actions listed at the first try */

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

	/* a few first, on the heap; as many as there are only when there
	 * are more (the whole list is 4 MiB: a mapping of its own) */
	if ((list = malloc(EXAMPLE_FEW * sizeof(*list))) == NULL)
		return -1;
	out[0] = '\0';
	match_ctx_init(&c, &a, m, viewer);
	rng_init(&r, m->game_hex, "example");
	n = m->rules->actions(m->state, viewer, &c, list, EXAMPLE_FEW);
	if (n > EXAMPLE_FEW && n <= GAME_MAX_ACTIONS) {
		free(list);
		if ((list = malloc((size_t)n * sizeof(*list))) == NULL)
			return -1;
		k = n;
		if (m->rules->actions(m->state, viewer, &c, list, k) != k)
			n = 0;	/* cannot happen: the same position */
	}
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
	char act[GAME_TEXT], mine[200];

	if (match_owes(m, viewer) && owes_claim_only(m, viewer)) {
		SAY("Your %s is due", m->pending_needs.claim);
		line(pl, "turn", 1, "", v->command, sizeof(v->command));
		NOTE("%s", "It is computed from your secret and sent.");
		return;
	}
	if (match_owes(m, viewer)) {
		SAY("%s", "Your opening is due");
		line(pl, "turn", 1, "[ACTION]", v->command, sizeof(v->command));
		owed_yours(m, viewer, mine, sizeof(mine));
		NOTE("It opens %s; with an ACTION, your move goes in the "
		    "same message.", mine);
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
		    m->judge_mode ? "update" : ph == MATCH_SEED ?
		    "share of the seed" : ph == MATCH_SETUP ? "setup" :
		    ph == MATCH_FINAL ? "final openings" : "message");
		next_receive(m, &pl, v);
	} else if (ph == MATCH_SEED) {
		SAY("%s", "Your share of the seed is due");
		line(&pl, "turn", 1, "", v->command, sizeof(v->command));
		NOTE("%s", "Every party gives one, the game's creator last; "
		    "the board is drawn from them all.");
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
