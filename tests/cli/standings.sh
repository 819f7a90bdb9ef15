# standings: ratings and reliability from archives of real games (made
# by wire game, tests/cli/wire.c: every entry signed, encrypted, taken by
# each copy as the verbs do, between the keys given, created when said),
# only those verify accepts; the same bytes whatever the order; the
# figures worked by hand from adjudicator-ratings(7).

# judged games played by the verbs (jstart, jplay), a seat handed over
# (handed)
. "$TOP/tests/cli/club.sh"

WIRE="$(dirname "$ADJ")/cli/wire"

# arc NAME TIME [WIRE-GAME-ARGS...]: NAME.arc, a whole game created at
# TIME between the keys given (-k), verified
arc() {
	an=$1 at=$2
	shift 2
	"$WIRE" game -t "$at" "$@" >"$an.arc" 2>werr || {
		cat werr >&2
		fail "wire game $*"
	}
	"$ADJ" verify "$an.arc" >/dev/null 2>&1 || fail "$an.arc does not verify"
}

# three games worked by hand (adjudicator-ratings(7), K 40 for all):
# 2025 Q1: bob resigns to alice: alice 1520, bob 1480.
# 2025 Q2: alice (1520) and carol (1500) agree a draw: 10^(20/400) =
#   1.1220185, P(20) = 0.5287507, alice 40 * (1/2 - 0.5287507) = -1.15
#   -> 1518.85, carol +1.15 -> 1501.15.
# 2025 Q2: bob resigns to carol at incognito, judged by dave (bob's
#   export, with the judge's updates): in its own table carol 1520, bob
#   1480; over every game carol meets alice (1520) and bob (1480) in Q2:
#   40 * ((1/2 - P(-20)) + (1 - P(20))) = 40 * 1/2 = +20 -> 1520, and
#   bob 40 * (0 - P(-20)) = 40 * -0.4712493 = -18.85 -> 1461.15.
hand_games() {
	keys alice bob carol dave
	arc g1 2025-01-10T09:00:00Z -k alice.key -k bob.key -e resign:1 \
	    knights 2 peer all
	arc g2 2025-04-02T09:00:00Z -k alice.key -k carol.key -e draw \
	    knights 2 peer all
	arc g3 2025-05-20T09:00:00Z -k carol.key -k bob.key -k dave.key \
	    -e resign:1 incognito 2 judge 1
}

# row TABLE NAME: the text row of NAME in TABLE ("every game", a game)
row() {
	awk -v t="$1:" -v n="$2" '$1 " " $2 == t || $1 == t { on = 1; next }
	    /^$/ { on = 0 } on && $2 == n { print; exit }' out
}

test_standings_worked_by_hand() {
	hand_games
	expect 0 "$ADJ" standings g1.arc g2.arc g3.arc
	[ ! -s err ] || fail "stderr: $(cat err)"
	out_has '^Standings: 3 games from 3 archives (0 refused), 3 rated\.$'
	out_has '^Rating periods of 3 months: the first from 2025-01-01, the last from 2025-04-01\.$'
	# every game: alice 1518.85, carol 1520, bob 1461.15
	row "every game" alice | grep -q ' 1519?  *2  *1  *1  *0 | *2  *0  *0$' ||
	    fail "alice: $(row 'every game' alice)"
	row "every game" carol | grep -q ' 1520?  *2  *1  *1  *0 |' ||
	    fail "carol: $(row 'every game' carol)"
	row "every game" bob | grep -q ' 1461?  *2  *0  *0  *2 |' ||
	    fail "bob: $(row 'every game' bob)"
	# knights alone: alice 1518.85, carol 1501.15, bob 1480
	row knights alice | grep -q ' 1519? ' || fail "knights: alice"
	row knights carol | grep -q ' 1501? ' || fail "knights: carol"
	row knights bob | grep -q ' 1480? ' || fail "knights: bob"
	# incognito alone: carol 1520, bob 1480; dave judged, did not play
	row incognito carol | grep -q ' 1520?  *1  *1  *0  *0 ' ||
	    fail "incognito: carol: $(row incognito carol)"
	row incognito bob | grep -q ' 1480? ' || fail "incognito: bob"
	grep -q dave out && fail "the judge is in the standings"
	# the key is the player: the key id of each seat, as verify says it
	"$ADJ" verify g1.arc | grep -q "alice ($(row knights alice |
	    awk '{ print $3 }'))" || fail "alice's key id"
	# the first line of each table, in the order of the games' names
	awk '/: [0-9]* games?, [0-9]* rated$/ { print $1 }' out | tr '\n' ' ' |
	    grep -qx 'every incognito: knights: ' || fail "tables: $(cat out)"
}

# The key is the player: another key with the same name is another
# player, and a key keeps its games whatever game they were
test_standings_the_key_is_the_player() {
	keys alice bob
	mkdir other
	"$ADJ" keygen -N -d other alice 2>/dev/null
	arc g1 2025-01-10T09:00:00Z -k alice.key -k bob.key -e resign:1 \
	    knights 2 peer all
	arc g2 2025-01-11T09:00:00Z -k other/alice.key -k bob.key \
	    -e resign:0 incognito 2 peer all
	expect 0 "$ADJ" standings g1.arc g2.arc
	[ "$(grep -c '^ *[0-9]*  alice ' out)" -eq 4 ] ||
	    fail "two alices in every game and one per game: $(cat out)"
	row "every game" bob | grep -q ' 1500?  *2  *1  *0  *1 |' ||
	    fail "bob: one player across both games: $(cat out)"
	k1=$("$ADJ" verify g1.arc | sed -n 's/^seats: alice (\([0-9a-f]*\)).*/\1/p')
	k2=$("$ADJ" verify g2.arc | sed -n 's/^seats: alice (\([0-9a-f]*\)).*/\1/p')
	[ "$k1" != "$k2" ] || fail "one key"
	grep -q "alice  *$k1  *1520? " out || fail "alice $k1 won"
	grep -q "alice  *$k2  *1480? " out || fail "alice $k2 lost"
}

test_standings_same_bytes_any_order() {
	hand_games
	mkdir d
	cp g3.arc d/x.arc
	cp g1.arc d/a.arc
	cp g2.arc d/m.arc
	cp g2.arc d/m2.arc	# one game twice: counted once
	for f in text yaml html; do
		expect 0 "$ADJ" standings -f $f g1.arc g2.arc g3.arc
		mv out one.$f
		expect 0 "$ADJ" standings -f $f g3.arc g1.arc g2.arc g1.arc
		cmp -s out one.$f || fail "another order, other $f"
		expect 0 "$ADJ" standings -f $f d
		sed 's/4 archives/3 archives/; s/^archives: 4$/archives: 3/' out |
		    cmp -s - one.$f || { diff one.$f out >&2; fail "$f from d"; }
		expect 0 "$ADJ" standings -f $f -r glicko2 d/m2.arc d/a.arc d/x.arc
		mv out g.$f
		expect 0 "$ADJ" standings -f $f -r glicko2 g3.arc g2.arc g1.arc
		cmp -s out g.$f || fail "glicko2, another order, other $f"
	done
}

# Elo's K by the games rated before the period (adjudicator-ratings(7)):
# alice beats bob 12 times in 2025's first quarter, each game against
# 1500 with K 40 (none before): alice 1500 + 40 * 12 * 1/2 = 1740, bob
# 1260, no longer provisional.  In the second quarter, 12 games behind
# each, K is 24: alice beats bob again, P(480) = 1 / (1 + 10^-1.2) =
# 0.9406490, alice 1740 + 24 * 0.0593510 = 1741.42, bob 1258.58.
test_standings_elo_k_by_games_before() {
	keys alice bob
	i=10
	while [ $i -lt 22 ]; do
		arc "q1-$i" "2025-01-${i}T09:00:00Z" -k alice.key -k bob.key \
		    -e resign:1 knights 2 peer all
		i=$((i + 1))
	done
	expect 0 "$ADJ" standings q1-*.arc
	row knights alice | grep -q ' 1740  *12  *12  *0  *0 ' ||
	    fail "Q1: alice: $(row knights alice)"
	row knights bob | grep -q ' 1260  *12  *0  *0  *12 ' ||
	    fail "Q1: bob: $(row knights bob)"
	arc q2 2025-04-02T09:00:00Z -k alice.key -k bob.key -e resign:1 \
	    knights 2 peer all
	expect 0 "$ADJ" standings q1-*.arc q2.arc
	row knights alice | grep -q ' 1741  *13 ' ||
	    fail "Q2: alice: $(row knights alice)"
	row knights bob | grep -q ' 1259  *13 ' ||
	    fail "Q2: bob: $(row knights bob)"
}

# An aborted game is not rated: alice (1520) and bob (1480) after g1,
# then a game of theirs the judge aborts, created later (now: rated as a
# draw it would move both): every rating as g1 alone leaves it.
test_standings_aborted_unrated() {
	keys alice bob judge
	arc g1 2025-01-10T09:00:00Z -k alice.key -k bob.key -e resign:1 \
	    knights 2 peer all
	"$ADJ" new -k alice.key -m judge -j judge.pub incognito alice.pub \
	    bob.pub >invite.msg || fail "new"
	"$ADJ" join -d J -k judge.key invite.msg 2>/dev/null || fail "join"
	"$ADJ" join -d A -k alice.key invite.msg 2>/dev/null || fail "join"
	"$ADJ" setup -d A d2 >a1.msg || fail "setup"
	"$ADJ" judge -d J -O mq a1.msg >/dev/null || fail "judge"
	"$ADJ" rule -d J -O mq abort a duplicate game >/dev/null 2>&1 ||
	    fail "abort"
	"$ADJ" export -d J >ab.arc
	expect 0 "$ADJ" verify ab.arc
	out_has "aborted by the judge: a duplicate game"
	expect 0 "$ADJ" standings g1.arc ab.arc
	out_has '^Standings: 2 games from 2 archives (0 refused), 1 rated\.$'
	row "every game" alice | grep -q ' 1520?  *1 ' ||
	    fail "alice: $(row 'every game' alice)"
	row "every game" bob | grep -q ' 1480?  *1 ' ||
	    fail "bob: $(row 'every game' bob)"
	row incognito alice | grep -q ' 1500?  *0 ' ||
	    fail "incognito: alice: $(row incognito alice)"
	row incognito bob | grep -q ' 1500?  *0 ' ||
	    fail "incognito: bob: $(row incognito bob)"
}

# A casual game (new -o rated=no, the header's "rated: no") is played
# and never rated: the same game rated moves both ratings
test_standings_casual_unrated() {
	keys alice bob
	arc g1 2025-01-10T09:00:00Z -k alice.key -k bob.key -e resign:1 \
	    knights 2 peer all
	for r in no yes; do
		"$ADJ" new -k alice.key -o rated=$r knights alice.pub bob.pub \
		    >inv.$r || fail "new rated=$r"
		"$ADJ" join -d A$r -k alice.key inv.$r 2>/dev/null ||
		    fail "join"
		"$ADJ" turn -d A$r resign >/dev/null 2>&1 || fail "resign"
		"$ADJ" export -d A$r >$r.arc || fail "export"
	done
	"$ADJ" open -k bob.key inv.no 2>/dev/null | grep -qx 'rated: no' ||
	    fail "no rated: no in the header"
	"$ADJ" open -k bob.key inv.yes 2>/dev/null | grep -q '^rated:' &&
	    fail "rated=yes written"
	expect 0 "$ADJ" standings g1.arc no.arc
	out_has '^Standings: 2 games from 2 archives (0 refused), 1 rated\.$'
	row "every game" alice | grep -q ' 1520?  *1 ' ||
	    fail "alice: $(row 'every game' alice)"
	expect 0 "$ADJ" standings -f yaml no.arc
	out_has '^  rated: no$'
	expect 0 "$ADJ" standings g1.arc no.arc yes.arc
	out_has '^Standings: 3 games from 3 archives (0 refused), 2 rated\.$'
	expect 2 "$ADJ" new -k alice.key -o rated=maybe knights alice.pub \
	    bob.pub
	err_has 'rated is yes or no'
}

test_standings_refuses_what_verify_refuses() {
	hand_games
	# one character of g2's armor changed: verify refuses it, and says why
	awk 'NR == 5 { $0 = (substr($0, 1, 10) == "AAAAAAAAAA" ? "B" : "A") \
	    substr($0, 2) } { print }' g2.arc >bad.arc
	set +e
	"$ADJ" verify bad.arc >/dev/null 2>err
	vs=$?
	set -e
	[ "$vs" -eq 1 ] || [ "$vs" -eq 3 ] || fail "verify: $vs"
	reason=$(sed 's/^adjudicator: //' err)
	case $reason in
	bad.arc:*) why="adjudicator: $reason" ;;
	*) why="adjudicator: bad.arc: $reason" ;;
	esac
	# (a header whose time is no time is refused by verify itself, and
	# cannot even be made: tests/cli/time.sh)
	echo 'not an archive' >junk.txt
	expect 3 "$ADJ" standings bad.arc g1.arc g3.arc junk.txt
	[ "$(wc -l <err)" -eq 3 ] || { cat err >&2; fail "want 3 lines"; }
	grep -qxF "$why" err || { cat err >&2; fail "not verify's reason: $why"; }
	err_has '^adjudicator: junk.txt: no ADJUDICATOR ARCHIVE found$'
	err_has '^adjudicator: standings: 2 of 4 archives refused, not counted'
	out_has '^Standings: 2 games from 4 archives (2 refused), 2 rated\.$'
	# the two counted are rated as if the refused were not there
	row "every game" bob | grep -q ' 1461?  *2 ' || fail "bob: $(cat out)"
	# refused for that alone: verify's status
	expect "$vs" "$ADJ" standings bad.arc g1.arc
	[ "$(sed -n 1p err)" = "$why" ] || fail "$(cat err)"
	[ "$(wc -l <err)" -eq 2 ] || fail "$(cat err)"
}

test_standings_periods_and_systems() {
	hand_games
	# one period of a year: the draw counts against alice's 1500 at the
	# start of the year: alice 1520, carol 1500 in knights
	expect 0 "$ADJ" standings -p 1y g1.arc g2.arc
	row knights alice | grep -q ' 1520? ' || fail "1y: alice: $(cat out)"
	row knights carol | grep -q ' 1500? ' || fail "1y: carol"
	out_has '^Rating periods of 1 year: the first from 2025-01-01, the last from 2025-01-01\.$'
	expect 0 "$ADJ" standings -p 2w g1.arc
	out_has '^Rating periods of 2 weeks: '
	# Glicko-2: a deviation column; YAML gives the volatility too
	expect 0 "$ADJ" standings -r glicko2 g1.arc g2.arc
	out_has '^Glicko-2: start 1500, deviation 350, volatility 0.06, tau 0.5\.$'
	grep -q '^ *# *player *key *rating *dev ' out || fail "no dev column"
	expect 0 "$ADJ" standings -r glicko2 -f yaml g1.arc g2.arc
	need python3
	python3 - out <<'PY' || fail "yaml"
import sys, yaml
d = yaml.safe_load(open(sys.argv[1]))
assert d["system"] == "glicko2" and d["period"] == "3m", d
every = d["tables"][0]
assert every["game"] == "all" and every["games"] == 2, every
for p in every["players"]:
    assert {"rating", "deviation", "volatility", "provisional",
            "lost_on_time", "late", "finished"} <= set(p), p
    assert str(p["provisional"]) in ("True", "yes"), p
alice = [p for p in every["players"] if p["name"] == "alice"][0]
assert alice["games"] == 2 and alice["won"] == 1 and alice["drawn"] == 1
g = d["games_counted"]
assert [x["ended"] for x in g] == ["resignation", "draw agreed"], g
# (a YAML reader takes a date for a date)
assert str(g[0]["period"]) == "2025-01-01", g[0]
assert str(g[1]["period"]) == "2025-04-01", g[1]
assert [s["outcome"] for s in g[0]["seats"]] == ["won", "lost"], g[0]
PY
	expect 0 "$ADJ" standings -f html g1.arc
	out_has '^<!DOCTYPE html>'
	out_has '<th colspan="3">reliability</th>'
	python3 - out <<'PY' || fail "html"
import sys
from html.parser import HTMLParser
class P(HTMLParser):
    def __init__(self):
        super().__init__()
        self.open, self.tables, self.rows, self.cells = [], 0, 0, []
    def handle_starttag(self, tag, attrs):
        if tag not in ("meta", "br"):
            self.open.append(tag)
        self.tables += tag == "table"
        self.rows += tag == "tr"
    def handle_endtag(self, tag):
        assert self.open and self.open.pop() == tag, tag
    def handle_data(self, data):
        if self.open and self.open[-1] == "td":
            self.cells.append(data)
p = P()
p.feed(open(sys.argv[1]).read())
assert p.open == [], p.open
# every game and knights: two header rows and two players each
assert p.tables == 2 and p.rows == 8, (p.tables, p.rows)
assert "alice" in p.cells and "1520?" in p.cells, p.cells
PY
}

# Every shape of result: 3 and 4 seats, teams, the alliance, every game,
# judged and not; each seat's outcome as verify's result says.
test_standings_every_shape() {
	keys alice bob carol dave judge
	arc k3 2025-01-01T00:00:00Z -k alice.key -k bob.key -k carol.key \
	    knights 3 peer all
	arc k4 2025-01-02T00:00:00Z -k alice.key -k bob.key -k carol.key \
	    -k dave.key knights 4 peer all
	arc kt 2025-01-03T00:00:00Z -k alice.key -k bob.key -k carol.key \
	    -k dave.key knights 4 peer all teams=yes
	arc ka 2025-01-04T00:00:00Z -k carol.key -k dave.key knights 2 peer \
	    all alliance=yes
	arc in 2025-01-05T00:00:00Z -k alice.key -k bob.key incognito 2 peer all
	arc rp 2025-01-06T00:00:00Z -k bob.key -k carol.key incognito-rps 2 \
	    peer all
	arc tp 2025-01-07T00:00:00Z -k carol.key -k dave.key topogic 2 peer all
	arc es 2025-01-08T00:00:00Z -k dave.key -k alice.key -k judge.key \
	    espionnage 2 judge 0
	for a in k3 k4 kt ka in rp tp es; do
		"$ADJ" verify "$a.arc" | sed -n 's/^result: //p' >"$a.result"
	done
	expect 0 "$ADJ" standings -f yaml k3.arc k4.arc kt.arc ka.arc in.arc \
	    rp.arc tp.arc es.arc
	need python3
	python3 - out <<'PY' || fail "outcomes"
import sys, yaml
d = yaml.safe_load(open(sys.argv[1]))
assert d["games"] == 8 and d["rated"] == 8, d
order = ["k3", "k4", "kt", "ka", "in", "rp", "tp", "es"]
for name, g in zip(order, d["games_counted"]):
    result = open(name + ".result").read()
    won = [s["name"] for s in g["seats"] if s["outcome"] == "won"]
    if result.startswith("draw") or result.startswith("a draw"):
        assert won == [], (name, result, g)
    else:
        winners = result.split(" won")[0].split(" and ")
        assert won == winners, (name, result, won)
        assert all(s["outcome"] == "lost" for s in g["seats"]
                   if s["name"] not in won), (name, g)
tables = {t["game"]: t for t in d["tables"]}
assert sorted(tables) == ["all", "espionnage", "incognito",
                          "incognito-rps", "knights", "topogic"], tables
assert tables["knights"]["games"] == 4
assert sum(p["games"] for p in tables["knights"]["players"]) == 3 + 4 + 4 + 2
assert sum(p["finished"] for p in tables["all"]["players"]) == 21
assert "judge" not in [p["name"] for p in tables["all"]["players"]]
PY
}

test_standings_usage() {
	expect 2 "$ADJ" standings
	err_has 'usage: adjudicator standings'
	expect 2 "$ADJ" standings -f pdf x
	err_has '^adjudicator: -f pdf: text, yaml or html$'
	expect 2 "$ADJ" standings -r trueskill x
	err_has 'elo or glicko2'
	for p in 0m 3 3q m 1000d 2mm; do
		expect 2 "$ADJ" standings -p "$p" x
		one_line
		err_has "^adjudicator: -p $p: a period is a number"
	done
	expect 4 "$ADJ" standings missing.arc
	one_line
	err_has '^adjudicator: missing.arc: No such file'
	[ ! -s out ] || fail "a table for a missing file"
	mkdir empty
	expect 0 "$ADJ" standings empty
	out_has '^Standings: 0 games from 0 archives (0 refused), 0 rated\.$'
}

# One file named two ways (a path, ./path, a link to it, a directory
# holding a link) is one archive: files by device and inode, not by
# their spelling; a copy is another archive of the same game
test_standings_one_file_named_two_ways() {
	hand_games
	ln -s g1.arc link.arc
	mkdir d
	ln -s ../g2.arc d/g2.arc
	expect 0 "$ADJ" standings g1.arc ./g1.arc link.arc "$PWD/g1.arc" \
	    g2.arc d
	[ ! -s err ] || fail "stderr: $(cat err)"
	out_has '^Standings: 2 games from 2 archives (0 refused), 2 rated\.$'
	expect 0 "$ADJ" standings -f yaml link.arc g1.arc
	grep -qx 'archives: 1' out || fail "$(cat out)"
	# a copy is another file: two archives of one game
	cp g1.arc copy.arc
	expect 0 "$ADJ" standings g1.arc copy.arc
	out_has '^Standings: 1 game from 2 archives (0 refused), 1 rated\.$'
}

# table NAME: the text table of NAME ("every game", a game) in ./out
table() {
	awk -v t="$1:" '$1 " " $2 == t || $1 == t { on = 1 } /^$/ { on = 0 }
	    on { print }' out
}

# A game's own table depends on that game's archives alone: with
# Glicko-2 a game of other rules two quarters later moves no deviation
# of the knights table (each table's deviations are brought to its own
# last period), while the table over every game is brought to it
test_standings_a_game_table_is_its_own() {
	hand_games
	arc g4 2025-10-15T09:00:00Z -k alice.key -k dave.key -e resign:1 \
	    incognito 2 peer all
	expect 0 "$ADJ" standings -r glicko2 g1.arc g2.arc
	table knights >alone
	[ -s alone ] || fail "no knights table: $(cat out)"
	expect 0 "$ADJ" standings -r glicko2 g1.arc g2.arc g4.arc
	table knights >with
	cmp -s alone with || { diff -u alone with >&2; fail "knights moved"; }
	# to the last decimal; over every game, carol (idle since Q2) is
	# brought to Q4: wider
	expect 0 "$ADJ" standings -r glicko2 -f yaml g1.arc g2.arc
	mv out alone.yaml
	expect 0 "$ADJ" standings -r glicko2 -f yaml g1.arc g2.arc g4.arc
	need python3
	python3 - alone.yaml out <<'PY' || fail "yaml"
import sys, yaml
one, two = (yaml.safe_load(open(f)) for f in sys.argv[1:])
def tables(d):
    return {x["game"]: x for x in d["tables"]}
assert tables(one)["knights"] == tables(two)["knights"], (one, two)
k = {p["name"]: p["deviation"] for p in tables(two)["knights"]["players"]}
a = {p["name"]: p["deviation"] for p in tables(two)["all"]["players"]}
assert k["carol"] < a["carol"], (k, a)
PY
}

# An aborted game has no result: counted, finished by its seats, not
# rated, and no seat of it won, drew or lost it
test_standings_an_abort_has_no_outcome() {
	jstart
	jsetups d2 b4
	jplay A a2.msg e3-c3
	expect 0 "$ADJ" rule -d J -O mq abort the board decided
	"$ADJ" export -d J >ab.arc
	expect 0 "$ADJ" verify ab.arc
	out_has 'aborted by the judge: the board decided'
	expect 0 "$ADJ" standings -f yaml ab.arc
	need python3
	python3 - out <<'PY' || fail "yaml: $(cat out)"
import sys, yaml
d = yaml.safe_load(open(sys.argv[1]))
assert d["games"] == 1 and d["rated"] == 0, d
g = d["games_counted"][0]
assert g["ended"] == "aborted" and str(g["rated"]) in ("no", "False"), g
assert [s["outcome"] for s in g["seats"]] == ["none", "none"], g
for p in d["tables"][0]["players"]:
    assert (p["games"], p["won"], p["drawn"], p["lost"], p["finished"]) \
        == (0, 0, 0, 0, 1), p
PY
}

# A game with a clock is timed by the latest time its entries were signed
# with, not by its final entry's: in a peer game each seat signs its own
# times, which need not grow from entry to entry.  bob signs his setup at
# 20:00, alice resigns at 12:00, bob's final openings, the last entry,
# are signed at 13:00.  The documents say the same.
test_standings_time_is_the_latest_signed() {
	keys alice bob
	ADJUDICATOR_NOW=2026-12-01T09:00:00Z "$ADJ" new -k alice.key \
	    -o clock=1d incognito alice.pub bob.pub >invite.msg
	"$ADJ" join -d A -k alice.key invite.msg 2>/dev/null
	"$ADJ" join -d B -k bob.key invite.msg 2>/dev/null
	# bob's setup signed at 20:10 is taken by alice at 19:56 (within the
	# 15 minutes a clock may be ahead); the last entry, bob's final
	# openings, is signed at 20:05
	for step in A:setup:d2:10:00 B:receive:a1.msg:10:30 \
	    B:setup:b4:20:10 A:receive:b1.msg:19:56 A:turn:resign:19:57 \
	    B:receive:a2.msg:20:00 B:turn::20:05 A:receive:b2.msg:20:06; do
		IFS=: read -r d verb arg hh mm <<-STEP
		$step
		STEP
		case $verb in
		setup) out=$(echo "$d" | tr AB ab)1.msg ;;
		turn) out=$(echo "$d" | tr AB ab)2.msg ;;
		*) out=/dev/null ;;
		esac
		# shellcheck disable=SC2086
		ADJUDICATOR_NOW=2026-12-01T$hh:$mm:00Z "$ADJ" "$verb" -d "$d" \
		    $arg >"$out" 2>/dev/null || fail "$step"
	done
	"$ADJ" export -d A >a.arc
	export ADJUDICATOR_NOW=2026-12-02T00:00:00Z
	expect 0 "$ADJ" verify a.arc
	expect 0 "$ADJ" standings -f yaml a.arc
	grep -qx '  time: 2026-12-01T20:10:00Z' out ||
	    fail "not the latest signed time: $(grep time: out)"
	# the spec's row and adjudicator(1) say the same
	row=$(grep '^| `time` |' "$TOP/formats/standings.md")
	case $row in
	*"latest time its entries were signed with"*) ;;
	*) fail "formats/standings.md: $row" ;;
	esac
	for f in formats/standings.md man/adjudicator.1 \
	    man/adjudicator-ratings.7 README.md; do
		tr '\n' ' ' <"$TOP/$f" | grep -q "final entry's signed time" &&
		    fail "$f: the final entry's signed time"
	done
	true
}

# The anchors of rating periods (days from 1970-01-01, weeks from Monday
# 1970-01-05, months and years from the year 0) as adjudicator-ratings(7)
# states them: each line of its examples, computed
test_standings_period_anchors_as_documented() {
	keys alice bob
	sed -n 's/^-p \([0-9]*[dwmy]\)  *\([0-9-]*\)  *\([0-9-]*\)$/\1 \2 \3/p' \
	    "$TOP/man/adjudicator-ratings.7" >examples
	[ "$(wc -l <examples)" -ge 6 ] ||
	    fail "adjudicator-ratings(7) gives no examples of periods"
	while read -r p day first; do
		[ -f "$day.arc" ] || arc "$day" "${day}T12:00:00Z" -k alice.key \
		    -k bob.key -e resign:1 incognito 2 peer all
		expect 0 "$ADJ" standings -f yaml -p "$p" "$day.arc"
		grep -qx "  period: $first" out ||
		    fail "-p $p, $day: $(grep '  period:' out), not $first"
	done <examples
	# a period of months across the year: its first day is no January 1st
	grep -q '^5m 2026-01-10 2025-11-01$' examples ||
	    fail "no example of 5 months across years"
}

# A seat handed over: the key that holds it at the end takes the result,
# named by its own name (carol), never by the seat's (bob); the key that
# held it before (bob's) keeps its own late move, and nothing else of
# the game.  A judged incognito game with a clock of a day and a grace
# of two hours: bob's move comes an hour late, then the operator hands
# bob's seat to carol, and alice finds the spy.
test_standings_a_handed_over_seat() {
	keys alice bob judge carol
	# the test clock between the times set below: after all of them, so
	# that nothing read is in the future of the one reading it
	export ADJUDICATOR_NOW=2026-12-20T00:00:00Z
	ADJUDICATOR_NOW=2026-12-01T09:00:00Z "$ADJ" new -k alice.key \
	    -m judge -j judge.pub -o clock=1d -o grace=2h incognito \
	    alice.pub bob.pub >invite.msg
	for d in J:judge A:alice B:bob; do
		"$ADJ" join -d "${d%%:*}" -k "${d#*:}.key" invite.msg \
		    2>/dev/null || fail "join ${d%%:*}"
	done
	nupd=0
	for step in A:d2:2026-12-01T10 B:b4:2026-12-01T11 \
	    A:e3-c3:2026-12-01T12 B:b4-b3:2026-12-02T13; do
		d=${step%%:*} act=${step#*:}
		act=${act%%:*}
		case $act in *-*) verb=turn ;; *) verb=setup ;; esac
		ADJUDICATOR_NOW=${step##*:}:00:00Z "$ADJ" "$verb" -d "$d" \
		    "$act" >move.msg || fail "$step"
		ADJUDICATOR_NOW=${step##*:}:00:00Z tojudge move.msg
	done
	ADJUDICATOR_NOW=2026-12-02T14:00:00Z expect 0 "$ADJ" rule -d J \
	    -O mq handover bob carol.pub bob left the club
	mv mq/bob.msg carol.msg
	mailout
	"$ADJ" join -d C -k carol.key carol.msg 2>/dev/null || fail "join C"
	ADJUDICATOR_NOW=2026-12-02T15:00:00Z "$ADJ" turn -d A 'c3?b3' >a3.msg
	ADJUDICATOR_NOW=2026-12-02T15:00:00Z "$ADJ" judge -d J -O mq a3.msg \
	    >/dev/null || fail "judge a3.msg"
	"$ADJ" export -d J >h.arc
	expect 0 "$ADJ" verify h.arc
	out_has '^result: alice won'
	out_has '^late moves (in the grace): alice 0 bob 1$'
	out_has "^  bob: key $(cut -d' ' -f3 bob.pub) (bob) from the start; key $(cut -d' ' -f3 carol.pub) (carol) from entry"
	# bob plays another game under his own key
	arc p1 2026-11-20T09:00:00Z -k alice.key -k bob.key -e resign:0 \
	    knights 2 peer all
	expect 0 "$ADJ" standings h.arc p1.arc
	kb=$(cut -d' ' -f3 bob.pub) kc=$(cut -d' ' -f3 carol.pub)
	for t in "every game" incognito; do
		table "$t" >t.txt
		[ "$(awk '$2 == "bob"' t.txt | wc -l)" -eq 1 ] ||
		    fail "$t: bob twice: $(cat t.txt)"
		grep -q "^  *[0-9]  *carol  *$kc " t.txt ||
		    fail "$t: carol's key not named carol: $(cat t.txt)"
	done
	# every game: bob won p1 and made the late move; carol lost h
	table "every game" | grep -q " bob  *$kb  .*  1  *1  *0  *0 |  *1  *0  *1$" ||
	    fail "bob: $(table 'every game')"
	table "every game" | grep -q " carol  *$kc  .*  1  *0  *0  *1 |  *1  *0  *0$" ||
	    fail "carol: $(table 'every game')"
	# incognito: bob's late move is all that is his of the game
	table incognito | grep -q " bob  *$kb  *1500?  *0  *0  *0  *0 |  *0  *0  *1$" ||
	    fail "incognito: bob: $(table incognito)"
	expect 0 "$ADJ" standings -f yaml h.arc
	need python3
	python3 - out "$kb" "$kc" <<'PY' || fail "yaml: $(cat out)"
import sys, yaml
d = yaml.safe_load(open(sys.argv[1]))
kb, kc = sys.argv[2], sys.argv[3]
g = d["games_counted"][0]
bob = g["seats"][1]
assert (bob["name"], bob["player"], bob["key"], bob["outcome"],
        bob["late"]) == ("bob", "carol", kc, "lost", 0), bob
assert g["held_before"] == [{"seat": "bob", "player": "bob", "key": kb,
                             "late": 1}], g
names = {p["key"]: p["name"] for p in d["tables"][0]["players"]}
assert names[kb] == "bob" and names[kc] == "carol", names
PY
	# a club's list vouches for every key that held a seat: bob, who
	# held his seat before carol, too
	cat alice.pub carol.pub >members
	expect 0 "$ADJ" standings -m members h.arc
	out_has '^Standings: 0 games from 1 archive (0 refused), 0 rated\.$'
	out_has '(1 with a seat held by a key not a member)\.$'
	cat bob.pub >>members
	expect 0 "$ADJ" standings -m members h.arc
	out_has '^Standings: 1 game from 1 archive (0 refused), 1 rated\.$'
}

# Standings farmed with sock puppets: anyone makes keys, plays them and
# resigns.  -j JUDGE.pub counts only the games such a judge judged; -m
# MEMBERS only those whose every seat was held by a listed key; both,
# only those both vouch for.  The games left out are counted and said
# why, in the tables' first lines and the YAML.
test_standings_only_games_a_club_vouches_for() {
	keys alice bob carol judge rogue sock
	arc j1 2025-01-10T09:00:00Z -k alice.key -k bob.key -k judge.key \
	    -e resign:1 incognito 2 judge all
	arc j2 2025-01-11T09:00:00Z -k alice.key -k sock.key -k judge.key \
	    -e resign:1 incognito 2 judge all
	arc r1 2025-01-12T09:00:00Z -k alice.key -k bob.key -k rogue.key \
	    -e resign:1 incognito 2 judge all
	arc p1 2025-01-13T09:00:00Z -k bob.key -k sock.key -e resign:1 \
	    knights 2 peer all
	arc p2 2025-01-14T09:00:00Z -k alice.key -k carol.key -e resign:1 \
	    knights 2 peer all
	{
		echo "# the club's members, one public key a line"
		cat alice.pub
		echo
		echo "   $(cat bob.pub)   "
		cat carol.pub alice.pub
	} >members
	kj=$(cut -d' ' -f3 judge.pub) kr=$(cut -d' ' -f3 rogue.pub)
	expect 0 "$ADJ" standings j1.arc j2.arc r1.arc p1.arc p2.arc
	out_has '^Standings: 5 games from 5 archives (0 refused), 5 rated\.$'
	grep -q '^Only games' out && fail "a filter unasked: $(cat out)"
	out_has ' sock '
	# the judge's games alone
	expect 0 "$ADJ" standings -j judge.pub j1.arc j2.arc r1.arc p1.arc p2.arc
	[ ! -s err ] || fail "stderr: $(cat err)"
	out_has '^Standings: 2 games from 5 archives (0 refused), 2 rated\.$'
	out_has "^Only games judged by $kj (judge): 3 games left out (3 judged otherwise)\.$"
	# the members' games alone: sock is no player
	expect 0 "$ADJ" standings -m members j1.arc j2.arc r1.arc p1.arc p2.arc
	out_has '^Standings: 3 games from 5 archives (0 refused), 3 rated\.$'
	out_has "^Only games whose every seat was held by one of 3 members' keys: 2 games left out (2 with a seat held by a key not a member)\.$"
	grep -q ' sock ' out && fail "sock is counted: $(cat out)"
	# two judges, or both lists
	expect 0 "$ADJ" standings -j judge.pub -j rogue.pub j1.arc j2.arc \
	    r1.arc p1.arc p2.arc
	out_has '^Standings: 3 games from 5 archives'
	out_has "^Only games judged by $kj (judge) or $kr (rogue): 2 games left out (2 judged otherwise)\.$"
	expect 0 "$ADJ" standings -j judge.pub -m members -f yaml j1.arc \
	    j2.arc r1.arc p1.arc p2.arc
	need python3
	python3 - out "$kj" <<'PY' || fail "yaml: $(cat out)"
import sys, yaml
d = yaml.safe_load(open(sys.argv[1]))
assert d["games"] == 1 and d["archives"] == 5 and d["refused"] == 0, d
assert [str(k) for k in d["judges"]] == [sys.argv[2]], d["judges"]
assert (d["members"], d["left_out"], d["left_not_judged"],
        d["left_not_members"]) == (3, 4, 3, 1), d
assert [(g["rules"], [s["player"] for s in g["seats"]])
        for g in d["games_counted"]] == [("incognito", ["alice", "bob"])], d
PY
	expect 0 "$ADJ" standings -j judge.pub -m members j1.arc
	out_has "^Only games judged by $kj (judge), whose every seat was held by one of 3 members' keys: none left out\.$"
	# every refusal on one line, with its status
	expect 4 "$ADJ" standings -j missing.pub j1.arc
	one_line
	err_has '^adjudicator: missing.pub: No such file'
	expect 3 "$ADJ" standings -j members j1.arc
	one_line
	err_has '^adjudicator: members: a public key file holds exactly one line$'
	{ cat alice.pub; echo 'adjudicator-pk1 eve 00 AAAA'; } >bad
	expect 3 "$ADJ" standings -m bad j1.arc
	one_line
	err_has '^adjudicator: bad:2: '
	printf '# nobody yet\n\n' >empty
	expect 3 "$ADJ" standings -m empty j1.arc
	one_line
	err_has "^adjudicator: empty: no public key"
	expect 1 "$ADJ" standings -m . j1.arc
	one_line
	err_has '^adjudicator: \.: not a regular file$'
	[ ! -s out ] || fail "tables after a refused option"
}
