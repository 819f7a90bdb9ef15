# Time that a party cannot bend (issue "trust", section 1): one clock for
# every verb, no signed time before the game was created.  Every time
# comes from the test clock, ADJUDICATOR_NOW: nothing sleeps.

# at TIME CMD...: CMD with the test clock at TIME
at() {
	at_t=$1
	shift
	ADJUDICATOR_NOW=$at_t "$@"
}

# new takes its creation time from the one clock (ADJUDICATOR_NOW in
# tests), as every other verb does
test_new_created_by_the_one_clock() {
	keys alice bob
	at 2026-12-05T09:00:00Z "$ADJ" new -k alice.key incognito alice.pub \
	    bob.pub >invite.msg
	"$ADJ" open -k bob.key invite.msg >body 2>/dev/null
	grep -qx 'created: 2026-12-05T09:00:00Z' body ||
	    fail "created: $(grep created body)"
}

# An entry whose signed time is before the game's creation is refused,
# by its own author's copy and by a receiver (signed by hand)
test_no_time_before_created() {
	keys alice bob
	at 2026-12-01T09:00:00Z "$ADJ" new -k alice.key -o clock=1d \
	    incognito alice.pub bob.pub >invite.msg
	"$ADJ" join -d A -k alice.key invite.msg 2>/dev/null
	"$ADJ" join -d B -k bob.key invite.msg 2>/dev/null
	snapshot A
	at 2026-11-30T10:00:00Z expect 1 "$ADJ" setup -d A d2
	err_has "signed at 2026-11-30T10:00:00Z, before the game was created (2026-12-01T09:00:00Z)"
	unchanged A
	# alice's right setup, its time set back by hand and signed again
	at 2026-12-01T10:00:00Z "$ADJ" setup -d A d2 >a1.msg
	"$ADJ" open -k bob.key a1.msg >a1.body 2>/dev/null
	sed 's/^time: .*/time: 2026-11-30T10:00:00Z/' a1.body >early.yaml
	grep -qx "time: 2026-11-30T10:00:00Z" early.yaml || fail "no time"
	by_hand early alice.key early.yaml alice.pub bob.pub
	snapshot B
	at 2026-12-01T11:00:00Z expect 1 "$ADJ" receive -d B early.msg
	err_has "signed at 2026-11-30T10:00:00Z, before the game was created"
	unchanged B
	# the right one is taken
	at 2026-12-01T11:00:00Z expect 0 "$ADJ" receive -d B a1.msg
	# signed at the creation time itself: taken; a second before: not
	at 2026-12-01T09:00:00Z expect 0 "$ADJ" setup -n -d B b4
	at 2026-12-01T08:59:59Z expect 1 "$ADJ" setup -n -d B b4
	err_has "signed at 2026-12-01T08:59:59Z, before the game was created"
}

# pstart: a peer game with a clock of a day; alice's e3-c3 at 12:00 on
# 2026-12-01 taken by bob at 13:00: bob's clock runs until 12:00 the 2nd
pstart() {
	keys alice bob
	at 2026-12-01T09:00:00Z "$ADJ" new -k alice.key -o clock=1d \
	    incognito alice.pub bob.pub >invite.msg
	"$ADJ" join -d A -k alice.key invite.msg 2>/dev/null
	"$ADJ" join -d B -k bob.key invite.msg 2>/dev/null
	at 2026-12-01T10:00:00Z "$ADJ" setup -d A d2 >a1.msg
	at 2026-12-01T10:30:00Z "$ADJ" receive -d B a1.msg >/dev/null 2>&1
	at 2026-12-01T11:00:00Z "$ADJ" setup -d B b4 >b1.msg
	at 2026-12-01T11:30:00Z "$ADJ" receive -d A b1.msg >/dev/null 2>&1
	at 2026-12-01T12:00:00Z "$ADJ" turn -d A e3-c3 >a2.msg
	at 2026-12-01T13:00:00Z "$ADJ" receive -d B a2.msg >/dev/null 2>&1
}

# A seat whose clock is set four days ahead claims its opponent's time
# ran out: the opponent's copy, with 23 hours still on its clock, does not
# apply it (one line saying whose entry, how far ahead, where it is
# kept), keeps it aside as evidence, and goes on: bob moves.  verify of
# alice's export, which holds it, says so and fails until it is due;
# standings does not count it.  Sent again once due, it is taken (here
# as the dispute it has become).
test_entry_signed_in_the_future_not_applied() {
	pstart
	at 2026-12-05T12:00:00Z "$ADJ" turn -d A timeout >a3.msg ||
	    fail "alice's claim"
	snapshot B
	at 2026-12-01T13:30:00Z expect 1 "$ADJ" receive -d B a3.msg
	err_has "seq 4: alice's entry 4 is signed at 2026-12-05T12:00:00Z, 3 days 22 hours in the future of this clock (2026-12-01T13:30:00Z): alice's clock or word is wrong; not applied, kept in B/aside/4-[0-9a-f]\{16\}.entry$"
	ls B/aside/4-*.entry >/dev/null 2>&1 || fail "not kept"
	kept=$(ls B/aside/4-*.entry)
	grep -q 'kind: timeout' "$kept" || fail "not the entry kept"
	rm -r B/aside
	unchanged B
	at 2026-12-01T13:30:00Z "$ADJ" receive -d B a3.msg >/dev/null 2>&1 ||
	    true
	"$ADJ" show -d B | grep -q 'Game over' && fail "the claim applied"
	at 2026-12-01T14:00:00Z expect 0 "$ADJ" turn -d B b4-b3
	# verify of alice's export: refused until the entry is due
	at 2026-12-05T12:00:00Z "$ADJ" export -d A >a.arc
	at 2026-12-02T00:00:00Z expect 1 "$ADJ" verify a.arc
	err_has "alice's entry 4 is signed at 2026-12-05T12:00:00Z, 3 days 12 hours in the future of this clock"
	at 2026-12-02T00:00:00Z expect 1 "$ADJ" standings a.arc
	err_has "alice's entry 4 is signed at 2026-12-05T12:00:00Z"
	# once due, only what is still missing is said
	at 2026-12-05T12:00:00Z expect 1 "$ADJ" verify a.arc
	err_has "bob's final openings are missing"
	grep -q 'in the future' err && fail "still in the future"
	true
}

# Fifteen minutes ahead is a clock that drifts, not a lie: taken
test_entry_a_little_ahead_taken() {
	pstart
	at 2026-12-01T14:15:00Z "$ADJ" turn -d B b4-b3 >b2.msg
	at 2026-12-01T14:00:00Z expect 0 "$ADJ" receive -d A b2.msg
	at 2026-12-01T14:30:00Z "$ADJ" turn -d A c3-c4 >a3.msg
	at 2026-12-01T14:14:59Z expect 1 "$ADJ" receive -d B a3.msg
	err_has "alice's entry 5 is signed at 2026-12-01T14:30:00Z, .* in the future of this clock (2026-12-01T14:14:59Z)"
}

# A judge whose clock runs two days ahead rules bob out of time on his
# first move: bob's copy does not take the timeout, keeps it aside, and
# bob still moves.
test_judge_stamp_in_the_future_not_applied() {
	now=1796083200		# 2026-12-01T00:00:00Z
	# the invitation taken then: alice's clock runs from then
	ADJUDICATOR_NOW=$now mstart -o clock=1d
	ADJUDICATOR_NOW=$now "$ADJ" setup -M -d "AR/$G" d2 >a1.eml
	ADJUDICATOR_NOW=$now SPOOL=$PWD/spool expect 0 "$ADJ" judge -r jr \
	    -s "$SM" a1.eml
	ADJUDICATOR_NOW=$((now + 60)) "$ADJ" receive -r BR \
	    spool/bob@example.org.mbox >/dev/null 2>&1 || fail "bob"
	ADJUDICATOR_NOW=$((now + 2 * 86400)) SPOOL=$PWD/spool expect 0 \
	    "$ADJ" judge -r jr -s "$SM" -t
	ADJUDICATOR_NOW=$((now + 120)) expect 1 "$ADJ" receive -r BR \
	    spool/bob@example.org.mbox
	err_has "the judge's entry 3 is signed at 2026-12-03T00:00:00Z, 1 day 23 hours in the future of this clock (2026-12-01T00:02:00Z): the judge's clock or word is wrong; not applied, kept in BR/$G/aside/3-"
	"$ADJ" show -d "BR/$G" | grep -q 'Game over' && fail "the timeout applied"
	ADJUDICATOR_NOW=$((now + 180)) expect 0 "$ADJ" setup -M -d "BR/$G" b4
}

# A header's created that is no time is refused as the header is read
# (by join, receive, verify and standings alike): here as it is made
test_created_not_a_time_refused() {
	keys alice bob
	expect 3 "$(dirname "$ADJ")/cli/wire" game -t 2025-13-01T00:00:00Z \
	    -k alice.key -k bob.key -e resign:0 knights 2 peer all
	err_has 'created: "2025-13-01T00:00:00Z" is not a time as 2026-11-26T12:00:00Z'
}

# --- leave, against a model of its rules (tests/cli/leave_model.py) -----

S=1796126400		# 2026-12-01T12:00:00Z: bob's turn starts

iso() {
	date -u -d "@$1" +%Y-%m-%dT%H:%M:%SZ
}

# lstart: a peer game, clock=1d leave=3d/2d, bob's clock running from S
lstart() {
	keys alice bob
	at 2026-12-01T09:00:00Z "$ADJ" new -k alice.key -o clock=1d \
	    -o leave=3d/2d incognito alice.pub bob.pub >invite.msg
	"$ADJ" join -d A -k alice.key invite.msg 2>/dev/null
	"$ADJ" join -d B -k bob.key invite.msg 2>/dev/null
	at 2026-12-01T10:00:00Z "$ADJ" setup -d A d2 >a1.msg
	at 2026-12-01T10:30:00Z "$ADJ" receive -d B a1.msg >/dev/null 2>&1
	at 2026-12-01T11:00:00Z "$ADJ" setup -d B b4 >b1.msg
	at 2026-12-01T11:30:00Z "$ADJ" receive -d A b1.msg >/dev/null 2>&1
	at "$S" "$ADJ" turn -d A e3-c3 >a2.msg
	at "$S" "$ADJ" receive -d B a2.msg >/dev/null 2>&1
}

# bob_yaml KEY TIME: a value of bob's clock in his view at TIME
bob_yaml() {
	at "$2" "$ADJ" show -d B -f yaml | awk -v k="$1" '/^clock:/ { c = 1 }
	    c && /seat: bob/ { b = 1 } c && $1 == k ":" && (k == "deadline" ||
	    b) { print $2; exit }'
}

# Two absences of one seat, overlapping, adjacent, nested, past the cap,
# apart, before and after the first is over, one from the past, one after
# the deadline: each announcement taken or refused, the deadline and the
# leave drawn by the move, all as the model says.  (The issue's case: a
# second leave before the first ended moved the deadline back to the one
# without any leave, and the tick ruled a timeout.)
test_leave_pairs_as_the_model_says() {
	n=0
	while IFS='|' read -r leaves move what; do
		n=$((n + 1))
		mkdir "c$n"
		(
			cd "c$n"
			lstart
			# shellcheck disable=SC2086
			python3 "$TOP/tests/cli/leave_model.py" 1440 4320 2880 \
			    "$move" $leaves >model
			k=0
			for l in $leaves; do
				k=$((k + 1))
				t=$((S + ${l%%:*} * 60))
				r=${l#*:}
				f=$((S + ${r%%:*} * 60))
				u=$((S + ${r#*:} * 60))
				want=$(sed -n "${k}p" model)
				set +e
				at "$t" "$ADJ" turn -d B leave "$(iso "$f")" \
				    "$(iso "$u")" >/dev/null 2>err
				got=$?
				set -e
				case $want in
				refused)
					[ "$got" -eq 1 ] || fail "$what: $l taken"
					;;
				ok*)
					[ "$got" -eq 0 ] ||
					    { cat err >&2; fail "$what: $l refused"; }
					d=$(iso $((S + ${want#ok } * 60)))
					[ "$(bob_yaml deadline "$t")" = "$d" ] ||
					    fail "$what: $l: deadline $(bob_yaml deadline "$t"), model $d"
					;;
				esac
			done
			last=$(tail -1 model)
			[ "$last" != late ] || exit 0
			at $((S + move * 60)) "$ADJ" turn -d B b4-b3 \
			    >/dev/null 2>err || { cat err >&2; fail "$what: move"; }
			[ "$(bob_yaml leave_left $((S + move * 60)))" -eq \
			    $((${last#moved } * 60)) ] ||
			    fail "$what: leave left $(bob_yaml leave_left $((S + move * 60))), model ${last#moved }m"
		) || fail "case $n"
	done <<'CASES'
60:120:600|700|one absence
60:120:1560 1200:1200:2400|2000|a second before the first ends
60:120:600 300:600:900|1000|adjacent
60:120:1560 300:400:800|1600|nested: adds nothing
60:120:2000 300:1500:4000|2500|extended past the cap on one absence
60:120:300 200:600:900|400|apart, the first not over
60:120:300 400:600:900|1000|apart, the first over
60:0:300|400|from the past
60:120:300 2000:2100:2200|1000|after the deadline
60:120:3000 2000:3000:3500|3100|at the cap: adds nothing
CASES
}
