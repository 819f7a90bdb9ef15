# The judge's tick as a member reads it (issue 33, point 7): the seat
# whose clock runs is told its move command with the game's short id,
# and leave only where a leave would be taken; the other seats whom they
# wait for and until when; and only the reminders that can come are
# listed, written or sent.  Every time from the test clock.

. "$TOP/tests/cli/clock.sh"

# nstart OPTION...: mstart's game by mail (wstart: $S its short id), new
# given -o OPTION for each; alice's setup at 10:00 and bob's at 11:00 on
# 2026-12-01: alice's clock starts then
nstart() {
	for o in "$@"; do set -- "$@" -o "$o"; shift; done
	at 2026-12-01T09:00:00Z wstart "$@"
	at 2026-12-01T10:00:00Z mplay AR a1.eml setup d2
	at 2026-12-01T11:00:00Z mplay BR b1.eml setup b4
	rm -f spool/*
}

# ntick TIME: the mail bot's tick at TIME
ntick() {
	SPOOL=$PWD/spool at "$1" expect 0 "$ADJ" judge -r jr -s "$SM" -t
}

# last_to ADDRESS: the last mail to ADDRESS
last_to() {
	mails_to "$1" | tail -1
}

# The reminder and the lateness notice give alice, whose clock runs, the
# command she types (with the game's short id, never GAMEDIR), and leave
# while her deadline is ahead; bob is told whom he waits for, and until
# when, and nothing to type.
test_notice_gives_the_move_command() {
	nstart clock=1d grace=2h leave=3d
	ntick 2026-12-02T06:00:00Z
	r=$(last_to alice@example.org)
	[ -n "$r" ] || fail "no reminder"
	grep -qx "Your turn: adjudicator turn -S -d ROOT/$S ACTION" "$r" ||
	    fail "the move command: $(cat "$r")"
	grep -qx "adjudicator turn -S -d ROOT/$S leave UNTIL" "$r" ||
	    fail "the leave command: $(cat "$r")"
	grep -q 'GAMEDIR' "$r" && fail "GAMEDIR in the reminder"
	grep -q "(3 days left, at most 3 days at a time)" "$r" ||
	    fail "the leave left: $(cat "$r")"
	ntick 2026-12-02T12:00:00Z
	r=$(last_to alice@example.org)
	grep -q '^Subject: .*you are late' "$r" || fail "not late: $(cat "$r")"
	grep -qx "Your turn: adjudicator turn -S -d ROOT/$S ACTION" "$r" ||
	    fail "the late seat's command: $(cat "$r")"
	# her deadline passed: a leave would be refused, so none is offered
	grep -qi 'leave UNTIL\|going away' "$r" && fail "leave: $(cat "$r")"
	b=$(last_to bob@example.org)
	grep -q '^Subject: .*alice is late' "$b" || fail "bob: $(cat "$b")"
	grep -q "bob, in incognito game $S you are waiting for alice" "$b" ||
	    fail "whom bob waits for: $(cat "$b")"
	grep -q 'The judge takes it until 2026-12-02T13:00:00Z' "$b" ||
	    fail "until when: $(cat "$b")"
	grep -q 'adjudicator turn\|leave UNTIL\|Going away' "$b" &&
	    fail "bob: $(cat "$b")"
	true
}

# A game without leave offers none.
test_notice_no_leave_without_the_option() {
	nstart clock=1d
	ntick 2026-12-02T06:00:00Z
	r=$(last_to alice@example.org)
	grep -q "Your turn: adjudicator turn -S -d ROOT/$S ACTION" "$r" ||
	    fail "the move command: $(cat "$r")"
	grep -qi 'leave UNTIL\|going away' "$r" &&
	    fail "leave offered: $(cat "$r")"
	true
}

# The judge of files: a seat without a mail address types GAMEDIR.
test_notice_file_judge_command() {
	cstart clock=1d
	at 2026-12-02T06:00:00Z "$ADJ" judge -d J -t -O mq >tout 2>&1
	grep -qx 'Your turn: adjudicator turn -d GAMEDIR ACTION' \
	    mq/alice.notice || fail "$(cat mq/alice.notice)"
	grep -qi 'leave' mq/alice.notice && fail "$(cat mq/alice.notice)"
	true
}

# clock=1d: a reminder a day before the deadline never comes.  new writes
# the default reminders that can come (none with 6 hours a move), refuses
# one that never comes, and the views list only those that can; a header
# of before, which lists one that never comes, is shown without it.
test_remind_only_what_can_come() {
	keys alice bob
	for c in 1d:6h 6h: 2d:1d,6h 12h+1h/18h:6h 20d+1d:1d,6h; do
		expect 0 "$ADJ" new -k alice.key -o clock="${c%%:*}" incognito \
		    alice.pub bob.pub
		"$ADJ" open -k alice.key out 2>/dev/null >body
		got=$(awk '$1 == "remind:" { print $2 }' body)
		[ "$got" = "${c#*:}" ] || fail "clock=${c%%:*}: remind: $got"
	done
	expect 2 "$ADJ" new -k alice.key -o clock=1d -o remind=1d,6h \
	    incognito alice.pub bob.pub
	one_line
	err_has 'option remind: a reminder 1 day before the deadline never comes: a turn has at most 1 day'
	expect 2 "$ADJ" new -k alice.key -o clock=2d+0h -o remind=2d \
	    incognito alice.pub bob.pub
	err_has 'never comes: a turn has at most 2 days'
	expect 0 "$ADJ" new -k alice.key -o clock=6h incognito alice.pub \
	    bob.pub
	"$ADJ" join -d C -k alice.key out 2>/dev/null
	"$ADJ" show -d C | grep -qx 'Clock: 6 hours a move; no grace; no reminders.' ||
	    fail "$("$ADJ" show -d C | grep Clock)"
	# a header as new wrote it before: remind 1d,6h with clock=1d
	at 2026-12-01T09:00:00Z "$ADJ" new -k alice.key -o clock=1d \
	    incognito alice.pub bob.pub >invite.msg
	"$ADJ" open -k alice.key invite.msg 2>/dev/null |
	    sed 's/^  remind: 6h$/  remind: 1d,6h/' >old.yaml
	grep -q 'remind: 1d,6h' old.yaml || fail "no old header"
	by_hand old alice.key old.yaml alice.pub bob.pub
	"$ADJ" join -d D -k bob.key old.msg 2>/dev/null || fail "join old"
	"$ADJ" show -d D | grep -qx 'Clock: 1 day a move; no grace; reminders 6 hours before the deadline.' ||
	    fail "$("$ADJ" show -d D | grep Clock)"
}
