#!/bin/sh
# The judge's mail bot over a queue: a Maildir of MAILS mails of GAMES
# judged games drained by one "judge -r" run.
#
# The games are played first (not timed), round robin, through game
# directories and "judge -d", as judge.sh plays its one: two setups, then
# moves of pieces shuffled back and forth, each seat's message kept as the
# whole mail "turn -M" prints, named in the order it was played.  Then,
# RUNS times, a fresh root with the judge's unencrypted key files the
# invitations (not timed), the mails are linked into a Maildir's new/, and
# one "judge -r ROOT MAILDIR" run takes them all, timed by its wall clock:
# once with one mailer process for the run that speaks SMTP and discards
# what it is given (smtpnull, as "sendmail -bs"), once more, from the same
# state, with a discarding process a mail ("dd of=/dev/null", as
# "sendmail -t" a mail).  The run is one process: the rate is per core.
# Prints:
#
#   drain: N mails/s per core, one SMTP mailer (median of K runs, ...)
#   drain: N mails/s per core, a sendmail per update (...)
#   target >= 1000 mails/s per core: PASS or MISS
#
# ADJ      the adjudicator binary; BENCHBIN the bench helpers (smtpnull)
# MAILS    mails in all (default 1000); GAMES games (default 4)
# RUNS     timed runs (default 7, at least 5)
# WORK     scratch directory (default a fresh one under $TMPDIR; emptied)
set -u
: "${ADJ:?ADJ must name the adjudicator binary}"
: "${BENCHBIN:?BENCHBIN must name the bench helpers' directory}"
here=$(cd "$(dirname "$0")" && pwd)
. "$here/stats.sh"
MAILS=${MAILS:-1000}
GAMES=${GAMES:-4}
TARGET=1000
WORK=${WORK:-${TMPDIR:-/tmp}/adjudicator-bench-drain.$$}
case $WORK in /*) ;; *) WORK=$(pwd)/$WORK ;; esac
case $ADJ in /*) ;; */*) ADJ=$(pwd)/$ADJ ;; esac

rm -rf "$WORK"
mkdir -p "$WORK" || fail "cannot create $WORK"
cd "$WORK" || fail "cannot enter $WORK"
DISCARD="dd of=/dev/null status=none"
SMTPNULL="$BENCHBIN/smtpnull -bs"

# --- the games, not timed ----------------------------------------------------
mkdir keys mails
"$ADJ" keygen -N -d keys judge 2>/dev/null &&
    "$ADJ" keygen -N -d keys alice 2>/dev/null &&
    "$ADJ" keygen -N -d keys bob 2>/dev/null || fail "keygen"
g=0
while [ "$g" -lt "$GAMES" ]; do
	g=$((g + 1))
	"$ADJ" new -k keys/alice.key -m judge -j keys/judge.pub \
	    -o limit=100000 -a alice=alice@example.org \
	    -a bob=bob@example.org -a judge=judge@example.org incognito \
	    keys/alice.pub keys/bob.pub >"invite$g.msg" || fail "new"
	for d in J:judge A:alice B:bob; do
		"$ADJ" join -d "${d%%:*}$g" -k "keys/${d#*:}.key" \
		    "invite$g.msg" 2>/dev/null || fail "join ${d#*:}"
	done
done

n=0
# one GAME DIR VERB ARGS: the seat's whole mail kept, the game's judge
# takes it, the seats take their updates
one() {
	o_g=$1 d=$2$1
	shift 2
	n=$((n + 1))
	f=mails/$(printf '%06d' "$n").eml
	"$ADJ" "$1" -M -d "$d" "$2" >"$f" 2>/dev/null || fail "$d: $*"
	rm -rf out
	"$ADJ" judge -d "J$o_g" -O out "$f" >/dev/null 2>&1 || fail "judge $f"
	for s in A:alice B:bob; do
		[ -f "out/${s#*:}.msg" ] || continue
		"$ADJ" receive -d "${s%%:*}$o_g" "out/${s#*:}.msg" \
		    >/dev/null 2>&1 || fail "${s#*:} refuses an update"
	done
}
# round: one mail of every game, while there are mails to play
round() {
	r_g=0
	while [ "$r_g" -lt "$GAMES" ] && [ "$n" -lt "$MAILS" ]; do
		r_g=$((r_g + 1))
		one "$r_g" "$@"
	done
}
echo "bench drain: playing $GAMES judged games, $MAILS mails in all, in $WORK"
round A setup d2
round B setup b4
i=0
while [ "$n" -lt "$MAILS" ]; do
	case $((i % 4)) in
	0) round A turn e3-e4 ;;
	1) round B turn a3-a2 ;;
	2) round A turn e4-e3 ;;
	3) round B turn a2-a3 ;;
	esac
	i=$((i + 1))
done

# --- the timed runs ------------------------------------------------------------
now() {
	date +%s.%N
}
# fresh: a root that has filed the invitations, a Maildir of every mail
fresh() {
	rm -rf root md
	mkdir root md md/new md/cur md/tmp
	cp keys/judge.key root/ && chmod 600 root/judge.key
	"$ADJ" judge -r root -s "$DISCARD" invite*.msg 2>/dev/null ||
	    fail "the invitations"
	for f in mails/*.eml; do
		ln "$f" "md/new/${f#mails/}"
	done
}
# timed MAILER FILE: one drain, its rate appended to FILE
timed() {
	t0=$(now)
	"$ADJ" judge -r root -s "$1" md 2>/dev/null || fail "the drain failed"
	t1=$(now)
	grep -c ' verdict=applied sent=0$' root/log | grep -qx "$MAILS" ||
	    fail "not every mail was applied"
	tail -n 1 root/log | grep -q " drain mails=$MAILS games=$GAMES " ||
	    fail "the run's line: $(tail -n 1 root/log)"
	awk -v n="$MAILS" -v a="$t0" -v b="$t1" \
	    'BEGIN { printf "%.1f\n", n / (b - a) }' >>"$2"
}
: >smtp
: >each
r=0
while [ "$r" -lt "$RUNS" ]; do
	r=$((r + 1))
	fresh
	timed "$SMTPNULL" smtp
	fresh
	timed "$DISCARD" each
	echo "bench drain:   run $r: $(tail -n 1 smtp) mails/s with one" \
	    "SMTP mailer, $(tail -n 1 each)/s with a sendmail per update"
done
set -- $(stats smtp)
s_m=$1 s_lo=$2 s_hi=$3
set -- $(stats each)
awk -v m="$s_m" -v lo="$s_lo" -v hi="$s_hi" -v em="$1" -v elo="$2" \
    -v ehi="$3" -v k="$RUNS" -v n="$MAILS" -v g="$GAMES" -v t="$TARGET" \
    'BEGIN {
	printf "drain: %d mails of %d games in one run: %.0f mails/s per " \
	    "core, one SMTP mailer (median of %d runs, min %.0f, max %.0f)\n", \
	    n, g, m, k, lo, hi
	printf "drain: %.0f mails/s per core, a sendmail per update " \
	    "(median of %d runs, min %.0f, max %.0f)\n", em, k, elo, ehi
	printf "  target >= %d mails/s per core: %s\n", t, \
	    (m >= t ? "PASS" : "MISS")
}'
