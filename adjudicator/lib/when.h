/*
 * Times and durations as the clocks write them: a time is whole seconds
 * since 1970 in UTC, written YYYY-MM-DDTHH:MM:SSZ; a duration is days
 * and hours (3d, 12h, 1d12h).  Also the dates of mail headers (RFC 5322),
 * and the clock of this process, which a test sets (ADJUDICATOR_NOW).
 */
#ifndef WHEN_H
#define WHEN_H

#include <stddef.h>
#include <stdint.h>

#define WHEN_TEXT	24	/* "2026-11-26T12:00:00Z" and its NUL */
#define WHEN_SPAN	40	/* "12 days 23 hours 59 minutes" */
#define WHEN_LAST	INT64_C(253402300799)	/* 9999-12-31T23:59:59Z */

/*
 * Now: the system's clock, or ADJUDICATOR_NOW when it is set (a time as
 * above, or seconds since 1970 in digits alone, at most WHEN_LAST; any
 * other value is ignored), for tests: no test sleeps.
 */
int64_t	when_now(void);
/* A time as written above; -1 when it is not one. */
int	when_parse(const char *, int64_t *);
void	when_format(int64_t, char *, size_t);
/* A duration: Nd, Nh or NdMh, N without leading zeros; seconds. */
int	when_duration(const char *, int64_t *);
/* A duration as when_duration reads it ("1d12h"), canonical. */
void	when_duration_format(int64_t, char *, size_t);
/* A span in words for people: "1 day 2 hours", "45 minutes". */
void	when_span(int64_t, char *, size_t);
/* A mail's date (RFC 5322 date-time: "Thu, 26 Nov 2026 04:41:16 +0000"). */
int	when_mail_date(const char *, int64_t *);

#endif
