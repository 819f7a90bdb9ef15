/*
 * A one-mail run's sending (judge -r ROOT FILE): see mailbot_int.h.
 *
 * A mailer's start is the longest part of sending a mail: a vfork
 * blocks the thread that asks for it until the mailer runs, and the
 * mailer's own start follows (as long as the judge's).  So a one-mail
 * run starts its mailers first of all (mailbot_warm), before its mail
 * is read, on a thread of its own placed on another CPU, as many as a
 * game has seats at the fewest; a game with more asks for more once it
 * is open (mailbot_want).  They start while the judge reads, judges and
 * keeps the mail; the judge's entries are written out while its updates
 * are built (gamedir_commit_begin), and synced after.  Nothing is given
 * to a mailer before the entries are durable; one left without a mail
 * (the mail was refused, or was not for a game) is stopped before it
 * reads a byte, and sends nothing (mailbot_cool).
 */
#include <pthread.h>
#include <stdlib.h>

#include "aside.h"
#include "game.h"
#include "mailbot_int.h"
#include "mailqueue.h"

#define POOL_MAX	GAME_MAX_SEATS

struct mailbot_pool {
	pthread_mutex_t	 lock;	/* want, n, idle, failed: the starter's too */
	pthread_t	 starter;
	int		 running;	/* a starter to be joined */
	int		 idle;		/* it has stopped starting */
	int		 failed;	/* a mailer could not be started */
	int		 want;		/* mailers to start in all */
	int		 h[POOL_MAX];	/* the handles of those started */
	int		 n;
	int		 next;		/* the next to be given a mail */
};

static void *
starter(void *arg)
{
	struct mailbot *b = arg;
	struct mailbot_pool *p = b->pool;
	struct error ign;
	int h;

	pthread_mutex_lock(&p->lock);
	while (p->n < p->want && !p->failed) {
		pthread_mutex_unlock(&p->lock);
		if (b->ahead(b->send_arg, &h, &ign) != 0 || h < 0)
			h = -1;
		pthread_mutex_lock(&p->lock);
		if (h < 0)
			p->failed = 1;	/* send says why, when it comes to it */
		else
			p->h[p->n++] = h;
	}
	p->idle = 1;
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

/* The starter started again, or (no thread to spare) run here. */
static void
start(struct mailbot *b)
{
	struct mailbot_pool *p = b->pool;

	p->idle = 0;
	if (aside_start(&p->starter, starter, b) == 0)
		p->running = 1;
	else
		(void)starter(b);
}

/* The starter's work done: the pool is the caller's alone until more
 * are wanted. */
static void
settle(struct mailbot_pool *p)
{
	if (p->running)
		(void)pthread_join(p->starter, NULL);
	p->running = 0;
}

void
mailbot_warm(struct mailbot *b)
{
	struct mailbot_pool *p;
	int i, fewest = POOL_MAX;

	if (b->ahead == NULL || b->pool != NULL ||
	    (p = calloc(1, sizeof(*p))) == NULL)
		return;
	if (pthread_mutex_init(&p->lock, NULL) != 0) {
		free(p);
		return;
	}
	for (i = 0; game_table[i] != NULL; i++)
		if (game_table[i]->min_seats < fewest)
			fewest = game_table[i]->min_seats;
	p->want = fewest;
	b->pool = p;
	start(b);
}

void
mailbot_want(struct mailbot *b, int n)
{
	struct mailbot_pool *p = b->pool;
	int more;

	if (p == NULL)
		return;
	if (n > POOL_MAX)
		n = POOL_MAX;
	pthread_mutex_lock(&p->lock);
	if (p->want < p->next + n)
		p->want = p->next + n < POOL_MAX ? p->next + n : POOL_MAX;
	more = p->idle && !p->failed && p->n < p->want;
	pthread_mutex_unlock(&p->lock);
	if (more) {
		settle(p);
		start(b);
	}
}

/* A mailer started ahead and not yet given a mail, or -1. */
static int
spare(struct mailbot *b)
{
	struct mailbot_pool *p = b->pool;

	if (p == NULL)
		return -1;
	settle(p);
	return p->next < p->n ? p->h[p->next++] : -1;
}

int
mailbot_send(struct mailbot *b, const struct buf *mail, struct error *e)
{
	int h = spare(b);

	if (h < 0)
		return b->send(b->send_arg, mail, e);
	b->give(b->send_arg, h, mail);
	return b->end(b->send_arg, h, e);
}

void
mailbot_cool(struct mailbot *b)
{
	struct mailbot_pool *p = b->pool;
	struct error ign;
	int h;

	if (p == NULL)
		return;
	while ((h = spare(b)) >= 0) {
		b->give(b->send_arg, h, NULL);
		(void)b->end(b->send_arg, h, &ign);
	}
	pthread_mutex_destroy(&p->lock);
	free(p);
	b->pool = NULL;
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
	int h[POOL_MAX];
	size_t i, n;
	int rc = 0;

	for (n = 0; n < gr->nlater && n < POOL_MAX && (h[n] = spare(b)) >= 0;
	    n++)
		b->give(b->send_arg, h[n], &gr->later[n].text);
	for (i = 0; i < n; i++)
		if (b->end(b->send_arg, h[i], rc == 0 ? e : &ign) == 0)
			gr->later[i].sent = 1;
		else
			rc = -1;
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

	rc = hand_over(gr, e);
	for (i = 0; i < gr->nlater; i++)
		if (gr->later[i].sent) {
			b->sent++;
			if (judge_settle(j, gr->later[i].seat,
			    rc == 0 ? e : &ign) != 0)
				rc = -1;
		}
	/* a member's digest: held now the entries are durable */
	if (mailbot_digest_later(gr, j, rc == 0 ? e : &ign) != 0)
		rc = -1;
	return rc;
}

void
mailbot_later_free(struct game_run *gr)
{
	size_t i;

	for (i = 0; i < gr->nlater; i++)
		buf_free(&gr->later[i].text);
	free(gr->later);
	gr->later = NULL;
	gr->nlater = 0;
	mailbot_digest_free(gr);
}
