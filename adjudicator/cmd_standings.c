/*
 * standings: ratings and reliability from verified archives (the
 * library's standings.c).  Operands are archives and directories of them
 * (every file directly inside whose name does not start with a dot),
 * taken in the order of their paths so that even the lines on stderr do
 * not depend on the order they were named in, each file once however it
 * is named (device and inode).  Each archive refused is
 * said on one line and not counted; the tables are printed all the same,
 * and the exit status then says that some were refused.  -j and -m say
 * which games a club vouches for (standings_club.c); the games left out
 * are no refusal, and the tables' first lines count them.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "standings.h"

/* Each operand's path, and the file it names: the same file named two
 * ways (a.arc, ./a.arc, a link to it) is one archive. */
struct path {
	char	*p;
	dev_t	 dev;
	ino_t	 ino;
};

struct paths {
	struct path	*p;
	size_t		 n;
};

static void
refusal(void *arg, const char *line)
{
	(void)arg;
	fprintf(stderr, "adjudicator: %s\n", line);
}

/* st: the file path names (NULL: standard input) */
static int
add_path(struct paths *l, const char *path, const struct stat *st,
    struct error *e)
{
	struct path *n;

	if ((n = realloc(l->p, (l->n + 1) * sizeof(*n))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	l->p = n;
	if ((n[l->n].p = strdup(path)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	n[l->n].dev = st != NULL ? st->st_dev : 0;
	n[l->n].ino = st != NULL ? st->st_ino : 0;
	l->n++;
	return 0;
}

/* A directory: the regular files directly inside, not hidden ones. */
static int
add_dir(struct paths *l, const char *dir, struct error *e)
{
	char path[PATH_MAX];
	struct dirent *de;
	struct stat st;
	DIR *d;
	int rc = 0;

	if ((d = opendir(dir)) == NULL)
		return error_errno(e, "%s", dir);
	while (rc == 0 && (de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir,
		    de->d_name) >= sizeof(path)) {
			rc = error_set(e, EXIT_SYSTEM, "%s/%s: path too long",
			    dir, de->d_name);
			break;
		}
		if (stat(path, &st) != 0)
			rc = error_errno(e, "%s", path);
		else if (S_ISREG(st.st_mode))
			rc = add_path(l, path, &st, e);
	}
	closedir(d);
	return rc;
}

static int
by_path(const void *a, const void *b)
{
	return strcmp(((const struct path *)a)->p, ((const struct path *)b)->p);
}

/* The same file, then the order of paths: its first name first. */
static int
by_file(const void *a, const void *b)
{
	const struct path *x = *(const struct path *const *)a;
	const struct path *y = *(const struct path *const *)b;

	if (x->dev != y->dev)
		return x->dev < y->dev ? -1 : 1;
	if (x->ino != y->ino)
		return x->ino < y->ino ? -1 : 1;
	return x < y ? -1 : x > y;
}

/*
 * Each file once, by its device and inode rather than its spelling, under
 * the first of its names in the order of paths (so that the lines said
 * of it do not depend on the order the operands were given in).
 */
static int
once(struct paths *l, struct error *e)
{
	struct path **f;
	size_t i, n = 0, k = 0;

	if ((f = calloc(l->n + 1, sizeof(*f))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	for (i = 0; i < l->n; i++)
		if (strcmp(l->p[i].p, "-") != 0)
			f[n++] = &l->p[i];
	if (n > 1)
		qsort(f, n, sizeof(*f), by_file);
	for (i = 1; i < n; i++)
		if (f[i]->dev == f[i - 1]->dev && f[i]->ino == f[i - 1]->ino) {
			free(f[i]->p);
			f[i]->p = NULL;
		}
	free(f);
	for (i = 0; i < l->n; i++) {
		if (l->p[i].p == NULL)
			continue;
		/* standard input named twice: read once (the paths are in
		 * order, so both are side by side) */
		if (k > 0 && strcmp(l->p[i].p, "-") == 0 &&
		    strcmp(l->p[k - 1].p, "-") == 0) {
			free(l->p[i].p);
			continue;
		}
		l->p[k++] = l->p[i];
	}
	l->n = k;
	return 0;
}

static int
options(int argc, char **argv, struct standings_opts *o,
    struct standings_club *club, struct error *e)
{
	int ch;

	memset(o, 0, sizeof(*o));
	o->period.unit = 'm';
	o->period.n = 3;
	while ((ch = cli_getopt(argc, argv, "f:j:m:p:r:")) != -1) {
		if (ch == 'j') {
			if (standings_club_judge(club, cli_default_root(),
			    optarg, e) != 0)
				return -1;
		} else if (ch == 'm') {
			if (standings_club_members(club, optarg, e) != 0)
				return -1;
		} else if (ch == 'f' && strcmp(optarg, "text") == 0)
			o->format = STANDINGS_TEXT;
		else if (ch == 'f' && strcmp(optarg, "yaml") == 0)
			o->format = STANDINGS_YAML;
		else if (ch == 'f' && strcmp(optarg, "html") == 0)
			o->format = STANDINGS_HTML;
		else if (ch == 'f')
			return error_set(e, EXIT_USAGE, "-f %.20s: text, yaml or "
			    "html", optarg);
		else if (ch == 'r' && strcmp(optarg, "elo") == 0)
			o->system = STANDINGS_ELO;
		else if (ch == 'r' && strcmp(optarg, "glicko2") == 0)
			o->system = STANDINGS_GLICKO2;
		else if (ch == 'r')
			return error_set(e, EXIT_USAGE, "-r %.20s: elo or "
			    "glicko2", optarg);
		else if (ch == 'p') {
			if (standings_period_parse(optarg, &o->period, e) != 0)
				return -1;
		} else
			return cli_usage(e);
	}
	if (optind == argc)
		return cli_usage(e);
	return 0;
}

/* Every operand, directories opened, in the order of paths. */
static int
operands(int argc, char **argv, struct paths *l, struct error *e)
{
	struct stat st;
	int i;

	for (i = optind; i < argc; i++) {
		if (strcmp(argv[i], "-") == 0) {
			if (add_path(l, "-", NULL, e) != 0)
				return -1;
			continue;
		}
		if (stat(argv[i], &st) != 0)
			return error_errno(e, "%s", argv[i]);
		if ((S_ISDIR(st.st_mode) ? add_dir(l, argv[i], e) :
		    add_path(l, argv[i], &st, e)) != 0)
			return -1;
	}
	if (l->n > 0)
		qsort(l->p, l->n, sizeof(*l->p), by_path);
	return once(l, e);
}

/* Standard input first ("-" sorts first), then the files, verified on
 * every core at once. */
static int
take(struct standings *s, const struct paths *l, int threads,
    struct error *e)
{
	const char **files;
	size_t i, n = 0;
	int rc = 0;

	if ((files = calloc(l->n + 1, sizeof(*files))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	for (i = 0; rc == 0 && i < l->n; i++) {
		if (strcmp(l->p[i].p, "-") == 0)
			rc = standings_add(s, stdin, "stdin", threads, e);
		else
			files[n++] = l->p[i].p;
	}
	if (rc == 0)
		rc = standings_add_files(s, files, n, threads, e);
	free(files);
	return rc;
}

int
cmd_standings(int argc, char **argv, struct error *e)
{
	const struct report said = { refusal, NULL, NULL };
	struct standings_club club;
	struct standings_opts o;
	struct standings_result r;
	struct standings s;
	struct paths l = { NULL, 0 };
	struct buf out;
	size_t i;
	int threads, rc = -1;

	standings_club_init(&club);
	standings_init(&s, &said);
	s.club = &club;
	memset(&r, 0, sizeof(r));
	buf_init(&out);
	if (options(argc, argv, &o, &club, e) != 0 ||
	    cli_threads(&threads, e) != 0 ||
	    operands(argc, argv, &l, e) != 0 || take(&s, &l, threads, e) != 0 ||
	    standings_compute(&s, &o, &r, e) != 0 ||
	    standings_write(&s, &r, &out, e) != 0 ||
	    cli_write(out.data, out.len, e) != 0)
		goto done;
	rc = 0;
	if (s.refused > 0)
		rc = error_set(e, s.status, "%u of %u archive%s refused, not "
		    "counted (see the lines above)", s.refused, s.archives,
		    s.archives == 1 ? "" : "s");
done:
	for (i = 0; i < l.n; i++)
		free(l.p[i].p);
	free(l.p);
	buf_free(&out);
	standings_result_free(&r);
	standings_free(&s);
	standings_club_free(&club);
	return rc;
}
