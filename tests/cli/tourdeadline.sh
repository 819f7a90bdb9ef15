# A tournament's round deadline (formats/tournament.md, "Round
# deadlines"): deadline: 30d in the declaration gives each game 30 days
# from its header's time; the tick ends a game still under way then by
# the judge's ruling adjudicate, the result the clocks give (the seat
# with more of its time left wins), mails its seats, and pairs the next
# round; tournament verify checks the ruling's time and result.  The
# helpers (tdecl, judge, slot, inv...) are tournext.sh's.

. "$TOP/tests/cli/tournext.sh"

DAY=86400
# the deadline of round 1's games: 30 days after the start (T0)
DL=$((T0 + 30 * DAY))

# dstart: a Swiss of 4 over 2 rounds with a bank clock of 40 days and
# deadline: 30d; round 1's board 1 over (white resigns), board 2's white
# moves at day 10 (its bank 40 - 10 + 1 = 31 days), then its black
# stalls; $G2 that game, $W2/$B2 its players
dstart() {
	tdecl '  type: swiss\n  rounds: 2\nclock:\n  clock: 40d+1d\n'`
	    `'deadline: 30d' alice bob carol dave
	slot 1 1 "" black
	inv 1 2 "" white
	W2=$P
	ADJUDICATOR_NOW=$((T0 + 10 * DAY)) "$ADJ" bot -d "$D" >w12.msg \
	    2>/dev/null || fail "white's move"
	judge w12.msg $((T0 + 10 * DAY))
	G2=$(basename "$D" | cut -c1-16)
	G2=$(ls jr | grep "^$G2")
	inv 1 2 "" black
	B2=$P
}

# tick NOW: the judge's tick at NOW
tick() {
	ADJUDICATOR_NOW=$1 SPOOL=$PWD/spool expect 0 "$ADJ" judge -r jr \
	    -s "$SM" -t
}

# exports: each game of jr that is over, exported to ./ID.arc
exports() {
	rm -f ./*.arc
	for g in $(ls jr | grep '^[0-9a-f]\{64\}$'); do
		"$ADJ" export -d jr/$g >$g.arc 2>/dev/null || fail "export"
		ADJUDICATOR_NOW=$DL "$ADJ" verify $g.arc >/dev/null 2>&1 ||
		    rm $g.arc
	done
}

# The stalled game: nothing a second before its deadline; at it the tick
# rules it by the clocks (white, 31 days left against black's 20), round
# 2 is paired and mailed; a second tick does nothing; verify agrees
test_tourdeadline_tick() {
	dstart
	tick $((DL - 1))
	[ ! -e $td/round-2.tour ] || fail "round 2 before the deadline"
	# the clocks at the deadline, as the judge's view gives them: the
	# seat with more time left is the winner the rule gives
	ADJUDICATOR_NOW=$DL expect 0 "$ADJ" show -d jr/$G2
	! grep -q 'adjudicated' out || fail "ruled before the deadline"
	wb=$(sed -n "s/^  $W2: bank \([0-9]*\) days;.*/\1/p" out)
	bb=$(sed -n "s/^  $B2: bank \([0-9]*\) days;.*/\1/p" out)
	[ -n "$wb" ] && [ -n "$bb" ] || fail "no banks in the view"
	if [ "$wb" -gt "$bb" ]; then win=$W2; else win=$B2; fi
	[ "$wb" -ne "$bb" ] || fail "equal clocks: not this test's case"
	n0=$(nmail)
	tick $DL
	[ -s $td/round-2.tour ] || fail "round 2 not paired at the deadline"
	[ "$(games)" -eq 4 ] || fail "$(games) games, not 4"
	for p in alice bob carol dave; do
		mails_to $p@example.org | xargs grep -l '^round 2 board 1: ' \
		    >/dev/null || fail "$p: round 2's pairings"
	done
	# both seats of the stalled game mailed the ruling
	for p in $W2 $B2; do
		mails_to $p@example.org | xargs grep -l 'the round deadline' \
		    >/dev/null || fail "$p: not mailed the ruling"
	done
	"$ADJ" export -d jr/$G2 >g2.arc 2>/dev/null || fail "export"
	ADJUDICATOR_NOW=$DL expect 0 "$ADJ" verify g2.arc
	out_has "^result: $win won (adjudicated by the judge: the round "`
	    `"deadline 2026-12-31T00:00:00Z passed: the clocks rule)$"
	tables_to $W2 1
	# a second tick: nothing new
	snapshot jr/$G2
	n1=$(nmail)
	tick $DL
	[ "$(nmail)" -eq "$n1" ] || fail "the second tick mailed"
	unchanged jr/$G2
	[ "$n1" -gt "$n0" ] || fail "nothing mailed at the deadline"
	exports
	ADJUDICATOR_NOW=$DL expect 0 "$ADJ" tournament verify \
	    $td/decl.tour $td/*.tour ./*.arc
	out_has 'all agree$'
}

# A game of round 1 nobody moved: white's clock ran from the start, so
# at the deadline white has 10 days left against black's 40: black wins;
# verify takes it (the ruling's own "got" starts that clock)
test_tourdeadline_unplayed() {
	tdecl '  type: swiss\n  rounds: 2\nclock:\n  clock: 40d+1d\n'`
	    `'deadline: 30d' alice bob carol dave
	slot 1 1 "" black
	inv 1 2 "" black
	b=$P
	g=$(basename "$D" | cut -c1-16)
	g=$(ls jr | grep "^$g")
	tick $DL
	[ -s $td/round-2.tour ] || fail "round 2 not paired at the deadline"
	"$ADJ" export -d jr/$g >g.arc 2>/dev/null || fail "export"
	ADJUDICATOR_NOW=$DL expect 0 "$ADJ" verify g.arc
	out_has "^result: $b won (adjudicated by the judge: the round "`
	    `"deadline 2026-12-31T00:00:00Z passed: the clocks rule)$"
	exports
	ADJUDICATOR_NOW=$DL expect 0 "$ADJ" tournament verify \
	    $td/decl.tour $td/*.tour ./*.arc
	out_has 'all agree$'
}

# byhand NOW SEAT: after dstart, the operator's own ruling in the
# deadline's words at NOW, the game won by SEAT (W: white's player, B:
# black's); tournament verify of every file then refuses it, exit 1,
# in one line
byhand() {
	dstart
	case $2 in W) won=$W2 ;; *) won=$B2 ;; esac
	reason="the round deadline 2026-12-31T00:00:00Z passed: the clocks rule"
	SPOOL=$PWD/spool ADJUDICATOR_NOW=$1 expect 0 "$ADJ" rule -r jr \
	    -s "$SM" "$G2" adjudicate "$won" $reason
	exports
	ADJUDICATOR_NOW=$DL expect 1 "$ADJ" tournament verify \
	    $td/decl.tour $td/*.tour ./*.arc
	one_line
}

# The result the clocks do not give (black, 20 days left against 31),
# at the deadline: refused
test_tourdeadline_refused() {
	byhand $DL B
	err_has "round 1, board 2: ruled $B2 at its round deadline "`
	    `"2026-12-31T00:00:00Z; the clocks give $W2"
}

# The result the clocks give, a second before the deadline: refused
test_tourdeadline_early() {
	byhand $((DL - 1)) W
	err_has "round 1, board 2: ruled at 2026-12-30T23:59:59Z, before "`
	    `"its round deadline 2026-12-31T00:00:00Z"
}

# The operator's own adjudication (another reason), whatever the clocks
# say: taken as before
test_tourdeadline_other_ruling() {
	dstart
	SPOOL=$PWD/spool ADJUDICATOR_NOW=$((DL - 1)) expect 0 "$ADJ" rule \
	    -r jr -s "$SM" "$G2" adjudicate "$B2" the players agreed so
	exports
	ADJUDICATOR_NOW=$DL expect 0 "$ADJ" tournament verify \
	    $td/decl.tour $td/*.tour ./*.arc
	out_has 'all agree$'
}

# Bad deadline: values refused at declare, in one line (exit 3)
test_tourdeadline_declare_refused() {
	keys alice bob carol dave
	mkdir jr
	"$ADJ" keygen -N -d jr judge 2>/dev/null
	for v in 0d 30 30x -1d '[30d]' 3651d 30m; do
		decl_yaml alice bob carol dave |
		    sed "s/^  type: round-robin\$/  type: round-robin\n"`
		    `"clock:\n  clock: 3d\ndeadline: $v/" >bad.yaml
		expect 3 "$ADJ" tournament declare -k jr/judge.key bad.yaml
		one_line
		err_has 'deadline is a period from 1h to 3650d'
	done
	# without a clock
	decl_yaml alice bob carol dave | sed "s/^  type: round-robin\$/"`
	    `"  type: round-robin\ndeadline: 30d/" >bad.yaml
	expect 3 "$ADJ" tournament declare -k jr/judge.key bad.yaml
	one_line
	err_has 'a deadline needs a clock'
	# a ladder: no rounds
	decl_yaml alice bob carol dave | sed "s/^  type: round-robin\$/"`
	    `"  type: ladder\nclock:\n  clock: 3d\ndeadline: 30d/" >bad.yaml
	expect 3 "$ADJ" tournament declare -k jr/judge.key bad.yaml
	one_line
	err_has 'a ladder has no rounds, and no round deadline'
	# a good one
	decl_yaml alice bob carol dave | sed "s/^  type: round-robin\$/"`
	    `"  type: round-robin\nclock:\n  clock: 3d\ndeadline: 30d/" \
	    >good.yaml
	expect 0 "$ADJ" tournament declare -k jr/judge.key good.yaml
}
