/*
 * Errors as values.  Library code never prints or exits: it fills a
 * struct error with the exit status the CLI should use and one line that
 * says what went wrong and where.  Only main() prints it.
 */
#ifndef ERROR_H
#define ERROR_H

#include <stddef.h>

enum exit_status {
	EXIT_OK = 0,
	EXIT_REFUSED = 1,	/* bad signature, illegal action, failed audit */
	EXIT_USAGE = 2,
	EXIT_MALFORMED = 3,	/* input that cannot be parsed */
	EXIT_SYSTEM = 4,	/* I/O, memory, anything outside the input */
	/* judge -r, as a mail filter: a system error, the mail to be kept
	 * and given again (sysexits.h's EX_TEMPFAIL) */
	EXIT_TEMPFAIL = 75
};

struct error {
	enum exit_status status;
	char		 msg[512];
	/* how many of msg's last bytes say what only the judge may know (a
	 * rule checked against values hidden from the others): the seat
	 * hears them, a report or a log leaves them out */
	size_t		 secret;
};

/* Sets status and message; returns -1 so callers can "return error_set()". */
int	error_set(struct error *, enum exit_status, const char *, ...)
	    __attribute__((format(printf, 3, 4)));
/* Prefixes the existing message with "where: ". */
int	error_prefix(struct error *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
/* An error from errno: "what: strerror(errno)". */
int	error_errno(struct error *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
void	error_clear(struct error *);
/*
 * The message as a report or a log may show it: without its secret tail
 * (and the ": " before it; all of it when the tail is longer), and 1 if
 * there was one; else the whole message, and 0.
 */
int	error_public(const struct error *, char *out, size_t len);
/*
 * s as it may be shown on one line of an error or a log, whatever it
 * holds: a backslash, a double quote, CR, LF and tab escaped as in C,
 * any other byte that is not printable ASCII as \xHH; cut with "..."
 * to fit len.
 */
void	error_quote(char *out, size_t len, const char *s);

#endif
