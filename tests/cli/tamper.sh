# Tampered, replayed, forged, forked, misdirected and out-of-turn messages
# in incognito between alice (A/) and bob (B/): each is refused with one
# line on stderr and changes nothing in the receiver's game directory.
# Uses the helpers of incognito.sh (start, setups, play, finish, ...).

. "$TOP/tests/cli/incognito.sh"

# refused DIR FILE [WHERE]: receive -d DIR FILE is refused (exit 1, or 3 for
# malformed input) with one line naming FILE (and WHERE), DIR unchanged
refused() {
	snapshot "$1"
	set +e
	"$ADJ" receive -d "$1" "$2" >out 2>err
	rc=$?
	set -e
	[ "$rc" -eq 1 ] || [ "$rc" -eq 3 ] || {
		cat err >&2
		fail "receive -d $1 $2: exit $rc, expected 1 or 3"
	}
	one_line
	err_has "$2"
	[ -z "$3" ] || err_has "$3"
	# the proof of an equivocation (one key, two entries of one seq) is
	# kept aside as evidence, and nothing else changes
	if grep -q 'equivocated; the second is kept in ' err; then
		kept=$(sed -n 's/.*the second is kept in \(.*\)$/\1/p' err)
		[ -f "$kept" ] || fail "the proof not kept: $kept"
		rm -f "$kept"
		rmdir "$1/aside" 2>/dev/null || true
	fi
	unchanged "$1"
}

# reseal KEY BODY OUT: BODY signed with KEY, sealed to both seats
reseal() {
	"$ADJ" seal -k "$1" alice.pub bob.pub "$2" >"$3" || fail "seal $2"
}

# body FILE: the entry inside FILE as bob reads it, on stdout
body() {
	"$ADJ" open -k bob.key "$1" 2>/dev/null || fail "open $1"
}

test_changed_byte() {
	start
	setups d2 b4
	"$ADJ" turn -d A e3-c3 >a2.msg
	for line in 2 5 9; do
		awk -v n="$line" 'NR == n {
			c = substr($0, 10, 1)
			$0 = substr($0, 1, 9) (c == "A" ? "B" : "A") substr($0, 11)
		} { print }' a2.msg >bad$line.msg
		cmp -s a2.msg bad$line.msg && fail "not changed"
		refused B bad$line.msg
	done
	# the genuine one still applies
	deliver B a2.msg
}

test_truncated() {
	start
	setups d2 b4
	"$ADJ" turn -d A e3-c3 >a2.msg
	sed '4d' a2.msg >cut.msg
	refused B cut.msg
	head -n 3 a2.msg >short.msg
	refused B short.msg
	deliver B a2.msg
}

test_replay() {
	start
	setups d2 b4
	play A a2.msg e3-c3
	play B b2.msg b4-b3
	play A a3.msg e2-d3
	play B b3.msg c5-e5
	# the same old messages again: no-ops that say so
	for m in a1 a2 a3; do
		snapshot B
		expect 0 "$ADJ" receive -d B $m.msg
		err_has "already applied"
		unchanged B
	done
	snapshot A
	expect 0 "$ADJ" receive -d A b2.msg
	err_has "seq 4 already applied"
	unchanged A
	# a different message with an old seq: bob's seq 4, another move
	body b2.msg | sed 's/^  to: b3$/  to: b2/' >b2.yaml
	grep -q '^  to: b2$' b2.yaml || fail "sed"
	reseal bob.key b2.yaml b2x.msg
	refused A b2x.msg "seq 4"
	# and an old setup, committed anew
	body b1.msg | sed '/hash:/ s/: \(.\)\(.*\)/: \2\1/' \
	    >b1.yaml
	reseal bob.key b1.yaml b1x.msg
	grep -q 'hash' b1.yaml || fail "sed"
	refused A b1x.msg "seq 2"
}

test_wrong_signer() {
	start
	setups d2 b4
	# alice's real next entry, signed by bob
	cp -r A A2
	"$ADJ" turn -d A2 e3-c3 >x.msg
	body x.msg >x.yaml
	grep -q '^by: alice$' x.yaml || fail "not alice's"
	reseal bob.key x.yaml forged.msg
	refused B forged.msg
	# bob's own turn, relabelled as alice's, signed by bob
	play A a2.msg e3-c3
	cp -r B B2
	"$ADJ" turn -d B2 b4-b3 >y.msg
	body y.msg | sed 's/^by: bob$/by: alice/' >y.yaml
	grep -q '^by: alice$' y.yaml || fail "sed"
	reseal bob.key y.yaml forged2.msg
	refused A forged2.msg
	# signed by alice, claiming bob
	body y.msg >y2.yaml
	reseal alice.key y2.yaml forged3.msg
	refused A forged3.msg
	deliver A y.msg
}

test_forged_opening() {
	start
	setups d2 b4
	play A a2.msg e3-c3
	play B b2.msg b4-b3
	play A a3.msg 'c3?b3'	# bob owes the opening of b4, his spy
	"$ADJ" turn -d B >b3.msg
	split_msgs b3.msg
	[ -f b3.msg.2 ] || fail "expected two messages"
	body b3.msg.1 >open.yaml
	grep -q 'value: spy' open.yaml || fail "no opening of the spy"
	# the spy claimed to be an agent
	sed 's/value: spy/value: agent/' open.yaml >agent.yaml
	reseal bob.key agent.yaml agent.msg
	refused A agent.msg "seq 6"
	# the right value, another nonce
	sed '/nonce:/ s/: \(.\)\(.*\)/: \2\1/' open.yaml \
	    >nonce.yaml
	reseal bob.key nonce.yaml nonce.msg
	refused A nonce.msg "seq 6"
	# another piece opened in its place
	sed 's/piece: b4/piece: a4/' open.yaml >piece.yaml
	reseal bob.key piece.yaml piece.msg
	refused A piece.msg "seq 6"
	# the opening left out
	sed '/^open:/,$d' open.yaml >none.yaml
	reseal bob.key none.yaml none.msg
	refused A none.msg "seq 6"
	# the genuine one is accepted
	deliver A b3.msg
	"$ADJ" show -d A | grep -q 'Game over: alice won' || fail "not won"
}

test_forged_final() {
	start
	setups d2 b4
	play A a2.msg e3-c3
	"$ADJ" turn -d B resign >b2.msg	# and bob's final openings
	split_msgs b2.msg
	[ -f b2.msg.2 ] || fail "expected two messages"
	cp -r A A2
	deliver A2 b2.msg.1
	body b2.msg.2 | sed '0,/value: agent/s//value: spy/' >final.yaml
	reseal bob.key final.yaml final.msg
	refused A2 final.msg "seq 5"
	deliver A b2.msg
	finish
	verified "alice won"
}

test_fork() {
	start
	setups d2 b4
	cp -r A A2
	"$ADJ" turn -d A e3-c3 >x1.msg
	"$ADJ" turn -d A2 e2-c4 >x2.msg
	deliver B x1.msg
	refused B x2.msg "seq 3"
	# in the other order, in a fresh copy of bob's game
	"$ADJ" join -d C -k bob.key invite.msg 2>/dev/null
	deliver C a1.msg
	deliver C b1.msg
	deliver C x2.msg
	refused C x1.msg "seq 3"
}

test_out_of_turn() {
	start
	setups d2 b4
	# alice is to move; bob sends seq 3 anyway
	cp -r A A2
	"$ADJ" turn -d A2 e3-c3 >x.msg
	body x.msg | sed 's/^by: alice$/by: bob/; s/^  from: e3$/  from: b4/
	    s/^  to: c3$/  to: b3/' >x.yaml
	grep -q '^  from: b4$' x.yaml || fail "sed"
	reseal bob.key x.yaml early.msg
	refused A early.msg
	# alice sends two turns in a row
	play A a2.msg e3-c3
	body a2.msg | sed 's/^seq: 3$/seq: 4/; s/^  from: e3$/  from: c3/
	    s/^  to: c3$/  to: c2/' >twice.yaml
	# prev must be entry 3's hash: take it from bob's next entry
	cp -r B B2
	"$ADJ" turn -d B2 b4-b3 >y.msg
	prev=$(body y.msg | sed -n 's/^prev: //p')
	sed "s/^prev: .*/prev: $prev/" twice.yaml >twice2.yaml
	reseal alice.key twice2.yaml twice.msg
	refused B twice.msg
	# a setup after the setups
	body a1.msg | sed "s/^seq: 1$/seq: 4/; s/^prev: .*/prev: $prev/" \
	    >setup.yaml
	reseal alice.key setup.yaml setup.msg
	refused B setup.msg
}

test_other_game() {
	start
	setups d2 b4
	"$ADJ" new -k alice.key incognito alice.pub bob.pub >invite2.msg
	"$ADJ" join -d A2 -k alice.key invite2.msg 2>/dev/null
	"$ADJ" join -d B2 -k bob.key invite2.msg 2>/dev/null
	"$ADJ" setup -d A2 d2 >g1.msg
	deliver B2 g1.msg
	"$ADJ" setup -d B2 b4 >g2.msg
	deliver A2 g2.msg
	"$ADJ" turn -d A2 e3-c3 >g3.msg
	refused B g3.msg
	refused A g2.msg
	# the invitation of another game joins nothing here
	refused B invite2.msg
	# a message sealed to others only
	keys carol
	"$ADJ" new -k alice.key incognito alice.pub carol.pub >invite3.msg
	"$ADJ" join -d A3 -k alice.key invite3.msg 2>/dev/null
	"$ADJ" setup -d A3 d2 >h1.msg
	refused B h1.msg
}

test_not_a_message() {
	start
	setups d2 b4
	printf 'hello\n' >junk.txt
	refused B junk.txt
	: >empty.txt
	refused B empty.txt
	# a valid envelope whose body is no entry
	printf 'game: x\nseq: 3\n' >x.yaml
	reseal alice.key x.yaml x.msg
	refused B x.msg
}

test_verify_tampered() {
	start
	setups d2 b4
	play A a2.msg e3-c3
	play B b2.msg resign
	finish
	"$ADJ" export -d A >game.arc
	expect 0 "$ADJ" verify game.arc
	n=$(wc -l <game.arc)
	for line in 2 $((n / 3)) $((n / 2)) $((n - 3)); do
		awk -v n="$line" 'NR == n {
			c = substr($0, 20, 1)
			$0 = substr($0, 1, 19) (c == "A" ? "B" : "A") substr($0, 21)
		} { print }' game.arc >bad.arc
		cmp -s game.arc bad.arc && fail "not changed"
		set +e
		"$ADJ" verify bad.arc >out 2>err
		rc=$?
		set -e
		[ "$rc" -eq 1 ] || [ "$rc" -eq 3 ] || {
			cat err >&2
			fail "verify, line $line changed: exit $rc"
		}
		[ -s err ] || fail "verify, line $line changed: no message"
	done
	# cut short: the last entry dropped is malformed or unfinished
	sed '$d' game.arc | sed '$d' >short.arc
	echo '-----END ADJUDICATOR ARCHIVE-----' >>short.arc
	set +e
	"$ADJ" verify short.arc >out 2>err
	rc=$?
	set -e
	[ "$rc" -eq 1 ] || [ "$rc" -eq 3 ] || fail "short: exit $rc"
}

test_verify_unfinished() {
	start
	setups d2 b4
	play A a2.msg e3-c3
	"$ADJ" export -d A >game.arc
	expect 1 "$ADJ" verify game.arc
	err_has "not over"
	# over, but alice's setup is still closed
	play B b2.msg resign
	"$ADJ" export -d A >game2.arc
	expect 1 "$ADJ" verify game2.arc
	grep -q "not over\|not closed\|final\|open" err ||
	    fail "verify: $(cat err)"
	play A a3.msg
	"$ADJ" export -d A >game3.arc
	expect 0 "$ADJ" verify game3.arc
}
