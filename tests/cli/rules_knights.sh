# knights' rules (RULES.md, adjudicator-games(7)) through the command
# line: for each rule, the rule cases of tests/cases/knights that reach a
# position where it matters (tests/cases/README.md says which is which),
# played by real seats in game directories of their own with `turn` and
# `receive` (lib.sh's cases, tests/cli/clicase.py), each refusal, view
# and result checked in what the commands print.

# a colour's first move takes a central knight out; inside its camp a
# knight moves forward only, each colour its own way; knight's jumps
# only; a knight that left its camp never returns
test_knights_movement() {
	cases knights 05 07 08 09
}

# a capture on a plain square (+1); none on a unicorn square, but from
# one; never a partner's knight (teams, the alliance), never into an
# allied camp
test_knights_captures() {
	cases knights 11 12 13 14
}

# frozen in an enemy camp; no capture on a camp square, also of a knight
# frozen there; with 3 seats the absent colour's camp is a plain square
test_knights_camps_and_freezing() {
	cases knights 10 16
}

# a placed knight 2, a row of 4 across a camp 16, a column of 3 along it
# 12, the knight in both 8; captures +1; -2 for each at home; with
# mixed-lines=yes, allied colours' knights make lines together
test_knights_scoring_and_lines() {
	cases knights 19 23
}

# the individual camp bonus (+6, 4 seats); the team bonus +6 and +12,
# once per team
test_knights_camp_bonus() {
	cases knights 20 24
}

# the race to 16 with 3 seats; the alliance's end; a colour with all 8
# placed ends a 4-seat game, and so do two colours with every knight
# placed or lost (a colour without a move passing meanwhile, a turn for
# the limit); no colour able to move, and 16 with captures no race win
test_knights_end_conditions() {
	cases knights 26 28 30 31 32 34
}
