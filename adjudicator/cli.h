/*
 * The program around the library: the verbs, each a function that parses
 * its own options, calls the library and prints; only main() prints
 * errors and picks the exit status.  What the verbs share lives here.
 */
#ifndef CLI_H
#define CLI_H

#include <sys/types.h>

#include <stdio.h>

#include "error.h"
#include "cond.h"
#include "gamedir.h"
#include "mailqueue.h"
#include "pass.h"	/* pass_key: what the verbs hand key_secret_load */

struct verb {
	const char	*name;
	int		(*main)(int, char **, struct error *);
	const char	*usage;		/* the man page SYNOPSIS line */
	const char	*usage2;	/* a second form, or NULL */
	const char	*summary;
};

extern const struct verb *cli_verb;	/* the verb running */
/* What the library reports: on stderr (receive), on stdout (judge). */
extern const struct report cli_report_stderr, cli_report_stdout;

/* Sets a usage error for the running verb. */
/* getopt(3) for a verb: cli_usage() then names a refused option. */
int	cli_getopt(int, char **, const char *);
/* A usage error: names the verb, the option getopt refused, the usage. */
int	cli_usage(struct error *);
/* getopt prelude: handles -h and --help (the usage and summary on
 * stdout); returns 1 when either was given. */
int	cli_help(int, char **);
/* A usage error that says what is wrong: "VERB: WHY (usage: ...)". */
int	cli_usage_why(struct error *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
/* More than max operands: a usage error naming the first one too many. */
int	cli_operands(int, char **, int max, struct error *);
/*
 * The game directory a verb acts on: dir (-d: a game directory, or
 * ROOT/ID with the first digits of a game id), or root and dir (-r ROOT
 * -d ID), or with neither the current directory when it is a game
 * directory.
 */
int	cli_game_path(const char *dir, const char *root, char *, size_t,
	    struct error *);
/*
 * The root a verb uses when it is given neither -r nor -d (and the
 * current directory is no game), and where a bare id given to -d is
 * looked for: $ADJUDICATOR_ROOT when set, else ~/games when it is a
 * directory; NULL: none.
 */
const char *cli_default_root(void);
/* The secret key of the file at path, as every verb loads one: from the
 * agent (cli_agent_socket) when it holds it, else from the file and the
 * prompt, then handed to the agent (agent.h: agent_key_load); one
 * warning when an agent is asked for and cannot be started or used
 * (cli_agent.c). */
struct key_secret *cli_key_load(const char *path, struct error *);
/* Where this user's agent listens unless told: $XDG_RUNTIME_DIR/
 * adjudicator/agent when that is a directory of the user's, else
 * adjudicator-UID/agent under $TMPDIR or /tmp (a static buffer). */
const char *cli_agent_default(void);
/* The agent the verbs ask: ADJUDICATOR_AGENT, else the default place
 * when ADJUDICATOR_AGENT_START is yes; NULL: none. */
const char *cli_agent_socket(void);
/* -d GAMEDIR and -r ROOT, as the game verbs take them: 1 when ch (from
 * cli_getopt) was one of them, its value kept. */
struct cli_where {
	const char	*dir, *root;
};
int	cli_where_opt(int ch, struct cli_where *);
/* Opens the game directory cli_game_path finds, reporting on stderr. */
int	cli_gamedir(const char *dir, const char *root, enum gamedir_mode,
	    struct gamedir *, struct error *);
/* The game directory as the commands shown name it: ROOT/ and the id's
 * first 16 digits in a root, "." in the current directory. */
const char *cli_dir_shown(const struct gamedir *);
/* This copy's key, which must be the one the game gives it: the seat
 * file's key, or the next one once the transcript gives it (the seat file
 * then names it alone). */
struct key_secret *cli_key(const struct gamedir *, struct error *);
/* While the seat file names two keys, the one k is not (messages may be
 * sealed to either); NULL when there is one. */
struct key_secret *cli_key_other(const struct gamedir *,
	    const struct key_secret *, struct error *);
/* This seat's view in a format: text, yaml or svg. */
int	cli_view(const struct gamedir *, const char *fmt, struct error *);
/* Refuses (exit 1) to act in a game that is over, saying its result. */
int	cli_not_over(const struct gamedir *, struct error *);
/* While a share of the seed is owed, nothing else: refused, saying who
 * owes it and, to the seat that does, the command that sends it. */
int	cli_seed_owed(const struct gamedir *, struct error *);
/* verify's and replay's input: [FILE] (stdin for none or "-"), the
 * threads ADJUDICATOR_THREADS asks for; NULL on an error. */
FILE	*cli_archive_open(int, char **, const char **in, int *threads,
	    struct error *);
/* The same once the options are read: the operands, [FILE]. */
FILE	*cli_archive_input(int, char **, const char **in, int *threads,
	    struct error *);
/* The options of setup and turn: -d GAMEDIR, -r ROOT, -M, -n; optind
 * is left at the first operand. */
#define CLI_CONDS	COND_LINES
struct cli_send {
	struct cli_where w;
	int		 mail;	/* -M: a whole mail */
	int		 send;	/* -S: that mail handed to the mailer */
	int		 dry;	/* -n: nothing written or sent */
	const char	*cond[CLI_CONDS];	/* turn -c: lines, or files */
	int		 ncond;
};
int	cli_send_options(int, char **, struct cli_send *, struct error *);
/* The same with turn's -c (conditions, formats/conditions.md). */
int	cli_turn_options(int, char **, struct cli_send *, struct error *);
/* A judged seat's next entry is sent (in its outbox) and the judge's
 * update has not brought it back yet. */
int	cli_judged_sent(struct gamedir *);
/* Refuses (exit 1) a judged seat's second entry while its last one is
 * sent and not yet brought back by the judge's update: it would fork the
 * game. */
int	cli_judged_waiting(struct gamedir *, struct error *);
/* -n: says nothing was written or sent, then the view as it would be. */
int	cli_dry_view(const struct gamedir *, struct error *);
int	cli_write(const void *, size_t, struct error *);
/* cli_write of a message the game directory keeps: a failure (a mailer
 * that is not there) says resend (-M: resend -M) prints it again. */
int	cli_write_kept(const void *, size_t, const struct gamedir *, int mail,
	    struct error *);
/*
 * The message(s) made for entry seq, in out, delivered: printed (-M: as
 * a whole mail), or with send (-S) that mail handed to the mailer
 * (cli_mailer_default) and one line on stderr saying what went to whom
 * and whose move it is now ("entry 7 sent to bob <bob@club.example>;
 * now bob's move"; what: "entry 7", "the invitation").  A mailer that
 * fails: EXIT_TEMPFAIL, the message kept (resend -S sends it again).
 */
/* "entry 7", or "entries 7 to 8" when this command made more. */
const char *cli_entries(const struct gamedir *, uint64_t first, char *,
	    size_t);
int	cli_deliver(const struct gamedir *, const char *what,
	    const struct buf *out, int mail, int send, struct error *);
/* The same mail handed to the mailer, for seat (its line naming it), or
 * (-1) for whom the copy's messages go to. */
int	cli_deliver_to(const struct gamedir *, const char *what,
	    const struct buf *out, int seat, struct error *);
/* A whole input file (stdin for NULL or "-"). */
int	cli_read(const char *path, struct buf *, struct error *);
/* An input to read as a stream (stdin for NULL or "-"), and its close,
 * which leaves stdin open. */
FILE	*cli_open(const char *path, struct error *);
void	cli_close(FILE *);

/* This copy's game so far (replay -d, show -f moves) on stdout: its
 * export checked as verify does, unfinished or not (replay.h). */
enum replay_what;
int	cli_so_far(const struct gamedir *, enum replay_what, struct error *);
/* The threads verify checks signatures on: every core, unless
 * ADJUDICATOR_THREADS says how many. */
int	cli_threads(int *, struct error *);

/*
 * cmd_judge.c, for the verbs that write as the judge (judge, rule): each
 * update as a file OUTDIR/SEAT.msg, or a mail handed to SENDMAIL (a
 * program and its words, no shell).
 */
#define CLI_SENDMAIL	"/usr/sbin/sendmail -t -i"
struct cli_outdir {
	const char		*path;
	const struct match	*m;
};
int	cli_judge_to_file(void *, int seat, const struct buf *, size_t n,
	    int note, size_t resent, struct error *);
#define CLI_MAILERS	8
struct cli_mailer {
	char	 line[1024];
	char	*argv[32];
	/* mailers started ahead of their mails (pid 0: a free place) */
	struct {
		pid_t	 pid;
		int	 in;		/* their standard input, until given */
		int	 fed;		/* 0: the whole mail written */
	}	 ahead[CLI_MAILERS];
};
int	cli_mailer_parse(const char *, struct cli_mailer *, struct error *);
/* The mailer given (judge -s), else $SENDMAIL with "-t -i", else
 * CLI_SENDMAIL. */
int	cli_mailer_default(const char *given, struct cli_mailer *,
	    struct error *);
/* SENDMAIL speaks SMTP (-bs): a run's mails in one conversation. */
int	cli_mailer_smtp(const struct cli_mailer *);
/* A mailer started from SENDMAIL may be killed by us (not a set-user-ID
 * program of another user, as exim's sendmail is): 1, else 0. */
int	cli_mailer_stoppable(const struct cli_mailer *);
int	cli_to_mailer(void *, const struct buf *mail, struct error *);
/* mailbot.h's ahead, give and end: a mailer started before its mail may
 * go (none for an SMTP mailer: its mails go in one conversation). */
int	cli_mailer_ahead(void *, int *handle, struct error *);
void	cli_mailer_give(void *, int handle, const struct buf *mail);
int	cli_mailer_end(void *, int handle, struct error *);
/* While m's mailers started ahead wait (NULL: no longer): a SIGTERM,
 * SIGINT or SIGHUP kills them before it stops the judge. */
void	cli_mailer_guard(struct cli_mailer *);
/* The mailer started on the pipe *in (closed by whoever feeds it); its
 * standard output on the pipe *out, or (out NULL) our stderr. */
int	cli_mailer_start(const struct cli_mailer *, int *in, int *out,
	    pid_t *, struct error *);
/* Its end: 0 when it exited 0 and (fed 0) took all it was given. */
int	cli_mailer_reap(const struct cli_mailer *, pid_t, int fed,
	    struct error *);
/* mailqueue_send_fn: a drained run's mails, in one SMTP conversation
 * when SENDMAIL has -bs among its words (smtp.c), else a mailer each,
 * CLI_MAILERS of them started before the first is waited for. */
int	cli_to_mailer_all(void *, struct mailqueue_mail *, size_t,
	    mailqueue_sent_fn *, void *, struct error *);
int	cli_smtp(const struct cli_mailer *, struct mailqueue_mail *, size_t,
	    mailqueue_sent_fn *, void *, struct error *);

int	cmd_keygen(int, char **, struct error *);
int	cmd_key(int, char **, struct error *);
int	cmd_seal(int, char **, struct error *);
int	cmd_open(int, char **, struct error *);
int	cmd_members(int, char **, struct error *);
int	cmd_new(int, char **, struct error *);
int	cmd_join(int, char **, struct error *);
int	cmd_setup(int, char **, struct error *);
int	cmd_turn(int, char **, struct error *);
int	cmd_receive(int, char **, struct error *);
int	cmd_show(int, char **, struct error *);
int	cmd_resend(int, char **, struct error *);
int	cmd_seat(int, char **, struct error *);
int	cmd_backup(int, char **, struct error *);
int	cmd_restore(int, char **, struct error *);
int	cmd_repair(int, char **, struct error *);
int	cmd_rule(int, char **, struct error *);
int	cmd_export(int, char **, struct error *);
int	cmd_verify(int, char **, struct error *);
int	cmd_rules(int, char **, struct error *);
int	cmd_judge(int, char **, struct error *);
int	cmd_games(int, char **, struct error *);
int	cmd_calendar(int, char **, struct error *);
int	cmd_site(int, char **, struct error *);
int	cmd_bot(int, char **, struct error *);
int	cmd_replay(int, char **, struct error *);
int	cmd_agent(int, char **, struct error *);
int	cmd_standings(int, char **, struct error *);
int	cmd_tournament(int, char **, struct error *);
/*
 * What turn and setup do once GAMEDIR is open, shared with bot: the
 * message(s) into out, the game directory committed (dry: -n, tried on
 * this copy alone).  action NULL: what is owed alone, or the final
 * openings.  chosen (else layout, NULL: random) is the setup to commit.
 */
int	cli_turn(struct gamedir *, const char *action, int dry, struct buf *,
	    struct error *);
int	cli_setup(struct gamedir *, const char *layout,
	    const struct game_setup *chosen, int dry, struct buf *,
	    struct error *);
/* -M: the message(s) in out as a whole mail (mail.h), in place. */
int	cli_mail(const struct gamedir *, uint64_t seq, struct buf *out,
	    struct error *);

#endif
