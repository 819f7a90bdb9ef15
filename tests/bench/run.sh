#!/bin/sh
# make bench: verify on a long archive against the raw Ed25519 rate on one
# and on every core, against one minisign -V process per entry, its peak
# memory; then the per-move commands at entries 10, 100 and 1000 and a
# whole 1,000-entry game (moves.sh); the mail bot's mails per second
# through judge -r (judge.sh), and over a drained queue of 1,000 mails
# (drain.sh); one move with and without a key agent
# (agent.sh); standings over 10,000 archives against verify of the same
# archives (standings.sh, ARCHIVES of them); a Swiss round of 1,000
# players paired by the Dutch system (swiss.sh); a 1,000-player,
# 11-round tournament's table recomputed on one core (tour.c, under a
# second); one mail's update of the club's web site in a root of 10
# games and of 5,000 (site.sh).
#
# ADJ       the adjudicator binary
# BENCHBIN  where gen, raw, peakrss and smtpnull were built
# N         entries wanted in the archive (default 10000)
# RUNS      samples of every figure (default 7, at least 5)
# REPEAT    runs of the verify figures and of judge.sh (default 1): each
#           run's figure of each target is printed, and a target says
#           PASS only when every run passes
# WORK      scratch directory (emptied first)
# BENCH_ONLY site: that part alone (BENCH_ONLY=site make bench)
#
# Every figure is the median of RUNS samples, printed with its min and
# max; every ratio is between medians of this same run.  The samples of
# the raw rate on one core and on every core, verify on one core and
# verify on every core alternate (raw, raw on all cores, 1 core, all
# cores, raw, ...) so that a change in the machine's load falls on all
# four alike.
#
# 1. gen plays random incognito games (limit=100000, the random player
#    biased towards plain moves until N entries, see gen.c) and writes the
#    archive of one closed game with >= N entries, and every signed entry
#    as its own file for minisign.
# 2. raw: sec_verify over N signatures of messages the size of the
#    average signed entry message (entry - 64-byte signature + the 30-byte
#    domain string envelope.c prefixes), one core, one timed pass; and
#    the same shared out over every core (raw -t): what the machine gives
#    on all its cores, so that verify's own loss there shows apart from
#    the machine's.
# 3. verify with ADJUDICATOR_THREADS=1 and =cores (peakrss: fork/exec,
#    wall clock, wait4's ru_maxrss).
# 4. minisign: a key without password, the first min(N, 1000) entry files
#    signed (not timed), then one `minisign -Vq` process per file run by
#    xargs (the leanest loop: no shell per entry); its time per entry
#    against verify's.  Where a process takes a millisecond to start, no
#    verifier reaches a fixed multiple of that: the speed-up is held to
#    its ceiling instead, what raw Ed25519 on one core would verify in the
#    time of one minisign process (at least CEILING_TARGET of it).
set -u

: "${ADJ:?ADJ must name the adjudicator binary}"
: "${BENCHBIN:?BENCHBIN must name the bench build directory}"
here=$(cd "$(dirname "$0")" && pwd)
. "$here/stats.sh"
N=${N:-10000}
REPEAT=${REPEAT:-1}
[ "$REPEAT" -ge 1 ] 2>/dev/null || fail "REPEAT=$REPEAT: at least 1"
WORK=${WORK:-${TMPDIR:-/tmp}/adjudicator-bench.$$}
DOMAIN_LEN=30	# "adjudicator signed message v1" and its NUL
RATIO_TARGET=0.85	# verify on one core / raw Ed25519 on one core
CORES_TARGET=1.7	# verify on two cores / raw Ed25519 on one core
CEILING_TARGET=0.8	# the speed-up over minisign -V / its ceiling
RSS_TARGET_KIB=16384
MS_FILES=1000

case $WORK in
/*) ;;
*) WORK=$(pwd)/$WORK ;;
esac
case ${BENCH_ONLY:-} in
"") ;;
site) RUNS=$RUNS WORK=$WORK/site sh "$here/site.sh" || fail "site.sh failed"
	exit 0 ;;
*) fail "BENCH_ONLY=$BENCH_ONLY: the part that runs alone is site" ;;
esac
rm -rf "$WORK"
mkdir -p "$WORK" || fail "cannot create $WORK"
ARC=$WORK/archive.adj
CORES=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
echo "bench: $CORES cores, load average $(cut -d' ' -f1-3 /proc/loadavg \
    2>/dev/null), $RUNS samples of every figure"

echo "bench: generating an archive of >= $N entries in $WORK"
"$BENCHBIN/gen" -n "$N" -d "$WORK/entries" "$ARC" >"$WORK/gen.out" ||
    fail "gen failed"
# gen's archive and 10,000 entry files, written back to the disk now:
# the kernel's writeback would otherwise take a core during the samples
sync
set -- $(cat "$WORK/gen.out")
ENTRIES=$2 BYTES=$4 MEAN=$6 GAMES=$8
echo "bench: $ENTRIES entries, $BYTES bytes armored, mean signed entry" \
    "$MEAN bytes, $GAMES game(s) played"

"$ADJ" verify "$ARC" >"$WORK/verify.out" 2>&1 ||
    { cat "$WORK/verify.out"; fail "verify refused the archive"; }
sed 's/^/bench:   /' "$WORK/verify.out"

MS=
if command -v minisign >/dev/null 2>&1; then
	ls "$WORK/entries"/* | head -n "$MS_FILES" >"$WORK/files" ||
	    fail "no entry files"
	MSN=$(wc -l <"$WORK/files")
	echo "bench: minisign: signing $MSN files (not timed)"
	minisign -G -W -p "$WORK/key.pub" -s "$WORK/key.sec" </dev/null \
	    >"$WORK/minisign.out" 2>&1 ||
	    { cat "$WORK/minisign.out"; fail "minisign -G failed"; }
	xargs minisign -S -s "$WORK/key.sec" -m <"$WORK/files" \
	    >>"$WORK/minisign.out" 2>&1 ||
	    { tail "$WORK/minisign.out"; fail "minisign -S failed"; }
	: >"$WORK/ms"
	i=0
	while [ "$i" -lt "$RUNS" ]; do
		i=$((i + 1))
		"$BENCHBIN/peakrss" sh -c \
		    'xargs -I{} minisign -Vq -p "$1" -m {} <"$2"' \
		    sh "$WORK/key.pub" "$WORK/files" 2>"$WORK/ms.out" ||
		    fail "a minisign -V failed"
		wall "$WORK/ms.out" >>"$WORK/ms"
	done
	MS=$(stats "$WORK/ms")
	echo "bench:   $MSN minisign -V processes: median $(echo $MS |
	    cut -d' ' -f1) s"
else
	echo "bench: minisign not found: the comparison is skipped"
	MSN=0
fi

# verify_run: one run of the verify figures, RUNS samples of each, and
# its table (verify.awk), its two ratios appended to $WORK/repeat
verify_run() {
	echo "bench: run $rep: sampling raw Ed25519 ($ENTRIES signatures of" \
	    "$MSG-byte messages), verify on 1 core and verify on $CORES"
	: >"$WORK/raw" && : >"$WORK/rawc" && : >"$WORK/t1" && : >"$WORK/tc"
	: >"$WORK/rss"
	i=0
	while [ "$i" -lt "$RUNS" ]; do
		i=$((i + 1))
		verify_sample
	done
	awk -v n="$ENTRIES" -v raw="$(stats "$WORK/raw")" \
	    -v t1="$(stats "$WORK/t1")" -v rawc="$(stats "$WORK/rawc")" \
	    -v tc="$(stats "$WORK/tc")" -v rss="$(stats "$WORK/rss")" \
	    -v cores="$CORES" -v ms="$MS" -v msn="$MSN" -v runs="$RUNS" \
	    -v rt="$RATIO_TARGET" -v ct="$CORES_TARGET" \
	    -v st="$CEILING_TARGET" -v mt="$RSS_TARGET_KIB" \
	    -v rep="$WORK/repeat" -f "$here/verify.awk"
}

# verify_sample: sample $i of each figure, interleaved
verify_sample() {
	for t in 1 "$CORES"; do
		"$BENCHBIN/raw" -n "$ENTRIES" -s "$MSG" -t "$t" \
		    >"$WORK/raw.out" || fail "raw -t $t failed"
		[ "$t" = 1 ] && f=raw || f=rawc
		sed -n 's/^raw_per_sec \([0-9.]*\).*/\1/p' "$WORK/raw.out" \
		    >>"$WORK/$f"
	done
	for t in 1 "$CORES"; do
		ADJUDICATOR_THREADS=$t "$BENCHBIN/peakrss" "$ADJ" verify \
		    "$ARC" 2>"$WORK/v.out" ||
		    fail "verify run $i ($t threads) failed"
		[ "$t" = 1 ] && f=t1 || f=tc
		wall "$WORK/v.out" >>"$WORK/$f"
		maxrss "$WORK/v.out" >>"$WORK/rss"
	done
	echo "bench:   sample $i: raw $(tail -n 1 "$WORK/raw")/s, on" \
	    "$CORES cores $(tail -n 1 "$WORK/rawc")/s, verify" \
	    "$(tail -n 1 "$WORK/t1") s on 1 core, $(tail -n 1 "$WORK/tc")" \
	    "s on $CORES"
}

MSG=$((MEAN - 64 + DOMAIN_LEN))
rep=0
: >"$WORK/repeat"
while [ "$rep" -lt "$REPEAT" ]; do
	rep=$((rep + 1))
	verify_run
done
# every run's figure of each target; PASS only when every run passes
awk -v rt="$RATIO_TARGET" -v ct="$CORES_TARGET" -v cores="$CORES" '
function each(k, what, target) {
	printf "%-40s", what
	ok = 1
	for (i = 1; i <= NR; i++) {
		printf " %.3f", v[i, k]
		ok = ok && p[i, k]
	}
	printf "  >= %s %s\n", target, ok ? "PASS" : "MISS"
}
{ v[NR, 1] = $2; v[NR, 2] = $3; p[NR, 1] = $4; p[NR, 2] = $5 }
END {
	printf "\nverify, each of %d run(s):\n", NR
	each(1, "  1 core / raw Ed25519, 1 core", rt)
	if (cores >= 2)
		each(2, "  " cores " cores / raw Ed25519, 1 core", ct)
}' "$WORK/repeat"

WORK=$WORK/moves sh "$here/moves.sh" || fail "moves.sh failed"
RUNS=$RUNS REPEAT=$REPEAT WORK=$WORK/judge sh "$here/judge.sh" ||
    fail "judge.sh failed"
# several games, then many: each seat of a game gets one update a run
for g in 4 50; do
	RUNS=$RUNS WORK=$WORK/drain GAMES=$g BENCHBIN=$BENCHBIN \
	    sh "$here/drain.sh" || fail "drain.sh failed"
done
RUNS=$RUNS WORK=$WORK/agent sh "$here/agent.sh" || fail "agent.sh failed"
# the mails of 40 actions of judged incognito with and without
# conditional moves (a count, not a time)
WORK=$WORK/cond sh "$here/cond.sh" || fail "cond.sh failed"
RUNS=$RUNS WORK=$WORK/standings sh "$here/standings.sh" ||
    fail "standings.sh failed"
"$BENCHBIN/tour" "$RUNS" ||
    fail "tour: the tournament's table missed its target"
RUNS=$RUNS WORK=$WORK/swiss sh "$here/swiss.sh" || fail "swiss.sh failed"
RUNS=$RUNS WORK=$WORK/site sh "$here/site.sh" || fail "site.sh failed"
echo "bench: load average at the end $(cut -d' ' -f1-3 /proc/loadavg \
    2>/dev/null)"
sh "$here/bots.sh" || fail "bots.sh: greedy missed its target"
