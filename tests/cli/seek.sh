# SEEK, SEEKS and UNSEEK by mail: members of the club's directory seek
# a game; the judge keeps each seek in ROOT/seeks until another member's
# seek of the same game, options and clock, rated or casual, matches it
# (each one's rating, the club's own standings, in the other's range),
# then makes the game (colours by lot), files it and mails both seats
# their invitations.  A seek lapses at its date; SEEKS lists the open
# ones; UNSEEK withdraws.  Every bad command answered in one line,
# ROOT/seeks unchanged.  Through the stand-in sendmail
# (tests/cli/sendmail.sh), at the test clock.

T0=1796083200		# 2026-12-01T00:00:00Z, the test clock

# sstart: the judge's root jr (its address set), alice, bob, carol and
# dave in its directory (ROOT/members written as REGISTER would)
sstart() {
	mkdir jr
	"$ADJ" keygen -N -d jr judge 2>/dev/null
	keys alice bob carol dave
	club_directory alice bob carol dave
}

# games: the games filed in jr
games() {
	ls jr | grep '^[0-9a-f]\{64\}$' || true
}

# open_seek FILE FROM SUBJECT [NOW]: a seek, confirmed by its code
# (confirm), answered open; its id in $S
open_seek() {
	confirm "$1" "$2" "$3" "${4:-$T0}"
	n0=$(nmail)
	send "$1" "$2" "$C" 0 "${4:-$T0}"
	[ "$(nmail)" -eq $((n0 + 1)) ] || fail "$3: not one answer"
	last | head -1 | grep -q '^Your seek [0-9a-f]\{16\} is open' || {
		last >&2
		fail "$3: not open"
	}
	S=$(last | head -1 | sed 's/^Your seek \([0-9a-f]*\) .*/\1/')
	tail -1 jr/log | grep -q 'verdict=seek ' || fail "log: $3"
}

# matched FILE FROM SUBJECT [NOW]: a seek that makes a game: one more
# game filed, its id in $G, the two invitations in $A (the sender's) and
# $B (the other's); who is first, by lot, in $FIRST
matched() {
	g0=$(games | wc -l)
	confirm "$1" "$2" "$3" "${4:-$T0}"
	rm -rf spool
	send "$1" "$2" "$C" 0 "${4:-$T0}"
	[ "$(games | wc -l)" -eq $((g0 + 1)) ] || fail "$3: no game made"
	G=$(for g in $(games); do
		grep -q "^  game: $g\$" jr/seeks && [ ! -d "seen.$g" ] &&
		    echo "$g"
	done | tail -1)
	mkdir "seen.$G"
	[ "$(nmail)" -eq 2 ] || fail "$3: $(nmail) mails, want 2 invitations"
	A=$(mails_to "$2")
	B=$(ls spool/*.eml | grep -vx "$A")
	grep -q '^adjudicator: your seek [0-9a-f]\{16\} matched ' "$A" ||
	    fail "$3: the sender not told its seek matched"
	grep -q "'s seek matched your seek of" "$B" ||
	    fail "$3: the other not told"
	FIRST=$(sed -n 's/^Seats, in turn order: \([a-z]*\), then .*/\1/p' "$A")
	[ -n "$FIRST" ] || fail "no seats in turn order"
	grep -q "^Seats, in turn order: $FIRST, then" "$B" ||
	    fail "the invitations disagree"
	tail -1 jr/log | grep -q 'verdict=seek,matched' || fail "log"
	[ "$(grep -c "^  game: $G\$" jr/seeks)" -eq 2 ] ||
	    fail "not both seeks closed by $G"
}

# crefused FILE FROM SUBJECT STATUS WHAT: refused, SUBJECT confirmed
crefused() {
	confirm "$1" "$2" "$3"
	refused "$1" "$2" "$C" "$4" "$5"
}

# refused FILE FROM SUBJECT STATUS WHAT: one line back saying WHAT,
# nothing changed
refused() {
	[ -e jr/seeks ] && cp jr/seeks before || rm -f before
	n0=$(nmail)
	g0=$(games | wc -l)
	send "$1" "$2" "$3" "$4" "${6:-$T0}"
	[ "$(nmail)" -eq $((n0 + 1)) ] || fail "$3: not one answer"
	last | head -1 | grep -q "^The judge did not take your .*$5" || {
		last >&2
		fail "$3: not told $5"
	}
	if [ -e before ]; then
		cmp -s before jr/seeks || fail "$3: seeks changed"
	else
		[ ! -e jr/seeks ] || fail "$3: seeks written"
	fi
	[ "$(games | wc -l)" -eq "$g0" ] || fail "$3: a game made"
}

# Two members seek the same game and clock: the second seek makes the
# game, both seeks closed, both invited naming the opponent, the seats
# by lot; both join; the same SEEK again makes no other game
test_seek_matched() {
	sstart
	open_seek s1.eml alice@example.org "SEEK knights clock=3d"
	sa=$S
	grep -q "^- id: $sa\$" jr/seeks || fail "no seek kept"
	grep -q '^  rules: knights$' jr/seeks || fail "rules"
	grep -q '^  options: clock=3d$' jr/seeks || fail "options"
	grep -q '^  rated: yes$' jr/seeks || fail "rated"
	grep -q '^  until: 2026-12-08T00:00:00Z$' jr/seeks || fail "until"
	# SEEKS: alice's seek, no address
	send l.eml carol@example.org SEEKS
	last | grep -q "^$sa  alice  knights clock=3d  rated  any  until "`
	    `"2026-12-08T00:00:00Z\$" || { last >&2; fail "SEEKS"; }
	last | grep -q '@' && fail "SEEKS gives an address"
	matched s2.eml bob@example.org "SEEK knights clock=3d"
	grep -q '^Your opponent: alice <alice@example.org>' "$A" ||
	    fail "bob's opponent"
	grep -q '^Your opponent: bob <bob@example.org>' "$B" ||
	    fail "alice's opponent"
	grep -q "matched alice's seek of knights" "$A" || fail "bob's line"
	grep -q "^adjudicator: bob's seek matched your seek" "$B" ||
	    fail "alice's line"
	# the lot (the judge's signature over both seeks' ids), said in the
	# bot's report as the invitations give the seats
	grep -q "seek [0-9a-f]* of bob matched alice's: game "`
	    `"${G%${G#????????????????}}, $FIRST first by lot" err ||
	    fail "the lot not said: $(cat err)"
	"$ADJ" join -r AR -k alice.key "$B" 2>/dev/null || fail "join alice"
	"$ADJ" join -r BR -k bob.key "$A" 2>/dev/null || fail "join bob"
	"$ADJ" show -d "AR/$G" | grep -q 'judge' || fail "not a judged game"
	"$ADJ" open -k bob.key "$A" 2>/dev/null | grep -q '^  clock: 3d$' ||
	    fail "the clock not in the header"
	"$ADJ" open -k bob.key "$A" 2>/dev/null | grep -q '^rated:' &&
	    fail "a rated game said casual"
	# SEEKS: nothing open
	send l2.eml carol@example.org SEEKS
	last | grep -q '^No seek is open' || fail "SEEKS after the match"
	# the same SEEK again: the invitations again, no second game
	rm -rf spool
	send s2.eml bob@example.org "$C"
	[ "$(games | wc -l)" -eq 1 ] || fail "two games"
	[ "$(nmail)" -eq 2 ] || fail "not the invitations again"
	# the seek matched cannot be withdrawn
	sb=$(sed -n "s/^- id: //p" jr/seeks | grep -vx "$sa")
	crefused u.eml bob@example.org "UNSEEK $sb" 1 "matched already"
}

# Seeks that do not match: another clock, other options, another game,
# casual against rated; a casual seek matches a casual one, the game's
# header says so
test_seek_not_matched() {
	sstart
	open_seek s1.eml alice@example.org "SEEK knights clock=3d"
	open_seek s2.eml bob@example.org "SEEK knights clock=2d"
	open_seek s3.eml carol@example.org "SEEK knights clock=3d limit=200"
	open_seek s4.eml dave@example.org "SEEK incognito clock=3d"
	open_seek s5.eml bob@example.org "SEEK knights clock=3d casual"
	[ -z "$(games)" ] || fail "a game made"
	[ "$(grep -c '^- id: ' jr/seeks)" -eq 5 ] || fail "not 5 seeks"
	send l.eml dave@example.org SEEKS
	[ "$(last | grep -c '^[0-9a-f]\{16\}  ')" -eq 5 ] || fail "SEEKS"
	last | grep -q '  bob  knights clock=3d  casual  any  ' ||
	    fail "SEEKS: casual"
	# the options in another order, a default given: the same game
	matched s6.eml dave@example.org "SEEK knights casual clock=3d limit=400"
	grep -q "matched bob's seek" "$A" || fail "not bob's casual seek"
	"$ADJ" open -k dave.key "$A" 2>/dev/null | grep -qx 'rated: no' ||
	    fail "a casual game not said casual in its header"
	[ "$(grep -c '^- id: ' jr/seeks)" -eq 6 ] || fail "seeks lost"
}

# mail FILE: a mail made by a seat given to the judge at the test clock
mail() {
	ADJUDICATOR_NOW=$T0 SPOOL=$PWD/spool expect 0 "$ADJ" judge -r jr \
	    -s "$SM" "$1"
}

# after alice beat bob at knights: alice 1520, bob 1480 (standings)
rated_game() {
	open_seek r1.eml alice@example.org "SEEK knights"
	matched r2.eml bob@example.org "SEEK knights"
	"$ADJ" join -r AR -k alice.key "$B" 2>/dev/null || fail "join alice"
	"$ADJ" join -r BR -k bob.key "$A" 2>/dev/null || fail "join bob"
	rm -rf spool
	# whoever is first, bob resigns (on his turn, or alice passes it)
	if [ "$FIRST" = alice ]; then
		"$ADJ" bot -M -d "AR/$G" -s 1 >m.eml 2>/dev/null ||
		    fail "alice's first move"
		mail m.eml
		"$ADJ" receive -r BR spool/bob@example.org.mbox >/dev/null \
		    2>rerr || fail "bob's update: $(cat rerr; ls spool)"
	fi
	"$ADJ" turn -M -d "BR/$G" resign >m2.eml 2>/dev/null ||
	    fail "bob resigns"
	rm -rf spool
	mail m2.eml
	send st.eml carol@example.org STANDINGS
	last | grep -q 'alice .* 1520' || { last >&2; fail "alice not 1520"; }
	last | grep -q 'bob .* 1480' || fail "bob not 1480"
}

# Ratings: each one's rating (the club's standings, the game's table)
# must be in the other's range; a member not rated counts at 1500; of
# several matching seeks the oldest wins
test_seek_ratings() {
	sstart
	rated_game
	rm -rf spool
	# alice (1520) takes 1400-1499: not carol (1500)
	open_seek a.eml alice@example.org "SEEK knights 1400-1499" $((T0 + 60))
	sa=$S
	last | grep -q '^Your rating at knights, in this club.s STANDINGS: '`
	    `'1520\.$' || { last >&2; fail "alice not told her rating"; }
	# carol (1500, not rated) takes 1450-1490: not alice (1520)
	open_seek c.eml carol@example.org "SEEK knights 1450-1490" $((T0 + 120))
	sc=$S
	last | grep -q '^Your rating at knights, .*: 1500 (no rated game yet' ||
	    fail "carol not told she counts at 1500"
	# dave (1500) takes +-10: alice's range refuses him, carol's too
	open_seek d.eml dave@example.org "SEEK knights +-10" $((T0 + 180))
	sd=$S
	[ "$(games | wc -l)" -eq 1 ] || fail "a game made out of range"
	grep -q '^  range: +-10$' jr/seeks || fail "range +-10 not kept"
	# bob (1480): in alice's and carol's ranges, both in his: the
	# oldest, alice's, wins
	matched b.eml bob@example.org "SEEK knights" $((T0 + 240))
	grep -q "matched alice's seek" "$A" || fail "not the oldest seek"
	grep -q "^- id: $sc\$" jr/seeks && grep -q "^- id: $sd\$" jr/seeks ||
	    fail "the others' seeks lost"
	send l.eml dave@example.org SEEKS 0 $((T0 + 300))
	last | grep -q "^$sc  carol  knights  rated  1450-1490  " ||
	    fail "carol's seek not open"
	last | grep -q "^$sa" && fail "alice's seek still open"
	true
}

# A seek nobody matches lapses at its date (days=N, until=DATE) and is
# gone from the record when it is next written
test_seek_lapses() {
	sstart
	open_seek s1.eml alice@example.org "SEEK incognito days=2"
	grep -q '^  until: 2026-12-03T00:00:00Z$' jr/seeks || fail "days=2"
	sa=$S
	open_seek s2.eml carol@example.org "SEEK knights until=2026-12-05"
	grep -q '^  until: 2026-12-05T00:00:00Z$' jr/seeks || fail "until="
	send l.eml dave@example.org SEEKS 0 $((T0 + 2 * 86400))
	last | grep -q "^$sa" && fail "a lapsed seek listed"
	last | grep -q "  carol  knights " || fail "carol's seek not listed"
	# bob's seek after it lapsed makes no game, and the record drops it
	open_seek s3.eml bob@example.org "SEEK incognito" $((T0 + 2 * 86400))
	[ -z "$(games)" ] || fail "a lapsed seek matched"
	grep -q "^- id: $sa\$" jr/seeks && fail "a lapsed seek kept"
	# the longest: 30 days, to the second (days=31 refused below)
	open_seek s4.eml dave@example.org "SEEK knights clock=2d days=30"
	open_seek s5.eml alice@example.org "SEEK knights clock=4d "`
	    `"until=2026-12-31"
	[ "$(grep -c '^  until: 2026-12-31T00:00:00Z$' jr/seeks)" -eq 2 ] ||
	    fail "30 days"
	refused s6.eml carol@example.org "SEEK knights clock=5d "`
	    `"until=2026-12-31T00:00:01Z" 3 "within 30 days"
}

# A forged SEEK (alice's address as From, alice never asked): the code
# goes to alice's mailbox alone, and without it nothing is kept, no game
# made; a wrong code, or one for another request, member or address, is
# refused in one line; a forged UNSEEK withdraws nothing
test_seek_forged() {
	sstart
	open_seek s1.eml bob@example.org "SEEK knights clock=3d"
	confirm f1.eml alice@example.org "SEEK knights clock=3d"
	tail -1 jr/log | grep -q 'verdict=seek,code' || fail "log: code"
	[ "$(games | wc -l)" -eq 0 ] || fail "a game made without the code"
	grep -q '^  by: alice$' jr/seeks && fail "a seek kept without the code"
	code=${C##* }
	refused f2.eml alice@example.org \
	    "SEEK knights clock=3d 0123456789abcdef" 1 "not the judge's code"
	refused f3.eml alice@example.org "SEEK knights clock=2d $code" 1 \
	    "not the judge's code"
	refused f4.eml carol@example.org "SEEK knights clock=3d $code" 1 \
	    "not the judge's code"
	tail -1 jr/log | grep -q 'verdict=seek,badcode' || fail "log: badcode"
	confirm f5.eml bob@example.org "UNSEEK all"
	grep -q '^  by: bob$' jr/seeks || fail "bob's seek withdrawn"
	refused f6.eml bob@example.org "UNSEEK all $code" 1 \
	    "not the judge's code"
	# alice's own confirmed seek (its words as the judge gave them back)
	matched f1.eml alice@example.org "SEEK knights clock=3d"
	grep -rq "$code" jr && fail "the code kept in the root"
	true
}

# UNSEEK ID, UNSEEK ALL; another's seek is not the sender's to withdraw
test_seek_withdrawn() {
	sstart
	open_seek s1.eml alice@example.org "SEEK knights clock=3d"
	s1=$S
	open_seek s2.eml alice@example.org "SEEK incognito"
	open_seek s3.eml alice@example.org "SEEK knights clock=2d"
	crefused u0.eml bob@example.org "UNSEEK $s1" 1 "no open seek of yours"
	confirm u1.eml alice@example.org "UNSEEK $s1"
	send u1.eml alice@example.org "$C"
	last | grep -q "^$s1  knights clock=3d" || fail "not told"
	grep -q "^- id: $s1\$" jr/seeks && fail "not withdrawn"
	# bob's seek of the same no longer finds it
	open_seek s4.eml bob@example.org "SEEK knights clock=3d"
	confirm u2.eml alice@example.org "UNSEEK all"
	send u2.eml alice@example.org "$C"
	[ "$(last | grep -c '^[0-9a-f]\{16\}  ')" -eq 2 ] || fail "not both"
	grep -q '^  by: alice$' jr/seeks && fail "alice's seeks kept"
	grep -q '^  by: bob$' jr/seeks || fail "bob's seek withdrawn"
	crefused u3.eml alice@example.org "UNSEEK ALL" 1 "no open seek"
}

# Every bad command: one line, nothing kept
test_seek_refused() {
	sstart
	refused n1.eml alice@example.org "SEEK" 3 "it says no game"
	refused n2.eml alice@example.org "SEEK chess" 1 "chess is no game"
	refused n3.eml alice@example.org "SEEK knights seats=4" 1 "seats"
	refused n4.eml alice@example.org "SEEK knights size=99" 1 "size"
	refused n5.eml alice@example.org "SEEK knights clock=x" 1 "clock"
	refused n6.eml alice@example.org "SEEK knights rated casual" 3 \
	    "rated or casual twice"
	refused n7.eml alice@example.org "SEEK knights rated=no" 3 \
	    "say rated or casual"
	refused n8.eml alice@example.org "SEEK knights 1700-1400" 3 \
	    "not a rating range"
	refused n9.eml alice@example.org "SEEK knights +-x" 3 \
	    "not a rating range"
	refused n10.eml alice@example.org "SEEK knights 0-99999" 3 \
	    "not a rating range"
	refused n11.eml alice@example.org "SEEK knights 1400-1500 +-50" 3 \
	    "two rating ranges"
	refused n12.eml alice@example.org "SEEK knights days=0" 3 "days"
	refused n13.eml alice@example.org "SEEK knights days=31" 3 "days"
	refused n14.eml alice@example.org "SEEK knights until=2026-11-30" 3 \
	    "not after now"
	refused n15.eml alice@example.org "SEEK knights until=2027-02-01" 3 \
	    "within 30 days"
	refused n16.eml alice@example.org "SEEK knights until=tomorrow" 3 \
	    "until is a date"
	refused n17.eml alice@example.org \
	    "SEEK knights days=2 until=2026-12-04" 3 "twice"
	refused n18.eml alice@example.org "SEEK knights please" 3 \
	    "is none of"
	refused n19.eml mallory@example.org "SEEK knights" 1 \
	    "mallory@example.org is no member's address"
	refused l1.eml mallory@example.org "SEEKS" 1 "for members"
	refused l2.eml alice@example.org "SEEKS knights" 3 "takes nothing"
	refused u1.eml alice@example.org "UNSEEK" 3 "is not a seek's id"
	refused u2.eml alice@example.org "UNSEEK 12" 3 "is not a seek's id"
	refused u3.eml mallory@example.org "UNSEEK all" 1 "no member's"
	crefused u4.eml alice@example.org "UNSEEK 0123456789abcdef" 1 \
	    "no open seek of yours"
	# the same game twice; the most a member may have open
	open_seek s1.eml alice@example.org "SEEK knights clock=3d"
	crefused t1.eml alice@example.org "SEEK knights clock=3d 1400-1600" 1 \
	    "is that game already"
	for d in 1 2 4 5 6 7 8 9 10; do
		open_seek f$d.eml alice@example.org "SEEK knights clock=${d}d"
	done
	crefused t2.eml alice@example.org "SEEK incognito" 1 \
	    "open seeks, the most"
	# no address for the judge: no game it can make
	rm jr/judge.yaml
	refused n20.eml bob@example.org "SEEK knights" 1 "makes no games"
	# HELP lists the commands
	send h.eml carol@example.org HELP
	last | grep -q '^  SEEK RULES \[OPTIONS\]  *[a-z]' || fail "HELP: SEEK"
	last | grep -q '^  SEEKS  *[a-z]' || fail "HELP: SEEKS"
	last | grep -q '^  UNSEEK ID|ALL \[CODE\]  *[a-z]' ||
	    fail "HELP: UNSEEK"
}

# A damaged record keeps the mail (the operator mends it)
test_seek_damaged() {
	sstart
	printf 'seeks: [1\n' >jr/seeks
	cp jr/seeks before
	send c.eml alice@example.org "SEEK knights" 2
	err_has '^adjudicator: jr/seeks:[0-9]*:[0-9]*: '
	[ "$(nmail)" -eq 0 ] || fail "answered while the record is bad"
	tail -1 jr/log | grep -q 'verdict=retry' || fail "log"
	cmp -s jr/seeks before || fail "the record changed"
	printf 'seeks:\n- id: 0123456789abcdef\n  by: alice\n' >jr/seeks
	send c2.eml alice@example.org "SEEKS" 2
	err_has 'jr/seeks'
}
