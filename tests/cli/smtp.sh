#!/bin/sh
# A stand-in for "sendmail -bs" in the tests: it speaks SMTP on its
# standard input and output and keeps each mail as tests/cli/sendmail.sh
# does (handing it over to that script), the envelope's recipients, not
# the To: header, in $SPOOL/N.rcpt.  $SMTP_REFUSE: an address whose RCPT
# is refused for good (550); $SMTP_LATER: one refused for now (450).
: "${SPOOL:?SPOOL names the spool directory}"
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$SPOOL"
echo "$*" >>"$SPOOL/smtp.args"
cr=$(printf '\r')
reply() {
	printf '%s\r\n' "$1"
}
reply "220 stand-in ESMTP"
rcpts=
while IFS= read -r line; do
	line=${line%"$cr"}
	case $line in
	EHLO*|HELO*) reply "250 stand-in" ;;
	"MAIL FROM:"*) rcpts=; reply "250 OK" ;;
	"RCPT TO:"*)
		to=${line#RCPT TO:<}
		to=${to%>}
		if [ "$to" = "${SMTP_REFUSE:-}" ]; then
			reply "550 no such user"
		elif [ "$to" = "${SMTP_LATER:-}" ]; then
			reply "450 try later"
		else
			rcpts="$rcpts $to"
			reply "250 Accepted"
		fi ;;
	DATA)
		reply "354 go ahead"
		: >"$SPOOL/.data"
		while IFS= read -r l; do
			l=${l%"$cr"}
			[ "$l" != . ] || break
			case $l in ..*) l=${l#.} ;; esac
			printf '%s\n' "$l" >>"$SPOOL/.data"
		done
		echo "SMTP $$" >>"$SPOOL/smtp.log"
		SPOOL=$SPOOL sh "$here/sendmail.sh" -bs <"$SPOOL/.data"
		n=$(ls "$SPOOL" | grep -c '\.eml$')
		printf '%s\n' $rcpts >"$SPOOL/$n.rcpt"
		reply "250 OK id=$n" ;;
	RSET) reply "250 Reset" ;;
	QUIT) reply "221 bye"; exit 0 ;;
	*) reply "500 what" ;;
	esac
done
