# Conditional moves in judged games (formats/conditions.md), through real
# keys, armor and the judge: turn -c sends the lines sealed to the judge
# and commitments in the entry; the seat's own view lists them while they
# are pending and no other seat, observer or export sees their text; the
# judge refuses lines that do not open the commitments the entry signs;
# peer games refuse -c with the reason.

. "$TOP/tests/cli/judge.sh"

# cstart: a judged incognito game, both setups in, alice to move
cstart() {
	jstart
	jsetups d2 b4
}

# secret_nowhere TEXT FILE...: TEXT in none of FILE
secret_nowhere() {
	ctext=$1
	shift
	for f in "$@"; do
		if grep -aqF -- "$ctext" "$f"; then
			fail "$f shows the condition text \"$ctext\""
		fi
	done
}

test_cond_sent_sealed_and_listed() {
	cstart
	jplay A a2.msg -c 'c5-c4 => c3-c4 ; b4-b3 => d2-d3' \
	    -c 'b5-a5=>e2-e3' e3-c3
	"$ADJ" show -d A >aview || fail "show A"
	grep -q '^Conditions pending (yours alone' aview ||
	    fail "alice's view lists no conditions"
	grep -q '^  1\. c5-c4 => c3-c4 ; b4-b3 => d2-d3$' aview ||
	    fail "line 1 not as committed"
	grep -q '^  2\. b5-a5 => e2-e3$' aview || fail "line 2 not cleaned"
	"$ADJ" show -d A -f yaml >ayaml || fail "show A yaml"
	grep -q '^conditions:$' ayaml || fail "no conditions in the YAML view"
	grep -q '^- b5-a5 => e2-e3$' ayaml || fail "line 2 not in YAML"
	# bob, the judge's export, bob's export: commitments, no text
	"$ADJ" show -d B >bview
	"$ADJ" show -d B -f yaml >byaml
	"$ADJ" show -d J >jview
	entries J jents
	entries B bents
	grep -q '^cond:$' jents/000003 || fail "no commitments in the chain"
	secret_nowhere 'c3-c4' bview byaml jview jents/* bents/* jout rout
	secret_nowhere 'Conditions' bview byaml jview
	# the judge keeps them, 0600, as the seat does
	[ -f J/cond.0 ] && [ -f A/cond.0 ] || fail "the lines are not kept"
	[ ! -f B/cond.0 ] || fail "bob holds alice's lines"
	ls -l J/cond.0 | grep -q '^-rw-------' || fail "J/cond.0 not 0600"
	grep -q 'steps: c5-c4 => c3-c4 ; b4-b3 => d2-d3' J/cond.0 ||
	    fail "the judge lacks line 1"
	# once bob has acted, nothing is pending any more
	jplay B b2.msg c5-c4
	"$ADJ" show -d A | grep -q 'Conditions' &&
	    fail "conditions listed after bob acted"
	# verify takes the entry with commitments
	jplay A a3.msg resign
	jverified "bob won"
}

# Every entry's commitments are 8, whatever the number of lines: the
# count is not said
test_cond_eight_commitments() {
	cstart
	jplay A a2.msg -c 'c5-c4 => c3-c4' e3-c3
	"$ADJ" export -d J >j.arc || fail "export"
	entries J ents
	n=$(sed -n '/^cond:$/,/^[a-z]/p' ents/000003 |
	    grep -c '^- [0-9a-f]\{64\}$')
	[ "$n" -eq 8 ] || fail "$n commitments, not 8"
}

test_cond_file_and_none() {
	cstart
	{
		printf '# my lines\n\nc5-c4 => c3-c4   # the centre\n'
		printf 'b5-a5 => e2-e3 ; a4-a3 => d1-e1\n'
	} >lines
	"$ADJ" turn -d A -n -c lines e3-c3 >out 2>err || {
		cat err >&2
		fail "-c FILE"
	}
	"$ADJ" turn -d A -c lines e3-c3 >a2.msg || fail "turn -c FILE"
	tojudge a2.msg
	"$ADJ" show -d A >aview
	grep -q '^  2\. b5-a5 => e2-e3 ; a4-a3 => d1-e1$' aview ||
	    fail "the file's second line"
	grep -q '^  3\.' aview && fail "a comment taken as a line"
	# -c -: this move carries none; nothing listed
	jplay B b2.msg c5-c4
	jplay A a3.msg -c - e2-e3
	"$ADJ" show -d A | grep -q 'Conditions' &&
	    fail "-c -: conditions still listed"
	true
}

test_cond_usage_refused() {
	cstart
	snapshot A
	expect 2 "$ADJ" turn -d A -c 'c5-c4 c3-c4' e3-c3
	err_has 'step 1 has no "=>"'
	expect 2 "$ADJ" turn -d A -c 'c5-c4 => ' e3-c3
	err_has 'a step without your reply'
	expect 2 "$ADJ" turn -d A -c 'c5-c4 => c3-c4' -c - e3-c3
	err_has 'alone'
	expect 1 "$ADJ" turn -d A -c 'c5-c4 => c3-c4'
	err_has 'it is your turn, and conditions go with your move'
	expect 2 "$ADJ" turn -d A -c 'zz-c4 => c3-c4' e3-c3
	err_has 'line 1: bob cannot play "zz-c4" after your move'
	expect 2 "$ADJ" turn -n -d A -c 'zz-c4 => c3-c4' e3-c3
	err_has 'line 1: bob cannot play "zz-c4" after your move'
	expect 2 "$ADJ" turn -d A \
	    -c 'a=>b;c=>d;e=>f;g=>h;i=>j;k=>l;m=>n;o=>p;q=>r' e3-c3
	err_has 'more than 8 steps'
	expect 2 "$ADJ" turn -d A -c a=\>b -c a=\>b -c a=\>b -c a=\>b \
	    -c a=\>b -c a=\>b -c a=\>b -c a=\>b -c a=\>b e3-c3
	err_has 'more than 8 lines'
	expect 2 "$ADJ" turn -d A -c nosuchfile e3-c3
	err_has 'step 1 has no "=>"'
	unchanged A
}

# The caps exactly: 8 lines of 8 steps are taken and listed; a ninth line
# or a ninth step is refused in one line, nothing written
test_cond_caps_boundary() {
	cstart
	l8='c5-c4 => c3-c4 ; a=>b ; c=>d ; e=>f ; g=>h ; i=>j ; k=>l ; m=>n'
	snapshot A
	expect 2 "$ADJ" turn -d A -c "$l8 ; o=>p" e3-c3
	err_has 'more than 8 steps in a line'
	one_line
	set -- -c "$l8"
	for i in 2 3 4 5 6 7 8; do
		set -- "$@" -c "c5-c4 => e2-e$i"
	done
	expect 2 "$ADJ" turn -d A "$@" -c 'c5-c4 => d2-d3' e3-c3
	err_has 'more than 8 lines'
	one_line
	unchanged A
	jplay A a2.msg "$@" e3-c3
	"$ADJ" show -d A >aview
	grep -q "^  1\. c5-c4 => c3-c4 ; a => b ; .* ; m => n\$" aview ||
	    fail "the line of 8 steps not listed"
	grep -q '^  8\. c5-c4 => e2-e8$' aview || fail "line 8 not listed"
	grep -q '^  9\.' aview && fail "a ninth line"
	true
}

test_cond_peer_refused() {
	peer_start incognito
	setups d2 b4
	snapshot A
	expect 2 "$ADJ" turn -d A -c 'c5-c4 => c3-c4' e3-c3
	err_has 'conditions need a judge: in a peer game only your opponent'
	err_has 'could apply them, and it would have to read them to do it'
	one_line
	unchanged A
}

# A message whose lines do not open the commitments its entry signs, or
# that drops them, is refused by the judge before anything is stored.
test_cond_forged_lines_refused() {
	cstart
	"$ADJ" turn -d A -c 'c5-c4 => c3-c4' e3-c3 >a2.msg || fail "turn"
	"$ADJ" open -k judge.key a2.msg >body || fail "open"
	grep -q '^  steps: c5-c4 => c3-c4$' body || fail "no steps in the body"
	sed 's/c5-c4 => c3-c4/c5-c4 => c3-b3/' body >forged
	"$ADJ" seal -k alice.key judge.pub forged >f.msg || fail "seal"
	"$ADJ" show -d J -f yaml | grep '^seq:' >seq.before
	expect 1 "$ADJ" judge -d J -O mq f.msg
	grep -q 'condition line 1 does not open alice.s commitment in entry 3' \
	    out err || { cat out err >&2; fail "not named"; }
	rm -rf mq
	# every slot opens: an empty one that does not is refused too
	grep -c '^- line: [1-8]$' body | grep -qx 8 || fail "not 8 slots"
	awk '/^- line: 8$/ { s = 1 } s && /^  nonce: / {
	    print "  nonce: " sprintf("%064d", 0); s = 0; next } { print }' \
	    body >pad
	cmp -s body pad && fail "slot 8 not forged"
	"$ADJ" seal -k alice.key judge.pub pad >p.msg || fail "seal"
	expect 1 "$ADJ" judge -d J -O mq p.msg
	grep -q 'condition slot 8 does not open alice.s commitment' out err ||
	    { cat out err >&2; fail "slot 8 not named"; }
	rm -rf mq
	grep -v '^cond:$' body | sed '/^- line: 1$/,$d' >dropped
	"$ADJ" seal -k alice.key judge.pub dropped >d.msg || fail "seal"
	expect 1 "$ADJ" judge -d J -O mq d.msg
	grep -q 'both or neither' out err ||
	    { cat out err >&2; fail "dropped"; }
	rm -rf mq
	"$ADJ" show -d J -f yaml | grep '^seq:' | cmp -s - seq.before ||
	    fail "the judge applied a forged message"
	[ ! -f J/cond.0 ] || fail "the judge kept forged lines"
	# the true message still goes through
	tojudge a2.msg
}

# --- firing -----------------------------------------------------------------

# cfire: alice's two lines with her move e3-c3 (entry 3)
cfire() {
	cstart
	jplay A a2.msg \
	    -c 'c5-d5 => c3-c2 ; a4-b3 => c2-c3 ; d5-d4 => d2-d3' \
	    -c 'c5-d5 => c3-c2 ; b4-c4 => e2-e1' e3-c3
}

test_cond_fires_three_steps() {
	cfire
	jplay B b2.msg c5-d5
	grep -q "fired: alice's condition, line 1 step 1" jout ||
	    fail "step 1 not fired"
	"$ADJ" show -d B | grep -q '^Last: White moves c3-c2\.$' ||
	    fail "bob did not get alice's reply"
	# both lines share step 1: both still pending for alice alone
	"$ADJ" show -d A >aview
	grep -q '^  2\. c5-d5 => c3-c2 ; b4-c4 => e2-e1$' aview ||
	    fail "line 2 dropped though it shares step 1"
	jplay B b3.msg a4-b3
	grep -q "fired: alice's condition, line 1 step 2" jout ||
	    fail "step 2 not fired"
	"$ADJ" show -d A | grep -q 'b4-c4' && fail "line 2 still listed"
	jplay B b4.msg d5-d4
	grep -q "fired: alice's condition, line 1 step 3" jout ||
	    fail "step 3 not fired"
	"$ADJ" show -d A >aview
	grep -q '^Last: White moves d2-d3\.$' aview || fail "step 3 not played"
	grep -q 'Conditions' aview && fail "a spent line listed"
	# the line that never fired: nowhere in bob's views or entries
	"$ADJ" show -d B >bview
	"$ADJ" show -d B -f yaml >byaml
	entries B bents
	secret_nowhere 'e2-e1' bview byaml bents/* rout
	# a fired line opened in the chain, and every firing verified
	grep -q '^  steps: c5-d5 => c3-c2 ; a4-b3 => c2-c3 ; d5-d4 => d2-d3$' \
	    bents/000005 || fail "the fired line not opened"
	jplay B b5.msg resign
	jverified "alice won"
}

test_cond_breaks_at_step_two() {
	cfire
	jplay B b2.msg c5-d5
	grep -q "fired: alice's condition, line 1 step 1" jout || fail "step 1"
	jplay B b3.msg b5-c5
	grep -q 'fired' jout && fail "a line fired on b5-c5"
	grep -q 'update for alice (1 entry, a note)' jout ||
	    fail "alice not told"
	by_hand_end b4.msg
}

# by_hand_end FILE: alice's turn, none of her lines listed nor said not
# played; she moves by hand (a3.msg) and bob resigns (FILE): the end
# opens her lines, and a line that answered nothing was not withheld
by_hand_end() {
	"$ADJ" show -d A >aview
	grep -q '^Your turn' aview || fail "not alice's turn"
	grep -q 'Conditions' aview && fail "dropped lines still listed"
	grep -q 'Not played' aview && fail "a line that answered nothing"
	jplay A a3.msg d2-d3
	jplay B "$1" resign
	jverified "alice won"
}

test_cond_illegal_reply_dropped() {
	cfire
	jplay B b2.msg c5-d5
	jplay B b3.msg b4-c4
	# line 2's e2-e1 goes into alice's own castle
	grep -q "alice's condition, line 2 step 2, is illegal here" jout ||
	    { cat jout >&2; fail "not dropped"; }
	grep -q 'update for alice (1 entry, a note)' jout || fail "no note"
	"$ADJ" show -d A >aview
	grep -q '^Your turn' aview || fail "not alice's turn"
	grep -q "^Not played: your condition line 2 answers bob's b4-c4,$" \
	    aview || fail "alice's view does not say what was not played"
	"$ADJ" show -d B | grep -q '^Last: Black moves b4-c4\.$' ||
	    fail "something was played for alice"
	# at the end, the line opened: an illegal reply is no withholding
	jplay A a3.msg d2-d3
	jplay B b4.msg resign
	jverified "alice won"
}

test_cond_cleared_by_a_move() {
	cfire
	jplay B b2.msg c5-d5
	jplay B b3.msg b5-c5
	# alice moves by hand with -c -: nothing of hers may fire again
	jplay A a3.msg -c - d2-d3
	jplay B b4.msg a4-b3
	grep -q 'fired' jout && fail "a spent line fired"
	true
}

# entry_keys DIR SEQ PREVBLOB BY KIND TO.pub...: the keys every entry
# has, of BY's entry SEQ of KIND after the signed entry PREVBLOB, in
# DIR's game, to the keys TO
entry_keys() {
	"$ADJ" show -d "$1" -f yaml | sed -n '/^game: /p'
	echo "seq: $2"
	echo "prev: $(wire hash "$3")"
	echo "by: $4"
	ek_kind=$5
	shift 5
	ek_to=
	for k in "$@"; do
		ek_to="$ek_to${ek_to:+, }$(cut -d' ' -f3 "$k")"
	done
	echo "to: [$ek_to]"
	echo "kind: $ek_kind"
}

# forged_fired BODYFILE: the judge's entry after J's last, signed with the
# judge's key, in an update for bob
forged_fired() {
	n=$(seq_of J)
	entries J fj
	last=$(printf 'fj/%06d' "$n")
	{
		entry_keys J $((n + 1)) "$last" judge fired alice.pub bob.pub
		echo "for: alice"
		cat "$1"
	} >fired.yaml
	wire sign judge.key fired.yaml alice.pub bob.pub >fired.bin ||
	    fail "wire sign"
	update_body bob fired.bin >u.yaml
	update bob u.yaml u.msg
}

test_cond_forged_firings_refused() {
	cfire
	jplay B b2.msg b4-c4	# no line answers it: nothing fired
	nonce=$(sed -n '/^- line: 1$/,/nonce/s/^  nonce: //p' A/cond.0)
	# a line alice sent, but not an answer to b4-c4
	cat >body <<EOF
action:
  type: move
  from: c3
  to: c2
cond:
  entry: 3
  line: 1
  step: 1
  steps: c5-d5 => c3-c2 ; a4-b3 => c2-c3 ; d5-d4 => d2-d3
  nonce: $nonce
EOF
	forged_fired body
	snapshot B
	expect 1 "$ADJ" receive -d B u.msg
	err_has 'but the move it answers is b4-c4'
	unchanged B
	# a line alice never sent
	sed 's/^  steps: .*/  steps: b4-c4 => c3-c2/' body >body2
	forged_fired body2
	expect 1 "$ADJ" receive -d B u.msg
	err_has 'a line alice never sent'
	unchanged B
	# the judge's true update still goes through
	mailout
}

# A judge's fired entry that answers the move with a line alice sent but
# plays another reply than the line's: refused by bob's copy
test_cond_forged_reply_refused() {
	cfire
	"$ADJ" turn -d B c5-d5 >b2.msg || fail "turn"
	"$ADJ" judge -d J -O mq b2.msg >jout 2>&1 || fail "judge"
	grep -q "fired: alice's condition, line 1 step 1" jout || fail "fired"
	"$ADJ" open -k judge.key b2.msg 2>/dev/null |
	    sed -n 's/^entry: //p' | base64 -d >move.bin
	entries J fj
	fired=$(printf 'fj/%06d' "$(seq_of J)")
	blob_body "$fired" >fired.yaml
	grep -q '^kind: fired$' fired.yaml || fail "no fired entry"
	sed 's/^  to: c2$/  to: b3/' fired.yaml >forged.yaml
	cmp -s fired.yaml forged.yaml && fail "nothing forged"
	wire sign judge.key forged.yaml alice.pub bob.pub >forged.bin ||
	    fail "wire sign"
	update_body bob move.bin forged.bin >u.yaml
	update bob u.yaml u.msg
	snapshot B
	expect 1 "$ADJ" receive -d B u.msg
	err_has "the judge plays c3-b3 for alice, whose condition says c3-c2"
	one_line
	unchanged B
	mailout
}

# --- every game -------------------------------------------------------------

# example DIR: the legal action DIR's view suggests (the same for the same
# position)
example() {
	"$ADJ" show -d "$1" |
	    sed -n "s/^For example: adjudicator turn -d $1 //p"
}

# gstart RULES: a judged game of RULES (its seed chosen), setups drawn,
# alice to move
gstart() {
	jstart "$1" -s 7
	if "$ADJ" show -d A | grep -q 'Your setup is due'; then
		"$ADJ" setup -d A random >a1.msg || fail "setup A"
		tojudge a1.msg
		"$ADJ" setup -d B random >b1.msg || fail "setup B"
		tojudge b1.msg
	fi
	"$ADJ" show -d A | grep -q '^Your turn' || fail "not alice's turn"
}

# plan: in a copy of every directory, alice plays her example X, bob his
# Y, alice would then play Z: the line "Y => Z" with X is known to fire
plan() {
	rm -rf sim
	mkdir sim
	cp -r A B J ./*.key ./*.pub sim/
	(
		cd sim
		x=$(example A)
		jplay A x.msg $x
		y=$(example B)
		jplay B y.msg $y
		z=$(example A)
		printf '%s\n%s\n%s\n' "$x" "$y" "$z" >../plan
	) || fail "cannot plan a line"
	px=$(sed -n 1p plan) py=$(sed -n 2p plan) pz=$(sed -n 3p plan)
	[ -n "$px" ] && [ -n "$py" ] && [ -n "$pz" ] || fail "no plan"
}

# plan3: as plan, three of bob's actions and alice's answers after her X:
# X, then Y1 Z1, Y2 Z2, Y3 Z3 (plan3.1 to plan3.7)
plan3() {
	rm -rf sim
	mkdir sim
	cp -r A B J ./*.key ./*.pub sim/
	(
		cd sim
		k=0
		for d in A B A B A B A; do
			k=$((k + 1))
			a=$(example $d)
			[ -n "$a" ] || exit 1
			jplay $d p$k.msg $a
			printf '%s\n' "$a" >../plan3.$k
		done
	) || fail "cannot plan three steps"
}

# three_in RULES: a line of three steps fires fully in RULES; line 1,
# before it, answers bob's first action as it does (so it is line 1 that
# fires step 1), then expects at step two what bob does at step three:
# it breaks there, and line 2 fires steps 2 and 3; line 3, which answers
# bob's first action otherwise, never fires and never shows to bob
three_in() {
	gstart "$1"
	plan3
	p() { cat "plan3.$1"; }
	[ "$(p 4)" != "$(p 6)" ] || fail "$1: no second step to miss"
	jplay A a2.msg -c "$(p 2) => $(p 3) ; $(p 6) => $(p 7)" \
	    -c "$(p 2) => $(p 3) ; $(p 4) => $(p 5) ; $(p 6) => $(p 7)" \
	    -c "$(p 2) => zz9-zz9" $(p 1)
	for st in 1 2 3; do
		jplay B b$st.msg $(p $((2 * st)))
		ln=2
		[ "$st" -gt 1 ] || ln=1
		grep -q "fired: alice's condition, line $ln step $st" jout ||
		    { cat jout >&2; fail "$1: line $ln step $st not fired"; }
		"$ADJ" show -d B | grep '^Last:' >last.real
		for w in $(p $((2 * st + 1))); do
			grep -qF -- "$w" last.real ||
			    fail "$1: step $st: $(cat last.real)"
		done
	done
	# every step played for alice: bob to move, her lines spent
	"$ADJ" show -d B | grep -q '^Your turn' || fail "$1: not bob's turn"
	"$ADJ" show -d A | grep -q 'Conditions' && fail "$1: a line pending"
	"$ADJ" show -d B >bview
	entries B bents
	secret_nowhere 'zz9-zz9' bview bents/* rout
	jplay B b4.msg resign
	jverified "alice won"
}

test_cond_three_steps_incognito_rps() {
	three_in incognito-rps
}

test_cond_three_steps_espionnage() {
	three_in espionnage
}

test_cond_three_steps_knights() {
	three_in knights
}

# cleared_in RULES: a line that would answer bob's next action, cleared
# off turn before it comes: nothing fires, and at the end, every line
# opened, the cleared one is no withholding
cleared_in() {
	gstart "$1"
	plan
	jplay A a2.msg -c "$py => $pz" $px
	jplay A ac.msg -c -
	grep -q "alice clears every pending condition" jout ||
	    { cat jout >&2; fail "$1: not cleared"; }
	jplay B b2.msg $py
	grep -q 'fired' jout && fail "$1: a cleared line fired"
	"$ADJ" show -d A | grep -q '^Your turn' || fail "$1: not alice's turn"
	jplay A a3.msg $pz
	jplay B b3.msg resign
	jverified "alice won"
}

test_cond_cleared_incognito_rps() {
	cleared_in incognito-rps
}

test_cond_cleared_espionnage() {
	cleared_in espionnage
}

test_cond_cleared_knights() {
	cleared_in knights
}

# A judge that plays nothing for a line that answered (here: it lost its
# record of the lines) is named in the seat's view, which receive prints
# as it takes the update
test_cond_withheld_named() {
	cfire
	rm J/cond.0
	jplay B b2.msg c5-d5
	grep -q 'fired' jout && fail "fired without the lines"
	# the update alice received (upd.N.alice): its view names it
	"$ADJ" show -d A >aview
	grep -q "^Not played: your condition line 1 answers bob's c5-d5,$" \
	    aview || { cat aview >&2; fail "alice's view does not name it"; }
	"$ADJ" show -d A -f yaml >ayaml
	grep -q '^condition_not_played:$' ayaml || fail "not in the YAML view"
	grep -q '^  answers: "c5-d5"$' ayaml || fail "what it answers"
	"$ADJ" show -d B | grep -q 'Not played' && fail "bob told"
	true
}

# --- a lost copy ------------------------------------------------------------

# restored: alice's copy A, with conditions pending, lost (moved to lost)
# and made again from the judge's whole update, which bob is not mailed
# (whole.msg): it takes her lines back, and shows what it showed before
restored() {
	"$ADJ" show -d A >before
	grep -q '^Conditions pending' before || fail "nothing pending"
	mv A lost
	"$ADJ" join -d A -k alice.key invite.msg 2>/dev/null
	expect 0 "$ADJ" restore -d A
	mv out req.msg
	expect 0 "$ADJ" judge -d J -O mq req.msg
	[ ! -f mq/bob.msg ] || fail "bob mailed for alice's restore"
	cp mq/alice.msg whole.msg
	expect 0 "$ADJ" receive -d A mq/alice.msg
	err_has "alice's conditions are known again, from the judge's update"
	"$ADJ" show -d A | cmp -s - before ||
	    { "$ADJ" show -d A | diff before - >&2; fail "the copy differs"; }
}

# A seat's pending lines are its own secret state, as its setup: the
# judge, which holds them, sends them back in the whole update a seat
# that lost its copy asks for (restore); the copy rebuilt lists them as
# before and takes the fire; nobody else's update carries them.  A whole
# update whose lines are not those the chain committed to is refused,
# nothing changed.
test_cond_restore_brings_lines_back() {
	cfire
	restored
	ls -l A/cond.0 | grep -q '^-rw-------' || fail "A/cond.0 not 0600"
	cmp -s A/cond.0 lost/cond.0 || fail "the record differs"
	# the rebuilt copy takes the fired reply as the lost one would
	jplay B b2.msg c5-d5
	grep -q "fired: alice's condition, line 1 step 1" jout || fail "fired"
	"$ADJ" show -d A >aview
	grep -q '^  2\. c5-d5 => c3-c2 ; b4-c4 => e2-e1$' aview ||
	    fail "line 2 not listed after the fire"
	# the whole update again, to a copy that moved on: nothing changes
	cp A/cond.0 cond.before
	expect 0 "$ADJ" receive -d A whole.msg
	cmp -s A/cond.0 cond.before || fail "the record changed"
}

# A judge whose whole update carries a record whose commitments are not
# those alice's entry signs (an empty slot's changed): its slot no longer
# opens, refused, nothing kept; the true one is taken
test_cond_restore_forged_lines_refused() {
	cfire
	rm -rf A
	"$ADJ" join -d A -k alice.key invite.msg 2>/dev/null
	"$ADJ" restore -d A >req.msg || fail "restore"
	"$ADJ" judge -d J -O mq req.msg >/dev/null 2>&1 || fail "judge"
	# the update alone (the invitation goes before it)
	"$ADJ" open -k alice.key mq/alice.msg 2>/dev/null | awk '
	    /^kind: update$/ { s = 1 }
	    /^---$/ { if (s) exit; body = ""; next } { body = body $0 "\n" }
	    END { printf "%s", body }' >whole.yaml
	grep -q '^cond:$' whole.yaml || fail "no conditions in the update"
	last=$(sed -n '/^    - [0-9a-f]\{64\}$/p' whole.yaml | tail -1)
	[ -n "$last" ] || fail "no commitments in the update"
	sed "s/^$last\$/    - $(printf '%064d' 7)/" whole.yaml >forged.yaml
	cmp -s whole.yaml forged.yaml && fail "nothing forged"
	by_hand forged judge.key forged.yaml alice.pub
	snapshot A
	expect 1 "$ADJ" receive -d A forged.msg
	one_line
	err_has "condition slot 8 does not open alice's commitment in entry 3"
	unchanged A
	expect 0 "$ADJ" receive -d A mq/alice.msg
	[ -f A/cond.0 ] || fail "the true update's lines not kept"
}

# --- the end: every line opened ---------------------------------------------

# Once the game is over the judge's final entry opens every set a seat
# sent, each of its 8 slots: a line that never fired becomes public, and
# a final entry that leaves a set out, or whose line does not open its
# commitment, is refused by the seat that receives it, nothing kept
test_cond_final_opens_every_line() {
	cfire
	jplay B b2.msg b4-c4	# no line answers it: nothing fired
	"$ADJ" turn -d A resign >a3.msg || fail "resign"
	"$ADJ" judge -d J -O mq a3.msg >jout 2>&1 || fail "judge"
	n=$(seq_of J)
	entries J fj
	fin=$(printf 'fj/%06d' "$n")
	blob_body "$fin" >fin.yaml
	grep -q '^kind: final$' fin.yaml || fail "no final entry"
	grep -q '^  entry: 3$' fin.yaml || fail "entry 3 not opened"
	grep -q '^  - line: 8$' fin.yaml || fail "the empty slots not opened"
	grep -q '^    steps: c5-d5 => c3-c2 ; b4-c4 => e2-e1$' fin.yaml ||
	    fail "the line that never fired not opened"
	resign=$(printf 'fj/%06d' $((n - 1)))
	# a final entry that leaves alice's set out
	awk '/^cond:$/ { s = 1; next } s && /^[a-z]/ { s = 0 } !s' fin.yaml \
	    >out.yaml
	wire sign judge.key out.yaml alice.pub bob.pub >out.bin ||
	    fail "wire sign"
	update_body bob "$resign" out.bin >u.yaml
	update bob u.yaml u.msg
	snapshot B
	expect 1 "$ADJ" receive -d B u.msg
	err_has "leaves alice's conditions of entry 3 unopened"
	unchanged B
	# one whose line 2 does not open its commitment (its reply changed)
	sed 's/^    steps: c5-d5 => c3-c2 ; b4-c4 => e2-e1$/    steps: '\
'c5-d5 => c3-c2 ; b4-c4 => e2-e2/' fin.yaml >bad.yaml
	cmp -s fin.yaml bad.yaml && fail "nothing forged"
	wire sign judge.key bad.yaml alice.pub bob.pub >bad.bin ||
	    fail "wire sign"
	update_body bob "$resign" bad.bin >u.yaml
	update bob u.yaml u.msg
	expect 1 "$ADJ" receive -d B u.msg
	err_has "condition line 2 does not open alice's commitment in entry 3"
	unchanged B
	# the true one goes through, and every export verifies
	mailout
	jverified "bob won"
}

# A judge that withholds a reply that answered (here it lost its record
# of alice's latest lines) cannot end the game: its final entry opens
# them, and every copy, the judge's own first, finds the line that
# answered bob's move with a legal reply, and refuses it.  Knights: no
# setup, so the final entry opens the lines alone and is made by hand.
test_cond_withheld_caught_at_the_end() {
	gstart knights
	plan
	jplay A a2.msg -c "$py => $pz" $px
	rm J/cond.0
	jplay B b2.msg $py
	grep -q 'fired' jout && fail "fired without the lines"
	x=$(example A)
	jplay A a3.msg $x
	set -- J/cond.0.*
	[ $# -eq 1 ] && [ -f "$1" ] || fail "the judge keeps no set: $*"
	withheld_end "${1##*.}"
}

# withheld_end SET: alice's line that answered bob's move was withheld
# (the judge lost its record J/cond.0), and she moved by hand; bob
# resigns (b3.msg).  The judge's own copy refuses to end the game; the
# final entry it would have to send after his resignation (resign.bin),
# opening alice's set of entry SET (fin.bin), made by hand, is refused
# by bob's copy, nothing kept
withheld_end() {
	"$ADJ" turn -d B resign >b3.msg || fail "resign"
	expect 1 "$ADJ" judge -d J -O mq b3.msg
	grep -q "the judge withheld alice's condition line 1 step 1, which" \
	    out err || { cat out err >&2; fail "the judge's copy took it"; }
	"$ADJ" open -k judge.key b3.msg 2>/dev/null |
	    sed -n 's/^entry: //p' | base64 -d >resign.bin
	blob_body resign.bin | grep -q '^kind: turn$' || fail "no resign"
	rs=$(blob_body resign.bin | sed -n 's/^seq: //p')
	[ -f "J/cond.0.$1" ] || fail "the judge keeps no set of entry $1"
	{
		entry_keys B $((rs + 1)) resign.bin judge final alice.pub \
		    bob.pub
		echo "open: []"
		echo "cond:"
		echo "- for: alice"
		echo "  entry: $1"
		sed -n '/^cond:$/,$p' "J/cond.0.$1" | sed 's/^/  /'
	} >fin.yaml
	wire sign judge.key fin.yaml alice.pub bob.pub >fin.bin ||
	    fail "wire sign"
	update_body bob resign.bin fin.bin >u.yaml
	update bob u.yaml u.msg
	snapshot B
	expect 1 "$ADJ" receive -d B u.msg
	err_has "the judge withheld alice's condition line 1 step 1"
	err_has "which answered bob's"
	one_line
	unchanged B
}

# --- a reply made illegal by a value the seat could not see ------------------

# rpsline BOBSETUP: incognito-rps, alice's rock on a3 moves to a5 with the
# line "bob attacks it from a6 => it steps to b5"; bob's piece on a6 is
# BOBSETUP's first, hidden from alice, and bob attacks
rpsline() {
	jstart incognito-rps
	"$ADJ" setup -d A RPSSPR/RPS >a1.msg || fail "setup A"
	tojudge a1.msg
	"$ADJ" setup -d B "$1" >b1.msg || fail "setup B"
	tojudge b1.msg
	jplay A a2.msg -c 'a6xa5 => a5-b5' a3-a5
	jplay B b2.msg a6xa5
}

# level (rock against rock): both stay, alice's rock still on a5, and the
# line fires; it is the line's reply bob sees
test_cond_rps_fires_when_level() {
	rpsline RPSSPR/RPS
	grep -q "fired: alice's condition, line 1 step 1" jout ||
	    { cat jout >&2; fail "not fired"; }
	"$ADJ" show -d B | grep -q '^Last: White moves a5-b5\.$' ||
	    fail "bob did not get alice's reply"
}

# hidden_dropped REPLY ANSWERS: alice's line (reply REPLY to bob's
# ANSWERS) was made illegal by what she could not see: dropped, alice
# told only that it was illegal in this position, bob shown nothing of
# it; opened at the end, it is no withholding
hidden_dropped() {
	# the operator's report says not why: a reason may name a hidden
	# value
	grep -qx "alice's condition, line 1 step 1, is illegal here: dropped" \
	    jout || { cat jout >&2; fail "$2: not dropped, or said why"; }
	grep -q 'fired' jout && fail "$2: a reply fired"
	grep -q 'update for alice (2 entries, a note)' jout ||
	    fail "$2: alice not told"
	"$ADJ" show -d A >aview
	grep -q '^Your turn' aview || fail "$2: not alice's turn"
	grep -q "^Not played: your condition line 1 answers bob's $2,$" \
	    aview || fail "$2: alice's view does not say what was not played"
	"$ADJ" show -d B >bview
	"$ADJ" show -d B -f yaml >byaml
	grep -q '^Last: White' bview && fail "$2: something played for alice"
	entries B bents
	secret_nowhere "$1" bview byaml bents/* upd.*.bob
	jplay A a9.msg resign
	jverified "bob won"
}

# bob's paper takes alice's rock and a5; his scissors lose a6 to it
test_cond_rps_illegal_by_hidden_paper() {
	rpsline PRSSPR/RPS
	hidden_dropped a5-b5 a6xa5
}

test_cond_rps_illegal_by_hidden_scissors() {
	rpsline SRPSPR/RPS
	hidden_dropped a5-b5 a6xa5
}

# espline BOBSETUP: espionnage without volcanoes; alice's captain on a5,
# bob's piece on a6 (BOBSETUP's a8, hidden from alice), alice's line
# "bob attacks a5 from a6 => her captain steps back to a4"; bob attacks
espline() {
	jstart espionnage -o volcanoes=0
	"$ADJ" setup -d A MMMMHSSSSS/XXXX552222/3331111144 >a1.msg ||
	    fail "setup A"
	tojudge a1.msg
	"$ADJ" setup -d B "$1" >b1.msg || fail "setup B"
	tojudge b1.msg
	jplay A a2.msg a3-a4 b3-b4
	jplay B b2.msg a8-a7 b8-b7
	jplay A a3.msg a4-a5 c3-c4
	jplay B b3.msg a7-a6 c8-c7
	jplay A a4.msg -c 'a6-a5 c7-c6 => a5-a4 c4-c5' d3-d4 e3-e4
	jplay B b4.msg a6-a5 c7-c6
}

# bob's corporal loses to alice's captain: the captain still on a5, the
# line fires
test_cond_esp_fires_when_it_survives() {
	espline MMMMHSSSSS/XXXX332222/1553111144
	grep -q "fired: alice's condition, line 1 step 1" jout ||
	    { cat jout >&2; fail "not fired"; }
	"$ADJ" show -d B |
	    grep -q '^Last: White moves a5-a4; White moves c4-c5\.$' ||
	    fail "bob did not get alice's reply"
}

# bob's general takes a5: the same line is illegal by his hidden rank
test_cond_esp_illegal_by_hidden_rank() {
	espline MMMMHSSSSS/XXXX332222/5531111144
	hidden_dropped 'a5-a4 c4-c5' 'a6-a5 c7-c6'
}
