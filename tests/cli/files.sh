# Files on disk: what a writer killed half-way leaves behind never blocks
# a game, and stale temp files are swept by the next write.

# stale FILE...: FILE exists, last changed long ago
stale() {
	for f in "$@"; do
		printf 'junk\n' >"$f"
		touch -t 200001010000 "$f"
	done
}

test_game_sweeps_stale_temp_files() {
	peer_start incognito
	setups d2 b4
	# what an older version (PATH.tmp.PID) and this one (.PATH.tmp.HEX)
	# leave when killed, long ago; and a temp file being written now
	stale A/checkpoint.tmp.4242 A/checkpoint.tmp.1 \
	    A/.checkpoint.tmp.0123456789abcdef
	printf 'junk\n' >A/.checkpoint.tmp.fedcba9876543210
	stale A/.seat.tmp.00112233445566ff A/notes.tmp.5
	play A a2.msg e3-c3
	for f in A/checkpoint.tmp.4242 A/checkpoint.tmp.1 \
	    A/.checkpoint.tmp.0123456789abcdef; do
		[ ! -e "$f" ] || fail "$f not swept"
	done
	# only the target's own temp files, and only stale ones
	for f in A/.checkpoint.tmp.fedcba9876543210 \
	    A/.seat.tmp.00112233445566ff A/notes.tmp.5; do
		[ -e "$f" ] || fail "$f swept"
	done
	[ "$(find A B -name '*.tmp.*' | wc -l)" -eq 3 ] ||
	    fail "temp files: $(find A B -name '*.tmp.*')"
	expect 0 "$ADJ" show -d B
}
