#!/bin/sh
# Runs every tests/cli/*.sh: each file defines test_NAME functions, run one
# by one in a fresh directory with tests/cli/lib.sh loaded and $ADJ set to
# the binary under test.  Prints "N passed, N failed".
: "${ADJ:?ADJ must name the adjudicator binary}"
top=$(cd "$(dirname "$0")/.." && pwd)
export ADJ TOP="$top"
pass=0 fail=0
failed=""
for file in "$top"/tests/cli/*.sh; do
	case "$file" in */lib.sh) continue ;; esac
	[ -n "$ONLY" ] && case "$file" in *"$ONLY"*) ;; *) continue ;; esac
	names=$(sed -n 's/^\(test_[A-Za-z0-9_]*\)[ ]*()[ ]*{*$/\1/p' "$file")
	for name in $names; do
		dir=$(mktemp -d "${TMPDIR:-/tmp}/adjtest.XXXXXX")
		out=$(cd "$dir" && sh -c ". \"$top/tests/cli/lib.sh\"; . \"$file\"; set -e; $name" 2>&1)
		rc=$?
		if [ "$rc" -eq 0 ]; then
			pass=$((pass + 1))
		else
			fail=$((fail + 1))
			failed="$failed $(basename "$file" .sh):$name"
			echo "FAIL $(basename "$file" .sh):$name"
			printf '%s\n' "$out" | tail -15 | sed 's/^/    /'
		fi
		rm -rf "$dir"
	done
done
[ -n "$failed" ] && echo "failed:$failed"
echo "cli: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
