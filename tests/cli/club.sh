# Club play: who holds a seat.  The operator hands a judged seat over to a
# new key (the judge sends its new holder the whole copy, its setup
# included); a seat moves to its own new key or address (judged and peer);
# a peer hands its seat over with a backup sealed to the new key; a lost
# game directory is rebuilt (peer: from a backup; judged: the judge's
# whole update on request).  Every refusal, and verify's account of who
# held each seat.

. "$TOP/tests/cli/judge.sh"

# cplay: each seat of a judged game (A alice, C bob's new holder) takes
# the update the judge left for it in mq/
cmailout() {
	for s in alice:A bob:C; do
		[ -f "mq/${s%%:*}.msg" ] || continue
		"$ADJ" receive -d "${s#*:}" "mq/${s%%:*}.msg" >rout 2>rerr || {
			cat rerr >&2
			fail "${s#*:} refuses mq/${s%%:*}.msg"
		}
		rm "mq/${s%%:*}.msg"
	done
}

# handed: a judged incognito game, alice's move made, and bob's seat handed
# over to carol by the operator; carol has joined it as C from the
# judge's file
handed() {
	jstart
	keys carol
	jsetups d2 b4
	jplay A a2.msg e3-c3
	expect 0 "$ADJ" rule -d J -O mq handover bob carol.pub bob left the club
	grep -q "judge hands bob's seat to key $(cut -d' ' -f3 carol.pub) (carol): bob left the club" out ||
	    { cat out >&2; fail "no handover"; }
	out_has "^mq/bob.msg: for bob's new holder, key $(cut -d' ' -f3 carol.pub) (carol), who joins with: adjudicator join -d GAMEDIR -k YOURKEY mq/bob.msg$"
	out_has "^mq/bob.old.msg: for bob's old holder: the handover, which its copy receives$"
	mv mq/bob.msg carol.msg
	mailout
	grep -c 'BEGIN ADJUDICATOR MESSAGE' carol.msg | grep -qx 2 ||
	    fail "carol's file is not the invitation and the whole update"
	expect 0 "$ADJ" join -d C -k carol.key carol.msg
	err_has "joined incognito game .* as bob"
	err_has "bob's setup is known again, from the judge's update"
}

test_handover_by_the_operator() {
	handed
	# the judge's mail to the new holder joins under a root too
	expect 0 "$ADJ" join -r CR -k carol.key carol.msg
	err_has "bob's setup is known again, from the judge's update"
	"$ADJ" show -r CR -d "$(ls CR)" | grep -q '^ 4  Ba Bs' ||
	    fail "carol's root copy lacks bob's spy"
	# carol's view is whole: bob's own pieces, and it is her turn
	"$ADJ" show -d C -f yaml >c.yaml
	grep -q '^next: bob$' c.yaml || fail "not bob's turn"
	"$ADJ" show -d C | grep -q '^ 4  Ba Bs' || fail "carol does not see bob's spy"
	# alice was told
	"$ADJ" show -d A | grep -q "Last: the judge hands bob's seat to key" ||
	    fail "alice was not told"
	# the old key no longer acts for bob: the judge refuses it
	"$ADJ" turn -d B b4-c4 >old.msg 2>/dev/null ||
	    fail "bob's old copy does not know yet"
	expect 1 "$ADJ" judge -d J -O mq old.msg
	out_has "your seat bob in game [0-9a-f]\{16\} was handed over by the judge at entry 4 to key $(cut -d' ' -f3 carol.pub) (carol): bob left the club; the judge takes no more from this key"
	rm -f mq/*
	# carol plays on; the game ends; every export verifies and says who
	# held bob's seat
	"$ADJ" turn -d C b4-c4 >c1.msg
	"$ADJ" judge -d J -O mq c1.msg >/dev/null
	cmailout
	"$ADJ" turn -d A 'c3?c4' >a3.msg
	"$ADJ" judge -d J -O mq a3.msg >/dev/null
	cmailout
	for d in J A C; do
		"$ADJ" export -d "$d" >"$d.arc"
		expect 0 "$ADJ" verify "$d.arc"
		out_has "^who held each seat:$"
		out_has "^  bob: key $(cut -d' ' -f3 bob.pub) (bob) from the start; key $(cut -d' ' -f3 carol.pub) (carol) from entry 4, handed over by the judge$"
	done
	"$ADJ" verify C.arc | grep -q '^updates: .* to bob; each showed it exactly' ||
	    fail "carol's export: the judge's updates"
}

# The old holder's file (rule -d -O: OUTDIR/SEAT.old.msg) brings the
# handover into its copy, which says so and acts no more; nothing in it
# is new to the old holder (no entry past the handover, no opening)
test_handover_old_holder_by_file() {
	handed
	grep -c 'BEGIN ADJUDICATOR MESSAGE' mq/bob.old.msg | grep -qx 1 ||
	    fail "bob's old file is not one update"
	expect 0 "$ADJ" receive -d B mq/bob.old.msg
	out_has "^You no longer hold seat bob: handed over to carol (key $(cut -d' ' -f3 carol.pub)) by the judge at entry 4 (bob left the club)\.$"
	out_has "^Nothing is yours to do in this game\.$"
	[ "$(seq_of B)" = 4 ] || fail "bob's old copy at $(seq_of B)"
	"$ADJ" show -d B | grep -q '^Your turn' && fail "still bob's turn"
	expect 2 "$ADJ" turn -d B b4-c4
	err_has "this key is not bob's key in the game"
}

# What the operator may not hand over, and how it says so; nothing changes
test_handover_refused() {
	jstart
	keys carol
	jsetups d2 b4
	snapshot J
	expect 2 "$ADJ" rule -d J -O mq handover bob carol.pub
	err_has "handover SEAT KEY.pub REASON"
	expect 2 "$ADJ" rule -d J -O mq handover eve carol.pub a reason
	err_has "handover eve: not a seat"
	expect 4 "$ADJ" rule -d J -O mq handover bob nosuch.pub a reason
	err_has "nosuch.pub: No such file"
	expect 1 "$ADJ" rule -d J -O mq handover bob alice.pub a reason
	one_line
	err_has "key $(cut -d' ' -f3 alice.pub) holds alice's seat"
	# the key of another seat, the last one too
	expect 1 "$ADJ" rule -d J -O mq handover alice bob.pub a reason
	one_line
	err_has "key $(cut -d' ' -f3 bob.pub) holds bob's seat"
	expect 1 "$ADJ" rule -d J -O mq handover bob bob.pub a reason
	err_has "bob holds key $(cut -d' ' -f3 bob.pub) already"
	expect 1 "$ADJ" rule -d J -O mq handover bob judge.pub a reason
	err_has "is the judge's"
	expect 2 "$ADJ" rule -d J -O mq -a 'c@x
Bcc: eve@x' handover bob carol.pub a reason
	one_line
	expect 2 "$ADJ" rule -d J -O mq -a c@x pause a reason
	err_has "-a ADDRESS is a handover's"
	unchanged J
	[ ! -e mq/bob.msg ] || fail "an update despite a refusal"
}

# A judged seat moves to its own new key: the judge takes the entry off
# turn, the seat's copy takes the update sealed to the new key, and from
# then on only the new key acts for the seat
test_seat_own_new_key_judged() {
	jstart
	keys bob2
	jsetups d2 b4
	expect 0 "$ADJ" seat -d B -t bob2.key
	cp out s.msg
	grep -q "^next: $(pwd)/bob2.key$" B/seat || fail "the seat file names no next key"
	tojudge s.msg
	grep -q "key $(cut -d' ' -f3 bob2.pub) (bob2) from now on" rout ||
	    { cat rout >&2; fail "bob's copy did not follow"; }
	# alice moves; bob's copy signs with the new key, which the judge takes
	jplay A a2.msg e3-c3
	grep -q "^key: $(pwd)/bob2.key$" B/seat || fail "the seat file keeps the old key"
	grep -q "^next:" B/seat && fail "the seat file keeps a next key"
	jplay B b2.msg b4-c4
	"$ADJ" show -d A | grep -q 'Last: Black moves b4-c4' || fail "the move"
}

# A seat's new mail address, in both modes: every copy has it, the
# judge's mail follows it
test_seat_new_address() {
	peer_start incognito -a alice=alice@example.org -a bob=bob@example.org
	setups d2 b4
	snapshot B
	expect 2 "$ADJ" seat -d B
	err_has "-a ADDRESS, -t KEY or both"
	expect 2 "$ADJ" seat -d B -a 'bob@x
Bcc: eve@x'
	one_line
	expect 1 "$ADJ" seat -d B -a bob@new.example.org
	err_has "out of turn: it is alice's"
	unchanged B
	play A a2.msg e3-c3
	expect 0 "$ADJ" seat -d B -a bob@new.example.org
	cp out b2.msg
	deliver A b2.msg
	"$ADJ" show -d A | grep -q '^Mail: alice <alice@example.org>, bob <bob@new.example.org>\.$' ||
	    { "$ADJ" show -d A >&2; fail "alice's copy"; }
	# still bob's turn: a change of address passes no turn
	play B b3.msg b4-c4
}

# A peer hands its seat over: the entry on its turn, then a backup sealed
# to the new key, from which the new holder joins; the old key is done
test_seat_handed_over_peer() {
	peer_start incognito
	keys carol
	setups d2 b4
	play A a2.msg e3-c3
	expect 0 "$ADJ" seat -d B -t carol.pub
	cp out b2.msg
	err_has "backup -t KEY.pub"
	deliver A b2.msg
	expect 0 "$ADJ" backup -d B -t carol.pub
	mv out forcarol.msg
	# only carol can read it: alice cannot join it
	expect 1 "$ADJ" join -d X -k alice.key forcarol.msg
	err_has "not addressed to key $(cut -d' ' -f3 alice.pub)"
	[ ! -e X ] || fail "X was made"
	expect 0 "$ADJ" join -d C -k carol.key forcarol.msg
	err_has "bob's setup is known again, from the backup"
	"$ADJ" show -d C | grep -q '^ 4  Ba Bs' || fail "carol lacks bob's setup"
	# ... and under a root, as a mailbox is joined
	expect 0 "$ADJ" join -r CR -k carol.key forcarol.msg
	err_has "^joined game "
	"$ADJ" show -r CR -d "$(ls CR)" | grep -q '^ 4  Ba Bs' ||
	    fail "carol's root copy lacks bob's setup"
	expect 0 "$ADJ" join -r CR -k carol.key forcarol.msg
	err_has "^already joined: game "
	expect 2 "$ADJ" turn -d B b4-c4
	err_has "this key is not bob's key in the game"
	"$ADJ" turn -d C b4-c4 >c1.msg
	deliver A c1.msg
	"$ADJ" turn -d A resign >a3.msg && deliver C a3.msg
	"$ADJ" turn -d C >c2.msg && deliver A c2.msg
	"$ADJ" show -d A -f yaml | grep -q '^phase: closed$' || fail "not closed"
	"$ADJ" export -d A >a.arc
	expect 0 "$ADJ" verify a.arc
	out_has "^  bob: key $(cut -d' ' -f3 bob.pub) (bob) from the start; key $(cut -d' ' -f3 carol.pub) (carol) from entry 4$"
}

# A lost peer directory: rebuilt from the backup (everything up to it),
# the rest from the other seat's messages; a backup of another game, or
# sealed to another key, is refused
test_backup_restores_peer() {
	peer_start incognito
	expect 1 "$ADJ" backup -d B
	err_has "bob has no setup yet"
	setups d2 b4
	play A a2.msg e3-c3
	expect 0 "$ADJ" backup -d B
	mv out bk.msg
	# sealed to bob's key alone
	expect 1 "$ADJ" open -k alice.key bk.msg
	"$ADJ" show -d B >before
	mv B lost
	expect 0 "$ADJ" join -d B -k bob.key bk.msg
	"$ADJ" show -d B | cmp -s - before || fail "the copy differs"
	# a root's copy rebuilt from the backup as a mail
	expect 0 "$ADJ" join -r BR -k bob.key bk.msg
	"$ADJ" show -r BR -d "$(ls BR)" | grep -q '^ 4  Ba Bs' ||
	    fail "the root's copy lacks bob's setup"
	# the join says where a peer's setup lives
	rm -rf B2
	"$ADJ" join -d B2 -k bob.key invite.msg 2>err
	err_has "in a peer game your setup lives only in this directory: keep a backup"
	# a backup whose setup does not open bob's commitments: refused,
	# nothing learnt
	"$ADJ" open -k bob.key bk.msg 2>/dev/null | awk '/^kind: secret$/ { s = 1 }
	    /^---$/ { if (s) exit; body = ""; next } { body = body $0 "\n" }
	    END { printf "%s", body }' >secret.yaml
	grep -q '^kind: secret$' secret.yaml || fail "no secret in the backup"
	sed 's/value: spy/value: XX/; s/value: agent/value: spy/; s/value: XX/value: agent/' \
	    secret.yaml >forged.yaml
	cmp -s secret.yaml forged.yaml && fail "nothing forged"
	by_hand forged bob.key forged.yaml bob.pub
	rm -rf B3
	"$ADJ" join -d B3 -k bob.key invite.msg 2>/dev/null
	"$ADJ" receive -d B3 a1.msg b1.msg a2.msg >/dev/null 2>&1
	snapshot B3
	expect 1 "$ADJ" receive -d B3 forged.msg
	one_line
	err_has "the backup: .*does not match"
	unchanged B3
	# the true one is taken
	by_hand true bob.key secret.yaml bob.pub
	expect 0 "$ADJ" receive -d B3 true.msg
	"$ADJ" show -d B3 | sed 's/-d B3 /-d B /' | cmp -s - before ||
	    { "$ADJ" show -d B3 | diff before - >&2; fail "the copy differs"; }
}

# A key that held one seat vouches for no other: alice hands her seat to
# carol, and a backup of bob's setup signed by alice's former key is
# refused, nothing learnt; signed by bob's own key it is taken
test_backup_of_another_seat() {
	peer_start incognito
	keys carol
	setups d2 b4
	expect 0 "$ADJ" seat -d A -t carol.pub
	cp out a2.msg
	deliver B a2.msg
	expect 0 "$ADJ" backup -d B
	mv out bk.msg
	"$ADJ" open -k bob.key bk.msg 2>/dev/null >bk.yaml
	awk '/^kind: secret$/ { s = 1 }
	    /^---$/ { if (s) exit; body = ""; next } { body = body $0 "\n" }
	    END { printf "%s", body }' bk.yaml >secret.yaml
	grep -q '^by: bob$' secret.yaml || fail "no secret of bob's"
	by_hand forged alice.key secret.yaml bob.pub
	"$ADJ" join -d B2 -k bob.key invite.msg 2>/dev/null
	"$ADJ" receive -d B2 a1.msg b1.msg a2.msg >/dev/null 2>&1
	snapshot B2
	expect 1 "$ADJ" receive -d B2 forged.msg
	one_line
	err_has "a backup signed by alice ($(cut -d' ' -f3 alice.pub)), who"
	err_has "who never held bob's seat"
	unchanged B2
	by_hand true bob.key secret.yaml bob.pub
	expect 0 "$ADJ" receive -d B2 true.msg
	err_has "bob's setup is known again, from the backup"
}

# A judged seat that lost its directory joins again and asks the judge:
# the judge's whole update brings everything back, its setup included
test_restore_judged() {
	jstart
	jsetups d2 b4
	jplay A a2.msg e3-c3
	"$ADJ" show -d B >before
	rm -rf B
	"$ADJ" join -d B -k bob.key invite.msg 2>/dev/null
	expect 0 "$ADJ" restore -d B
	mv out req.msg
	expect 0 "$ADJ" judge -d J -O mq req.msg
	out_has "bob asks for its copy again"
	expect 0 "$ADJ" receive -d B mq/bob.msg
	err_has "bob's setup is known again, from the judge's update"
	"$ADJ" show -d B | cmp -s - before || { "$ADJ" show -d B | diff before - >&2; fail "the copy differs"; }
	# the same whole update again changes nothing
	expect 0 "$ADJ" receive -d B mq/bob.msg
	# a peer game has no judge to ask
	cd "$(mktemp -d)"
	peer_start incognito
	expect 2 "$ADJ" restore -d B
	err_has "a peer game has no judge to ask"
}

# show -f public: the view anyone may see, to paste elsewhere: no seat's
# hidden piece, no word for the seat
test_show_public() {
	peer_start incognito
	setups d2 b4
	play A a2.msg e3-c3
	"$ADJ" show -d B >own
	grep -q 'Bs' own || fail "bob's own view lacks his spy"
	expect 0 "$ADJ" show -d B -f public
	grep -q 'B[sa]' out && fail "the public view shows bob's pieces"
	grep -q 'W[sa]' out && fail "the public view shows alice's pieces"
	grep -q 'You are\|Your turn\|adjudicator turn' out &&
	    fail "the public view speaks to the seat"
	out_has "^Last: White moves e3-c3\.$"
	"$ADJ" show -d A -f public | cmp -s - out ||
	    fail "alice's public view differs from bob's"
	expect 2 "$ADJ" show -d B -f nosuch
	err_has "the formats are text, public, yaml, svg and moves"
}

# Hand-made messages the rules refuse, each on one line, nothing changed:
# a seat entry by alice for bob's seat; a restore request signed by a key
# that holds no seat; a handover once the game is closed
test_seat_refusals_by_hand() {
	peer_start incognito
	setups d2 b4
	entries A At
	game=$("$ADJ" show -d A -f yaml | sed -n 's/^game: //p')
	printf 'game: %s\nseq: 3\nprev: %s\nby: alice\nto: [%s, %s]\nkind: seat\nseat:\n  name: bob\n  address: eve@example.org\n' \
	    "$game" "$(wire hash At/000002)" "$(cut -d' ' -f3 alice.pub)" \
	    "$(cut -d' ' -f3 bob.pub)" >s.yaml
	by_hand s alice.key s.yaml alice.pub bob.pub -- bob.pub
	snapshot B
	expect 1 "$ADJ" receive -d B s.msg
	one_line
	err_has "seq 3: alice changes bob's seat: a seat changes only its own"
	unchanged B
	# a seat entry with nothing in it
	printf 'game: %s\nseq: 3\nprev: %s\nby: alice\nto: [%s, %s]\nkind: seat\nseat:\n  name: alice\n' \
	    "$game" "$(wire hash At/000002)" "$(cut -d' ' -f3 alice.pub)" \
	    "$(cut -d' ' -f3 bob.pub)" >s.yaml
	by_hand s alice.key s.yaml alice.pub bob.pub -- bob.pub
	expect 3 "$ADJ" receive -d B s.msg
	err_has "a seat entry gives a new key, a new address or both"
	unchanged B
	# a restore request from a key with no seat
	cd "$(mktemp -d)"
	jstart
	keys eve
	jsetups d2 b4
	game=$("$ADJ" show -d J -f yaml | sed -n 's/^game: //p')
	printf 'game: %s\nby: bob\nkind: restore\n' "$game" >r.yaml
	"$ADJ" seal -k eve.key judge.pub r.yaml >r.msg
	snapshot J
	expect 1 "$ADJ" judge -d J -O mq r.msg
	out_has "a request signed by eve ($(cut -d' ' -f3 eve.pub)), who holds no seat in this game"
	[ ! -e mq/bob.msg ] || fail "an update for the request"
	# bob's key asking as alice
	printf 'game: %s\nby: alice\nkind: restore\n' "$game" >r.yaml
	"$ADJ" seal -k bob.key judge.pub r.yaml >r.msg
	expect 1 "$ADJ" judge -d J -O mq r.msg
	out_has "a request by alice signed by bob's key"
	# the game over, no handover
	jplay A a2.msg e3-c3
	jplay B b2.msg b4-b3
	jplay A a3.msg 'c3?b3'
	keys carol
	expect 1 "$ADJ" rule -d J -O mq handover bob carol.pub too late
	err_has "the game is closed"
}
