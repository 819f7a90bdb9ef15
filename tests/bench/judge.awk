# The report of one run of judge.sh (awk -f, its variables by -v): the
# judge's rate against its floor's by the wall clock and by CPU time,
# each target said PASS or MISS; the two ratios and their verdicts, the
# line "repeat WALL CPU PASSWALL PASSCPU", appended to the file rep.
BEGIN {
	printf "judge -r: %.0f mails/s one at a time (median of %d runs, " \
	    "min %.0f, max %.0f)\n", r, k, lo, hi
	printf "  the floor: %.0f mails/s [%.0f - %.0f]: a mail starts the " \
	    "judge and %d sendmails (%.1f ms a process here)\n", f, flo, fhi, \
	    u, 1000 / f / (u + 1)
	printf "  the judge at %.2f of its floor: %.1f ms a mail of its " \
	    "own work\n", r / f, 1000 / r - 1000 / f
	printf "  by CPU time: %.0f mails/s per core [%.0f - %.0f] against " \
	    "the floor's %.0f/s [%.0f - %.0f]: %.2f of it, %.1f ms a " \
	    "mail of its own\n", cr, clo, chi, cf, cflo, cfhi, cr / cf, \
	    1000 / cr - 1000 / cf
	printf "  target >= %.2f of the floor: %s\n", ft, \
	    (r / f >= ft ? "PASS" : "MISS")
	printf "  target >= %.2f of the floor by CPU time: %s\n", ct, \
	    (cr / cf >= ct ? "PASS" : "MISS")
	if (r >= t)
		printf "  target >= %d mails/s one at a time: PASS\n", t
	else if (f < t)
		printf "  target >= %d mails/s one at a time: MISS: %d " \
		    "process starts a mail allow %.0f/s on this machine\n", t, \
		    u + 1, f
	else
		printf "  target >= %d mails/s one at a time: MISS\n", t
	printf("repeat %.3f %.3f %d %d\n", r / f, cr / cf, (r / f >= ft), \
	    (cr / cf >= ct)) >>rep
}
