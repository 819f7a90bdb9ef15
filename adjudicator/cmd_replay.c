/*
 * replay: a finished game as one self-contained HTML page on stdout
 * (lib/replay.c, formats/replay.md).  The archive is verified exactly as
 * verify does it; a refused one gets verify's error and exit status, and
 * no page.  With -d (or -r ROOT -d ID): this copy's game so far, finished
 * or not, its public positions only.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "fsio.h"
#include "replay.h"

/* replay -d GAMEDIR: the page of the game so far. */
static int
so_far(const char *dir, const char *root, struct error *e)
{
	struct gamedir g;
	int rc;

	if (cli_gamedir(dir, root, GAMEDIR_READ, &g, e) != 0)
		return -1;
	rc = cli_so_far(&g, REPLAY_PAGE, e);
	gamedir_close(&g);
	return rc;
}

int
cmd_replay(int argc, char **argv, struct error *e)
{
	struct cli_where w = { NULL, NULL };
	const char *in;
	struct buf page, data;
	FILE *f;
	int ch, n, rc, all = 0;

	while ((ch = cli_getopt(argc, argv, "ad:r:")) != -1)
		if (ch == 'a')
			all = 1;
		else if (!cli_where_opt(ch, &w))
			return cli_usage(e);
	argc -= optind;
	argv += optind;
	if (w.dir != NULL || w.root != NULL) {
		if (all)
			return cli_usage_why(e, "-a is a finished game's, from "
			    "its archive: every piece of a game under way is "
			    "no one's to show");
		return cli_operands(argc, argv, 0, e) != 0 ? -1 :
		    so_far(w.dir, w.root, e);
	}
	if ((f = cli_archive_input(argc, argv, &in, &n, e)) == NULL)
		return -1;
	buf_init(&page);
	buf_init(&data);
	if (all) {
		/* read twice: the setups first, then the pages with them */
		rc = cli_read(in, &data, e);
		if (rc == 0)
			rc = replay_page_all(data.data, data.len, fsio_name(in),
			    n, &page, e);
	} else
		rc = replay_page(f, fsio_name(in), n, &page, e);
	buf_free(&data);
	if (rc == 0)
		rc = cli_write(page.data, page.len, e);
	buf_free(&page);
	if (f != stdin)
		fclose(f);
	return rc;
}
