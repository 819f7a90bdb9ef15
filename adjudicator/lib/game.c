/*
 * The table of games, and helpers every rule set shares: options, action
 * fields, square names.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"

extern const struct game_rules game_incognito;
extern const struct game_rules game_incognito_rps;

const struct game_rules *const game_table[] = {
	&game_incognito,
	&game_incognito_rps,
	NULL
};

const struct game_rules *
game_find(const char *name)
{
	int i;

	for (i = 0; game_table[i] != NULL; i++)
		if (strcmp(game_table[i]->name, name) == 0)
			return game_table[i];
	return NULL;
}

static int
option_index(const struct game_rules *r, const char *name)
{
	int i;

	for (i = 0; r->options != NULL && r->options[i].name != NULL; i++)
		if (strcmp(r->options[i].name, name) == 0)
			return i;
	return -1;
}

static int
option_valid(const struct game_option *o, const char *v)
{
	char *end;
	long n;
	int i;

	if (o->choices != NULL) {
		for (i = 0; o->choices[i] != NULL; i++)
			if (strcmp(o->choices[i], v) == 0)
				return 1;
		return 0;
	}
	if (*v == '\0' || !isdigit((unsigned char)*v))
		return 0;
	n = strtol(v, &end, 10);
	return *end == '\0' && n >= o->min && n <= o->max;
}

int
game_options(const struct game_rules *r, struct game_config *cfg,
    char *const *kv, int nkv, struct error *e)
{
	char name[64];
	const char *eq;
	int i, k;

	for (i = 0; r->options != NULL && r->options[i].name != NULL; i++)
		snprintf(cfg->opt[i], sizeof(cfg->opt[i]), "%s",
		    r->options[i].def);
	for (k = 0; k < nkv; k++) {
		eq = strchr(kv[k], '=');
		if (eq == NULL || eq == kv[k] ||
		    (size_t)(eq - kv[k]) >= sizeof(name))
			return error_set(e, EXIT_USAGE, "option \"%.60s\": "
			    "expected NAME=VALUE", kv[k]);
		snprintf(name, sizeof(name), "%.*s", (int)(eq - kv[k]), kv[k]);
		if ((i = option_index(r, name)) < 0)
			return error_set(e, EXIT_USAGE, "%s has no option "
			    "\"%s\"", r->name, name);
		if (strlen(eq + 1) >= sizeof(cfg->opt[i]) ||
		    !option_valid(&r->options[i], eq + 1)) {
			if (r->options[i].choices != NULL)
				return error_set(e, EXIT_USAGE, "option %s: "
				    "\"%.60s\" is not allowed",
				    r->options[i].name, eq + 1);
			return error_set(e, EXIT_USAGE, "option %s: \"%.60s\" "
			    "is not a number from %ld to %ld",
			    r->options[i].name, eq + 1, r->options[i].min,
			    r->options[i].max);
		}
		snprintf(cfg->opt[i], sizeof(cfg->opt[i]), "%s", eq + 1);
	}
	return 0;
}

const char *
game_opt(const struct game_rules *r, const struct game_config *cfg,
    const char *name)
{
	int i = option_index(r, name);

	if (i < 0)
		return NULL;
	return cfg->opt[i][0] != '\0' ? cfg->opt[i] : r->options[i].def;
}

long
game_opt_long(const struct game_rules *r, const struct game_config *cfg,
    const char *name)
{
	const char *v = game_opt(r, cfg, name);

	return v != NULL ? strtol(v, NULL, 10) : 0;
}

void
game_action_init(struct game_action *a, const char *type)
{
	memset(a, 0, sizeof(*a));
	snprintf(a->type, sizeof(a->type), "%s", type);
}

int
game_action_set(struct game_action *a, const char *key, const char *val)
{
	int i;

	if (strlen(key) >= sizeof(a->f[0].key) ||
	    strlen(val) >= sizeof(a->f[0].val))
		return -1;
	for (i = 0; i < a->nf; i++)
		if (strcmp(a->f[i].key, key) == 0)
			return -1;
	if (a->nf >= GAME_FIELDS)
		return -1;
	memcpy(a->f[a->nf].key, key, strlen(key) + 1);
	memcpy(a->f[a->nf].val, val, strlen(val) + 1);
	a->nf++;
	return 0;
}

const char *
game_action_get(const struct game_action *a, const char *key)
{
	int i;

	for (i = 0; i < a->nf; i++)
		if (strcmp(a->f[i].key, key) == 0)
			return a->f[i].val;
	return NULL;
}

int
game_action_keys(const struct game_action *a, const char *const *keys,
    struct error *e)
{
	int i, j, ok;

	for (i = 0; i < a->nf; i++) {
		ok = 0;
		for (j = 0; keys[j] != NULL; j++)
			if (strcmp(keys[j], a->f[i].key) == 0)
				ok = 1;
		if (!ok)
			return error_set(e, EXIT_MALFORMED, "action %s: unknown "
			    "field \"%s\"", a->type, a->f[i].key);
	}
	for (j = 0; keys[j] != NULL; j++)
		if (game_action_get(a, keys[j]) == NULL)
			return error_set(e, EXIT_MALFORMED, "action %s: missing "
			    "field \"%s\"", a->type, keys[j]);
	return 0;
}

void
game_needs_add(struct game_needs *n, int seat, const char *id)
{
	int i;

	for (i = 0; i < n->n; i++)
		if (n->p[i].seat == seat && strcmp(n->p[i].id, id) == 0)
			return;
	if (n->n >= GAME_MAX_NEEDS)
		return;
	n->p[n->n].seat = seat;
	snprintf(n->p[n->n].id, sizeof(n->p[n->n].id), "%s", id);
	n->n++;
}

void
game_result_one(struct game_result *res, int over, int winner,
    const char *why)
{
	memset(res, 0, sizeof(*res));
	res->over = over;
	res->draw = over && winner < 0;
	if (over && winner >= 0 && winner < GAME_MAX_SEATS)
		res->winner[winner] = 1;
	snprintf(res->why, sizeof(res->why), "%s", why);
}

int
game_square(const char *s, int *file, int *rank)
{
	int r = 0, digits = 0;
	const char *p;

	if (s[0] < 'a' || s[0] > 'z')
		return -1;
	for (p = s + 1; *p; p++) {
		if (!isdigit((unsigned char)*p) || ++digits > 2)
			return -1;
		r = r * 10 + (*p - '0');
	}
	if (digits == 0 || r < 1 || (s[1] == '0'))
		return -1;
	*file = s[0] - 'a';
	*rank = r - 1;
	return 0;
}

void
game_square_name(int file, int rank, char out[5])
{
	snprintf(out, 5, "%c%d", 'a' + (file % 26), (rank + 1) % 100);
}

/* --- SVG boards --- */

#define CELL	48
#define MARGIN	24

void
game_svg_begin(struct buf *b, int files, int ranks, const char *title)
{
	int f, r, w = files * CELL + 2 * MARGIN, h = ranks * CELL + 3 * MARGIN;

	if (w < 480)
		w = 480;	/* room for the caption under a small board */

	buf_printf(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
	    "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">"
	    "\n<title>", w, h, w, h);
	for (; *title; title++)		/* the title is ours, but escape it */
		buf_adds(b, *title == '<' ? "&lt;" : *title == '&' ? "&amp;" :
		    (char[2]){ *title, '\0' });
	buf_printf(b, "</title>\n<rect width=\"%d\" height=\"%d\" "
	    "fill=\"#f4efe4\"/>\n", w, h);
	for (f = 0; f < files; f++)
		for (r = 0; r < ranks; r++)
			game_svg_square(b, ranks, f, r, (f + r) % 2 ?
			    "#e8dcc0" : "#d6c49c");
	for (f = 0; f < files; f++)
		buf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"14\" "
		    "text-anchor=\"middle\">%c</text>\n",
		    MARGIN + f * CELL + CELL / 2, MARGIN + ranks * CELL + 16,
		    'a' + f);
	for (r = 0; r < ranks; r++)
		buf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"14\" "
		    "text-anchor=\"middle\">%d</text>\n", MARGIN / 2,
		    MARGIN + (ranks - 1 - r) * CELL + CELL / 2 + 5, r + 1);
}

void
game_svg_square(struct buf *b, int ranks, int file, int rank,
    const char *fill)
{
	buf_printf(b, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
	    "fill=\"%s\" stroke=\"#8a7a5a\"/>\n", MARGIN + file * CELL,
	    MARGIN + (ranks - 1 - rank) * CELL, CELL, CELL, fill);
}

void
game_svg_piece(struct buf *b, int ranks, int file, int rank, int black,
    const char *label)
{
	int cx = MARGIN + file * CELL + CELL / 2;
	int cy = MARGIN + (ranks - 1 - rank) * CELL + CELL / 2;

	buf_printf(b, "<g class=\"piece\"><circle cx=\"%d\" cy=\"%d\" "
	    "r=\"%d\" fill=\"%s\" stroke=\"#333\" stroke-width=\"2\"/>"
	    "<text x=\"%d\" y=\"%d\" font-size=\"16\" text-anchor=\"middle\" "
	    "fill=\"%s\">%s</text></g>\n", cx, cy, CELL / 2 - 6,
	    black ? "#222" : "#fafafa", cx, cy + 6, black ? "#fafafa" : "#222",
	    label);
}

void
game_svg_end(struct buf *b, int files, int ranks, const char *caption)
{
	buf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"13\">",
	    MARGIN, MARGIN + ranks * CELL + 2 * MARGIN + 4);
	for (; *caption; caption++)
		buf_adds(b, *caption == '<' ? "&lt;" : *caption == '&' ?
		    "&amp;" : (char[2]){ *caption, '\0' });
	buf_adds(b, "</text>\n</svg>\n");
	(void)files;
}

void
game_notation_clean(const char *in, char *out, size_t len)
{
	size_t n = 0;
	int gap = 0;

	if (len == 0)
		return;
	for (; *in != '\0'; in++) {
		if (*in == ',' || isspace((unsigned char)*in)) {
			gap = n > 0;
			continue;
		}
		if (gap && n + 1 < len)
			out[n++] = ' ';
		gap = 0;
		if (n + 1 < len)
			out[n++] = *in;
	}
	out[n] = '\0';
}
