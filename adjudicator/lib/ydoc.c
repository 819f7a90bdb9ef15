/*
 * Strict YAML over libyaml's event API.  A tree is built by hand from the
 * events so that every hazard can be refused at the event that shows it,
 * with the position libyaml reports.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "ydoc.h"

struct ydoc_writer {
	yaml_emitter_t	 em;
	struct buf	*out;
	int		 failed;
};

static struct ydoc *
node_new(enum ydoc_type t, const yaml_mark_t *m)
{
	struct ydoc *n = calloc(1, sizeof(*n));

	if (n == NULL)
		return NULL;
	n->type = t;
	n->line = (unsigned)m->line + 1;
	n->col = (unsigned)m->column + 1;
	return n;
}

void
ydoc_free(struct ydoc *n)
{
	size_t i;

	if (n == NULL)
		return;
	for (i = 0; i < n->nkids; i++)
		ydoc_free(n->kids[i]);
	free(n->kids);
	free(n->str);
	free(n->key);
	free(n);
}

static int
add_kid(struct ydoc *parent, struct ydoc *kid)
{
	struct ydoc **k;

	k = realloc(parent->kids, (parent->nkids + 1) * sizeof(*k));
	if (k == NULL)
		return -1;
	parent->kids = k;
	parent->kids[parent->nkids++] = kid;
	return 0;
}

struct ydoc *
ydoc_get(const struct ydoc *map, const char *key)
{
	size_t i;

	if (map == NULL || map->type != YDOC_MAP)
		return NULL;
	for (i = 0; i < map->nkids; i++)
		if (strcmp(map->kids[i]->key, key) == 0)
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

static int
hazard(struct error *e, const char *where, const yaml_mark_t *m,
    const char *what)
{
	return error_set(e, EXIT_MALFORMED, "%s:%zu:%zu: %s", where,
	    m->line + 1, m->column + 1, what);
}

struct ydoc *
ydoc_parse(const void *data, size_t len, const char *where, struct error *e)
{
	yaml_parser_t p;
	yaml_event_t ev;
	struct frame stack[YDOC_MAX_DEPTH + 1];
	int depth = 0, docs = 0, done = 0, have_ev = 0;
	size_t events = 0;
	struct ydoc *root = NULL, *n;

	if (len > YDOC_MAX_INPUT) {
		error_set(e, EXIT_MALFORMED, "%s: document larger than %u bytes",
		    where, YDOC_MAX_INPUT);
		return NULL;
	}
	if (memchr(data, '\0', len) != NULL) {
		error_set(e, EXIT_MALFORMED, "%s: NUL byte in document", where);
		return NULL;
	}
	if (!yaml_parser_initialize(&p)) {
		error_set(e, EXIT_SYSTEM, "%s: out of memory", where);
		return NULL;
	}
	yaml_parser_set_input_string(&p, data, len);
	memset(stack, 0, sizeof(stack));

	while (!done) {
		if (!yaml_parser_parse(&p, &ev)) {
			error_set(e, EXIT_MALFORMED, "%s:%zu:%zu: %s", where,
			    p.problem_mark.line + 1, p.problem_mark.column + 1,
			    p.problem ? p.problem : "syntax error");
			goto fail;
		}
		have_ev = 1;
		if (++events > YDOC_MAX_EVENTS) {
			hazard(e, where, &ev.start_mark, "too many YAML events");
			goto fail;
		}
		n = NULL;
		switch (ev.type) {
		case YAML_STREAM_START_EVENT:
			break;
		case YAML_STREAM_END_EVENT:
			done = 1;
			break;
		case YAML_DOCUMENT_START_EVENT:
			if (++docs > 1) {
				hazard(e, where, &ev.start_mark,
				    "more than one document");
				goto fail;
			}
			if (ev.data.document_start.tag_directives.start !=
			    ev.data.document_start.tag_directives.end) {
				hazard(e, where, &ev.start_mark,
				    "tag directives are not allowed");
				goto fail;
			}
			break;
		case YAML_DOCUMENT_END_EVENT:
			break;
		case YAML_ALIAS_EVENT:
			hazard(e, where, &ev.start_mark,
			    "aliases are not allowed");
			goto fail;
		case YAML_SCALAR_EVENT:
			if (ev.data.scalar.anchor != NULL) {
				hazard(e, where, &ev.start_mark,
				    "anchors are not allowed");
				goto fail;
			}
			if (ev.data.scalar.tag != NULL) {
				hazard(e, where, &ev.start_mark,
				    "tags are not allowed");
				goto fail;
			}
			if (ev.data.scalar.length > YDOC_MAX_SCALAR) {
				hazard(e, where, &ev.start_mark,
				    "scalar too long");
				goto fail;
			}
			if (memchr(ev.data.scalar.value, '\0',
			    ev.data.scalar.length) != NULL) {
				hazard(e, where, &ev.start_mark,
				    "NUL character in scalar");
				goto fail;
			}
			if (depth > 0 && stack[depth - 1].node->type ==
			    YDOC_MAP && stack[depth - 1].pkey == NULL) {
				/* a key */
				struct frame *f = &stack[depth - 1];
				const char *k = (const char *)ev.data.scalar.value;

				if (ydoc_get(f->node, k) != NULL) {
					char msg[128];

					snprintf(msg, sizeof(msg),
					    "duplicate key \"%.60s\"", k);
					hazard(e, where, &ev.start_mark, msg);
					goto fail;
				}
				if ((f->pkey = strdup(k)) == NULL)
					goto nomem;
				f->kline = (unsigned)ev.start_mark.line + 1;
				f->kcol = (unsigned)ev.start_mark.column + 1;
				break;
			}
			if ((n = node_new(YDOC_SCALAR, &ev.start_mark)) == NULL)
				goto nomem;
			n->len = ev.data.scalar.length;
			if ((n->str = malloc(n->len + 1)) == NULL) {
				free(n);
				goto nomem;
			}
			memcpy(n->str, ev.data.scalar.value, n->len);
			n->str[n->len] = '\0';
			break;
		case YAML_SEQUENCE_START_EVENT:
		case YAML_MAPPING_START_EVENT: {
			int is_map = ev.type == YAML_MAPPING_START_EVENT;
			const yaml_char_t *anchor = is_map ?
			    ev.data.mapping_start.anchor :
			    ev.data.sequence_start.anchor;
			const yaml_char_t *tag = is_map ?
			    ev.data.mapping_start.tag :
			    ev.data.sequence_start.tag;

			if (anchor != NULL) {
				hazard(e, where, &ev.start_mark,
				    "anchors are not allowed");
				goto fail;
			}
			if (tag != NULL) {
				hazard(e, where, &ev.start_mark,
				    "tags are not allowed");
				goto fail;
			}
			if (depth > 0 && stack[depth - 1].node->type ==
			    YDOC_MAP && stack[depth - 1].pkey == NULL) {
				hazard(e, where, &ev.start_mark,
				    "a mapping key must be a plain string");
				goto fail;
			}
			if (depth >= YDOC_MAX_DEPTH) {
				hazard(e, where, &ev.start_mark,
				    "nesting too deep");
				goto fail;
			}
			if ((n = node_new(is_map ? YDOC_MAP : YDOC_SEQ,
			    &ev.start_mark)) == NULL)
				goto nomem;
			break;
		}
		case YAML_SEQUENCE_END_EVENT:
		case YAML_MAPPING_END_EVENT:
			n = stack[--depth].node;
			stack[depth].node = NULL;
			break;
		default:
			break;
		}

		if (n != NULL) {
			int opened = (ev.type == YAML_SEQUENCE_START_EVENT ||
			    ev.type == YAML_MAPPING_START_EVENT);

			/* attach a finished scalar, or a newly opened
			 * collection, to its parent */
			if (ev.type == YAML_SEQUENCE_END_EVENT ||
			    ev.type == YAML_MAPPING_END_EVENT) {
				if (depth == 0)
					root = n;
			} else if (depth == 0) {
				root = n;
			} else {
				struct frame *f = &stack[depth - 1];

				if (f->node->type == YDOC_MAP) {
					n->key = f->pkey;
					f->pkey = NULL;
				}
				if (add_kid(f->node, n) != 0) {
					ydoc_free(n);
					goto nomem;
				}
			}
			if (opened) {
				stack[depth].node = n;
				stack[depth].pkey = NULL;
				depth++;
			}
		}
		yaml_event_delete(&ev);
		have_ev = 0;
	}
	yaml_parser_delete(&p);
	if (root == NULL) {
		error_set(e, EXIT_MALFORMED, "%s: empty document", where);
		return NULL;
	}
	return root;

nomem:
	error_set(e, EXIT_SYSTEM, "%s: out of memory", where);
fail:
	if (have_ev)
		yaml_event_delete(&ev);
	yaml_parser_delete(&p);
	while (depth > 0) {
		depth--;
		free(stack[depth].pkey);
	}
	/* every node is reachable from root once attached */
	if (root != NULL)
		ydoc_free(root);
	return NULL;
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
		for (j = 0; allowed[j] != NULL; j++)
			if (strcmp(allowed[j], map->kids[i]->key) == 0)
				ok = 1;
		if (!ok)
			return error_set(e, EXIT_MALFORMED,
			    "%s:%u:%u: unknown key \"%.60s\"", where,
			    map->kids[i]->line, map->kids[i]->col,
			    map->kids[i]->key);
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
		if (*s < '0' || *s > '9' || v > (max - (unsigned)(*s - '0')) / 10)
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
	emit(w, &ev, yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING));
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
