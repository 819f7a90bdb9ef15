/*
 * A match: one game's transcript applied to its rules.  The match decides
 * whose entry comes next, checks every entry (chain, author, recipients,
 * openings against commitments, legality), keeps the obligations (hidden
 * values another seat must open before an action resolves), and handles
 * what every game shares: resign, draw offers, the end-of-game openings
 * and the final audit.  It never touches files or keys' secrets; the
 * callers (gamedir.c, the verbs, verify) feed it signed entries.
 */
#ifndef MATCH_H
#define MATCH_H

#include <stdint.h>

#include "buf.h"
#include "commit.h"
#include "envelope.h"
#include "error.h"
#include "game.h"
#include "key.h"

#define MATCH_WHAT	320
#define MATCH_JUDGE	GAME_MAX_SEATS	/* the judge's index as an author */

struct ydoc;

struct match_seat {
	char		  name[KEY_NAME_MAX + 1];
	struct key_public key;
	int		  has_setup;
	int		  final_done;
	int		  cheated;
	struct game_setup pieces;	/* ids, and values once opened */
	int		  opened[GAME_MAX_PIECES];
	uint8_t		  commit[GAME_MAX_PIECES][SEC_HASH];
	struct game_setup full;		/* verify: every value, once known */
	int		  full_known[GAME_MAX_PIECES];
};

enum match_phase {
	MATCH_SETUP,
	MATCH_PLAY,
	MATCH_FINAL,	/* the game is over; end-of-game openings due */
	MATCH_CLOSED
};

struct match {
	const struct game_rules	*rules;
	struct game_config	 cfg;
	void			*state;
	uint8_t			 game_id[SEC_HASH];
	char			 game_hex[2 * SEC_HASH + 1];
	int			 judge_mode;
	struct key_public	 judge;
	char			 created[40];
	int			 nseats;
	struct match_seat	 seat[GAME_MAX_SEATS];

	uint64_t		 seq;		/* last entry applied */
	uint8_t			 last[SEC_HASH];

	/* an action waiting for other seats' openings */
	int			 pending;
	int			 pending_seat;
	struct game_action	 pending_action;
	struct game_needs	 pending_needs;

	/* what every game shares */
	int			 draw_offer;	/* seat that offered, or -1 */
	int			 declined;	/* seat whose offer was declined */
	int			 ended;		/* result decided by the match */
	int			 ender;		/* whose entry ended the game */
	struct game_result	 result;

	char			 what[MATCH_WHAT];	/* the last event */
	int			 me;		/* local seat, MATCH_JUDGE, or -1 */
	/* what this copy knows beyond the openings: its own secrets (the
	 * judge: everyone's), and openings received privately */
	const struct game_setup	*local[GAME_MAX_SEATS];
	struct game_setup	 privy[GAME_MAX_SEATS];
	int			 verifying;	/* verify: keep deferred checks,
						 * stop at the first error */
	struct match_deferred	*deferred;
	size_t			 ndeferred;
};

/* Parses a header entry; the game id is the hash of its signed bytes. */
struct match *match_from_header(const uint8_t *signed_blob, size_t len,
	    const char *where, struct error *);
void	match_free(struct match *);
struct match *match_clone(const struct match *);

/* Seat index of a key (or -1; MATCH_JUDGE for the judge). */
int	match_seat_of(const struct match *, const struct key_public *);
int	match_seat_by_name(const struct match *, const char *);

/* The author of the next entry (a seat or MATCH_JUDGE), or -1 when the
 * match is closed. */
int	match_next_author(const struct match *);
enum match_phase match_phase(const struct match *);

/*
 * Applies one signed entry (seq = m->seq + 1), signature checked first.
 * A refused entry leaves m untouched; *bad_seat (when not NULL) names a
 * seat whose opening contradicted its commitment.
 */
int	match_apply(struct match *, const uint8_t *blob, size_t len,
	    const char *where, int *bad_seat, struct error *);
/* The same for an entry whose signature the caller has just checked
 * with envelope_check (verify checks signatures on several cores). */
int	match_apply_checked(struct match *, const uint8_t *blob, size_t len,
	    const char *where, int *bad_seat, struct error *);
/* Reads game and seq of a signed entry without applying it ("" and 0 for
 * a header). */
int	match_peek(const uint8_t *blob, size_t len,
	    char game_hex[2 * SEC_HASH + 1], uint64_t *seq, const char *where,
	    struct error *);

/* The effective result (rules, or resign/draw/cheat decided here). */
void	match_result(const struct match *, struct game_result *);
/* The end-of-game audit, for verify: every setup fully opened and sound. */
int	match_audit(struct match *, struct error *);

/*
 * Building entries.  The body is YAML; the caller signs it.  A turn entry
 * carries the openings this seat owes first, then the action (text, may
 * be NULL for openings only).  Secrets come with their nonces.
 */
struct match_secret {
	struct game_setup	setup;
	uint8_t			nonce[GAME_MAX_PIECES][COMMIT_NONCE];
};

int	match_setup_body(const struct match *, int seat,
	    const struct match_secret *, struct buf *, struct error *);
int	match_turn_body(const struct match *, int seat,
	    const struct match_secret *, const char *action, struct buf *,
	    int *final_too, struct error *);
int	match_final_body(const struct match *, int seat,
	    const struct match_secret *, struct buf *, struct error *);
int	match_owes(const struct match *, int seat);	/* openings due */
/* Every legal action of the rules with what seat knows (its secrets). */
int	match_actions(const struct match *, int seat, struct game_action *,
	    int max);

int	match_header_body(const struct game_rules *,
	    const struct game_config *, int judge_mode,
	    const struct key_public *seats, int nseats,
	    const struct key_public *judge, struct buf *, struct error *);

/* Judge mode: the judge's entry that meets obligations at once, or opens
 * every setup at the end.  secrets holds every seat's. */
int	match_judge_body(const struct match *,
	    struct match_secret *const secrets[], struct buf *, struct error *);
/*
 * Judge mode: what a seat sends the judge.  The signed entry travels
 * inside, to be forwarded verbatim; openings (a setup's) go to the judge
 * alone.  openings may be NULL.
 */
int	match_private_body(const struct match *, int seat,
	    const struct buf *signed_entry, const struct match_secret *,
	    struct buf *, struct error *);
/* Judge mode: the judge's update for one seat. */
int	match_update_body(const struct match *, int seat,
	    const struct buf *entries, size_t n, const char *note,
	    struct buf *, struct error *);

/* An opening {seat, piece, value, nonce} read from YAML: the seat and
 * piece must exist; nothing is checked against the commitment yet. */
int	match_parse_opening(const struct match *, const struct ydoc *,
	    int *seat, int *idx, char value[GAME_VALUE],
	    uint8_t nonce[COMMIT_NONCE], const char *where, struct error *);
/* A signed entry carried as a base64 scalar (private messages, updates). */
int	match_blob(const struct ydoc *, const char *what, struct buf *,
	    const char *where, struct error *);

/* Checks one opening against its owner's commitment. */
int	match_check_opening(const struct match *, int seat, const char *id,
	    const char *value, const uint8_t nonce[COMMIT_NONCE],
	    struct error *);
/* Records a privately received opening, after checking it. */
int	match_learn(struct match *, int seat, const char *id, const char *value,
	    const uint8_t nonce[COMMIT_NONCE], struct error *);
const char *match_author_name(const struct match *, int);
int	match_piece_index(const struct match *, int seat, const char *id);

/* Views */
void	match_view_text(const struct match *, int viewer, struct buf *);
int	match_view_yaml(const struct match *, int viewer, struct buf *,
	    struct error *);
void	match_summary(const struct match *, struct buf *);
/* The board as this seat sees it, as an SVG picture. */
int	match_view_svg(const struct match *, int viewer, struct buf *,
	    struct error *);

#endif
