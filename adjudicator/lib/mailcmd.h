/*
 * The mail bot's commands (judge -r ROOT): a mail whose Subject (after
 * any "Re:"), or the first line of its body, says one, with no armored
 * message (or with the one signed message a MAILCMD_SIGNED command
 * takes).  Each command describes itself as a const struct mailcmd in
 * its own file (mailcmd_NAME.c: HELP, LIST, STANDINGS, WATCH and
 * UNWATCH, REGISTER and UNREGISTER, MEMBERS, CHALLENGE, ACCEPT and
 * DECLINE, REMATCH, DIGEST, SEEK, SEEKS, UNSEEK, TOURNAMENT, ACCEPT
 * TID, WATCH TID and WITHDRAW TID) and is listed once in the
 * table of mailcmd.c, in the order the bot asks: the first command a
 * mail says is the one that runs.  HELP's list of commands is the
 * table's: a command added to it is in HELP.  The bot's core (mailbot.c)
 * only finds the command and calls it; how to add one: HACKING.md.
 */
#ifndef MAILCMD_H
#define MAILCMD_H

#include "buf.h"
#include "error.h"

struct bot_run;
struct mail_in;

/* What a command needs, for the bot and for HELP. */
#define MAILCMD_GAMES	0x1	/* reads the root's games: a drained run's
				 * group commit first (a game directory is
				 * locked while the run holds it open) */
#define MAILCMD_CODE	0x2	/* confirmed by a code the judge mails to
				 * the sender's address alone */
#define MAILCMD_SUBJECT	0x4	/* said in the Subject alone */
#define MAILCMD_SIGNED	0x8	/* carried by a signed message, in the mail
				 * with it: the command reads the mail's
				 * armor itself (never routed to a game) */
#define MAILCMD_RECORD	0x10	/* carried by a tournament's signed record
				 * (tour.h), armored in the mail: the
				 * command reads it itself */

struct mailcmd {
	const char	*name;		/* "WATCH" */
	const char	*usage;		/* "WATCH GAMEID [CODE]", as HELP
					 * shows it: at most 21 characters */
	const char	*help;		/* one line for HELP: at most 55 */
	unsigned	 flags;		/* MAILCMD_* */
	/* whether the mail says it (mail.h: what mail_read found) */
	int		(*asked)(const struct mail_in *);
	/* the answer to the sender, the run's verdict set (mailbot.h);
	 * 0, or -1 with e: EXIT_REFUSED, EXIT_MALFORMED (the sender told),
	 * EXIT_SYSTEM (the mail to be given again) */
	int		(*run)(struct bot_run *, struct error *);
};

extern const struct mailcmd mailcmd_help, mailcmd_list, mailcmd_standings,
    mailcmd_watch, mailcmd_unwatch, mailcmd_register, mailcmd_unregister,
    mailcmd_members, mailcmd_challenge, mailcmd_accept, mailcmd_decline,
    mailcmd_rematch;
extern const struct mailcmd mailcmd_digest;	/* DIGEST: issue 34 */
extern const struct mailcmd mailcmd_seek, mailcmd_seeks, mailcmd_unseek;
extern const struct mailcmd mailcmd_tournament, mailcmd_tour_accept,
    mailcmd_tour_watch, mailcmd_tour_withdraw;

/* The command the mail says (the first in the table's order), or NULL. */
const struct mailcmd *mailcmd_find(const struct mail_in *);
/* Whether any command the mail says has one of flags. */
int	mailcmd_says(const struct mail_in *, unsigned flags);
/* Whether the Subject, else the first line, is the word name (any case)
 * then blanks and what follows: 1, that in args (len bytes, "" when
 * nothing follows); 0. */
int	mailcmd_said(const struct mail_in *, const char *name, char *args,
	    size_t len);
/* HELP's list of the commands, from the table. */
void	mailcmd_usage(struct buf *);

#endif
