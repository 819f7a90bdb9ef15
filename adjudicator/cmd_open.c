/*
 * open: de-armor, decrypt and verify messages, for any YAML body; the
 * bodies on stdout, one good-signature line each on stderr, and nothing
 * at all unless every message checks out.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "armor.h"
#include "cli.h"
#include "contacts.h"
#include "envelope.h"
#include "fsio.h"
#include "ydoc.h"

struct opened {
	struct buf	out;		/* the bodies, "---" between them */
	struct buf	notes;		/* what stderr says once all is well */
};

/* Opens every message of the list; the first that fails stops it all. */
static int
open_all(const struct armor_list *l, const struct key_secret *k,
    const struct key_public *sender, const char *name, struct opened *o,
    struct error *e)
{
	struct envelope env;
	struct ydoc *doc;
	struct buf sb;
	char where[300];
	size_t i;
	int rc = 0;

	buf_init(&sb);
	for (i = 0; rc == 0 && i < l->n; i++) {
		if (l->n > 1)
			snprintf(where, sizeof(where), "%s: message %zu", name,
			    i + 1);
		else
			snprintf(where, sizeof(where), "%s", name);
		sb.len = 0;
		if ((rc = envelope_open(l->items[i].data, l->items[i].len, k,
		    &sb, &env, where, e)) != 0)
			break;
		if (sender != NULL && !key_same(&env.signer, sender)) {
			rc = error_set(e, EXIT_REFUSED, "%s: signed by %s (%s), "
			    "not by %s (%s)", where, env.signer.name,
			    env.signer.idhex, sender->name, sender->idhex);
			break;
		}
		if ((doc = ydoc_parse(env.body, env.body_len, where, e)) ==
		    NULL) {
			rc = -1;
			break;
		}
		ydoc_free(doc);
		if (i > 0)
			buf_adds(&o->out, "---\n");
		buf_add(&o->out, env.body, env.body_len);
		buf_printf(&o->notes, "%s: good signature from %s (key %s)\n",
		    where, env.signer.name, env.signer.idhex);
	}
	buf_free(&sb);
	return rc;
}

int
cmd_open(int argc, char **argv, struct error *e)
{
	const char *keypath = NULL, *senderpath = NULL, *in = NULL;
	struct key_public sender;
	struct key_secret *k = NULL;
	struct armor_list l = { NULL, 0, NULL };
	struct opened o;
	struct buf text;
	int ch, rc = -1;

	while ((ch = cli_getopt(argc, argv, "k:p:")) != -1) {
		switch (ch) {
		case 'k':
			keypath = optarg;
			break;
		case 'p':
			senderpath = optarg;
			break;
		default:
			return cli_usage(e);
		}
	}
	argc -= optind;
	argv += optind;
	if (keypath == NULL)
		return cli_usage_why(e, "-k KEY is missing: the recipient's "
		    "key");
	if (cli_operands(argc, argv, 1, e) != 0)
		return -1;
	if (argc == 1)
		in = argv[0];
	if (senderpath != NULL && contacts_key(cli_default_root(), senderpath,
	    CONTACTS_MEMBER | CONTACTS_JUDGE, &sender, NULL, e) != 0)
		return -1;
	buf_init(&text);
	buf_init(&o.out);
	buf_init(&o.notes);
	if (fsio_read(in, FSIO_MAX_INPUT, &text, e) != 0 ||
	    armor_read((char *)text.data, text.len, ARMOR_MESSAGE,
	    fsio_name(in), &l, e) != 0 ||
	    (k = cli_key_load(keypath, e)) == NULL ||
	    open_all(&l, k, senderpath != NULL ? &sender : NULL, fsio_name(in),
	    &o, e) != 0)
		goto done;
	/* said only once all of them checked out: a refusal is the one
	 * line on stderr */
	if (buf_cstr(&o.notes) != 0) {
		error_set(e, EXIT_SYSTEM, "out of memory");
		goto done;
	}
	fputs((char *)o.notes.data, stderr);
	rc = cli_write(o.out.data, o.out.len, e);
done:
	key_secret_free(k);
	armor_list_free(&l);
	buf_free(&text);
	buf_free(&o.out);
	buf_free(&o.notes);
	return rc;
}
