/*
 * site -r ROOT OUTDIR: the games of ROOT as a static web site in OUTDIR
 * (lib/site.c, formats/site.md), every page written anew.  The mail bot
 * keeps it current itself when ROOT/judge.yaml names it (site: OUTDIR).
 */
#include <stdio.h>
#include <unistd.h>

#include "cli.h"
#include "site.h"

int
cmd_site(int argc, char **argv, struct error *e)
{
	const char *root = NULL;
	int ch, unreadable = 0;

	while ((ch = cli_getopt(argc, argv, "r:")) != -1) {
		if (ch == 'r')
			root = optarg;
		else
			return cli_usage(e);
	}
	if (root == NULL)
		return cli_usage_why(e, "-r ROOT is missing");
	if (cli_operands(argc - optind, argv + optind, 1, e) != 0)
		return -1;
	if (argc - optind != 1)
		return cli_usage_why(e, "OUTDIR is missing");
	if (argv[optind][0] == '\0')
		return cli_usage_why(e, "OUTDIR: an empty name");
	if (site_build(root, argv[optind], &unreadable, e) != 0)
		return -1;
	if (unreadable > 0)
		fprintf(stderr, "adjudicator: site: %d game%s or "
		    "tournament%s of %s cannot be read, left out (games -r "
		    "or tournament verify says why)\n", unreadable,
		    unreadable == 1 ? "" : "s", unreadable == 1 ? "" : "s",
		    root);
	return 0;
}
