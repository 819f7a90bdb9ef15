# topogic between alice (A/) and bob (B/) through real keys and armored
# message files: both rounds in a peer game, where the coder never types a
# score, and through a judge (J/); a coder whose client lies about a score,
# caught when the secret opens, by the other seat and by verify; the
# field's test vector; refusals; the SVG picture.
#
# The field of seed 00 (field=rect):
#  6  G6   G3   O5   Y6   Y4   O1   K3   R5   G2   W4
#  5  V5   O6   P1   W3   N5   P2   K1   B6   N4   O4
#  4  Y2   R3   O3   Y1   K2   K5   V2   P6   N2   R4
#  3  P4   R6   G4   P5   K6   Y5   B1   R1   O2   W1
#  2  R2   N3   K4   B2   B4   W5   W2   V6   N1   G1
#  1  V4   V1   P3   B5   B3   W6   V3   N6   Y3   G5
#     a    b    c    d    e    f    g    h    i    j

tstart() {
	peer_start topogic -s 00 -o field=rect "$@"
}

# score DIR FILE: the coder's score, which it does not type: turn with no
# action, after the view told it the score is due
score() {
	"$ADJ" show -d "$1" | grep -q 'Your score is due' ||
	    fail "$1 is not told its score is due"
	play "$1" "$2"
}

# last_is DIR TEXT: DIR's view says TEXT happened last
last_is() {
	"$ADJ" show -d "$1" | grep -qF "Last: $2" || {
		"$ADJ" show -d "$1" >&2
		fail "$1: last is not '$2'"
	}
}

# Round 1: alice hides yellow/4 (e6), bob finds it in 3 turns.
round_one() {
	"$ADJ" setup -d A yellow/4 >a1.msg || fail "setup A"
	deliver B a1.msg
	play B b1.msg e6 e6 e6 e5 a1	# 6 + 0 + 1
	score A a2.msg
	last_is B "bob places e6 e6 e6 e5 a1: score 7 (round 1, turn 1)"
	play B b2.msg e5-e6, a1-e5
	score A a3.msg
	last_is A "bob moves e5-e6 a1-e5, pawns on e5 e6 e6 e6 e6: score 8"
	play B b3.msg e5-e6
	score A a4.msg
	"$ADJ" show -d A | grep -q 'Your opening is due' ||
	    fail "alice is not told to open her secret"
	play A a5.msg
	last_is B "alice's secret was yellow/4, on e6: bob found alice's secret in 3 turns"
}

test_topogic_peer_game() {
	tstart
	round_one
	"$ADJ" show -d B | grep -q "Next: bob's setup" || fail "no round 2"
	"$ADJ" setup -d B h3 >b4.msg || fail "setup B"	# red/1
	deliver A b4.msg
	"$ADJ" show -d A | grep -q 'the secret: red/1' &&
	    fail "alice sees bob's secret"
	play A a6.msg h3 h3 h3 h3 h2
	score B b5.msg
	play A a7.msg h2-h3
	score B b6.msg
	play B b7.msg
	"$ADJ" show -d A | grep -q 'Game over: alice won (bob found alice.s secret in 3 turns; alice found bob.s secret in 2 turns)' ||
	    fail "A: not won by alice"
	"$ADJ" show -d A -f yaml | grep -q '^phase: closed$' || fail "not closed"
	verified "alice won"
	out_has "alice found bob's secret in 2 turns"
	# no entry of the coders holds a score typed by hand: each is the
	# adjudicator's, and every one was checked against the opened secret
	for m in a2 a3 a4 b5 b6; do
		"$ADJ" open -k bob.key "$m.msg" 2>/dev/null | grep -q '^claim:' ||
		    fail "$m.msg carries no score"
	done
}

test_topogic_judged_game() {
	keys alice bob judge
	"$ADJ" new -k alice.key -m judge -j judge.pub -s 00 -o field=rect \
	    topogic alice.pub bob.pub >invite.msg || fail "new"
	for x in J:judge A:alice B:bob; do
		"$ADJ" join -d "${x%%:*}" -k "${x#*:}.key" invite.msg \
		    2>/dev/null || fail "join ${x%%:*}"
	done
	judge_seat() {
		"$ADJ" turn -d "$1" "$3" >"$2" 2>terr || {
			cat terr >&2
			fail "turn -d $1 $3"
		}
		"$ADJ" judge -d J -O mq "$2" >jout 2>jerr || {
			cat jout jerr >&2
			fail "judge $2"
		}
		for s in alice bob; do
			[ -f "mq/$s.msg" ] || continue
			mv "mq/$s.msg" "$2.$s"
			d=A; [ "$s" = bob ] && d=B
			deliver "$d" "$2.$s"
		done
	}
	"$ADJ" setup -d A e6 >a1.msg && "$ADJ" judge -d J -O mq a1.msg \
	    >/dev/null 2>&1 || fail "setup A"
	deliver B mq/bob.msg
	deliver A mq/alice.msg
	judge_seat B b1.msg "e6 e6 e6 e6 a1"
	last_is B "bob places e6 e6 e6 e6 a1: score 9 (round 1, turn 1)"
	expect 2 "$ADJ" turn -d A
	err_has "the judge sends every opening"
	judge_seat B b2.msg a1-e5
	judge_seat B b3.msg e5-e6
	last_is A "alice's secret was yellow/4, on e6: bob found alice's secret in 3 turns"
	"$ADJ" setup -d B red/1 >b4.msg && "$ADJ" judge -d J -O mq b4.msg \
	    >/dev/null 2>&1 || fail "setup B"
	deliver A mq/alice.msg
	deliver B mq/bob.msg
	judge_seat A a2.msg "h3 h3 h3 h3 h3"
	for d in J A B; do
		"$ADJ" show -d "$d" -f yaml | grep -q '^phase: closed$' ||
		    fail "$d: not closed"
	done
	judged_exports J A B
	out_has "^result: alice won (bob found alice's secret in 3 turns; alice found bob's secret in 1 turn)"
}

# Alice's client lies: her second score says 6 where her secret gives 8.
# The body is the honest entry her adjudicator would send, with the score
# changed, signed and encrypted to both seats by hand.
test_topogic_lying_coder() {
	first_score
	play B b2.msg e5-e6, a1-e5
	cp -R A honest
	"$ADJ" turn -d honest >honest.msg 2>/dev/null || fail "honest turn"
	"$ADJ" open -k bob.key honest.msg >body.yaml 2>/dev/null ||
	    fail "open"
	grep -q '^  score: 8$' body.yaml || { cat body.yaml >&2; fail "score"; }
	sed 's/^  score: 8$/  score: 6/' body.yaml >lie.yaml
	"$ADJ" seal -k alice.key alice.pub bob.pub lie.yaml >a3.msg ||
	    fail "seal"
	deliver A a3.msg
	deliver B a3.msg
	last_is B "bob moves e5-e6 a1-e5, pawns on e5 e6 e6 e6 e6: score 6"
	"$ADJ" show -d B | grep -q 'Game over' && fail "caught too early"
	play B b3.msg e5-e6
	score A a4.msg
	play A a5.msg	# the secret opens
	for d in A B; do
		"$ADJ" show -d "$d" | grep -qF "Game over: bob won (seq 5: alice's claim score \"6\" is false (the secrets give \"8\"); it loses)" || {
			"$ADJ" show -d "$d" >&2
			fail "$d: alice's lie is not caught"
		}
	done
	"$ADJ" export -d B >b.arc || fail "export"
	expect 1 "$ADJ" verify b.arc
	err_has "seq 5: alice's claim score \"6\" is false"
}

# A score out of range is refused at once, and changes nothing.
test_topogic_bad_score_refused() {
	tstart
	"$ADJ" setup -d A yellow/4 >a1.msg || fail "setup A"
	deliver B a1.msg
	play B b1.msg e6 e6 e6 e5 a1
	cp -R A honest
	"$ADJ" turn -d honest >honest.msg 2>/dev/null || fail "honest turn"
	"$ADJ" open -k bob.key honest.msg >body.yaml 2>/dev/null ||
	    fail "open"
	sed 's/^  score: 7$/  score: 12/' body.yaml >lie.yaml
	"$ADJ" seal -k alice.key alice.pub bob.pub lie.yaml >a2.msg ||
	    fail "seal"
	snapshot B
	expect 1 "$ADJ" receive -d B a2.msg
	err_has 'the score "12" is not a number from 0 to 10'
	unchanged B
}

test_topogic_field_vector() {
	keys alice bob
	for f in random rect; do
		"$ADJ" new -k alice.key -s 0123456789abcdef -o field=$f topogic \
		    alice.pub bob.pub >inv.$f || fail "new"
		"$ADJ" join -d $f -k alice.key inv.$f 2>/dev/null || fail "join"
		"$ADJ" show -d $f | sed -n '3,/^    a /p' >$f.txt
		# the page's block for this field
		awk -v f="field=$f\`:" 'index($0, f) { on = 1; next }
		    on && /^```$/ { if (in_) exit; in_ = 1; next }
		    on && in_ { print }' "$TOP/formats/topogic.md" >$f.doc
		[ -s $f.doc ] || fail "no $f vector in formats/topogic.md"
		diff -u $f.doc $f.txt >&2 || fail "the $f field differs"
	done
}

test_topogic_refusals() {
	tstart
	expect 2 "$ADJ" setup -d A h7
	err_has 'name your secret tile'
	expect 1 "$ADJ" setup -d B red/1
	one_line
	"$ADJ" setup -d A yellow/4 >a1.msg || fail "setup A"
	deliver B a1.msg
	snapshot B
	expect 1 "$ADJ" turn -d B e6 e6 e6 e5
	err_has '4 squares: place exactly 5 pawns'
	one_line
	unchanged B
	play B b1.msg e6 e6 e6 e5 a1
	expect 1 "$ADJ" turn -d A 7
	expect 1 "$ADJ" turn -d A e6-e5
	err_has "after your opening it is bob's turn"
	score A a2.msg
	snapshot B
	expect 1 "$ADJ" turn -d B a1-c2
	err_has 'a1-c2: not a straight line'
	expect 1 "$ADJ" turn -d B a1-b2 b2-c3
	err_has 'b2-c3: every pawn on b2 has moved this turn'
	expect 2 "$ADJ" turn -d B a1-a7
	err_has '"a7" is neither a square of the field (a1 to j6) nor a tile'
	unchanged B
	expect 2 "$ADJ" new -k alice.key -o pawns=6 topogic alice.pub bob.pub
	err_has 'option pawns: "6" is not a number from 3 to 5'
	expect 2 "$ADJ" new -k alice.key -o field=hex topogic alice.pub bob.pub
	expect 2 "$ADJ" new -k alice.key -o limit=501 topogic alice.pub bob.pub
}

test_topogic_gap_blocks_cli() {
	keys alice bob
	"$ADJ" new -k alice.key -s 00 topogic alice.pub bob.pub >inv || fail new
	"$ADJ" join -d A -k alice.key inv 2>/dev/null
	"$ADJ" join -d B -k bob.key inv 2>/dev/null
	"$ADJ" setup -d A d9 >a1.msg && deliver B a1.msg
	play B b1.msg g4 g4 g4 g4 g4
	score A a2.msg
	snapshot B
	expect 1 "$ADJ" turn -d B g4-i4
	err_has 'g4-i4: no tile on h4; a pawn crosses no gap'
	unchanged B
}

test_topogic_rules() {
	expect 0 "$ADJ" rules
	out_has '^topogic '
	expect 0 "$ADJ" rules topogic
	out_has 'field=random'
	out_has 'pawns=5'
	out_has 'start=any'
	out_has 'limit=200'
	out_has 'the coder runs "turn" with no action'
}

# first_score: alice hides yellow/4 (e6), bob places a1 e5 e6 e6 e6 and
# scores 7
first_score() {
	tstart
	"$ADJ" setup -d A yellow/4 >a1.msg || fail "setup A"
	deliver B a1.msg
	play B b1.msg e6 e6 e6 e5 a1
	score A a2.msg
}

test_topogic_svg() {
	first_score
	for d in A B; do
		expect 0 "$ADJ" show -d $d -f svg
		mv out $d.svg
		python3 - $d.svg <<'PY' || fail "$d.svg"
import sys, xml.etree.ElementTree as E
ns = '{http://www.w3.org/2000/svg}'
root = E.parse(sys.argv[1]).getroot()
assert root.tag == ns + 'svg', root.tag
fills = {r.get('fill') for r in root.iter(ns + 'rect')}
for c in ('#d62728', '#f28e1c', '#f5d800', '#2ca02c', '#1f5fbf',
          '#8e44ad', '#f49ac2', '#8b5a2b', '#1a1a1a', '#fafafa'):
    assert c in fills, c
# each tile its colour's letter and value, as the text board prints it
labels = [t.text for t in root.iter(ns + 'text') if t.get('class') == 'label']
assert sorted(labels) == sorted(c + str(v) for c in 'ROYGBVPNKW'
                                for v in range(1, 7)), labels
# a pawn ring on each square holding pawns, a badge with how many
pawns = sorted(g.get('data-count') for g in root.iter(ns + 'g')
               if g.get('class') == 'pawn')
assert pawns == ['1', '1', '3'], pawns
badges = [t.text for g in root.iter(ns + 'g') if g.get('class') == 'pawn'
          for t in g.iter(ns + 'text')]
assert badges == ['3'], badges
# the seeker's notes, as the text view has them
notes = [t.text for t in root.iter(ns + 'text') if t.get('class') == 'notes']
assert notes == ["round 1, bob's notes (turn: pawns, score):",
                 '1: a1 e5 e6 e6 e6, score 7'], notes
PY
		python3 "$TOP/tests/cli/svgcheck.py" $d.svg || fail "$d.svg canvas"
	done
	grep -q 'pawns (black and white rings, a badge with how many): a1 e5 e6 x3' B.svg ||
	    fail "pawn caption"
	grep -q "secret: yellow/4 on e6" A.svg || fail "alice's secret caption"
	grep -q "yellow/4" B.svg && fail "bob's picture shows the secret"
	:
}

# Tiles as the text board prints them (Y4: yellow/4) name their squares,
# in a setup and in a turn; the entry holds the squares
test_topogic_tiles_as_printed() {
	tstart
	"$ADJ" setup -d A Y4 >a1.msg || fail "setup Y4"
	deliver B a1.msg
	expect 2 "$ADJ" turn -d B Z4
	err_has "not a topogic action"
	expect 2 "$ADJ" turn -d B Y9
	err_has '"Y9" is neither a square of the field (a1 to j6) nor a tile'
	play B b1.msg Y4 Y4 Y4 e5 V4
	last_is A "bob plays e6 e6 e6 e5 a1"
	score A a2.msg
	play B b2.msg E6-J1 Y4-A6
	last_is A "bob plays e6-j1 e6-a6"
}

# "rules topogic" names the colours a secret tile can have
test_topogic_rules_name_the_colours() {
	expect 0 "$ADJ" rules topogic
	for c in red orange yellow green blue violet pink brown black white; do
		grep -q "$c" out || fail "no $c"
	done
	grep -q '(R O Y G B V P N K W), each with values 1 to 6' out ||
	    fail "no letters and values"
}

# A round under way: the page and the move list of the coder's own copy
# show the public positions only, never its secret
test_topogic_so_far_hides_the_secret() {
	first_score
	for d in A B; do
		expect 0 "$ADJ" replay -d $d
		cp out $d.html
		grep -q 'yellow/4\|secret: ' out && fail "$d: the secret on the page"
		grep -q '<h2>The game goes on</h2>' out || fail "$d: not so far"
		expect 0 "$ADJ" show -d $d -f moves
		grep -q 'yellow/4' out && fail "$d: the secret in the moves"
		out_has '^   3\. alice: bob places e6 e6 e6 e5 a1: score 7 '
	done
	# alice's own view does show it
	"$ADJ" show -d A | grep -q 'yellow/4' || fail "alice's view"
	# in a real browser: the page steps to its last position so far,
	# with its pawns' rings and the seeker's notes
	need chromium
	python3 "$TOP/tests/cli/browser.py" load=B.html at=0 key=End at=3 \
	    "text=The game goes on" "text=round 1, bob's notes" >&2 ||
	    fail "in the browser"
}
