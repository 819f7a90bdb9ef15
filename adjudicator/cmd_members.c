/*
 * members import: a club's directory, as MEMBERS by mail gave it (signed
 * by the club's judge, sealed to this player's key), taken into the
 * player's contacts of that club, ROOT/contacts/JUDGEID (contacts.h);
 * every new, changed and gone member said, each key with its
 * fingerprint, so that a key that changed is never taken silently.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "armor.h"
#include "cli.h"
#include "contacts.h"
#include "fsio.h"
#include "when.h"

static void
say(const struct contacts_import *im, struct buf *out)
{
	char fp[CONTACTS_FINGERPRINT], t[WHEN_TEXT];
	const struct contact_change *c;
	size_t i;

	contacts_fingerprint(&im->judge, fp);
	when_format(im->time, t, sizeof(t));
	buf_printf(out, "club of judge %s, key %s%s: %zu member%s, as of "
	    "%s\n  fingerprint %s\n", im->judge.name, im->judge.idhex,
	    im->first ? " (new to you)" : "", im->members,
	    im->members == 1 ? "" : "s", t, fp);
	if (im->address_news)
		buf_printf(out, "the judge's address: %s\n", im->address[0] ?
		    im->address : "none");
	for (i = 0; i < im->nch; i++) {
		c = &im->ch[i];
		contacts_fingerprint(&c->now.key, fp);
		if (c->news == CONTACT_NEW)
			buf_printf(out, "new: %s, key %s\n  fingerprint "
			    "%s\n", c->now.name, c->now.key.idhex, fp);
		else if (c->news == CONTACT_KEY)
			buf_printf(out, "CHANGED KEY: %s, key %s (was %s)\n"
			    "  fingerprint %s\n", c->now.name,
			    c->now.key.idhex, c->before.idhex, fp);
		else if (c->news == CONTACT_ADDRESS)
			buf_printf(out, "new address: %s, %s\n", c->now.name,
			    c->now.address[0] ? c->now.address : "none");
		else
			buf_printf(out, "gone: %s\n", c->now.name);
	}
	if (im->nch == 0 && !im->address_news)
		buf_adds(out, "nothing new\n");
}

static int
import(const char *root, const char *keypath, const char *judgepath,
    const char *in, struct error *e)
{
	struct armor_list l = { NULL, 0, NULL };
	struct contacts_import im;
	struct key_public judge;
	struct key_secret *k = NULL;
	struct envelope env;
	struct buf text, sb, out;
	int rc = -1;

	memset(&im, 0, sizeof(im));
	buf_init(&text);
	buf_init(&sb);
	buf_init(&out);
	if (judgepath != NULL && contacts_key(root, judgepath, CONTACTS_JUDGE,
	    &judge, NULL, e) != 0)
		return -1;
	if (fsio_read(in, FSIO_MAX_INPUT, &text, e) != 0 ||
	    armor_read((char *)text.data, text.len, ARMOR_MESSAGE,
	    fsio_name(in), &l, e) != 0)
		goto done;
	if (l.n != 1) {
		error_set(e, EXIT_MALFORMED, "%s: %zu messages: a directory is "
		    "one", fsio_name(in), l.n);
		goto done;
	}
	if ((k = cli_key_load(keypath, e)) == NULL ||
	    envelope_open(l.items[0].data, l.items[0].len, k, &sb, &env,
	    fsio_name(in), e) != 0 || contacts_import(root, &env,
	    judgepath != NULL ? &judge : NULL, fsio_name(in), &im, e) != 0)
		goto done;
	say(&im, &out);
	rc = cli_write(out.data, out.len, e);
done:
	contacts_import_free(&im);
	key_secret_free(k);
	armor_list_free(&l);
	buf_free(&text);
	buf_free(&sb);
	buf_free(&out);
	return rc;
}

int
cmd_members(int argc, char **argv, struct error *e)
{
	const char *root = NULL, *keypath = NULL, *judgepath = NULL;
	int ch;

	while ((ch = cli_getopt(argc, argv, "j:k:r:")) != -1) {
		switch (ch) {
		case 'j':
			judgepath = optarg;
			break;
		case 'k':
			keypath = optarg;
			break;
		case 'r':
			root = optarg;
			break;
		default:
			return cli_usage(e);
		}
	}
	argc -= optind;
	argv += optind;
	if (argc < 1 || strcmp(argv[0], "import") != 0)
		return cli_usage_why(e, argc < 1 ? "import is missing" :
		    "\"%.40s\": the one thing it does is import", argv[0]);
	if (keypath == NULL)
		return cli_usage_why(e, "-k KEY is missing: the key the "
		    "directory is sealed to");
	if (root == NULL && (root = cli_default_root()) == NULL)
		return cli_usage_why(e, "-r ROOT is missing (no "
		    "ADJUDICATOR_ROOT, and no ~/games)");
	if (cli_operands(argc - 1, argv + 1, 1, e) != 0)
		return -1;
	if (argc < 2)
		return cli_usage_why(e, "FILE is missing: the judge's mail "
		    "that MEMBERS answered");
	return import(root, keypath, judgepath, argv[1], e);
}
