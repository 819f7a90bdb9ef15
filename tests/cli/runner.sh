# make check is never silent for minutes: the runners say each file (CLI)
# and each program (unit) as it ends, or, on a terminal, count on one line.

# seen: what the terminal showed, as lines (a carriage return starts one,
# the erase-line sequence taken out)
seen() {
	tr '\r' '\n' <tty | sed 's/\x1b\[K//g'
}

test_cli_runner_prints_a_line_per_file() {
	ONLY=layers sh "$TOP/tests/run-cli.sh" >log 2>&1 ||
	    { cat log >&2; fail "the layers tests failed"; }
	grep -q '^cli: layers: 5 passed, 0 failed ([0-9]* s; 5 of 5 tests)$' \
	    log || { cat log >&2; fail "no line for the file"; }
	[ "$(tail -1 log)" = "cli: 5 passed, 0 failed" ] || fail "no summary"
}

test_cli_runner_counts_on_a_terminal() {
	# (one worker: with two, two tests ending at once count as one step)
	ttyout tty env CHECK_JOBS=1 ONLY=layers sh "$TOP/tests/run-cli.sh" ||
	    fail "the layers tests failed"
	seen | grep -q '^cli: 4 of 5 tests (layers)' ||
	    { cat -v tty >&2; fail "no count on the terminal"; }
	# no line per file there: the count stands for it
	seen | grep -q '^cli: layers:' && fail "a line per file"
	seen | grep -q '^cli: 5 passed, 0 failed' ||
	    fail "no summary"
}

# Several workers: every test runs once, in its own directory; a failure
# is named with its last lines, the summary counts every test, the run
# fails; a file's line comes once, after its last test
test_cli_runner_workers_run_every_test_once() {
	mkdir -p t/tests/cli ran
	cp "$TOP/tests/run-cli.sh" "$TOP/tests/beat.sh" "$TOP/tests/pool.sh" \
	    t/tests/
	cp "$TOP/tests/cli/lib.sh" t/tests/cli/
	for f in a b c; do
		for i in 1 2 3 4 5 6 7; do
			printf 'test_%s%d() {\n\t[ ! -e mark ] || exit 1\n' \
			    "$f" "$i"
			printf '\ttouch mark "%s/ran/%s%d.$$"\n' "$PWD" "$f" "$i"
			[ "$f$i" != b4 ] || printf '\techo "b4 says why"; false\n'
			printf '}\n'
		done >"t/tests/cli/$f.sh"
	done
	CHECK_JOBS=3 CHECK_TICK=0 ONLY= sh t/tests/run-cli.sh >log 2>&1 &&
	    fail "a failure passed"
	[ "$(ls ran | wc -l)" -eq 21 ] || fail "$(ls ran | wc -l) runs"
	[ "$(ls ran | sed 's/\..*//' | sort -u | wc -l)" -eq 21 ] ||
	    fail "a test ran twice"
	grep -q '^FAIL b:test_b4$' log || { cat log >&2; fail "not named"; }
	grep -q '^    b4 says why$' log || fail "its output is not shown"
	grep -q '^failed: b:test_b4$' log || fail "no list of failures"
	[ "$(tail -1 log)" = "cli: 20 passed, 1 failed" ] || fail "summary"
	for f in a b c; do
		[ "$(grep -c "^cli: $f: [0-9]* passed" log)" -eq 1 ] ||
		    { cat log >&2; fail "not one line for $f"; }
	done
	grep -q '^cli: b: 6 passed, 1 failed ([0-9]* s; [0-9]* of 21 tests)$' \
	    log || { cat log >&2; fail "b's line"; }
}

# Two stand-in unit programs, one with a failure.
units() {
	printf '#!/bin/sh\necho "ok - one"\necho "ok - two"\n' >u1
	printf '#!/bin/sh\necho "ok - three"\necho "not ok - four"\n' >u2
	chmod +x u1 u2
}

test_unit_runner_prints_a_line_per_program() {
	units
	CHECK_JOBS=1 sh "$TOP/tests/run-unit.sh" ./u1 ./u2 >log 2>&1 &&
	    fail "a failure passed"
	grep -q '^unit: u1: 2 passed, 0 failed ([0-9]* s; 1 of 2 programs)$' log ||
	    { cat log >&2; fail "no line for u1"; }
	grep -q '^u2: not ok - four$' log || fail "the failure is not named"
	[ "$(tail -1 log)" = "unit: 3 passed, 1 failed" ] || fail "no summary"
}

test_unit_runner_counts_on_a_terminal() {
	units
	CHECK_JOBS=1 ttyout tty sh "$TOP/tests/run-unit.sh" ./u1 ./u2 &&
	    fail "a failure passed"
	seen | grep -q '^unit: 1 of 2 programs (u2)' ||
	    { cat -v tty >&2; fail "no count on the terminal"; }
	seen | grep -q '^u2: not ok - four' ||
	    fail "the failure is not on a line of its own"
}

# With two workers, two programs run at once: u5 waits on a FIFO until u6
# writes to it, which one worker alone would never reach (the timeout only
# ends that failure); then each says its line and the sum counts both.
test_unit_runner_runs_programs_at_once() {
	units
	mkfifo fifo || fail "mkfifo"
	printf '#!/bin/sh\nread x <fifo && echo "ok - got $x"\n' >u5
	printf '#!/bin/sh\necho go >fifo && echo "ok - sent"\n' >u6
	chmod +x u5 u6
	CHECK_JOBS=2 timeout 60 sh "$TOP/tests/run-unit.sh" ./u5 ./u6 ./u2 \
	    ./u1 >log 2>&1 && fail "a failure passed"
	grep -q '^unit: u5: 1 passed, 0 failed ([0-9]* s; [1-4] of 4 programs)$' \
	    log || { cat log >&2; fail "u5 did not end"; }
	grep -q '^u2: not ok - four$' log || fail "the failure is not named"
	[ "$(tail -1 log)" = "unit: 5 passed, 1 failed" ] ||
	    { cat log >&2; fail "the sum"; }
	for u in u1 u2 u5 u6; do
		[ "$(grep -c "^unit: $u: " log)" -eq 1 ] ||
		    { cat log >&2; fail "not one line for $u"; }
	done
}

# Not on a terminal, a long file or program says how far it is as a test
# ends, once CHECK_TICK seconds (20 by default) passed since the last line
# (issue 33, 17): make check's log (CI) is never silent for long.
test_cli_runner_says_where_it_is_in_a_long_file() {
	CHECK_TICK=0 ONLY=layers sh "$TOP/tests/run-cli.sh" >log 2>&1 ||
	    { cat log >&2; fail "the layers tests failed"; }
	at='^cli: layers: at test_[a-z_]* ([0-9]* s; [1-5] of 5 tests)$'
	[ "$(grep -c "$at" log)" -eq 5 ] ||
	    { cat log >&2; fail "not a line per test"; }
}

test_unit_runner_says_where_it_is_in_a_long_program() {
	printf '#!/bin/sh\necho "ok - one"\nsleep 1\necho "ok - two"\n' >u3
	chmod +x u3
	CHECK_TICK=1 sh "$TOP/tests/run-unit.sh" ./u3 >log 2>&1 ||
	    { cat log >&2; fail "u3 failed"; }
	grep -q '^unit: u3: at two ([0-9]* s)$' log ||
	    { cat log >&2; fail "no line as the case ended"; }
	grep -q '^unit: u3: 2 passed, 0 failed' log || fail "no line for u3"
	[ "$(tail -1 log)" = "unit: 2 passed, 0 failed" ] || fail "no summary"
}

# One test longer than the tick is not silent either: a line every tick
# while it runs (the heartbeat), whatever the test prints
test_cli_runner_heartbeat_in_one_long_test() {
	mkdir -p t/tests/cli
	cp "$TOP/tests/run-cli.sh" "$TOP/tests/beat.sh" "$TOP/tests/pool.sh" \
	    t/tests/
	cp "$TOP/tests/cli/lib.sh" t/tests/cli/
	printf 'test_slow() {\n\tsleep 3\n}\n' >t/tests/cli/slow.sh
	ONLY= CHECK_TICK=1 sh t/tests/run-cli.sh >log 2>&1 ||
	    { cat log >&2; fail "the slow test failed"; }
	grep -q '^cli: slow: test_slow: still running ([0-9]* s)$' log ||
	    { cat log >&2; fail "no line while the test ran"; }
	[ "$(tail -1 log)" = "cli: 1 passed, 0 failed" ] || fail "summary"
}

test_unit_runner_heartbeat_in_one_long_case() {
	printf '#!/bin/sh\nsleep 3\necho "ok - one"\n' >u4
	chmod +x u4
	CHECK_TICK=1 sh "$TOP/tests/run-unit.sh" ./u4 >log 2>&1 ||
	    { cat log >&2; fail "u4 failed"; }
	grep -q '^unit: u4: still running ([0-9]* s)$' log ||
	    { cat log >&2; fail "no line while the program ran"; }
	[ "$(tail -1 log)" = "unit: 1 passed, 0 failed" ] || fail "summary"
}
