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

/* A row of a director's table record (tour_table.c): its words as
 * signed, compared with the rules' as text. */
struct tour_row {
	unsigned	player;
	char		rank[8], score[16];
	char		tb[TOUR_MAX_TB][16];
};

struct ydoc;
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
