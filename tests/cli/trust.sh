# A judge nobody has to trust: a dishonest judge's updates, forged by hand
# from its honest ones and signed with its key, through receive (the
# seat's live check) and verify (of the seat's export).  Each test is one
# way a judge could show a seat more, less, earlier, or something false.
# The scene: espionnage, alice's spy comes to f6 and sees bob's e8 and
# f8; the judge's honest update to alice (seq 8 to 9) opens those two.

. "$TOP/tests/cli/espionnage.sh"
. "$TOP/tests/cli/judge.sh"

wire() {
	"${WIRE:-$(dirname "$ADJ")/cli/wire}" "$@"
}

# tr_scene: the game up to alice's f5-f6, judged; her update from the
# judge is mq/alice.msg (not received), its body honest.yaml
tr_scene() {
	es_start -o volcanoes=0
	es_setups $STD $STD
	es_turns "f3-f4 a3-a4" "f8-f7 a8-a7" "f4-f5 a4-a5" "e8-e7 a7-a6"
	"$ADJ" turn -d A f5-f6 a5-a6 >t.msg
	"$ADJ" judge -d J -O mq t.msg >jout 2>&1 || fail "judge"
	"$ADJ" open -k alice.key mq/alice.msg >honest.yaml 2>/dev/null ||
	    fail "open"
	grep -q '^seq: 9$' honest.yaml || fail "not the update of seq 9"
	grep -q 'piece: e8$' honest.yaml || fail "no sighting of e8"
}

# opening SEAT PIECE: that piece's opening, as a list item, from the
# judge's journal (it holds every setup)
opening() {
	awk -v s="$1" -v p="$2" '$0 == "- seat: " s { st = 1; next }
	    /^- seat:/ { st = 0 }
	    st && $0 == "  piece: " p { q = 1; print "- seat: " s; print; next }
	    q && /^  (value|nonce):/ { print } q && /nonce:/ { exit }' J/journal
}

# without_open BODY: BODY with its openings taken out
without_open() {
	awk '/^open:/ { skip = 1; next } skip && /^[- ] / { next }
	    { skip = 0; print }' "$1"
}

# to_alice BODY OUT: BODY signed by the judge, sealed to alice
to_alice() {
	"$ADJ" seal -k judge.key alice.pub "$1" >"$2" || fail "seal $1"
}

# alice_refuses MSG TEXT: receive refuses MSG whole (exit 1, one line
# saying TEXT), nothing in A changes, and no enemy rank appears in the
# error
alice_refuses() {
	snapshot A
	expect 1 "$ADJ" receive -d A "$1"
	one_line
	err_has "$2"
	for r in headquarters corporal spy general mine; do
		grep -q "$r" err && fail "a rank in: $(cat err)"
	done
	unchanged A
}

# The first way round the old audit: one owed opening 64 times, then the
# enemy headquarters.  Refused whole: alice learns neither, and the
# honest update is still taken after it.
test_fillers_then_headquarters() {
	tr_scene
	opening bob e10 >hq.yaml
	grep -q 'value: headquarters' hq.yaml || fail "no headquarters on e10"
	opening bob e8 >e8.yaml
	{
		without_open honest.yaml
		echo "open:"
		i=0
		while [ $i -lt 65 ]; do cat e8.yaml; i=$((i + 1)); done
		cat hq.yaml
	} >forged.yaml
	to_alice forged.yaml forged.msg
	alice_refuses forged.msg "opens bob's piece e8 twice"
	# without the fillers: an opening alice's pieces did not see
	{ cat honest.yaml; cat hq.yaml; } >late.yaml
	to_alice late.yaml late.msg
	alice_refuses late.msg "shows alice bob's piece e10, which alice's pieces did not see in the entries it carries (seq 8 to 9)"
	expect 0 "$ADJ" receive -d A mq/alice.msg
	"$ADJ" show -d A -f yaml >view
	grep -A3 'piece: e8$' view | grep -q 'identity: corporal' ||
	    fail "the honest sighting of e8 is not taken"
	grep -A3 'piece: e10$' view | grep -q 'identity: unknown' ||
	    fail "alice sees e10"
}

# The second way round: the update's seq is the judge's word.  It is
# required, and it must be where the entries it carries end.
test_seq_is_checked() {
	tr_scene
	without_open honest.yaml | sed 's/^seq: 9$/seq: 4000000000/' >big.yaml
	to_alice big.yaml big.msg
	alice_refuses big.msg "says seq 4000000000, but the entries it carries end at seq 9"
	sed '/^seq: /d' honest.yaml >noseq.yaml
	to_alice noseq.yaml noseq.msg
	snapshot A
	expect 3 "$ADJ" receive -d A noseq.msg
	one_line
	err_has 'missing key "seq"'
	unchanged A
	# the right seq for the first of its two entries
	sed 's/^seq: 9$/seq: 8/' honest.yaml >eight.yaml
	to_alice eight.yaml eight.msg
	alice_refuses eight.msg "says seq 8, but the entries it carries end at seq 9"
	expect 0 "$ADJ" receive -d A mq/alice.msg
}

# A judge that shows a piece early: bob's e8 opened to alice in the
# update before her spy reaches f6
test_shows_early() {
	es_start -o volcanoes=0
	es_setups $STD $STD
	es_turns "f3-f4 a3-a4" "f8-f7 a8-a7" "f4-f5 a4-a5"
	"$ADJ" turn -d B e8-e7 a7-a6 >t.msg
	"$ADJ" judge -d J -O mq t.msg >jout 2>&1 || fail "judge"
	"$ADJ" open -k alice.key mq/alice.msg >u.yaml 2>/dev/null
	{ without_open u.yaml; echo "open:"; opening bob e8; } >early.yaml
	to_alice early.yaml early.msg
	alice_refuses early.msg "shows alice bob's piece e8, which alice's pieces did not see"
	expect 0 "$ADJ" receive -d A mq/alice.msg
}

# A false rank: refused against bob's commitment, naming the piece only
test_false_rank() {
	tr_scene
	awk '/piece: e8$/ { p = 1 } p && /value:/ { sub(/corporal/, "general");
	    p = 0 } { print }' honest.yaml >false.yaml
	cmp -s honest.yaml false.yaml && fail "nothing changed"
	to_alice false.yaml false.msg
	alice_refuses false.msg "does not match its commitment"
	err_has "e8"
	# one of alice's own pieces opened to her
	{ cat honest.yaml; opening alice a1; } >own.yaml
	grep -q 'piece: a1$' own.yaml || fail "no opening of alice's a1"
	to_alice own.yaml own.msg
	alice_refuses own.msg "opens alice's own piece a1 to alice"
}

# An update held already changes nothing: a mailbox of every update read
# five times leaves the game directory as it was, byte for byte, and the
# export carries each update once.
test_reread_mailbox() {
	es_start -o volcanoes=0
	es_setups $STD $STD
	es_turns "f3-f4 a3-a4" "f8-f7 a8-a7" "f4-f5 a4-a5" "e8-e7 a7-a6" \
	    "f5-f6 a5-a6"
	cat upd.*.alice >mbox
	n=$(ls upd.*.alice | wc -l)
	"$ADJ" export -d A >before.arc
	snapshot A
	for i in 1 2 3 4 5; do
		expect 0 "$ADJ" receive -d A mbox
		err_has "held already; nothing to do"
	done
	unchanged A
	"$ADJ" export -d A | cmp -s - before.arc || fail "the export changed"
	entries A At
	[ "$(ls At | grep -c '^update-')" -eq "$n" ] ||
	    fail "$(ls At | grep -c '^update-') updates exported, not $n"
}

# verify of a seat's export applies the same checks to its updates.
test_verify_checks_updates() {
	tr_scene
	expect 0 "$ADJ" receive -d A mq/alice.msg
	"$ADJ" receive -d B mq/bob.msg >/dev/null || fail "bob's update"
	rm -rf mq
	es_play B resign
	"$ADJ" export -d A >a.arc
	expect 0 "$ADJ" verify a.arc
	out_has "each showed it exactly what its pieces saw"
	entries A At
	# the update that opens e8: the first whose body names it
	k=
	for f in At/update-*; do
		blob_body "$f" >body
		grep -q 'piece: e8$' body && { k=$f; break; }
	done
	[ -n "$k" ] || fail "no update opens e8"
	blob_body "$k" >kbody
	cp -R At Bad
	# an update gone: the ones after it go on from where it ended
	rm "Bad/$(basename "$(ls At/update-* | sed -n 2p)")"
	python3 "$TOP/tests/cli/entries.py" -j Bad gap.arc
	expect 1 "$ADJ" verify gap.arc
	one_line
	err_has "one is missing"
	# the same update twice: counted once
	rm -rf Bad
	cp -R At Bad
	cp "$k" Bad/update-999999
	python3 "$TOP/tests/cli/entries.py" -j Bad twice.arc
	expect 0 "$ADJ" verify twice.arc
	# forged and signed by the judge: a filler too many, a late
	# headquarters, a seq that is not where its entries end
	{ without_open kbody; echo "open:"; opening bob e8; opening bob e8; } \
	    >f1.yaml
	{ cat kbody; opening bob e10; } >f2.yaml
	sed 's/^seq: \([0-9]*\)$/seq: 4000000000/' kbody >f3.yaml
	for f in f1:"opens bob's piece e8 twice" \
	    f2:"shows alice bob's piece e10, which alice's pieces did not see" \
	    f3:"says seq 4000000000, but the entries it carries end at seq"; do
		rm -rf Bad
		cp -R At Bad
		wire sign judge.key "${f%%:*}.yaml" alice.pub >"$k.x"
		mv "$k.x" "Bad/$(basename "$k")"
		python3 "$TOP/tests/cli/entries.py" -j Bad "${f%%:*}.arc"
		expect 1 "$ADJ" verify "${f%%:*}.arc"
		one_line
		err_has "${f#*:}"
	done
}

# A judge that shows a sighting one update late: alice's spy sees e8 and
# f8 at her entry 8; an update of entry 8 alone withholds them (taken,
# and said), and the next, of entry 9, shows e8, owed before the entries
# it carries: refused
test_shows_late() {
	tr_scene
	sed '/^entries:$/,$d' honest.yaml | grep -v '^seq: ' >head.yaml
	grep '^- ' honest.yaml | sed -n 1p >e1
	grep '^- ' honest.yaml | sed -n 2p >e2
	[ -s e2 ] || fail "the honest update carries one entry"
	{ cat head.yaml; echo "seq: 8"; echo "entries:"; cat e1; } \
	    >withheld.yaml
	to_alice withheld.yaml withheld.msg
	expect 0 "$ADJ" receive -d A withheld.msg
	"$ADJ" show -d A | grep -q 'withheld bob.s piece e8' ||
	    fail "the withheld sighting is not said"
	{ cat head.yaml; echo "seq: 9"; echo "entries:"; cat e2
	    echo "open:"; opening bob e8; } >late.yaml
	to_alice late.yaml late.msg
	why="which was owed after seq 8, before the entries it carries"
	alice_refuses late.msg "shows alice bob's piece e8, $why (seq 9 to 9)"
}
