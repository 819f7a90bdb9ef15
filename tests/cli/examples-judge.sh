# examples/play-judged.sh: a whole judged game through the mail bot
# (judge -r), every message a whole mail; examples/judge-filter.sh, the
# wrapper for a .forward pipe; examples/procmailrc's statuses.

test_example_play_judged() {
	expect 0 sh "$TOP/examples/play-judged.sh" "$PWD/work"
	out_has "^result: alice won"
	out_has "^== done"
	out_has "^  entry 6: White interrogates b3 with c3: the spy! White wins$"
	[ -f work/judge/log ] || fail "no judge log"
	[ "$(wc -l <work/judge/log)" -eq 6 ] || fail "log lines"
}

# The wrapper: 0, 1 and 3 are "delivered" (no bounce), anything else is
# "try again later" (75).
test_example_filter_statuses() {
	mkdir jr
	"$ADJ" keygen -N -d jr judge 2>/dev/null
	printf 'From: carol@example.org\nSubject: hi\n\nhello\n' >plain.eml
	SPOOL=$PWD/spool expect 0 sh "$TOP/examples/judge-filter.sh" jr \
	    -s "$TOP/tests/cli/sendmail.sh" <plain.eml
	grep -q 'verdict=malformed,answered' jr/log || fail "not judged"
	# another sender (carol is answered once a day): its answer fails
	sed 's/carol@/dave@/' plain.eml >dave.eml
	SENDMAIL_FAIL=1 SPOOL=$PWD/spool expect 75 \
	    sh "$TOP/examples/judge-filter.sh" jr \
	    -s "$TOP/tests/cli/sendmail.sh" <dave.eml
	expect 75 sh "$TOP/examples/judge-filter.sh" </dev/null
	err_has "usage: judge-filter.sh ROOT"
	expect 75 sh "$TOP/examples/judge-filter.sh" jr -@ <plain.eml
	# the .forward line is the wrapper, run without a shell
	grep -qx '"|/usr/local/libexec/adjudicator/judge-filter.sh /home/judge/judge"' \
	    "$TOP/examples/dot-forward" || fail "examples/dot-forward"
}

# examples/procmailrc: the recipe captures the bot's status and ends the
# mail for 0, 1 and 3, has the mail system retry for 75.
test_example_procmailrc_statuses() {
	rc=$TOP/examples/procmailrc
	grep -q '^STATUS=| "$ADJUDICATOR" judge -r "$JUDGE_ROOT"; echo $?$' \
	    "$rc" || fail "no captured status"
	grep -q '^\* STATUS ?? ^^(0|1|3)^^$' "$rc" || fail "0, 1, 3 not ended"
	grep -q '^\* STATUS ?? ^^75^^$' "$rc" || fail "75 not retried"
	grep -q 'EXITCODE=75' "$rc" || fail "no EXITCODE"
	# no "VAR=value cmd" on an action line: procmail runs a line without
	# shell metacharacters directly, and such a line then fails
	grep -q '^| *[A-Z_]*=' "$rc" && fail "an assignment on a pipe line"
	true
}
