/*
 * In-memory games.  See selfplay.h.  Each copy keeps its transcript,
 * inbox and updates in a store in memory; everything else is the code
 * the verbs run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "selfplay_int.h"

static int
nomem(struct error *e)
{
	return error_set(e, EXIT_SYSTEM, "out of memory");
}

/* --- the game --- */

static void
sync(struct selfplay *sp)
{
	int i;

	for (i = 0; i < SELFPLAY_PARTIES; i++)
		sp->m[i] = sp->party[i].m;
	i = sp->judged ? GAME_JUDGE : 0;
	sp->entries = sp->store[i]->entry;
	sp->nentries = sp->store[i]->nentry;
}

void
selfplay_free(struct selfplay *sp)
{
	int s;

	if (sp == NULL)
		return;
	buf_free(&sp->invitation);
	for (s = 0; s < SELFPLAY_PARTIES; s++) {
		key_secret_free(sp->key[s]);
		transcript_clear(&sp->party[s]);
		selfplay_store_free(sp->store[s]);
	}
	free(sp);
}

/* A guarded copy of a secret, or NULL for none. */
static int
secret_dup(const struct match_secret *s, struct match_secret **out)
{
	*out = NULL;
	if (s == NULL)
		return 0;
	if ((*out = sec_malloc(sizeof(**out))) == NULL)
		return -1;
	memcpy(*out, s, sizeof(**out));
	return 0;
}

struct transcript *
selfplay_fork(const struct selfplay *sp, int party, struct error *e)
{
	const struct transcript *p = &sp->party[party];
	struct transcript *t;
	int s, ok;

	if ((t = calloc(1, sizeof(*t))) == NULL) {
		nomem(e);
		return NULL;
	}
	t->me = p->me;
	t->store = p->store;
	memcpy(t->sent, p->sent, sizeof(t->sent));
	ok = (t->m = match_clone(p->m)) != NULL &&
	    (t->arg = selfplay_store_clone(p->arg)) != NULL &&
	    secret_dup(p->secret, &t->secret) == 0;
	for (s = 0; ok && s < GAME_MAX_SEATS; s++)
		ok = secret_dup(p->all[s], &t->all[s]) == 0;
	if (ok && p->nupdates > 0) {
		ok = (t->updates = calloc(p->nupdates,
		    sizeof(*t->updates))) != NULL;
		if (ok) {
			memcpy(t->updates, p->updates,
			    p->nupdates * sizeof(*t->updates));
			t->nupdates = p->nupdates;
		}
	}
	if (!ok) {
		selfplay_fork_free(t);
		nomem(e);
		return NULL;
	}
	/* what the copy knows points into the copy */
	for (s = 0; s < GAME_MAX_SEATS; s++)
		if (t->all[s] != NULL)
			t->m->local[s] = &t->all[s]->setup;
	if (t->secret != NULL && t->me >= 0 && t->me < GAME_MAX_SEATS)
		t->m->local[t->me] = &t->secret->setup;
	return t;
}

void
selfplay_fork_free(struct transcript *t)
{
	if (t == NULL)
		return;
	selfplay_store_free(t->arg);
	transcript_clear(t);
	free(t);
}

/* --- a fixed game --- */

#define FIXED_SEED	"5e1f9a1a"
#define FIXED_TIME	"2026-01-01T00:00:00Z"

static void
fixed_bytes(struct selfplay *sp, uint8_t *p, size_t n)
{
	uint32_t v = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		if (i % 4 == 0)
			v = rng_u32(&sp->rng);
		p[i] = (uint8_t)(v >> (8 * (i % 4)));
	}
}

/* A key pair from the fixed stream. */
static struct key_secret *
fixed_key(struct selfplay *sp, const char *name, struct error *e)
{
	struct key_secret *k;

	if ((k = key_generate(name, e)) == NULL)
		return NULL;
	fixed_bytes(sp, k->sign_sk, SEC_SIGN_SK / 2);
	fixed_bytes(sp, k->box_sk, SEC_BOX_SK);
	if (sec_sign_public(k->pub.sign_pk, k->sign_sk) != 0 ||
	    sec_box_public(k->pub.box_pk, k->box_sk) != 0 ||
	    key_compute_id(&k->pub) != 0) {
		key_secret_free(k);
		error_set(e, EXIT_SYSTEM, "key generation failed");
		return NULL;
	}
	memcpy(k->sign_sk + SEC_SIGN_SK / 2, k->pub.sign_pk, SEC_SIGN_PK);
	return k;
}

/* The header's creation time, given: same length, in place. */
static int
set_created(struct buf *body, const char *when, struct error *e)
{
	char *t;

	if (buf_cstr(body) != 0)
		return nomem(e);
	if (strlen(when) != strlen(FIXED_TIME))
		return error_set(e, EXIT_USAGE, "%.40s: a time is "
		    "YYYY-MM-DDTHH:MM:SSZ", when);
	t = strstr((char *)body->data, "\ncreated: ");
	if (t == NULL || strlen(t + 10) < strlen(when))
		return error_set(e, EXIT_SYSTEM, "header: no created");
	memcpy(t + 10, when, strlen(when));
	return 0;
}

/* The header's creation time and nonce, fixed: same lengths, in place. */
static int
fixed_header(struct selfplay *sp, struct buf *body, struct error *e)
{
	uint8_t nonce[SEC_HASH];
	char hex[2 * SEC_HASH + 1];
	char *n;

	if (set_created(body, FIXED_TIME, e) != 0)
		return -1;
	n = strstr((char *)body->data, "\nnonce: ");
	if (n == NULL || strlen(n + 8) < sizeof(hex) - 1)
		return error_set(e, EXIT_SYSTEM, "header: no nonce");
	fixed_bytes(sp, nonce, sizeof(nonce));
	sec_hex(hex, sizeof(hex), nonce, sizeof(nonce));
	memcpy(n + 8, hex, sizeof(hex) - 1);
	return 0;
}

static int
start(struct selfplay *sp, const struct buf *sb, struct error *e)
{
	int s;

	for (s = 0; s < SELFPLAY_PARTIES; s++) {
		if (s >= sp->nseats && (s != GAME_JUDGE || !sp->judged))
			continue;
		if ((sp->store[s] = selfplay_store_new()) == NULL)
			return nomem(e);
		sp->party[s].me = s;
		sp->party[s].store = &selfplay_memory;
		sp->party[s].arg = sp->store[s];
		if ((sp->party[s].m = header_read(sb->data, sb->len, "header",
		    e)) == NULL ||
		    selfplay_memory.put_entry(sp->store[s], 0, sb->data, sb->len, NULL, 0,
		    e) != 0)
			return -1;
		sp->party[s].m->me = s;
	}
	sync(sp);
	return 0;
}

static struct selfplay *
new_game(const char *rules, char *const *opts, int nopts, int nseats,
    int judged, int fixed, struct key_secret **keys, const char *created,
    struct error *e)
{
	static const char *const names[] = { "alice", "bob", "carol", "dave" };
	struct selfplay *sp;
	struct key_public pub[SELFPLAY_PARTIES];
	struct clock_spec clock;
	struct match_event event;
	struct game_config cfg;
	struct buf body, sb;
	int s, rc = -1;

	if ((sp = calloc(1, sizeof(*sp))) == NULL) {
		nomem(e);
		return NULL;
	}
	buf_init(&body);
	buf_init(&sb);
	buf_init(&sp->invitation);
	sp->nseats = nseats;
	sp->judged = judged;
	sp->fixed = fixed;
	if (fixed)
		rng_init(&sp->rng, FIXED_SEED, "selfplay");
	else
		rng_init_random(&sp->rng, "selfplay");
	memset(&cfg, 0, sizeof(cfg));
	memset(&event, 0, sizeof(event));
	cfg.nseats = nseats;
	snprintf(cfg.seed, sizeof(cfg.seed), "00");
	if ((sp->rules = game_find(rules)) == NULL) {
		error_set(e, EXIT_USAGE, "unknown game %s", rules);
		goto done;
	}
	if (nseats < 1 || nseats > GAME_MAX_SEATS ||
	    header_options(sp->rules, &cfg, &clock, NULL, &event, opts, nopts,
	    e) != 0)
		goto done;
	for (s = 0; s < nseats + (judged != 0); s++) {
		int at = s < nseats ? s : GAME_JUDGE;
		const char *name = s < nseats ? names[s] : "judge";

		if (keys != NULL) {
			sp->key[at] = keys[s];	/* taken */
			keys[s] = NULL;
		} else
			sp->key[at] = fixed ? fixed_key(sp, name, e) :
			    key_generate(name, e);
		if (sp->key[at] == NULL)
			goto done;
		pub[s] = sp->key[at]->pub;
	}
	if (header_write(sp->rules, &cfg, judged, pub, NULL, nseats,
	    judged ? &pub[nseats] : NULL, NULL, &clock, NULL, &event, NULL,
	    &body, e) != 0 ||
	    (fixed && fixed_header(sp, &body, e) != 0) ||
	    (created != NULL && set_created(&body, created, e) != 0) ||
	    envelope_sign(sp->key[0], pub, (size_t)nseats + (judged != 0),
	    body.data, body.len, &sb, e) != 0 ||
	    start(sp, &sb, e) != 0 ||
	    envelope_armor(sb.data, sb.len, pub, (size_t)nseats + (judged != 0),
	    &sp->invitation, e) != 0)
		goto done;
	rc = 0;
done:
	buf_free(&body);
	buf_free(&sb);
	if (rc != 0) {
		selfplay_free(sp);
		return NULL;
	}
	return sp;
}

struct selfplay *
selfplay_new(const char *rules, char *const *opts, int nopts, int nseats,
    int judged, struct error *e)
{
	return new_game(rules, opts, nopts, nseats, judged, 0, NULL, NULL, e);
}

struct selfplay *
selfplay_new_as(const char *rules, char *const *opts, int nopts, int nseats,
    int judged, struct key_secret **keys, const char *created,
    struct error *e)
{
	return new_game(rules, opts, nopts, nseats, judged, 0, keys, created,
	    e);
}

struct selfplay *
selfplay_new_fixed(const char *rules, char *const *opts, int nopts,
    int nseats, int judged, struct error *e)
{
	return new_game(rules, opts, nopts, nseats, judged, 1, NULL, NULL, e);
}

/* Every other seat takes a peer's message, as receive would. */
static int
deliver_peers(struct selfplay *sp, int from, const struct buf *msg,
    struct error *e)
{
	int s;

	for (s = 0; s < sp->nseats; s++)
		if (s != from && transcript_receive(&sp->party[s], sp->key[s],
		    (const char *)msg->data, msg->len, "message", e) != 0)
			return error_prefix(e, "%s", sp->m[s]->seat[s].name);
	return 0;
}

static int
emit(void *arg, int seat, const struct buf *armored, size_t n, int note,
    size_t resent, struct error *e)
{
	struct selfplay *sp = arg;

	(void)n;
	(void)note;
	(void)resent;
	if (sp->on_message != NULL)
		sp->on_message(sp->on_message_arg, GAME_JUDGE, seat, armored);
	return transcript_receive(&sp->party[seat], sp->key[seat],
	    (const char *)armored->data, armored->len, "update", e);
}

/* The judge takes a seat's message and every seat its update. */
static int
deliver_judge(struct selfplay *sp, const struct buf *msg, struct error *e)
{
	struct judge_run j;
	int s;

	judge_run_init(&j, &sp->party[GAME_JUDGE], sp->key[GAME_JUDGE]);
	j.tamper = sp->tamper;
	j.tamper_arg = sp->tamper_arg;
	sp->note[0] = '\0';
	if (judge_auto(&j, e) != 0 ||
	    judge_input(&j, (const char *)msg->data, msg->len, "message",
	    e) != 0)
		return -1;
	for (s = 0; s < sp->nseats; s++)
		if (j.note[s][0] != '\0')
			if (snprintf(sp->note, sizeof(sp->note), "%s",
			    j.note[s]) >= (int)sizeof(sp->note))
				memcpy(sp->note + sizeof(sp->note) - 4, "...", 4);
	if (judge_updates(&j, emit, sp, e) != 0)
		return -1;
	if (j.refused || j.malformed)
		return error_set(e, j.malformed ? EXIT_MALFORMED : EXIT_REFUSED,
		    "the judge: %s", sp->note);
	return 0;
}

/* What seat sends: to the judge, or to every other seat. */
static int
send(struct selfplay *sp, int seat, const struct buf *body,
    const struct match_secret *openings, struct error *e)
{
	struct buf msg;
	int rc;

	buf_init(&msg);
	rc = transcript_send(&sp->party[seat], sp->key[seat], body, openings, &msg,
	    e);
	if (rc == 0 && sp->on_message != NULL)
		sp->on_message(sp->on_message_arg, seat, -1, &msg);
	if (rc == 0)
		rc = sp->judged ? deliver_judge(sp, &msg, e) :
		    deliver_peers(sp, seat, &msg, e);
	buf_free(&msg);
	sync(sp);
	return rc;
}

int
selfplay_raw(struct selfplay *sp, int seat, const struct buf *body,
    struct error *e)
{
	struct key_public to[GAME_MAX_SEATS + 1];
	struct buf sb;
	char where[64];
	int s, n, rc = -1;

	/* every copy must accept it, or none may: tried on copies first */
	buf_init(&sb);
	n = transcript_recipients(&sp->party[seat], to);
	snprintf(where, sizeof(where), "seq %llu",
	    (unsigned long long)sp->m[seat]->seq + 1);
	if (envelope_sign(sp->key[seat], to, (size_t)n, body->data, body->len,
	    &sb, e) != 0)
		goto done;
	for (s = 0; s < SELFPLAY_PARTIES; s++) {
		struct match *c;

		if (sp->m[s] == NULL || (sp->judged && s != GAME_JUDGE))
			continue;
		if ((c = match_clone(sp->m[s])) == NULL) {
			nomem(e);
			goto done;
		}
		rc = match_apply(c, sb.data, sb.len, where, NULL, e);
		match_free(c);
		if (rc != 0) {
			if (s != seat)
				error_prefix(e, "%s disagrees",
				    match_author_name(sp->m[s], s));
			goto done;
		}
	}
	rc = send(sp, seat, body, NULL, e);
done:
	buf_free(&sb);
	return rc;
}

int
selfplay_commit(struct selfplay *sp, int seat, const struct game_setup *su,
    struct error *e)
{
	struct transcript *p = &sp->party[seat];
	struct match_secret *s;
	struct buf body;
	int i, rc;

	if ((s = sec_malloc(sizeof(*s))) == NULL)
		return nomem(e);
	memset(s, 0, sizeof(*s));
	s->setup = *su;
	for (i = 0; i < s->setup.n; i++)
		if (sp->fixed)
			fixed_bytes(sp, s->nonce[i], COMMIT_NONCE);
		else
			commit_nonce(s->nonce[i]);
	buf_init(&body);
	rc = entry_setup(p->m, seat, s, &body, e);
	if (rc == 0) {
		if (p->secret != NULL) {
			sec_wipe(p->secret, sizeof(*p->secret));
			sec_free(p->secret);
		}
		p->secret = s;
		p->m->local[seat] = &s->setup;
		rc = send(sp, seat, &body, s, e);
		if (rc != 0) {
			p->m->local[seat] = NULL;
			p->secret = NULL;
		}
	}
	buf_free(&body);
	if (rc != 0 || p->secret != s) {
		sec_wipe(s, sizeof(*s));
		sec_free(s);
	}
	return rc;
}

int
selfplay_setup(struct selfplay *sp, int seat, const char *layout,
    struct error *e)
{
	const struct match *m = sp->m[seat];
	struct game_setup su;

	memset(&su, 0, sizeof(su));
	if (layout == NULL)
		sp->rules->setup_random(m->state, seat, &sp->rng, &su);
	else if (sp->rules->setup_parse(m->state, seat, layout, &su, e) != 0)
		return -1;
	/* as the setup verb does: a setup that fails its audit is not sent */
	if (sp->rules->setup_audit(m->state, seat, &su, e) != 0)
		return -1;
	return selfplay_commit(sp, seat, &su, e);
}

int
selfplay_turn(struct selfplay *sp, int seat, const char *action,
    struct error *e)
{
	struct transcript *p = &sp->party[seat];
	struct buf body;
	int rc = -1;

	buf_init(&body);
	if (match_phase(p->m) != MATCH_FINAL) {
		if (entry_turn(p->m, seat, p->secret, action, &body, e) != 0 ||
		    send(sp, seat, &body, NULL, e) != 0)
			goto done;
	} else if (action != NULL) {
		error_set(e, EXIT_REFUSED, "the game is over");
		goto done;
	}
	if (!sp->judged && match_phase(p->m) == MATCH_FINAL &&
	    match_next_author(p->m) == seat) {
		body.len = 0;
		if (entry_final(p->m, seat, p->secret, &body, e) != 0 ||
		    send(sp, seat, &body, NULL, e) != 0)
			goto done;
	}
	rc = 0;
done:
	buf_free(&body);
	return rc;
}

int
selfplay_random_action(struct selfplay *sp, int seat, char *out, size_t len,
    struct error *e)
{
	struct game_action a;

	if (match_random_action(sp->m[seat], seat, &sp->rng, &a, e) != 0)
		return -1;
	sp->rules->format(sp->m[seat]->state, &a, out, len);
	return 0;
}

int
selfplay_archive(const struct selfplay *sp, struct buf *out, struct error *e)
{
	return transcript_export(&sp->party[sp->judged ? GAME_JUDGE : 0], 0, out,
	    e);
}

int
selfplay_export(const struct selfplay *sp, int seat, struct buf *out,
    struct error *e)
{
	return transcript_export(&sp->party[seat], 1, out, e);
}
