/*
 * A match: one game's transcript applied to its rules.  The match decides
 * whose entry comes next, checks every entry (chain, author, recipients,
 * openings against commitments, claims, legality), keeps the obligations
 * (hidden values or a claim another seat owes before an action resolves),
 * and handles what every game shares: resign, draw offers, setups, the
 * end-of-game openings and the audits.  It never touches files or keys'
 * secrets; its callers (transcript.c, verify) feed it signed entries.
 *
 * The files: match.c (lifetime, whose entry, applying an entry), resolve.c
 * (actions, openings, claims, stages, the checks that wait for hidden
 * values, spy sight), header.c (entry 0), entry.c (writing entries),
 * opening.c (the opening record), audit.c, view.c.
 */
#ifndef MATCH_H
#define MATCH_H

#include <stdint.h>

#include "buf.h"
#include "clock.h"
#include "commit.h"
#include "cond_types.h"
#include "envelope.h"
#include "error.h"
#include "game.h"
#include "key.h"

#define MATCH_WHAT	400
#define MATCH_RECENT	4	/* a seat's action and the 3 others' since */
#define MATCH_ADDRESS	128

struct ydoc;
struct match_check;
struct cond_wait;

struct match_seat {
	char		  name[KEY_NAME_MAX + 1];
	struct key_public key;
	char		  address[MATCH_ADDRESS];	/* "" when none */
	int		  has_setup;
	int		  final_done;
	int		  audited;	/* its whole setup was open and audited */
	struct game_setup pieces;	/* ids, and values once opened */
	int		  opened[GAME_MAX_PIECES];
	uint32_t	  opened_seq[GAME_MAX_PIECES];
	uint8_t		  commit[GAME_MAX_PIECES][SEC_HASH];
	/* conditional moves (cond_types.h, a judged game): the seat's entry
	 * that committed to them (0: none live), its commitments, the steps the
	 * judge fired from it and their text, and the count of actions
	 * (match.nactions) after which the next step may fire */
	uint64_t	  cond_seq;
	uint8_t		  cond_commit[COND_LINES][SEC_HASH];
	int		  cond_fired;
	char		  cond_path[COND_TEXT];
	uint32_t	  cond_nact;
};

/*
 * How a game ended, as the match decided it (standings.c reads it, and
 * rates each kind as its one table says).
 */
enum match_how {
	MATCH_HOW_NONE,		/* not over */
	MATCH_HOW_RULES,	/* the rules' own end */
	MATCH_HOW_RESIGN,	/* a seat resigned and the game ended */
	MATCH_HOW_DRAW_AGREED,
	MATCH_HOW_CHEAT,	/* a seat, or the judge, caught */
	MATCH_HOW_TIMEOUT,	/* the judge ruled a seat out of time */
	MATCH_HOW_CLAIM,	/* a peer claimed a seat out of time */
	MATCH_HOW_ABORTED,	/* the judge's operator: no result */
	MATCH_HOW_ADJUDICATED,	/* the judge's operator ruled the result */
	MATCH_HOW_COUNT
};

enum match_phase {
	MATCH_SETUP,
	MATCH_PLAY,
	MATCH_FINAL,	/* the game is over; end-of-game openings due */
	MATCH_CLOSED,
	MATCH_SEED	/* before setups and play: shares of the seed owed
			 * (seed.c) */
};

/*
 * A peer game with a clock: what the last entry followed, so that another
 * entry for the same seq (a fork) over a timeout claim can be judged by
 * the signed times (dispute.c).
 */
struct match_base {
	struct clock_state	 clk;		/* the clocks before it */
	uint8_t			 prev[SEC_HASH];	/* the entry it followed */
	int64_t			 time, got;	/* its signed times (got 0:
						 * none) */
	uint64_t		 seq;		/* the entry's */
	int			 by;		/* its author */
	int			 claim;		/* the seat it claimed out of
						 * time, -1: none */
	int			 action;	/* an entry of the seat whose
						 * clock ran, not about time */
};

/* A timeout claim and an entry of the seat it claims out of time, both
 * signed for the same seq: the transcript holds one, the fork beside it
 * the other. */
struct match_dispute {
	int			 on;
	int			 stands;	/* the entry claimed against
						 * was sent after its deadline:
						 * the claim stands */
	uint64_t		 seq;
	int			 claimant, against;
	int			 fork_is_claim;	/* the fork is the claim */
	int64_t			 claim_time, entry_time;
	int64_t			 deadline, hard;	/* against's, by the
							 * entry's own times */
	uint8_t			 fork[SEC_HASH];	/* the fork's hash */
};

/*
 * A judged seat's copy (receipt.c): the judge's stamp that started this
 * seat's clock, earlier than the update carrying it reached the seat by
 * more than MATCH_AHEAD and MATCH_MAIL: time of its clock used before it
 * could see the move.  The copy's own evidence, not signed by anyone.
 */
#define MATCH_MAX_STAMP_DISPUTES 8	/* the latest kept */
struct match_stamp_dispute {
	uint64_t		 seq;		/* the judge's entry */
	int			 seat;		/* whose clock it started */
	int64_t			 stamped;	/* the start it signed */
	int64_t			 received;	/* its update came */
};

/*
 * Who held a seat from which entry (holder.c): a seat's own new key, or
 * the judge's handover to another.
 */
#define MATCH_MAX_HOLDERS	16	/* holders recorded in one game */
#define MATCH_REASON		200	/* a handover's reason, as kept */
struct match_holder {
	uint64_t		 seq;		/* the entry that made it */
	int			 seat;
	int			 by_judge;	/* the operator's handover */
	char			 id[KEY_ID_HEX];	/* the key's id */
	char			 name[KEY_NAME_MAX + 1];	/* its name */
	char			 why[MATCH_REASON];	/* the judge's reason */
};

/*
 * Who may watch a judged game (header.c): the observers its creator
 * named, mailed by the judge what the public may know, and whether anyone
 * may ask the judge by mail to watch (WATCH GAMEID; the header's
 * "watch: yes", new -o watch=yes).
 */
#define MATCH_MAX_OBSERVERS	8
struct match_watch {
	int			 open;
	int			 n;
	char			 address[MATCH_MAX_OBSERVERS][MATCH_ADDRESS];
};

/*
 * The tournament a game is played in (header.c, formats/header.md and
 * formats/tournament.md): the declaration's hash, the round, the board
 * and, in a knockout match, which game of it.  id "" when none; round
 * and board 0 in a ladder's game.
 */
struct match_event {
	char			 id[2 * SEC_HASH + 1];
	unsigned		 round, board, game;
};

/*
 * The seed of a game whose rules draw from it (seed.c): chosen by the
 * header (new -s), or drawn by every party, commit and reveal: the
 * header commits to its creator's share, every other party's share
 * follows in order, then the creator's reveal.
 */
struct match_seed {
	int			 draws;		/* the rules draw from it */
	int			 on;		/* committed: shares owed */
	int			 drawn;		/* every share in */
	int			 creator;	/* the header's signer */
	int			 have;		/* shares taken so far */
	uint8_t			 nonce[SEC_HASH];	/* the header's */
	uint8_t			 commit[SEC_HASH];
	/* by author: the seats', then the judge's (GAME_JUDGE) */
	uint8_t			 share[GAME_MAX_SEATS + 1][SEC_HASH];
};

struct match {
	const struct game_rules	*rules;
	struct game_config	 cfg;
	void			*state;
	uint8_t			 game_id[SEC_HASH];
	char			 game_hex[2 * SEC_HASH + 1];
	int			 judge_mode;
	struct key_public	 judge;
	char			 judge_address[MATCH_ADDRESS];
	struct match_watch	 watch;
	struct match_event	 event;
	char			 created[40];
	int64_t			 created_at;	/* the same, in seconds */
	int			 nseats;
	struct match_seat	 seat[GAME_MAX_SEATS];
	struct match_seed	 seed;

	uint64_t		 seq;		/* last entry applied */
	int			 last_by;	/* its author, -1: none */
	uint8_t			 last[SEC_HASH];

	/* an action waiting for openings or a claim, perhaps in a later
	 * stage than its first */
	int			 pending;
	int			 pending_seat;
	struct game_action	 pending_action;
	struct game_needs	 pending_needs;
	int			 claim_made;	/* the pending claim arrived */
	int			 claim_author;
	char			 claim_value[GAME_TEXT];

	/* what every game shares */
	int			 draw_offer;	/* seat that offered, or -1 */
	int			 declined;	/* seat whose offer was declined */
	int			 ended;		/* result decided by the match */
	int			 ender;		/* whose entry ended the game */
	enum match_how		 how;		/* set where the match ends it;
						 * NONE: the rules' end, if any */
	int			 how_by;	/* the seat that resigned, or
						 * timed out */
	struct game_result	 result;
	uint64_t		 last_action_seq;	/* the last action's entry */
	int			 last_action_by;	/* its seat */
	uint32_t		 nactions;	/* actions so far */
	char			 last_action[GAME_TEXT];	/* its notation */
	/* the last MATCH_RECENT actions' notations and seats, a ring by
	 * nactions: a seat's conditions answer every other seat's since its
	 * own (cond_match.c) */
	char			 recent[MATCH_RECENT][GAME_TEXT];
	int			 recent_by[MATCH_RECENT];
	struct game_action	 last_act;	/* and the action, for a picture */

	char			 what[MATCH_WHAT];	/* the last event */
	/*
	 * What the pictures call the last event (view_last.c): after the
	 * judge's bare stamp of the time it took an entry (timing.c), the
	 * event before it, kept in said.
	 */
	char			 said[MATCH_WHAT];
	int			 bare_stamp;	/* the last entry was one */
	size_t			 stamp_len;	/* what's length once stamped */
	int			 me;		/* local seat, GAME_JUDGE, or -1 */
	/*
	 * What this copy knows beyond the openings: its own secrets (the
	 * judge: everyone's; verify of a seat's export: that seat's), and
	 * openings received privately.  Resolution never uses them.
	 */
	const struct game_setup	*local[GAME_MAX_SEATS];
	struct game_setup	 privy[GAME_MAX_SEATS];
	/*
	 * Spy sight: for each viewer whose own secret this copy knows, the
	 * entry after which it became entitled to see each hidden piece of
	 * each owner (0: never).
	 */
	uint32_t		 entitled[GAME_MAX_SEATS][GAME_MAX_SEATS]
				    [GAME_MAX_PIECES];
	/*
	 * Time controls (timing.c): the header's clock, each seat's clock
	 * as the signed times make it, and in a judged game whether the
	 * judge owes the time it took the last entry.
	 */
	struct clock_spec	 clock;
	struct clock_state	 clk;
	int			 stamp_due;	/* the seat whose entry it is */
	/* a judged game: when the seat's entry the judge owes a stamp
	 * for says it was signed (0: it says nothing, an older version) */
	int64_t			 seat_signed;
	int64_t			 away_from, away_to;	/* a leave it holds */
	/* this copy's own: when it took the last entry of another seat
	 * (a peer's next entry says so, "got") */
	int64_t			 took;
	/* this copy's own: the time its next entry says (0: now) */
	int64_t			 now;
	/* a judge's copy of a judged game with a clock, before its first
	 * signed time: when it took the invitation, which its first entry
	 * says ("got") and from which the first seat's clock runs */
	int64_t			 invited;
	struct match_base	 base;		/* of the last entry */
	struct match_base	 claim_base;	/* of the last timeout claim */
	struct match_dispute	 dispute;
	struct match_stamp_dispute stamp_disputes[MATCH_MAX_STAMP_DISPUTES];
	int			 nstamp_disputes;
	struct match_holder	 holders[MATCH_MAX_HOLDERS];
	/* a seat's copy: the id of the key it was made with ("": not
	 * known), to tell that its seat went to another (holder_gone) */
	char			 mine[KEY_ID_HEX];
	int			 nholders;
	int			 aborted;	/* ruled without a result */
	int			 timed;		/* this entry was a ruling, a
						 * timeout or a leave */
	int			 applied_rules;	/* apply() ran in this entry */
	int			 verifying;	/* no rollback copy: the caller
						 * stops at the first error */
	struct match_check	*checks;	/* waiting for hidden values */
	size_t			 nchecks;
	/* every seat's entry that committed to conditions, in chain order
	 * (cond_match.c): the judge's final entry opens each */
	struct cond_sent	*cond_sent;
	size_t			 ncond_sent;
	/* each time a seat moved by hand while its conditions could fire:
	 * checked against its lines once the final entry opens them */
	struct cond_wait	*cond_waits;
	size_t			 ncond_waits;
};

/* Entry 0, the header (header.c): the game id is the hash of its signed
 * bytes.  header_read checks the signature, header_parse trusts the
 * caller's check. */
struct match *header_read(const uint8_t *, size_t, const char *where,
	    struct error *);
/*
 * The header of this copy's own journal, read back at every open: it was
 * checked in full (header_read) when the game was joined, and whoever can
 * rewrite the journal can rewrite the key its checkpoint trusts, so
 * neither its signature nor its keys' curve points are checked again.
 */
struct match *header_load(const uint8_t *, size_t, const char *where,
	    struct error *);
struct match *header_parse(const uint8_t *, size_t, const char *where,
	    struct error *);

/* The header's body, for the creator to sign.  addresses may be NULL,
 * or hold NULL for a seat without one; clock may be NULL (no clock), and
 * watch (no observers, WATCH refused).  commit_by, the creator's key:
 * a game whose rules draw from the seed commits to its creator's share
 * of it (seed.h) instead of carrying cfg's seed; NULL: the seed. */
int	header_write(const struct game_rules *, const struct game_config *,
	    int judge_mode, const struct key_public *seats,
	    const char *const *addresses, int nseats,
	    const struct key_public *judge, const char *judge_address,
	    const struct clock_spec *clock, const struct match_watch *watch,
	    const struct match_event *event,
	    const struct key_secret *commit_by, struct buf *, struct error *);
/*
 * The -o options of new: the clock's (clock.h) into clock, watch=yes|no
 * into watch (when not NULL), tournament=ID[/ROUND/BOARD[/GAME]] into
 * event (when not NULL), the rest the game's (game_options).
 * clock->on is 0 when none is given.
 */
int	header_options(const struct game_rules *, struct game_config *,
	    struct clock_spec *, struct match_watch *, struct match_event *,
	    char *const *kv, int nkv, struct error *);
/* The game's terms as one line: each option "name=value", then the
 * clock's, canonical, blank-separated: what a tournament's declaration
 * and its games must agree on.  -1 when len is too short. */
#define MATCH_TERMS	512
int	header_terms(const struct game_config *, const struct clock_spec *,
	    char *, size_t);
/* A header's clock map (NULL: no clock) into clk, each value in its
 * canonical form: the declaration of a tournament reads it too. */
struct ydoc;
int	header_clock(struct clock_spec *, const struct ydoc *,
	    const char *where, struct error *);
/* "ID[/ROUND/BOARD[/GAME]]" (ID 64 hex digits) into an event; 0 or -1
 * with e (EXIT_USAGE) */
int	header_event_parse(const char *, struct match_event *, struct error *);
/*
 * A mail address as the header takes it (formats/header.md): a dot-atom
 * local part of RFC 5322 atext without '|', '/', '!' and '%', an @, a
 * domain of labels of letters, digits and '-' (not at a label's ends)
 * joined by dots; at most MATCH_ADDRESS - 1 bytes.  check: -1 with why
 * set, in a few words, when it is not one.
 */
int	header_address_check(const char *, char *why, size_t);
int	header_address_ok(const char *);

void	match_free(struct match *);
struct match *match_clone(const struct match *);

/* Seat index of a key (or -1; GAME_JUDGE for the judge). */
int	match_seat_of(const struct match *, const struct key_public *);
int	match_seat_by_name(const struct match *, const char *);
const char *match_author_name(const struct match *, int);
/*
 * How far an entry's signed time may be after its receiver's clock and
 * still be taken: mail delays an entry, it never brings one early, and
 * clocks that keep time by the network drift by seconds (timing.c).
 */
#define MATCH_AHEAD	900
/*
 * How long mail may take from the judge to a seat: a judge's stamp that
 * started a seat's clock earlier than its update reached the seat by
 * more than MATCH_AHEAD and this is disputed (receipt.c).
 */
#define MATCH_MAIL	3600
/*
 * The entry m applied last raised the latest signed time from last0 to
 * one more than MATCH_AHEAD after now: 1, and why, one line naming its
 * author, its seq and how far ahead it is; else 0.
 */
int	match_signed_ahead(const struct match *m, int64_t last0, int64_t now,
	    char *why, size_t);
int	match_piece_index(const struct match *, int seat, const char *id);

/* The author of the next entry (a seat or GAME_JUDGE), or -1 when the
 * match is closed. */
int	match_next_author(const struct match *);
enum match_phase match_phase(const struct match *);
/* Whether seat owes openings or a claim to a pending action. */
int	match_owes(const struct match *, int seat);
/* Whether seat's setup is the next entry. */
int	match_setup_due(const struct match *, int seat);
/* The effective result: the rules', or resign, draw, cheat decided here. */
void	match_result(const struct match *, struct game_result *);

/*
 * Applies one signed entry (seq = m->seq + 1).  match_apply checks the
 * signature first; match_apply_checked is for an entry whose signature
 * the caller has just checked (each signature is checked once).  A
 * refused entry leaves m untouched; *bad_seat (when not NULL) names the
 * author of an opening that contradicted its commitment.
 */
int	match_apply(struct match *, const uint8_t *blob, size_t len,
	    const char *where, int *bad_seat, struct error *);
int	match_apply_checked(struct match *, const uint8_t *blob, size_t len,
	    const char *where, int *bad_seat, struct error *);
/* The same for an entry parsed already (its envelope, checked, and its
 * body's document): what verify's threads hand the match. */
int	match_apply_parsed(struct match *, const struct envelope *,
	    const struct ydoc *, const char *where, int *bad_seat,
	    struct error *);

/* What a signed entry says about itself, read without applying it. */
struct match_peek {
	int		header;		/* an invitation: game and seq unset */
	char		game[2 * SEC_HASH + 1];
	uint64_t	seq;
	char		kind[16];
};
int	match_peek(const struct envelope *, struct match_peek *,
	    const char *where, struct error *);
/* The same of a body parsed already (the judge parses a seat's entry
 * once: peeked, checked and applied from that one document). */
int	match_peek_doc(const struct ydoc *, struct match_peek *,
	    const char *where, struct error *);

/* Every legal action of seat with what this copy knows; the count may
 * exceed max (the caller refuses, never truncates). */
int	match_actions(const struct match *, int seat, struct game_action *,
	    int max);
struct rng;
/* One legal action at random, through the rules' own hook when listing
 * them all is out of reach. */
int	match_random_action(const struct match *, int seat, struct rng *,
	    struct game_action *, struct error *);

/* An opening received privately: checked against its commitment, then
 * known to this copy (never used for resolution). */
struct opening;
int	match_learn(struct match *, const struct opening *, struct error *);
/* Whether this copy knows seat's piece idx, publicly or privately. */
int	match_knows(const struct match *, int seat, int idx);

/* The seat's role in words ("White", "red and yellow"), or "". */
void	match_role(const struct match *, int seat, char *, size_t);

#endif
