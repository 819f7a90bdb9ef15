#!/bin/sh
# A whole game of incognito by "e-mail": alice and bob each keep their own
# game directory and pass armored message files (what they would mail to
# each other).  Alice's interrogation finds bob's spy; both seats then open
# their setups and the archive is audited.  Runs in a temporary directory
# that it removes (or in KEEP=DIR, kept); exits non-zero if any step fails.
#   ADJ=build/adjudicator sh examples/play-incognito.sh
#   make example KEEP=/tmp/game
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
ADJ=${ADJ:-$top/build/adjudicator}
case $ADJ in /*) ;; */*) ADJ=$(pwd)/$ADJ ;; esac
[ -x "$ADJ" ] || { echo "play-incognito: build first (make)" >&2; exit 4; }
# KEEP=DIR: play in DIR (made if missing, refused if not empty) and keep
# it, to look at the keys, messages and game directories afterwards.
KEEP=${KEEP:-}
if [ -n "$KEEP" ]; then
	mkdir -p "$KEEP" || exit 4
	[ -z "$(ls -A "$KEEP")" ] || {
		echo "play-incognito: $KEEP is not empty" >&2
		exit 2
	}
	dir=$(cd "$KEEP" && pwd)
else
	dir=$(mktemp -d "${TMPDIR:-/tmp}/adj-incognito.XXXXXX")
	trap 'rm -rf "$dir"' EXIT INT TERM
fi
cd "$dir"

say() { printf '\n== %s\n' "$*"; }

# send FROM TO FILE [ACTION...]: FROM plays (or, with no action, sends
# what is due), the message goes to FILE, TO receives it and we print
# TO's view of the board.
send() {
	from=$1 to=$2 file=$3
	shift 3
	"$ADJ" turn -d "$from" "$@" >"$file"
	"$ADJ" receive -d "$to" "$file"
}

say "alice and bob make keys (-N: no passphrase, for a demo only)"
"$ADJ" keygen -N alice
"$ADJ" keygen -N bob

say "alice invites bob: alice plays White (moves first), bob Black"
"$ADJ" new -k alice.key incognito alice.pub bob.pub >invite.msg
"$ADJ" join -d alice-game -k alice.key invite.msg
"$ADJ" join -d bob-game -k bob.key invite.msg

say "setups: each names its spy in secret; only a commitment is sent"
"$ADJ" setup -d alice-game d2 >a1.msg
"$ADJ" receive -d bob-game a1.msg
"$ADJ" setup -d bob-game b4 >b1.msg
"$ADJ" receive -d alice-game b1.msg

say "alice moves e3-c3; bob's view (alice's pieces all unknown: W?)"
send alice-game bob-game a2.msg e3-c3

say "bob moves his spy b4-b3; alice's view"
send bob-game alice-game b2.msg b4-b3

say "alice's c3 interrogates b3; her interrogator is opened with it"
send alice-game bob-game a3.msg 'c3?b3'

say "bob owes the opening of the piece on b3 (his spy): his adjudicator
   writes it, and, as that ends the game, his final openings too"
send bob-game alice-game b3.msg

say "alice sends her final openings; bob's view, every piece known"
send alice-game bob-game a4.msg

say "the message survives being quoted in a reply (already applied)"
sed 's/^/> /' a4.msg >reply.txt
"$ADJ" receive -d bob-game reply.txt >/dev/null

say "alice's view as YAML"
"$ADJ" show -d alice-game -f yaml | sed -n '1,16p'

say "both archives are identical; verify audits the whole game"
"$ADJ" export -d alice-game >alice.arc
"$ADJ" export -d bob-game >bob.arc
cmp alice.arc bob.arc
"$ADJ" verify alice.arc
