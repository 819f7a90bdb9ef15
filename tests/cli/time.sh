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
}
