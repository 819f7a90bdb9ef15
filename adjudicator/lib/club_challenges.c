/*
 * A club's challenges, ROOT/challenges (formats/club.md): each open
 * CHALLENGE (and REMATCH) between two members of the directory, and each
 * accepted one with the game the judge made of it, until it lapses.
 * Read strictly, written whole and atomically by the mail bot under the
 * root's lock (mailcmd_challenge.c).  See club.h.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "club.h"
#include "club_int.h"
#include "fsio.h"
#include "when.h"
#include "ydoc.h"

static int
word_ok(const char *s, size_t max, const char *ok)
{
	return s[0] != '\0' && strlen(s) < max && strspn(s, ok) == strlen(s);
}

#define LOWER	"abcdefghijklmnopqrstuvwxyz"
#define HEX	"0123456789abcdef"
#define NAMECH	LOWER "0123456789-_"
/* what an option says: k=v words, one space apart */
#define OPTCH	NAMECH "=.:+,/ "

static int
fields_ok(const struct club_challenge *c)
{
	return strlen(c->id) == CLUB_CHALLENGE_ID - 1 &&
	    word_ok(c->id, CLUB_CHALLENGE_ID, HEX) &&
	    key_name_ok(c->from) && key_name_ok(c->to) &&
	    word_ok(c->rules, sizeof(c->rules), NAMECH) &&
	    (c->options[0] == '\0' || word_ok(c->options,
	    sizeof(c->options), OPTCH)) &&
	    (c->game[0] == '\0' || root_is_id(c->game)) &&
	    (c->rematch[0] == '\0' ? c->first[0] == '\0' :
	    root_is_id(c->rematch) && (strcmp(c->first, c->from) == 0 ||
	    strcmp(c->first, c->to) == 0)) &&
	    (c->ladder[0] == '\0' || (key_name_ok(c->ladder) &&
	    c->rematch[0] == '\0'));
}

static int
challenge_of(const struct ydoc *r, struct club_challenge *c,
    const char *where, struct error *e)
{
	static const char *const keys[] = { "id", "from", "to", "rules",
	    "options", "made", "until", "game", "rematch", "first", "ladder",
	    NULL };
	static const char *const need[] = { "id", "from", "to", "rules",
	    "options", "made", "until", NULL };
	const char *v[11];
	size_t i;

	memset(c, 0, sizeof(*c));
	if (ydoc_check_keys(r, keys, need, where, e) != 0)
		return -1;
	for (i = 0; keys[i] != NULL; i++)
		if ((v[i] = ydoc_get(r, keys[i]) == NULL ? "" :
		    ydoc_scalar(r, keys[i], where, e)) == NULL)
			return -1;
	snprintf(c->id, sizeof(c->id), "%.*s", (int)sizeof(c->id) - 1, v[0]);
	snprintf(c->from, sizeof(c->from), "%.*s", KEY_NAME_MAX, v[1]);
	snprintf(c->to, sizeof(c->to), "%.*s", KEY_NAME_MAX, v[2]);
	snprintf(c->rules, sizeof(c->rules), "%.*s",
	    (int)sizeof(c->rules) - 1, v[3]);
	snprintf(c->options, sizeof(c->options), "%.*s",
	    (int)sizeof(c->options) - 1, v[4]);
	snprintf(c->game, sizeof(c->game), "%.*s", ROOT_ID - 1, v[7]);
	snprintf(c->rematch, sizeof(c->rematch), "%.*s", ROOT_ID - 1, v[8]);
	snprintf(c->first, sizeof(c->first), "%.*s", KEY_NAME_MAX, v[9]);
	snprintf(c->ladder, sizeof(c->ladder), "%.*s", KEY_NAME_MAX, v[10]);
	if (strlen(v[0]) >= sizeof(c->id) || strlen(v[3]) >=
	    sizeof(c->rules) || strlen(v[4]) >= sizeof(c->options) ||
	    strlen(v[7]) >= ROOT_ID || strlen(v[8]) >= ROOT_ID ||
	    strlen(v[9]) > KEY_NAME_MAX || strlen(v[10]) > KEY_NAME_MAX ||
	    !fields_ok(c))
		return error_set(e, EXIT_USAGE, "%s:%u:%u: not a challenge "
		    "(id, names, rules, options, game, rematch, first, "
		    "ladder)", where,
		    r->line, r->col);
	if (when_parse(v[5], &c->made) != 0 || when_parse(v[6],
	    &c->until) != 0 || c->until < c->made)
		return error_set(e, EXIT_USAGE, "%s:%u:%u: made, until: not "
		    "two times, in order", where, r->line, r->col);
	return 0;
}

static int
challenges_doc(const struct ydoc *doc, int64_t now,
    struct club_challenges *cs, const char *where, struct error *e)
{
	static const char *const keys[] = { "challenges", NULL };
	const struct ydoc *l;
	struct club_challenge c, *to;
	size_t i;

	if (ydoc_check_keys(doc, keys, NULL, where, e) != 0)
		return -1;
	if ((l = ydoc_get(doc, "challenges")) == NULL)
		return 0;
	if (ydoc_expect(l, YDOC_SEQ, "challenges", where, e) != 0)
		return -1;
	for (i = 0; i < l->nkids; i++) {
		if (challenge_of(l->kids[i], &c, where, e) != 0)
			return -1;
		if (club_challenge_id(cs, c.id) != NULL)
			return error_set(e, EXIT_USAGE, "%s:%u:%u: challenge "
			    "%s twice", where, l->kids[i]->line,
			    l->kids[i]->col, c.id);
		if (c.until <= now)
			continue;	/* lapsed: gone when next written */
		if ((to = club_challenge_add(cs)) == NULL)
			return error_set(e, cs->n >= CLUB_CHALLENGES_MAX ?
			    EXIT_USAGE : EXIT_SYSTEM, "%s: %s", where,
			    cs->n >= CLUB_CHALLENGES_MAX ?
			    "too many challenges" : "out of memory");
		*to = c;
	}
	return 0;
}

struct challenges_arg {
	int64_t			 now;
	struct club_challenges	*cs;
};

static int
challenges_take(const struct ydoc *doc, void *arg, const char *where,
    struct error *e)
{
	struct challenges_arg *a = arg;

	return challenges_doc(doc, a->now, a->cs, where, e);
}

int
club_challenges_read(const char *root, int64_t now,
    struct club_challenges *cs, struct error *e)
{
	struct challenges_arg a = { now, cs };

	memset(cs, 0, sizeof(*cs));
	if (club_record_read(root, CLUB_CHALLENGES, YDOC_MAX_INPUT,
	    challenges_take, &a, e) == 0)
		return 0;
	club_challenges_free(cs);
	return -1;
}

int
club_challenges_parse(const void *text, size_t len, const char *where,
    int64_t now, struct club_challenges *cs, struct error *e)
{
	struct challenges_arg a = { now, cs };

	memset(cs, 0, sizeof(*cs));
	if (club_record_parse(text, len, where, challenges_take, &a, e) == 0)
		return 0;
	club_challenges_free(cs);
	return -1;
}

static void
challenge_write(struct ydoc_writer *w, const struct club_challenge *c)
{
	const struct club_field f[] = {
		{ "id", c->id, 0, 0 },
		{ "from", c->from, 0, 0 },
		{ "to", c->to, 0, 0 },
		{ "rules", c->rules, 0, 0 },
		{ "options", c->options, 0, 0 },
		{ "made", NULL, c->made, 0 },
		{ "until", NULL, c->until, 0 },
		{ "game", c->game, 0, 1 },
		/* first goes with rematch */
		{ "rematch", c->rematch, 0, 1 },
		{ "first", c->rematch[0] != '\0' ? c->first : "", 0,
		    c->rematch[0] == '\0' },
		{ "ladder", c->ladder, 0, 1 },
	};

	club_record_fields(w, f, sizeof(f) / sizeof(f[0]));
}

static void
challenges_fill(struct ydoc_writer *w, const void *arg)
{
	const struct club_challenges *cs = arg;
	size_t i;

	ydoc_map_begin(w);
	ydoc_key(w, "challenges");
	ydoc_seq_begin(w, cs->n == 0);
	for (i = 0; i < cs->n; i++)
		challenge_write(w, &cs->c[i]);
	ydoc_seq_end(w);
	ydoc_map_end(w);
}

int
club_challenges_write(const char *root, const struct club_challenges *cs,
    struct error *e)
{
	return club_record_write(root, CLUB_CHALLENGES, challenges_fill, cs, e);
}

struct club_challenge *
club_challenge_id(const struct club_challenges *cs, const char *id)
{
	size_t i;

	for (i = 0; i < cs->n; i++)
		if (strcmp(cs->c[i].id, id) == 0)
			return &cs->c[i];
	return NULL;
}

struct club_challenge *
club_challenge_add(struct club_challenges *cs)
{
	struct club_challenge *x;

	if ((x = club_list_grow(cs->c, cs->n, sizeof(*x),
	    CLUB_CHALLENGES_MAX)) == NULL)
		return NULL;
	cs->c = x;
	return &x[cs->n++];
}

void
club_challenge_remove(struct club_challenges *cs, struct club_challenge *x)
{
	club_list_drop(cs->c, &cs->n, sizeof(*x),
	    (size_t)(x - cs->c));
}

void
club_challenges_free(struct club_challenges *cs)
{
	free(cs->c);
	cs->c = NULL;
	cs->n = 0;
}
