# DIGEST by mail (issue 34, "One mail a day"): a member whose digest is
# daily gets no mail of an update during the day, and one digest at the
# first tick after the club's hour, carrying every update held, a
# summary of its games on top (its moves first, the soonest deadline
# first); receive -r takes the whole digest.  DIGEST off: one mail an
# update again, what was held sent at the next tick.  DIGEST daily ics:
# the member's deadlines attached as a calendar.  Reminders and
# timeouts still go at once.  Through the stand-in sendmail
# (tests/cli/sendmail.sh) and the test clock.

T0=1796083200		# 2026-12-01T00:00:00Z
H=3600

# dstart: the judge's root jr (its address, the directory of alice, bob
# and carol), and three judged games of knights that alice plays, each
# filed by the judge and joined by its seats: G1 alice-bob (clock 3d),
# G2 alice-carol (clock 1d, a reminder 12 hours before), G3 alice-bob
# (clock 5d)
dstart() {
	mkdir jr
	"$ADJ" keygen -N -d jr judge 2>/dev/null
	keys alice bob carol
	club_directory alice bob carol
	G1=$(game bob clock=3d)
	G2=$(game carol clock=1d -o remind=12h)
	G3=$(game bob clock=5d)
	rm -rf spool
}

# game OPPONENT CLOCK [NEW-OPTION...]: a game of alice against OPPONENT,
# filed by the judge and joined by both: its id
game() {
	o=$1 c=$2
	shift 2
	ADJUDICATOR_NOW=$T0 "$ADJ" new -k alice.key -m judge -j jr/judge.pub \
	    -a alice=alice@example.org -a "$o=$o@example.org" \
	    -a judge=judge@club.example -o "$c" "$@" knights alice.pub \
	    "$o.pub" >inv.msg || fail "new"
	ADJUDICATOR_NOW=$T0 SPOOL=$PWD/spool expect 0 "$ADJ" judge -r jr \
	    -s "$SM" inv.msg >/dev/null
	"$ADJ" join -r AR -k alice.key inv.msg 2>/dev/null || fail "join AR"
	case $o in bob) r=BR ;; carol) r=CR ;; esac
	"$ADJ" join -r $r -k "$o.key" inv.msg 2>/dev/null || fail "join $r"
	ls -t jr | grep '^[0-9a-f]\{64\}$' | head -1
}

# digest ADDRESS SETTING: ADDRESS sets its digest, with the code mailed
digest() {
	send d0.eml "$1" "DIGEST $2"
	code=$(last | sed -n "s/^    DIGEST $2 \([0-9a-f]\{16\}\)\$/\1/p")
	[ -n "$code" ] || { last >&2; fail "no code for DIGEST $2"; }
	send d1.eml "$1" "DIGEST $2 $code"
	last | grep -q '^Done: ' || { last >&2; fail "DIGEST $2"; }
	rm -rf spool
}

# move ROOT GAME SEED NOW: that seat's next move (the bot's), mailed to
# the judge at NOW
move() {
	"$ADJ" bot -M -d "$1/$2" -s "$3" >m.eml 2>merr || {
		cat merr >&2
		fail "bot -M -d $1/$2"
	}
	SPOOL=$PWD/spool ADJUDICATOR_NOW=$4 expect 0 "$ADJ" judge -r jr \
	    -s "$SM" m.eml
}

# take ROOT ADDRESS NOW: the seat reads its mailbox
take() {
	[ -f "spool/$2.mbox" ] || return 0
	ADJUDICATOR_NOW=$3 "$ADJ" receive -r "$1" "spool/$2.mbox" \
	    >/dev/null 2>rerr || { cat rerr >&2; fail "$1 refuses $2"; }
}

# tick NOW: the judge's tick
tick() {
	SPOOL=$PWD/spool ADJUDICATOR_NOW=$1 expect "${2:-0}" "$ADJ" judge \
	    -r jr -s "$SM" -t
}

# the day: alice moves in all three games; bob and carol answer in G1
# and G2 (alice to move in both, G2's deadline the sooner); G3 waits on
# bob.  Every update to alice held: none mailed to her.
day() {
	move AR "$G1" 1 $((T0 + H))
	move AR "$G2" 2 $((T0 + H))
	move AR "$G3" 3 $((T0 + H))
	take BR bob@example.org $((T0 + 2 * H))
	take CR carol@example.org $((T0 + 2 * H))
	move BR "$G1" 4 $((T0 + 2 * H))
	move CR "$G2" 5 $((T0 + 2 * H))
	[ -z "$(mails_to alice@example.org)" ] ||
	    fail "alice was mailed during the day"
	[ -n "$(mails_to bob@example.org)" ] || fail "bob was not mailed"
}

# A day of three games: nothing to alice until the tick after 06:00 UTC,
# then one digest with every update, its summary in order; receive -r
# of it applies every one
test_digest_day() {
	dstart
	digest alice@example.org daily
	grep -q '^mode daily plain$' jr/digest/alice || fail "not kept"
	day
	[ "$(grep -c '^held ' jr/digest/alice)" -ge 5 ] ||
	    fail "not every update held"
	# the default hour's edge: 05:59:59 holds, 06:00:00 sends
	tick $((T0 + 6 * H - 1))
	[ -z "$(mails_to alice@example.org)" ] || fail "a digest before 6"
	tick $((T0 + 6 * H))
	[ "$(mails_to alice@example.org | wc -l)" -eq 1 ] ||
	    fail "not one digest"
	f=$(mails_to alice@example.org)
	grep -q '^Subject: \[adjudicator\] your digest: [0-9]* updates' "$f" ||
	    fail "the digest's subject"
	n=$(grep -c '^-----BEGIN ADJUDICATOR MESSAGE-----' "$f")
	[ "$n" -ge 5 ] || fail "$n updates in the digest"
	# the summary: alice's moves, G2 (1d) before G1 (3d), then G3
	sed -n '/^Your move/,/^=====/p' "$f" >sum
	a=$(grep -n "^$(echo "$G2" | cut -c1-16)" sum | cut -d: -f1)
	b=$(grep -n "^$(echo "$G1" | cut -c1-16)" sum | cut -d: -f1)
	c=$(grep -n "^$(echo "$G3" | cut -c1-16)" sum | cut -d: -f1)
	o=$(grep -n '^News of your other games' sum | cut -d: -f1)
	[ -n "$a" ] && [ -n "$b" ] && [ -n "$c" ] && [ -n "$o" ] ||
	    { cat sum >&2; fail "the summary lacks a game"; }
	[ "$a" -lt "$b" ] && [ "$b" -lt "$o" ] && [ "$o" -lt "$c" ] ||
	    { cat sum >&2; fail "the summary's order"; }
	grep -q "your turn" sum || fail "the summary: whose turn"
	# the summary says only what LIST says of each game (the public's)
	send l.eml carol@example.org LIST 0 $((T0 + 6 * H))
	for g in "$G1" "$G2" "$G3"; do
		s=$(echo "$g" | cut -c1-16)
		last | grep "^$s" | sed 's/  *[a-z]*.s turn  */ /' |
		    sed 's/; open to.*//' >pub
		grep "^$s" sum | sed 's/\*//; s/  *your turn  */ /;
		    s/  *[a-z]*.s turn  */ /' >mine
		cmp -s pub mine || { diff pub mine >&2; fail "summary: $s"; }
	done
	grep -q '^held ' jr/digest/alice && fail "the spool not emptied"
	# the whole digest, one mail of several messages, taken in order
	ADJUDICATOR_NOW=$((T0 + 7 * H)) "$ADJ" receive -r AR "$f" \
	    >/dev/null 2>rerr || { cat rerr >&2; fail "receive the digest"; }
	for g in "$G1" "$G2" "$G3"; do
		[ "$(seq_of "AR/$g")" -eq "$(seq_of "jr/$g")" ] ||
		    fail "alice's copy of $g not brought up to date"
	done
	# the next tick: nothing more, nothing held again
	tick $((T0 + 6 * H + 120))
	grep -q '^held ' jr/digest/alice && fail "updates held again"
	[ "$(mails_to alice@example.org | wc -l)" -eq 1 ] ||
	    fail "a second digest"
	tail -3 jr/log | grep -q 'verdict=digest,alice' || fail "log"
}

# A stop after the digest was mailed and before its updates were
# dropped mails the same digest again: receive takes it as duplicates
test_digest_again_is_duplicates() {
	dstart
	digest alice@example.org daily
	day
	cp jr/digest/alice keep
	tick $((T0 + 6 * H + 60))
	cp keep jr/digest/alice
	tick $((T0 + 6 * H + 120))
	[ "$(mails_to alice@example.org | wc -l)" -eq 2 ] ||
	    fail "not the digest again"
	for f in $(mails_to alice@example.org); do
		ADJUDICATOR_NOW=$((T0 + 7 * H)) "$ADJ" receive -r AR "$f" \
		    >/dev/null 2>rerr || { cat rerr >&2; fail "receive"; }
	done
	[ "$(seq_of "AR/$G1")" -eq "$(seq_of "jr/$G1")" ] || fail "G1"
}

# DIGEST off: each update mailed at once again; what was held goes at
# the next tick, whatever the hour
test_digest_off() {
	dstart
	digest alice@example.org daily
	move AR "$G1" 1 $((T0 + H))
	[ -z "$(mails_to alice@example.org)" ] || fail "mailed while daily"
	take BR bob@example.org $((T0 + H))
	digest alice@example.org off
	grep -q '^mode off plain$' jr/digest/alice || fail "off not kept"
	tick $((T0 + 2 * H))
	[ "$(mails_to alice@example.org | wc -l)" -eq 1 ] ||
	    fail "what was held not sent at the tick"
	grep -q '^Subject: \[adjudicator\] your digest: 1 update$' \
	    "$(mails_to alice@example.org)" || fail "not the digest"
	[ ! -e jr/digest/alice ] || ! grep -q '^held' jr/digest/alice ||
	    fail "still held"
	move BR "$G1" 4 $((T0 + 3 * H))
	[ "$(mails_to alice@example.org | wc -l)" -eq 2 ] ||
	    fail "the update not mailed at once"
	take AR alice@example.org $((T0 + 3 * H))
	[ "$(seq_of "AR/$G1")" -eq "$(seq_of "jr/$G1")" ] || fail "AR"
}

# judge.yaml's digest: daily makes every member daily unless it chose
# off; digest_hour moves the hour
test_digest_club_default() {
	dstart
	printf 'address: judge@club.example\ndigest: daily\ndigest_hour: 9\n' \
	    >jr/judge.yaml
	move AR "$G1" 1 $((T0 + H))
	[ -z "$(mails_to alice@example.org)" ] || fail "alice mailed"
	[ -z "$(mails_to bob@example.org)" ] || fail "bob mailed"
	# the edge: 08:59:59 holds, 09:00:00 sends
	tick $((T0 + 9 * H - 1))
	[ "$(nmail)" -eq 0 ] || fail "a digest before 9"
	tick $((T0 + 9 * H))
	[ "$(mails_to alice@example.org | wc -l)" -eq 1 ] &&
	    [ "$(mails_to bob@example.org | wc -l)" -eq 1 ] ||
	    fail "not a digest each at 9"
	printf 'digest: weekly\n' >jr/judge.yaml
	tick $((T0 + 10 * H)) 2
	err_has 'digest: "weekly": daily or off'
	printf 'digest_hour: 24\n' >jr/judge.yaml
	tick $((T0 + 10 * H)) 2
	err_has 'digest_hour: an hour from 0 to 23'
}

# DIGEST daily ics: the digest carries alice's deadlines as a calendar
# (text/calendar), read by a real parser when python3 has one
test_digest_ics() {
	dstart
	digest alice@example.org "daily ics"
	grep -q '^mode daily ics$' jr/digest/alice || fail "ics not kept"
	day
	tick $((T0 + 6 * H + 60))
	f=$(mails_to alice@example.org)
	[ "$(echo "$f" | wc -l)" -eq 1 ] || fail "not one digest"
	grep -q '^Content-Type: multipart/mixed' "$f" || fail "not multipart"
	grep -q '^Content-Type: text/calendar' "$f" || fail "no calendar"
	python3 - "$f" "$G1" "$G2" <<'EOF' || fail "the calendar"
import email, sys
from email import policy
m = email.message_from_file(open(sys.argv[1]), policy=policy.default)
cal = [p for p in m.walk() if p.get_content_type() == "text/calendar"]
assert len(cal) == 1, "one calendar"
text = cal[0].get_payload(decode=True).decode()
assert text.count("BEGIN:VEVENT") == 2, text
for g in sys.argv[2:]:
    assert g[:8] in text, g
assert "ROOT/" in text and "jr/" not in text, "the judge's path"
try:
    import icalendar
except ImportError:
    sys.exit(0)
c = icalendar.Calendar.from_ical(text)
ev = [e for e in c.walk("VEVENT")]
assert len(ev) == 2
starts = sorted(e.decoded("DTSTART") for e in ev)
assert starts[0] < starts[1]
EOF
	ADJUDICATOR_NOW=$((T0 + 7 * H)) "$ADJ" receive -r AR "$f" \
	    >/dev/null 2>rerr || { cat rerr >&2; fail "receive"; }
	[ "$(seq_of "AR/$G2")" -eq "$(seq_of "jr/$G2")" ] || fail "G2"
}

# Reminders go at once, digest or not; a timeout's update too
test_digest_reminder_at_once() {
	dstart
	digest alice@example.org daily
	day
	# G2: alice's clock of 1d from T0+2h; reminded 12 hours before
	tick $((T0 + 15 * H))
	r=$(grep -l '^Subject: .*your move is due by' \
	    $(mails_to alice@example.org) 2>/dev/null | head -1)
	[ -n "$r" ] || fail "no reminder to alice"
	grep -q 'BEGIN ADJUDICATOR' "$r" && fail "the reminder carries updates"
	# the timeout: its update at once, not in tomorrow's digest
	rm -rf spool
	tick $((T0 + 3 * H + 86400))
	grep -l 'BEGIN ADJUDICATOR' $(mails_to carol@example.org) \
	    >/dev/null 2>&1 || fail "carol not told the timeout"
	grep -l "$(echo "$G2" | cut -c1-16)" $(mails_to alice@example.org) |
	    xargs grep -l '^Subject: .*entry' >/dev/null 2>&1 ||
	    fail "alice's timeout update held"
}

# Bad commands: one line back, nothing changed
test_digest_refused() {
	dstart
	for a in "weekly" "off ics" "daily ics xyz" \
	    "daily 0123456789abcdef extra"; do
		n0=$(nmail)
		send r.eml alice@example.org "DIGEST $a" 3
		[ "$(nmail)" -eq $((n0 + 1)) ] || fail "'$a': not one answer"
		last | head -1 |
		    grep -q '^The judge did not take your DIGEST' ||
		    { last >&2; fail "'$a': not told"; }
	done
	# a bare DIGEST is no command (a list's digest): not understood
	send b.eml alice@example.org "DIGEST" 3
	tail -1 jr/log | grep -q 'verdict=digest' && fail "a bare DIGEST"
	send s.eml mallory@example.org "DIGEST daily" 1
	last | grep -q "no member's address" || fail "a stranger"
	send c.eml alice@example.org "DIGEST daily 0123456789abcdef" 1
	last | grep -q "not the judge's code" || fail "a bad code"
	# a code for off does not set daily
	send o.eml alice@example.org "DIGEST off"
	code=$(last | sed -n 's/^    DIGEST off \([0-9a-f]\{16\}\)$/\1/p')
	send o2.eml alice@example.org "DIGEST daily $code" 1
	[ ! -e jr/digest ] || [ -z "$(ls jr/digest)" ] ||
	    fail "a record written"
	# a damaged record: the tick says where, and sends nothing
	digest alice@example.org daily
	printf 'adjudicator digest 1\nmode daily plain\nto -\nheld x\n' \
	    >jr/digest/alice
	tick $((T0 + 7 * H)) 2
	err_has 'jr/digest/alice:4: not "held TIME GAME SEQ LEN"'
	# ... and holds nothing back: alice's update goes as its own mail
	rm -rf spool
	move AR "$G1" 1 $((T0 + 7 * H))
	[ "$(mails_to alice@example.org | wc -l)" -eq 1 ] ||
	    fail "alice's update kept back by a damaged record"
	send h.eml carol@example.org HELP
	last | grep -q '^  DIGEST MODE \[CODE\]  *one mail a day' ||
	    fail "HELP"
}

# A drained queue (judge -r over a Maildir) holds alice's updates as one
# mail does: none of them mailed nor in ROOT/outbox; bob's mailed
test_digest_drained_queue() {
	dstart
	digest alice@example.org daily
	mkdir md md/new md/cur md/tmp
	"$ADJ" bot -M -d "AR/$G1" -s 1 >md/new/1 || fail "bot G1"
	"$ADJ" bot -M -d "AR/$G2" -s 2 >md/new/2 || fail "bot G2"
	SPOOL=$PWD/spool ADJUDICATOR_NOW=$((T0 + H)) expect 0 "$ADJ" judge \
	    -r jr -s "$SM" md
	[ -z "$(mails_to alice@example.org)" ] || fail "alice was mailed"
	[ -n "$(mails_to bob@example.org)" ] && \
	    [ -n "$(mails_to carol@example.org)" ] || fail "bob, carol"
	[ "$(grep -c '^held ' jr/digest/alice)" -eq 2 ] || fail "not held"
	tick $((T0 + 6 * H))
	f=$(mails_to alice@example.org)
	[ "$(echo "$f" | wc -l)" -eq 1 ] || fail "not one digest"
	ADJUDICATOR_NOW=$((T0 + 7 * H)) "$ADJ" receive -r AR "$f" \
	    >/dev/null 2>rerr || { cat rerr >&2; fail "receive"; }
	[ "$(seq_of "AR/$G1")" -eq "$(seq_of "jr/$G1")" ] &&
	    [ "$(seq_of "AR/$G2")" -eq "$(seq_of "jr/$G2")" ] ||
	    fail "alice's copies"
	# recorded sent: a later tick holds and mails nothing more
	tick $((T0 + 12 * H))
	grep -q '^held ' jr/digest/alice && fail "alice's updates held again"
	[ "$(mails_to alice@example.org | wc -l)" -eq 1 ] ||
	    fail "alice's updates again"
}

# A member who is not daily gets a mail an update, as a stranger does
test_digest_off_by_default() {
	dstart
	move AR "$G1" 1 $((T0 + H))
	[ "$(mails_to alice@example.org | wc -l)" -eq 1 ] ||
	    fail "alice not mailed her update"
	[ ! -e jr/digest ] || fail "a record written"
}

# Two runs at once, each holding an update of alice's: both held, each
# once (ROOT/digest.lock)
test_digest_two_runs_at_once() {
	dstart
	digest alice@example.org daily
	"$ADJ" bot -M -d "AR/$G1" -s 1 >m1.eml || fail "bot G1"
	"$ADJ" bot -M -d "AR/$G2" -s 2 >m2.eml || fail "bot G2"
	for m in m1 m2; do
		SPOOL=$PWD/spool ADJUDICATOR_NOW=$((T0 + H)) "$ADJ" judge \
		    -r jr -s "$SM" $m.eml >$m.out 2>&1 &
	done
	wait
	[ "$(grep -c '^held ' jr/digest/alice)" -eq 2 ] ||
	    fail "not both held: $(grep '^held ' jr/digest/alice)"
	for g in "$G1" "$G2"; do
		[ "$(grep -c "^held [0-9]* $g 2 " jr/digest/alice)" -eq 1 ] ||
		    fail "$g not held once"
	done
}
