#!/bin/sh
# make check-faults: what a crash, a kill or a full disk does to each
# writing verb (keygen, join, setup, turn, receive, judge, judge -r
# over a queue (drain) and with one mail (bot), and keeping the club's
# web site (site), a member's REGISTER
# confirmed (register), a challenge accepted (accept), a rematch asked
# (rematch), a member's update held for its digest (digest) and the
# digest mailed by the tick (digestout), a seek matched (seek), a
# tournament declared by mail (tournament), started by its last
# acceptance (tourstart), its next round made by the judge (tournext)
# and a player's WITHDRAW (tourwithdraw), the tick at a round deadline
# (tourdeadline), export, repair).  $ADJ
# is a fault-injection build (make faults; adjudicator/lib/fault.h).
#
# 1. Every I/O point: for N = 1, 2, ... the Nth file-changing call of one
#    run of the verb, in a realistic position, fails with EIO, fails with
#    ENOSPC, or kills the process there; until a run meets no fault.
# 2. kill -9 at random points: KILL_TRIALS runs (100) of each verb but
#    export, each killed after a random delay spread over the time the
#    verb takes (measured first).
#
# After every run: a failure is exit 4 with one error line; each game
# directory still opens (show) and holds everything its journal held
# before, byte for byte; a run that failed printed no message and a
# message printed is kept (resend prints it); the same command, run
# again, succeeds -- or, when the run had finished its work, says so (a
# join done, a key pair made, a setup or turn kept before its message got
# out: resend prints that message, as adjudicator(1) says); and the game
# goes on to an end that verify accepts.  One line per verb; exit 1 on
# any broken state.  FAULT_ONLY="VERB..." runs some verbs; KILL_TRIALS=0
# skips part 2; KILL_SEED repeats the delays; JOBS (2) verbs run at once.
: "${ADJ:?ADJ must name a fault-injection build of adjudicator}"
top=$(cd "$(dirname "$0")/../.." && pwd)
export ADJ TOP="$top"
KILL_TRIALS=${KILL_TRIALS:-100}
KILL_SEED=${KILL_SEED:-$(od -An -tu2 -N2 /dev/urandom | tr -d ' ')}
JOBS=${JOBS:-2}
verbs=${FAULT_ONLY:-judge drain bot site register accept rematch digest \
    digestout seek tournament tourstart tournext tourwithdraw tourdeadline \
    keygen join \
    setup turn receive export repair}
work=$(mktemp -d "${TMPDIR:-/tmp}/adjfaults.XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'exit 1' INT TERM
. "$top/tests/cli/lib.sh"

command -v timeout >/dev/null || fail "timeout (coreutils) is needed"
(
	cd "$work" && "$ADJ" keygen -N probe &&
	    ADJ_FAULT_AT=1 ADJ_FAULT_MARK=probe.mark "$ADJ" keygen -N probe2
) >/dev/null 2>&1
[ -f "$work/probe.mark" ] ||
    fail "$ADJ is not a fault-injection build (make faults)"

# --- the games ----------------------------------------------------------------

# ends SEAT: in the peer game of A (alice) and B (bob), SEAT (A or B) is
# to move and resigns with its final openings; the other sends its own;
# both copies export the same game, which verify accepts
ends() {
	e_o=$(other "$1")
	"$ADJ" turn -d "$1" resign >r1.msg 2>terr || fail "turn -d $1 resign"
	deliver "$e_o" r1.msg
	"$ADJ" turn -d "$e_o" >r2.msg 2>terr || fail "turn -d $e_o"
	deliver "$1" r2.msg
	"$ADJ" export -d A >a.arc || fail "export A"
	"$ADJ" export -d B | cmp -s - a.arc || fail "the exports differ"
	expect 0 "$ADJ" verify a.arc
	out_has "^result: .* won"
}

# --- the verbs ------------------------------------------------------------------
# For each verb: prep_VERB makes the position in the current directory,
# DIRS_VERB names its game directories, run_VERB runs the verb once
# ($PRE before it: timeout for a kill; stdout in ./out, stderr in ./err),
# after_VERB checks what the run left ($rc; $killed), runs it again and
# plays on to a verified end.

DIRS_keygen=""
prep_keygen() {
	keys alice
}
run_keygen() {
	$PRE "$ADJ" keygen -N bob >out 2>err
}
after_keygen() {
	[ ! -s out ] || fail "keygen printed on stdout"
	[ ! -e bob.pub ] || [ -e bob.key ] || fail "bob.pub without bob.key"
	if [ -e bob.key ] && [ -e bob.pub ]; then
		expect 1 "$ADJ" keygen -N bob	# done before the fault
		err_has "already exists"
	else
		expect 0 "$ADJ" keygen -N bob
	fi
	# one identity: what bob signs alice checks with bob.pub, and what
	# is sealed to bob.pub bob opens; then a game between them
	printf 'x: 1\n' >x.yaml
	"$ADJ" seal -k bob.key alice.pub x.yaml >x.msg || fail "seal"
	expect 0 "$ADJ" open -k alice.key -p bob.pub x.msg
	"$ADJ" new -k alice.key incognito alice.pub bob.pub >invite.msg
	"$ADJ" join -d A -k alice.key invite.msg 2>/dev/null || fail "join A"
	"$ADJ" join -d B -k bob.key invite.msg 2>/dev/null || fail "join B"
	setups d2 b4
	ends A
}

DIRS_join="A"
prep_join() {
	keys alice bob
	"$ADJ" new -k alice.key incognito alice.pub bob.pub >invite.msg
	"$ADJ" join -d A -k alice.key invite.msg 2>/dev/null || fail "join A"
}
run_join() {
	$PRE "$ADJ" join -d B -k bob.key invite.msg >out 2>err
}
after_join() {
	[ ! -s out ] || fail "join printed on stdout"
	if [ -f B/seat ]; then
		# the seat file is written last: the join is whole
		expect 0 "$ADJ" show -d B
		expect 1 "$ADJ" join -d B -k bob.key invite.msg
		err_has "already exists"
	else
		expect 0 "$ADJ" join -d B -k bob.key invite.msg
	fi
	setups d2 b4
	ends A
}

DIRS_setup="A B"
prep_setup() {
	prep_join
	"$ADJ" join -d B -k bob.key invite.msg 2>/dev/null || fail "join B"
}
run_setup() {
	$PRE "$ADJ" setup -d A d2 >out 2>err
}
after_setup() {
	message_again A "$ADJ" setup -d A d2
	deliver B out
	"$ADJ" setup -d B b4 >b1.msg || fail "setup B"
	deliver A b1.msg
	ends A
}

DIRS_turn="A B"
prep_turn() {
	prep_setup
	setups d2 b4
}
run_turn() {
	$PRE "$ADJ" turn -d A e3-c3 >out 2>err
}
after_turn() {
	message_again A "$ADJ" turn -d A e3-c3
	deliver B out
	ends B
}

DIRS_receive="A B"
prep_receive() {
	prep_turn
	# alice resigns: her resignation and her final openings, one mail
	"$ADJ" turn -d A resign >a2.msg || fail "turn A"
}
run_receive() {
	$PRE "$ADJ" receive -d B a2.msg >out 2>err
}
after_receive() {
	expect 0 "$ADJ" receive -d B a2.msg
	"$ADJ" turn -d B >b2.msg 2>terr || fail "turn -d B"
	deliver A b2.msg
	"$ADJ" export -d A >a.arc || fail "export A"
	"$ADJ" export -d B | cmp -s - a.arc || fail "the exports differ"
	expect 0 "$ADJ" verify a.arc
	out_has "^result: bob won"
}

DIRS_judge="J A B"
prep_judge() {
	keys alice bob judge
	"$ADJ" new -k alice.key -m judge -j judge.pub incognito alice.pub \
	    bob.pub >invite.msg
	for d in J:judge A:alice B:bob; do
		"$ADJ" join -d "${d%%:*}" -k "${d#*:}.key" invite.msg \
		    2>/dev/null || fail "join $d"
	done
	for m in "a1 setup -d A d2" "b1 setup -d B b4" "a2 turn -d A e3-c3" \
	    "b2 turn -d B b4-b3"; do
		# shellcheck disable=SC2086
		"$ADJ" ${m#* } >"${m%% *}.msg" || fail "$m"
		"$ADJ" judge -d J -O mq "${m%% *}.msg" >jout 2>jerr || {
			cat jout jerr >&2
			fail "judge ${m%% *}.msg"
		}
		mail_out
	done
	# alice interrogates bob's spy: the judge opens it, then every setup
	"$ADJ" turn -d A 'c3?b3' >a3.msg || fail "turn A"
}
# mail_out: each seat receives what the judge left for it in mq/
mail_out() {
	for s in alice:A bob:B; do
		f=mq/${s%%:*}.msg
		[ -f "$f" ] || continue
		mv "$f" upd.msg
		deliver "${s#*:}" upd.msg
	done
}
run_judge() {
	$PRE "$ADJ" judge -d J -O mq a3.msg >out 2>err
}
after_judge() {
	# what went out before the fault reaches the seats, and is accepted
	mail_out
	expect 0 "$ADJ" judge -d J -O mq a3.msg
	mail_out
	for d in J A B; do
		"$ADJ" show -d "$d" -f yaml | grep -q '^phase: closed$' ||
		    fail "$d: game not closed"
	done
	judged_exports J A B
	out_has "^result: alice won"
}

# drain: judge -r over a Maildir of two mails (alice's turn, a HELP mail),
# its mails in one SMTP conversation (tests/cli/smtp.sh)
DIRS_drain="jr/[0-9a-f]*"
SMTP="$top/tests/cli/smtp.sh -bs"
prep_drain() {
	bot_game "$SMTP"
	mkdir md md/new md/cur md/tmp
	"$ADJ" turn -M -d A e3-c3 >md/new/1 || fail "turn A"
	printf 'From: carol@example.org\nSubject: HELP\n\nhelp\n' >md/new/2
}
# bot_game MAILER: a judged game with addresses whose judge is the mail
# bot in jr, both setups taken and mailed through MAILER and received
bot_game() {
	keys alice bob
	mkdir jr
	"$ADJ" keygen -N -d jr judge 2>/dev/null
	"$ADJ" new -k alice.key -m judge -j jr/judge.pub \
	    -a alice=alice@example.org -a bob=bob@example.org \
	    -a judge=judge@club.example incognito alice.pub bob.pub >invite.msg
	for d in A:alice B:bob; do
		"$ADJ" join -d "${d%%:*}" -k "${d#*:}.key" invite.msg \
		    2>/dev/null || fail "join $d"
	done
	export SPOOL="$PWD/spool"
	"$ADJ" judge -r jr -s "$1" invite.msg 2>/dev/null || fail "bot"
	for m in "A setup d2" "B setup b4"; do
		set -- "$1" $m
		"$ADJ" "$3" -M -d "$2" "$4" >m.eml || fail "$m"
		"$ADJ" judge -r jr -s "$1" m.eml 2>/dev/null || fail "bot $m"
		drain_out
	done
	rm -rf spool
}
# drain_out: each seat receives the whole of its mailbox
drain_out() {
	for s in alice:A bob:B; do
		f=spool/${s%%:*}@example.org.mbox
		[ ! -f "$f" ] || deliver "${s#*:}" "$f"
	done
}
# sent_to ADDRESS: the mails the mailer took for ADDRESS
sent_to() {
	cat spool/*.rcpt 2>/dev/null | grep -cx "$1" || true
}
run_drain() {
	SPOOL="$PWD/spool" $PRE "$ADJ" judge -r jr -s "$SMTP" md >out 2>err
}
after_drain() {
	export SPOOL="$PWD/spool"
	# the mails the stopped run had handed over already
	n0=$(ls spool 2>/dev/null | grep -c '\.eml$' || true)
	expect 0 "$ADJ" judge -r jr -s "$SMTP" md
	[ -z "$(ls md/new)" ] || fail "left in the queue: $(ls md/new)"
	[ ! -e jr/outbox ] || fail "an outbox left"
	# nothing lost; nothing twice but the one mail the mailer was
	# taking when the run stopped, if it had begun to send
	a=$(sent_to alice@example.org) b=$(sent_to bob@example.org)
	c=$(sent_to carol@example.org)
	[ "$a" -ge 1 ] && [ "$b" -ge 1 ] && [ "$c" -ge 1 ] ||
	    fail "a mail lost: alice $a, bob $b, carol $c"
	[ "$n0" -eq 0 ] && max=3 || max=4
	[ $((a + b + c)) -le "$max" ] ||
	    fail "sent twice: alice $a, bob $b, carol $c ($n0 sent before)"
	drain_out
	[ "$(seq_of A)" -eq 3 ] && [ "$(seq_of B)" -eq 3 ] ||
	    fail "the seats are not at entry 3"
	# and the game goes on through the queue
	"$ADJ" turn -M -d B b4-b3 >md/new/3 || fail "turn B"
	expect 0 "$ADJ" judge -r jr -s "$SMTP" md
	drain_out
	[ "$(seq_of A)" -eq 4 ] || fail "alice is not at entry 4"
}

# bot: judge -r with one mail (alice's turn): the entry synced while the
# updates are built, each update then given to a mailer started ahead
# (the stand-in sendmail, tests/cli/sendmail.sh), side by side
DIRS_bot="jr/[0-9a-f]*"
SM="$top/tests/cli/sendmail.sh"
prep_bot() {
	bot_game "$SM"
	"$ADJ" turn -M -d A e3-c3 >t.eml || fail "turn A"
}
run_bot() {
	SPOOL="$PWD/spool" $PRE "$ADJ" judge -r jr -s "$SM" t.eml >out 2>err
}
after_bot() {
	export SPOOL="$PWD/spool"
	# a mailer the judge started and gave no mail was stopped before it
	# read anything: never an empty input (only the judge's own death
	# leaves its mailers one)
	if [ -z "$killed" ] && ls spool/.empty.* >/dev/null 2>&1; then
		fail "a mailer was given an empty input"
	fi
	# an update goes out only once its entry is durable: an entry lost
	# with the run means no mail went
	# (the game's directory: its id, 64 hex digits; jr also holds
	# ID.journal0, the harness's copy)
	g=$(ls jr | grep -xE '[0-9a-f]{64}') || fail "no game in jr"
	s=$(seq_of "jr/$g") && [ -n "$s" ] || fail "jr/$g does not open"
	if [ "$s" -lt 3 ]; then
		[ "$(sent_to alice@example.org)$(sent_to bob@example.org)" = \
		    00 ] || fail "an update went out for an entry not kept"
	fi
	# the MTA gives the mail again (exit 75) or alice sends it again:
	# applied now, or a duplicate (alice gets her update again); bob
	# gets what he has not had
	expect 0 "$ADJ" judge -r jr -s "$SM" t.eml
	a=$(sent_to alice@example.org) b=$(sent_to bob@example.org)
	[ "$a" -ge 1 ] && [ "$b" -ge 1 ] || fail "a mail lost: alice $a, bob $b"
	[ "$a" -le 2 ] && [ "$b" -le 2 ] || fail "sent too often: $a, $b"
	drain_out
	[ "$(seq_of A)" -eq 3 ] && [ "$(seq_of B)" -eq 3 ] ||
	    fail "the seats are not at entry 3"
	"$ADJ" turn -M -d B b4-b3 >t2.eml || fail "turn B"
	expect 0 "$ADJ" judge -r jr -s "$SM" t2.eml
	drain_out
	[ "$(seq_of A)" -eq 4 ] || fail "alice is not at entry 4"
}

# site: judge -r with one mail (alice's turn) in a club whose judge keeps
# its web site (site: in judge.yaml): every page, picture, record and the
# feed whole after any crash (the old one or the new), the mail taken or
# kept as for bot; the next move brings the site up to date
DIRS_site="jr/[0-9a-f]*"
prep_site() {
	prep_bot
	"$ADJ" site -r jr www || fail "site -r"
}
run_site() {
	# the copy's own place: the path is absolute
	printf 'site: %s/www\n' "$PWD" >jr/judge.yaml
	SPOOL="$PWD/spool" $PRE "$ADJ" judge -r jr -s "$SM" t.eml >out 2>err
}
# site_whole: each file of the site whole (its temporary files apart)
site_whole() {
	python3 - www <<'PY' || fail "the site is not whole"
import os, re, sys, xml.etree.ElementTree as ET
line = re.compile(r'^[0-9a-f]{64} [0-9]+ (on|over)\t[^\t]*\t[^\t]*$')
for d, _, fs in os.walk(sys.argv[1]):
    for f in fs:
        p = os.path.join(d, f)
        if f.startswith('.') or f == 'lock':
            continue
        t = open(p, encoding='utf-8').read()
        if f.endswith('.html'):
            assert t.endswith('</html>\n'), p
        elif f.endswith('.svg') or f.endswith('.atom'):
            ET.fromstring(t)
        elif f.endswith('.txt'):
            assert 'To act:' in t or 'Result' in t or t.strip(), p
        else:
            for l in t.splitlines():
                assert line.match(l), (p, l)
PY
}
after_site() {
	site_whole
	after_bot
	site_whole
	g=$(ls jr | grep -x '[0-9a-f]\{64\}')
	x=$(echo "$g" | cut -c1-2)
	grep -q 'Last: Black moves b4-b3' "www/games/$x/$g.txt" ||
	    fail "the site missed the next move"
	grep -q "games/$x/$g.html" www/index.html || fail "the index lost $g"
}

# register: judge -r with alice's REGISTER and the judge's code: the
# directory ROOT/members written whole before she is told, never half,
# never twice
DIRS_register=
prep_register() {
	mkdir jr
	"$ADJ" keygen -N -d jr judge
	"$ADJ" keygen -N alice
	printf 'club: register\nname: alice\naddress: alice@example.org\n' \
	    >r.yaml
	"$ADJ" seal -k alice.key jr/judge.pub r.yaml >r.msg
	{ printf 'From: alice@example.org\nSubject: REGISTER\n\n'; cat r.msg; } \
	    >r.eml
	SPOOL="$PWD/spool" "$ADJ" judge -r jr -s "$SM" r.eml
	code=$(sed -n 's/^    REGISTER \([0-9a-f]\{16\}\)$/\1/p' spool/1.eml)
	[ -n "$code" ] || fail "no code"
	{ printf 'From: alice@example.org\nSubject: REGISTER %s\n\n' "$code"
	    cat r.msg; } >c.eml
}
run_register() {
	SPOOL="$PWD/spool" $PRE "$ADJ" judge -r jr -s "$SM" c.eml >out 2>err
}
after_register() {
	export SPOOL="$PWD/spool"
	if [ -e jr/members ]; then
		grep -c '^- name: alice$' jr/members | grep -qx 1 ||
		    fail "the directory is not whole: $(cat jr/members)"
	fi
	# told only once listed
	if grep -q '^You are a member' spool/*.eml; then
		[ -e jr/members ] || fail "told, and not listed"
	fi
	# the mail given again: listed, once
	expect 0 "$ADJ" judge -r jr -s "$SM" c.eml
	grep -c '^- name: alice$' jr/members | grep -qx 1 ||
	    fail "alice is not listed once"
	grep -q '^You are a member' spool/*.eml || fail "alice never told"
}

# club_prep: the judge's root jr, its address set, alice and bob in its
# directory with the keys ./alice.key and ./bob.key
club_prep() {
	mkdir jr
	"$ADJ" keygen -N -d jr judge
	"$ADJ" keygen -N alice
	"$ADJ" keygen -N bob
	printf 'address: judge@club.example\n' >jr/judge.yaml
	{
		echo "members:"
		for m in alice bob; do
			printf -- '- name: %s\n  key: %s\n' "$m" "$(cat $m.pub)"
			printf '  address: %s@example.org\n' "$m"
			printf '  since: 2026-11-01T00:00:00Z\n'
		done
	} >jr/members
}

# coded FROM SUBJECT ID FILE: SUBJECT mailed to jr without its code
# (Message-ID <ID.q@...>), then FILE the mail that confirms it, SUBJECT
# and the code the judge answered (Message-ID <ID@...>); the spool gone
coded() {
	rm -rf spool
	printf 'From: %s\nSubject: %s\nMessage-ID: <%s.q@example.org>\n\n' \
	    "$1" "$2" "$3" >"$4.q"
	SPOOL="$PWD/spool" "$ADJ" judge -r jr -s "$SM" "$4.q"
	c=$(sed -n "s/^    $2 \([0-9a-f]\{16\}\)\$/\1/p" spool/1.eml)
	[ -n "$c" ] || fail "no code for $2"
	printf 'From: %s\nSubject: %s %s\nMessage-ID: <%s@example.org>\n\n' \
	    "$1" "$2" "$c" "$3" >"$4"
	rm -rf spool
}

# accept: judge -r with bob's ACCEPT of alice's challenge: the game's id
# in ROOT/challenges before the game is filed, one game made whatever
# the crash, and both seats mailed their invitation once it is taken
DIRS_accept=
prep_accept() {
	club_prep
	coded alice@example.org "CHALLENGE bob knights" c c.eml
	SPOOL="$PWD/spool" "$ADJ" judge -r jr -s "$SM" c.eml
	code=$(sed -n 's/^    ACCEPT \([0-9a-f]\{16\}\)$/\1/p' spool/1.eml)
	[ -n "$code" ] || fail "no code"
	printf 'From: bob@example.org\nSubject: ACCEPT %s\n'`
	    `'Message-ID: <a@example.org>\n\n' "$code" >a.eml
	rm -rf spool
}
run_accept() {
	SPOOL="$PWD/spool" $PRE "$ADJ" judge -r jr -s "$SM" a.eml >out 2>err
}
# accept_games: the games filed whole in jr
accept_games() {
	for d in jr/*/; do
		[ -f "$d/seat" ] && basename "$d"
	done | grep -c . || true
}
after_accept() {
	export SPOOL="$PWD/spool"
	[ "$(accept_games)" -le 1 ] || fail "two games made"
	for g in $(ls jr); do
		[ -f "jr/$g/seat" ] || continue
		grep -q "^  game: $g\$" jr/challenges ||
		    fail "game $g filed and not in the record"
	done
	# the mail given again: one game, both invited
	expect 0 "$ADJ" judge -r jr -s "$SM" a.eml
	[ "$(accept_games)" -eq 1 ] || fail "not one game"
	for s in alice bob; do
		grep -l '^Your opponent: ' spool/*.eml 2>/dev/null |
		    xargs grep -l "^To: $s@example.org" >/dev/null 2>&1 ||
		    fail "$s never invited"
	done
	g=$(grep '^  game: ' jr/challenges | sed 's/^  game: //')
	grep -q "^Your opponent: " spool/*.eml || fail "no invitation"
	"$ADJ" join -r BR -k bob.key "$(grep -l '^To: bob@' spool/*.eml |
	    xargs grep -l '^Your opponent' | tail -1)" 2>/dev/null ||
	    fail "bob cannot join"
	[ -d "BR/$g" ] || fail "bob joined another game than $g"
}

# rematch: judge -r with bob's REMATCH of a game of knights with a clock
# that alice (first) resigned: the rematch kept once, before its code is
# mailed to alice and bob is told; then given again and accepted: one
# game, bob first, the same clock
DIRS_rematch=
prep_rematch() {
	club_prep
	"$ADJ" new -k alice.key -m judge -j jr/judge.pub \
	    -a alice=alice@example.org -a bob=bob@example.org \
	    -a judge=judge@club.example -o clock=3d knights alice.pub bob.pub \
	    >inv.msg
	SPOOL="$PWD/spool" "$ADJ" judge -r jr -s "$SM" inv.msg
	"$ADJ" join -r AR -k alice.key inv.msg 2>/dev/null
	g=$(ls AR)
	"$ADJ" turn -M -d "AR/$g" resign >r.eml
	SPOOL="$PWD/spool" "$ADJ" judge -r jr -s "$SM" r.eml
	"$ADJ" show -d "jr/$g" -f yaml | grep -q '^phase: closed$' ||
	    fail "the game is not over"
	coded bob@example.org "REMATCH $g" m m.eml
	echo "$g" >old
	rm -rf spool
}
run_rematch() {
	SPOOL="$PWD/spool" $PRE "$ADJ" judge -r jr -s "$SM" m.eml >out 2>err
}
# rematch_code: the code of the last rematch mailed to alice
rematch_code() {
	grep -l '^To: alice@' spool/*.eml 2>/dev/null |
	    xargs sed -n 's/^    ACCEPT \([0-9a-f]\{16\}\)$/\1/p' | tail -1
}
after_rematch() {
	export SPOOL="$PWD/spool"
	g=$(cat old)
	n=0
	[ ! -e jr/challenges ] ||
	    n=$(grep -c "^  rematch: $g\$" jr/challenges || true)
	[ "$n" -le 1 ] || fail "$n rematches kept"
	# mailed or told only once kept
	if [ -n "$(rematch_code)" ] || grep -q '^Your rematch' \
	    spool/*.eml 2>/dev/null; then
		[ "$n" -eq 1 ] || fail "told, and not kept"
	fi
	# the mail given again: one rematch, its code to alice
	expect 0 "$ADJ" judge -r jr -s "$SM" m.eml
	[ "$(grep -c "^  rematch: $g\$" jr/challenges)" -eq 1 ] ||
	    fail "not one rematch"
	code=$(rematch_code)
	[ -n "$code" ] || fail "no code to alice"
	printf 'From: alice@example.org\nSubject: ACCEPT %s\n'`
	    `'Message-ID: <a@example.org>\n\n' "$code" >a.eml
	expect 0 "$ADJ" judge -r jr -s "$SM" a.eml
	[ "$(accept_games)" -eq 2 ] || fail "not one game more"
	f=$(grep -l '^To: alice@' spool/*.eml | xargs grep -l \
	    "^adjudicator: you accepted bob's rematch" | tail -1)
	[ -n "$f" ] || fail "alice not invited"
	grep -q '^Seats, in turn order: bob, then alice' "$f" ||
	    fail "the seats not swapped"
	"$ADJ" join -r AR -k alice.key "$f" 2>/dev/null ||
	    fail "alice cannot join"
	[ "$(ls AR | wc -l)" -eq 2 ] || fail "alice joined no new game"
	"$ADJ" show -d "AR/$(ls AR | grep -vx "$g")" -f yaml |
	    grep -q '^  control: 3d$' || fail "the clock not kept"
}

# digest: judge -r with bob's move in a game of alice's, whose digest is
# daily: alice's update held in ROOT/digest/alice once (never lost, never
# twice), the mail given again holds nothing more, and the digest the
# tick mails brings alice's copy up to the judge's.  digestout: the tick
# that mails the digest of two updates held: sent first, then dropped
# (a stop between mails it again, and receive takes it as duplicates)
DT0=1796083200		# 2026-12-01T00:00:00Z
DIRS_digest=
prep_digest() {
	mkdir jr jr/digest
	"$ADJ" keygen -N -d jr judge
	"$ADJ" keygen -N alice
	"$ADJ" keygen -N bob
	printf 'address: judge@club.example\n' >jr/judge.yaml
	{
		echo "members:"
		for m in alice bob; do
			printf -- '- name: %s\n  key: %s\n' "$m" "$(cat $m.pub)"
			printf '  address: %s@example.org\n' "$m"
			printf '  since: 2026-11-01T00:00:00Z\n'
		done
	} >jr/members
	printf 'adjudicator digest 1\nmode daily plain\nto -\n' \
	    >jr/digest/alice
	export ADJUDICATOR_NOW=$DT0 SPOOL="$PWD/spool"
	"$ADJ" new -k alice.key -m judge -j jr/judge.pub \
	    -a alice=alice@example.org -a bob=bob@example.org \
	    -a judge=judge@club.example -o clock=3d knights alice.pub bob.pub \
	    >inv.msg
	"$ADJ" judge -r jr -s "$SM" inv.msg
	"$ADJ" join -r AR -k alice.key inv.msg
	"$ADJ" join -r BR -k bob.key inv.msg
	ls AR >game
	"$ADJ" bot -M -d "AR/$(cat game)" -s 1 >a.eml
	"$ADJ" judge -r jr -s "$SM" a.eml
	"$ADJ" receive -r BR spool/bob@example.org.mbox
	"$ADJ" bot -M -d "BR/$(cat game)" -s 2 >b.eml
	rm -rf spool
}
run_digest() {
	ADJUDICATOR_NOW=$((DT0 + 3600)) SPOOL="$PWD/spool" $PRE "$ADJ" \
	    judge -r jr -s "$SM" b.eml >out 2>err
}
# digest_taken: the tick after alice's hour mails what is held, her copy
# takes every digest (and any update mailed), and is the judge's
digest_taken() {
	expect 0 "$ADJ" judge -r jr -s "$SM" -t
	[ ! -e jr/digest/alice ] || ! grep -q '^held ' jr/digest/alice ||
	    fail "still held after the tick"
	[ -f spool/alice@example.org.mbox ] || fail "nothing to alice"
	ADJUDICATOR_NOW=$((DT0 + 7 * 3600)) expect 0 "$ADJ" receive -r AR \
	    spool/alice@example.org.mbox
	[ "$(seq_of "AR/$(cat game)")" -eq "$(seq_of "jr/$(cat game)")" ] ||
	    fail "alice's copy is not the judge's"
	# every update recorded sent: the next tick holds nothing again
	expect 0 "$ADJ" judge -r jr -s "$SM" -t
	[ ! -e jr/digest/alice ] || ! grep -q '^held ' jr/digest/alice ||
	    fail "held again after the digest"
}
after_digest() {
	export SPOOL="$PWD/spool" ADJUDICATOR_NOW=$((DT0 + 3600))
	g=$(cat game)
	expect 0 "$ADJ" show -d "jr/$g"
	# held at most once, and the mail given again: held once
	n=$(grep -c "^held [0-9]* $g $(seq_of "jr/$g") " jr/digest/alice ||
	    true)
	[ "$n" -le 1 ] || fail "held twice"
	expect 0 "$ADJ" judge -r jr -s "$SM" b.eml
	n=$(grep -c "^held [0-9]* $g $(seq_of "jr/$g") " jr/digest/alice ||
	    true)
	[ "$n" -eq 1 ] || [ -f spool/alice@example.org.mbox ] ||
	    fail "alice's last update neither held nor mailed"
	[ "$n" -le 1 ] || fail "held twice after the mail again"
	ADJUDICATOR_NOW=$((DT0 + 7 * 3600)) digest_taken
}

DIRS_digestout=
prep_digestout() {
	prep_digest
	ADJUDICATOR_NOW=$((DT0 + 3600)) SPOOL="$PWD/spool" "$ADJ" judge \
	    -r jr -s "$SM" b.eml
	[ "$(grep -c '^held ' jr/digest/alice)" -eq 2 ] || fail "not held"
	rm -rf spool
}
run_digestout() {
	ADJUDICATOR_NOW=$((DT0 + 7 * 3600)) SPOOL="$PWD/spool" $PRE "$ADJ" \
	    judge -r jr -s "$SM" -t >out 2>err
}
after_digestout() {
	export SPOOL="$PWD/spool" ADJUDICATOR_NOW=$((DT0 + 7 * 3600))
	# a digest is whole or not sent; what is dropped was sent
	if ! grep -q '^held ' jr/digest/alice 2>/dev/null; then
		grep -l '^Subject: \[adjudicator\] your digest: 2 updates' \
		    spool/*.eml >/dev/null 2>&1 || fail "dropped, not sent"
	fi
	digest_taken
	[ "$(grep -l '^Subject: \[adjudicator\] your digest' spool/*.eml |
	    wc -l)" -le 2 ] || fail "more than the digest again"
}

# seek: judge -r with bob's SEEK, which alice's open seek matches: the
# game's id in both seeks of ROOT/seeks before it is filed, one game made
# whatever the crash, and both seats mailed their invitation once the
# mail is taken
DIRS_seek=
prep_seek() {
	club_prep
	coded alice@example.org "SEEK knights clock=3d" s1 s1.eml
	SPOOL="$PWD/spool" "$ADJ" judge -r jr -s "$SM" s1.eml
	grep -q '^Your seek [0-9a-f]* is open' spool/1.eml || fail "not open"
	coded bob@example.org "SEEK knights clock=3d" s2 s.eml
}
run_seek() {
	SPOOL="$PWD/spool" $PRE "$ADJ" judge -r jr -s "$SM" s.eml >out 2>err
}
after_seek() {
	export SPOOL="$PWD/spool"
	[ "$(accept_games)" -le 1 ] || fail "two games made"
	for g in $(ls jr); do
		[ -f "jr/$g/seat" ] || continue
		[ "$(grep -c "^  game: $g\$" jr/seeks)" -eq 2 ] ||
		    fail "game $g filed and not in both seeks"
	done
	# the mail given again: one game, both invited
	expect 0 "$ADJ" judge -r jr -s "$SM" s.eml
	[ "$(accept_games)" -eq 1 ] || fail "not one game"
	for s in alice bob; do
		grep -l '^Your opponent: ' spool/*.eml 2>/dev/null |
		    xargs grep -l "^To: $s@example.org" >/dev/null 2>&1 ||
		    fail "$s never invited"
	done
	g=$(grep '^  game: ' jr/seeks | sed 's/^  game: //' | sort -u)
	[ "$(echo "$g" | wc -l)" -eq 1 ] || fail "the seeks name two games"
	"$ADJ" join -r BR -k bob.key "$(grep -l '^To: bob@' spool/*.eml |
	    xargs grep -l '^Your opponent' | tail -1)" 2>/dev/null ||
	    fail "bob cannot join"
	[ -d "BR/$g" ] || fail "bob joined another game than $g"
}

# tournament: judge -r with the operator's TOURNAMENT, its declaration
# signed by the judge's key: kept whole or not at all, the players mailed
# only once it is kept; given again: kept, the same bytes; both players'
# ACCEPT then kept, and tournament verify of what the root holds agrees
DIRS_tournament=
# tour_accept_mail P: aP.eml, P's ACCEPT club27 with its acceptance
tour_accept_mail() {
	"$ADJ" tournament accept -k $1.key decl.tour >$1.acc
	{
		printf 'From: %s@example.org\n' $1
		printf 'Subject: ACCEPT club27\n'
		printf 'Message-ID: <a%s@example.org>\n\n' $1
		cat $1.acc
	} >a$1.eml
}
prep_tournament() {
	club_prep
	{
		printf 'adjudicator: 1\nkind: tournament\nid: club27\n'
		printf 'name: Club 2027\nrules: knights\n'
		printf 'format:\n  type: round-robin\nplayers:\n'
		for p in alice bob; do
			printf -- '- name: %s\n  key: %s\n' "$p" "$(cat $p.pub)"
			printf '  address: %s@example.org\n' "$p"
		done
	} >decl.yaml
	"$ADJ" tournament declare -k jr/judge.key decl.yaml >decl.tour
	{
		printf 'From: op@example.org\nSubject: TOURNAMENT\n'
		printf 'Message-ID: <t@example.org>\n\n'
		cat decl.tour
	} >t.eml
}
run_tournament() {
	SPOOL="$PWD/spool" $PRE "$ADJ" judge -r jr -s "$SM" t.eml >out 2>err
}
after_tournament() {
	export SPOOL="$PWD/spool"
	td=jr/tournaments/club27
	if [ -e $td/decl.tour ]; then
		cmp -s $td/decl.tour decl.tour || fail "the declaration torn"
	elif grep -l '^To: alice@' spool/*.eml >/dev/null 2>&1; then
		fail "alice mailed, the declaration not kept"
	fi
	expect 0 "$ADJ" judge -r jr -s "$SM" t.eml
	cmp -s $td/decl.tour decl.tour || fail "the declaration not kept"
	for p in alice bob; do
		tour_accept_mail $p
		expect 0 "$ADJ" judge -r jr -s "$SM" a$p.eml
	done
	expect 0 "$ADJ" tournament verify $td/decl.tour \
	    $td/accept-alice.tour $td/accept-bob.tour $td/round-1.tour
}

# tourstart: judge -r with bob's ACCEPT, the last: the round signed and
# kept, the game's header kept before it is filed; given again: one
# round, one game, bob and alice invited, tournament verify agrees
DIRS_tourstart=
prep_tourstart() {
	prep_tournament
	SPOOL="$PWD/spool" "$ADJ" judge -r jr -s "$SM" t.eml
	tour_accept_mail alice
	tour_accept_mail bob
	SPOOL="$PWD/spool" "$ADJ" judge -r jr -s "$SM" aalice.eml
	rm -rf spool
}
run_tourstart() {
	SPOOL="$PWD/spool" $PRE "$ADJ" judge -r jr -s "$SM" abob.eml >out \
	    2>err
}
after_tourstart() {
	export SPOOL="$PWD/spool"
	td=jr/tournaments/club27
	expect 0 "$ADJ" judge -r jr -s "$SM" abob.eml
	g=$(ls jr | grep '^[0-9a-f]\{64\}$' || true)
	[ "$(echo "$g" | grep -c .)" -eq 1 ] || fail "not one game: $g"
	grep -l "^To: bob@" spool/*.eml | xargs grep -q 'you play' ||
	    fail "bob not invited"
	"$ADJ" tournament verify $td/decl.tour $td/accept-alice.tour \
	    $td/accept-bob.tour $td/round-1.tour >out 2>err ||
	    fail "verify: $(cat err)"
}

# tournext: judge -r with the mail that ends round 1 of a Swiss of 3:
# round 2 paired by the judge; given again and ticked: one round 2, its
# game made once, both seats invited, the table mailed, verify agrees
DIRS_tournext=
# swiss3 SED: prep_tournament's round robin made a Swiss of 2 rounds with
# carol, SED applied to its declaration; declared and accepted by mail
swiss3() {
	prep_tournament
	"$ADJ" keygen -N carol
	sed "s/^  type: round-robin\$/  type: swiss\\n  rounds: 2$1/" \
	    decl.yaml >d.yaml
	printf -- '- name: carol\n  key: %s\n  address: carol@example.org\n' \
	    "$(cat carol.pub)" >>d.yaml
	"$ADJ" tournament declare -k jr/judge.key d.yaml >decl.tour
	{
		printf 'From: op@example.org\nSubject: TOURNAMENT\n\n'
		cat decl.tour
	} >t.eml
	SPOOL="$PWD/spool" "$ADJ" judge -r jr -s "$SM" t.eml
	for p in alice bob carol; do
		tour_accept_mail $p
		SPOOL="$PWD/spool" "$ADJ" judge -r jr -s "$SM" a$p.eml
	done
}
prep_tournext() {
	swiss3 ''
	f=$(grep -l 'round 1, board 1: you play white' spool/*.eml)
	w=$(sed -n 's/.*You are \([a-z]*\)\.$/\1/p' "$f")
	"$ADJ" join -r W -k $w.key "$f" 2>/dev/null
	"$ADJ" turn -M -d W/"$(ls W)" resign >r.eml 2>/dev/null
	rm -rf spool
}
run_tournext() {
	SPOOL="$PWD/spool" $PRE "$ADJ" judge -r jr -s "$SM" r.eml >out 2>err
}
# round2_once: in jr, the tournament td's round 2 made once: 2 games (of
# rounds 1 and 2), its record and one header, no round 3
round2_once() {
	g=$(ls jr | grep -c '^[0-9a-f]\{64\}$' || true)
	[ "$g" -eq 2 ] || fail "$g games, not 2"
	[ -s $td/round-2.tour ] && [ ! -e $td/round-3.tour ] ||
	    fail "not round 2 alone"
	h=$(ls $td | grep -c '^game-2-' || true)
	[ "$h" -eq 1 ] || fail "$h headers of round 2"
}
after_tournext() {
	export SPOOL="$PWD/spool"
	td=jr/tournaments/club27
	expect 0 "$ADJ" judge -r jr -s "$SM" r.eml
	expect 0 "$ADJ" judge -r jr -s "$SM" -t
	round2_once
	for p in alice bob carol; do
		grep -l "^To: $p@" spool/*.eml | xargs grep -q \
		    '^round 2 board ' || fail "$p: no pairings"
		grep -l "^To: $p@" spool/*.eml | xargs grep -q \
		    '^Subject: .*the table after round 1' || fail "$p: no table"
	done
	[ "$(grep -l 'round 2, board 1: you play' spool/*.eml |
	    xargs grep -h '^To: ' | sort -u | wc -l)" -eq 2 ] ||
	    fail "round 2's seats not both invited"
	# round 1's game, over (round 2's is under way)
	"$ADJ" export -d "jr/$(ls W)" >r1.arc 2>/dev/null || fail "export"
	"$ADJ" tournament verify $td/decl.tour $td/*.tour r1.arc >out \
	    2>err || fail "verify: $(cat err)"
}

# tourdeadline: the tick at the round deadline of a Swiss of 3 over 2
# rounds (a clock of 3 days, deadline: 1d) whose one game of round 1
# nobody played: the game ruled once by the clocks (white's ran a day:
# black wins), round 2 paired; ticked again: nothing more, verify agrees
DIRS_tourdeadline=
prep_tourdeadline() {
	export ADJUDICATOR_NOW=$DT0
	swiss3 '\nclock:\n  clock: 3d\ndeadline: 1d'
	rm -rf spool
}
run_tourdeadline() {
	ADJUDICATOR_NOW=$((DT0 + 86400)) SPOOL="$PWD/spool" $PRE "$ADJ" \
	    judge -r jr -s "$SM" -t >out 2>err
}
after_tourdeadline() {
	export SPOOL="$PWD/spool" ADJUDICATOR_NOW=$((DT0 + 86400))
	td=jr/tournaments/club27
	expect 0 "$ADJ" judge -r jr -s "$SM" -t
	expect 0 "$ADJ" judge -r jr -s "$SM" -t
	round2_once
	# round 1's game, over: ruled once, at the deadline
	for d in $(ls jr | grep '^[0-9a-f]\{64\}$'); do
		"$ADJ" export -d jr/$d >r.arc 2>/dev/null || fail "export"
		"$ADJ" verify r.arc >v.out 2>/dev/null && mv r.arc r1.arc
	done
	[ -s r1.arc ] || fail "round 1's game not over"
	"$ADJ" verify r1.arc >v.out 2>&1 || fail "verify: $(cat v.out)"
	[ "$(grep -c 'by judge at .*: adjudicated by the judge: the round '`
	    `'deadline 2026-12-02T00:00:00Z passed: the clocks rule (bob)$' \
	    v.out)" -eq 1 ] || fail "not one ruling at the deadline"
	grep -l "^To: alice@" spool/*.eml | xargs grep -q '^round 2 board ' ||
	    fail "alice: no pairings of round 2"
	"$ADJ" tournament verify $td/decl.tour $td/*.tour r1.arc >out \
	    2>err || fail "verify: $(cat err)"
}

# tourwithdraw: judge -r with bob's WITHDRAW of the tournament started:
# the withdrawal kept whole or not at all; given again: kept, the same
# bytes, and tournament verify takes it
DIRS_tourwithdraw=
prep_tourwithdraw() {
	prep_tourstart
	SPOOL="$PWD/spool" "$ADJ" judge -r jr -s "$SM" abob.eml
	"$ADJ" tournament withdraw -k bob.key -a 0 decl.tour bob >bob.wd
	{
		printf 'From: bob@example.org\nSubject: WITHDRAW club27\n'
		printf 'Message-ID: <w@example.org>\n\n'
		cat bob.wd
	} >w.eml
	rm -rf spool
}
run_tourwithdraw() {
	SPOOL="$PWD/spool" $PRE "$ADJ" judge -r jr -s "$SM" w.eml >out 2>err
}
after_tourwithdraw() {
	export SPOOL="$PWD/spool"
	td=jr/tournaments/club27
	[ ! -e $td/withdraw-bob.tour ] || cmp -s $td/withdraw-bob.tour bob.wd ||
	    fail "the withdrawal torn"
	expect 0 "$ADJ" judge -r jr -s "$SM" w.eml
	cmp -s $td/withdraw-bob.tour bob.wd || fail "the withdrawal not kept"
	"$ADJ" tournament verify $td/decl.tour $td/accept-alice.tour \
	    $td/accept-bob.tour $td/round-1.tour $td/withdraw-bob.tour \
	    >out 2>err || fail "verify: $(cat err)"
}

DIRS_export="A B"
prep_export() {
	prep_turn
	ends A
}
run_export() {
	$PRE "$ADJ" export -d A >out 2>err
}
after_export() {
	[ "$rc" -ne 0 ] || { expect 0 "$ADJ" verify out; return 0; }
	expect 0 "$ADJ" export -d A
	mv out a.arc
	expect 0 "$ADJ" verify a.arc
}

# repair: B's journal damaged in its last entry (alice's e3-c3).  The
# directory opens only once repaired, so it is checked here: what the run
# left is the damaged journal as it was, or one repaired whole; repair
# again is whole; alice's message brings the entry back; the game ends.
DIRS_repair=""
prep_repair() {
	prep_turn
	"$ADJ" turn -d A e3-c3 >a2.msg || fail "turn A"
	deliver B a2.msg
	set -- $(python3 "$TOP/tests/cli/journal.py" list B/journal |
	    awk '$2 == "entry" { o = $1; l = $4 } END { print o + 16 + int(l / 2) }')
	python3 "$TOP/tests/cli/journal.py" flip B/journal "$1"
	cp B/journal B.damaged
}
run_repair() {
	$PRE "$ADJ" repair -d B >out 2>err
}
after_repair() {
	[ ! -d B/.rewrite ] || [ ! -f B/.rewrite/seat ] || [ "$rc" -ne 0 ] ||
	    fail "a finished repair left B/.rewrite"
	if cmp -s B/journal B.damaged; then
		expect 3 "$ADJ" show -d B
		err_has "damaged at offset"
	else
		expect 0 "$ADJ" show -d B
	fi
	expect 0 "$ADJ" repair -d B
	[ -d B/.rewrite ] && fail "B/.rewrite left"
	ls B | grep -q '^journal\.damaged' || fail "the damaged journal is gone"
	expect 0 "$ADJ" show -d B
	[ "$(seq_of B)" -eq 2 ] || fail "B at seq $(seq_of B), not 2"
	"$ADJ" resend -d A >again.msg || fail "resend A"
	deliver B again.msg
	ends B
}

# message_again DIR CMD...: after setup or turn.  A message printed is
# kept (resend gives the same); one not printed comes from CMD run again,
# or from resend when the run kept its entry before it failed; in ./out
message_again() {
	md=$1
	shift
	# kept, and stdout failed: the error says how to get the message
	if [ "$rc" -eq 4 ] && [ "$(seq_of "$md")" -gt "$seq0" ]; then
		err_has "\"adjudicator resend -d $md\" prints it again"
	fi
	if [ -s out ]; then
		"$ADJ" resend -d "$md" >kept || fail "printed, and resend fails"
		cmp -s out kept || fail "printed what resend does not give"
		return 0
	fi
	set +e
	"$@" >out 2>err
	ma=$?
	set -e
	if [ $ma -ne 0 ]; then
		[ $ma -eq 1 ] && [ "$(seq_of "$md")" -gt "$seq0" ] || {
			cat err >&2
			fail "run again: exit $ma, and nothing was kept"
		}
		"$ADJ" resend -d "$md" >out || fail "resend -d $md"
	fi
	[ -s out ] || fail "no message"
}

# --- one run ----------------------------------------------------------------------

# trial VERB NAME [VAR=VALUE...]: in a copy of VERB's position, the verb
# run once with the fault variables given, or killed after $KILL seconds;
# then every check.  Exits 0, 1 (a broken state, said on stderr) or 3
# (the run met no fault).
trial() {
	verb=$1 name=$2
	shift 2
	t=$work/t-$verb
	rm -rf "$t"
	cp -R "$work/pos-$verb" "$t"
	cd "$t" || exit 1
	dirs=$(eval echo "\$DIRS_$verb")
	seq0=0
	[ -z "$dirs" ] || seq0=$(seq_of "${dirs%% *}")
	for d in $dirs; do
		cp "$d/journal" "$d.journal0"
		[ "$verb" != export ] || snapshot "$d"
	done
	set +e
	if [ -n "$KILL" ]; then
		PRE="timeout -s KILL $KILL"
		run_"$verb"
	else
		PRE=
		(export "$@" ADJ_FAULT_MARK="$t/mark"; run_"$verb")
	fi
	rc=$?
	set -e
	killed=
	[ "$rc" -ne 137 ] || { killed=1; echo KILLED; }
	if [ -z "$KILL" ] && [ ! -f mark ]; then
		[ "$rc" -eq 0 ] || fail "$name: no fault met, exit $rc: $(cat err)"
		exit 3
	fi
	if [ -z "$killed" ] && [ "$rc" -ne 0 ]; then
		# what the library reported on the way may precede it; the
		# failure itself is one line, the last, with exit 4
		# the mail bot's system error is EX_TEMPFAIL: keep the mail
		want=4
		case $verb in
		drain|bot|site|register|accept|rematch|digest*|seek|tournament|\
		tourstart|tournext|tourwithdraw|tourdeadline)
			want=75 ;;
		esac
		[ "$rc" -eq "$want" ] ||
		    fail "$name: exit $rc, want $want: $(cat err)"
		[ "$(grep -c '^adjudicator: ' err)" -eq 1 ] &&
		    tail -1 err | grep -q '^adjudicator: ' ||
		    fail "$name: not one error line: $(cat err)"
		case $verb in
		setup|turn|receive|export)
			[ ! -s out ] || fail "$name: failed, and printed" ;;
		esac
	fi
	for d in $dirs; do
		[ -f "$d/seat" ] || { [ "$verb" = join ]; continue; }
		"$ADJ" show -d "$d" >/dev/null 2>show.err ||
		    fail "$name: $d does not open: $(cat show.err)"
		cmp -s -n "$(wc -c <"$d.journal0")" "$d.journal0" "$d/journal" ||
		    fail "$name: $d lost what its journal held"
		[ "$verb" != export ] || unchanged "$d"
	done
	after_"$verb"
}

# points VERB: part 1 for VERB; its line in $work/res-VERB
points() {
	n=0 runs=0 bad=0
	while :; do
		n=$((n + 1))
		met=0
		for mode in EIO ENOSPC die; do
			case $mode in
			die) env=ADJ_FAULT_MODE=die ;;
			*) env=ADJ_FAULT_ERRNO=$mode ;;
			esac
			(set -e; trial "$1" "$1, point $n, $mode" \
			    ADJ_FAULT_AT=$n $env) >"$work/log-$1" 2>&1
			r=$?
			[ $r -ne 3 ] || continue
			met=1
			runs=$((runs + 1))
			[ $r -eq 0 ] && continue
			bad=$((bad + 1))
			echo "BROKEN: $1, I/O point $n, $mode:"
			tail -12 "$work/log-$1" | sed 's/^/    /'
		done
		[ $met -eq 1 ] || break
	done
	printf 'faults: %-8s %2d I/O points, %3d runs (EIO, ENOSPC, kill): %s\n' \
	    "$1" $((n - 1)) $runs \
	    "$([ $bad -eq 0 ] && echo "all passed" || echo "$bad BROKEN")"
}

# kills VERB SEED: part 2 for VERB
kills() {
	# how long one run takes, that the delays spread over
	t0=$(date +%s%N)
	for i in 1 2 3; do
		rm -rf "$work/t-$1"
		cp -R "$work/pos-$1" "$work/t-$1"
		(cd "$work/t-$1" && PRE= && run_"$1") ||
		    fail "$1 fails without a fault"
	done
	us=$((($(date +%s%N) - t0) / 3000))
	i=0 bad=0 nkilled=0 seed=$2
	while [ $i -lt "$KILL_TRIALS" ]; do
		i=$((i + 1))
		seed=$((seed + 1))
		delay=$(awk -v s="$seed" -v us="$us" 'BEGIN { srand(s);
		    printf "%.6f", rand() * us * 1.2 / 1e6 }')
		(set -e; KILL=$delay trial "$1" "$1, killed after ${delay}s") \
		    >"$work/log-$1" 2>&1
		r=$?
		! grep -q '^KILLED$' "$work/log-$1" || nkilled=$((nkilled + 1))
		[ $r -ne 0 ] || continue
		bad=$((bad + 1))
		echo "BROKEN: $1 killed after ${delay}s (KILL_SEED=$seed):"
		tail -12 "$work/log-$1" | sed 's/^/    /'
	done
	printf 'faults: %-8s kill -9: %3d trials (%d killed) over %d ms: %s\n' \
	    "$1" "$KILL_TRIALS" "$nkilled" $((us / 1000)) \
	    "$([ $bad -eq 0 ] && echo "0 broken states" || echo "$bad BROKEN")"
}

# --- the run --------------------------------------------------------------------------

for verb in $verbs; do
	mkdir "$work/pos-$verb"
	(cd "$work/pos-$verb" && set -e && prep_"$verb") >"$work/prep.log" \
	    2>&1 || fail "cannot make the position for $verb: $(cat "$work/prep.log")"
done

start=$(date +%s)
lane=0
while [ $lane -lt "$JOBS" ]; do
	(
		k=0
		for verb in $verbs; do
			k=$((k + 1))
			[ $((k % JOBS)) -eq $lane ] || continue
			points "$verb" >"$work/res-points-$verb" 2>&1
			[ "$verb" = export ] || [ "$KILL_TRIALS" -eq 0 ] ||
			    kills "$verb" $((KILL_SEED + 1000 * k)) \
			    >"$work/res-kills-$verb" 2>&1
		done
	) &
	lane=$((lane + 1))
done
wait
for verb in $verbs; do
	cat "$work/res-points-$verb"
done
[ "$KILL_TRIALS" -eq 0 ] ||
    echo "faults: kill -9, $KILL_TRIALS trials a verb (KILL_SEED=$KILL_SEED)"
for verb in $verbs; do
	[ ! -f "$work/res-kills-$verb" ] || cat "$work/res-kills-$verb"
done

# export's only output is stdout: a full one is exit 4 and changes nothing
case " $verbs " in
*" export "*)
	(
		cd "$work/pos-export" && set -e
		snapshot A
		expect 4 sh -c "\"$ADJ\" export -d A >/dev/full"
		one_line
		err_has "stdout"
		unchanged A
		echo "faults: export   >/dev/full: exit 4, one line, nothing changed"
	) 2>&1 ;;
esac
echo "faults: $(($(date +%s) - start)) s"
! grep -q 'BROKEN\|^FAIL' "$work"/res-* || exit 1
