# keygen, key files, passphrases, and the verb table.

in_d() {
	mkdir -p d
	(cd d && keys "$@")
}

test_keygen_plain() {
	mkdir d
	umask 022
	expect 0 "$ADJ" keygen -N -d d alice
	one_line
	[ "$(ls -l d/alice.key | cut -c1-10)" = "-rw-------" ] ||
	    fail "key file mode: $(ls -l d/alice.key)"
	[ "$(ls -l d/alice.pub | cut -c1-10)" = "-rw-r--r--" ] ||
	    fail "public file mode: $(ls -l d/alice.pub)"
	[ "$(wc -l <d/alice.pub)" -eq 1 ] || fail "public key not one line"
	grep -q '^adjudicator-pk1 alice [0-9a-f]\{16\} [A-Za-z0-9+/=]*$' \
	    d/alice.pub || fail "public key line: $(cat d/alice.pub)"
	id=$(cut -d' ' -f3 d/alice.pub)
	err_has "alice: key id $id"
	grep -q '^-----BEGIN ADJUDICATOR SECRET KEY-----$' d/alice.key ||
	    fail "secret key not armored"
}

test_keygen_refuses_overwrite() {
	in_d alice
	snapshot d
	cd d
	expect 1 "$ADJ" keygen -N alice
	one_line
	err_has "already exists"
	rm alice.key
	expect 1 "$ADJ" keygen -N alice
	one_line
	err_has "alice.pub: already exists"
	[ ! -f alice.key ] || fail "key written next to an existing .pub"
	cd ..
	(cd d && keys alice) || true
}

# after a keygen that died: each of d/alice.key and d/alice.pub is absent
# or whole (the pair matching), and keygen again succeeds (writing the
# .pub of a key left alone) or refuses cleanly because both exist
killed_keygen_ok() {
	if [ -e d/alice.key ]; then
		expect 0 "$ADJ" seal -k d/alice.key bob.pub body.yaml
	fi
	if [ -e d/alice.pub ]; then
		[ -e d/alice.key ] || fail "alice.pub without alice.key"
		expect 0 "$ADJ" seal -k bob.key d/alice.pub body.yaml
		mv out sealed.msg
		expect 0 "$ADJ" open -k d/alice.key sealed.msg
	fi
	had_pub=no
	[ ! -e d/alice.pub ] || had_pub=yes
	set +e
	"$ADJ" keygen -N -d d alice >out 2>err
	rc=$?
	set -e
	case $rc in
	0)	;;
	1)	one_line
		err_has "already exists; not overwritten"
		[ $had_pub = yes ] || fail "refused, and alice.pub is missing" ;;
	*)	cat err >&2
		fail "keygen after a killed one: exit status $rc" ;;
	esac
	[ -s d/alice.key ] && [ -s d/alice.pub ] || fail "keygen left no key"
	expect 0 "$ADJ" seal -k bob.key d/alice.pub body.yaml
	mv out sealed.msg
	expect 0 "$ADJ" open -k d/alice.key sealed.msg
}

# a key whose keygen died before its .pub: keygen again writes the .pub
# of that key (asking its passphrase), and makes no new key
test_keygen_completes_a_lone_key() {
	keys bob
	printf 'a: 1\n' >body.yaml
	mkdir d e
	"$ADJ" keygen -N -d d alice 2>/dev/null
	cp d/alice.pub alice.pub.0
	rm d/alice.pub
	cp d/alice.key key.0
	expect 0 "$ADJ" keygen -N -d d alice
	one_line
	err_has "alice: key id $(cut -d' ' -f3 alice.pub.0) (d/alice.pub written"
	cmp -s d/alice.pub alice.pub.0 || fail "another .pub"
	cmp -s d/alice.key key.0 || fail "the key changed"
	# a passphrase key: the passphrase opens it; a wrong one writes nothing
	printf 'correct horse\n' >pw
	printf 'wrong horse\n' >bad
	chmod 600 pw bad
	ADJUDICATOR_PASSPHRASE_FILE=$PWD/pw "$ADJ" keygen -d e alice \
	    </dev/null 2>/dev/null || fail "keygen with a passphrase"
	cp e/alice.pub alice.pub.1
	rm e/alice.pub
	snapshot e
	ADJUDICATOR_PASSPHRASE_FILE=$PWD/bad expect 1 "$ADJ" keygen -d e \
	    alice </dev/null
	one_line
	err_has "wrong passphrase"
	unchanged e
	ADJUDICATOR_PASSPHRASE_FILE=$PWD/pw expect 0 "$ADJ" keygen -d e \
	    alice </dev/null
	cmp -s e/alice.pub alice.pub.1 || fail "another .pub"
	# the key of another name under this one: refused
	cp d/alice.key e/carol.key
	chmod 600 e/carol.key
	expect 1 "$ADJ" keygen -N -d e carol
	one_line
	err_has "holds the key of alice, not carol"
	[ ! -e e/carol.pub ] || fail "carol.pub written"
}

# kill -9 at 100 random moments while keygen runs, spread over its run
# time (measured first); after each, killed_keygen_ok
test_keygen_killed_at_random() {
	need python3
	keys bob
	printf 'a: 1\n' >body.yaml
	python3 - "$ADJ" <<'PY' >moments
import os, random, shutil, signal, subprocess, sys, time
adj = sys.argv[1]


def keygen():
    return subprocess.Popen([adj, 'keygen', '-N', '-d', 'd', 'alice'],
                            stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)


def fresh():
    shutil.rmtree('d', ignore_errors=True)
    os.mkdir('d')


runs = []
for _ in range(5):
    fresh()
    t = time.monotonic()
    keygen().wait()
    runs.append(time.monotonic() - t)
# the moments spread over a keygen's time: its median, narrowed (by
# halves at most) to any moment a keygen was seen done by, and more tries
# while few were killed, so that a busy machine at the start does not
# leave most moments after the end
span = sorted(runs)[2]
killed = i = 0
while i < 100 or (killed < 50 and i < 400):
    fresh()
    p = keygen()
    t, when = time.monotonic(), random.uniform(0, span)
    while time.monotonic() - t < when:
        pass
    p.send_signal(signal.SIGKILL)
    p.wait()
    os.rename('d', 'd%d' % i)
    if p.returncode < 0:
        killed += 1
    else:
        span = max(when, span / 2)  # done by then: look earlier
    print('%d %.6f %s' % (i, when, 'killed' if p.returncode < 0 else 'done'))
    i += 1
PY
	while read -r i when how; do
		rm -rf d
		mv "d$i" d
		killed_keygen_ok
	done <moments
	n=$(grep -c killed moments)
	m=$(wc -l <moments)
	echo "$n of $m keygens killed" >&2
	[ "$n" -ge 25 ] || fail "only $n of $m keygens killed while running"
}

# killed by its first write (SIGXFSZ), the worst moment there is: the key
# file must not be there, empty
test_keygen_killed_writing() {
	keys bob
	printf 'a: 1\n' >body.yaml
	mkdir d
	set +e
	(ulimit -f 0 && exec "$ADJ" keygen -N -d d alice) 2>/dev/null
	rc=$?
	set -e
	[ "$rc" -gt 128 ] || fail "keygen not killed by its write: $rc"
	[ ! -e d/alice.key ] || fail "a key file of $(wc -c <d/alice.key) \
bytes left by a killed keygen"
	killed_keygen_ok
	[ -s d/alice.key ] || fail "keygen after a killed one"
}

test_keygen_bad_name() {
	mkdir d
	snapshot d
	for n in Alice 1a a.b ../x "" abcdefghijklmnopqrstuvwxyz0123456; do
		expect 2 "$ADJ" keygen -N -d d "$n"
		one_line
	done
	unchanged d
}

test_keygen_usage() {
	mkdir d
	snapshot d
	expect 2 "$ADJ" keygen -N
	one_line
	err_has "usage: adjudicator keygen \[-N\] \[-d DIR\] NAME"
	expect 2 "$ADJ" keygen -N a b
	one_line
	expect 2 "$ADJ" keygen -x a
	one_line
	err_has "usage: adjudicator keygen"
	unchanged d
}

test_keygen_no_terminal_no_passphrase() {
	mkdir d
	snapshot d
	unset ADJUDICATOR_PASSPHRASE_FILE
	if command -v timeout >/dev/null; then
		expect 2 timeout 20 "$ADJ" keygen -d d alice </dev/null
	else
		expect 2 "$ADJ" keygen -d d alice </dev/null
	fi
	one_line
	err_has "no passphrase"
	unchanged d
}

test_keygen_empty_passphrase() {
	mkdir d
	: >pw
	chmod 600 pw
	snapshot d
	ADJUDICATOR_PASSPHRASE_FILE=$PWD/pw expect 2 "$ADJ" keygen -d d alice \
	    </dev/null
	one_line
	err_has "empty passphrase"
	unchanged d
}

# typed at a terminal, and confirmed, an empty passphrase is refused
# (it used to free the confirmation twice and crash)
test_keygen_tty_empty_passphrase() {
	mkdir d
	snapshot d
	unset ADJUDICATOR_PASSPHRASE_FILE
	on_tty 2 "" "" -- "$ADJ" keygen -d d alice
	one_line
	err_has "^adjudicator: keygen: empty passphrase (use -N"
	tr -d '\r\n' <err.tty | grep -q "^passphrase: again: $" ||
	    fail "prompts: $(cat err.tty)"
	unchanged d
}

test_keygen_tty_passphrases_differ() {
	mkdir d
	snapshot d
	unset ADJUDICATOR_PASSPHRASE_FILE
	on_tty 2 "correct horse" "correct hose" -- "$ADJ" keygen -d d alice
	one_line
	err_has "^adjudicator: keygen: passphrases do not match$"
	unchanged d
}

# a key made at a terminal opens with the passphrase typed at a terminal,
# and the passphrase is never echoed
test_keygen_tty_passphrase() {
	mkdir d
	unset ADJUDICATOR_PASSPHRASE_FILE
	on_tty 0 "correct horse" "correct horse" -- "$ADJ" keygen -d d alice
	err_has "^alice: key id "
	(cd d && keys bob)
	printf 'a: 1\n' >body.yaml
	on_tty 0 "correct horse" -- "$ADJ" seal -k d/alice.key d/bob.pub \
	    body.yaml
	grep -q "passphrase for d/alice.key: " err.tty ||
	    fail "prompt: $(cat err.tty)"
	grep -q "horse" err.tty && fail "the passphrase was echoed"
	sed -n '/-----BEGIN/,/-----END/p' err.tty | tr -d '\r' >msg
	expect 0 "$ADJ" open -k d/bob.key -p d/alice.pub msg
	out_has "^a: 1$"
	on_tty 1 "wrong horse" -- "$ADJ" seal -k d/alice.key d/bob.pub body.yaml
	one_line
	err_has "d/alice.key: wrong passphrase"
}

test_keygen_missing_passphrase_file() {
	mkdir d
	snapshot d
	ADJUDICATOR_PASSPHRASE_FILE=$PWD/nope expect 4 "$ADJ" keygen -d d \
	    alice </dev/null
	one_line
	err_has "nope"
	unchanged d
}

test_passphrase_key() {
	mkdir d
	printf 'correct horse\n' >pw
	printf 'wrong horse\n' >bad
	chmod 600 pw bad
	export ADJUDICATOR_PASSPHRASE_FILE="$PWD/pw"
	expect 0 "$ADJ" keygen -d d alice </dev/null
	(cd d && keys bob)
	printf 'a: 1\n' >body.yaml
	expect 0 "$ADJ" seal -k d/alice.key d/bob.pub body.yaml </dev/null
	cp out msg
	expect 0 "$ADJ" open -k d/bob.key msg
	out_has "^a: 1$"
	# bob seals to alice, alice opens with her passphrase
	expect 0 "$ADJ" seal -k d/bob.key d/alice.pub body.yaml
	cp out msg2
	expect 0 "$ADJ" open -k d/alice.key msg2 </dev/null
	out_has "^a: 1$"
	snapshot d
	ADJUDICATOR_PASSPHRASE_FILE=$PWD/bad expect 1 "$ADJ" open \
	    -k d/alice.key msg2 </dev/null
	one_line
	err_has "d/alice.key: wrong passphrase"
	[ ! -s out ] || fail "output despite a wrong passphrase"
	unset ADJUDICATOR_PASSPHRASE_FILE
	expect 2 "$ADJ" open -k d/alice.key msg2 </dev/null
	one_line
	err_has "no passphrase"
	unchanged d
}

test_key_truncated() {
	in_d alice bob
	printf 'a: 1\n' >body.yaml
	head -n 3 d/alice.key >d/no-end.key
	sed '3d' d/alice.key >d/short.key
	sed '$d' d/alice.key | sed '$d' >d/cut.key
	tail -n 1 d/alice.key >>d/cut.key
	: >d/empty.key
	printf 'hello\n' >d/text.key
	snapshot d
	for k in no-end short cut empty text; do
		expect 3 "$ADJ" seal -k d/$k.key d/bob.pub body.yaml
		one_line
		err_has "d/$k.key"
		[ ! -s out ] || fail "output with a bad key $k"
	done
	expect 3 "$ADJ" seal -k d/short.key d/bob.pub body.yaml
	err_has "truncated or corrupt"
	expect 3 "$ADJ" seal -k d/no-end.key d/bob.pub body.yaml
	err_has "no END line"
	unchanged d
}

test_key_corrupt() {
	in_d alice bob
	printf 'a: 1\n' >body.yaml
	awk 'NR == 3 { c = substr($0, 1, 1); $0 = (c == "A" ? "B" : "A") \
	    substr($0, 2) } { print }' d/alice.key >d/bad.key
	cmp -s d/alice.key d/bad.key && fail "key not changed"
	snapshot d
	expect 3 "$ADJ" seal -k d/bad.key d/bob.pub body.yaml
	one_line
	err_has "d/bad.key: secret key file is corrupt"
	expect 3 "$ADJ" seal -k d/bob.pub d/bob.pub body.yaml
	one_line
	unchanged d
}

test_public_key_bad() {
	in_d alice bob
	printf 'a: 1\n' >body.yaml
	sed 's/ \([0-9a-f]\)[0-9a-f]* / \1000000000000000 /' d/bob.pub \
	    >d/badid.pub
	awk '{ print $1, $2, $3, "AAAA" $4 }' d/bob.pub >d/long.pub
	{ cat d/bob.pub; cat d/bob.pub; } >d/two.pub
	: >d/empty.pub
	printf '\n' >d/nl.pub
	snapshot d
	for p in badid long two empty nl; do
		expect 3 "$ADJ" seal -k d/alice.key d/$p.pub body.yaml
		one_line
		err_has "d/$p.pub"
		[ ! -s out ] || fail "output with a bad public key $p"
	done
	expect 4 "$ADJ" seal -k d/alice.key d/none.pub body.yaml
	one_line
	unchanged d
}

# publine NAME SIGN BOX: a public key line with its true key id, for a
# signing and an encryption key each given in hex, or as a .pub file
# whose half is taken
publine() {
	need python3
	python3 - "$@" <<'PY'
import base64, hashlib, sys
name, sign, box = sys.argv[1:4]


def half(x, i):
    if not x.endswith('.pub'):
        return bytes.fromhex(x)
    return base64.b64decode(open(x).read().split()[3])[32 * i:32 * i + 32]


both = half(sign, 0) + half(box, 1)
kid = hashlib.blake2b(both, digest_size=32, person=b'adj-keyid-v1')
print('adjudicator-pk1 %s %s %s' % (name, kid.hexdigest()[:16],
                                    base64.b64encode(both).decode()))
PY
}

ZERO=0000000000000000000000000000000000000000000000000000000000000000
# X25519 of order 8; Ed25519 of order 4
LOW8=e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800
LOW4=0000000000000000000000000000000000000000000000000000000000000080

# a .pub whose encryption key is all zeros or of low order, or whose
# signing key is no valid point, is refused wherever it is read
test_public_key_low_order() {
	in_d alice bob
	printf 'a: 1\n' >body.yaml
	publine bob d/bob.pub d/bob.pub >d/same.pub
	cmp -s d/same.pub d/bob.pub || fail "publine: $(cat d/same.pub)"
	publine bob d/bob.pub "$ZERO" >d/zero.pub
	publine bob d/bob.pub "$LOW8" >d/low.pub
	publine bob "$ZERO" d/bob.pub >d/sign0.pub
	publine bob "$LOW4" d/bob.pub >d/sign4.pub
	snapshot d
	for p in zero low; do
		expect 3 "$ADJ" seal -k d/alice.key d/$p.pub body.yaml
		one_line
		err_has "^adjudicator: d/$p.pub: key [0-9a-f]\{16\}: encryption key of low order; nothing sent to it would be secret$"
		[ ! -s out ] || fail "a message sealed to $p.pub"
		expect 3 "$ADJ" new -k d/alice.key incognito d/alice.pub d/$p.pub
		one_line
		err_has "d/$p.pub: key .*: encryption key of low order"
		[ ! -s out ] || fail "an invitation to $p.pub"
	done
	for p in sign0 sign4; do
		expect 3 "$ADJ" seal -k d/alice.key d/$p.pub body.yaml
		one_line
		err_has "^adjudicator: d/$p.pub: key [0-9a-f]\{16\}: not a valid Ed25519 signing key$"
		[ ! -s out ] || fail "a message sealed to $p.pub"
	done
	expect 0 "$ADJ" seal -k d/alice.key d/bob.pub body.yaml
	mv out msg
	expect 3 "$ADJ" open -k d/bob.key -p d/zero.pub msg
	one_line
	err_has "d/zero.pub: key .*: encryption key of low order"
	[ ! -s out ] || fail "opened with a sender of low order"
	unchanged d
}

# a .pub file is one line, optionally one LF, read exactly as
# formats/key.md says: single spaces, no CR, no blanks around it
test_public_key_file_strict() {
	in_d alice bob
	printf 'a: 1\n' >body.yaml
	line=$(cat d/bob.pub)
	printf '%s' "$line" >d/nolf.pub
	expect 0 "$ADJ" seal -k d/alice.key d/nolf.pub body.yaml
	printf '%s\r\n' "$line" >d/crlf.pub
	printf '%s\n\n' "$line" >d/twolf.pub
	printf '\n%s\n' "$line" >d/blank.pub
	printf '%s \n' "$line" >d/trail.pub
	printf ' %s\n' "$line" >d/lead.pub
	printf '%s\n' "$line" | sed 's/ /  /' >d/double.pub
	printf '%s\n' "$line" | tr ' ' '\t' >d/tab.pub
	{ printf '%s' "$line"; printf '\0\n'; } >d/nul.pub
	snapshot d
	for p in crlf twolf blank trail lead double tab nul; do
		expect 3 "$ADJ" seal -k d/alice.key d/$p.pub body.yaml
		one_line
		err_has "^adjudicator: d/$p.pub: "
		[ ! -s out ] || fail "output with $p.pub"
	done
	expect 3 "$ADJ" seal -k d/alice.key d/crlf.pub body.yaml
	err_has "control character"
	expect 3 "$ADJ" seal -k d/alice.key d/double.pub body.yaml
	err_has "single spaces"
	unchanged d
}

# a secret key file others can read or write is refused, saying how to
# fix it, before any passphrase is asked; a private one is used
test_secret_key_mode() {
	in_d alice bob
	printf 'a: 1\n' >body.yaml
	printf 'correct horse\n' >pw
	chmod 600 pw
	ADJUDICATOR_PASSPHRASE_FILE=$PWD/pw "$ADJ" keygen -d d carol 2>/dev/null
	for m in 640 604 620 602 660 644 666; do
		chmod "$m" d/alice.key d/carol.key
		snapshot d
		expect 1 "$ADJ" seal -k d/alice.key d/bob.pub body.yaml
		one_line
		err_has "^adjudicator: d/alice.key: secret key file is accessible by others (mode 0$m); chmod 600 d/alice.key$"
		[ ! -s out ] || fail "sealed with a key of mode $m"
		# refused before the passphrase is asked for
		expect 1 sh -c "unset ADJUDICATOR_PASSPHRASE_FILE;
		    \"$ADJ\" seal -k d/carol.key d/bob.pub body.yaml </dev/null"
		one_line
		err_has "d/carol.key: secret key file is accessible by others"
		unchanged d
	done
	for m in 600 400; do
		chmod "$m" d/alice.key
		expect 0 "$ADJ" seal -k d/alice.key d/bob.pub body.yaml
	done
}

# the game verbs load the key named in GAMEDIR/seat: the same refusal,
# and the game directory is left as it was
test_secret_key_mode_game() {
	peer_start incognito
	chmod 644 alice.key
	snapshot A
	expect 1 "$ADJ" setup -d A d2
	one_line
	err_has "alice.key: secret key file is accessible by others (mode 0644); chmod 600 "
	[ ! -s out ] || fail "a setup message with an exposed key"
	unchanged A
	chmod 600 alice.key
	expect 0 "$ADJ" setup -d A d2
}

# a key path that is not a regular file is refused at once: a FIFO used
# to hang until someone wrote to it
test_key_not_regular_file() {
	need timeout
	in_d alice bob
	printf 'a: 1\n' >body.yaml
	mkfifo d/fifo.key d/fifo.pub
	mkdir d/dir.key
	"$ADJ" new -k d/alice.key incognito d/alice.pub d/bob.pub >invite.msg
	snapshot d
	for k in d/fifo.key d/dir.key /dev/null; do
		expect 1 timeout 10 "$ADJ" seal -k "$k" d/bob.pub body.yaml
		one_line
		err_has "^adjudicator: $k: not a regular file$"
		[ ! -s out ] || fail "output with the key $k"
	done
	expect 1 timeout 10 "$ADJ" seal -k d/alice.key d/fifo.pub body.yaml
	one_line
	err_has "^adjudicator: d/fifo.pub: not a regular file$"
	expect 1 timeout 10 "$ADJ" new -k d/alice.key incognito d/alice.pub \
	    d/fifo.pub
	one_line
	err_has "d/fifo.pub: not a regular file"
	expect 1 timeout 10 "$ADJ" join -d G -k d/fifo.key invite.msg
	one_line
	[ ! -e G ] || fail "join made a game directory"
	unchanged d
}

# a passphrase file others can read: a warning on stderr, then the key
# is used; a private one, or a pipe, gives no warning
test_passphrase_file_mode_warning() {
	mkdir d
	printf 'correct horse\n' >pw
	chmod 644 pw
	ADJUDICATOR_PASSPHRASE_FILE=$PWD/pw expect 0 "$ADJ" keygen -d d alice \
	    </dev/null
	[ "$(wc -l <err)" -eq 2 ] || fail "stderr: $(cat err)"
	err_has "^adjudicator: warning: $PWD/pw: passphrase file is accessible by others (mode 0644); chmod 600 $PWD/pw$"
	err_has "^alice: key id "
	grep -q horse err && fail "the passphrase on stderr"
	(cd d && keys bob)
	printf 'a: 1\n' >body.yaml
	chmod 640 pw
	ADJUDICATOR_PASSPHRASE_FILE=$PWD/pw expect 0 "$ADJ" seal \
	    -k d/alice.key d/bob.pub body.yaml </dev/null
	one_line
	err_has "warning: .*mode 0640"
	chmod 600 pw
	ADJUDICATOR_PASSPHRASE_FILE=$PWD/pw expect 0 "$ADJ" seal \
	    -k d/alice.key d/bob.pub body.yaml </dev/null
	[ ! -s err ] || fail "a warning for a private passphrase file: $(cat err)"
	mkfifo pipe
	cat pw >pipe &
	ADJUDICATOR_PASSPHRASE_FILE=$PWD/pipe expect 0 "$ADJ" seal \
	    -k d/alice.key d/bob.pub body.yaml </dev/null
	wait
	[ ! -s err ] || fail "a warning for a pipe: $(cat err)"
}

test_verb_help() {
	expect 0 "$ADJ" keygen -h
	[ "$(head -n 1 out)" = "usage: adjudicator keygen [-N] [-d DIR] NAME" ] ||
	    fail "keygen -h: $(cat out)"
	expect 0 "$ADJ" seal -h
	[ "$(head -n 1 out)" = \
	    "usage: adjudicator seal -k KEY RECIPIENT.pub... [FILE]" ] ||
	    fail "seal -h: $(cat out)"
	expect 0 "$ADJ" open -h
	[ "$(head -n 1 out)" = "usage: adjudicator open -k KEY [-p SENDER.pub] [FILE]" ] ||
	    fail "open -h: $(cat out)"
	[ ! -s err ] || fail "-h wrote to stderr"
}

test_unknown_verb() {
	expect 2 "$ADJ" frobnicate
	err_has 'unknown verb "frobnicate"'
	err_has keygen
	err_has seal
	err_has open
	[ ! -s out ] || fail "output for an unknown verb"
	expect 2 "$ADJ"
	err_has keygen
}

test_version() {
	expect 0 "$ADJ" --version
	grep -q '^adjudicator [0-9][0-9.]*$' out || fail "version: $(cat out)"
	# the version is the file VERSION's, in one place
	[ "$(cat out)" = "adjudicator $(cat "$TOP/VERSION")" ] ||
	    fail "version $(cat out), VERSION says $(cat "$TOP/VERSION")"
	! grep -rqF "\"$(cat "$TOP/VERSION")\"" "$TOP/adjudicator" ||
	    fail "the version written in the sources too"
	expect 0 "$ADJ" help
	out_has keygen
}

# A key file's public keys are taken as the file carries them; that its
# secret halves make them is checked once, where the key starts to be
# used: keygen completing a .pub, join (-d and -r).  A file whose seed was
# changed and its checksum made again passes the load and not the check.
test_key_checked_at_join() {
	in_d alice bob
	python3 - d/alice.key d/bad.key <<'PY'
import base64, hashlib, sys
lines = open(sys.argv[1]).read().split("\n")
rec = bytearray(base64.b64decode("".join(lines[1:-2])))
rec[72] ^= 1			# the first byte of the signing seed
rec[-32:] = hashlib.blake2b(bytes(rec[:-32]), digest_size=32,
    person=b"adj-keyfile-v1").digest()
b = base64.b64encode(bytes(rec)).decode()
body = "\n".join(b[i:i + 64] for i in range(0, len(b), 64))
open(sys.argv[2], "w").write(lines[0] + "\n" + body + "\n" + lines[-2] + "\n")
PY
	chmod 600 d/bad.key
	"$ADJ" new -k d/alice.key incognito d/alice.pub d/bob.pub >inv.msg ||
	    fail "new"
	snapshot d
	expect 3 "$ADJ" join -d A -k d/bad.key inv.msg
	one_line
	err_has "^adjudicator: d/bad.key: secret key file is corrupt (its secret keys do not make its public keys)$"
	[ ! -e A ] || fail "a game directory made with a bad key"
	expect 3 "$ADJ" join -r R -k d/bad.key inv.msg
	err_has "its secret keys do not make its public keys"
	[ ! -e R ] || fail "a root made with a bad key"
	mv d/bad.key d/carl.key
	expect 3 "$ADJ" keygen -N -d d carl
	err_has "its secret keys do not make its public keys"
	[ ! -e d/carl.pub ] || fail "a .pub written from a bad key"
	mv d/carl.key d/bad.key
	unchanged d
	# the good key joins
	expect 0 "$ADJ" join -d A -k d/alice.key inv.msg
}

# keygen -d DIR makes DIR (0700) when it is not there, as the README's
# club does with ~/judge; a parent that is not there is said in one line,
# and nothing is made
test_keygen_makes_its_directory() {
	expect 0 "$ADJ" keygen -N -d judge judge
	[ -f judge/judge.key ] && [ -f judge/judge.pub ] || fail "no key"
	[ "$(stat -c %a judge)" = 700 ] || fail "mode $(stat -c %a judge)"
	expect 4 "$ADJ" keygen -N -d no/such judge
	one_line
	err_has "^adjudicator: no/such: cannot make the key's directory: No such file or directory$"
	[ ! -e no ] || fail "something made"
}
