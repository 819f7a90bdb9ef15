# Hostile input on the club's judge (issue "hostile input"): what a
# stranger can send by mail, or a damaged or special file in the judge's
# root, never writes past a table, hangs, fails open or wraps a number.
# Through the stand-in sendmail (tests/cli/sendmail.sh, helpers in
# lib.sh); make check-asan runs it under the sanitizers.

# code_of ADDRESS: the judge's WATCH code for ADDRESS, asked by mail
code_of() {
	ask "c-$1.eml" "$1" "WATCH $S"
	awk '$1 == "WATCH" { print $3 }' "$(mails_to "$1" | tail -1)"
}

# lines: the observers' lines of the judge's record
lines() {
	grep -vc '^#' "jr/$G/watchers" || true
}

# --- 1. the observers' table -----------------------------------------------

# The cap walked by mail: forty addresses by mail each watch and stop
# (UNWATCH), beside an observer the header names: the record never holds
# more than 40 lines, each place left by UNWATCH taken again; then 32
# watch at once, the 33rd is refused, one who stops leaves it a place,
# and one who stopped cannot come back past the cap.
test_watch_cap_walked_by_mail() {
	wstart -o watch=yes -w carol@example.org
	mplay AR a1.eml setup d2
	i=1
	while [ $i -le 41 ]; do
		c=$(code_of "w$i@example.org")
		echo "$c" >"code$i"
		ask "on$i.eml" "w$i@example.org" "WATCH $S $c"
		tail -1 jr/log | grep -q "verdict=watch sent=1$" ||
		    fail "w$i: $(tail -1 jr/log)"
		ask "off$i.eml" "w$i@example.org" "UNWATCH $S $c"
		[ "$(lines)" -le 40 ] || fail "$(lines) lines after w$i"
		i=$((i + 1))
	done
	grep -q '^carol@example.org [0-9]* on$' "jr/$G/watchers" ||
	    fail "carol lost: $(head -3 "jr/$G/watchers")"
	grep -q '^w41@example.org [0-9]* off$' "jr/$G/watchers" ||
	    fail "w41's line not kept"
	# 32 at once: the most by mail
	i=1
	while [ $i -le 32 ]; do
		ask "again$i.eml" "w$i@example.org" "WATCH $S $(cat "code$i")"
		i=$((i + 1))
	done
	[ "$(grep -c ' on$' "jr/$G/watchers")" -eq 33 ] ||
	    fail "not 32 observers by mail and carol"
	ask full.eml w33@example.org "WATCH $S $(cat code33)" 1
	err_has "full.eml: WATCH $S: the game has all the observers it takes"
	grep -q "has 32 observers already" "$(mails_to w33@example.org |
	    tail -1)" || fail "w33 not told why"
	ask stop.eml w7@example.org "UNWATCH $S $(cat code7)"
	# w7 cannot come back while w33 takes its place
	ask w33.eml w33@example.org "WATCH $S $(cat code33)"
	grep -q '^w33@example.org [0-9]* on$' "jr/$G/watchers" ||
	    fail "w33 not filed"
	ask back.eml w7@example.org "WATCH $S $(cat code7)" 1
	err_has "back.eml: WATCH $S: the game has all the observers it takes"
	[ "$(lines)" -le 40 ] || fail "$(lines) lines"
	# and every one of them is mailed the next move
	mplay BR b1.eml setup b4
	for a in carol w1 w32 w33; do
		header_of "$(mails_to "$a@example.org" | tail -1)" Subject |
		    grep -q ": entry 2, for observers$" || fail "$a not mailed"
	done
}

# records FILE ON OFF [NAMED]: a watchers record of ON lines on and OFF
# lines off by mail (and carol's, named in the header, when NAMED is 1)
records() {
	{
		echo "# adjudicator watchers 1"
		[ "${4:-0}" -eq 0 ] || echo "carol@example.org 1 on"
		i=1
		while [ $i -le "$2" ]; do
			echo "on$i@example.org 1 on"
			i=$((i + 1))
		done
		i=1
		while [ $i -le "$3" ]; do
			echo "off$i@example.org 1 off"
			i=$((i + 1))
		done
	} >"$1"
}

# A record at the cap is read and every observer mailed (the header's
# observer missing from 40 lines takes the place of one turned off);
# past it (too many by mail, too many lines, no room for the header's
# observer) the
# seats' updates still go out, the observers wait, the log says why and
# nothing is written past the table.  Each in a game of its own.
test_watchers_record_at_and_past_the_cap() {
	n=0
	while IFS='|' read -r c why; do
		n=$((n + 1))
		mkdir "g$n"
		(
			cd "g$n"
			wstart -o watch=yes -w carol@example.org
			mplay AR a1.eml setup d2
			# shellcheck disable=SC2086
			records "jr/$G/watchers" $c
			"$ADJ" setup -M -d "BR/$G" b4 2>/dev/null >b1.eml
			bot b1.eml
			[ "$(mails_to bob@example.org | wc -l)" -ge 2 ] ||
			    fail "bob not updated ($c)"
			if [ -z "$why" ]; then
				grep -q observers err && fail "refused: $c"
				set -- $c
				for a in carol $([ "$1" -eq 0 ] || echo "on1 on$1"); do
					header_of "$(mails_to "$a@example.org" |
					    tail -1)" Subject | grep -q \
					    ": entry 2, for observers$" ||
					    fail "$a not mailed"
				done
				! mails_to off1@example.org | grep -q . ||
				    fail "off1 mailed"
			else
				err_has "observers: .*watchers.*$why"
				tail -1 jr/log | grep -q 'verdict=' ||
				    fail "no log line"
				! mails_to on1@example.org | grep -q . ||
				    fail "an observer mailed from $c"
			fi
		) || fail "record $c"
	done <<'CASES'
32 7 1|
33 0 1|33 observers by mail on or done, more than the 32
40 0 0|no room for carol@example.org
0 40 0|
1 40 0|:42: more than 40 observers, the most a record holds
CASES
}

# --- 2, 3, 9. the root's own files -------------------------------------------

T0=1796083200		# 2026-12-01T00:00:00Z, the test clock

# invite FILE: a new judged game of alice's, mailed from alice
invite() {
	jinvite "$1.msg"
	{
		printf 'From: alice@example.org\nSubject: a game\n'
		printf 'Message-ID: <%s@example.org>\n\n' "$1"
		cat "$1.msg"
	} >"$1"
}

# at TIME STATUS FILE: the bot takes FILE at the test clock's TIME
at() {
	ADJUDICATOR_NOW=$1 SPOOL=$PWD/spool expect "$2" timeout 20 "$ADJ" \
	    judge -r jr -s "$SM" "$3"
}

# games: how many games the judge has filed
games() {
	ls jr | grep -c '^[0-9a-f]\{64\}$' || true
}

# verdict: the verdict of the log's last line
verdict() {
	tail -1 jr/log | sed 's/.* verdict=\([^ ]*\) .*/\1/'
}

# kept CASE: the last run kept the mail for later (exit 2, one line, the
# log's verdict retry, nothing mailed, nothing filed, the root unchanged;
# $filed the games filed before)
kept() {
	one_line
	[ "$(verdict)" = retry ] || fail "$1: log: $(tail -1 jr/log)"
	[ "$(nmail)" -eq 0 ] || fail "$1: mailed"
	[ "$(games)" -eq "$filed" ] || fail "$1: filed"
	sed -i '$d' jr/log
	unchanged jr
}

# A damaged judge.recent, or one that is a link to nothing, a FIFO or a
# device, keeps the invitation (exit 2, verdict=retry, nothing sent,
# nothing filed); so does such a judge.yaml, never read as "no
# settings"; once mended the same mail is taken.
test_root_records_unreadable_keep_the_mail() {
	mstart
	invite i1.eml
	filed=$(games)
	while IFS='|' read -r file how what; do
		rm -f "jr/$file"
		case $how in
		garbage) printf 'invitations:\n- time: soon\n' >"jr/$file" ;;
		dangling) ln -s nowhere "jr/$file" ;;
		fifo) mkfifo "jr/$file" ;;
		zero) ln -s /dev/zero "jr/$file" ;;
		dir) mkdir "jr/$file" ;;
		esac
		snapshot jr
		at $T0 2 i1.eml
		err_has "^adjudicator: .*jr/$file.*$what"
		kept "$file $how"
		rm -rf "jr/$file"
	done <<'CASES'
judge.recent|garbage|missing key "game"
judge.recent|dangling|No such file or directory
judge.recent|fifo|not a regular file
judge.recent|zero|not a regular file
judge.recent|dir|not a regular file
judge.yaml|dangling|No such file or directory
judge.yaml|fifo|not a regular file
judge.yaml|zero|not a regular file
CASES
	# mended (the files gone: no settings, no record), it is taken
	at $T0 0 i1.eml
	[ "$(games)" -eq $((filed + 1)) ] || fail "not filed once mended"
}

# A record of judge.recent dated in the future (past the 15 minutes a
# clock may be off) counts for nothing and is said in the log; one a
# little ahead still counts.
test_recent_record_from_the_future() {
	mstart
	printf 'invitations: 1\n' >jr/judge.yaml
	# alice's one invitation of the day, stamped a year ahead
	printf 'invitations:\n- time: 2027-12-01T00:00:00Z\n  game: %s\n  key: %s\n  from: alice@example.org\n  verdict: joined\n' \
	    "$(printf '%064d' 0)" "$(awk '{ print $3 }' alice.pub)" \
	    >jr/judge.recent
	invite i1.eml
	at $T0 0 i1.eml
	err_has "judge.recent: 1 record dated after 2026-12-01T00:15:00Z ignored"
	[ "$(verdict)" = joined ] || fail "capped by a record from the future"
	grep -q '2027-12-01' jr/judge.recent && fail "the record kept"
	# fifteen minutes and a second ahead: ignored too
	printf 'invitations:\n- time: 2026-12-01T00:15:01Z\n  game: %s\n  key: %s\n  from: alice@example.org\n  verdict: joined\n' \
	    "$(printf '%064d' 0)" "$(awk '{ print $3 }' alice.pub)" \
	    >jr/judge.recent
	invite i3.eml
	at $T0 0 i3.eml
	err_has "judge.recent: 1 record dated after 2026-12-01T00:15:00Z ignored"
	# fifteen minutes ahead exactly: counted (the cap of one reached)
	printf 'invitations:\n- time: 2026-12-01T00:15:00Z\n  game: %s\n  key: %s\n  from: alice@example.org\n  verdict: joined\n' \
	    "$(printf '%064d' 0)" "$(awk '{ print $3 }' alice.pub)" \
	    >jr/judge.recent
	invite i2.eml
	at $T0 1 i2.eml
	err_has "takes at most 1 invitation in 24 hours from one sender"
}

# --- 4. special files ---------------------------------------------------------

# A FIFO or a device where the judge or a verb reads a file is refused at
# once, never waited on nor read for ever: GAMEDIR/watchers (the seats'
# updates still go out), ROOT/outbox and its marks, a mailbox given to
# receive or the bot, an archive given to standings or verify.
test_special_files_never_hang() {
	need timeout
	wstart -w carol@example.org
	mplay AR a1.eml setup d2
	rm -f "jr/$G/watchers"
	mkfifo "jr/$G/watchers"
	"$ADJ" setup -M -d "BR/$G" b4 2>/dev/null >b1.eml
	SPOOL=$PWD/spool expect 0 timeout 20 "$ADJ" judge -r jr -s "$SM" b1.eml
	err_has "observers: .*watchers: not a regular file"
	[ "$(mails_to bob@example.org | wc -l)" -ge 2 ] || fail "bob not updated"
	rm "jr/$G/watchers"
	# the drain's outbox: a FIFO, /dev/zero
	mkdir md md/new md/cur md/tmp
	printf 'From: carol@example.org\nSubject: HELP\n\nhelp\n' >md/new/1
	for how in fifo zero; do
		case $how in
		fifo) mkfifo jr/outbox ;;
		zero) ln -s /dev/zero jr/outbox ;;
		esac
		sent=$(nmail)
		SPOOL=$PWD/spool expect 3 timeout 20 "$ADJ" judge -r jr \
		    -s "$SM" md
		one_line
		err_has "^adjudicator: jr/outbox: not a regular file; move it away to go on$"
		[ -e md/new/1 ] && [ "$(nmail)" -eq "$sent" ] ||
		    fail "taken or sent with a $how outbox"
		rm jr/outbox
	done
	# its marks: no marks, never a wait (the owed answer goes)
	printf 'To: dave@example.org\nSubject: owed\n\nowed\n' >owed
	printf 'adjudicator-outbox 1 0011223344556677\nmail - - 0 /nowhere/1 %s\n' \
	    "$(wc -c <owed)" >jr/outbox
	cat owed >>jr/outbox
	echo >>jr/outbox
	mkfifo jr/outbox.sent
	SPOOL=$PWD/spool expect 0 timeout 20 "$ADJ" judge -r jr -s "$SM" md
	[ ! -e md/new/1 ] || fail "the queue not drained"
	mails_to dave@example.org | grep -q . || fail "the owed answer not sent"
	rm -f jr/outbox.sent
	# inputs named on the command line
	mkfifo fifo
	"$ADJ" export -d "AR/$G" >a.arc
	for v in "standings fifo" "standings /dev/zero" "standings a.arc fifo" \
	    "verify fifo" "verify /dev/zero" "receive -r AR fifo" \
	    "receive -r AR /dev/zero" "judge -r jr -s $SM fifo"; do
		# SPOOL: the judge's mailers start before it reads its input,
		# and are stopped when it refuses (quietly, with somewhere to
		# write)
		# shellcheck disable=SC2086
		SPOOL=$PWD/spool expect 1 timeout 20 "$ADJ" $v
		err_has "^adjudicator: .*\(fifo\|/dev/zero\): not a regular file$"
	done
}

# --- 5. numbers read strictly -------------------------------------------------

# A number in the judge's files with a sign, a blank or past its bound is
# a damaged record, never a wrapped one: an outbox length of -1 (exit 3,
# damaged at mail 1, not "out of memory"), a watchers line with -1; an
# outbox of an earlier run, its seat written -1, is still read.
test_record_numbers_strict() {
	wstart -w carol@example.org
	mplay AR a1.eml setup d2
	mkdir md md/new md/cur md/tmp
	printf 'From: carol@example.org\nSubject: HELP\n\nhelp\n' >md/new/1
	for line in 'mail - -1 0 - -1' 'mail - - 0 - +5' 'mail - - -0 - 5' \
	    'mail - - 0 - 05' 'mail - 99 0 - 5' 'mail -  - 0 - 5' \
	    'mail - - 0 - 99999999999999999999999'; do
		printf 'adjudicator-outbox 1 0011223344556677\n%s\nhello\n' \
		    "$line" >jr/outbox
		SPOOL=$PWD/spool expect 3 timeout 20 "$ADJ" judge -r jr \
		    -s "$SM" md
		one_line
		err_has "jr/outbox: damaged at mail 1; move it away to go on"
		[ -e md/new/1 ] || fail "taken with \"$line\""
	done
	# an earlier run's outbox: an answer (seat -1) owed, sent first
	printf 'From: judge@club.example\nTo: dave@example.org\nSubject: owed\n\nowed\n' \
	    >owed
	printf 'adjudicator-outbox 1 0011223344556677\nmail - -1 0 /nowhere/1 %s\n' \
	    "$(wc -c <owed)" >jr/outbox
	cat owed >>jr/outbox
	echo >>jr/outbox
	SPOOL=$PWD/spool expect 0 timeout 20 "$ADJ" judge -r jr -s "$SM" md
	mails_to dave@example.org | grep -q . || fail "the owed answer not sent"
	# watchers: -1 (once read as 2^64-1: carol never mailed again), +1,
	# 1.0, a blank too many, past the bound
	for seq in -1 +1 1.0 ' 1' 18446744073709551615 1000000000000; do
		printf '# adjudicator watchers 1\ncarol@example.org %s on\n' \
		    "$seq" >"jr/$G/watchers"
		ask "w.eml" dave@example.org "WATCH $S" 3
		err_has "jr/$G/watchers:2: not ADDRESS SEQ STATE"
	done
}

# --- 7. a test clock out of range ---------------------------------------------

# ADJUDICATOR_NOW past what a signed time can say (after 9999), or not
# digits alone, is ignored by every verb alike, the tick as show: the
# system's clock, nothing due, no record written from it.
test_test_clock_out_of_range_ignored() {
	wstart -o clock=1d
	mplay AR a1.eml setup d2
	mplay BR b1.eml setup b4
	for v in 253402300800 9223372036854775807 99999999999999999999 \
	    -5 ' 5' +5 5s; do
		snapshot jr
		ADJUDICATOR_NOW=$v SPOOL=$PWD/spool expect 0 "$ADJ" judge -r jr \
		    -s "$SM" -t
		unchanged jr
		ADJUDICATOR_NOW=$v expect 0 "$ADJ" show -d "AR/$G" -f yaml
		grep -q '^  deadline: ' out || fail "show: no deadline ($v)"
		grep -q '^  left:' out || fail "show at $v: no time left"
	done
	# the last second a signed time can say is a time: alice is timed out
	ADJUDICATOR_NOW=253402300799 SPOOL=$PWD/spool expect 0 "$ADJ" judge \
	    -r jr -s "$SM" -t
	grep -q 'ran out of time' "$(mails_to alice@example.org | tail -1)" ||
	    fail "no timeout at 9999-12-31T23:59:59Z"
}

# --- 6. a leave that ends before it begins ------------------------------------

# turn refuses it before signing anything; signed by hand and mailed, the
# judge refuses it too, and the game goes on.
test_leave_ending_before_it_begins() {
	wstart -o clock=1d -o leave=5d
	mplay AR a1.eml setup d2
	mplay BR b1.eml setup b4
	snapshot BR
	expect 2 "$ADJ" turn -M -d "BR/$G" leave 2026-12-10T00:00:00Z \
	    2026-12-05T00:00:00Z
	one_line
	err_has "leave 2026-12-10T00:00:00Z 2026-12-05T00:00:00Z: the absence ends before it begins"
	[ ! -s out ] || fail "a mail printed"
	unchanged BR
	expect 2 "$ADJ" turn -M -d "BR/$G" leave 2026-12-10T00:00:00Z \
	    2026-12-10T00:00:00Z
	# the same, signed by hand: a right leave's entry, its times swapped
	"$ADJ" turn -d "BR/$G" leave 2026-12-05T00:00:00Z \
	    2026-12-10T00:00:00Z >bl.msg
	"$ADJ" open -k jr/judge.key bl.msg >bl.yaml 2>/dev/null
	sed -n 's/^entry: //p' bl.yaml | base64 -d >bl.bin
	{
		grep -a -o -E '(game|seq|prev|by|to|kind): [^[:cntrl:]]*' bl.bin
		printf 'leave:\n  from: 2026-12-10T00:00:00Z\n'
		printf '  until: 2026-12-05T00:00:00Z\n'
	} >swapped.yaml
	grep -q '^kind: leave$' swapped.yaml || fail "no entry: $(cat swapped.yaml)"
	wire sign bob.key swapped.yaml jr/judge.pub >x.bin || fail "wire sign"
	{
		sed '/^entry: /d' bl.yaml
		echo "entry: $(base64 <x.bin | tr -d '\n')"
	} >x.private
	"$ADJ" seal -k bob.key jr/judge.pub x.private >x.msg
	{ printf 'From: bob@example.org\nSubject: leave\n\n'; cat x.msg; } >x.eml
	"$ADJ" export -d "jr/$G" >before.arc
	bot x.eml 1
	err_has "leave until 2026-12-05T00:00:00Z, not after its start 2026-12-10T00:00:00Z"
	"$ADJ" export -d "jr/$G" | cmp -s - before.arc ||
	    fail "the judge's transcript changed"
	# and the game goes on
	mplay AR a2.eml turn e3-c3
}

# --- 8. a NUL byte in the operator's settings --------------------------------

# Refused with the line and the column of the byte (in characters), as
# formats/club.md promises, and the mail kept.
test_settings_nul_byte_located() {
	mstart
	printf 'From: carol@example.org\nSubject: HELP\n\nhelp\n' >h.eml
	printf 'operator: ops@club.example\n# caf\303\251 \000 here\n' \
	    >jr/judge.yaml
	at $T0 2 h.eml
	one_line
	err_has "^adjudicator: jr/judge.yaml:2:8: NUL byte in document$"
	[ "$(nmail)" -eq 0 ] || fail "answered"
}

# A key across lines (a YAML key may be any scalar) in the operator's
# settings: the refusal is still one line, the line breaks shown as \n
# (found by fuzz_records), and the mail kept.
test_settings_key_across_lines() {
	mstart
	printf 'From: carol@example.org\nSubject: HELP\n\nhelp\n' >h.eml
	printf '? adj\n\n\n -0 on\n' >jr/judge.yaml
	at $T0 2 h.eml
	one_line
	err_has '^adjudicator: jr/judge.yaml:5:1: unknown key "adj\\n\\n-0 on"$'
	[ "$(nmail)" -eq 0 ] || fail "answered"
}
