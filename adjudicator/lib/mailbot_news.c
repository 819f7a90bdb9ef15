/*
 * The news above each update and observer mail of the mail bot: see
 * mailbot_int.h.
 *
 * The summary above each update travels in clear, readable by every
 * relay, mailbox provider and backup on the way: it holds nothing a
 * stranger may not know.  It is the public view of the game (the judge's
 * match before this mail, stripped of every setup, given the new entries
 * one by one), addressed to the seat; what the seat's own pieces are and
 * saw, and the judge's note on its message, travel only inside the
 * encrypted update, which receive shows.  The summary is not signed and
 * says so.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mailbot_int.h"
#include "match.h"
#include "view.h"
#include "view_last.h"

/* The judge's match before this mail, as the public knows it. */
static struct match *
project(const struct match *base, int seat)
{
	struct match *c;
	int o;

	if ((c = match_clone(base)) == NULL)
		return NULL;
	for (o = 0; o < GAME_MAX_SEATS; o++) {
		c->local[o] = NULL;
		memset(&c->privy[o], 0, sizeof(c->privy[o]));
	}
	memset(c->entitled, 0, sizeof(c->entitled));
	c->me = seat;
	return c;
}

/* Entry blob applied to the public copy c: from the body the judge
 * parsed when it took it, if it is that entry (transcript.h). */
static int
replay(struct match *c, const struct transcript *p, const struct buf *blob,
    const char *where, struct error *e)
{
	struct envelope env;

	if (p->kept == NULL)
		return match_apply_checked(c, blob->data, blob->len, where,
		    NULL, e);
	if (envelope_parse(blob->data, blob->len, &env, where, e) != 0)
		return -1;
	if (memcmp(env.hash, p->kept_hash, SEC_HASH) != 0)
		return match_apply_checked(c, blob->data, blob->len, where,
		    NULL, e);
	return match_apply_parsed(c, &env, p->kept, where, NULL, e);
}

/*
 * The entries since the run began, replayed once on the public board
 * (what project keeps is the same for every seat): each one's line, and
 * the board after them.  Kept in gr until the game moves on again.
 */
static struct match *
news_board(struct game_run *gr)
{
	const struct transcript *p = &gr->g->t;
	const struct match *m = p->m;
	struct buf blob;
	struct error e;
	char where[64];
	uint64_t q;
	size_t *at;
	int ok = 1;

	if (gr->news != NULL && gr->news_seq == m->seq)
		return gr->news;
	mailbot_news_free(gr);
	if ((gr->news = project(gr->before, -1)) == NULL)
		return NULL;
	gr->news->verifying = 1;	/* our copy: no rollback copy of it */
	buf_init(&blob);
	for (q = gr->before->seq + 1; ok && q <= m->seq; q++) {
		blob.len = 0;
		snprintf(where, sizeof(where), "entry %llu",
		    (unsigned long long)q);
		ok = p->store->get_entry(p->arg, q, &blob, &e) == 0 &&
		    replay(gr->news, p, &blob, where, &e) == 0;
		if (ok && (at = realloc(gr->news_at, (gr->news_n + 1) *
		    sizeof(*at))) != NULL) {
			gr->news_at = at;
			at[gr->news_n++] = gr->news_lines.len;
			view_last_news(&gr->news_lines, gr->news);
		}
	}
	buf_free(&blob);
	if (!ok) {
		/* cannot happen to entries the judge applied; the board is
		 * then the final state's, stripped the same way, and the
		 * lines those that could be told */
		match_free(gr->news);
		gr->news = project(m, -1);
	}
	gr->news_seq = m->seq;
	return gr->news;
}

void
mailbot_news_free(struct game_run *gr)
{
	match_free(gr->news);
	gr->news = NULL;
	buf_free(&gr->news_lines);
	free(gr->news_at);
	gr->news_at = NULL;
	gr->news_n = 0;
}

void
mailbot_news(struct game_run *gr, int seat, uint64_t from, struct buf *out)
{
	const struct match *m = gr->g->t.m;
	uint64_t start;
	size_t n = m->seq > from ? (size_t)(m->seq - from) : 0, k;
	struct match *c;
	char dir[80];

	start = from > gr->before->seq ? from : gr->before->seq;
	if ((c = news_board(gr)) == NULL)
		return;
	k = (size_t)(start - gr->before->seq);
	if (n > 0 && (from < start || (k < gr->news_n &&
	    gr->news_lines.len > gr->news_at[k])))
		buf_adds(out, "News:\n");
	if (n > 0 && from + 1 == start)
		buf_printf(out, "  entry %llu (not confirmed sent before)\n",
		    (unsigned long long)start);
	else if (n > 0 && from < start)
		buf_printf(out, "  entries %llu to %llu (not confirmed sent "
		    "before)\n", (unsigned long long)from + 1,
		    (unsigned long long)start);
	/* the lines of the entries this seat has not had: the last ones */
	if (k < gr->news_n)
		buf_add(out, gr->news_lines.data + gr->news_at[k],
		    gr->news_lines.len - gr->news_at[k]);
	buf_adds(out, "\n");
	c->me = seat;
	/* its commands name its copy as it filed it (join -r ROOT) */
	view_text_public(c, seat, root_seat_dir(c, seat, dir, sizeof(dir)),
	    out);
	if (view_by_mail(c, seat) && match_phase(c) != MATCH_CLOSED)
		buf_wrap(out, "ROOT is the folder you filed your games in "
		    "(join -r ROOT).");
}
