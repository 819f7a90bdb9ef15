# The operator's handover on the mail bot's root (rule -r ROOT GAME
# handover SEAT KEY.pub -a ADDRESS REASON), as each member sees it
# (issue 33, points 2 and 3): the new holder's mail says it holds the seat
# now and the one command that files it; the old holder, at the seat's
# old address, is told when, to whom and why, and its copy says so; a
# later mail from the old key is answered so, not as unroutable.

# mhanded: mstart's game, both setups and alice's move made, and bob's
# seat handed over to carol (carol@example.org) on the judge's root; the
# spool holds the handover's mails alone
mhanded() {
	mstart
	keys carol
	mplay AR a1.eml setup d2
	mplay BR b1.eml setup b4
	mplay AR a2.eml turn e3-c3
	rm -rf spool
	SPOOL=$PWD/spool expect 0 "$ADJ" rule -r jr -s "$SM" \
	    -a carol@example.org "$G" handover bob carol.pub bob left the club
	S=$(echo "$G" | cut -c1-16)
	CID=$(cut -d' ' -f3 carol.pub)
}

# the new holder's mail names the seat, the entry, the reason and the
# command that files it, and that command works as written
test_handover_new_holder_mail() {
	mhanded
	c=$(mails_to carol@example.org)
	[ "$(echo "$c" | wc -l)" -eq 1 ] && [ -n "$c" ] ||
	    fail "not one mail to carol: $c"
	header_of "$c" Subject | grep -qx "\[adjudicator\] incognito $S: you now hold seat bob, handed over by the judge at entry 4" ||
	    fail "carol's Subject: $(header_of "$c" Subject)"
	grep -q "^adjudicator: you now hold seat bob in incognito game $S, handed over by the judge$" "$c" &&
	    grep -q "^at entry 4 (bob left the club)\.$" "$c" ||
	    fail "carol's mail does not say what she holds: $(cat "$c")"
	grep -q '^    adjudicator join -r ROOT -k YOURKEY MAILBOX$' "$c" ||
	    fail "carol's mail does not say how to join"
	grep -q "(key carol, $CID: carol.key if keygen made it)" "$c" ||
	    fail "carol's mail does not name her key"
	! grep -q 'apply it with\|Apply it with\|update for bob' "$c" ||
	    fail "carol's mail still speaks of an update to apply"
	# nothing hidden in clear
	! grep -q 'value: \|nonce: ' "$c" || fail "a secret in clear"
	# the command as the mail says, on the mailbox it came in
	expect 0 "$ADJ" join -r CR -k carol.key spool/carol@example.org.mbox
	err_has "bob's setup is known again, from the judge's update"
	"$ADJ" show -r CR -d "$G" >c.view || fail "show carol's copy"
	grep -q '^Your turn: ' c.view || fail "carol's view: $(cat c.view)"
}

# the old holder hears when, to whom and why, its copy says so, and the
# judge answers its next mail with that
test_handover_old_holder_told() {
	mhanded
	b=$(mails_to bob@example.org)
	[ "$(echo "$b" | wc -l)" -eq 1 ] && [ -n "$b" ] ||
	    fail "not one mail to bob's old address: $b"
	header_of "$b" Subject | grep -qx "\[adjudicator\] incognito $S: your seat bob was handed over" ||
	    fail "bob's Subject: $(header_of "$b" Subject)"
	grep -q "^The judge handed your seat bob over at entry 4 (" "$b" &&
	    grep -q "^to key $CID (carol): bob left the club\.$" "$b" ||
	    fail "bob's mail: $(cat "$b")"
	! grep -q 'value: \|nonce: ' "$b" || fail "a secret in clear"
	# alice's mail is the usual update
	header_of "$(mails_to alice@example.org)" Subject |
	    grep -qx "\[adjudicator\] incognito $S: entry 4, for alice" ||
	    fail "alice's update"
	# bob's copy before: his turn
	"$ADJ" show -r BR -d "$G" | grep -q '^Your turn: ' ||
	    fail "bob's copy is not at his turn before"
	expect 0 "$ADJ" receive -r BR spool/bob@example.org.mbox
	out_has "the judge hands bob's seat to key $CID (carol): bob left the club"
	out_has "^You no longer hold seat bob: handed over to carol (key $CID) by the judge at entry 4 (bob left the club)\.$"
	out_has "^Nothing is yours to do in this game\.$"
	"$ADJ" show -r BR -d "$G" >b.view
	! grep -q '^Your turn' b.view || fail "bob's copy: still his turn"
	grep -q '^You no longer hold seat bob' b.view || fail "bob's view"
	# games -r lists it among those with nothing to do, and says why
	"$ADJ" games -r BR >b.games || fail "games -r BR"
	grep -q "^$S .*  handed over  " b.games || fail "games: $(cat b.games)"
	! grep -q 'your turn' b.games || fail "games: still bob's turn"
	# his mailbox read again, as every sitting does: nothing refused,
	# the game's mails no one's to take now
	expect 0 "$ADJ" receive -r BR spool/bob@example.org.mbox
	! grep -q "not bob's key" err || fail "refused: $(cat err)"
	expect 0 "$ADJ" receive -v -r BR spool/bob@example.org.mbox
	err_has "game $S: your seat bob was handed over; nothing to take"
	# the old key acts no more
	expect 2 "$ADJ" turn -M -d "BR/$G" b4-c4
	err_has "this key is not bob's key in the game"
}

# a move the old holder sent before it read the judge's mail is answered
# with why, not as a mail that could not be routed
test_handover_old_key_answered() {
	mhanded
	"$ADJ" turn -M -d "BR/$G" b4-c4 >old.eml 2>/dev/null ||
	    fail "bob's copy does not know yet"
	rm -rf spool
	bot old.eml 1
	[ "$(nmail)" -eq 1 ] || fail "$(nmail) mails for bob's old move"
	[ "$(cat spool/1.rcpt)" = bob@example.org ] || fail "not to bob"
	header_of spool/1.eml Subject | grep -qx "\[adjudicator\] incognito $S: your seat bob was handed over" ||
	    fail "the answer's Subject: $(header_of spool/1.eml Subject)"
	grep -q "^Your seat bob in incognito game $S was handed over by the judge at$" spool/1.eml &&
	    grep -q "^entry 4 to key $CID (carol): bob left the club\.$" spool/1.eml &&
	    grep -q "^The judge takes no more from this key" spool/1.eml ||
	    fail "the answer: $(cat spool/1.eml)"
	! grep -q 'could not be routed' spool/1.eml || fail "answered unroutable"
	tail -1 jr/log | grep -q 'verdict=refused' || fail "log: $(tail -1 jr/log)"
}
