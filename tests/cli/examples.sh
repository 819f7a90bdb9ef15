# The scripts in examples/ run to the end against the binary under test.

test_play_incognito() {
	expect 0 sh "$TOP/examples/play-incognito.sh"
	out_has "^result: alice won"
	out_has "Game over: alice won"
	grep -q "already applied" err || fail "the quoted reply was not read"
}

test_play_incognito_relative_adj() {
	mkdir bin
	ln -s "$ADJ" bin/adj
	ADJ=bin/adj expect 0 sh "$TOP/examples/play-incognito.sh"
	out_has "^result: alice won"
}

test_play_incognito_fails() {
	# a binary that refuses everything: the script must fail
	printf '#!/bin/sh\nexit 1\n' >false-adj
	chmod +x false-adj
	ADJ=$PWD/false-adj expect 1 sh "$TOP/examples/play-incognito.sh"
}
