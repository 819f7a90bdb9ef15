# key export and key import: a public key as a short armored block that
# mail clients do not wrap, read back out of a whole mail (quoted, CRLF,
# text around it); a damaged block, another key under the name and bad
# arguments refused with nothing changed.

# block_ok FILE: one ADJUDICATOR PUBLIC KEY block, no line over 64
block_ok() {
	[ "$(sed -n 1p "$1")" = "-----BEGIN ADJUDICATOR PUBLIC KEY-----" ] ||
	    fail "first line: $(sed -n 1p "$1")"
	[ "$(sed -n '$p' "$1")" = "-----END ADJUDICATOR PUBLIC KEY-----" ] ||
	    fail "last line: $(sed -n '$p' "$1")"
	[ "$(wc -l <"$1")" -le 5 ] || fail "not short: $(cat "$1")"
	sed '1d;$d' "$1" | grep -qv '^[A-Za-z0-9+/=]\{1,64\}$' &&
	    fail "a line of the block is not base64 of 64 at most: $(cat "$1")"
	true
}

# changed FILE N OUT: FILE with the 10th character of line N changed to
# another base64 character
changed() {
	awk -v n="$2" 'NR == n { c = substr($0, 10, 1)
		$0 = substr($0, 1, 9) (c == "A" ? "B" : "A") substr($0, 11) }
		{ print }' "$1" >"$3"
	cmp -s "$1" "$3" && fail "changed: nothing changed"
	true
}

test_round_trip_same_pub() {
	keys alice
	id=$(cut -d' ' -f3 alice.pub)
	expect 0 "$ADJ" key export alice.pub
	[ ! -s err ] || fail "export wrote to stderr: $(cat err)"
	cp out alice.asc
	block_ok alice.asc
	mkdir d
	expect 0 "$ADJ" key import -d d alice.asc
	one_line
	err_has "^alice: key id $id (d/alice.pub written)$"
	cmp alice.pub d/alice.pub || fail "not the same .pub"
	[ "$(ls -l d/alice.pub | cut -c1-10)" = "-rw-r--r--" ] ||
	    fail "mode: $(ls -l d/alice.pub)"
	# from stdin, into the current directory
	mkdir e
	(cd e && "$ADJ" key import <../alice.asc 2>../err) ||
	    fail "import from stdin"
	cmp alice.pub e/alice.pub || fail "not the same .pub from stdin"
	# the same key again: nothing written, said so
	snapshot d
	expect 0 "$ADJ" key import -d d - <alice.asc
	err_has "^alice: key id $id (already in d/alice.pub: nothing written)$"
	unchanged d
	# the key's round trip through a block keeps every key name
	keys bob_2-long-name-of-thirty-two-c
	expect 0 "$ADJ" key export bob_2-long-name-of-thirty-two-c.pub
	block_ok out
	cp out bob.asc
	expect 0 "$ADJ" key import -d d bob.asc
	cmp bob_2-long-name-of-thirty-two-c.pub \
	    d/bob_2-long-name-of-thirty-two-c.pub || fail "long name"
}

test_import_out_of_a_mail() {
	keys alice
	"$ADJ" key export alice.pub >alice.asc
	# a reply quoting a mail that quoted the block, CRLF, text around
	{
		printf 'From: Bob <bob@example.org>\r\n'
		printf 'To: carol@example.org\r\n'
		printf 'Subject: Re: a game of knights?\r\n\r\n'
		printf 'Yes! Her key, as she sent it:\r\n\r\n'
		printf '> On Monday alice wrote:\r\n> Here is my key, a long '
		printf 'line of text that some client will wrap anyway\r\n'
		sed 's/^/>> /; s/$/\r/' alice.asc
		printf '> Bye,\r\n> alice\r\n\r\n-- \r\nbob\r\n'
	} >reply.eml
	mkdir d
	expect 0 "$ADJ" key import -d d reply.eml
	cmp alice.pub d/alice.pub || fail "not the same .pub from a mail"
	# quoted-printable text of a MIME mail, the block in its text
	{
		printf 'From: alice@example.org\nMIME-Version: 1.0\n'
		printf 'Content-Type: text/plain; charset=utf-8\n'
		printf 'Content-Transfer-Encoding: quoted-printable\n\n'
		printf 'My key, caf=C3=A9:\n\n'
		sed 's/=/=3D/g' alice.asc
	} >qp.eml
	mkdir q
	expect 0 "$ADJ" key import -d q qp.eml
	cmp alice.pub q/alice.pub || fail "not the same .pub from q-p"
}

test_damaged_block_refused() {
	keys alice
	"$ADJ" key export alice.pub >alice.asc
	mkdir d
	snapshot d
	# one character changed, still base64: the checksum tells it
	for n in 2 3; do
		changed alice.asc "$n" bad.asc
		expect 3 "$ADJ" key import -d d bad.asc
		one_line
		err_has "^adjudicator: bad.asc:1: public key block damaged on the way (its checksum does not match); ask for it again$"
	done
	# in a mail, quoted: the line is the block's in the mail's text
	{ printf 'hello\n\n'; sed 's/^/> /' bad.asc; } >bad.eml
	expect 3 "$ADJ" key import -d d bad.eml
	err_has "^adjudicator: bad.eml:3: public key block damaged"
	# a character no base64 has, a line lost, the END line lost
	sed '2s/^\(.........\)./\1!/' alice.asc >bang.asc
	expect 3 "$ADJ" key import -d d bang.asc
	one_line
	err_has "^adjudicator: bang.asc:2: unexpected text inside armor block$"
	sed '3d' alice.asc >short.asc
	expect 3 "$ADJ" key import -d d short.asc
	one_line
	err_has "^adjudicator: short.asc:1: "
	sed '$d' alice.asc >noend.asc
	expect 3 "$ADJ" key import -d d noend.asc
	err_has "^adjudicator: noend.asc:1: armor block has no END line$"
	# no block at all; a message's block is not a key's
	echo "hello" >none.txt
	expect 3 "$ADJ" key import -d d none.txt
	err_has "^adjudicator: none.txt: no ADJUDICATOR PUBLIC KEY found$"
	sed 's/PUBLIC KEY/MESSAGE/' alice.asc >msg.asc
	expect 3 "$ADJ" key import -d d msg.asc
	err_has "no ADJUDICATOR PUBLIC KEY found"
	# two different keys in one input: one at a time
	keys bob
	{ cat alice.asc; echo; "$ADJ" key export bob.pub; } >two.asc
	expect 3 "$ADJ" key import -d d two.asc
	one_line
	err_has "^adjudicator: two.asc:6: 2 different public key blocks"
	# the same block quoted twice is one
	cat alice.asc alice.asc >twice.asc
	unchanged d
	expect 0 "$ADJ" key import -d d twice.asc
	cmp alice.pub d/alice.pub || fail "twice"
}

test_another_key_not_replaced() {
	keys alice
	"$ADJ" key export alice.pub >alice.asc
	id=$(cut -d' ' -f3 alice.pub)
	mkdir other d
	"$ADJ" keygen -N -d other alice 2>/dev/null
	old=$(cut -d' ' -f3 other/alice.pub)
	cp other/alice.pub d/alice.pub
	snapshot d
	expect 1 "$ADJ" key import -d d alice.asc
	one_line
	err_has "^adjudicator: d/alice.pub: holds another key, alice's $old; not replaced by alice's key $id (-f replaces it)$"
	unchanged d
	# what is not a key file is not replaced either
	echo "my notes" >d/alice.pub
	snapshot d
	expect 1 "$ADJ" key import -d d alice.asc
	err_has "d/alice.pub: holds what is not a public key file; not replaced"
	unchanged d
	# -f replaces, and says what it replaced
	cp other/alice.pub d/alice.pub
	expect 0 "$ADJ" key import -f -d d alice.asc
	one_line
	err_has "^alice: key id $id (d/alice.pub replaced: it held another key, alice's $old)$"
	cmp alice.pub d/alice.pub || fail "-f did not replace"
}

test_export_refuses_bad_pub() {
	keys alice
	cut -c1-60 alice.pub >cut.pub
	expect 3 "$ADJ" key export cut.pub
	one_line
	err_has "^adjudicator: cut.pub: "
	[ ! -s out ] || fail "export printed something"
	expect 1 "$ADJ" key export .
	err_has "not a regular file"
	expect 4 "$ADJ" key export missing.pub
	one_line
}

test_key_usage_errors() {
	keys alice
	"$ADJ" key export alice.pub >alice.asc
	mkdir d
	snapshot d
	expect 2 "$ADJ" key
	one_line
	err_has "^adjudicator: key: export or import is missing (usage: adjudicator key export KEY.pub; or: adjudicator key import \[-f\] \[-d DIR\] \[FILE\])$"
	expect 2 "$ADJ" key frob
	err_has 'key: "frob": neither export nor import'
	expect 2 "$ADJ" key export
	err_has "key: KEY.pub is missing"
	expect 2 "$ADJ" key export alice.pub alice.pub
	err_has 'key: "alice.pub": one operand too many'
	expect 2 "$ADJ" key export -d d alice.pub
	err_has "key: unknown option -d"
	expect 2 "$ADJ" key import -d d alice.asc alice.asc
	err_has 'key: "alice.asc": one operand too many'
	expect 2 "$ADJ" key import -x alice.asc
	one_line
	err_has "key: unknown option -x"
	expect 2 "$ADJ" key import -d
	err_has "key: option -d needs a value"
	expect 2 "$ADJ" key -@
	err_has "key: unknown option -@"
	expect 2 "$ADJ" key import -d nodir alice.asc
	one_line
	err_has "^adjudicator: nodir: no such directory$"
	[ ! -e nodir ] || fail "nodir made"
	unchanged d
	[ ! -e alice.pub.tmp ] && [ "$(ls d)" = "" ] || fail "d: $(ls d)"
}
