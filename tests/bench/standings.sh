#!/bin/sh
# standings over a club's archives against verify of the same archives.
#
# ARCHIVES finished games (default 10000) between 20 players are made
# first, not timed (tests/bench/archives.c: knights ended by a
# resignation or a draw agreed after a few moves, incognito played to
# its end, some judged; one hour apart, so some five quarters), on every
# core.  Then RUNS times, alternating so that a change in the machine's
# load falls on both alike:
#
#   standings  one "adjudicator standings DIR" (signatures checked on
#              every core, as verify does);
#   verify     "adjudicator verify FILE" once per archive, as many at a
#              time as there are cores (xargs -P): what checking every
#              game with verify costs.
#
# Every figure is the median of RUNS samples with its min and max; the
# ratio is between medians of this run.  Target: standings takes no
# longer than verify of the same archives (a ratio <= 1.00): it does
# verify's work once per archive, in one process, and the rating after.
#
# ADJ       the adjudicator binary
# BENCHBIN  where archives and peakrss were built
# ARCHIVES  games (default 10000)
# RUNS      samples of every figure (default 7, at least 5)
# WORK      scratch directory (emptied first)
set -u
: "${ADJ:?ADJ must name the adjudicator binary}"
: "${BENCHBIN:?BENCHBIN must name the bench build directory}"
here=$(cd "$(dirname "$0")" && pwd)
. "$here/stats.sh"
ARCHIVES=${ARCHIVES:-10000}
PLAYERS=20
TARGET=1.00
WORK=${WORK:-${TMPDIR:-/tmp}/adjudicator-bench-standings.$$}
case $WORK in /*) ;; *) WORK=$(pwd)/$WORK ;; esac
CORES=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)

rm -rf "$WORK"
mkdir -p "$WORK/keys" "$WORK/archives" || fail "cannot create $WORK"
i=0
while [ "$i" -lt "$PLAYERS" ]; do
	"$ADJ" keygen -N -d "$WORK/keys" "$(printf 'p%02d' "$i")" 2>/dev/null ||
	    fail "keygen"
	i=$((i + 1))
done
"$ADJ" keygen -N -d "$WORK/keys" judge 2>/dev/null || fail "keygen judge"

echo "bench standings: making $ARCHIVES archives between $PLAYERS players" \
    "in $WORK (not timed)"
per=$(( (ARCHIVES + CORES - 1) / CORES ))
c=0 first=0
while [ "$first" -lt "$ARCHIVES" ]; do
	n=$per
	[ $((first + n)) -gt "$ARCHIVES" ] && n=$((ARCHIVES - first))
	"$BENCHBIN/archives" -n "$n" -f "$first" -p "$PLAYERS" \
	    -k "$WORK/keys" "$WORK/archives" >"$WORK/gen.$c" &
	first=$((first + n))
	c=$((c + 1))
done
wait
set -- $(cat "$WORK"/gen.* | awk '{ n += $2; e += $4; b += $6 }
    END { print n, e, b }')
[ "$1" -eq "$ARCHIVES" ] || fail "made $1 archives of $ARCHIVES"
echo "bench standings: $1 archives, $2 entries, $3 bytes"
sync

"$ADJ" standings "$WORK/archives" >"$WORK/table" 2>"$WORK/table.err" ||
    { cat "$WORK/table.err"; fail "standings refused some archives"; }
sed -n '1,3p' "$WORK/table" | sed 's/^/bench standings:   /'

: >"$WORK/st" && : >"$WORK/vf" && : >"$WORK/rss"
r=0
while [ "$r" -lt "$RUNS" ]; do
	r=$((r + 1))
	"$BENCHBIN/peakrss" "$ADJ" standings "$WORK/archives" \
	    2>"$WORK/s.out" || fail "standings, run $r"
	wall "$WORK/s.out" >>"$WORK/st"
	maxrss "$WORK/s.out" >>"$WORK/rss"
	"$BENCHBIN/peakrss" sh -c 'ls "$1"/*.adj | xargs -P "$2" -n 1 "$3" \
	    verify >/dev/null' sh "$WORK/archives" "$CORES" "$ADJ" \
	    2>"$WORK/v.out" || fail "a verify failed, run $r"
	wall "$WORK/v.out" >>"$WORK/vf"
	echo "bench standings:   sample $r: standings $(tail -n 1 "$WORK/st") s," \
	    "verify $(tail -n 1 "$WORK/vf") s"
done

awk -v n="$ARCHIVES" -v st="$(stats "$WORK/st")" -v vf="$(stats "$WORK/vf")" \
    -v rss="$(stats "$WORK/rss")" -v runs="$RUNS" -v cores="$CORES" \
    -v t="$TARGET" '
function line(what, med, lo, hi, fmt, target, ok) {
	printf "%-40s " fmt " [" fmt " - " fmt "]", what, med, lo, hi
	if (target != "")
		printf "  %-9s %s", target, ok ? "PASS" : "MISS"
	printf "\n"
}
BEGIN {
	split(st, s); split(vf, v); split(rss, m)
	printf "\n%-40s %s\n", "standings, " n " archives", \
	    "median [min - max] of " runs "  target"
	line("standings, s (" cores " cores)", s[1], s[2], s[3], "%8.2f")
	line("verify, one per archive, s", v[1], v[2], v[3], "%8.2f")
	line("standings archives/s", n / s[1], n / s[3], n / s[2], "%8.0f")
	line("verify archives/s", n / v[1], n / v[3], n / v[2], "%8.0f")
	line("  standings / verify (time)", s[1] / v[1], s[2] / v[3], \
	    s[3] / v[2], "%8.3f", "<= " t, s[1] / v[1] <= t)
	line("standings peak RSS, MiB", m[1] / 1024, m[2] / 1024, \
	    m[3] / 1024, "%8.2f")
}'
