# tournament: a tournament as files (formats/tournament.md): declared,
# accepted, paired, its games played (wire game: real archives whose
# headers name the tournament, round and board), the table recomputed in
# any order to the same bytes, verify against a tampered declaration, a
# round paired otherwise, a game that is not the one paired; a knockout's
# second game; a withdrawal; TRF's columns; every bad input refused with
# nothing printed.

WIRE="$(dirname "$ADJ")/cli/wire"

# declare ID FORMAT-LINES [REST] PLAYERS...: decl.yaml signed by dir
declare_t() {
	dt_fmt=$1 dt_rest=$2
	shift 2
	{
		printf 'adjudicator: 1\nkind: tournament\nid: club27\n'
		printf 'name: Club championship 2027\nrules: knights\n'
		printf 'format:\n%s\nplayers:\n' "$dt_fmt"
		for p in "$@"; do
			printf -- '- name: %s\n  key: %s\n' "$p" \
			    "$(cat "$p.pub")"
		done
		printf '%s' "$dt_rest"
	} >decl.yaml
	"$ADJ" tournament declare -k dir.key decl.yaml >decl.tour ||
	    fail "declare"
	tid=$("$ADJ" tournament table -f yaml decl.tour |
	    sed -n 's/^tournament: //p')
	[ ${#tid} -eq 64 ] || fail "the tournament's id: $tid"
	for p in "$@"; do
		"$ADJ" tournament accept -k "$p.key" decl.tour >"$p.acc" ||
		    fail "accept $p"
	done
}

# game TIME WHITE BLACK HOW ROUND BOARD [GAME]: rROUNDbBOARD[gGAME].arc
game() {
	gn="r$5b$6${7:+g$7}"
	"$WIRE" game -t "$1" -k "$2.key" -k "$3.key" -e "$4" knights 2 peer \
	    all "tournament=$tid/$5/$6${7:+/$7}" >"$gn.arc" 2>werr || {
		cat werr >&2
		fail "wire game $*"
	}
}

# armored BLOB: a signed blob as a tournament's record
armored() {
	printf -- '-----BEGIN ADJUDICATOR TOURNAMENT-----\n'
	base64 -w64 "$1"
	printf -- '-----END ADJUDICATOR TOURNAMENT-----\n'
}

# director_round OUT ROUND WHITE-BLACK...: the director's signed round
# (boards in order) in OUT.tour
director_round() {
	dr_out=$1
	{
		printf 'adjudicator: 1\nkind: round\ntournament: %s\n' "$tid"
		printf 'round: %s\ngames:\n' "$2"
		shift 2
		dr_b=0
		for dr_p in "$@"; do
			dr_b=$((dr_b + 1))
			printf -- '- board: %s\n  white: %s\n  black: %s\n' \
			    $dr_b "${dr_p%-*}" "${dr_p#*-}"
		done
	} >"$dr_out.yaml"
	wire sign dir.key "$dr_out.yaml" dir.pub >"$dr_out.bin" ||
	    fail "wire sign"
	armored "$dr_out.bin" >"$dr_out.tour"
}

rr4() {
	keys dir alice bob carol dave
	declare_t '  type: round-robin' \
	    'tiebreaks: [sonneborn-berger, wins, koya]
' alice bob carol dave
	expect 0 "$ADJ" tournament pair -k dir.key decl.tour alice.acc \
	    bob.acc carol.acc dave.acc
	mv out rounds.tour
}

# FIDE's Berger table for 4 (C.05, annex 1), every game at once; results
# of round 1 and 2; Sonneborn-Berger worked by hand: alice beat dave (0)
# and bob (0.5): 0.5; carol drew bob: 0.75 / 2... (below)
test_tournament_round_robin() {
	rr4
	[ "$(grep -c 'BEGIN ADJUDICATOR TOURNAMENT' rounds.tour)" -eq 3 ] ||
	    fail "three rounds at once"
	expect 0 "$ADJ" tournament pair decl.tour ./*.acc
	printf '%s\n' \
	    'round 1 board 1: alice (white) - dave (black)' \
	    'round 1 board 2: bob (white) - carol (black)' \
	    'round 2 board 1: dave (white) - carol (black)' \
	    'round 2 board 2: alice (white) - bob (black)' \
	    'round 3 board 1: bob (white) - dave (black)' \
	    'round 3 board 2: carol (white) - alice (black)' >berger4
	cmp -s out berger4 ||
	    fail "not FIDE's table for 4: $(cat out)"
	game 2027-01-01T09:00:00Z alice dave resign:1 1 1
	game 2027-01-01T09:00:00Z bob carol draw 1 2
	game 2027-01-02T09:00:00Z dave carol resign:0 2 1
	game 2027-01-02T09:00:00Z alice bob resign:1 2 2
	expect 0 "$ADJ" tournament verify decl.tour ./*.acc rounds.tour ./*.arc
	out_has '^club27 ([0-9a-f]*): 3 rounds, 6 games and byes, 4 players: '`
	    `'all agree$'
	expect 0 "$ADJ" tournament table decl.tour ./*.acc rounds.tour ./*.arc
	# alice 2 (SB: dave 0 + bob 0.5), carol 1.5 (SB: bob 1.5 / 2... bob
	# 0.5 * 1/2 = 0.25), bob 0.5 (SB: carol 1.5 * 1/2 = 0.75), dave 0;
	# Koya (at least 1.5 of 3: alice, carol): bob's draw with carol 0.5
	grep -q '^ *1  *1  *alice  *2  *0\.5  *2  *0 ' out ||
	    fail "alice: $(cat out)"
	grep -q '^ *2  *3  *carol  *1\.5  *0\.25  *1  *0 ' out || fail "carol"
	grep -q '^ *3  *2  *bob  *0\.5  *0\.75  *0  *0\.5 ' out || fail "bob"
	grep -q '^ *4  *4  *dave  *0  *0  *0  *0 ' out || fail "dave"
}

test_tournament_same_bytes_any_order() {
	rr4
	game 2027-01-01T09:00:00Z alice dave resign:1 1 1
	game 2027-01-01T09:00:00Z bob carol draw 1 2
	mkdir d
	cp r1b2.arc d/z.arc
	cp r1b1.arc d/a.arc
	cp carol.acc d/c.acc
	for f in text yaml html; do
		expect 0 "$ADJ" tournament table -f $f decl.tour r1b1.arc \
		    r1b2.arc rounds.tour
		mv out one.$f
		expect 0 "$ADJ" tournament table -f $f decl.tour rounds.tour \
		    r1b2.arc r1b1.arc r1b2.arc
		cmp -s out one.$f || fail "another order, other $f"
		expect 0 "$ADJ" tournament table -f $f decl.tour d rounds.tour
		cmp -s out one.$f || fail "a directory, other $f"
	done
	grep -q '^<!DOCTYPE html>' one.html || fail "html"
	grep -q "^  score: 0.5$" one.yaml || fail "yaml: $(cat one.yaml)"
}

test_tournament_verify_refuses() {
	rr4
	game 2027-01-01T09:00:00Z alice dave resign:1 1 1
	# the declaration changed after the start: its signature fails
	sed '3s/^\(.\)/\1/; 3y/ABCDEFGHabcdefgh/BCDEFGHAbcdefgha/' decl.tour \
	    >bad.tour
	expect 1 "$ADJ" tournament verify bad.tour ./*.acc rounds.tour \
	    r1b1.arc
	one_line
	# a round paired otherwise: round 1 with its boards' colours swapped,
	# signed by the director
	director_round r1 1 dave-alice bob-carol
	expect 1 "$ADJ" tournament verify decl.tour ./*.acc r1.tour
	one_line
	err_has 'round 1, board 1: the director paired dave-alice, '`
	    `'the rules give alice-dave'
	# the same round signed by a player is no director's word
	wire sign alice.key r1.yaml dir.pub >r1a.bin || fail "wire sign"
	armored r1a.bin >r1a.tour
	expect 1 "$ADJ" tournament verify decl.tour ./*.acc r1a.tour
	err_has 'round signed by alice'
	# a game that is not the one paired: bob and carol's board with the
	# colours the other way round
	game 2027-01-01T09:00:00Z carol bob draw 1 2
	expect 1 "$ADJ" tournament verify decl.tour ./*.acc rounds.tour \
	    ./*.arc
	one_line
	err_has 'of round 1, board 2 has seats carol-bob; '`
	    `'the round paired bob-carol'
	# the right seats, another game's options
	rm r1b2.arc
	ADJUDICATOR_NOW=2026-01-01T10:00:00Z "$WIRE" game \
	    -t 2026-01-01T09:00:00Z -k bob.key -k carol.key -e draw knights 2 \
	    peer all "tournament=$tid/1/2" clock=3d >r1b2.arc ||
	    fail "wire game"
	expect 1 "$ADJ" tournament verify decl.tour ./*.acc rounds.tour \
	    ./*.arc
	one_line
	err_has 'clock=3d grace=0h.*" as declared'
	# a game of no tournament
	rm r1b2.arc
	"$WIRE" game -t 2027-01-01T09:00:00Z -k bob.key -k carol.key -e draw \
	    knights 2 peer all >loose.arc || fail "wire game"
	expect 1 "$ADJ" tournament verify decl.tour ./*.acc rounds.tour \
	    ./*.arc
	err_has 'is not of this tournament'
	# and one acceptance missing
	rm loose.arc
	expect 1 "$ADJ" tournament verify decl.tour alice.acc bob.acc \
	    carol.acc rounds.tour ./*.arc
	err_has 'dave has not accepted club27'
}

test_tournament_bad_inputs() {
	keys dir alice bob carol dave
	declare_t '  type: round-robin' '' alice bob carol
	cp decl.yaml good.yaml
	# each refused: exit 3, one line, nothing printed
	sed 's/^- name: carol$/- name: alice/' good.yaml >twice.yaml
	printf 'tiebreaks: [buchholz, median]\n' | cat good.yaml - >tb.yaml
	sed 's/type: round-robin/type: swiss\n  rounds: 2/' good.yaml |
	    sed 's/^rules: knights$/rules: knights\nseats: 3/' >seats.yaml
	sed 's/^kind: tournament$/kind: tournament\ncolour: blue/' good.yaml \
	    >key.yaml
	for y in twice tb seats key; do
		expect 3 "$ADJ" tournament declare -k dir.key $y.yaml
		one_line
		[ ! -s out ] || fail "$y: something printed"
	done
	expect 3 "$ADJ" tournament declare -k dir.key twice.yaml
	err_has 'the player alice twice'
	expect 3 "$ADJ" tournament declare -k dir.key tb.yaml
	err_has 'unknown tie-break "median"'
	expect 3 "$ADJ" tournament declare -k dir.key seats.yaml
	err_has 'knights with 3 seats cannot be played as a swiss'
	# a key that is no player's accepts nothing
	expect 1 "$ADJ" tournament accept -k dave.key decl.tour
	err_has 'no player'
	[ ! -s out ] || fail "an acceptance printed"
	# no pairing before every player accepted
	expect 1 "$ADJ" tournament pair decl.tour alice.acc bob.acc
	err_has 'carol has not accepted'
	[ ! -s out ] || fail "a pairing printed"
	# a round signed by a key that is not the director's
	expect 1 "$ADJ" tournament pair -k alice.key decl.tour ./*.acc
	err_has "is not the director's"
	[ ! -s out ] || fail "a round printed"
	expect 2 "$ADJ" tournament shuffle decl.tour
	expect 2 "$ADJ" tournament table -f pdf decl.tour
}

# A knockout of 5: byes to seeds 1 to 3 (size 8), then round 2 only once
# round 1 is decided; a drawn game replayed with colours reversed.
test_tournament_knockout() {
	keys dir p1 p2 p3 p4 p5
	declare_t '  type: knockout' '' p1 p2 p3 p4 p5
	expect 0 "$ADJ" tournament pair -k dir.key decl.tour ./*.acc
	mv out r1.tour
	expect 0 "$ADJ" tournament table decl.tour r1.tour
	expect 1 "$ADJ" tournament pair decl.tour ./*.acc r1.tour
	err_has 'round 2 cannot be paired: round 1, board 2 (p5-p4) is not over'
	game 2027-01-01T09:00:00Z p5 p4 draw 1 2
	expect 0 "$ADJ" tournament pair decl.tour ./*.acc r1.tour r1b2.arc
	[ "$(cat out)" = "round 1 board 2 game 2: p4 (white) - p5 (black)" ] ||
	    fail "the second game: $(cat out)"
	expect 0 "$ADJ" tournament pair -k dir.key decl.tour ./*.acc \
	    r1.tour r1b2.arc
	mv out r1g2.tour
	game 2027-01-02T09:00:00Z p4 p5 resign:1 1 2 2
	expect 0 "$ADJ" tournament pair decl.tour ./*.acc ./*.tour ./*.arc
	out_has '^round 2 board 1: p1 (white) - p4 (black)$'
	out_has '^round 2 board 2: p3 (white) - p2 (black)$'
	expect 0 "$ADJ" tournament verify decl.tour ./*.acc ./*.tour ./*.arc
}

# bob withdraws after round 1: his later games are lost by forfeit
test_tournament_withdraw() {
	rr4
	expect 0 "$ADJ" tournament withdraw -k bob.key -a 1 decl.tour bob
	mv out bob.wd
	expect 1 "$ADJ" tournament withdraw -k carol.key -a 1 decl.tour bob
	err_has 'signed by bob or by the director'
	expect 0 "$ADJ" tournament table decl.tour ./*.acc bob.wd rounds.tour
	grep -q ' alice  *1 ' out || fail "alice wins bob's game: $(cat out)"
	grep -q 'b2 +' out || fail "a forfeit win: $(cat out)"
	grep -q 'w4 -' out || fail "bob's forfeit of round 3: $(cat out)"
}

# TRF-16: the 001 line's columns (start rank 5-8, name 15-47, points
# 81-84, rank 86-89, round 1 from 92: opponent, colour, result)
test_tournament_trf() {
	rr4
	game 2027-01-01T09:00:00Z alice dave resign:1 1 1
	expect 0 "$ADJ" tournament trf decl.tour rounds.tour r1b1.arc
	out_has '^012 Club championship 2027$'
	out_has '^062 4$'
	line=$(grep '^001 .*alice' out)
	[ "$(echo "$line" | cut -c5-8)" = "   1" ] || fail "start rank: $line"
	[ "$(echo "$line" | cut -c15-19)" = "alice" ] || fail "name: $line"
	[ "$(echo "$line" | cut -c81-84)" = " 1.0" ] || fail "points: $line"
	[ "$(echo "$line" | cut -c92-99)" = "0004 w 1" ] ||
	    fail "round 1: $line"
	line=$(grep '^001 .*dave' out)
	[ "$(echo "$line" | cut -c92-99)" = "0001 b 0" ] ||
	    fail "round 1: $line"
}

# Swiss through the verb (the pairer: lib/swiss.c)
test_tournament_swiss() {
	keys dir p1 p2 p3 p4 p5
	declare_t '  type: swiss
  rounds: 3' 'tiebreaks: [buchholz-cut1, buchholz]
' p1 p2 p3 p4 p5
	expect 0 "$ADJ" tournament pair -k dir.key decl.tour ./*.acc
	mv out r1.tour
	expect 1 "$ADJ" tournament pair decl.tour ./*.acc r1.tour
	err_has 'round 2 cannot be paired'
	[ "$(grep -c 'BEGIN' r1.tour)" -eq 1 ] || fail "one round"
	expect 0 "$ADJ" tournament verify decl.tour ./*.acc r1.tour
}

# formats/samples/tournament.yaml is a draft declare takes as it is
test_tournament_sample() {
	cp "$TOP/formats/samples/alice.key" a.key
	chmod 600 a.key
	expect 0 "$ADJ" tournament declare -k a.key \
	    "$TOP/formats/samples/tournament.yaml"
	mv out s.tour
	expect 0 "$ADJ" tournament table -f yaml s.tour
	out_has '^format: round-robin$'
	out_has '^rounds: 2$'
}

# the header's tournament: new -o tournament= checks it (exit 2), the
# header carries it signed, verify's summary names it
test_tournament_header() {
	keys alice bob
	id=0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef
	for bad in "$id/1" "$id/0/1" "0123/1/1" "$id/1/1/1/1" "$id/x/1" \
	    "$id/1/1/01"; do
		expect 2 "$ADJ" new -k alice.key -o "tournament=$bad" knights \
		    alice.pub bob.pub
		one_line
		err_has 'not ID\[/ROUND/BOARD\[/GAME\]\]'
		[ ! -s out ] || fail "$bad: an invitation printed"
	done
	expect 0 "$ADJ" new -k alice.key -o "tournament=$id/3/2/2" knights \
	    alice.pub bob.pub
	"$ADJ" open -k bob.key out >hdr.yaml 2>/dev/null || fail "open"
	grep -q "^  id: $id\$" hdr.yaml || fail "id: $(cat hdr.yaml)"
	grep -q '^  round: 3$' hdr.yaml || fail "round"
	grep -q '^  game: 2$' hdr.yaml || fail "game"
	"$WIRE" game -t 2027-01-01T09:00:00Z -k alice.key -k bob.key -e draw \
	    knights 2 peer all "tournament=$id/3/2" >g.arc || fail "wire game"
	expect 0 "$ADJ" verify g.arc
	out_has '^tournament 0123456789abcdef, round 3, board 2$'
}

# A ladder of three, reach 2: carol (third) beats alice (first) and
# takes her place; bob then challenges from second
test_tournament_ladder() {
	keys dir alice bob carol
	declare_t '  type: ladder
  reach: 2' '' alice bob carol
	"$WIRE" game -t 2027-01-01T09:00:00Z -k carol.key -k alice.key \
	    -e resign:1 knights 2 peer all "tournament=$tid" >l1.arc ||
	    fail "wire game"
	expect 0 "$ADJ" tournament table decl.tour l1.arc
	[ "$(sed -n '2,4s/^ *[0-9]*  //p' out | tr '\n' ' ')" = \
	    "carol alice bob " ] || fail "the ladder: $(cat out)"
	expect 1 "$ADJ" tournament pair decl.tour ./*.acc l1.arc
	err_has 'is a ladder: no rounds'
	expect 0 "$ADJ" tournament verify decl.tour ./*.acc l1.arc
}

# the director's word on results: signed, checked against each game's
# archive; a result the archive does not give is the difference
test_tournament_results() {
	rr4
	game 2027-01-01T09:00:00Z alice dave resign:1 1 1
	game 2027-01-01T09:00:00Z bob carol draw 1 2
	expect 0 "$ADJ" tournament results -k dir.key decl.tour rounds.tour \
	    ./*.arc
	mv out res.tour
	expect 0 "$ADJ" tournament verify decl.tour ./*.acc rounds.tour \
	    res.tour ./*.arc
	expect 1 "$ADJ" tournament results -k alice.key decl.tour rounds.tour
	err_has "is not the director's"
	# the director says bob won the drawn game
	gid=$("$ADJ" verify r1b2.arc | sed -n '1s/^knights game //p')
	cat >res.yaml <<-EOF
	adjudicator: 1
	kind: results
	tournament: $tid
	games:
	- round: 1
	  board: 2
	  result: white
	  id: $gid
	EOF
	wire sign dir.key res.yaml dir.pub >res.bin || fail "wire sign"
	armored res.bin >lie.tour
	expect 1 "$ADJ" tournament verify decl.tour ./*.acc rounds.tour \
	    lie.tour ./*.arc
	one_line
	g16=${gid%${gid#????????????????}}
	err_has "round 1, board 2: the director says white, game $g16, "`
	    `"the games say draw, game"
	# and a result of a game not yet over
	expect 1 "$ADJ" tournament verify decl.tour ./*.acc rounds.tour \
	    lie.tour r1b1.arc
	err_has 'the games say pending'
}

# A final stage: two sections of 3 (serpentine: p1 p4 p5, p2 p3 p6), the
# top 2 of each on to a knockout seeded A1 B1 A2 B2 in rounds 4 and 5;
# section A's three tied on everything (each won once): the seeds decide,
# p1 then p4; B: p2 2, p3 1, p6 0.
test_tournament_stage() {
	keys dir p1 p2 p3 p4 p5 p6
	declare_t '  type: round-robin
  section: 3
  stage:
    type: knockout
    advance: 2' 'tiebreaks: [sonneborn-berger]
' p1 p2 p3 p4 p5 p6
	expect 0 "$ADJ" tournament pair -k dir.key decl.tour ./*.acc
	mv out s1.tour
	[ "$(grep -c 'BEGIN ADJUDICATOR TOURNAMENT' s1.tour)" -eq 3 ] ||
	    fail "the first stage's three rounds at once"
	expect 0 "$ADJ" tournament pair decl.tour ./*.acc
	out_has '^round 3 board 1: p5 (white) - p1 (black)$'
	out_has '^round 2 board 3: p2 (white) - p3 (black)$'
	game 2027-01-01T09:00:00Z p4 p5 resign:1 1 1
	game 2027-01-01T09:00:00Z p3 p6 resign:1 1 3
	game 2027-01-02T09:00:00Z p1 p4 resign:1 2 1
	game 2027-01-02T09:00:00Z p2 p3 resign:1 2 3
	game 2027-01-03T09:00:00Z p5 p1 resign:1 3 1
	# the final stage refused while a game of the first is not over
	expect 1 "$ADJ" tournament pair decl.tour ./*.acc s1.tour ./*.arc
	one_line
	err_has '^adjudicator: tournament: the final stage: round 4 cannot '`
	    `'be paired: round 3, board 3 (p6-p2) is not over$'
	[ ! -s out ] || fail "a pairing printed"
	expect 0 "$ADJ" tournament table decl.tour ./*.acc s1.tour ./*.arc
	out_has 'rounds 4 to 5 .*: not yet, the first stage is not over$'
	game 2027-01-03T09:00:00Z p6 p2 resign:0 3 3
	expect 0 "$ADJ" tournament pair -k dir.key decl.tour ./*.acc s1.tour \
	    ./*.arc
	mv out s2r4.tour
	[ "$(grep -c 'BEGIN ADJUDICATOR TOURNAMENT' s2r4.tour)" -eq 1 ] ||
	    fail "one knockout round"
	expect 0 "$ADJ" tournament pair decl.tour ./*.acc s1.tour ./*.arc
	printf '%s\n' 'round 4 board 1: p1 (white) - p3 (black)' \
	    'round 4 board 2: p4 (white) - p2 (black)' >want
	cmp -s out want || fail "the final's seeds (p1 p2 p4 p3): $(cat out)"
	expect 0 "$ADJ" tournament table decl.tour ./*.acc ./*.tour ./*.arc
	out_has '^The final stage: a knockout of the top 2 of each section, '`
	    `'rounds 4 to 5 (its round 1 is round 4): p1 p2 p4 p3$'
	game 2027-01-04T09:00:00Z p1 p3 resign:1 4 1
	game 2027-01-04T09:00:00Z p4 p2 draw 4 2
	expect 0 "$ADJ" tournament pair -k dir.key decl.tour ./*.acc ./*.tour \
	    ./*.arc
	mv out s2r4g2.tour
	game 2027-01-05T09:00:00Z p2 p4 resign:1 4 2 2
	expect 0 "$ADJ" tournament pair -k dir.key decl.tour ./*.acc ./*.tour \
	    ./*.arc
	mv out s2r5.tour
	expect 0 "$ADJ" tournament pair decl.tour ./*.acc s1.tour s2r4.tour \
	    s2r4g2.tour ./*.arc
	[ "$(cat out)" = "round 5 board 1: p1 (white) - p2 (black)" ] ||
	    fail "the final: $(cat out)"
	game 2027-01-06T09:00:00Z p1 p2 resign:0 5 1
	expect 0 "$ADJ" tournament verify decl.tour ./*.acc ./*.tour ./*.arc
	out_has '^club27 ([0-9a-f]*): 5 rounds, .* 6 players: all agree$'
	for f in yaml html; do
		expect 0 "$ADJ" tournament table -f $f decl.tour ./*.acc \
		    ./*.tour ./*.arc
		mv out t.$f
	done
	[ "$(grep -c '^tournament: ' t.yaml)" -eq 2 ] || fail "two tables"
	[ "$(grep -c '<table>' t.html)" -eq 2 ] || fail "two html tables"
	expect 0 "$ADJ" tournament trf decl.tour ./*.acc ./*.tour ./*.arc
	line=$(grep '^001 .*p2' out)
	[ "$(echo "$line" | cut -c81-84)" = " 4.5" ] || fail "points: $line"
	[ "$(echo "$line" | cut -c132-139)" = "0001 b 1" ] ||
	    fail "round 5: $line"
	# the director's round 4 with p5 (third in A) for p4: caught
	director_round r4 4 p1-p3 p5-p2
	expect 1 "$ADJ" tournament verify decl.tour ./*.acc s1.tour r4.tour \
	    ./*.arc
	one_line
	err_has 'r4.tour: round 4, board 2: the director paired p5-p2, '`
	    `'the rules give p4-p2'
}

# Knights at tables of 4: four players, one table (formats/tournament.md,
# "Tables"); the round's seats, a game with them in another order, a
# round paired otherwise; numbers and tie-breaks tables do not take.
test_tournament_tables() {
	keys dir p1 p2 p3 p4 p5 p6
	declare_t '  type: round-robin' 'seats: 4
tiebreaks: [wins]
' p1 p2 p3 p4
	expect 0 "$ADJ" tournament pair -k dir.key decl.tour ./*.acc
	mv out r1.tour
	expect 0 "$ADJ" tournament pair decl.tour ./*.acc
	[ "$(cat out)" = \
	    "round 1 board 1: p1, p2, p3, p4 (in turn order)" ] ||
	    fail "the table: $(cat out)"
	"$WIRE" game -t 2027-01-01T09:00:00Z -k p2.key -k p1.key -k p3.key \
	    -k p4.key -e draw knights 4 peer all "tournament=$tid/1/1" \
	    >bad.arc || fail "wire game"
	expect 1 "$ADJ" tournament verify decl.tour ./*.acc r1.tour bad.arc
	one_line
	err_has 'of round 1, board 1 has 4 seats, p2 first; the round seated '`
	    `'p1-p2-p3-p4$'
	rm bad.arc
	"$WIRE" game -t 2027-01-01T09:00:00Z -k p1.key -k p2.key -k p3.key \
	    -k p4.key -e draw knights 4 peer all "tournament=$tid/1/1" \
	    >t.arc || fail "wire game"
	expect 0 "$ADJ" tournament verify decl.tour ./*.acc r1.tour t.arc
	out_has '^club27 ([0-9a-f]*): 1 rounds, 1 games and byes, 4 players: '`
	    `'all agree$'
	# each seat's points by the final count: a point for each seat
	# behind, half for each level with it
	"$ADJ" verify t.arc >v.txt || fail "verify t.arc"
	sed -n 's/^Score: //p' v.txt | tr ',' '\n' |
	    sed 's/.*(\(p[1-4]\)) \([0-9-]*\).*/\1 \2/' >score.txt
	expect 0 "$ADJ" tournament table decl.tour r1.tour t.arc
	total=0
	while read -r p n; do
		pts=$(awk -v n="$n" '$2 < n { s += 1 } $2 == n { s += 0.5 }
		    END { print s - 0.5 }' score.txt)
		grep -q "^ *[1-4]  *[1-4]  *$p  *$pts  " out ||
		    fail "$p: $pts points: $(cat out) $(cat v.txt)"
		total=$((total + 1))
	done <score.txt
	[ "$total" -eq 4 ] || fail "four scores: $(cat v.txt)"
	expect 1 "$ADJ" tournament trf decl.tour r1.tour t.arc
	err_has 'a round robin of tables: no TRF'
	# the director's table in another order
	{
		printf 'adjudicator: 1\nkind: round\ntournament: %s\n' "$tid"
		printf 'round: 1\ngames:\n- board: 1\n'
		printf '  seats: [p2, p1, p3, p4]\n'
	} >r.yaml
	wire sign dir.key r.yaml dir.pub >r.bin || fail "wire sign"
	armored r.bin >r.tour
	expect 1 "$ADJ" tournament verify decl.tour ./*.acc r.tour
	one_line
	err_has 'round 1, board 1: the director paired p2-p1-p3-p4, the rules '`
	    `'give p1-p2-p3-p4$'
	# six players, a tie-break of two-player games: refused
	{
		grep -v '^seats: \|^tiebreaks: ' decl.yaml
		for p in p5 p6; do
			printf -- '- name: %s\n  key: %s\n' $p "$(cat $p.pub)"
		done
		printf 'seats: 4\n'
	} >six.yaml
	expect 3 "$ADJ" tournament declare -k dir.key six.yaml
	one_line
	err_has 'tables of 4 fit 4, 13 or 16 players, not 6$'
	sed 's/^tiebreaks: \[wins\]$/tiebreaks: [wins, buchholz]/' decl.yaml \
	    >tb.yaml
	expect 3 "$ADJ" tournament declare -k dir.key tb.yaml
	err_has 'buchholz is defined for games of two; tables take wins alone'
	[ ! -s out ] || fail "a declaration printed"
}
