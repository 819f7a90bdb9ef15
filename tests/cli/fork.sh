# A history one party cannot fork to its advantage (issue "trust",
# section 2): two different entries of one seq on the same entry before,
# signed by one key, are the proof that its holder equivocated.  receive
# keeps the second as evidence and names the key; verify of two archives
# of one game says where they part and who signed both.

# kstart: a peer game of knights between alice (red) and bob, two
# moves each made by the bot; alice's copy as it was before her second
# move kept in A.old
kstart() {
	keys alice bob
	"$ADJ" new -k alice.key knights alice.pub bob.pub >invite.msg
	"$ADJ" join -d A -k alice.key invite.msg 2>/dev/null
	"$ADJ" join -d B -k bob.key invite.msg 2>/dev/null
	kmove A 1 B
	kmove B 2 A
	cp -r A A.old
	kmove A 3 B
	kmove B 4 A
}

# kmove DIR SEED OTHER: DIR's move by the bot, taken by OTHER
kmove() {
	"$ADJ" bot -d "$1" -s "$2" >"m$2.msg" 2>/dev/null || fail "bot $1"
	"$ADJ" receive -d "$3" "m$2.msg" >/dev/null 2>&1 || fail "receive $3"
}

# The loser resigns in the real game, then again at an earlier entry
# from a copy it kept: bob's copy refuses the second, names alice's key
# as the one that signed both, keeps it aside; verify of the two
# archives says the same, and of two agreeing archives that they agree.
test_equivocation_named() {
	kstart
	"$ADJ" turn -d A resign >r.msg 2>/dev/null
	"$ADJ" receive -d B r.msg >/dev/null 2>&1 || fail "the resignation"
	"$ADJ" turn -d A.old resign >f.msg 2>/dev/null || fail "the fork"
	snapshot B
	expect 1 "$ADJ" receive -d B f.msg
	one_line
	id=$(awk '{ print $3 }' alice.pub)
	err_has "f.msg: seq 3: alice (key $id) signed two different entries 3 on the same entry 2: proof that alice equivocated; the second is kept in B/aside/3-[0-9a-f]\{16\}.entry$"
	cmp -s "$(ls B/aside/3-*.entry)" "$(wire unwrap bob.key f.msg >fb;
	    echo fb)" || fail "not the entry kept"
	rm -r B/aside
	unchanged B
	"$ADJ" export -d A >real.arc
	"$ADJ" export -d A.old >fork.arc
	"$ADJ" export -d B >b.arc
	expect 1 "$ADJ" verify real.arc fork.arc
	err_has "^adjudicator: verify: real.arc and fork.arc part at entry 3: alice (key $id) signed both, on the same entry 2: proof that alice equivocated$"
	expect 0 "$ADJ" verify real.arc b.arc
	out_has "^real.arc and b.arc: one game, the same entries up to entry 5$"
	expect 0 "$ADJ" verify fork.arc
}

# A judge whose copy was copied, and took one seat's entry at two
# times: two different stamps of one seq, signed by the judge: verify of
# the two judges' exports names the judge
test_judge_equivocation_named() {
	keys alice bob judge
	ADJUDICATOR_NOW=2026-12-01T09:00:00Z "$ADJ" new -k alice.key \
	    -m judge -j judge.pub -o clock=1d incognito alice.pub bob.pub \
	    >invite.msg
	for d in J:judge A:alice B:bob; do
		"$ADJ" join -d "${d%%:*}" -k "${d#*:}.key" invite.msg \
		    2>/dev/null || fail "join ${d%%:*}"
	done
	ADJUDICATOR_NOW=2026-12-01T10:00:00Z "$ADJ" setup -d A d2 >a1.msg
	ADJUDICATOR_NOW=2026-12-01T10:00:00Z "$ADJ" judge -d J -O mq a1.msg \
	    >/dev/null 2>&1 || fail "judge a1"
	ADJUDICATOR_NOW=2026-12-01T10:30:00Z "$ADJ" receive -d B mq/bob.msg \
	    >/dev/null 2>&1 || fail "bob's update"
	cp -r J J2
	ADJUDICATOR_NOW=2026-12-01T11:00:00Z "$ADJ" setup -d B b4 >b1.msg
	ADJUDICATOR_NOW=2026-12-01T11:00:00Z "$ADJ" judge -d J -O mq b1.msg \
	    >/dev/null 2>&1 || fail "judge b1"
	ADJUDICATOR_NOW=2026-12-01T12:00:00Z "$ADJ" judge -d J2 -O mq2 \
	    b1.msg >/dev/null 2>&1 || fail "judge b1 again"
	ADJUDICATOR_NOW=2026-12-02T00:00:00Z "$ADJ" export -d J >j.arc
	ADJUDICATOR_NOW=2026-12-02T00:00:00Z "$ADJ" export -d J2 >j2.arc
	id=$(awk '{ print $3 }' judge.pub)
	ADJUDICATOR_NOW=2026-12-02T00:00:00Z expect 1 "$ADJ" verify j.arc \
	    j2.arc
	err_has "j.arc and j2.arc part at entry 4: the judge (key $id) signed both, on the same entry 3: proof that the judge equivocated$"
}

# Two different entries of one seq by two keys are a fork, not proof
# against either, and said as such: a judge's copy takes alice's move
# as entry 5, a copy of it bob's leave (off his turn) as entry 5
test_fork_of_two_signers() {
	keys alice bob judge
	export ADJUDICATOR_NOW=2026-12-01T09:00:00Z
	"$ADJ" new -k alice.key -m judge -j judge.pub -o clock=1d \
	    -o leave=5d incognito alice.pub bob.pub >invite.msg
	for d in J:judge A:alice B:bob; do
		"$ADJ" join -d "${d%%:*}" -k "${d#*:}.key" invite.msg \
		    2>/dev/null || fail "join ${d%%:*}"
	done
	"$ADJ" setup -d A d2 >a1.msg
	"$ADJ" judge -d J -O mq a1.msg >/dev/null 2>&1 || fail "judge a1"
	"$ADJ" receive -d B mq/bob.msg >/dev/null 2>&1 || fail "bob's update"
	"$ADJ" setup -d B b4 >b1.msg
	"$ADJ" judge -d J -O mq b1.msg >/dev/null 2>&1 || fail "judge b1"
	"$ADJ" receive -d A mq/alice.msg >/dev/null 2>&1 || fail "alice's"
	"$ADJ" receive -d B mq/bob.msg >/dev/null 2>&1 || fail "bob's"
	cp -r J J2
	"$ADJ" turn -d A e3-c3 >a2.msg
	"$ADJ" turn -d B leave 1d >bl.msg
	"$ADJ" judge -d J -O mq a2.msg >/dev/null 2>&1 || fail "judge a2"
	"$ADJ" judge -d J2 -O mq2 bl.msg >/dev/null 2>&1 || fail "judge bl"
	"$ADJ" export -d J >j.arc
	"$ADJ" export -d J2 >j2.arc
	expect 1 "$ADJ" verify j.arc j2.arc
	err_has "j.arc and j2.arc part at entry 5: signed by alice (key $(awk '{ print $3 }' alice.pub)) in the one, by bob (key $(awk '{ print $3 }' bob.pub)) in the other$"
	grep -q equivocated err && fail "called an equivocation"
	true
}

# The issue's case in the standings: the loser's second resignation, at an
# earlier entry from a copy it kept, no longer voids the game for both:
# it counts on the branch bob signed after the fork, a win for bob, and a
# line names alice's key
test_standings_count_the_branch_the_others_signed() {
	kstart
	"$ADJ" turn -d A resign >r.msg 2>/dev/null
	"$ADJ" receive -d B r.msg >/dev/null 2>&1 || fail "the resignation"
	"$ADJ" turn -d A.old resign >f.msg 2>/dev/null || fail "the fork"
	"$ADJ" export -d A >real.arc
	"$ADJ" export -d A.old >fork.arc
	"$ADJ" export -d B >b.arc
	id=$(awk '{ print $3 }' alice.pub)
	expect 0 "$ADJ" standings -f yaml real.arc fork.arc b.arc
	err_has "game [0-9a-f]\{16\}: alice (key $id) signed two entries 3, here and in .*: it equivocated; counted on the branch the others signed, this one$"
	python3 - out <<'PY' || fail "not bob's win: $(cat out)"
import sys, yaml
d = yaml.safe_load(open(sys.argv[1]))
g = d["games_counted"]
assert len(g) == 1, g
seats = {s["name"]: s["outcome"] for s in g[0]["seats"]}
assert seats == {"alice": "lost", "bob": "won"}, seats
PY
	# the fork alone is just a game alice resigned
	expect 0 "$ADJ" standings fork.arc
}
