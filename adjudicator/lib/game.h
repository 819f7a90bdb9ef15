/*
 * The game interface.  Each rule set is one const struct game_rules in
 * games/, listed in games/table.c and found by name.  The shape follows
 * OpenSpiel: a description plus a state, legal actions, apply, terminal
 * test and returns, and a per-seat projection for hidden information.
 *
 * Hidden values (the spy, a symbol, a rank, a tile) belong to pieces: each
 * seat commits to a value for every piece listed by setup_pieces().  The
 * rules never see commitments or bytes; they ask the match for a value
 * through struct game_ctx and say, through needs, which values an action
 * cannot be resolved without.  The match (match.c) gathers those openings:
 * from the actor's own entry, from an obligation on another seat, or from
 * the judge.
 *
 * Beyond openings an action may wait for a claim: a value derived from
 * hidden values without opening them (topogic's score, espionnage's combat
 * outcome).  The seat that holds the secret, or the judge, states it; the
 * match keeps it and checks it with derive() once the secrets are open.
 * An action may also resolve in stages: apply() returns GAME_MORE with the
 * needs of its next stage when a later part depends on an earlier part's
 * hidden outcome.
 *
 * A state must be one flat block of state_size bytes (no pointers): the
 * match copies it with memcpy and keeps it in checkpoints.
 *
 * Resign, draw offers and the end-of-game openings are common to all games
 * and live in the match; the rules only see their own actions, and
 * resign() when they say what resigning means.
 */
#ifndef GAME_H
#define GAME_H

#include <stddef.h>

#include "buf.h"
#include "error.h"

#define GAME_MAX_SEATS	4
#define GAME_JUDGE	GAME_MAX_SEATS	/* the judge, as an author */
#define GAME_MAX_PIECES	64	/* hidden pieces per seat */
#define GAME_ID		8	/* piece id length bound, NUL included */
#define GAME_VALUE	16	/* hidden value length bound, NUL included */
#define GAME_NAME	16	/* action type, field, claim and option names */
#define GAME_TEXT	64	/* an action field or claim value */
#define GAME_FIELDS	12
#define GAME_MAX_OPTIONS 8
#define GAME_MAX_NEEDS	64
#define GAME_MAX_ACTIONS 4096
#define GAME_MAX_SCORES	12
#define GAME_MORE	1	/* apply(): a next stage waits for needs */

enum game_mode {
	GAME_MODE_PEER = 1,
	GAME_MODE_JUDGE = 2
};

struct game_option {
	const char	*name;
	const char	*def;
	const char	*help;
	long		 min, max;	/* numeric options */
	const char *const *choices;	/* or one of these words */
};

struct game_config {
	int		 nseats;
	char		 seat[GAME_MAX_SEATS][33];
	int		 nopts;
	char		 opt_name[GAME_MAX_OPTIONS][GAME_NAME];
	char		 opt[GAME_MAX_OPTIONS][32];	/* values */
	char		 seed[65];			/* hex */
	int		 casual;	/* the header's "rated: no" (new -o
					 * rated=no): no standings rate it;
					 * nothing to the rules */
};

/* An action in notation-independent form: a type and string fields.  The
 * YAML form of an action is this mapping. */
struct game_action {
	char	type[GAME_NAME];
	int	nf;
	struct {
		char	key[GAME_NAME];
		char	val[GAME_TEXT];
	} f[GAME_FIELDS];
};

/* One hidden value of one piece. */
struct game_piece {
	int	seat;
	char	id[GAME_ID];
};

/*
 * What an action (or its next stage) waits for: pieces to open, and
 * perhaps one claim by a seat (or GAME_JUDGE).  The match initialises it
 * empty (claim_by -1) before calling legal() or apply().
 */
struct game_needs {
	int			n;
	struct game_piece	p[GAME_MAX_NEEDS];
	int			claim_by;
	char			claim[GAME_NAME];
};

/* A seat's whole setup: a value for each of its hidden pieces. */
struct game_setup {
	int	n;
	char	id[GAME_MAX_PIECES][GAME_ID];
	char	value[GAME_MAX_PIECES][GAME_VALUE];
};

/*
 * How the rules learn hidden values: value() is NULL when unknown here;
 * claim() is the claim made for the action being resolved, NULL when none.
 * Use game_value() and game_claim(), which accept a NULL ctx.
 */
struct game_ctx {
	const char *(*value)(const struct game_ctx *, int seat, const char *id);
	const char *(*claim)(const struct game_ctx *, const char *name);
	void	*arg;
};

struct game_score {
	char	label[40];	/* "red (alice)", "team alice+carol" */
	long	points;
};

/* The outcome, once terminal; scores may be filled before the end. */
struct game_result {
	int	over;
	int	draw;
	int	winner[GAME_MAX_SEATS];	/* 1 for each winning seat */
	int	scored;			/* score[] and scores[] are the game's */
	long	score[GAME_MAX_SEATS];	/* per seat */
	int	nscores;		/* labelled figures: colours, teams */
	struct game_score scores[GAME_MAX_SCORES];
	int	cheated[GAME_MAX_SEATS + 1];	/* caught; the judge last */
	/* Teams and alliances: seats with the same side[] play together
	 * (standings rates each seat against each seat of another side).
	 * sided 0: every seat is a side of its own. */
	int	sided;
	int	side[GAME_MAX_SEATS];
	char	why[200];
};

struct ydoc_writer;
struct rng;
struct svg;

struct game_rules {
	const char	*name;
	const char	*title;
	int		 min_seats, max_seats;
	unsigned	 modes;
	const struct game_option *options;	/* NULL-name terminated */
	const char	*notation;		/* for "adjudicator rules" */
	/* A turn is read as typed: capitals mean something (topogic: Y4
	 * is the tile the board prints so).  0: in small letters, so that
	 * C2-E3 is c2-e3. */
	int		 case_sensitive;
	size_t		 state_size;

	/* The initial state, in memory the match provides (state_size
	 * bytes, zeroed). */
	int	 (*init)(void *, const struct game_config *, struct error *);
	/* Whether init draws from cfg's seed (espionnage's volcanoes,
	 * topogic's field): such a game's seed is drawn by every party
	 * (formats/header.md, "The seed").  NULL: it never does. */
	int	 (*draws)(const struct game_config *);

	/* Setup: the pieces carrying hidden values (none: the game has no
	 * setup), parsing a layout from notation, a random layout, the
	 * values a piece may take, and the audit of a whole setup (only
	 * possible with full information). */
	int	 (*setup_pieces)(const void *, int seat, struct game_setup *);
	int	 (*setup_parse)(const void *, int seat, const char *,
		    struct game_setup *, struct error *);
	void	 (*setup_random)(const void *, int seat, struct rng *,
		    struct game_setup *);
	int	 (*value_ok)(const void *, int seat, const char *id,
		    const char *value);
	int	 (*setup_audit)(const void *, int seat,
		    const struct game_setup *, struct error *);
	/* Nonzero when seat's setup is due now.  NULL: every seat with
	 * hidden pieces sets up at the start, in seat order. */
	int	 (*setup_due)(const void *, int seat);

	/* The seat to act, or -1 when the game is over. */
	int	 (*to_move)(const void *);
	int	 (*parse)(const void *, int seat, const char *,
		    struct game_action *, struct error *);
	void	 (*format)(const void *, const struct game_action *, char *,
		    size_t);
	/*
	 * Checks an action against the public state and whatever values ctx
	 * knows (the judge's ctx knows everything: it refuses what only full
	 * knowledge shows illegal).  Fills needs with the hidden values and
	 * the claim its first stage cannot be resolved without, the actor's
	 * own values included.  A rule that depends on a value ctx does not
	 * know is checked again once the value is open.
	 */
	int	 (*legal)(const void *, int seat, const struct game_action *,
		    const struct game_ctx *, struct game_needs *,
		    struct error *);
	/*
	 * Applies a legal action, or its next stage; every value and claim
	 * the stage needs is known to ctx.  Returns 0 when done, GAME_MORE
	 * with more filled when a next stage waits, -1 on error.  Writes what
	 * happened, in words safe for every seat, to what.
	 */
	int	 (*apply)(void *, int seat, const struct game_action *,
		    const struct game_ctx *, struct game_needs *more,
		    char *what, size_t, struct error *);
	/* The value of the claim named for the action pending, from the
	 * hidden values ctx knows; -1 (no error set) when one is missing.
	 * NULL: the game makes no claims. */
	int	 (*derive)(const void *, int seat, const struct game_action *,
		    const char *claim, const struct game_ctx *, char *,
		    size_t);
	void	 (*result)(const void *, struct game_result *);
	/* Resigning when the rules say what it means (knights with 3 or 4
	 * seats: the colour stays and scores).  NULL: the seat loses. */
	int	 (*resign)(void *, int seat, char *what, size_t,
		    struct error *);
	/*
	 * The hidden pieces the last apply() let viewer alone see (espionnage's
	 * spy sight), with what ctx knows of viewer's own pieces.  NULL: no
	 * opening is ever meant for one seat.
	 */
	void	 (*visible)(const void *, int viewer, const struct game_ctx *,
		    struct game_needs *);
	/* Every legal action with the values ctx knows, into out (at most
	 * max); returns how many there are, which may exceed max. */
	int	 (*actions)(const void *, int seat, const struct game_ctx *,
		    struct game_action *, int max);
	/* One legal action at random, for games whose actions are too many
	 * to list (NULL: chosen from actions()). */
	int	 (*random_action)(const void *, int seat,
		    const struct game_ctx *, struct rng *, struct game_action *,
		    struct error *);
	/*
	 * The greedy bot (bot.c, adjudicator bot -p greedy): the game's own
	 * choice of a legal action for seat, by the heuristic its manual
	 * states, from what ctx knows (public values and seat's own, never
	 * another seat's secret), random choices from rng.  NULL: the bot
	 * plays at random.  greedy_setup the same for a setup (NULL:
	 * setup_random).
	 */
	int	 (*greedy)(const void *, int seat, const struct game_ctx *,
		    struct rng *, struct game_action *, struct error *);
	void	 (*greedy_setup)(const void *, int seat, struct rng *,
		    struct game_setup *);
	/* What seat plays, in words: "White", "red and yellow", "the coder". */
	void	 (*seat_role)(const void *, int seat, char *, size_t);
	/* The square seat's hidden piece id stands on now ("b3"), for the
	 * words that name an owed opening; the state is public, so where a
	 * piece stands is too.  0: id is the square it started on; 1: it
	 * came from the reserve (incognito-rps's r2); -1: off the board.
	 * NULL: pieces are not on squares (topogic's tile). */
	int	 (*piece_square)(const void *, int seat, const char *id,
		    char out[5]);

	/* The state as one seat sees it: text board and YAML mapping
	 * entries.  viewer -1 is the public view. */
	void	 (*render)(const void *, int viewer, const struct game_ctx *,
		    struct buf *);
	int	 (*view)(const void *, int viewer, const struct game_ctx *,
		    struct ydoc_writer *);
	/* The board as an SVG picture (NULL: none for this game), drawn
	 * under the title svg_begin wrote: the board (svg_board), what is
	 * off it, the squares of last, the game's last action (NULL:
	 * none yet) marked (svg_mark), and a legend; the match adds the
	 * last entry, the result and the scores under it. */
	void	 (*svg)(const void *, int viewer, const struct game_ctx *,
		    const struct game_action *last, struct svg *);
};

const struct game_rules *game_find(const char *);
extern const struct game_rules *const game_table[];

/*
 * Options.  Each given is checked whole, never cut to a prefix: its name
 * must be one of the game's; its value one of the option's words, or a
 * number within its range written one way only (decimal digits, no
 * leading zero, no sign but a '-' where negatives are allowed, no
 * blank), at most 31 characters.  game_options fills cfg from the
 * defaults and then NAME=VALUE strings.
 */
int	game_options_default(const struct game_rules *, struct game_config *,
	    struct error *);
int	game_option_set(const struct game_rules *, struct game_config *,
	    const char *name, const char *value, struct error *);
int	game_options(const struct game_rules *, struct game_config *,
	    char *const *kv, int nkv, struct error *);
/* An option's value by name (NULL: no such option). */
const char *game_config_get(const struct game_config *, const char *name);
long	game_config_long(const struct game_config *, const char *name);
int	game_config_is(const struct game_config *, const char *name,
	    const char *value);

/* Hidden values and claims through a ctx that may be NULL. */
const char *game_value(const struct game_ctx *, int seat, const char *id);
const char *game_claim(const struct game_ctx *, const char *name);

/* Action helpers shared by the rules. */
void	game_action_init(struct game_action *, const char *type);
int	game_action_set(struct game_action *, const char *key, const char *);
const char *game_action_get(const struct game_action *, const char *key);
/* Refuses fields other than the NULL-terminated keys, or missing ones. */
int	game_action_keys(const struct game_action *, const char *const *,
	    struct error *);
void	game_needs_init(struct game_needs *);
/* Adds a piece; -1 when the list is full (never silently dropped). */
int	game_needs_add(struct game_needs *, int seat, const char *id);
void	game_needs_claim(struct game_needs *, int by, const char *claim);
/* A result with one winner (-1: a draw), or none when not over. */
void	game_result_one(struct game_result *, int over, int winner,
	    const char *why);
void	game_result_score(struct game_result *, const char *label, long);

/* The greedy bots' pick: the index of the highest of n scores, ties
 * broken by rng (n >= 1). */
int	game_best(const long *score, int n, struct rng *);

/* The parts of a turn are separated by spaces or commas (RULES.md): the
 * text with every run of commas and blanks made one space, trimmed. */
void	game_notation_clean(const char *, char *, size_t);

/* Squares "a1".."z26" <-> (file, rank), 0-based. */
int	game_square(const char *, int *file, int *rank);
void	game_square_name(int file, int rank, char out[5]);

#endif
