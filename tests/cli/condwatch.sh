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
	# while the game goes on
	"$ADJ" show -d "BR/$G" >bview
	"$ADJ" show -d "BR/$G" -f yaml >byaml
	"$ADJ" show -d "jr/$G" >jview
	# the judge holds it (the greps below can find it), alone
	grep -q 'steps: b5-a5 => d1-e1' "jr/$G/cond.0" ||
	    fail "the judge does not hold line 2"
	# shellcheck disable=SC2046
	for f in $(mails_to dave@example.org) $(mails_to bob@example.org) \
	    bview byaml jview "BR/$G"/*; do
		[ -f "$f" ] || continue
		grep -aqF 'd1-e1' "$f" && fail "$f holds the unfired line"
		grep -aqF 'b5-a5' "$f" && fail "$f holds its condition"
		grep -aq 'Conditions' "$f" && fail "$f lists conditions"
	done
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
