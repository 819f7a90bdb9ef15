# Conditional moves seen from outside (issue 37, formats/conditions.md):
# an observer who asked by mail (WATCH, watch.sh's flow) and the other
# seat are mailed every entry of a game where alice sends lines, one of
# which fires and one never does.  While the game goes on, no mail to
# either, no view of theirs and no entry in bob's copy holds a word of
# the line that never fired; the one that fired is opened to all, as it
# should be; once the game is over, the judge's final entry opens every
# line alice sent, and it alone.  Through the judge's mail bot and the
# stand-in sendmail (lib.sh).

# cw_watch ADDRESS: ADDRESS watches the game ($S), with the judge's code
cw_watch() {
	ask "w.$1.eml" "$1" "WATCH $S"
	code=$(awk '$1 == "WATCH" { print $3 }' \
	    "$(mails_to "$1" | tail -1)")
	[ ${#code} -eq 16 ] || fail "no code for $1"
	printf 'From: %s\nSubject: watch\n\nWATCH %s %s\n' "$1" "$S" \
	    "$code" >"w2.$1.eml"
	bot "w2.$1.eml"
	grep -q "^$1 " "jr/$G/watchers" || fail "$1 does not watch"
}

# cw_sealed TEXT...: no mail to dave or bob, no view of bob's or the
# judge's and no file of bob's copy holds a TEXT or lists conditions
cw_sealed() {
	"$ADJ" show -d "BR/$G" >bview
	"$ADJ" show -d "BR/$G" -f yaml >byaml
	"$ADJ" show -d "jr/$G" >jview
	# shellcheck disable=SC2046
	for f in $(mails_to dave@example.org) $(mails_to bob@example.org) \
	    bview byaml jview "BR/$G"/*; do
		[ -f "$f" ] || continue
		for t in "$@"; do
			grep -aqF -- "$t" "$f" && fail "$f holds \"$t\""
		done
		grep -aq 'Conditions' "$f" && fail "$f lists conditions"
	done
	true
}

test_cond_observer_sees_no_unfired_line() {
	wstart -o watch=yes
	cw_watch dave@example.org
	mplay AR a1.eml setup d2
	mplay BR b1.eml setup b4
	# line 1 fires on c5-d5; line 2 (its reply d1-e1) never does
	mplay AR a2.eml turn -c 'c5-d5 => c3-c2' -c 'b5-a5 => d1-e1' e3-c3
	"$ADJ" show -d "AR/$G" | grep -q '^  2\. b5-a5 => d1-e1$' ||
	    fail "alice's own view does not list line 2"
	mplay BR b2.eml turn c5-d5
	"$ADJ" show -d "BR/$G" | grep -q '^Last: White moves c3-c2\.$' ||
	    fail "alice's reply did not fire"
	# while the game goes on; the judge holds it (the greps can find
	# it), alone
	grep -q 'steps: b5-a5 => d1-e1' "jr/$G/cond.0" ||
	    fail "the judge does not hold line 2"
	cw_sealed d1-e1 b5-a5
	mplay BR b3.eml turn resign
	[ "$(mails_to dave@example.org | wc -l)" -ge 5 ] ||
	    fail "dave was mailed $(mails_to dave@example.org | wc -l) times"
	last=$(mails_to dave@example.org | tail -1)
	sed -n '/^-----BEGIN ADJUDICATOR ARCHIVE/,$p' "$last" >dave.arc
	expect 0 "$ADJ" verify dave.arc
	out_has '^result: alice won'
	# the archive's entries in clear, and its replay page
	python3 "$TOP/tests/cli/entries.py" dave.arc D || fail "dave.arc"
	expect 0 "$ADJ" replay dave.arc
	[ "$(ls D | wc -l)" -ge 7 ] || fail "no entries"
	# the end opens line 2, in the judge's final entry alone
	fin=$(grep -l '^kind: final$' D/*)
	[ "$(grep -lF 'steps: b5-a5 => d1-e1' D/*)" = "$fin" ] ||
	    fail "line 2 not opened by the final entry ($fin) alone"
	# the fired line is opened to all, in the chain: the greps can fail
	grep -q '^  steps: c5-d5 => c3-c2$' D/* || fail "the fired line unseen"
}

# The same with lines sent off turn (kind conditions), by mail: the
# observer and bob are mailed the entry as any other, and no mail, view
# or entry of theirs holds a word of its lines; alice's own view lists
# them; the one that answers bob's move fires; the end opens the other
test_condoff_observer_sees_no_line() {
	wstart -o watch=yes
	cw_watch dave@example.org
	mplay AR a1.eml setup d2
	mplay BR b1.eml setup b4
	mplay AR a2.eml turn e3-c3
	nd=$(mails_to dave@example.org | wc -l)
	nb=$(mails_to bob@example.org | wc -l)
	mplay AR ac.eml turn -c 'c5-d5 => c3-c2' -c 'b5-a5 => d1-e1'
	[ "$(mails_to dave@example.org | wc -l)" -gt "$nd" ] ||
	    fail "dave was not mailed the change"
	[ "$(mails_to bob@example.org | wc -l)" -gt "$nb" ] ||
	    fail "bob was not mailed the change"
	"$ADJ" show -d "AR/$G" >aview
	grep -q '^  2\. b5-a5 => d1-e1$' aview ||
	    fail "alice's own view does not list line 2"
	"$ADJ" show -d "BR/$G" >bview
	grep -q '^Last: alice sends new conditions, sealed to the judge\.$' \
	    bview || fail "bob is not told of the change"
	grep -q 'steps: b5-a5 => d1-e1' "jr/$G/cond.0" ||
	    fail "the judge does not hold line 2"
	# (their replies: bob's view may suggest b5-a5 or c5-d5 himself)
	cw_sealed c3-c2 d1-e1
	mplay BR b2.eml turn c5-d5
	"$ADJ" show -d "BR/$G" | grep -q '^Last: White moves c3-c2\.$' ||
	    fail "alice's reply did not fire"
	cw_sealed d1-e1 b5-a5
	mplay BR b3.eml turn resign
	last=$(mails_to dave@example.org | tail -1)
	sed -n '/^-----BEGIN ADJUDICATOR ARCHIVE/,$p' "$last" >dave.arc
	expect 0 "$ADJ" verify dave.arc
	out_has '^result: alice won'
	python3 "$TOP/tests/cli/entries.py" dave.arc D || fail "dave.arc"
	grep -l '^kind: conditions$' D/* >/dev/null ||
	    fail "no entry of kind conditions"
	fin=$(grep -l '^kind: final$' D/*)
	[ "$(grep -lF 'steps: b5-a5 => d1-e1' D/*)" = "$fin" ] ||
	    fail "line 2 not opened by the final entry ($fin) alone"
}
