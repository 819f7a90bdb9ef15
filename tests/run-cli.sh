#!/bin/sh
# Runs every tests/cli/*.sh: each file defines test_NAME functions, run one
# by one in a fresh directory with tests/cli/lib.sh loaded and $ADJ set to
# the binary under test.  So that a long run is never silent: on a
# terminal, a count of the tests run so far on one line that changes;
# elsewhere (a log, CI), a line per file as it ends, and in a long file
# a line as a test ends once 20 s passed since the last line said, and
# one every 20 s while a single test runs longer (CHECK_TICK: another
# number of seconds).  Then a summary line, "cli: N
# passed, N failed".
: "${ADJ:?ADJ must name the adjudicator binary}"
top=$(cd "$(dirname "$0")/.." && pwd)
export ADJ TOP="$top"
pass=0 fail=0 done=0 total=0
failed=""
tty=0
[ -t 1 ] && tty=1
said=$(date +%s)
files=""
for file in "$top"/tests/cli/*.sh; do
	case "$file" in */lib.sh) continue ;; esac
	[ -n "$ONLY" ] && case "$file" in *"$ONLY"*) ;; *) continue ;; esac
	files="$files $file"
	total=$((total + $(grep -c '^test_[A-Za-z0-9_]*[ ]*()' "$file")))
done
# progress: the count on a terminal (cleared before any other line)
progress() {
	[ "$tty" -eq 1 ] && printf '\rcli: %d of %d tests (%s)\033[K' \
	    "$done" "$total" "$1"
	return 0
}
clear_line() {
	[ "$tty" -eq 1 ] && printf '\r\033[K'
	return 0
}
. "$top/tests/beat.sh"
trap unbeat EXIT
for file in $files; do
	names=$(sed -n 's/^\(test_[A-Za-z0-9_]*\)[ ]*()[ ]*{*$/\1/p' "$file")
	base=$(basename "$file" .sh)
	fpass=0 ffail=0 start=$(date +%s)
	for name in $names; do
		progress "$base"
		dir=$(mktemp -d "${TMPDIR:-/tmp}/adjtest.XXXXXX")
		[ "$tty" -eq 1 ] || beat "cli: $base: $name"
		out=$(cd "$dir" && sh -c ". \"$top/tests/cli/lib.sh\"; . \"$file\"; set -e; $name" 2>&1)
		rc=$?
		unbeat
		done=$((done + 1))
		if [ "$rc" -eq 0 ]; then
			pass=$((pass + 1))
			fpass=$((fpass + 1))
		else
			fail=$((fail + 1))
			ffail=$((ffail + 1))
			failed="$failed $base:$name"
			clear_line
			echo "FAIL $base:$name"
			printf '%s\n' "$out" | tail -15 | sed 's/^/    /'
		fi
		rm -rf "$dir"
		[ "$tty" -eq 1 ] && continue
		now=$(date +%s)
		[ $((now - said)) -ge "${CHECK_TICK:-20}" ] || continue
		echo "cli: $base: at $name ($((now - start)) s;" \
		    "$done of $total tests)"
		said=$now
	done
	[ "$tty" -eq 1 ] || [ -z "$names" ] ||
	    echo "cli: $base: $fpass passed, $ffail failed" \
	    "($(($(date +%s) - start)) s; $done of $total tests)"
	said=$(date +%s)
done
clear_line
[ -n "$failed" ] && echo "failed:$failed"
echo "cli: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
