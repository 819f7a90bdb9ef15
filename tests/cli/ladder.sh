# A ladder by mail (formats/tournament.md, "A ladder by mail"): the
# operator mails TOURNAMENT with a ladder's declaration, every player
# ACCEPT TID; then every player is mailed the places; CHALLENGE NAME TID
# (confirmed by its code) and ACCEPT CODE make a game of the ladder,
# the challenger white; its end mails every player the new places, which
# are tournament table's.  Every refusal in one line, nothing changed.
# Through the stand-in sendmail (tests/cli/sendmail.sh) at the test
# clock.  The interleaving of two games (one ends between the other's
# creation and its end, moving the places) is taken by the judge and by
# tournament verify alike: the reach is checked at a game's creation.

# lstart PLAYERS...: jr, the players' keys and mallory's, all of them in
# the club's directory; a ladder lad1 of PLAYERS (reach 2, clock 3d, and
# the declaration's lines $LEXTRA) declared by mail; no acceptance yet
lstart() {
	tstart "$@"
	decl_yaml "$@" | sed 's/^id: .*/id: lad1/; s/^name: .*/name: Club '`
	    `'ladder/; s/^  type: round-robin$/  type: ladder\n  reach: 2/; '`
	    `'s/^format:$/clock:\n  clock: 3d\nformat:/' >decl.yaml
	[ -z "${LEXTRA:-}" ] || printf '%s\n' "$LEXTRA" >>decl.yaml
	"$ADJ" tournament declare -k jr/judge.key decl.yaml >decl.tour ||
	    fail "declare"
	club_directory "$@" mallory
	send t.eml op@club.example TOURNAMENT 0 decl.tour
	td=jr/tournaments/lad1
	[ -s $td/decl.tour ] || fail "the ladder not kept"
}

# laccept PLAYERS...: each one's ACCEPT lad1
laccept() {
	for p in "$@"; do
		accept_of "$p"
		send "a$p.eml" "$p@example.org" "ACCEPT lad1" 0 "$p.acc"
	done
}

# places FILE: the places a mail (or table's output) lists, in order
places() {
	sed -n 's/^ *[0-9][0-9]*  \([a-z]*\)$/\1/p' "$1" | tr '\n' ' '
}

# table [ARCHIVES...]: tournament table's places over the ladder's files
table() {
	ADJUDICATOR_NOW=$((T0 + 3600)) expect 0 "$ADJ" tournament table \
	    $td/decl.tour $td/accept-*.tour "$@"
	places out
}

# agreed PLACES: the games exported, tournament table gives PLACES and
# tournament verify agrees
agreed() {
	exports
	[ "$(table ./*.arc)" = "$1" ] || fail "table: $(table ./*.arc)"
	ADJUDICATOR_NOW=$((T0 + 3600)) expect 0 "$ADJ" tournament verify \
	    $td/decl.tour $td/accept-*.tour ./*.arc
	out_has 'all agree'
}

# lrefused FILE FROM SUBJECT STATUS WHAT VERDICT [NOW]: one line back
# saying WHAT, the log's verdict VERDICT, nothing in jr changed
lrefused() {
	jr_sums | grep -v 'judge.recent$' >lr.before
	n0=$(nmail)
	send "$1" "$2" "$3" "$4" "${7:-$T0}"
	[ "$(nmail)" -eq $((n0 + 1)) ] || fail "$3: not one answer"
	last | head -1 | grep -q "^The judge did not take your .*$5" || {
		last >&2
		fail "$3: not told $5"
	}
	tail -1 jr/log | grep -q "verdict=$6\\( \\|\$\\)" ||
	    fail "$3: the log's verdict: $(tail -1 jr/log)"
	jr_sums | grep -v 'judge.recent$' | cmp -s - lr.before ||
	    fail "$3: jr changed"
}

# ask FROM NAME NOW: FROM's CHALLENGE NAME lad1 confirmed at NOW; the
# code mailed to NAME in $code
ask() {
	confirmed "c$1$2.eml" "$1@example.org" "CHALLENGE $2 lad1" 0 "$3"
	code=$(mails_to "$2@example.org" | tail -1 | xargs sed -n \
	    's/^    ACCEPT \([0-9a-f]\{16\}\)$/\1/p')
	[ -n "$code" ] || fail "$1 $2: no code mailed to $2"
}

# taken FROM NAME NOW: NAME's ACCEPT $code at NOW; the game's id in $G
taken() {
	ls jr | grep '^[0-9a-f]\{64\}$' | sort >g0.txt
	send "a$1$2.eml" "$2@example.org" "ACCEPT $code" 0 "$3"
	G=$(ls jr | grep '^[0-9a-f]\{64\}$' | sort | comm -13 g0.txt -)
	[ "$(echo "$G" | grep -c .)" -eq 1 ] || fail "$1 $2: not one game"
}

# challenge FROM NAME NOW: ask, then taken, at NOW
challenge() {
	ask "$@"
	taken "$@"
}

# joined P: P joins game $G from its invitation
joined() {
	s=$(echo "$G" | cut -c1-16)
	f=$(mails_to "$1@example.org" | xargs grep -l \
	    "^Subject: \[adjudicator\] knights $s: " | tail -1)
	[ -n "$f" ] || fail "$1: no invitation to $s"
	"$ADJ" join -r "$1.R" -k "$1.key" "$f" 2>/dev/null || fail "$1 joins"
}

# resign W B NOW: in game $G, W (white) moves (a bot's move), then B
# (black) takes it from its mailbox and resigns, the judge taking each
# at NOW
resign() {
	joined "$1"
	joined "$2"
	ADJUDICATOR_NOW=$3 "$ADJ" bot -M -d "$1.R/$G" -s 1 >"w$s.eml" \
	    2>/dev/null || fail "$1 moves"
	ADJUDICATOR_NOW=$3 SPOOL=$PWD/spool expect 0 "$ADJ" judge -r jr \
	    -s "$SM" "w$s.eml"
	ADJUDICATOR_NOW=$3 "$ADJ" receive -r "$2.R" \
	    "spool/$2@example.org.mbox" >/dev/null 2>&1 || fail "$2 receives"
	ADJUDICATOR_NOW=$3 "$ADJ" turn -M -d "$2.R/$G" resign >"r$s.eml" ||
	    fail "$2 resigns"
	ADJUDICATOR_NOW=$3 SPOOL=$PWD/spool expect 0 "$ADJ" judge -r jr \
	    -s "$SM" "r$s.eml"
}

# exports: each game of jr exported, as ./GAMEID.arc
exports() {
	for g in $(ls jr | grep '^[0-9a-f]\{64\}$'); do
		"$ADJ" export -d "jr/$g" >"$g.arc" 2>/dev/null ||
		    fail "export $g"
	done
}

# The whole ladder: declared and accepted by mail, the places mailed;
# a challenge refused before it is under way; a challenge confirmed,
# accepted (the challenger white, the header naming the ladder), every
# refusal while it is played, its end mailing the new places, which
# tournament table and verify give too
test_ladder_by_mail() {
	lstart alice bob carol dave erin
	[ "$(nmail)" -eq 6 ] || fail "$(nmail) mails, want 6"
	laccept alice bob carol dave
	# not under way: erin has not accepted
	lrefused n.eml dave@example.org "CHALLENGE bob lad1" 1 \
	    "the ladder lad1 is not under way: erin has not accepted" \
	    ladder,notyet
	rm -rf spool
	laccept erin
	last | grep -q "^Every player accepted: the judge mailed every "`
	    `"player the ladder's places" || fail "erin told: $(last)"
	# every player mailed the places, in seed order, and how to challenge
	for p in alice bob carol dave erin; do
		m=$(mails_to $p@example.org | xargs grep -l \
		    "^Subject: \[adjudicator\] tournament lad1: the ladder's")
		[ "$(echo "$m" | grep -c .)" -eq 1 ] || fail "$p: places"
		[ "$(places "$m")" = "alice bob carol dave erin " ] ||
		    fail "$p: the places: $(places "$m")"
		grep -q '^    CHALLENGE NAME lad1$' "$m" || fail "$p: how"
	done
	[ "$(table)" = "alice bob carol dave erin " ] || fail "table"
	send l.eml someone@example.net LIST
	last | grep -q '^lad1 .*a ladder of knights, 5 players: under way$' ||
	    fail "LIST: $(last)"
	# the same acceptance again: under way, nothing mailed again
	n0=$(nmail)
	send again.eml erin@example.org "ACCEPT lad1" 0 erin.acc
	[ "$(nmail)" -eq $((n0 + 1)) ] || fail "mailed again"
	last | grep -q '^The tournament is under way: its places were' ||
	    fail "again: $(last)"
	# carol (3rd) and dave (4th) challenge bob (2nd): bob's codes;
	# bob accepts dave's, two places up
	ask carol bob $((T0 + 30))
	ccode=$code
	challenge dave bob $((T0 + 60))
	grep -q '^  ladder: lad1$' jr/challenges || fail "the ladder's record"
	grep -q "^adjudicator: bob accepted your challenge on the ladder "`
	    `"lad1: you play white" "$(mails_to dave@example.org | tail -1)" ||
	    fail "dave's invitation"
	ls $td/ladder-*.hdr >/dev/null 2>&1 || fail "the header not kept"
	# its header names the ladder alone, its clock the declared one
	expect 0 "$ADJ" tournament table -f yaml $td/decl.tour
	tid=$(sed -n 's/^tournament: //p' out)
	"$ADJ" open -k dave.key "$(mails_to dave@example.org | tail -1)" \
	    >hdr.yaml 2>/dev/null || fail "open the invitation"
	grep -q "^  id: $tid\$" hdr.yaml || fail "the header: $(cat hdr.yaml)"
	! grep -q '^  round:' hdr.yaml || fail "a round"
	grep -q '^  clock: 3d$' hdr.yaml || fail "the clock"
	[ "$(sed -n '/^seats:/,/^[a-z]/s/^- name: //p' hdr.yaml |
	    tr '\n' ' ')" = "dave bob " ] || fail "seats"
	# refused, nothing changed, while dave's game is under way: not a
	# player (either way), below, too far above, a player in a game of
	# the ladder not over (either way), options
	n=0
	while IFS='|' read -r who words what verdict; do
		n=$((n + 1))
		lrefused "r$n.eml" "$who@example.org" "CHALLENGE $words" 1 \
		    "$what" "ladder,$verdict"
	done <<-'EOF'
	mallory|alice lad1|mallory's key is no player's of the ladder|notplayer
	carol|mallory lad1|mallory's key is no player's|notplayer
	alice|carol lad1|carol (place 3) is not above alice (place 1)|below
	erin|alice lad1|alice (place 1) is more than 2 places above erin|reach
	carol|bob lad1|bob plays a game of the ladder lad1 not over|busy
	dave|alice lad1|dave plays a game of the ladder lad1 not over|busy
	carol|alice lad1 clock=1d|takes no options|options
	EOF
	# carol's challenge accepted now: bob plays dave's game
	lrefused ac.eml bob@example.org "ACCEPT $ccode" 1 \
	    "bob plays a game of the ladder lad1 not over" ladder,busy
	# bob resigns: dave takes his place; every player mailed
	resign dave bob $((T0 + 120))
	for p in alice bob carol dave erin; do
		m=$(mails_to $p@example.org | xargs grep -l \
		    "^Subject: \[adjudicator\] tournament lad1: the ladder's" |
		    tail -1)
		[ -n "$m" ] || fail "$p: no new places"
		grep -q "^  game [0-9a-f]\{16\}: dave (white) - bob (black): "`
		    `"dave won$" "$m" || fail "$p: the result"
		[ "$(places "$m")" = "alice dave bob carol erin " ] ||
		    fail "$p: the new places: $(places "$m")"
	done
	agreed "alice dave bob carol erin "
	# a tick after it mails nothing again
	n0=$(nmail)
	ADJUDICATOR_NOW=$((T0 + 180)) SPOOL=$PWD/spool expect 0 "$ADJ" \
	    judge -r jr -s "$SM" -t
	[ "$(nmail)" -eq "$n0" ] || fail "the tick mailed again"
	# now carol (4th) may challenge dave (2nd)
	challenge carol dave $((T0 + 240))
}

# Two games at once: erin (5th) challenges carol (3rd), then dave (4th)
# bob (2nd), whose game is made at the second erin's ends; erin's win
# moves dave down to 5th before dave's game ends, three places below
# bob.  The reach is checked at each game's creation
# (by the places the games ended before it give): the judge and verify
# both take dave's game, and dave's win moves him to 2nd.  Meanwhile a
# challenge that the new places put out of reach is refused.
test_ladder_interleaved() {
	lstart alice bob carol dave erin frank
	laccept alice bob carol dave erin frank
	challenge erin carol $((T0 + 60))
	G1=$G
	ask dave bob $((T0 + 120))
	G=$G1
	resign erin carol $((T0 + 180))
	# bob accepts at the second erin's game ends: the places before it
	# (dave 4th) are the game's, as verify takes them
	taken dave bob $((T0 + 180))
	G2=$G
	m=$(mails_to frank@example.org | xargs grep -l \
	    "^Subject: \[adjudicator\] tournament lad1: the ladder's" | tail -1)
	[ "$(places "$m")" = "alice bob erin carol dave frank " ] ||
	    fail "after erin's win: $(places "$m")"
	# frank (6th) cannot reach erin now (3rd: 5th before her win)
	lrefused f.eml frank@example.org "CHALLENGE erin lad1" 1 \
	    "erin (place 3) is more than 2 places above frank (place 6)" \
	    ladder,reach $((T0 + 200))
	G=$G2
	resign dave bob $((T0 + 240))
	m=$(mails_to frank@example.org | xargs grep -l \
	    "^Subject: \[adjudicator\] tournament lad1: the ladder's" | tail -1)
	[ "$(places "$m")" = "alice dave bob erin carol frank " ] ||
	    fail "after dave's win: $(places "$m")"
	agreed "alice dave bob erin carol frank "
}

# By mail a ladder needs a clock; its id cannot be a game's name
test_ladder_declaration_refused() {
	tstart alice bob
	decl_yaml alice bob | sed 's/^id: .*/id: lad1/; '`
	    `'s/^  type: round-robin$/  type: ladder/' >d1.yaml
	"$ADJ" tournament declare -k jr/judge.key d1.yaml >d1.tour ||
	    fail "declare"
	lrefused d1.eml op@club.example TOURNAMENT 1 "a ladder by mail needs "`
	    `"a clock" tournament,ladder d1.tour
	sed 's/^id: .*/id: knights/; s/^format:$/clock:\n  clock: 3d\n'`
	    `'format:/' d1.yaml >d2.yaml
	"$ADJ" tournament declare -k jr/judge.key d2.yaml >d2.tour ||
	    fail "declare"
	lrefused d2.eml op@club.example TOURNAMENT 1 "the id knights is a "`
	    `"game's name" tournament,id d2.tour
	[ ! -e jr/tournaments ] || fail "a ladder kept"
}

# Every player accepted before its start (dates: starts): a challenge
# is refused, nobody mailed the places, until the tick at that time
test_ladder_starts() {
	lstart alice bob carol
	rm -rf jr/tournaments
	printf 'dates:\n  starts: 2026-12-03T00:00:00Z\n' >>decl.yaml
	"$ADJ" tournament declare -k jr/judge.key decl.yaml >decl.tour ||
	    fail "declare"
	send t.eml op@club.example TOURNAMENT 0 decl.tour
	laccept alice bob carol
	last | grep -q 'the tournament starts at 2026-12-03T00:00:00Z' ||
	    fail "carol told: $(last)"
	lrefused s.eml carol@example.org "CHALLENGE bob lad1" 1 \
	    "the ladder lad1 is not under way: it starts at "`
	    `"2026-12-03T00:00:00Z" ladder,notyet
	! grep -l "the ladder's places" spool/*.eml >/dev/null 2>&1 ||
	    fail "the places mailed before the start"
	ADJUDICATOR_NOW=$((T0 + 2 * 86400)) SPOOL=$PWD/spool expect 0 "$ADJ" \
	    judge -r jr -s "$SM" -t
	[ "$(grep -l "the ladder's places" spool/*.eml | wc -l)" -eq 3 ] ||
	    fail "the places not mailed at the start"
	confirm s2.eml carol@example.org "CHALLENGE bob lad1" \
	    $((T0 + 2 * 86400))
}

# lfiles [LINES]: dir's ladder lad2 (reach 1, and LINES) of alice, bob
# and carol, declared and accepted in files (decl.tour, P.acc); its id
# in $tid
lfiles() {
	keys dir alice bob carol
	{
		printf 'adjudicator: 1\nkind: tournament\nid: lad2\n'
		printf 'name: Files\nrules: knights\n%s' "${1:-}"
		printf 'format:\n  type: ladder\n  reach: 1\nplayers:\n'
		for p in alice bob carol; do
			printf -- '- name: %s\n  key: %s\n' "$p" "$(cat $p.pub)"
		done
	} >decl.yaml
	"$ADJ" tournament declare -k dir.key decl.yaml >decl.tour ||
	    fail "declare"
	tid=$("$ADJ" tournament table -f yaml decl.tour |
	    sed -n 's/^tournament: //p')
	for p in alice bob carol; do
		"$ADJ" tournament accept -k $p.key decl.tour >$p.acc ||
		    fail "accept $p"
	done
}

# tournament verify and table refuse a game of the ladder between two
# players further apart at its creation than its reach
test_ladder_verify_reach() {
	lfiles
	wire game -t 2027-01-01T09:00:00Z -k carol.key -k bob.key \
	    -e resign:1 knights 2 peer all "tournament=$tid" >g1.arc ||
	    fail "wire game"
	expect 0 "$ADJ" tournament verify decl.tour ./*.acc g1.arc
	# the same game twice (both seats' exports) counts once
	cp g1.arc g1b.arc
	expect 0 "$ADJ" tournament verify decl.tour ./*.acc g1.arc g1b.arc
	out_has ' 1 games and byes, 3 players: all agree'
	# a game of another tournament (or of none) is no game of it
	wire game -t 2027-01-01T10:00:00Z -k carol.key -k bob.key \
	    -e resign:1 knights 2 peer all >g0.arc || fail "wire game"
	expect 1 "$ADJ" tournament verify decl.tour ./*.acc g1.arc g0.arc
	err_has 'g0.arc: game [0-9a-f]\{16\} is not of this tournament'
	wire game -t 2027-01-02T09:00:00Z -k bob.key -k alice.key \
	    -e resign:1 knights 2 peer all "tournament=$tid" >g2.arc ||
	    fail "wire game"
	expect 1 "$ADJ" tournament verify decl.tour ./*.acc g1.arc g2.arc
	err_has 'bob (place 3) and alice (place 1) are more than 1 places apart'
	expect 1 "$ADJ" tournament table decl.tour g1.arc g2.arc
	err_has 'more than 1 places apart at its creation'
}

# A withdrawal takes a player off the ladder's places (table lists it
# apart, in text and YAML), and the reach counts only the players
# between who have not withdrawn: bob (3rd) may challenge alice (1st)
# over carol, who withdrew; verify takes that game with carol's
# withdrawal and refuses it without.  The table without the withdrawal
# is the same as before it.
test_ladder_withdrawn() {
	lfiles
	wire game -t 2027-01-01T09:00:00Z -k carol.key -k bob.key \
	    -e resign:1 knights 2 peer all "tournament=$tid" >g1.arc ||
	    fail "wire game"
	"$ADJ" tournament withdraw -k carol.key decl.tour carol >carol.wd ||
	    fail "withdraw"
	expect 0 "$ADJ" tournament table decl.tour ./*.acc g1.arc
	[ "$(places out)" = "alice carol bob " ] || fail "before: $(cat out)"
	! grep -q withdrawn out || fail "a withdrawal without its record"
	expect 0 "$ADJ" tournament table decl.tour ./*.acc carol.wd g1.arc
	[ "$(places out)" = "alice bob " ] || fail "after: $(cat out)"
	grep -qx 'withdrawn: carol' out || fail "carol apart: $(cat out)"
	expect 0 "$ADJ" tournament table -f yaml decl.tour ./*.acc carol.wd \
	    g1.arc
	[ "$(sed -n '/^ladder:$/,/^withdrawn:$/s/^- //p' out | tr '\n' ' ')" = \
	    "alice bob " ] || fail "yaml places: $(cat out)"
	[ "$(sed -n '/^withdrawn:$/,$s/^- //p' out)" = carol ] ||
	    fail "yaml withdrawn: $(cat out)"
	# bob, third with carol between, takes alice's place
	wire game -t 2027-01-02T09:00:00Z -k bob.key -k alice.key \
	    -e resign:1 knights 2 peer all "tournament=$tid" >g2.arc ||
	    fail "wire game"
	expect 0 "$ADJ" tournament verify decl.tour ./*.acc carol.wd g1.arc \
	    g2.arc
	out_has 'all agree'
	expect 0 "$ADJ" tournament table decl.tour ./*.acc carol.wd ./g*.arc
	[ "$(places out)" = "bob alice " ] || fail "bob's win: $(cat out)"
	expect 1 "$ADJ" tournament verify decl.tour ./*.acc g1.arc g2.arc
	err_has 'bob (place 3) and alice (place 1) are more than 1 places apart'
}

# lontime DAY WHITE BLACK: lDAY.arc, a game of the ladder (clock 1d)
# created on 2027-01-DAY in which WHITE moves and BLACK never answers:
# WHITE claims BLACK out of time a day later
lontime() {
	lo_n=$(printf '%02d' $(($1 + 1)))
	ADJUDICATOR_NOW=2027-01-$1T09:00:00Z "$ADJ" new -k "$2.key" \
	    -o clock=1d -o "tournament=$tid" knights "$2.pub" "$3.pub" \
	    >lo.msg || fail "new $*"
	"$ADJ" join -d "lo$1w" -k "$2.key" lo.msg 2>/dev/null
	"$ADJ" join -d "lo$1b" -k "$3.key" lo.msg 2>/dev/null
	ADJUDICATOR_NOW=2027-01-$1T10:00:00Z "$ADJ" turn -d "lo$1w" c2-e3 \
	    >/dev/null || fail "the first move"
	ADJUDICATOR_NOW=2027-01-${lo_n}T10:00:01Z "$ADJ" turn -d "lo$1w" \
	    timeout >/dev/null || fail "the claim"
	ADJUDICATOR_NOW=2027-01-${lo_n}T11:00:00Z "$ADJ" export \
	    -d "lo$1w" >"l$1.arc" || fail "export"
}

# With timeouts: 1, a ladder's game lost on time withdraws the loser,
# as a signed withdrawal would: bob (2nd) claims alice out of time, takes
# her place, and she is off the places; a game lost over the board
# withdraws nobody
test_ladder_timeouts() {
	lfiles 'clock:
  clock: 1d
timeouts: 1
'
	export ADJUDICATOR_NOW=2027-02-01T00:00:00Z
	wire game -t 2027-01-01T09:00:00Z -k carol.key -k bob.key \
	    -e resign:0 knights 2 peer all clock=1d "tournament=$tid" \
	    >g1.arc 2>werr || { cat werr >&2; fail "wire game"; }
	expect 0 "$ADJ" tournament table decl.tour ./*.acc g1.arc
	[ "$(places out)" = "alice bob carol " ] || fail "over the board"
	lontime 03 bob alice
	expect 0 "$ADJ" tournament table decl.tour ./*.acc g1.arc l03.arc
	[ "$(places out)" = "bob carol " ] || fail "on time: $(cat out)"
	grep -qx 'withdrawn: alice' out || fail "alice apart: $(cat out)"
	expect 0 "$ADJ" tournament verify decl.tour ./*.acc g1.arc l03.arc
	out_has 'all agree'
}

# lmail P: the last mail of the ladder's places to P, in $lp_m
lmail() {
	lp_m=$(mails_to "$1@example.org" | xargs grep -l \
	    "^Subject: \[adjudicator\] tournament lad1: the ladder's" | tail -1)
	[ -n "$lp_m" ] || fail "$1: no places"
}

# By mail: carol's WITHDRAW lad1 takes her off the places at once, and
# every player is mailed it with the places; she can neither challenge
# nor be challenged; erin (5th, 4th as the places show) reaches bob
# (2nd) over her, and the judge and verify agree; the same withdrawal
# again, and the tick after, mail nobody
test_ladder_withdrawal_by_mail() {
	lstart alice bob carol dave erin
	laccept alice bob carol dave erin
	"$ADJ" tournament withdraw -k carol.key decl.tour carol >carol.wd ||
	    fail "withdraw"
	n0=$(nmail)
	send w.eml carol@example.org "WITHDRAW lad1" 0 carol.wd
	last | grep -q '^The judge took the withdrawal of carol from the '`
	    `'ladder\.$' || fail "carol told: $(last)"
	last | grep -q '^Every player is mailed the places now\.$' ||
	    fail "carol not told of the places: $(last)"
	[ "$(nmail)" -eq $((n0 + 6)) ] || fail "$((n0 + 6)) mails: $(nmail)"
	for p in alice bob carol dave erin; do
		lmail $p
		[ "$(places "$lp_m")" = "alice bob dave erin " ] ||
		    fail "$p: the places: $(places "$lp_m")"
		grep -q "^carol withdrew from the ladder lad1 " "$lp_m" ||
		    fail "$p: not told who withdrew"
		grep -qx 'withdrawn: carol' "$lp_m" || fail "$p: carol apart"
		! grep -q '^Games of the ladder' "$lp_m" ||
		    fail "$p: games said to have ended"
	done
	lrefused r1.eml carol@example.org "CHALLENGE alice lad1" 1 \
	    "carol withdrew from the ladder lad1" ladder,withdrawn
	lrefused r2.eml dave@example.org "CHALLENGE carol lad1" 1 \
	    "carol withdrew from the ladder lad1" ladder,withdrawn
	# erin is 4th as the places show: bob is within her reach of 2
	challenge erin bob $((T0 + 60))
	resign erin bob $((T0 + 120))
	lmail dave
	[ "$(places "$lp_m")" = "alice erin bob dave " ] ||
	    fail "after erin's win: $(places "$lp_m")"
	exports
	ADJUDICATOR_NOW=$((T0 + 3600)) expect 0 "$ADJ" tournament verify \
	    $td/decl.tour $td/accept-*.tour $td/withdraw-*.tour ./*.arc
	out_has 'all agree'
	# the same withdrawal again: held already, nobody else mailed
	n0=$(nmail)
	send w2.eml carol@example.org "WITHDRAW lad1" 0 carol.wd
	last | grep -q 'holds a withdrawal of carol already' ||
	    fail "again: $(last)"
	[ "$(nmail)" -eq $((n0 + 1)) ] || fail "mailed again"
	ADJUDICATOR_NOW=$((T0 + 180)) SPOOL=$PWD/spool expect 0 "$ADJ" \
	    judge -r jr -s "$SM" -t
	[ "$(nmail)" -eq $((n0 + 1)) ] || fail "the tick mailed again"
	# the withdrawal's mail lost before its mark (seed 3): the tick
	# mails it
	rm "$td/sent/withdrawn-3"
	ADJUDICATOR_NOW=$((T0 + 240)) SPOOL=$PWD/spool expect 0 "$ADJ" \
	    judge -r jr -s "$SM" -t
	[ "$(nmail)" -eq $((n0 + 6)) ] || fail "the tick: $(nmail) mails"
	lmail alice
	grep -q "^carol withdrew from the ladder lad1 " "$lp_m" ||
	    fail "the tick's mail: $(cat "$lp_m")"
}

# By mail with timeouts: 1: erin challenges dave and never moves; the
# tick rules her out of time, and its mail of the game's end says she
# withdrew and shows the places without her; her own WITHDRAW after it
# is kept and mails nobody but her
test_ladder_timeout_by_mail() {
	LEXTRA='timeouts: 1'
	lstart alice bob carol dave erin
	laccept alice bob carol dave erin
	challenge erin dave $((T0 + 60))
	ADJUDICATOR_NOW=$((T0 + 5 * 86400)) SPOOL=$PWD/spool expect 0 \
	    "$ADJ" judge -r jr -s "$SM" -t
	lmail alice
	grep -q "^  game [0-9a-f]\{16\}: erin (white) - dave (black): "`
	    `"dave won$" "$lp_m" || fail "the result: $(cat "$lp_m")"
	grep -q "^erin withdrew from the ladder lad1 " "$lp_m" ||
	    fail "not told erin withdrew: $(cat "$lp_m")"
	[ "$(places "$lp_m")" = "alice bob carol dave " ] ||
	    fail "the places: $(places "$lp_m")"
	"$ADJ" tournament withdraw -k erin.key decl.tour erin >erin.wd ||
	    fail "withdraw"
	n0=$(nmail)
	send w.eml erin@example.org "WITHDRAW lad1" 0 erin.wd \
	    $((T0 + 6 * 86400))
	last | grep -q '^The judge took the withdrawal of erin from the '`
	    `'ladder\.$' || fail "erin told: $(last)"
	! last | grep -q 'mailed the places now' || fail "told of a mail"
	[ "$(nmail)" -eq $((n0 + 1)) ] || fail "mailed the places again"
}

# A withdrawal before the ladder is under way: kept, nobody mailed yet;
# the start's mail shows the player apart, and no later run mails it
test_ladder_withdrawal_before_start() {
	lstart alice bob carol dave erin
	laccept alice bob carol dave
	"$ADJ" tournament withdraw -k carol.key decl.tour carol >carol.wd ||
	    fail "withdraw"
	n0=$(nmail)
	send w.eml carol@example.org "WITHDRAW lad1" 0 carol.wd
	[ "$(nmail)" -eq $((n0 + 1)) ] || fail "mailed before the start"
	! last | grep -q 'mailed the places now' || fail "told of a mail"
	laccept erin
	lmail alice
	grep -q '^The ladder lad1 .* is under way' "$lp_m" ||
	    fail "not the start's mail: $(cat "$lp_m")"
	[ "$(places "$lp_m")" = "alice bob dave erin " ] ||
	    fail "the places: $(places "$lp_m")"
	grep -qx 'withdrawn: carol' "$lp_m" || fail "carol apart"
	n0=$(nmail)
	ADJUDICATOR_NOW=$((T0 + 180)) SPOOL=$PWD/spool expect 0 "$ADJ" \
	    judge -r jr -s "$SM" -t
	[ "$(nmail)" -eq "$n0" ] || fail "the tick mailed the withdrawal"
}

# A game of a player who withdrew counts the players between all the
# same: with reach 1, carol (3rd) and alice (1st) are two apart over bob
# whether carol or alice withdrew, and verify refuses their game
test_ladder_withdrawn_ends() {
	lfiles
	wire game -t 2027-01-02T09:00:00Z -k carol.key -k alice.key \
	    -e resign:1 knights 2 peer all "tournament=$tid" >g.arc ||
	    fail "wire game"
	for p in carol alice; do
		"$ADJ" tournament withdraw -k $p.key decl.tour $p >$p.wd ||
		    fail "withdraw $p"
		expect 1 "$ADJ" tournament verify decl.tour ./*.acc $p.wd g.arc
		err_has 'carol (place [0-9]) and alice (place [0-9]) are more '`
		    `'than 1 places apart'
	done
}
