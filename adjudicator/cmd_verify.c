/*
 * verify: audit a whole game from its archive (the library's
 * archive_verify), on every core unless ADJUDICATOR_THREADS says
 * otherwise (cli_threads); progress on stderr when it is a terminal.
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
	struct buf *line = arg;

	(void)e;
	if (m->dispute.on)
		dispute_text(m, line);
	return 0;
}

int
cmd_verify(int argc, char **argv, struct error *e)
{
	struct archive_progress hooks = { .end = disputed };
	struct buf out, dispute;
	const char *in;
	FILE *f;
	int n, rc;

	if ((f = cli_archive_open(argc, argv, &in, &n, e)) == NULL)
		return -1;
	buf_init(&out);
	buf_init(&dispute);
	hooks.arg = &dispute;
	if (isatty(STDERR_FILENO))
		hooks.step = progress;
	rc = archive_verify(f, fsio_name(in), n, &hooks, &out, e);
	if (rc == 0)
		rc = cli_write(out.data, out.len, e);
	if (rc == 0 && dispute.len > 0) {
		buf_cstr(&dispute);
		rc = error_set(e, EXIT_REFUSED, "%s: no result: %s",
		    fsio_name(in), (char *)dispute.data);
	}
	buf_free(&dispute);
	buf_free(&out);
	if (f != stdin)
		fclose(f);
	return rc;
}
