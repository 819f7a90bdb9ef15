/*
 * Plays a whole game in memory: keys, setups, turns, obligations and
 * final openings exactly as the verbs do, with every entry signed and
 * applied to each seat's own match.  For the rule-case corpus, the
 * random-playout conformance test and the benchmark's archive.
 */
#ifndef SELFPLAY_H
#define SELFPLAY_H

#include "match.h"

struct selfplay {
	const struct game_rules	*rules;
	int			 nseats;
	struct key_secret	*key[GAME_MAX_SEATS];
	struct match_secret	*secret[GAME_MAX_SEATS];
	struct match		*m[GAME_MAX_SEATS];	/* each seat's copy */
	struct buf		*entries;		/* signed blobs */
	size_t			 nentries;
};

struct selfplay *selfplay_new(const char *rules, char *const *opts,
	    int nopts, int nseats, struct error *);
void	selfplay_free(struct selfplay *);
/* layout NULL: random */
int	selfplay_setup(struct selfplay *, int seat, const char *layout,
	    struct error *);
/*
 * One turn by seat: its owed openings, then the action (NULL: openings
 * or final openings only), then its final openings if the game ended.
 */
int	selfplay_turn(struct selfplay *, int seat, const char *action,
	    struct error *);
/* Signs and applies a hand-made body as seat (for tamper tests). */
int	selfplay_raw(struct selfplay *, int seat, const struct buf *body,
	    struct error *);
/* A uniformly random legal action of the rules for seat, as text. */
int	selfplay_random_action(struct selfplay *, int seat, char *, size_t);
int	selfplay_archive(const struct selfplay *, struct buf *, struct error *);

#endif
