#!/bin/sh
# Replays every fuzz corpus through its harness built without libFuzzer.
# Not on a terminal (a log, CI), a line as a harness ends once 20 s
# passed since the last line said (CHECK_TICK: another number of
# seconds): a log is never silent for long.
dir=$1
top=$(cd "$(dirname "$0")/.." && pwd)
pass=0 fail=0
said=$(date +%s)
for h in "$dir"/fuzz_*; do
	[ -x "$h" ] || continue
	n=$(basename "$h"); n=${n#fuzz_}
	if "$h" "$top/tests/fuzz/corpus/$n"/* >/dev/null 2>&1; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL replay $n"
	fi
	[ -t 1 ] && continue
	now=$(date +%s)
	[ $((now - said)) -ge "${CHECK_TICK:-20}" ] || continue
	echo "fuzz-replay: $n done ($pass passed, $fail failed so far)"
	said=$now
done
echo "fuzz-replay: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
