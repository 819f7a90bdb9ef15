/*
 * libFuzzer harness: armor_read on arbitrary bytes, as mail or pasted text
 * would reach it.  The reader must never read out of bounds, leak or
 * crash, whatever the MIME structure, quoting or base64 looks like.  The
 * same bytes also go to key_block_read (key import): a public key block
 * of any length and content.
 */
#include <stddef.h>
#include <stdint.h>

#include "armor.h"
#include "key_block.h"
#include "sec.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready;
	struct armor_list l;
	struct key_public k;
	struct error e;
	size_t i, total = 0;

	if (!ready) {
		if (sec_init() != 0)
			return 0;
		ready = 1;
	}
	error_clear(&e);
	if (armor_read((const char *)data, size, ARMOR_MESSAGE, "fuzz", &l,
	    &e) == 0) {
		/* touch every decoded byte so ASan sees any bad length */
		for (i = 0; i < l.n; i++) {
			total += l.line[i];
			for (size_t j = 0; j < l.items[i].len; j++)
				total += l.items[i].data[j];
		}
		armor_list_free(&l);
	}
	error_clear(&e);
	if (key_block_read((const char *)data, size, "fuzz", &k, &e) == 0)
		total += k.name[0];
	(void)total;
	return 0;
}
