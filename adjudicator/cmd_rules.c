/*
 * rules: the games this adjudicator knows, and one game's seats, modes,
 * options and notation.
 */
#include <stdio.h>
#include <unistd.h>

#include "cli.h"
#include "game.h"

static void
describe(const struct game_rules *r, struct buf *b)
{
	const struct game_option *o;
	int i;

	buf_printf(b, "%s: %s\nseats: %d", r->name, r->title, r->min_seats);
	if (r->max_seats != r->min_seats)
		buf_printf(b, " to %d", r->max_seats);
	buf_printf(b, "; modes:%s%s\noptions:\n", r->modes & GAME_MODE_PEER ?
	    " peer" : "", r->modes & GAME_MODE_JUDGE ? " judge" : "");
	for (o = r->options; o != NULL && o->name != NULL; o++) {
		buf_printf(b, "  %s=%s  %s", o->name, o->def, o->help);
		if (o->choices != NULL) {
			buf_adds(b, " (");
			for (i = 0; o->choices[i] != NULL; i++)
				buf_printf(b, "%s%s", i ? ", " : "",
				    o->choices[i]);
			buf_adds(b, ")\n");
		} else
			buf_printf(b, " (%ld to %ld)\n", o->min, o->max);
	}
	buf_adds(b, "options of every game (time controls; none: no clock):\n"
	    "  clock=3d or 20d+2d or 20d+2d/40d  a time per move, or a bank, "
	    "its increment\n    after each move and its cap (d days, h hours)"
	    "\n"
	    "  grace=1d  after the deadline, before the judge rules a timeout "
	    "(0h)\n"
	    "  leave=30d or 30d/10d  each seat's leave, and its cap on one "
	    "absence\n"
	    "  remind=2d,12h  reminders when this much time is left, each "
	    "shorter than\n    a turn can be (1d,6h: those that can come)\n");
	buf_printf(b, "notation:\n%s", r->notation);
	if (!(r->modes & GAME_MODE_JUDGE))
		return;
	buf_printf(b, "conditions (judged games; turn -c, with your move, or "
	    "alone while\n  the opponent thinks):\n"
	    "  'IF => THEN ; IF => THEN'  a line: if the opponent plays IF, "
	    "reply THEN,\n"
	    "    then go on; at most %d lines of %d steps, sealed to the "
	    "judge;\n"
	    "    -c FILE: a line each (# comments); -c -: none (alone: clear "
	    "them)\n"
	    "    the judge plays THEN for you when the move answers IF; "
	    "lines sent\n    alone replace those pending\n",
	    COND_LINES, COND_STEPS);
	if (r->max_seats > 2)
		buf_printf(b, "  with 3 or 4 seats, IF is every other seat's "
		    "action since yours, in\n    turn order: "
		    "'a / b => THEN'\n");
}

int
cmd_rules(int argc, char **argv, struct error *e)
{
	const struct game_rules *r;
	struct buf b;
	int i, rc;

	if (cli_getopt(argc, argv, "") != -1)
		return cli_usage(e);
	if (cli_operands(argc - optind, argv + optind, 1, e) != 0)
		return -1;
	argc -= optind - 1;
	argv += optind - 1;
	buf_init(&b);
	if (argc == 1)
		for (i = 0; game_table[i] != NULL; i++)
			buf_printf(&b, "%-14s %s\n", game_table[i]->name,
			    game_table[i]->title);
	else if ((r = game_find(argv[1])) == NULL) {
		buf_free(&b);
		return error_set(e, EXIT_USAGE, "unknown game \"%s\"", argv[1]);
	} else
		describe(r, &b);
	rc = cli_write(b.data, b.len, e);
	buf_free(&b);
	return rc;
}
