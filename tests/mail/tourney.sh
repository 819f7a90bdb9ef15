#!/bin/sh
# A tournament by real mail (make check-mail; issue 35): six local users
# play a Swiss of two rounds directed by the club's judge, each game
# played move by move by the players' bots.  One mails the declaration
# (TOURNAMENT), each player accepts it (ACCEPT club27) from the
# declaration the judge mailed it; the last acceptance starts round 1,
# and fay withdraws after it (WITHDRAW club27, her signed withdrawal of
# after: 1) while she plays it.  Each player takes its mail (join,
# receive) and, in each of its games where the move is its own, its bot
# plays it (bot -S, the move mailed to the judge), again and again until
# the games end by the rules (knights with limit=10: the final count
# after ten turns).  The judge then mails the table and pairs round 2
# itself, without fay; one of its games is played to its end, in the
# other one player stops playing and the tick (the judge's crontab line
# at a later clock) rules its loss on time, the fifth player has the
# bye; then every player is mailed the final table and the tournament
# archive, which tournament verify takes alone.
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
LIMIT=10		# each game's turns (knights' limit=N)
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
# seat R B COLOUR: "WHO GAME", the player of round R, board B with
# COLOUR and the game's id, from the invitation the judge mailed it
seat() {
	l="round $1, board $2: you play $3"
	for w in $(grep -l "$l" /var/mail/adjt-* | sed 's,.*/adjt-,,'); do
		printf '%s ' "$w"
		awk -v l="$l" 'index($0, l) { f = 1 }
		    f && /^The judge made game/ {
		    sub(/^The judge made game /, ""); sub(/,.*/, "");
		    print; exit }' "/var/mail/adjt-$w"
	done
}
# seated R B COLOUR: sets WHO and GAME as seat says, or fails
seated() {
	what="the $3 of round $1, board $2"
	# shellcheck disable=SC2046
	set -- $(seat "$@") ""
	[ $# -eq 3 ] && [ -n "$2" ] || fail "no game for $what: $*"
	WHO=$1 GAME=$2
}
# judged G: the judge's line of game G in its root (games -r)
judged() {
	as adjt-club '"$ADJ" games -r judge' 2>/dev/null | grep "^$1"
}
# ended G: game G over by the rules, its limit's final count
ended() {
	judged "$1" | grep -q " over .*result: .*(the limit of $LIMIT turns;"
}
# moves WHO [SKIP]: adjt-WHO takes its mail (the invitations, the
# judge's updates) and its bot plays every game of its where the move is
# its own (bot -S mails it to the judge), but the game SKIP; how many
# moves it sent
moves() {
	as "adjt-$1" "\"\$ADJ\" join -r games -k $1.key /var/mail/adjt-$1 \
	    >/dev/null 2>&1; \"\$ADJ\" receive -r games /var/mail/adjt-$1 \
	    >/dev/null 2>&1; n=0; for d in games/*/; do
		case \$d in games/${2:-none}*) continue ;; esac
		\"\$ADJ\" bot -S -d \"\$d\" >/dev/null 2>&1 && n=\$((n + 1))
	    done; echo \$n"
}
# all PATTERN: every player's mailbox has PATTERN
all() {
	for p in $people; do
		has "$p" "$1" || return 1
	done
}
# play WHO GAME TEST...: the players' bots play until TEST holds, WHO
# ("-": nobody) never playing the game GAME; at most $WAIT seconds
# without a move
play() {
	stop=$1 skip=$2
	shift 2
	idle=0
	until "$@"; do
		n=0
		for p in $people; do
			s=none
			[ "$p" = "$stop" ] && s=$skip
			n=$((n + $(moves "$p" "$s")))
		done
		if [ "$n" -gt 0 ]; then
			idle=0
			continue
		fi
		idle=$((idle + 1))
		[ "$idle" -le $((WAIT * 4)) ] || fail "no move for ${WAIT}s: \
$(as adjt-club '"$ADJ" games -r judge' 2>/dev/null)"
		sleep 0.25
	done
}

say "the declaration, mailed by ann; each player accepts"
{
	printf 'adjudicator: 1\nkind: tournament\nid: club27\n'
	printf 'name: Club Swiss\nrules: knights\noptions:\n'
	printf '  limit: "%s"\nclock:\n  clock: 1d\n' "$LIMIT"
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

say "fay withdraws after round 1 (WITHDRAW); the bots play round 1"
as adjt-fay '"$ADJ" tournament withdraw -k fay.key -a 1 /var/mail/adjt-fay \
    fay >withdraw.tour' || fail "fay cannot withdraw"
mail fay "WITHDRAW club27" withdraw.tour
wait_for "fay's withdrawal taken" grep -q ' verdict=withdraw ' \
    /home/adjt-club/judge/log
t0=$(date +%s)
play - - all 'the table after round 1'
say "round 1 played in $(($(date +%s) - t0))s"
every '^round 2 board 2: ' "round 2's pairings"
! grep -A4 '^round 2 board 1: ' /var/mail/adjt-ann | grep -q 'fay' ||
    fail "fay paired after her withdrawal"
for b in 1 2 3; do
	seated 1 "$b" white
	ended "$GAME" || fail "round 1, board $b: $(judged "$GAME")"
done

say "round 2: one game played, in the other one stops; the third a bye"
seated 2 1 white
G1=$GAME
seated 2 2 black
S=$WHO G2=$GAME
# waits: round 2's first game ended, the second waits on $S's move
waits() { ended "$G1" && judged "$G2" | grep -q " $S's turn "; }
t0=$(date +%s)
play "$S" "$G2" waits
say "round 2's first game played in $(($(date +%s) - t0))s"
t=$(date -u -d "+2 days" +%Y-%m-%dT%H:%M:%SZ)
as adjt-club "ADJUDICATOR_NOW=$t \"\$ADJ\" judge -r judge -t" ||
    fail "the tick"
every 'tournament club27: the final table' "the final table"
judged "$G2" | grep -q " over .*: $S ran out of time: .*result: " ||
    fail "$S not out of time: $(judged "$G2")"

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
