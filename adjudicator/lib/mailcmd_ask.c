/*
 * What CHALLENGE, ACCEPT, DECLINE and REMATCH share: see mailcmd_ask.h.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "fsio.h"
#include "mailbot_int.h"
#include "mailcmd.h"
#include "mailcmd_ask.h"
#include "sec.h"
#include "when.h"

int
mailcmd_ask_begin(struct mailcmd_ask *a, struct bot_run *r,
    const char *verb, const char *quiet)
{
	memset(a, 0, sizeof(*a));
	a->r = r;
	a->verb = verb;
	a->lock = -1;
	if (r->b->in.from[0] == '\0' || r->b->in.automatic) {
		snprintf(r->b->verdict, sizeof(r->b->verdict), "%s", quiet);
		return 1;
	}
	(void)mailcmd_said(&r->b->in, verb, a->args, sizeof(a->args));
	return 0;
}

int
mailcmd_ask_tell(struct mailcmd_ask *a, const char *verdict, const char *text,
    struct error *e)
{
	char subject[MAIL_FIELD];
	int rc;

	snprintf(subject, sizeof(subject), "[adjudicator] %s", a->verb);
	rc = mailbot_answer(a->r, subject, text, e);
	snprintf(a->r->b->verdict, sizeof(a->r->b->verdict), "%s", verdict);
	return rc;
}

int
mailcmd_ask_refuse(struct mailcmd_ask *a, const char *verdict, int status,
    struct error *e, const char *fmt, ...)
{
	char why[600], text[1024];
	va_list ap;

	va_start(ap, fmt);
	(void)vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	snprintf(text, sizeof(text), "The judge did not take your %s: %s.\n"
	    "Nothing was changed.  Mail HELP for what to send.\n", a->verb,
	    why);
	if (mailcmd_ask_tell(a, verdict, text, e) != 0)
		return -1;
	return error_set(e, status, "%s: %s: %s", a->r->name, a->verb, why);
}

int
mailcmd_ask_sign(const struct bot_run *r, const char *dom, const char *what,
    char out[CLUB_CHALLENGE_ID], struct error *e)
{
	uint8_t sig[SEC_SIG], h[SEC_HASH];

	if (key_sign(r->b->k, sig, what, strlen(what), e) != 0)
		return -1;
	if (sec_hash(h, dom, sig, sizeof(sig)) != 0)
		return error_set(e, EXIT_SYSTEM, "cannot hash the code");
	sec_hex(out, CLUB_CHALLENGE_ID, h, (CLUB_CHALLENGE_ID - 1) / 2);
	return 0;
}

int
mailcmd_ask_code(const struct bot_run *r, const char *id,
    char out[CLUB_CHALLENGE_ID], struct error *e)
{
	char what[80];

	snprintf(what, sizeof(what), "adjudicator challenge answer\n%s", id);
	return mailcmd_ask_sign(r, "adj-challenge-code", what, out, e);
}

int
mailcmd_ask_hold(struct mailcmd_ask *a, struct error *e)
{
	const struct mailbot *b = a->r->b;
	char path[PATH_MAX];
	size_t i;

	a->lock = -1;
	if ((size_t)snprintf(path, sizeof(path), "%s/%s", b->root,
	    CLUB_LOCK) >= sizeof(path))
		return error_set(e, EXIT_USAGE, "%s: path too long", b->root);
	if (fsio_lock(path, &a->lock, e) != 0)
		return -1;
	if (club_members_read(b->root, &a->mem, e) != 0) {
		fsio_unlock(a->lock);
		return -1;
	}
	if (club_challenges_read(b->root, when_now(), &a->cs, e) != 0) {
		club_members_free(&a->mem);
		fsio_unlock(a->lock);
		return -1;
	}
	for (i = 0; i < a->mem.n && a->me == NULL; i++)
		if (strcasecmp(a->mem.m[i].address, b->in.from) == 0)
			a->me = &a->mem.m[i];
	return 0;
}

void
mailcmd_ask_let_go(struct mailcmd_ask *a)
{
	club_challenges_free(&a->cs);
	club_members_free(&a->mem);
	fsio_unlock(a->lock);
	a->lock = -1;
}

int
mailcmd_ask_mail(struct mailcmd_ask *a, const struct club_member *m,
    const char *subject, const char *text, struct error *e)
{
	struct mail_head h;
	struct buf mail;
	int rc;

	memset(&h, 0, sizeof(h));
	h.from = a->r->club.address;
	h.to[h.nto++] = m->address;
	h.subject = subject;
	h.automatic = 1;
	buf_init(&mail);
	if ((rc = mail_compose(&h, text, strlen(text), &mail, e)) == 0 &&
	    (rc = mailbot_send(a->r->b, &mail, e)) == 0)
		a->r->b->sent++;
	buf_free(&mail);
	return rc;
}

int
mailcmd_ask_made(const struct bot_run *r, const char *game)
{
	char dir[PATH_MAX];
	struct error x;

	return game[0] != '\0' && root_dir(r->b->root, game, dir,
	    sizeof(dir), &x) == 0 && root_is_game(dir);
}
