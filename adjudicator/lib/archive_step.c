/*
 * The steps of a transcript as verify replays it (archive.h,
 * struct archive_steps): each entry's hash, its author and the key that
 * signed it, for standings to lay two branches of a fork side by side.
 */
#include <stdlib.h>
#include <string.h>

#include "archive.h"
#include "match.h"

/* src into dst of size n, cut short as snprintf's "%s" would be */
static void
copy_str(char *dst, size_t n, const char *src)
{
	size_t len = strlen(src);

	if (len >= n)
		len = n - 1;
	memcpy(dst, src, len);
	dst[len] = '\0';
}

int
archive_step(void *arg, const struct match *m, struct error *e)
{
	struct archive_steps *v = arg;
	const struct key_public *k;
	struct archive_step *t;
	size_t cap;

	copy_str(v->game, sizeof(v->game), m->game_hex);
	if (m->seq == 0)
		return 0;
	/* room doubles: an entry costs no copy of the steps before it */
	if (v->n == v->cap) {
		cap = v->cap ? 2 * v->cap : 256;
		if ((t = realloc(v->s, cap * sizeof(*t))) == NULL)
			return error_set(e, EXIT_SYSTEM, "out of memory");
		v->s = t;
		v->cap = cap;
	}
	t = &v->s[v->n++];
	memcpy(t->hash, m->last, SEC_HASH);
	t->by = m->last_by;
	k = m->last_by == GAME_JUDGE ? &m->judge : m->last_by >= 0 &&
	    m->last_by < m->nseats ? &m->seat[m->last_by].key : NULL;
	copy_str(t->name, sizeof(t->name), match_author_name(m, m->last_by));
	copy_str(t->key, sizeof(t->key), k != NULL ? k->idhex : "");
	return 0;
}
