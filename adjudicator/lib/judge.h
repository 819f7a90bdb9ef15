/*
 * The judge of a judged game: it reads the seats' private messages,
 * applies their entries in order through the one path (transcript.c), keeps
 * each setup's openings, refuses at once what only full knowledge shows
 * illegal, meets every obligation and claim at once with entries of its
 * own, and writes for each seat with news an update signed by the judge
 * and encrypted to that seat alone: the entries it has not had, and the
 * openings meant for it alone (spy sight).  Where an update goes (a file,
 * a mail) is the caller's business.
 */
#ifndef JUDGE_H
#define JUDGE_H

#include "transcript.h"

struct ydoc;

struct judge_run {
	struct transcript		*p;
	const struct key_secret	*k;
	/* when the judge took what it takes now (a mail's arrival), the
	 * time its entries say in a game with a clock (0: the clock's) */
	int64_t			 at;
	char			 note[GAME_MAX_SEATS][600];
	int			 refused;	/* some message refused (1) */
	int			 malformed;	/* some message malformed (3) */
	int			 applied;	/* entries applied in this run */
	int			 duplicates;	/* messages already applied */
	int			 early;		/* messages put in the inbox */
	/* the body of the message judge_message takes next, parsed by
	 * its caller (the mail bot, to route it), or NULL; the caller's */
	struct ydoc		*doc;
	/* a seat's message already applied: its updates from this seq on
	 * go to it again (0: none) */
	uint64_t		 again[GAME_MAX_SEATS];
	/* a seat whose holder changed in this run, or that asked for its
	 * copy again (kind restore): its whole update, from the first entry,
	 * with its own setup and the invitation before it */
	int			 whole[GAME_MAX_SEATS];
	struct key_public	 held[GAME_MAX_SEATS];	/* at the run's start */
	/* tests only: a dishonest judge rewrites the body of an update for
	 * a seat, or (seat -1) of its own entry, before signing it */
	void			(*tamper)(void *, int seat, struct buf *);
	void			*tamper_arg;
	/* the update to the old holder of a seat the operator handed over
	 * in this run (judge_farewell), before the new holder's: to the
	 * same arg as judge_updates's emit; NULL: none is sent */
	int			(*farewell)(void *, int seat,
				    const struct buf *armored, size_t n,
				    int note, size_t resent, struct error *);
	/* updates emit handed on without knowing yet whether they went out
	 * (JUDGE_LATER): recorded as sent by judge_settle */
	struct judge_parked {
		struct buf		sb;	/* the signed update */
		struct transcript_sent	sent;	/* the seat's mark, once out */
		int			parked;
	} parked[GAME_MAX_SEATS];
};

void	judge_run_init(struct judge_run *, struct transcript *,
	    const struct key_secret *);
/* Frees what the run still holds (updates parked and never settled). */
void	judge_run_clear(struct judge_run *);
/* The judge's own entries, while it owes any (also what an earlier run
 * that stopped half-way left owed). */
int	judge_auto(struct judge_run *, struct error *);
/*
 * One input (a mail, a file): every armored message in it is opened and
 * taken.  A message refused is reported and noted for its sender, and the
 * run goes on; a system error stops it (the input can be given again).
 */
int	judge_input(struct judge_run *, const char *text, size_t,
	    const char *name, struct error *);
/* One message already opened with the judge's key (sb, its envelope
 * env), as judge_input takes each: a refusal is noted, -1 only for a
 * system error. */
int	judge_message(struct judge_run *, const uint8_t *sb, size_t,
	    const struct envelope *, const char *where, struct error *);
/*
 * One entry of the judge's own making (body, written for the match as it
 * is: a timeout, a ruling), signed and taken at j->at, and what the judge
 * owes after it.
 */
int	judge_own(struct judge_run *, const struct buf *body, struct error *);
/* The operator's ruling at j->at (entry.h, struct entry_rule). */
int	judge_rule(struct judge_run *, const struct entry_rule *,
	    struct error *);
/* An update ready for seat: armored, for the caller to deliver; resent
 * updates sent before (an answer to a message already applied) come
 * first in armored.  0: delivered; JUDGE_LATER: handed on, whether it
 * goes out is known later (judge_settle); -1: not delivered. */
typedef int judge_emit_fn(void *, int seat, const struct buf *armored,
    size_t nentries, int note, size_t resent, struct error *);
#define JUDGE_LATER	1
/* Builds each update with news, hands it to emit, and only then records
 * it as sent (or parks it, when emit says JUDGE_LATER). */
int	judge_updates(struct judge_run *, judge_emit_fn *, void *,
	    struct error *);
/* 1 when seat's holder was handed over by the operator in this run, by
 * its last entry: its old holder gets an update sealed to its old key,
 * the entries it has not had up to the handover (nothing it did not see
 * as the seat's holder), not recorded as sent (the seat's marks are the
 * new holder's). */
int	judge_farewell(const struct judge_run *, int seat);
/* The update parked for seat went out: recorded as sent now (nothing
 * was parked for it: 0, nothing done).  One that did not go out is left
 * parked, and freed by judge_run_clear: the seat gets it next time. */
int	judge_settle(struct judge_run *, int seat, struct error *);
/*
 * The updates the judge sent seat, armored anew for it, appended to out:
 * every one whose seq is from or later, or (from 0) the last one; *n how
 * many.  1 when the judge has sent seat nothing.
 */
int	judge_resend(const struct transcript *, int seat, uint64_t from,
	    struct buf *out, size_t *n, struct error *);

#endif
