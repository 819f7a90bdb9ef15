#!/bin/sh
# play-judged.sh: a whole judged game of incognito, driven by a script,
# every message a whole mail.
#
# alice and bob play; a judge referees with its mail bot, "adjudicator
# judge -r".  Each seat keeps its games in a root (join -r) and sends each
# message as a whole mail (turn -M); the judge's bot takes each mail on
# stdin as procmail would give it, and hands the updates it composes to a
# stand-in for sendmail that files each in its recipient's mbox; each
# seat reads its mbox with receive -r.  The judge opens bob's spy the
# moment alice interrogates it, and every setup once the game is over;
# the judge's archive is then exported and verified.
#
# Usage: play-judged.sh [WORKDIR]   (default: a fresh temporary directory)
# $ADJ names the adjudicator binary (default: build/adjudicator next to
# this script's directory).  Exits non-zero on any failure.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
ADJ=${ADJ:-$here/../build/adjudicator}
case $ADJ in /*) ;; */*) ADJ=$(pwd)/$ADJ ;; esac

if [ $# -ge 1 ]; then
	work=$1
	mkdir -p "$work"
else
	work=$(mktemp -d "${TMPDIR:-/tmp}/judged.XXXXXX")
fi
cd "$work"
work=$(pwd)
say() { printf '== %s\n' "$*"; }
die() { echo "play-judged: $*" >&2; exit 1; }

# The mail system: "sendmail -t" files each mail in the mbox of each
# address of its To: header, mail/ADDRESS.
mkdir -p mail
cat >sendmail <<'SH'
#!/bin/sh
m=$(cat)
printf '%s\n' "$m" | awk '/^$/ { exit } /^To:/ { sub(/^To: */, ""); print }' |
    tr ',' '\n' | while read -r to; do
	[ -n "$to" ] || continue
	{ echo "From judge $(date)"; printf '%s\n\n' "$m"; } >>"$(dirname "$0")/mail/$to"
done
SH
chmod +x sendmail

# The judge's side: its key in its root.
mkdir -p judge
"$ADJ" keygen -N -d judge judge 2>/dev/null
"$ADJ" keygen -N alice 2>/dev/null
"$ADJ" keygen -N bob 2>/dev/null

# to_judge MAIL: the judge's mail bot takes it, as procmail gives it
to_judge() {
	"$ADJ" judge -r judge -s "$work/sendmail" "$1" ||
	    die "the judge refused $1 (exit $?)"
}

# read_mail: each seat reads its mailbox; it prints the view of each
# game that took something
read_mail() {
	for s in alice bob; do
		[ -f "mail/$s@example.org" ] || continue
		"$ADJ" receive -r "$s" "mail/$s@example.org" >"$s.view" \
		    2>"$s.err" || { cat "$s.err" >&2; die "$s refuses her mail"; }
	done
}

say "alice invites bob; the judge referees"
"$ADJ" new -k alice.key -m judge -j judge/judge.pub \
    -a alice=alice@example.org -a bob=bob@example.org \
    -a judge=judge@example.org incognito alice.pub bob.pub >invite.msg
"$ADJ" join -r alice -k alice.key invite.msg
"$ADJ" join -r bob -k bob.key invite.msg
to_judge invite.msg
game=$(ls alice)
[ -d "judge/$game" ] || die "the judge did not join game $game"

# play SEAT VERB ARGS...: SEAT's message mailed to the judge, the updates
# mailed to the seats, who read them
play() {
	s=$1
	shift
	say "$s: $*"
	"$ADJ" "$1" -M -d "$s/$game" "$2" >"$s.eml"
	to_judge "$s.eml"
	read_mail
}
play alice setup d2	# alice's spy on d2
play bob setup b4	# bob's spy on b4
play alice turn e3-c3
play bob turn b4-b3	# bob's spy next to alice's c3
play alice turn 'c3?b3'	# the judge opens b3 at once: the spy

say "the game is over; bob's last mail says so"
awk '/^From / { m = "" } { m = m $0 "\n" } END { printf "%s", m }' \
    mail/bob@example.org | sed -n '/^adjudicator:/,/^The judge/p'
"$ADJ" games -r alice
for s in alice bob; do
	"$ADJ" show -d "$s/$game" -f yaml >"$s.yaml"
	grep -q '^phase: closed$' "$s.yaml" || die "$s: game not closed"
done

say "the judge's archive"
"$ADJ" export -d "judge/$game" >judge.arc
"$ADJ" verify judge.arc >verify.out
cat verify.out
grep -q '^result: alice won' verify.out || die "unexpected result"
# a seat's own export is the same game, with the updates it received:
# verify checks that the judge showed it exactly what it was entitled to
"$ADJ" export -d "alice/$game" >a.arc
"$ADJ" verify a.arc >a.sum || die "alice's export does not verify"
grep -v '^updates:' a.sum | cmp -s - verify.out ||
    die "alice's export is another game than the judge's"
grep -q '^updates: ' a.sum || die "alice's export lacks her updates"
say "the judge's log"
cat judge/log
say "done in $work"
