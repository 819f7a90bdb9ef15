/*
 * A seat's or the judge's mail address as a header may carry it
 * (formats/header.md, "seats"): a mailbox, never a program, a file or a
 * route.  Moved out of header.c.
 */
#include <stdio.h>
#include <string.h>

#include "match.h"

/*
 * RFC 5322 atext, less what a mailer reads as a program ('|'), a file
 * ('/') or a route ('!', '%'): an address here is only ever a mailbox.
 */
static int
local_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || (c != '\0' &&
	    strchr("#$&'*+-=?^_`{}~", c) != NULL);
}

static int
domain_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || c == '-';
}

/* The local part, a..at: a dot-atom. */
static int
local_check(const char *a, const char *at, char *why, size_t len)
{
	const char *p;

	if (at == a)
		return snprintf(why, len, "nothing before the @"), -1;
	if (at - a > 64)
		return snprintf(why, len, "a local part over 64 bytes"), -1;
	for (p = a; p < at; p++) {
		if (*p == '.' && (p == a || p + 1 == at || p[1] == '.'))
			return snprintf(why, len, "a dot at an end of the "
			    "local part, or two in a row"), -1;
		if (*p != '.' && !local_char(*p))
			return snprintf(why, len, "'%c' in the local part", *p),
			    -1;
	}
	return 0;
}

/* The domain: labels of letters, digits and '-', joined by dots. */
static int
domain_check(const char *d, char *why, size_t len)
{
	const char *label = d, *p;

	if (*d == '\0')
		return snprintf(why, len, "nothing after the @"), -1;
	for (p = d;; p++) {
		if (*p != '.' && *p != '\0') {
			if (!domain_char(*p))
				return snprintf(why, len, "'%c' in the domain",
				    *p), -1;
			continue;
		}
		if (p == label)
			return snprintf(why, len, "a dot at an end of the "
			    "domain, or two in a row"), -1;
		if (*label == '-' || p[-1] == '-')
			return snprintf(why, len, "a label of the domain that "
			    "starts or ends with '-'"), -1;
		if (p - label > 63)
			return snprintf(why, len, "a label of the domain "
			    "over 63 bytes"), -1;
		if (*p == '\0')
			return 0;
		label = p + 1;
	}
}

int
header_address_check(const char *a, char *why, size_t len)
{
	const char *p, *at;

	for (p = a; *p != '\0'; p++)
		if (*p <= ' ' || *p > '~') {
			snprintf(why, len, "%s in it", *p == '\r' ?
			    "a carriage return" : *p == '\n' ? "a line feed" :
			    *p == '\t' ? "a tab" : *p == ' ' ? "a blank" :
			    "a byte that is not printable ASCII");
			return -1;
		}
	if (strlen(a) >= MATCH_ADDRESS) {
		snprintf(why, len, "longer than %d bytes", MATCH_ADDRESS - 1);
		return -1;
	}
	if ((at = strchr(a, '@')) == NULL) {
		snprintf(why, len, "no @");
		return -1;
	}
	if (local_check(a, at, why, len) != 0 ||
	    domain_check(at + 1, why, len) != 0)
		return -1;
	return 0;
}

int
header_address_ok(const char *a)
{
	char why[80];

	return header_address_check(a, why, sizeof(why)) == 0;
}
