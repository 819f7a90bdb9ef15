# incognito-rps's rules (RULES.md, adjudicator-games(7)) through the
# command line: for each rule, the rule cases of tests/cases/incognito-rps
# that reach a position where it matters (tests/cases/README.md says
# which is which), played by real seats in game directories of their own
# with `setup`, `turn` and `receive`, each owed opening sent as the peer
# protocol asks (lib.sh's cases, tests/cli/clicase.py), each refusal, each
# seat's view and the result checked in what the commands print.

# one step along a rank or a file onto an empty square
test_rps_moves() {
	cases incognito-rps 02 03 04
}

# the first move of a piece on its start rank may be two squares along
# its file, either way, not through a piece, never after it moved
test_rps_double_step() {
	cases incognito-rps 05 06 07 38
}

# an attack, alone or after a move: rock beats scissors beats paper beats
# rock, the winner takes the loser's square (the defender too); a tie
# leaves both, known; what cannot be attacked
test_rps_attacks_and_ties() {
	cases incognito-rps 08 09 10 11 12 13 14
}

# the swap, once per game: what the opponent sees, the has-moved state,
# its refusals
test_rps_swap() {
	cases incognito-rps 32 33 34
}

# a piece in the enemy camp is frozen and immune; a defender winning onto
# a camp square enters the camp
test_rps_camp_entry() {
	cases incognito-rps 15 21 49
}

# two pieces in the enemy camp; every enemy board piece captured (also by
# defence); one piece each: the first into the enemy camp
test_rps_wins() {
	cases incognito-rps 16 17 18 19 20 44 48 50
}
