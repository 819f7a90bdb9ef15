/*
 * CRC-32C (Castagnoli): the check of the journal's records.
 */
#ifndef CRC32C_H
#define CRC32C_H

#include <stddef.h>
#include <stdint.h>

/* The register carried over p (start with all ones, end by inverting
 * it): the crc32 instruction where there is one. */
uint32_t crc32c_update(uint32_t, const uint8_t *p, size_t len);
/* The CRC of p. */
uint32_t crc32c(const uint8_t *p, size_t len);
/* The instruction against the portable code, every length to 300, from
 * aligned and unaligned starts: 0 when they agree. */
int	crc32c_selftest(void);

#endif
