#!/bin/sh
# Games played by real mail (make check-mail): a local MTA (exim4 or
# postfix, loopback only), procmail, and three local users: two seats and
# a judge.  Every message is sent with sendmail and delivered by the MTA;
# the judge is run by procmail from examples/procmailrc; the players read
# their mailboxes with "receive -r".  A whole judged game, a judged game
# with a clock where one seat stops answering (the judge's cron line, run
# at later times of the test clock, sends the reminders, the lateness
# notices and the timeout), then a whole peer game.
#
# Club play: the operator hands bob's seat in a judged game to carol (a
# new key and address): the judge mails her the invitation and the seat's
# whole copy, which she joins and plays on; then alice loses her game
# directory, joins again and mails the judge a restore request, and its
# answer makes her copy whole, her own setup included.  The game has an
# observer named at new (dave), and bob, who left, asks the judge by
# mail to watch it (WATCH, the code, WATCH with the code): both are
# mailed after each entry what the public may know, and never a setup,
# an update or a seat's address; the game ends, and the archive each is
# mailed verifies.
#
# A third judge drains a queue: procmail delivers its mail into a
# Maildir, and the judge's run (as from cron) takes what is there and
# hands its mails to the MTA in one SMTP conversation (sendmail -bs).
#
# Then a second judge run by examples/dot-forward (the .forward line) as
# written, with the wrapper examples/judge-filter.sh where make install
# puts it (here a staging PREFIX for /usr/local): a mail it cannot read
# is answered, and never bounced.
#
# Needs root (it creates the users adjt-alice, adjt-bob, adjt-judge,
# adjt-judge2, adjt-judge3, adjt-carol, adjt-dave and clears their mail).  With CI=true a
# missing MTA, procmail or root is a failure; elsewhere the test says
# why it skips and exits 0.
#
# ADJ  the adjudicator binary under test
set -u
name=realmail
users="adjt-alice adjt-bob adjt-judge adjt-judge2 adjt-judge3 adjt-carol adjt-dave"
. "$(dirname "$0")/lib.sh"

loglines() {
	{ wc -l <"/home/adjt-judge/judge/log"; } 2>/dev/null || echo 0
}
more_log() { [ "$(loglines)" -ge "$1" ]; }

# The judge: its key, its root and the procmail recipe of examples/.
mail_judge adjt-judge adjt-alice adjt-bob

# --- a judged game ---------------------------------------------------------

say "judged game: alice invites bob; the judge is adjt-judge@localhost"
# as the README says: new -M, the whole mail, to sendmail
as adjt-alice '"$ADJ" new -M -k alice.key -m judge -j judge.pub \
    -a alice=adjt-alice@localhost -a bob=adjt-bob@localhost \
    -a judge=adjt-judge@localhost incognito alice.pub bob.pub >invite.eml &&
    "$ADJ" join -r games -k alice.key invite.eml &&
    /usr/sbin/sendmail -t -i <invite.eml' 2>/dev/null ||
    fail "alice cannot invite"
wait_for "the judge's join" more_log 1
grep -q 'verdict=joined' /home/adjt-judge/judge/log || fail "the judge did not join"
wait_for "bob's invitation" more_mail adjt-bob 1
as adjt-bob '"$ADJ" join -r games -k bob.key /var/mail/adjt-bob' 2>/dev/null ||
    fail "bob cannot join from his mailbox"
G=$(ls /home/adjt-alice/games)
[ -d "/home/adjt-bob/games/$G" ] || fail "bob joined another game"
# the judge tells alice, once, what it filed and who begins
wait_for "alice's acknowledgement" more_mail adjt-alice 1
last_mail adjt-alice | grep -q "^Subject: \[adjudicator\] game $(echo "$G" |
    cut -c1-8) filed: alice to begin" && last_has adjt-alice 'alice sets up first' ||
    fail "the acknowledgement: $(last_mail adjt-alice)"

na=1 nb=1 nl=1
# jsend USER VERB ARGS: USER's message as a whole mail to the judge; the
# judge's updates reach both seats, who read their mailboxes
jsend() {
	u=$1
	shift
	say "$u: $*"
	# the game by the 16 digits games -r prints, as the views name it
	# -S: the seat's adjudicator hands the mail to exim's sendmail
	# itself, and says to whom
	as "$u" "\"\$ADJ\" $1 -S -d games/$(echo "$G" | cut -c1-16) $2 2>sent" ||
	    fail "$u: $*"
	as "$u" 'grep -q "sent to the judge <adjt-judge@localhost>" sent' ||
	    fail "$u: no line saying what was sent"
	nl=$((nl + 1)) na=$((na + 1)) nb=$((nb + 1))
	wait_for "the judge's log line $nl" more_log $nl
	tail -1 /home/adjt-judge/judge/log | grep -q 'verdict=applied' ||
	    fail "the judge: $(tail -1 /home/adjt-judge/judge/log)"
	wait_for "alice's update" more_mail adjt-alice $na
	wait_for "bob's update" more_mail adjt-bob $nb
	for s in adjt-alice adjt-bob; do
		as "$s" '"$ADJ" receive -r games /var/mail/'"$s"' >view' \
		    2>/dev/null || fail "$s refuses her mailbox"
	done
}
jsend adjt-alice setup d2
jsend adjt-bob setup b4
jsend adjt-alice turn e3-c3
jsend adjt-bob turn b4-b3
# the last mail to bob says what happened, in plain text, in the mail
jsend adjt-alice turn "'c3?b3'"
grep -q 'Game over: alice won' /home/adjt-bob/view || fail "bob: not over"
last_mail adjt-bob | grep -q 'Game over: alice won' ||
    fail "bob's mail does not say the game is over"
grep -q '^Subject: \[adjudicator\] incognito .*, for bob$' /var/mail/adjt-bob ||
    fail "no Subject naming the game"

# a duplicate gets its seat's updates again; a mail the judge cannot read
# is answered, and neither falls through to the judge's mailbox
say "a duplicate, then a mail with no message"
as adjt-alice '"$ADJ" resend -S -d games/'"$G"' 3'
nl=$((nl + 1)) na=$((na + 1))
wait_for "the duplicate's log line" more_log $nl
tail -1 /home/adjt-judge/judge/log | grep -q 'verdict=duplicate sent=1' ||
    fail "the duplicate: $(tail -1 /home/adjt-judge/judge/log)"
wait_for "alice's updates again" more_mail adjt-alice $na
last_has adjt-alice 'Your message had reached the judge already' ||
    fail "alice is not told"
as adjt-bob 'printf "From: adjt-bob@localhost\nTo: adjt-judge@localhost\nSubject: hello\n\nmy move: e3-c3\n" | /usr/sbin/sendmail -t -i'
nl=$((nl + 1)) nb=$((nb + 1))
wait_for "the answer to bob" more_mail adjt-bob $nb
tail -1 /home/adjt-judge/judge/log | grep -q 'verdict=malformed,answered' ||
    fail "the malformed mail: $(tail -1 /home/adjt-judge/judge/log)"
[ ! -s /var/mail/adjt-judge ] || fail "mail fell through to the judge's mailbox"

as adjt-alice '"$ADJ" export -d games/'"$G"' >a.arc && "$ADJ" verify a.arc' \
    >/tmp/realmail.verify 2>&1 || fail "alice's export does not verify"
grep -q '^result: alice won' /tmp/realmail.verify || fail "the result"
as adjt-bob '"$ADJ" games -r games' | grep -q "^$(echo "$G" | cut -c1-16)  incognito .*over" ||
    fail "games -r: the game is not over"
say "judged game: done, $(loglines) mails judged"

# --- a judged game with a clock: bob stops answering -----------------------

say "a timed game: clock=1d grace=2h; bob stops answering"
as adjt-alice '"$ADJ" new -k alice.key -m judge -j judge.pub \
    -o clock=1d -o grace=2h \
    -a alice=adjt-alice@localhost -a bob=adjt-bob@localhost \
    -a judge=adjt-judge@localhost incognito alice.pub bob.pub >timed.msg &&
    "$ADJ" join -r games -k alice.key timed.msg &&
    { printf "From: adjt-alice@localhost\nTo: adjt-bob@localhost, adjt-judge@localhost\nSubject: [adjudicator] a timed game\n\n"
      cat timed.msg; } | /usr/sbin/sendmail -t -i' 2>/dev/null ||
    fail "alice cannot invite"
nl=$((nl + 1)) nb=$((nb + 1)) na=$((na + 1))
wait_for "the judge's join" more_log $nl
wait_for "bob's invitation" more_mail adjt-bob $nb
wait_for "alice's acknowledgement" more_mail adjt-alice $na
as adjt-bob '"$ADJ" join -r games -k bob.key /var/mail/adjt-bob' 2>/dev/null ||
    fail "bob cannot join the timed game"
T=$(ls /home/adjt-alice/games | grep -v "$G")
Gsave=$G
G=$T
jsend adjt-alice setup d2
jsend adjt-bob setup b4
jsend adjt-alice turn e3-c3
G=$Gsave
# bob's deadline, as the judge's signed times make it
dl=$(as adjt-alice '"$ADJ" show -d games/'"$T"' -f yaml' |
    awk '/^clock:/ { c = 1 } c && $1 == "deadline:" { print $2; exit }')
[ -n "$dl" ] || fail "no deadline in alice's view"
d=$(date -u -d "$(echo "$dl" | sed 's/T/ /; s/Z$//')" +%s) ||
    fail "deadline $dl"
# tick TIME: the judge's cron line, at the test clock's TIME (seconds)
tick() {
	as adjt-judge "ADJUDICATOR_NOW=$1 \"\$ADJ\" judge -r judge -t" ||
	    fail "the tick at $1"
}
tick $((d - 7 * 3600))
[ "$(mails adjt-bob)" -eq "$nb" ] || fail "a reminder 7 hours before"
tick $((d - 5 * 3600))
nb=$((nb + 1))
wait_for "bob's reminder" more_mail adjt-bob $nb
last_has adjt-bob "your move is due by $dl" || fail "the reminder"
tick $((d - 4 * 3600))
sleep 1
[ "$(mails adjt-bob)" -eq "$nb" ] || fail "a reminder twice"
tick $((d + 3600))
na=$((na + 1)) nb=$((nb + 1))
wait_for "alice's lateness notice" more_mail adjt-alice $na
wait_for "bob's lateness notice" more_mail adjt-bob $nb
last_has adjt-alice "bob is late" || fail "alice is not told bob is late"
tick $((d + 2 * 3600 + 61))
na=$((na + 1)) nb=$((nb + 1))
wait_for "alice's update" more_mail adjt-alice $na
wait_for "bob's update" more_mail adjt-bob $nb
last_has adjt-bob 'bob ran out of time' || fail "bob's mail: no timeout"
# alice reads it when the tick ran (by her own clock, the judge's
# timeout would be a day in her future: not applied, kept aside)
as adjt-alice "ADJUDICATOR_NOW=$((d + 2 * 3600 + 120)) \"\$ADJ\" receive -r games /var/mail/adjt-alice >view" \
    2>/dev/null || fail "alice refuses her mailbox"
grep -q 'Game over: alice won (bob ran out of time' /home/adjt-alice/view ||
    fail "alice: the timeout is not in her view"
tick $((d + 3 * 3600))
sleep 1
[ "$(mails adjt-alice)" -eq "$na" ] || fail "a second timeout"
as adjt-alice "export ADJUDICATOR_NOW=$((d + 3 * 3600)); \"\$ADJ\" export -d games/$T >t.arc && \"\$ADJ\" verify t.arc" \
    >/tmp/realmail.verify 2>&1 || fail "the timed game does not verify"
grep -q 'by judge at .*: bob ran out of time' /tmp/realmail.verify ||
    fail "verify does not say the timeout"
say "timed game: done"

# --- a peer game -----------------------------------------------------------

say "peer game: bob invites alice"
as adjt-bob '"$ADJ" new -M -k bob.key -a alice=adjt-alice@localhost \
    -a bob=adjt-bob@localhost incognito alice.pub bob.pub >peer.eml &&
    "$ADJ" join -r games -k bob.key peer.eml &&
    /usr/sbin/sendmail -t -i <peer.eml' 2>/dev/null ||
    fail "bob cannot invite"
na=$((na + 1))
wait_for "alice's invitation" more_mail adjt-alice $na
as adjt-alice '"$ADJ" join -r games -k alice.key /var/mail/adjt-alice' \
    2>/dev/null || fail "alice cannot join"
P=$(ls /home/adjt-bob/games | grep -v "$G" | grep -v "$T")
[ -d "/home/adjt-alice/games/$P" ] || fail "alice joined another game"

# psend USER VERB ARGS: USER's message mailed to the other seat, who
# reads her mailbox
psend() {
	u=$1
	shift
	say "$u: $*"
	case $u in adjt-alice) o=adjt-bob ;; *) o=adjt-alice ;; esac
	n=$(($(mails "$o") + 1))
	as "$u" "\"\$ADJ\" $1 -S -d games/$(echo "$P" | cut -c1-8) $2" ||
	    fail "$u: $*"
	wait_for "$o's mail" more_mail "$o" $n
	# read after the timed game's last tick: its mails stay in the
	# mailbox, and by the system clock the judge's timeout is a day in
	# the future (not applied: receive would say so, and exit 1)
	as "$o" "ADJUDICATOR_NOW=$((d + 3 * 3600)) \"\$ADJ\" receive -r games /var/mail/$o >view" \
	    2>/dev/null || fail "$o refuses her mailbox"
}
# alice is the first seat: her setup first
psend adjt-alice setup d2
psend adjt-bob setup b4
psend adjt-alice turn e3-c3
psend adjt-bob turn a3-b3
psend adjt-alice turn "'c3?b3'"
psend adjt-bob turn b4-c4
psend adjt-alice turn c1-c3
psend adjt-bob turn a4-a2
psend adjt-alice turn "'?c4'"
psend adjt-bob turn ""
psend adjt-alice turn ""
for u in adjt-alice adjt-bob; do
	as "$u" '"$ADJ" export -d games/'"$P"' >p.arc'
done
cmp -s /home/adjt-alice/p.arc /home/adjt-bob/p.arc ||
    fail "the two seats' exports differ"
as adjt-bob '"$ADJ" verify p.arc' >/tmp/realmail.verify 2>&1 ||
    fail "the peer game does not verify"
grep -q '^result: alice won' /tmp/realmail.verify || fail "the peer result"
[ ! -s /var/mail/adjt-judge ] || fail "mail in the judge's mailbox"
say "peer game: done"

# --- the .forward line ------------------------------------------------------

say "a judge run by .forward (examples/dot-forward as installed)"
as adjt-judge2 'mkdir -p judge && "$ADJ" keygen -N -d judge judge' \
    2>/dev/null || fail "judge2 keygen"
sed "s,/usr/local/,$prefix/,; s,/home/judge/,/home/adjt-judge2/," \
    "$prefix/share/doc/adjudicator/examples/dot-forward" \
    >/home/adjt-judge2/.forward
chown adjt-judge2 /home/adjt-judge2/.forward
as adjt-alice 'printf "From: adjt-alice@localhost\nTo: adjt-judge2@localhost\nSubject: help\n\nhelp\n" | /usr/sbin/sendmail -t -i'
wait_for "the help text" last_has adjt-alice '^adjudicator-pk1 judge ' 
as adjt-alice 'printf "From: adjt-alice@localhost\nTo: adjt-judge2@localhost\nSubject: move\n\ne3-c3\n" | /usr/sbin/sendmail -t -i'
wait_for "the answer" last_has adjt-alice 'could not be read'
sleep 2
# exactly two answers, and no bounce (from the mail system's daemon)
[ "$(grep -c '^From adjt-judge2@' /var/mail/adjt-alice)" -eq 2 ] ||
    fail "not two answers from the .forward judge"
grep -qi '^From MAILER-DAEMON\|^From: Mail Delivery' /var/mail/adjt-alice &&
    fail "a bounce besides the answer"
grep -q 'verdict=malformed,answered' /home/adjt-judge2/judge/log ||
    fail "the .forward judge did not log it"
say ".forward: done"

# --- club: a seat handed over, a lost copy restored ----------------------

say "club: alice invites bob; the operator hands bob's seat to carol"
as adjt-carol '"$ADJ" keygen -N carol' 2>/dev/null || fail "carol keygen"
cp /home/adjt-carol/carol.pub /home/adjt-judge/ &&
    chown adjt-judge /home/adjt-judge/carol.pub || fail "carol.pub"
nl=$(($(loglines) + 1)) nb=$(($(mails adjt-bob) + 1))
as adjt-alice '"$ADJ" new -M -k alice.key -m judge -j judge.pub \
    -a alice=adjt-alice@localhost -a bob=adjt-bob@localhost \
    -a judge=adjt-judge@localhost -w adjt-dave@localhost -o watch=yes \
    incognito alice.pub bob.pub >club.eml &&
    "$ADJ" join -r games -k alice.key club.eml &&
    /usr/sbin/sendmail -t -i <club.eml' 2>/dev/null ||
    fail "alice cannot invite"
wait_for "the judge's join" more_log $nl
wait_for "bob's invitation" more_mail adjt-bob $nb
wait_for "alice's acknowledgement" last_has adjt-alice "^Subject: .* filed: alice"
as adjt-bob '"$ADJ" join -r games -k bob.key /var/mail/adjt-bob' \
    2>/dev/null || fail "bob cannot join"
H=$(ls /home/adjt-alice/games | grep -v "$G" | grep -v "$T" | grep -v "$P")
[ -n "$H" ] && [ -d "/home/adjt-bob/games/$H" ] || fail "bob joined another game"
h=$(echo "$H" | cut -c1-16)
# csend USER DIR VERB ARGS: USER's message to the judge, which applies
# it; alice and bob's seat's holder ($holder, in $hdir) each read the
# update it mails them
holder=adjt-bob hdir=games
csend() {
	u=$1 dir=$2
	shift 2
	say "$u: $*"
	nl=$(($(loglines) + 1)) na=$(mails adjt-alice) nh=$(mails $holder)
	as "$u" "\"\$ADJ\" $1 -M -d $dir $2 | /usr/sbin/sendmail -t -i" ||
	    fail "$u: $*"
	wait_for "the judge's log line $nl" more_log $nl
	tail -1 /home/adjt-judge/judge/log | grep -q 'verdict=applied' ||
	    fail "the judge: $(tail -1 /home/adjt-judge/judge/log)"
	wait_for "alice's update" more_mail adjt-alice $((na + 1))
	wait_for "$holder's update" more_mail $holder $((nh + 1))
	as adjt-alice '"$ADJ" receive -r games /var/mail/adjt-alice >view' \
	    2>/dev/null || fail "alice refuses her mailbox"
	case $hdir in
	games) r="-r games" ;;
	*) r="-d $hdir" ;;
	esac
	as $holder "\"\$ADJ\" receive $r /var/mail/$holder >view" \
	    2>/dev/null || fail "$holder refuses the mailbox"
}
csend adjt-alice "games/$h" setup d2
csend adjt-bob "games/$h" setup b4
csend adjt-alice "games/$h" turn e3-c3
nc=$(mails adjt-carol) na=$(mails adjt-alice) nb=$(mails adjt-bob)
as adjt-judge '"$ADJ" rule -r judge -a adjt-carol@localhost '"$h"' handover bob carol.pub bob left the club' \
    || fail "the handover"
wait_for "carol's copy" more_mail adjt-carol $((nc + 1))
wait_for "alice's update" more_mail adjt-alice $((na + 1))
# the old holder is told at its old address (issue 33, 3), and the new
# holder's mail says what it holds and how to join (issue 33, 2)
wait_for "bob's notice" more_mail adjt-bob $((nb + 1))
last_has adjt-bob "your seat bob was handed over" ||
    fail "bob is not told of the handover"
last_has adjt-carol "you now hold seat bob" ||
    fail "carol's mail does not say what she holds"
as adjt-carol '"$ADJ" join -d club -k carol.key /var/mail/adjt-carol' \
    2>/dev/null || fail "carol cannot join from her mail"
as adjt-carol '"$ADJ" show -d club' >/tmp/realmail.view
grep -q '^ 4  B. Bs' /tmp/realmail.view || fail "carol does not see bob's spy"
last_mail adjt-carol | grep -q 'value: spy\|nonce:' &&
    fail "carol's mail holds a setup in clear"
as adjt-alice '"$ADJ" receive -r games /var/mail/adjt-alice >view' \
    2>/dev/null || fail "alice refuses her mailbox"
grep -q "the judge hands bob's seat to key" /home/adjt-alice/view ||
    fail "alice is not told"
holder=adjt-carol hdir=club
csend adjt-carol club turn b4-c4

say "club: bob, who left, asks to watch the game"
# bmail SUBJECT: bob's mail to the judge, and its answer
bmail() {
	nb=$(mails adjt-bob)
	as adjt-bob "printf 'From: adjt-bob@localhost\nTo: adjt-judge@localhost\nSubject: %s\n\nplease\n' '$1' |
	    /usr/sbin/sendmail -t -i" || fail "bob's mail $1"
	wait_for "the judge's answer to $1" more_mail adjt-bob $((nb + 1))
}
bmail "WATCH $h"
code=$(last_mail adjt-bob | awk '$1 == "WATCH" && NF == 3 { print $3 }')
[ ${#code} -eq 16 ] || fail "no code in the judge's answer"
bmail "WATCH $h $code"
last_mail adjt-bob | grep -q '^You watch it from now on' ||
    fail "bob does not watch"

say "club: alice loses her copy, and the judge restores it"
as adjt-alice '"$ADJ" show -d games/'"$h"' >before; rm -rf games/'"$H"' &&
    "$ADJ" join -r games -k alice.key club.eml' 2>/dev/null ||
    fail "alice cannot join again"
na=$(mails adjt-alice) nl=$(($(loglines) + 1))
as adjt-alice '"$ADJ" restore -M -d games/'"$h"' | /usr/sbin/sendmail -t -i' ||
    fail "alice's request"
wait_for "the judge's log line $nl" more_log $nl
wait_for "alice's whole update" more_mail adjt-alice $((na + 1))
last_mail adjt-alice | grep -q 'value: spy\|nonce:' &&
    fail "alice's mail holds a setup in clear"
as adjt-alice '"$ADJ" receive -r games /var/mail/adjt-alice >view' \
    2>/dev/null || fail "alice refuses her mailbox"
as adjt-alice '"$ADJ" show -d games/'"$h" >/tmp/realmail.view
grep -q '^ 2   \.  \.  \. Ws' /tmp/realmail.view ||
    fail "alice's restored copy lacks her spy"
grep -q 'Last: Black moves b4-c4' /tmp/realmail.view ||
    fail "alice's restored copy is not at the last move"
say "club: alice ends it; the observers get the archive"
nd=$(mails adjt-dave) nb=$(mails adjt-bob)
holder=adjt-carol hdir=club
csend adjt-alice "games/$h" turn "'c3?c4'"
wait_for "dave's last mail" more_mail adjt-dave $((nd + 1))
wait_for "bob's last mail" more_mail adjt-bob $((nb + 1))
[ "$(mails adjt-dave)" -ge 6 ] || fail "dave has $(mails adjt-dave) mails"
for u in adjt-dave adjt-bob; do
	last_mail $u | grep -q '^Subject: .*: entry [0-9]*, over, for observers' ||
	    fail "$u's last mail is not the end"
	last_mail $u | sed -n '/^-----BEGIN ADJUDICATOR ARCHIVE/,$p' \
	    >/tmp/realmail.arc
	"$A" verify /tmp/realmail.arc >/tmp/realmail.verify 2>&1 ||
	    fail "$u's archive does not verify"
	grep -q '^result: alice won' /tmp/realmail.verify || fail "$u: result"
done
# every observer mail before the end: the public's alone
awk '/^From / { n++ } { print > ("/tmp/realmail.dave." n) }' /var/mail/adjt-dave
last=$(mails adjt-dave)
for f in /tmp/realmail.dave.*; do
	[ "$f" = "/tmp/realmail.dave.$last" ] && continue
	grep -q 'for observers$' "$f" || fail "$f: not an observer's mail"
	sed '1,/^$/d' "$f" >/tmp/realmail.body
	grep -q 'nonce:\|value: \|-----BEGIN\|localhost>\|^You are ' \
	    /tmp/realmail.body && fail "$f: more than the public may know"
	grep -q '[WB][sa]\b' /tmp/realmail.body && fail "$f: an identity"
	true
done
rm -f /tmp/realmail.dave.* /tmp/realmail.arc /tmp/realmail.body
say "club: done"

# --- a judge that drains its Maildir --------------------------------------

say "a drained queue: adjt-judge3's mail goes to a Maildir, drained over sendmail -bs"
as adjt-judge3 'mkdir -p judge && "$ADJ" keygen -N -d judge judge' \
    2>/dev/null || fail "judge3 keygen"
printf 'DEFAULT=$HOME/Maildir/\n' >/home/adjt-judge3/.procmailrc
chown adjt-judge3 /home/adjt-judge3/.procmailrc
cp /home/adjt-judge3/judge/judge.pub /home/adjt-alice/judge3.pub
chown adjt-alice /home/adjt-alice/judge3.pub
# queued N: the judge's Maildir holds N mails not yet drained
queued() {
	[ "$(ls /home/adjt-judge3/Maildir/new 2>/dev/null | wc -l)" -ge "$1" ]
}
drain() {
	as adjt-judge3 '"$ADJ" judge -r judge -s "/usr/sbin/sendmail -bs" Maildir' \
	    2>/dev/null || fail "the drain: $(tail -1 /home/adjt-judge3/judge/log)"
	[ -z "$(ls /home/adjt-judge3/Maildir/new)" ] || fail "left in new/"
}
before=$(ls /home/adjt-alice/games)
nb=$(mails adjt-bob)
as adjt-alice '"$ADJ" new -M -k alice.key -m judge -j judge3.pub \
    -a alice=adjt-alice@localhost -a bob=adjt-bob@localhost \
    -a judge=adjt-judge3@localhost incognito alice.pub bob.pub >q.eml &&
    "$ADJ" join -r games -k alice.key q.eml &&
    /usr/sbin/sendmail -t -i <q.eml' 2>/dev/null || fail "alice cannot invite"
wait_for "the invitation in the judge's Maildir" queued 1
drain
wait_for "bob's invitation" more_mail adjt-bob $((nb + 1))
wait_for "alice's acknowledgement" last_has adjt-alice "^Subject: .* filed: alice"
as adjt-bob '"$ADJ" join -r games -k bob.key /var/mail/adjt-bob' 2>/dev/null ||
    fail "bob cannot join"
Q=$(ls /home/adjt-alice/games | grep -vxF "$before")
for m in "adjt-alice setup d2" "adjt-bob setup b4"; do
	set -- $m
	na=$(mails adjt-alice) nb=$(mails adjt-bob)
	as "$1" '"$ADJ" '"$2"' -M -d games/'"$Q"' '"$3"' | /usr/sbin/sendmail -t -i' ||
	    fail "$m"
	wait_for "$1's mail in the judge's Maildir" queued 1
	drain
	wait_for "alice's update" more_mail adjt-alice $((na + 1))
	wait_for "bob's update" more_mail adjt-bob $((nb + 1))
	for s in adjt-alice adjt-bob; do
		as "$s" '"$ADJ" receive -r games /var/mail/'"$s"' >view' \
		    2>/dev/null || fail "$s refuses her mailbox"
	done
done
for s in adjt-alice adjt-bob; do
	as "$s" '"$ADJ" show -d games/'"$Q"' -f yaml' | grep -qx 'seq: 2' ||
	    fail "$s: not at entry 2"
done
# the MTA took the updates over SMTP on its standard input
last_mail adjt-bob | grep -q 'with local-e\{0,1\}smtp' ||
    fail "bob's update did not come by SMTP: $(last_mail adjt-bob | grep -m1 -A1 '^Received')"
[ "$(grep -c ' drain mails=1 games=1 outbox=2 sent=2$' \
    /home/adjt-judge3/judge/log)" -eq 2 ] || fail "the drains' lines"
[ "$(ls /home/adjt-judge3/Maildir/cur | wc -l)" -eq 3 ] ||
    fail "the Maildir's cur/: $(ls /home/adjt-judge3/Maildir/cur)"
say "a drained queue: done"
rm -f /tmp/realmail.verify /tmp/realmail.view
echo "realmail: 6 passed, 0 failed"
