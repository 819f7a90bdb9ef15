# Shared by the bench scripts (sourced).  Every figure is the median of
# RUNS samples (at least 5) with their min and max; ratios are taken
# between medians measured in the same run of make bench.

RUNS=${RUNS:-7}
[ "$RUNS" -ge 5 ] 2>/dev/null || { echo "bench: RUNS=$RUNS: at least 5" >&2; exit 1; }

fail() {
	echo "bench: $*" >&2
	exit 1
}

# stats FILE: "MEDIAN MIN MAX" of the numbers in FILE, one per line
stats() {
	sort -g "$1" | awk '{ v[NR] = $1 } END {
		if (NR == 0) { print "0 0 0"; exit }
		m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		printf "%.6f %.6f %.6f\n", m, v[1], v[NR]
	}'
}

# wall FILE: the wall seconds in peakrss's line in FILE
wall() {
	sed -n 's/.*wall \([0-9.]*\).*/\1/p' "$1"
}

# maxrss FILE: the peak RSS in KiB in peakrss's line in FILE
maxrss() {
	sed -n 's/.*maxrss_kib \([0-9]*\).*/\1/p' "$1"
}
