/*
 * What mailbot.c and mailbot_tick.c share and nobody else includes: one
 * run of the bot (a mail, a tick, a ruling), one game's part of it, the
 * update mailed to a seat and the log line.
 */
#ifndef MAILBOT_INT_H
#define MAILBOT_INT_H

#include "gamedir.h"
#include "judge.h"
#include "mailbot.h"

/* The messages of one mail for one game, in the mail's order. */
struct queued {
	char		game[ROOT_ID];
	struct buf	sb;
	char		where[512];
};

struct bot_run {
	struct mailbot	*b;
	const char	*name;		/* the mail's, for what is said */
	struct queued	*q;
	size_t		 nq;
	char		 why[512];	/* the first refusal, for the sender */
	int		 refused, malformed, joined, already;
	int		 told;		/* an update carried the judge's note */
	struct error	 other;		/* a block for someone else (a quoted
					 * update): refused only if alone */
	int		 answered;	/* the sender was answered */
	int		 applied, early, duplicates;
};

struct game_run {
	struct bot_run		*r;
	struct gamedir		*g;
	const struct match	*before;	/* the judge's, before this mail */
	unsigned		 senders;	/* seats whose mail this is */
	const struct judge_run	*j;
};
/* judge_emit_fn: the update as a mail to its seat, with its summary. */
int	mailbot_emit(void *, int seat, const struct buf *armored, size_t n,
	    int note, size_t resent, struct error *);
/* The run's line in ROOT/log. */
void	mailbot_log(struct bot_run *, int status);

#endif
