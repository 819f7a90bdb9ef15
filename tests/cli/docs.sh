# The commands the documents give are the program's (issue 33, 16): each
# "adjudicator VERB ..." line of the README's blocks, of adjudicator(1)'s
# examples and of the mail bot's HELP answer names a verb that exists and
# only options of that verb's usage ("adjudicator VERB -h"); they send
# mail with -S or /usr/sbin/sendmail (Debian installs no "mail"); HELP's
# commands are the README's; and the manual's example of a usage error is
# what the program prints.  tests/cli/doclines.py finds the lines.

# doc KIND FILE: FILE's commands, one a line, the words tab-separated
doc() {
	need python3
	python3 "$TOP/tests/cli/doclines.py" "$1" "$2" >cmds ||
	    fail "doclines.py $1 $2"
	[ -s cmds ] || fail "no command found in $2"
}

# parses WHERE: every adjudicator line of ./cmds parses (the verb exists,
# each option is in its usage); mail goes through /usr/sbin/sendmail
parses() {
	bad=0
	while IFS= read -r line; do
		set -f
		# shellcheck disable=SC2086
		IFS='	' set -- $line
		set +f
		case $1 in
		adjudicator) ;;
		/usr/sbin/sendmail) continue ;;
		*)	echo "$WHERE: $(echo "$line" | tr "\t" " ")" >&2
			echo "$WHERE: mail by $1, not -S or /usr/sbin/sendmail" >&2
			bad=1
			continue ;;
		esac
		verb=${2:-}
		if ! "$ADJ" "$verb" -h >usage 2>/dev/null; then
			echo "$WHERE: no verb \"$verb\": $line" >&2
			bad=1
			continue
		fi
		shift 2
		for w; do
			case $w in
			-|--|-[!A-Za-z]*) continue ;;
			-?*) ;;
			*) continue ;;
			esac
			o=$(printf '%s' "$w" | cut -c1-2)
			grep '^usage:' usage | grep -q -- "[[ |]$o[] ]" || {
				echo "$WHERE: $verb has no $o" \
				    "($(grep '^usage:' usage | tr '\n' ' ')):" \
				    "$(echo "$line" | tr '\t' ' ')" >&2
				bad=1
			}
		done
	done <cmds
	[ "$bad" -eq 0 ] || fail "$WHERE: commands the program does not take"
}

# help_answer: the mail bot's answer to HELP, through judge -r and the
# stand-in sendmail, in ./help.txt
help_answer() {
	mkdir jr
	"$ADJ" keygen -N -d jr judge 2>/dev/null
	printf 'From: carol@example.org\nSubject: HELP\n\nhelp\n' >h.eml
	SPOOL=$PWD/spool "$ADJ" judge -r jr \
	    -s "sh $TOP/tests/cli/sendmail.sh" h.eml 2>/dev/null ||
	    fail "judge -r on a HELP mail"
	sed '1,/^$/d' spool/1.eml >help.txt
	grep -q '^This is an adjudicator judge' help.txt || fail "no HELP answer"
}

test_readme_commands_parse() {
	doc md "$TOP/README.md"
	WHERE=README.md parses
}

test_man_examples_parse() {
	doc man "$TOP/man/adjudicator.1"
	WHERE=adjudicator.1 parses
}

test_help_commands_parse() {
	help_answer
	doc text help.txt
	grep -q '^adjudicator	new	' cmds || fail "HELP gives no new"
	grep -q '^/usr/sbin/sendmail	' cmds || fail "HELP gives no sendmail"
	WHERE=HELP parses
}

# every mail command HELP lists is one the manual documents (as
# .Dq NAME in judge -r's list)
test_help_mail_commands_in_the_manual() {
	help_answer
	awk '/^Commands: /{on=1; next} on && /^  [A-Z]/{print $1; next}
	    on && !/^the Subject alone/{on=0}' help.txt >names
	[ -s names ] || fail "HELP lists no mail command"
	while read -r c; do
		grep -q "^\.Dq $c\( \|$\)" "$TOP/man/adjudicator.1" ||
		    fail "HELP's $c is not in adjudicator(1)"
	done <names
}

# every command of HELP is one of the README's: the same verb with the
# same options (their values are HELP's placeholders)
test_help_commands_are_the_readmes() {
	help_answer
	doc md "$TOP/README.md"
	shape <cmds | sort -u >readme
	doc text help.txt
	shape <cmds | sort -u >help
	comm -23 help readme >missing
	[ ! -s missing ] || { cat missing >&2; echo "README's:" >&2;
	    cat readme >&2; fail "HELP's commands are not the README's"; }
}

# shape: each command as its name, its verb and the set of its options
# (a placeholder's "-a SEAT=ADDRESS..." stands for any number of -a)
shape() {
	awk -F '\t' '{ s = $1; i = 2
		if ($1 == "adjudicator") { s = s " " $2; i = 3 }
		split("", seen)
		for (; i <= NF; i++)
			if ($i ~ /^-[A-Za-z]/)
				seen[substr($i, 2, 1)] = 1
		for (c = 65; c <= 122; c++)
			if (sprintf("%c", c) in seen)
				s = s " -" sprintf("%c", c)
		print s }'
}

# the manual's examples of usage errors are what the program prints
test_man_usage_errors_are_the_programs() {
	sed -n 's/^\.Dq \(adjudicator: [a-z]*: unknown option -.*)\) ;*$/\1/p' \
	    "$TOP/man/adjudicator.1" >said
	[ -s said ] || fail "no usage error in adjudicator.1"
	while IFS= read -r e; do
		verb=$(echo "$e" | cut -d: -f2 | tr -d ' ')
		opt=$(echo "$e" | sed 's/.*unknown option \(-.\).*/\1/')
		expect 2 "$ADJ" "$verb" "$opt"
		[ "$(cat err)" = "$e" ] ||
		    fail "adjudicator.1 says \"$e\"; the program: $(cat err)"
	done <said
}
