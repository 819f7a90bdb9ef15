#!/bin/sh
# Runs each unit-test program; each prints "ok - NAME" or "not ok - NAME"
# per case.  A line per program as it ends (on a terminal, a count that
# changes on one line), then one summary line "unit: N passed, N failed".
# Not on a terminal (a log, CI), a long program also says which case it
# has reached, as a case ends, once 20 s passed since the last line: a
# log is never silent for long (CHECK_TICK: another number of seconds).
pass=0 fail=0 done=0
tty=0
[ -t 1 ] && tty=1
tick=${CHECK_TICK:-20}
tmp=$(mktemp "${TMPDIR:-/tmp}/adjunit.XXXXXX") || exit 4
. "$(dirname "$0")/beat.sh"
trap 'unbeat; rm -f "$tmp" "$tmp.rc"' EXIT

# ticker NAME: stdin to $tmp; a line on stdout as a case ends once 20 s
# passed since the last one said
ticker() {
	last=$start
	while IFS= read -r l; do
		printf '%s\n' "$l" >>"$tmp"
		case $l in "ok - "*|"not ok - "*) ;; *) continue ;; esac
		now=$(date +%s)
		[ $((now - last)) -ge "$tick" ] || continue
		echo "unit: $1: at ${l#*ok - } ($((now - start)) s)"
		last=$now
	done
}

for t in "$@"; do
	[ "$tty" -eq 1 ] && printf '\runit: %d of %d programs (%s)\033[K' \
	    "$done" "$#" "$(basename "$t")"
	start=$(date +%s)
	if [ "$tty" -eq 1 ]; then
		out=$("$t" 2>&1)
		rc=$?
	else
		: >"$tmp"
		beat "unit: $(basename "$t")"
		{ "$t" 2>&1; echo $? >"$tmp.rc"; } | ticker "$(basename "$t")"
		unbeat
		out=$(cat "$tmp")
		rc=$(cat "$tmp.rc")
	fi
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
