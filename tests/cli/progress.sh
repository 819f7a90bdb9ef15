# verify's progress: on a terminal, stderr counts the entries checked as
# it goes; when stderr is not a terminal nothing is printed there.

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
