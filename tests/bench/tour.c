/*
 * make bench: a 1,000-player, 11-round tournament's table recomputed,
 * on one core: round robins in sections of 12 (11 rounds each), the
 * results drawn from a fixed seed, then, timed, what tournament verify
 * and table do once the archives are read: every round paired again
 * from the declaration and compared with the round held, the scores and
 * tie-breaks (Sonneborn-Berger, Buchholz, Buchholz Cut-1, direct
 * encounter, wins, Koya), and the table as text, YAML and HTML and the
 * TRF export.  Target: under a second.  The archives' own verification
 * is verify's figure (run.sh).
 *
 * usage: tour [RUNS]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "envelope.h"
#include "key.h"
#include "sec.h"
#include "tour.h"

#define PLAYERS	1000
#define TARGET	1.0

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int
declaration(struct tour_decl *d, struct error *e)
{
	struct key_secret *k;
	char line[KEY_LINE_MAX], name[16];
	struct buf b, sb;
	int i, rc;

	buf_init(&b);
	buf_init(&sb);
	buf_adds(&b, "adjudicator: 1\nkind: tournament\nid: bench\n"
	    "name: Bench\nrules: knights\nformat:\n  type: round-robin\n"
	    "  section: 12\ntiebreaks: [sonneborn-berger, buchholz, "
	    "buchholz-cut1, direct-encounter, wins, koya]\nplayers:\n");
	for (i = 0; i < PLAYERS; i++) {
		snprintf(name, sizeof(name), "p%d", i + 1);
		if ((k = key_generate(name, e)) == NULL)
			return -1;
		key_public_line(&k->pub, line, sizeof(line));
		buf_printf(&b, "- name: %s\n  key: %s\n", name, line);
		key_secret_free(k);
	}
	if ((k = key_generate("director", e)) == NULL)
		return -1;
	rc = envelope_sign(k, &k->pub, 1, b.data, b.len, &sb, e) != 0 ||
	    tour_decl_read(sb.data, sb.len, d, "bench", e) != 0 ? -1 : 0;
	key_secret_free(k);
	buf_free(&b);
	buf_free(&sb);
	return rc;
}

/* what verify and table do with what was read */
static int
recompute(const struct tour *t, struct buf *out, struct error *e)
{
	static const enum tour_fmt f[] = { TOUR_TEXT, TOUR_YAML, TOUR_HTML };
	struct tour_game *g;
	unsigned r;
	size_t ng, i, at = 0;

	for (r = 1; r <= t->nrounds; r++) {
		if (tour_pair(t, r, &g, &ng, e) != 0)
			return -1;
		for (i = 0; i < ng; i++, at++)
			if (at >= t->ns || t->s[at].g.white != g[i].white ||
			    t->s[at].g.black != g[i].black) {
				free(g);
				return error_set(e, EXIT_SYSTEM, "round %u "
				    "differs", r);
			}
		free(g);
	}
	for (i = 0; i < 3; i++) {
		out->len = 0;
		if (tour_table(t, f[i], out, e) != 0)
			return -1;
	}
	out->len = 0;
	return tour_trf(t, out, e);
}

int
main(int argc, char **argv)
{
	int runs = argc > 1 ? atoi(argv[1]) : 7, i, ok;
	struct tour_decl d;
	struct tour t;
	struct tour_game *g;
	struct error e;
	struct buf out;
	double s[64], t0, med;
	unsigned r, x = 12345;
	size_t ng, k;

	if (runs < 1 || runs > 64 || sec_init() != 0 ||
	    declaration(&d, &e) != 0 || tour_init(&t, &d, &e) != 0) {
		fprintf(stderr, "tour: %s\n", e.msg);
		return 1;
	}
	for (r = 1; r <= tour_rounds(&d); r++) {
		if (tour_pair(&t, r, &g, &ng, &e) != 0 ||
		    tour_add_round(&t, g, ng, &e) != 0) {
			fprintf(stderr, "tour: %s\n", e.msg);
			return 1;
		}
		free(g);
	}
	for (k = 0; k < t.ns; k++) {
		x = x * 1103515245u + 12345u;
		if (t.s[k].res == TOUR_PENDING)
			t.s[k].res = (enum tour_res)(TOUR_WHITE +
			    (x >> 16) % 3);
	}
	buf_init(&out);
	for (i = 0; i < runs; i++) {
		t0 = now();
		if (recompute(&t, &out, &e) != 0) {
			fprintf(stderr, "tour: %s\n", e.msg);
			return 1;
		}
		s[i] = now() - t0;
	}
	/* the median of the runs (insertion sort) */
	for (i = 1; i < runs; i++)
		for (k = (size_t)i; k > 0 && s[k - 1] > s[k]; k--) {
			t0 = s[k];
			s[k] = s[k - 1];
			s[k - 1] = t0;
		}
	med = s[runs / 2];
	ok = med < TARGET;
	printf("tournament table: %d players, %u rounds, %zu games: "
	    "%.3f s (min %.3f, max %.3f) on one core; target < %.1f s: %s\n",
	    PLAYERS, t.nrounds, t.ns, med, s[0], s[runs - 1], TARGET,
	    ok ? "PASS" : "FAIL");
	buf_free(&out);
	tour_free(&t);
	tour_decl_free(&d);
	return ok ? 0 : 1;
}
