/*
 * A club's seeks, ROOT/seeks (formats/club.md): each open SEEK of a
 * member of the directory, and each matched one with the game the judge
 * made of it and another's, until it lapses.  Read strictly, written
 * whole and atomically by the mail bot under the root's lock
 * (mailcmd_seek.c).  See club.h.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "club.h"
#include "club_int.h"
#include "num.h"
#include "when.h"
#include "ydoc.h"

#define HEX	"0123456789abcdef"
#define NAMECH	"abcdefghijklmnopqrstuvwxyz0123456789-_"
/* what an option says: k=v words, one space apart */
#define OPTCH	NAMECH "=.:+,/ "

static int
word_ok(const char *s, size_t max, const char *ok)
{
	return s[0] != '\0' && strlen(s) < max && strspn(s, ok) == strlen(s);
}

int
club_seek_range(const char *s, struct club_seek *k)
{
	const char *dash;
	uint64_t lo, hi;

	if (strncmp(s, "+-", 2) == 0) {
		if (num_parse_str(s + 2, CLUB_RATING_MAX, &lo) != 0)
			return -1;
		k->abs = 0;
		k->lo = k->hi = (int)lo;
		return 0;
	}
	if ((dash = strchr(s, '-')) == NULL || num_parse(s, (size_t)(dash -
	    s), CLUB_RATING_MAX, &lo) != 0 || num_parse_str(dash + 1,
	    CLUB_RATING_MAX, &hi) != 0 || lo > hi)
		return -1;
	k->abs = 1;
	k->lo = (int)lo;
	k->hi = (int)hi;
	return 0;
}

void
club_seek_range_text(const struct club_seek *k, char *out, size_t len)
{
	if (!k->abs)
		snprintf(out, len, "+-%d", k->lo);
	else if (k->lo == 0 && k->hi == CLUB_RATING_MAX)
		snprintf(out, len, "any");
	else
		snprintf(out, len, "%d-%d", k->lo, k->hi);
}

static int
seek_of(const struct ydoc *r, struct club_seek *k, const char *where,
    struct error *e)
{
	static const char *const keys[] = { "id", "by", "rules", "options",
	    "rated", "range", "made", "until", "game", NULL };
	static const char *const need[] = { "id", "by", "rules", "options",
	    "rated", "made", "until", NULL };
	const char *v[9];
	size_t i;

	memset(k, 0, sizeof(*k));
	if (ydoc_check_keys(r, keys, need, where, e) != 0)
		return -1;
	for (i = 0; keys[i] != NULL; i++)
		if ((v[i] = ydoc_get(r, keys[i]) == NULL ? "" :
		    ydoc_scalar(r, keys[i], where, e)) == NULL)
			return -1;
	snprintf(k->id, sizeof(k->id), "%s", v[0]);
	snprintf(k->by, sizeof(k->by), "%s", v[1]);
	snprintf(k->rules, sizeof(k->rules), "%s", v[2]);
	snprintf(k->options, sizeof(k->options), "%s", v[3]);
	snprintf(k->game, sizeof(k->game), "%s", v[8]);
	k->abs = 1;
	k->hi = CLUB_RATING_MAX;
	if (strlen(v[0]) != CLUB_CHALLENGE_ID - 1 || !word_ok(v[0],
	    sizeof(k->id), HEX) || strlen(v[1]) > KEY_NAME_MAX ||
	    !key_name_ok(v[1]) || !word_ok(v[2], sizeof(k->rules), NAMECH) ||
	    (v[3][0] != '\0' && !word_ok(v[3], sizeof(k->options), OPTCH)) ||
	    (strcmp(v[4], "yes") != 0 && strcmp(v[4], "no") != 0) ||
	    (v[5][0] != '\0' && club_seek_range(v[5], k) != 0) ||
	    (v[8][0] != '\0' && !root_is_id(v[8])))
		return error_set(e, EXIT_USAGE, "%s:%u:%u: not a seek (id, "
		    "by, rules, options, rated, range, game)", where, r->line,
		    r->col);
	k->casual = strcmp(v[4], "no") == 0;
	if (when_parse(v[6], &k->made) != 0 || when_parse(v[7],
	    &k->until) != 0 || k->until < k->made)
		return error_set(e, EXIT_USAGE, "%s:%u:%u: made, until: not "
		    "two times, in order", where, r->line, r->col);
	return 0;
}

struct seeks_arg {
	int64_t			 now;
	struct club_seeks	*ks;
};

static int
seeks_take(const struct ydoc *doc, void *arg, const char *where,
    struct error *e)
{
	static const char *const keys[] = { "seeks", NULL };
	struct seeks_arg *a = arg;
	const struct ydoc *l;
	struct club_seek k, *to;
	size_t i;

	if (ydoc_check_keys(doc, keys, NULL, where, e) != 0)
		return -1;
	if ((l = ydoc_get(doc, "seeks")) == NULL)
		return 0;
	if (ydoc_expect(l, YDOC_SEQ, "seeks", where, e) != 0)
		return -1;
	for (i = 0; i < l->nkids; i++) {
		if (seek_of(l->kids[i], &k, where, e) != 0)
			return -1;
		if (club_seek_id(a->ks, k.id) != NULL)
			return error_set(e, EXIT_USAGE, "%s:%u:%u: seek %s "
			    "twice", where, l->kids[i]->line,
			    l->kids[i]->col, k.id);
		if (k.until <= a->now)
			continue;	/* lapsed: gone when next written */
		if ((to = club_seek_add(a->ks)) == NULL)
			return error_set(e, a->ks->n >= CLUB_SEEKS_MAX ?
			    EXIT_USAGE : EXIT_SYSTEM, "%s: %s", where,
			    a->ks->n >= CLUB_SEEKS_MAX ? "too many seeks" :
			    "out of memory");
		*to = k;
	}
	return 0;
}

int
club_seeks_read(const char *root, int64_t now, struct club_seeks *ks,
    struct error *e)
{
	struct seeks_arg a = { now, ks };

	memset(ks, 0, sizeof(*ks));
	if (club_record_read(root, CLUB_SEEKS, YDOC_MAX_INPUT, seeks_take, &a,
	    e) == 0)
		return 0;
	club_seeks_free(ks);
	return -1;
}

int
club_seeks_parse(const void *text, size_t len, const char *where,
    int64_t now, struct club_seeks *ks, struct error *e)
{
	struct seeks_arg a = { now, ks };

	memset(ks, 0, sizeof(*ks));
	if (club_record_parse(text, len, where, seeks_take, &a, e) == 0)
		return 0;
	club_seeks_free(ks);
	return -1;
}

static void
seek_write(struct ydoc_writer *w, const struct club_seek *k)
{
	char range[32];
	const struct club_field f[] = {
		{ "id", k->id, 0, 0 },
		{ "by", k->by, 0, 0 },
		{ "rules", k->rules, 0, 0 },
		{ "options", k->options, 0, 0 },
		{ "rated", k->casual ? "no" : "yes", 0, 0 },
		{ "range", range, 0, 1 },	/* "any": none */
		{ "made", NULL, k->made, 0 },
		{ "until", NULL, k->until, 0 },
		{ "game", k->game, 0, 1 },
	};

	club_seek_range_text(k, range, sizeof(range));
	if (strcmp(range, "any") == 0)
		range[0] = '\0';
	club_record_fields(w, f, sizeof(f) / sizeof(f[0]));
}

static void
seeks_fill(struct ydoc_writer *w, const void *arg)
{
	const struct club_seeks *ks = arg;
	size_t i;

	ydoc_map_begin(w);
	ydoc_key(w, "seeks");
	ydoc_seq_begin(w, ks->n == 0);
	for (i = 0; i < ks->n; i++)
		seek_write(w, &ks->s[i]);
	ydoc_seq_end(w);
	ydoc_map_end(w);
}

int
club_seeks_write(const char *root, const struct club_seeks *ks,
    struct error *e)
{
	return club_record_write(root, CLUB_SEEKS, seeks_fill, ks, e);
}

struct club_seek *
club_seek_id(const struct club_seeks *ks, const char *id)
{
	size_t i;

	for (i = 0; i < ks->n; i++)
		if (strcmp(ks->s[i].id, id) == 0)
			return &ks->s[i];
	return NULL;
}

struct club_seek *
club_seek_add(struct club_seeks *ks)
{
	struct club_seek *x;

	if ((x = club_list_grow(ks->s, ks->n, sizeof(*x),
	    CLUB_SEEKS_MAX)) == NULL)
		return NULL;
	ks->s = x;
	return &x[ks->n++];
}

void
club_seek_remove(struct club_seeks *ks, struct club_seek *x)
{
	club_list_drop(ks->s, &ks->n, sizeof(*x),
	    (size_t)(x - ks->s));
}

void
club_seeks_free(struct club_seeks *ks)
{
	free(ks->s);
	ks->s = NULL;
	ks->n = 0;
}
