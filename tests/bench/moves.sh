#!/bin/sh
# Per-move latency: turn, receive, show, export and judge at entries 10,
# 100 and 1000 of one incognito game, and the cost of a whole
# 1,000-entry game played through the real verbs.  Run by run.sh (same
# environment: ADJ, BENCHBIN, RUNS, WORK).
#
# gen -m writes one peer and one judged game of >= 1,100 entries as mail
# (see gen.c); the game directories at entry K are built with the real
# verbs (join, then receive or judge of the messages up to K).  A sample
# of a command that writes (turn, receive, judge) runs on a fresh copy of
# the directory at K, the copy not timed; show and export read the
# directory at K itself.  K is moved up to the next entry that is a move,
# so that the command measured is the same at every length.
#
# The floor of a move, sampled in the same loop right after each turn: a
# process that does nothing ("adjudicator --version", wall clock) plus
# one fdatasync of 2 KiB appended to a file in the fresh copy (syncfloor,
# timed inside): what any command that keeps a move must pay.  turn and
# receive are held to FLOOR_TARGET times it at every length.
#
# The whole game: two seats create a game, join, set up, and play the
# moves of gen's peer game (plain moves only, which no setup can make
# illegal) as turn and receive pairs up to entry 1000, wall clock of the
# whole loop.
set -u

: "${ADJ:?ADJ must name the adjudicator binary}"
: "${BENCHBIN:?BENCHBIN must name the bench build directory}"
: "${WORK:?WORK must name a scratch directory}"
here=$(cd "$(dirname "$0")" && pwd)
. "$here/stats.sh"
FLAT_TARGET=1.5
FLOOR_TARGET=2.0
LENGTHS="10 100 1000"
LAST=1000

rm -rf "$WORK"
mkdir -p "$WORK" || fail "cannot create $WORK"
cd "$WORK" || fail "cannot enter $WORK"

echo "bench: per-move latency: generating a peer and a judged game"
"$BENCHBIN/gen" -n 1100 -m peer peer.adj >/dev/null || fail "gen (peer)"
"$BENCHBIN/gen" -j -n 1100 -m judged judged.adj >/dev/null ||
    fail "gen (judged)"

# at GAME K: the entry, >= K, after which the next entry is a move
at() {
	awk -v k="$2" '$3 == "all" && $4 > k && $5 != "-" { print $4 - 1; exit }' \
	    "$1/messages"
}

# next GAME K FIELD: of the message carrying entry K + 1, the file
# (FIELD 1), its author (2) or its action (5)
next() {
	awk -v k="$2" -v f="$3" '$3 == "all" && $4 == k + 1 {
		print (f == 1 ? $1 ".msg" : $f); exit }' "$1/messages"
}

# upto GAME K FROM TO: the files of the messages FROM sent TO with
# entries up to K (FROM, TO: a seat, "judge", "all" or "seat" for any seat)
upto() {
	awk -v k="$2" -v from="$3" -v to="$4" -v d="$1" '$4 <= k &&
	    (from == $2 || (from == "seat" && $2 != "judge")) &&
	    (to == $3 || to == "any") { print d "/" $1 ".msg" }' "$1/messages"
}

# build: game directories at every length, with the real verbs
for k in $LENGTHS; do
	k=$(at peer "$k")
	for s in alice bob; do
		"$ADJ" join -d "p.$s.$k" -k "peer/$s.key" peer/invite.msg \
		    >/dev/null 2>&1 || fail "join $s (peer)"
		upto peer "$k" seat all | xargs "$ADJ" receive -d "p.$s.$k" \
		    >/dev/null 2>&1 || fail "receive up to $k ($s, peer)"
	done
	kj=$(at judged "$k")
	"$ADJ" join -d "j.judge.$kj" -k judged/judge.key judged/invite.msg \
	    >/dev/null 2>&1 || fail "join judge"
	upto judged "$kj" seat any | xargs "$ADJ" judge -d "j.judge.$kj" \
	    -O "out.$kj" >/dev/null || fail "judge up to $kj"
	echo "bench:   directories at entry $k (peer) and $kj (judged)"
done

# sample FILE CMD...: one timed run of CMD (its stdout discarded)
sample() {
	f=$1
	shift
	"$BENCHBIN/peakrss" "$@" 2>t.out || { cat t.out >&2; fail "$*"; }
	wall t.out >>"$f"
}

# fresh DIR: a copy of DIR in ./copy, not timed; flushed to disk, or the
# timed command's one fdatasync would write the whole copied journal (a
# cost that grows with the game and that a real directory never has)
fresh() {
	rm -rf copy && cp -a "$1" copy && sync
}

for k in $LENGTHS; do
	k=$(at peer "$k")
	kj=$(at judged "$k")
	who=$(next peer "$k" 2)
	[ "$who" = alice ] && other=bob || other=alice
	act=$(next peer "$k" 5)
	msg=peer/$(next peer "$k" 1)
	jmsg=judged/$(next judged "$kj" 1)
	for v in turn receive show export judge floor; do
		: >"$v.$k"
	done
	i=0
	while [ "$i" -lt "$RUNS" ]; do
		i=$((i + 1))
		fresh "p.$who.$k"
		sample "turn.$k" "$ADJ" turn -d copy "$act"
		"$BENCHBIN/peakrss" "$ADJ" --version 2>t.out ||
		    fail "the floor's process"
		fs=$("$BENCHBIN/syncfloor" copy/floor.sync 2048) ||
		    fail "the floor's fdatasync"
		awk -v a="$(wall t.out)" -v b="${fs#sync }" \
		    'BEGIN { printf "%.6f\n", a + b }' >>"floor.$k"
		fresh "p.$other.$k"
		sample "receive.$k" "$ADJ" receive -d copy "$msg"
		sample "show.$k" "$ADJ" show -d "p.$who.$k"
		sample "export.$k" "$ADJ" export -d "p.$who.$k"
		fresh "j.judge.$kj"
		sample "judge.$k" "$ADJ" judge -d copy -O copy.out "$jmsg"
		rm -rf copy.out
	done
done

set -- $LENGTHS
first=$(at peer "$1")
last=$(at peer "$3")
printf "\n%-40s %s\n" "per-move latency, ms" \
    "median [min - max] of $RUNS  target"
for v in turn receive show export judge; do
	for k in $LENGTHS; do
		k=$(at peer "$k")
		stats "$v.$k" | awk -v w="$v at entry $k" '{
			printf "%-40s %8.1f [%8.1f - %8.1f]\n", w, $1 * 1000,
			    $2 * 1000, $3 * 1000 }'
	done
	set -- $(stats "$v.$first")
	lo=$1
	set -- $(stats "$v.$last")
	awk -v a="$lo" -v b="$1" -v t="$FLAT_TARGET" -v v="$v" 'BEGIN {
		printf "%-40s %8.2f %32s %s\n", "  " v ": entry " '"$last"' \
		    " / entry " '"$first"', b / a, "<= " t, \
		    b / a <= t ? "PASS" : "MISS" }'
done

# turn and receive against their floor, ratios of medians of this run
printf "\n%-40s %s\n" "a move against its floor, ms" \
    "median [min - max] of $RUNS  target"
for k in $LENGTHS; do
	k=$(at peer "$k")
	set -- $(stats "floor.$k")
	fl=$1
	printf "%-40s %8.2f [%8.2f - %8.2f]\n" "floor at entry $k" \
	    "$(echo "$1" | awk '{ print $1 * 1000 }')" \
	    "$(echo "$2" | awk '{ print $1 * 1000 }')" \
	    "$(echo "$3" | awk '{ print $1 * 1000 }')"
	for v in turn receive; do
		set -- $(stats "$v.$k")
		awk -v a="$1" -v f="$fl" -v t="$FLOOR_TARGET" -v w="$v" -v k="$k" \
		    'BEGIN { r = a / f; printf "%-40s %8.2f %32s %s\n", \
		    "  " w " / floor at entry " k, r, "<= " t, \
		    r <= t ? "PASS" : "MISS" }'
	done
done

# the whole game, RUNS times
echo
echo "bench: a whole $LAST-entry game through turn and receive, $RUNS times"
awk -v last="$LAST" '$3 == "all" && $5 != "-" && $4 <= last {
	print $2, $5 }' peer/messages >moves
: >whole
i=0
while [ "$i" -lt "$RUNS" ]; do
	i=$((i + 1))
	rm -rf A B inv m
	"$ADJ" new -k peer/alice.key -o limit=100000 incognito peer/alice.pub \
	    peer/bob.pub >inv || fail "new"
	"$ADJ" join -d A -k peer/alice.key inv >/dev/null 2>&1 || fail "join"
	"$ADJ" join -d B -k peer/bob.key inv >/dev/null 2>&1 || fail "join"
	t0=$(date +%s%N)
	"$ADJ" setup -d A random >m 2>/dev/null &&
	    "$ADJ" receive -d B m >/dev/null 2>&1 || fail "setup alice"
	"$ADJ" setup -d B random >m 2>/dev/null &&
	    "$ADJ" receive -d A m >/dev/null 2>&1 || fail "setup bob"
	while read -r who act; do
		if [ "$who" = alice ]; then
			"$ADJ" turn -d A "$act" >m 2>/dev/null &&
			    "$ADJ" receive -d B m >/dev/null 2>&1
		else
			"$ADJ" turn -d B "$act" >m 2>/dev/null &&
			    "$ADJ" receive -d A m >/dev/null 2>&1
		fi || fail "whole game: $who $act"
	done <moves
	t1=$(date +%s%N)
	awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f\n", (b - a) / 1e9 }' \
	    >>whole
	echo "bench:   run $i: $(tail -n 1 whole | cut -c1-6) s"
done
n=$(awk '$3 == "all" && $4 == '"$LAST"' { print "ok" }' peer/messages)
[ -n "$n" ] || fail "gen's game is shorter than $LAST entries"
set -- $(stats whole)
printf "%-40s %8.1f [%8.1f - %8.1f] s\n" "a $LAST-entry game, every pair" \
    "$1" "$2" "$3"
