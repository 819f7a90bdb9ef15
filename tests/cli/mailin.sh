# What the judge's mail bot reads of a mail that arrives (judge -r): its
# headers as the mail reader gives them (unfolded, encoded words decoded),
# HELP in the first text part, and the sender's address, answered only
# when it is one.

. "$TOP/tests/cli/mailbot.sh"

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

# A part's Content-Transfer-Encoding is read without case: HELP in a
# part that says Base64, and in one that says QUOTED-PRINTABLE, is
# decoded and answered (undecoded, neither says HELP).
test_help_encoding_any_case() {
	judge_root
	k=0
	for cte in Base64:SEVMUA== QUOTED-PRINTABLE:'HEL=\nP'; do
		k=$((k + 1))
		{
			printf 'From: carol@example.org\nSubject: hi\n'
			printf 'MIME-Version: 1.0\n'
			printf 'Content-Type: multipart/mixed; boundary="b"\n'
			printf '\n--b\nContent-Type: text/plain\n'
			printf 'Content-Transfer-Encoding: %s\n' "${cte%%:*}"
			printf '\n%b\n--b--\n' "${cte#*:}"
		} >"e$k.eml"
		bot "e$k.eml"
		[ "$(nmail)" -eq "$k" ] || fail "${cte%%:*}: not answered"
		tail -1 jr/log | grep -q 'verdict=help' ||
		    fail "${cte%%:*}: log: $(tail -1 jr/log)"
	done
}

# An incoming mail's From (or Reply-To) that is not an address as a header
# takes one -- a CR, a LF (folded), a tab, a pipe, a group -- is never
# answered, and the log says why, escaped on its one line.
test_mailbot_from_refused() {
	judge_root
	k=0
	while IFS=' ' read -r from why; do
		k=$((k + 1))
		printf 'From: %b\nSubject: HELP\n\n' "$from" >f$k.eml
		bot f$k.eml
		[ "$(nmail)" -eq 0 ] || fail "$from: answered"
		err_has "f$k.eml: not answered: the sender's address is refused: From: "
		tail -1 jr/log | grep -qF -- "verdict=help sent=0 unanswerable=\"From: $why\"" ||
		    fail "log for $from: $(tail -1 jr/log)"
		one_line
	done <<-'LIST'
	<carol\r@example.org> carol\r@example.org (a carriage return in it)
	<carol@exa\n\tmple.org> carol@exa\tmple.org (a tab in it)
	<carol@exa\n\0040mple.org> carol@exa mple.org (a blank in it)
	Carol\0040<carol\t@example.org> carol\t@example.org (a tab in it)
	|cmd@example.org |cmd@example.org ('|' in the local part)
	g:bob@x; g:bob@x (':' in the local part)
	LIST
	[ "$k" -eq 6 ] || fail "$k mails"
	# a Reply-To refused: not answered at From either
	printf 'From: carol@example.org\nReply-To: <x\r@y.org>\nSubject: HELP\n\n' \
	    >rt.eml
	bot rt.eml
	[ "$(nmail)" -eq 0 ] || fail "answered at From"
	tail -1 jr/log | grep -qF 'unanswerable="Reply-To: x\r@y.org (a carriage return in it)"' ||
	    fail "log: $(tail -1 jr/log)"
	# the same mail from an address: answered, nothing more in the log
	printf 'From: Carol <carol@example.org>\nSubject: HELP\n\n' >ok.eml
	bot ok.eml
	[ "$(nmail)" -eq 1 ] || fail "not answered"
	tail -1 jr/log | grep -q 'from=carol@example.org .*verdict=help sent=1$' ||
	    fail "log: $(tail -1 jr/log)"
}
