#!/bin/sh
# judge-filter.sh ROOT [OPTIONS]: "adjudicator judge -r ROOT [OPTIONS]",
# the judge's mail bot, for a mail system that takes any failure of a
# pipe as a bounce: a .forward pipe (exim, postfix, sendmail) or
# maildrop's `to "|..."`.  (With procmail use examples/procmailrc.)
#
# The mail bot's exit statuses (adjudicator(1), EXIT STATUS) become the
# mail system's:
#   0 done, 1 refused, 3 malformed -> 0: the mail is dealt with (the sender
#                                     has been told); no bounce
#   75 a system error               -> 75 (EX_TEMPFAIL): the mail is kept
#                                     and given again later
#   2 a usage error (a wrong line)  -> 75 too: kept until it is fixed
#
# make install puts it in PREFIX/libexec/adjudicator (/usr/local by
# default).  ~/.forward of the judge's account (examples/dot-forward);
# exim4 on Debian runs it as written, without a shell (no variables, no
# "VAR=value cmd"):
#
#   "|/usr/local/libexec/adjudicator/judge-filter.sh /home/judge/judge"
#
# ~/.mailfilter (maildrop):
#
#   to "|/usr/local/libexec/adjudicator/judge-filter.sh $HOME/judge"
#
# The binary: $ADJ, else the one make install put this script beside,
# else adjudicator beside this script or in ../build, else in PATH, else
# /usr/local/bin/adjudicator.  The mailer: $SENDMAIL (-t -i added), else
# /usr/sbin/sendmail, as judge -r takes it.
installed=
here=$(dirname "$0")
if [ -z "${ADJ:-}" ]; then
	if [ -n "$installed" ] && [ -x "$installed" ]; then
		ADJ=$installed
	elif [ -x "$here/adjudicator" ]; then
		ADJ=$here/adjudicator
	elif [ -x "$here/../build/adjudicator" ]; then
		ADJ=$here/../build/adjudicator
	else
		ADJ=$(command -v adjudicator 2>/dev/null ||
		    echo /usr/local/bin/adjudicator)
	fi
fi
if [ $# -lt 1 ]; then
	echo "usage: judge-filter.sh ROOT [-k KEY] [-s SENDMAIL]" >&2
	exit 75
fi
root=$1
shift
"$ADJ" judge -r "$root" "$@"
case $? in
0 | 1 | 3) exit 0 ;;
*) exit 75 ;;
esac
