/*
 * resend: print again a message this seat sent: the one with SEQ, or
 * everything its last command printed.
 */
#include <stdlib.h>
#include <unistd.h>

#include "cli.h"
#include "mail.h"

/* What the last turn printed: an opening or a move can be followed by
 * the final openings, in consecutive entries. */
static uint64_t
first_of_last(struct gamedir *g, uint64_t last)
{
	struct buf probe;
	struct error ign;
	uint64_t first;

	buf_init(&probe);
	for (first = last; first > 1; first--) {
		probe.len = 0;
		if (gamedir_outbox(g, first - 1, &probe, &ign) != 0)
			break;
	}
	buf_free(&probe);
	return first;
}

int
cmd_resend(int argc, char **argv, struct error *e)
{
	struct cli_where w = { NULL, NULL };
	struct gamedir g;
	struct buf b;
	unsigned long long seq, first, from;
	char *end;
	int ch, rc = -1, mail = 0;

	while ((ch = cli_getopt(argc, argv, "d:r:M")) != -1) {
		if (ch == 'M')
			mail = 1;
		else if (!cli_where_opt(ch, &w))
			return cli_usage(e);
	}
	argc -= optind;
	argv += optind;
	if (cli_operands(argc, argv, 1, e) != 0 ||
	    cli_gamedir(w.dir, w.root, GAMEDIR_READ, &g, e) != 0)
		return -1;
	buf_init(&b);
	if (argc == 1) {
		seq = strtoull(argv[0], &end, 10);
		if (*argv[0] == '\0' || *end != '\0') {
			error_set(e, EXIT_USAGE, "%s: SEQ is a number", argv[0]);
			goto done;
		}
		first = seq;
	} else if ((seq = gamedir_last_sent(&g)) == 0) {
		error_set(e, EXIT_USAGE, "%s: %s has sent nothing yet",
		    cli_dir_shown(&g), g.seat);
		goto done;
	} else
		first = first_of_last(&g, seq);
	if (mail && mail_message_check(g.t.m, g.t.me, e) != 0)
		goto done;
	for (from = first; first <= seq; first++)
		if (gamedir_outbox(&g, first, &b, e) != 0)
			goto done;
	if (mail && cli_mail(&g, from, &b, e) != 0)
		goto done;
	rc = cli_write(b.data, b.len, e);
done:
	buf_free(&b);
	gamedir_close(&g);
	return rc;
}
