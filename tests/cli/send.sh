# -S (issue "a member's day", point 1): setup, turn, new, bot and resend
# hand their mail to the mailer themselves, once the entry is made, and
# say on stderr what went to whom and whose move it is; a refused move
# sends nothing (a pipe into sendmail would mail an empty input: "no
# recipients found", a bounce for every mistyped move).  The mailer is
# $SENDMAIL (here the stand-in, tests/cli/sendmail.sh), else
# /usr/sbin/sendmail -t -i; tests/mail/realmail.sh plays by -S over a
# real MTA.

SM="$TOP/tests/cli/sendmail.sh"

# pstart: a peer game between alice and bob with their addresses
pstart() {
	keys alice bob
	"$ADJ" new -k alice.key -a alice=alice@example.org \
	    -a bob=bob@example.org incognito alice.pub bob.pub >invite.msg
	"$ADJ" join -d A -k alice.key invite.msg 2>/dev/null
	"$ADJ" join -d B -k bob.key invite.msg 2>/dev/null
	export SENDMAIL="$SM" SPOOL="$PWD/spool"
}

# A peer game played by -S: each mail goes to the other seat, each line
# says so; the mails are what -M prints
test_send_peer_game() {
	pstart
	expect 0 "$ADJ" setup -S -d A d2
	[ ! -s out ] || fail "something on stdout"
	one_line
	err_has "^entry 1 sent to bob <bob@example.org>; now bob's setup$"
	[ "$(nmail)" -eq 1 ] && [ "$(cat spool/1.rcpt)" = bob@example.org ] ||
	    fail "not one mail to bob"
	grep -q '^-----BEGIN ADJUDICATOR MESSAGE' spool/1.eml || fail "no message"
	expect 0 "$ADJ" receive -d B spool/bob@example.org.mbox
	expect 0 "$ADJ" setup -S -d B b4
	err_has "^entry 2 sent to alice <alice@example.org>; now alice's move$"
	expect 0 "$ADJ" receive -d A spool/alice@example.org.mbox
	expect 0 "$ADJ" bot -S -d A -s 1
	err_has "^entry 3 sent to bob <bob@example.org>; now bob's move$"
	expect 0 "$ADJ" receive -d B spool/bob@example.org.mbox
	# -n with -S: a dry run sends nothing
	expect 2 "$ADJ" turn -n -S -d B b4-b3
	err_has "turn: -n and -S together: a dry run sends nothing"
}

# A mistyped or illegal move: refused before anything is signed, nothing
# sent, the mailer not even started
test_send_refused_move_sends_nothing() {
	pstart
	expect 0 "$ADJ" setup -S -d A d2
	expect 0 "$ADJ" receive -d B spool/bob@example.org.mbox
	expect 0 "$ADJ" setup -S -d B b4
	expect 0 "$ADJ" receive -d A spool/alice@example.org.mbox
	sent=$(nmail)
	snapshot A
	for a in 'e3-c9:2' 'hello:2' 'a5-a4:1' 'c1-d2:1'; do
		SENDMAIL_STARTED=1 expect "${a#*:}" "$ADJ" turn -S -d A "${a%:*}"
		one_line
	done
	[ "$(nmail)" -eq "$sent" ] || fail "a refused move sent"
	! ls -A spool | grep -q '^\.started\.' || fail "the mailer started"
	unchanged A
	# and the right one goes
	expect 0 "$ADJ" turn -S -d A e3-c3
	[ "$(nmail)" -eq $((sent + 1)) ] || fail "not sent"
}

# The mailer fails: the entry is made and kept (exit 75, one line saying
# how to send it again), and resend -S sends it
test_send_mailer_fails_then_resend() {
	pstart
	SENDMAIL_FAIL=1 expect 75 "$ADJ" setup -S -d A d2
	one_line
	err_has "(the message is kept: \"adjudicator resend -S -d A\" sends it again)$"
	"$ADJ" show -d A | grep -q 'Last: alice committed to a setup' ||
	    fail "the entry not made"
	[ "$(nmail)" -eq 0 ] || fail "sent"
	expect 0 "$ADJ" resend -S -d A
	err_has "^entry 1 again sent to bob <bob@example.org>; now bob's setup$"
	[ "$(cat spool/1.rcpt)" = bob@example.org ] || fail "not to bob"
	expect 0 "$ADJ" receive -d B spool/bob@example.org.mbox
	# no mailer at all
	SENDMAIL=/nonexistent/sendmail expect 75 "$ADJ" setup -S -d B b4
	err_has "/nonexistent/sendmail"
}

# new -S mails the invitation to everyone else, and says to whom
test_send_invitation() {
	keys alice bob
	export SENDMAIL="$SM" SPOOL="$PWD/spool"
	expect 0 "$ADJ" new -S -k alice.key -a alice=alice@example.org \
	    -a bob=bob@example.org incognito alice.pub bob.pub
	[ ! -s out ] || fail "something on stdout"
	err_has "^the invitation sent to bob@example.org$"
	expect 0 "$ADJ" join -d B -k bob.key spool/bob@example.org.mbox
	SENDMAIL_FAIL=1 expect 75 "$ADJ" new -S -k alice.key \
	    -a alice=alice@example.org -a bob=bob@example.org incognito \
	    alice.pub bob.pub
	err_has "the invitation was not sent"
}

# In a judged game the mail goes to the judge; the judge's resend -s
# SEAT -S sends a seat its last update again
test_send_judged() {
	mstart
	export SENDMAIL="$SM" SPOOL="$PWD/spool"
	expect 0 "$ADJ" setup -S -d "AR/$G" d2
	err_has "^entry 1 sent to the judge <judge@club.example>; the judge takes it from there$"
	bot "spool/$(nmail).eml"
	expect 0 "$ADJ" resend -S -d "jr/$G" -s bob
	err_has "^the judge's last update to bob, again, sent to bob <bob@example.org>$"
	grep -q "^To: bob@example.org" "spool/$(nmail).eml" ||
	    fail "not mailed to bob"
}
