/*
 * One mail a day (issue 34): the updates due to a member whose digest
 * is daily are held in its record ROOT/digest/NAME (digest.c) instead
 * of mailed, and the tick (judge -r ROOT -t) mails them in one digest
 * once the member's day is due, a summary of its games on top; the
 * record is emptied only after the mailer took the digest, so a stop
 * between sends the same digest again (receive takes its updates as
 * duplicates).  What goes at once all the same: an update that answers
 * the seat's own mail (a refusal's note, a message applied before), a
 * new holder's first, a timeout's; reminders, invitations and answers
 * never come here.
 *
 * Updates are held only once the entries they carry are durable: the
 * tick and a drained queue build them after the commit; a one-mail run
 * builds them while its entries sync, so they are parked and held in
 * mailbot_send_later.  ROOT/digest.lock guards every record, and no game
 * is opened while it is held (a run holds its game's lock while it
 * holds an update).
 */
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "calendar.h"
#include "digest.h"
#include "fsio.h"
#include "mailbot_int.h"
#include "when.h"

struct mailbot_parked {
	char		 name[KEY_NAME_MAX + 1];
	int		 seat;
	char		 to[MAIL_FIELD];
	uint64_t	 seq;
	struct buf	 body, mail;
};

int
mailbot_digest_member(const char *root, const char *address, char *name,
    size_t len, struct error *e)
{
	struct club_members c;
	char path[PATH_MAX];
	size_t i;

	name[0] = '\0';
	if ((size_t)snprintf(path, sizeof(path), "%s/%s", root,
	    CLUB_MEMBERS) >= sizeof(path) || !fsio_exists(path))
		return 0;
	if (club_members_read(root, &c, e) != 0)
		return -1;
	for (i = 0; i < c.n; i++)
		if (strcasecmp(c.m[i].address, address) == 0)
			snprintf(name, len, "%s", c.m[i].name);
	club_members_free(&c);
	return 0;
}

/* Whether what the member chose (or the club, for it) is daily. */
static int
daily(const struct digest *d, const struct club_conf *c)
{
	return d->mode == DIGEST_DAILY || (d->mode == DIGEST_DEFAULT &&
	    c->digest);
}

/*
 * The update kept in name's record, if the member is daily: 1 held (or
 * held before), 0 not (not daily, or its record full: it goes at once).
 */
static int
keep(const char *root, const char *name, const char *to, const char *game,
    uint64_t seq, const struct buf *body, struct error *e)
{
	struct club_conf conf;
	struct digest d;
	int fd, rc;

	if (digest_lock(root, &fd, e) != 0)
		return -1;
	if (digest_read(root, name, &d, e) != 0) {
		fsio_unlock(fd);
		return -1;
	}
	if ((rc = club_conf_read(root, &conf, e)) == 0 && !daily(&d, &conf))
		rc = 3;
	club_conf_free(&conf);
	/* 0 held now, 1 held before, 2 full */
	if (rc == 0)
		rc = digest_hold(&d, when_now(), game, seq, body->data,
		    body->len, e);
	if (rc == 0) {
		snprintf(d.to, sizeof(d.to), "%s", to);
		rc = digest_write(root, name, &d, e) == 0 ? 0 : -1;
	}
	digest_free(&d);
	fsio_unlock(fd);
	return rc < 0 ? -1 : rc <= 1 ? 1 : 0;
}

/* Whether name's digest is daily now: 1, 0, -1. */
static int
daily_now(const char *root, const char *name, struct error *e)
{
	struct club_conf conf;
	struct digest d;
	int rc;

	if (digest_read(root, name, &d, e) != 0)
		return -1;
	if ((rc = club_conf_read(root, &conf, e)) == 0)
		rc = daily(&d, &conf);
	club_conf_free(&conf);
	digest_free(&d);
	return rc;
}

int
mailbot_digest_hold(struct game_run *gr, int seat, int at_once,
    struct buf *body, struct buf *mail, struct error *e)
{
	const char *root = gr->r->b->root;
	const struct match *m = gr->g->t.m;
	struct mailbot_parked *p;
	char name[KEY_NAME_MAX + 1];
	int rc;

	if (at_once || gr->at_once || m->seat[seat].address[0] == '\0')
		return 0;
	if (mailbot_digest_member(root, m->seat[seat].address, name,
	    sizeof(name), e) != 0)
		return e->status == EXIT_SYSTEM ? -1 : 0;
	if (name[0] == '\0')
		return 0;
	if (!gr->defer) {
		/* the entries are durable: held now, or mailed */
		rc = keep(root, name, m->seat[seat].address, m->game_hex,
		    m->seq, body, e);
		return rc < 0 && e->status != EXIT_SYSTEM ? 0 : rc;
	}
	/* the record read without the lock (it is replaced whole): one
	 * not daily has its mail go with the others */
	if ((rc = daily_now(root, name, e)) <= 0)
		return rc < 0 && e->status == EXIT_SYSTEM ? -1 : 0;
	if ((p = realloc(gr->held, (gr->nheld + 1) * sizeof(*p))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	gr->held = p;
	p = &gr->held[gr->nheld++];
	snprintf(p->name, sizeof(p->name), "%s", name);
	snprintf(p->to, sizeof(p->to), "%s", m->seat[seat].address);
	p->seat = seat;
	p->seq = m->seq;
	p->body = *body;
	p->mail = *mail;
	buf_init(body);
	buf_init(mail);
	return MAILBOT_PARKED;
}

int
mailbot_digest_later(struct game_run *gr, struct judge_run *j,
    struct error *e)
{
	struct mailbot *b = gr->r->b;
	struct mailbot_parked *p;
	struct error ign, ke;
	size_t i;
	int rc = 0, held;

	for (i = 0; i < gr->nheld; i++) {
		p = &gr->held[i];
		error_clear(&ke);
		held = keep(b->root, p->name, p->to, gr->g->t.m->game_hex,
		    p->seq, &p->body, &ke);
		/* a record that cannot be read (the operator's to mend) keeps
		 * no update back: it goes as its own mail */
		if (held < 0 && ke.status != EXIT_SYSTEM)
			held = 0;
		else if (held < 0 && rc == 0)
			*e = ke;
		/* not daily after all, or no room: the mail goes now */
		if (held == 0 && mailbot_send(b, &p->mail, rc == 0 ? e :
		    &ign) == 0) {
			b->sent++;
			held = 1;
		}
		if (held == 1 && judge_settle(j, p->seat, rc == 0 ? e :
		    &ign) == 0)
			continue;
		rc = -1;
	}
	return rc;
}

void
mailbot_digest_free(struct game_run *gr)
{
	size_t i;

	for (i = 0; i < gr->nheld; i++) {
		buf_free(&gr->held[i].body);
		buf_free(&gr->held[i].mail);
	}
	free(gr->held);
	gr->held = NULL;
	gr->nheld = 0;
}

/* --- the digest, from the tick --- */

struct whose {
	const struct digest	*d;
};

/* root_seat_fn: the seat held for the record's address; news: a game of
 * an update held. */
static int
seat_of(void *arg, const struct match *m, int *news)
{
	const struct whose *w = arg;
	size_t i;
	int s;

	*news = 0;
	for (i = 0; i < w->d->n; i++)
		if (strcmp(w->d->h[i].game, m->game_hex) == 0)
			*news = 1;
	for (s = 0; s < m->nseats; s++)
		if (strcasecmp(m->seat[s].address, w->d->to) == 0)
			return s;
	return -1;
}

/* The summary of the member's games (they are read here: no lock
 * held), and its calendar when it asks for one. */
static int
summary(const char *root, const struct digest *d, struct buf *sum,
    struct buf *ics, struct error *e)
{
	struct whose w = { d };
	int unreadable;

	if (root_games_member(root, seat_of, &w, sum, e) != 0)
		return -1;
	if (d->ics && calendar_member(root, seat_of, &w, ics, &unreadable,
	    e) != 0)
		return -1;
	return 0;
}

/* The digest's text: what it is, the summary, each update as its own
 * mail said it. */
static int
assemble(const struct digest *d, const struct buf *sum, int ics,
    struct buf *body, struct error *e)
{
	char when[WHEN_TEXT];
	size_t i;
	int rc;

	when_format(when_now(), when, sizeof(when));
	rc = buf_printf(body, "Your digest of %s: %zu update%s the judge held "
	    "for you, each as\nits own mail would have carried it, in the "
	    "order they came.  adjudicator\nreceive -r ROOT takes this whole "
	    "mail: every update in it is applied in\nturn (one it has "
	    "already is a duplicate, and changes nothing).\n\n", when, d->n,
	    d->n == 1 ? "" : "s");
	rc |= buf_add(body, sum->data, sum->len);
	if (ics)
		rc |= buf_adds(body, "\nYour deadlines are attached as a "
		    "calendar (deadlines.ics).\n");
	for (i = 0; i < d->n; i++) {
		rc |= buf_printf(body, "\n======== update %zu of %zu: game "
		    "%.16s, to entry %llu ========\n\n", i + 1, d->n,
		    d->h[i].game, (unsigned long long)d->h[i].seq);
		rc |= buf_add(body, d->h[i].text.data, d->h[i].text.len);
	}
	return rc != 0 ? error_set(e, EXIT_SYSTEM, "out of memory") : 0;
}

/* The digest mailed: a calendar attached when there is one. */
static int
mail_digest(struct mailbot *b, const struct club_conf *c,
    const struct digest *d, const struct buf *body, const struct buf *ics,
    struct error *e)
{
	struct mail_part part = { "text/calendar; charset=utf-8; "
	    "method=PUBLISH", "deadlines.ics", NULL, 0 };
	struct mail_head h;
	struct buf mail;
	char subject[MAIL_FIELD];
	int rc;

	if (ics != NULL) {
		part.data = ics->data;
		part.len = ics->len;
	}
	memset(&h, 0, sizeof(h));
	if (c->address[0] != '\0')
		h.from = c->address;
	h.to[h.nto++] = d->to;
	snprintf(subject, sizeof(subject), "[adjudicator] your digest: %zu "
	    "update%s", d->n, d->n == 1 ? "" : "s");
	h.subject = subject;
	h.automatic = 1;
	buf_init(&mail);
	rc = ics != NULL ? mail_compose_with(&h, (const char *)body->data,
	    body->len, &part, &mail, e) : mail_compose(&h,
	    (const char *)body->data, body->len, &mail, e);
	if (rc == 0 && (rc = mailbot_send(b, &mail, e)) == 0)
		b->sent++;
	buf_free(&mail);
	return rc;
}

/*
 * The digest of what name's record holds, once it is due (its day come,
 * or the member no longer daily): mailed, then what it carried dropped.
 * 1 sent, 0 nothing due.
 */
static int
digest_one(struct mailbot *b, const struct club_conf *c, const char *name,
    int64_t now, struct error *e)
{
	struct digest d, seen;
	struct buf sum, ics, body;
	int fd = -1, rc = -1;

	if (digest_read(b->root, name, &seen, e) != 0)
		return -1;
	if (seen.n == 0 || seen.to[0] == '\0' || (daily(&seen, c) &&
	    now < digest_due(&seen, c->digest_hour))) {
		digest_free(&seen);
		return 0;
	}
	buf_init(&sum);
	buf_init(&ics);
	buf_init(&body);
	memset(&d, 0, sizeof(d));
	if (summary(b->root, &seen, &sum, &ics, e) != 0 ||
	    digest_lock(b->root, &fd, e) != 0 ||
	    digest_read(b->root, name, &d, e) != 0)
		goto done;
	/* what was held since it was read goes too */
	rc = 0;
	if (d.n == 0 || d.to[0] == '\0')
		goto done;
	if (assemble(&d, &sum, seen.ics, &body, e) != 0 ||
	    mail_digest(b, c, &d, &body, seen.ics ? &ics : NULL, e) != 0) {
		rc = -1;
		goto done;
	}
	/* sent first, then dropped: a stop between sends it again */
	digest_drop(&d, d.n);
	rc = digest_write(b->root, name, &d, e) == 0 ? 1 : -1;
done:
	digest_free(&seen);
	digest_free(&d);
	fsio_unlock(fd);
	buf_free(&sum);
	buf_free(&ics);
	buf_free(&body);
	return rc;
}

int
mailbot_digest_tick(struct mailbot *b, int64_t now, struct error *e)
{
	struct club_conf conf;
	struct bot_run r;
	struct dirent *de;
	char path[PATH_MAX];
	struct error me;
	DIR *dir;
	int rc = 0, sent;

	if ((size_t)snprintf(path, sizeof(path), "%s/%s", b->root,
	    DIGEST_DIR) >= sizeof(path))
		return error_set(e, EXIT_USAGE, "%s: path too long", b->root);
	if ((dir = opendir(path)) == NULL)
		return 0;	/* nobody's digest held */
	if (club_conf_read(b->root, &conf, e) != 0) {
		closedir(dir);
		return -1;
	}
	error_clear(&me);
	while ((de = readdir(dir)) != NULL) {
		if (!key_name_ok(de->d_name))
			continue;	/* ".", "..", a temporary file */
		b->sent = 0;
		if ((sent = digest_one(b, &conf, de->d_name, now,
		    rc == 0 ? e : &me)) < 0)
			rc = -1;
		if (sent == 0)
			continue;
		snprintf(b->verdict, sizeof(b->verdict), "digest,%.40s",
		    sent > 0 ? de->d_name : "failed");
		b->game[0] = b->in.from[0] = '\0';
		b->entry = 0;
		memset(&r, 0, sizeof(r));
		r.b = b;
		mailbot_log(&r, sent > 0 ? EXIT_OK : EXIT_SYSTEM);
	}
	closedir(dir);
	club_conf_free(&conf);
	return rc;
}
