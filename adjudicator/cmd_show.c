/*
 * show: this seat's view, as text, YAML or an SVG picture; or the move
 * list of the game so far (-f moves; -a: the judge's stamps too).
 */
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "replay.h"

int
cmd_show(int argc, char **argv, struct error *e)
{
	struct cli_where w = { NULL, NULL };
	const char *fmt = "text";
	struct gamedir g;
	int ch, rc, all = 0;

	while ((ch = cli_getopt(argc, argv, "ad:r:f:")) != -1) {
		if (ch == 'f')
			fmt = optarg;
		else if (ch == 'a')
			all = 1;
		else if (!cli_where_opt(ch, &w))
			return cli_usage(e);
	}
	if (cli_operands(argc - optind, argv + optind, 0, e) != 0)
		return -1;
	if (strcmp(fmt, "text") != 0 && strcmp(fmt, "yaml") != 0 &&
	    strcmp(fmt, "svg") != 0 && strcmp(fmt, "moves") != 0 &&
	    strcmp(fmt, "public") != 0)
		return error_set(e, EXIT_USAGE, "-f %s: the formats are text, "
		    "public, yaml, svg and moves", fmt);
	if (all && strcmp(fmt, "moves") != 0)
		return error_set(e, EXIT_USAGE, "-a: every entry, the "
		    "judge's stamps too, is for -f moves");
	if (cli_gamedir(w.dir, w.root, GAMEDIR_READ, &g, e) != 0)
		return -1;
	if (strcmp(fmt, "moves") == 0)
		rc = cli_so_far(&g, all ? REPLAY_MOVES_ALL : REPLAY_MOVES, e);
	else
		rc = cli_view(&g, fmt, e);
	gamedir_close(&g);
	return rc;
}
