# games -r ROOT: the order of the listing.  The games where this copy
# writes next first, soonest deadline first (then those without a clock);
# then those that wait on others, the late first, soonest deadline first,
# then those without a clock; then those over.  Within each, the order of
# the game ids.  Every time comes from the test clock: nothing sleeps.

# at TIME CMD...: CMD with the test clock at TIME
at() {
	gm_t=$1
	shift
	ADJUDICATOR_NOW=$gm_t "$@"
}

# game [OPTION]: a peer incognito game made on 2026-11-20, alice's copy
# filed in AR, bob's in B-ID; its id in $gid
game() {
	for o in "$@"; do set -- "$@" -o "$o"; shift; done
	at 2026-11-20T09:00:00Z "$ADJ" new -k alice.key "$@" incognito \
	    alice.pub bob.pub >invite.msg || fail "new"
	at 2026-11-20T09:00:00Z "$ADJ" join -r AR -k alice.key invite.msg \
	    2>join.err || { cat join.err >&2; fail "join -r"; }
	gid=$(sed -n 's|^joined game [0-9a-f]* in AR/||p' join.err)
	[ -n "$gid" ] || { cat join.err >&2; fail "no game id"; }
	at 2026-11-20T09:00:00Z "$ADJ" join -d "B-$gid" -k bob.key invite.msg \
	    2>/dev/null || fail "join -d"
}

# setups ID TIME: alice's setup, then bob's at TIME, which alice's copy
# takes: alice's turn, her clock (if any) started at TIME
setups() {
	at "$2" "$ADJ" setup -d "AR/$1" d2 >a1.msg
	at "$2" "$ADJ" receive -d "B-$1" a1.msg >/dev/null 2>&1 ||
	    fail "bob takes alice's setup"
	at "$2" "$ADJ" setup -d "B-$1" b4 >b1.msg
	at "$2" "$ADJ" receive -r AR b1.msg >/dev/null 2>&1 ||
	    fail "alice takes bob's setup"
}

# resigned ID: alice resigns at 11:00 on 2026-11-21, bob's copy takes it
# and sends its final openings, which alice's takes: the game is over
resigned() {
	at 2026-11-21T11:00:00Z "$ADJ" turn -d "AR/$1" resign >a2.msg
	at 2026-11-21T11:00:00Z "$ADJ" receive -d "B-$1" a2.msg >/dev/null \
	    2>&1 || fail "bob takes the resignation"
	at 2026-11-21T11:00:00Z "$ADJ" turn -d "B-$1" >b2.msg
	at 2026-11-21T11:00:00Z "$ADJ" receive -r AR b2.msg >/dev/null 2>&1 ||
	    fail "alice takes bob's final openings"
}

# short ID: the first 16 digits, as games -r prints them
short() {
	echo "$1" | cut -c1-16
}

test_games_order_yours_waiting_over() {
	keys alice bob
	# two games with a clock where alice moves: the one of the greater
	# id has the sooner deadline, against the order of the ids
	game clock=3d
	x=$gid
	game clock=3d
	y=$gid
	if [ "$x" \> "$y" ]; then soon=$x later=$y; else soon=$y later=$x; fi
	setups "$soon" 2026-12-01T11:00:00Z
	setups "$later" 2026-12-02T11:00:00Z
	# alice moves, no clock
	game
	mine=$gid
	setups "$mine" 2026-11-21T10:00:00Z
	# bob moves, his deadline sooner than alice's own
	game clock=3d
	wait1=$gid
	setups "$wait1" 2026-12-01T09:00:00Z
	at 2026-12-01T10:00:00Z "$ADJ" turn -d "AR/$wait1" e3-c3 >/dev/null
	# bob moves and is late
	game clock=3d
	late=$gid
	setups "$late" 2026-11-25T09:00:00Z
	at 2026-11-26T09:00:00Z "$ADJ" turn -d "AR/$late" e3-c3 >/dev/null
	# bob's setup is due, no clock
	game
	wait0=$gid
	at 2026-11-21T10:00:00Z "$ADJ" setup -d "AR/$wait0" d2 >/dev/null
	# over: alice resigned
	game
	over=$gid
	setups "$over" 2026-11-21T10:00:00Z
	resigned "$over"
	at 2026-12-03T07:00:00Z expect 0 "$ADJ" games -r AR
	one=$(cut -c1-16 out | tr '\n' ' ')
	want=""
	for g in "$soon" "$later" "$mine" "$late" "$wait1" "$wait0" "$over"; do
		want="$want$(short "$g") "
	done
	[ "$one" = "$want" ] || { cat out >&2; fail "order: $one, want $want"; }
	# what is left, in words; how late
	sed -n 1p out | grep -q "  your turn .*; clock: alice's deadline 2026-12-04T11:00:00Z (1 day 4 hours left)$" ||
	    { cat out >&2; fail "the soonest deadline"; }
	sed -n 2p out | grep -q "(2 days 4 hours left)$" ||
	    { cat out >&2; fail "the later deadline"; }
	sed -n 3p out | grep -q "  your turn .*entry 2: bob committed to a setup$" ||
	    { cat out >&2; fail "no clock"; }
	sed -n 4p out | grep -q "  bob's turn .*; clock: bob's deadline 2026-11-29T09:00:00Z (3 days 22 hours late)$" ||
	    { cat out >&2; fail "the late game"; }
	sed -n 5p out | grep -q "  bob's turn .*(1 day 3 hours left)$" ||
	    { cat out >&2; fail "bob's deadline"; }
	sed -n 6p out | grep -q "  bob's setup " ||
	    { cat out >&2; fail "bob's setup"; }
	sed -n 7p out | grep -q "  over .*; result: " ||
	    { cat out >&2; fail "the game over"; }
	# a day later the order of the deadlines holds; once alice's sooner
	# deadline is past, that game is late and still first
	at 2026-12-04T12:00:00Z expect 0 "$ADJ" games -r AR
	sed -n 1p out | grep -q "^$(short "$soon") .*(1 hour late)$" ||
	    { cat out >&2; fail "alice's late game is not first"; }
}

# Games that cannot be read wait among the others, never among this
# copy's moves nor after the games over.
test_games_unreadable_waits() {
	keys alice bob
	game
	over=$gid
	setups "$over" 2026-11-21T10:00:00Z
	resigned "$over"
	game
	mine=$gid
	setups "$mine" 2026-11-21T10:00:00Z
	game
	broken=$gid
	printf 'not a journal\n' >"AR/$broken/journal"
	at 2026-12-03T07:00:00Z expect 0 "$ADJ" games -r AR
	[ "$(wc -l <out)" -eq 3 ] || { cat out >&2; fail "not 3 lines"; }
	sed -n 1p out | grep -q "^$(short "$mine")  .*your turn" ||
	    { cat out >&2; fail "alice's move is not first"; }
	sed -n 2p out | grep -q "^$(short "$broken")  (cannot be read: " ||
	    { cat out >&2; fail "the unreadable game"; }
	sed -n 3p out | grep -q "^$(short "$over")  .* over " ||
	    { cat out >&2; fail "the game over is not last"; }
}
