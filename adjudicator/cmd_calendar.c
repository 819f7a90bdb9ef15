/*
 * calendar -r ROOT [-o FILE]: this member's deadlines, the games of ROOT
 * where its seat is to move on a running clock, as an iCalendar file
 * (calendar.h): on stdout, or FILE replaced whole.
 */
#include <sys/stat.h>

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "calendar.h"
#include "cli.h"
#include "fsio.h"

/* FILE's directory is there: a clear line, not the temporary file's. */
static int
dir_of(const char *file, struct error *e)
{
	char dir[PATH_MAX];
	const char *slash = strrchr(file, '/');
	struct stat st;

	if (slash == NULL)
		return 0;
	if ((size_t)snprintf(dir, sizeof(dir), "%.*s", slash == file ? 1 :
	    (int)(slash - file), file) >= sizeof(dir))
		return error_set(e, EXIT_USAGE, "%.64s...: path too long",
		    file);
	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
		return error_set(e, EXIT_SYSTEM, "%s: no such directory %s",
		    file, dir);
	return 0;
}

int
cmd_calendar(int argc, char **argv, struct error *e)
{
	const char *root = NULL, *file = NULL;
	struct buf out;
	int ch, rc, unreadable = 0;

	while ((ch = cli_getopt(argc, argv, "r:o:")) != -1) {
		if (ch == 'r')
			root = optarg;
		else if (ch == 'o')
			file = optarg;
		else
			return cli_usage(e);
	}
	if (root == NULL && (root = cli_default_root()) == NULL)
		return cli_usage_why(e, "-r ROOT is missing (no "
		    "ADJUDICATOR_ROOT, and no ~/games)");
	if (cli_operands(argc - optind, argv + optind, 0, e) != 0)
		return -1;
	if (file != NULL && file[0] == '\0')
		return cli_usage_why(e, "-o: an empty file name");
	if (file != NULL && strcmp(file, "-") != 0 && dir_of(file, e) != 0)
		return -1;
	buf_init(&out);
	rc = calendar_root(root, &out, &unreadable, e);
	if (rc == 0 && (file == NULL || strcmp(file, "-") == 0))
		rc = cli_write(out.data, out.len, e);
	else if (rc == 0)
		rc = fsio_write_atomic(file, out.data, out.len, 0644, e);
	buf_free(&out);
	if (rc == 0 && unreadable > 0)
		fprintf(stderr, "adjudicator: calendar: %d game%s of %s cannot "
		    "be read, left out (games -r says why)\n", unreadable,
		    unreadable == 1 ? "" : "s", root);
	return rc;
}
