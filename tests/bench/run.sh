#!/bin/sh
# make bench: time verify on a long archive against the raw Ed25519 rate,
# against one minisign -V process per entry, and measure its peak memory.
#
# ADJ       the adjudicator binary
# BENCHBIN  where gen, raw and peakrss were built
# N         entries wanted in the archive (default 10000)
# WORK      scratch directory (emptied first)
#
# 1. gen plays random incognito games (limit=100000, the random player
#    biased towards plain moves until N entries, see gen.c) and writes the
#    archive of one closed game with >= N entries, and every signed entry
#    as its own file for minisign.
# 2. raw: sec_verify over N signatures of messages the size of the
#    average signed entry message (entry - 64-byte signature + the 30-byte
#    domain string envelope.c prefixes), best pass of >= 1 s.
# 3. verify, best wall clock of 3 runs, peak RSS the largest of them
#    (peakrss: fork/exec, wait4's ru_maxrss).
# 4. minisign: a key without password, every entry file signed (not
#    timed), then one `minisign -Vq` process per file, run by xargs (the
#    leanest loop: no shell per entry); wall clock of the whole loop.
set -u

: "${ADJ:?ADJ must name the adjudicator binary}"
: "${BENCHBIN:?BENCHBIN must name the bench build directory}"
N=${N:-10000}
WORK=${WORK:-${TMPDIR:-/tmp}/adjudicator-bench.$$}
DOMAIN_LEN=30	# "adjudicator signed message v1" and its NUL
RATIO_TARGET=0.70
SPEEDUP_TARGET=50
RSS_TARGET_KIB=16384

fail() {
	echo "bench: $*" >&2
	exit 1
}

# wall and maxrss of one run, from peakrss's stderr line
stat_field() {
	sed -n "s/.*$1 \([0-9.]*\).*/\1/p" "$2"
}

case $WORK in
/*) ;;
*) WORK=$(pwd)/$WORK ;;
esac
rm -rf "$WORK"
mkdir -p "$WORK" || fail "cannot create $WORK"
ARC=$WORK/archive.adj

echo "bench: generating an archive of >= $N entries in $WORK"
"$BENCHBIN/gen" -n "$N" -d "$WORK/entries" "$ARC" >"$WORK/gen.out" ||
    fail "gen failed"
set -- $(cat "$WORK/gen.out")
ENTRIES=$2 BYTES=$4 MEAN=$6 GAMES=$8
echo "bench: $ENTRIES entries, $BYTES bytes armored, mean signed entry" \
    "$MEAN bytes, $GAMES game(s) played"

"$ADJ" verify "$ARC" >"$WORK/verify.out" 2>&1 ||
    { cat "$WORK/verify.out"; fail "verify refused the archive"; }
sed 's/^/bench:   /' "$WORK/verify.out"

MSG=$((MEAN - 64 + DOMAIN_LEN))
echo "bench: raw sec_verify rate, $ENTRIES signatures of $MSG-byte messages"
"$BENCHBIN/raw" -n "$ENTRIES" -s "$MSG" >"$WORK/raw.out" || fail "raw failed"
RAW=$(sed -n 's/^raw_per_sec \([0-9.]*\).*/\1/p' "$WORK/raw.out")

# time_verify THREADS: best wall clock of 3 into BEST, largest RSS into PEAK
time_verify() {
	BEST= PEAK=0
	for i in 1 2 3; do
		ADJUDICATOR_THREADS=$1 "$BENCHBIN/peakrss" "$ADJ" verify "$ARC" \
		    2>"$WORK/verify.$1.$i" || fail "verify run $i failed"
		w=$(stat_field wall "$WORK/verify.$1.$i")
		r=$(stat_field maxrss_kib "$WORK/verify.$1.$i")
		echo "bench:   run $i: ${w}s, peak RSS ${r} KiB"
		BEST=$(awk -v a="$BEST" -v b="$w" \
		    'BEGIN { print (a == "" || b + 0 < a + 0) ? b : a }')
		[ "$r" -gt "$PEAK" ] && PEAK=$r
	done
}

CORES=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
echo "bench: timing verify on one core (ADJUDICATOR_THREADS=1), best of 3"
time_verify 1
BEST1=$BEST PEAK1=$PEAK
echo "bench: timing verify on all $CORES cores, best of 3"
time_verify "$CORES"
[ "$PEAK1" -gt "$PEAK" ] && PEAK=$PEAK1

MS_TIME=
if command -v minisign >/dev/null 2>&1; then
	echo "bench: minisign: signing $ENTRIES files (not timed)"
	ls "$WORK/entries"/* >"$WORK/files" || fail "no entry files"
	minisign -G -W -p "$WORK/key.pub" -s "$WORK/key.sec" </dev/null \
	    >"$WORK/minisign.out" 2>&1 ||
	    { cat "$WORK/minisign.out"; fail "minisign -G failed"; }
	xargs minisign -S -s "$WORK/key.sec" -m <"$WORK/files" \
	    >>"$WORK/minisign.out" 2>&1 ||
	    { tail "$WORK/minisign.out"; fail "minisign -S failed"; }
	echo "bench: timing $ENTRIES minisign -V processes"
	"$BENCHBIN/peakrss" sh -c 'xargs -I{} minisign -Vq -p "$1" -m {} <"$2"' \
	    sh "$WORK/key.pub" "$WORK/files" 2>"$WORK/minisign.time" ||
	    fail "a minisign -V failed"
	MS_TIME=$(stat_field wall "$WORK/minisign.time")
	echo "bench:   ${MS_TIME}s"
else
	echo "bench: minisign not found: the speed-up is skipped"
fi

awk -v n="$ENTRIES" -v raw="$RAW" -v best="$BEST" -v peak="$PEAK" \
    -v best1="$BEST1" -v cores="$CORES" \
    -v ms="$MS_TIME" -v rt="$RATIO_TARGET" -v st="$SPEEDUP_TARGET" \
    -v mt="$RSS_TARGET_KIB" 'BEGIN {
	rate = n / best
	ratio = rate / raw
	rate1 = n / best1
	printf "\n"
	printf "%-44s %14s %10s %6s\n", "measure (" n " entries)", "value", \
	    "target", ""
	printf "%-44s %14.0f\n", "raw sec_verify (Ed25519) signatures/s", raw
	printf "%-44s %14.0f   (%.3f s best of 3)\n", "verify entries/s, one core", \
	    rate1, best1
	printf "%-44s %14.3f %10s %6s\n", "  one core / raw Ed25519 rate", \
	    rate1 / raw, ">= " rt, (rate1 / raw >= rt ? "PASS" : "MISS")
	printf "%-44s %14.0f   (%.3f s best of 3)\n", "verify entries/s, " cores \
	    " cores", rate, best
	printf "%-44s %14.3f %10s %6s\n", "verify / raw Ed25519 rate", ratio, \
	    ">= " rt, (ratio >= rt ? "PASS" : "MISS")
	if (ms == "")
		printf "%-44s %14s %10s %6s\n", "speed-up over minisign -V per entry", \
		    "skipped", ">= " st "x", "-"
	else {
		sp = ms / best
		printf "%-44s %13.1fx %10s %6s\n", \
		    "speed-up over minisign -V per entry", sp, ">= " st "x", \
		    (sp >= st ? "PASS" : "MISS")
		printf "%-44s %14.0f   (%.3f s for %d processes)\n", \
		    "  minisign -V processes/s", n / ms, ms, n
		printf "%-44s %13.1fx   (verify at the raw rate)\n", \
		    "  ceiling on one core", raw * ms / n
		printf "%-44s %13.1fx\n", "  speed-up on one core", ms / best1
	}
	printf "%-44s %10.2f MiB %10s %6s\n", "verify peak RSS", peak / 1024, \
	    "<= " mt / 1024 " MiB", (peak <= mt ? "PASS" : "MISS")
}'
