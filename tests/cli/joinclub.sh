# The README's "Join a club" run as written (issue 34): carol, a new
# member, from keygen to her first setup without a key id, through the
# recording sendmail (tests/cli/sendmail.sh) and a judge's mail bot run
# on every mail to the judge (no real mail: tests/mail/readme.sh runs the
# sections that need it).
#
# What differs from the README, and only that: /usr/sbin/sendmail is
# ./mta (the stand-in, then the bot on a mail to judge@club.example),
# /var/mail/carol the stand-in's mbox of carol@example.org, the code
# 5f0c2d1e8a7b6c4d the one the judge mailed, the game id 9e7ce3f4 the
# game the section made; the passphrase comes from a file.

# the README's command lines of the section, one a line
join_steps() {
	awk '
	$0 == "<!-- readme-test: join -->" { on = 1; next }
	on && $0 == "<!-- /readme-test -->" { exit }
	on && /^```/ { code = !code; next }
	on && code {
		if (sub(/\\$/, "")) { cur = cur $0; next }
		print cur $0
		cur = ""
	}' "$TOP/README.md"
}

# the club: its judge's root (its address and members: addresses, as
# the README's club has them) and alice, a member
club_start() {
	mkdir jr
	"$ADJ" keygen -N -d jr judge 2>/dev/null
	printf 'address: judge@club.example\nmembers: addresses\n' \
	    >jr/judge.yaml
	keys alice
	cat >mta <<EOM
#!/bin/sh
# a member's sendmail: the mail kept, and the judge's bot run on it
SPOOL=$PWD/spool sh "$SM" "\$@" || exit
n=\$(ls "$PWD/spool" | grep -c '\\.eml\$')
if grep -qx judge@club.example "$PWD/spool/\$n.rcpt"; then
	SPOOL=$PWD/spool "$ADJ" judge -r "$PWD/jr" -s "$SM" \\
	    "$PWD/spool/\$n.eml" >>"$PWD/bot.log" 2>&1 || true
fi
EOM
	chmod +x mta
	printf 'club: register\nname: alice\naddress: alice@example.org\n' |
	    "$ADJ" seal -k alice.key jr/judge.pub >ra.msg
	{ printf 'From: alice@example.org\nTo: judge@club.example\n'
	  printf 'Subject: REGISTER\n\n'; cat ra.msg; } | ./mta -t -i
	c=$(sed -n 's/^    REGISTER \([0-9a-f]\{16\}\)$/\1/p' \
	    spool/alice@example.org.mbox | tail -1)
	{ printf 'From: alice@example.org\nTo: judge@club.example\n'
	  printf 'Subject: REGISTER %s\n\n' "$c"; cat ra.msg; } | ./mta -t -i
	grep -q '^- name: alice$' jr/members || fail "alice not listed"
}

test_readme_join_a_club() {
	club_start
	echo 'a passphrase for carol' >pw
	ADJUDICATOR_PASSPHRASE_FILE=$PWD/pw SENDMAIL=$PWD/mta
	export ADJUDICATOR_PASSPHRASE_FILE SENDMAIL
	mkdir bin
	ln -s "$ADJ" bin/adjudicator
	PATH=$PWD/bin:$PATH
	join_steps >steps
	ran=0
	while IFS= read -r line; do
		case $line in 'carol$ '*) cmd=${line#carol\$ } ;; *) continue ;;
		esac
		mb=spool/carol@example.org.mbox
		code=$(sed -n 's/^    REGISTER \([0-9a-f]\{16\}\)$/\1/p' \
		    "$mb" 2>/dev/null | tail -1)
		g=$(ls .home/games 2>/dev/null | grep -v contacts | head -1)
		cmd=$(printf '%s\n' "$cmd" | sed "
		    s,/usr/sbin/sendmail,$PWD/mta,g
		    s,/var/mail/carol,$PWD/$mb,g
		    s/5f0c2d1e8a7b6c4d/$code/g
		    s/9e7ce3f4/$g/g")
		echo "== carol\$ $cmd" >>run.log
		sh -c "$cmd" >>run.log 2>&1 </dev/null || {
			tail -20 run.log >&2
			fail "as written: $line"
		}
		ran=$((ran + 1))
	done <steps
	[ "$ran" -ge 10 ] || fail "only $ran lines run"
	# carol is listed, alice's key and address in her contacts
	grep -q '^- name: carol$' jr/members || fail "carol not listed"
	grep -qx "  key: $(cat alice.pub)" .home/games/contacts/* ||
	    fail "alice not in carol's contacts"
	# the game: alice's key at her address from the contacts, filed by
	# the judge, carol's setup taken
	g=$(ls .home/games | grep -v contacts)
	[ -d "jr/$g" ] || fail "the judge did not file the game"
	"$ADJ" open -k alice.key invite.eml >hdr 2>/dev/null ||
	    fail "not alice's to open"
	grep -A2 '^- name: alice$' hdr |
	    grep -qx '  address: alice@example.org' ||
	    fail "alice's address: $(cat hdr)"
	# the judge's address from the directory too
	grep -qx 'judge_address: judge@club.example' hdr ||
	    fail "the judge's address: $(cat hdr)"
	"$ADJ" show -r jr -d "$g" -f yaml >view.yaml 2>/dev/null ||
	    fail "the judge's copy"
	grep -qx 'seq: 1' view.yaml || fail "carol's setup not taken: "`
	    `"$(grep '^seq:' view.yaml)"
}
