/*
 * export: the archive of this copy of the game on stdout.
 */
#include <unistd.h>

#include "cli.h"

/* The archive goes out as it is made: its memory does not grow with the
 * game. */
static int
to_stdout(void *arg, const void *p, size_t len, struct error *e)
{
	(void)arg;
	return cli_write(p, len, e);
}

int
cmd_export(int argc, char **argv, struct error *e)
{
	struct cli_where w = { NULL, NULL };
	struct gamedir g;
	struct buf arm;
	int ch, rc;

	while ((ch = cli_getopt(argc, argv, "d:r:")) != -1)
		if (!cli_where_opt(ch, &w))
			return cli_usage(e);
	if (cli_operands(argc - optind, argv + optind, 0, e) != 0 ||
	    cli_gamedir(w.dir, w.root, GAMEDIR_READ, &g, e) != 0)
		return -1;
	buf_init(&arm);
	rc = gamedir_export(&g, &arm, to_stdout, NULL, e);
	buf_free(&arm);
	gamedir_close(&g);
	return rc;
}
