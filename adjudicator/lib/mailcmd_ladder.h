/*
 * A challenge on a ladder by mail (mailcmd_ladder.c): CHALLENGE NAME
 * TID, the lobby's challenge of a game of the ladder TID, and its ACCEPT.
 * formats/tournament.md, "A ladder by mail".
 */
#ifndef MAILCMD_LADDER_H
#define MAILCMD_LADDER_H

#include "club.h"
#include "error.h"

struct bot_run;
struct mailcmd_ask;

/* Whether tid names a tournament the judge holds (CHALLENGE NAME TID). */
int	mailcmd_ladder_held(const struct bot_run *, const char *tid);
/*
 * CHALLENGE NAME TID [CODE] (opts: any words after TID, refused; code
 * taken off c->args): every check, then the code, then the challenge
 * kept and offered as CHALLENGE's.  Takes and lets go the root's lock.
 */
int	mailcmd_ladder_challenge(struct mailcmd_ask *, const char *name,
	    const char *tid, const char *opts, const char *code,
	    struct error *);
/*
 * Under the lock: ladder challenge k, from member from, accepted by
 * c->me: checked again at the game's creation, its game made (from
 * white), kept, filed and written in k (the record written); what each
 * invitation says in said (to the member who accepts, then to from).
 * A refusal tells the sender (-1, EXIT_REFUSED).
 */
int	mailcmd_ladder_accept(struct mailcmd_ask *, struct club_challenge *k,
	    const struct club_member *from, char said[2][200],
	    struct error *);

#endif
