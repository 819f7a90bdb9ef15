# Mail: addresses signed into the header (new -a), shown by show.

test_new_addresses_shown() {
	keys alice bob judge
	expect 0 "$ADJ" new -k alice.key -m judge -j judge.pub \
	    -a alice=alice@example.org -a bob=bob@example.org \
	    -a judge=judge@club.example incognito alice.pub bob.pub
	cp out invite.msg
	"$ADJ" join -d A -k alice.key invite.msg 2>/dev/null
	expect 0 "$ADJ" show -d A
	out_has '^Mail: alice <alice@example.org>, bob <bob@example.org>, judge <judge@club.example>\.$'
	expect 0 "$ADJ" show -d A -f yaml
	out_has '^addresses:$'
	out_has '^  bob: bob@example.org$'
	out_has '^  judge: judge@club.example$'
	# signed: the header body holds them
	"$ADJ" open -k bob.key invite.msg >body 2>/dev/null
	grep -q '^  address: bob@example.org$' body || fail "not in the header"
	grep -q '^judge_address: judge@club.example$' body ||
	    fail "no judge address in the header"
}

test_new_without_addresses_shows_none() {
	keys alice bob
	"$ADJ" new -k alice.key incognito alice.pub bob.pub >invite.msg
	"$ADJ" join -d A -k alice.key invite.msg 2>/dev/null
	expect 0 "$ADJ" show -d A
	grep -q '^Mail:' out && fail "a Mail line without addresses"
	expect 0 "$ADJ" show -d A -f yaml
	grep -q '^addresses:' out && fail "addresses without addresses"
	true
}

test_new_address_refusals() {
	keys alice bob judge
	expect 2 "$ADJ" new -k alice.key -a carol=c@x incognito alice.pub bob.pub
	err_has "carol is not a seat"
	expect 2 "$ADJ" new -k alice.key -a judge=j@x incognito alice.pub bob.pub
	err_has "judge is not a seat"
	expect 2 "$ADJ" new -k alice.key -a 'bob=b b@x' incognito alice.pub \
	    bob.pub
	err_has "not a mail address"
	expect 2 "$ADJ" new -k alice.key -a bob=nohost incognito alice.pub \
	    bob.pub
	expect 2 "$ADJ" new -k alice.key -a 'bob=<b@x>' incognito alice.pub \
	    bob.pub
	expect 2 "$ADJ" new -k alice.key -a bob=b@x -a bob=c@x incognito \
	    alice.pub bob.pub
	err_has "a second address"
	expect 2 "$ADJ" new -k alice.key -a bob incognito alice.pub bob.pub
	err_has "SEAT=ADDRESS"
	[ ! -s out ] || fail "an invitation despite a usage error"
}

# A game judged by mail needs every seat's address and the judge's: new
# refuses to make an invitation the judge's mail bot or turn -M would
# refuse later, and prints nothing
test_new_judged_by_mail_needs_every_address() {
	keys alice bob judge
	expect 2 "$ADJ" new -k alice.key -m judge -j judge.pub -a alice=a@x \
	    incognito alice.pub bob.pub
	one_line
	err_has "-a: no address for bob: a game judged by mail needs every seat's, and the judge's (-a bob=ADDRESS)"
	[ ! -s out ] || fail "an invitation despite the refusal"
	expect 2 "$ADJ" new -k alice.key -m judge -j judge.pub -a alice=a@x \
	    -a bob=b@x incognito alice.pub bob.pub
	err_has "-a: no address for the judge"
	# judged on files, without any address: as before
	expect 0 "$ADJ" new -k alice.key -m judge -j judge.pub incognito \
	    alice.pub bob.pub
	# -M needs the addresses it mails to
	expect 2 "$ADJ" new -M -k alice.key incognito alice.pub bob.pub
	err_has "-M: no address for alice (-a alice=ADDRESS)"
	expect 2 "$ADJ" new -M -k alice.key -m judge -j judge.pub incognito \
	    alice.pub bob.pub
	err_has "-a: no address for alice"
}
