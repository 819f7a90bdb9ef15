# The layers of DESIGN.md section 2 and STYLE.md: the library never prints,
# exits or opens the terminal (the passphrase prompt reaches it as a
# callback), and <sodium.h> and <yaml.h> each appear in one module.

L="$TOP/adjudicator/lib"

# lib_uses PATTERN: the library files that match PATTERN, one per line
lib_uses() {
	grep -lE "$1" "$L"/*.c "$L"/*.h "$TOP"/adjudicator/games/*.c || true
}

test_library_never_opens_the_terminal() {
	found=$(lib_uses '#include "pass\.h"|/dev/tty|<termios\.h>|isatty|pass_get|getpass')
	[ -z "$found" ] || fail "terminal code in the library: $found"
}

# (fsio_write_stdout writes what a verb asked it to: the verb decides)
test_library_never_prints_or_exits() {
	found=$(lib_uses '[^a-z_](printf|puts|fputs|putchar|perror|exit|_exit|abort)[ ]*\(|[^a-z_"]std(out|err)[^a-z_]')
	[ -z "$found" ] || fail "the library prints or exits: $found"
}

test_sodium_and_yaml_in_one_module() {
	found=$(grep -l '#include <sodium\.h>' -r "$TOP/adjudicator")
	[ "$found" = "$L/sec.c" ] || fail "<sodium.h> in: $found"
	found=$(grep -l '#include <yaml\.h>' -r "$TOP/adjudicator")
	[ "$found" = "$L/ydoc.c" ] || fail "<yaml.h> in: $found"
}

# What the library's objects call, read off the objects next to the
# binary under test: no printing, exiting or terminal function at all.
test_library_objects_call_no_printing_or_exiting_function() {
	objs=$(dirname "$ADJ")/obj/adjudicator
	n=0
	for o in "$objs"/lib/*.o "$objs"/games/*.o; do
		[ -f "$o" ] || continue
		n=$((n + 1))
		nm -u "$o" | awk '{ print $NF }' | sed 's/@.*//' >syms
		bad=$(grep -Ex '(__)?(v?f?printf|v?dprintf|puts|fputs|putchar|fputc|putc|perror|exit|_exit|_Exit|abort|err|errx|warn|warnx|verr|vwarn|__assert_fail|isatty|tcgetattr|tcsetattr|getpass|pass_get|pass_key|ttyname|ctermid)(_chk)?' syms || true)
		[ -z "$bad" ] || fail "$(basename "$o") calls: $(echo $bad)"
	done
	[ "$n" -gt 20 ] || fail "only $n library objects under $objs"
}

test_library_archive_holds_no_verb() {
	a=$(dirname "$ADJ")/libadjudicator.a
	[ -f "$a" ] || fail "no $a (make check builds it)"
	verbs=$(nm -g --defined-only "$a" 2>/dev/null | awk '{ print $NF }' |
	    grep -E '^(cmd_|cli_|pass_|main$)' || true)
	[ -z "$verbs" ] || fail "the library defines: $(echo $verbs)"
}
