/*
 * The seed, drawn by every party.  See seed.h and formats/header.md.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "envelope.h"
#include "holder.h"
#include "match_int.h"
#include "seed.h"
#include "timing.h"
#include "ydoc.h"

#define SHARE_DOMAIN	"adjudicator seed share v1"
#define SHARE_PERSONAL	"adj-seed-share-1"
#define COMMIT_PERSONAL	"adj-seed-commit1"
#define SEED_PERSONAL	"adj-seed-v1"

int
seed_share_derive(const struct key_secret *k, const uint8_t nonce[SEC_HASH],
    uint8_t share[SEC_HASH], struct error *e)
{
	uint8_t msg[sizeof(SHARE_DOMAIN) + SEC_HASH];
	struct buf sb;
	int rc = -1;

	/* signed as an entry is (the key agent signs nothing else), to
	 * the key alone, and never sent: only its hash is ever shown */
	memcpy(msg, SHARE_DOMAIN, sizeof(SHARE_DOMAIN));
	memcpy(msg + sizeof(SHARE_DOMAIN), nonce, SEC_HASH);
	buf_init(&sb);
	if (envelope_sign(k, &k->pub, 1, msg, sizeof(msg), &sb, e) == 0) {
		if (sb.len < SEC_SIG || sec_hash(share, SHARE_PERSONAL,
		    sb.data + sb.len - SEC_SIG, SEC_SIG) != 0)
			error_set(e, EXIT_SYSTEM, "cannot derive the share of "
			    "the seed");
		else
			rc = 0;
	}
	sec_wipe(sb.data, sb.len);
	buf_free(&sb);
	return rc;
}

int
seed_commitment(const struct key_secret *k, const uint8_t nonce[SEC_HASH],
    uint8_t commit[SEC_HASH], struct error *e)
{
	uint8_t share[SEC_HASH];
	int rc = -1;

	if (seed_share_derive(k, nonce, share, e) == 0) {
		if (sec_hash(commit, COMMIT_PERSONAL, share, SEC_HASH) != 0)
			error_set(e, EXIT_SYSTEM, "cannot commit to the seed");
		else
			rc = 0;
	}
	sec_wipe(share, sizeof(share));
	return rc;
}

/* 64 lowercase hex digits under key, decoded. */
static int
hex64(const struct ydoc *doc, const char *key, uint8_t out[SEC_HASH],
    const char *where, struct error *e)
{
	const char *s = ydoc_scalar(doc, key, where, e);

	if (s == NULL)
		return -1;
	if (strlen(s) != 2 * SEC_HASH || strspn(s, "0123456789abcdef") !=
	    2 * SEC_HASH || sec_unhex(out, SEC_HASH, s) != 0)
		return error_set(e, EXIT_MALFORMED, "%s:%u: %s is %d lowercase "
		    "hex digits", where, ydoc_get(doc, key)->line, key,
		    2 * SEC_HASH);
	return 0;
}

int
seed_header(struct match *m, const struct ydoc *doc, int creator,
    const uint8_t nonce[SEC_HASH], const char *where, struct error *e)
{
	const struct ydoc *c = ydoc_get(doc, "seed_commit");
	const char *s;

	m->seed.draws = m->rules->draws != NULL && m->rules->draws(&m->cfg);
	m->seed.creator = creator;
	memcpy(m->seed.nonce, nonce, SEC_HASH);
	if (c != NULL && ydoc_get(doc, "seed") != NULL)
		return error_set(e, EXIT_MALFORMED, "%s: both a seed and a "
		    "seed_commit", where);
	if (c != NULL) {
		if (!m->seed.draws)
			return error_set(e, EXIT_MALFORMED, "%s: a seed_commit "
			    "in a game of %s that draws nothing from its seed",
			    where, m->rules->name);
		if (hex64(doc, "seed_commit", m->seed.commit, where, e) != 0)
			return -1;
		m->seed.on = 1;
		/* a stand-in until every share is in; nothing shows it */
		snprintf(m->cfg.seed, sizeof(m->cfg.seed), "0");
		return 0;
	}
	if ((s = ydoc_scalar(doc, "seed", where, e)) == NULL)
		return -1;
	if (strlen(s) == 0 || strlen(s) > 64 ||
	    strspn(s, "0123456789abcdef") != strlen(s))
		return error_set(e, EXIT_MALFORMED, "%s: the seed is 1 to 64 "
		    "lowercase hex digits", where);
	snprintf(m->cfg.seed, sizeof(m->cfg.seed), "%s", s);
	return 0;
}

int
seed_is_kind(const char *kind)
{
	return strcmp(kind, "share") == 0;
}

/* Every party: the seats, then the judge. */
static int
parties(const struct match *m)
{
	return m->nseats + (m->judge_mode != 0);
}

/* The author of share i: the parties but the creator in order, then the
 * creator's reveal. */
static int
share_author(const struct match *m, int i)
{
	int a, k = 0, n = parties(m);

	if (i == n - 1)
		return m->seed.creator;
	for (a = 0; a < n; a++) {
		int who = a < m->nseats ? a : GAME_JUDGE;

		if (who == m->seed.creator)
			continue;
		if (k++ == i)
			return who;
	}
	return -1;
}

int
seed_pending(const struct match *m)
{
	return m->seed.on && !m->seed.drawn && !match_over(m);
}

int
seed_next(const struct match *m)
{
	return seed_pending(m) ? share_author(m, m->seed.have) : -1;
}

/* "bob owes a", "the judge owes a". */
static void
owes(const struct match *m, int who, char *out, size_t len)
{
	snprintf(out, len, "%s%s owes a", who == GAME_JUDGE ? "the " : "",
	    match_author_name(m, who));
}

int
seed_refuse(const struct match *m, int author, const char *kind,
    const char *where, struct error *e)
{
	char who[80];

	(void)author;
	if (seed_is_kind(kind)) {
		if (!seed_pending(m))
			return error_set(e, EXIT_REFUSED, "%s: a share of the "
			    "seed, which nobody owes now", where);
		return 0;
	}
	if (!seed_pending(m) || timing_is_kind(kind))
		return 0;
	owes(m, seed_next(m), who, sizeof(who));
	/* the creator's reveal is made from its key: no seat changes
	 * hands before the seed is drawn */
	return error_set(e, EXIT_REFUSED, "%s: a %.20s entry while %s share "
	    "of the seed%s", where, kind, who, holder_is_kind(kind) ?
	    " (a seat changes keys once the seed is drawn)" : "");
}

static uint8_t *
slot(struct match *m, int who)
{
	return m->seed.share[who == GAME_JUDGE ? GAME_MAX_SEATS : who];
}

/* The seed: the game id, the creator's share, the other seats' in seat
 * order, the judge's; then the game set up from it. */
static int
draw(struct match *m, const char *where, struct error *e)
{
	struct sec_hasher *h;
	uint8_t seed[SEC_HASH];
	int i, rc = 0;

	if ((h = sec_hasher_new(SEED_PERSONAL)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	rc |= sec_hasher_update(h, m->game_id, SEC_HASH);
	rc |= sec_hasher_update(h, slot(m, m->seed.creator), SEC_HASH);
	for (i = 0; i < m->nseats; i++)
		if (i != m->seed.creator)
			rc |= sec_hasher_update(h, slot(m, i), SEC_HASH);
	if (m->judge_mode && m->seed.creator != GAME_JUDGE)
		rc |= sec_hasher_update(h, slot(m, GAME_JUDGE), SEC_HASH);
	if (sec_hasher_final(h, seed) != 0 || rc != 0)
		return error_set(e, EXIT_SYSTEM, "cannot hash the seed");
	sec_hex(m->cfg.seed, sizeof(m->cfg.seed), seed, SEC_HASH);
	memset(m->state, 0, m->rules->state_size);
	if (m->rules->init(m->state, &m->cfg, e) != 0)
		return error_prefix(e, "%s", where);
	for (i = 0; i < m->nseats; i++)
		m->rules->setup_pieces(m->state, i, &m->seat[i].pieces);
	m->seed.drawn = 1;
	return 0;
}

int
seed_apply(struct match *m, int author, const struct ydoc *doc,
    const char *where, struct error *e)
{
	static const char *const gone[] = { "action", "open", "commit",
	    "claim", "timeout", "ruling", "leave", "seat", NULL };
	uint8_t share[SEC_HASH], c[SEC_HASH];
	int i;

	for (i = 0; gone[i] != NULL; i++)
		if (ydoc_get(doc, gone[i]) != NULL)
			return error_set(e, EXIT_MALFORMED, "%s: a share of "
			    "the seed carries \"%s\"", where, gone[i]);
	if (author != seed_next(m))
		return error_set(e, EXIT_REFUSED, "%s: a share of the seed by "
		    "%s out of its turn: it is %s's", where,
		    match_author_name(m, author),
		    match_author_name(m, seed_next(m)));
	if (hex64(doc, "share", share, where, e) != 0)
		return -1;
	if (author == m->seed.creator && (sec_hash(c, COMMIT_PERSONAL, share,
	    SEC_HASH) != 0 || !sec_equal(c, m->seed.commit, SEC_HASH)))
		return error_set(e, EXIT_REFUSED, "%s: %s%s's reveal of the "
		    "seed does not match the commitment of the header: %s%s "
		    "breaks the draw", where, author == GAME_JUDGE ? "the " :
		    "", match_author_name(m, author), author == GAME_JUDGE ?
		    "the " : "", match_author_name(m, author));
	memcpy(slot(m, author), share, SEC_HASH);
	m->seed.have++;
	if (author != m->seed.creator) {
		match_say(m, "%s%s gave a share of the seed", author ==
		    GAME_JUDGE ? "the " : "", match_author_name(m, author));
		return 0;
	}
	if (draw(m, where, e) != 0)
		return -1;
	match_say(m, "%s%s revealed a share: the seed is drawn", author ==
	    GAME_JUDGE ? "the " : "", match_author_name(m, author));
	return 0;
}

int
seed_share_of(const struct match *m, int author, const struct key_secret *k,
    uint8_t share[SEC_HASH], struct error *e)
{
	uint8_t c[SEC_HASH];

	if (seed_next(m) != author)
		return error_set(e, EXIT_REFUSED, "no share of the seed is due "
		    "from %s", match_author_name(m, author));
	if (author != m->seed.creator) {
		sec_random(share, SEC_HASH);
		return 0;
	}
	if (seed_share_derive(k, m->seed.nonce, share, e) != 0)
		return -1;
	if (sec_hash(c, COMMIT_PERSONAL, share, SEC_HASH) != 0 ||
	    !sec_equal(c, m->seed.commit, SEC_HASH)) {
		sec_wipe(share, SEC_HASH);
		return error_set(e, EXIT_REFUSED, "key %s does not make the "
		    "share the header committed to", k->pub.name);
	}
	return 0;
}

/* "alice, bob and the judge": every party. */
static void
names(const struct match *m, struct buf *b)
{
	int i, n = parties(m);

	for (i = 0; i < n; i++)
		buf_printf(b, "%s%s%s", i == 0 ? "" : i == n - 1 ? " and " :
		    ", ", i < m->nseats ? "" : "the ", i < m->nseats ?
		    m->seat[i].name : "judge");
}

/* The words of seed_line and seed_summary, after their "Seed: ". */
static void
say(const struct match *m, struct buf *b)
{
	char who[80];

	if (!m->seed.on) {
		buf_printf(b, "chosen by %s%s (new -s)",
		    m->seed.creator == GAME_JUDGE ? "the " : "",
		    match_author_name(m, m->seed.creator));
	} else if (m->seed.drawn) {
		buf_adds(b, "drawn by ");
		names(m, b);
	} else if (seed_pending(m)) {
		owes(m, seed_next(m), who, sizeof(who));
		buf_printf(b, "%s share; the layout is drawn once every share "
		    "is in", who);
	} else
		buf_adds(b, "never drawn: the game ended before every share "
		    "was in");
}

void
seed_line(const struct match *m, struct buf *b)
{
	if (!m->seed.draws)
		return;
	buf_adds(b, "Seed: ");
	say(m, b);
	buf_adds(b, ".\n");
}

void
seed_summary(const struct match *m, struct buf *b)
{
	if (!m->seed.draws)
		return;
	buf_adds(b, "seed: ");
	say(m, b);
	buf_adds(b, "\n");
}

void
seed_yaml(const struct match *m, struct ydoc_writer *w)
{
	int i;

	if (!m->seed.draws)
		return;
	ydoc_key(w, "seed");
	ydoc_map_begin(w);
	if (!m->seed.on) {
		ydoc_kv(w, "how", "chosen");
		ydoc_kv(w, "by", match_author_name(m, m->seed.creator));
	} else if (m->seed.drawn || !seed_pending(m)) {
		ydoc_kv(w, "how", m->seed.drawn ? "drawn" : "never drawn");
		ydoc_key(w, "by");
		ydoc_seq_begin(w, 1);
		for (i = 0; i < parties(m); i++)
			ydoc_str(w, match_author_name(m, i < m->nseats ? i :
			    GAME_JUDGE));
		ydoc_seq_end(w);
	} else {
		ydoc_kv(w, "how", "pending");
		ydoc_kv(w, "owed", match_author_name(m, seed_next(m)));
	}
	ydoc_map_end(w);
}
