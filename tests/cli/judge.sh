# Judge mode: incognito between alice (A/) and bob (B/) refereed by a judge
# (J/), through real keys and armored files.  Whole games, every refusal,
# duplicates and early mail, two games through one judge key, secrecy, a
# dishonest judge caught by the seats, and the judge's archive.

# jstart [RULES [NEW-OPTIONS...]]: keys, an invitation from alice (to
# incognito, unless RULES says), game dirs J A B
jstart() {
	jrules=${1:-incognito}
	[ $# -eq 0 ] || shift
	keys alice bob judge
	"$ADJ" new -k alice.key -m judge -j judge.pub "$@" "$jrules" \
	    alice.pub bob.pub >invite.msg || fail "new"
	"$ADJ" join -d J -k judge.key invite.msg 2>/dev/null || fail "join J"
	"$ADJ" join -d A -k alice.key invite.msg 2>/dev/null || fail "join A"
	"$ADJ" join -d B -k bob.key invite.msg 2>/dev/null || fail "join B"
	nupd=0
}

seatdir() {
	case $1 in alice) echo A ;; bob) echo B ;; *) fail "no seat $1" ;; esac
}

# mailout: each seat receives the update the judge left for it in mq/;
# every update is kept as upd.N.SEAT for later checks
mailout() {
	for s in alice bob; do
		[ -f "mq/$s.msg" ] || continue
		nupd=$((nupd + 1))
		mv "mq/$s.msg" "upd.$nupd.$s"
		# received when the judge sent it (at TIME, clock.sh): a
		# seat's copy keeps when each update came (a stamp long before
		# is disputed)
		ADJUDICATOR_NOW=${ct_t:-${ADJUDICATOR_NOW:-}} \
		    "$ADJ" receive -d "$(seatdir $s)" "upd.$nupd.$s" >rout \
		    2>rerr || {
			cat rerr >&2
			fail "$s refuses upd.$nupd.$s"
		}
	done
}

# tojudge FILE...: the judge applies FILE, the seats receive its updates
tojudge() {
	"$ADJ" judge -d J -O mq "$@" >jout 2>jerr || {
		cat jout jerr >&2
		fail "judge $*"
	}
	mailout
}

# jplay DIR FILE ACTION...: DIR's turn through the judge
jplay() {
	pdir=$1 pfile=$2
	shift 2
	"$ADJ" turn -d "$pdir" "$@" >"$pfile" 2>terr || {
		cat terr >&2
		fail "turn -d $pdir $*"
	}
	tojudge "$pfile"
}

# jsetups ALICESPY BOBSPY: both setups through the judge (a1.msg, b1.msg)
jsetups() {
	"$ADJ" setup -d A "$1" >a1.msg || fail "setup A"
	tojudge a1.msg
	"$ADJ" setup -d B "$2" >b1.msg || fail "setup B"
	tojudge b1.msg
}

# jverified RESULT: closed everywhere; the judge's export verifies, names
# RESULT, and is what each seat exports
jverified() {
	for d in J A B; do
		"$ADJ" show -d "$d" -f yaml | grep -q '^phase: closed$' ||
		    fail "$d: game not closed"
	done
	judged_exports J A B
	out_has "^result: $1"
}

# The manual's game: alice interrogates bob's spy on b3; the judge opens
# it at once and, the game over, every setup.
judged_interrogation() {
	jstart
	jsetups d2 b4
	jplay A a2.msg e3-c3
	jplay B b2.msg b4-b3
	jplay A a3.msg 'c3?b3'
}

# The judge's line per update counts its entries in words: "1 entry".
test_judge_counts_entries() {
	jstart
	jsetups d2 b4
	jplay A a2.msg e3-c3
	grep -q 'update for bob (1 entry)' jout || { cat jout >&2; fail "1 entry"; }
	grep -q 'entries)' jout && fail "a plural for one entry"
	true
}

test_judged_spy_found() {
	judged_interrogation
	grep -q 'applied: alice plays c3?b3' jout || fail "a3 not applied"
	grep -q 'update for bob (3 entries)' jout || fail "bob's update"
	jverified "alice won"
	out_has "spy"
}

test_judged_castle() {
	jstart
	jsetups d2 c5
	jplay A a2.msg e3-c3
	jplay B b2.msg c5-e5	# bob's spy
	jplay A a3.msg e2-d3	# the e file is open
	jplay B b3.msg e5-e1
	"$ADJ" show -d A | grep -q 'Game over: bob won' || fail "A: not over"
	jverified "bob won"
	out_has "castle"
}

test_judged_nonspy_castle_refused() {
	jstart
	jsetups d2 b4
	jplay A a2.msg e3-c3
	jplay B b2.msg c5-e5	# an agent
	jplay A a3.msg e2-d3
	snapshot B
	expect 1 "$ADJ" turn -d B e5-e1
	unchanged B
}

test_judged_resign() {
	jstart
	jsetups d2 b4
	jplay A a2.msg e3-c3
	jplay B b2.msg resign
	jverified "alice won"
	out_has "resign"
}

test_judged_draw() {
	jstart
	jsetups d1 a3
	jplay A a2.msg draw
	"$ADJ" show -d B | grep -q 'Draw offered by alice' ||
	    fail "bob does not see the offer"
	jplay B b2.msg accept
	jverified "draw"
	out_has "draw agreed"
}

test_judged_draw_declined() {
	jstart
	jsetups d1 a3
	jplay A a2.msg draw
	jplay B b2.msg decline
	jplay A a3.msg e3-c3
	jplay B b3.msg resign
	jverified "alice won"
}

# --- hand-made messages ----------------------------------------------------

hex_of() {
	od -An -v -tx1 "$1" | tr -d ' \n'
}

# hex2bin: hex digits on stdin, the bytes on stdout
hex2bin() {
	awk '{ h = "0123456789abcdef"; for (i = 1; i <= length($0); i += 2)
	    printf "\\%03o", (index(h, substr($0, i, 1)) - 1) * 16 \
	    + index(h, substr($0, i + 1, 1)) - 1; print "" }' |
	    { read -r esc; printf "$esc"; }
}

u8_at() {
	od -An -tu1 -j"$2" -N1 "$1" | tr -d ' '
}

# blob_hlen BLOB: the length of a signed blob's header, before bodylen
blob_hlen() {
	nl=$(u8_at "$1" 72)
	lo=$(u8_at "$1" $((73 + nl)))
	hi=$(u8_at "$1" $((74 + nl)))
	echo $((75 + nl + 8 * (lo + 256 * hi)))
}

# blob_body BLOB: the YAML body of a signed blob
blob_body() {
	h=$(blob_hlen "$1")
	l=$(od -An -tu4 -j"$h" -N4 "$1" | tr -d ' ')
	dd if="$1" bs=1 skip=$((h + 4)) count="$l" 2>/dev/null
}

# have_forge: openssl can sign with Ed25519 (the test signs by hand); in
# CI (CI=true), which installs it, its absence fails the test
have_forge() {
	command -v openssl >/dev/null 2>&1 &&
	    openssl genpkey -algorithm ed25519 -out probe.pem 2>/dev/null &&
	    return 0
	[ "${CI:-}" != true ] || fail "openssl with Ed25519 is needed (CI=true)"
	return 1
}

# forge KEY TEMPLATE BODY OUT: BODY signed with KEY's Ed25519 key, with
# the signer and recipients of the signed blob TEMPLATE (see
# formats/envelope.md and formats/key.md)
forge() {
	seed=$(grep -v '^-----' "$1" | base64 -d |
	    od -An -v -tx1 -j72 -N32 | tr -d ' \n')
	printf '302e020100300506032b657004220420%s\n' "$seed" | hex2bin >f.der
	openssl pkey -inform DER -in f.der -out f.pem 2>/dev/null ||
	    fail "openssl: no Ed25519 key"
	h=$(blob_hlen "$2")
	dd if="$2" bs=1 count="$h" 2>/dev/null >f.hdr
	printf '%08x\n' "$(wc -c <"$3")" |
	    sed 's/\(..\)\(..\)\(..\)\(..\)/\4\3\2\1/' | hex2bin >f.len
	{ printf 'adjudicator signed message v1\000'; cat f.hdr f.len "$3"; } \
	    >f.msg
	openssl pkeyutl -sign -rawin -inkey f.pem -in f.msg -out f.sig ||
	    fail "openssl: cannot sign"
	cat f.hdr f.len "$3" f.sig >"$4"
}

# entry_of MSG KEY OUT: the signed entry inside a seat's private message
entry_of() {
	"$ADJ" open -k "$2" "$1" 2>/dev/null | sed -n 's/^entry: //p' |
	    base64 -d >"$3" || fail "no entry in $1"
}

# private SEATKEY ENTRYBLOB OUT: a private message to the judge for it
private() {
	{
		"$ADJ" open -k judge.key a1.msg 2>/dev/null |
		    sed -n '/^game: /p'
		echo "by: ${1%.key}"
		echo "kind: private"
		echo "entry: $(base64 <"$2" | tr -d '\n')"
	} >private.yaml
	"$ADJ" seal -k "$1" judge.pub private.yaml >"$3" || fail "seal"
}

# update SEAT BODYFILE OUT: an update from the judge to SEAT
update() {
	"$ADJ" seal -k judge.key "$1.pub" "$2" >"$3" || fail "seal"
}

# update_body SEAT ENTRYBLOB...: the body of an update carrying them; its
# seq is the last one's (none: the judge's seq, or $US_SEQ)
update_body() {
	us=$1
	shift
	"$ADJ" show -d J -f yaml | sed -n '/^game: /p'
	echo "kind: update"
	echo "for: $us"
	if [ $# -gt 0 ]; then
		for f in "$@"; do :; done
		blob_body "$f" | sed -n '/^seq: /p'
	else
		echo "seq: ${US_SEQ:-$(seq_of J)}"
	fi
	echo "entries:"
	for f in "$@"; do
		echo "- $(base64 <"$f" | tr -d '\n')"
	done
	[ $# -gt 0 ] || echo "  []"
}

# --- refusals ----------------------------------------------------------------

# judge_refuses FILE SEAT|-: the judge refuses FILE (exit 1 or 3), says so
# on its summary line, changes no transcript entry, and the sender (if
# known) gets an update whose note says why and that changes nothing else
judge_refuses() {
	"$ADJ" export -d J >jbefore.arc
	rm -rf mq
	set +e
	"$ADJ" judge -d J -O mq "$1" >jout 2>jerr
	rc=$?
	set -e
	[ "$rc" -eq 1 ] || [ "$rc" -eq 3 ] || {
		cat jout jerr >&2
		fail "judge $1: exit $rc, want 1 or 3"
	}
	grep -q ': refused$' jout || { cat jout >&2; fail "no 'refused' line"; }
	grep -q ': applied' jout && { cat jout >&2; fail "something applied"; }
	"$ADJ" export -d J | cmp -s - jbefore.arc ||
	    fail "the judge's transcript changed"
	if [ "$2" = - ]; then
		[ -z "$(ls mq 2>/dev/null)" ] || fail "updates for nobody: $(ls mq)"
		return 0
	fi
	[ "$(ls mq)" = "$2.msg" ] || fail "updates: $(ls mq), want $2.msg"
	d=$(seatdir "$2")
	s0=$(seq_of "$d")
	ADJUDICATOR_NOW=${ct_t:-${ADJUDICATOR_NOW:-}} \
	    expect 0 "$ADJ" receive -d "$d" "mq/$2.msg"
	err_has "the judge says: refused"
	[ "$(seq_of "$d")" = "$s0" ] || fail "$d's transcript changed"
}

test_refuse_two_spies() {
	jstart
	"$ADJ" setup -d A d2 >a1.msg
	"$ADJ" open -k judge.key a1.msg >body 2>/dev/null
	# alice's agent on e3 claimed a spy: two spies
	awk '/piece: e3$/ { p = 1 } p && /value:/ { sub(/agent/, "spy"); p = 0 }
	    { print }' body >bad.yaml
	grep -c 'value: spy' bad.yaml | grep -q '^2$' || fail "no second spy"
	"$ADJ" seal -k alice.key judge.pub bad.yaml >bad.msg
	judge_refuses bad.msg alice
	grep -q 'does not match its commitment' jout || fail "no reason"
	# the judge's refusal names the piece, never the committed value
	grep -q 'e3' jout || fail "the piece is not named"
	# short of an opening
	awk '/^- seat:/ { n++ } n != 5 { print }' body >short.yaml
	"$ADJ" seal -k alice.key judge.pub short.yaml >short.msg
	judge_refuses short.msg alice
	grep -q 'with 4 openings, not 5' jout || fail "no reason"
	# the honest setup is still welcome
	tojudge a1.msg
	grep -q 'applied' jout || fail "a1 not applied"
}

test_refuse_other_game() {
	jstart
	jsetups d2 b4
	# a second game, same seats, same judge
	"$ADJ" new -k bob.key -m judge -j judge.pub incognito alice.pub \
	    bob.pub >invite2.msg
	"$ADJ" join -d A2 -k alice.key invite2.msg 2>/dev/null
	"$ADJ" setup -d A2 d1 >g2a1.msg
	judge_refuses g2a1.msg alice
	grep -q 'belongs to game' jout || fail "no reason"
	# its invitation too
	judge_refuses invite2.msg -
	grep -q 'another game' jout || fail "no reason"
}

test_refuse_non_seat() {
	jstart
	keys carol
	"$ADJ" setup -d A d2 >a1.msg
	"$ADJ" open -k judge.key a1.msg >body 2>/dev/null
	"$ADJ" seal -k carol.key judge.pub body >carol.msg
	judge_refuses carol.msg -
	grep -q 'carol' jout || fail "carol not named"
	grep -q 'holds no seat' jout || fail "no reason"
}

test_refuse_not_to_judge() {
	jstart
	"$ADJ" setup -d A d2 >a1.msg
	"$ADJ" open -k judge.key a1.msg >body 2>/dev/null
	"$ADJ" seal -k alice.key bob.pub body >tobob.msg
	judge_refuses tobob.msg -
	grep -q 'not addressed to' jout || fail "no reason"
	# a message that is no message at all
	echo "hello" >junk.msg
	judge_refuses junk.msg -
}

test_refuse_seat_kind() {
	jstart
	"$ADJ" setup -d A d2 >a1.msg
	printf 'game: x\nby: alice\nkind: update\nentry: x\n' >k.yaml
	"$ADJ" seal -k alice.key judge.pub k.yaml >k.msg
	judge_refuses k.msg alice
}

test_refuse_out_of_turn() {
	jstart
	have_forge || { echo "skip: no openssl Ed25519" >&2; return 0; }
	jsetups d2 b4
	"$ADJ" turn -d A e3-c3 >a2.msg
	# bob's entry for seq 3, alice's turn: built from alice's a2 entry
	entry_of a2.msg judge.key a2.bin
	entry_of b1.msg judge.key b1.bin
	blob_body a2.bin | sed 's/^by: alice$/by: bob/;
	    s/from: e3/from: b4/; s/to: c3/to: b3/' >b.yaml
	grep -q '^by: bob$' b.yaml || fail "no bob entry"
	forge bob.key b1.bin b.yaml b.bin
	private bob.key b.bin b.msg
	judge_refuses b.msg bob
	# alice's turn still goes through
	tojudge a2.msg
	grep -q 'applied: White moves e3-c3' jout || fail "a2 not applied"
}

test_refuse_illegal_move() {
	jstart
	have_forge || { echo "skip: no openssl Ed25519" >&2; return 0; }
	jsetups d2 b4
	"$ADJ" turn -d A e3-c3 >a2.msg
	entry_of a2.msg judge.key a2.bin
	for to in e1 d2 c4 a3; do	# own castle, own piece, no line, bob's
		blob_body a2.bin | sed "s/to: c3/to: $to/" >x.yaml
		forge alice.key a2.bin x.yaml x.bin
		private alice.key x.bin "x$to.msg"
		judge_refuses "x$to.msg" alice
		grep -q 'e3' jout || fail "the square is not named"
	done
	# a signature that does not hold
	blob_body a2.bin | sed "s/to: c3/to: c4/" >x.yaml
	forge bob.key a2.bin x.yaml x.bin	# alice's header, bob's signature
	private alice.key x.bin xsig.msg
	judge_refuses xsig.msg alice
	tojudge a2.msg
}

test_refuse_fork() {
	jstart
	jsetups d2 b4
	jplay A a2.msg e3-c3
	cp -a B B2
	"$ADJ" turn -d B b4-b3 >b2.msg
	# bob's copy refuses a second entry before the judge's update
	expect 1 "$ADJ" turn -d B a3-a2
	err_has "bob's entry 4 is sent; waiting for the judge"
	# from a copy of his directory made before, a second seq 4
	"$ADJ" turn -d B2 a3-a2 >b2x.msg
	tojudge b2.msg
	judge_refuses b2x.msg bob
	# the proof that bob's key told two stories of entry 4, kept
	grep -q 'bob (key [0-9a-f]*) signed two different entries 4 on the same entry 3: proof that bob equivocated; the second is kept in J/aside/4-' jout ||
	    { cat jout >&2; fail "no reason"; }
	ls J/aside/4-*.entry >/dev/null 2>&1 || fail "the proof not kept"
}

# --- duplicates and early mail ------------------------------------------------

# A message already applied: the judge changes nothing and sends its seat
# again the updates from the one that carried that message on (the seat
# lost them, or it would not send it again); the seat holds them already
test_judge_twice() {
	judged_interrogation
	rm -rf mq
	snapshot J
	expect 0 "$ADJ" judge -d J -O mq a3.msg
	out_has "already applied"
	out_has "mq/alice.msg: 1 update for alice again"
	unchanged J
	[ "$(ls mq)" = alice.msg ] || fail "updates: $(ls mq)"
	snapshot A
	expect 0 "$ADJ" receive -d A mq/alice.msg
	err_has "held already"
	unchanged A
	rm -rf mq
	expect 0 "$ADJ" judge -d J -O mq a1.msg b1.msg a2.msg
	[ "$(grep -c 'already applied; nothing to do' out)" -eq 3 ] ||
	    fail "not 3 duplicates"
	unchanged J
	# alice's setup was seq 1: every update she was sent
	[ "$(grep -c BEGIN mq/alice.msg)" -eq "$("$ADJ" export -d A |
	    python3 "$TOP/tests/cli/entries.py" /dev/stdin At >/dev/null;
	    ls At | grep -c update-)" ] || fail "not every update to alice"
	# the invitation, mailed to the judge again
	expect 0 "$ADJ" judge -d J -O mq invite.msg
	out_has "nothing to do"
	unchanged J
}

# An update lost on the way: the judge's operator sends it again, the last
# one or every one from a seq on; a seat's directory names no seat
test_judge_resend() {
	jstart
	jsetups d2 b4
	"$ADJ" turn -d A e3-c3 >a2.msg
	"$ADJ" judge -d J -O mq a2.msg >/dev/null 2>&1 || fail "judge"
	"$ADJ" receive -d A mq/alice.msg 2>/dev/null || fail "alice"
	rm -rf mq		# bob's update is lost
	[ "$(seq_of B)" -eq 2 ] || fail "bob is not at seq 2"
	expect 2 "$ADJ" resend -d J
	one_line
	err_has "the judge's game directory: name the seat with -s SEAT"
	expect 2 "$ADJ" resend -d B -s bob
	err_has "only the judge names a seat"
	expect 2 "$ADJ" resend -d J -s carol
	err_has "-s carol: not a seat of this game"
	expect 2 "$ADJ" resend -d J -s bob -M
	err_has "no address for bob"
	expect 0 "$ADJ" resend -d J -s bob
	[ "$(grep -c BEGIN out)" -eq 1 ] || fail "not one update"
	mv out last.msg
	expect 0 "$ADJ" receive -d B last.msg
	[ "$(seq_of B)" -eq 3 ] || fail "bob did not get seq 3"
	# from seq 1 on: every update bob was sent, which he holds
	expect 0 "$ADJ" resend -d J -s bob 1
	[ "$(grep -c BEGIN out)" -eq 3 ] || fail "not the three updates"
	mv out all.msg
	snapshot B
	expect 0 "$ADJ" receive -d B all.msg
	unchanged B
	# a judge that has sent a seat nothing yet says so
	mkdir fresh
	cd fresh
	jstart
	expect 2 "$ADJ" resend -d J -s bob
	err_has "the judge has sent bob nothing yet"
}

test_judge_early() {
	jstart
	jsetups d2 b4
	cp -R J J0	# the judge as it was before a2
	jplay A a2.msg e3-c3
	jplay B b2.msg b4-b3
	jplay A a3.msg 'c3?b3'
	# two calls: b2 and a3 arrive before a2
	rm -rf J1 mq
	cp -R J0 J1
	expect 0 "$ADJ" judge -d J1 -O mq b2.msg
	out_has "bob: seq 4 arrived early; it waits for seq 3"
	[ -z "$(ls mq)" ] || fail "an update for a message that waits"
	expect 0 "$ADJ" judge -d J1 -O mq a3.msg
	out_has "waits for seq 3"
	expect 0 "$ADJ" judge -d J1 -O mq a2.msg
	out_has "alice: seq 3 applied"
	out_has "inbox: bob: seq 4 applied"
	out_has "inbox: alice: seq 5 applied"
	"$ADJ" export -d J >j.arc
	"$ADJ" export -d J1 >j1.arc
	cmp -s j.arc j1.arc || fail "the late judge's game differs"
	# one call, the mail in the wrong order
	rm -rf mq
	expect 0 "$ADJ" judge -d J0 -O mq a3.msg b2.msg a2.msg
	out_has "waits for seq 3"
	out_has "inbox: alice: seq 5 applied"
	"$ADJ" export -d J0 >j0.arc
	cmp -s j.arc j0.arc || fail "the judge's game differs"
	grep -q 'update for bob (5 entries)' out || fail "bob's update"
}

# --- secrecy -------------------------------------------------------------------

# openings_in SEAT FILE: every opening (seat piece value nonce) in an update
# FILE, in its own "open:" list and inside every entry it carries
openings_in() {
	"$ADJ" open -k "$1.key" "$2" >ubody 2>/dev/null || fail "open $2"
	{
		cat ubody
		sed -n 's/^- \([A-Za-z0-9+/=]*\)$/\1/p' ubody | while read -r b
		do
			printf '%s\n' "$b" | base64 -d | tr -c '[:print:]\n' '?'
			echo
		done
	} | awk '/seat:/ { s = $NF } /piece:/ { p = $NF } /value:/ { v = $NF }
	    /nonce:/ { print s, p, v, $NF }'
}

test_secrecy() {
	jstart
	jsetups d2 b4
	"$ADJ" open -k judge.key a1.msg >abody 2>/dev/null
	anonce=$(awk '/piece: d2$/ { p = 1 } p && /nonce:/ { print $2; exit }' \
	    abody)
	[ ${#anonce} -eq 64 ] || fail "no nonce for alice's spy"
	jplay A a2.msg e3-c3
	jplay B b2.msg a4-b3	# an agent next to c3
	jplay A a3.msg 'c3?b3'	# the judge opens c3 (e3) and b3 (a4)
	jplay B b3.msg a3-a2
	jplay A a4.msg d1-c2
	mid=$nupd
	for f in upd.*.bob; do
		openings_in bob "$f" >>bob.open
	done
	grep -q '^alice e3 agent ' bob.open || fail "bob never saw e3 opened"
	grep -q ' d2 ' bob.open && fail "bob saw alice's d2 opened"
	grep -rq "$anonce" B && fail "B holds alice's spy nonce"
	for f in upd.*.bob; do
		"$ADJ" open -k bob.key "$f" 2>/dev/null | grep -q "$anonce" &&
		    fail "$f: alice's spy nonce"
		true
	done
	"$ADJ" show -d B -f yaml >view
	awk '/- piece: d2$/ { p = 1; next } /- piece:/ { p = 0 }
	    p && /identity:/ { print $2 }' view >ident
	[ "$(cat ident)" = unknown ] || fail "bob's view: d2 is $(cat ident)"
	# and alice never sees bob's spy
	for f in upd.*.alice; do
		openings_in alice "$f" >>alice.open
	done
	grep -q '^bob a4 agent ' alice.open || fail "alice never saw a4"
	grep -q ' b4 ' alice.open && fail "alice saw bob's spy"
	# the end: only now does bob learn alice's spy
	jplay B b4.msg resign
	grep -q '^alice d2 spy ' bob.open && fail "too early"
	openings_in bob "upd.$nupd.bob" | grep -q "^alice d2 spy $anonce" ||
	    fail "the final update lacks alice's spy"
	[ "$nupd" -gt "$mid" ] || fail "no final update"
	jverified "alice won"
}

# --- a dishonest judge -----------------------------------------------------

test_dishonest_judge_entry() {
	jstart
	have_forge || { echo "skip: no openssl Ed25519" >&2; return 0; }
	jsetups d2 b4
	jplay A a2.msg e3-c3
	jplay B b2.msg b4-b3
	"$ADJ" turn -d A 'c3?b3' >a3.msg
	"$ADJ" judge -d J -O mq a3.msg >jout 2>jerr || fail "judge a3"
	entries J Jt
	# bob gets the first two of seq 5, 6, 7 honestly
	update_body bob Jt/000005 Jt/000006 >u56.yaml
	update bob u56.yaml u56.msg
	expect 0 "$ADJ" receive -d B u56.msg
	# seq 7, the judge's final openings, with a wrong nonce for alice's
	# spy, then with a wrong value: bob checks them against her commitment
	blob_body Jt/000007 >b7.yaml
	awk '/seat: alice/ { a = 1 } /piece:/ { p = $NF }
	    a && p == "d2" && /nonce:/ { sub(/nonce: ./, "nonce: " \
	    ($2 ~ /^0/ ? "1" : "0")); a = 0 } { print }' b7.yaml >w7.yaml
	awk '/seat: alice/ { a = 1 } /piece:/ { p = $NF }
	    a && p == "d2" && /value:/ { sub(/spy/, "agent"); a = 0 }
	    { print }' b7.yaml >v7.yaml
	cmp -s b7.yaml w7.yaml && fail "nonce not changed"
	cmp -s b7.yaml v7.yaml && fail "value not changed"
	for w in w7 v7; do
		forge judge.key Jt/000007 $w.yaml $w.bin
		update_body bob $w.bin >u$w.yaml
		update bob u$w.yaml u$w.msg
		snapshot B
		expect 1 "$ADJ" receive -d B u$w.msg
		one_line
		err_has "does not match its commitment"
		err_has "d2"
		unchanged B
	done
	# the judge's honest update: 5 and 6 again, then 7
	expect 0 "$ADJ" receive -d B mq/bob.msg
	"$ADJ" show -d B -f yaml | grep -q '^phase: closed$' || fail "B open"
	# the forged entry in an archive: verify refuses it
	{
		printf 'ADJA\001\000\000\000\010\000\000\000'
		for q in 0 1 2 3 4 5 6; do
			printf '%08x\n' "$(wc -c <Jt/00000$q)" |
			    sed 's/\(..\)\(..\)\(..\)\(..\)/\4\3\2\1/' | hex2bin
			cat Jt/00000$q
		done
		printf '%08x\n' "$(wc -c <v7.bin)" |
		    sed 's/\(..\)\(..\)\(..\)\(..\)/\4\3\2\1/' | hex2bin
		cat v7.bin
	} >forged.bin
	{
		echo "-----BEGIN ADJUDICATOR ARCHIVE-----"
		base64 -w 64 forged.bin
		echo "-----END ADJUDICATOR ARCHIVE-----"
	} >forged.arc
	"$ADJ" export -d J >j.arc
	expect 0 "$ADJ" verify j.arc
	expect 1 "$ADJ" verify forged.arc
	err_has "does not match its commitment"
	# the judge signed the lie: the judge is blamed, not alice
	err_has "the judge lied"
	grep -q "alice cheated" err && fail "alice blamed for the judge's lie"
	true
}

test_dishonest_judge_private_opening() {
	jstart
	jsetups d2 b4
	"$ADJ" open -k judge.key a1.msg >abody 2>/dev/null
	nonce=$(awk '/piece: e3$/ { p = 1 } p && /nonce:/ { print $2; exit }' \
	    abody)
	[ ${#nonce} -eq 64 ] || fail "no nonce for e3"
	# a wrong value, then a wrong nonce: refused, nothing changes
	for vn in "spy $nonce" "agent $(echo "$nonce" | tr 0-9a-f 1-9a-f0)"; do
		{
			update_body bob
			echo "open:"
			echo "- seat: alice"
			echo "  piece: e3"
			echo "  value: ${vn% *}"
			echo "  nonce: ${vn#* }"
		} >o.yaml
		update bob o.yaml o.msg
		snapshot B
		expect 1 "$ADJ" receive -d B o.msg
		err_has "does not match its commitment"
		unchanged B
	done
	# the right one: still refused, and bob learns nothing: an incognito
	# judge never shows a seat a piece privately
	{
		update_body bob
		echo "open:"
		echo "- seat: alice"
		echo "  piece: e3"
		echo "  value: agent"
		echo "  nonce: $nonce"
	} >o.yaml
	update bob o.yaml o.msg
	snapshot B
	expect 1 "$ADJ" receive -d B o.msg
	one_line
	err_has "shows bob alice's piece e3, and incognito shows no seat a piece privately"
	grep -q agent err && fail "the value in the refusal"
	unchanged B
	"$ADJ" show -d B -f yaml >view
	awk '/- piece: e3$/ { p = 1; next } /- piece:/ { p = 0 }
	    p && /identity:/ { print $2 }' view >ident
	[ "$(cat ident)" != agent ] || fail "bob learnt e3"
	# an update signed by someone else than the judge
	"$ADJ" seal -k alice.key bob.pub o.yaml >oa.msg
	snapshot B
	expect 1 "$ADJ" receive -d B oa.msg
	err_has "only the judge"
	unchanged B
	# an update for alice offered to bob
	sed 's/^for: bob$/for: alice/' o.yaml >oo.yaml
	update bob oo.yaml oo.msg
	expect 1 "$ADJ" receive -d B oo.msg
	err_has "not bob"
	unchanged B
}

# --- the archive ------------------------------------------------------------

test_judge_archive() {
	judged_interrogation
	jverified "alice won"
	entries J Jt
	# cut short before the judge's final openings: not a finished game
	{
		printf 'ADJA\001\000\000\000\007\000\000\000'
		for q in 0 1 2 3 4 5 6; do
			printf '%08x\n' "$(wc -c <Jt/00000$q)" |
			    sed 's/\(..\)\(..\)\(..\)\(..\)/\4\3\2\1/' | hex2bin
			cat Jt/00000$q
		done
	} >short.bin
	{
		echo "-----BEGIN ADJUDICATOR ARCHIVE-----"
		base64 -w 64 short.bin
		echo "-----END ADJUDICATOR ARCHIVE-----"
	} >short.arc
	set +e
	"$ADJ" verify short.arc >out 2>err
	rc=$?
	set -e
	[ "$rc" -ne 0 ] || fail "an unfinished game verifies"
}

test_judge_usage() {
	jstart
	expect 2 "$ADJ" judge -d J
	expect 2 "$ADJ" judge -d A -O mq invite.msg
	err_has "not the judge's"
	expect 2 "$ADJ" setup -d J d2
	expect 2 "$ADJ" turn -d J e3-c3
}

# An update is all or nothing: an honest new entry with a forged private
# opening is refused whole, and the entry is not stored either.
test_update_all_or_nothing() {
	jstart
	jsetups d2 b4
	"$ADJ" turn -d A e3-c3 >a2.msg
	"$ADJ" judge -d J -O mq a2.msg >jout 2>jerr || fail "judge"
	entries J Jt
	[ -f Jt/000003 ] || fail "no seq 3 at the judge"
	"$ADJ" open -k judge.key a1.msg >abody 2>/dev/null
	nonce=$(awk '/piece: e3$/ { p = 1 } p && /nonce:/ { print $2; exit }' \
	    abody)
	{
		update_body bob Jt/000003
		echo "open:"
		echo "- seat: alice"
		echo "  piece: e3"
		echo "  value: spy"
		echo "  nonce: $nonce"
	} >o.yaml
	update bob o.yaml o.msg
	snapshot B
	expect 1 "$ADJ" receive -d B o.msg
	err_has "does not match its commitment"
	unchanged B
	[ "$(seq_of B)" -eq 2 ] || fail "seq 3 stored from a refused update"
	# the judge's own update still brings seq 3
	expect 0 "$ADJ" receive -d B mq/bob.msg
	[ "$(seq_of B)" -eq 3 ] || fail "seq 3 missing"
}

# A power cut that takes the judge's unsynced record of the updates it
# sent, while the checkpoint written after it survives: the checkpoint
# goes beyond the journal, the journal is replayed, and the judge sends
# those updates again (adjudicator(1)); what the checkpoint said it had
# sent is not believed
test_judge_lost_sent_record_sent_again() {
	jstart
	"$ADJ" setup -d A d2 >a1.msg || fail "setup A"
	tojudge a1.msg
	cat jout jerr | grep -q 'update for alice (1 entry)' ||
	    fail "$(cat jout jerr)"
	# the journal cut after the synced commit of entry 1
	cut=$(python3 "$TOP/tests/cli/journal.py" list J/journal |
	    awk '$2 == "entry" && $3 == 1 { e = 1 }
	    e && $2 == "commit" { print $1 + 28; exit }')
	[ -n "$cut" ] && [ "$cut" -lt "$(wc -c <J/journal)" ] ||
	    fail "no lazy commit after entry 1"
	truncate -s "$cut" J/journal
	"$ADJ" setup -d B b4 >b1.msg || fail "setup B"
	tojudge b1.msg
	cat jout jerr >said
	grep -q 'update for alice (2 entries)' said &&
	    grep -q 'update for bob (2 entries)' said ||
	    fail "entry 1 not sent again: $(cat said)"
	# and the seats, which had it, go on
	jplay A a2.msg e3-c3
	[ "$(seq_of A)" -eq 3 ] && [ "$(seq_of B)" -eq 3 ] ||
	    fail "the seats are not at entry 3"
}
