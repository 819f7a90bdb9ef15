#!/bin/sh
# A club's members find each other by real mail (make check-mail; issue
# 34): six local users, each with nothing but a key of its own and the
# judge's address, register in the club's directory (REGISTER, the code
# the judge mails, REGISTER CODE), import the directory the judge signs
# (MEMBERS, members import), and start games without swapping a key: one
# challenges another, who accepts; each seat joins its game from the
# invitation the judge mailed it; after that game one asks for a
# rematch, the other accepts, and the new game has the seats swapped.  A member's deadlines as iCalendar
# (calendar -r), read by a real parser.
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
	last_mail "adjt-$1" | sed -n "s/^    $2 \\([0-9a-f]\\{16\\}\\)\$/\\1/p" |
	    tail -1
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
command ann 'CHALLENGE ben incognito clock=3d'
judged challenge
answer ann 4 '\[adjudicator\] CHALLENGE'
answer ben 3 '\[adjudicator\] ann challenges you to incognito'
c=$(code ben ACCEPT)
[ -n "$c" ] || fail "no code in ben's challenge"
command ben "ACCEPT $c"
judged accept
G1=$(sed -n "${nlog}s/.* game=\\([0-9a-f]*\\) .*/\\1/p" "$log")
[ -n "$G1" ] || fail "no game in the judge's log"
wait_for "ann's invitation" more_mail adjt-ann 5
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
command ben "REMATCH $S"
judged rematch
answer ben $((nb + 1)) '\[adjudicator\] REMATCH'
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

[ ! -s /var/mail/adjt-club ] || fail "mail fell through to the judge's mailbox"
say "done, $nlog mails judged"
echo "members: 1 passed, 0 failed"
