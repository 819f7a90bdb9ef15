/*
 * topogic's field and secrets (topogic.c has the rest): the field grown
 * from the game seed and its tiles laid (formats/topogic.md), and each
 * coder's secret tile, read, drawn at random and checked.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "game.h"
#include "rng.h"
#include "topogic.h"

/* --- the field (formats/topogic.md) --- */

static int
touches(const unsigned char in[GRID][GRID], int f, int r)
{
	return (f > 0 && in[f - 1][r]) || (f < GRID - 1 && in[f + 1][r]) ||
	    (r > 0 && in[f][r - 1]) || (r < GRID - 1 && in[f][r + 1]);
}

/* 60 cells grown one by one from f6, each drawn among the empty cells
 * touching the shape along an edge, listed rank by rank from a1. */
static void
grow(struct topo *s, const char *seed)
{
	unsigned char in[GRID][GRID];
	int cand[GRID * GRID], n, i, f, r, c, f0 = GRID, r0 = GRID;
	struct rng g;

	memset(in, 0, sizeof(in));
	rng_init(&g, seed, "topogic-field");
	in[5][5] = 1;
	for (i = 1; i < NTILES; i++) {
		n = 0;
		for (r = 0; r < GRID; r++)
			for (f = 0; f < GRID; f++)
				if (!in[f][r] && touches(in, f, r))
					cand[n++] = CELL(f, r);
		c = cand[rng_uniform(&g, (uint32_t)n)];
		in[c / GRID][c % GRID] = 1;
	}
	s->files = s->ranks = 0;
	for (f = 0; f < GRID; f++)
		for (r = 0; r < GRID; r++)
			if (in[f][r]) {
				f0 = f < f0 ? f : f0;
				r0 = r < r0 ? r : r0;
			}
	for (f = f0; f < GRID; f++)
		for (r = r0; r < GRID; r++)
			if (in[f][r]) {
				s->tile[f - f0][r - r0] = 0;
				s->files = f - f0 + 1 > s->files ? f - f0 + 1 :
				    s->files;
				s->ranks = r - r0 + 1 > s->ranks ? r - r0 + 1 :
				    s->ranks;
			}
}

/* The 60 tiles shuffled (Fisher-Yates, from the last) onto the cells,
 * taken rank by rank from a1. */
static void
lay_tiles(struct topo *s, const char *seed)
{
	int t[NTILES], i, j, x, f, r;
	struct rng g;

	rng_init(&g, seed, "topogic-tiles");
	for (i = 0; i < NTILES; i++)
		t[i] = i;
	for (i = NTILES - 1; i > 0; i--) {
		j = (int)rng_uniform(&g, (uint32_t)i + 1);
		x = t[i];
		t[i] = t[j];
		t[j] = x;
	}
	i = 0;
	for (r = 0; r < s->ranks; r++)
		for (f = 0; f < s->files; f++)
			if (s->tile[f][r] != GAP)
				s->tile[f][r] = (signed char)t[i++];
}

int
topo_init(void *st, const struct game_config *cfg, struct error *e)
{
	struct topo *s = st;
	int f, r;

	(void)e;
	memset(s->tile, GAP, sizeof(s->tile));
	s->npawns = (int)game_config_long(cfg, "pawns");
	s->border = game_config_is(cfg, "start", "border");
	s->rect = game_config_is(cfg, "field", "rect");
	s->limit = game_config_long(cfg, "limit");
	snprintf(s->name[0], sizeof(s->name[0]), "%s", cfg->seat[0]);
	snprintf(s->name[1], sizeof(s->name[1]), "%s", cfg->seat[1]);
	s->winner = -1;
	if (s->rect) {
		s->files = 10;
		s->ranks = 6;
		for (f = 0; f < s->files; f++)
			for (r = 0; r < s->ranks; r++)
				s->tile[f][r] = 0;
	} else
		grow(s, cfg->seed);
	lay_tiles(s, cfg->seed);
	return 0;
}

/* --- the secret --- */

/* A tile as the text board prints it: its colour's capital and its
 * value, "Y4"; or -1. */
int
topo_code_tile(const char *text)
{
	const char *c;

	if (text[0] == '\0' || (c = strchr(topo_code, text[0])) == NULL ||
	    text[1] < '1' || text[1] > '0' + NVALUES || text[2] != '\0')
		return -1;
	return (int)(c - topo_code) * NVALUES + text[1] - '1';
}

/* A square, in either case ("C3"); 0 or -1. */
int
topo_any_square(const char *text, int *f, int *r)
{
	char low[8];
	size_t i;

	for (i = 0; text[i] != '\0' && i + 1 < sizeof(low); i++)
		low[i] = (char)tolower((unsigned char)text[i]);
	low[i] = '\0';
	return text[i] == '\0' ? game_square(low, f, r) : -1;
}

/* "yellow/4" (colour in any case), "Y4" as the board prints it, or a
 * square holding a tile: the tile, or -1. */
static int
secret_tile(const struct topo *s, const char *text)
{
	const char *slash = strchr(text, '/');
	size_t n = slash != NULL ? (size_t)(slash - text) : 0;
	int c, f, r;

	if (s != NULL && (c = topo_code_tile(text)) >= 0)
		return c;

	if (slash != NULL && slash[1] >= '1' && slash[1] <= '0' + NVALUES &&
	    slash[2] == '\0')
		for (c = 0; c < NCOLOURS; c++)
			if (strlen(topo_colour[c]) == n &&
			    strncasecmp(text, topo_colour[c], n) == 0)
				return c * NVALUES + slash[1] - '1';
	if (s != NULL && topo_any_square(text, &f, &r) == 0 && topo_has_tile(s, f, r))
		return s->tile[f][r];
	return -1;
}

/* The canonical value, "yellow/4", as committed: its tile or -1. */
int
topo_value_tile(const char *v)
{
	char canon[GAME_VALUE];
	int t = secret_tile(NULL, v);

	if (t < 0)
		return -1;
	topo_tile_name(t, canon, sizeof(canon));
	return strcmp(canon, v) == 0 ? t : -1;
}

int
topo_setup_pieces(const void *st, int seat, struct game_setup *su)
{
	(void)st;
	(void)seat;
	memset(su, 0, sizeof(*su));
	snprintf(su->id[0], GAME_ID, "%s", SECRET);
	su->n = 1;
	return 0;
}

int
topo_setup_parse(const void *st, int seat, const char *text,
    struct game_setup *su, struct error *e)
{
	int t = secret_tile(st, text);

	topo_setup_pieces(st, seat, su);
	if (t < 0)
		return error_set(e, EXIT_USAGE, "setup \"%.20s\": name your "
		    "secret tile by colour/value (yellow/4), as the board "
		    "prints it (Y4), or by a square of the field that holds a "
		    "tile (c3)", text);
	topo_tile_name(t, su->value[0], GAME_VALUE);
	return 0;
}

void
topo_setup_random(const void *st, int seat, struct rng *r,
    struct game_setup *su)
{
	topo_setup_pieces(st, seat, su);
	topo_tile_name((int)rng_uniform(r, NTILES), su->value[0], GAME_VALUE);
}

int
topo_value_ok(const void *st, int seat, const char *id, const char *value)
{
	(void)st;
	(void)seat;
	return strcmp(id, SECRET) == 0 && topo_value_tile(value) >= 0;
}

int
topo_setup_audit(const void *st, int seat, const struct game_setup *su,
    struct error *e)
{
	const struct topo *s = st;

	if (su->n != 1 || strcmp(su->id[0], SECRET) != 0 ||
	    topo_value_tile(su->value[0]) < 0)
		return error_set(e, EXIT_REFUSED, "%s's secret \"%.15s\" is not "
		    "one tile, colour/value", s->name[seat], su->value[0]);
	return 0;
}

/* Only the coder of the round under way commits, when it begins. */
int
topo_setup_due(const void *st, int seat)
{
	const struct topo *s = st;

	return !s->over && seat == topo_coder(s);
}
