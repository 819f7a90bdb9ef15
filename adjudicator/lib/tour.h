/*
 * Tournaments (formats/tournament.md): the director's signed
 * declaration, the players' signed acceptances and the director's
 * signed rounds (tour_decl.c), the pairings every format gives
 * (tour_pair.c: Berger tables, sections, knockout, ladder; Swiss through
 * swiss.h), the results the games' verified archives give and the
 * scores and FIDE tie-breaks (tour_score.c), the tables and the TRF
 * export (tour_out.c), and the check of the director's word against all
 * of it (tour_check.c).  Pure but for the archives, which go through
 * verify's own code (standings.h).
 */
#ifndef TOUR_H
#define TOUR_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "clock.h"
#include "error.h"
#include "game.h"
#include "key.h"
#include "sec.h"

#define TOUR_ARMOR	"ADJUDICATOR TOURNAMENT"
#define TOUR_MAX_PLAYERS 10000	/* SWISS_MAX */
#define TOUR_MAX_ROUNDS	100
#define TOUR_MAX_TB	6
#define TOUR_NONE	((unsigned)-1)	/* no opponent: a bye */
#define TOUR_ADDRESS	128

enum tour_format {
	TOUR_ROUND_ROBIN,
	TOUR_SWISS,
	TOUR_KNOCKOUT,
	TOUR_LADDER
};

/* FIDE C.07's names */
enum tour_tb {
	TOUR_TB_SB,		/* sonneborn-berger */
	TOUR_TB_BH,		/* buchholz */
	TOUR_TB_BH1,		/* buchholz-cut1 */
	TOUR_TB_DE,		/* direct-encounter */
	TOUR_TB_WIN,		/* wins */
	TOUR_TB_KOYA		/* koya */
};

struct tour_player {
	char		  name[KEY_NAME_MAX + 1];
	struct key_public key;
	char		  address[TOUR_ADDRESS];	/* "" none */
	unsigned	  rating;	/* 0: none given */
	unsigned	  given;	/* its place in the declaration, 0.. */
};

struct tour_decl {
	uint8_t			 hash[SEC_HASH];	/* the signed blob's */
	char			 hex[2 * SEC_HASH + 1];
	struct key_public	 director;
	char			 id[64];
	char			 name[128];
	const struct game_rules	*rules;
	unsigned		 seats;		/* 2, or a table's 3 or 4 */
	struct game_config	 cfg;
	struct clock_spec	 clock;
	enum tour_format	 format;
	unsigned		 cycles;	/* round robin: 1 or 2 */
	unsigned		 section;	/* round robin: at most this
						 * many a section (0: one) */
	unsigned		 rounds;	/* swiss */
	unsigned		 reach;		/* ladder: places above */
	unsigned		 advance;	/* round robin in sections: the
						 * top this many of each go on
						 * to a final stage (0: none) */
	enum tour_format	 stage;		/* the final stage's format */
	unsigned		 stage_cycles;	/* and its cycles */
	int			 by_rating;	/* seeding */
	struct tour_player	*p;		/* in seed order: p[0] seed 1 */
	size_t			 n;
	enum tour_tb		 tb[TOUR_MAX_TB];
	size_t			 ntb;
	unsigned		 bye2;		/* a bye's points, in halves */
	unsigned		 timeouts;	/* games lost on time that
						 * withdraw a player (0: none) */
	char			 closes[32], starts[32];	/* "" none */
	int64_t			 deadline;	/* each game's time from its
						 * header's, in seconds (0:
						 * none; tour_deadline.c) */
};

/* The body of a declaration from a YAML draft (checked as it will be
 * read), in out: what declare signs. */
int	tour_decl_check(const void *, size_t, const char *where,
	    struct error *);
/* A signed declaration (a blob; its signer is the director). */
int	tour_decl_read(const uint8_t *, size_t, struct tour_decl *,
	    const char *where, struct error *);
void	tour_decl_free(struct tour_decl *);
/* The player by name or by key; -1 none. */
int	tour_player_named(const struct tour_decl *, const char *);
int	tour_player_keyed(const struct tour_decl *, const char *idhex);
const char *tour_tb_name(enum tour_tb);
const char *tour_format_name(enum tour_format);

/* The signed records that follow a declaration. */
enum tour_kind {
	TOUR_ACCEPT,		/* a player's: it takes part */
	TOUR_WITHDRAW,		/* a player's or the director's: it leaves */
	TOUR_ROUND,		/* the director's: a round's pairings */
	TOUR_RESULTS,		/* the director's: the results so far */
	TOUR_STANDING,		/* the director's: the table after a round */
	TOUR_RULING		/* the director's: abort, adjudicate, replace */
};

struct tour_slot;

struct tour_game {
	unsigned	round, board, game;	/* game: 1, or 2 the second of
						 * a knockout match */
	unsigned	white, black;		/* seed indices; black
						 * TOUR_NONE: a bye */
	unsigned char	nseats;			/* a table's 3 or 4 (white
						 * its first seat, black its
						 * second); 0: two */
	unsigned	more[2];		/* a table's third, fourth */
};

/* Seat i (from 0) of a game or table: white, black, then more. */
unsigned tour_seat(const struct tour_game *, unsigned i);

/* A director's ruling (tour_rule.c) */
enum tour_rule {
	TOUR_ABORT,		/* the game void */
	TOUR_ADJUDICATE,	/* the game's result given */
	TOUR_REPLACE		/* a new key plays the player's later games */
};

struct tour_ruling {
	enum tour_rule	  rule;
	struct tour_game  g;		/* abort, adjudicate: the game */
	int		  res;		/* adjudicate: an enum tour_res */
	unsigned	  player, from;	/* replace: from round from on */
	struct key_public key;		/* replace: the new key */
	char		  address[TOUR_ADDRESS];	/* "" none */
};

struct tour_row;			/* tour_int.h */

struct tour_record {
	enum tour_kind	  kind;
	unsigned	  player;	/* accept, withdraw */
	unsigned	  after;	/* withdraw: the last round it plays */
	unsigned	  round;	/* round */
	struct tour_game *g;		/* round: its games, board order */
	size_t		  ng;
	struct tour_slot *res;		/* results: each game's */
	size_t		  nres;
	struct tour_row	 *rows;		/* table: rank order */
	size_t		  nrows;
	struct tour_ruling rule;	/* ruling */
	char		  from[200];	/* where it was read, for errors */
};

/* One record (a signed blob) of decl's tournament: its signer checked
 * (the player's key, the director's). */
int	tour_record_read(const struct tour_decl *, const uint8_t *, size_t,
	    struct tour_record *, const char *where, struct error *);
void	tour_record_free(struct tour_record *);
/* Bodies to sign (what accept, withdraw and pair -k print). */
int	tour_accept_body(const struct tour_decl *, unsigned player,
	    struct buf *, struct error *);
int	tour_withdraw_body(const struct tour_decl *, unsigned player,
	    unsigned after, struct buf *, struct error *);
int	tour_round_body(const struct tour_decl *, unsigned round,
	    const struct tour_game *, size_t, struct buf *, struct error *);
struct tour;
/* every game of t decided so far (byes aside), as the director says it */
int	tour_results_body(const struct tour *, struct buf *, struct error *);
/* the standing after round r, in rank order (tour_table.c) */
int	tour_table_body(const struct tour *, unsigned r, struct buf *,
	    struct error *);
int	tour_ruling_body(const struct tour_decl *, const struct tour_ruling *,
	    struct buf *, struct error *);
/* One line saying a ruling, without a newline (verify prints them). */
void	tour_ruling_text(const struct tour_decl *, const struct tour_ruling *,
	    struct buf *);
/* The words of a result in a results record: "white", "draw"... */
const char *tour_res_word(int);

/* --- results and the state of a tournament --- */

enum tour_res {
	TOUR_PENDING,		/* not over, or no archive yet */
	TOUR_WHITE,		/* white won, played */
	TOUR_BLACK,
	TOUR_DRAW,
	TOUR_WHITE_FF,		/* white won by forfeit: unplayed */
	TOUR_BLACK_FF,
	TOUR_VOID,		/* unplayed, no points (aborted, both gone) */
	TOUR_BYE,		/* white had the bye */
	TOUR_TABLE		/* a table's game over: its slot's pts2 */
};

struct tour_slot {
	struct tour_game g;
	enum tour_res	 res;
	char		 gid[2 * SEC_HASH + 1];	/* the game's id, "" none */
	unsigned char	 pts2[4];	/* a table's, over: each seat's points
					 * (halves) by the final order */
	unsigned char	 out;		/* lost on time: 1 white, 2 black */
	int64_t		 made, ended;	/* a ladder's game: its header's
					 * creation time, its end (0: not
					 * over) */
};

struct tour {
	const struct tour_decl	*d;
	struct tour_slot	*s;		/* every game and bye paired */
	size_t			 ns, caps;
	unsigned		 nrounds;	/* rounds paired */
	unsigned		*withdrawn;	/* per player: 0, or 1 + the
						 * last round it plays */
	unsigned char		*accepted;
	struct tour_ruling	*rule;		/* the director's rulings */
	size_t			 nrule;
};

/* The key that plays player's games of round r: the declared one, or
 * the last replacement's from that round on (that ruling: NULL none). */
const struct key_public *tour_key_of(const struct tour *, unsigned player,
	    unsigned r);
const struct tour_ruling *tour_replaced(const struct tour *,
	    unsigned player, unsigned r);

int	tour_init(struct tour *, const struct tour_decl *, struct error *);
void	tour_free(struct tour *);
/* Pairs round r (1-based) from what t holds of the rounds before it, into
 * a new array *g of *ng games (board order, byes last).  Round robin: any
 * round at once; swiss and knockout: every game before it decided. */
int	tour_pair(const struct tour *, unsigned r, struct tour_game **g,
	    size_t *ng, struct error *);
/* Rounds in all: round robin's and swiss's from the declaration,
 * knockout's from the players. */
unsigned tour_rounds(const struct tour_decl *);
/* Adds a round's games (as paired) to t, pending. */
int	tour_add_round(struct tour *, const struct tour_game *, size_t,
	    struct error *);
/* The declaration's timeouts: a player whose timeouts-th loss on time
 * (the slots' out, in slot order) is in round r withdraws after r. */
int	tour_timeouts(struct tour *, struct error *);
/* The slot of round r, board b, game k; NULL none. */
struct tour_slot *tour_slot_of(const struct tour *, unsigned r,
	    unsigned b, unsigned k);

/* The Berger table (C.05 annex 1) for n players (n odd: player n+1 is
 * the dummy, TOUR_NONE as black): round r's (1-based) pairs, in board
 * order, as 0-based pairing numbers; n/2 pairs (rounded up). */
size_t	tour_berger(unsigned n, unsigned r, struct tour_game *);
/* The sections of a round robin: sec[i] the section (0-based) of seed
 * i, serpentine; the number of sections. */
unsigned tour_sections(unsigned n, unsigned size, unsigned *sec);
/* The knockout bracket for n players: the first round's pairs of seeds
 * (0-based; TOUR_NONE a bye), size the next power of two. */
unsigned tour_bracket(unsigned n, unsigned *slot);
/* The lot that breaks a knockout match drawn twice: 1 when the match's
 * first white goes on. */
int	tour_lot(const struct tour_decl *, unsigned round, unsigned board);

/* A ladder's places (seed indices, top first) after its games (the
 * slots of round 0): in time order, each game checked a challenge within
 * reach at its creation (made) by the places the games that ended
 * before it give (those between who withdrew not counted), each game
 * over (ended, then by id) moving a challenger that won to the higher
 * place; a creation before an end of the same second. */
int	tour_ladder(const struct tour *, unsigned *place, struct error *);
/* The same, by the games that ended before until alone. */
int	tour_ladder_at(const struct tour *, int64_t until, unsigned *place,
	    struct error *);
/* Seed p's place on the ladder as it shows (from 1): those above it who
 * withdrew (signed or by timeouts) not counted.  The places above take
 * a withdrawn player through its games all the same. */
unsigned tour_ladder_shown(const struct tour *, const unsigned *place,
	    unsigned p);
/* How many places apart seeds p and q are, as a challenge's reach counts
 * them: the players between who withdrew not counted (the judge's check
 * and verify's alike). */
unsigned tour_ladder_apart(const struct tour *, const unsigned *place,
	    unsigned p, unsigned q);

/* --- a final stage (tour_stage.c) --- */

/* The rounds of the first stage (all of them without a final stage). */
unsigned tour_stage1_rounds(const struct tour_decl *);
/* The format round r is paired by, and the last round of its stage. */
enum tour_format tour_round_format(const struct tour_decl *, unsigned r);
unsigned tour_stage_last(const struct tour_decl *, unsigned r);
/* Who goes on to the final stage, in its seed order (q: d->advance times
 * the sections): every game of the first stage decided, else -1 naming
 * the first that is not (EXIT_REFUSED). */
int	tour_qualified(const struct tour *, unsigned *q, struct error *);

/* --- round-robin groups of tables (tour_tables.c) --- */

struct tour_design {
	unsigned		 n, k;		/* players, seats a table */
	unsigned		 rounds, tables;	/* tables a round */
	const unsigned char	*t;		/* by round and table, each
						 * table's k seeds from 1 */
};

/* The design for n players at tables of k, NULL none; the numbers that
 * fit k ("4, 13 or 16"). */
const struct tour_design *tour_design(unsigned n, unsigned k);
const char *tour_design_fits(unsigned k);
/* Round r's tables (1-based) in board order, each table's seats ordered
 * so that each player's seats are as even as can be; their number. */
size_t	tour_table_round(const struct tour_design *, unsigned r,
	    struct tour_game *);

/* --- scores and tie-breaks (tour_score.c) --- */

struct tour_line {
	unsigned	player;
	unsigned	score2;			/* halves */
	long		tb[TOUR_MAX_TB];	/* in the unit tour_tb_unit
						 * says */
	unsigned	rank;			/* 1..; equal when tied */
	unsigned	played, wins;
};

/* The standing of every player: lines in rank order. */
int	tour_standing(const struct tour *, struct tour_line *,
	    struct error *);
/* The same, counting the games of rounds 1 to r alone. */
int	tour_standing_after(const struct tour *, unsigned r,
	    struct tour_line *, struct error *);
/* What one tie-break value is a multiple of: 1/2 (halves) or 1/4. */
unsigned tour_tb_unit(enum tour_tb);

/* --- output (tour_out.c) --- */

enum tour_fmt {
	TOUR_TEXT,
	TOUR_YAML,
	TOUR_HTML,		/* a page */
	TOUR_HTML_TABLE		/* the table alone, for a page of the site */
};

int	tour_table(const struct tour *, enum tour_fmt, struct buf *,
	    struct error *);
int	tour_pairing_text(const struct tour *, const struct tour_game *,
	    size_t, struct buf *, struct error *);
int	tour_trf(const struct tour *, struct buf *, struct error *);

/* --- the whole tournament from its files (tour_check.c) --- */

struct tour_input {
	struct buf	 decl;		/* the declaration's signed blob */
	struct buf	*rec;		/* the other records' blobs */
	char		**rec_from;
	size_t		 nrec;
	const char	**archives;	/* the games' archives' paths */
	size_t		 narchives;
	struct buf	*arc;		/* archives held in memory (armored
					 * text), after those of the paths */
	char		**arc_from;
	size_t		 narc;
	const char	**dirs;		/* a root's games (the judge's):
					 * each closed one exported */
	size_t		 ndirs;
	int		 rules;		/* without rounds of the director's:
					 * the rules' as far as results go */
};

/*
 * Reads what the inputs hold and builds t: the acceptances, the
 * withdrawals, the director's rounds (each checked against what the rules
 * give, *diff the first place the director's word differs: "" when none)
 * and each archive's result (verified, checked against its round's
 * pairing).  A refusal that is a difference goes into diff, not e.
 */
int	tour_load(struct tour *, struct tour_decl *, const struct tour_input *,
	    int threads, char *diff, size_t, struct error *);

/* --- the inputs in memory, the tournament archive (tour_arc.c) --- */

/* A record's blob (not the declaration again), an archive's text, each
 * copied into in, from: where it comes from, for errors. */
int	tour_input_record(struct tour_input *, const uint8_t *, size_t,
	    const char *from, struct error *);
int	tour_input_archive(struct tour_input *, const char *, size_t,
	    const char *from, struct error *);
/* Everything in frees (the paths' strings of archives and dirs are
 * the caller's). */
void	tour_input_free(struct tour_input *);
/* Each block of text (where: its name) into in: with decl, the first
 * record is the declaration (none: refused, 3); the other records, each
 * game's archive in memory.  A tournament archive, or a DECL file. */
int	tour_arc_read(struct tour_input *, const char *, size_t,
	    const char *where, int decl, struct error *);
/* The tournament archive of in: the declaration, every record, then
 * every archive (the paths' files, then those in memory), armored one
 * after another, appended to out. */
int	tour_arc_write(const struct tour_input *, struct buf *,
	    struct error *);

#endif
