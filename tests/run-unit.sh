#!/bin/sh
# Runs each unit-test program; each prints "ok - NAME" or "not ok - NAME"
# per case.  CHECK_JOBS workers (the machine's cores by default, at most
# 8) take the programs one at a time in the order given: the programs are
# independent, and the few long ones (random games played out, the rule
# cases) no longer wait for each other.  A line per program as it ends (on
# a terminal, a count that changes on one line), then one summary line
# "unit: N passed, N failed".  Not on a terminal (a log, CI), a long
# program also says which case it has reached, as a case ends, once 20 s
# passed since the last line: a log is never silent for long (CHECK_TICK:
# another number of seconds).
tty=0
[ -t 1 ] && tty=1
tick=${CHECK_TICK:-20}
state=$(mktemp -d "${TMPDIR:-/tmp}/adjunit.XXXXXX") || exit 4
workers=""
. "$(dirname "$0")/beat.sh"
. "$(dirname "$0")/pool.sh"
jobs=$(pool_jobs)
trap 'kill $workers 2>/dev/null; rm -rf "$state"' EXIT
trap 'exit 130' INT TERM
total=$#
for t in "$@"; do
	echo "$t" >>"$state/work"
done
[ "$total" -gt 0 ] || : >"$state/work"
: >"$state/results"

# ticker NAME OUT: stdin to OUT; a line on stdout as a case ends once
# CHECK_TICK seconds passed since the last one said
ticker() {
	last=$start
	while IFS= read -r l; do
		printf '%s\n' "$l" >>"$2"
		case $l in "ok - "*|"not ok - "*) ;; *) continue ;; esac
		now=$(date +%s)
		[ $((now - last)) -ge "$tick" ] || continue
		echo "unit: $1: at ${l#*ok - } ($((now - start)) s)"
		last=$now
	done
}

# one PROGRAM: run, its cases counted into results, its line said (one
# write, not mixed with another worker's)
one() {
	name=$(basename "$1")
	out=$state/out.$wid
	start=$(date +%s)
	: >"$out"
	[ "$tty" -eq 1 ] && printf '\runit: %d of %d programs (%s)\033[K' \
	    "$(wc -l <"$state/results" | tr -d ' ')" "$total" "$name"
	if [ "$tty" -eq 1 ]; then
		"$1" >"$out" 2>&1
		echo $? >"$out.rc"
	else
		beat "unit: $name"
		{ "$1" 2>&1; echo $? >"$out.rc"; } | ticker "$name" "$out"
		unbeat
	fi
	rc=$(cat "$out.rc")
	p=$(grep -c '^ok - ' "$out")
	f=$(grep -c '^not ok - ' "$out")
	{
		grep '^not ok - ' "$out" | sed "s|^|$name: |"
		if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
			echo "$name: exited $rc"
			tail -5 "$out"
			f=1
		fi
	} >"$out.say"
	echo "$name $p $f" >>"$state/results"
	n=$(wc -l <"$state/results" | tr -d ' ')
	[ "$tty" -eq 1 ] && [ -s "$out.say" ] && printf '\r\033[K'
	{
		cat "$out.say"
		[ "$tty" -eq 1 ] || echo "unit: $name: $p passed, $f failed" \
		    "($(($(date +%s) - start)) s; $n of $total programs)"
	} | cat
	return 0
}

pool "$state" "$jobs" one
[ "$tty" -eq 1 ] && printf '\r\033[K'
pass=$(awk '{ s += $2 } END { print s + 0 }' "$state/results")
fail=$(awk '{ s += $3 } END { print s + 0 }' "$state/results")
# a program that never reported (a worker killed) fails the run
ran=$(wc -l <"$state/results" | tr -d ' ')
[ "$ran" -eq "$total" ] || {
	echo "unit: $((total - ran)) of $total programs did not report"
	fail=$((fail + total - ran))
}
echo "unit: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
