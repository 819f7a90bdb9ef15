# What the judge's mail bot reads of a mail that arrives (judge -r): its
# headers as the mail reader gives them (unfolded, encoded words decoded),
# HELP in the first text part, and the sender's address, answered only
# when it is one.

SM="$TOP/tests/cli/sendmail.sh"

# bot FILE [STATUS]: the judge's mail bot takes FILE (exit STATUS, 0)
bot() {
	SPOOL=$PWD/spool expect "${2:-0}" "$ADJ" judge -r jr -s "$SM" "$1"
}

nmail() {
	ls spool 2>/dev/null | grep -c '\.eml$' || true
}

# a judge's root with its key, no game
judge_root() {
	mkdir jr
	"$ADJ" keygen -N -d jr judge 2>/dev/null
}

test_help_encoded_subject_and_parts() {
	judge_root
	# the Subject in an encoded word, folded
	printf 'From: Carol <carol@example.org>\nSubject:\n =?UTF-8?B?SGVscA==?=\n\nx\n' \
	    >h1.eml
	bot h1.eml
	[ "$(nmail)" -eq 1 ] || fail "an encoded HELP subject not answered"
	# HELP in the first part of a multipart mail, as phones send it
	cat >h2.eml <<-'EOF'
	From: dave@example.org
	Subject: hi
	MIME-Version: 1.0
	Content-Type: multipart/alternative; boundary="xx"

	This is a multi-part message in MIME format.
	--xx
	Content-Type: text/plain; charset=utf-8
	Content-Transfer-Encoding: quoted-printable

	HEL=
	P
	--xx
	Content-Type: text/html

	<div>HELP</div>
	--xx--
	EOF
	bot h2.eml
	[ "$(nmail)" -eq 2 ] || fail "HELP in a multipart mail not answered"
	[ "$(cat spool/2.rcpt)" = dave@example.org ] || fail "to whom?"
	tail -1 jr/log | grep -q 'from=dave@example.org .*verdict=help' ||
	    fail "log: $(tail -1 jr/log)"
	# the preamble is no part: a mail saying HELP only there is no HELP
	sed 's/^This is a multi-part message in MIME format\.$/HELP/;
	    s/^HEL=$/hello/; /^P$/d; s/<div>HELP/<div>hi/' h2.eml >h3.eml
	bot h3.eml 3
	grep -q 'could not be read' spool/3.eml || fail "h3 answered as HELP"
}
