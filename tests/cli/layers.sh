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
