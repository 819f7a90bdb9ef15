# The manual pages: every verb's usage line (what "adjudicator VERB -h"
# prints) appears word for word in adjudicator(1)'s SYNOPSIS, and the pages
# are clean under mandoc -Tlint.  Skips only when mandoc is not installed.

have_mandoc() {
	command -v mandoc >/dev/null 2>&1 && return 0
	echo "SKIP: mandoc is not installed" >&2
	return 1
}

# The rendered SYNOPSIS, one entry per line, blanks normalized: an entry
# starts with "adjudicator", a wrapped continuation is joined to it.
synopsis() {
	mandoc -Tascii "$TOP/man/adjudicator.1" | col -b |
	    awk '/^SYNOPSIS/ { on = 1; next }
		on && /^[A-Z]/ { exit }
		on { print }' |
	    sed 's/^[ 	]*//; s/[ 	][ 	]*/ /g; s/ $//' |
	    awk '/^adjudicator / { if (e != "") print e; e = $0; next }
		/^$/ { next }
		{ e = e " " $0 }
		END { if (e != "") print e }'
}

# The verbs, from "adjudicator help".
verbs() {
	"$ADJ" help | sed -n 's/^  \([a-z][a-z-]*\) .*/\1/p'
}

test_synopsis_has_every_usage_line() {
	have_mandoc || return 0
	synopsis >syn
	[ -s syn ] || fail "empty SYNOPSIS"
	verbs >verbs
	[ -s verbs ] || fail "no verbs listed by 'adjudicator help'"
	for v in $(cat verbs); do
		expect 0 "$ADJ" "$v" -h
		sed -n 's/^usage: //p' out | sed 's/[ 	][ 	]*/ /g' >lines
		[ -s lines ] || fail "$v -h printed no usage line"
		# a verb with two forms prints two lines: each is in SYNOPSIS
		while IFS= read -r line; do
			grep -qxF -- "$line" syn || {
				echo "SYNOPSIS:" >&2
				cat syn >&2
				fail "usage line of $v not in adjudicator.1: $line"
			}
		done <lines
	done
}

test_usage_error_matches_help() {
	# a usage error prints the same line as -h
	for v in $(verbs); do
		expect 0 "$ADJ" "$v" -h
		usage=$(sed -n 's/^usage: //p' out)
		expect 2 "$ADJ" "$v" -@
		grep -qF -- "usage: $usage" err ||
		    fail "usage error of $v differs from -h"
	done
}

test_every_verb_help_and_bad_options() {
	for v in $(verbs); do
		# --help: the usage, the summary, exit 0, nothing on stderr
		expect 0 "$ADJ" "$v" --help
		head -n 1 out | grep -q "^usage: adjudicator $v" ||
		    fail "$v --help: $(cat out)"
		[ "$(wc -l <out)" -ge 2 ] || fail "$v --help: no summary"
		[ ! -s err ] || fail "$v --help wrote to stderr"
		# an unknown option is named, on one line
		expect 2 "$ADJ" "$v" -@
		one_line
		grep -q "^adjudicator: $v: unknown option -@ (usage: adjudicator $v" err ||
		    fail "$v -@: $(cat err)"
	done
	# an option without its value is named too
	expect 2 "$ADJ" show -d
	one_line
	grep -q "^adjudicator: show: option -d needs a value" err ||
	    fail "show -d: $(cat err)"
	expect 2 "$ADJ" verify -x archive
	grep -q "^adjudicator: verify: unknown option -x" err ||
	    fail "verify -x: $(cat err)"
}

# A quote macro takes the rest of its line: several on one line nest,
# and the page shows ("a, "b, "c"""), as man and mandoc both render it.
test_quotes_do_not_nest() {
	have_mandoc || return 0
	for m in "$TOP"/man/*.[0-9]; do
		mandoc -Tascii "$m" | col -b >page
		if grep -n "\"\"\|''\|\`\`" page >nested; then
			cat nested >&2
			fail "$(basename "$m"): quotes nest"
		fi
	done
}

test_pages_lint_clean() {
	have_mandoc || return 0
	for m in "$TOP"/man/*.[0-9]; do
		mandoc -Tlint -W warning "$m" >lint 2>&1 || {
			cat lint >&2
			fail "$(basename "$m") is not lint clean"
		}
	done
}

test_pages_document_exit_status_and_environment() {
	have_mandoc || return 0
	mandoc -Tascii "$TOP/man/adjudicator.1" | col -b >page
	for s in "EXIT STATUS" ENVIRONMENT FILES EXAMPLES "SEE ALSO"; do
		grep -q "^$s" page || fail "adjudicator.1 has no $s section"
	done
	grep -q ADJUDICATOR_PASSPHRASE_FILE page ||
	    fail "ADJUDICATOR_PASSPHRASE_FILE not documented"
	grep -q 'adjudicator-formats(5)' page || fail "no SEE ALSO formats"
}

# README.md's table of verbs holds every usage line, word for word
# (without "adjudicator", "|" escaped as the table needs).
test_readme_table_has_every_usage_line() {
	for v in $(verbs); do
		expect 0 "$ADJ" "$v" -h
		sed -n 's/^usage: adjudicator //p' out >lines
		while IFS= read -r line; do
			cell=$(printf '%s' "$line" | sed 's/|/\\|/g')
			grep -qF "| \`$cell\` |" "$TOP/README.md" ||
			    fail "README.md's table lacks: $line"
		done <lines
	done
}
