#!/bin/sh
# play-vs-bot.sh: a person plays incognito against a bot, by mail.
#
# You are alice (alice@example.org); the bot has its own account,
# bot@example.org, whose mailbox delivery is examples/bot-filter.sh: each
# mail it gets is applied to its game, and "adjudicator bot -M" writes its
# answer, mailed back at once.  You send whole mails (setup -M, turn -M
# piped into sendmail -t) and read yours with receive -r.  At each of
# your turns the board is shown and you type a move (e3-c3, 'd2?c2'), an
# empty line for what you owe alone, "random" for a random legal move,
# or "quit".  The game's archive is verified at the end.
#
# Usage: play-vs-bot.sh [WORKDIR]   (default: a fresh temporary directory)
# $ADJ: the binary (default: build/adjudicator beside this script's
# directory).  $POLICY: the bot's, greedy (default) or random.  $LIMIT:
# the game's limit option (default 50).  $SENDMAIL: the mailer; by
# default a stand-in that files each mail in WORKDIR/mail/ADDRESS and
# hands the bot's to bot-filter.sh, as the bot's account would.  With a
# real mailer, set $SENDMAIL, $PERSON and $BOT to real addresses, $MBOX
# to your mailbox, and give the bot's account ~/.forward with
# bot-filter.sh on its root ($BOTROOT here, holding bot.key).
# Exits non-zero on any failure.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
ADJ=${ADJ:-$here/../build/adjudicator}
case $ADJ in /*) ;; */*) ADJ=$(pwd)/$ADJ ;; esac
export ADJ
POLICY=${POLICY:-greedy}
PERSON=${PERSON:-alice@example.org}
BOT=${BOT:-bot@example.org}

if [ $# -ge 1 ]; then
	work=$1
	mkdir -p "$work"
else
	work=$(mktemp -d "${TMPDIR:-/tmp}/vsbot.XXXXXX")
fi
cd "$work"
work=$(pwd)
BOTROOT=${BOTROOT:-$work/bot}
MBOX=${MBOX:-$work/mail/$PERSON}
say() { printf '== %s\n' "$*"; }
die() { echo "play-vs-bot: $*" >&2; exit 1; }

# The stand-in mail system: "sendmail -t" files each mail in the mbox of
# each address of its To: header, mail/ADDRESS, except the bot's, which
# its delivery takes (bot-filter.sh, as its ~/.forward would run it).
mkdir -p mail "$BOTROOT"
cat >sendmail <<SH
#!/bin/sh
m=\$(cat)
[ -n "\$m" ] || exit 0
printf '%s\n' "\$m" | awk '/^\$/ { exit } /^To:/ { sub(/^To: */, ""); print }' |
    tr ',' '\n' | while read -r to; do
	[ -n "\$to" ] || continue
	if [ "\$to" = "$BOT" ]; then
		printf '%s\n' "\$m" | SENDMAIL="$work/sendmail" \\
		    sh "$here/bot-filter.sh" "$BOTROOT" "$POLICY" || exit 1
	else
		{ echo "From adjudicator \$(date)"; printf '%s\n\n' "\$m"; } \\
		    >>"$work/mail/\$to"
	fi
done
SH
chmod +x sendmail
SENDMAIL=${SENDMAIL:-$work/sendmail}

"$ADJ" keygen -N alice 2>/dev/null
"$ADJ" keygen -N -d "$BOTROOT" bot 2>/dev/null

say "alice invites the bot to a game of incognito"
"$ADJ" new -k alice.key -a alice="$PERSON" -a bot="$BOT" \
    -o limit="${LIMIT:-50}" incognito alice.pub "$BOTROOT/bot.pub" \
    >invite.msg
"$ADJ" join -r alice -k alice.key invite.msg
game=$(ls alice)
{ printf 'To: %s\nSubject: a game of incognito\n\n' "$BOT"; cat invite.msg; } |
    $SENDMAIL -t -i

# field NAME: a field of alice's view in YAML
field() {
	"$ADJ" show -d "alice/$game" -f yaml | sed -n "s/^$1: //p"
}

# read_mail: alice applies her mailbox (with a real mailer, waits for the
# bot's answer to arrive)
read_mail() {
	for i in $(seq 1 60); do
		[ -f "$MBOX" ] && "$ADJ" receive -r alice "$MBOX" \
		    >/dev/null 2>receive.err || true
		[ "$(field next)" = alice ] || [ "$(field phase)" = closed ] &&
		    return 0
		[ "$SENDMAIL" = "$work/sendmail" ] && break
		sleep 5
	done
	die "no answer from the bot"
}

# send VERB ARGS...: alice's message, mailed; 1 when it is refused
send() {
	verb=$1
	shift
	"$ADJ" "$verb" -M -d "alice/$game" "$@" >alice.eml 2>alice.err || {
		cat alice.err >&2
		return 1
	}
	$SENDMAIL -t -i <alice.eml
}

while [ "$(field phase)" != closed ]; do
	read_mail
	phase=$(field phase)
	[ "$phase" = closed ] && break
	[ "$(field next)" = alice ] || die "it is not alice's move"
	if [ "$phase" = setup ]; then
		say "your setup: the starting square of your spy (c1 d1 d2 e2 e3)"
		printf 'setup> '
		read -r line || die "no setup"
		[ "$line" = random ] && line=
		send setup ${line:+"$line"} || continue
	elif [ "$phase" = final ]; then
		say "the game is over: your final openings"
		send turn
	else
		"$ADJ" show -d "alice/$game"
		printf 'move> '
		read -r line || die "no move"
		case $line in
		quit) say "you leave the game; it stays in $work"; exit 0 ;;
		random) "$ADJ" bot -M -p random -d "alice/$game" >alice.eml &&
			    $SENDMAIL -t -i <alice.eml ;;
		*) send turn $line || continue ;;
		esac
	fi
done

say "the game is over"
"$ADJ" export -d "alice/$game" >game.arc
"$ADJ" verify game.arc
say "done in $work"
