# Helpers for CLI tests.  Each test runs in its own empty directory with
# "set -e"; $ADJ is the binary under test, $TOP the source tree.

fail() {
	echo "FAIL: $*" >&2
	exit 1
}

# expect STATUS CMD...: runs CMD, checks its exit status, keeps its stderr
# in ./err and stdout in ./out.
expect() {
	want=$1
	shift
	set +e
	"$@" >out 2>err
	got=$?
	set -e
	[ "$got" -eq "$want" ] || {
		echo "command: $*" >&2
		echo "stderr:" >&2
		cat err >&2
		fail "exit status $got, expected $want"
	}
}

# one_line: the last command printed exactly one line on stderr
one_line() {
	n=$(wc -l <err)
	[ "$n" -eq 1 ] || { cat err >&2; fail "stderr has $n lines, want 1"; }
}

err_has() {
	grep -q -- "$1" err || { cat err >&2; fail "stderr lacks '$1'"; }
}

out_has() {
	grep -q -- "$1" out || { cat out >&2; fail "stdout lacks '$1'"; }
}

# snapshot DIR / unchanged DIR: nothing in DIR changed in between
snapshot() {
	(cd "$1" && find . -type f -exec sha256sum {} + | sort) >"$1.snap"
}
unchanged() {
	(cd "$1" && find . -type f -exec sha256sum {} + | sort) >"$1.snap2"
	diff -u "$1.snap" "$1.snap2" >&2 || fail "$1 changed"
}

keys() {
	for n in "$@"; do
		"$ADJ" keygen -N "$n" 2>/dev/null
	done
}
