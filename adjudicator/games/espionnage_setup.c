/*
 * espionnage's board before play (espionnage.c has the rest): the
 * volcanoes drawn from the game seed, and the setups, parsed, drawn at
 * random and audited against the army.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "espionnage.h"
#include "game.h"
#include "rng.h"

/* Piece i of seat (0-29, in the setup's order) starts on this square. */
static void
start_square(int seat, int i, int *f, int *r)
{
	*f = i % W;
	*r = seat == 0 ? i / W : H - 1 - i / W;
}

/* --- the volcanoes (formats/volcanoes.md) --- */

/* Are the squares of ranks 4-7 that are not volcanoes all connected? */
static int
middle_connected(const struct esp *s)
{
	int seen[W][4], queue[W * 4][2], head = 0, tail = 0, total = 0;
	int f, r, d, x, y;
	static const int df[4] = { 1, -1, 0, 0 }, dr[4] = { 0, 0, 1, -1 };

	memset(seen, 0, sizeof(seen));
	for (f = 0; f < W; f++)
		for (r = 0; r < 4; r++)
			if (s->board[f][r + 3] != VOLCANO) {
				total++;
				if (tail == 0) {
					seen[f][r] = 1;
					queue[tail][0] = f;
					queue[tail++][1] = r;
				}
			}
	while (head < tail) {
		f = queue[head][0];
		r = queue[head++][1];
		for (d = 0; d < 4; d++) {
			x = f + df[d];
			y = r + dr[d];
			if (x < 0 || x >= W || y < 0 || y >= 4 || seen[x][y] ||
			    s->board[x][y + 3] == VOLCANO)
				continue;
			seen[x][y] = 1;
			queue[tail][0] = x;
			queue[tail++][1] = y;
		}
	}
	return tail == total;
}

/*
 * Half the volcanoes by a partial Fisher-Yates shuffle of the twenty
 * squares a4..j4, a5..j5, the rest by 180-degree rotation; a draw that
 * cuts the middle in two is drawn again from the same stream.
 */
static int
draw_volcanoes(struct esp *s, const char *seed, int n, struct error *e)
{
	struct rng g;
	int cand[2 * W], i, j, t, f, r, tries;

	rng_init(&g, seed, "volcanoes");
	for (tries = 0; tries < 1000; tries++) {
		for (f = 0; f < W; f++)
			for (r = 3; r < 7; r++)
				s->board[f][r] = EMPTY;
		for (i = 0; i < 2 * W; i++)
			cand[i] = i;
		for (i = 0; i < n / 2; i++) {
			j = i + (int)rng_uniform(&g, (uint32_t)(2 * W - i));
			t = cand[i];
			cand[i] = cand[j];
			cand[j] = t;
			f = cand[i] % W;
			r = 3 + cand[i] / W;
			s->board[f][r] = VOLCANO;
			s->board[W - 1 - f][H - 1 - r] = VOLCANO;
		}
		if (middle_connected(s))
			return 0;
	}
	return error_set(e, EXIT_SYSTEM, "no volcano layout keeps the middle "
	    "connected");
}

int
esp_init(void *st, const struct game_config *cfg, struct error *e)
{
	struct esp *s = st;
	int f, r, p, i;

	s->limit = game_config_long(cfg, "limit");
	s->nvolcanoes = (int)game_config_long(cfg, "volcanoes");
	s->moves = (int)game_config_long(cfg, "moves");
	s->reveal = game_config_is(cfg, "combat", "reveal");
	if (s->nvolcanoes % 2 != 0)
		return error_set(e, EXIT_USAGE, "option volcanoes: \"%d\" is not "
		    "an even number", s->nvolcanoes);
	for (f = 0; f < W; f++)
		for (r = 0; r < H; r++)
			s->board[f][r] = EMPTY;
	for (p = 0; p < NP; p++) {
		i = p % PER;
		start_square(esp_owner(p), i, &s->file[p], &s->rank[p]);
		s->board[s->file[p]][s->rank[p]] = p;
		s->alive[p] = 1;
		s->left_sq[p] = -1;
		s->left_turn[p] = -10;
		game_square_name(s->file[p], s->rank[p], s->id[p]);
	}
	s->winner = -1;
	return draw_volcanoes(s, cfg->seed, s->nvolcanoes, e);
}

/* --- setups --- */

int
esp_setup_pieces(const void *st, int seat, struct game_setup *su)
{
	const struct esp *s = st;
	int i;

	memset(su, 0, sizeof(*su));
	for (i = 0; i < PER; i++)
		snprintf(su->id[i], GAME_ID, "%s", s->id[seat * PER + i]);
	su->n = PER;
	return 0;
}

/* A setup letter, in either case. */
static int
letter_kind(char c)
{
	const char *p = strchr(esp_kind_letter + 1, toupper((unsigned char)c));

	return c != '\0' && p != NULL ? (int)(p - esp_kind_letter) : -1;
}

int
esp_setup_parse(const void *st, int seat, const char *text,
    struct game_setup *su, struct error *e)
{
	const char *p;
	int n = 0, k;

	esp_setup_pieces(st, seat, su);
	for (p = text; *p != '\0'; p++) {
		if (*p == '/' && n > 0 && n % W == 0 && n < PER && p[1] != '/')
			continue;
		if (*p == '/' && p[1] == '/')
			return error_set(e, EXIT_USAGE, "setup \"%.40s\": one "
			    "\"/\" between ranks", text);
		if (*p == '/')
			return error_set(e, EXIT_USAGE, "setup \"%.40s\": \"/\" "
			    "after %d letters: it goes between ranks, after each "
			    "%d", text, n, W);
		if ((k = letter_kind(*p)) < 0)
			return error_set(e, EXIT_USAGE, "setup \"%.40s\": \"%c\" "
			    "is not a piece (1-5 soldiers, S spy, X sapper, M "
			    "mine, H headquarters; \"/\" between ranks)", text,
			    *p >= ' ' && *p < 127 ? *p : '?');
		if (n < PER)
			snprintf(su->value[n], GAME_VALUE, "%s",
			    esp_kind_word[k]);
		n++;
	}
	if (n != PER)
		return error_set(e, EXIT_USAGE, "setup \"%.40s\": %d letters, %d "
		    "needed: rank by rank from your back rank, files a to j "
		    "(adjudicator rules espionnage gives the army)", text, n,
		    PER);
	return 0;
}

/* Could seat move at its first turn with these values?  Its front rank
 * faces the middle, where only volcanoes stand in the way. */
static int
front_moves(const struct esp *s, int seat, const struct game_setup *su)
{
	int i, f, r, fr;

	for (i = 2 * W; i < PER && i < su->n; i++) {
		start_square(seat, i, &f, &r);
		fr = seat == 0 ? r + 1 : r - 1;
		if (s->board[f][fr] != VOLCANO &&
		    esp_mobile(esp_kind(su->value[i])))
			return 1;
	}
	return 0;
}

int
esp_setup_audit(const void *st, int seat, const struct game_setup *su,
    struct error *e)
{
	const struct esp *s = st;
	int count[NKIND], i, k;

	memset(count, 0, sizeof(count));
	for (i = 0; i < su->n; i++)
		if ((k = esp_kind(su->value[i])) > 0)
			count[k]++;
	for (k = 1; k < NKIND; k++)
		if (su->n != PER || count[k] != esp_army[k])
			return error_set(e, EXIT_REFUSED, "%s's setup has %d "
			    "%s%s, not %d", esp_colour[seat], count[k],
			    esp_kind_word[k], count[k] == 1 ? "" : "s",
			    esp_army[k]);
	if (!front_moves(s, seat, su))
		return error_set(e, EXIT_REFUSED, "%s's setup leaves it no "
		    "legal move at its first turn: every piece of its front "
		    "rank with an empty square before it is a mine or the "
		    "headquarters", esp_colour[seat]);
	return 0;
}

void
esp_setup_random(const void *st, int seat, struct rng *rg,
    struct game_setup *su)
{
	const struct esp *s = st;
	int order[PER], i, j, k, t, n = 0, f, r;

	esp_setup_pieces(st, seat, su);
	for (k = 1; k < NKIND; k++)
		for (i = 0; i < esp_army[k]; i++)
			order[n++] = k;
	for (i = PER - 1; i > 0; i--) {
		j = (int)rng_uniform(rg, (uint32_t)i + 1);
		t = order[i];
		order[i] = order[j];
		order[j] = t;
	}
	for (i = 0; i < PER; i++)
		snprintf(su->value[i], GAME_VALUE, "%s",
		    esp_kind_word[order[i]]);
	if (front_moves(s, seat, su))
		return;
	/* a soldier to the first front square a volcano leaves free */
	for (i = 2 * W; i < PER; i++) {
		start_square(seat, i, &f, &r);
		if (s->board[f][seat == 0 ? r + 1 : r - 1] != VOLCANO)
			break;
	}
	for (j = 0; j < 2 * W && !esp_mobile(order[j]); j++)
		;
	snprintf(su->value[i], GAME_VALUE, "%s", esp_kind_word[order[j]]);
	snprintf(su->value[j], GAME_VALUE, "%s", esp_kind_word[order[i]]);
}

int
esp_value_ok(const void *st, int seat, const char *id, const char *value)
{
	const struct esp *s = st;
	int i;

	for (i = 0; i < PER; i++)
		if (strcmp(s->id[seat * PER + i], id) == 0)
			return esp_kind(value) > 0;
	return 0;
}
