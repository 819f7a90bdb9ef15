/*
 * Standings: which games a club vouches for (standings -j, -m).  Anyone
 * can make keys, play against them and resign, so a ladder of every
 * verified game can be farmed with sock puppets; a club counts only the
 * games its judge judged, or whose every seat was held by a key on its
 * list of members, or both.  standings.c asks, for each game it reads,
 * whether its judge and each key that held a seat are listed; the games
 * left out are counted and said with the tables (standings_out.c).
 */
#include <stdlib.h>
#include <string.h>

#include "contacts.h"
#include "fsio.h"
#include "standings.h"

void
standings_club_init(struct standings_club *c)
{
	memset(c, 0, sizeof(*c));
}

void
standings_club_free(struct standings_club *c)
{
	free(c->judge);
	free(c->member);
	memset(c, 0, sizeof(*c));
}

static int
grow(struct key_public **v, size_t n, struct error *e)
{
	struct key_public *m;

	if ((m = realloc(*v, (n + 1) * sizeof(*m))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	*v = m;
	return 0;
}

int
standings_club_judge(struct standings_club *c, const char *root,
    const char *arg, struct error *e)
{
	if (grow(&c->judge, c->njudges, e) != 0 || contacts_key(root, arg,
	    CONTACTS_JUDGE, &c->judge[c->njudges], NULL, e) != 0)
		return -1;
	c->njudges++;
	return 0;
}

/* Keys in one order, to find a member by bisection. */
static int
by_key(const void *a, const void *b)
{
	const struct key_public *x = a, *y = b;
	int c;

	if ((c = memcmp(x->sign_pk, y->sign_pk, sizeof(x->sign_pk))) != 0)
		return c;
	return memcmp(x->box_pk, y->box_pk, sizeof(x->box_pk));
}

/* One line of a members file: a key, or nothing (blank, a comment). */
static int
member_line(struct standings_club *c, char *line, const char *path,
    unsigned no, struct error *e)
{
	char where[300];
	size_t n;

	line += strspn(line, " \t");
	for (n = strlen(line); n > 0 && strchr(" \t\r", line[n - 1]) != NULL;
	    n--)
		line[n - 1] = '\0';
	if (line[0] == '\0' || line[0] == '#')
		return 0;
	if ((size_t)snprintf(where, sizeof(where), "%.200s:%u", path, no) >=
	    sizeof(where))
		return error_set(e, EXIT_SYSTEM, "%.200s: name too long", path);
	if (grow(&c->member, c->nmembers, e) != 0 ||
	    key_public_parse(line, &c->member[c->nmembers], where, e) != 0)
		return -1;
	c->nmembers++;
	return 0;
}

int
standings_club_members(struct standings_club *c, const char *path,
    struct error *e)
{
	struct buf b;
	char *line, *nl;
	size_t i, k, before = c->nmembers;
	unsigned no = 0;
	int rc = -1;

	buf_init(&b);
	if (fsio_read_regular(path, FSIO_MAX_INPUT, &b, NULL, e) != 0)
		goto done;
	if (buf_cstr(&b) != 0) {
		error_set(e, EXIT_SYSTEM, "out of memory");
		goto done;
	}
	if (strlen((char *)b.data) != b.len) {
		error_set(e, EXIT_MALFORMED, "%s: a NUL byte: a members file "
		    "is lines of public keys", path);
		goto done;
	}
	for (line = (char *)b.data; *line != '\0'; line = nl) {
		if ((nl = strchr(line, '\n')) != NULL)
			*nl++ = '\0';
		else
			nl = line + strlen(line);
		if (member_line(c, line, path, ++no, e) != 0)
			goto done;
	}
	/* a list that vouches for no one is a mistake, not a club */
	if (c->nmembers == before) {
		error_set(e, EXIT_MALFORMED, "%s: no public key: a members file "
		    "lists the members' keys, one line each", path);
		goto done;
	}
	qsort(c->member, c->nmembers, sizeof(*c->member), by_key);
	/* a key listed twice is one member */
	for (i = k = 0; i < c->nmembers; i++)
		if (k == 0 || by_key(&c->member[k - 1], &c->member[i]) != 0)
			c->member[k++] = c->member[i];
	c->nmembers = k;
	c->members_given = 1;
	rc = 0;
done:
	buf_free(&b);
	return rc;
}

int
standings_club_judged(const struct standings_club *c,
    const struct key_public *judge)
{
	size_t i;

	for (i = 0; judge != NULL && i < c->njudges; i++)
		if (key_same(judge, &c->judge[i]))
			return 1;
	return 0;
}

int
standings_club_member(const struct standings_club *c,
    const struct key_public *k)
{
	return c->nmembers > 0 && bsearch(k, c->member, c->nmembers,
	    sizeof(*c->member), by_key) != NULL;
}
