/*
 * Standings: ratings and reliability that anyone recomputes, byte for
 * byte, from the verified archives of finished games.
 *
 * Each archive goes through verify's own code (archive_verify); what a
 * verified game says (its seats and their keys, how it ended, its result,
 * when) is read from the final match in one place, standings_game_of.
 * The games are put in order by time, then game id, so the same archives
 * in any order give the same bytes; one game given twice (two seats'
 * exports) counts once.  Then one table over every game and one per
 * game: Elo or Glicko-2 by rating periods (rating.c), each result rated
 * against the opponents' ratings at the period's start, and beside the
 * rating, apart from it, how reliably each player finishes and moves.
 * adjudicator-ratings(7) states every rule; standings_out.c writes the
 * tables.
 */
#ifndef STANDINGS_H
#define STANDINGS_H

#include <stdint.h>
#include <stdio.h>

#include "buf.h"
#include "error.h"
#include "key.h"
#include "match.h"
#include "rating.h"

struct report;

enum standings_system {
	STANDINGS_ELO,
	STANDINGS_GLICKO2
};

enum standings_format {
	STANDINGS_TEXT,
	STANDINGS_YAML,
	STANDINGS_HTML
};

/* A rating period: n days (counted from 1970-01-01), weeks (from Monday
 * 1970-01-05), months or years (from January of the year 0: n months
 * that do not divide 12 run across years); adjudicator-ratings(7). */
struct standings_period {
	char		unit;	/* 'd', 'w', 'm' or 'y' */
	unsigned	n;
};

struct standings_opts {
	enum standings_system	system;
	struct standings_period	period;
	enum standings_format	format;
};

/* "3m" (the default: a quarter), "2m" (IECG's), "1w", "1y", "10d". */
int	standings_period_parse(const char *, struct standings_period *,
	    struct error *);

#define STANDINGS_WON	2	/* a pair's score, in halves */
#define STANDINGS_DRAWN	1
#define STANDINGS_LOST	0
#define STANDINGS_APART	(-1)	/* the same side, or no seat */
#define STANDINGS_NONE	(-2)	/* a seat's outcome in a game not rated */

/*
 * A seat, answered for at the end by its holder then (the header's key,
 * or the last a seat entry gave it): that key takes the result, and the
 * player is named by the key's own name, never by the seat's.
 */
struct standings_seat {
	char		name[KEY_NAME_MAX + 1];		/* the seat's */
	char		player[KEY_NAME_MAX + 1];	/* its key's own */
	char		key[KEY_ID_HEX];
	int		outcome;	/* the game's, for this seat: WON (alone
					 * first), DRAWN (first with others),
					 * LOST; NONE when it is not rated */
	int		timed_out;
	uint32_t	late;		/* the final holder's own late moves */
};

/* A key that held a seat before its final holder (a seat's own new key,
 * the operator's handover): no result, but its own late moves. */
struct standings_holder {
	int		seat;
	char		player[KEY_NAME_MAX + 1];	/* the key's own name */
	char		key[KEY_ID_HEX];
	uint32_t	late;
};

struct standings_game {
	char		rules[32];
	char		id[2 * SEC_HASH + 1];
	uint8_t		last[SEC_HASH];	/* the final entry's hash */
	uint64_t	entries;
	int64_t		when;		/* seconds since 1970-01-01 UTC */
	int64_t		created;	/* the header's creation time */
	enum match_how	how;
	int		rated;
	int		nseats;
	struct standings_seat seat[GAME_MAX_SEATS];
	int		nearlier;
	struct standings_holder earlier[MATCH_MAX_HOLDERS];
	/* seat i's score against seat j: WON, DRAWN, LOST or APART */
	signed char	pair[GAME_MAX_SEATS][GAME_MAX_SEATS];
	struct match_event event;	/* the tournament its header names */
	char		terms[MATCH_TERMS];	/* its options and clock */
	char		from[200];	/* the archive it was read from */
	int		dropped;	/* another archive of it ends otherwise */
	/* how it ended, for a tournament's round deadline (tour_deadline.c):
	 * the words of its end, the last entry's signed time, and the
	 * clocks as the entries before the last left them */
	char		why[200];
	int64_t		ended;
	struct clock_spec clock;
	struct clock_state before;
	int		left;		/* 0, or why the club leaves it out:
					 * STANDINGS_LEFT_JUDGE, _MEMBERS */
};

/*
 * What a club vouches for (standings -j, -m; standings_club.c): anyone can
 * make keys, play against them and resign, so a ladder of every verified
 * game can be farmed with sock puppets.  With judges listed, only the
 * games one of them judged count; with members listed, only the games
 * whose every seat was held, from the start to the end, by a member's
 * key.  The others are left out, counted and said.
 */
struct standings_club {
	struct key_public	*judge;
	size_t			 njudges;
	struct key_public	*member;	/* in by_key's order */
	size_t			 nmembers;
	int			 members_given;
};

void	standings_club_init(struct standings_club *);
void	standings_club_free(struct standings_club *);
/* -j: one judge's public key file, or a club's judge in root's contacts
 * (contacts_key) */
int	standings_club_judge(struct standings_club *, const char *root,
	    const char *arg, struct error *);
/* -m: a members file, one public key line each; blank lines and lines
 * starting with # are passed over */
int	standings_club_members(struct standings_club *, const char *path,
	    struct error *);
/* 1 when judge (NULL: a peer game) is listed */
int	standings_club_judged(const struct standings_club *,
	    const struct key_public *judge);
int	standings_club_member(const struct standings_club *,
	    const struct key_public *);

/* why a game is left out (standings_game.left) */
#define STANDINGS_LEFT_JUDGE	1	/* no listed judge judged it */
#define STANDINGS_LEFT_MEMBERS	2	/* a seat held by a key not listed */

struct standings {
	struct standings_game	*g;
	size_t			 n, cap;
	unsigned		 archives, refused;
	int			 status;	/* the worst refusal's */
	const struct report	*report;	/* says each refusal */
	const struct standings_club *club;	/* NULL: every game counts */
	unsigned		 left_judge, left_members;	/* games left
							 * out, and why */
};

/*
 * One game in two archives a and b (verified, from their paths) that end
 * otherwise (standings_fork.c): 1 and *out, the game as it counts, when
 * one key signed both entries where they part (it equivocated: the
 * branch the other keys signed after it, else a loss for that key and
 * for nobody else), the line said through the report; 0 when it is no
 * such proof (two signers, the judge, an archive unread): not counted.
 */
int	standings_fork(struct standings *, struct standings_game *a,
	    const struct standings_game *b, struct standings_game *out);

void	standings_init(struct standings *, const struct report *);
void	standings_free(struct standings *);

/*
 * Verifies one archive and takes its game.  0: taken, or refused (said
 * on one line through the report, counted, status kept); -1: a system
 * error, which stops everything.
 */
int	standings_add(struct standings *, FILE *, const char *name,
	    int threads, struct error *);
/* The same for files, verified on threads threads at once, each one's
 * verdict taken in the order of paths. */
int	standings_add_files(struct standings *, const char *const *paths,
	    size_t, int threads, struct error *);
/* The judge's: every closed game of a root, exported as export would and
 * verified as above. */
int	standings_add_root(struct standings *, const char *root, int threads,
	    struct error *);
/* The same for one game of a root, by its directory. */
int	standings_add_dir(struct standings *, const char *dir, int threads,
	    struct error *);
/* What a verified game says (the one place that reads it), and taking
 * it; name: where it came from. */
int	standings_game_of(const struct match *, struct standings_game *,
	    struct error *);
int	standings_take(struct standings *, const struct standings_game *,
	    const char *name, struct error *);
/* Each seat of g (nseats set) against each seat of another side, by
 * the final order: a winner first, then, with more than two sides, the
 * higher score.  Fills pair[][] and each seat's outcome. */
void	standings_pairs(const struct game_result *, struct standings_game *);
/* How each ending is rated (one table): its name; *rated set. */
const char *standings_ending(enum match_how, int *rated);

/* --- the tables --- */

struct standings_player {
	char		 name[KEY_NAME_MAX + 1];	/* its key's own, as its
							 * latest game gives it */
	char		 key[KEY_ID_HEX];
	double		 elo;
	struct rating_glicko gl;
	uint32_t	 games, won, drawn, lost;	/* rated */
	uint32_t	 finished, timeouts;		/* every game it held
							 * a seat of at the end */
	uint64_t	 late;
	int64_t		 last_period;	/* its last rated period */
	int		 rated_yet;
};

struct standings_table {
	char			 rules[32];	/* "" for every game */
	struct standings_player	*p;
	size_t			 n;
	uint32_t		 games, rated;
};

struct standings_result {
	const struct standings_opts *opts;
	const struct standings_club *club;	/* NULL: every game counted */
	unsigned		 archives, refused;
	unsigned		 left_judge, left_members;
	uint32_t		 games, rated;
	int64_t			 first, last;	/* periods, when rated > 0 */
	struct standings_table	*t;		/* every game first */
	size_t			 nt;
};

/* Orders and rates the games taken (a game whose archives disagree is
 * said through the report and dropped). */
int	standings_compute(struct standings *, const struct standings_opts *,
	    struct standings_result *, struct error *);
void	standings_result_free(struct standings_result *);
/* standings_out.c */
int	standings_write(const struct standings *,
	    const struct standings_result *, struct buf *, struct error *);

/* The period an instant falls in, and its first day as YYYY-MM-DD. */
int64_t	standings_period_of(const struct standings_period *, int64_t when);
void	standings_period_start(const struct standings_period *, int64_t,
	    char *, size_t);
/* "YYYY-MM-DDTHH:MM:SSZ" to seconds since 1970 and back. */
int	standings_time_parse(const char *, int64_t *);
void	standings_time_format(int64_t, char *, size_t);

#endif
