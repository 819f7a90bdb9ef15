# Helpers for CLI tests.  Each test runs in its own empty directory with
# "set -e"; $ADJ is the binary under test, $TOP the source tree.

# the developer's own key agent is never asked (tests/cli/agent.sh starts
# its own)
unset ADJUDICATOR_AGENT ADJUDICATOR_AGENT_PID ADJUDICATOR_ASKPASS \
    ADJUDICATOR_AGENT_TEST_CLOCK ADJUDICATOR_AGENT_START
# nor the developer's agent at this user's own place (agent -s without
# -S, ADJUDICATOR_AGENT_START): each test has a place of its own
unset XDG_RUNTIME_DIR
mkdir -p -m 700 "$PWD/.tmp"
TMPDIR=$PWD/.tmp
export TMPDIR
# nor the developer's default root of games (ADJUDICATOR_ROOT, ~/games):
# each test has a home of its own, with no games in it
unset ADJUDICATOR_ROOT
mkdir -p "$PWD/.home"
HOME=$PWD/.home
export HOME

fail() {
	echo "FAIL: $*" >&2
	exit 1
}

# expect STATUS CMD...: runs CMD, checks its exit status, keeps its stderr
# in ./err and stdout in ./out.
expect() {
	want=$1
	shift
	set +e
	"$@" >out 2>err
	got=$?
	set -e
	[ "$got" -eq "$want" ] || {
		echo "command: $*" >&2
		echo "stderr:" >&2
		cat err >&2
		fail "exit status $got, expected $want"
	}
}

# one_line: the last command printed exactly one line on stderr
one_line() {
	n=$(wc -l <err)
	[ "$n" -eq 1 ] || { cat err >&2; fail "stderr has $n lines, want 1"; }
}

# need TOOL: the test cannot run without TOOL.  CI installs every tool a
# test needs, so a missing one fails the test rather than skipping it.
need() {
	command -v "$1" >/dev/null 2>&1 ||
	    fail "$1 is needed for this test (CI installs it)"
}

# on_tty ANSWER... -- CMD...: CMD on a pseudo-terminal that answers its
# prompts (tests/cli/onatty.py), with expect's checks: the exit status of
# CMD, its stderr in ./err, what the terminal showed in ./err.tty.
on_tty() {
	want=$1
	shift
	need python3
	set +e
	python3 "$TOP/tests/cli/onatty.py" err "$@" >out 2>tty.err
	got=$?
	set -e
	[ "$got" -eq "$want" ] || {
		cat tty.err err >&2
		fail "exit status $got on a terminal, expected $want"
	}
}

# on_pty FD FILE CMD...: CMD with its file descriptor FD (1: stdout, 2:
# stderr) alone on a new pseudo-terminal; what the terminal showed goes to
# FILE, its other output (stdout, when FD is 2) to ./out; CMD's status
on_pty() {
	need python3
	python3 - "$@" <<'PY'
import os, pty, sys
fd, out, argv = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
master, slave = pty.openpty()
pid = os.fork()
if pid == 0:
    os.close(master)
    if fd == 2:
        f = os.open("out", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.dup2(f, 1)
    os.dup2(slave, fd)
    os.execvp(argv[0], argv)
os.close(slave)
seen = b""
while True:
    try:
        chunk = os.read(master, 4096)
    except OSError:
        break
    if not chunk:
        break
    seen += chunk
_, status = os.waitpid(pid, 0)
open(out, "wb").write(seen)
sys.exit(os.waitstatus_to_exitcode(status))
PY
}
ttyerr() { on_pty 2 "$@"; }
ttyout() { on_pty 1 "$@"; }

# measure STATUS CMD...: expect STATUS CMD..., and sets $kib to the peak
# resident memory of CMD in KiB and $ms to its wall-clock milliseconds
measure() {
	want=$1
	shift
	need python3
	set +e
	python3 - "$@" <<'PY' >out 2>err
import resource, subprocess, sys, time
t = time.monotonic()
rc = subprocess.call(sys.argv[1:], stderr=open('err.cmd', 'w'))
ms = int((time.monotonic() - t) * 1000)
kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
open('measured', 'w').write('%d %d\n' % (kib, ms))
sys.exit(rc if rc >= 0 else 128 - rc)
PY
	got=$?
	set -e
	mv err.cmd err
	read -r kib ms <measured
	[ "$got" -eq "$want" ] || {
		echo "command: $*" >&2
		cat err >&2
		fail "exit status $got, expected $want"
	}
}

err_has() {
	grep -q -- "$1" err || { cat err >&2; fail "stderr lacks '$1'"; }
}

out_has() {
	grep -q -- "$1" out || { cat out >&2; fail "stdout lacks '$1'"; }
}

# snapshot DIR / unchanged DIR: nothing in DIR changed in between
snapshot() {
	(cd "$1" && find . -type f -exec sha256sum {} + | sort) >"$1.snap"
}
unchanged() {
	(cd "$1" && find . -type f -exec sha256sum {} + | sort) >"$1.snap2"
	diff -u "$1.snap" "$1.snap2" >&2 || fail "$1 changed"
}

# wire ARGS...: tests/cli/wire.c, built beside the binary under test
wire() {
	"${WIRE:-$(dirname "$ADJ")/cli/wire}" "$@"
}

# by_hand NAME KEY BODY TO.pub... [-- SEAL.pub...]: BODY signed by KEY as
# it is, for TO (NAME.bin), then sealed to SEAL (by default TO) and
# armored (NAME.msg): what a dishonest sender would make by hand
by_hand() {
	fg_name=$1 fg_key=$2 fg_body=$3
	shift 3
	fg_to=""
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		fg_to="$fg_to $1"
		shift
	done
	[ $# -gt 0 ] && shift
	[ $# -gt 0 ] || set -- $fg_to
	# shellcheck disable=SC2086: the keys' paths have no blanks
	wire sign "$fg_key" "$fg_body" $fg_to >"$fg_name.bin" ||
	    fail "wire sign"
	wire wrap "$fg_name.bin" "$@" >"$fg_name.msg" || fail "wire wrap"
}

# flip_sig BLOB OUT: BLOB with one bit of its signature (the last 64
# bytes) changed, nothing else
flip_sig() {
	fs_n=$(wc -c <"$1")
	head -c $((fs_n - 1)) "$1" >"$2"
	fs_b=$(od -An -tu1 -j$((fs_n - 1)) -N1 "$1" | tr -d ' ')
	printf "\\$(printf '%03o' $((fs_b ^ 1)))" >>"$2"
	cmp -s "$1" "$2" && fail "flip_sig: nothing changed"
	true
}

keys() {
	for n in "$@"; do
		"$ADJ" keygen -N "$n" 2>/dev/null
	done
}

# --- a peer game between alice (A/) and bob (B/) through message files ---

# peer_start RULES [NEW-OPTIONS...]: keys, alice's invitation, dirs A and B
peer_start() {
	prules=$1
	shift
	keys alice bob
	"$ADJ" new -k alice.key "$@" "$prules" alice.pub bob.pub \
	    >invite.msg || fail "new"
	"$ADJ" join -d A -k alice.key invite.msg 2>/dev/null || fail "join A"
	"$ADJ" join -d B -k bob.key invite.msg 2>/dev/null || fail "join B"
}

# peer_seed: the seed's shares, when peer_start's game draws it (a game
# of topogic made without -s): bob's (s1.msg), then alice's reveal (s2.msg)
peer_seed() {
	"$ADJ" show -d B | grep -q '^Your share of the seed is due' ||
	    fail "no share of the seed is due from bob"
	play B s1.msg
	play A s2.msg
	"$ADJ" show -d A | grep -q '^Seed: drawn by alice and bob\.$' ||
	    fail "the seed is not drawn"
}

# other A|B: the other seat's game dir
other() {
	case $1 in A) echo B ;; B) echo A ;; *) fail "no seat $1" ;; esac
}

# deliver DIR FILE: DIR receives FILE, which must apply
deliver() {
	"$ADJ" receive -d "$1" "$2" >rout 2>rerr || {
		cat rerr >&2
		fail "receive -d $1 $2"
	}
}

# play DIR FILE [ACTION...]: DIR's turn into FILE, delivered to the other
play() {
	pdir=$1 pfile=$2
	shift 2
	"$ADJ" turn -d "$pdir" "$@" >"$pfile" 2>terr || {
		cat terr >&2
		fail "turn -d $pdir $*"
	}
	[ -s "$pfile" ] || fail "turn -d $pdir $*: no message"
	deliver "$(other "$pdir")" "$pfile"
}

# setups ALICESPY BOBSPY: both setups, exchanged (a1.msg, b1.msg)
setups() {
	"$ADJ" setup -d A "$1" >a1.msg || fail "setup A"
	deliver B a1.msg
	"$ADJ" setup -d B "$2" >b1.msg || fail "setup B"
	deliver A b1.msg
}

# finish: each seat whose final openings are due sends them (f*.msg)
finish() {
	for i in 1 2 3; do
		for d in A B; do
			if "$ADJ" show -d "$d" | grep -q 'final openings are due'
			then
				play "$d" "f$i$d.msg"
			fi
		done
	done
	for d in A B; do
		"$ADJ" show -d "$d" -f yaml | grep -q '^phase: closed$' ||
		    fail "$d: game not closed"
	done
}

# verified RESULT: both exports identical, verify accepts, and names RESULT
verified() {
	"$ADJ" export -d A >a.arc || fail "export A"
	"$ADJ" export -d B >b.arc || fail "export B"
	cmp -s a.arc b.arc || fail "the two seats' exports differ"
	expect 0 "$ADJ" verify a.arc
	out_has "^result: $1"
}


# judged_exports JUDGEDIR SEATDIR...: the judge's export verifies; each
# seat's export (with the updates it received) verifies to the same game,
# entries and result, and says the judge showed it exactly what it saw
judged_exports() {
	jd=$1
	shift
	"$ADJ" export -d "$jd" >j.arc || fail "export $jd"
	expect 0 "$ADJ" verify j.arc
	grep -v '^updates:' out >j.sum
	for d in "$@"; do
		"$ADJ" export -d "$d" >"$d.arc" || fail "export $d"
		expect 0 "$ADJ" verify "$d.arc"
		out_has "^updates: [0-9]* to "
		grep -v '^updates:' out | cmp -s - j.sum ||
		    fail "$d's export verifies to another game than the judge's"
	done
	"$ADJ" verify j.arc >out
}

# entries DIR OUT: every signed entry of DIR's game, from its export, as
# OUT/NNNNNN (entry 0 is the header)
entries() {
	"$ADJ" export -d "$1" >"$2.arc" || fail "export $1"
	rm -rf "$2"
	python3 "$TOP/tests/cli/entries.py" "$2.arc" "$2" ||
	    fail "cannot split $2.arc"
}

# seq_of DIR: the last entry DIR's copy has applied
seq_of() {
	"$ADJ" show -d "$1" -f yaml | sed -n 's/^seq: //p'
}

# no_secret DIR: DIR keeps no setup (the journal holds no opening)
no_secret() {
	! grep -aq '^  nonce: ' "$1/journal" || fail "$1 keeps a secret"
}

# cases GAME NN...: the rule cases tests/cases/GAME/NN-*.yaml played
# through the command line by tests/cli/clicase.py, as players would play
# them (a game directory per seat, every message received, the judge's
# updates); each refusal, view and result a case expects is checked in
# what the commands print, and a closed game's exports verify
cases() {
	need python3
	python3 -c 'import yaml' 2>/dev/null ||
	    fail "python3-yaml is needed for this test (CI installs it)"
	cg=$1
	shift
	cfiles=""
	for cn in "$@"; do
		cf=$(ls "$TOP/tests/cases/$cg/$cn"-*.yaml 2>/dev/null)
		[ -n "$cf" ] && [ "$(echo "$cf" | wc -l)" -eq 1 ] ||
		    fail "not one case $cg/$cn"
		cfiles="$cfiles $cf"
	done
	python3 "$TOP/tests/cli/clicase.py" $cfiles ||
	    fail "rule cases of $cg through the command line"
}

# --- the judge's mail bot (judge -r) through the stand-in sendmail ---

SM="$TOP/tests/cli/sendmail.sh"

# bot FILE [STATUS]: the judge's mail bot takes FILE (exit STATUS, 0)
bot() {
	SPOOL=$PWD/spool expect "${2:-0}" "$ADJ" judge -r jr -s "$SM" "$1"
	# the mailers it started and gave nothing were stopped before they
	# read a byte: none was given an empty input
	! ls spool/.empty.* >/dev/null 2>&1 ||
	    fail "a mailer was given an empty input"
}

# nmail: how many mails the stand-in sendmail was given
nmail() {
	ls spool 2>/dev/null | grep -c '\.eml$' || true
}

# jinvite FILE [OPTION...]: alice's invitation to a judged incognito
# game with bob (OPTIONs are new's), the judge jr's, every seat's
# address given, in FILE
jinvite() {
	ji_f=$1
	shift
	"$ADJ" new -k alice.key -m judge -j jr/judge.pub \
	    -a alice=alice@example.org -a bob=bob@example.org \
	    -a judge=judge@club.example "$@" incognito alice.pub bob.pub \
	    >"$ji_f" || fail "new $*"
}

# mstart [OPTION...]: keys, a judged game with addresses (new given the
# OPTIONs too), joined by the judge (jr), alice (AR) and bob (BR) in
# their roots; $G is the game id
mstart() {
	mkdir jr
	"$ADJ" keygen -N -d jr judge 2>/dev/null
	keys alice bob
	jinvite invite.msg "$@"
	"$ADJ" join -r AR -k alice.key invite.msg 2>/dev/null || fail "join AR"
	"$ADJ" join -r BR -k bob.key invite.msg 2>/dev/null || fail "join BR"
	bot invite.msg
	G=$(ls AR)
	[ -d "jr/$G" ] || fail "the judge did not file game $G"
	# its creator is told once what was filed (issue 33, 9), and the
	# spool starts empty for the test
	[ "$(nmail)" -eq 1 ] || fail "not one mail for an invitation"
	[ "$(cat spool/1.rcpt)" = alice@example.org ] ||
	    fail "the acknowledgement went to $(cat spool/1.rcpt)"
	grep -q "^Subject: \[adjudicator\] game $(echo "$G" | cut -c1-8) "`
	    `"filed: alice to begin" spool/1.eml &&
	    grep -q "^Auto-Submitted: auto-replied" spool/1.eml ||
	    fail "the acknowledgement: $(cat spool/1.eml)"
	rm -rf spool
	read_mail=0
}

# filed_told N: the judge told N invitations' creators (alice) they were
# filed, and nothing else; the spool emptied for what the test counts next
filed_told() {
	[ "$(nmail)" -eq "$1" ] || fail "$(nmail) mails, want $1 (filed)"
	[ "$(grep -l '^Subject: \[adjudicator\] game .* filed: alice to begin' \
	    spool/*.eml 2>/dev/null | wc -l)" -eq "$1" ] ||
	    fail "not $1 invitations told filed"
	rm -rf spool
}

# deliver_all: each player reads its mbox (the whole of it, every time:
# what was applied already is a no-op) with receive -r
deliver_all() {
	for s in alice bob; do
		case $s in alice) r=AR ;; bob) r=BR ;; esac
		[ -f "spool/$s@example.org.mbox" ] || continue
		"$ADJ" receive -r "$r" "spool/$s@example.org.mbox" \
		    >"$s.view" 2>"$s.err" || {
			cat "$s.err" >&2
			fail "$s refuses her mailbox"
		}
	done
}

# mplay ROOT FILE VERB ARGS...: a seat's whole mail to the judge, and
# the judge's mails to the seats
mplay() {
	mr=$1 mf=$2 mv=$3
	shift 3
	"$ADJ" "$mv" -M -d "$mr/$G" "$@" >"$mf" 2>merr || {
		cat merr >&2
		fail "$mv -M -d $mr/$G $*"
	}
	bot "$mf"
	deliver_all
}

# wstart OPTIONS...: mstart's game, new given OPTIONS too; $S its short id
wstart() {
	mstart "$@"
	S=$(echo "$G" | cut -c1-16)
}

# ask FILE FROM SUBJECT [STATUS]: a person's mail to the judge
ask() {
	printf 'From: %s\nSubject: %s\nMessage-ID: <%s@example.org>\n\n%s\n' \
	    "$2" "$3" "$1" "hello" >"$1"
	bot "$1" "${4:-0}"
}

# jr_sums: the sums of jr's files but its log and lock
jr_sums() {
	(cd jr && find . -type f ! -name log ! -name lock \
	    -exec sha256sum {} + | sort)
}

# confirm FILE FROM SUBJECT [NOW]: SUBJECT (CHALLENGE, REMATCH, SEEK,
# UNSEEK) mailed without its code, through the test's send (FILE.q):
# answered to FROM alone with the line that confirms it, jr's records
# and games unchanged; that line, SUBJECT and its code, in $C
confirm() {
	jr_sums >confirm.before
	send "$1.q" "$2" "$3" 0 "${4:-$T0}"
	[ "$(cat "$(ls spool/*.rcpt | sort -t/ -k2 -n | tail -1)")" = "$2" ] ||
	    fail "$3: the code not mailed to $2"
	C=$(sed '1,/^$/d' "$(ls spool/*.eml | sort -t/ -k2 -n | tail -1)" |
	    sed -n "s/^    \($3 [0-9a-f]\{16\}\)\$/\1/p")
	[ -n "$C" ] || fail "$3: no line with its code"
	jr_sums | cmp -s - confirm.before ||
	    fail "$3: the root changed before its code came back"
	if grep -q -- "${C##* }" jr/log; then fail "$3: its code in the log"; fi
	return 0
}

# confirmed FILE FROM SUBJECT [STATUS [NOW]]: SUBJECT confirmed
# (confirm; its code's mail then taken out of the spool), then sent with
# its code (FILE)
confirmed() {
	rm -rf spool.keep
	[ ! -d spool ] || cp -R spool spool.keep
	confirm "$1" "$2" "$3" "${5:-$T0}"
	rm -rf spool
	[ ! -d spool.keep ] || mv spool.keep spool
	send "$1" "$2" "$C" "${4:-0}" "${5:-$T0}"
}

# mails_to ADDRESS: the stand-in's mails to ADDRESS, in order
mails_to() {
	grep -lx "$1" spool/*.rcpt 2>/dev/null | sed 's/\.rcpt$/.eml/' |
	    sort -t/ -k2 -n
}

# header_of FILE NAME: the value of header NAME in a mail file
header_of() {
	awk -v n="$2:" '/^$/ { exit } $1 == n { sub(/^[^:]*: */, ""); print }' \
	    "$1"
}

# --- a club of members (ROOT/members), its mails through the stand-in ---

# club_directory NAMES...: jr's address set (judge@club.example) and
# each NAME listed with the key in ./NAME.pub, as REGISTER writes it
club_directory() {
	printf 'address: judge@club.example\n' >jr/judge.yaml
	{
		echo "members:"
		for m in "$@"; do
			printf -- '- name: %s\n  key: %s\n' "$m" "$(cat $m.pub)"
			printf '  address: %s@example.org\n' "$m"
			printf '  since: 2026-11-01T00:00:00Z\n'
		done
	} >jr/members
}

# --- a tournament by mail (formats/tournament.md, "By mail") ---

T0=1796083200		# 2026-12-01T00:00:00Z

# decl_yaml PLAYERS...: a round robin club27 of them, with addresses
decl_yaml() {
	printf 'adjudicator: 1\nkind: tournament\nid: club27\n'
	printf 'name: Club championship 2027\nrules: knights\n'
	printf 'format:\n  type: round-robin\nplayers:\n'
	for p in "$@"; do
		printf -- '- name: %s\n  key: %s\n' "$p" "$(cat "$p.pub")"
		printf '  address: %s@example.org\n' "$p"
	done
}

# tstart PLAYERS...: the judge's root jr (its address set), the players'
# keys and mallory's, and their declaration decl.yaml signed by the
# judge's key into decl.tour
tstart() {
	mkdir jr
	"$ADJ" keygen -N -d jr judge 2>/dev/null
	printf 'address: judge@club.example\n' >jr/judge.yaml
	keys "$@" mallory
	decl_yaml "$@" >decl.yaml
	"$ADJ" tournament declare -k jr/judge.key decl.yaml >decl.tour ||
	    fail "declare"
}

# send FILE FROM SUBJECT [STATUS [NOW|BODY-FILE [NOW]]]: a mail to the
# judge, taken at the test clock (T0, or NOW: digits), its body
# BODY-FILE's
send() {
	case ${5:-} in
	'' | *[!0-9]*) snow=${6:-$T0} sbody=${5:-} ;;
	*) snow=$5 sbody= ;;
	esac
	{
		printf 'From: %s\nSubject: %s\n' "$2" "$3"
		printf 'Message-ID: <%s@example.org>\n\n' "$1"
		[ -z "$sbody" ] || cat "$sbody"
	} >"$1"
	ADJUDICATOR_NOW=$snow SPOOL=$PWD/spool expect "${4:-0}" "$ADJ" \
	    judge -r jr -s "$SM" "$1"
}

# last: the text of the last mail the bot sent
last() {
	f=$(ls spool/*.eml | sort -t/ -k2 -n | tail -1)
	sed '1,/^$/d' "$f"
}

# accept_of P: P's acceptance of decl.tour, armored
accept_of() {
	"$ADJ" tournament accept -k "$1.key" decl.tour >"$1.acc" ||
	    fail "accept $1"
}

# accept_all PLAYERS...: each player's ACCEPT club27, from its address
accept_all() {
	for p in "$@"; do
		accept_of "$p"
		send "a$p.eml" "$p@example.org" "ACCEPT club27" 0 "$p.acc"
	done
}
