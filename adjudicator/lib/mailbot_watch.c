/*
 * Observers of a judged game (issue "club"): addresses the judge mails,
 * after each run that adds entries, what anyone may know of the game (the
 * news, the public board: mailbot_news, as the seats' summaries), and the
 * whole archive once the game is over.  Nothing else: no seat's setup, no
 * opening that was not made public, no update.
 *
 * Who watches: the observers the game's creator named in the header
 * (new -w), and, in a game whose header says "watch: yes", whoever asks
 * the judge by mail (WATCH GAMEID).  An address asking is sent a code,
 * the judge's signature over the game and the address, hashed: only a
 * mail that repeats it, which needs the mailbox of that address, makes
 * the address an observer (a forged From cannot sign anyone up).  UNWATCH
 * GAMEID stops it, for a named observer too.
 *
 * What was mailed to whom is the judge's own file DIR/watchers
 * (formats/gamedir.md), written whole under the game's lock: each
 * observer's last entry mailed, and whether it still watches.  A mail the
 * mailer refused is sent at the next run, its news from the entry after
 * the last one mailed.  The commands WATCH and UNWATCH themselves are
 * mailcmd_watch.c's.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamedir.h"
#include "mailbot_int.h"
#include "match.h"
#include "root.h"
#include "sec.h"
#include "watchers.h"

/*
 * The code that confirms WATCH: the judge's signature (deterministic)
 * over the game and the address in lower case, hashed; only the judge can
 * make it, and only that address's mailbox receives it.
 */
int
mailbot_watch_code(const struct mailbot *b, const struct match *m,
    const char *addr, char out[MAIL_WATCH_CODE + 1], struct error *e)
{
	uint8_t sig[SEC_SIG], h[SEC_HASH];
	struct buf msg;
	size_t i;
	int rc;

	buf_init(&msg);
	buf_printf(&msg, "adjudicator watch\n%s\n", m->game_hex);
	for (i = 0; addr[i] != '\0'; i++)
		buf_printf(&msg, "%c", tolower((unsigned char)addr[i]));
	rc = key_sign(b->k, sig, msg.data, msg.len, e);
	buf_free(&msg);
	if (rc != 0)
		return -1;
	if (sec_hash(h, "adj-watch-code", sig, sizeof(sig)) != 0)
		return error_set(e, EXIT_SYSTEM, "cannot hash the code");
	sec_hex(out, MAIL_WATCH_CODE + 1, h, MAIL_WATCH_CODE / 2);
	return 0;
}

/* --- an observer's mail --- */

int
mailbot_observer_mail(struct game_run *gr, struct watcher *w,
    const char *intro, struct error *e)
{
	struct mailbot *b = gr->r->b;
	const struct match *m = gr->g->t.m;
	int over = match_next_author(m) < 0;
	struct mail_head h;
	struct buf body, mail;
	char subject[MAIL_FIELD], code[MAIL_WATCH_CODE + 1];
	uint64_t n = m->seq > w->seq ? m->seq - w->seq : 0;
	int rc = -1;

	memset(&h, 0, sizeof(h));
	if (m->judge_address[0] != '\0')
		h.from = m->judge_address;
	h.to[h.nto++] = w->address;
	mail_subject(m, m->seq, over ? ", over, for observers" :
	    ", for observers", subject, sizeof(subject));
	h.subject = subject;
	h.game = m->game_hex;
	h.automatic = h.forward = 1;	/* auto-generated */
	buf_init(&body);
	buf_init(&mail);
	buf_printf(&body, "adjudicator: %s game %.16s, for observers: %llu new "
	    "entr%s.\n%s", m->rules->name, m->game_hex, (unsigned long long)n,
	    n == 1 ? "y" : "ies", intro);
	if (mailbot_watch_code(b, m, w->address, code, e) != 0)
		goto done;
	buf_printf(&body, "You watch this game: the judge mails you what "
	    "anyone may know of it,\nand nothing more.  This mail is not "
	    "signed.  To stop, mail the judge\na Subject of\n"
	    "    UNWATCH %.16s %s\n\n", m->game_hex, code);
	mailbot_news(gr, -1, w->seq, &body);
	if (over) {
		buf_adds(&body, "\nThe game is over.  Its archive follows: "
		    "\"adjudicator verify\" checks it,\n\"adjudicator replay\" "
		    "shows it.\n\n");
		if (transcript_export(&gr->g->t, 0, &body, e) != 0)
			goto done;
	}
	if (mail_compose(&h, (const char *)body.data, body.len, &mail,
	    e) != 0 || mailbot_send(b, &mail, e) != 0)
		goto done;
	b->sent++;
	w->seq = m->seq;
	if (over)
		w->state = WATCHER_DONE;
	rc = 0;
done:
	buf_free(&body);
	buf_free(&mail);
	return rc;
}

void
mailbot_watchers(struct game_run *gr)
{
	const struct match *m = gr->g->t.m;
	int over = match_next_author(m) < 0, changed = 0, i;
	struct watchers *ws;
	struct error e;

	/* a tournament's game: WATCH TID's observers (mailcmd_tour_watch.c) */
	if (m->watch.n == 0 && !m->watch.open && m->event.id[0] == '\0')
		return;
	if ((ws = malloc(sizeof(*ws))) == NULL)
		return;
	error_clear(&e);
	if (watchers_load(gr->g->path, &m->watch, ws, &e) != 0)
		goto done;
	for (i = 0; i < ws->n; i++) {
		if (ws->w[i].state != WATCHER_ON ||
		    (ws->w[i].seq >= m->seq && !over))
			continue;
		/* not sent: the next run sends it, from the same entry */
		if (mailbot_observer_mail(gr, &ws->w[i], "", &e) != 0)
			break;
		changed = 1;
	}
	if (changed)
		(void)watchers_save(gr->g->path, ws, &e);
done:
	/* the seats' updates are out: an observer's mail that failed
	 * waits for the next run, and the operator reads why in the log */
	if (e.msg[0] != '\0' && gr->r->b->report != NULL)
		report_line(gr->r->b->report, "observers: %s", e.msg);
	free(ws);
}
