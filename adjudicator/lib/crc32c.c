/*
 * CRC-32C (Castagnoli), the journal's record check (journal.c): slicing
 * by 8 in C, or SSE4.2's crc32 instruction where the machine has it.
 */
#include <stdint.h>
#include <string.h>

#include "buf.h"
#include "crc32c.h"

static uint32_t crc_table[8][256];

static void
crc_init(void)
{
	uint32_t c;
	int i, k;

	for (i = 0; i < 256; i++) {
		for (c = (uint32_t)i, k = 0; k < 8; k++)
			c = c & 1 ? (c >> 1) ^ 0x82f63b78u : c >> 1;
		crc_table[0][i] = c;
	}
	for (i = 0; i < 256; i++)
		for (k = 1; k < 8; k++)
			crc_table[k][i] = crc_table[0][crc_table[k - 1][i] &
			    0xff] ^ crc_table[k - 1][i] >> 8;
}

/*
 * CRC-32C, as iSCSI and ext4 use it: eight bytes a step (slicing-by-8).
 * The _update functions carry the register between pieces (start with
 * all ones, end by inverting it).
 */
static uint32_t
crc_soft_update(uint32_t c, const uint8_t *p, size_t len)
{
	uint32_t hi;

	if (crc_table[0][1] == 0)
		crc_init();
	for (; len >= 8; len -= 8, p += 8) {
		c ^= buf_get_u32(p);
		hi = buf_get_u32(p + 4);
		c = crc_table[7][c & 0xff] ^ crc_table[6][(c >> 8) & 0xff] ^
		    crc_table[5][(c >> 16) & 0xff] ^ crc_table[4][c >> 24] ^
		    crc_table[3][hi & 0xff] ^ crc_table[2][(hi >> 8) & 0xff] ^
		    crc_table[1][(hi >> 16) & 0xff] ^ crc_table[0][hi >> 24];
	}
	while (len-- > 0)
		c = crc_table[0][(c ^ *p++) & 0xff] ^ (c >> 8);
	return c;
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <nmmintrin.h>
#define HAVE_CRC_HW 1

/* The same with SSE4.2's crc32 instruction, which is CRC-32C. */
__attribute__((target("sse4.2"))) static uint32_t
crc_hw_update(uint32_t c0, const uint8_t *p, size_t len)
{
	uint64_t c = c0, w;

	for (; len >= 8; len -= 8, p += 8) {
		memcpy(&w, p, 8);
		c = _mm_crc32_u64(c, w);
	}
	while (len-- > 0)
		c = _mm_crc32_u8((uint32_t)c, *p++);
	return (uint32_t)c;
}
#endif

uint32_t
crc32c_update(uint32_t c, const uint8_t *p, size_t len)
{
#ifdef HAVE_CRC_HW
	static int hw = -1;

	if (hw < 0)
		hw = __builtin_cpu_supports("sse4.2") ? 1 : 0;
	if (hw)
		return crc_hw_update(c, p, len);
#endif
	return crc_soft_update(c, p, len);
}

uint32_t
crc32c(const uint8_t *p, size_t len)
{
	return crc32c_update(0xffffffffu, p, len) ^ 0xffffffffu;
}

static uint32_t
crc32c_soft(const uint8_t *p, size_t len)
{
	return crc_soft_update(0xffffffffu, p, len) ^ 0xffffffffu;
}

int
crc32c_selftest(void)
{
	static uint8_t x[300];
	size_t n, off;

	for (n = 0; n < sizeof(x); n++)
		x[n] = (uint8_t)(n * 131 + 17);
	/* every length, from aligned and unaligned starts */
	for (off = 0; off < 8; off++)
		for (n = 0; n + off <= sizeof(x); n++) {
			if (crc32c(x + off, n) != crc32c_soft(x + off, n))
				return -1;
		}
	return 0;
}

