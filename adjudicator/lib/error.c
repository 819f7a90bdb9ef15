/*
 * Error values: one line of text and an exit status.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "error.h"

int
error_set(struct error *e, enum exit_status status, const char *fmt, ...)
{
	va_list ap;

	if (e == NULL)
		return -1;
	e->status = status;
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
	va_end(ap);
	return -1;
}

int
error_prefix(struct error *e, const char *fmt, ...)
{
	char where[256], old[sizeof(e->msg)];
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
}
