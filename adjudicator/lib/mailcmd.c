/*
 * The table of the mail bot's commands, and HELP's list of them: see
 * mailcmd.h.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "mail.h"
#include "mailcmd.h"

/* In the order the bot asks: STANDINGS (the Subject alone) before HELP,
 * HELP before the others. */
static const struct mailcmd *const table[] = {
	&mailcmd_standings,
	&mailcmd_help,
	&mailcmd_list,
	&mailcmd_tour_watch,	/* WATCH TID: a word, a game's id is hex */
	&mailcmd_watch,
	&mailcmd_unwatch,
	&mailcmd_register,
	&mailcmd_unregister,
	&mailcmd_members,
	&mailcmd_challenge,
	&mailcmd_tournament,
	&mailcmd_tour_accept,	/* ACCEPT TID: before ACCEPT CODE */
	&mailcmd_tour_withdraw,
	&mailcmd_accept,
	&mailcmd_decline,
	&mailcmd_rematch,
	&mailcmd_digest,
	&mailcmd_seek,
	&mailcmd_seeks,
	&mailcmd_unseek,
};

#define NTABLE	(sizeof(table) / sizeof(table[0]))

const struct mailcmd *
mailcmd_find(const struct mail_in *in)
{
	size_t i;

	for (i = 0; i < NTABLE; i++)
		if (table[i]->asked(in))
			return table[i];
	return NULL;
}

int
mailcmd_says(const struct mail_in *in, unsigned flags)
{
	size_t i;

	for (i = 0; i < NTABLE; i++)
		if ((table[i]->flags & flags) != 0 && table[i]->asked(in))
			return 1;
	return 0;
}

int
mailcmd_said(const struct mail_in *in, const char *name, char *args,
    size_t len)
{
	size_t n = strlen(name);
	const char *s;
	int i;

	for (i = 0; i < in->nsaid; i++) {
		s = in->said[i];
		if (strncasecmp(s, name, n) != 0 || (s[n] != '\0' &&
		    s[n] != ' ' && s[n] != '\t'))
			continue;
		for (s += n; *s == ' ' || *s == '\t'; s++)
			;
		snprintf(args, len, "%s", s);
		return 1;
	}
	return 0;
}

/* The names of the commands with flag, "A, B and C", or 0 if none. */
static int
names(unsigned flag, struct buf *out)
{
	size_t i, n = 0, k = 0;

	for (i = 0; i < NTABLE; i++)
		n += (table[i]->flags & flag) != 0;
	for (i = 0; i < NTABLE; i++)
		if ((table[i]->flags & flag) != 0)
			buf_printf(out, "%s%s", k++ == 0 ? "" : k == n ?
			    " and " : ", ", table[i]->name);
	return n > 0 && buf_cstr(out) == 0;
}

void
mailcmd_usage(struct buf *out)
{
	struct buf say, some;
	size_t i;

	buf_init(&say);
	buf_init(&some);
	buf_adds(&say, "Commands: a mail whose Subject, or first line, says "
	    "one of these");
	if (names(MAILCMD_SUBJECT, &some))
		buf_printf(&say, " (%s: the Subject alone)", some.data);
	if (buf_adds(&say, ":") == 0 && buf_cstr(&say) == 0)
		buf_wrap(out, (char *)say.data);
	for (i = 0; i < NTABLE; i++)
		buf_printf(out, "  %-21s %s\n", table[i]->usage,
		    table[i]->help);
	say.len = some.len = 0;
	if (names(MAILCMD_CODE, &some)) {
		buf_printf(&say, "%s: mailed without CODE, %s answered with "
		    "the line to send back, its code made for your address "
		    "alone.", some.data, strchr((char *)some.data, ' ') ?
		    "each is" : "it is");
		if (buf_cstr(&say) == 0)
			buf_wrap(out, (char *)say.data);
	}
	say.len = some.len = 0;
	if (names(MAILCMD_SIGNED, &some)) {
		buf_printf(&say, "%s: the mail carries a message your key "
		    "signed, sealed to the judge (adjudicator seal; "
		    "formats/club.md).", some.data);
		if (buf_cstr(&say) == 0)
			buf_wrap(out, (char *)say.data);
	}
	say.len = some.len = 0;
	if (names(MAILCMD_RECORD, &some)) {
		buf_printf(&say, "%s: the mail carries the tournament's "
		    "record, signed (adjudicator tournament; "
		    "formats/tournament.md).", some.data);
		if (buf_cstr(&say) == 0)
			buf_wrap(out, (char *)say.data);
	}
	buf_free(&say);
	buf_free(&some);
}
