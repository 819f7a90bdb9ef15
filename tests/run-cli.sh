#!/bin/sh
# Runs every tests/cli/*.sh: each file defines test_NAME functions, each
# run in a fresh directory with tests/cli/lib.sh loaded and $ADJ set to
# the binary under test.  CHECK_JOBS workers (the machine's cores by
# default, at most 8) take the tests one at a time in the files' order,
# so that a slow test does not hold the rest back; every test has its own
# directory, HOME and TMPDIR, so none sees another.  So that a long run
# is never silent: on a terminal, a count of the tests run so far on one
# line that changes; elsewhere (a log, CI), a line per file as its last
# test ends, and a line as a test ends once 20 s passed since the last
# line said, and one every 20 s while a single test runs longer
# (CHECK_TICK: another number of seconds).  Then a summary line,
# "cli: N passed, N failed".
: "${ADJ:?ADJ must name the adjudicator binary}"
top=$(cd "$(dirname "$0")/.." && pwd)
export ADJ TOP="$top"
tty=0
[ -t 1 ] && tty=1
# shellcheck source=pool.sh
. "$top/tests/pool.sh"
jobs=$(pool_jobs)
state=$(mktemp -d "${TMPDIR:-/tmp}/adjrun.XXXXXX") || exit 2
workers=""
trap 'kill $workers 2>/dev/null; rm -rf "$state"' EXIT
trap 'exit 130' INT TERM
# the work, a test a line: FILE NAME (and each file's count of tests)
total=0
for file in "$top"/tests/cli/*.sh; do
	case "$file" in */lib.sh) continue ;; esac
	[ -n "$ONLY" ] && case "$file" in *"$ONLY"*) ;; *) continue ;; esac
	names=$(sed -n 's/^\(test_[A-Za-z0-9_]*\)[ ]*()[ ]*{*$/\1/p' "$file")
	[ -n "$names" ] || continue
	n=0
	for name in $names; do
		echo "$file $name" >>"$state/work"
		n=$((n + 1))
	done
	echo "$n" >"$state/count.$(basename "$file" .sh)"
	total=$((total + n))
done
: >"$state/results"
# done: how many tests ended, in every worker
done_count() {
	wc -l <"$state/results" | tr -d ' '
}
# progress: the count on a terminal (cleared before any other line)
progress() {
	[ "$tty" -eq 1 ] && printf '\rcli: %d of %d tests (%s)\033[K' \
	    "$(done_count)" "$total" "$1"
	return 0
}
clear_line() {
	[ "$tty" -eq 1 ] && printf '\r\033[K'
	return 0
}
. "$top/tests/beat.sh"
# run FILE NAME BASE: one test, its result a line of $state/results;
# a failure says its last lines at once (one write, not mixed with
# another worker's)
run() {
	dir=$(mktemp -d "${TMPDIR:-/tmp}/adjtest.XXXXXX")
	[ "$tty" -eq 1 ] || beat "cli: $3: $2"
	out=$(cd "$dir" && sh -c ". \"$top/tests/cli/lib.sh\"; . \"$1\"; set -e; $2" 2>&1)
	rc=$?
	unbeat
	rm -rf "$dir"
	if [ "$rc" -eq 0 ]; then
		echo "pass $3 $2" >>"$state/results"
		return 0
	fi
	clear_line
	{
		echo "FAIL $3:$2"
		printf '%s\n' "$out" | tail -15 | sed 's/^/    /'
	} >"$state/out.$wid"
	cat "$state/out.$wid"
	echo "fail $3 $2" >>"$state/results"
}
# told FILE NAME BASE: the lines said as a test ends, not on a terminal:
# where the run is, once CHECK_TICK seconds passed since the last line;
# the file's line once its last test ended
told() {
	[ "$tty" -eq 1 ] && return 0
	now=$(date +%s)
	# (another worker may be writing these: empty is "now")
	start=$(cat "$state/start.$3" 2>/dev/null)
	said=$(cat "$state/said" 2>/dev/null)
	if [ $((now - ${said:-$now})) -ge "${CHECK_TICK:-20}" ]; then
		echo "cli: $3: at $2 ($((now - ${start:-$now})) s;" \
		    "$(done_count) of $total tests)"
		echo "$now" >"$state/said"
	fi
	[ "$(grep -c " $3 " "$state/results")" -eq \
	    "$(cat "$state/count.$3")" ] || return 0
	mkdir "$state/ended.$3" 2>/dev/null || return 0
	echo "cli: $3: $(grep -c "^pass $3 " "$state/results")" \
	    "passed, $(grep -c "^fail $3 " "$state/results") failed" \
	    "($((now - ${start:-$now})) s; $(done_count) of $total tests)"
	echo "$now" >"$state/said"
}
# one_test FILE NAME: a worker's test (pool.sh)
one_test() {
	base=$(basename "$1" .sh)
	mkdir "$state/began.$base" 2>/dev/null &&
	    date +%s >"$state/start.$base"
	progress "$base"
	run "$1" "$2" "$base"
	progress "$base"
	told "$1" "$2" "$base"
}
date +%s >"$state/said"
[ "$total" -gt 0 ] || : >"$state/work"
pool "$state" "$jobs" one_test
clear_line
pass=$(grep -c '^pass ' "$state/results")
fail=$(grep -c '^fail ' "$state/results")
failed=$(sed -n 's/^fail \([^ ]*\) \(.*\)/\1:\2/p' "$state/results" |
    tr '\n' ' ')
[ -n "$failed" ] && echo "failed: ${failed% }"
echo "cli: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ $((pass + fail)) -eq "$total" ]
