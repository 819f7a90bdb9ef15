/*
 * A tournament the judge directs, taken on after the start
 * (formats/tournament.md, "By mail"): once every game of a round is over
 * (a game lost on time is lost, played), the judge signs its results,
 * mails every player the crosstable, and pairs the next round of a Swiss
 * or a knockout (a knockout's drawn matches first owe their second games;
 * a second draw goes to the lot), signed as the director, its games made
 * and mailed as the start's (mailbot_tour_make.c).  After the last round
 * it mails every player the final table and the tournament archive, kept
 * as ROOT/tournaments/ID/ID.arc.  What the judge knows of a tournament is
 * its files, read again each time and checked as tournament verify
 * checks them: a record is kept before anything is made from it, and a
 * mail is marked sent (ID/sent/) once the mailer took it, so that a run
 * stopped at any point is taken up by the next (the tick's looks at
 * every tournament not ended) with the same rounds and the same games.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "club.h"
#include "envelope.h"
#include "fsio.h"
#include "gamedir.h"
#include "mailbot_int.h"
#include "mailbot_tour.h"
#include "match.h"
#include "root.h"
#include "tour.h"

/* One tournament as the judge keeps it, read again. */
struct held {
	struct bot_run		*br;
	const char		*id;
	struct tour_input	 in;
	struct tour_decl	 d;
	struct tour		 t;
	char			 diff[512];
};

/* The names in dir, sorted (none when it cannot be opened). */
static int
names(const char *dir, char ***out, size_t *n, struct error *e)
{
	return fsio_names(dir, out, n, e) < 0 ? -1 : 0;
}

static int
ends(const char *s, const char *tail)
{
	size_t n = strlen(s), k = strlen(tail);

	return n > k && strcmp(s + n - k, tail) == 0;
}

/* The game whose header is kept at path: its export, once it is over,
 * into in. */
static int
game_archive(const char *root, struct tour_input *in, const char *path,
    struct error *e)
{
	struct match *x;
	struct gamedir g;
	struct buf sb, arm;
	char dir[PATH_MAX], game[ROOT_ID], from[300];
	int rc;

	buf_init(&sb);
	if ((rc = mailbot_tour_kept(path, &sb, e)) == 1) {
		rc = (x = header_read(sb.data, sb.len, path, e)) == NULL ?
		    -1 : 0;
		if (x != NULL)
			snprintf(game, sizeof(game), "%s", x->game_hex);
		match_free(x);
	}
	buf_free(&sb);
	if (rc != 0 || root_dir(root, game, dir, sizeof(dir), e) != 0)
		return rc < 0 ? -1 : rc;
	if (!root_is_game(dir))
		return 0;	/* kept, not yet filed: the run takes it up */
	if (gamedir_open(dir, GAMEDIR_READ, &g, NULL, e) != 0)
		return -1;
	buf_init(&arm);
	snprintf(from, sizeof(from), "game %.16s", game);
	if (match_phase(g.t.m) == MATCH_CLOSED)
		rc = gamedir_export(&g, &arm, NULL, NULL, e) != 0 ||
		    tour_input_archive(in, (char *)arm.data, arm.len, from,
		    e) != 0 ? -1 : 0;
	buf_free(&arm);
	gamedir_close(&g);
	return rc;
}

int
mailbot_tour_load(const char *root, const char *id, struct tour_input *in,
    struct tour_decl *d, struct tour *t, char *diff, size_t len,
    struct error *e)
{
	char dir[PATH_MAX], path[PATH_MAX], **v = NULL;
	struct buf blob;
	size_t n = 0, i;
	int rc;

	buf_init(&blob);
	if ((rc = mailbot_tour_path(root, id, NULL, dir, sizeof(dir),
	    e)) != 0 || (rc = names(dir, &v, &n, e)) != 0)
		goto done;
	for (i = 0; i < n && rc == 0; i++) {
		if ((rc = mailbot_tour_path(root, id, v[i], path,
		    sizeof(path), e)) != 0)
			break;
		blob.len = 0;
		if (strcmp(v[i], "decl.tour") == 0)
			rc = mailbot_tour_kept(path, &in->decl, e) < 0 ? -1 :
			    0;
		else if (ends(v[i], ".tour"))
			rc = mailbot_tour_kept(path, &blob, e) < 0 ||
			    tour_input_record(in, blob.data, blob.len,
			    path, e) != 0 ? -1 : 0;
		else if (ends(v[i], ".hdr"))
			rc = game_archive(root, in, path, e);
	}
	if (rc == 0)
		rc = tour_load(t, d, in, 1, diff, len, e);
done:
	fsio_names_free(v, n);
	buf_free(&blob);
	return rc;
}

/* Every file of ROOT/tournaments/ID into h->in, then loaded as verify
 * loads them (h->diff: the first difference, "" none). */
static int
load(struct held *h, struct error *e)
{
	return mailbot_tour_load(h->br->b->root, h->id, &h->in, &h->d, &h->t,
	    h->diff, sizeof(h->diff), e);
}

/* The slots of round r (game k: 0 every game of it): the first, how
 * many. */
static size_t
slots(const struct tour *t, unsigned r, unsigned k, size_t *n)
{
	size_t i, first = t->ns;

	*n = 0;
	for (i = 0; i < t->ns; i++)
		if (t->s[i].g.round == r && (k == 0 || t->s[i].g.game == k)) {
			if (first == t->ns)
				first = i;
			(*n)++;
		}
	return first;
}

/* Every game of round r over. */
static int
over(const struct tour *t, unsigned r)
{
	size_t i;

	for (i = 0; i < t->ns; i++)
		if (t->s[i].g.round == r && t->s[i].res == TOUR_PENDING)
			return 0;
	return 1;
}

/* Round r's games (game k) made and mailed, unless marked: once paired,
 * or by the run after one that stopped before. */
static int
mailed(struct held *h, unsigned r, unsigned k, struct error *e)
{
	const struct tour_decl *d = &h->d;
	char mark[32], intro[400];
	size_t first, n;

	snprintf(mark, sizeof(mark), k > 1 ? "round-%u-%u" : "round-%u", r,
	    k);
	if (mailbot_tour_marked(h->br->b->root, h->id, mark))
		return 0;
	first = slots(&h->t, r, k, &n);
	if (n == 0)
		return 0;
	snprintf(intro, sizeof(intro), "The judge paired %s of round %u of "
	    "the tournament %s (%.16s): %s.\nEach game was mailed to its "
	    "seats.\n\n", k > 1 ? "the second games" : "the games", r, d->id,
	    d->hex, d->name);
	if (mailbot_tour_games(h->br, &h->t, first, n, intro, e) != 0)
		return -1;
	report_line(h->br->b->report, "%s: tournament %s: round %u%s: %zu "
	    "games and byes made and mailed", h->br->name, h->id, r, k > 1 ?
	    " (second games)" : "", n);
	return mailbot_tour_mark(h->br->b->root, h->id, mark, e);
}

/* Round r paired now (or its second games), made and mailed. */
static int
next(struct held *h, unsigned r, struct error *e)
{
	unsigned k = r <= h->t.nrounds ? 2 : 1;

	if (mailbot_tour_round(h->br, &h->t, r, e) != 0)
		return -1;
	return mailed(h, r, k, e);
}

/* The director's results after round r, signed and kept (results-R.tour),
 * and in h->in for the archive. */
static int
results(struct held *h, unsigned r, struct error *e)
{
	struct buf body, sb;
	char file[32], path[PATH_MAX];
	int rc;

	snprintf(file, sizeof(file), "results-%u.tour", r);
	if (mailbot_tour_path(h->br->b->root, h->id, file, path, sizeof(path),
	    e) != 0)
		return -1;
	if (fsio_exists(path))
		return 0;	/* read with the others */
	buf_init(&body);
	buf_init(&sb);
	rc = tour_results_body(&h->t, &body, e) != 0 ||
	    envelope_sign(h->br->b->k, &h->d.director, 1, body.data, body.len,
	    &sb, e) != 0 || mailbot_tour_keep(path, &sb, e) != 0 ||
	    tour_input_record(&h->in, sb.data, sb.len, path, e) != 0 ? -1 : 0;
	buf_free(&body);
	buf_free(&sb);
	return rc;
}

/* The tournament archive kept (ID/ID.arc) and into arc. */
static int
archive(struct held *h, struct buf *arc, struct error *e)
{
	char file[80], path[PATH_MAX];

	snprintf(file, sizeof(file), "%s.arc", h->id);
	return tour_arc_write(&h->in, arc, e) != 0 ||
	    mailbot_tour_path(h->br->b->root, h->id, file, path, sizeof(path),
	    e) != 0 || fsio_write_atomic(path, arc->data, arc->len, 0644,
	    e) != 0 ? -1 : 0;
}

/*
 * Round r over: its results signed, then every player mailed the
 * crosstable, or after the last round the final table and the
 * tournament archive; marked once mailed.
 */
static int
table(struct held *h, unsigned r, int last, struct error *e)
{
	const struct tour_decl *d = &h->d;
	struct buf text, arc;
	char mark[32], subject[MAIL_FIELD];
	int rc;

	snprintf(mark, sizeof(mark), last ? "final" : "table-%u", r);
	if (mailbot_tour_marked(h->br->b->root, h->id, mark))
		return 0;
	buf_init(&text);
	buf_init(&arc);
	snprintf(subject, sizeof(subject), last ? "[adjudicator] tournament "
	    "%s: the final table" : "[adjudicator] tournament %s: the table "
	    "after round %u", d->id, r);
	buf_printf(&text, "%s %u of the tournament %s (%.16s), %s, is over%s"
	    "\n\n", last ? "The last round," : "Round", r, d->id, d->hex,
	    d->name, last ? ": the final table" : ".  The table");
	rc = results(h, r, e) != 0 || tour_table(&h->t, TOUR_TEXT, &text,
	    e) != 0 || (last && archive(h, &arc, e) != 0) ? -1 : 0;
	if (rc == 0 && last)
		buf_printf(&text, "\nThe tournament archive follows: the "
		    "declaration, every record and every\ngame, signed.  "
		    "Keep it as %s.arc;\n    adjudicator tournament verify "
		    "%s.arc\nchecks every pairing, result and score.\n\n",
		    d->id, d->id);
	if (rc == 0 && (buf_add(&text, arc.data, arc.len) != 0 ||
	    buf_cstr(&text) != 0))
		rc = error_set(e, EXIT_SYSTEM, "out of memory");
	if (rc == 0)
		rc = mailbot_tour_mail_all(h->br, &h->t, subject,
		    (char *)text.data, e) != 0 || mailbot_tour_mark(
		    h->br->b->root, h->id, mark, e) != 0 ? -1 : 0;
	if (rc == 0)
		report_line(h->br->b->report, "%s: tournament %s: %s mailed",
		    h->br->name, h->id, last ? "the final table and archive" :
		    "the table");
	buf_free(&text);
	buf_free(&arc);
	return rc;
}

/* A knockout's round r (its games over) owes second games: 1. */
static int
owes(const struct tour *t, unsigned r)
{
	struct tour_game *g = NULL;
	struct error x;
	size_t ng = 0;
	int rc;

	if (tour_round_format(t->d, r) != TOUR_KNOCKOUT)
		return 0;
	error_clear(&x);
	rc = tour_pair(t, r, &g, &ng, &x) == 0 && ng > 0;
	free(g);
	return rc;
}

/* What the files allow, done: every round made and mailed, each round
 * over tabled, the next round paired, the end. */
static int
advance(struct held *h, struct error *e)
{
	struct tour *t = &h->t;
	unsigned r, last = tour_rounds(&h->d);
	size_t i;

	for (i = 0; i < h->d.n; i++)
		if (!t->accepted[i])
			return 0;	/* not started */
	/* every player accepted before its dates: starts: the tick's */
	if (mailbot_tour_due(h->d.starts) == 0)
		return 0;
	if (h->d.format == TOUR_LADDER)
		return mailbot_ladder_places(h->br, t, e);
	if (t->nrounds == 0)
		return mailbot_tour_start(h->br, &h->d, e);
	for (r = 1; r <= t->nrounds; r++)
		if (mailed(h, r, 1, e) != 0 || mailed(h, r, 2, e) != 0)
			return -1;
	for (r = 1; r <= t->nrounds; r++) {
		if (!over(t, r))
			return 0;
		if (owes(t, r))
			return next(h, r, e);
		if (table(h, r, r == last, e) != 0)
			return -1;
	}
	if (t->nrounds == 0 || t->nrounds >= last)
		return 0;
	/* a round robin's (a final stage's) rounds all at once */
	do
		if (next(h, t->nrounds + 1, e) != 0)
			return -1;
	while (tour_round_format(&h->d, t->nrounds) == TOUR_ROUND_ROBIN &&
	    t->nrounds < tour_stage_last(&h->d, t->nrounds));
	return 0;
}

/* The games past their round deadline ruled (each under its own lock,
 * before the root's), and then the files read again. */
static int
deadlines(struct held *h, struct error *e)
{
	int n;

	if ((n = mailbot_tour_deadlines(h->br->b, &h->t, e)) <= 0)
		return n;
	tour_free(&h->t);
	tour_decl_free(&h->d);
	tour_input_free(&h->in);
	memset(&h->in, 0, sizeof(h->in));
	memset(&h->d, 0, sizeof(h->d));
	memset(&h->t, 0, sizeof(h->t));
	return load(h, e);
}

/* Tournament id taken on, its steps under the root's lock. */
static int
one(struct bot_run *br, const char *id, struct error *e)
{
	struct held h;
	char path[PATH_MAX];
	int lock = -1, rc;

	memset(&h, 0, sizeof(h));
	h.br = br;
	h.id = id;
	if ((size_t)snprintf(path, sizeof(path), "%s/%s", br->b->root,
	    CLUB_LOCK) >= sizeof(path))
		return error_set(e, EXIT_USAGE, "%s: path too long",
		    br->b->root);
	/*
	 * Read before the root's lock is taken (a drained queue holds its
	 * games, then takes the lock: never the other way round).  What is
	 * read can only be behind: every step checks its own file under the
	 * lock, so that two runs at once make the same rounds and games.
	 */
	if ((rc = load(&h, e)) == 0 && h.diff[0] == '\0')
		rc = deadlines(&h, e);
	if (rc == 0 && h.diff[0] != '\0')
		report_line(br->b->report, "%s: tournament %s: %s; not taken "
		    "on", br->name, id, h.diff);
	else if (rc == 0 && (rc = fsio_lock(path, &lock, e)) == 0) {
		rc = advance(&h, e);
		fsio_unlock(lock);
	}
	tour_free(&h.t);
	tour_decl_free(&h.d);
	tour_input_free(&h.in);
	return rc;
}

/* The tournaments (hex ids) of the games noted in the run that are
 * over, into *hex. */
static size_t
ended(struct mailbot *b, char (**hex)[2 * SEC_HASH + 1])
{
	char (*g)[ROOT_ID] = b->toured, dir[PATH_MAX];
	size_t n = b->ntoured, i, k = 0;
	struct gamedir gd;
	struct error x;
	void *more;

	b->toured = NULL;
	b->ntoured = 0;
	*hex = NULL;
	for (i = 0; i < n; i++) {
		if (root_dir(b->root, g[i], dir, sizeof(dir), &x) != 0 ||
		    gamedir_open(dir, GAMEDIR_READ, &gd, NULL, &x) != 0)
			continue;
		if (gd.t.m->event.id[0] != '\0' &&
		    match_phase(gd.t.m) == MATCH_CLOSED &&
		    (more = realloc(*hex, (k + 1) * sizeof(**hex))) != NULL) {
			*hex = more;
			snprintf((*hex)[k++], sizeof(**hex), "%s",
			    gd.t.m->event.id);
		}
		gamedir_close(&gd);
	}
	free(g);
	return k;
}

/* Whether tournament id is to be taken on: one of hex, or (every) any
 * not ended. */
static int
wanted(struct bot_run *br, const char *id, char (*hex)[2 * SEC_HASH + 1],
    size_t n, int every)
{
	struct tour_decl d;
	struct error x;
	size_t i;
	int in = 0;

	if (every)
		return !mailbot_tour_marked(br->b->root, id, "final");
	if (n == 0)
		return 0;
	memset(&d, 0, sizeof(d));
	if (mailbot_tour_held(br->b->root, id, &d, NULL, &x) != 0)
		return 0;
	for (i = 0; i < n && !in; i++)
		in = strcmp(hex[i], d.hex) == 0;
	tour_decl_free(&d);
	return in;
}

void
mailbot_tour_after(struct mailbot *b, int every)
{
	char (*hex)[2 * SEC_HASH + 1] = NULL, dir[PATH_MAX], **v = NULL;
	struct bot_run br;
	struct error e;
	size_t nh, n = 0, i;

	memset(&br, 0, sizeof(br));
	br.b = b;
	br.name = "tournaments";
	error_clear(&e);
	nh = ended(b, &hex);
	if ((nh == 0 && !every) || mailbot_tour_path(b->root, NULL, NULL, dir,
	    sizeof(dir), &e) != 0 || names(dir, &v, &n, &e) != 0 || n == 0 ||
	    club_conf_read(b->root, &br.club, &e) != 0)
		goto done;
	for (i = 0; i < n; i++)
		if (key_name_ok(v[i]) && wanted(&br, v[i], hex, nh, every) &&
		    one(&br, v[i], &e) != 0) {
			report_line(b->report, "tournament %s: %s; the next "
			    "run takes it up", v[i], e.msg);
			error_clear(&e);
		}
	club_conf_free(&br.club);
done:
	if (e.msg[0] != '\0')
		report_line(b->report, "tournaments: %s", e.msg);
	fsio_names_free(v, n);
	free(hex);
	free(b->toured);	/* the games this made: none is over */
	b->toured = NULL;
	b->ntoured = 0;
}
