# The test runners' heartbeat (sourced by tests/run-cli.sh and
# tests/run-unit.sh): beat WHAT starts a line every CHECK_TICK seconds
# (20 by default; 0: none) while one test or program runs ("WHAT: still
# running (40 s)"), so that a log is never silent for long however slow
# the machine; unbeat stops it.  Progress only: no test waits on it.
beat_pid=
beat() {
	beat_pid=
	[ "${CHECK_TICK:-20}" -gt 0 ] || return 0
	(
		s=0
		while sleep 1; do
			s=$((s + 1))
			[ $((s % ${CHECK_TICK:-20})) -eq 0 ] &&
			    echo "$1: still running ($s s)"
		done
	) &
	beat_pid=$!
}
unbeat() {
	[ -n "$beat_pid" ] || return 0
	kill "$beat_pid" 2>/dev/null
	wait "$beat_pid" 2>/dev/null
	beat_pid=
	return 0
}
