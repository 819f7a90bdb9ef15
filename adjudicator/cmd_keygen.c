/*
 * keygen: make an identity.  The public file is written only after the
 * secret one succeeded, and neither replaces an existing file.  A keygen
 * killed between the two leaves the key alone: the next one writes its
 * public file from it.
 */
#include <sys/stat.h>

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "fsio.h"
#include "key.h"
#include "pass.h"

static int
write_pub(const char *pubpath, const struct key_secret *k, struct error *e)
{
	char line[KEY_LINE_MAX + 2], publine[KEY_LINE_MAX];

	if (key_public_line(&k->pub, publine, sizeof(publine)) != 0 ||
	    (size_t)snprintf(line, sizeof(line), "%s\n", publine) >=
	    sizeof(line))
		return error_set(e, EXIT_SYSTEM, "public key line too long");
	return fsio_write_excl(pubpath, line, strlen(line), 0644, e);
}

/* The key without its .pub: the .pub from the key, no new key. */
static int
complete(const char *keypath, const char *pubpath, const char *name,
    struct error *e)
{
	struct key_secret *k;
	int rc;

	if ((k = cli_key_load(keypath, e)) == NULL)
		return -1;
	if (key_secret_check(k, keypath, e) != 0)
		rc = -1;
	else if (strcmp(k->pub.name, name) != 0)
		rc = error_set(e, EXIT_REFUSED, "%s: holds the key of %s, not "
		    "%s; no %s written", keypath, k->pub.name, name, pubpath);
	else if ((rc = write_pub(pubpath, k, e)) == 0)
		fprintf(stderr, "%s: key id %s (%s written from %s, which a "
		    "keygen that did not finish left alone)\n", name,
		    k->pub.idhex, pubpath, keypath);
	key_secret_free(k);
	return rc;
}

int
cmd_keygen(int argc, char **argv, struct error *e)
{
	const char *dir = ".";
	char keypath[PATH_MAX], pubpath[PATH_MAX];
	struct key_secret *k = NULL;
	char *pass = NULL;
	int ch, plain = 0, rc = -1;

	/* a bad option is reported once, by cli_usage() */
	opterr = 0;
	while ((ch = cli_getopt(argc, argv, "Nd:")) != -1) {
		switch (ch) {
		case 'N':
			plain = 1;
			break;
		case 'd':
			dir = optarg;
			break;
		default:
			return cli_usage(e);
		}
	}
	argc -= optind;
	argv += optind;
	if (argc == 0)
		return cli_usage_why(e, "NAME is missing");
	if (cli_operands(argc, argv, 1, e) != 0)
		return -1;
	if (!key_name_ok(argv[0]))
		return error_set(e, EXIT_USAGE, "%s: a name is 1 to %d "
		    "characters a-z 0-9 - _, starting with a letter", argv[0],
		    KEY_NAME_MAX);
	if ((size_t)snprintf(keypath, sizeof(keypath), "%s/%s.key", dir,
	    argv[0]) >= sizeof(keypath) ||
	    (size_t)snprintf(pubpath, sizeof(pubpath), "%s/%s.pub", dir,
	    argv[0]) >= sizeof(pubpath))
		return error_set(e, EXIT_USAGE, "%s: path too long", dir);
	if (fsio_exists(keypath) && fsio_exists(pubpath))
		return error_set(e, EXIT_REFUSED, "%s: already exists; not "
		    "overwritten", keypath);
	if (fsio_exists(keypath))
		return complete(keypath, pubpath, argv[0], e);
	if (fsio_exists(pubpath))
		return error_set(e, EXIT_REFUSED, "%s: already exists; not "
		    "overwritten", pubpath);
	if (!plain && (pass = pass_get("passphrase: ", 1, e)) == NULL)
		goto done;
	/* a key is checked once, where it starts: its public halves are
	 * taken as its file carries them from then on */
	if ((k = key_generate(argv[0], e)) == NULL ||
	    key_secret_check(k, keypath, e) != 0)
		goto done;
	/* a key's own directory (the judge's ~/judge) is made, private,
	 * once the key is: its parent must be there */
	if (strcmp(dir, ".") != 0 && mkdir(dir, 0700) != 0 && errno != EEXIST) {
		error_errno(e, "%s: cannot make the key's directory", dir);
		goto done;
	}
	if (key_secret_write(keypath, k, pass, pass ? strlen(pass) : 0,
	    e) != 0)
		goto done;
	if (write_pub(pubpath, k, e) != 0) {
		unlink(keypath);
		goto done;
	}
	fprintf(stderr, "%s: key id %s\n", argv[0], k->pub.idhex);
	rc = 0;
done:
	pass_free(pass);
	key_secret_free(k);
	return rc;
}
