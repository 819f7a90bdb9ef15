/*
 * A root of many games.  See root.h.
 *
 * A game is filed by creating its directory whole beside the others
 * (ROOT/.join.RANDOM) and renaming it into place, so two deliveries of
 * one invitation at once make one game and the second finds it there.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "armor.h"
#include "fsio.h"
#include "gamedir.h"
#include "holder.h"
#include "mail.h"
#include "match.h"
#include "mime.h"
#include "restore.h"
#include "root.h"
#include "view.h"
#include "ydoc.h"

int
root_is_id(const char *s)
{
	return strlen(s) == 2 * SEC_HASH &&
	    strspn(s, "0123456789abcdef") == 2 * SEC_HASH;
}

int
root_dir(const char *root, const char *game, char *out, size_t len,
    struct error *e)
{
	if (!root_is_id(game))
		return error_set(e, EXIT_MALFORMED, "\"%.70s\" is not a game id",
		    game);
	if ((size_t)snprintf(out, len, "%s/%s", root, game) >= len)
		return error_set(e, EXIT_USAGE, "%s: path too long", root);
	return 0;
}

int
root_game_of(const struct envelope *env, char game[ROOT_ID], int *header,
    const char *where, struct error *e)
{
	struct ydoc *doc;
	int rc;

	*header = 0;
	if ((doc = ydoc_parse(env->body, env->body_len, where, e)) == NULL)
		return -1;
	rc = root_game_in(doc, env, game, header, where, e);
	ydoc_free(doc);
	return rc;
}

int
root_game_in(const struct ydoc *doc, const struct envelope *env,
    char game[ROOT_ID], int *header, const char *where, struct error *e)
{
	const struct ydoc *k;
	const char *g;
	int rc = -1;

	*header = 0;
	k = ydoc_get(doc, "kind");
	if (k != NULL && k->type == YDOC_SCALAR && strcmp(k->str,
	    "header") == 0) {
		*header = 1;
		sec_hex(game, ROOT_ID, env->hash, SEC_HASH);
		rc = 0;
	} else if ((g = ydoc_scalar(doc, "game", where, e)) != NULL) {
		if (!root_is_id(g))
			error_set(e, EXIT_MALFORMED, "%s: game \"%.70s\" is not "
			    "a game id", where, g);
		else {
			snprintf(game, ROOT_ID, "%s", g);
			rc = 0;
		}
	}
	return rc;
}

/* A directory holding files only (a game directory), removed. */
static void
remove_flat(const char *dir)
{
	char p[PATH_MAX];
	struct dirent *de;
	DIR *d;

	if ((d = opendir(dir)) == NULL)
		return;
	while ((de = readdir(d)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		if ((size_t)snprintf(p, sizeof(p), "%s/%s", dir, de->d_name) <
		    sizeof(p))
			(void)unlink(p);
	}
	closedir(d);
	(void)rmdir(dir);
}

static int
complete(const char *dir)
{
	char p[PATH_MAX];

	return (size_t)snprintf(p, sizeof(p), "%s/seat", dir) < sizeof(p) &&
	    fsio_exists(p);
}

int
root_is_game(const char *dir)
{
	return complete(dir);
}

/* What the judge's mail bot needs of a game before it takes it on. */
static int
judge_can_take(const struct match *m, int seat, const char *where,
    struct error *e)
{
	int i;

	if (seat != GAME_JUDGE)
		return error_set(e, EXIT_REFUSED, "%s: this key is %s's in game "
		    "%.16s, not its judge's", where, match_author_name(m, seat),
		    m->game_hex);
	for (i = 0; i < m->nseats; i++)
		if (m->seat[i].address[0] == '\0')
			return error_set(e, EXIT_REFUSED, "%s: game %.16s gives "
			    "no mail address for %s, and the judge mails every "
			    "seat (new -a %s=ADDRESS)", where, m->game_hex,
			    m->seat[i].name, m->seat[i].name);
	return 0;
}

/* The game of header m filed as seat's copy (GAME_JUDGE: the judge's). */
static int
file_as(const char *root, const uint8_t *sb, size_t len, const char *keypath,
    const struct match *m, int seat, int *already, struct error *e)
{
	char dir[PATH_MAX], tmp[PATH_MAX];

	if (root_dir(root, m->game_hex, dir, sizeof(dir), e) != 0)
		return -1;
	if (mkdir(root, 0700) != 0 && errno != EEXIST)
		return error_errno(e, "%s", root);
	if (complete(dir)) {
		*already = 1;
		return 0;
	}
	if ((size_t)snprintf(tmp, sizeof(tmp), "%s/.join.XXXXXX", root) >=
	    sizeof(tmp) || mkdtemp(tmp) == NULL)
		return error_errno(e, "%s", root);
	if (gamedir_create(tmp, sb, len, match_author_name(m, seat), keypath,
	    e) != 0) {
		remove_flat(tmp);
		return -1;
	}
	if (rename(tmp, dir) != 0) {
		/* filed meanwhile by another delivery of the same mail */
		if ((errno == EEXIST || errno == ENOTEMPTY) && complete(dir))
			*already = 1;
		else
			error_errno(e, "%s", dir);
		remove_flat(tmp);
		return *already ? 0 : -1;
	}
	return 0;
}

int
root_file(const char *root, const uint8_t *sb, size_t len,
    const char *keypath, const struct key_public *me, int judge_only,
    char game[ROOT_ID], int *already, const char *where, struct error *e)
{
	struct match *m;
	int seat, rc = -1;

	*already = 0;
	if ((m = header_read(sb, len, where, e)) == NULL)
		return -1;
	snprintf(game, ROOT_ID, "%s", m->game_hex);
	if ((seat = match_seat_of(m, me)) < 0)
		error_set(e, EXIT_REFUSED, "%s: key %s holds no seat in game "
		    "%.16s", where, me->idhex, m->game_hex);
	else if (!judge_only || judge_can_take(m, seat, where, e) == 0)
		rc = file_as(root, sb, len, keypath, m, seat, already, e);
	match_free(m);
	return rc;
}

/*
 * A mail of a mailbox: its name ("INPUT: mail N") in name; 1 when it is
 * too large, said on a line and skipped: a mailbox holds junk too, and
 * the rest is read.
 */
static int
mail_name(const struct mime_mail *m, const char *input,
    const struct report *rep, char *name, size_t len)
{
	char line[600];

	mime_mail_where(m, input, name, len);
	if (!m->too_large)
		return 0;
	mime_mail_too_large(m, name, MIME_MAIL_MAX, line, sizeof(line));
	report_line(rep, "%s; skipped", line);
	return 1;
}

/*
 * An invitation sealed again to this key, signed for others (the judge's
 * mail to a seat's new holder, a peer's package to the next one): filed
 * as the seat that the entries coming with it hand to this key.
 */
static int
file_handed(struct root_joining *j, const struct buf *sb,
    const struct armor_list *l, char game[ROOT_ID], int *already,
    const char *where, struct error *e)
{
	struct match *m;
	int seat, rc = -1;

	*already = 0;
	if ((m = header_read(sb->data, sb->len, where, e)) == NULL)
		return -1;
	snprintf(game, ROOT_ID, "%s", m->game_hex);
	if ((seat = match_seat_of(m, &j->k->pub)) >= 0 ||
	    restore_holder(m, l, j->k, where, &seat, e) == 0)
		rc = file_as(j->root, sb->data, sb->len, j->keypath, m, seat,
		    already, e);
	match_free(m);
	return rc;
}

/* What came with a new copy's invitation (a backup, a whole update),
 * taken as receive takes it; refused, the copy stays joined. */
static int
take_rest(struct root_joining *j, const char *game,
    const struct mime_mail *mm, const char *where, struct error *e)
{
	char dir[PATH_MAX];
	struct gamedir g;
	int rc;

	if (root_dir(j->root, game, dir, sizeof(dir), e) != 0 ||
	    gamedir_open(dir, GAMEDIR_WRITE, &g, j->report, e) != 0)
		return -1;
	rc = transcript_receive(&g.t, j->k, mm->text, mm->len, where, e) != 0 ||
	    gamedir_commit(&g, e) != 0 ? -1 : 0;
	gamedir_close(&g);
	return rc;
}

/* A game just filed (its invitation sb, checked then): j->peer told
 * when it is a peer game. */
static void
peer_joined(struct root_joining *j, const struct buf *sb, const char *game)
{
	char dir[PATH_MAX];
	struct match *m;
	struct error ign;

	if ((m = header_parse(sb->data, sb->len, game, &ign)) == NULL)
		return;
	if (!m->judge_mode && root_dir(j->root, game, dir, sizeof(dir),
	    &ign) == 0)
		j->peer(j->peer_arg, dir);
	match_free(m);
}

/* One invitation of the messages l opened (handed: sealed again to this
 * key): filed, with what came with it when l is its package, or said why
 * not. */
static int
join_one(struct root_joining *j, const struct buf *sb, int handed,
    const struct armor_list *l, int package, const struct mime_mail *mm,
    const char *where, struct error *e)
{
	char game[ROOT_ID];
	struct error why;
	int already, rc;

	error_clear(&why);
	rc = handed || package ? file_handed(j, sb, l, game, &already,
	    where, &why) : root_file(j->root, sb->data, sb->len, j->keypath,
	    &j->k->pub, 0, game, &already, where, &why);
	if (rc == 0 && !already && package &&
	    take_rest(j, game, mm, where, &why) != 0) {
		/* the copy is joined: receive -r takes the rest again */
		j->filed++;
		rc = -1;
	}
	if (rc != 0) {
		if (why.status == EXIT_SYSTEM) {
			*e = why;
			return -1;
		}
		report_line(j->report, "%s", why.msg);
		if (why.status == EXIT_MALFORMED)
			j->malformed = 1;
		else
			j->refused = 1;
		return 0;
	}
	report_line(j->report, "%s game %.16s in %s/%s", already ?
	    "already joined:" : "joined", game, j->root, game);
	j->filed++;
	if (!already && j->peer != NULL)
		peer_joined(j, sb, game);
	return 0;
}

static void
where_of(const char *name, const struct armor_list *l, size_t i, char *out,
    size_t len)
{
	if (l->n > 1)
		snprintf(out, len, "%s: message %zu", name, i + 1);
	else
		snprintf(out, len, "%s", name);
}

/* Every invitation of one mail; what cannot be opened is passed over,
 * the first reason kept in case nothing is filed at all. */
static int
join_mail(void *arg, const struct mime_mail *m, struct error *e)
{
	struct root_joining *j = arg;
	struct armor_list l = { NULL, 0, NULL };
	struct envelope env;
	struct error why, ign;
	char name[400], where[512], game[ROOT_ID], first[ROOT_ID] = "";
	struct buf sb, *heads = NULL;
	size_t *at = NULL;
	int *handed = NULL;
	size_t i, nheads = 0;
	int header, other = 0, rc = 0;

	if (mail_name(m, j->name, j->report, name, sizeof(name)) != 0)
		return 0;
	error_clear(&why);
	if (armor_read(m->text, m->len, ARMOR_MESSAGE, name, &l, &why) != 0) {
		if (why.status == EXIT_SYSTEM) {
			*e = why;
			return -1;
		}
		if (j->nothing.msg[0] == '\0')
			j->nothing = why;
		return 0;
	}
	buf_init(&sb);
	if ((heads = calloc(l.n, sizeof(*heads))) == NULL ||
	    (handed = calloc(l.n, sizeof(*handed))) == NULL ||
	    (at = calloc(l.n, sizeof(*at))) == NULL) {
		rc = error_set(e, EXIT_SYSTEM, "out of memory");
		goto done;
	}
	for (i = 0; i < l.n && rc == 0; i++) {
		where_of(name, &l, i, where, sizeof(where));
		sb.len = 0;
		error_clear(&why);
		handed[nheads] = 0;
		if (envelope_open(l.items[i].data, l.items[i].len, j->k, &sb,
		    &env, where, &why) != 0 && why.status != EXIT_SYSTEM &&
		    l.n > 1) {
			/* not sealed for this key: perhaps sealed to it again */
			sb.len = 0;
			handed[nheads] = envelope_open_forwarded(l.items[i].data,
			    l.items[i].len, j->k, &sb, &env, where, &ign) == 0;
		}
		if ((why.status != EXIT_OK && !handed[nheads]) ||
		    root_game_of(&env, game, &header, where, &why) != 0) {
			if (why.status == EXIT_SYSTEM) {
				*e = why;
				rc = -1;
			} else if (j->first.msg[0] == '\0')
				j->first = why;
			continue;
		}
		if (first[0] == '\0')
			snprintf(first, sizeof(first), "%s", game);
		other |= strcmp(first, game) != 0;
		at[nheads] = i;
		if (header && buf_add(&heads[nheads++], sb.data, sb.len) != 0)
			rc = error_set(e, EXIT_SYSTEM, "out of memory");
	}
	/* one game's invitation and what comes with it: a package */
	for (i = 0; i < nheads && rc == 0; i++) {
		where_of(name, &l, at[i], where, sizeof(where));
		rc = join_one(j, &heads[i], handed[i], &l,
		    nheads == 1 && !other && l.n > 1, m, where, e);
	}
done:
	for (i = 0; heads != NULL && i < nheads; i++)
		buf_free(&heads[i]);
	free(heads);
	free(handed);
	free(at);
	armor_list_free(&l);
	buf_free(&sb);
	return rc;
}

int
root_join(struct root_joining *j, FILE *f, struct error *e)
{
	if (mime_mailbox(f, j->name, MIME_MAIL_MAX, join_mail, j, e) != 0)
		return -1;
	if (j->refused || j->malformed)
		return error_set(e, j->malformed ? EXIT_MALFORMED :
		    EXIT_REFUSED, "some invitations were refused (see the "
		    "lines above)");
	if (j->filed > 0)
		return 0;
	if (j->first.msg[0] != '\0')
		*e = j->first;
	else if (j->nothing.msg[0] != '\0')
		*e = j->nothing;
	else
		error_set(e, EXIT_MALFORMED, "%s: no invitation found",
		    j->name);
	return -1;
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int
root_each(const char *root, root_each_fn *each, void *arg, struct error *e)
{
	char **names = NULL, **n, dir[PATH_MAX];
	struct dirent *de;
	size_t count = 0, i;
	DIR *d;
	int rc = 0;

	if ((d = opendir(root)) == NULL)
		return errno == ENOENT ? error_set(e, EXIT_USAGE, "%s: no such "
		    "root (join -r makes it)", root) : error_errno(e, "%s", root);
	while ((de = readdir(d)) != NULL) {
		if (!root_is_id(de->d_name))
			continue;
		if ((n = realloc(names, (count + 1) * sizeof(*n))) == NULL ||
		    (n[count] = strdup(de->d_name)) == NULL) {
			if (n != NULL)
				names = n;
			rc = error_set(e, EXIT_SYSTEM, "out of memory");
			break;
		}
		names = n;
		count++;
	}
	closedir(d);
	if (rc == 0 && count > 0)
		qsort(names, count, sizeof(*names), by_name);
	for (i = 0; rc == 0 && i < count; i++) {
		snprintf(dir, sizeof(dir), "%s/%s", root, names[i]);
		if (complete(dir))
			rc = each(arg, dir, names[i], e);
	}
	for (i = 0; i < count; i++)
		free(names[i]);
	free(names);
	return rc;
}

/* --- receive -r --- */

/* The key file a game directory names (formats/gamedir.md). */
static int
seat_keypath(const char *dir, char *out, size_t len, struct error *e)
{
	static const char *const keys[] = { "seat", "key", NULL };
	char p[PATH_MAX];
	struct ydoc *doc;
	const char *k;
	struct buf b;
	int rc = -1;

	snprintf(p, sizeof(p), "%s/seat", dir);
	buf_init(&b);
	if (fsio_read(p, 65536, &b, e) != 0 ||
	    (doc = ydoc_parse(b.data, b.len, p, e)) == NULL) {
		buf_free(&b);
		return -1;
	}
	if (ydoc_check_keys(doc, keys, keys, p, e) == 0 &&
	    (k = ydoc_scalar(doc, "key", p, e)) != NULL) {
		snprintf(out, len, "%s", k);
		rc = 0;
	}
	ydoc_free(doc);
	buf_free(&b);
	return rc;
}

static int
note_key(void *arg, const char *dir, const char *game, struct error *e)
{
	struct root_receive *r = arg;
	char path[PATH_MAX];
	size_t i;

	(void)game;
	if (seat_keypath(dir, path, sizeof(path), e) != 0)
		return e->status == EXIT_SYSTEM ? -1 : 0;
	for (i = 0; i < r->nkeys; i++)
		if (strcmp(r->keypath[i], path) == 0)
			return 0;
	if (r->nkeys == ROOT_MAX_KEYS)
		return error_set(e, EXIT_USAGE, "%s: the games use more than %d "
		    "key files", r->root, ROOT_MAX_KEYS);
	if ((r->keypath[r->nkeys] = strdup(path)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	r->nkeys++;
	return 0;
}

int
root_receive_begin(struct root_receive *r, const char *root,
    key_load_fn *load, void *arg, const struct report *rep, struct error *e)
{
	memset(r, 0, sizeof(*r));
	r->root = root;
	r->load = load;
	r->load_arg = arg;
	r->report = rep;
	if (root_each(root, note_key, r, e) != 0)
		return -1;
	if (r->nkeys == 0)
		return error_set(e, EXIT_USAGE, "%s: no game here yet (join -r "
		    "files one)", root);
	return 0;
}

static const struct key_secret *
key_of(struct root_receive *r, size_t i, struct error *e)
{
	if (r->key[i] == NULL)
		r->key[i] = r->load(r->keypath[i], r->load_arg, e);
	return r->key[i];
}

int
root_receive_keys(struct root_receive *r, struct error *e)
{
	size_t i;

	/* a key that cannot be had (no passphrase, a wrong one) is said
	 * once, before any mail is read, not once for every mail */
	for (i = 0; i < r->nkeys; i++)
		if (key_of(r, i, e) == NULL)
			return -1;
	return 0;
}

static int
mark_changed(struct root_receive *r, const char *game)
{
	char (*n)[ROOT_ID];
	size_t i;

	for (i = 0; i < r->nchanged; i++)
		if (strcmp(r->changed[i], game) == 0)
			return 0;
	if ((n = realloc(r->changed, (r->nchanged + 1) * sizeof(*n))) == NULL)
		return -1;
	r->changed = n;
	snprintf(n[r->nchanged++], ROOT_ID, "%s", game);
	return 0;
}

/* A refusal said on one line and counted; the others go on. */
static int
refused(struct root_receive *r, struct error *e)
{
	if (e->status == EXIT_SYSTEM)
		return -1;
	report_line(r->report, "%s", e->msg);
	if (e->status == EXIT_MALFORMED)
		r->malformed = 1;
	else
		r->refused = 1;
	error_clear(e);
	return 0;
}

/* One message, opened, to its game. */
static int
to_game(struct root_receive *r, const uint8_t *sb, size_t len,
    const struct envelope *env, const char *where, struct error *e)
{
	char game[ROOT_ID], dir[PATH_MAX];
	const struct key_secret *k = NULL;
	struct gamedir g;
	size_t i;
	int header, rc;

	if (root_game_of(env, game, &header, where, e) != 0 ||
	    root_dir(r->root, game, dir, sizeof(dir), e) != 0)
		return refused(r, e);
	if (!complete(dir)) {
		report_line(r->report, "%s: %s game %.16s, not in %s; skipped%s",
		    where, header ? "the invitation of" : "a message of", game,
		    r->root, header ? " (join -r files it)" : "");
		return 0;
	}
	if (gamedir_open(dir, GAMEDIR_WRITE, &g, r->report, e) != 0)
		return refused(r, e);
	for (i = 0; i < r->nkeys && k == NULL; i++)
		if (strcmp(r->keypath[i], g.keypath) == 0 &&
		    (k = key_of(r, i, e)) == NULL) {
			gamedir_close(&g);
			return refused(r, e);
		}
	/* a seat handed over: what comes for its old copy (a mailbox read
	 * again, the updates it had before) is no one's to take now */
	if (k != NULL && g.t.me < g.t.m->nseats &&
	    holder_gone(g.t.m, g.t.me) != NULL &&
	    transcript_key_check(&g.t, k, g.keypath, e) != 0) {
		report_seen(r->report, "%s: game %.16s: your seat %s was "
		    "handed over; nothing to take", where, game,
		    g.t.m->seat[g.t.me].name);
		error_clear(e);
		gamedir_close(&g);
		return 0;
	}
	g.t.received = r->received;
	if (k == NULL || transcript_key_check(&g.t, k, g.keypath, e) != 0 ||
	    transcript_receive_message(&g.t, sb, len, env, where, e) != 0) {
		struct error ign;

		if (k == NULL)
			error_set(e, EXIT_USAGE, "%s: its key file is not known",
			    dir);
		/* what was accepted before the refusal stays */
		gamedir_commit(&g, &ign);
		gamedir_close(&g);
		return refused(r, e);
	}
	rc = gamedir_commit(&g, e);
	gamedir_close(&g);
	if (rc == 0 && mark_changed(r, game) != 0)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	return rc;
}

static int
not_for_us(const struct error *e)
{
	return e->status == EXIT_REFUSED &&
	    strstr(e->msg, ": not addressed to key ") != NULL;
}

/* Opens a block with the first key of the root it is for; 1: it is for
 * none of them (another's mail, a copy of one's own to the judge). */
static int
open_block(struct root_receive *r, const struct buf *block, struct buf *sb,
    struct envelope *env, const char *where, struct error *e)
{
	struct error why, one;
	size_t i;

	error_clear(&why);
	for (i = 0; i < r->nkeys; i++) {
		sb->len = 0;
		if (key_of(r, i, e) == NULL)
			return -1;
		error_clear(&one);
		if (envelope_open(block->data, block->len, r->key[i], sb, env,
		    where, &one) == 0)
			return 0;
		/* what went wrong with the key it is for says most */
		if (why.msg[0] == '\0' || (not_for_us(&why) && !not_for_us(&one)))
			why = one;
	}
	*e = why;
	return not_for_us(&why) ? 1 : -1;
}

struct one_input {
	struct root_receive	*r;
	const char		*name;
};

static int
one_mail(void *arg, const struct mime_mail *m, struct error *e)
{
	struct one_input *in = arg;
	struct root_receive *r = in->r;
	struct armor_list l = { NULL, 0, NULL };
	struct envelope env;
	struct mail_in head;
	char where[512], name[400];
	struct buf sb;
	size_t k;
	int rc = 0;

	if (mail_name(m, in->name, r->report, name, sizeof(name)) != 0)
		return 0;
	/* when it reached this system: a judge's stamp is held to it */
	mail_read(m->text, m->len, &head);
	r->received = head.received;
	if (armor_read(m->text, m->len, ARMOR_MESSAGE, name, &l, e) != 0) {
		/* a mailbox holds other mail too */
		if (strstr(e->msg, "no " ARMOR_MESSAGE " found") != NULL &&
		    e->status == EXIT_MALFORMED) {
			error_clear(e);
			return 0;
		}
		return refused(r, e);
	}
	buf_init(&sb);
	for (k = 0; k < l.n && rc == 0; k++) {
		r->messages++;
		if (l.n > 1)
			snprintf(where, sizeof(where), "%s: message %zu", name,
			    k + 1);
		else
			snprintf(where, sizeof(where), "%s", name);
		switch (open_block(r, &l.items[k], &sb, &env, where, e)) {
		case 0:
			rc = to_game(r, sb.data, sb.len, &env, where, e);
			break;
		case 1:
			report_line(r->report, "%s; skipped", e->msg);
			error_clear(e);
			break;
		default:
			rc = refused(r, e);
		}
	}
	buf_free(&sb);
	armor_list_free(&l);
	return rc;
}

int
root_receive(struct root_receive *r, FILE *f, const char *name,
    struct error *e)
{
	struct one_input in = { r, name };

	return mime_mailbox(f, name, MIME_MAIL_MAX, one_mail, &in, e);
}

int
root_receive_views(const struct root_receive *r, struct buf *out,
    struct error *e)
{
	char dir[PATH_MAX], shown[PATH_MAX];
	struct view_place vp;
	struct gamedir g;
	size_t i;

	for (i = 0; i < r->nchanged; i++) {
		if (root_dir(r->root, r->changed[i], dir, sizeof(dir), e) != 0 ||
		    gamedir_open(dir, GAMEDIR_READ, &g, NULL, e) != 0)
			return -1;
		buf_printf(out, "%s== %s game %.16s\n", i ? "\n" : "",
		    g.t.m->rules->name, g.t.m->game_hex);
		/* the hints name the game as a person types it: ROOT/ID */
		root_short(dir, shown, sizeof(shown));
		vp.dir = shown;
		vp.root = r->root;
		vp.sent = gamedir_judged_sent(&g);
		view_text_at(g.t.m, g.t.me < g.t.m->nseats ? g.t.me : -1,
		    &vp, out);
		gamedir_close(&g);
	}
	return 0;
}

void
root_receive_end(struct root_receive *r)
{
	size_t i;

	for (i = 0; i < r->nkeys; i++) {
		key_secret_free(r->key[i]);
		free(r->keypath[i]);
	}
	free(r->changed);
	memset(r, 0, sizeof(*r));
}
