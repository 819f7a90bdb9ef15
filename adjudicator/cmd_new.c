/*
 * new: start a game.  The header is signed by its creator, read back as
 * a game before it is sent, and printed armored: the invitation.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "match.h"

struct new_args {
	const char	*keypath, *mode, *judgepath, *seed;
	char		*opts[GAME_MAX_OPTIONS];
	int		 nopts;
	char		*addr[GAME_MAX_SEATS + 1];	/* -a SEAT=ADDRESS */
	int		 naddr;
};

static int
parse_args(int *argc, char ***argv, struct new_args *a, struct error *e)
{
	int ch;

	memset(a, 0, sizeof(*a));
	a->mode = "peer";
	while ((ch = cli_getopt(*argc, *argv, "k:m:s:o:a:j:")) != -1) {
		switch (ch) {
		case 'k':
			a->keypath = optarg;
			break;
		case 'm':
			a->mode = optarg;
			break;
		case 's':
			a->seed = optarg;
			break;
		case 'o':
			if (a->nopts >= GAME_MAX_OPTIONS)
				return error_set(e, EXIT_USAGE, "too many -o");
			a->opts[a->nopts++] = optarg;
			break;
		case 'a':
			if (a->naddr >= GAME_MAX_SEATS + 1)
				return error_set(e, EXIT_USAGE, "too many -a");
			a->addr[a->naddr++] = optarg;
			break;
		case 'j':
			a->judgepath = optarg;
			break;
		default:
			return cli_usage(e);
		}
	}
	*argc -= optind;
	*argv += optind;
	if (a->keypath == NULL)
		return cli_usage_why(e, "-k KEY is missing: the key of the seat "
		    "(or judge) who invites");
	if (*argc < 1)
		return cli_usage_why(e, "RULES is missing (adjudicator rules "
		    "lists the games)");
	if (strcmp(a->mode, "peer") != 0 && strcmp(a->mode, "judge") != 0)
		return error_set(e, EXIT_USAGE, "-m %s: the mode is peer or "
		    "judge", a->mode);
	if ((strcmp(a->mode, "judge") == 0) != (a->judgepath != NULL))
		return error_set(e, EXIT_USAGE, a->judgepath == NULL ?
		    "judge mode needs -j JUDGE.pub" :
		    "-j is for judge mode (-m judge)");
	return 0;
}

/* The rules, the seats and the options, before any key is opened. */
static const struct game_rules *
game_config(const struct new_args *a, int nseats, struct game_config *cfg,
    const char *name, struct error *e)
{
	const struct game_rules *r;
	int judged = strcmp(a->mode, "judge") == 0;
	uint8_t rnd[32];

	if ((r = game_find(name)) == NULL) {
		error_set(e, EXIT_USAGE, "unknown game \"%s\" (see adjudicator "
		    "rules)", name);
		return NULL;
	}
	if (!(r->modes & (judged ? GAME_MODE_JUDGE : GAME_MODE_PEER))) {
		error_set(e, EXIT_USAGE, "%s cannot be played in %s mode%s",
		    r->name, a->mode, judged ? "" : ": it needs a judge "
		    "(-m judge -j JUDGE.pub)");
		return NULL;
	}
	if (nseats < r->min_seats || nseats > r->max_seats) {
		if (r->min_seats == r->max_seats)
			error_set(e, EXIT_USAGE, "%s is for %d seats, not %d",
			    r->name, r->min_seats, nseats);
		else
			error_set(e, EXIT_USAGE, "%s is for %d to %d seats, not "
			    "%d", r->name, r->min_seats, r->max_seats, nseats);
		return NULL;
	}
	memset(cfg, 0, sizeof(*cfg));
	cfg->nseats = nseats;
	if (game_options(r, cfg, a->opts, a->nopts, e) != 0)
		return NULL;
	if (a->seed != NULL) {
		if (strlen(a->seed) == 0 || strlen(a->seed) > 64 ||
		    strspn(a->seed, "0123456789abcdef") != strlen(a->seed)) {
			error_set(e, EXIT_USAGE, "-s %s: the seed is 1 to 64 "
			    "lowercase hex digits", a->seed);
			return NULL;
		}
		snprintf(cfg->seed, sizeof(cfg->seed), "%s", a->seed);
	} else {
		sec_random(rnd, sizeof(rnd));
		sec_hex(cfg->seed, sizeof(cfg->seed), rnd, sizeof(rnd));
	}
	return r;
}

/*
 * -a SEAT=ADDRESS: each seat's (or the judge's) mail address, by the
 * seat's name, once each.
 */
static int
addresses(const struct new_args *a, const struct key_public *to, int nseats,
    int judged, const char **addr, const char **judge_addr, struct error *e)
{
	const char *eq, **slot;
	size_t n;
	int i, j;

	for (i = 0; i < nseats; i++)
		addr[i] = NULL;
	*judge_addr = NULL;
	for (i = 0; i < a->naddr; i++) {
		if ((eq = strchr(a->addr[i], '=')) == NULL)
			return error_set(e, EXIT_USAGE, "-a %s: SEAT=ADDRESS",
			    a->addr[i]);
		n = (size_t)(eq - a->addr[i]);
		slot = NULL;
		if (n == 5 && strncmp(a->addr[i], "judge", 5) == 0 && judged)
			slot = judge_addr;
		for (j = 0; j < nseats; j++)
			if (strlen(to[j].name) == n &&
			    strncmp(a->addr[i], to[j].name, n) == 0)
				slot = &addr[j];
		if (slot == NULL)
			return error_set(e, EXIT_USAGE, "-a %s: %.*s is not a "
			    "seat of this game%s", a->addr[i], (int)n,
			    a->addr[i], judged ? " nor the judge" : "");
		if (*slot != NULL)
			return error_set(e, EXIT_USAGE, "-a %s: a second address "
			    "for %.*s", a->addr[i], (int)n, a->addr[i]);
		if (!header_address_ok(eq + 1))
			return error_set(e, EXIT_USAGE, "-a %s: not a mail "
			    "address (user@host, printable, no blanks, no <>,\")",
			    a->addr[i]);
		*slot = eq + 1;
	}
	return 0;
}

/* Signs the header and reads it back as a game before it is sent. */
static int
invitation(const struct game_rules *r, const struct game_config *cfg,
    const struct key_secret *k, const struct key_public *to, int nseats,
    int judged, const char *const *addr, const char *judge_addr,
    struct buf *arm, struct error *e)
{
	struct buf body, sb;
	struct match *m;
	int rc = -1;

	buf_init(&body);
	buf_init(&sb);
	if (header_write(r, cfg, judged, to, addr, nseats, judged ?
	    &to[nseats] : NULL, judge_addr, &body, e) != 0 ||
	    envelope_sign(k, to, (size_t)nseats + judged, body.data, body.len,
	    &sb, e) != 0)
		goto done;
	if ((m = header_read(sb.data, sb.len, "invitation", e)) == NULL)
		goto done;
	match_free(m);
	rc = envelope_armor(sb.data, sb.len, to, (size_t)nseats + judged, arm,
	    e);
done:
	buf_free(&body);
	buf_free(&sb);
	return rc;
}

int
cmd_new(int argc, char **argv, struct error *e)
{
	struct new_args a;
	const struct game_rules *r;
	struct game_config cfg;
	struct key_public to[GAME_MAX_SEATS + 1];
	struct key_secret *k = NULL;
	const char *addr[GAME_MAX_SEATS], *judge_addr;
	struct buf arm;
	int i, nseats, judged, rc = -1, signer_ok = 0;

	if (parse_args(&argc, &argv, &a, e) != 0)
		return -1;
	nseats = argc - 1;
	judged = strcmp(a.mode, "judge") == 0;
	if ((r = game_config(&a, nseats, &cfg, argv[0], e)) == NULL)
		return -1;
	for (i = 0; i < nseats; i++) {
		if (key_public_load(argv[1 + i], &to[i], e) != 0)
			return -1;
		snprintf(cfg.seat[i], sizeof(cfg.seat[i]), "%.32s", to[i].name);
	}
	if (judged && key_public_load(a.judgepath, &to[nseats], e) != 0)
		return -1;
	if (addresses(&a, to, nseats, judged, addr, &judge_addr, e) != 0)
		return -1;
	buf_init(&arm);
	if ((k = key_secret_load(a.keypath, pass_key, NULL, e)) == NULL)
		goto done;
	for (i = 0; i < nseats + judged; i++)
		signer_ok |= key_same(&k->pub, &to[i]);
	if (!signer_ok) {
		error_set(e, EXIT_USAGE, "%s: the creator must be one of the "
		    "seats or the judge", a.keypath);
		goto done;
	}
	if (invitation(r, &cfg, k, to, nseats, judged, addr, judge_addr, &arm,
	    e) == 0)
		rc = cli_write(arm.data, arm.len, e);
done:
	key_secret_free(k);
	buf_free(&arm);
	return rc;
}
