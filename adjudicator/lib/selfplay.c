/*
 * In-memory games.  See selfplay.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "armor.h"
#include "selfplay.h"

static int
add_entry(struct selfplay *sp, const struct buf *sb)
{
	struct buf *n;

	n = realloc(sp->entries, (sp->nentries + 1) * sizeof(*n));
	if (n == NULL)
		return -1;
	sp->entries = n;
	buf_init(&n[sp->nentries]);
	if (buf_add(&n[sp->nentries], sb->data, sb->len) != 0)
		return -1;
	sp->nentries++;
	return 0;
}

void
selfplay_free(struct selfplay *sp)
{
	size_t i;
	int s;

	if (sp == NULL)
		return;
	for (s = 0; s < sp->nseats; s++) {
		key_secret_free(sp->key[s]);
		match_free(sp->m[s]);
		if (sp->secret[s] != NULL) {
			sec_wipe(sp->secret[s], sizeof(*sp->secret[s]));
			sec_free(sp->secret[s]);
		}
	}
	for (i = 0; i < sp->nentries; i++)
		buf_free(&sp->entries[i]);
	free(sp->entries);
	free(sp);
}

struct selfplay *
selfplay_new(const char *rules, char *const *opts, int nopts, int nseats,
    struct error *e)
{
	static const char *const names[] = { "alice", "bob", "carol", "dave" };
	struct selfplay *sp;
	struct key_public pub[GAME_MAX_SEATS];
	struct game_config cfg;
	struct buf body, sb;
	int s;

	if ((sp = calloc(1, sizeof(*sp))) == NULL) {
		error_set(e, EXIT_SYSTEM, "out of memory");
		return NULL;
	}
	if ((sp->rules = game_find(rules)) == NULL) {
		error_set(e, EXIT_USAGE, "unknown game %s", rules);
		free(sp);
		return NULL;
	}
	sp->nseats = nseats;
	memset(&cfg, 0, sizeof(cfg));
	cfg.nseats = nseats;
	snprintf(cfg.seed, sizeof(cfg.seed), "00");
	buf_init(&body);
	buf_init(&sb);
	if (nseats < 1 || nseats > GAME_MAX_SEATS ||
	    game_options(sp->rules, &cfg, opts, nopts, e) != 0)
		goto fail;
	for (s = 0; s < nseats; s++) {
		if ((sp->key[s] = key_generate(names[s], e)) == NULL)
			goto fail;
		pub[s] = sp->key[s]->pub;
	}
	if (match_header_body(sp->rules, &cfg, 0, pub, nseats, NULL, &body,
	    e) != 0 ||
	    envelope_sign(sp->key[0], pub, (size_t)nseats, body.data, body.len,
	    &sb, e) != 0)
		goto fail;
	for (s = 0; s < nseats; s++) {
		if ((sp->m[s] = match_from_header(sb.data, sb.len, "header",
		    e)) == NULL)
			goto fail;
		sp->m[s]->me = s;
	}
	if (add_entry(sp, &sb) != 0)
		goto nomem;
	buf_free(&body);
	buf_free(&sb);
	return sp;
nomem:
	error_set(e, EXIT_SYSTEM, "out of memory");
fail:
	buf_free(&body);
	buf_free(&sb);
	selfplay_free(sp);
	return NULL;
}

int
selfplay_raw(struct selfplay *sp, int seat, const struct buf *body,
    struct error *e)
{
	struct key_public to[GAME_MAX_SEATS];
	struct buf sb;
	char where[64];
	int s, rc = -1;

	for (s = 0; s < sp->nseats; s++)
		to[s] = sp->key[s]->pub;
	buf_init(&sb);
	snprintf(where, sizeof(where), "seq %llu",
	    (unsigned long long)sp->m[0]->seq + 1);
	if (envelope_sign(sp->key[seat], to, (size_t)sp->nseats, body->data,
	    body->len, &sb, e) != 0)
		goto done;
	/* every seat must accept it, or none may */
	for (s = 0; s < sp->nseats; s++) {
		struct match *c = match_clone(sp->m[s]);

		if (c == NULL) {
			error_set(e, EXIT_SYSTEM, "out of memory");
			goto done;
		}
		memcpy(c->local, sp->m[s]->local, sizeof(c->local));
		if (match_apply(c, sb.data, sb.len, where, NULL, e) != 0) {
			match_free(c);
			if (s > 0)
				error_prefix(e, "seat %d disagrees", s);
			goto done;
		}
		match_free(c);
	}
	for (s = 0; s < sp->nseats; s++)
		if (match_apply(sp->m[s], sb.data, sb.len, where, NULL, e) != 0)
			goto done;
	if (add_entry(sp, &sb) != 0) {
		error_set(e, EXIT_SYSTEM, "out of memory");
		goto done;
	}
	rc = 0;
done:
	buf_free(&sb);
	return rc;
}

int
selfplay_setup(struct selfplay *sp, int seat, const char *layout,
    struct error *e)
{
	struct match_secret *s;
	struct buf body;
	int i, rc;

	if ((s = sec_malloc(sizeof(*s))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	memset(s, 0, sizeof(*s));
	if (layout == NULL)
		sp->rules->setup_random(sp->m[seat]->state, seat, &s->setup);
	else if (sp->rules->setup_parse(sp->m[seat]->state, seat, layout,
	    &s->setup, e) != 0) {
		sec_free(s);
		return -1;
	}
	/* as the setup verb does: a setup that fails its audit is not sent */
	if (sp->rules->setup_audit(sp->m[seat]->state, seat, &s->setup,
	    e) != 0) {
		sec_free(s);
		return -1;
	}
	for (i = 0; i < s->setup.n; i++)
		commit_nonce(s->nonce[i]);
	buf_init(&body);
	rc = match_setup_body(sp->m[seat], seat, s, &body, e);
	if (rc == 0)
		rc = selfplay_raw(sp, seat, &body, e);
	buf_free(&body);
	if (rc != 0) {
		sec_free(s);
		return -1;
	}
	sp->secret[seat] = s;
	sp->m[seat]->local[seat] = &s->setup;
	return 0;
}

int
selfplay_turn(struct selfplay *sp, int seat, const char *action,
    struct error *e)
{
	struct match *m = sp->m[seat];
	struct buf body;
	int final_too = 0, rc = -1;

	buf_init(&body);
	if (sp->secret[seat] == NULL) {
		error_set(e, EXIT_REFUSED, "no setup for seat %d", seat);
		goto done;
	}
	if (match_phase(m) != MATCH_FINAL) {
		if (match_turn_body(m, seat, sp->secret[seat], action, &body,
		    &final_too, e) != 0 || selfplay_raw(sp, seat, &body, e) != 0)
			goto done;
	} else if (action != NULL) {
		error_set(e, EXIT_REFUSED, "the game is over");
		goto done;
	}
	if (match_phase(m) == MATCH_FINAL && match_next_author(m) == seat) {
		body.len = 0;
		if (match_final_body(m, seat, sp->secret[seat], &body, e) != 0 ||
		    selfplay_raw(sp, seat, &body, e) != 0)
			goto done;
	}
	rc = 0;
done:
	buf_free(&body);
	return rc;
}

int
selfplay_random_action(struct selfplay *sp, int seat, char *out, size_t len)
{
	struct game_action *list;
	int n;

	if ((list = calloc(GAME_MAX_ACTIONS, sizeof(*list))) == NULL)
		return -1;
	n = match_actions(sp->m[seat], seat, list, GAME_MAX_ACTIONS);
	if (n <= 0) {
		free(list);
		return -1;
	}
	sp->rules->format(sp->m[seat]->state, &list[sec_uniform((uint32_t)n)],
	    out, len);
	free(list);
	return 0;
}

int
selfplay_archive(const struct selfplay *sp, struct buf *out, struct error *e)
{
	struct buf rec;
	uint8_t zero[3] = { 0, 0, 0 };
	size_t i;
	int rc;

	buf_init(&rec);
	buf_add(&rec, "ADJA", 4);
	buf_addc(&rec, 1);
	buf_add(&rec, zero, 3);
	buf_add_u32(&rec, (uint32_t)sp->nentries);
	for (i = 0; i < sp->nentries; i++)
		buf_add_field(&rec, sp->entries[i].data, sp->entries[i].len);
	rc = armor_wrap(rec.data, rec.len, ARMOR_ARCHIVE, out, e);
	buf_free(&rec);
	return rc;
}
