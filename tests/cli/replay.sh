# replay: a verified archive as one self-contained HTML page.  The page is
# loaded from a file in a real browser (tests/cli/browser.py: Debian's
# chromium, headless, every domain name resolving to nothing); stepping
# to entry N with the keys, the buttons or the address's #N shows entry
# N's board, the same picture as the judge's show -f svg (the public
# view) at entry N.  Whole games of every game come from wire game.

WIRE=${ADJ%/adjudicator}/cli/wire

# --- a judged incognito game, the judge's public picture at each entry ---

rjseat() {
	case $1 in alice) echo A ;; bob) echo B ;; *) fail "no seat $1" ;; esac
}

# rjudge FILE: the judge applies FILE, each seat its update; the judge's
# picture is kept as j.SEQ.svg
rjudge() {
	"$ADJ" judge -d J -O mq "$1" >jout 2>jerr || {
		cat jout jerr >&2
		fail "judge $1"
	}
	for s in alice bob; do
		[ -f "mq/$s.msg" ] || continue
		deliver "$(rjseat $s)" "mq/$s.msg"
		rm "mq/$s.msg"
	done
	"$ADJ" show -d J -f svg >"j.$(seq_of J).svg" || fail "show -d J"
}

# rjgame: alice finds bob's spy on b3; pictures j.1.svg ... j.LAST.svg
rjgame() {
	rjgame_half
	"$ADJ" turn -d A 'c3?b3' >m5 && rjudge m5
	last=$(seq_of J)
	"$ADJ" export -d J >j.arc || fail "export J"
}

# rjgame_half: rjgame's first four entries, the game under way; the
# judge's YAML view in J.yaml
rjgame_half() {
	keys alice bob judge
	"$ADJ" new -k alice.key -m judge -j judge.pub incognito alice.pub \
	    bob.pub >invite.msg || fail "new"
	for d in J:judge A:alice B:bob; do
		"$ADJ" join -d ${d%%:*} -k ${d#*:}.key invite.msg 2>/dev/null ||
		    fail "join $d"
	done
	"$ADJ" setup -d A d2 >m1 && rjudge m1
	"$ADJ" setup -d B b4 >m2 && rjudge m2
	"$ADJ" turn -d A e3-c3 >m3 && rjudge m3
	"$ADJ" turn -d B b4-b3 >m4 && rjudge m4
	"$ADJ" show -d J -f yaml >J.yaml
}

# the positions of a page: its sections, from the first to the setups
positions() {
	sed -n '/^<section class="pos"/,/^<section id="setups">/p' "$1"
}

test_replay_browser_steps() {
	need python3
	need chromium
	rjgame
	expect 0 "$ADJ" replay j.arc
	mv out page.html
	[ "$(grep -c '^<section class="pos"' page.html)" -eq $((last + 1)) ] ||
	    fail "not one position per entry"
	# the keys, from the start
	python3 "$TOP/tests/cli/browser.py" load=page.html at=0 nosetups \
	    key=ArrowRight at=1 same=j.1.svg key=ArrowRight key=ArrowRight \
	    at=3 same=j.3.svg "text=Entry 3, by alice: White moves e3-c3." \
	    key=ArrowRight at=4 same=j.4.svg key=ArrowLeft at=3 \
	    key=End at=$last same=j.$last.svg setups \
	    "text=Game over: alice won" key=ArrowRight at=$last \
	    key=Home at=0 key=ArrowLeft at=0 nosetups \
	    click=next click=next at=2 same=j.2.svg click=last at=$last \
	    click=prev at=$((last - 1)) click=first at=0 \
	    load=page.html#4 at=4 same=j.4.svg key=ArrowRight at=5 \
	    load=page.html#$last at=$last setups \
	    load=page.html#999 at=$last >&2 || fail "in the browser"
}

# a seat's export of the judged game (with its updates) verifies, and
# its page shows the same positions as the judge's
test_replay_seat_export() {
	rjgame
	"$ADJ" export -d B >b.arc || fail "export B"
	expect 0 "$ADJ" replay b.arc
	mv out b.html
	grep -q 'updates: [0-9]* to bob' b.html || fail "verify's summary"
	expect 0 "$ADJ" replay j.arc
	positions out >j.pos
	positions b.html >b.pos
	cmp -s j.pos b.pos || fail "the seat's export shows other positions"
	grep -q '<h2>The setups, as opened</h2>' b.html || fail "no setups"
}

# the setups as opened: each seat's pieces, values and the entry that
# opened them, on the page after the last position
test_replay_setups() {
	rjgame
	expect 0 "$ADJ" replay j.arc
	sed -n '/^<section id="setups">/,/^<\/section>/p' out >setups
	grep -q '<h3>alice</h3>' setups || fail "alice's setup"
	grep -q '<h3>bob</h3>' setups || fail "bob's setup"
	grep -q '<tr><td>d2</td><td>spy</td><td>[0-9]*</td></tr>' setups ||
	    fail "alice's spy"
	grep -q '<tr><td>b4</td><td>spy</td><td>[0-9]*</td></tr>' setups ||
	    fail "bob's spy"
	[ "$(grep -c '<td>agent</td>' setups)" -eq 8 ] || fail "the agents"
}

# the page fetches nothing: a policy that forbids every fetch, nothing
# that names another file, and in the browser no request but the page
test_replay_self_contained() {
	need python3
	need chromium
	rjgame
	expect 0 "$ADJ" replay j.arc
	mv out page.html
	grep -qF "$(grep '^<meta http-equiv="Content-Security-Policy"' \
	    "$TOP/formats/replay.md")" page.html ||
	    fail "not the policy formats/replay.md gives"
	if grep -Eiq '<(link|img|iframe|object|embed|audio|video|base)\b|src=|href=|url\(|@import' \
	    page.html; then
		fail "the page refers to another file"
	fi
	if grep -Eo 'https?://[^"]*' page.html | grep -qv '^http://www.w3.org/2000/svg$'
	then
		fail "an address on the page"
	fi
	python3 "$TOP/tests/cli/browser.py" load=page.html at=0 >&2 ||
	    fail "a request"
	# the browser test sees a request when there is one
	sed -e '/Content-Security-Policy/d' \
	    -e 's|<h1>|<img src="http://replay.invalid/x.png"><h1>|' page.html \
	    >leaky.html
	if python3 "$TOP/tests/cli/browser.py" load=leaky.html >leak.out 2>&1
	then
		fail "the browser test missed a request"
	fi
	grep -q 'the page asked for' leak.out || { cat leak.out >&2; fail "why"; }
}

# every game, peer and judged, and a judged seat's export: one position
# per entry, every picture inside its canvas, with the public title; the
# last one with the result; at most 16 KiB a position
test_replay_every_game() {
	need python3
	for spec in "incognito 2 peer all" "incognito-rps 2 peer all" \
	    "incognito-rps 2 judge 0" "espionnage 2 judge all" \
	    "espionnage 2 judge 1" "topogic 2 peer all" "topogic 2 judge all" \
	    "knights 2 peer all" "knights 3 judge all" "knights 4 peer all"; do
		n=$(echo "$spec" | tr ' ' _)
		"$WIRE" game $spec >"$n.arc" || fail "wire game $spec"
		expect 0 "$ADJ" verify "$n.arc"
		entries=$(sed -n 's/^entries: \([0-9]*\),.*/\1/p' out)
		expect 0 "$ADJ" replay "$n.arc"
		mv out "$n.html"
		[ "$(grep -c '^<section class="pos"' "$n.html")" -eq \
		    "$entries" ] || fail "$spec: not one position per entry"
		python3 "$TOP/tests/cli/svgcheck.py" "$n.html" \
		    "all:title=: the public view, entry" \
		    "class=result~^Game over: " >&2 || fail "$spec: pictures"
		size=$(wc -c <"$n.html")
		[ $((size / entries)) -lt 16384 ] ||
		    fail "$spec: $((size / entries)) bytes a position"
		grep -q '^<section id="setups">' "$n.html" || fail "$spec: end"
	done
}

# a refused archive: verify's error and exit status, and no page
test_replay_refused() {
	"$WIRE" game incognito 2 peer all >good.arc || fail "wire game"
	# a byte of the base64 changed in the middle of the archive
	awk 'NR == 20 { c = substr($0, 30, 1); $0 = substr($0, 1, 29) \
	    (c == "A" ? "B" : "A") substr($0, 31) } { print }' good.arc >bad.arc
	cmp -s good.arc bad.arc && fail "nothing changed"
	set +e
	"$ADJ" verify bad.arc >/dev/null 2>verify.err
	vrc=$?
	set -e
	[ "$vrc" -ne 0 ] || fail "verify accepts the changed archive"
	expect $vrc "$ADJ" replay bad.arc
	cmp -s err verify.err || { cat err verify.err >&2; fail "another error"; }
	[ ! -s out ] || fail "a page for a refused archive"
	# not an archive at all; an unfinished game
	echo "hello" >junk
	expect 3 "$ADJ" replay junk
	one_line
	[ ! -s out ] || fail "a page for junk"
	keys alice bob
	"$ADJ" new -k alice.key incognito alice.pub bob.pub >inv
	"$ADJ" join -d A -k alice.key inv 2>/dev/null
	"$ADJ" export -d A >unfinished.arc
	expect 1 "$ADJ" replay unfinished.arc
	one_line
	[ ! -s out ] || fail "a page for an unfinished game"
}

test_replay_stdin_and_usage() {
	"$WIRE" game knights 2 peer all >k.arc || fail "wire game"
	expect 0 "$ADJ" replay k.arc
	mv out file.html
	"$ADJ" replay <k.arc >stdin.html || fail "from stdin"
	"$ADJ" replay - <k.arc >dash.html || fail "from -"
	cmp -s file.html stdin.html && cmp -s file.html dash.html ||
	    fail "stdin gives another page"
	expect 2 "$ADJ" replay -x k.arc
	one_line
	err_has "replay"
	err_has "\-x"
	expect 2 "$ADJ" replay k.arc k.arc
	one_line
	expect 4 "$ADJ" replay nosuchfile
	one_line
	err_has nosuchfile
}

# --- a game in progress: the move list and the page so far ---

# piece_labels PAGE: every label of a piece in the page's pictures
piece_labels() {
	need python3
	python3 - "$1" <<'PY'
import re, sys
page = open(sys.argv[1]).read()
for g in re.findall(r'<g class="piece"[^>]*>.*?</g>', page):
    label = re.search(r'<text[^>]*>([^<]*)</text>', g).group(1)
    assert label[0] in 'WB', label     # the side, then what is known
    print(label[1:])
PY
}

# The move list: the public entries of a copy, one a line, under tags,
# whoever's copy it is; the game goes on
test_moves_of_a_game_in_progress() {
	rjgame_half
	for d in J A B; do
		expect 0 "$ADJ" show -d $d -f moves
		mv out $d.moves
	done
	cmp -s J.moves A.moves && cmp -s J.moves B.moves ||
	    fail "the copies list other moves"
	cat >want <<EOF2
[Game "incognito"]
[Id "$(sed -n 's/^game: //p' J.yaml)"]
[Mode "judged"]
[Seats "alice (White), bob (Black)"]
[Judge "judge"]

   1. alice: alice committed to a setup
   2. bob: bob committed to a setup
   3. alice: White moves e3-c3
   4. bob: Black moves b4-b3

in progress: alice to act
EOF2
	diff -u want J.moves || fail "the move list"
	# a finished game says its result
	"$ADJ" turn -d A 'c3?b3' >m5 && rjudge m5
	expect 0 "$ADJ" show -d A -f moves
	out_has '^   6\. judge: White interrogates b3 with c3: the spy! White wins$'
	out_has '^result: alice won'
}

# The page of a game under way, from any copy: the public positions so
# far (the judge's pictures), and no setup; verify and replay of its
# archive still refuse it
test_replay_page_so_far() {
	rjgame_half
	"$ADJ" export -d J >j.arc
	expect 1 "$ADJ" replay j.arc
	err_has "the game is not over"
	for d in J A B; do
		expect 0 "$ADJ" replay -d $d
		mv out $d.html
		[ "$(grep -c '^<section class="pos"' $d.html)" -eq 5 ] ||
		    fail "$d: not one position per entry so far"
		grep -q '<h2>The game goes on</h2>' $d.html || fail "$d: the end"
		grep -q '<h2>The setups, as opened</h2>' $d.html &&
		    fail "$d: the setups of a game under way"
		grep -q 'in progress: alice to act' $d.html ||
		    fail "$d: verify's words"
		# every piece unopened: the public knows no identity yet
		[ "$(piece_labels $d.html | sort -u)" = "?" ] ||
		    fail "$d: a hidden identity on the page"
		python3 "$TOP/tests/cli/svgcheck.py" $d.html || fail "$d: svg"
	done
	positions J.html >j.pos
	positions A.html >a.pos
	cmp -s j.pos a.pos || fail "alice's page shows other positions"
	sed -n '/<section class="pos" id="e4"/,/<\/section>/p' J.html |
	    sed '1,2d;$d' >e4.svg
	sed '1d' j.4.svg | cmp -s - e4.svg || fail "position 4 is not the judge's picture"
	# once the game is over, the page is replay's own
	"$ADJ" turn -d A 'c3?b3' >m5 && rjudge m5
	"$ADJ" export -d J >j.arc
	expect 0 "$ADJ" replay j.arc
	mv out whole.html
	expect 0 "$ADJ" replay -d J
	cmp -s out whole.html || fail "replay -d of a finished game differs"
}

# Text on the page is escaped: a topogic game's entries and pictures say
# "alice's secret", which the page writes alice&#39;s; no text outside the
# script and the style holds a character that means something to HTML
# (' " & < >) as it is, and the page's words read back as the entry's
test_replay_escaping() {
	need python3
	peer_start topogic -s 00 -o field=rect
	"$ADJ" setup -d A yellow/4 >a1.msg && deliver B a1.msg
	play B b1.msg e6 e6 e6 e6 e6
	play A a2.msg
	play A a3.msg
	"$ADJ" setup -d B red/1 >b2.msg && deliver A b2.msg
	play A a4.msg h3 h3 h3 h3 h3
	play B b3.msg
	play B b4.msg
	"$ADJ" show -d A | grep -q '^Game over: ' || fail "not over"
	verified draw
	expect 0 "$ADJ" replay a.arc
	mv out page.html
	grep -q "<p class=\"entry\">Entry 4, by alice: alice&#39;s secret was yellow/4, on e6: bob found alice&#39;s secret in 1 turn;" \
	    page.html || fail "entry 4 is not on the page, escaped"
	python3 - page.html <<'PY' || fail "raw characters on the page"
import html.parser, sys
class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=False)
        self.inside, self.bad, self.refs = [], [], 0
    def handle_starttag(self, tag, attrs):
        self.inside.append(tag)
    def handle_endtag(self, tag):
        self.inside.pop()
    def handle_data(self, data):
        if self.inside and self.inside[-1] in ('script', 'style'):
            return
        for c in '\'"&<>':
            if c in data:
                self.bad.append((self.inside[-1:], data.strip()[:60]))
    def handle_charref(self, name):
        self.refs += name == '39'
p = Page()
p.feed(open(sys.argv[1]).read())
for tag, text in p.bad:
    print('raw in %s: %s' % (tag, text), file=sys.stderr)
sys.exit(1 if p.bad or p.refs == 0 else 0)
PY
}

# replay -a: a finished game with every piece shown from the start, as its
# setups opened at the end say: bob's spy on b4 is an s from position 2
# on, where the public page shows a ?; the game's own words unchanged.  A
# game under way has no such page.
test_replay_every_piece() {
	need python3
	need chromium
	rjgame
	expect 0 "$ADJ" replay -a j.arc
	mv out all.html
	expect 0 "$ADJ" replay <j.arc
	mv out pub.html
	python3 - all.html pub.html <<'PY' || fail "the pieces"
import re, sys
def texts(f, n):
    s = open(f).read()
    sec = re.search(r'<section class="pos" id="e%d">(.*?)</section>' % n,
                    s, re.S).group(1)
    return re.findall(r'<text[^>]*>([^<]*)</text>', sec)
a, p = texts(sys.argv[1], 2), texts(sys.argv[2], 2)
assert a[0] == 'incognito: every piece, entry 2', a[0]
assert 'W?' in p and 'W?' not in a and 'B?' not in a, (p, a)
assert a.count('Ws') == 1 and a.count('Bs') == 1, a     # each seat's spy
last = max(int(x) for x in re.findall(r'id="e(\d+)"', open(sys.argv[1]).read()))
assert texts(sys.argv[1], last)[1:] == texts(sys.argv[2], last)[1:]
PY
	python3 "$TOP/tests/cli/browser.py" load=all.html at=0 key=ArrowRight \
	    key=ArrowRight at=2 "text=incognito: every piece, entry 2" \
	    >&2 || fail "in the browser"
	"$ADJ" replay j.arc | positions /dev/stdin >p1
	positions pub.html >p2
	cmp -s p1 p2 || fail "replay without -a changed"
	# a game under way: no page with every piece
	cd "$(mktemp -d)"
	rjgame_half
	"$ADJ" export -d J >half.arc
	expect 1 "$ADJ" replay -a half.arc
	err_has "every piece from the start is a finished game's"
	expect 2 "$ADJ" replay -a -d J
	err_has "-a is a finished game's"
}
