#!/bin/sh
# A short tour of the envelope: two players make keys, alice seals a YAML
# body to bob, bob opens it, and a copy with one character changed is
# refused.  Runs in a temporary directory that it removes.
#   ADJ=build/adjudicator sh examples/keys-demo.sh
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
ADJ=${ADJ:-$top/build/adjudicator}
[ -x "$ADJ" ] || { echo "keys-demo: build first (make)" >&2; exit 4; }
dir=$(mktemp -d "${TMPDIR:-/tmp}/adj-demo.XXXXXX")
trap 'rm -rf "$dir"' EXIT INT TERM
cd "$dir"

say() { printf '\n== %s\n' "$*"; }

say "alice and bob make keys (-N: no passphrase, for a demo only)"
"$ADJ" keygen -N alice
"$ADJ" keygen -N bob
cat alice.pub bob.pub

say "alice writes a YAML body"
cat >move.yaml <<'YAML'
game: demo
seq: 1
by: alice
kind: note
text: "Shall we play incognito?"
YAML
cat move.yaml

say "alice seals it to bob: signed, encrypted, armored"
"$ADJ" seal -k alice.key bob.pub move.yaml >move.asc
cat move.asc

say "bob opens it, accepting only alice's signature"
"$ADJ" open -k bob.key -p alice.pub move.asc

say "the message survives being quoted in a reply"
sed 's/^/> /' move.asc >reply.txt
"$ADJ" open -k bob.key -p alice.pub reply.txt >/dev/null

say "a copy with one character changed is refused"
# change the first character of the last base64 line (the ciphertext)
n=$(($(wc -l <move.asc) - 1))
awk -v n="$n" 'NR == n { c = substr($0, 1, 1)
	$0 = (c == "A" ? "B" : "A") substr($0, 2) } { print }' \
    move.asc >tampered.asc
diff move.asc tampered.asc || true
set +e
"$ADJ" open -k bob.key -p alice.pub tampered.asc
rc=$?
set -e
echo "exit status $rc"
[ "$rc" -eq 1 ] || { echo "keys-demo: tampered copy not refused" >&2; exit 1; }

say "alice cannot read what she sent only to bob"
set +e
"$ADJ" open -k alice.key move.asc
rc=$?
set -e
echo "exit status $rc"
[ "$rc" -eq 1 ] || exit 1
echo
echo "keys-demo: done"
