#!/bin/sh
# Runs each unit-test program; each prints "ok - NAME" or "not ok - NAME"
# per case.  Prints one summary line "N passed, N failed".
pass=0 fail=0
for t in "$@"; do
	out=$("$t" 2>&1)
	rc=$?
	p=$(printf '%s\n' "$out" | grep -c '^ok - ')
	f=$(printf '%s\n' "$out" | grep -c '^not ok - ')
	printf '%s\n' "$out" | grep '^not ok - ' | sed "s|^|$(basename "$t"): |"
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		echo "$(basename "$t"): exited $rc"
		printf '%s\n' "$out" | tail -5
		f=1
	fi
	pass=$((pass + p))
	fail=$((fail + f))
done
echo "unit: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
