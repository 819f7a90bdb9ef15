# show -f svg: a well-formed picture of the board as this seat knows it,
# never with the other seat's unopened identities.

svg_game() {
	keys alice bob
	"$ADJ" new -k alice.key incognito alice.pub bob.pub >inv
	"$ADJ" join -d A -k alice.key inv 2>/dev/null
	"$ADJ" join -d B -k bob.key inv 2>/dev/null
	"$ADJ" setup -d A d2 >a1 && "$ADJ" receive -d B a1 >/dev/null 2>&1
	"$ADJ" setup -d B b4 >b1 && "$ADJ" receive -d A b1 >/dev/null 2>&1
	"$ADJ" turn -d A e3-c3 >a2 && "$ADJ" receive -d B a2 >/dev/null 2>&1
}

# svg_labels FILE: the label of every piece, one per line
svg_labels() {
	python3 - "$1" <<'PY'
import sys, xml.etree.ElementTree as E
ns = '{http://www.w3.org/2000/svg}'
root = E.parse(sys.argv[1]).getroot()
assert root.tag == ns + 'svg', root.tag
for g in root.iter(ns + 'g'):
    fill = g.find(ns + 'circle').get('fill')
    print(('B' if fill == '#222' else 'W') + ':' + g.find(ns + 'text').text)
PY
}

test_svg_is_the_seats_view() {
	svg_game
	expect 0 "$ADJ" show -d B -f svg
	mv out b.svg
	svg_labels b.svg | sort | uniq -c >labels
	# bob: his own five known (one spy), alice's five unknown; each
	# piece's side in letters too, as the text board writes it (colour
	# is never the only sign): the disc's colour and its letter agree
	grep -qx ' *5 W:W?' labels ||
	    { cat labels >&2; fail "alice's pieces shown"; }
	grep -qx ' *1 B:Bs' labels || fail "bob's spy not shown to bob"
	grep -qx ' *4 B:Ba' labels || fail "bob's agents not shown to bob"
	expect 0 "$ADJ" show -d A -f svg
	mv out a.svg
	svg_labels a.svg | sort | uniq -c >labels
	grep -qx ' *5 B:B?' labels || fail "bob's pieces shown to alice"
	grep -qx ' *1 W:Ws' labels || fail "alice's spy not shown to alice"
}

test_svg_rps() {
	keys alice bob
	"$ADJ" new -k alice.key incognito-rps alice.pub bob.pub >inv
	"$ADJ" join -d A -k alice.key inv 2>/dev/null
	"$ADJ" join -d B -k bob.key inv 2>/dev/null
	"$ADJ" setup -d A RPSSPR/RPS >a1 && "$ADJ" receive -d B a1 >/dev/null 2>&1
	"$ADJ" setup -d B RRPPSS/SPR >b1 && "$ADJ" receive -d A b1 >/dev/null 2>&1
	expect 0 "$ADJ" show -d B -f svg
	mv out b.svg
	svg_labels b.svg | sort | uniq -c >labels
	# six on the board and three in the reserve each
	grep -qx ' *9 W:W?' labels ||
	    { cat labels >&2; fail "alice's symbols shown"; }
	grep -qx ' *3 B:BR' labels || fail "bob's rocks not shown to bob"
	grep -qx ' *3 B:BS' labels || fail "bob's scissors not shown to bob"
	python3 "$TOP/tests/cli/svgcheck.py" b.svg pieces=18 \
	    "class=row~^White, reserve:" "class=row~^Black, reserve:" >&2 ||
	    fail "the reserves"
}

test_svg_bad_format() {
	svg_game
	expect 2 "$ADJ" show -d A -f png
	one_line
	err_has "text, public, yaml, svg and moves"
}

# the picture as a whole: a title naming the game, the seat and the entry,
# the last action's squares marked, the last entry, whose turn, and at the
# end the result; everything inside the canvas
test_svg_frame() {
	svg_game
	expect 0 "$ADJ" show -d B -f svg
	mv out b.svg
	python3 "$TOP/tests/cli/svgcheck.py" b.svg \
	    "title=incognito: bob's view (Black), entry 3" marked=e3,c3 \
	    "class=last~^Last: White moves e3-c3" \
	    "class=summary~^To act: bob" noclass=result pieces=10 >&2 ||
	    fail "bob's picture"
	"$ADJ" turn -d B resign >b2 2>/dev/null && deliver A b2
	expect 0 "$ADJ" show -d A -f svg
	mv out a.svg
	python3 "$TOP/tests/cli/svgcheck.py" a.svg \
	    "title=incognito: alice's view (White), entry 5" marked=e3,c3 \
	    "class=result~^Game over: alice won" >&2 || fail "the result"
}

# before any action nothing is marked
test_svg_nothing_marked_yet() {
	keys alice bob
	"$ADJ" new -k alice.key incognito alice.pub bob.pub >inv
	"$ADJ" join -d A -k alice.key inv 2>/dev/null
	expect 0 "$ADJ" show -d A -f svg
	mv out a.svg
	python3 "$TOP/tests/cli/svgcheck.py" a.svg nolast \
	    "title=incognito: alice's view (White), entry 0" >&2 ||
	    fail "a mark before any action"
}

# the largest board with four seats, its scores and a long result line
test_svg_knights_canvas() {
	keys alice bob carol dave
	"$ADJ" new -k alice.key -o limit=4 knights alice.pub bob.pub carol.pub \
	    dave.pub >inv
	for s in alice bob carol dave; do
		"$ADJ" join -d $s -k $s.key inv 2>/dev/null
	done
	n=0
	for t in alice:c2-d4 bob:k3-i4 carol:j11-i9 dave:b10-d9; do
		n=$((n + 1))
		"$ADJ" turn -d ${t%%:*} ${t#*:} >m$n 2>/dev/null
		for s in alice bob carol dave; do
			[ $s = ${t%%:*} ] || deliver $s m$n
		done
	done
	expect 0 "$ADJ" show -d carol -f svg
	mv out c.svg
	python3 "$TOP/tests/cli/svgcheck.py" c.svg marked=b10,d9 \
	    "title=knights: carol's view (yellow), entry 4" \
	    "class=result~^Game over:" "class=score~^Score: red" >&2 ||
	    fail "the knights picture"
}
