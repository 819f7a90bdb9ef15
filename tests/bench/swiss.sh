#!/bin/sh
# A Swiss round of the Dutch system for 1,000 players: round 6 of 11
# after five rounds of seeded random results (swisspair.c; the rounds
# before are not timed), RUNS samples, the median with min and max of
# the wall clock, and of the CPU time.  Target (issue 35): under one
# second on one core (the engine is single-threaded).
#
# BENCHBIN  where swisspair was built
# RUNS      samples (default 7, at least 5)
# WORK      scratch directory (emptied first)
# SWISS_N   players (default 1000)
set -u
: "${BENCHBIN:?BENCHBIN must name the bench build directory}"
here=$(cd "$(dirname "$0")" && pwd)
. "$here/stats.sh"
N=${SWISS_N:-1000}
TARGET=1.00
WORK=${WORK:-${TMPDIR:-/tmp}/adjudicator-bench-swiss.$$}
case $WORK in /*) ;; *) WORK=$(pwd)/$WORK ;; esac
rm -rf "$WORK"
mkdir -p "$WORK" || fail "cannot create $WORK"

echo "bench swiss: pairing round 6 of 11 for $N players, $RUNS samples"
: >"$WORK/wall" && : >"$WORK/cpu"
r=0
while [ "$r" -lt "$RUNS" ]; do
	r=$((r + 1))
	"$BENCHBIN/swisspair" -n "$N" -r 5 -t 11 >"$WORK/out" ||
	    fail "swisspair failed, sample $r"
	set -- $(cat "$WORK/out")
	echo "$2" >>"$WORK/wall"
	echo "$4" >>"$WORK/cpu"
	echo "bench swiss:   sample $r: $2 s ($4 s of CPU), ${10} pairs"
done

awk -v n="$N" -v w="$(stats "$WORK/wall")" -v c="$(stats "$WORK/cpu")" \
    -v runs="$RUNS" -v t="$TARGET" '
function line(what, med, lo, hi, target, ok) {
	printf "%-40s %8.3f [%8.3f - %8.3f]", what, med, lo, hi
	if (target != "")
		printf "  %-9s %s", target, ok ? "PASS" : "MISS"
	printf "\n"
}
BEGIN {
	split(w, a); split(c, b)
	printf "\n%-40s %s\n", "swiss, " n " players, round 6 of 11", \
	    "median [min - max] of " runs "  target"
	line("pair one round, s (wall clock)", a[1], a[2], a[3], \
	    "< " t, a[1] < t)
	line("pair one round, s (CPU)", b[1], b[2], b[3])
}'
