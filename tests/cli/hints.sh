# Hints a member can type (issue "a member's day", point 6): after
# receive -r the next command names the game as ROOT/ID (16 digits),
# never its 64-digit path; a default root ($ADJUDICATOR_ROOT, else
# ~/games) lets -r be left out of games, join, receive and -d ID; a bare
# id with no root says how to name one.

# hstart: alice's invitation, joined by bob in his root BR; alice's setup
# in s1.msg; $G the game id
hstart() {
	keys alice bob
	"$ADJ" new -k alice.key incognito alice.pub bob.pub >inv.msg
	"$ADJ" join -r AR -k alice.key inv.msg 2>/dev/null
	"$ADJ" join -r BR -k bob.key inv.msg 2>/dev/null
	G=$(ls AR)
	"$ADJ" setup -d "AR/$G" d2 >s1.msg
}

test_hints_receive_root_short_id() {
	hstart
	g=$(echo "$G" | cut -c1-16)
	expect 0 "$ADJ" receive -r BR s1.msg
	grep -q "^Your setup is due: adjudicator setup -d BR/$g LAYOUT|random$" \
	    out || fail "the hint: $(grep 'setup -d' out)"
	! grep -q "$G" out || fail "the 64-digit id in the view"
	# the command it gives works as typed
	expect 0 "$ADJ" setup -d "BR/$g" b4
}

test_hints_default_root_env() {
	hstart
	g=$(echo "$G" | cut -c1-8)
	export ADJUDICATOR_ROOT=BR
	expect 0 "$ADJ" receive s1.msg
	grep -q "^Your setup is due: adjudicator setup -d BR/" out ||
	    fail "receive without -r: $(cat out)"
	expect 0 "$ADJ" games
	grep -q "^$(echo "$G" | cut -c1-16)  incognito .*your setup" out ||
	    fail "games without -r: $(cat out)"
	expect 0 "$ADJ" show -d "$g"
	grep -q "^You are bob" out || fail "show -d ID: $(cat out)"
	expect 0 "$ADJ" setup -d "$g" b4
	# join files into it too
	keys carol
	"$ADJ" new -k carol.key incognito carol.pub bob.pub >inv2.msg
	expect 0 "$ADJ" join -k bob.key inv2.msg
	[ "$(ls BR | wc -l)" -eq 2 ] || fail "join without -r: $(ls BR)"
}

test_hints_default_root_home_games() {
	hstart
	mv BR "$HOME/games"
	expect 0 "$ADJ" games
	grep -q "incognito .*alice's setup" out || fail "~/games: $(cat out)"
	expect 0 "$ADJ" receive s1.msg
	expect 0 "$ADJ" games
	grep -q "incognito .*your setup" out || fail "~/games: $(cat out)"
	expect 0 "$ADJ" show -d "$(echo "$G" | cut -c1-6)"
	# ADJUDICATOR_ROOT comes first
	mkdir other
	ADJUDICATOR_ROOT=other expect 2 "$ADJ" show -d "$(echo "$G" |
	    cut -c1-6)"
	err_has "no game of other has an id starting with"
}

test_hints_no_root() {
	hstart
	expect 2 "$ADJ" show -d "$(echo "$G" | cut -c1-8)"
	one_line
	err_has "no such game directory; a game of a root is -r ROOT -d "
	err_has "ADJUDICATOR_ROOT"
	expect 2 "$ADJ" games
	err_has "-r ROOT is missing (no ADJUDICATOR_ROOT, and no ~/games)"
}
