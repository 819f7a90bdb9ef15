/*
 * judge -d GAMEDIR -O OUTDIR: the referee of a judged game, run on files.
 * One summary line per message on stdout says what was applied, what
 * waits and what was refused; each update is appended to OUTDIR/SEAT.msg
 * for the mailer.  The engine is the library's (judge.c).
 */
#include <limits.h>
#include <stdio.h>
#include <unistd.h>

#include "cli.h"
#include "fsio.h"
#include "judge.h"

struct outdir {
	const char		*path;
	const struct match	*m;
};

/* An update not yet mailed stays: the new one follows it. */
static int
to_file(void *arg, int seat, const struct buf *arm, size_t n, int note,
    struct error *e)
{
	struct outdir *o = arg;
	char path[PATH_MAX];

	if ((size_t)snprintf(path, sizeof(path), "%s/%s.msg", o->path,
	    o->m->seat[seat].name) >= sizeof(path))
		return error_set(e, EXIT_USAGE, "%s: path too long", o->path);
	if (fsio_append(path, arm->data, arm->len, e) != 0)
		return -1;
	printf("%s: update for %s (%zu entries%s)\n", path,
	    o->m->seat[seat].name, n, note ? ", a note" : "");
	return 0;
}

static int
judge(struct gamedir *g, const char *outdir, int argc, char **argv,
    struct error *e)
{
	struct key_secret *k;
	struct judge_run j;
	struct outdir o;
	struct buf text;
	const char *in;
	int i, nfiles, rc = -1;

	if (g->t.me != GAME_JUDGE)
		return error_set(e, EXIT_USAGE, "%s: %s's game directory, not "
		    "the judge's", g->path, g->seat);
	if (fsio_mkdir(outdir, 0700, e) != 0 || (k = cli_key(g,
	    e)) == NULL)
		return -1;
	buf_init(&text);
	judge_run_init(&j, &g->t, k);
	/* obligations left by an earlier run that stopped half-way */
	if (judge_auto(&j, e) != 0)
		goto done;
	nfiles = argc == 0 ? 1 : argc;
	for (i = 0; i < nfiles; i++) {
		in = argc == 0 ? NULL : argv[i];
		text.len = 0;
		if (cli_read(in, &text, e) != 0 ||
		    judge_input(&j, (const char *)text.data, text.len,
		    fsio_name(in), e) != 0)
			goto done;
	}
	/* what was accepted is kept before any update goes out, and an
	 * update is marked sent only once it is out */
	o.path = outdir;
	o.m = g->t.m;
	if (gamedir_commit(g, e) != 0 ||
	    judge_updates(&j, to_file, &o, e) != 0 ||
	    gamedir_commit(g, e) != 0)
		goto done;
	if (j.malformed || j.refused) {
		error_set(e, j.malformed ? EXIT_MALFORMED : EXIT_REFUSED,
		    "some messages were refused (see the lines above)");
		goto done;
	}
	rc = 0;
done:
	key_secret_free(k);
	buf_free(&text);
	return rc;
}

int
cmd_judge(int argc, char **argv, struct error *e)
{
	const char *dir = NULL, *outdir = NULL;
	struct gamedir g;
	int ch, rc;

	while ((ch = cli_getopt(argc, argv, "d:O:")) != -1) {
		switch (ch) {
		case 'd':
			dir = optarg;
			break;
		case 'O':
			outdir = optarg;
			break;
		default:
			return cli_usage(e);
		}
	}
	argc -= optind;
	argv += optind;
	if (dir == NULL || outdir == NULL)
		return cli_usage(e);
	if (gamedir_open(dir, GAMEDIR_WRITE, &g, &cli_report_stdout, e) != 0)
		return -1;
	rc = judge(&g, outdir, argc, argv, e);
	gamedir_close(&g);
	return rc;
}
