/*
 * seal and open: the envelope as a pipeline tool, for any YAML body.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "armor.h"
#include "cli.h"
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
	while ((ch = getopt(argc, argv, "k:")) != -1) {
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
	if (keypath == NULL || argc < 1)
		return cli_usage(e);
	/* the last operand is the input unless it names a public key */
	if (strcmp(argv[argc - 1], "-") == 0 ||
	    !ends_with(argv[argc - 1], ".pub"))
		in = argv[--argc];
	if (argc < 1)
		return cli_usage(e);
	if (argc > ENVELOPE_MAX_RECIPIENTS)
		return error_set(e, EXIT_USAGE, "at most %d recipients",
		    ENVELOPE_MAX_RECIPIENTS);
	nto = argc;
	for (i = 0; i < nto; i++)
		if (key_public_load(argv[i], &to[i], e) != 0)
			return -1;
	buf_init(&body);
	buf_init(&sb);
	buf_init(&arm);
	if (fsio_read(in, ENVELOPE_MAX_BODY, &body, e) != 0)
		goto done;
	if ((doc = ydoc_parse(body.data, body.len, fsio_name(in), e)) == NULL)
		goto done;
	ydoc_free(doc);
	if ((k = key_secret_load(keypath, pass_key, NULL, e)) == NULL)
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

int
cmd_open(int argc, char **argv, struct error *e)
{
	const char *keypath = NULL, *senderpath = NULL, *in = NULL;
	struct key_public sender;
	struct key_secret *k = NULL;
	struct armor_list l = { NULL, 0 };
	struct buf text, *sb = NULL, out, notes;
	struct envelope env;
	struct ydoc *doc;
	char where[300];
	size_t i;
	int ch, rc = -1;

	/* a bad option is reported once, by cli_usage() */
	opterr = 0;
	while ((ch = getopt(argc, argv, "k:p:")) != -1) {
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
	if (keypath == NULL || argc > 1)
		return cli_usage(e);
	if (argc == 1)
		in = argv[0];
	if (senderpath != NULL && key_public_load(senderpath, &sender, e) != 0)
		return -1;
	buf_init(&text);
	buf_init(&out);
	buf_init(&notes);
	if (fsio_read(in, FSIO_MAX_INPUT, &text, e) != 0)
		goto done;
	if (armor_read((char *)text.data, text.len, ARMOR_MESSAGE,
	    fsio_name(in), &l, e) != 0)
		goto done;
	if ((k = key_secret_load(keypath, pass_key, NULL, e)) == NULL)
		goto done;
	if ((sb = calloc(l.n, sizeof(*sb))) == NULL) {
		error_set(e, EXIT_SYSTEM, "out of memory");
		goto done;
	}
	/* every message must check out before anything is printed */
	for (i = 0; i < l.n; i++) {
		if (l.n > 1)
			snprintf(where, sizeof(where), "%s: message %zu",
			    fsio_name(in), i + 1);
		else
			snprintf(where, sizeof(where), "%s", fsio_name(in));
		buf_init(&sb[i]);
		if (envelope_open(l.items[i].data, l.items[i].len, k, &sb[i],
		    &env, where, e) != 0)
			goto done;
		if (senderpath != NULL && !key_same(&env.signer, &sender)) {
			error_set(e, EXIT_REFUSED, "%s: signed by %s (%s), not "
			    "by %s (%s)", where, env.signer.name,
			    env.signer.idhex, sender.name, sender.idhex);
			goto done;
		}
		if ((doc = ydoc_parse(env.body, env.body_len, where, e)) ==
		    NULL)
			goto done;
		ydoc_free(doc);
		if (i > 0)
			buf_adds(&out, "---\n");
		buf_add(&out, env.body, env.body_len);
		/* said only once all of them checked out: a refusal is
		 * the one line on stderr */
		buf_printf(&notes, "%s: good signature from %s (key %s)\n",
		    where, env.signer.name, env.signer.idhex);
	}
	if (buf_cstr(&notes) != 0) {
		error_set(e, EXIT_SYSTEM, "out of memory");
		goto done;
	}
	fputs((char *)notes.data, stderr);
	rc = fsio_write_stdout(out.data, out.len, e);
done:
	key_secret_free(k);
	if (sb != NULL)
		for (i = 0; i < l.n; i++)
			buf_free(&sb[i]);
	free(sb);
	armor_list_free(&l);
	buf_free(&text);
	buf_free(&out);
	buf_free(&notes);
	return rc;
}
