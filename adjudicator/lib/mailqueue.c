/*
 * The mail bot over a queue.  See mailqueue.h.
 *
 * ROOT/outbox: "adjudicator-outbox 1 RUNID", then for each mail a line
 * "mail GAME SEAT TARGET SOURCE LENGTH" ("-" for no game, no source) and
 * the mail's bytes and a newline.  ROOT/outbox.sent: "RUNID INDEX" for
 * each mail the mailer took, appended as it takes it, not synced (a line
 * lost to a power cut sends its mail again, no more).
 */
#include <sys/file.h>
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "fault.h"
#include "fsio.h"
#include "num.h"
#include "mailbot_int.h"
#include "mailqueue.h"
#include "mime.h"
#include "sec.h"
#include "when.h"

#define RUNID		(MAILQUEUE_RUNID / 2)	/* random bytes naming a
						 * run's outbox */

/* A game the run keeps open. */
struct mq_game {
	char		 game[ROOT_ID];
	struct gamedir	 g;
	struct match	*before;
	struct judge_run j;
	struct game_run	 gr;
	struct bot_run	 r;		/* the run's own, for the updates */
	char		 reply[GAME_MAX_SEATS][MAIL_FIELD];
};

/* A Maildir mail taken in this run: moved to cur/ once durable. */
struct mq_taken {
	char	from[MAILQUEUE_SOURCE], to[MAILQUEUE_SOURCE];
};

struct mailqueue {
	struct mailbot		*b;
	struct mq_game		**games;
	size_t			 ngames;
	struct mailqueue_mail	*out;
	size_t			 nout;
	struct mq_taken		*taken;
	size_t			 ntaken;
	const char		*source;	/* the mail being taken */
	const char		*game;		/* the game whose updates are
						 * being built */
	const char		*name;		/* the input, for what is
						 * said */
	struct error		 refused;	/* the first mail refused */
	char			 runid[2 * RUNID + 1];
	char			 path[PATH_MAX], sent[PATH_MAX];
	int			 lock;
	size_t			 mails;
	size_t			 touched;	/* games the run opened */
	size_t			 nsent, nmailed;	/* of commits before */
	mailqueue_send_fn	*send;
	void			*send_arg;
};

/* --- the mails of the run --- */

int
mailqueue_grow(struct mailqueue_mail **m, size_t n, struct error *e)
{
	struct mailqueue_mail *p;

	if ((p = realloc(*m, (n + 1) * sizeof(*p))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	*m = p;
	memset(&p[n], 0, sizeof(p[n]));
	buf_init(&p[n].text);
	return 0;
}

/* mailbot_send_fn of a drained run: every mail waits for the run's end. */
static int
collect(void *arg, const struct buf *mail, struct error *e)
{
	struct mailqueue *q = arg;
	struct mailqueue_mail *m;

	if (mailqueue_grow(&q->out, q->nout, e) != 0)
		return -1;
	m = &q->out[q->nout++];
	if (buf_add(&m->text, mail->data, mail->len) != 0)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	if (q->game != NULL) {
		snprintf(m->game, sizeof(m->game), "%s", q->game);
		m->seat = q->b->emit_seat;
	} else if (q->source != NULL)
		snprintf(m->source, sizeof(m->source), "%s", q->source);
	return 0;
}

/* A mail an earlier run owes, first in this run's (its text moved). */
static int
keep(struct mailqueue *q, struct mailqueue_mail *m, struct error *e)
{
	if (mailqueue_grow(&q->out, q->nout, e) != 0)
		return -1;
	q->out[q->nout] = *m;
	q->out[q->nout++].sent = 0;
	buf_init(&m->text);
	return 0;
}

void
mailqueue_mails_free(struct mailqueue_mail *m, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		buf_free(&m[i].text);
	free(m);
}

/* --- the games --- */

static struct mq_game *
find(struct mailqueue *q, const char *game)
{
	size_t i;

	for (i = 0; i < q->ngames; i++)
		if (strcmp(q->games[i]->game, game) == 0)
			return q->games[i];
	return NULL;
}

/* The game, opened once for the run: 0, 1 refused (said to r), -1. */
static int
game_get(struct mailqueue *q, struct bot_run *r, const char *game,
    struct mq_game **out, struct error *e)
{
	struct mq_game *gm, **n;
	int rc;

	if ((*out = find(q, game)) != NULL)
		return 0;
	if ((n = realloc(q->games, (q->ngames + 1) * sizeof(*n))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	q->games = n;
	if ((gm = calloc(1, sizeof(*gm))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	snprintf(gm->game, sizeof(gm->game), "%s", game);
	gm->r.b = q->b;
	if ((rc = mailbot_open_game(r != NULL ? r : &gm->r, game, &gm->g,
	    &gm->before, e)) != 0) {
		free(gm);
		return rc;
	}
	gm->gr.r = &gm->r;
	gm->gr.g = &gm->g;
	gm->gr.before = gm->before;
	gm->gr.j = &gm->j;
	judge_run_init(&gm->j, &gm->g.t, q->b->k);
	gm->j.at = when_now();
	q->games[q->ngames++] = gm;
	q->touched++;
	*out = gm;
	/* what an earlier run that stopped half-way left owed */
	return judge_auto(&gm->j, e) != 0 ? -1 : 0;
}

/* mailbot_batch's game: the messages of r's mail for game, judged in the
 * game the run keeps open. */
static int
batch_game(void *arg, struct bot_run *r, const char *game, struct error *e)
{
	struct mailqueue *q = arg;
	struct mq_game *gm;
	unsigned before, mine;
	int rc, s;

	if ((rc = game_get(q, r, game, &gm, e)) != 0)
		return rc > 0 ? 0 : -1;
	gm->j.at = mailbot_arrival(&q->b->in);
	gm->j.applied = gm->j.early = gm->j.duplicates = 0;
	gm->j.refused = gm->j.malformed = 0;
	before = gm->gr.senders;
	gm->gr.senders = 0;
	rc = mailbot_messages(r, game, &gm->gr, &gm->j, e);
	mine = gm->gr.senders;
	gm->gr.senders |= before;
	for (s = 0; s < GAME_MAX_SEATS; s++) {
		if (!(mine & (1u << s)))
			continue;
		/* the mail's Message-Id outlives the mail */
		snprintf(gm->reply[s], sizeof(gm->reply[s]), "%s",
		    q->b->in.message_id);
		gm->gr.reply[s] = gm->reply[s];
		/* a refusal the seat's update will carry */
		if (gm->j.note[s][0] != '\0')
			r->told = 1;
	}
	return rc;
}

static void
games_close(struct mailqueue *q)
{
	size_t i;

	for (i = 0; i < q->ngames; i++) {
		mailbot_news_free(&q->games[i]->gr);
		match_free(q->games[i]->before);
		gamedir_close(&q->games[i]->g);
		free(q->games[i]);
	}
	free(q->games);
	q->games = NULL;
	q->ngames = 0;
}

/* --- ROOT/outbox --- */

static int
outbox_write(struct mailqueue *q, struct error *e)
{
	const struct mailqueue_mail *m;
	struct buf b;
	size_t i;
	int rc;

	buf_init(&b);
	buf_printf(&b, "%s %s\n", MAILQUEUE_MAGIC, q->runid);
	for (i = 0; i < q->nout; i++) {
		m = &q->out[i];
		buf_printf(&b, "mail %s ", m->game[0] != '\0' ? m->game :
		    "-");
		if (m->game[0] != '\0' && m->seat >= 0)
			buf_printf(&b, "%d", m->seat);
		else
			buf_adds(&b, "-");
		buf_printf(&b, " %" PRIu64 " ", m->target);
		if (m->source[0] != '\0')
			mailqueue_escape(m->source, &b);
		else
			buf_adds(&b, "-");
		buf_printf(&b, " %zu\n", m->text.len);
		buf_add(&b, m->text.data, m->text.len);
		buf_adds(&b, "\n");
	}
	rc = fsio_write_atomic(q->path, b.data, b.len, 0600, e);
	buf_free(&b);
	/* the marks of the outbox it replaced name another run */
	if (rc == 0)
		(void)unlink(q->sent);
	return rc;
}

/* The mailer took mail i: said at once, for a run stopped while sending. */
static void
mark_sent(void *arg, size_t i)
{
	struct mailqueue *q = arg;
	char line[64];
	struct error ign;
	int n;

	q->out[i].sent = 1;
	n = snprintf(line, sizeof(line), "%s %zu\n", q->runid, i);
	(void)fsio_append_log(q->sent, line, (size_t)n, &ign);
}

/* The indexes the mailer took of the outbox of run id. */
static void
sent_marks(struct mailqueue *q, const char *id, struct mailqueue_mail *m,
    size_t n)
{
	struct buf b;
	struct error ign;
	char *line, *save = NULL, *w[2];
	uint64_t i;

	buf_init(&b);
	/* marks that cannot be read are not marks: the mail goes again */
	if (fsio_exists(q->sent) && fsio_read(q->sent, 64u << 20, &b,
	    &ign) == 0 && buf_cstr(&b) == 0)
		for (line = strtok_r((char *)b.data, "\n", &save);
		    line != NULL; line = strtok_r(NULL, "\n", &save))
			if (n > 0 && num_words(line, w, 2) == 2 &&
			    strcmp(w[0], id) == 0 &&
			    num_parse_str(w[1], n - 1, &i) == 0)
				m[i].sent = 1;
	buf_free(&b);
}

/* What an outbox mail is worth now: 1 to send, 0 to drop. */
static int
still_owed(struct mailqueue *q, const struct mailqueue_mail *m,
    struct error *e)
{
	struct mq_game *gm;
	uint64_t count;
	int rc;

	if (m->sent)
		return 0;
	/* an answer: owed once its mail left the queue; a mail given as a
	 * file is given again by whoever gave it, and answered then */
	if (m->game[0] == '\0')
		return m->source[0] != '\0' && !fsio_exists(m->source);
	/* an observer's mail: GAMEDIR/watchers said it went before the
	 * outbox was written */
	if (m->seat < 0)
		return 1;
	/* an update: owed once the judge's marks say it was sent */
	if ((rc = game_get(q, NULL, m->game, &gm, e)) != 0)
		return rc > 0 ? 0 : -1;
	if (m->seat >= gm->g.t.m->nseats)
		return 0;
	if (gm->g.t.store->count_updates(gm->g.t.arg, m->seat, &count,
	    e) != 0)
		return -1;
	return count >= m->target;
}

/* The outbox a run left: what it owes goes first in this run's. */
static int
recover(struct mailqueue *q, struct error *e)
{
	struct mailqueue_mail *m = NULL;
	char id[2 * RUNID + 1];
	struct buf b;
	size_t n = 0, i;
	int owed, rc = -1;

	if (!fsio_exists(q->path))
		return 0;
	buf_init(&b);
	if (fsio_read(q->path, SIZE_MAX / 2, &b, e) != 0) {
		/* not a file this judge wrote (a FIFO, a device): said as
		 * damaged, never waited on nor read for ever */
		if (e->status == EXIT_REFUSED)
			error_set(e, EXIT_MALFORMED, "%s: not a regular file; "
			    "move it away to go on", q->path);
		goto done;
	}
	if ((buf_cstr(&b) != 0 && error_set(e, EXIT_SYSTEM, "out of "
	    "memory") != 0) || mailqueue_outbox_parse(q->path, b.data, b.len,
	    id, &m, &n, e) != 0)
		goto done;
	sent_marks(q, id, m, n);
	for (i = 0; i < n; i++) {
		if ((owed = still_owed(q, &m[i], e)) < 0)
			goto done;
		if (owed && keep(q, &m[i], e) != 0)
			goto done;
	}
	rc = 0;
done:
	mailqueue_mails_free(m, n);
	buf_free(&b);
	return rc;
}

/* --- the inputs --- */

static int
take_mail(void *arg, const struct mime_mail *m, struct error *e)
{
	struct mailqueue *q = arg;

	q->mails++;
	return mailbot_take(q->b, m, q->name, &q->refused, e);
}

/* A mail or an mbox; path "-": standard input.  name: what a refused
 * sender is told its mail was. */
static int
take_file(struct mailqueue *q, const char *path, const char *name,
    struct error *e)
{
	FILE *f;
	int rc;

	if ((f = fsio_fopen_regular(path, e)) == NULL)
		return -1;
	q->name = name;
	rc = mime_mailbox(f, name, MIME_MAIL_MAX, take_mail, q, e);
	if (f != stdin)
		fclose(f);
	return rc;
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names in dir/new, but dot files, in the order of their names: a
 * Maildir's names begin with their delivery time. */
static int
queued(const char *dir, char ***names, size_t *n, struct error *e)
{
	struct dirent *de;
	char **t;
	DIR *d;

	*names = NULL;
	*n = 0;
	if ((d = opendir(dir)) == NULL)
		return error_errno(e, "%s", dir);
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		if ((t = realloc(*names, (*n + 1) * sizeof(*t))) == NULL ||
		    (t[*n] = strdup(de->d_name)) == NULL) {
			if (t != NULL)
				*names = t;
			closedir(d);
			return error_set(e, EXIT_SYSTEM, "out of memory");
		}
		*names = t;
		(*n)++;
	}
	closedir(d);
	if (*n > 0)
		qsort(*names, *n, sizeof(**names), by_name);
	return 0;
}

/* Each mail of the Maildir's new/, to be moved to its cur/ as read
 * (":2,S") once its outcome is durable. */
static int
take_maildir(struct mailqueue *q, const char *dir, struct error *e)
{
	char nd[PATH_MAX], cd[PATH_MAX], p[PATH_MAX];
	struct mq_taken *t, cur;
	struct stat st;
	char **names;
	size_t n, i;
	int rc = 0;

	if ((size_t)snprintf(nd, sizeof(nd), "%s/new", dir) >= sizeof(nd) ||
	    (size_t)snprintf(cd, sizeof(cd), "%s/cur", dir) >= sizeof(cd))
		return error_set(e, EXIT_USAGE, "%s: path too long", dir);
	if (stat(nd, &st) != 0 || !S_ISDIR(st.st_mode) || stat(cd, &st) != 0 ||
	    !S_ISDIR(st.st_mode))
		return error_set(e, EXIT_USAGE, "%s: a directory, not a "
		    "Maildir (no new/ and cur/ in it)", dir);
	if (queued(nd, &names, &n, e) != 0)
		return -1;
	for (i = 0; rc == 0 && i < n; i++) {
		if ((size_t)snprintf(p, sizeof(p), "%s/%s", nd, names[i]) >=
		    MAILQUEUE_SOURCE || lstat(p, &st) != 0 ||
		    !S_ISREG(st.st_mode))
			continue;	/* not a mail delivered here */
		memcpy(cur.from, p, strlen(p) + 1);	/* shorter, as said */
		if ((size_t)snprintf(cur.to, sizeof(cur.to), "%s/%s%s", cd,
		    names[i], strstr(names[i], ":2,") != NULL ? "" : ":2,S") >=
		    sizeof(cur.to)) {
			rc = error_set(e, EXIT_USAGE, "%s: path too long", p);
			break;
		}
		q->source = cur.from;
		/* the sender is told of "your mail", not of our file */
		rc = take_file(q, p, "your mail", e);
		q->source = NULL;
		/* taken: it leaves the queue with the next commit (not one
		 * made while it was being taken) */
		if (rc == 0 && (t = realloc(q->taken, (q->ntaken + 1) *
		    sizeof(*t))) == NULL)
			rc = error_set(e, EXIT_SYSTEM, "out of memory");
		else if (rc == 0) {
			q->taken = t;
			q->taken[q->ntaken++] = cur;
		}
	}
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return rc;
}

/* --- the group commit --- */

/* Each game's updates, built; each one's mark (the seat's count of
 * updates once it is recorded) with it. */
static int
updates(struct mailqueue *q, struct error *e)
{
	struct mq_game *gm;
	uint64_t count;
	size_t i, k, first;
	int rc;

	for (i = 0; i < q->ngames; i++) {
		gm = q->games[i];
		first = q->nout;
		q->game = gm->game;
		rc = judge_updates(&gm->j, mailbot_emit, &gm->gr, e);
		q->game = NULL;
		if (rc != 0)
			return -1;
		for (k = first; k < q->nout; k++) {
			if (gm->g.t.store->count_updates(gm->g.t.arg,
			    q->out[k].seat, &count, e) != 0)
				return -1;
			q->out[k].target = count;
		}
	}
	return 0;
}

/* The queue's mails, out of new/: their outcome is durable. */
static int
dequeue(struct mailqueue *q, struct error *e)
{
	size_t i;

	for (i = 0; i < q->ntaken; i++)
		if (FAULT("rename") || rename(q->taken[i].from,
		    q->taken[i].to) != 0)
			return error_errno(e, "%s", q->taken[i].from);
	/* each Maildir's two directories synced once */
	for (i = 0; i < q->ntaken; i++)
		if (i == 0 || strcmp(q->taken[i].to, q->taken[i - 1].to) != 0) {
			fsio_sync_dir_of(q->taken[i].from);
			fsio_sync_dir_of(q->taken[i].to);
		}
	return 0;
}

/*
 * Every game's entries synced; the updates built; every mail of the run
 * kept in ROOT/outbox; the queue's mails out of it; the sent marks kept;
 * the games closed; then the mails to the mailer.  A stop between two
 * steps is what recover() reads.
 */
static int
finish(struct mailqueue *q, mailqueue_send_fn *send, void *arg,
    struct error *e)
{
	size_t i;

	for (i = 0; i < q->ngames; i++)
		if (gamedir_commit_first(&q->games[i]->g, e) != 0)
			return -1;
	if (updates(q, e) != 0)
		return -1;
	/* each observer of a game the run moved on: its mail too */
	for (i = 0; i < q->ngames; i++)
		if (q->games[i]->g.t.m->seq > q->games[i]->before->seq) {
			q->game = q->games[i]->game;
			mailbot_watchers(&q->games[i]->gr);
			mailbot_touch_match(q->b, q->games[i]->g.t.m);
			q->game = NULL;
		}
	if (q->nout > 0) {
		if (outbox_write(q, e) != 0)
			return -1;
	} else if (unlink(q->path) != 0 && errno != ENOENT)
		return error_errno(e, "%s", q->path);
	if (dequeue(q, e) != 0)
		return -1;
	for (i = 0; i < q->ngames; i++)
		if (gamedir_commit_lazy(&q->games[i]->g, e) != 0)
			return -1;
	games_close(q);
	if (q->nout > 0 && send(arg, q->out, q->nout, mark_sent, q, e) != 0)
		return -1;
	/* the games closed, the mails out: the club's site */
	mailbot_site(q->b);
	(void)unlink(q->path);
	(void)unlink(q->sent);
	return 0;
}

/* A new run id: the marks of one commit's outbox never count for
 * another's. */
static void
new_runid(struct mailqueue *q)
{
	uint8_t id[RUNID];

	sec_random(id, sizeof(id));
	sec_hex(q->runid, sizeof(q->runid), id, sizeof(id));
}

/* mailbot_batch's flush: the group commit of what the run took so far,
 * its mails sent, before a mail that reads the root's games. */
static int
batch_flush(void *arg, struct error *e)
{
	struct mailqueue *q = arg;
	size_t i;

	if (q->ngames == 0)
		return 0;
	/* the mail being taken has its answers after this commit: they
	 * stay, and go with the next */
	if (finish(q, q->send, q->send_arg, e) != 0)
		return -1;
	for (i = 0; i < q->nout; i++)
		q->nsent += q->out[i].sent;
	q->nmailed += q->nout;
	mailqueue_mails_free(q->out, q->nout);
	q->out = NULL;
	q->nout = 0;
	q->ntaken = 0;
	new_runid(q);
	return 0;
}

/* --- the run --- */

/* One run at a time: ROOT/drain.lock, waited for. */
static int
lock(struct mailqueue *q, struct error *e)
{
	char p[PATH_MAX];

	if ((size_t)snprintf(p, sizeof(p), "%s/drain.lock", q->b->root) >=
	    sizeof(p))
		return error_set(e, EXIT_USAGE, "%s: path too long",
		    q->b->root);
	if ((q->lock = open(p, O_RDWR | O_CREAT | O_CLOEXEC, 0600)) < 0)
		return error_errno(e, "%s", p);
	while (flock(q->lock, LOCK_EX) != 0)
		if (errno != EINTR)
			return error_errno(e, "%s", p);
	return 0;
}

/* The run's line in ROOT/log, after each mail's own. */
static void
log_run(const struct mailqueue *q, int rc, const struct error *e)
{
	char path[PATH_MAX], when[40], line[256];
	time_t now = time(NULL);
	struct error ign;
	size_t i, sent = 0;
	struct tm tm;
	int n;

	sent = q->nsent;
	for (i = 0; i < q->nout; i++)
		sent += q->out[i].sent;
	gmtime_r(&now, &tm);
	strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", &tm);
	n = snprintf(line, sizeof(line), "%s drain mails=%zu games=%zu "
	    "outbox=%zu sent=%zu%s\n", when, q->mails, q->touched, q->nmailed +
	    q->nout,
	    sent, rc != 0 && e->status == EXIT_SYSTEM ? " verdict=retry" : "");
	if ((size_t)snprintf(path, sizeof(path), "%s/log", q->b->root) <
	    sizeof(path) && n > 0 && (size_t)n < sizeof(line))
		(void)fsio_append_log(path, line, (size_t)n, &ign);
}

static int
run(struct mailqueue *q, char *const *inputs, size_t n,
    mailqueue_send_fn *send, void *arg, struct error *e)
{
	struct stat st;
	size_t i;

	if (lock(q, e) != 0 || recover(q, e) != 0)
		return -1;
	for (i = 0; i < n; i++) {
		if (strcmp(inputs[i], "-") != 0 && stat(inputs[i], &st) == 0 &&
		    S_ISDIR(st.st_mode)) {
			if (take_maildir(q, inputs[i], e) != 0)
				return -1;
		} else if (take_file(q, inputs[i], strcmp(inputs[i], "-") ?
		    inputs[i] : "your mail", e) != 0)
			return -1;
	}
	return finish(q, send, arg, e);
}

int
mailqueue_drain(struct mailbot *b, char *const *inputs, size_t n,
    mailqueue_send_fn *send, void *arg, struct error *e)
{
	mailbot_send_fn *send0 = b->send;
	void *arg0 = b->send_arg;
	struct mailqueue q;
	struct mailbot_batch batch = { &q, batch_game, batch_flush };
	int rc;

	memset(&q, 0, sizeof(q));
	q.b = b;
	q.lock = -1;
	q.send = send;
	q.send_arg = arg;
	error_clear(&q.refused);
	new_runid(&q);
	if ((size_t)snprintf(q.path, sizeof(q.path), "%s/outbox", b->root) >=
	    sizeof(q.path) || (size_t)snprintf(q.sent, sizeof(q.sent),
	    "%s/outbox.sent", b->root) >= sizeof(q.sent))
		return error_set(e, EXIT_USAGE, "%s: path too long", b->root);
	b->send = collect;
	b->send_arg = &q;
	b->batch = &batch;
	b->emit_seat = -1;
	rc = run(&q, inputs, n, send, arg, e);
	b->send = send0;
	b->send_arg = arg0;
	b->batch = NULL;
	log_run(&q, rc, e);
	games_close(&q);
	/* the games closed and the mails out: the tournaments' next rounds,
	 * their games' site */
	mailbot_tour_after(b, 0);
	mailbot_site(b);
	mailbot_untouch(b);	/* a run that failed before its site */
	mailqueue_mails_free(q.out, q.nout);
	free(q.taken);
	if (q.lock >= 0)
		close(q.lock);
	if (rc == 0 && q.refused.status != EXIT_OK) {
		*e = q.refused;
		rc = -1;
	}
	return rc;
}
