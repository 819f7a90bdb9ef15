#!/bin/sh
# bot-filter.sh ROOT [random|greedy]: the delivery of a bot's mailbox.
# Each mail to the bot's address is piped into it (a .forward pipe, or
# procmail's "| bot-filter.sh ..."): it files an invitation under ROOT
# (join -r, with the key ROOT/bot.key) or applies the mail to its game
# (receive -r), then, in every game of ROOT, lets the bot write what its
# seat owes (adjudicator bot -M: a setup, openings, a move, the final
# openings) and mails it with "$SENDMAIL -t -i".
#
# ~/.forward of the bot's account (exim4 runs it without a shell; make
# install puts this script in PREFIX/libexec/adjudicator):
#
#   "|/usr/local/libexec/adjudicator/bot-filter.sh /home/bot/games greedy"
#
# $ADJ: the binary (default: the one make install put this script
# beside, else adjudicator in ../build, in PATH);
# $SENDMAIL: default /usr/sbin/sendmail.  Exits 0 once the mail is dealt
# with (a message the games refuse is dropped, as a player would), 75
# when the mailer fails: the mail system gives the mail again later, and
# the bot's mail the mailer did not take waits whole in ROOT/.unsent/,
# sent first at the next delivery (the bot's move is made only once).
installed=
here=$(dirname "$0")
if [ -z "${ADJ:-}" ]; then
	if [ -n "$installed" ] && [ -x "$installed" ]; then
		ADJ=$installed
	elif [ -x "$here/../build/adjudicator" ]; then
		ADJ=$here/../build/adjudicator
	else
		ADJ=$(command -v adjudicator 2>/dev/null ||
		    echo /usr/local/bin/adjudicator)
	fi
fi
SENDMAIL=${SENDMAIL:-/usr/sbin/sendmail}
if [ $# -lt 1 ] || [ ! -d "$1" ]; then
	echo "usage: bot-filter.sh ROOT [random|greedy]" >&2
	exit 75
fi
root=$1
policy=${2:-greedy}
mail=$(mktemp "${TMPDIR:-/tmp}/botmail.XXXXXX") || exit 75
trap 'rm -f "$mail" "$mail.out"' EXIT
cat >"$mail"
queue=$root/.unsent
# unsent: keeps the bot's mail in the queue, whole (a temp name, then
# renamed), to be sent first at the next delivery
unsent() {
	mkdir -p "$queue" &&
	    t=$(mktemp "$queue/.mail.XXXXXX") &&
	    cp "$mail.out" "$t" &&
	    mv "$t" "$queue/$(date +%Y%m%d%H%M%S)-$$-$1.eml"
	exit 75
}
for q in "$queue"/*.eml; do
	[ -f "$q" ] || continue
	$SENDMAIL -t -i <"$q" || exit 75
	rm -f "$q"
done
"$ADJ" join -r "$root" -k "$root/bot.key" "$mail" >/dev/null 2>&1 ||
    "$ADJ" receive -r "$root" "$mail" >/dev/null 2>&1
for game in "$root"/*/; do
	[ -f "$game/journal" ] || continue
	# what the seat owes may come in more than one message (openings,
	# then its move once they are sent): until the bot has nothing to
	# write (exit 1: not its move, or the game over)
	for i in 1 2 3 4; do
		"$ADJ" bot -M -p "$policy" -d "$game" >"$mail.out" 2>/dev/null ||
		    break
		$SENDMAIL -t -i <"$mail.out" || unsent "$i"
	done
done
exit 0
