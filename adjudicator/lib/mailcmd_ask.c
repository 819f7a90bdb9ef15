/*
 * What CHALLENGE, ACCEPT, DECLINE and REMATCH share: see mailcmd_ask.h.
 */
#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "fsio.h"
#include "mailbot_int.h"
#include "mailcmd.h"
#include "mailcmd_ask.h"
#include "mailcmd_game.h"
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
	return mailcmd_game_tell(a->r, a->verb, verdict, text, e);
}

int
mailcmd_ask_refuse(struct mailcmd_ask *a, const char *verdict, int status,
    struct error *e, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = mailcmd_game_vrefuse(a->r, a->verb, verdict, status, e, fmt, ap);
	va_end(ap);
	return rc;
}

int
mailcmd_ask_sign(const struct bot_run *r, const char *dom, const char *what,
    char out[CLUB_CHALLENGE_ID], struct error *e)
{
	uint8_t h[SEC_HASH];

	if (mailcmd_game_hash(r, dom, what, h, e) != 0)
		return -1;
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
	if (mailcmd_game_hold(a->r, &a->lock, &a->mem, &a->me, e) != 0)
		return -1;
	if (club_challenges_read(a->r->b->root, when_now(), &a->cs, e) != 0) {
		mailcmd_game_let_go(&a->lock, &a->mem);
		return -1;
	}
	return 0;
}

void
mailcmd_ask_let_go(struct mailcmd_ask *a)
{
	club_challenges_free(&a->cs);
	mailcmd_game_let_go(&a->lock, &a->mem);
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

int
mailcmd_ask_new(struct mailcmd_ask *a, struct club_challenge *n,
    const char *what, const struct club_member *to, const char *verdict,
    struct error *e)
{
	struct club_challenge *k;
	int fresh;

	if (mailcmd_ask_sign(a->r, "adj-challenge-id", what, n->id, e) != 0)
		return -1;
	n->made = when_now();
	n->until = n->made + (int64_t)CLUB_CHALLENGE_DAYS * 86400;
	if ((fresh = (k = club_challenge_id(&a->cs, n->id)) == NULL)) {
		if ((k = club_challenge_add(&a->cs)) == NULL)
			return error_set(e, EXIT_SYSTEM, "%s: %s",
			    a->r->b->root, "too many challenges, or out of "
			    "memory");
		*k = *n;
	}
	return mailcmd_ask_offer(a, k, to, fresh, verdict, e);
}

void
mailcmd_ask_what(const struct club_challenge *k, char *out, size_t len)
{
	const char *comma = k->options[0] != '\0' ? ", " : "";

	if (k->rematch[0] != '\0')
		snprintf(out, len, "a rematch of game %.16s (%s%s%s)",
		    k->rematch, k->rules, comma, k->options);
	else if (k->ladder[0] != '\0')
		snprintf(out, len, "a game of the ladder %s (%s, as "
		    "declared)", k->ladder, k->rules);
	else
		snprintf(out, len, "a game of %s%s%s", k->rules, comma,
		    k->options);
}

/* What the member asked by k is told of it (with its code): in text. */
static int
asked_text(const struct mailcmd_ask *a, const struct club_challenge *k,
    struct buf *text, struct error *e)
{
	const char *kind = k->rematch[0] != '\0' ? "rematch" : "challenge";
	char code[CLUB_CHALLENGE_ID], t[WHEN_TEXT], what[300], say[800];

	if (mailcmd_ask_code(a->r, k->id, code, e) != 0)
		return -1;
	when_format(k->until, t, sizeof(t));
	mailcmd_ask_what(k, what, sizeof(what));
	snprintf(say, sizeof(say), "%s %s %s, judged by this club's judge "
	    "(%s %s).%s%s%s", k->from, k->rematch[0] != '\0' ?
	    "asks you for" : "challenges you to", what, kind, k->id,
	    k->rematch[0] != '\0' ? " The seats swapped: " : "", k->first,
	    k->rematch[0] != '\0' ? " plays first." : "");
	buf_wrap(text, say);
	buf_printf(text, "To play, mail the judge, from this address, a "
	    "Subject of\n    ACCEPT %s\nor, to decline it,\n    DECLINE %s\n"
	    "The code is for this address alone.  The %s lapses at\n%s.\n",
	    code, code, kind, t);
	return buf_cstr(text) == 0 ? 0 : error_set(e, EXIT_SYSTEM,
	    "out of memory");
}

int
mailcmd_ask_offer(struct mailcmd_ask *a, const struct club_challenge *k,
    const struct club_member *to, int fresh, const char *verdict,
    struct error *e)
{
	const char *kind = k->rematch[0] != '\0' ? "rematch" : "challenge";
	char t[WHEN_TEXT], what[300], say[800], subject[MAIL_FIELD];
	struct buf text;
	int rc = -1;

	if (fresh && club_challenges_write(a->r->b->root, &a->cs, e) != 0)
		return -1;
	buf_init(&text);
	if (k->rematch[0] != '\0')
		snprintf(subject, sizeof(subject), "[adjudicator] %s asks you "
		    "for a rematch of %.16s", k->from, k->rematch);
	else if (k->ladder[0] != '\0')
		snprintf(subject, sizeof(subject), "[adjudicator] %s "
		    "challenges you on the ladder %s", k->from, k->ladder);
	else
		snprintf(subject, sizeof(subject), "[adjudicator] %s "
		    "challenges you to %s", k->from, k->rules);
	if (asked_text(a, k, &text, e) != 0 || mailcmd_ask_mail(a, to,
	    subject, (char *)text.data, e) != 0)
		goto done;
	report_line(a->r->b->report, "%s: %s %s: %s asks %s", a->r->name,
	    kind, k->id, k->from, k->to);
	when_format(k->until, t, sizeof(t));
	mailcmd_ask_what(k, what, sizeof(what));
	snprintf(say, sizeof(say), "Your %s %s to %s, %s, is sent.%s%s%s %s "
	    "answers by ACCEPT or DECLINE before %s.  If %s accepts, the "
	    "judge makes the game and mails you your invitation.", kind,
	    k->id, k->to, what, k->rematch[0] != '\0' ? " The seats "
	    "swapped: " : "", k->first, k->rematch[0] != '\0' ?
	    " plays first." : "", k->to, t, k->to);
	text.len = 0;
	buf_wrap(&text, say);
	if (buf_cstr(&text) != 0)
		error_set(e, EXIT_SYSTEM, "out of memory");
	else
		rc = mailcmd_ask_tell(a, verdict, (char *)text.data, e);
done:
	buf_free(&text);
	return rc;
}

int
mailcmd_ask_remind(struct mailcmd_ask *a, const struct club_challenge *k,
    const char *verdict, struct error *e)
{
	struct buf text;
	int rc;

	buf_init(&text);
	buf_printf(&text, "%s asked you for this already.\n\n", k->from);
	rc = asked_text(a, k, &text, e) == 0 ? mailcmd_ask_tell(a, verdict,
	    (char *)text.data, e) : -1;
	buf_free(&text);
	return rc;
}

void
mailcmd_ask_take_code(char *args, size_t min, char code[CLUB_CHALLENGE_ID])
{
	char copy[MAIL_SAID], *w[MAIL_SAID / 2], *p, *save = NULL;
	size_t i, n = 0;

	code[0] = '\0';
	snprintf(copy, sizeof(copy), "%s", args);
	for (p = strtok_r(copy, " \t", &save); p != NULL && n < MAIL_SAID / 2;
	    p = strtok_r(NULL, " \t", &save))
		w[n++] = p;
	if (n > min && strlen(w[n - 1]) == CLUB_CHALLENGE_ID - 1 &&
	    strspn(w[n - 1], "0123456789abcdefABCDEF") ==
	    CLUB_CHALLENGE_ID - 1) {
		snprintf(code, CLUB_CHALLENGE_ID, "%s", w[--n]);
		for (i = 0; code[i] != '\0'; i++)
			code[i] = (char)tolower((unsigned char)code[i]);
	}
	/* the request's words, one blank between: what the code is for */
	args[0] = '\0';
	for (i = 0; i < n; i++)
		snprintf(args + strlen(args), MAIL_SAID - strlen(args), "%s%s",
		    i > 0 ? " " : "", w[i]);
}

static int
refuse_r(struct bot_run *r, const char *verb, const char *verdict,
    struct error *e, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* A refusal of verb, one line, nothing changed. */
static int
refuse_r(struct bot_run *r, const char *verb, const char *verdict,
    struct error *e, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = mailcmd_game_vrefuse(r, verb, verdict, EXIT_REFUSED, e, fmt, ap);
	va_end(ap);
	return rc;
}

/* The code that confirms verb args for member name at the mail's
 * address. */
static int
confirm_code(const struct bot_run *r, const char *verb, const char *name,
    const char *args, char out[CLUB_CHALLENGE_ID], struct error *e)
{
	char what[MAIL_SAID + MAIL_FIELD + 100], addr[MAIL_FIELD];
	size_t i;

	for (i = 0; r->b->in.from[i] != '\0' && i + 1 < sizeof(addr); i++)
		addr[i] = (char)tolower((unsigned char)r->b->in.from[i]);
	addr[i] = '\0';
	snprintf(what, sizeof(what), "adjudicator confirm\n%s\n%s\n%s\n%s",
	    verb, name, addr, args);
	return mailcmd_ask_sign(r, "adj-confirm-code", what, out, e);
}

int
mailcmd_ask_confirm(struct bot_run *r, const char *verb, const char *name,
    const char *args, const char *code, struct error *e)
{
	char mine[CLUB_CHALLENGE_ID], text[MAIL_SAID + 400], verdict[40];
	size_t i;

	if (confirm_code(r, verb, name, args, mine, e) != 0)
		return -1;
	snprintf(verdict, sizeof(verdict), "%s,", verb);
	for (i = 0; verdict[i] != '\0'; i++)
		verdict[i] = (char)tolower((unsigned char)verdict[i]);
	if (code[0] == '\0') {
		/* to that address alone: it carries the code */
		snprintf(text, sizeof(text), "Nothing is done until you "
		    "confirm it: mail the judge, from this\naddress, a Subject "
		    "of\n    %s %s %s\nThe code is for this address and this "
		    "request alone.  If you did not\nask for this, do nothing: "
		    "the judge keeps nothing of it.\n", verb, args, mine);
		snprintf(verdict + strlen(verdict), sizeof(verdict) -
		    strlen(verdict), "code");
		return mailcmd_game_tell(r, verb, verdict, text, e) != 0 ? -1 :
		    1;
	}
	if (strcmp(code, mine) == 0)
		return 0;
	snprintf(verdict + strlen(verdict), sizeof(verdict) - strlen(verdict),
	    "badcode");
	return refuse_r(r, verb, verdict, e, "not the judge's code for this "
	    "request and address (mail it without a code for one)");
}
