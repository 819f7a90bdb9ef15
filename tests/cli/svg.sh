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
    print(('B' if fill == '#222' else 'W') + g.find(ns + 'text').text)
PY
}

test_svg_is_the_seats_view() {
	svg_game
	expect 0 "$ADJ" show -d B -f svg
	mv out b.svg
	svg_labels b.svg | sort | uniq -c >labels
	# bob: his own five known (one spy), alice's five unknown
	grep -q '5 W?' labels || { cat labels >&2; fail "alice's pieces shown"; }
	grep -q '1 BS' labels || fail "bob's spy not shown to bob"
	grep -q '4 Ba' labels || fail "bob's agents not shown to bob"
	expect 0 "$ADJ" show -d A -f svg
	mv out a.svg
	svg_labels a.svg | sort | uniq -c >labels
	grep -q '5 B?' labels || fail "bob's pieces shown to alice"
	grep -q '1 WS' labels || fail "alice's spy not shown to alice"
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
	grep -q '6 W?' labels || { cat labels >&2; fail "alice's symbols shown"; }
	grep -q '2 BR' labels || fail "bob's rocks not shown to bob"
}

test_svg_bad_format() {
	svg_game
	expect 2 "$ADJ" show -d A -f png
	one_line
	err_has "text, yaml and svg"
}
