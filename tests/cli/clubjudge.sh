# A club's judge (judge -r ROOT with ROOT/judge.yaml): who may start
# games (the allow-list, the cap on invitations a day, counted in
# ROOT/judge.recent under the root's lock), a refused invitation answered
# once, a mail for a person passed on to the operator once (never an
# automatic mail, never a secret in clear), LIST; through the stand-in
# sendmail (tests/cli/sendmail.sh, helpers in lib.sh).

T0=1796083200		# 2026-12-01T00:00:00Z, the test clock
DAY=86400

# settings TEXT: ROOT/judge.yaml of the judge's root jr
settings() {
	printf '%s\n' "$1" >jr/judge.yaml
}

# keyid NAME: the key id of NAME.pub
keyid() {
	awk '{ print $3 }' "$1.pub"
}

# invitation FILE CREATOR FROM BOBADDRESS: a judged invitation of
# CREATOR (alice or bob, with the other) mailed from FROM ("" for no
# From) with bob's address BOBADDRESS; a new game each time (new's nonce)
invitation() {
	case $2 in
	alice) seats="alice.pub bob.pub" ;;
	*) seats="bob.pub alice.pub" ;;
	esac
	"$ADJ" new -k "$2.key" -m judge -j jr/judge.pub \
	    -a alice=alice@example.org -a "bob=$4" \
	    -a judge=judge@club.example incognito $seats >"$1.msg" ||
	    fail "new"
	{
		[ -z "$3" ] || printf 'From: %s\n' "$3"
		printf 'Subject: a game\nMessage-ID: <%s@example.org>\n\n' "$1"
		cat "$1.msg"
	} >"$1"
}

# at TIME STATUS FILE: the bot takes FILE at the test clock's TIME
at() {
	ADJUDICATOR_NOW=$1 SPOOL=$PWD/spool expect "$2" "$ADJ" judge -r jr \
	    -s "$SM" "$3"
}

# games: how many games the judge has filed
games() {
	ls jr | grep -c '^[0-9a-f]\{64\}$' || true
}

# verdict: the verdict of the log's last line
verdict() {
	tail -1 jr/log | sed 's/.* verdict=\([^ ]*\) .*/\1/'
}

# --- the settings --------------------------------------------------------

# Every mistake in judge.yaml: exit 2 (the mail waits, procmail keeps it),
# one line naming the file and the line, no mail, nothing filed.
test_club_settings_refused() {
	mstart
	invitation i1.eml bob bob@example.org bob@example.org
	n=$(games)
	while IFS='|' read -r text line what; do
		printf '%b\n' "$text" >jr/judge.yaml
		snapshot jr
		at $T0 2 i1.eml
		one_line
		err_has "^adjudicator: jr/judge.yaml:$line:[0-9]*: .*$what" 
		[ "$(nmail)" -eq 0 ] || fail "mail for a wrong judge.yaml"
		[ "$(games)" -eq "$n" ] || fail "filed with \"$text\""
		[ "$(verdict)" = retry ] || fail "log: $(tail -1 jr/log)"
		sed -i '$d' jr/log
		unchanged jr
	done <<'EOF'
operators: ops@club.example|1|unknown key "operators"
operator: ops@club.example\noperator: x@y.z|2|duplicate
operator: ops@@club.example|1|operator: not a mail address
operator: "ops@club.example\\tBcc: eve@example.net"|1|operator: not a mail address (a tab in it)
allow:\n  keys: [dd4313f22030108]|2|neither a key id
allow:\n  keys: dd4313f220301088|2|allow: keys must be a list
allow:\n  domains: [club..example]|2|not a mail domain
allow:\n  domains: [ops@club.example]|2|not a mail domain
allow:\n  people: [alice]|2|unknown key "people"
invitations: 0|1|invitations: a number from 1
invitations: 007|1|invitations: a number from 1
invitations: many|1|invitations: a number from 1
invitations: [3]|1|invitations must be a string
operator: [|2|
operator: ops@club.example\n# \0|2|NUL byte in document
EOF
	# the same mail with the file mended is taken
	rm jr/judge.yaml
	at $T0 0 i1.eml
	[ "$(games)" -eq $((n + 1)) ] || fail "not filed once mended"
}

# The sample of formats/samples is what the bot takes, keys as ids or as
# whole .pub lines, domains in any case
test_club_settings_sample() {
	mstart
	cp "$TOP/formats/samples/judge.yaml" jr/judge.yaml
	printf 'From: carol@example.org\nSubject: help\n\n' >h.eml
	at $T0 0 h.eml
	grep -q 'only from the keys on its list,' spool/1.eml ||
	    fail "HELP: no allow-list"
	grep -q "every seat's address is at: club.example\.$" spool/1.eml ||
	    fail "HELP: the domains"
	grep -q 'at most 5 invitations in 24 hours' spool/1.eml ||
	    fail "HELP: the cap"
	grep -q 'goes to a person, its operator' spool/1.eml ||
	    fail "HELP: the operator"
	# a .pub line stands for its key id
	settings "allow:
  keys:
  - $(cat bob.pub)
  domains: [CLUB.Example]"
	invitation i1.eml bob bob@example.org bob@example.org
	at $T0 0 i1.eml
	[ "$(verdict)" = joined ] || fail "bob's .pub line: $(verdict)"
}

# --- who may start games ---------------------------------------------------

# Keys: alice's is listed, bob's is not; bob is answered once with the
# reason, and the same invitation again is refused without an answer
test_club_allow_keys() {
	mstart
	settings "allow:
  keys: [$(keyid alice)]"
	invitation i1.eml bob bob@example.org bob@example.org
	n=$(games)
	at $T0 1 i1.eml
	err_has "key $(keyid bob) is not one of them"
	[ "$(games)" -eq "$n" ] || fail "bob's game filed"
	[ "$(nmail)" -eq 1 ] || fail "$(nmail) answers"
	[ "$(cat spool/1.rcpt)" = bob@example.org ] || fail "answered whom?"
	header_of spool/1.eml Subject |
	    grep -qx '\[adjudicator\] your invitation was refused' ||
	    fail "Subject: $(header_of spool/1.eml Subject)"
	header_of spool/1.eml In-Reply-To | grep -qx '<i1.eml@example.org>' ||
	    fail "not an answer"
	tr '\n' ' ' <spool/1.eml | grep -q "only from the keys on its list, and key $(keyid bob) is not one of them" ||
	    fail "no reason"
	[ "$(verdict)" = refused,answered ] || fail "log: $(verdict)"
	# again: refused, not answered
	at $((T0 + 60)) 1 i1.eml
	err_has "answered before; not answered again"
	[ "$(nmail)" -eq 1 ] || fail "answered twice"
	[ "$(verdict)" = refused,quiet ] || fail "log: $(verdict)"
	# alice's, from the same address even: joined
	invitation i2.eml alice bob@example.org bob@example.org
	at $((T0 + 120)) 0 i2.eml
	[ "$(games)" -eq $((n + 1)) ] || fail "alice's game not filed"
	[ "$(verdict)" = joined ] || fail "log: $(verdict)"
}

# Domains: every seat's address at a listed domain; a sender refused is
# told once a day, whatever invitation it sends
test_club_allow_domains() {
	mstart
	settings 'allow:
  domains: [example.org]'
	invitation i1.eml bob bob@example.net bob@example.net
	at $T0 1 i1.eml
	err_has "every seat's address is at one of its domains, and bob's is at example.net"
	[ "$(nmail)" -eq 1 ] || fail "not answered"
	# another invitation from the same address the same day: quiet
	invitation i2.eml bob bob@example.net bob@example.net
	at $((T0 + 3600)) 1 i2.eml
	[ "$(nmail)" -eq 1 ] || fail "told twice in a day"
	[ "$(verdict)" = refused,quiet ] || fail "log: $(verdict)"
	# a day later it is told again
	at $((T0 + DAY + 1)) 1 i2.eml
	[ "$(nmail)" -eq 2 ] || fail "not told the next day"
	# every seat at example.org: joined, by any key
	n=$(games)
	invitation i3.eml bob bob@example.net bob@example.org
	at $((T0 + DAY + 2)) 0 i3.eml
	[ "$(games)" -eq $((n + 1)) ] || fail "not filed"
	# a listed key and a domain both set: either one is enough
	settings "allow:
  keys: [$(keyid alice)]
  domains: [example.org]"
	invitation i4.eml alice alice@example.org bob@example.net
	at $((T0 + DAY + 3)) 0 i4.eml
	[ "$(games)" -eq $((n + 2)) ] || fail "alice's key not enough"
}

# Domains, every seat's and in any case: alice's invitation (her seat
# first, bob's last) with bob at another domain is refused, naming his;
# Example.ORG in judge.yaml takes bob@EXAMPLE.org and alice@example.org
test_club_allow_domains_each_seat_any_case() {
	mstart
	settings 'allow:
  domains: [Example.ORG]'
	n=$(games)
	invitation i1.eml alice alice@example.org bob@example.net
	at $T0 1 i1.eml
	err_has "every seat's address is at one of its domains, and bob's is"
	err_has "and bob's is at example.net"
	[ "$(games)" -eq "$n" ] || fail "a game with bob at example.net filed"
	invitation i2.eml alice alice@example.org bob@EXAMPLE.org
	at $((T0 + 1)) 0 i2.eml
	[ "$(verdict)" = joined ] || fail "log: $(verdict)"
	[ "$(games)" -eq $((n + 1)) ] || fail "not filed"
}

# An allow-list that lists nothing: no new game at all
test_club_closed() {
	mstart
	settings 'allow:'
	invitation i1.eml alice alice@example.org bob@example.org
	at $T0 1 i1.eml
	err_has "this judge takes no new games"
	grep -q 'this judge takes no new games' spool/1.eml || fail "answer"
	# a game filed before still is: its invitation again is a duplicate
	at $T0 0 invite.msg
	err_has "already joined"
}

# The cap: N invitations a day from one key, and from one address; the
# one over it is refused once with the time the next is taken, then
# quietly; a duplicate of a game filed never counts nor is refused
test_club_cap() {
	mstart
	settings 'invitations: 2'
	invitation i1.eml alice alice@example.org bob@example.org
	invitation i2.eml alice alice@example.org bob@example.org
	invitation i3.eml alice alice@example.org bob@example.org
	invitation i4.eml alice alice@example.org bob@example.org
	at $T0 0 i1.eml
	at $((T0 + 10)) 0 i2.eml
	n=$(games)
	at $((T0 + 20)) 1 i3.eml
	err_has "at most 2 invitations in 24 hours from one sender, and key $(keyid alice) has sent 2; the next is taken from 2026-12-02T00:00:00Z"
	[ "$(games)" -eq "$n" ] || fail "filed over the cap"
	# i1 and i2 were told filed, then the refusal
	[ "$(nmail)" -eq 3 ] || fail "not answered"
	tr '\n' ' ' <spool/3.eml | grep -q 'the next is taken from' ||
	    fail "answer"
	at $((T0 + 30)) 1 i4.eml
	[ "$(nmail)" -eq 3 ] || fail "the cap told twice"
	[ "$(verdict)" = refused,quiet ] || fail "log: $(verdict)"
	# a duplicate is no new invitation
	at $((T0 + 40)) 0 i1.eml
	err_has "already joined"
	# another key from the same address: the address is capped too
	invitation i5.eml bob alice@example.org bob@example.org
	at $((T0 + 50)) 1 i5.eml
	err_has "address alice@example.org has sent 2"
	# bob's key from his own address: his own count
	invitation i6.eml bob bob@example.org bob@example.org
	at $((T0 + 60)) 0 i6.eml
	# once the first is a day old, one more is taken
	at $((T0 + DAY)) 0 i3.eml
	[ "$(games)" -eq $((n + 2)) ] || fail "not taken a day later"
	grep -c 'verdict: joined' jr/judge.recent | grep -qx 3 ||
	    { cat jr/judge.recent >&2; fail "the record"; }
}

# With no judge.yaml the cap is 20 a day; "off" lifts it
test_club_cap_default() {
	mstart
	i=1
	while [ $i -le 21 ]; do
		invitation i$i.eml alice "" bob@example.org
		at $((T0 + i)) $([ $i -le 20 ] && echo 0 || echo 1) i$i.eml
		i=$((i + 1))
	done
	err_has "at most 20 invitations"
	settings 'invitations: off'
	at $((T0 + 30)) 0 i21.eml
	[ "$(verdict)" = joined ] || fail "off: $(verdict)"
}

# Two deliveries at once count one after the other: the root's lock is
# taken before the record is read, and let go after it is written; six
# invitations at once under a cap of three file three games
test_club_cap_locked() {
	need strace
	mstart
	settings 'invitations: 3'
	invitation i1.eml alice alice@example.org bob@example.org
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
	    ADJUDICATOR_NOW=$T0 SPOOL=$PWD/spool strace -f -o trace \
	    -e trace=openat,flock,rename,close "$ADJ" judge -r jr -s "$SM" \
	    i1.eml 2>err || fail "judge -r"
	awk '/"jr\/lock"/ && /openat/ { s = 1 } s == 1 && /flock\(.*LOCK_EX/ { s = 2 }
	    s == 2 && /judge\.recent"/ && /openat/ { s = 3 }
	    s == 3 && /rename\(.*judge\.recent"/ { s = 4 }
	    END { exit s != 4 }' trace ||
	    { grep 'lock\|recent' trace >&2; fail "not done under the lock"; }
	n=$(games)
	for i in 2 3 4 5 6 7; do
		invitation i$i.eml alice alice@example.org bob@example.org
	done
	for i in 2 3 4 5 6 7; do
		( set +e; ADJUDICATOR_NOW=$((T0 + i)) SPOOL=$PWD/spool "$ADJ" judge \
		    -r jr -s "$SM" i$i.eml 2>err.$i; echo $? >rc.$i ) &
	done
	wait
	[ "$(games)" -eq $((n + 2)) ] || fail "$(($(games) - n)) filed, not 2"
	[ "$(cat rc.* | grep -c '^0$')" -eq 2 ] || fail "not two joined"
	[ "$(cat rc.* | grep -c '^1$')" -eq 4 ] ||
	    { cat rc.* err.* >&2; fail "not four refused"; }
	# each game filed is told to its creator once, the cap once
	refusals=$(grep -l '^Subject: .*your invitation was refused' \
	    spool/*.eml | wc -l)
	[ "$refusals" -eq 1 ] || fail "the cap told $refusals times"
	[ "$(grep -l '^Subject: .* filed: alice to begin' spool/*.eml |
	    wc -l)" -eq 3 ] || fail "not three filed told"
}

# --- mail for a person -----------------------------------------------------

# mail_to ADDRESS: the last mail to ADDRESS
mail_to() {
	for f in spool/*.eml; do
		[ "$(cat "${f%.eml}.rcpt")" = "$1" ] && echo "$f"
	done | tail -1
}

# A question in words: answered with the reason, and passed on to the
# operator with the judge's note, the sender as its Reply-To; the same
# mail again (the same Message-ID) is answered but not passed on again
test_club_forward() {
	mstart
	settings 'operator: ops@club.example'
	{
		printf 'From: Carol <carol@example.org>\nSubject: my deadline?\n'
		printf 'Message-ID: <q1@example.org>\n\nHello judge,\n'
		printf 'when is my deadline in game 9e7c?\n'
	} >q.eml
	# a question in words: taken, passed on, its sender told so
	at $T0 0 q.eml
	[ "$(nmail)" -eq 2 ] || fail "$(nmail) mails, want 2"
	op=$(mail_to ops@club.example)
	[ -n "$op" ] || fail "nothing to the operator"
	header_of "$op" Reply-To | grep -qx carol@example.org || fail "Reply-To"
	header_of "$op" In-Reply-To | grep -qx '<q1@example.org>' ||
	    fail "In-Reply-To"
	header_of "$op" Auto-Submitted | grep -qx auto-generated ||
	    fail "not marked automatic"
	header_of "$op" Subject |
	    grep -qx '\[adjudicator\] for the operator: my deadline?' ||
	    fail "Subject: $(header_of "$op" Subject)"
	grep -q '^command: q.eml: no ADJUDICATOR MESSAGE found\.$' "$op" ||
	    fail "no note"
	grep -q '^when is my deadline in game 9e7c?$' "$op" || fail "no text"
	grep -q '^Subject: my deadline' "$op" && fail "the mail's headers"
	ans=$(mail_to carol@example.org)
	header_of "$ans" Subject |
	    grep -qx '\[adjudicator\] your mail went to a person' ||
	    fail "the answer's Subject: $(header_of "$ans" Subject)"
	grep -q 'passed on to a person, the judge.s operator' "$ans" ||
	    fail "the sender is not told"
	grep -q 'could not be read' "$ans" && fail "told it could not be read"
	[ "$(verdict)" = forwarded,answered ] || fail "log: $(verdict)"
	grep -q 'mail: [0-9a-f]\{64\}$' jr/judge.recent || fail "not recorded"
	at $((T0 + 60)) 0 q.eml
	err_has "passed on to the operator before; not again"
	# nor is carol answered the same twice in a day
	err_has "not answered: carol@example.org was answered the same (forwarded) in the last day"
	[ "$(nmail)" -eq 2 ] || fail "$(nmail) mails, want 2"
	[ "$(verdict)" = forwarded,quiet ] || fail "log: $(verdict)"
	# the operator's own mail is not passed back to it
	printf 'From: ops@club.example\nSubject: test\n\nhi\n' >o.eml
	at $((T0 + 120)) 3 o.eml
	[ "$(verdict)" = malformed,answered ] || fail "log: $(verdict)"
	# nor anything without an operator
	rm jr/judge.yaml
	printf 'From: dave@example.org\nSubject: hi\n\nhi\n' >d.eml
	at $((T0 + 180)) 3 d.eml
	[ "$(grep -l '^Subject: \[adjudicator\] for the operator' \
	    spool/*.eml | wc -l)" -eq 1 ] || fail "passed on again"
	grep -q 'passed on' "$(mail_to dave@example.org)" &&
	    fail "dave is told of a person"
	true
}

# No robot's mail is passed on, nor answered: a bounce, a list's, an
# auto-reply, and the judge's own forward come back (the operator's
# address routed to the judge itself): no loop
test_club_forward_never_automatic() {
	mstart
	settings 'operator: judge@club.example'
	printf 'From: carol@example.org\nSubject: hi\n\nhi there\n' >q.eml
	at $T0 0 q.eml
	[ "$(nmail)" -eq 2 ] || fail "$(nmail) mails"
	fwd=$(mail_to judge@club.example)
	i=0
	for m in "$fwd" b1 b2 b3; do
		i=$((i + 1))
		case $m in
		b1) printf 'From: MAILER-DAEMON@example.org\nReturn-Path: <>\nSubject: Undelivered\n\nno such user\n' >m$i.eml ;;
		b2) printf 'From: list@example.org\nList-Id: <games.example.org>\nSubject: digest\n\nnews\n' >m$i.eml ;;
		b3) printf 'From: bob@example.org\nAuto-Submitted: auto-replied\nSubject: away\n\nI am away\n' >m$i.eml ;;
		*) cp "$m" m$i.eml ;;
		esac
		at $((T0 + i)) 3 m$i.eml
		[ "$(nmail)" -eq 2 ] || fail "mail $i ($m) got a mail"
		[ "$(verdict)" = malformed ] || fail "log $i: $(verdict)"
	done
}

# A seat's secret mailed in clear is passed on to nobody: its secret key,
# what open prints of its setup (the nonces), its own view (show, show -f
# yaml), its game directory's journal as an attachment.  The operator
# gets the note alone, the sender is told why; a reply that quotes the
# judge's summary (public) and asks in words is passed on, text only.
test_club_forward_withholds_secrets() {
	mstart
	settings 'operator: ops@club.example'
	mplay AR a1.eml setup d2
	"$ADJ" open -k jr/judge.key a1.eml >opened 2>/dev/null
	grep -h 'nonce:' opened | awk '{ print $2 }' >nonces
	[ -s nonces ] || fail "no nonce"
	"$ADJ" show -d "AR/$G" >view.txt
	"$ADJ" show -d "AR/$G" -f yaml >view.yaml
	grep -q ' Ws ' view.txt || fail "alice's view lacks her spy"
	n=0
	for what in key opened view.txt view.yaml journal; do
		n=$((n + 1))
		{
			printf 'From: alice@example.org\nSubject: is this right?\n'
			printf 'Message-ID: <s%d@example.org>\n' $n
			printf 'MIME-Version: 1.0\n'
			printf 'Content-Type: multipart/mixed; boundary=XX\n\n'
			printf -- '--XX\nContent-Type: text/plain\n\n'
			printf 'Dear judge, is this right?\n'
			case $what in
			key) cat alice.key ;;
			opened|view.*) sed 's/^/> /' "$what" ;;
			esac
			printf -- '--XX\nContent-Type: application/octet-stream\n'
			printf 'Content-Transfer-Encoding: base64\n\n'
			case $what in
			journal) base64 "AR/$G/journal" ;;
			*) printf 'a picture' | base64 ;;
			esac
			printf -- '--XX--\n'
		} >s$n.eml
		m=$(nmail)
		# a day apart: alice is answered each time
		at $((T0 + n * DAY)) 3 s$n.eml
		[ "$(nmail)" -eq $((m + 2)) ] || fail "$what: $(nmail) mails"
		op=spool/$((m + 1)).eml
		grep -q '^To: ops@club.example' "$op" || fail "$what: not first"
		grep -q '^Its text is not passed on: it holds' "$op" ||
		    fail "$what: passed on"
		grep -q 'Dear judge' "$op" && fail "$what: its text passed on"
		grep -qFf nonces "$op" && fail "$what: a nonce"
		grep -q 'SECRET KEY\| Ws ' "$op" && fail "$what: a secret"
		tr '\n' ' ' <spool/$((m + 2)).eml |
		    grep -q 'It holds .* in clear: it has been passed on to nobody' ||
		    fail "$what: the sender is not told"
		[ "$(verdict)" = malformed,answered,withheld ] ||
		    fail "$what: log $(verdict)"
	done
	# a reply quoting the judge's update asks in words: passed on,
	# without the attachment; the summary above the update is public
	upd=$(grep -l '^-----BEGIN ADJ' $(grep -l '^To: alice@example.org' \
	    spool/*.eml) | head -1)
	{
		printf 'From: alice@example.org\nSubject: Re: entry 1\n'
		printf 'MIME-Version: 1.0\n'
		printf 'Content-Type: multipart/mixed; boundary=XX\n\n'
		printf -- '--XX\nContent-Type: text/plain\n\n'
		printf 'Why is my spy not shown?\n\n'
		sed '1,/^$/d' "$upd" | sed 's/^/> /'
		printf -- '--XX\nContent-Type: image/png\n'
		printf 'Content-Transfer-Encoding: base64\n\n'
		printf 'PNGPNGPNG-ATTACHED' | base64
		printf -- '--XX--\n'
	} >r.eml
	m=$(nmail)
	at $((T0 + 10 * DAY)) 1 r.eml
	op=spool/$((m + 1)).eml
	grep -q '^To: ops@club.example' "$op" || fail "the reply: not passed on"
	grep -q '^Why is my spy not shown?$' "$op" || fail "the reply's text"
	grep -q 'never its attachments (it has some)' "$op" ||
	    fail "the attachment not said"
	grep -q 'PNGPNG' "$op" && fail "the attachment passed on"
	grep -q 'UE5HUE5H' "$op" && fail "the attachment passed on"
	tr '\n' ' ' <"$op" | grep -q 'could not be routed\|not addressed to key' ||
	    fail "no note"
	[ "$(verdict)" = refused,answered,forwarded ] || fail "log: $(verdict)"
}

# What is not passed on: a game message the judge took (refused with its
# note inside the update), an invitation refused (its sender answered);
# a mail too large is told to the operator without its text
test_club_forward_only_what_is_not_taken() {
	mstart
	settings 'operator: ops@club.example
allow:
  keys: [dd4313f220301088]'
	mplay AR a1.eml setup d2
	# alice's setup again for entry 1 from another copy: a fork, its
	# refusal travels to her in an update
	n=$(nmail)
	"$ADJ" new -k bob.key -m judge -j jr/judge.pub \
	    -a alice=alice@example.org -a bob=bob@example.org \
	    -a judge=judge@club.example incognito bob.pub alice.pub >i.msg
	{ printf 'From: bob@example.org\n\n'; cat i.msg; } >i.eml
	at $T0 1 i.eml
	[ "$(nmail)" -eq $((n + 1)) ] || fail "the refused invitation"
	grep -q '^To: ops@' spool/*.eml && fail "an invitation passed on"
	{
		printf 'From: carol@example.org\nSubject: big\n'
		printf 'Message-ID: <big@example.org>\n\n'
		head -c 17000000 /dev/zero | tr '\0' 'x' | fold -w 70
	} >big.eml
	at $((T0 + 1)) 3 big.eml
	op=$(mail_to ops@club.example)
	grep -q 'larger than 16 MiB' "$op" || fail "the big mail not told"
	[ "$(wc -c <"$op")" -lt 4000 ] || fail "the big mail passed on"
	[ "$(verdict)" = malformed,answered,withheld ] || fail "log: $(verdict)"
	true
}

# --- LIST ----------------------------------------------------------------

# LIST: every game of the judge, late first, then under way, then over,
# with no copy's own marks, no address and no hidden value
test_club_list() {
	mstart
	G1=$G
	mplay AR a1.eml setup d2
	mplay BR b1.eml setup b4
	mplay AR a2.eml turn e3-c3
	mplay BR b2.eml turn b4-b3
	mplay AR a3.eml turn 'c3?b3'
	"$ADJ" new -k bob.key -m judge -j jr/judge.pub \
	    -a alice=alice@example.org -a bob=bob@example.org \
	    -a judge=judge@club.example incognito bob.pub alice.pub >inv2.msg
	bot inv2.msg
	G2=$(ls jr | grep '^[0-9a-f]\{64\}$' | grep -v "$G1")
	"$ADJ" open -k jr/judge.key a1.eml b1.eml 2>/dev/null |
	    awk '$1 == "nonce:" { print $2 }' >nonces
	n=$(nmail)
	printf 'From: carol@example.org\nSubject: Re: list\n\n' >l.eml
	bot l.eml
	[ "$(nmail)" -eq $((n + 1)) ] || fail "no answer"
	m=spool/$((n + 1)).eml
	header_of "$m" Subject | grep -qx '\[adjudicator\] list' || fail "Subject"
	grep -q '^The games of this adjudicator judge: 2 games' "$m" ||
	    fail "the count"
	sed '1,/^$/d' "$m" | grep '^[0-9a-f]\{16\}  ' >lines
	head -1 lines | grep -q "^$(echo $G2 | cut -c1-16)  incognito .* bob alice (judge)  *bob's setup  *entry 0: game created by bob$" ||
	    { cat lines >&2; fail "the game under way is not first"; }
	tail -1 lines | grep -q "^$(echo $G1 | cut -c1-16)  incognito .* alice bob (judge)  *over  *entry 7: .*; result: alice won" ||
	    { cat lines >&2; fail "the game over is not last"; }
	grep -q '\*\|your\|@' lines && fail "a copy's mark or an address"
	grep -qFf nonces "$m" && fail "a nonce"
	[ "$(verdict)" = list ] || fail "log: $(verdict)"
	# the first line of the body says LIST as well
	printf 'From: carol@example.org\nSubject: hello\n\n  list\nplease\n' \
	    >l2.eml
	bot l2.eml
	[ "$(nmail)" -eq $((n + 2)) ] || fail "LIST in the body"
	# a game that cannot be read is left out, its reason untold
	echo junk >"jr/$G2/journal"
	printf 'From: carol@example.org\nSubject: LIST\n\n' >l3.eml
	bot l3.eml
	grep -q "$(echo $G2 | cut -c1-16)\|jr/" "spool/$((n + 3)).eml" &&
	    fail "the damaged game said"
	true
}

# A mail the bot cannot take is answered once a day to one address for
# one kind of answer: six mails of a vacation responder (no
# Auto-Submitted) get one answer, the rest are said in the log; a day
# later it is answered again; another kind (a message for a game the
# judge does not know) is answered apart.
test_club_answers_once_a_day() {
	mstart
	i=1
	while [ $i -le 6 ]; do
		printf 'From: away@example.org\nSubject: Re: [adjudicator] entry %d\nMessage-ID: <v%d@example.org>\n\nI am away until Monday.\n' \
		    $i $i >v$i.eml
		at $((T0 + i * 60)) 3 v$i.eml
		i=$((i + 1))
	done
	[ "$(nmail)" -eq 1 ] || fail "$(nmail) answers to the responder"
	[ "$(grep -c 'verdict=malformed,quiet' jr/log)" -eq 5 ] ||
	    fail "log: $(cat jr/log)"
	err_has "v6.eml: not answered: away@example.org was answered the same (unread) in the last day"
	grep -c 'to: [0-9a-f]\{64\}$' jr/judge.recent | grep -qx 1 ||
	    fail "the answer not recorded: $(cat jr/judge.recent)"
	grep -q 'away@' jr/judge.recent && fail "an address in clear"
	# a day later: answered again
	at $((T0 + DAY + 120)) 3 v1.eml
	[ "$(nmail)" -eq 2 ] || fail "not answered a day later"
	# another kind: a message for a game this judge does not know
	keys carol dave
	"$ADJ" new -k carol.key incognito carol.pub dave.pub >peer.msg
	{ printf 'From: away@example.org\nSubject: a game\n\n'; cat peer.msg; } \
	    >p.eml
	at $((T0 + DAY + 180)) 1 p.eml
	[ "$(nmail)" -eq 3 ] || fail "another kind not answered"
	at $((T0 + DAY + 240)) 1 p.eml
	[ "$(nmail)" -eq 3 ] || fail "answered the same kind twice"
}

# A taken invitation is told to its creator once (issue 33, 9): at the
# address the header signs for the key that signed it, not the mail's
# From; who begins and the clock in words; a duplicate is not told again
test_club_invitation_told() {
	mstart
	"$ADJ" new -k bob.key -m judge -j jr/judge.pub -o clock=3d \
	    -a alice=alice@example.org -a bob=bob@example.org \
	    -a judge=judge@club.example incognito bob.pub alice.pub \
	    >t.msg || fail "new"
	{
		printf 'From: carol@example.org\nSubject: a game\n'
		printf 'Message-ID: <t@example.org>\n\n'
		cat t.msg
	} >t.eml
	at $T0 0 t.eml
	[ "$(nmail)" -eq 1 ] || fail "$(nmail) mails, want 1"
	[ "$(cat spool/1.rcpt)" = bob@example.org ] ||
	    fail "told $(cat spool/1.rcpt)"
	grep -q '^Subject: \[adjudicator\] game [0-9a-f]\{8\} filed: bob to '`
	    `'begin$' spool/1.eml || fail "subject: $(grep Subject spool/1.eml)"
	grep -q '^In-Reply-To: <t@example.org>' spool/1.eml || fail "reply"
	tr '\n' ' ' <spool/1.eml | grep -q 'incognito game [0-9a-f]\{16\} '`
	    `'(bob, alice)\. *bob sets up first, and mails the judge\. '`
	    `' *Clock: 3 days a move' || fail "the text: $(cat spool/1.eml)"
	[ "$(verdict)" = joined ] || fail "log: $(verdict)"
	at $((T0 + 60)) 0 t.eml
	err_has "already joined"
	[ "$(nmail)" -eq 1 ] || fail "a duplicate told again"
}
