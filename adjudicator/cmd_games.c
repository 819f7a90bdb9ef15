/*
 * games -r ROOT: every game of a root, one line each: the games where
 * this copy writes next first, then those that wait on others, then those
 * over, the running clocks soonest deadline first (root.h).
 */
#include <unistd.h>

#include "cli.h"
#include "root.h"

int
cmd_games(int argc, char **argv, struct error *e)
{
	const char *root = NULL;
	struct buf out;
	int ch, rc;

	while ((ch = cli_getopt(argc, argv, "r:")) != -1) {
		if (ch != 'r')
			return cli_usage(e);
		root = optarg;
	}
	if (root == NULL && (root = cli_default_root()) == NULL)
		return cli_usage_why(e, "-r ROOT is missing (no "
		    "ADJUDICATOR_ROOT, and no ~/games)");
	if (cli_operands(argc - optind, argv + optind, 0, e) != 0)
		return -1;
	buf_init(&out);
	rc = root_games(root, &out, e);
	if (rc == 0)
		rc = cli_write(out.data, out.len, e);
	buf_free(&out);
	return rc;
}
