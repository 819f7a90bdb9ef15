/*
 * The game verbs: new, join, setup, turn, receive, show, resend, export,
 * rules.  Each loads the game directory, lets the match check everything,
 * and writes only once the entry has been accepted.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "armor.h"
#include "cli.h"
#include "fsio.h"
#include "gamedir.h"
#include "ydoc.h"

/* The recipients of every entry this game sends. */
static int
recipients(const struct match *m, struct key_public *to)
{
	int i;

	if (m->judge_mode) {
		to[0] = m->judge;
		return 1;
	}
	for (i = 0; i < m->nseats; i++)
		to[i] = m->seat[i].key;
	return m->nseats;
}

static struct key_secret *
load_own_key(const struct gamedir *g, struct error *e)
{
	struct key_secret *k;
	const struct key_public *want;

	if ((k = key_secret_load(g->keypath, pass_key, NULL, e)) == NULL)
		return NULL;
	want = g->me == GAME_MAX_SEATS ? &g->m->judge :
	    &g->m->seat[g->me].key;
	if (!key_same(&k->pub, want)) {
		error_set(e, EXIT_USAGE, "%s: this key is not %s's key in the "
		    "game", g->keypath, g->seat);
		key_secret_free(k);
		return NULL;
	}
	return k;
}

/*
 * Signs body and applies it to the match exactly as a receiver would.
 * In a peer game the entry is then stored and the armored message
 * appended to out.  In a judged game the seat's entry goes to the judge
 * inside a message of its own (setups carry their openings privately),
 * and the seat's transcript takes it only when the judge's update brings
 * it back: the judge decides what the transcript holds.
 */
static int
send_entry(struct gamedir *g, const struct key_secret *k,
    const struct buf *body, const struct match_secret *openings,
    struct buf *out, struct error *e)
{
	struct key_public to[GAME_MAX_SEATS + 1];
	struct buf sb, outer, arm, bundle;
	struct match *c = NULL;
	int n, rc = -1;
	uint64_t seq = g->m->seq + 1;
	char where[64];
	const uint8_t *msg;
	size_t msglen;

	buf_init(&sb);
	buf_init(&outer);
	buf_init(&arm);
	buf_init(&bundle);
	n = recipients(g->m, to);
	snprintf(where, sizeof(where), "seq %llu", (unsigned long long)seq);
	if (envelope_sign(k, to, (size_t)n, body->data, body->len, &sb,
	    e) != 0)
		goto done;
	if (!g->m->judge_mode) {
		if (match_apply(g->m, sb.data, sb.len, where, NULL, e) != 0)
			goto done;
		msg = sb.data;
		msglen = sb.len;
	} else {
		if ((c = match_clone(g->m)) == NULL) {
			error_set(e, EXIT_SYSTEM, "out of memory");
			goto done;
		}
		if (match_apply(c, sb.data, sb.len, where, NULL, e) != 0)
			goto done;
		if (match_private_body(g->m, g->me, &sb, openings, &bundle,
		    e) != 0 ||
		    envelope_sign(k, to, 1, bundle.data, bundle.len, &outer,
		    e) != 0)
			goto done;
		msg = outer.data;
		msglen = outer.len;
	}
	if (envelope_armor(msg, msglen, to, (size_t)n, &arm, e) != 0)
		goto done;
	/* a judged seat's transcript takes the entry from the judge's update */
	if (gamedir_store(g, seq, g->m->judge_mode ? NULL : sb.data, sb.len,
	    arm.data, arm.len, e) != 0)
		goto done;
	rc = buf_add(out, arm.data, arm.len);
done:
	match_free(c);
	buf_free(&sb);
	buf_free(&outer);
	buf_free(&arm);
	buf_free(&bundle);
	return rc;
}

static int
parse_dir_only(int argc, char **argv, const char **dir, const char *more,
    struct error *e)
{
	int ch;
	char opts[16];

	snprintf(opts, sizeof(opts), "d:%s", more);
	*dir = NULL;
	while ((ch = getopt(argc, argv, opts)) != -1) {
		if (ch == 'd')
			*dir = optarg;
		else
			return cli_usage(e);
	}
	if (*dir == NULL)
		return cli_usage(e);
	return 0;
}

int
cmd_new(int argc, char **argv, struct error *e)
{
	const char *keypath = NULL, *mode = "peer", *judgepath = NULL;
	const char *seed = NULL;
	char *opts[GAME_MAX_OPTIONS];
	int nopts = 0, ch, i, nseats, rc = -1, judge_mode;
	const struct game_rules *r;
	struct game_config cfg;
	struct key_public seats[GAME_MAX_SEATS], judge, to[GAME_MAX_SEATS + 1];
	struct key_secret *k = NULL;
	struct buf body, sb, arm;
	uint8_t rnd[32];
	int signer_ok = 0;

	while ((ch = getopt(argc, argv, "k:m:s:o:j:")) != -1) {
		switch (ch) {
		case 'k':
			keypath = optarg;
			break;
		case 'm':
			mode = optarg;
			break;
		case 's':
			seed = optarg;
			break;
		case 'o':
			if (nopts >= GAME_MAX_OPTIONS)
				return error_set(e, EXIT_USAGE, "too many -o");
			opts[nopts++] = optarg;
			break;
		case 'j':
			judgepath = optarg;
			break;
		default:
			return cli_usage(e);
		}
	}
	argc -= optind;
	argv += optind;
	if (keypath == NULL || argc < 1)
		return cli_usage(e);
	if (strcmp(mode, "peer") != 0 && strcmp(mode, "judge") != 0)
		return error_set(e, EXIT_USAGE, "-m %s: the mode is peer or "
		    "judge", mode);
	judge_mode = strcmp(mode, "judge") == 0;
	if (judge_mode != (judgepath != NULL))
		return error_set(e, EXIT_USAGE, judge_mode ? "judge mode needs "
		    "-j JUDGE.pub" : "-j is for judge mode (-m judge)");
	if ((r = game_find(argv[0])) == NULL)
		return error_set(e, EXIT_USAGE, "unknown game \"%s\" (see "
		    "adjudicator rules)", argv[0]);
	if (!(r->modes & (judge_mode ? GAME_JUDGE : GAME_PEER)))
		return error_set(e, EXIT_USAGE, "%s cannot be played in %s "
		    "mode", r->name, mode);
	nseats = argc - 1;
	if (nseats < r->min_seats || nseats > r->max_seats)
		return error_set(e, EXIT_USAGE, "%s is for %d to %d seats, not "
		    "%d", r->name, r->min_seats, r->max_seats, nseats);
	memset(&cfg, 0, sizeof(cfg));
	cfg.nseats = nseats;
	if (game_options(r, &cfg, opts, nopts, e) != 0)
		return -1;
	if (seed != NULL) {
		if (strlen(seed) == 0 || strlen(seed) > 64 ||
		    strspn(seed, "0123456789abcdef") != strlen(seed))
			return error_set(e, EXIT_USAGE, "-s %s: the seed is 1 to "
			    "64 hex digits", seed);
		snprintf(cfg.seed, sizeof(cfg.seed), "%s", seed);
	} else {
		sec_random(rnd, sizeof(rnd));
		sec_hex(cfg.seed, sizeof(cfg.seed), rnd, sizeof(rnd));
	}
	for (i = 0; i < nseats; i++) {
		if (key_public_load(argv[1 + i], &seats[i], e) != 0)
			return -1;
		snprintf(cfg.seat[i], sizeof(cfg.seat[i]), "%.32s",
		    seats[i].name);
	}
	if (judge_mode && key_public_load(judgepath, &judge, e) != 0)
		return -1;
	buf_init(&body);
	buf_init(&sb);
	buf_init(&arm);
	if ((k = key_secret_load(keypath, pass_key, NULL, e)) == NULL)
		goto done;
	for (i = 0; i < nseats; i++)
		if (key_same(&k->pub, &seats[i]))
			signer_ok = 1;
	if (judge_mode && key_same(&k->pub, &judge))
		signer_ok = 1;
	if (!signer_ok) {
		error_set(e, EXIT_USAGE, "%s: the creator must be one of the "
		    "seats or the judge", keypath);
		goto done;
	}
	if (match_header_body(r, &cfg, judge_mode, seats, nseats, &judge,
	    &body, e) != 0)
		goto done;
	/* the header must read back as a valid game before it is sent */
	memcpy(to, seats, sizeof(seats[0]) * (size_t)nseats);
	if (judge_mode)
		to[nseats] = judge;
	if (envelope_sign(k, to, (size_t)nseats + judge_mode, body.data,
	    body.len, &sb, e) != 0)
		goto done;
	{
		struct match *m = match_from_header(sb.data, sb.len,
		    "invitation", e);

		if (m == NULL)
			goto done;
		match_free(m);
	}
	if (envelope_armor(sb.data, sb.len, to, (size_t)nseats + judge_mode,
	    &arm, e) != 0)
		goto done;
	rc = fsio_write_stdout(arm.data, arm.len, e);
done:
	key_secret_free(k);
	buf_free(&body);
	buf_free(&sb);
	buf_free(&arm);
	return rc;
}

int
cmd_join(int argc, char **argv, struct error *e)
{
	const char *dir = NULL, *keypath = NULL, *in = NULL;
	struct key_secret *k = NULL;
	struct armor_list l = { NULL, 0 };
	struct buf text, sb;
	struct envelope env;
	struct match *m = NULL;
	int ch, rc = -1, seat;
	size_t i;

	while ((ch = getopt(argc, argv, "d:k:")) != -1) {
		switch (ch) {
		case 'd':
			dir = optarg;
			break;
		case 'k':
			keypath = optarg;
			break;
		default:
			return cli_usage(e);
		}
	}
	argc -= optind;
	argv += optind;
	if (dir == NULL || keypath == NULL || argc > 1)
		return cli_usage(e);
	if (argc == 1)
		in = argv[0];
	if (fsio_exists(dir))
		return error_set(e, EXIT_REFUSED, "%s: already exists; join "
		    "creates a new game directory", dir);
	buf_init(&text);
	buf_init(&sb);
	if (fsio_read(in, FSIO_MAX_INPUT, &text, e) != 0)
		goto done;
	if (armor_read((char *)text.data, text.len, ARMOR_MESSAGE,
	    fsio_name(in), &l, e) != 0)
		goto done;
	if ((k = key_secret_load(keypath, pass_key, NULL, e)) == NULL)
		goto done;
	/* the invitation is the message that holds a header */
	for (i = 0; i < l.n && m == NULL; i++) {
		struct error ign;

		sb.len = 0;
		if (envelope_open(l.items[i].data, l.items[i].len, k, &sb, &env,
		    fsio_name(in), e) != 0)
			goto done;
		m = match_from_header(sb.data, sb.len, fsio_name(in),
		    l.n == 1 ? e : &ign);
		if (m == NULL && l.n == 1)
			goto done;
	}
	if (m == NULL) {
		error_set(e, EXIT_MALFORMED, "%s: no invitation found",
		    fsio_name(in));
		goto done;
	}
	seat = match_seat_of(m, &k->pub);
	if (seat < 0) {
		error_set(e, EXIT_REFUSED, "%s: key %s holds no seat in this "
		    "game", fsio_name(in), k->pub.idhex);
		goto done;
	}
	if (gamedir_create(dir, sb.data, sb.len, seat == GAME_MAX_SEATS ?
	    "judge" : m->seat[seat].name, keypath, e) != 0)
		goto done;
	fprintf(stderr, "joined %s game %.16s as %s\n", m->rules->name,
	    m->game_hex, seat == GAME_MAX_SEATS ? "judge" :
	    m->seat[seat].name);
	rc = 0;
done:
	match_free(m);
	key_secret_free(k);
	armor_list_free(&l);
	buf_free(&text);
	buf_free(&sb);
	return rc;
}

int
cmd_setup(int argc, char **argv, struct error *e)
{
	const char *dir;
	struct gamedir g;
	struct key_secret *k = NULL;
	struct match_secret *s = NULL;
	struct buf body, out;
	const struct game_rules *r;
	int i, rc = -1;

	if (parse_dir_only(argc, argv, &dir, "", e) != 0)
		return -1;
	argc -= optind;
	argv += optind;
	if (argc > 1)
		return cli_usage(e);
	if (gamedir_open(dir, &g, e) != 0)
		return -1;
	buf_init(&body);
	buf_init(&out);
	r = g.m->rules;
	if (g.me >= g.m->nseats) {
		error_set(e, EXIT_USAGE, "%s: the judge has no setup", dir);
		goto done;
	}
	if (g.secret != NULL) {
		error_set(e, EXIT_REFUSED, "%s: setup already made (resend "
		    "prints the message again)", dir);
		goto done;
	}
	if ((s = sec_malloc(sizeof(*s))) == NULL) {
		error_set(e, EXIT_SYSTEM, "out of memory");
		goto done;
	}
	memset(s, 0, sizeof(*s));
	if (argc == 0 || strcmp(argv[0], "random") == 0)
		r->setup_random(g.m->state, g.me, &s->setup);
	else if (r->setup_parse(g.m->state, g.me, argv[0], &s->setup, e) != 0)
		goto done;
	if (r->setup_audit(g.m->state, g.me, &s->setup, e) != 0) {
		e->status = EXIT_REFUSED;
		goto done;
	}
	for (i = 0; i < s->setup.n; i++)
		commit_nonce(s->nonce[i]);
	if (match_setup_body(g.m, g.me, s, &body, e) != 0)
		goto done;
	if ((k = load_own_key(&g, e)) == NULL)
		goto done;
	/* the secret goes to disk first: a setup sent without it could
	 * never be opened */
	if (gamedir_save_secret(&g, g.me, s, e) != 0)
		goto done;
	if (send_entry(&g, k, &body, s, &out, e) != 0) {
		char p[PATH_MAX];

		snprintf(p, sizeof(p), "%s/secret", g.path);
		unlink(p);
		goto done;
	}
	rc = fsio_write_stdout(out.data, out.len, e);
done:
	if (s != NULL) {
		sec_wipe(s, sizeof(*s));
		sec_free(s);
	}
	key_secret_free(k);
	buf_free(&body);
	buf_free(&out);
	gamedir_close(&g);
	return rc;
}

int
cmd_turn(int argc, char **argv, struct error *e)
{
	const char *dir;
	struct gamedir g;
	struct key_secret *k = NULL;
	struct buf body, out;
	char action[512];
	int i, rc = -1, final_too = 0;
	size_t len = 0;

	if (parse_dir_only(argc, argv, &dir, "", e) != 0)
		return -1;
	argc -= optind;
	argv += optind;
	/* the action may come as several words: "swap c3 r2" */
	action[0] = '\0';
	for (i = 0; i < argc; i++) {
		int n = snprintf(action + len, sizeof(action) - len, "%s%s",
		    i ? " " : "", argv[i]);

		if (n < 0 || (size_t)n >= sizeof(action) - len)
			return error_set(e, EXIT_USAGE, "action too long");
		len += (size_t)n;
	}
	if (gamedir_open(dir, &g, e) != 0)
		return -1;
	buf_init(&body);
	buf_init(&out);
	if (g.me >= g.m->nseats) {
		error_set(e, EXIT_USAGE, "%s: the judge takes no turns", dir);
		goto done;
	}
	if (g.secret == NULL) {
		error_set(e, EXIT_REFUSED, "%s: make your setup first", dir);
		goto done;
	}
	if ((k = load_own_key(&g, e)) == NULL)
		goto done;
	if (g.m->judge_mode && argc == 0) {
		error_set(e, EXIT_USAGE, "in a judged game the judge sends "
		    "every opening; give an action");
		goto done;
	}
	if (match_phase(g.m) == MATCH_FINAL) {
		if (argc > 0) {
			error_set(e, EXIT_REFUSED, "the game is over; run turn "
			    "without an action to send your final openings");
			goto done;
		}
		final_too = 1;
	} else {
		if (match_turn_body(g.m, g.me, g.secret, argc ? action : NULL,
		    &body, &final_too, e) != 0)
			goto done;
		if (send_entry(&g, k, &body, NULL, &out, e) != 0)
			goto done;
		final_too = match_phase(g.m) == MATCH_FINAL &&
		    match_next_author(g.m) == g.me;
	}
	/* the end of the game: this seat's whole setup opens at once */
	if (final_too) {
		body.len = 0;
		if (match_final_body(g.m, g.me, g.secret, &body, e) != 0 ||
		    send_entry(&g, k, &body, NULL, &out, e) != 0)
			goto done;
	}
	rc = fsio_write_stdout(out.data, out.len, e);
done:
	key_secret_free(k);
	buf_free(&body);
	buf_free(&out);
	gamedir_close(&g);
	return rc;
}

static int
print_view(const struct gamedir *g, const char *fmt, struct error *e)
{
	struct buf b;
	int rc;

	buf_init(&b);
	if (strcmp(fmt, "svg") == 0) {
		if (match_view_svg(g->m, g->me < g->m->nseats ? g->me : -1, &b,
		    e) != 0) {
			buf_free(&b);
			return -1;
		}
	} else if (strcmp(fmt, "yaml") == 0) {
		if (match_view_yaml(g->m, g->me < g->m->nseats ? g->me : -1, &b,
		    e) != 0) {
			buf_free(&b);
			return -1;
		}
	} else
		match_view_text(g->m, g->me < g->m->nseats ? g->me : -1, &b);
	rc = fsio_write_stdout(b.data, b.len, e);
	buf_free(&b);
	return rc;
}

static int
is_header(const struct envelope *env)
{
	struct ydoc *doc;
	struct error ign;
	int yes;

	if ((doc = ydoc_parse(env->body, env->body_len, "", &ign)) == NULL)
		return 0;
	yes = ydoc_get(doc, "kind") != NULL &&
	    ydoc_get(doc, "kind")->type == YDOC_SCALAR &&
	    strcmp(ydoc_get(doc, "kind")->str, "header") == 0;
	ydoc_free(doc);
	return yes;
}

/* Applies one verified entry, or files it in the inbox if early. */
static int
take_entry(struct gamedir *g, const uint8_t *blob, size_t len,
    const char *where, struct error *e)
{
	char game[2 * SEC_HASH + 1];
	uint64_t seq;
	struct buf have;
	char w[300];

	if (match_peek(blob, len, game, &seq, where, e) != 0)
		return -1;
	if (game[0] == '\0') {
		uint8_t h[SEC_HASH];

		envelope_hash(blob, len, h);
		if (memcmp(h, g->m->game_id, SEC_HASH) != 0)
			return error_set(e, EXIT_REFUSED, "%s: an invitation to "
			    "another game (use join)", where);
		fprintf(stderr, "%s: the invitation of this game, already "
		    "joined\n", where);
		return 0;
	}
	if (strcmp(game, g->m->game_hex) != 0)
		return error_set(e, EXIT_REFUSED, "%s: belongs to game %.16s, "
		    "not this one (%.16s)", where, game, g->m->game_hex);
	if (seq <= g->m->seq) {
		buf_init(&have);
		if (gamedir_entry(g, seq, &have, e) != 0) {
			buf_free(&have);
			return -1;
		}
		if (have.len == len && memcmp(have.data, blob, len) == 0) {
			buf_free(&have);
			fprintf(stderr, "%s: seq %llu already applied; nothing "
			    "to do\n", where, (unsigned long long)seq);
			return 0;
		}
		buf_free(&have);
		return error_set(e, EXIT_REFUSED, "%s: seq %llu differs from the "
		    "entry already applied (a replay or a fork)", where,
		    (unsigned long long)seq);
	}
	if (seq > g->m->seq + 1) {
		if (gamedir_inbox_put(g, seq, blob, len, e) != 0)
			return -1;
		fprintf(stderr, "%s: seq %llu arrived early; it waits for seq "
		    "%llu\n", where, (unsigned long long)seq,
		    (unsigned long long)g->m->seq + 1);
		return 0;
	}
	snprintf(w, sizeof(w), "%s: seq %llu", where, (unsigned long long)seq);
	if (match_apply(g->m, blob, len, w, NULL, e) != 0)
		return -1;
	if (gamedir_store(g, seq, blob, len, NULL, 0, e) != 0)
		return -1;
	fprintf(stderr, "%s: seq %llu applied: %s\n", where,
	    (unsigned long long)seq, g->m->what);
	return 0;
}

static int
drain_inbox(struct gamedir *g, struct error *e)
{
	struct buf b;
	uint64_t next;
	char where[64];

	buf_init(&b);
	for (;;) {
		next = g->m->seq + 1;
		b.len = 0;
		if (gamedir_inbox_get(g, next, &b) != 0)
			break;
		snprintf(where, sizeof(where), "inbox");
		if (take_entry(g, b.data, b.len, where, e) != 0) {
			gamedir_inbox_drop(g, next);
			buf_free(&b);
			return -1;
		}
		gamedir_inbox_drop(g, next);
	}
	buf_free(&b);
	return 0;
}

/*
 * Applies a judge's update to the match m (dry, a copy, when store is 0;
 * then also stores into g).  Entries that follow apply, old ones must be
 * the ones already applied, early ones wait in the inbox; every private
 * opening must match its commitment.
 */
static int
apply_update(struct gamedir *g, struct match *m, int store,
    const struct ydoc *doc, const char *where, struct error *e)
{
	const struct ydoc *list = ydoc_get(doc, "entries"), *o;
	struct envelope env;
	struct buf bin, have;
	char game[2 * SEC_HASH + 1], w[300], value[GAME_VALUE];
	uint8_t nonce[COMMIT_NONCE];
	uint64_t seq;
	size_t i;
	int rc = -1, seat, idx;

	buf_init(&bin);
	buf_init(&have);
	for (i = 0; i < list->nkids; i++) {
		snprintf(w, sizeof(w), "%.200s: entry %zu", where, i + 1);
		if (match_blob(list->kids[i], "entry", &bin, where, e) != 0)
			goto done;
		if (store) {
			if (take_entry(g, bin.data, bin.len, w, e) != 0 ||
			    drain_inbox(g, e) != 0)
				goto done;
			continue;
		}
		if (envelope_verify(bin.data, bin.len, &env, w, e) != 0 ||
		    match_peek(bin.data, bin.len, game, &seq, w, e) != 0)
			goto done;
		if (seq == m->seq + 1) {
			if (match_apply(m, bin.data, bin.len, w, NULL, e) != 0)
				goto done;
		} else if (seq <= g->m->seq) {
			have.len = 0;
			if (gamedir_entry(g, seq, &have, e) != 0)
				goto done;
			if (have.len != bin.len ||
			    memcmp(have.data, bin.data, bin.len) != 0) {
				error_set(e, EXIT_REFUSED, "%s: seq %llu differs "
				    "from the entry already applied (a replay or "
				    "a fork)", w, (unsigned long long)seq);
				goto done;
			}
		}
	}
	if ((o = ydoc_get(doc, "open")) != NULL) {
		if (ydoc_expect(o, YDOC_SEQ, "open", where, e) != 0)
			goto done;
		for (i = 0; i < o->nkids; i++) {
			if (match_parse_opening(m, o->kids[i], &seat, &idx, value,
			    nonce, where, e) != 0)
				goto done;
			if (match_learn(m, seat, m->seat[seat].pieces.id[idx],
			    value, nonce, e) != 0) {
				error_prefix(e, "%s: the judge's private opening",
				    where);
				goto done;
			}
			if (store && gamedir_save_private(g, seat,
			    m->seat[seat].pieces.id[idx], value, nonce, e) != 0)
				goto done;
		}
	}
	rc = 0;
done:
	buf_free(&bin);
	buf_free(&have);
	return rc;
}

/*
 * Judge mode: an update from the judge.  Each entry inside is checked
 * against its own author's signature as if it had come directly; each
 * private opening against the commitment its owner signed, so the judge
 * cannot invent an identity.  The whole update is checked on a copy
 * before any of it is stored.
 */
static int
take_update(struct gamedir *g, const struct envelope *env, const char *where,
    struct error *e)
{
	static const char *const keys[] = { "game", "kind", "for", "seq",
	    "entries", "open", "note", NULL };
	static const char *const req[] = { "game", "kind", "for", "entries",
	    NULL };
	struct ydoc *doc, *n;
	struct match *c = NULL;
	const char *s;
	int rc = -1;

	if (!key_same(&env->signer, &g->m->judge))
		return error_set(e, EXIT_REFUSED, "%s: in a judged game only "
		    "the judge's updates are read (this is signed by %s)", where,
		    env->signer.name);
	if ((doc = ydoc_parse(env->body, env->body_len, where, e)) == NULL)
		return -1;
	if (ydoc_check_keys(doc, keys, req, where, e) != 0 ||
	    (s = ydoc_scalar(doc, "kind", where, e)) == NULL)
		goto done;
	if (strcmp(s, "update") != 0) {
		error_set(e, EXIT_MALFORMED, "%s: not an update (kind %.20s)",
		    where, s);
		goto done;
	}
	if ((s = ydoc_scalar(doc, "game", where, e)) == NULL)
		goto done;
	if (strcmp(s, g->m->game_hex) != 0) {
		error_set(e, EXIT_REFUSED, "%s: an update for game %.16s, not "
		    "this one (%.16s)", where, s, g->m->game_hex);
		goto done;
	}
	if ((s = ydoc_scalar(doc, "for", where, e)) == NULL)
		goto done;
	if (strcmp(s, g->seat) != 0) {
		error_set(e, EXIT_REFUSED, "%s: an update for %.32s, not %s",
		    where, s, g->seat);
		goto done;
	}
	if (ydoc_expect(ydoc_get(doc, "entries"), YDOC_SEQ, "entries", where,
	    e) != 0)
		goto done;
	if ((c = match_clone(g->m)) == NULL) {
		error_set(e, EXIT_SYSTEM, "out of memory");
		goto done;
	}
	if (apply_update(g, c, 0, doc, where, e) != 0 ||
	    apply_update(g, g->m, 1, doc, where, e) != 0)
		goto done;
	if ((n = ydoc_get(doc, "note")) != NULL && n->type == YDOC_SCALAR)
		fprintf(stderr, "%s: the judge says: %s\n", where, n->str);
	rc = 0;
done:
	match_free(c);
	ydoc_free(doc);
	return rc;
}

int
cmd_receive(int argc, char **argv, struct error *e)
{
	const char *dir;
	struct gamedir g;
	struct key_secret *k = NULL;
	struct armor_list l = { NULL, 0 };
	struct buf text, sb;
	struct envelope env;
	char where[PATH_MAX + 32];
	int i, nfiles, rc = -1;
	size_t j;

	if (parse_dir_only(argc, argv, &dir, "", e) != 0)
		return -1;
	argc -= optind;
	argv += optind;
	if (gamedir_open(dir, &g, e) != 0)
		return -1;
	buf_init(&text);
	buf_init(&sb);
	if ((k = load_own_key(&g, e)) == NULL)
		goto done;
	nfiles = argc == 0 ? 1 : argc;
	for (i = 0; i < nfiles; i++) {
		const char *in = argc == 0 ? NULL : argv[i];

		text.len = 0;
		if (fsio_read(in, FSIO_MAX_INPUT, &text, e) != 0)
			goto done;
		if (armor_read((char *)text.data, text.len, ARMOR_MESSAGE,
		    fsio_name(in), &l, e) != 0)
			goto done;
		for (j = 0; j < l.n; j++) {
			if (l.n > 1)
				snprintf(where, sizeof(where), "%s: message %zu",
				    fsio_name(in), j + 1);
			else
				snprintf(where, sizeof(where), "%s",
				    fsio_name(in));
			sb.len = 0;
			if (envelope_open(l.items[j].data, l.items[j].len, k,
			    &sb, &env, where, e) != 0)
				goto done;
			if (g.m->judge_mode && !key_same(&env.signer,
			    &g.m->judge) && is_header(&env)) {
				fprintf(stderr, "%s: an invitation; nothing to "
				    "do\n", where);
				continue;
			}
			if (g.m->judge_mode) {
				if (take_update(&g, &env, where, e) != 0)
					goto done;
				continue;
			}
			if (take_entry(&g, sb.data, sb.len, where, e) != 0)
				goto done;
			if (drain_inbox(&g, e) != 0)
				goto done;
		}
		armor_list_free(&l);
	}
	rc = print_view(&g, "text", e);
done:
	armor_list_free(&l);
	key_secret_free(k);
	buf_free(&text);
	buf_free(&sb);
	gamedir_close(&g);
	return rc;
}

int
cmd_show(int argc, char **argv, struct error *e)
{
	const char *dir = NULL, *fmt = "text";
	struct gamedir g;
	int ch, rc;

	while ((ch = getopt(argc, argv, "d:f:")) != -1) {
		switch (ch) {
		case 'd':
			dir = optarg;
			break;
		case 'f':
			fmt = optarg;
			break;
		default:
			return cli_usage(e);
		}
	}
	if (dir == NULL || optind != argc)
		return cli_usage(e);
	if (strcmp(fmt, "text") != 0 && strcmp(fmt, "yaml") != 0 &&
	    strcmp(fmt, "svg") != 0)
		return error_set(e, EXIT_USAGE, "-f %s: the formats are text, "
		    "yaml and svg", fmt);
	if (gamedir_open(dir, &g, e) != 0)
		return -1;
	rc = print_view(&g, fmt, e);
	gamedir_close(&g);
	return rc;
}

int
cmd_resend(int argc, char **argv, struct error *e)
{
	const char *dir;
	struct gamedir g;
	struct buf b;
	unsigned long long seq, first;
	char *end;
	int rc = -1;

	if (parse_dir_only(argc, argv, &dir, "", e) != 0)
		return -1;
	argc -= optind;
	argv += optind;
	if (argc > 1)
		return cli_usage(e);
	if (gamedir_open(dir, &g, e) != 0)
		return -1;
	buf_init(&b);
	if (argc == 1) {
		seq = strtoull(argv[0], &end, 10);
		if (*argv[0] == '\0' || *end != '\0') {
			error_set(e, EXIT_USAGE, "%s: SEQ is a number", argv[0]);
			goto done;
		}
		first = seq;
	} else if ((seq = gamedir_last_sent(&g)) == 0) {
		error_set(e, EXIT_USAGE, "%s: %s has sent nothing yet", dir,
		    g.seat);
		goto done;
	} else {
		/* what the last turn printed: an opening or a move can be
		 * followed by the final openings, in consecutive entries */
		struct buf probe;
		struct error ign;

		buf_init(&probe);
		for (first = seq; first > 1; first--) {
			probe.len = 0;
			if (gamedir_outbox(&g, first - 1, &probe, &ign) != 0)
				break;
		}
		buf_free(&probe);
	}
	for (; first <= seq; first++)
		if (gamedir_outbox(&g, first, &b, e) != 0)
			goto done;
	rc = fsio_write_stdout(b.data, b.len, e);
done:
	buf_free(&b);
	gamedir_close(&g);
	return rc;
}

int
cmd_export(int argc, char **argv, struct error *e)
{
	const char *dir;
	struct gamedir g;
	struct buf rec, one, arm;
	uint8_t zero[3] = { 0, 0, 0 };
	uint64_t seq;
	int rc = -1;

	if (parse_dir_only(argc, argv, &dir, "", e) != 0)
		return -1;
	if (optind != argc)
		return cli_usage(e);
	if (gamedir_open(dir, &g, e) != 0)
		return -1;
	buf_init(&rec);
	buf_init(&one);
	buf_init(&arm);
	buf_add(&rec, "ADJA", 4);
	buf_addc(&rec, 1);
	buf_add(&rec, zero, 3);
	buf_add_u32(&rec, (uint32_t)(g.m->seq + 1));
	for (seq = 0; seq <= g.m->seq; seq++) {
		one.len = 0;
		if (gamedir_entry(&g, seq, &one, e) != 0)
			goto done;
		buf_add_field(&rec, one.data, one.len);
	}
	if (armor_wrap(rec.data, rec.len, ARMOR_ARCHIVE, &arm, e) != 0)
		goto done;
	rc = fsio_write_stdout(arm.data, arm.len, e);
done:
	buf_free(&rec);
	buf_free(&one);
	buf_free(&arm);
	gamedir_close(&g);
	return rc;
}

int
cmd_rules(int argc, char **argv, struct error *e)
{
	const struct game_rules *r;
	const struct game_option *o;
	int i;

	if (argc > 2 || (argc == 2 && argv[1][0] == '-'))
		return cli_usage(e);
	if (argc == 1) {
		for (i = 0; game_table[i] != NULL; i++)
			printf("%-14s %s\n", game_table[i]->name,
			    game_table[i]->title);
		return 0;
	}
	if ((r = game_find(argv[1])) == NULL)
		return error_set(e, EXIT_USAGE, "unknown game \"%s\"", argv[1]);
	printf("%s: %s\n", r->name, r->title);
	printf("seats: %d", r->min_seats);
	if (r->max_seats != r->min_seats)
		printf(" to %d", r->max_seats);
	printf("; modes:%s%s\n", r->modes & GAME_PEER ? " peer" : "",
	    r->modes & GAME_JUDGE ? " judge" : "");
	printf("options:\n");
	for (o = r->options; o != NULL && o->name != NULL; o++) {
		printf("  %s=%s  %s", o->name, o->def, o->help);
		if (o->choices != NULL) {
			printf(" (");
			for (i = 0; o->choices[i] != NULL; i++)
				printf("%s%s", i ? ", " : "", o->choices[i]);
			printf(")\n");
		} else
			printf(" (%ld to %ld)\n", o->min, o->max);
	}
	printf("notation:\n%s", r->notation);
	return 0;
}
