/*
 * resend: print again a message this seat sent: the one with SEQ, or
 * everything its last command printed; the judge's updates to a seat.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "judge.h"
#include "mail.h"

/* What the last turn printed: an opening or a move can be followed by
 * the final openings, in consecutive entries. */
static uint64_t
first_of_last(struct gamedir *g, uint64_t last)
{
	struct buf probe;
	struct error ign;
	uint64_t first;

	buf_init(&probe);
	for (first = last; first > 1; first--) {
		probe.len = 0;
		if (gamedir_outbox(g, first - 1, &probe, &ign) != 0)
			break;
	}
	buf_free(&probe);
	return first;
}

/* The judge's updates to seat: from the one that reaches SEQ, or the
 * last; -M: as a mail to the seat. */
static int
judge_again(struct gamedir *g, const char *name, uint64_t seq, int mail,
    struct buf *b, struct error *e)
{
	const struct match *m = g->t.m;
	char subject[MAIL_FIELD], tail[64];
	struct mail_head h;
	struct buf body;
	size_t n;
	int seat, rc;

	if ((seat = match_seat_by_name(m, name)) < 0 || seat >= m->nseats)
		return error_set(e, EXIT_USAGE, "-s %s: not a seat of this game",
		    name);
	if ((rc = judge_resend(&g->t, seat, seq, b, &n, e)) != 0)
		return rc < 0 ? -1 : error_set(e, EXIT_USAGE, "%s: the judge "
		    "has sent %s nothing yet", g->path, name);
	if (!mail)
		return 0;
	if (m->seat[seat].address[0] == '\0')
		return error_set(e, EXIT_USAGE, "-M: the header gives no address "
		    "for %s (new -a %s=ADDRESS)", name, name);
	memset(&h, 0, sizeof(h));
	if (m->judge_address[0] != '\0')
		h.from = m->judge_address;
	h.to[h.nto++] = m->seat[seat].address;
	snprintf(tail, sizeof(tail), ", for %s, again", name);
	mail_subject(m, m->seq, tail, subject, sizeof(subject));
	h.subject = subject;
	h.game = m->game_hex;
	buf_init(&body);
	buf_printf(&body, "adjudicator: %s game %.16s: the judge's last "
	    "update%s to %s, sent again.\nApply %s with \"adjudicator receive "
	    "-r ROOT\" (pipe this mail into it).\n\n", m->rules->name,
	    m->game_hex, n == 1 ? "" : "s", name, n == 1 ? "it" : "them");
	buf_add(&body, b->data, b->len);
	b->len = 0;
	rc = mail_compose(&h, (const char *)body.data, body.len, b, e);
	buf_free(&body);
	return rc;
}

/* The judge's: its updates to seat printed again, or sent (-S). */
static int
judge_resend_to(struct gamedir *g, const char *seat, uint64_t seq, int mail,
    int send, struct buf *b, struct error *e)
{
	char what[128];

	if (judge_again(g, seat, seq, mail, b, e) != 0)
		return -1;
	if (!send)
		return cli_write(b->data, b->len, e);
	snprintf(what, sizeof(what), "the judge's last update to %.30s, "
	    "again,", seat);
	return cli_deliver_to(g, what, b, match_seat_by_name(g->t.m, seat),
	    e);
}

/* A seat's: its message of entry seq (given), or its last, printed
 * again or sent (-S). */
static int
seat_resend(struct gamedir *g, int given, unsigned long long seq, int mail,
    int send, struct buf *b, struct error *e)
{
	unsigned long long first, from;
	char what[128];

	if (given)
		first = seq;
	else if ((seq = gamedir_last_sent(g)) == 0)
		return error_set(e, EXIT_USAGE, "%s: %s has sent nothing yet",
		    cli_dir_shown(g), g->seat);
	else
		first = first_of_last(g, seq);
	if (mail && mail_message_check(g->t.m, g->t.me, e) != 0)
		return -1;
	for (from = first; first <= seq; first++)
		if (gamedir_outbox(g, first, b, e) != 0)
			return -1;
	if (mail && cli_mail(g, from, b, e) != 0)
		return -1;
	if (!send)
		return cli_write(b->data, b->len, e);
	if (seq > from)
		snprintf(what, sizeof(what), "entries %llu to %llu again",
		    from, seq);
	else
		snprintf(what, sizeof(what), "entry %llu again", from);
	return cli_deliver(g, what, b, 1, 1, e);
}

int
cmd_resend(int argc, char **argv, struct error *e)
{
	struct cli_where w = { NULL, NULL };
	const char *seat = NULL;
	struct gamedir g;
	struct buf b;
	unsigned long long seq;
	char *end;
	int ch, rc = -1, mail = 0, send = 0;

	while ((ch = cli_getopt(argc, argv, "d:r:MSs:")) != -1) {
		if (ch == 'M')
			mail = 1;
		else if (ch == 'S')
			mail = send = 1;
		else if (ch == 's')
			seat = optarg;
		else if (!cli_where_opt(ch, &w))
			return cli_usage(e);
	}
	argc -= optind;
	argv += optind;
	if (cli_operands(argc, argv, 1, e) != 0 ||
	    cli_gamedir(w.dir, w.root, GAMEDIR_READ, &g, e) != 0)
		return -1;
	buf_init(&b);
	seq = 0;
	if (argc == 1) {
		seq = strtoull(argv[0], &end, 10);
		if (*argv[0] == '\0' || *end != '\0') {
			error_set(e, EXIT_USAGE, "%s: SEQ is a number", argv[0]);
			goto done;
		}
	}
	if ((g.t.me == GAME_JUDGE) != (seat != NULL)) {
		error_set(e, EXIT_USAGE, seat != NULL ? "-s: %s is %s's game "
		    "directory: only the judge names a seat" : "%s: the judge's "
		    "game directory: name the seat with -s SEAT",
		    cli_dir_shown(&g), g.seat);
		goto done;
	}
	if (seat != NULL)
		rc = judge_resend_to(&g, seat, seq, mail, send, &b, e);
	else
		rc = seat_resend(&g, argc == 1, seq, mail, send, &b, e);
done:
	buf_free(&b);
	gamedir_close(&g);
	return rc;
}
