/*
 * seat: who holds this seat and where its mail goes (formats/entry.md,
 * "kind: seat"), an entry signed by the key that holds it now:
 *
 *   -a ADDRESS   the seat's new mail address (the judge's mail follows
 *                it from its next update);
 *   -t KEY       a new key: a secret key file of this seat's holder (a
 *                lost or retired key: this copy goes on with the new
 *                one), or another holder's public key file (the seat
 *                handed over: in a peer game `backup -t KEY.pub` then
 *                gives the new holder its copy; in a judged game the
 *                judge sends it).
 *
 * In a peer game it is this seat's entry on its turn, which it does not
 * pass; in a judged game it goes to the judge at any moment.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "contacts.h"
#include "fsio.h"
#include "mail.h"

struct seat_opts {
	struct cli_send	 o;
	const char	*address;
	const char	*key;
};

static int
options(int argc, char **argv, struct seat_opts *s, struct error *e)
{
	int ch;

	memset(s, 0, sizeof(*s));
	while ((ch = cli_getopt(argc, argv, "a:d:r:t:Mn")) != -1) {
		if (ch == 'a')
			s->address = optarg;
		else if (ch == 't')
			s->key = optarg;
		else if (ch == 'M')
			s->o.mail = 1;
		else if (ch == 'n')
			s->o.dry = 1;
		else if (!cli_where_opt(ch, &s->o.w))
			return cli_usage(e);
	}
	if (s->o.mail && s->o.dry)
		return cli_usage_why(e, "-M and -n together: -n sends nothing");
	if (s->address == NULL && s->key == NULL)
		return cli_usage_why(e, "-a ADDRESS, -t KEY or both: what "
		    "changes");
	return cli_operands(argc - optind, argv + optind, 0, e);
}

/* A public key line: another holder's; else this holder's secret key. */
static int
is_public(const char *path)
{
	char head[24];
	struct error ign;
	FILE *f;
	size_t n;

	if ((f = fsio_fopen_regular(path, &ign)) == NULL)
		return 0;
	n = fread(head, 1, sizeof(head) - 1, f);
	fclose(f);
	head[n] = '\0';
	return strncmp(head, KEY_PUB_TAG " ", strlen(KEY_PUB_TAG) + 1) == 0;
}

static int
change(struct gamedir *g, const struct seat_opts *s, struct buf *out,
    int *own, struct error *e)
{
	struct transcript *p = &g->t;
	struct key_secret *k = NULL, *nk = NULL;
	struct key_public pub, *to = NULL;
	struct buf body;
	char why[200], q[300];
	int rc = -1;

	*own = 0;
	if (p->me == GAME_JUDGE)
		return error_set(e, EXIT_USAGE, "%s: the judge's copy: the "
		    "operator hands a seat over with rule handover", g->path);
	if (s->address != NULL &&
	    header_address_check(s->address, why, sizeof(why)) != 0) {
		error_quote(q, sizeof(q), s->address);
		return error_set(e, EXIT_USAGE, "-a \"%s\": %s", q, why);
	}
	/* a public key file, or a contact's name or address */
	if (s->key != NULL && (is_public(s->key) ||
	    contacts_is_name(s->key))) {
		if (contacts_key(s->o.w.root != NULL ? s->o.w.root :
		    cli_default_root(), s->key, CONTACTS_MEMBER, &pub, NULL,
		    e) != 0)
			return -1;
		to = &pub;
	} else if (s->key != NULL) {
		if ((nk = cli_key_load(s->key, e)) == NULL)
			return -1;
		pub = nk->pub;
		to = &pub;
		*own = 1;
	}
	buf_init(&body);
	if ((s->o.dry || (k = cli_key(g, e)) != NULL) &&
	    entry_seat(p->m, p->me, p->me, to, s->address, NULL, &body,
	    e) == 0)
		rc = s->o.dry ? transcript_try(p, &body, e) :
		    transcript_send(p, k, &body, NULL, out, e);
	buf_free(&body);
	key_secret_free(k);
	key_secret_free(nk);
	return rc;
}

/* After the entry is kept: the copy's seat file names the new key (a
 * judged seat's as the next one, until the judge's update gives it). */
static int
follow_key(struct gamedir *g, const struct seat_opts *s, int own,
    struct error *e)
{
	if (own)
		return g->t.m->judge_mode ? gamedir_set_keys(g, g->keypath,
		    s->key, e) : gamedir_set_keys(g, s->key, NULL, e);
	if (s->key != NULL)
		fprintf(stderr, "%s: the seat goes to the key of %s; %s\n",
		    cli_dir_shown(g), s->key, g->t.m->judge_mode ? "the judge "
		    "sends its new holder the whole copy" : "give its new "
		    "holder its copy: adjudicator backup -t KEY.pub >FILE, "
		    "which it joins");
	return 0;
}

int
cmd_seat(int argc, char **argv, struct error *e)
{
	struct seat_opts s;
	struct gamedir g;
	struct buf out;
	uint64_t seq;
	int rc, own;

	if (options(argc, argv, &s, e) != 0 ||
	    cli_gamedir(s.o.w.dir, s.o.w.root, s.o.dry ? GAMEDIR_READ :
	    GAMEDIR_WRITE, &g, e) != 0)
		return -1;
	buf_init(&out);
	seq = g.t.m->seq + 1;
	rc = s.o.mail ? mail_message_check(g.t.m, g.t.me, e) : 0;
	if (rc == 0)
		rc = cli_not_over(&g, e);
	if (rc == 0 && !s.o.dry && g.t.m->judge_mode)
		rc = cli_judged_waiting(&g, e);
	if (rc == 0)
		rc = change(&g, &s, &out, &own, e);
	if (rc == 0 && s.o.dry)
		rc = cli_dry_view(&g, e);
	else if (rc == 0) {
		/* kept before it is printed: a message sent is always resent */
		if ((rc = gamedir_commit(&g, e)) == 0)
			rc = follow_key(&g, &s, own, e);
		if (rc == 0 && s.o.mail)
			rc = cli_mail(&g, seq, &out, e);
		if (rc == 0)
			rc = cli_write_kept(out.data, out.len, &g, s.o.mail, e);
	}
	buf_free(&out);
	gamedir_close(&g);
	return rc;
}
