# incognito between two seats, alice (White, A/) and bob (Black, B/),
# passing armored message files: whole games, mail delivery, resend,
# show, secrecy, and refused commands.  tamper.sh reuses start; the other
# peer-game helpers (play, deliver, setups, finish, verified) are in lib.sh.

# start [NEW-OPTIONS...]: keys, an invitation from alice, game dirs A and B
start() {
	peer_start incognito "$@"
}

# yaml_parses FILE: FILE is YAML (when a YAML parser is at hand)
yaml_parses() {
	if python3 -c 'import yaml' 2>/dev/null; then
		python3 -c 'import sys, yaml; yaml.safe_load(open(sys.argv[1]))' \
		    "$1" || fail "$1: not YAML"
	elif command -v yq >/dev/null 2>&1; then
		yq . "$1" >/dev/null || fail "$1: not YAML"
	fi
}

# The game of the manual: alice interrogates bob's spy on b3.  Messages
# a1 b1 a2 b2 a3 b3 (bob's opening and his final openings) a4.
interrogation_game() {
	start
	setups d2 b4
	play A a2.msg e3-c3
	play B b2.msg b4-b3
	play A a3.msg 'c3?b3'
	"$ADJ" show -d B | grep -q 'Your opening is due' ||
	    fail "bob is not told his opening is due"
	play B b3.msg
	play A a4.msg
}

# splits FILE into FILE.1, FILE.2, ...: one armored message each
split_msgs() {
	awk -v f="$1" '/^-----BEGIN/ { n++ } n { print > (f "." n) }' "$1"
}

test_game_interrogation() {
	interrogation_game
	[ "$(grep -c '^-----BEGIN' b3.msg)" -eq 2 ] ||
	    fail "bob's opening and final openings: expected 2 messages"
	finish
	verified "alice won"
	out_has "spy"
}

test_game_castle() {
	start
	setups d2 c5
	play A a2.msg e3-c3
	play B b2.msg c5-e5	# bob's spy
	play A a3.msg e2-d3	# the e file is open
	play B b3.msg e5-e1
	"$ADJ" show -d A | grep -q 'Game over: bob won' || fail "A: not over"
	finish
	verified "bob won"
	out_has "castle"
}

test_game_castle_by_white() {
	start
	setups e3 c5
	play A a2.msg e3-e4	# alice's spy
	play B b2.msg a4-b3
	play A a3.msg e2-e3
	play B b3.msg b4-c3	# rank 4 is open
	play A a4.msg e4-a4
	play B b4.msg c5-d5
	play A a5.msg a4-a5	# into bob's castle along the a file
	"$ADJ" show -d B | grep -q 'Game over: alice won' || fail "B: not over"
	finish
	verified "alice won"
	out_has "castle"
}

test_game_resign() {
	start
	setups d2 b4
	play A a2.msg e3-c3
	play B b2.msg resign
	finish
	verified "alice won"
	out_has "resign"
}

test_game_draw() {
	start
	setups d1 a3
	play A a2.msg draw
	"$ADJ" show -d B | grep -q 'Draw offered by alice' ||
	    fail "bob does not see the offer"
	play B b2.msg accept
	finish
	verified "draw"
	out_has "draw agreed"
}

test_game_draw_declined() {
	start
	setups d1 a3
	play A a2.msg draw
	play B b2.msg decline
	"$ADJ" show -d A -f yaml | grep -q '^  over: no' || fail "game over"
	play A a3.msg e3-c3
	play B b3.msg resign
	finish
	verified "alice won"
}

test_game_limit() {
	start -o limit=1
	setups d2 b4
	play A a2.msg e3-c3
	play B b2.msg b4-b3
	"$ADJ" show -d A | grep -q 'Game over: a draw' || fail "no draw"
	finish
	verified "draw"
}

test_receive_twice() {
	interrogation_game
	snapshot B
	expect 0 "$ADJ" receive -d B a3.msg
	err_has "already applied"
	unchanged B
	snapshot A
	expect 0 "$ADJ" receive -d A b3.msg
	err_has "seq 6 already applied"
	err_has "seq 7 already applied"
	unchanged A
}

test_receive_early_waits() {
	interrogation_game
	# a fresh copy of alice's game that has seen up to seq 5
	"$ADJ" join -d C -k alice.key invite.msg 2>/dev/null
	for m in a1 b1 a2 b2 a3; do
		deliver C $m.msg
	done
	cp -r C D
	split_msgs b3.msg
	expect 0 "$ADJ" receive -d C b3.msg.2
	err_has "seq 7 arrived early"
	[ "$(seq_of C)" -eq 5 ] || fail "seq 7 applied before seq 6"
	expect 0 "$ADJ" receive -d C b3.msg.2	# still waiting
	err_has "early"
	expect 0 "$ADJ" receive -d C b3.msg.1
	err_has "seq 6 applied"
	err_has "seq 7 applied"
	[ "$(seq_of C)" -eq 7 ] || fail "the inbox was not applied"
	# both in one call, in the wrong order
	cat b3.msg.2 b3.msg.1 >rev.msg
	expect 0 "$ADJ" receive -d D rev.msg
	err_has "seq 7 arrived early"
	err_has "seq 7 applied"
	for d in C D; do
		deliver $d a4.msg
		"$ADJ" export -d A >a.arc
		"$ADJ" export -d $d | cmp -s - a.arc || fail "$d differs from A"
	done
}

test_receive_several() {
	interrogation_game
	# every message of the game, in one file, into a fresh copy
	cat a1.msg b1.msg a2.msg b2.msg a3.msg b3.msg a4.msg >all.msg
	"$ADJ" join -d C -k bob.key invite.msg 2>/dev/null
	expect 0 "$ADJ" receive -d C all.msg
	err_has "message 8: seq 8 applied"
	"$ADJ" export -d A >a.arc
	"$ADJ" export -d C | cmp -s - a.arc || fail "C differs from A"
	# several files in one call
	"$ADJ" join -d D -k bob.key invite.msg 2>/dev/null
	expect 0 "$ADJ" receive -d D a1.msg b1.msg a2.msg b2.msg a3.msg \
	    b3.msg a4.msg
	"$ADJ" export -d D | cmp -s - a.arc || fail "D differs from A"
}

test_receive_quoted_mail() {
	start
	setups d2 b4
	"$ADJ" turn -d A e3-c3 >a2.msg
	{
		echo "From: alice@example.org"
		echo "Subject: Re: incognito"
		echo
		echo "My move, see below."
		echo
		sed 's/^/> /' a2.msg
		echo
		echo "-- "
		echo "alice"
	} >reply.txt
	expect 0 "$ADJ" receive -d B reply.txt
	err_has "seq 3 applied"
}

test_receive_mime_base64() {
	start
	setups d2 b4
	"$ADJ" turn -d A e3-c3 >a2.msg
	{
		printf 'From: alice@example.org\r\n'
		printf 'To: bob@example.org\r\n'
		printf 'Subject: incognito\r\n'
		printf 'MIME-Version: 1.0\r\n'
		printf 'Content-Type: multipart/mixed; boundary="XyZ"\r\n'
		printf '\r\n'
		printf -- '--XyZ\r\n'
		printf 'Content-Type: text/plain; charset=utf-8\r\n'
		printf 'Content-Transfer-Encoding: base64\r\n'
		printf '\r\n'
		base64 a2.msg | sed 's/$/\r/'
		printf -- '--XyZ--\r\n'
	} >mail.eml
	grep -q 'BEGIN ADJUDICATOR' mail.eml && fail "armor visible in mail"
	expect 0 "$ADJ" receive -d B mail.eml
	err_has "seq 3 applied"
}

test_resend() {
	interrogation_game
	expect 0 "$ADJ" resend -d A
	cmp -s out a4.msg || fail "resend: not what turn printed"
	expect 0 "$ADJ" resend -d A 3
	cmp -s out a2.msg || fail "resend 3: not what turn printed"
	expect 0 "$ADJ" resend -d B 2
	cmp -s out b1.msg || fail "resend 2: not what setup printed"
	# bob's last turn printed two messages (seq 6 and 7)
	{ "$ADJ" resend -d B 6 && "$ADJ" resend -d B 7; } >both
	cmp -s both b3.msg || fail "resend 6, 7: not what turn printed"
	# without SEQ: everything the last turn printed, finals included
	expect 0 "$ADJ" resend -d B
	cmp -s out b3.msg || fail "resend: not both messages of the last turn"
	for seq in 4 99; do	# bob's entry, no entry
		set +e
		"$ADJ" resend -d A $seq >out 2>err
		rc=$?
		set -e
		[ "$rc" -eq 1 ] || [ "$rc" -eq 2 ] || fail "resend $seq: exit $rc"
		one_line
		[ ! -s out ] || fail "resend $seq printed something"
	done
}

test_show() {
	interrogation_game
	for d in A B; do
		expect 0 "$ADJ" show -d $d -f yaml
		yaml_parses out
		out_has "^phase: closed"
		out_has "winners: \[alice\]"
		expect 0 "$ADJ" show -d $d -f text
		out_has "Game over: alice won"
		expect 0 "$ADJ" show -d $d
		out_has "Game over: alice won"
	done
	expect 2 "$ADJ" show -d A -f nonsense
	one_line
}

test_show_midgame() {
	start
	setups d2 b4
	play A a2.msg e3-c3
	expect 0 "$ADJ" show -d B -f yaml
	yaml_parses out
	out_has "^seat: bob"
	out_has "^seq: 3"
	expect 0 "$ADJ" show -d A -f text
	out_has "You are alice"
}

# the nonce of alice's spy, from her setup in A/journal
alice_spy_nonce() {
	awk '/^- seat:/ { p = ""; s = "" } /^  piece:/ { p = $2 }
	    /^  value: spy/ { s = p }
	    /^  nonce:/ && s == p && s != "" { print $2; exit }' A/journal
}

# no_alice_spy FILE: FILE holds no opening of alice's spy
no_alice_spy() {
	awk '/seat: alice/ { a = 1; next } /seat:/ { a = 0 }
	    a && /value: spy/ { exit 1 }' "$1" ||
	    fail "$1: opens alice's spy"
}

test_secrecy() {
	start
	setups d2 b4
	nonce=$(alice_spy_nonce)
	[ ${#nonce} -eq 64 ] || fail "no spy nonce in A/journal"
	check_bob() {
		"$ADJ" open -k bob.key "$1" >body 2>/dev/null || fail "open $1"
		no_alice_spy body
		grep -q "$nonce" body && fail "$1: alice's spy nonce"
		"$ADJ" show -d B -f yaml >view
		awk '/- piece: d2$/ { p = 1; next } /- piece:/ { p = 0 }
		    p && /identity:/ { print $2 }' view >ident
		[ "$(cat ident)" = unknown ] ||
		    fail "bob's view: alice's spy is $(cat ident)"
		"$ADJ" show -d B >view.txt
		grep -q 'Ws' view.txt && fail "bob's text view shows Ws"
		grep -rq "$nonce" B && fail "B holds alice's spy nonce"
		grep -rqi "value: spy" B/transcript && {
			grep -rl "value: spy" B/transcript | while read -r f; do
				no_alice_spy "$f"
			done
		}
		true
	}
	check_bob a1.msg
	# alice interrogates with an agent (an interrogator is opened)
	play A a2.msg e3-c3
	check_bob a2.msg
	play B b2.msg a4-b3	# an agent next to c3
	play A a3.msg 'c3?b3'	# e3 (agent) questions a4 (agent)
	check_bob a3.msg
	play B b3.msg a3-a2	# opens a4 (c3 is removed), then moves
	play A a4.msg d1-c2
	check_bob a4.msg
	play B b4.msg resign
	"$ADJ" show -d B -f yaml | grep -q '^  over: yes' || fail "not over"
	check_bob a4.msg
	# alice's final openings: the first thing bob sees of her spy
	play A a5.msg
	"$ADJ" open -k bob.key a5.msg 2>/dev/null | grep -q "$nonce" ||
	    fail "alice's final openings lack her spy"
	finish
	verified "alice won"
	# only now may bob see it
	grep -rq "$nonce" B || fail "the final openings lack alice's spy"
}

test_setup_bad_layout() {
	start
	snapshot A
	expect 2 "$ADJ" setup -d A z9
	one_line
	[ ! -s out ] || fail "setup printed a message"
	unchanged A
	expect 2 "$ADJ" setup -d A b4	# bob's piece
	one_line
	unchanged A
	expect 2 "$ADJ" setup -d B d2
	one_line
	no_secret B
}

test_setup_twice() {
	start
	setups d2 b4
	snapshot A
	expect 1 "$ADJ" setup -d A d1
	one_line
	unchanged A
}

test_turn_illegal() {
	start
	setups d2 b4
	snapshot A
	for act in e3-e5x e3-d1 e2-e2 c1-a2 e3-b5 'c1?c2' e1-e2 e3-c3,e2-e4 \
	    'e3?e4' e3-a3 d1-f1 pass accept decline ''; do
		set +e
		"$ADJ" turn -d A "$act" >out 2>err
		rc=$?
		set -e
		[ "$rc" -eq 1 ] || [ "$rc" -eq 2 ] ||
		    fail "turn $act: exit $rc"
		one_line
		[ ! -s out ] || fail "turn $act printed a message"
	done
	unchanged A
}

test_turn_illegal_move() {
	start
	setups d2 b4
	snapshot A
	expect 1 "$ADJ" turn -d A e3-e1	# onto its own castle
	one_line
	[ ! -s out ] || fail "printed a message"
	expect 1 "$ADJ" turn -d A d2-d1	# occupied
	one_line
	expect 1 "$ADJ" turn -d A c1-a3	# onto bob's piece
	one_line
	expect 2 "$ADJ" turn -d A e3-e5x	# not an action
	one_line
	unchanged A
}

test_turn_nonspy_castle() {
	start
	setups d2 b4
	play A a2.msg e3-c3
	play B b2.msg c5-e5	# an agent
	play A a3.msg e2-d3
	snapshot B
	expect 1 "$ADJ" turn -d B e5-e1
	one_line
	err_has "e1"
	[ ! -s out ] || fail "printed a message"
	unchanged B
}

test_turn_out_of_turn() {
	start
	setups d2 b4
	snapshot B
	expect 1 "$ADJ" turn -d B b4-b3
	one_line
	err_has "alice"
	unchanged B
	play A a2.msg e3-c3
	snapshot A
	expect 1 "$ADJ" turn -d A c3-c4
	one_line
	unchanged A
}

test_turn_before_setup() {
	start
	snapshot A
	expect 1 "$ADJ" turn -d A e3-c3
	one_line
	unchanged A
}

test_join_existing() {
	start
	snapshot A
	expect 1 "$ADJ" join -d A -k alice.key invite.msg
	one_line
	err_has "exists"
	unchanged A
}

test_receive_no_gamedir() {
	start
	setups d2 b4
	"$ADJ" turn -d A e3-c3 >a2.msg
	expect 2 "$ADJ" receive a2.msg
	one_line
	expect 2 "$ADJ" turn e3-c3
	one_line
}

# Squares as a player may type them, in capitals: read in small letters,
# written so in the entry
test_capital_squares() {
	peer_start incognito
	"$ADJ" setup -d A D2 >a1.msg || fail "setup D2"
	deliver B a1.msg
	"$ADJ" setup -d B B4 >b1.msg || fail "setup B4"
	deliver A b1.msg
	play A a2.msg E3-C3
	"$ADJ" show -d B | grep -q '^Last: White moves e3-c3\.$' ||
	    { "$ADJ" show -d B >&2; fail "not e3-c3"; }
	expect 0 "$ADJ" turn -n -d B RESIGN
}
