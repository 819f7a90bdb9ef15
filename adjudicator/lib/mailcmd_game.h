/*
 * What CHALLENGE, ACCEPT, REMATCH and SEEK share (mailcmd_game.c): a
 * game the club's judge makes itself between two members of its
 * directory, its own key the creator; filed in the root as an
 * invitation it took; each seat mailed the invitation with a line
 * naming its opponent.  The options and the lot are checked and drawn
 * here too, so that each command says the same.
 */
#ifndef MAILCMD_GAME_H
#define MAILCMD_GAME_H

#include <stdarg.h>

#include "buf.h"
#include "club.h"
#include "error.h"

struct bot_run;

/*
 * Whether rules is a game the judge can make between two members with
 * options ("k=v k=v", or ""): 0; -1 with why (a clause naming what is
 * wrong).
 */
int	mailcmd_game_check(const char *rules, const char *options, char *why,
	    size_t);
/*
 * The root's lock taken and the directory read, who asks (the member
 * listed at the mail's address) in *me (NULL: no member); let go after.
 */
int	mailcmd_game_hold(const struct bot_run *, int *lock,
	    struct club_members *, const struct club_member **me,
	    struct error *);
void	mailcmd_game_let_go(int *lock, struct club_members *);
/* The answer to the sender (Subject "[adjudicator] VERB"), the run's
 * verdict set. */
int	mailcmd_game_tell(struct bot_run *, const char *verb,
	    const char *verdict, const char *text, struct error *);
/*
 * A refusal in one line, "The judge did not take your VERB: WHY.", to
 * the sender, nothing changed: -1 with status in e (EXIT_SYSTEM when the
 * answer could not be sent).
 */
int	mailcmd_game_vrefuse(struct bot_run *, const char *verb,
	    const char *verdict, int status, struct error *, const char *fmt,
	    va_list) __attribute__((format(printf, 6, 0)));
/* The same, its Subject "[adjudicator] AS" (a verb and what it names). */
int	mailcmd_game_vrefuse_as(struct bot_run *, const char *verb,
	    const char *as, const char *verdict, int status, struct error *,
	    const char *fmt, va_list) __attribute__((format(printf, 7, 0)));
/*
 * Whether options a and b make the same game of rules: every option of
 * the game (a default given or not), the clock's, rated: 1; 0 when they
 * differ or either is refused.
 */
int	mailcmd_game_same(const char *rules, const char *a, const char *b);
/* The judge's signature over what, hashed under the domain dom, in h
 * (SEC_HASH bytes): what only the judge makes, and nobody foresees. */
int	mailcmd_game_hash(const struct bot_run *, const char *dom,
	    const char *what, uint8_t *h, struct error *);
/*
 * The options of game m's header as CHALLENGE takes them ("k=v k=v":
 * the game's, then its clock's, each as the header writes it), for the
 * same game again: 0; -1 when they do not fit in len.
 */
struct match;
int	mailcmd_game_options(const struct match *m, char *out, size_t len);
/*
 * A lot both sides cannot bend: the judge's signature over what names
 * it (what), hashed under the domain "adj-lot": 0 or 1 in *lot.
 */
int	mailcmd_game_lot(const struct bot_run *, const char *what, int *lot,
	    struct error *);
/*
 * The game of rules and options between seats first and second (in
 * turn order), its header signed by the judge, in sb, its id in game:
 * not filed yet.  The judge's address (judge.yaml: address) must be set.
 */
int	mailcmd_game_make(struct bot_run *, const char *rules,
	    const char *options, const struct club_member *first,
	    const struct club_member *second, struct buf *sb,
	    char game[ROOT_ID], struct error *);
/*
 * The same of the game g with cfg (its options; the seats and seed set
 * here) and clock (NULL: none), event (NULL: none) the tournament, round
 * and board its header names (a tournament's game, mailcmd_tour.c).
 */
struct game_rules;
struct game_config;
struct clock_spec;
struct match_event;
int	mailcmd_game_event(struct bot_run *, const struct game_rules *g,
	    const struct game_config *cfg, const struct clock_spec *clock,
	    const struct match_event *event,
	    const struct club_member *const seat[2], struct buf *sb,
	    char game[ROOT_ID], struct error *);
/* The game sb filed in the root (0; filed before is no error). */
int	mailcmd_game_file(struct bot_run *, const struct buf *sb,
	    struct error *);
/*
 * Each seat of the filed game mailed its invitation, with a line naming
 * its opponent and why the game was made: said[0] to the member named
 * who, said[1] to the other ("you accepted alice's challenge", "bob
 * accepted your challenge").
 */
int	mailcmd_game_invite(struct bot_run *, const char *game,
	    const char *who, const char *const said[2], struct error *);

#endif
