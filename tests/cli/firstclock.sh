# The first seat's clock in a judged game (issue "trust", 1.4): it runs
# from when the judge took the invitation, so a first seat that never
# sends its setup is reminded and timed out as for any move; the judge's
# first entry says when it took the invitation ("got"), from which every
# copy and verify compute the same deadline, and the first entry counts
# as the seat's move.  Every time from the test clock.

. "$TOP/tests/cli/clock.sh"

# ftick TIME: the mail bot's tick at TIME
ftick() {
	SPOOL=$PWD/spool at "$1" expect 0 "$ADJ" judge -r jr -s "$SM" -t
}

# The invitation taken at 09:00, clock=1d grace=2h: alice (the first
# seat) is reminded 6 hours before 12-02 09:00, and timed out after the
# grace; the timeout, the judge's first entry, says when the judge took
# the invitation; bob's export verifies to bob's win by timeout.
test_first_seat_timed_out() {
	at 2026-12-01T09:00:00Z wstart -o clock=1d -o grace=2h
	ftick 2026-12-02T02:00:00Z
	[ -z "$(mails_to alice@example.org)" ] || fail "reminded too soon"
	ftick 2026-12-02T03:30:00Z
	r=$(mails_to alice@example.org | tail -1)
	[ -n "$r" ] || fail "alice, who owes the first entry, not reminded"
	grep -q 'due by 2026-12-02T09:00:00Z' "$r" ||
	    fail "the reminder: $(cat "$r")"
	ftick 2026-12-02T10:00:00Z
	[ "$(seq_of "jr/$G")" -eq 0 ] || fail "timed out in the grace"
	ftick 2026-12-02T12:00:00Z
	[ "$(seq_of "jr/$G")" -eq 1 ] || fail "no timeout after the grace"
	"$ADJ" export -d "jr/$G" >j.arc
	ADJUDICATOR_NOW=2026-12-02T12:05:00Z expect 0 "$ADJ" verify j.arc
	out_has "^result: bob won"
	# the deadline from when the judge took the invitation, in every copy
	out_has "alice ran out of time: deadline 2026-12-02T09:00:00Z, grace "`
	    `"until 2026-12-02T11:00:00Z"
	# bob's copy takes it, and says so
	ADJUDICATOR_NOW=2026-12-02T12:05:00Z expect 0 "$ADJ" receive -r BR \
	    spool/bob@example.org.mbox
	out_has "bob won"
}

# alice sets up in the grace: the judge stamps it late; her first entry
# counts as her move, and bob's copy and verify say the same
test_first_seat_late_in_the_grace() {
	at 2026-12-01T09:00:00Z wstart -o clock=1d -o grace=2h
	at 2026-12-02T10:00:00Z mplay AR a1.eml setup d2
	[ "$(seq_of "jr/$G")" -eq 2 ] || fail "not stamped"
	ADJUDICATOR_NOW=2026-12-02T10:05:00Z "$ADJ" show -d "BR/$G" -f yaml \
	    >b.yaml
	awk '/^clock:/ { c = 1 } c && /^  seats:/ { s = 1 } s && /^to_do:/ {
	    exit } s' b.yaml | tr -d ' \n' >b.clock
	[ "$(cat b.clock)" = "seats:-seat:alicemoves:1late:1out_of_time:no-"`
	    `"seat:bobmoves:0late:0out_of_time:no" ] ||
	    fail "alice's first entry not counted as a late move: $(cat b.clock)"
}

# A setup after the grace is not taken: the judge rules the timeout
test_first_seat_after_the_grace() {
	at 2026-12-01T09:00:00Z wstart -o clock=1d -o grace=2h
	ADJUDICATOR_NOW=2026-12-02T11:30:00Z "$ADJ" setup -M -d "AR/$G" d2 \
	    >a1.eml 2>/dev/null
	ADJUDICATOR_NOW=2026-12-02T11:30:00Z SPOOL=$PWD/spool expect 1 \
	    "$ADJ" judge -r jr -s "$SM" a1.eml
	[ "$(seq_of "jr/$G")" -le 1 ] || fail "a setup after the grace taken"
}

# judge_entry SEQ PREVFILE KIND TIME [GOT]: a judge entry of cstart's game
# by hand (judge.key), signed into je.bin
judge_entry() {
	{
		printf 'game: %s\nseq: %s\nprev: %s\nby: judge\n' "$game" "$1" \
		    "$(wire hash "$2")"
		printf 'to: [%s, %s]\nkind: %s\ntime: %s\n' \
		    "$(cut -d' ' -f3 alice.pub)" "$(cut -d' ' -f3 bob.pub)" \
		    "$3" "$4"
		[ -z "$5" ] || printf 'got: %s\n' "$5"
	} >je.yaml
	wire sign judge.key je.yaml alice.pub bob.pub >je.bin
}

# arc NAME FILE...: an archive of these entries, in order
arc() {
	an=$1
	shift
	rm -rf X
	mkdir X
	ai=0
	for f in "$@"; do
		cp "$f" "X/$(printf '%06d' $ai)"
		ai=$((ai + 1))
	done
	python3 "$TOP/tests/cli/entries.py" -j X "$an"
}

# A judge's "got" (when it took the invitation) is checked as any time it
# signs: in its first entry only, never after that entry, and the first
# seat's deadline runs from it to the second (off by one, both ways)
test_judge_got_checked() {
	cstart clock=1d
	entries J Jt
	game=$("$ADJ" show -d J -f yaml | sed -n 's/^game: //p')
	# in a later entry: refused
	judge_entry 4 Jt/000003 time 2026-12-01T11:00:00Z \
	    2026-12-01T10:30:00Z
	arc x.arc Jt/000000 Jt/000001 Jt/000002 Jt/000003 je.bin
	ADJUDICATOR_NOW=2026-12-01T12:00:00Z expect 3 "$ADJ" verify x.arc
	one_line
	err_has "seq 4: \"got\" in a judged game is the judge's first entry's alone"
	# after the entry it is in: refused
	judge_entry 2 Jt/000001 time 2026-12-01T10:00:00Z \
	    2026-12-01T10:00:01Z
	arc y.arc Jt/000000 Jt/000001 je.bin
	ADJUDICATOR_NOW=2026-12-01T12:00:00Z expect 3 "$ADJ" verify y.arc
	one_line
	err_has "seq 2: took the invitation after this entry was signed"
	# alice's deadline is a day after the judge took the invitation: a
	# stamp at it is taken, a second later refused
	judge_entry 2 Jt/000001 time 2026-12-02T09:00:00Z \
	    2026-12-01T09:00:00Z
	arc z.arc Jt/000000 Jt/000001 je.bin
	ADJUDICATOR_NOW=2026-12-03T00:00:00Z expect 1 "$ADJ" verify z.arc
	err_has "the game never started"
	judge_entry 2 Jt/000001 time 2026-12-02T09:00:01Z \
	    2026-12-01T09:00:00Z
	arc w.arc Jt/000000 Jt/000001 je.bin
	ADJUDICATOR_NOW=2026-12-03T00:00:00Z expect 1 "$ADJ" verify w.arc
	one_line
	err_has "seq 2: the judge took alice's entry 1 at 2026-12-02T09:00:01Z, after alice's deadline 2026-12-02T09:00:00Z"
}
