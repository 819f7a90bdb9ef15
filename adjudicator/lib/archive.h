/*
 * The archive (formats/archive.md): a whole game in one armored file, as
 * export writes it and verify reads it.  Version 1 holds the header and
 * the transcript; version 2, a judged seat's export, adds that seat's own
 * openings (only once the game has opened them all) and every update the
 * seat received, so that what the judge showed it can be audited;
 * version 3, a peer's export of a disputed timeout claim, adds the entry
 * that forks the transcript (dispute.c).
 *
 * verify reads an archive as a stream, checking the signatures of one
 * batch of entries on every core while the batch before is applied and
 * the batch after is read, so its memory does not grow with the game and
 * no core waits for the reading.
 */
#ifndef ARCHIVE_H
#define ARCHIVE_H

#include <stdint.h>
#include <stdio.h>

#include "buf.h"
#include "error.h"
#include "game.h"
#include "key.h"
#include "sec.h"

struct match;
struct match_secret;

#define ARCHIVE_MAX_THREADS	16

#include "armor.h"

/* Armored as it is written: see armor_out for out and the sink. */
struct archive_out {
	struct armor_out arm;
	int		version;
};

/* Then, version 3 (nforks > 0), the forks before the entries. */
int	archive_out_begin(struct archive_out *, uint64_t nentries,
	    int with_updates, uint64_t nupdates, uint32_t nforks,
	    struct buf *out, armor_sink_fn *, void *, struct error *);
/*
 * Each entry of an archive as verify applied it: its hash, its author (a
 * seat or GAME_JUDGE), and the name and key id that signed it (the seat's
 * holder then, or the judge's).  archive_step, as a progress entry hook
 * (or called from one), appends each to a struct archive_steps.
 */
struct archive_step {
	uint8_t		hash[SEC_HASH];
	int		by;
	char		name[KEY_NAME_MAX + 1];
	char		key[KEY_ID_HEX];
};
struct archive_steps {
	struct archive_step	*s;
	size_t			 n, cap;	/* steps, room in s */
	char			 game[2 * SEC_HASH + 1];
};
int	archive_step(void *steps, const struct match *, struct error *);

/* Version 2: the exporting seat and, once all of them are open in the
 * transcript, its openings. */
int	archive_out_viewer(struct archive_out *, const struct match *, int seat,
	    const struct match_secret *, struct error *);
int	archive_out_add(struct archive_out *, const struct buf *,
	    struct error *);
int	archive_out_end(struct archive_out *, struct error *);

struct archive_progress {
	void	(*step)(void *, uint32_t done, uint32_t total);
	void	*arg;
	/*
	 * Each position, for whoever shows the game (replay): the match
	 * after the header (seq 0) and after each entry, once applied and
	 * checked; a nonzero return (e set) stops the verification.  Then
	 * end, once the whole game has passed every audit.  Either may be
	 * NULL.
	 */
	int	(*entry)(void *, const struct match *, struct error *);
	int	(*end)(void *, const struct match *, struct error *);
	/*
	 * A game under way is taken (replay -d, show -f moves): every entry
	 * so far is checked as ever, but what only the end can audit (the
	 * setups, what the judge showed a seat) waits until the game is
	 * closed, and the summary says the game goes on.
	 */
	int	unfinished;
	/* replay -a: every seat's whole setup, known from the start (a
	 * finished game's, as a first pass opened them); NULL: none */
	const struct game_setup *reveal[GAME_MAX_SEATS];
};

/*
 * Audits a whole game from an archive; on success appends the summary
 * (formats/archive.md) to out.  A disputed timeout claim (version 3)
 * passes when everything else does: the summary says so, and the match
 * end sees has dispute.on set.  threads: how many threads check
 * signatures (1: all on the calling thread).
 */
int	archive_verify(FILE *, const char *name, int threads,
	    const struct archive_progress *, struct buf *out, struct error *);
/* The same for the block a stream is at (armor_stream_open or _next with
 * ARMOR_ARCHIVE): a file of several archives, each in turn. */
int	archive_verify_stream(struct armor_stream *, const char *name,
	    int threads, const struct archive_progress *, struct buf *out,
	    struct error *);
#endif
