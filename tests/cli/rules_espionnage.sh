# espionnage's rules (RULES.md, adjudicator-games(7)) through the command
# line: for each rule, the rule cases of tests/cases/espionnage that reach
# a position where it matters (tests/cases/README.md says which is
# which), played by real seats through a real judge with `setup`, `turn`,
# `judge` and `receive` (lib.sh's cases, tests/cli/clicase.py), each
# refusal, each seat's view and the result checked in what the commands
# print.  The long cases played out by a generator (34 to 37) are left to
# the unit runner: each is some two hundred turns through the judge.

# the combat table: soldier against soldier (stronger or equal wins),
# soldiers beat spies and sappers, a sapper beats a general and loses to
# other soldiers, a spy beats spies and sappers and loses to soldiers;
# with combat=reveal both pieces opened
test_espionnage_combat_table() {
	cases espionnage 11 12 13 14 15 16 17 24
}

# spy sight, to the owner alone: the spy arrives, an enemy arrives, two
# spies; between the two moves of a turn; after a combat
test_espionnage_spy_sight() {
	cases espionnage 31 32 40 54
}

# mines and the headquarters never move; mines kill what attacks them
# and stay; a sapper removes one and takes its square
test_espionnage_mines_and_sappers() {
	cases espionnage 09 18 47
}

# the headquarters taken by a general, a spy, a sapper, by a second move:
# the game ends at once
test_espionnage_headquarters() {
	cases espionnage 19 20 21 49
}

# two moves a turn by two different pieces, one move refused while two
# can move, moves=1; a second move onto the square the first attack won
# is void, also after a mine
test_espionnage_two_moves_and_void() {
	cases espionnage 06 07 08 22 51
}

# no return on the next turn to the square just left: the second move
# too, onto an enemy too
test_espionnage_no_return() {
	cases espionnage 10 44 45
}
