#!/bin/sh
# One move with and without the key agent: alice's receive of bob's setup
# then her first turn, early in an incognito game, with her key
#   file:   passphrase-encrypted, its passphrase from a file (an Argon2id
#           derivation per verb: what a move costs without an agent);
#   agent:  the same key held by an agent (one round trip per signature
#           or opened box, no derivation);
#   plain:  unencrypted, loaded in the process (the floor).
# Each sample runs on a fresh copy of alice's directory (not timed); the
# three are sampled in turn so that a change in load falls on all alike.
# Run by run.sh (same environment: ADJ, BENCHBIN, RUNS, WORK).
set -u

: "${ADJ:?ADJ must name the adjudicator binary}"
: "${BENCHBIN:?BENCHBIN must name the bench build directory}"
: "${WORK:?WORK must name a scratch directory}"
here=$(cd "$(dirname "$0")" && pwd)
. "$here/stats.sh"

rm -rf "$WORK"
mkdir -p "$WORK" || fail "cannot create $WORK"
cd "$WORK" || fail "cannot enter $WORK"
unset ADJUDICATOR_AGENT ADJUDICATOR_PASSPHRASE_FILE
echo 'bench words' >pw
chmod 600 pw

# game DIR KEYGEN-OPTION: alice (key as asked) and bob (-N) in DIR, both
# setups made, bob's (b1.msg) not yet received by alice
game() {
	mkdir "$1" && (
	cd "$1" || exit 1
	export ADJUDICATOR_PASSPHRASE_FILE=$WORK/pw
	"$ADJ" keygen $2 alice 2>/dev/null &&
	"$ADJ" keygen -N bob 2>/dev/null &&
	"$ADJ" new -k alice.key incognito alice.pub bob.pub >invite.msg &&
	"$ADJ" join -d A -k alice.key invite.msg 2>/dev/null &&
	"$ADJ" join -d B -k bob.key invite.msg 2>/dev/null &&
	"$ADJ" setup -d A d2 >a1.msg &&
	"$ADJ" receive -d B a1.msg >/dev/null 2>&1 &&
	"$ADJ" setup -d B b4 >b1.msg
	) || fail "cannot set up the game in $1"
}

game enc ""
game plain -N
eval "$("$ADJ" agent -s -S "$WORK/run/agent")" >/dev/null ||
    fail "agent does not start"
trap 'kill "$ADJUDICATOR_AGENT_PID" 2>/dev/null' EXIT
ADJUDICATOR_PASSPHRASE_FILE=$WORK/pw "$ADJ" agent -a enc/alice.key \
    2>/dev/null || fail "agent -a"
AGENT=$ADJUDICATOR_AGENT
unset ADJUDICATOR_AGENT

# sample FILE CMD...: one timed run of CMD, its output discarded
sample() {
	f=$1
	shift
	"$BENCHBIN/peakrss" "$@" 2>t.out >/dev/null ||
	    { cat t.out >&2; fail "$*"; }
	wall t.out >>"$f"
}

# move HOW DIR [ENV...]: receive then turn on a fresh copy of DIR/A
move() {
	how=$1 d=$2
	shift 2
	rm -rf copy && cp -a "$d/A" copy && sync
	sample "receive.$how" env "$@" "$ADJ" receive -d copy "$d/b1.msg"
	sample "turn.$how" env "$@" "$ADJ" turn -d copy e3-c3
}

for h in file agent plain; do
	: >"receive.$h"
	: >"turn.$h"
done
i=0
while [ "$i" -lt "$RUNS" ]; do
	i=$((i + 1))
	move file enc "ADJUDICATOR_PASSPHRASE_FILE=$WORK/pw"
	move agent enc "ADJUDICATOR_AGENT=$AGENT"
	move plain plain
done
"$ADJ" agent -l >/dev/null 2>&1 || true
ADJUDICATOR_AGENT=$AGENT "$ADJ" agent -k >/dev/null

printf "\n%-40s %s\n" "one move with a key agent, ms" \
    "median [min - max] of $RUNS"
for h in file agent plain; do
	case $h in
	file) what="passphrase file" ;;
	agent) what="key in the agent" ;;
	plain) what="unencrypted key" ;;
	esac
	for v in receive turn; do
		stats "$v.$h" | awk -v w="$v, $what" '{
			printf "%-40s %8.1f [%8.1f - %8.1f]\n", w, $1 * 1000,
			    $2 * 1000, $3 * 1000 }'
	done
	paste "receive.$h" "turn.$h" | awk '{ print $1 + $2 }' >"move.$h"
done
set -- $(stats move.file)
f=$1
set -- $(stats move.agent)
a=$1
set -- $(stats move.plain)
p=$1
awk -v f="$f" -v a="$a" -v p="$p" 'BEGIN {
	printf "%-40s %8.1f ms, %.1f ms, %.1f ms\n",
	    "  a move: file, agent, unencrypted", f * 1000, a * 1000, p * 1000
	printf "%-40s %8.2f\n", "  a move: file / agent", f / a
	printf "%-40s %8.1f ms\n", "  the agent over an unencrypted key",
	    (a - p) * 1000 }'
