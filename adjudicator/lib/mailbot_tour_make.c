/*
 * What the start of a tournament by mail (mailcmd_tour.c) and its later
 * rounds (mailbot_tour.c) share (mailbot_tour.h): the files of
 * ROOT/tournaments/ID/, each written whole (fsio's atomic write) under
 * the root's lock; a round paired and signed by the judge once, kept
 * before any game of it is made; each game's signed header made once and
 * kept before it is filed, so that a run taken up after a crash files the
 * same game; the seats invited and every player mailed the pairings.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "armor.h"
#include "envelope.h"
#include "fsio.h"
#include "mailbot_int.h"
#include "mailbot_tour.h"
#include "mailcmd_ask.h"
#include "mailcmd_game.h"
#include "match.h"
#include "tour.h"
#include "when.h"

int
mailbot_tour_path(const char *root, const char *id, const char *file,
    char *out, size_t len, struct error *e)
{
	int n;

	n = snprintf(out, len, "%s/%s%s%s%s%s", root, MAILBOT_TOUR_DIR,
	    id != NULL ? "/" : "", id != NULL ? id : "", file != NULL ? "/" :
	    "", file != NULL ? file : "");
	if (n < 0 || (size_t)n >= len)
		return error_set(e, EXIT_SYSTEM, "%s: path too long", root);
	return 0;
}

int
mailbot_tour_keep(const char *path, const struct buf *blob, struct error *e)
{
	struct buf a;
	int rc;

	buf_init(&a);
	rc = armor_wrap(blob->data, blob->len, TOUR_ARMOR, &a, e) != 0 ||
	    fsio_write_atomic(path, a.data, a.len, 0644, e) != 0 ? -1 : 0;
	buf_free(&a);
	return rc;
}

int
mailbot_tour_kept(const char *path, struct buf *blob, struct error *e)
{
	struct armor_list l = { NULL, 0, NULL };
	struct buf t;
	int rc;

	if (!fsio_exists(path))
		return 0;
	buf_init(&t);
	rc = fsio_read(path, 1 << 24, &t, e) != 0 || armor_read((char *)
	    t.data, t.len, TOUR_ARMOR, path, &l, e) != 0 || buf_add(blob,
	    l.items[0].data, l.items[0].len) != 0 ? -1 : 1;
	if (rc < 0)
		e->status = EXIT_SYSTEM;	/* the root's own file */
	armor_list_free(&l);
	buf_free(&t);
	return rc;
}

int
mailbot_tour_held(const char *root, const char *id, struct tour_decl *d,
    struct buf *blob, struct error *e)
{
	char path[PATH_MAX];
	struct buf t;
	int rc;

	if (mailbot_tour_path(root, id, "decl.tour", path, sizeof(path),
	    e) != 0)
		return -1;
	buf_init(&t);
	if ((rc = mailbot_tour_kept(path, &t, e)) == 1) {
		rc = tour_decl_read(t.data, t.len, d, path, e) != 0 ? -1 : 0;
		if (rc == 0 && blob != NULL && buf_add(blob, t.data,
		    t.len) != 0)
			rc = error_set(e, EXIT_SYSTEM, "out of memory");
		if (rc != 0)
			e->status = EXIT_SYSTEM;
	} else if (rc == 0)
		rc = 1;
	buf_free(&t);
	return rc;
}

int
mailbot_tour_marked(const char *root, const char *id, const char *what)
{
	char file[64], path[PATH_MAX];
	struct error x;

	snprintf(file, sizeof(file), "sent/%s", what);
	return mailbot_tour_path(root, id, file, path, sizeof(path),
	    &x) == 0 && fsio_exists(path);
}

int
mailbot_tour_mark(const char *root, const char *id, const char *what,
    struct error *e)
{
	char file[64], path[PATH_MAX];

	snprintf(file, sizeof(file), "sent/%s", what);
	if (mailbot_tour_path(root, id, "sent", path, sizeof(path), e) != 0 ||
	    fsio_mkdir(path, 0755, e) != 0 || mailbot_tour_path(root, id,
	    file, path, sizeof(path), e) != 0)
		return -1;
	return fsio_write_atomic(path, "", 0, 0644, e);
}

int
mailbot_tour_round(struct bot_run *br, struct tour *t, unsigned r,
    struct error *e)
{
	const struct tour_decl *d = t->d;
	struct tour_record rec;
	struct tour_game *g = NULL;
	struct buf body, sb;
	char file[32], path[PATH_MAX];
	size_t ng = 0;
	int rc;

	memset(&rec, 0, sizeof(rec));
	buf_init(&body);
	buf_init(&sb);
	snprintf(file, sizeof(file), r <= t->nrounds ? "round-%u-2.tour" :
	    "round-%u.tour", r);
	if ((rc = mailbot_tour_path(br->b->root, d->id, file, path,
	    sizeof(path), e)) == 0 && (rc = mailbot_tour_kept(path, &sb,
	    e)) == 1)
		rc = tour_record_read(d, sb.data, sb.len, &rec, path, e) != 0 ||
		    tour_add_round(t, rec.g, rec.ng, e) != 0 ? -1 : 0;
	else if (rc == 0)
		rc = tour_pair(t, r, &g, &ng, e) != 0 || tour_round_body(d,
		    r, g, ng, &body, e) != 0 || envelope_sign(br->b->k,
		    &d->director, 1, body.data, body.len, &sb, e) != 0 ||
		    mailbot_tour_keep(path, &sb, e) != 0 ||
		    tour_add_round(t, g, ng, e) != 0 ? -1 : 0;
	if (rc != 0 && e->status != EXIT_SYSTEM)
		e->status = EXIT_SYSTEM;	/* what the judge paired */
	free(g);
	tour_record_free(&rec);
	buf_free(&body);
	buf_free(&sb);
	return rc;
}

/* Player i as a seat of a game the judge makes in round r, or mails
 * (r UINT_MAX): the declared one, or its replacement from round r on
 * (the director's ruling: its key, its address if it gave one). */
static void
member_of(const struct tour *t, unsigned i, unsigned r,
    struct club_member *m)
{
	const struct tour_decl *d = t->d;
	const struct tour_ruling *u = tour_replaced(t, i, r);

	memset(m, 0, sizeof(*m));
	snprintf(m->name, sizeof(m->name), "%s", u != NULL ? u->key.name :
	    d->p[i].name);
	m->key = u != NULL ? u->key : d->p[i].key;
	snprintf(m->address, sizeof(m->address), "%s", u != NULL &&
	    u->address[0] != '\0' ? u->address : d->p[i].address);
}

/* Slot s's game made once (kept before it is filed), its seats invited. */
static int
game_of(struct bot_run *br, const struct tour *t, const struct tour_slot *s,
    struct error *e)
{
	const struct tour_decl *d = t->d;
	struct club_member m[2];
	const struct club_member *seat[2] = { &m[0], &m[1] };
	struct match_event ev;
	struct buf sb;
	char file[48], path[PATH_MAX], game[ROOT_ID], said[2][300];
	const char *say[2] = { said[0], said[1] };
	struct match *x;
	int rc;

	member_of(t, s->g.white, s->g.round, &m[0]);
	member_of(t, s->g.black, s->g.round, &m[1]);
	memset(&ev, 0, sizeof(ev));
	snprintf(ev.id, sizeof(ev.id), "%s", d->hex);
	ev.round = s->g.round;
	ev.board = s->g.board;
	ev.game = s->g.game > 1 ? s->g.game : 0;
	snprintf(file, sizeof(file), "game-%u-%u-%u.hdr", s->g.round,
	    s->g.board, s->g.game);
	buf_init(&sb);
	if ((rc = mailbot_tour_path(br->b->root, d->id, file, path,
	    sizeof(path), e)) == 0 && (rc = mailbot_tour_kept(path, &sb,
	    e)) == 1) {
		rc = (x = header_read(sb.data, sb.len, path, e)) == NULL ?
		    -1 : 0;
		if (x != NULL)
			snprintf(game, sizeof(game), "%s", x->game_hex);
		match_free(x);
	} else if (rc == 0)
		rc = mailcmd_game_event(br, d->rules, &d->cfg,
		    d->clock.on ? &d->clock : NULL, &ev, seat, &sb, game,
		    e) != 0 || mailbot_tour_keep(path, &sb, e) != 0 ? -1 : 0;
	if (rc == 0)
		rc = mailcmd_game_file(br, &sb, e);
	if (rc == 0)	/* WATCH TID's observers */
		rc = tour_watchers_add(br->b->root, d->id, game, e);
	buf_free(&sb);
	if (rc != 0)
		return -1;
	snprintf(file, sizeof(file), s->g.game > 1 ? ", game %u" : "",
	    s->g.game);
	snprintf(said[0], sizeof(said[0]), "tournament %s (%.60s), round %u, "
	    "board %u%s: you play white against %s", d->id, d->name,
	    s->g.round, s->g.board, file, m[1].name);
	snprintf(said[1], sizeof(said[1]), "tournament %s (%.60s), round %u, "
	    "board %u%s: you play black against %s", d->id, d->name,
	    s->g.round, s->g.board, file, m[0].name);
	return mailcmd_game_invite(br, game, m[0].name, say, e);
}

int
mailbot_tour_mail_all(struct bot_run *br, const struct tour *t,
    const char *subject, const char *text, struct error *e)
{
	struct mailcmd_ask c;
	struct club_member m;
	size_t i;

	memset(&c, 0, sizeof(c));
	c.r = br;
	for (i = 0; i < t->d->n; i++) {
		member_of(t, (unsigned)i, UINT_MAX, &m);
		if (m.address[0] != '\0' && mailcmd_ask_mail(&c, &m, subject,
		    text, e) != 0)
			return -1;
	}
	return 0;
}

int
mailbot_tour_games(struct bot_run *br, const struct tour *t, size_t first,
    size_t n, const char *intro, struct error *e)
{
	const struct tour_decl *d = t->d;
	struct tour_game *g;
	struct buf text;
	char subject[MAIL_FIELD];
	size_t i;
	int rc = 0;

	for (i = first; i < first + n && rc == 0; i++)
		if (t->s[i].g.black != TOUR_NONE)
			rc = game_of(br, t, &t->s[i], e);
	if (rc != 0)
		return -1;
	if ((g = calloc(n + 1, sizeof(*g))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	for (i = 0; i < n; i++)
		g[i] = t->s[first + i].g;
	buf_init(&text);
	buf_printf(&text, "%s", intro);
	snprintf(subject, sizeof(subject), "[adjudicator] tournament %s: "
	    "the pairings", d->id);
	if (tour_pairing_text(t, g, n, &text, e) != 0 ||
	    buf_cstr(&text) != 0 || mailbot_tour_mail_all(br, t, subject,
	    (char *)text.data, e) != 0)
		rc = -1;
	buf_free(&text);
	free(g);
	return rc;
}

/*
 * Every player accepted: the rounds the start pairs (a round robin's
 * first stage, every game at once; else the first), each signed and
 * kept, their games made, filed and mailed, the pairings mailed to every
 * player, each round then marked mailed (the tick mails again a round
 * not marked).
 */
int
mailbot_tour_start(struct bot_run *br, const struct tour_decl *d,
    struct error *e)
{
	struct tour t;
	struct buf intro;
	char mark[32];
	unsigned r, last;
	size_t i;
	int rc;

	if (d->format == TOUR_LADDER)
		return mailbot_ladder_start(br, d, e);
	if (tour_init(&t, d, e) != 0)
		return -1;
	/* a round robin's first stage at once */
	last = d->format == TOUR_ROUND_ROBIN ? tour_stage_last(d, 1) : 1;
	for (i = 0; i < d->n; i++)
		t.accepted[i] = 1;
	for (r = 1, rc = 0; r <= last && rc == 0; r++)
		rc = mailbot_tour_round(br, &t, r, e);
	buf_init(&intro);
	buf_printf(&intro, "Every player accepted the tournament %s (%.16s):"
	    " %s.\nThe judge paired and made the games; each was mailed "
	    "to its seats.\n\n", d->id, d->hex, d->name);
	if (rc == 0 && (rc = buf_cstr(&intro)) == 0)
		rc = mailbot_tour_games(br, &t, 0, t.ns,
		    (char *)intro.data, e);
	for (r = 1; r <= last && rc == 0; r++) {
		snprintf(mark, sizeof(mark), "round-%u", r);
		rc = mailbot_tour_mark(br->b->root, d->id, mark, e);
	}
	if (rc == 0)
		report_line(br->b->report, "%s: tournament %s: %u "
		    "rounds paired, %zu games made", br->name, d->id,
		    last, t.ns);
	buf_free(&intro);
	tour_free(&t);
	return rc;
}

int
mailbot_tour_due(const char *when)
{
	int64_t t;

	if (when[0] == '\0' || when_parse(when, &t) != 0)
		return -1;
	return when_now() >= t;
}
