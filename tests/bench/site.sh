#!/bin/sh
# The club's web site kept by the mail bot (site: in judge.yaml): one
# mail's run of "judge -r ROOT" (a move, the site's update with it) in a
# root of 10 games, then of 5,000, and their ratio, which should not grow
# with the number of games (target <= 1.5).
#
# One judged game is played to its setups through the bot (not timed);
# alice's next move is kept as a whole mail.  The other games are copies
# of that game's directory under new ids (the root files a game by the
# name of its directory; the site lists it by that name), so they cost a
# copy each; then "site -r" writes the whole site once (not timed).  Each
# timed run starts from the same state: the game's directory as it was
# before the move, then "judge -r ROOT -s DISCARD MAIL", by the wall
# clock.  Prints:
#
#   site: one mail's update (medians of K runs, min, max):
#     10 games:     M ms [min, max]
#     5000 games:   M ms [min, max]
#     ratio 5000/10: R (target <= 1.5): PASS or MISS
#
# ADJ    the adjudicator binary
# RUNS   timed runs of each (default 7, at least 5)
# GAMES  the two sizes (default "10 5000")
# WORK   scratch directory (default a fresh one under $TMPDIR; emptied)
set -u
: "${ADJ:?ADJ must name the adjudicator binary}"
here=$(cd "$(dirname "$0")" && pwd)
. "$here/stats.sh"
GAMES=${GAMES:-10 5000}
TARGET=1.5
WORK=${WORK:-${TMPDIR:-/tmp}/adjudicator-bench-site.$$}
case $WORK in /*) ;; *) WORK=$(pwd)/$WORK ;; esac
case $ADJ in /*) ;; */*) ADJ=$(pwd)/$ADJ ;; esac
DISCARD="dd of=/dev/null status=none"

rm -rf "$WORK"
mkdir -p "$WORK" || fail "cannot create $WORK"
cd "$WORK" || fail "cannot enter $WORK"

# --- the game, not timed ---------------------------------------------------
mkdir keys root
for k in judge alice bob; do
	"$ADJ" keygen -N -d keys "$k" 2>/dev/null || fail "keygen"
done
cp keys/judge.key root/ && chmod 600 root/judge.key
printf 'invitations: off\n' >root/judge.yaml
"$ADJ" new -k keys/alice.key -m judge -j keys/judge.pub \
    -a alice=alice@example.org -a bob=bob@example.org \
    -a judge=judge@example.org incognito keys/alice.pub keys/bob.pub \
    >invite.msg || fail "new"
for d in A:alice B:bob; do
	"$ADJ" join -d "${d%%:*}" -k "keys/${d#*:}.key" invite.msg \
	    2>/dev/null || fail "join ${d#*:}"
done
"$ADJ" judge -r root -s "$DISCARD" invite.msg 2>/dev/null || fail "filed"
G=$(ls root | grep -x '[0-9a-f]\{64\}')
# setups through the judge's game alone: each seat's mail, the updates
for m in "A setup d2" "B setup b4"; do
	set -- $m
	"$ADJ" "$2" -M -d "$1" "$3" >m.eml 2>/dev/null || fail "$m"
	rm -rf out
	"$ADJ" judge -d "root/$G" -O out m.eml >/dev/null 2>&1 || fail "judge"
	for s in A:alice B:bob; do
		[ -f "out/${s#*:}.msg" ] || continue
		"$ADJ" receive -d "${s%%:*}" "out/${s#*:}.msg" >/dev/null \
		    2>&1 || fail "${s#*:} refuses an update"
	done
done
"$ADJ" turn -M -d A e3-c3 >t.eml 2>/dev/null || fail "turn"
cp -R "root/$G" game0

# ids: N random game ids but G's
ids() {
	awk -v n="$1" -v s="$$" 'BEGIN { srand(s); for (i = 0; i < n; i++) {
		id = ""; for (k = 0; k < 64; k++)
			id = id substr("0123456789abcdef",
			    int(rand() * 16) + 1, 1)
		print id } }'
}

# --- the timed runs, for each size -----------------------------------------
now() {
	date +%s.%N
}
: >sizes
for n in $GAMES; do
	echo "bench site: a root of $n games and its site, in $WORK"
	rm -rf www
	for d in root/*; do
		case ${d#root/} in "$G") ;; [0-9a-f]*) rm -rf "$d" ;; esac
	done
	ids $((n - 1)) | while read -r id; do
		cp -R game0 "root/$id"
	done
	[ "$(ls root | grep -c -x '[0-9a-f]\{64\}')" -eq "$n" ] ||
	    fail "not $n games"
	printf 'invitations: off\nsite: %s/www\n' "$WORK" >root/judge.yaml
	"$ADJ" site -r root www || fail "site -r"
	: >"ms.$n"
	r=0
	while [ "$r" -lt "$RUNS" ]; do
		r=$((r + 1))
		rm -rf "root/$G"
		cp -R game0 "root/$G"
		t0=$(now)
		"$ADJ" judge -r root -s "$DISCARD" t.eml 2>err.out ||
		    fail "the mail: $(cat err.out)"
		t1=$(now)
		! grep -q '^site: \|: site: ' err.out ||
		    fail "the site: $(cat err.out)"
		grep -q 'Last: White moves e3-c3' \
		    "www/games/$(echo "$G" | cut -c1-2)/$G.txt" ||
		    fail "the site missed the move"
		awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f\n",
		    (b - a) * 1000 }' >>"ms.$n"
	done
	echo "$n $(stats "ms.$n")" >>sizes
done
awk -v k="$RUNS" -v t="$TARGET" '
{ n[NR] = $1; m[NR] = $2; lo[NR] = $3; hi[NR] = $4 }
END {
	printf "site: one mail'"'"'s update with the site kept " \
	    "(medians of %d runs, min, max):\n", k
	for (i = 1; i <= NR; i++)
		printf "  %5d games:  %7.1f ms [%.1f, %.1f]\n", n[i], m[i],
		    lo[i], hi[i]
	r = m[NR] / m[1]
	printf "  ratio %d/%d games: %.2f (target <= %.1f): %s\n", n[NR],
	    n[1], r, t, r <= t ? "PASS" : "MISS"
}' sizes
[ -n "${KEEP:-}" ] || rm -rf "$WORK"
