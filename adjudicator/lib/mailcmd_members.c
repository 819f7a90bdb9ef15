/*
 * MEMBERS by mail: the club's directory (ROOT/members, club_members.c),
 * for a member, as a message the judge signs and seals to that member's
 * key: each member's name and key, and its address when the operator's
 * settings say members may see them (judge.yaml: members: addresses),
 * and the judge's own address when judge.yaml gives it.
 * Who asks is known by the address the mail comes from: a forged sender
 * gets nothing, since the message opens with the member's key alone.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "envelope.h"
#include "mailbot_int.h"
#include "mailcmd.h"
#include "when.h"
#include "ydoc.h"

/* The body the judge signs (formats/club.md). */
static int
directory(const struct bot_run *r, const struct club_members *c,
    struct buf *out, struct error *e)
{
	char t[WHEN_TEXT], line[KEY_LINE_MAX];
	struct ydoc_writer *w;
	size_t i;

	if ((w = ydoc_writer_new(out)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	when_format(when_now(), t, sizeof(t));
	ydoc_map_begin(w);
	ydoc_kv(w, "club", "members");
	ydoc_kv(w, "judge", r->b->k->pub.idhex);
	/* where a member's new -j JUDGE mails it (judge.yaml's address) */
	if (r->club.address[0] != '\0')
		ydoc_kv(w, "address", r->club.address);
	ydoc_kv(w, "time", t);
	ydoc_key(w, "members");
	ydoc_seq_begin(w, c->n == 0);
	for (i = 0; i < c->n; i++) {
		key_public_line(&c->m[i].key, line, sizeof(line));
		ydoc_map_begin(w);
		ydoc_kv(w, "name", c->m[i].name);
		ydoc_kv(w, "key", line);
		if (r->club.addresses)
			ydoc_kv(w, "address", c->m[i].address);
		ydoc_map_end(w);
	}
	ydoc_seq_end(w);
	ydoc_map_end(w);
	if (ydoc_writer_end(w) != 0 || (out->len > 0 &&
	    out->data[out->len - 1] != '\n' && buf_adds(out, "\n") != 0))
		return error_set(e, EXIT_SYSTEM, "out of memory");
	return 0;
}

/* The answer: a few lines, then the signed directory sealed to m. */
static int
answer(struct bot_run *r, const struct club_members *c,
    const struct club_member *m, struct error *e)
{
	struct buf yaml, sb, body;
	int rc = -1;

	buf_init(&yaml);
	buf_init(&sb);
	buf_init(&body);
	buf_printf(&body, "The directory of this club: %zu member%s, %s, "
	    "signed by the judge\nand sealed to your key (%s).  Take it into "
	    "your contacts, saved as FILE,\nwith\n"
	    "    adjudicator members import -k KEY -j JUDGE.pub FILE\n\n", c->n,
	    c->n == 1 ? "" : "s", r->club.addresses ? "names, keys and "
	    "addresses" : "names and keys", m->key.idhex);
	if (directory(r, c, &yaml, e) != 0 || envelope_sign(r->b->k, &m->key,
	    1, yaml.data, yaml.len, &sb, e) != 0 || envelope_armor(sb.data,
	    sb.len, &m->key, 1, &body, e) != 0)
		goto done;
	if (buf_cstr(&body) != 0) {
		error_set(e, EXIT_SYSTEM, "out of memory");
		goto done;
	}
	if (mailbot_answer(r, "[adjudicator] members", (char *)body.data,
	    e) != 0)
		goto done;
	snprintf(r->b->verdict, sizeof(r->b->verdict), "members");
	rc = 0;
done:
	buf_free(&yaml);
	buf_free(&sb);
	buf_free(&body);
	return rc;
}

static int
run(struct bot_run *r, struct error *e)
{
	struct mailbot *b = r->b;
	struct club_members c;
	char args[MAIL_SAID];
	size_t i;
	int rc;

	if (b->in.from[0] == '\0' || b->in.automatic) {
		snprintf(b->verdict, sizeof(b->verdict), "members,quiet");
		return 0;
	}
	if (mailcmd_said(&b->in, "MEMBERS", args, sizeof(args)) &&
	    args[0] != '\0') {
		if (mailbot_answer(r, "[adjudicator] members", "MEMBERS takes "
		    "nothing after it: mail a Subject of MEMBERS alone.\n",
		    e) != 0)
			return -1;
		snprintf(b->verdict, sizeof(b->verdict), "members,args");
		return error_set(e, EXIT_MALFORMED, "%s: MEMBERS: \"%.40s\": "
		    "it takes nothing after it", r->name, args);
	}
	if (club_members_read(b->root, &c, e) != 0)
		return -1;
	for (i = 0; i < c.n && strcasecmp(c.m[i].address, b->in.from) != 0;
	    i++)
		;
	if (i < c.n)
		rc = answer(r, &c, &c.m[i], e);
	else if ((rc = mailbot_answer(r, "[adjudicator] members", "The "
	    "directory of this club is for its members: this address is "
	    "none's.\nREGISTER first (HELP says how).\n", e)) == 0) {
		snprintf(b->verdict, sizeof(b->verdict), "members,none");
		rc = error_set(e, EXIT_REFUSED, "%s: MEMBERS: %s is no "
		    "member's address", r->name, b->in.from);
	}
	club_members_free(&c);
	return rc;
}

static int
asked(const struct mail_in *in)
{
	char args[MAIL_SAID];

	return mailcmd_said(in, "MEMBERS", args, sizeof(args));
}

const struct mailcmd mailcmd_members = {
	.name = "MEMBERS",
	.usage = "MEMBERS",
	.help = "the club's directory, signed, for a member",
	.asked = asked,
	.run = run,
};
