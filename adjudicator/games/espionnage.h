/*
 * espionnage's state, shared by its rules (espionnage.c), its greedy bot
 * (espionnage_bot.c) and its pictures (espionnage_view.c) alone.
 */
#ifndef ESPIONNAGE_H
#define ESPIONNAGE_H

#include "game.h"

#define W	10
#define H	10
#define PER	30		/* pieces per seat: three full ranks */
#define NP	(2 * PER)
#define EMPTY	-1
#define VOLCANO	-2
#define NCOMBAT	4		/* combats the views remember */
#define STEP_STUCK 2		/* the pending action waits for "stuck" */
#define MAXMOVES (PER * 4)

enum kind { UNKNOWN, CORPORAL, LIEUTENANT, CAPTAIN, COLONEL, GENERAL, SPY,
    SAPPER, MINE, HQ, NKIND };

/* What a combat claim says (claim "combat"). */
enum outcome { WON, LOST, WON_LAST, LOST_LAST, TOOK_HQ, NOUTCOME };

struct mv {
	int	f, r, tf, tr;
};

struct turn {
	int		n;
	struct mv	m[2];
};

/* A piece that arrived on a square during the pending action, and the
 * enemy pieces around it then: what spies saw. */
struct arrival {
	int	piece;
	int	n;
	int	seen[8];
};

struct combat_note {
	long	turn;		/* the ply it happened in, from 1 */
	int	attacker, defender;
	int	outcome;
	char	move[12];
};

struct esp {
	int	board[W][H];		/* a piece, EMPTY or VOLCANO */
	int	file[NP], rank[NP], alive[NP];
	int	moved[NP];		/* moved once: publicly mobile */
	int	left_sq[NP];		/* the square its last move left */
	long	left_turn[NP];		/* its owner's turn of that move */
	char	id[NP][GAME_ID];
	int	nvolcanoes, moves, reveal;
	long	limit, quiet, ply;
	long	turns[2];		/* turns each seat has completed */
	int	turn, over, winner;
	char	why[160];
	/* the action being resolved */
	int	step, fought;
	int	narrival;
	struct arrival arrival[2];
	/* the last combats, newest first */
	int	ncombat;
	struct combat_note combat[NCOMBAT];
};

/* espionnage.c, for the bot: the army, and what the rules' own
 * enumeration uses; for the pictures: the words for ranks, outcomes and
 * colours. */
extern const int esp_army[NKIND];
extern const char *const esp_kind_word[NKIND];
extern const char esp_kind_letter[NKIND + 1];
extern const char *const esp_outcome_word[NOUTCOME];
extern const char *const esp_colour[2];
int	esp_owner(int p);
int	esp_kind(const char *);
int	esp_mobile(int kind);
/* espionnage_setup.c: the volcanoes, the setups */
int	esp_init(void *, const struct game_config *, struct error *);
int	esp_setup_pieces(const void *, int seat, struct game_setup *);
int	esp_setup_parse(const void *, int seat, const char *text,
	    struct game_setup *, struct error *);
int	esp_setup_audit(const void *, int seat, const struct game_setup *,
	    struct error *);
void	esp_setup_random(const void *, int seat, struct rng *,
	    struct game_setup *);
int	esp_value_ok(const void *, int seat, const char *id,
	    const char *value);
int	esp_clash(int attacker, int defender);
int	esp_first_moves(const struct esp *, int seat, const struct game_ctx *,
	    struct mv *);
int	esp_second_moves(const struct esp *, int seat, const struct mv *first,
	    const struct game_ctx *, struct mv *);
void	esp_turn_action(struct game_action *, const struct turn *);
void	esp_assume_first(struct esp *, const struct mv *);
int	esp_random_action(const void *, int seat, const struct game_ctx *,
	    struct rng *, struct game_action *, struct error *);

/* espionnage_bot.c */
int	esp_greedy(const void *, int seat, const struct game_ctx *,
	    struct rng *, struct game_action *, struct error *);

/* espionnage_view.c */
void	esp_render(const void *, int viewer, const struct game_ctx *,
	    struct buf *);
int	esp_view(const void *, int viewer, const struct game_ctx *,
	    struct ydoc_writer *);
void	esp_svg(const void *, int viewer, const struct game_ctx *,
	    const struct game_action *last, struct svg *);

#endif
