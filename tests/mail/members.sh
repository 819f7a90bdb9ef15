#!/bin/sh
# A club's members find each other by real mail (make check-mail; issue
# 34): six local users, each with nothing but a key of its own and the
# judge's address, register in the club's directory (REGISTER, the code
# the judge mails, REGISTER CODE), import the directory the judge signs
# (MEMBERS, members import), and start games without swapping a key: one
# challenges another, who accepts; each seat joins its game from the
# invitation the judge mailed it; two seek the same game and the judge
# matches them; after the first game one asks for a
# rematch, the other accepts, and the new game has the seats swapped;
# CHALLENGE and REMATCH each confirmed by the code the judge mails the
# asker.  A forged CHALLENGE, REMATCH and SEEK (another member's address
# as From) make nothing: that member's mailbox gets the code, and
# without it no record is written, nobody is asked, no game is made.
# A member who takes one mail a day (DIGEST daily ics) is in three games
# whose updates the judge holds; its tick the next morning mails her one
# digest with a calendar of her deadlines, and receive takes it whole.
# A member's deadlines as iCalendar (calendar -r), read by a real parser.
#
# Needs root (it creates the users adjt-club and adjt-ann ... adjt-fay
# and clears their mail); as realmail.sh, a missing MTA is a failure
# with CI=true and a skip elsewhere.
#
# ADJ  the adjudicator binary under test
set -u
name=members
people="ann ben cid dee eve fay"
users="adjt-club"
for p in $people; do users="$users adjt-$p"; done
. "$(dirname "$0")/lib.sh"

J=adjt-club@localhost
log=/home/adjt-club/judge/log
loglines() { { wc -l <"$log"; } 2>/dev/null || echo 0; }
more_log() { [ "$(loglines)" -ge "$1" ]; }
nlog=0
# judged VERDICT: the judge's next log line came, with VERDICT
judged() {
	nlog=$((nlog + 1))
	wait_for "the judge's log line $nlog ($1)" more_log "$nlog"
	sed -n "${nlog}p" "$log" | grep -q " verdict=$1 " ||
	    fail "log line $nlog: $(sed -n "${nlog}p" "$log"), not $1"
}

# The judge: its key, its root, its settings, the procmail recipe.
as adjt-club 'mkdir -p judge && "$ADJ" keygen -N -d judge judge' \
    2>/dev/null || fail "judge keygen"
sed "s,^ADJUDICATOR=.*,ADJUDICATOR=$A," "$top/examples/procmailrc" \
    >/home/adjt-club/.procmailrc
printf 'address: %s\nmembers: addresses\n' "$J" \
    >/home/adjt-club/judge/judge.yaml
chown adjt-club /home/adjt-club/.procmailrc /home/adjt-club/judge/judge.yaml

# Each member: a key of its own and the judge's key, nothing else.
for p in $people; do
	as "adjt-$p" "\"\$ADJ\" keygen -N $p" 2>/dev/null ||
	    fail "$p keygen"
	cp /home/adjt-club/judge/judge.pub "/home/adjt-$p/"
	chown "adjt-$p" "/home/adjt-$p/judge.pub"
done

# command WHO SUBJECT [FILE]: adjt-WHO mails the judge SUBJECT, FILE the
# body (nothing else)
command() {
	as "adjt-$1" "{ printf 'From: adjt-$1@localhost\\nTo: $J\\n'; \
	    printf 'Subject: %s\\n\\n' '$2'; ${3:+cat $3;} } |
	    /usr/sbin/sendmail -t -i" || fail "$1: $2"
}
# answer WHO N PATTERN: adjt-WHO has N mails, the last one's Subject
# matching PATTERN
answer() {
	wait_for "$1's mail $2" more_mail "adjt-$1" "$2"
	last_mail "adjt-$1" | grep -q "^Subject: $3" ||
	    fail "$1's mail $2: $(last_mail "adjt-$1" | grep '^Subject')"
}
# code WHO VERB: the code the judge last mailed adjt-WHO for VERB
code() {
	last_mail "adjt-$1" |
	    sed -n "s/^    $2 \\([0-9a-f]\\{16\\}\\)\$/\\1/p" |
	    tail -1
}

# confirmed WHO SUBJECT VERB [VERDICT]: adjt-WHO mails the judge SUBJECT,
# is mailed the line that confirms it (SUBJECT and its code), and mails
# it back; the judge's log says VERB,code, then VERDICT (else VERB)
confirmed() {
	n0=$(mails "adjt-$1")
	command "$1" "$2"
	judged "$3,code"
	answer "$1" $((n0 + 1)) "\\[adjudicator\\] $(echo "$2" | cut -d' ' -f1)"
	c=$(code "$1" "$2")
	[ -n "$c" ] || fail "no code for $1's $2"
	command "$1" "$2 $c"
	judged "${4:-$3}"
}
# forged AS WHO SUBJECT: adjt-AS mails the judge SUBJECT with adjt-WHO's
# address as From
forged() {
	as "adjt-$1" "{ printf 'From: adjt-$2@localhost\nTo: $J\n'; \
	    printf 'Subject: %s\n\n' '$3'; } |
	    /usr/sbin/sendmail -t -i" || fail "$1 as $2: $3"
}

say "six members register"
for p in $people; do
	as "adjt-$p" "printf 'club: register\\nname: $p\\naddress: \
adjt-$p@localhost\\n' | \"\$ADJ\" seal -k $p.key judge.pub >register.msg" ||
	    fail "$p seals its registration"
	command "$p" REGISTER register.msg
	judged register,code
	answer "$p" 1 '\[adjudicator\] REGISTER'
	c=$(code "$p" REGISTER)
	[ -n "$c" ] || fail "no code for $p"
	command "$p" "REGISTER $c" register.msg
	judged register
	answer "$p" 2 '\[adjudicator\] REGISTER'
done
n=$(grep -c '^- name: ' /home/adjt-club/judge/members)
[ "$n" -eq 6 ] || fail "$n members listed, not 6"

say "ann imports the directory"
command ann MEMBERS
judged members
answer ann 3 '\[adjudicator\] members'
as adjt-ann '"$ADJ" members import -r games -k ann.key -j judge.pub \
    /var/mail/adjt-ann >import.out 2>&1' || {
	cat /home/adjt-ann/import.out >&2; fail "members import"; }
for p in $people; do
	grep -qx "  key: $(cat "/home/adjt-$p/$p.pub")" \
	    /home/adjt-ann/games/contacts/* || fail "$p not in ann's contacts"
done
grep -q "$(awk '{ print $3 }' /home/adjt-ben/ben.pub | cut -c1-8)" \
    /home/adjt-ann/import.out || fail "no fingerprint printed for ben"

say "ann challenges ben, who accepts"
confirmed ann 'CHALLENGE ben incognito clock=3d' challenge
answer ann 5 '\[adjudicator\] CHALLENGE'
answer ben 3 '\[adjudicator\] ann challenges you to incognito'
c=$(code ben ACCEPT)
[ -n "$c" ] || fail "no code in ben's challenge"
command ben "ACCEPT $c"
judged accept
G1=$(sed -n "${nlog}s/.* game=\\([0-9a-f]*\\) .*/\\1/p" "$log")
[ -n "$G1" ] || fail "no game in the judge's log"
wait_for "ann's invitation" more_mail adjt-ann 6
wait_for "ben's invitation" more_mail adjt-ben 4
for p in ann ben; do
	as "adjt-$p" "\"\$ADJ\" join -r games -k $p.key /var/mail/adjt-$p" \
	    2>/dev/null || fail "$p cannot join the game the judge made"
	ls "/home/adjt-$p/games" | grep -q "^$G1" ||
	    fail "$p joined another game"
done
as adjt-club "\"\$ADJ\" show -d judge/$(ls /home/adjt-club/judge |
    grep "^$G1") -f yaml" 2>/dev/null | grep -qx '  control: 3d' ||
    fail "the game's clock is not the challenge's"

say "a member's deadlines as iCalendar"
G1D=$(ls /home/adjt-ann/games | grep "^$G1")
# both setups, chosen by the bot, each mailed by its seat once its turn
# came (the order is the lot's)
done=0
for round in 1 2; do
	for p in ann ben; do
		[ "$done" -lt 2 ] || break
		as "adjt-$p" "\"\$ADJ\" receive -r games /var/mail/adjt-$p" \
		    >/dev/null 2>&1
		as "adjt-$p" "\"\$ADJ\" bot -S -d games/$G1D" \
		    >/dev/null 2>&1 || continue
		judged applied
		done=$((done + 1))
	done
done
[ "$done" -eq 2 ] || fail "the setups were not judged: $(tail -2 "$log")"
last=$(sed -n "${nlog}s/.* entry=\([0-9]*\) .*/\1/p" "$log")
for p in ann ben; do
	wait_for "$p's last update" grep -q "entry $last, for $p" \
	    "/var/mail/adjt-$p"
	as "adjt-$p" "\"\$ADJ\" receive -r games /var/mail/adjt-$p" \
	    >/dev/null 2>&1
	as "adjt-$p" "\"\$ADJ\" calendar -r games >cal.ics" ||
	    fail "$p: calendar -r"
done
ical=
for py in /usr/bin/python3 python3; do
	if $py -c 'import icalendar' 2>/dev/null; then ical=$py; break; fi
done
if [ -z "$ical" ]; then
	[ "${CI:-}" = true ] && fail "no python3 with icalendar"
	say "SKIP: the calendar check (no python3 icalendar)"
else
	events=0
	for p in ann ben; do
		k=$($ical -c 'import sys, icalendar
c = icalendar.Calendar.from_ical(open(sys.argv[1], "rb").read())
print(len([e for e in c.walk("VEVENT")]))' "/home/adjt-$p/cal.ics") ||
		    fail "$p's calendar does not parse"
		events=$((events + k))
	done
	[ "$events" -eq 1 ] || fail "$events deadlines in the calendars, not 1"
fi
say "the game ends; ben asks for a rematch, ann accepts"
# the first seat of G1 (the lot's) resigns; the rematch swaps the seats
f1=$(as adjt-ann "\"\$ADJ\" show -d games/$G1D -f yaml" 2>/dev/null |
    sed -n 's/^seats: \[\([a-z]*\),.*/\1/p')
case $f1 in ann) s1=ben ;; ben) s1=ann ;; *) fail "no seats: $f1" ;; esac
as "adjt-$f1" "\"\$ADJ\" turn -S -d games/$G1D resign" 2>/dev/null ||
    fail "$f1 cannot resign"
judged applied
e=$(sed -n "${nlog}s/.* entry=\([0-9]*\) .*/\1/p" "$log")
for p in ann ben; do
	wait_for "$p's last update" grep -q "entry $e, for $p" \
	    "/var/mail/adjt-$p"
done
S=$(echo "$G1" | cut -c1-16)
nb=$(mails adjt-ben)
na=$(mails adjt-ann)
confirmed ben "REMATCH $S" rematch
answer ben $((nb + 2)) '\[adjudicator\] REMATCH'
answer ann $((na + 1)) "\\[adjudicator\\] ben asks you for a rematch of $S"
c=$(code ann ACCEPT)
[ -n "$c" ] || fail "no code in ann's rematch mail"
command ann "ACCEPT $c"
judged accept
G2=$(sed -n "${nlog}s/.* game=\([0-9a-f]*\) .*/\1/p" "$log")
[ -n "$G2" ] && [ "$G2" != "$S" ] || fail "no new game in the judge's log"
wait_for "ann's invitation to the rematch" grep -q \
    "^adjudicator: you accepted ben's rematch of game $S\.$" /var/mail/adjt-ann
for p in ann ben; do
	as "adjt-$p" "\"\$ADJ\" join -r games -k $p.key /var/mail/adjt-$p" \
	    2>/dev/null || fail "$p cannot join the rematch"
done
G2D=$(ls /home/adjt-ann/games | grep "^$G2")
as adjt-ann "\"\$ADJ\" show -d games/$G2D -f yaml" 2>/dev/null |
    grep -qx "next: $s1" || fail "$s1 does not begin the rematch"
as adjt-club "\"\$ADJ\" show -d judge/$G2D -f yaml" 2>/dev/null |
    grep -qx '  control: 3d' || fail "the rematch's clock is not the game's"

say "forged CHALLENGE, REMATCH and SEEK make nothing"
# fay mails them with another member's address as From: the code goes
# to that member's mailbox alone; without it nothing is kept, nobody is
# asked, no game is made
nd=$(mails adjt-dee)
nc=$(mails adjt-cid)
na=$(mails adjt-ann)
nbb=$(mails adjt-ben)
ng=$(ls /home/adjt-club/judge | grep -c '^[0-9a-f]\{64\}$')
cp /home/adjt-club/judge/challenges /tmp/members.challenges
forged fay dee 'CHALLENGE cid incognito clock=3d'
judged challenge,code
wait_for "dee's code" more_mail adjt-dee $((nd + 1))
last_mail adjt-dee | grep -q '^    CHALLENGE cid incognito clock=3d '`
    `'[0-9a-f]\{16\}$' || fail "dee not mailed the code"
forged fay ann "REMATCH $S"
judged rematch,code
wait_for "ann's code" more_mail adjt-ann $((na + 1))
last_mail adjt-ann | grep -q "^    REMATCH $S [0-9a-f]\{16\}\$" ||
    fail "ann not mailed the code"
forged fay dee 'SEEK incognito clock=3d'
judged seek,code
wait_for "dee's second code" more_mail adjt-dee $((nd + 2))
last_mail adjt-dee | grep -q '^    SEEK incognito clock=3d [0-9a-f]\{16\}$' ||
    fail "dee not mailed the seek's code"
# a code guessed is refused, nothing changed
forged fay dee 'CHALLENGE cid incognito clock=3d 0123456789abcdef'
judged challenge,badcode
wait_for "dee's refusal" more_mail adjt-dee $((nd + 3))
[ "$(mails adjt-cid)" -eq "$nc" ] || fail "cid asked by a forged CHALLENGE"
[ "$(mails adjt-ben)" -eq "$nbb" ] || fail "ben asked by a forged REMATCH"
[ "$(mails adjt-fay)" -eq 2 ] || fail "fay was mailed a code"
cmp -s /tmp/members.challenges /home/adjt-club/judge/challenges ||
    fail "the record changed"
[ ! -e /home/adjt-club/judge/seeks ] || fail "a seek kept"
[ "$(ls /home/adjt-club/judge | grep -c '^[0-9a-f]\{64\}$')" -eq "$ng" ] ||
    fail "a game made"
for p in dee ann; do
	c=$(last_mail "adjt-$p" | grep -o '[0-9a-f]\{16\}$' | tail -1)
	[ -z "$c" ] || ! grep -rq "$c" /home/adjt-club/judge ||
	    fail "a code kept in the judge's root"
done

say "cid and dee seek the same game and are matched"
# cid's seek is open; dee's, of the same game and clock (the options in
# another order), matches it: the judge makes the game and invites both
nd=$(mails adjt-dee)
nc=$(mails adjt-cid)
confirmed cid 'SEEK incognito clock=3d limit=40' seek
answer cid $((nc + 2)) '\[adjudicator\] SEEK'
last_mail adjt-cid | grep -q '^Your seek [0-9a-f]* is open' ||
    fail "cid's seek not open: $(last_mail adjt-cid | sed '1,/^$/d')"
command dee SEEKS
judged seeks
wait_for "dee's list of seeks" more_mail adjt-dee $((nd + 1))
last_mail adjt-dee | grep -q '^[0-9a-f]\{16\}  *cid  *incognito' ||
    fail "SEEKS does not list cid's: $(last_mail adjt-dee | sed '1,/^$/d')"
last_mail adjt-dee | sed '1,/^$/d' | grep -q '@' && fail "an address listed"
confirmed dee 'SEEK incognito limit=40 clock=3d' seek seek,matched
GS=$(sed -n "${nlog}s/.* game=\([0-9a-f]*\) .*/\1/p" "$log")
[ -n "$GS" ] && [ "$GS" != - ] || fail "no game made of the seeks"
for p in cid dee; do
	wait_for "$p's invitation to the sought game" grep -q \
	    "^Subject: \\[adjudicator\\] incognito $GS: you against" \
	    "/var/mail/adjt-$p"
	as "adjt-$p" "\"\$ADJ\" join -r games -k $p.key /var/mail/adjt-$p" \
	    2>/dev/null || fail "$p cannot join the sought game"
done
grep -q '^  game: ' /home/adjt-club/judge/seeks ||
    fail "the game not kept in the seeks"

say "eve takes one mail a day, with her deadlines; three games"
command eve 'DIGEST daily ics'
judged digest,code
wait_for "eve's code" grep -q '^    DIGEST daily ics [0-9a-f]\{16\}$' \
    /var/mail/adjt-eve
c=$(sed -n 's/^    DIGEST daily ics \([0-9a-f]\{16\}\)$/\1/p' \
    /var/mail/adjt-eve | tail -1)
command eve "DIGEST daily ics $c"
judged digest,daily,ics
wait_for "eve's answer" grep -q '^Done: the judge now holds' /var/mail/adjt-eve
grep -q '^mode daily ics$' /home/adjt-club/judge/digest/eve ||
    fail "eve's choice not kept"
EG=
for o in cid dee fay; do
	confirmed eve "CHALLENGE $o incognito clock=3d" challenge
	wait_for "$o's challenge" grep -q \
	    '^Subject: \[adjudicator\] eve challenges you' "/var/mail/adjt-$o"
	c=$(code "$o" ACCEPT)
	command "$o" "ACCEPT $c"
	judged accept
	g=$(sed -n "${nlog}s/.* game=\([0-9a-f]*\) .*/\1/p" "$log")
	EG="$EG $g:$o"
	for p in eve "$o"; do
		wait_for "$p's invitation to $g" grep -q \
		    "^Subject: \\[adjudicator\\] incognito $g: you against" \
		    "/var/mail/adjt-$p"
		as "adjt-$p" "\"\$ADJ\" join -r games -k $p.key \
		    /var/mail/adjt-$p" 2>/dev/null || fail "$p cannot join $g"
	done
	# the first seat (the lot's) sets up: an update for eve, held
	gd=$(ls /home/adjt-eve/games | grep "^$g")
	f=$(as adjt-eve "\"\$ADJ\" show -d games/$gd -f yaml" 2>/dev/null |
	    sed -n 's/^seats: \[\([a-z]*\),.*/\1/p')
	as "adjt-$f" "\"\$ADJ\" bot -S -d games/$gd" >/dev/null 2>&1 ||
	    fail "$f cannot set up in $g"
	judged applied
done
sleep 2
grep -q "^Subject: \[adjudicator\] incognito [0-9a-f]*: entry 1, for eve" \
    /var/mail/adjt-eve && fail "an update mailed to eve, not held"
[ "$(grep -c '^held ' /home/adjt-club/judge/digest/eve)" -ge 3 ] ||
    fail "eve's updates not held: $(grep -c '^held ' \
    /home/adjt-club/judge/digest/eve)"
# the judge's crontab line, run as cron would at 06:01 UTC tomorrow
t=$(date -u -d "tomorrow 06:01" +%Y-%m-%dT%H:%M:%SZ)
as adjt-club "ADJUDICATOR_NOW=$t \"\$ADJ\" judge -r judge -t" ||
    fail "the tick"
wait_for "eve's digest" grep -q \
    '^Subject: \[adjudicator\] your digest: [0-9]* updates' /var/mail/adjt-eve
last_mail adjt-eve >/tmp/members.digest
n=$(grep -c '^-----BEGIN ADJUDICATOR MESSAGE-----' /tmp/members.digest)
[ "$n" -ge 3 ] || fail "$n updates in eve's digest"
grep -qi '^Content-Type: text/calendar' /tmp/members.digest ||
    fail "no calendar in eve's digest"
as adjt-eve "ADJUDICATOR_NOW=$t \"\$ADJ\" receive -r games \
    /var/mail/adjt-eve" >/dev/null 2>&1 || fail "eve cannot take her digest"
for go in $EG; do
	g=${go%%:*}
	gd=$(ls /home/adjt-eve/games | grep "^$g")
	a=$(as adjt-eve "\"\$ADJ\" show -d games/$gd -f yaml" 2>/dev/null |
	    sed -n 's/^seq: //p')
	b=$(as adjt-club "\"\$ADJ\" show -d judge/$gd -f yaml" 2>/dev/null |
	    sed -n 's/^seq: //p')
	[ -n "$a" ] && [ "$a" = "$b" ] ||
	    fail "eve's copy of $g at $a, the judge's at $b"
done
if [ -n "$ical" ]; then
	$ical -c 'import sys, email, icalendar
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
parts = [p for p in m.walk() if p.get_content_type() == "text/calendar"]
assert len(parts) == 1, "calendar parts: %d" % len(parts)
c = icalendar.Calendar.from_ical(parts[0].get_payload(decode=True))
print(len(list(c.walk("VEVENT"))))' /tmp/members.digest >/tmp/members.ev ||
	    fail "the digest's calendar does not parse"
	# an event for each game where eve moves on a running clock
	want=0
	for go in $EG; do
		gd=$(ls /home/adjt-club/judge | grep "^${go%%:*}")
		as adjt-club "\"\$ADJ\" show -d judge/$gd -f yaml" \
		    2>/dev/null | grep -qx 'next: eve' && want=$((want + 1))
	done
	[ "$(cat /tmp/members.ev)" -eq "$want" ] ||
	    fail "$(cat /tmp/members.ev) deadlines in the digest's calendar," \
	    "not $want"
fi
rm -f /tmp/members.digest /tmp/members.ev /tmp/members.challenges

[ ! -s /var/mail/adjt-club ] || fail "mail fell through to the judge's mailbox"
say "done, $nlog mails judged"
echo "members: 1 passed, 0 failed"
