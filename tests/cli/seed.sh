# The seed nobody chooses (formats/header.md, "The seed"): a game whose
# rules draw from its seed, made without -s, commits its creator to a
# share; every other party gives one, the creator reveals last, and the
# layout is drawn from them all.  A peer topogic game and a judged
# espionnage game through the whole seed phase to their first move and to
# the end, verified; the layout the same in every copy, and not one any
# single party fixed; a wrong reveal, a share out of order and a move
# before the reveal refused by receive and verify; a share that never
# comes timed out by the judge; -s says "chosen by"; a game that draws
# nothing has no seed phase.  Time comes from the test clock.

. "$TOP/tests/cli/bot.sh"
. "$TOP/tests/cli/agent.sh"

ADJUDICATOR_NOW=2026-12-20T00:00:00Z
export ADJUDICATOR_NOW

# at TIME CMD...: CMD with the test clock at TIME
at() {
	sd_t=$1
	shift
	ADJUDICATOR_NOW=$sd_t "$@"
}

# board DIR: the board of DIR's YAML view (nothing while the seed is
# owed), without what differs by viewer
board() {
	"$ADJ" show -d "$1" -f yaml | sed -n '/^board:/,$p'
}

# game_of DIR: the game id
game_of() {
	"$ADJ" show -d "$1" -f yaml | sed -n 's/^game: //p'
}

# share_of MSG KEY: the share a message's entry carries
share_of() {
	"$ADJ" open -k "$2" "$1" 2>/dev/null | sed -n 's/^share: //p'
}

# drawn GAMEID SHARE...: the seed, as formats/header.md computes it
drawn() {
	python3 -c '
import hashlib, sys
h = hashlib.blake2b(digest_size=32, person=b"adj-seed-v1")
for x in sys.argv[1:]:
    h.update(bytes.fromhex(x))
print(h.hexdigest())' "$@"
}

# layout_of SEED RULES OPTION...: the board a game of RULES made with -s
# SEED shows bob, in its own directory
layout_of() {
	lo_seed=$1 lo_rules=$2
	shift 2
	rm -rf L L.msg
	"$ADJ" new -k alice.key -s "$lo_seed" "$@" "$lo_rules" alice.pub \
	    bob.pub >L.msg || fail "new -s $lo_seed"
	"$ADJ" join -d L -k bob.key L.msg 2>/dev/null || fail "join L"
	board L
}

test_seed_peer_topogic() {
	peer_start topogic -o limit=3 -o field=rect
	"$ADJ" open -k bob.key invite.msg 2>/dev/null >hdr
	grep -q '^seed_commit: [0-9a-f]\{64\}$' hdr || fail "no commitment"
	grep -q '^seed:' hdr && fail "a seed in the header"
	# bob's share is due; no board exists yet
	expect 0 "$ADJ" show -d B
	out_has '^Your share of the seed is due: adjudicator turn -d B$'
	out_has '^Seed: bob owes a share; the layout is drawn once every '`
	    `'share is in\.$'
	out_has '^No board yet'
	grep -q 'Pawns:' out && fail "a board before the seed is drawn"
	expect 0 "$ADJ" show -d B -f yaml
	out_has '^phase: seed$'
	out_has '^  how: pending$'
	out_has '^  owed: bob$'
	out_has '^  say: Your share of the seed is due$'
	grep -q '^board:' out && fail "a YAML board before the seed is drawn"
	expect 0 "$ADJ" show -d A
	out_has "^Expecting bob's share of the seed: "`
	    `"adjudicator receive -d A FILE$"
	# nothing else while a share is owed, and alice's reveal waits
	snapshot A
	snapshot B
	expect 1 "$ADJ" turn -d B e6 e6 e6 e5 a1
	one_line
	err_has 'bob owes a share of the seed first: adjudicator turn -d B$'
	expect 1 "$ADJ" setup -d A yellow/4
	one_line
	err_has 'bob owes a share of the seed first$'
	expect 1 "$ADJ" turn -d A
	one_line
	err_has 'bob owes a share of the seed first$'
	expect 1 "$ADJ" bot -d A
	one_line
	unchanged A
	unchanged B
	play B s1.msg
	expect 0 "$ADJ" show -d A
	out_has '^Your share of the seed is due: adjudicator turn -d A$'
	expect 1 "$ADJ" turn -d B
	err_has 'alice owes a share of the seed first$'
	play A s2.msg
	for d in A B; do
		expect 0 "$ADJ" show -d $d
		out_has '^Seed: drawn by alice and bob\.$'
		out_has "^Next: alice's setup\.$"
	done
	board A >a.board
	board B >b.board
	cmp -s a.board b.board || fail "the two copies' boards differ"
	grep -q '^board:' a.board || fail "no board once the seed is drawn"
	# the layout is the seed's of every share, no single party's
	a=$(share_of s2.msg bob.key)
	b=$(share_of s1.msg alice.key)
	[ ${#a} -eq 64 ] && [ ${#b} -eq 64 ] || fail "shares: '$a' '$b'"
	seed=$(drawn "$(game_of A)" "$a" "$b")
	layout_of "$seed" topogic -o limit=3 -o field=rect >s.board
	cmp -s a.board s.board || fail "the layout is not the shares' seed's"
	for one in "$a" "$b" "$(drawn "$(game_of A)" "$a")"; do
		layout_of "$one" topogic -o limit=3 -o field=rect >o.board
		cmp -s a.board o.board && fail "a layout one party fixed"
	done
	# the first move, then the game to its end, verified
	"$ADJ" setup -d A random >a1.msg || fail "setup A"
	deliver B a1.msg
	bot_peer random random
	verified .
	out_has '^seed: drawn by alice and bob$'
	expect 0 "$ADJ" show -d B
	out_has '^Seed: drawn by alice and bob\.$'
}

# jstep FILE: the judge takes FILE, the seats their updates
jstep() {
	"$ADJ" judge -d J -O mq "$1" >jout 2>jerr || {
		cat jout jerr >&2
		fail "judge $1"
	}
	for s in alice:A bob:B; do
		[ -f "mq/${s%%:*}.msg" ] || continue
		deliver "${s#*:}" "mq/${s%%:*}.msg"
		rm "mq/${s%%:*}.msg"
	done
}

# sj_start OPTION...: a judged espionnage game made at 09:00 on
# 2026-12-01 with the OPTIONs, joined by J, A and B
sj_start() {
	keys alice bob judge
	at 2026-12-01T09:00:00Z "$ADJ" new -k alice.key -m judge \
	    -j judge.pub "$@" espionnage alice.pub bob.pub >invite.msg ||
	    fail "new"
	for d in J:judge A:alice B:bob; do
		at 2026-12-01T09:00:00Z "$ADJ" join -d "${d%%:*}" \
		    -k "${d#*:}.key" invite.msg 2>/dev/null ||
		    fail "join ${d%%:*}"
	done
}

test_seed_judged_espionnage() {
	sj_start -o clock=1d -o limit=3
	# every later entry an hour after the game was made
	ADJUDICATOR_NOW=2026-12-01T10:00:00Z
	"$ADJ" open -k judge.key invite.msg 2>/dev/null | grep -q \
	    '^seed_commit: ' || fail "no commitment"
	expect 0 "$ADJ" show -d B
	out_has '^Your share of the seed is due: adjudicator turn -d B$'
	at 2026-12-01T09:30:00Z "$ADJ" show -d J >out
	out_has "^bob's clock runs: deadline 2026-12-02T09:00:00Z"
	expect 1 "$ADJ" setup -d B random
	err_has 'bob owes a share of the seed first: adjudicator turn -d B$'
	expect 1 "$ADJ" setup -d A random
	err_has 'bob owes a share of the seed first$'
	# no seat changes keys before the seed is drawn: the creator's
	# reveal is made from the key it made the game with
	keys alice2
	snapshot A
	expect 1 "$ADJ" seat -d A -t alice2.key
	one_line
	err_has 'a seat entry while bob owes a share of the seed (a seat '`
	    `'changes keys once the seed is drawn)'
	unchanged A
	"$ADJ" turn -d B >s1.msg || fail "share B"
	jstep s1.msg
	grep -q 'the judge gave a share of the seed' jout ||
	    fail "the judge gave no share: $(cat jout)"
	expect 0 "$ADJ" show -d A
	out_has '^Your share of the seed is due: adjudicator turn -d A$'
	out_has '^Seed: alice owes a share'
	"$ADJ" turn -d A >s2.msg || fail "reveal A"
	jstep s2.msg
	for d in J A B; do
		expect 0 "$ADJ" show -d $d
		out_has '^Seed: drawn by alice, bob and the judge\.$'
	done
	for d in J A B; do
		"$ADJ" show -d $d -f yaml |
		    sed -n '/^board:/,$p' | grep 'square:' | sort >$d.sq
	done
	grep -q . J.sq || fail "no board"
	# the public squares of the pieces and volcanoes, the same for all
	cmp -s J.sq A.sq && cmp -s J.sq B.sq || fail "the copies differ"
	# the setups, the first move, the game to its end
	"$ADJ" bot -d A -s 1 >a1.msg || fail "setup A"
	jstep a1.msg
	"$ADJ" bot -d B -s 2 >b1.msg || fail "setup B"
	jstep b1.msg
	"$ADJ" bot -d A -s 3 >a2.msg || fail "the first move"
	jstep a2.msg
	bot_judged random random
	judged_exports J A B
	out_has '^seed: drawn by alice, bob and the judge$'
}

# share_body SEQ PREV AUTHOR KIND: the head of a hand-made entry
share_body() {
	printf 'game: %s\nseq: %s\nprev: %s\nby: %s\nto: [%s, %s]\nkind: %s\n' \
	    "$(game_of A)" "$1" "$2" "$3" "$(cut -d' ' -f3 alice.pub)" \
	    "$(cut -d' ' -f3 bob.pub)" "$4"
}

test_seed_wrong_reveal() {
	peer_start topogic
	play B s1.msg
	entries A E
	fake=$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')
	{ share_body 2 "$(wire hash E/000001)" alice share
	  echo "share: $fake"; } >r.yaml
	by_hand r alice.key r.yaml alice.pub bob.pub
	snapshot B
	expect 1 "$ADJ" receive -d B r.msg
	one_line
	err_has "alice's reveal of the seed does not match the commitment "`
	    `"of the header: alice breaks the draw"
	grep -q "$fake" err && fail "the share in the error"
	unchanged B
	# verify refuses it too
	mkdir X
	cp E/000000 E/000001 X/
	cp r.bin X/000002
	python3 "$TOP/tests/cli/entries.py" -j X x.arc
	expect 1 "$ADJ" verify x.arc
	one_line
	err_has "seq 2: alice's reveal of the seed does not match the"
	# the true reveal is taken
	play A s2.msg
	expect 0 "$ADJ" show -d B
	out_has '^Seed: drawn by alice and bob\.$'
}

test_seed_out_of_order() {
	peer_start topogic
	entries A E
	h0=$(wire hash E/000000)
	snapshot B
	# alice's reveal before bob's share
	{ share_body 1 "$h0" alice share
	  echo "share: $(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')"
	} >r.yaml
	by_hand r alice.key r.yaml alice.pub bob.pub
	expect 1 "$ADJ" receive -d B r.msg
	one_line
	err_has "seq 1 by alice out of turn: it is bob's"
	# a setup before the reveal
	play B s1.msg
	entries B F
	{ share_body 2 "$(wire hash F/000001)" alice setup
	  echo "commit: []"; } >u.yaml
	by_hand u alice.key u.yaml alice.pub bob.pub
	snapshot B
	expect 1 "$ADJ" receive -d B u.msg
	one_line
	err_has "a setup entry while alice owes a share of the seed"
	unchanged B
	# verify refuses both
	mkdir X Y
	cp E/000000 X/
	cp r.bin X/000001
	python3 "$TOP/tests/cli/entries.py" -j X x.arc
	expect 1 "$ADJ" verify x.arc
	err_has "out of turn: it is bob's"
	cp F/000000 F/000001 Y/
	cp u.bin Y/000002
	python3 "$TOP/tests/cli/entries.py" -j Y y.arc
	expect 1 "$ADJ" verify y.arc
	err_has "a setup entry while alice owes a share of the seed"
	# a share where none is owed any more
	play A s2.msg
	entries A G
	{ share_body 3 "$(wire hash G/000002)" alice share
	  echo "share: $(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')"
	} >w.yaml
	by_hand w alice.key w.yaml alice.pub bob.pub
	expect 1 "$ADJ" receive -d B w.msg
	one_line
	err_has "a share of the seed, which nobody owes now"
}

# A share that never comes: the judge's tick reminds bob, then rules him
# out of time; no layout is ever drawn
test_seed_share_times_out() {
	sj_start -o clock=1d
	at 2026-12-02T05:00:00Z "$ADJ" judge -d J -t -O mq >tout 2>&1 ||
	    fail "tick: $(cat tout)"
	grep -q 'reminder for bob' tout || fail "no reminder: $(cat tout)"
	rm -f mq/*
	at 2026-12-02T09:00:30Z "$ADJ" judge -d J -t -O mq >tout 2>&1 ||
	    fail "tick: $(cat tout)"
	grep -q 'lateness notice for alice' tout || fail "late: $(cat tout)"
	rm -f mq/*
	at 2026-12-02T09:01:01Z "$ADJ" judge -d J -t -O mq >tout 2>&1 ||
	    fail "tick: $(cat tout)"
	grep -q 'bob ran out of time' tout || fail "no timeout: $(cat tout)"
	for s in alice:A bob:B; do
		at 2026-12-02T09:01:01Z "$ADJ" receive -d "${s#*:}" \
		    "mq/${s%%:*}.msg" >/dev/null 2>&1 ||
		    fail "${s%%:*} refuses the timeout"
	done
	expect 0 "$ADJ" show -d A
	out_has '^Game over: alice won (bob ran out of time'
	out_has '^Seed: never drawn'
	grep -q '^board:' out && fail "a board never drawn"
	"$ADJ" export -d J >j.arc
	expect 0 "$ADJ" verify j.arc
	out_has '^result: alice won'
	out_has '^seed: never drawn'
}

test_seed_chosen() {
	peer_start topogic -s 5 -o limit=3
	"$ADJ" open -k bob.key invite.msg 2>/dev/null >hdr
	grep -q '^seed: 5$' hdr || fail "no seed"
	grep -q '^seed_commit:' hdr && fail "a commitment with -s"
	for d in A B; do
		expect 0 "$ADJ" show -d $d
		out_has '^Seed: chosen by alice (new -s)\.$'
		expect 0 "$ADJ" show -d $d -f yaml
		out_has '^  how: chosen$'
		out_has '^  by: alice$'
	done
	expect 0 "$ADJ" show -d A
	out_has '^Your setup is due'
	bot_peer random random
	verified .
	out_has '^seed: chosen by alice (new -s)$'
}

test_seed_nothing_drawn() {
	peer_start incognito -o limit=4
	"$ADJ" open -k bob.key invite.msg 2>/dev/null | grep -q '^seed: ' ||
	    fail "no seed"
	expect 0 "$ADJ" show -d A
	out_has '^Your setup is due'
	grep -q '^Seed:' out && fail "a seed line for a game that draws nothing"
	bot_peer random random
	verified .
	grep -q '^seed:' out && fail "verify speaks of a seed drawn by nobody"
	true
}

# espionnage without volcanoes draws nothing either
test_seed_no_volcanoes() {
	sj_start -o volcanoes=0
	"$ADJ" open -k judge.key invite.msg 2>/dev/null | grep -q '^seed: ' ||
	    fail "a commitment without volcanoes"
	expect 0 "$ADJ" show -d A
	out_has '^Your setup is due'
	true
}

# The creator's key held by a key agent: it commits and reveals as the
# key itself does (the agent signs the share's blob as it signs an entry)
test_seed_through_the_agent() {
	ekeys alice
	keys bob
	agent_start
	add alice.key
	(unset ADJUDICATOR_PASSPHRASE_FILE
	"$ADJ" new -k alice.key topogic alice.pub bob.pub </dev/null \
	    >invite.msg) || fail "new through the agent"
	"$ADJ" join -d A -k alice.key invite.msg 2>/dev/null || fail "join A"
	"$ADJ" join -d B -k bob.key invite.msg 2>/dev/null || fail "join B"
	play B s1.msg
	(unset ADJUDICATOR_PASSPHRASE_FILE
	"$ADJ" turn -d A </dev/null >s2.msg 2>terr) ||
	    { cat terr >&2; fail "the reveal through the agent"; }
	deliver B s2.msg
	expect 0 "$ADJ" show -d B
	out_has '^Seed: drawn by alice and bob\.$'
}

# By mail: the judge's mail bot (judge -r) takes bob's share, writes its
# own and mails the updates; alice's reveal by mail draws the seed; every
# mail's summary says so, and none shows a board before it
test_seed_by_mail() {
	mkdir jr
	"$ADJ" keygen -N -d jr judge 2>/dev/null
	keys alice bob
	"$ADJ" new -k alice.key -m judge -j jr/judge.pub \
	    -a alice=alice@example.org -a bob=bob@example.org \
	    -a judge=judge@club.example espionnage alice.pub bob.pub \
	    >invite.msg || fail "new"
	"$ADJ" join -r AR -k alice.key invite.msg 2>/dev/null || fail "join AR"
	"$ADJ" join -r BR -k bob.key invite.msg 2>/dev/null || fail "join BR"
	bot invite.msg
	G=$(ls AR)
	grep -q "filed: bob to begin" spool/1.eml ||
	    fail "the acknowledgement: $(cat spool/1.eml)"
	grep -q 'bob gives a share of the seed first' spool/1.eml ||
	    fail "the acknowledgement: $(cat spool/1.eml)"
	rm -rf spool
	mplay BR b1.eml turn
	grep -q 'the judge gave a share of the seed' \
	    spool/alice@example.org.mbox || fail "alice is not told"
	grep -q 'No board yet' spool/alice@example.org.mbox ||
	    fail "no word of the board to come"
	mplay AR a1.eml turn
	for r in AR BR; do
		expect 0 "$ADJ" show -d "$r/$G"
		out_has '^Seed: drawn by alice, bob and the judge\.$'
	done
	expect 0 "$ADJ" show -d "jr/$G"
	out_has '^Seed: drawn by alice, bob and the judge\.$'
	grep -q 'Your setup is due' alice.view || fail "alice's setup not due"
}

# The judge made the game: the seats give their shares, and the judge's
# reveal, made from its own key, follows by itself
test_seed_judge_creates() {
	keys alice bob judge
	"$ADJ" new -k judge.key -m judge -j judge.pub espionnage alice.pub \
	    bob.pub >invite.msg || fail "new"
	for d in J:judge A:alice B:bob; do
		"$ADJ" join -d "${d%%:*}" -k "${d#*:}.key" invite.msg \
		    2>/dev/null || fail "join ${d%%:*}"
	done
	expect 0 "$ADJ" show -d A
	out_has '^Your share of the seed is due: adjudicator turn -d A$'
	expect 1 "$ADJ" turn -d B
	err_has 'alice owes a share of the seed first$'
	"$ADJ" turn -d A >s1.msg || fail "alice's share"
	jstep s1.msg
	"$ADJ" turn -d B >s2.msg || fail "bob's share"
	jstep s2.msg
	grep -q 'the judge revealed a share: the seed is drawn' jout ||
	    fail "no reveal by the judge: $(cat jout)"
	for d in J A B; do
		expect 0 "$ADJ" show -d $d
		out_has '^Seed: drawn by alice, bob and the judge\.$'
	done
	expect 0 "$ADJ" show -d A
	out_has '^Your setup is due'
}
