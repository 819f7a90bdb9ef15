/*
 * Error values: one line of text and an exit status.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "error.h"

/*
 * A message is one line whatever a caller put in it: a value shown from
 * the input (a YAML key may hold line breaks, a quoted scalar anything)
 * has its control bytes shown as "?", so a log or a mail reply never
 * gets a line the input wrote.
 */
static void
one_line(char *msg)
{
	unsigned char *p;

	for (p = (unsigned char *)msg; *p != '\0'; p++)
		if (*p < 0x20 || *p == 0x7f)
			*p = '?';
}

int
error_set(struct error *e, enum exit_status status, const char *fmt, ...)
{
	va_list ap;

	if (e == NULL)
		return -1;
	e->status = status;
	e->secret = 0;
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
	va_end(ap);
	one_line(e->msg);
	return -1;
}

int
error_prefix(struct error *e, const char *fmt, ...)
{
	char where[256], old[sizeof(e->msg)];
	size_t n, kept;
	va_list ap;

	if (e == NULL)
		return -1;
	va_start(ap, fmt);
	vsnprintf(where, sizeof(where), fmt, ap);
	va_end(ap);
	memcpy(old, e->msg, sizeof(old));
	/* a long message is cut rather than lost */
	if (snprintf(e->msg, sizeof(e->msg), "%.200s: %.300s", where, old) < 0)
		e->msg[0] = '\0';
	one_line(e->msg);
	/* the secret tail is what is left of it once old is cut */
	n = strlen(old);
	kept = n < 300 ? n : 300;
	e->secret = e->secret > n - kept ? e->secret - (n - kept) : 0;
	if (e->secret > strlen(e->msg))
		e->secret = strlen(e->msg);
	return -1;
}

int
error_errno(struct error *e, const char *fmt, ...)
{
	char what[256];
	int saved = errno;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	return error_set(e, EXIT_SYSTEM, "%s: %s", what, strerror(saved));
}

void
error_clear(struct error *e)
{
	e->status = EXIT_OK;
	e->msg[0] = '\0';
	e->secret = 0;
}

int
error_public(const struct error *e, char *out, size_t len)
{
	size_t n = strlen(e->msg);

	if (e->secret == 0) {
		snprintf(out, len, "%s", e->msg);
		return 0;
	}
	/* a tail longer than the message (msg written over without
	 * error_set): all of it kept back, never shown */
	n -= e->secret < n ? e->secret : n;
	while (n > 0 && (e->msg[n - 1] == ' ' || e->msg[n - 1] == ':'))
		n--;
	snprintf(out, len, "%.*s", (int)n, e->msg);
	return 1;
}

/* One byte of s as error_quote shows it. */
static void
quote_one(char *one, size_t len, unsigned char c)
{
	if (c == '\\' || c == '"')
		snprintf(one, len, "\\%c", c);
	else if (c == '\r' || c == '\n' || c == '\t')
		snprintf(one, len, "\\%c", c == '\r' ? 'r' : c == '\n' ? 'n' :
		    't');
	else if (c < 0x20 || c >= 0x7f)
		snprintf(one, len, "\\x%02x", c);
	else
		snprintf(one, len, "%c", c);
}

void
error_quote(char *out, size_t len, const char *s)
{
	size_t n = 0, whole = 0, room;
	const char *p;
	char one[8];

	if (len == 0)
		return;
	for (p = s; *p != '\0'; p++) {
		quote_one(one, sizeof(one), (unsigned char)*p);
		whole += strlen(one);
	}
	/* all of it when it fits, else as much as leaves room for "..." */
	room = whole < len ? len - 1 : len > 3 ? len - 4 : 0;
	for (p = s; *p != '\0'; p++) {
		quote_one(one, sizeof(one), (unsigned char)*p);
		if (n + strlen(one) > room)
			break;
		memcpy(out + n, one, strlen(one));
		n += strlen(one);
	}
	if (*p != '\0' && len > 3) {
		memcpy(out + n, "...", 3);
		n += 3;
	}
	out[n] = '\0';
}
