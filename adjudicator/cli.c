/*
 * What every verb shares: the running verb and its usage line, opening a
 * game directory and its key, printing views and what the library
 * reports.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "fsio.h"
#include "view.h"

const struct verb *cli_verb;

static void
to_stderr(void *arg, const char *line)
{
	(void)arg;
	fprintf(stderr, "%s\n", line);
}

static void
to_stdout(void *arg, const char *line)
{
	(void)arg;
	printf("%s\n", line);
}

const struct report cli_report_stderr = { to_stderr, NULL };
const struct report cli_report_stdout = { to_stdout, NULL };

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

int
cli_gamedir(const char *dir, enum gamedir_mode mode, struct gamedir *g,
    struct error *e)
{
	return gamedir_open(dir, mode, g, &cli_report_stderr, e);
}

struct key_secret *
cli_key(const struct gamedir *g, struct error *e)
{
	struct key_secret *k;

	if ((k = key_secret_load(g->keypath, pass_key, NULL, e)) == NULL)
		return NULL;
	if (transcript_key_check(&g->t, k, g->keypath, e) != 0) {
		key_secret_free(k);
		return NULL;
	}
	return k;
}

int
cli_write(const void *p, size_t len, struct error *e)
{
	if (fflush(stdout) != 0)
		return error_errno(e, "stdout");
	return fsio_write_stdout(p, len, e);
}

int
cli_write_kept(const void *p, size_t len, const char *dir, struct error *e)
{
	size_t l;

	if (cli_write(p, len, e) == 0)
		return 0;
	/* the message is in the game directory already: not lost */
	l = strlen(e->msg);
	snprintf(e->msg + l, sizeof(e->msg) - l, " (the message is kept: "
	    "resend -d %s prints it)", dir);
	return -1;
}

int
cli_read(const char *path, struct buf *b, struct error *e)
{
	return fsio_read(path, FSIO_MAX_INPUT, b, e);
}

int
cli_view(const struct gamedir *g, const char *fmt, struct error *e)
{
	const struct match *m = g->t.m;
	int viewer = g->t.me < m->nseats ? g->t.me : -1, rc = 0;
	struct buf b;

	buf_init(&b);
	if (strcmp(fmt, "svg") == 0)
		rc = view_svg(m, viewer, &b, e);
	else if (strcmp(fmt, "yaml") == 0)
		rc = view_yaml(m, viewer, &b, e);
	else
		view_text(m, viewer, &b);
	if (rc == 0)
		rc = cli_write(b.data, b.len, e);
	buf_free(&b);
	return rc;
}
