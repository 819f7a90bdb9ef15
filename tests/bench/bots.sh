#!/bin/sh
# The bots' strength: greedy against random, BOTS_N games per game (200
# by default; half with greedy in each seat), through bots.c.  Run by
# run.sh (same environment: BENCHBIN).  Fails when a game misses its
# target (greedy wins >= 70 %).
set -u

: "${BENCHBIN:?BENCHBIN must name the bench build directory}"
echo "bench: the bots, greedy against random (${BOTS_N:-200} games each)"
"$BENCHBIN/bots" -n "${BOTS_N:-200}"
