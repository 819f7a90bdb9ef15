# bot: whole games of every game played by the bot on both seats through
# real keys and armored files, in peer mode and through a judge, each
# verified; the verb's refusals (not its move, the game over, a bad -p or
# -s) in one line with turn's status, changing nothing.  Short limits keep
# the games short.

# bot_step DIR POLICY FILE: DIR's bot writes FILE; 0 when it wrote a
# message, 1 when it is not DIR's move (fails on anything else)
bot_step() {
	bn=$((bn + 1))
	set +e
	"$ADJ" bot -d "$1" -p "$2" -s "$bn" >"$3" 2>berr
	brc=$?
	set -e
	[ "$brc" -le 1 ] || { cat berr >&2; fail "bot -d $1 -p $2: $brc"; }
	if [ "$brc" -eq 1 ]; then
		[ "$(wc -l <berr)" -eq 1 ] || { cat berr >&2; fail "bot: lines"; }
		[ ! -s "$3" ] || fail "bot -d $1: refused, yet a message"
		grep -q "game is over" berr && bover=$((bover + 1))
		return 1
	fi
	[ -s "$3" ] || fail "bot -d $1: no message"
	return 0
}

# bot_peer POLICY-A POLICY-B: the game started by peer_start, to the end
bot_peer() {
	bn=0
	while [ "$bn" -lt 2000 ]; do
		moved=0 bover=0
		for d in A B; do
			f=m.$bn.$d.msg
			if bot_step "$d" "$([ $d = A ] && echo "$1" || echo "$2")" \
			    "$f"; then
				deliver "$(other $d)" "$f"
				moved=1
			fi
		done
		[ "$bover" -eq 2 ] && return 0
		[ "$moved" -eq 1 ] || { cat berr >&2; fail "nobody can play"; }
	done
	fail "not over after $bn bot runs"
}

# bot_judged POLICY-A POLICY-B: the judged game in J, A, B, to the end
bot_judged() {
	bn=0
	while [ "$bn" -lt 2000 ]; do
		moved=0 bover=0
		for d in A B; do
			bot_step "$d" "$([ $d = A ] && echo "$1" || echo "$2")" \
			    t.msg || continue
			moved=1
			"$ADJ" judge -d J -O mq t.msg >jout 2>jerr || {
				cat jout jerr >&2
				fail "judge"
			}
			for s in alice:A bob:B; do
				[ -f "mq/${s%%:*}.msg" ] || continue
				deliver "${s#*:}" "mq/${s%%:*}.msg"
				rm "mq/${s%%:*}.msg"
			done
		done
		[ "$bover" -eq 2 ] && return 0
		[ "$moved" -eq 1 ] || { cat berr >&2; fail "nobody can play"; }
	done
	fail "not over after $bn bot runs"
}

# bot_judged_start RULES [NEW-OPTIONS...]: keys, invitation, J A B
bot_judged_start() {
	r=$1
	shift
	keys alice bob judge
	"$ADJ" new -k alice.key -m judge -j judge.pub "$@" "$r" \
	    alice.pub bob.pub >invite.msg || fail "new"
	for d in J:judge A:alice B:bob; do
		"$ADJ" join -d "${d%%:*}" -k "${d#*:}.key" invite.msg \
		    2>/dev/null || fail "join ${d%%:*}"
	done
}

test_random_incognito() {
	peer_start incognito -o limit=8
	bot_peer random random
	verified .
}

test_random_rps() {
	peer_start incognito-rps -o limit=6
	bot_peer random random
	verified .
}

test_random_topogic() {
	peer_start topogic -o limit=3 -o field=rect
	bot_peer random random
	verified .
}

test_random_knights() {
	peer_start knights -o limit=12
	bot_peer random random
	verified .
}

test_random_espionnage_judged() {
	bot_judged_start espionnage -o limit=4
	bot_judged random random
	judged_exports J A B
}

test_random_incognito_judged() {
	bot_judged_start incognito -o limit=8
	bot_judged random random
	judged_exports J A B
}

test_not_its_move() {
	peer_start incognito
	"$ADJ" bot -d A -s 1 >a1.msg || fail "A's setup"
	snapshot B
	expect 1 "$ADJ" bot -d A -s 2
	one_line
	err_has "setups are still due (bob's)"
	deliver B a1.msg
	"$ADJ" bot -d B -s 3 >b1.msg || fail "B's setup"
	deliver A b1.msg
	snapshot B
	expect 1 "$ADJ" bot -d B -p greedy
	one_line
	err_has "it is alice's turn, not bob's"
	[ ! -s out ] || fail "a message when refused"
	unchanged B
}

test_game_over() {
	peer_start incognito -o limit=1
	bot_peer random random
	snapshot A
	expect 1 "$ADJ" bot -d A
	one_line
	err_has "the game is over"
	unchanged A
}

test_bad_options() {
	peer_start incognito
	snapshot A
	expect 2 "$ADJ" bot -d A -p smart
	one_line
	err_has "-p smart: the bot plays random or greedy"
	expect 2 "$ADJ" bot -d A -s 12xz
	one_line
	err_has "-s 12xz: the seed is 1 to 64 hex digits"
	expect 2 "$ADJ" bot -d A -q
	err_has "unknown option -q"
	expect 2 "$ADJ" bot -d A extra
	err_has "usage: adjudicator bot"
	expect 2 "$ADJ" bot
	unchanged A
}

test_judge_takes_no_turns() {
	bot_judged_start incognito
	expect 2 "$ADJ" bot -d J
	one_line
	err_has "the judge takes no turns"
}

# The same seed, the same position: the same choice; a setup the bot
# writes is one the seat can open (the game goes on from it).
test_seed_reproducible() {
	peer_start incognito
	cp -r A A2
	"$ADJ" bot -d A -s 5 >a1.msg || fail "bot A"
	"$ADJ" bot -d A2 -s 5 >a2.msg || fail "bot A2"
	"$ADJ" show -d A -f yaml | grep 'identity: ' >v1
	"$ADJ" show -d A2 -f yaml | grep 'identity: ' >v2
	grep -q 'identity: spy' v1 || fail "no spy in the bot's setup"
	cmp -s v1 v2 || fail "the same seed chose another setup"
}

test_mail() {
	keys alice bob
	"$ADJ" new -k alice.key -a alice=alice@example.org \
	    -a bob=bob@example.org incognito alice.pub bob.pub >invite.msg
	"$ADJ" join -d A -k alice.key invite.msg 2>/dev/null
	"$ADJ" join -d B -k bob.key invite.msg 2>/dev/null
	expect 0 "$ADJ" bot -d A -M -s 1
	out_has "^To: bob@example.org"
	out_has "^Subject: "
	out_has "BEGIN ADJUDICATOR"
	deliver B out
}

test_greedy_incognito() {
	peer_start incognito -o limit=8
	bot_peer greedy random
	verified .
}

test_greedy_topogic_judged() {
	bot_judged_start topogic -o limit=8 -o field=rect
	bot_judged greedy greedy
	judged_exports J A B
}

test_greedy_espionnage_judged() {
	bot_judged_start espionnage -o limit=3
	bot_judged greedy random
	judged_exports J A B
}

# examples/play-vs-bot.sh: alice plays the bot by mail (the stand-in
# mailer hands the bot's mail to examples/bot-filter.sh); a refused move
# is asked again; the game ends and verifies.
test_example_play_vs_bot() {
	{ echo d2; echo e3-e5x; yes random | head -300; } >moves
	expect 0 sh "$TOP/examples/play-vs-bot.sh" "$PWD/w" <moves
	out_has "^result: "
	out_has "^== done"
	err_has "e3-e5x"
	grep -q '^X-Adjudicator-Game: ' w/mail/alice@example.org ||
	    fail "alice got no mail from the bot"
	[ "$(ls w/bot | grep -c .)" -ge 3 ] || fail "the bot's root"
}

# The bot's delivery: a mail it cannot use is dropped (0); a mailer that
# fails is "try again later" (75), and the bot's mail it did not take goes
# out at the next delivery, once.
test_example_bot_filter() {
	mkdir R
	"$ADJ" keygen -N -d R bot 2>/dev/null
	"$ADJ" keygen -N alice 2>/dev/null
	printf 'From: carol@example.org\nSubject: hi\n\nhello\n' >plain.eml
	SENDMAIL=false expect 0 sh "$TOP/examples/bot-filter.sh" R <plain.eml
	"$ADJ" new -k alice.key -a alice=alice@example.org \
	    -a bot=bot@example.org incognito R/bot.pub alice.pub >invite.msg
	# the bot's seat moves first: its setup is mailed at once
	SENDMAIL=false expect 75 sh "$TOP/examples/bot-filter.sh" R <invite.msg
	[ "$(ls R/.unsent/*.eml | wc -l)" -eq 1 ] || fail "the setup is not kept"
	SPOOL=$PWD/spool SENDMAIL="sh $TOP/tests/cli/sendmail.sh" \
	    expect 0 sh "$TOP/examples/bot-filter.sh" R <invite.msg
	[ "$(grep -c '^-----BEGIN ADJUDICATOR MESSAGE' \
	    spool/alice@example.org.mbox)" -eq 1 ] ||
	    fail "the bot's setup was not mailed once"
	[ -z "$(ls R/.unsent)" ] || fail "the queue is not empty"
	# alice's copy takes it: the setup is the one the bot made
	"$ADJ" join -d A -k alice.key invite.msg 2>/dev/null
	"$ADJ" receive -d A spool/alice@example.org.mbox >/dev/null ||
	    fail "alice refuses the bot's setup"
	expect 75 sh "$TOP/examples/bot-filter.sh" </dev/null
	err_has "usage: bot-filter.sh ROOT"
}

# A judged seat's move is in its transcript only once the judge's update
# brings it back: meanwhile the bot writes no second move (a fork).
test_judged_waits_for_the_judge() {
	bot_judged_start incognito
	bn=0
	bot_step A random s1.msg || fail "A's setup"
	expect 1 "$ADJ" bot -d A
	err_has "setup already made"
	"$ADJ" judge -d J -O mq s1.msg >/dev/null 2>&1 || fail "judge"
	deliver A mq/alice.msg
	deliver B mq/bob.msg
	rm mq/*
	bot_step B random s2.msg || fail "B's setup"
	"$ADJ" judge -d J -O mq s2.msg >/dev/null 2>&1 || fail "judge"
	deliver A mq/alice.msg
	deliver B mq/bob.msg
	bot_step A greedy t1.msg || fail "A's move"
	snapshot A
	expect 1 "$ADJ" bot -d A
	one_line
	err_has "alice's entry 3 is sent; waiting for the judge"
	unchanged A
}

# The bot answers a draw offer with decline.
test_declines_a_draw() {
	peer_start incognito
	bn=0
	bot_step A random s1.msg && deliver B s1.msg
	bot_step B random s2.msg && deliver A s2.msg
	play A d.msg draw
	bot_step B greedy r.msg || fail "B's answer"
	deliver A r.msg
	grep -q 'declin' rout || { cat rout >&2; fail "no decline"; }
}
