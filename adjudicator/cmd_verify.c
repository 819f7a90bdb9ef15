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
	const char *in = NULL;
	struct buf out;
	FILE *f;
	int n = 1, rc;

	if (cli_getopt(argc, argv, "") != -1 || argc - optind > 1)
		return cli_usage(e);
	if (argc - optind == 1)
		in = argv[optind];
	if (cli_threads(&n, e) != 0)
		return -1;
	if (in == NULL || strcmp(in, "-") == 0)
		f = stdin;
	else if ((f = fopen(in, "r")) == NULL)
		return error_errno(e, "%s", in);
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
