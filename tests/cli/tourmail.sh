# Tournaments by mail (formats/tournament.md, "By mail"): the operator
# mails TOURNAMENT with the declaration signed by the judge's key; the
# judge keeps it in ROOT/tournaments/ID/, answers with who accepted and
# who is missing, and mails each player how to accept; ACCEPT TID with a
# player's signed acceptance is kept and answered with the state.  Every
# bad input answered in one line, nothing changed.  Through the stand-in
# sendmail (tests/cli/sendmail.sh) at the test clock.  The last
# acceptance starts a round robin: its games made, played to their end
# by resignations, the whole verified.  Its helpers (tstart, send,
# accept_all...) are in lib.sh.

# refused FILE FROM SUBJECT STATUS WHAT [BODY-FILE]: one line back
# saying WHAT, nothing in jr changed
refused() {
	touch jr/log
	snapshot jr
	n0=$(nmail)
	send "$1" "$2" "$3" "$4" "$6"
	[ "$(nmail)" -eq $((n0 + 1)) ] || fail "$3: not one answer"
	last | head -1 | grep -q "^The judge did not take your .*$5" || {
		last >&2
		fail "$3: not told $5"
	}
	# the log has its line; nothing else changed
	sed -i '$d' jr/log
	rm -f jr/judge.recent
	unchanged jr
}

# The declaration taken: kept as received, the operator told the state,
# each player mailed how to accept; the same mail again changes nothing
test_tourmail_declared() {
	tstart alice bob carol dave
	send t.eml op@club.example TOURNAMENT 0 decl.tour
	[ "$(nmail)" -eq 5 ] || fail "$(nmail) mails, want 5"
	tdir=jr/tournaments/club27
	cmp -s "$tdir/decl.tour" decl.tour || fail "the declaration kept"
	f=$(mails_to op@club.example)
	grep -q '^The judge took the declaration' "$f" || fail "op told"
	grep -q '^Tournament club27 ([0-9a-f]\{16\}): Club championship '`
	    `'2027, a round-robin of knights, 4 players' "$f" || fail "state"
	grep -q '^Accepted: none$' "$f" || fail "accepted"
	grep -q '^Missing: alice bob carol dave$' "$f" || fail "missing"
	for p in alice bob carol dave; do
		m=$(mails_to $p@example.org)
		[ -n "$m" ] || fail "$p not mailed"
		grep -q "^    adjudicator tournament accept -k $p.key" "$m" ||
		    fail "$p not told how to accept"
		grep -q '^    ACCEPT club27$' "$m" || fail "$p: ACCEPT"
		# the declaration mailed is the one kept
		sed -n '/^-----BEGIN/,/^-----END/p' "$m" | cmp -s - decl.tour ||
		    fail "$p: the declaration"
	done
	# again: the state, nobody mailed twice, nothing rewritten
	rm -rf spool
	snapshot "$tdir"
	send t2.eml op@club.example TOURNAMENT 0 decl.tour
	unchanged "$tdir"
	last | grep -q '^The judge holds this declaration already' ||
	    fail "again"
}

# Acceptances kept as received; the state mailed back each time
test_tourmail_accepted() {
	tstart alice bob carol dave
	send t.eml op@club.example TOURNAMENT 0 decl.tour
	rm -rf spool
	accept_of bob
	send a.eml bob@example.org "ACCEPT club27" 0 bob.acc
	[ "$(nmail)" -eq 1 ] || fail "$(nmail) mails, want 1"
	cmp -s jr/tournaments/club27/accept-bob.tour bob.acc ||
	    fail "bob's acceptance kept"
	last | grep -q '^The judge took your acceptance' || fail "bob told"
	last | grep -q '^Accepted: bob$' || fail "accepted"
	last | grep -q '^Missing: alice carol dave$' || fail "missing"
	# again: already
	send a2.eml bob@example.org "ACCEPT club27" 0 bob.acc
	last | grep -q '^The judge holds your acceptance already' ||
	    fail "again"
	# anyone may carry it: the signature is the player's
	accept_of carol
	send a3.eml op@club.example "ACCEPT club27" 0 carol.acc
	last | grep -q '^Accepted: bob carol$' || fail "carol"
	# LIST shows it
	send l.eml someone@example.net LIST
	last | grep -q '^Its tournaments:$' || fail "LIST: no tournaments"
	last | grep -q '^club27 ([0-9a-f]\{16\}): Club championship 2027, '`
	    `'a round-robin of knights, 4 players: 2 accepted$' ||
	    fail "LIST: club27"
	# a challenge's code still goes to the challenges
	send c.eml bob@example.org "ACCEPT 0123456789abcdef" 1
	last | head -1 | grep -q 'bob@example.org is no member' ||
	    fail "ACCEPT CODE"
}

# Every bad input: one line back, nothing changed
test_tourmail_refusals() {
	tstart alice bob carol
	# a declaration signed by another key than the judge's
	"$ADJ" tournament declare -k mallory.key decl.yaml >other.tour
	refused o.eml mallory@example.org TOURNAMENT 1 \
	    "signed by mallory .*not by this judge's key" other.tour
	[ ! -e jr/tournaments ] || fail "a tournament kept"
	# no declaration at all
	refused n.eml op@club.example TOURNAMENT 3 "carries no declaration"
	# tampered: one byte of the body changed, its signature broken
	base=$(sed -n '2p' decl.tour)
	c=$(printf '%s' "$base" | cut -c40)
	case $c in A) d=B ;; *) d=A ;; esac
	awk -v d="$d" 'NR == 2 { $0 = substr($0, 1, 39) d substr($0, 41) }
	    { print }' decl.tour >t.tour
	refused t.eml op@club.example TOURNAMENT 1 "bad signature" t.tour
	# the judge's address unset: it makes no games
	mv jr/judge.yaml judge.yaml
	refused na.eml op@club.example TOURNAMENT 1 "has not set its address" \
	    decl.tour
	mv judge.yaml jr/judge.yaml
	# a player without an address
	grep -v '^  address: carol@' decl.yaml >na.yaml
	"$ADJ" tournament declare -k jr/judge.key na.yaml >na.tour
	refused na2.eml op@club.example TOURNAMENT 1 \
	    "the player carol has no address" na.tour
	# another tournament of the same id
	send t0.eml op@club.example TOURNAMENT 0 decl.tour
	sed 's/^name: .*/name: Another/' decl.yaml >d2.yaml
	"$ADJ" tournament declare -k jr/judge.key d2.yaml >d2.tour
	refused t2.eml op@club.example TOURNAMENT 1 \
	    "holds another tournament named club27" d2.tour
	# a ladder without a clock (tests/cli/ladder.sh: with one)
	sed 's/^  type: round-robin$/  type: ladder/; s/^id: .*/id: lad1/' \
	    decl.yaml >dl.yaml
	"$ADJ" tournament declare -k jr/judge.key dl.yaml >dl.tour ||
	    fail "declare the ladder"
	refused tl.eml op@club.example TOURNAMENT 1 \
	    "a ladder by mail needs a clock" dl.tour
	[ ! -e jr/tournaments/lad1 ] || fail "the ladder kept"
	# an id of 16 hex digits
	sed 's/^id: .*/id: abcdef0123456789/' decl.yaml >d3.yaml
	"$ADJ" tournament declare -k jr/judge.key d3.yaml >d3.tour
	refused t3.eml op@club.example TOURNAMENT 1 "16 hex digits" d3.tour
	# an unknown tournament
	accept_of alice
	refused u.eml alice@example.org "ACCEPT club99" 1 \
	    "holds no tournament club99" alice.acc
	refused u2.eml alice@example.org "ACCEPT ../club27" 1 \
	    "holds no tournament" alice.acc
	# an acceptance by a key not in it: of its own tournament
	decl_yaml mallory bob carol >m.yaml
	"$ADJ" tournament declare -k jr/judge.key m.yaml >m.tour
	"$ADJ" tournament accept -k mallory.key m.tour >mallory.acc
	refused m.eml mallory@example.org "ACCEPT club27" 1 \
	    "a record of another tournament" mallory.acc
	# alice's acceptance signed by mallory's key
	tid=$("$ADJ" tournament table -f yaml decl.tour |
	    sed -n 's/^tournament: //p')
	printf 'adjudicator: 1\nkind: acceptance\ntournament: %s\n'`
	    `'player: alice\n' "$tid" >forged.yaml
	wire sign mallory.key forged.yaml jr/judge.pub >forged.bin ||
	    fail "wire sign"
	{
		printf -- '-----BEGIN ADJUDICATOR TOURNAMENT-----\n'
		base64 -w64 forged.bin
		printf -- '-----END ADJUDICATOR TOURNAMENT-----\n'
	} >forged.acc
	refused f.eml mallory@example.org "ACCEPT club27" 1 \
	    "acceptance of alice signed by mallory .*not by alice.s key" \
	    forged.acc
	# the declaration itself is no acceptance
	refused k.eml alice@example.org "ACCEPT club27" 3 \
	    "not a record of a tournament" decl.tour
	# none attached
	refused k2.eml alice@example.org "ACCEPT club27" 3 \
	    "carries no acceptance"
	[ ! -e jr/tournaments/club27/accept-alice.tour ] ||
	    fail "an acceptance kept"
}

# HELP lists both
test_tourmail_help() {
	tstart alice bob
	send h.eml op@club.example HELP
	last | grep -q '^  TOURNAMENT  ' || fail "HELP: TOURNAMENT"
	last | grep -q '^  ACCEPT TID  ' || fail "HELP: ACCEPT TID"
}

# A round robin of 4 started by the last acceptance: its 3 rounds
# paired, signed by the judge and kept; its 6 games made at once, each
# header naming the tournament, round and board, each seat invited with
# a line naming them; every player mailed the pairings; tournament verify
# takes what the judge wrote; the same acceptance again makes nothing new
test_tourmail_round_robin_start() {
	tstart alice bob carol dave
	send t.eml op@club.example TOURNAMENT 0 decl.tour
	accept_all alice bob carol
	[ "$(ls jr | grep -c '^[0-9a-f]\{64\}$')" -eq 0 ] ||
	    fail "games before every acceptance"
	rm -rf spool
	accept_all dave
	td=jr/tournaments/club27
	games=$(ls jr | grep '^[0-9a-f]\{64\}$' || true)
	[ "$(echo "$games" | grep -c .)" -eq 6 ] || fail "not 6 games: $games"
	for r in 1 2 3; do
		[ -s $td/round-$r.tour ] || fail "round $r not kept"
	done
	# 12 invitations, 4 pairings, the answer
	[ "$(nmail)" -eq 17 ] || fail "$(nmail) mails, want 17"
	last | grep -q '^Every player accepted' || fail "dave told"
	for p in alice bob carol dave; do
		n=$(mails_to $p@example.org | xargs grep -l '^adjudicator: '`
		    `'tournament club27 (Club championship 2027), '`
		    `'round [123], board [12]: you play' | wc -l)
		[ "$n" -eq 3 ] || fail "$p invited to $n games"
		mails_to $p@example.org | xargs grep -l \
		    '^round 3 board 2: ' >/dev/null || fail "$p: no pairings"
	done
	# white resigns every game, through the judge
	for p in alice bob carol dave; do
		for f in $(mails_to $p@example.org | xargs grep -l \
		    'board [12]: you play white'); do
			"$ADJ" join -r "$p.R" -k $p.key "$f" 2>/dev/null ||
			    fail "$p joins"
		done
		for g in $(ls "$p.R" 2>/dev/null); do
			"$ADJ" turn -M -d "$p.R/$g" resign >"$g.eml" ||
			    fail "$p resigns"
			ADJUDICATOR_NOW=$T0 SPOOL=$PWD/spool expect 0 "$ADJ" \
			    judge -r jr -s "$SM" "$g.eml"
		done
	done
	# the pairings are the rules' and signed by the director; each
	# game's archive names the tournament, its round and board, its
	# seats the paired players', its options and clock the declared ones
	for g in $games; do
		"$ADJ" export -d jr/$g >$g.arc 2>/dev/null || fail "export $g"
	done
	expect 0 "$ADJ" tournament verify $td/decl.tour $td/accept-*.tour \
	    $td/round-*.tour ./*.arc
	out_has '3 rounds, 6 games.*all agree'
	# black won every game: 0 for white, 1 for black in each pair
	expect 0 "$ADJ" tournament table -f yaml $td/decl.tour \
	    $td/accept-*.tour $td/round-*.tour ./*.arc
	[ "$(grep -c '^    result: 1$' out)" -eq 6 ] || fail "6 wins"
	[ "$(grep -c '^    result: 0$' out)" -eq 6 ] || fail "6 losses"
	send l.eml someone@example.net LIST
	# every game over: the final table mailed
	last | grep -q '^club27 .*: over$' || fail "LIST: over"
	# again: nothing new made, nothing mailed again but the answer
	n0=$(nmail)
	send again.eml dave@example.org "ACCEPT club27" 0 dave.acc
	[ "$(ls jr | grep -c '^[0-9a-f]\{64\}$')" -eq 6 ] || fail "new games"
	[ "$(nmail)" -eq $((n0 + 1)) ] || fail "mailed again: $(nmail)"
	last | grep -q '^The tournament is under way' || fail "under way"
}

# dates_decl CLOSES STARTS: decl.yaml with these dates, signed and
# taken by the judge
dates_decl() {
	printf 'dates:\n  closes: %s\n  starts: %s\n' "$1" "$2" >>decl.yaml
	"$ADJ" tournament declare -k jr/judge.key decl.yaml >decl.tour ||
	    fail "declare"
	send t.eml op@club.example TOURNAMENT 0 decl.tour
}

# Entry closes at its date (closes): an acceptance at that second is
# refused, nothing kept; LIST says the tournament is not played
test_tourmail_closes() {
	tstart alice bob carol
	dates_decl 2026-12-02T00:00:00Z 2026-12-03T00:00:00Z
	accept_all alice bob
	accept_of carol
	send a.eml carol@example.org "ACCEPT club27" 1 carol.acc \
	    $((T0 + 86400))
	last | head -1 | grep -q 'entry to club27 closed at '`
	    `'2026-12-02T00:00:00Z' || fail "not refused: $(last)"
	[ ! -e jr/tournaments/club27/accept-carol.tour ] || fail "kept"
	send l.eml someone@example.net LIST 0 $((T0 + 86400))
	last | grep -q '^club27 .*: entry closed at 2026-12-02T00:00:00Z '`
	    `'with 2 accepted: not played$' || fail "LIST: $(last)"
	# a second before: taken
	send a2.eml carol@example.org "ACCEPT club27" 0 carol.acc \
	    $((T0 + 86399))
	[ -s jr/tournaments/club27/accept-carol.tour ] || fail "not kept"
}

# Every player accepted before its start (starts): nothing paired until
# the tick at that time, which starts it as the last acceptance would
test_tourmail_starts() {
	tstart alice bob carol dave
	dates_decl 2026-12-02T00:00:00Z 2026-12-03T00:00:00Z
	accept_all alice bob carol dave
	td=jr/tournaments/club27
	[ ! -e $td/round-1.tour ] || fail "paired before its start"
	last | grep -q 'the tournament starts at 2026-12-03T00:00:00Z' ||
	    fail "dave told: $(last)"
	send l.eml someone@example.net LIST
	last | grep -q '^club27 .*: every player accepted; starts at '`
	    `'2026-12-03T00:00:00Z$' || fail "LIST: $(last)"
	ADJUDICATOR_NOW=$((T0 + 2 * 86400 - 1)) SPOOL=$PWD/spool expect 0 \
	    "$ADJ" judge -r jr -s "$SM" -t
	[ ! -e $td/round-1.tour ] || fail "paired by the tick before"
	rm -rf spool
	ADJUDICATOR_NOW=$((T0 + 2 * 86400)) SPOOL=$PWD/spool expect 0 \
	    "$ADJ" judge -r jr -s "$SM" -t
	[ -s $td/round-3.tour ] || fail "not paired at its start"
	[ "$(ls jr | grep -c '^[0-9a-f]\{64\}$')" -eq 6 ] || fail "games"
	# 12 invitations, 4 pairings
	[ "$(nmail)" -eq 16 ] || fail "$(nmail) mails, want 16"
	ADJUDICATOR_NOW=$((T0 + 2 * 86400 + 60)) SPOOL=$PWD/spool expect 0 \
	    "$ADJ" judge -r jr -s "$SM" -t
	[ "$(nmail)" -eq 16 ] || fail "the next tick mailed again"
}

# A Swiss of 5 started: only its first round paired (two games and the
# bye, to the lowest seed), the round signed by the judge and verified;
# the later rounds wait for the games (not built by mail yet)
test_tourmail_swiss_first_round() {
	mkdir jr
	"$ADJ" keygen -N -d jr judge 2>/dev/null
	printf 'address: judge@club.example\n' >jr/judge.yaml
	keys alice bob carol dave erin
	decl_yaml alice bob carol dave erin |
	    sed 's/^  type: round-robin$/  type: swiss\n  rounds: 3/' >decl.yaml
	"$ADJ" tournament declare -k jr/judge.key decl.yaml >decl.tour ||
	    fail "declare"
	send t.eml op@club.example TOURNAMENT 0 decl.tour
	accept_all alice bob carol dave erin
	td=jr/tournaments/club27
	[ "$(ls jr | grep -c '^[0-9a-f]\{64\}$')" -eq 2 ] || fail "not 2 games"
	[ -s $td/round-1.tour ] && [ ! -e $td/round-2.tour ] ||
	    fail "not round 1 alone"
	mails_to erin@example.org | xargs grep -q '^round 1 board 3: erin '`
	    `'has the bye' || fail "erin's bye"
	expect 0 "$ADJ" tournament verify $td/decl.tour $td/accept-*.tour \
	    $td/round-1.tour
}
