/*
 * A game of a root by the first digits of its id, as a person types them
 * and as the views print them.  See root.h.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "match.h"
#include "root.h"
#include "sec.h"
#include "view.h"

/* A prefix as a person types it, in lower case: 4 to 64 hex digits. */
static int
id_prefix(const char *in, char *out, size_t len)
{
	size_t n = strlen(in), i;

	if (n < ROOT_MIN_PREFIX || n > 2 * SEC_HASH || n >= len ||
	    strspn(in, "0123456789abcdefABCDEF") != n)
		return -1;
	for (i = 0; i <= n; i++)
		out[i] = (char)(in[i] >= 'A' && in[i] <= 'F' ? in[i] - 'A' + 'a' :
		    in[i]);
	return 0;
}

struct finding {
	const char	*prefix;
	char		 first[ROOT_ID], second[ROOT_ID];
	int		 n;
};

static int
find_one(void *arg, const char *dir, const char *game, struct error *e)
{
	struct finding *f = arg;

	(void)dir;
	(void)e;
	if (strncmp(game, f->prefix, strlen(f->prefix)) != 0)
		return 0;
	snprintf(f->n == 0 ? f->first : f->second, ROOT_ID, "%s", game);
	f->n++;
	return 0;
}

int
root_find(const char *root, const char *id, char *out, size_t len,
    struct error *e)
{
	struct finding f;
	char prefix[ROOT_ID];

	if (id_prefix(id, prefix, sizeof(prefix)) != 0)
		return error_set(e, EXIT_USAGE, "%s: a game is named by its id "
		    "or its first %d digits or more, as games -r %s prints "
		    "them", id, ROOT_MIN_PREFIX, root);
	memset(&f, 0, sizeof(f));
	f.prefix = prefix;
	if (root_each(root, find_one, &f, e) != 0)
		return -1;
	if (f.n == 0)
		return error_set(e, EXIT_USAGE, "%s: no game of %s has an id "
		    "starting with %s (games -r %s lists them)", id, root,
		    prefix, root);
	if (f.n > 1)
		return error_set(e, EXIT_USAGE, "%s: %d games of %s have an id "
		    "starting with %s (%.20s..., %.20s...): give more digits",
		    id, f.n, root, prefix, f.first, f.second);
	return root_dir(root, f.first, out, len, e);
}

/* The parent of a path and its last name ("." for a bare name). */
static void
split_path(const char *path, char *parent, size_t plen, const char **base)
{
	const char *slash = strrchr(path, '/');

	if (slash == NULL) {
		snprintf(parent, plen, ".");
		*base = path;
	} else if (slash == path) {
		snprintf(parent, plen, "/");
		*base = slash + 1;
	} else {
		snprintf(parent, plen, "%.*s", (int)(slash - path), path);
		*base = slash + 1;
	}
}

/* Has this directory games of its own (a root, not a game)? */
static int
has_games(void *arg, const char *dir, const char *game, struct error *e)
{
	(void)dir;
	(void)game;
	(void)e;
	(*(int *)arg)++;
	return 0;
}

int
root_holds_games(const char *dir)
{
	struct error ign;
	int n = 0;

	return root_each(dir, has_games, &n, &ign) == 0 && n > 0;
}

int
root_resolve(const char *dir, char *out, size_t len, struct error *e)
{
	char parent[PATH_MAX];
	const char *base;

	if (strlen(dir) < sizeof(parent) && !root_is_game(dir)) {
		split_path(dir, parent, sizeof(parent), &base);
		/* hex, even too short: root_find says how many digits */
		if (base[0] != '\0' && strspn(base, "0123456789abcdefABCDEF") ==
		    strlen(base) && root_holds_games(parent))
			return root_find(parent, base, out, len, e);
	}
	if ((size_t)snprintf(out, len, "%s", dir) >= len)
		return error_set(e, EXIT_USAGE, "%.60s...: path too long", dir);
	return 0;
}

struct sharing {
	char	prefix[ROOT_SHORT + 1];
	int	n;
};

static int
same_prefix(void *arg, const char *dir, const char *game, struct error *e)
{
	struct sharing *s = arg;

	(void)dir;
	(void)e;
	s->n += strncmp(game, s->prefix, ROOT_SHORT) == 0;
	return 0;
}

void
root_short(const char *dir, char *out, size_t len)
{
	char parent[PATH_MAX];
	struct sharing s;
	struct error ign;
	const char *base;

	snprintf(out, len, "%s", dir);
	if (strlen(dir) >= sizeof(parent))
		return;
	split_path(dir, parent, sizeof(parent), &base);
	if (!root_is_id(base))
		return;
	memset(&s, 0, sizeof(s));
	memcpy(s.prefix, base, ROOT_SHORT);
	if (root_each(parent, same_prefix, &s, &ign) != 0 || s.n != 1)
		return;
	if (strcmp(parent, ".") == 0 && strchr(dir, '/') == NULL)
		snprintf(out, len, "%.*s", ROOT_SHORT, base);
	else
		snprintf(out, len, "%.*s%.*s", (int)(base - dir), dir,
		    ROOT_SHORT, base);
}

const char *
root_seat_dir(const struct match *m, int seat, char *out, size_t len)
{
	if (seat < 0 || !view_by_mail(m, seat))
		return NULL;
	snprintf(out, len, "ROOT/%.*s", ROOT_SHORT, m->game_hex);
	return out;
}
