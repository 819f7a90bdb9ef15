# A game's options, signed into the header: a number written one way only
# (no leading zero, no sign, no blank), names and values checked whole,
# never cut to a prefix: in new -o, and in a hand-made header wherever it
# is read (join, verify).

. "$TOP/tests/cli/addresses.sh"	# forged.sh's helpers, hand_signed

test_new_option_numbers_canonical() {
	keys alice bob
	for v in 007 00 +7 -7 ' 7' '7 ' 0x10 1e3 7.0 '' 100001 \
	    99999999999999999999999; do
		expect 2 "$ADJ" new -k alice.key -o "limit=$v" incognito \
		    alice.pub bob.pub
		one_line
		err_has "option limit: \"$v\" is not a number from 1 to 100000, written plainly"
		[ ! -s out ] || fail "limit=$v: an invitation"
	done
	expect 2 "$ADJ" new -k alice.key -o limit=0 incognito alice.pub bob.pub
	err_has 'option limit: "0" is not a number from 1 to 100000'
	# what is taken is signed as it was written
	for v in 7 100000 1; do
		expect 0 "$ADJ" new -k alice.key -o "limit=$v" incognito \
		    alice.pub bob.pub
		cp out inv.msg
		"$ADJ" open -k bob.key inv.msg >body 2>/dev/null
		grep -qx "  limit: $v" body || fail "limit=$v signed as: $(grep limit body)"
	done
}

test_new_option_names_and_values_whole() {
	keys alice bob
	long=$(printf 'x%.0s' $(seq 40))
	# a value longer than any the option takes: refused, not cut
	expect 2 "$ADJ" new -k alice.key -o "teams=yes$long" knights \
	    alice.pub bob.pub
	one_line
	err_has "option teams: \"yes$long\" is longer than 31 characters"
	expect 2 "$ADJ" new -k alice.key -o "limit=$(printf '0%.0s' $(seq 30))20" \
	    knights alice.pub bob.pub
	err_has 'option limit: ".*" is longer than 31 characters'
	# a name longer than any: no such option, said whole or marked cut
	expect 2 "$ADJ" new -k alice.key -o "limit$long=20" knights alice.pub \
	    bob.pub
	one_line
	err_has "knights has no option \"limit$long\""
	expect 2 "$ADJ" new -k alice.key -o "$(printf 'limit%.0s' $(seq 30))=5" \
	    knights alice.pub bob.pub
	err_has 'knights has no option "limitlimit.*\.\.\."$'
	# a line break in a value or name: shown escaped, on the one line
	expect 2 "$ADJ" new -k alice.key -o "$(printf 'teams=yes\nno')" knights \
	    alice.pub bob.pub
	one_line
	err_has 'option teams: "yes\\nno" is not allowed'
	expect 2 "$ADJ" new -k alice.key -o "$(printf 'li\rmit=5')" knights \
	    alice.pub bob.pub
	one_line
	err_has 'knights has no option "li\\rmit"'
}

# hand_header OUT: alice's invitation to a knights game with the options
# map replaced by the lines of opts.txt (YAML, indented two), signed by
# hand as OUT.bin and wrapped as OUT.msg
hand_header() {
	awk -v f=opts.txt '/^options:$/ { print; while ((getline l < f) > 0)
		print l; skip = 1; next }
	    skip && /^  / { next } { skip = 0; print }' body >h.yaml
	hand_signed h.yaml "$1" alice.pub bob.pub
}

test_handmade_header_options_refused() {
	keys alice bob
	"$ADJ" new -k alice.key knights alice.pub bob.pub >invite.msg
	"$ADJ" open -k bob.key invite.msg >body 2>/dev/null
	grep -q '^  limit: 400$' body || fail "no limit in the header"
	# the hand-making itself holds: the defaults, signed by hand, join
	printf '  limit: 400\n  teams: "no"\n  alliance: "no"\n  mixed-lines: "no"\n' \
	    >opts.txt
	hand_header good
	expect 0 "$ADJ" join -d G -k bob.key good.msg
	archive good.arc good.bin
	"$ADJ" verify good.arc >/dev/null 2>err || true
	grep -q option err && fail "verify: $(cat err)"
	long=$(printf 'x%.0s' $(seq 40))
	k=0
	while IFS='|' read -r line why; do
		k=$((k + 1))
		printf '%s\n' "$line" >opts.txt
		hand_header h$k
		refused_when_read h$k "$why"
	done <<-EOF
	  limit: "007"|option limit: "007" is not a number from 1 to 100000, written plainly
	  limit: "+20"|option limit: "+20" is not a number
	  limit: " 20"|option limit: " 20" is not a number
	  limit: "000000000000000000000000000000020"|option limit: ".*" is longer than 31 characters
	  teams: "yes$long"|option teams: "yes$long" is longer than 31 characters
	  teams: "yes\\r"|option teams: "yes\\\\r" is not allowed
	  limit$long: 20|knights has no option "limit$long"
	EOF
	[ "$k" -eq 7 ] || fail "$k cases"
}
