# Forged entries and spliced archives, through the command line where a
# user meets them: each test is the one that fails when its check is
# removed from the code -- the hash chain (prev), the numbering, the turn
# order where the rules never look (resign, draw offers, empty turns,
# setups), the setup audit, the judge's check of a setup's private
# openings, signatures and the recipients inside them.  Messages are made
# with tests/cli/wire.c (sign any body, unwrap a message to its signed
# blob, wrap a blob as it is) and with seal.

. "$TOP/tests/cli/incognito.sh"
. "$TOP/tests/cli/judge.sh"
. "$TOP/tests/cli/knights.sh"

# archive OUT BLOB...: a version 1 archive of these signed blobs, in order
# (formats/archive.md)
archive() {
	need python3
	python3 - "$@" <<'PY' || fail "cannot write the archive $1"
import base64, struct, sys
data = b'ADJA\x01\x00\x00\x00' + struct.pack('<I', len(sys.argv) - 2)
for name in sys.argv[2:]:
    blob = open(name, 'rb').read()
    data += struct.pack('<I', len(blob)) + blob
b64 = base64.b64encode(data).decode()
with open(sys.argv[1], 'w') as f:
    f.write('-----BEGIN ADJUDICATOR ARCHIVE-----\n')
    for i in range(0, len(b64), 64):
        f.write(b64[i:i + 64] + '\n')
    f.write('-----END ADJUDICATOR ARCHIVE-----\n')
PY
}

# refuses STATUS DIR CMD...: CMD exits STATUS with one line on stderr and
# changes nothing in DIR
refuses() {
	rs=$1 rd=$2
	shift 2
	snapshot "$rd"
	expect "$rs" "$@"
	one_line
	grep -q '^adjudicator: ' err || fail "not an adjudicator error: $(cat err)"
	unchanged "$rd"
}

# peer_body SEAT MSG: the entry inside MSG, as SEAT reads it
peer_body() {
	"$ADJ" open -k "$1.key" "$2" 2>/dev/null || fail "open $2"
}

# id_of SEAT: SEAT's key id
id_of() {
	cut -d' ' -f3 "$1.pub"
}

# --- the hash chain -----------------------------------------------------------

# Two branches of one game: alice played e3-c3 in A, e2-d3 in A2.
# Bob's answer in the second branch has the right seq and the wrong prev.
test_receive_prev_of_another_branch() {
	start
	setups d2 b4
	cp -R A A2
	cp -R B B2
	play A x1.msg e3-c3
	"$ADJ" turn -d A2 e2-d3 >x2.msg
	deliver B2 x2.msg
	"$ADJ" turn -d B2 b4-b3 >y2.msg	# legal in either branch
	refuses 1 A "$ADJ" receive -d A y2.msg
	err_has "seq 4 does not follow the entry before it"
	# the right branch's answer goes through
	play B y1.msg b4-b3
}

test_judge_prev_of_another_branch() {
	jstart
	jsetups d2 b4
	for d in J A B; do cp -R $d ${d}2; done
	jplay A a2.msg e3-c3
	# the second branch: its judge J2 and seats A2 B2
	"$ADJ" turn -d A2 e2-d3 >x2.msg
	"$ADJ" judge -d J2 -O mq2 x2.msg >/dev/null || fail "judge J2"
	"$ADJ" receive -d B2 mq2/bob.msg 2>/dev/null || fail "receive B2"
	"$ADJ" turn -d B2 b4-b3 >y2.msg
	judge_refuses y2.msg bob
	grep -q 'seq 4 does not follow the entry before it' jout ||
	    fail "no reason: $(cat jout)"
	jplay B b2.msg b4-b3
}

# A whole game's archive, entries 0-3 of one branch and 4 to the end of
# another: every entry is genuine and legal where it stands.
test_verify_spliced_archive() {
	start
	setups d2 b4
	for d in A B; do cp -R $d ${d}2; done
	play A x1.msg e3-c3
	play B y1.msg resign
	finish
	verified "alice won"
	"$ADJ" turn -d A2 e2-d3 >x2.msg
	deliver B2 x2.msg
	"$ADJ" turn -d B2 resign >y2.msg
	deliver A2 y2.msg
	"$ADJ" turn -d A2 >z2.msg
	deliver B2 z2.msg
	entries A one
	entries A2 two
	[ "$(ls one | wc -l)" -eq "$(ls two | wc -l)" ] ||
	    fail "the branches differ in length"
	archive two.arc two/*
	expect 0 "$ADJ" verify two.arc
	archive spliced.arc one/000000 one/000001 one/000002 one/000003 \
	    $(ls two/* | sed 1,4d)
	expect 1 "$ADJ" verify spliced.arc
	one_line
	err_has "seq 4 does not follow the entry before it"
}

# The last entry of a finished game renumbered one past its place, its
# prev still the entry before it, signed by its author.
test_verify_seq_two_past() {
	start
	setups d2 b4
	play A a2.msg e3-c3
	play B b2.msg resign
	finish
	entries A t
	last=$(ls t | tail -1)
	lastseq=$(expr "$last" + 0)
	blob_body "t/$last" >last.yaml
	grep -q "^seq: $lastseq\$" last.yaml || fail "no seq $lastseq"
	sed "s/^seq: $lastseq\$/seq: $((lastseq + 1))/" last.yaml >skip.yaml
	by=$(sed -n 's/^by: //p' last.yaml)
	wire sign "$by.key" last.yaml alice.pub bob.pub >same.bin
	cmp -s same.bin "t/$last" || fail "wire sign differs from turn"
	wire sign "$by.key" skip.yaml alice.pub bob.pub >skip.bin
	archive good.arc t/*
	expect 0 "$ADJ" verify good.arc
	archive skip.arc $(ls t/* | sed '$d') skip.bin
	expect 1 "$ADJ" verify skip.arc
	one_line
	err_has "seq $((lastseq + 1)) out of order (expected $lastseq)"
}

# --- the turn order where the rules never look ------------------------------

# out_of_turn ACTION-YAML: bob's entry for seq 3 (alice's turn), the
# action given, made from alice's genuine seq 3; refused by a copy of
# alice's game
out_of_turn() {
	sed -e '/^action:/,$d' -e 's/^by: alice$/by: bob/' a3.yaml >x.yaml
	printf '%s' "$1" >>x.yaml
	grep -q '^by: bob$' x.yaml || fail "not bob's"
	"$ADJ" seal -k bob.key alice.pub bob.pub x.yaml >x.msg
	rm -rf A1
	cp -R A A1
	refuses 1 A1 "$ADJ" receive -d A1 x.msg
	err_has "seq 3 by bob out of turn: it is alice's"
}

test_receive_out_of_turn_without_rules() {
	start
	setups d2 b4
	cp -R A A2
	"$ADJ" turn -d A2 e3-c3 >a3.msg
	peer_body bob a3.msg >a3.yaml
	out_of_turn 'action:
  type: resign
'
	out_of_turn 'action:
  type: draw
'
	# a setup out of seat order: bob's, as seq 1, before alice's
	"$ADJ" join -d C -k alice.key invite.msg 2>/dev/null
	game=$(peer_body bob a1.msg | sed -n 's/^game: //p')
	peer_body alice b1.msg | sed "s/^seq: 2\$/seq: 1/
	    s/^prev: .*/prev: $game/" >s.yaml
	grep -q '^seq: 1$' s.yaml || fail "sed"
	"$ADJ" seal -k bob.key alice.pub bob.pub s.yaml >s.msg
	refuses 1 C "$ADJ" receive -d C s.msg
	err_has "seq 1 by bob out of turn: it is alice's"
	# an empty turn from alice, who owes nothing, while bob owes an
	# opening
	play A a3.msg e3-c3
	play B b3.msg b4-b3
	play A a4.msg 'c3?b3'
	entries B Bt
	peer_body bob a4.msg | sed -e '/^open:/,$d' -e 's/^seq: 5$/seq: 6/' \
	    -e "s/^prev: .*/prev: $(wire hash Bt/000005)/" >e.yaml
	grep -q '^seq: 6$' e.yaml || fail "sed"
	"$ADJ" seal -k alice.key alice.pub bob.pub e.yaml >e.msg
	refuses 1 B "$ADJ" receive -d B e.msg
	err_has "seq 6 by alice out of turn: it is bob's"
	play B b4.msg
}

test_judge_out_of_turn_without_rules() {
	jstart
	cp -R J J0
	jsetups d2 b4
	entries J Jt
	prev=$(wire hash Jt/000002)
	for action in resign draw; do
		{
			blob_body Jt/000002 | sed -n '/^game: /p'
			echo "seq: 3"
			echo "prev: $prev"
			echo "by: bob"
			echo "to: [$(id_of judge)]"
			echo "kind: turn"
			printf 'action:\n  type: %s\n' "$action"
		} >x.yaml
		wire sign bob.key x.yaml judge.pub >x.bin
		private bob.key x.bin x.msg
		judge_refuses x.msg bob
		grep -q 'seq 3 by bob out of turn' jout || fail "no reason: $(cat jout)"
	done
	# bob's setup as seq 1, before alice's, with its openings
	"$ADJ" open -k judge.key b1.msg 2>/dev/null >b1.yaml
	blob_body Jt/000002 | sed "s/^seq: 2\$/seq: 1/
	    s/^prev: .*/prev: $(blob_body Jt/000002 | sed -n 's/^game: //p')/" \
	    >s.yaml
	grep -q '^seq: 1$' s.yaml || fail "sed"
	wire sign bob.key s.yaml judge.pub >s.bin
	{
		sed '/^entry: /d' b1.yaml
		echo "entry: $(base64 <s.bin | tr -d '\n')"
	} >s.private
	"$ADJ" seal -k bob.key judge.pub s.private >s.msg
	"$ADJ" export -d J0 >j0.arc
	expect 1 "$ADJ" judge -d J0 -O mq0 s.msg
	grep -q 'seq 1 by bob out of turn' out || fail "no reason: $(cat out)"
	"$ADJ" export -d J0 | cmp -s - j0.arc || fail "J0's transcript changed"
	jplay A a2.msg e3-c3
}

# --- setups -------------------------------------------------------------------

# Two setups of alice's, spy on d2 (A, a1.msg) and on e3 (A2, a1x.msg),
# give her commitments to a setup without a spy: d2 from the second.
# nospy_commits: its body, as bob would receive it (nospy.yaml)
nospy_commits() {
	peer_body bob a1.msg >a1.yaml
	peer_body bob a1x.msg >a1x.yaml
	d2x=$(awk '/piece: d2$/ { p = 1; next } p { print $2; exit }' a1x.yaml)
	[ ${#d2x} -eq 64 ] || fail "no commitment to d2 in a1x"
	awk -v h="$d2x" '/piece: d2$/ { p = 1; print; next }
	    p { sub(/hash: .*/, "hash: " h); p = 0 } { print }' a1.yaml \
	    >nospy.yaml
	cmp -s a1.yaml nospy.yaml && fail "nothing changed"
	true
}

# openings DIR: the openings of DIR's secret setup (journal record), as
# "piece value nonce" lines
openings() {
	tr -c '[:print:]\n' '\n' <"$1/journal" | awk '/^- seat: /{ s = 1 }
	    /^  piece: / { p = $2 } /^  value: / { v = $2 }
	    /^  nonce: / && s { print p, v, $2; s = 0 }' | sort -u
}

test_peer_setup_without_spy() {
	start
	cp -R A A2
	"$ADJ" setup -d A d2 >a1.msg
	"$ADJ" setup -d A2 e3 >a1x.msg
	nospy_commits
	"$ADJ" seal -k alice.key alice.pub bob.pub nospy.yaml >n1.msg
	deliver B n1.msg	# bob cannot tell, yet
	"$ADJ" setup -d B b4 >b1.msg
	# alice plays from a copy that holds the setup she sent
	"$ADJ" join -d C -k alice.key invite.msg 2>/dev/null
	deliver C n1.msg
	deliver C b1.msg
	"$ADJ" turn -d C e3-c3 >c3.msg
	deliver B c3.msg
	"$ADJ" turn -d B resign >b4.msg
	deliver C b4.msg
	# alice's final openings: d2 from the second setup, all agents
	{
		openings A | grep -v '^d2 '
		openings A2 | grep '^d2 '
	} >open.txt
	[ "$(wc -l <open.txt)" -eq 5 ] || fail "not 5 openings: $(cat open.txt)"
	grep -q ' spy ' open.txt && fail "a spy in $(cat open.txt)"
	"$ADJ" show -d B -f yaml | sed -n 's/^game: //p' >game
	prev=$(entries B Bt && wire hash "Bt/$(ls Bt | tail -1)")
	{
		echo "game: $(cat game)"
		echo "seq: $(($(seq_of B) + 1))"
		echo "prev: $prev"
		echo "by: alice"
		echo "to: [$(id_of alice), $(id_of bob)]"
		echo "kind: final"
		echo "open:"
		for p in c1 d1 d2 e2 e3; do
			grep "^$p " open.txt | while read -r pc v nc; do
				printf -- '- seat: alice\n  piece: %s\n' "$pc"
				printf '  value: %s\n  nonce: %s\n' "$v" "$nc"
			done
		done
	} >final.yaml
	"$ADJ" seal -k alice.key alice.pub bob.pub final.yaml >final.msg
	expect 0 "$ADJ" receive -d B final.msg
	"$ADJ" show -d B -f yaml >view
	grep -q '^  cheated: \[alice\]$' view || {
		cat view >&2
		fail "bob is not told alice's setup fails the audit"
	}
	"$ADJ" export -d B >b.arc
	expect 1 "$ADJ" verify b.arc
	err_has "alice's setup fails the audit (White's setup has 0 spies"
}

# A judged setup whose openings open its commitments, with no spy
test_judge_setup_without_spy() {
	jstart
	cp -R A A2
	"$ADJ" setup -d A d2 >a1.msg
	"$ADJ" setup -d A2 e3 >a1x.msg
	# the entries inside, as the judge reads them
	"$ADJ" open -k judge.key a1.msg 2>/dev/null >p1.yaml
	"$ADJ" open -k judge.key a1x.msg 2>/dev/null >p1x.yaml
	for f in p1 p1x; do
		sed -n 's/^entry: //p' $f.yaml | base64 -d >$f.bin
		blob_body $f.bin >$f.body
	done
	d2x=$(awk '/piece: d2$/ { p = 1; next } p { print $2; exit }' p1x.body)
	awk -v h="$d2x" '/piece: d2$/ { p = 1; print; next }
	    p { sub(/hash: .*/, "hash: " h); p = 0 } { print }' p1.body \
	    >nospy.body
	# the openings: a1's, but d2's from a1x (an agent)
	awk '/^open:/ { o = 1 } o && /piece: d2$/ { d = 1 }
	    o && d && /value:/ { print; getline; print; d = 0; next }
	    { }' p1x.yaml >d2x.open
	grep -q 'value: agent' d2x.open || fail "no agent opening: $(cat d2x.open)"
	awk 'NR == FNR { v[++n] = $0; next }
	    /piece: d2$/ { d = 1; print; next }
	    d && /value:/ { print v[1]; getline; print v[2]; d = 0; next }
	    { print }' d2x.open p1.yaml | sed '/^entry: /d' >open.yaml
	grep -c 'value: spy' open.yaml | grep -q '^0$' || fail "a spy is left"
	wire sign alice.key nospy.body judge.pub >ns.bin
	{
		cat open.yaml
		echo "entry: $(base64 <ns.bin | tr -d '\n')"
	} >ns.yaml
	"$ADJ" seal -k alice.key judge.pub ns.yaml >ns.msg
	judge_refuses ns.msg alice
	grep -q "White's setup has 0 spies" jout || fail "no reason: $(cat jout)"
	tojudge a1.msg
}

# A judged setup whose private openings name another single spy (e3)
# than its commitments (d2): each opening is genuine, of another setup
test_judge_setup_openings_of_another() {
	jstart
	cp -R A A2
	"$ADJ" setup -d A d2 >a1.msg
	"$ADJ" setup -d A2 e3 >a1x.msg
	"$ADJ" open -k judge.key a1.msg 2>/dev/null >p1.yaml
	"$ADJ" open -k judge.key a1x.msg 2>/dev/null >p1x.yaml
	{
		sed '/^entry: /d' p1x.yaml
		sed -n '/^entry: /p' p1.yaml
	} >mixed.yaml
	grep -c 'value: spy' mixed.yaml | grep -q '^1$' || fail "not one spy"
	"$ADJ" seal -k alice.key judge.pub mixed.yaml >mixed.msg
	judge_refuses mixed.msg alice
	grep -q 'does not match its commitment' jout ||
	    fail "no reason: $(cat jout)"
	# the judge's refusal names no value
	grep -q 'spy\|agent' jout && fail "a value in: $(cat jout)"
	tojudge a1.msg
}

# --- signatures -----------------------------------------------------------------

# A genuine entry whose signature does not hold, encrypted as it is: only
# the signature check can tell
test_receive_bad_signature() {
	start
	setups d2 b4
	cp -R A A2
	"$ADJ" turn -d A2 e3-c3 >a3.msg
	wire unwrap bob.key a3.msg >a3.bin
	flip_sig a3.bin bad.bin
	wire wrap bad.bin alice.pub bob.pub >bad.msg
	refuses 1 B "$ADJ" receive -d B bad.msg
	err_has "bad signature"
	deliver B a3.msg
}

test_judge_bad_signature() {
	jstart
	jsetups d2 b4
	"$ADJ" turn -d A e3-c3 >a2.msg
	entry_of a2.msg judge.key a2.bin
	flip_sig a2.bin bad.bin
	private alice.key bad.bin bad.msg
	judge_refuses bad.msg alice
	grep -q 'bad signature' jout || fail "no reason: $(cat jout)"
	tojudge a2.msg
}

# outer_forged MSG OUT: a seat's private message to the judge with one bit
# of the message's own signature changed; the entry inside stays as signed
outer_forged() {
	wire unwrap judge.key "$1" >of.bin
	flip_sig of.bin of.bad
	wire wrap of.bad judge.pub >"$2"
}

# One signature check a mail (judge.c, vouch): the entry inside a seat's
# private message is always checked, the message's own signature only
# where the message says more than the entry.  The next entry applies on
# its own signature, whatever the message's (only the seat can make that
# entry); anything else the judge would do for the seat (send its updates
# again for a duplicate, keep an early entry, tell it a refusal) first
# needs the message's signature: a message with a bad one is refused as
# such, and nobody is told.
test_judge_message_signature_where_needed() {
	jstart
	jsetups d2 b4
	cp -R J J0
	jplay A a2.msg e3-c3
	# a duplicate: its updates again only for alice's own signature
	outer_forged a2.msg dup.bad
	judge_refuses dup.bad -
	grep -q 'bad signature' jout || fail "no reason: $(cat jout)"
	jplay B b2.msg b4-b3
	"$ADJ" turn -d A c1-b2 >a3.msg 2>/dev/null || fail "turn A"
	outer_forged a3.msg a3.bad
	# early for the judge as it was before alice's move: not kept
	mv J Jnow && mv J0 J
	judge_refuses a3.bad -
	grep -q 'bad signature' jout || fail "no reason: $(cat jout)"
	mv J J0 && mv Jnow J
	# a refusal (another game's entry) is told to nobody
	"$ADJ" new -k bob.key -m judge -j judge.pub incognito alice.pub \
	    bob.pub >invite2.msg
	"$ADJ" join -d A2 -k alice.key invite2.msg 2>/dev/null
	"$ADJ" setup -d A2 d1 >g2.msg
	outer_forged g2.msg g2.bad
	judge_refuses g2.bad -
	grep -q 'bad signature' jout || fail "no reason: $(cat jout)"
	# the next entry applies on its own signature
	tojudge a3.bad
	grep -q 'applied' jout || fail "not applied: $(cat jout)"
}

# An update from the judge carrying alice's entry with a bad signature
test_update_bad_signature() {
	jstart
	jsetups d2 b4
	"$ADJ" turn -d A e3-c3 >a2.msg
	"$ADJ" judge -d J -O mq a2.msg >/dev/null || fail "judge"
	entries J Jt
	flip_sig Jt/000003 bad.bin
	update_body bob bad.bin >u.yaml
	update bob u.yaml u.msg
	refuses 1 B "$ADJ" receive -d B u.msg
	err_has "bad signature"
	expect 0 "$ADJ" receive -d B mq/bob.msg
}

# verify: the last entry's signature altered, so that no hash chain
# depends on it; and the header's
test_verify_bad_signature() {
	start
	setups d2 b4
	play A a2.msg e3-c3
	play B b2.msg resign
	finish
	entries A t
	last=$(ls t | tail -1)
	archive good.arc t/*
	expect 0 "$ADJ" verify good.arc
	lastseq=$(expr "$last" + 0)
	flip_sig "t/$last" bad.bin
	archive bad.arc $(ls t/* | sed '$d') bad.bin
	expect 1 "$ADJ" verify bad.arc
	one_line
	err_has "seq $lastseq: bad signature"
	flip_sig t/000000 bad0.bin
	archive bad0.arc bad0.bin $(ls t/* | sed 1d)
	set +e
	"$ADJ" verify bad0.arc >out 2>err
	rc=$?
	set -e
	[ "$rc" -eq 1 ] || fail "a header with a bad signature: exit $rc"
	err_has "bad signature"
}

# --- recipients -------------------------------------------------------------------

# bob forwards what alice sent him to carol, the signed blob as it is:
# carol must not take it as written to her
test_open_forwarded() {
	keys alice bob carol
	printf 'note: for bob only\n' >body.yaml
	"$ADJ" seal -k alice.key bob.pub body.yaml >m.msg
	wire unwrap bob.key m.msg >m.bin
	wire wrap m.bin carol.pub >fwd.msg
	expect 0 "$ADJ" open -k bob.key m.msg
	expect 1 "$ADJ" open -k carol.key fwd.msg
	one_line
	err_has "signed for other recipients"
	[ ! -s out ] || fail "the body was printed: $(cat out)"
	expect 1 "$ADJ" open -k carol.key -p alice.pub fwd.msg
}

# An entry whose "to" names someone else than the keys it was signed for
test_receive_to_not_signed() {
	start
	setups d2 b4
	keys carol
	cp -R A A2
	"$ADJ" turn -d A2 e3-c3 >a3.msg
	peer_body bob a3.msg >a3.yaml
	for to in "$(id_of alice), $(id_of carol)" \
	    "$(id_of bob), $(id_of alice)"; do
		sed "s/^to: .*/to: [$to]/" a3.yaml >x.yaml
		"$ADJ" seal -k alice.key alice.pub bob.pub x.yaml >x.msg
		refuses 1 B "$ADJ" receive -d B x.msg
		err_has '"to" differs from the signed recipients'
	done
	deliver B a3.msg
}

# In a peer game every seat gets every entry.  Alice's move in a 3-seat
# game, signed by her for alice and bob only ("to" says the same), then
# encrypted to all three: numbered, chained and signed as it should be,
# and carol never had it.  Bob refuses it naming carol; carol cannot
# take a message signed for others.
test_receive_not_sent_to_a_seat() {
	kstart 3
	cp -R A A2
	"$ADJ" turn -d A2 c2-d4 >good.msg
	peer_body bob good.msg >good.yaml
	grep -q "^to: \[$(id_of alice), $(id_of bob), $(id_of carol)\]$" \
	    good.yaml || fail "not to all three: $(grep '^to:' good.yaml)"
	sed "s/^to: .*/to: [$(id_of alice), $(id_of bob)]/" good.yaml >x.yaml
	by_hand x alice.key x.yaml alice.pub bob.pub -- alice.pub bob.pub carol.pub
	refuses 1 B "$ADJ" receive -d B x.msg
	err_has "seq 1: not sent to carol"
	refuses 1 C "$ADJ" receive -d C x.msg
	err_has "signed for other recipients"
	for d in B C; do
		deliver $d good.msg
	done
}

# verify: a finished 3-seat game whose last entry is signed again by its
# author for two of the three seats
test_verify_not_sent_to_a_seat() {
	kstart 3 -o limit=2
	kgame alice:c2-d4 bob:k3-i4
	kverified "draw (the limit of 2 turns"
	entries A t
	[ "$(ls t)" = "$(printf '000000\n000001\n000002')" ] ||
	    fail "entries: $(ls t)"
	blob_body t/000002 >last.yaml
	wire sign bob.key last.yaml alice.pub bob.pub carol.pub >same.bin
	cmp -s same.bin t/000002 || fail "wire sign differs from turn"
	sed "s/^to: .*/to: [$(id_of alice), $(id_of bob)]/" last.yaml >two.yaml
	wire sign bob.key two.yaml alice.pub bob.pub >two.bin
	archive two.arc t/000000 t/000001 two.bin
	expect 1 "$ADJ" verify two.arc
	one_line
	err_has "seq 2: not sent to carol"
}

# --- what the setup verb never commits ------------------------------------------

# commitment SEAT PIECE VALUE NONCE: the commitment to VALUE in J's game
commitment() {
	python3 "$TOP/tests/cli/commit.py" \
	    "$("$ADJ" show -d J -f yaml | sed -n 's/^game: //p')" "$@" ||
	    fail "commit.py $*"
}

# recommit PRIVATE OUT PIECE=VALUE...: alice's private setup message to
# the judge (PRIVATE: as the judge opens it) with each PIECE committed and
# opened as VALUE, its own nonce kept, the entry signed again by alice
# (rc.bin the entry as it was, rc.signed as it is now)
recommit() {
	rc_in=$1 rc_out=$2
	shift 2
	sed -n 's/^entry: //p' "$rc_in" | base64 -d >rc.bin
	blob_body rc.bin >rc.body
	sed '/^entry: /d' "$rc_in" >rc.open
	for pv in "$@"; do
		p=${pv%%=*} v=${pv#*=}
		n=$(awk -v p="$p" '$0 == "  piece: " p { f = 1 }
		    f && /^  nonce: / { print $2; exit }' rc.open)
		[ ${#n} -eq 64 ] || fail "no opening of $p"
		h=$(commitment alice "$p" "$v" "$n")
		awk -v p="$p" -v h="$h" '$0 == "- piece: " p { f = 1; print; next }
		    f { sub(/hash: .*/, "hash: " h); f = 0 } { print }' \
		    rc.body >rc.tmp
		mv rc.tmp rc.body
		awk -v p="$p" -v v="$v" '$0 == "  piece: " p { f = 1; print; next }
		    f && /^  value: / { $0 = "  value: " v; f = 0 } { print }' \
		    rc.open >rc.tmp
		mv rc.tmp rc.open
	done
	wire sign alice.key rc.body judge.pub >rc.signed
	{
		cat rc.open
		echo "entry: $(base64 <rc.signed | tr -d '\n')"
	} >rc.yaml
	"$ADJ" seal -k alice.key judge.pub rc.yaml >"$rc_out" || fail "seal"
}

# An army of five mines and no headquarters, or of two headquarters (and
# three mines): alice's setup verb refuses it before anything is sent;
# committed and opened to the judge by hand, each opening matching its
# commitment, the judge's audit refuses it, and alice is told why.
test_judge_setup_mines_and_headquarters() {
	jstart espionnage -o volcanoes=0
	snapshot A
	expect 1 "$ADJ" setup -d A M11MMM11XM/433222SSSX/54321SXSX5
	one_line
	err_has "White's setup has 5 mines, not 4"
	expect 1 "$ADJ" setup -d A M11HHM11XM/433222SSSX/54321SXSX5
	one_line
	err_has "White's setup has 3 mines, not 4"
	unchanged A
	"$ADJ" setup -d A M11MHM11XM/433222SSSX/54321SXSX5 >a1.msg
	"$ADJ" open -k judge.key a1.msg >p1.yaml 2>/dev/null
	# the hand-made commitment to what was committed is the same entry
	recommit p1.yaml same.msg e1=headquarters
	cmp -s rc.signed rc.bin || fail "recommit changes what it keeps"
	recommit p1.yaml mines.msg e1=mine
	judge_refuses mines.msg alice
	err_has "White's setup has 5 mines, not 4"
	grep -q "White's setup has 5 mines, not 4" jout ||
	    fail "no reason: $(cat jout)"
	recommit p1.yaml two.msg d1=headquarters
	judge_refuses two.msg alice
	err_has "White's setup has 3 mines, not 4"
	tojudge a1.msg
	grep -q 'applied' jout || fail "a1 not applied"
}

# A topogic secret is committed in its canonical spelling (yellow/4).
# Through the judge, a setup committed and opened as "Yellow/4" is
# refused at once; in a peer game its commitment goes unnoticed until
# the secret opens at the round's end, where bob refuses the opening,
# though it opens the commitment.
test_judge_secret_spelt_another_way() {
	jstart topogic -s 00 -o field=rect
	"$ADJ" setup -d A yellow/4 >a1.msg
	"$ADJ" open -k judge.key a1.msg >p1.yaml 2>/dev/null
	recommit p1.yaml same.msg secret=yellow/4
	cmp -s rc.signed rc.bin || fail "recommit changes what it keeps"
	recommit p1.yaml x1.msg secret=Yellow/4
	judge_refuses x1.msg alice
	grep -q "the opening of alice's piece secret does not match" jout ||
	    fail "no reason: $(cat jout)"
	tojudge a1.msg
}

test_receive_secret_spelt_another_way() {
	peer_start topogic -s 00 -o field=rect
	cp -R B B2
	"$ADJ" setup -d A yellow/4 >a1.msg
	nonce=00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff
	game=$("$ADJ" show -d B -f yaml | sed -n 's/^game: //p')
	h=$(python3 "$TOP/tests/cli/commit.py" "$game" alice secret Yellow/4 \
	    "$nonce")
	peer_body bob a1.msg | sed "s/^  hash: .*/  hash: $h/" >x1.yaml
	"$ADJ" seal -k alice.key alice.pub bob.pub x1.yaml >x1.msg
	deliver B x1.msg
	# bob finds the tile (e6) at once: the round ends, the secret is due
	"$ADJ" turn -d B e6 e6 e6 e6 e6 >b1.msg
	# alice's score and opening, as her copy writes them (B2 plays bob's
	# part), chained to bob's copy, the opening spelt Yellow/4
	deliver B2 a1.msg
	"$ADJ" turn -d B2 e6 e6 e6 e6 e6 >b1h.msg
	deliver A b1h.msg
	"$ADJ" turn -d A >a2.msg
	entries B Bt
	peer_body bob a2.msg | sed "s/^prev: .*/prev: $(wire hash Bt/000002)/" \
	    >x2.yaml
	"$ADJ" seal -k alice.key alice.pub bob.pub x2.yaml >x2.msg
	deliver B x2.msg
	"$ADJ" show -d B | grep -q 'Waiting: alice must open' ||
	    fail "bob does not wait for alice's secret"
	"$ADJ" turn -d A >a3.msg
	entries B Bt
	peer_body bob a3.msg | sed -e "s/^prev: .*/prev: $(wire hash Bt/000003)/" \
	    -e 's|^  value: yellow/4$|  value: Yellow/4|' \
	    -e "s/^  nonce: .*/  nonce: $nonce/" >x3.yaml
	grep -q '^  value: Yellow/4$' x3.yaml || fail "no opening: $(cat x3.yaml)"
	"$ADJ" seal -k alice.key alice.pub bob.pub x3.yaml >x3.msg
	refuses 1 B "$ADJ" receive -d B x3.msg
	err_has "opening of alice's piece secret does not match its commitment"
}

# The swap exchanges a board piece with one of the reserve, never a
# captured piece.  `turn` cannot even write it (a swap names r1, r2 or
# r3), so alice writes it by hand: her paper from b3, lost in combat, for
# the piece on c3.  Bob refuses it; the same swap with r1 goes through.
test_receive_swap_with_a_captured_piece() {
	peer_start incognito-rps
	setups RPSSPR/RPS SSPRRP/PSR
	play A a2.msg b3-b5
	play B b2.msg f6-f5
	play A a3.msg b5xb6
	play B b3.msg f5-f4
	"$ADJ" show -d B | grep -q 'paper loses to scissors; the defender takes' ||
	    fail "alice's b3 is not taken"
	cp -R A A2
	"$ADJ" turn -d A2 swap c3 r1 >good.msg || fail "swap c3 r1"
	peer_body bob good.msg | sed 's/^  reserve: r1$/  reserve: b3/' >x.yaml
	grep -q '^  reserve: b3$' x.yaml || fail "no swap in: $(cat x.yaml)"
	"$ADJ" seal -k alice.key alice.pub bob.pub x.yaml >x.msg
	refuses 1 B "$ADJ" receive -d B x.msg
	err_has "swap c3 b3: b3 is not in your reserve"
	deliver B good.msg
}

# A move only the judge can see is illegal (alice's own mine on a3, which
# the public board does not show): alice hears why inside her update;
# the judge's report, which goes to a log, names neither the move nor
# the reason, nor does anything bob gets.
test_judge_hidden_reason_not_reported() {
	jstart espionnage -o volcanoes=0
	have_forge || { echo "skip: no openssl Ed25519" >&2; return 0; }
	jsetups 511M1M11XM/433222SSSX/M432HSXSX5 M11MHM11XM/433222SSSX/54321SXSX5
	"$ADJ" turn -d A b3-b4 c3-c4 >a2.msg
	entry_of a2.msg judge.key a2.bin
	blob_body a2.bin | sed 's/from: b3/from: a3/; s/to: b4/to: a4/' >x.yaml
	grep -q 'from: a3' x.yaml || fail "sed"
	forge alice.key a2.bin x.yaml x.bin
	private alice.key x.bin x.msg
	judge_refuses x.msg alice
	err_has "a3-a4: the piece on a3 cannot move"
	grep -qx "x.msg: alice: seq 3: illegal by what only the judge sees "`
	    `"(the seat's update says why): refused" jout ||
	    fail "report: $(cat jout)"
	for f in jout jerr; do
		! grep -q 'cannot move\|a3\|a4' "$f" ||
		    fail "$f names the move or why: $(cat "$f")"
	done
	# the legal turn still goes
	tojudge a2.msg
	grep -q 'seq 3 applied' jout || fail "a2 not applied: $(cat jout)"
}
