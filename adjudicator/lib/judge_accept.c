/*
 * What the judge checks in a seat's private message before the seat's
 * entry is stored (judge_int.h): a setup's openings, every one, against
 * the commitments the entry signs, and the setup's audit; a turn's
 * conditions, every line against the commitment the entry signs for it
 * (formats/conditions.md), kept for the judge alone.
 */
#include <stdio.h>
#include <string.h>

#include "cond.h"
#include "judge.h"
#include "judge_int.h"
#include "ydoc.h"

static int
read_setup(struct transcript *p, struct match *after, const struct ydoc *list,
    int seat, struct match_secret *sec, struct error *e)
{
	struct opening o;
	size_t i;

	if (ydoc_expect(list, YDOC_SEQ, "open", "setup", e) != 0)
		return -1;
	if ((int)list->nkids != after->seat[seat].pieces.n)
		return error_set(e, EXIT_REFUSED, "the setup comes with %zu "
		    "openings, not %d", list->nkids,
		    after->seat[seat].pieces.n);
	sec->setup.n = after->seat[seat].pieces.n;
	for (i = 0; i < list->nkids; i++) {
		if (opening_read(after, list->kids[i], &o, "setup", e) != 0)
			return -1;
		if (o.seat != seat || o.idx != (int)i)
			return error_set(e, EXIT_MALFORMED, "opening %zu does "
			    "not name %s's piece %s", i + 1,
			    after->seat[seat].name,
			    after->seat[seat].pieces.id[i]);
		if (opening_check(after, &o, e) != 0)
			return -1;
		snprintf(sec->setup.id[i], GAME_ID, "%s", o.id);
		snprintf(sec->setup.value[i], GAME_VALUE, "%s", o.value);
		memcpy(sec->nonce[i], o.nonce, COMMIT_NONCE);
	}
	if (p->m->rules->setup_audit(after->state, seat, &sec->setup, e) != 0) {
		e->status = EXIT_REFUSED;
		return -1;
	}
	return 0;
}

/* The entry's commitments to conditions and the message's lines: both
 * or neither, each line opening its commitment; kept. */
static int
accept_cond(struct transcript *p, const struct match *after,
    const struct judge_accept *a, struct error *e)
{
	const char *seat = p->m->seat[a->seat].name;
	struct cond_set *s;
	struct ydoc *own = NULL;
	const struct ydoc *doc = a->doc;
	struct buf b;
	int has, rc = -1;

	if (doc == NULL && (doc = own = ydoc_parse(a->entry->body,
	    a->entry->body_len, "entry", e)) == NULL)
		return -1;
	buf_init(&b);
	if ((s = sec_malloc(sizeof(*s))) == NULL) {
		error_set(e, EXIT_SYSTEM, "out of memory");
		goto done;
	}
	memset(s, 0, sizeof(*s));
	if (cond_read_commits(doc, s, &has, "entry", e) != 0)
		goto done;
	if (has != (a->cond != NULL)) {
		error_set(e, EXIT_REFUSED, "%s: conditions: the lines come "
		    "with their commitments in the entry, both or neither",
		    seat);
		goto done;
	}
	s->seq = after->seq;
	rc = !has ? 0 : cond_read_lines(a->cond, s, p->m->game_id, seat,
	    "conditions", e);
	if (rc == 0 && has && p->store->put_cond != NULL && !p->dry)
		rc = cond_record_write(s, &b, e) != 0 ? -1 :
		    p->store->put_cond(p->arg, a->seat, &b, e);
	/* every set kept too: the final entry opens them all */
	if (rc == 0 && has && p->store->put_cond_at != NULL && !p->dry)
		rc = p->store->put_cond_at(p->arg, a->seat, s->seq, &b, e);
done:
	if (s != NULL) {
		sec_wipe(s, sizeof(*s));
		sec_free(s);
	}
	if (b.data != NULL)
		sec_wipe(b.data, b.len);
	buf_free(&b);
	ydoc_free(own);
	return rc;
}

/* Before the seat's entry is stored: a setup's openings and a turn's
 * conditions, checked now. */
int
judge_accept(struct transcript *p, struct match *after, void *arg,
    struct error *e)
{
	struct judge_accept *so = arg;
	struct match_secret *sec;
	int seat = so->seat;

	if (accept_cond(p, after, so, e) != 0)
		return -1;

	if (!(after->seat[seat].has_setup && !p->m->seat[seat].has_setup)) {
		if (so->list != NULL)
			return error_set(e, EXIT_REFUSED, "private openings "
			    "come only with a setup");
		return 0;
	}
	if ((sec = sec_malloc(sizeof(*sec))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	memset(sec, 0, sizeof(*sec));
	if (read_setup(p, after, so->list, seat, sec, e) != 0 ||
	    p->store->put_secret(p->arg, seat, sec, e) != 0) {
		sec_wipe(sec, sizeof(*sec));
		sec_free(sec);
		return -1;
	}
	if (p->all[seat] != NULL) {
		sec_wipe(p->all[seat], sizeof(*p->all[seat]));
		sec_free(p->all[seat]);
	}
	p->all[seat] = sec;
	after->local[seat] = &sec->setup;
	p->m->local[seat] = &sec->setup;
	return 0;
}
