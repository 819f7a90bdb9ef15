/*
 * verify: audit a whole game from its archive (the library's
 * archive_verify), on every core unless ADJUDICATOR_THREADS says
 * otherwise (cli_threads); progress on stderr when it is a terminal.
 * Given two archives of one game (two seats' exports, or one and its
 * fork), each is audited, then the two are laid side by side: where
 * they part, and who signed both entries of that seq.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "archive.h"
#include "cli.h"
#include "dispute.h"
#include "fsio.h"
#include "match.h"

struct seen {
	struct buf		*dispute;
	struct archive_steps	 steps;
};

static void
progress(void *arg, uint32_t done, uint32_t total)
{
	(void)arg;
	fprintf(stderr, "\rverify: %u of %u entries", done, total);
	if (done == total)
		fputc('\n', stderr);
}

/* A disputed timeout claim: the archive checks out, but it holds no
 * result anyone can rely on. */
static int
disputed(void *arg, const struct match *m, struct error *e)
{
	struct seen *v = arg;

	(void)e;
	if (m->dispute.on)
		dispute_text(m, v->dispute);
	return 0;
}

static int
entry(void *arg, const struct match *m, struct error *e)
{
	struct seen *v = arg;

	return archive_step(&v->steps, m, e);
}

/* One archive audited; what it holds in v. */
static int
one(const char *path, struct seen *v, struct error *e)
{
	struct archive_progress hooks = { .end = disputed, .entry = entry };
	struct buf out;
	const char *in;
	char *argv[1];
	FILE *f;
	int n, rc;

	argv[0] = (char *)path;
	if ((f = cli_archive_input(path != NULL, argv, &in, &n, e)) == NULL)
		return -1;
	buf_init(&out);
	hooks.arg = v;
	if (isatty(STDERR_FILENO))
		hooks.step = progress;
	rc = archive_verify(f, fsio_name(in), n, &hooks, &out, e);
	if (rc == 0)
		rc = cli_write(out.data, out.len, e);
	if (rc == 0 && v->dispute->len > 0) {
		buf_cstr(v->dispute);
		rc = error_set(e, EXIT_REFUSED, "%s: no result: %s",
		    fsio_name(in), (char *)v->dispute->data);
	}
	buf_free(&out);
	if (f != stdin)
		fclose(f);
	return rc;
}

/*
 * Two archives of one game side by side: 0 when one is the other's
 * beginning (or both the same); else where they part, and who signed
 * both entries of that seq: one key twice is the proof that its holder
 * equivocated.
 */
static int
compare(const char *pa, const struct archive_steps *a, const char *pb,
    const struct archive_steps *b, struct error *e)
{
	const struct archive_step *x, *y;
	size_t i;

	if (a->game[0] == '\0' || b->game[0] == '\0')
		return 0;
	if (strcmp(a->game, b->game) != 0)
		return error_set(e, EXIT_USAGE, "%s and %s: two games (%.16s, "
		    "%.16s), nothing to compare", pa, pb, a->game, b->game);
	for (i = 0; i < a->n && i < b->n &&
	    memcmp(a->s[i].hash, b->s[i].hash, SEC_HASH) == 0; i++)
		;
	if (i == a->n || i == b->n) {
		char line[1024];
		int len;

		len = snprintf(line, sizeof(line), "%s and %s: one game, the "
		    "same entries up to entry %zu\n", pa, pb, i);
		return cli_write(line, len > 0 && (size_t)len < sizeof(line) ?
		    (size_t)len : strlen(line), e);
	}
	x = &a->s[i];
	y = &b->s[i];
	if (strcmp(x->key, y->key) == 0)
		return error_set(e, EXIT_REFUSED, "%s and %s part at entry "
		    "%zu: %s%s (key %s) signed both, on the same entry %zu: "
		    "proof that %s%s equivocated", pa, pb, i + 1,
		    x->by == GAME_JUDGE ? "the " : "", x->name, x->key, i,
		    x->by == GAME_JUDGE ? "the " : "", x->name);
	return error_set(e, EXIT_REFUSED, "%s and %s part at entry %zu: "
	    "signed by %s (key %s) in the one, by %s (key %s) in the other",
	    pa, pb, i + 1, x->name, x->key, y->name, y->key);
}

int
cmd_verify(int argc, char **argv, struct error *e)
{
	struct seen v[2];
	struct buf dispute[2];
	struct error second;
	int i, n, rc = 0, rc2 = 0;

	if (cli_getopt(argc, argv, "") != -1)
		return cli_usage(e);
	argc -= optind;
	argv += optind;
	if (cli_operands(argc, argv, 2, e) != 0)
		return -1;
	n = argc < 1 ? 1 : argc;
	memset(v, 0, sizeof(v));
	for (i = 0; i < n; i++) {
		buf_init(&dispute[i]);
		v[i].dispute = &dispute[i];
	}
	rc = one(argc > 0 ? argv[0] : NULL, &v[0], e);
	if (n == 2 && (rc == 0 || e->status != EXIT_SYSTEM)) {
		error_clear(&second);
		rc2 = one(argv[1], &v[1], &second);
		if (rc == 0 && rc2 != 0) {
			*e = second;
			rc = -1;
		}
		/* a fork named outweighs what each audit said */
		if (!(rc2 != 0 && second.status == EXIT_SYSTEM) &&
		    compare(argv[0], &v[0].steps, argv[1], &v[1].steps,
		    &second) != 0) {
			*e = second;
			rc = -1;
		}
	}
	for (i = 0; i < n; i++) {
		buf_free(&dispute[i]);
		free(v[i].steps.s);
	}
	return rc;
}
