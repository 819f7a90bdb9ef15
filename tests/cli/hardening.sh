# Hardening: what a hostile or unlucky environment tries.

# A layout given on the command line shows in ps: "-" reads it from stdin.
test_setup_layout_from_stdin() {
	peer_start incognito
	echo d2 | "$ADJ" setup -d A - >a1.msg || fail "setup from stdin"
	deliver B a1.msg
	"$ADJ" show -d A | grep -q 'Ws' || fail "the spy is not d2"
	"$ADJ" show -d A | grep -q ' 2   .  .  . Ws' || fail "the spy is not d2"
	printf 'b4\nc5\n' >two
	expect 2 "$ADJ" setup -d B - <two
	err_has "one line"
	expect 0 "$ADJ" setup -d B - <<EOT
b4
EOT
}

# The inbox is bounded: at most 64 entries wait for earlier ones.
test_inbox_bounded() {
	peer_start incognito
	setups d2 b4
	i=0
	while [ $i -lt 34 ]; do
		if [ $((i % 2)) -eq 0 ]; then w=e3-e4 b=a3-a2; else
			w=e4-e3 b=a2-a3; fi
		play A w$i.msg $w
		play B k$i.msg $b
		i=$((i + 1))
	done
	"$ADJ" join -d C -k bob.key invite.msg 2>/dev/null
	deliver C a1.msg
	deliver C b1.msg
	# everything but seq 3 (w0): each waits, up to 64 of them
	count=0 i=0
	while [ $i -lt 34 ]; do
		for m in k$i w$((i + 1)); do
			[ -f $m.msg ] || continue
			count=$((count + 1))
			if [ $count -le 64 ]; then
				deliver C $m.msg
			else
				expect 1 "$ADJ" receive -d C $m.msg
				one_line
				err_has "64 entries already wait"
			fi
		done
		i=$((i + 1))
	done
	[ $count -gt 64 ] || fail "only $count early entries"
	# seq 3 arrives: the inbox drains; the refused ones come again
	deliver C w0.msg
	for m in k32 w33 k33; do
		deliver C $m.msg
	done
	"$ADJ" export -d A >a.arc
	"$ADJ" export -d C | cmp -s - a.arc || fail "C differs from A"
}

test_threads_variable_checked() {
	peer_start incognito
	setups d2 b4
	play A a2.msg resign
	finish
	"$ADJ" export -d A >a.arc
	for bad in abc 0 -5 999999 ''; do
		[ -n "$bad" ] || continue
		ADJUDICATOR_THREADS=$bad expect 2 "$ADJ" verify a.arc
		one_line
		err_has "ADJUDICATOR_THREADS"
	done
	ADJUDICATOR_THREADS=1 expect 0 "$ADJ" verify a.arc
	ADJUDICATOR_THREADS=64 expect 0 "$ADJ" verify a.arc
}

# A write to a full disk is an error (exit 4), never a silent success.
test_stdout_full() {
	[ -w /dev/full ] || [ "${CI:-}" = true ] ||
	    { echo "skip: no /dev/full" >&2; return 0; }
	set +e
	"$ADJ" rules >/dev/full 2>err
	rc=$?
	set -e
	[ "$rc" -eq 4 ] || fail "rules >/dev/full: exit $rc, want 4"
	err_has "stdout"
	"$ADJ" rules incognito >/dev/full 2>err && fail "rules incognito"
	keys alice bob
	"$ADJ" new -k alice.key incognito alice.pub bob.pub >/dev/full 2>err &&
	    fail "new to a full disk"
	true
}

# A setup or turn is kept before its message is printed: when stdout
# fails, the error says so, and resend prints the message
test_message_kept_when_stdout_fails() {
	[ -w /dev/full ] || fail "no /dev/full"
	peer_start incognito
	expect 4 sh -c "\"$ADJ\" setup -d A d2 >/dev/full"
	one_line
	err_has 'stdout: .*(the message is kept: "adjudicator resend -d A" prints it again)'
	"$ADJ" resend -d A >a1.msg || fail "resend"
	deliver B a1.msg
	"$ADJ" setup -d B b4 >b1.msg
	deliver A b1.msg
	expect 4 sh -c "\"$ADJ\" turn -d A e3-c3 >/dev/full"
	one_line
	err_has '(the message is kept: "adjudicator resend -d A" prints it again)'
	expect 1 "$ADJ" turn -d A e3-c3
	err_has "bob's turn"
	"$ADJ" resend -d A >a2.msg || fail "resend"
	deliver B a2.msg
	"$ADJ" show -d B | grep -q 'e3-c3' || fail "bob does not see e3-c3"
}

# to_mailer_gone CMD...: CMD with its stdout on a pipe nobody reads any
# more, as "turn -M | sendmail" leaves it when sendmail is not found
to_mailer_gone() {
	need python3
	python3 -c 'import os, subprocess, sys
r, w = os.pipe()
os.close(r)
sys.exit(subprocess.call(sys.argv[1:], stdout=w))' "$@"
}

# A mailer that is not there (no sendmail in PATH) closes the pipe: the
# turn is kept, and the error says so and how to send it again, instead
# of the program dying of SIGPIPE without a word
test_mailer_gone_says_resend() {
	peer_start incognito -a alice=a@x -a bob=b@x
	set +e
	to_mailer_gone "$ADJ" setup -M -d A d2 2>err
	rc=$?
	set -e
	[ "$rc" -eq 4 ] || { cat err >&2; fail "exit status $rc, want 4"; }
	one_line
	err_has 'stdout: Broken pipe (the message is kept: "adjudicator resend -M -d A" prints it again)'
	"$ADJ" resend -M -d A >a1.eml || fail "resend -M"
	grep -q '^To: b@x$' a1.eml || fail "resend -M: not a whole mail"
	deliver B a1.eml
}
