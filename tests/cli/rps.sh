# incognito-rps between alice (White, A/) and bob (Black, B/) through real
# keys and armored message files, in peer mode and through a judge (J/):
# whole games with a combat, a swap and a finish; secrecy of the pieces
# that never fought; refused setups and a forged defender's opening.

# rstart [NEW-OPTIONS...]: keys, an invitation from alice, game dirs A B;
# the other peer-game helpers are lib.sh's
rstart() {
	peer_start incognito-rps "$@"
}

# no_alice_value FILE FOUGHT...: FILE (an entry as YAML) opens no piece of
# alice but those named FOUGHT
no_alice_value() {
	nf=$1
	shift
	awk -v ok=" $* " '
	    /^- seat:/ { s = $3; p = "" }
	    /^  piece:/ { p = $2 }
	    /^  value:/ && s == "alice" && index(ok, " " p " ") == 0 {
		print "alice piece " p " opened: " $2; bad = 1 }
	    END { exit bad }' "$nf" >&2 || fail "$nf opens an alice piece"
}

# bob_checks FILE FOUGHT...: what bob can read of FILE, and his view,
# show nothing of alice's pieces but those named FOUGHT
bob_checks() {
	bf=$1
	shift
	"$ADJ" open -k bob.key "$bf" >body 2>/dev/null || fail "open $bf"
	no_alice_value body "$@"
	"$ADJ" show -d B -f yaml >view
	awk -v ok=" $* " '
	    /^  - piece:/ { p = $3; c = "" }
	    /^    colour:/ { c = $2 }
	    /^    identity:/ && c == "white" && index(ok, " " p " ") == 0 &&
		$2 != "unknown" { print "bob sees " p " as " $2; bad = 1 }
	    END { exit bad }' view >&2 || fail "bob's view after $bf"
	grep -c 'colour: white' view | grep -q '^9$' ||
	    fail "bob's view lists not 9 white pieces"
}

# The peer game: a tie in combat (alice attacks, bob opens), a swap each,
# bob resigns.  Messages a1 b1 a2 b2 a3 b3 a4 b4 (with bob's finals).
peer_game() {
	rstart
	setups RPSSPR/RPS RPSSPR/RPS
	bob_checks a1.msg
	play A a2.msg a3-a5
	bob_checks a2.msg
	play B b2.msg f6-f5
	play A a3.msg a5xa6	# opens alice's a3 (rock)
	bob_checks a3.msg a3
	"$ADJ" show -d B | grep -q 'Waiting: bob must open a6' ||
	    fail "bob is not told to open a6"
	"$ADJ" show -d A | grep -q 'Waiting: bob must open a6' ||
	    fail "alice does not wait for a6"
	play B b3.msg swap b6 r1	# bob's opening first, then the swap
	"$ADJ" show -d A | grep -q 'rock against rock, both stay' ||
	    fail "alice does not see the combat"
	play A a4.msg swap c3 r2
	bob_checks a4.msg a3
	"$ADJ" show -d B | grep -q ' White reserve: c3 ? r1 ? r3 ? (swap used)' ||
	    fail "bob's view of alice's reserve"
	"$ADJ" show -d B | grep -q '^ 3   . W? W? W? W? W?$' ||
	    fail "bob's view of rank 3"
}

test_rps_peer_game() {
	peer_game
	play B b4.msg resign
	"$ADJ" show -d A | grep -q 'Game over: alice won' || fail "A: not over"
	bob_checks b4.msg a3
	finish
	verified "alice won"
	out_has "resign"
	# the checks bite: alice's final openings open every piece
	"$ADJ" open -k bob.key f1A.msg >body 2>/dev/null || fail "open f1A"
	if (no_alice_value body a3) 2>/dev/null; then
		fail "alice's final openings pass the secrecy check"
	fi
}

test_rps_peer_two_in_camp() {
	rstart
	setups RPSSPR/RPS SSPRRP/PSR
	n=1
	for mv in c3-c5 d6-d4 c5-d5 e6-e4 swap\ d5\ r3 a6-a5 d5-d6 a5-a4 \
	    d6-d7 b6-b5 f3-f5 b5-b4 f5-e5 c6-c5 e5-e6 f6-f5; do
		n=$((n + 1))
		case $((n % 2)) in
		0) play A "a$n.msg" "$mv"; bob_checks "a$n.msg" ;;
		1) play B "b$n.msg" "$mv" ;;
		esac
	done
	play A win.msg e6-e7
	"$ADJ" show -d B | grep -q 'Game over: alice won (White has two pieces in the enemy camp)' ||
	    fail "B: not won by two in camp"
	finish
	verified "alice won"
	out_has "two pieces in the enemy camp"
}

test_rps_setup_small_letters() {
	rstart
	"$ADJ" setup -d A rpsspr/rps >a1.msg || fail "setup in small letters"
	deliver B a1.msg
}

test_rps_setup_four_rocks() {
	rstart
	snapshot A
	set +e
	"$ADJ" setup -d A RRRRPP/PSS >out 2>err
	rc=$?
	set -e
	[ "$rc" -eq 1 ] || [ "$rc" -eq 2 ] || fail "setup: exit $rc"
	one_line
	err_has "not 3 of each"
	[ ! -s out ] || fail "setup printed a message"
	unchanged A
	no_secret A
	expect 2 "$ADJ" setup -d A RPSSPR/RPSS
	one_line
	unchanged A
	expect 0 "$ADJ" setup -d A RPSSPR/RPS
}

test_rps_forged_defender_opening() {
	rstart
	setups RPSSPR/RPS SSPRRP/PSR
	play A a2.msg a3-a5
	play B b2.msg f6-f5
	play A a3.msg a5xa6	# rock against bob's scissors on a6
	"$ADJ" turn -d B >b3.msg 2>/dev/null || fail "bob's opening"
	"$ADJ" open -k bob.key b3.msg >open.yaml 2>/dev/null || fail "open"
	grep -q 'value: scissors' open.yaml || fail "no opening of a6"
	sed 's/value: scissors/value: paper/' open.yaml >forged.yaml
	"$ADJ" seal -k bob.key alice.pub bob.pub forged.yaml >forged.msg ||
	    fail "seal"
	snapshot A
	expect 1 "$ADJ" receive -d A forged.msg
	one_line
	unchanged A
	deliver A b3.msg
	"$ADJ" show -d A | grep -q 'rock beats scissors' || fail "not resolved"
}

# judge mode: dirs J A B; each seat's message goes to the judge, whose
# updates (out/SEAT.msg) the seats receive
jrstart() {
	keys alice bob judge
	"$ADJ" new -k alice.key -m judge -j judge.pub incognito-rps \
	    alice.pub bob.pub >invite.msg || fail "new"
	for x in J:judge A:alice B:bob; do
		"$ADJ" join -d "${x%%:*}" -k "${x#*:}.key" invite.msg \
		    2>/dev/null || fail "join $x"
	done
	nupd=0
}

jrseat() {
	case $1 in alice) echo A ;; bob) echo B ;; *) fail "no seat $1" ;; esac
}

# jrjudge FILE: the judge applies FILE; the seats receive its updates,
# kept as upd.N.SEAT; bob's are checked for secrecy
jrjudge() {
	"$ADJ" judge -d J -O out "$1" >jout 2>jerr || {
		cat jout jerr >&2
		fail "judge $1"
	}
	for s in alice bob; do
		[ -f "out/$s.msg" ] || continue
		nupd=$((nupd + 1))
		mv "out/$s.msg" "upd.$nupd.$s"
		"$ADJ" receive -d "$(jrseat $s)" "upd.$nupd.$s" >rout 2>rerr || {
			cat rerr >&2
			fail "$s refuses upd.$nupd.$s"
		}
		if [ "$s" = bob ] && [ -z "$jrover" ]; then
			bob_checks "upd.$nupd.bob" $jrfought
		fi
	done
}

# jrplay DIR FILE [ACTION]: DIR's turn through the judge
jrplay() {
	pdir=$1 pfile=$2
	shift 2
	"$ADJ" turn -d "$pdir" "$@" >"$pfile" 2>terr || {
		cat terr >&2
		fail "turn -d $pdir $*"
	}
	jrjudge "$pfile"
}

test_rps_judge_game() {
	jrover= jrfought=
	jrstart
	"$ADJ" setup -d A RPSSPR/RPS >a1.msg || fail "setup A"
	jrjudge a1.msg
	"$ADJ" setup -d B SSPRRP/PSR >b1.msg || fail "setup B"
	jrjudge b1.msg
	jrplay A a2.msg a3-a5
	jrplay B b2.msg f6-f5
	jrfought=a3
	jrplay A a3.msg a5xa6	# the judge opens a6 at once
	"$ADJ" show -d A | grep -q 'rock beats scissors; the attacker takes the square' ||
	    fail "A: the combat is not resolved"
	"$ADJ" show -d B | grep -q 'rock beats scissors' ||
	    fail "B: the combat is not resolved"
	jrplay B b3.msg swap b6 r1
	jrplay A a4.msg swap c3 r2
	"$ADJ" show -d B | grep -q ' White reserve: c3 ? r1 ? r3 ? (swap used)' ||
	    fail "bob's view of alice's reserve"
	jrover=yes
	jrplay B b4.msg resign
	for d in J A B; do
		"$ADJ" show -d "$d" -f yaml | grep -q '^phase: closed$' ||
		    fail "$d: game not closed"
	done
	rmdir out	# every update was received
	judged_exports J A B
	out_has "^result: alice won"
}

test_rps_rules_say_three_of_each() {
	expect 0 "$ADJ" rules incognito-rps
	tr '\n' ' ' <out | grep -q 'three of each' || fail "no 'three of each'"
}
