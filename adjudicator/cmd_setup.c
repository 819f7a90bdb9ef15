/*
 * setup: commit to a secret setup.  The secret is kept before the
 * commitments are sent (a setup sent without it could never be opened);
 * the message is printed only once the entry is stored.  The setup is
 * applied to a copy first, as -n applies it, before the key is loaded: a
 * refused setup asks for no passphrase.  With -n the same checks and the
 * view as it would be; nothing written or sent.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "mail.h"
#include "rng.h"

/* A judged seat's setup is in its transcript only once the judge's update
 * brings it back; until then its outbox says it was sent. */
static int
already_sent(struct gamedir *g)
{
	if (g->t.m->seat[g->t.me].has_setup)
		return 1;
	return g->t.secret != NULL && cli_judged_sent(g);
}

static int
make_secret(const struct gamedir *g, const char *layout,
    const struct game_setup *chosen, struct match_secret *s, struct error *e)
{
	const struct match *m = g->t.m;
	const struct game_rules *r = m->rules;
	struct rng rng;
	int i;

	memset(s, 0, sizeof(*s));
	if (chosen != NULL)
		s->setup = *chosen;
	else if (layout == NULL || strcmp(layout, "random") == 0) {
		rng_init_random(&rng, "setup");
		r->setup_random(m->state, g->t.me, &rng, &s->setup);
	} else if (r->setup_parse(m->state, g->t.me, layout, &s->setup,
	    e) != 0)
		return -1;
	if (r->setup_audit(m->state, g->t.me, &s->setup, e) != 0) {
		e->status = EXIT_REFUSED;
		return -1;
	}
	for (i = 0; i < s->setup.n; i++)
		commit_nonce(s->nonce[i]);
	return 0;
}

/* -n: the commitments applied to this copy alone, the view shown with the
 * setup as it would be; nothing kept, no key needed. */
static int
dry_run(struct gamedir *g, struct match_secret *s, const struct buf *body,
    struct error *e)
{
	struct transcript *p = &g->t;
	int rc;

	p->m->local[p->me] = &s->setup;
	rc = transcript_try(p, body, e);
	if (rc == 0)
		rc = cli_dry_view(g, e);
	p->m->local[p->me] = p->secret != NULL ? &p->secret->setup : NULL;
	return rc;
}

/* The commitments applied first to a copy of the match, as -n applies
 * them: a setup refused there asks for no passphrase. */
static int
rehearse(struct gamedir *g, struct match_secret *s, const struct buf *body,
    struct error *e)
{
	struct match *real = g->t.m, *copy;
	int rc;

	if ((copy = match_clone(real)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	copy->local[g->t.me] = &s->setup;
	g->t.m = copy;
	rc = transcript_try(&g->t, body, e);
	g->t.m = real;
	match_free(copy);
	return rc;
}

int
cli_setup(struct gamedir *g, const char *layout,
    const struct game_setup *chosen, int dry, struct buf *out,
    struct error *e)
{
	struct transcript *p = &g->t;
	struct key_secret *k = NULL;
	struct match_secret *s;
	struct buf body;
	int rc = -1;

	if (p->me >= p->m->nseats)
		return error_set(e, EXIT_USAGE, "%s: the judge has no setup",
		    g->path);
	if (cli_not_over(g, e) != 0 || cli_seed_owed(g, e) != 0)
		return -1;
	if (already_sent(g))
		return error_set(e, EXIT_REFUSED, "%s: setup already made "
		    "(resend prints the message again)", g->path);
	if ((s = sec_malloc(sizeof(*s))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	buf_init(&body);
	if (make_secret(g, layout, chosen, s, e) != 0 ||
	    entry_setup(p->m, p->me, s, &body, e) != 0)
		goto done;
	if (dry) {
		rc = dry_run(g, s, &body, e);
		goto done;
	}
	if (rehearse(g, s, &body, e) != 0 ||
	    (k = cli_key(g, e)) == NULL ||
	    gamedir_save_secret(g, s, e) != 0)
		goto done;
	p->m->local[p->me] = &s->setup;
	/* the secret and the commitments are kept at once, or neither */
	rc = transcript_send(p, k, &body, s, out, e);
	if (rc == 0) {
		/* the copy holds it now, and its checkpoint with it */
		if (p->secret != NULL) {
			sec_wipe(p->secret, sizeof(*p->secret));
			sec_free(p->secret);
		}
		p->secret = s;
		s = NULL;
		rc = gamedir_commit(g, e);
	}
	p->m->local[p->me] = p->secret != NULL ? &p->secret->setup : NULL;
done:
	if (s != NULL)
		sec_wipe(s, sizeof(*s));
	sec_free(s);
	key_secret_free(k);
	buf_free(&body);
	return rc;
}

/* "-": the layout from standard input, where ps does not show it. */
static int
layout_arg(const char *arg, char *out, size_t len, struct error *e)
{
	struct buf b;
	size_t n;

	if (strcmp(arg, "-") != 0) {
		if ((size_t)snprintf(out, len, "%s", arg) >= len)
			return error_set(e, EXIT_USAGE, "layout too long");
		return 0;
	}
	buf_init(&b);
	if (cli_read(NULL, &b, e) != 0) {
		buf_free(&b);
		return -1;
	}
	n = strcspn((char *)b.data, "\r\n");
	if (n >= len || strspn((char *)b.data + n, "\r\n") != b.len - n) {
		buf_free(&b);
		return error_set(e, EXIT_USAGE, "stdin: the layout is one line");
	}
	snprintf(out, len, "%.*s", (int)n, (char *)b.data);
	buf_free(&b);
	return 0;
}

int
cmd_setup(int argc, char **argv, struct error *e)
{
	struct cli_send o;
	char layout[512];
	struct gamedir g;
	struct buf out;
	char what[64];
	uint64_t seq;
	int rc;

	if (cli_send_options(argc, argv, &o, e) != 0)
		return -1;
	argc -= optind;
	argv += optind;
	if (cli_operands(argc, argv, 1, e) != 0)
		return -1;
	if (argc == 1 && layout_arg(argv[0], layout, sizeof(layout), e) != 0)
		return -1;
	if (cli_gamedir(o.w.dir, o.w.root, o.dry ? GAMEDIR_READ : GAMEDIR_WRITE,
	    &g, e) != 0)
		return -1;
	buf_init(&out);
	seq = g.t.m->seq + 1;
	rc = o.mail ? mail_message_check(g.t.m, g.t.me, e) : 0;
	if (rc == 0)
		rc = cli_setup(&g, argc == 1 ? layout : NULL, NULL, o.dry, &out,
		    e);
	if (rc == 0 && o.mail)
		rc = cli_mail(&g, seq, &out, e);
	if (rc == 0 && !o.dry)
		rc = cli_deliver(&g, cli_entries(&g, seq, what,
		    sizeof(what)), &out, o.mail, o.send, e);
	buf_free(&out);
	gamedir_close(&g);
	return rc;
}
