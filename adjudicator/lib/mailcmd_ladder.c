/*
 * A challenge on a ladder by mail (formats/tournament.md, "A ladder by
 * mail"; formats/club.md, "The commands"): CHALLENGE NAME TID [CODE],
 * TID a tournament the judge holds instead of a game, is the lobby's
 * challenge (mailcmd_challenge.c: the code that confirms it, the record
 * ROOT/challenges, ACCEPT and DECLINE) of a game of the ladder, its
 * game, options and clock the declaration's.  Both members are players
 * of the ladder (their directory keys the declaration's); the ladder is
 * under way; neither withdrew, nor plays a game of it not over; NAME is
 * above the challenger, at most reach places (those who withdrew not
 * counted).  ACCEPT checks it all again at the
 * game's creation, which is the time the reach is checked at (the places
 * the games ended before it give: tour_ladder_at, the rule tournament
 * verify applies), then makes the game, its header naming the
 * tournament, the challenger white, kept as
 * ROOT/tournaments/TID/ladder-CHALLENGEID.hdr before it is filed.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fsio.h"
#include "gamedir.h"
#include "mailbot_int.h"
#include "mailbot_tour.h"
#include "mailcmd_ask.h"
#include "mailcmd_game.h"
#include "mailcmd_ladder.h"
#include "match.h"
#include "tour.h"
#include "when.h"

/* A ladder as the judge keeps it, read again. */
struct ladder {
	struct tour_input	 in;
	struct tour_decl	 d;
	struct tour		 t;
	char			 diff[512];
	unsigned		*place;		/* seed indices, top first */
	unsigned char		*busy;		/* per player: in a game not
						 * over */
	char			 game[ROOT_ID];	/* the first game not over */
};

int
mailcmd_ladder_held(const struct bot_run *r, const char *tid)
{
	char path[PATH_MAX];
	struct error x;

	return key_name_ok(tid) && mailbot_tour_path(r->b->root, tid,
	    "decl.tour", path, sizeof(path), &x) == 0 && fsio_exists(path);
}

static void
ladder_free(struct ladder *l)
{
	free(l->place);
	free(l->busy);
	tour_free(&l->t);
	tour_decl_free(&l->d);
	tour_input_free(&l->in);
}

static int
ends(const char *s, const char *head, const char *tail)
{
	size_t n = strlen(s), h = strlen(head), k = strlen(tail);

	return n > h + k && strncmp(s, head, h) == 0 &&
	    strcmp(s + n - k, tail) == 0;
}

/* The players of the game whose header is kept at path, when it is not
 * over (or not filed yet), marked busy. */
static int
busy_of(const char *root, struct ladder *l, const char *path,
    struct error *e)
{
	struct match *m;
	struct gamedir g;
	struct buf sb;
	char dir[PATH_MAX];
	int rc, i, p, open = 1;

	buf_init(&sb);
	rc = mailbot_tour_kept(path, &sb, e) < 0 || (m = header_read(sb.data,
	    sb.len, path, e)) == NULL ? -1 : 0;
	buf_free(&sb);
	if (rc != 0)
		return -1;
	if (root_dir(root, m->game_hex, dir, sizeof(dir), e) != 0)
		rc = -1;
	else if (root_is_game(dir)) {
		if ((rc = gamedir_open(dir, GAMEDIR_READ, &g, NULL, e)) == 0)
			open = match_phase(g.t.m) != MATCH_CLOSED;
		if (rc == 0)
			gamedir_close(&g);
	}
	for (i = 0; rc == 0 && open && i < m->nseats; i++)
		if ((p = tour_player_keyed(&l->d, m->seat[i].key.idhex)) >= 0) {
			l->busy[p] = 1;
			if (l->game[0] == '\0')
				snprintf(l->game, sizeof(l->game), "%s",
				    m->game_hex);
		}
	match_free(m);
	return rc;
}

/* Ladder tid read: its files, its games not over, its places at at. */
static int
ladder_read(const struct bot_run *r, const char *tid, int64_t at,
    struct ladder *l, struct error *e)
{
	const char *root = r->b->root;
	char dir[PATH_MAX], path[PATH_MAX], **v = NULL;
	struct error x;
	size_t n = 0, i;
	int rc;

	memset(l, 0, sizeof(*l));
	if (mailbot_tour_load(root, tid, &l->in, &l->d, &l->t, l->diff,
	    sizeof(l->diff), e) != 0)
		return -1;
	if (l->diff[0] != '\0' || l->d.format != TOUR_LADDER)
		return 0;
	if ((l->place = calloc(l->d.n, sizeof(*l->place))) == NULL ||
	    (l->busy = calloc(l->d.n, 1)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	error_clear(&x);
	if (tour_ladder_at(&l->t, at, l->place, &x) != 0) {
		if (x.status == EXIT_SYSTEM)
			return *e = x, -1;
		snprintf(l->diff, sizeof(l->diff), "%s", x.msg);
		return 0;
	}
	if (mailbot_tour_path(root, tid, NULL, dir, sizeof(dir), e) != 0 ||
	    (rc = fsio_names(dir, &v, &n, e)) < 0)
		return -1;
	for (i = 0, rc = 0; i < n && rc == 0; i++)
		if (ends(v[i], "ladder-", ".hdr"))
			rc = mailbot_tour_path(root, tid, v[i], path,
			    sizeof(path), e) != 0 ? -1 : busy_of(root, l, path,
			    e);
	fsio_names_free(v, n);
	return rc;
}

/* Every check of a game on the ladder between challenger a and b, the
 * member challenged: 0, or the refusal (the sender told). */
static int
ladder_check(struct mailcmd_ask *c, const struct ladder *l,
    const struct club_member *a, const struct club_member *b,
    struct error *e)
{
	const struct tour_decl *d = &l->d;
	int pa, pb;
	unsigned qa, qb;
	size_t i;

	if (d->format != TOUR_LADDER)
		return mailcmd_ask_refuse(c, "ladder,format", EXIT_REFUSED, e,
		    "%s is a %s, not a ladder: CHALLENGE NAME TID is a "
		    "ladder's", d->id, tour_format_name(d->format));
	if (l->diff[0] != '\0')
		return mailcmd_ask_refuse(c, "ladder,differs", EXIT_REFUSED, e,
		    "the ladder %s does not verify (%.300s): its operator "
		    "looks into it", d->id, l->diff);
	if ((pa = tour_player_keyed(d, a->key.idhex)) < 0 ||
	    (pb = tour_player_keyed(d, b->key.idhex)) < 0)
		return mailcmd_ask_refuse(c, "ladder,notplayer", EXIT_REFUSED,
		    e, "%s's key is no player's of the ladder %s", pa < 0 ?
		    a->name : b->name, d->id);
	for (i = 0; i < d->n; i++)
		if (!l->t.accepted[i])
			return mailcmd_ask_refuse(c, "ladder,notyet",
			    EXIT_REFUSED, e, "the ladder %s is not under way: "
			    "%s has not accepted it", d->id, d->p[i].name);
	if (mailbot_tour_due(d->starts) == 0)
		return mailcmd_ask_refuse(c, "ladder,notyet", EXIT_REFUSED, e,
		    "the ladder %s is not under way: it starts at %s", d->id,
		    d->starts);
	if (l->t.withdrawn[pa] != 0 || l->t.withdrawn[pb] != 0)
		return mailcmd_ask_refuse(c, "ladder,withdrawn", EXIT_REFUSED,
		    e, "%s withdrew from the ladder %s: off its places, "
		    "neither challenging nor challenged", l->t.withdrawn[pa] ?
		    a->name : b->name, d->id);
	if (l->busy[pa] || l->busy[pb])
		return mailcmd_ask_refuse(c, "ladder,busy", EXIT_REFUSED, e,
		    "%s plays a game of the ladder %s not over (game %.16s): "
		    "one game of the ladder at a time", l->busy[pa] ? a->name :
		    b->name, d->id, l->game);
	/* the places as they show: those who withdrew not counted */
	qa = tour_ladder_shown(&l->t, l->place, (unsigned)pa);
	qb = tour_ladder_shown(&l->t, l->place, (unsigned)pb);
	if (qb >= qa)
		return mailcmd_ask_refuse(c, "ladder,below", EXIT_REFUSED, e,
		    "%s (place %u) is not above %s (place %u): a challenge "
		    "goes up the ladder", b->name, qb, a->name, qa);
	if (tour_ladder_apart(&l->t, l->place, (unsigned)pa, (unsigned)pb) >
	    d->reach)
		return mailcmd_ask_refuse(c, "ladder,reach", EXIT_REFUSED, e,
		    "%s (place %u) is more than %u place%s above %s (place "
		    "%u)", b->name, qb, d->reach, d->reach == 1 ? "" : "s",
		    a->name, qa);
	return 0;
}

int
mailcmd_ladder_challenge(struct mailcmd_ask *c, const char *name,
    const char *tid, const char *opts, const char *code, struct error *e)
{
	struct bot_run *r = c->r;
	const struct club_member *to;
	struct club_challenge n;
	struct ladder l;
	char what[600];
	int rc;

	if (opts[0] != '\0')
		return mailcmd_ask_refuse(c, "ladder,options", EXIT_REFUSED, e,
		    "\"%.60s\": a game of the ladder %s takes no options (its "
		    "game, options and clock are the declaration's)", opts,
		    tid);
	if (mailcmd_ask_hold(c, e) != 0)
		return -1;
	memset(&l, 0, sizeof(l));
	if (c->me == NULL)
		rc = mailcmd_ask_refuse(c, "challenge,stranger",
		    EXIT_REFUSED, e, "%s is no member's address in this "
		    "club's directory (REGISTER first)", r->b->in.from);
	else if ((to = club_member_named(&c->mem, name)) == NULL)
		rc = mailcmd_ask_refuse(c, "challenge,nomember", EXIT_REFUSED,
		    e, "%s is no member of this club (MEMBERS lists them)",
		    name);
	else if (to == c->me)
		rc = mailcmd_ask_refuse(c, "challenge,self", EXIT_REFUSED, e,
		    "%s is you: challenge another player", name);
	else if ((rc = ladder_read(r, tid, when_now(), &l, e)) == 0 &&
	    (rc = ladder_check(c, &l, c->me, to, e)) == 0 &&
	    (rc = mailcmd_ask_confirm(r, "CHALLENGE", c->me->name, c->args,
	    code, e)) == 0) {
		memset(&n, 0, sizeof(n));
		snprintf(n.from, sizeof(n.from), "%s", c->me->name);
		snprintf(n.to, sizeof(n.to), "%s", to->name);
		snprintf(n.rules, sizeof(n.rules), "%s", l.d.rules->name);
		snprintf(n.ladder, sizeof(n.ladder), "%.*s", KEY_NAME_MAX,
		    l.d.id);
		snprintf(what, sizeof(what), "adjudicator ladder\n%s\n%s\n%s\n"
		    "%s", n.from, n.to, l.d.hex, r->b->in.message_id);
		rc = mailcmd_ask_new(c, &n, what, to, "challenge,ladder", e);
	}
	if (rc == 1)
		rc = 0;
	ladder_free(&l);
	mailcmd_ask_let_go(c);
	return rc;
}

/* The game of challenge k between seat[0] (white) and seat[1] made now,
 * checked at its creation (its header's time), its header kept at path:
 * its signed header in sb. */
static int
ladder_make(struct mailcmd_ask *c, const struct club_challenge *k,
    const struct club_member *const seat[2], const char *path,
    struct buf *sb, struct error *e)
{
	struct match_event ev;
	struct ladder l;
	struct match *m;
	char game[ROOT_ID];
	int rc;

	memset(&l, 0, sizeof(l));
	if ((rc = ladder_read(c->r, k->ladder, when_now(), &l, e)) != 0)
		goto done;
	if (l.d.format != TOUR_LADDER) {
		rc = ladder_check(c, &l, seat[0], seat[1], e);
		goto done;
	}
	memset(&ev, 0, sizeof(ev));
	snprintf(ev.id, sizeof(ev.id), "%s", l.d.hex);
	if ((rc = mailcmd_game_event(c->r, l.d.rules, &l.d.cfg,
	    l.d.clock.on ? &l.d.clock : NULL, &ev, seat, sb, game, e)) != 0 ||
	    (m = header_read(sb->data, sb->len, path, e)) == NULL) {
		rc = -1;
		goto done;
	}
	/* the places at the game's creation, as verify takes them */
	ladder_free(&l);
	rc = ladder_read(c->r, k->ladder, m->created_at, &l, e);
	match_free(m);
	if (rc == 0 && (rc = ladder_check(c, &l, seat[0], seat[1], e)) == 0)
		rc = mailbot_tour_keep(path, sb, e);
done:
	ladder_free(&l);
	return rc;
}

int
mailcmd_ladder_accept(struct mailcmd_ask *c, struct club_challenge *k,
    const struct club_member *from, char said[2][200], struct error *e)
{
	const struct club_member *seat[2] = { from, c->me };
	char file[KEY_NAME_MAX + 40], path[PATH_MAX];
	struct match *m = NULL;
	struct buf sb;
	int rc;

	snprintf(file, sizeof(file), "ladder-%s.hdr", k->id);
	if (mailbot_tour_path(c->r->b->root, k->ladder, file, path,
	    sizeof(path), e) != 0)
		return -1;
	buf_init(&sb);
	/* kept: made before (the same ACCEPT again, or after a crash) */
	if ((rc = mailbot_tour_kept(path, &sb, e)) == 0)
		rc = ladder_make(c, k, seat, path, &sb, e);
	else if (rc == 1)
		rc = 0;
	if (rc == 0 && (m = header_read(sb.data, sb.len, path, e)) == NULL)
		rc = -1;
	if (rc == 0) {
		snprintf(k->game, sizeof(k->game), "%s", m->game_hex);
		rc = club_challenges_write(c->r->b->root, &c->cs, e) != 0 ||
		    mailcmd_game_file(c->r, &sb, e) != 0 ||
		    tour_watchers_add(c->r->b->root, k->ladder, k->game,
		    e) != 0 ? -1 : 0;
	}
	match_free(m);
	buf_free(&sb);
	if (rc != 0)
		return -1;
	snprintf(said[0], 200, "you accepted %s's challenge on the ladder %s: "
	    "you play black", k->from, k->ladder);
	snprintf(said[1], 200, "%s accepted your challenge on the ladder %s: "
	    "you play white", c->me->name, k->ladder);
	return 0;
}
