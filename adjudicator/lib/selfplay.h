/*
 * Plays a whole game in memory, in peer or judge mode: keys, setups,
 * turns, obligations, claims and final openings exactly as the verbs do.
 * Every message is signed, encrypted and armored, and taken by each copy
 * (each seat, and the judge) through the same path as on disk (transcript.c,
 * judge.c), into a store in memory.  For the rule-case corpus, the
 * random-playout conformance test and the benchmark's archive.
 */
#ifndef SELFPLAY_H
#define SELFPLAY_H

#include "judge.h"
#include "match.h"
#include "transcript.h"
#include "rng.h"

#define SELFPLAY_PARTIES	(GAME_MAX_SEATS + 1)	/* the judge last */

struct selfplay_store;

/* A dishonest judge, for the tests: may rewrite the body (YAML) of an
 * update for seat, or (seat -1) of one of its own entries, before the
 * judge signs it. */
typedef void selfplay_tamper_fn(void *, int seat, struct buf *body);

struct selfplay {
	const struct game_rules	*rules;
	int			 nseats;
	int			 judged;
	struct key_secret	*key[SELFPLAY_PARTIES];
	struct transcript		 party[SELFPLAY_PARTIES];
	struct selfplay_store	*store[SELFPLAY_PARTIES];
	/* each seat's match (party[s].m, kept current), and the judge's */
	struct match		*m[SELFPLAY_PARTIES];
	/* the transcript: the judge's, or the first seat's */
	struct buf		*entries;
	size_t			 nentries;
	struct rng		 rng;		/* random setups and actions */
	char			 note[512];	/* the judge's last refusal */
	selfplay_tamper_fn	*tamper;
	void			*tamper_arg;
	/* every message as it would be mailed: from a seat (to every other
	 * seat, or to the judge: to -1), or from the judge to seat to */
	void			(*on_message)(void *, int from, int to,
				    const struct buf *armored);
	void			*on_message_arg;
	struct buf		 invitation;	/* the header, armored */
	int			 fixed;		/* see selfplay_new_fixed */
};

/* judged: a judge with its own key holds every setup. */
struct selfplay *selfplay_new(const char *rules, char *const *opts,
	    int nopts, int nseats, int judged, struct error *);
/*
 * The same game every time: keys, header (time and nonce), commitment
 * nonces and random choices all come from one fixed stream, so that the
 * signed entries, and what a message to one of its copies can say, do
 * not change from one run to the next (a fuzz harness's seeds are real
 * messages).  Only the encryption of messages stays random.
 */
struct selfplay *selfplay_new_fixed(const char *rules, char *const *opts,
	    int nopts, int nseats, int judged, struct error *);
/* A game between given keys (seat order, then the judge's; each taken,
 * freed with the game), created at a given time ("YYYY-MM-DDTHH:MM:SSZ";
 * NULL: now). */
struct selfplay *selfplay_new_as(const char *rules, char *const *opts,
	    int nopts, int nseats, int judged, struct key_secret **keys,
	    const char *created, struct error *);
void	selfplay_free(struct selfplay *);
/* A copy of party's transcript, its store in memory too, to try input
 * on and throw away; free with selfplay_fork_free. */
struct transcript *selfplay_fork(const struct selfplay *, int party,
	    struct error *);
void	selfplay_fork_free(struct transcript *);
/* layout NULL: random.  Parsed and audited as the setup verb does. */
int	selfplay_setup(struct selfplay *, int seat, const char *layout,
	    struct error *);
/* Commits to a setup as given, unaudited (a test's cheating seat). */
int	selfplay_commit(struct selfplay *, int seat,
	    const struct game_setup *, struct error *);
/*
 * One turn by seat: what it owes (openings, a claim), then the action
 * (NULL: what is owed only), then its final openings if the game ended.
 * In a judged game a refusal by the judge is an error carrying its note.
 */
int	selfplay_turn(struct selfplay *, int seat, const char *action,
	    struct error *);
/* Signs a hand-made body as seat and sends it (for tamper tests): every
  * copy takes it, or none. */
int	selfplay_raw(struct selfplay *, int seat, const struct buf *body,
	    struct error *);
/* A random legal action of seat, as notation. */
int	selfplay_random_action(struct selfplay *, int seat, char *, size_t,
	    struct error *);
/*
 * Plays the game to its end (selfplay_run.c): what is owed, else random
 * actions; after plies of them (-1: never), a draw agreed (2 seats) or a
 * resignation by seat resign (SELFPLAY_MOVER: whoever is to move).
 */
#define SELFPLAY_MOVER	(-2)
struct selfplay_end {
	int	plies;
	int	draw;
	int	resign;		/* a seat, SELFPLAY_MOVER, or -1 */
};
int	selfplay_run(struct selfplay *, const struct selfplay_end *,
	    struct error *);
int	selfplay_archive(const struct selfplay *, struct buf *, struct error *);
/* A seat's export (a judged seat's carries its updates). */
int	selfplay_export(const struct selfplay *, int seat, struct buf *,
	    struct error *);

#endif
