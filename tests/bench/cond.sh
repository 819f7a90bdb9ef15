#!/bin/sh
# Mails of a judged incognito game of PLIES actions (default 40), without
# conditions and with lines of depth 3 on both sides: a count, not a
# time.  Every action is the one the seat's view suggests ("For
# example"), the same for the same position of the same game, so both
# games are the same game, on every run.  With conditions, each seat, on
# its turn, plans its line in a copy of every directory (its move, then
# three times the opponent's answer, whether played by hand or fired from
# its own conditions, and its own reply to it) and sends it with its
# move.  Counted: every message a seat sends the judge and every update
# the judge sends a seat.  Run by run.sh (same environment: ADJ, WORK),
# or alone.
set -eu

: "${ADJ:?ADJ must name the adjudicator binary}"
here=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$here/../.." && pwd)
PLIES=${PLIES:-40}
WORK=${WORK:-$(mktemp -d "${TMPDIR:-/tmp}/adjcond.XXXXXX")}
rm -rf "$WORK"
mkdir -p "$WORK"
cd "$WORK"
. "$TOP/tests/cli/lib.sh"
. "$TOP/tests/cli/judge.sh"

example() {
	"$ADJ" show -d "$1" |
	    sed -n "s/^For example: adjudicator turn -d $1 //p"
}

# acts: the actions applied so far, as the judge's copy counts them
acts() {
	grep -c 'applied: \(White\|Black\) moves\|applied: [a-z]* plays' \
	    judge.log 2>/dev/null || true
}

# mails: messages to the judge and updates from it, so far
nmsg=0
count_run() {
	cat jout >>judge.log
	nmsg=$((nmsg + 1 + $(grep -c '^mq/.*: update for ' jout)))
}

# move DIR [-c LINE]: DIR's example move through the judge
move() {
	md=$1
	shift
	mv=$(example "$md")
	"$ADJ" turn -d "$md" "$@" $mv >m.msg 2>m.err ||
	    fail "turn $md: $(cat m.err)"
	tojudge m.msg
	count_run
}

# last: the notation of the last action the judge applied
last() {
	sed -n 's/.*applied: .*\(moves\|plays\) \([^ ;]*\).*$/\2/p' jout |
	    tail -n 1
}

# plan DIR: the depth-3 line DIR sends with its example move, planned in
# a copy
plan() {
	pd=$1 od=B
	[ "$pd" = A ] || od=A
	rm -rf sim
	mkdir sim
	cp -r A B J ./*.key ./*.pub sim/
	(
		cd sim
		x=$(example "$pd")
		line=""
		jplay "$pd" x.msg $x
		for k in 1 2 3; do
			"$ADJ" show -d "$od" | grep -q '^Your turn' &&
			    jplay "$od" o.msg $(example "$od")
			"$ADJ" show -d "$pd" | grep -q '^Your turn' || break
			y=$(last)
			z=$(example "$pd")
			[ -n "$y" ] && [ -n "$z" ] || break
			line="$line${line:+ ; }$y => $z"
			jplay "$pd" p.msg $z
		done
		echo "$line" >../line
	) >/dev/null 2>&1 || true
	cat line 2>/dev/null
}

# fresh: the game again from its invitation (cond-invite.msg: alice's, to
# a judged incognito game, made once with the sample keys of formats/
# samples, so that its id, and so every suggested action, is the same on
# every run), its setups (six mails)
fresh() {
	rm -rf A B J mq ./*.msg upd.* sim line
	for k in alice bob judge; do
		cp "$TOP/formats/samples/$k.key" "$TOP/formats/samples/$k.pub" .
		chmod 600 "$k.key"
	done
	cp "$here/cond-invite.msg" invite.msg
	for s in J:judge A:alice B:bob; do
		"$ADJ" join -d "${s%%:*}" -k "${s#*:}.key" invite.msg \
		    >/dev/null 2>&1 || fail "join ${s%%:*}"
	done
	nupd=0
	jsetups d2 b4 >/dev/null 2>&1
	cat jout >>judge.log
	nmsg=$((nmsg + 2 * 3))
}

# game WITH: PLIES actions, with (1) or without (0) conditions, in as
# many games as it takes (a game found a spy: the next one); the count
# of mails and of actions
game() {
	: >judge.log
	nmsg=0
	fresh
	while [ "$(acts)" -lt "$PLIES" ]; do
		who=""
		for d in A B; do
			"$ADJ" show -d "$d" | grep -q '^Your turn' && who=$d
		done
		if [ -z "$who" ]; then
			fresh
			continue
		fi
		if [ "$1" = 1 ] && line=$(plan "$who") && [ -n "$line" ]; then
			move "$who" -c "$line"
		else
			move "$who"
		fi
	done
	sed -n 's/.*applied: //p' judge.log | grep 'moves\|plays' >"acts.$1"
	echo "$nmsg $(acts)"
}

set -- $(game 0)
plain=$1 plainacts=$2
set -- $(game 1)
cond=$1 condacts=$2
echo "bench: conditions: incognito, $plainacts actions: $plain mails" \
    "without conditions, $cond with lines of depth 3 on both sides" \
    "($condacts actions)"
# the same game: the same first PLIES actions (fired chains may go on
# past them)
head -n "$PLIES" acts.0 >first.0
head -n "$PLIES" acts.1 >first.1
cmp -s first.0 first.1 ||
    echo "bench: conditions: the two games differ (see $WORK/acts.[01])"
awk -v a="$plain" -v b="$cond" 'BEGIN {
	printf "bench: conditions: mails with / without: %.2f\n", b / a }'
