/*
 * topogic's state, shared by its rules (topogic.c) and its pictures
 * (topogic_view.c) alone.
 */
#ifndef TOPOGIC_H
#define TOPOGIC_H

#include <stddef.h>

#include "game.h"

#define GRID		12	/* the random field grows on a 12x12 grid */
#define NTILES		60
#define NCOLOURS	10
#define NVALUES		6
#define GAP		(-1)
#define MAXPAWNS	5
#define MAXTOK		16	/* tokens read in one turn, to say "too many" */
#define MAXLIMIT	500
#define CELL(f, r)	((f) * GRID + (r))
#define SECRET		"secret"

struct topo {
	signed char	tile[GRID][GRID];	/* [file][rank]: tile or GAP */
	int		files, ranks;
	int		npawns, border, rect;
	long		limit;
	char		name[2][33];
	int		round;		/* 0 or 1: its coder is seat round */
	int		ending;		/* the last score is told; the secret
					 * opens in the next stage */
	int		placed;		/* the pawns are on the field */
	unsigned char	pawn[MAXPAWNS];	/* cells, sorted */
	int		count[2];	/* scores told in each round */
	int		length[2];	/* a round's length once ended, else 0 */
	unsigned char	hist[2][MAXLIMIT][MAXPAWNS];
	unsigned char	score[2][MAXLIMIT];
	int		over, winner;
	char		why[200];
};

/* topogic.c */
extern const char topo_code[NCOLOURS + 1];	/* a colour's letter */
extern const char *const topo_colour[NCOLOURS];
const char *topo_plural(int n);
int	topo_has_tile(const struct topo *, int f, int r);
/* topogic_setup.c: the field, the secrets */
int	topo_init(void *, const struct game_config *, struct error *);
int	topo_setup_pieces(const void *, int seat, struct game_setup *);
int	topo_setup_parse(const void *, int seat, const char *text,
	    struct game_setup *, struct error *);
void	topo_setup_random(const void *, int seat, struct rng *,
	    struct game_setup *);
int	topo_value_ok(const void *, int seat, const char *id,
	    const char *value);
int	topo_setup_audit(const void *, int seat, const struct game_setup *,
	    struct error *);
int	topo_setup_due(const void *, int seat);
int	topo_code_tile(const char *text);	/* "Y4": a tile, or -1 */
int	topo_any_square(const char *text, int *f, int *r);	/* "C3" too */
int	topo_coder(const struct topo *);
int	topo_seeker(const struct topo *);
void	topo_tile_name(int t, char *out, size_t len);
void	topo_cell_name(int cell, char out[5]);
int	topo_cell_of(const struct topo *, int t);
int	topo_value_tile(const char *v);
void	topo_pawn_list(const struct topo *, const unsigned char *p, char *out,
	    size_t len);
void	topo_round_words(const struct topo *, int r, char *out, size_t len);

/* topogic_view.c */
void	topo_render(const void *, int viewer, const struct game_ctx *,
	    struct buf *);
int	topo_view(const void *, int viewer, const struct game_ctx *,
	    struct ydoc_writer *);
void	topo_svg(const void *, int viewer, const struct game_ctx *,
	    const struct game_action *last, struct svg *);

#endif
