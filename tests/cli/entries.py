#!/usr/bin/env python3
"""entries.py ARCHIVE DIR: writes each signed entry of an archive
(formats/archive.md) to DIR/NNNNNN, entry 0 being the header; the updates
of a version 2 archive go to DIR/update-NNNNNN.  For tests that hand-make
messages from real entries."""
import base64, os, struct, sys

def main():
    text = open(sys.argv[1]).read().splitlines()
    b64 = []
    inside = False
    for line in text:
        if line.startswith('-----BEGIN ADJUDICATOR ARCHIVE'):
            inside = True
        elif line.startswith('-----END ADJUDICATOR ARCHIVE'):
            break
        elif inside:
            b64.append(line.strip())
    data = base64.b64decode(''.join(b64))
    assert data[:4] == b'ADJA', 'not an archive'
    version = data[4]
    n, = struct.unpack_from('<I', data, 8)
    off = 12
    updates = 0
    if version == 2:
        updates, = struct.unpack_from('<I', data, off)
        off += 4
        vl, = struct.unpack_from('<I', data, off)
        off += 4 + vl
    os.makedirs(sys.argv[2], exist_ok=True)
    for kind, count in (('', n), ('update-', updates)):
        for i in range(count):
            l, = struct.unpack_from('<I', data, off)
            off += 4
            k = i if kind == '' else i + 1
            with open(os.path.join(sys.argv[2], '%s%06d' % (kind, k)),
                      'wb') as f:
                f.write(data[off:off + l])
            off += l

main()
