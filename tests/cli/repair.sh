# A damaged journal: a bit flipped in one record of each type is said at
# once by every command (naming the offset) and changes nothing more;
# repair keeps what is whole, keeps the damaged file beside it and says
# what must come again, which resend brings back.  And a copy bloated by
# an older version (an update stored once per reading) loses its
# duplicates the next time it is written.

. "$TOP/tests/cli/espionnage.sh"

jr() {
	python3 "$TOP/tests/cli/journal.py" "$@"
}

# rp_scene: a judged espionnage game in which alice's copy (A) holds a
# record of every type a seat's copy has (her spy saw bob's pieces: its
# private openings; an update arrived early: its early and drop records)
# and the judge's (J) its sent marks
rp_scene() {
	es_start -o volcanoes=0
	es_setups $STD $STD
	es_turns "f3-f4 a3-a4" "f8-f7 a8-a7" "f4-f5 a4-a5" "e8-e7 a7-a6" \
	    "f5-f6 a5-a6" "j8-j7 i8-i7"
	"$ADJ" turn -d A j3-j4 i3-i4 >t1.msg
	"$ADJ" judge -d J -O mq1 t1.msg >/dev/null 2>&1 || fail "judge t1"
	"$ADJ" receive -d B mq1/bob.msg >/dev/null 2>&1 || fail "bob t1"
	"$ADJ" turn -d B j7-j6 i7-i6 >t2.msg
	"$ADJ" judge -d J -O mq2 t2.msg >/dev/null 2>&1 || fail "judge t2"
	"$ADJ" receive -d B mq2/bob.msg >/dev/null 2>&1 || fail "bob t2"
	# alice reads the second before the first
	"$ADJ" receive -d A mq2/alice.msg >/dev/null 2>rerr || fail "early"
	grep -q "arrived early" rerr || fail "not early: $(cat rerr)"
	"$ADJ" receive -d A mq1/alice.msg >/dev/null 2>&1 || fail "alice t1"
	for t in key entry outbox early drop secret private update receipt commit; do
		jr list A/journal | grep " $t " >/dev/null ||
		    fail "A has no $t record"
	done
	jr list J/journal | grep " sent " >/dev/null || fail "J: no sent record"
	"$ADJ" export -d A >a.arc
	"$ADJ" export -d J >j.arc
}

# at TYPE DIR: the offset of a record of that type in the middle of DIR's
# journal (the first key), and the offset of a byte inside it to flip
at() {
	jr list "$2/journal" | awk -v t="$1" 'BEGIN { n = 0 } $2 == t { o[n] = $1; l[n] = $4; n++ }
	    END {
		k = int(n / 2)
		inside = 8
		if (l[k] > 0)
			inside = 16 + int(l[k] / 2)
		print o[k], o[k] + inside
	    }'
}

test_damage_in_every_record_type() {
	rp_scene
	seq_a=$(seq_of A)
	for t in key entry outbox early drop secret private update receipt commit sent; do
		d=A
		[ "$t" = sent ] && d=J
		rm -rf X
		cp -R "$d" X
		set -- $(at "$t" X)
		jr flip X/journal "$2"
		cp X/journal flipped
		# every command says so at once, naming the offset
		snapshot X
		expect 3 "$ADJ" show -d X
		one_line
		err_has "X/journal: damaged at offset $1, before records that were committed"
		if [ "$d" = A ]; then
			expect 3 "$ADJ" receive -d X mq1/alice.msg
			expect 3 "$ADJ" turn -d X j4-j5 i4-i5
		else
			expect 3 "$ADJ" judge -d X -O mqx t2.msg
		fi
		err_has "damaged at offset $1"
		unchanged X
		# repair keeps what is whole and the damaged file beside it
		expect 0 "$ADJ" repair -d X
		out_has "X: repaired: entries 0 to [0-9]* kept; the damaged journal is kept as X/journal.damaged"
		err_has "journal: offset $1: [0-9]* bytes damaged"
		cmp -s X/journal.damaged flipped || fail "$t: the damaged file"
		expect 0 "$ADJ" show -d X
		expect 0 "$ADJ" repair -d X
		out_has "nothing to repair"
		# what must come again comes from the judge
		if [ "$d" = A ]; then
			"$ADJ" resend -d J -s alice 1 >again.msg
			expect 0 "$ADJ" receive -d X again.msg
			[ "$(seq_of X)" = "$seq_a" ] ||
			    fail "$t: X at $(seq_of X), not $seq_a"
		fi
		"$ADJ" export -d X | cmp -s - "$(echo $d | tr AJ aj).arc" ||
		    fail "$t: the export differs after the repair"
	done
}

# A damaged entry: the entries after it are dropped too, named, and come
# again with the judge's updates; the setup lost with a secret record is
# said
test_repair_says_what_comes_again() {
	rp_scene
	rm -rf X
	cp -R A X
	set -- $(jr list X/journal | awk '$2 == "entry" && $3 == 5 {
	    print $1, $1 + 16 + int($4 / 2) }')
	jr flip X/journal "$2"
	expect 0 "$ADJ" repair -d X
	out_has "entries 0 to 4 kept"
	out_has "Entries 5 to [0-9]* must come again"
	out_has "resend -d JUDGEDIR -s alice [0-9]*"
	[ "$(seq_of X)" -eq 4 ] || fail "X at $(seq_of X)"
	from=$(sed -n 's/.*resend -d JUDGEDIR -s alice \([0-9]*\)".*/\1/p' out)
	"$ADJ" resend -d J -s alice "$from" >again.msg
	expect 0 "$ADJ" receive -d X again.msg
	"$ADJ" export -d X | cmp -s - a.arc || fail "not whole again"
	# the setup
	rm -rf Y
	cp -R A Y
	set -- $(at secret Y)
	jr flip Y/journal "$2"
	expect 0 "$ADJ" repair -d Y
	out_has "alice's setup (its openings) was in the damaged part"
	# a healthy copy: nothing to do, nothing changed
	snapshot A
	expect 0 "$ADJ" repair -d A
	out_has "nothing to repair"
	unchanged A
}

# A copy an older version bloated: an update held five times is read as
# one, exported once, and dropped from the journal by the next command
# that writes
test_duplicate_updates_compacted() {
	rp_scene
	off=$(jr list A/journal | awk '$2 == "update" { print $1; exit }')
	for i in 1 2 3 4; do jr again A/journal "$off"; done
	[ "$(jr list A/journal | grep -c ' update ')" -gt \
	    "$(jr list B/journal | grep -c ' update ')" ] || fail "not bloated"
	n=$(wc -c <A/journal)
	expect 0 "$ADJ" show -d A
	"$ADJ" export -d A | cmp -s - a.arc || fail "the export carries them"
	expect 0 "$ADJ" receive -d A mq1/alice.msg
	[ "$(wc -c <A/journal)" -lt "$n" ] || fail "not compacted"
	"$ADJ" export -d A | cmp -s - a.arc || fail "the export changed"
	expect 0 "$ADJ" repair -d A
	out_has "nothing to repair"
}
