# tourrule: what withdraws a player and what the director rules
# (formats/tournament.md): the declaration's timeouts (a player's N-th
# game lost on time withdraws it after that round), the director's
# signed table after a round against its recomputation, and the
# director's rulings of a tournament (abort, adjudicate, replace).  The
# helpers are tests/cli/tournament.sh's; every time is the test clock.

. "$TOP/tests/cli/tournament.sh"

# ontime DAY WHITE BLACK ROUND BOARD: rROUNDbBOARD.arc, a game of the
# tournament (clock 1d) created on 2027-01-DAY in which WHITE moves and
# BLACK never answers: WHITE claims BLACK out of time a day later
ontime() {
	ot_d=2027-01-$1
	ot_n=$(printf '%02d' $(($1 + 1)))
	ADJUDICATOR_NOW=${ot_d}T09:00:00Z "$ADJ" new -k "$2.key" \
	    -o clock=1d -o "tournament=$tid/$4/$5" knights "$2.pub" \
	    "$3.pub" >ot.msg || fail "new $*"
	"$ADJ" join -d "ot$4$5w" -k "$2.key" ot.msg 2>/dev/null
	"$ADJ" join -d "ot$4$5b" -k "$3.key" ot.msg 2>/dev/null
	ADJUDICATOR_NOW=${ot_d}T10:00:00Z "$ADJ" turn -d "ot$4$5w" c2-e3 \
	    >ot1.msg || fail "the first move"
	ADJUDICATOR_NOW=2027-01-${ot_n}T10:00:01Z "$ADJ" turn -d "ot$4$5w" \
	    timeout >/dev/null || fail "the claim"
	ADJUDICATOR_NOW=2027-01-${ot_n}T11:00:00Z "$ADJ" export \
	    -d "ot$4$5w" >"r$4b$5.arc" || fail "export"
}

# cgame DAY WHITE BLACK HOW ROUND BOARD: a game of clock 1d to its end
cgame() {
	ADJUDICATOR_NOW=2027-01-$1T10:00:00Z "$WIRE" game \
	    -t "2027-01-$1T09:00:00Z" -k "$2.key" -k "$3.key" -e "$4" \
	    knights 2 peer all clock=1d "tournament=$tid/$5/$6" \
	    >"r$5b$6.arc" 2>werr || { cat werr >&2; fail "wire game $*"; }
}

ADJUDICATOR_NOW=2027-02-01T00:00:00Z
export ADJUDICATOR_NOW

# rr4c [REST]: a round robin of alice bob carol dave, clock 1d, paired
rr4c() {
	keys dir alice bob carol dave
	declare_t '  type: round-robin' "clock:
  clock: 1d
tiebreaks: [sonneborn-berger, wins]
$1" alice bob carol dave
	expect 0 "$ADJ" tournament pair -k dir.key decl.tour ./*.acc
	mv out rounds.tour
}

# timeouts: 1: bob loses round 2 on time (played: alice's win), so he
# is withdrawn after round 2: his round 3 game is lost by forfeit; his
# round 1 game, earlier, is still his to play.  A game lost over the
# board (dave's) withdraws nobody.
test_tourrule_timeouts() {
	rr4c 'timeouts: 1
'
	cgame 01 alice dave resign:1 1 1
	expect 0 "$ADJ" tournament table decl.tour ./*.acc rounds.tour \
	    r1b1.arc
	# dave lost round 1 over the board: not withdrawn
	grep -q ' bob .* w3 \.  *b1 \.  *w4 \.$' out ||
	    fail "bob pending: $(cat out)"
	grep -q ' dave .* b1 0  *w3 \.  *b2 \.$' out || fail "dave: $(cat out)"
	ontime 02 alice bob 2 2
	expect 0 "$ADJ" verify r2b2.arc
	out_has 'ran out of time'
	expect 0 "$ADJ" tournament table decl.tour ./*.acc rounds.tour \
	    ./*.arc
	grep -q ' bob  *0 .* w3 \.  *b1 0  *w4 -$' out ||
	    fail "bob's round 3 forfeited: $(cat out)"
	grep -q ' dave  *1 .*b2 +$' out || fail "dave's forfeit win: $(cat out)"
	expect 0 "$ADJ" tournament results -k dir.key decl.tour ./*.acc \
	    rounds.tour ./*.arc
	mv out res.tour
	expect 0 "$ADJ" tournament verify decl.tour ./*.acc rounds.tour \
	    ./*.arc res.tour
	out_has 'all agree$'
}

# rr4 played to round 2 (tests/cli/tournament.sh's results): alice 2,
# carol 1.5, bob 0.5, dave 0
rr4_played() {
	rr4
	game 2027-01-01T09:00:00Z alice dave resign:1 1 1
	game 2027-01-01T09:00:00Z bob carol draw 1 2
	game 2027-01-02T09:00:00Z dave carol resign:0 2 1
	game 2027-01-02T09:00:00Z alice bob resign:1 2 2
}

# The director's table after round 2, signed by table -k, agrees; one
# with a tie-break changed, or two players swapped, is refused naming
# the first difference; the same values worked by hand agree.
test_tourrule_table() {
	rr4_played
	set -- decl.tour ./*.acc rounds.tour ./*.arc
	expect 0 "$ADJ" tournament table -k dir.key -r 2 "$@"
	mv out t2.tour
	expect 0 "$ADJ" tournament table -k dir.key -r 1 "$@"
	mv out t1.tour
	expect 0 "$ADJ" tournament verify "$@" t1.tour t2.tour
	out_has 'all agree$'
	expect 1 "$ADJ" tournament table -k alice.key -r 2 "$@"
	err_has "is not the director's"
	expect 2 "$ADJ" tournament table -r 2 "$@"
	expect 1 "$ADJ" tournament table -k dir.key -r 4 "$@"
	err_has 'no table after round 4: 3 rounds paired'
	# by hand (tournament.sh): score, sonneborn-berger, wins, koya
	hand() {
		printf 'adjudicator: 1\nkind: table\ntournament: %s\n' "$tid"
		printf 'round: 2\nplayers:\n'
		for r in "$@"; do
			set -- $r
			printf -- '- name: %s\n  rank: %s\n' $1 $2
			printf '  score: %s\n' $3
			printf '  sonneborn-berger: %s\n  wins: %s\n' $4 $5
			printf '  koya: %s\n' $6
		done
	}
	hand 'alice 1 2 0.5 2 0' 'carol 2 1.5 0.25 1 0' \
	    'bob 3 0.5 0.75 0 0.5' 'dave 4 0 0 0 0' >h.yaml
	wire sign dir.key h.yaml dir.pub >h.bin || fail "wire sign"
	armored h.bin >h.tour
	expect 0 "$ADJ" tournament verify "$@" h.tour
	hand 'alice 1 2 0.5 2 0' 'carol 2 1.5 0.25 1 0' \
	    'bob 3 0.5 1 0 0.5' 'dave 4 0 0 0 0' >h.yaml
	wire sign dir.key h.yaml dir.pub >h.bin || fail "wire sign"
	armored h.bin >h.tour
	expect 1 "$ADJ" tournament verify "$@" h.tour
	one_line
	err_has "h.tour: table after round 2: bob's sonneborn-berger is 1, "`
	    `"the rules give 0.75$"
	hand 'alice 1 2 0.5 2 0' 'bob 3 0.5 0.75 0 0.5' \
	    'carol 2 1.5 0.25 1 0' 'dave 4 0 0 0 0' >h.yaml
	wire sign dir.key h.yaml dir.pub >h.bin || fail "wire sign"
	armored h.bin >h.tour
	expect 1 "$ADJ" tournament verify "$@" h.tour
	err_has "table after round 2: place 2 is bob's, the rules give carol$"
	# signed by a player: no director's word
	wire sign alice.key h.yaml dir.pub >h.bin || fail "wire sign"
	armored h.bin >h.tour
	expect 1 "$ADJ" tournament verify "$@" h.tour
	err_has 'table signed by alice'
	hand 'alice 1 2 0.5 2 0' 'carol 2 1.5 0.25 1 0' \
	    'bob 3 0.5 0.70 0 0.5' 'dave 4 0 0 0 0' >h.yaml
	wire sign dir.key h.yaml dir.pub >h.bin || fail "wire sign"
	armored h.bin >h.tour
	expect 3 "$ADJ" tournament verify "$@" h.tour
	err_has 'sonneborn-berger "0.70": a number as 2, 0.5 or 4.25'
}

# The director's rulings: bob-carol's drawn game of round 1 aborted
# (void: no points), dave-carol of round 2 adjudicated to carol without
# a game, dave replaced by zed from round 3 (bob-zed's game counts for
# dave's seat; bob-dave's, with dave's key, is not the one paired).
# verify prints each ruling; the table takes them.
test_tourrule_rulings() {
	rr4
	keys zed
	game 2027-01-01T09:00:00Z alice dave resign:1 1 1
	game 2027-01-01T09:00:00Z bob carol draw 1 2
	expect 0 "$ADJ" tournament rule -k dir.key decl.tour abort 1/2
	mv out abort.tour
	expect 0 "$ADJ" tournament rule -k dir.key decl.tour adjudicate 2/1 \
	    black
	mv out adj.tour
	expect 0 "$ADJ" tournament rule -k dir.key decl.tour replace dave 3 \
	    zed.pub zed@example.org
	mv out zed.tour
	game 2027-01-03T09:00:00Z bob zed resign:1 3 1
	set -- decl.tour ./*.acc rounds.tour abort.tour adj.tour zed.tour
	expect 0 "$ADJ" tournament verify "$@" ./*.arc
	out_has "^the director's rulings:$"
	out_has '^  round 1, board 2: aborted, void$'
	out_has '^  round 2, board 1: adjudicated, black$'
	out_has '^  dave replaced by zed ([0-9a-f]*) from round 3$'
	out_has 'all agree$'
	expect 0 "$ADJ" tournament table "$@" ./*.arc
	grep -q ' carol  *1 ' out || fail "carol: the adjudication: $(cat out)"
	grep -q ' bob  *1 ' out || fail "bob: void, then zed: $(cat out)"
	grep -q ' dave  *0 ' out || fail "dave: $(cat out)"
	expect 0 "$ADJ" tournament table -k dir.key -r 3 "$@" ./*.arc
	mv out t3.tour
	expect 0 "$ADJ" tournament verify "$@" ./*.arc t3.tour
	# dave's own key in round 3 is no longer the seat's
	game 2027-01-03T09:00:00Z bob dave resign:1 3 1
	expect 1 "$ADJ" tournament verify "$@" ./*.arc
	one_line
	err_has 'round 3, board 1 has seats bob-dave; the round paired bob-zed'
	rm r3b1.arc
	# without the rulings the same table is refused
	expect 1 "$ADJ" tournament verify decl.tour ./*.acc rounds.tour \
	    r1b1.arc r1b2.arc t3.tour
	err_has 't3.tour: table after round 3: '
	# refusals: another key, a game no round paired, twice the same
	expect 1 "$ADJ" tournament rule -k alice.key decl.tour abort 1/2
	err_has "is not the director's"
	[ ! -s out ] || fail "printed"
	expect 2 "$ADJ" tournament rule -k dir.key decl.tour adjudicate 1/2 \
	    blue
	err_has 'blue: white, black or draw'
	expect 2 "$ADJ" tournament rule -k dir.key decl.tour abort 1-2
	expect 1 "$ADJ" tournament rule -k dir.key decl.tour replace dave 3 \
	    alice.pub
	err_has 'the key of a player'
	expect 0 "$ADJ" tournament rule -k dir.key decl.tour abort 9/1
	mv out far.tour
	expect 1 "$ADJ" tournament verify "$@" far.tour
	err_has 'a ruling of round 9, board 1: no game a round paired'
	cp abort.tour copy.tour
	expect 0 "$ADJ" tournament verify "$@" copy.tour
	expect 0 "$ADJ" tournament rule -k dir.key decl.tour adjudicate 1/2 \
	    white
	mv out again.tour
	expect 1 "$ADJ" tournament verify "$@" again.tour
	err_has 'again.tour: a second ruling of what another ruled'
}
