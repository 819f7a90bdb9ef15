/*
 * rule: the operator's rulings, signed with the judge's key: pause and
 * resume a game's clocks, give a seat more time, abort a game (no
 * result) or adjudicate it, and hand a seat over to another key.  Each
 * is an entry of the judge's, with its reason, and every seat gets its
 * update (a new holder its whole copy): as files (-d -O), or by mail
 * (-r ROOT).
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "contacts.h"
#include "fsio.h"
#include "judge.h"
#include "mailbot.h"
#include "root.h"
#include "when.h"

/* What a ruling gets from the command line beside its words. */
struct rule_args {
	const char		*address;	/* -a: a handover's */
	struct key_public	 key;		/* a handover's new key */
	const char		*root;		/* its contacts: -r, default */
	char			 known[MAIL_FIELD];	/* the contact's */
};

/* handover SEAT KEY.pub: the seat's new holder, by its public key file
 * or a contact's name or address (its address then, without -a) */
static int
handover(const struct match *m, int argc, char **argv, struct entry_rule *r,
    struct rule_args *a, struct error *e)
{
	char why[200], q[300];

	if (argc < 4)
		return error_set(e, EXIT_USAGE, "handover SEAT KEY.pub "
		    "REASON...");
	if ((r->seat = match_seat_by_name(m, argv[1])) < 0 ||
	    r->seat >= m->nseats)
		return error_set(e, EXIT_USAGE, "handover %s: not a seat",
		    argv[1]);
	if (a->address != NULL &&
	    header_address_check(a->address, why, sizeof(why)) != 0) {
		error_quote(q, sizeof(q), a->address);
		return error_set(e, EXIT_USAGE, "-a \"%s\": %s", q, why);
	}
	if (contacts_key(a->root, argv[2], CONTACTS_MEMBER, &a->key, a->known,
	    e) != 0)
		return -1;
	if (a->address == NULL && a->known[0] != '\0')
		a->address = a->known;
	r->key = &a->key;
	r->address = a->address;
	return 3;
}

/* WHAT [SEAT [DURATION|KEY.pub] | RESULT] REASON..., as entry.h takes
 * it. */
static int
parse(const struct match *m, int argc, char **argv, struct entry_rule *r,
    struct rule_args *a, char *reason, size_t len, struct error *e)
{
	int i, k = 1;
	size_t n = 0;

	memset(r, 0, sizeof(*r));
	r->seat = -1;
	if (argc < 1)
		return cli_usage(e);
	r->what = argv[0];
	if (a->address != NULL && strcmp(r->what, "handover") != 0)
		return error_set(e, EXIT_USAGE, "-a ADDRESS is a handover's");
	if (strcmp(r->what, "handover") == 0) {
		if ((k = handover(m, argc, argv, r, a, e)) < 0)
			return -1;
	} else if (strcmp(r->what, "extend") == 0) {
		if (argc < 3)
			return error_set(e, EXIT_USAGE, "extend SEAT DURATION "
			    "REASON...");
		if ((r->seat = match_seat_by_name(m, argv[1])) < 0 ||
		    r->seat >= m->nseats)
			return error_set(e, EXIT_USAGE, "extend %s: not a seat",
			    argv[1]);
		r->extra = argv[2];
		k = 3;
	} else if (strcmp(r->what, "adjudicate") == 0) {
		if (argc < 2)
			return error_set(e, EXIT_USAGE, "adjudicate SEAT|draw "
			    "REASON...");
		r->result = argv[1];
		k = 2;
	} else if (strcmp(r->what, "pause") != 0 &&
	    strcmp(r->what, "resume") != 0 && strcmp(r->what, "abort") != 0)
		return error_set(e, EXIT_USAGE, "%s: a ruling is pause, resume, "
		    "extend, abort, adjudicate or handover", r->what);
	if (k >= argc)
		return error_set(e, EXIT_USAGE, "%s: give the reason", r->what);
	reason[0] = '\0';
	for (i = k; i < argc; i++) {
		n += (size_t)snprintf(reason + n, n < len ? len - n : 0, "%s%s",
		    i > k ? " " : "", argv[i]);
		if (n >= len)
			return error_set(e, EXIT_USAGE, "the reason is too long");
	}
	r->reason = reason;
	return 0;
}

/* judge.h's farewell to files: OUTDIR/SEAT.old.msg, the update sealed to
 * the key the operator's handover took the seat from */
static int
to_old_holder(void *arg, int seat, const struct buf *arm, size_t n,
    int note, size_t resent, struct error *e)
{
	struct cli_outdir *o = arg;
	char path[PATH_MAX];

	(void)n, (void)note, (void)resent;
	if ((size_t)snprintf(path, sizeof(path), "%s/%s.old.msg", o->path,
	    o->m->seat[seat].name) >= sizeof(path))
		return error_set(e, EXIT_USAGE, "%s: path too long", o->path);
	if (fsio_append(path, arm->data, arm->len, e) != 0)
		return -1;
	printf("%s: for %s's old holder: the handover, which its copy "
	    "receives\n", path, o->m->seat[seat].name);
	return 0;
}

static int
rule_dir(const char *dir, const char *outdir, struct rule_args *a, int argc,
    char **argv, struct error *e)
{
	struct key_secret *k = NULL;
	struct cli_outdir o;
	struct entry_rule r;
	struct judge_run j;
	struct gamedir g;
	char reason[400], path[4096];
	int rc = -1;

	if (cli_game_path(dir, NULL, path, sizeof(path), e) != 0 ||
	    gamedir_open(path, GAMEDIR_WRITE, &g, &cli_report_stdout, e) != 0)
		return -1;
	if (g.t.me != GAME_JUDGE) {
		error_set(e, EXIT_USAGE, "%s: %s's game directory, not the "
		    "judge's", path, g.seat);
		goto done;
	}
	if (parse(g.t.m, argc, argv, &r, a, reason, sizeof(reason), e) != 0 ||
	    fsio_mkdir(outdir, 0700, e) != 0 || (k = cli_key(&g, e)) == NULL)
		goto done;
	judge_run_init(&j, &g.t, k);
	j.at = when_now();
	j.farewell = to_old_holder;
	if (judge_auto(&j, e) != 0 || judge_rule(&j, &r, e) != 0)
		goto done;
	o.path = outdir;
	o.m = g.t.m;
	if (gamedir_commit_first(&g, e) != 0 ||
	    judge_updates(&j, cli_judge_to_file, &o, e) != 0)
		goto done;
	if (r.key != NULL)
		printf("%s/%s.msg: for %s's new holder, key %s (%s), who joins "
		    "with: adjudicator join -d GAMEDIR -k YOURKEY %s/%s.msg\n",
		    outdir, g.t.m->seat[r.seat].name, g.t.m->seat[r.seat].name,
		    r.key->idhex, r.key->name, outdir,
		    g.t.m->seat[r.seat].name);
	rc = gamedir_commit_lazy(&g, e);
done:
	key_secret_free(k);
	gamedir_close(&g);
	return rc;
}

static int
rule_root(const char *root, const char *keypath, const char *sendmail,
    struct rule_args *a, int argc, char **argv, struct error *e)
{
	char defkey[4096], dir[4096], reason[400];
	struct key_secret *k = NULL;
	struct cli_mailer ml;
	struct entry_rule r;
	struct mailbot b;
	struct gamedir g;
	int rc = -1;

	if (argc < 2)
		return cli_usage(e);
	if (keypath == NULL) {
		if ((size_t)snprintf(defkey, sizeof(defkey), "%s/judge.key",
		    root) >= sizeof(defkey))
			return error_set(e, EXIT_USAGE, "%s: path too long", root);
		keypath = defkey;
	}
	if (cli_mailer_parse(sendmail != NULL ? sendmail : CLI_SENDMAIL, &ml,
	    e) != 0 || root_find(root, argv[0], dir, sizeof(dir), e) != 0)
		return -1;
	/* the ruling's words are checked before the key is opened */
	if (gamedir_open(dir, GAMEDIR_READ, &g, NULL, e) != 0)
		return -1;
	rc = parse(g.t.m, argc - 1, argv + 1, &r, a, reason, sizeof(reason),
	    e);
	/* by mail, the new holder's copy goes where the seat's mail goes */
	if (rc == 0 && strcmp(r.what, "handover") == 0 && a->address == NULL &&
	    g.t.m->seat[r.seat].address[0] != '\0')
		rc = error_set(e, EXIT_USAGE, "handover by mail: -a ADDRESS, "
		    "where %s's new holder reads its mail", g.t.m->seat[r.seat].name);
	gamedir_close(&g);
	if (rc != 0)
		return -1;
	signal(SIGPIPE, SIG_IGN);
	if ((k = cli_key_load(keypath, e)) == NULL)
		return -1;
	memset(&b, 0, sizeof(b));
	b.root = root;
	b.keypath = keypath;
	b.k = k;
	b.send = cli_to_mailer;
	b.send_arg = &ml;
	b.report = &cli_report_stderr;
	rc = mailbot_rule(&b, dir, &r, when_now(), e);
	key_secret_free(k);
	return rc;
}

int
cmd_rule(int argc, char **argv, struct error *e)
{
	const char *dir = NULL, *outdir = NULL, *root = NULL, *key = NULL;
	const char *sendmail = NULL;
	struct rule_args a;
	int ch;

	memset(&a, 0, sizeof(a));
	while ((ch = cli_getopt(argc, argv, "a:d:O:r:k:s:")) != -1) {
		switch (ch) {
		case 'a':
			a.address = optarg;
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
	a.root = root != NULL ? root : cli_default_root();
	if (root != NULL) {
		if (dir != NULL || outdir != NULL)
			return cli_usage_why(e, "-r ROOT mails the updates: no -d "
			    "nor -O with it");
		return rule_root(root, key, sendmail, &a, argc, argv, e);
	}
	if (outdir == NULL)
		return cli_usage_why(e, "-O OUTDIR is missing (where each seat's "
		    "update goes)");
	if (key != NULL || sendmail != NULL)
		return cli_usage_why(e, "-%c is for -r ROOT", key != NULL ?
		    'k' : 's');
	return rule_dir(dir, outdir, &a, argc, argv, e);
}
