# CHALLENGE, ACCEPT and DECLINE by mail: a member of the club's
# directory challenges another; the member challenged answers with the
# code mailed to its address alone; ACCEPT makes the game (colours by
# lot), files it and mails both seats their invitations, which they join
# and play.  Every bad command answered in one line, ROOT/challenges
# unchanged.  Through the stand-in sendmail (tests/cli/sendmail.sh).

T0=1796083200		# 2026-12-01T00:00:00Z, the test clock

# cstart: the judge's root jr (its address set), alice, bob and carol
# in its directory (ROOT/members written as REGISTER would)
cstart() {
	mkdir jr
	"$ADJ" keygen -N -d jr judge 2>/dev/null
	keys alice bob carol
	directory
}

# directory: jr's address set, and alice, bob and carol listed with the
# keys in ./NAME.pub
directory() {
	club_directory alice bob carol
}

# code_for ADDRESS: the code in the last challenge mailed to ADDRESS
code_for() {
	f=$(mails_to "$1" | tail -1)
	sed -n 's/^    ACCEPT \([0-9a-f]\{16\}\)$/\1/p' "$f"
}

# ngames: the games filed in jr
ngames() {
	ls jr | grep -c '^[0-9a-f]\{64\}$' || true
}

# refused FILE FROM SUBJECT STATUS WHAT: one line back saying WHAT,
# nothing changed
refused() {
	[ -e jr/challenges ] && cp jr/challenges before || rm -f before
	g0=$(ngames)
	n0=$(nmail)
	send "$1" "$2" "$3" "$4"
	[ "$(nmail)" -eq $((n0 + 1)) ] || fail "$3: not one answer"
	last | head -1 | grep -q "^The judge did not take your .*$5" || {
		last >&2
		fail "$3: not told $5"
	}
	if [ -e before ]; then
		cmp -s before jr/challenges || fail "$3: challenges changed"
	else
		[ ! -e jr/challenges ] || fail "$3: challenges written"
	fi
	[ "$(ngames)" -eq "$g0" ] || fail "$3: a game made"
}

# A challenge: bob is mailed a code, alice told; bob accepts: one game
# filed, both seats mailed their invitation naming the opponent; both
# join it and the first seat plays its first move through the judge
test_challenge_accepted() {
	cstart
	confirmed c.eml alice@example.org "CHALLENGE bob knights clock=3d"
	[ "$(nmail)" -eq 2 ] || fail "$(nmail) mails, want 2"
	code=$(code_for bob@example.org)
	[ -n "$code" ] || fail "no code to bob"
	grep -q "$code" "$(mails_to alice@example.org)" &&
	    fail "alice was given bob's code"
	grep -q "$code" jr/challenges jr/log && fail "the code kept in clear"
	grep -q "^Your challenge [0-9a-f]\{16\} to bob" \
	    "$(mails_to alice@example.org)" || fail "alice not told"
	grep -q '^- id: ' jr/challenges || fail "no challenge kept"
	grep -q '^  rules: knights$' jr/challenges || fail "rules"
	grep -q '^  options: clock=3d$' jr/challenges || fail "options"
	# carol cannot accept it, even with the code
	refused a0.eml carol@example.org "ACCEPT $code" 1 "no challenge to you"
	rm -rf spool
	send a.eml bob@example.org "ACCEPT $code"
	G=$(ls jr | grep '^[0-9a-f]\{64\}$')
	[ "$(echo "$G" | wc -l)" -eq 1 ] || fail "not one game: $G"
	[ "$(nmail)" -eq 2 ] || fail "$(nmail) mails, want 2 invitations"
	cp "$(mails_to alice@example.org)" a.inv
	cp "$(mails_to bob@example.org)" b.inv
	a=a.inv b=b.inv
	grep -q '^Your opponent: bob <bob@example.org>' "$a" ||
	    fail "alice's opponent"
	grep -q '^Your opponent: alice <alice@example.org>' "$b" ||
	    fail "bob's opponent"
	grep -q "^adjudicator: bob accepted your challenge" "$a" ||
	    fail "alice not told why"
	grep -q "^  game: $G\$" jr/challenges || fail "the game not recorded"
	tail -1 jr/log | grep -q 'verdict=accept' || fail "log"
	"$ADJ" join -r AR -k alice.key "$a" 2>/dev/null || fail "join alice"
	"$ADJ" join -r BR -k bob.key "$b" 2>/dev/null || fail "join bob"
	"$ADJ" show -d "AR/$G" >show.out || fail "show"
	grep -q 'judge' show.out || fail "not a judged game"
	# the invitation in a mailbox receive reads: the game's own header,
	# which the judge signed, is no update: nothing to do
	"$ADJ" receive -r AR "$a" >/dev/null 2>rerr || {
		cat rerr >&2
		fail "receive refuses the judge's invitation"
	}
	# the same ACCEPT again: the invitations again, no second game
	rm -rf spool
	send a.eml bob@example.org "ACCEPT $code"
	[ "$(ls jr | grep -c '^[0-9a-f]\{64\}$')" -eq 1 ] || fail "two games"
	[ "$(nmail)" -eq 2 ] || fail "not the invitations again"
	rm -rf spool
	# both set up and the first seat moves, by mail through the judge,
	# each seat taking its updates from its mailbox
	export ADJUDICATOR_NOW=$T0
	n=0
	while [ "$(seq_of "jr/$G")" -lt 3 ] && [ $n -lt 6 ]; do
		n=$((n + 1))
		for s in alice bob; do
			case $s in alice) sr=AR ;; bob) sr=BR ;; esac
			"$ADJ" bot -M -d "$sr/$G" -s $n >m.eml 2>/dev/null ||
			    continue
			SPOOL=$PWD/spool ADJUDICATOR_NOW=$T0 expect 0 "$ADJ" \
			    judge -r jr -s "$SM" m.eml
			for t in alice bob; do
				case $t in alice) tr=AR ;; bob) tr=BR ;; esac
				[ -f "spool/$t@example.org.mbox" ] || continue
				"$ADJ" receive -r "$tr" \
				    "spool/$t@example.org.mbox" >/dev/null \
				    2>rerr || {
					cat rerr >&2
					fail "$t refuses her mailbox"
				}
			done
		done
	done
	[ "$(seq_of "jr/$G")" -ge 3 ] || fail "no first move"
	[ "$(seq_of "AR/$G")" -ge 3 ] && [ "$(seq_of "BR/$G")" -ge 3 ] ||
	    fail "the seats did not get the first move"
}

# DECLINE: the challenge gone, its challenger told; then the code is
# no code
test_challenge_declined() {
	cstart
	confirmed c.eml alice@example.org "CHALLENGE bob incognito"
	code=$(code_for bob@example.org)
	rm -rf spool
	send d.eml bob@example.org "DECLINE $code"
	[ "$(nmail)" -eq 2 ] || fail "$(nmail) mails, want 2"
	grep -q '^bob declined your challenge' \
	    "$(mails_to alice@example.org)" || fail "alice not told"
	grep -q '^- id:' jr/challenges && fail "the challenge kept"
	refused a.eml bob@example.org "ACCEPT $code" 1 "no challenge to you"
}

# A challenge nobody answers lapses after 7 days
test_challenge_lapses() {
	cstart
	confirmed c.eml alice@example.org "CHALLENGE bob incognito"
	code=$(code_for bob@example.org)
	rm -rf spool
	send a.eml bob@example.org "ACCEPT $code" 1 $((T0 + 7 * 86400))
	last | grep -q 'no challenge to you has the code' || fail "not lapsed"
	! ls jr | grep -q '^[0-9a-f]\{64\}$' || fail "a game made"
}

# Every bad command: one line, nothing kept
test_challenge_refused() {
	cstart
	refused n1.eml alice@example.org "CHALLENGE" 3 "it says nothing"
	refused n2.eml alice@example.org "CHALLENGE bob" 3 "no game"
	refused n3.eml alice@example.org "CHALLENGE Bob! knights" 3 \
	    "not a member's name"
	refused n4.eml alice@example.org "CHALLENGE dave knights" 1 \
	    "dave is no member"
	refused n5.eml alice@example.org "CHALLENGE alice knights" 1 \
	    "alice is you"
	refused n6.eml alice@example.org "CHALLENGE bob chess" 1 \
	    "chess is no game"
	refused n7.eml alice@example.org "CHALLENGE bob knights size=99" 1 \
	    "size"
	refused n8.eml alice@example.org "CHALLENGE bob knights clock=x" 1 \
	    "clock"
	refused n9.eml mallory@example.org "CHALLENGE bob knights" 1 \
	    "mallory@example.org is no member's address"
	refused a1.eml bob@example.org "ACCEPT" 3 "is not a code"
	refused a2.eml bob@example.org "ACCEPT xyz" 1 "is not a code"
	refused a3.eml bob@example.org "ACCEPT 0123456789abcdef" 1 \
	    "no challenge to you"
	refused a4.eml mallory@example.org "DECLINE 0123456789abcdef" 1 \
	    "no member's address"
	# no address for the judge: no game it can make
	rm jr/judge.yaml
	refused n10.eml alice@example.org "CHALLENGE bob knights" 1 \
	    "makes no games"
	# HELP lists the commands
	send h.eml carol@example.org HELP
	last | grep -q '^  CHALLENGE NAME RULES  *[a-z]' || fail "HELP"
	last | grep -q '^  ACCEPT CODE  *[a-z]' || fail "HELP: ACCEPT"
	last | grep -q '^  DECLINE CODE  *[a-z]' || fail "HELP: DECLINE"
}

# A forged CHALLENGE (alice's address as From, alice never asked): the
# code goes to alice's mailbox alone, and without it nothing is kept and
# bob is not asked; a wrong code, or one for another request, member or
# address, is refused in one line; the same confirmed mail twice makes
# one challenge
test_challenge_forged() {
	cstart
	confirm f1.eml alice@example.org "CHALLENGE bob knights clock=3d"
	[ "$(nmail)" -eq 1 ] || fail "$(nmail) mails, want alice's code"
	[ ! -e jr/challenges ] || fail "a challenge kept without the code"
	tail -1 jr/log | grep -q 'verdict=challenge,code' || fail "log: code"
	code=${C##* }
	refused f2.eml alice@example.org \
	    "CHALLENGE bob knights clock=3d 0123456789abcdef" 1 \
	    "not the judge's code"
	refused f3.eml alice@example.org "CHALLENGE bob knights $code" 1 \
	    "not the judge's code"
	refused f4.eml alice@example.org "CHALLENGE carol knights clock=3d "`
	    `"$code" 1 "not the judge's code"
	refused f5.eml carol@example.org "CHALLENGE bob knights clock=3d "`
	    `"$code" 1 "not the judge's code"
	tail -1 jr/log | grep -q 'verdict=challenge,badcode' ||
	    fail "log: badcode"
	[ -z "$(mails_to bob@example.org)" ] || fail "bob asked"
	# alice's own: her code, twice: one challenge, bob asked
	send f1.eml alice@example.org "$C"
	send f1.eml alice@example.org "$C"
	[ "$(grep -c '^- id: ' jr/challenges)" -eq 1 ] || fail "not one"
	[ -n "$(code_for bob@example.org)" ] || fail "bob not asked"
	grep -rq "$code" jr && fail "the code kept in the root"
	true
}

# A damaged record keeps the mail (the operator mends it)
test_challenge_damaged() {
	cstart
	confirm c.eml alice@example.org "CHALLENGE bob knights"
	rm -rf spool
	printf 'challenges: [1\n' >jr/challenges
	cp jr/challenges before
	send c.eml alice@example.org "$C" 2
	err_has '^adjudicator: jr/challenges:[0-9]*:[0-9]*: '
	[ "$(nmail)" -eq 0 ] || fail "answered while the record is bad"
	tail -1 jr/log | grep -q 'verdict=retry' || fail "log"
	cmp -s jr/challenges before || fail "the record changed"
}

# A game that draws from its seed (topogic): the judge, who makes it,
# commits to its share in the header; the seats give theirs by mail, the
# judge reveals its own by itself, and every copy has the same field
test_challenge_seeded_game() {
	cstart
	confirmed c.eml alice@example.org "CHALLENGE bob topogic"
	code=$(code_for bob@example.org)
	rm -rf spool
	send a.eml bob@example.org "ACCEPT $code"
	G=$(ls jr | grep '^[0-9a-f]\{64\}$')
	"$ADJ" join -r AR -k alice.key "$(mails_to alice@example.org)" \
	    2>/dev/null || fail "join alice"
	"$ADJ" join -r BR -k bob.key "$(mails_to bob@example.org)" \
	    2>/dev/null || fail "join bob"
	"$ADJ" show -d "jr/$G" -f yaml | grep -q '^phase: seed' ||
	    fail "no seed phase"
	rm -rf spool
	export ADJUDICATOR_NOW=$T0
	for s in alice bob alice bob; do
		case $s in alice) sr=AR ;; bob) sr=BR ;; esac
		"$ADJ" turn -M -d "$sr/$G" >m.eml 2>/dev/null || continue
		SPOOL=$PWD/spool expect 0 "$ADJ" judge -r jr -s "$SM" m.eml
		for t in alice bob; do
			case $t in alice) tr=AR ;; bob) tr=BR ;; esac
			[ -f "spool/$t@example.org.mbox" ] || continue
			"$ADJ" receive -r "$tr" "spool/$t@example.org.mbox" \
			    >/dev/null 2>rerr || {
				cat rerr >&2
				fail "$t refuses her mailbox"
			}
		done
	done
	for d in "jr/$G" "AR/$G" "BR/$G"; do
		"$ADJ" show -d "$d" -f yaml | grep -q '^phase: seed' &&
		    fail "$d: still in the seed phase"
		"$ADJ" show -d "$d" | grep '^Seed:' >"seed.$(dirname "$d")"
	done
	# (the seats in their order, which the lot made)
	grep -Eq '^Seed: drawn by (alice, bob|bob, alice) and the judge' \
	    seed.jr ||
	    fail "$(cat seed.jr)"
	cmp -s seed.jr seed.AR && cmp -s seed.jr seed.BR ||
	    fail "the copies differ: $(cat seed.*)"
}

# --- REMATCH ---

# rstart [OPTION...]: cstart, and rgame's game, all at the test clock
rstart() {
	export ADJUDICATOR_NOW=$T0
	cstart
	rgame "$@"
}

# filed FILE: the id of the game whose invitation FILE the judge files
filed() {
	ls jr >games.before
	bot "$1" >&2
	ls jr | grep '^[0-9a-f]\{64\}$' | grep -vxFf games.before ||
	    fail "the judge did not file $1"
}

# rgame [OPTION...]: a judged game of incognito between alice (first)
# and bob, new given the OPTIONs, filed by the judge and joined by both
# (AR, BR); $G its id, the spool emptied
rgame() {
	jinvite invite.msg "$@"
	G=$(filed invite.msg)
	"$ADJ" join -r AR -k alice.key invite.msg 2>/dev/null || fail "join AR"
	"$ADJ" join -r BR -k bob.key invite.msg 2>/dev/null || fail "join BR"
	rm -rf spool
}

# over: $G played to its end by mail (both set up, alice resigns)
over() {
	mplay AR s1.eml setup d2
	mplay BR s2.eml setup b4
	mplay AR r1.eml turn resign
	"$ADJ" show -d "jr/$G" -f yaml | grep -q '^phase: closed$' ||
	    fail "game $G not over"
	rm -rf spool
}

# header FILE: the header of the invitation in FILE, as alice opens it
header() {
	"$ADJ" open -k alice.key "$1" 2>/dev/null || fail "open $1"
}

# A forged REMATCH (bob's address as From): the code to bob alone,
# nothing kept, alice not asked; a code for another game is refused
test_rematch_forged() {
	rstart -o clock=3d
	over
	S=$(echo "$G" | cut -c1-16)
	confirm f1.eml bob@example.org "REMATCH $S"
	[ ! -e jr/challenges ] || fail "a rematch kept without the code"
	[ -z "$(mails_to alice@example.org)" ] || fail "alice asked"
	tail -1 jr/log | grep -q 'verdict=rematch,code' || fail "log: code"
	code=${C##* }
	refused f2.eml bob@example.org "REMATCH $G $code" 1 \
	    "not the judge's code"
	refused f3.eml alice@example.org "REMATCH $S $code" 1 \
	    "not the judge's code"
	[ ! -e jr/challenges ] || fail "a rematch kept with a bad code"
	send f1.eml bob@example.org "$C"
	[ -n "$(code_for alice@example.org)" ] || fail "alice not asked"
	grep -q "^  rematch: $G\$" jr/challenges || fail "rematch not kept"
}

# A game played to its end; bob asks for a rematch by the first 16
# digits of its id; alice is asked (her code), then asks too and is
# answered with bob's; bob's REMATCH again sends the same code; alice
# accepts: one new game, bob first, the same options and clock; a
# REMATCH after says the new game's id
test_rematch_made() {
	rstart -o limit=30 -o clock=3d
	over
	S=$(echo "$G" | cut -c1-16)
	refused c.eml carol@example.org "REMATCH $S" 1 \
	    "your key ([0-9a-f]*) held no seat of game $S"
	rm -rf spool
	confirmed r1.eml bob@example.org "REMATCH $S"
	[ "$(nmail)" -eq 2 ] || fail "$(nmail) mails, want 2"
	code=$(code_for alice@example.org)
	[ -n "$code" ] || fail "no code to alice"
	f=$(mails_to alice@example.org)
	grep -q "^Subject: \[adjudicator\] bob asks you for a rematch of $S" \
	    "$f" || fail "alice's subject"
	grep -q "^bob asks you for a rematch of game $S (incognito," "$f" ||
	    fail "alice not told of the rematch"
	tr '\n' ' ' <"$f" | grep -q "The seats swapped: bob plays first" ||
	    fail "alice not told who plays first"
	grep -q "$code" "$(mails_to bob@example.org)" jr/challenges jr/log &&
	    fail "alice's code given away"
	grep -q "^Your rematch [0-9a-f]\{16\} to alice, a rematch of game $S" \
	    "$(mails_to bob@example.org)" || fail "bob not told"
	grep -q "^  rematch: $G\$" jr/challenges || fail "rematch not kept"
	grep -q '^  first: bob$' jr/challenges || fail "first not kept"
	grep -q '^  options: limit=30 clock=3d grace=0h remind=1d,6h$' \
	    jr/challenges || fail "options: $(grep options jr/challenges)"
	cp jr/challenges kept
	# alice asks too: the same rematch, its code to her
	rm -rf spool
	confirmed r2.eml alice@example.org "REMATCH $G"
	[ "$(nmail)" -eq 1 ] || fail "alice's REMATCH: $(nmail) mails"
	last | grep -q "^bob asked you for this already" ||
	    fail "alice not told of bob's"
	last | grep -qx "    ACCEPT $code" || fail "alice not given the code"
	cmp -s kept jr/challenges || fail "a second rematch kept"
	tail -1 jr/log | grep -q 'verdict=rematch,asked' || fail "log"
	# bob again: the same code to alice, nothing new kept
	rm -rf spool
	confirmed r3.eml bob@example.org "REMATCH $S"
	[ "$(nmail)" -eq 2 ] || fail "bob's REMATCH again: $(nmail) mails"
	[ "$(code_for alice@example.org)" = "$code" ] || fail "another code"
	cmp -s kept jr/challenges || fail "bob's second rematch kept"
	# alice accepts: bob first, the options and the clock of $G
	rm -rf spool
	send a.eml alice@example.org "ACCEPT $code"
	[ "$(ngames)" -eq 2 ] || fail "not one game more"
	G2=$(ls jr | grep '^[0-9a-f]\{64\}$' | grep -v "$G")
	grep -q "^  game: $G2\$" jr/challenges || fail "the game not kept"
	[ "$(nmail)" -eq 2 ] || fail "$(nmail) mails, want 2 invitations"
	grep -q "^adjudicator: you accepted bob's rematch of game $S\.$" \
	    "$(mails_to alice@example.org)" || fail "alice's invitation"
	grep -q "^adjudicator: alice accepted your rematch of game $S\.$" \
	    "$(mails_to bob@example.org)" || fail "bob's invitation"
	grep -q '^Seats, in turn order: bob, then alice' \
	    "$(mails_to bob@example.org)" || fail "the seats not swapped"
	header invite.msg >h1
	header "$(mails_to alice@example.org)" >h2
	grep '^- name: ' h2 | tr '\n' ' ' | grep -qx -- \
	    '- name: bob - name: alice ' || fail "seats: $(cat h2)"
	for h in h1 h2; do
		sed -n '/^options:/,/^seed/p' "$h" | grep -v '^seed' >"$h.opts"
	done
	cmp -s h1.opts h2.opts || {
		diff -u h1.opts h2.opts >&2
		fail "not the same options"
	}
	grep -q '^  limit: 30$' h2.opts && grep -q '^  clock: 3d$' h2.opts ||
	    fail "$(cat h2.opts)"
	"$ADJ" join -r BR -k bob.key "$(mails_to bob@example.org)" \
	    2>/dev/null || fail "bob cannot join"
	"$ADJ" show -d "BR/$G2" -f yaml | grep -q '^next: bob$' ||
	    fail "bob does not begin"
	# made: a REMATCH says so, by either; DECLINE is too late
	for who in bob alice; do
		rm -rf spool
		confirmed "m$who.eml" "$who@example.org" "REMATCH $S"
		[ "$(nmail)" -eq 1 ] || fail "$who's REMATCH: $(nmail) mails"
		last | grep -q "is made already: game $(echo "$G2" |
		    cut -c1-16)" || fail "$who not told of the game made"
	done
	[ "$(ngames)" -eq 2 ] || fail "a game made again"
	refused d.eml alice@example.org "DECLINE $code" 1 \
	    "you accepted it already"
}

# DECLINE of a rematch: bob told, the rematch gone; asked again, it is a
# new one
test_rematch_declined() {
	rstart
	over
	confirmed r1.eml alice@example.org "REMATCH $G"
	code=$(code_for bob@example.org)
	grep -q '^  first: bob$' jr/challenges || fail "bob, second, not first"
	rm -rf spool
	send d.eml bob@example.org "DECLINE $code"
	grep -q "^bob declined your rematch [0-9a-f]\{16\}, a rematch of game" \
	    "$(mails_to alice@example.org)" || fail "alice not told"
	grep -q "^You declined the rematch: it is gone, and alice told" \
	    "$(mails_to bob@example.org)" || fail "bob not told"
	grep -q '^- id:' jr/challenges && fail "the rematch kept"
	rm -rf spool
	confirmed r2.eml alice@example.org "REMATCH $G"
	[ -n "$(code_for bob@example.org)" ] || fail "not asked again"
	[ "$(grep -c '^- id:' jr/challenges)" -eq 1 ] || fail "not one rematch"
}

# Every refusal: one line, nothing kept, no game made
test_rematch_refused() {
	rstart
	S=$(echo "$G" | cut -c1-16)
	refused n1.eml alice@example.org "REMATCH" 3 "is not a game's id"
	refused n2.eml alice@example.org "REMATCH xyz" 3 "is not a game's id"
	refused n3.eml alice@example.org "REMATCH abc" 3 "is not a game's id"
	refused n4.eml alice@example.org "REMATCH $S more" 3 \
	    "is not a game's id"
	# a game not over, then aborted by the operator
	refused o1.eml alice@example.org "REMATCH $S" 1 \
	    "game $S is not over"
	SPOOL=$PWD/spool expect 0 "$ADJ" rule -r jr -s "$SM" "$G" abort \
	    "a test"
	refused o2.eml alice@example.org "REMATCH $S" 1 "was aborted"
	# another game, played to its end
	rgame
	over
	S=$(echo "$G" | cut -c1-16)
	refused s1.eml mallory@example.org "REMATCH $S" 1 \
	    "mallory@example.org is no member's address"
	n=$(echo "$S" | cut -c1 | tr '0-9a-f' '1-9a-f0')
	refused s2.eml alice@example.org "REMATCH ${n}000" 1 \
	    "no one game of this judge has an id starting with ${n}000"
	refused s3.eml carol@example.org "REMATCH $S" 1 "held no seat"
	# bob left the directory; then his key changed (a REGISTER change)
	cp jr/members members.all
	awk '/^- name: / { skip = ($3 == "bob") } !skip' members.all \
	    >jr/members
	refused g1.eml alice@example.org "REMATCH $S" 1 \
	    "bob, your opponent in game $S, is not in this club's directory"
	keys bob2
	sed "s|$(cat bob.pub)|$(sed 's/ bob2 / bob /' bob2.pub)|" \
	    members.all >jr/members
	refused g2.eml alice@example.org "REMATCH $S" 1 \
	    "is not in this club's directory with the key"
	cp members.all jr/members
	# alice's own key changed: the seat is no longer hers
	keys alice2
	sed "s|$(cat alice.pub)|$(sed 's/ alice2 / alice /' alice2.pub)|" \
	    members.all >jr/members
	refused g3.eml alice@example.org "REMATCH $S" 1 "held no seat"
	cp members.all jr/members
	# no address for the judge
	mv jr/judge.yaml judge.yaml
	refused a1.eml alice@example.org "REMATCH $S" 1 "makes no games"
	mv judge.yaml jr/judge.yaml
	# a game of three seats
	"$ADJ" new -k alice.key -m judge -j jr/judge.pub \
	    -a alice=alice@example.org -a bob=bob@example.org \
	    -a carol=carol@example.org -a judge=judge@club.example knights \
	    alice.pub bob.pub carol.pub >k.msg || fail "new knights"
	K=$(filed k.msg)
	refused k1.eml alice@example.org "REMATCH $K" 1 \
	    "has 3 seats: a rematch is of a game of two"
	# HELP lists it
	send h.eml carol@example.org HELP
	last | grep -q '^  REMATCH GAMEID \[CODE\]  *[a-z]' || fail "HELP"
}

# record TAIL: jr/challenges, one challenge of alice to bob ending in
# TAIL (lines, printf's \n between)
record() {
	printf 'challenges:\n- id: 0123456789abcdef\n  from: alice\n'`
	    `'  to: bob\n  rules: knights\n  options: ""\n'`
	    `'  made: 2026-12-01T00:00:00Z\n'`
	    `'  until: 2026-12-08T00:00:00Z\n'"$1"'\n' >jr/challenges
}

# A rematch's record, read strictly: rematch and first come together,
# first is one of the two; a good one is written back as it was
test_rematch_record() {
	cstart
	z=$(printf '%064d' 0)
	confirm c.eml alice@example.org "CHALLENGE bob knights"
	for tail in "  rematch: $z" "  rematch: $z\n  first: dave" \
	    "  first: bob"; do
		record "$tail"
		cp jr/challenges before
		send c.eml alice@example.org "$C" 2
		err_has "jr/challenges:[0-9]*:[0-9]*: not a challenge"
		cmp -s before jr/challenges || fail "$tail: the record changed"
	done
	record "  rematch: $z\n  first: bob"
	send c.eml alice@example.org "$C"
	grep -A1 "^  rematch: $z\$" jr/challenges | grep -q '^  first: bob$' ||
	    fail "the rematch not written back: $(cat jr/challenges)"
	[ "$(grep -c '^- id: ' jr/challenges)" -eq 2 ] ||
	    fail "not the rematch and the challenge"
}

# A seat moved to a new key in the game is that key's at the end: bob,
# listed with his old key, is refused; listed with the new one (as a
# REGISTER key change lists it), he asks, and the game made seats it
test_rematch_new_key() {
	rstart
	keys bob2
	mplay AR s1.eml setup d2
	mplay BR s2.eml setup b4
	# bob's copy is left behind: alice's follows
	"$ADJ" seat -M -d "BR/$G" -t bob2.key >k.eml || fail "seat"
	bot k.eml
	"$ADJ" receive -r AR spool/alice@example.org.mbox >/dev/null 2>&1 ||
	    fail "alice refuses her mailbox"
	"$ADJ" turn -M -d "AR/$G" resign >r1.eml || fail "resign"
	bot r1.eml
	"$ADJ" show -d "jr/$G" -f yaml | grep -q '^phase: closed$' ||
	    fail "game $G not over"
	rm -rf spool
	refused n.eml bob@example.org "REMATCH $G" 1 \
	    "your key ($(cut -d' ' -f3 bob.pub)) held no seat"
	sed "s|$(cat bob.pub)|$(cat bob2.pub)|" jr/members >members.new
	mv members.new jr/members
	rm -rf spool
	confirmed r.eml bob@example.org "REMATCH $G"
	code=$(code_for alice@example.org)
	[ -n "$code" ] || fail "no code to alice"
	rm -rf spool
	send a.eml alice@example.org "ACCEPT $code"
	header "$(mails_to alice@example.org)" >h
	k2=$(cut -d' ' -f3 bob2.pub)
	sed -n '/^- name: bob$/{n;p;}' h | grep -q "$k2" ||
	    fail "bob not seated with his new key: $(cat h)"
}
