# Observers of a judged game: named at new (-w), or asking the judge by
# mail (WATCH GAMEID, confirmed with the judge's code; UNWATCH), allowed
# by the game's option watch=yes.  The judge's mail bot mails each, after
# each run that adds entries, the news and the public board, and the
# archive once the game is over; no observer's mail ever carries a hidden
# value.  Through the stand-in sendmail (tests/cli/sendmail.sh, helpers
# in lib.sh).

# the setups' nonces, as the judge opens them
nonces() {
	"$ADJ" open -k jr/judge.key a1.eml >abody 2>/dev/null
	"$ADJ" open -k jr/judge.key b1.eml >bbody 2>/dev/null
	grep -h 'nonce:' abody bbody | awk '{ print $2 }' >nonces
	[ "$(wc -l <nonces)" -eq 10 ] || fail "not ten nonces"
}

# An observer named at new is mailed after every run that adds entries
# what the public may know, and nothing more: no setup (no nonce, no
# identity, no armored update), no seat's mail address; the last mail,
# once the game is over, carries its archive, which verifies.
test_observer_named_at_new() {
	wstart -w carol@example.org
	header_of invite.msg Subject >/dev/null
	"$ADJ" show -d "AR/$G" -f yaml | grep -q '^observers: \[carol@example.org\]' ||
	    fail "alice's view does not say who observes"
	mplay AR a1.eml setup d2
	mplay BR b1.eml setup b4
	mplay AR a2.eml turn e3-c3
	mplay BR b2.eml turn b4-b3
	nonces
	[ "$(mails_to carol@example.org | wc -l)" -eq 4 ] ||
	    fail "$(mails_to carol@example.org | wc -l) mails to carol, want 4"
	for f in $(mails_to carol@example.org); do
		header_of "$f" Subject | grep -q "^\[adjudicator\] incognito $S: entry [0-9]*, for observers$" ||
		    fail "$f: Subject $(header_of "$f" Subject)"
		header_of "$f" Auto-Submitted | grep -qx auto-generated ||
		    fail "$f: not auto-generated"
		grep -q '^ *[1-5] ' "$f" || fail "$f: no board"
		grep -q "^    UNWATCH $S [0-9a-f]\{16\}$" "$f" ||
		    fail "$f: no way to stop"
		grep -qFf nonces "$f" && fail "$f: a nonce"
		grep -q '[WB][sa]\b' "$f" && { cat "$f" >&2;
		    fail "$f: an identity"; }
		grep -q -- '-----BEGIN' "$f" && fail "$f: a message"
		grep -q 'example.org>' "$f" && fail "$f: a seat's address"
		grep -q '^You are ' "$f" && fail "$f: a seat's view"
	done
	grep -q '^  entry 4: Black moves b4-b3$' "$(mails_to carol@example.org |
	    tail -1)" || fail "no news in carol's last mail"
	mplay AR a3.eml turn 'c3?b3'
	last=$(mails_to carol@example.org | tail -1)
	header_of "$last" Subject | grep -q ": entry 7, over, for observers$" ||
	    fail "the last mail: $(header_of "$last" Subject)"
	grep -q 'White wins' "$last" || fail "the end untold"
	sed -n '/^-----BEGIN ADJUDICATOR ARCHIVE/,$p' "$last" >carol.arc
	expect 0 "$ADJ" verify carol.arc
	out_has '^result: alice won'
	# nothing more after the end: a mail again adds no entry
	bot b2.eml
	[ "$(mails_to carol@example.org | wc -l)" -eq 5 ] ||
	    fail "carol mailed again"
	grep -qx 'carol@example.org 7 done' "jr/$G/watchers" ||
	    fail "watchers: $(cat "jr/$G/watchers")"
}

# WATCH by mail: the judge answers with a code for that address alone;
# a wrong code is refused; the right one makes the sender an observer,
# mailed the board at once and after each entry; UNWATCH stops it.
test_watch_by_mail() {
	wstart -o watch=yes
	mplay AR a1.eml setup d2
	# LIST says which games take observers
	ask l1.eml dave@example.org LIST
	grep -q "^$S  incognito .*; open to observers (WATCH)$" \
	    "$(mails_to dave@example.org | tail -1)" || fail "LIST"
	ask w1.eml dave@example.org "WATCH $S"
	w=$(mails_to dave@example.org | tail -1)
	header_of "$w" Subject | grep -qx "\[adjudicator\] watch $S" ||
	    fail "the answer's subject"
	code=$(awk '$1 == "WATCH" { print $3 }' "$w")
	[ ${#code} -eq 16 ] || fail "no code in $w"
	grep -qx "    WATCH $S $code" "$w" || fail "the line to send"
	# the code is for dave alone
	ask w2.eml eve@example.org "WATCH $S $code" 1
	err_has "w2.eml: WATCH $S: not the judge's code for this game and address"
	grep -q 'eve@example.org' "jr/$G/watchers" 2>/dev/null &&
	    fail "eve watches with dave's code"
	# the whole code: dave's own, cut short, is refused
	ask w2b.eml dave@example.org "WATCH $S $(echo "$code" | cut -c1-15)" 1
	err_has "w2b.eml: WATCH $S: not the judge's code for this game"
	grep -q 'dave@example.org' "jr/$G/watchers" 2>/dev/null &&
	    fail "dave watches with a part of his code"
	# the right code, in the mail's first line
	printf 'From: Dave <dave@example.org>\nSubject: Re: a game\n\nWATCH %s %s\n\nthanks\n' \
	    "$S" "$code" >w3.eml
	bot w3.eml
	w=$(mails_to dave@example.org | tail -1)
	header_of "$w" Subject | grep -q ": entry 1, for observers$" ||
	    fail "no first mail: $(header_of "$w" Subject)"
	grep -q '^You watch it from now on' "$w" || fail "not welcomed"
	grep -q '^Next: bob.s setup' "$w" || fail "no board"
	tail -1 jr/log | grep -q 'from=dave@example.org .*verdict=watch sent=1$' ||
	    fail "log: $(tail -1 jr/log)"
	mplay BR b1.eml setup b4
	header_of "$(mails_to dave@example.org | tail -1)" Subject |
	    grep -q ": entry 2, for observers$" || fail "dave not mailed entry 2"
	# asked again: already
	ask w4.eml dave@example.org "WATCH $S"
	grep -q '^You watch game .* already' "$(mails_to dave@example.org |
	    tail -1)" || fail "not told he watches already"
	# UNWATCH needs the code: a forged From stops nobody
	# shellcheck disable=SC2046
	grep -qx "    UNWATCH $S $code" $(mails_to dave@example.org) ||
	    fail "no code to stop in dave's mails"
	ask w5.eml dave@example.org "UNWATCH $S"
	grep -qx "    UNWATCH $S $code" "$(mails_to dave@example.org |
	    tail -1)" || fail "UNWATCH without its code: no code sent"
	tail -1 jr/log | grep -q 'verdict=unwatch,code ' || fail "log"
	ask w6.eml dave@example.org "UNWATCH $S 0123456789abcdef" 1
	err_has "w6.eml: UNWATCH $S: not the judge's code for this game and address"
	grep -q ' on$' "jr/$G/watchers" || fail "stopped without the code"
	# the code, from another spelling of the address
	ask w7.eml Dave@Example.ORG "UNWATCH $S $code"
	grep -q '^You no longer watch game' "$(mails_to Dave@Example.ORG |
	    tail -1)" || fail "UNWATCH not answered"
	n=$(mails_to dave@example.org | wc -l)
	mplay AR a2.eml turn e3-c3
	[ "$(mails_to dave@example.org | wc -l)" -eq "$n" ] ||
	    fail "dave mailed after UNWATCH"
	grep -qx 'dave@example.org 2 off' "jr/$G/watchers" ||
	    fail "watchers: $(cat "jr/$G/watchers")"
}

# An address is one whatever its case: the code mailed to
# Dave@Example.org is taken back from dave@example.org, and DAVE@EXAMPLE.ORG
# then watches already and may stop.
test_watch_address_case() {
	wstart -o watch=yes
	mplay AR a1.eml setup d2
	ask w1.eml Dave@Example.org "WATCH $S"
	w=$(grep -lix 'dave@example.org' spool/*.rcpt | sed 's/rcpt$/eml/' |
	    sort -t/ -k2 -n | tail -1)
	code=$(awk '$1 == "WATCH" { print $3 }' "$w")
	[ ${#code} -eq 16 ] || fail "no code in $w"
	ask w2.eml dave@example.org "WATCH $S $code"
	grep -q '^You watch it from now on' "$(mails_to dave@example.org |
	    tail -1)" || fail "dave not welcomed"
	[ "$(grep -ci 'dave@example.org' "jr/$G/watchers")" -eq 1 ] ||
	    fail "watchers: $(cat "jr/$G/watchers")"
	ask w3.eml DAVE@EXAMPLE.ORG "WATCH $S"
	grep -q '^You watch game .* already' "$(mails_to DAVE@EXAMPLE.ORG |
	    tail -1)" || fail "not told he watches already"
	# UNWATCH with the code, from yet another spelling
	ask w4.eml DAVE@EXAMPLE.ORG "UNWATCH $S $code"
	grep -q '^You no longer watch game' "$(mails_to DAVE@EXAMPLE.ORG |
	    tail -1)" || fail "UNWATCH not taken"
}

# Who may not watch, and what is never answered.
test_watch_refused() {
	wstart -w carol@example.org
	mplay AR a1.eml setup d2
	# the game does not take observers by mail
	ask w1.eml dave@example.org "WATCH $S" 1
	err_has "w1.eml: WATCH $S: the game takes no observers by mail"
	grep -q 'did not' "$(mails_to dave@example.org | tail -1)" ||
	    fail "dave not told why"
	# ... but a named observer may come back after UNWATCH, with the
	# code her mails carry
	stop=$(awk '$1 == "UNWATCH" { print $3 }' "$(mails_to \
	    carol@example.org | tail -1)")
	ask w2.eml carol@example.org "UNWATCH $S $stop"
	mplay BR b1.eml setup b4
	[ "$(mails_to carol@example.org | wc -l)" -eq 2 ] ||
	    fail "carol mailed after UNWATCH"
	ask w3.eml carol@example.org "WATCH $S"
	code=$(awk '$1 == "WATCH" { print $3 }' "$(mails_to carol@example.org |
	    tail -1)")
	ask w4.eml carol@example.org "WATCH $S $code"
	mplay AR a2.eml turn e3-c3
	header_of "$(mails_to carol@example.org | tail -1)" Subject |
	    grep -q ": entry 3, for observers$" || fail "carol not back"
	# a game this judge does not have
	ask w5.eml dave@example.org "WATCH 0123456789abcdef" 1
	err_has "w5.eml: WATCH 0123456789abcdef: no such game"
	# an automatic mail is never answered nor taken
	n=$(nmail)
	printf 'From: robot@example.org\nAuto-Submitted: auto-replied\nSubject: WATCH %s\n\nx\n' \
	    "$S" >w6.eml
	bot w6.eml
	[ "$(nmail)" -eq "$n" ] || fail "an automatic mail answered"
	tail -1 jr/log | grep -q 'verdict=watch,quiet' || fail "log"
}

# new: observers are mailed by a judge, to plain addresses, once each,
# at most 8; watch is yes or no.  Nothing is printed when refused.
test_new_observers_refused() {
	mkdir jr
	"$ADJ" keygen -N -d jr judge 2>/dev/null
	keys alice bob
	set -- -a alice=alice@example.org -a bob=bob@example.org \
	    -a judge=judge@club.example
	expect 2 "$ADJ" new -k alice.key -w carol@example.org incognito \
	    alice.pub bob.pub
	err_has "^adjudicator: -w: observers are mailed by the judge: a game judged by mail alone"
	[ ! -s out ] || fail "an invitation printed"
	expect 2 "$ADJ" new -k alice.key -m judge -j jr/judge.pub -o watch=yes \
	    incognito alice.pub bob.pub
	err_has "^adjudicator: -o watch=yes: observers are mailed by the judge"
	expect 2 "$ADJ" new -k alice.key -m judge -j jr/judge.pub "$@" \
	    -w 'carol at example.org' incognito alice.pub bob.pub
	err_has "-w \"carol at example.org\" is not a mail address (a blank in it)$"
	expect 2 "$ADJ" new -k alice.key -m judge -j jr/judge.pub "$@" \
	    -w c@example.org -w C@Example.org incognito alice.pub bob.pub
	err_has "-w C@Example.org: named twice$"
	expect 2 "$ADJ" new -k alice.key -m judge -j jr/judge.pub "$@" \
	    -o watch=maybe incognito alice.pub bob.pub
	err_has "-o watch=maybe: watch is yes or no$"
	expect 2 "$ADJ" new -k alice.key -m judge -j jr/judge.pub "$@" \
	    -w 1@x.org -w 2@x.org -w 3@x.org -w 4@x.org -w 5@x.org \
	    -w 6@x.org -w 7@x.org -w 8@x.org -w 9@x.org incognito alice.pub \
	    bob.pub
	err_has "-w 9@x.org: more than 8 observers$"
}

# A header signed with observers in a peer game, or a bad one, is refused
# by whoever joins it.
test_header_observers_refused() {
	keys alice bob
	"$ADJ" new -k alice.key incognito alice.pub bob.pub >inv.msg
	"$ADJ" open -k bob.key inv.msg >body 2>/dev/null ||
	    fail "cannot open the invitation"
	sed '/^created:/i observers: [carol@example.org]' body >bad
	by_hand bad alice.key bad alice.pub bob.pub
	expect 3 "$ADJ" join -d B -k bob.key bad.msg
	err_has "observers in a peer game, where no judge mails them"
	[ ! -e B ] || fail "B made"
	# a judged game's header, each of its observer fields wrong
	mkdir jr
	"$ADJ" keygen -N -d jr judge 2>/dev/null
	"$ADJ" new -k alice.key -m judge -j jr/judge.pub \
	    -a alice=alice@example.org -a bob=bob@example.org \
	    -a judge=judge@club.example incognito alice.pub bob.pub >jinv.msg
	"$ADJ" open -k bob.key jinv.msg >jbody 2>/dev/null ||
	    fail "cannot open the judged invitation"
	n=0
	for c in 'watch: maybe|watch is yes or no' \
	    'observers: [c@x.org, C@X.org]|an observer named twice' \
	    'observers: ["c d@x.org"]|a bad address for an observer' \
	    'observers: [a@x.org, b@x.org, c@x.org, d@x.org, e@x.org, f@x.org, g@x.org, h@x.org, i@x.org]|more than 8 observers' \
	    'observers: c@x.org|observers'; do
		n=$((n + 1))
		sed "/^created:/i ${c%%|*}" jbody >j$n
		by_hand j$n alice.key j$n alice.pub bob.pub jr/judge.pub
		expect 3 "$ADJ" join -d J$n -k bob.key j$n.msg
		err_has "${c#*|}"
		[ ! -e J$n ] || fail "J$n made"
	done
	# right, they are taken, and bob's view names the observers
	sed '/^created:/i watch: yes\nobservers: [c@x.org]' jbody >jok
	by_hand jok alice.key jok alice.pub bob.pub jr/judge.pub
	expect 0 "$ADJ" join -d JOK -k bob.key jok.msg
	"$ADJ" show -d JOK | grep -q '^Observers: c@x.org.  Anyone may ask to watch.$' ||
	    fail "bob's view: $("$ADJ" show -d JOK | grep Observ)"
}

# An observer's mail the mailer refused is sent at the next run, from
# the entry after the last one mailed.
test_observer_mail_waits_for_the_mailer() {
	wstart -w carol@example.org
	mplay AR a1.eml setup d2
	cat >picky.sh <<EOF
#!/bin/sh
t=\$(mktemp)
cat >"\$t"
grep -q '^To: carol@example.org' "\$t" && { rm -f "\$t"; exit 75; }
"$SM" "\$@" <"\$t"
rc=\$?
rm -f "\$t"
exit \$rc
EOF
	chmod +x picky.sh
	"$ADJ" setup -M -d "BR/$G" b4 2>/dev/null >b1.eml
	SPOOL=$PWD/spool expect 0 "$ADJ" judge -r jr -s ./picky.sh b1.eml
	err_has "observers: "
	grep -qx 'carol@example.org 1 on' "jr/$G/watchers" ||
	    fail "watchers: $(cat "jr/$G/watchers")"
	deliver_all
	mplay AR a2.eml turn e3-c3
	last=$(mails_to carol@example.org | tail -1)
	grep -q '^  entry 2 (not confirmed sent before)$' "$last" ||
	    { cat "$last" >&2; fail "entry 2 not told"; }
	grep -q '^  entry 3: White moves e3-c3$' "$last" || fail "entry 3"
	grep -qx 'carol@example.org 3 on' "jr/$G/watchers" ||
	    fail "watchers: $(cat "jr/$G/watchers")"
}

# A game takes at most 32 observers by mail: the 33rd is refused, even
# with its code; one who stopped leaves a place
test_watch_full() {
	wstart -o watch=yes
	mplay AR a1.eml setup d2
	{
		echo "# adjudicator watchers 1"
		i=1
		while [ $i -le 32 ]; do
			echo "w$i@example.org 1 on"
			i=$((i + 1))
		done
	} >"jr/$G/watchers"
	ask w1.eml dave@example.org "WATCH $S"
	code=$(awk '$1 == "WATCH" { print $3 }' "$(mails_to dave@example.org |
	    tail -1)")
	ask w2.eml dave@example.org "WATCH $S $code" 1
	err_has "w2.eml: WATCH $S: the game has all the observers it takes"
	grep -q dave "jr/$G/watchers" && fail "dave filed"
	sed -i 's/^w7@example.org 1 on$/w7@example.org 1 off/' "jr/$G/watchers"
	ask w3.eml dave@example.org "WATCH $S $code"
	grep -qx 'dave@example.org 1 on' "jr/$G/watchers" || fail "dave not filed"
}

# WATCH of a game that is over: the last mail at once, with the archive
test_watch_after_the_end() {
	wstart -o watch=yes
	mplay AR a1.eml setup d2
	mplay BR b1.eml setup b4
	mplay AR a2.eml turn e3-c3
	mplay BR b2.eml turn b4-b3
	mplay AR a3.eml turn 'c3?b3'
	ask w1.eml eve@example.org "WATCH $S"
	code=$(awk '$1 == "WATCH" { print $3 }' "$(mails_to eve@example.org |
	    tail -1)")
	ask w2.eml eve@example.org "WATCH $S $code"
	last=$(mails_to eve@example.org | tail -1)
	header_of "$last" Subject | grep -q ": entry 7, over, for observers$" ||
	    fail "not the end: $(header_of "$last" Subject)"
	sed -n '/^-----BEGIN ADJUDICATOR ARCHIVE/,$p' "$last" >eve.arc
	expect 0 "$ADJ" verify eve.arc
	grep -qx 'eve@example.org 7 done' "jr/$G/watchers" ||
	    fail "watchers: $(cat "jr/$G/watchers")"
}

# A record the operator broke by hand: the seats' updates still go out,
# the observers wait, and the line says where
test_watchers_record_damaged() {
	wstart -w carol@example.org
	mplay AR a1.eml setup d2
	printf '# adjudicator watchers 1\ncarol@example.org one on\n' \
	    >"jr/$G/watchers"
	n=$(mails_to carol@example.org | wc -l)
	"$ADJ" setup -M -d "BR/$G" b4 2>/dev/null >b1.eml
	bot b1.eml
	err_has "observers: .*/watchers:2: not ADDRESS SEQ STATE"
	[ "$(mails_to carol@example.org | wc -l)" -eq "$n" ] ||
	    fail "carol mailed from a broken record"
	[ "$(mails_to bob@example.org | wc -l)" -ge 2 ] || fail "bob not updated"
	printf '# adjudicator watchers 1\ncarol@example.org 1 maybe\n' \
	    >"jr/$G/watchers"
	deliver_all
	mplay AR a2.eml turn e3-c3
	err_has "watchers:2: the state is on, off or done"
}

# A game with a clock: the judge stamps each seat's entry with the time
# it took it.  Each mail's news and its "Last:" line name the move (alice's
# spy's, in public words only), never the stamp.
test_watch_clock_last_move() {
	ADJUDICATOR_NOW=2026-12-01T09:00:00Z
	export ADJUDICATOR_NOW
	wstart -w carol@example.org -o clock=1d
	mplay AR a1.eml setup d2
	mplay BR b1.eml setup b4
	mplay AR a2.eml turn d2-d3
	for who in carol alice bob; do
		f=$(mails_to "$who@example.org" | tail -1)
		sed -n '/^News:$/,/^$/p' "$f" >news
		printf 'News:\n  entry 5: White moves d2-d3\n\n' |
		    cmp -s - news || fail "$who's news: $(cat news)"
		grep -qx 'Last: White moves d2-d3\.' "$f" ||
		    fail "$who's last: $(grep '^Last' "$f")"
		grep -q 'judge took' "$f" && fail "$who: a stamp"
		grep -qi 'spy\|agent' news && fail "$who: an identity"
	done
	return 0
}
