/*
 * export: the archive of this copy of the game on stdout.
 */
#include <unistd.h>

#include "cli.h"

int
cmd_export(int argc, char **argv, struct error *e)
{
	const char *dir = NULL;
	struct gamedir g;
	struct buf arm;
	int ch, rc;

	while ((ch = cli_getopt(argc, argv, "d:")) != -1) {
		if (ch != 'd')
			return cli_usage(e);
		dir = optarg;
	}
	if (dir == NULL || optind != argc)
		return cli_usage(e);
	if (cli_gamedir(dir, GAMEDIR_READ, &g, e) != 0)
		return -1;
	buf_init(&arm);
	rc = gamedir_export(&g, &arm, e);
	if (rc == 0)
		rc = cli_write(arm.data, arm.len, e);
	buf_free(&arm);
	gamedir_close(&g);
	return rc;
}
