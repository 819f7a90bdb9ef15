/*
 * A one-mail run's sending (judge -r ROOT FILE): see mailbot_int.h.
 *
 * The judge's entries are written out while its updates are built
 * (gamedir_commit_begin), and synced after; the mailers, whose start is
 * the longest part of sending a mail (a vfork blocks the thread that
 * asks for it until the mailer runs), are started on a thread of their
 * own, one for each seat that will have an update.  Nothing is given to a mailer
 * before the entries are durable; a mailer given nothing is stopped
 * before it reads a byte, and sends nothing.
 */
#include <stdlib.h>

#include "mailbot_int.h"
#include "mailqueue.h"

static void *
starter(void *arg)
{
	struct game_run *gr = arg;
	struct mailbot *b = gr->r->b;
	struct error ign;
	int h;

	while ((int)gr->npool < gr->want &&
	    b->ahead(b->send_arg, &h, &ign) == 0 && h >= 0)
		gr->pool[gr->npool++] = h;
	return NULL;
}

void
mailbot_ahead(struct game_run *gr, const struct judge_run *j)
{
	struct mailbot *b = gr->r->b;
	const struct transcript *p = j->p;
	int s;

	if (b->ahead == NULL)
		return;
	for (s = 0; s < p->m->nseats && gr->want < GAME_MAX_SEATS; s++)
		gr->want += p->sent[s].seq < p->m->seq || j->whole[s] ||
		    j->again[s] != 0 || j->note[s][0] != '\0';
	if (gr->want == 0)
		return;
	if (pthread_create(&gr->starter, NULL, starter, gr) == 0)
		gr->starting = 1;
	else
		(void)starter(gr);	/* no thread to spare: here, now */
}

/* The starter's work done: the pool is the caller's alone again. */
static void
ahead_done(struct game_run *gr)
{
	if (gr->starting)
		(void)pthread_join(gr->starter, NULL);
	gr->starting = 0;
}

/* The mailers started ahead that no mail is given to: stopped. */
static void
pool_drop(struct game_run *gr)
{
	struct mailbot *b = gr->r->b;
	struct error ign;

	for (; gr->pool_next < gr->npool; gr->pool_next++) {
		b->give(b->send_arg, gr->pool[gr->pool_next], NULL);
		(void)b->end(b->send_arg, gr->pool[gr->pool_next], &ign);
	}
}

int
mailbot_later(struct game_run *gr, int seat, struct buf *mail,
    struct error *e)
{
	struct mailqueue_mail *p;

	if (mailqueue_grow(&gr->later, gr->nlater, e) != 0)
		return -1;
	p = &gr->later[gr->nlater++];
	p->text = *mail;
	buf_init(mail);
	p->seat = seat;
	return JUDGE_LATER;
}

static void
taken(void *arg, size_t i)
{
	struct game_run *gr = arg;

	gr->later[i].sent = 1;
}

/*
 * Each mail to a mailer started ahead, in turn, each one going on while
 * the next is given its mail; then each waited for.  The mails beyond
 * them (a mailer that could not start, an SMTP mailer: none start ahead)
 * go to send_all, or send.
 */
static int
hand_over(struct game_run *gr, struct error *e)
{
	struct mailbot *b = gr->r->b;
	struct error ign;
	size_t i, n;
	int rc = 0;

	n = gr->npool - gr->pool_next < gr->nlater ? gr->npool -
	    gr->pool_next : gr->nlater;
	for (i = 0; i < n; i++)
		b->give(b->send_arg, gr->pool[gr->pool_next + i],
		    &gr->later[i].text);
	for (i = 0; i < n; i++, gr->pool_next++)
		if (b->end(b->send_arg, gr->pool[gr->pool_next], rc == 0 ? e :
		    &ign) == 0)
			gr->later[i].sent = 1;
		else
			rc = -1;
	pool_drop(gr);
	if (n == 0 && gr->nlater > 0 && b->send_all != NULL)
		return b->send_all(b->send_arg, gr->later, gr->nlater, taken,
		    gr, e);
	for (i = n; i < gr->nlater; i++)
		if (b->send(b->send_arg, &gr->later[i].text, rc == 0 ? e :
		    &ign) == 0)
			gr->later[i].sent = 1;
		else
			rc = -1;
	return rc;
}

int
mailbot_send_later(struct game_run *gr, struct judge_run *j,
    struct error *e)
{
	struct mailbot *b = gr->r->b;
	struct error ign;
	size_t i;
	int rc;

	ahead_done(gr);
	rc = hand_over(gr, e);
	for (i = 0; i < gr->nlater; i++)
		if (gr->later[i].sent) {
			b->sent++;
			if (judge_settle(j, gr->later[i].seat,
			    rc == 0 ? e : &ign) != 0)
				rc = -1;
		}
	return rc;
}

void
mailbot_later_free(struct game_run *gr)
{
	size_t i;

	ahead_done(gr);
	pool_drop(gr);
	for (i = 0; i < gr->nlater; i++)
		buf_free(&gr->later[i].text);
	free(gr->later);
	gr->later = NULL;
	gr->nlater = 0;
}
