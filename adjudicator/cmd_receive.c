/*
 * receive: apply the messages of one or more inputs (whole mails, several
 * messages, duplicates, early ones), then print this seat's view.  What
 * happens to each message is said on stderr.
 */
#include <stdio.h>
#include <unistd.h>

#include "cli.h"
#include "fsio.h"
#include "mail.h"
#include "root.h"

static struct key_secret *
load_key(const char *path, void *arg, struct error *e)
{
	(void)arg;
	return cli_key_load(path, e);
}

static void
say(void *arg, const char *line)
{
	(void)arg;
	fprintf(stderr, "%s\n", line);
}

/* A message that changes nothing, not listed: counted in *arg. */
static void
count(void *arg, const char *line)
{
	(void)line;
	(*(unsigned long *)arg)++;
}

/*
 * receive -r ROOT: a mixed mailbox, read mail by mail, each message to its
 * game; a game not in the root, or a mail too large, is said on one line
 * and skipped.  A mailbox read at every sitting holds mostly what was
 * taken before: those messages are counted on one line, listed with -v.
 * The views of the games that took something follow.
 */
static int
receive_root(const char *root, int verbose, int argc, char **argv,
    struct error *e)
{
	struct root_receive r;
	struct buf views;
	unsigned long seen = 0;
	struct report quiet = { say, &seen, count };
	const char *in;
	FILE *f;
	int i, nfiles, rc = -1;

	if (root_receive_begin(&r, root, load_key, NULL, verbose ?
	    &cli_report_stderr : &quiet, e) != 0 ||
	    root_receive_keys(&r, e) != 0) {
		root_receive_end(&r);
		return -1;
	}
	buf_init(&views);
	nfiles = argc == 0 ? 1 : argc;
	for (i = 0; i < nfiles; i++) {
		in = argc == 0 ? NULL : argv[i];
		if ((f = cli_open(in, e)) == NULL)
			goto done;
		rc = root_receive(&r, f, fsio_name(in), e);
		cli_close(f);
		if (rc != 0)
			goto done;
		rc = -1;
	}
	if (seen > 0)
		fprintf(stderr, "%lu message%s already applied or held, "
		    "nothing new (-v lists %s)\n", seen, seen == 1 ? "" : "s",
		    seen == 1 ? "it" : "them");
	if (root_receive_views(&r, &views, e) != 0 ||
	    cli_write(views.data, views.len, e) != 0)
		goto done;
	if (r.messages == 0)
		error_set(e, EXIT_MALFORMED, "no %s found", "ADJUDICATOR MESSAGE");
	else if (r.refused || r.malformed)
		error_set(e, r.malformed ? EXIT_MALFORMED : EXIT_REFUSED,
		    "some messages were refused (see the lines above)");
	else
		rc = 0;
done:
	root_receive_end(&r);
	buf_free(&views);
	return rc;
}

int
cmd_receive(int argc, char **argv, struct error *e)
{
	const char *dir = NULL, *in, *root = NULL;
	struct key_secret *k = NULL, *also = NULL;
	struct gamedir g;
	struct mail_in head;
	struct buf text;
	int ch, i, nfiles, rc = -1, verbose = 0;

	while ((ch = cli_getopt(argc, argv, "d:r:v")) != -1) {
		if (ch == 'd')
			dir = optarg;
		else if (ch == 'r')
			root = optarg;
		else if (ch == 'v')
			verbose = 1;
		else
			return cli_usage(e);
	}
	argc -= optind;
	argv += optind;
	if (dir != NULL && root != NULL)
		return cli_usage_why(e, "-d and -r together: -d GAMEDIR takes "
		    "one game's messages, -r ROOT a mailbox of many games");
	/* no game here, none named: the default root's mailbox */
	if (root == NULL && dir == NULL && !root_is_game("."))
		root = cli_default_root();
	if (root != NULL)
		return receive_root(root, verbose, argc, argv, e);
	if (cli_gamedir(dir, NULL, GAMEDIR_WRITE, &g, e) != 0)
		return -1;
	buf_init(&text);
	if ((k = cli_key(&g, e)) == NULL)
		goto done;
	/* a seat moving to a new key: messages sealed to either */
	if (g.nextkey[0] != '\0' && (also = cli_key_other(&g, k, e)) == NULL)
		goto done;
	g.t.also = also;
	nfiles = argc == 0 ? 1 : argc;
	for (i = 0; i < nfiles; i++) {
		in = argc == 0 ? NULL : argv[i];
		text.len = 0;
		/* a mail: when it reached this system (a judge's stamp is
		 * held to it: a mailbox, its first mail's); a file of
		 * messages alone: now */
		if ((rc = cli_read(in, &text, e)) == 0) {
			mail_read((const char *)text.data, text.len, &head);
			g.t.received = head.received;
			rc = transcript_receive(&g.t, k,
			    (const char *)text.data, text.len, fsio_name(in),
			    e);
		}
		if (rc != 0) {
			/* what was accepted before the refusal stays */
			struct error ign;

			gamedir_commit(&g, &ign);
			rc = -1;
			goto done;
		}
	}
	rc = -1;
	if (gamedir_commit(&g, e) == 0)
		rc = cli_view(&g, "text", e);
done:
	key_secret_free(k);
	key_secret_free(also);
	buf_free(&text);
	gamedir_close(&g);
	return rc;
}
