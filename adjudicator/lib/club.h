/*
 * A club's judge: what its operator set in ROOT/judge.yaml (who may start
 * games, how many invitations one sender may send in a day, the address
 * of the person who reads what the bot cannot take), what the mail bot
 * remembers of the last 24 hours in ROOT/judge.recent (the invitations
 * it counted, the refusals it answered, the mails it passed on), and the
 * decisions made from them.  Reading and deciding only: the mail bot
 * (mailbot_club.c) holds the root's lock and sends.  formats/club.md.
 */
#ifndef CLUB_H
#define CLUB_H

#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "key.h"
#include "mail.h"
#include "root.h"

#define CLUB_CONF	"judge.yaml"
#define CLUB_RECENT	"judge.recent"
#define CLUB_LOCK	"lock"
#define CLUB_CAP	20		/* the default: invitations a day */
#define CLUB_CAP_MAX	100000
#define CLUB_DAY	86400		/* what is remembered, in seconds */
#define CLUB_KEEP	10000		/* records kept of each kind, at most */
/* how far ahead of the judge's clock a record may be dated and still
 * count (a clock stepped back); past it, it is ignored */
#define CLUB_AHEAD	900
#define CLUB_DOMAIN	128
#define CLUB_MEMBERS	"members"	/* the directory */
#define CLUB_MEMBERS_MAX 10000

/* A member of the club's directory (ROOT/members, club_members.c). */
struct club_member {
	char			name[KEY_NAME_MAX + 1];
	struct key_public	key;
	char			address[MAIL_FIELD];
	int64_t			since;		/* its last change */
};

struct club_members {
	struct club_member	*m;
	size_t			 n;
	uint64_t		 left;	/* UNREGISTERs so far: a new
					 * member's code covers it */
};

/*
 * ROOT/members, strictly (absent: no member); refused: EXIT_USAGE, the
 * file and line named (the mail waits for the operator to mend it).
 * Written whole, atomically, by the caller that holds the root's lock.
 */
int	club_members_read(const char *root, struct club_members *,
	    struct error *);
int	club_members_parse(const void *text, size_t len, const char *where,
	    struct club_members *, struct error *);
int	club_members_write(const char *root, const struct club_members *,
	    struct error *);
/* The member of that name, or of that key id; NULL. */
struct club_member *club_member_named(const struct club_members *,
	    const char *name);
struct club_member *club_member_keyed(const struct club_members *,
	    const uint8_t id[KEY_ID]);
/* Room for one more member at the end, zeroed; NULL: out of memory or
 * the directory is full (CLUB_MEMBERS_MAX). */
struct club_member *club_member_add(struct club_members *);
void	club_member_remove(struct club_members *, struct club_member *);
void	club_members_free(struct club_members *);

#define CLUB_CHALLENGES	"challenges"	/* open and accepted challenges */
#define CLUB_CHALLENGES_MAX 10000
#define CLUB_CHALLENGE_ID 17		/* 16 hex digits and the NUL */
#define CLUB_CHALLENGE_DAYS 7		/* until it lapses, by default */

/*
 * A challenge of one member to another (ROOT/challenges,
 * club_challenges.c): open while game is "", accepted once the judge
 * made it game; either way kept until it lapses.  A REMATCH is one that
 * names the game it plays again, and who takes the first seat (no lot);
 * a ladder's names the tournament (mailcmd_ladder.c).
 */
struct club_challenge {
	char		id[CLUB_CHALLENGE_ID];
	char		from[KEY_NAME_MAX + 1];		/* who challenges */
	char		to[KEY_NAME_MAX + 1];		/* who is challenged */
	char		rules[32];
	char		options[MAIL_SAID];	/* "k=v k=v", or "" */
	int64_t		made, until;
	char		game[ROOT_ID];		/* "" while open */
	char		rematch[ROOT_ID];	/* the game it plays again */
	char		first[KEY_NAME_MAX + 1];	/* a rematch's first
							 * seat: from or to */
	char		ladder[KEY_NAME_MAX + 1];	/* a ladder's: its
							 * tournament id */
};

struct club_challenges {
	struct club_challenge	*c;
	size_t			 n;
};

/*
 * ROOT/challenges, strictly (absent: none), without those lapsed at now
 * (gone when it is written again); refused: EXIT_USAGE, the file and
 * line named.  Written whole, atomically, by the caller that holds the
 * root's lock.
 */
int	club_challenges_read(const char *root, int64_t now,
	    struct club_challenges *, struct error *);
/* The same of a text (len bytes; where names it in errors). */
int	club_challenges_parse(const void *text, size_t len, const char *where,
	    int64_t now, struct club_challenges *, struct error *);
int	club_challenges_write(const char *root, const struct club_challenges *,
	    struct error *);
struct club_challenge *club_challenge_id(const struct club_challenges *,
	    const char *id);
struct club_challenge *club_challenge_add(struct club_challenges *);
void	club_challenge_remove(struct club_challenges *,
	    struct club_challenge *);
void	club_challenges_free(struct club_challenges *);

#define CLUB_SEEKS	"seeks"		/* open and matched seeks */
#define CLUB_SEEKS_MAX	10000
#define CLUB_SEEKS_EACH	10		/* open seeks of one member */
#define CLUB_SEEK_DAYS	7		/* until it lapses, by default */
#define CLUB_SEEK_DAYS_MAX 30
#define CLUB_RATING_MAX	9999		/* a range's bound, at most */

/*
 * A member's seek of a game (ROOT/seeks, club_seeks.c): open while game
 * is "", matched once the judge made game of it and another's; either
 * way kept until it lapses.  range: lo-hi (abs: 1) or +-lo of the
 * seeker's own rating (abs: 0); none: lo 0, hi CLUB_RATING_MAX, abs 1.
 */
struct club_seek {
	char		id[CLUB_CHALLENGE_ID];
	char		by[KEY_NAME_MAX + 1];
	char		rules[32];
	char		options[MAIL_SAID];	/* "k=v k=v", or "" */
	int		casual;			/* rated: no */
	int		abs, lo, hi;		/* the rating range */
	int64_t		made, until;
	char		game[ROOT_ID];		/* "" while open */
};

struct club_seeks {
	struct club_seek	*s;
	size_t			 n;
};

/*
 * ROOT/seeks, strictly (absent: none), without those lapsed at now
 * (gone when it is written again); refused: EXIT_USAGE, the file and
 * line named.  Written whole, atomically, by the caller that holds the
 * root's lock.
 */
int	club_seeks_read(const char *root, int64_t now, struct club_seeks *,
	    struct error *);
/* The same of a text (len bytes; where names it in errors). */
int	club_seeks_parse(const void *text, size_t len, const char *where,
	    int64_t now, struct club_seeks *, struct error *);
int	club_seeks_write(const char *root, const struct club_seeks *,
	    struct error *);
struct club_seek *club_seek_id(const struct club_seeks *, const char *id);
struct club_seek *club_seek_add(struct club_seeks *);
void	club_seek_remove(struct club_seeks *, struct club_seek *);
void	club_seeks_free(struct club_seeks *);
/* "1400-1700", "+-200" (CLUB_RATING_MAX at most): 0, or -1 */
int	club_seek_range(const char *, struct club_seek *);
/* the range as club_seek_range reads it; "any" for none */
void	club_seek_range_text(const struct club_seek *, char *, size_t);

struct club_conf {
	char		  operator_address[MAIL_FIELD];	/* "" none */
	int		  allow;	/* an allow-list is set (maybe empty) */
	char		(*keys)[KEY_ID_HEX];
	size_t		  nkeys;
	char		(*domains)[CLUB_DOMAIN];
	size_t		  ndomains;
	unsigned	  cap;		/* per sender in a day; 0: none */
	int		  addresses;	/* MEMBERS gives the members'
					 * addresses (members: addresses) */
	char		  address[MAIL_FIELD];	/* the judge's own, for the
						 * games it makes; "" none */
	/* a member's digest unless it chose (digest.h): daily, and the
	 * hour (UTC) its digest goes (digest: daily; digest_hour: 6) */
	int		  digest;
	int		  digest_hour;
	char		  site[PATH_MAX];	/* the club's web site
						 * (site.h); "" none */
};

/* ROOT/judge.yaml, strictly; absent: the defaults (no operator, no
 * allow-list, CLUB_CAP).  Refused: EXIT_USAGE, the file and line named. */
int	club_conf_read(const char *root, struct club_conf *, struct error *);
/* The same of a text (len bytes; where names it in errors). */
int	club_conf_parse(const void *text, size_t len, const char *where,
	    struct club_conf *, struct error *);
void	club_conf_free(struct club_conf *);

enum club_verdict {
	CLUB_JOINED,	/* taken, counted */
	CLUB_REFUSED,	/* refused for what it is (root_file), counted */
	CLUB_UNLISTED,	/* not on the allow-list */
	CLUB_CAPPED	/* over the cap */
};

struct club_invitation {
	int64_t			time;
	char			game[ROOT_ID];
	char			key[KEY_ID_HEX];
	char			from[MAIL_FIELD];	/* "" none */
	enum club_verdict	verdict;
};

/* a mail passed on, or an answer given: when, and a hash in hex (of the
 * mail's id; of the answer's kind and address) */
struct club_forward {
	int64_t	time;
	char	mail[ROOT_ID];
};

struct club_recent {
	struct club_invitation	*inv;
	size_t			 ninv;
	struct club_forward	*fwd;
	size_t			 nfwd;
	struct club_forward	*ans;		/* answers to mail not taken */
	size_t			 nans;
	size_t			 future;	/* records ignored: dated
						 * after now + CLUB_AHEAD */
};

/* ROOT/judge.recent, what of it is younger than CLUB_DAY at now and not
 * dated after now + CLUB_AHEAD (those are counted in future, and
 * dropped when the record is written again). */
int	club_recent_read(const char *root, int64_t now, struct club_recent *,
	    struct error *);
/* The same of a text (len bytes; where names it in errors). */
int	club_recent_parse(const void *text, size_t len, const char *where,
	    int64_t now, struct club_recent *, struct error *);
/* Written whole, synced; the newest CLUB_KEEP of each kind. */
int	club_recent_write(const char *root, const struct club_recent *,
	    struct error *);
int	club_recent_invitation(struct club_recent *,
	    const struct club_invitation *);
int	club_recent_forward(struct club_recent *, int64_t, const char *mail);
void	club_recent_free(struct club_recent *);
/* An answer to mail the bot cannot take, given at t: its kind and
 * address hashed (to), so that a sender hears each kind once a day. */
int	club_recent_answer(struct club_recent *, int64_t t, const char *to);
/* That answer was given in the last day. */
int	club_answered(const struct club_recent *, const char *to);
/* The mail was passed on already. */
int	club_forwarded(const struct club_recent *, const char *mail);

/*
 * Whether an invitation (its header m, signed by key, mailed from from,
 * "" when no address) may be taken, by the record r of the last day:
 * CLUB_JOINED, or CLUB_UNLISTED
 * or CLUB_CAPPED with why (a clause); *quiet: that refusal was answered
 * before (the same invitation, or the same sender refused the same way
 * in the last day), and is not answered again.
 */
struct match;
enum club_verdict club_gate(const struct club_conf *,
	    const struct club_recent *, const struct match *m,
	    const char *key, const char *from, int *quiet, char *why,
	    size_t);
/* The invitation game was refused and recorded in the last day. */
int	club_refused_before(const struct club_recent *, const char *game);

/*
 * What a person must never be passed in clear: 1 and what it looks like
 * in why ("a secret key", "an opening", ...) when the text holds a seat's
 * secret as adjudicator writes it (formats/club.md).
 */
int	club_secret(const char *, size_t, char *why, size_t);

#endif
