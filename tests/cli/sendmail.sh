#!/bin/sh
# A stand-in for "sendmail -t -i" in the tests: each mail it is given is
# kept whole as $SPOOL/N.eml, its command line and recipients (the To:
# header, as -t reads it) in $SPOOL/N.args and $SPOOL/N.rcpt, and it is
# appended to the mbox of each recipient, $SPOOL/ADDRESS.mbox.
# $SENDMAIL_FAIL=1: take nothing and fail, as a broken mailer would.
# A mailer given an empty input leaves $SPOOL/.empty.PID (below).
: "${SPOOL:?SPOOL names the spool directory}"
[ "${SENDMAIL_FAIL:-0}" = 1 ] && { cat >/dev/null; exit 75; }
mkdir -p "$SPOOL"
# $SENDMAIL_STARTED=1: say it runs, before it reads anything
[ "${SENDMAIL_STARTED:-0}" = 1 ] && : >"$SPOOL/.started.$$"
# $SENDMAIL_FDS=1: what it was started with open, in $SPOOL/.fds.PID
[ "${SENDMAIL_FDS:-0}" = 1 ] && ls -l "/proc/$$/fd/" >"$SPOOL/.fds.$$"
# the mail read first: a mailer the judge started ahead and then stopped
# (killed before it was given anything) leaves at most a hidden .in file;
# one given an empty input fails, as sendmail -t does finding no
# recipient, and leaves $SPOOL/.empty.PID for the tests to see (a real
# one mails the judge's user that it found none)
tmp=$SPOOL/.in.$$
cat >"$tmp"
[ -s "$tmp" ] || { mv "$tmp" "$SPOOL/.empty.$$"; exit 1; }
# mailers run side by side (a drained queue's, a mail's updates): one at
# a time from here
exec 9>>"$SPOOL/.lock"
flock 9
n=$(($(ls "$SPOOL" | grep -c '\.eml$') + 1))
mv "$tmp" "$SPOOL/$n.eml"
echo "$*" >"$SPOOL/$n.args"
awk '/^$/ { exit } /^To:/ { on = 1; sub(/^To:/, ""); print; next }
    on && /^[ \t]/ { print; next } { on = 0 }' "$SPOOL/$n.eml" |
    tr ',' '\n' | sed 's/^[ \t]*//; s/[ \t]*$//' | grep . >"$SPOOL/$n.rcpt"
while read -r to; do
	{ echo "From adjudicator-test $(date)"; sed 's/^From />From /' \
	    "$SPOOL/$n.eml"; echo; } >>"$SPOOL/$to.mbox"
done <"$SPOOL/$n.rcpt"
exit 0
