/*
 * What every verb shares: the running verb and its usage line.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"

const struct verb *cli_verb;

int
cli_usage(struct error *e)
{
	if (cli_verb == NULL)
		return error_set(e, EXIT_USAGE, "usage error");
	return error_set(e, EXIT_USAGE, "usage: %s", cli_verb->usage);
}

int
cli_help(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--") == 0)
			break;
		if (strcmp(argv[i], "-h") == 0) {
			printf("usage: %s\n", cli_verb->usage);
			return 1;
		}
	}
	return 0;
}
