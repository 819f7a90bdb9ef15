/*
 * tournament: a tournament as files (the library's tour*.c,
 * formats/tournament.md).  declare, accept and withdraw sign records;
 * pair, table, verify, trf and archive read the declaration and every
 * record and archive named (files, or directories of them), in the order
 * of their paths whatever order they were named in, and recompute
 * everything; archive writes it all as one file (a tournament archive),
 * which each of them takes alone.
 */
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "armor.h"
#include "cli.h"
#include "envelope.h"
#include "match.h"
#include "tour.h"

struct inputs {
	struct tour_input	 in;
	char			**path;		/* every file, sorted */
	size_t			 npath;
};

static int
add_path(struct inputs *x, const char *p, struct error *e)
{
	char **n;

	if ((n = realloc(x->path, (x->npath + 1) * sizeof(*n))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	x->path = n;
	if ((n[x->npath] = strdup(p)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	x->npath++;
	return 0;
}

static int
add_operand(struct inputs *x, const char *p, struct error *e)
{
	char path[PATH_MAX];
	struct dirent *de;
	struct stat st;
	DIR *d;
	int rc = 0;

	if (stat(p, &st) != 0)
		return error_errno(e, "%s", p);
	if (!S_ISDIR(st.st_mode))
		return add_path(x, p, e);
	if ((d = opendir(p)) == NULL)
		return error_errno(e, "%s", p);
	while (rc == 0 && (de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		if ((size_t)snprintf(path, sizeof(path), "%s/%s", p,
		    de->d_name) >= sizeof(path))
			rc = error_set(e, EXIT_USAGE, "%s: path too long", p);
		else if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
			rc = add_path(x, path, e);
	}
	closedir(d);
	return rc;
}

static int
by_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A file: an archive alone (by its armor, read as it streams), or
 * records of the tournament, perhaps with archives (a tournament
 * archive). */
static int
classify(struct inputs *x, const char *path, struct error *e)
{
	const char **a;
	struct buf t;
	int rc, tour = 0;

	buf_init(&t);
	if ((rc = cli_read(path, &t, e)) == 0 && buf_cstr(&t) == 0 &&
	    !(tour = strstr((char *)t.data, "-----BEGIN " TOUR_ARMOR
	    "-----") != NULL) && strstr((char *)t.data, "-----BEGIN "
	    ARMOR_ARCHIVE "-----") != NULL) {
		a = realloc(x->in.archives, (x->in.narchives + 1) *
		    sizeof(*a));
		if (a == NULL)
			rc = error_set(e, EXIT_SYSTEM, "out of memory");
		else {
			x->in.archives = a;
			a[x->in.narchives++] = path;
		}
	} else if (rc == 0 && !tour)
		rc = error_set(e, EXIT_MALFORMED, "%s: no %s found", path,
		    TOUR_ARMOR);
	else if (rc == 0)
		rc = tour_arc_read(&x->in, (char *)t.data, t.len, path, 0, e);
	buf_free(&t);
	return rc;
}

/* DECL [FILE|DIR...]: the declaration's first block, and the rest. */
static int
inputs(struct inputs *x, int argc, char **argv, struct error *e)
{
	struct buf t;
	size_t i;
	int rc;

	memset(x, 0, sizeof(*x));
	buf_init(&x->in.decl);
	if (argc < 1)
		return cli_usage_why(e, "the declaration is missing");
	buf_init(&t);
	if ((rc = cli_read(argv[0], &t, e)) == 0)
		rc = tour_arc_read(&x->in, (char *)t.data, t.len, argv[0], 1,
		    e);
	buf_free(&t);
	if (rc != 0)
		return -1;
	for (i = 1; i < (size_t)argc; i++)
		if (add_operand(x, argv[i], e) != 0)
			return -1;
	if (x->npath > 0)	/* (no list at all: none named) */
		qsort(x->path, x->npath, sizeof(*x->path), by_str);
	for (i = 0; i < x->npath; i++)
		if ((i == 0 || strcmp(x->path[i], x->path[i - 1]) != 0) &&
		    classify(x, x->path[i], e) != 0)
			return -1;
	return 0;
}

static void
inputs_free(struct inputs *x)
{
	size_t i;

	tour_input_free(&x->in);
	for (i = 0; i < x->npath; i++)
		free(x->path[i]);
	free(x->path);
}

/* Signs body with k to the recipient and prints it armored. */
static int
sign_print(const struct key_secret *k, const struct key_public *to,
    const struct buf *body, struct error *e)
{
	struct buf sb, arm;
	int rc;

	buf_init(&sb);
	buf_init(&arm);
	rc = envelope_sign(k, to, 1, body->data, body->len, &sb, e) != 0 ||
	    armor_wrap(sb.data, sb.len, TOUR_ARMOR, &arm, e) != 0 ||
	    cli_write(arm.data, arm.len, e) != 0 ? -1 : 0;
	buf_free(&sb);
	buf_free(&arm);
	return rc;
}

static int
declare(int argc, char **argv, struct error *e)
{
	struct key_secret *k = NULL;
	const char *key = NULL;
	struct buf body;
	int ch, rc = -1;

	while ((ch = cli_getopt(argc, argv, "k:")) != -1) {
		if (ch != 'k')
			return cli_usage(e);
		key = optarg;
	}
	argc -= optind;
	argv += optind;
	if (key == NULL)
		return cli_usage_why(e, "declare needs the director's key "
		    "(-k)");
	if (cli_operands(argc, argv, 1, e) != 0)
		return -1;
	buf_init(&body);
	if (cli_read(argc > 0 ? argv[0] : NULL, &body, e) == 0 &&
	    tour_decl_check(body.data, body.len, argc > 0 ? argv[0] :
	    "stdin", e) == 0 && (k = cli_key_load(key, e)) != NULL)
		rc = sign_print(k, &k->pub, &body, e);
	key_secret_free(k);
	buf_free(&body);
	return rc;
}

/* The declaration alone, from DECL's first block. */
static int
decl_only(const char *path, struct tour_decl *d, struct error *e)
{
	struct armor_list l = { NULL, 0, NULL };
	struct buf t;
	int rc;

	buf_init(&t);
	if ((rc = cli_read(path, &t, e)) == 0 &&
	    (rc = armor_read((char *)t.data, t.len, TOUR_ARMOR, path, &l,
	    e)) == 0)
		rc = tour_decl_read(l.items[0].data, l.items[0].len, d, path,
		    e);
	armor_list_free(&l);
	buf_free(&t);
	return rc;
}

/* accept -k KEY DECL; withdraw -k KEY [-a ROUND] DECL PLAYER */
static int
record(int argc, char **argv, int withdraw, struct error *e)
{
	struct key_secret *k = NULL;
	const char *key = NULL, *who;
	unsigned long after = 0;
	struct tour_decl d;
	struct buf body;
	char *end;
	int ch, p, rc = -1;

	while ((ch = cli_getopt(argc, argv, withdraw ? "a:k:" : "k:")) != -1)
		if (ch == 'k')
			key = optarg;
		else if (ch == 'a' && (after = strtoul(optarg, &end, 10),
		    *end == '\0' && optarg[0] >= '0' && optarg[0] <= '9' &&
		    after <= 100000))
			continue;
		else
			return ch == 'a' ? cli_usage_why(e, "-a %.20s: the "
			    "last round played, a number", optarg) :
			    cli_usage(e);
	argc -= optind;
	argv += optind;
	if (key == NULL)
		return cli_usage_why(e, "the signer's key (-k) is missing");
	if (argc != 1 + withdraw)
		return cli_usage_why(e, withdraw ? "DECL PLAYER" : "DECL");
	if (decl_only(argv[0], &d, e) != 0)
		return -1;
	buf_init(&body);
	if ((k = cli_key_load(key, e)) == NULL)
		goto done;
	who = withdraw ? argv[1] : NULL;
	p = who != NULL ? tour_player_named(&d, who) :
	    tour_player_keyed(&d, k->pub.idhex);
	if (p < 0) {
		if (who != NULL)
			error_set(e, EXIT_USAGE, "%.40s is no player of %s",
			    who, d.id);
		else
			error_set(e, EXIT_REFUSED, "the key %s (%s) is no "
			    "player's in %s", k->pub.name, k->pub.idhex, d.id);
		goto done;
	}
	if (withdraw && !key_same(&k->pub, &d.p[p].key) &&
	    !key_same(&k->pub, &d.director)) {
		error_set(e, EXIT_REFUSED, "a withdrawal of %s is signed by "
		    "%s or by the director, not by %s", d.p[p].name,
		    d.p[p].name, k->pub.name);
		goto done;
	}
	if ((withdraw ? tour_withdraw_body(&d, (unsigned)p, (unsigned)after,
	    &body, e) : tour_accept_body(&d, (unsigned)p, &body, e)) == 0)
		rc = sign_print(k, &d.director, &body, e);
done:
	key_secret_free(k);
	buf_free(&body);
	tour_decl_free(&d);
	return rc;
}

/* R/B[/G]: a game of the tournament */
static int
game_at(const char *s, struct tour_game *g, struct error *e)
{
	char tail;
	int n;

	memset(g, 0, sizeof(*g));
	g->game = 1;
	n = sscanf(s, "%u/%u/%u%c", &g->round, &g->board, &g->game, &tail);
	if ((n != 2 && n != 3) || strspn(s, "0123456789/") != strlen(s) ||
	    g->round < 1 || g->board < 1 || g->game < 1 || g->game > 2 ||
	    g->round > TOUR_MAX_ROUNDS)
		return cli_usage_why(e, "\"%.20s\": ROUND/BOARD[/GAME], as "
		    "3/1 or 3/1/2", s);
	return 0;
}

/* The ruling the operands give: abort R/B[/G], adjudicate R/B[/G]
 * white|black|draw, replace PLAYER ROUND KEY.pub [ADDRESS] */
static int
ruling_of(const struct tour_decl *d, int argc, char **argv,
    struct tour_ruling *u, struct error *e)
{
	static const char *const rules[] = { "abort", "adjudicate",
	    "replace", NULL };
	static const int nargs[][2] = { { 2, 2 }, { 3, 3 }, { 4, 5 } };
	char why[120];
	int k, p;

	memset(u, 0, sizeof(*u));
	for (k = 0; rules[k] != NULL && strcmp(rules[k], argv[0]) != 0; k++)
		;
	if (rules[k] == NULL || argc < nargs[k][0] || argc > nargs[k][1])
		return cli_usage_why(e, "abort ROUND/BOARD, adjudicate "
		    "ROUND/BOARD white|black|draw, or replace PLAYER ROUND "
		    "KEY.pub [ADDRESS]");
	u->rule = (enum tour_rule)k;
	if (u->rule != TOUR_REPLACE) {
		if (game_at(argv[1], &u->g, e) != 0)
			return -1;
		for (k = TOUR_WHITE; argc == 3 && k <= TOUR_DRAW; k++)
			if (strcmp(argv[2], tour_res_word(k)) == 0)
				u->res = k;
		if (argc == 3 && u->res == 0)
			return cli_usage_why(e, "%.20s: white, black or draw",
			    argv[2]);
		return 0;
	}
	if ((p = tour_player_named(d, argv[1])) < 0)
		return error_set(e, EXIT_USAGE, "%.40s is no player of %s",
		    argv[1], d->id);
	u->player = (unsigned)p;
	u->from = (unsigned)strtoul(argv[2], NULL, 10);
	if (u->from < 1 || u->from > TOUR_MAX_ROUNDS ||
	    strspn(argv[2], "0123456789") != strlen(argv[2]))
		return cli_usage_why(e, "%.20s: the first round the new key "
		    "plays, a number", argv[2]);
	if (key_public_load(argv[3], &u->key, e) != 0)
		return -1;
	if (tour_player_keyed(d, u->key.idhex) >= 0)
		return error_set(e, EXIT_REFUSED, "%s: the key of a player of "
		    "%s", argv[3], d->id);
	if (argc == 5 && header_address_check(argv[4], why, sizeof(why)) != 0)
		return error_set(e, EXIT_USAGE, "%.60s: %s", argv[4], why);
	if (argc == 5)
		snprintf(u->address, sizeof(u->address), "%s", argv[4]);
	return 0;
}

/* rule -k KEY DECL abort|adjudicate|replace ...: signed by the director */
static int
rule(int argc, char **argv, struct error *e)
{
	struct key_secret *k = NULL;
	const char *key = NULL;
	struct tour_ruling u;
	struct tour_decl d;
	struct buf body;
	int ch, rc = -1;

	while ((ch = cli_getopt(argc, argv, "k:")) != -1) {
		if (ch != 'k')
			return cli_usage(e);
		key = optarg;
	}
	argc -= optind;
	argv += optind;
	if (key == NULL)
		return cli_usage_why(e, "rule needs the director's key (-k)");
	if (argc < 2)
		return cli_usage_why(e, "DECL abort|adjudicate|replace ...");
	if (decl_only(argv[0], &d, e) != 0)
		return -1;
	buf_init(&body);
	if (ruling_of(&d, argc - 1, argv + 1, &u, e) != 0 ||
	    (k = cli_key_load(key, e)) == NULL)
		goto done;
	if (!key_same(&k->pub, &d.director))
		error_set(e, EXIT_REFUSED, "the key %s (%s) is not the "
		    "director's (%s)", k->pub.name, k->pub.idhex,
		    d.director.idhex);
	else if (tour_ruling_body(&d, &u, &body, e) == 0)
		rc = sign_print(k, &d.director, &body, e);
done:
	key_secret_free(k);
	buf_free(&body);
	tour_decl_free(&d);
	return rc;
}

struct run {
	struct inputs	 x;
	struct tour_decl d;
	struct tour	 t;
	char		 diff[512];
	int		 loaded;
};

static int
run_load(struct run *r, int argc, char **argv, int rules, struct error *e)
{
	int threads;

	memset(r, 0, sizeof(*r));
	if (cli_threads(&threads, e) != 0 ||
	    inputs(&r->x, argc, argv, e) != 0)
		return -1;
	r->x.in.rules = rules;
	if (tour_load(&r->t, &r->d, &r->x.in, threads, r->diff,
	    sizeof(r->diff), e) != 0)
		return -1;
	r->loaded = 1;
	return 0;
}

static void
run_free(struct run *r)
{
	inputs_free(&r->x);
	tour_free(&r->t);
	tour_decl_free(&r->d);
}

/* run_load, a difference refused (exit 1) */
static int
run_agreed(struct run *r, int argc, char **argv, int rules, struct error *e)
{
	if (run_load(r, argc, argv, rules, e) != 0)
		return -1;
	if (r->diff[0] != '\0')
		return error_set(e, EXIT_REFUSED, "%s", r->diff);
	return 0;
}

/* The director's key, and no other. */
static int
director_key(const struct run *r, const char *path, struct key_secret **k,
    struct error *e)
{
	if ((*k = cli_key_load(path, e)) == NULL)
		return -1;
	if (!key_same(&(*k)->pub, &r->d.director))
		return error_set(e, EXIT_REFUSED, "the key %s (%s) is not the "
		    "director's (%s)", (*k)->pub.name, (*k)->pub.idhex,
		    r->d.director.idhex);
	return 0;
}

/* Who has not accepted: 0 when every player has. */
static int
all_accepted(const struct run *r, struct error *e)
{
	size_t i;

	for (i = 0; i < r->d.n; i++)
		if (!r->t.accepted[i])
			return error_set(e, EXIT_REFUSED, "%s has not accepted "
			    "%s (tournament accept)", r->d.p[i].name, r->d.id);
	return 0;
}

/* The next round, or a knockout round's second games. */
static int
next_round(const struct tour *t, struct tour_game **g, size_t *ng,
    struct error *e)
{
	struct error x;

	error_clear(&x);
	if (tour_round_format(t->d, t->nrounds) == TOUR_KNOCKOUT &&
	    t->nrounds > 0 &&
	    tour_pair(t, t->nrounds, g, ng, &x) == 0)
		return 0;
	if (t->d->format != TOUR_LADDER && t->nrounds >= tour_rounds(t->d))
		return error_set(e, EXIT_REFUSED, "%s: every round is paired "
		    "(%u)", t->d->id, t->nrounds);
	return tour_pair(t, t->nrounds + 1, g, ng, e);
}

/* One round's pairing: as text, or signed by the director (k). */
static int
pair_one(struct run *r, const struct key_secret *k, struct error *e)
{
	struct tour_game *g = NULL;
	struct buf out;
	size_t ng;
	int rc = -1;

	buf_init(&out);
	if (next_round(&r->t, &g, &ng, e) != 0)
		goto done;
	if (k == NULL)
		rc = tour_pairing_text(&r->t, g, ng, &out, e);
	else
		rc = tour_round_body(&r->d, g[0].round, g, ng, &out, e) == 0 ?
		    sign_print(k, &r->d.director, &out, e) : -1;
	if (rc == 0 && k == NULL)
		rc = cli_write(out.data, out.len, e);
	/* a round robin's rounds all at once */
	if (rc == 0 && r->d.format == TOUR_ROUND_ROBIN)
		rc = tour_add_round(&r->t, g, ng, e);
done:
	free(g);
	buf_free(&out);
	return rc;
}

static int
pair(int argc, char **argv, struct error *e)
{
	struct key_secret *k = NULL;
	const char *key = NULL;
	struct run r;
	int ch, rc = -1;

	while ((ch = cli_getopt(argc, argv, "k:")) != -1) {
		if (ch != 'k')
			return cli_usage(e);
		key = optarg;
	}
	if (run_agreed(&r, argc - optind, argv + optind, 0, e) != 0 ||
	    all_accepted(&r, e) != 0 ||
	    (key != NULL && director_key(&r, key, &k, e) != 0))
		goto done;
	do
		rc = pair_one(&r, k, e);
	while (rc == 0 && tour_round_format(&r.d, r.t.nrounds) ==
	    TOUR_ROUND_ROBIN && r.t.nrounds < tour_stage_last(&r.d,
	    r.t.nrounds));
done:
	key_secret_free(k);
	run_free(&r);
	return rc;
}

/* results -k KEY: the director's word on every game decided so far */
static int
results(int argc, char **argv, struct error *e)
{
	struct key_secret *k = NULL;
	const char *key = NULL;
	struct buf out;
	struct run r;
	int ch, rc = -1;

	while ((ch = cli_getopt(argc, argv, "k:")) != -1) {
		if (ch != 'k')
			return cli_usage(e);
		key = optarg;
	}
	if (key == NULL)
		return cli_usage_why(e, "results needs the director's key "
		    "(-k)");
	buf_init(&out);
	if (run_agreed(&r, argc - optind, argv + optind, 1, e) == 0 &&
	    director_key(&r, key, &k, e) == 0 &&
	    tour_results_body(&r.t, &out, e) == 0)
		rc = sign_print(k, &r.d.director, &out, e);
	key_secret_free(k);
	buf_free(&out);
	run_free(&r);
	return rc;
}

/* verify's lines: the director's rulings, then all agree */
static int
agreed(struct run *r, struct buf *out, struct error *e)
{
	size_t i;

	if (all_accepted(r, e) != 0)
		return -1;
	if (r->t.nrule > 0)
		buf_adds(out, "the director's rulings:\n");
	for (i = 0; i < r->t.nrule; i++) {
		buf_adds(out, "  ");
		tour_ruling_text(&r->d, &r->t.rule[i], out);
		buf_adds(out, "\n");
	}
	buf_printf(out, "%s (%.16s): %u rounds, %zu games and byes, %zu "
	    "players: all agree\n", r->d.id, r->d.hex, r->t.nrounds, r->t.ns,
	    r->d.n);
	return 0;
}

/* table -k KEY [-r ROUND]: the director's signed table after ROUND */
static int
signed_table(struct run *r, const char *key, unsigned round,
    struct buf *out, struct error *e)
{
	struct key_secret *k = NULL;
	int rc;

	rc = director_key(r, key, &k, e) == 0 && tour_table_body(&r->t,
	    round ? round : r->t.nrounds, out, e) == 0 ?
	    sign_print(k, &r->d.director, out, e) : -1;
	key_secret_free(k);
	return rc;
}

/* table [-f text|yaml|html] [-k KEY [-r ROUND]], trf, verify */
static int
report(int argc, char **argv, int what, struct error *e)
{
	enum tour_fmt f = TOUR_TEXT;
	const char *key = NULL;
	unsigned long round = 0;
	struct buf out;
	struct run r;
	char *end;
	int ch, rc = -1;

	while ((ch = cli_getopt(argc, argv, what == 't' ? "f:k:r:" : "")) !=
	    -1)
		if (ch == 'k')
			key = optarg;
		else if (ch == 'r' && (round = strtoul(optarg, &end, 10),
		    *end == '\0' && optarg[0] >= '1' && optarg[0] <= '9' &&
		    round <= TOUR_MAX_ROUNDS))
			continue;
		else if (ch == 'r')
			return cli_usage_why(e, "-r %.20s: a round, from 1",
			    optarg);
		else if (ch == 'f' && strcmp(optarg, "text") == 0)
			f = TOUR_TEXT;
		else if (ch == 'f' && strcmp(optarg, "yaml") == 0)
			f = TOUR_YAML;
		else if (ch == 'f' && strcmp(optarg, "html") == 0)
			f = TOUR_HTML;
		else
			return ch == 'f' ? cli_usage_why(e, "-f %.20s: text, "
			    "yaml or html", optarg) : cli_usage(e);
	if (round != 0 && key == NULL)
		return cli_usage_why(e, "-r goes with the director's key (-k)");
	buf_init(&out);
	if (run_agreed(&r, argc - optind, argv + optind, 1, e) != 0)
		goto done;
	if (key != NULL) {
		rc = signed_table(&r, key, (unsigned)round, &out, e);
		goto done;
	}
	if ((what == 'v' ? agreed(&r, &out, e) : what == 't' ?
	    tour_table(&r.t, f, &out, e) : tour_trf(&r.t, &out, e)) == 0)
		rc = cli_write(out.data, out.len, e);
done:
	buf_free(&out);
	run_free(&r);
	return rc;
}

/* archive DECL [FILE|DIR...]: everything in one file, checked first */
static int
archive(int argc, char **argv, struct error *e)
{
	struct buf out;
	struct run r;
	int rc = -1;

	if (cli_getopt(argc, argv, "") != -1)
		return cli_usage(e);
	buf_init(&out);
	if (run_agreed(&r, argc - optind, argv + optind, 1, e) == 0 &&
	    tour_arc_write(&r.x.in, &out, e) == 0)
		rc = cli_write(out.data, out.len, e);
	buf_free(&out);
	run_free(&r);
	return rc;
}

int
cmd_tournament(int argc, char **argv, struct error *e)
{
	static const char *const subs[] = { "declare", "accept", "withdraw",
	    "pair", "table", "verify", "trf", "results", "archive", "rule",
	    NULL };
	int i;

	if (argc < 2)
		return cli_usage_why(e, "the subcommand is missing");
	for (i = 0; subs[i] != NULL && strcmp(subs[i], argv[1]) != 0; i++)
		;
	switch (i) {
	case 0:
		return declare(argc - 1, argv + 1, e);
	case 1:
	case 2:
		return record(argc - 1, argv + 1, i == 2, e);
	case 3:
		return pair(argc - 1, argv + 1, e);
	case 4:
		return report(argc - 1, argv + 1, 't', e);
	case 5:
		return report(argc - 1, argv + 1, 'v', e);
	case 6:
		return report(argc - 1, argv + 1, 'x', e);
	case 7:
		return results(argc - 1, argv + 1, e);
	case 8:
		return archive(argc - 1, argv + 1, e);
	case 9:
		return rule(argc - 1, argv + 1, e);
	}
	if (argv[1][0] == '-' && argv[1][1] != '\0' &&
	    cli_getopt(argc, argv, "") != -1)
		return cli_usage(e);
	return cli_usage_why(e, "\"%.40s\": no such subcommand (declare, "
	    "accept, withdraw, pair, results, table, verify, trf, archive, "
	    "rule)",
	    argv[1]);
}
