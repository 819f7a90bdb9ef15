#!/bin/sh
# The README's step-by-step sections, run as written over real mail (make
# check-mail; issue 33, 17): the lines between <!-- readme-test: NAME -->
# and <!-- /readme-test --> in its ``` blocks, each "WHO$ COMMAND" run by
# the local user adjt-WHO in its home, with adjudicator as make install
# puts it on its PATH.  "Two friends by mail" (friends): a peer game,
# from the keys to a few moves, both copies at the same entry at the
# end.  "Set up a club" (club): the judge's account, its procmail recipe,
# its settings, the tick of its crontab line (run once, as cron would),
# HELP answered with its key, and a judged game it joins and adjudicates.
# "Join a club" (join): carol, a new member, from keygen to her first
# setup in a game with alice (listed in the directory before, as carol
# lists herself), no key id typed.
#
# What differs from the README, and only that: the addresses
# (NAME@example.org and judge@club.example are adjt-NAME@localhost),
# the mailboxes (/var/mail/adjt-NAME), /usr/local (the staging PREFIX
# lib.sh installs in, also in the procmail recipe's ADJUDICATOR line),
# the game id (9e7ce3f4: the game made in the section), the code
# (5f0c2d1e8a7b6c4d: the one the judge mailed); the passphrase
# comes from a file (ADJUDICATOR_PASSPHRASE_FILE) instead of a terminal;
# the .pub files are copied where the README says to send them; the
# root# lines (the users, the packages) are lib.sh's and CI's.
#
# ADJ  the adjudicator binary under test
set -u
name=readme
users="adjt-alice adjt-bob adjt-carol adjt-judge"
. "$(dirname "$0")/lib.sh"

out=/tmp/readme.out
: >"$out"

# steps NAME: the README's command lines of section NAME, one a line
steps() {
	awk -v s="$1" '
	$0 == "<!-- readme-test: " s " -->" { on = 1; next }
	on && $0 == "<!-- /readme-test -->" { exit }
	on && /^```/ { code = !code; next }
	on && code {
		if (sub(/\\$/, "")) { cur = cur $0; next }
		print cur $0
		cur = ""
	}' "$top/README.md"
}

# run WHO CMD: CMD by adjt-WHO's shell in its home, as the README says
run() {
	runuser -u "adjt-$1" -- env HOME="/home/adjt-$1" \
	    PATH="$prefix/bin:/usr/bin:/bin" \
	    ADJUDICATOR_PASSPHRASE_FILE="/home/adjt-$1/.pw" \
	    sh -c "cd && $2" >>"$out" 2>&1
}

for u in alice bob carol judge; do
	echo "a passphrase for $u" >"/home/adjt-$u/.pw"
	chmod 600 "/home/adjt-$u/.pw"
	chown "adjt-$u" "/home/adjt-$u/.pw"
done

# games: every game id in the players' roots
games() {
	for u in alice bob carol; do
		ls "/home/adjt-$u/games" 2>/dev/null
	done | grep '^[0-9a-f]\{64\}$' | sort -u
}
# game: the game the section made, in the players' roots, not there
# before it
game() {
	games | grep -vxF "$before" | cut -c1-16
}
# code WHO: the last code of REGISTER the judge mailed adjt-WHO
code() {
	sed -n 's/^    REGISTER \([0-9a-f]\{16\}\)$/\1/p' "/var/mail/adjt-$1" |
	    tail -1
}
# exchange: each player's .pub to the other, as the README says to send it
exchange() {
	for u in alice bob; do
		for o in alice bob; do
			[ "$u" = "$o" ] || cp "/home/adjt-$o/$o.pub" "/home/adjt-$u/"
		done
		chown "adjt-$u" "/home/adjt-$u/"*.pub
	done
}

# settle USER: USER's mailbox has not grown for a second
settle() {
	s0=-1
	while [ "$(mails "$1")" -ne "$s0" ]; do
		s0=$(mails "$1")
		sleep 1
	done
}

seen_alice=0 seen_bob=0 seen_carol=0 seen_judge=0
# section NAME: run its lines in order; a line that reads a mailbox
# waits for a mail that came after its user's last read
section() {
	before=$(games)
	ran=0
	steps "$1" >/tmp/readme.steps
	[ -s /tmp/readme.steps ] || fail "no section $1 in README.md"
	while IFS= read -r line; do
		case $line in
		'root# '*) say "$1: (lib.sh, CI) ${line#root# }"; continue ;;
		'* * * * * '*) who=judge cmd=${line#* * * * * } ;;
		[a-z]*'$ '*) who=${line%%\$ *} cmd=${line#*\$ } ;;
		*) continue ;;
		esac
		case $cmd in *5f0c2d1e8a7b6c4d*)
			eval "seen=\$seen_$who"
			wait_for "adjt-$who's code for: $line" \
			    more_mail "adjt-$who" $((seen + 1))
			settle "adjt-$who"
			eval "seen_$who=\$(mails adjt-$who)"
			c=$(code "$who")
			[ -n "$c" ] || fail "$1: no code mailed: $line" ;;
		esac
		case $cmd in *9e7ce3f4*) g=$(game)
			[ -n "$g" ] || fail "$1: no game made before: $line" ;;
		*) g=9e7ce3f4 ;;
		esac
		cmd=$(printf '%s\n' "$cmd" | sed "
		    s/\([a-z]*\)@example\.org/adjt-\1@localhost/g
		    s/judge@club\.example/adjt-judge@localhost/g
		    s,/var/mail/\([a-z]*\),/var/mail/adjt-\1,g
		    s,/usr/local,$prefix,g
		    s/5f0c2d1e8a7b6c4d/${c:-}/g
		    s/9e7ce3f4/$g/g")
		case $cmd in *" new "*) exchange ;; esac
		case $cmd in *"/var/mail/adjt-$who"*)
			eval "seen=\$seen_$who"
			wait_for "adjt-$who's mail for: $line" \
			    more_mail "adjt-$who" $((seen + 1))
			settle "adjt-$who"
			eval "seen_$who=\$(mails adjt-$who)" ;;
		esac
		say "$1: $who\$ $cmd"
		echo "== $who\$ $cmd" >>"$out"
		run "$who" "$cmd" || { tail -20 "$out" >&2; fail "$1: $line"; }
		case $cmd in *procmailrc*)
			sed -i "s,^ADJUDICATOR=.*,ADJUDICATOR=$prefix/bin/adjudicator," \
			    "/home/adjt-$who/.procmailrc" ;;
		esac
		ran=$((ran + 1))
	done </tmp/readme.steps
	[ "$ran" -ge 5 ] || fail "$1: only $ran lines run"
}

# at WHO SEQ: WHO's copy of the section's game is at entry SEQ
at() {
	run "$1" "adjudicator show -d games/$(game) -f yaml >view.yaml" ||
	    fail "$1 cannot show the game"
	grep -qx "seq: $2" "/home/adjt-$1/view.yaml" ||
	    fail "$1: not at entry $2: $(grep '^seq:' "/home/adjt-$1/view.yaml")"
}

say "Two friends by mail"
section friends
at alice 4
at bob 4
grep -q 'Black moves a3-b3' /home/adjt-alice/view.yaml ||
    fail "alice's view does not show bob's move"

say "Set up a club"
section club
log=/home/adjt-judge/judge/log
grep -q 'verdict=help' "$log" || fail "the judge did not answer HELP"
cmp -s /home/adjt-alice/judge.pub /home/adjt-judge/judge/judge.pub ||
    fail "alice's judge.pub is not the judge's key"
grep -q 'at most 5 invitations' /var/mail/adjt-alice ||
    fail "HELP does not say judge.yaml's cap"
grep -q 'verdict=joined' "$log" || fail "the judge did not join the game"
grep -q 'verdict=applied' "$log" || fail "the judge did not apply the setup"
at alice 1
at bob 1
[ ! -s /var/mail/adjt-judge ] || fail "mail fell through to the judge's mailbox"

say "Join a club"
# alice, a member already: listed as carol lists herself below
reg='{ printf "From: adjt-alice@localhost\nTo: adjt-judge@localhost\n"; '`
    `'printf "Subject: REGISTER %s\n\n" "$0"; cat register.msg; } | '`
    `'/usr/sbin/sendmail -t -i'
run alice "printf 'club: register\nname: alice\naddress: %s\n' \
    adjt-alice@localhost | adjudicator seal -k alice.key judge.pub \
    >register.msg" ||
    fail "alice cannot seal her registration"
run alice "sh -c '$reg' ''" || fail "alice's REGISTER"
wait_for "alice's code" more_mail adjt-alice $((seen_alice + 1))
settle adjt-alice
seen_alice=$(mails adjt-alice)
[ -n "$(code alice)" ] || fail "no code mailed to alice"
run alice "sh -c '$reg' $(code alice)" || fail "alice's REGISTER CODE"
wait_for "alice listed" grep -q '^- name: alice$' /home/adjt-judge/judge/members
section join
grep -q '^- name: carol$' /home/adjt-judge/judge/members ||
    fail "carol not listed"
grep -qx "  key: $(cat /home/adjt-alice/alice.pub)" \
    /home/adjt-carol/games/contacts/* || fail "alice not in carol's contacts"
g=$(game)
[ -d /home/adjt-judge/judge/"$(games | grep "^$g")" ] ||
    fail "the judge did not file carol's game"
# the judge took carol's setup and mailed her its update
wait_for "the judge applying carol's setup" grep -q \
    "game=$g entry=1 verdict=applied" "$log"
wait_for "carol's update" grep -q \
    "^Subject: \[adjudicator\] incognito $g: entry 1, for carol" \
    /var/mail/adjt-carol
[ ! -s /var/mail/adjt-judge ] || fail "mail fell through to the judge's mailbox"
rm -f /tmp/readme.steps "$out"
echo "readme: 3 passed, 0 failed"
