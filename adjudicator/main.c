/*
 * adjudicator: referee board games played by e-mail.  This file holds the
 * verb table and the only place that prints errors and exits.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "sec.h"

/* The version is the file VERSION's, which the Makefile passes. */
#ifndef ADJ_VERSION
#error "build with make: ADJ_VERSION comes from the file VERSION"
#endif

static const struct verb verbs[] = {
	{ .name = "new", .main = cmd_new,
	  .usage = "adjudicator new -k KEY [-M | -S] [-m peer|judge] [-s SEED] "
	    "[-o OPT=VAL]... [-a SEAT=ADDRESS]... [-j JUDGE.pub] "
	    "[-w ADDRESS]... RULES SEAT.pub...",
	  .summary = "start a game: the invitation, armored, on stdout" },
	{ .name = "join", .main = cmd_join,
	  .usage = "adjudicator join -d GAMEDIR -k KEY [FILE]",
	  .usage2 = "adjudicator join -r ROOT -k KEY [FILE]",
	  .summary = "create GAMEDIR (or ROOT/GAMEID) from an invitation" },
	{ .name = "setup", .main = cmd_setup,
	  .usage = "adjudicator setup [-r ROOT] [-d GAMEDIR] [-M | -S | -n] "
	    "[LAYOUT|random|-]",
	  .summary = "commit to a secret setup; the message on stdout" },
	{ .name = "turn", .main = cmd_turn,
	  .usage = "adjudicator turn [-r ROOT] [-d GAMEDIR] [-M | -S | -n] "
	    "[-c LINE|FILE|-]... [ACTION...]",
	  .summary = "play; the turn message (-M: a whole mail) on stdout" },
	{ .name = "bot", .main = cmd_bot,
	  .usage = "adjudicator bot [-r ROOT] [-d GAMEDIR] [-M | -S] "
	    "[-p random|greedy] [-s SEED]",
	  .summary = "this seat's next message, chosen by a bot" },
	{ .name = "receive", .main = cmd_receive,
	  .usage = "adjudicator receive [-d GAMEDIR] [FILE...]",
	  .usage2 = "adjudicator receive -r ROOT [-v] [FILE...]",
	  .summary = "apply messages; print this seat's new view" },
	{ .name = "games", .main = cmd_games,
	  .usage = "adjudicator games -r ROOT",
	  .summary = "every game of ROOT: whose turn, last entry, result" },
	{ .name = "calendar", .main = cmd_calendar,
	  .usage = "adjudicator calendar -r ROOT [-o FILE]",
	  .summary = "your deadlines in ROOT's games as an iCalendar file" },
	{ .name = "judge", .main = cmd_judge,
	  .usage = "adjudicator judge [-d GAMEDIR] -O OUTDIR [-t | FILE...]",
	  .usage2 = "adjudicator judge -r ROOT [-k KEY] [-s SENDMAIL] "
	    "[-t | -q] [MAILDIR | FILE...]",
	  .summary = "judge mode: adjudicate; -r: the mail bot" },
	{ .name = "rule", .main = cmd_rule,
	  .usage = "adjudicator rule [-d GAMEDIR] -O OUTDIR [-a ADDRESS] "
	    "RULING [SEAT] [ARG] REASON...",
	  .usage2 = "adjudicator rule -r ROOT [-k KEY] [-s SENDMAIL] "
	    "[-a ADDRESS] GAME RULING [SEAT] [ARG] REASON...",
	  .summary = "the judge's operator: pause, resume, extend, abort, "
	    "adjudicate, handover" },
	{ .name = "show", .main = cmd_show,
	  .usage = "adjudicator show [-r ROOT] [-d GAMEDIR] "
	    "[-f text|public|yaml|svg|moves] [-a]",
	  .summary = "print this seat's view" },
	{ .name = "resend", .main = cmd_resend,
	  .usage = "adjudicator resend [-r ROOT] [-d GAMEDIR] [-M | -S] [SEQ]",
	  .usage2 = "adjudicator resend [-r ROOT] [-d GAMEDIR] -s SEAT "
	    "[-M | -S] [SEQ]",
	  .summary = "print a message this seat (or the judge) sent, again" },
	{ .name = "seat", .main = cmd_seat,
	  .usage = "adjudicator seat [-r ROOT] [-d GAMEDIR] [-M | -n] "
	    "[-a ADDRESS] [-t KEY]",
	  .summary = "this seat's new mail address or key, or the seat "
	    "handed to another key" },
	{ .name = "backup", .main = cmd_backup,
	  .usage = "adjudicator backup [-r ROOT] [-d GAMEDIR] [-t KEY.pub]",
	  .summary = "this copy, sealed to its own key (or -t another's): "
	    "join rebuilds it" },
	{ .name = "restore", .main = cmd_restore,
	  .usage = "adjudicator restore [-r ROOT] [-d GAMEDIR] [-M]",
	  .summary = "a judged seat asks the judge for its whole copy again" },
	{ .name = "repair", .main = cmd_repair,
	  .usage = "adjudicator repair -d GAMEDIR [-k KEY FILE]",
	  .summary = "save what is whole in a damaged game directory" },
	{ .name = "export", .main = cmd_export,
	  .usage = "adjudicator export [-r ROOT] [-d GAMEDIR]",
	  .summary = "the archive (header, transcript) on stdout" },
	{ .name = "verify", .main = cmd_verify,
	  .usage = "adjudicator verify [FILE [FILE2]]",
	  .summary = "audit a whole game; exit 0 only if all holds" },
	{ .name = "replay", .main = cmd_replay,
	  .usage = "adjudicator replay [-a] [FILE]",
	  .usage2 = "adjudicator replay [-r ROOT] -d GAMEDIR",
	  .summary = "a verified archive as one self-contained HTML page" },
	{ .name = "standings", .main = cmd_standings,
	  .usage = "adjudicator standings [-f text|yaml|html] [-j JUDGE.pub]... "
	    "[-m MEMBERS]... [-p PERIOD] [-r elo|glicko2] ARCHIVE|DIR...",
	  .summary = "ratings and reliability from verified archives" },
	{ .name = "site", .main = cmd_site,
	  .usage = "adjudicator site -r ROOT OUTDIR",
	  .summary = "the club's games as a static web site in OUTDIR" },
	{ .name = "tournament", .main = cmd_tournament,
	  .usage = "adjudicator tournament declare|accept|withdraw|rule -k "
	    "KEY [-a ROUND] [DECL] [FILE|PLAYER|RULING...]",
	  .usage2 = "adjudicator tournament pair|results|table|verify|trf|"
	    "archive [-k KEY] [-r ROUND] [-f text|yaml|html] DECL "
	    "[FILE|DIR...]",
	  .summary = "a tournament: declare, accept, pair, table, verify, "
	    "TRF, archive" },
	{ .name = "rules", .main = cmd_rules,
	  .usage = "adjudicator rules [RULES]",
	  .summary = "games, options, action notation" },
	{ .name = "keygen", .main = cmd_keygen,
	  .usage = "adjudicator keygen [-N] [-d DIR] NAME",
	  .summary = "make a key pair: DIR/NAME.key and DIR/NAME.pub" },
	{ .name = "key", .main = cmd_key,
	  .usage = "adjudicator key export KEY.pub",
	  .usage2 = "adjudicator key import [-f] [-d DIR] [FILE]",
	  .summary = "a public key as a short block for mail, and back" },
	{ .name = "agent", .main = cmd_agent,
	  .usage = "adjudicator agent [-f] [-s] [-S SOCKET] [-t IDLE] "
	    "[-T MAX]",
	  .usage2 = "adjudicator agent -a KEY [-c] [-t IDLE] [-T MAX] | -l | "
	    "-d KEY | -D | -x | -X | -k [-s]",
	  .summary = "hold unlocked keys: one passphrase per sitting" },
	{ .name = "seal", .main = cmd_seal,
	  .usage = "adjudicator seal -k KEY RECIPIENT.pub... [FILE]",
	  .summary = "sign, encrypt and armor a YAML body" },
	{ .name = "members", .main = cmd_members,
	  .usage = "adjudicator members import -k KEY [-r ROOT] "
	    "[-j JUDGE.pub] FILE",
	  .summary = "a club's directory, signed, into your contacts" },
	{ .name = "open", .main = cmd_open,
	  .usage = "adjudicator open -k KEY [-p SENDER.pub] [FILE]",
	  .summary = "de-armor, decrypt and verify; the body on stdout" },
};

static void
list_verbs(FILE *f)
{
	size_t i;

	fprintf(f, "usage: adjudicator VERB [OPTIONS] [ARGS]\n"
	    "       adjudicator --version\nverbs:\n");
	for (i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++)
		fprintf(f, "  %-8s %s\n", verbs[i].name, verbs[i].summary);
}

/* Whether an error says where: it starts with one or two words and a
 * colon ("a1.msg: ...", "seq 4: ..."). */
static int
has_where(const char *msg)
{
	const char *colon = strstr(msg, ": ");
	const char *p;
	int spaces = 0;

	if (colon == NULL || colon == msg)
		return 0;
	for (p = msg; p < colon; p++)
		spaces += *p == ' ';
	return spaces <= 1;
}

int
main(int argc, char **argv)
{
	struct error e;
	size_t i;

	error_clear(&e);
	if (argc < 2) {
		list_verbs(stderr);
		return EXIT_USAGE;
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("adjudicator %s\n", ADJ_VERSION);
		return EXIT_OK;
	}
	if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0 ||
	    strcmp(argv[1], "help") == 0) {
		list_verbs(stdout);
		return EXIT_OK;
	}
	for (i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++)
		if (strcmp(argv[1], verbs[i].name) == 0)
			cli_verb = &verbs[i];
	if (cli_verb == NULL) {
		fprintf(stderr, "adjudicator: unknown verb \"%s\"\n", argv[1]);
		list_verbs(stderr);
		return EXIT_USAGE;
	}
	if (sec_init() != 0) {
		fprintf(stderr, "adjudicator: cannot initialise libsodium\n");
		return EXIT_SYSTEM;
	}
	if (cli_help(argc - 1, argv + 1))
		return EXIT_OK;
	opterr = 0;	/* the verbs report bad options themselves, once */
	if (cli_verb->main(argc - 1, argv + 1, &e) != 0) {
		/* "adjudicator: WHERE: WHAT": the verb when nothing else is */
		if (has_where(e.msg))
			fprintf(stderr, "adjudicator: %s\n", e.msg);
		else
			fprintf(stderr, "adjudicator: %s: %s\n", cli_verb->name,
			    e.msg);
		return e.status == EXIT_OK ? EXIT_SYSTEM : (int)e.status;
	}
	return EXIT_OK;
}
