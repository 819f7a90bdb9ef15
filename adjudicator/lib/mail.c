/*
 * Mail in and out.  See mail.h.  What is read from a mail's headers goes
 * back into the headers of an answer, so it is kept only when it is
 * plainly safe there: an address as the header takes one, a Message-ID of
 * printable characters between angle brackets.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "mail.h"
#include "match.h"
#include "mime.h"
#include "sec.h"
#include "when.h"

/* --- reading --- */

/*
 * The address in "Name <user@host>", "user@host (Name)", "user@host",
 * kept in out only when it is one as a header takes it; else why not in
 * in->refused, naming the header.
 */
static void
address_of(struct mail_in *in, const char *name, const char *v, char *out,
    size_t len)
{
	const char *p, *q;
	char a[MAIL_FIELD], why[80], quoted[120];
	size_t n;

	out[0] = '\0';
	if ((p = strrchr(v, '<')) != NULL && (q = strchr(p, '>')) != NULL) {
		p++;
		n = (size_t)(q - p);
	} else {
		for (p = v; *p == ' ' || *p == '\t'; p++)
			;
		n = strcspn(p, " \t(,;");
	}
	if (n >= sizeof(a))
		n = sizeof(a) - 1;	/* too long: refused below */
	memcpy(a, p, n);
	a[n] = '\0';
	if (n == 0)
		snprintf(why, sizeof(why), "no address");
	else if (header_address_check(a, why, sizeof(why)) == 0) {
		snprintf(out, len, "%s", a);
		in->refused[0] = '\0';
		return;
	}
	error_quote(quoted, sizeof(quoted), a);
	snprintf(in->refused, sizeof(in->refused), "%s: %s (%s)", name,
	    quoted, why);
}

/* s is word (any case), blanks around it aside. */
static int
is_word(const char *s, const char *word)
{
	size_t n, w = strlen(word);

	while (isspace((unsigned char)*s))
		s++;
	n = strlen(s);
	while (n > 0 && isspace((unsigned char)s[n - 1]))
		n--;
	return n == w && strncasecmp(s, word, w) == 0;
}

/*
 * WATCH GAMEID [CODE] or UNWATCH GAMEID [CODE]: the id as LIST gives it
 * (a prefix of hex digits), the code as the judge's answer and every
 * observer mail give it.
 */
static void
watch_command(struct mail_in *in, const char *s)
{
	char verb[8], id[2 * 32 + 2], code[MAIL_WATCH_CODE + 2], more[2];
	int n;

	n = sscanf(s, " %7s %65s %17s %1s", verb, id, code, more);
	if (n < 2 || n > 3 || strspn(id, "0123456789abcdefABCDEF") !=
	    strlen(id) || strlen(id) > 64)
		return;
	if (strcasecmp(verb, "watch") == 0)
		in->watch = 1;
	else if (strcasecmp(verb, "unwatch") == 0)
		in->watch = -1;
	else
		return;
	/* both lengths checked: they fit */
	memcpy(in->watch_game, id, strlen(id) + 1);
	if (n == 3 && strlen(code) <= MAIL_WATCH_CODE)
		memcpy(in->watch_code, code, strlen(code) + 1);
	else if (n == 3)
		memcpy(in->watch_code, "?", 2);	/* a code, not the judge's */
}

/* A command in a Subject or a first line: HELP, LIST, WATCH, UNWATCH;
 * the line kept for the others (mailcmd.h). */
static void
command(struct mail_in *in, const char *s)
{
	size_t n;

	while (isspace((unsigned char)*s))
		s++;
	for (n = strlen(s); n > 0 && isspace((unsigned char)s[n - 1]); n--)
		;
	if (in->nsaid < 2 && n < MAIL_SAID) {
		memcpy(in->said[in->nsaid], s, n);
		in->said[in->nsaid++][n] = '\0';
	}
	in->help |= is_word(s, "help");
	in->list |= is_word(s, "list");
	if (in->watch == 0)
		watch_command(in, s);
}

struct reading {
	struct mail_in	*in;
	int		 reply_to;	/* a Reply-To gave the address */
	int		 mime;		/* MIME headers: the body has parts */
	int		 received;	/* the first Received header seen */
};

/* One header, as the mail reader gives it (mime.h). */
static void
header(void *arg, const char *name, const char *v)
{
	struct reading *r = arg;
	struct mail_in *in = r->in;
	const char *p;

	if (strcasecmp(name, "reply-to") == 0) {
		/* where the sender asked to be answered, or nowhere: a
		 * Reply-To refused does not fall back to From */
		address_of(in, "Reply-To", v, in->from, sizeof(in->from));
		r->reply_to = 1;
	} else if (strcasecmp(name, "from") == 0) {
		if (!r->reply_to)
			address_of(in, "From", v, in->from, sizeof(in->from));
		if (strncasecmp(in->from, "mailer-daemon@", 14) == 0 ||
		    strncasecmp(in->from, "postmaster@", 11) == 0)
			in->automatic = 1;
	} else if (strcasecmp(name, "message-id") == 0)
		(void)mime_id(v, in->message_id, sizeof(in->message_id));
	else if (strcasecmp(name, "subject") == 0) {
		mime_words(v, in->subject, sizeof(in->subject));
		p = in->subject;
		while (strncasecmp(p, "re:", 3) == 0)
			for (p += 3; *p == ' '; p++)
				;
		command(in, p);
	} else if (strcasecmp(name, "received") == 0 && !r->received) {
		/* the first is the last server's, ours: its date follows
		 * the last ';' */
		r->received = 1;
		if ((p = strrchr(v, ';')) != NULL)
			(void)when_mail_date(p + 1, &in->received);
	} else if (strcasecmp(name, "auto-submitted") == 0)
		in->automatic |= strcasecmp(v, "no") != 0;
	else if (strcasecmp(name, "precedence") == 0)
		in->automatic |= strcasecmp(v, "bulk") == 0 ||
		    strcasecmp(v, "junk") == 0 || strcasecmp(v, "list") == 0;
	else if (strcasecmp(name, "return-path") == 0)
		in->automatic |= strcmp(v, "<>") == 0;
	else if (strncasecmp(name, "list-", 5) == 0)
		in->automatic = 1;
	if (strcasecmp(name, "mime-version") == 0 ||
	    strncasecmp(name, "content-", 8) == 0)
		r->mime = 1;
}

/* The first line of a text that says anything: HELP? */
static int
first_line(struct mail_in *in, const char *t, size_t len)
{
	const char *line;
	char value[128];
	size_t off = 0, n, k;

	while ((line = buf_line(t, len, &off, &n)) != NULL) {
		for (k = 0; k < n && isspace((unsigned char)line[k]); k++)
			;
		if (k == n)
			continue;
		if (n - k < sizeof(value)) {
			snprintf(value, sizeof(value), "%.*s", (int)(n - k),
			    line + k);
			command(in, value);
		}
		return 1;
	}
	return 0;
}

/* A MIME mail's first text part that says anything, decoded: then the
 * walk stops. */
static int
first_text(void *arg, const char *t, size_t len, int html, struct error *e)
{
	(void)html;
	if (first_line(arg, t, len))
		return error_set(e, EXIT_OK, "done");
	return 0;
}

void
mail_read(const char *t, size_t len, struct mail_in *in)
{
	struct reading r = { in, 0, 0, 0 };
	struct error ign;
	size_t off;

	memset(in, 0, sizeof(*in));
	off = mime_headers(t, len, header, &r);
	if (off == 0)
		return;
	/* the body's first line that says anything: of its first text part
	 * as the mail reader decodes it, when the mail has parts */
	if (r.mime)
		(void)mime_texts(t, len, "mail", first_text, in, &ign);
	else
		(void)first_line(in, t + off, len - off);
}

/* --- writing --- */

void
mail_subject(const struct match *m, uint64_t seq, const char *tail,
    char *out, size_t len)
{
	snprintf(out, len, "[adjudicator] %s %.16s: entry %llu%s",
	    m->rules->name, m->game_hex, (unsigned long long)seq, tail);
}

/* A Message-ID of our own: random, at the sender's domain. */
static void
message_id(const char *from, char *out, size_t len)
{
	uint8_t r[12];
	char hex[2 * sizeof(r) + 1];
	const char *at = from != NULL ? strchr(from, '@') : NULL;

	sec_random(r, sizeof(r));
	sec_hex(hex, sizeof(hex), r, sizeof(r));
	snprintf(out, len, "<%s.adjudicator@%s>", hex,
	    at != NULL ? at + 1 : "adjudicator.invalid");
}

/* The headers up to MIME-Version: nonzero when out of memory. */
static int
headers(const struct mail_head *h, struct buf *out)
{
	char date[64], id[MAIL_FIELD];
	time_t now = time(NULL);
	struct tm tm;
	int i, rc = 0;

	gmtime_r(&now, &tm);
	strftime(date, sizeof(date), "%a, %d %b %Y %H:%M:%S +0000", &tm);
	message_id(h->from, id, sizeof(id));
	if (h->from != NULL)
		rc |= buf_printf(out, "From: %s\n", h->from);
	rc |= buf_adds(out, "To: ");
	for (i = 0; i < h->nto; i++)
		rc |= buf_printf(out, "%s%s", i ? ",\n    " : "", h->to[i]);
	rc |= buf_printf(out, "\nSubject: %s\nDate: %s\nMessage-ID: %s\n",
	    h->subject != NULL ? h->subject : "[adjudicator]", date, id);
	if (h->in_reply_to != NULL && h->in_reply_to[0] != '\0')
		rc |= buf_printf(out, "In-Reply-To: %s\nReferences: %s\n",
		    h->in_reply_to, h->in_reply_to);
	if (h->reply_to != NULL && h->reply_to[0] != '\0')
		rc |= buf_printf(out, "Reply-To: %s\n", h->reply_to);
	if (h->automatic)
		rc |= buf_printf(out, "Auto-Submitted: %s\n", h->forward ?
		    "auto-generated" : "auto-replied");
	if (h->game != NULL)
		rc |= buf_printf(out, "X-Adjudicator-Game: %s\n", h->game);
	return rc | buf_adds(out, "MIME-Version: 1.0\n");
}

int
mail_compose(const struct mail_head *h, const char *body, size_t len,
    struct buf *out, struct error *e)
{
	int rc;

	if (h->nto < 1)
		return error_set(e, EXIT_USAGE, "a mail needs a recipient");
	rc = headers(h, out);
	rc |= buf_adds(out, "Content-Type: text/plain; charset=utf-8\n"
	    "Content-Transfer-Encoding: 8bit\n\n");
	rc |= buf_add(out, body, len);
	if (len > 0 && body[len - 1] != '\n')
		rc |= buf_adds(out, "\n");
	if (rc != 0)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	return 0;
}

#define BOUNDARY	"=_adjudicator_part_="	/* never in base64, nor in
						 * what the judge writes */

int
mail_compose_with(const struct mail_head *h, const char *body, size_t len,
    const struct mail_part *p, struct buf *out, struct error *e)
{
	char line[80];
	size_t i, n;
	int rc;

	if (h->nto < 1)
		return error_set(e, EXIT_USAGE, "a mail needs a recipient");
	rc = headers(h, out);
	rc |= buf_adds(out, "Content-Type: multipart/mixed; boundary=\""
	    BOUNDARY "\"\n\n--" BOUNDARY "\n"
	    "Content-Type: text/plain; charset=utf-8\n"
	    "Content-Transfer-Encoding: 8bit\n\n");
	rc |= buf_add(out, body, len);
	if (len > 0 && body[len - 1] != '\n')
		rc |= buf_adds(out, "\n");
	rc |= buf_printf(out, "\n--" BOUNDARY "\nContent-Type: %s\n"
	    "Content-Disposition: attachment; filename=\"%s\"\n"
	    "Content-Transfer-Encoding: base64\n\n", p->type, p->name);
	/* 57 bytes a line: 76 characters of base64 */
	for (i = 0; i < p->len && rc == 0; i += n) {
		n = p->len - i < 57 ? p->len - i : 57;
		if (sec_b64_encode(line, sizeof(line), p->data + i, n) != 0)
			return error_set(e, EXIT_SYSTEM, "cannot encode %s",
			    p->name);
		rc |= buf_printf(out, "%s\n", line);
	}
	rc |= buf_adds(out, "\n--" BOUNDARY "--\n");
	if (rc != 0)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	return 0;
}

int
mail_message_check(const struct match *m, int me, struct error *e)
{
	int i;

	if (m->judge_mode && me != GAME_JUDGE) {
		if (m->judge_address[0] == '\0')
			return error_set(e, EXIT_USAGE, "-M: the header gives "
			    "no address for the judge (new -a judge=ADDRESS)");
		return 0;
	}
	for (i = 0; i < m->nseats; i++)
		if (i != me && m->seat[i].address[0] == '\0')
			return error_set(e, EXIT_USAGE, "-M: the header gives "
			    "no address for %s (new -a %s=ADDRESS)",
			    m->seat[i].name, m->seat[i].name);
	return 0;
}

int
mail_message(const struct match *m, int me, uint64_t seq,
    const struct buf *armored, struct buf *out, struct error *e)
{
	struct mail_head h;
	struct buf body;
	char subject[MAIL_FIELD], tail[64];
	int i, rc;

	if (mail_message_check(m, me, e) != 0)
		return -1;
	memset(&h, 0, sizeof(h));
	if (me >= 0 && me < m->nseats && m->seat[me].address[0] != '\0')
		h.from = m->seat[me].address;
	if (m->judge_mode && me != GAME_JUDGE)
		h.to[h.nto++] = m->judge_address;
	else
		for (i = 0; i < m->nseats; i++)
			if (i != me)
				h.to[h.nto++] = m->seat[i].address;
	snprintf(tail, sizeof(tail), " by %s", match_author_name(m, me));
	mail_subject(m, seq, tail, subject, sizeof(subject));
	h.subject = subject;
	h.game = m->game_hex;
	buf_init(&body);
	buf_printf(&body, "adjudicator: %s game %.16s, entry %llu by %s%s.\n"
	    "Apply it with \"adjudicator receive -r ROOT\" (pipe this mail "
	    "into it).\n\n", m->rules->name, m->game_hex,
	    (unsigned long long)seq, match_author_name(m, me),
	    m->judge_mode && me != GAME_JUDGE ? ", for the judge" : "");
	if (buf_add(&body, armored->data, armored->len) != 0) {
		buf_free(&body);
		return error_set(e, EXIT_SYSTEM, "out of memory");
	}
	rc = mail_compose(&h, (const char *)body.data, body.len, out, e);
	buf_free(&body);
	return rc;
}
