/*
 * The opening record.  See opening.h.
 */
#include <stdio.h>
#include <string.h>

#include "entry.h"
#include "game.h"
#include "match.h"
#include "opening.h"
#include "ydoc.h"

int
opening_read(const struct match *m, const struct ydoc *n, struct opening *o,
    const char *where, struct error *e)
{
	static const char *const keys[] = { "seat", "piece", "value", "nonce",
	    NULL };
	const char *s, *id, *v;

	if (ydoc_check_keys(n, keys, keys, where, e) != 0)
		return -1;
	s = ydoc_scalar(n, "seat", where, e);
	id = ydoc_scalar(n, "piece", where, e);
	v = ydoc_scalar(n, "value", where, e);
	if (s == NULL || id == NULL || v == NULL ||
	    ydoc_hex(n, "nonce", o->nonce, COMMIT_NONCE, where, e) != 0)
		return -1;
	if ((o->seat = match_seat_by_name(m, s)) < 0 || o->seat >= m->nseats)
		return error_set(e, EXIT_MALFORMED, "%s:%u: opening for unknown "
		    "seat \"%.32s\"", where, n->line, s);
	if ((o->idx = match_piece_index(m, o->seat, id)) < 0)
		return error_set(e, EXIT_MALFORMED, "%s:%u: %s has no hidden "
		    "piece \"%.8s\"", where, n->line, s, id);
	if (strlen(v) >= GAME_VALUE)
		return error_set(e, EXIT_MALFORMED, "%s:%u: value too long",
		    where, n->line);
	snprintf(o->id, sizeof(o->id), "%s", id);
	snprintf(o->value, sizeof(o->value), "%s", v);
	return 0;
}

void
opening_write(struct ydoc_writer *w, const struct match *m, int seat,
    const char *id, const char *value, const uint8_t nonce[COMMIT_NONCE])
{
	char hex[2 * COMMIT_NONCE + 1];

	sec_hex(hex, sizeof(hex), nonce, COMMIT_NONCE);
	ydoc_map_begin(w);
	ydoc_kv(w, "seat", m->seat[seat].name);
	ydoc_kv(w, "piece", id);
	ydoc_kv(w, "value", value);
	ydoc_kv(w, "nonce", hex);
	ydoc_map_end(w);
	sec_wipe(hex, sizeof(hex));
}

int
opening_check(const struct match *m, const struct opening *o,
    struct error *e)
{
	const struct match_seat *s;

	if (o->seat < 0 || o->seat >= m->nseats)
		return error_set(e, EXIT_REFUSED, "an opening for no seat");
	s = &m->seat[o->seat];
	if (!s->has_setup)
		return error_set(e, EXIT_REFUSED, "%s has no setup yet", s->name);
	if (commit_check(s->commit[o->idx], m->game_id, s->name, o->id,
	    o->value, o->nonce) != 0 ||
	    !m->rules->value_ok(m->state, o->seat, o->id, o->value))
		return error_set(e, EXIT_REFUSED, "the opening of %s's piece %s "
		    "does not match its commitment", s->name, o->id);
	return 0;
}

void
opening_setup_write(struct ydoc_writer *w, const struct match *m, int seat,
    const struct match_secret *s)
{
	int i;

	ydoc_key(w, "open");
	ydoc_seq_begin(w, 0);
	for (i = 0; i < s->setup.n; i++)
		opening_write(w, m, seat, s->setup.id[i], s->setup.value[i],
		    s->nonce[i]);
	ydoc_seq_end(w);
}

int
opening_list_write(const struct match *m, int seat,
    const struct match_secret *s, struct buf *b, struct error *e)
{
	struct ydoc_writer *w;

	if ((w = ydoc_writer_new(b)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	ydoc_map_begin(w);
	opening_setup_write(w, m, seat, s);
	ydoc_map_end(w);
	if (ydoc_writer_end(w) != 0)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	return 0;
}

/* The older form: {piece, value, nonce} for the seat's pieces. */
static int
read_old(const struct match *m, int seat, const struct ydoc *n,
    struct opening *o, const char *where, struct error *e)
{
	static const char *const keys[] = { "piece", "value", "nonce", NULL };
	const char *id, *v;

	if (ydoc_check_keys(n, keys, keys, where, e) != 0 ||
	    (id = ydoc_scalar(n, "piece", where, e)) == NULL ||
	    (v = ydoc_scalar(n, "value", where, e)) == NULL ||
	    ydoc_hex(n, "nonce", o->nonce, COMMIT_NONCE, where, e) != 0)
		return -1;
	o->seat = seat;
	if ((o->idx = match_piece_index(m, seat, id)) < 0 ||
	    strlen(v) >= GAME_VALUE)
		return error_set(e, EXIT_MALFORMED, "%s:%u: bad piece entry",
		    where, n->line);
	snprintf(o->id, sizeof(o->id), "%s", id);
	snprintf(o->value, sizeof(o->value), "%s", v);
	return 0;
}

static int
read_list(const struct match *m, int seat, const struct ydoc *list, int old,
    struct match_secret *s, const char *where, struct error *e)
{
	struct opening o;
	size_t i;

	if (ydoc_expect(list, YDOC_SEQ, old ? "pieces" : "open", where,
	    e) != 0)
		return -1;
	if (list->nkids > GAME_MAX_PIECES)
		return error_set(e, EXIT_MALFORMED, "%s: too many openings",
		    where);
	for (i = 0; i < list->nkids; i++) {
		if ((old ? read_old(m, seat, list->kids[i], &o, where, e) :
		    opening_read(m, list->kids[i], &o, where, e)) != 0)
			return -1;
		if (o.seat != seat)
			return error_set(e, EXIT_MALFORMED, "%s:%u: an opening "
			    "of another seat's piece", where,
			    list->kids[i]->line);
		snprintf(s->setup.id[i], GAME_ID, "%s", o.id);
		snprintf(s->setup.value[i], GAME_VALUE, "%s", o.value);
		memcpy(s->nonce[i], o.nonce, COMMIT_NONCE);
		s->setup.n = (int)i + 1;
	}
	sec_wipe(&o, sizeof(o));
	return 0;
}

int
opening_list_take(const struct match *m, int seat, const struct ydoc *list,
    const char *where, struct match_secret **out, struct error *e)
{
	struct match_secret *s;

	if ((s = sec_malloc(sizeof(*s))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	memset(s, 0, sizeof(*s));
	if (read_list(m, seat, list, strcmp(list->key != NULL ? list->key : "",
	    "pieces") == 0, s, where, e) != 0) {
		sec_wipe(s, sizeof(*s));
		sec_free(s);
		return -1;
	}
	*out = s;
	return 0;
}

int
opening_list_read(const struct match *m, int seat, const void *data,
    size_t len, const char *where, struct match_secret **out,
    struct error *e)
{
	static const char *const keys[] = { "open", "pieces", NULL };
	static const char *const none[] = { NULL };
	struct ydoc *doc;
	const struct ydoc *list;
	int rc = -1;

	if ((doc = ydoc_parse(data, len, where, e)) == NULL)
		return -1;
	if (ydoc_check_keys(doc, keys, none, where, e) == 0) {
		list = ydoc_get(doc, "open");
		if (list == NULL)
			list = ydoc_get(doc, "pieces");
		if (list == NULL)
			error_set(e, EXIT_MALFORMED, "%s: no openings", where);
		else
			rc = opening_list_take(m, seat, list, where, out, e);
	}
	ydoc_free(doc);
	return rc;
}

/* --- an owed opening in a player's words --- */

void
owed_piece(const struct match *m, int seat, const char *id,
    enum owed_voice voice, char *out, size_t len)
{
	const char *who = m->seat[seat].name;
	char sq[5] = "", was[GAME_ID + 16];
	int named = -1;

	if (m->rules->piece_square == NULL ||
	    (named = m->rules->piece_square(m->state, seat, id, sq)) < 0)
		sq[0] = '\0';
	if (sq[0] == '\0' || strcmp(sq, id) == 0) {
		/* where it started, or off the board: its id says it */
		if (voice == OWED_PLAIN)
			snprintf(out, len, "%s", id);
		else
			snprintf(out, len, "%s%s %s%s",
			    voice == OWED_YOURS ? "your" : who,
			    voice == OWED_YOURS ? "" : "'s",
			    sq[0] != '\0' ? "piece on " : "", id);
		return;
	}
	/* moved: where it stands, and where it started (or the reserve
	 * it came from: "reserve r2") */
	snprintf(was, sizeof(was), "%s %s", named == 0 ? "started on" :
	    "reserve", id);
	if (voice == OWED_YOURS)
		snprintf(out, len, "your piece on %s, %s %s", sq,
		    named == 0 ? "which started on" : "from your reserve,", id);
	else
		snprintf(out, len, "%s%s piece on %s (%s)",
		    voice == OWED_OWNER ? who : "the",
		    voice == OWED_OWNER ? "'s" : "", sq, was);
}

void
owed_yours(const struct match *m, int seat, char *out, size_t len)
{
	const struct game_needs *n = &m->pending_needs;
	char piece[GAME_ID + 64];
	size_t l = 0;
	int i, k;

	out[0] = '\0';
	for (i = 0; m->pending && i < n->n; i++) {
		k = match_piece_index(m, seat, n->p[i].id);
		if (n->p[i].seat != seat || k < 0 || m->seat[seat].opened[k])
			continue;
		owed_piece(m, seat, n->p[i].id, OWED_YOURS, piece,
		    sizeof(piece));
		if (l + strlen(piece) + 6 >= len)
			break;	/* cut at a whole piece, never inside one */
		l += (size_t)snprintf(out + l, len - l, "%s%s",
		    l ? " and " : "", piece);
	}
}

int
owed_first(const struct match *m, char *out, size_t len)
{
	const struct game_needs *n = &m->pending_needs;
	char piece[GAME_ID + 64];
	int i, s, k;

	out[0] = '\0';
	for (i = 0; m->pending && i < n->n; i++) {
		s = n->p[i].seat;
		k = match_piece_index(m, s, n->p[i].id);
		if (k < 0 || m->seat[s].opened[k])
			continue;
		owed_piece(m, s, n->p[i].id, m->judge_mode ? OWED_OWNER :
		    OWED_PLAIN, piece, sizeof(piece));
		snprintf(out, len, "%s must open %s", m->judge_mode ?
		    "the judge" : m->seat[s].name, piece);
		return 0;
	}
	return -1;
}
