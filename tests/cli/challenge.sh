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
	printf 'address: judge@club.example\n' >jr/judge.yaml
	{
		echo "members:"
		for m in alice bob carol; do
			printf -- '- name: %s\n  key: %s\n' "$m" "$(cat $m.pub)"
			printf '  address: %s@example.org\n' "$m"
			printf '  since: 2026-11-01T00:00:00Z\n'
		done
	} >jr/members
}

# send FILE FROM SUBJECT [STATUS [NOW]]: a mail to the judge, taken at
# the test clock (T0, or NOW)
send() {
	printf 'From: %s\nSubject: %s\nMessage-ID: <%s@example.org>\n\n' \
	    "$2" "$3" "$1" >"$1"
	ADJUDICATOR_NOW=${5:-$T0} SPOOL=$PWD/spool expect "${4:-0}" "$ADJ" \
	    judge -r jr -s "$SM" "$1"
}

# last: the text of the last mail the bot sent
last() {
	f=$(ls spool/*.eml | sort -t/ -k2 -n | tail -1)
	sed '1,/^$/d' "$f"
}

# code_for ADDRESS: the code in the last challenge mailed to ADDRESS
code_for() {
	f=$(mails_to "$1" | tail -1)
	sed -n 's/^    ACCEPT \([0-9a-f]\{16\}\)$/\1/p' "$f"
}

# refused FILE FROM SUBJECT STATUS WHAT: one line back saying WHAT,
# nothing changed
refused() {
	[ -e jr/challenges ] && cp jr/challenges before || rm -f before
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
	! ls jr | grep -q '^[0-9a-f]\{64\}$' || fail "$3: a game made"
}

# A challenge: bob is mailed a code, alice told; bob accepts: one game
# filed, both seats mailed their invitation naming the opponent; both
# join it and the first seat plays its first move through the judge
test_challenge_accepted() {
	cstart
	send c.eml alice@example.org "CHALLENGE bob knights clock=3d"
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
	send c.eml alice@example.org "CHALLENGE bob incognito"
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
	send c.eml alice@example.org "CHALLENGE bob incognito"
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
	refused a2.eml bob@example.org "ACCEPT xyz" 3 "is not a code"
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

# A damaged record keeps the mail (the operator mends it)
test_challenge_damaged() {
	cstart
	printf 'challenges: [1\n' >jr/challenges
	cp jr/challenges before
	send c.eml alice@example.org "CHALLENGE bob knights" 2
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
	send c.eml alice@example.org "CHALLENGE bob topogic"
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
