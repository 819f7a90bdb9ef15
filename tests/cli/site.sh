# The club on a web page: site -r ROOT OUTDIR, and the mail bot keeping
# it (site: OUTDIR in ROOT/judge.yaml).  A club of five judged games
# played by mail through the stand-in sendmail: two to their end, one
# moved, one set up, one just filed.  Each page checked against what the
# commands say (show -f public, show -f moves, replay of the export,
# standings -f html); no setup nonce, no identity of a game under way,
# no address and no armored message in any file; one mail rewrites only
# what it changed; the pages in a real browser (tests/cli/browser.py:
# no console error, no blocked request, every link there, screenshots
# at a phone's and a desktop's width); tidy finds no error.

# club5: the judge jr, its site www kept by the bot, alice a member
# named ally (bob is in no directory); games G1 to G5
club5() {
	mkdir jr
	"$ADJ" keygen -N -d jr judge 2>/dev/null
	keys alice bob
	printf 'site: %s/www\n' "$PWD" >jr/judge.yaml
	{
		echo "members:"
		printf -- '- name: ally\n  key: %s\n' "$(cat alice.pub)"
		printf '  address: alice@example.org\n'
		printf '  since: 2026-11-01T00:00:00Z\n'
	} >jr/members
	for i in 1 2 3 4 5; do
		jinvite "inv$i.msg"
		ls AR >before 2>/dev/null || : >before
		"$ADJ" join -r AR -k alice.key "inv$i.msg" 2>/dev/null ||
		    fail "join AR"
		"$ADJ" join -r BR -k bob.key "inv$i.msg" 2>/dev/null ||
		    fail "join BR"
		bot "inv$i.msg"
		eval "G$i=$(ls AR | grep -vxFf before)"
	done
	rm -rf spool
	# to the end: alice finds bob's spy
	for G in "$G1" "$G2"; do
		mplay AR "a1$G.eml" setup d2
		mplay BR "b1$G.eml" setup b4
		mplay AR "a2$G.eml" turn e3-c3
		mplay BR "b2$G.eml" turn b4-b3
		mplay AR "a3$G.eml" turn 'c3?b3'
	done
	G=$G4
	mplay AR "a1$G.eml" setup d2
	mplay BR "b1$G.eml" setup b4
	G=$G3
	mplay AR "a1$G.eml" setup d2
	mplay BR "b1$G.eml" setup b4
	mplay AR "a2$G.eml" turn e3-c3
	# every setup's nonces, as the judge opens them
	for f in a1*.eml b1*.eml; do
		"$ADJ" open -k jr/judge.key "$f" 2>/dev/null
	done | grep 'nonce:' | awk '{ print $2 }' >nonces
	[ "$(wc -l <nonces)" -eq 40 ] || fail "not forty nonces"
}

# gp GAMEID [DIR]: where the site keeps the game's files, but their
# extension: DIR (www/games) /XY/GAMEID
gp() {
	echo "${2:-www/games}/$(echo "$1" | cut -c1-2)/$1"
}

# pre_after FILE START: the text of the first <pre> after the line
# holding START, its entities undone
pre_after() {
	python3 - "$1" "$2" <<'PY'
import html, re, sys
t = open(sys.argv[1], encoding='utf-8').read()
t = t[t.index(sys.argv[2]):]
m = re.search(r'<pre>(.*?)</pre>', t, re.S)
sys.stdout.write(html.unescape(m.group(1)))
PY
}

test_site_pages() {
	need python3
	club5
	[ -f www/index.html ] || fail "the bot made no site"
	# under way: the latest moved first; each game's page and files
	python3 - www/index.html "$G3" "$G4" "$G5" "$G2" "$G1" <<'PY' ||
import re, sys
t = open(sys.argv[1], encoding='utf-8').read()
way, res = t.split('<h2>Results</h2>')
on = re.findall(r'<td><a href="games/../([0-9a-f]{64})\.html">', way)
over = re.findall(r'<td><a href="games/../([0-9a-f]{64})\.html">', res)
if on != sys.argv[2:5] or over != sys.argv[5:7]:
    sys.exit('index: under way %s, results %s' % (on, over))
if way.count('role="img" aria-label="') != 3:
    sys.exit('index: not three boards with their text')
PY
	fail "the index"
	for G in "$G3" "$G4" "$G5"; do
		"$ADJ" show -d "jr/$G" -f public >want.txt
		cmp -s want.txt "$(gp "$G").txt" || fail "$G.txt"
		pre_after "$(gp "$G").html" 'The board as text' >got.txt
		cmp -s want.txt got.txt || fail "$G.html: not the public board"
		"$ADJ" show -d "jr/$G" -f moves >want.moves
		pre_after "$(gp "$G").html" 'The moves so far' >got.moves
		cmp -s want.moves got.moves || fail "$G.html: not the moves"
		"$ADJ" show -d "jr/$G" -f svg >/dev/null
		grep -q '<svg' "$(gp "$G").svg" || fail "$G.svg"
		grep -q 'alice (ally), bob (key [0-9a-f]\{16\})' \
		    "$(gp "$G").html" || fail "$G.html: the seats"
	done
	grep -q 'Last: White moves e3-c3' "$(gp "$G3").txt" ||
	    fail "game 3's last move"
	# over: the replay page of the judge's export, as it is
	for G in "$G1" "$G2"; do
		"$ADJ" export -d "jr/$G" >"$G.arc"
		"$ADJ" replay "$G.arc" >want.html
		cmp -s want.html "$(gp "$G").html" ||
		    fail "$G.html: not the replay"
	done
	# the standings: standings -f html of the finished games' exports
	"$ADJ" standings -f html "$G1.arc" "$G2.arc" >want.html
	cmp -s want.html www/standings.html || fail "the standings"
	# every game in one list, each list linked from the index
	for G in "$G1" "$G2" "$G3" "$G4" "$G5"; do
		d=$(echo "$G" | cut -c1-2)
		grep -q "href=\"list-$d.html\"" www/index.html ||
		    fail "no list $d"
		grep -q "$(gp "$G" games).html" "www/list-$d.html" ||
		    fail "$G: no list"
	done
	[ "$(cat www/list-*.html | grep -o 'games/../[0-9a-f]*\.html' |
	    sort -u | wc -l)" -eq 5 ] || fail "the lists: not five games"
	feed_ok www/feed.atom 2
	# the whole site made again says the same (the times the bot saw
	# kept in its record), but for the time each game page is of
	cp -R www was
	"$ADJ" site -r jr www
	for f in $(cd was && find . -type f ! -name lock); do
		sed 's/As of [0-9TZ:-]*\./As of./' "was/$f" >a
		sed 's/As of [0-9TZ:-]*\./As of./' "www/$f" >b
		cmp -s a b || { diff a b >&2; fail "site -r: $f differs"; }
	done
	# and a new site, from nothing, has every game, every list
	"$ADJ" site -r jr www2
	(cd www && find . -type f ! -name lock | sort) >a
	(cd www2 && find . -type f ! -name lock | sort) >b
	cmp -s a b || { diff a b >&2; fail "site -r: not the same files"; }
}

# feed_ok FILE N: an Atom feed (RFC 4287) of N entries: the elements it
# requires, once each, ids as URIs, dates as RFC 3339, links resolving
feed_ok() {
	python3 - "$1" "$2" <<'PY' || fail "the feed"
import os, re, sys, xml.etree.ElementTree as ET
A = '{http://www.w3.org/2005/Atom}'
root = ET.parse(sys.argv[1]).getroot()
assert root.tag == A + 'feed', root.tag
date = re.compile(r'^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$')
uri = re.compile(r'^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-'
                 r'[89ab][0-9a-f]{3}-[0-9a-f]{12}$')
def one(el, name):
    f = el.findall(A + name)
    assert len(f) == 1, (name, len(f))
    return f[0]
for n in ('id', 'title', 'updated'):
    one(root, n)
assert uri.match(one(root, 'id').text)
assert date.match(one(root, 'updated').text)
assert root.find(A + 'author/' + A + 'name').text
entries = root.findall(A + 'entry')
assert len(entries) == int(sys.argv[2]), len(entries)
ids = set()
for e in entries:
    assert uri.match(one(e, 'id').text)
    ids.add(one(e, 'id').text)
    assert date.match(one(e, 'updated').text)
    assert one(e, 'title').text
    l = [x for x in e.findall(A + 'link') if x.get('rel') == 'alternate']
    assert len(l) == 1
    assert os.path.isfile(os.path.join(os.path.dirname(sys.argv[1]),
                                       l[0].get('href')))
assert len(ids) == len(entries)
PY
}

# nothing hidden, nobody's address: in every file of the site
test_site_nothing_hidden() {
	club5
	"$ADJ" site -r jr www2
	for f in $(find www www2 -type f); do
		grep -qFf nonces "$f" && fail "$f: a nonce"
		grep -q -- '-----BEGIN' "$f" && fail "$f: a message"
		grep -qiE 'example\.org|club\.example|[a-z0-9._-]@[a-z0-9]' \
		    "$f" && fail "$f: an address"
		grep -q 'nonce' "$f" && fail "$f: a nonce's name"
		# a game over: its export opened them (its page, its
		# result's words in the lists, the feed)
		case $f in */"$G1".*|*/"$G2".*) continue ;; esac
		grep -v -e "$(echo "$G1" | cut -c1-16)" \
		    -e "$(echo "$G2" | cut -c1-16)" "$f" |
		    grep -q '[WB][sa]\b' && fail "$f: an identity"
		true
	done
	# the finished games' identities are as their export opened them
	grep -q 'spy' "$(gp "$G1").html" || fail "the end's setups untold"
}

# files FILE: every file of www with its inode and contents
files() {
	(cd www && find . -type f ! -name lock | sort | while read -r f; do
		printf '%s %s %s\n' "$f" "$(stat -c %i "$f")" \
		    "$(sha256sum <"$f" | cut -c1-16)"
	done) >"$1"
}

# changed A B: the files whose inode or contents differ
changed() {
	diff "$1" "$2" | sed -n 's/^> \.\/\([^ ]*\) .*/\1/p' | sort
}

test_site_upkeep_one_mail() {
	club5
	files before.files
	G=$G4
	mplay AR "a2$G.eml" turn e3-c3
	files after.files
	d=$(echo "$G4" | cut -c1-2)
	g=$(gp "$G4" games)
	printf '%s\n' "$g.html" "$g.svg" "$g.txt" \
	    index.html "list-$d.html" "records/list-$d" records/recent |
	    sort >want
	changed before.files after.files >got
	diff -u want got >&2 || fail "one move: not only its pages rewritten"
	grep -q "Last: White moves e3-c3" "$(gp "$G4").txt" ||
	    fail "the move is not on its page"
	# the game that ends: the feed and the standings too
	files before.files
	G=$G3
	mplay BR "b2$G.eml" turn b4-b3
	mplay AR "a3$G.eml" turn 'c3?b3'
	files after.files
	d=$(echo "$G3" | cut -c1-2)
	g=$(gp "$G3" games)
	printf '%s\n' "$g.html" "$g.svg" "$g.txt" \
	    index.html "list-$d.html" "records/list-$d" records/recent \
	    records/results feed.atom standings.html | sort >want
	changed before.files after.files >got
	diff -u want got >&2 || fail "an end: not only its pages rewritten"
	feed_ok www/feed.atom 3
	grep -q '3 games from 3 archives' www/standings.html ||
	    fail "the standings: not the three games"
	# a mail that changes nothing rewrites nothing
	files before.files
	bot "a3$G.eml"
	files after.files
	changed before.files after.files >got
	[ ! -s got ] || fail "a duplicate rewrote $(cat got)"
}

# a site that cannot be kept: the mail is taken, the log says why, and
# site -r makes it whole again
test_site_upkeep_damaged() {
	club5
	echo "not a record" >www/records/recent
	G=$G4
	mplay AR "a2$G.eml" turn e3-c3
	err_has 'site: .*records/recent:1: not a line'
	grep -q "Last: White moves e3-c3" "$(gp "$G4").txt" ||
	    fail "the game's own page waits"
	"$ADJ" site -r jr www
	grep -q "$G4" www/records/recent || fail "site -r did not mend it"
}

test_site_tick() {
	club5
	files before.files
	ADJUDICATOR_NOW=2099-01-01T00:00:00Z SPOOL=$PWD/spool \
	    expect 0 "$ADJ" judge -r jr -s "$SM" -t
	files after.files
	changed before.files after.files >got
	[ ! -s got ] || fail "a tick that did nothing rewrote $(cat got)"
}

test_site_usage() {
	expect 2 "$ADJ" site www
	one_line
	err_has '\-r ROOT'
	expect 2 "$ADJ" site -r jr
	one_line
	expect 2 "$ADJ" site -r nowhere www
	one_line
	err_has 'nowhere'
	[ ! -e www ] || fail "a site for no root"
	mkdir jr
	"$ADJ" keygen -N -d jr judge 2>/dev/null
	echo 'site: www' >jr/judge.yaml
	printf 'From: x@example.org\nSubject: HELP\n\n' >help.eml
	SPOOL=$PWD/spool expect 2 "$ADJ" judge -r jr -s "$SM" help.eml
	err_has 'judge.yaml:1:7: site: "www": .*absolute path'
	: >file
	expect 4 "$ADJ" site -r jr file/www
	one_line
}

test_site_browser() {
	need chromium
	need python3
	club5
	B="python3 $TOP/tests/cli/browser.py site=www"
	for p in index.html "$(gp "$G3" games).html" "$(gp "$G1" games).html" \
	    "list-$(echo "$G5" | cut -c1-2).html" standings.html; do
		$B "load=www/$p" errors links shot=390:phone.png fits \
		    shot=1280:desk.png >&2 || fail "$p in the browser"
		for s in phone:390 desk:1280; do
			python3 - "${s%%:*}.png" "${s#*:}" <<'PY' ||
import struct, sys
b = open(sys.argv[1], 'rb').read()
assert b[:8] == b'\x89PNG\r\n\x1a\n' and len(b) > 1000
w, h = struct.unpack('>II', b[16:24])
assert w == int(sys.argv[2]) and h > 0, (w, h)
PY
			fail "$p: the $s screenshot"
		done
	done
	$B load=www/index.html "text=Under way" "text=Results" >&2 ||
	    fail "the index's text"
}

test_site_tidy() {
	need tidy
	club5
	for f in www/*.html www/games/*/*.html; do
		set +e
		tidy -q -e "$f" 2>tidy.err
		st=$?
		set -e
		[ "$st" -le 1 ] && ! grep -q 'Error:' tidy.err || {
			cat tidy.err >&2
			fail "$f: tidy finds errors"
		}
	done
}

# tour4: a round robin of 4 (lib.sh's tstart) declared and started by
# mail, the judge keeping its site www
tour4() {
	tstart alice bob carol dave
	printf 'site: %s/www\n' "$PWD" >>jr/judge.yaml
	send t.eml op@club.example TOURNAMENT 0 decl.tour
	TP=www/t/club27.html
	[ -f $TP ] || fail "no page for the declared tournament"
	grep -q 'declared: 0 of 4 accepted' $TP || fail "declared"
	accept_all alice bob carol dave
	TD=jr/tournaments/club27
}

# tour_table_is PAGE [ARCHIVE...]: the page's crosstable is the table
# tournament table -f html makes of the judge's records and ARCHIVEs
tour_table_is() {
	p=$1
	shift
	"$ADJ" tournament table -f html $TD/decl.tour $TD/accept-*.tour \
	    $TD/round-*.tour "$@" >table.html || fail "tournament table"
	sed -n '/^<table>$/,/^<\/table>$/p' table.html >want.table
	sed -n '/^<h2>The table<\/h2>$/,/^<\/table>$/p' "$p" | sed 1d \
	    >got.table
	[ -s want.table ] && cmp -s want.table got.table || {
		diff want.table got.table >&2
		fail "$p: not tournament table's"
	}
}

# site -r after a tournament's directory is removed from the root: its
# page goes with it, and the list no longer names it; a tournament still
# there whose declaration no longer reads keeps its page
test_site_tournament_removed() {
	tour4
	"$ADJ" site -r jr www
	[ -f $TP ] || fail "no page after site -r"
	cp -R $TD kept
	rm -rf $TD
	"$ADJ" site -r jr www
	[ ! -e $TP ] || fail "the removed tournament's page stays"
	! grep -q 'club27' www/tournaments.html www/index.html ||
	    fail "the removed tournament is still listed"
	# back, and its declaration spoilt: unreadable, its page kept
	mv kept $TD
	"$ADJ" site -r jr www
	[ -f $TP ] || fail "no page for the tournament back in the root"
	echo garbage >$TD/decl.tour
	"$ADJ" site -r jr www 2>err || true
	[ -f $TP ] || fail "an unreadable tournament's page was removed"
	# a record's line whose words are no id names no file to remove
	echo keep >www/evil.html
	printf '%s 0 on\t../evil\t<td>x</td>\n' \
	    "$(printf 'ab%.0s' $(seq 32))" >>www/records/tournaments
	"$ADJ" site -r jr www 2>err || true
	[ -f www/evil.html ] || fail "a record's words removed ../evil.html"
}

# site -r removes the pages of a game whose directory is gone from the
# root (and its games/XY when nothing else is left there); one still
# there that no longer reads keeps them; a file the site does not make,
# and a page under another game's two digits, are left alone
test_site_game_removed() {
	mkdir jr
	"$ADJ" keygen -N -d jr judge 2>/dev/null
	keys alice bob
	for i in 1 2; do
		jinvite "inv$i.msg"
		bot "inv$i.msg"
	done
	set -- $(ls jr | grep -E '^[0-9a-f]{64}$')
	[ $# -eq 2 ] || fail "not two games"
	G1=$1 G2=$2
	"$ADJ" site -r jr www
	for x in html svg txt; do
		[ -f "$(gp "$G1").$x" ] && [ -f "$(gp "$G2").$x" ] ||
		    fail "no .$x page after site -r"
	done
	d1=$(dirname "$(gp "$G1")")
	echo keep >"$d1/notes.txt"
	echo keep >"$d1/$G1.bak"
	# the shape of a page's name, but no id before the dot, or no dot
	zz=$(echo "$G1" | cut -c1-2)$(printf 'z%.0s' $(seq 62))
	echo keep >"$d1/$zz.html"
	echo keep >"$d1/${G1}xhtml"
	mkdir -p www/games/00
	cp "$(gp "$G1").html" "www/games/00/$G1.html"
	mv "jr/$G1" kept
	"$ADJ" site -r jr www
	for x in html svg txt; do
		[ ! -e "$(gp "$G1").$x" ] ||
		    fail "the removed game's .$x page stays"
		[ -f "$(gp "$G2").$x" ] || fail "the other game lost its .$x"
	done
	! grep -q "$G1" www/index.html www/list-*.html ||
	    fail "the removed game is still listed"
	[ -f "$d1/notes.txt" ] && [ -f "$d1/$G1.bak" ] &&
	    [ -f "$d1/$zz.html" ] && [ -f "$d1/${G1}xhtml" ] &&
	    [ -f "www/games/00/$G1.html" ] ||
	    fail "a file the site does not make was removed"
	rm "$d1/notes.txt" "$d1/$G1.bak" "$d1/$zz.html" "$d1/${G1}xhtml"
	mv kept "jr/$G1"
	"$ADJ" site -r jr www
	[ -f "$(gp "$G1").html" ] || fail "no page for the game back"
	# unreadable: its pages kept, as games -r would say why
	echo garbage >"jr/$G1/journal"
	"$ADJ" site -r jr www 2>err || true
	for x in html svg txt; do
		[ -f "$(gp "$G1").$x" ] ||
		    fail "an unreadable game's .$x page was removed"
	done
	# gone, and alone under its two digits: the directory goes too
	if [ "$d1" != "$(dirname "$(gp "$G2")")" ]; then
		rm -rf "jr/$G1"
		"$ADJ" site -r jr www
		[ ! -e "$d1" ] || fail "an empty $d1 stays"
	fi
}

# A tournament's page: linked from the index and the list of
# tournaments; its players by name, its state, tournament table's
# crosstable, its rounds with each game linked to its page; nothing
# hidden, no address; the game that ends rewrites it; site -r makes the
# same; in the browser, and tidy
test_site_tournament() {
	need python3
	need tidy
	need chromium
	tour4
	grep -q 'href="t/club27.html"' www/index.html || fail "index: no link"
	grep -q 'href="t/club27.html"' www/tournaments.html ||
	    fail "tournaments.html: no link"
	grep -q '; under way\.' $TP || fail "not under way"
	grep -q '<p>By seed: alice, bob, carol, dave\.</p>' $TP ||
	    fail "the players"
	tour_table_is $TP
	# 3 rounds of 2 games, each linked to the page of a game the judge
	# holds; every link of the page there
	python3 - $TP <<'PY' || fail "the rounds"
import os, re, sys
p = sys.argv[1]
t = open(p, encoding='utf-8').read()
for r in (1, 2, 3):
    part = t.split('<h2>Round %d</h2>' % r)[1].split('</table>')[0]
    g = re.findall(r'href="\.\./games/../([0-9a-f]{64})\.html"', part)
    assert len(g) == 2, (r, g)
    for x in g:
        assert os.path.isdir('jr/' + x), x
for h in re.findall(r'href="([^"]*)"', t):
    assert os.path.isfile(os.path.join(os.path.dirname(p), h)), h
PY
	# alice's first game as white: she resigns; the bot rewrites the
	# page with the result
	f=$(mails_to alice@example.org | xargs grep -l 'you play white' |
	    head -1)
	"$ADJ" join -r AR -k alice.key "$f" 2>/dev/null || fail "join"
	G=$(ls AR)
	cp $TP before.html
	"$ADJ" turn -M -d "AR/$G" resign >r.eml || fail "resign"
	ADJUDICATOR_NOW=$T0 SPOOL=$PWD/spool expect 0 "$ADJ" \
	    judge -r jr -s "$SM" r.eml
	! cmp -s before.html $TP || fail "the page not rewritten"
	"$ADJ" export -d "jr/$G" >"$G.arc" 2>/dev/null || fail "export"
	tour_table_is $TP "$G.arc"
	grep -q '<td>black</td><td><a href="\.\./games/../'"$G"'\.html">' \
	    $TP || fail "the result not on the page"
	# nothing hidden: no address, no message, no key
	for f in $(find www -type f); do
		grep -qiE 'example\.org|club\.example|[a-z0-9._-]@[a-z0-9]' \
		    "$f" && fail "$f: an address"
		grep -q -e '-----BEGIN' -e 'adjudicator-pk1' "$f" &&
		    fail "$f: a message or a key"
		true
	done
	# the whole site again: the same tournament pages
	"$ADJ" site -r jr www2
	for f in t/club27.html tournaments.html; do
		cmp -s "www/$f" "www2/$f" || fail "site -r: $f differs"
	done
	for f in $TP www/tournaments.html www/index.html; do
		set +e
		tidy -q -e "$f" 2>tidy.err
		set -e
		! grep -q 'Error:' tidy.err || {
			cat tidy.err >&2
			fail "$f: tidy finds errors"
		}
	done
	python3 "$TOP/tests/cli/browser.py" site=www load=$TP errors links \
	    fits load=www/tournaments.html errors links >&2 ||
	    fail "in the browser"
}

# The index's bounds: the SITE_RECENT (30) games under way most recently
# moved and the SITE_RESULTS (20) latest results, no more: of 31 games
# under way and 21 over, one each left out (but in its list).  club5's
# games and copies of G5 (under way) and G1 (over) under new ids (the
# root files a game by the name of its directory, as the bench does)
test_site_index_bounds() {
	need python3
	club5
	for i in $(seq 1 47); do
		id=$(printf 'copy %s' "$i" | sha256sum | cut -c1-64)
		if [ "$i" -le 28 ]; then
			cp -R "jr/$G5" "jr/$id"
		else
			cp -R "jr/$G1" "jr/$id"
		fi
	done
	"$ADJ" site -r jr www
	[ "$(wc -l <www/records/recent)" -eq 30 ] || fail "records/recent"
	[ "$(wc -l <www/records/results)" -eq 20 ] || fail "records/results"
	python3 - www <<'PY' || fail "the index's bounds"
import glob, re, sys
w = sys.argv[1]
t = open(w + '/index.html', encoding='utf-8').read()
way, res = t.split('<h2>Results</h2>')
g = r'<td><a href="games/../([0-9a-f]{64})\.html">'
on, over = re.findall(g, way), re.findall(g, res.split('<h2>')[0])
assert len(on) == 30 and len(set(on)) == 30, len(on)
assert len(over) == 20 and len(set(over)) == 20, len(over)
lists = ''.join(open(f, encoding='utf-8').read()
                for f in glob.glob(w + '/list-*.html'))
listed = re.findall(g, lists)
assert len(listed) == 52, len(listed)
PY
}
