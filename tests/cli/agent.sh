# The key agent (adjudicator agent): one passphrase per sitting through a
# terminal, lifetimes on a test clock, the socket's guards (another uid,
# an unsafe socket, a stale one), no key in what a core dump would hold,
# concurrent clients, lock, confirmation, the judge's preset key.  Raw
# frames go through tests/cli/agentraw.py.  Each test stops its agent.

RAW="$TOP/tests/cli/agentraw.py"

# ekeys NAME...: passphrase-encrypted keys; the passphrase is in ./pw
ekeys() {
	[ -f pw ] || { echo 'correct horse' >pw; chmod 600 pw; }
	for n in "$@"; do
		ADJUDICATOR_PASSPHRASE_FILE=$PWD/pw "$ADJ" keygen "$n" \
		    2>/dev/null || fail "keygen $n"
	done
}

# agent_start [OPTIONS...]: an agent at ./run/agent, its variables
# exported; it is stopped when the test ends, whatever happens
agent_start() {
	eval "$("$ADJ" agent -s -S "$PWD/run/agent" "$@")" ||
	    fail "agent does not start"
	[ -S "$ADJUDICATOR_AGENT" ] || fail "no socket at $ADJUDICATOR_AGENT"
	trap 'kill "$ADJUDICATOR_AGENT_PID" 2>/dev/null || true' EXIT
}

# add KEY [OPTIONS...]: KEY unlocked into the agent with ./pw
add() {
	k=$1
	shift
	ADJUDICATOR_PASSPHRASE_FILE=$PWD/pw "$ADJ" agent -a "$k" "$@" \
	    2>aerr || { cat aerr >&2; fail "agent -a $k"; }
}

# sealed: seal signs with alice's key, which only the agent can give
# (no passphrase file, no terminal): exit status 0 when it did
sealed() {
	printf 'a: 1\n' >body.yaml
	(unset ADJUDICATOR_PASSPHRASE_FILE; "$ADJ" seal -k alice.key bob.pub \
	    body.yaml </dev/null >sealed.msg 2>serr)
}

# gone PID: PID (not a child: a daemon) ends within 10 s
gone() {
	i=0
	while kill -0 "$1" 2>/dev/null; do
		[ $i -lt 100 ] || return 1
		i=$((i + 1))
		sleep 0.1
	done
}

# prompts FILE: how many passphrase prompts a terminal showed
prompts() {
	grep -o 'passphrase for' "$1" | wc -l
}

test_agent_one_prompt_per_move() {
	ekeys alice
	keys bob
	export ADJUDICATOR_PASSPHRASE_FILE=$PWD/pw
	"$ADJ" new -k alice.key incognito alice.pub bob.pub >invite.msg
	"$ADJ" join -d A -k alice.key invite.msg 2>/dev/null
	"$ADJ" join -d B -k bob.key invite.msg 2>/dev/null
	"$ADJ" setup -d A d2 >a1.msg
	deliver B a1.msg
	"$ADJ" setup -d B b4 >b1.msg
	unset ADJUDICATOR_PASSPHRASE_FILE
	cp -R A A0
	move='"$ADJ" receive -d "$D" b1.msg >/dev/null && "$ADJ" turn -d "$D" e3-c3 >"$D.msg"'
	# without an agent a move asks twice
	D=A0 on_tty 0 'correct horse' 'correct horse' -- sh -c "D=A0; $move"
	[ "$(prompts err.tty)" -eq 2 ] || fail "without an agent: $(prompts err.tty) prompts"
	agent_start
	D=A on_tty 0 'correct horse' -- sh -c "D=A; $move"
	[ "$(prompts err.tty)" -eq 1 ] || fail "with an agent: $(prompts err.tty) prompts"
	deliver B A.msg
	expect 0 "$ADJ" agent -l
	out_has ' alice: forgotten in [0-9]*m[0-9]*s unless used, in [0-9]*h[0-9]*m[0-9]*s at the latest$'
	# the next move of the sitting asks nothing
	"$ADJ" turn -d B b4-b3 >b2.msg
	on_tty 0 -- sh -c '"$ADJ" receive -d A b2.msg >/dev/null &&
	    "$ADJ" turn -d A e2-d3 >a3.msg'
	[ "$(prompts err.tty)" -eq 0 ] || fail "a prompt in the same sitting"
	deliver B a3.msg
}

test_agent_lifetimes_on_a_test_clock() {
	ekeys alice
	keys bob
	echo 1000 >clock
	export ADJUDICATOR_AGENT_TEST_CLOCK=$PWD/clock
	agent_start
	add alice.key
	expect 0 "$ADJ" agent -l
	out_has ' alice: forgotten in 10m00s unless used, in 2h00m00s at the latest$'
	echo 1599 >clock
	sealed || fail "not served 599 s after adding"
	# a use starts the idle time again: 600 s from 1599
	echo 2198 >clock
	expect 0 "$ADJ" agent -l
	out_has ' alice: forgotten in 1s unless used, in 1h40m02s at the latest$'
	sealed || fail "not served 599 s after its last use"
	i=2797
	while [ $i -lt 8200 ]; do
		echo $i >clock
		sealed || fail "forgotten at $i, used every 599 s"
		i=$((i + 599))
	done
	# 7,200 s after it was added, used or not
	echo 8200 >clock
	sealed && fail "still served 7200 s after it was added"
	grep -q 'no passphrase' serr || fail "not the file's prompt"
	expect 1 "$ADJ" agent -l
	err_has 'holds no keys'
	# idle: 600 s after the last use
	add alice.key
	echo 8799 >clock
	expect 0 "$ADJ" agent -l
	out_has ' alice: forgotten in 1s unless used, in 1h50m01s at the latest$'
	echo 8800 >clock
	expect 1 "$ADJ" agent -l
	# a key's own lifetimes, and no limit
	add alice.key -t 1m -T 0
	expect 0 "$ADJ" agent -l
	out_has ' alice: forgotten in 1m00s unless used$'
	echo 8859 >clock
	sealed || fail "forgotten before its own 60 s"
	echo 8919 >clock
	sealed && fail "served 60 s after its last use"
	true
}

test_agent_lifetimes_set_at_start() {
	ekeys alice
	echo 50 >clock
	export ADJUDICATOR_AGENT_TEST_CLOCK=$PWD/clock
	agent_start -t 90 -T 2h
	add alice.key
	expect 0 "$ADJ" agent -l
	out_has ' alice: forgotten in 1m30s unless used, in 2h00m00s at the latest$'
	echo 140 >clock
	expect 1 "$ADJ" agent -l
	expect 2 "$ADJ" agent -t 5x
	err_has 'not a lifetime'
}

test_agent_starts_for_eval() {
	mkdir -m 700 rt
	XDG_RUNTIME_DIR=$PWD/rt SHELL=/bin/sh "$ADJ" agent >env.sh ||
	    fail "agent"
	. ./env.sh >/dev/null
	trap 'kill "$ADJUDICATOR_AGENT_PID" 2>/dev/null || true' EXIT
	grep -q "^ADJUDICATOR_AGENT='$PWD/rt/adjudicator/agent'; export ADJUDICATOR_AGENT;$" env.sh ||
	    { cat env.sh >&2; fail "no sh line"; }
	grep -q '^echo Agent pid [0-9]*;$' env.sh || fail "no pid"
	d=$(dirname "$ADJUDICATOR_AGENT")
	[ "$(stat -c %a "$d")" = 700 ] || fail "directory mode $(stat -c %a "$d")"
	[ "$(stat -c %a "$ADJUDICATOR_AGENT")" = 600 ] || fail "socket mode"
	SHELL=/bin/tcsh "$ADJ" agent -k >stop.csh || fail "agent -k"
	grep -qx 'unsetenv ADJUDICATOR_AGENT;' stop.csh || fail "no csh line"
	# stopped: its socket and its directory are gone
	[ ! -e "$d" ] || fail "$d left behind"
	gone "$ADJUDICATOR_AGENT_PID" || fail "still running"
	TMPDIR=$PWD/rt XDG_RUNTIME_DIR= SHELL=/bin/csh "$ADJ" agent >env.csh
	grep -q "^setenv ADJUDICATOR_AGENT '$PWD/rt/adjudicator-$(id -u)/agent';$" env.csh ||
	    fail "no csh setenv from TMPDIR"
	ADJUDICATOR_AGENT_PID=$(sed -n 's/^setenv ADJUDICATOR_AGENT_PID \([0-9]*\);/\1/p' env.csh)
	kill "$ADJUDICATOR_AGENT_PID"
}

test_agent_forget_lock_stop() {
	ekeys alice bob
	agent_start
	add alice.key
	add bob.key
	expect 0 "$ADJ" agent -l
	[ "$(wc -l <out)" -eq 2 ] || fail "two keys"
	expect 0 "$ADJ" agent -d bob.pub
	expect 0 "$ADJ" agent -l
	[ "$(wc -l <out)" -eq 1 ] || fail "bob not forgotten"
	expect 1 "$ADJ" agent -d bob.key
	err_has "is not held"
	add bob.key
	id=$(cut -d' ' -f3 bob.pub)
	expect 0 "$ADJ" agent -d "$id"
	expect 0 "$ADJ" agent -l
	out_has ' alice:'
	# locked: nothing is served, listed nor added until unlocked
	echo 'lock words' >lockpw
	ADJUDICATOR_PASSPHRASE_FILE=$PWD/lockpw expect 0 "$ADJ" agent -x
	sealed && fail "served while locked"
	expect 1 "$ADJ" agent -l
	err_has 'locked (agent -X unlocks it)'
	ADJUDICATOR_PASSPHRASE_FILE=$PWD/pw expect 1 "$ADJ" agent -a bob.key
	err_has 'locked'
	ADJUDICATOR_PASSPHRASE_FILE=$PWD/pw expect 1 "$ADJ" agent -X
	err_has 'wrong passphrase; still locked'
	ADJUDICATOR_PASSPHRASE_FILE=$PWD/lockpw expect 0 "$ADJ" agent -X
	sealed || fail "not served once unlocked"
	expect 0 "$ADJ" agent -D
	expect 1 "$ADJ" agent -l
	add alice.key
	expect 0 "$ADJ" agent -k
	out_has '^unset ADJUDICATOR_AGENT;$'
	[ ! -e "$ADJUDICATOR_AGENT" ] || fail "socket left behind"
	expect 4 "$ADJ" agent -l
	err_has 'none listens'
	sealed && fail "served by a stopped agent"
	true
}

test_agent_confirms_each_use() {
	ekeys alice
	keys bob
	cat >ask <<-EOF
	#!/bin/sh
	printf '%s\n' "\$1" >>"$PWD/asked"
	exec test -f "$PWD/yes"
	EOF
	chmod +x ask
	unset SSH_ASKPASS
	# an agent with no way to ask takes no key that wants asking
	agent_start
	ADJUDICATOR_PASSPHRASE_FILE=$PWD/pw expect 1 "$ADJ" agent -a alice.key -c
	err_has 'cannot ask for confirmation'
	"$ADJ" agent -k >/dev/null
	export ADJUDICATOR_ASKPASS=$PWD/ask
	agent_start
	unset ADJUDICATOR_ASKPASS
	add alice.key -c
	expect 0 "$ADJ" agent -l
	out_has 'each use confirmed'
	sealed && fail "served without a yes"
	grep -q 'adjudicator agent: allow pid [0-9]* (adjudicator) to sign with key alice ([0-9a-f]*)?' asked ||
	    { cat asked >&2; fail "no question"; }
	grep -q 'use of key [0-9a-f]* not confirmed' serr || fail "no refusal"
	touch yes
	sealed || fail "not served with a yes"
	[ "$(wc -l <asked)" -eq 2 ] || fail "asked $(wc -l <asked) times"
}

test_agent_refuses_another_uid() {
	[ "$(id -u)" -eq 0 ] || { echo "SKIP: needs root" >&2; return 0; }
	need setpriv
	py=/usr/bin/python3
	[ -x "$py" ] || fail "$py is needed for this test"
	agent_start
	# a socket opened to everyone by mistake: the uid check still holds
	chmod 711 . run
	chmod 666 run/agent
	setpriv --reuid=65534 --regid=65534 --clear-groups \
	    "$py" "$RAW" "$PWD/run/agent" 5 >raw.out 2>&1 ||
	    { cat raw.out >&2; fail "could not connect as uid 65534"; }
	grep -qx '1 uid 65534 may not use this agent' raw.out ||
	    { cat raw.out >&2; fail "uid 65534 not refused"; }
	# this user's clients refuse the socket that others may use
	ekeys alice
	keys bob
	ADJUDICATOR_PASSPHRASE_FILE=$PWD/pw expect 1 "$ADJ" agent -a alice.key
	err_has 'a socket others may use'
	# and an agent of another uid: this user's keys never go there
	chmod 600 run/agent
	chmod 700 run
	"$ADJ" agent -k >/dev/null
	mkdir -m 777 other
	cp "$ADJ" other/adj
	setpriv --reuid=65534 --regid=65534 --clear-groups \
	    other/adj agent -s -S "$PWD/other/run/agent" >other.env
	pid=$(sed -n 's/^ADJUDICATOR_AGENT_PID=\([0-9]*\);.*/\1/p' other.env)
	trap 'kill "$pid" 2>/dev/null || true' EXIT
	ADJUDICATOR_AGENT=$PWD/other/run/agent \
	    ADJUDICATOR_PASSPHRASE_FILE=$PWD/pw expect 0 "$ADJ" seal \
	    -k alice.key bob.pub "$TOP/formats/samples/body.yaml"
	err_has 'warning: agent .*other/run/agent: a socket others may use (owner 65534'
	python3 "$RAW" "$PWD/other/run/agent" 5 >raw.out 2>&1
	grep -qx '1 uid 0 may not use this agent' raw.out ||
	    { cat raw.out >&2; fail "root not refused by uid 65534's agent"; }
}

# scan PID OUT NEEDLE...: what a core dump of PID would hold (each
# mapping it may read but the ones marked "do not dump") searched for
# each hex NEEDLE; OUT gets one line "NEEDLE found|absent" each
scan() {
	python3 - "$@" <<-'PY'
	import re, sys
	pid, out, needles = sys.argv[1], sys.argv[2], sys.argv[3:]
	found = dict((n, False) for n in needles)
	maps = open('/proc/%s/smaps' % pid).read().split('\n')
	regions, cur = [], None
	for line in maps:
	    m = re.match(r'^([0-9a-f]+)-([0-9a-f]+) (\S+)', line)
	    if m:
	        cur = [int(m.group(1), 16), int(m.group(2), 16), m.group(3), False]
	        regions.append(cur)
	    elif line.startswith('VmFlags:') and cur is not None:
	        cur[3] = ' dd' in line + ' '
	mem = open('/proc/%s/mem' % pid, 'rb', 0)
	step = 1 << 22
	for lo, hi, perm, dd in regions:
	    # a sanitizer's shadow (terabytes reserved) is not the program's
	    if dd or perm[0] != 'r' or hi - lo > 1 << 30:
	        continue
	    prev = b''
	    for at in range(lo, hi, step):
	        try:
	            mem.seek(at)
	            data = mem.read(min(step, hi - at))
	        except (OSError, ValueError, OverflowError):
	            break
	        for n in needles:
	            if bytes.fromhex(n) in prev[-64:] + data:
	                found[n] = True
	        prev = data
	with open(out, 'w') as f:
	    for n in needles:
	        f.write('%s %s\n' % (n, 'found' if found[n] else 'absent'))
	PY
}

# halves KEYFILE: the hex of an unencrypted key file's two secret halves
# (the Ed25519 seed and the X25519 key: formats/key.md)
halves() {
	python3 - "$1" <<-'PY'
	import base64, sys
	lines = open(sys.argv[1]).read().split('\n')
	b64 = ''.join(l for l in lines if l and not l.startswith('-----'))
	rec = base64.b64decode(b64)
	p = 72
	print(rec[p:p + 32].hex(), rec[p + 64:p + 96].hex())
	PY
}

test_agent_core_dump_holds_no_key() {
	[ "$(id -u)" -eq 0 ] || { echo "SKIP: needs root" >&2; return 0; }
	need python3
	keys alice bob
	mkdir -m 700 run
	ulimit -c unlimited
	"$ADJ" agent -f -S "$PWD/run/agent" >env.sh 2>agent.err &
	pid=$!
	trap 'kill "$pid" 2>/dev/null || true' EXIT
	i=0
	while [ ! -S run/agent ] && [ $i -lt 100 ]; do
		i=$((i + 1))
		sleep 0.1
	done
	export ADJUDICATOR_AGENT=$PWD/run/agent
	"$ADJ" agent -a alice.key 2>/dev/null || fail "agent -a"
	# used: a signature and a sealed box opened, through raw requests
	id=$(cut -d' ' -f3 alice.pub)
	python3 "$RAW" "$ADJUDICATOR_AGENT" 1 "$id" | grep -q '^0 ' ||
	    fail "the key is not held"
	set -- $(halves alice.key)
	path=$(printf %s "$ADJUDICATOR_AGENT" | od -An -tx1 | tr -d ' \n')
	scan "$pid" scan.out "$1" "$2" "$path"
	# the scan reads the agent's ordinary memory: its socket path is there
	grep -qx "$path found" scan.out || { cat scan.out >&2; fail "scan blind"; }
	grep -qx "$1 absent" scan.out || fail "the signing seed is in dumped memory"
	grep -qx "$2 absent" scan.out || fail "the box key is in dumped memory"
	# killed: no core at all, where this system writes a plain file
	case $(cat /proc/sys/kernel/core_pattern) in
	'|'*|*/*) echo "SKIP: cores are piped or placed elsewhere" >&2 ;;
	*)
		sh -c 'kill -SEGV $$' 2>/dev/null || true
		ls | grep -q '^core' || { echo "SKIP: this system writes no core" >&2; return 0; }
		rm -f core*
		kill -SEGV "$pid"
		wait "$pid" 2>/dev/null || true
		ls | grep -q '^core' && fail "a core dump of the agent"
		;;
	esac
	true
}

test_agent_stale_socket_cleaned() {
	ekeys alice
	keys bob
	mkdir -m 700 run
	"$ADJ" agent -f -S "$PWD/run/agent" >/dev/null 2>&1 &
	pid=$!
	i=0
	while [ ! -S run/agent ] && [ $i -lt 100 ]; do
		i=$((i + 1))
		sleep 0.1
	done
	kill -KILL "$pid"
	wait "$pid" 2>/dev/null || true
	[ -S run/agent ] || fail "no socket left by a killed agent"
	# a stale socket: the verbs go on with the file, saying so
	ADJUDICATOR_AGENT=$PWD/run/agent ADJUDICATOR_PASSPHRASE_FILE=$PWD/pw \
	    expect 0 "$ADJ" seal -k alice.key bob.pub "$TOP/formats/samples/body.yaml"
	one_line
	err_has "warning: no agent answers at $PWD/run/agent; the key file is used"
	# a new agent there removes it
	agent_start
	add alice.key
	# but never takes over a live one: it is the one (-f: refused)
	expect 0 "$ADJ" agent -s -S "$PWD/run/agent"
	out_has "^ADJUDICATOR_AGENT_PID=$ADJUDICATOR_AGENT_PID;"
	expect 1 "$ADJ" agent -f -S "$PWD/run/agent"
	err_has 'an agent listens here already'
	expect 1 "$ADJ" agent -S "$PWD/pw/agent"
	# a killed agent's socket at the user's own place: the next agent
	# takes its place, and the directories of earlier versions' agents
	# (adjudicator-XXXXXX/agent.PID) are swept
	mkdir -m 700 tmp
	TMPDIR=$PWD/tmp XDG_RUNTIME_DIR= "$ADJ" agent -s >k.env
	kpid=$(sed -n 's/^ADJUDICATOR_AGENT_PID=\([0-9]*\);.*/\1/p' k.env)
	kill -KILL "$kpid"
	gone "$kpid" || fail "not killed"
	[ -S "tmp/adjudicator-$(id -u)/agent" ] || fail "no socket left behind"
	"$ADJ" agent -f -S "$PWD/tmp/adjudicator-old123/agent.1" \
	    >/dev/null 2>&1 &
	pid=$!
	i=0
	while [ ! -S tmp/adjudicator-old123/agent.1 ] && [ $i -lt 100 ]; do
		i=$((i + 1))
		sleep 0.1
	done
	kill -KILL "$pid"
	wait "$pid" 2>/dev/null || true
	TMPDIR=$PWD/tmp XDG_RUNTIME_DIR= "$ADJ" agent -s >n.env
	npid=$(sed -n 's/^ADJUDICATOR_AGENT_PID=\([0-9]*\);.*/\1/p' n.env)
	[ "$npid" != "$kpid" ] || fail "the killed agent's pid printed"
	kill "$npid"
	[ ! -e tmp/adjudicator-old123 ] || fail "tmp/adjudicator-old123 not swept"
}

test_agent_concurrent_clients() {
	need python3
	ekeys alice
	keys bob
	agent_start
	add alice.key
	# a client that sends half a frame and stalls holds only its slot
	python3 "$RAW" "$ADJUDICATOR_AGENT" stall >stall.out &
	spid=$!
	trap 'kill "$spid" "$ADJUDICATOR_AGENT_PID" 2>/dev/null || true' EXIT
	i=0
	while ! grep -q stalled stall.out && [ $i -lt 100 ]; do
		i=$((i + 1))
		sleep 0.1
	done
	printf 'a: 1\n' >body.yaml
	pids=
	for n in 1 2 3 4 5 6; do
		(unset ADJUDICATOR_PASSPHRASE_FILE
		for m in 1 2 3 4 5; do
			timeout 20 "$ADJ" seal -k alice.key bob.pub body.yaml \
			    </dev/null >"out.$n.$m" 2>"err.$n.$m" || exit 1
		done) &
		pids="$pids $!"
	done
	bad=0
	for job in $pids; do
		wait "$job" || bad=$((bad + 1))
	done
	[ "$bad" -eq 0 ] || { cat err.*.* >&2; fail "$bad clients failed"; }
	for f in out.*.*; do
		"$ADJ" open -k bob.key -p alice.pub "$f" >/dev/null 2>&1 ||
		    fail "$f: not a good message"
	done
	kill "$spid"
}

test_agent_signs_adjudicator_messages_only() {
	need python3
	keys alice
	agent_start
	"$ADJ" agent -a alice.key 2>/dev/null
	id=$(cut -d' ' -f3 alice.pub)
	expect 0 python3 "$RAW" "$ADJUDICATOR_AGENT" 2 "${id}00112233"
	out_has "^1 key $id signs adjudicator messages of its own only$"
	# the domain tag, then a blob naming another key
	tag=$(printf 'adjudicator signed message v1' | od -An -tx1 | tr -d ' \n')
	expect 0 python3 "$RAW" "$ADJUDICATOR_AGENT" 2 "${id}${tag}0041444a5301000000$(printf '%0128d' 0)"
	out_has "signs adjudicator messages of its own only"
	expect 0 python3 "$RAW" "$ADJUDICATOR_AGENT" 2 "0000000000000000${tag}00"
	out_has '^2 key 0000000000000000 is not held$'
	expect 0 python3 "$RAW" -v 2 "$ADJUDICATOR_AGENT" 5
	out_has '^3 protocol version 2; this agent speaks 1$'
	expect 0 python3 "$RAW" "$ADJUDICATOR_AGENT" 42
	out_has '^3 unknown request 42$'
	expect 0 python3 "$RAW" "$ADJUDICATOR_AGENT" 4 00
	out_has '^3 not a key to add$'
	expect 0 python3 "$RAW" "$ADJUDICATOR_AGENT" 3 "${id}00"
	out_has '^3 a sealed box of 1 bytes$'
	# an add request larger than guarded memory takes is not read
	expect 0 python3 "$RAW" "$ADJUDICATOR_AGENT" 4 "$(printf '%09000d' 0)"
	out_has '^3 only a sign request may be larger than 4096 bytes$'
}

test_agent_unsafe_or_missing_socket_falls_back() {
	ekeys alice
	keys bob
	export ADJUDICATOR_PASSPHRASE_FILE=$PWD/pw
	body=$TOP/formats/samples/body.yaml
	# none there: the file, and one line that says so
	ADJUDICATOR_AGENT=$PWD/none expect 0 "$ADJ" seal -k alice.key bob.pub "$body"
	one_line
	err_has "^adjudicator: warning: no agent answers at $PWD/none; the key file is used$"
	agent_start
	# a directory others may write into: someone could swap the socket
	chmod 777 run
	expect 0 "$ADJ" seal -k alice.key bob.pub "$body"
	err_has "warning: agent $PWD/run/agent: in a directory others may write into (owner $(id -u), mode 0777); not used"
	chmod 700 run
	expect 1 "$ADJ" agent -l
	# not a socket
	ADJUDICATOR_AGENT=$PWD/pw expect 0 "$ADJ" seal -k alice.key bob.pub "$body"
	err_has 'not a socket'
	# an unencrypted key is never asked of an agent, nor given to it
	keys carol
	expect 0 "$ADJ" seal -k carol.key bob.pub "$body"
	expect 1 "$ADJ" agent -l
}

test_agent_judge_preset_at_boot() {
	SM="$TOP/tests/cli/sendmail.sh"
	mkdir jr
	ekeys alice
	keys bob
	mv pw judge.pw
	echo 'judge words' >pw
	chmod 600 pw
	ADJUDICATOR_PASSPHRASE_FILE=$PWD/pw "$ADJ" keygen -d jr judge 2>/dev/null
	mv judge.pw pw.alice
	ADJUDICATOR_PASSPHRASE_FILE=$PWD/pw.alice "$ADJ" new -k alice.key -m judge \
	    -j jr/judge.pub -a alice=alice@example.org -a bob=bob@example.org \
	    -a judge=judge@club.example \
	    incognito alice.pub bob.pub >invite.msg
	# at boot: the agent, the judge's key from a passphrase file read once
	agent_start -t 0 -T 0
	add jr/judge.key -t 0 -T 0
	rm pw
	expect 0 "$ADJ" agent -l
	out_has ' judge: never forgotten$'
	# the mail bot, as procmail runs it: no passphrase anywhere
	SPOOL=$PWD/spool expect 0 "$ADJ" judge -r jr -s "$SM" invite.msg </dev/null
	ADJUDICATOR_PASSPHRASE_FILE=$PWD/pw.alice "$ADJ" join -r AR -k alice.key invite.msg 2>/dev/null
	G=$(ls AR)
	ADJUDICATOR_PASSPHRASE_FILE=$PWD/pw.alice "$ADJ" setup -M -d "AR/$G" d2 >a1.eml
	SPOOL=$PWD/spool expect 0 "$ADJ" judge -r jr -s "$SM" a1.eml </dev/null
	# the invitation told alice it was filed, then the two updates
	[ "$(ls spool | grep -c '\.eml$')" -eq 3 ] || fail "no updates mailed"
	grep -q 'verdict=applied' jr/log || fail "not applied"
}

test_agent_usage() {
	expect 2 "$ADJ" agent -l -k
	expect 2 "$ADJ" agent -c
	expect 2 "$ADJ" agent -l -t 5
	expect 2 "$ADJ" agent -f -l
	expect 2 "$ADJ" agent extra
	# not set: the agent at this user's own place, none here
	(unset ADJUDICATOR_AGENT; expect 4 "$ADJ" agent -l
	err_has "none listens at $TMPDIR/adjudicator-$(id -u)/agent (start one: eval")
}

test_agent_started_by_the_first_verb() {
	ekeys alice
	keys bob
	body=$TOP/formats/samples/body.yaml
	export ADJUDICATOR_AGENT=$PWD/run/agent
	# unencrypted keys need no agent: none is started for them
	ADJUDICATOR_AGENT_START=yes expect 0 "$ADJ" seal -k bob.key alice.pub "$body"
	[ ! -e run ] || fail "an agent started for an unencrypted key"
	# asked for: started, and given the key the verb prompted for
	ADJUDICATOR_AGENT_START=yes ADJUDICATOR_PASSPHRASE_FILE=$PWD/pw \
	    expect 0 "$ADJ" seal -k alice.key bob.pub "$body"
	[ ! -s err ] || { cat err >&2; fail "said something"; }
	[ -S run/agent ] || fail "no agent started"
	trap '"$ADJ" agent -k >/dev/null 2>&1 || true' EXIT
	sealed || fail "the key is not in the agent"
	expect 0 "$ADJ" agent -l
	out_has ' alice: forgotten in'
	"$ADJ" agent -k >/dev/null
	# not asked for: the file, and no agent
	ADJUDICATOR_PASSPHRASE_FILE=$PWD/pw expect 0 "$ADJ" seal -k alice.key \
	    bob.pub "$body"
	[ ! -e run/agent ] || fail "an agent started unasked"
}

# agent -s at every login: one agent per user, not one per login
test_agent_s_reuses_the_running_agent() {
	ekeys alice
	keys bob
	unset ADJUDICATOR_AGENT
	expect 0 "$ADJ" agent -s
	cp out first.env
	. ./first.env >/dev/null
	trap 'kill "$ADJUDICATOR_AGENT_PID" 2>/dev/null || true' EXIT
	sock=$TMPDIR/adjudicator-$(id -u)/agent
	[ "$ADJUDICATOR_AGENT" = "$sock" ] || fail "socket $ADJUDICATOR_AGENT"
	[ "$(stat -c %a "$(dirname "$sock")")" = 700 ] || fail "directory mode"
	kill -0 "$ADJUDICATOR_AGENT_PID" || fail "pid $ADJUDICATOR_AGENT_PID"
	add alice.key
	# the next login, and the one after: the same lines, the same agent
	for login in 2 3; do
		(unset ADJUDICATOR_AGENT ADJUDICATOR_AGENT_PID
		expect 0 "$ADJ" agent -s
		cmp -s out first.env || { cat out >&2; fail "login $login"; })
	done
	pid=$ADJUDICATOR_AGENT_PID
	# lifetimes asked of it are not its own: said
	(unset ADJUDICATOR_AGENT ADJUDICATOR_AGENT_PID
	expect 0 "$ADJ" agent -s -t 1h
	cmp -s out first.env || { cat out >&2; fail "with -t"; }
	one_line
	err_has "warning: an agent runs at $sock already: its own lifetimes hold")
	(unset ADJUDICATOR_AGENT ADJUDICATOR_AGENT_PID
	SHELL=/bin/csh expect 0 "$ADJ" agent
	out_has "^setenv ADJUDICATOR_AGENT_PID $pid;$"
	# the key added at the first login serves the others
	expect 0 "$ADJ" agent -s
	. ./out >/dev/null
	sealed || fail "not served at another login"
	# and agent -l finds it without ADJUDICATOR_AGENT
	expect 0 "$ADJ" agent -l
	out_has ' alice: forgotten in')
	# $XDG_RUNTIME_DIR when it is the user's: an agent there of its own
	mkdir -m 700 rt
	(XDG_RUNTIME_DIR=$PWD/rt expect 0 "$ADJ" agent -s
	out_has "^ADJUDICATOR_AGENT='$PWD/rt/adjudicator/agent';"
	. ./out >/dev/null
	kill "$ADJUDICATOR_AGENT_PID")
	# one another user could write into (su keeps it): not used
	mkdir -m 777 rt2
	(XDG_RUNTIME_DIR=$PWD/rt2 expect 0 "$ADJ" agent -s
	cmp -s out first.env || { cat out >&2; fail "rt2 used"; })
	[ ! -e rt2/adjudicator ] || fail "an agent under rt2"
	"$ADJ" agent -k >/dev/null
	gone "$ADJUDICATOR_AGENT_PID" || fail "still running"
}

# the private place under the temporary directory is checked: this
# user's, mode 0700, no symlink
test_agent_private_directory_checked() {
	mkdir -m 755 t1 t2 victim
	chmod 700 victim
	mkdir -m 755 "t1/adjudicator-$(id -u)"
	(TMPDIR=$PWD/t1 expect 1 "$ADJ" agent -s
	one_line
	err_has "t1/adjudicator-$(id -u): not a directory of this user closed to others (owner $(id -u), mode 0755)")
	ln -s "$PWD/victim" "t2/adjudicator-$(id -u)"
	(TMPDIR=$PWD/t2 expect 1 "$ADJ" agent -s
	err_has "t2/adjudicator-$(id -u): not a directory of this user")
	[ -z "$(ls victim)" ] || fail "a socket through the symlink"
}

# ADJUDICATOR_AGENT set and nobody there, or an agent asked for that
# cannot start: one line on stderr, and the key file and its prompt
test_agent_unreachable_or_not_started_says_so() {
	ekeys alice
	keys bob
	body=$TOP/formats/samples/body.yaml
	ADJUDICATOR_AGENT=$PWD/none ADJUDICATOR_PASSPHRASE_FILE=$PWD/pw \
	    expect 0 "$ADJ" seal -k alice.key bob.pub "$body"
	one_line
	err_has "warning: no agent answers at $PWD/none; the key file is used"
	# the documented recipe without a runtime directory: where no agent
	# can be made (here: under a file)
	export ADJUDICATOR_AGENT_START=yes
	ADJUDICATOR_AGENT=$PWD/pw/adjudicator/agent \
	    ADJUDICATOR_PASSPHRASE_FILE=$PWD/pw \
	    expect 0 "$ADJ" seal -k alice.key bob.pub "$body"
	one_line
	err_has "^adjudicator: warning: no agent could be started at $PWD/pw/adjudicator/agent: $PWD/pw/adjudicator: Not a directory; the key file is used$"
	# no passphrase at hand either: the warning, then the file's refusal
	ADJUDICATOR_AGENT=$PWD/pw/adjudicator/agent expect 2 "$ADJ" seal \
	    -k alice.key bob.pub "$body" </dev/null
	err_has 'warning: no agent could be started'
	err_has 'no passphrase'
	# ADJUDICATOR_AGENT not set: started at this user's own place
	unset ADJUDICATOR_AGENT
	ADJUDICATOR_PASSPHRASE_FILE=$PWD/pw expect 0 "$ADJ" seal -k alice.key \
	    bob.pub "$body"
	[ ! -s err ] || { cat err >&2; fail "said something"; }
	sock=$TMPDIR/adjudicator-$(id -u)/agent
	[ -S "$sock" ] || fail "no agent at $sock"
	trap 'ADJUDICATOR_AGENT=$sock "$ADJ" agent -k >/dev/null 2>&1 || true' EXIT
	sealed || fail "the key is not in the agent"
	expect 0 "$ADJ" agent -k
}
