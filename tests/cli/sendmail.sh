#!/bin/sh
# A stand-in for "sendmail -t -i" in the tests: each mail it is given is
# kept whole as $SPOOL/N.eml, its command line and recipients (the To:
# header, as -t reads it) in $SPOOL/N.args and $SPOOL/N.rcpt, and it is
# appended to the mbox of each recipient, $SPOOL/ADDRESS.mbox.
# $SENDMAIL_FAIL=1: take nothing and fail, as a broken mailer would.
: "${SPOOL:?SPOOL names the spool directory}"
[ "${SENDMAIL_FAIL:-0}" = 1 ] && { cat >/dev/null; exit 75; }
mkdir -p "$SPOOL"
# mailers run side by side (a drained queue's): one at a time from here
exec 9>>"$SPOOL/.lock"
flock 9
n=$(($(ls "$SPOOL" | grep -c '\.eml$') + 1))
cat >"$SPOOL/$n.eml"
echo "$*" >"$SPOOL/$n.args"
awk '/^$/ { exit } /^To:/ { on = 1; sub(/^To:/, ""); print; next }
    on && /^[ \t]/ { print; next } { on = 0 }' "$SPOOL/$n.eml" |
    tr ',' '\n' | sed 's/^[ \t]*//; s/[ \t]*$//' | grep . >"$SPOOL/$n.rcpt"
while read -r to; do
	{ echo "From adjudicator-test $(date)"; sed 's/^From />From /' \
	    "$SPOOL/$n.eml"; echo; } >>"$SPOOL/$to.mbox"
done <"$SPOOL/$n.rcpt"
exit 0
