# The judge's mail bot (judge -r), the players' roots (join -r, receive -r,
# games -r) and turn -M, through a stand-in sendmail (tests/cli/sendmail.sh)
# that keeps every mail it is given and appends it to each recipient's
# mbox in spool/.

test_mailbot_judged_game() {
	mstart
	mplay AR a1.eml setup d2
	header_of a1.eml To | grep -qx 'judge@club.example' || fail "a1 To"
	header_of a1.eml From | grep -qx 'alice@example.org' || fail "a1 From"
	header_of a1.eml Subject |
	    grep -qx "\[adjudicator\] incognito $(echo $G | cut -c1-16): entry 1 by alice" ||
	    fail "a1 Subject: $(header_of a1.eml Subject)"
	[ "$(nmail)" -eq 2 ] || fail "$(nmail) mails for a1, want 2"
	# each update: from the judge, to its seat, the game in the subject,
	# the news above the armor, the first an answer to alice's mail
	for n in 1 2; do
		to=$(cat spool/$n.rcpt)
		s=${to%@example.org}
		header_of spool/$n.eml From | grep -qx 'judge@club.example' ||
		    fail "$n: From"
		header_of spool/$n.eml Subject | grep -q \
		    "^\[adjudicator\] incognito $(echo $G | cut -c1-16): entry 1, for $s$" ||
		    fail "$n: Subject"
		header_of spool/$n.eml X-Adjudicator-Game | grep -qx "$G" ||
		    fail "$n: no game id"
		header_of spool/$n.eml Auto-Submitted | grep -q auto-replied ||
		    fail "$n: not marked automatic"
		grep -q '^  entry 1: alice committed to a setup$' spool/$n.eml ||
		    fail "$n: no news"
		# bob's next command names his copy as he filed it: ROOT/ID
		[ "$s" = alice ] || { grep -q "^Your setup is due: adjudicator "`
		    `"setup -S -d ROOT/$(echo $G | cut -c1-16) LAYOUT" spool/$n.eml &&
		    grep -q "^ROOT is the folder you filed your games in" \
		    spool/$n.eml && ! grep -q GAMEDIR spool/$n.eml; } ||
		    fail "$n: the command: $(grep 'adjudicator ' spool/$n.eml)"
		grep -q "^You are $s " spool/$n.eml || fail "$n: not $s's view"
		awk '/^-----BEGIN ADJ/ { exit 1 }' spool/$n.eml && fail "no armor"
		grep -qx -- '-t -i' spool/$n.args 2>/dev/null ||
		    [ -z "$(cat spool/$n.args)" ] || true
		if [ "$s" = alice ]; then
			header_of spool/$n.eml In-Reply-To |
			    grep -qxF "$(header_of a1.eml Message-ID)" ||
			    fail "alice's update answers no mail"
		else
			[ -z "$(header_of spool/$n.eml In-Reply-To)" ] ||
			    fail "bob's update answers alice's mail"
		fi
	done
	mplay BR b1.eml setup b4
	mplay AR a2.eml turn e3-c3
	mplay BR b2.eml turn b4-b3
	grep -q "^Your turn" alice.view || fail "alice is not told it is hers"
	mplay AR a3.eml turn 'c3?b3'
	grep -q 'Game over: alice won' alice.view || fail "alice: not over"
	grep -q 'Game over: alice won' bob.view || fail "bob: not over"
	# bob's mail: the news of the end, in words
	last=$(grep -l '^To: bob@example.org' spool/*.eml | sort -n -t/ -k2 |
	    tail -1)
	grep -q 'Game over: alice won' "$last" || fail "bob's last mail"
	# secrecy: alice's spy (d2) is in no mail to bob before the end
	"$ADJ" open -k jr/judge.key a1.eml >abody 2>/dev/null
	nonce=$(awk '/piece: d2$/ { p = 1 } p && /nonce:/ { print $2; exit }' \
	    abody)
	[ ${#nonce} -eq 64 ] || fail "no nonce for alice's spy"
	for f in spool/*.eml; do
		grep -q "$nonce" "$f" && fail "$f: alice's spy nonce in clear"
		true
	done
	for f in $(grep -l '^To: bob@example.org' spool/*.eml); do
		[ "$f" = "$last" ] && continue
		sed '/^-----BEGIN/,$d' "$f" | grep -q ' Ws' &&
		    fail "$f: bob is shown alice's spy"
		true
	done
	"$ADJ" export -d "jr/$G" >j.arc
	expect 0 "$ADJ" verify j.arc
	out_has '^result: alice won'
	"$ADJ" export -d "AR/$G" >a.arc
	expect 0 "$ADJ" verify a.arc
	# the log: one line per mail, time, sender, game, entry, verdict
	[ "$(wc -l <jr/log)" -eq 6 ] || { cat jr/log >&2; fail "log lines"; }
	grep -q "^20[0-9-]*T[0-9:]*Z from=alice@example.org game=$(echo $G |
	    cut -c1-16) entry=7 verdict=applied sent=2$" jr/log ||
	    { cat jr/log >&2; fail "no log line for a3"; }
	grep -q "from=- game=$(echo $G | cut -c1-16) entry=0 verdict=joined" \
	    jr/log || fail "no log line for the invitation"
}

# What travels in clear above each update is what a stranger may know: no
# setup of either side (incognito shows a known identity as Ws, Wa, Bs,
# Ba), no nonce, and a line saying that the summary is not signed.
test_mailbot_summary_holds_no_secret() {
	mstart
	mplay AR a1.eml setup d2
	mplay BR b1.eml setup b4
	mplay AR a2.eml turn e3-c3
	mplay BR b2.eml turn b4-b3
	"$ADJ" open -k jr/judge.key a1.eml >abody 2>/dev/null
	"$ADJ" open -k jr/judge.key b1.eml >bbody 2>/dev/null
	grep -h 'nonce:' abody bbody | awk '{ print $2 }' >nonces
	[ "$(wc -l <nonces)" -eq 10 ] || fail "not ten nonces"
	[ "$(nmail)" -eq 8 ] || fail "$(nmail) mails, want 8"
	for f in spool/*.eml; do
		sed '/^-----BEGIN/,$d' "$f" >clear
		grep -q '^This summary is not signed' clear ||
		    fail "$f: not said unsigned"
		grep -q '^ *[1-5] ' clear || fail "$f: no board"
		grep -q '[WB][sa]\b' clear && { cat clear >&2;
		    fail "$f: an identity in clear"; }
		grep -qFf nonces "$f" && fail "$f: a nonce in clear"
		grep -q 'You are ' clear || fail "$f: not addressed"
	done
	# the seat's own view, from receive, still shows its setup
	grep -q ' Ws ' alice.view || fail "alice's view lacks her spy"
}

# A seat's mail already applied: the seat lost what came back, so it gets
# its last update again, and nothing else changes
test_mailbot_duplicate_gets_its_update_again() {
	mstart
	mplay AR a1.eml setup d2
	n=$(nmail)
	snapshot jr
	bot a1.eml
	[ "$(nmail)" -eq $((n + 1)) ] || fail "$(nmail) mails, want $((n + 1))"
	last=spool/$((n + 1)).eml
	header_of "$last" To | grep -qx alice@example.org || fail "not to alice"
	grep -q '^Your message had reached the judge already' "$last" ||
	    fail "not said"
	tail -1 jr/log | grep -q 'verdict=duplicate sent=1$' ||
	    fail "log: $(tail -1 jr/log)"
	sed -i '$d' jr/log
	unchanged jr
	snapshot AR
	expect 0 "$ADJ" receive -r AR -v "$last"
	err_has "held already"
	unchanged AR
	n=$(nmail)
	bot invite.msg
	[ "$(nmail)" -eq "$n" ] || fail "the invitation again got mail"
	err_has "already joined"
}

test_mailbot_help() {
	mstart
	printf 'From: Carol <carol@example.org>\nSubject: help\n' >help.eml
	printf 'Message-ID: <h1@example.org>\n\nplease\n' >>help.eml
	bot help.eml
	[ "$(nmail)" -eq 1 ] || fail "no answer"
	[ "$(cat spool/1.rcpt)" = carol@example.org ] || fail "to whom?"
	header_of spool/1.eml In-Reply-To | grep -qx '<h1@example.org>' ||
	    fail "not an answer"
	grep -q '^adjudicator-pk1 judge ' spool/1.eml || fail "no judge key"
	grep -q 'adjudicator receive -r ' spool/1.eml || fail "no help"
	tail -1 jr/log | grep -q 'from=carol@example.org .*verdict=help' ||
	    fail "log"
	# HELP as the body's first line, from an automatic sender: no answer
	printf 'From: list@example.org\nAuto-Submitted: auto-replied\n\nHELP\n' \
	    >auto.eml
	bot auto.eml
	[ "$(nmail)" -eq 1 ] || fail "an automatic mail was answered"
	printf 'From: dave@example.org\nSubject: hi\n\n  HELP  \n' >h2.eml
	bot h2.eml
	[ "$(nmail)" -eq 2 ] || fail "HELP in the body not answered"
}

# HELP lists the mail commands of the bot's table (lib/mailcmd.c), one a
# line, each with its arguments and what it does
test_mailbot_help_lists_the_commands() {
	mstart
	printf 'From: carol@example.org\nSubject: help\n\n' >h.eml
	bot h.eml
	f=$(mails_to carol@example.org)
	for c in 'HELP' 'LIST' 'STANDINGS' 'WATCH GAMEID \[CODE\]' \
	    'UNWATCH GAMEID \[CODE\]'; do
		grep -q "^  $c  *[a-z]" "$f" || fail "HELP does not list $c"
	done
	tr '\n' ' ' <"$f" | grep -q '(STANDINGS: the Subject alone)' ||
	    fail "HELP: STANDINGS is the Subject's alone"
	tr '\n' ' ' <"$f" | grep -q 'WATCH, UNWATCH, .*: mailed without CODE' ||
	    fail "HELP: the commands a code confirms"
	# no line of it is wider than a mail's
	! awk 'length($0) > 78 && !/^adjudicator-pk1 /' "$f" | grep -q . ||
	    fail "HELP has a line too wide"
}

# A sender's address with a tab or a CR in it, or folded over two lines,
# would carry headers of its own into the answer (a Bcc: to a stranger):
# it is no address, and the help mail goes unanswered
test_mailbot_from_control_characters() {
	mstart
	for from in '<carol@example.org\tBcc:eve@example.net>' \
	    '<carol@example.org\rBcc:eve@example.net>' \
	    '<carol@example.org\n\tBcc:eve@example.net>'; do
		printf "From: $from\nSubject: help\n\nplease\n" >h.eml
		bot h.eml
		[ "$(nmail)" -eq 0 ] || fail "answered $(cat spool/*.rcpt)"
		tail -1 jr/log | grep -q ' from=- .*verdict=help sent=0' ||
		    fail "log: $(tail -1 jr/log)"
	done
	# the same help mail from a plain address is answered
	printf 'From: <carol@example.org>\nSubject: help\n\nplease\n' >h.eml
	bot h.eml
	[ "$(cat spool/1.rcpt)" = carol@example.org ] || fail "no answer"
}

test_mailbot_unroutable() {
	mstart
	# no message at all: malformed, the sender told
	printf 'From: carol@example.org\nSubject: move\n\ne3-c3\n' >plain.eml
	bot plain.eml 3
	[ "$(nmail)" -eq 1 ] || fail "no answer"
	grep -q 'could not be read: .*no ADJUDICATOR MESSAGE found' spool/1.eml ||
	    fail "no reason"
	# a message of a game the judge never joined
	keys carol
	"$ADJ" new -k alice.key -m judge -j jr/judge.pub -a alice=a@x \
	    -a bob=b@x -a judge=judge@club.example incognito alice.pub \
	    bob.pub >inv2.msg
	"$ADJ" join -r AR -k alice.key inv2.msg 2>/dev/null
	G2=$(ls AR | grep -v "$G")
	"$ADJ" setup -M -d "AR/$G2" d2 >other.eml
	bot other.eml 1
	[ "$(nmail)" -eq 2 ] || fail "no answer for another game"
	[ "$(cat spool/2.rcpt)" = a@x ] || fail "answered $(cat spool/2.rcpt)"
	grep -q 'is not known to this judge' spool/2.eml || fail "no reason"
	tail -1 jr/log | grep -q 'verdict=refused,answered' || fail "log"
	# not addressed to the judge
	printf 'greeting: hello\n' >hello.yaml
	"$ADJ" seal -k alice.key bob.pub hello.yaml >tobob.asc
	{ printf 'From: alice@example.org\n\n'; cat tobob.asc; } >tobob.eml
	bot tobob.eml 1
	grep -q 'not addressed to key' spool/3.eml || fail "no reason"
	# a bounce: never answered
	{ printf 'From: MAILER-DAEMON@example.org\nReturn-Path: <>\n\n'
	    cat tobob.asc; } >bounce.eml
	bot bounce.eml 1
	[ "$(nmail)" -eq 3 ] || fail "a bounce was answered"
	# an invitation without every seat's address: refused, answered
	# (new refuses to make one: this one is signed by hand)
	"$ADJ" new -k alice.key -m judge -j jr/judge.pub -a alice=a@x \
	    -a bob=b@x -a judge=j@x incognito alice.pub bob.pub >full.msg
	"$ADJ" open -k alice.key full.msg 2>/dev/null |
	    grep -v '^  address: b@x$' >inv3.yaml
	by_hand inv3 alice.key inv3.yaml alice.pub bob.pub jr/judge.pub
	{ printf 'From: alice@example.org\n\n'; cat inv3.msg; } >inv3.eml
	bot inv3.eml 1
	tr '\n' ' ' <spool/4.eml | grep -q 'no mail address for bob' || fail "no reason"
	[ "$(ls jr | grep -c '^[0-9a-f]\{64\}$')" -eq 1 ] ||
	    fail "the judge filed a game it cannot mail"
}

test_mailbot_refused_told_once() {
	mstart
	# alice's setup claims two spies: only the judge sees it; her update
	# carries the judge's note, and no second mail tells her
	"$ADJ" setup -d "AR/$G" d2 >a1.asc
	"$ADJ" open -k jr/judge.key a1.asc >body 2>/dev/null
	awk '/piece: e3$/ { p = 1 } p && /value:/ { sub(/agent/, "spy"); p = 0 }
	    { print }' body >bad.yaml
	{
		printf 'From: alice@example.org\nSubject: setup\n\n'
		"$ADJ" seal -k alice.key jr/judge.pub bad.yaml
	} >bad.eml
	bot bad.eml 1
	[ "$(nmail)" -eq 1 ] || fail "$(nmail) mails, want 1"
	grep -q '^To: alice@example.org' spool/1.eml || fail "not to alice"
	# the reason may name her pieces: it travels inside the update only
	grep -q '^The judge refused your last message: the update says why' \
	    spool/1.eml || fail "no word of the refusal"
	sed '1,/^$/d; /^-----BEGIN/,$d' spool/1.eml |
	    grep -qw 'commitment\|e3' && fail "the reason in clear"
	tail -1 jr/log | grep -q 'verdict=refused,told sent=1' ||
	    fail "log: $(tail -1 jr/log)"
	expect 0 "$ADJ" receive -r AR spool/1.eml
	err_has "the judge says: refused"
	err_has "does not match its commitment"
}

test_mailbot_tempfail_keeps_the_mail() {
	mstart
	"$ADJ" setup -M -d "AR/$G" d2 >a1.eml
	SENDMAIL_FAIL=1 SPOOL=$PWD/spool expect 75 "$ADJ" judge -r jr \
	    -s "$SM" a1.eml
	err_has "exit status 75"
	[ "$(nmail)" -eq 0 ] || fail "mail from a failed mailer"
	tail -1 jr/log | grep -q 'verdict=retry' || fail "log: $(tail -1 jr/log)"
	# given again: the entry is a duplicate, the updates go out now
	bot a1.eml
	[ "$(nmail)" -eq 2 ] || fail "$(nmail) updates after the retry"
	deliver_all
	grep -q "Next: bob's setup" bob.view || fail "bob has no update"
}

# A mail costs the game one sync: the entry is kept before any update goes
# out; the record of what was sent after it is left to the kernel.  A
# power cut that loses that record (the journal cut back to the last
# commit journal.head names) is no damage: the next mail, here the same
# one again, sends the updates again, and the seats take them as known.
test_mailbot_one_sync_sent_marks_may_be_lost() {
	mstart
	mplay AR a1.eml setup d2
	mplay BR b1.eml setup b4
	"$ADJ" turn -M -d "AR/$G" e3-e4 >a2.eml || fail "turn"
	n=$(nmail)
	if strace -V >/dev/null 2>&1; then
		ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
		    SPOOL=$PWD/spool strace -f -o trace \
		    -e trace=fsync,fdatasync,syncfs,sync_file_range \
		    "$ADJ" judge -r jr -s "$SM" a2.eml 2>err || fail "judge -r"
		# (a sync_file_range that only starts the writing out, no
		# WAIT among its flags, waits for nothing)
		s=$(grep -E '^[0-9]+ +(fsync|fdatasync|syncfs|sync_file_range)\(' \
		    trace | grep -cvE 'sync_file_range\(.*SYNC_FILE_RANGE_WRITE\)' ||
		    true)
		[ "$s" -eq 1 ] || { cat trace >&2; fail "$s syncs, not 1"; }
	else
		[ -z "$CI" ] || fail "strace is missing"
		bot a2.eml
	fi
	[ "$(nmail)" -eq $((n + 2)) ] || fail "$(nmail) mails, want $((n + 2))"
	deliver_all
	j=jr/$G/journal
	head=$(od -An -tu8 "$j.head" | tr -d ' ')
	size=$(wc -c <"$j")
	[ "$head" -lt "$size" ] || fail "the sent marks were synced ($head, $size)"
	# cut into what was synced, the head file gone too: the checkpoint
	# still knows how far the journal was synced, and says damaged
	cp -r "jr/$G" cut
	truncate -s $((head - 10)) cut/journal
	rm cut/journal.head
	expect 3 "$ADJ" show -d cut
	err_has "damaged"
	truncate -s "$head" "$j"
	bot a2.eml
	err_has "already applied"
	[ "$(nmail)" -eq $((n + 4)) ] || fail "the updates were not sent again"
	tail -1 jr/log | grep -q 'verdict=duplicate sent=2$' ||
	    fail "log: $(tail -1 jr/log)"
	deliver_all
	grep -q "To act: bob" bob.view || fail "bob lost the game: $(cat bob.view)"
	mplay BR b2.eml turn a3-a2
	tail -1 jr/log | grep -q 'verdict=applied sent=2$' ||
	    fail "log: $(tail -1 jr/log)"
}

# A mailer that is a script without "#!", named without a directory: run
# with /bin/sh as execvp would, found through PATH, its arguments kept.
test_mailbot_mailer_script_without_interpreter() {
	mstart
	mkdir bin
	{
		echo 'mkdir -p "$SPOOL"; echo "$@" >"$SPOOL/args.$$"'
		echo 'exec sh "$TOP/tests/cli/sendmail.sh" "$@"'
	} >bin/mymailer
	chmod +x bin/mymailer
	"$ADJ" setup -M -d "AR/$G" d2 >a1.eml
	PATH=$PWD/bin:$PATH SPOOL=$PWD/spool expect 0 "$ADJ" judge -r jr \
	    -s "mymailer -t -i" a1.eml
	[ "$(nmail)" -eq 2 ] || fail "$(nmail) updates, want 2"
	cat spool/args.* | grep -qx -- '-t -i' || fail "the mailer's arguments"
}

# A mail's updates go to mailers started side by side: one that fails
# (bob's) leaves the other (alice's) sent and recorded so; the mail is
# kept (exit 75), and bob's update goes with the next run, nothing
# twice to alice
test_mailbot_one_mailer_fails() {
	mstart
	mkdir bin
	{
		echo 't=$(mktemp)'
		echo 'cat >"$t"'
		echo 'grep -q "^To: bob@" "$t" && { rm -f "$t"; exit 75; }'
		echo 'sh "$TOP/tests/cli/sendmail.sh" "$@" <"$t"; r=$?'
		echo 'rm -f "$t"; exit $r'
	} >bin/picky
	chmod +x bin/picky
	"$ADJ" setup -M -d "AR/$G" d2 >a1.eml
	SPOOL=$PWD/spool expect 75 "$ADJ" judge -r jr -s "$PWD/bin/picky -t" \
	    a1.eml
	err_has "picky: exit status 75"
	[ "$(nmail)" -eq 1 ] || fail "$(nmail) mails, want alice's alone"
	header_of spool/1.eml To | grep -qx alice@example.org || fail "to?"
	tail -1 jr/log | grep -q 'verdict=retry sent=1$' ||
	    fail "log: $(tail -1 jr/log)"
	# the mail again, as the MTA gives it after exit 75: a duplicate,
	# alice's update again, and bob's at last
	bot a1.eml
	[ "$(nmail)" -eq 3 ] || fail "$(nmail) mails, want 3"
	[ "$(grep -lx 'bob@example.org' spool/*.rcpt | wc -l)" -eq 1 ] ||
	    fail "bob's update: not once"
	deliver_all
	[ "$(seq_of "AR/$G")" -eq 1 ] && [ "$(seq_of "BR/$G")" -eq 1 ] ||
	    fail "the seats are not at entry 1"
	# and the game goes on
	mplay BR b1.eml setup b4
	[ "$(seq_of "AR/$G")" -eq 2 ] || fail "alice is not at entry 2"
}

# A one-mail run starts its mailers before it reads the mail.  Stopped
# (SIGTERM) while they wait, the judge kills them first: none is given
# an empty input (a real "sendmail -t" would mail the judge's user that
# it found no recipient), and nothing is sent
test_mailbot_stopped_with_mailers_waiting() {
	mstart
	mkfifo in
	exec 4<>in
	SPOOL=$PWD/spool SENDMAIL_STARTED=1 "$ADJ" judge -r jr -s "$SM" - \
	    <in 2>err 4>&- &
	pid=$!
	# the judge waits for its mail; its two mailers (a game has two
	# seats at the fewest) wait for theirs
	i=0
	while [ "$(ls -A spool 2>/dev/null | grep -c '^\.started\.')" -lt 2 ]; do
		[ $i -lt 100 ] || fail "the mailers did not start"
		i=$((i + 1))
		sleep 0.1
	done
	kill -TERM "$pid"
	st=0
	wait "$pid" || st=$?
	exec 4>&-
	[ "$st" -eq 143 ] || fail "exit status $st, want 143 (SIGTERM)"
	for m in $(ls -A spool | sed -n 's/^\.started\.//p'); do
		i=0
		while [ -e "/proc/$m" ] &&
		    [ "$(sed 's/.*) //; s/ .*//' "/proc/$m/stat")" != Z ]; do
			[ $i -lt 100 ] || fail "mailer $m still runs"
			i=$((i + 1))
			sleep 0.1
		done
	done
	! ls spool/.empty.* >/dev/null 2>&1 ||
	    fail "a mailer was given an empty input"
	[ "$(nmail)" -eq 0 ] || fail "$(nmail) mails sent"
}

# A mailer the judge could not stop is never started before its mail is
# ready: exim's sendmail is set-user-ID root and runs as the mail
# system's user at once, so a kill(2) from the judge's user is refused,
# and one left without a mail would read an empty input (exim then mails
# the judge's user that it found no recipient).  Here, as uid 65534, a
# mail that is no message is answered: through a plain copy of the
# stand-in, by one of the two mailers started ahead (the other killed);
# through a set-user-ID root copy (the kernel runs a script as its
# caller all the same), by the one mailer started for the answer
test_mailbot_unstoppable_mailer_not_started_ahead() {
	[ "$(id -u)" -eq 0 ] || { echo "SKIP: needs root" >&2; return 0; }
	need setpriv
	mstart
	mkdir bin
	cp "$SM" bin/plain
	cp "$SM" bin/suid
	chmod 755 bin/plain
	chmod 4755 bin/suid
	# two senders: one is answered once a day
	for m in plain suid; do
		printf 'From: %s@example.org\nTo: judge@club.example\nSubject: hi\n\nno message\n' \
		    "$m" >"junk.$m.eml"
	done
	chown -R 65534:65534 jr
	chmod 777 .
	for m in plain suid; do
		SPOOL=$PWD/s.$m SENDMAIL_STARTED=1 setpriv --reuid=65534 \
		    --regid=65534 --clear-groups "$ADJ" judge -r jr \
		    -s "$PWD/bin/$m -t -i" "junk.$m.eml" >/dev/null \
		    2>err.$m || true
		[ "$(cat s.$m/*.rcpt 2>/dev/null)" = "$m@example.org" ] ||
		    { cat err.$m >&2; fail "$m: not one answer to $m"; }
		! ls s.$m/.empty.* >/dev/null 2>&1 ||
		    fail "$m: a mailer was given an empty input"
	done
	[ "$(ls -A s.plain | grep -c '^\.started\.')" -eq 2 ] ||
	    fail "not two mailers started ahead"
	[ "$(ls -A s.suid | grep -c '^\.started\.')" -eq 1 ] ||
	    fail "a set-user-ID mailer started ahead"
}

test_mailbot_mailer_missing() {
	mstart
	"$ADJ" setup -M -d "AR/$G" d2 >a1.eml
	SPOOL=$PWD/spool expect 75 "$ADJ" judge -r jr -s /nonexistent/sendmail \
	    a1.eml
	err_has "cannot be run"
	bot a1.eml
	[ "$(nmail)" -eq 2 ] || fail "$(nmail) updates after the retry"
}

test_mailbot_usage() {
	expect 2 "$ADJ" judge -r jr -d J -O out
	expect 2 "$ADJ" judge -d J -O out -s x
	# several mails are a queue to drain (tests/cli/drain.sh); the tick
	# takes none
	expect 2 "$ADJ" judge -r jr -t a
	mkdir jr
	# a system error keeps the mail (75), even a judge without its key
	expect 75 "$ADJ" judge -r jr </dev/null
	err_has "judge.key"
}

# --- a player's root ----------------------------------------------------

# A peer game by mail through roots: turn -M's mails, read with receive -r.
test_peer_game_through_roots() {
	keys alice bob
	"$ADJ" new -k alice.key -a alice=alice@example.org \
	    -a bob=bob@example.org incognito alice.pub bob.pub >invite.msg
	expect 0 "$ADJ" join -r AR -k alice.key invite.msg
	err_has "^joined game"
	expect 0 "$ADJ" join -r AR -k alice.key invite.msg
	err_has "already joined"
	"$ADJ" join -r BR -k bob.key invite.msg 2>/dev/null
	G=$(ls AR)
	for step in "AR setup d2" "BR setup b4" "AR turn e3-c3" \
	    "BR turn a3-b3" "AR turn c3?b3" "BR turn b4-c4" \
	    "AR turn c1-c3" "BR turn a4-a2" "AR turn ?c4" "BR turn" \
	    "AR turn"; do
		set -- $step
		r=$1 v=$2
		shift 2
		"$ADJ" "$v" -M -d "$r/$G" "$@" >m.eml || fail "$step"
		case $r in
		AR) to=bob@example.org from=alice@example.org o=BR ;;
		BR) to=alice@example.org from=bob@example.org o=AR ;;
		esac
		header_of m.eml To | grep -qx "$to" || fail "$step: To"
		header_of m.eml From | grep -qx "$from" || fail "$step: From"
		{ echo "From $from $(date)"; cat m.eml; echo; } >>"$o.mbox"
		expect 0 "$ADJ" receive -r "$o" "$o.mbox"
	done
	"$ADJ" export -d "AR/$G" >a.arc
	"$ADJ" export -d "BR/$G" >b.arc
	cmp -s a.arc b.arc || fail "the exports differ"
	expect 0 "$ADJ" verify a.arc
	out_has "^result: alice won"
}

# One mailbox, three games (two of them in the root) and a mail that is
# no game's: each message to its game, the stranger said on one line.
test_receive_root_mixed_mailbox() {
	keys alice bob carol
	for n in 1 2; do
		"$ADJ" new -k alice.key incognito alice.pub bob.pub >inv$n.msg
		"$ADJ" join -r AR -k alice.key inv$n.msg 2>/dev/null
		"$ADJ" join -d B$n -k bob.key inv$n.msg 2>/dev/null
	done
	"$ADJ" new -k carol.key incognito carol.pub bob.pub >inv3.msg
	"$ADJ" join -d B3 -k bob.key inv3.msg 2>/dev/null
	"$ADJ" join -d C3 -k carol.key inv3.msg 2>/dev/null
	g1=$("$ADJ" show -d B1 -f yaml | sed -n 's/^game: //p')
	g2=$("$ADJ" show -d B2 -f yaml | sed -n 's/^game: //p')
	"$ADJ" setup -d "AR/$g1" d2 >x1 && "$ADJ" receive -d B1 x1 >/dev/null 2>&1
	"$ADJ" setup -d "AR/$g2" e3 >x2 && "$ADJ" receive -d B2 x2 >/dev/null 2>&1
	"$ADJ" setup -d B1 b4 >m1.asc
	"$ADJ" setup -d B2 c5 >m2.asc
	"$ADJ" setup -d C3 c1 >m3.asc
	{
		printf 'From bob@example.org Mon Nov 23 00:00:00 2026\n'
		printf 'From: bob@example.org\nSubject: game 2\n\n'
		cat m2.asc
		printf '\nFrom carol@example.org Mon Nov 23 00:00:01 2026\n'
		printf 'From: carol@example.org\nSubject: unrelated\n\nhello\n'
		printf '\nFrom bob@example.org Mon Nov 23 00:00:02 2026\n'
		printf 'From: bob@example.org\nSubject: game 1\n'
		printf 'MIME-Version: 1.0\nContent-Type: text/plain\n'
		printf 'Content-Transfer-Encoding: base64\n\n'
		base64 <m1.asc
	} >mbox
	expect 0 "$ADJ" receive -r AR mbox
	out_has "^== incognito game $(echo $g2 | cut -c1-16)$"
	out_has "^== incognito game $(echo $g1 | cut -c1-16)$"
	for g in $g1 $g2; do
		"$ADJ" show -d "AR/$g" -f yaml | grep -q '^seq: 2$' ||
		    fail "game $g did not take bob's setup"
	done
	# a message of a game not in the root: one line, skipped, not fatal
	printf 'From: carol@example.org\n\n' >c.eml
	"$ADJ" new -k alice.key incognito alice.pub carol.pub >inv4.msg
	"$ADJ" join -d A4 -k alice.key inv4.msg 2>/dev/null
	"$ADJ" setup -d A4 d2 >>c.eml
	cat c.eml mbox >both
	expect 0 "$ADJ" receive -r AR c.eml
	one_line
	err_has "not in AR; skipped"
	# the same mailbox again: every message already applied
	expect 0 "$ADJ" receive -r AR mbox
	one_line
	err_has "^2 messages already applied or held, nothing new"
	expect 0 "$ADJ" receive -r AR -v mbox
	err_has "already applied; nothing to do"
	# no message at all
	: >empty
	expect 3 "$ADJ" receive -r AR empty
	# a device is not a mailbox
	expect 1 "$ADJ" receive -r AR /dev/null
	err_has "^adjudicator: /dev/null: not a regular file$"
	expect 2 "$ADJ" receive -r nowhere mbox
	expect 2 "$ADJ" receive -r AR -d B1 mbox
}

test_games_lists_yours_first() {
	keys alice bob
	for n in 1 2 3; do
		"$ADJ" new -k alice.key incognito alice.pub bob.pub >inv$n.msg
		"$ADJ" join -r AR -k alice.key inv$n.msg 2>/dev/null
		"$ADJ" join -d B$n -k bob.key inv$n.msg 2>/dev/null
	done
	# game 2: alice has made her setup, bob's is due
	g2=$("$ADJ" show -d B2 -f yaml | sed -n 's/^game: //p')
	"$ADJ" setup -d "AR/$g2" d2 >/dev/null
	expect 0 "$ADJ" games -r AR
	[ "$(wc -l <out)" -eq 3 ] || fail "$(wc -l <out) lines"
	tail -1 out | grep -q "^$(echo $g2 | cut -c1-16)  incognito .* alice\* bob .*bob's setup .*entry 1: alice committed to a setup$" ||
	    { cat out >&2; fail "game 2 is not last"; }
	head -2 out | grep -c 'your setup' | grep -qx 2 ||
	    { cat out >&2; fail "alice's games are not first"; }
	expect 2 "$ADJ" games -r nowhere
	expect 2 "$ADJ" games
}

test_turn_mail_refused_prints_nothing() {
	keys alice bob
	"$ADJ" new -k alice.key -a alice=a@x -a bob=b@x incognito alice.pub \
	    bob.pub >invite.msg
	"$ADJ" join -d A -k alice.key invite.msg 2>/dev/null
	"$ADJ" join -d B -k bob.key invite.msg 2>/dev/null
	"$ADJ" setup -d A d2 >a1 && "$ADJ" receive -d B a1 >/dev/null 2>&1
	"$ADJ" setup -d B b4 >b1 && "$ADJ" receive -d A b1 >/dev/null 2>&1
	snapshot A
	expect 1 "$ADJ" turn -M -d A a3-a2
	[ ! -s out ] || fail "a refused turn printed something"
	unchanged A
	expect 0 "$ADJ" turn -M -d A e3-c3
	out_has '^To: b@x$'
	out_has '^-----BEGIN ADJUDICATOR MESSAGE-----$'
	cp out a2.eml
	expect 0 "$ADJ" resend -M -d A
	sed -n '/^-----BEGIN/,$p' out >r.asc
	sed -n '/^-----BEGIN/,$p' a2.eml >t.asc
	cmp -s r.asc t.asc || fail "resend -M is another message"
	out_has '^Subject: \[adjudicator\] incognito [0-9a-f]\{16\}: entry 3 by alice$'
	# no address for the other seat: refused before anything is written
	"$ADJ" new -k alice.key -a alice=a@x incognito alice.pub bob.pub \
	    >inv2.msg
	"$ADJ" join -d A2 -k alice.key inv2.msg 2>/dev/null
	snapshot A2
	expect 2 "$ADJ" setup -M -d A2 d2
	err_has "no address for bob"
	[ ! -s out ] || fail "output despite the refusal"
	unchanged A2
}

# Two games through one judge root, interleaved, with the same seats:
# each message goes to its own game, each update names its game.
test_mailbot_two_games() {
	mstart
	G1=$G
	"$ADJ" new -k bob.key -m judge -j jr/judge.pub \
	    -a alice=alice@example.org -a bob=bob@example.org \
	    -a judge=judge@club.example incognito alice.pub bob.pub >inv2.msg
	"$ADJ" join -r AR -k alice.key inv2.msg 2>/dev/null
	"$ADJ" join -r BR -k bob.key inv2.msg 2>/dev/null
	bot inv2.msg
	G2=$(ls AR | grep -v "$G1")
	[ -d "jr/$G2" ] || fail "the judge did not file game 2"
	G=$G2 mplay AR 2a1.eml setup e3
	G=$G1 mplay AR 1a1.eml setup d2
	G=$G1 mplay BR 1b1.eml setup b4
	G=$G2 mplay BR 2b1.eml setup c5
	G=$G2 mplay AR 2a2.eml turn e3-e4
	G=$G1 mplay AR 1a2.eml turn e3-c3
	G=$G2 mplay BR 2b2.eml turn resign
	G=$G1 mplay BR 1b2.eml turn b4-b3
	G=$G1 mplay AR 1a3.eml turn 'c3?b3'
	for g in $G1 $G2; do
		"$ADJ" export -d "jr/$g" >j.arc
		expect 0 "$ADJ" verify j.arc
		"$ADJ" export -d "AR/$g" >a.arc
		"$ADJ" verify a.arc >a.sum || fail "alice's export of $g"
	done
	expect 0 "$ADJ" verify j.arc
	"$ADJ" export -d "jr/$G2" >j2.arc
	expect 0 "$ADJ" verify j2.arc
	out_has "resign"
	# every update's Subject names its own game
	for f in spool/*.eml; do
		g=$(header_of "$f" X-Adjudicator-Game)
		header_of "$f" Subject | grep -q "$(echo "$g" | cut -c1-16)" ||
		    fail "$f: the Subject names another game"
	done
	# a message of game 1 again: a duplicate there, alice's updates of
	# game 1 from it on mailed again
	n=$(nmail)
	bot 1a2.eml
	[ "$(nmail)" -eq $((n + 1)) ] || fail "a duplicate got $(nmail) mails"
	header_of spool/$((n + 1)).eml X-Adjudicator-Game | grep -qx "$G1" ||
	    fail "not game 1's updates"
	tail -1 jr/log | grep -q "game=$(echo "$G1" | cut -c1-16) .*duplicate" ||
	    fail "not routed to game 1"
	expect 0 "$ADJ" games -r jr
	[ "$(grep -c ' over ' out)" -eq 2 ] || fail "games -r jr"
}

# Deliveries of one invitation at the same time file the game once, and
# every one of them succeeds (procmail runs filters in parallel).
test_join_root_concurrent() {
	keys alice bob
	"$ADJ" new -k alice.key incognito alice.pub bob.pub >invite.msg
	for i in 1 2 3 4 5 6; do
		( "$ADJ" join -r AR -k alice.key invite.msg 2>err.$i; echo $? >rc.$i ) &
	done
	wait
	for i in 1 2 3 4 5 6; do
		[ "$(cat rc.$i)" -eq 0 ] || { cat err.$i >&2; fail "join $i"; }
	done
	[ "$(ls AR | wc -l)" -eq 1 ] || fail "$(ls AR)"
	[ -z "$(ls -A AR | grep '^\.')" ] || fail "left behind: $(ls -A AR)"
	grep -l '^joined' err.* | wc -l | grep -qx 1 || fail "joined twice"
	expect 0 "$ADJ" games -r AR
}

# A reply that quotes the judge's update (for its seat, not the judge)
# above the seat's new message: the quoted block is passed over, the
# message applied, and nobody is told anything went wrong.
test_mailbot_quoted_update_passed_over() {
	mstart
	mplay AR a1.eml setup d2
	"$ADJ" setup -M -d "BR/$G" b4 >b1.eml
	upd=$(grep -l '^To: bob@example.org' spool/*.eml | head -1)
	{
		sed -n '1,/^$/p' b1.eml
		sed -n '/^-----BEGIN/,$p' b1.eml
		echo
		echo "On Monday the judge wrote:"
		sed 's/^/> /' "$upd"
	} >reply.eml
	n=$(nmail)
	bot reply.eml
	err_has "not addressed to key .*; passed over"
	[ "$(nmail)" -eq $((n + 2)) ] || fail "$(($(nmail) - n)) mails, want 2"
	tail -1 jr/log | grep -q 'entry=2 verdict=applied sent=2$' ||
	    fail "log: $(tail -1 jr/log)"
}

# A mailbox also holds a copy of one's own message to the judge (bcc), or
# another's mail: a message for none of the root's keys is said on one
# line and skipped, not refused.
test_receive_root_skips_what_is_not_ours() {
	mstart
	mplay AR a1.eml setup d2
	cat a1.eml >>spool/alice@example.org.mbox
	expect 0 "$ADJ" receive -r AR spool/alice@example.org.mbox
	err_has "not addressed to key .*; skipped"
	# a damaged message for us is still refused
	sed -n '/^-----BEGIN/,/^-----END/p' "$(grep -l '^To: alice' spool/*.eml |
	    head -1)" | awk 'NR == 3 { $0 = "AAAA" substr($0, 5) } { print }' \
	    >bad.asc
	expect 1 "$ADJ" receive -r AR bad.asc
}

# STANDINGS: the judge answers with the text table of the games it has
# judged to their end, each verified from its own export: the same table
# as standings over those exports; a game under way is not in it
test_mailbot_standings() {
	mstart
	mplay AR a1.eml setup d2
	mplay BR b1.eml setup b4
	mplay AR a2.eml turn e3-c3
	mplay BR b2.eml turn b4-b3
	mplay AR a3.eml turn 'c3?b3'
	# a second game, joined and under way
	"$ADJ" new -k bob.key -m judge -j jr/judge.pub -a alice=alice@example.org \
	    -a bob=bob@example.org -a judge=judge@club.example incognito \
	    bob.pub alice.pub >inv2.msg
	bot inv2.msg
	[ "$(ls jr | grep -c '^[0-9a-f]\{64\}$')" -eq 2 ] || fail "two games"
	n=$(nmail)
	printf 'From: Carol <carol@example.org>\nSubject: Re:  Standings \n' \
	    >st.eml
	printf 'Message-ID: <s1@example.org>\n\nplease\n' >>st.eml
	bot st.eml
	[ "$(nmail)" -eq $((n + 1)) ] || fail "no answer"
	m=spool/$((n + 1)).eml
	[ "$(cat spool/$((n + 1)).rcpt)" = carol@example.org ] || fail "to?"
	header_of "$m" Subject | grep -qx '\[adjudicator\] standings' ||
	    fail "subject: $(header_of "$m" Subject)"
	header_of "$m" In-Reply-To | grep -qx '<s1@example.org>' ||
	    fail "not an answer"
	"$ADJ" export -d "jr/$G" >j.arc
	expect 0 "$ADJ" standings j.arc
	sed '1,/^$/d' "$m" | cmp -s - out || {
		sed '1,/^$/d' "$m" | diff -u out - >&2
		fail "the mail's table is not standings' over the export"
	}
	grep -q '^Standings: 1 game from 1 archive (0 refused), 1 rated\.$' \
	    "$m" || fail "the game under way counted"
	grep -q '^ *1  alice .* 1520? ' "$m" || fail "alice did not win 20"
	tail -1 jr/log | grep -q 'from=carol@example.org .*verdict=standings' ||
	    fail "log: $(tail -1 jr/log)"
	# HELP says so
	printf 'From: carol@example.org\nSubject: help\n\n' >help.eml
	bot help.eml
	grep -q 'STANDINGS' "spool/$((n + 2)).eml" || fail "HELP is silent"
}

# A judged seat whose entry is with the judge is not told it is its turn:
# games -r says it waits for the judge, and the view says how the update
# is read and how to send the mail again if it did not go
test_games_waiting_for_the_judge() {
	mstart
	g16=$(echo "$G" | cut -c1-16)
	"$ADJ" setup -M -d "AR/$G" d2 >a1.eml || fail "setup -M"
	expect 0 "$ADJ" games -r AR
	out_has "^$g16  incognito .* alice\* bob (judge) *waiting for the judge  entry 0:"
	grep -q 'your setup' out && fail "alice is told it is her setup"
	expect 0 "$ADJ" show -d "AR/$G"
	out_has "^Your entry 1 is with the judge; its update: adjudicator receive -r AR MAILBOX$"
	tr '\n' ' ' <out | grep -q "If your mail did not go, \"adjudicator resend -S -d AR/$g16\" sends it again" ||
	    { cat out >&2; fail "no resend line"; }
	# the judge's update brings it back: bob's setup now
	bot a1.eml
	deliver_all
	expect 0 "$ADJ" games -r AR
	out_has "^$g16  incognito .* bob's setup "
}

# A seat whose header gives the addresses is told the command that sends
# the whole mail itself once the entry is made (-S: nothing is sent when
# it is refused, so a mistyped move never bounces), and reads its mail
# with receive -r; each line of receive -r says the entry once
test_root_seat_hints_by_mail() {
	mstart
	g16=$(echo "$G" | cut -c1-16)
	expect 0 "$ADJ" show -d "AR/$G"
	out_has "^Your setup is due: adjudicator setup -S -d AR/$g16 LAYOUT$"
	out_has "^For example: adjudicator setup -S -d AR/$g16 random$"
	expect 0 "$ADJ" show -d "BR/$G"
	out_has "^Expecting the judge's update: adjudicator receive -r BR MAILBOX$"
	out_has "^MAILBOX: the mail file it comes in"
	mplay AR a1.eml setup d2
	grep -q "spool/alice@example.org.mbox: mail 1: seq 1 applied: alice committed to a setup" alice.err ||
	    { cat alice.err >&2; fail "receive -r's line"; }
	grep -q 'entry 1: seq 1' alice.err && fail "the entry said twice"
	expect 0 "$ADJ" show -d "AR/$G"
	out_has "^Expecting the judge's update: adjudicator receive -r AR MAILBOX$"
	mplay BR b1.eml setup b4
	expect 0 "$ADJ" show -d "AR/$G"
	out_has "^Your turn: adjudicator turn -S -d AR/$g16 ACTION$"
	# the example, typed with a stand-in sendmail, is a legal turn
	cmd=$(sed -n "s/^For example: adjudicator //p" out)
	[ -n "$cmd" ] || fail "no example"
	export SPOOL="$PWD/spool"
	export SENDMAIL="$SM"
	eval "\"\$ADJ\" $cmd" 2>serr || fail "the example: $cmd"
	grep -q '^To: judge@club.example$' "spool/$(nmail).eml" ||
	    fail "the example's mail"
	grep -qx "entry 3 sent to the judge <judge@club.example>; the judge takes it from there" serr ||
	    { cat serr >&2; fail "what was sent to whom"; }
}

# What the judge tells a seat names its mail, not the bot's stdin
test_mailbot_note_names_the_mail() {
	mstart
	# two setups of alice's for one entry: the second is a fork
	cp -r AR AR2
	"$ADJ" setup -M -d "AR/$G" d2 >a1.eml
	"$ADJ" setup -M -d "AR2/$G" e3 >a1b.eml
	SPOOL=$PWD/spool expect 0 "$ADJ" judge -r jr -s "$SM" <a1.eml
	SPOOL=$PWD/spool expect 1 "$ADJ" judge -r jr -s "$SM" <a1b.eml
	# the note travels inside the update: receive prints it
	expect 0 "$ADJ" receive -r AR spool/alice@example.org.mbox
	err_has "the judge says: refused: your mail: alice: seq 1: alice (key [0-9a-f]*) signed two different entries 1 on the same entry 0: proof that alice equivocated"
	grep -q 'stdin' err && fail "stdin in the note"
	# a game the judge does not know: the answer names the mail too
	rm -rf "jr/$G"
	SPOOL=$PWD/spool expect 1 "$ADJ" judge -r jr -s "$SM" <a1.eml
	grep -q 'could not be routed: your mail: game ' spool/4.eml ||
	    { cat spool/4.eml >&2; fail "the answer"; }
}

# new -M: the invitation as a whole mail to everyone else, as turn -M
# writes a turn; the judge's mail bot joins it from that mail, and a
# seat joins it from its mailbox
test_new_mail_is_a_whole_mail() {
	mkdir jr
	"$ADJ" keygen -N -d jr judge 2>/dev/null
	keys alice bob
	"$ADJ" new -M -k alice.key -m judge -j jr/judge.pub \
	    -a alice=alice@example.org -a bob=bob@example.org \
	    -a judge=judge@club.example incognito alice.pub bob.pub \
	    >invite.eml || fail "new -M"
	header_of invite.eml From | grep -qx 'alice@example.org' || fail "From"
	grep -q '^To: bob@example.org,$' invite.eml || fail "To bob"
	grep -q '^    judge@club.example$' invite.eml || fail "To the judge"
	header_of invite.eml Subject |
	    grep -q '^\[adjudicator\] incognito [0-9a-f]\{16\}: an invitation from alice$' ||
	    fail "Subject: $(header_of invite.eml Subject)"
	grep -q '^Join it with "adjudicator join -r ROOT -k KEY"' invite.eml ||
	    fail "no words on joining"
	# through the stand-in mailer, as the user pipes it
	SPOOL=$PWD/spool "$SM" -t -i <invite.eml
	bot spool/judge@club.example.mbox
	expect 0 "$ADJ" join -r BR -k bob.key spool/bob@example.org.mbox
	G=$(ls BR)
	[ -d "jr/$G" ] || fail "the judge did not join from the mail"
}

# The bot checks a message's signature once a mail (judge.c, vouch): it
# routes a message before checking it; an invitation is still filed only
# once its signature holds, and a message it cannot route is refused for
# a bad signature first.
test_mailbot_signature_once() {
	mstart
	jinvite inv2.msg
	wire unwrap jr/judge.key inv2.msg >i.bin
	flip_sig i.bin i.bad
	wire wrap i.bad jr/judge.pub >inv2.bad
	n=$(ls jr | wc -l)
	bot inv2.bad 1
	err_has "bad signature"
	[ "$(ls jr | wc -l)" -eq "$n" ] || fail "a forged invitation filed"
	# a seat's message for a game the judge never joined
	"$ADJ" join -r AR -k alice.key inv2.msg 2>/dev/null
	G2=$(ls AR | grep -vx "$G")
	"$ADJ" setup -d "AR/$G2" d2 >s.msg 2>/dev/null || fail "setup"
	wire unwrap jr/judge.key s.msg >s.bin
	flip_sig s.bin s.bad
	wire wrap s.bad jr/judge.pub >s.forged
	bot s.forged 1
	err_has "bad signature"
	bot s.msg 1
	err_has "is not known to this judge"
}
