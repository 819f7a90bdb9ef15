/*
 * judge: the referee of a judged game.  It reads the seats' messages,
 * applies them in order (early ones wait in the inbox), meets every
 * obligation at once from the setups it holds, and writes for each seat
 * with news a judge-signed update encrypted to that seat alone:
 * OUTDIR/SEAT.msg.  One summary line per message on stdout tells a
 * script what was applied, what waits and what was refused.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "armor.h"
#include "cli.h"
#include "fsio.h"
#include "gamedir.h"
#include "ydoc.h"

struct judging {
	struct gamedir		 g;
	struct key_secret	*k;
	char			 note[GAME_MAX_SEATS][600];
	int			 refused, malformed;
};

static int
note(struct judging *j, int seat, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int
note(struct judging *j, int seat, const char *fmt, ...)
{
	char line[400];
	size_t n;
	va_list ap;

	if (seat < 0 || seat >= j->g.m->nseats)
		return 0;
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	n = strlen(j->note[seat]);
	snprintf(j->note[seat] + n, sizeof(j->note[seat]) - n, "%s%s",
	    n ? "; " : "", line);
	return 0;
}

/* The judge's own entries: obligations met, the setups opened at the end. */
static int
judge_auto(struct judging *j, struct error *e)
{
	struct key_public to[GAME_MAX_SEATS];
	struct buf body, sb;
	char where[64];
	int i, rc = 0;

	for (i = 0; i < j->g.m->nseats; i++)
		to[i] = j->g.m->seat[i].key;
	buf_init(&body);
	buf_init(&sb);
	while (rc == 0 && match_next_author(j->g.m) == MATCH_JUDGE) {
		body.len = sb.len = 0;
		snprintf(where, sizeof(where), "judge seq %llu",
		    (unsigned long long)j->g.m->seq + 1);
		if (match_judge_body(j->g.m, j->g.all, &body, e) != 0 ||
		    envelope_sign(j->k, to, (size_t)j->g.m->nseats, body.data,
		    body.len, &sb, e) != 0 ||
		    match_apply(j->g.m, sb.data, sb.len, where, NULL, e) != 0 ||
		    gamedir_store(&j->g, j->g.m->seq, sb.data, sb.len, NULL, 0,
		    e) != 0)
			rc = -1;
	}
	buf_free(&body);
	buf_free(&sb);
	return rc;
}

/*
 * One message from a seat: its signed entry, forwarded verbatim, and for
 * a setup the openings that only the judge sees.
 */
static int
take(struct judging *j, const uint8_t *outer, size_t outerlen,
    const char *where, int *sender, struct error *e)
{
	static const char *const keys[] = { "game", "by", "kind", "entry",
	    "open", NULL };
	static const char *const req[] = { "game", "by", "kind", "entry",
	    NULL };
	struct match *m = j->g.m, *c = NULL;
	struct envelope env, inner;
	struct ydoc *doc = NULL, *list, *n;
	struct match_secret *sec = NULL;
	struct buf have, entry;
	const char *s;
	char game[2 * SEC_HASH + 1], w[300];
	const uint8_t *blob;
	uint8_t h[SEC_HASH];
	uint64_t seq;
	size_t len, i;
	int rc = -1, seat;

	buf_init(&have);
	buf_init(&entry);
	*sender = -1;
	if (envelope_verify(outer, outerlen, &env, where, e) != 0)
		return -1;
	if ((doc = ydoc_parse(env.body, env.body_len, where, e)) == NULL)
		return -1;
	if ((n = ydoc_get(doc, "kind")) != NULL && n->type == YDOC_SCALAR &&
	    strcmp(n->str, "header") == 0) {
		envelope_hash(outer, outerlen, h);
		if (memcmp(h, m->game_id, SEC_HASH) != 0) {
			error_set(e, EXIT_REFUSED, "%s: an invitation to another "
			    "game (join it in its own directory)", where);
			goto done;
		}
		printf("%s: the invitation of this game; nothing to do\n",
		    where);
		rc = 0;
		goto done;
	}
	seat = match_seat_of(m, &env.signer);
	if (seat < 0 || seat >= m->nseats) {
		error_set(e, EXIT_REFUSED, "%s: signed by %s (%s), who holds no "
		    "seat in this game", where, env.signer.name,
		    env.signer.idhex);
		goto done;
	}
	*sender = seat;
	if (ydoc_check_keys(doc, keys, req, where, e) != 0 ||
	    (s = ydoc_scalar(doc, "kind", where, e)) == NULL)
		goto done;
	if (strcmp(s, "private") != 0) {
		error_set(e, EXIT_MALFORMED, "%s: a seat writes to the judge "
		    "with kind private, not %.20s", where, s);
		goto done;
	}
	if ((s = ydoc_scalar(doc, "game", where, e)) == NULL)
		goto done;
	if (strcmp(s, m->game_hex) != 0) {
		error_set(e, EXIT_REFUSED, "%s: belongs to game %.16s, not this "
		    "one (%.16s)", where, s, m->game_hex);
		goto done;
	}
	if (match_blob(ydoc_get(doc, "entry"), "entry", &entry, where,
	    e) != 0)
		goto done;
	blob = entry.data;
	len = entry.len;
	if (envelope_verify(blob, len, &inner, where, e) != 0)
		goto done;
	if (!key_same(&inner.signer, &env.signer)) {
		error_set(e, EXIT_REFUSED, "%s: the entry inside is signed by "
		    "%s, not by %s", where, inner.signer.name, env.signer.name);
		goto done;
	}
	if (match_peek(blob, len, game, &seq, where, e) != 0)
		goto done;
	snprintf(w, sizeof(w), "%.200s: %s seq %llu", where, m->seat[seat].name,
	    (unsigned long long)seq);
	if (seq <= m->seq) {
		if (gamedir_entry(&j->g, seq, &have, e) != 0)
			goto done;
		if (have.len == len && memcmp(have.data, blob, len) == 0) {
			printf("%s: already applied; nothing to do\n", w);
			rc = 0;
			goto done;
		}
		error_set(e, EXIT_REFUSED, "%s: differs from the entry already "
		    "applied (a replay or a fork)", w);
		goto done;
	}
	if (seq > m->seq + 1) {
		if (gamedir_inbox_put(&j->g, seq, outer, outerlen, e) != 0)
			goto done;
		printf("%s: arrived early; waits for seq %llu\n", w,
		    (unsigned long long)m->seq + 1);
		rc = 0;
		goto done;
	}
	if ((c = match_clone(m)) == NULL) {
		error_set(e, EXIT_SYSTEM, "out of memory");
		goto done;
	}
	if (match_apply(c, blob, len, w, NULL, e) != 0)
		goto done;
	list = ydoc_get(doc, "open");
	if (c->seat[seat].has_setup && !m->seat[seat].has_setup) {
		/* a setup: every opening, checked now, and the audit */
		if (ydoc_expect(list, YDOC_SEQ, "open", where, e) != 0)
			goto done;
		if ((int)list->nkids != c->seat[seat].pieces.n) {
			error_set(e, EXIT_REFUSED, "%s: the setup comes with %zu "
			    "openings, not %d", w, list->nkids,
			    c->seat[seat].pieces.n);
			goto done;
		}
		if ((sec = sec_malloc(sizeof(*sec))) == NULL) {
			error_set(e, EXIT_SYSTEM, "out of memory");
			goto done;
		}
		memset(sec, 0, sizeof(*sec));
		sec->setup.n = c->seat[seat].pieces.n;
		for (i = 0; i < list->nkids; i++) {
			int who, idx;

			if (match_parse_opening(c, list->kids[i], &who, &idx,
			    sec->setup.value[i], sec->nonce[i], where, e) != 0)
				goto done;
			if (who != seat || idx != (int)i) {
				error_set(e, EXIT_MALFORMED, "%s:%u: opening %zu "
				    "does not name %s's piece %s", where,
				    list->kids[i]->line, i + 1,
				    m->seat[seat].name,
				    c->seat[seat].pieces.id[i]);
				goto done;
			}
			snprintf(sec->setup.id[i], GAME_ID, "%s",
			    c->seat[seat].pieces.id[i]);
			if (match_check_opening(c, seat, sec->setup.id[i],
			    sec->setup.value[i], sec->nonce[i], e) != 0) {
				error_prefix(e, "%s", w);
				goto done;
			}
		}
		if (m->rules->setup_audit(c->state, seat, &sec->setup, e) != 0) {
			e->status = EXIT_REFUSED;
			error_prefix(e, "%s", w);
			goto done;
		}
		if (gamedir_save_secret(&j->g, seat, sec, e) != 0)
			goto done;
		j->g.all[seat] = sec;
		sec = NULL;
	} else if (list != NULL) {
		error_set(e, EXIT_REFUSED, "%s: private openings come only with "
		    "a setup", w);
		goto done;
	}
	/* accepted: the clone becomes the judge's match */
	if (gamedir_store(&j->g, seq, blob, len, NULL, 0, e) != 0)
		goto done;
	c->local[seat] = j->g.all[seat] ? &j->g.all[seat]->setup : NULL;
	match_free(j->g.m);
	j->g.m = c;
	c = NULL;
	printf("%s: applied: %s\n", w, j->g.m->what);
	if (judge_auto(j, e) != 0)
		goto done;
	rc = 0;
done:
	if (sec != NULL) {
		sec_wipe(sec, sizeof(*sec));
		sec_free(sec);
	}
	match_free(c);
	buf_free(&entry);
	buf_free(&have);
	ydoc_free(doc);
	return rc;
}

static void
outcome(struct judging *j, int rc, int sender, const struct error *e)
{
	if (rc == 0)
		return;
	printf("%s: refused\n", e->msg);
	if (e->status == EXIT_MALFORMED)
		j->malformed = 1;
	else
		j->refused = 1;
	/* the sender learns why; the reason is about its own message */
	note(j, sender, "refused: %s", e->msg);
}

static void
drain(struct judging *j)
{
	struct buf b;
	struct error e;
	int sender, rc;
	uint64_t next;

	buf_init(&b);
	for (;;) {
		next = j->g.m->seq + 1;
		b.len = 0;
		if (gamedir_inbox_get(&j->g, next, &b) != 0)
			break;
		gamedir_inbox_drop(&j->g, next);
		error_clear(&e);
		rc = take(j, b.data, b.len, "inbox", &sender, &e);
		outcome(j, rc, sender, &e);
		if (j->g.m->seq + 1 == next)
			break;	/* refused: it cannot be retried */
	}
	buf_free(&b);
}

/* Writes (appends) OUTDIR/SEAT.msg for every seat with news. */
static int
updates(struct judging *j, const char *outdir, struct error *e)
{
	struct match *m = j->g.m;
	struct key_public to;
	struct buf *entries = NULL, body, sb, arm;
	char path[PATH_MAX];
	uint64_t from, q;
	size_t n;
	int s, rc = -1;

	buf_init(&body);
	buf_init(&sb);
	buf_init(&arm);
	for (s = 0; s < m->nseats; s++) {
		from = gamedir_sent(&j->g, s);
		if (from >= m->seq && j->note[s][0] == '\0')
			continue;
		n = from < m->seq ? (size_t)(m->seq - from) : 0;
		if (n > 0 && (entries = calloc(n, sizeof(*entries))) == NULL) {
			error_set(e, EXIT_SYSTEM, "out of memory");
			goto done;
		}
		for (q = from + 1; q <= m->seq; q++) {
			buf_init(&entries[q - from - 1]);
			if (gamedir_entry(&j->g, q, &entries[q - from - 1],
			    e) != 0)
				goto done;
		}
		body.len = sb.len = arm.len = 0;
		to = m->seat[s].key;
		if (match_update_body(m, s, entries, n, j->note[s], &body,
		    e) != 0 ||
		    envelope_sign(j->k, &to, 1, body.data, body.len, &sb,
		    e) != 0 ||
		    envelope_armor(sb.data, sb.len, &to, 1, &arm, e) != 0)
			goto done;
		if ((size_t)snprintf(path, sizeof(path), "%s/%s.msg", outdir,
		    m->seat[s].name) >= sizeof(path)) {
			error_set(e, EXIT_USAGE, "%s: path too long", outdir);
			goto done;
		}
		/* an update not yet mailed stays: the new one follows it */
		if (fsio_append(path, arm.data, arm.len, e) != 0 ||
		    gamedir_set_sent(&j->g, s, m->seq, e) != 0)
			goto done;
		printf("%s: update for %s (%zu entries%s)\n", path,
		    m->seat[s].name, n, j->note[s][0] ? ", a note" : "");
		for (q = 0; q < n; q++)
			buf_free(&entries[q]);
		free(entries);
		entries = NULL;
	}
	rc = 0;
done:
	if (entries != NULL) {
		for (q = 0; q < n; q++)
			buf_free(&entries[q]);
		free(entries);
	}
	buf_free(&body);
	buf_free(&sb);
	buf_free(&arm);
	return rc;
}

int
cmd_judge(int argc, char **argv, struct error *e)
{
	const char *dir = NULL, *outdir = NULL, *in;
	struct judging j;
	struct armor_list l = { NULL, 0 };
	struct buf text, sb;
	struct envelope env;
	struct error me;
	char where[PATH_MAX + 32];
	int ch, i, nfiles, rc = -1, sender, took;
	size_t k;

	while ((ch = getopt(argc, argv, "d:O:")) != -1) {
		switch (ch) {
		case 'd':
			dir = optarg;
			break;
		case 'O':
			outdir = optarg;
			break;
		default:
			return cli_usage(e);
		}
	}
	argc -= optind;
	argv += optind;
	if (dir == NULL || outdir == NULL)
		return cli_usage(e);
	memset(&j, 0, sizeof(j));
	if (gamedir_open(dir, &j.g, e) != 0)
		return -1;
	buf_init(&text);
	buf_init(&sb);
	if (j.g.me != MATCH_JUDGE) {
		error_set(e, EXIT_USAGE, "%s: %s's game directory, not the "
		    "judge's", dir, j.g.seat);
		goto done;
	}
	if (fsio_mkdir(outdir, 0700, e) != 0)
		goto done;
	if ((j.k = key_secret_load(j.g.keypath, pass_key, NULL, e)) == NULL)
		goto done;
	if (!key_same(&j.k->pub, &j.g.m->judge)) {
		error_set(e, EXIT_USAGE, "%s: not the judge's key", j.g.keypath);
		goto done;
	}
	/* obligations left by an earlier run that stopped half-way */
	if (judge_auto(&j, e) != 0)
		goto done;
	nfiles = argc == 0 ? 1 : argc;
	for (i = 0; i < nfiles; i++) {
		in = argc == 0 ? NULL : argv[i];
		text.len = 0;
		error_clear(&me);
		if (fsio_read(in, FSIO_MAX_INPUT, &text, &me) != 0 ||
		    armor_read((char *)text.data, text.len, ARMOR_MESSAGE,
		    fsio_name(in), &l, &me) != 0) {
			outcome(&j, -1, -1, &me);
			continue;
		}
		for (k = 0; k < l.n; k++) {
			if (l.n > 1)
				snprintf(where, sizeof(where), "%s: message %zu",
				    fsio_name(in), k + 1);
			else
				snprintf(where, sizeof(where), "%s",
				    fsio_name(in));
			sb.len = 0;
			error_clear(&me);
			sender = -1;
			if (envelope_open(l.items[k].data, l.items[k].len, j.k,
			    &sb, &env, where, &me) != 0) {
				outcome(&j, -1, -1, &me);
				continue;
			}
			/* take() sets sender: call it before reading it */
			took = take(&j, sb.data, sb.len, where, &sender, &me);
			outcome(&j, took, sender, &me);
			drain(&j);
		}
		armor_list_free(&l);
	}
	if (updates(&j, outdir, e) != 0)
		goto done;
	if (j.malformed || j.refused) {
		error_set(e, j.malformed ? EXIT_MALFORMED : EXIT_REFUSED,
		    "some messages were refused (see the lines above)");
		goto done;
	}
	rc = 0;
done:
	armor_list_free(&l);
	key_secret_free(j.k);
	buf_free(&text);
	buf_free(&sb);
	gamedir_close(&j.g);
	return rc;
}
