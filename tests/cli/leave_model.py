#!/usr/bin/env python3
"""A small model of leave (formats/entry.md, "Time"), for tests/cli/time.sh.

It knows nothing of the program's arithmetic: it walks the turn minute by
minute.  A seat's clock runs in every minute that is not one of its
absences; its deadline is the minute its running minutes reach the time a
move gives.  An absence is what the seat announced, from when it was
announced at the earliest: a new announcement that begins by the end of
the absence announced before extends it (one absence, capped at the cap
on one absence and at the leave left); one that begins later is refused
while the first is not over, and replaces it once it is; one that adds
nothing is refused.  The leave drawn is the minutes of absence before the
seat moves.

Usage: leave_model.py PER_MOVE LEAVE CAP MOVE [T:FROM:UNTIL]...
(minutes from the start of the turn).  Prints, for each announcement,
"ok DEADLINE" or "refused", then "moved LEAVE_LEFT" for the move at MOVE
(or "late" past the deadline).
"""
import sys


def main():
    per_move, leave, cap, move = (int(x) for x in sys.argv[1:5])
    absences = []      # closed ones and the current one, [from, until)
    cur = None         # the current announcement: [from, until)

    def absent(minute):
        for a, b in absences + ([cur] if cur else []):
            if a <= minute < b:
                return True
        return False

    def left_at(minute):
        used = sum(1 for m in range(minute) if absent(m))
        return leave - used

    def capped(a, b, minute_left):
        return (a, min(b, a + min(cap, minute_left)))

    def deadline():
        run = 0
        m = 0
        while True:
            if not absent(m):
                run += 1
                if run == per_move:
                    return m + 1
            m += 1

    out = []
    for spec in sys.argv[5:]:
        t, f, u = (int(x) for x in spec.split(":"))
        f = max(f, t)
        if u <= f or t > deadline() or left_at(t) <= 0:
            out.append("refused")
            continue
        if cur is None:
            cur = capped(f, u, left_at(t) - 0)
            out.append("ok %d" % deadline())
            continue
        a, b = cur
        if f <= b:
            # the leave left counts what earlier absences drew
            drawn = sum(1 for m in range(a) if absent(m))
            new = capped(min(a, f), max(b, u), leave - drawn)
            if new[1] <= b:
                out.append("refused")
                continue
            cur = new
        elif b > t:
            out.append("refused")
            continue
        else:
            absences.append(cur)
            drawn = sum(b2 - a2 for a2, b2 in absences)
            cur = capped(f, u, leave - drawn)
        out.append("ok %d" % deadline())
    if move > deadline():
        out.append("late")
    else:
        out.append("moved %d" % left_at(move))
    print("\n".join(out))


main()
