/*
 * The mail bot's words about who holds a seat (see holder.c), and the
 * lines every update's mail begins and ends with.  When the operator
 * hands a seat over (rule -r ROOT GAME handover SEAT KEY.pub -a ADDRESS
 * REASON), the new holder's mail says it holds the seat now and the one
 * command that files it (join); the old holder, at the seat's address
 * before the handover, is told that its seat was handed over (when, to
 * whom, why), with an update sealed to its old key that carries the
 * judge's entry saying so, the entries up to it and nothing after; a
 * later mail from the old key is answered with that, not as a mail that
 * could not be routed.  What these mails say in clear is public: the
 * handover's entry (its key, its reason) is every seat's to read.
 */
#include <stdio.h>
#include <string.h>

#include "holder.h"
#include "mailbot_int.h"
#include "when.h"

/* The handover this run made of seat's holder, or NULL. */
static const struct match_holder *
new_holder(const struct game_run *gr, int seat)
{
	const struct match *m = gr->g->t.m;
	const struct match_holder *h = holder_handover(m, seat);

	if (h == NULL || h->seq <= gr->before->seq ||
	    key_same(&gr->before->seat[seat].key, &m->seat[seat].key))
		return NULL;
	return h;
}

int
mailbot_update_head(const struct game_run *gr, int seat, size_t n,
    char *subject, size_t len, struct buf *body)
{
	const struct match *m = gr->g->t.m;
	const struct match_holder *h = new_holder(gr, seat);
	char tail[64];

	if (h == NULL) {
		snprintf(tail, sizeof(tail), ", for %s", m->seat[seat].name);
		mail_subject(m, m->seq, tail, subject, len);
		buf_printf(body, "adjudicator: %s game %.16s, update for %s: "
		    "%zu new entr%s.\n", m->rules->name, m->game_hex,
		    m->seat[seat].name, n, n == 1 ? "y" : "ies");
		buf_adds(body, "This summary is not signed and shows only the "
		    "public board; the signed update\nbelow is what counts: "
		    "\"adjudicator receive\" checks it and shows your view.\n");
		return 0;
	}
	snprintf(subject, len, "[adjudicator] %s %.16s: you now hold seat %s, "
	    "handed over by the judge at entry %llu", m->rules->name,
	    m->game_hex, m->seat[seat].name, (unsigned long long)h->seq);
	buf_printf(body, "adjudicator: you now hold seat %s in %s game %.16s, "
	    "handed over by the judge\nat entry %llu (%s).\n\n",
	    m->seat[seat].name, m->rules->name, m->game_hex,
	    (unsigned long long)h->seq, h->why);
	buf_adds(body, "Join it with:\n\n    adjudicator join -r ROOT -k "
	    "YOURKEY MAILBOX\n\n");
	buf_printf(body, "ROOT: the folder you file your games in; YOURKEY: "
	    "your secret key file\n(key %s, %s: %s.key if keygen made it); "
	    "MAILBOX: the mail file this\nmail is in (/var/mail/NAME, or "
	    "this mail saved).  The invitation and the\njudge's update "
	    "below bring your copy whole, the seat's own pieces included;\n"
	    "this summary is not signed and shows only the public board.\n",
	    h->name, h->id, h->name);
	return 1;
}

void
mailbot_update_tail(int joins, struct buf *body)
{
	if (joins)
		buf_adds(body, "\nThe invitation and the judge's signed update "
		    "follow; \"adjudicator join\" files\nthem (above).\n\n");
	else
		buf_adds(body, "\nThe judge's signed update follows.  Apply it "
		    "with \"adjudicator receive -r ROOT\"\n(pipe this mail "
		    "into it).\n\n");
}

/* judge.h's farewell: the old holder's mail, at its address before. */
int
mailbot_farewell(void *arg, int seat, const struct buf *armored, size_t n,
    int note, size_t resent, struct error *e)
{
	struct game_run *gr = arg;
	struct mailbot *b = gr->r->b;
	const struct match *m = gr->g->t.m;
	const struct match_holder *h = holder_handover(m, seat);
	char subject[MAIL_FIELD], when[40];
	struct mail_head hd;
	struct buf body, mail;
	int rc;

	(void)n, (void)note, (void)resent;
	if (h == NULL || gr->before->seat[seat].address[0] == '\0')
		return 0;	/* nobody to tell */
	memset(&hd, 0, sizeof(hd));
	if (m->judge_address[0] != '\0')
		hd.from = m->judge_address;
	hd.to[hd.nto++] = gr->before->seat[seat].address;
	snprintf(subject, sizeof(subject), "[adjudicator] %s %.16s: your seat "
	    "%s was handed over", m->rules->name, m->game_hex,
	    m->seat[seat].name);
	hd.subject = subject;
	hd.game = m->game_hex;
	hd.automatic = 1;
	when_format(gr->j->at, when, sizeof(when));
	buf_init(&body);
	buf_init(&mail);
	buf_printf(&body, "adjudicator: %s game %.16s.\n\nThe judge handed "
	    "your seat %s over at entry %llu (%s)\nto key %s (%s): %s.\n\n",
	    m->rules->name, m->game_hex, m->seat[seat].name,
	    (unsigned long long)h->seq, when, h->id, h->name, h->why);
	buf_adds(&body, "Nothing in this game is yours to do any more, and "
	    "the judge takes nothing\nmore from your key.  The judge's "
	    "signed update below records it in your\ncopy: \"adjudicator "
	    "receive -r ROOT\" (pipe this mail into it).\n\n");
	buf_add(&body, armored->data, armored->len);
	if ((rc = mail_compose(&hd, (const char *)body.data, body.len, &mail,
	    e)) == 0 && (rc = mailbot_send(b, &mail, e)) == 0)
		b->sent++;
	buf_free(&body);
	buf_free(&mail);
	return rc;
}

void
mailbot_former(struct bot_run *r, const struct match *m,
    const struct key_public *k)
{
	const struct match_holder *h = holder_former(m, k);

	if (h == NULL || r->former[0] != '\0')
		return;
	snprintf(r->former, sizeof(r->former), "Your seat %s in %s game "
	    "%.16s was handed over by the judge at\nentry %llu to key %s "
	    "(%s): %s.\nThe judge takes no more from this key; nothing in "
	    "this game is yours to do.\n", m->seat[h->seat].name,
	    m->rules->name, m->game_hex, (unsigned long long)h->seq, h->id,
	    h->name, h->why);
	snprintf(r->former_subject, sizeof(r->former_subject), "[adjudicator] "
	    "%s %.16s: your seat %s was handed over", m->rules->name,
	    m->game_hex, m->seat[h->seat].name);
}

int
mailbot_unrouted(struct bot_run *r, struct error *e)
{
	struct buf body;
	int rc;

	/* an old holder's mail: why its seat is not its own (the answer
	 * the judge owes it, not a routing error) */
	if (r->former[0] != '\0')
		return mailbot_answer(r, r->former_subject, r->former, e);
	if (r->nq == 0 && !r->joined && !r->already &&
	    mailbot_forward(r, r->why, e) != 0)
		return -1;
	buf_init(&body);
	buf_printf(&body, "Your mail to the adjudicator judge could not be "
	    "routed: %s.\n%sMail HELP for what to send.\n", r->why,
	    r->forward_line);
	buf_cstr(&body);
	rc = mailbot_answer_once(r, "unrouted", "[adjudicator] your mail could "
	    "not be routed", (char *)body.data, e);
	buf_free(&body);
	return rc;
}
