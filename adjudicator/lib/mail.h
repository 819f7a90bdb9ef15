/*
 * Mail as the mail bot and `turn -M` need it: what the few headers of a
 * mail that arrives say (who to answer, what it answers, whether it is
 * automatic), as the mail reader (mime.h) gives them, and whole mails
 * composed for `sendmail -t` (From, To, the Subject convention,
 * In-Reply-To, a plain-text part above the armored messages).  Nothing is
 * sent here.
 */
#ifndef MAIL_H
#define MAIL_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "error.h"
#include "game.h"

#define MAIL_FIELD	256
#define MAIL_WATCH_CODE	16	/* hex digits of the code WATCH confirms */
#define MAIL_SAID	128	/* a command's line, at most, with its NUL */

struct match;

/* What a mail that arrives says about itself. */
struct mail_in {
	char	from[MAIL_FIELD];	/* where an answer goes (Reply-To,
					 * else From): an address, or "" */
	char	refused[MAIL_FIELD];	/* why that header gives none to
					 * answer: "From: ADDRESS (why)",
					 * the address escaped (error_quote),
					 * or "" */
	char	message_id[MAIL_FIELD];	/* "<...>", or "" */
	char	subject[MAIL_FIELD];
	int	automatic;	/* a bounce, Auto-Submitted, a list's or
				 * bulk mail: never answered */
	int	help;		/* the Subject, or the body's first line,
				 * is HELP */
	int	list;		/* ... is LIST */
	int	watch;		/* ... is WATCH GAMEID [CODE] (1) or
				 * UNWATCH GAMEID (-1) */
	char	watch_game[65];	/* GAMEID, hex digits */
	char	watch_code[MAIL_WATCH_CODE + 1];	/* CODE, or "" */
	/* what the Subject (after any "Re:") and the body's first line
	 * say, each trimmed, in that order, as the mail commands read
	 * them (mailcmd.h); a line too long for it is not kept */
	char	said[2][MAIL_SAID];
	int	nsaid;
	int64_t	received;	/* the date of the first Received header:
				 * when this system's mail server took it;
				 * 0 when none reads as a date */
};

void	mail_read(const char *, size_t, struct mail_in *);

/* The Subject every mail of a game carries: "[adjudicator] incognito
 * 372687994ae13b0a: entry 5" and what follows (tail, may be ""). */
void	mail_subject(const struct match *, uint64_t seq, const char *tail,
	    char *, size_t);

/* A mail to compose: every field but to[] may be NULL. */
struct mail_head {
	const char	*from;
	const char	*to[GAME_MAX_SEATS + 1];
	int		 nto;
	const char	*subject;
	const char	*in_reply_to;
	const char	*reply_to;
	const char	*game;		/* the full game id */
	int		 automatic;	/* the mail bot's: Auto-Submitted */
	int		 forward;	/* ... a mail passed on to its
					 * operator: auto-generated, not
					 * auto-replied */
};

/* The headers, a blank line, then body (text: UTF-8 lines). */
int	mail_compose(const struct mail_head *, const char *body, size_t,
	    struct buf *, struct error *);
/* An attachment (a digest's calendar): its type, its file name, its
 * bytes, sent in base64. */
struct mail_part {
	const char	*type;		/* "text/calendar; charset=utf-8" */
	const char	*name;		/* "deadlines.ics" */
	const uint8_t	*data;
	size_t		 len;
};
/* The same as mail_compose with the part attached: multipart/mixed. */
int	mail_compose_with(const struct mail_head *, const char *body, size_t,
	    const struct mail_part *, struct buf *, struct error *);

/*
 * `turn -M`: the armored message(s) seat me sends with entry seq, as a
 * whole mail from its address to every other seat's (or, in a judged
 * game, to the judge's).  mail_message_check says first whether the
 * header gives the addresses it needs.
 */
int	mail_message_check(const struct match *, int me, struct error *);
int	mail_message(const struct match *, int me, uint64_t seq,
	    const struct buf *armored, struct buf *, struct error *);

#endif
