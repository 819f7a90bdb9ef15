/*
 * What every verb shares: the running verb and its usage line, opening a
 * game directory and its key, printing views and what the library
 * reports.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "fsio.h"
#include "mail.h"
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
	if (cli_verb->usage2 != NULL)
		return error_set(e, EXIT_USAGE, "usage: %s; or: %s",
		    cli_verb->usage, cli_verb->usage2);
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
			if (cli_verb->usage2 != NULL)
				printf("usage: %s\n", cli_verb->usage2);
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

int
cli_mail(const struct gamedir *g, uint64_t seq, struct buf *out,
    struct error *e)
{
	struct buf mail;
	int rc;

	buf_init(&mail);
	if ((rc = mail_message(g->t.m, g->t.me, seq, out, &mail, e)) == 0) {
		out->len = 0;
		rc = buf_add(out, mail.data, mail.len) != 0 ?
		    error_set(e, EXIT_SYSTEM, "out of memory") : 0;
	}
	buf_free(&mail);
	return rc;
}
