# Conditions changed off turn (formats/conditions.md, "Off turn"): while
# the opponent thinks, a judged seat sends new conditions, or clears its
# own, as an entry of its own (kind conditions): the entry carries only
# the commitments, the lines go to the judge alone; the new set replaces
# the pending one and fires on the opponent's next move, a cleared seat
# has none; every refusal; an entry crossing a move in the mail (the
# judge's chain decides); a judge that withholds a line sent off turn,
# caught by the seat's copy and by verify.  Through real keys, armor
# and the judge (cond.sh's helpers).

. "$TOP/tests/cli/cond.sh"

# coff DIR FILE LINE...: DIR's conditions off turn (-c each LINE, no
# action) through the judge
coff() {
	cdir=$1 cfile=$2
	shift 2
	for l in "$@"; do set -- "$@" -c "$l"; shift; done
	jplay "$cdir" "$cfile" "$@"
}

# entry_at DIR SEQ: the body of DIR's entry SEQ
entry_at() {
	entries "$1" "ea.$1"
	cat "$(printf 'ea.%s/%06d' "$1" "$2")"
}

test_condoff_sent_then_fires() {
	cstart
	jplay A a2.msg e3-c3
	coff A ac.msg 'c5-d5 => c3-c2' 'b5-a5 => d1-e1'
	grep -q "seq 4 applied: alice sends new conditions, sealed to the" \
	    jout || { cat jout >&2; fail "not applied"; }
	grep -q 'update for bob (1 entry)' jout || fail "bob was not sent it"
	entry_at J 4 >e4
	grep -q '^kind: conditions$' e4 || fail "not an entry of its own"
	[ "$(grep -c '^- [0-9a-f]\{64\}$' e4)" -eq 8 ] ||
	    fail "not 8 commitments"
	grep -q '^action:' e4 && fail "an action in it"
	# nothing else changed: bob is still to move, no judge's entry
	[ "$(seq_of J)" = 4 ] || fail "the judge wrote after it"
	"$ADJ" show -d B >bview
	grep -q '^Your turn' bview || fail "no longer bob's turn"
	grep -q '^Last: alice sends new conditions, sealed to the judge\.$' \
	    bview || fail "bob is not told conditions changed"
	"$ADJ" show -d A >aview
	grep -q '^  1\. c5-d5 => c3-c2$' aview || fail "line 1 not listed"
	grep -q '^  2\. b5-a5 => d1-e1$' aview || fail "line 2 not listed"
	"$ADJ" show -d B -f yaml >byaml
	"$ADJ" show -d J >jview
	entries B bents
	for t in c3-c2 d1-e1 b5-a5; do
		secret_nowhere "$t" bview byaml jview bents/* jout rout
	done
	secret_nowhere 'Conditions' bview byaml jview
	# bob's move answers line 1: alice's reply is fired
	jplay B b2.msg c5-d5
	grep -q "fired: alice's condition, line 1 step 1" jout ||
	    { cat jout >&2; fail "not fired"; }
	entry_at J 6 | grep -q '^  entry: 4$' ||
	    fail "the fired entry does not name entry 4"
	"$ADJ" show -d B >bview
	grep -q '^Last: White moves c3-c2\.$' bview || fail "no reply for bob"
	entries B bents
	secret_nowhere 'd1-e1' bview bents/* rout
	# at the end the set of entry 4 is opened, and every export verifies
	jplay B b3.msg resign
	fin=$(entry_at J "$(seq_of J)")
	echo "$fin" | grep -q '^  entry: 4$' || fail "entry 4 not opened"
	echo "$fin" | grep -q '^    steps: b5-a5 => d1-e1$' ||
	    fail "the line that never fired not opened"
	jverified "alice won"
}

# A new set replaces the pending one: only its lines can fire
test_condoff_replaces_pending() {
	cstart
	jplay A a2.msg -c 'c5-d5 => c3-c2' e3-c3
	coff A ac.msg 'c5-d5 => d2-d3'
	"$ADJ" show -d A >aview
	grep -q '^  1\. c5-d5 => d2-d3$' aview || fail "the new line not listed"
	grep -q 'c3-c2' aview && fail "the replaced line still listed"
	jplay B b2.msg c5-d5
	grep -q "fired: alice's condition, line 1 step 1" jout || fail "fired"
	"$ADJ" show -d B | grep -q '^Last: White moves d2-d3\.$' ||
	    fail "not the new line's reply: $("$ADJ" show -d B | grep Last)"
	jplay B b3.msg resign
	fin=$(entry_at J "$(seq_of J)")
	echo "$fin" | grep -q '^  entry: 3$' || fail "entry 3 not opened"
	echo "$fin" | grep -q '^  entry: 4$' || fail "entry 4 not opened"
	jverified "alice won"
}

# -c - alone clears: nothing fires on bob's move, alice moves by hand,
# and no line is said to be withheld
test_condoff_cleared() {
	cstart
	jplay A a2.msg -c 'c5-d5 => c3-c2' e3-c3
	coff A ac.msg -
	grep -q "seq 4 applied: alice clears every pending condition" jout ||
	    { cat jout >&2; fail "not applied"; }
	entry_at J 4 | grep -q '^cond:' && fail "a cleared set committed"
	"$ADJ" show -d A | grep -q 'Conditions' && fail "still listed"
	"$ADJ" show -d B | grep -q '^Last: alice clears every pending' ||
	    fail "bob not told"
	jplay B b2.msg c5-d5
	grep -q 'fired' jout && fail "a cleared line fired"
	by_hand_end b3.msg
}

# A copy lost after lines sent off turn: the judge's whole update brings
# them back (kept as cond.N and by their entry, cond.N.SEQ), listed as
# before, and the rebuilt copy takes their fire
test_condoff_restore() {
	cstart
	jplay A a2.msg e3-c3
	coff A ac.msg 'c5-d5 => c3-c2'
	restored
	grep -q '^  1\. c5-d5 => c3-c2$' before || fail "not listed"
	cmp -s A/cond.0.4 lost/cond.0.4 || fail "the set of entry 4 not kept"
	jplay B b2.msg c5-d5
	grep -q "fired: alice's condition, line 1 step 1" jout || fail "fired"
	"$ADJ" show -d A | grep -q '^Last: White moves c3-c2\.$' ||
	    fail "the rebuilt copy did not take the fire"
}

# hand_entry SEAT OUT: SEAT's entry of kind conditions after the judge's
# last, made by hand, signed and sent to the judge in a private message
hand_entry() {
	n=$(seq_of J)
	entries J he
	entry_keys J $((n + 1)) "$(printf 'he/%06d' "$n")" "$1" conditions \
	    judge.pub >hand.yaml
	wire sign "$1.key" hand.yaml judge.pub >hand.bin || fail "wire sign"
	private "$1.key" hand.bin "$2"
}

test_condoff_refused() {
	cstart
	snapshot A
	# on alice's own turn her conditions go with her move
	expect 1 "$ADJ" turn -d A -c 'c5-d5 => c3-c2'
	err_has 'it is your turn, and conditions go with your move'
	one_line
	expect 1 "$ADJ" turn -d A -c -
	err_has 'it is your turn'
	one_line
	unchanged A
	jplay A a2.msg e3-c3
	snapshot A
	expect 1 "$ADJ" turn -d A -c -
	err_has 'none of your conditions is pending; nothing to clear'
	one_line
	expect 2 "$ADJ" turn -d A -c 'zz-c4 => c3-c4'
	err_has 'line 1: bob cannot play "zz-c4" now'
	one_line
	expect 2 "$ADJ" turn -d A -c 'c5-d5 => c3-c2' -c -
	err_has 'alone'
	expect 0 "$ADJ" turn -n -d A -c 'c5-d5 => c3-c2'
	out_has '^Dry run'
	unchanged A
	# sent: nothing more until the judge answers
	"$ADJ" turn -d A -c 'c5-d5 => c3-c2' >ac.msg || fail "turn -c"
	expect 1 "$ADJ" turn -d A -c -
	err_has "alice's entry 4 is sent; waiting for the judge"
	tojudge ac.msg
	# made by hand on alice's own turn: the judge refuses it
	jplay B b2.msg b4-c4	# no line answers it: alice's turn
	grep -q 'fired' jout && fail "fired on b4-c4"
	hand_entry alice h.msg
	judge_refuses h.msg alice
	grep -q "alice's conditions off turn, on alice's turn: they go with" \
	    jout || { cat jout >&2; fail "not named"; }
	# after the end
	jplay A a3.msg resign
	snapshot B
	expect 1 "$ADJ" turn -d B -c 'a4-a3 => b5-b4'
	err_has 'the game is over'
	one_line
	unchanged B
	hand_entry bob h2.msg
	judge_refuses h2.msg bob
	grep -q "bob's conditions after the game is over" jout ||
	    { cat jout >&2; fail "not named after the end"; }
}

# A peer game has no conditions: -c without an action is refused with the
# reason, and an entry of kind conditions is malformed there
test_condoff_peer_refused() {
	peer_start incognito
	setups d2 b4
	play A a2.msg e3-c3
	snapshot B
	expect 2 "$ADJ" turn -d B -c 'e2-e1 => c5-c4'
	err_has 'conditions need a judge'
	one_line
	unchanged B
	n=$(seq_of A)
	entries A pe
	entry_keys A $((n + 1)) "$(printf 'pe/%06d' "$n")" bob conditions \
	    alice.pub bob.pub >p.yaml
	by_hand p bob.key p.yaml alice.pub bob.pub
	snapshot A
	expect 3 "$ADJ" receive -d A p.msg
	err_has 'conditions in a game without a judge'
	unchanged A
}

# A seat handed to another key (it left): its old copy's entry is
# refused by the judge, and once the copy knows, by the copy itself
test_condoff_seat_that_left() {
	cstart
	keys carol
	jplay A a2.msg e3-c3
	"$ADJ" turn -d A -c 'c5-d5 => c3-c2' >old.msg || fail "turn -c"
	expect 0 "$ADJ" rule -d J -O mq handover alice carol.pub alice left
	mv mq/alice.old.msg old.upd
	rm -f mq/*
	expect 1 "$ADJ" judge -d J -O mq old.msg
	out_has "your seat alice in game [0-9a-f]\{16\} was handed over"
	[ ! -f J/cond.0 ] || fail "the judge kept the lines of a seat it left"
	expect 0 "$ADJ" receive -d A old.upd
	snapshot A
	expect 1 "$ADJ" turn -d A -c 'c5-d5 => c3-c2'
	err_has 'your seat alice was handed over to carol'
	one_line
	unchanged A
}

# Which of two entries made on the same entry counts is the judge's
# order: an entry off turn and a move that cross in the mail, the second
# to come is refused as crossed, and made again on the game as it is
test_condoff_crossing() {
	cstart
	jplay A a2.msg -c 'c5-d5 => c3-c2 ; a4-b3 => c2-c3 ; d5-d4 => d2-d3' \
	    e3-c3
	# bob's move first: it fires the pending line; alice's change, made
	# before she knew of it, is refused
	"$ADJ" turn -d A -c 'c5-d5 => d2-d3' >ac.msg || fail "turn -c"
	"$ADJ" turn -d B c5-d5 >b2.msg || fail "bob's move"
	tojudge b2.msg
	grep -q "fired: alice's condition, line 1 step 1" jout || fail "fired"
	judge_refuses ac.msg alice
	grep -q "seq 4 crossed bob's entry 4, which the judge took first" \
	    jout || { cat jout >&2; fail "not said crossed"; }
	# her copy still lists the line the chain holds, from step 2
	"$ADJ" show -d A >aview
	grep -q '^  1\. c5-d5 => c3-c2 ; a4-b3 => c2-c3 ; d5-d4 => d2-d3$' \
	    aview || { cat aview >&2; fail "the live line not listed"; }
	grep -q 'c5-d5 => d2-d3$' aview && fail "the refused set listed"
	# made again, it is for bob's next move
	coff A ac2.msg 'a4-b3 => d2-d3'
	jplay B b3.msg a4-b3
	grep -q "fired: alice's condition, line 1 step 1" jout || fail "fired"
	"$ADJ" show -d B | grep -q '^Last: White moves d2-d3\.$' ||
	    fail "not the new line's reply"
	# alice's change first: bob's move, made before he knew of it, is
	# refused, and made again the new line answers it
	"$ADJ" turn -d A -c 'd5-d4 => e2-e3' >ac3.msg || fail "turn -c"
	"$ADJ" turn -d B d5-d4 >b4.msg || fail "bob's move"
	tojudge ac3.msg
	judge_refuses b4.msg bob
	grep -q "crossed alice's entry" jout || fail "not said crossed"
	jplay B b5.msg d5-d4
	grep -q "fired: alice's condition, line 1 step 1" jout || fail "fired"
	"$ADJ" show -d B | grep -q '^Last: White moves e2-e3\.$' ||
	    fail "not the line sent first"
	jplay B b6.msg resign
	jverified "alice won"
}

# arc_of OUT BLOB...: a version 1 archive of these signed entries
arc_of() {
	ao=$1
	shift
	{
		printf 'ADJA\001\000\000\000'
		printf '%08x\n' $# |
		    sed 's/\(..\)\(..\)\(..\)\(..\)/\4\3\2\1/' | hex2bin
		for f in "$@"; do
			printf '%08x\n' "$(wc -c <"$f")" |
			    sed 's/\(..\)\(..\)\(..\)\(..\)/\4\3\2\1/' | hex2bin
			cat "$f"
		done
	} >"$ao.bin"
	{
		echo "-----BEGIN ADJUDICATOR ARCHIVE-----"
		base64 -w 64 "$ao.bin"
		echo "-----END ADJUDICATOR ARCHIVE-----"
	} >"$ao"
}

# A judge that withholds a line sent off turn (it lost its record of
# the lines) cannot end the game: its final entry opens the set, and
# every copy finds the line that answered bob's move with a legal reply;
# bob's copy and verify refuse it.  One that leaves the set unopened is
# refused too.  Knights: no setup, so the final entry opens the lines
# alone and is made by hand.
test_condoff_withheld_caught() {
	gstart knights
	plan
	jplay A a2.msg $px
	coff A ac.msg "$py => $pz"
	c=$(seq_of J)
	rm J/cond.0
	jplay B b2.msg $py
	grep -q 'fired' jout && fail "fired without the lines"
	"$ADJ" show -d A |
	    grep -q "^Not played: your condition line 1 answers bob's" ||
	    fail "alice's view does not name it"
	x=$(example A)
	jplay A a3.msg $x
	withheld_end "$c"
	# one that leaves the set unopened: refused too
	entry_keys B $((rs + 1)) resign.bin judge final alice.pub bob.pub \
	    >out.yaml
	echo "open: []" >>out.yaml
	wire sign judge.key out.yaml alice.pub bob.pub >out.bin ||
	    fail "wire sign"
	update_body bob resign.bin out.bin >u.yaml
	update bob u.yaml u.msg
	expect 1 "$ADJ" receive -d B u.msg
	err_has "leaves alice's conditions of entry $c unopened"
	one_line
	unchanged B
	# in an archive: verify refuses it
	entries J ja
	set --
	for q in $(seq 0 $((rs - 1))); do
		set -- "$@" "$(printf 'ja/%06d' "$q")"
	done
	arc_of forged.arc "$@" resign.bin fin.bin
	expect 1 "$ADJ" verify forged.arc
	err_has "the judge withheld alice's condition line 1 step 1"
	arc_of out.arc "$@" resign.bin out.bin
	expect 1 "$ADJ" verify out.arc
	err_has "leaves alice's conditions of entry $c unopened"
}
