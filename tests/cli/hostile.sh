# Hostile input on the club's judge (issue "hostile input"): what a
# stranger can send by mail, or a damaged or special file in the judge's
# root, never writes past a table, hangs, fails open or wraps a number.
# Through the stand-in sendmail (tests/cli/sendmail.sh, helpers in
# lib.sh); make check-asan runs it under the sanitizers.

# wstart OPTIONS...: mstart's game, new given OPTIONS too; $S its short id
wstart() {
	mstart "$@"
	S=$(echo "$G" | cut -c1-16)
}

# ask FILE FROM SUBJECT [STATUS]: a person's mail to the judge
ask() {
	printf 'From: %s\nSubject: %s\nMessage-ID: <%s@example.org>\n\n%s\n' \
	    "$2" "$3" "$1" "hello" >"$1"
	bot "$1" "${4:-0}"
}

# mails_to ADDRESS: the stand-in's mails to ADDRESS, in order
mails_to() {
	grep -lx "$1" spool/*.rcpt 2>/dev/null | sed 's/\.rcpt$/.eml/' |
	    sort -t/ -k2 -n
}

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
		ask "off$i.eml" "w$i@example.org" "UNWATCH $S"
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
	ask stop.eml w7@example.org "UNWATCH $S"
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
