#!/bin/sh
# The judge's mail bot's throughput: mails per second through "judge -r".
#
# A judged incognito game is played first (not timed) through game
# directories and "judge -d": two setups, then MAILS - 2 moves of pieces
# shuffled back and forth (the limit of turns without an interrogation
# raised out of the way), each seat's message kept as the whole mail
# "turn -M" prints.  Then, RUNS times, a fresh root with the judge's
# unencrypted key and the invitation takes those mails one "judge -r"
# process each, in order, as procmail would give them, with a stand-in
# sendmail that discards what it is given; the wall clock of the loop
# (the invitation not counted) gives the rate.  One mail at a time: the
# next judge starts when the last one has ended.
#
# The floor, timed in the same runs right after each: as many processes
# started as the mails cost, doing nothing ("adjudicator --version" and,
# for every update, the stand-in sendmail on an empty input), the same
# loop otherwise.  Every mail costs the judge's start and one sendmail
# start per update, whatever the judge does; the difference is the
# judge's own work.
#
# Two clocks: the wall clock of the loop (what a delivery waits for: the
# judge starts its sendmails before it reads the mail, on another CPU,
# and builds its updates while the disk writes the entry, so on several
# cores its wall time is less than the sum of its processes'), and the
# CPU time of the loop's processes (user and system, from the shell's
# times: what a mail costs the machine, one core's worth), each held to
# its own target.  Prints:
#
#   judge -r: N mails/s one at a time (median of K runs, min A, max B)
#   the floor: F mails/s (...), the judge at R of it, W ms of its own work
#   by CPU time: N' mails/s per core against F'/s, R' of its floor
#   target >= 0.75 of the floor: PASS or MISS
#   target >= 0.6 of the floor by CPU time: PASS or MISS
#   target >= 200 mails/s one at a time: PASS or MISS (and why)
#
# ADJ   the adjudicator binary
# MAILS mails in the game (default 200)
# RUNS  timed runs (default 5, at least 5)
# REPEAT  runs of the RUNS timed runs (default 1), each with its own
#       figures; a target says PASS only when every run passes
# WORK  scratch directory (default a fresh one under $TMPDIR; emptied)
set -u
: "${ADJ:?ADJ must name the adjudicator binary}"
MAILS=${MAILS:-200}
TARGET=200
FLOOR_TARGET=0.75	# of the floor, by the wall clock
CPU_TARGET=0.6		# of the floor, by CPU time
REPEAT=${REPEAT:-1}
[ "$REPEAT" -ge 1 ] 2>/dev/null || REPEAT=1
here=$(cd "$(dirname "$0")" && pwd)
RUNS=${RUNS:-5}
[ "$RUNS" -ge 5 ] || RUNS=5
WORK=${WORK:-${TMPDIR:-/tmp}/adjudicator-bench-judge.$$}
case $WORK in /*) ;; *) WORK=$(pwd)/$WORK ;; esac
case $ADJ in /*) ;; */*) ADJ=$(pwd)/$ADJ ;; esac

fail() {
	echo "bench judge: $*" >&2
	exit 1
}

rm -rf "$WORK"
mkdir -p "$WORK" || fail "cannot create $WORK"
cd "$WORK" || fail "cannot enter $WORK"

# the stand-in sendmail: one process, no shell, reads the mail and drops it
DISCARD="dd of=/dev/null status=none"

# --- the game, not timed ---------------------------------------------------
mkdir keys mails
"$ADJ" keygen -N -d keys judge 2>/dev/null &&
    "$ADJ" keygen -N -d keys alice 2>/dev/null &&
    "$ADJ" keygen -N -d keys bob 2>/dev/null || fail "keygen"
"$ADJ" new -k keys/alice.key -m judge -j keys/judge.pub -o limit=100000 \
    -a alice=alice@example.org -a bob=bob@example.org \
    -a judge=judge@example.org incognito keys/alice.pub keys/bob.pub \
    >invite.msg || fail "new"
for d in J:judge A:alice B:bob; do
	"$ADJ" join -d "${d%%:*}" -k "keys/${d#*:}.key" invite.msg \
	    2>/dev/null || fail "join ${d#*:}"
done

n=0
# one DIR VERB ARGS: the seat's whole mail kept, the judge takes it, the
# seats take their updates
one() {
	d=$1
	shift
	n=$((n + 1))
	f=mails/$(printf '%06d' "$n").eml
	"$ADJ" "$1" -M -d "$d" "$2" >"$f" 2>/dev/null || fail "$d: $*"
	rm -rf out
	"$ADJ" judge -d J -O out "$f" >/dev/null 2>&1 || fail "judge $f"
	for s in A:alice B:bob; do
		[ -f "out/${s#*:}.msg" ] || continue
		"$ADJ" receive -d "${s%%:*}" "out/${s#*:}.msg" \
		    >/dev/null 2>&1 || fail "${s#*:} refuses an update"
	done
}
echo "bench judge: playing a judged game of $MAILS mails in $WORK"
one A setup d2
one B setup b4
i=0
while [ "$n" -lt "$MAILS" ]; do
	if [ $((i % 2)) -eq 0 ]; then
		one A turn e3-e4
		[ "$n" -lt "$MAILS" ] && one B turn a3-a2
	else
		one A turn e4-e3
		[ "$n" -lt "$MAILS" ] && one B turn a2-a3
	fi
	i=$((i + 1))
done

# --- the timed runs --------------------------------------------------------
now() {
	date +%s.%N
}
# cpu: CPU, the CPU seconds (user and system) of this shell's children
# so far; times runs in this shell (in a command substitution it would
# be a child's, with no children)
cpu() {
	times >cpu.out
	CPU=$(awk 'NR == 2 { gsub(/[ms]/, " "); n = split($0, a, " ")
		printf "%.6f\n", a[1] * 60 + a[2] + a[3] * 60 + a[4] }' cpu.out)
}
# one_sample: timed run $r, the judge's loop and then the floor's
one_sample() {
	rm -rf root
	mkdir root
	cp keys/judge.key root/ && chmod 600 root/judge.key
	"$ADJ" judge -r root -s "$DISCARD" invite.msg 2>/dev/null ||
	    fail "run $r: the invitation"
	cpu
	c0=$CPU
	t0=$(now)
	for f in mails/*.eml; do
		"$ADJ" judge -r root -s "$DISCARD" "$f" 2>/dev/null ||
		    fail "run $r: $f refused"
	done
	t1=$(now)
	cpu
	c1=$CPU
	grep -c 'verdict=applied sent=2$' root/log | grep -qx "$MAILS" ||
	    fail "run $r: not every mail was applied and answered"
	UPDATES=2
	# the floor: the same processes, doing nothing
	cpu
	c2=$CPU
	t2=$(now)
	for f in mails/*.eml; do
		"$ADJ" --version >/dev/null &&
		    $DISCARD </dev/null && $DISCARD </dev/null ||
		    fail "the floor's processes"
	done
	t3=$(now)
	cpu
	c3=$CPU
	rate "$t0" "$t1" >>rates
	rate "$t2" "$t3" >>floors
	rate "$c0" "$c1" >>crates
	rate "$c2" "$c3" >>cfloors
	echo "bench judge:   run $r: $(tail -n 1 rates) mails/s, the floor" \
	    "$(tail -n 1 floors)/s; by CPU time $(tail -n 1 crates)/s, the" \
	    "floor $(tail -n 1 cfloors)/s"
}

# rate A B: MAILS over the seconds from A to B
rate() {
	awk -v n="$MAILS" -v a="$1" -v b="$2" \
	    'BEGIN { printf "%.1f\n", n / (b - a) }'
}

med() {
	sort -n "$1" | awk '{ v[NR] = $1 } END {
		m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		printf "%s %s %s\n", m, v[1], v[NR] }'
}

# one_run: RUNS samples, their report, and the run's two ratios to the
# floor (wall clock, CPU time) with their verdicts appended to repeat
one_run() {
	: >rates
	: >floors
	: >crates
	: >cfloors
	UPDATES=
	r=0
	while [ "$r" -lt "$RUNS" ]; do
		r=$((r + 1))
		one_sample
	done
	set -- $(med rates)
	rate=$1 lo=$2 hi=$3
	set -- $(med floors)
	floor=$1 flo=$2 fhi=$3
	set -- $(med crates)
	crate=$1 clo=$2 chi=$3
	set -- $(med cfloors)
	cfloor=$1 cflo=$2 cfhi=$3
	awk -v r="$rate" -v lo="$lo" -v hi="$hi" -v f="$floor" -v flo="$flo" \
	    -v fhi="$fhi" -v k="$RUNS" -v u="$UPDATES" -v t="$TARGET" \
	    -v ft="$FLOOR_TARGET" -v ct="$CPU_TARGET" -v cr="$crate" \
	    -v clo="$clo" -v chi="$chi" -v cf="$cfloor" -v cflo="$cflo" \
	    -v cfhi="$cfhi" -v rep=repeat -f "$here/judge.awk"
}

rep=0
: >repeat
while [ "$rep" -lt "$REPEAT" ]; do
	rep=$((rep + 1))
	echo "bench judge: run $rep of $REPEAT, load average" \
	    "$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
	one_run
done
# every run's figures; PASS only when every run passes
awk -v ft="$FLOOR_TARGET" -v ct="$CPU_TARGET" '
function each(k, what, target) {
	printf "%-34s", what
	ok = 1
	for (i = 1; i <= NR; i++) {
		printf " %.2f", v[i, k]
		ok = ok && p[i, k]
	}
	printf "  >= %s %s\n", target, ok ? "PASS" : "MISS"
}
{ v[NR, 1] = $2; v[NR, 2] = $3; p[NR, 1] = $4; p[NR, 2] = $5 }
END {
	printf "judge -r, each of %d run(s), of its floor:\n", NR
	each(1, "  by the wall clock", ft)
	each(2, "  by CPU time", ct)
}' repeat
