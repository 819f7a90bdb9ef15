#!/usr/bin/env python3
"""entries.py ARCHIVE DIR: writes each signed entry of an archive
(formats/archive.md) to DIR/NNNNNN, entry 0 being the header; the updates
of a version 2 archive go to DIR/update-NNNNNN and its viewer record to
DIR/viewer.  For tests that hand-make messages from real entries.

entries.py -j DIR ARCHIVE: the reverse: an archive of DIR's entries (and,
when DIR has a viewer record, a version 2 archive of its updates, in the
order of their names), for tests that hand-make archives."""
import base64, glob, os, struct, sys

BEGIN = '-----BEGIN ADJUDICATOR ARCHIVE-----'
END = '-----END ADJUDICATOR ARCHIVE-----'


def split(arc, out):
    b64 = []
    inside = False
    for line in open(arc).read().splitlines():
        if line.startswith(BEGIN):
            inside = True
        elif line.startswith(END):
            break
        elif inside:
            b64.append(line.strip())
    data = base64.b64decode(''.join(b64))
    assert data[:4] == b'ADJA', 'not an archive'
    version = data[4]
    n, = struct.unpack_from('<I', data, 8)
    off = 12
    updates = 0
    os.makedirs(out, exist_ok=True)
    if version == 2:
        updates, = struct.unpack_from('<I', data, off)
        off += 4
        vl, = struct.unpack_from('<I', data, off)
        with open(os.path.join(out, 'viewer'), 'wb') as f:
            f.write(data[off + 4:off + 4 + vl])
        off += 4 + vl
    for kind, count in (('', n), ('update-', updates)):
        for i in range(count):
            l, = struct.unpack_from('<I', data, off)
            off += 4
            k = i if kind == '' else i + 1
            with open(os.path.join(out, '%s%06d' % (kind, k)), 'wb') as f:
                f.write(data[off:off + l])
            off += l


def field(blob):
    return struct.pack('<I', len(blob)) + blob


def join(src, arc):
    read = lambda p: open(p, 'rb').read()
    entries = sorted(p for p in glob.glob(os.path.join(src, '[0-9]*')))
    updates = sorted(glob.glob(os.path.join(src, 'update-*')))
    viewer = os.path.join(src, 'viewer')
    if os.path.exists(viewer):
        data = b'ADJA\x02\x00\x00\x00' + struct.pack('<II', len(entries),
                                                      len(updates))
        data += field(read(viewer))
    else:
        data = b'ADJA\x01\x00\x00\x00' + struct.pack('<I', len(entries))
        updates = []
    for p in entries + updates:
        data += field(read(p))
    b64 = base64.b64encode(data).decode()
    with open(arc, 'w') as f:
        f.write(BEGIN + '\n')
        for i in range(0, len(b64), 64):
            f.write(b64[i:i + 64] + '\n')
        f.write(END + '\n')


if sys.argv[1] == '-j':
    join(sys.argv[2], sys.argv[3])
else:
    split(sys.argv[1], sys.argv[2])
