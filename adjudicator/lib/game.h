/*
 * The game interface.  Each rule set is one const struct game_rules in
 * games/, registered in game.c's table and found by name.  The shape
 * follows OpenSpiel: a description plus a state, legal actions, apply,
 * terminal test and returns, and a per-seat projection for hidden
 * information.
 *
 * Hidden values (the spy, a symbol, a rank, a tile) belong to pieces: each
 * seat commits to a value for every piece listed by setup_pieces().  The
 * rules never see commitments or bytes; they ask the match for a value
 * through struct game_ctx and say, through needs(), which values an action
 * cannot be resolved without.  The match layer (match.c) gathers those
 * openings: from the actor's own message, from an obligation on another
 * seat, or from the judge.
 *
 * Resign, draw offers and the end-of-game openings are common to all games
 * and live in the match layer; the rules only see their own actions.
 */
#ifndef GAME_H
#define GAME_H

#include <stddef.h>

#include "buf.h"
#include "error.h"

#define GAME_MAX_SEATS	4
#define GAME_MAX_PIECES	64	/* hidden pieces per seat */
#define GAME_ID		8	/* piece id length bound, NUL included */
#define GAME_VALUE	16	/* hidden value length bound, NUL included */
#define GAME_FIELDS	8
#define GAME_MAX_OPTIONS 8
#define GAME_MAX_NEEDS	16
#define GAME_MAX_ACTIONS 4096

enum game_mode {
	GAME_PEER = 1,
	GAME_JUDGE = 2
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
	char		 opt[GAME_MAX_OPTIONS][32]; /* values, options' order */
	char		 seed[65];		/* hex */
};

/* An action in notation-independent form: a type and string fields.  The
 * YAML form of an action is this mapping. */
struct game_action {
	char	type[16];
	int	nf;
	struct {
		char	key[16];
		char	val[64];
	} f[GAME_FIELDS];
};

/* One hidden value of one piece. */
struct game_piece {
	int	seat;
	char	id[GAME_ID];
};

struct game_needs {
	int			n;
	struct game_piece	p[GAME_MAX_NEEDS];
};

/* A seat's whole setup: a value for each of its hidden pieces. */
struct game_setup {
	int	n;
	char	id[GAME_MAX_PIECES][GAME_ID];
	char	value[GAME_MAX_PIECES][GAME_VALUE];
};

/* How the rules learn hidden values: NULL means unknown here. */
struct game_ctx {
	const char *(*value)(const struct game_ctx *, int seat, const char *id);
	void	*arg;
};

/* The outcome, once terminal. */
struct game_result {
	int	over;
	int	draw;
	int	winner[GAME_MAX_SEATS];	/* 1 for each winning seat */
	long	score[GAME_MAX_SEATS];	/* games with scores */
	char	why[160];
};

struct ydoc_writer;

struct game_rules {
	const char	*name;
	const char	*title;
	int		 min_seats, max_seats;
	unsigned	 modes;
	const struct game_option *options;	/* NULL-name terminated */
	const char	*notation;		/* for "adjudicator rules" */

	void	*(*create)(const struct game_config *, struct error *);
	void	 (*destroy)(void *);
	void	*(*clone)(const void *);

	/* Setup: the pieces carrying hidden values, parsing a layout from
	 * notation, a random layout, the values a piece may take, and the
	 * audit of a whole setup (only possible with full information). */
	int	 (*setup_pieces)(const void *, int seat, struct game_setup *);
	int	 (*setup_parse)(const void *, int seat, const char *,
		    struct game_setup *, struct error *);
	void	 (*setup_random)(const void *, int seat, struct game_setup *);
	int	 (*value_ok)(const void *, int seat, const char *id,
		    const char *value);
	int	 (*setup_audit)(const void *, int seat,
		    const struct game_setup *, struct error *);

	/* The seat to act, or -1 when the game is over. */
	int	 (*to_move)(const void *);
	int	 (*parse)(const void *, int seat, const char *,
		    struct game_action *, struct error *);
	void	 (*format)(const void *, const struct game_action *, char *,
		    size_t);
	/*
	 * Checks an action against the public state and whatever values ctx
	 * knows.  Fills needs with the hidden values the action cannot be
	 * resolved without (the actor's own included).  A rule that depends
	 * on a value ctx does not know is checked again by apply().
	 */
	int	 (*legal)(const void *, int seat, const struct game_action *,
		    const struct game_ctx *, struct game_needs *,
		    struct error *);
	/* Applies a legal action; every needed value is known to ctx.
	 * Writes what happened, in words safe for every seat, to what. */
	int	 (*apply)(void *, int seat, const struct game_action *,
		    const struct game_ctx *, char *what, size_t,
		    struct error *);
	void	 (*result)(const void *, struct game_result *);
	/* Every legal action with the values ctx knows (full information
	 * in the random player and in verify). */
	int	 (*actions)(const void *, int seat, const struct game_ctx *,
		    struct game_action *, int max);

	/* The state as one seat sees it: text board and YAML mapping
	 * entries.  viewer -1 is the public view. */
	void	 (*render)(const void *, int viewer, const struct game_ctx *,
		    struct buf *);
	int	 (*view)(const void *, int viewer, const struct game_ctx *,
		    struct ydoc_writer *);
	/* The board as an SVG picture (NULL: none for this game). */
	void	 (*svg)(const void *, int viewer, const struct game_ctx *,
		    struct buf *);
};

const struct game_rules *game_find(const char *);
extern const struct game_rules *const game_table[];

/* Options: fills cfg->opt from NAME=VALUE strings, checking each. */
int	game_options(const struct game_rules *, struct game_config *,
	    char *const *kv, int nkv, struct error *);
long	game_opt_long(const struct game_rules *, const struct game_config *,
	    const char *);
const char *game_opt(const struct game_rules *, const struct game_config *,
	    const char *);

/* Action helpers shared by the rules. */
void	game_action_init(struct game_action *, const char *type);
int	game_action_set(struct game_action *, const char *key, const char *);
const char *game_action_get(const struct game_action *, const char *key);
/* Refuses fields other than the NULL-terminated keys, or missing ones. */
int	game_action_keys(const struct game_action *, const char *const *,
	    struct error *);
void	game_needs_add(struct game_needs *, int seat, const char *id);
/* A result with one winner (-1: a draw), or none when not over. */
void	game_result_one(struct game_result *, int over, int winner,
	    const char *why);

/*
 * SVG for square boards: a grid with coordinates, shaded squares, and
 * pieces as discs (fill "white" or "black") carrying a short label.
 */
void	game_svg_begin(struct buf *, int files, int ranks, const char *title);
void	game_svg_square(struct buf *, int ranks, int file, int rank,
	    const char *fill);
void	game_svg_piece(struct buf *, int ranks, int file, int rank,
	    int black, const char *label);
void	game_svg_end(struct buf *, int files, int ranks, const char *caption);

/* The parts of a turn are separated by spaces or commas (RULES.md): the
 * text with every run of commas and blanks made one space, trimmed. */
void	game_notation_clean(const char *, char *, size_t);

/* Squares "a1".."z26" <-> (file, rank), 0-based. */
int	game_square(const char *, int *file, int *rank);
void	game_square_name(int file, int rank, char out[5]);

#endif
