/*
 * judge -d GAMEDIR -O OUTDIR: the referee of a judged game, run on files.
 * One summary line per message on stdout says what was applied, what
 * waits and what was refused; each update is appended to OUTDIR/SEAT.msg
 * for the mailer.  The engine is the library's (judge.c).
 *
 * judge -r ROOT: the mail bot (mailbot.c), one mail in (or an mbox, read
 * mail by mail); each mail it composes is handed here to SENDMAIL.  With
 * -q, several inputs or a Maildir, one run drains them all (mailqueue.c)
 * and its mails go out at its end (mailer.c, smtp.c).  A system error
 * exits 75 (EX_TEMPFAIL), so that the mail is kept and given again.
 */
#include <sys/stat.h>

#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "fsio.h"
#include "judge.h"
#include "mailbot.h"
#include "tick.h"
#include "when.h"

/* An update not yet mailed stays: the new one follows it. */
int
cli_judge_to_file(void *arg, int seat, const struct buf *arm, size_t n, int note,
    size_t resent, struct error *e)
{
	struct cli_outdir *o = arg;
	char path[PATH_MAX];

	if ((size_t)snprintf(path, sizeof(path), "%s/%s.msg", o->path,
	    o->m->seat[seat].name) >= sizeof(path))
		return error_set(e, EXIT_USAGE, "%s: path too long", o->path);
	if (fsio_append(path, arm->data, arm->len, e) != 0)
		return -1;
	if (resent > 0)
		printf("%s: %zu update%s for %s again (its message was one "
		    "already applied)\n", path, resent, resent == 1 ? "" : "s",
		    o->m->seat[seat].name);
	if (n > 0 || note || resent == 0)
		printf("%s: update for %s (%zu entr%s%s)\n", path,
		    o->m->seat[seat].name, n, n == 1 ? "y" : "ies",
		    note ? ", a note" : "");
	return 0;
}

static int
judge(struct gamedir *g, const char *outdir, int argc, char **argv,
    struct error *e)
{
	struct key_secret *k;
	struct judge_run j;
	struct cli_outdir o;
	struct buf text;
	const char *in;
	int i, nfiles, rc = -1;

	if (g->t.me != GAME_JUDGE)
		return error_set(e, EXIT_USAGE, "%s: %s's game directory, not "
		    "the judge's", g->path, g->seat);
	if (fsio_mkdir(outdir, 0700, e) != 0 || (k = cli_key(g,
	    e)) == NULL)
		return -1;
	buf_init(&text);
	judge_run_init(&j, &g->t, k);
	/* obligations left by an earlier run that stopped half-way */
	if (judge_auto(&j, e) != 0)
		goto done;
	nfiles = argc == 0 ? 1 : argc;
	for (i = 0; i < nfiles; i++) {
		in = argc == 0 ? NULL : argv[i];
		text.len = 0;
		if (cli_read(in, &text, e) != 0 ||
		    judge_input(&j, (const char *)text.data, text.len,
		    fsio_name(in), e) != 0)
			goto done;
	}
	/* what was accepted is kept before any update goes out, and an
	 * update is marked sent only once it is out */
	o.path = outdir;
	o.m = g->t.m;
	if (gamedir_commit_first(g, e) != 0 ||
	    judge_updates(&j, cli_judge_to_file, &o, e) != 0 ||
	    gamedir_commit_lazy(g, e) != 0)
		goto done;
	if (j.malformed || j.refused) {
		error_set(e, j.malformed ? EXIT_MALFORMED : EXIT_REFUSED,
		    "some messages were refused (see the lines above)");
		goto done;
	}
	rc = 0;
done:
	key_secret_free(k);
	buf_free(&text);
	return rc;
}

/* A notice of the tick, as a file: OUTDIR/SEAT.notice, appended. */
static int
notice_file(const struct cli_outdir *o, const struct tick_notice *t,
    struct error *e)
{
	char path[PATH_MAX];
	struct buf subject, body;
	int rc;

	if ((size_t)snprintf(path, sizeof(path), "%s/%s.notice", o->path,
	    o->m->seat[t->to].name) >= sizeof(path))
		return error_set(e, EXIT_USAGE, "%s: path too long", o->path);
	buf_init(&subject);
	buf_init(&body);
	tick_text(o->m, t, &subject, &body);
	buf_cstr(&subject);
	buf_printf(&subject, "\n");
	rc = fsio_append(path, subject.data, subject.len, e) != 0 ||
	    fsio_append(path, body.data, body.len, e) != 0 ? -1 : 0;
	if (rc == 0)
		printf("%s: %s for %s\n", path, t->late ? "lateness notice" :
		    "reminder", o->m->seat[t->to].name);
	buf_free(&subject);
	buf_free(&body);
	return rc;
}

/*
 * The tick: the timeout due, kept with the notices' marks before anything
 * goes out; then the updates, then the notices (a notice that could not
 * be written is marked unsent again, for the next tick).
 */
static int
tick(struct gamedir *g, const char *outdir, struct error *e)
{
	struct tick_notice notes[GAME_MAX_SEATS];
	struct key_secret *k;
	struct judge_run j;
	struct cli_outdir o;
	int64_t now = when_now();
	size_t n, i;
	int timeout, rc = -1;

	if (g->t.me != GAME_JUDGE)
		return error_set(e, EXIT_USAGE, "%s: %s's game directory, not "
		    "the judge's", g->path, g->seat);
	if (fsio_mkdir(outdir, 0700, e) != 0 || (k = cli_key(g, e)) == NULL)
		return -1;
	judge_run_init(&j, &g->t, k);
	j.at = now;
	o.path = outdir;
	o.m = g->t.m;
	if (judge_auto(&j, e) != 0)
		goto done;
	tick_due(&g->t, now, notes, sizeof(notes) / sizeof(notes[0]), &n,
	    &timeout);
	if (timeout >= 0 && tick_timeout(&j, timeout, now, e) != 0)
		goto done;
	if (n > 0 && g->t.store->put_remind(g->t.arg, notes[0].about,
	    &g->t.remind[notes[0].about], e) != 0)
		goto done;
	o.m = g->t.m;	/* what the timeout made */
	if (gamedir_commit_first(g, e) != 0 ||
	    judge_updates(&j, cli_judge_to_file, &o, e) != 0)
		goto done;
	for (i = 0; i < n; i++)
		if (notice_file(&o, &notes[i], e) != 0)
			goto done;
	if (timeout < 0 && n == 0)
		printf("%s: nothing due\n", g->path);
	rc = gamedir_commit_lazy(g, e);
done:
	key_secret_free(k);
	return rc;
}

/* The mails of judge -r's input, each to the bot in turn. */
struct bot_input {
	struct mailbot	*b;
	const char	*name;
	struct error	 refused;	/* the first mail refused */
};

static int
bot_mail(void *arg, const struct mime_mail *m, struct error *e)
{
	struct bot_input *in = arg;

	return mailbot_take(in->b, m, in->name, &in->refused, e);
}

/* A run over a queue: -q, several inputs, or a Maildir. */
static int
draining(int queue, int argc, char **argv)
{
	struct stat st;
	int i;

	if (queue || argc > 1)
		return 1;
	for (i = 0; i < argc; i++)
		if (strcmp(argv[i], "-") != 0 && stat(argv[i], &st) == 0 &&
		    S_ISDIR(st.st_mode))
			return 1;
	return 0;
}

/* One mail, an mbox, or (drain) a queue of them. */
static int
take_mail(struct mailbot *b, struct cli_mailer *m, int drain, int argc,
    char **argv, struct error *e)
{
	const char *in = argc == 1 ? argv[0] : NULL;
	struct bot_input bi;
	FILE *f;
	int rc;

	/* -q alone: what ROOT/outbox holds, no mail ("-" reads stdin) */
	if (drain)
		return mailqueue_drain(b, argv, (size_t)argc, cli_to_mailer_all,
		    m, e);
	if ((f = cli_open(in, e)) == NULL)
		return -1;
	memset(&bi, 0, sizeof(bi));
	bi.b = b;
	/* what a refused seat is told names its mail, not our stdin */
	bi.name = in != NULL && strcmp(in, "-") != 0 ? in : "your mail";
	if ((rc = mime_mailbox(f, bi.name, MIME_MAIL_MAX, bot_mail, &bi,
	    e)) == 0 && bi.refused.status != EXIT_OK) {
		*e = bi.refused;
		rc = -1;
	}
	cli_close(f);
	return rc;
}

static int
judge_root(const char *root, const char *keypath, const char *sendmail,
    int ticking, int queue, int argc, char **argv, struct error *e)
{
	char defkey[PATH_MAX];
	struct cli_mailer m;
	struct mailbot b;
	struct key_secret *k = NULL;
	int rc = -1;

	if (!draining(queue, argc, argv) && cli_operands(argc, argv, 1,
	    e) != 0)
		return -1;
	if (keypath == NULL) {
		if ((size_t)snprintf(defkey, sizeof(defkey), "%s/judge.key",
		    root) >= sizeof(defkey))
			return error_set(e, EXIT_USAGE, "%s: path too long", root);
		keypath = defkey;
	}
	if (cli_mailer_default(sendmail, &m, e) != 0)
		return -1;
	/* a mailer that dies early must not kill the judge */
	signal(SIGPIPE, SIG_IGN);
	memset(&b, 0, sizeof(b));
	b.root = root;
	b.keypath = keypath;
	b.send = cli_to_mailer;
	b.send_all = cli_to_mailer_all;
	b.give = cli_mailer_give;
	b.end = cli_mailer_end;
	b.send_arg = &m;
	b.report = &cli_report_stderr;
	b.emit_seat = -1;
	/* one mail: its mailers start now, while it is read and judged (an
	 * SMTP mailer takes a run's mails in one conversation instead, and
	 * one we could not stop, were it not to be given a mail after all,
	 * starts only when its mail is ready) */
	if (!ticking && !draining(queue, argc, argv) && !cli_mailer_smtp(&m) &&
	    cli_mailer_stoppable(&m)) {
		b.ahead = cli_mailer_ahead;
		cli_mailer_guard(&m);
		mailbot_warm(&b);
	}
	if ((k = cli_key_load(keypath, e)) == NULL)
		goto done;
	b.k = k;
	rc = ticking ? mailbot_tick(&b, when_now(), e) :
	    take_mail(&b, &m, draining(queue, argc, argv), argc, argv, e);
done:
	mailbot_cool(&b);
	if (b.ahead != NULL)
		cli_mailer_guard(NULL);
	key_secret_free(k);
	/* keep the mail: the mail system gives it again later */
	if (rc != 0 && e->status == EXIT_SYSTEM)
		e->status = EXIT_TEMPFAIL;
	return rc;
}

int
cmd_judge(int argc, char **argv, struct error *e)
{
	const char *dir = NULL, *outdir = NULL, *root = NULL, *key = NULL;
	const char *sendmail = NULL;
	char path[PATH_MAX];
	struct gamedir g;
	int ch, rc, ticking = 0, queue = 0;

	while ((ch = cli_getopt(argc, argv, "d:O:r:k:s:tq")) != -1) {
		switch (ch) {
		case 'q':
			queue = 1;
			break;
		case 't':
			ticking = 1;
			break;
		case 'd':
			dir = optarg;
			break;
		case 'O':
			outdir = optarg;
			break;
		case 'r':
			root = optarg;
			break;
		case 'k':
			key = optarg;
			break;
		case 's':
			sendmail = optarg;
			break;
		default:
			return cli_usage(e);
		}
	}
	argc -= optind;
	argv += optind;
	if (root != NULL) {
		if (dir != NULL || outdir != NULL)
			return cli_usage_why(e, "-r ROOT is the mail bot: no -d "
			    "nor -O with it");
		if (ticking && (argc > 0 || queue))
			return cli_usage_why(e, "-t, the tick, takes no mail");
		return judge_root(root, key, sendmail, ticking, queue, argc,
		    argv, e);
	}
	if (outdir == NULL)
		return cli_usage_why(e, "-O OUTDIR is missing (where each "
		    "seat's update goes)");
	if (key != NULL || sendmail != NULL || queue)
		return cli_usage_why(e, "-%c is for the mail bot (-r ROOT)",
		    key != NULL ? 'k' : sendmail != NULL ? 's' : 'q');
	if (ticking && argc > 0)
		return cli_usage_why(e, "-t, the tick, takes no mail");
	if (cli_game_path(dir, NULL, path, sizeof(path), e) != 0 ||
	    gamedir_open(path, GAMEDIR_WRITE, &g, &cli_report_stdout, e) != 0)
		return -1;
	rc = ticking ? tick(&g, outdir, e) : judge(&g, outdir, argc, argv, e);
	gamedir_close(&g);
	return rc;
}
