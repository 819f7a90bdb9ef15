#!/usr/bin/env python3
"""commit.py GAME SEAT PIECE VALUE NONCE: the commitment to VALUE
(formats/commitment.md), in hex: for tests that commit by hand to what
the setup verb would never commit (a value spelt another way, an army
the audit refuses).  GAME and NONCE are 64 hex digits."""
import hashlib
import struct
import sys

if len(sys.argv) != 6:
    sys.exit('usage: commit.py GAME SEAT PIECE VALUE NONCE')
game, seat, piece, value, nonce = sys.argv[1:]
record = b''
for field in (bytes.fromhex(game), seat.encode(), piece.encode(),
              value.encode(), bytes.fromhex(nonce)):
    record += struct.pack('<I', len(field)) + field
print(hashlib.blake2b(record, digest_size=32,
                      person=b'adj-commit-v1').hexdigest())
