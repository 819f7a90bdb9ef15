/*
 * The mail bot's work that no mail brings: the tick (judge -r ROOT -t,
 * from cron) over every game with a clock, and the operator's rulings
 * (rule -r ROOT).  See mailbot.h.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamedir.h"
#include "mailbot_int.h"
#include "tick.h"
#include "view.h"


/* A notice as a mail to its seat. */
static int
notice_mail(struct bot_run *r, const struct match *m,
    const struct tick_notice *t, struct error *e)
{
	struct mailbot *b = r->b;
	struct buf subject, body, mail, full;
	struct mail_head h;
	char subj[MAIL_FIELD];
	int rc;

	if (m->seat[t->to].address[0] == '\0')
		return 0;	/* nobody to tell */
	buf_init(&subject);
	buf_init(&body);
	buf_init(&mail);
	buf_init(&full);
	tick_text(m, t, &subject, &body);
	buf_cstr(&subject);
	memset(&h, 0, sizeof(h));
	if (m->judge_address[0] != '\0')
		h.from = m->judge_address;
	h.to[h.nto++] = m->seat[t->to].address;
	snprintf(subj, sizeof(subj), "[adjudicator] %s %.16s: %s",
	    m->rules->name, m->game_hex, (char *)subject.data);
	h.subject = subj;
	h.game = m->game_hex;
	h.automatic = 1;
	buf_add(&full, body.data, body.len);
	buf_adds(&full, "\n");
	view_clock(m, t->now, &full);
	if ((rc = mail_compose(&h, (const char *)full.data, full.len, &mail,
	    e)) == 0 && (rc = mailbot_send(b, &mail, e)) == 0)
		b->sent++;
	buf_free(&subject);
	buf_free(&body);
	buf_free(&mail);
	buf_free(&full);
	return rc;
}

struct tick_run {
	struct bot_run	*r;
	int64_t		 now;
	int		 games, failed;
};

/* One game: what is due written and kept, then mailed; a notice the
 * mailer did not take is marked unsent again, for the next tick. */
/* The game's line in ROOT/log: what the tick did to it. */
static void
tick_log(struct bot_run *r, const struct match *m, const char *verdict)
{
	struct mailbot *b = r->b;

	snprintf(b->game, sizeof(b->game), "%s", m->game_hex);
	b->entry = m->seq;
	snprintf(b->verdict, sizeof(b->verdict), "%s", verdict);
	b->in.from[0] = '\0';
	mailbot_log(r, EXIT_OK);
}

static int
tick_one(void *arg, const char *dir, const char *game, struct error *e)
{
	struct tick_run *tr = arg;
	struct bot_run *r = tr->r;
	struct mailbot *b = r->b;
	struct tick_notice notes[GAME_MAX_SEATS];
	struct match *before = NULL;
	struct game_run gr;
	struct judge_run j;
	struct gamedir g;
	struct error me;
	size_t n, i;
	int timeout, rc = -1;

	(void)game;
	memset(&gr, 0, sizeof(gr));
	if (gamedir_open(dir, GAMEDIR_WRITE, &g, NULL, e) != 0)
		return e->status == EXIT_SYSTEM ? -1 : 0;
	if (g.t.me != GAME_JUDGE || !g.t.m->clock.on) {
		gamedir_close(&g);
		return 0;
	}
	if (transcript_key_check(&g.t, b->k, b->keypath, e) != 0 ||
	    (before = match_clone(g.t.m)) == NULL)
		goto done;
	gr.r = r;
	gr.g = &g;
	gr.before = before;
	judge_run_init(&j, &g.t, b->k);
	gr.j = &j;
	j.at = tr->now;
	b->sent = 0;
	if (judge_auto(&j, e) != 0)
		goto done;
	tick_due(&g.t, tr->now, notes, sizeof(notes) / sizeof(notes[0]), &n,
	    &timeout);
	if (timeout >= 0 && tick_timeout(&j, timeout, tr->now, e) != 0)
		goto done;
	if (n > 0 && g.t.store->put_remind(g.t.arg, notes[0].about,
	    &g.t.remind[notes[0].about], e) != 0)
		goto done;
	if (gamedir_commit_first(&g, e) != 0)
		goto done;
	error_clear(&me);
	gr.at_once = timeout >= 0;	/* a timeout: no digest waits */
	if (judge_updates(&j, mailbot_emit, &gr, &me) != 0)
		tr->failed = 1;
	for (i = 0; i < n; i++)
		if (notice_mail(r, g.t.m, &notes[i], &me) != 0)
			tr->failed = 1;
	if (n > 0 && tr->failed) {
		/* not sent: the next tick sends it (when the turn started
		 * stays: for the first seat, when the invitation was taken) */
		g.t.remind[notes[0].about].reminded = 0;
		g.t.remind[notes[0].about].late = 0;
		g.t.remind[notes[0].about].late_at = 0;
		(void)g.t.store->put_remind(g.t.arg, notes[0].about,
		    &g.t.remind[notes[0].about], &me);
	}
	if (gamedir_commit_lazy(&g, e) != 0)
		goto done;
	if (g.t.m->seq > before->seq) {
		mailbot_watchers(&gr);
		mailbot_touch_match(b, g.t.m);
	}
	if (timeout >= 0 || n > 0) {
		tr->games++;
		tick_log(r, g.t.m, timeout >= 0 ? "timeout" : notes[0].late ?
		    "late" : "reminded");
	}
	rc = 0;
	if (tr->failed)
		*e = me;
done:
	mailbot_news_free(&gr);
	match_free(before);
	gamedir_close(&g);
	return rc;
}

/* The ruling r, fixed, whatever the game */
static int
fixed(void *arg, const struct match *m, struct entry_rule *r,
    struct error *e)
{
	(void)m;
	(void)e;
	*r = *(const struct entry_rule *)arg;
	return 0;
}

int
mailbot_rule_if(struct mailbot *b, const char *dir, mailbot_rule_fn *decide,
    void *arg, int64_t now, struct error *e)
{
	struct match *before = NULL;
	struct entry_rule r;
	struct game_run gr;
	struct judge_run j;
	struct bot_run br;
	struct gamedir g;
	int rc = -1, skip = 0;

	memset(&br, 0, sizeof(br));
	memset(&gr, 0, sizeof(gr));
	memset(&r, 0, sizeof(r));
	br.b = b;
	b->game[0] = b->verdict[0] = b->in.from[0] = '\0';
	b->sent = 0;
	if (gamedir_open(dir, GAMEDIR_WRITE, &g, b->report, e) != 0)
		return -1;
	if (g.t.me != GAME_JUDGE) {
		error_set(e, EXIT_USAGE, "%s: %s's game directory, not the "
		    "judge's", dir, g.seat);
		goto done;
	}
	if (transcript_key_check(&g.t, b->k, b->keypath, e) != 0 ||
	    (before = match_clone(g.t.m)) == NULL)
		goto done;
	gr.r = &br;
	gr.g = &g;
	gr.before = before;
	judge_run_init(&j, &g.t, b->k);
	gr.j = &j;
	j.at = now;
	j.farewell = mailbot_farewell;	/* a handover's old holder */
	/* decided on the game as its lock holds it, the judge's own
	 * entries owed written first (kept even when it rules nothing) */
	if (judge_auto(&j, e) != 0 || (skip = decide(arg, g.t.m, &r,
	    e)) < 0 || (skip == 0 && judge_rule(&j, &r, e) != 0) ||
	    gamedir_commit_first(&g, e) != 0)
		goto done;
	rc = judge_updates(&j, mailbot_emit, &gr, e);
	if (gamedir_commit_lazy(&g, rc == 0 ? e : &br.other) != 0 && rc == 0)
		rc = -1;
	if (rc == 0 && g.t.m->seq > before->seq) {
		mailbot_watchers(&gr);
		mailbot_touch_match(b, g.t.m);
	}
	if (skip)
		goto done;
	snprintf(b->game, sizeof(b->game), "%s", g.t.m->game_hex);
	b->entry = g.t.m->seq;
	snprintf(b->verdict, sizeof(b->verdict), "ruled,%s", r.what);
	mailbot_log(&br, rc == 0 ? EXIT_OK : e->status);
done:
	mailbot_news_free(&gr);
	match_free(before);
	gamedir_close(&g);
	return rc;
}

int
mailbot_rule(struct mailbot *b, const char *dir, const struct entry_rule *r,
    int64_t now, struct error *e)
{
	int rc;

	rc = mailbot_rule_if(b, dir, fixed, (void *)(uintptr_t)r, now, e);
	mailbot_tour_after(b, 0);
	mailbot_site(b);
	return rc;
}

int
mailbot_tick(struct mailbot *b, int64_t now, struct error *e)
{
	struct tick_run tr;
	struct bot_run r;
	int rc;

	memset(&r, 0, sizeof(r));
	memset(&tr, 0, sizeof(tr));
	r.b = b;
	tr.r = &r;
	tr.now = now;
	rc = root_each(b->root, tick_one, &tr, e);
	/* the members' digests that are due (mailbot_digest.c) */
	if (rc == 0 && mailbot_digest_tick(b, now, e) != 0)
		rc = -1;
	/* every tournament not ended: a round over, or a run stopped */
	mailbot_tour_after(b, 1);
	mailbot_site(b);
	if (rc == 0 && tr.failed)
		return error_set(e, EXIT_SYSTEM, "the mailer failed; what was "
		    "not sent goes at the next tick");
	return rc;
}
