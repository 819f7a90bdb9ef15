# Usage errors as a newcomer meets them: options after the operands
# taken, an unknown long option named, and every usage error saying what
# is wrong without saying the verb twice.

test_options_after_the_operands() {
	keys alice bob carol dave
	# "-o" after the game's name was a seat's key file
	expect 0 "$ADJ" new -k alice.key knights -o teams=yes alice.pub \
	    bob.pub carol.pub dave.pub
	out_has '^-----BEGIN ADJUDICATOR MESSAGE-----$'
	expect 0 "$ADJ" new knights alice.pub bob.pub -k alice.key -o limit=9
	expect 2 "$ADJ" new -k alice.key knights -o teams=yes alice.pub bob.pub
	one_line
	err_has "teams=yes is for 4 seats, not 2"
	# an option's value is never taken for an operand
	"$ADJ" new -k alice.key incognito alice.pub bob.pub >inv
	"$ADJ" join -d A -k alice.key inv 2>/dev/null
	expect 0 "$ADJ" setup d2 -n -d A
	out_has '^Dry run'
	# after -- everything is an operand
	expect 0 "$ADJ" rules -- incognito
	out_has '^incognito: '
	expect 2 "$ADJ" show -d A -- -f
	err_has 'show: "-f": takes no operand'
}

test_unknown_long_option_named() {
	expect 2 "$ADJ" verify --frob
	one_line
	err_has "^adjudicator: verify: unknown option --frob (usage: adjudicator verify \[FILE \[FILE2\]\])$"
	expect 2 "$ADJ" turn -d A --dry-run
	err_has "turn: unknown option --dry-run"
}

test_usage_errors_say_what_is_wrong() {
	keys alice bob
	expect 2 "$ADJ" setup d2
	err_has "setup: -d GAMEDIR is missing"
	expect 2 "$ADJ" new incognito alice.pub bob.pub
	err_has "new: -k KEY is missing"
	expect 2 "$ADJ" new -k alice.key
	err_has "new: RULES is missing (adjudicator rules lists the games)"
	expect 2 "$ADJ" join -k alice.key inv
	err_has "join: -d GAMEDIR or -r ROOT is missing"
	expect 2 "$ADJ" join -d A -r R -k alice.key inv
	err_has "join: -d and -r together"
	expect 2 "$ADJ" join -d A inv
	err_has "join: -k KEY is missing"
	expect 2 "$ADJ" keygen
	err_has "keygen: NAME is missing"
	expect 2 "$ADJ" keygen a b
	err_has 'keygen: "b": one operand too many'
	expect 2 "$ADJ" games
	err_has "games: -r ROOT is missing"
	expect 2 "$ADJ" rules incognito knights
	err_has 'rules: "knights": one operand too many'
	expect 2 "$ADJ" verify a b c
	err_has 'verify: "c": one operand too many'
	expect 2 "$ADJ" seal alice.pub
	err_has "seal: -k KEY is missing"
	expect 2 "$ADJ" open
	err_has "open: -k KEY is missing"
	expect 2 "$ADJ" judge -d J
	err_has "judge: -O OUTDIR is missing"
	expect 2 "$ADJ" judge -r J -O out
	err_has "judge: -r ROOT is the mail bot: no -d nor -O"
	expect 2 "$ADJ" receive -d A -r R
	err_has "receive: -d and -r together"
	# never the verb twice in a row ("setup: usage: adjudicator setup")
	for v in new join setup turn bot receive games judge show resend \
	    export verify replay rules keygen seal open; do
		expect 2 "$ADJ" "$v" a b c d e f
		one_line
		grep -q ": $v: usage: adjudicator $v" err &&
		    fail "$v: $(cat err)"
	done
	true
}
