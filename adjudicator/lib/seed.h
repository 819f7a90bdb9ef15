/*
 * The seed of a game whose rules draw from it (formats/header.md, "The
 * seed"): chosen by the header's seed (new -s), or drawn by every party.
 * Then the header carries seed_commit, its creator's commitment to a
 * share derived from its own key and the header's nonce, so that no file
 * keeps it; every other party writes a share (kind: share) in order, the
 * seats but the creator in seat order, then the judge; the creator's
 * reveal comes last, and the seed is the hash of the game id and every
 * share.  Nobody can choose or foresee it before the others committed.
 */
#ifndef SEED_H
#define SEED_H

#include <stdint.h>

#include "buf.h"
#include "error.h"
#include "sec.h"

struct key_secret;
struct match;
struct ydoc;
struct ydoc_writer;

/* The creator's share and the commitment to it: its key's deterministic
 * signature of the domain "adjudicator seed share v1" and nonce, hashed
 * (the key agent signs it as it signs an entry). */
int	seed_share_derive(const struct key_secret *,
	    const uint8_t nonce[SEC_HASH], uint8_t share[SEC_HASH],
	    struct error *);
int	seed_commitment(const struct key_secret *,
	    const uint8_t nonce[SEC_HASH], uint8_t commit[SEC_HASH],
	    struct error *);

/* The header's seed or seed_commit, read into m (its creator and nonce
 * known): the state is then initialised from the seed, or, while shares
 * are owed, from a stand-in that no view shows. */
int	seed_header(struct match *, const struct ydoc *doc, int creator,
	    const uint8_t nonce[SEC_HASH], const char *where, struct error *);

int	seed_is_kind(const char *kind);
/* Shares still owed (the game not over). */
int	seed_pending(const struct match *);
/* Who owes the next share: a seat, GAME_JUDGE, or -1. */
int	seed_next(const struct match *);
/* An entry of kind by author while a share is owed: refused, but for the
 * entries about time (a seat changes hands once the seed is drawn: the
 * creator's reveal is made from its key). */
int	seed_refuse(const struct match *, int author, const char *kind,
	    const char *where, struct error *);
/* A share: in its turn, well formed, the creator's against the header's
 * commitment; the last one draws the seed and sets the game up. */
int	seed_apply(struct match *, int author, const struct ydoc *,
	    const char *where, struct error *);
/* The share author writes now: the creator's, derived from k (its key),
 * else 32 random bytes. */
int	seed_share_of(const struct match *, int author,
	    const struct key_secret *k, uint8_t share[SEC_HASH],
	    struct error *);

/* How the seed was made, in words, one line ending in a newline
 * ("Seed: drawn by alice, bob and the judge."): nothing for a game that
 * draws nothing. */
void	seed_line(const struct match *, struct buf *);
/* verify's line: "seed: drawn by alice and bob". */
void	seed_summary(const struct match *, struct buf *);
/* The same as a YAML mapping under "seed". */
void	seed_yaml(const struct match *, struct ydoc_writer *);

#endif
