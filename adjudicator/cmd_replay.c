/*
 * replay: a finished game as one self-contained HTML page on stdout
 * (lib/replay.c, formats/replay.md).  The archive is verified exactly as
 * verify does it; a refused one gets verify's error and exit status, and
 * no page.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "fsio.h"
#include "replay.h"

int
cmd_replay(int argc, char **argv, struct error *e)
{
	const char *in;
	struct buf page;
	FILE *f;
	int n, rc;

	if ((f = cli_archive_open(argc, argv, &in, &n, e)) == NULL)
		return -1;
	buf_init(&page);
	rc = replay_page(f, fsio_name(in), n, &page, e);
	if (rc == 0)
		rc = cli_write(page.data, page.len, e);
	buf_free(&page);
	if (f != stdin)
		fclose(f);
	return rc;
}
