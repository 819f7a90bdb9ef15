# The verify table of one run of run.sh (awk -f, its variables by -v):
# every figure a median of the run's samples with their min and max, each
# target said PASS or MISS; its two ratios against their targets, the
# line "repeat R1 RC PASS1 PASSC", appended to the file rep.
function verdict(ok) { return ok ? "PASS" : "MISS" }
function line(what, med, lo, hi, fmt, target, ok) {
	printf "%-40s " fmt " [" fmt " - " fmt "]", what, med, lo, hi
	if (target != "")
		printf "  %-9s %s", target, verdict(ok)
	printf "\n"
}
BEGIN {
	split(raw, r); split(t1, a); split(tc, c); split(rss, m)
	split(rawc, rc)
	printf "\n%-40s %s\n", "verify, " n " entries", \
	    "median [min - max] of " runs "  target"
	line("raw Ed25519 signatures/s, 1 core", r[1], r[2], r[3], "%8.0f")
	line("verify entries/s, 1 core", n / a[1], n / a[3], n / a[2], "%8.0f")
	line("  / raw Ed25519, 1 core", n / a[1] / r[1], n / a[3] / r[1], \
	    n / a[2] / r[1], "%8.3f", ">= " rt, n / a[1] / r[1] >= rt)
	if (cores < 2)
		printf "%-40s skipped: this machine has one core\n", \
		    "verify on 2 cores"
	else {
		line("verify entries/s, " cores " cores", n / c[1], n / c[3], \
		    n / c[2], "%8.0f")
		line("  speed-up over 1 core", a[1] / c[1], a[1] / c[3], \
		    a[1] / c[2], "%8.2f")
		cr = n / c[1] / r[1]
		line("  / raw Ed25519, 1 core", cr, n / c[3] / r[1], \
		    n / c[2] / r[1], "%8.3f", ">= " ct, cr >= ct)
		# what the machine gives: Ed25519 alone on every core
		line("raw Ed25519 signatures/s, " cores " cores", rc[1], \
		    rc[2], rc[3], "%8.0f")
		line("  / raw Ed25519, 1 core", rc[1] / r[1], rc[2] / r[1], \
		    rc[3] / r[1], "%8.3f")
		line("verify on " cores " cores / raw on " cores, \
		    n / c[1] / rc[1], n / c[3] / rc[1], n / c[2] / rc[1], \
		    "%8.3f")
		if (cr < ct)
			printf "%-40s (at most %.3f here: verify on 1 core " \
			    "at raw speed, on %d cores at theirs)\n", "", \
			    rc[1] / r[1], cores
	}
	line("verify peak RSS, MiB", m[1] / 1024, m[2] / 1024, m[3] / 1024, \
	    "%8.2f", "<= " mt / 1024, m[3] <= mt)
	if (ms == "")
		printf "%-40s skipped\n", "speed-up over minisign -V per entry"
	else {
		split(ms, s)
		# seconds per entry: minisign per process, verify on all cores
		line("minisign -V processes/s", msn / s[1], msn / s[3], \
		    msn / s[2], "%8.0f")
		line("speed-up over minisign -V per entry", \
		    s[1] / msn / (c[1] / n), s[2] / msn / (c[1] / n), \
		    s[3] / msn / (c[1] / n), "%8.1f")
		line("  ceiling: raw Ed25519 on 1 core", s[1] / msn * r[1], \
		    s[2] / msn * r[1], s[3] / msn * r[1], "%8.1f")
		# the minisign time cancels out: the rate of verify on every
		# core against raw Ed25519 on one
		line("  speed-up / its ceiling", n / c[1] / r[1], \
		    n / c[3] / r[1], n / c[2] / r[1], "%8.2f", ">= " st, \
		    n / c[1] / r[1] >= st)
	}
	printf("repeat %.3f %.3f %d %d\n", n / a[1] / r[1], \
	    cores < 2 ? 0 : n / c[1] / r[1], (n / a[1] / r[1] >= rt), \
	    (cores < 2 || n / c[1] / r[1] >= ct)) >>rep
}