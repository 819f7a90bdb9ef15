/*
 * backup: this seat's copy as messages another machine can rebuild it
 * from (formats/entry.md, "kind: secret"): the invitation, every entry of
 * the transcript and the seat's own setup, each sealed to this seat's own
 * key, or with -t to the key the seat goes to next (a peer's seat handed
 * over).  Nothing in it is readable but by that key, so it may be kept
 * anywhere; `join -d DIR -k KEY FILE` rebuilds the copy from it.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "contacts.h"
#include "restore.h"

static int
seal(const struct buf *blob, const struct key_public *to, struct buf *out,
    struct error *e)
{
	return envelope_armor(blob->data, blob->len, to, 1, out, e);
}

static int
backup(struct gamedir *g, const struct key_public *to, struct buf *out,
    struct error *e)
{
	const struct transcript *p = &g->t;
	struct key_secret *k = NULL;
	struct buf one;
	uint64_t seq;
	int rc = -1;

	if (p->me == GAME_JUDGE)
		return error_set(e, EXIT_USAGE, "%s: the judge's copy: its setups "
		    "are the seats'; back up the whole directory", g->path);
	if (p->secret == NULL)
		return error_set(e, EXIT_REFUSED, "%s: %s has no setup yet: "
		    "nothing but the invitation to keep", g->path, g->seat);
	/* the key that held the seat may make its next holder's copy */
	if ((k = cli_key_load(g->keypath, e)) == NULL)
		return -1;
	if (!restore_held_by(p->m, p->me, &k->pub)) {
		key_secret_free(k);
		return error_set(e, EXIT_USAGE, "%s: this key never held %s's "
		    "seat", g->keypath, g->seat);
	}
	buf_init(&one);
	for (seq = 0; seq <= p->m->seq; seq++) {
		one.len = 0;
		if (p->store->get_entry(p->arg, seq, &one, e) != 0 ||
		    seal(&one, to != NULL ? to : &k->pub, out, e) != 0)
			goto done;
	}
	one.len = 0;
	{
		struct buf body;

		buf_init(&body);
		rc = entry_secret(p->m, p->me, p->secret, &body, e) != 0 ||
		    envelope_sign(k, to != NULL ? to : &k->pub, 1, body.data,
		    body.len, &one, e) != 0 || seal(&one, to != NULL ? to :
		    &k->pub, out, e) != 0 ? -1 : 0;
		sec_wipe(body.data, body.len);
		buf_free(&body);
	}
done:
	sec_wipe(one.data, one.len);
	buf_free(&one);
	key_secret_free(k);
	return rc;
}

int
cmd_backup(int argc, char **argv, struct error *e)
{
	struct cli_where w = { NULL, NULL };
	struct key_public to;
	const char *target = NULL;
	struct gamedir g;
	struct buf out;
	int ch, rc;

	while ((ch = cli_getopt(argc, argv, "d:r:t:")) != -1) {
		if (ch == 't')
			target = optarg;
		else if (!cli_where_opt(ch, &w))
			return cli_usage(e);
	}
	if (cli_operands(argc - optind, argv + optind, 0, e) != 0 ||
	    (target != NULL && contacts_key(w.root != NULL ? w.root :
	    cli_default_root(), target, CONTACTS_MEMBER, &to, NULL, e) != 0) ||
	    cli_gamedir(w.dir, w.root, GAMEDIR_READ, &g, e) != 0)
		return -1;
	buf_init(&out);
	rc = backup(&g, target != NULL ? &to : NULL, &out, e);
	if (rc == 0)
		rc = cli_write(out.data, out.len, e);
	buf_free(&out);
	gamedir_close(&g);
	return rc;
}
