# The first seat's clock in a judged game (issue "trust", 1.4): it runs
# from when the judge took the invitation, so a first seat that never
# sends its setup is reminded and timed out as for any move; the judge's
# first entry says when it took the invitation ("got"), from which every
# copy and verify compute the same deadline, and the first entry counts
# as the seat's move.  Every time from the test clock.

. "$TOP/tests/cli/clock.sh"

# ftick TIME: the mail bot's tick at TIME
ftick() {
	SPOOL=$PWD/spool at "$1" expect 0 "$ADJ" judge -r jr -s "$SM" -t
}

# The invitation taken at 09:00, clock=1d grace=2h: alice (the first
# seat) is reminded 6 hours before 12-02 09:00, and timed out after the
# grace; the timeout, the judge's first entry, says when the judge took
# the invitation; bob's export verifies to bob's win by timeout.
test_first_seat_timed_out() {
	at 2026-12-01T09:00:00Z wstart -o clock=1d -o grace=2h
	ftick 2026-12-02T02:00:00Z
	[ -z "$(mails_to alice@example.org)" ] || fail "reminded too soon"
	ftick 2026-12-02T03:30:00Z
	r=$(mails_to alice@example.org | tail -1)
	[ -n "$r" ] || fail "alice, who owes the first entry, not reminded"
	grep -q 'due by 2026-12-02T09:00:00Z' "$r" ||
	    fail "the reminder: $(cat "$r")"
	ftick 2026-12-02T10:00:00Z
	[ "$(seq_of "jr/$G")" -eq 0 ] || fail "timed out in the grace"
	ftick 2026-12-02T12:00:00Z
	[ "$(seq_of "jr/$G")" -eq 1 ] || fail "no timeout after the grace"
	"$ADJ" export -d "jr/$G" >j.arc
	ADJUDICATOR_NOW=2026-12-02T12:05:00Z expect 0 "$ADJ" verify j.arc
	out_has "^result: bob won"
	# the deadline from when the judge took the invitation, in every copy
	out_has "alice ran out of time: deadline 2026-12-02T09:00:00Z, grace "`
	    `"until 2026-12-02T11:00:00Z"
	# bob's copy takes it, and says so
	ADJUDICATOR_NOW=2026-12-02T12:05:00Z expect 0 "$ADJ" receive -r BR \
	    spool/bob@example.org.mbox
	out_has "bob won"
}

# alice sets up in the grace: the judge stamps it late; her first entry
# counts as her move, and bob's copy and verify say the same
test_first_seat_late_in_the_grace() {
	at 2026-12-01T09:00:00Z wstart -o clock=1d -o grace=2h
	at 2026-12-02T10:00:00Z mplay AR a1.eml setup d2
	[ "$(seq_of "jr/$G")" -eq 2 ] || fail "not stamped"
	ADJUDICATOR_NOW=2026-12-02T10:05:00Z "$ADJ" show -d "BR/$G" -f yaml \
	    >b.yaml
	awk '/^clock:/ { c = 1 } c && /^  seats:/ { s = 1 } s && /^to_do:/ {
	    exit } s' b.yaml | tr -d ' \n' >b.clock
	[ "$(cat b.clock)" = "seats:-seat:alicemoves:1late:1out_of_time:no-"`
	    `"seat:bobmoves:0late:0out_of_time:no" ] ||
	    fail "alice's first entry not counted as a late move: $(cat b.clock)"
}

# A setup after the grace is not taken: the judge rules the timeout
test_first_seat_after_the_grace() {
	at 2026-12-01T09:00:00Z wstart -o clock=1d -o grace=2h
	ADJUDICATOR_NOW=2026-12-02T11:30:00Z "$ADJ" setup -M -d "AR/$G" d2 \
	    >a1.eml 2>/dev/null
	ADJUDICATOR_NOW=2026-12-02T11:30:00Z SPOOL=$PWD/spool expect 1 \
	    "$ADJ" judge -r jr -s "$SM" a1.eml
	[ "$(seq_of "jr/$G")" -le 1 ] || fail "a setup after the grace taken"
}
