/*
 * Strict YAML over libyaml's event API.  A tree is built by hand from the
 * events so that every hazard can be refused at the event that shows it,
 * with the position libyaml reports.
 */
#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "armor.h"
#include "sec.h"
#include "ydoc.h"

struct ydoc_writer {
	yaml_emitter_t	 em;
	struct buf	*out;
	int		 failed;
};

/*
 * A document's nodes, strings and lists live in one arena: a few chunks
 * whose list the root keeps, freed at once with the root.  A parse costs
 * a malloc or two instead of three a node, and the thread that frees a
 * document (verify parses on one thread and frees on another) touches no
 * other thread's heap but for those chunks.
 */
struct ydoc_chunk {
	struct ydoc_chunk	*next;
	size_t		 size, used;
	max_align_t	 data[];
};

#define CHUNK_ALIGN	(sizeof(max_align_t))
#define CHUNK_FIRST	4096	/* a signed entry's whole tree */

static void *
arena_alloc(struct ydoc_chunk **arena, size_t n)
{
	struct ydoc_chunk *c = *arena;
	size_t size;
	void *p;

	n = (n + CHUNK_ALIGN - 1) / CHUNK_ALIGN * CHUNK_ALIGN;
	if (c == NULL || c->size - c->used < n) {
		size = c != NULL ? 2 * c->size : CHUNK_FIRST;
		if (size < n)
			size = n;
		if ((c = malloc(sizeof(*c) + size)) == NULL)
			return NULL;
		c->size = size;
		c->used = 0;
		c->next = *arena;
		*arena = c;
	}
	p = (char *)c->data + c->used;
	c->used += n;
	return p;
}

static void
arena_free(struct ydoc_chunk *c)
{
	struct ydoc_chunk *next;

	for (; c != NULL; c = next) {
		next = c->next;
		free(c);
	}
}

static char *
arena_strndup(struct ydoc_chunk **arena, const char *s, size_t len)
{
	char *d = arena_alloc(arena, len + 1);

	if (d != NULL) {
		memcpy(d, s, len);
		d[len] = '\0';
	}
	return d;
}

static struct ydoc *
node_new(struct ydoc_chunk **arena, enum ydoc_type t, const yaml_mark_t *m)
{
	struct ydoc *n = arena_alloc(arena, sizeof(*n));

	if (n == NULL)
		return NULL;
	memset(n, 0, sizeof(*n));
	n->type = t;
	n->line = (unsigned)m->line + 1;
	n->col = (unsigned)m->column + 1;
	return n;
}

void
ydoc_free(struct ydoc *root)
{
	if (root != NULL)
		arena_free(root->arena);
}

static int
add_kid(struct ydoc_chunk **arena, struct ydoc *parent, struct ydoc *kid)
{
	struct ydoc **k;
	size_t cap;

	/* room doubles: a long sequence costs linear time, not quadratic;
	 * the old room stays in the arena (at most as much again) */
	if (parent->nkids == parent->cap) {
		cap = parent->cap ? 2 * parent->cap : 4;
		if ((k = arena_alloc(arena, cap * sizeof(*k))) == NULL)
			return -1;
		if (parent->nkids > 0)
			memcpy(k, parent->kids, parent->nkids * sizeof(*k));
		parent->kids = k;
		parent->cap = cap;
	}
	parent->kids[parent->nkids++] = kid;
	return 0;
}

struct ydoc *
ydoc_get(const struct ydoc *map, const char *key)
{
	size_t i;

	if (map == NULL || map->type != YDOC_MAP)
		return NULL;
	/* the first letters first: most keys differ there */
	for (i = 0; i < map->nkids; i++)
		if (map->kids[i]->key[0] == key[0] &&
		    strcmp(map->kids[i]->key, key) == 0)
			return map->kids[i];
	return NULL;
}

/*
 * The parse keeps a stack of open collections.  For a map, a pending key
 * (pkey) waits for its value.
 */
struct frame {
	struct ydoc	*node;
	char		*pkey;
	unsigned	 kline, kcol;
};

struct parse {
	const char	*where;
	struct error	*e;
	struct frame	 stack[YDOC_MAX_DEPTH + 1];
	int		 depth, docs;
	size_t		 events;
	struct ydoc	*root;
	struct ydoc_chunk	*arena;		/* every node's memory */
};

static int
hazard(struct parse *p, const yaml_mark_t *m, const char *what)
{
	return error_set(p->e, EXIT_MALFORMED, "%s:%zu:%zu: %s", p->where,
	    m->line + 1, m->column + 1, what);
}

static int
nomem(struct parse *p)
{
	return error_set(p->e, EXIT_SYSTEM, "%s: out of memory", p->where);
}

/* The open collection waits for a key (not a value). */
static struct frame *
key_due(struct parse *p)
{
	struct frame *f = p->depth > 0 ? &p->stack[p->depth - 1] : NULL;

	return f != NULL && f->node->type == YDOC_MAP && f->pkey == NULL ?
	    f : NULL;
}

static int
on_document(struct parse *p, const yaml_event_t *ev)
{
	if (++p->docs > 1)
		return hazard(p, &ev->start_mark, "more than one document");
	if (ev->data.document_start.tag_directives.start !=
	    ev->data.document_start.tag_directives.end)
		return hazard(p, &ev->start_mark, "tag directives are not "
		    "allowed");
	return 0;
}

static int
on_scalar(struct parse *p, const yaml_event_t *ev, struct ydoc **out)
{
	const yaml_mark_t *m = &ev->start_mark;
	const char *k = (const char *)ev->data.scalar.value;
	struct frame *f;
	struct ydoc *n;
	char msg[128];

	if (ev->data.scalar.anchor != NULL)
		return hazard(p, m, "anchors are not allowed");
	if (ev->data.scalar.tag != NULL)
		return hazard(p, m, "tags are not allowed");
	if (ev->data.scalar.length > YDOC_MAX_SCALAR)
		return hazard(p, m, "scalar too long");
	if (memchr(k, '\0', ev->data.scalar.length) != NULL)
		return hazard(p, m, "NUL character in scalar");
	if ((f = key_due(p)) != NULL) {
		if (f->node->nkids >= YDOC_MAX_KEYS)
			return hazard(p, m, "too many keys in one mapping");
		if (ydoc_get(f->node, k) != NULL) {
			snprintf(msg, sizeof(msg), "duplicate key \"%.60s\"",
			    k);
			return hazard(p, m, msg);
		}
		if ((f->pkey = arena_strndup(&p->arena, k,
		    ev->data.scalar.length)) == NULL)
			return nomem(p);
		f->kline = (unsigned)m->line + 1;
		f->kcol = (unsigned)m->column + 1;
		return 0;
	}
	if ((n = node_new(&p->arena, YDOC_SCALAR, m)) == NULL)
		return nomem(p);
	n->len = ev->data.scalar.length;
	if ((n->str = arena_strndup(&p->arena, k, n->len)) == NULL)
		return nomem(p);
	*out = n;
	return 0;
}

static int
on_open(struct parse *p, const yaml_event_t *ev, struct ydoc **out)
{
	int is_map = ev->type == YAML_MAPPING_START_EVENT;
	const yaml_char_t *anchor = is_map ? ev->data.mapping_start.anchor :
	    ev->data.sequence_start.anchor;
	const yaml_char_t *tag = is_map ? ev->data.mapping_start.tag :
	    ev->data.sequence_start.tag;

	if (anchor != NULL)
		return hazard(p, &ev->start_mark, "anchors are not allowed");
	if (tag != NULL)
		return hazard(p, &ev->start_mark, "tags are not allowed");
	if (key_due(p) != NULL)
		return hazard(p, &ev->start_mark, "a mapping key must be a "
		    "plain string");
	if (p->depth >= YDOC_MAX_DEPTH)
		return hazard(p, &ev->start_mark, "nesting too deep");
	if ((*out = node_new(&p->arena, is_map ? YDOC_MAP : YDOC_SEQ,
	    &ev->start_mark)) == NULL)
		return nomem(p);
	return 0;
}

/* A finished scalar, or a newly opened collection, joins its parent. */
static int
attach(struct parse *p, struct ydoc *n, int opened)
{
	struct frame *f;

	if (p->depth == 0)
		p->root = n;
	else {
		f = &p->stack[p->depth - 1];
		if (f->node->type == YDOC_MAP) {
			n->key = f->pkey;
			f->pkey = NULL;
		}
		if (add_kid(&p->arena, f->node, n) != 0)
			return nomem(p);
	}
	if (opened) {
		p->stack[p->depth].node = n;
		p->stack[p->depth].pkey = NULL;
		p->depth++;
	}
	return 0;
}

static int
on_event(struct parse *p, const yaml_event_t *ev, int *done)
{
	struct ydoc *n = NULL;

	if (++p->events > YDOC_MAX_EVENTS)
		return hazard(p, &ev->start_mark, "too many YAML events");
	switch (ev->type) {
	case YAML_STREAM_END_EVENT:
		*done = 1;
		return 0;
	case YAML_DOCUMENT_START_EVENT:
		return on_document(p, ev);
	case YAML_ALIAS_EVENT:
		return hazard(p, &ev->start_mark, "aliases are not allowed");
	case YAML_SCALAR_EVENT:
		if (on_scalar(p, ev, &n) != 0)
			return -1;
		return n != NULL ? attach(p, n, 0) : 0;
	case YAML_SEQUENCE_START_EVENT:
	case YAML_MAPPING_START_EVENT:
		if (on_open(p, ev, &n) != 0)
			return -1;
		return attach(p, n, 1);
	case YAML_SEQUENCE_END_EVENT:
	case YAML_MAPPING_END_EVENT:
		/* already attached when opened; only the root is kept */
		p->depth--;
		p->stack[p->depth].node = NULL;
		return 0;
	default:
		return 0;
	}
}

static int
check_input(const void *data, size_t len, const char *where, struct error *e)
{
	const unsigned char *nul, *p;
	unsigned line = 1, col = 1;

	if (len > YDOC_MAX_INPUT)
		return error_set(e, EXIT_MALFORMED, "%s: document larger "
		    "than %u bytes", where, YDOC_MAX_INPUT);
	if ((nul = memchr(data, '\0', len)) != NULL) {
		/* where, as libyaml's own errors say it: the line, and the
		 * character in it, from 1 */
		for (p = data; p < nul; p++) {
			if (*p == '\n') {
				line++;
				col = 1;
			} else if ((*p & 0xc0) != 0x80)
				col++;
		}
		return error_set(e, EXIT_MALFORMED, "%s:%u:%u: NUL byte in "
		    "document", where, line, col);
	}
	return 0;
}

/*
 * A thread's parser, kept from one parse to the next: libyaml's
 * initialize takes eight allocations (64 KiB of buffers among them) and
 * delete gives them back, an entry's worth of work in verify.  A parser
 * is kept only after a parse that reached the stream's end with nothing
 * left over (no token queued, no tag directive); made new again it is
 * what yaml_parser_initialize makes, its buffers, queue and stacks empty
 * and the same memory.  The thread's end deletes it.
 */
static pthread_key_t kept_key;
static pthread_once_t kept_once = PTHREAD_ONCE_INIT;
static int kept_ok;

static void
kept_delete(void *p)
{
	yaml_parser_delete(p);
	free(p);
}

static void
kept_init(void)
{
	kept_ok = pthread_key_create(&kept_key, kept_delete) == 0;
}

/* The thread's parser, ready; or a new one; NULL: out of memory. */
static yaml_parser_t *
parser_take(void)
{
	yaml_parser_t *yp = NULL;

	pthread_once(&kept_once, kept_init);
	if (kept_ok && (yp = pthread_getspecific(kept_key)) != NULL) {
		(void)pthread_setspecific(kept_key, NULL);
		return yp;
	}
	if ((yp = malloc(sizeof(*yp))) == NULL)
		return NULL;
	if (!yaml_parser_initialize(yp)) {
		free(yp);
		return NULL;
	}
	return yp;
}

/* The parser back after a parse: kept, empty, if it ended clean. */
static void
parser_give(yaml_parser_t *yp, int clean)
{
	yaml_parser_t k;

	if (!clean || !kept_ok || yp->tokens.head != yp->tokens.tail ||
	    yp->tag_directives.top != yp->tag_directives.start ||
	    pthread_getspecific(kept_key) != NULL) {
		kept_delete(yp);
		return;
	}
	k = *yp;
	memset(yp, 0, sizeof(*yp));
	yp->raw_buffer.start = yp->raw_buffer.pointer = yp->raw_buffer.last =
	    k.raw_buffer.start;
	yp->raw_buffer.end = k.raw_buffer.end;
	yp->buffer.start = yp->buffer.pointer = yp->buffer.last =
	    k.buffer.start;
	yp->buffer.end = k.buffer.end;
	yp->tokens.start = yp->tokens.head = yp->tokens.tail = k.tokens.start;
	yp->tokens.end = k.tokens.end;
#define EMPTY(s) (yp->s.start = yp->s.top = k.s.start, yp->s.end = k.s.end)
	EMPTY(indents);
	EMPTY(simple_keys);
	EMPTY(states);
	EMPTY(marks);
	EMPTY(tag_directives);
#undef EMPTY
	if (pthread_setspecific(kept_key, yp) != 0)
		kept_delete(yp);
}

struct ydoc *
ydoc_parse(const void *data, size_t len, const char *where, struct error *e)
{
	yaml_parser_t *yp;
	yaml_event_t ev;
	struct parse p;
	int done = 0, rc = 0;

	if (check_input(data, len, where, e) != 0)
		return NULL;
	if ((yp = parser_take()) == NULL) {
		error_set(e, EXIT_SYSTEM, "%s: out of memory", where);
		return NULL;
	}
	yaml_parser_set_input_string(yp, data, len);
	memset(&p, 0, sizeof(p));
	p.where = where;
	p.e = e;
	while (rc == 0 && !done) {
		if (!yaml_parser_parse(yp, &ev)) {
			rc = error_set(e, EXIT_MALFORMED, "%s:%zu:%zu: %s",
			    where, yp->problem_mark.line + 1,
			    yp->problem_mark.column + 1,
			    yp->problem ? yp->problem : "syntax error");
			break;
		}
		rc = on_event(&p, &ev, &done);
		yaml_event_delete(&ev);
	}
	parser_give(yp, rc == 0 && done);
	if (rc == 0 && p.root == NULL)
		rc = error_set(e, EXIT_MALFORMED, "%s: empty document", where);
	if (rc != 0) {
		arena_free(p.arena);
		return NULL;
	}
	p.root->arena = p.arena;
	return p.root;
}

int
ydoc_expect(const struct ydoc *n, enum ydoc_type t, const char *what,
    const char *where, struct error *e)
{
	static const char *names[] = { "a string", "a mapping", "a list" };

	if (n == NULL)
		return error_set(e, EXIT_MALFORMED, "%s: missing %s", where,
		    what);
	if (n->type != t)
		return error_set(e, EXIT_MALFORMED, "%s:%u:%u: %s must be %s",
		    where, n->line, n->col, what, names[t]);
	return 0;
}

/* A key no list has, shown escaped: a key may be any scalar, even one
 * across lines, and a refusal is one line. */
static int
unknown_key(const struct ydoc *kid, const char *where, struct error *e)
{
	char shown[64];

	error_quote(shown, sizeof(shown), kid->key);
	return error_set(e, EXIT_MALFORMED, "%s:%u:%u: unknown key \"%s\"",
	    where, kid->line, kid->col, shown);
}

int
ydoc_check_keys(const struct ydoc *map, const char *const *allowed,
    const char *const *required, const char *where, struct error *e)
{
	size_t i, j;
	int ok;

	if (ydoc_expect(map, YDOC_MAP, "document", where, e) != 0)
		return -1;
	for (i = 0; i < map->nkids; i++) {
		ok = 0;
		for (j = 0; !ok && allowed[j] != NULL; j++)
			ok = allowed[j][0] == map->kids[i]->key[0] &&
			    strcmp(allowed[j], map->kids[i]->key) == 0;
		if (!ok)
			return unknown_key(map->kids[i], where, e);
	}
	for (j = 0; required != NULL && required[j] != NULL; j++)
		if (ydoc_get(map, required[j]) == NULL)
			return error_set(e, EXIT_MALFORMED,
			    "%s:%u:%u: missing key \"%s\"", where, map->line,
			    map->col, required[j]);
	return 0;
}

const char *
ydoc_scalar(const struct ydoc *map, const char *key, const char *where,
    struct error *e)
{
	struct ydoc *n = ydoc_get(map, key);

	if (n == NULL) {
		error_set(e, EXIT_MALFORMED, "%s: missing key \"%s\"", where,
		    key);
		return NULL;
	}
	if (ydoc_expect(n, YDOC_SCALAR, key, where, e) != 0)
		return NULL;
	return n->str;
}

int
ydoc_uint(const struct ydoc *map, const char *key, unsigned long long max,
    unsigned long long *out, const char *where, struct error *e)
{
	const char *s = ydoc_scalar(map, key, where, e);
	struct ydoc *n = ydoc_get(map, key);
	unsigned long long v = 0;

	if (s == NULL)
		return -1;
	if (*s == '\0' || (s[0] == '0' && s[1] != '\0'))
		goto bad;
	for (; *s; s++) {
		if (*s < '0' || *s > '9' ||
		    v > (max - (unsigned)(*s - '0')) / 10)
			goto bad;
		v = v * 10 + (unsigned)(*s - '0');
	}
	if (v > max)
		goto bad;
	*out = v;
	return 0;
bad:
	return error_set(e, EXIT_MALFORMED,
	    "%s:%u:%u: \"%s\" must be a number from 0 to %llu", where, n->line,
	    n->col, key, max);
}

int
ydoc_hex(const struct ydoc *map, const char *key, uint8_t *out, size_t len,
    const char *where, struct error *e)
{
	const char *s = ydoc_scalar(map, key, where, e);

	if (s == NULL)
		return -1;
	if (strlen(s) != 2 * len || sec_unhex(out, len, s) != 0)
		return error_set(e, EXIT_MALFORMED, "%s:%u: \"%s\" must be %zu "
		    "hex digits", where, ydoc_get(map, key)->line, key,
		    2 * len);
	return 0;
}

static int
hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

int
ydoc_hex_public(const struct ydoc *map, const char *key, uint8_t *out,
    size_t len, const char *where, struct error *e)
{
	const struct ydoc *n = ydoc_get(map, key);
	size_t i;
	int hi, lo;

	if (ydoc_scalar(map, key, where, e) == NULL)
		return -1;
	for (i = 0; n->len == 2 * len && i < len; i++) {
		if ((hi = hex_digit(n->str[2 * i])) < 0 ||
		    (lo = hex_digit(n->str[2 * i + 1])) < 0)
			break;
		out[i] = (uint8_t)(hi << 4 | lo);
	}
	if (n->len != 2 * len || i < len || strlen(n->str) != n->len)
		return error_set(e, EXIT_MALFORMED, "%s:%u: \"%s\" must be %zu "
		    "hex digits", where, n->line, key, 2 * len);
	return 0;
}

int
ydoc_base64(const struct ydoc *n, const char *what, struct buf *out,
    const char *where, struct error *e)
{
	size_t len;

	if (ydoc_expect(n, YDOC_SCALAR, what, where, e) != 0)
		return -1;
	out->len = 0;
	if (buf_reserve(out, n->len + 1) != 0)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	/* a signed entry, public: the table decoder (the same base64 as
	 * libsodium's constant-time one, tests/unit/armor.c) */
	if (armor_b64_decode(out->data, n->len + 1, &len, n->str,
	    n->len) != 0)
		return error_set(e, EXIT_MALFORMED, "%s:%u: %s is not base64",
		    where, n->line, what);
	out->len = len;
	return 0;
}

/* --- writer --- */

static int
write_handler(void *data, unsigned char *buffer, size_t size)
{
	struct ydoc_writer *w = data;

	return buf_add(w->out, buffer, size) == 0;
}

static int
emit(struct ydoc_writer *w, yaml_event_t *ev, int ok)
{
	if (!ok || w->failed || !yaml_emitter_emit(&w->em, ev)) {
		w->failed = 1;
		return -1;
	}
	return 0;
}

struct ydoc_writer *
ydoc_writer_new(struct buf *out)
{
	struct ydoc_writer *w = calloc(1, sizeof(*w));
	yaml_event_t ev;

	if (w == NULL)
		return NULL;
	if (!yaml_emitter_initialize(&w->em)) {
		free(w);
		return NULL;
	}
	w->out = out;
	yaml_emitter_set_output(&w->em, write_handler, w);
	yaml_emitter_set_unicode(&w->em, 1);
	yaml_emitter_set_width(&w->em, -1);
	yaml_emitter_set_indent(&w->em, 2);
	emit(w, &ev, yaml_stream_start_event_initialize(&ev,
	    YAML_UTF8_ENCODING));
	emit(w, &ev, yaml_document_start_event_initialize(&ev, NULL, NULL,
	    NULL, 1));
	return w;
}

void
ydoc_writer_abort(struct ydoc_writer *w)
{
	if (w == NULL)
		return;
	yaml_emitter_delete(&w->em);
	free(w);
}

int
ydoc_writer_end(struct ydoc_writer *w)
{
	yaml_event_t ev;
	int rc;

	emit(w, &ev, yaml_document_end_event_initialize(&ev, 1));
	emit(w, &ev, yaml_stream_end_event_initialize(&ev));
	if (!w->failed && !yaml_emitter_flush(&w->em))
		w->failed = 1;
	rc = w->failed ? -1 : 0;
	ydoc_writer_abort(w);
	return rc;
}

int
ydoc_map_begin(struct ydoc_writer *w)
{
	yaml_event_t ev;

	return emit(w, &ev, yaml_mapping_start_event_initialize(&ev, NULL,
	    NULL, 1, YAML_BLOCK_MAPPING_STYLE));
}

int
ydoc_map_end(struct ydoc_writer *w)
{
	yaml_event_t ev;

	return emit(w, &ev, yaml_mapping_end_event_initialize(&ev));
}

int
ydoc_seq_begin(struct ydoc_writer *w, int flow)
{
	yaml_event_t ev;

	return emit(w, &ev, yaml_sequence_start_event_initialize(&ev, NULL,
	    NULL, 1, flow ? YAML_FLOW_SEQUENCE_STYLE :
	    YAML_BLOCK_SEQUENCE_STYLE));
}

int
ydoc_seq_end(struct ydoc_writer *w)
{
	yaml_event_t ev;

	return emit(w, &ev, yaml_sequence_end_event_initialize(&ev));
}

int
ydoc_str(struct ydoc_writer *w, const char *s)
{
	yaml_event_t ev;

	return emit(w, &ev, yaml_scalar_event_initialize(&ev, NULL, NULL,
	    (yaml_char_t *)(uintptr_t)s, (int)strlen(s), 1, 1,
	    YAML_ANY_SCALAR_STYLE));
}

int
ydoc_key(struct ydoc_writer *w, const char *key)
{
	return ydoc_str(w, key);
}

int
ydoc_kv(struct ydoc_writer *w, const char *key, const char *val)
{
	if (ydoc_str(w, key) != 0)
		return -1;
	return ydoc_str(w, val);
}

int
ydoc_kvf(struct ydoc_writer *w, const char *key, const char *fmt, ...)
{
	char val[1024];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(val, sizeof(val), fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof(val)) {
		w->failed = 1;
		return -1;
	}
	return ydoc_kv(w, key, val);
}
