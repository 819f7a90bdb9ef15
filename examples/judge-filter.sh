#!/bin/sh
# judge-filter.sh: the judge of judged games as a mail filter.
#
# Reads one mail on stdin (headers and all, or a bare armored message),
# finds the game it belongs to and adjudicates it:
#
#   - an invitation (kind: header) to a judged game whose judge is our key:
#     the game directory $JUDGE_ROOT/games/GAMEID is created with
#     "adjudicator join" (an invitation seen twice: nothing to do);
#   - a seat's message (kind: private): routed by its "game:" field, the
#     full game id, to $JUDGE_ROOT/games/GAMEID, and given to
#     "adjudicator judge -d $JUDGE_ROOT/games/GAMEID -O $JUDGE_OUT/GAMEID".
#
# Games never mix: each has its own directory and its own reply directory,
# both named by the full game id, and the judge itself refuses any message
# whose signed entry belongs to another game.
#
# The replies wait in $JUDGE_OUT/GAMEID/SEAT.msg, one armored file per
# seat (appended to if a reply is still waiting there); the mailer sends
# each to its seat and removes it.  The judge's summary lines (applied,
# waits, already applied, refused, update for ...) go to stdout; the last
# line says where the replies are.
#
# Environment:
#   JUDGE_ROOT   the judge's root directory (default $HOME/judge)
#   JUDGE_KEY    the judge's secret key (default $JUDGE_ROOT/judge.key);
#                with a passphrase, set ADJUDICATOR_PASSPHRASE_FILE
#   JUDGE_OUT    where replies wait (default $JUDGE_ROOT/out)
#   ADJ          the adjudicator binary (default: adjudicator in $PATH, or
#                build/adjudicator next to this script's directory)
#
# Exit status: that of "adjudicator judge" (0 applied, already applied or
# waiting; 1 something refused -- the sender, when known, has an update
# with a note saying why; 3 malformed), of "adjudicator open" or "join"
# when the mail cannot be read or routed (1 not addressed to this judge,
# bad signature, an unknown game; 3 no message in the mail), 2 usage,
# 4 a system error (the mail should be kept and retried).
#
# procmail (~/.procmailrc): the lock serialises the judge; with "w" a
# non-zero exit makes procmail fall through, so a mail that was refused or
# could not be routed also lands in the default mailbox for a human:
#
#   :0 w: judge.lock
#   * ^Subject:.*adjudicator
#   | JUDGE_ROOT=$HOME/judge $HOME/bin/judge-filter.sh
#
# A cron loop over a Maildir (one mail at a time; a mail is moved out of
# new/ unless the filter failed with a system error, status 4):
#
#   */5 * * * * cd $HOME/Maildir && for f in new/*; do [ -f "$f" ] ||
#     continue; judge-filter.sh <"$f" >>$HOME/judge/log 2>&1;
#     [ $? -eq 4 ] || mv "$f" cur/; done
#
# A mailer for the replies, with $JUDGE_ROOT/addresses holding lines
# "SEAT-NAME ADDRESS" (the seat names are the key names of the invitation):
#
#   for f in $JUDGE_ROOT/out/*/*.msg; do [ -f "$f" ] || continue
#     seat=$(basename "$f" .msg); game=$(basename "$(dirname "$f")")
#     to=$(awk -v s="$seat" '$1 == s { print $2 }' $JUDGE_ROOT/addresses)
#     mail -s "adjudicator: game $(echo $game | cut -c1-16)" "$to" <"$f" &&
#       rm "$f"
#   done

set -u
here=$(cd "$(dirname "$0")" && pwd)
root=${JUDGE_ROOT:-${HOME:-.}/judge}
key=${JUDGE_KEY:-$root/judge.key}
outroot=${JUDGE_OUT:-$root/out}
if [ -z "${ADJ:-}" ]; then
	if [ -x "$here/../build/adjudicator" ]; then
		ADJ=$here/../build/adjudicator
	else
		ADJ=adjudicator
	fi
fi

die() {
	status=$1
	shift
	echo "judge-filter: $*" >&2
	exit "$status"
}

[ $# -eq 0 ] || die 2 "usage: judge-filter.sh <MAIL (settings in the environment)"
[ -r "$key" ] || die 2 "no judge key at $key (set JUDGE_KEY)"
mkdir -p "$root/games" "$outroot" || die 4 "cannot create $root"
root=$(cd "$root" && pwd) && outroot=$(cd "$outroot" && pwd) &&
    key=$(cd "$(dirname "$key")" && echo "$(pwd)/$(basename "$key")") ||
    die 4 "cannot find $root"
case $ADJ in /*) ;; */*) ADJ=$(pwd)/$ADJ ;; esac

tmp=$(mktemp -d "$root/.mail.XXXXXX") || die 4 "cannot create a work dir"
lock=$root/.lock
locked=0
cleanup() {
	rm -rf "$tmp"
	[ "$locked" -eq 0 ] || rmdir "$lock" 2>/dev/null
}
trap cleanup EXIT
trap 'exit 4' HUP INT TERM

cat >"$tmp/mail" || die 4 "cannot read the mail"
# the name "mail" is what the judge's lines and notes call it
cd "$tmp" || die 4 "cannot enter $tmp"

# One judge at a time per root: two mails of one game must not race.
n=0
until mkdir "$lock" 2>/dev/null; do
	n=$((n + 1))
	[ "$n" -le 300 ] || die 4 "$lock held for 5 minutes (a crashed run?)"
	sleep 1
done
locked=1

# The bodies, decrypted and verified: this is only for routing; the
# judge checks everything again.
"$ADJ" open -k "$key" mail >"$tmp/body" 2>"$tmp/err"
rc=$?
if [ "$rc" -ne 0 ]; then
	cat "$tmp/err" >&2
	exit "$rc"
fi
kinds=$(sed -n 's/^kind: *//p' "$tmp/body" | sort -u)
games=$(sed -n 's/^game: *//p' "$tmp/body" | sort -u)

case $kinds in
header)
	# an invitation: join it as the judge, in a directory named by the id
	[ "$(grep -c '^kind: ' "$tmp/body")" -eq 1 ] ||
	    die 1 "several invitations in one mail; send them one by one"
	grep -q '^mode: judge$' "$tmp/body" ||
	    die 1 "an invitation to a game without a judge"
	new=$tmp/game
	"$ADJ" join -d "$new" -k "$key" mail 2>"$tmp/err"
	rc=$?
	cat "$tmp/err" >&2
	[ "$rc" -eq 0 ] || exit "$rc"
	grep -q ' as judge$' "$tmp/err" ||
	    die 1 "our key is not the judge of this game"
	id=$("$ADJ" show -d "$new" -f yaml | sed -n 's/^game: *//p')
	case $id in
	*[!0-9a-f]* | "") die 4 "cannot read the game id of $new" ;;
	esac
	if [ -d "$root/games/$id" ]; then
		echo "game $id: already joined; nothing to do"
		exit 0
	fi
	mv "$new" "$root/games/$id" || die 4 "cannot create $root/games/$id"
	echo "game $id: joined as judge"
	exit 0
	;;
private)
	;;
*)
	die 1 "not a seat's message to the judge (kind: $(echo $kinds))"
	;;
esac

case $games in
*[!0-9a-f]* | "")
	die 1 "messages for several games (or none) in one mail; send them one by one" ;;
esac
id=$games
dir=$root/games/$id
[ -d "$dir" ] || die 1 "game $id: unknown here (its invitation has not come)"
out=$outroot/$id
"$ADJ" judge -d "$dir" -O "$out" mail
rc=$?
echo "game $id: replies in $out"
exit "$rc"
