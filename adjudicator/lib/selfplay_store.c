/*
 * Self-play's store (see selfplay.h): a copy's transcript, inbox,
 * updates and the fork of a dispute, in memory, as a struct
 * transcript_store.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "selfplay_int.h"


void
selfplay_store_free(struct selfplay_store *s)
{
	size_t i;

	if (s == NULL)
		return;
	for (i = 0; i < s->nentry; i++)
		buf_free(&s->entry[i]);
	free(s->entry);
	for (i = 0; i < SELFPLAY_MAX_EARLY; i++)
		buf_free(&s->early[i]);
	for (i = 0; i < s->nupdate; i++)
		buf_free(&s->update[i]);
	free(s->update);
	free(s->update_seat);
	buf_free(&s->fork);
	free(s);
}

static int
nomem(struct error *e)
{
	return error_set(e, EXIT_SYSTEM, "out of memory");
}

static int
put_entry(void *arg, uint64_t seq, const uint8_t *blob, size_t len,
    const void *msg, size_t msglen, struct error *e)
{
	struct selfplay_store *s = arg;
	struct buf *n;

	(void)msg;
	(void)msglen;
	if (blob == NULL)
		return 0;
	if (seq != s->nentry)
		return error_set(e, EXIT_SYSTEM, "store: seq %llu out of order",
		    (unsigned long long)seq);
	if ((n = realloc(s->entry, (s->nentry + 1) * sizeof(*n))) == NULL)
		return nomem(e);
	s->entry = n;
	buf_init(&n[s->nentry]);
	if (buf_add(&n[s->nentry], blob, len) != 0)
		return nomem(e);
	s->nentry++;
	return 0;
}

static int
get_entry(void *arg, uint64_t seq, struct buf *b, struct error *e)
{
	struct selfplay_store *s = arg;

	if (seq >= s->nentry)
		return error_set(e, EXIT_SYSTEM, "store: no seq %llu",
		    (unsigned long long)seq);
	return buf_add(b, s->entry[seq].data, s->entry[seq].len) != 0 ?
	    nomem(e) : 0;
}

static int
early_slot(struct selfplay_store *s, uint64_t seq)
{
	int i;

	for (i = 0; i < SELFPLAY_MAX_EARLY; i++)
		if (s->early_seq[i] == seq && s->early[i].len > 0)
			return i;
	return -1;
}

static int
put_early(void *arg, uint64_t seq, const uint8_t *rec, size_t len,
    struct error *e)
{
	struct selfplay_store *s = arg;
	int i;

	if ((i = early_slot(s, seq)) < 0)
		for (i = 0; i < SELFPLAY_MAX_EARLY && s->early[i].len > 0; i++)
			;
	if (i == SELFPLAY_MAX_EARLY)
		return error_set(e, EXIT_SYSTEM, "store: inbox full");
	s->early[i].len = 0;
	s->early_seq[i] = seq;
	return buf_add(&s->early[i], rec, len) != 0 ? nomem(e) : 0;
}

static int
get_early(void *arg, uint64_t seq, struct buf *b, struct error *e)
{
	struct selfplay_store *s = arg;
	int i = early_slot(s, seq);

	if (i < 0)
		return 1;
	return buf_add(b, s->early[i].data, s->early[i].len) != 0 ?
	    nomem(e) : 0;
}

static int
drop_early(void *arg, uint64_t seq, struct error *e)
{
	struct selfplay_store *s = arg;
	int i = early_slot(s, seq);

	(void)e;
	if (i >= 0)
		s->early[i].len = 0;
	return 0;
}

static int
put_secret(void *arg, int seat, const struct match_secret *sec,
    struct error *e)
{
	(void)arg;
	(void)seat;
	(void)sec;
	(void)e;
	return 0;	/* the copy holds it; memory needs no copy */
}

static int
put_private(void *arg, const struct opening *o, struct error *e)
{
	(void)arg;
	(void)o;
	(void)e;
	return 0;
}

static int
put_update(void *arg, int seat, const uint8_t *blob, size_t len,
    struct error *e)
{
	struct selfplay_store *s = arg;
	struct buf *n;
	int *ns;

	if ((n = realloc(s->update, (s->nupdate + 1) * sizeof(*n))) == NULL)
		return nomem(e);
	s->update = n;
	if ((ns = realloc(s->update_seat, (s->nupdate + 1) *
	    sizeof(*ns))) == NULL)
		return nomem(e);
	s->update_seat = ns;
	buf_init(&n[s->nupdate]);
	ns[s->nupdate] = seat;
	if (buf_add(&n[s->nupdate], blob, len) != 0)
		return nomem(e);
	s->nupdate++;
	return 0;
}

static int
count_updates(void *arg, int seat, uint64_t *n, struct error *e)
{
	struct selfplay_store *s = arg;
	size_t i;

	(void)e;
	*n = 0;
	for (i = 0; i < s->nupdate; i++)
		*n += s->update_seat[i] == seat;
	return 0;
}

static int
get_update(void *arg, int seat, uint64_t k, struct buf *b, struct error *e)
{
	struct selfplay_store *s = arg;
	size_t i;

	for (i = 0; i < s->nupdate; i++)
		if (s->update_seat[i] == seat && k-- == 1)
			return buf_add(b, s->update[i].data,
			    s->update[i].len) != 0 ? nomem(e) : 0;
	return error_set(e, EXIT_SYSTEM, "store: no such update");
}

static int
put_sent(void *arg, int seat, const struct transcript_sent *sent, struct error *e)
{
	(void)arg;
	(void)seat;
	(void)sent;
	(void)e;
	return 0;	/* the copy holds it */
}

static int
put_remind(void *arg, int seat, const struct transcript_remind *r,
    struct error *e)
{
	(void)arg;
	(void)seat;
	(void)r;
	(void)e;
	return 0;	/* the copy holds it */
}

static int
put_fork(void *arg, uint64_t seq, const uint8_t *blob, size_t len,
    struct error *e)
{
	struct selfplay_store *s = arg;

	s->fork.len = 0;
	s->fork_seq = seq;
	return buf_add(&s->fork, blob, len) != 0 ? nomem(e) : 0;
}

static int
get_fork(void *arg, uint64_t seq, struct buf *b, struct error *e)
{
	struct selfplay_store *s = arg;

	if (s->fork.len == 0 || s->fork_seq != seq)
		return error_set(e, EXIT_SYSTEM, "store: no fork of seq %llu",
		    (unsigned long long)seq);
	return buf_add(b, s->fork.data, s->fork.len) != 0 ? nomem(e) : 0;
}

const struct transcript_store selfplay_memory = {
	.put_entry = put_entry,
	.get_entry = get_entry,
	.put_early = put_early,
	.get_early = get_early,
	.drop_early = drop_early,
	.put_secret = put_secret,
	.put_private = put_private,
	.put_update = put_update,
	.count_updates = count_updates,
	.get_update = get_update,
	.put_sent = put_sent,
	.put_remind = put_remind,
	.put_fork = put_fork,
	.get_fork = get_fork,
};

struct selfplay_store *
selfplay_store_clone(const struct selfplay_store *s)
{
	struct selfplay_store *c;
	size_t i;
	int ok = 1;

	if ((c = calloc(1, sizeof(*c))) == NULL)
		return NULL;
	c->entry = calloc(s->nentry + 1, sizeof(*c->entry));
	c->update = calloc(s->nupdate + 1, sizeof(*c->update));
	c->update_seat = calloc(s->nupdate + 1, sizeof(*c->update_seat));
	if (c->entry == NULL || c->update == NULL || c->update_seat == NULL) {
		selfplay_store_free(c);
		return NULL;
	}
	for (i = 0; i < s->nentry; i++, c->nentry++)
		ok &= buf_add(&c->entry[i], s->entry[i].data,
		    s->entry[i].len) == 0;
	for (i = 0; i < SELFPLAY_MAX_EARLY; i++) {
		c->early_seq[i] = s->early_seq[i];
		ok &= buf_add(&c->early[i], s->early[i].data,
		    s->early[i].len) == 0;
	}
	for (i = 0; i < s->nupdate; i++, c->nupdate++) {
		c->update_seat[i] = s->update_seat[i];
		ok &= buf_add(&c->update[i], s->update[i].data,
		    s->update[i].len) == 0;
	}
	c->fork_seq = s->fork_seq;
	ok &= buf_add(&c->fork, s->fork.data, s->fork.len) == 0;
	if (!ok) {
		selfplay_store_free(c);
		return NULL;
	}
	return c;
}

struct selfplay_store *
selfplay_store_new(void)
{
	return calloc(1, sizeof(struct selfplay_store));
}
