# A tournament by mail after its start (formats/tournament.md, "By
# mail"): once every game of a round is over the judge signs its
# results, mails every player the crosstable, pairs the next round of a
# Swiss or a knockout itself (a drawn knockout game: its second game,
# then the lot), signed as the director, its games made and mailed as
# the start's; after the last round every player is mailed the final
# table and the tournament archive, which tournament verify takes alone.
# A game lost on time (the tick) is lost, and the tick pairs the next
# round.  A player the operator replaced is seated with the new key, at
# the new address, in the rounds the judge pairs after.  Through the
# stand-in sendmail at the test clock; the games end by resignations and
# agreed draws.

. "$TOP/tests/cli/tourmail.sh"

# tdecl FORMAT-LINES PLAYERS...: the judge's root, the declaration of
# club27 (its format lines FORMAT-LINES, sed's replacement text) taken
# by mail and accepted by every player: the start
tdecl() {
	fmt=$1
	shift
	mkdir jr
	"$ADJ" keygen -N -d jr judge 2>/dev/null
	printf 'address: judge@club.example\n' >jr/judge.yaml
	keys "$@"
	decl_yaml "$@" | sed "s/^  type: round-robin\$/$fmt/" >decl.yaml
	"$ADJ" tournament declare -k jr/judge.key decl.yaml >decl.tour ||
	    fail "declare"
	send t.eml op@club.example TOURNAMENT 0 decl.tour
	accept_all "$@"
	td=jr/tournaments/club27
}

# judge FILE [NOW]: the judge takes a seat's mail
judge() {
	ADJUDICATOR_NOW=${2:-$T0} SPOOL=$PWD/spool expect 0 "$ADJ" judge \
	    -r jr -s "$SM" "$1"
}

# inv R B GAME COLOUR: the invitation of that seat (GAME "" or ", game
# 2"); its player in $P, the game's directory in $P.R in $D
inv() {
	f=$(grep -l "^adjudicator: tournament club27 (Club championship "`
	    `"2027), round $1, board $2$3: you play $4 against" spool/*.eml |
	    head -1)
	[ -n "$f" ] || fail "no invitation: round $1, board $2$3, $4"
	P=$(sed -n 's/.*You are \([a-z]*\)\.$/\1/p' "$f" | head -1)
	[ -n "$P" ] || fail "no seat in $f"
	"$ADJ" join -r "$P.R" -k "$P.key" "$f" 2>/dev/null ||
	    fail "$P joins $f"
	g=$(sed -n 's/^The judge made game \([0-9a-f]*\),.*/\1/p' "$f")
	D=$P.R/$(ls "$P.R" | grep "^$g")
}

# slot R B GAME HOW: that game ended, HOW: black (white resigns), white
# (white offers a draw, black resigns instead), draw (agreed)
slot() {
	inv "$1" "$2" "$3" white
	wd=$D
	"$ADJ" turn -M -d "$wd" "$(case $4 in black) echo resign ;;
	    *) echo draw ;; esac)" >"w$1$2.eml" || fail "white's turn"
	judge "w$1$2.eml"
	[ "$4" != black ] || return 0
	inv "$1" "$2" "$3" black
	"$ADJ" receive -r "$P.R" "spool/$P@example.org.mbox" >/dev/null \
	    2>&1 || fail "$P receives"
	"$ADJ" turn -M -d "$D" "$(case $4 in white) echo resign ;;
	    *) echo accept ;; esac)" >"b$1$2.eml" || fail "black's turn"
	judge "b$1$2.eml"
}

# games: the judge's games
games() {
	ls jr | grep -c '^[0-9a-f]\{64\}$' || true
}

# tables_to P N: P was mailed N crosstables
tables_to() {
	n=$(mails_to "$1@example.org" | xargs grep -l '^Subject: '`
	    `'\[adjudicator\] tournament club27: the table after' | wc -l)
	[ "$n" -eq "$2" ] || fail "$1: $n tables, want $2"
}

# final_arc P: the one final table mailed to P; its archive kept in
# mailed.arc, which tournament verify takes alone (what it says in out)
final_arc() {
	f=$(mails_to "$1@example.org" | xargs grep -l '^Subject: '`
	    `'\[adjudicator\] tournament club27: the final table' || true)
	[ "$(echo "$f" | grep -c .)" -eq 1 ] || fail "$1: the final table"
	sed -n '/^-----BEGIN/,$p' "$f" >mailed.arc
	expect 0 "$ADJ" tournament verify mailed.arc
}

# A Swiss of 5 over 3 rounds: each round paired by the judge once the
# one before is over, the crosstable mailed after rounds 1 and 2, the
# final table and the archive after round 3; the archive verifies alone
# and fails with one record altered
test_tournext_swiss() {
	tdecl '  type: swiss\n  rounds: 3' alice bob carol dave erin
	send l0.eml someone@example.net LIST
	last | grep -q '^club27 .*: under way$' || fail "LIST: under way"
	for r in 1 2 3; do
		[ -s $td/round-$r.tour ] || fail "round $r not paired"
		[ ! -e $td/round-$((r + 1)).tour ] || fail "round $((r + 1))"
		[ "$(games)" -eq $((2 * r)) ] || fail "round $r: $(games) games"
		slot $r 1 "" black
		[ ! -e $td/round-$((r + 1)).tour ] ||
		    fail "round $((r + 1)) before round $r is over"
		slot $r 2 "" draw
	done
	[ "$(games)" -eq 6 ] || fail "$(games) games, not 6"
	[ ! -e $td/round-4.tour ] || fail "a fourth round"
	for p in alice bob carol dave erin; do
		tables_to $p 2
		f=$(mails_to $p@example.org | xargs grep -l '^Subject: '`
		    `'\[adjudicator\] tournament club27: the final table')
		[ "$(echo "$f" | grep -c .)" -eq 1 ] || fail "$p: final"
		mails_to $p@example.org | xargs grep -l '^round 3 board 1: ' \
		    >/dev/null || fail "$p: round 3's pairings"
	done
	# the archive mailed is the one kept, and verifies alone
	sed -n '/^-----BEGIN/,$p' "$f" >mailed.arc
	cmp -s mailed.arc $td/club27.arc || fail "the archive mailed"
	expect 0 "$ADJ" tournament verify mailed.arc
	out_has '^club27 ([0-9a-f]\{16\}): 3 rounds, 9 games and byes, '`
	    `'5 players: all agree$'
	# its table is the one mailed
	expect 0 "$ADJ" tournament table mailed.arc
	sed '1,/^$/d' "$f" | sed '1,2d;/^The tournament archive/,$d' |
	    sed '$d' >mailed.table
	cmp -s mailed.table out || fail "the table mailed"
	# the same from the files
	"$ADJ" tournament archive $td/decl.tour $td/*.tour mailed.arc \
	    >again.arc || fail "archive"
	expect 0 "$ADJ" tournament verify again.arc
	# one record altered (a round's board swapped): refused
	rec=$(grep -n '^-----BEGIN ADJUDICATOR TOURNAMENT' mailed.arc |
	    sed -n '7p' | cut -d: -f1)
	line=$(sed -n "$((rec + 2))p" mailed.arc)
	c=$(printf '%s' "$line" | cut -c20)
	case $c in A) d=B ;; *) d=A ;; esac
	awk -v n=$((rec + 2)) -v d="$d" 'NR == n { $0 = substr($0, 1, 19) d \
	    substr($0, 21) } { print }' mailed.arc >bad.arc
	expect 1 "$ADJ" tournament verify bad.arc
	one_line
	expect 1 "$ADJ" tournament archive bad.arc
	[ ! -s out ] || fail "archive printed what does not verify"
	send l.eml someone@example.net LIST
	last | grep -q '^club27 .*: over$' || fail "LIST: over"
	# the next tick does nothing more
	n0=$(nmail)
	ADJUDICATOR_NOW=$T0 SPOOL=$PWD/spool expect 0 "$ADJ" judge -r jr \
	    -s "$SM" -t
	[ "$(nmail)" -eq "$n0" ] || fail "the tick mailed again"
}

# A knockout of 4: board 1 drawn, its second game (colours reversed)
# drawn too, the lot decides; board 2 won by black; the final paired by
# the judge from both winners, won; then the final table and archive
test_tournext_knockout() {
	tdecl '  type: knockout' alice bob carol dave
	[ "$(games)" -eq 2 ] || fail "round 1: $(games) games"
	slot 1 1 "" draw
	[ ! -e $td/round-1-2.tour ] || fail "a second game before the round"
	slot 1 2 "" black
	[ -s $td/round-1-2.tour ] || fail "no second game"
	[ ! -e $td/round-2.tour ] || fail "the final before board 1's match"
	inv 1 1 "" white
	w1=$P
	inv 1 1 ", game 2" black
	[ "$P" = "$w1" ] || fail "game 2's colours not reversed"
	slot 1 1 ", game 2" draw
	[ -s $td/round-2.tour ] || fail "the final not paired"
	[ "$(games)" -eq 4 ] || fail "$(games) games, not 4"
	tables_to alice 1
	# the final's white or black is board 1's winner by the lot, which
	# verify draws again
	slot 2 1 "" black
	final_arc alice
	out_has '2 rounds, 4 games and byes, 4 players: all agree$'
	expect 0 "$ADJ" tournament table -f yaml mailed.arc
	[ "$(grep -c '^    result: 0.5$' out)" -eq 4 ] || fail "4 draws"
}

# A Swiss of 4 over 2 rounds with a clock: board 1 resigned, board 2
# never played; the tick rules white out of time, counts it as a loss
# (played), and pairs round 2 itself
test_tournext_timeout() {
	tdecl '  type: swiss\n  rounds: 2\nclock:\n  clock: 1d' \
	    alice bob carol dave
	slot 1 1 "" black
	ls jr | grep '^[0-9a-f]\{64\}$' >round1
	ADJUDICATOR_NOW=$((T0 + 86400)) SPOOL=$PWD/spool expect 0 "$ADJ" \
	    judge -r jr -s "$SM" -t
	[ ! -e $td/round-2.tour ] || fail "round 2 before the timeout"
	ADJUDICATOR_NOW=$((T0 + 3 * 86400)) SPOOL=$PWD/spool expect 0 \
	    "$ADJ" judge -r jr -s "$SM" -t
	[ -s $td/round-2.tour ] || fail "the tick did not pair round 2"
	[ "$(games)" -eq 4 ] || fail "$(games) games, not 4"
	tables_to dave 1
	for g in $(cat round1); do
		"$ADJ" export -d jr/$g >$g.arc 2>/dev/null || fail "export"
	done
	ADJUDICATOR_NOW=$((T0 + 3 * 86400)) expect 0 "$ADJ" tournament \
	    table -f yaml $td/decl.tour $td/*.tour ./*.arc
	# round 1: two won, two lost, nothing by forfeit
	sed -n '/round: 1$/,/result:/p' out | grep -c 'result: 1$' >n1
	[ "$(cat n1)" -eq 2 ] || fail "round 1: $(cat n1) wins, want 2"
	! grep -q forfeit out || fail "a forfeit"
	ADJUDICATOR_NOW=$((T0 + 3 * 86400)) expect 0 "$ADJ" tournament \
	    verify $td/decl.tour $td/*.tour ./*.arc
}

# A round robin of two sections of 3 whose winners play a final
# (format's stage): the start makes the first stage's every game; once
# they are over the judge pairs the final itself, drawn its second game,
# then mails the final table and the archive, which verifies alone
test_tournext_stage() {
	tdecl '  type: round-robin\n  section: 3\n  stage:\n    type: '`
	    `'knockout\n    advance: 1' alice bob carol dave erin fred
	[ "$(games)" -eq 6 ] || fail "the first stage: $(games) games"
	[ -s $td/round-3.tour ] && [ ! -e $td/round-4.tour ] ||
	    fail "the first stage's rounds"
	for r in 1 2 3; do
		for b in 1 2 3 4; do
			grep -q "round $r, board $b: you play white" \
			    spool/*.eml || continue
			[ ! -e $td/round-4.tour ] || fail "the final early"
			slot $r $b "" black
		done
	done
	[ -s $td/round-4.tour ] || fail "the final not paired"
	[ ! -e $td/round-5.tour ] || fail "a round after the final"
	[ "$(games)" -eq 7 ] || fail "$(games) games, not 7"
	# the final drawn: its second game, colours reversed
	slot 4 1 "" draw
	[ -s $td/round-4-2.tour ] || fail "the final's second game"
	slot 4 1 ", game 2" black
	tables_to alice 3
	final_arc alice
	out_has '^club27 ([0-9a-f]\{16\}): 4 rounds, .*6 players: all agree$'
	expect 0 "$ADJ" tournament table mailed.arc
	out_has '^The final stage: a knockout of the top 1 of each section'
}

# The operator's ruling by the files (formats/tournament.md, "By
# mail"): a game of round 1 never played, adjudicated by a ruling the
# operator signs with the judge's key into the tournament's directory;
# the next tick takes it and pairs round 2; verify prints the ruling
test_tournext_ruling() {
	tdecl '  type: swiss\n  rounds: 2' alice bob carol dave
	slot 1 1 "" black
	ADJUDICATOR_NOW=$T0 SPOOL=$PWD/spool expect 0 "$ADJ" judge -r jr \
	    -s "$SM" -t
	[ ! -e $td/round-2.tour ] || fail "round 2 before board 2 is over"
	"$ADJ" tournament rule -k jr/judge.key $td/decl.tour adjudicate \
	    1/2 white >ruling.tour || fail "rule"
	cp ruling.tour $td/ruling-1.tour
	ADJUDICATOR_NOW=$T0 SPOOL=$PWD/spool expect 0 "$ADJ" judge -r jr \
	    -s "$SM" -t
	[ -s $td/round-2.tour ] || fail "the tick did not pair round 2"
	tables_to alice 1
	# the games over (round 1's board 1): their archives
	for g in $(ls jr | grep '^[0-9a-f]\{64\}$'); do
		"$ADJ" export -d jr/$g >$g.arc 2>/dev/null || fail "export"
		"$ADJ" verify $g.arc >/dev/null 2>&1 || rm $g.arc
	done
	[ "$(ls ./*.arc | wc -l)" -eq 1 ] || fail "not one game over"
	ADJUDICATOR_NOW=$T0 expect 0 "$ADJ" tournament verify \
	    $td/decl.tour $td/*.tour ./*.arc
	out_has "^the director's rulings:$"
	out_has 'round 1, board 2: '
}

# A final stage that is a round robin (two sections of 3, the top 2 of
# each): once the first stage is over the judge pairs the final's three
# rounds at once, as the start pairs a round robin's
test_tournext_stage_round_robin() {
	tdecl '  type: round-robin\n  section: 3\n  stage:\n    type: '`
	    `'round-robin\n    advance: 2' alice bob carol dave erin fred
	for r in 1 2 3; do
		for b in 1 2 3 4; do
			grep -q "round $r, board $b: you play white" \
			    spool/*.eml || continue
			slot $r $b "" black
		done
	done
	for r in 4 5 6; do
		[ -s $td/round-$r.tour ] || fail "final round $r not paired"
	done
	[ ! -e $td/round-7.tour ] || fail "a round after the final's"
	[ "$(games)" -eq 12 ] || fail "$(games) games, not 12"
}

# A player replaced by the operator's ruling (formats/tournament.md,
# "The director's rulings"): dave leaves during round 1, the operator
# signs his replacement by zed from round 2 (zed's key and address)
# into the tournament's directory; round 2, paired by the judge once
# round 1 is over, seats zed's key, its invitation goes to zed's address
# and dave's gets nothing of it; the whole verifies
test_tournext_replace() {
	tdecl '  type: swiss\n  rounds: 2' alice bob carol dave
	keys zed
	slot 1 1 "" black
	"$ADJ" tournament rule -k jr/judge.key $td/decl.tour replace dave 2 \
	    zed.pub zed@example.org >zed.tour || fail "rule"
	cp zed.tour $td/ruling-1.tour
	ADJUDICATOR_NOW=$T0 SPOOL=$PWD/spool expect 0 "$ADJ" judge -r jr \
	    -s "$SM" -t
	mails_to dave@example.org >dave.before
	slot 1 2 "" draw
	[ -s $td/round-2.tour ] || fail "round 2 not paired"
	# zed is invited to dave's game of round 2, at zed's address
	f=$(mails_to zed@example.org | xargs grep -l "^adjudicator: "`
	    `"tournament club27 .*, round 2, board [12]: you play [a-z]* "`
	    `"against" || true)
	[ "$(echo "$f" | grep -c .)" -eq 1 ] || fail "zed's invitations: $f"
	grep -q ' You are zed\.$' "$f" || fail "not zed's seat: $f"
	# its header seats zed's key, not dave's
	"$ADJ" join -d zg -k zed.key "$f" 2>/dev/null ||
	    fail "zed cannot join round 2's game"
	expect 1 "$ADJ" join -d dg -k dave.key "$f"
	# dave's address: nothing since round 1 ended but his game's update
	for m in $(mails_to dave@example.org); do
		grep -qx "$m" dave.before && continue
		! grep -q 'round 2' "$m" || fail "dave mailed round 2: $m"
		header_of "$m" Subject | grep -q '^\[adjudicator\] knights ' ||
		    fail "dave mailed $(header_of "$m" Subject)"
	done
	slot 2 1 "" black
	slot 2 2 "" draw
	final_arc zed
	out_has '^  dave replaced by zed ([0-9a-f]*) from round 2$'
	out_has '2 rounds, 4 games and byes, 4 players: all agree$'
}
