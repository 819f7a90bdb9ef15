# espionnage: judged games between alice (A/) and bob (B/) refereed by a
# judge (J/), through real keys and armored files.  Judge mode only, the
# options and the volcano draw, whole games, what each seat may read (no
# file, view, message or error holds an enemy rank it was not entitled
# to), the picture, and a dishonest judge's updates caught by verify.

STD=M11MHM11XM/433222SSSX/54321SXSX5

# es_start [NEW-OPTIONS...]: keys, alice's invitation, game dirs J A B
es_start() {
	keys alice bob judge
	"$ADJ" new -k alice.key -m judge -j judge.pub "$@" espionnage \
	    alice.pub bob.pub >invite.msg || fail "new"
	for d in J:judge A:alice B:bob; do
		"$ADJ" join -d "${d%%:*}" -k "${d#*:}.key" invite.msg \
		    2>/dev/null || fail "join ${d%%:*}"
	done
	nupd=0
	es_seed
}

# es_seed: a game made without -s whose volcanoes are drawn: bob's share,
# the judge's, alice's reveal, through the judge (s1.msg, s2.msg)
es_seed() {
	"$ADJ" show -d B | grep -q '^Your share of the seed is due' || return 0
	"$ADJ" turn -d B >s1.msg || fail "bob's share of the seed"
	es_judge s1.msg
	"$ADJ" show -d A | grep -q '^Your share of the seed is due' ||
	    fail "alice's reveal is not due"
	"$ADJ" turn -d A >s2.msg || fail "alice's reveal of the seed"
	es_judge s2.msg
	for d in J A B; do
		"$ADJ" show -d $d | grep -q '^Seed: drawn by alice, bob and '`
		    `'the judge\.$' || fail "$d: the seed is not drawn"
	done
}

es_dir() {
	case $1 in alice) echo A ;; bob) echo B ;; *) fail "no seat $1" ;; esac
}

# es_judge FILE...: the judge applies FILE; each seat receives its update,
# kept as upd.N.SEAT, and its stdout and stderr as rout.N.SEAT, rerr...
es_judge() {
	"$ADJ" judge -d J -O mq "$@" >jout 2>jerr || {
		cat jout jerr >&2
		fail "judge $*"
	}
	for s in alice bob; do
		[ -f "mq/$s.msg" ] || continue
		nupd=$((nupd + 1))
		mv "mq/$s.msg" "upd.$nupd.$s"
		"$ADJ" receive -d "$(es_dir $s)" "upd.$nupd.$s" \
		    >"rout.$nupd.$s" 2>"rerr.$nupd.$s" || {
			cat "rerr.$nupd.$s" >&2
			fail "$s refuses upd.$nupd.$s"
		}
	done
}

# es_play DIR ACTION...: DIR's turn through the judge
es_play() {
	pdir=$1
	shift
	"$ADJ" turn -d "$pdir" "$@" >"t.msg" 2>terr || {
		cat terr >&2
		fail "turn -d $pdir $*"
	}
	es_judge t.msg
}

# es_setups WHITE BLACK: both setups through the judge
es_setups() {
	"$ADJ" setup -d A "$1" >a1.msg || fail "setup A"
	es_judge a1.msg
	"$ADJ" setup -d B "$2" >b1.msg || fail "setup B"
	es_judge b1.msg
}

# es_turns TURN...: alternate turns, alice first
es_turns() {
	who=A
	for t in "$@"; do
		es_play "$who" "$t"
		if [ "$who" = A ]; then who=B; else who=A; fi
	done
}

test_peer_mode_refused() {
	keys alice bob
	expect 2 "$ADJ" new -k alice.key -m peer espionnage alice.pub bob.pub
	one_line
	err_has "espionnage cannot be played in peer mode: it needs a judge (-m judge -j JUDGE.pub)"
	[ ! -s out ] || fail "an invitation was printed"
	# peer is the default mode
	expect 2 "$ADJ" new -k alice.key espionnage alice.pub bob.pub
	err_has "cannot be played in peer mode"
}

test_options() {
	keys alice bob judge
	for o in volcanoes=5 volcanoes=12 moves=3 combat=rank limit=0; do
		expect 2 "$ADJ" new -k alice.key -m judge -j judge.pub -o "$o" \
		    espionnage alice.pub bob.pub
		one_line
	done
	expect 2 "$ADJ" new -k alice.key -m judge -j judge.pub \
	    -o volcanoes=5 espionnage alice.pub bob.pub
	err_has 'option volcanoes: "5" is not an even number'
	expect 0 "$ADJ" rules espionnage
	out_has "^seats: 2; modes: judge$"
	out_has "^  volcanoes=6 "
	out_has "^  moves=2 .*(2, 1)"
	out_has "^  combat=outcome .*(outcome, reveal)"
	out_has "^  limit=100 "
	out_has "M11MHM11XM/433222SSSX/54321SXSX5"
	expect 0 "$ADJ" rules
	out_has "^espionnage "
}

# The draw of formats/volcanoes.md, its test vectors.
test_volcano_vectors() {
	keys alice bob judge
	for v in "0123456789abcdef 6 j4, d5, g5, d6, g6, a7" \
	    "00 10 e4, j4, a5, g5, h5, c6, d6, j6, a7, f7" \
	    "00 6 h4, j4, e5, f6, a7, c7" "6 10 c4, f4, h4, i4, j4, a7, b7, c7, e7, h7" \
	    "00 0 "; do
		set -- $v
		"$ADJ" new -k alice.key -m judge -j judge.pub -s "$1" \
		    -o "volcanoes=$2" espionnage alice.pub bob.pub >inv.msg
		rm -rf V
		"$ADJ" join -d V -k bob.key inv.msg 2>/dev/null
		shift 2
		"$ADJ" show -d V -f yaml | grep -qx "  volcanoes: \[$*\]" || {
			"$ADJ" show -d V -f yaml | grep volcanoes >&2
			fail "volcanoes of $v"
		}
	done
	# the public view shows them from the invitation on
	"$ADJ" show -d V | grep -Eq '^ *[0-9]+ .*\^\^' &&
	    fail "volcanoes=0 shows one"
	"$ADJ" new -k alice.key -m judge -j judge.pub -s 00 espionnage \
	    alice.pub bob.pub >inv.msg
	rm -rf V
	"$ADJ" join -d V -k alice.key inv.msg 2>/dev/null
	expect 0 "$ADJ" show -d V
	out_has "^  4   .  .  .  .  .  .  . ^^  . ^^$"
	out_has "^  7  ^^  . ^^  .  .  .  .  .  .  .$"
}

test_setup_that_cannot_move_refused() {
	# seed 6: five of ten volcanoes in rank 4, before c3 f3 h3 i3 j3
	es_start -s 6 -o volcanoes=10
	snapshot A
	expect 1 "$ADJ" setup -d A 511SSX11XX/433222SSSX/MM5MM4H321
	one_line
	err_has "White's setup leaves it no legal move at its first turn"
	unchanged A
	expect 2 "$ADJ" setup -d A 511SSX11XX/433222SSSX/MM5MM4H32
	err_has "29 letters, 30 needed"
	expect 1 "$ADJ" setup -d A 511SSX11XX/433222SSSX/MM5MM4H322
	err_has "White's setup has 4 corporals, not 5"
	unchanged A
	# the same with a soldier on g3, and random setups, are fine
	"$ADJ" setup -d A 511SSX11XX/433222SSSX/MM5MMH4321 >a1.msg ||
	    fail "a setup that can move"
	es_judge a1.msg
	"$ADJ" setup -d B random >b1.msg || fail "random setup"
	es_judge b1.msg
	"$ADJ" show -d B | grep -q 'To act: alice' || fail "play has not begun"
}

test_own_mine_refused() {
	es_start -o volcanoes=0
	es_setups 511M1M11XM/433222SSSX/M432HSXSX5 $STD
	snapshot A
	expect 1 "$ADJ" turn -d A a3-a4 b3-b4
	one_line
	err_has "a3-a4: the piece on a3 cannot move"
	expect 1 "$ADJ" turn -d A b3-b4
	err_has "a turn is two moves by two different pieces"
	unchanged A
}

# The manual's game: alice's spy walks to f6 and sees what stands around
# it, bob's spy there sees hers; her general takes bob's on a6.
es_spy_game() {
	es_start -o volcanoes=0
	es_setups $STD $STD
	es_turns "f3-f4 a3-a4" "f8-f7 a8-a7" "f4-f5 a4-a5" "e8-e7 a7-a6" \
	    "f5-f6 a5-a6" "g8-g7 d8-d7"
}

test_judged_game() {
	es_spy_game
	grep -q 'applied: White attacks a5-a6: the attacker takes the square' \
	    jout || grep -rq 'attacker takes the square' rout.* ||
	    fail "the combat"
	expect 0 "$ADJ" show -d A
	out_has "^  7   .  .  . B? B1 BS BX  .  .  .$"
	out_has "^ turn 3: White a5-a6 (general against unknown): the attacker won$"
	expect 0 "$ADJ" show -d B
	grep -q "^  6  W5 " out && fail "bob knows a6"
	out_has "^  6  W?  .  .  .  . WS  .  .  .  .$"
	out_has "(unknown against general): the attacker won$"
	es_turns "b3-b4 c3-c4" resign
	for d in J A B; do
		"$ADJ" show -d "$d" -f yaml | grep -q '^phase: closed$' ||
		    fail "$d: game not closed"
	done
	judged_exports J A B
	out_has "^result: alice won (bob resigned)"
	expect 0 "$ADJ" verify A.arc
	out_has "^updates: [0-9]* to alice; each showed it exactly what its pieces saw$"
	# and each seat's own adjudicator says so
	for d in A B; do
		"$ADJ" show -d "$d" | grep -q "updates showed you exactly what your pieces saw" ||
		    fail "$d's view does not give the audit's verdict"
	done
}

test_reveal_game() {
	es_start -o volcanoes=0 -o combat=reveal
	es_setups M11MHM11XM/433222SSSX/52341SXSX5 \
	    M11MHM11XM/435222SSSX/43321SXSX5
	es_turns "a3-a4 b3-b4" "a8-a7 b8-b7" "a4-a5 b4-b5" "a7-a6 b7-b6" \
	    "a5-a6 b5-b6"
	for d in A B; do
		expect 0 "$ADJ" show -d "$d"
		out_has "^  6  W5 B3  .  .  .  .  .  .  .  .$"
		out_has "(general against colonel): the attacker won$"
		out_has "(lieutenant against captain): the attacker was removed$"
	done
	es_play B resign
	judged_exports J A B
	out_has "^result: alice won (bob resigned)"
}

# openings FILE...: "seat piece value" of every opening in the files,
# signed entries, updates and base64 entries inside them included
openings() {
	for f in "$@"; do
		tr -c '[:print:]\n' '\n' <"$f"
		sed -n 's/^- \([A-Za-z0-9+/=]\{40,\}\)$/\1/p' "$f" |
		    while read -r b; do
			printf '%s\n' "$b" | base64 -d 2>/dev/null |
			    tr -c '[:print:]\n' '\n'
			echo
		done
	done | awk '/^- seat: / { s = $3 } /^  piece: / { p = $2 }
	    /^  value: / { print s, p, $2 }' | sort -u
}

# every_file DIR: the regular files under DIR
every_file() {
	find "$1" -type f | sort
}

test_secrecy() {
	es_spy_game
	# bob's spy saw alice's f3, her spy; alice's saw e8, f8 and g8
	openings $(every_file B) | grep '^alice ' >b.seen
	printf 'alice f3 spy\n' | cmp -s - b.seen || {
		cat b.seen >&2
		fail "B/ holds more or less of alice's ranks"
	}
	openings $(every_file A) | grep '^bob ' >a.seen
	printf 'bob e8 corporal\nbob f8 spy\nbob g8 sapper\n' | cmp -s - a.seen ||
	    { cat a.seen >&2; fail "A/ holds more or less of bob's ranks"; }
	# every message each seat received, opened with its key
	for f in upd.*.bob; do
		"$ADJ" open -k bob.key "$f" >"$f.body" 2>/dev/null ||
		    fail "open $f"
	done
	openings upd.*.bob.body | grep '^alice ' | cmp -s - b.seen ||
	    fail "bob's mail holds more of alice's ranks"
	# what each seat's adjudicator printed, and every view
	cat rout.*.bob rerr.*.bob >b.said
	"$ADJ" show -d B -f yaml >b.yaml
	"$ADJ" show -d B >b.txt
	"$ADJ" show -d B -f svg >b.svg
	awk '/^  - piece: / { p = $3 } /^    colour: white/ { w = 1; next }
	    /^    colour: / { w = 0 } w && /^    identity: / && $2 != "unknown" {
	    print p, $2 }' b.yaml >b.known
	printf 'f3 spy\n' | cmp -s - b.known ||
	    { cat b.known >&2; fail "bob's view knows more"; }
	grep -o 'W[1-5SXMH]' b.txt b.said | sort | uniq -c >b.letters
	[ "$(grep -c . b.letters)" -eq 2 ] || { cat b.letters >&2; fail "letters"; }
	# refusals bob can read say no rank
	es_play A b3-b4 c3-c4
	for t in "e7-e6 e7-e5" "b8-b9 c8-c7" "g7-g6" "a8-a7 b8-b7" "e7-d7 c8-c7"
	do
		expect 1 "$ADJ" turn -d B $t
		cat err >>b.err
	done
	for w in corporal lieutenant captain colonel general spy sapper mine \
	    headquarters; do
		grep -q "$w" b.err && { cat b.err >&2; fail "a refusal says $w"; }
	done
	true
}

test_svg() {
	es_spy_game
	expect 0 "$ADJ" show -d B -f svg
	mv out b.svg
	python3 - b.svg <<'PY' >labels || fail "not an SVG"
import sys, xml.etree.ElementTree as E
ns = '{http://www.w3.org/2000/svg}'
root = E.parse(sys.argv[1]).getroot()
assert root.tag == ns + 'svg', root.tag
for g in root.iter(ns + 'g'):
    fill = g.find(ns + 'circle').get('fill')
    text = g.find(ns + 'text').text
    # the side in letters too, the disc's colour's (colour alone is no sign)
    assert text[0] == ('B' if fill == '#222' else 'W'), (fill, text)
    print(text)
PY
	sort labels | uniq -c | sed 's/^ *//' >counts
	# alice's 29 pieces unknown but her spy; bob knows his own
	grep -qx '29 W?' counts || { cat counts >&2; fail "alice's pieces"; }
	grep -qx '1 WS' counts || fail "the spy bob saw"
	grep -q 'B?' counts && fail "bob's own pieces unknown to him"
	grep -qx '4 BM' counts || fail "bob's mines"
	grep -q 'volcanoes' b.svg || fail "no caption"
	"$ADJ" new -k alice.key -m judge -j judge.pub -s 00 espionnage \
	    alice.pub bob.pub >inv2.msg
	"$ADJ" join -d V -k alice.key inv2.msg 2>/dev/null
	expect 0 "$ADJ" show -d V -f svg
	[ "$(grep -c '#8c3b2a' out)" -eq 6 ] || fail "six volcano squares"
}

# A dishonest judge's update: an opening bob was not entitled to (alice's
# mine on a1) is refused at once, whole, and bob learns nothing; a
# sighting withheld from alice is said in her view at once and found by
# verify of her export.
test_dishonest_updates() {
	es_start -o volcanoes=0
	es_setups $STD $STD
	game=$("$ADJ" show -d J -f yaml | sed -n 's/^game: //p')
	awk '/piece: a1$/ { p = 1 } p && /nonce:/ { print $2; exit }' \
	    J/journal >a1.nonce
	[ "$(wc -c <a1.nonce)" -eq 65 ] || fail "no nonce for a1"
	printf 'game: %s\nkind: update\nfor: bob\nseq: %s\nentries: []\nopen:\n- seat: alice\n  piece: a1\n  value: mine\n  nonce: %s\n' \
	    "$game" "$(seq_of B)" "$(cat a1.nonce)" >more.yaml
	"$ADJ" seal -k judge.key bob.pub more.yaml >more.msg
	snapshot B
	expect 1 "$ADJ" receive -d B more.msg
	one_line
	err_has "shows bob alice's piece a1, and it carries no entry in which bob's pieces could see it"
	grep -q mine err && fail "the value in the refusal"
	unchanged B
	"$ADJ" show -d B -f yaml | grep -A3 'piece: a1$' |
	    grep -q 'identity: mine' && fail "bob took it"
	es_turns "f3-f4 a3-a4" "f8-f7 a8-a7" "f4-f5 a4-a5" "e8-e7 a7-a6"
	# alice's spy comes to f6; her update loses its first opening (e8)
	"$ADJ" turn -d A f5-f6 a5-a6 >t.msg
	"$ADJ" judge -d J -O mq t.msg >jout 2>&1 || fail "judge"
	"$ADJ" open -k alice.key mq/alice.msg >a.yaml 2>/dev/null
	grep -q 'piece: e8$' a.yaml || fail "no sighting of e8 to withhold"
	awk '/^- seat: bob$/ && !done { skip = 4; done = 1 }
	    skip > 0 { skip--; next } { print }' a.yaml >less.yaml
	grep -q 'piece: e8$' less.yaml && fail "e8 still there"
	"$ADJ" seal -k judge.key alice.pub less.yaml >less.msg
	expect 0 "$ADJ" receive -d A less.msg
	out_has "withheld bob's piece e8, which alice was entitled to see"
	expect 0 "$ADJ" receive -d B mq/bob.msg
	rm -rf mq
	es_play B resign
	"$ADJ" export -d B >b.arc
	expect 0 "$ADJ" verify b.arc
	"$ADJ" export -d A >a.arc
	expect 1 "$ADJ" verify a.arc
	one_line
	err_has "withheld bob's piece e8, which alice was entitled to see"
	# the judge's own archive knows nothing of it
	"$ADJ" export -d J >j.arc
	expect 0 "$ADJ" verify j.arc
}

# What a newcomer types wrong gets words that fit: the letters counted,
# a piece moved twice called so; capitals and small letters both read
test_newcomer_errors() {
	es_start -o volcanoes=0
	expect 2 "$ADJ" setup -d A "$(echo "$STD" | tr -d / | cut -c2-)"
	one_line
	err_has "29 letters, 30 needed"
	expect 2 "$ADJ" setup -d A "$(echo "$STD" | cut -c2-)"
	err_has '"/" after 9 letters: it goes between ranks, after each 10'
	expect 2 "$ADJ" setup -d A "Z$(echo "$STD" | cut -c2-)"
	err_has '"Z" is not a piece'
	expect 0 "$ADJ" setup -n -d A "$(echo "$STD" | tr A-Z a-z)"
	es_setups "$STD" "$STD"
	expect 1 "$ADJ" turn -d A b3-b4 b4-b5
	one_line
	err_has "b4-b5: the two moves of a turn are by two different pieces"
	expect 0 "$ADJ" turn -n -d A A3-A4 B3-B4
	out_has '^Last: White moves a3-a4; White moves b3-b4\.$'
}

# "rules espionnage" gives the army: a setup written from it alone, with
# the mines and the headquarters at the back, is accepted
test_rules_give_the_army() {
	es_start
	expect 0 "$ADJ" rules espionnage
	sed -n '/^army:/,/^turn:/p' out | tr '\n' ' ' |
	    grep -o '[0-9][0-9]* [a-z]* ([0-9A-Z])' >army
	[ "$(wc -l <army)" -eq 9 ] || { cat out >&2; fail "not nine kinds"; }
	layout=$(awk '{ l = substr($3, 2, 1); s = ""
	    for (i = 0; i < $1; i++) s = s l
	    if (l == "M" || l == "H") back = back s; else front = front s }
	    END { print back front }' army)
	[ "${#layout}" -eq 30 ] || fail "the army is ${#layout} pieces"
	expect 0 "$ADJ" setup -n -d A "$layout"
	out_has '^Dry run'
}

# What a spy saw is said in words in its owner's own view, and only
# there: bob's sapper arriving on g7 next to alice's spy on f6
test_spy_sight_in_words() {
	es_spy_game
	expect 0 "$ADJ" show -d A
	out_has '^ what your spies saw in the last turn:$'
	out_has '^   your spy on f6 saw a sapper (X) arrive on g7$'
	for d in B J; do
		expect 0 "$ADJ" show -d $d
		grep -q 'spies saw' out && fail "$d is told what alice's spy saw"
	done
	# a turn that brings no piece next to a spy: nothing is said
	es_turns "b3-b4 c3-c4"
	expect 0 "$ADJ" show -d A
	grep -q 'spies saw' out && fail "a sighting said a turn too late"
	true
}

# A game under way, from each copy: its page and its move list show the
# public positions only; no rank is on them (combat=outcome keeps every
# rank hidden from the public)
test_so_far_public_only() {
	es_spy_game
	for d in A B J; do
		expect 0 "$ADJ" replay -d $d
		mv out $d.html
		expect 0 "$ADJ" show -d $d -f moves
		mv out $d.moves
		for f in $d.html $d.moves; do
			if grep -Eq 'corporal|lieutenant|captain|colonel|general|sapper \(|spy \(|headquarters \(' $f; then
				grep -En 'corporal|lieutenant|captain|colonel|general' $f >&2
				fail "$f: a rank"
			fi
		done
		python3 - $d.html <<'PY' || fail "$d.html: a piece's rank"
import re, sys
page = open(sys.argv[1]).read()
labels = {re.search(r'<text[^>]*>([^<]*)</text>', g).group(1)
          for g in re.findall(r'<g class="piece"[^>]*>.*?</g>', page)}
assert labels == {'W?', 'B?'}, labels
PY
	done
	grep -q '^  10\. bob: Black moves g8-g7; Black moves d8-d7$' J.moves ||
	    { cat J.moves >&2; fail "the move list"; }
	cmp -s J.moves A.moves || fail "alice's list differs"
}
