# Concurrent deliveries (procmail runs its filters in parallel): 8 at once
# of the same mail and of different mails, to receive and to judge.  The
# game directory's lock makes them one at a time: every run exits 0 (a
# duplicate is a no-op, an early entry waits), every entry is in the
# journal exactly once, and the judge sends each seat each entry once.

. "$TOP/tests/cli/judge.sh"

# at_once CMD-PREFIX FILE...: CMD-PREFIX FILE for each FILE, all at once;
# each run's exit status, stdout and stderr in rc.N, out.N, err.N; fails
# unless every one exits 0
at_once() {
	ao_cmd=$1
	shift
	ao_i=0
	for f in "$@"; do
		ao_i=$((ao_i + 1))
		# shellcheck disable=SC2086
		(set +e; $ao_cmd "$f" >out.$ao_i 2>err.$ao_i; echo $? >rc.$ao_i) &
	done
	wait
	ao_k=0
	while [ $ao_k -lt $ao_i ]; do
		ao_k=$((ao_k + 1))
		[ "$(cat rc.$ao_k)" -eq 0 ] || {
			cat out.$ao_k err.$ao_k >&2
			fail "run $ao_k of $ao_i ($ao_cmd): exit $(cat rc.$ao_k)"
		}
	done
}

# journal_entries DIR: "SEQ COUNT" for each entry record in DIR's journal
# (formats/gamedir.md: type 2)
journal_entries() {
	need python3
	python3 - "$1/journal" <<'PY'
import collections, struct, sys
data = open(sys.argv[1], 'rb').read()
off, n = 0, collections.Counter()
while off + 28 <= len(data):
    kind, length, num = struct.unpack_from('<IIQ', data, off)
    if kind == 2:
        n[num] += 1
    off += 16 + length + 12
for seq in sorted(n):
    print(seq, n[seq])
PY
}

# once DIR LAST: DIR's journal holds entries 0 to LAST, each once
once() {
	journal_entries "$1" >je
	awk -v last="$2" '$2 != 1 || $1 != NR - 1 { bad = 1 }
	    END { exit bad || NR != last + 1 }' je || {
		cat je >&2
		fail "$1: not entries 0 to $2, each once"
	}
}

# seqs_to SEAT: every seq the updates in mq/SEAT.msg carry to SEAT, one a
# line, in the order they come
seqs_to() {
	"$ADJ" open -k "$1.key" "mq/$1.msg" 2>/dev/null |
	    sed -n 's/^- \([A-Za-z0-9+/=]*\)$/\1/p' | while read -r b; do
		printf '%s\n' "$b" | base64 -d | tr -c '[:print:]\n' '\n' |
		    sed -n 's/^seq: //p'
	done
}

# alternate DIR... : the moves of a game that goes on: alice e3-e4 and
# back, bob a3-a2 and back; MOVE N gives the Nth pair
move_w() { if [ $(($1 % 2)) -eq 1 ]; then echo e3-e4; else echo e4-e3; fi; }
move_b() { if [ $(($1 % 2)) -eq 1 ]; then echo a3-a2; else echo a2-a3; fi; }

test_receive_same_mail_8() {
	peer_start incognito
	setups d2 b4
	"$ADJ" turn -d A e3-c3 >a2.msg
	at_once "$ADJ receive -d B" a2.msg a2.msg a2.msg a2.msg a2.msg \
	    a2.msg a2.msg a2.msg
	[ "$(cat err.* | grep -c 'seq 3 applied')" -eq 1 ] ||
	    fail "not applied once: $(cat err.*)"
	[ "$(cat err.* | grep -c 'seq 3 already applied; nothing to do')" \
	    -eq 7 ] || fail "not 7 duplicates: $(cat err.*)"
	once B 3
	play B b2.msg b4-b3
}

# A fresh copy of bob's game takes a whole game's mail, 8 messages at
# once in no order: most arrive early and wait; each is applied once
test_receive_different_mails_8() {
	peer_start incognito
	setups d2 b4
	for i in 1 2 3; do
		play A w$i.msg "$(move_w $i)"
		play B k$i.msg "$(move_b $i)"
	done
	"$ADJ" join -d C -k bob.key invite.msg 2>/dev/null
	at_once "$ADJ receive -d C" k3.msg w3.msg k2.msg w2.msg k1.msg \
	    w1.msg b1.msg a1.msg
	once C 8
	"$ADJ" export -d A >a.arc
	"$ADJ" export -d C | cmp -s - a.arc || fail "C differs from A"
	# and once more, all 8 at once: duplicates, every one
	at_once "$ADJ receive -d C" a1.msg b1.msg w1.msg k1.msg w2.msg \
	    k2.msg w3.msg k3.msg
	[ "$(cat err.* | grep -c 'already applied; nothing to do')" -eq 8 ] ||
	    fail "not 8 duplicates: $(cat err.*)"
	once C 8
}

test_judge_same_mail_8() {
	jstart
	jsetups d2 b4
	rm -rf mq
	"$ADJ" turn -d A e3-c3 >a2.msg
	at_once "$ADJ judge -d J -O mq" a2.msg a2.msg a2.msg a2.msg a2.msg \
	    a2.msg a2.msg a2.msg
	[ "$(cat out.* | grep -c 'seq 3 applied')" -eq 1 ] ||
	    fail "not applied once: $(cat out.*)"
	[ "$(cat out.* | grep -c 'seq 3 already applied')" -eq 7 ] ||
	    fail "not 7 duplicates: $(cat out.*)"
	once J 3
	# one update to bob, carrying seq 3 once; alice, whose message came
	# 7 times more, is sent that same update again each time
	[ "$(grep -c '^-----BEGIN' mq/bob.msg)" -eq 1 ] ||
	    fail "bob: $(grep -c '^-----BEGIN' mq/bob.msg) updates"
	[ "$(grep -c '^-----BEGIN' mq/alice.msg)" -eq 8 ] ||
	    fail "alice: $(grep -c '^-----BEGIN' mq/alice.msg) updates"
	for s in alice bob; do
		[ "$(seqs_to $s | sort -u | tr '\n' ' ')" = "3 " ] ||
		    fail "$s is sent: $(seqs_to $s | tr '\n' ' ')"
	done
	mailout
	jplay B b2.msg b4-b3
}

# A judge that knew only the invitation gets a whole game's seat mail, 8
# messages at once in no order: each entry applied once, and each seat
# sent each entry once
test_judge_different_mails_8() {
	jstart
	cp -R J J0
	jsetups d2 b4
	for i in 1 2 3; do
		jplay A w$i.msg "$(move_w $i)"
		jplay B k$i.msg "$(move_b $i)"
	done
	at_once "$ADJ judge -d J0 -O mq0" k3.msg w2.msg b1.msg k1.msg w3.msg \
	    a1.msg k2.msg w1.msg
	once J0 8
	"$ADJ" export -d J >j.arc
	"$ADJ" export -d J0 | cmp -s - j.arc || fail "J0 differs from J"
	rm -rf mq
	mv mq0 mq
	for s in alice bob; do
		seqs_to $s >sent.$s
		seq 1 8 | cmp -s - sent.$s ||
		    fail "$s is sent: $(tr '\n' ' ' <sent.$s)"
	done
	# each seat, from its invitation alone, follows the game from them
	for s in alice:A2 bob:B2; do
		"$ADJ" join -d "${s#*:}" -k "${s%%:*}.key" invite.msg 2>/dev/null
		expect 0 "$ADJ" receive -d "${s#*:}" "mq/${s%%:*}.msg"
	done
	"$ADJ" show -d A2 -f yaml | grep -q '^seq: 8$' || fail "A2 not at 8"
	# and all 8 again at once: duplicates, each seat sent again what it
	# holds already
	rm -rf mq
	at_once "$ADJ judge -d J0 -O mq" a1.msg b1.msg w1.msg k1.msg w2.msg \
	    k2.msg w3.msg k3.msg
	[ "$(cat out.* | grep -c 'already applied; nothing to do')" -eq 8 ] ||
	    fail "not 8 duplicates: $(cat out.*)"
	once J0 8
	for s in alice:A2 bob:B2; do
		snapshot "${s#*:}"
		expect 0 "$ADJ" receive -d "${s#*:}" "mq/${s%%:*}.msg"
		unchanged "${s#*:}"
	done
}
