/*
 * The verbs.  Each one is a function that parses its own options and
 * returns 0 or -1 with the error set; only main() prints errors and picks
 * the exit status.
 */
#ifndef CLI_H
#define CLI_H

#include "error.h"
#include "pass.h"	/* pass_key: what the verbs hand key_secret_load */

struct verb {
	const char	*name;
	int		(*main)(int, char **, struct error *);
	const char	*usage;		/* the man page SYNOPSIS line */
	const char	*summary;
};

extern const struct verb *cli_verb;	/* the verb running */

/* Sets a usage error for the running verb. */
int	cli_usage(struct error *);
/* getopt prelude: handles -h; returns 1 when -h was given. */
int	cli_help(int, char **);

int	cmd_keygen(int, char **, struct error *);
int	cmd_seal(int, char **, struct error *);
int	cmd_open(int, char **, struct error *);
int	cmd_new(int, char **, struct error *);
int	cmd_join(int, char **, struct error *);
int	cmd_setup(int, char **, struct error *);
int	cmd_turn(int, char **, struct error *);
int	cmd_receive(int, char **, struct error *);
int	cmd_show(int, char **, struct error *);
int	cmd_resend(int, char **, struct error *);
int	cmd_export(int, char **, struct error *);
int	cmd_verify(int, char **, struct error *);
int	cmd_rules(int, char **, struct error *);
int	cmd_judge(int, char **, struct error *);

#endif
