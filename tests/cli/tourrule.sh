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
