#!/bin/sh
# A club's judge by real mail (make check-mail): the judge's account runs
# the mail bot from examples/procmailrc, with ROOT/judge.yaml naming its
# operator (another local user) and the one key it takes invitations
# from (carol's).  A stranger's invitation (dan's) is answered once with
# the reason, the same invitation again not at all; carol's is joined;
# carol's question in words is passed on to the operator, who answers
# her through its Reply-To; LIST answers with the judge's games.
#
# Needs root (it creates the users adjt-club, adjt-ops, adjt-carol and
# adjt-dan and clears their mail); as realmail.sh, a missing MTA is a
# failure with CI=true and a skip elsewhere.
#
# ADJ  the adjudicator binary under test
set -u
name=club
users="adjt-club adjt-ops adjt-carol adjt-dan"
. "$(dirname "$0")/lib.sh"

log=/home/adjt-club/judge/log
loglines() { { wc -l <"$log"; } 2>/dev/null || echo 0; }
more_log() { [ "$(loglines)" -ge "$1" ]; }
# logged N VERDICT: the judge's Nth log line came, with VERDICT
logged() {
	wait_for "the judge's log line $1" more_log "$1"
	sed -n "$1p" "$log" | grep -q " verdict=$2 " ||
	    fail "log line $1: $(sed -n "$1p" "$log"), not $2"
}

# The judge, its operator and the key it takes invitations from.
mail_judge adjt-club adjt-carol adjt-dan
cat >/home/adjt-club/judge/judge.yaml <<EOF
operator: adjt-ops@localhost
allow:
  keys:
  - $(awk '{ print $3 }' /home/adjt-carol/carol.pub)     # carol
EOF
chown adjt-club /home/adjt-club/judge/judge.yaml

# invite USER OTHER: USER's judged invitation as a whole mail, to OTHER
# and the judge
invite() {
	as "$1" '"$ADJ" new -M -k '"${1#adjt-}"'.key -m judge -j judge.pub \
	    -a '"${1#adjt-}=$1"'@localhost -a '"${2#adjt-}=$2"'@localhost \
	    -a judge=adjt-club@localhost incognito '"${1#adjt-}"'.pub \
	    '"${2#adjt-}"'.pub >invite.eml &&
	    /usr/sbin/sendmail -t -i <invite.eml' 2>/dev/null ||
	    fail "$1 cannot invite"
}

say "a stranger's invitation: refused, answered once"
invite adjt-dan adjt-carol
logged 1 refused,answered
wait_for "dan's answer" more_mail adjt-dan 1
last_has adjt-dan '^Subject: \[adjudicator\] your invitation was refused' ||
    fail "dan's answer"
last_mail adjt-dan | tr '\n' ' ' |
    grep -q "only from the keys on its list, and key $(awk '{ print $3 }' /home/adjt-dan/dan.pub) is not" ||
    fail "no reason for dan"
as adjt-dan '/usr/sbin/sendmail -t -i <invite.eml' || fail "dan again"
logged 2 refused,quiet
sleep 2
[ "$(mails adjt-dan)" -eq 1 ] || fail "dan is answered twice"
[ "$(ls /home/adjt-club/judge | grep -c '^[0-9a-f]\{64\}$')" -eq 0 ] ||
    fail "the judge filed dan's game"

say "carol's invitation: joined"
invite adjt-carol adjt-dan
logged 3 joined
G=$(ls /home/adjt-club/judge | grep '^[0-9a-f]\{64\}$')
[ -n "$G" ] || fail "carol's game not filed"

say "carol asks in words: passed on to the operator, who answers"
as adjt-carol 'printf "From: adjt-carol@localhost\nTo: adjt-club@localhost\nSubject: when is my deadline?\n\nDear judge, when is my deadline?\n" | /usr/sbin/sendmail -t -i'
logged 4 forwarded,answered
wait_for "the operator's mail" more_mail adjt-ops 1
last_has adjt-ops '^Subject: \[adjudicator\] for the operator: when is my deadline?$' ||
    fail "the operator's Subject"
last_has adjt-ops '^Reply-To: adjt-carol@localhost$' || fail "no Reply-To"
last_has adjt-ops '^Dear judge, when is my deadline?$' || fail "no text"
last_has adjt-ops '^command: your mail.*: no ADJUDICATOR MESSAGE found\.$' ||
    fail "no note"
wait_for "carol's answer" last_has adjt-carol \
    '^Subject: \[adjudicator\] your mail went to a person$'
to=$(last_mail adjt-ops | sed -n 's/^Reply-To: //p')
as adjt-ops "printf 'From: adjt-ops@localhost\nTo: $to\nSubject: Re: your deadline\n\nThree days from your last move.\n' | /usr/sbin/sendmail -t -i"
wait_for "the operator's answer to carol" last_has adjt-carol \
    '^Three days from your last move\.$'

say "LIST"
as adjt-dan 'printf "From: adjt-dan@localhost\nTo: adjt-club@localhost\nSubject: LIST\n\n" | /usr/sbin/sendmail -t -i'
logged 5 list
wait_for "dan's list" last_has adjt-dan '^Subject: \[adjudicator\] list$'
last_has adjt-dan "^$(echo "$G" | cut -c1-16)  incognito .* carol dan (judge)  *carol's setup  *entry 0: game created by carol$" ||
    { last_mail adjt-dan >&2; fail "the list"; }
last_mail adjt-dan | sed '1,/^$/d' | grep -q '@' && fail "an address listed"
[ ! -s /var/mail/adjt-club ] || fail "mail fell through to the judge's mailbox"
say "done, $(loglines) mails judged"
echo "club: 1 passed, 0 failed"
