# The test runners' workers (sourced by tests/run-cli.sh and
# tests/run-unit.sh, after tests/beat.sh): the work is a file of lines,
# and each worker takes the next line no other worker took.
#
# pool_jobs: how many workers: CHECK_JOBS, else the machine's cores; at
# least 1, at most 8
pool_jobs() {
	_j=${CHECK_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)}
	case $_j in '' | *[!0-9]* | 0) _j=1 ;; esac
	[ "$_j" -le 8 ] || _j=8
	echo "$_j"
}

# pool STATE JOBS FN: JOBS workers in the background, each taking the
# next line of STATE/work (mkdir STATE/took.N is the claim) and calling
# FN with its words, wid set to the worker's number; returns once every
# worker ended.  Meanwhile workers holds their pids, for the runner's
# EXIT trap to kill.
pool() {
	_k=0
	while [ "$_k" -lt "$2" ]; do
		(
			trap unbeat EXIT
			wid=$_k
			_i=0
			while read -r _l; do
				_i=$((_i + 1))
				mkdir "$1/took.$_i" 2>/dev/null || continue
				# shellcheck disable=SC2086
				"$3" $_l
			done <"$1/work"
		) &
		workers="$workers $!"
		_k=$((_k + 1))
	done
	wait
	workers=""
}
