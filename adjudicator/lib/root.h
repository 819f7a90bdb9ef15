/*
 * A root: many games, each a game directory ROOT/GAMEID named by the full
 * game id (a player's games, or a judge's).  Joining files an invitation
 * there; a mixed mailbox is routed message by message to its game by the
 * game id inside the signed entry; the games are listed with whose turn
 * it is.  The keys are the games' own (each game directory names its key
 * file), loaded once each through the program's key loader.
 */
#ifndef ROOT_H
#define ROOT_H

#include <limits.h>
#include <stdint.h>
#include <stdio.h>

#include "buf.h"
#include "envelope.h"
#include "error.h"
#include "key.h"
#include "transcript.h"

#define ROOT_ID		(2 * SEC_HASH + 1)	/* a game id in hex */
#define ROOT_MAX_KEYS	8

/* A whole game id: 64 lowercase hex digits. */
int	root_is_id(const char *);
/* ROOT/GAMEID */
int	root_dir(const char *root, const char *game, char *, size_t,
	    struct error *);
/* The game an opened message belongs to: the header's hash (*header
 * set), else the game named inside the signed body. */
int	root_game_of(const struct envelope *, char game[ROOT_ID], int *header,
	    const char *where, struct error *);
/* The same, of the body already parsed (doc). */
struct ydoc;
int	root_game_in(const struct ydoc *doc, const struct envelope *,
	    char game[ROOT_ID], int *header, const char *where,
	    struct error *);

/*
 * Files the invitation sb (a signed header, opened) under ROOT/GAMEID for
 * the key's seat, the key file keypath remembered there.  *already: the
 * game was there (nothing done).  As the judge (judge_only), the key must
 * be the game's judge and every seat must have an address (the judge
 * mails each seat).
 */
int	root_file(const char *root, const uint8_t *sb, size_t,
	    const char *keypath, const struct key_public *, int judge_only,
	    char game[ROOT_ID], int *already, const char *where,
	    struct error *);
/*
 * join -r: every invitation for this key in a mailbox (an mbox, a mail, a
 * file of messages), read mail by mail, each filed as root_file files
 * it and said on a line ("joined game ID in ROOT/GAMEID", "already
 * joined: ..."); an invitation refused is said on a line and the others
 * go on.  A message that cannot be opened with the key (another's
 * invitation, a game's message) is passed over; when nothing at all was
 * filed, why the first could not be opened is the error.
 */
struct root_joining {
	const char		*root;
	const char		*keypath;
	const struct key_secret	*k;
	const char		*name;		/* the input's */
	const struct report	*report;
	/* each peer game joined anew, once what came with it is taken:
	 * its directory (its setup will live there alone); may be NULL */
	void			(*peer)(void *, const char *dir);
	void			*peer_arg;
	int			 filed;		/* joined, or joined before */
	int			 refused, malformed;
	struct error		 first;		/* a message not opened */
	struct error		 nothing;	/* a mail without armor */
};
int	root_join(struct root_joining *, FILE *, struct error *);

/* Every game of the root, in the order of their ids. */
typedef int root_each_fn(void *, const char *dir, const char *game,
    struct error *);
int	root_each(const char *root, root_each_fn *, void *, struct error *);

/*
 * A game by the first digits of its id, as a person types them (at least
 * ROOT_MIN_PREFIX; games -r prints ROOT_SHORT): root_find gives
 * ROOT/GAMEID of the one game of root whose id starts so, and says so
 * when none or several do.  root_resolve takes a path: a game directory
 * as it is, ROOT/PREFIX as root_find finds it, anything else as it is.
 * root_short is the other way: ROOT/ and the first ROOT_SHORT digits when
 * no other game of ROOT starts with them, else dir as it is.  root.c has
 * root_is_game (a whole game directory: its seat file is there), the
 * rest is root_id.c.
 */
#define ROOT_MIN_PREFIX	4
#define ROOT_SHORT	16
int	root_is_game(const char *dir);
int	root_holds_games(const char *dir);
int	root_find(const char *root, const char *id, char *, size_t,
	    struct error *);
int	root_resolve(const char *dir, char *, size_t, struct error *);
void	root_short(const char *dir, char *, size_t);
/* The game as a seat that plays by mail names its copy in the commands
 * the judge mails it: it filed the game with join -r ROOT, so
 * "ROOT/" and the first ROOT_SHORT digits of the id; NULL for a seat that
 * does not play by mail (its own GAMEDIR). */
struct match;
const char *root_seat_dir(const struct match *, int seat, char *, size_t);

/*
 * games -r: one line per game: those where this copy writes next, then
 * those that wait on others, then those over; in the first two the
 * running clocks, soonest deadline first (the late first of all), then
 * the games without one; then the order of the game ids.
 */
int	root_games(const char *root, struct buf *, struct error *);
/* The same as anyone may read it (the mail bot's LIST): no copy's own
 * marks, so no game is this copy's to move: those under way, then those
 * over, in the same order; a game that cannot be read is left out. */
int	root_games_public(const char *root, struct buf *, struct error *);
/*
 * What games -r and LIST say of one game, for others to say it alike
 * (the club's site): who writes next, and what, as seat me reads it (-1:
 * anyone; sent: its entry is with the judge), "alice's turn"; whose clock
 * runs at now, its deadline and the end of its grace: 1 when a clock
 * runs (the game not over, the clocks not paused).
 */
void	root_next_words(const struct match *, int me, int sent, char *,
	    size_t);
int	root_running(const struct match *, int64_t now, int *seat,
	    int64_t *deadline, int64_t *hard);
/*
 * calendar: each game of the root where this copy's seat is to move and
 * its clock runs (not paused; a judged seat's entry not already with the
 * judge), in the order of the game ids, handed to fn with its deadline
 * and hard, the end of its grace (the deadline when there is none).  A
 * game that cannot be read is counted in *unreadable and passed over.
 */
struct root_due {
	const struct match	*m;
	const char		*dir;	/* ROOT/GAMEID */
	int			 me;
	int64_t			 deadline, hard;
};
typedef int root_due_fn(void *, const struct root_due *, struct error *);
int	root_due(const char *root, root_due_fn *, void *, int *unreadable,
	    struct error *);
/*
 * A member's games in the judge's own copies (the digest, issue 34):
 * pick gives the member's seat in m, or -1 when it holds none, and sets
 * *news when the game is listed even if it is not the member's move.
 * root_games_member lists what the public may know of them, the
 * member's moves first (soonest deadline first) under a heading, then
 * the others under theirs; an unreadable game is left out.
 * root_due_member is root_due for the member's seat.
 */
typedef int root_seat_fn(void *, const struct match *m, int *news);
int	root_games_member(const char *root, root_seat_fn *, void *,
	    struct buf *, struct error *);
int	root_due_member(const char *root, root_seat_fn *, void *,
	    root_due_fn *, void *, int *unreadable, struct error *);

/*
 * receive -r: the messages of inputs (an mbox, mail files, several
 * mails), each taken by its game.  Each input is read as a stream, mail
 * by mail (mime.h); a mail larger than MIME_MAIL_MAX is said on one line
 * and skipped.  A message of a game not in the root is said on one line
 * and skipped; one refused is said and counted, and the others go on; a
 * system error stops.  views gets the view of each game that took
 * something.
 */
struct root_receive {
	const char		*root;
	key_load_fn		*load;
	void			*load_arg;
	const struct report	*report;
	int			 refused;	/* some message refused (1) */
	int			 malformed;	/* some input malformed (3) */
	int			 messages;	/* messages found */
	char			(*changed)[ROOT_ID];	/* games that took some */
	size_t			 nchanged;
	char			*keypath[ROOT_MAX_KEYS];
	struct key_secret	*key[ROOT_MAX_KEYS];
	size_t			 nkeys;
	/* when the mail now read reached this system (mail_in) */
	int64_t			 received;
};

int	root_receive_begin(struct root_receive *, const char *root,
	    key_load_fn *, void *, const struct report *, struct error *);
/* Every key of the root loaded (asked for) at once: an error (no
 * passphrase: EXIT_USAGE) before any mail is read. */
int	root_receive_keys(struct root_receive *, struct error *);
int	root_receive(struct root_receive *, FILE *, const char *name,
	    struct error *);
/* The view of every game that took something, in turn. */
int	root_receive_views(const struct root_receive *, struct buf *,
	    struct error *);
void	root_receive_end(struct root_receive *);

#endif
