/*
 * The context the rules see (game.h, struct game_ctx): the values a
 * viewer may know, the claim of the action being resolved; and the
 * match's account of what happened.  See match_int.h.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "match_int.h"

static const char *
ctx_value(const struct game_ctx *c, int seat, const char *id)
{
	struct match_ctx *a = c->arg;
	const struct match *m = a->m;
	const struct match_seat *s;
	int i, v = a->viewer;

	if (seat < 0 || seat >= m->nseats)
		return NULL;
	s = &m->seat[seat];
	if ((i = match_piece_index(m, seat, id)) < 0)
		return NULL;
	if (s->opened[i])
		return s->pieces.value[i];
	if ((v == MATCH_KNOWN || v == seat) && m->local[seat] != NULL &&
	    i < m->local[seat]->n && m->local[seat]->value[i][0] != '\0')
		return m->local[seat]->value[i];
	if ((v == MATCH_KNOWN || (v >= 0 && v == m->me)) &&
	    m->privy[seat].value[i][0] != '\0')
		return m->privy[seat].value[i];
	a->misses++;
	return NULL;
}

static const char *
ctx_claim(const struct game_ctx *c, const char *name)
{
	struct match_ctx *a = c->arg;
	const struct match *m = a->m;

	if (a->claim_name != NULL)
		return strcmp(a->claim_name, name) == 0 ? a->claim_value : NULL;
	if (m->pending && m->claim_made &&
	    strcmp(m->pending_needs.claim, name) == 0)
		return m->claim_value;
	return NULL;
}

void
match_ctx_init(struct game_ctx *c, struct match_ctx *a, const struct match *m,
    int viewer)
{
	memset(a, 0, sizeof(*a));
	a->m = m;
	a->viewer = viewer;
	c->value = ctx_value;
	c->claim = ctx_claim;
	c->arg = a;
}

/* What happened in the entry being applied, event after event. */
void
match_say(struct match *m, const char *fmt, ...)
{
	size_t n = strlen(m->what);
	va_list ap;

	if (n > 0 && n + 2 < sizeof(m->what)) {
		memcpy(m->what + n, "; ", 3);
		n += 2;
	}
	va_start(ap, fmt);
	vsnprintf(m->what + n, sizeof(m->what) - n, fmt, ap);
	va_end(ap);
}
