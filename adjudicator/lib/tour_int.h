/*
 * What the tournament's files share and nobody else needs.
 */
#ifndef TOUR_INT_H
#define TOUR_INT_H

#include "tour.h"

/* Every game of the rounds before r decided: 0, or -1 naming the first
 * that is not (EXIT_REFUSED). */
int	tour_decided(const struct tour *, unsigned r, struct error *);
/* The games numbered 1.. in their order, byes after the games. */
void	tour_number_boards(struct tour_game *, size_t);
/* tour_knock.c: round r of a knockout (r already paired: the second
 * games its drawn matches owe). */
int	tour_pair_knockout(const struct tour *, unsigned r,
	    struct tour_game *, size_t *, struct error *);
/* The winner of round r's match on board b: 0 and *w; 1 when it is not
 * decided yet (*owed set when it owes a second game). */
int	tour_match_winner(const struct tour *, unsigned r, unsigned b,
	    unsigned *w, int *owed);
/* The points a slot gives its white and its black, in halves. */
void	tour_points(const struct tour *, const struct tour_slot *,
	    unsigned *white, unsigned *black);

/* tour_stage.c: format's stage: map (tour_decl.c), checked against the
 * players once they are read. */
struct ydoc;
int	tour_stage_read(struct tour_decl *, const struct ydoc *,
	    const char *where, struct error *);
/* tour_tables.c: a declaration of tables checked (its players, format
 * and tie-breaks). */
int	tour_tables_fit(const struct tour_decl *, const char *where,
	    struct error *);
unsigned tour_final_rounds(const struct tour_decl *);
int	tour_stage_fits(const struct tour_decl *, const char *where,
	    struct error *);
/* A round of the final stage (a round robin's; a knockout's through
 * tour_pair_knockout). */
int	tour_pair_stage(const struct tour *, unsigned r, struct tour_game *,
	    size_t *, struct error *);
/* The players of round r's stage in its seed order, and the round before
 * its first (0 for the first stage). */
int	tour_stage_seeds(const struct tour *, unsigned r, unsigned *who,
	    size_t *n, unsigned *base, struct error *);

/* The table of a tournament with a final stage: the stages' one after
 * the other. */
int	tour_table_stages(const struct tour *, enum tour_fmt, struct buf *,
	    struct error *);

/* A part of a tournament as one of its own: the slots of rounds r0..r1
 * among the players who[0..m), renumbered (round r0 its 1, who[i] its
 * player i), of format f and cycles (no sections, no stage). */
struct tour_part {
	struct tour_decl	d;
	struct tour		t;
};
int	tour_part_make(const struct tour *, unsigned r0, unsigned r1,
	    const unsigned *who, size_t m, enum tour_format f, unsigned cycles,
	    struct tour_part *, struct error *);
void	tour_part_free(struct tour_part *);
/* A row of a director's table record (tour_table.c): its words as
 * signed, compared with the rules' as text. */
struct tour_row {
	unsigned	player;
	char		rank[8], score[16];
	char		tb[TOUR_MAX_TB][16];
};

struct ydoc;
/* m's key as a number from min (at most 100000), into out (tour_rec.c) */
int	tour_number(const struct ydoc *m, const char *key, unsigned min,
	    unsigned *out, const char *where, struct error *);
/* The bodies of a table and a ruling record after their head. */
int	tour_table_read(const struct tour_decl *, const struct ydoc *,
	    struct tour_record *, const char *where, struct error *);
int	tour_ruling_read(const struct tour_decl *, const struct ydoc *,
	    struct tour_record *, const char *where, struct error *);
/* A table record against the rules: 0, or 1 with the first difference
 * in diff. */
int	tour_table_diff(const struct tour *, const struct tour_record *,
	    char *diff, size_t, struct error *);
/* v in units of 1/unit (2: halves, 4: quarters), as a decimal */
void	tour_dec(char *, size_t, long v, unsigned unit);

#endif
