#!/usr/bin/env python3
"""Speaks the key agent's protocol (formats/agent.md) by hand, for tests.

    agentraw.py SOCKET OP [HEX] [-v VERSION]   one request, its reply
    agentraw.py SOCKET stall                   half a frame, then waits

OP is a request's number; HEX its fields.  Prints the reply as
"STATUS HEX" (AGENT_OK) or "STATUS MESSAGE", or "closed" when the agent
closed the connection without a reply.  "stall" sends three bytes of a
frame's length, prints "stalled" and holds the connection until killed.
"""
import socket
import struct
import sys
import time


def recv_all(s, n):
    data = b''
    while len(data) < n:
        chunk = s.recv(n - len(data))
        if not chunk:
            return None
        data += chunk
    return data


def main():
    args = sys.argv[1:]
    version = 1
    if '-v' in args:
        i = args.index('-v')
        version = int(args[i + 1])
        del args[i:i + 2]
    if len(args) < 2:
        sys.stderr.write(__doc__)
        return 2
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(args[0])
    if args[1] == 'stall':
        s.sendall(b'\x10\x00\x00')
        print('stalled', flush=True)
        while True:
            time.sleep(1)
    body = b'ADJA' + bytes([version, int(args[1])])
    if len(args) > 2:
        body += bytes.fromhex(args[2])
    try:
        s.sendall(struct.pack('<I', len(body)) + body)
    except (BrokenPipeError, ConnectionResetError):
        pass        # refused at once: the reply is there to read
    try:
        head = recv_all(s, 4)
    except ConnectionResetError:
        head = None
    if head is None:
        print('closed')
        return 0
    reply = recv_all(s, struct.unpack('<I', head)[0])
    if reply is None or reply[:4] != b'ADJA':
        print('malformed reply')
        return 1
    status, rest = reply[5], reply[6:]
    if status == 0:
        print('0 ' + rest.hex())
    else:
        print('%d %s' % (status, rest.decode('ascii', 'replace')))
    return 0


if __name__ == '__main__':
    sys.exit(main())
