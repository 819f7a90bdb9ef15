#!/bin/sh
# play-judged.sh: a whole judged game of incognito, driven by a script.
#
# alice and bob play; a judge referees.  Every message goes the way mail
# would take it: a seat's message to the judge is fed to
# examples/judge-filter.sh (one mail on stdin), the replies it leaves for
# each seat are "mailed" (moved) to that seat, which receives them.  The
# judge opens bob's spy the moment alice interrogates it, and every setup
# once the game is over; the judge's archive is then exported and
# verified.
#
# Usage: play-judged.sh [WORKDIR]   (default: a fresh temporary directory)
# $ADJ names the adjudicator binary (default: build/adjudicator next to
# this script's directory).  Exits non-zero on any failure.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
ADJ=${ADJ:-$here/../build/adjudicator}
case $ADJ in /*) ;; */*) ADJ=$(pwd)/$ADJ ;; esac
export ADJ
filter=$here/judge-filter.sh

if [ $# -ge 1 ]; then
	work=$1
	mkdir -p "$work"
else
	work=$(mktemp -d "${TMPDIR:-/tmp}/judged.XXXXXX")
fi
cd "$work"
say() { printf '== %s\n' "$*"; }
die() { echo "play-judged: $*" >&2; exit 1; }

# The judge's side: its key and root, as judge-filter.sh finds them.
export JUDGE_ROOT="$work/judge"
export JUDGE_KEY="$JUDGE_ROOT/judge.key"
mkdir -p "$JUDGE_ROOT"
"$ADJ" keygen -N -d "$JUDGE_ROOT" judge 2>/dev/null
"$ADJ" keygen -N alice 2>/dev/null
"$ADJ" keygen -N bob 2>/dev/null

# alice invites bob, with the judge; the invitation goes to all three
say "alice invites bob; the judge referees"
"$ADJ" new -k alice.key -m judge -j "$JUDGE_ROOT/judge.pub" incognito \
    alice.pub bob.pub >invite.msg
"$ADJ" join -d A -k alice.key invite.msg
"$ADJ" join -d B -k bob.key invite.msg
sh "$filter" <invite.msg
game=$("$ADJ" show -d A -f yaml | sed -n 's/^game: *//p')
[ -d "$JUDGE_ROOT/games/$game" ] || die "the judge did not join game $game"
outbox=$JUDGE_ROOT/out/$game

# mail FILE: FILE (a seat's message) to the judge, then the judge's replies
# to each seat, which receives them
mail() {
	say "$1 to the judge"
	sh "$filter" <"$1" || die "the judge refused $1"
	for seat in alice bob; do
		[ -f "$outbox/$seat.msg" ] || continue
		case $seat in alice) d=A ;; bob) d=B ;; esac
		mv "$outbox/$seat.msg" "$seat-reply.msg"
		"$ADJ" receive -d "$d" "$seat-reply.msg" >"$d.view" ||
		    die "$seat refuses the judge's update"
	done
}

# play DIR FILE ACTION...: DIR's turn, through the judge
play() {
	d=$1 f=$2
	shift 2
	"$ADJ" turn -d "$d" "$@" >"$f"
	mail "$f"
}

"$ADJ" setup -d A d2 >a1.msg	# alice's spy on d2
mail a1.msg
"$ADJ" setup -d B b4 >b1.msg	# bob's spy on b4
mail b1.msg
play A a2.msg e3-c3
play B b2.msg b4-b3		# bob's spy next to alice's c3
play A a3.msg 'c3?b3'		# the judge opens b3 at once: the spy

say "the game is over"
cat A.view
for d in A B; do
	"$ADJ" show -d "$d" -f yaml >"$d.yaml"
	grep -q '^phase: closed$' "$d.yaml" || die "$d: game not closed"
done

say "the judge's archive"
"$ADJ" export -d "$JUDGE_ROOT/games/$game" >judge.arc
"$ADJ" verify judge.arc >verify.out
cat verify.out
grep -q '^result: alice won' verify.out || die "unexpected result"
# a seat's own export is the same game, with the updates it received:
# verify checks that the judge showed it exactly what it was entitled to
"$ADJ" export -d A >a.arc
"$ADJ" verify a.arc >a.sum || die "alice's export does not verify"
grep -v '^updates:' a.sum | cmp -s - verify.out ||
    die "alice's export is another game than the judge's"
grep -q '^updates: ' a.sum || die "alice's export lacks her updates"
say "done in $work"
