/*
 * receive: apply the messages of one or more inputs (whole mails, several
 * messages, duplicates, early ones), then print this seat's view.  What
 * happens to each message is said on stderr.
 */
#include <stdio.h>
#include <unistd.h>

#include "cli.h"
#include "fsio.h"

int
cmd_receive(int argc, char **argv, struct error *e)
{
	const char *dir = NULL, *in;
	struct key_secret *k = NULL;
	struct gamedir g;
	struct buf text;
	int ch, i, nfiles, rc = -1;

	while ((ch = cli_getopt(argc, argv, "d:")) != -1) {
		if (ch != 'd')
			return cli_usage(e);
		dir = optarg;
	}
	argc -= optind;
	argv += optind;
	if (dir == NULL)
		return cli_usage(e);
	if (cli_gamedir(dir, GAMEDIR_WRITE, &g, e) != 0)
		return -1;
	buf_init(&text);
	if ((k = cli_key(&g, e)) == NULL)
		goto done;
	nfiles = argc == 0 ? 1 : argc;
	for (i = 0; i < nfiles; i++) {
		in = argc == 0 ? NULL : argv[i];
		text.len = 0;
		if (cli_read(in, &text, e) != 0 ||
		    transcript_receive(&g.t, k, (const char *)text.data, text.len,
		    fsio_name(in), e) != 0) {
			/* what was accepted before the refusal stays */
			struct error ign;

			gamedir_commit(&g, &ign);
			goto done;
		}
	}
	if (gamedir_commit(&g, e) == 0)
		rc = cli_view(&g, "text", e);
done:
	key_secret_free(k);
	buf_free(&text);
	gamedir_close(&g);
	return rc;
}
