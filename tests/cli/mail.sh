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

# CR, LF and tab in an address would let it write mail headers of its
# own (a Bcc: to a stranger): new -a refuses them, for a seat and for the
# judge, and makes no invitation
test_new_address_control_characters() {
	keys alice bob judge
	for a in "$(printf 'b@x\r\nBcc:eve@example.net')" \
	    "$(printf 'b@x\nBcc:eve@example.net')" \
	    "$(printf 'b@x\tBcc:eve@example.net')" "$(printf 'b\r@x')"; do
		for s in bob judge; do
			expect 2 "$ADJ" new -k alice.key -m judge -j judge.pub \
			    -a "$s=$a" incognito alice.pub bob.pub
			err_has "not a mail address"
			[ ! -s out ] || fail "an invitation with \"$a\""
		done
	done
}

# A hand-made invitation, signed by alice, whose seat or judge address
# holds a CR, a LF or a tab: join refuses it with one line and files
# nothing; the same invitation with the addresses as new wrote them joins
test_join_address_control_characters() {
	keys alice bob judge
	"$ADJ" new -k alice.key -m judge -j judge.pub -a alice=alice@example.org \
	    -a bob=bob@example.org -a judge=judge@club.example incognito \
	    alice.pub bob.pub >invite.msg
	"$ADJ" open -k bob.key invite.msg >body.yaml 2>/dev/null
	grep -q '^  address: bob@example.org$' body.yaml || fail "no address"
	for c in '\r\n' '\n' '\t' '\r'; do
		for w in "  address: bob@example.org:a bad address for bob" \
		    "judge_address: judge@club.example:a bad \(judge address\|address for the judge\)"; do
			line=${w%:*} why=${w##*:}
			sed "s/^$line\$/${line%%: *}: \"${line#*: }${c}Bcc:eve@example.net\"/" \
			    body.yaml >bad.yaml
			cmp -s body.yaml bad.yaml && fail "no $line"
			"$ADJ" seal -k alice.key alice.pub bob.pub judge.pub \
			    bad.yaml >bad.msg
			expect 3 "$ADJ" join -d B -k bob.key bad.msg
			one_line
			err_has "$why"
			[ ! -e B ] || fail "joined with \"$c\" in $line"
		done
	done
	"$ADJ" seal -k alice.key alice.pub bob.pub judge.pub body.yaml >good.msg
	expect 0 "$ADJ" join -d B -k bob.key good.msg
}
