#!/usr/bin/env python3
"""Runs a command on a new pseudo-terminal, as a person at a terminal would.

    onatty.py ERRFILE [ANSWER...] -- COMMAND [ARG...]

The command gets the terminal as its controlling terminal, standard input
and standard output; its standard error goes to ERRFILE, so that what it
prints there can be checked apart from the prompts.  Each ANSWER is typed,
followed by Enter, once the command has shown a prompt (output ending in
": ") and turned echo off, so nothing typed is lost to a TCSAFLUSH.
What the terminal showed is written to ERRFILE.tty.

Exits with the command's status, or 128 + N when signal N killed it
(saying so on stderr); 125 when the command hangs for 20 seconds.
"""
import os
import pty
import select
import signal
import sys
import termios
import time


def echo_off(fd):
    try:
        return not termios.tcgetattr(fd)[3] & termios.ECHO
    except termios.error:
        return False


def main():
    args = sys.argv[1:]
    if '--' not in args or args.index('--') < 1 or args[-1] == '--':
        sys.stderr.write('usage: onatty.py ERRFILE [ANSWER...] -- COMMAND\n')
        return 2
    sep = args.index('--')
    errfile, answers, cmd = args[0], args[1:sep], args[sep + 1:]
    pid, fd = pty.fork()
    if pid == 0:
        err = os.open(errfile, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.dup2(err, 2)
        os.close(err)
        try:
            os.execvp(cmd[0], cmd)
        except OSError as x:
            os.write(2, ('onatty.py: %s: %s\n' % (cmd[0], x)).encode())
        os._exit(127)
    shown, pending = b'', b''
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.02)
        if ready:
            try:
                data = os.read(fd, 4096)
            except OSError:		# EIO: the command closed the terminal
                data = b''
            if not data:
                break
            shown += data
            pending += data
        if answers and pending.rstrip(b' ').endswith(b':') and \
                pending.endswith(b' ') and echo_off(fd):
            os.write(fd, answers.pop(0).encode() + b'\n')
            pending = b''
    else:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        sys.stderr.write('onatty.py: %s hangs; the terminal showed %r\n' %
                         (cmd[0], shown))
        return 125
    with open(errfile + '.tty', 'wb') as f:
        f.write(shown)
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status):
        sys.stderr.write('onatty.py: %s killed by signal %d\n' %
                         (cmd[0], os.WTERMSIG(status)))
        return 128 + os.WTERMSIG(status)
    return os.WEXITSTATUS(status)


if __name__ == '__main__':
    sys.exit(main())
