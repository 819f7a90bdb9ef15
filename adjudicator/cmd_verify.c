/*
 * verify: audit a whole game from its archive (the library's
 * archive_verify), on every core unless ADJUDICATOR_THREADS says
 * otherwise (cli_threads); progress on stderr when it is a terminal.
 * Given two archives of one game (two seats' exports, or one and its
 * fork), each is audited, then the two are laid side by side: where
 * they part, and who signed both entries of that seq.  An input of
 * several archives (a mailbox of the judge's last mails) has each
 * audited, one line each.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "archive.h"
#include "armor.h"
#include "cli.h"
#include "fsio.h"
#include "match.h"
#include "verdict.h"

struct seen {
	struct verdict		 v;
	int			 archives;	/* how many the input held */
};

static void
progress(void *arg, uint32_t done, uint32_t total)
{
	(void)arg;
	fprintf(stderr, "\rverify: %u of %u entries", done, total);
	if (done == total)
		fputc('\n', stderr);
}

/* The archive s is at, named where, audited; what it holds in v, its
 * summary in out. */
static int
audit(struct armor_stream *s, const char *where, int threads,
    struct seen *v, struct buf *out, struct error *e)
{
	return verdict_audit(s, where, threads, isatty(STDERR_FILENO) ?
	    progress : NULL, &v->v, out, e);
}

/*
 * Every archive of the stream s, the first one audited already (rc, why,
 * out): one alone is said as ever, its summary or its error; of several,
 * each gets its line, and any that fails the whole (1, or 3 when every
 * one that failed was not an archive one can read).
 */
static int
each(struct armor_stream *s, const char *name, int threads, struct seen *v,
    int rc, struct buf *out, struct error *why, struct error *e)
{
	struct buf line;
	char where[300];
	int k, more, failed = 0, refused = 0;

	buf_init(&line);
	for (k = 1;; k++) {
		if (rc != 0 && why->status == EXIT_SYSTEM) {
			*e = *why;
			goto fail;
		}
		snprintf(where, sizeof(where), "%s: archive %d", name, k + 1);
		if ((more = armor_stream_next(s, where, e)) < 0)
			goto fail;
		v->archives = k;
		/* one alone: its summary when it checked out (also when a
		 * fork in it settles nothing, or a seat disputes a stamp),
		 * then its error, as ever */
		if (k == 1 && more == 1) {
			buf_free(&line);
			if ((rc == 0 || v->v.dispute.len > 0 ||
			    v->v.stamps.len > 0) &&
			    cli_write(out->data, out->len, e) != 0)
				return -1;
			if (rc != 0)
				*e = *why;
			return rc;
		}
		line.len = 0;
		verdict_line(name, k, &v->v, rc, out, why, &line);
		if (cli_write(line.data, line.len, e) != 0)
			goto fail;
		failed += rc != 0;
		refused |= rc != 0 && why->status != EXIT_MALFORMED;
		if (more == 1)
			break;
		verdict_again(&v->v, out);
		error_clear(why);
		rc = audit(s, where, threads, v, out, why);
	}
	buf_free(&line);
	if (failed == 0)
		return 0;
	return error_set(e, refused ? EXIT_REFUSED : EXIT_MALFORMED, "%s: %d "
	    "of %d archives do not check out (see the lines above)", name,
	    failed, k);
fail:
	buf_free(&line);
	return -1;
}

/* Each archive of one input audited; what the first holds in v. */
static int
one(const char *path, struct seen *v, struct error *e)
{
	struct armor_stream *s;
	struct buf out;
	struct error why;
	const char *in;
	char *argv[1];
	FILE *f;
	int n, rc = -1;

	argv[0] = (char *)path;
	if ((f = cli_archive_input(path != NULL, argv, &in, &n, e)) == NULL)
		return -1;
	buf_init(&out);
	error_clear(&why);
	if ((s = armor_stream_open(f, ARMOR_ARCHIVE, fsio_name(in), e)) !=
	    NULL)
		rc = each(s, fsio_name(in), n, v, audit(s, fsio_name(in), n, v,
		    &out, &why), &out, &why, e);
	armor_stream_close(s);
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
	for (i = 0; i < n; i++)
		verdict_init(&v[i].v);
	rc = one(argc > 0 ? argv[0] : NULL, &v[0], e);
	if (n == 2 && (rc == 0 || e->status != EXIT_SYSTEM)) {
		error_clear(&second);
		rc2 = one(argv[1], &v[1], &second);
		if (rc == 0 && rc2 != 0) {
			*e = second;
			rc = -1;
		}
		/* a fork named outweighs what each audit said; an input of
		 * several archives is no one game's copy */
		if (v[0].archives > 1 || v[1].archives > 1)
			printf("%s and %s: not compared: %s holds several "
			    "archives\n", argv[0], argv[1], v[0].archives > 1 ?
			    argv[0] : argv[1]);
		else if (!(rc2 != 0 && second.status == EXIT_SYSTEM) &&
		    compare(argv[0], &v[0].v.steps, argv[1], &v[1].v.steps,
		    &second) != 0) {
			*e = second;
			rc = -1;
		}
	}
	for (i = 0; i < n; i++)
		verdict_free(&v[i].v);
	return rc;
}
