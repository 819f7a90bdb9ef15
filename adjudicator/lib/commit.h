/*
 * Hash commitments to secret setup values.  The record is binary and
 * length-prefixed (game id, seat, piece id, value, nonce), hashed with
 * BLAKE2b-256 personalized "adj-commit-v1".  The nonce is fresh random
 * bytes, never derived from the secret.
 */
#ifndef COMMIT_H
#define COMMIT_H

#include <stdint.h>

#include "sec.h"

#define COMMIT_NONCE	32

void	commit_nonce(uint8_t nonce[COMMIT_NONCE]);
/* -1 (out zeroed) only if the record cannot be built or hashed. */
int	commit_make(uint8_t out[SEC_HASH], const uint8_t game[SEC_HASH],
	    const char *seat, const char *piece, const char *value,
	    const uint8_t nonce[COMMIT_NONCE]);
/* 0 when (seat, piece, value, nonce) opens the commitment. */
int	commit_check(const uint8_t c[SEC_HASH], const uint8_t game[SEC_HASH],
	    const char *seat, const char *piece, const char *value,
	    const uint8_t nonce[COMMIT_NONCE]);

#endif
