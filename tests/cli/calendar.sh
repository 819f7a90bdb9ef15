# calendar -r ROOT: this member's deadlines as iCalendar (RFC 5545), read
# back by a real parser (Debian's python3-icalendar): one event for each
# game where its seat is to move on a running clock, at its deadline,
# ending where its grace ends; none for a game that waits on another, nor
# one without a clock.  Every time comes from the test clock.

# at TIME CMD...: CMD with the test clock at TIME
at() {
	cal_t=$1
	shift
	ADJUDICATOR_NOW=$cal_t "$@"
}

# game [OPTION]...: a peer incognito game made on 2026-11-20, alice's
# copy filed in AR, bob's in B-ID; its id in $gid
game() {
	for o in "$@"; do set -- "$@" -o "$o"; shift; done
	at 2026-11-20T09:00:00Z "$ADJ" new -k alice.key "$@" incognito \
	    alice.pub bob.pub >invite.msg || fail "new"
	at 2026-11-20T09:00:00Z "$ADJ" join -r AR -k alice.key invite.msg \
	    2>join.err || { cat join.err >&2; fail "join -r"; }
	gid=$(sed -n 's|^joined game [0-9a-f]* in AR/||p' join.err)
	[ -n "$gid" ] || { cat join.err >&2; fail "no game id"; }
	at 2026-11-20T09:00:00Z "$ADJ" join -d "B-$gid" -k bob.key invite.msg \
	    2>/dev/null || fail "join -d"
}

# setups ID TIME: both setups, bob's at TIME: alice's turn, her clock
# started at TIME
setups() {
	at "$2" "$ADJ" setup -d "AR/$1" d2 >a1.msg
	at "$2" "$ADJ" receive -d "B-$1" a1.msg >/dev/null 2>&1 ||
	    fail "bob takes alice's setup"
	at "$2" "$ADJ" setup -d "B-$1" b4 >b1.msg
	at "$2" "$ADJ" receive -r AR b1.msg >/dev/null 2>&1 ||
	    fail "alice takes bob's setup"
}

# ical: the python3 that imports icalendar (Debian's python3-icalendar
# serves /usr/bin/python3, which a python3 on the PATH may not be)
ical() {
	for py in python3 /usr/bin/python3; do
		"$py" -c 'import icalendar' 2>/dev/null && { echo "$py"; return; }
	done
	fail "python3-icalendar is needed for this test (CI installs it)"
}

# events FILE: each event of FILE as the parser reads it, a line each:
# UID|DTSTART|DTEND|DTSTAMP|SUMMARY|DESCRIPTION (newlines as /)
events() {
	"$(ical)" - "$1" <<'PY'
import sys, icalendar
data = open(sys.argv[1], 'rb').read()
cal = icalendar.Calendar.from_ical(data)
assert cal.get('VERSION') == '2.0', cal.get('VERSION')
assert cal.get('PRODID'), 'no PRODID'
for ev in cal.walk('VEVENT'):
    def t(name):
        v = ev.get(name)
        if v is None:
            return '-'
        d = v.dt
        assert d.utcoffset().total_seconds() == 0, (name, d)
        return d.strftime('%Y-%m-%dT%H:%M:%SZ')
    print('|'.join([str(ev.get('UID')), t('DTSTART'), t('DTEND'),
        t('DTSTAMP'), str(ev.get('SUMMARY')),
        str(ev.get('DESCRIPTION')).replace('\n', '/')]))
PY
}

# unfold FILE: its content lines whole, without CR
unfold() {
	tr -d '\r' <"$1" | awk 'NR > 1 && /^ / { l = l substr($0, 2); next }
	    NR > 1 { print l } { l = $0 } END { print l }'
}

# lines_ok FILE: CRLF line ends, none over 75 octets, folds start blank
lines_ok() {
	[ -s "$1" ] || fail "$1 is empty"
	tr -d '\r' <"$1" | cmp -s - "$1" && fail "$1: no CR"
	awk '{ if (substr($0, length($0)) != "\r") { print "no CRLF: " NR;
		exit 1 }
	    if (length($0) - 1 > 75) { print "too long: " NR; exit 1 } }' \
	    "$1" >bad || { cat bad "$1" >&2; fail "$1: lines"; }
}

test_calendar_your_turn_only() {
	keys alice bob
	# alice's turn, a clock of 3 days and a grace of 1: due on the 4th
	game clock=3d grace=1d
	mine=$gid
	setups "$mine" 2026-12-01T11:00:00Z
	# bob's turn on a clock: not alice's deadline
	game clock=3d
	theirs=$gid
	setups "$theirs" 2026-12-01T09:00:00Z
	at 2026-12-01T10:00:00Z "$ADJ" turn -d "AR/$theirs" e3-c3 >/dev/null
	# alice's turn without a clock
	game
	setups "$gid" 2026-11-21T10:00:00Z
	at 2026-12-02T08:00:00Z expect 0 "$ADJ" calendar -r AR -o cal.ics
	[ ! -s out ] && [ ! -s err ] || fail "calendar -o printed: $(cat out err)"
	lines_ok cal.ics
	[ "$(grep -c '^BEGIN:VEVENT' cal.ics)" -eq 1 ] ||
	    { cat cal.ics >&2; fail "not one event"; }
	events cal.ics >ev
	[ "$(wc -l <ev)" -eq 1 ] || { cat ev >&2; fail "the parser: not one"; }
	s=$(echo "$mine" | cut -c1-8)
	IFS='|' read -r uid start end stamp summary desc <ev
	[ "$uid" = "$mine-3@adjudicator" ] || fail "UID $uid"
	[ "$start" = 2026-12-04T11:00:00Z ] || fail "DTSTART $start"
	[ "$end" = 2026-12-05T11:00:00Z ] || fail "DTEND $end (the grace)"
	[ "$stamp" = 2026-12-02T08:00:00Z ] || fail "DTSTAMP $stamp"
	[ "$summary" = "incognito vs bob: your turn (game $s)" ] ||
	    fail "SUMMARY $summary"
	case $desc in
	"Your turn in game $(echo "$mine" | cut -c1-16) (incognito) as "`
	    `"alice./Last: entry 2: bob committed to a setup./Deadline "`
	    `"2026-12-04T11:00:00Z; the grace ends 2026-12-05T11:00:00Z./"`
	    `"adjudicator show -d AR/$(echo "$mine" | cut -c1-16)") ;;
	*) fail "DESCRIPTION $desc" ;;
	esac
	grep -q '^DTSTART:20261204T110000Z' cal.ics || fail "not UTC Z"
	# on stdout the same; a day later the same event (its UID), and
	# once alice moved, none
	at 2026-12-02T08:00:00Z expect 0 "$ADJ" calendar -r AR
	cmp out cal.ics || fail "stdout differs from -o"
	at 2026-12-03T08:00:00Z expect 0 "$ADJ" calendar -r AR
	unfold out | grep -qx "UID:$mine-3@adjudicator" || fail "UID not stable"
	at 2026-12-03T09:00:00Z "$ADJ" turn -d "AR/$mine" e3-c3 >/dev/null
	at 2026-12-03T09:00:00Z expect 0 "$ADJ" calendar -r AR -o cal.ics
	grep -q VEVENT cal.ics && { cat cal.ics >&2; fail "an event left"; }
	events cal.ics >ev
	[ ! -s ev ] || fail "the parser found an event: $(cat ev)"
}

# what RFC 5545 says of text: a comma, a semicolon, a backslash and a
# newline escaped, long lines folded, read back whole by the parser; no
# DTEND without a grace
test_calendar_text_escaped_and_folded() {
	keys alice bob
	game clock=2d
	setups "$gid" 2026-12-01T11:00:00Z
	mv AR 'A,R;x\y'
	at 2026-12-01T12:00:00Z expect 0 "$ADJ" calendar -r 'A,R;x\y' \
	    -o cal.ics
	lines_ok cal.ics
	grep -q '^ ' cal.ics || fail "nothing folded"
	grep -q '^DTEND' cal.ics && fail "a DTEND without a grace"
	unfold cal.ics | grep '^DESCRIPTION:' >desc
	grep -qF 'A\,R\;x\\y/' desc || { cat desc >&2; fail "not escaped"; }
	grep -qF 'as alice.\nLast: ' desc || fail "newline not escaped"
	events cal.ics >ev
	IFS='|' read -r uid start end stamp summary desc <ev
	[ "$start" = 2026-12-03T11:00:00Z ] || fail "DTSTART $start"
	[ "$end" = - ] || fail "DTEND $end"
	case $desc in
	*"adjudicator show -d A,R;x\\y/$(echo "$gid" | cut -c1-16)") ;;
	*) fail "DESCRIPTION read back: $desc" ;;
	esac
}

# judged by mail: once the judge took alice's setup, bob's is owed on
# his clock (in his calendar, not hers); his mail sent, the judge has the
# move and the event goes; then alice's turn is hers
test_calendar_judged_by_mail() {
	export ADJUDICATOR_NOW=2026-12-01T09:00:00Z
	mstart -o clock=1d -o grace=12h
	id8=$(echo "$G" | cut -c1-8)	# not $s, which deliver_all sets
	ADJUDICATOR_NOW=2026-12-01T10:00:00Z mplay AR a1.eml setup d2
	expect 0 "$ADJ" calendar -r AR -o alice.ics
	! grep -q VEVENT alice.ics || fail "alice: an event on bob's clock"
	expect 0 "$ADJ" calendar -r BR -o bob.ics
	events bob.ics >ev
	IFS='|' read -r uid start end stamp summary desc <ev
	[ "$uid" = "$G-3@adjudicator" ] || fail "bob's UID $uid"
	[ "$start" = 2026-12-02T10:00:00Z ] || fail "DTSTART $start"
	[ "$end" = 2026-12-02T22:00:00Z ] || fail "DTEND $end"
	[ "$summary" = "incognito vs alice: your setup (game $id8)" ] ||
	    fail "bob's SUMMARY $summary"
	# sent, not yet taken: the judge's move
	export ADJUDICATOR_NOW=2026-12-01T11:00:00Z
	"$ADJ" setup -M -d "BR/$G" b4 >b1.eml 2>/dev/null
	expect 0 "$ADJ" calendar -r BR -o bob.ics
	! grep -q VEVENT bob.ics || fail "bob: an event for a setup sent"
	bot b1.eml
	deliver_all
	expect 0 "$ADJ" calendar -r AR -o alice.ics
	events alice.ics >ev
	IFS='|' read -r uid start end stamp summary desc <ev
	[ "$uid" = "$G-5@adjudicator" ] || fail "alice's UID $uid"
	[ "$start" = 2026-12-02T11:00:00Z ] || fail "alice's DTSTART $start"
	[ "$summary" = "incognito vs bob: your turn (game $id8)" ] ||
	    fail "alice's SUMMARY $summary"
}

test_calendar_bad_arguments() {
	keys alice bob
	game clock=3d
	setups "$gid" 2026-12-01T11:00:00Z
	echo "mine" >keep.ics
	expect 2 "$ADJ" calendar
	one_line
	err_has "^adjudicator: calendar: -r ROOT is missing"
	expect 2 "$ADJ" calendar -r AR extra
	one_line
	err_has 'calendar: "extra": takes no operand'
	expect 2 "$ADJ" calendar -r AR -x
	err_has "calendar: unknown option -x (usage: adjudicator calendar -r ROOT \[-o FILE\])"
	expect 2 "$ADJ" calendar -r
	err_has "calendar: option -r needs a value"
	expect 2 "$ADJ" calendar -r AR -o ''
	err_has "calendar: -o: an empty file name"
	expect 2 "$ADJ" calendar -r nowhere -o keep.ics
	one_line
	err_has "nowhere: no such root"
	expect 4 "$ADJ" calendar -r AR -o nodir/cal.ics
	one_line
	err_has "^adjudicator: nodir/cal.ics: no such directory nodir$"
	[ ! -e nodir ] || fail "nodir made"
	[ "$(cat keep.ics)" = mine ] || fail "keep.ics changed"
	# a game that cannot be read is left out, and said
	mine=$gid
	game clock=3d
	printf 'not a journal\n' >"AR/$gid/journal"
	at 2026-12-02T08:00:00Z expect 0 "$ADJ" calendar -r AR -o cal.ics
	one_line
	err_has "^adjudicator: calendar: 1 game of AR cannot be read, left out (games -r says why)$"
	unfold cal.ics | grep -qx "UID:$mine-3@adjudicator" ||
	    fail "alice's game left out"
}
