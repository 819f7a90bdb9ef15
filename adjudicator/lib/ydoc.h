/*
 * Strict YAML documents.  This module is the only one that includes
 * <yaml.h>.  Reading goes through libyaml's event API into a small tree,
 * with limits on size, depth, scalar length and event count; aliases,
 * anchors, tags, several documents and duplicate keys are refused with
 * line:column.  Every scalar is a string: callers parse numbers themselves.
 * Writing emits block-style YAML deterministically.
 */
#ifndef YDOC_H
#define YDOC_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "error.h"

#define YDOC_MAX_INPUT	(4u * 1024 * 1024)
#define YDOC_MAX_DEPTH	32
#define YDOC_MAX_SCALAR	(64u * 1024)
#define YDOC_MAX_EVENTS	200000
#define YDOC_MAX_KEYS	4096	/* in one map: each key is checked for duplicates */

enum ydoc_type {
	YDOC_SCALAR,
	YDOC_MAP,
	YDOC_SEQ
};

struct ydoc {
	enum ydoc_type	  type;
	unsigned	  line, col;	/* 1-based, where the node starts */
	char		 *str;		/* scalar value, NUL-terminated */
	size_t		  len;
	char		 *key;		/* the key naming this node in a map */
	struct ydoc	**kids;		/* map values or sequence items */
	size_t		  nkids;
	size_t		  cap;		/* room in kids */
	struct ydoc_chunk	 *arena;	/* the root's: the whole tree's memory */
};

/* Parses one document.  where names the input in error messages. */
struct ydoc *ydoc_parse(const void *, size_t, const char *where,
	    struct error *);
/* Frees a document ydoc_parse returned, every node of it at once. */
void	ydoc_free(struct ydoc *);

/* Map access.  NULL when absent. */
struct ydoc *ydoc_get(const struct ydoc *map, const char *key);
/*
 * Refuses a map with a key outside allowed (NULL-terminated) or missing
 * one of required; names the key and its line:column.
 */
int	ydoc_check_keys(const struct ydoc *map, const char *const *allowed,
	    const char *const *required, const char *where, struct error *);
/* The scalar under key, or an error naming where and key. */
const char *ydoc_scalar(const struct ydoc *map, const char *key,
	    const char *where, struct error *);
int	ydoc_expect(const struct ydoc *, enum ydoc_type, const char *what,
	    const char *where, struct error *);
int	ydoc_uint(const struct ydoc *map, const char *key, unsigned long long max,
	    unsigned long long *out, const char *where, struct error *);

/* A scalar of exactly 2 * len hex digits, decoded into out. */
int	ydoc_hex(const struct ydoc *map, const char *key, uint8_t *out,
	    size_t len, const char *where, struct error *);
/* The same for what is public (a hash an entry names): by table, not in
 * constant time as ydoc_hex (libsodium's), which a secret nonce goes
 * through; the same digits taken, the same refusal. */
int	ydoc_hex_public(const struct ydoc *map, const char *key, uint8_t *out,
	    size_t len, const char *where, struct error *);
/* A base64 scalar of public bytes (a signed entry carried inside a
 * message), decoded by table (armor_b64_decode): never a secret. */
int	ydoc_base64(const struct ydoc *, const char *what, struct buf *,
	    const char *where, struct error *);

/* The writer appends to a struct buf. */
struct ydoc_writer;
struct ydoc_writer *ydoc_writer_new(struct buf *);
int	ydoc_writer_end(struct ydoc_writer *);	/* finishes and frees */
void	ydoc_writer_abort(struct ydoc_writer *);
int	ydoc_map_begin(struct ydoc_writer *);
int	ydoc_map_end(struct ydoc_writer *);
int	ydoc_seq_begin(struct ydoc_writer *, int flow);
int	ydoc_seq_end(struct ydoc_writer *);
int	ydoc_str(struct ydoc_writer *, const char *);
int	ydoc_kv(struct ydoc_writer *, const char *key, const char *val);
int	ydoc_kvf(struct ydoc_writer *, const char *key, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));
int	ydoc_key(struct ydoc_writer *, const char *key);

#endif
