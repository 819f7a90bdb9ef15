# Mailboxes read as streams, mail by mail (receive -r, join -r, judge -r):
# a mail over the limit (16 MiB) is skipped with a line naming it, and the
# mails around it are read; join -r files every invitation for its key.

. "$TOP/tests/cli/mailbot.sh"

# junk BYTES: that many bytes of text, quickly
junk() {
	yes 'junk junk junk junk junk junk junk junk junk junk junk junk junk' |
	    head -c "$1"
}

# frm ADDRESS: an mbox From line
frm() {
	echo "From $1 Mon Nov 23 00:00:00 2026"
}

# two_games: alice and bob in two peer games through roots AR and BR;
# $G1 and $G2 the game ids, a1.eml and a2.eml alice's setups as mails
two_games() {
	keys alice bob
	for n in 1 2; do
		"$ADJ" new -k alice.key -a alice=alice@example.org \
		    -a bob=bob@example.org incognito alice.pub bob.pub \
		    >inv$n.msg || fail "new"
		"$ADJ" join -r AR -k alice.key inv$n.msg 2>/dev/null
		"$ADJ" join -r BR -k bob.key inv$n.msg 2>/dev/null
	done
	G1=$(ls AR | head -1)
	G2=$(ls AR | tail -1)
	"$ADJ" setup -M -d "AR/$G1" d2 >a1.eml || fail "setup 1"
	"$ADJ" setup -M -d "AR/$G2" e3 >a2.eml || fail "setup 2"
}

test_receive_root_reads_around_mails_too_large() {
	two_games
	{
		frm alice@example.org; cat a1.eml; echo
		frm junk@example.org
		printf 'From: junk@example.org\nMessage-ID: <big@example.org>\n'
		printf 'Subject: a large attachment\n\n'
		junk 20971520; echo
		echo
	} >mbox
	# a second one without a Message-ID, named by where it starts
	at=$(wc -c <mbox)
	{
		frm spam@example.org
		printf 'From: spam@example.org\nSubject: no id\n\n'
		junk 17000000; echo
		echo
		frm alice@example.org; cat a2.eml; echo
	} >>mbox
	[ "$(wc -c <mbox)" -gt 37000000 ] || fail "the mailbox is small"
	expect 0 "$ADJ" receive -r BR mbox
	err_has '^mbox: mail 1: seq 1 applied: alice committed to a setup$'
	err_has '^mbox: mail 2 (Message-ID <big@example.org>): larger than 16 MiB; skipped$'
	err_has "^mbox: mail 3 (at byte $at): larger than 16 MiB; skipped$"
	err_has '^mbox: mail 4: seq 1 applied: alice committed to a setup$'
	for g in $G1 $G2; do
		[ "$(seq_of "BR/$g")" = 1 ] || fail "game $g did not take its mail"
	done
	# read again: nothing applied twice, what was skipped said again
	expect 0 "$ADJ" receive -r BR -v mbox
	err_has '^mbox: mail 4: .*already applied'
	err_has '^mbox: mail 2 (Message-ID <big@example.org>): larger than 16 MiB; skipped$'
	# one mail too large, not an mbox: said, and no message found at all
	sed -n '/^From junk/,/^$/p' mbox | sed 1d >big.eml
	junk 17000000 >>big.eml
	expect 3 "$ADJ" receive -r BR big.eml
	err_has '^big.eml (Message-ID <big@example.org>): larger than 16 MiB; skipped$'
	err_has 'no ADJUDICATOR MESSAGE found'
}

# A mail just under the limit is read whole: its armor is found after
# 16 MiB of text.
test_receive_root_mail_at_the_limit() {
	two_games
	{
		frm alice@example.org
		printf 'From: alice@example.org\nSubject: long\n\n'
		junk 16700000; echo
		sed -n '/^-----BEGIN/,/^-----END/p' a1.eml
	} >mbox
	size=$(wc -c <mbox)
	[ "$size" -le 16777216 ] || fail "$size bytes: over the limit"
	[ "$size" -gt 16700000 ] || fail "$size bytes: not near the limit"
	expect 0 "$ADJ" receive -r BR mbox
	err_has '^mbox: mail 1: seq 1 applied'
	# one byte more than the limit: not read
	{ sed '$d' mbox; printf 'x%*s\n' $((16777216 - size)) ''
	    sed -n '$p' mbox; } >over
	[ "$(wc -c <over)" -eq 16777218 ] || fail "$(wc -c <over) bytes"
	expect 3 "$ADJ" receive -r BR over
	err_has '^over: mail 1 (at byte 0): larger than 16 MiB; skipped$'
}

# join -r of a mailbox: every invitation for this key is filed, one in a
# base64 part, two in one mail; a duplicate is said, another key's
# invitation and the games' own messages are passed over.
test_join_root_files_every_invitation() {
	keys alice bob carol
	for n in 1 2 3 4; do
		"$ADJ" new -k bob.key -a alice=alice@example.org \
		    -a bob=bob@example.org incognito alice.pub bob.pub \
		    >inv$n.msg || fail "new $n"
		"$ADJ" join -d B$n -k bob.key inv$n.msg 2>/dev/null
	done
	"$ADJ" new -k carol.key incognito carol.pub bob.pub >invc.msg
	printf 'greeting: hello\n' >hello.yaml
	"$ADJ" seal -k bob.key alice.pub hello.yaml >b1.asc
	{
		frm bob@example.org
		printf 'From: bob@example.org\nSubject: a game\n\n'
		cat inv1.msg; echo
		frm carol@example.org
		printf 'From: carol@example.org\nSubject: hello\n\nhi\n\n'
		frm bob@example.org
		printf 'From: bob@example.org\nMIME-Version: 1.0\n'
		printf 'Content-Type: text/plain\n'
		printf 'Content-Transfer-Encoding: base64\n\n'
		base64 <inv2.msg; echo
		frm carol@example.org
		printf 'From: carol@example.org\nSubject: for bob\n\n'
		cat invc.msg; echo
		frm bob@example.org
		printf 'From: bob@example.org\nSubject: two games\n\n'
		cat inv3.msg b1.asc inv4.msg; echo
		frm bob@example.org
		printf 'From: bob@example.org\nSubject: again\n\n'
		cat inv1.msg
	} >mbox
	expect 0 "$ADJ" join -r AR -k alice.key mbox
	for n in 1 2 3 4; do
		g=$("$ADJ" show -d B$n -f yaml | sed -n 's/^game: //p')
		[ -f "AR/$g/seat" ] || fail "invitation $n not filed"
		[ "$(grep -c "^joined game $(echo $g | cut -c1-16) in AR/$g$" \
		    err)" -eq 1 ] || { cat err >&2; fail "joined $n: not said once"; }
	done
	[ "$(ls AR | wc -l)" -eq 4 ] || fail "$(ls AR | wc -l) games filed"
	g1=$("$ADJ" show -d B1 -f yaml | sed -n 's/^game: //p')
	err_has "^already joined: game $(echo $g1 | cut -c1-16) in AR/$g1$"
	# each peer game joined: how to keep a backup of its setup
	[ "$(grep -c ': in a peer game your setup lives only in this' err)" \
	    -eq 4 ] || { cat err >&2; fail "not a backup note each"; }
	[ "$(wc -l <err)" -eq 9 ] || { cat err >&2; fail "other lines"; }
	# the mailbox again: every one is there, nothing changes
	snapshot AR
	expect 0 "$ADJ" join -r AR -k alice.key mbox
	[ "$(grep -c '^already joined: ' err)" -eq 5 ] || fail "not all known"
	unchanged AR
	# receive -r of it now sends nobody back to join -r (the greeting
	# is no game's: malformed)
	expect 3 "$ADJ" receive -r AR mbox
	grep -q 'join -r' err && fail "receive -r: $(cat err)"
	true
}

test_join_root_nothing_for_this_key() {
	keys alice bob carol
	"$ADJ" new -k carol.key incognito carol.pub bob.pub >invc.msg
	{ frm carol@example.org; printf 'From: carol@example.org\n\n'
	    cat invc.msg; } >mbox
	expect 1 "$ADJ" join -r AR -k alice.key mbox
	one_line
	err_has "^adjudicator: mbox: mail 1: not addressed to key"
	[ ! -d AR ] || [ -z "$(ls AR)" ] || fail "something was filed"
	printf 'From: carol@example.org\n\nhello\n' >plain.eml
	expect 3 "$ADJ" join -r AR -k alice.key plain.eml
	err_has "no ADJUDICATOR MESSAGE found"
	# a mail too large among them: said, and the rest read
	"$ADJ" new -k bob.key incognito alice.pub bob.pub >inv.msg
	{
		frm x@example.org; printf 'Message-ID: <huge@x>\n\n'
		junk 17000000; echo; echo
		frm bob@example.org; printf 'From: bob@example.org\n\n'
		cat inv.msg
	} >big
	expect 0 "$ADJ" join -r AR -k alice.key big
	err_has '^big: mail 1 (Message-ID <huge@x>): larger than 16 MiB; skipped$'
	err_has '^joined game '
}

# judge -r given an mbox: each mail in turn, a mail too large logged and
# its sender told, the others dealt with.
test_judge_root_reads_a_mailbox() {
	mstart
	"$ADJ" setup -M -d "AR/$G" d2 >a1.eml
	{
		frm alice@example.org; printf 'From: alice@example.org\n\n'
		cat invite.msg; echo
		frm alice@example.org; cat a1.eml; echo
		frm carol@example.org
		printf 'From: carol@example.org\nMessage-ID: <big@x>\n\n'
		junk 17000000; echo; echo
		frm dave@example.org
		printf 'From: dave@example.org\nSubject: help\n\nplease\n'
	} >mbox
	bot mbox 3
	err_has 'mbox: mail 1: game .*: already joined; nothing to do'
	err_has 'mbox: mail 3 (Message-ID <big@x>): larger than 16 MiB; not read'
	[ "$(seq_of "jr/$G")" = 1 ] || fail "the judge is at $(seq_of "jr/$G")"
	# the invitation (mstart's), then one line per mail of the mbox
	[ "$(wc -l <jr/log)" -eq 5 ] || { cat jr/log >&2; fail "log lines"; }
	sed -n 2p jr/log | grep -q 'verdict=duplicate sent=0$' ||
	    fail "log: $(sed -n 2p jr/log)"
	sed -n 3p jr/log | grep -q 'from=alice@example.org .*entry=1 verdict=applied sent=2$' ||
	    fail "log: $(sed -n 3p jr/log)"
	sed -n 4p jr/log | grep -q 'from=carol@example.org game=- entry=0 verdict=malformed,answered sent=1$' ||
	    fail "log: $(sed -n 4p jr/log)"
	sed -n 5p jr/log | grep -q 'from=dave@example.org .*verdict=help sent=1$' ||
	    fail "log: $(sed -n 5p jr/log)"
	grep -l '^To: carol@example.org' spool/*.eml >carol
	[ "$(wc -l <carol)" -eq 1 ] || fail "carol was not told once"
	grep -q 'could not be read: .*larger than 16 MiB' "$(cat carol)" ||
	    fail "carol is not told why"
	# the seats take their updates
	deliver_all
	[ "$(seq_of "BR/$G")" = 1 ] || fail "bob is not at entry 1"
}

# receive -r with a key it cannot open (no terminal, no passphrase file,
# no agent): said once, before any mail is read, exit 2 (not once a mail,
# then exit 1); nothing of the root changes
test_receive_root_no_passphrase_said_once() {
	mkdir jr
	"$ADJ" keygen -N -d jr judge 2>/dev/null
	printf 'pw\n' >pw
	chmod 600 pw
	ADJUDICATOR_PASSPHRASE_FILE=$PWD/pw "$ADJ" keygen -d . alice \
	    </dev/null 2>/dev/null || fail "keygen"
	"$ADJ" keygen -N -d . bob 2>/dev/null
	"$ADJ" new -k bob.key -m judge -j jr/judge.pub \
	    -a alice=alice@example.org -a bob=bob@example.org \
	    -a judge=judge@club.example incognito alice.pub bob.pub >inv.msg
	ADJUDICATOR_PASSPHRASE_FILE=$PWD/pw "$ADJ" join -r AR -k alice.key \
	    inv.msg 2>/dev/null || fail "join"
	cat inv.msg inv.msg inv.msg >mbox
	snapshot AR
	expect 2 "$ADJ" receive -r AR mbox </dev/null
	one_line
	err_has "^adjudicator: no passphrase: stdin is not a terminal"
	unchanged AR
	ADJUDICATOR_PASSPHRASE_FILE=$PWD/pw expect 0 "$ADJ" receive -r AR mbox
}

# verify of a mailbox of archives (the judge's last mail of each game):
# every archive audited, one line each naming its game and its verdict;
# one that fails fails the whole, the others checked all the same
test_verify_every_archive_of_a_mailbox() {
	wire game incognito 2 peer all >a.arc || fail "wire game"
	wire game incognito-rps 2 peer all >b.arc || fail "wire game"
	{
		frm judge@club.example; printf 'Subject: game over\n\n'
		cat a.arc; echo
		frm bob@example.org; printf 'Subject: hello\n\nhello\n\n'
		frm judge@club.example; printf 'Subject: game over\n\n'
		cat b.arc; echo
	} >mbox
	expect 0 "$ADJ" verify mbox
	[ "$(wc -l <out)" -eq 2 ] || { cat out >&2; fail "not a line each"; }
	out_has '^mbox: archive 1 (incognito game [0-9a-f]\{16\}): checks out; result: .* won'
	out_has '^mbox: archive 2 (incognito-rps game [0-9a-f]\{16\}): checks out; result: '
	# one archive alone is said as ever
	expect 0 "$ADJ" verify a.arc
	out_has '^entries: '
	# a game that never started between two that check out
	keys alice bob
	"$ADJ" new -k alice.key incognito alice.pub bob.pub >inv.msg
	"$ADJ" join -d A -k alice.key inv.msg 2>/dev/null
	"$ADJ" export -d A >under.arc
	g=$("$ADJ" show -d A -f yaml | sed -n 's/^game: \(.\{16\}\).*/\1/p')
	cat a.arc under.arc b.arc >three
	expect 1 "$ADJ" verify three
	[ "$(wc -l <out)" -eq 3 ] || { cat out >&2; fail "not a line each"; }
	out_has '^three: archive 1 (incognito game .*): checks out'
	out_has "^three: archive 2 (game $g): the game never started: "
	out_has '^three: archive 3 (incognito-rps game .*): checks out'
	one_line
	err_has '^adjudicator: three: 1 of 3 archives do not check out'
	# unreadable only (cut short where the next one begins): exit 3
	sed '$d' a.arc >cut.arc
	cat cut.arc b.arc >cut
	expect 3 "$ADJ" verify cut
	out_has '^cut: archive 1.*: unexpected text inside armor block$'
	out_has '^cut: archive 2 (incognito-rps game .*): checks out'
	# several archives are not laid side by side with a second file
	expect 0 "$ADJ" verify mbox a.arc
	out_has '^mbox and a.arc: not compared: mbox holds several archives$'
}

# join -r of a peer game says, as join -d does, that the seat's setup
# lives in that directory alone and how to keep a backup of it; joined
# before, or a judged game (the judge keeps the setups), nothing of it
test_join_root_says_keep_a_backup() {
	keys alice bob judge
	"$ADJ" new -k alice.key incognito alice.pub bob.pub >peer.msg
	expect 0 "$ADJ" join -d A -k alice.key peer.msg
	err_has '^A: in a peer game your setup lives only in this directory: keep a backup elsewhere (adjudicator backup -d A >FILE; join -d DIR -k KEY FILE restores it)$'
	expect 0 "$ADJ" join -r AR -k alice.key peer.msg
	g=$(ls AR | cut -c1-16)
	err_has "^joined game $g in AR/"
	err_has "^AR/$g: in a peer game your setup lives only in this directory: keep a backup elsewhere (adjudicator backup -d AR/$g >FILE; join -d DIR -k KEY FILE restores it)$"
	# what it says to do works as it is written
	"$ADJ" setup -d "AR/$g" d2 >/dev/null 2>&1 || fail "setup"
	expect 0 "$ADJ" backup -d "AR/$g"
	out_has '^-----BEGIN ADJUDICATOR MESSAGE-----$'
	expect 0 "$ADJ" join -r AR -k alice.key peer.msg
	err_has '^already joined: '
	grep -q 'keep a backup' err && fail "said again: $(cat err)"
	"$ADJ" new -k bob.key -m judge -j judge.pub incognito alice.pub \
	    bob.pub >judged.msg
	expect 0 "$ADJ" join -r AR -k alice.key judged.msg
	one_line
	err_has '^joined game '
}

# A mailbox read at every sitting: only what is new is said, what was
# taken before counted on one line; -v lists it message by message
test_receive_root_says_what_is_new() {
	two_games
	{ frm alice@example.org; cat a1.eml; echo
	  frm alice@example.org; cat a2.eml; echo; } >mbox
	expect 0 "$ADJ" receive -r BR mbox
	[ "$(grep -c ' applied: ' err)" -eq 2 ] || { cat err >&2; fail "not new"; }
	[ "$(wc -l <err)" -eq 2 ] || { cat err >&2; fail "other lines"; }
	# the mailbox again: nothing new, one line says so
	expect 0 "$ADJ" receive -r BR mbox
	one_line
	err_has '^2 messages already applied or held, nothing new (-v lists them)$'
	expect 0 "$ADJ" receive -r BR -v mbox
	[ "$(grep -c '^mbox: mail [12]: seq 1 already applied; nothing to do$' err)" \
	    -eq 2 ] || { cat err >&2; fail "-v: not listed"; }
	grep -q 'nothing new' err && fail "-v: counted too"
	# what is new among the old: said, and the old counted
	"$ADJ" setup -M -d "BR/$G1" b4 >b1.eml || fail "bob's setup"
	{ frm bob@example.org; cat b1.eml; echo; } >>mbox
	expect 0 "$ADJ" receive -r AR mbox
	err_has '^mbox: mail 3: seq 2 applied: '
	err_has '^2 messages already applied or held'
	[ "$(wc -l <err)" -eq 2 ] || { cat err >&2; fail "other lines"; }
	# a refusal among them is said
	sed 's/^\([A-Za-z0-9+/]\{30\}\)[A-Za-z0-9+/]/\1A/' b1.eml >bad.eml
	cmp -s b1.eml bad.eml && fail "not changed"
	expect 1 "$ADJ" receive -r BR mbox bad.eml
	err_has '^bad.eml'
	err_has '^3 messages already applied or held'
}
