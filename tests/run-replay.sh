#!/bin/sh
# Replays every fuzz corpus through its harness built without libFuzzer.
dir=$1
top=$(cd "$(dirname "$0")/.." && pwd)
pass=0 fail=0
for h in "$dir"/fuzz_*; do
	[ -x "$h" ] || continue
	n=$(basename "$h"); n=${n#fuzz_}
	if "$h" "$top/tests/fuzz/corpus/$n"/* >/dev/null 2>&1; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL replay $n"
	fi
done
echo "fuzz-replay: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
