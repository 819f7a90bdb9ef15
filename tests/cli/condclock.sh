# Conditional moves and the clock (formats/conditions.md, "The seat's
# clock"): a fired reply takes none of the seat's time, is not counted
# among its moves, and the opponent's clock starts at the judge's stamp
# as after any move.  Every time from the test clock (clock.sh's at).

. "$TOP/tests/cli/clock.sh"

# seat_clock DIR SEAT KEY: KEY of SEAT in the clock map of DIR's view
seat_clock() {
	"$ADJ" show -d "$1" -f yaml | awk -v s="$2" -v k="$3" '
	    /^clock:/ { c = 1; next } /^[^ ]/ { c = 0 }
	    c && $2 == "seat:" { w = ($3 == s) }
	    c && w && $1 == k ":" { print $2; exit }'
}

# cc_fire CLOCK WHEN: a game with -o clock=CLOCK; alice moves at 12:00
# on 2026-12-01 with one line, which fires on bob's c5-d5 sent at WHEN
cc_fire() {
	cstart "clock=$1"
	at 2026-12-01T12:00:00Z "$ADJ" turn -d A -c 'c5-d5 => c3-c2' \
	    e3-c3 >a2.msg || fail "turn -c"
	at 2026-12-01T12:00:00Z tojudge a2.msg
	cc_bank=$(at 2026-12-01T12:00:00Z bank_of J alice)
	at "$2" "$ADJ" turn -d B c5-d5 >b2.msg || fail "bob's turn"
	at "$2" tojudge b2.msg
	grep -q "fired: alice's condition, line 1 step 1" jout ||
	    fail "not fired: $(cat jout)"
}

# A clock of 3 days a move: bob answers 2 days 23 hours after alice's
# move; alice's reply is fired at the judge's stamp of bob's, and bob's
# 3 days run from that moment
test_cond_clock_fired_takes_no_time() {
	cc_fire 3d 2026-12-04T11:00:00Z
	entries J jents
	n=$(seq_of J)
	grep -q '^kind: fired$' "$(printf 'jents/%06d' "$n")" ||
	    fail "the judge's last entry is not the fired reply"
	grep -q '^time: 2026-12-04T11:00:00Z$' "$(printf 'jents/%06d' "$n")" ||
	    fail "the fired reply not at the stamp's time"
	for d in J A B; do
		at 2026-12-04T11:00:00Z yaml_clock $d runs | grep -qx bob ||
		    fail "$d: bob's clock does not run"
		at 2026-12-04T11:00:00Z yaml_clock $d deadline |
		    grep -qx 2026-12-07T11:00:00Z ||
		    fail "$d: bob's deadline not 3 days from the stamp"
		# alice's setup and her own move; the fired one not counted
		mv=$(at 2026-12-04T11:00:00Z seat_clock $d alice moves)
		[ "$mv" = 2 ] || fail "$d: alice's moves: $mv"
		lt=$(at 2026-12-04T11:00:00Z seat_clock $d alice late)
		[ "$lt" = 0 ] || fail "$d: the fired reply counted late"
	done
	# bob takes 2 days 23 hours again: taken; the game verifies
	at 2026-12-07T10:00:00Z "$ADJ" turn -d B resign >b3.msg
	at 2026-12-07T10:00:00Z tojudge b3.msg
	jverified "alice won"
}

# A bank: alice's is what her own move left it, to the second, after her
# reply is fired a day later (no time drawn, no increment); bob's clock
# runs from the stamp
test_cond_clock_bank_untouched() {
	cc_fire 3d+1d/10d 2026-12-02T11:00:00Z
	[ -n "$cc_bank" ] || fail "no bank for alice"
	for d in J A B; do
		bk=$(at 2026-12-02T11:00:00Z bank_of $d alice)
		[ "$bk" = "$cc_bank" ] ||
		    fail "$d: alice's bank $bk, not $cc_bank"
	done
	at 2026-12-02T11:00:00Z yaml_clock B runs | grep -qx bob ||
	    fail "bob's clock does not run"
	# bob's bank: 3 days, less the hour of his setup, plus a day; less
	# the 23 hours he took over c5-d5, plus a day: 4 days, from the stamp
	[ "$(at 2026-12-02T11:00:00Z bank_of J bob)" = 345600 ] ||
	    fail "bob's bank: $(bank_of J bob)"
	at 2026-12-02T11:00:00Z yaml_clock B deadline |
	    grep -qx 2026-12-06T11:00:00Z || fail "bob's deadline"
}

# clocks_at TIME OUT: at TIME, who runs, the deadline and both banks, as
# each copy computes them, into OUT
clocks_at() {
	for d in J A B; do
		echo "$d $(at "$1" yaml_clock $d runs)" \
		    "$(at "$1" yaml_clock $d deadline)" \
		    "$(at "$1" bank_of $d alice) $(at "$1" bank_of $d bob)"
	done >"$2"
}

# Conditions changed off turn take no time from any clock: alice's entry
# of kind conditions, sent while bob thinks, leaves bob's clock running
# from alice's move with the same deadline, both banks as they were, and
# the judge owes no stamp for it; the line fires at the judge's stamp of
# bob's move, as one sent with a move does
test_condoff_clock_untouched() {
	cstart clock=3d+1d/10d
	at 2026-12-01T12:00:00Z "$ADJ" turn -d A e3-c3 >a2.msg
	at 2026-12-01T12:00:00Z tojudge a2.msg
	n=$(seq_of J)
	clocks_at 2026-12-02T18:00:00Z before
	# bob's bank: 3 days less the hour of his setup, plus a day
	grep -q '^J bob 2026-12-05T11:00:00Z ' before ||
	    fail "bob's clock: $(cat before)"
	at 2026-12-02T18:00:00Z "$ADJ" turn -d A -c 'c5-d5 => c3-c2' >ac.msg ||
	    fail "turn -c"
	at 2026-12-02T18:00:00Z tojudge ac.msg
	[ "$(seq_of J)" -eq $((n + 1)) ] || fail "the judge wrote after it"
	entries J jents
	last=$(printf 'jents/%06d' $((n + 1)))
	grep -q '^kind: conditions$' "$last" || fail "not the conditions"
	grep -q '^time: 2026-12-02T18:00:00Z$' "$last" ||
	    fail "not the time alice signed it"
	clocks_at 2026-12-02T18:00:00Z after
	diff -u before after >&2 || fail "a clock changed"
	at 2026-12-03T06:00:00Z "$ADJ" turn -d B c5-d5 >b2.msg
	at 2026-12-03T06:00:00Z tojudge b2.msg
	grep -q "fired: alice's condition, line 1 step 1" jout ||
	    fail "not fired: $(cat jout)"
	# his 42 hours since alice's move drawn, a day added: 3 days 5
	# hours from the stamp (none drawn by alice's change)
	at 2026-12-03T06:00:00Z yaml_clock B deadline |
	    grep -qx 2026-12-06T11:00:00Z || fail "bob's deadline"
	at 2026-12-03T06:00:00Z "$ADJ" turn -d B resign >b3.msg
	at 2026-12-03T06:00:00Z tojudge b3.msg
	jverified "alice won"
}
