# Time controls: the options signed into the header, the judge's signed
# times and what they make of each seat's clock (a move one second before
# the deadline taken, one second after refused; the grace; a bank with its
# increment and cap; leave), the tick (reminders once, the timeout), a
# judge that rules a timeout early or takes a move late caught by verify,
# and a peer's timeout claim.  Every time comes from the test clock,
# ADJUDICATOR_NOW: nothing sleeps.

. "$TOP/tests/cli/judge.sh"
. "$TOP/tests/cli/mailbot.sh"

# The test clock between the times a test sets (at): after every time
# signed here, so that what is received, shown or verified is never in
# the future of the one reading it (a receiver refuses an entry signed
# more than 15 minutes after its clock)
ADJUDICATOR_NOW=2026-12-20T00:00:00Z
export ADJUDICATOR_NOW

wire() {
	"${WIRE:-$(dirname "$ADJ")/cli/wire}" "$@"
}

# at TIME CMD...: CMD with the test clock at TIME
at() {
	ct_t=$1
	shift
	ADJUDICATOR_NOW=$ct_t "$@"
}

# cstart OPTION...: a judged incognito game with these options; alice's
# setup at 10:00, bob's at 11:00 on 2026-12-01: alice's clock starts then
cstart() {
	keys alice bob judge
	for o in "$@"; do set -- "$@" -o "$o"; shift; done
	at 2026-12-01T09:00:00Z "$ADJ" new -k alice.key -m judge -j judge.pub \
	    "$@" incognito alice.pub bob.pub >invite.msg || fail "new"
	# the judge takes the invitation when it is made: alice's clock,
	# who owes the first entry, runs from then
	for d in J:judge A:alice B:bob; do
		at 2026-12-01T09:00:00Z "$ADJ" join -d "${d%%:*}" \
		    -k "${d#*:}.key" invite.msg 2>/dev/null ||
		    fail "join ${d%%:*}"
	done
	nupd=0
	at 2026-12-01T10:00:00Z "$ADJ" setup -d A d2 >a1.msg
	at 2026-12-01T10:00:00Z tojudge a1.msg
	at 2026-12-01T11:00:00Z "$ADJ" setup -d B b4 >b1.msg
	at 2026-12-01T11:00:00Z tojudge b1.msg
}

# yaml_clock DIR KEY: a value of the view's clock map, at the test clock
yaml_clock() {
	"$ADJ" show -d "$1" -f yaml | awk -v k="$2" '/^clock:/ { c = 1; next }
	    /^[^ ]/ { c = 0 } c && $1 == k ":" { print $2; exit }'
}

# bank_of DIR SEAT: that seat's bank in DIR's view, in seconds
bank_of() {
	"$ADJ" show -d "$1" -f yaml | awk -v s="$2" '/^clock:/ { c = 1; next }
	    /^[^ ]/ { c = 0 } c && $2 == "seat:" { w = ($3 == s) }
	    c && w && $1 == "bank:" { print $2; exit }'
}

test_clock_options_refused() {
	keys alice bob
	for o in clock=0d clock=0d+1d clock=20d+2d/10d clock=007d clock=3D \
	    leave=10d grace=1d remind=6h "clock=1d -o leave=10d/30d"; do
		# shellcheck disable=SC2086
		expect 2 "$ADJ" new -k alice.key -o $o incognito alice.pub bob.pub
		one_line
		[ ! -s out ] || fail "$o: an invitation was printed"
	done
	expect 2 "$ADJ" new -k alice.key -o clock=20d+2d/10d incognito \
	    alice.pub bob.pub
	err_has 'option clock: "20d+2d/10d" caps the bank below its start'
	expect 2 "$ADJ" new -k alice.key -o grace=1d incognito alice.pub bob.pub
	err_has "grace, leave and remind need a clock"
	# what is signed is the canonical form, the defaults written out
	expect 0 "$ADJ" new -k alice.key -o clock=36h -o remind=12h,1d \
	    incognito alice.pub bob.pub
	"$ADJ" open -k alice.key out 2>/dev/null >body
	grep -A3 '^clock:' body >c
	printf 'clock:\n  clock: 1d12h\n  grace: 0h\n  remind: 1d,12h\n' |
	    cmp -s - c || fail "clock: $(cat c)"
	expect 0 "$ADJ" rules incognito
	out_has "^  clock=3d or 20d+2d or 20d+2d/40d"
}

# A move one second before its deadline is taken; one second after, the
# judge refuses it, naming the deadline, and changes nothing.
test_deadline_to_the_second() {
	cstart clock=1d
	at 2026-12-02T11:00:01Z "$ADJ" turn -d A e3-c3 >a2.msg
	cp -R J J0
	at 2026-12-02T11:00:01Z judge_refuses a2.msg alice
	grep -q "alice's entry came at 2026-12-02T11:00:01Z, after alice's deadline 2026-12-02T11:00:00Z: refused" jout ||
	    fail "no deadline: $(cat jout)"
	rm -rf J
	mv J0 J
	at 2026-12-02T11:00:00Z tojudge a2.msg
	grep -q 'applied: White moves e3-c3' jout || fail "not taken"
	[ "$(yaml_clock B runs)" = bob ] || fail "bob's clock does not run"
	[ "$(at 2026-12-02T11:00:00Z yaml_clock B deadline)" = \
	    2026-12-03T11:00:00Z ] || fail "bob's deadline"
	# every view says the deadline as a time, and what is left of it
	at 2026-12-02T12:30:00Z "$ADJ" show -d A >view
	grep -q "^bob's clock runs: deadline 2026-12-03T11:00:00Z (22 hours 30 minutes left)\.$" view ||
	    fail "the view: $(grep clock view)"
}

# The grace: a move in it is taken and counted late; after it, refused.
test_grace() {
	cstart clock=1d grace=2h
	at 2026-12-02T13:00:01Z "$ADJ" turn -d A e3-c3 >a2.msg
	cp -R J J0
	at 2026-12-02T13:00:01Z judge_refuses a2.msg alice
	grep -q "after alice's deadline 2026-12-02T11:00:00Z and the grace until 2026-12-02T13:00:00Z" jout ||
	    fail "no grace in the refusal: $(cat jout)"
	rm -rf J
	mv J0 J
	at 2026-12-02T13:00:00Z tojudge a2.msg
	"$ADJ" show -d B -f yaml | awk '/^clock:/ { c = 1 } c' >cl
	awk '/seat: alice/ { a = 1 } a && /late:/ { print $2; exit }' cl |
	    grep -qx 1 || fail "alice's late move not counted: $(cat cl)"
}

# A bank with an increment and a cap: 2d, 1d more a move, never over 3d.
test_bank_increment_cap() {
	cstart clock=2d+1d/4d
	# her setup, an hour after the judge took the invitation, is her
	# first move: 2 days less an hour, a day more
	[ "$(at 2026-12-01T11:00:00Z bank_of J alice)" -eq \
	    $((3 * 86400 - 3600)) ] || fail "alice's setup: $(bank_of J alice)"
	at 2026-12-01T23:00:00Z "$ADJ" turn -d A e3-c3 >a2.msg
	at 2026-12-01T23:00:00Z tojudge a2.msg
	# 12 hours used, a day more: 3d11h
	[ "$(bank_of J alice)" -eq $((3 * 86400 + 11 * 3600)) ] ||
	    fail "after 12h: $(bank_of J alice)"
	at 2026-12-02T00:00:00Z "$ADJ" turn -d B b4-b3 >b2.msg
	at 2026-12-02T00:00:00Z tojudge b2.msg
	at 2026-12-02T01:00:00Z "$ADJ" turn -d A e2-e3 >a3.msg
	at 2026-12-02T01:00:00Z tojudge a3.msg
	# an hour used from 3d11h, a day more: 4d10h, capped at 4d
	[ "$(bank_of J alice)" -eq $((4 * 86400)) ] ||
	    fail "not capped: $(bank_of J alice)"
	[ "$(bank_of J alice)" = "$(bank_of A alice)" ] ||
	    fail "alice's copy computes another bank"
}

# Leave: announced off turn, capped, taken from the bank of leave, ended
# by a move; never after the deadline.
test_leave() {
	cstart clock=1d leave=3d/2d
	# bob, whose clock does not run, is away for five days from the 2nd
	at 2026-12-01T12:00:00Z "$ADJ" turn -d B leave 2026-12-02T00:00:00Z \
	    2026-12-07T00:00:00Z >bl.msg || fail "leave"
	at 2026-12-01T12:00:00Z tojudge bl.msg
	grep -q 'bob announces leave until 2026-12-07T00:00:00Z' jout ||
	    fail "not taken: $(cat jout)"
	at 2026-12-02T06:00:00Z "$ADJ" turn -d A e3-c3 >a2.msg
	at 2026-12-02T06:00:00Z tojudge a2.msg
	# bob's day runs from 06:00 on the 2nd, and stops for 2 days at most
	[ "$(at 2026-12-02T06:00:00Z yaml_clock J deadline)" = \
	    2026-12-05T06:00:00Z ] || fail "deadline: $(yaml_clock J deadline)"
	# he moves during his leave: it ends, half a day drawn
	at 2026-12-02T18:00:00Z "$ADJ" turn -d B b4-b3 >b2.msg
	at 2026-12-02T18:00:00Z tojudge b2.msg
	"$ADJ" show -d J -f yaml | awk '/seat: bob/ { b = 1 } b &&
	    /leave_left:/ { print $2; exit }' | grep -qx $((3 * 86400 - 12 * 3600)) ||
	    fail "leave drawn: $("$ADJ" show -d J -f yaml | grep leave_left)"
	# alice, past her deadline, cannot take leave to stretch it
	at 2026-12-03T19:00:00Z "$ADJ" turn -d A leave 5d >al.msg
	at 2026-12-03T19:00:00Z judge_refuses al.msg alice
	grep -q "after alice's deadline" jout || fail "$(cat jout)"
}

# The tick: a reminder once, lateness notices, then the timeout, once;
# a tick with nothing due does nothing.
test_tick_once() {
	cstart clock=1d grace=2h
	snapshot J
	at 2026-12-01T12:00:00Z "$ADJ" judge -d J -t -O mq >tout 2>&1 ||
	    fail "tick"
	grep -q 'nothing due' tout || fail "$(cat tout)"
	unchanged J
	at 2026-12-02T06:00:00Z "$ADJ" judge -d J -t -O mq >tout 2>&1
	grep -q 'mq/alice.notice: reminder for alice' tout || fail "$(cat tout)"
	grep -q 'due by 2026-12-02T11:00:00Z' mq/alice.notice ||
	    fail "$(cat mq/alice.notice)"
	at 2026-12-02T06:30:00Z "$ADJ" judge -d J -t -O mq >tout 2>&1
	grep -q 'nothing due' tout || fail "a reminder twice: $(cat tout)"
	at 2026-12-02T12:00:00Z "$ADJ" judge -d J -t -O mq >tout 2>&1
	grep -q 'mq/bob.notice: lateness notice for bob' tout ||
	    fail "no lateness notice: $(cat tout)"
	grep -q 'alice is late' mq/bob.notice || fail "$(cat mq/bob.notice)"
	at 2026-12-02T12:30:00Z "$ADJ" judge -d J -t -O mq >tout 2>&1
	grep -q 'nothing due' tout || fail "late twice: $(cat tout)"
	rm -f mq/*.msg
	at 2026-12-02T13:01:01Z "$ADJ" judge -d J -t -O mq >tout 2>&1
	grep -q 'alice ran out of time' tout || fail "no timeout: $(cat tout)"
	mailout
	grep -q 'Game over: bob won (alice ran out of time' rout ||
	    fail "$(cat rout)"
	snapshot J
	at 2026-12-02T13:05:00Z "$ADJ" judge -d J -t -O mq >tout 2>&1
	unchanged J
	[ -z "$(ls mq/*.msg 2>/dev/null)" ] || fail "a second timeout"
	judged_exports J A B
	out_has "entry 5, by judge at 2026-12-02T13:01:01Z: alice ran out of time"
}

# A judge that rules a timeout before the deadline its own signed times
# give, or takes a move after it: the seats refuse it, and verify refuses
# an archive holding it.
test_dishonest_clock() {
	cstart clock=1d
	have_forge || { echo "skip: no openssl Ed25519" >&2; return 0; }
	entries J Jt
	prev=$(wire hash Jt/000004)
	game=$("$ADJ" show -d J -f yaml | sed -n 's/^game: //p')
	for t in 2026-12-02T10:59:59Z 2026-12-02T11:00:00Z; do
		printf 'game: %s\nseq: 5\nprev: %s\nby: judge\nto: [%s, %s]\nkind: timeout\ntime: %s\ntimeout: alice\n' \
		    "$game" "$prev" "$(cut -d' ' -f3 alice.pub)" \
		    "$(cut -d' ' -f3 bob.pub)" "$t" >to.yaml
		wire sign judge.key to.yaml alice.pub bob.pub >to.bin
		update_body bob to.bin >u.yaml
		update bob u.yaml u.msg
		snapshot B
		expect 1 "$ADJ" receive -d B u.msg
		one_line
		err_has "a timeout of alice at $t, before alice's deadline 2026-12-02T11:00:00Z"
		unchanged B
	done
	# an archive with the early timeout
	cp Jt/000000 Jt/000001 Jt/000002 Jt/000003 Jt/000004 . 2>/dev/null
	mkdir X
	cp Jt/00000[0-4] X/
	cp to.bin X/000005
	python3 "$TOP/tests/cli/entries.py" -j X x.arc
	expect 1 "$ADJ" verify x.arc
	one_line
	err_has "seq 5: a timeout of alice at 2026-12-02T11:00:00Z, before alice's deadline"
	# a move taken after the deadline: the judge's stamp says so
	at 2026-12-02T11:00:01Z "$ADJ" turn -d A e3-c3 >a2.msg
	entry_of a2.msg judge.key a2.bin
	printf 'game: %s\nseq: 6\nprev: %s\nby: judge\nto: [%s, %s]\nkind: time\ntime: 2026-12-02T11:00:01Z\n' \
	    "$game" "$(wire hash a2.bin)" "$(cut -d' ' -f3 alice.pub)" \
	    "$(cut -d' ' -f3 bob.pub)" >st.yaml
	wire sign judge.key st.yaml alice.pub bob.pub >st.bin
	rm X/000005
	cp a2.bin X/000005
	cp st.bin X/000006
	python3 "$TOP/tests/cli/entries.py" -j X y.arc
	expect 1 "$ADJ" verify y.arc
	one_line
	err_has "seq 6: the judge took alice's entry 5 at 2026-12-02T11:00:01Z, after alice's deadline 2026-12-02T11:00:00Z"
}

# A peer game: each entry says when it was sent and when the one it
# answers was taken; a claim before the deadline is refused, after it the
# game ends by the claim, and verify says it is a claim.
test_peer_claim() {
	keys alice bob
	at 2026-12-01T09:00:00Z "$ADJ" new -k alice.key -o clock=1d incognito \
	    alice.pub bob.pub >invite.msg
	"$ADJ" join -d A -k alice.key invite.msg 2>/dev/null
	"$ADJ" join -d B -k bob.key invite.msg 2>/dev/null
	at 2026-12-01T10:00:00Z "$ADJ" setup -d A d2 >a1.msg
	at 2026-12-01T10:30:00Z "$ADJ" receive -d B a1.msg >/dev/null 2>&1
	at 2026-12-01T11:00:00Z "$ADJ" setup -d B b4 >b1.msg
	at 2026-12-01T11:30:00Z "$ADJ" receive -d A b1.msg >/dev/null 2>&1
	at 2026-12-01T12:00:00Z "$ADJ" turn -d A e3-c3 >a2.msg
	"$ADJ" open -k bob.key a2.msg 2>/dev/null >body
	grep -q '^time: 2026-12-01T12:00:00Z$' body || fail "no time"
	grep -q '^got: 2026-12-01T11:30:00Z$' body || fail "no got"
	# bob never answers: his clock runs from alice's entry, a day
	snapshot A
	at 2026-12-02T12:00:00Z expect 1 "$ADJ" turn -d A timeout
	err_has "a timeout of bob at 2026-12-02T12:00:00Z, before bob's deadline 2026-12-02T12:00:00Z"
	unchanged A
	at 2026-12-02T12:00:01Z "$ADJ" turn -d A timeout >a3.msg ||
	    fail "the claim"
	"$ADJ" show -d A | grep -q 'Game over: alice won (bob ran out of time, as alice claims' ||
	    fail "not over"
	at 2026-12-02T12:30:00Z "$ADJ" receive -d B a2.msg a3.msg >/dev/null \
	    2>&1 || fail "bob"
	at 2026-12-02T13:00:00Z "$ADJ" turn -d B >b3.msg 2>/dev/null ||
	    fail "bob's final openings"
	"$ADJ" receive -d A b3.msg >/dev/null 2>&1
	"$ADJ" export -d A >a.arc
	expect 0 "$ADJ" verify a.arc
	out_has "claims and leave, by the seats' own signed times:"
	out_has "result by a claim of alice's, not a ruling"
	# in a judged game only the judge rules
	cd "$(mktemp -d)" && keys alice bob judge
	"$ADJ" new -k alice.key -m judge -j judge.pub -o clock=1d incognito \
	    alice.pub bob.pub >inv.msg
	"$ADJ" join -d A -k alice.key inv.msg 2>/dev/null
	expect 2 "$ADJ" turn -d A timeout
	err_has "the judge rules timeouts"
}

# pstart [OPTION...]: a peer incognito game with a clock of a day (and
# these options); alice moves at 12:00 on 2026-12-01 (a2.msg, seq 3):
# bob's clock runs from then by her times, from when he took it by his
pstart() {
	keys alice bob
	for o in "$@"; do set -- "$@" -o "$o"; shift; done
	at 2026-12-01T09:00:00Z "$ADJ" new -k alice.key -o clock=1d "$@" \
	    incognito alice.pub bob.pub >invite.msg
	"$ADJ" join -d A -k alice.key invite.msg 2>/dev/null
	"$ADJ" join -d B -k bob.key invite.msg 2>/dev/null
	at 2026-12-01T10:00:00Z "$ADJ" setup -d A d2 >a1.msg
	at 2026-12-01T10:30:00Z "$ADJ" receive -d B a1.msg >/dev/null 2>&1
	at 2026-12-01T11:00:00Z "$ADJ" setup -d B b4 >b1.msg
	at 2026-12-01T11:30:00Z "$ADJ" receive -d A b1.msg >/dev/null 2>&1
	at 2026-12-01T12:00:00Z "$ADJ" turn -d A e3-c3 >a2.msg
}

# A claim forked by bob's move, signed before his deadline and come too
# late: each copy keeps the other entry beside its transcript, every view
# says the claim is disputed, the export carries the fork, and verify
# says so and gives no result.
test_peer_dispute() {
	pstart
	at 2026-12-02T09:00:00Z "$ADJ" receive -d B a2.msg >/dev/null 2>&1
	at 2026-12-02T11:00:00Z "$ADJ" bot -d B -s 1 >b2.msg || fail "bob's move"
	at 2026-12-02T12:00:01Z "$ADJ" turn -d A timeout >a3.msg ||
	    fail "the claim"
	dispute="disputed: alice claims bob ran out of time (entry 4, sent 2026-12-02T12:00:01Z), but bob's entry 4, sent 2026-12-02T11:00:00Z, is within bob's deadline 2026-12-03T09:00:00Z by bob's own signed times"
	at 2026-12-02T13:00:00Z expect 0 "$ADJ" receive -d A b2.msg
	err_has "seq 4 forks the transcript; kept beside it: $dispute"
	snapshot A
	expect 0 "$ADJ" receive -d A b2.msg
	err_has "seq 4 already kept beside the transcript"
	unchanged A
	"$ADJ" show -d A | grep -q "^D${dispute#d}" || fail "alice's view"
	"$ADJ" show -d A -f yaml >a.yaml
	for k in 'seq: 4' 'claimant: alice' 'against: bob' \
	    'claim_sent: 2026-12-02T12:00:01Z' 'entry_sent: 2026-12-02T11:00:00Z' \
	    'deadline: 2026-12-03T09:00:00Z' 'held: claim' 'stands: no'; do
		grep -q "^    $k\$" a.yaml || { cat a.yaml >&2; fail "yaml: $k"; }
	done
	"$ADJ" show -d A -f svg | grep -q "Disputed: alice claims" ||
	    fail "alice's picture"
	# bob's copy holds his move, and keeps alice's claim beside it
	expect 0 "$ADJ" receive -d B a3.msg
	err_has "$dispute"
	"$ADJ" show -d B -f yaml | grep -q '^    held: entry$' || fail "bob's"
	# the exports carry the fork; verify says it and gives no result
	"$ADJ" export -d A >a.arc
	expect 1 "$ADJ" verify a.arc
	out_has "^$dispute"
	out_has "result by a claim of alice's, not a ruling"
	err_has "a.arc: no result: $dispute"
	"$ADJ" export -d B >b.arc
	expect 1 "$ADJ" verify b.arc
	out_has "in progress: alice to act"
	out_has "^$dispute"
	# standings rates no disputed game
	expect 1 "$ADJ" standings a.arc b.arc
	err_has "a.arc: no result: $dispute"
	# a rebuilt copy holds it still: the journal keeps the fork
	rm -f A/checkpoint
	"$ADJ" show -d A | grep -q "^D${dispute#d}" || fail "rebuilt"
	# the archive's fork is checked: one byte off and it is refused
	python3 - a.arc <<'PY' >c.arc
import base64, sys
lines = open(sys.argv[1]).read().split("\n")
body = base64.b64decode("".join(lines[1:-2]))
b = bytearray(body)
n = int.from_bytes(b[16:20], "little")  # the fork, after the counts
b[20 + n - 10] ^= 1  # inside its signature
out = base64.b64encode(bytes(b)).decode()
print(lines[0])
for i in range(0, len(out), 64):
    print(out[i:i + 64])
print(lines[-2])
PY
	expect 1 "$ADJ" verify c.arc
	one_line
	err_has "c.arc: fork of seq 4: bad signature"
}

# A move sent in the grace (after bob's deadline, before his grace ends,
# by his own times) still disputes a claim sent after the grace by
# alice's: both copies say disputed, neither says the claim stands
# (test_peer_dispute has no grace).
test_peer_dispute_grace() {
	pstart grace=2h
	at 2026-12-01T13:00:00Z "$ADJ" receive -d B a2.msg >/dev/null 2>&1
	at 2026-12-02T14:00:00Z "$ADJ" bot -d B -s 1 >b2.msg ||
	    fail "bob's move"
	at 2026-12-02T14:00:01Z "$ADJ" turn -d A timeout >a3.msg ||
	    fail "the claim"
	dispute="disputed: alice claims bob ran out of time (entry 4, sent"
	dispute="$dispute 2026-12-02T14:00:01Z), but bob's entry 4, sent"
	dispute="$dispute 2026-12-02T14:00:00Z, is within bob's deadline"
	dispute="$dispute 2026-12-02T13:00:00Z, grace until"
	dispute="$dispute 2026-12-02T15:00:00Z by bob's own signed times"
	at 2026-12-02T15:00:00Z expect 0 "$ADJ" receive -d A b2.msg
	err_has "seq 4 forks the transcript; kept beside it: $dispute"
	"$ADJ" show -d A -f yaml >a.yaml
	grep -q '^    stands: no$' a.yaml ||
	    { cat a.yaml >&2; fail "alice's"; }
	expect 0 "$ADJ" receive -d B a3.msg
	err_has "$dispute"
	"$ADJ" show -d B -f yaml >b.yaml
	grep -q '^    stands: no$' b.yaml || { cat b.yaml >&2; fail "bob's"; }
	grep -q '^    held: entry$' b.yaml || fail "bob's copy holds his move"
}

# A fork is kept only as its author signed it: bob's move, the same
# body signed with alice's key, is refused as signed by another key, and
# alice's copy keeps no dispute; bob's own move then disputes the claim.
test_peer_fork_signer() {
	pstart
	at 2026-12-02T09:00:00Z "$ADJ" receive -d B a2.msg >/dev/null 2>&1
	at 2026-12-02T11:00:00Z "$ADJ" bot -d B -s 1 >b2.msg ||
	    fail "bob's move"
	at 2026-12-02T12:00:01Z "$ADJ" turn -d A timeout >a3.msg ||
	    fail "the claim"
	"$ADJ" open -k alice.key b2.msg >b2.yaml 2>/dev/null || fail "open"
	sed '/^---$/,$d' b2.yaml >body.yaml
	grep -q '^by: bob$' body.yaml || fail "not bob's: $(cat body.yaml)"
	by_hand forged alice.key body.yaml alice.pub bob.pub -- alice.pub
	snapshot A
	at 2026-12-02T13:00:00Z expect 1 "$ADJ" receive -d A forged.msg
	one_line
	err_has "entry by bob is signed by another key"
	unchanged A
	"$ADJ" show -d A | grep -q '^Disputed' && fail "a forged dispute"
	at 2026-12-02T13:00:00Z expect 0 "$ADJ" receive -d A b2.msg
	err_has "seq 4 forks the transcript; kept beside it: disputed"
}

# The times settle it: a move sent after its deadline (by its own times)
# does not dispute the claim, which the claiming copy keeps; the copy that
# holds the late move keeps the claim beside it and says it stands; a
# claim sent before the deadline forks nothing.
test_peer_claim_stands() {
	pstart
	at 2026-12-01T13:00:00Z "$ADJ" receive -d B a2.msg >/dev/null 2>&1
	at 2026-12-02T14:00:00Z "$ADJ" bot -d B -s 1 >b2.msg || fail "bob's move"
	cp -R B B0
	at 2026-12-02T13:00:01Z "$ADJ" turn -d A timeout >a3.msg ||
	    fail "the claim"
	snapshot A
	expect 1 "$ADJ" receive -d A b2.msg
	one_line
	err_has "seq 4: bob's entry, sent at 2026-12-02T14:00:00Z, after bob's deadline 2026-12-02T13:00:00Z, forks a timeout claim that stands"
	unchanged A
	expect 0 "$ADJ" receive -d B a3.msg
	err_has "the claim stands: alice's timeout claim (entry 4, sent 2026-12-02T13:00:01Z) stands by the signed times: bob's entry 4 was sent at 2026-12-02T14:00:00Z, after bob's deadline 2026-12-02T13:00:00Z"
	"$ADJ" show -d B | grep -q "^The claim stands: alice's" || fail "view"
	"$ADJ" export -d B >b.arc
	expect 1 "$ADJ" verify b.arc
	err_has "no result: the claim stands"
	# a claim sent before bob's deadline, made by hand, forks nothing
	have_forge || { echo "skip: no openssl Ed25519" >&2; return 0; }
	"$ADJ" open -k alice.key a3.msg >claim.yaml 2>/dev/null ||
	    fail "open the claim"
	# the message holds the claim, then alice's final openings
	sed -e '/^---$/,$d' -e 's/^time: .*/time: 2026-12-02T11:59:59Z/' \
	    claim.yaml >early.yaml
	by_hand early alice.key early.yaml alice.pub bob.pub -- bob.pub
	snapshot B0
	expect 1 "$ADJ" receive -d B0 early.msg
	one_line
	err_has "seq 4: alice's timeout claim, sent at 2026-12-02T11:59:59Z, before bob's deadline 2026-12-02T12:00:00Z, forks the transcript's entry"
	unchanged B0
}

# The last move, not the judge's stamp of it, in every picture a seat or
# the public sees; the move in its public words only: alice's spy moves,
# and nothing of what is said of it names the piece a spy.
test_last_move_not_the_stamp() {
	cstart clock=1d
	"$ADJ" show -d B | grep -qx 'Last: bob committed to a setup\.' ||
	    fail "the last setup: $("$ADJ" show -d B | grep '^Last')"
	at 2026-12-02T10:00:00Z "$ADJ" turn -d A d2-d3 >a2.msg
	at 2026-12-02T10:00:00Z tojudge a2.msg
	"$ADJ" show -d A | grep -q '^ 3 .* Ws ' || fail "alice's spy not on d3"
	for d in A B J; do
		"$ADJ" show -d $d >view
		grep -qx 'Last: White moves d2-d3\.' view ||
		    fail "$d: $(grep '^Last' view)"
		"$ADJ" show -d $d -f public |
		    grep -qx 'Last: White moves d2-d3\.' ||
		    fail "$d: the public view"
		"$ADJ" show -d $d -f yaml |
		    grep -qx 'last: White moves d2-d3' ||
		    fail "$d: the YAML view's last"
		"$ADJ" show -d $d -f svg | grep '<text class="last"' >caption
		grep -q '>Last: White moves d2-d3\.<' caption ||
		    fail "$d: the caption: $(cat caption)"
		expect 0 "$ADJ" show -d $d -f moves
		sed -n '/^ *[0-9]*\. /p' out >moves
		printf '%s\n' "   1. alice: alice committed to a setup" \
		    "   3. bob: bob committed to a setup" \
		    "   5. alice: White moves d2-d3" | cmp -s - moves ||
		    fail "$d: the moves: $(cat moves)"
		expect 0 "$ADJ" show -d $d -f moves -a
		sed -n '/^ *[0-9]*\. /p' out >all
		[ "$(wc -l <all)" -eq 6 ] || fail "$d: every entry: $(cat all)"
		grep -qx "   6\. judge: the judge took alice's entry" all ||
		    fail "$d: no stamp in every entry"
		grep -i 'spy\|agent\|Ws\b' caption moves all &&
		    fail "$d: a hidden identity"
		grep '^Last' view | grep -i 'spy\|agent' && fail "$d: identity"
	done
	return 0
}

# The mail bot takes the time a mail arrived from the first Received
# header (this system's mail server wrote it), never from its Date: a
# move that arrived before the deadline and is taken after it counts as
# on time; one that came after it is refused, whatever its Date says.
test_mailbot_arrival_time() {
	mkdir jr
	"$ADJ" keygen -N -d jr judge 2>/dev/null
	keys alice bob
	at 2026-12-01T09:00:00Z "$ADJ" new -k alice.key -m judge \
	    -j jr/judge.pub -o clock=1d -a alice=alice@example.org \
	    -a bob=bob@example.org -a judge=judge@club.example incognito \
	    alice.pub bob.pub >invite.msg
	"$ADJ" join -r AR -k alice.key invite.msg 2>/dev/null
	"$ADJ" join -r BR -k bob.key invite.msg 2>/dev/null
	bot invite.msg
	G=$(ls AR)
	at 2026-12-01T10:00:00Z "$ADJ" setup -M -d "AR/$G" d2 >a1.eml
	at 2026-12-01T10:00:00Z bot a1.eml
	at 2026-12-01T10:00:00Z deliver_all
	at 2026-12-01T11:00:00Z "$ADJ" setup -M -d "BR/$G" b4 >b1.eml
	at 2026-12-01T11:00:00Z bot b1.eml
	at 2026-12-01T11:00:00Z deliver_all
	at 2026-12-02T10:58:00Z "$ADJ" turn -M -d "AR/$G" e3-c3 >a2.eml
	cp -R jr jr0
	{
		echo "Received: from club.example by mx.club.example;"
		echo "	Wed, 02 Dec 2026 10:59:00 +0000"
		cat a2.eml
	} >early.eml
	at 2026-12-02T11:30:00Z bot early.eml
	tail -1 jr/log | grep -q 'verdict=applied' || fail "$(tail -1 jr/log)"
	"$ADJ" show -d "jr/$G" -f moves -a | grep -q 'the judge took alice' ||
	    fail "no stamp"
	entries "jr/$G" Jt
	blob_body "Jt/$(ls Jt | grep -v '^update' | sort | tail -1)" |
	    grep -q '^time: 2026-12-02T10:59:00Z$' || fail "not the arrival"
	rm -rf jr
	mv jr0 jr
	{
		echo "Received: from club.example by mx.club.example;"
		echo "	Wed, 02 Dec 2026 11:00:01 +0000"
		sed 's/^Date: .*/Date: Tue, 01 Dec 2026 12:00:00 +0000/' a2.eml
	} >late.eml
	at 2026-12-02T11:30:00Z bot late.eml 1
	tail -1 jr/log | grep -q 'verdict=refused' || fail "$(tail -1 jr/log)"
	# games -r: the clock, and the late games first
	"$ADJ" new -k bob.key -m judge -j jr/judge.pub -a alice=alice@example.org \
	    -a bob=bob@example.org -a judge=judge@club.example incognito \
	    bob.pub alice.pub >inv2.msg
	bot inv2.msg
	at 2026-12-02T12:00:00Z expect 0 "$ADJ" games -r jr
	head -1 out | grep -q "^$(echo "$G" | cut -c1-16) .*; clock: alice's deadline 2026-12-02T11:00:00Z (1 hour late)$" ||
	    { cat out >&2; fail "the late game is not first"; }
	at 2026-12-02T10:00:00Z expect 0 "$ADJ" games -r jr
	grep -q "clock: alice's deadline 2026-12-02T11:00:00Z (1 hour left)$" out ||
	    { cat out >&2; fail "no time left"; }
}

# The operator's rulings, signed with the judge's key, each with its
# reason and mailed to every seat: pause and resume (the time paused is
# given back), extend, adjudicate; abort ends a game with no result;
# verify prints each as the judge's ruling.
test_rulings() {
	cstart clock=1d
	expect 2 "$ADJ" rule -d J -O mq pause
	err_has "pause: give the reason"
	expect 2 "$ADJ" rule -d J -O mq sleep "a reason"
	err_has "a ruling is pause, resume, extend, abort, adjudicate or handover"
	expect 2 "$ADJ" rule -d A -O mq pause "holiday"
	err_has "not the judge's"
	at 2026-12-01T12:00:00Z "$ADJ" rule -d J -O mq pause the club is \
	    closed >rout 2>&1 || fail "pause: $(cat rout)"
	mailout
	grep -q 'the judge pauses the clocks: the club is closed' rerr ||
	    grep -q 'the judge pauses the clocks: the club is closed' rout ||
	    "$ADJ" show -d A | grep -q 'pauses the clocks: the club is closed' ||
	    fail "alice is not told"
	at 2026-12-03T12:00:00Z "$ADJ" judge -d J -t -O mq >tout 2>&1
	grep -q 'nothing due' tout || fail "a tick while paused: $(cat tout)"
	at 2026-12-03T12:00:00Z expect 1 "$ADJ" rule -d J -O mq pause again
	err_has "paused already"
	at 2026-12-03T12:00:00Z "$ADJ" rule -d J -O mq resume open again \
	    >/dev/null 2>&1 || fail "resume"
	mailout
	# two days paused: alice's deadline moves from the 2nd to the 4th
	[ "$(at 2026-12-03T12:00:00Z yaml_clock J deadline)" = \
	    2026-12-04T11:00:00Z ] || fail "deadline: $(yaml_clock J deadline)"
	at 2026-12-03T13:00:00Z "$ADJ" rule -d J -O mq extend alice 1d \
	    her mail was down >/dev/null 2>&1 || fail "extend"
	mailout
	[ "$(at 2026-12-03T13:00:00Z yaml_clock A deadline)" = \
	    2026-12-05T11:00:00Z ] || fail "not extended in alice's copy"
	expect 1 "$ADJ" rule -d J -O mq extend bob 1d "bob's clock"
	err_has "bob's clock does not run"
	cp -R J J2
	cp -R A A2
	at 2026-12-03T14:00:00Z "$ADJ" rule -d J -O mq adjudicate bob \
	    alice left the club >/dev/null 2>&1 || fail "adjudicate"
	mailout
	grep -q 'Game over: bob won (adjudicated by the judge: alice left the club)' rout ||
	    fail "$(cat rout)"
	judged_exports J A B
	out_has "entry 8, by judge at 2026-12-03T14:00:00Z: adjudicated by the judge: alice left the club (bob)"
	out_has "entry 5, by judge at 2026-12-01T12:00:00Z: the judge pauses the clocks: the club is closed"
	# abort, on the copy before the adjudication: no result
	rm -rf J A mq
	mv J2 J
	mv A2 A
	at 2026-12-03T14:00:00Z "$ADJ" rule -d J -O mq abort the board \
	    decided >/dev/null 2>&1 || fail "abort"
	"$ADJ" export -d J >j.arc
	expect 0 "$ADJ" verify j.arc
	out_has "aborted by the judge: the board decided"
	grep -q '^result: .* won' out && fail "an aborted game has a winner"
	expect 1 "$ADJ" rule -d J -O mq abort twice
	err_has "the game is closed"
}

# A ruling on the judge's root: every seat mailed its update, one line
# in the log; the game named by the first digits of its id
test_rule_by_mail() {
	mstart
	g8=$(echo "$G" | cut -c1-8)
	SPOOL=$PWD/spool expect 0 "$ADJ" rule -r jr -s "$SM" "$g8" abort \
	    a duplicate game
	[ "$(nmail)" -eq 2 ] || fail "$(nmail) mails, want 2"
	grep -q 'aborted by the judge: a duplicate game' spool/1.eml ||
	    fail "the news: $(cat spool/1.eml)"
	tail -1 jr/log | grep -q "game=$(echo "$G" | cut -c1-16) .*verdict=ruled,abort sent=2" ||
	    fail "log: $(tail -1 jr/log)"
	deliver_all
	grep -q 'Game over: no result (aborted by the judge: a duplicate game)' \
	    alice.view || fail "alice: $(cat alice.view)"
	SPOOL=$PWD/spool expect 2 "$ADJ" rule -r jr -s "$SM" ffff abort x
	err_has "ffff"
}

# Leave inside the grace: alice's deadline passed, her grace has not; a
# leave then would stretch a deadline already gone, so the judge refuses
# it before storing it (test_leave has no grace), and her move in the
# grace (from a copy made before the leave) is still taken, counted late.
test_leave_in_grace() {
	cstart clock=1d grace=2h leave=3d/2d
	cp -R A A0
	at 2026-12-02T12:00:00Z "$ADJ" turn -d A leave 2026-12-02T11:30:00Z \
	    2026-12-03T00:00:00Z >al.msg || fail "leave"
	at 2026-12-02T12:00:00Z judge_refuses al.msg alice
	why="the deadline passed at 2026-12-02T11:00:00Z"
	why="$why: leave does not extend it"
	grep -q "alice's leave came at 2026-12-02T12:00:00Z, in the grace: " \
	    jout && grep -q "in the grace: $why" jout || fail "$(cat jout)"
	# a judge that took it all the same: verify refuses its archive
	entries J Jt
	game=$("$ADJ" show -d J -f yaml | sed -n 's/^game: //p')
	entry_of al.msg judge.key al.bin
	printf 'game: %s\nseq: 6\nprev: %s\nby: judge\nto: [%s, %s]\n' \
	    "$game" "$(wire hash al.bin)" "$(cut -d' ' -f3 alice.pub)" \
	    "$(cut -d' ' -f3 bob.pub)" >st.yaml
	printf 'kind: time\ntime: 2026-12-02T12:00:00Z\n' >>st.yaml
	wire sign judge.key st.yaml alice.pub bob.pub >st.bin
	mkdir X
	cp Jt/00000[0-4] X/
	cp al.bin X/000005
	cp st.bin X/000006
	python3 "$TOP/tests/cli/entries.py" -j X x.arc
	expect 1 "$ADJ" verify x.arc
	one_line
	err_has "seq 6: the judge took alice's leave: $why"
	at 2026-12-02T12:30:00Z "$ADJ" turn -d A0 e3-c3 >a2.msg || fail "alice's move"
	at 2026-12-02T12:30:00Z tojudge a2.msg
	grep -q 'applied: White moves e3-c3' jout ||
	    fail "not taken: $(cat jout)"
	"$ADJ" show -d B -f yaml | awk '/seat: alice/ { a = 1 }
	    a && /late:/ { print $2; exit }' | grep -qx 1 ||
	    fail "alice's move in the grace not counted late"
}

# The reminder marks are the turn's: once alice moved, a tick 6 hours
# before her next deadline reminds her again (test_tick_once: once a turn).
test_remind_each_turn() {
	cstart clock=1d
	at 2026-12-02T05:00:00Z "$ADJ" judge -d J -t -O mq >tout 2>&1
	grep -q 'mq/alice.notice: reminder for alice' tout ||
	    fail "$(cat tout)"
	at 2026-12-02T06:00:00Z "$ADJ" turn -d A e3-c3 >a2.msg
	at 2026-12-02T06:00:00Z tojudge a2.msg
	at 2026-12-02T07:00:00Z "$ADJ" turn -d B b4-b3 >b2.msg
	at 2026-12-02T07:00:00Z tojudge b2.msg
	rm -f mq/alice.notice
	at 2026-12-03T00:59:59Z "$ADJ" judge -d J -t -O mq >tout 2>&1
	grep -q 'nothing due' tout || fail "too early: $(cat tout)"
	at 2026-12-03T01:00:00Z "$ADJ" judge -d J -t -O mq >tout 2>&1
	grep -q 'mq/alice.notice: reminder for alice' tout ||
	    fail "no second reminder: $(cat tout)"
	grep -q 'due by 2026-12-03T07:00:00Z' mq/alice.notice ||
	    fail "$(cat mq/alice.notice)"
}
