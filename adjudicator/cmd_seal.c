/*
 * seal: the envelope as a pipeline tool: any YAML body, checked, signed,
 * encrypted to the recipients and armored on stdout (open reverses it).
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

static int
ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && strcmp(s + n - m, suffix) == 0;
}

int
cmd_seal(int argc, char **argv, struct error *e)
{
	const char *keypath = NULL, *in = NULL;
	struct key_public to[ENVELOPE_MAX_RECIPIENTS];
	struct key_secret *k = NULL;
	struct buf body, sb, arm;
	struct ydoc *doc;
	int ch, i, nto, rc = -1;

	/* a bad option is reported once, by cli_usage() */
	opterr = 0;
	while ((ch = cli_getopt(argc, argv, "k:")) != -1) {
		switch (ch) {
		case 'k':
			keypath = optarg;
			break;
		default:
			return cli_usage(e);
		}
	}
	argc -= optind;
	argv += optind;
	if (keypath == NULL)
		return cli_usage_why(e, "-k KEY is missing: the signer's key");
	if (argc < 1)
		return cli_usage_why(e, "RECIPIENT.pub is missing");
	/* the last operand is the input unless it names a public key: a
	 * .pub, or a contact's name that no file has */
	if (strcmp(argv[argc - 1], "-") == 0 ||
	    (!ends_with(argv[argc - 1], ".pub") &&
	    !contacts_is_name(argv[argc - 1])))
		in = argv[--argc];
	if (argc < 1)
		return cli_usage_why(e, "RECIPIENT.pub is missing (%s is the "
		    "input)", in);
	if (argc > ENVELOPE_MAX_RECIPIENTS)
		return error_set(e, EXIT_USAGE, "at most %d recipients",
		    ENVELOPE_MAX_RECIPIENTS);
	nto = argc;
	for (i = 0; i < nto; i++)
		if (contacts_key(cli_default_root(), argv[i], CONTACTS_MEMBER |
		    CONTACTS_JUDGE, &to[i], NULL, e) != 0)
			return -1;
	buf_init(&body);
	buf_init(&sb);
	buf_init(&arm);
	if (fsio_read(in, ENVELOPE_MAX_BODY, &body, e) != 0)
		goto done;
	if ((doc = ydoc_parse(body.data, body.len, fsio_name(in), e)) == NULL)
		goto done;
	ydoc_free(doc);
	if ((k = cli_key_load(keypath, e)) == NULL)
		goto done;
	if (envelope_sign(k, to, (size_t)nto, body.data, body.len, &sb,
	    e) != 0 ||
	    envelope_armor(sb.data, sb.len, to, (size_t)nto, &arm, e) != 0)
		goto done;
	rc = fsio_write_stdout(arm.data, arm.len, e);
done:
	key_secret_free(k);
	buf_free(&body);
	buf_free(&sb);
	buf_free(&arm);
	return rc;
}
