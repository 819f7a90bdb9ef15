# The package: make example KEEP=, make install's files, the build's own
# flags kept under a user's CFLAGS, CPPFLAGS and LDFLAGS honoured, a quiet
# make, the tarball's contents.  These run make on a copy of the tree
# (only the files git tracks, as make dist takes them).

# tracked: the source tree's files, one a line: what git tracks (and is
# there), or out of git (an unpacked release) every file but built ones
tracked() {
	(cd "$TOP" &&
	if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
		git ls-files -z | xargs -0 sh -c 'for f; do
			[ -e "$f" ] && printf "%s\n" "$f"; done' sh
	else
		find . -type f ! -path './build*' ! -name 'adjudicator-*.tar.gz' |
		    sed 's|^\./||'
	fi)
}

# mk ARGS: make, without what the make running the tests passes down
# (its BUILD, CFLAGS, V or -j, in MAKEFLAGS and in the environment)
mk() {
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u BUILD -u CFLAGS \
	    -u CPPFLAGS -u LDFLAGS -u LDLIBS -u V make "$@"
}

# asan_run: under make check-asan (ADJ_ASAN_RUN).  The tests that build
# the tree with its own flags never run the sanitizer's binary: make
# check runs the same builds, so the sanitizer run skips them
asan_run() {
	[ -n "${ADJ_ASAN_RUN:-}" ]
}

# tree: the source tree's files copied to ./src (built products left out)
tree() {
	mkdir src
	tracked | (cd "$TOP" && tar -cf - -T -) | (cd src && tar -xf -)
	[ -f src/Makefile ] || fail "no tree"
}

test_example_keep() {
	ADJ="$ADJ" KEEP=kept expect 0 sh "$TOP/examples/play-incognito.sh"
	[ -d kept/alice-game ] && [ -f kept/alice.arc ] ||
	    fail "KEEP: the game was not kept"
	"$ADJ" verify kept/alice.arc >/dev/null 2>&1 ||
	    fail "the kept archive does not verify"
	# a directory that is not empty is not played in
	ADJ="$ADJ" KEEP=kept expect 2 sh "$TOP/examples/play-incognito.sh"
	err_has "kept is not empty"
}

# A user's CFLAGS replaces only the optimisation: the standard, the
# feature macros and the warnings stay; CPPFLAGS and LDFLAGS reach the
# compiler and the linker; V=1 shows the commands, and without it the
# build is silent.
test_user_flags_kept() {
	! asan_run || return 0
	tree
	cd src
	mk V=1 CFLAGS=-O0 CPPFLAGS=-DADJ_TEST_CPPFLAGS \
	    LDFLAGS=-Wl,--as-needed build/obj/adjudicator/lib/buf.o \
	    >log 2>&1 || { cat log >&2; fail "make"; }
	grep -q -- '-std=c11' log || fail "-std=c11 dropped: $(cat log)"
	grep -q -- '-D_POSIX_C_SOURCE=200809L' log || fail "macros dropped"
	grep -q -- '-Wall' log || fail "warnings dropped"
	grep -q -- '-O0' log || fail "CFLAGS not used"
	grep -q -- '-DADJ_TEST_CPPFLAGS' log || fail "CPPFLAGS not used"
	mk V=1 CFLAGS=-O0 LDFLAGS=-Wl,--as-needed >log 2>&1 ||
	    { cat log >&2; fail "make"; }
	grep -- '-o build/adjudicator ' log | grep -q -- '-Wl,--as-needed' ||
	    fail "LDFLAGS not used for the program"
	rm -rf build
	mk >log 2>&1 || { cat log >&2; fail "make"; }
	[ ! -s log ] || { cat log >&2; fail "a quiet build printed"; }
	./build/adjudicator --version | grep -q "$(cat VERSION)" ||
	    fail "no version"
}

# make install: the program, the three pages, and under share/doc the
# README, the licence, the examples and the formats with their samples
# (which the pages point to); uninstall takes them away.
test_install() {
	! asan_run || return 0
	tree
	cd src
	mk >/dev/null 2>&1 || fail "make"
	mk install DESTDIR="$PWD/root" PREFIX=/usr >log 2>&1 ||
	    { cat log >&2; fail "install"; }
	r=root/usr
	[ -x $r/bin/adjudicator ] || fail "no program"
	for m in man1/adjudicator.1 man5/adjudicator-formats.5 \
	    man7/adjudicator-games.7; do
		[ -f $r/share/man/$m ] || fail "no $m"
	done
	d=$r/share/doc/adjudicator
	for f in README.md LICENSE examples/play-incognito.sh \
	    examples/procmailrc formats/view.md formats/samples/view.yaml \
	    formats/samples/incognito.archive; do
		[ -f $d/$f ] || fail "no $f under share/doc/adjudicator"
	done
	[ "$(stat -c %a $d/formats/samples/alice.key)" = 600 ] ||
	    fail "an installed sample key others can read"
	# the installed example plays with the installed program
	ADJ=$PWD/$r/bin/adjudicator expect 0 sh $d/examples/play-incognito.sh
	mk uninstall DESTDIR="$PWD/root" PREFIX=/usr >/dev/null 2>&1 ||
	    fail "uninstall"
	[ -z "$(find root -type f)" ] || fail "uninstall left $(find root -type f)"
}

# make dist: adjudicator-VERSION.tar.gz holds every tracked file under
# adjudicator-VERSION/ and nothing built.  (make distcheck builds it and
# passes make check in a fresh directory; CI runs it.)
test_dist_tarball() {
	tree
	cd src
	# out of git (this copy), and from the git tree itself
	mk dist >../log 2>&1 || { cat ../log >&2; fail "make dist"; }
	gzip -dc "adjudicator-$(cat VERSION).tar.gz" | tar -tf - >../outside
	rm "adjudicator-$(cat VERSION).tar.gz"
	mk -C "$TOP" BUILD="$PWD/../b" dist >log 2>&1 ||
	    { cat log >&2; fail "make dist"; }
	mv "$TOP/adjudicator-$(cat VERSION).tar.gz" .
	v=$(cat VERSION)
	[ -f "adjudicator-$v.tar.gz" ] || fail "no tarball"
	gzip -dc "adjudicator-$v.tar.gz" | tar -tf - | sed 's|/$||' |
	    sort >listed
	tracked | sed "s|^|adjudicator-$v/|" | sort >want
	comm -13 listed want >missing
	[ ! -s missing ] || fail "not in the tarball: $(head -3 missing)"
	! grep -q "^adjudicator-$v/build" listed || fail "build products"
	sed 's|/$||' ../outside | sort | comm -3 - listed >differ
	[ ! -s differ ] || fail "the copy's tarball differs: $(head -3 differ)"
}

# as_written FILE: the pipe command of a .forward line as exim runs it,
# "|/usr/local/..." with /usr/local the staging prefix and /home/judge
# this test's home: the words, without the quotes and the bar
as_written() {
	sed -n 's/^"|\(.*\)"$/\1/p' "$1" |
	    sed "s|/usr/local/|$prefix/|g; s|/home/judge|$home|g"
}

# The mail set-ups the manual and examples/ document run as written once
# make install has put things in place (here a staging PREFIX): the
# .forward line, whose filter is installed and finds the installed
# program in a pipe's bare PATH, and the procmail recipe.  Mail is not
# the point: a stand-in sendmail (tests/mail/realmail.sh has exim).
test_installed_mail_setups_run_as_written() {
	! asan_run || return 0
	need procmail
	tree
	cd src
	mk >/dev/null 2>&1 || fail "make"
	prefix=$PWD/../prefix home=$PWD/../home
	mk install PREFIX="$prefix" >log 2>&1 || { cat log >&2; fail "install"; }
	cd ..
	doc=$prefix/share/doc/adjudicator/examples
	mkdir -p "$home/judge"
	"$prefix/bin/adjudicator" keygen -N -d "$home/judge" judge 2>/dev/null
	printf 'From: carol@example.org\nSubject: HELP\n\nhelp\n' >help.eml
	# the .forward line: no shell, exim's PATH, nothing else set
	line=$(as_written "$doc/dot-forward")
	[ -n "$line" ] || fail "no pipe line in dot-forward"
	set -f
	# shellcheck disable=SC2086
	env -i PATH=/usr/bin:/bin HOME="$home" SENDMAIL="$TOP/tests/cli/sendmail.sh" \
	    SPOOL="$PWD/spool" $line <help.eml >out 2>err ||
	    { cat err >&2; fail "the .forward line: exit $?"; }
	set +f
	grep -q '^To: carol@example.org$' spool/1.eml ||
	    fail "the .forward judge did not answer"
	grep -q 'verdict=help' "$home/judge/log" || fail "not logged"
	# the procmail recipe, with the program where make install put it
	sed "s|/usr/local/|$prefix/|" "$doc/procmailrc" >procmailrc
	printf 'From: dave@example.org\nSubject: my move\n\ne3-c3\n' >plain.eml
	# (procmail sets HOME from the password file and SENDMAIL itself,
	# and passes on only what it is given: all three given to it)
	env -i PATH=/usr/bin:/bin procmail -m HOME="$home" \
	    SPOOL="$PWD/spool" SENDMAIL="$TOP/tests/cli/sendmail.sh" \
	    procmailrc <plain.eml || fail "procmail: exit $?"
	grep -q '^To: dave@example.org$' spool/2.eml ||
	    fail "the procmail judge did not answer"
	grep -q 'verdict=malformed,answered' "$home/judge/log" ||
	    fail "not judged through procmail"
	# the draining recipe: the mail into the Maildir, then a drain of it,
	# its mails over SMTP (the stand-in for sendmail -bs)
	sed "s|/usr/local/|$prefix/|; s|/usr/sbin/sendmail -bs|$TOP/tests/cli/smtp.sh -bs|" \
	    "$doc/procmailrc-drain" >procmailrc-drain
	env -i PATH=/usr/bin:/bin procmail -m HOME="$home" \
	    SPOOL="$PWD/spool" procmailrc-drain <help.eml ||
	    fail "procmail, the drain: exit $?"
	[ -z "$(ls "$home/Maildir/new")" ] &&
	    [ "$(ls "$home/Maildir/cur" | wc -l)" -eq 1 ] ||
	    fail "the Maildir was not drained"
	grep -q '^To: carol@example.org$' spool/3.eml ||
	    fail "the draining judge did not answer"
	grep -q ' drain mails=1 games=0 outbox=1 sent=1$' "$home/judge/log" ||
	    fail "no drain logged"
	# the bot's filter is installed too, and finds the program
	expect 75 env -i PATH=/usr/bin:/bin \
	    "$prefix/libexec/adjudicator/bot-filter.sh" </dev/null
	err_has "usage: bot-filter.sh ROOT"
}

# deps/check.sh before a build: what make (and make example, make check)
# finds missing, with a pkg-config that knows nothing (PKG_CONFIG_LIBDIR
# an empty directory) and stand-ins for id, sudo and apt-get in ./bin.
# No test installs anything.
fakes() {
	mkdir -p empty bin
	# id -u: $FAKE_UID
	printf '#!/bin/sh\necho "${FAKE_UID:-1000}"\n' >bin/id
	# sudo that wants a password: sudo -n fails
	printf '#!/bin/sh\necho "sudo: a password is required" >&2\nexit 1\n' \
	    >bin/sudo
	# apt-get: says what it was asked; "install" copies the real
	# pkg-config files into ./empty when $FAKE_INSTALL is set
	cat >bin/apt-get <<'SH'
#!/bin/sh
echo "$*" >>"$FAKE_LOG"
[ "$1" = install ] && [ -n "$FAKE_INSTALL" ] &&
    for m in libsodium yaml-0.1; do
	cp "$(env -u PKG_CONFIG_LIBDIR pkg-config --variable=pcfiledir $m)/$m.pc" \
	    "$FAKE_INSTALL/"
    done
exit 0
SH
	chmod +x bin/id bin/sudo bin/apt-get
	FAKE_LOG=$PWD/apt.log
	export FAKE_LOG
}

# nothing compiled: no object, no program
nothing_built() {
	[ -z "$(find . -name '*.o' -o -name adjudicator -type f)" ] ||
	    fail "compiled: $(find . -name '*.o' | head -3)"
}

# the line of deps/check.sh, the only one on stderr but make's own
# "make: *** [...] Error 1"
deps_line() {
	grep -v '^make: \*\*\* ' err >line || true
	[ "$(wc -l <line)" -eq 1 ] || { cat err >&2; fail "not one line"; }
	grep -qx "$1" line || { cat err >&2; fail "not: $1"; }
	! grep -q 'Package .* was not found' err ||
	    fail "pkg-config spoke: $(cat err)"
}

test_deps_missing_stop_before_compiling() {
	tree
	cd src
	fakes
	# not root, a sudo that needs a password, no terminal
	PATH=$PWD/bin:$PATH PKG_CONFIG_LIBDIR=$PWD/empty expect 2 mk example \
	    </dev/null
	deps_line 'deps: missing libsodium yaml-0.1; run: sudo make deps'
	nothing_built
	PATH=$PWD/bin:$PATH PKG_CONFIG_LIBDIR=$PWD/empty expect 2 mk </dev/null
	deps_line 'deps: missing libsodium yaml-0.1; run: sudo make deps'
	# not root, no sudo
	PATH=$PWD/bin:$PATH PKG_CONFIG_LIBDIR=$PWD/empty expect 2 mk \
	    SUDO=no-such-sudo </dev/null
	deps_line 'deps: missing libsodium yaml-0.1; run: make deps (as root)'
	# not Debian: no apt-get (nor any other package manager here)
	PATH=$PWD/bin:$PATH PKG_CONFIG_LIBDIR=$PWD/empty expect 2 mk \
	    APT_GET=no-such-apt-get </dev/null
	deps_line 'deps: missing libsodium yaml-0.1; run: install libsodium yaml-0.1 (with its development files), then make again'
	# root, whose apt-get installs nothing: asked, then the line
	PATH=$PWD/bin:$PATH PKG_CONFIG_LIBDIR=$PWD/empty FAKE_UID=0 \
	    expect 2 mk </dev/null
	grep -qx 'install -y --no-install-recommends libsodium-dev libyaml-dev' \
	    apt.log || fail "apt-get: $(cat apt.log)"
	grep -q '^deps: installing libsodium-dev libyaml-dev (missing libsodium yaml-0.1), with apt-get$' err ||
	    { cat err >&2; fail "not said what it installs"; }
	grep -q '^deps: still missing after apt-get: libsodium yaml-0.1$' err ||
	    { cat err >&2; fail "not said what is still missing"; }
	nothing_built
	[ ! -s out ] || fail "make printed: $(cat out)"
}

# Once apt-get has installed what was missing, the same make goes on and
# builds; with everything there the check says nothing and asks nobody.
test_deps_installed_then_built() {
	! asan_run || return 0
	tree
	cd src
	fakes
	PATH=$PWD/bin:$PATH PKG_CONFIG_LIBDIR=$PWD/empty FAKE_UID=0 \
	    FAKE_INSTALL=$PWD/empty expect 0 mk build/obj/adjudicator/lib/sec.o \
	    </dev/null
	[ "$(cat apt.log)" = "update
install -y --no-install-recommends libsodium-dev libyaml-dev" ] ||
	    fail "apt-get: $(cat apt.log)"
	grep -q '^deps: installing libsodium-dev libyaml-dev' err ||
	    { cat err >&2; fail "not said what it installs"; }
	[ -f build/obj/adjudicator/lib/sec.o ] || fail "not built"
	# all there: silent, apt-get not asked, the stamp not needed
	rm -f apt.log build/deps.ok
	PATH=$PWD/bin:$PATH FAKE_UID=0 expect 0 mk deps-check </dev/null
	[ ! -s err ] && [ ! -s out ] || fail "deps-check spoke: $(cat err out)"
	PATH=$PWD/bin:$PATH FAKE_UID=0 expect 0 mk build/deps.ok </dev/null
	[ ! -s err ] && [ ! -s out ] || fail "the check spoke: $(cat err out)"
	[ ! -e apt.log ] || fail "apt-get asked: $(cat apt.log)"
	PATH=$PWD/bin:$PATH FAKE_UID=0 expect 0 mk deps DEPS_FOR=build \
	    </dev/null
	err_has '^deps: every package for build is here$'
}

# One list of packages: CI installs deps/debian-packages, names none itself
test_deps_one_list() {
	grep -q 'deps/debian-packages' "$TOP/.ci/run" || fail "CI has its own"
	! grep -q 'libsodium-dev' "$TOP/.ci/run" || fail "CI names packages"
	grep -q '^libsodium-dev[[:space:]]' "$TOP/deps/debian-packages" ||
	    fail "no libsodium-dev in the list"
}
