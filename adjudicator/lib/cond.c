/*
 * Conditional moves: the lines as typed, their commitments and openings
 * (formats/conditions.md).  What a line says is a secret of its seat
 * until it fires: it is written only to the judge's and the seat's own
 * records, never into an error about another seat's input.
 */
#include <stdio.h>
#include <string.h>

#include "cond.h"
#include "game.h"
#include "ydoc.h"

/* One action of a step, cleaned: "" is refused. */
static int
action_of(const char *p, size_t len, char *out, const char *what,
    struct error *e)
{
	char raw[4 * COND_ACTION];

	if (len >= sizeof(raw))
		return error_set(e, EXIT_USAGE, "condition: an action longer "
		    "than %d characters", COND_ACTION - 1);
	memcpy(raw, p, len);
	raw[len] = '\0';
	game_notation_clean(raw, out, COND_ACTION);
	if (out[0] == '\0')
		return error_set(e, EXIT_USAGE, "condition: a step without "
		    "%s: write IF => THEN", what);
	if (strlen(raw) >= COND_ACTION && strlen(out) >= COND_ACTION - 1)
		return error_set(e, EXIT_USAGE, "condition: an action longer "
		    "than %d characters", COND_ACTION - 1);
	if (strchr(out, '=') != NULL || strchr(out, '>') != NULL)
		return error_set(e, EXIT_USAGE, "condition: \"=>\" twice in a "
		    "step: separate steps with ;");
	return 0;
}

/* IF's actions, one a seat (the others' since this seat's), written
 * "a / b": none empty. */
static int
canon_parts(char *when, struct error *e)
{
	char out[COND_ACTION], raw[COND_ACTION], part[COND_ACTION];
	const char *p = when;
	size_t len, at = 0;
	int w;

	if (strchr(when, '/') == NULL)
		return 0;
	if (cond_parts(when) > COND_PARTS)
		return error_set(e, EXIT_USAGE, "condition: more than %d "
		    "actions in one IF: one of each other seat's since yours",
		    COND_PARTS);
	for (;; p += len + 1) {
		len = strcspn(p, "/");
		memcpy(raw, p, len);
		raw[len] = '\0';
		game_notation_clean(raw, part, sizeof(part));
		if (part[0] == '\0')
			return error_set(e, EXIT_USAGE, "condition: an empty "
			    "action between \"/\": write the other seats' "
			    "actions a / b");
		w = snprintf(out + at, sizeof(out) - at, "%s%s", at ? " / " :
		    "", part);
		if (w < 0 || (size_t)w >= sizeof(out) - at)
			return error_set(e, EXIT_USAGE, "condition: an action "
			    "longer than %d characters", COND_ACTION - 1);
		at += (size_t)w;
		if (p[len] == '\0')
			break;
	}
	memcpy(when, out, at + 1);
	return 0;
}

int
cond_parse(const char *text, struct cond_line *l, struct error *e)
{
	const char *p = text, *end, *arrow;

	memset(l, 0, sizeof(*l));
	for (;;) {
		if ((end = strchr(p, ';')) == NULL)
			end = p + strlen(p);
		if (l->n == COND_STEPS)
			return error_set(e, EXIT_USAGE, "condition: more than "
			    "%d steps in a line", COND_STEPS);
		arrow = strstr(p, "=>");
		if (arrow == NULL || arrow > end)
			return error_set(e, EXIT_USAGE, "condition: step %d "
			    "has no \"=>\": write IF => THEN", l->n + 1);
		if (action_of(p, (size_t)(arrow - p), l->when[l->n],
		    "the opponent's action", e) != 0 ||
		    canon_parts(l->when[l->n], e) != 0 ||
		    action_of(arrow + 2, (size_t)(end - arrow - 2),
		    l->then[l->n], "your reply", e) != 0)
			return -1;
		l->n++;
		if (*end == '\0')
			return 0;
		p = end + 1;
	}
}

int
cond_parts(const char *when)
{
	int n = 1;

	for (; *when != '\0'; when++)
		n += *when == '/';
	return n;
}

void
cond_part(const char *when, int k, char *out, size_t len)
{
	char raw[COND_ACTION];
	size_t n;

	for (; k > 0 && *when != '\0'; when++)
		k -= *when == '/';
	n = strcspn(when, "/");
	if (n >= sizeof(raw))
		n = sizeof(raw) - 1;
	memcpy(raw, when, n);
	raw[n] = '\0';
	game_notation_clean(raw, out, len);
}

int
cond_add(struct cond_set *s, const char *text, struct error *e)
{
	if (s->n == COND_LINES)
		return error_set(e, EXIT_USAGE, "condition: more than %d lines",
		    COND_LINES);
	if (cond_parse(text, &s->line[s->n], e) != 0)
		return -1;
	s->n++;
	return 0;
}

int
cond_add_text(struct cond_set *s, const char *text, size_t len,
    const char *where, struct error *e)
{
	char line[COND_TEXT];
	size_t i = 0, n, k;
	unsigned no = 0;

	while (i < len) {
		no++;
		for (n = i; n < len && text[n] != '\n'; n++)
			;
		if (n - i >= sizeof(line))
			return error_set(e, EXIT_USAGE, "%s:%u: a line too "
			    "long", where, no);
		memcpy(line, text + i, n - i);
		line[n - i] = '\0';
		i = n + 1;
		if ((k = strcspn(line, "#")) < sizeof(line))
			line[k] = '\0';
		if (line[strspn(line, " \t\r")] == '\0')
			continue;
		if (cond_add(s, line, e) != 0)
			return error_prefix(e, "%s:%u", where, no);
	}
	return 0;
}

void
cond_line_text(const struct cond_line *l, char *out, size_t len)
{
	size_t n = 0;
	int i, w;

	out[0] = '\0';
	for (i = 0; i < l->n && n < len; i++) {
		w = snprintf(out + n, len - n, "%s%s => %s", i ? " ; " : "",
		    l->when[i], l->then[i]);
		if (w < 0)
			return;
		n += (size_t)w;
	}
}

/* The piece a line is committed as: "cond SEQ.I". */
static void
line_id(uint64_t seq, int i, char *id, size_t len)
{
	snprintf(id, len, "cond %llu.%d", (unsigned long long)seq, i + 1);
}

int
cond_seal(struct cond_set *s, const uint8_t game[SEC_HASH], const char *seat,
    uint64_t seq, struct error *e)
{
	char id[48], text[COND_TEXT];
	int i;

	s->seq = seq;
	for (i = 0; i < COND_LINES; i++) {
		line_id(seq, i, id, sizeof(id));
		if (i >= s->n) {
			/* the empty line: looks as any other, hides the count,
			 * and opens at the end with the rest */
			commit_nonce(s->pad[i]);
			text[0] = '\0';
		} else {
			commit_nonce(s->line[i].nonce);
			cond_line_text(&s->line[i], text, sizeof(text));
		}
		if (commit_make(s->commit[i], game, seat, id, text, i >= s->n ?
		    s->pad[i] : s->line[i].nonce) != 0)
			return error_set(e, EXIT_SYSTEM, "condition: cannot "
			    "commit");
	}
	return 0;
}

void
cond_write_commits(struct ydoc_writer *w, const struct cond_set *s)
{
	char hex[2 * SEC_HASH + 1];
	int i;

	ydoc_key(w, "cond");
	ydoc_seq_begin(w, 0);
	for (i = 0; i < COND_LINES; i++) {
		sec_hex(hex, sizeof(hex), s->commit[i], SEC_HASH);
		ydoc_str(w, hex);
	}
	ydoc_seq_end(w);
}

void
cond_write_lines(struct ydoc_writer *w, const struct cond_set *s)
{
	char hex[2 * COMMIT_NONCE + 1], text[COND_TEXT];
	int i;

	ydoc_key(w, "cond");
	ydoc_seq_begin(w, 0);
	for (i = 0; i < s->n; i++) {
		cond_line_text(&s->line[i], text, sizeof(text));
		sec_hex(hex, sizeof(hex), s->line[i].nonce, COMMIT_NONCE);
		ydoc_map_begin(w);
		ydoc_kvf(w, "line", "%d", i + 1);
		ydoc_kv(w, "steps", text);
		ydoc_kv(w, "nonce", hex);
		ydoc_map_end(w);
	}
	for (; i < COND_LINES; i++) {
		sec_hex(hex, sizeof(hex), s->pad[i], COMMIT_NONCE);
		ydoc_map_begin(w);
		ydoc_kvf(w, "line", "%d", i + 1);
		ydoc_kv(w, "nonce", hex);
		ydoc_map_end(w);
	}
	ydoc_seq_end(w);
	sec_wipe(hex, sizeof(hex));
	sec_wipe(text, sizeof(text));
}

void
cond_write_opened(struct ydoc_writer *w, const char *seat,
    const struct cond_set *s)
{
	ydoc_map_begin(w);
	ydoc_kv(w, "for", seat);
	ydoc_kvf(w, "entry", "%llu", (unsigned long long)s->seq);
	cond_write_lines(w, s);
	ydoc_map_end(w);
}

void
cond_write_fired(struct ydoc_writer *w, const struct cond_set *s, int line,
    int step)
{
	char hex[2 * COMMIT_NONCE + 1], text[COND_TEXT];

	cond_line_text(&s->line[line], text, sizeof(text));
	sec_hex(hex, sizeof(hex), s->line[line].nonce, COMMIT_NONCE);
	ydoc_key(w, "cond");
	ydoc_map_begin(w);
	ydoc_kvf(w, "entry", "%llu", (unsigned long long)s->seq);
	ydoc_kvf(w, "line", "%d", line + 1);
	ydoc_kvf(w, "step", "%d", step + 1);
	ydoc_kv(w, "steps", text);
	ydoc_kv(w, "nonce", hex);
	ydoc_map_end(w);
}

int
cond_read_commits(const struct ydoc *doc, struct cond_set *s, int *has,
    const char *where, struct error *e)
{
	const struct ydoc *list = ydoc_get(doc, "cond");
	const struct ydoc *k;
	size_t i;

	*has = list != NULL;
	if (list == NULL)
		return 0;
	if (ydoc_expect(list, YDOC_SEQ, "cond", where, e) != 0)
		return -1;
	if (list->nkids != COND_LINES)
		return error_set(e, EXIT_MALFORMED, "%s:%u: cond holds %zu "
		    "commitments, not %d", where, list->line, list->nkids,
		    COND_LINES);
	for (i = 0; i < list->nkids; i++) {
		k = list->kids[i];
		if (k->type != YDOC_SCALAR || k->len != 2 * SEC_HASH ||
		    sec_unhex(s->commit[i], SEC_HASH, k->str) != 0)
			return error_set(e, EXIT_MALFORMED, "%s:%u: cond: "
			    "commitment %zu is not 64 hex digits", where,
			    k->line, i + 1);
	}
	return 0;
}

/* A slot after the last line: the empty line, its nonce into s->pad. */
static int
read_pad(const struct ydoc *item, struct cond_set *s, unsigned long long no,
    const uint8_t game[SEC_HASH], const char *seat, const char *where,
    struct error *e)
{
	char id[48];

	if (ydoc_hex(item, "nonce", s->pad[no - 1], COMMIT_NONCE, where,
	    e) != 0)
		return -1;
	line_id(s->seq, (int)no - 1, id, sizeof(id));
	if (commit_check(s->commit[no - 1], game, seat, id, "",
	    s->pad[no - 1]) != 0)
		return error_set(e, EXIT_REFUSED, "%s:%u: condition slot %llu "
		    "does not open %s's commitment in entry %llu", where,
		    item->line, no, seat, (unsigned long long)s->seq);
	return 0;
}

/* Item i of list, numbered i + 1: a line (steps, nonce) into s, or after
 * the lines a slot's nonce alone. */
static int
read_line(const struct ydoc *item, size_t i, struct cond_set *s,
    const uint8_t game[SEC_HASH], const char *seat, const char *where,
    struct error *e)
{
	static const char *const keys[] = { "line", "steps", "nonce", NULL };
	static const char *const need[] = { "line", "nonce", NULL };
	struct cond_line l;
	unsigned long long no;
	const char *steps;
	char id[48], text[COND_TEXT];
	int rc = -1;

	if (ydoc_check_keys(item, keys, need, where, e) != 0 ||
	    ydoc_uint(item, "line", COND_LINES, &no, where, e) != 0)
		return -1;
	if (no != i + 1)
		return error_set(e, EXIT_MALFORMED, "%s:%u: condition line "
		    "%llu where line %zu comes", where, item->line, no, i + 1);
	if (ydoc_get(item, "steps") == NULL)
		return read_pad(item, s, no, game, seat, where, e);
	if ((int)i != s->n)
		return error_set(e, EXIT_MALFORMED, "%s:%u: condition line "
		    "%llu after an empty slot", where, item->line, no);
	if ((steps = ydoc_scalar(item, "steps", where, e)) == NULL)
		return -1;
	if (cond_parse(steps, &l, e) != 0) {
		e->status = EXIT_MALFORMED;
		return error_prefix(e, "%s:%u: condition line %llu", where,
		    item->line, no);
	}
	if (ydoc_hex(item, "nonce", l.nonce, COMMIT_NONCE, where, e) != 0)
		goto done;
	line_id(s->seq, (int)no - 1, id, sizeof(id));
	cond_line_text(&l, text, sizeof(text));
	/* the committed spelling, exactly: no second way to write a line */
	if (strcmp(text, steps) != 0 || commit_check(s->commit[no - 1], game,
	    seat, id, text, l.nonce) != 0) {
		error_set(e, EXIT_REFUSED, "%s:%u: condition line %llu does "
		    "not open %s's commitment in entry %llu", where,
		    item->line, no, seat, (unsigned long long)s->seq);
		goto done;
	}
	s->line[s->n++] = l;
	rc = 0;
done:
	sec_wipe(&l, sizeof(l));
	sec_wipe(text, sizeof(text));
	return rc;
}

int
cond_read_lines(const struct ydoc *list, struct cond_set *s,
    const uint8_t game[SEC_HASH], const char *seat, const char *where,
    struct error *e)
{
	size_t i;

	s->n = 0;
	if (ydoc_expect(list, YDOC_SEQ, "cond", where, e) != 0)
		return -1;
	if (list->nkids != COND_LINES)
		return error_set(e, EXIT_MALFORMED, "%s:%u: %zu condition "
		    "slots opened, not %d", where, list->line, list->nkids,
		    COND_LINES);
	for (i = 0; i < list->nkids; i++)
		if (read_line(list->kids[i], i, s, game, seat, where, e) != 0)
			return -1;
	return 0;
}

void
cond_record_emit(struct ydoc_writer *w, const struct cond_set *s)
{
	ydoc_map_begin(w);
	ydoc_kvf(w, "seq", "%llu", (unsigned long long)s->seq);
	ydoc_key(w, "commit");
	ydoc_map_begin(w);
	cond_write_commits(w, s);
	ydoc_map_end(w);
	cond_write_lines(w, s);
	ydoc_map_end(w);
}

int
cond_record_write(const struct cond_set *s, struct buf *out, struct error *e)
{
	struct ydoc_writer *w;

	if ((w = ydoc_writer_new(out)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	cond_record_emit(w, s);
	if (ydoc_writer_end(w) != 0)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	return 0;
}

int
cond_record_doc(const struct ydoc *doc, struct cond_set *s,
    const uint8_t game[SEC_HASH], const char *seat, const char *where,
    struct error *e)
{
	static const char *const keys[] = { "seq", "commit", "cond", NULL };
	unsigned long long seq;
	int has;

	memset(s, 0, sizeof(*s));
	if (ydoc_expect(doc, YDOC_MAP, "conditions", where, e) != 0 ||
	    ydoc_check_keys(doc, keys, keys, where, e) != 0 ||
	    ydoc_uint(doc, "seq", UINT32_MAX, &seq, where, e) != 0 ||
	    ydoc_expect(ydoc_get(doc, "commit"), YDOC_MAP, "commit", where,
	    e) != 0 || cond_read_commits(ydoc_get(doc, "commit"), s, &has,
	    where, e) != 0)
		return -1;
	if (!has)
		return error_set(e, EXIT_MALFORMED, "%s: no commitments",
		    where);
	s->seq = seq;
	return cond_read_lines(ydoc_get(doc, "cond"), s, game, seat, where,
	    e);
}

int
cond_record_read(const void *data, size_t len, struct cond_set *s,
    const uint8_t game[SEC_HASH], const char *seat, const char *where,
    struct error *e)
{
	struct ydoc *doc;
	int rc;

	memset(s, 0, sizeof(*s));
	if ((doc = ydoc_parse(data, len, where, e)) == NULL)
		return -1;
	rc = cond_record_doc(doc, s, game, seat, where, e);
	ydoc_free(doc);
	return rc;
}
