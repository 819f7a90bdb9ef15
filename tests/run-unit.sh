#!/bin/sh
# Runs each unit-test program; each prints "ok - NAME" or "not ok - NAME"
# per case.  A line per program as it ends (on a terminal, a count that
# changes on one line), then one summary line "unit: N passed, N failed".
pass=0 fail=0 done=0
tty=0
[ -t 1 ] && tty=1
for t in "$@"; do
	[ "$tty" -eq 1 ] && printf '\runit: %d of %d programs (%s)\033[K' \
	    "$done" "$#" "$(basename "$t")"
	start=$(date +%s)
	out=$("$t" 2>&1)
	rc=$?
	done=$((done + 1))
	p=$(printf '%s\n' "$out" | grep -c '^ok - ')
	f=$(printf '%s\n' "$out" | grep -c '^not ok - ')
	[ "$tty" -eq 1 ] && [ "$f" -gt 0 -o "$rc" -ne 0 ] && printf '\r\033[K'
	printf '%s\n' "$out" | grep '^not ok - ' | sed "s|^|$(basename "$t"): |"
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		echo "$(basename "$t"): exited $rc"
		printf '%s\n' "$out" | tail -5
		f=1
	fi
	[ "$tty" -eq 1 ] || echo "unit: $(basename "$t"): $p passed, $f" \
	    "failed ($(($(date +%s) - start)) s; $done of $# programs)"
	pass=$((pass + p))
	fail=$((fail + f))
done
[ "$tty" -eq 1 ] && printf '\r\033[K'
echo "unit: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
