/*
 * key export KEY.pub, key import [FILE]: a public key as a short armored
 * block for mail (key_block.h), and that block, found in a mail or a
 * quoted reply, stored as NAME.pub: never over another key of that name
 * unless -f says so, and never silently.
 */
#include <sys/stat.h>

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "fsio.h"
#include "key_block.h"

static int
key_export(int argc, char **argv, struct error *e)
{
	struct key_public k;
	struct buf out;
	int rc;

	if (cli_getopt(argc, argv, "") != -1)
		return cli_usage(e);
	argc -= optind;
	argv += optind;
	if (argc == 0)
		return cli_usage_why(e, "KEY.pub is missing");
	if (cli_operands(argc, argv, 1, e) != 0 ||
	    key_public_load(argv[0], &k, e) != 0)
		return -1;
	buf_init(&out);
	rc = key_block_write(&k, &out, e);
	if (rc == 0)
		rc = cli_write(out.data, out.len, e);
	buf_free(&out);
	return rc;
}

/* The .pub line of k, as keygen writes it. */
static int
pub_text(const struct key_public *k, char *out, size_t len, struct error *e)
{
	char line[KEY_LINE_MAX];

	if (key_public_line(k, line, sizeof(line)) != 0 ||
	    (size_t)snprintf(out, len, "%s\n", line) >= len)
		return error_set(e, EXIT_SYSTEM, "public key line too long");
	return 0;
}

/* k stored at path: written new; the same key there already, nothing;
 * another key (or what is not one) there, refused unless force. */
static int
store(const char *path, const struct key_public *k, int force,
    struct error *e)
{
	struct key_public old;
	char text[KEY_LINE_MAX + 2], was[KEY_NAME_MAX + KEY_ID_HEX + 32];
	int rc;

	if (pub_text(k, text, sizeof(text), e) != 0)
		return -1;
	if (!fsio_exists(path)) {
		if (fsio_write_excl(path, text, strlen(text), 0644, e) != 0)
			return -1;
		fprintf(stderr, "%s: key id %s (%s written)\n", k->name,
		    k->idhex, path);
		return 0;
	}
	if ((rc = key_public_load(path, &old, e)) == 0 &&
	    key_same(&old, k) && strcmp(old.name, k->name) == 0) {
		fprintf(stderr, "%s: key id %s (already in %s: nothing "
		    "written)\n", k->name, k->idhex, path);
		return 0;
	}
	if (rc != 0)
		snprintf(was, sizeof(was), "what is not a public key file");
	else
		snprintf(was, sizeof(was), "another key, %s's %s", old.name,
		    old.idhex);
	if (!force)
		return error_set(e, EXIT_REFUSED, "%s: holds %s; not replaced "
		    "by %s's key %s (-f replaces it)", path, was, k->name,
		    k->idhex);
	if (fsio_write_atomic(path, text, strlen(text), 0644, e) != 0)
		return -1;
	fprintf(stderr, "%s: key id %s (%s replaced: it held %s)\n", k->name,
	    k->idhex, path, was);
	return 0;
}

static int
key_import(int argc, char **argv, struct error *e)
{
	const char *dir = ".", *in = NULL;
	char path[PATH_MAX];
	struct key_public k;
	struct buf text;
	struct stat st;
	int ch, force = 0, rc;

	while ((ch = cli_getopt(argc, argv, "d:f")) != -1) {
		if (ch == 'd')
			dir = optarg;
		else if (ch == 'f')
			force = 1;
		else
			return cli_usage(e);
	}
	argc -= optind;
	argv += optind;
	if (cli_operands(argc, argv, 1, e) != 0)
		return -1;
	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
		return error_set(e, EXIT_USAGE, "%s: no such directory", dir);
	if (argc == 1)
		in = argv[0];
	buf_init(&text);
	if ((rc = cli_read(in, &text, e)) == 0)
		rc = key_block_read((const char *)text.data, text.len,
		    fsio_name(in), &k, e);
	buf_free(&text);
	if (rc != 0)
		return -1;
	if ((size_t)snprintf(path, sizeof(path), "%s/%s.pub", dir, k.name) >=
	    sizeof(path))
		return error_set(e, EXIT_USAGE, "%s: path too long", dir);
	return store(path, &k, force, e);
}

int
cmd_key(int argc, char **argv, struct error *e)
{
	if (argc < 2)
		return cli_usage_why(e, "export or import is missing");
	if (strcmp(argv[1], "export") == 0)
		return key_export(argc - 1, argv + 1, e);
	if (strcmp(argv[1], "import") == 0)
		return key_import(argc - 1, argv + 1, e);
	if (argv[1][0] == '-' && argv[1][1] != '\0') {
		/* "key -@": the option named, as every verb names it */
		if (cli_getopt(argc, argv, "") != -1)
			return cli_usage(e);
	}
	return cli_usage_why(e, "\"%.40s\": neither export nor import",
	    argv[1]);
}
