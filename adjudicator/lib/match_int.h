/*
 * What the match's own files share and nobody else includes: the context
 * the rules see, events, ending the game, and the checks that wait for
 * hidden values.  See match.h for the files.
 */
#ifndef MATCH_INT_H
#define MATCH_INT_H

#include "match.h"

struct ydoc;

/* Who a ctx answers for: only what is public, everything this copy knows,
 * or (a seat) the openings plus that seat's own secret. */
#define MATCH_PUBLIC	-1
#define MATCH_KNOWN	-2

struct match_ctx {
	const struct match	*m;
	int			 viewer;
	int			 misses;	/* values asked for and unknown */
	const char		*claim_name;	/* a check's claim, else the */
	const char		*claim_value;	/* pending one */
};

enum match_check_kind {
	CHECK_LEGAL,	/* an action legality could not fully see */
	CHECK_CLAIM	/* a claim, checked once its secrets are open */
};

struct match_check {
	enum match_check_kind	 kind;
	uint64_t		 seq;		/* the entry that made it */
	int			 actor;		/* whose action it concerns */
	int			 author;	/* who answers for it */
	struct game_action	 action;
	char			 claim[GAME_NAME];
	char			 value[GAME_TEXT];
	void			*state;		/* as the check must see it */
};

/* A seat moved by hand while its conditions could fire (cond_match.c):
 * the position then, for the check once its lines are open. */
struct cond_wait {
	int		 seat;
	uint64_t	 cond_seq;	/* the seat's entry with the lines */
	uint64_t	 seq;		/* the entry it moved by hand in */
	int		 fired;		/* steps fired before */
	char		 path[COND_TEXT];
	int		 opp;		/* whose action it answered */
	uint32_t	 nactions;
	char		 last_action[GAME_TEXT];
	uint32_t	 nact;		/* the seat's cond_nact then */
	char		 recent[MATCH_RECENT][GAME_TEXT];
	int		 recent_by[MATCH_RECENT];
	void		*state;		/* as the seat moved */
};

/* The keys an entry may have, and those it must. */
extern const char *const match_entry_keys[];
extern const char *const match_entry_required[];

void	match_ctx_init(struct game_ctx *, struct match_ctx *,
	    const struct match *, int viewer);
void	match_say(struct match *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
int	match_over(const struct match *);
void	match_end(struct match *, int winner, int draw, enum match_how,
	    const char *why);
/* Whoever is caught cheating loses; a lying judge voids the game. */
void	match_cheater(struct match *, int who, const char *why);
/* A malloc'd copy of the rules' state. */
void	*match_state_dup(const struct match *, const void *);
/* The first seat owing an opening, else the claim's author; -1: none. */
int	match_first_owing(const struct match *);
int	match_is_common(const char *type);

/* resolve.c: a turn's action, obligations met, common actions. */
/* A seat's turn that commits to conditions, or spends them (a move of
 * its own); the judge's entry that fires a step for a seat (kind
 * fired).  cond_match.c. */
int	cond_entry(struct match *, int seat, const struct ydoc *,
	    const char *where, struct error *);
int	cond_fired(struct match *, int author, const struct ydoc *,
	    const char *where, int *bad_seat, struct error *);
/* A judged seat's conditions changed off its turn (kind conditions):
 * the kind; whether it comes off turn (refused by cond_change when it
 * may not: on the seat's turn, after the end); its new set, or none. */
int	cond_is_kind(const char *kind);
int	cond_off_turn(const struct match *, int author, const char *kind);
int	cond_change(struct match *, int seat, const struct ydoc *,
	    const char *where, struct error *);
/* Whether an entry of kind may carry the key cond. */
int	cond_key_kind(const char *kind);
/* Whether a seat's entry committed to conditions the judge's final entry
 * has not opened; that entry's key cond, each set opened whole. */
int	cond_unopened(const struct match *);
/* c's own copies of m's conditions sent and waits (c a copy of m's
 * bytes); m's freed. */
int	cond_match_copy(struct match *c, const struct match *m);
void	cond_match_free(struct match *);
int	cond_final(struct match *, int author, const struct ydoc *,
	    const char *where, struct error *);
int	resolve_action(struct match *, int seat, const struct game_action *,
	    const struct ydoc *openings, const struct ydoc *claim,
	    const char *where, int *bad_seat, struct error *);
int	resolve_owed(struct match *, int author, const struct ydoc *doc,
	    const char *where, int *bad_seat, struct error *);
/* Resolves the pending action, stage after stage, while nothing is owed. */
int	resolve_pending(struct match *, const char *where, struct error *);
int	resolve_openings(struct match *, const struct ydoc *list, int author,
	    int allow_all, const struct game_needs *own, const char *where,
	    int *bad_seat, struct error *);
int	resolve_common(struct match *, int seat, const struct game_action *,
	    const char *where, struct error *);
/* After each entry: the setups now wholly open are audited, the checks
 * whose secrets are open are decided, and spy sight is recorded. */
void	resolve_after(struct match *);
void	resolve_check_free(struct match_check *);

#endif
