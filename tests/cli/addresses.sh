# Mail addresses, signed into the header: only a dot-atom local part (RFC
# 5322 atext, less | / ! %) and a domain of letters, digits, - and dots;
# refused with a line naming the seat and the address (escaped), in new
# -a and in a hand-made invitation (join, verify).  What the mail bot makes
# of an incoming mail's From is in mailin.sh.

. "$TOP/tests/cli/forged.sh"

# bad_addresses: the addresses refused, "ADDRESS WHY" a line each, WHY
# what the line must say
bad_addresses() {
	cat <<'EOF'
g:bob@x; ':' in the local part
|cmd@x '|' in the local part
a(b)@x '(' in the local part
x@y/z '/' in the domain
a%b@x '%' in the local part
a!b@x '!' in the local part
.b@x a dot at an end of the local part
b.@x a dot at an end of the local part
b..c@x or two in a row
b@x..org a dot at an end of the domain, or two in a row
b@x. a dot at an end of the domain
b@-x.org starts or ends with '-'
b@x-.org starts or ends with '-'
@x nothing before the @
b@ nothing after the @
b no @
b@x@y '@' in the domain
EOF
}

test_new_refuses_addresses() {
	keys alice bob
	bad_addresses >bad
	while IFS=' ' read -r a why; do
		expect 2 "$ADJ" new -k alice.key -a "bob=$a" incognito \
		    alice.pub bob.pub
		one_line
		grep -qF -- "adjudicator: -a bob: \"$a\" is not a mail address (" \
		    err || { cat err >&2; fail "$a: the line"; }
		grep -qF -- "$why" err || { cat err >&2; fail "$a: why"; }
		[ ! -s out ] || fail "$a: an invitation"
	done <bad
	[ "$(wc -l <bad)" -eq 17 ] || fail "the list"
	# CR, LF and tab: refused, shown escaped on the one line
	for c in r n t; do
		a=$(printf "b\\${c}x@example.org")
		expect 2 "$ADJ" new -k alice.key -a "alice=$a" incognito \
		    alice.pub bob.pub
		one_line
		err_has "-a alice: \"b\\\\${c}x@example.org\" is not a mail address"
		case $c in
		r) err_has "(a carriage return in it)" ;;
		n) err_has "(a line feed in it)" ;;
		t) err_has "(a tab in it)" ;;
		esac
	done
	expect 2 "$ADJ" new -k alice.key -a "bob=$(printf 'x%.0s' $(seq 120))@example.org" \
	    incognito alice.pub bob.pub
	err_has "longer than 127 bytes"
	# what a mailbox is: taken
	for a in "o'brien+games@mail.example.org" b@localhost \
	    first.last@sub-domain.example.org 'a#b$c&d*e=f?g^h_i`j{k}l~m@x9.org'; do
		expect 0 "$ADJ" new -k alice.key -a "bob=$a" incognito \
		    alice.pub bob.pub
	done
}

# hand_signed BODY OUT RECIPIENT.pub...: BODY signed by alice's key as it
# is, OUT.bin, and wrapped to the recipients, OUT.msg
hand_signed() {
	hs_body=$1 hs_out=$2
	shift 2
	by_hand "$hs_out" alice.key "$hs_body" "$@"
}

# refused_when_read NAME WHY: the hand-made invitation NAME.msg (NAME.bin
# signed) is refused, exit 3, one line holding WHY, by join (nothing
# joined) and by verify of an archive of it
refused_when_read() {
	expect 3 "$ADJ" join -d "J$1" -k bob.key "$1.msg"
	one_line
	err_has "$1.msg:[0-9]*: $2"
	[ ! -e "J$1/seat" ] || fail "$1: joined"
	archive "$1.arc" "$1.bin"
	expect 3 "$ADJ" verify "$1.arc"
	one_line
	err_has "$2"
}

# inv_with_address SEAT VALUE OUT: a hand-made invitation, alice's, whose
# SEAT (a seat, or judge) has the address VALUE (a YAML scalar as it
# is written: quoted, with escapes); OUT.bin the signed header
inv_with_address() {
	# the value through the environment: awk -v would undo its escapes
	S=$1 V=$2 awk '$1 == "judge_address:" && ENVIRON["S"] == "judge" {
		    $0 = "judge_address: " ENVIRON["V"] }
	    $2 == "name:" { cur = $3 }
	    $1 == "address:" && cur == ENVIRON["S"] {
		    sub(/address: .*/, "address: "); $0 = $0 ENVIRON["V"] }
	    { print }' body >h.yaml
	cmp -s body h.yaml && fail "no address changed"
	hand_signed h.yaml "$3" alice.pub bob.pub judge.pub
}

test_handmade_invitation_addresses_refused() {
	keys alice bob judge
	"$ADJ" new -k alice.key -m judge -j judge.pub -a alice=alice@x.org \
	    -a bob=bob@x.org -a judge=judge@x.org incognito alice.pub \
	    bob.pub >invite.msg
	"$ADJ" open -k bob.key invite.msg >body 2>/dev/null
	# the body signed as it is makes a game: the hand-making holds
	hand_signed body good alice.pub bob.pub judge.pub
	expect 0 "$ADJ" join -d G -k bob.key good.msg
	k=0
	for v in '"bob\r@x.org"' '"bob\n@x.org"' '"bob\t@x.org"' \
	    '"|cmd@x.org"' '"g:bob@x;"' 'bob@x.org/z'; do
		k=$((k + 1))
		inv_with_address bob "$v" h$k
		refused_when_read h$k "a bad address for bob: \""
	done
	inv_with_address bob '"bob\r@x.org"' cr
	expect 3 "$ADJ" join -d CR -k bob.key cr.msg
	err_has 'a bad address for bob: "bob\\r@x.org" (a carriage return in it)$'
	inv_with_address alice '"al\tice@x.org"' tab
	expect 3 "$ADJ" join -r R -k bob.key tab.msg
	err_has 'a bad address for alice: "al\\tice@x.org" (a tab in it)$'
	inv_with_address judge '"judge@x.org\nBcc: all@x.org"' lf
	expect 3 "$ADJ" join -d LF -k judge.key lf.msg
	err_has 'a bad address for the judge: "judge@x.org\\nBcc: all@x.org" (a line feed in it)$'
}
