/*
 * The checkpoint (formats/gamedir.md) carries the secrets a copy holds:
 * the judge's of every seat, a seat's its own, so that a command does not
 * parse and check the SECRET records again.  Written and read back, each
 * comes back in guarded memory, equal, and the match's view of it
 * (local) points at it; a checkpoint that says a seat copy holds another
 * seat's secret, or whose bytes were changed, is not used.
 */
#include <sys/resource.h>

#include "unit.h"

#include "checkpoint.h"
#include "selfplay.h"

static const uint8_t key[CHECKPOINT_KEY] = { 1, 2, 3 };

/* p's checkpoint read into a fresh copy q of the same party. */
static int
round_trip(const struct transcript *p, const struct buf *ck,
    struct transcript *q, struct error *e)
{
	struct checkpoint_extra x;
	int rc;

	memset(q, 0, sizeof(*q));
	q->me = p->me;
	if ((q->m = match_clone(p->m)) == NULL)
		return -1;
	memset(q->m->local, 0, sizeof(q->m->local));
	rc = checkpoint_read(q, NULL, &x, key, ck->data, ck->len, e);
	checkpoint_extra_free(&x);
	return rc;
}

/* ck's body replaced by the squeezed pairs of body (n bytes), with a
 * MAC that checks out: what only a bug of ours could write. */
static void
rebody(struct buf *ck, const uint8_t *body, size_t n)
{
	size_t at = 12 + buf_get_u32(ck->data + 8);

	ck->len = at + SEC_HASH;
	buf_add(ck, body, n);
	sec_mac(ck->data + at, key, CHECKPOINT_KEY, ck->data + at + SEC_HASH,
	    n);
}

static int
same_secret(const struct match_secret *a, const struct match_secret *b,
    const struct match *m, int s)
{
	return a != NULL && b != NULL && a != b &&
	    memcmp(a, b, sizeof(*a)) == 0 && m->local[s] == &b->setup;
}

int
main(void)
{
	struct selfplay *sp;
	struct checkpoint_extra x;
	struct transcript q, *j, *alice;
	struct buf ck;
	struct error e;
	size_t at;
	int s;

	unit_init();
	memset(&x, 0, sizeof(x));
	buf_init(&ck);
	sp = selfplay_new("incognito", NULL, 0, 2, 1, &e);
	unit_ok(sp != NULL && selfplay_setup(sp, 0, NULL, &e) == 0 &&
	    selfplay_setup(sp, 1, NULL, &e) == 0, "a judged game set up");
	if (sp == NULL)
		return unit_done();
	j = &sp->party[GAME_JUDGE];
	alice = &sp->party[0];

	unit_ok(checkpoint_write(j, &x, key, &ck, &e) == 0 &&
	    round_trip(j, &ck, &q, &e) == 0, "the judge's checkpoint read back");
	for (s = 0; s < 2; s++)
		unit_ok(same_secret(j->all[s], q.all[s], q.m, s),
		    "the judge's secret of seat %d comes back with it", s);
	transcript_clear(&q);
	/* a byte of a secret changed: the MAC refuses it */
	at = ck.len - sizeof(struct match_secret) / 2;
	ck.data[at] ^= 1;
	unit_ok(round_trip(j, &ck, &q, &e) == 1 && q.all[0] == NULL &&
	    q.all[1] == NULL, "a changed secret: not used");
	transcript_clear(&q);

	ck.len = 0;
	unit_ok(checkpoint_write(alice, &x, key, &ck, &e) == 0 &&
	    round_trip(alice, &ck, &q, &e) == 0 &&
	    same_secret(alice->secret, q.secret, q.m, 0) && q.all[0] == NULL &&
	    q.all[1] == NULL, "a seat's own secret comes back, no other");
	transcript_clear(&q);
	/* bob's copy given the judge's checkpoint: it would hold another
	 * seat's secret */
	ck.len = 0;
	unit_ok(checkpoint_write(j, &x, key, &ck, &e) == 0, "written");
	memset(&q, 0, sizeof(q));
	q.me = 1;
	q.m = match_clone(j->m);
	unit_ok(q.m != NULL && checkpoint_read(&q, NULL, &x, key, ck.data,
	    ck.len, &e) == 1 && q.secret == NULL, "a seat's copy refuses a "
	    "checkpoint holding others' secrets");
	checkpoint_extra_free(&x);
	transcript_clear(&q);
	/* no header parsed: the checkpoint alone makes the match, its rules
	 * by name, and the copy's place by the seat's name */
	memset(&q, 0, sizeof(q));
	unit_ok(checkpoint_read(&q, "judge", &x, key, ck.data, ck.len,
	    &e) == 0 && q.m != NULL && q.me == GAME_JUDGE &&
	    q.m->me == GAME_JUDGE && q.m->rules == j->m->rules &&
	    q.m->seq == j->m->seq && same_secret(j->all[1], q.all[1], q.m, 1),
	    "the judge's copy from its checkpoint alone");
	checkpoint_extra_free(&x);
	transcript_clear(&q);
	memset(&q, 0, sizeof(q));
	unit_ok(checkpoint_read(&q, "carol", &x, key, ck.data, ck.len,
	    &e) == 1 && q.m == NULL, "a seat not in the game: not used");
	checkpoint_extra_free(&x);
	ck.len = 0;
	memset(&q, 0, sizeof(q));
	unit_ok(checkpoint_write(alice, &x, key, &ck, &e) == 0 &&
	    checkpoint_read(&q, alice->m->seat[0].name, &x, key, ck.data,
	    ck.len, &e) == 0 && q.me == 0 && q.m->me == 0 &&
	    same_secret(alice->secret, q.secret, q.m, 0) && q.all[1] == NULL,
	    "a seat's copy from its checkpoint alone");
	checkpoint_extra_free(&x);
	transcript_clear(&q);

	/* the header another game's, or of other rules: not used */
	ck.len = 0;
	unit_ok(checkpoint_write(j, &x, key, &ck, &e) == 0, "written");
	memset(&q, 0, sizeof(q));
	q.me = GAME_JUDGE;
	if ((q.m = match_clone(j->m)) != NULL) {
		q.m->game_id[0] ^= 1;
		unit_ok(checkpoint_read(&q, NULL, &x, key, ck.data, ck.len,
		    &e) == 1, "another game's header: not used");
		q.m->game_id[0] ^= 1;
		q.m->rules = game_find("knights");
		unit_ok(checkpoint_read(&q, NULL, &x, key, ck.data, ck.len,
		    &e) == 1, "a header of other rules: not used");
		q.m->rules = j->m->rules;
	}
	checkpoint_extra_free(&x);
	transcript_clear(&q);
	/* a squeezed body that does not unfold, though its MAC checks out:
	 * a count of bytes beyond the body */
	{
		static const uint8_t beyond[] = { 200, 0, 0, 0, 1, 2, 3 };

		rebody(&ck, beyond, sizeof(beyond));
		memset(&q, 0, sizeof(q));
		unit_ok(checkpoint_read(&q, "judge", &x, key, ck.data, ck.len,
		    &e) == 1 && q.m == NULL, "a count beyond the body: not used");
		checkpoint_extra_free(&x);
	}
	/* zeros past the bound of a body (256 MiB): refused before the
	 * memory is taken, as the peak of this process shows */
	{
		static const uint8_t huge[] = { 0, 0, 0, 0, 0, 0, 0, 0x20 };
		struct rusage before, after;

		rebody(&ck, huge, sizeof(huge));
		memset(&q, 0, sizeof(q));
		getrusage(RUSAGE_SELF, &before);
		unit_ok(checkpoint_read(&q, "judge", &x, key, ck.data, ck.len,
		    &e) == 1 && q.m == NULL, "512 MiB of zeros: not used");
		getrusage(RUSAGE_SELF, &after);
		unit_ok(after.ru_maxrss - before.ru_maxrss < 64 * 1024,
		    "512 MiB of zeros: not unfolded (peak grew %ld KiB)",
		    after.ru_maxrss - before.ru_maxrss);
		checkpoint_extra_free(&x);
	}
	buf_free(&ck);
	selfplay_free(sp);
	return unit_done();
}
