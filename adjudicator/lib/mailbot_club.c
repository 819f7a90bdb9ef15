/*
 * The mail bot as a club runs it: who may start games (the allow-list and
 * the cap of ROOT/judge.yaml, counted in ROOT/judge.recent under the
 * root's lock, so that two deliveries at once count one after the
 * other), mail for a person (passed on to the operator once, with the
 * judge's note).  See club.h and mailbot_int.h.
 *
 * What is passed on is read by a person who may play in the club: only
 * the mail's text goes, never its attachments, and not even the text
 * when it holds a seat's secret as adjudicator writes one (club_secret):
 * then the operator gets the note alone and the sender is told why.
 */
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fsio.h"
#include "mailbot_int.h"
#include "match.h"
#include "sec.h"
#include "verdict.h"
#include "when.h"

#define FORWARD_TEXT_MAX	(64u * 1024)	/* of a mail's text passed on */
#define FORWARD_ARCHIVES	8	/* verified for the note, at most */

/* --- the root's lock and record --- */

struct held {
	int			 fd;
	struct club_recent	 rec;
	int			 changed;
};

static int
hold(const char *root, const struct report *report, struct held *h,
    struct error *e)
{
	char path[PATH_MAX], when[WHEN_TEXT];
	int64_t now = when_now();

	memset(h, 0, sizeof(*h));
	h->fd = -1;
	if ((size_t)snprintf(path, sizeof(path), "%s/%s", root, CLUB_LOCK) >=
	    sizeof(path))
		return error_set(e, EXIT_USAGE, "%s: path too long", root);
	if (fsio_lock(path, &h->fd, e) != 0)
		return -1;
	if (club_recent_read(root, now, &h->rec, e) != 0) {
		fsio_unlock(h->fd);
		h->fd = -1;
		return -1;
	}
	/* a record from the future would never age out: it counts for
	 * nothing, and goes when the record is written again */
	if (h->rec.future > 0) {
		when_format(now + CLUB_AHEAD, when, sizeof(when));
		report_line(report, "%s/%s: %zu record%s dated after %s "
		    "ignored", root, CLUB_RECENT, h->rec.future,
		    h->rec.future == 1 ? "" : "s", when);
		h->changed = 1;
	}
	return 0;
}

/* The record written when it changed (ok: nothing failed before), then
 * the lock let go. */
static int
let_go(const char *root, struct held *h, int ok, struct error *e)
{
	int rc = 0;

	if (ok && h->changed)
		rc = club_recent_write(root, &h->rec, e);
	club_recent_free(&h->rec);
	fsio_unlock(h->fd);
	h->fd = -1;
	return rc;
}

/* --- answers to mail the bot cannot take --- */

/*
 * The answer to a mail the bot could not take (kind: "unread",
 * "unrouted", "forwarded"), given once a day to one address for one
 * kind: a vacation responder or a forged From answered without end is a
 * loop, or a reflector.  What is not answered is said in the log.
 */
int
mailbot_answer_once(struct bot_run *r, const char *kind, const char *subject,
    const char *body, struct error *e)
{
	struct mailbot *b = r->b;
	uint8_t h[SEC_HASH];
	char to[ROOT_ID];
	struct held held;
	struct buf who;
	size_t i;
	int rc;

	if (b->in.from[0] == '\0' || b->in.automatic)
		return mailbot_answer(r, subject, body, e);	/* nobody */
	buf_init(&who);
	buf_printf(&who, "%s\n", kind);
	for (i = 0; b->in.from[i] != '\0'; i++)
		buf_printf(&who, "%c", tolower((unsigned char)b->in.from[i]));
	rc = buf_cstr(&who) != 0 || sec_hash(h, "adj-answer-v1", who.data,
	    who.len) != 0;
	buf_free(&who);
	if (rc)
		return error_set(e, EXIT_SYSTEM, "cannot hash the answer");
	sec_hex(to, sizeof(to), h, sizeof(h));
	if (hold(b->root, b->report, &held, e) != 0)
		return -1;
	if (club_answered(&held.rec, to)) {
		r->hushed = 1;
		report_line(b->report, "%s: not answered: %s was answered the "
		    "same (%s) in the last day", r->name, b->in.from, kind);
		rc = 0;
	} else if ((rc = mailbot_answer(r, subject, body, e)) == 0) {
		if (club_recent_answer(&held.rec, when_now(), to) != 0)
			rc = error_set(e, EXIT_SYSTEM, "out of memory");
		held.changed |= rc == 0;
	}
	if (let_go(b->root, &held, rc == 0, e) != 0)
		rc = -1;
	return rc;
}

/* --- invitations --- */

static void
invitation_answer(struct bot_run *r, const struct match *m,
    const char *why, struct buf *body)
{
	struct buf say;
	int i;

	buf_init(&say);
	buf_printf(&say, "The adjudicator judge did not take your invitation "
	    "to %s game %.16s (", m->rules->name, m->game_hex);
	for (i = 0; i < m->nseats; i++)
		buf_printf(&say, "%s%s", i ? ", " : "", m->seat[i].name);
	buf_printf(&say, "): %s.", why);
	if (buf_cstr(&say) == 0)
		buf_wrap(body, (char *)say.data);
	buf_free(&say);
	buf_adds(body, "\nNothing was filed, and no seat was mailed.  The "
	    "judge answers an\ninvitation it refuses once: this one is not "
	    "answered again.\n");
	if (r->club.operator_address[0] != '\0')
		buf_adds(body, "A person reads the mail this judge cannot "
		    "take: write to it in words.\n");
	buf_adds(body, "Mail HELP for what this judge takes.\n");
}

/* A refusal of the invitation m: answered unless quiet, recorded. */
static int
refuse_invitation(struct bot_run *r, struct held *h, const struct match *m,
    struct club_invitation *v, int quiet, const char *why, struct error *e)
{
	struct buf body;
	int rc = 0;

	r->invited = 1;
	if (quiet) {
		r->hushed = 1;
		report_line(r->b->report, "%s: game %.16s: its refusal was "
		    "answered before; not answered again", r->name,
		    m->game_hex);
		return 0;
	}
	buf_init(&body);
	invitation_answer(r, m, why, &body);
	if (buf_cstr(&body) != 0)
		rc = error_set(e, EXIT_SYSTEM, "out of memory");
	else
		rc = mailbot_answer(r, "[adjudicator] your invitation was "
		    "refused", (char *)body.data, e);
	buf_free(&body);
	if (rc == 0 && club_recent_invitation(&h->rec, v) != 0)
		rc = error_set(e, EXIT_SYSTEM, "out of memory");
	h->changed |= rc == 0;
	return rc;
}

/* Under the lock: the gate, then root_file; 1 refused (why set). */
static int
gate(struct bot_run *r, struct held *h, const struct buf *sb,
    const struct match *m, struct club_invitation *v, const char *where,
    struct error *why, struct error *e)
{
	struct mailbot *b = r->b;
	char game[ROOT_ID], clause[400];
	int quiet, already;

	v->verdict = club_gate(&r->club, &h->rec, m, v->key, v->from, &quiet,
	    clause, sizeof(clause));
	if (v->verdict != CLUB_JOINED) {
		error_set(why, EXIT_REFUSED, "%s: game %.16s: %s", where,
		    m->game_hex, clause);
		return refuse_invitation(r, h, m, v, quiet, clause, e) != 0 ?
		    -1 : 1;
	}
	if (root_file(b->root, sb->data, sb->len, b->keypath, &b->k->pub, 1,
	    game, &already, where, why) != 0) {
		if (why->status == EXIT_SYSTEM) {
			*e = *why;
			return -1;
		}
		v->verdict = CLUB_REFUSED;
		quiet = club_refused_before(&h->rec, m->game_hex);
		return refuse_invitation(r, h, m, v, quiet, why->msg, e) != 0 ?
		    -1 : 1;
	}
	r->joined = !already;
	r->already = already;
	if (!already)
		mailbot_touch(b, game);
	if (!already && club_recent_invitation(&h->rec, v) != 0)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	h->changed |= !already;
	report_line(b->report, "%s: game %.16s: %s", where, game, already ?
	    "already joined; nothing to do" : "joined as judge");
	return 0;
}

/* The invitation m filed, told once to its creator (the seat whose key
 * signed it, at the address the header signs; else the mail's sender):
 * what was filed, who acts first, the clock. */
static int
acknowledge(struct bot_run *r, const struct match *m, const char *signer,
    struct error *e)
{
	struct mail_head h;
	struct buf say, body, mail;
	int i, first = match_next_author(m), rc = 0;
	char subject[120];

	memset(&h, 0, sizeof(h));
	for (i = 0; i < m->nseats && h.nto == 0; i++)
		if (strcmp(m->seat[i].key.idhex, signer) == 0 &&
		    m->seat[i].address[0] != '\0')
			h.to[h.nto++] = m->seat[i].address;
	if (h.nto == 0 && (r->b->in.from[0] == '\0' || r->b->in.automatic))
		return 0;
	if (h.nto == 0)
		h.to[h.nto++] = r->b->in.from;
	buf_init(&say);
	buf_init(&body);
	buf_init(&mail);
	buf_printf(&say, "The adjudicator judge filed your invitation to %s "
	    "game %.16s (", m->rules->name, m->game_hex);
	for (i = 0; i < m->nseats; i++)
		buf_printf(&say, "%s%s", i ? ", " : "", m->seat[i].name);
	buf_printf(&say, ").  %s %s first, and mails the judge.  Clock: ",
	    first >= 0 && first < m->nseats ? m->seat[first].name : "?",
	    match_phase(m) == MATCH_SEED ? "gives a share of the seed" :
	    match_phase(m) == MATCH_SETUP ? "sets up" : "moves");
	if (m->clock.on)
		clock_describe(&m->clock, &say);
	else
		buf_adds(&say, "none");
	buf_adds(&say, ".");
	if (buf_cstr(&say) == 0)
		buf_wrap(&body, (char *)say.data);
	buf_adds(&body, "\nEvery seat sends its entries to this judge, which "
	    "mails each seat\nits update.  This is said once.  Mail HELP for "
	    "what this judge takes.\n");
	snprintf(subject, sizeof(subject), "[adjudicator] game %.8s filed: "
	    "%s to begin", m->game_hex, first >= 0 && first < m->nseats ?
	    m->seat[first].name : "?");
	h.subject = subject;
	h.in_reply_to = r->b->in.message_id;
	h.automatic = 1;
	if (buf_cstr(&body) != 0)
		rc = error_set(e, EXIT_SYSTEM, "out of memory");
	else if ((rc = mail_compose(&h, (char *)body.data, body.len, &mail,
	    e)) == 0 && (rc = mailbot_send(r->b, &mail, e)) == 0)
		r->b->sent++;
	buf_free(&say);
	buf_free(&body);
	buf_free(&mail);
	return rc;
}

int
mailbot_invite(struct bot_run *r, const struct buf *sb,
    const struct envelope *env, const char *game, const char *where,
    struct error *why)
{
	struct mailbot *b = r->b;
	struct club_invitation v;
	struct match *m = NULL;
	struct held h;
	struct error e;
	char dir[PATH_MAX];
	int rc;

	snprintf(b->game, sizeof(b->game), "%s", game);
	if (root_dir(b->root, game, dir, sizeof(dir), why) != 0)
		return -1;
	if (hold(b->root, b->report, &h, why) != 0)
		return -2;
	error_clear(&e);
	memset(&v, 0, sizeof(v));
	v.time = when_now();
	snprintf(v.game, sizeof(v.game), "%s", game);
	snprintf(v.key, sizeof(v.key), "%s", env->signer.idhex);
	snprintf(v.from, sizeof(v.from), "%s", b->in.from);
	if (root_is_game(dir)) {
		/* filed before: a duplicate, whatever the settings now */
		r->already = 1;
		report_line(b->report, "%s: game %.16s: already joined; "
		    "nothing to do", where, game);
		rc = 0;
	} else if ((m = header_read(sb->data, sb->len, where, why)) == NULL)
		rc = -1;
	else if ((rc = gate(r, &h, sb, m, &v, where, why, &e)) < 0)
		*why = e;
	if (let_go(b->root, &h, rc >= 0, &e) != 0 && rc >= 0) {
		*why = e;
		rc = -1;
	}
	/* the game is filed: an acknowledgement that could not go is
	 * logged, never a reason to take the invitation again */
	if (rc == 0 && r->joined && acknowledge(r, m, env->signer.idhex,
	    &e) != 0)
		report_line(b->report, "%s: game %.16s: its creator was not "
		    "told: %s", where, game, e.msg);
	match_free(m);
	return rc == 0 ? 0 : -1;
}

/* --- mail for a person --- */

struct texts {
	struct buf	 plain, html;
	struct buf	 archives;		/* the parts that hold one */
	struct buf	 verdicts;		/* verify's line of each */
	int		 others;		/* attachments, not passed on */
	char		 secret[120];		/* what one holds, or "" */
};

static void
no_header(void *arg, const char *name, const char *value)
{
	(void)arg;
	(void)name;
	(void)value;
}

static int
text_part(void *arg, const struct mime_part *p, struct error *e)
{
	struct texts *t = arg;
	const char *s = p->text;
	size_t n = p->len, off;
	struct buf *to;

	(void)e;
	if (t->secret[0] == '\0')
		(void)club_secret(s, n, t->secret, sizeof(t->secret));
	/* an export (pasted, or attached): verify's verdict on it goes
	 * with the note (a seat's dispute of the judge's stamps, say) */
	if (verdict_holds(s, n) && (buf_add(&t->archives, s,
	    n) != 0 || buf_adds(&t->archives, "\n") != 0))
		return error_set(e, EXIT_SYSTEM, "out of memory");
	if (!p->plain && !p->html) {
		t->others++;
		return 0;
	}
	/* no MIME: the mail as it is, its headers said apart */
	if (p->whole && (off = mime_headers(s, n, no_header, NULL)) > 0) {
		s += off;
		n -= off;
	}
	to = p->html ? &t->html : &t->plain;
	if (to->len > 0)
		buf_adds(to, "\n");
	return buf_add(to, s, n) != 0 ? error_set(e, EXIT_SYSTEM, "out of "
	    "memory") : 0;
}

/* The mail's id for "once": its Message-ID, else its bytes. */
static void
mail_id(const struct bot_run *r, char out[ROOT_ID])
{
	uint8_t h[SEC_HASH];
	const char *id = r->b->in.message_id;

	if (id[0] != '\0')
		(void)sec_hash(h, "adj-mail-v1", id, strlen(id));
	else
		(void)sec_hash(h, "adj-mail-v1", r->mail->text, r->mail->len);
	sec_hex(out, ROOT_ID, h, sizeof(h));
}

/* The Subject passed on: the sender's, when it is plain ASCII. */
static void
forward_subject(const struct mail_in *in, char *out, size_t len)
{
	const char *p;
	int plain = in->subject[0] != '\0';

	for (p = in->subject; *p != '\0'; p++)
		plain &= *p >= ' ' && *p <= '~';
	snprintf(out, len, "[adjudicator] for the operator: %s", plain ?
	    in->subject : "a mail the judge could not take");
}

static void
forward_note(const struct bot_run *r, const char *why, const struct texts *t,
    struct buf *body)
{
	const struct mail_in *in = &r->b->in;

	buf_printf(body, "The adjudicator judge could not take this mail as a "
	    "game message or a\ncommand: %s.\n\n", why);
	if (in->from[0] != '\0')
		buf_printf(body, "  From:       %s\n", in->from);
	else
		buf_printf(body, "  From:       (no address to answer%s%s)\n",
		    in->refused[0] ? ": " : "", in->refused);
	buf_printf(body, "  Subject:    %s\n", in->subject);
	if (in->message_id[0] != '\0')
		buf_printf(body, "  Message-ID: %s\n", in->message_id);
	buf_printf(body, "\n%s\n", in->from[0] != '\0' ? "The sender is "
	    "answered with that reason; reply to this mail to write\nto the "
	    "sender." : "The sender cannot be answered.");
	if (r->mail->too_large)
		buf_printf(body, "Its text is not passed on: it is larger than "
		    "%u MiB, and the judge did\nnot read it.\n",
		    MIME_MAIL_MAX >> 20);
	else if (t->secret[0] != '\0')
		buf_printf(body, "Its text is not passed on: it holds %s in "
		    "clear, which\nmust travel no further.  The sender is told "
		    "so.\n", t->secret);
	else
		buf_printf(body, "Only the mail's text is passed on, never its "
		    "attachments%s.\n", t->others ? " (it has some)" : "");
	/* what verify says of the archives it holds: a seat's dispute
	 * of the judge's stamps, say, checked against the transcript */
	if (t->verdicts.len > 0) {
		const char *line;
		size_t off = 0, n;

		buf_adds(body, "\nIt holds archives (an export); verify says:"
		    "\n");
		while ((line = buf_line((const char *)t->verdicts.data,
		    t->verdicts.len, &off, &n)) != NULL)
			buf_printf(body, "  %.*s\n", (int)n, line);
	}
}

static void
forward_text(const struct texts *t, struct buf *body)
{
	const struct buf *b = t->plain.len > 0 ? &t->plain : &t->html;
	size_t n = b->len > FORWARD_TEXT_MAX ? FORWARD_TEXT_MAX : b->len;

	buf_adds(body, "\n-------- the mail's text --------\n");
	buf_add(body, b->data, n);
	if (n > 0 && b->data[n - 1] != '\n')
		buf_adds(body, "\n");
	if (n < b->len)
		buf_printf(body, "(cut here: the text goes on for %zu bytes "
		    "more)\n", b->len - n);
	buf_adds(body, "-------- end of the mail's text --------\n");
}

/* What the sender is told of it, in its answer. */
static void
forward_line(struct bot_run *r, const struct texts *t)
{
	if (r->mail->too_large)
		snprintf(r->forward_line, sizeof(r->forward_line), "A person, "
		    "the judge's operator, has been told of it.\n");
	else if (t->secret[0] == '\0')
		snprintf(r->forward_line, sizeof(r->forward_line), "It has "
		    "been passed on to a person, the judge's operator.\n");
	else
		snprintf(r->forward_line, sizeof(r->forward_line), "It holds "
		    "%s in clear: it has been passed on\nto nobody.  What a "
		    "mail carries in clear may be read on its way.\n",
		    t->secret);
}

static int
send_forward(struct bot_run *r, const char *why, const struct texts *t,
    struct error *e)
{
	struct mailbot *b = r->b;
	struct mail_head mh;
	struct buf body, mail;
	char subject[MAIL_FIELD + 40];
	int rc;

	memset(&mh, 0, sizeof(mh));
	mh.to[mh.nto++] = r->club.operator_address;
	forward_subject(&b->in, subject, sizeof(subject));
	mh.subject = subject;
	mh.in_reply_to = b->in.message_id;
	mh.reply_to = b->in.from;
	mh.automatic = mh.forward = 1;
	buf_init(&body);
	buf_init(&mail);
	forward_note(r, why, t, &body);
	if (!r->mail->too_large && t->secret[0] == '\0')
		forward_text(t, &body);
	if ((rc = mail_compose(&mh, (const char *)body.data, body.len, &mail,
	    e)) == 0 && (rc = mailbot_send(b, &mail, e)) == 0)
		b->sent++;
	buf_free(&body);
	buf_free(&mail);
	return rc;
}

int
mailbot_forward(struct bot_run *r, const char *why, struct error *e)
{
	struct mailbot *b = r->b;
	struct texts t;
	struct held h;
	struct error ign;
	char id[ROOT_ID];
	int rc = 0;

	/* nobody to pass it to; a robot's mail (a bounce, an answer, our
	 * own forward come back) goes nowhere: no loop */
	if (r->club.operator_address[0] == '\0' || b->in.automatic ||
	    strcasecmp(b->in.from, r->club.operator_address) == 0)
		return 0;
	memset(&t, 0, sizeof(t));
	buf_init(&t.plain);
	buf_init(&t.html);
	buf_init(&t.archives);
	buf_init(&t.verdicts);
	if (!r->mail->too_large && mime_parts(r->mail->text, r->mail->len,
	    r->name, text_part, &t, &ign) != 0 && ign.status == EXIT_SYSTEM) {
		*e = ign;
		rc = -1;
		goto done;
	}
	/* (verify's lines name nothing hidden: said also of an archive
	 * whose text is held back) */
	if (verdict_text((const char *)
	    t.archives.data, t.archives.len, "the mail", FORWARD_ARCHIVES,
	    &t.verdicts, e) < 0) {
		rc = -1;
		goto done;
	}
	forward_line(r, &t);
	mail_id(r, id);
	if ((rc = hold(b->root, b->report, &h, e)) != 0)
		goto done;
	if (club_forwarded(&h.rec, id)) {
		report_line(b->report, "%s: passed on to the operator before; "
		    "not again", r->name);
		r->forwarded = t.secret[0] == '\0' && !r->mail->too_large ?
		    3 : 0;
	}
	else if ((rc = send_forward(r, why, &t, e)) == 0) {
		r->forwarded = t.secret[0] != '\0' || r->mail->too_large ? 2 :
		    1;
		report_line(b->report, "%s: %s to the operator", r->name,
		    r->forwarded == 1 ? "passed on" : "a note (the text held "
		    "back)");
		if (club_recent_forward(&h.rec, when_now(), id) != 0)
			rc = error_set(e, EXIT_SYSTEM, "out of memory");
		h.changed = 1;
	}
	if (let_go(b->root, &h, rc == 0, rc == 0 ? e : &ign) != 0)
		rc = -1;
done:
	buf_free(&t.plain);
	buf_free(&t.html);
	buf_free(&t.archives);
	buf_free(&t.verdicts);
	return rc;
}
