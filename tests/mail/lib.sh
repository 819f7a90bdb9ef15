# What the tests by real mail share (make check-mail): the checks that
# the machine can run them (root, a local MTA, procmail), the MTA
# started, the binary and what make install puts in place where the
# users can run them, the users (each script's $users) made afresh, and
# the helpers.  Sourced by each script, which sets $name (for what is
# said) and $users first.
#
# ADJ  the adjudicator binary under test
set -u
: "${ADJ:?ADJ must name the adjudicator binary}"
top=$(cd "$(dirname "$0")/../.." && pwd)
WAIT=${WAIT:-60}	# seconds a delivery may take

say() { printf '%s: %s\n' "$name" "$*"; }
fail() {
	printf '%s: FAIL: %s\n' "$name" "$*" >&2
	for u in $users; do
		[ -f "/home/$u/judge/log" ] && sed "s/^/  $u log: /" \
		    "/home/$u/judge/log" >&2
		[ -f "/home/$u/judge/procmail.log" ] && tail -20 \
		    "/home/$u/judge/procmail.log" | sed "s/^/  $u procmail: /" >&2
	done
	[ -r /var/log/exim4/mainlog ] && tail -20 /var/log/exim4/mainlog >&2
	echo "$name: 0 passed, 1 failed"
	exit 1
}
skip() {
	if [ "${CI:-}" = true ]; then
		fail "$* (CI=true: .ci/run installs and starts the MTA)"
	fi
	say "SKIP: $*"
	exit 0
}

[ "$(id -u)" -eq 0 ] || skip "not root (the test creates local users)"
[ -x /usr/sbin/sendmail ] || skip "no /usr/sbin/sendmail (no local MTA)"
command -v procmail >/dev/null 2>&1 || skip "procmail is not installed"
command -v runuser >/dev/null 2>&1 || skip "runuser is not installed"
if command -v exim4 >/dev/null 2>&1; then
	# a daemon for the queue runs (a deferred mail is retried)
	pgrep -x exim4 >/dev/null 2>&1 || exim4 -bd -q10s ||
	    skip "exim4 does not start"
elif command -v postfix >/dev/null 2>&1; then
	postfix status >/dev/null 2>&1 || postfix start ||
	    skip "postfix does not start"
	postconf -e 'mailbox_command = /usr/bin/procmail'
	postfix reload >/dev/null 2>&1
else
	skip "neither exim4 nor postfix is installed"
fi

# The binary where the users can run it.
bin=$(mktemp -d /tmp/adjmail.XXXXXX) || fail "mktemp"
chmod 755 "$bin"
cp "$ADJ" "$bin/adjudicator" && chmod 755 "$bin/adjudicator" ||
    fail "cannot copy $ADJ"
# what make install puts in place, under a prefix the users can read
prefix=$bin/prefix
${MAKE:-make} -C "$top" install PREFIX="$prefix" >/dev/null 2>&1 ||
    fail "make install PREFIX=$prefix"
A=$bin/adjudicator
trap 'rm -rf "$bin"' EXIT

for u in $users; do
	id "$u" >/dev/null 2>&1 || useradd -m -s /bin/sh "$u" ||
	    fail "useradd $u"
	# the test users' homes are the test's: whatever an earlier run
	# left there goes
	rm -rf "/home/$u/"* "/home/$u/.procmailrc" "/home/$u/.forward"
	: >"/var/mail/$u"
	chown "$u:mail" "/var/mail/$u"
	chmod 660 "/var/mail/$u"
done

# as USER CMD: CMD by USER's shell in its home
as() {
	u=$1
	shift
	runuser -u "$u" -- env HOME="/home/$u" ADJ="$A" sh -c "cd && $*"
}

# mail_judge JUDGE PLAYER...: JUDGE's key in ~/judge, the procmail recipe
# of examples/ running it, each PLAYER's key, and the public keys
# exchanged as people would (the judge's and every player's to each
# player)
mail_judge() {
	j=$1
	shift
	as "$j" 'mkdir -p judge && "$ADJ" keygen -N -d judge judge' \
	    2>/dev/null || fail "$j: judge keygen"
	sed "s,^ADJUDICATOR=.*,ADJUDICATOR=$A," "$top/examples/procmailrc" \
	    >"/home/$j/.procmailrc"
	chown "$j" "/home/$j/.procmailrc"
	for u in "$@"; do
		as "$u" "\"\$ADJ\" keygen -N ${u#adjt-}" 2>/dev/null ||
		    fail "$u keygen"
	done
	for u in "$@"; do
		cp "/home/$j/judge/judge.pub" "/home/$u/"
		for o in "$@"; do
			cp "/home/$o/${o#adjt-}.pub" "/home/$u/" 2>/dev/null
		done
		chown "$u" "/home/$u/"*.pub
	done
}

# mails USER: how many mails USER's mailbox holds (0 with none)
mails() {
	c=$(grep -c '^From ' "/var/mail/$1" 2>/dev/null)
	echo "${c:-0}"
}
# last_mail USER: the last mail of USER's mailbox
last_mail() {
	awk '/^From / { m = "" } { m = m $0 "\n" } END { printf "%s", m }' \
	    "/var/mail/$1"
}
# wait_for WHAT TEST...: until TEST holds, at most $WAIT seconds
wait_for() {
	what=$1
	shift
	n=0
	until "$@"; do
		n=$((n + 1))
		[ "$n" -le $((WAIT * 4)) ] || fail "waited ${WAIT}s for $what"
		sleep 0.25
	done
}
more_mail() { [ "$(mails "$1")" -ge "$2" ]; }
last_has() { last_mail "$1" | grep -q "$2"; }
