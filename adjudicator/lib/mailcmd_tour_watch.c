/*
 * WATCH TID by mail (formats/tournament.md, "By mail"): the sender
 * becomes an observer of every game of a tournament the judge holds,
 * those made so far and those it makes later.  Confirmed by the judge's
 * code for that address and request (mailcmd_ask_confirm), as SEEK is:
 * a forged From subscribes nobody.  The addresses are kept, one a line,
 * in ROOT/tournaments/ID/watchers; tour_watchers_add makes them
 * observers of a game, and every maker of a tournament's games calls it
 * once it filed one.  A tournament is public: its games take these
 * observers whether or not they take observers by mail otherwise.
 */
#include <ctype.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "armor.h"
#include "fsio.h"
#include "gamedir.h"
#include "mailbot_int.h"
#include "mailcmd.h"
#include "mailcmd_ask.h"
#include "mailbot_tour.h"
#include "mailcmd_tour.h"
#include "match.h"
#include "root.h"
#include "tour.h"
#include "watchers.h"

#define TOUR_WATCHERS	"watchers"
#define TOUR_WATCHERS_MAX (WATCHERS_BY_MAIL * (MATCH_ADDRESS + 1))

/* ROOT/tournaments/TID/watchers read into t ("" none) */
static int
read_list(const char *root, const char *tid, char *path, size_t len,
    struct buf *t, struct error *e)
{
	if ((size_t)snprintf(path, len, "%s/tournaments/%s/%s", root, tid,
	    TOUR_WATCHERS) >= len)
		return error_set(e, EXIT_SYSTEM, "%s: path too long", root);
	if (fsio_exists(path) && fsio_read(path, TOUR_WATCHERS_MAX, t, e) != 0)
		return -1;
	return buf_cstr(t) != 0 ? error_set(e, EXIT_SYSTEM, "out of memory") :
	    0;
}

/* The addresses of list (one a line) made observers of game. */
static int
add_to_game(const char *root, const char *game, const char *list,
    struct error *e)
{
	struct watchers *ws;
	struct watcher *w;
	struct gamedir g;
	char dir[PATH_MAX], addr[MATCH_ADDRESS];
	const char *p, *nl;
	int rc = -1;

	if (root_find(root, game, dir, sizeof(dir), e) != 0)
		return -1;
	if ((ws = calloc(1, sizeof(*ws))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	if (gamedir_open(dir, GAMEDIR_WRITE, &g, NULL, e) != 0) {
		free(ws);
		return -1;
	}
	if (watchers_load(g.path, &g.t.m->watch, ws, e) != 0)
		goto done;
	for (p = list; *p != '\0'; p = *nl ? nl + 1 : nl) {
		nl = p + strcspn(p, "\n");
		if (nl == p || (size_t)(nl - p) >= sizeof(addr))
			continue;
		memcpy(addr, p, (size_t)(nl - p));
		addr[nl - p] = '\0';
		if ((w = watchers_find(ws, addr)) == NULL &&
		    (w = watchers_add(ws, addr)) == NULL)
			continue;	/* the game takes no more */
		if (w->state == WATCHER_OFF) {
			w->state = WATCHER_ON;
			w->seq = g.t.m->seq;
		}
	}
	rc = watchers_save(g.path, ws, e);
done:
	gamedir_close(&g);
	free(ws);
	return rc;
}

int
tour_watchers_add(const char *root, const char *tid, const char *game,
    struct error *e)
{
	char path[PATH_MAX];
	struct buf t;
	int rc;

	buf_init(&t);
	rc = read_list(root, tid, path, sizeof(path), &t, e);
	if (rc == 0 && t.len > 0)
		rc = add_to_game(root, game, (char *)t.data, e);
	buf_free(&t);
	return rc;
}

/* The id of the game whose header ROOT/tournaments/TID/file keeps. */
static int
game_of(const char *path, char *game, size_t len, struct error *e)
{
	struct armor_list l = { NULL, 0, NULL };
	struct match *m = NULL;
	struct buf t;
	int rc;

	buf_init(&t);
	rc = fsio_read(path, 1 << 20, &t, e) != 0 || armor_read((char *)
	    t.data, t.len, TOUR_ARMOR, path, &l, e) != 0 || (m =
	    header_read(l.items[0].data, l.items[0].len, path, e)) == NULL ?
	    -1 : 0;
	if (rc == 0)
		snprintf(game, len, "%s", m->game_hex);
	match_free(m);
	armor_list_free(&l);
	buf_free(&t);
	return rc;
}

/* The sender made an observer of every game made so far: how many. */
static int
add_to_games(struct bot_run *r, const char *tid, const char *list,
    size_t *n, struct error *e)
{
	char dir[PATH_MAX], path[PATH_MAX], game[ROOT_ID];
	struct dirent *de;
	DIR *dp;
	int rc = 0;

	if (mailbot_tour_path(r->b->root, tid, NULL, dir, sizeof(dir), e) != 0)
		return -1;
	if ((dp = opendir(dir)) == NULL)
		return error_errno(e, "%s", dir);
	while (rc == 0 && (de = readdir(dp)) != NULL) {
		if (strncmp(de->d_name, "game-", 5) != 0 ||
		    strstr(de->d_name, ".hdr") == NULL)
			continue;
		if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir,
		    de->d_name) >= sizeof(path))
			rc = error_set(e, EXIT_SYSTEM, "%s: path too long",
			    dir);
		else if ((rc = game_of(path, game, sizeof(game), e)) == 0 &&
		    (rc = add_to_game(r->b->root, game, list, e)) == 0)
			(*n)++;
	}
	closedir(dp);
	return rc;
}

/* The sender's address added to the tournament's list (once): 0, 1 the
 * list is full. */
static int
listed(struct bot_run *r, const char *tid, struct error *e)
{
	const char *from = r->b->in.from, *p;
	char path[PATH_MAX];
	struct buf t;
	size_t n = strlen(from), lines = 0;
	int rc;

	buf_init(&t);
	if ((rc = read_list(r->b->root, tid, path, sizeof(path), &t, e)) != 0)
		goto done;
	for (p = (char *)t.data; *p != '\0'; p += strcspn(p, "\n") + 1)
		if (strncasecmp(p, from, n) == 0 && p[n] == '\n')
			goto done;
		else if (p[strcspn(p, "\n")] == '\0')
			break;
	for (p = (char *)t.data; *p != '\0'; p++)
		lines += *p == '\n';
	if (lines >= WATCHERS_BY_MAIL)
		rc = 1;
	else if (buf_printf(&t, "%s\n", from) != 0)
		rc = error_set(e, EXIT_SYSTEM, "out of memory");
	else
		rc = fsio_write_atomic(path, t.data, t.len, 0644, e);
done:
	buf_free(&t);
	return rc;
}

static int
run_watch(struct bot_run *r, struct error *e)
{
	struct mailcmd_ask c;
	struct tour_decl d;
	char code[CLUB_CHALLENGE_ID], text[600], why[120];
	size_t n = 0;
	int rc;

	if (mailcmd_ask_begin(&c, r, "WATCH", "watch,quiet"))
		return 0;
	memset(&d, 0, sizeof(d));
	if (header_address_check(r->b->in.from, why, sizeof(why)) != 0)
		return mailcmd_ask_refuse(&c, "watch,address", EXIT_REFUSED, e,
		    "an observer's address is a plain mailbox: yours is not "
		    "(%s)", why);
	mailcmd_ask_take_code(c.args, 1, code);
	if ((rc = mailcmd_ask_hold(&c, e)) != 0)
		return rc;
	if (strcspn(c.args, "/. ") != strlen(c.args) ||
	    (rc = mailbot_tour_held(r->b->root, c.args, &d, NULL,
	    e)) == 1)
		rc = mailcmd_ask_refuse(&c, "watch,unknown", EXIT_REFUSED, e,
		    "this judge holds no tournament %.40s", c.args);
	else if (rc == 0 && (rc = mailcmd_ask_confirm(r, "WATCH", "",
	    c.args, code, e)) == 0 && (rc = listed(r, d.id, e)) == 1)
		rc = mailcmd_ask_refuse(&c, "watch,full", EXIT_REFUSED, e,
		    "the tournament %s has all the observers it takes (%d)",
		    d.id, WATCHERS_BY_MAIL);
	else if (rc == 0 && (rc = add_to_games(r, d.id, r->b->in.from, &n,
	    e)) == 0) {
		snprintf(text, sizeof(text), "You watch every game of the "
		    "tournament %s (%.16s): %s.\nThe %zu made so far and every "
		    "one the judge makes later: the judge mails\nyou, after "
		    "each entry of each, what anyone may know of it.\n",
		    d.id, d.hex, d.name, n);
		rc = mailcmd_ask_tell(&c, "watch,tournament", text, e);
		report_line(r->b->report, "%s: tournament %s: %s watches "
		    "its %zu games", r->name, d.id, r->b->in.from, n);
	}
	mailcmd_ask_let_go(&c);
	tour_decl_free(&d);
	return rc < 0 ? -1 : 0;
}

/* WATCH followed by a word that is not hex digits alone: a tournament's
 * id (a game's is hex digits: mail.c's WATCH) */
static int
asked_watch(const struct mail_in *in)
{
	char args[MAIL_SAID];
	size_t n;

	if (!mailcmd_said(in, "WATCH", args, sizeof(args)))
		return 0;
	n = strcspn(args, " \t");
	return n > 0 && strspn(args, "0123456789abcdefABCDEF") < n;
}

const struct mailcmd mailcmd_tour_watch = {
	.name = "WATCH",
	.usage = "WATCH TID [CODE]",
	.help = "watch every game of tournament TID, now and later",
	.flags = MAILCMD_GAMES | MAILCMD_CODE,
	.asked = asked_watch,
	.run = run_watch,
};
