/*
 * A tiny harness for the table-driven unit tests: each check prints
 * "ok - NAME" or "not ok - NAME", and unit_done() gives the exit status.
 * Header-only so each test program stays one file.
 */
#ifndef UNIT_H
#define UNIT_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "error.h"
#include "sec.h"

static int unit_failures;

static void unit_ok(int, const char *, ...)
    __attribute__((format(printf, 2, 3), unused));
static void
unit_ok(int cond, const char *fmt, ...)
{
	va_list ap;

	printf("%s - ", cond ? "ok" : "not ok");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
	if (!cond)
		unit_failures++;
}

/*
 * The call failed with the wanted status, and its one-line message holds
 * want (when not NULL).  Prints the message on a mismatch.
 */
static int __attribute__((unused))
unit_err(int rc, const struct error *e, enum exit_status status,
    const char *want)
{
	int good = rc != 0 && e->status == status &&
	    (want == NULL || strstr(e->msg, want) != NULL) &&
	    strchr(e->msg, '\n') == NULL;

	if (!good)
		printf("# rc %d, status %d (want %d), msg \"%s\" (want \"%s\")\n",
		    rc, (int)e->status, (int)status, e->msg,
		    want ? want : "");
	return good;
}

static void __attribute__((unused))
unit_init(void)
{
	if (sec_init() != 0) {
		printf("not ok - sec_init\n");
		exit(1);
	}
}

static int __attribute__((unused))
unit_done(void)
{
	return unit_failures ? 1 : 0;
}

#define UNIT_NELEM(a)	(sizeof(a) / sizeof((a)[0]))

#endif
