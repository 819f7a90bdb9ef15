# WATCH TID and WITHDRAW TID by mail (formats/tournament.md, "By mail"):
# an address confirmed by the judge's code watches every game of a
# tournament, those made and those made later (the list kept in
# ROOT/tournaments/ID/watchers); a player's signed withdrawal is kept and
# answered with the state, its later games forfeited in the table.
# Through the stand-in sendmail at the test clock; tourmail.sh's helpers.

. "$TOP/tests/cli/tourmail.sh"

# watch_code FROM: WATCH club27 from FROM, the code the answer gives
watch_code() {
	send "w$1.eml" "$1" "WATCH club27" 0
	last | sed -n 's/^    WATCH club27 \([0-9a-f]\{16\}\)$/\1/p'
}

# eve watches before the start (no game yet), frank after it: both are
# observers of all 6 games, and eve is mailed a move of one
test_tourwatch_watch() {
	tstart alice bob carol dave
	send t.eml op@club.example TOURNAMENT 0 decl.tour
	accept_all alice bob carol
	code=$(watch_code eve@example.net)
	[ ${#code} -eq 16 ] || fail "no code: $(last)"
	[ ! -e jr/tournaments/club27/watchers ] || fail "kept unconfirmed"
	refused wb.eml eve@example.net "WATCH club27 0123456789abcdef" 1 \
	    "not the judge's code"
	send w2.eml eve@example.net "WATCH club27 $code" 0
	last | grep -q '^You watch every game of the tournament club27' ||
	    fail "eve: $(last)"
	grep -qx 'eve@example.net' jr/tournaments/club27/watchers ||
	    fail "the list"
	# the same again: listed once
	send w3.eml eve@example.net "WATCH club27 $code" 0
	[ "$(grep -c . jr/tournaments/club27/watchers)" -eq 1 ] ||
	    fail "listed twice"
	accept_all dave
	games=$(ls jr | grep '^[0-9a-f]\{64\}$')
	for g in $games; do
		grep -q '^eve@example.net ' jr/$g/watchers ||
		    fail "eve does not watch $g"
	done
	code=$(watch_code frank@example.net)
	send w4.eml frank@example.net "WATCH club27 $code" 0
	last | grep -q '^The 6 made so far' || fail "frank: $(last)"
	for g in $games; do
		grep -q '^frank@example.net ' jr/$g/watchers ||
		    fail "frank does not watch $g"
	done
	# alice resigns her first game: its observers are mailed
	n0=$(mails_to eve@example.net | wc -l)
	f=$(mails_to alice@example.org | xargs grep -l \
	    'board [12]: you play white' | head -1)
	"$ADJ" join -r alice.R -k alice.key "$f" 2>/dev/null || fail "join"
	g=$(ls alice.R | head -1)
	"$ADJ" turn -M -d "alice.R/$g" resign >r.eml || fail "resign"
	ADJUDICATOR_NOW=$T0 SPOOL=$PWD/spool expect 0 "$ADJ" judge -r jr \
	    -s "$SM" r.eml
	[ "$(mails_to eve@example.net | wc -l)" -gt "$n0" ] ||
	    fail "eve not mailed the move"
	refused wu.eml eve@example.net "WATCH nosuch" 1 \
	    "holds no tournament nosuch"
}

# bob's signed withdrawal after round 1, carried by anyone: kept, the
# state answered; his games of rounds 2 and 3 forfeited in the table;
# again: kept once; refused: another's signature, an acceptance, an
# unknown tournament
test_tourwatch_withdraw() {
	tstart alice bob carol dave
	send t.eml op@club.example TOURNAMENT 0 decl.tour
	accept_all alice bob carol dave
	td=jr/tournaments/club27
	"$ADJ" tournament withdraw -k bob.key -a 1 decl.tour bob >bob.wd ||
	    fail "withdraw"
	# bob's withdrawal signed by carol
	tid=$("$ADJ" tournament table -f yaml decl.tour |
	    sed -n 's/^tournament: //p')
	printf 'adjudicator: 1\nkind: withdrawal\ntournament: %s\n' "$tid" \
	    >wd.yaml
	printf 'player: bob\nafter: 1\n' >>wd.yaml
	wire sign carol.key wd.yaml jr/judge.pub >wd.bin || fail "wire sign"
	{
		printf -- '-----BEGIN ADJUDICATOR TOURNAMENT-----\n'
		base64 -w64 wd.bin
		printf -- '-----END ADJUDICATOR TOURNAMENT-----\n'
	} >forged.wd
	refused x1.eml bob@example.org "WITHDRAW club27" 1 \
	    "withdrawal of bob signed by carol" forged.wd
	refused x2.eml bob@example.org "WITHDRAW club27" 1 \
	    "no withdrawal" bob.acc
	refused x3.eml bob@example.org "WITHDRAW nosuch" 1 \
	    "holds no tournament nosuch" bob.wd
	send w.eml op@club.example "WITHDRAW club27" 0 bob.wd
	cmp -s $td/withdraw-bob.tour bob.wd || fail "not kept as received"
	last | grep -q '^The judge took the withdrawal of bob after round 1' ||
	    fail "told: $(last)"
	snapshot $td
	send w2.eml bob@example.org "WITHDRAW club27" 0 bob.wd
	unchanged $td
	last | grep -q 'holds a withdrawal of bob already' || fail "again"
	expect 0 "$ADJ" tournament table $td/decl.tour $td/accept-*.tour \
	    $td/round-*.tour $td/withdraw-*.tour
	grep -q ' bob  *0 .* w3 \.  *b1 -  *w4 -$' out ||
	    fail "bob's later games: $(cat out)"
	send h.eml op@club.example HELP
	last | grep -q '^  WITHDRAW TID  ' || fail "HELP: WITHDRAW TID"
	last | grep -q '^  WATCH TID \[CODE\]  ' || fail "HELP: WATCH TID"
}
