# The game directory (formats/gamedir.md): the journal is the truth; the
# checkpoint, the index and the head are caches, never believed blindly.

# a peer incognito game a few moves in (A alice, B bob)
midgame() {
	peer_start incognito
	setups d2 b4
	play A a2.msg e3-c3
	play B b2.msg b4-b3
	play A a3.msg c1-b2
}

# same_view DIR FILE: DIR's YAML view is FILE's, but for the game
# directory the to_do lines name
same_view() {
	"$ADJ" show -d "$1" -f yaml | sed 's/ -d [^ ]* / -d GAMEDIR /' \
	    >v.now || fail "show -d $1"
	sed 's/ -d [^ ]* / -d GAMEDIR /' "$2" >v.want
	cmp -s v.now v.want || { diff -u v.want v.now >&2; fail "$1's view differs"; }
}

test_checkpoint_missing_rebuilt() {
	midgame
	"$ADJ" show -d B -f yaml >v.good
	rm B/checkpoint
	same_view B v.good
	[ -f B/checkpoint ] || fail "no checkpoint written after the replay"
	play B b3.msg a3-a2
}

test_checkpoint_damaged_rebuilt() {
	midgame
	"$ADJ" show -d B -f yaml >v.good
	# a flipped byte in the state: the MAC no longer checks out
	size=$(wc -c <B/checkpoint)
	printf '\377' | dd of=B/checkpoint bs=1 seek=$((size - 100)) \
	    conv=notrunc 2>/dev/null
	same_view B v.good
	play B b3.msg a3-a2
}

test_checkpoint_forged_refused() {
	midgame
	"$ADJ" show -d B -f yaml >v.good
	# alice's checkpoint in bob's directory: another key, another seat
	cp A/checkpoint B/checkpoint
	same_view B v.good
	# a checkpoint of the same copy from later than its journal: the
	# journal has lost what it once held; refused, and nothing is cut
	cp -r B B2
	play B b3.msg a3-a2
	cp B/checkpoint B2/checkpoint
	cp B2/journal j.before
	expect 3 "$ADJ" show -d B2
	err_has "damaged"
	expect 3 "$ADJ" turn -d B2 a3-a2
	cmp -s B2/journal j.before || fail "the damaged journal was changed"
}

test_checkpoint_stale_followed() {
	midgame
	cp B/checkpoint old.ckpt
	play B b3.msg a3-a2
	play A a4.msg d2-d3
	"$ADJ" show -d B -f yaml >v.good
	# a checkpoint left behind by a crash: the journal beyond it is
	# applied on top of it
	cp old.ckpt B/checkpoint
	same_view B v.good
}

# A command that changes the copy overwrites its checkpoint in place (no
# rename over the old one, which the file system would write out at
# once); one torn by a crash (the new one's head over the old one's
# tail) fails its MAC and the journal is replayed.
test_checkpoint_written_in_place() {
	midgame
	cp B/checkpoint old.ckpt
	ino=$(stat -c %i B/checkpoint)
	play B b3.msg a3-a2
	[ "$(stat -c %i B/checkpoint)" = "$ino" ] ||
	    fail "the checkpoint was replaced, not written in place"
	cmp -s B/checkpoint old.ckpt && fail "the checkpoint was not written"
	"$ADJ" show -d B -f yaml >v.good
	size=$(wc -c <B/checkpoint)
	{ head -c $((size / 2)) B/checkpoint
	    tail -c +$((size / 2 + 1)) old.ckpt; } >torn
	cp torn B/checkpoint
	same_view B v.good
	play A a4.msg d2-d3
}

test_index_and_head_rebuilt() {
	midgame
	play B b3.msg a3-a2
	"$ADJ" show -d A -f yaml >v.good
	"$ADJ" resend -d A 5 >r.good
	rm A/journal.idx A/journal.head
	same_view A v.good
	"$ADJ" resend -d A 5 | cmp -s - r.good || fail "resend after the loss"
	# a wrong index: every offset pointing nowhere
	dd if=/dev/zero of=A/journal.idx bs=16 count=8 2>/dev/null
	printf 'garbage!' >A/journal.head
	"$ADJ" resend -d A 5 | cmp -s - r.good || fail "resend, wrong index"
	play A a4.msg d2-d3
	"$ADJ" export -d A >a.arc
	"$ADJ" export -d B >b.arc
	cmp -s a.arc b.arc || fail "the exports differ"
}

test_torn_tail_cut() {
	midgame
	"$ADJ" show -d B -f yaml >v.good
	size=$(wc -c <B/journal)
	# half a command: a record that never got its commit, then noise
	head -c 300 A/journal >>B/journal
	printf 'torn' >>B/journal
	same_view B v.good
	play B b3.msg a3-a2
	[ "$(wc -c <B/journal)" -gt "$size" ] || fail "nothing committed"
	# the torn bytes were cut before the new commit: a full replay agrees
	rm B/checkpoint B/journal.idx B/journal.head
	"$ADJ" show -d B -f yaml | grep -q '^seq: 6$' || fail "B lost the move"
}

test_damaged_journal_refused() {
	midgame
	# a flipped byte inside a committed entry: the replay meets it
	cp -r B B2
	rm B/checkpoint
	# one bit changed (a byte written over might already hold its value)
	python3 "$TOP/tests/cli/journal.py" flip B/journal 900
	expect 3 "$ADJ" show -d B
	one_line
	err_has "journal"
	# with no head to say where the last commit ended, the checkpoint
	# still knows: the records that break off early are damage
	rm B2/journal.head
	python3 "$TOP/tests/cli/journal.py" flip B2/journal 900
	cp B2/journal j.before
	expect 3 "$ADJ" turn -d B2 a3-a2
	one_line
	err_has "damaged"
	cmp -s B2/journal j.before || fail "the damaged journal was changed"
}

# An older directory, one file per entry, is imported into a journal.
test_older_directory_imported() {
	midgame
	entries B Bt
	mkdir L L/transcript L/outbox L/inbox
	cp B/seat B/lock L/
	for f in Bt/0*; do
		cp "$f" "L/transcript/$(basename "$f")"
	done
	# bob's setup in the older form: "pieces:" with piece, value, nonce
	awk '/^- seat: bob$/ { s = 1; next } /^- seat:/ { s = 0 }
	    s && /^  piece:/ { printf "- piece:%s\n", substr($0, 9); next }
	    s && /^  (value|nonce):/ { print }' B/journal >pieces
	[ "$(grep -c '^- piece:' pieces)" -eq 5 ] || fail "no setup found"
	{ echo "pieces:"; cat pieces; } >L/secret
	chmod 600 L/secret
	cp b1.msg L/outbox/000002.msg
	"$ADJ" show -d B -f yaml >v.good
	same_view L v.good
	[ -f L/journal ] || fail "no journal"
	[ ! -e L/transcript ] || fail "the older files are still there"
	"$ADJ" resend -d L 2 | cmp -s - b1.msg || fail "the outbox is lost"
	"$ADJ" show -d L | grep -q 'Ba Bs' || fail "L lost bob's setup"
	"$ADJ" turn -d L a3-a2 >l.msg || fail "L cannot play"
	deliver A l.msg
}

# Each command commits once: a turn's records end with one commit.
test_one_commit_per_command() {
	midgame
	strace -V >/dev/null 2>&1 || {
		[ -z "$CI" ] || fail "strace is missing"
		echo "skip: no strace" >&2
		return 0
	}
	# LeakSanitizer cannot run under ptrace: no leak check in the sanitizer
	# build for these two commands (every other test keeps it)
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
	    strace -f -e trace=fsync,fdatasync,syncfs -o trace \
	    "$ADJ" turn -d B a3-a2 >b3.msg || fail "turn"
	n=$(grep -cE '^[0-9]+ +(fsync|fdatasync|syncfs)\(' trace)
	[ "$n" -eq 1 ] || { cat trace >&2; fail "$n syncs, not 1"; }
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
	    strace -f -e trace=fsync,fdatasync,syncfs -o trace \
	    "$ADJ" receive -d A b3.msg >/dev/null 2>&1 || fail "receive"
	n=$(grep -cE '^[0-9]+ +(fsync|fdatasync|syncfs)\(' trace)
	[ "$n" -eq 1 ] || { cat trace >&2; fail "receive: $n syncs, not 1"; }
}

# A second copy of alice's game, joined anew: it follows the game but
# never made her setup.  What needs the setup (her own opening, the one
# owed, the final ones) is refused with one line; the rest is played.
test_copy_without_the_setup() {
	peer_start incognito
	setups d2 b4
	"$ADJ" join -d C -k alice.key invite.msg 2>/dev/null
	deliver C a1.msg
	deliver C b1.msg
	"$ADJ" join -d D -k bob.key invite.msg 2>/dev/null
	deliver D a1.msg
	deliver D b1.msg
	# a move opens nothing
	"$ADJ" turn -d C e3-c3 >a2.msg || fail "turn -d C"
	deliver A a2.msg
	deliver B a2.msg
	deliver D a2.msg
	play B b2.msg b4-b3
	deliver C b2.msg
	deliver D b2.msg
	# an interrogation opens the questioning piece: alice's own
	snapshot C
	expect 1 "$ADJ" turn -d C 'c3?b3'
	one_line
	err_has "does not hold alice's setup"
	unchanged C
	"$ADJ" turn -d A 'c3?b3' >a3.msg
	deliver C a3.msg
	deliver B a3.msg
	deliver D a3.msg
	# bob owes the opening of b3, which D cannot make
	snapshot D
	expect 1 "$ADJ" turn -d D
	one_line
	err_has "does not hold bob's setup"
	unchanged D
	play B b3.msg	# his spy: the game is over, his final openings too
	deliver C b3.msg
	# alice's final openings, which C cannot make
	snapshot C
	expect 1 "$ADJ" turn -d C
	one_line
	err_has "does not hold alice's setup"
	unchanged C
	play A a4.msg
	verified "alice won"
}

# A checkpoint copied from another copy of the same game: the same key
# (cp -R), the same build, the same game, a journal of the same length,
# and another move at the same seq.  The entry it says it applied last
# is not this journal's: the directory's own position is shown, and
# played on.
test_checkpoint_of_another_branch() {
	midgame
	cp -R A A2
	cp -R B B2
	play B b3.msg a3-a2
	"$ADJ" turn -d B2 c5-d5 >b3x.msg || fail "turn -d B2"
	[ "$(wc -c <B/journal)" -eq "$(wc -c <B2/journal)" ] ||
	    fail "the two copies' journals differ in length"
	"$ADJ" show -d B2 -f yaml >v.own
	grep -q '^last: Black moves c5-d5$' v.own || fail "B2's move: $(cat v.own)"
	cp B/checkpoint B2/checkpoint
	same_view B2 v.own
	deliver A2 b3x.msg
	"$ADJ" turn -d A2 d2-d3 >a4x.msg || fail "turn -d A2"
	deliver B2 a4x.msg
	"$ADJ" export -d A2 >a2.arc
	"$ADJ" export -d B2 | cmp -s - a2.arc || fail "B2 left A2's game"
}

# Whole records after the last commit: a command that never committed
# (a crash after its write, before its commit record), here another
# branch's move and the message after it.  No reader shows them, from
# the checkpoint or replaying the journal, and the next command that
# writes cuts them off before its own records.
test_uncommitted_records_ignored_and_cut() {
	midgame
	cp -R B B2
	play B b3.msg a3-a2
	play A a4.msg d2-d3
	"$ADJ" show -d B2 -f yaml >v.own
	python3 "$TOP/tests/cli/journal.py" graft B2/journal B/journal
	python3 "$TOP/tests/cli/journal.py" list B2/journal >recs
	tail -3 recs | awk '{ print $2, $3 }' | tr '\n' ' ' |
	    grep -qx 'outbox 6 entry 6 entry 7 ' || fail "grafted: $(tail -3 recs)"
	same_view B2 v.own
	cp -R B2 B3
	rm B3/checkpoint B3/journal.idx B3/journal.head
	same_view B3 v.own
	"$ADJ" turn -d B2 c5-d5 >b3x.msg || fail "turn -d B2"
	"$ADJ" show -d B2 -f yaml | grep -q '^last: Black moves c5-d5$' ||
	    fail "B2 does not show its own move"
	python3 "$TOP/tests/cli/journal.py" list B2/journal >recs
	tail -1 recs | { read -r off typ num n
	    [ "$typ" = commit ] || fail "the journal ends with $typ"
	    [ $((off + 28 + n)) -eq "$(wc -c <B2/journal)" ] ||
	    fail "bytes after the last commit"; }
	[ "$(grep -c ' entry 6 ' recs)" -eq 1 ] || fail "two entries 6"
	grep -q ' entry 7 ' recs && fail "the other branch's entry 7 is kept"
	rm B2/checkpoint B2/journal.idx B2/journal.head
	"$ADJ" show -d B2 -f yaml | grep -q '^last: Black moves c5-d5$' ||
	    fail "a replay of B2 does not show its own move"
}
