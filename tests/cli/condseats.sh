# Conditional moves with 3 and 4 seats (knights; formats/conditions.md):
# a step's IF names every other seat's action since the seat's own, in
# turn order, "a / b"; the judge fires the reply once the last of them
# comes, and nothing before.

. "$TOP/tests/cli/knights.sh"

# kexample SEAT: the legal action SEAT's view suggests
kexample() {
	"$ADJ" show -d "$(kdir "$1")" |
	    sed -n "s/^For example: adjudicator turn -d $(kdir "$1") //p"
}

# kplan N: in a copy of every directory, N seats play their examples for
# three rounds from alice's: kplan.1 ... kplan.(3N), in turn order
kplan() {
	rm -rf sim
	mkdir sim
	cp -r J A B C ./*.key ./*.pub sim/
	[ ! -d D ] || cp -r D sim/
	(
		cd sim
		k=0
		for r in 1 2 3; do
			for who in $kall; do
				k=$((k + 1))
				a=$(kexample "$who")
				[ -n "$a" ] || exit 1
				kjplay "$who" "$a"
				printf '%s\n' "$a" >"../kplan.$k"
			done
		done
	) || fail "cannot plan"
}

kp() {
	cat "kplan.$1"
}

# others FROM N: the N - 1 actions from kplan.FROM, "a / b"
others() {
	o=$(kp "$1")
	i=1
	while [ "$i" -lt $(($2 - 1)) ]; do
		o="$o / $(kp $(($1 + i)))"
		i=$((i + 1))
	done
	printf '%s\n' "$o"
}

# seats_fire N: alice's line of two steps fires in an N-seat game, each
# step once the last other seat has answered, and never before
seats_fire() {
	ns=$1
	kjstart "$ns"
	kplan
	s1=$(others 2 "$ns")
	s2=$(others $((ns + 2)) "$ns")
	# line 1: the others' actions in another order never answer; line
	# 2: those actions and one more (with 4 seats, one fewer) never
	# answer either; line 3 the plan
	case $ns in
	3) rev="$(kp 3) / $(kp 2)" more="$s1 / $(kp 4)" ;;
	4) rev="$(kp 3) / $(kp 2) / $(kp 4)" more="$(kp 2) / $(kp 3)" ;;
	esac
	kjplay alice "$(kp 1)" -c "$rev => zz9-zz9" -c "$more => zz8-zz8" \
	    -c "$s1 => $(kp $((ns + 1))) ; $s2 => $(kp $((2 * ns + 1)))"
	k=2
	for st in 1 2; do
		for who in $(echo $kall | cut -d' ' -f2-); do
			kjplay "$who" "$(kp $k)"
			k=$((k + 1))
			[ "$who" = "$(echo $kall | awk '{print $NF}')" ] && break
			grep -q 'fired' jout && fail "$ns seats: fired before $who"
		done
		grep -q "fired: alice's condition, line 3 step $st" jout ||
		    { cat jout >&2; fail "$ns seats: step $st not fired"; }
		"$ADJ" show -d B | grep '^Last:' >last.real
		grep -qF -- "$(kp $k)" last.real ||
		    fail "$ns seats: step $st: $(cat last.real)"
		k=$((k + 1))
	done
	# the line that never fired: nothing of it with the others
	for who in $(echo $kall | cut -d' ' -f2-); do
		"$ADJ" show -d "$(kdir "$who")" >oview
		grep -q 'zz[89]' oview &&
		    fail "$who sees alice's unfired line"
	done
	for who in $(echo $kall | cut -d' ' -f2-); do
		kjplay "$who" resign
	done
	kjverified ""
}

test_cond_three_seats_fire() {
	seats_fire 3
}

test_cond_four_seats_fire() {
	seats_fire 4
}

# A line that answers bob's action and not carol's: dropped once carol's
# comes, alice told in her update's note what none answered
test_cond_three_seats_none_answered() {
	kjstart 3
	kplan
	kjplay alice "$(kp 1)" -c "$(kp 2) / zz9-zz9 => $(kp 4)"
	kjplay bob "$(kp 2)"
	kjplay carol "$(kp 3)"
	grep -q 'fired' jout && fail "fired on carol's other action"
	grep -q 'update for alice (1 entry, a note)' jout || fail "no note"
	said="bob's $(kp 2) and carol's $(kp 3): they are dropped"
	grep -q "none of your conditions answered $said" rout.alice ||
	    { cat rout.alice >&2; fail "alice not told what none answered"; }
	grep -q 'zz9' rout.bob rout.carol && fail "the line shown to others"
	true
}

# A judge that plays nothing for a line that answered both other seats
# (it lost its record of the lines): alice's view names both actions, and
# the judge's own copy cannot end the game without opening it
test_cond_three_seats_withheld() {
	kjstart 3
	kplan
	kjplay alice "$(kp 1)" -c "$(kp 2) / $(kp 3) => $(kp 4)"
	rm J/cond.0
	kjplay bob "$(kp 2)"
	kjplay carol "$(kp 3)"
	grep -q 'fired' jout && fail "fired without the lines"
	"$ADJ" show -d A >aview
	both="bob's $(kp 2) and carol's $(kp 3)"
	grep -q "^Not played: your condition line 1 answers $both,$" aview ||
	    { cat aview >&2; fail "alice's view does not name it"; }
	kjplay alice "$(kp 4)"
	kjplay bob resign
	"$ADJ" turn -d C resign >last.msg || fail "carol's resignation"
	expect 1 "$ADJ" judge -d J -O mq last.msg
	grep -q "withheld alice's condition line 1 step 1, which answered $both" \
	    out err || { cat out err >&2; fail "the judge's copy took it"; }
}

test_cond_seats_notation_refused() {
	kjstart 3
	kplan
	snapshot A
	four="$(kp 2) / $(kp 3) / $(kp 2) / $(kp 3)"
	expect 2 "$ADJ" turn -d A -c "$four => $(kp 4)" "$(kp 1)"
	err_has 'more than 3 actions in one IF'
	one_line
	expect 2 "$ADJ" turn -d A -c "$(kp 2) / / $(kp 3) => $(kp 4)" "$(kp 1)"
	err_has 'an empty action between "/"'
	one_line
	expect 2 "$ADJ" turn -d A -c "zz9-zz9 / $(kp 3) => $(kp 4)" "$(kp 1)"
	err_has 'bob cannot play "zz9-zz9" after your move'
	one_line
	unchanged A
}

# Lines sent off turn after bob moved answer carol's action alone
test_cond_three_seats_off_turn() {
	kjstart 3
	kplan
	kjplay alice "$(kp 1)"
	kjplay bob "$(kp 2)"
	kjplay alice "" -c "$(kp 3) => $(kp 4)"
	grep -qF -- "$(kp 3) =>" rout.bob rout.carol jout &&
	    fail "the line shown"
	grep -q 'alice sends new conditions' rout.bob || fail "bob not told"
	kjplay carol "$(kp 3)"
	grep -q "fired: alice's condition, line 1 step 1" jout ||
	    { cat jout >&2; fail "the line sent off turn did not fire"; }
	"$ADJ" show -d B | grep -qF -- "$(kp 4)" || fail "bob did not get it"
}
