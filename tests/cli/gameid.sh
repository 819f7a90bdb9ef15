# A game named as a person types it: ROOT/ and the first digits of its
# id (as games -r prints them, or fewer, at least 4), -r ROOT -d ID, or
# the current directory; the views name it by 16 digits.

# rstart: a peer game filed in alice's root R and bob's root S; $G its id
rstart() {
	keys alice bob
	"$ADJ" new -k alice.key incognito alice.pub bob.pub >invite.msg ||
	    fail "new"
	"$ADJ" join -r R -k alice.key invite.msg 2>/dev/null || fail "join R"
	"$ADJ" join -r S -k bob.key invite.msg 2>/dev/null || fail "join S"
	G=$(ls R)
	G4=$(echo "$G" | cut -c1-4)
	G16=$(echo "$G" | cut -c1-16)
}

test_gamedir_by_the_first_digits_of_its_id() {
	rstart
	expect 0 "$ADJ" show -d "R/$G16"
	out_has "^You are alice"
	expect 0 "$ADJ" show -d "R/$G4"
	out_has "^You are alice"
	# upper case, as some people copy it
	expect 0 "$ADJ" show -d "R/$(echo "$G16" | tr a-f A-F)"
	expect 0 "$ADJ" show -r S -d "$G4"
	out_has "^You are bob"
	# it writes there too
	"$ADJ" setup -d "R/$G4" d2 >a1.msg || fail "setup by prefix"
	expect 0 "$ADJ" receive -d "S/$G16" a1.msg
	"$ADJ" export -r R -d "$G16" >a.arc || fail "export -r -d"
	"$ADJ" resend -r R -d "$G4" 1 >again.msg || fail "resend -r -d"
	cmp -s a1.msg again.msg || fail "resend printed another message"
}

test_gamedir_prefix_errors() {
	rstart
	expect 2 "$ADJ" show -d R/ab
	one_line
	err_has "ab: a game is named by its id or its first 4 digits or more"
	[ "$G4" != ffff ] || return 0
	expect 2 "$ADJ" show -d R/ffff0000
	one_line
	err_has "ffff0000: no game of R has an id starting with ffff0000 (games -r R lists them)"
	expect 2 "$ADJ" show -r R -d zzzz
	err_has "zzzz: a game is named by its id or its first 4 digits"
	# -r without a game, a root given as a game
	expect 2 "$ADJ" show -r R
	err_has "show: -r R: which game? -d GAME names it"
	expect 2 "$ADJ" turn -d R e3-c3
	one_line
	err_has "turn: R is a root of games, not a game: -d R/GAME (games -r R lists them)"
	# two games whose ids share their first 60 digits: the prefix is
	# not enough, and the error says which
	twin=$(echo "$G" | cut -c1-60)$(echo "$G" | cut -c61-64 | tr 0-9a-f 1-9a-f0)
	cp -r "R/$G" "R/$twin"
	expect 2 "$ADJ" show -d "R/$G16"
	one_line
	err_has "$G16: 2 games of R have an id starting with $G16 .*: give more digits"
	expect 0 "$ADJ" show -d "R/$G"
}

test_gamedir_is_the_current_directory() {
	rstart
	(cd "R/$G" && "$ADJ" show) >out 2>err || { cat err >&2; fail "show"; }
	out_has "^You are alice"
	# what to type next, without -d: the command runs where it is
	out_has '^Your setup is due: adjudicator setup LAYOUT|random$'
	out_has '^For example: adjudicator setup random$'
	(cd "R/$G" && "$ADJ" setup d2) >a1.msg || fail "setup in the game"
	(cd "S/$G" && "$ADJ" receive ../../a1.msg) >out 2>err ||
	    fail "receive in the game"
	# bob's game is in his root: the hint says receive -r with it
	(cd "S/$G" && "$ADJ" show) >out
	out_has '^Your setup is due: adjudicator setup LAYOUT|random$'
	(cd "R/$G" && "$ADJ" show) >out
	out_has "^Expecting bob's setup: adjudicator receive -r \.\. FILE$"
	# elsewhere -d is needed, and the error says so
	expect 2 "$ADJ" setup d2
	one_line
	err_has "setup: -d GAMEDIR is missing (and the current directory is not a game directory)"
}

test_views_name_a_game_by_16_digits() {
	rstart
	expect 0 "$ADJ" show -d "R/$G"
	out_has "^Your setup is due: adjudicator setup -d R/$G16 LAYOUT|random$"
	expect 0 "$ADJ" show -d "S/$G4"
	out_has "^Expecting alice's setup: adjudicator receive -r S FILE$"
	expect 0 "$ADJ" show -d "R/$G" -f yaml
	out_has "^  command: adjudicator setup -d R/$G16 LAYOUT|random$"
	grep -q "$G" out && grep "$G" out | grep -qv '^game: ' &&
	    fail "the 64 digits in a command"
	# where two games share the 16 digits the view names it whole
	twin=$(echo "$G" | cut -c1-60)$(echo "$G" | cut -c61-64 | tr 0-9a-f 1-9a-f0)
	cp -r "R/$G" "R/$twin"
	expect 0 "$ADJ" show -d "R/$G"
	out_has "^Your setup is due: adjudicator setup -d R/$G LAYOUT|random$"
	true
}
