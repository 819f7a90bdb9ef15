# examples/play-judged.sh: a whole judged game through examples/judge-filter.sh

test_example_play_judged() {
	expect 0 sh "$TOP/examples/play-judged.sh" "$PWD/work"
	out_has "^result: alice won"
	out_has "^== done"
	[ -d work/judge/games ] || fail "no judge root"
	# every reply was mailed: nothing waits in the judge's out dir
	[ -z "$(find work/judge/out -type f)" ] || fail "replies left behind"
}

test_example_filter_usage() {
	JUDGE_ROOT=$PWD/j expect 2 sh "$TOP/examples/judge-filter.sh" </dev/null
	err_has "no judge key"
}
