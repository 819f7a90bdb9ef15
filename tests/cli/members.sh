# The club's directory by mail: REGISTER (a message its key signed, the
# name wanted and the address, confirmed by the judge's code mailed to
# that address), a name held by one key, an address or key changed by
# the key that holds the name, UNREGISTER; every refusal answered in one
# line, with ROOT/members unchanged.  Through the stand-in sendmail
# (tests/cli/sendmail.sh, helpers in lib.sh).

T0=1796083200		# 2026-12-01T00:00:00Z, the test clock

# rstart: the judge's root jr and the keys of alice, bob and carol
rstart() {
	mkdir jr
	"$ADJ" keygen -N -d jr judge 2>/dev/null
	keys alice bob carol alice2
}

# body NAME CLUB NAME [ADDRESS [KEY]]: a body to seal, in NAME.yaml
body() {
	{
		printf 'club: %s\nname: %s\n' "$2" "$3"
		[ -z "${4:-}" ] || printf 'address: %s\n' "$4"
		[ -z "${5:-}" ] || printf 'key: %s\n' "$(cat "$5")"
	} >"$1.yaml"
}

# sealed NAME KEY: NAME.yaml signed by KEY, sealed to the judge (NAME.msg)
sealed() {
	"$ADJ" seal -k "$2" jr/judge.pub "$1.yaml" >"$1.msg" ||
	    fail "seal $1"
}

# mailed FILE FROM SUBJECT MSG: a mail from FROM with SUBJECT and MSG
mailed() {
	{
		printf 'From: %s\nSubject: %s\n\n' "$2" "$3"
		[ -z "$4" ] || cat "$4"
	} >"$1"
}

# take FILE [STATUS]: the bot takes FILE at the test clock (NOW, else T0)
take() {
	ADJUDICATOR_NOW=${NOW:-$T0} SPOOL=$PWD/spool expect "${2:-0}" \
	    "$ADJ" judge -r jr -s "$SM" "$1"
}

# last: the text of the last mail the bot sent
last() {
	f=$(ls spool/*.eml | sort -t/ -k2 -n | tail -1)
	sed '1,/^$/d' "$f"
}

# code_of: the code of the last mail ("    VERB CODE")
code_of() {
	last | sed -n 's/^    [A-Z]* \([0-9a-f]\{16\}\)$/\1/p'
}

# register NAME KEY ADDRESS [NEWKEY.pub]: a REGISTER asked, then
# confirmed with the code the judge mailed; a new key signs the same body
# too, a second message
register() {
	body "r$1" register "$1" "$3" "${4:-}"
	sealed "r$1" "$2"
	if [ -n "${4:-}" ]; then
		"$ADJ" seal -k "${4%.pub}.key" jr/judge.pub "r$1.yaml" \
		    >>"r$1.msg" || fail "seal $1's new key"
	fi
	mailed "r$1.eml" "$3" REGISTER "r$1.msg"
	take "r$1.eml"
	code=$(code_of)
	[ -n "$code" ] || { last >&2; fail "no code for $1"; }
	mailed "r$1c.eml" "$3" "REGISTER $code" "r$1.msg"
	take "r$1c.eml"
}

# listed NAME KEY.pub ADDRESS: the directory lists NAME so
listed() {
	grep -A3 "^- name: $1\$" jr/members >entry ||
	    fail "$1 is not in the directory"
	grep -qx "  key: $(cat "$2")" entry || fail "$1's key"
	grep -qx "  address: $3" entry || fail "$1's address"
}

# A member registers: the code goes to its address alone, the same
# message with the code lists it (name, key, address, since), once
test_register() {
	rstart
	body ra register alice alice@example.org
	sealed ra alice.key
	mailed ra.eml alice@example.org REGISTER ra.msg
	take ra.eml
	[ "$(nmail)" -eq 1 ] || fail "no code mailed"
	[ "$(cat spool/1.rcpt)" = alice@example.org ] || fail "to whom?"
	[ ! -e jr/members ] || fail "listed before the code"
	tail -1 jr/log | grep -q 'verdict=register,code sent=1' || fail "log"
	code=$(code_of)
	[ -n "$code" ] || fail "no code"
	mailed rc.eml alice@example.org "Re: REGISTER $code" ra.msg
	take rc.eml
	listed alice alice.pub alice@example.org
	grep -qx '  since: 2026-12-01T00:00:00Z' jr/members || fail "since"
	last | grep -q '^You are a member of this club' || fail "not told"
	tail -1 jr/log | grep -q 'verdict=register sent=1' || fail "log"
	# the same again: nothing to do
	take rc.eml
	last | grep -q 'already' || fail "not told it is already"
	[ "$(grep -c '^- name:' jr/members)" -eq 1 ] || fail "listed twice"
	# HELP lists both commands
	mailed h.eml carol@example.org HELP ""
	take h.eml
	last | grep -q '^  REGISTER \[CODE\]  *[a-z]' || fail "HELP: REGISTER"
	last | grep -q '^  UNREGISTER \[CODE\]  *[a-z]' ||
	    fail "HELP: UNREGISTER"
}

# A forged registration: alice's message with carol's key put in it as
# the signer's; the signature is not carol's
test_register_forged() {
	rstart
	body ra register carol carol@example.org
	sealed ra alice.key
	body rc register carol carol@example.org
	sealed rc carol.key
	wire unwrap jr/judge.key ra.msg >a.bin || fail "unwrap"
	wire unwrap jr/judge.key rc.msg >c.bin || fail "unwrap"
	# the signer's keys and name (offset 8: 32 + 32 + 1 + 5 bytes)
	python3 - <<'EOF' || fail "forge"
a = bytearray(open("a.bin", "rb").read())
c = open("c.bin", "rb").read()
a[8:8 + 70] = c[8:8 + 70]
open("f.bin", "wb").write(a)
EOF
	wire wrap f.bin jr/judge.pub >f.msg || fail "wrap"
	mailed f.eml carol@example.org REGISTER f.msg
	take f.eml 1
	err_has 'REGISTER: .*signature'
	last | grep -q '^The judge did not take your REGISTER: .*signature' ||
	    fail "not told"
	[ ! -e jr/members ] || fail "a directory written"
	tail -1 jr/log | grep -q 'verdict=register,unread' || fail "log"
}

# A name is one key's: bob cannot take alice's, nor change it
test_register_name_taken() {
	rstart
	register alice alice.key alice@example.org
	cp jr/members before
	body rb register alice bob@example.org
	sealed rb bob.key
	mailed rb.eml bob@example.org REGISTER rb.msg
	take rb.eml 1
	err_has "the name alice is another member's"
	[ "$(cat "$(ls spool/*.rcpt | sort -t/ -k2 -n | tail -1)")" = \
	    bob@example.org ] || fail "bob not told"
	# nor with alice's code
	mailed rb2.eml bob@example.org "REGISTER 0123456789abcdef" rb.msg
	take rb2.eml 1
	err_has "another member's"
	cmp -s jr/members before || fail "the directory changed"
	# bob under his own name is a member too
	register bob bob.key bob@example.org
	listed bob bob.pub bob@example.org
	listed alice alice.pub alice@example.org
}

# An address or a key changes by the key that holds the name; a key
# change signed by another key is refused; a key is one member's
test_register_changes() {
	rstart
	register alice alice.key alice@example.org
	# a new address: the code goes to it
	register alice alice.key alice@home.example
	listed alice alice.pub alice@home.example
	# a new key, signed by the old one
	register alice alice.key alice@home.example alice2.pub
	listed alice alice2.pub alice@home.example
	# the old key signs nothing for alice any more
	body ro register alice alice@home.example
	sealed ro alice.key
	mailed ro.eml alice@home.example REGISTER ro.msg
	take ro.eml 1
	err_has "another member's"
	# bob's key change for alice: not his to make
	body rk register alice bob@example.org bob.pub
	sealed rk bob.key
	mailed rk.eml bob@example.org REGISTER rk.msg
	take rk.eml 1
	err_has "another member's"
	# a key change for a name nobody holds
	body rn register nobody carol@example.org bob.pub
	sealed rn carol.key
	mailed rn.eml carol@example.org REGISTER rn.msg
	take rn.eml 1
	err_has "nobody is no member"
	# carol cannot take alice2's key for her name
	body rc register carol carol@example.org alice2.pub
	sealed rc carol.key
	mailed rc.eml carol@example.org REGISTER rc.msg
	take rc.eml 1
	err_has "no member"
	listed alice alice2.pub alice@home.example
	[ "$(grep -c '^- name:' jr/members)" -eq 1 ] || fail "members"
}

# A confirmation seen once does not do it again once the member changed
test_register_code_once() {
	rstart
	register alice alice.key alice@example.org
	cp "ralicec.eml" first.eml
	register alice alice.key alice@home.example
	# the first confirmation again: the address it names is alice's
	# no more, and its code is for the member as it was
	take first.eml 1
	err_has "not the judge's code"
	listed alice alice.pub alice@home.example
}

# A key change the new key did not sign is refused, nothing changed: a
# member cannot point its name at another's key; the second message must
# be the same body, signed by the key it names
test_register_key_unproven() {
	rstart
	register alice alice.key alice@example.org
	register bob bob.key bob@example.org
	cp jr/members before
	# alice's name pointed at carol's key, signed by alice alone
	body rx register alice alice@example.org carol.pub
	sealed rx alice.key
	mailed rx.eml alice@example.org REGISTER rx.msg
	take rx.eml 1
	one_line
	err_has 'key: the new key .* did not sign the change'
	last | grep -q 'did not sign the change' || fail "alice not told"
	tail -1 jr/log | grep -q 'verdict=register,unproven' || fail "log"
	# the second message signed by another key than the one named
	"$ADJ" seal -k bob.key jr/judge.pub rx.yaml >>rx.msg
	mailed ry.eml alice@example.org REGISTER rx.msg
	take ry.eml 1
	one_line
	err_has 'two signed messages are a key change'
	# signed by the new key, but another body
	body rz register alice alice@home.example carol.pub
	sealed rx alice.key
	"$ADJ" seal -k carol.key jr/judge.pub rz.yaml >>rx.msg
	mailed rz.eml alice@example.org REGISTER rx.msg
	take rz.eml 1
	err_has 'the two signed messages differ'
	# two messages for no key change
	body rw register alice alice@example.org
	sealed rw alice.key
	"$ADJ" seal -k alice.key jr/judge.pub rw.yaml >>rw.msg
	mailed rw.eml alice@example.org REGISTER rw.msg
	take rw.eml 1
	err_has 'two signed messages are a key change'
	cmp -s jr/members before || fail "the directory changed"
	# both keys sign: the change is made (either order)
	body rv register alice alice@example.org carol.pub
	"$ADJ" seal -k carol.key jr/judge.pub rv.yaml >rv.msg
	"$ADJ" seal -k alice.key jr/judge.pub rv.yaml >>rv.msg
	mailed rv.eml alice@example.org REGISTER rv.msg
	take rv.eml
	last | grep -q 'the same signed messages (both) again' ||
	    fail "not told to send both again"
	mailed rv2.eml alice@example.org "REGISTER $(code_of)" rv.msg
	take rv2.eml
	listed alice carol.pub alice@example.org
}

# A new member's confirmation mailed again after it left (UNREGISTER)
# does not list it again: its code covered how many had left
test_register_again_after_unregister() {
	rstart
	register alice alice.key alice@example.org
	cp ralicec.eml confirm.eml
	body ua unregister alice
	sealed ua alice.key
	mailed ua.eml alice@example.org UNREGISTER ua.msg
	NOW=$((T0 + 60)) take ua.eml
	mailed ua2.eml alice@example.org "UNREGISTER $(code_of)" ua.msg
	NOW=$((T0 + 60)) take ua2.eml
	grep -q '^left: 1$' jr/members || fail "no count of who left"
	cp jr/members before
	NOW=$((T0 + 120)) take confirm.eml 1
	one_line
	err_has "not the judge's code"
	cmp -s jr/members before || fail "the directory changed"
	# asked again, a new code lists alice again
	NOW=$((T0 + 180)) take ralice.eml
	code=$(code_of)
	mailed again.eml alice@example.org "REGISTER $code" ralice.msg
	NOW=$((T0 + 180)) take again.eml
	listed alice alice.pub alice@example.org
	grep -qx '  since: 2026-12-01T00:03:00Z' jr/members || fail "since"
	# a count with a sign: the record refused, the mail kept
	printf 'left: -1\nmembers: []\n' >jr/members
	take again.eml 2
	err_has 'left: "-1" is not a count'
}

# Every bad REGISTER: answered in one line, nothing written
test_register_refusals() {
	rstart
	# no signed message
	mailed n.eml alice@example.org REGISTER ""
	take n.eml 3
	err_has 'REGISTER: it needs the signed message'
	# not a code
	body ra register alice alice@example.org
	sealed ra alice.key
	mailed c.eml alice@example.org "REGISTER xyz" ra.msg
	take c.eml 3
	err_has '"xyz" is not a code'
	mailed c2.eml alice@example.org "REGISTER 0123 4567" ra.msg
	take c2.eml 3
	err_has 'is not a code'
	# a wrong code
	mailed w.eml alice@example.org "REGISTER 0123456789abcdef" ra.msg
	take w.eml 1
	err_has "not the judge's code"
	# the address is not the mail's
	mailed f.eml mallory@example.org REGISTER ra.msg
	take f.eml 3
	err_has 'alice@example.org is not the address this mail comes from'
	[ "$(cat "$(ls spool/*.rcpt | sort -t/ -k2 -n | tail -1)")" = \
	    mallory@example.org ] || fail "the sender not told"
	# a body that is not a registration
	body bn register Alice alice@example.org
	sealed bn alice.key
	mailed bn.eml alice@example.org REGISTER bn.msg
	take bn.eml 3
	err_has 'name: "Alice" is not a name'
	body bu unregister alice
	sealed bu alice.key
	mailed bu.eml alice@example.org REGISTER bu.msg
	take bu.eml 3
	err_has 'club: "unregister", not register'
	printf 'club: register\nname: alice\n' >bm.yaml
	sealed bm alice.key
	mailed bm.eml alice@example.org REGISTER bm.msg
	take bm.eml 3
	err_has 'address'
	printf 'club: register\nname: alice\naddress: alice@example.org\n' \
	    >bx.yaml
	printf 'game: x\n' >>bx.yaml
	sealed bx alice.key
	mailed bx.eml alice@example.org REGISTER bx.msg
	take bx.eml 3
	err_has 'game'
	# two messages of two bodies; three
	body rb register bob bob@example.org
	sealed rb bob.key
	cat ra.msg rb.msg >two.msg
	mailed t.eml alice@example.org REGISTER two.msg
	take t.eml 1
	err_has 'the two signed messages differ'
	"$ADJ" seal -k carol.key jr/judge.pub rb.yaml >r3.msg
	cat ra.msg rb.msg r3.msg >three.msg
	mailed t3.eml alice@example.org REGISTER three.msg
	take t3.eml 3
	err_has '3 signed messages: it takes one (two for a new key)'
	# a message sealed to another key than the judge's
	"$ADJ" seal -k alice.key bob.pub ra.yaml >o.msg || fail "seal"
	mailed o.eml alice@example.org REGISTER o.msg
	take o.eml 1
	err_has 'REGISTER: '
	# an automatic mail: not answered, nothing done
	n=$(nmail)
	printf 'From: alice@example.org\nAuto-Submitted: auto-replied\n' >a.eml
	printf 'Subject: REGISTER\n\n' >>a.eml
	cat ra.msg >>a.eml
	take a.eml
	[ "$(nmail)" -eq "$n" ] || fail "an automatic mail answered"
	[ ! -e jr/members ] || fail "a directory written"
	# a damaged directory: the mail waits (exit 2), nothing answered
	printf 'members: [\n' >jr/members
	cp jr/members before
	mailed ok.eml alice@example.org REGISTER ra.msg
	take ok.eml 2
	err_has '^adjudicator: jr/members:[0-9]*:[0-9]*: '
	[ "$(nmail)" -eq "$n" ] || fail "answered while the record is bad"
	tail -1 jr/log | grep -q 'verdict=retry' || fail "log"
	cmp -s jr/members before || fail "the record changed"
	rm jr/members
	take ok.eml
	[ "$(nmail)" -eq $((n + 1)) ] || fail "not answered once mended"
}

# UNREGISTER: signed by the member's key, from its address, confirmed
test_unregister() {
	rstart
	register alice alice.key alice@example.org
	register bob bob.key bob@example.org
	body ua unregister alice
	sealed ua alice.key
	# bob's key cannot take alice out
	body ub unregister alice
	sealed ub bob.key
	mailed ub.eml bob@example.org UNREGISTER ub.msg
	take ub.eml 1
	err_has "member alice is another key's"
	# nor alice's message from another address
	mailed uf.eml mallory@example.org UNREGISTER ua.msg
	take uf.eml 1
	err_has "mail it from the address the directory lists"
	# nobody of that name
	body uc unregister carol
	sealed uc carol.key
	mailed uc.eml carol@example.org UNREGISTER uc.msg
	take uc.eml 1
	err_has "carol is no member"
	listed alice alice.pub alice@example.org
	mailed ua.eml alice@example.org UNREGISTER ua.msg
	take ua.eml
	code=$(code_of)
	[ -n "$code" ] || fail "no code"
	listed alice alice.pub alice@example.org
	mailed ua2.eml alice@example.org "UNREGISTER 0000000000000000" ua.msg
	take ua2.eml 1
	err_has "not the judge's code"
	mailed ua3.eml alice@example.org "UNREGISTER $code" ua.msg
	take ua3.eml
	! grep -q '^- name: alice$' jr/members || fail "alice still listed"
	listed bob bob.pub bob@example.org
	last | grep -q "out of this club's directory" || fail "not told"
	tail -1 jr/log | grep -q 'verdict=unregister sent=1' || fail "log"
	# done once: the same confirmation again finds no member
	take ua3.eml 1
	err_has "alice is no member"
}

# MEMBERS: the directory, signed by the judge and sealed to the member
# who asks (by the address it comes from); names and keys, addresses
# only when judge.yaml says "members: addresses"
test_members() {
	rstart
	register alice alice.key alice@example.org
	register bob bob.key bob@example.org
	mailed m.eml bob@example.org MEMBERS ""
	take m.eml
	f=$(ls spool/*.eml | sort -t/ -k2 -n | tail -1)
	[ "$(cat "${f%.eml}.rcpt")" = bob@example.org ] || fail "to whom?"
	tail -1 jr/log | grep -q 'verdict=members sent=1' || fail "log"
	grep -q '^2 members, names and keys, signed\|: 2 members, names' "$f" ||
	    fail "what it holds"
	# it opens with bob's key, signed by the judge
	expect 0 "$ADJ" open -k bob.key -p jr/judge.pub "$f"
	out_has '^club: members$'
	out_has "^judge: $(awk '{ print $3 }' jr/judge.pub)\$"
	out_has '^time: 2026-12-01T00:00:00Z$'
	out_has "^  key: $(cat alice.pub)\$"
	out_has '^- name: bob$'
	! grep -q 'address' out || fail "addresses given"
	# not alice's to open
	expect 1 "$ADJ" open -k alice.key -p jr/judge.pub "$f"
	# addresses when the settings say so
	printf 'members: addresses\n' >jr/judge.yaml
	take m.eml
	f=$(ls spool/*.eml | sort -t/ -k2 -n | tail -1)
	expect 0 "$ADJ" open -k bob.key -p jr/judge.pub "$f"
	out_has '^  address: alice@example.org$'
	printf 'members: all\n' >jr/judge.yaml
	take m.eml 2
	err_has 'judge.yaml:1:[0-9]*: members: "all"'
	rm jr/judge.yaml
	# for members only
	mailed n.eml carol@example.org MEMBERS ""
	take n.eml 1
	err_has 'MEMBERS: carol@example.org is no member'
	last | grep -q 'REGISTER first' || fail "not told"
	# nothing after it
	mailed x.eml bob@example.org "MEMBERS all" ""
	take x.eml 3
	err_has 'MEMBERS: "all": it takes nothing after it'
	# HELP lists it
	mailed h.eml carol@example.org HELP ""
	take h.eml
	last | grep -q '^  MEMBERS  *[a-z]' || fail "HELP: MEMBERS"
}

# members import: the directory MEMBERS gave, into the player's contacts
# (ROOT/contacts/JUDGEID); every new member, changed key and member gone
# said with its fingerprint; an older directory, another judge's, or
# what is no directory refused, the contacts unchanged
test_members_import() {
	rstart
	register alice alice.key alice@example.org
	register bob bob.key bob@example.org
	J=$(awk '{ print $3 }' jr/judge.pub)
	mailed m.eml bob@example.org MEMBERS ""
	take m.eml
	cp "$(ls spool/*.eml | sort -t/ -k2 -n | tail -1)" d1.eml
	grep -q '^    adjudicator members import -k KEY -j JUDGE.pub FILE$' \
	    d1.eml || fail "the answer does not say how to import it"
	expect 0 "$ADJ" members import -k bob.key -j jr/judge.pub -r BR d1.eml
	out_has "^club of judge judge, key $J (new to you): 2 members"
	out_has '^  fingerprint [0-9a-f]\{4\}\( [0-9a-f]\{4\}\)\{9\}$'
	out_has "^new: alice, key $(awk '{ print $3 }' alice.pub)\$"
	out_has '^new: bob, key '
	grep -qx "  key: $(cat alice.pub)" "BR/contacts/$J" ||
	    fail "alice not in the contacts"
	grep -qx "judge: $(cat jr/judge.pub)" "BR/contacts/$J" ||
	    fail "the judge's key not in the contacts"
	# the same again: nothing new
	expect 0 "$ADJ" members import -k bob.key -r BR d1.eml
	out_has '^nothing new$'
	# alice's new key, carol in, bob's directory of a day later
	register alice alice.key alice@example.org alice2.pub
	register carol carol.key carol@example.org
	ADJUDICATOR_NOW=$((T0 + 86400)) SPOOL=$PWD/spool expect 0 "$ADJ" \
	    judge -r jr -s "$SM" m.eml
	cp "$(ls spool/*.eml | sort -t/ -k2 -n | tail -1)" d2.eml
	expect 0 "$ADJ" members import -k bob.key -r BR d2.eml
	k1=$(awk '{ print $3 }' alice.pub)
	k2=$(awk '{ print $3 }' alice2.pub)
	out_has "^CHANGED KEY: alice, key $k2 (was $k1)\$"
	out_has '^new: carol, key '
	! grep -q '^new: bob' out || fail "bob new again"
	grep -qx "  key: $(cat alice2.pub)" "BR/contacts/$J" ||
	    fail "alice's new key not kept"
	cp "BR/contacts/$J" before
	# the older directory again: refused, nothing changed
	expect 1 "$ADJ" members import -k bob.key -r BR d1.eml
	one_line
	err_has 'older than the directory in'
	cmp -s "BR/contacts/$J" before || fail "contacts changed"
	# the judge's address, once judge.yaml gives it: in the directory,
	# said once and kept in the contacts
	printf 'address: judge@club.example\n' >jr/judge.yaml
	ADJUDICATOR_NOW=$((T0 + 86400 + 60)) SPOOL=$PWD/spool expect 0 \
	    "$ADJ" judge -r jr -s "$SM" m.eml
	cp "$(ls spool/*.eml | sort -t/ -k2 -n | tail -1)" d2a.eml
	expect 0 "$ADJ" open -k bob.key -p jr/judge.pub d2a.eml
	out_has '^address: judge@club.example$'
	expect 0 "$ADJ" members import -k bob.key -r BR d2a.eml
	out_has "^the judge's address: judge@club.example\$"
	! grep -q '^nothing new$' out || fail "nothing new, it says"
	grep -qx 'address: judge@club.example' "BR/contacts/$J" ||
	    fail "the judge's address not kept"
	expect 0 "$ADJ" members import -k bob.key -r BR d2a.eml
	out_has '^nothing new$'
	rm jr/judge.yaml
	# bob taken out: gone
	body ub unregister bob
	sealed ub bob.key
	mailed ub.eml bob@example.org UNREGISTER ub.msg
	take ub.eml
	mailed ub2.eml bob@example.org "UNREGISTER $(code_of)" ub.msg
	take ub2.eml
	mailed mc.eml carol@example.org MEMBERS ""
	ADJUDICATOR_NOW=$((T0 + 2 * 86400)) SPOOL=$PWD/spool expect 0 \
	    "$ADJ" judge -r jr -s "$SM" mc.eml
	cp "$(ls spool/*.eml | sort -t/ -k2 -n | tail -1)" d3.eml
	expect 0 "$ADJ" members import -k carol.key -r CR d3.eml
	expect 0 "$ADJ" members import -k carol.key -r BR d3.eml
	out_has '^gone: bob$'
}

# Every refusal of members import: one line, the contacts unchanged
test_members_import_refusals() {
	rstart
	register bob bob.key bob@example.org
	mailed m.eml bob@example.org MEMBERS ""
	take m.eml
	cp "$(ls spool/*.eml | sort -t/ -k2 -n | tail -1)" d1.eml
	# another judge than the one named
	expect 1 "$ADJ" members import -k bob.key -j alice.pub -r BR d1.eml
	one_line
	err_has 'not by the judge alice'
	# not bob's to open
	expect 1 "$ADJ" members import -k alice.key -r AR d1.eml
	one_line
	# no message, two messages
	printf 'hello\n' >none.eml
	expect 3 "$ADJ" members import -k bob.key -r BR none.eml
	err_has 'no ADJUDICATOR MESSAGE'
	printf 'club: members\n' >x.yaml
	"$ADJ" seal -k alice.key bob.pub x.yaml >x.msg
	cat d1.eml x.msg >two.eml
	expect 3 "$ADJ" members import -k bob.key -r BR two.eml
	err_has '2 messages: a directory is one'
	# a message that is no directory, or whose judge is not its signer
	expect 3 "$ADJ" members import -k bob.key -r BR x.msg
	one_line
	printf 'club: members\njudge: 0123456789abcdef\n' >y.yaml
	printf 'time: 2026-12-01T00:00:00Z\nmembers: []\n' >>y.yaml
	"$ADJ" seal -k alice.key bob.pub y.yaml >y.msg
	expect 1 "$ADJ" members import -k bob.key -r BR y.msg
	err_has 'judge: not the key that signed it'
	# the judge's address, not an address
	J=$(awk '{ print $3 }' jr/judge.pub)
	printf 'club: members\njudge: %s\naddress: nobody\n' "$J" >z.yaml
	printf 'time: 2026-12-01T00:00:00Z\nmembers: []\n' >>z.yaml
	"$ADJ" seal -k jr/judge.key bob.pub z.yaml >z.msg
	expect 3 "$ADJ" members import -k bob.key -r BR z.msg
	one_line
	err_has 'address: not an address'
	[ ! -e BR/contacts ] || fail "contacts written"
	# usage
	expect 2 "$ADJ" members import -r BR d1.eml
	err_has 'members: -k KEY is missing'
	expect 2 "$ADJ" members export -k bob.key d1.eml
	err_has 'the one thing it does is import'
	expect 2 "$ADJ" members import -k bob.key -r BR
	err_has 'FILE is missing'
	expect 2 "$ADJ" members import -k bob.key -r BR d1.eml d1.eml
	one_line
	[ ! -e BR/contacts ] || fail "contacts written"
}
