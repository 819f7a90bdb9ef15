/*
 * The judge's mail bot.  See mailbot.h.  Its core: a mail read, its
 * messages routed to their games and judged, each update composed as a
 * mail (its news: mailbot_news.c) and sent; a mail without a message
 * answered by the command it says (mailcmd.h), else passed on or
 * answered that it could not be read.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "armor.h"
#include "fsio.h"
#include "gamedir.h"
#include "judge.h"
#include "mailbot_int.h"
#include "mailcmd.h"
#include "match.h"
#include "tick.h"
#include "view.h"
#include "view_last.h"
#include "when.h"
#include "ydoc.h"

/* --- answers to the sender of the mail --- */

int
mailbot_answer(struct bot_run *r, const char *subject, const char *body,
    struct error *e)
{
	struct mailbot *b = r->b;
	struct mail_head h;
	struct buf mail;
	int rc;

	if (b->in.from[0] == '\0' && b->in.refused[0] != '\0' &&
	    !b->in.automatic)
		report_line(b->report, "%s: not answered: the sender's "
		    "address is refused: %s", r->name, b->in.refused);
	if (b->in.from[0] == '\0' || b->in.automatic)
		return 0;	/* nobody to tell, or a loop to avoid */
	memset(&h, 0, sizeof(h));
	h.to[h.nto++] = b->in.from;
	h.subject = subject;
	h.in_reply_to = b->in.message_id;
	h.automatic = 1;
	buf_init(&mail);
	if ((rc = mail_compose(&h, body, strlen(body), &mail, e)) == 0 &&
	    (rc = mailbot_send(b, &mail, e)) == 0) {
		b->sent++;
		r->answered = 1;
	}
	buf_free(&mail);
	return rc;
}

static void
refuse(struct bot_run *r, const struct error *e)
{
	report_line(r->b->report, "%s: refused", e->msg);
	if (e->status == EXIT_MALFORMED)
		r->malformed = 1;
	else
		r->refused = 1;
	if (r->why[0] == '\0')
		snprintf(r->why, sizeof(r->why), "%s", e->msg);
}


int
mailbot_emit(void *arg, int seat, const struct buf *armored, size_t n,
    int note, size_t resent, struct error *e)
{
	struct game_run *gr = arg;
	struct mailbot *b = gr->r->b;
	const struct match *m = gr->g->t.m;
	struct mail_head h;
	struct buf body, mail;
	char subject[MAIL_FIELD];
	int rc, joins, held;

	memset(&h, 0, sizeof(h));
	if (m->judge_address[0] != '\0')
		h.from = m->judge_address;
	h.to[h.nto++] = m->seat[seat].address;
	h.subject = subject;
	if (gr->senders & (1u << seat))
		h.in_reply_to = gr->reply[seat];
	h.game = m->game_hex;
	h.automatic = 1;
	buf_init(&body);
	buf_init(&mail);
	joins = mailbot_update_head(gr, seat, n, subject, sizeof(subject),
	    &body);
	if (resent > 0)
		buf_printf(&body, "Your message had reached the judge already: "
		    "here again %s the judge's\nlast update%s to you.\n",
		    resent == 1 ? "is" : "are", resent == 1 ? "" : "s");
	/* the note may name the seat's own pieces: only inside the update */
	if (note) {
		gr->r->told = 1;
		buf_adds(&body, "The judge refused your last message: the "
		    "update says why.\n");
	}
	buf_adds(&body, "\n");
	mailbot_news(gr, seat, gr->g->t.sent[seat].seq, &body);
	mailbot_update_tail(joins, &body);
	buf_add(&body, armored->data, armored->len);
	b->emit_seat = seat;
	if ((rc = mail_compose(&h, (const char *)body.data, body.len, &mail,
	    e)) == 0 && (held = mailbot_digest_hold(gr, seat, note ||
	    resent > 0 || joins, &body, &mail, e)) != 0)
		rc = held < 0 ? -1 : held == MAILBOT_PARKED ? JUDGE_LATER : 0;
	else if (rc == 0 && gr->defer)
		rc = mailbot_later(gr, seat, &mail, e);
	else if (rc == 0 && (rc = mailbot_send(b, &mail, e)) == 0)
		b->sent++;
	b->emit_seat = -1;
	buf_free(&body);
	buf_free(&mail);
	return rc;
}

/*
 * When the judge took the mail, for the clocks: when this system's mail
 * server took it (the first Received header, which that server wrote),
 * when that is a date of the last week that is not yet to come; else now.
 * The Date header is the sender's word, and never counts.
 */
int64_t
mailbot_arrival(const struct mail_in *in)
{
	int64_t now = when_now();

	if (in->received > 0 && in->received <= now &&
	    in->received >= now - 7 * 86400)
		return in->received;
	return now;
}

/* --- one game's messages --- */

int
mailbot_open_game(struct bot_run *r, const char *game, struct gamedir *g,
    struct match **before, struct error *e)
{
	struct mailbot *b = r->b;
	char dir[PATH_MAX];

	*before = NULL;
	if (root_dir(b->root, game, dir, sizeof(dir), e) != 0)
		return -1;
	if (gamedir_open(dir, GAMEDIR_WRITE, g, b->report, e) != 0)
		return e->status == EXIT_SYSTEM ? -1 : (refuse(r, e), 1);
	if (g->t.me != GAME_JUDGE)
		error_set(e, EXIT_USAGE, "%s: %s's game directory, not the "
		    "judge's", dir, g->seat);
	else if (transcript_key_check(&g->t, b->k, b->keypath, e) == 0 &&
	    (*before = match_clone(g->t.m)) == NULL)
		error_set(e, EXIT_SYSTEM, "out of memory");
	if (*before != NULL)
		return 0;
	gamedir_close(g);
	return -1;
}

int
mailbot_messages(struct bot_run *r, const char *game, struct game_run *gr,
    struct judge_run *j, struct error *e)
{
	struct envelope env;
	size_t i;
	int seat, rc;

	for (i = 0; i < r->nq; i++) {
		if (strcmp(r->q[i].game, game) != 0)
			continue;
		if (envelope_parse(r->q[i].sb.data, r->q[i].sb.len, &env,
		    r->q[i].where, e) != 0)
			return -1;
		seat = match_seat_of(gr->g->t.m, &env.signer);
		if (seat >= 0 && seat < gr->g->t.m->nseats) {
			gr->senders |= 1u << seat;
			gr->reply[seat] = r->b->in.message_id;
		} else
			mailbot_former(r, gr->g->t.m, &env.signer);
		j->doc = r->q[i].doc;	/* parsed once */
		rc = judge_message(j, r->q[i].sb.data, r->q[i].sb.len, &env,
		    r->q[i].where, e);
		j->doc = NULL;
		if (rc != 0)
			return -1;
	}
	r->applied += j->applied;
	r->early += j->early;
	r->duplicates += j->duplicates;
	r->refused |= j->refused;
	r->malformed |= j->malformed;
	if ((j->refused || j->malformed) && r->why[0] == '\0')
		snprintf(r->why, sizeof(r->why), "%s", "the judge refused a "
		    "message");
	snprintf(r->b->game, sizeof(r->b->game), "%s", game);
	r->b->entry = gr->g->t.m->seq;
	return 0;
}

static int
judge_game(struct bot_run *r, const char *game, struct error *e)
{
	struct mailbot *b = r->b;
	struct game_run gr;
	struct judge_run j;
	struct match *before;
	struct gamedir g;
	struct error ign;
	int rc, built;

	if (b->batch != NULL)
		return b->batch->game(b->batch->arg, r, game, e);
	if ((rc = mailbot_open_game(r, game, &g, &before, e)) != 0)
		return rc > 0 ? 0 : -1;
	rc = -1;
	memset(&gr, 0, sizeof(gr));
	gr.r = r;
	gr.g = &g;
	gr.before = before;
	judge_run_init(&j, &g.t, b->k);
	gr.j = &j;
	j.at = mailbot_arrival(&b->in);
	/* once the mail is applied, every seat has news */
	mailbot_want(b, g.t.m->nseats);
	if (judge_auto(&j, e) != 0 || mailbot_messages(r, game, &gr, &j,
	    e) != 0)
		goto done;
	/* what was accepted is kept before any update goes out (the updates
	 * are built while the disk syncs it), and an update is marked sent
	 * only once the mailer took it (one it did not take goes next time) */
	if (gamedir_commit_begin(&g, e) != 0)
		goto done;
	gr.defer = 1;
	built = judge_updates(&j, mailbot_emit, &gr, e);
	if (gamedir_commit_end(&g, built == 0 ? e : &ign) != 0 || built != 0)
		goto done;
	if (mailbot_send_later(&gr, &j, e) != 0) {
		(void)gamedir_commit_lazy(&g, &ign);
		goto done;
	}
	if (gamedir_commit_lazy(&g, e) != 0)
		goto done;
	if (g.t.m->seq > before->seq) {
		mailbot_watchers(&gr);
		mailbot_touch_match(b, g.t.m);
	}
	rc = 0;
done:
	mailbot_later_free(&gr);
	mailbot_news_free(&gr);
	judge_run_clear(&j);
	match_free(before);
	gamedir_close(&g);
	return rc;
}

/* --- routing --- */

static int
queue(struct bot_run *r, const char *game, const struct buf *sb,
    struct ydoc **doc, const char *where)
{
	struct queued *n;

	if ((n = realloc(r->q, (r->nq + 1) * sizeof(*n))) == NULL)
		return -1;
	r->q = n;
	n = &r->q[r->nq];
	snprintf(n->game, sizeof(n->game), "%s", game);
	snprintf(n->where, sizeof(n->where), "%s", where);
	buf_init(&n->sb);
	n->doc = NULL;
	if (buf_add(&n->sb, sb->data, sb->len) != 0) {
		buf_free(&n->sb);
		return -1;
	}
	n->doc = *doc;		/* the queue's now */
	*doc = NULL;
	r->nq++;
	return 0;
}

static int
route(struct bot_run *r, const struct buf *block, const char *where,
    struct error *e)
{
	struct mailbot *b = r->b;
	char game[ROOT_ID], dir[PATH_MAX];
	struct envelope env;
	struct ydoc *doc = NULL;
	struct buf sb;
	struct error why, sig;
	int header, invited, opened = 0, rc = 0;

	buf_init(&sb);
	error_clear(&why);
	/* the signature is checked where it must be (judge.c, vouch): once
	 * a mail, with the entry's own */
	if (envelope_open_lazy(block->data, block->len, b->k, &sb, &env, where,
	    &why) != 0) {
		if (why.status == EXIT_REFUSED && strstr(why.msg,
		    ": not addressed to key ") != NULL) {
			report_line(b->report, "%s; passed over", why.msg);
			if (r->other.msg[0] == '\0')
				r->other = why;
			goto done;
		}
		goto refused;
	}
	opened = 1;
	/* parsed once: the judge takes the body as it is read here */
	if ((doc = ydoc_parse(env.body, env.body_len, where, &why)) == NULL ||
	    root_game_in(doc, &env, game, &header, where, &why) != 0)
		goto refused;
	if (header) {
		/* its signature is checked before it counts (header_read);
		 * the root's record unreadable: the mail waits, unanswered,
		 * as for judge.yaml */
		if ((invited = mailbot_invite(r, &sb, &env, game, where,
		    &why)) == -2) {
			*e = why;
			rc = -1;
		} else if (invited != 0)
			goto refused;
		goto done;
	}
	if (root_dir(b->root, game, dir, sizeof(dir), &why) != 0)
		goto refused;
	snprintf(dir + strlen(dir), sizeof(dir) - strlen(dir), "/seat");
	if (!fsio_exists(dir)) {
		error_set(&why, EXIT_REFUSED, "%s: game %.16s is not known to "
		    "this judge (its invitation has not come)", where, game);
		goto refused;
	}
	if (queue(r, game, &sb, &doc, where) != 0)
		rc = error_set(e, EXIT_SYSTEM, "out of memory");
	goto done;
refused:
	/* a message whose signature was left unchecked: if that is what is
	 * wrong with it, that is what its sender hears */
	if (opened && !env.checked && why.status != EXIT_SYSTEM) {
		error_clear(&sig);
		if (envelope_check(sb.data, sb.len, where, &sig) != 0)
			why = sig;
	}
	if (why.status == EXIT_SYSTEM) {
		*e = why;
		rc = -1;
	} else
		refuse(r, &why);
done:
	ydoc_free(doc);
	buf_free(&sb);
	return rc;
}

void
mailbot_log(struct bot_run *r, int status)
{
	struct mailbot *b = r->b;
	char path[PATH_MAX], when[40];
	time_t now = time(NULL);
	struct buf line;
	struct error ign;
	struct tm tm;

	gmtime_r(&now, &tm);
	strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", &tm);
	if (b->verdict[0] == '\0')
		snprintf(b->verdict, sizeof(b->verdict), "%s",
		    status == EXIT_SYSTEM || status == EXIT_USAGE ? "retry" :
		    "refused");
	buf_init(&line);
	buf_printf(&line, "%s from=%s game=%.16s entry=%llu verdict=%s "
	    "sent=%d", when, b->in.from[0] ? b->in.from : "-",
	    b->game[0] ? b->game : "-", b->entry, b->verdict, b->sent);
	/* why the sender could not be answered: escaped, one line */
	if (b->in.from[0] == '\0' && b->in.refused[0] != '\0')
		buf_printf(&line, " unanswerable=\"%s\"", b->in.refused);
	buf_adds(&line, "\n");
	if ((size_t)snprintf(path, sizeof(path), "%s/log", b->root) <
	    sizeof(path))
		(void)fsio_append_log(path, line.data, line.len, &ign);
	buf_free(&line);
}

static void
verdict(struct bot_run *r)
{
	struct mailbot *b = r->b;
	const char *v = r->applied ? "applied" : r->joined ? "joined" :
	    r->early ? "waiting" : r->duplicates || r->already ? "duplicate" :
	    "nothing";

	if (r->refused || r->malformed)
		snprintf(b->verdict, sizeof(b->verdict), "%s%s%s%s",
		    r->malformed ? "malformed" : "refused", r->told ? ",told" :
		    r->answered ? ",answered" : r->hushed ? ",quiet" : "",
		    r->forwarded == 1 ? ",forwarded" : r->forwarded == 2 ?
		    ",withheld" : "", strcmp(v, "nothing") ? "," : "");
	else
		b->verdict[0] = '\0';
	if (strcmp(v, "nothing") != 0 || b->verdict[0] == '\0')
		snprintf(b->verdict + strlen(b->verdict), sizeof(b->verdict) -
		    strlen(b->verdict), "%s", v);
}

/*
 * A mail in words, with no message nor command, passed on whole to the
 * operator: a question for a person, taken (exit 0), and its sender told
 * where it went, not that it "could not be read".
 */
static int
passed_on(struct bot_run *r, struct error *e)
{
	struct mailbot *b = r->b;

	if (mailbot_answer_once(r, "forwarded", "[adjudicator] your mail went "
	    "to a person", "Your mail to the adjudicator judge holds no move "
	    "and no command for it:\nit has been passed on to a person, the "
	    "judge's operator, who answers in\nwords.  Mail HELP for what the "
	    "judge itself takes.\n", e) != 0)
		return -1;
	snprintf(b->verdict, sizeof(b->verdict), "forwarded%s",
	    r->answered ? ",answered" : r->hushed ? ",quiet" : "");
	return 0;
}

static int
no_message(struct bot_run *r, struct error *why, struct error *e)
{
	struct mailbot *b = r->b;
	const struct mailcmd *c = mailcmd_find(&b->in);
	struct buf body;
	int rc;

	/* these read the root's games: none may be held open by a drain */
	if (b->batch != NULL && mailcmd_says(&b->in, MAILCMD_GAMES) &&
	    b->batch->flush(b->batch->arg, e) != 0)
		return -1;
	if (c != NULL)
		return c->run(r, e);
	buf_init(&body);
	/* to a person first: the sender hears of it too */
	if (mailbot_forward(r, why->msg, e) != 0)
		return -1;
	if (r->forwarded == 1 || r->forwarded == 3)
		return passed_on(r, e);
	refuse(r, why);
	buf_printf(&body, "Your mail to the adjudicator judge could not be "
	    "read: %s.\n%sMail HELP for what to send.\n", why->msg,
	    r->forward_line);
	buf_cstr(&body);
	rc = mailbot_answer_once(r, "unread", "[adjudicator] your mail could "
	    "not be read", (char *)body.data, e);
	buf_free(&body);
	if (rc != 0)
		return -1;
	verdict(r);
	*e = *why;
	return -1;
}

static int
run(struct bot_run *r, const char *text, size_t len, const char *name,
    struct error *e)
{
	const struct mailcmd *c = mailcmd_find(&r->b->in);
	struct armor_list l = { NULL, 0, NULL };
	struct error why;
	char where[512];
	size_t k;
	int rc = -1;

	/* a command a signed message carries reads the mail itself: its
	 * message is for no game */
	if (c != NULL && (c->flags & (MAILCMD_SIGNED | MAILCMD_RECORD)) != 0)
		return c->run(r, e);
	error_clear(&why);
	if (armor_read(text, len, ARMOR_MESSAGE, name, &l, &why) != 0)
		return why.status == EXIT_SYSTEM ? (*e = why, -1) :
		    no_message(r, &why, e);
	for (k = 0; k < l.n; k++) {
		if (l.n > 1)
			snprintf(where, sizeof(where), "%.400s: message %zu",
			    name, k + 1);
		else
			snprintf(where, sizeof(where), "%.400s", name);
		if (route(r, &l.items[k], where, e) != 0)
			goto done;
	}
	/* nothing in the mail was for this judge */
	if (r->other.msg[0] != '\0' && r->nq == 0 && !r->joined &&
	    !r->already && !r->refused && !r->malformed)
		refuse(r, &r->other);
	for (k = 0; k < r->nq; k++) {
		size_t i;

		for (i = 0; i < k && strcmp(r->q[i].game, r->q[k].game) != 0;
		    i++)
			;
		if (i == k && judge_game(r, r->q[k].game, e) != 0)
			goto done;
	}
	/* what no seat's update told (nor the answer to an invitation):
	 * the sender hears it here, and a person when nothing of the mail
	 * could be taken */
	if ((r->refused || r->malformed) && !r->told && !r->invited &&
	    mailbot_unrouted(r, e) != 0)
		goto done;
	verdict(r);
	rc = 0;
	if (r->refused || r->malformed)
		rc = error_set(e, r->malformed ? EXIT_MALFORMED : EXIT_REFUSED,
		    "%s", r->why[0] ? r->why : "some messages were refused");
done:
	armor_list_free(&l);
	return rc;
}

int
mailbot_run(struct mailbot *b, const struct mime_mail *mail, const char *name,
    struct error *e)
{
	struct bot_run r;
	struct error why;
	char line[sizeof(why.msg)];
	size_t i;
	int rc;

	memset(&r, 0, sizeof(r));
	r.b = b;
	r.name = name;
	r.mail = mail;
	b->game[0] = b->verdict[0] = '\0';
	b->entry = 0;
	b->sent = 0;
	mail_read(mail->text, mail->len, &b->in);
	/* the operator's settings, as they are now; wrong: the mail waits */
	if (club_conf_read(b->root, &r.club, e) != 0)
		rc = -1;
	else if (mail->too_large) {
		/* its head says who sent it: the sender is told */
		mime_mail_too_large(mail, name, MIME_MAIL_MAX, line,
		    sizeof(line));
		error_set(&why, EXIT_MALFORMED, "%s; not read", line);
		rc = no_message(&r, &why, e);
	} else
		rc = run(&r, mail->text, mail->len, name, e);
	mailbot_log(&r, rc == 0 ? EXIT_OK : e->status);
	/* a drained queue's games are still open: its end does it */
	if (b->batch == NULL) {
		mailbot_tour_after(b, 0);
		mailbot_site(b);
	}
	for (i = 0; i < r.nq; i++) {
		buf_free(&r.q[i].sb);
		ydoc_free(r.q[i].doc);
	}
	free(r.q);
	club_conf_free(&r.club);
	return rc;
}

int
mailbot_take(struct mailbot *b, const struct mime_mail *mail,
    const char *input, struct error *refused, struct error *e)
{
	struct error one;
	char where[512];

	mime_mail_where(mail, input, where, sizeof(where));
	error_clear(&one);
	if (mailbot_run(b, mail, where, &one) == 0)
		return 0;
	/* a system error, or the root's settings refused: the mail waits,
	 * and so do the others */
	if (one.status == EXIT_SYSTEM || one.status == EXIT_USAGE) {
		*e = one;
		return -1;
	}
	/* dealt with: the sender was told; the other mails go on */
	if (refused->status == EXIT_OK)
		*refused = one;
	return 0;
}
