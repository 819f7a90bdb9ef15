# knights through real keys and armored files: whole games with 2, 3 and 4
# seats, teams and the alliance, in peer mode (every message to every seat,
# each seat's adjudicator checking it) and through a judge, each verified,
# verify printing the final score of every colour and team.  Seats alice,
# bob, carol and dave keep their games in A, B, C and D; the judge in J.

# kseats N: the seats of an N-seat game
kseats() {
	case $1 in
	2) echo "alice bob" ;;
	3) echo "alice bob carol" ;;
	4) echo "alice bob carol dave" ;;
	*) fail "no $1-seat game" ;;
	esac
}

kdir() {
	case $1 in
	alice) echo A ;; bob) echo B ;; carol) echo C ;; dave) echo D ;;
	*) fail "no seat $1" ;;
	esac
}

# kstart N [NEW-OPTIONS...]: keys, alice's invitation, a directory a seat
kstart() {
	kall=$(kseats "$1")
	shift
	keys $kall
	kpubs=""
	for s in $kall; do
		kpubs="$kpubs $s.pub"
	done
	"$ADJ" new -k alice.key "$@" knights $kpubs >invite.msg || fail "new"
	for s in $kall; do
		"$ADJ" join -d "$(kdir $s)" -k $s.key invite.msg 2>/dev/null ||
		    fail "join $s"
	done
	kn=0
}

# kplay SEAT ACTION: SEAT's turn (m.N.msg), received by every other seat
kplay() {
	kn=$((kn + 1))
	"$ADJ" turn -d "$(kdir "$1")" "$2" >"m.$kn.msg" 2>terr || {
		cat terr >&2
		fail "turn $1 $2"
	}
	[ -s "m.$kn.msg" ] || fail "turn $1 $2: no message"
	for s in $kall; do
		[ "$s" = "$1" ] || deliver "$(kdir $s)" "m.$kn.msg"
	done
}

# kgame SEAT:ACTION...: the turns, in order
kgame() {
	for t in "$@"; do
		kplay "${t%%:*}" "${t#*:}"
	done
}

# kverified RESULT: every seat closed, every export the same, verify
# accepts it and names RESULT
kverified() {
	for s in $kall; do
		"$ADJ" show -d "$(kdir $s)" -f yaml | grep -q '^phase: closed$' ||
		    fail "$s: game not closed"
		"$ADJ" export -d "$(kdir $s)" >"$s.arc" || fail "export $s"
		cmp -s alice.arc "$s.arc" || fail "$s's export differs"
	done
	expect 0 "$ADJ" verify alice.arc
	out_has "^result: $1"
}

# --- judged games ------------------------------------------------------------

# kjstart N [NEW-OPTIONS...]: as kstart, refereed by a judge (J)
kjstart() {
	kall=$(kseats "$1")
	shift
	keys $kall judge
	kpubs=""
	for s in $kall; do
		kpubs="$kpubs $s.pub"
	done
	"$ADJ" new -k alice.key -m judge -j judge.pub "$@" knights $kpubs \
	    >invite.msg || fail "new"
	"$ADJ" join -d J -k judge.key invite.msg 2>/dev/null || fail "join J"
	for s in $kall; do
		"$ADJ" join -d "$(kdir $s)" -k $s.key invite.msg 2>/dev/null ||
		    fail "join $s"
	done
	kn=0
}

# kjplay SEAT ACTION [TURN-OPTION...]: SEAT's turn to the judge, its
# updates to the seats (what each seat's receive said: rout.SEAT)
kjplay() {
	kn=$((kn + 1))
	kseat=$1 kact=$2
	shift 2
	"$ADJ" turn -d "$(kdir "$kseat")" "$@" $kact >"m.$kn.msg" 2>terr || {
		cat terr >&2
		fail "turn $kseat $kact"
	}
	rm -rf mq
	"$ADJ" judge -d J -O mq "m.$kn.msg" >jout 2>jerr || {
		cat jout jerr >&2
		fail "judge m.$kn.msg"
	}
	for s in $kall; do
		[ -f "mq/$s.msg" ] || fail "no update for $s"
		deliver "$(kdir $s)" "mq/$s.msg"
		cat rout rerr >"rout.$s"
	done
}

kjgame() {
	for t in "$@"; do
		kjplay "${t%%:*}" "${t#*:}"
	done
}

# kjverified RESULT: closed everywhere, the judge's and every seat's export
# verify to the same game, naming RESULT
kjverified() {
	for d in J $(for s in $kall; do kdir $s; done); do
		"$ADJ" show -d "$d" -f yaml | grep -q '^phase: closed$' ||
		    fail "$d: game not closed"
	done
	judged_exports J $(for s in $kall; do kdir $s; done)
	out_has "^result: $1"
}

# --- peer games --------------------------------------------------------------

# red fills yellow's front row: a row of 4 is 16 and wins the race at once
RACE="alice:c2-d4 bob:j11-h10 alice:d4-e6 bob:h10-f11 alice:e6-f8
bob:f11-h10 alice:f8-g10 bob:h10-f11 alice:g10-h12 bob:f11-h10 alice:h12-i10
bob:h10-f11 alice:d1-e3 bob:f11-h10 alice:e3-f5 bob:h10-f11 alice:f5-g7
bob:f11-h10 alice:g7-h9 bob:h10-f11 alice:h9-j10 bob:f11-h10 alice:b2-c4
bob:h10-f11 alice:c4-d6 bob:f11-h10 alice:d6-f7 bob:h10-f11 alice:f7-h8
bob:f11-h10 alice:h8-j9 bob:h10-f11 alice:j9-l10 bob:f11-d10 alice:d2-e4
bob:d10-f11 alice:e4-f6 bob:f11-d10 alice:f6-g8 bob:d10-f11 alice:g8-i9
bob:f11-d10 alice:i9-k10"

test_two_seats_race() {
	kstart 2
	kgame $RACE
	"$ADJ" show -d B | grep -q 'Game over: alice won' || fail "B: not over"
	# no setups: the closing line does not speak of any
	"$ADJ" show -d B | grep -q '^Closed: the game is over; verify the export\.$' ||
	    fail "B: closing line"
	kverified "alice won (red (alice) reached 16 points of placement and lines)"
	out_has "^Score: red (alice) 8, yellow (bob) -14\.$"
}

test_three_seats_resign_capture_limit() {
	kstart 3 -o limit=9
	kgame alice:c2-d4 bob:k3-i4 carol:j11-h10
	kplay alice resign
	"$ADJ" show -d B | grep -q 'To act: bob' || fail "red not skipped"
	kgame bob:i4-g5 carol:h10-f9 bob:g5-e6 carol:f9-d8 bob:e6-d4 \
	    carol:d8-f7
	kverified "bob won (the limit of 9 turns; the final count: blue (bob) wins with -13)"
	out_has "^Score: red (alice) -14, blue (bob) -13, yellow (carol) -14\.$"
}

# Four seats: a colour that resigns stays and scores, so the last to
# resign may share first place with the seat still playing.  turn says
# so, with -n before and without it as it goes, and says nothing while
# the game goes on.
test_four_seats_last_resignation_says_the_result() {
	kstart 4
	kplay alice resign
	[ ! -s terr ] || { cat terr >&2; fail "alice's resignation ends it"; }
	kgame bob:resign carol:j11-h10 dave:b10-d9
	why="only one side is still playing; the final count: yellow (carol) \
and green (dave) share first place with -14"
	expect 0 "$ADJ" turn -n -d C resign
	one_line
	err_has "^your resignation would end the game: a draw ($why)\$"
	expect 0 "$ADJ" turn -d C resign
	one_line
	err_has "^your resignation ends the game: a draw ($why)\$"
	cp out m.c.msg
	for d in A B D; do
		deliver $d m.c.msg
	done
	kverified "draw ($why)"
}

test_four_seats_limit() {
	kstart 4 -o limit=8
	kgame alice:c2-d4 bob:k3-i4 carol:j11-h10 dave:b10-d9 alice:d2-e4 \
	    bob:i4-g5 carol:h10-g8 dave:d9-f10
	kverified "alice won (the limit of 8 turns; the final count: red (alice) wins with -12)"
	out_has "^Score: red (alice) -12, blue (bob) -14, yellow (carol) -14, green (dave) -14\.$"
}

# "Four people play a team game by mail, each seat's adjudicator checks
# every move": a forged move that the turn verb would refuse is refused by
# every seat that receives it
test_teams_by_mail() {
	kstart 4 -o teams=yes -o limit=13
	kgame alice:c2-d4 bob:k3-i4 carol:j11-h10 dave:b10-d9 alice:d4-c6 \
	    bob:i4-g5 carol:h10-g8 dave:d9-f10 alice:d2-e4 bob:g5-e4 \
	    carol:g8-e7 dave:f10-d9
	"$ADJ" show -d A | grep -q 'You are alice (seat 1 of 4, red, with yellow)' ||
	    fail "alice's role"
	expect 1 "$ADJ" turn -d A c6-e7
	err_has "allied (yellow) knight"
	# alice's legal move, made illegal and signed again by alice
	"$ADJ" turn -d A c6-d8 >good.msg || fail "turn"
	"$ADJ" open -k bob.key good.msg 2>/dev/null >good.yaml || fail "open"
	sed 's/^  to: d8$/  to: e7/' good.yaml >bad.yaml
	cmp -s good.yaml bad.yaml && fail "nothing changed"
	"$ADJ" seal -k alice.key $kpubs bad.yaml >bad.msg || fail "seal"
	for d in B C D; do
		snapshot $d
		expect 1 "$ADJ" receive -d $d bad.msg
		err_has "allied (yellow) knight, never captured"
		unchanged $d
	done
	for d in B C D; do
		deliver $d good.msg
	done
	kverified "alice and carol won (the limit of 13 turns; the final count: team red+yellow wins with -26)"
	out_has "^Score: red (alice) -12, blue (bob) -13, yellow (carol) -14, green (dave) -14, team red+yellow -26, team blue+green -27\.$"
}

test_alliance() {
	kstart 2 -o alliance=yes -o limit=6
	kgame alice:c2-d4 bob:k3-i4
	"$ADJ" show -d A | grep -q 'You are alice (seat 1 of 2, red and yellow)' ||
	    fail "alice's role"
	"$ADJ" show -d A | grep -q 'turn 3 of 6: yellow (alice) to move' ||
	    fail "yellow's turn"
	kgame alice:j11-h10 bob:b10-d9 alice:d2-e4 bob:i4-g5
	kverified "alice won (the limit of 6 turns; the final count: team red+yellow wins with -26)"
	out_has "^Score: red (alice) -12, blue (bob) -14, yellow (alice) -14, green (bob) -14, team red+yellow -26, team blue+green -28\.$"
}

# --- judged games ------------------------------------------------------------

test_judged_two_seats() {
	kjstart 2 -o limit=7
	kjgame alice:c2-d4 bob:draw alice:decline bob:j11-h10 alice:d4-c6 \
	    bob:h10-g8 alice:a2-b4 bob:g8-e7 alice:c6-e7
	kjverified "alice won (the limit of 7 turns; the final count: red (alice) wins with -11)"
	out_has "^Score: red (alice) -11, yellow (bob) -14\.$"
}

test_judged_three_seats() {
	kjstart 3 -o limit=9
	kjgame alice:c2-d4 bob:k3-i4 carol:j11-h10 alice:resign bob:i4-g5 \
	    carol:h10-f9 bob:g5-e6 carol:f9-d8 bob:e6-d4 carol:d8-f7
	kjverified "bob won (the limit of 9 turns; the final count: blue (bob) wins with -13)"
	out_has "^Score: red (alice) -14, blue (bob) -13, yellow (carol) -14\.$"
}

test_judged_teams() {
	kjstart 4 -o teams=yes -o limit=9
	kjgame alice:c2-d4 bob:k3-i4 carol:j11-h10 dave:b10-d9 alice:d4-c6 \
	    bob:i4-g5 carol:h10-g8 dave:d9-f10
	snapshot A
	expect 1 "$ADJ" turn -d A draw
	err_has "draw offers are for two players"
	unchanged A
	kjplay alice d2-e4
	kjverified "alice and carol won (the limit of 9 turns; the final count: team red+yellow wins with -26)"
	out_has "^Score: red (alice) -12, blue (bob) -14, yellow (carol) -14, green (dave) -14, team red+yellow -26, team blue+green -28\.$"
}

test_judged_alliance() {
	kjstart 2 -o alliance=yes -o mixed-lines=yes -o limit=6
	kjgame alice:c2-d4 bob:k3-i4 alice:j11-h10 bob:b10-d9 alice:d2-e4 \
	    bob:i4-g5
	kjverified "alice won (the limit of 6 turns; the final count: team red+yellow wins with -26)"
	out_has "team red+yellow -26, team blue+green -28\.$"
}

# --- the verbs ---------------------------------------------------------------

test_rules() {
	expect 0 "$ADJ" rules
	out_has "^knights "
	expect 0 "$ADJ" rules knights
	out_has "^seats: 2 to 4; modes: peer judge$"
	out_has "^  limit=400 "
	out_has "^  teams=no "
	out_has "^  alliance=no "
	out_has "^  mixed-lines=no "
}

test_new_refuses_options() {
	keys alice bob carol
	expect 2 "$ADJ" new -k alice.key -o teams=yes knights alice.pub \
	    bob.pub carol.pub
	one_line
	err_has "teams=yes is for 4 seats, not 3"
	expect 2 "$ADJ" new -k alice.key -o alliance=yes knights alice.pub \
	    bob.pub carol.pub
	err_has "alliance=yes is for 2 seats"
	expect 2 "$ADJ" new -k alice.key -o mixed-lines=yes knights alice.pub \
	    bob.pub
	err_has "mixed-lines=yes needs allies"
	expect 2 "$ADJ" new -k alice.key knights alice.pub
	err_has "knights is for 2 to 4 seats, not 1"
}

test_no_setup() {
	kstart 2
	expect 1 "$ADJ" setup -d A random
	one_line
	"$ADJ" show -d A | grep -q 'Your turn' || fail "alice cannot play"
}

test_refusal_sends_nothing() {
	kstart 3
	snapshot A
	expect 1 "$ADJ" turn -d A d2-e4
	one_line
	err_has "red's first move takes a central knight (b2 c2) out of its camp"
	[ ! -s out ] || fail "a message for a refused move"
	expect 2 "$ADJ" turn -d A pass
	err_has "no pass"
	unchanged A
}

test_views() {
	kstart 4 -o teams=yes
	kgame alice:c2-d4 bob:k3-i4
	expect 0 "$ADJ" show -d C
	out_has "^  4   .  .  .  R  .  .  .  .  B b. bB bB$"
	out_has "^ turn 3 of 400: yellow (carol) to move$"
	out_has "^ team red+yellow: -30$"
	out_has "^Your turn: adjudicator turn -d C ACTION$"
	expect 0 "$ADJ" show -d C -f yaml
	out_has "^  variant: teams$"
	out_has "^    red (alice): -14$"
	out_has "^    team blue+green: -30$"
	out_has "^  - team: red+yellow$"
}

# the SVG: well formed, four colours of knights, camps and unicorns tinted
test_svg() {
	kstart 4
	kgame alice:c2-d4 bob:k3-i4
	expect 0 "$ADJ" show -d D -f svg
	mv out k.svg
	python3 - k.svg <<'PY' >labels || fail "svg"
import sys, xml.etree.ElementTree as E
ns = '{http://www.w3.org/2000/svg}'
root = E.parse(sys.argv[1]).getroot()
assert root.tag == ns + 'svg', root.tag
for g in root.iter(ns + 'g'):
    print(g.find(ns + 'circle').get('fill'), g.find(ns + 'text').text)
rects = [r.get('fill') for r in root.iter(ns + 'rect')]
print('camp', rects.count('#f2c4bf'), rects.count('#c3d5ee'),
      rects.count('#f5e9a8'), rects.count('#c5e3c6'))
print('unicorns', rects.count('#d9c6ee'))
PY
	sort labels | uniq -c >count
	grep -q '8 #c62828 R' count || { cat count >&2; fail "red knights"; }
	grep -q '8 #1565c0 B' count || fail "blue knights"
	grep -q '8 #f2c200 Y' count || fail "yellow knights"
	grep -q '8 #2e7d32 G' count || fail "green knights"
	grep -q 'camp 12 12 12 12' count || fail "camps"
	grep -q 'unicorns 8' count || fail "unicorns"
	grep -q 'yellow (carol) to move' k.svg || fail "whose move"
}

# The first move's refusal says which half of the rule failed; squares
# are read in capitals too
test_first_move_words() {
	kstart 2
	expect 1 "$ADJ" turn -d A b2-d3
	one_line
	err_has "b2-d3: red's first move takes a central knight out of its camp; d3 is in it"
	expect 1 "$ADJ" turn -d A a1-b3
	err_has "a1-b3: red's first move takes a central knight (b2 c2) out of its camp; a1 is not one"
	kplay alice C2-E3
	"$ADJ" show -d B | grep -q '^Last: red (alice) c2-e3' ||
	    { "$ADJ" show -d B >&2; fail "not c2-e3"; }
}

# Four seats through the judge's mail bot, one mail a run: each mail's four
# updates go out, two to the mailers the run started before it read the
# mail (a game has two seats at the fewest), two to those it started once
# it found the game (the mail open then: no mailer may hold it); nothing
# twice, none given an empty input (bot), and every seat follows
test_judged_by_mail_four_seats() {
	SENDMAIL_FDS=1
	export SENDMAIL_FDS
	kall=$(kseats 4)
	keys $kall
	mkdir jr
	"$ADJ" keygen -N -d jr judge 2>/dev/null
	"$ADJ" new -k alice.key -m judge -j jr/judge.pub \
	    -a alice=alice@example.org -a bob=bob@example.org \
	    -a carol=carol@example.org -a dave=dave@example.org \
	    -a judge=judge@club.example knights alice.pub bob.pub carol.pub \
	    dave.pub >invite.msg || fail "new"
	for s in $kall; do
		"$ADJ" join -d "$(kdir $s)" -k $s.key invite.msg 2>/dev/null ||
		    fail "join $s"
	done
	bot invite.msg
	n=0
	for t in alice:c2-d4 bob:k3-i4; do
		n=$((n + 1))
		"$ADJ" turn -M -d "$(kdir "${t%%:*}")" "${t#*:}" >m$n.eml ||
		    fail "turn $t"
		rm -rf spool
		bot m$n.eml
		[ "$(nmail)" -eq 4 ] || fail "mail $n: $(nmail) updates, want 4"
		! grep -q "/m$n\.eml\$" spool/.fds.* ||
		    fail "mail $n: a mailer was started with the mail open"
		for s in $kall; do
			[ "$(cat spool/*.rcpt | grep -cx "$s@example.org")" -eq 1 ] ||
			    fail "mail $n: not one update for $s"
			deliver "$(kdir $s)" "spool/$s@example.org.mbox"
			[ "$(seq_of "$(kdir $s)")" -eq $n ] ||
			    fail "$s is not at entry $n"
		done
	done
}

# A judged game with a clock: the judge stamps each entry with the time it
# took it, but every picture's last line names the move, and the move
# list leaves the stamps out unless asked (show -f moves -a).
test_judged_clock_last_is_the_move() {
	ADJUDICATOR_NOW=2026-12-01T09:00:00Z
	export ADJUDICATOR_NOW
	kjstart 2 -o clock=1d
	kjplay alice c2-e3
	for d in J A B; do
		"$ADJ" show -d $d >view
		grep -qx 'Last: red (alice) c2-e3\.' view ||
		    fail "$d: $(grep '^Last' view)"
		"$ADJ" show -d $d -f yaml |
		    grep -qx 'last: red (alice) c2-e3' ||
		    fail "$d: the YAML view's last"
		"$ADJ" show -d $d -f svg | grep '<text class="last"' >caption
		grep -q '>Last: red (alice) c2-e3\.<' caption ||
		    fail "$d: the picture's caption: $(cat caption)"
		expect 0 "$ADJ" show -d $d -f moves
		grep -qx '   1\. alice: red (alice) c2-e3' out ||
		    fail "$d: $(cat out)"
		grep -q 'judge took' out && fail "$d: a stamp in the moves"
		expect 0 "$ADJ" show -d $d -f moves -a
		grep -qx '   1\. alice: red (alice) c2-e3' out &&
		    grep -qx "   2\. judge: the judge took alice's entry" out ||
		    fail "$d: every entry: $(cat out)"
	done
	expect 2 "$ADJ" show -d A -a
	one_line
	err_has "is for -f moves"
}
