# Armor through the ways mail mangles it, and strict base64 inside.

# mkmsg: d/ with alice and bob, and msg: alice's sealed body for bob
mkmsg() {
	mkdir -p d
	(cd d && keys alice bob)
	printf 'game: g\nseq: 1\nkind: turn\n' >body.yaml
	"$ADJ" seal -k d/alice.key d/bob.pub body.yaml >msg
}

# opens FILE as bob; the body must come out unchanged
opens() {
	expect 0 "$ADJ" open -k d/bob.key -p d/alice.pub "$1"
	cmp -s out body.yaml || { cat out >&2; fail "$1: body differs"; }
}

# refused STATUS FILE WORDS: open fails with one line and writes nothing
refused() {
	snapshot d
	expect "$1" "$ADJ" open -k d/bob.key "$2"
	one_line
	err_has "$3"
	[ ! -s out ] || fail "$2: output despite a refusal"
	unchanged d
}

crlf() {
	awk '{ printf "%s\r\n", $0 }'
}

test_crlf() {
	mkmsg
	crlf <msg >m2
	opens m2
}

test_quoted() {
	mkmsg
	{ echo "On Monday, alice wrote:"; sed 's/^/> /' msg; echo; echo ok; } >m2
	opens m2
}

test_quoted_nested() {
	mkmsg
	sed 's/^/>> /' msg >m2
	opens m2
	sed 's/^/> > /' msg >m3
	opens m3
	sed 's/^/>/' msg | crlf >m4
	opens m4
}

test_surrounding_text() {
	mkmsg
	{ printf 'Hi Bob,\n\nhere is my move:\n\n'; cat msg;
	  printf '\nCheers,\n-- \nAlice\n'; } >m2
	opens m2
}

test_blank_lines_inside() {
	mkmsg
	sed '2a\

' msg >m2
	opens m2
}

test_quoted_printable_mail() {
	mkmsg
	{
		printf 'From: alice@example.org\r\nTo: bob@example.org\r\n'
		printf 'Subject: move\r\nMIME-Version: 1.0\r\n'
		printf 'Content-Type: text/plain; charset=us-ascii\r\n'
		printf 'Content-Transfer-Encoding: quoted-printable\r\n\r\n'
		printf 'Hi Bob,=20here it is=3A\r\n\r\n'
		# '=' becomes =3D, and long lines get soft breaks
		sed 's/=/=3D/g' msg | awk '{
			while (length($0) > 30) {
				printf "%s=\r\n", substr($0, 1, 30)
				$0 = substr($0, 31)
			}
			printf "%s\r\n", $0
		}'
	} >mail
	grep -q '=3D' mail || fail "nothing to quote"
	opens mail
}

test_base64_mime_mail() {
	mkmsg
	{
		printf 'From: alice@example.org\nTo: bob@example.org\n'
		printf 'Subject: move\nMIME-Version: 1.0\n'
		printf 'Content-Type: multipart/mixed;\n boundary="=-b0und"\n\n'
		printf 'This is a multi-part message in MIME format.\n\n'
		printf -- '--=-b0und\nContent-Type: text/plain\n\nmy move\n\n'
		printf -- '--=-b0und\n'
		printf 'Content-Type: application/octet-stream; name=move.asc\n'
		printf 'Content-Disposition: attachment; filename=move.asc\n'
		printf 'Content-Transfer-Encoding: base64\n\n'
		base64 <msg
		printf -- '\n--=-b0und--\n\nepilogue\n'
	} >mail
	grep -q 'BEGIN ADJUDICATOR' mail && fail "armor in the clear"
	opens mail
	crlf <mail >mail2
	opens mail2
}

test_forwarded_mime_mail() {
	mkmsg
	{
		printf 'Subject: Fwd: move\nMIME-Version: 1.0\n'
		printf 'Content-Type: multipart/mixed; boundary=outer\n\n'
		printf -- '--outer\nContent-Type: text/plain\n\nsee below\n'
		printf -- '--outer\nContent-Type: message/rfc822\n\n'
		printf 'Subject: move\nMIME-Version: 1.0\n'
		printf 'Content-Type: text/plain\n'
		printf 'Content-Transfer-Encoding: base64\n\n'
		base64 <msg
		printf -- '--outer--\n'
	} >mail
	opens mail
}

test_several_in_one_input() {
	mkmsg
	printf 'seq: 2\n' >b2.yaml
	"$ADJ" seal -k d/alice.key d/bob.pub b2.yaml >msg2
	{ echo "two moves:"; cat msg; sed 's/^/> /' msg; cat msg2; } >both
	expect 0 "$ADJ" open -k d/bob.key both
	{ cat body.yaml; echo ---; cat b2.yaml; } >want
	cmp -s out want || { cat out >&2; fail "bodies differ"; }
}

test_no_armor() {
	mkmsg
	printf 'hello\n' >m2
	refused 3 m2 "m2: no ADJUDICATOR MESSAGE found"
	: >m3
	refused 3 m3 "no ADJUDICATOR MESSAGE found"
}

test_begin_without_end() {
	mkmsg
	sed '$d' msg >m2
	refused 3 m2 "m2:1: armor block has no END line"
	{ echo text; sed '$d' msg; cat msg; } >m3
	refused 3 m3 "unexpected text inside armor block"
}

test_stray_character() {
	mkmsg
	sed '3s/^\(....\)/\1*/' msg >m2
	refused 3 m2 "m2:3: unexpected text inside armor block"
	sed '3s/^\(....\)/\1A/' msg >m3
	refused 3 m3 "m3:1: armor block is not valid base64"
	sed '3s/^\(....\)/\1-/' msg >m4
	refused 3 m4 "unexpected text"
}

# Makes msg end in "==" (a body length that leaves one byte over).
padded_msg() {
	mkmsg
	pad=x
	while ! sed -n '$!{x;d;}; x; p' msg | grep -q '==$'; do
		pad=${pad}x
		[ ${#pad} -lt 5 ] || fail "no padded message"
		printf 'game: g\nseq: 1\npad: %s\n' $pad >body.yaml
		"$ADJ" seal -k d/alice.key d/bob.pub body.yaml >msg
	done
	opens msg
}

test_bad_padding() {
	padded_msg
	# the last base64 line is the one before END
	sed '$!{/==$/s/=$//;}' msg >m2
	refused 3 m2 "not valid base64"
	sed '$!{/==$/s/$/=/;}' msg >m3
	refused 3 m3 "not valid base64"
	sed '$!{/==$/s/==$/=A/;}' msg >m4
	refused 3 m4 "not valid base64"
	sed '$!{/==$/s/==$/AAAA/;}' msg >m5
	refused 3 m5 "not valid base64"
}

test_nonzero_trailing_bits() {
	padded_msg
	# the character before "==" carries 4 unused bits: A Q g w have none
	sed '$!{/==$/{s/A==$/B==/;s/Q==$/R==/;s/g==$/h==/;s/w==$/x==/;};}' \
	    msg >m2
	cmp -s msg m2 && fail "last character not changed"
	refused 3 m2 "not valid base64"
}

test_bad_base64_mime_part() {
	mkmsg
	{
		printf 'MIME-Version: 1.0\nContent-Type: text/plain\n'
		printf 'Content-Transfer-Encoding: base64\n\n'
		base64 <msg | sed '2s/^\(...\)/\1=/'
	} >mail
	refused 3 mail "MIME part is not valid base64"
}

# verify reads its archive as a stream: a huge line costs neither memory
# nor time.  Before the block it is surrounding text, skipped; inside, it
# is refused at once.
ARCHIVE="$TOP/formats/samples/incognito.archive"
BIG=$((40 * 1024 * 1024))

# bigline: one line of $BIG bytes, and its LF
bigline() {
	head -c "$BIG" /dev/zero | tr '\0' 'A'
	echo
}

test_verify_long_line_around_the_archive() {
	measure 0 "$ADJ" verify "$ARCHIVE"
	base=$kib
	{ bigline; cat "$ARCHIVE"; bigline; } >big.arc
	measure 0 "$ADJ" verify big.arc
	echo "verify: $base KiB; with two 40 MiB lines: $kib KiB, $ms ms" >&2
	[ "$kib" -lt $((base + 16384)) ] ||
	    fail "a 40 MiB line cost $((kib - base)) KiB"
	[ "$ms" -lt 2000 ] || fail "a 40 MiB line took $ms ms"
}

test_verify_long_line_inside_the_archive() {
	measure 0 "$ADJ" verify "$ARCHIVE"
	base=$kib
	{ sed -n 1,2p "$ARCHIVE"; bigline; sed 1,2d "$ARCHIVE"; } >big.arc
	measure 3 "$ADJ" verify big.arc
	one_line
	err_has "^adjudicator: big.arc:3: armor line too long$"
	[ "$kib" -lt $((base + 16384)) ] ||
	    fail "a 40 MiB line cost $((kib - base)) KiB"
	[ "$ms" -lt 2000 ] || fail "a 40 MiB line took $ms ms"
	# a line without its LF at the end of the input, too
	{ sed -n 1,2p "$ARCHIVE"; head -c "$BIG" /dev/zero | tr '\0' 'A'; } \
	    >cut.arc
	measure 3 "$ADJ" verify cut.arc
	one_line
	err_has "cut.arc:3: armor line too long"
}

# the longest line that is still text around the block, and a long
# quoted armor line (blanks and quoting are slack, within bounds)
test_verify_long_lines_within_bounds() {
	{ head -c 4000 /dev/zero | tr '\0' 'x'; echo; sed 's/^/> > > /' \
	    "$ARCHIVE"; } >q.arc
	expect 0 "$ADJ" verify q.arc
}

# A mail whose only text is an HTML part (webmail, phone clients): the
# armor's lines in <div>s, "+" and "/" as character references, the part
# quoted-printable with soft breaks.
test_html_only_mail() {
	mkmsg
	{
		printf 'From: alice@example.org\nTo: bob@example.org\n'
		printf 'Subject: move\nMIME-Version: 1.0\n'
		printf 'Content-Type: text/html; charset="UTF-8"\n'
		printf 'Content-Transfer-Encoding: quoted-printable\n\n'
		printf '<html><head><style>div { margin: 0 }</style></head>'
		printf '<body><div dir="ltr">Bob, my move:<br><br>'
		sed 's/+/\&#43;/g; s,/,\&#x2F;,g; s/^/<div>/; s,$,</div>,' msg
		printf '<div><br></div>-- <br>Alice</div></body></html>\n'
	} | sed '/^$/,$ s/=/=3D/g' | awk '{
		# soft breaks, never inside an =XX escape
		while (length($0) > 70) {
			n = 70
			while (substr($0, n - 1, 1) == "=" ||
			    substr($0, n, 1) == "=")
				n--
			printf "%s=\r\n", substr($0, 1, n)
			$0 = substr($0, n + 1)
		}
		printf "%s\r\n", $0
	}' >mail
	grep -q '^-----BEGIN' mail && fail "armor lines in the clear"
	opens mail
	# the same part labelled text/plain holds no armor a reader can find
	sed 's,text/html,text/plain,' mail >plain
	refused 3 plain "no ADJUDICATOR MESSAGE found"
}

# An archive's armor, read as a stream by verify and decoded by table:
# a stray character, data after padding, a group cut short and padding
# whose dropped bits are not zero are each refused with the line.
test_archive_armor_refused() {
	s=$TOP/formats/samples/incognito.archive
	n=$(wc -l <"$s")
	sed '3s/^\(....\)/\1*/' "$s" >a1
	sed '3s/^\(..\)../\1==/' "$s" >a2
	{ sed "$((n - 1))s/.\$//" "$s" | sed '$d'; sed -n '$p' "$s"; } >a3
	sed "$((n - 1))s/....\$/Bx==/" "$s" >a4
	for t in "a1:3: unexpected text inside armor block" \
	    "a2:4: data after base64 padding" \
	    "a3:$n: base64 ends in the middle of a group" \
	    "a4:$n: armor block is not valid base64"; do
		expect 3 "$ADJ" verify "${t%%:*}"
		one_line
		err_has "$t"
	done
	expect 0 "$ADJ" verify "$s"
}
