# verify's progress: on a terminal, stderr counts the entries checked as
# it goes; when stderr is not a terminal nothing is printed there.

# ttyerr FILE CMD...: CMD with its stderr (only) on a new pseudo-terminal;
# what the terminal showed goes to FILE, its stdout to ./out
ttyerr() {
	need python3
	out=$1
	shift
	python3 - "$out" "$@" <<'PY'
import os, pty, sys
out, argv = sys.argv[1], sys.argv[2:]
master, slave = pty.openpty()
pid = os.fork()
if pid == 0:
    os.close(master)
    fd = os.open("out", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.dup2(fd, 1)
    os.dup2(slave, 2)
    os.execvp(argv[0], argv)
os.close(slave)
seen = b""
while True:
    try:
        chunk = os.read(master, 4096)
    except OSError:
        break
    if not chunk:
        break
    seen += chunk
_, status = os.waitpid(pid, 0)
open(out, "wb").write(seen)
sys.exit(os.waitstatus_to_exitcode(status))
PY
}

test_verify_progress_on_a_terminal() {
	ttyerr tty "$ADJ" verify "$TOP/formats/samples/incognito.archive" ||
	    fail "verify on a terminal failed"
	grep -q 'alice won' out || fail "no verdict on stdout"
	tr '\r' '\n' <tty | grep -q '^verify: 13 of 13 entries' ||
	    { cat -v tty >&2; fail "no progress on the terminal"; }
	# the count only grows, and the last one ends the line
	tr '\r' '\n' <tty | sed -n 's/^verify: \([0-9]*\) of 13 entries.*/\1/p' |
	    sort -c -n || fail "progress went backwards"
}

test_verify_quiet_when_stderr_is_not_a_terminal() {
	expect 0 "$ADJ" verify "$TOP/formats/samples/incognito.archive"
	[ ! -s err ] || { cat err >&2; fail "verify printed on a non-terminal"; }
	grep -q 'alice won' out || fail "no verdict"
}
