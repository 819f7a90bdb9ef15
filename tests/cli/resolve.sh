# A contact's name or address wherever a command takes a SEAT.pub (issue
# 34): new's seats and -j, seal, open -p, members import -j, the
# operator's handover (the club's own ROOT/members), the address filled
# in from the contacts; a name no contacts know (exit 2), or that two
# clubs' contacts give different keys (exit 1), refused in one line with
# nothing written; a file of that name still wins.

# club DIR JUDGE.pub NAME:KEY.pub...: a contacts file of the judge's club
# in DIR/contacts, each member at NAME@example.org, the judge at
# $CL_JADDR when it is set
club() {
	cl_dir=$1 cl_judge=$2
	shift 2
	mkdir -p "$cl_dir/contacts"
	{
		printf 'judge: %s\n' "$(cat "$cl_judge")"
		[ -z "${CL_JADDR:-}" ] || printf 'address: %s\n' "$CL_JADDR"
		printf 'time: 2026-12-01T00:00:00Z\nmembers:\n'
		for m in "$@"; do
			printf -- '- name: %s\n  key: %s\n' "${m%%:*}" \
			    "$(cat "${m#*:}")"
			printf '  address: %s@example.org\n' "${m%%:*}"
		done
	} >"$cl_dir/contacts/$(awk '{ print $3 }' "$cl_judge")"
}

# cstart: the judge's key (jr), alice, bob and carol, alice's contacts of
# the club in R, the default root
cstart() {
	mkdir jr
	"$ADJ" keygen -N -d jr judge 2>/dev/null
	keys alice bob carol
	club R jr/judge.pub alice:alice.pub bob:bob.pub
	ADJUDICATOR_ROOT=$PWD/R
	export ADJUDICATOR_ROOT
}

# seat_is FILE SEAT KEY.pub ADDRESS: bob opens the invitation FILE; SEAT
# holds KEY.pub at ADDRESS
seat_is() {
	"$ADJ" open -k bob.key "$1" >hdr 2>/dev/null || fail "open $1"
	grep -A2 "^- name: $2\$" hdr >seat || fail "no seat $2: $(cat hdr)"
	grep -qx "  key: $(cat "$3")" seat || fail "$2's key: $(cat seat)"
	grep -qx "  address: $4" seat || fail "$2's address: $(cat seat)"
}

# new by the contacts' names and addresses: the keys, and the addresses
# where -a gives none; the judge by its key's name or id
test_contacts_new() {
	cstart
	expect 0 "$ADJ" new -k alice.key -m judge -j judge \
	    -a judge=judge@club.example incognito alice bob
	cp out n1.msg
	seat_is n1.msg alice alice.pub alice@example.org
	seat_is n1.msg bob bob.pub bob@example.org
	grep -qx "judge: $(cat jr/judge.pub)" hdr || fail "the judge's key"
	# by address, -a still first, the judge by its key id
	J=$(awk '{ print $3 }' jr/judge.pub)
	expect 0 "$ADJ" new -k alice.key -m judge -j "$J" \
	    -a alice=al@example.net -a judge=judge@club.example \
	    incognito alice@example.org BOB@example.org
	cp out n2.msg
	seat_is n2.msg alice alice.pub al@example.net
	seat_is n2.msg bob bob.pub bob@example.org
	# a peer game: .pub files and names together
	expect 0 "$ADJ" new -k alice.key incognito alice.pub bob
	cp out n3.msg
	seat_is n3.msg bob bob.pub bob@example.org
	# a file of that name wins
	cp carol.pub bob
	expect 0 "$ADJ" new -k alice.key incognito alice bob
	"$ADJ" open -k carol.key out >hdr 2>/dev/null || fail "not carol's"
	grep -q '^- name: carol$' hdr || fail "the file bob was not taken"
	rm bob
	# a judged game with addresses from the contacts needs the judge's
	expect 2 "$ADJ" new -k alice.key -m judge -j judge incognito alice bob
	one_line
	err_has 'no address for the judge'
}

# The judge's address the club's directory gave (MEMBERS): a game by
# mail takes it unless -a gives one; -j finds the judge by it; a judged
# game with no address at all (not by mail) is given none
test_contacts_judge_address() {
	CL_JADDR=judge@club.example
	cstart
	expect 0 "$ADJ" new -k alice.key -m judge -j judge incognito alice bob
	cp out n1.msg
	seat_is n1.msg bob bob.pub bob@example.org
	grep -qx 'judge_address: judge@club.example' hdr ||
	    fail "the judge's address: $(cat hdr)"
	expect 0 "$ADJ" new -k alice.key -m judge -j JUDGE@club.example \
	    -a judge=referee@club.example incognito alice bob
	cp out n2.msg
	seat_is n2.msg alice alice.pub alice@example.org
	grep -qx "judge: $(cat jr/judge.pub)" hdr || fail "the judge by address"
	grep -qx 'judge_address: referee@club.example' hdr ||
	    fail "-a judge= does not win: $(cat hdr)"
	# seats by file with -a: by mail, the judge's from the contacts
	expect 0 "$ADJ" new -k alice.key -m judge -j judge \
	    -a alice=alice@example.org -a bob=bob@example.org incognito \
	    alice.pub bob.pub
	"$ADJ" open -k bob.key out >hdr 2>/dev/null || fail "open n4"
	grep -qx 'judge_address: judge@club.example' hdr ||
	    fail "with -a, the judge's address: $(cat hdr)"
	expect 0 "$ADJ" new -k alice.key -m judge -j judge incognito \
	    alice.pub bob.pub
	"$ADJ" open -k bob.key out >hdr 2>/dev/null || fail "open n3"
	! grep -q 'address' hdr || fail "not by mail, an address: $(cat hdr)"
}

# Names no contacts know, or that two clubs give different keys: one
# line, nothing written
test_contacts_refused() {
	cstart
	snapshot R
	expect 2 "$ADJ" new -k alice.key incognito alice zed
	one_line
	err_has 'zed: no such file, and no member of that name in the '`
	    `'contacts of'
	expect 2 "$ADJ" new -k alice.key incognito alice zed@example.org
	one_line
	err_has 'no member of that address'
	expect 2 "$ADJ" new -k alice.key -m judge -j bob incognito alice bob
	one_line
	err_has "bob: no such file, and no club's judge of that name"
	# still a missing .pub file as before
	expect 4 "$ADJ" new -k alice.key incognito alice zed.pub
	one_line
	err_has 'zed.pub'
	# no name, no key id, no address: a path as ever
	expect 4 "$ADJ" new -k alice.key incognito alice bob.pbu
	one_line
	err_has 'bob.pbu: No such file'
	# another club whose bob is carol's key; its judge named judge too
	mkdir j2
	"$ADJ" keygen -N -d j2 judge 2>/dev/null
	club R j2/judge.pub bob:carol.pub alice:alice.pub
	snapshot R
	expect 1 "$ADJ" new -k alice.key incognito alice bob
	one_line
	err_has 'bob: two keys in the contacts'
	expect 1 "$ADJ" new -k alice.key -m judge -j judge incognito alice.pub \
	    bob.pub
	one_line
	err_has 'judge: two keys in the contacts'
	# the same key in both clubs is one
	expect 0 "$ADJ" new -k alice.key incognito alice bob.pub
	unchanged R
	# no root at all: the name is no file
	unset ADJUDICATOR_ROOT
	expect 2 "$ADJ" new -k alice.key incognito alice.pub bob
	one_line
	err_has 'bob: no such file, and no member of that name in the '`
	    `'contacts of any root'
}

# The other verbs that take a public key: seal, open -p, members import
# -j, the operator's handover by the club's own directory
test_contacts_verbs() {
	cstart
	printf 'hello: world\n' >x.yaml
	expect 0 "$ADJ" seal -k alice.key bob x.yaml
	cp out x.msg
	# the last a name: the body from standard input
	"$ADJ" seal -k alice.key judge bob <x.yaml >y.msg 2>err ||
	    fail "seal from stdin to names: $(cat err)"
	expect 0 "$ADJ" open -k jr/judge.key -p alice y.msg
	out_has '^hello: world$'
	expect 0 "$ADJ" open -k bob.key -p alice x.msg
	out_has '^hello: world$'
	expect 1 "$ADJ" open -k bob.key -p bob x.msg
	one_line
	expect 2 "$ADJ" open -k bob.key -p zed x.msg
	err_has 'zed: no such file'
	expect 2 "$ADJ" members import -k bob.key -r R -j zed x.msg
	one_line
	err_has "zed: no such file, and no club's judge of that name in the "`
	    `"contacts of R"
	expect 2 "$ADJ" standings -j zed .
	one_line
	err_has "zed: no such file"
}

# The operator's handover by a member's name in the club's own directory
# (ROOT/members): its key, and its address without -a
test_contacts_handover() {
	mstart
	keys carol
	{
		printf 'members:\n- name: carol\n  key: %s\n' "$(cat carol.pub)"
		printf '  address: carol@example.org\n'
		printf '  since: 2026-12-01T00:00:00Z\n'
	} >jr/members
	snapshot jr
	SPOOL=$PWD/spool expect 2 "$ADJ" rule -r jr -s "$SM" "$G" handover \
	    bob dave bob left the club
	one_line
	err_has 'dave: no such file, and no member of that name in the '`
	    `'contacts of jr'
	unchanged jr
	SPOOL=$PWD/spool expect 0 "$ADJ" rule -r jr -s "$SM" "$G" handover \
	    bob carol bob left the club
	c=$(mails_to carol@example.org)
	[ -n "$c" ] || fail "no mail to carol's address from the directory"
	expect 0 "$ADJ" join -r CR -k carol.key spool/carol@example.org.mbox
}
