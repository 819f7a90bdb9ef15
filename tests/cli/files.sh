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
	stale A/transcript/000003.tmp.4242 A/transcript/000003.tmp.1 \
	    A/transcript/.000003.tmp.0123456789abcdef \
	    A/outbox/.000003.msg.tmp.00112233445566ff
	printf 'junk\n' >A/outbox/.000003.msg.tmp.fedcba9876543210
	stale A/transcript/000002.tmp.77 A/notes.tmp.5
	play A a2.msg e3-c3
	for f in A/transcript/000003.tmp.4242 A/transcript/000003.tmp.1 \
	    A/transcript/.000003.tmp.0123456789abcdef \
	    A/outbox/.000003.msg.tmp.00112233445566ff; do
		[ ! -e "$f" ] || fail "$f not swept"
	done
	# only the target's own temp files, and only stale ones
	for f in A/outbox/.000003.msg.tmp.fedcba9876543210 \
	    A/transcript/000002.tmp.77 A/notes.tmp.5; do
		[ -e "$f" ] || fail "$f swept"
	done
	[ "$(find A B -name '*.tmp.*' | wc -l)" -eq 3 ] ||
	    fail "temp files: $(find A B -name '*.tmp.*')"
	expect 0 "$ADJ" show -d B
}
