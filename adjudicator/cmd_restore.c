/*
 * restore: a judged seat that lost its game directory joins again (its
 * invitation) and asks the judge for its copy (formats/entry.md, "kind:
 * restore"): the request, signed by the seat's key and sealed to the
 * judge, is printed for mail (-M: a whole mail).  The judge answers with
 * the seat's whole update, its own setup's openings included, which
 * receive takes.  A peer game has no judge to ask: its seat restores from
 * its backup.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "mail.h"
#include "ydoc.h"

static int
request(struct gamedir *g, struct buf *out, struct error *e)
{
	const struct match *m = g->t.m;
	struct key_secret *k;
	struct ydoc_writer *w;
	struct buf body, sb;
	int rc = -1;

	if (g->t.me == GAME_JUDGE)
		return error_set(e, EXIT_USAGE, "%s: the judge's copy: restore "
		    "is a seat's request to the judge", g->path);
	if (!m->judge_mode)
		return error_set(e, EXIT_USAGE, "%s: a peer game has no judge to "
		    "ask: rebuild the copy from your backup (join -d DIR -k KEY "
		    "BACKUP) and receive the other seats' messages", g->path);
	if ((k = cli_key(g, e)) == NULL)
		return -1;
	buf_init(&body);
	buf_init(&sb);
	if ((w = ydoc_writer_new(&body)) == NULL) {
		error_set(e, EXIT_SYSTEM, "out of memory");
		goto done;
	}
	ydoc_map_begin(w);
	ydoc_kv(w, "game", m->game_hex);
	ydoc_kv(w, "by", m->seat[g->t.me].name);
	ydoc_kv(w, "kind", "restore");
	ydoc_map_end(w);
	if (ydoc_writer_end(w) != 0) {
		error_set(e, EXIT_SYSTEM, "out of memory");
		goto done;
	}
	rc = envelope_sign(k, &m->judge, 1, body.data, body.len, &sb, e) != 0 ||
	    envelope_armor(sb.data, sb.len, &m->judge, 1, out, e) != 0 ? -1 : 0;
done:
	buf_free(&body);
	buf_free(&sb);
	key_secret_free(k);
	return rc;
}

int
cmd_restore(int argc, char **argv, struct error *e)
{
	struct cli_where w = { NULL, NULL };
	struct gamedir g;
	struct buf out;
	int ch, mail = 0, rc;

	while ((ch = cli_getopt(argc, argv, "d:r:M")) != -1) {
		if (ch == 'M')
			mail = 1;
		else if (!cli_where_opt(ch, &w))
			return cli_usage(e);
	}
	if (cli_operands(argc - optind, argv + optind, 0, e) != 0 ||
	    cli_gamedir(w.dir, w.root, GAMEDIR_READ, &g, e) != 0)
		return -1;
	buf_init(&out);
	rc = mail ? mail_message_check(g.t.m, g.t.me, e) : 0;
	if (rc == 0)
		rc = request(&g, &out, e);
	if (rc == 0 && mail)
		rc = cli_mail(&g, g.t.m->seq, &out, e);
	if (rc == 0)
		rc = cli_write(out.data, out.len, e);
	buf_free(&out);
	gamedir_close(&g);
	return rc;
}
