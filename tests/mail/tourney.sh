#!/bin/sh
# A tournament by real mail (make check-mail; issue 35): six local users
# play a Swiss of two rounds directed by the club's judge.  One mails the
# declaration (TOURNAMENT), each player accepts it (ACCEPT club27) from
# the declaration the judge mailed it; the last acceptance starts round
# 1, whose games end by resignations, and fay withdraws after it
# (WITHDRAW club27, her signed withdrawal); the judge then mails the
# table and pairs round 2 itself, without fay; one of its games ends by
# a resignation, the other by a timeout the tick rules (the judge's
# crontab line at a later clock), the fifth player has the bye; then
# every player is mailed the final table and the tournament archive,
# which tournament verify takes alone.
#
# Needs root (it creates the users adjt-club and adjt-ann ... adjt-fay
# and clears their mail); as realmail.sh, a missing MTA is a failure
# with CI=true and a skip elsewhere.
#
# ADJ  the adjudicator binary under test
set -u
name=tourney
people="ann ben cid dee eve fay"
users="adjt-club"
for p in $people; do users="$users adjt-$p"; done
. "$(dirname "$0")/lib.sh"

J=adjt-club@localhost
u6=""
for p in $people; do u6="$u6 adjt-$p"; done
# shellcheck disable=SC2086
mail_judge adjt-club $u6
printf 'address: %s\n' "$J" >/home/adjt-club/judge/judge.yaml
chown adjt-club /home/adjt-club/judge/judge.yaml

# mail WHO SUBJECT [FILE]: adjt-WHO mails the judge SUBJECT, FILE the body
mail() {
	as "adjt-$1" "{ printf 'From: adjt-$1@localhost\\nTo: $J\\n'; \
	    printf 'Subject: %s\\n\\n' '$2'; ${3:+cat $3;} } |
	    /usr/sbin/sendmail -t -i" || fail "$1: $2"
}
# has WHO PATTERN: adjt-WHO's mailbox has a line matching PATTERN
has() { grep -q "$2" "/var/mail/adjt-$1"; }
# every PATTERN WHAT: every player's mailbox comes to have PATTERN
every() {
	for p in $people; do
		wait_for "$p: $2" has "$p" "$1"
	done
}
# resign R B: the white of round R, board B joins its games and
# resigns that one
resign() {
	w=$(grep -l "round $1, board $2: you play white" /var/mail/adjt-* |
	    sed 's,.*/adjt-,,')
	[ -n "$w" ] || fail "no white for round $1, board $2"
	g=$(awk -v l="round $1, board $2: you play white" \
	    'index($0, l) { f = 1 } f && /^The judge made game/ {
	    sub(/^The judge made game /, ""); sub(/,.*/, ""); print; exit }' \
	    "/var/mail/adjt-$w")
	as "adjt-$w" "\"\$ADJ\" join -r games -k $w.key /var/mail/adjt-$w" \
	    2>/dev/null || fail "$w cannot join"
	as "adjt-$w" "\"\$ADJ\" turn -S -d \
	    games/\$(ls games | grep ^$g) resign" 2>/dev/null ||
	    fail "$w cannot resign round $1, board $2"
}

say "the declaration, mailed by ann; each player accepts"
{
	printf 'adjudicator: 1\nkind: tournament\nid: club27\n'
	printf 'name: Club Swiss\nrules: knights\nclock:\n  clock: 1d\n'
	printf 'format:\n  type: swiss\n  rounds: 2\nplayers:\n'
	for p in $people; do
		printf -- '- name: %s\n  key: %s\n' "$p" \
		    "$(cat "/home/adjt-$p/$p.pub")"
		printf '  address: adjt-%s@localhost\n' "$p"
	done
} >/home/adjt-club/decl.yaml
chown adjt-club /home/adjt-club/decl.yaml
as adjt-club '"$ADJ" tournament declare -k judge/judge.key decl.yaml \
    >decl.tour' || fail "declare"
cp /home/adjt-club/decl.tour /home/adjt-ann/ && chown adjt-ann \
    /home/adjt-ann/decl.tour
mail ann TOURNAMENT decl.tour
every '^    ACCEPT club27$' "how to accept"
for p in $people; do
	as "adjt-$p" "\"\$ADJ\" tournament accept -k $p.key \
	    /var/mail/adjt-$p >accept.tour" || fail "$p cannot accept"
	mail "$p" "ACCEPT club27" accept.tour
done
every '^round 1 board 3: ' "round 1's pairings"

say "round 1 ends by resignations, fay withdraws after it (WITHDRAW)"
resign 1 1
resign 1 2
as adjt-fay '"$ADJ" tournament withdraw -k fay.key -a 1 /var/mail/adjt-fay \
    fay >withdraw.tour' || fail "fay cannot withdraw"
mail fay "WITHDRAW club27" withdraw.tour
wait_for "fay's withdrawal taken" grep -q ' verdict=withdraw ' \
    /home/adjt-club/judge/log
resign 1 3
every 'the table after round 1' "the table after round 1"
every '^round 2 board 2: ' "round 2's pairings"
! grep -A4 '^round 2 board 1: ' /var/mail/adjt-ann | grep -q 'fay' ||
    fail "fay paired after her withdrawal"

say "round 2: one resigns, the other runs out of time, the third a bye"
resign 2 1
wait_for "round 2's first game over" sh -c \
    "[ \$(grep -c ' verdict=applied ' /home/adjt-club/judge/log) -ge 4 ]"
t=$(date -u -d "+2 days" +%Y-%m-%dT%H:%M:%SZ)
as adjt-club "ADJUDICATOR_NOW=$t \"\$ADJ\" judge -r judge -t" ||
    fail "the tick"
every 'tournament club27: the final table' "the final table"

say "the archive mailed verifies alone"
for p in $people; do
	last_mail "adjt-$p" | sed -n '/^-----BEGIN/,$p' >/tmp/tourney.arc
	ADJUDICATOR_NOW=$t "$A" tournament verify /tmp/tourney.arc \
	    >/tmp/tourney.out 2>&1 || fail "$p: $(cat /tmp/tourney.out)"
	grep -q '2 rounds, .* 6 players: all agree' \
	    /tmp/tourney.out || fail "$p: $(cat /tmp/tourney.out)"
done
grep -q 'timeout' /home/adjt-club/judge/log || fail "no timeout ruled"
rm -f /tmp/tourney.arc /tmp/tourney.out
[ ! -s /var/mail/adjt-club ] || fail "mail fell through to the judge's mailbox"
say "done"
echo "tourney: 1 passed, 0 failed"
