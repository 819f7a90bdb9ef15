#!/usr/bin/env python3
"""journal.py list JOURNAL: each record of a game directory's journal
(formats/gamedir.md), one a line: offset, type, num, data length.  It
stops at the first record that is not whole.

journal.py flip JOURNAL OFFSET: one bit of the byte at OFFSET changed,
for tests of damage.

journal.py again JOURNAL OFFSET: the record at OFFSET appended again,
then a commit record: what an older version did when it stored an update
a seat read twice (a record's check does not depend on where it is).

journal.py graft JOURNAL SOURCE: the whole records of SOURCE that lie
beyond JOURNAL's length appended to JOURNAL, but not its commit records:
what a command that never committed leaves (SOURCE: a copy of the same
directory that went on)."""
import struct, sys

TYPES = {1: 'key', 2: 'entry', 3: 'outbox', 4: 'early', 5: 'drop',
         6: 'secret', 7: 'private', 8: 'update', 9: 'sent', 10: 'commit',
         11: 'remind', 12: 'fork', 13: 'receipt'}


def records(data):
    off = 0
    while off + 28 <= len(data):
        typ, n, num = struct.unpack_from('<IIQ', data, off)
        if typ not in TYPES or off + 28 + n > len(data):
            return
        n2, = struct.unpack_from('<I', data, off + 16 + n)
        if n2 != n:
            return
        yield off, TYPES[typ], num, n
        off += 28 + n


def main():
    if sys.argv[1] == 'list':
        data = open(sys.argv[2], 'rb').read()
        for off, typ, num, n in records(data):
            print(off, typ, num, n)
    elif sys.argv[1] == 'flip':
        with open(sys.argv[2], 'r+b') as f:
            off = int(sys.argv[3])
            f.seek(off)
            b = f.read(1)
            f.seek(off)
            f.write(bytes([b[0] ^ 0x08]))
    elif sys.argv[1] == 'again':
        data = open(sys.argv[2], 'rb').read()
        want = int(sys.argv[3])
        copy = commit = None
        for off, typ, num, n in records(data):
            if off == want:
                copy = data[off:off + 28 + n]
            if typ == 'commit':
                commit = data[off:off + 28]
        assert copy is not None and commit is not None, 'no such record'
        with open(sys.argv[2], 'ab') as f:
            f.write(copy + commit)
    elif sys.argv[1] == 'graft':
        data = open(sys.argv[3], 'rb').read()
        start = len(open(sys.argv[2], 'rb').read())
        grafted = b''.join(data[off:off + 28 + n]
                           for off, typ, num, n in records(data)
                           if off >= start and typ != 'commit')
        assert grafted, 'nothing to graft'
        with open(sys.argv[2], 'ab') as f:
            f.write(grafted)
    else:
        sys.exit('usage: journal.py list|flip|again JOURNAL [OFFSET] | '
                 'graft JOURNAL SOURCE')


main()
