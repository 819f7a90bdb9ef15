# adjudicator: POSIX-friendly make (GNU make and bmake both work).
# Build products go under $(BUILD); the sanitizer build uses build-asan.

PREFIX	?= /usr/local
BINDIR	?= $(PREFIX)/bin
MANDIR	?= $(PREFIX)/share/man
DOCDIR	?= $(PREFIX)/share/doc/adjudicator
LIBEXECDIR ?= $(PREFIX)/libexec/adjudicator
PKG_CONFIG ?= pkg-config
# STATIC=1 links libsodium and libyaml in (their archives; the C library
# stays shared), into build-static: a process starts with less to link
STATIC	?= 0
BUILD_0	= build
BUILD_1	= build-static
BUILD	?= $(BUILD_$(STATIC))
CC	?= cc

# The version, in one place: the file VERSION.
VERSION != cat VERSION

# CFLAGS, CPPFLAGS, LDFLAGS and LDLIBS are the user's: what the build
# needs (the C standard, the feature macros, the warnings, the libraries)
# is in ADJ_* and kept whatever they say.  V=1 shows every command.
WARN	= -Wall -Wextra -Wformat=2 -Wstrict-prototypes -Wmissing-prototypes \
	  -Wshadow -Wwrite-strings -Wpointer-arith -Wundef
# (quiet when pkg-config is not there or lacks them: deps/check.sh says
# so before anything is compiled, and installs them on Debian, after which
# this same run builds with Debian's flags, the plain library names)
DEPS_CFLAGS != $(PKG_CONFIG) --cflags libsodium yaml-0.1 2>/dev/null || true
DEPS_LIBS   != $(PKG_CONFIG) --libs libsodium yaml-0.1 2>/dev/null || \
	       echo -lsodium -lyaml
DEPS_STATIC != $(PKG_CONFIG) --static --libs libsodium yaml-0.1 \
	       2>/dev/null || echo -lsodium -lyaml
DEPS_LINK_0 = $(DEPS_LIBS)
DEPS_LINK_1 = -Wl,-Bstatic $(DEPS_STATIC) -Wl,-Bdynamic

CFLAGS	?= -O2 -g
ADJ_CFLAGS = -std=c11 -ffp-contract=off $(WARN)
ADJ_CPPFLAGS = -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE $(DEPS_CFLAGS) \
	   -Iadjudicator/lib -Iadjudicator
ADJ_LDLIBS = $(DEPS_LINK_$(STATIC)) -pthread
COMPILE	= $(CC) $(ADJ_CFLAGS) $(CFLAGS) $(ADJ_CPPFLAGS) $(CPPFLAGS)
LINK	= $(CC) $(ADJ_CFLAGS) $(CFLAGS) $(LDFLAGS)
LIBS	= $(LDLIBS) $(ADJ_LDLIBS)
Q_1	=
Q_	= @
Q	= $(Q_$(V))

SRCS	!= ls adjudicator/*.c adjudicator/lib/*.c adjudicator/games/*.c 2>/dev/null
# The library: lib/ and games/ only, never a verb nor the terminal prompt
LIBSRCS	!= ls adjudicator/lib/*.c adjudicator/games/*.c 2>/dev/null
HDRS	!= ls adjudicator/*.h adjudicator/lib/*.h adjudicator/games/*.h \
	    2>/dev/null
INCS	= -Iadjudicator/lib -Iadjudicator
UNITS	!= ls tests/unit/*.c 2>/dev/null
FUZZERS	!= ls tests/fuzz/fuzz_*.c 2>/dev/null
BENCHES	!= ls tests/bench/*.c 2>/dev/null

OBJS	= $(SRCS:%.c=$(BUILD)/obj/%.o)
LIBOBJS	= $(LIBSRCS:%.c=$(BUILD)/obj/%.o)
UNITBINS = $(UNITS:tests/unit/%.c=$(BUILD)/unit/%)
REPLAYBINS = $(FUZZERS:tests/fuzz/%.c=$(BUILD)/replay/%)
BENCHBINS = $(BENCHES:tests/bench/%.c=$(BUILD)/bench/%)
BIN	= $(BUILD)/adjudicator

.PHONY: all check check-unit check-cli check-fuzz asan check-asan fuzz \
	bench lint install uninstall clean example faults check-faults \
	check-mail dist distcheck deps deps-check

all: $(BIN)

# What the build and the tests need, in one list (deps/debian-packages,
# which CI installs too), found before anything is compiled: silent when
# all is there; on Debian what is missing installed with apt-get as root
# or through sudo (saying what), else one line naming the command to run.
# make deps installs what DEPS_FOR needs (make and make example: build;
# make check: build check; CI: every line).
APT_GET	?= apt-get
SUDO	?= sudo
DEPS_FOR ?= build check
DEPS_CHECK = CC='$(CC)' PKG_CONFIG='$(PKG_CONFIG)' APT_GET='$(APT_GET)' \
	     SUDO='$(SUDO)' sh deps/check.sh
deps:
	@$(DEPS_CHECK) -i -v $(DEPS_FOR)

deps-check:
	@$(DEPS_CHECK) -i build

# the build's objects wait for it (a stamp: once found, not asked again)
$(BUILD)/deps.ok:
	@$(DEPS_CHECK) -i build
	@mkdir -p $(@D)
	@touch $@

$(BIN): $(OBJS)
	$(Q)$(LINK) -o $@ $(OBJS) $(LIBS)

$(BUILD)/obj/%.o: %.c $(HDRS) $(BUILD)/deps.ok
	@mkdir -p $(@D)
	$(Q)$(COMPILE) -c -o $@ $<

$(BUILD)/obj/adjudicator/main.o: adjudicator/main.c $(HDRS) VERSION \
    $(BUILD)/deps.ok
	@mkdir -p $(@D)
	$(Q)$(COMPILE) -DADJ_VERSION='"$(VERSION)"' -c -o $@ \
	    adjudicator/main.c

# A checkpoint is this build's memory layout: it names the build, and
# the build is named after every source of the library and the games.
BUILD_ID != cat adjudicator/lib/*.[ch] adjudicator/games/*.[ch] | cksum | \
	    cut -d' ' -f1
$(BUILD)/obj/adjudicator/lib/checkpoint.o: adjudicator/lib/checkpoint.c \
    $(HDRS) $(LIBSRCS) $(BUILD)/deps.ok
	@mkdir -p $(@D)
	$(Q)$(COMPILE) -DADJ_BUILD_ID='"$(BUILD_ID)"' -c -o $@ \
	    adjudicator/lib/checkpoint.c

$(BUILD)/unit/%: tests/unit/%.c tests/unit/unit.h $(LIBOBJS)
	@mkdir -p $(@D)
	$(Q)$(LINK) $(ADJ_CPPFLAGS) $(CPPFLAGS) -Itests/unit -o $@ $< \
	    $(LIBOBJS) $(LIBS)

# The fuzz harnesses, built with a plain main() that replays the corpus.
# They link against an archive so that only the objects they need come in
# (the cmd_*.o verbs refer to main.c, which a harness replaces).
$(BUILD)/libadjudicator.a: $(LIBOBJS)
	@mkdir -p $(@D)
	$(Q)rm -f $@
	$(Q)ar rc $@ $(LIBOBJS)
	$(Q)ranlib $@

$(BUILD)/replay/%: tests/fuzz/%.c tests/fuzz/replay.c $(BUILD)/libadjudicator.a
	@mkdir -p $(@D)
	$(Q)$(LINK) $(ADJ_CPPFLAGS) $(CPPFLAGS) -o $@ $< tests/fuzz/replay.c \
	    $(BUILD)/libadjudicator.a $(LIBS)

# the tools the tests need found (or installed) first
check:
	@$(DEPS_CHECK) -i build check
	@$(SUBMAKE) check-unit check-cli check-fuzz

check-unit: $(UNITBINS)
	@sh tests/run-unit.sh $(UNITBINS)

# wire (tests/cli/wire.c): the envelope taken apart, for hand-made
# messages in the CLI tests; linked like the fuzz replays.
$(BUILD)/cli/wire: tests/cli/wire.c $(BUILD)/libadjudicator.a
	@mkdir -p $(@D)
	$(Q)$(LINK) $(ADJ_CPPFLAGS) $(CPPFLAGS) -o $@ tests/cli/wire.c \
	    $(BUILD)/libadjudicator.a $(LIBS)

check-cli: $(BIN) $(BUILD)/libadjudicator.a $(BUILD)/cli/wire
	@ADJ=$(CURDIR)/$(BIN) sh tests/run-cli.sh

check-fuzz: $(REPLAYBINS)
	@sh tests/run-replay.sh $(BUILD)/replay

# Games by real mail through a local MTA and procmail, as root: CI
# installs them (.ci/run); elsewhere the test says why it skips.
check-mail: $(BIN)
	@ADJ=$(CURDIR)/$(BIN) sh tests/mail/realmail.sh
	@ADJ=$(CURDIR)/$(BIN) sh tests/mail/club.sh
	@ADJ=$(CURDIR)/$(BIN) sh tests/mail/readme.sh
	@ADJ=$(CURDIR)/$(BIN) sh tests/mail/members.sh
	@ADJ=$(CURDIR)/$(BIN) sh tests/mail/tourney.sh

# Sanitizer build: the same tests against an ASan+UBSan binary (the
# build's own flags stay: they are not in CFLAGS).
ASAN_FLAGS = -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer \
	     -fno-sanitize-recover=all
SUBMAKE	= $(MAKE) --no-print-directory
asan:
	@$(SUBMAKE) BUILD=build-asan CFLAGS="$(ASAN_FLAGS)" \
	    LDFLAGS="-fsanitize=address,undefined" all \
	    $(UNITS:tests/unit/%.c=build-asan/unit/%) \
	    $(FUZZERS:tests/fuzz/%.c=build-asan/replay/%)

# Fault injection (lib/fault.h): a build in which the Nth I/O call fails
# or kills the process, for tests/faults/run.sh.
faults:
	@$(SUBMAKE) BUILD=build-fault CFLAGS="-O1 -g" CPPFLAGS="-DADJ_FAULT" all

check-faults: faults
	@ADJ=$(CURDIR)/build-fault/adjudicator sh tests/faults/run.sh

check-asan: asan
	@ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	    ADJ_ASAN_RUN=1 $(SUBMAKE) BUILD=build-asan CFLAGS="$(ASAN_FLAGS)" \
	    LDFLAGS="-fsanitize=address,undefined" check

# libFuzzer: needs clang.  FUZZTIME seconds per harness, or as FUZZTIMES
# says for some ("receive=60 judge=60"; 0 skips one).  New inputs are kept in
# build-fuzz/corpus-NAME; the seeds in tests/fuzz/corpus/NAME are read,
# never written.  A crash leaves build-fuzz/fuzz_NAME-crash-* and fails.
FUZZCC	?= clang
FUZZTIME ?= 60
FUZZTIMES ?=
FUZZFLAGS = -g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined \
	    -fno-sanitize-recover=all
fuzz:
	@mkdir -p build-fuzz/obj
	@rm -f build-fuzz/libadjudicator.a
	@for s in $(LIBSRCS); do \
	    o=build-fuzz/obj/$$(echo $$s | tr / _ | sed 's/\.c$$/.o/'); \
	    $(FUZZCC) $(FUZZFLAGS) -fsanitize=fuzzer-no-link -std=c11 \
	        -ffp-contract=off \
	        -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE $(DEPS_CFLAGS) \
	        $(INCS) -c -o $$o $$s || exit 1; \
	    ar rc build-fuzz/libadjudicator.a $$o || exit 1; \
	done
	@for f in $(FUZZERS); do \
	    n=$$(basename $$f .c); t=$(FUZZTIME); \
	    for nt in $(FUZZTIMES); do \
	        [ "$${nt%%=*}" = "$${n#fuzz_}" ] && t=$${nt#*=}; \
	    done; \
	    [ "$$t" -gt 0 ] || continue; \
	    echo "fuzz: $$n for $${t}s"; \
	    $(FUZZCC) $(FUZZFLAGS) -fsanitize=fuzzer $(INCS) \
	        $(DEPS_CFLAGS) -o build-fuzz/$$n $$f \
	        build-fuzz/libadjudicator.a $(DEPS_LIBS) || exit 1; \
	    mkdir -p build-fuzz/corpus-$$n; \
	    ./build-fuzz/$$n -max_total_time=$$t -print_final_stats=1 \
	        -artifact_prefix=build-fuzz/$$n- \
	        build-fuzz/corpus-$$n tests/fuzz/corpus/$${n#fuzz_} \
	        2>build-fuzz/$$n.log || { tail -40 build-fuzz/$$n.log; \
	        exit 1; }; \
	    grep -E '^(Done|stat::number_of_executed_units|INFO: .*corpus)' \
	        build-fuzz/$$n.log | tail -3; \
	done

# The benchmark helpers (archive generators, raw Ed25519 rate, a timer
# with peak RSS) link like the unit tests.  BENCH_N entries in verify's
# archive; BENCH_ARCHIVES games for standings; BENCH_RUNS samples of
# every figure (medians, min, max; at least 5); BENCH_REPEAT runs of the
# verify figures and of the mail bot's (judge.sh), each run's figure of
# each target printed, PASS only when every run passes; BENCH_DIR keeps
# the archive, the minisign files and the game directories of the
# per-move figures.
BENCH_N	?= 10000
BENCH_ARCHIVES ?= 10000
BENCH_RUNS ?= 7
BENCH_REPEAT ?= 1
BENCH_DIR ?= $(CURDIR)/$(BUILD)/bench/work
$(BUILD)/bench/%: tests/bench/%.c $(LIBOBJS)
	@mkdir -p $(@D)
	$(Q)$(LINK) $(ADJ_CPPFLAGS) $(CPPFLAGS) -o $@ $< $(LIBOBJS) $(LIBS)

bench: $(BIN) $(BENCHBINS)
	@ADJ=$(CURDIR)/$(BIN) BENCHBIN=$(CURDIR)/$(BUILD)/bench \
	    N=$(BENCH_N) RUNS=$(BENCH_RUNS) REPEAT=$(BENCH_REPEAT) \
	    WORK=$(BENCH_DIR) \
	    ARCHIVES=$(BENCH_ARCHIVES) sh tests/bench/run.sh

# The man pages under mandoc -Tlint, every test script parsed (sh -n),
# the include cycles against those known (tests/incycles.py), then a
# clean build with -Werror.
lint:
	mandoc -Tlint -W warning man/*.[0-9]
	@for f in tests/*.sh tests/*/*.sh; do sh -n "$$f" || exit 1; done
	@python3 tests/incycles.py adjudicator | diff -u tests/incycles.known - \
	    || { echo "lint: the include cycles changed (tests/incycles.py)"; \
	    exit 1; }
	rm -rf build-lint
	@$(SUBMAKE) BUILD=build-lint CFLAGS="-O2 -Werror" all

# KEEP=DIR keeps the example's game directories, keys and messages there.
example: $(BIN)
	@ADJ=$(CURDIR)/$(BIN) KEEP="$(KEEP)" sh examples/play-incognito.sh

# A release: the tracked files (out of git: every file but the built
# ones) under adjudicator-VERSION/, as a tarball;
# distcheck unpacks it in a fresh directory, builds it, passes make
# $(DISTCHECK) there (check; CI, which has just run make check on the same
# files, asks for check-unit) and installs it.
DISTCHECK ?= check
DIST	= adjudicator-$(VERSION)
dist:
	@rm -rf $(BUILD)/dist && mkdir -p $(BUILD)/dist/$(DIST)
	@if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then \
	    git ls-files -z | xargs -0 sh -c 'for f; do [ -e "$$f" ] && \
	        printf "%s\n" "$$f"; done' sh; \
	else \
	    find . -type f ! -path './build*' ! -name 'adjudicator-*.tar.gz' \
	        ! -path './.git/*' | sed 's|^\./||'; \
	fi | tar -cf - -T - | (cd $(BUILD)/dist/$(DIST) && tar -xf -)
	@(cd $(BUILD)/dist && tar -cf - $(DIST) | gzip -9n) >$(DIST).tar.gz
	@rm -rf $(BUILD)/dist
	@echo "dist: $(DIST).tar.gz"

distcheck: dist
	@d=$$(mktemp -d "$${TMPDIR:-/tmp}/adj-distcheck.XXXXXX") && \
	    trap 'rm -rf "$$d"' EXIT INT TERM && chmod 755 "$$d" && \
	    gzip -dc $(DIST).tar.gz | (cd "$$d" && tar -xf -) && \
	    cd "$$d/$(DIST)" && $(SUBMAKE) && $(SUBMAKE) $(DISTCHECK) && \
	    $(SUBMAKE) install DESTDIR="$$d/root" PREFIX=/usr && \
	    test -x "$$d/root/usr/bin/adjudicator" && \
	    test -f "$$d/root/usr/share/doc/adjudicator/LICENSE" && \
	    echo "distcheck: $(DIST).tar.gz builds, passes make $(DISTCHECK)" \
	        "and installs"

# The program, its manual, and under DOCDIR what the manual points to:
# the README, the licence, the examples and the formats with their samples.
# The mail filters the documented set-ups run (examples/dot-forward, a
# bot's .forward) go to LIBEXECDIR, each told where the program is.
FILTERS	= judge-filter.sh bot-filter.sh
install: $(BIN)
	mkdir -p $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 \
	    $(DESTDIR)$(MANDIR)/man5 $(DESTDIR)$(MANDIR)/man7 \
	    $(DESTDIR)$(DOCDIR)/examples $(DESTDIR)$(DOCDIR)/formats/samples \
	    $(DESTDIR)$(LIBEXECDIR)
	cp $(BIN) $(DESTDIR)$(BINDIR)/adjudicator
	chmod 755 $(DESTDIR)$(BINDIR)/adjudicator
	for f in $(FILTERS); do \
	    sed 's|^installed=$$|installed=$(BINDIR)/adjudicator|' \
	        examples/$$f >$(DESTDIR)$(LIBEXECDIR)/$$f && \
	    chmod 755 $(DESTDIR)$(LIBEXECDIR)/$$f || exit 1; done
	for m in man/*.1; do cp $$m $(DESTDIR)$(MANDIR)/man1/; done
	for m in man/*.5; do [ -f $$m ] && cp $$m $(DESTDIR)$(MANDIR)/man5/; done; true
	for m in man/*.7; do [ -f $$m ] && cp $$m $(DESTDIR)$(MANDIR)/man7/; done; true
	cp README.md LICENSE $(DESTDIR)$(DOCDIR)/
	cp examples/* $(DESTDIR)$(DOCDIR)/examples/
	cp formats/*.md $(DESTDIR)$(DOCDIR)/formats/
	cp formats/samples/* $(DESTDIR)$(DOCDIR)/formats/samples/
	chmod 600 $(DESTDIR)$(DOCDIR)/formats/samples/*.key

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/adjudicator
	for f in $(FILTERS); do rm -f $(DESTDIR)$(LIBEXECDIR)/$$f; done
	rmdir $(DESTDIR)$(LIBEXECDIR) 2>/dev/null || true
	for m in man/*.1; do rm -f $(DESTDIR)$(MANDIR)/man1/$${m#man/}; done
	for m in man/*.5; do rm -f $(DESTDIR)$(MANDIR)/man5/$${m#man/}; done
	for m in man/*.7; do rm -f $(DESTDIR)$(MANDIR)/man7/$${m#man/}; done
	rm -rf $(DESTDIR)$(DOCDIR)

clean:
	rm -rf build build-static build-asan build-fuzz build-lint build-fault
	rm -f adjudicator-*.tar.gz
