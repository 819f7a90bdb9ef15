/*
 * A drained run's mails in one SMTP conversation with the mailer
 * (SENDMAIL with -bs: exim's and Postfix's sendmail, and others, speak
 * SMTP on their standard input and output, RFC 5321): one mailer process
 * for the whole run, and each mail's envelope read from its own headers,
 * as "sendmail -t" would.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "cli.h"
#include "mime.h"

#define SMTP_RCPTS	(GAME_MAX_SEATS + 1)
#define SMTP_ADDR	256

struct conv {
	FILE	*r;		/* the mailer's replies */
	int	 w;		/* our commands */
	char	 last[512];	/* the last reply's last line */
	char	 why[512];	/* the refusal of the last mail refused */
};

/* One command, CRLF after it. */
static int
say(struct conv *c, const char *fmt, ...)
{
	char line[SMTP_ADDR + 64];
	va_list ap;
	size_t off = 0;
	ssize_t w;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof(line) - 2, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof(line) - 2)
		return -1;
	memcpy(line + n, "\r\n", 2);
	n += 2;
	while (off < (size_t)n)
		if ((w = write(c->w, line + off, (size_t)n - off)) < 0) {
			if (errno != EINTR)
				return -1;
		} else
			off += (size_t)w;
	return 0;
}

/* The reply's code (its lines "NNN-" up to "NNN "), or -1. */
static int
hear(struct conv *c)
{
	char line[1024];
	size_t n;

	for (;;) {
		if (fgets(line, sizeof(line), c->r) == NULL)
			return -1;
		n = strcspn(line, "\r\n");
		line[n] = '\0';
		snprintf(c->last, sizeof(c->last), "%.*s",
		    (int)sizeof(c->last) - 1, line);
		if (n < 3 || line[0] < '1' || line[0] > '5')
			return -1;
		if (line[3] != '-')
			return atoi(line);
	}
}

/* The envelope, from the mail's own headers. */
struct envelope_of {
	char	from[SMTP_ADDR];
	char	to[SMTP_RCPTS][SMTP_ADDR];
	int	nto;
};

/* One address of a list: the part in <>, or the whole, trimmed. */
static void
address(const char *s, size_t len, char *out)
{
	const char *lt = memchr(s, '<', len), *gt;

	if (lt != NULL && (gt = memchr(lt, '>', len - (size_t)(lt - s))) !=
	    NULL) {
		s = lt + 1;
		len = (size_t)(gt - s);
	}
	while (len > 0 && (*s == ' ' || *s == '\t'))
		s++, len--;
	while (len > 0 && (s[len - 1] == ' ' || s[len - 1] == '\t'))
		len--;
	snprintf(out, SMTP_ADDR, "%.*s", (int)len, s);
}

static void
header(void *arg, const char *name, const char *value)
{
	struct envelope_of *env = arg;
	const char *p = value, *comma;

	if (strcasecmp(name, "From") == 0) {
		address(value, strlen(value), env->from);
		return;
	}
	if (strcasecmp(name, "To") != 0 && strcasecmp(name, "Cc") != 0)
		return;
	for (; env->nto < SMTP_RCPTS; p = comma + 1) {
		comma = strchr(p, ',');
		address(p, comma != NULL ? (size_t)(comma - p) : strlen(p),
		    env->to[env->nto]);
		if (env->to[env->nto][0] != '\0')
			env->nto++;
		if (comma == NULL)
			break;
	}
}

/* The mail as DATA: CRLF lines, a leading dot doubled, then ".". */
static int
data(struct conv *c, const struct buf *mail)
{
	const char *p = (const char *)mail->data, *end = p + mail->len, *nl;
	struct buf b;
	size_t off = 0;
	ssize_t w;
	int rc = 0;

	buf_init(&b);
	for (; p < end; p = nl + 1) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		if (*p == '.')
			buf_addc(&b, '.');
		buf_add(&b, p, (size_t)(nl - p));
		buf_adds(&b, "\r\n");
	}
	if (buf_adds(&b, ".\r\n") != 0)
		rc = -1;
	while (rc == 0 && off < b.len)
		if ((w = write(c->w, b.data + off, b.len - off)) < 0) {
			if (errno != EINTR)
				rc = -1;
		} else
			off += (size_t)w;
	buf_free(&b);
	return rc;
}

/*
 * One mail: 0 taken; 1 refused for good (5xx: said, and not tried again,
 * as a bounce would end it); 2 refused for now (4xx); -1 the
 * conversation broke.
 */
static int
one(struct conv *c, const struct buf *mail)
{
	struct envelope_of env;
	int i, code, took = 0, later = 0;

	memset(&env, 0, sizeof(env));
	c->why[0] = '\0';
	(void)mime_headers((const char *)mail->data, mail->len, header, &env);
	if (env.nto == 0)
		return 1;
	if (say(c, "MAIL FROM:<%s>", env.from) != 0 || (code = hear(c)) < 0)
		return -1;
	if (code / 100 != 2)
		goto refused;
	for (i = 0; i < env.nto; i++) {
		if (say(c, "RCPT TO:<%s>", env.to[i]) != 0 ||
		    (code = hear(c)) < 0)
			return -1;
		if (code / 100 == 2) {
			took++;
			continue;
		}
		snprintf(c->why, sizeof(c->why), "%s", c->last);
		if (code / 100 == 4)
			later = 1;
		else
			fprintf(stderr, "adjudicator: the mailer refuses %s: "
			    "%s\n", env.to[i], c->last);
	}
	if (took == 0) {
		code = later ? 450 : 550;
		goto refused;
	}
	if (say(c, "DATA") != 0 || (code = hear(c)) < 0)
		return -1;
	if (code != 354)
		goto refused;
	if (data(c, mail) != 0 || (code = hear(c)) < 0)
		return -1;
	if (code / 100 == 2)
		return 0;
refused:
	/* the refusal itself: the last RCPT's when every RCPT was refused */
	if (took > 0 || c->why[0] == '\0')
		snprintf(c->why, sizeof(c->why), "%s", c->last);
	if (say(c, "RSET") != 0 || hear(c) < 0)
		return -1;
	if (code / 100 == 4)
		return 2;
	fprintf(stderr, "adjudicator: the mailer refuses a mail for %s: %s; "
	    "not tried again\n", env.to[0], c->why);
	return 1;
}

int
cli_smtp(const struct cli_mailer *m, struct mailqueue_mail *mails, size_t n,
    mailqueue_sent_fn *sent, void *arg, struct error *e)
{
	struct error ign;
	struct conv c;
	char host[256];
	size_t i;
	pid_t pid;
	int rfd, r, rc = 0;

	memset(&c, 0, sizeof(c));
	if (cli_mailer_start(m, &c.w, &rfd, &pid, e) != 0)
		return -1;
	if ((c.r = fdopen(rfd, "r")) == NULL) {
		close(rfd);
		close(c.w);
		(void)cli_mailer_reap(m, pid, 0, e);
		return error_errno(e, "%s", m->argv[0]);
	}
	if (gethostname(host, sizeof(host)) != 0 || host[0] == '\0')
		snprintf(host, sizeof(host), "localhost");
	host[sizeof(host) - 1] = '\0';
	/* EHLO, or HELO where the server knows nothing newer */
	if (hear(&c) != 220 || say(&c, "EHLO %s", host) != 0 ||
	    ((r = hear(&c)) != 250 && (r < 500 || say(&c, "HELO %s",
	    host) != 0 || hear(&c) != 250))) {
		rc = error_set(e, EXIT_SYSTEM, "%s: no SMTP conversation: %s",
		    m->argv[0], c.last[0] != '\0' ? c.last : "no greeting");
		n = 0;
	}
	for (i = 0; i < n; i++) {
		if (mails[i].sent)
			continue;
		if ((r = one(&c, &mails[i].text)) < 0) {
			rc = error_set(e, EXIT_SYSTEM, "%s: the SMTP "
			    "conversation broke off: %s", m->argv[0], c.last);
			break;
		}
		if (r <= 1)
			sent(arg, i);
		else if (rc == 0)
			rc = error_set(e, EXIT_SYSTEM, "%s: a mail for later: %s",
			    m->argv[0], c.why);
	}
	if (rc == 0 || i == n) {
		(void)say(&c, "QUIT");
		(void)hear(&c);
	}
	close(c.w);
	fclose(c.r);
	/* its exit status matters only if all went well before */
	if (cli_mailer_reap(m, pid, 0, rc == 0 ? e : &ign) != 0)
		rc = -1;
	return rc;
}
