/*
 * What every rule set shares: finding a game, options by name, action
 * fields, needs, results, square names.  The table of games is
 * games/table.c.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "rng.h"

static int
option_index(const struct game_rules *r, const char *name)
{
	int i;

	for (i = 0; r->options != NULL && r->options[i].name != NULL; i++)
		if (strcmp(r->options[i].name, name) == 0)
			return i;
	return -1;
}

/*
 * A number as the header signs it: one way only to write each, so that
 * what is signed is what is meant ("007", "+7", " 7" are not 7).
 */
static int
canonical_number(const char *v, int negative_ok)
{
	const char *d = v;

	if (*d == '-' && negative_ok)
		d++;
	if (*d < '1' || *d > '9')
		return strcmp(v, "0") == 0;
	for (d++; *d != '\0'; d++)
		if (*d < '0' || *d > '9')
			return 0;
	return 1;
}

static int
option_valid(const struct game_option *o, const char *v)
{
	long n;
	int i;

	if (o->choices != NULL) {
		for (i = 0; o->choices[i] != NULL; i++)
			if (strcmp(o->choices[i], v) == 0)
				return 1;
		return 0;
	}
	if (!canonical_number(v, o->min < 0))
		return 0;
	errno = 0;
	n = strtol(v, NULL, 10);
	return errno == 0 && n >= o->min && n <= o->max;
}

const struct game_rules *
game_find(const char *name)
{
	int i;

	for (i = 0; game_table[i] != NULL; i++)
		if (strcmp(game_table[i]->name, name) == 0)
			return game_table[i];
	return NULL;
}

int
game_options_default(const struct game_rules *r, struct game_config *cfg,
    struct error *e)
{
	int i;

	cfg->nopts = 0;
	for (i = 0; r->options != NULL && r->options[i].name != NULL; i++) {
		if (i >= GAME_MAX_OPTIONS)
			return error_set(e, EXIT_SYSTEM, "%s: too many options",
			    r->name);
		snprintf(cfg->opt_name[i], sizeof(cfg->opt_name[i]), "%s",
		    r->options[i].name);
		snprintf(cfg->opt[i], sizeof(cfg->opt[i]), "%s",
		    r->options[i].def);
		cfg->nopts = i + 1;
	}
	return 0;
}

int
game_option_set(const struct game_rules *r, struct game_config *cfg,
    const char *name, const char *value, struct error *e)
{
	const struct game_option *o;
	char q[80];
	int i;

	/* whole, never a prefix: a name or value longer than any the game
	 * takes is refused as it is */
	if ((i = option_index(r, name)) < 0) {
		error_quote(q, sizeof(q), name);
		return error_set(e, EXIT_USAGE, "%s has no option \"%s\"",
		    r->name, q);
	}
	o = &r->options[i];
	error_quote(q, sizeof(q), value);
	if (strlen(value) >= sizeof(cfg->opt[i]))
		return error_set(e, EXIT_USAGE, "option %s: \"%s\" is longer "
		    "than %zu characters", o->name, q, sizeof(cfg->opt[i]) - 1);
	if (!option_valid(o, value)) {
		if (o->choices != NULL)
			return error_set(e, EXIT_USAGE, "option %s: \"%s\" is "
			    "not allowed", o->name, q);
		return error_set(e, EXIT_USAGE, "option %s: \"%s\" is not a "
		    "number from %ld to %ld, written plainly (no leading zero, "
		    "%sno blank)", o->name, q, o->min, o->max, o->min < 0 ?
		    "no '+', " : "no sign, ");
	}
	snprintf(cfg->opt[i], sizeof(cfg->opt[i]), "%s", value);
	return 0;
}

int
game_options(const struct game_rules *r, struct game_config *cfg,
    char *const *kv, int nkv, struct error *e)
{
	char name[GAME_NAME + 1], q[80];
	const char *eq;
	int k;

	if (game_options_default(r, cfg, e) != 0)
		return -1;
	for (k = 0; k < nkv; k++) {
		eq = strchr(kv[k], '=');
		if (eq == NULL || eq == kv[k]) {
			error_quote(q, sizeof(q), kv[k]);
			return error_set(e, EXIT_USAGE, "option \"%s\": "
			    "expected NAME=VALUE", q);
		}
		if ((size_t)(eq - kv[k]) >= sizeof(name)) {
			/* longer than any option's name: none of them */
			error_quote(q, sizeof(q), kv[k]);
			q[strcspn(q, "=")] = '\0';
			return error_set(e, EXIT_USAGE, "%s has no option "
			    "\"%s\"", r->name, q);
		}
		snprintf(name, sizeof(name), "%.*s", (int)(eq - kv[k]), kv[k]);
		if (game_option_set(r, cfg, name, eq + 1, e) != 0)
			return -1;
	}
	return 0;
}

const char *
game_config_get(const struct game_config *cfg, const char *name)
{
	int i;

	for (i = 0; i < cfg->nopts; i++)
		if (strcmp(cfg->opt_name[i], name) == 0)
			return cfg->opt[i];
	return NULL;
}

long
game_config_long(const struct game_config *cfg, const char *name)
{
	const char *v = game_config_get(cfg, name);

	return v != NULL ? strtol(v, NULL, 10) : 0;
}

int
game_config_is(const struct game_config *cfg, const char *name,
    const char *value)
{
	const char *v = game_config_get(cfg, name);

	return v != NULL && strcmp(v, value) == 0;
}

const char *
game_value(const struct game_ctx *c, int seat, const char *id)
{
	return c != NULL && c->value != NULL ? c->value(c, seat, id) : NULL;
}

const char *
game_claim(const struct game_ctx *c, const char *name)
{
	return c != NULL && c->claim != NULL ? c->claim(c, name) : NULL;
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
game_needs_init(struct game_needs *n)
{
	n->n = 0;
	n->claim_by = -1;
	n->claim[0] = '\0';
}

int
game_needs_add(struct game_needs *n, int seat, const char *id)
{
	int i;

	for (i = 0; i < n->n; i++)
		if (n->p[i].seat == seat && strcmp(n->p[i].id, id) == 0)
			return 0;
	if (n->n >= GAME_MAX_NEEDS)
		return -1;
	n->p[n->n].seat = seat;
	snprintf(n->p[n->n].id, sizeof(n->p[n->n].id), "%s", id);
	n->n++;
	return 0;
}

void
game_needs_claim(struct game_needs *n, int by, const char *claim)
{
	n->claim_by = by;
	snprintf(n->claim, sizeof(n->claim), "%s", claim);
}

/* snprintf(d, n, "%s", s) without the formatting: the rules name a result
 * after every move. */
static void
copy_str(char *d, size_t n, const char *s)
{
	size_t l = strnlen(s, n - 1);

	memcpy(d, s, l);
	d[l] = '\0';
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
	copy_str(res->why, sizeof(res->why), why);
}

void
game_result_score(struct game_result *res, const char *label, long points)
{
	if (res->nscores >= GAME_MAX_SCORES)
		return;
	snprintf(res->scores[res->nscores].label,
	    sizeof(res->scores[res->nscores].label), "%s", label);
	res->scores[res->nscores].points = points;
	res->nscores++;
	res->scored = 1;
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
	int r = (rank + 1) % 100, n = 0;

	/* by hand: verify names a square or two for every move */
	out[n++] = (char)('a' + (file % 26));
	if (r < 0) {
		out[n++] = '-';
		r = -r;
	}
	if (r >= 10)
		out[n++] = (char)('0' + r / 10);
	out[n++] = (char)('0' + r % 10);
	out[n] = '\0';
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

int
game_best(const long *score, int n, struct rng *r)
{
	int i, best = 0, ties = 1;

	for (i = 1; i < n; i++) {
		if (score[i] > score[best]) {
			best = i;
			ties = 1;
		} else if (score[i] == score[best] &&
		    rng_uniform(r, (uint32_t)++ties) == 0)
			best = i;
	}
	return best;
}
