/*
 * libFuzzer harness: the strict YAML reader (ydoc_parse) on arbitrary
 * bytes, then a walk over the tree it returns.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "sec.h"
#include "ydoc.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static size_t
walk(const struct ydoc *n, unsigned depth)
{
	size_t i, total = 1;

	if (n->type == YDOC_SCALAR)
		total += strlen(n->str) == n->len;
	if (n->key != NULL)
		total += strlen(n->key);
	for (i = 0; i < n->nkids; i++)
		total += walk(n->kids[i], depth + 1);
	return total;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready;
	static const char *const allowed[] = { "game", "seq", "by", NULL };
	struct ydoc *doc;
	struct error e;
	unsigned long long v;

	if (!ready) {
		if (sec_init() != 0)
			return 0;
		ready = 1;
	}
	error_clear(&e);
	if ((doc = ydoc_parse(data, size, "fuzz", &e)) == NULL)
		return 0;
	(void)walk(doc, 0);
	/* the accessors the protocol code uses on every document */
	(void)ydoc_check_keys(doc, allowed, NULL, "fuzz", &e);
	(void)ydoc_uint(doc, "seq", 1000000, &v, "fuzz", &e);
	(void)ydoc_scalar(doc, "game", "fuzz", &e);
	ydoc_free(doc);
	return 0;
}
