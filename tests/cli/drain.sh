# The judge's mail bot over a queue (judge -r ROOT -q, several inputs, a
# Maildir): one run, its updates and answers sent at its end, each once;
# the mailer a stand-in sendmail a mail ($SM, tests/cli/sendmail.sh) or one
# SMTP conversation (tests/cli/smtp.sh, as "sendmail -bs").  Helpers in
# lib.sh (nmail, deliver_all, mstart).

SMTP="$TOP/tests/cli/smtp.sh -bs"

# to_of ADDRESS: how many mails went to ADDRESS
to_of() {
	cat spool/*.rcpt 2>/dev/null | grep -cx "$1" || true
}

# drain [STATUS] [MAILER] ARGS...: the judge's run over ARGS
drain() {
	d_want=$1 d_mailer=$2
	shift 2
	# a run that waits on itself fails rather than hangs
	SPOOL=$PWD/spool expect "$d_want" timeout 60 "$ADJ" judge -r jr \
	    -s "$d_mailer" "$@"
}

# dstart: keys, two judged games with addresses (their invitations in
# inv1.msg and inv2.msg), joined by alice (AR) and bob (BR); $G1 $G2; the
# judge's root jr, and its Maildir md
dstart() {
	mkdir jr md md/new md/cur md/tmp
	"$ADJ" keygen -N -d jr judge 2>/dev/null
	keys alice bob
	for i in 1 2; do
		jinvite "inv$i.msg"
		"$ADJ" join -r AR -k alice.key "inv$i.msg" 2>/dev/null ||
		    fail "join AR"
		"$ADJ" join -r BR -k bob.key "inv$i.msg" 2>/dev/null ||
		    fail "join BR"
		[ "$i" -eq 2 ] || G1=$(ls AR)
	done
	G2=$(ls AR | grep -v "^$G1$")
}

# queue NAME VERB ROOT GAME ARGS...: a seat's whole mail into md/new
queue() {
	q_name=$1 q_verb=$2 q_root=$3 q_game=$4
	shift 4
	"$ADJ" "$q_verb" -M -d "$q_root/$q_game" "$@" >"md/new/$q_name" \
	    2>qerr || { cat qerr >&2; fail "$q_verb -M $q_root/$q_game"; }
}

# help_mail FILE: a HELP mail from carol
help_mail() {
	printf 'From: carol@example.org\nTo: judge@club.example\n' >"$1"
	printf 'Subject: HELP\nMessage-ID: <h1@example.org>\n\nhelp\n' >>"$1"
}

test_drain_maildir_one_run() {
	dstart
	cp inv1.msg md/new/1.inv
	cp inv2.msg md/new/2.inv
	drain 0 "$SM" md
	[ -d "jr/$G1" ] && [ -d "jr/$G2" ] || fail "the games were not filed"
	filed_told 2
	queue 3.a1 setup AR "$G1" d2
	queue 4.a2 setup AR "$G2" d2
	help_mail md/new/5.help
	drain 0 "$SM" md
	# the two games' updates, one to each seat, and the answer to HELP
	[ "$(nmail)" -eq 5 ] || fail "$(nmail) mails, want 5"
	[ "$(to_of alice@example.org)" -eq 2 ] &&
	    [ "$(to_of bob@example.org)" -eq 2 ] &&
	    [ "$(to_of carol@example.org)" -eq 1 ] || fail "recipients"
	grep -q 'This is an adjudicator judge' spool/*.eml || fail "no help"
	# each mail out of new/, into cur/ as read; nothing left to send
	[ -z "$(ls md/new)" ] || fail "left in new/: $(ls md/new)"
	[ "$(ls md/cur | grep -c ':2,S$')" -eq 5 ] || fail "cur/: $(ls md/cur)"
	[ ! -e jr/outbox ] || fail "an outbox left"
	grep -q ' drain mails=3 games=2 outbox=5 sent=5$' jr/log ||
	    fail "the run's line: $(tail -1 jr/log)"
	# the seats take their updates and play on, the next run alike
	deliver_all
	queue 6.b1 setup BR "$G1" b4
	queue 7.b2 setup BR "$G2" b4
	drain 0 "$SM" md
	[ "$(nmail)" -eq 9 ] || fail "$(nmail) mails, want 9"
	deliver_all
	for g in "$G1" "$G2"; do
		[ "$(seq_of "AR/$g")" -eq 2 ] && [ "$(seq_of "BR/$g")" -eq 2 ] ||
		    fail "$g: the seats are not at entry 2"
	done
	# an empty queue: a run that does nothing
	drain 0 "$SM" md
	[ "$(nmail)" -eq 9 ] || fail "mail from an empty queue"
}

# keep MAILS: a game played through the one-mail bot in root jr, its
# seats' whole mails kept as m1.eml m2.eml ...
keep() {
	dstart
	SPOOL=$PWD/spool "$ADJ" judge -r jr -s "$SM" inv1.msg 2>/dev/null ||
	    fail "the invitation"
	k=0
	for m in "AR setup d2" "BR setup b4" "AR turn e3-e4" "BR turn a3-a2"; do
		k=$((k + 1))
		set -- $m
		r=$1
		shift
		"$ADJ" "$1" -M -d "$r/$G1" "$2" >"m$k.eml" 2>qerr ||
		    { cat qerr >&2; fail "$m"; }
		SPOOL=$PWD/spool "$ADJ" judge -r jr -s "$SM" "m$k.eml" \
		    2>/dev/null || fail "judge m$k.eml"
		deliver_all
	done
	rm -rf spool
	# a second judge's root, as jr was before the game
	mkdir jr2
	cp jr/judge.key jr/judge.pub jr2/
	SPOOL=$PWD/spool "$ADJ" judge -r jr2 inv1.msg -s "$SM" 2>/dev/null ||
	    fail "jr2: the invitation"
	rm -rf spool
}

test_drain_files_one_update_a_seat() {
	keep
	# four mails of one game in one run: one update each seat, with all
	SPOOL=$PWD/spool expect 0 "$ADJ" judge -r jr2 -s "$SM" m1.eml m2.eml \
	    m3.eml m4.eml
	[ "$(nmail)" -eq 2 ] || fail "$(nmail) mails, want 2"
	grep -l 'update for alice: 4 new entries' spool/*.eml >/dev/null &&
	    grep -l 'update for bob: 4 new entries' spool/*.eml >/dev/null ||
	    fail "not one update of 4 entries each"
	"$ADJ" show -d "jr/$G1" | sed 's/ -r jr / -r ROOT /' >want
	"$ADJ" show -d "jr2/$G1" | sed 's/ -r jr2 / -r ROOT /' >got
	cmp -s want got || fail "the drained copy differs"
	# what the seats are sent applies on copies that had it all
	deliver_all
	# the same mails again: duplicates, each seat sent its last update
	# again, once
	rm -rf spool
	SPOOL=$PWD/spool expect 0 "$ADJ" judge -r jr2 -s "$SM" -q m3.eml
	[ "$(nmail)" -eq 1 ] && [ "$(to_of alice@example.org)" -eq 1 ] ||
	    fail "a duplicate: $(nmail) mails"
}

test_drain_smtp_one_conversation() {
	keep
	SPOOL=$PWD/spool expect 0 "$ADJ" judge -r jr2 -s "$SMTP" m1.eml \
	    m2.eml m3.eml
	help_mail help.eml
	cp help.eml md/new/1
	SPOOL=$PWD/spool expect 0 "$ADJ" judge -r jr2 -s "$SMTP" m4.eml md
	# two runs, two mailer processes: one conversation each
	[ "$(wc -l <spool/smtp.args)" -eq 2 ] || fail "mailers started"
	[ "$(sort -u spool/smtp.log | wc -l)" -eq 2 ] || fail "conversations"
	[ "$(nmail)" -eq 5 ] || fail "$(nmail) mails, want 5"
	[ "$(to_of carol@example.org)" -eq 1 ] &&
	    [ "$(to_of alice@example.org)" -eq 2 ] || fail "the envelopes"
	# a body line starting with a dot came through whole
	deliver_all
	[ "$(seq_of "BR/$G1")" -eq 4 ] || fail "bob is not at entry 4"
}

test_drain_smtp_refusals() {
	keep
	# a recipient refused for good: said, the others' mails go
	SMTP_REFUSE=bob@example.org SPOOL=$PWD/spool expect 0 "$ADJ" judge \
	    -r jr2 -s "$SMTP" -q m1.eml
	err_has "the mailer refuses bob@example.org: 550"
	[ "$(nmail)" -eq 1 ] && [ ! -e jr2/outbox ] || fail "after a 550"
	# refused for now: the run fails, that mail stays for the next run
	SMTP_LATER=alice@example.org SPOOL=$PWD/spool expect 75 "$ADJ" judge \
	    -r jr2 -s "$SMTP" -q m2.eml
	tail -1 err | grep -q '^adjudicator: .*450 try later' || fail "the line"
	[ -e jr2/outbox ] || fail "no outbox"
	[ "$(nmail)" -eq 2 ] || fail "$(nmail) mails, want 2"
	SPOOL=$PWD/spool expect 0 "$ADJ" judge -r jr2 -s "$SMTP" -q
	[ "$(nmail)" -eq 3 ] && [ ! -e jr2/outbox ] || fail "the retry"
	[ "$(to_of alice@example.org)" -eq 2 ] || fail "alice's mails"
	# one mail alone, as a mail system's pipe gives it, over SMTP too
	SPOOL=$PWD/spool expect 0 "$ADJ" judge -r jr2 -s "$SMTP" m3.eml
	[ "$(nmail)" -eq 5 ] || fail "$(nmail) mails, want 5"
}

test_drain_mailer_fails_nothing_twice() {
	dstart
	cp inv1.msg md/new/1
	drain 0 "$SM" md
	filed_told 1
	queue 2 setup AR "$G1" d2
	help_mail md/new/3
	# the mailer fails: the outcome is kept, the mails wait in jr/outbox
	SENDMAIL_FAIL=1 drain 75 "$SM" md
	[ "$(grep -c '^adjudicator: ' err)" -eq 1 ] || fail "not one line"
	tail -1 err | grep -q '^adjudicator: .*exit status 75$' ||
	    fail "the line: $(tail -1 err)"
	[ -z "$(ls md/new)" ] || fail "the queue was not emptied"
	[ -e jr/outbox ] && [ "$(nmail)" -eq 0 ] || fail "after the failure"
	grep -q ' drain mails=2 games=1 outbox=3 sent=0 verdict=retry$' \
	    jr/log || fail "the run's line: $(tail -1 jr/log)"
	# the next run sends them, once; the one after, nothing
	drain 0 "$SM" md
	[ "$(nmail)" -eq 3 ] && [ ! -e jr/outbox ] || fail "the retry"
	drain 0 "$SM" md
	[ "$(nmail)" -eq 3 ] || fail "sent twice"
	deliver_all
	[ "$(seq_of "BR/$G1")" -eq 1 ] || fail "bob lacks alice's setup"
}

# The outbox is written and synced before any mail leaves new/: a run
# whose outbox cannot be written (ROOT/outbox a directory by the time it
# is, which stops root too) fails, every mail still in new/, nothing
# sent; the next run takes them all and sends each once.  The run's last
# input is a pipe: the writer makes the directory once the run reads it,
# past the start (where an outbox that is no file is refused at once),
# the pipe's buffer proving it, and closes the pipe after.
test_drain_outbox_unwritable() {
	dstart
	cp inv1.msg md/new/1
	drain 0 "$SM" md
	filed_told 1
	queue 2 setup AR "$G1" d2
	help_mail md/new/3
	{
		printf 'From: robot@example.org\nSubject: noise\n'
		printf 'Auto-Submitted: auto-generated\n\n'
		# more than any pipe's buffer: once written, the run reads
		yes 'noise to fill the pipe' | head -c 4000000
		mkdir -p jr/outbox/full
	} | drain 75 "$SM" md -
	err_has "^adjudicator: jr/outbox: Is a directory$"
	[ "$(ls md/new | tr '\n' ' ')" = "2 3 " ] ||
	    fail "out of new/: $(ls md/new)"
	[ "$(ls md/cur)" = "1:2,S" ] || fail "into cur/: $(ls md/cur)"
	[ "$(nmail)" -eq 0 ] || fail "$(nmail) mails sent"
	rm -rf jr/outbox
	drain 0 "$SM" md
	[ -z "$(ls md/new)" ] || fail "left in new/: $(ls md/new)"
	[ "$(nmail)" -eq 3 ] || fail "$(nmail) mails, want 3"
	deliver_all
	[ "$(seq_of "BR/$G1")" -eq 1 ] || fail "bob lacks alice's setup"
}

test_drain_refuses_bad_queues() {
	dstart
	mkdir plain
	drain 2 "$SM" plain
	one_line
	err_has "plain: a directory, not a Maildir"
	expect 2 "$ADJ" judge -r jr -t -q
	one_line
	# a mail refused in the queue: answered, out of the queue, the run's
	# status its
	printf 'From: carol@example.org\nSubject: hi\n\nhello\n' >md/new/1
	drain 3 "$SM" md
	[ -z "$(ls md/new)" ] && [ "$(to_of carol@example.org)" -eq 1 ] ||
	    fail "the refused mail"
	# an outbox cut short, or not one: said, nothing taken nor sent
	printf 'adjudicator-outbox 1 0011223344556677\nmail - -1 0 - 500\nab\n' \
	    >jr/outbox
	cp md/cur/* md/new/1
	drain 3 "$SM" md
	one_line
	err_has "jr/outbox: damaged at mail 1; move it away to go on"
	# the first mail's length one byte short, or long, before a whole
	# second: damaged at mail 1 (each mail ends at its length, with a
	# newline), not a mail cut wrong and a second damaged
	for l in 1 3; do
		printf 'adjudicator-outbox 1 0011223344556677\n' >jr/outbox
		printf 'mail - - 0 - %d\nab\nmail - - 0 - 2\ncd\n' "$l" \
		    >>jr/outbox
		drain 3 "$SM" md
		one_line
		err_has "jr/outbox: damaged at mail 1; move it away to go on"
	done
	printf 'hello\n' >jr/outbox
	drain 3 "$SM" md
	err_has "jr/outbox: damaged at mail 1"
	[ -e md/new/1 ] && [ "$(nmail)" -eq 1 ] || fail "taken or sent"
	rm jr/outbox
	drain 3 "$SM" md
	# taken; carol, answered the same today, is not answered again
	[ -z "$(ls md/new)" ] || fail "not taken"
	[ "$(nmail)" -eq 1 ] || fail "carol answered twice in a day"
	err_has "not answered: carol@example.org was answered the same"
}

test_drain_observers() {
	mstart -w carol@example.org
	"$ADJ" setup -M -d "AR/$G" d2 >a1.eml 2>/dev/null || fail "setup"
	SPOOL=$PWD/spool expect 0 "$ADJ" judge -r jr -s "$SMTP" -q a1.eml
	# the seats' updates and the observer's news, in the run's outbox
	[ "$(to_of alice@example.org)" -eq 1 ] &&
	    [ "$(to_of bob@example.org)" -eq 1 ] &&
	    [ "$(to_of carol@example.org)" -eq 1 ] || fail "recipients"
	grep -l 'for observers$' spool/*.eml >/dev/null || fail "no news"
	grep -qx 'carol@example.org 1 on' "jr/$G/watchers" ||
	    fail "watchers: $(cat "jr/$G/watchers")"
}

# LIST and STANDINGS read the root's games, which a drain holds open
# (locked): the run commits and sends what it took before them, and goes on
test_drain_mails_that_read_games() {
	dstart
	cp inv1.msg md/new/1.inv
	cp inv2.msg md/new/2.inv
	drain 0 "$SM" md
	filed_told 2
	queue 3.a1 setup AR "$G1" d2
	printf 'From: carol@example.org\nSubject: LIST\n\nlist\n' >md/new/4.list
	printf 'From: carol@example.org\nSubject: STANDINGS\n\n\n' \
	    >md/new/5.standings
	queue 6.a2 setup AR "$G2" d2
	drain 0 "$SM" md
	[ "$(nmail)" -eq 6 ] || fail "$(nmail) mails, want 6"
	[ "$(to_of carol@example.org)" -eq 2 ] || fail "carol's answers"
	grep -l 'Subject: \[adjudicator\] standings' spool/*.eml >/dev/null ||
	    fail "no standings"
	[ -z "$(ls md/new)" ] || fail "left in new/: $(ls md/new)"
	grep -q ' drain mails=4 games=2 outbox=6 sent=6$' jr/log ||
	    fail "the run's line: $(tail -1 jr/log)"
	deliver_all
	[ "$(seq_of "BR/$G1")" -eq 1 ] && [ "$(seq_of "BR/$G2")" -eq 1 ] ||
	    fail "bob lacks a setup"
}
