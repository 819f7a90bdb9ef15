/*
 * Times and durations.  See when.h.  The calendar is computed here
 * (days from a civil date and back, Howard Hinnant's algorithms), not by
 * the C library, so that every machine turns a time into the same text.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "num.h"
#include "when.h"

#define DAY	86400

static int64_t
days_from_civil(int64_t y, int m, int d)
{
	int64_t era, yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

static void
civil_from_days(int64_t z, int64_t *y, int *m, int *d)
{
	int64_t era, doe, yoe, doy, mp;

	z += 719468;
	era = (z >= 0 ? z : z - 146096) / 146097;
	doe = z - era * 146097;
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	*y = yoe + era * 400;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	*d = (int)(doy - (153 * mp + 2) / 5 + 1);
	*m = (int)(mp < 10 ? mp + 3 : mp - 9);
	*y += *m <= 2;
}

static int
days_in_month(int64_t y, int m)
{
	static const int n[] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30,
	    31 };

	if (m == 2 && ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0))
		return 29;
	return n[m - 1];
}

/* Exactly n digits at s, their value in *v. */
static int
digits(const char *s, int n, int *v)
{
	int i;

	for (*v = 0, i = 0; i < n; i++) {
		if (!isdigit((unsigned char)s[i]))
			return -1;
		*v = *v * 10 + (s[i] - '0');
	}
	return 0;
}

static int
civil_ok(int y, int mo, int d, int h, int mi, int s)
{
	return y >= 1970 && y <= 9999 && mo >= 1 && mo <= 12 && d >= 1 &&
	    d <= days_in_month(y, mo) && h <= 23 && mi <= 59 && s <= 59;
}

int
when_parse(const char *s, int64_t *t)
{
	int y, mo, d, h, mi, se;

	if (strlen(s) != 20 || s[4] != '-' || s[7] != '-' || s[10] != 'T' ||
	    s[13] != ':' || s[16] != ':' || s[19] != 'Z' ||
	    digits(s, 4, &y) != 0 || digits(s + 5, 2, &mo) != 0 ||
	    digits(s + 8, 2, &d) != 0 || digits(s + 11, 2, &h) != 0 ||
	    digits(s + 14, 2, &mi) != 0 || digits(s + 17, 2, &se) != 0 ||
	    !civil_ok(y, mo, d, h, mi, se))
		return -1;
	*t = days_from_civil(y, mo, d) * DAY + h * 3600 + mi * 60 + se;
	return 0;
}

void
when_format(int64_t t, char *out, size_t len)
{
	int64_t y, days = t / DAY, secs = t % DAY;
	int m, d;

	if (secs < 0) {
		secs += DAY;
		days--;
	}
	civil_from_days(days, &y, &m, &d);
	snprintf(out, len, "%04lld-%02d-%02dT%02d:%02d:%02dZ", (long long)y, m,
	    d, (int)(secs / 3600), (int)(secs / 60 % 60), (int)(secs % 60));
}

int64_t
when_now(void)
{
	const char *env = getenv("ADJUDICATOR_NOW");
	int64_t t;
	uint64_t v;

	if (env != NULL && when_parse(env, &t) == 0)
		return t;
	/* seconds: digits alone, and a time a signed entry can say
	 * (9999-12-31T23:59:59Z at the latest); anything else is ignored
	 * alike by every verb */
	if (env != NULL && num_parse_str(env, WHEN_LAST, &v) == 0)
		return (int64_t)v;
	return (int64_t)time(NULL);
}

/* A number without leading zeros, then the unit: how many seconds. */
static int
part(const char **s, char unit, int64_t each, int64_t *out)
{
	const char *p = *s;
	int64_t v = 0;

	if (!isdigit((unsigned char)*p) || (*p == '0' && isdigit((unsigned
	    char)p[1])))
		return 0;
	for (; isdigit((unsigned char)*p); p++) {
		v = v * 10 + (*p - '0');
		if (v > 100000)
			return -1;
	}
	if (*p != unit)
		return 0;
	*out += v * each;
	*s = p + 1;
	return 1;
}

int
when_duration(const char *s, int64_t *secs)
{
	int dd, hh;

	*secs = 0;
	if ((dd = part(&s, 'd', DAY, secs)) < 0 ||
	    (hh = part(&s, 'h', 3600, secs)) < 0)
		return -1;
	return (dd || hh) && *s == '\0' ? 0 : -1;
}

void
when_duration_format(int64_t secs, char *out, size_t len)
{
	int64_t d = secs / DAY, h = secs % DAY / 3600;

	if (d > 0 && h > 0)
		snprintf(out, len, "%lldd%lldh", (long long)d, (long long)h);
	else if (d > 0)
		snprintf(out, len, "%lldd", (long long)d);
	else
		snprintf(out, len, "%lldh", (long long)h);
}

/* "N unit" or "N units", after a blank when at is not 0. */
static size_t
unit(char *out, size_t len, size_t at, int64_t n, const char *name)
{
	int k = snprintf(out + at, at < len ? len - at : 0, "%s%lld %s%s",
	    at > 0 && out[at - 1] != '-' ? " " : "", (long long)n, name,
	    n == 1 ? "" : "s");

	return at + (k > 0 ? (size_t)k : 0);
}

void
when_span(int64_t secs, char *out, size_t len)
{
	int64_t d, h, m;
	size_t at = 0;

	if (len == 0)
		return;
	out[0] = '\0';
	if (secs < 0) {
		secs = -secs;
		at = (size_t)snprintf(out, len, "-");
	}
	d = secs / DAY;
	h = secs % DAY / 3600;
	m = secs % 3600 / 60;
	if (d > 0)
		at = unit(out, len, at, d, "day");
	if (h > 0)
		at = unit(out, len, at, h, "hour");
	if (d == 0 && (m > 0 || h == 0))
		at = unit(out, len, at, m, "minute");
}

/* RFC 5322 date-time, the obsolete zones too; folding whitespace and a
 * trailing comment allowed. */
int
when_mail_date(const char *s, int64_t *t)
{
	static const char *const mon[] = { "jan", "feb", "mar", "apr", "may",
	    "jun", "jul", "aug", "sep", "oct", "nov", "dec" };
	char name[8], zone[8];
	int d, y, h, mi, se = 0, mo, n = 0, off = 0;
	const char *p = s;

	while (isspace((unsigned char)*p))
		p++;
	if (isalpha((unsigned char)*p)) {
		while (isalpha((unsigned char)*p))
			p++;
		if (*p++ != ',')
			return -1;
	}
	if (sscanf(p, " %d %7s %d %d:%d%n", &d, name, &y, &h, &mi, &n) != 5)
		return -1;
	p += n;
	if (*p == ':' && sscanf(p, ":%d%n", &se, &n) == 1)
		p += n;
	for (mo = 0; mo < 12 && strncasecmp(name, mon[mo], 3) != 0; mo++)
		;
	if (mo == 12 || strlen(name) != 3)
		return -1;
	mo++;
	if (y < 100)
		y += y < 50 ? 2000 : 1900;
	if (sscanf(p, " %7s", zone) != 1)
		return -1;
	if ((zone[0] == '+' || zone[0] == '-') && strlen(zone) == 5 &&
	    strspn(zone + 1, "0123456789") == 4) {
		off = ((zone[1] - '0') * 10 + zone[2] - '0') * 3600 +
		    ((zone[3] - '0') * 10 + zone[4] - '0') * 60;
		if (zone[0] == '-')
			off = -off;
	} else if (strcasecmp(zone, "GMT") != 0 && strcasecmp(zone, "UT") != 0 &&
	    strcasecmp(zone, "Z") != 0)
		return -1;
	if (!civil_ok(y, mo, d, h, mi, se))
		return -1;
	*t = days_from_civil(y, mo, d) * DAY + h * 3600 + mi * 60 + se - off;
	return 0;
}
