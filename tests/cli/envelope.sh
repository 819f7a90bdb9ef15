# seal and open: round trips, non-recipients, tampering, several messages.

setup() {
	mkdir -p d
	(cd d && keys "$@")
	printf 'game: g\nseq: 1\nkind: turn\nmove: "e2-e4"\n' >body.yaml
}

# unarmor FILE: the binary message inside an armored file
unarmor() {
	sed -n '/^-----BEGIN/,/^-----END/p' "$1" | sed '1d;$d' | base64 -d
}

# rearmor: binary on stdin, armored on stdout
rearmor() {
	echo "-----BEGIN ADJUDICATOR MESSAGE-----"
	base64
	echo "-----END ADJUDICATOR MESSAGE-----"
}

# setbyte FILE OFFSET: changes the byte at OFFSET (adds 1)
setbyte() {
	b=$(od -An -tu1 -j "$2" -N1 "$1" | tr -d ' ')
	printf "\\$(printf %o $(( (b + 1) % 256 )))" |
	    dd of="$1" bs=1 seek="$2" conv=notrunc 2>/dev/null
}

roundtrip() {
	setup alice "$@"
	pubs=
	for r in "$@"; do
		pubs="$pubs d/$r.pub"
	done
	expect 0 "$ADJ" seal -k d/alice.key $pubs body.yaml
	[ ! -s err ] || fail "seal wrote to stderr"
	grep -q '^-----BEGIN ADJUDICATOR MESSAGE-----$' out || fail "not armored"
	awk '!/^-----/ && length($0) > 64 { exit 1 }' out ||
	    fail "armor lines over 64 columns"
	cp out msg
	for r in "$@"; do
		expect 0 "$ADJ" open -k d/$r.key -p d/alice.pub msg
		cmp -s out body.yaml || fail "$r: body differs"
		one_line
		err_has "good signature from alice (key $(cut -d' ' -f3 d/alice.pub))"
	done
}

test_roundtrip_1() {
	roundtrip bob
}

test_roundtrip_2() {
	roundtrip bob carol
}

test_roundtrip_4() {
	roundtrip bob carol dave erin
}

test_stdin_stdout() {
	setup alice bob
	"$ADJ" seal -k d/alice.key d/bob.pub <body.yaml |
	    "$ADJ" open -k d/bob.key >got 2>/dev/null
	cmp -s got body.yaml || fail "pipeline body differs"
	"$ADJ" seal -k d/alice.key d/bob.pub - <body.yaml >msg
	"$ADJ" open -k d/bob.key - <msg >got 2>/dev/null
	cmp -s got body.yaml || fail "- body differs"
}

test_non_recipient() {
	setup alice bob carol eve
	"$ADJ" seal -k d/alice.key d/bob.pub d/carol.pub body.yaml >msg
	snapshot d
	expect 1 "$ADJ" open -k d/eve.key msg
	one_line
	err_has "msg: not addressed to key $(cut -d' ' -f3 d/eve.pub)"
	[ ! -s out ] || fail "output for a non-recipient"
	expect 1 "$ADJ" open -k d/alice.key msg
	one_line
	unchanged d
}

test_changed_ciphertext() {
	setup alice bob
	"$ADJ" seal -k d/alice.key d/bob.pub body.yaml >msg
	unarmor msg >bin
	n=$(wc -c <bin)
	for off in $((n - 1)) $((n - 20)) $((n - 100)) 200 100 20; do
		cp bin b2
		setbyte b2 $off
		cmp -s bin b2 && fail "byte $off not changed"
		rearmor <b2 >m2
		snapshot d
		expect 1 "$ADJ" open -k d/bob.key m2
		one_line
		[ ! -s out ] || fail "output for a changed byte at $off"
		unchanged d
	done
	# the header is authenticated too (recipient's sealed key)
	cp bin b2
	setbyte b2 30
	rearmor <b2 >m2
	expect 1 "$ADJ" open -k d/bob.key m2
	one_line
}

test_wrong_sender() {
	setup alice bob carol
	"$ADJ" seal -k d/alice.key d/bob.pub body.yaml >msg
	snapshot d
	expect 1 "$ADJ" open -k d/bob.key -p d/carol.pub msg
	one_line
	err_has "signed by alice ($(cut -d' ' -f3 d/alice.pub)), not by carol"
	[ ! -s out ] || fail "output despite the wrong sender"
	unchanged d
	expect 0 "$ADJ" open -k d/bob.key -p d/alice.pub msg
}

test_same_name_other_key() {
	setup alice bob
	mkdir d2
	(cd d2 && keys alice)
	"$ADJ" seal -k d2/alice.key d/bob.pub body.yaml >msg
	expect 1 "$ADJ" open -k d/bob.key -p d/alice.pub msg
	one_line
	err_has "not by alice"
}

test_truncated_message() {
	setup alice bob
	"$ADJ" seal -k d/alice.key d/bob.pub body.yaml >msg
	unarmor msg >bin
	for n in 0 3 10 50 120; do
		head -c $n bin | rearmor >m2
		expect 3 "$ADJ" open -k d/bob.key m2
		one_line
	done
	n=$(wc -c <bin)
	head -c $((n - 1)) bin | rearmor >m2
	expect 1 "$ADJ" open -k d/bob.key m2
	one_line
	{ cat bin; printf x; } | rearmor >m2
	expect 1 "$ADJ" open -k d/bob.key m2
	one_line
}

test_not_a_message() {
	setup alice bob
	printf 'not an envelope at all\n' | rearmor >m2
	expect 3 "$ADJ" open -k d/bob.key m2
	one_line
	err_has "not an adjudicator message"
}

test_several_messages() {
	setup alice bob carol
	printf 'seq: 2\n' >b2.yaml
	"$ADJ" seal -k d/alice.key d/bob.pub body.yaml >m1
	"$ADJ" seal -k d/carol.key d/bob.pub d/alice.pub b2.yaml >m2
	{ cat m1; echo; echo "and the next one:"; cat m2; } >both
	expect 0 "$ADJ" open -k d/bob.key both
	{ cat body.yaml; echo ---; cat b2.yaml; } >want
	cmp -s out want || { cat out >&2; fail "bodies differ"; }
	[ "$(wc -l <err)" -eq 2 ] || fail "want two good-signature lines"
	err_has "message 1: good signature from alice"
	err_has "message 2: good signature from carol"
	# with -p, every message must be from that sender
	expect 1 "$ADJ" open -k d/bob.key -p d/alice.pub both
	one_line
	err_has "message 2: signed by carol"
	[ ! -s out ] || fail "output despite a refused message"
}

test_several_one_bad() {
	setup alice bob carol
	"$ADJ" seal -k d/alice.key d/bob.pub body.yaml >m1
	"$ADJ" seal -k d/alice.key d/carol.pub body.yaml >m2
	cat m1 m2 >both
	snapshot d
	expect 1 "$ADJ" open -k d/bob.key both
	one_line
	err_has "both: message 2: not addressed"
	[ ! -s out ] || fail "output despite a refused message"
	unchanged d
}

test_seal_usage() {
	setup alice bob
	snapshot d
	expect 2 "$ADJ" seal d/bob.pub body.yaml
	one_line
	err_has "usage: adjudicator seal -k KEY RECIPIENT.pub... \[FILE\]"
	expect 2 "$ADJ" seal -k d/alice.key
	one_line
	expect 2 "$ADJ" seal -k d/alice.key body.yaml
	one_line
	expect 2 "$ADJ" seal -q -k d/alice.key d/bob.pub body.yaml
	one_line
	expect 2 "$ADJ" open d/bob.pub
	one_line
	err_has "usage: adjudicator open"
	expect 2 "$ADJ" open -k d/bob.key a b
	one_line
	for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17; do
		set -- "$@" d/bob.pub
	done
	expect 2 "$ADJ" seal -k d/alice.key "$@" body.yaml
	one_line
	err_has "at most 16 recipients"
	unchanged d
}

test_missing_files() {
	setup alice bob
	snapshot d
	expect 4 "$ADJ" seal -k d/alice.key d/bob.pub nope.yaml
	one_line
	err_has "nope.yaml"
	expect 4 "$ADJ" open -k d/bob.key nope.msg
	one_line
	"$ADJ" seal -k d/alice.key d/bob.pub body.yaml >msg
	expect 4 "$ADJ" open -k d/nope.key msg
	one_line
	unchanged d
}
