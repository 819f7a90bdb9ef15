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
# "sendmail -t" a mail).  The rate per core is the mails over the CPU
# time of the judge and every mailer it started (user and system); the
# rate by the wall clock is printed beside it (the mailers run on the
# other core meanwhile).  Prints:
#
#   drain: N mails of G games in one run (medians of K runs, min, max):
#     one SMTP mailer:        R mails/s per core [...], W/s by the wall clock
#     a sendmail per update:  R mails/s per core [...], W/s by the wall clock
#     target >= 1000 mails/s per core, one SMTP mailer: PASS or MISS
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
	# one sender's many games: no cap on invitations a day
	printf 'invitations: off\n' >root/judge.yaml
	"$ADJ" judge -r root -s "$DISCARD" invite*.msg 2>/dev/null ||
	    fail "the invitations"
	for f in mails/*.eml; do
		ln "$f" "md/new/${f#mails/}"
	done
}
# timed MAILER NAME: one drain; its rate by the wall clock appended to
# NAME, and by the CPU time of the judge and its mailers (a subshell's
# "times": every descendant waited for) to NAME.cpu
timed() {
	t0=$(now)
	( "$ADJ" judge -r root -s "$1" md 2>/dev/null || exit 1; times ) \
	    >times.out || fail "the drain failed"
	t1=$(now)
	grep -c ' verdict=applied sent=0$' root/log | grep -qx "$MAILS" ||
	    fail "not every mail was applied"
	tail -n 1 root/log | grep -q " drain mails=$MAILS games=$GAMES " ||
	    fail "the run's line: $(tail -n 1 root/log)"
	awk -v n="$MAILS" -v a="$t0" -v b="$t1" \
	    'BEGIN { printf "%.1f\n", n / (b - a) }' >>"$2"
	tail -n 1 times.out | tr 'ms' '  ' | awk -v n="$MAILS" '{
		c = $1 * 60 + $2 + $3 * 60 + $4
		printf "%.1f\n", n / (c > 0.01 ? c : 0.01) }' >>"$2.cpu"
}
: >smtp
: >each
: >smtp.cpu
: >each.cpu
r=0
while [ "$r" -lt "$RUNS" ]; do
	r=$((r + 1))
	fresh
	timed "$SMTPNULL" smtp
	fresh
	timed "$DISCARD" each
	echo "bench drain:   run $r: $(tail -n 1 smtp.cpu) mails/s per core" \
	    "with one SMTP mailer, $(tail -n 1 each.cpu)/s with a sendmail" \
	    "per update"
done
set -- $(stats smtp.cpu) $(stats each.cpu) $(stats smtp) $(stats each)
awk -v k="$RUNS" -v n="$MAILS" -v g="$GAMES" -v t="$TARGET" \
    -v sc="$1" -v sclo="$2" -v schi="$3" -v ec="$4" -v eclo="$5" \
    -v echi="$6" -v sw="$7" -v swlo="$8" -v swhi="$9" -v ew="${10}" \
    -v ewlo="${11}" -v ewhi="${12}" 'BEGIN {
	printf "drain: %d mails of %d games in one run (medians of %d runs, " \
	    "min, max):\n", n, g, k
	printf "  one SMTP mailer:        %5.0f mails/s per core (CPU time of " \
	    "the judge and its mailer) [%.0f - %.0f], %5.0f/s by the wall " \
	    "clock [%.0f - %.0f]\n", sc, sclo, schi, sw, swlo, swhi
	printf "  a sendmail per update:  %5.0f mails/s per core [%.0f - " \
	    "%.0f], %5.0f/s by the wall clock [%.0f - %.0f]\n", ec, eclo, \
	    echi, ew, ewlo, ewhi
	printf "  target >= %d mails/s per core, one SMTP mailer: %s\n", t, \
	    (sc >= t ? "PASS" : "MISS")
}'
