# The judge's stamps held to what the seats know (issue "trust", 1.2): a
# seat's entry in a judged game says when it was signed, and the judge's
# stamp of it may not be earlier (by more than 15 minutes); a judge's
# clock, or a seat's, set ahead is caught; every seat keeps when each
# update reached it, and a stamp that started its clock long before that
# (more than 15 minutes and the hour a mail may take) is disputed: in the
# seat's view, in its export, and by verify of that export.

. "$TOP/tests/cli/clock.sh"

# st_move: after cstart clock=1d, alice's move signed at 12:00 and taken
# by the judge at 12:00 (bob's clock starts then); its updates in mq/
st_move() {
	at 2026-12-01T12:00:00Z "$ADJ" turn -d A e3-c3 >a2.msg
	rm -rf mq
	at 2026-12-01T12:00:00Z "$ADJ" judge -d J -O mq a2.msg >jout 2>&1 ||
	    { cat jout >&2; fail "judge"; }
}

# A seat's entry says when it was signed; the judge's stamp follows it
test_stamp_seat_says_when_it_signed() {
	cstart clock=1d
	entries J Jt
	blob_body Jt/000001 | grep -qx 'time: 2026-12-01T10:00:00Z' ||
	    fail "alice's setup says no time: $(blob_body Jt/000001)"
	blob_body Jt/000001 | grep -q '^got:' && fail "a seat's got"
	blob_body Jt/000002 | grep -qx 'time: 2026-12-01T10:00:00Z' ||
	    fail "the judge's stamp"
	# a seat's clock behind the judge's: never before what it saw
	at 2026-12-01T08:00:00Z "$ADJ" turn -d A e3-c3 >a2.msg
	entry_of a2.msg judge.key a2.bin
	blob_body a2.bin | grep -qx 'time: 2026-12-01T11:00:00Z' ||
	    fail "not the judge's last: $(blob_body a2.bin)"
}

# An entry a seat signed in the judge's future is not taken: kept aside,
# nothing changed; signed within the tolerance, it is taken
test_stamp_seat_from_the_future() {
	cstart clock=1d
	at 2026-12-01T14:00:01Z "$ADJ" turn -d A e3-c3 >a2.msg
	"$ADJ" export -d J >before.arc
	rm -rf mq
	at 2026-12-01T13:45:00Z expect 1 "$ADJ" judge -d J -O mq a2.msg
	grep -q "alice's entry 5 is signed at 2026-12-01T14:00:01Z, 15 minutes in the future of this clock (2026-12-01T13:45:00Z): alice's clock or word is wrong; not applied, kept in J/aside/5-" out ||
	    { cat out >&2; fail "not said"; }
	"$ADJ" export -d J | cmp -s - before.arc || fail "the judge changed"
	[ "$(ls J/aside | wc -l)" -eq 1 ] || fail "not kept aside"
	at 2026-12-01T13:45:01Z tojudge a2.msg
	grep -q 'applied: White moves e3-c3' jout || fail "not taken"
}

# A judge's stamp earlier than the seat signed its entry (by more than the
# tolerance) is refused by the other seat's copy and by verify; within
# the tolerance it is taken
test_stamp_before_the_entry_was_signed() {
	cstart clock=1d
	have_forge || { echo "skip: no openssl Ed25519" >&2; return 0; }
	entries J Jt
	game=$("$ADJ" show -d J -f yaml | sed -n 's/^game: //p')
	at 2026-12-01T12:00:00Z "$ADJ" turn -d A e3-c3 >a2.msg
	entry_of a2.msg judge.key a2.bin
	for t in 2026-12-01T11:44:59Z 2026-12-01T11:45:00Z; do
		printf 'game: %s\nseq: 6\nprev: %s\nby: judge\nto: [%s, %s]\nkind: time\ntime: %s\n' \
		    "$game" "$(wire hash a2.bin)" "$(cut -d' ' -f3 alice.pub)" \
		    "$(cut -d' ' -f3 bob.pub)" "$t" >st.yaml
		wire sign judge.key st.yaml alice.pub bob.pub >st.$t.bin
		update_body bob a2.bin st.$t.bin >u.yaml
		update bob u.yaml u.$t.msg
	done
	snapshot B
	expect 1 "$ADJ" receive -d B u.2026-12-01T11:44:59Z.msg
	one_line
	err_has "seq 6: the judge stamped alice's entry 5 at 2026-12-01T11:44:59Z, before alice signed it (2026-12-01T12:00:00Z): the judge's clock or word is wrong"
	unchanged B
	expect 0 "$ADJ" receive -d B u.2026-12-01T11:45:00Z.msg
	mkdir X
	cp Jt/00000[0-4] X/
	cp a2.bin X/000005
	cp st.2026-12-01T11:44:59Z.bin X/000006
	python3 "$TOP/tests/cli/entries.py" -j X x.arc
	expect 1 "$ADJ" verify x.arc
	one_line
	err_has "seq 6: the judge stamped alice's entry 5 at 2026-12-01T11:44:59Z, before alice signed it"
}

# The update that starts bob's clock reaches him 23 hours after the
# judge's stamp: his copy says so, keeps it (a rebuilt copy too), and his
# export carries it to verify, which names it
test_stamp_backdated_is_disputed() {
	cstart clock=1d
	st_move
	# alice's clock does not run: nothing for her to dispute
	at 2026-12-02T11:00:00Z expect 0 "$ADJ" receive -d A mq/alice.msg
	grep -q disputed err && fail "alice disputes: $(cat err)"
	at 2026-12-02T11:00:00Z expect 0 "$ADJ" receive -d B mq/bob.msg
	err_has "mq/bob.msg: disputed: the judge's entry 6 started your clock at 2026-12-01T12:00:00Z, but its update reached you at 2026-12-02T11:00:00Z: 23 hours of your clock used before you could see the move$"
	out_has "^Disputed: the judge's entry 6 started your clock at 2026-12-01T12:00:00Z, but its update reached you at 2026-12-02T11:00:00Z: 23 hours of your clock used before you could see the move\.$"
	# said once: the same update again changes nothing
	at 2026-12-02T11:30:00Z expect 0 "$ADJ" receive -d B mq/bob.msg
	grep -q "mq/bob.msg: disputed" err && fail "said again"
	[ "$(grep -c '^Disputed' out)" -eq 1 ] || fail "kept twice"
	"$ADJ" show -d B -f yaml >y
	grep -A4 '^  stamp_disputes:' y | grep -q 'lost: 82800' ||
	    { cat y >&2; fail "not in the YAML view"; }
	# a copy rebuilt from its journal keeps it
	rm -f B/checkpoint
	"$ADJ" show -d B | grep -q '^Disputed: the judge.s entry 6' ||
	    fail "lost with the checkpoint"
	# bob's export: verify names the dispute, and fails
	"$ADJ" export -d B >b.arc
	expect 1 "$ADJ" verify b.arc
	one_line
	err_has "b.arc: disputed by bob: the judge's entry 6 started bob's clock at 2026-12-01T12:00:00Z, but its update reached bob at 2026-12-02T11:00:00Z (as bob's copy says): 23 hours of bob's clock used before bob could see the move"
	# the judge's export and alice's: nothing disputed
	"$ADJ" export -d A >a.arc
	"$ADJ" verify a.arc >/dev/null 2>err || true
	if grep -q disputed err; then fail "alice's export: $(cat err)"; fi
}

# The mail allowance: an update that comes 1 hour 15 minutes after the
# stamp is in time, one second more is disputed; a mail's Received
# header says when it reached the seat's system, not when it is read
test_stamp_mail_allowance() {
	cstart clock=1d
	st_move
	cp -R B B0
	at 2026-12-01T13:15:00Z expect 0 "$ADJ" receive -d B mq/bob.msg
	grep -q disputed err out && fail "in time, disputed"
	rm -rf B
	cp -R B0 B
	at 2026-12-01T13:15:01Z expect 0 "$ADJ" receive -d B mq/bob.msg
	err_has "reached you at 2026-12-01T13:15:01Z: 1 hour 15 minutes of"
	rm -rf B
	mv B0 B
	{
		echo "Received: from club.example by mx.example.org;"
		echo "	Wed, 02 Dec 2026 09:00:00 +0000"
		echo "From: judge@club.example"
		echo "Subject: update"
		echo
		cat mq/bob.msg
	} >bob.eml
	at 2026-12-02T18:00:00Z expect 0 "$ADJ" receive -d B bob.eml
	err_has "reached you at 2026-12-02T09:00:00Z: 21 hours of your clock"
}

# A viewer record that disputes what the transcript does not bear out is
# refused (the dispute of an entry that did not start the seat's clock)
test_stamp_dispute_checked_by_verify() {
	cstart clock=1d
	st_move
	at 2026-12-02T11:00:00Z expect 0 "$ADJ" receive -d B mq/bob.msg
	"$ADJ" export -d B >b.arc
	python3 - b.arc c.arc <<'EOF'
import base64, re, sys
t = open(sys.argv[1]).read()
body = re.search(r'-----BEGIN ADJUDICATOR ARCHIVE-----\n(.*?)-----END',
    t, re.S).group(1)
raw = bytearray(base64.b64decode(body))
i = raw.index(b'- seq: 6')
raw[i:i + 8] = b'- seq: 5'
b = base64.b64encode(bytes(raw)).decode()
out = '\n'.join(b[k:k + 64] for k in range(0, len(b), 64))
open(sys.argv[2], 'w').write('-----BEGIN ADJUDICATOR ARCHIVE-----\n' +
    out + '\n-----END ADJUDICATOR ARCHIVE-----\n')
EOF
	expect 3 "$ADJ" verify c.arc
	one_line
	err_has "c.arc: viewer record: bob's copy disputes entry 5, which did not start bob's clock at 2026-12-01T12:00:00Z"
}

# By mail, from a root: the mail's Received header says when the update
# reached bob's system, however late he reads his mailbox
test_stamp_disputed_from_a_root() {
	export ADJUDICATOR_NOW=2026-12-01T09:00:00Z
	mstart -o clock=1d
	ADJUDICATOR_NOW=2026-12-01T10:00:00Z mplay AR a1.eml setup d2
	ADJUDICATOR_NOW=2026-12-01T11:00:00Z mplay BR b1.eml setup b4
	export ADJUDICATOR_NOW=2026-12-01T12:00:00Z
	"$ADJ" turn -M -d "AR/$G" e3-c3 >a2.eml
	bot a2.eml
	m=$(mails_to bob@example.org | tail -1)
	[ -n "$m" ] || fail "no update for bob"
	{
		echo "Received: from club.example by mx.example.org;"
		echo "	Wed, 02 Dec 2026 10:00:00 +0000"
		cat "$m"
	} >late.eml
	ADJUDICATOR_NOW=2026-12-02T10:30:00Z expect 0 "$ADJ" receive -r BR \
	    late.eml
	err_has "disputed: the judge's entry 6 started your clock at 2026-12-01T12:00:00Z, but its update reached you at 2026-12-02T10:00:00Z: 22 hours of your clock"
	out_has "^Disputed: the judge's entry 6"
	# bob mails his export to the judge: the operator's mail says what
	# verify says of it, checked against the transcript
	printf 'operator: ops@club.example\n' >jr/judge.yaml
	"$ADJ" export -d "BR/$G" >b.arc
	{
		printf 'From: bob@example.org\nSubject: my clock\n'
		printf 'Message-ID: <d1@example.org>\n\n'
		printf 'The judge took my time:\n'
		cat b.arc
	} >d.eml
	rm -rf spool
	# (an archive is no message: exit 3, and its text is held back from
	# the operator, as it may hold a seat's openings)
	ADJUDICATOR_NOW=2026-12-02T10:40:00Z bot d.eml 3
	op=$(mails_to ops@club.example)
	[ -n "$op" ] || fail "nothing to the operator: $(ls spool)"
	grep -q "^  the mail: archive 1 (game $(echo "$G" |
	    cut -c1-16)): disputed by bob: the judge's entry 6 started bob's clock at 2026-12-01T12:00:00Z, but its update reached bob at 2026-12-02T10:00:00Z (as bob's copy says): 22 hours of bob's clock used before bob could see the move$" \
	    "$op" || { cat "$op" >&2; fail "the operator is not told"; }
}

# The club's judge takes a mail at the time its mail server took it: an
# entry signed more than 15 minutes after that is refused, whenever the
# judge reads it; signed before it, taken and stamped then
test_stamp_signed_after_it_reached_the_judge() {
	export ADJUDICATOR_NOW=2026-12-01T09:00:00Z
	mstart -o clock=1d
	ADJUDICATOR_NOW=2026-12-01T10:00:00Z mplay AR a1.eml setup d2
	ADJUDICATOR_NOW=2026-12-01T11:00:00Z mplay BR b1.eml setup b4
	cp -R AR AR0
	for t in 12:30:01 12:00:00; do
		rm -rf AR
		cp -R AR0 AR
		ADJUDICATOR_NOW=2026-12-01T${t}Z "$ADJ" turn -M -d "AR/$G" \
		    e3-c3 >a2.eml 2>/dev/null || fail "turn at $t"
		{
			echo "Received: from example.org by mx.club.example;"
			echo "	Tue, 01 Dec 2026 12:15:00 +0000"
			cat a2.eml
		} >"a2.$t.eml"
	done
	cp -R jr jr0
	ADJUDICATOR_NOW=2026-12-01T14:00:00Z bot a2.12:30:01.eml 1
	err_has "alice's entry 5 is signed at 2026-12-01T12:30:01Z, 15 minutes in the future of this clock (2026-12-01T12:15:00Z)"
	rm -rf jr
	mv jr0 jr
	ADJUDICATOR_NOW=2026-12-01T14:00:00Z bot a2.12:00:00.eml
	entries "jr/$G" Jt
	blob_body Jt/000006 | grep -qx 'time: 2026-12-01T12:15:00Z' ||
	    fail "not stamped at its arrival: $(blob_body Jt/000006)"
}

# What a mail says of its arrival is believed only within this clock's
# bounds: a Received date after now, or more than a week before it, is
# not taken (now is)
test_stamp_received_date_bounded() {
	cstart clock=1d
	st_move
	cp -R B B0
	for d in "Wed, 02 Dec 2026 12:00:01 +0000" \
	    "Tue, 24 Nov 2026 10:59:59 +0000"; do
		rm -rf B
		cp -R B0 B
		{
			echo "Received: from club.example by mx.example.org;"
			echo "	$d"
			echo "From: judge@club.example"
			echo
			cat mq/bob.msg
		} >bob.eml
		at 2026-12-02T12:00:00Z expect 0 "$ADJ" receive -d B bob.eml
		err_has "reached you at 2026-12-02T12:00:00Z"
	done
	# a week before to the second: taken
	rm -rf B
	mv B0 B
	{
		echo "Received: from club.example by mx.example.org;"
		echo "	Wed, 25 Nov 2026 12:00:00 +0000"
		echo "From: judge@club.example"
		echo
		cat mq/bob.msg
	} >bob.eml
	at 2026-12-02T12:00:00Z expect 0 "$ADJ" receive -d B bob.eml
	if grep -q disputed err; then fail "before the stamp, disputed"; fi
}

# viewer_edit IN OUT PYTHON: the archive IN with its viewer record's text
# changed by the python expression on t (bytes), as OUT
viewer_edit() {
	python3 - "$1" "$2" "$3" <<'PY'
import base64, re, sys
t0 = open(sys.argv[1]).read()
body = re.search(r'-----BEGIN ADJUDICATOR ARCHIVE-----\n(.*?)-----END',
    t0, re.S).group(1)
raw = bytes(base64.b64decode(body))
i = raw.index(b'seat: ')
n = int.from_bytes(raw[i - 4:i], 'little')
t = raw[i:i + n]
t = eval(sys.argv[3])
raw = raw[:i - 4] + len(t).to_bytes(4, 'little') + t + raw[i + n:]
b = base64.b64encode(raw).decode()
out = '\n'.join(b[k:k + 64] for k in range(0, len(b), 64))
open(sys.argv[2], 'w').write('-----BEGIN ADJUDICATOR ARCHIVE-----\n' +
    out + '\n-----END ADJUDICATOR ARCHIVE-----\n')
PY
}

# Each claim of a viewer record is checked: one whose update came in
# time, one of an entry the archive does not hold, two out of order
test_stamp_dispute_claims_checked() {
	cstart clock=1d
	st_move
	at 2026-12-02T11:00:00Z expect 0 "$ADJ" receive -d B mq/bob.msg
	"$ADJ" export -d B >b.arc
	expect 1 "$ADJ" verify b.arc
	viewer_edit b.arc c.arc \
	    "t.replace(b'received: 2026-12-02T11:00:00Z', b'received: 2026-12-01T13:15:00Z')"
	expect 3 "$ADJ" verify c.arc
	err_has "bob's copy disputes entry 6, whose update reached it in time"
	viewer_edit b.arc c.arc \
	    "t.replace(b'received: 2026-12-02T11:00:00Z', b'received: 2026-12-01T13:15:01Z')"
	expect 1 "$ADJ" verify c.arc
	err_has "disputed by bob"
	# (the test clock is 2026-12-20T00:00:00Z: clock.sh)
	viewer_edit b.arc c.arc \
	    "t.replace(b'received: 2026-12-02T11:00:00Z', b'received: 2026-12-20T00:15:01Z')"
	expect 3 "$ADJ" verify c.arc
	err_has "bob's copy says entry 6's update reached it at 2026-12-20T00:15:01Z, in the future of this clock"
	viewer_edit b.arc c.arc \
	    "t.replace(b'received: 2026-12-02T11:00:00Z', b'received: 2026-12-20T00:15:00Z')"
	expect 1 "$ADJ" verify c.arc
	viewer_edit b.arc c.arc "t.replace(b'- seq: 6', b'- seq: 60')"
	expect 3 "$ADJ" verify c.arc
	err_has "the viewer record disputes entry 60, which the archive does not hold"
	viewer_edit b.arc c.arc \
	    "t + b'- seq: 6\n  stamped: 2026-12-01T12:00:00Z\n  received: 2026-12-02T11:00:00Z\n'"
	expect 3 "$ADJ" verify c.arc
	err_has "a dispute of entry 6, not after the one before"
}
