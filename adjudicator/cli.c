/*
 * What every verb shares: the running verb and its usage line, opening a
 * game directory and its key, printing views and what the library
 * reports.
 */
#include <sys/stat.h>

#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cond_match.h"
#include "fsio.h"
#include "archive.h"
#include "audit.h"
#include "mail.h"
#include "replay.h"
#include "root.h"
#include "view.h"

const struct verb *cli_verb;
static const char *cli_optstring;	/* the running verb's options */
static int cli_badopt;			/* what getopt refused, or 0 */
static char cli_badlong[40];		/* a long option refused, or "" */
static char **cli_permuted;		/* the argv put in order */
static char cli_shown[PATH_MAX];	/* the game directory, as shown */
static char cli_root[PATH_MAX];		/* the root it is in, or "" */

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

const struct report cli_report_stderr = { to_stderr, NULL, NULL };
const struct report cli_report_stdout = { to_stdout, NULL, NULL };

/* Does option cluster arg ("-d", "-Md", "-dDIR") take the next word? */
static int
takes_next(const char *arg, const char *optstring)
{
	const char *o;

	for (arg++; *arg != '\0'; arg++) {
		if (*arg == ':' || (o = strchr(optstring, *arg)) == NULL)
			continue;
		if (o[1] == ':')
			return arg[1] == '\0';
	}
	return 0;
}

/*
 * Options anywhere, as a person types them ("new -k K knights -o
 * teams=yes A.pub B.pub"): argv is put in order, the options (with their
 * values) first, then "--" if it was there, then the operands in their
 * order.  getopt(3) as POSIX has it stops at the first operand.
 */
static void
permute(int argc, char **argv, const char *optstring)
{
	static char dashdash[] = "--";
	char **opt, **arg;
	int i, nopt = 0, narg = 0, dashes = 0;

	if (argc < 2 || (opt = calloc((size_t)argc, sizeof(*opt))) == NULL)
		return;
	if ((arg = calloc((size_t)argc, sizeof(*arg))) == NULL) {
		free(opt);
		return;
	}
	for (i = 1; i < argc; i++) {
		if (dashes || argv[i][0] != '-' || argv[i][1] == '\0')
			arg[narg++] = argv[i];
		else if (strcmp(argv[i], "--") == 0)
			dashes = 1;
		else {
			opt[nopt++] = argv[i];
			if (takes_next(argv[i], optstring) && i + 1 < argc)
				opt[nopt++] = argv[++i];
		}
	}
	for (i = 0; i < nopt; i++)
		argv[1 + i] = opt[i];
	if (dashes)
		argv[1 + nopt] = dashdash;
	for (i = 0; i < narg; i++)
		argv[1 + nopt + dashes + i] = arg[i];
	free(opt);
	free(arg);
}

int
cli_getopt(int argc, char **argv, const char *optstring)
{
	const char *cur;
	int ch;

	if (cli_permuted != argv) {
		cli_permuted = argv;
		permute(argc, argv, optstring);
	}
	cli_optstring = optstring;
	cur = optind < argc ? argv[optind] : NULL;
	ch = getopt(argc, argv, optstring);
	cli_badopt = ch == '?' ? optopt : 0;
	cli_badlong[0] = '\0';
	/* "--frob": getopt sees an option "-" */
	if (ch == '?' && cur != NULL && strncmp(cur, "--", 2) == 0 &&
	    cur[2] != '\0')
		snprintf(cli_badlong, sizeof(cli_badlong), "%s", cur);
	return ch;
}

static void
usage_line(char *out, size_t len)
{
	if (cli_verb == NULL)
		snprintf(out, len, "adjudicator VERB ...");
	else if (cli_verb->usage2 != NULL)
		snprintf(out, len, "%s; or: %s", cli_verb->usage,
		    cli_verb->usage2);
	else
		snprintf(out, len, "%s", cli_verb->usage);
}

int
cli_usage(struct error *e)
{
	const char *name = cli_verb != NULL ? cli_verb->name : "adjudicator";
	char usage[512];
	int c = cli_badopt;

	cli_badopt = 0;
	usage_line(usage, sizeof(usage));
	if (cli_badlong[0] != '\0')
		return error_set(e, EXIT_USAGE, "%s: unknown option %s (usage: "
		    "%s)", name, cli_badlong, usage);
	if (c > ' ' && c < 127 && cli_optstring != NULL &&
	    strchr(cli_optstring, c) != NULL)
		return error_set(e, EXIT_USAGE, "%s: option -%c needs a value "
		    "(usage: %s)", name, c, usage);
	if (c > ' ' && c < 127)
		return error_set(e, EXIT_USAGE, "%s: unknown option -%c "
		    "(usage: %s)", name, c, usage);
	if (c != 0)
		return error_set(e, EXIT_USAGE, "%s: unknown option (usage: "
		    "%s)", name, usage);
	return error_set(e, EXIT_USAGE, "%s: wrong arguments (usage: %s)",
	    name, usage);
}

int
cli_usage_why(struct error *e, const char *fmt, ...)
{
	char why[256], usage[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	usage_line(usage, sizeof(usage));
	return error_set(e, EXIT_USAGE, "%s: %s (usage: %s)", cli_verb != NULL ?
	    cli_verb->name : "adjudicator", why, usage);
}

int
cli_operands(int argc, char **argv, int max, struct error *e)
{
	if (argc <= max)
		return 0;
	return cli_usage_why(e, "\"%.40s\": %s", argv[max], max == 0 ?
	    "takes no operand" : "one operand too many");
}

int
cli_help(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--") == 0)
			break;
		if (strcmp(argv[i], "-h") == 0 ||
		    strcmp(argv[i], "--help") == 0) {
			printf("usage: %s\n", cli_verb->usage);
			if (cli_verb->usage2 != NULL)
				printf("usage: %s\n", cli_verb->usage2);
			printf("%s.\nSee adjudicator(1).\n", cli_verb->summary);
			return 1;
		}
	}
	return 0;
}

const char *
cli_default_root(void)
{
	static char home_games[PATH_MAX];
	const char *env = getenv("ADJUDICATOR_ROOT"), *home = getenv("HOME");
	struct stat st;

	if (env != NULL && env[0] != '\0')
		return env;
	if (home == NULL || home[0] != '/' || (size_t)snprintf(home_games,
	    sizeof(home_games), "%s/games", home) >= sizeof(home_games))
		return NULL;
	if (stat(home_games, &st) != 0 || !S_ISDIR(st.st_mode))
		return NULL;
	return home_games;
}

/* A bare "9e7c" that is no path of its own: a game of the default root. */
static int
default_root_game(const char *dir)
{
	struct stat st;

	return dir[0] != '\0' && strchr(dir, '/') == NULL &&
	    strspn(dir, "0123456789abcdefABCDEF") == strlen(dir) &&
	    lstat(dir, &st) != 0 && cli_default_root() != NULL;
}

int
cli_game_path(const char *dir, const char *root, char *out, size_t len,
    struct error *e)
{
	struct stat st;

	if (root != NULL && dir == NULL)
		return cli_usage_why(e, "-r %s: which game? -d GAME names it "
		    "(its id or first digits, as games -r %s prints them)",
		    root, root);
	if (root == NULL && dir != NULL && default_root_game(dir))
		root = cli_default_root();
	if (root != NULL)
		return root_find(root, dir, out, len, e);
	if (dir == NULL && root_is_game(".")) {
		snprintf(out, len, ".");
		return 0;
	}
	if (dir == NULL)
		return cli_usage_why(e, "-d GAMEDIR is missing (and the current "
		    "directory is not a game directory)");
	if (strchr(dir, '/') == NULL && strspn(dir, "0123456789abcdefABCDEF") ==
	    strlen(dir) && lstat(dir, &st) != 0)
		return cli_usage_why(e, "%s: no such game directory; a game of "
		    "a root is -r ROOT -d %s (or ROOT/%s, or ADJUDICATOR_ROOT "
		    "set to the root, else ~/games)", dir, dir, dir);
	if (!root_is_game(dir) && root_holds_games(dir))
		return cli_usage_why(e, "%s is a root of games, not a game: "
		    "-d %s/GAME (games -r %s lists them)", dir, dir, dir);
	return root_resolve(dir, out, len, e);
}

int
cli_where_opt(int ch, struct cli_where *w)
{
	if (ch == 'd')
		w->dir = optarg;
	else if (ch == 'r')
		w->root = optarg;
	else
		return 0;
	return 1;
}

/* Where the game directory is shown: short in a root, its root noted
 * (".." when the command runs in a game of a root). */
static void
note_shown(const char *path)
{
	const char *slash = strrchr(path, '/');
	char cwd[PATH_MAX];

	root_short(path, cli_shown, sizeof(cli_shown));
	cli_root[0] = '\0';
	if (slash != NULL && root_is_id(slash + 1))
		snprintf(cli_root, sizeof(cli_root), "%.*s", (int)(slash -
		    path), path);
	else if (slash == NULL && root_is_id(path))
		snprintf(cli_root, sizeof(cli_root), ".");
	else if (strcmp(path, ".") == 0 && getcwd(cwd, sizeof(cwd)) != NULL &&
	    (slash = strrchr(cwd, '/')) != NULL && root_is_id(slash + 1))
		snprintf(cli_root, sizeof(cli_root), "..");
}

int
cli_gamedir(const char *dir, const char *root, enum gamedir_mode mode,
    struct gamedir *g, struct error *e)
{
	char path[PATH_MAX];

	if (cli_game_path(dir, root, path, sizeof(path), e) != 0)
		return -1;
	note_shown(path);
	return gamedir_open(path, mode, g, &cli_report_stderr, e);
}

const char *
cli_dir_shown(const struct gamedir *g)
{
	return cli_shown[0] != '\0' ? cli_shown : g->path;
}

struct key_secret *
cli_key(const struct gamedir *g, struct error *e)
{
	struct key_secret *k;
	struct error first;

	if ((k = cli_key_load(g->keypath, e)) == NULL)
		return NULL;
	if (transcript_key_check(&g->t, k, g->keypath, e) == 0)
		return k;
	key_secret_free(k);
	/* the key this seat moved to, once its transcript gives it */
	if (g->nextkey[0] == '\0')
		return NULL;
	first = *e;
	if ((k = cli_key_load(g->nextkey, e)) == NULL)
		return NULL;
	if (transcript_key_check(&g->t, k, g->nextkey, e) != 0) {
		key_secret_free(k);
		*e = first;
		return NULL;
	}
	/* from now on the one key: a reader leaves the seat file be */
	if (g->writable) {
		struct error ign;

		(void)gamedir_set_keys((struct gamedir *)g, g->nextkey, NULL,
		    &ign);
	}
	return k;
}

struct key_secret *
cli_key_other(const struct gamedir *g, const struct key_secret *k,
    struct error *e)
{
	const char *other;
	uint8_t id[KEY_ID];
	int enc;

	if (g->nextkey[0] == '\0')
		return NULL;
	/* whichever of the two k is not */
	other = key_secret_id(g->keypath, id, &enc, e) == 0 &&
	    memcmp(id, k->pub.id, KEY_ID) == 0 ? g->nextkey : g->keypath;
	error_clear(e);
	return cli_key_load(other, e);
}

int
cli_write(const void *p, size_t len, struct error *e)
{
	if (fflush(stdout) != 0)
		return error_errno(e, "stdout");
	return fsio_write_stdout(p, len, e);
}

int
cli_write_kept(const void *p, size_t len, const struct gamedir *g, int mail,
    struct error *e)
{
	size_t l;

	/* a mailer that is not there closes the pipe: say so, not die */
	signal(SIGPIPE, SIG_IGN);
	if (cli_write(p, len, e) == 0)
		return 0;
	/* the message is in the game directory already: not lost */
	l = strlen(e->msg);
	snprintf(e->msg + l, sizeof(e->msg) - l, " (the message is kept: "
	    "\"adjudicator resend%s -d %s\" prints it again)", mail ? " -M" :
	    "", cli_dir_shown(g));
	return -1;
}

/* "bob <bob@club.example>, carol <...>": whom a message of me goes to */
static void
recipients(const struct match *m, int me, struct buf *b)
{
	int i, n = 0;

	if (m->judge_mode && me != GAME_JUDGE) {
		buf_printf(b, "the judge <%s>", m->judge_address);
		return;
	}
	for (i = 0; i < m->nseats; i++)
		if (i != me)
			buf_printf(b, "%s%s <%s>", n++ ? ", " : "",
			    m->seat[i].name, m->seat[i].address);
}

/* "; now bob's move", as this copy sees what comes next */
static void
now(const struct match *m, int me, struct buf *b)
{
	int next = match_next_author(m);

	if (m->judge_mode && me != GAME_JUDGE)
		buf_adds(b, "; the judge takes it from there");
	else if (match_phase(m) == MATCH_CLOSED)
		buf_adds(b, "; the game is over");
	else if (next == me)
		buf_adds(b, "; still yours to act");
	else if (next >= 0 && next < m->nseats)
		buf_printf(b, "; now %s's %s", m->seat[next].name,
		    match_phase(m) == MATCH_SEED ? "share of the seed" :
		    match_phase(m) == MATCH_SETUP ? "setup" :
		    match_phase(m) == MATCH_FINAL ? "final openings" : "move");
}

const char *
cli_entries(const struct gamedir *g, uint64_t first, char *out, size_t len)
{
	if (g->t.m->seq > first)
		snprintf(out, len, "entries %llu to %llu",
		    (unsigned long long)first, (unsigned long long)g->t.m->seq);
	else
		snprintf(out, len, "entry %llu", (unsigned long long)first);
	return out;
}

/* One line on stderr: what went (or is to go) to whom, what comes next. */
static void
said(const struct gamedir *g, const char *what, const char *how, int seat)
{
	struct buf line;

	buf_init(&line);
	buf_printf(&line, "%s %s ", what, how);
	if (seat >= 0 && seat < g->t.m->nseats)
		buf_printf(&line, "%s <%s>", g->t.m->seat[seat].name,
		    g->t.m->seat[seat].address);
	else {
		recipients(g->t.m, g->t.me, &line);
		now(g->t.m, g->t.me, &line);
	}
	if (buf_cstr(&line) == 0)
		fprintf(stderr, "%s\n", (char *)line.data);
	buf_free(&line);
}

int
cli_deliver(const struct gamedir *g, const char *what, const struct buf *out,
    int mail, int send, struct error *e)
{
	if (send)
		return cli_deliver_to(g, what, out, -1, e);
	if (cli_write_kept(out->data, out->len, g, mail, e) != 0)
		return -1;
	/* -M: the mail is on stdout, for whoever sends it; say for whom */
	if (mail)
		said(g, what, "written on standard output as a mail to", -1);
	return 0;
}

int
cli_deliver_to(const struct gamedir *g, const char *what,
    const struct buf *out, int seat, struct error *e)
{
	struct cli_mailer mailer;
	size_t l;

	signal(SIGPIPE, SIG_IGN);
	if (cli_mailer_default(NULL, &mailer, e) != 0 ||
	    cli_to_mailer(&mailer, out, e) != 0) {
		/* the message is in the game directory already: not lost */
		l = strlen(e->msg);
		snprintf(e->msg + l, sizeof(e->msg) - l, " (the message is "
		    "kept: \"adjudicator resend -S -d %s\" sends it again)",
		    cli_dir_shown(g));
		if (e->status != EXIT_USAGE)
			e->status = EXIT_TEMPFAIL;
		return -1;
	}
	said(g, what, "sent to", seat);
	return 0;
}

int
cli_read(const char *path, struct buf *b, struct error *e)
{
	return fsio_read(path, FSIO_MAX_INPUT, b, e);
}

FILE *
cli_open(const char *path, struct error *e)
{
	/* close-on-exec: the judge's mailers may start while it reads */
	return fsio_fopen_regular(path, e);
}

void
cli_close(FILE *f)
{
	if (f != NULL && f != stdin)
		fclose(f);
}

/*
 * A judged seat knows its own pieces, so it knows what the judge owed it
 * after every entry: what the judge showed it more, or withheld, is said
 * as soon as an update shows it, and once the game is closed the verdict.
 */
static void
judge_audit(const struct gamedir *g, int viewer, struct buf *b)
{
	const struct match *m = g->t.m;
	struct buf findings;

	if (!m->judge_mode || viewer < 0 || m->rules->visible == NULL ||
	    m->local[viewer] == NULL)
		return;
	buf_init(&findings);
	if (audit_sight(m, viewer, g->t.updates, g->t.nupdates,
	    &findings) > 0) {
		buf_adds(b, "The judge's updates were not what your pieces saw:\n");
		buf_add(b, findings.data, findings.len);
	} else if (match_phase(m) == MATCH_CLOSED)
		buf_printf(b, "The judge's %zu update%s showed you exactly "
		    "what your pieces saw.\n", g->t.nupdates,
		    g->t.nupdates == 1 ? "" : "s");
	buf_free(&findings);
}

int
cli_view(const struct gamedir *g, const char *fmt, struct error *e)
{
	const struct match *m = g->t.m;
	int viewer = g->t.me < m->nseats ? g->t.me : -1, rc = 0;
	struct buf b;
	struct view_place p;

	p.dir = cli_dir_shown(g);
	p.root = cli_root[0] != '\0' ? cli_root : NULL;
	p.sent = cli_judged_sent((struct gamedir *)g);
	buf_init(&b);
	if (strcmp(fmt, "svg") == 0)
		rc = view_svg(m, viewer, &b, e);
	else if (strcmp(fmt, "public") == 0) {
		/* no seat's: what anyone may see, to paste anywhere */
		view_text_public(m, -1, NULL, &b);
		if (b.len > 0 && b.data[0] == '\n') {
			memmove(b.data, b.data + 1, b.len - 1);
			b.len--;
		}
	}
	else if (strcmp(fmt, "yaml") == 0) {
		rc = view_yaml_at(m, viewer, &p, &b, e);
		cond_view(&g->t, 1, &b);
	}
	else {
		view_text_at(m, viewer, &p, &b);
		judge_audit(g, viewer, &b);
		cond_view(&g->t, 0, &b);
	}
	if (rc == 0)
		rc = cli_write(b.data, b.len, e);
	buf_free(&b);
	return rc;
}

int
cli_not_over(const struct gamedir *g, struct error *e)
{
	const struct match *m = g->t.m;
	enum match_phase ph = match_phase(m);
	struct buf r;
	int rc;

	if (ph != MATCH_CLOSED && !(ph == MATCH_FINAL && m->judge_mode))
		return 0;
	buf_init(&r);
	view_result(m, &r);
	rc = error_set(e, EXIT_REFUSED, "%s: the game is over (%.*s); "
	    "\"adjudicator export -d %s >FILE\" writes its record",
	    cli_dir_shown(g), (int)r.len, r.len ? (char *)r.data : "",
	    cli_dir_shown(g));
	buf_free(&r);
	return rc;
}

int
cli_seed_owed(const struct gamedir *g, struct error *e)
{
	const struct match *m = g->t.m;
	int next = match_next_author(m);

	if (match_phase(m) != MATCH_SEED)
		return 0;
	entry_seed_owed(m, e);
	if (next == g->t.me) {
		size_t n = strlen(e->msg);

		snprintf(e->msg + n, sizeof(e->msg) - n, ": adjudicator turn "
		    "-d %s", cli_dir_shown(g));
	}
	return -1;
}

FILE *
cli_archive_open(int argc, char **argv, const char **in, int *threads,
    struct error *e)
{
	*in = NULL;
	*threads = 1;
	if (cli_getopt(argc, argv, "") != -1) {
		cli_usage(e);
		return NULL;
	}
	return cli_archive_input(argc - optind, argv + optind, in, threads,
	    e);
}

FILE *
cli_archive_input(int argc, char **argv, const char **in, int *threads,
    struct error *e)
{
	*in = NULL;
	*threads = 1;
	if (cli_operands(argc, argv, 1, e) != 0)
		return NULL;
	if (argc == 1)
		*in = argv[0];
	if (cli_threads(threads, e) != 0)
		return NULL;
	return cli_open(*in, e);
}

static int
send_options(int argc, char **argv, const char *opts, struct cli_send *o,
    struct error *e)
{
	int ch;

	memset(o, 0, sizeof(*o));
	while ((ch = cli_getopt(argc, argv, opts)) != -1) {
		if (ch == 'c' && o->ncond < CLI_CONDS)
			o->cond[o->ncond++] = optarg;
		else if (ch == 'c')
			return error_set(e, EXIT_USAGE, "-c: more than %d "
			    "lines of conditions", COND_LINES);
		else if (ch == 'M')
			o->mail = 1;
		else if (ch == 'S')
			o->mail = o->send = 1;
		else if (ch == 'n')
			o->dry = 1;
		else if (!cli_where_opt(ch, &o->w))
			return cli_usage(e);
	}
	if (o->dry && o->mail)
		return error_set(e, EXIT_USAGE, "%s: -n and %s together: a dry "
		    "run sends nothing", cli_verb->name, o->send ? "-S" : "-M");
	return 0;
}

int
cli_send_options(int argc, char **argv, struct cli_send *o, struct error *e)
{
	return send_options(argc, argv, "d:r:MnS", o, e);
}

int
cli_turn_options(int argc, char **argv, struct cli_send *o, struct error *e)
{
	return send_options(argc, argv, "c:d:r:MnS", o, e);
}

int
cli_judged_sent(struct gamedir *g)
{
	return gamedir_judged_sent(g);
}

int
cli_judged_waiting(struct gamedir *g, struct error *e)
{
	const struct match *m = g->t.m;

	if (!cli_judged_sent(g))
		return 0;
	return error_set(e, EXIT_REFUSED, "%s's entry %llu is sent; waiting "
	    "for the judge (resend prints it again)", m->seat[g->t.me].name,
	    (unsigned long long)m->seq + 1);
}

int
cli_dry_view(const struct gamedir *g, struct error *e)
{
	static const char head[] = "Dry run: nothing was written or sent. "
	    "Without -n, this is what you would see:\n\n";

	if (cli_write(head, sizeof(head) - 1, e) != 0)
		return -1;
	return cli_view(g, "text", e);
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

/* The copy's export, kept in memory as it is made. */
static int
to_buf(void *arg, const void *p, size_t len, struct error *e)
{
	return buf_add(arg, p, len) != 0 ? error_set(e, EXIT_SYSTEM, "out of "
	    "memory") : 0;
}

int
cli_so_far(const struct gamedir *g, enum replay_what what, struct error *e)
{
	struct buf arm, work, out;
	FILE *f;
	int n, rc = -1;

	buf_init(&arm);
	buf_init(&work);
	buf_init(&out);
	if (cli_threads(&n, e) != 0 ||
	    gamedir_export(g, &work, to_buf, &arm, e) != 0)
		goto done;
	if ((f = fmemopen(arm.data, arm.len, "r")) == NULL) {
		error_errno(e, "%s", cli_dir_shown(g));
		goto done;
	}
	rc = replay_so_far(f, cli_dir_shown(g), n, what, &out, e);
	fclose(f);
	if (rc == 0)
		rc = cli_write(out.data, out.len, e);
done:
	buf_free(&arm);
	buf_free(&work);
	buf_free(&out);
	return rc;
}

#define THREADS_MAX	64

int
cli_threads(int *n, struct error *e)
{
	const char *env = getenv("ADJUDICATOR_THREADS");
	long v;
	char *end;

	if (env == NULL || *env == '\0') {
		v = sysconf(_SC_NPROCESSORS_ONLN);
		*n = v < 1 ? 1 : v > ARCHIVE_MAX_THREADS + 1 ?
		    ARCHIVE_MAX_THREADS + 1 : (int)v;
		return 0;
	}
	v = strtol(env, &end, 10);
	if (*end != '\0' || v < 1 || v > THREADS_MAX)
		return error_set(e, EXIT_USAGE, "ADJUDICATOR_THREADS=%.20s: a "
		    "number of threads from 1 to %d", env, THREADS_MAX);
	*n = v > ARCHIVE_MAX_THREADS + 1 ? ARCHIVE_MAX_THREADS + 1 : (int)v;
	return 0;
}
