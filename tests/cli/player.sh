# The player's tools: dry runs (setup -n, turn -n), the last line of every
# view (what to type next, with the real game directory), a game that is
# over saying so to every verb that would act.

# A dry setup: the view as it would be, with the layout; nothing on disk
# changes and no key is loaded (the key is moved away).
test_setup_dry_run() {
	peer_start incognito
	"$ADJ" show -d A >/dev/null
	snapshot A
	mv alice.key alice.key.away
	expect 0 "$ADJ" setup -n -d A d2
	head -n 1 out | grep -q '^Dry run: nothing was written or sent' ||
	    fail "no dry-run line"
	out_has '^ 2   \.  \.  \. Ws Wa$'
	out_has "^Last: alice committed to a setup\.$"
	out_has "^Expecting bob's setup: adjudicator receive -d A FILE$"
	unchanged A
	# refused as the real one would be, with its status
	expect 2 "$ADJ" setup -n -d A z9
	one_line
	err_has 'name the starting square of your spy'
	unchanged A
	expect 2 "$ADJ" setup -n -M -d A d2
	err_has '\-n and -M together'
	# without -n the key is needed: it is away
	expect 4 "$ADJ" setup -d A d2
	err_has 'alice.key: No such file'
	unchanged A
	mv alice.key.away alice.key
	expect 0 "$ADJ" setup -d A d2
	out_has '^-----BEGIN ADJUDICATOR MESSAGE-----$'
}

# A dry turn: checked exactly as a turn, applied to a copy thrown away.
test_turn_dry_run() {
	peer_start incognito
	setups d2 b4
	"$ADJ" show -d A >/dev/null
	snapshot A
	expect 0 "$ADJ" turn -n -d A e3-c3
	head -n 1 out | grep -q '^Dry run' || fail "no dry-run line"
	out_has '^ 3  B?  \. Wa  \.  \.$'
	out_has '^Last: White moves e3-c3\.$'
	out_has "^Expecting bob's message: adjudicator receive -d A FILE$"
	unchanged A
	# an illegal move: the same refusal and status as without -n
	expect 1 "$ADJ" turn -d A e3-d2
	cp err err.real
	unchanged A
	expect 1 "$ADJ" turn -n -d A e3-d2
	one_line
	cmp -s err err.real || { cat err err.real >&2; fail "not the same"; }
	unchanged A
	# out of turn; an error says where, here at least the verb
	expect 1 "$ADJ" turn -n -d B a3-a2
	one_line
	err_has "^adjudicator: turn: it is alice's turn, not bob's$"
	expect 2 "$ADJ" turn -n -M -d A e3-c3
	one_line
	# the real turn after the dry one: the same move, a message
	play A a2.msg e3-c3
	# an interrogation tried: the view waits for the openings it needs
	play B b2.msg b4-b3
	expect 0 "$ADJ" turn -n -d A 'c3?b3'
	out_has '^Waiting: bob must open the piece on b3 (started on b4)\.$'
}

# An owed opening names the piece where it stands, and the square it
# started on (its name in the entries) once it has moved: every view, the
# YAML (square beside piece), the public view, and turn refused meanwhile.
test_owed_opening_named_where_it_stands() {
	peer_start incognito
	setups d2 b4
	play A a2.msg e3-c3
	play B b2.msg b4-b3
	play A a3.msg 'c3?b3'
	want='^Waiting: bob must open the piece on b3 (started on b4)\.$'
	for d in A B; do
		expect 0 "$ADJ" show -d $d
		out_has "$want"
		! grep -q 'must open b4' out || fail "$d: b4 is empty"
	done
	out_has '^It opens your piece on b3, which started on b4; with an'
	expect 0 "$ADJ" show -d A -f public
	out_has "$want"
	expect 0 "$ADJ" show -d A -f yaml
	sed -n '/^obligations:/,/^result:/p' out | tr '\n' ' ' | grep -qx \
	    'obligations: - seat: bob   piece: b4   square: b3 result: ' ||
	    fail "obligation"
	expect 1 "$ADJ" turn -n -d A c1-b1
	one_line
	err_has "^adjudicator: turn: it is bob's turn, not alice's: bob must \
open the piece on b3 (started on b4)$"
	# met: the interrogation resolves, and no one owes anything
	play B b3.msg
	expect 0 "$ADJ" show -d A
	! grep -q '^Waiting:' out || fail "still waiting"
}

# A piece on the square it started on is named by that square alone.
test_owed_opening_unmoved() {
	peer_start incognito
	setups d2 a3
	play A a2.msg e2-c4
	play B b2.msg a3-a2
	play A a3.msg 'c4?b4'
	expect 0 "$ADJ" show -d A
	out_has '^Waiting: bob must open b4\.$'
	expect 0 "$ADJ" show -d B
	out_has '^It opens your piece on b4; with an ACTION'
	expect 0 "$ADJ" show -d B -f yaml
	sed -n '/^obligations:/,/^result:/p' out | tr '\n' ' ' | grep -qx \
	    'obligations: - seat: bob   piece: b4   square: b4 result: ' ||
	    fail "obligation"
}

# A resignation that ends the game says the result, tried (-n) and made.
test_resignation_says_the_result() {
	peer_start incognito
	setups d2 b4
	expect 0 "$ADJ" turn -n -d A resign
	one_line
	err_has '^your resignation would end the game: bob would win (alice resigned)$'
	expect 0 "$ADJ" turn -d A resign
	one_line
	err_has '^your resignation ends the game: bob wins (alice resigned)$'
}

# In a judged game too, the seat's copy trying the entry as the judge
# will; a move says nothing of the kind.
test_judged_resignation_says_the_result() {
	judged_start
	judged A setup d2
	judged B setup b4
	expect 0 "$ADJ" turn -n -d A e3-c3
	[ ! -s err ] || { cat err >&2; fail "a move warns"; }
	expect 0 "$ADJ" turn -n -d A RESIGN
	one_line
	err_has '^your resignation would end the game: bob would win'
}

# judged_start: keys, a judged incognito game, dirs A B J
judged_start() {
	keys alice bob judge
	"$ADJ" new -k alice.key -m judge -j judge.pub incognito alice.pub \
	    bob.pub >inv || fail "new"
	for s in A:alice B:bob J:judge; do
		"$ADJ" join -d "${s%%:*}" -k "${s#*:}.key" inv 2>/dev/null ||
		    fail "join $s"
	done
}

# judged DIR VERB [ARG]: DIR's message through the judge, and the
# judge's updates to both seats
judged() {
	"$ADJ" "$2" -d "$1" ${3:+"$3"} >m.msg || fail "$2 -d $1 $3"
	rm -rf mq
	"$ADJ" judge -d J -O mq m.msg >/dev/null || fail "judge: $2 -d $1"
	for s in A:alice B:bob; do
		[ ! -f "mq/${s#*:}.msg" ] ||
		    "$ADJ" receive -d "${s%%:*}" "mq/${s#*:}.msg" 2>/dev/null ||
		    fail "${s#*:} refuses the update"
	done
}

# A judged seat's dry turn shows the move as if the judge had applied it.
test_judged_dry_run() {
	judged_start
	judged A setup d2
	judged B setup b4
	"$ADJ" show -d A >/dev/null
	snapshot A
	expect 0 "$ADJ" turn -n -d A e3-c3
	out_has '^Last: White moves e3-c3\.$'
	out_has "^Expecting the judge's update: adjudicator receive -d A FILE$"
	unchanged A
}

# The last lines say what to type, with the directory as given (quoted
# for the shell when it must be), and the example is a legal action that
# works when typed.
test_guidance_lines() {
	keys alice bob
	"$ADJ" new -k alice.key incognito alice.pub bob.pub >inv || fail "new"
	mkdir "my games"
	"$ADJ" join -d "my games/it's alice" -k alice.key inv 2>/dev/null ||
	    fail "join A"
	"$ADJ" join -d B -k bob.key inv 2>/dev/null || fail "join B"
	expect 0 "$ADJ" show -d "my games/it's alice"
	out_has "^You are alice (seat 1 of 2, White)\.$"
	grep -qxF "Your setup is due: adjudicator setup -d 'my games/it'\\''s \
alice' LAYOUT|random" out || { cat out >&2; fail "setup line"; }
	expect 0 "$ADJ" show -d B
	out_has "^You are bob (seat 2 of 2, Black)\.$"
	out_has "^Expecting alice's setup: adjudicator receive -d B FILE$"
	# the setup as the line says it, typed into a shell
	cmd=$(sed -n 's/^For example: adjudicator //p' out)
	[ -z "$cmd" ] || fail "bob has nothing to do yet: $cmd"
	expect 0 "$ADJ" show -d "my games/it's alice"
	cmd=$(sed -n 's/^For example: adjudicator //p' out)
	[ "$cmd" = "setup -d 'my games/it'\\''s alice' random" ] ||
	    fail "example: $cmd"
	eval "\"\$ADJ\" $cmd" >a1.msg || fail "the example did not run"
	"$ADJ" receive -d B a1.msg 2>/dev/null
	"$ADJ" setup -d B random >b1.msg
	"$ADJ" receive -d "my games/it's alice" b1.msg 2>/dev/null
	# every example of a whole game is legal: typed, it plays
	n=0
	while [ $n -lt 30 ]; do
		for d in "my games/it's alice" B; do
			"$ADJ" show -d "$d" >view
			cmd=$(sed -n 's/^For example: adjudicator //p' view)
			[ -n "$cmd" ] || continue
			grep -q '^Your turn: adjudicator turn -d ' view ||
			    fail "an example without a turn line"
			eval "\"\$ADJ\" $cmd" >m.msg 2>terr ||
			    { cat view terr >&2; fail "example refused: $cmd"; }
			if [ "$d" = B ]; then to="my games/it's alice"; else to=B; fi
			"$ADJ" receive -d "$to" m.msg 2>/dev/null ||
			    fail "receive"
		done
		n=$((n + 1))
	done
	# the same position gives the same example
	"$ADJ" show -d B >v1
	"$ADJ" show -d B >v2
	cmp -s v1 v2 || fail "the example changed"
	expect 0 "$ADJ" show -d B -f yaml
	out_has '^to_do:$'
	out_has '^  command: adjudicator '
}

# Once the game is over, every verb that would act says so, with the
# result and how to keep the record; the views say it too.
test_game_over_everywhere() {
	judged_start
	judged A setup d2
	judged B setup b4
	judged A turn resign
	for d in A B; do
		snapshot $d
		expect 1 "$ADJ" turn -d $d
		one_line
		err_has "$d: the game is over (bob won"
		err_has "adjudicator export -d $d >FILE"
		expect 1 "$ADJ" turn -d $d a3-a2
		err_has "the game is over"
		expect 1 "$ADJ" turn -n -d $d a3-a2
		err_has "the game is over"
		expect 1 "$ADJ" setup -d $d random
		one_line
		err_has "the game is over"
		unchanged $d
		expect 0 "$ADJ" show -d $d
		out_has "^The game is over; its record: adjudicator export -d $d >FILE$"
	done
}

# topogic's seeker has too many placements to list: the example is one
# the rules pick, and it plays
test_topogic_seeker_example() {
	peer_start topogic
	peer_seed
	"$ADJ" setup -d A random >a1.msg
	deliver B a1.msg
	expect 0 "$ADJ" show -d B
	cmd=$(sed -n 's/^For example: adjudicator //p' out)
	case $cmd in
	"turn -d B "?*) ;;
	*) cat out >&2; fail "example: '$cmd'" ;;
	esac
	eval "\"\$ADJ\" $cmd" >b1.msg || fail "the example did not run: $cmd"
	deliver A b1.msg
}

# turn and setup play on a copy first, as -n does, before the key is
# loaded: an illegal or mistyped action, a turn out of turn, a setup out
# of order are refused with their one line and status, and no passphrase
# is asked (none is at hand here: no file, no terminal)
test_refused_before_the_passphrase() {
	echo 'correct horse' >pw
	chmod 600 pw
	for n in alice bob; do
		ADJUDICATOR_PASSPHRASE_FILE=$PWD/pw "$ADJ" keygen "$n" \
		    2>/dev/null || fail "keygen $n"
	done
	export ADJUDICATOR_PASSPHRASE_FILE=$PWD/pw
	"$ADJ" new -k alice.key incognito alice.pub bob.pub >invite.msg
	"$ADJ" join -d A -k alice.key invite.msg 2>/dev/null
	"$ADJ" join -d B -k bob.key invite.msg 2>/dev/null
	unset ADJUDICATOR_PASSPHRASE_FILE
	expect 1 "$ADJ" setup -d B b4 </dev/null
	one_line
	err_has 'setups go in seat order'
	expect 2 "$ADJ" setup -d A z9 </dev/null
	one_line
	err_has 'setup "z9"'
	(export ADJUDICATOR_PASSPHRASE_FILE=$PWD/pw
	"$ADJ" setup -d A d2 >a1.msg
	deliver B a1.msg
	"$ADJ" setup -d B b4 >b1.msg
	deliver A b1.msg)
	snapshot A
	expect 2 "$ADJ" turn -d A e3-e9 </dev/null
	one_line
	err_has '"e3-e9": squares are a1 to e5'
	expect 2 "$ADJ" turn -d A e3c3 </dev/null
	one_line
	err_has 'not an incognito action'
	expect 1 "$ADJ" turn -d B b4-b3 </dev/null
	one_line
	err_has "it is alice's turn, not bob's"
	unchanged A
	# a legal move does want the key
	expect 2 "$ADJ" turn -d A e3-c3 </dev/null
	err_has 'no passphrase'
	# at a terminal: the refusal, and no prompt
	on_tty 2 -- "$ADJ" turn -d A e3-e9
	grep -q 'passphrase for' err.tty && fail "a prompt for an illegal move"
	err_has 'squares are a1 to e5'
	on_tty 0 'correct horse' -- "$ADJ" turn -d A e3-c3
	grep -q 'passphrase for' err.tty || fail "no prompt for a legal move"
}
