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
#include "fsio.h"

static void
progress(void *arg, uint32_t done, uint32_t total)
{
	(void)arg;
	fprintf(stderr, "\rverify: %u of %u entries", done, total);
	if (done == total)
		fputc('\n', stderr);
}

int
cmd_verify(int argc, char **argv, struct error *e)
{
	const struct archive_progress show = { .step = progress };
	const char *in;
	struct buf out;
	FILE *f;
	int n, rc;

	if ((f = cli_archive_open(argc, argv, &in, &n, e)) == NULL)
		return -1;
	buf_init(&out);
	rc = archive_verify(f, fsio_name(in), n, isatty(STDERR_FILENO) ? &show :
	    NULL, &out, e);
	if (rc == 0)
		rc = cli_write(out.data, out.len, e);
	buf_free(&out);
	if (f != stdin)
		fclose(f);
	return rc;
}
